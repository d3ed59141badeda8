"""ordo — rulesets played from Python.

A binding of the runtime's one header (runtime/ordo.h) through ctypes: it
loads the runtime, libordo.so, and the compiler (build/python/
libordo_compile.so, made by `make python`, which calls the same libordo.so):
compile a ruleset, play games, copy them, read their state as a seat sees
it, follow their trace, and search the states its games reach (the
engine of `ordo explore`). On top, `Env`, a game in
the style of OpenSpiel: the player to move, the legal actions, applying
one, the returns at the end, and a seat's observation.

    import ordo
    rules = ordo.Ruleset("rulesets/splendor_solo.ordo")
    game = rules.new_game(seed=7)
    while game.run() == ordo.DECIDE:
        game.choose(0)
    print(game.winner)

A number C cannot hold as given (an index past a C int, a seed past 64
bits) or a text holding a NUL raises ValueError: nothing is cut short.

The runtime is $ORDO_LIB, else the libordo.so `make install` put in
PREFIX/lib (as its _installed.py says), else build/libordo.so of the
source tree; the
compiler $ORDO_PYLIB, else the package's own libordo_compile.so, else
build/python/libordo_compile.so.

The OpenSpiel-shaped API (ordo.load_game, Game, State) is in spiel.py;
Gymnasium- and PettingZoo-shaped wrappers in gym.py and aec.py
(doc/python.md).
"""
import collections
import ctypes
import os
import random

OK, DECIDE, OVER = 0, 1, 2
OMNISCIENT, SPECTATOR = -1, -2


class OrdoError(Exception):
    """A runtime error (its message names the step and the line)."""


class CompileError(OrdoError):
    """A ruleset that does not compile (its GCC-style diagnostics)."""


# ctypes wraps an int that does not fit its C type and cuts a text at its
# first NUL, silently (issue 33, 7: choose(2**32+1) took option 1): every
# number and text handed to C goes through these, which refuse instead.
_INT_MIN, _INT_MAX, _U64_MAX = -(1 << 31), (1 << 31) - 1, (1 << 64) - 1


def _c_int(v, what):
    """v as a C int: a ValueError when it is no int or out of range."""
    if isinstance(v, bool) or not isinstance(v, int) or not _INT_MIN <= v <= _INT_MAX:
        raise ValueError("%s: %r is not an integer from %d to %d" % (what, v, _INT_MIN, _INT_MAX))
    return v


def _c_u64(v, what):
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= _U64_MAX:
        raise ValueError("%s: %r is not an integer from 0 to 2**64-1" % (what, v))
    return v


def _c_text(s, what):
    """s as bytes for C: a TypeError when it is no text, a ValueError when
    it holds a NUL (C would read only what comes before it)."""
    if not isinstance(s, (str, bytes)):
        raise TypeError("%s: %r is not a text" % (what, s))
    b = s if isinstance(s, bytes) else s.encode()
    if b"\0" in b:
        raise ValueError("%s: %r holds a NUL character" % (what, s))
    return b


def _library_paths():
    """The runtime's and the compiler's paths: installed (the compiler in
    this package, the runtime in the lib folder above it), else the
    source tree's build; $ORDO_LIB and $ORDO_PYLIB first."""
    here = os.path.dirname(os.path.abspath(__file__))
    if os.path.exists(os.path.join(here, "libordo_compile.so")):
        from ._installed import LIBDIR  # written by make install
        runtime = os.path.join(LIBDIR, "libordo.so")
        compiler = os.path.join(here, "libordo_compile.so")
    else:
        build = os.path.join(here, "..", "..", "build")
        runtime = os.path.join(build, "libordo.so")
        compiler = os.path.join(build, "python", "libordo_compile.so")
    return os.environ.get("ORDO_LIB") or runtime, os.environ.get("ORDO_PYLIB") or compiler


def _library():
    runtime_path, compiler_path = _library_paths()
    runtime = ctypes.CDLL(runtime_path, mode=ctypes.RTLD_GLOBAL)
    compiler = ctypes.CDLL(compiler_path)
    P, I, S = ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t
    sigs = {
        "ordo_py_compile": (P, [ctypes.c_char_p, ctypes.c_char_p, S]),
        "ordo_py_program": (P, [P]),
        "ordo_py_free": (None, [P]),
        "ordo_py_native": (I, [P, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, S]),
        "ordo_py_players": (None, [P, ctypes.POINTER(I), ctypes.POINTER(I)]),
        "ordo_py_nvars": (I, [P]),
        "ordo_py_explore": (I, [P, ctypes.c_char_p, I, ctypes.c_uint64, ctypes.c_uint64, I,
                                ctypes.c_double, ctypes.c_uint64 * 4, ctypes.POINTER(I),
                                ctypes.POINTER(I), I, ctypes.c_char_p, S]),
        "ordo_py_var": (ctypes.c_char_p, [P, I, ctypes.POINTER(I), I * 2, I * 2, I * 2,
                                          ctypes.POINTER(I), ctypes.POINTER(I)]),
        "ordo_new": (I, [P, I, ctypes.c_uint64, ctypes.POINTER(P)]),
        "ordo_reset": (I, [P, I, ctypes.c_uint64]),
        "ordo_free": (None, [P]),
        "ordo_copy": (None, [P, P]),
        "ordo_size": (S, [P]),
        "ordo_run": (I, [P]),
        "ordo_status": (I, [P]),
        "ordo_decider": (I, [P]),
        "ordo_option_count": (I, [P]),
        "ordo_option_label": (I, [P, I, ctypes.c_char_p, S]),
        "ordo_choose": (I, [P, I]),
        "ordo_find_option": (I, [P, ctypes.c_char_p]),
        "ordo_player_count": (I, [P]),
        "ordo_winner": (I, [P]),
        "ordo_find_var": (I, [P, ctypes.c_char_p]),
        "ordo_get": (I, [P, I, I, I, I, ctypes.POINTER(ctypes.c_int32)]),
        "ordo_visible": (I, [P, I, I, I, I]),
        "ordo_view": (I, [P, P, I]),
        "ordo_error_message": (I, [P, ctypes.c_char_p, S]),
        "ordo_strerror": (ctypes.c_char_p, [I]),
        "ordo_set_trace": (None, [P, P, P]),
        "ordo_event_text_as": (I, [P, P, I, ctypes.c_char_p, S]),
    }
    lib = type("ordo_libs", (), {})()
    for name, (res, args) in sigs.items():
        fn = getattr(compiler if name.startswith("ordo_py_") else runtime, name)
        fn.restype, fn.argtypes = res, args
        setattr(lib, name, fn)
    lib.runtime, lib.compiler = runtime, compiler
    return lib


_lib = _library()
_TRACE_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)


# what a finding of Ruleset.explore is (explore.h's EX_*)
EXPLORE_KINDS = ("runtime error", "deadlock", "no progress", "invariant broken", "ended by a limit",
                 "cut off")
Exploration = collections.namedtuple("Exploration",
                                     "states transitions ends complete findings report")


class Ruleset:
    """A compiled ruleset (a file and the CSV tables and bases it reads)."""

    def __init__(self, path, native=None):
        """native: the shared object of the ruleset's emitted C (`make
        native`'s build/native/NAME.so, or ordoc's C compiled with -shared
        -fPIC), which then plays its games and its search's transitions;
        refused (OrdoError) unless made from the ruleset as it is now."""
        err = ctypes.create_string_buffer(1 << 16)
        self.path = path
        self._h = _lib.ordo_py_compile(_c_text(os.fsencode(path), "path"), err, len(err))
        if not self._h:
            raise CompileError(err.value.decode("utf-8", "replace"))
        if native and _lib.ordo_py_native(self._h, _c_text(os.fsencode(native), "native"),
                                          _c_text(os.fsencode(path), "path"), err, len(err)) != 0:
            msg = err.value.decode("utf-8", "replace")
            _lib.ordo_py_free(self._h)
            self._h = None
            raise OrdoError(msg)
        self._program = _lib.ordo_py_program(self._h)
        lo, hi = ctypes.c_int(), ctypes.c_int()
        _lib.ordo_py_players(self._h, ctypes.byref(lo), ctypes.byref(hi))
        self.min_players, self.max_players = lo.value, hi.value
        self.vars = self._var_shapes()

    def __del__(self):
        if getattr(self, "_h", None):
            _lib.ordo_py_free(self._h)
            self._h = None

    def _var_shapes(self):
        shapes = {}
        for v in range(_lib.ordo_py_nvars(self._h)):
            nd, lst, hid = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
            n, lo, pl = (ctypes.c_int * 2)(), (ctypes.c_int * 2)(), (ctypes.c_int * 2)()
            name = _lib.ordo_py_var(self._h, v, ctypes.byref(nd), n, lo, pl, ctypes.byref(lst),
                                    ctypes.byref(hid))
            if name:
                shapes[name.decode()] = (v, nd.value, tuple(n), tuple(lo), tuple(pl),
                                         bool(lst.value), hid.value)
        return shapes

    def explore(self, players=None, seed=1, seeds=1, depth=0, seconds=60, max_findings=64):
        """Searches the states the games reach, as `ordo explore` does
        (compiler/engines/explore.h): an Exploration with the counts, each
        finding as (kind, line) and the report `ordo explore` prints."""
        counts = (ctypes.c_uint64 * 4)()
        kinds, lines = (ctypes.c_int * max_findings)(), (ctypes.c_int * max_findings)()
        report = ctypes.create_string_buffer(1 << 16)
        n = _lib.ordo_py_explore(self._h, _c_text(os.fsencode(self.path), "path"),
                                 _c_int(players or self.min_players, "players"),
                                 _c_u64(seed, "seed"), _c_u64(seeds, "seeds"),
                                 _c_int(depth, "depth"), seconds, counts, kinds, lines,
                                 _c_int(max_findings, "max_findings"), report, len(report))
        if n < 0:
            raise OrdoError("the search failed (out of memory?)")
        found = [(EXPLORE_KINDS[kinds[k]], lines[k]) for k in range(min(n, max_findings))]
        return Exploration(counts[0], counts[1], counts[2], bool(counts[3]), found,
                           report.value.decode("utf-8", "replace"))

    def new_game(self, players=None, seed=1):
        players = _c_int(players or self.min_players, "players")
        g = ctypes.c_void_p()
        rc = _lib.ordo_new(self._program, players, _c_u64(seed, "seed"), ctypes.byref(g))
        if rc < 0:
            raise OrdoError(_lib.ordo_strerror(rc).decode())
        return Game(self, g)


class Game:
    """One game: a block of memory the runtime plays; copies are memcpy."""

    def __init__(self, ruleset, handle, memory=None):
        self.ruleset, self._g = ruleset, handle
        self._mem = memory  # a copy's block (Python's memory), else ordo_new's
        self._trace, self._trace_fn = None, None

    def __del__(self):
        if getattr(self, "_g", None):
            if self._mem is None:
                _lib.ordo_free(self._g)
            self._g = self._mem = None

    def _check(self, rc):
        if rc < 0:
            buf = ctypes.create_string_buffer(512)
            _lib.ordo_error_message(self._g, buf, len(buf))
            raise OrdoError(buf.value.decode("utf-8", "replace") or
                            _lib.ordo_strerror(rc).decode())
        return rc

    def reset(self, seed=1, players=None):
        """Restarts this game in place (ordo_reset), as new_game(players,
        seed) would make it, without validating the program again; the
        trace set by follow() goes too."""
        self._check(_lib.ordo_reset(self._g, _c_int(players or self.players, "players"),
                                    _c_u64(seed, "seed")))
        self._trace, self._trace_fn = None, None
        return self

    def run(self):
        """Plays on to the next decision (DECIDE) or the end (OVER)."""
        return self._check(_lib.ordo_run(self._g))

    @property
    def status(self):
        return _lib.ordo_status(self._g)

    @property
    def over(self):
        return self.status == OVER

    @property
    def decider(self):
        """The player deciding now (0-based), or -1."""
        return _lib.ordo_decider(self._g)

    @property
    def players(self):
        return _lib.ordo_player_count(self._g)

    @property
    def winner(self):
        """The winner (0-based), or -1 (none, or not over)."""
        return _lib.ordo_winner(self._g)

    def options(self):
        """The labels of the options offered now, in order."""
        buf = ctypes.create_string_buffer(512)
        labels = []
        for i in range(_lib.ordo_option_count(self._g)):
            _lib.ordo_option_label(self._g, i, buf, len(buf))
            labels.append(buf.value.decode("utf-8", "replace"))
        return labels

    def choose(self, option):
        """Takes an option by index or by label (then call run)."""
        if isinstance(option, str):
            i = _lib.ordo_find_option(self._g, _c_text(option, "option"))
            if i < 0:
                raise OrdoError("'%s' is not offered" % option)
            option = i
        self._check(_lib.ordo_choose(self._g, _c_int(option, "option")))

    def copy(self):
        """The game copied: one memcpy (ordo_copy) into a block of its own,
        8-byte aligned as the runtime needs it, with no new validation of
        the program (ordo_new's would cost a thousand times more). The
        trace stays with this game."""
        size = _lib.ordo_size(self._g)
        mem = ctypes.create_string_buffer(size + 8)
        g = ctypes.c_void_p((ctypes.addressof(mem) + 7) & ~7)
        _lib.ordo_copy(g, self._g)
        _lib.ordo_set_trace(g, None, None)
        return Game(self.ruleset, g, mem)

    def view(self, seat):
        """The game as `seat` sees it: what it does not see is masked."""
        v = self.copy()
        self._check(_lib.ordo_view(v._g, self._g, _c_int(seat, "seat")))
        return v

    def get(self, var, i=0, j=0, elem=-1):
        """A var's cell (indexes as the ruleset writes them, players 0-based;
        a list: its length, or element `elem`)."""
        v = self.ruleset.vars[var][0] if isinstance(var, str) else var
        out = ctypes.c_int32()
        self._check(_lib.ordo_get(self._g, _c_int(v, "var"), _c_int(i, "i"), _c_int(j, "j"),
                                  _c_int(elem, "elem"), ctypes.byref(out)))
        return out.value

    def visible(self, seat, var, i=0, j=0):
        v = self.ruleset.vars[var][0] if isinstance(var, str) else var
        return bool(self._check(_lib.ordo_visible(self._g, _c_int(seat, "seat"), _c_int(v, "var"),
                                                  _c_int(i, "i"), _c_int(j, "j"))))

    def follow(self, seat=OMNISCIENT):
        """Collects the trace from now on, as `seat` sees it, in self.trace."""
        seat = _c_int(seat, "seat")
        self.trace = []
        buf = ctypes.create_string_buffer(1024)

        def on_event(_ctx, game, event):
            if _lib.ordo_event_text_as(game, event, seat, buf, len(buf)) >= 0:
                self.trace.append(buf.value.decode("utf-8", "replace"))

        self._trace_fn = _TRACE_FN(on_event)  # kept alive with the game
        _lib.ordo_set_trace(self._g, ctypes.cast(self._trace_fn, ctypes.c_void_p), None)

    def observation(self, seat):
        """Every cell of the ruleset's vars as `seat` sees it, in var order:
        a flat list of ints (a list var: its length, then its elements)."""
        v, out = self.view(seat), []
        for name, (_, nd, n, lo, pl, is_list, _) in self.ruleset.vars.items():
            ext = [self.players if pl[k] else n[k] for k in range(nd)] + [1] * (2 - nd)
            for a in range(ext[0]):
                for b in range(ext[1]):
                    i = a + lo[0] if nd > 0 else 0
                    j = b + lo[1] if nd > 1 else 0
                    length = v.get(name, i, j)
                    out.append(length)
                    if is_list:
                        out.extend(v.get(name, i, j, e) for e in range(length))
        return out


class Env:
    """A game as OpenSpiel's states are played: turn-based, several
    players, the legal actions numbered 0..n-1 at each decision."""

    def __init__(self, path, players=None):
        self.ruleset = Ruleset(path)
        self.num_players = players or self.ruleset.min_players
        self.game = None

    def reset(self, seed=1):
        """A new game of `seed`: the env's game restarted in place (a clone
        has its own), the program validated only for the first."""
        if self.game is None:
            self.game = self.ruleset.new_game(self.num_players, seed)
        else:
            self.game.reset(seed, self.num_players)
        self.game.run()
        return self

    def current_player(self):
        return self.game.decider if not self.game.over else -1

    def legal_actions(self):
        return list(range(_lib.ordo_option_count(self.game._g))) if not self.game.over else []

    def action_to_string(self, action):
        return self.game.options()[action]

    def apply_action(self, action):
        self.game.choose(action)
        self.game.run()

    def is_terminal(self):
        return self.game.over

    def returns(self):
        """1 for the winner, 0 for the others (and for all without one)."""
        w = self.game.winner
        return [1.0 if p == w else 0.0 for p in range(self.num_players)]

    def observation(self, seat):
        return self.game.observation(seat)

    def clone(self):
        other = Env.__new__(Env)
        other.ruleset, other.num_players = self.ruleset, self.num_players
        other.game = self.game.copy()
        return other

    def play_random(self, rng=None):
        """Plays to the end with uniformly random actions; the winner."""
        rng = rng or random.Random(0)
        while not self.is_terminal():
            self.apply_action(rng.randrange(len(self.legal_actions())))
        return self.game.winner


# the OpenSpiel-shaped API (spiel.py), at the package's top as pyspiel's is
from .spiel import load_game, CHANCE, SIMULTANEOUS, INVALID, TERMINAL  # noqa: E402,F401
from . import aec, gym, spaces  # noqa: E402,F401  the wrappers (aec.py, gym.py)

"""spiel.py — a ruleset as OpenSpiel's pyspiel sees a game: a Game (the
facts of the ruleset at a player count) and its States (one position
each, changed in place by apply_action, copied by clone).

    import ordo
    game = ordo.load_game("rulesets/splendor_solo.ordo", seed=7)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(random.choices(outcomes, probs)[0])
        else:
            state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

What this binding chose, where pyspiel leaves it to the game:
- Action ids are numbered from the program's option table, the same in
  every state: option o's params take ids base(o) .. base(o)+width(o)-1 (an
  enum's members, the players, false/true, an int 0 .. int_actions-1, one
  id without a param), then one id per escape. An int param past the
  window raises OrdoError (load_game(int_actions=...) widens it).
- Chance: with chance="explicit" (the default) every `roll` is a chance
  node, its outcomes the totals with their probabilities (two dice: 2..12,
  1/36 .. 6/36). Shuffles and other draws stay with the game's seeded
  generator: a state's seed fixes them (new_initial_state(seed=)).
  chance="sampled": rolls drawn from the generator too, no chance nodes.
- returns(): 1.0 for the winner, 0.0 for the others (all 0.0 without one).
- observation_tensor(seat): every var's cells as the seat sees them, in
  declaration order (a list: its length, then its capacity's elements; a
  set: 0/1 a member of its domain), then the decider one-hot.
- information_state_string(seat): the game's trace from its start as the
  seat sees it (what is hidden from it is "?"): all it has learnt.
"""
import ctypes
import os
import struct

from . import _lib, _c_int, _c_u64, _c_text, OrdoError, Ruleset, OMNISCIENT, SPECTATOR

CHANCE, SIMULTANEOUS, INVALID, TERMINAL = -1, -2, -3, -4
# what ordo_spiel_step and ordo_spiel_apply leave in out[]
_RC, _DICE, _SIDES, _OPTION, _EVENTS = range(5)
_STEP_CHANCE, _NO_MEMORY, _NOT_LEGAL, _GROUP = 3, -100, -101, -102
_SAVE_MAGIC = b"ordospl1"
_INT_ACTIONS_MAX = 1 << 16  # ids stay well within a C int, whatever the options
_NO_ID = "the option '%s' has no action id: its param is outside the ids (an int: " \
    "load_game(int_actions=) above %d)"


def _bind():
    P, I, S, I32 = ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t, ctypes.c_int32
    IP, I32P, CP = ctypes.POINTER(I), ctypes.POINTER(I32), ctypes.c_char_p
    sigs = {
        "ordo_spiel_pool": (P, [S]),
        "ordo_spiel_pool_free": (None, [P]),
        "ordo_spiel_release": (None, [P, P]),
        "ordo_spiel_clone": (P, [P, P]),
        "ordo_spiel_new": (P, [P, P, I, ctypes.c_uint64, CP, S]),
        "ordo_spiel_step": (P, [P, P, I, I32P, I, I, I32P]),
        "ordo_spiel_apply": (P, [P, P, P, I, I, I, I32P]),
        "ordo_spiel_node": (I, [P]),
        "ordo_spiel_event_data": (P, [P]),
        "ordo_spiel_event_size": (I, []),
        "ordo_spiel_event_lines": (I, [P, P, I, I, CP, S]),
        "ordo_spiel_roll_odds": (I, [I, I, ctypes.POINTER(ctypes.c_double), I]),
        "ordo_spiel_max_outcomes": (I, [P]),
        "ordo_spiel_ids": (P, [P, I]),
        "ordo_spiel_ids_free": (None, [P]),
        "ordo_spiel_num_actions": (I, [P]),
        "ordo_spiel_legal": (I, [P, P, I32P, I]),
        "ordo_spiel_find_action": (I, [P, P, I]),
        "ordo_spiel_action_label": (I, [P, I, CP, S]),
        "ordo_spiel_tensor_size": (I, [P, I]),
        "ordo_spiel_tensor": (I, [P, P, P, I, ctypes.POINTER(ctypes.c_float), I]),
        "ordo_spiel_observation_text": (I, [P, P, P, I, CP, S]),
        "ordo_spiel_find_fn": (I, [P, CP, IP]),
        "ordo_spiel_display": (I, [P, I, CP, S]),
        "ordo_spiel_group": (I, [P, P, IP, I]),
        "ordo_spiel_group_legal": (I, [P, P, P, I, I32P, I]),
        "ordo_spiel_players": (None, [P, IP, IP]),
        "ordo_spiel_title": (CP, [P]),
    }
    runtime = {
        "ordo_game_size": (S, [P]),
        "ordo_simultaneous": (I, [P]),
        "ordo_eval": (I, [P, I, I32P, I, I32P]),
        "ordo_find_policy": (I, [P, CP]),
        "ordo_policy_ruleset": (I, [P, I, ctypes.POINTER(ctypes.c_uint64)]),
        "ordo_display_count": (I, [P]),
        "ordo_display_title": (CP, [P, I]),
        "ordo_save_size": (S, [P]),
        "ordo_save": (I, [P, P, S]),
        "ordo_restore": (I, [P, S, P, P, S, ctypes.POINTER(P), CP, S]),
        "ordo_option_id": (I, [P, I, I32P]),
    }
    lib = type("ordo_spiel_libs", (), {})()
    for table, dll in ((sigs, _lib.compiler), (runtime, _lib.runtime)):
        for name, (res, args) in table.items():
            fn = getattr(dll, name)
            fn.restype, fn.argtypes = res, args
            setattr(lib, name, fn)
    return lib


_C = _bind()
_EVENT_SIZE = _C.ordo_spiel_event_size()


def _text(call, size=1 << 12):
    """What a C function writing a NUL-terminated text into (buf, n) wrote,
    asked again with the room it said it needed."""
    buf = ctypes.create_string_buffer(size)
    n = call(buf, size)
    if n >= size:
        buf = ctypes.create_string_buffer(n + 1)
        n = call(buf, n + 1)
    if n < 0:
        raise OrdoError(_lib.ordo_strerror(n).decode())
    return buf.value.decode("utf-8", "replace")


def load_game(path, players=None, seed=1, chance="explicit", int_actions=64, native=None):
    """The ruleset at `path` as a Game of `players` (its fewest by
    default), its states started from `seed`. native: the shared object
    of the ruleset's emitted C (ordoc's output compiled with -shared
    -fPIC; `make python-native` builds one): its program is played, and
    nothing is compiled in this process."""
    if chance not in ("explicit", "sampled"):
        raise ValueError("chance: 'explicit' or 'sampled', not %r" % (chance,))
    if isinstance(int_actions, bool) or not isinstance(int_actions, int) or \
            not 1 <= int_actions <= _INT_ACTIONS_MAX:
        raise ValueError("int_actions: %r is not an integer from 1 to %d" % (int_actions,
                                                                             _INT_ACTIONS_MAX))
    if native:
        try:
            lib = ctypes.CDLL(os.path.abspath(native))
        except OSError as e:
            raise OrdoError("%s: not loaded (%s)" % (native, e)) from None
        symbol = _program_symbol(path)
        try:
            program = ctypes.addressof(ctypes.c_char.in_dll(lib, symbol))
        except ValueError:
            raise OrdoError("%s: no program %s in it" % (native, symbol)) from None
        owner = lib
    else:
        owner = Ruleset(path)
        program = owner._program
    return Game(program, owner, path, players, seed, chance == "explicit", int_actions)


def _program_symbol(path):
    """ordoc's default name of a ruleset's program: "rulesets/titan-2.ordo"
    -> "titan_2_program" (compiler/driver/ordoc_main.c)."""
    base = os.path.basename(path).split(".")[0]
    name = "".join(c if c.isascii() and c.isalnum() else "_" for c in base)
    return ("_" if not name or name[0].isdigit() else "") + name + "_program"


class Game:
    """A ruleset at a player count: the facts pyspiel's Game reports, and
    the pool of blocks its states live in (a clone takes one, a state
    collected gives it back)."""

    def __init__(self, program, owner, path, players, seed, explicit, int_actions):
        self._p, self._owner, self.path = program, owner, path
        self._explicit = explicit
        lo, hi = ctypes.c_int(), ctypes.c_int()
        _C.ordo_spiel_players(program, ctypes.byref(lo), ctypes.byref(hi))
        self._n = _c_int(players or lo.value, "players")
        self._seed = _c_u64(seed, "seed")
        self._pool = _C.ordo_spiel_pool(_C.ordo_game_size(program))
        msg = ctypes.create_string_buffer(256)
        self._first = _C.ordo_spiel_new(self._pool, program, self._n, self._seed, msg, len(msg))
        if not self._first:
            raise OrdoError("%d players, seed %d: %s" % (self._n, seed, msg.value.decode()))
        self._scratch = _C.ordo_spiel_clone(self._pool, self._first)
        self._ids = _C.ordo_spiel_ids(program, _c_int(int_actions, "int_actions"))
        if not self._ids:
            raise OrdoError("int_actions=%d: more action ids than a C int numbers" % int_actions)
        self._int_actions = int_actions
        self._tsize = _C.ordo_spiel_tensor_size(program, self._n)
        self._tensor = (ctypes.c_float * self._tsize)()
        self._legal = (ctypes.c_int32 * 256)()
        self._out = (ctypes.c_int32 * 5)()

    def __del__(self):
        pool = getattr(self, "_pool", None)
        if pool and _C:
            _C.ordo_spiel_release(pool, self._first)
            _C.ordo_spiel_release(pool, getattr(self, "_scratch", None))
            _C.ordo_spiel_ids_free(getattr(self, "_ids", None))
            _C.ordo_spiel_pool_free(pool)
            self._pool = None

    def __str__(self):
        return "%s(players=%d)" % (os.path.basename(self.path), self._n)

    def num_players(self):
        return self._n

    def num_distinct_actions(self):
        return _C.ordo_spiel_num_actions(self._ids)

    def max_chance_outcomes(self):
        """1 + the highest total a roll can have (outcome ids are totals);
        0 without rolls, or with chance="sampled"."""
        return _C.ordo_spiel_max_outcomes(self._p) if self._explicit else 0

    def observation_tensor_shape(self):
        return [self._tsize]

    def observation_tensor_size(self):
        return self._tsize

    def information_state_tensor_shape(self):
        return [self._tsize]

    def min_utility(self):
        return 0.0

    def max_utility(self):
        return 1.0

    def utility_sum(self):
        return None  # 1.0 with a winner, 0.0 without: not constant

    def action_to_string(self, action):
        return _text(lambda b, n: _C.ordo_spiel_action_label(self._ids, _c_int(action, "action"),
                                                               b, n))

    def new_initial_state(self, seed=None):
        """The game's start (the load_game seed, or `seed`: the game's
        generator, which draws its shuffles), played to its first decision
        or roll."""
        g = _C.ordo_spiel_clone(self._pool, self._first)
        if not g:
            raise MemoryError("ordo: no block for a new state")
        state = State(self, g)
        if seed is not None and seed != self._seed:
            _lib.ordo_reset(g, self._n, _c_u64(seed, "seed"))
        state._step(-1, ())
        return state

    def deserialize_state(self, data):
        """A state from State.serialize(): its game (ordo_restore checks the
        save belongs to this program), its pending roll, its history."""
        try:
            if bytes(data[:8]) != _SAVE_MAGIC:
                raise ValueError
            opt, nscript, nhist, ntrace, nsave = struct.unpack_from("<iiiII", data, 8)
            at = 28
            script = struct.unpack_from("<%di" % nscript, data, at)
            at += 4 * nscript
            hist = struct.unpack_from("<%dq" % nhist, data, at)
            at += 8 * nhist
            trace, save = bytes(data[at:at + ntrace]), bytes(data[at + ntrace:at + ntrace + nsave])
            if ntrace % _EVENT_SIZE or not -2 <= opt < 65536:
                raise ValueError
        except (ValueError, TypeError, struct.error):
            raise OrdoError("not a serialized ordo state (or a damaged one)") from None
        g = _C.ordo_spiel_clone(self._pool, self._first)
        out, msg = ctypes.c_void_p(), ctypes.create_string_buffer(256)
        rc = _C.ordo_restore(g, _C.ordo_game_size(self._p), self._p, save, len(save),
                             ctypes.byref(out), msg, len(msg))
        if rc < 0:
            _C.ordo_spiel_release(self._pool, g)
            raise OrdoError("a save refused: " + msg.value.decode("utf-8", "replace"))
        state = State(self, g)
        for a in hist:
            state._hist = (state._hist, a)
        state._trace = (None, trace) if trace else None
        if opt != -2:
            state._step(opt, script)  # a chance node: its roll found again
        return state

    def policy_index(self, name):
        k = _C.ordo_find_policy(self._p, _c_text(name, "policy"))
        if k < 0:
            raise OrdoError("no policy '%s' in the ruleset" % name)
        return k

    def display_titles(self):
        return [_C.ordo_display_title(self._p, k).decode()
                for k in range(_C.ordo_display_count(self._p))]


class State:
    """One position of a game. A chance node keeps the block before its
    transition, the option taken and the rolls known so far; the
    transition is played again once the next roll's outcome is given."""

    __slots__ = ("_game", "_g", "_opt", "_script", "_roll", "_hist", "_trace", "__weakref__")

    def __init__(self, game, block):
        self._game, self._g = game, block
        self._opt, self._script, self._roll = None, (), None
        self._hist = self._trace = None

    def __del__(self):
        g = getattr(self, "_g", None)
        if g and _C:
            _C.ordo_spiel_release(self._game._pool, g)
            self._g = None

    # ---- moving on

    def _step(self, option, script):
        game = self._game
        arr = (ctypes.c_int32 * len(script))(*script) if script else None
        self._took(_C.ordo_spiel_step(game._pool, self._g, option, arr, len(script),
                                      game._explicit, game._out), script)

    def _took(self, block, script):
        """The block a step left (game._out says what happened)."""
        game, out = self._game, self._game._out
        self._g, rc = block, out[_RC]
        if rc == _STEP_CHANCE:
            self._opt, self._script, self._roll = out[_OPTION], tuple(script), (out[_DICE],
                                                                                out[_SIDES])
            return
        if rc == _NO_MEMORY:
            raise MemoryError("ordo: no block for a transition")
        self._opt, self._script, self._roll = None, (), None
        if out[_EVENTS]:
            self._trace = (self._trace, ctypes.string_at(_C.ordo_spiel_event_data(game._pool),
                                                         out[_EVENTS] * _EVENT_SIZE))
        if rc < 0:
            buf = ctypes.create_string_buffer(512)
            _lib.ordo_error_message(self._g, buf, len(buf))
            raise OrdoError(buf.value.decode("utf-8", "replace") or _lib.ordo_strerror(rc).decode())

    def apply_action(self, action):
        """Takes `action` (an id legal now; at a chance node, an outcome)."""
        action = _c_int(action, "action")
        if self._roll:
            dice, sides = self._roll
            if not dice <= action <= dice * sides:
                raise ValueError("%d is not an outcome of %dd%d" % (action, dice, sides))
            self._step(self._opt, self._script + (action,))
        else:
            self._apply_id(action, False)
        self._hist = (self._hist, action)

    def _apply_id(self, action, group_ok):
        game = self._game
        block = _C.ordo_spiel_apply(game._pool, game._ids, self._g, action, game._explicit,
                                    group_ok, game._out)
        if game._out[_RC] == _GROUP:
            raise OrdoError("a simultaneous node: apply_actions([one action a player])")
        if game._out[_RC] == _NOT_LEGAL:
            raise ValueError("action %d is not legal here" % action)
        self._took(block, ())

    def apply_actions(self, actions):
        """At a simultaneous node: actions[p] for each player p the group
        asks (the others' entries are not read), applied in the order the
        runtime asks them (which changes nothing)."""
        seats = self.simultaneous_players()
        if not seats:
            raise OrdoError("apply_actions: not a simultaneous node")
        for seat in seats:  # all checked first: a group is never half applied
            if actions[seat] not in self.legal_actions(seat):
                raise ValueError("player %d: action %r is not legal here" % (seat, actions[seat]))
        for seat in seats:
            self._apply_id(actions[seat], True)
            self._hist = (self._hist, actions[seat])

    def simultaneous_players(self):
        """The seats a simultaneous decision asks, in the order the runtime
        asks them ([] elsewhere)."""
        seats = (ctypes.c_int * 256)()
        n = _C.ordo_spiel_group(self._g, self._game._scratch, seats, 256)
        return list(seats[:n])

    def get_game(self):
        return self._game

    def child(self, action):
        s = self.clone()
        s.apply_action(action)
        return s

    def clone(self):
        """The state copied: one memcpy into a block of the game's pool."""
        game = self._game
        s = State.__new__(State)
        s._game, s._g = game, _C.ordo_spiel_clone(game._pool, self._g)
        if not s._g:
            raise MemoryError("ordo: no block for a clone")
        s._opt, s._script, s._roll = self._opt, self._script, self._roll
        s._hist, s._trace = self._hist, self._trace
        return s

    # ---- where the game is

    def current_player(self):
        return CHANCE if self._roll else _C.ordo_spiel_node(self._g)

    def is_terminal(self):
        return not self._roll and _C.ordo_spiel_node(self._g) == TERMINAL

    def is_chance_node(self):
        return self._roll is not None

    def is_simultaneous_node(self):
        return self.current_player() == SIMULTANEOUS

    def is_player_node(self):
        return self.current_player() >= 0

    def chance_outcomes(self):
        """[(total, probability)] of the pending roll; [] elsewhere."""
        if not self._roll:
            return []
        dice, sides = self._roll
        odds = (ctypes.c_double * (dice * sides + 1))()
        n = _C.ordo_spiel_roll_odds(dice, sides, odds, len(odds))
        if n < 0:
            raise OrdoError("a roll of %dd%d: too many outcomes" % (dice, sides))
        return [(dice + k, odds[k]) for k in range(n)]

    def legal_actions(self, player=None):
        """The ids of the actions legal now, in the order the rules offer
        them; at a chance node, the outcomes. With `player`: that player's
        (a seat of a simultaneous group, or [] when it does not act)."""
        game, cp = self._game, self.current_player()
        if cp == CHANCE:
            return [o for o, _ in self.chance_outcomes()] if player in (None, CHANCE) else []
        if cp == TERMINAL:
            return []
        if cp == SIMULTANEOUS:
            if player is None:
                raise OrdoError("a simultaneous node: legal_actions(player)")
            player = _c_int(player, "player")

            def fill(buf):
                return _C.ordo_spiel_group_legal(game._ids, self._g, game._scratch, player, buf,
                                                 len(buf))
        elif player is not None and player != cp:
            return []
        else:
            def fill(buf):
                return _C.ordo_spiel_legal(game._ids, self._g, buf, len(buf))
        n = fill(game._legal)
        if n > len(game._legal):  # a decision wider than any before: room made
            game._legal = (ctypes.c_int32 * n)()
            n = fill(game._legal)
        ids = game._legal[:max(n, 0)]
        if -1 in ids:
            raise OrdoError(_NO_ID % (self._label(ids.index(-1)), game._int_actions))
        return ids

    def _label(self, i):
        buf = ctypes.create_string_buffer(512)
        _lib.ordo_option_label(self._g, i, buf, len(buf))
        return buf.value.decode("utf-8", "replace")

    def legal_actions_mask(self, player=None):
        mask = [0] * self._game.num_distinct_actions()
        for a in self.legal_actions(player):
            if a < len(mask):
                mask[a] = 1
        return mask

    def action_to_string(self, player_or_action, action=None):
        """An action's label (pyspiel's (player, action) form too); an
        outcome's "roll N"."""
        a = player_or_action if action is None else action
        if self._roll:
            return "roll %d" % a
        return self._game.action_to_string(a)

    def string_to_action(self, player_or_label, label=None):
        text = player_or_label if label is None else label
        for a in self.legal_actions(None if self.current_player() != SIMULTANEOUS
                                    else player_or_label):
            if self.action_to_string(a) == text:
                return a
        raise ValueError("'%s' is not offered" % text)

    def history(self):
        out, h = [], self._hist
        while h:
            h, a = h
            out.append(a)
        return out[::-1]

    def move_number(self):
        return len(self.history())

    # ---- what it is worth

    def returns(self):
        """1.0 for the winner at the end, 0.0 for the others (and for all
        without a winner, or before the end)."""
        w = _lib.ordo_winner(self._g) if self.is_terminal() else -1
        return [1.0 if p == w else 0.0 for p in range(self._game._n)]

    def rewards(self):
        """The rewards of the last transition: the returns, which come only
        at the end."""
        return self.returns()

    def player_return(self, player):
        return self.returns()[player]

    # ---- what a seat sees

    def _seat(self, seat):
        """A seat as given; None: the player deciding, else (chance, a
        simultaneous group, the end) OMNISCIENT."""
        if seat is not None:
            return seat
        cp = self.current_player()
        return cp if cp >= 0 else OMNISCIENT

    def observation_tensor(self, seat=None):
        game, seat = self._game, self._seat(seat)
        rc = _C.ordo_spiel_tensor(game._p, self._g, game._scratch, _c_int(seat, "seat"),
                                  game._tensor, game._tsize)
        if rc < 0:
            raise ValueError("seat %d: not a seat of this game" % seat)
        return list(game._tensor)

    def observation_string(self, seat=None):
        game, seat = self._game, self._seat(seat)
        return _text(lambda b, n: _C.ordo_spiel_observation_text(
            game._p, self._g, game._scratch, _c_int(seat, "seat"), b, n), 1 << 14)

    def information_state_string(self, seat=None):
        """The trace from the start as `seat` sees it: every event, what is
        hidden from the seat written "?"."""
        data, seat, size = self._trace_bytes(), self._seat(seat), _EVENT_SIZE
        if not SPECTATOR <= _c_int(seat, "seat") < self._game._n:
            raise ValueError("seat %d: not a seat of this game" % seat)
        return _text(lambda b, n: _C.ordo_spiel_event_lines(self._g, data, len(data) // size,
                                                              seat, b, n), 1 << 16)

    def _trace_bytes(self):
        parts, t = [], self._trace
        while t:
            t, chunk = t
            parts.append(chunk)
        return b"".join(reversed(parts))

    def information_state_tensor(self, seat=None):
        """The observation tensor: not a perfect-recall tensor (the string
        is the information state; no fixed shape holds a whole trace)."""
        return self.observation_tensor(seat)

    def __str__(self):
        return self.observation_string(OMNISCIENT)

    # ---- the ruleset's own

    def call(self, fn, *args):
        """The value of the ruleset's fn `fn` on this state (which it does
        not change): ints, bools as 0/1, players 0-based, enums by index."""
        nparams = ctypes.c_int()
        k = _C.ordo_spiel_find_fn(self._game._p, _c_text(fn, "fn"), ctypes.byref(nparams))
        if k < 0:
            raise OrdoError("no fn '%s' in the ruleset" % fn)
        if len(args) != nparams.value:
            raise TypeError("%s takes %d arguments, not %d" % (fn, nparams.value, len(args)))
        arr = (ctypes.c_int32 * max(1, len(args)))(*[_c_int(a, "arg") for a in args])
        out = ctypes.c_int32()
        g = _C.ordo_spiel_clone(self._game._pool, self._g)  # an error must not stop this state
        try:
            rc = _C.ordo_eval(g, k, arr, len(args), ctypes.byref(out))
            if rc < 0:
                buf = ctypes.create_string_buffer(512)
                _lib.ordo_error_message(g, buf, len(buf))
                raise OrdoError(buf.value.decode("utf-8", "replace"))
        finally:
            _C.ordo_spiel_release(self._game._pool, g)
        return out.value

    def policy_action(self, policy, rng_seed=1):
        """The action the ruleset's policy `policy` (its name) takes here."""
        game = self._game
        if not self.is_player_node():
            raise OrdoError("policy %s: no player decides here" % policy)
        rng = ctypes.c_uint64(_c_u64(rng_seed, "rng_seed"))
        i = _C.ordo_policy_ruleset(self._g, game.policy_index(policy), ctypes.byref(rng))
        if i < 0:
            raise OrdoError("policy %s: %s" % (policy, _lib.ordo_strerror(i).decode()))
        return self.legal_actions()[i]

    def display(self, title=None):
        """The lines of the ruleset's display `title` (all of them when
        None) on this state."""
        k = -1
        if title is not None:
            titles = self._game.display_titles()
            if title not in titles:
                raise OrdoError("no display '%s' in the ruleset" % title)
            k = titles.index(title)
        return _text(lambda b, n: _C.ordo_spiel_display(self._g, k, b, n), 1 << 14)

    # ---- saved

    def serialize(self):
        """The state as bytes (ordo_save's, with its pending roll and its
        history); Game.deserialize_state makes it again."""
        n = _C.ordo_save_size(self._g)
        save = ctypes.create_string_buffer(n)
        if _C.ordo_save(self._g, save, n) < 0:
            raise OrdoError("the state could not be saved")
        opt = -2 if self._opt is None else self._opt
        hist, trace = self.history(), self._trace_bytes()
        return (_SAVE_MAGIC + struct.pack("<iiiII", opt, len(self._script), len(hist),
                                          len(trace), n) +
                struct.pack("<%di" % len(self._script), *self._script) +
                struct.pack("<%dq" % len(hist), *hist) + trace + save.raw)

"""test_ordo.py — the Python binding (python/ordo/__init__.py) against the tools:
a game played from Python prints the same trace as `ordo run` given the
same choices; every shipped ruleset plays to its end; a seat's view and
trace hide what the seat does not see (a simultaneous group's sealed picks
too); copies are independent and play
on as their game would, outliving it; a ruleset
that does not compile raises its diagnostics; the state search finds the
deadlock `ordo explore` finds; a view keeps no trace of its game, and
numbers and texts C cannot hold are refused, never cut. Run by `make test` (plain
build) as `python3 -m pytest python/tests`."""
import os
import random
import re
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.environ.get("ORDO_BUILD", os.path.join(ROOT, "build"))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ.setdefault("ORDO_LIB", os.path.join(BUILD, "libordo.so"))
os.environ.setdefault("ORDO_PYLIB", os.path.join(BUILD, "python", "libordo_compile.so"))
import ordo  # noqa: E402

RULESETS = sorted(os.path.join(ROOT, "rulesets", f) for f in os.listdir(os.path.join(ROOT, "rulesets"))
                  if f.endswith(".ordo"))
EXAMPLES = sorted(os.path.join(ROOT, "examples", "language", f)
                  for f in os.listdir(os.path.join(ROOT, "examples", "language")) if f.endswith(".ordo"))


def play_random(game, rng):
    labels = []
    while game.run() == ordo.DECIDE:
        options = game.options()
        k = rng.randrange(len(options))
        labels.append(options[k])
        game.choose(k)
    return labels


@pytest.mark.parametrize("path", RULESETS + EXAMPLES)
def test_same_trace_as_ordo_run(path, tmp_path):
    rules = ordo.Ruleset(path)
    for seed in (1, 2, 3):
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        game = rules.new_game(players, seed)
        game.follow()
        labels = play_random(game, random.Random(seed))
        choices = tmp_path / "choices"
        choices.write_text("".join(l + "\n" for l in labels))
        out = subprocess.run([os.path.join(BUILD, "ordo"), "run", path, "--seed", str(seed),
                              "--players", str(players), "--choices", str(choices),
                              "--trace", "text"], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        printed = [l for l in out.stdout.splitlines() if not l.startswith("result: ")]
        assert printed == game.trace
        assert game.over


def test_compile_error_has_its_diagnostics():
    with pytest.raises(ordo.CompileError) as e:
        ordo.Ruleset(os.path.join(ROOT, "tests", "diagnostics", "recursion.ordo"))
    assert "recursive procedure calls: play_round -> next_round -> play_round" in str(e.value)


def test_hidden_view_and_trace():
    rules = ordo.Ruleset(os.path.join(ROOT, "examples", "language", "hidden.ordo"))
    game = rules.new_game(2, 5)
    game.follow(seat=1)
    assert game.run() == ordo.DECIDE
    g1 = game.get("hand", 0, 0) + game.get("hand", 0, 1) + game.get("hand", 0, 2)
    assert g1 == 1  # player 1 drew one gem
    assert game.visible(0, "hand", 0, 0) and not game.visible(1, "hand", 0, 0)
    seen = game.view(1)
    assert [seen.get("hand", 0, g) for g in range(3)] == [0, 0, 0]
    assert seen.get("deck") == game.get("deck")  # a list's length is public
    assert any(line.endswith("event drew(player 1, ?)") for line in game.trace)
    assert not any("drew(player 2, ?)" in line for line in game.trace)
    assert game.observation(0) != game.observation(1)


def test_a_view_holds_no_sealed_pick():
    """Player 1's sealed bid, while player 2 decides, is in no view but
    player 1's: player 2's view plays on without revealing it."""
    rules = ordo.Ruleset(os.path.join(ROOT, "examples", "language", "simultaneous.ordo"))
    games = {}
    for bid in ("bid 1", "bid 3"):
        game = rules.new_game(2, 7)
        assert game.run() == ordo.DECIDE
        game.choose(bid)
        assert game.run() == ordo.DECIDE and game.decider == 1
        games[bid] = game
    assert games["bid 1"].observation(1) == games["bid 3"].observation(1)
    seen = games["bid 3"].view(1)
    seen.follow()
    seen.choose("bid 1")
    assert seen.run() == ordo.DECIDE
    assert not any("player 1: bid" in line for line in seen.trace), seen.trace
    assert any(line.endswith("revealed choice player 2: bid 1") for line in seen.trace)
    games["bid 3"].follow()
    games["bid 3"].choose("bid 1")
    games["bid 3"].run()
    assert any(line.endswith("revealed choice player 1: bid 3") for line in games["bid 3"].trace)


def test_copies_are_independent():
    env = ordo.Env(os.path.join(ROOT, "rulesets", "titan.ordo"), 3).reset(11)
    other = env.clone()
    winner = env.play_random(random.Random(4))
    assert env.is_terminal() and not other.is_terminal()
    assert other.clone().play_random(random.Random(4)) == winner
    assert sum(env.returns()) == (1.0 if winner >= 0 else 0.0)


def test_a_copy_plays_on_as_its_game_and_outlives_it():
    """A copy is a memcpy into Python's memory: it goes on exactly as its
    game would (the same options, the same end), even once the game and
    its other copies are gone."""
    r = ordo.Ruleset(os.path.join(ROOT, "rulesets", "splendor_solo.ordo"))
    g = r.new_game(seed=11)
    for k in range(5):
        assert g.run() == ordo.DECIDE
        g.choose(k % len(g.options()))
    copies = [g.copy() for _ in range(3)]
    a, b = copies[1], g.copy()
    del g, copies
    assert a.options() == b.options()
    assert play_random(a, random.Random(8)) == play_random(b, random.Random(8))
    assert a.over and a.winner == b.winner


def test_a_runtime_error_raises():
    rules = ordo.Ruleset(os.path.join(ROOT, "tests", "e2e", "data", "tiny.ordo"))
    game = rules.new_game(2, 1)
    game.run()
    with pytest.raises(ordo.OrdoError):
        game.choose("fly to the moon")


def test_reset_is_a_new_game():
    path = os.path.join(ROOT, "rulesets", "titan.ordo")
    env = ordo.Env(path, 3).reset(5)
    env.play_random(random.Random(2))
    game = env.game
    env.reset(7)  # the same game, restarted in place (ordo_reset)
    assert env.game is game and not env.is_terminal()
    fresh = ordo.Env(path, 3).reset(7)
    assert env.game.options() == fresh.game.options()
    assert env.play_random(random.Random(3)) == fresh.play_random(random.Random(3))
    assert env.game.get("turns", 0) == fresh.game.get("turns", 0)
    with pytest.raises(ordo.OrdoError):
        env.game.reset(1, 99)  # no 99-player Titan: the game is left as it was
    assert env.is_terminal()


def test_explore_finds_the_planted_deadlock(monkeypatch):
    """The state search of `ordo explore`, reached through the binding: the
    same findings and the same report as the command line's."""
    monkeypatch.chdir(ROOT)  # the report names the file as it was given
    path = os.path.join("examples", "explore", "deadlock.ordo")
    x = ordo.Ruleset(path).explore()
    assert x.complete and x.states == 26 and x.ends == 0
    assert x.findings == [("deadlock", 17), ("no progress", 17)]
    tool = subprocess.run([os.path.join(BUILD, "ordo"), "explore", path], capture_output=True,
                          text=True)
    speed = re.compile(r", [0-9]+ states/s")
    assert speed.sub("", x.report) == speed.sub("", tool.stdout)


def test_explore_through_the_emitted_c(monkeypatch, tmp_path):
    """Ruleset(path, native=SO): the search's transitions through the
    ruleset's emitted C find what the interpreter finds; a shared object
    made from another program is refused."""
    monkeypatch.chdir(ROOT)
    path = os.path.join("tests", "e2e", "data", "tiny.ordo")
    so = os.path.join(BUILD, "python", "native", "tiny.so")
    speed = re.compile(r", [0-9]+ states/s")
    a = ordo.Ruleset(path).explore(depth=6)
    b = ordo.Ruleset(path, native=so).explore(depth=6)
    assert a.states == b.states and a.findings == b.findings and a.states > 1
    assert speed.sub("", a.report) == speed.sub("", b.report)
    stale = tmp_path / "tiny.ordo"
    stale.write_text(open(path).read().replace("players 2..3", "players 2..4"))
    with pytest.raises(ordo.OrdoError, match="fingerprint differs"):
        ordo.Ruleset(str(stale), native=so)


def test_a_view_keeps_no_trace_of_its_game():
    # issue 33, 6: ordo_view copied the game's trace callback into the
    # view; playing the view appended to the game's trace, and once the
    # game was collected, called a freed ctypes callback (SIGSEGV)
    code = (
        "import gc, os, sys\n"
        "sys.path.insert(0, %r)\n"
        "import ordo\n"
        "rules = ordo.Ruleset(%r)\n"
        "game = rules.new_game(2, 7)\n"
        "game.follow()\n"
        "game.run()\n"
        "seen = game.view(ordo.OMNISCIENT)\n"
        "before = list(game.trace)\n"
        "seen.choose(0)\n"
        "seen.run()\n"
        "assert game.trace == before, 'the view wrote to the game\\'s trace'\n"
        "del game\n"
        "gc.collect()\n"
        "while seen.run() == ordo.DECIDE:\n"
        "    seen.choose(0)\n"
        "print('ok')\n" % (os.path.join(ROOT, "python"),
                         os.path.join(ROOT, "tests", "e2e", "data", "tiny.ordo")))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_numbers_and_texts_are_never_cut():
    # issue 33, 7: ctypes cut ints to 32 bits and texts at a NUL
    path = os.path.join(ROOT, "tests", "e2e", "data", "tiny.ordo")
    rules = ordo.Ruleset(path)
    game = rules.new_game(2, 7)
    assert game.run() == ordo.DECIDE
    for bad in (2**32 + 1, -(2**32), 2**31):
        with pytest.raises((ordo.OrdoError, ValueError, OverflowError)):
            game.choose(bad)
    with pytest.raises((ordo.OrdoError, ValueError)):
        game.choose(game.options()[0] + "\0junk")
    for i in (2**32, -(2**32)):
        with pytest.raises((ordo.OrdoError, ValueError, OverflowError)):
            game.get("score", i)
    with pytest.raises((ordo.OrdoError, ValueError, OverflowError)):
        rules.new_game(2**32 + 2)
    for seed in (2**64 + 5, -1):
        with pytest.raises((ValueError, OverflowError)):
            rules.new_game(2, seed)
    with pytest.raises((ordo.OrdoError, ValueError)):
        ordo.Ruleset(path + "\0b")

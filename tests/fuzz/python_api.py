"""python_api.py — the Python binding fuzzed as a careless or hostile
user calls it (issue 33, 5): a seeded generator picks a ruleset, then
calls the public API (ordo.load_game's Game and State, the older Ruleset
and Game) in any order with any arguments: legal actions and illegal
ones, numbers past C's ints, negative seats, strings with NUL bytes,
wrong types, damaged serializations.

The promises checked: every call returns or raises one of the binding's
documented exceptions (OrdoError and its kinds, ValueError, TypeError,
IndexError, KeyError), never anything else and never a crash of the
process (make test runs this under ASan and UBSan too, with the runtimes
preloaded as tests/tools/pytest.sh does); a refused call leaves the state
as it was (its serialization unchanged), but for a move the rules
themselves stop with an error (OrdoError from apply_action: the game
stands at its error); chance odds sum to 1; a clone and a deserialized
state equal the original.

    python3 tests/fuzz/python_api.py [ITERATIONS [SEED]]

libFuzzer cannot drive Python here (its Python front end, atheris, is not
in Debian), so this is a random-testing loop in the manner of SQLite's
and hypothesis's, deterministic for a seed. Last line: "N passed, M
failed" (failures print the seed, the call and the traceback).
"""
import os
import random
import sys
import traceback

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "python"))
import ordo  # noqa: E402

RULESETS = ["tests/e2e/data/tiny.ordo", "rulesets/catan.ordo",
            "rulesets/splendor_solo.ordo", "examples/language/hidden.ordo",
            "examples/language/simultaneous.ordo", "examples/python/pig.ordo",
            "tests/e2e/data/actions.ordo"]
ALLOWED = (ordo.OrdoError, ValueError, TypeError, IndexError, KeyError)

# Arguments a careless or hostile caller hands in.
HOSTILE = [0, 1, -1, 2, 7, -4, 2**31 - 1, 2**31, -2**31 - 1, 2**32 + 1, 2**63, 2**64 + 5,
           -2**64, 3.5, float("nan"), True, None, "", "0", "paint red", "paint red\0junk",
           "\0", "x" * 10000, b"bytes", [], [1, 2], {}, object()]


def pick_arg(rng, state=None, game=None):
    """A hostile argument, or (half the time) one that makes sense."""
    if state is not None and rng.random() < 0.5:
        try:
            legal = state.legal_actions()
            if legal:
                return rng.choice(legal)
        except ALLOWED:
            pass
    if game is not None and rng.random() < 0.2:
        return rng.randrange(-2, game.num_distinct_actions() + 3)
    return rng.choice(HOSTILE)


def snapshot(state):
    try:
        return state.serialize()
    except ALLOWED:
        return None


class Run:
    def __init__(self, rng):
        self.rng = rng
        self.calls = 0

    def call(self, state, name, *args):
        """Calls state.name(*args); a refusal must leave state as it was."""
        self.calls += 1
        before = snapshot(state) if state is not None else None
        target = state if state is not None else None
        try:
            return getattr(target, name)(*args)
        except ALLOWED as e:
            # a move the rules themselves stop with an error (a value out
            # of its range ...) has happened: the game stands at it
            moved = name in ("apply_action", "apply_actions") and type(e) is ordo.OrdoError
            if before is not None and not moved:
                assert snapshot(state) == before, "%s%r changed the state it refused" % (name, args)
            return None

    def one_ruleset(self):
        rng = self.rng
        path = os.path.join(ROOT, rng.choice(RULESETS))
        kwargs = {}
        if rng.random() < 0.2:
            kwargs["players"] = rng.choice(HOSTILE)
        if rng.random() < 0.2:
            kwargs["seed"] = rng.choice(HOSTILE)
        if rng.random() < 0.1:
            kwargs["chance"] = rng.choice(["explicit", "sampled", "bogus", None, 3])
        try:
            game = ordo.load_game(path, **kwargs)
        except ALLOWED:
            game = ordo.load_game(path)
        state = game.new_initial_state()
        for _ in range(rng.randrange(5, 80)):
            self.step(game, state)
            if rng.random() < 0.1:
                state = self.copies(game, state)
        self.old_api(path)

    def step(self, game, state):
        rng = self.rng
        k = rng.randrange(16)
        if k < 6:
            if state.is_chance_node() and rng.random() < 0.8:
                outcomes = self.call(state, "chance_outcomes") or []
                total = sum(p for _, p in outcomes)
                assert not outcomes or abs(total - 1.0) < 1e-9, "chance odds sum to %r" % total
                arg = rng.choice(outcomes)[0] if outcomes else pick_arg(rng)
            elif state.is_simultaneous_node() and rng.random() < 0.8:
                seats = self.call(state, "simultaneous_players") or []
                arg = [rng.choice(state.legal_actions(p) or [0]) for p in seats]
                self.call(state, "apply_actions", arg)
                return
            else:
                arg = pick_arg(rng, state, game)
            self.call(state, "apply_action", arg)
        elif k == 6:
            self.call(state, "legal_actions", pick_arg(rng))
        elif k == 7:
            self.call(state, "action_to_string", pick_arg(rng, state, game))
        elif k == 8:
            self.call(state, "string_to_action", rng.choice(HOSTILE))
        elif k == 9:
            self.call(state, "observation_tensor", pick_arg(rng))
        elif k == 10:
            self.call(state, "observation_string", pick_arg(rng))
        elif k == 11:
            self.call(state, "information_state_string", pick_arg(rng))
        elif k == 12:
            self.call(state, "returns")
            self.call(state, "rewards")
            self.call(state, "player_return", pick_arg(rng))
        elif k == 13:
            self.call(state, "call", rng.choice(HOSTILE + ["points", "score"]),
                      *[pick_arg(rng) for _ in range(rng.randrange(3))])
        elif k == 14:
            self.call(state, "policy_action", rng.choice(HOSTILE + ["greedy", "random"]),
                      pick_arg(rng))
        else:
            self.call(state, "display", rng.choice(HOSTILE))

    def copies(self, game, state):
        """A clone and a round trip through serialize equal the state; a
        damaged serialization is refused or read as some state."""
        rng = self.rng
        c = state.clone()
        assert c.serialize() == state.serialize(), "a clone differs"
        data = state.serialize()
        back = game.deserialize_state(data)
        assert back.serialize() == data, "a deserialized state differs"
        damaged = bytearray(data.encode() if isinstance(data, str) else data)
        if damaged:
            for _ in range(rng.randrange(1, 4)):
                damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        try:
            game.deserialize_state(bytes(damaged) if not isinstance(data, str)
                                   else bytes(damaged).decode("latin-1"))
        except ALLOWED:
            pass
        return c if rng.random() < 0.5 else state

    def old_api(self, path):
        """The first binding's Ruleset and Game, with hostile arguments."""
        rng = self.rng
        try:
            game = ordo.Ruleset(path).new_game(seed=rng.randrange(1, 100))
        except ALLOWED:
            return
        for _ in range(rng.randrange(1, 20)):
            name = rng.choice(["choose", "get", "visible", "view", "observation", "run"])
            self.calls += 1
            try:
                if name == "choose":
                    if game.run() == ordo.DECIDE:
                        game.choose(pick_arg(rng) if rng.random() < 0.5 else 0)
                elif name == "get":
                    game.get(rng.choice(HOSTILE + ["score", "turns"]), pick_arg(rng))
                elif name == "visible":
                    game.visible(pick_arg(rng), rng.choice(HOSTILE + ["score"]))
                elif name == "view":
                    game.view(pick_arg(rng)).options()
                elif name == "observation":
                    game.observation(pick_arg(rng))
                else:
                    game.run()
            except ALLOWED:
                pass


def main():
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    passed = failed = calls = 0
    for i in range(iterations):
        rng = random.Random(seed * 1000003 + i)
        run = Run(rng)
        try:
            run.one_ruleset()
            passed += 1
        except Exception:  # a promise broken: say which input, go on
            failed += 1
            print("FAIL: iteration %d (seed %d):" % (i, seed))
            traceback.print_exc()
        calls += run.calls
    print("python api: %d iterations, %d calls" % (iterations, calls))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

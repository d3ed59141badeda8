"""bench_spiel.py [SECONDS] — the OpenSpiel-shaped API's speed
(python/ordo/spiel.py), for Splendor solo and Catan at 4 players,
interpreted (compiled in process) and emitted (build/python/native/
NAME.so, when built): random agents' actions/s and games/s (chance
outcomes drawn by their odds, a simultaneous group one action a seat),
and clones/s of a state 20 actions in. Part of `make bench`
(tests/bench/run.sh)."""
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ordo  # noqa: E402

BUILD = os.environ.get("ORDO_BUILD", os.path.join(HERE, "..", "build"))
SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0


def random_game(state, rng, n):
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p) or [0]) for p in range(n)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
    return actions


def measure(game):
    rng, n = random.Random(1), game.num_players()
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        games += 1
        actions += random_game(game.new_initial_state(seed=games), rng, n)
    took = time.perf_counter() - start
    state = game.new_initial_state(seed=1)
    for _ in range(20):
        if not state.is_terminal() and not state.is_simultaneous_node():
            state.apply_action(rng.choice(state.legal_actions()))
    clones, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS / 4:
        for _ in range(1000):
            state.clone()
        clones += 1000
    return actions / took, clones / (time.perf_counter() - start), games / took


for name, players in (("splendor_solo", 1), ("catan", 4)):
    path = os.path.join(HERE, "..", "rulesets", name + ".ordo")
    so = os.path.join(BUILD, "python", "native", name + ".so")
    for kind, native in (("interpreted", None), ("emitted", so)):
        if native and not os.path.exists(native):
            print("python spiel: %s %s: skipped (no %s)" % (name, kind, native))
            continue
        a, c, g = measure(ordo.load_game(path, players=players, native=native))
        print("python spiel: %s %s: %.0f actions/s, %.0f clones/s, %.1f games/s" %
              (name, kind, a, c, g))

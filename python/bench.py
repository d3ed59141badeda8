"""bench.py GAMES — games a second through the Python binding: Splendor
solo played to its end with uniformly random actions (Env.play_random:
one ordo_option_count, ordo_choose and ordo_run call an action). Part of
`make bench` (tests/bench/run.sh)."""
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ordo  # noqa: E402

games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
env = ordo.Env(os.path.join(os.path.dirname(__file__), "..", "rulesets", "splendor_solo.ordo"))
rng = random.Random(1)
start = time.perf_counter()
for seed in range(1, games + 1):
    env.reset(seed)
    env.play_random(rng)
took = time.perf_counter() - start
print("   games: %d\n   seconds: %.3f\n   games_per_second: %.0f" % (games, took, games / took))
print("python: splendor %.0f games/s (%d games)" % (games / took, games))

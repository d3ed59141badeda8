"""catanatron_bench.py GAMES — catanatron's own game of Catan (the Python engine
https://github.com/bcollazo/catanatron at commit 41ba0db, the anchor issue
32 names) with four of its RandomPlayer bots, seeds 1..GAMES, timed in CPU
seconds: the figure `make bench` sets beside ordo's emitted Catan with the
no_offers policy (the same choice set: catanatron's bots never offer a
domestic trade). Run by tests/bench/run.sh with Debian's /usr/bin/python3
(python3-networkx) and PYTHONPATH at a checkout's catanatron/ folder; one
"key: value" a line, as bench_titan prints."""
import random
import sys
import time

from catanatron import Color, Game, RandomPlayer


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    decisions = wins = 0
    cpu = time.process_time()
    for seed in range(1, games + 1):
        random.seed(seed)
        players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
        game = Game(players, seed=seed)
        if game.play() is not None:
            wins += 1
        decisions += len(game.state.action_records)
    cpu = time.process_time() - cpu
    print(f"games: {games}")
    print(f"games_won: {wins}")
    print(f"cpu_seconds: {cpu:.3f}")
    print(f"games_per_second: {games / cpu:.1f}")
    print(f"decisions: {decisions}")
    print(f"us_per_decision: {cpu / decisions * 1e6:.2f}")


if __name__ == "__main__":
    main()

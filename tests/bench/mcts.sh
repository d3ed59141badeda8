#!/bin/sh
# mcts.sh BUILD SUMMARY — the MCTS policy's part of `make bench` (run.sh),
# its figures appended to the file SUMMARY; recorded in doc/performance.md
# ("MCTS"):
#   1. playouts per second of CPU, 100 playouts a search with random
#      rollouts, at each ruleset's fewest players, interpreted and as ordoc
#      emitted it (bench_titan mcts, mcts-emitted), and the allocations
#      the searches made (expected 0);
#   2. strength: Splendor solo on seeds 1..MCTS_GAMES (default 200), MCTS
#      with 1,000 playouts a decision and greedy rollouts against the
#      ruleset's greedy policy, each against the dice bot; Catan at 4
#      players, MCTS in seat 1 against three greedy bots, on seeds
#      1..CATAN_MCTS_GAMES (default 100), 200 playouts a decision, greedy
#      rollouts cut after 60 decisions and scored by the ruleset's
#      points(p).
# The strength runs are played by the emitted-C hosts (build/examples/,
# about five times the interpreter's playouts/s), one game a process on
# every core; MCTS_STRENGTH=0 leaves them out.
BUILD=${1:-build}
summary=$2
cd "$(dirname "$0")/../.." || exit 1
B=$BUILD/bench
JOBS=$(nproc 2>/dev/null || echo 1)
status=0
field() { printf '%s\n' "$out" | sed -n "s/^ *$1: \([^ ]*\).*/\1/p" | head -1; }
for src in rulesets/*.ordo; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .ordo)
    lo=$(sed -n 's/^[[:space:]]*players[[:space:]]*\([0-9]*\).*/\1/p' "$src" | head -1)
    echo "== MCTS: $B/bench_titan mcts $src $lo 100"
    out=$("$B/bench_titan" mcts "$src" "$lo" 100) || status=1
    printf '%s\n' "$out" | sed 's/^/   /'
    interp=$(field playouts_per_second) a1=$(field allocations_searching)
    echo "-- $B/bench_titan mcts-emitted $name $lo 100"
    out=$("$B/bench_titan" mcts-emitted "$name" "$lo" 100) || status=1
    printf '%s\n' "$out" | sed 's/^/   /'
    echo "mcts $name, $lo-player games: interpreted $interp playouts/s, emitted C $(field playouts_per_second) playouts/s, allocations $a1 + $(field allocations_searching)" >>"$summary"
done
[ "${MCTS_STRENGTH:-1}" = 0 ] && exit $status
# games KIND HOST FIRST LAST OPTIONS...: the result line of each game
# (seeds FIRST..LAST) played by the emitted-C host, on $JOBS processes, in
# $B/KIND/SEED; prints "WINS/GAMES" of player 1 and the seconds taken
games() {
    kind=$1 host=$2 first=$3 last=$4
    shift 4
    rm -rf "${B:?}/$kind" && mkdir -p "$B/$kind"
    s=$(date +%s)
    MCTS_OUT=$B/$kind
    export MCTS_OUT
    seq "$first" "$last" | xargs -P "$JOBS" -I{} sh -c \
        '"$0" "$@" --seed {} | tail -n 1 >"$MCTS_OUT/{}"' "$host" "$@" 2>/dev/null
    wins=$(cat "$B/$kind"/* 2>/dev/null | grep -c '^result: player 1 wins')
    echo "$wins/$((last - first + 1)) $(($(date +%s) - s))"
}
G=${MCTS_GAMES:-200}
if [ "$G" -gt 0 ] && [ -x "$BUILD/examples/splendor_solo_host" ]; then
    H=$BUILD/examples/splendor_solo_host
    echo "== MCTS strength: $H --policy greedy, seeds 1..$G"
    set -- $(games spl_greedy "$H" 1 "$G" --policy greedy)
    greedy=$1
    echo "   player 1 wins: $1 ($2 s)"
    echo "== $H --policy mcts --playouts 1000 --rollout greedy, seeds 1..$G"
    set -- $(games spl_mcts "$H" 1 "$G" --policy mcts --playouts 1000 --rollout greedy)
    echo "   player 1 wins: $1 ($2 s)"
    echo "mcts strength, Splendor solo seeds 1..$G vs the dice bot: greedy wins $greedy, mcts (1000 playouts, greedy rollouts) $1 ($2 s on $JOBS jobs)" >>"$summary"
fi
C=${CATAN_MCTS_GAMES:-100}
if [ "$C" -gt 0 ] && [ -x "$BUILD/examples/catan_host" ]; then
    H=$BUILD/examples/catan_host
    opts="--players 4 --policy greedy --policy 1=mcts --playouts 200 --rollout greedy --depth 60 --eval points"
    echo "== MCTS strength: $H $opts, seeds 1..$C"
    set -- $(games catan_mcts "$H" 1 "$C" $opts)
    echo "   player 1 wins: $1 ($2 s)"
    echo "mcts strength, Catan 4 players seeds 1..$C: mcts in seat 1 (200 playouts, greedy rollouts cut at 60 decisions, scored by points) vs three greedy bots wins $1 (parity 1/4; $2 s on $JOBS jobs)" >>"$summary"
fi
exit $status

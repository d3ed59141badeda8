#!/bin/sh
# run.sh BUILD — the benchmarks (`make bench`). Figures and commands are
# recorded in doc/performance.md.
#   1. compile throughput: a generated ruleset of ~1M lines through parse,
#      check and lowering (in process, best of 3), and `ordo check` on it
#      as a whole process;
#   2. runtime: full games of every ruleset (rulesets/*.ordo) with the
#      random policy, interpreted and as ordoc emitted it: games/s, VM
#      instructions/s, bytes of game state, and the allocations made during
#      play (expected 0); Catan at 4 players also with its no_offers policy
#      (catanatron's choice set);
#   2b. the state search (ordo explore, one job, breadth first, at most
#      EXPLORE_STATES states or EXPLORE_SECONDS seconds): distinct states
#      a second, its transitions interpreted and through the emitted C as
#      a shared object (build/native/NAME.so, make native);
#   3. Splendor solo three ways: rulesets/splendor_solo.ordo interpreted,
#      the same emitted as C, and the hand-written tests/bench/splendor_ref.c
#      (games/s, how many times slower than hand-written, bytes of state);
#      without the ruleset, the hand-written one alone.
#   4. Python: Splendor solo's games/s through the binding (python/bench.py),
#      and the OpenSpiel-shaped API's actions/s, clones/s and games/s for
#      random agents, Splendor solo and Catan, interpreted and emitted
#      (python/bench_spiel.py).
#   5. the MCTS policy: playouts/s per ruleset, and its strength in Splendor
#      solo and Catan (tests/bench/mcts.sh; MCTS_STRENGTH=0: playouts/s only).
# It ends with a summary, one line per figure, all from this run.
# GAMES=N (default 2000) and LINES=N (default 1000000) scale it.
BUILD=${1:-build}
cd "$(dirname "$0")/../.." || exit 1
B=$BUILD/bench
GAMES=${GAMES:-2000}
LINES=${LINES:-1000000}
for bin in "$B/gen_ruleset" "$B/bench_titan" "$B/splendor_ref" "$BUILD/ordo"; do
    [ -x "$bin" ] || { echo "bench: $bin is missing (make bench builds it)" >&2; exit 1; }
done
status=0
summary=$(mktemp) || exit 1
trap 'rm -f "$summary"' EXIT
# field KEY: the value of "KEY: value" in the output just captured ($out)
field() { printf '%s\n' "$out" | sed -n "s/^ *$1: \([^ ]*\).*/\1/p" | head -1; }
echo "== machine: $(uname -m), $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo 2>/dev/null | head -1)"
echo "== compiler: $(${CC:-cc} --version | head -1)"
echo
echo "== compile throughput: $B/gen_ruleset $LINES > $B/big.ordo"
"$B/gen_ruleset" "$LINES" >"$B/big.ordo" || exit 1
echo "-- in process: $B/bench_titan compile $B/big.ordo 3"
out=$("$B/bench_titan" compile "$B/big.ordo" 3) || status=1
printf '%s\n' "$out" | sed 's/^/   /'
echo "compile: $(field lines_per_second) lines/s in process ($(field lines) lines), arena $(field arena_bytes_per_line) bytes/line, peak RSS $(field peak_rss_kb) KB" >>"$summary"
echo "-- whole process: ordo check $B/big.ordo"
s=$(date +%s.%N)
"$BUILD/ordo" check "$B/big.ordo" 2>"$B/big.diag" || { status=1; head -5 "$B/big.diag"; }
e=$(date +%s.%N)
awk -v s="$s" -v e="$e" -v f="$B/big.ordo" 'BEGIN {
    while ((getline l < f) > 0) n++
    printf "   lines: %d\n   seconds: %.3f\n   lines_per_second: %.0f\n", n, e - s, n / (e - s) }'
echo
for src in rulesets/*.ordo; do
    [ -f "$src" ] || continue
    lo=$(sed -n 's/^[[:space:]]*players[[:space:]]*\([0-9]*\).*/\1/p' "$src" | head -1)
    hi=$(sed -n 's/^[[:space:]]*players[[:space:]]*[0-9]*\.\.\([0-9]*\).*/\1/p' "$src" | head -1)
    name=$(basename "$src" .ordo)
    for p in $lo $hi; do
        echo "== runtime: $B/bench_titan play $src $GAMES $p"
        out=$("$B/bench_titan" play "$src" "$GAMES" "$p") || status=1
        printf '%s\n' "$out" | sed 's/^/   /'
        interp=$(field games_per_second)
        echo "-- the same, as ordoc emitted it: $B/bench_titan play-emitted $name $GAMES $p"
        out=$("$B/bench_titan" play-emitted "$name" "$GAMES" "$p") || status=1
        printf '%s\n' "$out" | sed 's/^/   /'
        emitted=$(field games_per_second)
        echo "-- the same with a trace callback (ordo sim's turn counter): $B/bench_titan play-emitted $name $GAMES $p traced"
        out=$("$B/bench_titan" play-emitted "$name" "$GAMES" "$p" traced) || status=1
        printf '%s\n' "$out" | sed 's/^/   /'
        pl=players; [ "$p" -eq 1 ] && pl=player
        echo "$name, $p $pl: interpreted $interp games/s, emitted C $emitted games/s, traced $(field games_per_second) games/s" >>"$summary"
    done
done
# Catan with catanatron's choice set: every option at random but a domestic
# offer (catan.ordo's no_offers policy), the figure issue 32 asks beside
# the full random one
echo "== Catan, 4 players, no offers: $B/bench_titan play-emitted catan $GAMES 4 no_offers"
out=$("$B/bench_titan" play-emitted catan "$GAMES" 4 no_offers) || status=1
printf '%s\n' "$out" | sed 's/^/   /'
echo "catan, 4 players, policy no_offers: emitted C $(field games_per_cpu_second) games/s (CPU time), $(field decisions) decisions in $GAMES games" >>"$summary"
# catanatron beside it, when a checkout is given (doc/performance.md says
# how to set it up): its four RandomPlayer bots, the same number of games
CATANATRON=${CATANATRON:-}
if [ -n "$CATANATRON" ] && [ -d "$CATANATRON/catanatron/catanatron" ]; then
    echo "-- catanatron: PYTHONPATH=$CATANATRON/catanatron /usr/bin/python3 tests/bench/catanatron_bench.py $GAMES"
    out=$(PYTHONPATH="$CATANATRON/catanatron" /usr/bin/python3 tests/bench/catanatron_bench.py "$GAMES") || status=1
    printf '%s\n' "$out" | sed 's/^/   /'
    echo "catanatron ($CATANATRON), 4 RandomPlayer bots: $(field games_per_second) games/s, $(field decisions) decisions in $GAMES games (CPU time)" >>"$summary"
else
    echo "-- catanatron: skipped (CATANATRON=DIR names a checkout at commit 41ba0db; doc/performance.md)"
fi
echo
# the state search, its transitions interpreted and through the emitted C
# (build/native/NAME.so, make native): distinct states a second, one job
EXPLORE_STATES=${EXPLORE_STATES:-300000}
EXPLORE_SECONDS=${EXPLORE_SECONDS:-10}
for src in rulesets/*.ordo; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .ordo)
    so=$BUILD/native/$name.so
    line="explore: $name"
    for how in interpreted native; do
        if [ $how = native ]; then
            [ -f "$so" ] || { echo "== explore: $name: no $so (make native)"; continue; }
            opt="--native $so"
        else
            opt=--interpreted
        fi
        echo "== explore: $BUILD/ordo explore $src --states $EXPLORE_STATES --seconds $EXPLORE_SECONDS $opt"
        out=$("$BUILD/ordo" explore "$src" --states "$EXPLORE_STATES" --seconds "$EXPLORE_SECONDS" $opt 2>&1 |
            grep '^explore:')
        printf '%s\n' "$out" | sed 's/^/   /'
        rate=$(printf '%s\n' "$out" | sed -n 's/.*, \([0-9]*\) states\/s.*/\1/p')
        if [ $how = native ]; then
            line="$line ${rate:-?} states/s (1 jobs), emitted C"
        else
            interp_rate=${rate:-?}
        fi
    done
    [ -f "$so" ] || line="$line ? states/s (1 jobs), emitted C not built"
    echo "$line; interpreted $interp_rate states/s" >>"$summary"
done
echo
SPL=rulesets/splendor_solo.ordo
if [ -f "$SPL" ]; then
    echo "== Splendor: $B/bench_titan splendor $SPL rulesets/data/splendor $GAMES"
    out=$("$B/bench_titan" splendor "$SPL" rulesets/data/splendor "$GAMES") || status=1
    printf '%s\n' "$out" | sed 's/^/   /'
    echo "splendor: hand-written 1.00x, emitted C $(field emitted_vs_handwritten)x, interpreted $(field interpreted_vs_handwritten)x ($GAMES games)" >>"$summary"
else
    echo "== Splendor: skipped: no $SPL; the hand-written one alone:"
    echo "-- $B/splendor_ref --bench --games $GAMES"
    "$B/splendor_ref" --bench --games "$GAMES" | sed 's/^/   /' || status=1
fi
if [ -f "$SPL" ] && [ -f "$BUILD/python/libordo_compile.so" ]; then
    echo "== Python: python3 python/bench.py 2000 (build/libordo.so, build/python/libordo_compile.so)"
    ORDO_LIB="$BUILD/libordo.so" ORDO_PYLIB="$BUILD/python/libordo_compile.so" \
        python3 python/bench.py 2000 >"$summary.py" || status=1
    sed 's/^/   /' "$summary.py"
    out=$(cat "$summary.py")
    rm -f "$summary.py"
    echo "python: $(field games_per_second) games/s (Splendor solo, python/bench.py)" >>"$summary"
fi
if [ -f "$BUILD/python/libordo_compile.so" ]; then
    echo "== Python, OpenSpiel's shape: python3 python/bench_spiel.py 2 (random agents; build/python/native/*.so)"
    ORDO_BUILD="$BUILD" ORDO_LIB="$BUILD/libordo.so" ORDO_PYLIB="$BUILD/python/libordo_compile.so" \
        python3 python/bench_spiel.py 2 >"$summary.py" || status=1
    sed 's/^/   /' "$summary.py"
    cat "$summary.py" >>"$summary"
    rm -f "$summary.py"
fi
echo
sh tests/bench/mcts.sh "$BUILD" "$summary" || status=1
echo
echo "== summary"
cat "$summary"
exit $status

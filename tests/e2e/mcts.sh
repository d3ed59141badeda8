#!/bin/sh
# mcts.sh BUILD — the MCTS policy on the command line (runtime/host/mcts.c):
# it opens tests/e2e/data/lock.ordo's lock in every game (random play
# never does); the same seed gives the same game, and `ordo sim --jobs`
# the same table; the emitted-C host plays the same game as `ordo run`;
# a cut rollout scored by a fn; bad --playouts, --think, --rollout, --depth
# and --eval values are one line on stderr and status 2. Last line:
# "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo HOST=$BUILD/e2e/tiny_host
LOCK=tests/e2e/data/lock.ordo TINY=tests/e2e/data/tiny.ordo

# run STATUS CMD...: stdout in $tmp/out, stderr in $tmp/err
run() {
    status=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    got=$?
    if [ "$got" -eq "$status" ]; then ok; else
        bad "$*: exit status $got, expected $status"
        head -3 "$tmp/err" | sed 's/^/    /'
    fi
}

# the combination, found in every game by player 1's search, never at random
run 0 "$ORDO" sim "$LOCK" --games 30 --policy 1=mcts --playouts 300
grep -q '^player 1 wins      30  100\.0%' "$tmp/out" && ok || bad "mcts on lock: $(sed -n 3p "$tmp/out")"
grep -q 'policies: mcts, random$' "$tmp/out" && ok || bad "the policies line: $(head -1 "$tmp/out")"
run 0 "$ORDO" sim "$LOCK" --games 30
grep -q '^player 1 wins       0 ' "$tmp/out" && ok || bad "random on lock: $(sed -n 3p "$tmp/out")"

# the same seed, the same game; --jobs, the same table
run 0 "$ORDO" run "$TINY" --players 3 --policy mcts --playouts 40 --seed 5 --record "$tmp/r1"
run 0 "$ORDO" run "$TINY" --players 3 --policy mcts --playouts 40 --seed 5 --record "$tmp/r2"
cmp -s "$tmp/r1" "$tmp/r2" && ok || bad "two runs of one seed took other decisions"
run 0 "$ORDO" sim "$TINY" --games 12 --players 3 --policy 2=mcts --playouts 40
cp "$tmp/out" "$tmp/one"
run 0 "$ORDO" sim "$TINY" --games 12 --players 3 --policy 2=mcts --playouts 40 --jobs 3
cmp -s "$tmp/one" "$tmp/out" && ok || bad "ordo sim --jobs 3 differs from one process"

# the emitted C plays the same game as the interpreter
run 0 "$ORDO" run "$TINY" --players 2 --policy mcts --playouts 60 --seed 9
cp "$tmp/out" "$tmp/interp"
run 0 "$HOST" --players 2 --policy mcts --playouts 60 --seed 9
cmp -s "$tmp/interp" "$tmp/out" && ok || bad "tiny_host and ordo run differ with mcts"

# rollouts by a policy of the ruleset, cut and scored by a fn
run 0 "$ORDO" sim rulesets/catan.ordo --players 4 --games 1 --policy greedy --policy 1=mcts \
    --rollout greedy --playouts 4 --depth 8 --eval points
grep -q '^errors              0 ' "$tmp/out" && ok || bad "catan with --depth and --eval: $(cat "$tmp/err")"
# a time budget alone (not deterministic: only that it plays)
run 0 "$ORDO" run "$LOCK" --policy 1=mcts --playouts 0 --think 0.05 --trace none

# bad values: one line, status 2
usage() {
    text=$1
    shift
    run 2 "$ORDO" "$@"
    if [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF -- "$text" "$tmp/err"; then ok; else
        bad "$*: expected one line with '$text', got: $(head -2 "$tmp/err")"
    fi
}
usage "bad value 'many' for --playouts" run "$LOCK" --policy mcts --playouts many
usage "bad value '0' for --think" sim "$LOCK" --policy mcts --think 0
usage "bad value '-1' for --think" run "$LOCK" --policy mcts --think -1
usage "bad value 'x' for --depth" run "$LOCK" --policy mcts --depth x
usage "--rollout mcts: not a policy a playout can use" run "$LOCK" --policy mcts --rollout mcts
usage "--rollout clever: not a policy a playout can use" sim "$LOCK" --policy mcts --rollout clever
usage "--eval score: the ruleset has no fn score(p: player): int" run "$LOCK" --policy mcts --eval score
usage "bad value 'x' for --playouts" play "$LOCK" --policy mcts --playouts x

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

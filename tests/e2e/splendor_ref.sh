#!/bin/sh
# splendor_ref.sh BUILD — the Splendor solo ruleset and the hand-written
# reference (tests/bench/splendor_ref.c) play the same game: for every seed
# the same winner, final prestige of both sides, rounds begun and number of
# the human's decisions. The
# ruleset's results come from `ordo sim --jsonl --var human_score --var
# bot_score --var round` (the human is player 1; a game over with no winner
# is the bot's win), the reference's from `splendor_ref --games N`. Both
# follow one spec (the rules, the order of every random draw, the human's
# options in order), so a difference is a bug in one of them: the first
# differing seed is printed with both results and the commands that replay
# it. Seeds 1..1000 of the base game, 1..SEEDS_VARIANT (default 500) of the
# easier and harder variants when their rulesets exist. Without
# rulesets/splendor_solo.ordo the test is skipped.
# Last line: "N passed, M failed" (one per variant compared).
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo
REF=$BUILD/bench/splendor_ref
DATA=rulesets/data/splendor
SEEDS=${SEEDS:-1000}
SEEDS_VARIANT=${SEEDS_VARIANT:-500}

if [ ! -f rulesets/splendor_solo.ordo ]; then
    echo "skipped: no rulesets/splendor_solo.ordo"
    echo "0 passed, 0 failed"
    exit 0
fi
for bin in "$ORDO" "$REF"; do
    [ -x "$bin" ] || { echo "FAIL: $bin is missing"; echo "0 passed, 1 failed"; exit 1; }
done


# ruleset_results FILE GAMES: the ruleset's games as the reference prints
# them, `seed=S winner=W human=H bot=B rounds=R decisions=D`
ruleset_results() {
    "$ORDO" sim "$1" --games "$2" --seed 1 --jsonl --policy random \
        --var human_score --var bot_score --var round 2>"$tmp/sim.err" |
        sed -n 's/^{"game":[0-9]*,"seed":\([0-9]*\),"winner":\([0-9a-z]*\),"decisions":\([0-9]*\),.*"vars":{"human_score":\(-*[0-9]*\),"bot_score":\(-*[0-9]*\),"round":\(-*[0-9]*\)},"error":null}$/seed=\1 winner=\2 human=\4 bot=\5 rounds=\6 decisions=\3/p' |
        sed 's/winner=null/winner=0/'
}

# compare FILE VARIANT GAMES: the ruleset's and the reference's games agree
compare() {
    file=$1 variant=$2 games=$3
    ruleset_results "$file" "$games" >"$tmp/ordo"
    "$REF" --data "$DATA" --seed 1 --games "$games" --variant "$variant" >"$tmp/ref" 2>&1 || {
        bad "$variant: splendor_ref failed: $(head -1 "$tmp/ref")"
        return
    }
    n=$(wc -l <"$tmp/ordo")
    if [ "$n" -ne "$games" ]; then
        bad "$file: $n results of $games games from ordo sim: $(head -2 "$tmp/sim.err")"
        return
    fi
    if cmp -s "$tmp/ordo" "$tmp/ref"; then
        echo "$variant ($file): seeds 1..$games agree (winners, prestige, rounds, decisions)"
        ok
        return
    fi
    first=$(paste -d'|' "$tmp/ordo" "$tmp/ref" | awk -F'|' '$1 != $2 { print NR; exit }')
    ndiff=$(paste -d'|' "$tmp/ordo" "$tmp/ref" | awk -F'|' '$1 != $2' | wc -l)
    bad "$variant ($file): $ndiff of $games seeds differ; the first, seed $first:"
    echo "    ruleset:      $(sed -n "${first}p" "$tmp/ordo")"
    echo "    hand-written: $(sed -n "${first}p" "$tmp/ref")"
    echo "    replay: $ORDO run $file --seed $first --policy random"
    echo "            $REF --data $DATA --variant $variant --seed $first --trace"
}

compare rulesets/splendor_solo.ordo base "$SEEDS"
for v in easier harder; do
    f=rulesets/splendor_$v.ordo
    if [ -f "$f" ]; then
        compare "$f" "$v" "$SEEDS_VARIANT"
    else
        echo "$v: skipped: no $f"
    fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

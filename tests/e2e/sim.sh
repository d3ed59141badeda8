#!/bin/sh
# sim.sh BUILD — `ordo sim`: the exact table of a small run, the same bytes
# with --jobs as without, --jsonl (a line a game, deterministic, the same
# games as `ordo run`), runtime errors (counted, the first printed with its
# seed, status 1), --var (an int var's final value), and bad command
# lines (one line on stderr, status 2), ends by a limit counted apart
# (table and --jsonl), shards (--shard K/N) whose --merge is the whole
# run's table and lines.
# Last line: "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo
TINY=tests/e2e/data/tiny.ordo
TITAN=rulesets/titan.ordo


# run STATUS CMD...: runs CMD (stdout in $tmp/out, stderr in $tmp/err) and
# requires its exit status
run() {
    status=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    got=$?
    if [ "$got" -eq "$status" ]; then
        ok
    else
        bad "$*: exit status $got, expected $status"
        head -5 "$tmp/err" | sed 's/^/    /'
    fi
}

# same_file WHAT A B: A and B hold the same bytes
same_file() {
    if cmp -s "$2" "$3"; then ok; else
        bad "$1: the outputs differ"
        diff "$2" "$3" | head -10 | sed 's/^/    /'
    fi
}

# 1. The exact table of a small run: three players, seat 1 takes the first
# option (random seats concede at once in tiny.ordo), the final score read
# from tiny's `score[player]`.
cat >"$tmp/want" <<'EOF'
ordo sim: tests/e2e/data/tiny.ordo, 40 games, seeds 7..46, 3 players, policies: first, random, random
outcome         games    rate   95% interval
player 1 wins       2    5.0%   [1.4%, 16.5%]
player 2 wins      22   55.0%   [39.8%, 69.3%]
player 3 wins      16   40.0%   [26.3%, 55.4%]
no winner           0    0.0%   [0.0%, 8.8%]
limit reached       0    0.0%   [0.0%, 8.8%]
errors              0    0.0%   [0.0%, 8.8%]
mean length: 42.2 decisions, 16.8 turns, 2199 VM instructions
mean final score: player 1 20.4, player 2 26.2, player 3 25.6
EOF
run 0 "$ORDO" sim "$TINY" --games 40 --seed 7 --players 3 --policy 1=first
same_file "the table of tiny.ordo" "$tmp/want" "$tmp/out"
[ -s "$tmp/err" ] && bad "sim printed on stderr: $(head -1 "$tmp/err")" || ok

# 2. --jobs K prints the same bytes as one process (table and JSON lines;
# more jobs than games too), for every reference ruleset and tiny
for f in rulesets/*.ordo "$TINY"; do
    for mode in "" --jsonl; do
        "$ORDO" sim "$f" --games 60 --seed 3 $mode >"$tmp/one" 2>&1
        for k in 3 8; do
            "$ORDO" sim "$f" --games 60 --seed 3 $mode --jobs "$k" >"$tmp/many" 2>&1
            same_file "$f $mode --jobs $k" "$tmp/one" "$tmp/many"
        done
    done
done
run 0 "$ORDO" sim "$TINY" --games 2 --jobs 5 --jsonl
n=$(wc -l <"$tmp/out")
[ "$n" -eq 2 ] && ok || bad "--games 2 --jobs 5: $n JSON lines, expected 2"

# 3. --jsonl: one object a game, in game order, the same on every run
run 0 "$ORDO" sim "$TITAN" --games 50 --jsonl
cp "$tmp/out" "$tmp/jsonl1"
n=$(wc -l <"$tmp/jsonl1")
[ "$n" -eq 50 ] && ok || bad "--jsonl: $n lines for 50 games"
if sed -n '50p' "$tmp/jsonl1" | grep -q '^{"game":49,"seed":50,"winner":[0-9n][^}]*"error":null}$'; then
    ok
else
    bad "--jsonl: last line is '$(sed -n '50p' "$tmp/jsonl1")'"
fi
run 0 "$ORDO" sim "$TITAN" --games 50 --jsonl
same_file "--jsonl, run twice" "$tmp/jsonl1" "$tmp/out"

# 4. game i of `ordo sim` is `ordo run --seed S+i` with the same policies:
# the same winner, decisions and VM steps
agree() {
    file=$1 seed=$2
    shift 2
    "$ORDO" sim "$file" --games 1 --seed "$seed" --jsonl "$@" >"$tmp/g" 2>/dev/null
    "$ORDO" run "$file" --seed "$seed" --trace none "$@" >/dev/null 2>&1
    "$ORDO" run "$file" --seed "$seed" "$@" 2>/dev/null | tail -n 1 >"$tmp/r"
    w=$(sed 's/.*"winner":\([^,]*\),.*/\1/' "$tmp/g")
    d=$(sed 's/.*"decisions":\([0-9]*\).*/\1/' "$tmp/g")
    s=$(sed 's/.*"steps":\([0-9]*\).*/\1/' "$tmp/g")
    if [ "$w" = null ]; then who="game over, no winner"; else who="player $w wins"; fi
    want="result: $who ($d decisions, $s VM steps)"
    if [ "$(cat "$tmp/r")" = "$want" ]; then ok; else
        bad "$file --seed $seed $*: run says '$(cat "$tmp/r")', sim '$want'"
    fi
}
for seed in 1 2 7 2024; do
    agree "$TITAN" "$seed"
    agree "$TITAN" "$seed" --players 3 --policy 2=first
    agree "$TINY" "$seed" --players 3 --policy 1=first
done
for f in rulesets/*.ordo; do agree "$f" 5; done

# 5. runtime errors: counted, the first printed with its seed, status 1;
# the same with --jobs
run 1 "$ORDO" sim "$TINY" --games 40 --seed 7 --players 3 --policy 1=first --max-steps 2100
grep -q '^errors             27   67\.5%   \[52\.0%, 79\.9%\]$' "$tmp/out" && ok ||
    bad "errors row: $(grep '^errors' "$tmp/out")"
want='ordo sim: seed 8: runtime error: step limit reached: 2100 VM instructions executed at step 1 "rounds" (tests/e2e/data/tiny.ordo:52)'
[ "$(cat "$tmp/err")" = "$want" ] && ok || bad "first error: '$(cat "$tmp/err")'"
cp "$tmp/out" "$tmp/err1"
run 1 "$ORDO" sim "$TINY" --games 40 --seed 7 --players 3 --policy 1=first --max-steps 2100 --jobs 3
same_file "errors with --jobs 3" "$tmp/err1" "$tmp/out"
[ "$(cat "$tmp/err")" = "$want" ] && ok || bad "first error with --jobs: '$(cat "$tmp/err")'"
run 1 "$ORDO" sim "$TINY" --games 2 --max-steps 150 --jsonl
grep -q '"winner":null,.*"scores":null,"error":"step limit reached: 150 VM instructions executed at step 1.1 \\"paint\\" ' \
    "$tmp/out" && ok || bad "an error in --jsonl: $(head -1 "$tmp/out")"

# 6. --var NAME: an int var without an index, its final value in each JSON
# line (after "scores") and its mean in the table; the same with --jobs
run 0 "$ORDO" sim "$TINY" --games 40 --seed 7 --players 3 --policy 1=first --var round
grep -qx 'mean final value: round 5.6' "$tmp/out" && ok ||
    bad "--var mean: $(tail -1 "$tmp/out")"
"$ORDO" sim "$TINY" --games 40 --seed 7 --players 3 --jsonl >"$tmp/plain" 2>&1
run 0 "$ORDO" sim "$TINY" --games 40 --seed 7 --players 3 --jsonl --var round --var round
cp "$tmp/out" "$tmp/vars"
sed 's/,"vars":{"round":[0-9]*,"round":[0-9]*}//' "$tmp/vars" >"$tmp/stripped"
same_file "--jsonl --var, the vars left out" "$tmp/plain" "$tmp/stripped"
grep -c '"vars":{"round":\([1-9][0-9]*\),"round":\1},"error":null}$' "$tmp/vars" | grep -qx 40 &&
    ok || bad "--var round in --jsonl: $(head -1 "$tmp/vars")"
run 0 "$ORDO" sim "$TINY" --games 40 --seed 7 --players 3 --jsonl --var round --var round --jobs 3
same_file "--var with --jobs 3" "$tmp/vars" "$tmp/out"
run 1 "$ORDO" sim "$TINY" --games 2 --max-steps 150 --jsonl --var round
grep -q '"scores":null,"vars":null,"error":"step limit' "$tmp/out" && ok ||
    bad "--var after an error: $(head -1 "$tmp/out")"

# 7. ends by reason: a limit the rules set (`because limit`) is counted
# apart from the real results, in the table and in --jsonl (issue 27)
cat >"$tmp/cap.ordo" <<'EOF'
ruleset "a cap"
players 1
sequence {
    step 1 "the end" {
        choose player 1 "how?" {
            option "win" { end game winner player 1 because "won" }
            option "cap" { end game winner player 1 because limit "the cap" }
        }
    }
}
EOF
run 0 "$ORDO" sim "$tmp/cap.ordo" --games 100 --seed 1
w=$(sed -n 's/^player 1 wins *\([0-9]*\) .*/\1/p' "$tmp/out")
l=$(sed -n 's/^limit reached *\([0-9]*\) .*/\1/p' "$tmp/out")
if [ -n "$w" ] && [ -n "$l" ] && [ "$l" -gt 0 ] && [ $((w + l)) -eq 100 ] &&
   grep -qx "ended because: \"won\" $w, \"the cap\" $l" "$tmp/out"; then ok; else
    bad "limit ends not apart in the table:"; cat "$tmp/out"; fi
run 0 "$ORDO" sim "$tmp/cap.ordo" --games 100 --seed 1 --jsonl
n=$(grep -c '"reason":"the cap","limit":true,' "$tmp/out")
m=$(grep -c '"reason":"won","limit":false,' "$tmp/out")
[ "$n" -eq "$l" ] && [ "$m" -eq "$w" ] && ok || bad "--jsonl reasons: $n of $l, $m of $w"
run 0 "$ORDO" sim "$TINY" --games 1 --jsonl
grep -q '"steps":[0-9]*,"reason":null,"limit":false,"scores"' "$tmp/out" && ok ||
    bad "--jsonl without a reason: $(cat "$tmp/out")"

# 8. bad command lines: one line on stderr, status 2, nothing on stdout
# usage STDERR_TEXT ARGS...
usage() {
    text=$1
    shift
    run 2 "$ORDO" sim "$@"
    n=$(wc -l <"$tmp/err")
    if [ "$n" -eq 1 ] && grep -qF -- "$text" "$tmp/err" && [ ! -s "$tmp/out" ]; then ok; else
        bad "sim $*: expected one line with '$text', got $n: $(head -2 "$tmp/err")"
    fi
}
usage "unknown policy 'clever' (policies: random, first, mcts)" "$TINY" --policy clever
usage "unknown policy 'clever'" "$TINY" --policy 2=clever
usage "--policy 3=first: there is no player 3 in a 2-player game" "$TINY" --policy 3=first
usage "bad seat in --policy 0=first" "$TINY" --policy 0=first
usage "bad value '0' for --games" "$TINY" --games 0
usage "bad value 'many' for --jobs" "$TINY" --jobs many
usage "bad value '257' for --jobs" "$TINY" --jobs 257
usage "option '--games' needs a value" "$TINY" --games
usage "unknown option '--trace'" "$TINY" --trace none
usage "--score nothing: tests/e2e/data/tiny.ordo has no var 'nothing'" "$TINY" --score nothing
usage "'color' is not an int var indexed by player" "$TINY" --score color
usage "--var nothing: tests/e2e/data/tiny.ordo has no var 'nothing'" "$TINY" --var nothing
usage "--var score: 'score' is not an int var without an index" "$TINY" --var score
usage "more than 8 --var options" "$TINY" --var round --var round --var round --var round \
    --var round --var round --var round --var round --var round
usage "--players must be in 2..3, not 4" "$TINY" --players 4
usage "runs past seed 2^64-1" "$TINY" --seed 18446744073709551615 --games 2
usage "cannot open 'no/such/file.ordo'" no/such/file.ordo
usage "no input file" --games 3
usage "bad value '4/3' for --shard" "$TINY" --shard 4/3
usage "bad value '0/2' for --shard" "$TINY" --shard 0/2
usage "--merge adds up shards; it plays none" "$TINY" --shard 1/2 --merge "$tmp/none"

# Shards (--shard K/N) of a run, on other machines, and --merge: the
# shards' lines are the whole run's, cut; their merge, in any order of the
# files, is the whole run's table and lines, byte for byte.
run 0 "$ORDO" sim "$TINY" --games 50 --seed 3 --players 3 --var round
cp "$tmp/out" "$tmp/whole.txt"
run 0 "$ORDO" sim "$TINY" --games 50 --seed 3 --players 3 --var round --jsonl
cp "$tmp/out" "$tmp/whole.jsonl"
for k in 1 2 3 4; do
    run 0 "$ORDO" sim "$TINY" --games 50 --seed 3 --players 3 --var round --jsonl --shard $k/4 --jobs 2
    cp "$tmp/out" "$tmp/shard$k.jsonl"
done
cat "$tmp"/shard1.jsonl "$tmp"/shard2.jsonl "$tmp"/shard3.jsonl "$tmp"/shard4.jsonl >"$tmp/cat.jsonl"
same_file "the shards' lines, one after another, and the whole run's" "$tmp/whole.jsonl" "$tmp/cat.jsonl"
run 0 "$ORDO" sim "$TINY" --players 3 --var round --merge "$tmp/shard3.jsonl" \
    --merge "$tmp/shard1.jsonl" --merge "$tmp/shard4.jsonl" --merge "$tmp/shard2.jsonl"
same_file "--merge of the shards and the whole run's table" "$tmp/whole.txt" "$tmp/out"
run 0 "$ORDO" sim "$TINY" --players 3 --var round --jsonl --merge "$tmp/shard2.jsonl" \
    --merge "$tmp/shard1.jsonl" --merge "$tmp/shard3.jsonl" --merge "$tmp/shard4.jsonl"
same_file "--merge --jsonl of the shards and the whole run's lines" "$tmp/whole.jsonl" "$tmp/out"
# what is not one run's is refused at its file and line
run 1 "$ORDO" sim "$TINY" --players 3 --merge "$tmp/shard1.jsonl" --merge "$tmp/shard3.jsonl"
grep -q "shard3.jsonl:1: game 25 follows a gap: a shard is missing" "$tmp/err" && ok ||
    bad "--merge with a shard missing: $(cat "$tmp/err")"
run 1 "$ORDO" sim "$TINY" --players 3 --merge "$tmp/shard1.jsonl" --merge "$tmp/shard1.jsonl"
grep -q "game 0 twice: the files overlap" "$tmp/err" && ok || bad "--merge of a shard twice"
{ head -n 2 "$tmp/shard1.jsonl"; echo '{"game":2,"seed":5,"winner":"x"}'; } >"$tmp/badline.jsonl"
run 1 "$ORDO" sim "$TINY" --players 3 --merge "$tmp/badline.jsonl"
grep -q "badline.jsonl:3: " "$tmp/err" && ok || bad "--merge of a bad line: $(cat "$tmp/err")"
sed 's/"reason":null/"reason":"no such text"/' "$tmp/shard1.jsonl" >"$tmp/reason.jsonl"
run 1 "$ORDO" sim "$TINY" --players 3 --merge "$tmp/reason.jsonl"
grep -q '"reason" is no text of this ruleset' "$tmp/err" && ok || bad "--merge of a foreign reason"

run 0 "$ORDO" sim --help
grep -q '^usage: ordo sim' "$tmp/out" && ok || bad "sim --help"
run 0 "$ORDO" sim --version
# --policy SEAT=NAME is accepted by `ordo run` too
run 2 "$ORDO" run "$TINY" --policy 3=first
run 0 "$ORDO" run "$TINY" --policy 2=first --trace none

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

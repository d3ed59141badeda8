#!/bin/sh
# play.sh BUILD — `ordo play` with scripted input on tests/e2e/data/stones.ordo:
# a whole game against a ruleset policy compared with a golden transcript
# (tests/e2e/golden/stones.play, refreshed with UPDATE_GOLDEN=1), bad input
# (a message, then the prompt again), the same seed and input giving the
# same transcript, the end of the input (status 1), policies on every seat
# (no input read), ruleset policies in `ordo run`, `ordo sim` and the
# emitted C, and bad command lines. Last line: "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo
STONES=tests/e2e/data/stones.ordo
GOLDEN=tests/e2e/golden/stones.play


# play STATUS INPUT ARGS...: `ordo play ARGS` with INPUT on stdin (stdout
# in $tmp/out, stderr in $tmp/err); requires its exit status
play() {
    status=$1 input=$2
    shift 2
    printf '%b' "$input" | "$ORDO" play "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -eq "$status" ]; then ok; else
        bad "play $* (input '$input'): exit status $got, expected $status"
        head -5 "$tmp/err" | sed 's/^/    /'
    fi
}

# has FILE TEXT: FILE holds the line TEXT
has() {
    if grep -qxF -- "$2" "$1"; then ok; else
        bad "no line '$2' in $1"
        head -40 "$1" | sed 's/^/    /'
    fi
}

count_is() { # count_is FILE TEXT N: TEXT is a line of FILE N times
    n=$(grep -cxF -- "$2" "$1")
    if [ "$n" -eq "$3" ]; then ok; else bad "'$2' $n times in $1, expected $3"; fi
}

# 1. A whole game: player 1 types, player 2 is the ruleset's greedy policy;
# bad input on the way, and options chosen by the start of their label
# (any case: "TAKE 1" is one option's whole label, "take" begins three).
# The transcript is the golden one, byte for byte.
INPUT='2\nx\n9\n\ntake\nTAKE 1\n1\n'
play 0 "$INPUT" "$STONES" --seed 5 --policy 2=greedy
if [ -n "$UPDATE_GOLDEN" ]; then
    cp "$tmp/out" "$GOLDEN"
fi
if cmp -s "$tmp/out" "$GOLDEN"; then ok; else
    bad "the transcript differs from $GOLDEN"
    diff "$GOLDEN" "$tmp/out" | head -20 | sed 's/^/    /'
fi
cp "$tmp/out" "$tmp/first"
# every bad line gets one message and the prompt again
count_is "$tmp/out" "Please type a number from 1 to 4." 1
count_is "$tmp/out" "Please type a number from 1 to 4, or the start of an option." 2
count_is "$tmp/out" '"take" begins 3 options: 1) take 1, 2) take 2, 3) take 3; type more of it, or a number.' 1
has "$tmp/out" "  choice player 2: take 3"
has "$tmp/out" "result: player 1 wins"
if [ ! -s "$tmp/err" ]; then ok; else bad "stderr not empty: $(head -1 "$tmp/err")"; fi

# 2. The same seed and input: the same transcript
play 0 "$INPUT" "$STONES" --seed 5 --policy 2=greedy
if cmp -s "$tmp/out" "$tmp/first"; then ok; else bad "the same game gave another transcript"; fi

# 3. The input ends first: status 1, a message, no result
play 1 '2\n' "$STONES" --policy 2=greedy
has "$tmp/err" "ordo play: the input ended before the game did"
if grep -q '^result:' "$tmp/out"; then bad "a result after the input ended"; else ok; fi

# 4. Policies on every seat: nothing read, the game played as `ordo run`
# plays it (the same choices), with random and the ruleset's policies
play 0 '' "$STONES" --seed 9 --policy careful
grep '^  choice ' "$tmp/out" | sed 's/^  //' >"$tmp/play_choices"
"$ORDO" run "$STONES" --seed 9 --policy careful | sed -n 's/^[0-9]* \(choice .*\)/\1/p' >"$tmp/run_choices"
if [ -s "$tmp/run_choices" ] && cmp -s "$tmp/play_choices" "$tmp/run_choices"; then ok; else
    bad "ordo play and ordo run chose differently with --policy careful"
fi
play 0 '' "$STONES" --seed 9 --policy 1=dice --policy 2=random
has "$tmp/out" "2 players, seed 9"

# 5. Ruleset policies in ordo run and ordo sim; unknown names list them all
"$ORDO" run "$STONES" --policy greedy >"$tmp/out" 2>&1
if grep -q '^result: player 2 wins (4 decisions, ' "$tmp/out"; then ok; else
    bad "run --policy greedy: $(tail -1 "$tmp/out")"
fi
"$ORDO" sim "$STONES" --games 20 --policy 1=careful --policy 2=greedy >"$tmp/out" 2>&1
has "$tmp/out" "ordo sim: tests/e2e/data/stones.ordo, 20 games, seeds 1..20, 2 players, policies: careful, greedy"
has "$tmp/out" "player 1 wins      20  100.0%   [83.9%, 100.0%]"
"$ORDO" run "$STONES" --policy 2=clever >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 2 ]; then ok; else bad "run --policy 2=clever: not status 2"; fi
has "$tmp/err" "ordo run: unknown policy 'clever' (policies: random, first, mcts, greedy, careful, dice)"

# 6. The policies emitted as C (BUILD/e2e/stones_host: examples/host.c with
# ordoc's tables) take the decisions the interpreter takes
HOST=$BUILD/e2e/stones_host
for args in "--policy careful --seed 3" "--policy dice --seed 4" "--policy 1=greedy --policy 2=dice --seed 8"; do
    # shellcheck disable=SC2086
    "$ORDO" run "$STONES" $args --trace jsonl >"$tmp/a" 2>&1
    # shellcheck disable=SC2086
    "$HOST" $args --trace jsonl >"$tmp/b" 2>&1
    if [ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b"; then ok; else
        bad "stones $args: ordo run and the emitted host differ"
        diff "$tmp/a" "$tmp/b" | head -5 | sed 's/^/    /'
    fi
done

# 7. ordo check -v lists the policies and displays
"$ORDO" check -v "$STONES" >"$tmp/out" 2>&1
has "$tmp/out" "  policy careful: leaves a multiple of 4 when it can, else waits, else takes one"
has "$tmp/out" '  display "Players"'

# 8. Bad command lines: status 2
play 2 '' "$STONES" --policy 2=clever
has "$tmp/err" "ordo play: unknown policy 'clever' (policies: random, first, mcts, greedy, careful, dice)"
play 2 '' "$STONES" --players 3
play 2 '' "$STONES" --trace none
play 2 '' no/such/file.ordo
play 2 ''
play 0 '' --help
has "$tmp/out" "usage: ordo play FILE [OPTIONS]"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

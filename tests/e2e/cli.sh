#!/bin/sh
# cli.sh BUILD — command-line behaviour of ordo, ordoc and a host: --help
# and --version succeed; an unknown flag or a missing file is a one-line
# error on stderr with exit status 2; options read from the commands'
# tables, and the man pages' option lists written from them. Last line:
# "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo ORDOC=$BUILD/ordoc
HOST=$BUILD/e2e/tiny_host
TINY=tests/e2e/data/tiny.ordo

# expect STATUS STDERR_LINES(any|0|1) CMD...
expect() {
    want=$1 lines=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    got=$?
    n=$(wc -l <"$tmp/err")
    if [ "$got" -ne "$want" ]; then
        echo "FAIL: $*: exit status $got, expected $want"
        head -5 "$tmp/err" | sed 's/^/    /'
        fail=$((fail + 1))
    elif [ "$lines" != any ] && [ "$n" -ne "$lines" ]; then
        echo "FAIL: $*: $n lines on stderr, expected $lines"
        head -5 "$tmp/err" | sed 's/^/    /'
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}
# expect_out PATTERN CMD...: exit 0 and stdout matches PATTERN
expect_out() {
    pat=$1
    shift
    if "$@" >"$tmp/out" 2>"$tmp/err" </dev/null && grep -q "$pat" "$tmp/out"; then
        pass=$((pass + 1))
    else
        echo "FAIL: $*: expected success and '$pat' on stdout"
        fail=$((fail + 1))
    fi
}

for bin in "$ORDO" "$ORDOC" "$HOST"; do
    expect_out 'usage' "$bin" --help
    expect_out '[0-9]\.[0-9]' "$bin" --version
    expect 2 1 "$bin" --no-such-flag
done
for sub in check run test; do
    expect_out 'usage: ordo '"$sub" "$ORDO" "$sub" --help
    expect_out '[0-9]\.[0-9]' "$ORDO" "$sub" --version
    expect 2 1 "$ORDO" "$sub" --no-such-flag "$TINY"
    expect 2 1 "$ORDO" "$sub" no/such/file.ordo
    expect 2 1 "$ORDO" "$sub"
done
expect 2 any "$ORDO"
expect 2 1 "$ORDO" frobnicate
expect 2 1 "$ORDOC" no/such/file.ordo -o "$tmp/x.c"
expect 2 1 "$ORDOC" "$TINY"
expect 2 1 "$ORDOC" "$TINY" -o
expect 2 1 "$ORDOC" "$TINY" -o "$tmp/x.c" --symbol 9bad
expect 0 0 "$ORDOC" "$TINY" -o "$tmp/x.c"
expect_out 'STEP' "$ORDOC" "$TINY" --disasm
expect 2 1 "$ORDO" run "$TINY" --seed banana
expect 2 1 "$ORDO" run "$TINY" --seed
expect 2 1 "$ORDO" run "$TINY" --policy clever
expect 2 1 "$ORDO" run "$TINY" --trace xml
expect 2 1 "$ORDO" run "$TINY" --players 99
expect 2 1 "$ORDO" run "$TINY" --choices no/such/file
expect 2 1 "$HOST" --players 99
expect 2 1 "$HOST" --choices no/such/file
expect 2 1 "$HOST" extra-argument
# a compile error: diagnostics, exit 1 (check, run, test and ordoc alike)
printf 'ruleset "broken"\nplayers 2\nsequence { x = 1 }\n' >"$tmp/broken.ordo"
expect 1 any "$ORDO" check "$tmp/broken.ordo"
expect 1 any "$ORDO" run "$tmp/broken.ordo"
expect 1 any "$ORDO" test "$tmp/broken.ordo"
expect 1 any "$ORDOC" "$tmp/broken.ordo" -o "$tmp/broken.c"
if [ -e "$tmp/broken.c" ]; then
    echo "FAIL: ordoc left an output file after a compile error"
    fail=$((fail + 1))
else
    pass=$((pass + 1))
fi
# success is silent for check (like cc), one line per file with -v
expect 0 0 "$ORDO" check "$TINY"
if [ -s "$tmp/out" ]; then
    echo "FAIL: ordo check printed on stdout on success"; fail=$((fail + 1))
else pass=$((pass + 1)); fi
expect_out ': ok' "$ORDO" check -v "$TINY"
# a runtime error names the step and the line of the statement that failed,
# in the interpreter and in an emitted-C host alike (the line table)
printf 'ruleset "t"\nplayers 2\nvar x: 0..5\nsequence {\n  step 1 "a" {\n    x = 1\n\n    x = x * 9\n  }\n}\n' \
    >"$tmp/rangeerr.ordo"
want='value out of range: x = 9: the value is not in 0..5 at step 1 "a" ('"$tmp"'/rangeerr.ordo:8)'
expect 1 1 "$ORDO" run "$tmp/rangeerr.ordo" --seed 1 --trace none
if grep -qF "$want" "$tmp/err"; then pass=$((pass + 1)); else
    echo "FAIL: runtime error line: got '$(cat "$tmp/err")'"; fail=$((fail + 1)); fi
# a scenario's failing assertion is reported with its file and line and the
# counts, and `ordo test` exits 1: an event counted wrong, an event that
# should not have happened (with arguments), a list compared with a literal,
# an end for another reason, rolls forced and never rolled or out of range,
# a comparison with the values of its two sides (issue 29, 5)
cat >"$tmp/counts.ordo" <<'EOS'
ruleset "c"
players 2
event hit(p: player, n: int)
var got: list of int [3]
var rolled: 0..12
sequence {
    emit hit(player 1, 2)
    emit hit(player 2, 2)
    add 7 to got
    rolled = roll 2d6
    end game because "all hit"
}
scenario "counted" {
    play
    expect event hit(_, 2) 2 times
    expect event hit(player 1, _) 2 times
}
scenario "not at all" {
    play
    expect no event hit(player 2, _)
}
scenario "at least" {
    play
    expect event hit at least 3 times
}
scenario "a list" {
    play
    expect got == [7, 7]
}
scenario "the reason" {
    play
    expect over because "none hit"
}
scenario "rolls left" {
    roll 7, 8
    play
}
scenario "a roll out of range" {
    roll 13
    play
}
scenario "values compared" {
    roll 7
    play
    expect got[1] + rolled > 14
}
scenario "more than a comparison" {
    roll 7
    play
    expect got[1] == 7 and rolled == 8
}
EOS
expect 1 0 "$ORDO" test "$tmp/counts.ordo"
for want in \
    "$tmp"'/counts.ordo:16: scenario "counted": expected event hit(player 1, _) 2 times, but it happened once' \
    "$tmp"'/counts.ordo:20: scenario "not at all": expected no event hit(player 2, _), but it happened (trace #2)' \
    "$tmp"'/counts.ordo:24: scenario "at least": expected event hit at least 3 times, but it happened 2 times' \
    "$tmp"'/counts.ordo:28: scenario "a list": expected got == [7, 7], but it is false' \
    "$tmp"'/counts.ordo:32: scenario "the reason": expected the game over because "none hit", but it ended because "all hit"' \
    "$tmp"'/counts.ordo:35: scenario "rolls left": 1 forced roll total never rolled (the first: 8)' \
    "$tmp"'/counts.ordo:40: scenario "a roll out of range": play stopped with a runtime error: value out of range: roll 2d6: a forced total of 13, not 2..12 in the sequence ('"$tmp"'/counts.ordo:10)' \
    "$tmp"'/counts.ordo:45: scenario "values compared": expected got[1] + rolled > 14, but it is false: 14 > 14' \
    "$tmp"'/counts.ordo:50: scenario "more than a comparison": expected got[1] == 7 and rolled == 8, but it is false' \
    "$tmp"'/counts.ordo: 9 of 9 scenarios failed'; do
    if grep -qxF "$want" "$tmp/out"; then pass=$((pass + 1)); else
        echo "FAIL: ordo test counts.ordo: no line '$want' in:"; sed 's/^/    /' "$tmp/out"
        fail=$((fail + 1))
    fi
done
# a simultaneous decision reveals every choice before it carries any out
# (issue 29, 3): each "revealed choice" line comes before the first
# follow-up decision a carried-out choice asks for, in the full trace and
# as each seat sees it
for as in "" "--as 1" "--as 2"; do
    "$ORDO" run tests/e2e/data/reveal.ordo --seed 4 --policy first $as >"$tmp/reveal" 2>&1
    last=$(grep -n 'revealed choice' "$tmp/reveal" | tail -n 1 | cut -d: -f1)
    follow=$(grep -n 'choice player .: \(double\|keep\)' "$tmp/reveal" | head -n 1 | cut -d: -f1)
    if [ -n "$last" ] && [ -n "$follow" ] && [ "$last" -lt "$follow" ] &&
        [ "$(grep -c 'revealed choice' "$tmp/reveal")" -eq 2 ]; then pass=$((pass + 1)); else
        echo "FAIL: reveal.ordo $as: the choices are not all revealed before a follow-up:"
        sed 's/^/    /' "$tmp/reveal"
        fail=$((fail + 1))
    fi
done
# a scenario that reaches a state where an invariant does not hold fails
# there, even when its own expectations hold
cat >"$tmp/inv.ordo" <<'EOS'
ruleset "i"
players 2
var n: 0..9
invariant "n stays below 3" = n < 3
sequence {
    n = 5
    choose player 1 "go" {
        option "a" { n = 1 }
    }
}
scenario "breaks" {
    play
    expect n == 5
}
EOS
expect 1 0 "$ORDO" test "$tmp/inv.ordo"
if grep -qxF "$tmp"'/inv.ordo:12: scenario "breaks": the invariant "n stays below 3" (line 4) does not hold: n < 3' "$tmp/out" &&
   grep -qxF '0 passed, 1 failed' "$tmp/out"; then pass=$((pass + 1)); else
    echo "FAIL: ordo test inv.ordo: the broken invariant did not fail the scenario:"; sed 's/^/    /' "$tmp/out"
    fail=$((fail + 1))
fi
# a layer may add displays and invariants of its own beside its base's
mkdir -p "$tmp/lay"
cat >"$tmp/lay/base.ordo" <<'EOS'
ruleset "b"
players 2
var n: 0..9
display "Base" {
    let x = n
    show "n {x}"
}
invariant "small" = n < 9
sequence {
    choose player 1 "go" {
        option "a" { n = 1 }
    }
}
EOS
cat >"$tmp/lay/layer.ordo" <<'EOS'
ruleset "l"
extends "base.ordo"
players 2
display "Layer" {
    let x = n + 1
    show "n+1 {x}"
}
invariant "tiny" = n < 5
EOS
echo 1 | "$ORDO" play "$tmp/lay/layer.ordo" >"$tmp/out" 2>&1
if grep -qxF -- '-- Base --' "$tmp/out" && grep -qxF -- '-- Layer --' "$tmp/out" &&
   grep -qxF '  n+1 1' "$tmp/out"; then pass=$((pass + 1)); else
    echo "FAIL: a layer's display beside its base's:"; sed 's/^/    /' "$tmp/out"
    fail=$((fail + 1))
fi
# '-' is the standard input (or output) everywhere a file is named
# check_io NAME CMD: the command's stdout (from stdin $tmp/in) matches PATTERN in $pat
stdin_out() {
    pat=$1 in=$2
    shift 2
    if "$@" <"$in" >"$tmp/out" 2>"$tmp/err" && grep -q "$pat" "$tmp/out"; then
        pass=$((pass + 1))
    else
        echo "FAIL: $* < $in: expected '$pat' on stdout"; head -3 "$tmp/err"; fail=$((fail + 1))
    fi
}
stdin_out '<stdin>: ok' "$TINY" "$ORDO" check -v -
stdin_out '<stdin>: ok 4 scenarios' "$TINY" "$ORDO" test -
stdin_out 'generated from <stdin>' "$TINY" "$ORDOC" - -o -
stdin_out 'const ordo_program stdin_program' "$TINY" "$ORDOC" - -o -
"$ORDO" run "$TINY" --seed 7 --record "$tmp/r7" >"$tmp/a7" 2>&1
stdin_out 'result:' "$tmp/r7" "$ORDO" run "$TINY" --seed 7 --choices -
if cmp -s "$tmp/out" "$tmp/a7"; then pass=$((pass + 1)); else
    echo "FAIL: --choices - plays another game"; fail=$((fail + 1)); fi
"$ORDO" run "$TINY" --seed 7 --record - --trace none >"$tmp/out" 2>&1
if cmp -s "$tmp/out" "$tmp/r7"; then pass=$((pass + 1)); else
    echo "FAIL: --record - did not print the decisions"; fail=$((fail + 1)); fi
expect 2 1 "$ORDO" play -
# grouped one-letter flags, as in other tools: -vt is -v -t
expect_out 'passed' "$ORDO" test -vt "$TINY"
expect 2 1 "$ORDO" test -vx "$TINY"
# ordo help COMMAND is COMMAND --help
expect_out 'usage: ordo sim' "$ORDO" help sim
# options from the tables (compiler/driver/options.c): a value in the next
# word or after '=', options after the file, a long option shortened to a
# start no other has; the errors are one line naming command and option
expect 0 0 "$ORDO" run "$TINY" --seed=3 --trace=none --max-st 0
expect 0 0 "$ORDO" run --trace none -- "$TINY"
expect 2 1 "$ORDO" sim "$TINY" --s 3
if grep -qxF "ordo sim: ambiguous option '--s' (--seed, --score, --shard)" "$tmp/err"; then
    pass=$((pass + 1)); else echo "FAIL: ambiguous --s: $(cat "$tmp/err")"; fail=$((fail + 1)); fi
expect 2 1 "$ORDO" test --coverage=yes "$TINY"
expect 2 1 "$ORDO" doc "$TINY" -o
if grep -qxF "ordo doc: option '-o' needs a value (try 'ordo doc --help')" "$tmp/err"; then
    pass=$((pass + 1)); else echo "FAIL: doc -o: $(cat "$tmp/err")"; fail=$((fail + 1)); fi
expect 2 1 "$ORDO" explore "$TINY" --ignore
expect 2 1 "$ORDO" check -W "$TINY"
expect 0 0 "$ORDO" check -Wno-unused -Werror=unused "$TINY"
# every command's --help ends with its exit statuses, and lists -h
for sub in check run sim play test mutate explore diff doc lsp; do
    expect_out '^  -h, --help' "$ORDO" "$sub" --help
    expect_out '^exit status:' "$ORDO" "$sub" --help
done
# the man pages' synopsis and options come from the same tables
expect_out '^\.SS "ordo sim"' "$ORDO" help --man options
expect_out '^\.B ordo explore' "$ORDO" help --man synopsis
expect_out '^\\fB\\-\\-symbol' "$ORDOC" --help-man options
expect 2 1 "$ORDO" help --man everything
for page in ordo ordoc; do
    tool=$ORDO args='help --man'
    [ $page = ordoc ] && tool=$ORDOC args=--help-man
    # shellcheck disable=SC2086
    if sh man/generate.sh man/$page.1.in "$tool" $args >"$tmp/$page.1" &&
       ! grep -q '@[A-Z]*@' "$tmp/$page.1" && grep -q '^\.SH OPTIONS' "$tmp/$page.1" &&
       grep -q '^\.TP' "$tmp/$page.1"; then pass=$((pass + 1)); else
        echo "FAIL: man/generate.sh man/$page.1.in"; fail=$((fail + 1)); fi
done
# a JSON Lines trace is valid JSON whatever bytes the ruleset's texts hold
printf 'ruleset "u"\nplayers 2\nsequence {\n    step 1 "s\303\050" {\n        log "caf\303\251 \342\202 \377"\n        end game winner player 1\n    }\n}\n' >"$tmp/utf8.ordo"
"$ORDO" run "$tmp/utf8.ordo" --trace jsonl >"$tmp/out" 2>&1
if grep -q 'caf\(\xc3\xa9\|é\) \\ufffd\\ufffd \\ufffd' "$tmp/out" && ! od -An -tx1 "$tmp/out" | grep -q ' ff'; then
    pass=$((pass + 1))
else
    echo "FAIL: invalid UTF-8 reached a JSON line:"; cat "$tmp/out"; fail=$((fail + 1))
fi
# a bot's default way to pay is the first offered (doc/language.md "Paying:
# the payer's choice"): with 2 blue and 1 gold, `first` pays blue, not gold
expect_out '^5 choice player 1: pay 2 blue$' "$ORDO" run examples/language/payment.ordo \
    --policy first --seed 3 --trace text
# `can` and the payments agree over every holding of payment_ways.ordo
# (its asserts), and every way the random policy takes pays to the end
for seed in 1 2 3 4 5 6 7 8 9 10; do
    expect 0 0 "$ORDO" run tests/e2e/data/payment_ways.ordo --seed "$seed" --trace none
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

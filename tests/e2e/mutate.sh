#!/bin/sh
# mutate.sh BUILD — what shows the scenarios pin the rules: `ordo mutate` on
# the tutorial's ruleset (the score line, the survivors named at their line
# with the rule they touch, the same report whatever --jobs, a survivor
# marked equivalent counted apart, --min-score, a ruleset whose scenarios
# fail as it is refused) and `ordo test --coverage` (all reached in the
# tutorial; what is never reached named, in a ruleset that has some).
# Last line: "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo
RACE=examples/tutorial/race.ordo

"$ORDO" mutate "$RACE" --jobs 1 >"$tmp/one" 2>&1; st1=$?
"$ORDO" mutate "$RACE" --jobs 3 >"$tmp/three" 2>&1; st3=$?
if [ $st1 -eq 0 ] && [ $st3 -eq 0 ] && cmp -s "$tmp/one" "$tmp/three"; then ok; else
    bad "ordo mutate: status $st1/$st3, or --jobs changed the report"; fi
if grep -q '^mutants: [0-9][0-9]* killed of [0-9][0-9]* ([0-9.]*%); 0 equivalent, [0-9][0-9]* stillborn$' "$tmp/one"; then
    ok; else bad "no score line: $(tail -n 1 "$tmp/one")"; fi
# a survivor: the dash's guard '> 0' moved to '> 1' (no scenario has one carrot)
if grep -q "^$RACE:54:53: survived: shift: 0 to 1 \[RACE-3\]$" "$tmp/one"; then ok; else
    bad "the survivor at 54:53 is not reported"; fi
# killed ones are not listed without -v; with -v they are
if grep -q ': killed' "$tmp/one"; then bad "killed mutants listed without -v"; else ok; fi
"$ORDO" mutate "$RACE" -v >"$tmp/v" 2>&1
if grep -q ": killed: drop: 'carrots\[p\] -= 1' left out$" "$tmp/v"; then ok; else
    bad "-v does not list a killed mutant"; fi
# the scenarios, policies and displays are never mutated
first_scenario=$(grep -n '^scenario' "$RACE" | head -n 1 | cut -d: -f1)
if grep "^$RACE:" "$tmp/v" | awk -F: -v s="$first_scenario" '$2 >= s { bad = 1 } END { exit bad }'; then ok; else
    bad "a line of a scenario was mutated"; fi
# a survivor marked equivalent in the ruleset is counted apart
cp "$RACE" "$tmp/race.ordo"
printf '# ordo-mutant equivalent shift "option "dash" when carrots[p] > 0 and terrain(pos[p]) != mud {": a test of the marker\n' >>"$tmp/race.ordo"
"$ORDO" mutate "$tmp/race.ordo" >"$tmp/eq" 2>&1
if grep -q '1 equivalent' "$tmp/eq" && ! grep -q ':54:53: survived' "$tmp/eq"; then ok; else
    bad "an equivalent mark was not read: $(tail -n 1 "$tmp/eq")"; fi
# statements that commute are not swapped: two assignments that do not
# name each other's var, two additions to one var, an assignment and an
# emit no trigger listens to; the others are
cat >"$tmp/swap.ordo" <<'EOF'
ruleset "swaps"
source "test"
players 2
var a: 0..99
var b: 0..99
var c: 0..99
var a_count_with_a_name_long_enough_to_make_the_line_longer_than_the_report_shows: 0..99
event e(p: player)
event f(p: player)
sequence {
    step 1 "s" {
        a += 1
        b += 2
        a += b
        emit e(player 1)
        c = a
        emit f(player 2)
        c += 1
        c -= 1
        a_count_with_a_name_long_enough_to_make_the_line_longer_than_the_report_shows += 1
    }
}
trigger on_f on f immediately {
    b += 1
}
# ordo-mutant equivalent drop "a_count_with_a_name_long_enough_to_make_the_line_longer_than_the_report_shows += 1": the whole line, not the report's cut
# ordo-mutant equivalent swap "b += 2": stale: these two commute, so no swap is made
scenario "runs" {
    play
    expect over
}
EOF
"$ORDO" mutate "$tmp/swap.ordo" -v >"$tmp/swaps" 2>&1
swaps=$(grep -o 'lines [0-9]* and [0-9]* swapped' "$tmp/swaps" | tr '\n' ' ')
if [ "$swaps" = "lines 13 and 14 swapped lines 16 and 17 swapped lines 17 and 18 swapped " ]; then ok; else
    bad "the swaps made: '$swaps' (12/13, 14/15, 15/16, 18/19 and 19/20 commute)"; fi
if grep -q '; 1 equivalent, ' "$tmp/swaps" && ! grep -q ":20:1: survived: drop" "$tmp/swaps"; then ok; else
    bad "a mark holding a long line whole was not read: $(tail -n 1 "$tmp/swaps")"; fi
n=$(grep -n 'equivalent swap "b += 2"' "$tmp/swap.ordo" | cut -d: -f1)
if grep -q "^$tmp/swap.ordo:$n: stale mark: no surviving mutant is the one it names\$" "$tmp/swaps" &&
   [ "$(grep -c 'stale mark' "$tmp/swaps")" = 1 ]; then ok; else
    bad "the stale mark at line $n is not reported alone:"; grep 'stale' "$tmp/swaps"; fi
# --min-score: 1 below it, 0 at or above
"$ORDO" mutate "$RACE" --min-score 100 >/dev/null 2>&1
if [ $? -eq 1 ]; then ok; else bad "--min-score 100 did not fail"; fi
"$ORDO" mutate "$RACE" --min-score 50 >/dev/null 2>&1
if [ $? -eq 0 ]; then ok; else bad "--min-score 50 failed"; fi
# a ruleset whose scenarios fail unmutated is refused: there is nothing to measure
sed 's/expect pos\[player 1\] == 6/expect pos[player 1] == 7/' "$RACE" >"$tmp/bad.ordo"
"$ORDO" mutate "$tmp/bad.ordo" >"$tmp/bad" 2>&1
if [ $? -eq 1 ] && grep -q 'its scenarios fail as it is' "$tmp/bad"; then ok; else
    bad "a failing ruleset was mutated"; fi
"$ORDO" mutate --jobs 0 "$RACE" >/dev/null 2>&1
if [ $? -eq 2 ]; then ok; else bad "--jobs 0 accepted"; fi
# coverage
"$ORDO" test --coverage "$RACE" >"$tmp/cov" 2>&1
if grep -q '^  steps: 6 of 6 ran$' "$tmp/cov" && grep -q '^  rule IDs: 6 of 6 reached$' "$tmp/cov" &&
   grep -q '^7 passed, 0 failed$' "$tmp/cov"; then ok; else bad "coverage of the tutorial:"; cat "$tmp/cov"; fi
sed '/^scenario "a rabbit that lands on a burrow may tunnel"/,/^}/d' "$RACE" >"$tmp/fewer.ordo"
"$ORDO" test --coverage "$tmp/fewer.ordo" >"$tmp/cov2" 2>&1
if grep -q 'never: option "tunnel 3 spaces ahead"' "$tmp/cov2" && grep -q '^  options: 4 of 5 chosen$' "$tmp/cov2"; then
    ok; else bad "an option no scenario takes is not named:"; cat "$tmp/cov2"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

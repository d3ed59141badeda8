#!/bin/sh
# diff.sh BUILD — `ordo diff` on the layers of tests/e2e/data/diff_base.ordo
# (a constant, an option, events alone, an override that changes nothing) and the
# shipped rulesets: the differences found, at their lines, explained; the
# exit status as diff(1)'s; --rules; the scenarios it writes pass with
# `extends` A and fail with `extends` B; a ruleset against itself finds
# nothing; bad files and players neither share exit 2 with a message.
# Last line: "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo
D=tests/e2e/data
A=$D/diff_base.ordo

# expect_status WANT WHAT CMD...: runs CMD into $tmp/out, checks its status
expect_status() {
    want=$1 what=$2
    shift 2
    "$@" >"$tmp/out" 2>&1
    st=$?
    if [ "$st" -eq "$want" ]; then ok; else bad "$what: status $st, not $want:"; cat "$tmp/out"; fi
}
has() {
    if grep -q -- "$1" "$tmp/out"; then ok; else bad "no line '$1' in:"; cat "$tmp/out"; fi
}
hasnt() {
    if ! grep -q -- "$1" "$tmp/out"; then ok; else bad "a line '$1' in:"; cat "$tmp/out"; fi
}
# scenarios_part FILE B: FILE's scenarios pass as written (extending A)
# and each that asserts something fails extending B (a set-up's
# statements B alone runs put back, those of A alone taken out)
scenarios_part() {
    "$ORDO" test "$1" >"$tmp/t" 2>&1
    if [ $? -eq 0 ]; then ok; else bad "the scenarios of $1 fail with A:"; cat "$tmp/t"; fi
    sed -e "s|^extends \".*\"|extends \"$PWD/$2\"|" -e 's/^\( *\)# in B alone: /\1/' \
        -e '/ # in A alone$/d' "$1" >"$tmp/onb.ordo"
    n=$(grep -c '^    expect' "$1")
    "$ORDO" test "$tmp/onb.ordo" >"$tmp/t" 2>&1
    failed=$(sed -n 's/.*: \([0-9]*\) of [0-9]* scenarios* failed$/\1/p' "$tmp/t")
    if [ "$n" -gt 0 ] && [ "${failed:-0}" -eq "$n" ]; then ok; else
        bad "$n scenarios assert, ${failed:-0} fail extending $2:"; cat "$tmp/t"; fi
}

expect_status 1 "a constant" "$ORDO" diff "$A" $D/diff_const.ordo --scenarios "$tmp/c.ordo"
has "rests\[player 1\]: 1 in A, 2 in B \[DT-2\]"
has "explained by proc take_turn: its code"
has "^2 differences in 2 rule IDs; unexplained: 0$"
scenarios_part "$tmp/c.ordo" $D/diff_const.ordo

expect_status 1 "an option" "$ORDO" diff "$A" $D/diff_option.ordo --scenarios "$tmp/o.ordo"
has "$A:23: $D/diff_option.ordo:8: an option offered by one alone: \"leap 3\" is offered in B, not in A"
has "explained by proc take_turn: overridden"
has "^1 difference in 1 rule ID; unexplained: 0$"
scenarios_part "$tmp/o.ordo" $D/diff_option.ordo

expect_status 1 "events alone" "$ORDO" diff "$A" $D/diff_emit.ordo --scenarios "$tmp/e.ordo"
has "^3 differences in 3 rule IDs; unexplained: 0$"
if grep -q '^    expect event moved 1 times$' "$tmp/e.ordo"; then ok; else
    bad "no count of events asserted:"; cat "$tmp/e.ordo"; fi
scenarios_part "$tmp/e.ordo" $D/diff_emit.ordo

expect_status 0 "an override that changes nothing" "$ORDO" diff "$A" $D/diff_same.ordo
has "every pair reached"
has "^0 differences in 0 rule IDs; unexplained: 0$"
expect_status 0 "--rules, nothing" "$ORDO" diff --rules "$A" $D/diff_same.ordo
has "^0 declarations differ"
expect_status 1 "--rules, a constant" "$ORDO" diff --rules "$A" $D/diff_const.ordo
has "^const REST: changed, from 1 to 2 (A $A:9, B $D/diff_const.ordo:6)$"
has "^proc take_turn: changed, its code"
expect_status 1 "--rules, an option" "$ORDO" diff --rules "$A" $D/diff_option.ordo
has "^option \"leap 3\" in step 4: only in B"

# ordo doc --changes-from: the section, in both formats
expect_status 0 "ordo doc --changes-from" "$ORDO" doc $D/diff_const.ordo --changes-from "$A" -o "$tmp/doc" --no-run
has "wrote $tmp/doc/diff_const.md"
if grep -q '^## What this layer changes$' "$tmp/doc/diff_const.md" &&
   grep -q '^- const REST: changed, from 1 to 2$' "$tmp/doc/diff_const.md" &&
   grep -q 'What this layer changes' "$tmp/doc/diff_const.html"; then ok; else
    bad "no section on the changes:"; cat "$tmp/doc/diff_const.md"; fi
"$ORDO" doc $D/diff_const.ordo -o "$tmp/doc2" --no-run --format md >/dev/null 2>&1
if ! grep -q 'What this layer changes' "$tmp/doc2/diff_const.md"; then ok; else
    bad "the section on the changes without --changes-from"; fi
expect_status 2 "ordo doc --changes-from a missing file" "$ORDO" doc $D/diff_const.ordo --changes-from "$tmp/none.ordo" -o "$tmp/doc3"

# the shipped layers
S=rulesets/splendor_solo.ordo
for v in easier harder; do
    expect_status 1 "splendor $v" "$ORDO" diff $S rulesets/splendor_$v.ordo --scenarios "$tmp/$v.ordo"
    has "unexplained: 0$"
    scenarios_part "$tmp/$v.ordo" rulesets/splendor_$v.ordo
done
expect_status 1 "catan_cwc --rules" "$ORDO" diff --rules rulesets/catan.ordo rulesets/catan_cwc.ordo
has "^proc produce: changed, overridden .*CWC-3.0.9"
expect_status 1 "catan_cwc" "$ORDO" diff rulesets/catan.ordo rulesets/catan_cwc.ordo --walks 20 --seconds 3
has "unexplained: 0$"
hasnt "^CWC-3.0.16$"

# --from: the set-up of a scenario as a start besides the game's. A
# boost only a scenario sets is never reached from the start; from the
# layer's own scenario it is, the statement A does not declare run in B
# alone, and the scenario written starts with that set-up.
H=$D/diff_hidden.ordo
expect_status 0 "a boost no move sets" "$ORDO" diff "$A" $H
has "^0 differences in 0 rule IDs; unexplained: 0$"
expect_status 1 "a boost, --from" "$ORDO" diff "$A" $H --from $H --scenarios "$tmp/h.ordo"
has "^  $D/diff_base.ordo:16: $H:11: the same choice, other events: .*moved(player 1, 2).* \[DT-9 DT-2\]$"
has "^    from the set-up of scenario \"DT-9: a boosted move\" ($H:17); in B alone: boost = 1$"
has "^    then seed 1, 1 decisions: choose \"step 1\""
has "and 1 scenario's set-up"
has "^1 difference in 2 rule IDs; unexplained: 0$"
if grep -q '^        # in B alone: boost = 1$' "$tmp/h.ordo"; then ok; else
    bad "no set-up in the scenario written:"; cat "$tmp/h.ordo"; fi
scenarios_part "$tmp/h.ordo" $H
expect_status 1 "--from FILE:NAME" "$ORDO" diff "$A" $H --from "$H:DT-9" --seconds 2
expect_status 0 "a ruleset against itself, --from" "$ORDO" diff $H $H --from $H
has "^0 differences"
expect_status 2 "--from, no such scenario" "$ORDO" diff "$A" $H --from "$H:nothing"
has "no scenario named \"nothing\""
expect_status 2 "--from a missing file" "$ORDO" diff "$A" $H --from "$tmp/none.ordo"
# odd files: a folder and a device (the compiler's reader refuses them,
# naming why), an empty file and a scenario never closed (no compile)
: >"$tmp/empty.ordo"
printf 'ruleset "u"\nextends "%s"\nscenario "open" {\n    play\n' "$PWD/$H" >"$tmp/unterm.ordo"
expect_status 2 "--from a folder" "$ORDO" diff "$A" $H --from "$tmp"
has "cannot read it (Is a directory)$"
expect_status 2 "--from a device" "$ORDO" diff "$A" $H --from /dev/null
has "cannot read it (No such device)$"
expect_status 2 "--from an empty file" "$ORDO" diff "$A" $H --from "$tmp/empty.ordo"
has "does not compile$"
expect_status 2 "--from a scenario never closed" "$ORDO" diff "$A" $H --from "$tmp/unterm.ordo"
has "does not compile$"
# a set-up that fails in a ruleset is trouble for that start, not a crash
printf 'ruleset "s"\nextends "%s"\nscenario "bad" {\n    play\n    choose "leap 9"\n    expect pos[player 1] == 9\n}\n' \
    "$PWD/$H" >"$tmp/bad_setup.ordo"
expect_status 2 "a set-up that fails" "$ORDO" diff "$A" $H --from "$tmp/bad_setup.ordo"
has "^trouble: the set-up of scenario \"bad\" ($tmp/bad_setup.ordo:3): in A, at line 5: choose \"leap 9\": not offered$"

# ordo doc --changes-search: the section also lists the partings a search
# finds, from the start and from the situations' set-ups
expect_status 0 "ordo doc --changes-search --changes-situations" "$ORDO" doc $H --changes-from "$A" \
    --changes-search 5 --changes-situations $H -o "$tmp/doch" --no-run --format md
if grep -q '^Where play parts, found by playing both in lockstep (`ordo diff`): 1 difference in 2 rule IDs; unexplained: 0 (searched .* and 1 scenario.s set-up' "$tmp/doch/diff_hidden.md" &&
   grep -q '^- \\\[DT-9 DT-2\\\] .*moved(player 1, 2).*explained by .* after the set-up of scenario "DT-9: a boosted move"' "$tmp/doch/diff_hidden.md"; then
    ok; else bad "no partings in the section:"; sed -n '/What this layer/,$p' "$tmp/doch/diff_hidden.md" | head -20; fi
expect_status 0 "ordo doc --changes-search, none found" "$ORDO" doc $H --changes-from "$A" \
    --changes-search 2 -o "$tmp/doch2" --no-run --format md
if grep -q '^Where play parts, .*: 0 differences in 0 rule IDs; unexplained: 0' "$tmp/doch2/diff_hidden.md"; then
    ok; else bad "no search line without a parting:"; sed -n '/What this layer/,$p' "$tmp/doch2/diff_hidden.md"; fi
expect_status 0 "ordo doc --changes-walks" "$ORDO" doc $H --changes-from "$A" --changes-search 2 \
    --changes-walks 20 --changes-situations "$H:DT-9" -o "$tmp/doch4" --no-run --format md
if grep -q '^Where play parts, .*: 1 difference in 2 rule IDs; unexplained: 0' "$tmp/doch4/diff_hidden.md"; then
    ok; else bad "--changes-walks: not the parting"; sed -n '/What this layer/,$p' "$tmp/doch4/diff_hidden.md"; fi
expect_status 2 "--changes-walks without --changes-search" "$ORDO" doc $H --changes-from "$A" \
    --changes-walks 3 -o "$tmp/doch3"
expect_status 2 "--changes-search without --changes-from" "$ORDO" doc $H --changes-search 2 -o "$tmp/doch3"
expect_status 2 "--changes-situations without --changes-search" "$ORDO" doc $H --changes-from "$A" \
    --changes-situations $H -o "$tmp/doch3"

# catan against the layer: CWC-3.0.9 (a bank short) and 3.0.16 (a die off
# the tray), which no walk reaches, from the layer's situations
expect_status 1 "catan_cwc --from" "$ORDO" diff rulesets/catan.ordo rulesets/catan_cwc.ordo \
    --walks 20 --seconds 2 --from rulesets/situations/catan_cwc.ordo --scenarios "$tmp/cwc.ordo"
has "^CWC-3.0.9$"
has "^CWC-3.0.16$"
has "explained by proc produce: overridden"
has "explained by proc roll_dice"
has "unexplained: 0$"
scenarios_part "$tmp/cwc.ordo" rulesets/catan_cwc.ordo
# the layer's own scenario as the situation: its set-up forces `roll 5, 8`
# and chooses the roll; the base rolls once, so the scenario written
# forces the 5 alone (the 8 would be left unrolled in A)
expect_status 1 "catan_cwc --from its own scenario" "$ORDO" diff rulesets/catan.ordo \
    rulesets/catan_cwc.ordo --walks 5 --seconds 1 --from "rulesets/catan_cwc.ordo:CWC-3.0.16" \
    --scenarios "$tmp/cwc16.ordo"
# placed at the base's roll step and the layer's roll_dice, wherever they stand
la=$(grep -n 'step 3.2 "the roll"' rulesets/catan.ordo | cut -d: -f1)
lb=$(grep -n '^proc roll_dice' rulesets/catan_cwc.ordo | cut -d: -f1)
has "^  rulesets/catan.ordo:$la: rulesets/catan_cwc.ordo:$lb: the same choice, other events: event 4 of the move: \"event rolled(player 1, 5)\" in A, \"event die_off_tray(player 1, 5)\" in B \[CWC-3.0.16 "
if grep -q '^    roll 5$' "$tmp/cwc16.ordo"; then ok; else
    bad "the set-up's roll not cut to what A rolled:"; cat "$tmp/cwc16.ordo"; fi
scenarios_part "$tmp/cwc16.ordo" rulesets/catan_cwc.ordo
expect_status 0 "catan_cwc against itself, --from" "$ORDO" diff rulesets/catan_cwc.ordo \
    rulesets/catan_cwc.ordo --walks 20 --seconds 1 --from rulesets/situations/catan_cwc.ordo
"$ORDO" test rulesets/situations/catan_cwc.ordo >"$tmp/out" 2>&1
has "ok 2 scenarios"

# a ruleset against itself: nothing, by rules and by play
for f in rulesets/*.ordo $A; do
    expect_status 0 "$f against itself, --rules" "$ORDO" diff --rules "$f" "$f"
    expect_status 0 "$f against itself" "$ORDO" diff "$f" "$f" --seconds 2 --walks 20
done

# trouble: exit 2, a message, no crash
expect_status 2 "a missing file" "$ORDO" diff "$A" "$tmp/none.ordo"
expect_status 2 "one file" "$ORDO" diff "$A"
expect_status 2 "three files" "$ORDO" diff "$A" "$A" "$A"
printf 'ruleset "x"\nplayers 2\nsequence { oops }\n' >"$tmp/broken.ordo"
expect_status 2 "a compile error" "$ORDO" diff "$A" "$tmp/broken.ordo"
printf 'ruleset "three"\nplayers 3\nsequence {\n    end game because "done"\n}\n' >"$tmp/three.ordo"
expect_status 2 "other players" "$ORDO" diff "$A" "$tmp/three.ordo"
has "players"
expect_status 2 "--scenarios over a ruleset" "$ORDO" diff "$A" $D/diff_const.ordo --scenarios $D/diff_const.ordo
expect_status 2 "a bad number" "$ORDO" diff "$A" "$A" --depth x
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

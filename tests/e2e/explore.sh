#!/bin/sh
# explore.sh BUILD — `ordo explore` finds what is planted in
# examples/explore/: a deadlock (deadlock.ordo), play that spins without a
# decision and play that goes round in circles (circles.ordo), a broken
# invariant (invariant.ordo), a hole only some rolls reach (dice.ordo), a
# deadlock behind a hidden card and who could have known it (hidden.ordo); each as an
# error at its line, exit status 1; the scenarios it writes replay each
# finding and fail, in `ordo test`, while the rules are as they are. A
# clean game explores completely, exit 0; --jobs does not change the
# report; random walks are reproducible. Walks cut off by --depth, walks
# round in circles and ends by a limit the rules set are reported with
# their ways there; --seconds stops a walk that never ends and a long
# chain's search within a second. Faults planted 20 or more decisions deep
# in copies of Odin, Teotihuacan and Splendor are found by the default
# search (breadth first, then guided walks) with --first; guided walks keep
# their rolls, go on past a full store and write shortened ways; --first
# and --bfs. A ruleset of `symmetric players` (symmetry.ordo) is searched
# in fewer states than with --no-symmetry, with the same findings. Last
# line: "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo
DL=examples/explore/deadlock.ordo CI=examples/explore/circles.ordo
IV=examples/explore/invariant.ordo

"$ORDO" explore "$IV" --scenarios "$tmp/iv.ordo" >"$tmp/out" 2>&1
st=$?
if [ $st -eq 1 ] && grep -q "^$IV:14:1: error: invariant broken: \"the bank and the hands hold 6 gems\" does not hold" "$tmp/out" &&
   ! grep -q "more than 6 gems" "$tmp/out"; then ok; else
    bad "the broken invariant was not found, or a sound one was (status $st):"; cat "$tmp/out"; fi
cat "$IV" "$tmp/iv.ordo" >"$tmp/iv_with.ordo"
"$ORDO" test "$tmp/iv_with.ordo" >"$tmp/t" 2>&1
if [ $? -eq 1 ] && grep -q 'explore: invariant broken at line 14' "$tmp/t"; then
    ok; else bad "the invariant's scenario does not replay it:"; cat "$tmp/t"; fi

"$ORDO" explore "$DL" --scenarios "$tmp/dl.ordo" >"$tmp/out" 2>&1
st=$?
if [ $st -eq 1 ] && grep -q "^$DL:17:1: error: deadlock: no legal option: player 1 has no legal option" "$tmp/out" &&
   grep -q '(complete: every reachable state)' "$tmp/out"; then ok; else
    bad "the deadlock was not found (status $st):"; cat "$tmp/out"; fi
# the written scenario, pasted into the ruleset, replays the deadlock and fails
cat "$DL" "$tmp/dl.ordo" >"$tmp/dl_with.ordo"
"$ORDO" test "$tmp/dl_with.ordo" >"$tmp/t" 2>&1
if [ $? -eq 1 ] && grep -q 'explore: deadlock at line 17' "$tmp/t" && grep -q 'no legal option' "$tmp/t"; then
    ok; else bad "the deadlock's scenario does not replay it:"; cat "$tmp/t"; fi

"$ORDO" explore "$CI" --ignore turns --scenarios "$tmp/ci.ordo" >"$tmp/out" 2>&1
st=$?
if [ $st -eq 1 ] && grep -q "^$CI:33:1: error: no progress: play ran 1000000 VM instructions" "$tmp/out" &&
   grep -q "^$CI:20:1: error: no progress: from here no end can be reached" "$tmp/out"; then ok; else
    bad "the loops were not found (status $st):"; cat "$tmp/out"; fi
cat "$CI" "$tmp/ci.ordo" >"$tmp/ci_with.ordo"
"$ORDO" test "$tmp/ci_with.ordo" >"$tmp/t" 2>&1
if [ $? -eq 1 ] && [ "$(grep -c 'scenario "explore: no progress' "$tmp/t")" -eq 2 ]; then ok; else
    bad "the loops' scenarios do not fail:"; cat "$tmp/t"; fi
# without --ignore turns, every turn makes a new state: the circles are not
# seen as such (the search is bounded instead)
"$ORDO" explore "$CI" --depth 12 >"$tmp/out" 2>&1
if grep -q 'bounded: not every state' "$tmp/out" && ! grep -q 'round in circles' "$tmp/out"; then ok; else
    bad "--depth did not bound the search:"; cat "$tmp/out"; fi

# chance expanded: the run off the end needs 12, 12 and 11 or more, which
# the search finds as branches of the rolls, and its scenario forces them
# with `roll`; following seed 1's dice alone misses it
DI=examples/explore/dice.ordo
"$ORDO" explore "$DI" --scenarios "$tmp/di.ordo" >"$tmp/out" 2>&1
st=$?
if [ $st -eq 1 ] && grep -q "^$DI:33:1: error: runtime error: value out of range: pos = 35" "$tmp/out" &&
   grep -q "^$DI:19:1: warning: unreachable: trigger jackpot: never fired (no game reaches it)" "$tmp/out" && grep -q "^  rule IDs: 2 of 2 reached" "$tmp/out" &&
   grep -q '(complete: every reachable state)' "$tmp/out" && grep -q '^    roll 12$' "$tmp/di.ordo"; then
    ok; else bad "the double sixes were not found (status $st):"; cat "$tmp/out" "$tmp/di.ordo"; fi
cat "$DI" "$tmp/di.ordo" >"$tmp/di_with.ordo"
"$ORDO" test "$tmp/di_with.ordo" >"$tmp/t" 2>&1
if [ $? -eq 1 ] && grep -q 'explore: runtime error at line 33' "$tmp/t" && grep -q 'pos = 35' "$tmp/t"; then
    ok; else bad "the dice's scenario does not replay it:"; cat "$tmp/t"; fi
"$ORDO" explore "$DI" --seeded-dice >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q '(complete: every reachable state)' "$tmp/out"; then ok; else
    bad "--seeded-dice: expected seed 1's dice to miss the hole:"; cat "$tmp/out"; fi
"$ORDO" explore "$DI" --outcomes 5 >"$tmp/out" 2>&1
if grep -q 'more than 5 outcomes of its rolls' "$tmp/out" && grep -q 'bounded: not every state' "$tmp/out"; then
    ok; else bad "--outcomes did not bound the search:"; cat "$tmp/out"; fi

# hidden information: the deadlock behind player 1's hidden 3, and who
# could have known at player 2's call (player 1 sees the 3; player 2 does not)
HI=examples/explore/hidden.ordo
"$ORDO" explore "$HI" --scenarios "$tmp/hi.ordo" >"$tmp/out" 2>&1
st=$?
if [ $st -eq 1 ] && grep -q "^$HI:35:1: error: deadlock: .*; player 1 could have known, player 2 could not)$" "$tmp/out"; then
    ok; else bad "the hidden deadlock, or who could have known it, was not reported (status $st):"; cat "$tmp/out"; fi
cat "$HI" "$tmp/hi.ordo" >"$tmp/hi_with.ordo"
"$ORDO" test "$tmp/hi_with.ordo" >"$tmp/t" 2>&1
if [ $? -eq 1 ] && grep -q 'explore: deadlock at line 35' "$tmp/t" && grep -q 'no legal option' "$tmp/t"; then
    ok; else bad "the hidden deadlock's scenario does not replay it:"; cat "$tmp/t"; fi
# without hidden state, nothing is said of who could have known
"$ORDO" explore "$DL" >"$tmp/out" 2>&1
if grep -q 'deadlock' "$tmp/out" && ! grep -q 'could have known\|could not' "$tmp/out"; then ok; else
    bad "a ruleset without hidden state was told who could have known"; fi

# a game with nothing wrong: complete, exit 0, the ends counted
"$ORDO" explore tests/e2e/data/stones.ordo >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q '^explore: 515 states in 1 seed (complete: every reachable state)' "$tmp/out" &&
   grep -q 'ends: 196, player 1 wins 100, player 2 wins 96' "$tmp/out"; then ok; else
    bad "stones.ordo:"; cat "$tmp/out"; fi
# breadth first keeps fingerprints, not blocks, and says how likely a
# collision was (TLC's n^2/2^65); with hidden state too (who could have
# known replays the states it compares from the start)
if grep -q '^  fingerprints: states known by a 64-bit hash; the chance that two were taken for one: 7.2e-15$' "$tmp/out"; then
    ok; else bad "stones.ordo: no estimate of a collision"; fi
"$ORDO" explore "$HI" >"$tmp/out" 2>&1
if grep -q '^  fingerprints: states known by a 64-bit hash; the chance that two were taken for one: 3.0e-17$' "$tmp/out" &&
   grep -q 'player 1 could have known, player 2 could not' "$tmp/out"; then ok; else
    bad "hidden.ordo: no fingerprints, or who could have known changed"; cat "$tmp/out"; fi
# several seeds, one process or three: the same report but for the rate
"$ORDO" explore "$DL" --seeds 5 --jobs 1 2>&1 | sed 's/, [0-9]* states\/s$//' >"$tmp/j1"
"$ORDO" explore "$DL" --seeds 5 --jobs 3 2>&1 | sed 's/, [0-9]* states\/s$//' >"$tmp/j3"
if cmp -s "$tmp/j1" "$tmp/j3" && grep -q 'in 5 seeds' "$tmp/j1"; then ok; else
    bad "--jobs changed the report"; diff "$tmp/j1" "$tmp/j3" | head; fi
# random walks: reproducible
"$ORDO" explore examples/tutorial/race.ordo --walks 50 2>&1 | sed 's/, [0-9]* states\/s$//' >"$tmp/w1"
"$ORDO" explore examples/tutorial/race.ordo --walks 50 2>&1 | sed 's/, [0-9]* states\/s$//' >"$tmp/w2"
if cmp -s "$tmp/w1" "$tmp/w2" && grep -q '(random walks)' "$tmp/w1"; then ok; else
    bad "random walks are not reproducible"; fi
# bad command lines
"$ORDO" explore "$DL" --ignore nosuchvar >/dev/null 2>&1
if [ $? -eq 2 ]; then ok; else bad "--ignore of no var accepted"; fi
"$ORDO" explore "$DL" --scenarios "$DL" >/dev/null 2>&1
if [ $? -eq 2 ] && grep -q 'planted deadlock' "$DL"; then ok; else bad "--scenarios over the ruleset"; fi
# scenarios that cannot be written fail the run, findings or none (issue 33)
"$ORDO" explore tests/e2e/data/tiny.ordo --seconds 1 --scenarios "$tmp/no/such/dir/x.ordo" \
    >/dev/null 2>"$tmp/err"
if [ $? -eq 1 ] && grep -q "cannot write" "$tmp/err"; then ok; else
    bad "--scenarios that cannot be written: not exit 1"; cat "$tmp/err"; fi
# Bounds and what walks tell (issue 27). A game that never ends (every turn
# a new state): a walk cut off by --depth is a warning, counted, with the
# way to it as a scenario that `ordo test` replays
cat >"$tmp/forever.ordo" <<'EOF'
ruleset "forever"
players 1
var n: 0..9
var done: bool
sequence {
    step 1 "flip for ever" {
        repeat until done {
            turn player 1 {
                choose player 1 "flip?" {
                    option "flip" { n = 1 - n }
                    option "stay" { n = n }
                    option "stop" when n == 5 { done = true }
                }
            }
        }
        end game winner player 1
    }
}
EOF
"$ORDO" explore "$tmp/forever.ordo" --walks 3 --depth 5 --scenarios "$tmp/cut.ordo" >"$tmp/out" 2>&1
st=$?
if [ $st -eq 0 ] && grep -q "^$tmp/forever.ordo:9:1: warning: cut off: a random walk did not end within 5 decisions (--depth): 3 walks, the first (seed 1, 5 decisions from the start)$" "$tmp/out" &&
   [ "$(grep -c '^    choose ' "$tmp/cut.ordo")" -eq 5 ]; then ok; else
    bad "walks cut off by --depth were not reported (status $st):"; cat "$tmp/out"; fi
cat "$tmp/forever.ordo" "$tmp/cut.ordo" >"$tmp/cut_with.ordo"
if "$ORDO" test "$tmp/cut_with.ordo" >"$tmp/t" 2>&1; then ok; else
    bad "the cut-off walk's scenario does not replay:"; cat "$tmp/t"; fi
# --seconds stops a walk that never ends, not only between walks
start=$(date +%s)
timeout 30 "$ORDO" explore "$tmp/forever.ordo" --walks 1 --seconds 1 --memory 4096 >"$tmp/out" 2>&1
took=$(($(date +%s) - start))
if [ "$took" -le 4 ] && grep -q '(random walks)' "$tmp/out"; then ok; else
    bad "--seconds 1 did not stop a walk that never ends (${took}s):"; cat "$tmp/out"; fi
# under --ignore, a walk that comes back to a position searches it for a
# way out: round in circles with none is an error with its way there, found
# by walks too (a walk went round for ever)
timeout 30 "$ORDO" explore "$CI" --ignore turns --walks 20 --seconds 5 --scenarios "$tmp/ciw.ordo" >"$tmp/out" 2>&1
st=$?
if [ $st -eq 1 ] && grep -q "^$CI:20:1: error: no progress: from here no end can be reached" "$tmp/out" &&
   grep -q '^    choose "lock the baton"$' "$tmp/ciw.ordo"; then ok; else
    bad "walks round in circles were not reported (status $st):"; cat "$tmp/out"; fi
# a long chain searched breadth first: what follows the search (which
# states can end) is linear, so --seconds 1 ends the run within a second
# (it took minutes: a pass over every edge per state of the chain)
printf 'ruleset "chain"\nplayers 1\nvar c: 0..3000000\nsequence {\n    step 1 "count" {\n' >"$tmp/chain.ordo"
printf '        repeat until c == 3000000 {\n            choose player 1 "next?" {\n' >>"$tmp/chain.ordo"
printf '                option "next" { c = c + 1 }\n            }\n        }\n        end game winner player 1\n    }\n}\n' >>"$tmp/chain.ordo"
start=$(date +%s)
timeout 30 "$ORDO" explore "$tmp/chain.ordo" --seconds 1 >"$tmp/out" 2>&1
took=$(($(date +%s) - start))
if [ "$took" -le 4 ] && grep -q '^explore: .*depth' "$tmp/out"; then ok; else
    bad "--seconds 1 on a long chain took ${took}s:"; cat "$tmp/out"; fi
# end reasons are told apart by their own texts, however many texts come
# before them (the 33rd text and later were all counted, and named, as the
# 32nd: Catan's round cap was reported as a display's "  {}: {}")
{
    printf 'ruleset "many texts"\nsource "test"\nplayers 2\nvar n: 0..99\n'
    printf 'display "many lines" {\n    let m = n\n'
    for i in $(seq 1 40); do printf '    show "line %d: {m}"\n' "$i"; done
    printf '}\nsequence {\n    step 1 "the end" {\n        choose player 1 "which end?" {\n'
    printf '            option "first" { end game because "the first reason" }\n'
    printf '            option "second" { end game because limit "the second reason" }\n'
    printf '        }\n    }\n}\n'
} >"$tmp/many.ordo"
"$ORDO" explore "$tmp/many.ordo" >"$tmp/many.out" 2>&1
if grep -q '^  ended because "the first reason": 1$' "$tmp/many.out" &&
   grep -q '^  ended because "the second reason": 1$' "$tmp/many.out" &&
   [ "$(grep -c 'ended because' "$tmp/many.out")" = 2 ]; then ok; else
    bad "end reasons past the 32nd text:"; grep ended "$tmp/many.out"; fi
# an end by a limit the rules set is a warning with its count, its first
# seed and a scenario that replays it (and passes: it is not an error)
"$ORDO" explore "$tmp/many.ordo" --scenarios "$tmp/many_sc.ordo" >"$tmp/many.out" 2>&1
st=$?
if [ $st -eq 0 ] && grep -q "^$tmp/many.ordo:[0-9]*:1: warning: ended by a limit: \"the second reason\" (\`because limit\`), not a real end: 1 end state, the first (seed 1, 1 decision from the start)$" "$tmp/many.out" &&
   grep -q '^    expect over because "the second reason"' "$tmp/many_sc.ordo"; then ok; else
    bad "an end by a limit was not a warning with a scenario (status $st):"; cat "$tmp/many.out"; fi
cat "$tmp/many.ordo" "$tmp/many_sc.ordo" >"$tmp/many_with.ordo"
if "$ORDO" test "$tmp/many_with.ordo" >"$tmp/t" 2>&1; then ok; else
    bad "the limit end's scenario does not replay:"; cat "$tmp/t"; fi
# Deep faults (issue 27, 5): copies of shipped rulesets with one planted
# fault 20 or more decisions from the start, each found by the default
# search (a tenth of --seconds breadth first, then guided walks), stopped
# at the first finding; its scenario replays it (an error's fails, the
# limit end's passes)
deep() { # deep FILE STATUS PATTERN [OPTION]: the finding's line, 20+ decisions deep
    "$ORDO" explore "$1" --seconds 60 --first ${4:-} --scenarios "$tmp/deep.ordo" >"$tmp/out" 2>&1
    st=$?
    n=$(grep "$3" "$tmp/out" | sed -n 's/.*(seed 1, \([0-9]*\) decisions from the start.*/\1/p')
    if [ $st -eq "$2" ] && [ -n "$n" ] && [ "$n" -ge 20 ]; then ok; else
        bad "$1: the planted fault was not found 20+ decisions deep (status $st):"; cat "$tmp/out"; fi
    # beside a link to rulesets/, as the copy reads Splendor's tables
    mkdir -p "$tmp/rs/a/b" && ln -sfn "$PWD/rulesets" "$tmp/rs/rulesets"
    cat "$1" "$tmp/deep.ordo" >"$tmp/rs/a/b/deep_with.ordo"
}
OD=examples/explore/odin_deadlock.ordo
deep "$OD" 1 "^$OD:513:1: error: deadlock: no legal option: player 1 has no legal option at step 2.4.1"
"$ORDO" test "$tmp/rs/a/b/deep_with.ordo" >"$tmp/t" 2>&1
if [ $? -eq 1 ] && grep -q 'explore: deadlock at line 513' "$tmp/t"; then ok; else
    bad "the Odin deadlock's scenario does not replay it:"; tail "$tmp/t"; fi
TI=examples/explore/teotihuacan_invariant.ordo
deep "$TI" 1 "^$TI:157:1: error: invariant broken: \"a locked worker holds the worship space it stands on\""
if grep -q '(breadth first, then [0-9]* guided walks)' "$tmp/out"; then ok; else
    bad "the Teotihuacan invariant was not found by the guided walks"; fi
"$ORDO" test "$tmp/rs/a/b/deep_with.ordo" >"$tmp/t" 2>&1
if [ $? -eq 1 ] && grep -q 'explore: invariant broken at line 157' "$tmp/t"; then ok; else
    bad "the Teotihuacan invariant's scenario does not replay it:"; tail "$tmp/t"; fi
# Splendor's lock-up: breadth first (fingerprints, though its deck is
# hidden) for the 6 s share, then the walks
SL=examples/explore/splendor_lockup.ordo
deep "$SL" 0 "^$SL:284:1: warning: ended by a limit: \"the round cap (ROUND_LIMIT)\""
if "$ORDO" test "$tmp/rs/a/b/deep_with.ordo" >"$tmp/t" 2>&1 && grep -q 'expect over because "the round cap (ROUND_LIMIT)"' "$tmp/deep.ordo"; then ok; else
    bad "the Splendor lock-up's scenario does not replay it:"; tail "$tmp/t"; fi
# guided walks draw their own rolls and keep them: the double sixes of
# dice.ordo are found and replayed with `roll`
"$ORDO" explore "$DI" --swarm --seconds 10 --first --scenarios "$tmp/dis.ordo" >"$tmp/out" 2>&1
cat "$DI" "$tmp/dis.ordo" >"$tmp/dis_with.ordo"
"$ORDO" test "$tmp/dis_with.ordo" >"$tmp/t" 2>&1
if [ $? -eq 1 ] && grep -q "^$DI:33:1: error: runtime error: value out of range: pos = 35" "$tmp/out" &&
   grep -q 'guided walks)' "$tmp/out" && grep -q 'explore: runtime error at line 33' "$tmp/t"; then ok; else
    bad "guided walks: the double sixes not found or not replayed:"; cat "$tmp/out" "$tmp/t"; fi
# a full store is recycled, not the end of the walks: 64 states kept, far
# more walked, and a fault 26 decisions deep still found with its way
# there, shortened (the walk met it 46 decisions in; runs of decisions
# left out while it still shows, explore_shrink.c)
cat >"$tmp/deep25.ordo" <<'EOF'
ruleset "deep25"
players 1
var c: 0..40
var t: 0..100000
var x: 0..3
sequence {
    step 1 "climb" {
        repeat until c == 40 {
            t = t + 1
            choose player 1 "which way?" {
                option "up" { c = c + 1 }
                option "down" when c > 0 { c = c - 1 }
                option "boom" when c == 25 { x = c - 20 }
            }
        }
        end game winner player 1
    }
}
EOF
"$ORDO" explore "$tmp/deep25.ordo" --swarm --states 64 --seconds 5 --first --scenarios "$tmp/d25.ordo" >"$tmp/out" 2>&1
st=$?
states=$(sed -n 's/^explore: \([0-9]*\) states.*/\1/p' "$tmp/out")
n=$(grep -c '^    choose ' "$tmp/d25.ordo")
cat "$tmp/deep25.ordo" "$tmp/d25.ordo" >"$tmp/d25_with.ordo"
"$ORDO" test "$tmp/d25_with.ordo" >"$tmp/t" 2>&1
if [ $st -eq 1 ] && [ "${states:-0}" -gt 64 ] && [ "$n" -ge 26 ] && [ "$n" -le 30 ] && grep -q "^$tmp/deep25.ordo:13:1: error: runtime error: value out of range: x = 5" "$tmp/out" &&
   grep -q 'explore: runtime error at line 13' "$tmp/t"; then ok; else
    bad "guided walks in a store of 64 states (status $st, $n decisions):"; cat "$tmp/out" "$tmp/t"; fi
# guided walks are reproducible: each walk's policy and rolls come from its
# seed, the store's recycling from the states kept
"$ORDO" explore examples/tutorial/race.ordo --swarm --walks 300 --states 500 2>&1 | sed 's/, [0-9]* states\/s$//' >"$tmp/g1"
"$ORDO" explore examples/tutorial/race.ordo --swarm --walks 300 --states 500 2>&1 | sed 's/, [0-9]* states\/s$//' >"$tmp/g2"
if cmp -s "$tmp/g1" "$tmp/g2" && grep -q '(300 guided walks)' "$tmp/g1"; then ok; else
    bad "guided walks are not reproducible"; diff "$tmp/g1" "$tmp/g2" | head; fi
# --first stops the default search at its first finding; --bfs is breadth
# first alone and goes on to the circles found after the search
"$ORDO" explore "$DL" --first >"$tmp/out" 2>&1
if [ $? -eq 1 ] && [ "$(grep -c ': error: ' "$tmp/out")" -eq 1 ] && grep -q 'bounded: not every state' "$tmp/out"; then ok; else
    bad "--first did not stop at the first finding:"; cat "$tmp/out"; fi
"$ORDO" explore "$DL" --bfs >"$tmp/out" 2>&1
if [ $? -eq 1 ] && [ "$(grep -c ': error: ' "$tmp/out")" -eq 2 ] && grep -q '(complete: every reachable state)' "$tmp/out"; then ok; else
    bad "--bfs:"; cat "$tmp/out"; fi
"$ORDO" explore "$DL" --bfs --swarm >/dev/null 2>&1
if [ $? -eq 2 ]; then ok; else bad "--bfs with --swarm accepted"; fi
# symmetric players: the states that differ by a renaming of the seats
# are counted once, fewer than --no-symmetry counts, the findings the same
SY=examples/explore/symmetry.ordo
"$ORDO" explore "$SY" --scenarios "$tmp/sy.ordo" >"$tmp/sy.out" 2>&1
st=$?
"$ORDO" explore "$SY" --no-symmetry >"$tmp/sy_all.out" 2>&1
st_all=$?
n_sym=$(sed -n 's/^explore: \([0-9]*\) states.*/\1/p' "$tmp/sy.out")
n_all=$(sed -n 's/^explore: \([0-9]*\) states.*/\1/p' "$tmp/sy_all.out")
if [ $st -eq 1 ] && [ $st_all -eq 1 ] && [ -n "$n_sym" ] && [ -n "$n_all" ] &&
   [ "$n_sym" -lt "$n_all" ] &&
   grep -q "^$SY:36:1: error: runtime error: value out of range: points = -1" "$tmp/sy.out" &&
   [ "$(grep ': error: ' "$tmp/sy.out")" = "$(grep ': error: ' "$tmp/sy_all.out")" ] &&
   grep -q '^  symmetry: states that differ by a renaming of the seats counted once (6 renamings' "$tmp/sy.out" &&
   grep -q '^  symmetry: declared, not used' "$tmp/sy_all.out" &&
   grep -q 'complete: every reachable state' "$tmp/sy.out"; then ok; else
    bad "symmetry: $n_sym states with it, $n_all without (status $st, $st_all):"
    cat "$tmp/sy.out" "$tmp/sy_all.out"; fi
cat "$SY" "$tmp/sy.ordo" >"$tmp/sy_with.ordo"
"$ORDO" test "$tmp/sy_with.ordo" >"$tmp/t" 2>&1
if [ $? -eq 1 ] && grep -q 'value out of range' "$tmp/t"; then ok; else
    bad "the symmetric search's scenario does not replay its finding:"; cat "$tmp/t"; fi
# the same rules without the declaration: every state counted, as --no-symmetry
grep -v '^symmetric players' "$SY" >"$tmp/sy_plain.ordo"
"$ORDO" explore "$tmp/sy_plain.ordo" >"$tmp/sy_plain.out" 2>&1
n_plain=$(sed -n 's/^explore: \([0-9]*\) states.*/\1/p' "$tmp/sy_plain.out")
if [ "$n_plain" = "$n_all" ] && ! grep -q symmetry "$tmp/sy_plain.out"; then ok; else
    bad "without 'symmetric players': $n_plain states, not $n_all"; fi
# every kind of var a renaming moves ([player, player], a player, a list of
# players): the same findings, at the same depth, both ways, in fewer states
OW=tests/e2e/data/symmetry_owes.ordo
"$ORDO" explore "$OW" >"$tmp/ow.out" 2>&1
st=$?
"$ORDO" explore "$OW" --no-symmetry >"$tmp/ow_all.out" 2>&1
st_all=$?
n_sym=$(sed -n 's/^explore: \([0-9]*\) states.*/\1/p' "$tmp/ow.out")
n_all=$(sed -n 's/^explore: \([0-9]*\) states.*/\1/p' "$tmp/ow_all.out")
if [ $st -eq 1 ] && [ $st_all -eq 1 ] && [ "$(grep -c ': error: invariant broken' "$tmp/ow.out")" = 2 ] &&
   [ "$(grep ': error: ' "$tmp/ow.out")" = "$(grep ': error: ' "$tmp/ow_all.out")" ] &&
   [ -n "$n_sym" ] && [ -n "$n_all" ] && [ "$n_sym" -lt "$n_all" ] &&
   grep -q 'complete: every reachable state' "$tmp/ow.out"; then ok; else
    bad "symmetry over [player, player], a player and a list: $n_sym states, $n_all without (status $st, $st_all):"
    cat "$tmp/ow.out" "$tmp/ow_all.out"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

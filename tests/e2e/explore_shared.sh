#!/bin/sh
# explore_shared.sh BUILD — one breadth-first search shared among workers
# (issue 27, 3 and 6): `ordo explore --jobs N` (N threads) and `mpirun -np
# 2 ordo explore --mpi` (two MPI ranks) give the report and the scenarios
# of one process on complete searches: the states, the depth, the
# findings with their paths and who could have known (hidden.ordo), the
# rolls' outcomes (dice.ordo), the circles found once the search is over;
# and on a search bounded by --depth, in a ruleset with hidden state
# (Splendor solo: a shard keeps fingerprints, as one process does, and
# who could have known replays the ways in other shards keep). The rate
# is left out (the clock's). EXPLORE_MPI=0 leaves the
# MPI runs out (the sanitizers' pass: LeakSanitizer reports libmpi's own
# allocations, ompi_op_base_op_select's and its plugins', at every rank's
# exit). Last line: "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
MPI=${EXPLORE_MPI:-1}
command -v mpirun >/dev/null 2>&1 || MPI=0

# report NAME ARGS...: the report (rate left out), its exit status and
# the scenarios into $tmp/NAME.* (mpirun's own words on stderr apart).
report() {
    name=$1
    shift
    "$@" --scenarios "$tmp/$name.sc" >"$tmp/$name.raw" 2>"$tmp/$name.err"
    echo "exit $?" >>"$tmp/$name.raw"
    sed -e 's/, [0-9]* states\/s$//' "$tmp/$name.raw" >"$tmp/$name.out"
}

same() {
    if cmp -s "$tmp/one.out" "$tmp/$1.out" && cmp -s "$tmp/one.sc" "$tmp/$1.sc"; then ok; else
        bad "$2: not one process's report"; diff "$tmp/one.out" "$tmp/$1.out" | head
        diff "$tmp/one.sc" "$tmp/$1.sc" | head; fi
}

for f in examples/explore/deadlock.ordo examples/explore/dice.ordo examples/explore/hidden.ordo \
         examples/explore/invariant.ordo tests/e2e/data/stones.ordo tests/e2e/data/diff_option.ordo \
         tests/e2e/data/payment_ways.ordo examples/language/hidden.ordo; do
    report one "$ORDO" explore "$f"
    if grep -q '(complete: every reachable state)' "$tmp/one.out"; then ok; else
        bad "$f: no complete search to compare"; fi
    report j2 "$ORDO" explore "$f" --jobs 2
    same j2 "$f --jobs 2"
    report j3 "$ORDO" explore "$f" --jobs 3
    same j3 "$f --jobs 3"
    if [ "$MPI" = 1 ]; then
        report mpi mpirun --oversubscribe -np 2 "$ORDO" explore --mpi "$f"
        same mpi "mpirun -np 2 ordo explore --mpi $f"
    fi
done
# what is planted is found the same way: the circles once the search is
# over, who could have known behind the hidden card
report one "$ORDO" explore examples/explore/deadlock.ordo --jobs 2
if grep -q 'error: no progress: from here no end can be reached: play goes round in circles (18 such states found)' "$tmp/one.out"; then ok; else
    bad "deadlock.ordo --jobs 2: the circles not found"; cat "$tmp/one.out"; fi
report one "$ORDO" explore examples/explore/hidden.ordo --jobs 2
if grep -q 'could have known\|could not' "$tmp/one.out"; then ok; else
    bad "hidden.ordo --jobs 2: who could have known not said"; cat "$tmp/one.out"; fi

# bounded by --depth, hidden state: the same states, ends and findings
report one "$ORDO" explore rulesets/splendor_solo.ordo --depth 2
report j2 "$ORDO" explore rulesets/splendor_solo.ordo --depth 2 --jobs 2
same j2 "splendor_solo.ordo --depth 2 --jobs 2"
if grep -q '^explore: 38102 states in 1 seed (bounded: not every state), depth 2, 64309 transitions$' "$tmp/j2.out"; then
    ok; else bad "splendor_solo.ordo --depth 2 --jobs 2: not 38102 states"; cat "$tmp/j2.out"; fi
if [ "$MPI" = 1 ]; then
    report mpi mpirun --oversubscribe -np 2 "$ORDO" explore --mpi rulesets/splendor_solo.ordo --depth 2
    same mpi "mpirun -np 2 ordo explore --mpi splendor_solo.ordo --depth 2"
fi

# a level expanded in rounds (a small --memory keeps each round's messages
# small): the states of one round's successors all before the next's, so
# the report is still one process's; one round a level would not show it
report j2 "$ORDO" explore rulesets/splendor_solo.ordo --depth 2 --jobs 2 --memory 256
same j2 "splendor_solo.ordo --depth 2 --jobs 2 --memory 256 (rounds)"
report one "$ORDO" explore rulesets/teotihuacan.ordo --bfs --depth 6 --interpreted
report j3 "$ORDO" explore rulesets/teotihuacan.ordo --bfs --depth 6 --interpreted --jobs 3 --memory 1
same j3 "teotihuacan.ordo --depth 6 --jobs 3 --memory 1 (rounds)"

# --seconds stops every worker in the round it runs out in (a worker out
# of time once went on asking for the next state for ever)
timeout 120 "$ORDO" explore rulesets/splendor_solo.ordo --bfs --seconds 1 --jobs 2 --memory 512 \
    >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q '^explore: [0-9]* states in 1 seed (bounded: not every state)' "$tmp/out"; then
    ok; else bad "--seconds 1 --jobs 2: not stopped, bounded"; cat "$tmp/out"; fi

# several seeds: each shared in turn
"$ORDO" explore examples/explore/dice.ordo --seeds 3 2>&1 | sed 's/, [0-9]* states\/s$//' >"$tmp/s1"
"$ORDO" explore examples/explore/dice.ordo --seeds 3 --jobs 2 2>&1 | sed 's/, [0-9]* states\/s$//' >"$tmp/s2"
if cmp -s "$tmp/s1" "$tmp/s2" && grep -q 'in 3 seeds' "$tmp/s2"; then ok; else
    bad "--seeds 3 --jobs 2 changed the report"; diff "$tmp/s1" "$tmp/s2" | head; fi
# the rate is the whole run's: there, and not 0
if "$ORDO" explore examples/language/hidden.ordo --jobs 2 2>&1 | grep -q ', [1-9][0-9]* states/s$'; then
    ok; else bad "--jobs 2: no rate"; fi
# --mpi is for breadth first alone
"$ORDO" explore examples/explore/dice.ordo --mpi --walks 3 >"$tmp/out" 2>&1
if [ $? -eq 2 ] && grep -q -- '--mpi shares a breadth-first search: not with --walks' "$tmp/out"; then
    ok; else bad "--mpi --walks: not refused"; cat "$tmp/out"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

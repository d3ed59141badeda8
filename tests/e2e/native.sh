#!/bin/sh
# native.sh — ordo sim and ordo explore playing a ruleset's emitted C from
# a shared object (--native FILE.so; doc/tools.md, "Emitted C as a shared
# object") find what the interpreter finds:
#  1. explore, breadth first and by random walks, over two seeds, reports
#     the same findings, unreached rules and summary (but its states/s),
#     with the same exit status and the same --scenarios file, on every
#     planted example (examples/explore/*.ordo, but the copies of shipped
#     rulesets with a deep fault: explore.sh), tiny.ordo and one shipped
#     ruleset (splendor_solo: the others' C takes the C compiler too long
#     for make test), with short bounds;
#  2. sim plays the same games (--jsonl, every line);
#  3. a shared object made from another program (a ruleset edited since)
#     or holding no program of the ruleset's name is refused, exit 2;
#     --native and --interpreted together too;
#  4. the default shared object (native/NAME.so beside the ordo program)
#     is played when it matches, and when it does not the interpreter
#     plays, with a message saying so.
# The shared objects are compiled here at -O0 (seconds, not a minute).
# Usage: sh tests/e2e/native.sh [BUILD]; last line "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo ORDOC=$BUILD/ordoc
CC=${CC:-cc}

# so NAME FILE: $tmp/NAME.so from FILE's emitted C
so() {
    "$ORDOC" "$2" -o "$tmp/$1.c" --no-lines 2>"$tmp/err" &&
        $CC -Iruntime -std=c11 -O0 -fPIC -shared -o "$tmp/$1.so" "$tmp/$1.c" 2>>"$tmp/err"
}

# the output of a run without its speed, which is all that may differ
same_run() {
    label=$1
    shift
    "$ORDO" "$@" --interpreted >"$tmp/a" 2>&1
    sa=$?
    "$ORDO" "$@" --native "$tmp/$name.so" >"$tmp/b" 2>&1
    sb=$?
    sed -i 's/, [0-9]* states\/s//' "$tmp/a" "$tmp/b"
    if [ "$sa" = "$sb" ] && cmp -s "$tmp/a" "$tmp/b"; then ok; else
        bad "$name: $label: the emitted C (status $sb) and the interpreter (status $sa) differ"
        diff "$tmp/a" "$tmp/b" | head -10 | sed 's/^/    /'
    fi
}

# ---- 1, 2
FILES="examples/explore/*.ordo tests/e2e/data/tiny.ordo rulesets/splendor_solo.ordo"
# the sanitizers' pass: the same paths through the loader and the search on
# two small rulesets (the plain pass compares them all)
case $BUILD in *asan*) FILES="tests/e2e/data/tiny.ordo examples/explore/deadlock.ordo" ;; esac
for f in $FILES; do
    name=$(basename "$f" .ordo)
    # the copies of shipped rulesets with a fault planted deep (explore.sh)
    # are each as long as splendor_solo, which stands for them here
    case $name in odin_deadlock | teotihuacan_invariant | splendor_lockup) continue ;; esac
    if ! so "$name" "$f"; then
        bad "$name: its shared object was not built"
        sed 's/^/    /' "$tmp/err" | head -5
        continue
    fi
    same_run "explore breadth first" explore "$f" --states 3000 --seeds 2
    rm -f "$tmp/sa.ordo" "$tmp/sb.ordo"
    "$ORDO" explore "$f" --states 3000 --seeds 2 --interpreted --scenarios "$tmp/sa.ordo" \
        >/dev/null 2>&1
    "$ORDO" explore "$f" --states 3000 --seeds 2 --native "$tmp/$name.so" \
        --scenarios "$tmp/sb.ordo" >/dev/null 2>&1
    if [ ! -e "$tmp/sa.ordo" ] && [ ! -e "$tmp/sb.ordo" ] || cmp -s "$tmp/sa.ordo" "$tmp/sb.ordo"
    then ok; else
        bad "$name: the findings as scenarios differ"
    fi
    same_run "explore walks" explore "$f" --walks 40 --seeds 2 --states 3000
    same_run "sim" sim "$f" --games 100 --jsonl
done

# ---- 3
name=tiny
sed 's/^players 2\.\.3/players 2..4/' tests/e2e/data/tiny.ordo >"$tmp/tiny.ordo"
grep -q '^players 2\.\.4' "$tmp/tiny.ordo" || bad "tiny.ordo: its players line is not 'players 2..3'"
"$ORDO" sim "$tmp/tiny.ordo" --native "$tmp/tiny.so" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ $st = 2 ] && [ ! -s "$tmp/out" ] && grep -q "was not made from .* as it is now" "$tmp/err"; then ok; else
    bad "a stale shared object: status $st, not 2 with its message"; head -3 "$tmp/err"
fi
"$ORDO" explore "$tmp/tiny.ordo" --native "$tmp/tiny.so" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ $st = 2 ] && grep -q "was not made from" "$tmp/err"; then ok; else
    bad "explore, a stale shared object: status $st"
fi
"$ORDO" sim tests/e2e/data/stones.ordo --native "$tmp/tiny.so" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ $st = 2 ] && grep -q "no program 'stones_program' in it" "$tmp/err"; then ok; else
    bad "another ruleset's shared object: status $st"; head -3 "$tmp/err"
fi
"$ORDO" sim tests/e2e/data/tiny.ordo --native "$tmp/none.so" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ $st = 2 ] && grep -q "not loaded" "$tmp/err"; then ok; else
    bad "a missing shared object: status $st"
fi
"$ORDO" sim tests/e2e/data/tiny.ordo --native "$tmp/tiny.so" --interpreted >/dev/null 2>"$tmp/err"
st=$?
if [ $st = 2 ] && grep -q "one or the other" "$tmp/err"; then ok; else
    bad "--native with --interpreted: status $st"
fi

# ---- 4: an ordo of its own, with native/tiny.so beside it
mkdir -p "$tmp/bin/native"
cp "$ORDO" "$tmp/bin/ordo"
cp "$tmp/tiny.so" "$tmp/bin/native/tiny.so"
"$tmp/bin/ordo" sim tests/e2e/data/tiny.ordo --games 20 >"$tmp/out" 2>"$tmp/err"
st=$?
if [ $st = 0 ] && [ ! -s "$tmp/err" ]; then ok; else
    bad "the default shared object: status $st"; head -3 "$tmp/err"
fi
"$tmp/bin/ordo" sim "$tmp/tiny.ordo" --games 20 >"$tmp/out" 2>"$tmp/err"
st=$?
if [ $st = 0 ] && grep -q "native/tiny.so was not made from .*; the interpreter plays" "$tmp/err"; then
    ok
else
    bad "a stale default shared object: status $st, or no message"; head -3 "$tmp/err"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

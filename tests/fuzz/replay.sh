#!/bin/sh
# replay.sh BUILD — every fuzz target, built with replay.c's main, run once
# on each input of its seed corpus (in `make test`, so under ASan and UBSan
# too). Last line: "N passed, M failed".
BUILD=${1:-build}
cd "$(dirname "$0")/../.." || exit 1
. tests/fuzz/corpora.sh
pass=0 fail=0
for t in $FUZZ_TARGETS; do
    out=$("$BUILD/fuzz/replay_$t" $(corpus "$t") 2>&1)
    st=$?
    last=$(echo "$out" | tail -n 1)
    n=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, 0 failed$/\1/p')
    if [ "$st" -eq 0 ] && [ -n "$n" ] && [ "$n" -gt 0 ]; then
        echo "$t: $n inputs"
        pass=$((pass + n))
    else
        echo "FAIL $t (exit status $st):"
        echo "$out" | tail -n 15 | sed 's/^/    /'
        fail=$((fail + 1))
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

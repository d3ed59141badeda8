#!/bin/sh
# diag_test.sh BUILD — the diagnostics suite.
#
# For each tests/diagnostics/NAME.ordo: cd tests/diagnostics, run
# `ordo check NAME.ordo`, and require that stderr equals NAME.expected byte
# for byte, and that the exit status is 1 when NAME.expected holds an
# error (": error: "), 0 when it holds only warnings (or nothing).
# Last line: "N passed, M failed"; exit 1 on any failure.
BUILD=${1:-build}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
ORDO=$(cd "$ROOT/$BUILD" 2>/dev/null && pwd)/ordo
[ -x "$ORDO" ] || ORDO=$(cd "$BUILD" 2>/dev/null && pwd)/ordo
if [ ! -x "$ORDO" ]; then
    echo "diag_test: no ordo binary in $BUILD" >&2
    echo "0 passed, 1 failed"
    exit 1
fi
cd "$ROOT/tests/diagnostics" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
for src in *.ordo; do
    [ -e "$src" ] || continue
    name=${src%.ordo}
    if [ ! -f "$name.expected" ]; then
        echo "FAIL $name: no $name.expected"
        fail=$((fail + 1))
        continue
    fi
    want=0
    grep -q ': error: ' "$name.expected" && want=1
    "$ORDO" check "$src" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -ne "$want" ]; then
        echo "FAIL $name: exit status $got, expected $want"
        sed 's/^/    /' "$tmp/err" | head -20
        fail=$((fail + 1))
    elif ! cmp -s "$tmp/err" "$name.expected"; then
        echo "FAIL $name: diagnostics differ (--- expected, +++ actual)"
        diff -u "$name.expected" "$tmp/err" | sed 's/^/    /' | head -40
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done
echo "diagnostics: $pass of $((pass + fail)) cases as expected"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

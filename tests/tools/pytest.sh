#!/bin/sh
# pytest.sh BUILD — the Python binding's tests (python/tests, pytest)
# against BUILD's library and tools. Under the sanitizers it is skipped: a
# Python process cannot load a library built with ASan. Last line:
# "N passed, M failed".
BUILD=${1:-build}
cd "$(dirname "$0")/../.." || exit 1
case $BUILD in
*asan*) echo "skipped in $BUILD (an ASan library cannot be loaded by python3)"
        echo "0 passed, 0 failed"; exit 0 ;;
esac
PY=python3
$PY -c 'import pytest' 2>/dev/null || PY=/usr/bin/python3
out=$(ORDO_BUILD="$(pwd)/$BUILD" ORDO_LIB="$(pwd)/$BUILD/libordo.so" \
      ORDO_PYLIB="$(pwd)/$BUILD/python/libordo_compile.so" \
      $PY -m pytest -q -p no:cacheprovider python/tests 2>&1)
st=$?
echo "$out" | tail -n 15
p=$(echo "$out" | grep -o '[0-9][0-9]* passed' | tail -1 | cut -d' ' -f1)
f=$(echo "$out" | grep -o '[0-9][0-9]* failed' | tail -1 | cut -d' ' -f1)
p=${p:-0} f=${f:-0}
[ "$st" -ne 0 ] && [ "$f" -eq 0 ] && f=1
echo "$p passed, $f failed"
[ "$f" -eq 0 ]

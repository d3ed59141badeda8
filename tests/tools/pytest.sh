#!/bin/sh
# pytest.sh BUILD — the Python binding's tests (python/tests, pytest)
# against BUILD's library and tools, in the environment python_env.sh sets
# (under the sanitizers: their runtimes preloaded). Last line: "N passed,
# M failed".
BUILD=${1:-build}
cd "$(dirname "$0")/../.." || exit 1
. tests/tools/python_env.sh
out=$($PY -m pytest -q -p no:cacheprovider python/tests 2>&1)
st=$?
echo "$out" | tail -n 15
p=$(echo "$out" | grep -o '[0-9][0-9]* passed' | tail -1 | cut -d' ' -f1)
f=$(echo "$out" | grep -o '[0-9][0-9]* failed' | tail -1 | cut -d' ' -f1)
p=${p:-0} f=${f:-0}
[ "$st" -ne 0 ] && [ "$f" -eq 0 ] && f=1
echo "$p passed, $f failed"
[ "$f" -eq 0 ]

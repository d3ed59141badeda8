#!/bin/sh
# python_api.sh BUILD [ITERATIONS [SEED]] — the Python API fuzzer
# (tests/fuzz/python_api.py) against BUILD's libraries, in the environment
# python_env.sh sets (under the sanitizers: their runtimes preloaded).
# make test runs 300 iterations (PY_FUZZ), make fuzz many more. Last line:
# "N passed, M failed".
BUILD=${1:-build}
cd "$(dirname "$0")/../.." || exit 1
. tests/tools/python_env.sh
exec $PY tests/fuzz/python_api.py "${2:-${PY_FUZZ:-300}}" "${3:-1}"

# common.sh — what every end-to-end script starts with; sourced (`. ...`)
# with the script's own arguments: BUILD from $1 (default build), the
# repository's root as the working folder, a scratch folder $tmp removed
# at exit, and the counters behind the last line "N passed, M failed":
# `ok` counts a check passed, `bad MESSAGE` prints "FAIL: MESSAGE" and
# counts a failure.
BUILD=${1:-build}
cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() {
    echo "FAIL: $*"
    fail=$((fail + 1))
}

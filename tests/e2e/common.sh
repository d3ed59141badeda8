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
# run_counted NAME CMD...: runs CMD, a script of its own that ends with
# "N passed, M failed"; shows its other lines and adds its counts (a run
# without that line, or failing without a failed check, is one failure)
run_counted() {
    rc_name=$1
    shift
    "$@" >"$tmp/counted" 2>&1
    rc_st=$?
    grep -v '^[0-9]* passed, [0-9]* failed$' "$tmp/counted"
    rc_last=$(tail -n 1 "$tmp/counted")
    rc_p=$(echo "$rc_last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
    rc_f=$(echo "$rc_last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
    if [ -z "$rc_p" ]; then
        bad "$rc_name ended without its summary line (status $rc_st)"
        return
    fi
    pass=$((pass + rc_p))
    fail=$((fail + rc_f))
    [ "$rc_st" -eq 0 ] || [ "$rc_f" -gt 0 ] || bad "$rc_name: status $rc_st"
}

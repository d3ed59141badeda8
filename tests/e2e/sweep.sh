#!/bin/sh
# sweep.sh BUILD N [FILE] — plays seeds 1..N of FILE (default
# rulesets/titan.ordo) with the random policy, cycling the player count
# through the ruleset's range, and requires that no game ends in a runtime
# error. Runs on every core. Last line: "N passed, M failed" (one test per
# game).
BUILD=${1:-build}
N=${2:-1000}
FILE=${3:-rulesets/titan.ordo}
cd "$(dirname "$0")/../.." || exit 1
ORDO=$BUILD/ordo
if [ ! -f "$FILE" ]; then
    echo "sweep: no $FILE"
    echo "0 passed, 1 failed"
    exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
set -- $(sed -n 's/^[[:space:]]*players[[:space:]]*\([0-9]*\)\(\.\.\([0-9]*\)\)\{0,1\}.*/\1 \3/p' "$FILE" | head -1)
lo=${1:-2} hi=${2:-${1:-2}}
jobs=$(nproc 2>/dev/null || echo 2)
start=$(date +%s)
j=0
while [ "$j" -lt "$jobs" ]; do
    (
        s=$((j + 1))
        while [ "$s" -le "$N" ]; do
            p=$((lo + s % (hi - lo + 1)))
            if ! "$ORDO" run "$FILE" --policy random --seed "$s" --players "$p" \
                    --trace none >/dev/null 2>"$tmp/err.$j"; then
                echo "FAIL: seed $s, $p players: $(head -1 "$tmp/err.$j")" >>"$tmp/fail.$j"
            fi
            s=$((s + jobs))
        done
    ) &
    j=$((j + 1))
done
wait
fail=$(cat "$tmp"/fail.* 2>/dev/null | wc -l)
cat "$tmp"/fail.* 2>/dev/null | sort -t' ' -k3n | head -20
echo "sweep: $N games of $FILE ($lo..$hi players) in $(($(date +%s) - start))s, $fail with errors"
echo "$((N - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]

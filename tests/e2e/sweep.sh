#!/bin/sh
# sweep.sh BUILD N [FILE] — plays N games of FILE (default
# rulesets/titan.ordo) with the random policy, the player counts of the
# ruleset's range taking turns at the seeds (N/K games at each of its K
# counts, seeds 1..N in all), and requires that no game ends in a runtime
# error. The games are `ordo sim`'s (one compilation a player count, on
# every core); each game that fails is listed with its seed and player
# count, which `ordo run FILE --seed S --players P` replays. Last line:
# "N passed, M failed" (one test per game).
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
p=$lo first=1 played=0 trouble=0
: >"$tmp/fail"
while [ "$p" -le "$hi" ]; do
    # this count's share of the games: seeds first .. first + n - 1
    n=$(( (N - played) / (hi - p + 1) ))
    if [ "$n" -gt 0 ]; then
        "$ORDO" sim "$FILE" --games "$n" --seed "$first" --players "$p" --jsonl --jobs "$jobs" \
            >"$tmp/games" 2>"$tmp/err"
        st=$?
        # a game's line: {"game":G,"seed":S,...,"error":null} or "error":"TEXT"
        grep -v '"error":null}$' "$tmp/games" |
            sed -n 's/^{"game":[0-9]*,"seed":\([0-9]*\),.*"error":"\(.*\)"}$/FAIL: seed \1, '"$p"' players: runtime error: \2/p' |
            sed 's/\\"/"/g; s/\\\\/\\/g' >>"$tmp/fail"
        if [ "$st" -gt 1 ] || [ "$(wc -l <"$tmp/games")" -ne "$n" ]; then
            echo "sweep: ordo sim on $p players did not play its $n games (status $st):"
            head -n 3 "$tmp/err"
            trouble=1
        fi
    fi
    played=$((played + n)) first=$((first + n)) p=$((p + 1))
done
fail=$(wc -l <"$tmp/fail")
sort -t' ' -k3n "$tmp/fail" | head -20
echo "sweep: $N games of $FILE ($lo..$hi players) in $(($(date +%s) - start))s, $fail with errors"
[ "$trouble" -eq 1 ] && fail=$((fail + 1))
echo "$((N - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]

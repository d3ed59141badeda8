#!/bin/sh
# language.sh BUILD [SEEDS] — the language's small examples
# (examples/language/*.ordo), each one construct shown by its scenarios:
#   1. `ordo check -Werror` is clean and `ordo test` passes;
#   2. the interpreter (`ordo run`) and the example's emitted C (its host,
#      built by the Makefile into BUILD/lang/) print byte-identical JSONL
#      traces and exit alike on seeds 1..SEEDS (default 1000), the player
#      count cycling through the example's range. Runs on every core;
#   3. payment.ordo's scenarios pass over its emitted C as well (the
#      order of a payment's parts, chosen in the emitted code).
# Last line: "N passed, M failed" (one check per file, and per seed).
. "$(dirname "$0")/common.sh"
SEEDS=${2:-${LANG_SEEDS:-1000}}
ORDO=$BUILD/ordo
jobs=$(nproc 2>/dev/null || echo 2)

players_of() { # the "players A..B" line of a ruleset -> "A B"
    sed -n 's/^[[:space:]]*players[[:space:]]*\([0-9]*\)\(\.\.\([0-9]*\)\)\{0,1\}.*/\1 \3/p' "$1" |
        head -1
}

# same_seeds SRC HOST LO HI J: seeds J+1, J+1+jobs, ... of SRC; a line per
# differing seed in $tmp/diff.NAME.J
same_seeds() {
    src=$1 host=$2 lo=$3 hi=$4 j=$5 name=$(basename "$1" .ordo)
    s=$((j + 1))
    while [ "$s" -le "$SEEDS" ]; do
        p=$((lo + s % (hi - lo + 1)))
        "$ORDO" run "$src" --seed "$s" --players "$p" --trace jsonl >"$tmp/a.$j" 2>&1
        sa=$?
        "$host" --seed "$s" --players "$p" --trace jsonl >"$tmp/b.$j" 2>&1
        sb=$?
        if [ "$sa" -ne "$sb" ] || ! cmp -s "$tmp/a.$j" "$tmp/b.$j"; then
            echo "seed $s, $p players: exit $sa and $sb" >>"$tmp/diff.$name.$j"
        else
            echo >>"$tmp/same.$name.$j"
        fi
        s=$((s + jobs))
    done
}

found=0
for src in examples/language/*.ordo; do
    [ -f "$src" ] || continue
    found=1
    name=$(basename "$src" .ordo)
    if "$ORDO" check -Werror "$src" >"$tmp/out" 2>&1; then ok; else
        bad "$src: ordo check -Werror"; head -5 "$tmp/out" | sed 's/^/    /'
    fi
    if "$ORDO" test "$src" >"$tmp/out" 2>&1; then ok; else
        bad "$src: ordo test"; head -10 "$tmp/out" | sed 's/^/    /'
    fi
    host=$BUILD/lang/${name}_host
    if [ ! -x "$host" ]; then bad "no host $host (make test-one builds it)"; continue; fi
    set -- $(players_of "$src")
    lo=${1:-2} hi=${2:-${1:-2}}
    j=0
    while [ "$j" -lt "$jobs" ]; do
        same_seeds "$src" "$host" "$lo" "$hi" "$j" &
        j=$((j + 1))
    done
    wait
    n=$(cat "$tmp"/same."$name".* 2>/dev/null | wc -l)
    pass=$((pass + n))
    if ls "$tmp"/diff."$name".* >/dev/null 2>&1; then
        d=$(cat "$tmp"/diff."$name".* | wc -l)
        bad "$src: interpreted and emitted C differ on $d of $SEEDS seeds"
        cat "$tmp"/diff."$name".* | head -5 | sed 's/^/    /'
        fail=$((fail + d - 1))
    fi
done
[ "$found" = 1 ] || bad "no examples/language/*.ordo"
src=examples/language/payment.ordo
n=$(grep -c '^scenario ' "$src")
if "$BUILD/lang/payment_scenarios" "$src" >"$tmp/out" 2>&1 &&
   grep -qx "$src: ok $n scenarios" "$tmp/out"; then ok; else
    bad "payment.ordo's scenarios over the emitted C:"; sed 's/^/    /' "$tmp/out" | head
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

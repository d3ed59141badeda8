#!/bin/sh
# catan_data.sh BUILD — bad board data is refused when the ruleset is
# compiled, at the file and line that is wrong: a copy of
# rulesets/catan.ordo and its data with a hex missing, a number token of
# 7, or a harbour on an inland intersection, each checked by `ordo check`
# against its exact diagnostics (the `check` declarations of catan.ordo).
# Last line: "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$(pwd)/$BUILD/ordo
mkdir -p "$tmp/r/data" && cp rulesets/catan.ordo "$tmp/r/" && cp -r rulesets/data/catan "$tmp/r/data/"
D=$tmp/r/data/catan
keep() { cp rulesets/data/catan/"$1" "$D/$1"; }
# refused FILE-EDIT EXPECTED...: after the edit, `ordo check` exits 1 and
# prints exactly the expected error lines (with their carets' source lines)
refused() {
    (cd "$tmp/r" && "$ORDO" check catan.ordo) >"$tmp/out" 2>&1
    st=$?
    printf '%s\n' "$@" >"$tmp/want"
    if [ "$st" -eq 1 ] && grep ': error: ' "$tmp/out" | cmp -s - "$tmp/want"; then ok; else
        bad "status $st, expected 1 and these errors:"; cat "$tmp/want"; echo "  got:"; cat "$tmp/out"; fi
}
(cd "$tmp/r" && "$ORDO" check -Werror catan.ordo) >"$tmp/out" 2>&1 && ok ||
    { bad "the copy does not compile as it is:"; cat "$tmp/out"; }

# a hex missing (hex 17, which no scenario names)
sed -i '/^17,/d' "$D/hexmap.csv"
line=$(grep -n '^check "the board has 19 hexes' rulesets/catan.ordo | cut -d: -f1)
refused "catan.ordo:$line:1: error: check failed: the board has 19 hexes, 54 intersections, 72 paths and 9 harbours"
keep hexmap.csv

# a number token of 7
sed -i 's/^B,2$/B,7/' "$D/tokens.csv"
refused "data/catan/tokens.csv:3:1: error: check failed: a number token is 2 to 12 but never 7 (row 'token B' of table 'Token')"
keep tokens.csv

# harbour 1 given to intersection 19, in the middle of the board
sed -i 's/^\(19,.*\),0,0$/\1,1,0/' "$D/links.csv"
refused "data/catan/links.csv:20:1: error: check failed: a harbour is on the coast (row 'v19' of table 'Vertex')" \
    "data/catan/ports.csv:2:1: error: check failed: a harbour has two intersections (row 'harbour 1' of table 'Port')"
keep links.csv
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# demo.sh BUILD — a tour of every ruleset (`make demo`): check it, compile
# it to C with ordoc, compile that C into a host program, and play a seeded
# game with the random policy, showing the end of the trace and the result;
# then write every ruleset's rule document (Markdown, HTML, Graphviz) into
# BUILD/demo/doc/.
BUILD=${1:-build}
cd "$(dirname "$0")/../.." || exit 1
CC=${CC:-cc}
SEED=${SEED:-2024}
D=$BUILD/demo
mkdir -p "$D"
status=0
say() { printf '\n%s\n' "$*"; }
run() { echo "  \$ $*"; "$@"; }

set -- rulesets/*.ordo
if [ ! -f "$1" ]; then
    echo "demo: no rulesets in rulesets/"
    exit 1
fi
for src in "$@"; do
    name=$(basename "$src" .ordo)
    title=$(sed -n 's/^ruleset[[:space:]]*"\(.*\)".*/\1/p' "$src" | head -1)
    say "=== $name: $title"
    echo "  $(wc -l <"$src") lines, $(grep -c '^[[:space:]]*step ' "$src") steps," \
         "$(grep -c '^[[:space:]]*scenario ' "$src") scenarios"

    say "1. check"
    if run "$BUILD/ordo" check -v "$src"; then :; else status=1; continue; fi
    run "$BUILD/ordo" test "$src" | tail -n 1

    say "2. compile to C with ordoc"
    run "$BUILD/ordoc" "$src" -o "$D/$name.c" --header "$D/$name.h" --symbol "${name}_program" ||
        { status=1; continue; }
    echo "  -> $D/$name.c: $(wc -l <"$D/$name.c") lines of C"
    grep -m 3 'ORDO_OP_STEP' "$D/$name.c" | sed 's/^/     /'

    say "3. compile that C into a host program (examples/host.c)"
    run $CC -std=c11 -Wall -Wextra -Werror -pedantic -O2 -D_POSIX_C_SOURCE=200809L \
        -Iruntime -Iruntime/host -DHOST_PROGRAM="${name}_program" -o "$D/${name}_host" \
        examples/host.c "$D/$name.c" "$BUILD/libordohost.a" "$BUILD/libordo.a" ||
        { status=1; continue; }

    say "4. play a game: seed $SEED, random policy (the end of the trace)"
    echo "  \$ $D/${name}_host --seed $SEED --policy random"
    if "$D/${name}_host" --seed "$SEED" --policy random >"$D/$name.trace" 2>"$D/$name.err"; then
        echo "  ... ($(wc -l <"$D/$name.trace") trace lines; full trace in $D/$name.trace)"
        tail -n 12 "$D/$name.trace" | sed 's/^/  | /'
    else
        status=1
        tail -n 5 "$D/$name.trace" | sed 's/^/  | /'
        sed 's/^/  ! /' "$D/$name.err"
    fi
    echo "  The same game interpreted: $BUILD/ordo run $src --seed $SEED"
done
say "=== the rule documents (ordo doc) in $D/doc/"
for src in "$@"; do
    run "$BUILD/ordo" doc "$src" -o "$D/doc" --dot || status=1
done
name=$(basename "$1" .ordo)
echo "  the start of $D/doc/$name.md:"
sed -n '1,12p' "$D/doc/$name.md" | sed 's/^/  | /'
echo
if [ $status -eq 0 ]; then echo "demo: done"; else echo "demo: something failed (see above)"; fi
exit $status

#!/bin/sh
# demo.sh BUILD — the tour `make demo` gives, in about a minute: every
# ruleset in rulesets/ checked and its scenarios run; a seeded game of each
# played by the interpreter, told by its result and the rule that ended
# it; one ruleset compiled to C, played natively and held to the
# interpreter's trace; every ruleset's rule document. The Makefile builds
# the tools and the one native host first (its emitted C compiled once,
# the object `make hosts` and `make test` reuse), so nothing here compiles.
# Exit status 0 when every stage worked.
BUILD=${1:-build}
cd "$(dirname "$0")/../.." || exit 1
SEED=${SEED:-2024}
NATIVE=${NATIVE:-splendor_solo}
D=$BUILD/demo
ORDO=$BUILD/ordo
mkdir -p "$D"
status=0
stage() { printf '\n%s\n' "$*"; }
fail() { echo "  !! $*"; status=1; }

set -- rulesets/*.ordo
[ -f "$1" ] || { echo "demo: no rulesets in rulesets/"; exit 1; }

echo "ordo: board-game rules written as data, checked, played and compiled to C."
echo "The rulesets in rulesets/ encode real rulebooks; each step cites its rule IDs."

stage "1. Check each ruleset and run the scenarios written with its rules"
echo "   (build/ordo check FILE: names, types and consistency; build/ordo test FILE)"
for src in "$@"; do
    name=$(basename "$src" .ordo)
    if ! "$ORDO" check "$src" >"$D/$name.check" 2>&1; then
        fail "$name: ordo check failed:"; sed 's/^/     /' "$D/$name.check" | head -5
        continue
    fi
    "$ORDO" test "$src" >"$D/$name.test" 2>&1 || fail "$name: a scenario failed (see $D/$name.test)"
    printf '   %-16s %5d lines   scenarios: %s\n' "$name" "$(wc -l <"$src")" \
        "$(tail -n 1 "$D/$name.test")"
done

# policy_of FILE: the first policy FILE declares, or its base's (a layer
# `extends` its base), else random
policy_of() {
    pol=$(sed -n 's/^policy[[:space:]]\{1,\}\([A-Za-z_][A-Za-z_0-9]*\).*/\1/p' "$1" | head -1)
    base=$(sed -n 's/^extends[[:space:]]*"\(.*\)".*/\1/p' "$1" | head -1)
    if [ -z "$pol" ] && [ -n "$base" ] && [ -f "$(dirname "$1")/$base" ]; then
        policy_of "$(dirname "$1")/$base"
    else
        echo "${pol:-random}"
    fi
}

stage "2. Play one game of each, interpreted (seed $SEED)"
echo "   (build/ordo run FILE --seed $SEED --policy P: the ruleset's own bot where it"
echo "   declares one, else random choices; the trace goes to $D/NAME.trace)"
for src in "$@"; do
    name=$(basename "$src" .ordo)
    policy=$(policy_of "$src")
    if ! "$ORDO" run "$src" --seed "$SEED" --policy "$policy" >"$D/$name.trace" 2>"$D/$name.err"; then
        fail "$name: the game stopped with an error:"; sed 's/^/     /' "$D/$name.err" | head -3
        continue
    fi
    # the trace's last lines: "N end winner player 2 (REASON)" / "N end no
    # winner (REASON)", then "result: ... (K decisions, M VM steps)"
    decisions=$(tail -n 1 "$D/$name.trace" | sed -n 's/.*(\([0-9]*\) decisions.*/\1/p')
    ending=$(grep '^[0-9]* end ' "$D/$name.trace" | tail -n 1 |
             sed -e 's/^[0-9]* end //' -e 's/^winner \(player [0-9]*\) (\(.*\))$/\1 wins: \2/' \
                 -e 's/^winner \(player [0-9]*\)$/\1 wins/' -e 's/^no winner (\(.*\))$/no player wins: \1/')
    printf '   %-16s %-10s %4s decisions: %s\n' "$name" "$policy" "$decisions" "$ending"
    # a game cut short by an escape says who took it (Titan offers "leave
    # the game" at every step, and random players take it)
    grep '^[0-9]* escape ' "$D/$name.trace" | head -n 2 |
        sed 's/^[0-9]* escape \(player [0-9]*\): \(.*\)/                                (\1 took the escape "\2")/'
done
echo "   Each trace line names the step and the rule IDs behind it; the first of $NATIVE's steps:"
grep -m 1 '\[SPL-' "$D/$NATIVE.trace" | sed 's/^/   | /'

stage "3. Compile $NATIVE to C and play the same game natively"
src=rulesets/$NATIVE.ordo
c=$BUILD/examples/$NATIVE.c
host=$BUILD/examples/${NATIVE}_host
echo "   $BUILD/ordoc $src -o $c --symbol ${NATIVE}_program"
if [ ! -f "$c" ] || [ ! -x "$host" ]; then
    fail "no $host (the Makefile builds it for make demo)"
else
    echo "   -> $(wc -l <"$c") lines of C: the program's tables, and each procedure as a"
    echo "      C function whose code sits under #line directives to its rule's lines,"
    echo "      compiled with examples/host.c and the runtime into $host"
    "$host" --seed "$SEED" --policy "$(policy_of "$src")" >"$D/$NATIVE.native" 2>"$D/$NATIVE.native.err" ||
        fail "the native game stopped with an error"
    if cmp -s "$D/$NATIVE.trace" "$D/$NATIVE.native"; then
        echo "   $host --seed $SEED: its trace equals the interpreter's, all $(wc -l <"$D/$NATIVE.native") lines"
    else
        fail "the native trace differs from the interpreted one:"
        diff "$D/$NATIVE.trace" "$D/$NATIVE.native" | head -5 | sed 's/^/     /'
    fi
fi

stage "4. Write each ruleset's rule document (build/ordo doc FILE -o $D/doc)"
: >"$D/doc.log"
for src in "$@"; do
    "$ORDO" doc "$src" -o "$D/doc" --dot >>"$D/doc.log" 2>&1 || fail "ordo doc $src failed (see $D/doc.log)"
done
echo "   $(ls "$D"/doc/*.md | wc -l) documents in Markdown and HTML, with Graphviz graphs of the"
echo "   sequence and the triggers, e.g. $D/doc/$NATIVE.html"
grep -q "dot is not on the PATH" "$D/doc.log" &&
    echo "   (Graphviz's dot is not installed: the graphs are .dot files, not .svg)"

stage "Next"
echo "   build/ordo play rulesets/$NATIVE.ordo    play it yourself against its bot"
echo "   make hosts   a native host for every ruleset    make test   every test"
echo "   doc/tutorial.md   writing a ruleset, step by step"
echo
if [ $status -eq 0 ]; then echo "demo: done"; else echo "demo: something failed (see above)"; fi
exit $status

#!/bin/sh
# gdb_line.sh BUILD — the emitted C is debugged in the rules' terms: a
# host built from ordoc's C at -O0 -g runs under gdb in batch mode, with a
# breakpoint on a line of tests/e2e/data/tiny.ordo (its #line directives);
# the run stops there, in the function named after the rule's proc, and
# the frame that called it is at its own line of the C file (the
# scaffolding's #line back to it). Without gdb the checks
# are skipped: one check passed, with a note. Last line: "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDOC=$BUILD/ordoc
CC=${CC:-cc}
SRC=tests/e2e/data/tiny.ordo

# the sanitizers' libraries link only with their flags, and gdb under ASan
# is another test: the plain build checks the lines
case $BUILD in
*asan*) echo "skipped in $BUILD (the plain build checks the emitted C's lines)"
        echo "0 passed, 0 failed"; exit 0 ;;
esac
if ! command -v gdb >/dev/null 2>&1; then
    echo "note: gdb not found; the #line checks are skipped"
    ok
    echo "$pass passed, $fail failed"
    exit 0
fi

# the line of a statement of proc take_turn(p: player), inside an option's
# body; its param reads as fp[L_p] (the rules' names of the frame's slots)
LINE=$(grep -n 'color\[p\] = c' "$SRC" | head -n 1 | cut -d: -f1)
[ -n "$LINE" ] || bad "no 'color[p] = c' line in $SRC"

if "$ORDOC" "$SRC" -o "$tmp/tiny.c" --symbol tiny_program 2>"$tmp/err" &&
    $CC -std=c11 -D_POSIX_C_SOURCE=200809L -Iruntime -Iruntime/host -O0 -g \
        -DHOST_PROGRAM=tiny_program -o "$tmp/host" examples/host.c "$tmp/tiny.c" \
        "$BUILD/libordohost.a" "$BUILD/libordo.a" 2>>"$tmp/err"; then
    ok
else
    bad "ordoc or cc on $SRC"
    sed 's/^/    /' "$tmp/err" | head
fi

# the C names the rule file in its #line directives
if grep -q "^#line [0-9]* \"$SRC\"" "$tmp/tiny.c"; then ok; else
    bad "no #line naming $SRC in the emitted C"
fi

if [ -x "$tmp/host" ] && [ -n "$LINE" ]; then
    gdb -q -batch -nx \
        -ex "break tiny.ordo:$LINE" \
        -ex "run --seed 3 --players 2 --policy first --trace none >/dev/null" \
        -ex "bt" \
        -ex "print fp[L_p]" \
        "$tmp/host" >"$tmp/gdb" 2>&1
    # the stop: "Breakpoint 1.1, tiny_program_take_turn (...) at tests/e2e/data/tiny.ordo:LINE"
    if grep -q "^Breakpoint 1[.0-9]*, tiny_program_take_turn (.*) at .*tiny\.ordo:$LINE\$" "$tmp/gdb"; then
        ok
    else
        bad "gdb did not stop at tiny.ordo:$LINE in tiny_program_take_turn"
        sed 's/^/    /' "$tmp/gdb" | head -20
    fi
    # the proc's param by its name in the rules: p is player 1 or 2 (0 or 1)
    if grep -q '^\$1 = [01]$' "$tmp/gdb"; then ok; else
        bad "gdb cannot print the rules' local p as fp[L_p]"
        grep -A2 'print\|\$1' "$tmp/gdb" | head -5 | sed 's/^/    /'
    fi
    # its caller, the scaffolding that runs a proc's function, is at its own
    # line of the C file (the #line back): the call of the function
    at=$(sed -n 's/^#1 .* tiny_program_run (.*) at .*tiny\.c:\([0-9]*\)$/\1/p' "$tmp/gdb")
    if [ -n "$at" ] && sed -n "${at}p" "$tmp/tiny.c" | grep -q 'rc = fn(g, mode, base, result, 0)'; then
        ok
    else
        bad "frame 1 is not tiny_program_run at its call of the proc's function in tiny.c"
        sed 's/^/    /' "$tmp/gdb" | head -20
    fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

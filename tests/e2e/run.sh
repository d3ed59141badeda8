#!/bin/sh
# run.sh BUILD — end-to-end tests of the emitted C.
#
#  1. golden: ordoc's C (and header) for tests/e2e/data/tiny.ordo equals
#     tests/e2e/golden/tiny.c / tiny.h byte for byte (UPDATE_GOLDEN=1
#     rewrites them after a deliberate change of the lowering or emitter);
#  2. the emitted C of tiny.ordo and of every ruleset compiles with
#     -std=c11 -Wall -Wextra -Werror -pedantic: under $CC the build itself
#     holds it to that (the Makefile's EMIT_CC, with no POSIX macro), so
#     this compiles it with clang when clang is present and is not $CC
#     (STRICT_CLANG=0, the sanitizers' pass, skips it: the same check);
#  3. interpreted (`ordo run`) and emitted (the host built by the Makefile)
#     games print byte-identical traces: several seeds, player counts,
#     both policies, jsonl and text, and a --choices file;
#  4. --record then --choices replays a game exactly; a label that is not
#     offered is a one-line error with exit status 1;
#  5. data tables and layers (tables.ordo; layer.ordo over layers/base.ordo):
#     reading a field of none is the same runtime error in both, the trace
#     names rows, `ordo test` on a layer runs its own scenarios only, and
#     the files a ruleset reads are found beside it;
#  6. the scenarios of assertions.ordo pass over its emitted C tables too.
# Last line: "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo ORDOC=$BUILD/ordoc
CC=${CC:-cc}

# ---- 1. golden
if "$ORDOC" tests/e2e/data/tiny.ordo -o "$tmp/tiny.c" --header "$tmp/tiny.h" \
        --symbol tiny_program 2>"$tmp/err"; then
    # its #line directives name the C file as given: $tmp/tiny.c, here
    sed "s|^\(#line [0-9]* \)\"$tmp/|\1\"|" "$tmp/tiny.c" >"$tmp/tiny.c.golden" &&
        mv "$tmp/tiny.c.golden" "$tmp/tiny.c"
    for f in tiny.c tiny.h; do
        if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
            cp "$tmp/$f" "tests/e2e/golden/$f" && echo "updated tests/e2e/golden/$f"
        fi
        if cmp -s "$tmp/$f" "tests/e2e/golden/$f"; then ok; else
            bad "golden $f differs (--- golden, +++ now; UPDATE_GOLDEN=1 to accept)"
            diff -u "tests/e2e/golden/$f" "$tmp/$f" | head -30 | sed 's/^/    /'
        fi
    done
else
    bad "ordoc tiny.ordo"; sed 's/^/    /' "$tmp/err" | head
fi

# --no-lines: the same C without a #line directive (line for line the
# C with them, the directives taken out), still strict C
if "$ORDOC" tests/e2e/data/tiny.ordo -o "$tmp/nolines.c" --no-lines --symbol tiny_program &&
   "$ORDOC" tests/e2e/data/tiny.ordo -o "$tmp/lines.c" --symbol tiny_program &&
   ! grep -q '^#line' "$tmp/nolines.c" && grep -q '^#line' "$tmp/lines.c" &&
   grep -v '^#line' "$tmp/lines.c" | cmp -s - "$tmp/nolines.c" &&
   ${CC:-cc} -std=c11 -Wall -Wextra -Werror -pedantic -Iruntime -c "$tmp/nolines.c" \
       -o "$tmp/nolines.o"; then ok; else
    bad "ordoc --no-lines: #line directives left, or the C does not compile"
fi

# ---- 2. the emitted C is strict ISO C (under $CC: the build's EMIT_CC)
compilers=
[ "${STRICT_CLANG:-1}" = 1 ] && command -v clang >/dev/null 2>&1 && [ "$CC" != clang ] &&
    compilers=clang
E2E_FILES="tests/e2e/data/tiny.ordo tests/e2e/data/tables.ordo tests/e2e/data/layer.ordo
    tests/e2e/data/assertions.ordo"
# (the C of a large ruleset takes the compiler some seconds: the files are
# compiled on every core, a line of results each)
: >"$tmp/strict"
for src in $E2E_FILES rulesets/*.ordo; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .ordo)
    if ! "$ORDOC" "$src" -o "$tmp/p_$name.c" --header "$tmp/p_$name.h" 2>"$tmp/err"; then
        bad "ordoc $src"; sed 's/^/    /' "$tmp/err" | head; continue
    fi
    for cc in $compilers; do echo "$cc $name $src"; done >>"$tmp/strict"
done
# strict CC NAME SRC: "ok", or "bad ..." and the first errors
strict() {
    if $1 -std=c11 -Wall -Wextra -Werror -pedantic -Iruntime -c "$tmp/p_$2.c" \
            -o "$tmp/p_$2.$1.o" 2>"$tmp/err.$2.$1"; then echo ok; else
        echo "bad $1 -pedantic -Werror on the C of $3"; head -10 "$tmp/err.$2.$1" | sed 's/^/    /'
    fi
}
cores=$(nproc 2>/dev/null || echo 2) running=0
while read -r cc name src; do
    strict "$cc" "$name" "$src" >"$tmp/strict.$name.$cc" &
    running=$((running + 1))
    if [ "$running" -ge "$cores" ]; then wait; running=0; fi
done <"$tmp/strict"
wait
while read -r cc name src; do
    if [ "$(head -1 "$tmp/strict.$name.$cc")" = ok ]; then ok; else
        bad "$(head -1 "$tmp/strict.$name.$cc" | sed 's/^bad //')"
        tail -n +2 "$tmp/strict.$name.$cc"
    fi
done <"$tmp/strict"

# ---- 3. interpreted == emitted
# same SRC HOST ARGS...: `ordo run SRC ARGS` and `HOST ARGS` print the same
same() {
    src=$1 host=$2
    shift 2
    "$ORDO" run "$src" "$@" >"$tmp/a" 2>"$tmp/ae"; sa=$?
    "$host" "$@" >"$tmp/b" 2>"$tmp/be"; sb=$?
    if [ "$sa" -ne "$sb" ]; then
        bad "$(basename "$src") $*: ordo run exit $sa, host exit $sb"
        head -3 "$tmp/ae" "$tmp/be" | sed 's/^/    /'
    elif ! cmp -s "$tmp/a" "$tmp/b"; then
        bad "$(basename "$src") $*: traces differ"
        diff "$tmp/a" "$tmp/b" | head -10 | sed 's/^/    /'
    elif [ ! -s "$tmp/a" ]; then
        bad "$(basename "$src") $*: empty trace"
    else
        ok
    fi
}
players_of() { # the "players A..B" line of a ruleset -> "A B"
    sed -n 's/^[[:space:]]*players[[:space:]]*\([0-9]*\)\(\.\.\([0-9]*\)\)\{0,1\}.*/\1 \3/p' "$1" |
        head -1
}
for src in $E2E_FILES rulesets/*.ordo; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .ordo)
    host=$BUILD/examples/${name}_host
    case $src in tests/e2e/*) host=$BUILD/e2e/${name}_host ;; esac
    if [ ! -x "$host" ]; then bad "no host $host (make hosts)"; continue; fi
    set -- $(players_of "$src")
    lo=${1:-2} hi=${2:-${1:-2}}
    p=$lo
    for seed in 1 2 3 7 42 1000 123456789; do
        same "$src" "$host" --seed $seed --players $p --trace jsonl
        p=$((p + 1)); [ "$p" -gt "$hi" ] && p=$lo
    done
    same "$src" "$host" --seed 5 --players $hi --policy first --trace jsonl
    same "$src" "$host" --seed 9 --players $lo --trace text
    # record a game, replay it through --choices with the other policy
    if "$ORDO" run "$src" --seed 11 --trace jsonl --record "$tmp/rec" >"$tmp/r1" 2>"$tmp/err" &&
       "$ORDO" run "$src" --seed 11 --trace jsonl --choices "$tmp/rec" --policy first \
            >"$tmp/r2" 2>>"$tmp/err" && cmp -s "$tmp/r1" "$tmp/r2"; then ok; else
        bad "$name: --record then --choices does not replay the game"; head -3 "$tmp/err"
    fi
    same "$src" "$host" --seed 11 --trace jsonl --choices "$tmp/rec" --policy first
done

# ---- 4. the checked-in choices file, and a label that is not offered
src=tests/e2e/data/tiny.ordo
same "$src" "$BUILD/e2e/tiny_host" --seed 4 --players 2 --choices tests/e2e/data/tiny.choices
if "$ORDO" run "$src" --seed 4 --choices tests/e2e/data/tiny.choices --trace text \
        >"$tmp/out" 2>"$tmp/err" && grep -q 'paint green' "$tmp/out"; then ok; else
    bad "tiny.choices: the chosen labels are not in the trace"; head -3 "$tmp/err"
fi
printf '# not a label of tiny\nfly to the moon\n' >"$tmp/bad.choices"
"$ORDO" run "$src" --seed 4 --choices "$tmp/bad.choices" >/dev/null 2>"$tmp/err"
st=$?
if [ "$st" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
   grep -q 'bad.choices:2: "fly to the moon" is not offered' "$tmp/err"; then ok; else
    bad "a choice that is not offered: exit $st, stderr:"; sed 's/^/    /' "$tmp/err"
fi

# ---- 5. data tables and layers
src=tests/e2e/data/tables.ordo
none=tests/e2e/data/tables_none.choices
same "$src" "$BUILD/e2e/tables_host" --choices "$none" --trace text
"$ORDO" run "$src" --choices "$none" --trace text >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" -eq 1 ] && grep -q "a table's field read of none in the sequence" "$tmp/err" &&
   grep -q 'choice player 1: read none' "$tmp/out"; then ok; else
    bad "tables.ordo: reading a field of none: exit $st, stderr:"; sed 's/^/    /' "$tmp/err"
fi
if grep -qx '6 log best left L3 red, drawn L2 red, held L1 white' "$tmp/out"; then ok; else
    bad "tables.ordo: the trace does not name the rows"; head -8 "$tmp/out" | sed 's/^/    /'
fi
"$BUILD/e2e/tables_host" --choices "$none" >/dev/null 2>"$tmp/err"
if grep -q "a table's field read of none" "$tmp/err"; then ok; else
    bad "tables_host: reading a field of none:"; sed 's/^/    /' "$tmp/err"
fi
# `ordo test` on a layer runs the layer's scenarios, not the base's (which
# would fail there); the base's run on the base
for f in tests/e2e/data/layer.ordo tests/e2e/data/layers/base.ordo; do
    if "$ORDO" test "$f" >"$tmp/out" 2>"$tmp/err" && grep -qx "$f: ok 2 scenarios" "$tmp/out"
    then ok; else
        bad "ordo test $f: expected '$f: ok 2 scenarios'"
        cat "$tmp/out" "$tmp/err" | sed 's/^/    /' | head
    fi
done
# the base and its CSV file are found beside the layer, from any directory
root=$(pwd)
if (cd "$tmp" && "$root/$ORDO" check "$root/tests/e2e/data/layer.ordo" &&
    "$root/$ORDO" run "$root/tests/e2e/data/layer.ordo" --policy first) >"$tmp/out" 2>"$tmp/err" &&
   [ ! -s "$tmp/err" ] && grep -q 'override reward' "$tmp/out"; then ok; else
    bad "the layer from another directory"; sed 's/^/    /' "$tmp/err" | head
fi
# a runtime error in a base's code names the base's file and line
"$ORDO" run tests/e2e/data/layers/boom_layer.ordo >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" -eq 1 ] && grep -q 'in boom (tests/e2e/data/layers/boom_base.ordo:10)$' "$tmp/err"
then ok; else
    bad "boom_layer.ordo: expected the base's file and line, exit $st:"; sed 's/^/    /' "$tmp/err"
fi

# ---- 6. a scenario's items from the emitted tables: assertions.ordo's
# scenarios (event counts, no event with arguments, list and row literals)
# run by `ordo test`'s runner over the program emitted as C, and pass as
# they do in the interpreter
src=tests/e2e/data/assertions.ordo
if "$BUILD/e2e/assertions_scenarios" "$src" >"$tmp/out" 2>&1 &&
   grep -qx "$src: ok 4 scenarios" "$tmp/out" &&
   "$ORDO" test "$src" 2>&1 | grep -qx "$src: ok 4 scenarios"; then ok; else
    bad "assertions.ordo's scenarios over the emitted C:"; sed 's/^/    /' "$tmp/out" | head
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

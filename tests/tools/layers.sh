#!/bin/sh
# layers.sh BUILD — the layers hold (doc/internals.md, "Layers"):
#   - each source file's quoted includes resolve in its layer's include
#     path (the Makefile compiles with that path, so a wrong include would
#     not build; this names the rule where a reader looks for it), and no
#     quoted include climbs out with "../";
#   - the host kit (runtime/host/) and examples/host.c include nothing of
#     the runtime but its public header;
#   - the runtime includes nothing beyond the C library;
#   - libordo.a defines no global symbol outside ordo_* (the VM's, the
#     validator's and the tracer's names are local to the library).
# Last line: "N passed, M failed"; exit 1 on any failure.
BUILD=${1:-build}
cd "$(dirname "$0")/../.." || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

# includes FILE: the names in its #include "..." lines
includes() {
    sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$1"
}

# layer DIRS FILES...: every quoted include of FILES is found in DIRS
# (the generated parser.h counts as dsl/)
layer() {
    dirs=$1
    shift
    for f in "$@"; do
        [ -f "$f" ] || continue
        for h in $(includes "$f"); do
            case $h in
            ../*|*/../*) bad "$f: includes \"$h\" past its layer's include path"; continue ;;
            esac
            found=0
            for d in $dirs; do
                if [ -f "$d/$h" ] || { [ "$d" = dsl ] && [ "$h" = parser.h ]; }; then
                    found=1
                fi
            done
            if [ $found = 1 ]; then ok; else bad "$f: \"$h\" is not in its layer ($dirs)"; fi
        done
    done
}

layer "dsl" dsl/*.c dsl/*.h dsl/*.y dsl/*.l
layer "runtime" runtime/*.c runtime/*.h
layer "dsl compiler runtime" compiler/*.c compiler/*.h
layer "dsl compiler runtime compiler/driver runtime/host" compiler/driver/*.c compiler/driver/*.h

# the host kit and the example host: the public header and the kit's own
for f in runtime/host/*.c runtime/host/*.h examples/host.c; do
    for h in $(includes "$f"); do
        case $h in
        ordo.h|ordo_host.h) ok ;;
        *) bad "$f: includes \"$h\" (a host sees ordo.h and ordo_host.h only)" ;;
        esac
    done
done

# the runtime needs the C library alone
allowed_sys="stdarg.h stddef.h stdint.h stdio.h stdlib.h string.h errno.h limits.h"
for f in runtime/*.c runtime/*.h runtime/host/*.c runtime/host/*.h; do
    for h in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*<\([^>]*\)>.*/\1/p' "$f"); do
        case " $allowed_sys " in
        *" $h "*) ok ;;
        *) bad "$f: includes <$h>, not the C library" ;;
        esac
    done
done

# libordo.a: the API and nothing else
if [ ! -f "$BUILD/libordo.a" ]; then
    bad "no $BUILD/libordo.a"
else
    leaked=$(nm -g --defined-only "$BUILD/libordo.a" 2>/dev/null |
             awk 'NF == 3 { print $3 }' | grep -v '^ordo_' | sort -u)
    napi=$(nm -g --defined-only "$BUILD/libordo.a" 2>/dev/null |
           awk 'NF == 3 && $3 ~ /^ordo_/' | wc -l)
    if [ -n "$leaked" ]; then
        bad "libordo.a exports names outside ordo_*:" $leaked
    elif [ "$napi" -eq 0 ]; then
        bad "libordo.a exports no ordo_* name at all"
    else
        ok
    fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

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
#     validator's and the tracer's names are local to the library);
#   - within each folder of sources (every folder under dsl/, compiler/,
#     runtime/ and web/, found, not listed), no two files use each other in a
#     circle: a file uses another when it calls a function the other
#     defines (read from the objects' symbols) or includes the other's own
#     header (x.h beside x.c: the types, macros and declarations of what
#     x.c provides); tsort finds a loop.
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
layer "dsl compiler runtime runtime/host compiler/engines" compiler/engines/*.c compiler/engines/*.h
layer "dsl compiler runtime runtime/host compiler/engines compiler/driver" compiler/driver/*.c compiler/driver/*.h
# the playground's C (web/): the engines and everything below them
layer "dsl compiler runtime runtime/host compiler/engines web" web/*.c web/*.h

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

# objects DIR: the objects of DIR's sources (not what an old build left
# there); parser.y and lexer.l are built in $BUILD/dsl as well
objects() {
    for f in "$1"/*.c "$1"/*.y "$1"/*.l; do
        [ -f "$f" ] || continue
        f=${f##*/}
        echo "$BUILD/$1/${f%.*}.o"
    done
}

# calls DIR: "caller callee" pairs between the files of one folder, from
# their objects (one nm for the definitions, one for the uses)
calls() {
    objs=$(objects "$1")
    { nm -g --defined-only -A $objs | awk '{ print "D", $1, $NF }'
      nm -u -A $objs | awk '{ print "U", $1, $NF }'; } |
    awk '{ f = $2; sub(/:.*$/, "", f); n = split(f, part, "/"); f = part[n]; sub(/\.o$/, "", f)
           if ($1 == "D") def[$3] = f; else use[++k] = f " " $3 }
         END { for (i = 1; i <= k; i++) { split(use[i], x, " ")
                   if ((x[2] in def) && def[x[2]] != x[1]) print x[1], def[x[2]] } }' | sort -u
}

# owner DIR HEADER: the file whose own header HEADER is (x for x.h beside
# x.c, x.y or x.l), or nothing for a header no file of DIR owns
owner() {
    b=${2%.h}
    for e in c y l; do
        if [ -f "$1/$b.$e" ]; then echo "$b"; return; fi
    done
}

# uses DIR: "user used" pairs from includes: a file (its source or its
# own header) includes another file's own header
uses() {
    for f in "$1"/*.c "$1"/*.y "$1"/*.l "$1"/*.h; do
        [ -f "$f" ] || continue
        me=$(owner "$1" "${f##*/}")
        [ -n "$me" ] || { me=${f##*/}; me=${me%.*}; }
        case $f in *.h) [ -f "$1/$me.c" ] || [ -f "$1/$me.y" ] || [ -f "$1/$me.l" ] || continue ;; esac
        for h in $(includes "$f"); do
            [ -f "$1/$h" ] || continue
            them=$(owner "$1" "$h")
            [ -n "$them" ] && [ "$them" != "$me" ] && echo "$me $them"
        done
    done | sort -u
}

# every folder of sources, by its .c files (compiler/driver, runtime/host
# and any folder added later among them)
for dir in $(find dsl compiler runtime web -name '*.c' | sed 's|/[^/]*$||' | sort -u); do
    missing=0
    for o in $(objects "$dir"); do
        [ -f "$o" ] || missing=1
    done
    if [ $missing = 1 ]; then
        bad "$dir: not built (no objects of its sources in $BUILD/$dir)"
        continue
    fi
    if { calls "$dir"; uses "$dir"; } | tsort >/dev/null 2>"$BUILD/.tsort"; then
        ok
    else
        bad "$dir: files use each other in a circle: $(grep -v '^tsort: -: input contains a loop:' "$BUILD/.tsort" | sed 's/^tsort: //' | tr '\n' ' ')"
    fi
done
rm -f "$BUILD/.tsort"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

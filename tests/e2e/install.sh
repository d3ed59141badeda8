#!/bin/sh
# install.sh BUILD — `make install` into a temporary DESTDIR, then a host
# built against the installed files alone: examples/host.c and a ruleset
# emitted by the installed ordoc, compiled and linked with nothing but
# `pkg-config --cflags --libs ordo`; it plays the game `ordo run` plays.
# Then `make uninstall` leaves no file behind. Always the plain build
# (build/): an install of the sanitizer build is no different a test.
# Last line: "N passed, M failed".
. "$(dirname "$0")/common.sh"
D=$tmp/root PREFIX=/usr/local
if ! command -v pkg-config >/dev/null 2>&1; then
    bad "no pkg-config (make test installs it: tests/tools/deps.sh)"
    echo "$pass passed, $fail failed"
    exit 1
fi
if make -s --no-print-directory install BUILD=build DESTDIR="$D" PREFIX=$PREFIX >"$tmp/log" 2>&1; then
    ok
else
    bad "make install failed"
    tail -n 5 "$tmp/log"
fi
for f in bin/ordo bin/ordoc lib/libordo.a lib/libordohost.a lib/libordo.so lib/pkgconfig/ordo.pc \
         include/ordo/ordo.h include/ordo/ordo_host.h share/man/man1/ordo.1 share/man/man1/ordoc.1 \
         share/man/man3/ordo.3 share/man/man5/ordo.5; do
    if [ -e "$D$PREFIX/$f" ]; then ok; else bad "not installed: $PREFIX/$f"; fi
done
so=$(readelf -d "$D$PREFIX/lib/libordo.so" 2>/dev/null | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
if [ "$so" = libordo.so.0 ]; then ok; else bad "the shared library's soname is '$so'"; fi
others=$(nm -D --defined-only "$D$PREFIX/lib/libordo.so" | awk 'NF == 3 { print $3 }' | grep -v '^ordo_')
if [ -z "$others" ]; then ok; else bad "libordo.so exports more than the API:" $others; fi

# a host against the installed files: ordoc, headers and libraries
export PKG_CONFIG_PATH="$D$PREFIX/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$D"
TINY=tests/e2e/data/tiny.ordo
"$D$PREFIX/bin/ordoc" "$TINY" -o "$tmp/tiny.c" --symbol tiny_program || bad "installed ordoc failed"
cflags=$(pkg-config --cflags ordo) libs=$(pkg-config --libs ordo)
if ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L $cflags -DHOST_PROGRAM=tiny_program \
       -o "$tmp/host" examples/host.c "$tmp/tiny.c" $libs 2>"$tmp/cc"; then
    ok
else
    bad "the host does not build with pkg-config alone ($cflags $libs):"
    head -n 5 "$tmp/cc"
fi
# the host carries the library's folder as its rpath (ordo.pc's Libs; the
# staged install's sysroot is in front of it)
if readelf -d "$tmp/host" 2>/dev/null | grep -q "R.*PATH.*\[\(.*\)\{0,1\}$PREFIX/lib\]"; then ok; else
    bad "the host has no rpath to $PREFIX/lib"; readelf -d "$tmp/host" | grep -i path; fi
if [ -x "$tmp/host" ]; then
    LD_LIBRARY_PATH="$D$PREFIX/lib" "$tmp/host" --seed 3 >"$tmp/host.out" 2>&1
    "$BUILD/ordo" run "$TINY" --seed 3 >"$tmp/run.out" 2>&1
    if cmp -s "$tmp/host.out" "$tmp/run.out"; then ok; else bad "the installed host plays another game"; fi
    if ldd "$tmp/host" | grep -q "$D$PREFIX/lib/libordo.so.0" ||
       LD_LIBRARY_PATH="$D$PREFIX/lib" ldd "$tmp/host" | grep -q 'libordo.so.0'; then ok; else
        bad "the host is not linked with the shared libordo"; fi
fi
if MANPATH="$D$PREFIX/share/man" man -w ordo >/dev/null 2>&1 || [ -s "$D$PREFIX/share/man/man1/ordo.1" ]; then ok; fi

# installed under a PREFIX of one's own (no DESTDIR): the host runs as it
# is, no LD_LIBRARY_PATH, through its rpath
P2=$tmp/prefix
if make -s --no-print-directory install BUILD=build PREFIX="$P2" >"$tmp/log2" 2>&1 &&
   PKG_CONFIG_PATH="$P2/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR= sh -c \
       '${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L $(pkg-config --cflags ordo) \
        -DHOST_PROGRAM=tiny_program -o "$1/host2" examples/host.c "$1/tiny.c" \
        $(pkg-config --libs ordo)' sh "$tmp" 2>"$tmp/cc2" &&
   env -u LD_LIBRARY_PATH "$tmp/host2" --seed 3 >"$tmp/host2.out" 2>&1 &&
   cmp -s "$tmp/host2.out" "$tmp/run.out"; then ok; else
    bad "a host of an install under PREFIX=$P2 does not run without LD_LIBRARY_PATH"
    tail -n 3 "$tmp/log2" "$tmp/cc2" "$tmp/host2.out" 2>/dev/null; fi
# the Python package, importable from its site folder under that PREFIX
# alone (the runtime found where make install put it, not in build/): it
# compiles a ruleset and plays the game `ordo run` plays
site=$(find "$P2/lib" -path '*-packages/ordo/__init__.py' 2>/dev/null | head -n 1)
if [ -n "$site" ] && (cd "$tmp" && env -u ORDO_LIB -u ORDO_PYLIB PYTHONPATH="${site%/ordo/__init__.py}" \
       python3 -c 'import sys, ordo
assert ordo.__file__.startswith(sys.argv[2]), ordo.__file__
g = ordo.Ruleset(sys.argv[1]).new_game(2, 3)
while g.run() == ordo.DECIDE:
    g.choose(0)
s = ordo.load_game(sys.argv[1], players=2, seed=3, chance="sampled").new_initial_state()
while not s.is_terminal():
    s.apply_action(s.legal_actions()[0])
print(g.winner, s.returns())' "$OLDPWD/$TINY" "$P2") >"$tmp/py.out" 2>&1 &&
   [ "$(cat "$tmp/py.out")" = "$(sed -n 's/^result: player \([0-9]*\) wins.*/\1/p' "$tmp/run.out" |
                                awk '{ print $1 - 1, ($1 == 1 ? "[1.0, 0.0]" : "[0.0, 1.0]") }')" ]; then
    ok
else
    bad "the installed Python package does not import or play from $P2 (${site:-no package found})"
    cat "$tmp/py.out" 2>/dev/null | tail -n 3
fi
make -s --no-print-directory uninstall BUILD=build PREFIX="$P2" >/dev/null 2>&1
if [ -z "$(find "$P2" -path '*ordo/*.py' 2>/dev/null)" ]; then ok; else
    bad "make uninstall left the Python package in $P2"; fi

make -s --no-print-directory uninstall BUILD=build DESTDIR="$D" PREFIX=$PREFIX >"$tmp/log" 2>&1 ||
    bad "make uninstall failed"
left=$(find "$D" -type f -o -type l)
if [ -z "$left" ]; then ok; else bad "make uninstall left:" $left; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

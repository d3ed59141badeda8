#!/bin/sh
# coverage.sh [TARGET...] — `make fuzz-coverage`: what the fuzz targets
# reach. Each target is built with replay.c's main and clang's source-based
# coverage (build/cov), run once over its seed corpus and over the inputs
# libFuzzer kept (build/fuzz/corpus/TARGET, after `make fuzz`), and
# llvm-cov reports the lines reached, per target and per file of the code
# under test, least reached first. The report is build/cov/report.txt; add
# its summary to doc/testing.md's coverage table. clang and llvm are
# installed through apt-get when missing (as root).
cd "$(dirname "$0")/../.." || exit 1
. tests/fuzz/corpora.sh
[ $# -gt 0 ] && FUZZ_TARGETS="$*"
for tool in clang llvm-profdata llvm-cov; do
    command -v $tool >/dev/null 2>&1 && continue
    if [ "$(id -u)" != 0 ]; then
        echo "fuzz-coverage: missing $tool — run: sudo apt-get install -y clang llvm" >&2
        exit 1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang llvm >/dev/null ||
        { echo "fuzz-coverage: apt-get install clang llvm failed" >&2; exit 1; }
done
B=build/cov
rm -rf "$B/prof"
mkdir -p "$B/prof"
COV="-fprofile-instr-generate -fcoverage-mapping"
make --no-print-directory -j"$(nproc)" BUILD=$B CC=clang OPT=-O1 SAN="$COV" \
    $(for t in $FUZZ_TARGETS; do echo "$B/fuzz/replay_$t"; done) >"$B.log" 2>&1 ||
    { tail -n 20 "$B.log"; echo "fuzz-coverage: the build failed (see $B.log)" >&2; exit 1; }
objects=""
for t in $FUZZ_TARGETS; do
    kept=""
    [ -d "build/fuzz/corpus/$t" ] && kept="build/fuzz/corpus/$t"
    LLVM_PROFILE_FILE="$B/prof/$t.profraw" "$B/fuzz/replay_$t" $(corpus "$t") $kept \
        >"$B/$t.log" 2>&1 || { echo "fuzz-coverage: $t failed (see $B/$t.log)" >&2; exit 1; }
    llvm-profdata merge -sparse "$B/prof/$t.profraw" -o "$B/prof/$t.profdata"
    # the code under test: the layers, not the targets and the generated parser
    echo "== $t ($(tail -n 1 "$B/$t.log" | cut -d' ' -f1) inputs)"
    llvm-cov report "$B/fuzz/replay_$t" -instr-profile="$B/prof/$t.profdata" \
        -ignore-filename-regex='tests/|build/' | tail -n 1 |
        awk '{ printf "   lines %s of %s reached (%s), functions %s\n", $8 - $9, $8, $10, $7 }'
    objects="$objects -object $B/fuzz/replay_$t"
done
llvm-profdata merge -sparse "$B"/prof/*.profraw -o "$B/prof/all.profdata"
first=${objects# -object }
first=${first%% *}
# shellcheck disable=SC2086
llvm-cov report $first ${objects#* $first} -instr-profile="$B/prof/all.profdata" \
    -ignore-filename-regex='tests/|build/' >"$B/report.txt"
echo "== all targets together: $(tail -n 1 "$B/report.txt" |
    awk '{ printf "lines %s of %s reached (%s)", $8 - $9, $8, $10 }')"
echo "   least reached files (lines missed, cover):"
grep -E '^(dsl|compiler|runtime)/' "$B/report.txt" |
    awk '$8 > 50 { print $10, $9, $1 }' | sort -n | head -n 12 |
    awk '{ printf "   %-40s %6s missed  %s\n", $3, $2, $1 }'
echo "report: $B/report.txt"

#!/bin/sh
# run.sh SECONDS [TARGET...] — `make fuzz`: each fuzz target under clang's
# libFuzzer with ASan and UBSan for SECONDS seconds (default 60), one
# after the other (run two at once with two calls, naming the targets). clang is installed through apt-get when missing (as root). The
# build is build/fuzz (clang); inputs found are kept in build/fuzz/corpus/
# TARGET, crashes and slow inputs in build/fuzz/found-TARGET-*. The last line of each
# target's report is libFuzzer's own: runs, execs/s, coverage. Add the
# figures to doc/testing.md's fuzzing table.
SECONDS_EACH=${1:-60}
shift 2>/dev/null
cd "$(dirname "$0")/../.." || exit 1
. tests/fuzz/corpora.sh
only=
[ $# -gt 0 ] && FUZZ_TARGETS="$*" && only=1
if ! command -v clang >/dev/null 2>&1; then
    if [ "$(id -u)" != 0 ]; then
        echo "fuzz: missing clang — run: sudo apt-get install -y clang" >&2
        exit 1
    fi
    echo "fuzz: installing clang" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang >/dev/null ||
        { echo "fuzz: apt-get install clang failed" >&2; exit 1; }
fi
B=build/fuzz
mkdir -p "$B"
SAN="-fsanitize=address,undefined -fsanitize=fuzzer-no-link -fno-omit-frame-pointer"
make --no-print-directory -j"$(nproc)" BUILD=$B CC=clang OPT=-O1 SAN="$SAN" \
    $(for t in $FUZZ_TARGETS; do echo "$B/fuzz/fuzz_$t"; done) >"$B.log" 2>&1 ||
    { tail -n 20 "$B.log"; echo "fuzz: the build failed (see $B.log)" >&2; exit 1; }
status=0
for t in $FUZZ_TARGETS; do
    mkdir -p "$B/corpus/$t"
    echo "== $t: $SECONDS_EACH s ($(date -u +%Y-%m-%dT%H:%MZ))"
    "$B/fuzz/fuzz_$t" -max_total_time="$SECONDS_EACH" -print_final_stats=1 \
        -artifact_prefix="$B/found-$t-" -max_len=65536 -timeout=30 -rss_limit_mb=4096 \
        "$B/corpus/$t" $(corpus "$t") >"$B/$t.log" 2>&1
    st=$?
    grep -h 'DONE\|stat::number_of_executed_units\|stat::peak_rss_mb' "$B/$t.log" |
        tail -n 3 | sed 's/^/   /'
    # slow inputs (found-T-slow-unit-*) are kept for a look, not failures
    if [ "$st" -ne 0 ] || ls "$B/found-$t-"crash-* "$B/found-$t-"leak-* "$B/found-$t-"timeout-* \
            "$B/found-$t-"oom-* >/dev/null 2>&1; then
        echo "   FOUND: see $B/$t.log and $B/found-$t-*"
        status=1
    fi
done
# the Python API (tests/fuzz/python_api.py: random testing, libFuzzer has
# no Python front end here): about 100 iterations a second, for as long
# as one target, on the plain build's libraries (make python)
if [ -z "$only" ] && make --no-print-directory -j"$(nproc)" python >/dev/null 2>&1; then
    n=$((SECONDS_EACH * 100))
    echo "== python: $n iterations ($(date -u +%Y-%m-%dT%H:%MZ))"
    sh tests/fuzz/python_api.sh build "$n" "$(date +%s)" >"$B/python.log" 2>&1 ||
        { echo "   FOUND: see $B/python.log"; status=1; }
    tail -n 2 "$B/python.log" | sed 's/^/   /'
fi
exit $status

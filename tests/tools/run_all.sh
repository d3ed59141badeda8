#!/bin/sh
# run_all.sh BUILD — every test against the binaries in BUILD, in order:
#   unit tests (cmocka), the layers (includes and exports), diagnostics
#   (text, JSON, SARIF), the grammar appendix of doc/language.md
#   (tests/tools/grammar.sh), scenarios (ordo test), end-to-end (emitted C
#   vs interpreter, golden C), the emitted C under gdb (#line), the
#   language's examples (examples/language:
#   scenarios, traces of the interpreter and the emitted C on LANG_SEEDS
#   seeds, default 1000), hidden information (each seat's trace against
#   the full one), the Python binding (pytest), random-policy sweep, command line, the rule
#   documents (ordo doc), `ordo lsp`, the editor grammars,
#   `ordo explore` shared among threads and MPI ranks, `ordo sim`, `ordo play`, the shell sessions README.md and doc/ show
#   (tests/tools/transcripts.py), the Splendor ruleset against its hand-written
#   reference, the mutation fuzzer (FUZZ=N iterations, default 3000).
#   Every ruleset's emitted C is held to the interpreter on SAME_SEEDS
#   seeds (default 10000; `make test` sets 500 for the ASan build).
# Every suite ends its output with "N passed, M failed"; this script sums
# them, prints the same line last, and exits 1 on any failure.
#
# The volume of the suites whose cost is the number of games (the
# Makefile's ASAN_VOLUME sets smaller ones for the sanitizers' pass):
# SWEEP=N sweep games per ruleset (default 1000); CATAN_SWEEP=N those of
# each Catan ruleset, base and layer alike (default 2000: 1000 at 3
# players and 1000 at 4, as issue 14 asks); HIDDEN_SEEDS (default 100),
# LANG_SEEDS (default 1000) and SAME_SEEDS (default 10000) the seeds of
# the hidden-information, language-example and same-trace suites.
BUILD=${1:-build}
cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
total_pass=0 total_fail=0
SWEEP=${SWEEP:-1000}
CATAN_SWEEP=${CATAN_SWEEP:-2000}
t0=$(date +%s)

# suite NAME CMD...: runs CMD, shows its output, adds its last line's counts
suite() {
    name=$1
    shift
    echo "== $name"
    s=$(date +%s)
    "$@" >"$tmp/out" 2>&1
    st=$?
    sed 's/^/   /' "$tmp/out"
    last=$(tail -n 1 "$tmp/out")
    p=$(echo "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1/p')
    f=$(echo "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\2/p')
    if [ -z "$p" ]; then
        p=0 f=1
        echo "   (no summary line; exit status $st: counted as one failure)"
    elif [ "$st" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1
        echo "   (exit status $st: counted as one failure)"
    fi
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
    echo "   -- $name: $p passed, $f failed ($(($(date +%s) - s))s)"
}

# unit tests: cmocka prints "[  PASSED  ] N test(s)." and "[  FAILED  ] N test(s)"
unit() {
    up=0 uf=0
    for t in "$BUILD"/tests/test_*; do
        [ -x "$t" ] || continue
        "$t" >"$tmp/unit" 2>&1
        st=$?
        cat "$tmp/unit"
        a=$(sed -n 's/.*\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$tmp/unit" | tail -1)
        b=$(sed -n 's/.*\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$tmp/unit" | tail -1)
        up=$((up + ${a:-0}))
        if [ "$st" -ne 0 ] && [ "${b:-0}" -eq 0 ]; then b=1; fi
        uf=$((uf + ${b:-0}))
    done
    echo "$up passed, $uf failed"
    [ "$uf" -eq 0 ]
}

scenarios() {
    set -- rulesets/*.ordo rulesets/situations/*.ordo tests/e2e/data/*.ordo examples/*/*.ordo
    files=""
    for f in "$@"; do [ -f "$f" ] && files="$files $f"; done
    set -- $files
    "$BUILD/ordo" test "$@"
}

suite "unit tests" unit
suite "layers: includes and exports" sh tests/tools/layers.sh "$BUILD"
suite "diagnostics" sh tests/tools/diag_test.sh "$BUILD"
suite "diagnostics as JSON and SARIF, warnings by name" sh tests/tools/diag_formats.sh "$BUILD"
suite "grammar appendix and keyword lists of doc/language.md" sh tests/tools/grammar.sh check
suite "scenarios (ordo test)" scenarios
suite "end to end (emitted C)" sh tests/e2e/run.sh "$BUILD"
suite "the emitted C under gdb: a breakpoint on a rule line stops there" sh tests/e2e/gdb_line.sh "$BUILD"
suite "every ruleset's emitted C == the interpreter on ${SAME_SEEDS:-10000} seeds" \
    "$BUILD/e2e/same_trace" --seeds "${SAME_SEEDS:-10000}"
suite "the language's examples: scenarios, interpreted == emitted C on ${LANG_SEEDS:-1000} seeds" \
    sh tests/e2e/language.sh "$BUILD"
suite "hidden information: no hidden value reaches another seat (${HIDDEN_SEEDS:-100} seeds)" \
    sh tests/e2e/hidden.sh "$BUILD"
suite "the Python binding (pytest)" sh tests/tools/pytest.sh "$BUILD"
suite "fuzz: the Python API, random and hostile calls (${PY_FUZZ:-300})" \
    sh tests/fuzz/python_api.sh "$BUILD"
for f in rulesets/*.ordo; do
    [ -f "$f" ] || continue
    n=$SWEEP
    # a layer (`extends`) changes settings of a ruleset swept in full
    grep -q '^extends ' "$f" && n=$(( (SWEEP + 9) / 10 ))
    case $f in rulesets/catan*.ordo) n=$CATAN_SWEEP ;; esac
    suite "random sweep of $f ($n games)" sh tests/e2e/sweep.sh "$BUILD" "$n" "$f"
done
suite "command line" sh tests/e2e/cli.sh "$BUILD"
suite "ordo doc: the rule documents" sh tests/e2e/doc.sh "$BUILD"
# the pages in headless Chromium, once: the sanitizers change nothing a
# browser sees (skipped without Chromium; make doc-browser-test installs it)
case $BUILD in
*asan*) ;;
*) suite "ordo doc: the HTML pages in headless Chromium" sh tests/e2e/doc_browser.sh "$BUILD" ;;
esac
suite "hostile input and a full disk" sh tests/e2e/hostile.sh "$BUILD"
suite "make install and a host built with pkg-config" sh tests/e2e/install.sh "$BUILD"
suite "ordo explore" sh tests/e2e/explore.sh "$BUILD"
suite "ordo explore, shared (--jobs, --mpi)" sh tests/e2e/explore_shared.sh "$BUILD"
suite "sim and explore through a ruleset's emitted C as a shared object (--native)" \
    sh tests/e2e/native.sh "$BUILD"
suite "ordo diff" sh tests/e2e/diff.sh "$BUILD"
suite "ordo mutate" sh tests/e2e/mutate.sh "$BUILD"
suite "ordo sim" sh tests/e2e/sim.sh "$BUILD"
suite "the MCTS policy on the command line" sh tests/e2e/mcts.sh "$BUILD"
suite "ordo play" sh tests/e2e/play.sh "$BUILD"
suite "Catan: bad board data refused at its file and line" sh tests/e2e/catan_data.sh "$BUILD"
suite "ordo play in a terminal: a person against three Catan bots (tmux)" sh tests/e2e/tmux_play.sh "$BUILD"
suite "ordo lsp: the language server in scripted sessions" sh tests/e2e/lsp.sh "$BUILD"
suite "the shell sessions of README.md and doc/ replayed" \
    python3 tests/tools/transcripts.py "$BUILD" README.md doc/*.md
suite "editor grammars (TextMate, Vim) over every .ordo file" sh tests/tools/grammars.sh
suite "Splendor: the ruleset and the hand-written reference agree" \
    sh tests/e2e/splendor_ref.sh "$BUILD"
suite "fuzz targets over their seed corpora" sh tests/fuzz/replay.sh "$BUILD"
fuzz_files=$(ls rulesets/*.ordo tests/e2e/data/*.ordo 2>/dev/null)
suite "fuzz: mutated rulesets never crash (${FUZZ:-3000})" \
    "$BUILD/tests/fuzz_compile" "${FUZZ:-3000}" 1 $fuzz_files
echo "== all suites in $BUILD: $(($(date +%s) - t0))s"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]

# corpora.sh — sourced: corpus TARGET prints the seed inputs of a fuzz
# target (files and folders), shared by replay.sh (make test) and run.sh
# (make fuzz). The compiler and CSV targets start from every ruleset and
# CSV file in the tree, the bad ones of the diagnostics suite included;
# the runtime targets from tests/fuzz/corpus/TARGET (see its README).
corpus() {
    case $1 in
    compiler) echo rulesets tests/e2e/data examples/tutorial tests/diagnostics ;;
    csv) echo rulesets/data/splendor tests/e2e/data/tables tests/diagnostics/data ;;
    *) echo "tests/fuzz/corpus/$1" ;;
    esac
}
FUZZ_TARGETS="compiler csv api diff restore simline lsp host"

#!/bin/sh
# doc.sh BUILD — `ordo doc`: the rule documents of tests/e2e/data/tiny.ordo,
# of a layer (tests/e2e/data/layer.ordo over layers/base.ordo) and of
# every shipped ruleset. Checks what the Markdown and the HTML say (steps
# with their rule IDs and their statements told in sentences, each `end
# game` and `emit` told once, triggers with their timing, payments in order,
# overrides against their base rule, reached or not), that every internal
# link (href="#x", ](#x)) has its anchor (id="x", <a id="x">), that no id
# is used twice, that the rule-ID index lists every ID the source cites,
# that the rule-ID figure is `ordo test --coverage`'s on every ruleset,
# the --dot graphs, -o -, and the command line's errors.
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo
D=$tmp/doc

# check COND MESSAGE...: ok when the command succeeds
check() {
    if eval "$1"; then ok; else bad "$2"; fi
}

# links_resolve FILE KIND: every internal link of FILE has its anchor
links_resolve() {
    if [ "$2" = html ]; then
        grep -o 'href="#[^"]*"' "$1" | sed 's/^href="#//; s/"$//' | sort -u >"$tmp/links"
        grep -o ' id="[^"]*"' "$1" | sed 's/^ id="//; s/"$//' | sort >"$tmp/ids"
    else
        grep -o '](#[^)]*)' "$1" | sed 's/^](#//; s/)$//' | sort -u >"$tmp/links"
        grep -o '<a id="[^"]*"' "$1" | sed 's/^<a id="//; s/"$//' | sort >"$tmp/ids"
    fi
    missing=$(sort -u "$tmp/ids" | comm -23 "$tmp/links" -)
    dup=$(uniq -d "$tmp/ids")
    [ -s "$tmp/links" ] || { echo "  $1: no internal links"; return 1; }
    [ -z "$missing" ] || { echo "  $1: links without an anchor: $missing"; return 1; }
    [ -z "$dup" ] || { echo "  $1: ids used twice: $dup"; return 1; }
}

# index_complete SRC... HTML MD: every `cite "ID"` of the sources has a row
# in the HTML index and an anchor in the Markdown
index_complete() {
    html=$1 md=$2
    shift 2
    grep -ho 'cite "[^"]*"' "$@" | sed 's/^cite "//; s/"$//' | sort -u >"$tmp/cited"
    sed -n 's/.*class="rule-row" id="[^"]*" data-id="\([^"]*\)".*/\1/p' "$html" | sort -u \
        >"$tmp/indexed"
    missing=$(comm -23 "$tmp/cited" "$tmp/indexed")
    [ -z "$missing" ] || { echo "  $html: not in the index: $missing"; return 1; }
    while read -r id; do
        grep -q "<a id=\"rule-[A-Za-z0-9_-]*\"></a>\*\*$(echo "$id" | sed 's/[_*]/\\\\&/g')\*\*" "$md" ||
            { echo "  $md: no index row for $id"; return 1; }
    done <"$tmp/cited"
}

# ---- tiny.ordo
"$ORDO" doc tests/e2e/data/tiny.ordo -o "$D" --dot --no-svg >"$tmp/out" 2>&1
check '[ $? -eq 0 ]' "ordo doc tiny.ordo failed: $(cat "$tmp/out")"
check '[ -s "$D/tiny.md" ] && [ -s "$D/tiny.html" ]' "tiny: no tiny.md or tiny.html"
check '[ -s "$D/tiny-sequence.dot" ] && [ -s "$D/tiny-triggers.dot" ]' "tiny: no .dot files"
check '[ ! -e "$D/tiny-sequence.svg" ]' "tiny: --no-svg still rendered SVG"
check 'grep -q "wrote $D/tiny.html" "$tmp/out"' "tiny: the written files are not named"
M=$D/tiny.md H=$D/tiny.html
check 'grep -q "^# Tiny: a dice race" "$M"' "tiny.md: no title"
check 'grep -q "^### 1 rounds" "$M" && grep -q "^#### 1.2 roll" "$M" && grep -q "^### 2 the highest score wins" "$M"' \
    "tiny.md: the steps are not headed by number and title"
# steps in number order: 1, 1.1, 1.2, 1.3, 2
order=$(grep -o "^#\{3,6\} [0-9][0-9.]*" "$M" | sed 's/^#* //' | tr '\n' ' ')
check '[ "$order" = "1 1.1 1.2 1.3 2 " ]' "tiny.md: the steps are out of order: $order"
check 'grep -A1 "^#### 1.1 paint" "$M" | grep -q "" && sed -n "/^#### 1.1 paint/,/^#### 1.2/p" "$M" | grep -q "Rule IDs: \[TINY-PAINT\](#rule-TINY-PAINT)"' \
    "tiny.md: step 1.1 does not name its rule ID"
check 'sed -n "/^#### 1.1 paint/,/^#### 1.2/p" "$M" | grep -q "Runs: first turn only"' \
    "tiny.md: step 1.1's modifier is missing"
# each step told in sentences, nested as its statements are: the roll, the
# decision and each option with its condition and what it does
sed -n "/^#### 1.2 roll/,/^#### 1.3/p" "$M" | grep '^ *\* ' >"$tmp/says"
cat >"$tmp/want" <<'EOF2'
* Roll a 6-sided die: `r` is what it shows.
* `p` chooses (“bank or double?”):
  * “bank”:
    * `p` gains `r` score.
    * The event [scored](#event-scored) happens for `p` and `r`.
  * “double”, when `doubles_left[p] > 0`:
    * `p` loses 1 doubles left.
    * `p` gains `2 * r` score.
    * The event [scored](#event-scored) happens for `p` and `2 * r`.
EOF2
check 'cmp -s "$tmp/says" "$tmp/want"' "tiny.md: step 1.2 is not told as it should be: $(cat "$tmp/says")"
check 'sed -n "/^### 2 the highest/,/^## /p" "$M" | grep -q "^  \* The game ends and \`p\` wins\.$"' \
    "tiny.md: step 2 does not say who wins, under its condition"
check 'sed -n "/^## Sequence of play/,/^### 1 /p" "$M" | grep -q "^\* At any point there, \`player 1\` may “concede”, leaving it:$"' \
    "tiny.md: the sequence's escape is not told"
check 'sed -n "/^#### 1.1 paint/,/^#### 1.2/p" "$M" | grep -q "^  \* “paint {c}”, for each \`c\` in \`Color\` where \`c != blue\`:$"' \
    "tiny.md: an option for each member is not told"
check 'grep -q "Carry out \[take turn\](#proc-take_turn) for \`p\`\." "$M" && grep -q "<a id=\"proc-take_turn\"></a>" "$M"' \
    "tiny.md: a call does not link its procedure"
check 'grep -q "Emitted by: step \[1.2\](#step-1-2)" "$M"' "tiny.md: event scored does not name its step"
check 'grep -q "^4 of 4 rule IDs the steps cite are reached by a scenario (as \`ordo test --coverage\` counts them)\.$" "$M"' \
    "tiny.md: the reach summary is wrong"
check 'grep -q "| <a id=\"rule-TINY-PAINT\"></a>\*\*TINY-PAINT\*\* | \[1.1\](#step-1-1) |  | \[painting and banking\](#scenario-painting-and-banking) |" "$M"' \
    "tiny.md: the index row of TINY-PAINT is wrong"
check 'grep -q "<a id=\"scenario-the-highest-score-wins\"></a>the highest score wins | \[TINY-2\](#rule-TINY-2) | passes |" "$M"' \
    "tiny.md: the scenario table is wrong"
check 'links_resolve "$M" md' "tiny.md: a link does not resolve"
check 'links_resolve "$H" html' "tiny.html: a link does not resolve"
check 'index_complete "$H" "$M" tests/e2e/data/tiny.ordo' "tiny: the index is incomplete"
check 'grep -q "<tr class=\"rule-row\" id=\"rule-TINY-ROLL\" data-id=\"TINY-ROLL\">" "$H"' \
    "tiny.html: no index row for TINY-ROLL"
check 'grep -q "<div class=\"step d1\" id=\"step-1-2\">" "$H"' "tiny.html: step 1.2 has no anchor"
check 'grep -q "<tr id=\"scenario-painting-and-banking\">" "$H"' "tiny.html: a scenario has no anchor"
# self-contained: no external resource, no script
check '! grep -Eiq "<script|<link|src=\"|href=\"(https?:|//)" "$H"' "tiny.html: not self-contained"
check 'grep -q "^<!DOCTYPE html>" "$H" && grep -q "</html>$" "$H"' "tiny.html: not a whole page"
check 'grep -q "^digraph \"tiny_sequence\"" "$D/tiny-sequence.dot" && grep -q "\"step-1\" -> \"step-1-1\"" "$D/tiny-sequence.dot"' \
    "tiny-sequence.dot: the step tree is missing"
check 'grep -q "^digraph \"tiny_triggers\"" "$D/tiny-triggers.dot" && grep -q "\"step-1-2\" -> \"event-scored\"" "$D/tiny-triggers.dot"' \
    "tiny-triggers.dot: the emit of scored is missing"

# the rule as the ruleset words it: the comment above a proc that opens
# with a rule ID the document indexes
"$ORDO" doc rulesets/splendor_solo.ordo -o - --format md --no-run >"$tmp/spl.md" 2>&1
check 'sed -n "/^### Procedure take\\\\_gem/,/^\* /p" "$tmp/spl.md" | grep -q "^As the ruleset words it: “SPL-K1: a colour that runs out leaves the row; one that comes back joins its end\.”$"' \
    "splendor_solo.md: take_gem does not carry the rule SPL-K1 as the ruleset words it"

# ---- a layer: its overrides against the base rules
"$ORDO" doc tests/e2e/data/layer.ordo -o "$D" >"$tmp/out" 2>&1
check '[ $? -eq 0 ]' "ordo doc layer.ordo failed: $(cat "$tmp/out")"
M=$D/layer.md H=$D/layer.html
check 'grep -q "A layer: .tests/e2e/data/layer.ordo. extends .tests/e2e/data/layers/base.ordo." "$M"' \
    "layer.md: the layers are not named"
check 'sed -n "/<a id=\"override-reward-layer1\">/,/<a id=\"override-climb/p" "$M" | grep -q "^Base rule (tests/e2e/data/layers/base.ordo:19):"' \
    "layer.md: override reward is not shown against its base rule"
check 'sed -n "/<a id=\"override-reward-layer1\">/,/<a id=\"override-climb/p" "$M" | grep -q "^proc reward(p: player) { score\[p\] += BONUS }"' \
    "layer.md: the base rule's text is missing"
check 'sed -n "/<a id=\"override-reward-layer1\">/,/<a id=\"override-climb/p" "$M" | grep -q "^override proc reward(p: player) { score\[p\] += BONUS \* 5 }"' \
    "layer.md: the override's text is missing"
check 'sed -n "/<a id=\"override-reward-layer1\">/,/<a id=\"override-climb/p" "$M" | grep -q "Tried 1 of 2 overrides"' \
    "layer.md: the layer's override is not tried first"
check 'sed -n "/<a id=\"override-ROUNDS-layer1\">/,/<a id=\"override-reward-layer1/p" "$M" | grep -q "^const ROUNDS = 2$"' \
    "layer.md: the overridden constant's base value is missing"
check 'sed -n "/<a id=\"override-ROUNDS-layer1\">/,/<a id=\"override-reward-layer1/p" "$M" | grep -q "^override const ROUNDS = 3$"' \
    "layer.md: the constant's override is missing"
check 'sed -n "/<a id=\"override-climb-layer1\">/,\$p" "$M" | grep -q "Used in: \[the layer: climbing"' \
    "layer.md: the scenario that uses override climb is not named"
check 'grep -q "<td><pre class=\"base\">proc reward(p: player) { score\[p\] += BONUS }</pre></td><td><pre class=\"replacement\">override proc reward(p: player) { score\[p\] += BONUS \* 5 }</pre>" "$H"' \
    "layer.html: override reward is not side by side with its base rule"
check 'grep -q "| <a id=\"trigger-count_climbs\"></a>\*\*count\\\\_climbs\*\* | after |" "$M"' \
    "layer.md: the trigger on climbed is not listed with its timing"
check 'links_resolve "$M" md' "layer.md: a link does not resolve"
check 'links_resolve "$H" html' "layer.html: a link does not resolve"

# ---- actions: payment order; timing: triggers in the order they run
"$ORDO" doc tests/e2e/data/actions.ordo -o "$D" >"$tmp/out" 2>&1
check '[ $? -eq 0 ]' "ordo doc actions.ordo failed: $(cat "$tmp/out")"
steps=$(sed -n '/<a id="action-overseas_trade">/,/<a id="action-use_space">/p' "$D/actions.md" |
    grep '^[0-9]\.' | sed 's/^[0-9]*\. //; s/:.*//' | tr '\n' '|')
check '[ "$steps" = "the precondition and every up-front cost must be payable, else the action is denied|up-front cost|before-triggers|the body|" ]' \
    "actions.md: overseas_trade's payment order is wrong: $steps"
check 'grep -q "up-front cost: \`1\` from \`silver\[p\]\`" "$D/actions.md"' "actions.md: a cost is missing"
check 'sed -n "/<a id=\"action-use_space\">/,/<a id=\"action-build\">/p" "$D/actions.md" | grep -q "^     \* Take the action \[overseas trade\](#action-overseas_trade) for \`p\`\.$"' \
    "actions.md: an action taken under a condition is not told in the body"
check 'sed -n "/<a id=\"event-gained\">/,/<a id=\"event-feast_over\">/p" "$D/actions.md" | grep -A1 "^\[counter\](#trigger-counter) does:$" | grep -q ""' \
    "actions.md: a trigger's body is not told"
"$ORDO" doc tests/e2e/data/payments.ordo -o - --format md >"$tmp/pay.md" 2>&1
pays=$(grep "^   \* Pay " "$tmp/pay.md" | sed 's/^ *//' | tr '\n' '|')
check '[ "$pays" = "* Pay 1 from \`goods[p, wood]\`.|* Pay 2 from \`cocoa[p]\` (or the substitute “use the cocoa tile”).|* Pay 2 from \`cocoa[p]\` (or the substitute “use the cocoa tile”).|* Pay 1 from \`goods[p, stone]\`.|" ]' \
    "payments.md: the payments are not told in the order they are paid: $pays"
"$ORDO" doc tests/e2e/data/timing.ordo -o "$D" --format md >/dev/null 2>&1
check '[ -s "$D/timing.md" ] && [ ! -e "$D/timing.html" ]' "--format md wrote something else"
timings=$(sed -n '/^### Event /,$p' "$D/timing.md" | grep -o '^| <a id="trigger-[^"]*"></a>[^|]*| [a-z]* |' |
    sed 's/.*| \([a-z]*\) |$/\1/' | tr '\n' ' ')
check 'echo "$timings" | grep -q "before"' "timing.md: no before-trigger: $timings"

# ---- every shipped ruleset
for f in rulesets/*.ordo; do
    n=$(basename "$f" .ordo)
    if ! "$ORDO" doc "$f" -o "$D" --dot --no-svg >"$tmp/out" 2>&1; then
        bad "ordo doc $f: $(cat "$tmp/out")"
        continue
    fi
    ok
    srcs=$f
    base=$(sed -n 's/^extends "\(.*\)".*/\1/p' "$f")
    [ -n "$base" ] && srcs="$f $(dirname "$f")/$base"
    check 'links_resolve "$D/$n.html" html' "$n.html: a link does not resolve"
    check 'links_resolve "$D/$n.md" md' "$n.md: a link does not resolve"
    check 'index_complete "$D/$n.html" "$D/$n.md" $srcs' "$n: the index is incomplete"
    # a layer runs only its own scenarios: some of its base's rules may go
    # unreached there (the document says so); a whole ruleset reaches all
    [ -n "$base" ] ||
        check '! grep -q "not reached by any scenario" "$D/$n.md"' "$n: a rule ID no scenario reaches"
    # the rule-ID figure is ordo test --coverage's
    got=$(sed -n 's/^\([0-9]* of [0-9]*\) rule IDs the steps cite are reached by a scenario.*/\1/p' "$D/$n.md")
    want=$("$ORDO" test --coverage "$f" 2>/dev/null | sed -n 's/^  rule IDs: \([0-9]* of [0-9]*\) reached.*/\1/p')
    check '[ -n "$got" ] && [ "$got" = "$want" ]' "$n: ordo doc says '$got' rule IDs reached, ordo test --coverage '$want'"
    # every statement is told once: each `end game` and `emit` of the source
    # is a sentence (a layer's document also tells its base's)
    check '! grep -q "cannot tell" "$D/$n.md"' "$n: a statement the document cannot tell"
    if [ -z "$base" ]; then
        ends=$(sed 's/#.*//' "$f" | grep -c '\bend game\b')
        told=$(grep -c '^ *\* .*\(The game ends\|The game stops here\)' "$D/$n.md")
        check '[ "$ends" = "$told" ]' "$n: $ends end game statements, $told told"
        emits=$(sed 's/#.*//' "$f" | grep -o '\bemit [a-z_]' | wc -l)
        told=$(grep -o 'The event \[[^]]*\]([^)]*) happens' "$D/$n.md" | wc -l)
        check '[ "$emits" -eq "$told" ]' "$n: $emits emits, $told told"
    fi
done

# ---- standard output, and the command line
check '"$ORDO" doc tests/e2e/data/tiny.ordo -o - --format html 2>/dev/null | grep -q "^<!DOCTYPE html>"' \
    "-o - --format html does not print the page"
check '"$ORDO" doc tests/e2e/data/tiny.ordo -o - --no-run --format md 2>/dev/null | grep -q "The scenarios were not run"' \
    "--no-run: the document does not say so"
"$ORDO" doc tests/e2e/data/tiny.ordo -o - >/dev/null 2>"$tmp/err"
check '[ $? -eq 2 ] && grep -q "writes one document" "$tmp/err"' "-o - without --format is not refused"
"$ORDO" doc tests/e2e/data/tiny.ordo --format pdf >/dev/null 2>"$tmp/err"
check '[ $? -eq 2 ] && grep -q "unknown format" "$tmp/err"' "an unknown format is not refused"
"$ORDO" doc >/dev/null 2>&1
check '[ $? -eq 2 ]' "no file is not a usage error"
"$ORDO" doc "$tmp/missing.ordo" >/dev/null 2>&1
check '[ $? -eq 2 ]' "a missing file is not a usage error"
printf 'ruleset "x"\nplayers 2\nsequence { nonsense }\n' >"$tmp/bad.ordo"
"$ORDO" doc "$tmp/bad.ordo" -o "$D" >/dev/null 2>&1
check '[ $? -eq 1 ] && [ ! -e "$D/bad.md" ]' "a ruleset that does not compile is not a failure"
check '"$ORDO" doc --help | grep -q "^usage: ordo doc FILE"' "ordo doc --help"
check '"$ORDO" help doc | grep -q -- "--dot"' "ordo help doc"
check '"$ORDO" --help | grep -q "^  doc FILE"' "ordo --help does not list doc"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

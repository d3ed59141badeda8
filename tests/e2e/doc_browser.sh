#!/bin/sh
# doc_browser.sh BUILD [--install] — the HTML rule documents of `ordo doc`
# in a real browser (headless Chromium): each page of tests/e2e/data/tiny.ordo,
# the layer tests/e2e/data/layer.ordo and every shipped ruleset loads, every
# internal link resolves to an element of the page, and the rule-ID index
# has a row for every ID the page cites and every ID the sources cite, and
# the rules told in sentences nest as written: every sentence that ends in
# a colon has the list it heads, every nested list is inside a sentence,
# and no sentence is empty.
#
# The checks run inside the page, in the browser: a copy of each page gets
# a script that walks its DOM and writes its verdict on <body>, and
# `chromium --headless --dump-dom` prints the DOM after the script ran
# (the DOM the browser built, so markup it had to repair shows).
#
# `make test` runs it (tests/tools/run_all.sh, in the plain pass); without
# Chromium it is skipped there ("0 passed, 0 failed"), unless --install is
# given (`make doc-browser-test`, which .ci/run runs after `make test`):
# then, as root, Debian's chromium package is installed with apt-get
# (about 300 MB).
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo
INSTALL=0
[ "${2:-}" = "--install" ] && INSTALL=1

find_browser() {
    for b in chromium chromium-browser google-chrome; do
        command -v "$b" >/dev/null 2>&1 && { command -v "$b"; return 0; }
    done
    return 1
}

BROWSER=$(find_browser)
if [ -z "$BROWSER" ] && [ $INSTALL -eq 1 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "doc_browser: Chromium is missing; installing it needs root (apt-get install chromium)"
        echo "0 passed, 1 failed"
        exit 1
    fi
    echo "doc_browser: installing Chromium (apt-get install chromium)"
    apt-get update >"$tmp/apt" 2>&1 &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium \
            >>"$tmp/apt" 2>&1 || { tail -5 "$tmp/apt"; }
    BROWSER=$(find_browser)
fi
if [ -z "$BROWSER" ]; then
    echo "doc_browser: skipped: no Chromium (make doc-browser-test installs it)"
    echo "0 passed, 0 failed"
    exit 0
fi
echo "doc_browser: $($BROWSER --version 2>/dev/null | head -1)"

# The script a test copy of a page runs: EXPECTED is the sources' rule IDs.
checker() {
    cat <<EOF
<script>
(function () {
  var expected = [$1];
  var bad = [];
  var links = document.querySelectorAll('a[href^="#"]');
  for (var i = 0; i < links.length; i++) {
    var id = decodeURIComponent(links[i].getAttribute('href').slice(1));
    if (!document.getElementById(id)) bad.push('link #' + id + ' resolves to nothing');
  }
  var ids = {}, all = document.querySelectorAll('[id]');
  for (var i = 0; i < all.length; i++) {
    if (ids[all[i].id]) bad.push('id ' + all[i].id + ' used twice');
    ids[all[i].id] = 1;
  }
  var rows = {}, r = document.querySelectorAll('tr.rule-row');
  for (var i = 0; i < r.length; i++) rows[r[i].getAttribute('data-id')] = r[i];
  var cited = document.querySelectorAll('[data-rule]');
  for (var i = 0; i < cited.length; i++) {
    var rid = cited[i].getAttribute('data-rule');
    if (!rows[rid]) bad.push('cited ' + rid + ' has no index row');
    else if (cited[i].getAttribute('href') !== '#' + rows[rid].id)
      bad.push('cited ' + rid + ' does not link its index row');
  }
  for (var i = 0; i < expected.length; i++)
    if (!rows[expected[i]]) bad.push('the source cites ' + expected[i] + ': no index row');
  var says = document.querySelectorAll('ul.says li');
  for (var i = 0; i < says.length; i++) {
    var li = says[i], own = '';
    for (var n = li.firstChild; n; n = n.nextSibling)
      if (n.nodeName !== 'UL') own += n.textContent;
    own = own.trim();
    var sub = li.querySelector(':scope > ul');
    if (!own) bad.push('an empty sentence');
    else if (/:$/.test(own) && !sub) bad.push('"' + own.slice(0, 60) + '" heads nothing');
    else if (sub && !/:$/.test(own)) bad.push('"' + own.slice(0, 60) + '" heads a list');
  }
  var lists = document.querySelectorAll('ul.says ul');
  for (var i = 0; i < lists.length; i++)
    if (lists[i].parentElement.nodeName !== 'LI') bad.push('a nested list outside a sentence');
  if (!document.querySelector('h1') || !document.title) bad.push('no title');
  document.body.setAttribute('data-check', bad.length ? 'FAIL ' + bad.slice(0, 5).join('; ')
    : 'ok links=' + links.length + ' rows=' + r.length + ' cited=' + cited.length +
      ' sentences=' + says.length);
})();
</script>
EOF
}

# dump URL: the DOM after the page loaded and its scripts ran
dump() {
    timeout 120 "$BROWSER" --headless --disable-gpu --no-sandbox --no-first-run \
        --disable-dev-shm-usage --user-data-dir="$tmp/profile" --dump-dom "$1" 2>"$tmp/browser.err"
}

D=$tmp/doc
mkdir -p "$D"
for f in tests/e2e/data/tiny.ordo tests/e2e/data/layer.ordo rulesets/*.ordo; do
    [ -f "$f" ] || continue
    n=$(basename "$f" .ordo)
    if ! "$ORDO" doc "$f" -o "$D" --format html >/dev/null 2>"$tmp/err"; then
        bad "ordo doc $f: $(cat "$tmp/err")"
        continue
    fi
    page=$D/$n.html
    srcs=$f
    base=$(sed -n 's/^extends "\(.*\)".*/\1/p' "$f")
    [ -n "$base" ] && srcs="$f $(dirname "$f")/$base"
    expected=$(grep -ho 'cite "[^"]*"' $srcs | sed 's/^cite "//; s/"$//' | sort -u |
        sed 's/.*/"&"/' | tr '\n' ',' | sed 's/,$//')
    # the checks, run by the browser in a copy of the page
    checker "$expected" >"$tmp/check.js"
    awk -v js="$tmp/check.js" '/<\/body>/ { while ((getline l < js) > 0) print l } { print }' \
        "$page" >"$D/check-$n.html"
    dump "file://$(cd "$D" && pwd)/check-$n.html" >"$tmp/check.dom"
    if ! grep -q 'id="rule-index"' "$tmp/check.dom" || ! grep -q '</html>' "$tmp/check.dom"; then
        bad "$n.html does not load whole in $BROWSER: $(head -c 300 "$tmp/browser.err")"
        continue
    fi
    verdict=$(sed -n 's/.*data-check="\([^"]*\)".*/\1/p' "$tmp/check.dom" | head -1)
    case $verdict in
    ok*) ok; echo "  $n.html: $verdict" ;;
    "") bad "$n.html: the browser ran no check: $(head -c 300 "$tmp/browser.err")" ;;
    *) bad "$n.html: $verdict" ;;
    esac
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

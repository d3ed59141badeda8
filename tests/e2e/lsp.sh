#!/bin/sh
# lsp.sh BUILD — `ordo lsp`, the language server:
#   - its command line: --help, --version, -W options, a bad option;
#   - no input, or bytes that are no LSP at all: no crash (status 1);
#   - scripted sessions, as an editor drives it (tests/e2e/lsp_session.py:
#     diagnostics as you type, definition, hover, completion, broken
#     frames and JSON, UTF-16 and UTF-8 positions, every .ordo file of
#     the tree), whose checks count here.
# Last line: "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo

"$ORDO" lsp --help >"$tmp/out" 2>&1 && grep -q '^usage: ordo lsp' "$tmp/out" && ok ||
    bad "ordo lsp --help"
"$ORDO" help lsp >"$tmp/out" 2>&1 && grep -q '^usage: ordo lsp' "$tmp/out" && ok ||
    bad "ordo help lsp"
"$ORDO" --help | grep -q '^  lsp ' && ok || bad "ordo --help lists lsp"
"$ORDO" lsp --version | grep -q '^ordo ' && ok || bad "ordo lsp --version"
"$ORDO" lsp --bogus </dev/null 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || bad "ordo lsp --bogus: status 2, one line"
"$ORDO" lsp -Wno-nosuch </dev/null 2>/dev/null
[ $? -eq 2 ] && ok || bad "ordo lsp -Wno-nosuch: status 2"
"$ORDO" lsp -Wno-unused --stdio </dev/null >/dev/null 2>&1
[ $? -eq 1 ] && ok || bad "ordo lsp, no input: status 1 (no shutdown)"
head -c 20000 tests/e2e/data/tiny.ordo | "$ORDO" lsp >"$tmp/out" 2>&1
st=$?
[ $st -eq 1 ] && grep -q '"code":-32700' "$tmp/out" && ok ||
    bad "ordo lsp on a ruleset, not LSP: status $st, a parse error expected"
printf 'Content-Length: 99999999999\r\n\r\n{}' | "$ORDO" lsp >"$tmp/out" 2>&1
st=$?
[ $st -eq 1 ] && grep -q 'too large' "$tmp/out" && ok || bad "a huge Content-Length: status $st"
printf 'Content-Length: 10\r\n\r\n{"id":' | "$ORDO" lsp >/dev/null 2>&1
[ $? -eq 1 ] && ok || bad "a body cut short: status 1"

if command -v python3 >/dev/null 2>&1; then
    run_counted lsp_session.py python3 tests/e2e/lsp_session.py "$ORDO"
else
    bad "python3 is missing: the scripted sessions did not run"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# lsp.sh BUILD — `ordo lsp`, the language server:
#   - its command line: --help, --version, -W options, a bad option;
#   - no input, or bytes that are no LSP at all: no crash (status 1);
#   - scripted sessions, as an editor drives it (tests/e2e/lsp_session.py:
#     diagnostics as you type, definition, hover, completion, broken
#     frames and JSON, UTF-16 and UTF-8 positions, every .ordo file of
#     the tree), whose checks count here;
#   - open documents keep their outline, not their compilation; a document
#     past 64 MiB is refused with a diagnostic.
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

# issue 33, 5: each open document kept its whole compilation (four 53 MB
# documents, 5.8 GB), and a document past 64 MiB was compiled and
# published with no diagnostic where `ordo check` refuses it.
# session FILE DOCS VARS [BLANKS]: DOCS documents of VARS vars each (and
# BLANKS MiB of blanks), opened in turn, then shutdown and exit
session() {
    python3 - "$@" <<'EOF'
import json, sys
path, ndocs, nvars = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
blanks = int(sys.argv[4]) if len(sys.argv) > 4 else 0
def msg(o):
    b = json.dumps(o).encode()
    return b"Content-Length: %d\r\n\r\n" % len(b) + b
out = [msg({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}})]
for d in range(ndocs):
    text = ('ruleset "big %d"\nplayers 2\n' % d + " " * (blanks << 20) +
            "".join("var v%d: 0..9\n" % k for k in range(nvars)) +
            'sequence { step 1 "e" { end game } }\n')
    out.append(msg({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": "file:///tmp/big%d.ordo" % d, "languageId": "ordo",
                         "version": 1, "text": text}}}))
out.append(msg({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
out.append(msg({"jsonrpc": "2.0", "method": "exit"}))
open(path, "wb").write(b"".join(out))
EOF
}
# peak FILE: the peak resident KB of ordo lsp -Wno-unused on FILE
peak() {
    /usr/bin/time -f %M -o "$tmp/peak" timeout 60 "$ORDO" lsp -Wno-unused <"$1" >/dev/null 2>&1
    cat "$tmp/peak"
}
if command -v python3 >/dev/null 2>&1 && [ -x /usr/bin/time ]; then
    session "$tmp/one" 1 20000
    session "$tmp/eight" 8 20000
    one=$(peak "$tmp/one") eight=$(peak "$tmp/eight")
    case $BUILD in
    *asan*) ok ;; # ASan's quarantine holds freed memory: no measure there
    *) [ $((eight * 2)) -lt $((one * 5)) ] && ok ||
        bad "8 open documents: $eight KB at the peak, 1 document $one KB (not 2.5 times)" ;;
    esac
    session "$tmp/huge" 1 1 65
    timeout 60 "$ORDO" lsp <"$tmp/huge" >"$tmp/out" 2>&1
    st=$?
    [ $st -eq 0 ] && grep -q 'larger than 64 MiB' "$tmp/out" && ok ||
        bad "a document past 64 MiB: status $st, no 'larger than 64 MiB' diagnostic"
fi

if command -v python3 >/dev/null 2>&1; then
    run_counted lsp_session.py python3 tests/e2e/lsp_session.py "$ORDO"
else
    bad "python3 is missing: the scripted sessions did not run"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

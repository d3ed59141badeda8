#!/bin/sh
# run.sh BUILD [--install] — the playground (make playground: BUILD/playground)
# in a real browser, headless Chromium, served by a static file server on a
# free local port, as anyone would serve it:
#   - the page alone starts: the module loads, the rulesets are preloaded,
#     the default ruleset compiles and the page says so;
#   - index.html?selftest runs web/selftest.js in the page, which works the
#     controls and reads the page back: an error planted at a known line is
#     listed and marked at that line, every shipped ruleset's scenarios
#     pass, Splendor solo is played to its end by clicks, two seats of a
#     Catan game see different hidden values, the rule document shows.
# `chromium --dump-dom` prints the DOM once the page is idle; the verdict
# is the attribute data-selftest on <body>. With --install (make
# playground-test) Chromium is installed when missing (tests/web/deps.sh),
# else the test is skipped. `make test` does not run it.
. "$(dirname "$0")/../e2e/common.sh"
PG=$BUILD/playground
if ! command -v chromium >/dev/null 2>&1; then
    if [ "${2:-}" = "--install" ]; then
        sh tests/web/deps.sh chromium || { bad "Chromium could not be installed"; echo "$pass passed, $fail failed"; exit 1; }
    else
        echo "playground: skipped: no Chromium (make playground-test installs it)"
        echo "0 passed, 0 failed"
        exit 0
    fi
fi

for f in index.html playground.js highlight.js selftest.js style.css ordo.tmLanguage.json \
         ordo.js ordo.wasm ordo.data; do
    if [ -s "$PG/$f" ]; then ok; else bad "$PG/$f is missing (make playground)"; fi
done
[ "$fail" -eq 0 ] || { echo "$pass passed, $fail failed"; exit 1; }

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 "$port" -d "$PG" >"$tmp/http.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
for i in 1 2 3 4 5 6 7 8 9 10; do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html')" \
        2>/dev/null && break
    sleep 0.5
done

# dump URL: the DOM once the page is idle (virtual time runs its timers on)
dump() {
    timeout 300 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --disable-dev-shm-usage --user-data-dir="$tmp/profile" --virtual-time-budget=600000 \
        --dump-dom "$1" 2>"$tmp/browser.err"
}

dump "http://127.0.0.1:$port/index.html" >"$tmp/plain.dom"
status=$(sed -n 's/.*id="status"[^>]*>\([^<]*\)<.*/\1/p' "$tmp/plain.dom" | head -1)
case $status in
*"compiled"*) ok; echo "  the page: $status" ;;
*) bad "the page did not start: '$status' $(grep -v dbus "$tmp/browser.err" | head -c 300)" ;;
esac

dump "http://127.0.0.1:$port/index.html?selftest" >"$tmp/selftest.dom"
verdict=$(sed -n 's/.*data-selftest="\([^"]*\)".*/\1/p' "$tmp/selftest.dom" | head -1)
case $verdict in
ok*) ok; echo "  selftest: $verdict" ;;
"") bad "the page ran no selftest: $(grep -v dbus "$tmp/browser.err" | head -c 300)" ;;
*) bad "selftest: $verdict" ;;
esac
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

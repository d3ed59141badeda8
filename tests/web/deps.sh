#!/bin/sh
# deps.sh emcc|chromium — installs what the playground needs when missing:
# Debian's emscripten (with node-acorn, which its tools load) to build it,
# Debian's chromium to test it, through tests/tools/deps.sh (apt-get as
# root; otherwise it says what to run). Only `make playground` and `make
# playground-test` call it: `make test` needs neither.
case $1 in
emcc) command -v emcc >/dev/null 2>&1 && [ -d /usr/share/nodejs/acorn ] && exit 0
      exec sh "$(dirname "$0")/../tools/deps.sh" emscripten node-acorn ;;
chromium) command -v chromium >/dev/null 2>&1 && exit 0
      exec sh "$(dirname "$0")/../tools/deps.sh" chromium ;;
*) echo "usage: deps.sh emcc|chromium" >&2; exit 2 ;;
esac

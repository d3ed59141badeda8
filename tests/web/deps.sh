#!/bin/sh
# deps.sh emcc|chromium — installs what the playground needs when missing:
# Debian's emscripten (with node-acorn, which its tools load) to build it,
# Debian's chromium to test it. Only `make playground` and `make
# playground-test` call it: `make test` needs neither. As root it runs
# apt-get, otherwise it says what to run.
case $1 in
emcc) command -v emcc >/dev/null 2>&1 && [ -d /usr/share/nodejs/acorn ] && exit 0
      missing="emscripten node-acorn" ;;
chromium) command -v chromium >/dev/null 2>&1 && exit 0
      missing="chromium" ;;
*) echo "usage: deps.sh emcc|chromium" >&2; exit 2 ;;
esac
if [ "$(id -u)" != 0 ]; then
    echo "ordo: missing: $missing — run: sudo apt-get install -y $missing" >&2
    exit 1
fi
echo "ordo: installing $missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null || {
    echo "ordo: apt-get install $missing failed" >&2; exit 1; }

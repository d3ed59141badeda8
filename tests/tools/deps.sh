#!/bin/sh
# deps.sh — installs what the build and the tests need (flex, bison,
# cmocka, pkg-config, python3-jsonschema, python3-pytest, jansson,
# libedit, tmux, graphviz, Open MPI)
# when missing.
# Debian only; as root it runs apt-get, otherwise it says what to run.
missing=""
command -v flex  >/dev/null 2>&1 || missing="$missing flex"
command -v bison >/dev/null 2>&1 || missing="$missing bison"
[ -f /usr/include/cmocka.h ] || missing="$missing libcmocka-dev"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
# the JSON of `ordo lsp`, the language server (linked into the ordo tool only)
[ -f /usr/include/jansson.h ] || missing="$missing libjansson-dev"
# the JSON and SARIF diagnostics are checked against their schemas
python3 -c 'import jsonschema' 2>/dev/null || /usr/bin/python3 -c 'import jsonschema' 2>/dev/null ||
    missing="$missing python3-jsonschema"
# the Python binding's tests (python/tests) run under pytest
python3 -c 'import pytest' 2>/dev/null || /usr/bin/python3 -c 'import pytest' 2>/dev/null ||
    missing="$missing python3-pytest"
# `ordo play` reads a person's lines through libedit (editing, history)
[ -f /usr/include/editline/readline.h ] || missing="$missing libedit-dev"
# `ordo play` is tested in a real terminal, a detached tmux session
command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
# `ordo doc --dot` renders the rule documents' diagrams to SVG with dot
command -v dot >/dev/null 2>&1 || missing="$missing graphviz"
# `ordo explore --mpi` shares a search among MPI ranks (mpirun, mpi.h)
command -v mpirun >/dev/null 2>&1 || missing="$missing openmpi-bin"
[ -f /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h ] || pkg-config --exists ompi-c 2>/dev/null ||
    missing="$missing libopenmpi-dev"
# deps.sh PKG...: those packages alone, which the caller found missing
# (tests/web/deps.sh: the playground's emscripten, its test's chromium)
[ $# -gt 0 ] && missing=" $*"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
    echo "ordo: missing:$missing — run: sudo apt-get install -y$missing" >&2
    exit 1
fi
echo "ordo: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null || {
    echo "ordo: apt-get install$missing failed" >&2; exit 1; }

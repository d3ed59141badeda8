# python_env.sh — sourced with BUILD set: the environment in which python3
# runs the binding against BUILD's libraries and tools (pytest.sh, the
# Python API fuzzer). Under the sanitizers (a BUILD named *asan*) python3
# runs with GCC's ASan and UBSan runtimes preloaded, so the binding's C
# (its libraries built with them) is checked as the rest is; only leaks
# are not looked for: the interpreter keeps memory to its end. Sets PY.
PY=python3
$PY -c 'import pytest' 2>/dev/null || PY=/usr/bin/python3
ORDO_BUILD="$(pwd)/$BUILD"
ORDO_LIB="$(pwd)/$BUILD/libordo.so"
ORDO_PYLIB="$(pwd)/$BUILD/python/libordo_compile.so"
export ORDO_BUILD ORDO_LIB ORDO_PYLIB
case $BUILD in
*asan*) LD_PRELOAD="$(${CC:-cc} -print-file-name=libasan.so) $(${CC:-cc} -print-file-name=libubsan.so)"
        ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
        export LD_PRELOAD ASAN_OPTIONS ;;
esac

#!/bin/sh
# diag_formats.sh BUILD — runs diag_formats.py (JSON and SARIF diagnostics
# against their schemas, warnings by name) with a python3 that has
# jsonschema: the one on PATH, or Debian's (tests/tools/deps.sh installs
# python3-jsonschema). Last line: "N passed, M failed".
BUILD=${1:-build}
cd "$(dirname "$0")/../.." || exit 1
for py in python3 /usr/bin/python3; do
    if "$py" -c 'import jsonschema' 2>/dev/null; then
        exec "$py" tests/tools/diag_formats.py "$BUILD"
    fi
done
echo "diag_formats: no python3 with jsonschema (apt-get install python3-jsonschema)"
echo "0 passed, 1 failed"
exit 1

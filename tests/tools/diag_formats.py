"""diag_formats.py BUILD — the machine-readable diagnostics, for every case
of the diagnostics suite (tests/diagnostics/NAME.ordo):

- --diagnostics-format=json: every line is one diagnostic that passes
  tests/diagnostics/schema/diagnostic.schema.json, as many as the text
  output has errors and warnings, its notes as its children;
- --diagnostics-format=sarif: one log that passes
  tests/diagnostics/schema/sarif.schema.json (the part of SARIF 2.1.0 ordo
  writes), with the same results;
- each warning's name: -Wno-NAME silences it (and its notes), -Werror=NAME
  makes it an error ([-Werror=NAME], exit status 1).

Last line: "N passed, M failed".
"""
import json
import os
import re
import subprocess
import sys

import jsonschema

BUILD = sys.argv[1] if len(sys.argv) > 1 else "build"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASES = os.path.join(ROOT, "tests", "diagnostics")
ORDO = os.path.join(ROOT, BUILD, "ordo")
SCHEMAS = os.path.join(CASES, "schema")

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL " + what)


def ordo_check(name, *flags):
    r = subprocess.run([ORDO, "check", *flags, name + ".ordo"], cwd=CASES,
                       capture_output=True, text=True, errors="replace")
    return r.returncode, r.stderr


def load(name):
    with open(os.path.join(SCHEMAS, name)) as f:
        return json.load(f)


line_schema = load("diagnostic.schema.json")
sarif_schema = load("sarif.schema.json")
HEAD = re.compile(r"^[^ ].*?:(?: \d+:\d+:)? ?(error|warning|note): (.*)$")

for case in sorted(f[:-5] for f in os.listdir(CASES) if f.endswith(".ordo")):
    status, text = ordo_check(case)
    kinds = [m.group(1) for m in map(HEAD.match, text.splitlines()) if m]
    main = [k for k in kinds if k != "note"]

    status_j, out = ordo_check(case, "--diagnostics-format=json")
    lines = [l for l in out.splitlines() if l]
    try:
        objs = [json.loads(l) for l in lines]
        for o in objs:
            jsonschema.validate(o, line_schema)
        ok = [o["kind"] for o in objs] == main and \
            sum(len(o["children"]) for o in objs) == len(kinds) - len(main) and \
            status_j == status
        check(ok, "%s: JSON lines do not match the text (%s vs %s)" % (case, [o["kind"] for o in objs], main))
    except (ValueError, jsonschema.ValidationError) as e:
        check(False, "%s: JSON: %s" % (case, str(e).splitlines()[0]))

    status_s, out = ordo_check(case, "--diagnostics-format=sarif")
    try:
        log = json.loads(out)
        jsonschema.validate(log, sarif_schema)
        results = log["runs"][0]["results"]
        levels = [r["level"] for r in results]
        check(levels == main and status_s == status,
              "%s: SARIF results %s, text %s" % (case, levels, main))
    except (ValueError, jsonschema.ValidationError) as e:
        check(False, "%s: SARIF: %s" % (case, str(e).splitlines()[0]))

    # each warning by its name: off, then an error
    names = sorted(set(re.findall(r"warning: .*\[-W([a-z-]+)\]$", text, re.M)))
    for name in names:
        st, quiet = ordo_check(case, "-Wno-" + name)
        check("[-W%s]" % name not in quiet and st == status,
              "%s: -Wno-%s left it (or changed the status)" % (case, name))
        st, loud = ordo_check(case, "-Werror=" + name)
        check(st == 1 and "error: " in loud and "[-Werror=%s]" % name in loud,
              "%s: -Werror=%s did not make it an error" % (case, name))

status, out = ordo_check("unused_declarations", "-Wno-no-such-warning")
check(status == 2 and "names no warning" in out, "an unknown warning name is not refused")
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)

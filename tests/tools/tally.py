"""tally.py — the counting the Python test scripts share: check(cond, what)
counts a check passed or prints "FAIL: what"; summary() prints the last
line "N passed, M failed" and returns the exit status (1 on a failure).
Imported by tests/tools/grammars.py and tests/e2e/lsp_session.py."""
counts = {"passed": 0, "failed": 0}


def check(cond, what):
    if cond:
        counts["passed"] += 1
    else:
        counts["failed"] += 1
        print("FAIL: " + what)
    return cond


def summary():
    print("%d passed, %d failed" % (counts["passed"], counts["failed"]))
    return 1 if counts["failed"] else 0

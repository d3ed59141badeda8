#!/usr/bin/env python3
"""transcripts.py BUILD FILE... — the shell sessions the documents show are
true: every fenced block whose first line is a command (`$ CMD`) is run,
command by command from the project's root, and what each prints (stdout
and stderr, as a terminal shows them) must be the lines that follow it in
the block, up to the next `$` line. A line `...` alone stands for any
number of lines; a line ending in ` (glob)` stands for the lines it
matches with `*` for any text, one ending in ` (re)` for those its
regular expression matches (a time, a rate). As cram does it, so a README or a
tutorial that drifts from the tools fails `make test`.

Paths under /tmp/ in a block are given a folder of the block's own (and
read back as /tmp/ in the output); `build/` is BUILD. A block the tools
cannot replay here (an install, a figure measured on some machine) is
preceded by a line `<!-- unchecked: WHY -->` and is only counted. A
block after `<!-- file: /tmp/NAME -->` is written to that file for the
blocks after it; one after `<!-- output: COMMAND -->` is what COMMAND
prints (a long output shown without its command line).
Last line: "N passed, M failed" (one test a block).
"""
import os
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^\s*```")


def blocks(path):
    """(line number, lines, unchecked reason or None, file or None) of each
    command block, and of each block a `<!-- file: PATH -->` line names
    (its text is written to PATH for the blocks after it)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, i = [], 0
    while i < len(lines):
        if not FENCE.match(lines[i]):
            i += 1
            continue
        start, body = i, []
        indent = len(lines[i]) - len(lines[i].lstrip())
        i += 1
        while i < len(lines) and not FENCE.match(lines[i]):
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        i += 1
        why = name = None
        for k in (start - 1, start - 2):
            if k >= 0:
                m = re.match(r"\s*<!-- unchecked: (.*) -->", lines[k])
                if m:
                    why = m.group(1)
                m = re.match(r"\s*<!-- file: (\S+) -->", lines[k])
                if m:
                    name = m.group(1)
                m = re.match(r"\s*<!-- output: (.*) -->", lines[k])
                if m:  # a block that is what COMMAND prints
                    body = ["$ " + m.group(1)] + body
        first = next((l for l in body if l.strip()), "")
        if name or first.startswith("$ "):
            out.append((start + 1, body, why, name))
    return out


def steps(body):
    """The block as (command, expected lines) pairs."""
    out = []
    for line in body:
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line)
    for _, want in out:
        while want and not want[-1].strip():
            want.pop()
    return out


def matches(want, got):
    """want's lines against got's, `...` standing for any run of lines."""
    if not want:
        return not got
    if want[0] == "...":
        return any(matches(want[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and line_matches(want[0], got[0]) and matches(want[1:], got[1:])


def line_matches(want, got):
    """A line as shown; ending in " (glob)", the line with `*` for any text;
    ending in " (re)", a regular expression for it (a figure that changes
    from run to run: a time, a rate)."""
    if want.endswith(" (re)"):
        return re.fullmatch(want[:-5], got) is not None
    if want.endswith(" (glob)"):
        pattern = ".*".join(re.escape(part) for part in want[:-7].split("*"))
        return re.fullmatch(pattern, got) is not None
    return want == got


def run(cmd, build, tmp):
    cmd = cmd.replace("/tmp/", tmp + "/")
    if build != "build":
        cmd = re.sub(r"(?<![\w/.])build/", build + "/", cmd)
    r = subprocess.run(["sh", "-c", cmd], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       stdin=subprocess.DEVNULL, timeout=120)
    text = r.stdout.decode("utf-8", "replace").replace(tmp + "/", "/tmp/")
    if build != "build":
        text = text.replace(build + "/", "build/")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def main():
    build, files = sys.argv[1], sys.argv[2:]
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    if "asan" in os.path.basename(build.rstrip("/")):
        # the documents build hosts with plain cc, which cannot link the
        # sanitizers' libraries; the plain build checks every transcript
        print(f"skipped in {build} (the documents' commands link with plain cc)")
        print("0 passed, 0 failed")
        return 0
    passed = failed = unchecked = 0
    for path in files:
        # one folder for /tmp/ a document: its blocks build on each other
        with tempfile.TemporaryDirectory() as tmp:
            p, f, u = check_document(path, build, tmp)
        passed, failed, unchecked = passed + p, failed + f, unchecked + u
    print(f"transcripts: {passed + failed} checked, {unchecked} marked unchecked")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def first_difference(body, build, tmp):
    """(command, shown, printed) of the block's first command whose output
    is not what the block shows; None when all are."""
    for cmd, want in steps(body):
        got = run(cmd, build, tmp)
        if not matches(want, got):
            return cmd, want, got
    return None


def report(path, line, cmd, want, got):
    print(f"FAIL {path}:{line}: $ {cmd}")
    k = 0
    while k < min(len(want), len(got)) and line_matches(want[k], got[k]):
        k += 1
    print(f"   from its line {k + 1} on, the document shows:")
    for l in want[k:k + 6]:
        print("   | " + l)
    print("   the tools print:")
    for l in got[k:k + 6]:
        print("   > " + l)


def check_document(path, build, tmp):
    passed = failed = unchecked = 0
    for line, body, why, name in blocks(path):
        if name:
            if not name.startswith("/tmp/"):
                raise SystemExit(f"{path}:{line}: a file block writes under /tmp/ only")
            with open(tmp + "/" + name[5:], "w", encoding="utf-8") as out:
                out.write("\n".join(body) + "\n")
            continue
        if why is not None:
            unchecked += 1
            continue
        bad = first_difference(body, build, tmp)
        if bad is None:
            passed += 1
        else:
            failed += 1
            report(path, line, *bad)
    return passed, failed, unchecked


if __name__ == "__main__":
    sys.exit(main())

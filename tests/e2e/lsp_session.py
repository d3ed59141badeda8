#!/usr/bin/env python3
"""lsp_session.py ORDO — drives `ORDO lsp` through scripted sessions, as an
editor would (Content-Length framed JSON-RPC on its stdin and stdout), and
checks its answers. Prints "FAIL: ..." for each failed check and, last,
"N passed, M failed". Only the standard library (json, subprocess,
threading). Run by tests/e2e/lsp.sh.

The sessions:
  1. initialize (capabilities); open tiny.ordo with an unknown name ->
     one error at the name's range; a syntax error -> its error, names
     still found; change it back -> no diagnostics;
     definition of a global, a local, a step number after `expect step`
     and a cited rule ID; hover on a name, a step and a rule ID;
     completion (declared names, every keyword of dsl/lexer.l); a
     document with an unused var (code "unused", severity 2) and one with
     a non-ASCII string before the error (UTF-16 columns); unknown
     method; shutdown; initialize after it refused; exit -> status 0.
  2. broken frames and bodies: invalid JSON, no Content-Length, a bad
     one ("banana", -1), a JSON
     array, a request before initialize -> error responses, the server
     reads on; exit without shutdown -> status 1.
  3. the client offers UTF-8 positions: the server takes them.
"""
import json
import os
import queue
import re
import subprocess
import sys
import threading

ORDO = sys.argv[1] if len(sys.argv) > 1 else "build/ordo"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "tools"))
from tally import check, summary  # noqa: E402


class Server:
    def __init__(self, *args):
        self.p = subprocess.Popen([ORDO, "lsp"] + list(args), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.q = queue.Queue()
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        f = self.p.stdout
        while True:
            length = None
            while True:
                line = f.readline()
                if not line:
                    self.q.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = f.read(length)
            self.q.put(json.loads(body))

    def raw(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, obj):
        b = json.dumps(obj).encode()
        self.raw(b"Content-Length: %d\r\n\r\n" % len(b) + b)

    def notify(self, method, params=None):
        m = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            m["params"] = params
        self.send(m)

    def recv(self, timeout=20):
        try:
            return self.q.get(timeout=timeout)
        except queue.Empty:
            return None

    def request(self, method, params=None):
        rid = self.next_id
        self.next_id += 1
        m = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            m["params"] = params
        self.send(m)
        return self.wait(lambda r: r.get("id") == rid and "method" not in r)

    def wait(self, pred):
        while True:
            r = self.recv()
            if r is None:
                return None
            if pred(r):
                return r

    def diagnostics(self, uri):
        r = self.wait(lambda r: r.get("method") == "textDocument/publishDiagnostics"
                      and r["params"]["uri"] == uri)
        return r["params"]["diagnostics"] if r else None

    def finish(self, timeout=20):
        try:
            self.p.stdin.close()
        except BrokenPipeError:
            pass
        try:
            return self.p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            return None


def pos_of(text, needle, nth=0, offset=0):
    """The 0-based line and UTF-16 character of the nth `needle` + offset."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    at += offset
    line = text.count("\n", 0, at)
    start = text.rfind("\n", 0, at) + 1
    return {"line": line, "character": len(text[start:at].encode("utf-16-le")) // 2}


def td(uri, pos):
    return {"textDocument": {"uri": uri}, "position": pos}


def lexer_keywords():
    with open(os.path.join(ROOT, "dsl", "lexer.l")) as f:
        return re.findall(r'^"([a-z_]+)"\s+return T_', f.read(), re.M)


def session_main():
    path = os.path.join(ROOT, "tests", "e2e", "data", "tiny.ordo")
    good = open(path).read()
    uri = "file://" + path
    s = Server()
    r = s.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    caps = (r or {}).get("result", {}).get("capabilities", {})
    check(caps.get("definitionProvider") and caps.get("hoverProvider")
          and "completionProvider" in caps, "initialize: capabilities %r" % caps)
    check(caps.get("textDocumentSync", {}).get("change") == 1, "initialize: full text sync")
    check(caps.get("positionEncoding") == "utf-16", "initialize: UTF-16 by default")
    s.notify("initialized", {})

    # an unknown name: one error at its range
    broken = good.replace("score[p] += r\n", "scor[p] += r\n", 1)
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "ordo",
                                                       "version": 1, "text": broken}})
    d = s.diagnostics(uri)
    start = pos_of(broken, "scor[p] += r")
    end = dict(start, character=start["character"] + 4)
    check(d is not None and len(d) == 1, "open: one diagnostic, got %r" % d)
    if d:
        check(d[0]["range"] == {"start": start, "end": end},
              "open: range %r, wanted %r" % (d[0]["range"], {"start": start, "end": end}))
        check(d[0]["severity"] == 1 and d[0]["source"] == "ordo"
              and "unknown name 'scor'" in d[0]["message"], "open: the error %r" % d[0])

    # a syntax error: its diagnostic, and names and steps still found
    # (from the parser's partial tree)
    unparsed = good.replace("let r = roll d6", "let r = roll d6 +", 1)
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                        "contentChanges": [{"text": unparsed}]})
    d = s.diagnostics(uri)
    check(d is not None and len(d) == 1 and "expected an expression" in d[0]["message"],
          "a syntax error: %r" % d)
    r = s.request("textDocument/definition", td(uri, pos_of(unparsed, ">= GOAL", 0, 4)))
    res = (r or {}).get("result")
    check(isinstance(res, list) and res and
          res[0]["range"]["start"] == pos_of(unparsed, "const GOAL", 0, 6),
          "definition of GOAL while the text has a syntax error: %r" % res)

    # fixed: no diagnostics
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                        "contentChanges": [{"text": good}]})
    d = s.diagnostics(uri)
    check(d == [], "change: no diagnostics after the fix, got %r" % d)

    # definition: a global (GOAL in `fn reached`), a local (r in `score[p] += r`),
    # a step number (`expect step 1.3 ran`), a rule ID ("TINY-ROLL" of a scenario)
    def definition(pos):
        r = s.request("textDocument/definition", td(uri, pos))
        return (r or {}).get("result")

    def expect_definition(at, target, what):
        """definition at pos_of(good, *at) is one place: pos_of(good, *target)"""
        res = definition(pos_of(good, *at))
        want = pos_of(good, *target)
        check(isinstance(res, list) and len(res) == 1 and res[0]["uri"] == uri
              and res[0]["range"]["start"] == want,
              "definition of %s: %r, wanted %r" % (what, res, want))

    expect_definition((">= GOAL", 0, 4), ("const GOAL", 0, 6), "GOAL")
    expect_definition(("score[p] += r", 0, 12), ("let r = roll", 0, 4), "the local r")
    expect_definition(("expect step 1.3 ran", 0, 13), ('step 1.3 "look back"', 0, 5), "step 1.3")
    expect_definition(('cite "TINY-ROLL" {\n    players 3', 0, 8), ('step 1.2 "roll"', 0, 5),
                      '"TINY-ROLL" (the step citing it)')
    expect_definition(("take_turn(p)", 0, 2), ("proc take_turn", 0, 5), "take_turn")

    # hover
    def hover(pos):
        r = s.request("textDocument/hover", td(uri, pos))
        res = (r or {}).get("result") or {}
        return res.get("contents", {}).get("value", "")

    h = hover(pos_of(good, "score[p] >= GOAL", 0, 1))
    check("var score[player]: 0..99" in h and "var `score`" in h and "0..99" in h,
          "hover on score: %r" % h)
    h = hover(pos_of(good, "expect step 1.3 ran", 0, 13))
    check("step 1.3" in h and "look back" in h, "hover on step 1.3: %r" % h)
    h = hover(pos_of(good, 'step 1.2 "roll"', 0, 6))
    check("step 1.2" in h and "roll" in h and "TINY-ROLL" in h and "no document" in h,
          "hover on step 1.2 (title, rule ID, source): %r" % h)
    h = hover(pos_of(good, '"TINY-PAINT" {\n        choose', 0, 3))
    check("TINY-PAINT" in h and "step 1.1" in h and "painting and banking" in h,
          "hover on \"TINY-PAINT\" (its step and scenario): %r" % h)
    r = s.request("textDocument/hover", td(uri, {"line": 0, "character": 0}))
    check(r is not None and r.get("result") is None, "hover on a comment: null, got %r" % r)

    # completion: declared names and every keyword the lexer has
    r = s.request("textDocument/completion", td(uri, {"line": 30, "character": 0}))
    items = (r or {}).get("result") or []
    labels = {i["label"]: i for i in items}
    for name in ["GOAL", "ROUNDS", "score", "Color", "red", "scored", "reached", "take_turn"]:
        check(name in labels, "completion has %s" % name)
    check(labels.get("GOAL", {}).get("kind") == 21, "completion: GOAL is a constant")
    missing = [k for k in lexer_keywords() if k not in labels]
    check(not missing, "completion misses keywords of dsl/lexer.l: %r" % missing)

    # a warning with its name as the code
    uri2 = "file://" + os.path.join(ROOT, "tests", "e2e", "data", "lsp_unused.ordo")
    text2 = good.replace("var painted: list of Color [8]",
                         "var painted: list of Color [8]\nvar spare: 0..9", 1)
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri2, "languageId": "ordo",
                                                       "version": 1, "text": text2}})
    d = s.diagnostics(uri2)
    want = pos_of(text2, "var spare", 0, 4)
    check(d is not None and len(d) == 1 and d[0].get("code") == "unused"
          and d[0]["severity"] == 2 and d[0]["range"]["start"] == want,
          "a warning: code unused, severity 2, at %r: %r" % (want, d))

    # UTF-16 columns: an error after a non-ASCII string on its line
    text3 = good.replace('choose p "bank or double?" {', 'choose p "bänk or double?" { # \U0001F3B2', 1)
    text3 = text3.replace('option "double" when doubles_left[p] > 0',
                          'option "dóuble" when doubles_lft[p] > 0', 1)
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri2, "version": 2},
                                        "contentChanges": [{"text": text3}]})
    d = s.diagnostics(uri2)
    want = pos_of(text3, "doubles_lft")
    check(d is not None and len(d) == 1 and d[0]["range"]["start"] == want
          and d[0]["range"]["end"]["character"] == want["character"] + 11,
          "UTF-16 columns: %r, wanted %r" % (d, want))
    s.notify("textDocument/didClose", {"textDocument": {"uri": uri2}})
    d = s.diagnostics(uri2)
    check(d == [], "close: the diagnostics are cleared")

    r = s.request("textDocument/references", td(uri, {"line": 0, "character": 0}))
    check(r is not None and r.get("error", {}).get("code") == -32601,
          "unknown method: -32601, got %r" % r)
    r = s.request("shutdown")
    check(r is not None and "result" in r and r["result"] is None, "shutdown: %r" % r)
    r = s.request("initialize", {"capabilities": {}})  # issue 33, 12: it was answered
    check(r is not None and r.get("error", {}).get("code") == -32600,
          "initialize after shutdown: -32600, got %r" % r)
    s.notify("exit")
    st = s.finish()
    check(st == 0, "exit after shutdown: status 0, got %r" % st)


def session_broken():
    s = Server()
    junk = b'{"a": 1,'
    s.raw(b"Content-Length: %d\r\n\r\n" % len(junk) + junk)
    r = s.recv()
    check(r is not None and r.get("error", {}).get("code") == -32700 and r.get("id") is None,
          "invalid JSON: a parse error, got %r" % r)
    s.raw(b"Content-Type: application/json\r\n\r\n")
    r = s.recv()
    check(r is not None and r.get("error", {}).get("code") == -32700,
          "no Content-Length: a parse error, got %r" % r)
    s.raw(b"Content-Length: banana\r\n\r\n")
    r = s.recv()
    check(r is not None and r.get("error", {}).get("code") == -32700,
          "a bad Content-Length: a parse error, got %r" % r)
    s.raw(b"Content-Length: -1\r\n\r\n")  # issue 33, 12: said to be missing
    r = s.recv()
    check(r is not None and r.get("error", {}).get("code") == -32700 and
          r["error"].get("message") == "bad Content-Length header",
          "Content-Length: -1: a bad header, got %r" % r)
    s.send([1, 2, 3])
    r = s.recv()
    check(r is not None and r.get("error", {}).get("code") == -32600,
          "a JSON array: an invalid request, got %r" % r)
    r = s.request("textDocument/hover", {"textDocument": {"uri": "file:///x.ordo"},
                                         "position": {"line": 0, "character": 0}})
    check(r is not None and r.get("error", {}).get("code") == -32002,
          "a request before initialize: -32002, got %r" % r)
    r = s.request("initialize", {"capabilities": {}})
    check(r is not None and "result" in r, "initialize after broken frames: %r" % r)
    r = s.request("textDocument/hover", {"textDocument": {"uri": "file:///nowhere.ordo"},
                                         "position": {"line": 0, "character": 0}})
    check(r is not None and r.get("result") is None, "hover on an unknown document: null")
    r = s.request("textDocument/definition", {"textDocument": {"uri": "file:///x.ordo"}})
    check(r is not None and r.get("error", {}).get("code") == -32602,
          "a request without a position: -32602, got %r" % r)
    # a document that does not parse at all, and binary junk
    s.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///tmp/junk.ordo",
                                                       "text": "\x00\x01 {{{ \"unclosed"}})
    d = s.diagnostics("file:///tmp/junk.ordo")
    check(d is not None and len(d) >= 1 and all(x["severity"] == 1 for x in d),
          "junk: errors, got %r" % d)
    s.notify("exit")
    st = s.finish()
    check(st == 1, "exit without shutdown: status 1, got %r" % st)


def session_utf8():
    s = Server()
    r = s.request("initialize", {"capabilities": {"general": {"positionEncodings":
                                                              ["utf-8", "utf-16"]}}})
    check(r is not None and r["result"]["capabilities"].get("positionEncoding") == "utf-8",
          "initialize: UTF-8 when offered, got %r" % r)
    path = os.path.join(ROOT, "tests", "e2e", "data", "tiny.ordo")
    good = open(path).read()
    text = good.replace('option "double" when doubles_left[p] > 0',
                        'option "dóuble" when doubles_lft[p] > 0', 1)
    uri = "file://" + path
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "text": text}})
    d = s.diagnostics(uri)
    at = text.index("doubles_lft")
    line = text.count("\n", 0, at)
    col = len(text[text.rfind("\n", 0, at) + 1:at].encode())
    check(d is not None and len(d) == 1 and d[0]["range"]["start"] == {"line": line,
                                                                       "character": col},
          "UTF-8 columns: %r, wanted %d:%d" % (d, line, col))
    s.request("shutdown")
    s.notify("exit")
    check(s.finish() == 0, "UTF-8 session: status 0")


def session_every_file():
    """Every .ordo file in the tree: the server's errors and warnings are
    `ordo check`'s, and hover and definition on names, step numbers and
    strings of every 5th line answer (no crash, no lost reply)."""
    files = []
    for top in ["rulesets", "tests", "examples"]:
        for dirpath, _, names in os.walk(os.path.join(ROOT, top)):
            files += [os.path.join(dirpath, n) for n in names if n.endswith(".ordo")]
    s = Server()
    s.request("initialize", {"capabilities": {}})
    bad_counts, lost = [], []
    for path in sorted(files):
        text = open(path, encoding="utf-8", errors="replace").read()
        uri = "file://" + path
        s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "text": text}})
        d = s.diagnostics(uri)
        if d is None:
            lost.append(path)
            break
        out = subprocess.run([ORDO, "check", "--diagnostics-format=json", path],
                             capture_output=True, text=True).stderr
        want = [json.loads(l) for l in out.splitlines() if l.startswith("{")]
        if len(want) != len(d) or [1 if w["kind"] == "error" else 2 for w in want] != \
                [x["severity"] for x in d]:
            bad_counts.append("%s: %d vs %d" % (os.path.relpath(path, ROOT), len(d), len(want)))
        lines = text.split("\n")
        for n in range(0, len(lines), 5):
            m = re.search(r'[A-Za-z_0-9"]', lines[n])
            if not m or lines[n].lstrip().startswith("#"):
                continue
            pos = {"line": n, "character": len(lines[n][:m.start()].encode("utf-16-le")) // 2}
            for method in ["textDocument/hover", "textDocument/definition"]:
                if s.request(method, td(uri, pos)) is None:
                    lost.append("%s:%d" % (path, n + 1))
                    break
        s.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        s.diagnostics(uri)
        if lost:
            break
    check(not bad_counts, "the server and ordo check disagree: %r" % bad_counts[:5])
    check(not lost, "no reply (a crash?) at %r" % lost)
    check(len(files) > 50, "every .ordo file: %d found" % len(files))
    if os.environ.get("LSP_VERBOSE"):
        print("%d files, %d requests" % (len(files), s.next_id))
    s.request("shutdown")
    s.notify("exit")
    check(s.finish() == 0, "every file: status 0")


session_main()
session_broken()
session_utf8()
session_every_file()
sys.exit(summary())

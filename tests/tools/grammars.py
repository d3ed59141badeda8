#!/usr/bin/env python3
"""grammars.py — checks editors/textmate/ordo.tmLanguage.json against every
.ordo file in the tree. Prints "FAIL: ..." per failed check and, last,
"N passed, M failed". Run by tests/tools/grammars.sh.

The grammar's regexes are written in the subset that Oniguruma (what
TextMate, VS Code and Sublime run) and Python's re share, so a small
TextMate engine here (begin/end rules, includes, captures, first match
wins, an end pattern before the rules inside it) tokenizes each file with
Python's re. The grammar's scopes are then held against a reference
scanner that follows dsl/lexer.l's rules (longest match, keywords before
names):
  - each keyword of dsl/lexer.l gets a keyword scope (keyword.*,
    storage.type*, constant.language.*), in the files and each alone;
  - every character of a comment has a comment scope, of a string a
    string scope; step numbers (2.5.3) and dice (2d6, d6) their own;
  - every other character that is not blank has a scope of its own
    (nothing is left to the file's root scope);
  - invalid.illegal appears exactly where the lexer reports a stray
    character or an unknown escape (files of tests/diagnostics do have
    them; every ruleset has none).
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GRAMMAR = os.path.join(ROOT, "editors", "textmate", "ordo.tmLanguage.json")
sys.path.insert(0, os.path.join(ROOT, "tests", "tools"))
from tally import check, summary  # noqa: E402


# ----------------------------------------------------------- the engine

# constructs of Oniguruma that Python's re lacks or reads otherwise
ONIG_ONLY = [r"\h", r"\H", r"\G", r"\A", r"\z", r"\Z", r"(?<", r"\p{", r"(?~", r"\k<",
             "++", "*+", "?+", r"\R", r"\X", r"\K"]


class Rule:
    pass


def compile_rules(g):
    repo = g.get("repository", {})
    cache = {}

    def one(p, where):
        if "include" in p:
            name = p["include"]
            if not name.startswith("#") or name[1:] not in repo:
                raise ValueError("%s: include %r is not in the repository" % (where, name))
            key = name[1:]
            if key not in cache:
                cache[key] = []  # a recursive include ends here
                cache[key].extend(one(repo[key], key))
            return cache[key]
        r = Rule()
        r.name = p.get("name")
        r.content = p.get("contentName")
        for field in ["match", "begin", "end"]:
            if field in p:
                src = p[field]
                for bad in ONIG_ONLY:
                    lookbehind = bad == r"(?<" and re.search(r"\(\?<[=!]", src)
                    if bad in src and not lookbehind:
                        raise ValueError("%s: %r uses %r (Oniguruma only)" % (where, src, bad))
                setattr(r, field, re.compile(src))
        r.captures = p.get("captures", {})
        r.begin_captures = p.get("beginCaptures", p.get("captures", {}))
        r.end_captures = p.get("endCaptures", p.get("captures", {}))
        if "match" not in p and "begin" not in p:
            r = None
        subs = []
        for k, q in enumerate(p.get("patterns", [])):
            subs.extend(one(q, "%s/%d" % (where, k)))
        if r is None:
            return subs
        r.patterns = subs
        if hasattr(r, "begin") and not hasattr(r, "end"):
            raise ValueError("%s: begin without end" % where)
        return [r]

    return one({"patterns": g["patterns"]}, "root")


def put(scopes, a, b, names):
    for k in range(a, b):
        scopes[k] = scopes[k] + [n for n in names if n]


def apply_captures(scopes, m, caps, base):
    for k, c in caps.items():
        k = int(k)
        if k <= (m.re.groups) and m.start(k) >= 0 and c.get("name"):
            put(scopes, m.start(k), m.end(k), [c["name"]])


def tokenize_line(line, stack, top):
    """Scopes of each character of line; the stack of open begin/end rules
    carries over to the next line."""
    scopes = [[] for _ in line]
    pos = 0
    guard = 0
    while pos <= len(line):
        guard += 1
        if guard > 10 * (len(line) + 10):
            raise RuntimeError("no progress")
        rules = stack[-1].patterns if stack else top
        base = []
        for r in stack:
            base += [r.name, r.content]
        best = None
        if stack:
            m = stack[-1].end.search(line, pos)
            if m:
                best = (m.start(), -1, m, None)
        for i, r in enumerate(rules):
            rx = r.match if hasattr(r, "match") else r.begin
            m = rx.search(line, pos)
            if m and (best is None or m.start() < best[0]):
                best = (m.start(), i, m, r)
        if best is None:
            put(scopes, pos, len(line), base)
            break
        start, _, m, r = best
        put(scopes, pos, start, base)
        if r is None:  # the end of the open rule
            top_rule = stack.pop()
            put(scopes, m.start(), m.end(), [top_rule.name])
            put(scopes, m.start(), m.end(), [x for x in base[:-2]])
            apply_captures(scopes, m, top_rule.end_captures, base)
            pos = m.end()
            if m.end() == m.start() and m.end() >= len(line):
                break
            continue
        if hasattr(r, "match"):
            put(scopes, m.start(), m.end(), base + [r.name])
            apply_captures(scopes, m, r.captures, base)
            pos = m.end() if m.end() > m.start() else m.end() + 1
            continue
        put(scopes, m.start(), m.end(), base + [r.name])
        apply_captures(scopes, m, r.begin_captures, base)
        stack.append(r)
        pos = m.end()
    return scopes


def tokenize(text, top):
    """Scopes of each character of text (line ends: none)."""
    out = []
    stack = []
    for line in re.split(r"\r\n|\n|\r", text):
        out.append(tokenize_line(line, stack, top))
        # an unclosed begin/end rule that ends at `$` closes at the line's end
    return out


# -------------------------------------------------- the reference scanner

def lexer_keywords():
    with open(os.path.join(ROOT, "dsl", "lexer.l")) as f:
        return re.findall(r'^"([a-z_]+)"\s+return T_', f.read(), re.M)


KEYWORDS = set(lexer_keywords())
LEX_RULES = [  # dsl/lexer.l's rules, in its order (flex: longest, then first)
    ("blank", re.compile(r"[ \t\f\v]+")),
    ("comment", re.compile(r"#[^\r\n]*")),
    ("stepnum", re.compile(r"[0-9]+(\.[0-9]+)+")),
    ("dice", re.compile(r"[0-9]+d[0-9]+")),
    ("die", re.compile(r"d[0-9]+")),
    ("number", re.compile(r"[0-9]+")),
    ("name", re.compile(r"[A-Za-z_][A-Za-z0-9_]*")),
    ("string", re.compile(r'"([^"\\\r\n]|\\.)*"')),
    ("string", re.compile(r'"([^"\\\r\n]|\\.)*\\?')),
    ("op", re.compile(r"\.\.|==|!=|<=|>=|\+=|-=|[<>=+\-*/%()\[\]{},:.]")),
]


def scan_line(line):
    """(kind, start, end) tokens of one line, as the lexer reads them."""
    toks = []
    pos = 0
    while pos < len(line):
        best = None
        for kind, rx in LEX_RULES:
            m = rx.match(line, pos)
            if m and m.end() > pos and (best is None or m.end() > best[2]):
                best = (kind, pos, m.end())
        if best is None:
            best = ("stray", pos, pos + 1)
        kind, a, b = best
        if kind == "name" and line[a:b] in KEYWORDS:
            kind = "keyword"
        if kind != "blank":
            toks.append((kind, a, b))
        pos = b
    return toks


def bad_escapes(line, a, b):
    """Positions of unknown escapes in the string token line[a:b]."""
    out = []
    k = a + 1
    while k < b:
        if line[k] == "\\" and k + 1 < b:
            if line[k + 1] not in 'n"\\':
                out.append(k)
            k += 2
        else:
            k += 1
    return out


def is_keyword_scope(names):
    return any(n.startswith(("keyword.", "storage.type", "storage.modifier", "constant.language."))
               for s in names for n in s.split())


def has(names, prefix):
    return any(n.startswith(prefix) for s in names for n in s.split())


# ------------------------------------------------------------- the checks

def check_file(path, top, problems):
    text = open(path, encoding="utf-8", errors="replace").read()
    rel = os.path.relpath(path, ROOT)
    try:
        lines_scopes = tokenize(text, top)
    except Exception as e:  # a grammar that loops or breaks
        problems.append("%s: the grammar fails: %s" % (rel, e))
        return
    for n, line in enumerate(re.split(r"\r\n|\n|\r", text)):
        sc = lines_scopes[n]
        invalid_want = set()
        where = "%s:%d" % (rel, n + 1)
        for kind, a, b in scan_line(line):
            if kind == "comment":
                if not all(has(sc[k], "comment.") for k in range(a, b)):
                    problems.append("%s:%d: a comment not scoped as one" % (where, a + 1))
            elif kind == "string":
                if not all(has(sc[k], "string.") for k in range(a, b)):
                    problems.append("%s:%d: a string not scoped as one" % (where, a + 1))
                invalid_want.update(bad_escapes(line, a, b))
            elif kind == "keyword":
                # a soft keyword naming what a declaration declares is a name
                # there (doc/language.md, Keywords), and scoped as one
                declared = any(has(sc[a], x) for x in ("entity.name.", "variable.other.declaration"))
                if not is_keyword_scope(sc[a]) and not declared:
                    problems.append("%s:%d: keyword %r scoped %r" % (where, a + 1, line[a:b], sc[a]))
            elif kind == "stepnum":
                if not has(sc[a], "constant.numeric.step"):
                    problems.append("%s:%d: step number %r scoped %r" % (where, a + 1, line[a:b], sc[a]))
            elif kind in ("dice", "die"):
                if not has(sc[a], "constant.numeric.dice"):
                    problems.append("%s:%d: dice %r scoped %r" % (where, a + 1, line[a:b], sc[a]))
            elif kind == "stray":
                invalid_want.add(a)
            for k in range(a, b):
                if not sc[k]:
                    problems.append("%s:%d: %r has no scope" % (where, k + 1, line[k]))
                    break
        invalid_got = {k for k in range(len(line)) if has(sc[k], "invalid.illegal")}
        # a bad escape is two characters in the grammar: count its backslash
        invalid_got = {k for k in invalid_got if not (k > 0 and k - 1 in invalid_got and line[k - 1] == "\\")}
        if invalid_got != invalid_want:
            problems.append("%s: invalid.illegal at %r, the lexer's errors at %r" %
                            (where, sorted(k + 1 for k in invalid_got), sorted(k + 1 for k in invalid_want)))


def main():
    try:
        g = json.load(open(GRAMMAR))
        top = compile_rules(g)
        check(True, "")
    except Exception as e:
        check(False, "the grammar does not load: %s" % e)
        return summary()
    check(g.get("scopeName") == "source.ordo" and "ordo" in g.get("fileTypes", []),
          "scopeName source.ordo, fileTypes ordo")
    check(len(KEYWORDS) > 50, "the keywords read from dsl/lexer.l: %d" % len(KEYWORDS))

    # each keyword alone on a line, and as the lexer's list has it
    for kw in sorted(KEYWORDS):
        sc = tokenize(kw, top)[0]
        check(sc and is_keyword_scope(sc[0]), "keyword %r alone: scoped %r" % (kw, sc[0] if sc else None))

    # a few lines whose scopes are known
    samples = [
        ('log "{p} rolls {r}" # x', [(6, "variable.other.interpolation"), (20, "comment.")]),
        ('step 2.5.3 "t" cite "TITAN-S8" {', [(0, "keyword.control.step"), (5, "constant.numeric.step"),
                                              (21, "constant.other.rule-id")]),
        ("let r = roll 2d6 + roll d6", [(13, "constant.numeric.dice"), (24, "constant.numeric.dice")]),
        ('expect step 1.3 ran', [(12, "constant.numeric.step"), (16, "keyword.")]),
        ('fn reached(p: player): bool = x', [(0, "storage.type"), (3, "entity.name.function")]),
        ('override const GOAL = 3', [(0, "storage.modifier"), (9, "storage.type"), (15, "variable.other.declaration")]),
        ('    when in action and x', [(19, "keyword.operator.word")]),
        ('assert x "a \\q b"', [(12, "invalid.illegal")]),
    ]
    for line, want in samples:
        sc = tokenize(line, top)[0]
        for col, prefix in want:
            check(has(sc[col], prefix), "%r at %d: %r, wanted %s" % (line, col, sc[col], prefix))

    files = []
    for top_dir in ["rulesets", "tests", "examples", "doc"]:
        for dirpath, _, names in os.walk(os.path.join(ROOT, top_dir)):
            files += [os.path.join(dirpath, n) for n in names if n.endswith(".ordo")]
    check(len(files) > 50, "the .ordo files of the tree: %d" % len(files))
    seen_keywords = set()
    for path in sorted(files):
        problems = []
        check_file(path, top, problems)
        for line in open(path, encoding="utf-8", errors="replace").read().splitlines():
            seen_keywords.update(line[a:b] for kind, a, b in scan_line(line) if kind == "keyword")
        check(not problems, "%s\n  " % os.path.relpath(path, ROOT) + "\n  ".join(problems[:8]))
    if os.environ.get("GRAMMARS_VERBOSE"):
        print("%d files; keywords never used in them: %s" %
              (len(files), " ".join(sorted(KEYWORDS - seen_keywords))))
    return summary()


sys.exit(main())

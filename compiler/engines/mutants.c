/* mutants.c — finds the mutants of a ruleset (see mutants.h).
 *
 * The text is read line by line with a small scanner that knows the
 * language's lexical rules (comments, strings with escapes, step numbers,
 * dice) and its blocks: a block opened at the top level by `sequence`,
 * `proc`, `trigger`, `action` or `anytime` holds rules, and so do the
 * one-line `fn` and `const` declarations; anything else (scenarios,
 * policies, displays, declarations of state) is left alone. The rule a
 * mutant touches is the one the innermost enclosing step cites, inherited
 * as the language inherits it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mutants.h"

#define MAX_DEPTH 64
#define MAX_HEARD 256

typedef struct token {
    size_t at, len;       /* in the text */
    int word;             /* a name or keyword */
    int number;           /* a plain integer (not a step number, not dice) */
} token;

typedef struct line {
    size_t at, end;       /* the line's bytes, without its line end */
    unsigned no;
    token tok[128];
    int ntok;
    int opens, closes;    /* braces on the line (outside comments and strings) */
} line;

typedef struct scan {
    const char *s;
    size_t n;
    mutant *v;
    size_t nv, cap;
    int depth;
    int rules_at;         /* depth at which the current rule block opened (0: none) */
    char cite[MAX_DEPTH][64];
    int prev_simple;      /* the line before was a statement that may be dropped */
    size_t prev_at, prev_end;
    unsigned prev_no;
    int prev_depth;
    /* the events some `trigger ... on E` of the file hears (more than
     * MAX_HEARD: every event counts as heard) */
    token heard[MAX_HEARD];
    int nheard;
} scan;

static const char *const kind_names[] = {
#define X(id, name, what) name,
    MUTANT_KINDS(X)
#undef X
};

const char *mutant_kind_name(int kind)
{
    return kind >= 0 && kind < MUTANT_NKINDS ? kind_names[kind] : "?";
}

/* ------------------------------------------------------------ tokens */

static int is_word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* The tokens of one line; strings and comments are skipped (a string that
 * runs past the line end is the lexer's error, not ours). */
static void tokenize(const char *s, line *ln)
{
    ln->ntok = ln->opens = ln->closes = 0;
    size_t i = ln->at;
    int after_step = 0;
    while (i < ln->end && ln->ntok < 128) {
        char c = s[i];
        if (c == '#')
            break;
        if (c == ' ' || c == '\t') {
            i++;
            continue;
        }
        if (c == '"') {
            for (i++; i < ln->end && s[i] != '"'; i++)
                if (s[i] == '\\')
                    i++;
            i++;
            continue;
        }
        token t = {i, 1, 0, 0};
        if (is_word_char(c)) {
            while (i < ln->end && (is_word_char(s[i]) || (s[i] == '.' && i + 1 < ln->end &&
                                                          isdigit((unsigned char)s[i + 1]) &&
                                                          isdigit((unsigned char)s[t.at]))))
                i++;
            t.len = i - t.at;
            int digits = 1;
            for (size_t k = t.at; k < i; k++)
                digits &= isdigit((unsigned char)s[k]) != 0;
            t.number = digits && !after_step;
            t.word = !digits && !isdigit((unsigned char)c);
            after_step = t.len == 4 && memcmp(s + t.at, "step", 4) == 0;
        } else {
            static const char *const two[] = {"<=", ">=", "==", "!=", "..", "+=", "-="};
            for (size_t k = 0; k < sizeof two / sizeof two[0]; k++)
                if (i + 1 < ln->end && s[i] == two[k][0] && s[i + 1] == two[k][1])
                    t.len = 2;
            i += t.len;
            ln->opens += c == '{';
            ln->closes += c == '}';
            after_step = 0;
        }
        ln->tok[ln->ntok++] = t;
    }
}

static int tok_is(const char *s, const token *t, const char *w)
{
    return t->len == strlen(w) && memcmp(s + t->at, w, t->len) == 0;
}

/* ---------------------------------------------------------- mutants */

static mutant *add(scan *sc, int kind, const line *ln, size_t at, size_t len, const char *repl)
{
    if (sc->nv == sc->cap) {
        size_t cap = sc->cap ? sc->cap * 2 : 64;
        mutant *v = realloc(sc->v, cap * sizeof *v);
        if (!v)
            return NULL;
        sc->v = v;
        sc->cap = cap;
    }
    mutant *m = &sc->v[sc->nv++];
    memset(m, 0, sizeof *m);
    m->kind = kind;
    m->at = at;
    m->len = len;
    snprintf(m->repl, sizeof m->repl, "%s", repl);
    m->line = ln->no;
    m->col = (unsigned)(at - ln->at + 1);
    for (int d = sc->depth < MAX_DEPTH ? sc->depth : MAX_DEPTH - 1; d > 0; d--)
        if (sc->cite[d][0]) {
            snprintf(m->rule, sizeof m->rule, "%s", sc->cite[d]);
            break;
        }
    size_t b = ln->at, e = ln->end;
    while (b < e && (sc->s[b] == ' ' || sc->s[b] == '\t'))
        b++;
    int n = (int)(e - b < sizeof m->snippet - 1 ? e - b : sizeof m->snippet - 1);
    snprintf(m->snippet, sizeof m->snippet, "%.*s", n, sc->s + b);
    m->line_at = b;
    m->line_len = e - b;
    return m;
}

static void flips(scan *sc, const line *ln)
{
    static const char *const from[] = {"<", "<=", ">", ">=", "==", "!="};
    static const char *const to[] = {"<=", "<", ">=", ">", "!=", "=="};
    for (int k = 0; k < ln->ntok; k++)
        for (int f = 0; f < 6; f++)
            if (!ln->tok[k].word && tok_is(sc->s, &ln->tok[k], from[f])) {
                mutant *m = add(sc, MUTANT_FLIP, ln, ln->tok[k].at, ln->tok[k].len, to[f]);
                if (m)
                    snprintf(m->what, sizeof m->what, "'%s' to '%s'", from[f], to[f]);
            }
}

static void shifts(scan *sc, const line *ln)
{
    for (int k = 0; k < ln->ntok; k++) {
        const token *t = &ln->tok[k];
        if (!t->number || t->len > 9)
            continue;
        /* dice (2d6) are one token; a number right before 'd' digits is one */
        if (t->at + t->len < ln->end && sc->s[t->at + t->len] == 'd')
            continue;
        long v = strtol(sc->s + t->at, NULL, 10);
        for (int d = -1; d <= 1; d += 2) {
            if (v + d < 0)
                continue;
            char r[24];
            snprintf(r, sizeof r, "%ld", v + d);
            mutant *m = add(sc, MUTANT_SHIFT, ln, t->at, t->len, r);
            if (m)
                snprintf(m->what, sizeof m->what, "%ld to %ld", v, v + d);
        }
    }
}

/* `when GUARD` up to the next `{`, `cite`, `cost` or the line's end; in an
 * option's header, `where FILTER` too. */
static void unguards(scan *sc, const line *ln)
{
    int option = ln->ntok && tok_is(sc->s, &ln->tok[0], "option");
    for (int k = 0; k < ln->ntok; k++) {
        const token *t = &ln->tok[k];
        if (!t->word || !(tok_is(sc->s, t, "when") || (option && tok_is(sc->s, t, "where"))))
            continue;
        int e = k + 1;
        while (e < ln->ntok && !tok_is(sc->s, &ln->tok[e], "{") &&
               !tok_is(sc->s, &ln->tok[e], "cite") && !tok_is(sc->s, &ln->tok[e], "cost") &&
               !tok_is(sc->s, &ln->tok[e], "when"))
            e++;
        if (e == k + 1)
            continue;
        size_t end = e < ln->ntok ? ln->tok[e].at : ln->end;
        while (end > t->at && (sc->s[end - 1] == ' ' || sc->s[end - 1] == '\t'))
            end--;
        mutant *m = add(sc, MUTANT_UNGUARD, ln, t->at, end - t->at, "");
        if (m)
            snprintf(m->what, sizeof m->what, "'%.*s' left out", (int)(end - t->at > 100 ? 100 : end - t->at),
                     sc->s + t->at);
    }
}

static void frees(scan *sc, const line *ln)
{
    for (int k = 0; k < ln->ntok; k++) {
        if (!tok_is(sc->s, &ln->tok[k], "cost"))
            continue;
        int e = k + 1;
        while (e < ln->ntok && !tok_is(sc->s, &ln->tok[e], "{") &&
               !tok_is(sc->s, &ln->tok[e], "cost") && !tok_is(sc->s, &ln->tok[e], "when") &&
               !tok_is(sc->s, &ln->tok[e], "cite"))
            e++;
        size_t end = e < ln->ntok ? ln->tok[e].at : ln->end;
        while (end > ln->tok[k].at && (sc->s[end - 1] == ' ' || sc->s[end - 1] == '\t'))
            end--;
        mutant *m = add(sc, MUTANT_FREE, ln, ln->tok[k].at, end - ln->tok[k].at, "");
        if (m)
            snprintf(m->what, sizeof m->what, "'%.*s' left out",
                     (int)(end - ln->tok[k].at > 100 ? 100 : end - ln->tok[k].at),
                     sc->s + ln->tok[k].at);
    }
}

static void swaps_of_words(scan *sc, const line *ln, int kind, const char *a, const char *b,
                           int trigger_only)
{
    if (trigger_only && !(ln->ntok && tok_is(sc->s, &ln->tok[0], "trigger")))
        return;
    for (int k = 0; k < ln->ntok; k++) {
        const char *to = tok_is(sc->s, &ln->tok[k], a) ? b : tok_is(sc->s, &ln->tok[k], b) ? a
                                                                                        : NULL;
        if (!to)
            continue;
        mutant *m = add(sc, kind, ln, ln->tok[k].at, ln->tok[k].len, to);
        if (m)
            snprintf(m->what, sizeof m->what, "'%.*s' to '%s'", (int)ln->tok[k].len,
                     sc->s + ln->tok[k].at, to);
    }
}

/* A line that is one whole statement: no brace, not a header, not the
 * middle of an expression written over several lines. */
static int simple_statement(const scan *sc, const line *ln)
{
    if (ln->ntok == 0 || ln->opens || ln->closes)
        return 0;
    static const char *const not_first[] = {"else", "option", "escape", "step", "and", "or",
                                            "cite", "when", "cost"};
    for (size_t k = 0; k < sizeof not_first / sizeof not_first[0]; k++)
        if (tok_is(sc->s, &ln->tok[0], not_first[k]))
            return 0;
    const token *last = &ln->tok[ln->ntok - 1];
    char c = sc->s[last->at];
    if (!last->word && !last->number && c != ')' && c != ']' && c != '"')
        return 0; /* ends with an operator or a comma: it goes on */
    if (last->word && (tok_is(sc->s, last, "and") || tok_is(sc->s, last, "or") ||
                       tok_is(sc->s, last, "not")))
        return 0;
    return 1;
}

/* The name a statement writes when it is a plain assignment (`NAME = e`,
 * `NAME[i, j] += e`, `let NAME = e`) or `add e to NAME[i]`; NULL for
 * anything else (a call, an emit, a removal), whose effects the scanner
 * cannot see. */
static const token *written(const char *s, const line *ln)
{
    for (int t = 0; t < ln->ntok; t++)
        if (tok_is(s, &ln->tok[t], "("))
            return NULL; /* a fn may read what the other line writes */
    if (ln->ntok > 0 && tok_is(s, &ln->tok[0], "add")) {
        for (int t = 1; t + 1 < ln->ntok; t++)
            if (tok_is(s, &ln->tok[t], "to") && ln->tok[t + 1].word)
                return &ln->tok[t + 1];
        return NULL;
    }
    int i = ln->ntok > 0 && tok_is(s, &ln->tok[0], "let");
    if (i >= ln->ntok || !ln->tok[i].word)
        return NULL;
    int k = i + 1, depth = 0;
    for (; k < ln->ntok; k++) { /* past the index, if any */
        char c = s[ln->tok[k].at];
        if (c == '[' && !ln->tok[k].word)
            depth++;
        else if (c == ']' && !ln->tok[k].word)
            depth--;
        else if (depth == 0)
            break;
    }
    if (k >= ln->ntok || !(tok_is(s, &ln->tok[k], "=") || tok_is(s, &ln->tok[k], "+=") ||
                           tok_is(s, &ln->tok[k], "-=")))
        return NULL;
    return &ln->tok[i];
}

/* Does ln name `name` anywhere but at the token `except`? */
static int mentions(const char *s, const line *ln, const token *name, const token *except)
{
    for (int t = 0; t < ln->ntok; t++)
        if (&ln->tok[t] != except && ln->tok[t].word && ln->tok[t].len == name->len &&
            memcmp(s + ln->tok[t].at, s + name->at, name->len) == 0)
            return 1;
    return 0;
}

/* Is ln `NAME[...] += e` or `-= e`? Two of those on one var commute. */
static int adds_to(const char *s, const line *ln)
{
    for (int t = 1; t < ln->ntok; t++)
        if (tok_is(s, &ln->tok[t], "+=") || tok_is(s, &ln->tok[t], "-="))
            return 1;
    return 0;
}

/* Is the event named by token e heard by a trigger of the file? */
static int heard(const scan *sc, const token *e)
{
    if (sc->nheard > MAX_HEARD)
        return 1;
    for (int k = 0; k < sc->nheard; k++)
        if (sc->heard[k].len == e->len && memcmp(sc->s + sc->heard[k].at, sc->s + e->at, e->len) == 0)
            return 1;
    return 0;
}

/* Notes the event a `trigger NAME ... on E` line hears. */
static void note_heard(scan *sc, const line *ln)
{
    if (!ln->ntok || !tok_is(sc->s, &ln->tok[0], "trigger"))
        return;
    for (int t = 1; t + 1 < ln->ntok; t++)
        if (tok_is(sc->s, &ln->tok[t], "on") && ln->tok[t + 1].word) {
            if (sc->nheard < MAX_HEARD)
                sc->heard[sc->nheard] = ln->tok[t + 1];
            sc->nheard++;
            return;
        }
}

/* Is the statement `emit E(args)` with no call in its arguments and no
 * trigger of the file on E? Then it only adds a trace line, and nothing
 * runs that could read the state. */
static int quiet_emit(const scan *sc, const line *ln)
{
    if (ln->ntok < 2 || !tok_is(sc->s, &ln->tok[0], "emit") || !ln->tok[1].word)
        return 0;
    for (int t = 3; t < ln->ntok; t++)
        if (tok_is(sc->s, &ln->tok[t], "("))
            return 0;
    return !heard(sc, &ln->tok[1]);
}

/* Do two adjacent statements commute? Two assignments where neither names
 * what the other writes give the same state in either order, and nothing
 * else can tell (an assignment fires no trigger and leaves no trace line);
 * so do two that add to or take from one var, with nothing else of it
 * named (a value out of range on the way stops the game in either order);
 * and an assignment and a quiet emit whose arguments do not name what is
 * assigned. Swapping them makes an equivalent mutant, not a test of the
 * rules. */
static int commute(const scan *sc, const line *a, const line *b)
{
    const char *s = sc->s;
    const token *wa = written(s, a), *wb = written(s, b);
    if (wa && wb) {
        int both_add = adds_to(s, a) && adds_to(s, b);
        return !mentions(s, b, wa, both_add ? wb : NULL) &&
               !mentions(s, a, wb, both_add ? wa : NULL);
    }
    if (wa && quiet_emit(sc, b))
        return !mentions(s, b, wa, NULL);
    if (wb && quiet_emit(sc, a))
        return !mentions(s, a, wb, NULL);
    return 0;
}

static void drop_and_swap(scan *sc, const line *ln)
{
    int simple = simple_statement(sc, ln);
    if (simple) {
        mutant *m = add(sc, MUTANT_DROP, ln, ln->at, ln->end - ln->at, "");
        if (m)
            snprintf(m->what, sizeof m->what, "'%s' left out", m->snippet);
        line prev = {.at = sc->prev_at, .end = sc->prev_end};
        if (sc->prev_simple && sc->prev_depth == sc->depth && sc->prev_no + 1 == ln->no)
            tokenize(sc->s, &prev);
        if (prev.ntok && !commute(sc, &prev, ln)) {
            m = add(sc, MUTANT_SWAP, ln, sc->prev_at, sc->prev_end - sc->prev_at, "");
            if (m) {
                m->at2 = ln->at;
                m->len2 = ln->end - ln->at;
                m->line = sc->prev_no;
                m->col = 1;
                snprintf(m->what, sizeof m->what, "lines %u and %u swapped", sc->prev_no, ln->no);
            }
        }
    }
    sc->prev_simple = simple;
    sc->prev_at = ln->at;
    sc->prev_end = ln->end;
    sc->prev_no = ln->no;
    sc->prev_depth = sc->depth;
}

/* ------------------------------------------------------------- blocks */

static int opens_rules(const char *s, const line *ln)
{
    static const char *const heads[] = {"sequence", "proc", "trigger", "action", "anytime",
                                        "override"};
    if (ln->ntok == 0)
        return 0;
    for (size_t k = 0; k < sizeof heads / sizeof heads[0]; k++)
        if (tok_is(s, &ln->tok[0], heads[k]))
            /* `override const X = 5` is a one-line rule, not a block */
            return !(k == 5 && ln->ntok > 1 && tok_is(s, &ln->tok[1], "const"));
    return 0;
}

/* The cite of a step header line ("TITAN-S8 TITAN-S9"), or "". */
static void step_cite(const char *s, const line *ln, char *out, size_t n)
{
    out[0] = 0;
    if (!ln->ntok || !tok_is(s, &ln->tok[0], "step"))
        return;
    const char *c = NULL;
    for (size_t i = ln->at; i + 5 < ln->end; i++)
        if (memcmp(s + i, "cite ", 5) == 0) {
            c = s + i + 5;
            break;
        }
    if (!c || *c != '"')
        return;
    const char *e = memchr(c + 1, '"', (size_t)(s + ln->end - (c + 1)));
    if (e)
        snprintf(out, n, "%.*s", (int)(e - c - 1), c + 1);
}

static void scan_line(scan *sc, line *ln)
{
    tokenize(sc->s, ln);
    int top = sc->depth == 0;
    int one_line_rule = top && ln->ntok &&
                        (tok_is(sc->s, &ln->tok[0], "const") || tok_is(sc->s, &ln->tok[0], "fn") ||
                         (tok_is(sc->s, &ln->tok[0], "override") && ln->ntok > 1 &&
                          tok_is(sc->s, &ln->tok[1], "const")));
    if (top && ln->opens > ln->closes && opens_rules(sc->s, ln))
        sc->rules_at = 1;
    int in_rules = sc->rules_at && (sc->depth >= sc->rules_at || top);
    if (in_rules || one_line_rule) {
        flips(sc, ln);
        shifts(sc, ln);
    }
    if (in_rules) {
        unguards(sc, ln);
        frees(sc, ln);
        swaps_of_words(sc, ln, MUTANT_TIMING, "immediately", "after", 1);
        swaps_of_words(sc, ln, MUTANT_ORDER, "asc", "desc", 0);
        if (!top)
            drop_and_swap(sc, ln);
    } else {
        sc->prev_simple = 0;
    }
    /* the depth after this line; a step header's cite holds inside it */
    char cite[64];
    step_cite(sc->s, ln, cite, sizeof cite);
    int d = sc->depth + ln->opens - ln->closes;
    if (d < 0)
        d = 0;
    if (ln->opens > ln->closes && d < MAX_DEPTH)
        snprintf(sc->cite[d], sizeof sc->cite[d], "%s", cite);
    for (int k = d + 1; k <= sc->depth && k < MAX_DEPTH; k++)
        sc->cite[k][0] = 0;
    sc->depth = d;
    if (sc->depth == 0)
        sc->rules_at = 0;
}

/* The next line of src from *at, without its line end, in ln (numbered
 * no); 0 past the end. */
static int next_line(const char *src, size_t n, size_t *at, line *ln, unsigned no)
{
    size_t i = *at, e = i;
    if (i >= n)
        return 0;
    while (e < n && src[e] != '\n' && src[e] != '\r')
        e++;
    ln->at = i;
    ln->end = e;
    ln->no = no;
    if (e < n && src[e] == '\r' && e + 1 < n && src[e + 1] == '\n')
        e++;
    *at = e < n ? e + 1 : e;
    return 1;
}

mutant *mutants_find(const char *src, size_t n, size_t *count)
{
    scan sc;
    memset(&sc, 0, sizeof sc);
    sc.s = src;
    sc.n = n;
    line *ln = malloc(sizeof *ln);
    if (!ln) {
        *count = 0;
        return NULL;
    }
    size_t at = 0;
    for (unsigned no = 1; next_line(src, n, &at, ln, no); no++) {
        tokenize(src, ln); /* first the events triggers hear, wherever they are */
        note_heard(&sc, ln);
    }
    at = 0;
    for (unsigned no = 1; next_line(src, n, &at, ln, no); no++)
        scan_line(&sc, ln);
    free(ln);
    *count = sc.nv;
    return sc.v;
}

char *mutant_apply(const char *src, size_t n, const mutant *m, size_t *len)
{
    size_t rl = m->kind == MUTANT_SWAP ? 0 : strlen(m->repl);
    size_t out_n = m->kind == MUTANT_SWAP ? n : n - m->len + rl;
    char *out = malloc(out_n + 1);
    if (!out)
        return NULL;
    if (m->kind == MUTANT_SWAP) {
        /* [at, at+len) and [at2, at2+len2) change places; between them stays */
        size_t mid = m->at2 - (m->at + m->len), o = 0;
        memcpy(out, src, m->at);
        o = m->at;
        memcpy(out + o, src + m->at2, m->len2);
        o += m->len2;
        memcpy(out + o, src + m->at + m->len, mid);
        o += mid;
        memcpy(out + o, src + m->at, m->len);
        o += m->len;
        memcpy(out + o, src + m->at2 + m->len2, n - (m->at2 + m->len2));
    } else {
        memcpy(out, src, m->at);
        memcpy(out + m->at, m->repl, rl);
        memcpy(out + m->at + rl, src + m->at + m->len, n - m->at - m->len);
    }
    out[out_n] = 0;
    *len = out_n;
    return out;
}

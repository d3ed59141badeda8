/* lsp_index.c — one open document of the language server (lsp.h): its
 * text compiled as the ordo tool compiles a file (with the file's own path,
 * so that `extends` and data tables are found beside it), the diagnostics
 * of that compilation recorded by a diag_sink, and the outline of its tree
 * (compiler/outline.h), from which it answers:
 *   definition  a name: its declaration (a use bound by the resolution,
 *               else the global of that name); a step number after `step`
 *               (in `expect step 2.1 ran`): the step; a cited rule ID
 *               string ("TITAN-S8"): every step that cites it;
 *   hover       a name: its declaration's line, kind and type; a step:
 *               its number, title, cited IDs and the ruleset's source; a
 *               rule ID: the steps, scenarios and triggers citing it;
 *   completion  the ruleset's global names and the language's keywords.
 * After a syntax error the outline is the parser's partial tree (the
 * names and steps it could read, without types or bound uses: names are
 * then found by name); only when nothing at all was parsed does the last
 * outline stay.
 *
 * A document keeps its outline, not its compilation: the outline's
 * strings, and the paths of the files its positions name, are copied out
 * of the compiler's arena into the document's own pool and the arena is
 * freed at once (issue 33, 5: each open document held its whole arena,
 * four 53 MB documents 5.8 GB). A text past a ruleset's limit (64 MiB)
 * is not compiled, as `ordo check` refuses it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag_sink.h"
#include "lsp.h"
#include "outline.h"
#include "passes.h"

/* The strings a document keeps, in chunks it owns. */
typedef struct pool_chunk {
    struct pool_chunk *next;
    size_t used, cap;
    char data[];
} pool_chunk;

struct lsp_doc {
    char *uri, *path;
    lsp_text text;
    oc_options opt;
    oc_outline *outline;     /* its strings in `pool`, its keys numbers */
    pool_chunk *pool;
    const char *paths[DIAG_MAX_FILES]; /* the files its positions name, in `pool` */
    json_t *diags;           /* the last compilation's diagnostics */
};

/* The keywords of the language (dsl/lexer.l; tests/e2e/lsp.sh checks that
 * completion offers each one the lexer has). */
static const char *const keywords[] = {
    "ruleset", "source", "players", "enum", "const", "var", "event", "fn", "proc",
    "sequence", "scenario", "step", "cite", "first", "turn", "only", "optional", "by",
    "if", "else", "repeat", "until", "while", "exit", "when", "for", "in", "where",
    "asc", "desc", "choose", "option", "scope", "escape", "window", "emit", "log",
    "end", "game", "winner", "return", "let", "int", "bool", "player", "list", "set", "of",
    "true", "false", "none", "active", "roll", "count", "any", "all", "sum", "min",
    "max", "add", "to", "remove", "at", "from", "clear", "shuffle", "assert", "and",
    "or", "not", "eliminate", "setup", "play", "expect", "offered", "decision",
    "before", "after", "trigger", "on", "immediately", "anytime", "order", "printed",
    "chosen", "once", "chain", "depth", "decreasing", "kept", "undo", "tentative", "per", "action", "do",
    "can", "cost", "pay",
    "batch", "resource",
    "override", "combined", "table", "named", "extends", "substitute", "capped",
    "policy", "prefer", "avoid", "ties", "display", "ran", "seed", "then", "show", "random",
    "start", "rotate", "round", "pass", "hidden", "reveal", "hide", "see", "secretly",
    "simultaneously", "revisable", "revise", "symmetric", "invariant", "check",
    "because", "limit",
};
/* names the resolution knows without a declaration */
static const char *const builtins[] = {"turns", "in_game", "len", "first", "last",
                                       "min", "max", "abs", "seat", "passed"};

/* ------------------------------------------------------------ compiling */

typedef struct collect {
    lsp_doc *d;
    json_t *list;
    json_t *last;            /* the last error or warning: its notes join it */
} collect;

static void add_record(const diag_record *r, void *arg)
{
    collect *k = arg;
    lsp_doc *d = k->d;
    int here = r->path && strcmp(r->path, d->path) == 0;
    json_t *range = here ? lsp_range(&d->text, r->line, r->col,
                                     lsp_token_len(&d->text, r->line, r->col))
                         : lsp_range(&d->text, 1, 1, 0);
    char where[1200];
    const char *msg = r->message ? r->message : "";
    if (!here) { /* in a base or a data table: shown at the top, with its place */
        snprintf(where, sizeof where, "%s:%u:%u: %s", r->path ? r->path : "?",
                 (unsigned)r->line, (unsigned)r->col, msg);
        msg = where;
    }
    if (strcmp(r->kind, "note") == 0) {
        if (!k->last) {
            json_decref(range);
            return;
        }
        json_t *rel = json_object_get(k->last, "relatedInformation");
        if (!rel) {
            rel = json_array();
            json_object_set_new(k->last, "relatedInformation", rel);
        }
        char *uri = here ? strdup(d->uri) : lsp_path_to_uri(r->path ? r->path : "");
        json_array_append_new(rel, json_pack("{s:{s:s,s:o},s:s}", "location", "uri",
                                             uri ? uri : "", "range", range, "message",
                                             r->message ? r->message : ""));
        free(uri);
        return;
    }
    json_t *o = json_pack("{s:o,s:i,s:s,s:s}", "range", range, "severity",
                          strcmp(r->kind, "error") == 0 ? 1 : 2, "source", "ordo", "message", msg);
    const char *name = diag_warning_name(r->w);
    if (name)
        json_object_set_new(o, "code", json_string(name));
    json_array_append_new(k->list, o);
    k->last = o;
}

static void pool_free(pool_chunk *c)
{
    while (c) {
        pool_chunk *next = c->next;
        free(c);
        c = next;
    }
}

/* A copy of s in the pool (NULL for NULL, and when out of memory: *bad). */
static const char *pool_keep(pool_chunk **pool, const char *s, int *bad)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    pool_chunk *c = *pool;
    if (!c || c->cap - c->used < n) {
        size_t cap = n > 65536 ? n : 65536;
        pool_chunk *nc = malloc(sizeof *nc + cap);
        if (!nc) {
            *bad = 1;
            return NULL;
        }
        nc->next = c;
        nc->used = 0;
        nc->cap = cap;
        *pool = c = nc;
    }
    char *out = c->data + c->used;
    memcpy(out, s, n);
    c->used += n;
    return out;
}

static void keep_cites(pool_chunk **pool, const char **cites, uint32_t n, int *bad)
{
    for (uint32_t k = 0; k < n; k++)
        cites[k] = pool_keep(pool, cites[k], bad);
}

/* The index + 1 of the symbol whose key is `key` in a table of n slots
 * (open addressing over the outline's symbols), 0 when none. */
static uint32_t key_slot(const oc_outline *o, const uint32_t *table, uint32_t n,
                         const void *key)
{
    uint32_t h = (uint32_t)(((uintptr_t)key >> 3) * 2654435761u) & (n - 1);
    for (; table[h]; h = (h + 1) & (n - 1))
        if (o->syms[table[h] - 1].key == key)
            return table[h];
    return 0;
}

/* Each key made the number (index + 1) of its symbol, each use's target
 * the same: keys that were arena addresses outlive no arena. */
static int renumber_keys(oc_outline *o)
{
    uint32_t n = 16;
    while (n < 2 * (uint64_t)o->nsyms)
        n *= 2;
    uint32_t *table = calloc(n, sizeof *table);
    if (!table)
        return -1;
    for (uint32_t k = 0; k < o->nsyms; k++)
        if (o->syms[k].key && !key_slot(o, table, n, o->syms[k].key)) {
            uint32_t h = (uint32_t)(((uintptr_t)o->syms[k].key >> 3) * 2654435761u) & (n - 1);
            while (table[h])
                h = (h + 1) & (n - 1);
            table[h] = k + 1;
        }
    uint32_t *keys = malloc((o->nsyms ? o->nsyms : 1) * sizeof *keys);
    if (!keys) {
        free(table);
        return -1;
    }
    for (uint32_t k = 0; k < o->nrefs; k++)
        o->refs[k].target = (const void *)(uintptr_t)key_slot(o, table, n, o->refs[k].target);
    for (uint32_t k = 0; k < o->nsyms; k++) /* the first symbol of a key answers for it */
        keys[k] = o->syms[k].key ? key_slot(o, table, n, o->syms[k].key) : 0;
    for (uint32_t k = 0; k < o->nsyms; k++) /* only once every key was looked up */
        o->syms[k].key = (const void *)(uintptr_t)keys[k];
    free(keys);
    free(table);
    return 0;
}

/* The outline of c's tree made d's own (see the top of the file): its
 * strings and c's file paths into d's pool; -1 when out of memory. */
static int keep_outline(lsp_doc *d, oc_outline *o, oc_compiler *c)
{
    pool_chunk *pool = NULL;
    int bad = renumber_keys(o) != 0;
    o->title = pool_keep(&pool, o->title, &bad);
    o->source = pool_keep(&pool, o->source, &bad);
    for (uint32_t k = 0; k < o->nsyms; k++) {
        o->syms[k].name = pool_keep(&pool, o->syms[k].name, &bad);
        o->syms[k].kind = pool_keep(&pool, o->syms[k].kind, &bad);
        o->syms[k].container = pool_keep(&pool, o->syms[k].container, &bad);
    }
    for (uint32_t k = 0; k < o->nsteps; k++) {
        oc_ostep *st = &o->steps[k];
        st->number = pool_keep(&pool, st->number, &bad);
        st->title = pool_keep(&pool, st->title, &bad);
        st->rule = pool_keep(&pool, st->rule, &bad);
        keep_cites(&pool, st->cites, st->ncites, &bad);
    }
    for (uint32_t k = 0; k < o->nscenarios; k++) {
        oc_oscenario *sc = &o->scenarios[k];
        sc->kind = pool_keep(&pool, sc->kind, &bad);
        sc->title = pool_keep(&pool, sc->title, &bad);
        keep_cites(&pool, sc->cites, sc->ncites, &bad);
    }
    const char *paths[DIAG_MAX_FILES];
    for (uint32_t f = 0; f < DIAG_MAX_FILES; f++)
        paths[f] = pool_keep(&pool, oc_tree_path(c, f), &bad);
    if (bad) {
        pool_free(pool);
        return -1;
    }
    oc_outline_free(d->outline);
    pool_free(d->pool);
    d->outline = o;
    d->pool = pool;
    memcpy(d->paths, paths, sizeof paths);
    return 0;
}

/* The path of file `file` of the outline's compilation, or NULL. */
static const char *file_path(const lsp_doc *d, uint32_t file)
{
    return file < DIAG_MAX_FILES ? d->paths[file] : NULL;
}

/* A text past a ruleset's limit: one diagnostic, no compilation (its
 * outline goes: it was another text's). */
static int refuse_large(lsp_doc *d)
{
    char why[96];
    json_t *list = json_array();
    json_t *o = json_pack("{s:o,s:i,s:s,s:s+}", "range", lsp_range(&d->text, 1, 1, 0),
                          "severity", 1, "source", "ordo", "message", "cannot read the file: ",
                          oc_read_problem(EFBIG, OC_MAX_RULESET_BYTES, why, sizeof why));
    if (!list || !o) {
        json_decref(list);
        json_decref(o);
        return -1;
    }
    json_array_append_new(list, o);
    json_decref(d->diags);
    d->diags = list;
    oc_outline_free(d->outline);
    pool_free(d->pool);
    d->outline = NULL;
    d->pool = NULL;
    memset(d->paths, 0, sizeof d->paths);
    return 0;
}

static int compile(lsp_doc *d)
{
    if (d->text.len - oc_bom_length(d->text.text, d->text.len) > OC_MAX_RULESET_BYTES)
        return refuse_large(d);
    oc_options opt = d->opt;
    opt.sink = diag_sink_new(DIAG_FORMAT_RECORDS, NULL, "ordo", ORDO_VERSION);
    oc_compiler *c = opt.sink ? oc_new(&opt) : NULL;
    json_t *list = json_array();
    if (!c || !list) {
        oc_free(c);
        diag_sink_finish(opt.sink);
        json_decref(list);
        return -1;
    }
    oc_compile_string(c, d->path, d->text.text, d->text.len);
    collect k = {d, list, NULL};
    diag_sink_each(opt.sink, add_record, &k);
    diag_sink_finish(opt.sink);
    json_decref(d->diags);
    d->diags = list;
    oc_outline *o = oc_tree(c) ? oc_outline_new(oc_tree(c), oc_tree_resolution(c)) : NULL;
    int rc = 0;
    if (o && keep_outline(d, o, c) != 0) { /* else nothing parsed: the last outline stays */
        oc_outline_free(o);
        rc = -1;
    }
    oc_free(c);
    return rc;
}

lsp_doc *lsp_doc_open(const char *uri, const char *text, size_t len, int utf8,
                      const oc_options *opt)
{
    lsp_doc *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->uri = strdup(uri);
    d->path = lsp_uri_to_path(uri);
    d->text.utf8 = utf8;
    d->opt = *opt;
    if (!d->uri || !d->path || lsp_text_set(&d->text, text, len) != 0 || compile(d) != 0) {
        lsp_doc_close(d);
        return NULL;
    }
    return d;
}

int lsp_doc_change(lsp_doc *d, const char *text, size_t len)
{
    if (lsp_text_set(&d->text, text, len) != 0)
        return -1;
    return compile(d);
}

void lsp_doc_close(lsp_doc *d)
{
    if (!d)
        return;
    oc_outline_free(d->outline);
    pool_free(d->pool);
    json_decref(d->diags);
    lsp_text_free(&d->text);
    free(d->uri);
    free(d->path);
    free(d);
}

const char *lsp_doc_uri(const lsp_doc *d)
{
    return d->uri;
}

json_t *lsp_doc_diagnostics(lsp_doc *d)
{
    return json_pack("{s:s,s:O}", "uri", d->uri, "diagnostics", d->diags ? d->diags : json_array());
}

/* -------------------------------------------------------------- finding */

/* A Location for position `at` of the outline's file, `len` bytes long. */
static json_t *location(lsp_doc *d, ast_loc at, size_t len)
{
    uint32_t file = ast_file_of(at);
    if (file == 0)
        return json_pack("{s:s,s:o}", "uri", d->uri, "range",
                         lsp_range(&d->text, ast_line(at), at.col, len));
    const char *path = file_path(d, file);
    char *uri = path ? lsp_path_to_uri(path) : NULL;
    if (!uri)
        return NULL;
    /* another file: its columns as bytes (its text is not open here) */
    uint32_t line = ast_line(at) ? ast_line(at) - 1 : 0, col = at.col ? at.col - 1 : 0;
    json_t *l = json_pack("{s:s,s:{s:{s:i,s:i},s:{s:i,s:i}}}", "uri", uri, "range", "start",
                          "line", (json_int_t)line, "character", (json_int_t)col, "end", "line",
                          (json_int_t)line, "character", (json_int_t)(col + len));
    free(uri);
    return l;
}

/* The symbol named at word w: a bound use there, a declaration there, or
 * a global of that name. */
static const oc_osym *sym_at(const lsp_doc *d, const lsp_word *w)
{
    const oc_outline *o = d->outline;
    if (!o || w->kind != LSP_AT_NAME)
        return NULL;
    for (uint32_t k = 0; k < o->nrefs; k++) {
        const oc_oref *r = &o->refs[k];
        if (ast_file_of(r->loc) == 0 && ast_line(r->loc) == w->line1 && r->loc.col == w->col1) {
            const oc_osym *s = oc_outline_sym(o, r->target);
            if (s)
                return s;
        }
    }
    const oc_osym *global = NULL;
    for (uint32_t k = 0; k < o->nsyms; k++) {
        const oc_osym *s = &o->syms[k];
        if (strcmp(s->name, w->text) != 0)
            continue;
        if (ast_file_of(s->loc) == 0 && ast_line(s->loc) == w->line1 && s->loc.col == w->col1)
            return s;
        if (s->global && (!global || ast_file_of(global->loc) != 0))
            global = s;
    }
    return global;
}

static int cites_id(const char **ids, uint32_t n, const char *id)
{
    for (uint32_t k = 0; k < n; k++)
        if (ids[k] && strcmp(ids[k], id) == 0)
            return 1;
    return 0;
}

/* Is s a rule ID that something in the ruleset cites? */
static int is_cited(const oc_outline *o, const char *s)
{
    for (uint32_t k = 0; o && k < o->nsteps; k++)
        if (cites_id(o->steps[k].cites, o->steps[k].ncites, s))
            return 1;
    for (uint32_t k = 0; o && k < o->nscenarios; k++)
        if (cites_id(o->scenarios[k].cites, o->scenarios[k].ncites, s))
            return 1;
    return 0;
}

json_t *lsp_doc_definition(lsp_doc *d, uint32_t line, uint32_t character)
{
    lsp_word w;
    lsp_word_at(&d->text, line, character, &w);
    const oc_outline *o = d->outline;
    if (!o)
        return json_null();
    json_t *list = json_array();
    if (w.kind == LSP_AT_NAME) {
        const oc_osym *s = sym_at(d, &w);
        if (s && s->loc.line)
            json_array_append_new(list, location(d, s->loc, strlen(s->name)));
    } else if (w.kind == LSP_AT_NUMBER && w.after_step) {
        for (uint32_t k = 0; k < o->nsteps; k++)
            if (strcmp(o->steps[k].number, w.text) == 0 && ast_file_of(o->steps[k].loc) == 0)
                json_array_append_new(list, location(d, o->steps[k].loc, strlen(w.text)));
    } else if (w.kind == LSP_AT_STRING && w.text[0]) {
        for (uint32_t k = 0; k < o->nsteps; k++)
            if (cites_id(o->steps[k].cites, o->steps[k].ncites, w.text))
                json_array_append_new(list, location(d, o->steps[k].loc,
                                                     strlen(o->steps[k].number)));
    }
    if (json_array_size(list) == 0) {
        json_decref(list);
        return json_null();
    }
    return list;
}

/* --------------------------------------------------------------- hover */

typedef struct buf {
    char *s;
    size_t len, cap;
} buf;

static void put(buf *b, const char *fmt, ...) OC_PRINTF(2, 3);
static void put(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char tmp[2048];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    size_t add = (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1;
    if (b->len + add + 1 > b->cap) {
        size_t cap = (b->len + add + 1) * 2;
        char *p = realloc(b->s, cap);
        if (!p)
            return;
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->len, tmp, add);
    b->len += add;
    b->s[b->len] = 0;
}

static json_t *hover_of(buf *b, json_t *range)
{
    if (!b->s) {
        json_decref(range);
        return json_null();
    }
    json_t *h = json_pack("{s:{s:s,s:s},s:o}", "contents", "kind", "markdown", "value", b->s,
                          "range", range);
    free(b->s);
    return h;
}

/* the line a symbol is declared on, trimmed */
static const char *decl_line(lsp_doc *d, const oc_osym *s, char *out, size_t n)
{
    out[0] = 0;
    if (!s->loc.line)
        return out;
    if (ast_file_of(s->loc) == 0) {
        size_t len;
        const char *l = lsp_text_line(&d->text, ast_line(s->loc) - 1, &len);
        if (l) {
            if (len >= n)
                len = n - 1;
            memcpy(out, l, len);
            out[len] = 0;
        }
    } else {
        lsp_file_line(file_path(d, ast_file_of(s->loc)), ast_line(s->loc), out, n);
    }
    char *p = out;
    while (*p == ' ' || *p == '\t')
        p++;
    memmove(out, p, strlen(p) + 1);
    size_t len = strlen(out);
    while (len && (out[len - 1] == ' ' || out[len - 1] == '\t' || out[len - 1] == '{'))
        out[--len] = 0;
    return out;
}

static void put_step(buf *b, const oc_outline *o, const oc_ostep *st)
{
    put(b, "**step %s**%s%s\n", st->number, st->title ? " — " : "", st->title ? st->title : "");
    if (st->ncites) {
        put(b, "\ncites");
        for (uint32_t k = 0; k < st->ncites; k++)
            put(b, "%s `%s`", k ? "," : "", st->cites[k]);
        put(b, "\n");
    } else if (st->rule && st->rule[0]) {
        put(b, "\nunder the rule(s) `%s` of an enclosing step\n", st->rule);
    }
    if (o->source)
        put(b, "\nsource: %s\n", o->source);
}

json_t *lsp_doc_hover(lsp_doc *d, uint32_t line, uint32_t character)
{
    lsp_word w;
    lsp_word_at(&d->text, line, character, &w);
    const oc_outline *o = d->outline;
    if (!o || w.kind == LSP_AT_NOTHING)
        return json_null();
    buf b = {0};
    size_t wlen = strlen(w.text) + (w.kind == LSP_AT_STRING ? 2 : 0);
    json_t *range = lsp_range(&d->text, w.line1, w.kind == LSP_AT_STRING ? w.col1 - 1 : w.col1,
                              wlen);
    if (w.kind == LSP_AT_NAME) {
        const oc_osym *s = sym_at(d, &w);
        if (s) {
            char line_text[512];
            decl_line(d, s, line_text, sizeof line_text);
            if (line_text[0])
                put(&b, "```ordo\n%s\n```\n", line_text);
            put(&b, "%s `%s`", s->kind, s->name);
            if (s->type[0] && strcmp(s->type, s->kind) != 0)
                put(&b, ": %s", s->type);
            if (s->container)
                put(&b, " (in %s)", s->container);
            if (ast_file_of(s->loc) != 0)
                put(&b, " — from %s", file_path(d, ast_file_of(s->loc)));
            put(&b, "\n");
        }
    } else if (w.kind == LSP_AT_NUMBER && w.after_step) {
        for (uint32_t k = 0; k < o->nsteps; k++)
            if (strcmp(o->steps[k].number, w.text) == 0 && ast_file_of(o->steps[k].loc) == 0) {
                if (b.s)
                    put(&b, "\n---\n\n");
                put_step(&b, o, &o->steps[k]);
            }
    } else if (w.kind == LSP_AT_STRING && is_cited(o, w.text)) {
        put(&b, "**%s**", w.text);
        if (o->source)
            put(&b, " — %s", o->source);
        put(&b, "\n\ncited by:\n");
        for (uint32_t k = 0; k < o->nsteps; k++)
            if (cites_id(o->steps[k].cites, o->steps[k].ncites, w.text))
                put(&b, "- step %s%s%s\n", o->steps[k].number, o->steps[k].title ? " — " : "",
                    o->steps[k].title ? o->steps[k].title : "");
        for (uint32_t k = 0; k < o->nscenarios; k++)
            if (cites_id(o->scenarios[k].cites, o->scenarios[k].ncites, w.text))
                put(&b, "- %s \"%s\"\n", o->scenarios[k].kind,
                    o->scenarios[k].title ? o->scenarios[k].title : "");
    }
    return hover_of(&b, range);
}

/* ----------------------------------------------------------- completion */

static int item_kind(const char *kind)
{
    /* LSP's CompletionItemKind */
    if (strcmp(kind, "var") == 0)
        return 6;
    if (strcmp(kind, "const") == 0)
        return 21;
    if (strcmp(kind, "enum") == 0 || strcmp(kind, "table") == 0)
        return 13;
    if (strcmp(kind, "member") == 0)
        return 20;
    if (strcmp(kind, "event") == 0)
        return 23;
    return 3; /* fn, proc, action, trigger, ... */
}

static void add_item(json_t *list, json_t *seen, const char *label, int kind, const char *detail)
{
    if (json_object_get(seen, label))
        return;
    json_object_set_new(seen, label, json_true());
    json_t *it = json_pack("{s:s,s:i}", "label", label, "kind", kind);
    if (detail && detail[0])
        json_object_set_new(it, "detail", json_string(detail));
    json_array_append_new(list, it);
}

json_t *lsp_doc_completion(lsp_doc *d, uint32_t line, uint32_t character)
{
    (void)line;
    (void)character;
    json_t *list = json_array(), *seen = json_object();
    const oc_outline *o = d->outline;
    for (uint32_t k = 0; o && k < o->nsyms; k++) {
        const oc_osym *s = &o->syms[k];
        if (!s->global)
            continue;
        char detail[128];
        snprintf(detail, sizeof detail, "%s%s%s", s->kind, s->type[0] ? ": " : "",
                 strcmp(s->type, s->kind) ? s->type : "");
        add_item(list, seen, s->name, item_kind(s->kind), detail);
    }
    for (size_t k = 0; k < sizeof builtins / sizeof builtins[0]; k++)
        add_item(list, seen, builtins[k], 3, "built-in");
    for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++)
        add_item(list, seen, keywords[k], 14, "keyword");
    json_decref(seen);
    return list;
}

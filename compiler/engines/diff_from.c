/* diff_from.c — the starts of `ordo diff --from FILE[:SCENARIO]` (diff.h):
 * a scenario's set-up, its statements before its first assertion (players,
 * seed, setup blocks, plays, chooses, rolls), played on both rulesets so
 * that the lockstep search starts where a rule's situation is, not only
 * at the start of the game.
 *
 * The set-up is compiled twice, as the one scenario of a ruleset that
 * extends A and of one that extends B, from the scenario's own text: each
 * side then runs its own code, named as that ruleset names it. A
 * statement a side cannot compile (a var only the other declares) is left
 * out of that side alone, blanked so that the lines stay where they are,
 * and the start says so. The file's scenarios are found by compiling it
 * (their lines, their first assertion); the text between is cut into
 * statements by its braces.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diff_from.h"
#include "passes.h"

enum { HEADER_LINES = 3 };

/* One statement of a set-up: its lines [first, last] (0 the set-up's
 * first), whether it opens or closes a setup block (never left out), and
 * for each side whether it was left out. */
typedef struct unit {
    uint32_t first, last;
    int frame;
    int dropped[2];
} unit;

typedef struct setup_text {
    const char **line;     /* the set-up's lines (into a copy of the text) */
    size_t *len;
    uint32_t nlines;
    unit *u;
    uint32_t nunits;
} setup_text;

/* Where line `line` (1-based) of text starts. */
static const char *line_start(const char *text, uint32_t line)
{
    for (uint32_t k = 1; k < line && text; k++) {
        text = strchr(text, '\n');
        text = text ? text + 1 : NULL;
    }
    return text;
}

/* Steps over a string or a comment at *c (their braces are not the
 * text's); 1 when it did. */
static int skip_quoted(const char **c)
{
    if (**c == '#') {
        *c += strcspn(*c, "\n");
        return 1;
    }
    if (**c != '"')
        return 0;
    for ((*c)++; **c && **c != '"' && **c != '\n'; (*c)++)
        if (**c == '\\' && (*c)[1])
            (*c)++;
    if (**c == '"')
        (*c)++;
    return 1;
}

/* The body of the scenario declared at `from`: just past its `{` into
 * *body, and where it ends (its closing brace, or `cut` when that comes
 * first). NULL when there is no body. */
static const char *body_of(const char *from, const char *cut, const char **body)
{
    const char *c = from;
    while (*c && *c != '{')
        if (!skip_quoted(&c))
            c++;
    if (!*c)
        return NULL;
    *body = ++c;
    for (int depth = 1; *c && (!cut || c < cut);) {
        if (skip_quoted(&c))
            continue;
        if (*c == '{')
            depth++;
        else if (*c == '}' && --depth == 0)
            return c;
        c++;
    }
    return cut && c >= cut ? cut : NULL;
}

/* The brace depth a line changes by. */
static int depth_change(const char *s, size_t n)
{
    int d = 0;
    for (const char *c = s; c < s + n;) {
        if (skip_quoted(&c))
            continue;
        d += *c == '{' ? 1 : *c == '}' ? -1 : 0;
        c++;
    }
    return d;
}

static int starts_with_word(const char *s, size_t n, const char *w)
{
    size_t sp = strspn(s, " \t"), len = strlen(w);
    return n >= sp + len && strncmp(s + sp, w, len) == 0 &&
           (n == sp + len || strchr(" \t{", s[sp + len]));
}

/* Cuts [body, end) into lines and the lines into statements: a line at
 * the top starts one, as does a line at the top of a setup block; a
 * line deeper goes on with the one before. 0, or -1 when out of memory. */
static int cut_units(setup_text *t, char *body, const char *end)
{
    uint32_t cap = 1;
    for (const char *c = body; c < end; c++)
        cap += *c == '\n';
    t->line = calloc(cap, sizeof *t->line);
    t->len = calloc(cap, sizeof *t->len);
    t->u = calloc(cap, sizeof *t->u);
    if (!t->line || !t->len || !t->u)
        return -1;
    int depth = 0, in_setup = 0;
    for (char *c = body; c < end && t->nlines < cap;) {
        size_t n = strcspn(c, "\n");
        if (c + n > end)
            n = (size_t)(end - c);
        uint32_t k = t->nlines++;
        t->line[k] = c;
        t->len[k] = n;
        int d = depth_change(c, n), closes = depth == 1 && in_setup && depth + d == 0;
        int opens = depth == 0 && d > 0 && starts_with_word(c, n, "setup");
        if (depth == 0 || (in_setup && depth == 1) || closes) {
            t->u[t->nunits++] = (unit){k, k, opens || closes, {0, 0}};
        } else if (t->nunits) {
            t->u[t->nunits - 1].last = k;
        }
        in_setup = opens ? 1 : closes ? 0 : in_setup;
        depth += d;
        c += n + (c + n < end);
    }
    return 0;
}

static unit *unit_at(setup_text *t, uint32_t line)
{
    for (uint32_t k = 0; k < t->nunits; k++)
        if (line >= t->u[k].first && line <= t->u[k].last)
            return &t->u[k];
    return NULL;
}

/* The ruleset that extends `base` with the set-up as its one scenario,
 * side k's statements only (the others' lines blank). */
static char *compose(const setup_text *t, int k, const char *base, const char *name,
                     size_t *n)
{
    size_t cap = 400 + 2 * strlen(base) + 2 * strlen(name);
    for (uint32_t j = 0; j < t->nlines; j++)
        cap += t->len[j] + 1;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    size_t at = (size_t)snprintf(s, cap, "ruleset \"set-up\"\nextends \"%s\"\nscenario \"", base);
    for (const char *c = name; *c; c++)
        if (*c != '"' && *c != '\\' && *c != '\n')
            s[at++] = *c;
    at += (size_t)snprintf(s + at, cap - at, "\" {\n");
    for (uint32_t j = 0; j < t->nlines; j++) {
        const unit *u = unit_at((setup_text *)t, j);
        if (!u || !u->dropped[k]) {
            memcpy(s + at, t->line[j], t->len[j]);
            at += t->len[j];
        }
        s[at++] = '\n';
    }
    at += (size_t)snprintf(s + at, cap - at, "}\n");
    *n = at;
    return s;
}

/* The statements that the diagnostics `msg` name (lines of "set-up:L:"
 * with an error), left out of side k: how many were; -1 when an error
 * names no statement that may be left out (its first message into why). */
static int drop_named(setup_text *t, int k, const char *msg, char *why, size_t n)
{
    int dropped = 0;
    for (const char *l = msg; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
        unsigned long line;
        int at = 0;
        if (sscanf(l, "set-up:%lu:%*u: error: %n", &line, &at) != 1 || !at)
            continue;
        unit *u = line > HEADER_LINES ? unit_at(t, (uint32_t)(line - HEADER_LINES - 1)) : NULL;
        if (!u || u->frame) {
            snprintf(why, n, "%.*s", (int)strcspn(l + at, "\n"), l + at);
            return -1;
        }
        dropped += !u->dropped[k];
        u->dropped[k] = 1;
    }
    if (!dropped && !why[0]) {
        const char *e = strstr(msg, "error: ");
        snprintf(why, n, "%.*s", e ? (int)strcspn(e + 7, "\n") : 0, e ? e + 7 : "");
    }
    return dropped ? dropped : -1;
}

/* Compiles the set-up against side k (its file `base`), leaving out each
 * statement it cannot compile: the program, or NULL (why into why). */
static const ordo_program *compile_side(df_start *st, setup_text *t, int k, const char *base)
{
    for (uint32_t tries = 0; tries <= t->nunits; tries++) {
        char *msg = NULL;
        size_t msglen = 0, n = 0;
        FILE *sink = open_memstream(&msg, &msglen);
        oc_options opt;
        memset(&opt, 0, sizeof opt);
        opt.diag = sink;
        char *text = compose(t, k, base, st->name, &n);
        oc_free(st->c[k]);
        st->c[k] = sink && text ? oc_new(&opt) : NULL;
        const ordo_program *p = st->c[k] ? oc_compile_string(st->c[k], "set-up", text, n) : NULL;
        free(text);
        if (sink)
            fclose(sink);
        int more = !p && msg ? drop_named(t, k, msg, st->trouble, sizeof st->trouble) : -1;
        free(msg);
        if (p && p->nscenarios == 1)
            return p;
        if (p || more < 0) {
            if (!st->trouble[0])
                snprintf(st->trouble, sizeof st->trouble, "%s", p ? "no scenario" : "out of memory");
            return NULL;
        }
    }
    return NULL;
}

/* An empty text with room for the set-up's lines, `more` bytes more a
 * line (its size into *cap). */
static char *room(const setup_text *t, size_t more, size_t *cap)
{
    *cap = 1;
    for (uint32_t j = 0; j < t->nlines; j++)
        *cap += t->len[j] + more;
    return calloc(*cap, 1);
}

/* "a; b" of side k's statements the other side left out (that k alone
 * runs), each line's text trimmed. */
static char *alone(const setup_text *t, int k)
{
    size_t cap, at = 0;
    char *s = room(t, 3, &cap);
    for (uint32_t u = 0; s && u < t->nunits; u++) {
        if (t->u[u].dropped[k] || !t->u[u].dropped[!k])
            continue;
        for (uint32_t j = t->u[u].first; j <= t->u[u].last; j++) {
            size_t sp = strspn(t->line[j], " \t");
            at += (size_t)snprintf(s + at, cap - at, "%s%.*s", at ? "; " : "",
                                   (int)(t->len[j] - sp), t->line[j] + sp);
        }
    }
    return s;
}

/* What a scenario of A writes for the set-up (its players and seed
 * apart): A's statements, those of B alone as comments
 * `# in B alone: ...` (the scenario, pointed at B, wants them back), those
 * of A alone marked `# in A alone` at the end of their lines. */
static char *written(const setup_text *t)
{
    size_t cap, at = 0;
    char *s = room(t, 24, &cap);
    for (uint32_t u = 0; s && u < t->nunits; u++) {
        const unit *x = &t->u[u];
        if ((x->dropped[0] && x->dropped[1]) ||
            starts_with_word(t->line[x->first], t->len[x->first], "players") ||
            starts_with_word(t->line[x->first], t->len[x->first], "seed"))
            continue;
        for (uint32_t j = x->first; j <= x->last; j++) {
            size_t sp = strspn(t->line[j], " \t");
            const char *l = t->line[j] + sp;
            int n = (int)(t->len[j] - sp);
            if (!n)
                continue;
            if (x->dropped[0])
                at += (size_t)snprintf(s + at, cap - at, "%.*s# in B alone: %.*s\n", (int)sp,
                                       t->line[j], n, l);
            else
                at += (size_t)snprintf(s + at, cap - at, "%.*s%s\n", (int)t->len[j], t->line[j],
                                       x->dropped[1] ? " # in A alone" : "");
        }
    }
    return s;
}

/* The set-up of scenario sc of the program f (the file `path`, its text
 * `text`) as a start against A and B. */
static void make_start(df_start *st, const ordo_program *f, const ordo_scenario *sc,
                       const char *path, char *text, const df_side *a, const df_side *b)
{
    snprintf(st->name, sizeof st->name, "%s", sc->name ? sc->name : "");
    snprintf(st->where, sizeof st->where, "%s:%lu", path, (unsigned long)sc->line);
    uint32_t cut_line = 0;
    for (uint32_t k = 0; k < sc->count && !cut_line; k++) {
        int kind = f->items[sc->first + k].kind;
        if (kind != ORDO_SC_PLAYERS && kind != ORDO_SC_SEED && kind != ORDO_SC_SETUP &&
            kind != ORDO_SC_PLAY && kind != ORDO_SC_CHOOSE && kind != ORDO_SC_ROLL)
            cut_line = f->items[sc->first + k].line;
    }
    const char *from = line_start(text, sc->line), *body = NULL;
    const char *end = from ? body_of(from, cut_line ? line_start(text, cut_line) : NULL, &body)
                           : NULL;
    setup_text t;
    memset(&t, 0, sizeof t);
    for (const char *c = from; end && c < body; c++)
        st->first_line += *c == '\n';
    st->first_line += sc->line;
    if (!end)
        snprintf(st->trouble, sizeof st->trouble, "its body was not found");
    else if (cut_units(&t, (char *)body, end) != 0)
        snprintf(st->trouble, sizeof st->trouble, "out of memory");
    for (int k = 0; k < 2 && !st->trouble[0]; k++) {
        const df_side *s = k ? b : a;
        const ordo_program *p = compile_side(st, &t, k, s->file);
        if (p)
            st->side[k] = (df_side){p, s->file, st->c[k]};
    }
    for (int k = 0; k < 2; k++) {
        const ordo_program *p = st->side[k].p;
        st->played[k] = -1;
        for (uint32_t j = 0; p && j < p->scenarios[0].count; j++) {
            const ordo_scenario_item *it = &p->items[p->scenarios[0].first + j];
            if (it->kind == ORDO_SC_PLAY)
                st->played[k] = it->a == p->main_proc ? -1 : it->a;
        }
    }
    const ordo_program *pa = st->side[0].p;
    for (uint32_t k = 0; pa && k < pa->scenarios[0].count; k++) {
        const ordo_scenario_item *it = &pa->items[pa->scenarios[0].first + k];
        if (it->kind == ORDO_SC_PLAYERS)
            st->players = it->a;
        else if (it->kind == ORDO_SC_SEED) {
            st->has_seed = 1;
            st->seed = (uint64_t)(uint32_t)it->args[0] | (uint64_t)(uint32_t)it->args[1] << 32;
        }
    }
    if (!st->trouble[0]) {
        st->only[0] = alone(&t, 0);
        st->only[1] = alone(&t, 1);
        st->text = written(&t);
        if (!st->only[0] || !st->only[1] || !st->text)
            snprintf(st->trouble, sizeof st->trouble, "out of memory");
    }
    free(t.line);
    free(t.len);
    free(t.u);
}

/* Whether scenario name `name` is one `want` asks for: every one for "",
 * else the one of that name or those it begins. */
static int wanted(const char *name, const char *want)
{
    return name && strncmp(name, want, strlen(want)) == 0;
}

int df_starts_read(const char *spec, const df_side *a, const df_side *b, df_starts *out,
                   const char *prog)
{
    const char *ext = strstr(spec, ".ordo:");
    size_t flen = ext ? (size_t)(ext + 5 - spec) : strlen(spec);
    char *path = strndup(spec, flen);
    const char *want = ext ? ext + 6 : "";
    size_t n = 0;
    int err = 0;
    /* the compiler's reader: its opener (no FIFO, no device) and limit */
    oc_arena *arena = path ? arena_new() : NULL;
    char *text = arena ? oc_read_text(arena, path, OC_MAX_RULESET_BYTES, &n, &err) : NULL;
    oc_compiler *c = text ? oc_new(&(oc_options){0}) : NULL;
    const ordo_program *f = c ? oc_compile_string(c, path, text, n) : NULL;
    int rc = -1, found = 0;
    if (!text)
        fprintf(stderr, "%s: --from '%s': cannot read it (%s)\n", prog, path ? path : spec,
                strerror(err ? err : ENOMEM));
    else if (!f)
        fprintf(stderr, "%s: --from '%s' does not compile\n", prog, path);
    for (uint32_t k = 0; f && k < f->nscenarios; k++) {
        if (!wanted(f->scenarios[k].name, want))
            continue;
        found++;
        df_start *v = realloc(out->v, (out->n + 1) * sizeof *v);
        if (!v)
            break;
        out->v = v;
        df_start *st = &v[out->n++];
        memset(st, 0, sizeof *st);
        make_start(st, f, &f->scenarios[k], path, text, a, b);
    }
    if (f && !found)
        fprintf(stderr, "%s: --from '%s': no scenario%s%s%s\n", prog, spec, want[0] ? " named \"" : "",
                want, want[0] ? "\"" : "");
    else if (f)
        rc = 0;
    oc_free(c);
    if (arena)
        arena_free(arena);
    free(path);
    return rc;
}

void df_starts_free(df_starts *s)
{
    for (size_t k = 0; k < s->n; k++) {
        oc_free(s->v[k].c[0]);
        oc_free(s->v[k].c[1]);
        free(s->v[k].only[0]);
        free(s->v[k].only[1]);
        free(s->v[k].text);
    }
    free(s->v);
    memset(s, 0, sizeof *s);
}

/* The set-up's rolls: its `roll` lines' totals first, then the game's
 * generator. */
typedef struct forced {
    int32_t v[256];
    uint32_t n, next;
} forced;

static int32_t forced_total(void *ctx, const ordo_game *g, int dice, int sides)
{
    (void)g, (void)dice, (void)sides;
    forced *f = ctx;
    return f->next < f->n ? f->v[f->next++] : -1;
}

/* df_start_run, the item it stopped at into *stop (NULL: none). */
static int run_items(const df_start *st, int k, ordo_game *g, uint32_t forced_max,
                     uint32_t *rolled, const ordo_scenario_item **stop)
{
    const ordo_program *p = st->side[k].p;
    const ordo_scenario *sc = &p->scenarios[0];
    forced f;
    memset(&f, 0, sizeof f);
    ordo_set_chance(g, forced_total, &f);
    int rc = ORDO_OK;
    *stop = NULL;
    for (uint32_t j = 0; j < sc->count && rc >= 0; j++) {
        const ordo_scenario_item *it = *stop = &p->items[sc->first + j];
        if (it->kind == ORDO_SC_SETUP)
            rc = ordo_exec(g, it->a, NULL, 0);
        else if (it->kind == ORDO_SC_PLAY && it->a == p->main_proc)
            rc = ordo_run(g);
        else if (it->kind == ORDO_SC_PLAY && (rc = ordo_start(g, it->a, it->args, it->x)) >= 0)
            rc = ordo_run(g);
        else if (it->kind == ORDO_SC_CHOOSE) {
            int o = ordo_status(g) == ORDO_DECIDE ? ordo_find_option(g, it->text ? it->text : "")
                                                  : -1;
            rc = o < 0 ? ORDO_E_ARG : ordo_choose(g, o);
            if (rc >= 0)
                rc = ordo_run(g);
        } else if (it->kind == ORDO_SC_ROLL)
            for (int r = 0; r < it->x && f.n < 256 && f.n < forced_max; r++)
                f.v[f.n++] = it->args[r];
    }
    ordo_set_chance(g, NULL, NULL);
    if (rolled)
        *rolled = f.next;
    /* a set-up that never plays leaves the game to start */
    if (rc >= 0)
        *stop = NULL;
    return rc >= 0 && ordo_status(g) == ORDO_OK ? ordo_run(g) : rc < 0 ? rc : ordo_status(g);
}

int df_start_run(const df_start *st, int k, ordo_game *g, uint32_t forced_max,
                 uint32_t *rolled)
{
    const ordo_scenario_item *stop;
    return run_items(st, k, g, forced_max, rolled, &stop);
}

void df_start_check(df_start *st, int players, uint64_t seed)
{
    for (int k = 0; k < 2 && !st->trouble[0]; k++) {
        ordo_game *g = NULL;
        const ordo_scenario_item *stop = NULL;
        int rc = ordo_new(st->side[k].p, players, seed, &g);
        if (rc == ORDO_OK)
            rc = run_items(st, k, g, UINT32_MAX, NULL, &stop);
        char msg[300] = "";
        if (rc < 0 && stop && stop->kind == ORDO_SC_CHOOSE && ordo_status(g) >= 0)
            snprintf(msg, sizeof msg, "choose \"%.200s\": not offered", stop->text ? stop->text : "");
        else if (rc < 0 && (!g || ordo_error_message(g, msg, sizeof msg) < 0 || !msg[0]))
            snprintf(msg, sizeof msg, "%s", ordo_strerror(rc));
        if (rc < 0 && stop && stop->line > HEADER_LINES)
            snprintf(st->trouble, sizeof st->trouble, "in %c, at line %lu: %s", k ? 'B' : 'A',
                     (unsigned long)(st->first_line + stop->line - HEADER_LINES - 1), msg);
        else if (rc < 0)
            snprintf(st->trouble, sizeof st->trouble, "in %c, the game run on after it: %s",
                     k ? 'B' : 'A', msg);
        if (g)
            ordo_free(g);
    }
}

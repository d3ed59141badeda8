/* doc_model.c — builds the model of a ruleset's rule document (doc_model.h)
 * from its checked syntax tree and its program, and records which steps,
 * triggers, actions and overrides the scenarios reach.
 *
 * The tree gives what the program tables do not keep: who owns each step,
 * what each step, trigger, action and proc says (doc_prose.c), the
 * triggers with their timings and guards, the actions' costs and
 * payments, the substitutes and the overrides with the source of the
 * rules they replace (read back from the files). Steps are
 * listed by number ("2" before "2.5" before "2.10"), rule IDs likewise.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "doc_expr.h"
#include "doc_model.h"
#include "doc_prose.h"
#include "passes.h"

#define MAX_SOURCE_LINES 80 /* an override's source shown, at most */

typedef struct builder {
    doc_model *m;
    ast_file *f;
    const oc_resolution *res;
    const ordo_program *p;
    oc_arena *a;
    const char **anchors;  /* every anchor handed out, to keep them unique */
    uint32_t nanchors, capanchors;
    char *text[DIAG_MAX_FILES];     /* the source files, read on demand */
    size_t textlen[DIAG_MAX_FILES];
    uint8_t tried[DIAG_MAX_FILES];
    const ast_decl **step_owner;    /* [nsteps] the decl a step is written in */
    uint8_t *visiting;              /* [nfns] for the walks through calls */
} builder;

/* ---------------------------------------------------------------- helpers */

static void item(oc_arena *a, doc_items *l, const char *what, const char *name,
                 const char *anchor)
{
    l->v = doc_grow(a, l->v, l->n, &l->cap, sizeof *l->v);
    l->v[l->n++] = (doc_item){what ? what : "", name ? name : "", anchor, 0};
}

/* The same item already listed? (emitted_by lists each site once) */
static int has_item(const doc_items *l, const char *what, const char *name)
{
    for (uint32_t k = 0; k < l->n; k++)
        if (strcmp(l->v[k].what, what) == 0 && strcmp(l->v[k].name, name) == 0)
            return 1;
    return 0;
}

static char *fmt(oc_arena *a, const char *f, ...) OC_PRINTF(2, 3);
static char *fmt(oc_arena *a, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    int n = vsnprintf(NULL, 0, f, ap);
    va_end(ap);
    char *s = arena_alloc(a, (size_t)(n > 0 ? n : 0) + 1);
    va_start(ap, f);
    vsnprintf(s, (size_t)(n > 0 ? n : 0) + 1, f, ap);
    va_end(ap);
    return s;
}

/* A unique anchor "PREFIX-NAME", NAME reduced to [A-Za-z0-9_-]. */
static const char *anchor(builder *b, const char *prefix, const char *name)
{
    size_t n = strlen(name ? name : "");
    char *s = arena_alloc(b->a, strlen(prefix) + n + 16);
    size_t k = (size_t)sprintf(s, "%s-", prefix);
    int dash = 1;
    for (size_t i = 0; i < n && k < strlen(prefix) + 1 + 60; i++) {
        unsigned char c = (unsigned char)name[i];
        if (isalnum(c) || c == '_') {
            s[k++] = (char)c;
            dash = 0;
        } else if (!dash) {
            s[k++] = '-';
            dash = 1;
        }
    }
    while (k > strlen(prefix) + 1 && s[k - 1] == '-')
        k--;
    if (k == strlen(prefix) + 1)
        s[k++] = 'x';
    s[k] = 0;
    size_t base = k;
    for (int tries = 2;; tries++) {
        int used = 0;
        for (uint32_t i = 0; i < b->nanchors && !used; i++)
            used = strcmp(b->anchors[i], s) == 0;
        if (!used)
            break;
        sprintf(s + base, "-%d", tries);
    }
    b->anchors = doc_grow(b->a, b->anchors, b->nanchors, &b->capanchors, sizeof *b->anchors);
    b->anchors[b->nanchors++] = s;
    return s;
}

/* Compares "2.10" and "2.9", "TITAN-S10" and "TITAN-S9", numbers by value. */
static int natural_cmp(const char *x, const char *y)
{
    while (*x && *y) {
        if (isdigit((unsigned char)*x) && isdigit((unsigned char)*y)) {
            while (*x == '0' && isdigit((unsigned char)x[1]))
                x++;
            while (*y == '0' && isdigit((unsigned char)y[1]))
                y++;
            size_t nx = 0, ny = 0;
            while (isdigit((unsigned char)x[nx]))
                nx++;
            while (isdigit((unsigned char)y[ny]))
                ny++;
            if (nx != ny)
                return nx < ny ? -1 : 1;
            int c = strncmp(x, y, nx);
            if (c)
                return c;
            x += nx;
            y += ny;
        } else {
            if (*x != *y)
                return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
            x++;
            y++;
        }
    }
    return *x ? 1 : *y ? -1 : 0;
}

static const char *file_name(builder *b, ast_loc at)
{
    uint32_t k = ast_file_of(at);
    if (b->p->nfiles && k < b->p->nfiles)
        return b->p->files[k];
    return b->p->file ? b->p->file : b->f->path;
}

static doc_where where(builder *b, ast_loc at, int layer)
{
    return (doc_where){file_name(b, at), ast_line(at), layer};
}

static const char **cites(builder *b, const ast_cite *c, uint32_t *n)
{
    *n = 0;
    for (const ast_cite *x = c; x; x = x->next)
        (*n)++;
    const char **v = arena_alloc(b->a, (*n + 1) * sizeof *v);
    uint32_t k = 0;
    for (const ast_cite *x = c; x; x = x->next)
        v[k++] = x->id;
    return v;
}

/* Source lines first..last of the file `at` is in, as one string. */
static const char *source_lines(builder *b, ast_loc at, uint32_t last)
{
    uint32_t fno = ast_file_of(at);
    if (fno >= DIAG_MAX_FILES)
        return "";
    if (!b->tried[fno]) {
        b->tried[fno] = 1;
        /* through the compiler's one reader: no device or FIFO (a file
         * swapped since the compile), no more than a ruleset's limit */
        size_t n = 0;
        int err = 0;
        char *text = oc_read_text(b->a, file_name(b, at), OC_MAX_RULESET_BYTES, &n, &err);
        if (text) {
            b->text[fno] = text;
            b->textlen[fno] = n;
        }
    }
    const char *s = b->text[fno];
    if (!s)
        return "";
    uint32_t first = ast_line(at);
    if (last < first)
        last = first;
    int cut = 0;
    if (last - first >= MAX_SOURCE_LINES) {
        last = first + MAX_SOURCE_LINES - 1;
        cut = 1;
    }
    uint32_t line = 1;
    const char *p = s;
    while (line < first && *p) {
        if (*p++ == '\n')
            line++;
    }
    const char *start = p;
    while (*p && line <= last) {
        if (*p++ == '\n')
            line++;
    }
    size_t len = (size_t)(p - start);
    while (len && (start[len - 1] == '\n' || start[len - 1] == '\r'))
        len--;
    const char *t = arena_strndup(b->a, start, len);
    return cut ? fmt(b->a, "%s\n    ...", t) : t;
}

static const char *params(builder *b, const ast_decl *d)
{
    size_t cap = 16;
    for (uint32_t k = 0; k < d->nparams; k++)
        cap += strlen(d->params[k]->name) + 40;
    char *s = arena_alloc(b->a, cap), tb[64];
    strcpy(s, "(");
    for (uint32_t k = 0; k < d->nparams; k++) {
        if (k)
            strcat(s, ", ");
        strcat(s, d->params[k]->name);
        strcat(s, ": ");
        strcat(s, ast_type_name(&d->params[k]->type, tb, sizeof tb));
    }
    strcat(s, ")");
    return s;
}

static const char *order_text(builder *b, uint8_t order, const ast_expr *by)
{
    switch (order) {
    case ORDER_PRINTED: return "printed";
    case ORDER_COMBINED: return "combined";
    case ORDER_CHOSEN: return fmt(b->a, "chosen by %s", doc_expr_text(b->a, b->res, by));
    default: return NULL;
    }
}

/* ------------------------------------------------ the rules as worded */

/* Line `at` of its file, and the comment lines just above it (no blank
 * line between): [*first, *start) of the file's text; 0 when none. */
static int comment_above(builder *b, ast_loc at, const char **first, const char **start)
{
    (void)source_lines(b, at, ast_line(at)); /* reads the file, once */
    uint32_t fno = ast_file_of(at);
    if (fno >= DIAG_MAX_FILES || !b->text[fno])
        return 0;
    const char *s = b->text[fno], *end = s + b->textlen[fno], *p = s;
    for (uint32_t line = 1; line < ast_line(at) && p < end; p++)
        line += *p == '\n';
    const char *top = p;
    while (top > s) {
        const char *q = top - 1, *t;
        while (q > s && q[-1] != '\n')
            q--;
        for (t = q; t < top - 1 && (*t == ' ' || *t == '\t'); t++)
            ;
        if (*t != '#' || strncmp(t + 1, " ordo-", 6) == 0) /* not a directive */
            break;
        top = q;
    }
    *first = top;
    *start = p;
    return top < p;
}

/* The rule above `at` as the ruleset words it: its comment, the `#`s taken
 * off and its lines joined, when it opens with "ID:" ("SPL-K1: a colour
 * that runs out ..."); else NULL. state_all keeps it when the document
 * indexes the ID. */
static const char *stated(builder *b, ast_loc at)
{
    const char *q, *p;
    if (!comment_above(b, at, &q, &p))
        return NULL;
    char *out = arena_alloc(b->a, (size_t)(p - q) + 1);
    size_t n = 0;
    while (q < p) {
        const char *e = memchr(q, '\n', (size_t)(p - q));
        e = e ? e : p;
        const char *t = strchr(q, '#') + 1, *te = e;
        while (t < e && *t == ' ')
            t++;
        while (te > t && (te[-1] == '\r' || te[-1] == ' '))
            te--;
        if (te > t) {
            if (n)
                out[n++] = ' ';
            memcpy(out + n, t, (size_t)(te - t));
            n += (size_t)(te - t);
        }
        q = e + 1;
    }
    out[n] = 0;
    size_t k = strcspn(out, ": ");
    return k && out[k] == ':' ? out : NULL;
}

/* s, when the ID it opens with is one the document indexes; else NULL. */
static const char *indexed(const doc_model *m, const char *s)
{
    size_t k = s ? strcspn(s, ":") : 0;
    for (uint32_t i = 0; i < m->nrules && k; i++)
        if (strlen(m->rules[i].id) == k && strncmp(m->rules[i].id, s, k) == 0)
            return s;
    return NULL;
}

/* Each step, trigger, action and proc keeps the rule its comment words
 * when the document indexes that rule's ID. */
static void state_all(builder *b)
{
    doc_model *m = b->m;
    for (uint32_t i = 0; i < m->nsteps; i++)
        m->steps[i].stated = indexed(m, m->steps[i].stated);
    for (uint32_t k = 0; k < m->ntriggers; k++)
        m->triggers[k].stated = indexed(m, m->triggers[k].stated);
    for (uint32_t k = 0; k < m->nactions; k++)
        m->actions[k].stated = indexed(m, m->actions[k].stated);
    for (uint32_t k = 0; k < m->nprocs; k++)
        m->procs[k].stated = indexed(m, m->procs[k].stated);
}

/* ------------------------------------------------- the walk of the bodies */

typedef struct walker {
    builder *b;
    const ast_decl *decl;  /* the decl the statements are written in */
    int step;              /* the program step they are in, -1 */
    int owners_only;       /* the first pass: only who owns each step */
    doc_items *emits;      /* a trigger's: events emitted, actions taken */
    doc_action *action;    /* an action's: its payments */
} walker;

static int model_step(const builder *b, int prog_step)
{
    return prog_step >= 0 ? b->m->step_of_index[prog_step] : -1;
}

/* The item that names where a statement is: its step, else its decl. */
static void site(walker *w, const char **what, const char **name, const char **anc)
{
    doc_model *m = w->b->m;
    if (w->step >= 0) {
        doc_step *s = &m->steps[model_step(w->b, w->step)];
        *what = "step";
        *name = s->number;
        *anc = s->anchor;
        return;
    }
    const ast_decl *d = w->decl;
    *anc = NULL;
    *name = d && d->name ? d->name : "";
    if (!d)
        *what = "";
    else if (d->kind == D_SEQUENCE) {
        *what = "the sequence";
        *name = "";
    } else if (d->timing) {
        *what = "trigger";
        for (uint32_t k = 0; k < m->ntriggers; k++)
            if (strcmp(m->triggers[k].name, d->name) == 0)
                *anc = m->triggers[k].anchor;
    } else if (d->is_action || d->anytime) {
        *what = d->anytime ? "anytime action" : "action";
        for (uint32_t k = 0; k < m->nactions; k++)
            if (strcmp(m->actions[k].name, d->name) == 0)
                *anc = m->actions[k].anchor;
    } else if (d->kind == D_SCENARIO) {
        *what = "scenario";
        *name = d->title ? d->title : "";
    } else
        *what = d->is_override ? "override proc" : "proc";
}

static doc_action *action_of(doc_model *m, const ast_decl *d)
{
    for (uint32_t k = 0; k < m->nactions; k++)
        if (d && d->name && strcmp(m->actions[k].name, d->name) == 0)
            return &m->actions[k];
    return NULL;
}

/* The anchor of the first step (by number) written in decl, or NULL. */
static const char *first_step_of(builder *b, const ast_decl *d)
{
    if (!d)
        return NULL;
    for (uint32_t k = 0; k < b->m->nsteps; k++)
        if (b->step_owner[b->m->steps[k].index] == d)
            return b->m->steps[k].anchor;
    return NULL;
}

static void walk_block(walker *w, ast_block *blk);

static void walk_block_cb(ast_block *blk, void *arg)
{
    walk_block(arg, blk);
}

/* The steps whose options take an action: its "Taken at". */
static void note_offered(walker *w, ast_stmt *s)
{
    builder *b = w->b;
    if (w->step < 0 || s->kind != S_DO)
        return;
    const doc_step *st = &b->m->steps[model_step(b, w->step)];
    const ast_sym *called = oc_called(b->res, s);
    doc_action *act = action_of(b->m, called ? called->decl : NULL);
    if (act && !has_item(&act->offered_at, "step", st->number))
        item(b->a, &act->offered_at, "step", st->number, st->anchor);
}

/* Records the emit sites of events and the payments of an action. */

/* What a payment takes from, as written: `blue[p]`, `blue[p] or gold[p]`. */
static const char *from_text(oc_arena *a, const oc_resolution *res, const ast_expr *target,
                             const ast_payment *pm)
{
    const char *t = doc_expr_text(a, res, target);
    for (uint32_t i = 0; pm && i < pm->nalts; i++) {
        const char *alt = doc_expr_text(a, res, pm->alts[i]);
        char *u = arena_alloc(a, strlen(t) + strlen(alt) + 5);
        sprintf(u, "%s or %s", t, alt);
        t = u;
    }
    return t;
}

static void note_stmt(walker *w, ast_stmt *s)
{
    builder *b = w->b;
    doc_model *m = b->m;
    const ast_sym *called = oc_called(b->res, s);
    if (s->kind == S_EMIT && called && called->decl) {
        doc_event *e = &m->events[oc_decl_index(b->res, called->decl)];
        const char *what, *name, *anc;
        site(w, &what, &name, &anc);
        if (!has_item(&e->emitted_by, what, name))
            item(b->a, &e->emitted_by, what, name, anc);
    }
    if (s->kind == S_PAY && w->action) {
        doc_action *act = w->action;
        act->pays = doc_grow(b->a, act->pays, act->npays, &(uint32_t){act->npays}, sizeof *act->pays);
        doc_pay *pay = &act->pays[act->npays++];
        pay->upfront = 0;
        pay->amount = doc_expr_text(b->a, b->res, s->u.assign.value);
        pay->from = from_text(b->a, b->res, s->u.assign.target, s->pay);
        const ast_decl *sub = oc_pay_substitute(b->res, s);
        pay->substitute = sub ? sub->label.text : NULL;
        pay->at = where(b, s->loc, w->decl ? w->decl->layer : 0);
    }
}

static void walk_stmt(walker *w, ast_stmt *s)
{
    int saved = w->step;
    if (s->kind == S_STEP) {
        int32_t index = oc_step_index(w->b->res, s);
        if (index >= 0 && (uint32_t)index < w->b->res->nsteps) {
            w->b->step_owner[index] = w->decl;
            w->step = index;
        }
    } else if (!w->owners_only)
        note_offered(w, s);
    if (!w->owners_only)
        note_stmt(w, s);
    ast_each_block(s, walk_block_cb, w);
    w->step = saved;
}

static void walk_block(walker *w, ast_block *blk)
{
    for (ast_stmt *s = blk->first; s; s = s->next)
        walk_stmt(w, s);
}

/* The decl an emit, a do or a call names, else NULL. */
static const ast_decl *call_decl(const oc_resolution *res, const ast_stmt *s)
{
    if (s->kind != S_EMIT && s->kind != S_DO && s->kind != S_CALL)
        return NULL;
    const ast_sym *called = oc_called(res, s);
    return called ? called->decl : NULL;
}

/* A trigger's emits and actions taken, through the procs it calls. */
static void reach_block(builder *b, ast_block *blk, doc_items *out);

static void reach_cb(ast_block *blk, void *arg)
{
    void **ctx = arg;
    reach_block(ctx[0], blk, ctx[1]);
}

static void reach_proc(builder *b, const ast_decl *d, doc_items *out)
{
    int32_t k = d ? oc_decl_index(b->res, d) : -1;
    if (!d || d->kind != D_PROC || k < 0 || (uint32_t)k >= b->res->nfns || b->visiting[k])
        return;
    b->visiting[oc_decl_index(b->res, d)] = 1;
    reach_block(b, (ast_block *)&d->body, out);
    const oc_overrides *on = oc_decl_overrides(b->res, d);
    for (uint32_t k = 0; k < on->noverriders; k++)
        reach_proc(b, on->overriders[k], out);
}

static void reach_block(builder *b, ast_block *blk, doc_items *out)
{
    doc_model *m = b->m;
    for (ast_stmt *s = blk->first; s; s = s->next) {
        const ast_decl *d = call_decl(b->res, s);
        if (s->kind == S_EMIT && d && !has_item(out, "emits", d->name))
            item(b->a, out, "emits", d->name, m->events[oc_decl_index(b->res, d)].anchor);
        else if (s->kind == S_DO && d && !has_item(out, "takes the action", d->name)) {
            doc_action *act = action_of(m, d);
            item(b->a, out, "takes the action", d->name, act ? act->anchor : NULL);
        } else if (s->kind == S_CALL && d)
            reach_proc(b, d, out);
        void *ctx[2] = {b, out};
        ast_each_block(s, reach_cb, ctx);
    }
}

/* An action's `pay` statements: its body's and its procs', in order. */
static void pays_block(walker *w, ast_block *blk);

static void pays_cb(ast_block *blk, void *arg)
{
    pays_block(arg, blk);
}

static void pays_block(walker *w, ast_block *blk)
{
    builder *b = w->b;
    for (ast_stmt *s = blk->first; s; s = s->next) {
        note_stmt(w, s);
        const ast_decl *d = call_decl(b->res, s);
        int32_t k = d ? oc_decl_index(b->res, d) : -1;
        if (s->kind == S_CALL && d && d->kind == D_PROC && k >= 0 &&
            (uint32_t)k < b->res->nfns && !b->visiting[k]) {
            b->visiting[k] = 1;
            const ast_decl *saved = w->decl;
            w->decl = d;
            pays_block(w, (ast_block *)&d->body);
            w->decl = saved;
        }
        ast_each_block(s, pays_cb, w);
    }
}

/* ------------------------------------------------------------ the parts */

static int step_cmp(const void *x, const void *y)
{
    const doc_step *a = x, *b = y;
    int c = natural_cmp(a->number, b->number);
    return c ? c : a->index - b->index;
}

static int timing_rank(int t)
{
    return t == TIMING_BEFORE ? 0 : t == TIMING_IMMEDIATELY ? 1 : 2;
}

static void build_steps(builder *b)
{
    doc_model *m = b->m;
    const oc_resolution *res = b->res;
    m->nsteps = res->nsteps;
    m->steps = arena_alloc(b->a, (res->nsteps + 1) * sizeof *m->steps);
    m->step_of_index = arena_alloc(b->a, (res->nsteps + 1) * sizeof *m->step_of_index);
    for (uint32_t i = 0; i < res->nsteps; i++) {
        const ast_stmt *s = res->steps[i];
        doc_step *st = &m->steps[i];
        st->index = (int)i;
        st->number = s->u.step.number ? s->u.step.number : "?";
        st->title = s->u.step.title ? s->u.step.title : "";
        st->cites = cites(b, s->u.step.cites, &st->ncites);
        st->stated = stated(b, s->loc);
        st->rule = res->step_places[i].rule ? res->step_places[i].rule : "";
        st->ran = arena_alloc(b->a, m->nscenarios + 1u);
        const char *mods[3];
        int nm = 0;
        if (s->u.step.first_turn_only)
            mods[nm++] = "first turn only";
        if (s->u.step.optional_by)
            mods[nm++] = fmt(b->a, "optional by %s",
                             doc_expr_text(b->a, b->res, s->u.step.optional_by));
        if (s->u.step.when)
            mods[nm++] = fmt(b->a, "when %s", doc_expr_text(b->a, b->res, s->u.step.when));
        if (nm)
            st->modifiers = nm == 1 ? mods[0]
                            : nm == 2 ? fmt(b->a, "%s; %s", mods[0], mods[1])
                                      : fmt(b->a, "%s; %s; %s", mods[0], mods[1], mods[2]);
    }
    if (m->nsteps > 1)
        qsort(m->steps, m->nsteps, sizeof *m->steps, step_cmp);
    for (uint32_t k = 0; k < m->nsteps; k++) {
        doc_step *st = &m->steps[k];
        m->step_of_index[st->index] = (int)k;
        st->anchor = anchor(b, "step", st->number);
        st->parent = -1;
        /* the nearest earlier step whose number is a prefix ("2.5" of "2.5.3") */
        for (int j = (int)k - 1; j >= 0; j--) {
            size_t n = strlen(m->steps[j].number);
            if (strncmp(st->number, m->steps[j].number, n) == 0 && st->number[n] == '.') {
                st->parent = j;
                st->depth = m->steps[j].depth + 1;
                break;
            }
        }
    }
}

static void build_events(builder *b)
{
    doc_model *m = b->m;
    const oc_resolution *res = b->res;
    m->nevents = res->nevents;
    m->events = arena_alloc(b->a, (res->nevents + 1) * sizeof *m->events);
    for (uint32_t i = 0; i < res->nevents; i++) {
        const ast_decl *d = res->events[i];
        doc_event *e = &m->events[i];
        e->name = d->name;
        e->anchor = anchor(b, "event", d->name);
        e->params = params(b, d);
        e->order = order_text(b, d->order, d->order_by);
        const ast_decl *action = res->event_actions[i];
        if (!e->order && action)
            e->order = order_text(b, action->order, action->order_by);
        e->action = -1;
        e->at = where(b, d->loc, d->layer);
    }
}

static void build_triggers_actions(builder *b)
{
    doc_model *m = b->m;
    ast_file *f = b->f;
    uint32_t nt = 0, na = 0, ns = 0;
    for (ast_decl *d = f->decls; d; d = d->next) {
        if (d->kind == D_PROC && d->timing)
            nt++;
        if (d->kind == D_PROC && (d->is_action || d->anytime) && !d->is_override)
            na++;
        if (d->kind == D_SUBSTITUTE)
            ns++;
    }
    m->triggers = arena_alloc(b->a, (nt + 1) * sizeof *m->triggers);
    m->actions = arena_alloc(b->a, (na + 1) * sizeof *m->actions);
    m->subs = arena_alloc(b->a, (ns + 1) * sizeof *m->subs);
    for (ast_decl *d = f->decls; d; d = d->next) {
        if (d->kind == D_PROC && d->timing) {
            doc_trigger *t = &m->triggers[m->ntriggers++];
            t->name = d->name;
            t->label = d->label.text ? d->label.text : "";
            t->anchor = anchor(b, "trigger", d->name);
            t->timing = d->timing == TIMING_BEFORE ? "before"
                        : d->timing == TIMING_AFTER ? "after" : "immediately";
            t->timing_rank = timing_rank(d->timing);
            t->guard = d->guard ? doc_expr_text(b->a, b->res, d->guard) : NULL;
            t->limit = d->limit == LIMIT_TURN ? "once per turn"
                       : d->limit == LIMIT_ACTION ? "once per action" : NULL;
            t->cites = cites(b, d->cites, &t->ncites);
            const ast_decl *ev = b->res->trigger_events[oc_decl_index(b->res, d)];
            t->event = ev ? oc_decl_index(b->res, ev) : -1;
            t->at = where(b, d->loc, d->layer);
            t->stated = stated(b, d->loc);
            t->fired = arena_alloc(b->a, m->nscenarios + 1u);
        } else if (d->kind == D_PROC && (d->is_action || d->anytime) && !d->is_override) {
            doc_action *act = &m->actions[m->nactions++];
            act->name = d->name;
            act->label = d->label.text ? d->label.text : "";
            act->anchor = anchor(b, "action", d->name);
            act->params = params(b, d);
            act->anytime = d->anytime;
            act->guard = d->guard ? doc_expr_text(b->a, b->res, d->guard) : NULL;
            act->order = order_text(b, d->order, d->order_by);
            const ast_decl *ev = b->res->action_events[oc_decl_index(b->res, d)];
            act->event = ev ? oc_decl_index(b->res, ev) : -1;
            if (act->event >= 0)
                m->events[act->event].action = (int)(act - m->actions);
            act->cites = cites(b, d->cites, &act->ncites);
            act->at = where(b, d->loc, d->layer);
            act->stated = stated(b, d->loc);
            act->taken = arena_alloc(b->a, m->nscenarios + 1u);
            uint32_t ncost = 0;
            for (ast_cost *c = d->costs; c; c = c->next)
                ncost++;
            act->pays = arena_alloc(b->a, (ncost + 1) * sizeof *act->pays);
            act->costs_any_order = d->costs_any_order;
            for (ast_cost *c = d->costs; c; c = c->next) {
                doc_pay *pay = &act->pays[act->npays++];
                pay->upfront = 1;
                pay->amount = doc_expr_text(b->a, b->res, c->amount);
                pay->from = from_text(b->a, b->res, c->target, c->pay);
                const ast_decl *sub = oc_cost_substitute(b->res, c);
                pay->substitute = sub ? sub->label.text : NULL;
                pay->at = where(b, c->loc, d->layer);
            }
        } else if (d->kind == D_SUBSTITUTE) {
            doc_substitute *s = &m->subs[m->nsubs++];
            s->sub = doc_expr_text(b->a, b->res, d->sub_var);
            s->for_ = doc_expr_text(b->a, b->res, d->sub_for);
            s->label = d->label.text ? d->label.text : "";
            s->anchor = anchor(b, "substitute", s->sub);
            s->cites = cites(b, d->cites, &s->ncites);
            s->at = where(b, d->loc, d->layer);
        }
    }
    /* each event's triggers, in the order they run: before, immediately, after */
    for (uint32_t i = 0; i < m->nevents; i++) {
        doc_event *e = &m->events[i];
        e->triggers = arena_alloc(b->a, (m->ntriggers + 1) * sizeof *e->triggers);
        for (int rank = 0; rank < 3; rank++)
            for (uint32_t k = 0; k < m->ntriggers; k++)
                if (m->triggers[k].event == (int)i && m->triggers[k].timing_rank == rank)
                    e->triggers[e->ntriggers++] = (int)k;
    }
}

/* The source of a decl: from its first line to the end of its body. */
static const char *decl_source(builder *b, const ast_decl *d)
{
    uint32_t last = ast_line(d->loc);
    if (d->kind == D_PROC)
        last = ast_line(d->body.end);
    else if (d->kind == D_FN)
        last = doc_expr_last_line(d->body_expr);
    else if (d->kind == D_CONST) {
        const ast_expr *declared = oc_decl_facts_of(b->res, d)->base_value;
        const ast_expr *v = declared && !d->is_override ? declared : d->value;
        last = v && ast_file_of(v->loc) == ast_file_of(d->loc) ? doc_expr_last_line(v) : 0;
    }
    if (last < ast_line(d->loc))
        last = ast_line(d->loc);
    return source_lines(b, d->loc, last);
}

static void build_overrides(builder *b)
{
    doc_model *m = b->m;
    uint32_t n = 0;
    for (ast_decl *d = b->f->decls; d; d = d->next)
        if (d->is_override)
            n++;
    m->overrides = arena_alloc(b->a, (n + 1) * sizeof *m->overrides);
    for (ast_decl *d = b->f->decls; d; d = d->next) {
        if (!d->is_override)
            continue;
        doc_override *o = &m->overrides[m->noverrides++];
        o->kind = d->kind == D_CONST ? "const" : d->kind == D_FN ? "fn" : "proc";
        o->name = d->name ? d->name : "?";
        o->anchor = anchor(b, "override", fmt(b->a, "%s-%s", o->name, d->layer ? fmt(b->a, "layer%d", d->layer) : "base"));
        o->guard = d->guard ? doc_expr_text(b->a, b->res, d->guard) : NULL;
        o->text = decl_source(b, d);
        o->at = where(b, d->loc, d->layer);
        o->cites = cites(b, d->cites, &o->ncites);
        o->used = arena_alloc(b->a, m->nscenarios + 1u);
        const ast_decl *base = d->kind == D_CONST ? oc_decl_facts_of(b->res, d)->overridden
                                                  : oc_decl_overrides(b->res, d)->base;
        if (base) {
            o->base_text = decl_source(b, base);
            o->base_at = where(b, base->loc, base->layer);
        } else {
            o->base_text = "";
            o->base_at = o->at;
            o->base_at.line = 0;
        }
        o->rank = o->ranks = 1;
        const oc_overrides *on =
            base && d->kind != D_CONST ? oc_decl_overrides(b->res, base) : NULL;
        if (on && on->noverriders) {
            o->ranks = (int)on->noverriders;
            for (uint32_t k = 0; k < on->noverriders; k++)
                if (on->overriders[k] == d)
                    o->rank = (int)(on->noverriders - k);
        }
    }
}

static void build_scenarios(builder *b)
{
    doc_model *m = b->m;
    ast_file *f = b->f;
    const oc_resolution *res = b->res;
    m->scenarios = arena_alloc(b->a, (b->p->nscenarios + 1u) * sizeof *m->scenarios);
    uint32_t k = 0;
    for (uint32_t i = 0; i < res->nscenarios && k < b->p->nscenarios; i++) {
        const ast_decl *d = res->scenarios[i];
        if (d->layer + 1 != f->nlayers && f->nlayers > 1)
            continue; /* a base's scenarios test the base: not run here */
        doc_scenario *s = &m->scenarios[k++];
        s->name = d->title ? d->title : "";
        s->anchor = anchor(b, "scenario", s->name);
        s->cites = cites(b, d->cites, &s->ncites);
        s->at = where(b, d->loc, d->layer);
        s->verdict = -1;
    }
    m->nscenarios = k;
}

/* Every decl's statements: the steps' owners and contents, emit sites,
 * the actions' payments and each trigger's consequences. */
static void walk_all(builder *b)
{
    doc_model *m = b->m;
    for (int pass = 0; pass < 2; pass++)
    for (ast_decl *d = b->f->decls; d; d = d->next) {
        if (d->kind != D_PROC && d->kind != D_SEQUENCE && d->kind != D_SCENARIO)
            continue;
        walker w = {b, d, -1, pass == 0, NULL, NULL};
        if (d->kind == D_SCENARIO) {
            for (ast_item *it = d->items; it; it = it->next)
                if (it->kind == IT_SC_SETUP)
                    walk_block(&w, &it->body);
            continue;
        }
        walk_block(&w, &d->body);
    }
    for (uint32_t i = 0; i < m->nsteps; i++) {
        doc_step *st = &m->steps[i];
        const ast_decl *d = b->step_owner[st->index];
        const ast_stmt *s = b->res->steps[st->index];
        st->at = where(b, s->loc, d ? d->layer : 0);
        st->owner = "";
        if (!d)
            continue;
        walker w = {b, d, -1, 0, NULL, NULL};
        const char *what, *name, *anc;
        site(&w, &what, &name, &anc);
        st->owner = *name ? fmt(b->a, "%s %s", what, name) : what;
        st->owner_anchor = anc;
    }
    for (ast_decl *d = b->f->decls; d; d = d->next) {
        if (d->kind != D_PROC)
            continue;
        if (d->timing) {
            for (uint32_t k = 0; k < m->ntriggers; k++)
                if (strcmp(m->triggers[k].name, d->name) == 0) {
                    memset(b->visiting, 0, b->res->nfns + 1u);
                    b->visiting[oc_decl_index(b->res, d)] = 1;
                    reach_block(b, &d->body, &m->triggers[k].emits);
                }
        } else if (d->is_action && !d->is_override) {
            doc_action *act = action_of(m, d);
            if (!act)
                continue;
            memset(b->visiting, 0, b->res->nfns + 1u);
            b->visiting[oc_decl_index(b->res, d)] = 1;
            walker w = {b, d, -1, 0, NULL, act};
            pays_block(&w, &d->body);
        }
    }
}

/* ------------------------------------------------------------ the sentences */

static const doc_proc *proc_of(const doc_model *m, const char *name)
{
    for (uint32_t k = 0; k < m->nprocs; k++)
        if (name && strcmp(m->procs[k].name, name) == 0)
            return &m->procs[k];
    return NULL;
}

/* What a sentence links: a step (named by number and title), the event
 * emitted, the action taken, the proc carried out. */
static const char *prose_anchor(void *ctx, const ast_stmt *s, const char **name)
{
    builder *b = ctx;
    doc_model *m = b->m;
    if (s->kind == S_STEP) {
        int32_t index = oc_step_index(b->res, s);
        if (index < 0 || (uint32_t)index >= b->res->nsteps)
            return NULL;
        const doc_step *st = &m->steps[m->step_of_index[index]];
        *name = *st->title ? fmt(b->a, "%s %s", st->number, st->title) : st->number;
        return st->anchor;
    }
    const ast_sym *called = oc_called(b->res, s);
    const ast_decl *d = called ? called->decl : NULL;
    if (!d)
        return NULL;
    if (s->kind == S_EMIT)
        return m->events[oc_decl_index(b->res, d)].anchor;
    if (s->kind == S_DO) {
        const doc_action *act = action_of(m, d);
        return act ? act->anchor : NULL;
    }
    const doc_proc *pr = proc_of(m, d->name);
    return pr ? pr->anchor : first_step_of(b, d);
}

/* Is d a plain proc: not a trigger, an action, an override or a display
 * (what a player is shown is not a rule)? */
static int plain_proc(const ast_decl *d)
{
    return d->kind == D_PROC && !d->timing && !d->is_action && !d->anytime && !d->is_override &&
           !d->display;
}

static void build_procs(builder *b)
{
    doc_model *m = b->m;
    uint32_t n = 0;
    for (ast_decl *d = b->f->decls; d; d = d->next)
        n += plain_proc(d);
    m->procs = arena_alloc(b->a, (n + 1) * sizeof *m->procs);
    for (ast_decl *d = b->f->decls; d; d = d->next)
        if (plain_proc(d) && d->name) {
            doc_proc *pr = &m->procs[m->nprocs++];
            pr->name = d->name;
            pr->anchor = anchor(b, "proc", d->name);
            pr->params = params(b, d);
            pr->at = where(b, d->loc, d->layer);
            pr->stated = stated(b, d->loc);
        }
}

/* Every step, trigger, action and proc told in sentences. */
static void tell_all(builder *b)
{
    doc_model *m = b->m;
    doc_prose_links links = {b, prose_anchor};
    for (uint32_t i = 0; i < m->nsteps; i++)
        doc_prose_block(b->a, b->res, &links, &b->res->steps[m->steps[i].index]->u.step.body, 0,
                        &m->steps[i].says);
    for (ast_decl *d = b->f->decls; d; d = d->next) {
        if (d->kind == D_SEQUENCE)
            doc_prose_block(b->a, b->res, &links, &d->body, 0, &m->game);
        if (d->kind != D_PROC || !d->name)
            continue;
        doc_prose *says = NULL;
        if (d->timing) {
            for (uint32_t k = 0; k < m->ntriggers && !says; k++)
                if (strcmp(m->triggers[k].name, d->name) == 0)
                    says = &m->triggers[k].says;
        } else if (d->is_action || d->anytime) {
            doc_action *act = d->is_override ? NULL : action_of(m, d);
            says = act ? &act->says : NULL;
        } else if (!d->is_override) {
            doc_proc *pr = (doc_proc *)proc_of(m, d->name);
            says = pr ? &pr->says : NULL;
        }
        if (says)
            doc_prose_block(b->a, b->res, &links, &d->body, 0, says);
    }
}

/* ------------------------------------------------------------ rule IDs */

static doc_rule *rule(builder *b, const char *id)
{
    doc_model *m = b->m;
    for (uint32_t k = 0; k < m->nrules; k++)
        if (strcmp(m->rules[k].id, id) == 0)
            return &m->rules[k];
    uint32_t cap = m->nrules;
    /* the array grows by doubling: its capacity is the next power of two */
    uint32_t c = 4;
    while (c < cap)
        c *= 2;
    if (m->nrules == c || m->nrules == 0)
        m->rules = doc_grow(b->a, m->rules, m->nrules, &(uint32_t){m->nrules == 0 ? 0 : c},
                        sizeof *m->rules);
    doc_rule *r = &m->rules[m->nrules++];
    memset(r, 0, sizeof *r);
    r->id = id;
    return r;
}

static void push_int(builder *b, int **v, uint32_t *n, int x)
{
    for (uint32_t k = 0; k < *n; k++)
        if ((*v)[k] == x)
            return;
    uint32_t cap = *n;
    uint32_t c = 4;
    while (c < cap)
        c *= 2;
    if (*n == 0 || *n == c)
        *v = doc_grow(b->a, *v, *n, &(uint32_t){*n == 0 ? 0 : c}, sizeof **v);
    (*v)[(*n)++] = x;
}

static int rule_cmp(const void *x, const void *y)
{
    const doc_rule *a = x, *b = y;
    return natural_cmp(a->id, b->id);
}

static void build_rules(builder *b)
{
    doc_model *m = b->m;
    for (uint32_t i = 0; i < m->nsteps; i++)
        for (uint32_t k = 0; k < m->steps[i].ncites; k++) {
            doc_rule *r = rule(b, m->steps[i].cites[k]);
            push_int(b, &r->steps, &r->nsteps, (int)i);
        }
    for (uint32_t i = 0; i < m->ntriggers; i++)
        for (uint32_t k = 0; k < m->triggers[i].ncites; k++)
            item(b->a, &rule(b, m->triggers[i].cites[k])->also, "trigger", m->triggers[i].name,
                 m->triggers[i].anchor);
    for (uint32_t i = 0; i < m->nactions; i++)
        for (uint32_t k = 0; k < m->actions[i].ncites; k++)
            item(b->a, &rule(b, m->actions[i].cites[k])->also, "action", m->actions[i].name,
                 m->actions[i].anchor);
    for (uint32_t i = 0; i < m->nsubs; i++)
        for (uint32_t k = 0; k < m->subs[i].ncites; k++)
            item(b->a, &rule(b, m->subs[i].cites[k])->also, "substitute", m->subs[i].sub,
                 m->subs[i].anchor);
    for (uint32_t i = 0; i < m->noverrides; i++)
        for (uint32_t k = 0; k < m->overrides[i].ncites; k++)
            item(b->a, &rule(b, m->overrides[i].cites[k])->also, "override",
                 m->overrides[i].name, m->overrides[i].anchor);
    for (uint32_t i = 0; i < m->nscenarios; i++)
        for (uint32_t k = 0; k < m->scenarios[i].ncites; k++) {
            doc_rule *r = rule(b, m->scenarios[i].cites[k]);
            push_int(b, &r->scenarios, &r->nscenarios, (int)i);
        }
    /* a base's scenarios do not run here, but what they cite is indexed */
    for (uint32_t i = 0; i < b->res->nscenarios; i++)
        for (const ast_cite *c = b->res->scenarios[i]->cites; c; c = c->next)
            rule(b, c->id);
    if (m->nrules > 1) /* qsort may not take NULL, even for nothing */
        qsort(m->rules, m->nrules, sizeof *m->rules, rule_cmp);
    for (uint32_t k = 0; k < m->nrules; k++) {
        m->rules[k].anchor = anchor(b, "rule", m->rules[k].id);
        m->rules[k].reached = arena_alloc(b->a, (m->nscenarios + 1) * sizeof(int));
    }
}

static void build_layers(builder *b)
{
    doc_model *m = b->m;
    ast_file *f = b->f;
    m->nlayers = f->nlayers ? f->nlayers : 1;
    m->layers = arena_alloc(b->a, (m->nlayers + 1) * sizeof *m->layers);
    for (ast_decl *d = f->decls; d; d = d->next)
        if (d->layer < m->nlayers && !m->layers[d->layer])
            m->layers[d->layer] = file_name(b, d->loc);
    m->layers[m->nlayers - 1] = m->file;
    for (uint32_t k = 0; k < m->nlayers; k++)
        if (!m->layers[k])
            m->layers[k] = "?";
}

doc_model *doc_model_build(const ast_file *cf, const oc_resolution *res,
                           const ordo_program *p)
{
    ast_file *f = (ast_file *)cf; /* the walks take blocks as the tree gives them */
    if (!f || !res || !p)
        return NULL;
    oc_arena *a = arena_new();
    if (!a)
        return NULL;
    doc_model *m = ARENA_NEW(a, doc_model);
    m->arena = a;
    m->program = p;
    builder b;
    memset(&b, 0, sizeof b);
    b.m = m;
    b.f = f;
    b.res = res;
    b.p = p;
    b.a = a;
    b.step_owner = arena_alloc(a, (res->nsteps + 1) * sizeof *b.step_owner);
    b.visiting = arena_alloc(a, res->nfns + 1u);
    m->title = p->title ? p->title : "";
    m->source = p->source && *p->source ? p->source : NULL;
    m->file = p->file ? p->file : f->path;
    const char *base = strrchr(m->file, '/');
    base = base ? base + 1 : m->file;
    size_t n = strlen(base);
    if (n > 5 && strcmp(base + n - 5, ".ordo") == 0)
        n -= 5;
    m->name = arena_strndup(a, base, n);
    m->min_players = p->min_players;
    m->max_players = p->max_players;
    build_layers(&b);
    build_scenarios(&b);
    build_steps(&b);
    build_events(&b);
    build_triggers_actions(&b);
    build_overrides(&b);
    build_procs(&b);
    walk_all(&b);
    tell_all(&b);
    build_rules(&b);
    state_all(&b);
    return m;
}

/* line copied at the end of the list *v (*n of *cap): 0, or -1. */
static int add_line(doc_model *m, const char ***v, uint32_t *n, uint32_t *cap, const char *line)
{
    *v = doc_grow(m->arena, *v, *n, cap, sizeof **v);
    return ((*v)[(*n)++] = arena_strdup(m->arena, line)) ? 0 : -1;
}

int doc_model_add_change(doc_model *m, const char *from, const char *line)
{
    if (!m->changes_from && !(m->changes_from = arena_strdup(m->arena, from)))
        return -1;
    return line ? add_line(m, &m->changes, &m->nchanges, &m->capchanges, line) : 0;
}

int doc_model_add_parting(doc_model *m, const char *summary, const char *line)
{
    if (!m->partings_summary && !(m->partings_summary = arena_strdup(m->arena, summary)))
        return -1;
    return line ? add_line(m, &m->partings, &m->npartings, &m->cappartings, line) : 0;
}

void doc_model_free(doc_model *m)
{
    if (m)
        arena_free(m->arena);
}

/* ------------------------------------------------------------ coverage */

void doc_model_note(doc_model *m, unsigned sc, const ordo_event *ev)
{
    const ordo_program *p = m->program;
    if (sc >= m->nscenarios)
        return;
    m->ran = 1;
    switch (ev->kind) {
    case ORDO_EV_STEP:
        if (ev->id < p->nsteps)
            m->steps[m->step_of_index[ev->id]].ran[sc] = 1;
        break;
    case ORDO_EV_TRIGGER:
        if (ev->id < p->nprocs && p->procs[ev->id].name)
            for (uint32_t k = 0; k < m->ntriggers; k++)
                if (strcmp(m->triggers[k].name, p->procs[ev->id].name) == 0)
                    m->triggers[k].fired[sc] = 1;
        break;
    case ORDO_EV_ACTION:
        if (ev->id < p->nevents && p->events[ev->id].name)
            for (uint32_t k = 0; k < m->nactions; k++)
                if (strcmp(m->actions[k].name, p->events[ev->id].name) == 0)
                    m->actions[k].taken[sc] = 1;
        break;
    case ORDO_EV_OVERRIDE:
        if (ev->id < p->nprocs && p->procs[ev->id].name)
            for (uint32_t k = 0; k < m->noverrides; k++)
                if (strcmp(m->overrides[k].name, p->procs[ev->id].name) == 0 &&
                    m->overrides[k].at.line == p->procs[ev->id].line)
                    m->overrides[k].used[sc] = 1;
        break;
    default: break;
    }
}

void doc_model_verdict(doc_model *m, unsigned sc, int passed)
{
    if (sc < m->nscenarios)
        m->scenarios[sc].verdict = passed ? 1 : 0;
    m->ran = 1;
}

/* Does the space-separated list `ids` hold `id`? */
static int lists(const char *ids, const char *id)
{
    size_t n = strlen(id);
    for (const char *s = ids; s && *s;) {
        while (*s == ' ')
            s++;
        size_t k = strcspn(s, " ");
        if (k == n && strncmp(s, id, n) == 0)
            return 1;
        s += k;
    }
    return 0;
}

static int cited(const char **v, uint32_t n, const char *id)
{
    for (uint32_t k = 0; k < n; k++)
        if (strcmp(v[k], id) == 0)
            return 1;
    return 0;
}

void doc_model_finish(doc_model *m)
{
    for (uint32_t s = 0; s < m->nscenarios; s++) {
        uint32_t n = 0;
        for (uint32_t i = 0; i < m->nsteps; i++)
            n += m->steps[i].ran[s];
        m->scenarios[s].steps_ran = n;
    }
    for (uint32_t r = 0; r < m->nrules; r++) {
        doc_rule *ru = &m->rules[r];
        ru->nreached = 0;
        for (uint32_t s = 0; s < m->nscenarios; s++) {
            int hit = 0;
            for (uint32_t i = 0; i < m->nsteps && !hit; i++)
                hit = m->steps[i].ran[s] && lists(m->steps[i].rule, ru->id);
            for (uint32_t i = 0; i < m->ntriggers && !hit; i++)
                hit = m->triggers[i].fired[s] &&
                      cited(m->triggers[i].cites, m->triggers[i].ncites, ru->id);
            for (uint32_t i = 0; i < m->nactions && !hit; i++)
                hit = m->actions[i].taken[s] &&
                      cited(m->actions[i].cites, m->actions[i].ncites, ru->id);
            for (uint32_t i = 0; i < m->noverrides && !hit; i++)
                hit = m->overrides[i].used[s] &&
                      cited(m->overrides[i].cites, m->overrides[i].ncites, ru->id);
            if (hit)
                ru->reached[ru->nreached++] = (int)s;
        }
    }
}

const doc_rule *doc_find_rule(const doc_model *m, const char *id)
{
    for (uint32_t k = 0; k < m->nrules; k++)
        if (strcmp(m->rules[k].id, id) == 0)
            return &m->rules[k];
    return NULL;
}

int doc_rule_encoded(const doc_rule *r)
{
    return r->nsteps || r->also.n;
}

void doc_beyond_steps(const doc_model *m, uint32_t *encoded, uint32_t *unreached)
{
    *encoded = *unreached = 0;
    for (uint32_t i = 0; i < m->nrules; i++)
        if (doc_rule_encoded(&m->rules[i]) && !m->rules[i].nsteps) {
            (*encoded)++;
            *unreached += m->rules[i].nreached == 0;
        }
}

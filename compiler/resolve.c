/* resolve.c — name resolution and type checking (the [R] fields of
 * dsl/ast.h).
 *
 * One pass over the declarations enters every global name in a hash table
 * (names are unique across all kinds); a second pass types declarations,
 * then bodies. Locals live in a scoped hash table (a stack of symbols whose
 * buckets are restored when a scope closes), so lookups stay O(1) however
 * long a procedure is. Slots are reused by sibling scopes; a unit's local
 * count is the highest slot used. Every error is reported once and typed
 * TY_ERROR so it does not cascade.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "passes.h"
#include "resolve.h"

#define LHASH 1024u
#define MAX_PARAMS 8
#define MAX_PLAYERS 127

typedef struct rs {
    oc_arena *a;
    diag *d;
    ast_file *f;
    ast_sym **gtab;            /* open addressing, power-of-two size */
    uint32_t gcap, gcount;
    ast_sym *lhash[LHASH];     /* locals in scope, chained by hnext */
    ast_sym **lstack;
    uint32_t ln, lcap;
    uint32_t slot, maxslot;    /* the current unit's next free slot / high water */
    const char *no_roll;       /* why `roll` is not allowed here, or NULL */
    int in_proc;               /* `return` allowed */
    int in_code;               /* locals and aggregates allowed */
    int in_setup;              /* a scenario's setup: built-ins may be set */
    ast_stmt **loops;          /* enclosing loops of the current unit */
    uint32_t nloops, caploops;
    int cur_step;              /* index of the enclosing step, -1 */
    const char *cur_rule;
    uint32_t capsteps, capoptions, capescapes;
    ast_stmt **stepmap;        /* step numbers -> first step (scenarios) */
    uint32_t stepmap_cap;
    char tbuf[4][96];
    int tnext;
    int in_display;            /* a display's body: let, if, for and show only */
} rs;

/* ------------------------------------------------------------- utilities */

uint32_t oc_name_hash(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

static ast_type ty(int kind)
{
    ast_type t;
    memset(&t, 0, sizeof t);
    t.kind = (uint8_t)kind;
    return t;
}

static ast_type ty_enum(ast_decl *e)
{
    ast_type t = ty(TY_ENUM);
    t.enm = e;
    return t;
}

/* A type name for a message; four buffers rotate so one message can name
 * several types. */
static const char *tn(rs *r, const ast_type *t)
{
    char *b = r->tbuf[r->tnext++ & 3];
    return ast_type_name(t, b, sizeof r->tbuf[0]);
}

const char *oc_value_text(const ast_type *t, int32_t v, char *buf, size_t n)
{
    if (t->kind == TY_BOOL)
        snprintf(buf, n, "%s", v ? "true" : "false");
    else if (t->kind == TY_PLAYER && v < 0)
        snprintf(buf, n, "none");
    else if (t->kind == TY_PLAYER)
        snprintf(buf, n, "player %d", (int)v + 1);
    else if (t->kind == TY_ENUM && t->enm && v >= 0 && (uint32_t)v < t->enm->nmembers)
        snprintf(buf, n, "%s", t->enm->members[v]->name);
    else
        snprintf(buf, n, "%d", (int)v);
    return buf;
}

static void *grow(rs *r, void *old, uint32_t n, uint32_t *cap, size_t elt)
{
    if (n < *cap)
        return old;
    uint32_t nc = *cap ? *cap * 2 : 16;
    void *p = arena_alloc(r->a, nc * elt);
    if (old && n)
        memcpy(p, old, n * elt);
    *cap = nc;
    return p;
}

/* ---------------------------------------------------------- global names */

static ast_sym *gfind(rs *r, const char *name)
{
    uint32_t m = r->gcap - 1, i = oc_name_hash(name) & m;
    while (r->gtab[i]) {
        if (strcmp(r->gtab[i]->name, name) == 0)
            return r->gtab[i];
        i = (i + 1) & m;
    }
    return NULL;
}

static void grehash(rs *r)
{
    uint32_t oldcap = r->gcap;
    ast_sym **old = r->gtab;
    r->gcap = oldcap ? oldcap * 2 : 256;
    r->gtab = ARENA_ARRAY(r->a, ast_sym *, r->gcap);
    for (uint32_t i = 0; i < oldcap; i++)
        if (old[i]) {
            uint32_t m = r->gcap - 1, j = oc_name_hash(old[i]->name) & m;
            while (r->gtab[j])
                j = (j + 1) & m;
            r->gtab[j] = old[i];
        }
}

static void redefinition(rs *r, ast_sym *s, const ast_sym *prev)
{
    if (prev->loc.line == 0) {
        diag_error(r->d, s->loc, "'%s' is a built-in name", s->name);
        return;
    }
    diag_error(r->d, s->loc, "redefinition of '%s'", s->name);
    diag_note(r->d, prev->loc, "previous definition of '%s' here", prev->name);
}

/* Enters a global; a name taken already is reported (with a note). */
static int gdeclare(rs *r, ast_sym *s)
{
    if ((r->gcount + 1) * 2 > r->gcap)
        grehash(r);
    ast_sym *prev = gfind(r, s->name);
    if (prev) {
        redefinition(r, s, prev);
        return 0;
    }
    uint32_t m = r->gcap - 1, i = oc_name_hash(s->name) & m;
    while (r->gtab[i])
        i = (i + 1) & m;
    r->gtab[i] = s;
    r->gcount++;
    return 1;
}

static ast_sym *new_sym(rs *r, const char *name, int kind, ast_loc loc)
{
    ast_sym *s = ARENA_NEW(r->a, ast_sym);
    s->name = name;
    s->kind = (uint8_t)kind;
    s->loc = loc;
    return s;
}

/* ----------------------------------------------------------- local names */

static ast_sym *lfind(rs *r, const char *name)
{
    for (ast_sym *s = r->lhash[oc_name_hash(name) & (LHASH - 1)]; s; s = s->hnext)
        if (strcmp(s->name, name) == 0)
            return s;
    return NULL;
}

static ast_sym *lookup(rs *r, const char *name)
{
    ast_sym *s = r->ln ? lfind(r, name) : NULL;
    return s ? s : gfind(r, name);
}

typedef struct scope_mark {
    uint32_t ln, slot;
} scope_mark;

static scope_mark scope_open(rs *r)
{
    scope_mark m = {r->ln, r->slot};
    return m;
}

static void scope_close(rs *r, scope_mark m)
{
    while (r->ln > m.ln) {
        ast_sym *s = r->lstack[--r->ln];
        r->lhash[oc_name_hash(s->name) & (LHASH - 1)] = s->hnext;
        s->hnext = NULL;
    }
    r->slot = m.slot;
}

/* Declares a local in the current scope and gives it the next slot. Locals
 * may shadow neither globals nor other visible locals. */
static void ldeclare(rs *r, ast_sym *s, ast_type t)
{
    s->kind = SYM_LOCAL;
    s->type = t;
    s->type.ranged = t.kind == TY_INT ? t.ranged : 0;
    ast_sym *prev = gfind(r, s->name);
    if (!prev)
        prev = lfind(r, s->name);
    if (prev && prev->loc.line == 0)
        diag_error(r->d, s->loc, "'%s' is a built-in name", s->name);
    else if (prev) {
        diag_error(r->d, s->loc, "'%s' shadows another definition", s->name);
        diag_note(r->d, prev->loc, "the other definition of '%s' is here", prev->name);
    }
    s->slot = (int32_t)r->slot++;
    if (r->slot > r->maxslot)
        r->maxslot = r->slot;
    r->lstack = grow(r, r->lstack, r->ln, &r->lcap, sizeof *r->lstack);
    r->lstack[r->ln++] = s;
    uint32_t b = oc_name_hash(s->name) & (LHASH - 1);
    s->hnext = r->lhash[b];
    r->lhash[b] = s;
}

/* A code unit (fn, proc, sequence, setup, expect) starts with no locals. */
static void unit_begin(rs *r, int in_proc)
{
    scope_close(r, (scope_mark){0, 0});
    r->slot = r->maxslot = 0;
    r->nloops = 0;
    r->in_proc = in_proc;
    r->in_code = 1;
    r->cur_step = -1;
    r->cur_rule = "";
    r->no_roll = NULL;
}

static uint32_t unit_end(rs *r)
{
    uint32_t n = r->maxslot;
    scope_close(r, (scope_mark){0, 0});
    r->in_code = 0;
    r->in_proc = 0;
    return n;
}

/* ----------------------------------------------------------- type checks */

static int is_err(const ast_type *t)
{
    return t->kind == TY_ERROR;
}

/* `none` is also "no row" of a data table: the literal takes the table's
 * type where one is wanted. */
static int none_fits(ast_expr *e, const ast_type *want)
{
    if (e->kind != E_NONE || want->kind != TY_ENUM || !want->enm || !want->enm->is_table)
        return 0;
    e->type = ty_enum(want->enm);
    e->type.lo = -1;
    e->type.hi = (int32_t)want->enm->nmembers - 1;
    return 1;
}

/* Requires `e` to have type `want`; `what` names the place in the message
 * ("condition", "index 1 of 'tower'"). */
static int want_type(rs *r, ast_expr *e, const ast_type *want, const char *what)
{
    if (ast_type_same(&e->type, want) || none_fits(e, want))
        return 1;
    diag_error(r->d, e->loc, "%s must be %s, not %s", what, tn(r, want), tn(r, &e->type));
    return 0;
}

static int want_kind(rs *r, ast_expr *e, int kind, const char *what)
{
    ast_type t = ty(kind);
    return want_type(r, e, &t, what);
}

static int64_t clamp_fold(rs *r, const ast_expr *e, int64_t v, int *ok)
{
    if (v < INT32_MIN || v > INT32_MAX) {
        diag_error(r->d, e->loc, "integer overflow in a constant expression");
        *ok = 0;
        return 0;
    }
    return v;
}

/* -------------------------------------------------------------- forwards */

static void rx(rs *r, ast_expr *e);
static void rblock(rs *r, ast_block *b);
static void riter(rs *r, ast_iter *it);
static void rconst_decl(rs *r, ast_decl *d);
static void rx_want(rs *r, ast_expr *e, int kind, const char *what);

/* ----------------------------------------------------------- expressions */

static void set_const(ast_expr *e, int64_t v)
{
    e->is_const = 1;
    e->cval = (int32_t)v;
}

static void rx_literal(rs *r, ast_expr *e)
{
    switch (e->kind) {
    case E_INT:
        e->type = ty(TY_INT);
        if (e->ival > INT32_MAX || e->ival < INT32_MIN) {
            diag_error(r->d, e->loc, "integer constant %lld is too large", (long long)e->ival);
            e->type = ty(TY_ERROR);
            return;
        }
        set_const(e, e->ival);
        return;
    case E_BOOL:
        e->type = ty(TY_BOOL);
        set_const(e, e->ival);
        return;
    case E_NONE:
        e->type = ty(TY_PLAYER);
        set_const(e, -1);
        return;
    default: /* E_PLAYER */
        e->type = ty(TY_PLAYER);
        if (e->ival < 1 || (r->f->max_players > 0 && e->ival > r->f->max_players)) {
            diag_error(r->d, e->loc, "player %lld does not exist (players 1..%d)",
                       (long long)e->ival, (int)r->f->max_players);
            e->type = ty(TY_ERROR);
            return;
        }
        set_const(e, e->ival - 1);
        return;
    }
}

static const char *sym_kind_words(int kind)
{
    switch (kind) {
    case SYM_ENUM: return "an enum type";
    case SYM_EVENT: return "an event";
    case SYM_FN: return "a fn";
    case SYM_PROC: return "a proc";
    case SYM_BUILTIN: return "a built-in function";
    case SYM_VAR: return "a var";
    case SYM_CONST: return "a const";
    case SYM_MEMBER: return "an enum member";
    case SYM_LOCAL: return "a local";
    default: return "a name";
    }
}

static void rx_name(rs *r, ast_expr *e)
{
    ast_sym *s = lookup(r, e->name);
    e->type = ty(TY_ERROR);
    if (!s) {
        diag_error(r->d, e->loc, "unknown name '%s'", e->name);
        return;
    }
    e->sym = s;
    s->used = 1;
    switch (s->kind) {
    case SYM_VAR:
        if (s->decl->ndims) {
            diag_error(r->d, e->loc, "'%s' needs %u index%s", e->name, s->decl->ndims,
                       s->decl->ndims == 1 ? "" : "es");
            return;
        }
        e->type = s->type;
        return;
    case SYM_CONST:
        if (s->decl)
            rconst_decl(r, s->decl);
        e->type = s->type;
        if (!is_err(&s->type))
            set_const(e, s->value);
        return;
    case SYM_MEMBER:
        e->type = ty_enum(s->decl);
        set_const(e, s->value);
        return;
    case SYM_LOCAL:
        e->type = s->type;
        e->type.ranged = 0;
        return;
    default:
        diag_error(r->d, e->loc, "'%s' is %s, not a value", e->name, sym_kind_words(s->kind));
        return;
    }
}

/* Index arguments of a var with dims; `v` is its symbol. */
static void rx_var_index(rs *r, ast_expr *e, ast_sym *v)
{
    ast_decl *d = v->decl;
    e->ix = IX_VAR;
    e->type = v->type;
    if (e->nargs != d->ndims) {
        if (d->ndims == 0)
            diag_error(r->d, e->loc, "'%s' has no indexes", v->name);
        else
            diag_error(r->d, e->loc, "'%s' takes %u index%s, not %u", v->name, d->ndims,
                       d->ndims == 1 ? "" : "es", e->nargs);
        e->type = ty(TY_ERROR);
    }
    for (uint32_t i = 0; i < e->nargs; i++) {
        ast_expr *x = e->args[i];
        rx(r, x);
        if (i >= d->ndims || e->type.kind == TY_ERROR)
            continue;
        const ast_dim *dm = &d->dims[i];
        ast_type want = dm->kind == DIM_PLAYER ? ty(TY_PLAYER)
                        : dm->kind == DIM_ENUM ? ty_enum(dm->enm) : ty(TY_INT);
        if (dm->kind == DIM_ENUM && !dm->enm)
            continue;
        if (!ast_type_same(&x->type, &want) && !none_fits(x, &want)) {
            char what[160]; /* formatted only when needed: this is a hot path */
            snprintf(what, sizeof what, "index %u of '%s'", i + 1, v->name);
            want_type(r, x, &want, what);
            continue;
        }
        if (dm->kind == DIM_RANGE && x->is_const && (x->cval < dm->lo || x->cval > dm->hi))
            diag_error(r->d, x->loc, "index %d of '%s' is outside %d..%d", (int)x->cval,
                       v->name, (int)dm->lo, (int)dm->hi);
        /* no player, or a data table's no row */
        if (dm->kind != DIM_RANGE && x->is_const && x->cval < 0)
            diag_error(r->d, x->loc, "'none' cannot index '%s'", v->name);
    }
}

/* `row.field`: the row must be of a data table that has the field. An
 * array field is read only through an index (`array` set by rx_index). */
static void rx_field(rs *r, ast_expr *e, int array)
{
    e->type = ty(TY_ERROR);
    rx(r, e->a);
    const ast_type *t = &e->a->type;
    if (is_err(t))
        return;
    if (t->kind != TY_ENUM || !t->enm->is_table) {
        diag_error(r->d, e->loc, "%s has no fields ('.%s' reads a field of a table's row)",
                   e->a->kind == E_NONE ? "'none'" : tn(r, t), e->name);
        return;
    }
    ast_field *f = t->enm->fields;
    while (f && strcmp(f->name, e->name) != 0)
        f = f->next;
    if (!f) {
        diag_error(r->d, e->loc, "table '%s' has no field '%s'", t->enm->name, e->name);
        return;
    }
    e->field = f;
    if (f->index_enum && !array) {
        diag_error(r->d, e->loc, "the field '%s' of '%s' has one value a member of '%s': "
                   "write %s[...]", f->name, t->enm->name, f->index_enum->name, f->name);
        return;
    }
    if (!f->index_enum && array) {
        diag_error(r->d, e->loc, "the field '%s' of '%s' takes no index", f->name, t->enm->name);
        return;
    }
    e->type = f->type->type;
    e->type.ranged = 0;
    if (!array && e->a->is_const && f->values && e->a->cval >= 0 &&
        (uint32_t)e->a->cval < t->enm->nmembers)
        set_const(e, f->values[e->a->cval]);
}

/* `row.field[m]` of an array field. */
static void rx_field_index(rs *r, ast_expr *e)
{
    ast_expr *b = e->base;
    e->ix = IX_FIELD;
    rx_field(r, b, 1);
    e->type = b->type;
    for (uint32_t i = 0; i < e->nargs; i++)
        rx(r, e->args[i]);
    if (is_err(&b->type))
        return;
    ast_field *f = b->field;
    if (e->nargs != 1) {
        diag_error(r->d, e->loc, "the field '%s' takes one index, not %u", f->name, e->nargs);
        e->type = ty(TY_ERROR);
        return;
    }
    ast_type want = ty_enum(f->index_enum);
    if (!want_type(r, e->args[0], &want, "the field's index")) {
        e->type = ty(TY_ERROR);
        return;
    }
    uint32_t n = b->a->type.enm->nmembers;
    if (b->a->is_const && e->args[0]->is_const && f->values && b->a->cval >= 0 &&
        (uint32_t)b->a->cval < n)
        set_const(e, f->values[(size_t)e->args[0]->cval * n + (uint32_t)b->a->cval]);
}

static void rx_index(rs *r, ast_expr *e)
{
    ast_expr *b = e->base;
    if (b->kind == E_FIELD) {
        rx_field_index(r, e);
        return;
    }
    if (b->kind == E_NAME) {
        ast_sym *s = lookup(r, b->name);
        if (s && s->kind == SYM_VAR && s->decl->ndims > 0) {
            b->sym = s;
            b->type = s->type;
            s->used = 1;
            rx_var_index(r, e, s);
            return;
        }
    }
    rx(r, b);
    e->ix = IX_LIST;
    e->type = ty(TY_ERROR);
    for (uint32_t i = 0; i < e->nargs; i++)
        rx(r, e->args[i]);
    if (is_err(&b->type))
        return;
    if (b->type.kind != TY_LIST) {
        diag_error(r->d, e->loc, "%s cannot be indexed", tn(r, &b->type));
        return;
    }
    if (e->nargs != 1) {
        diag_error(r->d, e->loc, "a list takes one index (a position), not %u", e->nargs);
        return;
    }
    if (!want_kind(r, e->args[0], TY_INT, "a list position"))
        return;
    e->type = ty(b->type.elem);
    e->type.enm = b->type.enm;
}

static void check_args(rs *r, ast_loc at, const char *name, ast_decl *d,
                       ast_expr **args, uint32_t nargs)
{
    if (nargs != d->nparams) {
        diag_error(r->d, at, "'%s' takes %u argument%s, not %u", name, d->nparams,
                   d->nparams == 1 ? "" : "s", nargs);
        return;
    }
    for (uint32_t i = 0; i < nargs; i++) {
        if (ast_type_same(&args[i]->type, &d->params[i]->type))
            continue;
        char what[160];
        snprintf(what, sizeof what, "argument %u of '%s'", i + 1, name);
        want_type(r, args[i], &d->params[i]->type, what);
    }
}

static void rx_builtin(rs *r, ast_expr *e, int bi)
{
    e->builtin = (uint8_t)bi;
    e->type = ty(TY_ERROR);
    uint32_t want = bi == BI_MIN || bi == BI_MAX ? 2 : 1;
    if (e->nargs != want) {
        diag_error(r->d, e->loc, "'%s' takes %u argument%s, not %u", e->name, want,
                   want == 1 ? "" : "s", e->nargs);
        return;
    }
    ast_expr *x = e->args[0];
    if (bi == BI_LEN || bi == BI_FIRST || bi == BI_LAST) {
        if (is_err(&x->type))
            return;
        if (x->type.kind != TY_LIST) {
            diag_error(r->d, x->loc, "argument of '%s' must be a list, not %s", e->name,
                       tn(r, &x->type));
            return;
        }
        e->type = bi == BI_LEN ? ty(TY_INT) : ty(x->type.elem);
        if (bi != BI_LEN)
            e->type.enm = x->type.enm;
        return;
    }
    char what[64];
    snprintf(what, sizeof what, "argument of '%s'", e->name);
    int ok = want_kind(r, x, TY_INT, what);
    if (want == 2)
        ok &= want_kind(r, e->args[1], TY_INT, what);
    if (!ok)
        return;
    e->type = ty(TY_INT);
    if (x->is_const && (want == 1 || e->args[1]->is_const)) {
        int64_t a = x->cval, b = want == 2 ? e->args[1]->cval : 0;
        int64_t v = bi == BI_ABS ? (a < 0 ? -a : a) : bi == BI_MIN ? (a < b ? a : b) : (a > b ? a : b);
        int fine = 1;
        v = clamp_fold(r, e, v, &fine);
        if (fine)
            set_const(e, v);
        else
            e->type = ty(TY_ERROR); /* reported: nothing more about it */
    }
}

/* in_game(p) reads the built-in var: it becomes in_game[p]. */
static void rx_in_game(rs *r, ast_expr *e, ast_sym *s)
{
    ast_expr *base = ARENA_NEW(r->a, ast_expr);
    base->kind = E_NAME;
    base->loc = e->loc;
    base->name = s->name;
    base->sym = s;
    base->type = s->type;
    e->kind = E_INDEX;
    e->base = base;
    e->sym = NULL;
    rx_var_index(r, e, s);
}

static void rx_call(rs *r, ast_expr *e)
{
    ast_sym *s = lookup(r, e->name);
    e->type = ty(TY_ERROR);
    if (!s) {
        for (uint32_t i = 0; i < e->nargs; i++)
            rx(r, e->args[i]);
        diag_error(r->d, e->loc, "unknown name '%s'", e->name);
        return;
    }
    s->used = 1;
    if (s == r->f->sym_in_game) {
        rx_in_game(r, e, s);
        return;
    }
    for (uint32_t i = 0; i < e->nargs; i++)
        rx(r, e->args[i]);
    e->sym = s;
    if (s->kind == SYM_BUILTIN) {
        rx_builtin(r, e, s->builtin);
        return;
    }
    if (s->kind == SYM_FN) {
        check_args(r, e->loc, e->name, s->decl, e->args, e->nargs);
        e->type = s->type;
        e->type.ranged = 0;
        return;
    }
    if (s->kind == SYM_PROC && s->decl->is_action)
        diag_error(r->d, e->loc, "'%s' is an action: take it with 'do %s(...)', or ask 'can %s(...)'",
                   e->name, e->name, e->name);
    else if (s->kind == SYM_PROC)
        diag_error(r->d, e->loc, "'%s' is a proc: it can only be called as a statement", e->name);
    else if (s->kind == SYM_EVENT)
        diag_error(r->d, e->loc, "'%s' is an event: use 'emit %s(...)'", e->name, e->name);
    else
        diag_error(r->d, e->loc, "'%s' is not a function", e->name);
}

static void rx_unary(rs *r, ast_expr *e)
{
    ast_expr *a = e->a;
    rx(r, a);
    e->type = ty(TY_ERROR);
    if (is_err(&a->type))
        return;
    int want = e->op == OP_NEG ? TY_INT : TY_BOOL;
    if (a->type.kind != want) {
        diag_error(r->d, e->loc, "'%s' needs %s, not %s", ast_op_text(e->op),
                   want == TY_INT ? "an int" : "a bool", tn(r, &a->type));
        return;
    }
    e->type = ty(want);
    if (a->is_const) {
        int ok = 1;
        int64_t v = e->op == OP_NEG ? -(int64_t)a->cval : !a->cval;
        v = clamp_fold(r, e, v, &ok);
        if (ok)
            set_const(e, v);
        else
            e->type = ty(TY_ERROR); /* reported: nothing more about it */
    }
}

static int fold_binary(rs *r, ast_expr *e, int64_t x, int64_t y, int64_t *out)
{
    switch (e->op) {
    case OP_ADD: *out = x + y; break;
    case OP_SUB: *out = x - y; break;
    case OP_MUL: *out = x * y; break;
    case OP_DIV:
    case OP_MOD:
        if (y == 0) {
            diag_error(r->d, e->op_loc, "division by zero");
            return 0;
        }
        *out = e->op == OP_DIV ? x / y : x % y;
        break;
    case OP_EQ: *out = x == y; break;
    case OP_NE: *out = x != y; break;
    case OP_LT: *out = x < y; break;
    case OP_LE: *out = x <= y; break;
    case OP_GT: *out = x > y; break;
    case OP_GE: *out = x >= y; break;
    case OP_AND: *out = x && y; break;
    default: *out = x || y; break;
    }
    int ok = 1;
    *out = clamp_fold(r, e, *out, &ok);
    return ok;
}

/* The operand and result types of a binary operator; 0 when they do not fit
 * (reported). */
static int type_binary(rs *r, ast_expr *e)
{
    const ast_type *ta = &e->a->type, *tb = &e->b->type;
    const char *op = ast_op_text(e->op);
    if (e->op <= OP_MOD || (e->op >= OP_LT && e->op <= OP_GE)) {
        if (ta->kind != TY_INT || tb->kind != TY_INT) {
            diag_error(r->d, e->op_loc, "'%s' needs int operands, not %s and %s", op, tn(r, ta),
                       tn(r, tb));
            return 0;
        }
        e->type = ty(e->op <= OP_MOD ? TY_INT : TY_BOOL);
        return 1;
    }
    if (e->op == OP_AND || e->op == OP_OR) {
        if (ta->kind != TY_BOOL || tb->kind != TY_BOOL) {
            diag_error(r->d, e->op_loc, "'%s' needs bool operands, not %s and %s", op, tn(r, ta),
                       tn(r, tb));
            return 0;
        }
        e->type = ty(TY_BOOL);
        return 1;
    }
    if (!none_fits(e->a, tb))
        none_fits(e->b, ta);
    if (!ast_type_same(ta, tb) || ta->kind == TY_LIST) {
        diag_error(r->d, e->op_loc, "cannot compare %s with %s", tn(r, ta), tn(r, tb));
        return 0;
    }
    e->type = ty(TY_BOOL);
    return 1;
}

static void rx_binary(rs *r, ast_expr *e)
{
    rx(r, e->a);
    rx(r, e->b);
    e->type = ty(TY_ERROR);
    if (is_err(&e->a->type) || is_err(&e->b->type) || !type_binary(r, e))
        return;
    int64_t v;
    if (e->a->is_const && e->b->is_const) {
        if (!fold_binary(r, e, e->a->cval, e->b->cval, &v)) {
            e->type = ty(TY_ERROR); /* reported: nothing more about it */
            return;
        }
        set_const(e, v);
    }
    /* short-circuit constants: `false and x`, `true or x` */
    if (e->op == OP_AND && e->a->is_const && !e->a->cval)
        set_const(e, 0);
    if (e->op == OP_OR && e->a->is_const && e->a->cval)
        set_const(e, 1);
}

static void rx_if(rs *r, ast_expr *e)
{
    rx(r, e->a);
    rx(r, e->b);
    rx(r, e->c);
    e->type = ty(TY_ERROR);
    if (!is_err(&e->a->type))
        want_kind(r, e->a, TY_BOOL, "condition");
    if (is_err(&e->b->type) || is_err(&e->c->type))
        return;
    if (!none_fits(e->b, &e->c->type))
        none_fits(e->c, &e->b->type);
    if (!ast_type_same(&e->b->type, &e->c->type) || e->b->type.kind == TY_LIST) {
        diag_error(r->d, e->loc, "the branches of 'if' have different types: %s and %s",
                   tn(r, &e->b->type), tn(r, &e->c->type));
        return;
    }
    e->type = e->b->type;
    e->type.ranged = 0;
    if (e->a->is_const) {
        ast_expr *pick = e->a->cval ? e->b : e->c;
        if (pick->is_const)
            set_const(e, pick->cval);
    }
}

static void rx_in(rs *r, ast_expr *e)
{
    rx(r, e->a);
    rx(r, e->b);
    e->type = ty(TY_BOOL);
    if (is_err(&e->a->type) || is_err(&e->b->type))
        return;
    if (e->b->type.kind != TY_LIST) {
        diag_error(r->d, e->b->loc, "'in' needs a list on its right, not %s", tn(r, &e->b->type));
        return;
    }
    ast_type el = ty(e->b->type.elem);
    el.enm = e->b->type.enm;
    want_type(r, e->a, &el, "the value looked for");
}

static void rx_roll(rs *r, ast_expr *e)
{
    e->type = ty(TY_INT);
    if (r->no_roll)
        diag_error(r->d, e->loc, "'roll' is not allowed %s", r->no_roll);
    if (e->a) {
        rx(r, e->a);
        if (!is_err(&e->a->type))
            want_kind(r, e->a, TY_INT, "the number of dice");
        if (e->a->is_const && e->a->cval < 0)
            diag_error(r->d, e->a->loc, "the number of dice cannot be negative");
    } else if (e->ival > 1000) {
        diag_error(r->d, e->loc, "too many dice (at most 1000)");
    }
}

/* `first x in IT where C by K1 desc, K2`: the element's type, which must
 * have `none` for "no element". */
static void rx_first_by(rs *r, ast_expr *e)
{
    const ast_type *el = &e->iter->elem;
    e->type = *el;
    e->type.ranged = 0;
    if (is_err(el))
        return;
    if (el->kind != TY_PLAYER && !(el->kind == TY_ENUM && el->enm->is_table)) {
        diag_error(r->d, e->loc, "'first ... by' picks a player or a table's row (it is "
                   "'none' when nothing qualifies), not %s", tn(r, el));
        e->type = ty(TY_ERROR);
        return;
    }
    for (uint32_t k = 0; k < e->nargs; k++)
        rx_want(r, e->args[k], TY_INT, "a key of 'first ... by'");
}

static void rx_agg(rs *r, ast_expr *e)
{
    riter(r, e->iter);
    e->type = ty(e->op == AGG_ANY || e->op == AGG_ALL ? TY_BOOL : TY_INT);
    if (!r->in_code) {
        diag_error(r->d, e->loc, "not a constant expression");
        e->type = ty(TY_ERROR);
        return;
    }
    scope_mark m = scope_open(r);
    ldeclare(r, e->sym, e->iter->elem);
    if (e->a) {
        rx(r, e->a);
        if (!is_err(&e->a->type))
            want_kind(r, e->a, TY_BOOL, "the 'where' condition");
    }
    if (e->b) {
        rx(r, e->b);
        if (!is_err(&e->b->type))
            want_kind(r, e->b, TY_INT, "the value summed or compared");
    }
    if (e->op == AGG_FIRST)
        rx_first_by(r, e);
    scope_close(r, m);
}

/* The action a `do` or `can` names, or NULL after an error. */
static ast_sym *action_named(rs *r, const char *name, ast_loc at, const char *how)
{
    ast_sym *s = lookup(r, name);
    if (!s) {
        diag_error(r->d, at, "unknown name '%s'", name);
        return NULL;
    }
    s->used = 1;
    if (s->kind != SYM_PROC || !s->decl->is_action) {
        diag_error(r->d, at, "'%s' is %s, not an action (%s)", name,
                   s->kind == SYM_PROC && !s->decl->timing && !s->decl->anytime
                       ? "a proc" : sym_kind_words(s->kind), how);
        return NULL;
    }
    return s;
}

/* `can A(args)`: whether A's precondition and up-front costs hold now. */
static void rx_can(rs *r, ast_expr *e)
{
    for (uint32_t i = 0; i < e->nargs; i++)
        rx(r, e->args[i]);
    e->type = ty(TY_BOOL);
    e->sym = action_named(r, e->name, e->loc, "'can' asks about actions");
    if (e->sym)
        check_args(r, e->loc, e->name, e->sym->decl, e->args, e->nargs);
}

static void rx_want(rs *r, ast_expr *e, int kind, const char *what);

/* `a capped at N`: the smaller of a and the constant N (TEO-D1). */
static void rx_capped(rs *r, ast_expr *e)
{
    rx_want(r, e->a, TY_INT, "the value capped");
    rx_want(r, e->b, TY_INT, "the cap");
    e->type = ty(TY_INT);
    if (!is_err(&e->b->type) && !e->b->is_const)
        diag_error(r->d, e->b->loc, "a cap must be a constant (a number or a 'const')");
    if (e->a->is_const && e->b->is_const)
        set_const(e, e->a->cval < e->b->cval ? e->a->cval : e->b->cval);
    ast_file *f = r->f;
    f->caps = grow(r, f->caps, f->ncaps, &f->capcaps, sizeof *f->caps);
    f->caps[f->ncaps++] = e;
}

static void rx(rs *r, ast_expr *e)
{
    switch (e->kind) {
    case E_CAN: rx_can(r, e); return;
    case E_CAPPED: rx_capped(r, e); return;
    case E_IN_ACTION: e->type = ty(TY_BOOL); return;
    case E_INT: case E_BOOL: case E_NONE: case E_PLAYER: rx_literal(r, e); return;
    case E_NAME: rx_name(r, e); return;
    case E_INDEX: rx_index(r, e); return;
    case E_CALL: rx_call(r, e); return;
    case E_UNARY: rx_unary(r, e); return;
    case E_BINARY: rx_binary(r, e); return;
    case E_IF: rx_if(r, e); return;
    case E_IN: rx_in(r, e); return;
    case E_ROLL: rx_roll(r, e); return;
    case E_AGG: rx_agg(r, e); return;
    case E_FIELD: rx_field(r, e, 0); return;
    default: e->type = ty(TY_ERROR); return;
    }
}

/* An expression that must be of `kind` (bool conditions, int counts). */
static void rx_want(rs *r, ast_expr *e, int kind, const char *what)
{
    rx(r, e);
    if (!is_err(&e->type))
        want_kind(r, e, kind, what);
}

/* An expression with `roll` forbidden for the reason given. */
static void rx_noroll(rs *r, ast_expr *e, int kind, const char *what, const char *why)
{
    const char *save = r->no_roll;
    r->no_roll = why;
    rx_want(r, e, kind, what);
    r->no_roll = save;
}

static void riter(rs *r, ast_iter *it)
{
    it->elem = ty(TY_ERROR);
    switch (it->kind) {
    case IT_PLAYERS:
    case IT_ALL_PLAYERS:
        it->elem = ty(TY_PLAYER);
        return;
    case IT_RANGE:
        rx_want(r, it->lo, TY_INT, "the start of a range");
        rx_want(r, it->hi, TY_INT, "the end of a range");
        it->elem = ty(TY_INT);
        return;
    default:
        break;
    }
    ast_expr *x = it->list;
    if (x->kind == E_NAME) {
        ast_sym *s = lookup(r, x->name);
        if (s && s->kind == SYM_ENUM) {
            s->used = 1;
            x->sym = s;
            it->kind = IT_ENUM;
            it->enm = s->decl;
            it->elem = ty_enum(s->decl);
            return;
        }
    }
    rx(r, x);
    if (is_err(&x->type))
        return;
    if (x->type.kind != TY_LIST) {
        diag_error(r->d, x->loc, "cannot iterate over %s (players, all players, an enum, "
                   "A..B or a list)", tn(r, &x->type));
        return;
    }
    it->elem = ty(x->type.elem);
    it->elem.enm = x->type.enm;
}

/* A constant expression: its value, or 0 after an error. */
static int32_t rconst(rs *r, ast_expr *e, int kind, const char *what, int *ok)
{
    rx(r, e);
    *ok = 0;
    if (is_err(&e->type))
        return 0;
    if (kind && !want_kind(r, e, kind, what))
        return 0;
    if (!e->is_const) {
        diag_error(r->d, e->loc, "%s must be a constant", what);
        return 0;
    }
    *ok = 1;
    return e->cval;
}

/* ------------------------------------------------------------- labels */

static int is_id_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_id_char(char c)
{
    return is_id_start(c) || (c >= '0' && c <= '9');
}

/* Replaces each `{name}` by `{}` and binds the names to locals. `only`: an
 * option's for-variable, the one name its label may use (NULL and
 * `option` set: no names at all). */
static void rtext(rs *r, ast_text *t, int option, ast_sym *only)
{
    const char *s = t->text;
    size_t n = strlen(s);
    char *out = arena_alloc(r->a, n + 1), *o = out;
    ast_sym *args[AST_MAX_EVENT_ARGS];
    uint32_t na = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        if (s[i] != '{' || !is_id_start(s[j])) {
            *o++ = s[i++];
            continue;
        }
        while (is_id_char(s[j]))
            j++;
        if (s[j] != '}') {
            *o++ = s[i++];
            continue;
        }
        char *name = arena_strndup(r->a, s + i + 1, j - i - 1);
        ast_loc at = t->loc;
        at.col += (uint32_t)i + 1;
        ast_sym *sym = lfind(r, name);
        if (option == 2) {
            diag_error(r->d, at, "an escape's or an anytime action's label is fixed text: it cannot show '%s'", name);
        } else if (option && sym != only) {
            diag_error(r->d, at, "an option's label may only name its own 'for' variable, not '%s'", name);
        } else if (!sym) {
            if (gfind(r, name))
                diag_error(r->d, at, "a label may only name a local, not the global '%s'", name);
            else
                diag_error(r->d, at, "unknown name '%s' in label", name);
        } else if (na == AST_MAX_EVENT_ARGS) {
            diag_error(r->d, at, "too many names in one text (at most %d)", AST_MAX_EVENT_ARGS);
        } else {
            sym->used = 1;
            args[na++] = sym;
        }
        *o++ = '{';
        *o++ = '}';
        i = j + 1;
    }
    *o = 0;
    t->tmpl = out;
    t->nargs = na;
    t->args = ARENA_ARRAY(r->a, ast_sym *, na + 1);
    memcpy(t->args, args, na * sizeof *args);
}

/* ------------------------------------------------------------- statements */

static void rstmt(rs *r, ast_stmt *s);

static void rblock(rs *r, ast_block *b)
{
    scope_mark m = scope_open(r);
    for (ast_stmt *s = b->first; s; s = s->next)
        rstmt(r, s);
    scope_close(r, m);
}

static void add_step(rs *r, ast_stmt *s)
{
    ast_file *f = r->f;
    f->steps = grow(r, f->steps, f->nsteps, &r->capsteps, sizeof *f->steps);
    s->u.step.index = (int32_t)f->nsteps;
    f->steps[f->nsteps++] = s;
}

/* The rule IDs of a step: its own cites, else the enclosing step's. */
static const char *step_rule(rs *r, const ast_cite *c)
{
    if (!c)
        return r->cur_rule;
    size_t n = 0;
    for (const ast_cite *x = c; x; x = x->next)
        n += strlen(x->id) + 1;
    char *out = arena_alloc(r->a, n + 1), *o = out;
    for (const ast_cite *x = c; x; x = x->next) {
        if (o != out)
            *o++ = ' ';
        size_t k = strlen(x->id);
        memcpy(o, x->id, k);
        o += k;
    }
    *o = 0;
    return out;
}

static void rs_step(rs *r, ast_stmt *s)
{
    add_step(r, s);
    s->u.step.parent = r->cur_step;
    s->u.step.rule = step_rule(r, s->u.step.cites);
    if (s->u.step.optional_by)
        rx_want(r, s->u.step.optional_by, TY_PLAYER, "the player of 'optional by'");
    if (s->u.step.when)
        rx_noroll(r, s->u.step.when, TY_BOOL, "a 'when' condition", "in a 'when' guard");
    int save = r->cur_step;
    const char *save_rule = r->cur_rule;
    r->cur_step = s->u.step.index;
    r->cur_rule = s->u.step.rule;
    rblock(r, &s->u.step.body);
    r->cur_step = save;
    r->cur_rule = save_rule;
}

/* The type a type expression denotes; 0 after an error. */
static int rtype(rs *r, ast_typeexpr *t, int allow_list);

static void rs_let(rs *r, ast_stmt *s)
{
    ast_expr *v = s->u.let.value;
    rx(r, v);
    ast_type t = v->type;
    if (s->u.let.type) {
        if (rtype(r, s->u.let.type, 0)) {
            t = s->u.let.type->type;
            if (!is_err(&v->type)) {
                char what[160];
                snprintf(what, sizeof what, "the value of '%s'", s->u.let.sym->name);
                want_type(r, v, &t, what);
            }
        } else
            t = ty(TY_ERROR);
    }
    if (t.kind == TY_LIST) {
        diag_error(r->d, v->loc, "a local cannot hold a list");
        t = ty(TY_ERROR);
    } else if (t.kind == TY_VOID) {
        t = ty(TY_ERROR);
    }
    ldeclare(r, s->u.let.sym, t);
}

/* Whether `target` may be assigned; reported when not. */
static int assignable(rs *r, ast_expr *t)
{
    ast_sym *s = t->kind == E_NAME ? t->sym
                 : t->ix == IX_VAR ? t->base->sym : NULL;
    if (!s)
        return 1; /* a list element: any list var */
    const char *n = s->name;
    switch (s->kind) {
    case SYM_VAR:
        if (s->decl->builtin && !r->in_setup) {
            diag_error(r->d, t->loc, "cannot assign to the built-in '%s'", n);
            return 0;
        }
        if (s->type.kind == TY_LIST) {
            diag_error(r->d, t->loc, "cannot assign to the list '%s' (use add, remove, clear)", n);
            return 0;
        }
        return 1;
    case SYM_LOCAL:
        if (s->local_kind == LOCAL_PARAM || s->local_kind == LOCAL_LET)
            return 1;
        diag_error(r->d, t->loc, "cannot assign to the loop variable '%s'", n);
        return 0;
    case SYM_CONST: diag_error(r->d, t->loc, "cannot assign to the constant '%s'", n); return 0;
    case SYM_MEMBER: diag_error(r->d, t->loc, "cannot assign to the enum member '%s'", n); return 0;
    default:
        diag_error(r->d, t->loc, "cannot assign to %s ('%s')", sym_kind_words(s->kind), n);
        return 0;
    }
}

static void rs_assign(rs *r, ast_stmt *s)
{
    ast_expr *t = s->u.assign.target, *v = s->u.assign.value;
    if (t->kind == E_NAME) {
        /* resolve by hand: a var/const/... name is fine here, the message
         * about it comes from assignable() */
        ast_sym *sym = lookup(r, t->name);
        if (!sym) {
            diag_error(r->d, t->loc, "unknown name '%s'", t->name);
            t->type = ty(TY_ERROR);
        } else if (sym->kind == SYM_VAR && sym->decl->ndims) {
            rx(r, t);
        } else {
            t->sym = sym;
            sym->used = 1;
            t->type = sym->type;
        }
    } else
        rx(r, t);
    rx(r, v);
    if (is_err(&t->type) || !assignable(r, t) || is_err(&v->type))
        return;
    if (s->u.assign.op) {
        if (t->type.kind != TY_INT) {
            diag_error(r->d, s->loc, "'%s=' needs an int target, not %s",
                       ast_op_text(s->u.assign.op), tn(r, &t->type));
            return;
        }
        want_kind(r, v, TY_INT, "the value added or taken away");
        return;
    }
    want_type(r, v, &t->type, "the value assigned");
}

static void rs_if(rs *r, ast_stmt *s)
{
    rx_want(r, s->u.if_.cond, TY_BOOL, "condition");
    rblock(r, &s->u.if_.then_b);
    if (s->u.if_.else_if)
        rstmt(r, s->u.if_.else_if);
    else if (s->u.if_.has_else)
        rblock(r, &s->u.if_.else_b);
}

static void push_loop(rs *r, ast_stmt *s)
{
    r->loops = grow(r, r->loops, r->nloops, &r->caploops, sizeof *r->loops);
    r->loops[r->nloops++] = s;
}

static void rs_repeat(rs *r, ast_stmt *s)
{
    static const char why[] = "in a loop's exit condition";
    int k = s->u.rep.kind;
    if (k == REP_UNTIL_BEFORE || k == REP_WHILE)
        rx_noroll(r, s->u.rep.cond, TY_BOOL, "a loop condition", why);
    push_loop(r, s);
    rblock(r, &s->u.rep.body);
    r->nloops--;
    if (k == REP_UNTIL_AFTER)
        rx_noroll(r, s->u.rep.cond, TY_BOOL, "a loop condition", why);
}

static void rs_for(rs *r, ast_stmt *s)
{
    riter(r, s->u.for_.iter);
    scope_mark m = scope_open(r);
    ldeclare(r, s->u.for_.var, s->u.for_.iter->elem);
    if (s->u.for_.where)
        rx_want(r, s->u.for_.where, TY_BOOL, "the 'where' condition");
    if (s->u.for_.by) {
        rx_want(r, s->u.for_.by, TY_INT, "the sort key");
        int k = s->u.for_.iter->kind;
        if (k != IT_PLAYERS && k != IT_ALL_PLAYERS)
            diag_error(r->d, s->u.for_.by->loc, "'by' orders players only");
    }
    push_loop(r, s);
    for (ast_stmt *x = s->u.for_.body.first; x; x = x->next)
        rstmt(r, x);
    r->nloops--;
    scope_close(r, m);
}

static void rs_exit(rs *r, ast_stmt *s)
{
    if (s->u.exit.cond)
        rx_noroll(r, s->u.exit.cond, TY_BOOL, "an 'exit when' condition",
                  "in a loop's exit condition");
    if (!r->nloops) {
        diag_error(r->d, s->loc, "'exit' outside a loop");
        return;
    }
    s->u.exit.loop = r->loops[r->nloops - 1];
}

/* `a OP b`, typed bool, for conditions the compiler adds. */
static ast_expr *bool_binary(rs *r, int op, ast_expr *a, ast_expr *b, ast_loc at)
{
    ast_expr *e = ARENA_NEW(r->a, ast_expr);
    e->kind = E_BINARY;
    e->op = (uint8_t)op;
    e->loc = at;
    e->op_loc = at;
    e->a = a;
    e->b = b;
    e->type = ty(TY_BOOL);
    e->depth = (uint16_t)((a->depth > b->depth ? a->depth : b->depth) + 1);
    return e;
}

static ast_expr *and_of(rs *r, ast_expr *a, ast_expr *b)
{
    return a ? bool_binary(r, OP_AND, a, b, a->loc) : b;
}

/* An option that takes an action (its first statement is `do A(...)`) is
 * offered only when A can be taken: a precondition that fails or a cost
 * that cannot be paid is never offered (TEO-P1, TEO-P2). */
static void guard_by_action(rs *r, ast_option *o)
{
    ast_stmt *s = o->body.first;
    if (!s || s->kind != S_DO || !s->u.call.sym)
        return;
    ast_expr *can = ARENA_NEW(r->a, ast_expr);
    can->kind = E_CAN;
    can->loc = s->loc;
    can->name = s->u.call.name;
    can->sym = s->u.call.sym;
    can->args = s->u.call.args;
    can->nargs = s->u.call.nargs;
    can->type = ty(TY_BOOL);
    if (o->var)
        o->where = and_of(r, o->where, can);
    else
        o->when = and_of(r, o->when, can);
}

static void rs_option(rs *r, ast_option *o)
{
    ast_file *f = r->f;
    f->options = grow(r, f->options, f->noptions, &r->capoptions, sizeof *f->options);
    o->index = (int32_t)f->noptions;
    f->options[f->noptions++] = o;
    if (o->when)
        rx_noroll(r, o->when, TY_BOOL, "an option's 'when' condition", "in a 'when' guard");
    scope_mark m = scope_open(r);
    if (o->var) {
        riter(r, o->iter);
        ldeclare(r, o->var, o->iter->elem);
        if (o->where)
            rx_want(r, o->where, TY_BOOL, "the 'where' condition");
    }
    rtext(r, &o->label, 1, o->var);
    for (ast_stmt *x = o->body.first; x; x = x->next)
        rstmt(r, x);
    scope_close(r, m);
    guard_by_action(r, o);
}

static void rs_choose(rs *r, ast_stmt *s)
{
    rx_want(r, s->u.choose.player, TY_PLAYER, "the player who chooses");
    if (s->u.choose.prompt.text)
        rtext(r, &s->u.choose.prompt, 0, NULL);
    for (ast_option *o = s->u.choose.options; o; o = o->next)
        rs_option(r, o);
    /* a label names one option: a replay (--choices, a scenario's choose)
     * finds the option by its label */
    for (ast_option *o = s->u.choose.options; o; o = o->next)
        for (ast_option *e = s->u.choose.options; e != o; e = e->next)
            if (!o->var && !e->var && strcmp(o->label.text, e->label.text) == 0) {
                diag_error(r->d, o->label.loc, "two options of one choice read \"%s\"",
                           o->label.text);
                diag_note(r->d, e->label.loc, "the first is here");
                break;
            }
}

static void rs_scope(rs *r, ast_stmt *s)
{
    rblock(r, &s->u.scope.body);
    ast_file *f = r->f;
    for (ast_escape *e = s->u.scope.escapes; e; e = e->next) {
        f->escapes = grow(r, f->escapes, f->nescapes, &r->capescapes, sizeof *f->escapes);
        e->index = (int32_t)f->nescapes;
        f->escapes[f->nescapes++] = e;
        rx_want(r, e->player, TY_PLAYER, "the player of an escape");
        rtext(r, &e->label, 2, NULL);
        rblock(r, &e->body);
    }
}

static void rs_call(rs *r, ast_stmt *s, int want_kind_)
{
    const char *n = s->u.call.name;
    for (uint32_t i = 0; i < s->u.call.nargs; i++)
        rx(r, s->u.call.args[i]);
    ast_sym *sym = lookup(r, n);
    if (!sym) {
        diag_error(r->d, s->u.call.name_loc, "unknown name '%s'", n);
        return;
    }
    sym->used = 1;
    if (sym->kind == SYM_PROC && sym->decl->is_action) {
        diag_error(r->d, s->u.call.name_loc, "'%s' is an action: take it with 'do %s(...)'", n, n);
        return;
    }
    if (sym->kind != want_kind_) {
        if (want_kind_ == SYM_EVENT)
            diag_error(r->d, s->u.call.name_loc, "'%s' is %s, not an event", n,
                       sym_kind_words(sym->kind));
        else if (sym->kind == SYM_FN)
            diag_error(r->d, s->u.call.name_loc, "'%s' is a fn: a call statement needs a proc", n);
        else
            diag_error(r->d, s->u.call.name_loc, "'%s' is %s, not a proc", n,
                       sym_kind_words(sym->kind));
        return;
    }
    if (sym->decl->timing || sym->decl->anytime) { /* they run at their own times */
        diag_error(r->d, s->u.call.name_loc,
                   sym->decl->timing
                       ? "'%s' is a trigger: it runs when its event is emitted, not by a call"
                       : "'%s' is an anytime action: it is taken at a window, not called",
                   n);
        return;
    }
    s->u.call.sym = sym;
    check_args(r, s->u.call.name_loc, n, sym->decl, s->u.call.args, s->u.call.nargs);
}

/* The list operand of add/remove/clear/shuffle: a list var (indexed if it
 * has dims). */
static int rlist_target(rs *r, ast_expr *l)
{
    rx(r, l);
    if (is_err(&l->type))
        return 0;
    int is_var = (l->kind == E_NAME && l->sym && l->sym->kind == SYM_VAR) ||
                 (l->kind == E_INDEX && l->ix == IX_VAR);
    if (l->type.kind != TY_LIST || !is_var) {
        diag_error(r->d, l->loc, "a list var is needed here, not %s", tn(r, &l->type));
        return 0;
    }
    return 1;
}

static void rs_list(rs *r, ast_stmt *s)
{
    ast_expr *l = s->u.list.list, *v = s->u.list.value;
    if (v)
        rx(r, v);
    if (!rlist_target(r, l) || !v || is_err(&v->type))
        return;
    if (s->kind == S_REMOVE_AT) {
        want_kind(r, v, TY_INT, "the position removed");
        return;
    }
    ast_type el = ty(l->type.elem);
    el.enm = l->type.enm;
    want_type(r, v, &el, s->kind == S_ADD ? "the value added" : "the value removed");
}

static void rs_do(rs *r, ast_stmt *s)
{
    for (uint32_t i = 0; i < s->u.call.nargs; i++)
        rx(r, s->u.call.args[i]);
    ast_sym *a = action_named(r, s->u.call.name, s->u.call.name_loc,
                              "'do' takes actions; call a proc by its name");
    if (!a)
        return;
    s->u.call.sym = a;
    check_args(r, s->u.call.name_loc, s->u.call.name, a->decl, s->u.call.args, s->u.call.nargs);
}

/* What a cost or a `pay` takes from: an element of a resource. */
static void rpayment(rs *r, ast_expr *amount, ast_expr *target, const char *what)
{
    rx_noroll(r, amount, TY_INT, what, "in an amount paid");
    rx(r, target);
    if (is_err(&target->type))
        return;
    ast_sym *v = target->kind == E_NAME ? target->sym
                 : target->kind == E_INDEX && target->ix == IX_VAR ? target->base->sym : NULL;
    if (!v || v->kind != SYM_VAR || !v->decl->resource)
        diag_error(r->d, target->loc,
                   "payments are taken from a resource ('%s' is not one: declare it with "
                   "'resource' instead of 'var')",
                   v ? v->name : "this");
}

/* ------------------------------------------------ substitutes (TEO-D4) */

/* The var a substitute's pattern names (`cocoa[p]`: a var whose indexes
 * are names standing for a payment's indexes); NULL after an error. */
static ast_decl *pattern_var(rs *r, ast_expr *e)
{
    ast_expr *base = e->kind == E_INDEX ? e->base : e;
    ast_sym *s = base->kind == E_NAME ? gfind(r, base->name) : NULL;
    if (!s || s->kind != SYM_VAR || s->decl->builtin) {
        diag_error(r->d, e->loc, "a substitute's pattern names a var, with names for its "
                                 "indexes (as in 'cocoa[p]')");
        return NULL;
    }
    s->used = 1;
    base->sym = s;
    uint32_t n = e->kind == E_INDEX ? e->nargs : 0;
    if (n != s->decl->ndims) {
        diag_error(r->d, e->loc, "'%s' has %u index(es); the pattern gives %u", s->name,
                   s->decl->ndims, n);
        return NULL;
    }
    for (uint32_t k = 0; k < n; k++)
        if (e->args[k]->kind != E_NAME) {
            diag_error(r->d, e->args[k]->loc, "an index in a substitute's pattern is a name "
                                              "standing for the payment's index");
            return NULL;
        }
    return s->decl;
}

/* Where the substitute's index k comes from in the resource's pattern. */
static int sub_index(rs *r, ast_decl *d, ast_decl *res, ast_decl *sub, uint32_t k)
{
    const ast_expr *a = d->sub_var->args[k];
    for (uint32_t j = 0; j < res->ndims; j++) {
        if (strcmp(d->sub_for->args[j]->name, a->name) != 0)
            continue;
        if (res->dims[j].kind != sub->dims[k].kind || res->dims[j].enm != sub->dims[k].enm) {
            diag_error(r->d, a->loc, "'%s' indexes '%s' and '%s' by different kinds of index",
                       a->name, sub->name, res->name);
            return -1;
        }
        return (int)j;
    }
    diag_error(r->d, a->loc, "'%s' is not one of the indexes of '%s' in this pattern", a->name,
               res->name);
    return -1;
}

/* `substitute SUB[p] for RES[p] "label"`: at every payment from RES, the
 * player of RES's player index may pay one unit of SUB instead. */
static void rsubstitute(rs *r, ast_decl *d)
{
    ast_decl *res = pattern_var(r, d->sub_for);
    ast_decl *sub = pattern_var(r, d->sub_var);
    if (!res || !sub)
        return;
    int bad = 0;
    if (!res->resource) {
        diag_error(r->d, d->sub_for->loc, "a substitute replaces payments from a resource "
                                          "('%s' is not one: declare it with 'resource')", res->name);
        bad = 1;
    }
    if (sub->sym->type.kind != TY_INT) {
        diag_error(r->d, d->sub_var->loc, "the substitute '%s' must hold an int: one unit is "
                                          "spent each time it is used", sub->name);
        bad = 1;
    }
    d->sub_payer = -1;
    for (uint32_t j = 0; j < res->ndims && d->sub_payer < 0; j++)
        if (res->dims[j].kind == DIM_PLAYER)
            d->sub_payer = (int8_t)j;
    if (d->sub_payer < 0) {
        diag_error(r->d, d->sub_for->loc, "a substitute needs a resource indexed by player: the "
                                          "player who pays chooses whether to use it");
        bad = 1;
    }
    for (uint32_t k = 0; k < sub->ndims; k++) {
        int j = sub_index(r, d, res, sub, k);
        bad |= j < 0;
        d->sub_map[k] = (int8_t)j;
    }
    if (res->substitute) {
        diag_error(r->d, d->loc, "a second substitute for '%s'", res->name);
        diag_note(r->d, res->substitute->loc, "the first is here");
        bad = 1;
    }
    if (bad)
        return;
    d->sub_res = res;
    d->sub_decl = sub;
    res->substitute = d;
}

/* The substitute offered at a payment from `target`, or NULL. */
static ast_decl *payment_substitute(const ast_expr *target)
{
    const ast_sym *v = target->kind == E_INDEX && target->ix == IX_VAR ? target->base->sym
                       : target->kind == E_NAME ? target->sym : NULL;
    if (!v || v->kind != SYM_VAR || !v->decl->substitute)
        return NULL;
    v->decl->substitute->sub_used = 1;
    return v->decl->substitute;
}

static ast_expr *bool_const(rs *r, ast_loc at, int v)
{
    ast_expr *e = ARENA_NEW(r->a, ast_expr);
    e->kind = E_BOOL;
    e->loc = at;
    e->ival = v;
    set_const(e, v);
    e->type = ty(TY_BOOL);
    return e;
}

static ast_expr *or_of(rs *r, ast_expr *a, ast_expr *b)
{
    return a ? bool_binary(r, OP_OR, a, b, a->loc) : b;
}

static ast_expr *int_add(rs *r, ast_expr *a, ast_expr *b)
{
    ast_expr *e = bool_binary(r, OP_ADD, a, b, a->loc);
    e->type = ty(TY_INT);
    return e;
}

/* Two payment targets that are surely the same cell (same var, indexes
 * the same constants or the same names). */
static int same_cell(const ast_expr *a, const ast_expr *b)
{
    if (a->kind != E_INDEX || b->kind != E_INDEX || a->base->sym != b->base->sym)
        return a->kind == E_NAME && b->kind == E_NAME && a->sym == b->sym;
    for (uint32_t k = 0; k < a->nargs; k++) {
        const ast_expr *x = a->args[k], *y = b->args[k];
        int same = x->is_const && y->is_const ? x->cval == y->cval
                   : x->kind == E_NAME && y->kind == E_NAME && x->sym == y->sym;
        if (!same)
            return 0;
    }
    return 1;
}

/* Whether cost c's substitute is held: one unit of it at the cell the
 * payment's indexes pick, and something to pay. */
static ast_expr *sub_held(rs *r, const ast_cost *c)
{
    const ast_decl *d = c->substitute;
    ast_expr *cell = ARENA_NEW(r->a, ast_expr);
    cell->loc = c->loc;
    cell->type = d->sub_decl->sym->type;
    cell->kind = E_NAME;
    cell->sym = d->sub_decl->sym;
    if (d->sub_decl->ndims) {
        ast_expr *base = cell;
        cell = ARENA_NEW(r->a, ast_expr);
        *cell = *base;
        cell->kind = E_INDEX;
        cell->ix = IX_VAR;
        cell->base = base;
        cell->nargs = d->sub_decl->ndims;
        cell->args = ARENA_ARRAY(r->a, ast_expr *, cell->nargs);
        for (uint32_t k = 0; k < cell->nargs; k++)
            cell->args[k] = c->target->args[d->sub_map[k]];
    }
    ast_expr *one = ARENA_NEW(r->a, ast_expr), *zero = ARENA_NEW(r->a, ast_expr);
    one->kind = zero->kind = E_INT;
    one->loc = zero->loc = c->loc;
    one->type = zero->type = ty(TY_INT);
    one->ival = 1;
    set_const(one, 1);
    set_const(zero, 0);
    return bool_binary(r, OP_AND, bool_binary(r, OP_GE, cell, one, c->loc),
                       bool_binary(r, OP_GT, c->amount, zero, c->loc), c->loc);
}

/* Costs j.. of an action payable now with cost s (or none: -1) covered by
 * a substitute: each from what is held, after the earlier costs from the
 * same cell. NULL: nothing to pay. */
static ast_expr *payable_from(rs *r, ast_cost **cs, uint32_t n, uint32_t j, int s)
{
    ast_expr *all = NULL;
    for (uint32_t m = j; m < n; m++) {
        if ((int)m == s)
            continue;
        ast_expr *need = cs[m]->amount;
        for (uint32_t i = j; i < m; i++)
            if ((int)i != s && same_cell(cs[i]->target, cs[m]->target))
                need = int_add(r, need, cs[i]->amount);
        all = and_of(r, all, bool_binary(r, OP_GE, cs[m]->target, need, cs[m]->loc));
    }
    return all;
}

/* Costs j.. payable now, a held substitute covering at most one of those
 * after `after` (TEO-D4: it replaces one payment). */
static ast_expr *payable_any(rs *r, ast_cost **cs, uint32_t n, uint32_t j, uint32_t after)
{
    ast_expr *e = payable_from(r, cs, n, j, -1);
    if (!e)
        e = bool_const(r, cs[j < n ? j : 0]->loc, 1);
    for (uint32_t s = after; s < n; s++) {
        if (!cs[s]->substitute)
            continue;
        ast_expr *rest = payable_from(r, cs, n, j, (int)s);
        ast_expr *held = sub_held(r, cs[s]);
        e = or_of(r, e, rest ? bool_binary(r, OP_AND, held, rest, cs[s]->loc) : held);
    }
    return e;
}

/* The guards of the options at each cost with a substitute (paying leaves
 * the later costs payable; so does using the substitute), and what `can`
 * asks of the costs: an option that cannot end in a paid action is never
 * offered. */
static ast_expr *cost_guards(rs *r, ast_cost **cs, uint32_t n)
{
    for (uint32_t j = 0; j < n; j++) {
        if (!cs[j]->substitute)
            continue;
        cs[j]->pay_guard = payable_any(r, cs, n, j, j + 1);
        cs[j]->use_guard = payable_from(r, cs, n, j, (int)j);
    }
    return payable_any(r, cs, n, 0, 0);
}

static void rs_player_stmt(rs *r, ast_stmt *s)
{
    switch (s->kind) {
    case S_TURN:
        rx_want(r, s->u.player.player, TY_PLAYER, "the player of 'turn'");
        rblock(r, &s->u.player.body);
        return;
    case S_ELIMINATE:
        rx_want(r, s->u.player.player, TY_PLAYER, "the player eliminated");
        return;
    case S_END:
        if (s->u.player.player)
            rx_want(r, s->u.player.player, TY_PLAYER, "the winner");
        return;
    default: /* S_WINDOW */
        rx_want(r, s->u.player.player, TY_PLAYER, "the player of a window");
        return;
    }
}

static int display_stmt_ok(rs *r, const ast_stmt *s);
static void rs_show(rs *r, ast_stmt *s);

static void rstmt(rs *r, ast_stmt *s)
{
    if (r->in_display && !display_stmt_ok(r, s))
        return;
    switch (s->kind) {
    case S_STEP: rs_step(r, s); return;
    case S_LET: rs_let(r, s); return;
    case S_ASSIGN: rs_assign(r, s); return;
    case S_IF: rs_if(r, s); return;
    case S_REPEAT: rs_repeat(r, s); return;
    case S_FOR: rs_for(r, s); return;
    case S_EXIT: rs_exit(r, s); return;
    case S_TURN: case S_ELIMINATE: case S_END: case S_WINDOW: rs_player_stmt(r, s); return;
    case S_CHOOSE: rs_choose(r, s); return;
    case S_SCOPE: rs_scope(r, s); return;
    case S_CALL: rs_call(r, s, SYM_PROC); return;
    case S_EMIT: rs_call(r, s, SYM_EVENT); return;
    case S_DO: rs_do(r, s); return;
    case S_PAY:
        rpayment(r, s->u.assign.value, s->u.assign.target, "the amount paid");
        s->substitute = payment_substitute(s->u.assign.target);
        return;
    case S_BATCH: r->f->has_batches = 1; rblock(r, &s->u.batch.body); return;
    case S_RETURN:
        if (!r->in_proc)
            diag_error(r->d, s->loc, "'return' outside a procedure");
        return;
    case S_LOG: rtext(r, &s->u.log.text, 0, NULL); return;
    case S_SHOW: rs_show(r, s); return;
    case S_ASSERT: rx_want(r, s->u.assert_.cond, TY_BOOL, "an assertion"); return;
    default: rs_list(r, s); return;
    }
}

/* ----------------------------------------------------------- declarations */

static int rtype(rs *r, ast_typeexpr *t, int allow_list)
{
    int ok = 1, ok2 = 1;
    switch (t->kind) {
    case TX_INT:
        t->type = ty(TY_INT);
        t->type.lo = INT32_MIN;
        t->type.hi = INT32_MAX;
        return 1;
    case TX_BOOL:
        t->type = ty(TY_BOOL);
        t->type.hi = 1;
        return 1;
    case TX_PLAYER:
        t->type = ty(TY_PLAYER);
        t->type.lo = -1;
        t->type.hi = r->f->max_players - 1;
        return 1;
    case TX_NAME: {
        ast_sym *s = gfind(r, t->name);
        if (!s || s->kind != SYM_ENUM) {
            if (s)
                diag_error(r->d, t->loc, "'%s' is not a type", t->name);
            else
                diag_error(r->d, t->loc, "unknown type '%s'", t->name);
            t->type = ty(TY_ERROR);
            return 0;
        }
        s->used = 1;
        t->type = ty_enum(s->decl);
        t->type.lo = s->decl->is_table ? -1 : 0; /* a row, or none */
        t->type.hi = (int32_t)s->decl->nmembers - 1;
        return 1;
    }
    case TX_RANGE: {
        int32_t lo = rconst(r, t->lo, TY_INT, "the start of a range", &ok);
        int32_t hi = rconst(r, t->hi, TY_INT, "the end of a range", &ok2);
        t->type = ty(TY_ERROR);
        if (!ok || !ok2)
            return 0;
        if (lo > hi) {
            diag_error(r->d, t->loc, "empty range %d..%d", (int)lo, (int)hi);
            return 0;
        }
        t->type = ty(TY_INT);
        t->type.ranged = 1;
        t->type.lo = lo;
        t->type.hi = hi;
        return 1;
    }
    default: { /* TX_LIST */
        t->type = ty(TY_ERROR);
        if (!allow_list) {
            diag_error(r->d, t->loc, "a list type is only allowed for a var");
            return 0;
        }
        if (t->elem->kind == TX_LIST) {
            diag_error(r->d, t->elem->loc, "a list cannot hold lists");
            return 0;
        }
        int okel = rtype(r, t->elem, 0);
        int32_t cap = rconst(r, t->cap, TY_INT, "a list's capacity", &ok);
        if (!okel || !ok)
            return 0;
        if (cap < 1 || cap > 65535) {
            diag_error(r->d, t->cap->loc, "a list's capacity must be 1..65535, not %d", (int)cap);
            return 0;
        }
        t->type = t->elem->type;
        t->type.elem = t->elem->type.kind;
        t->type.kind = TY_LIST;
        t->type.cap = (uint32_t)cap;
        return 1;
    }
    }
}

static void rconst_decl(rs *r, ast_decl *d)
{
    ast_sym *s = d->sym;
    if (s->mark == 2)
        return;
    if (s->mark == 1) {
        /* an overridden constant: the override's value is the culprit */
        diag_error(r->d, d->base_value ? d->value->loc : d->name_loc,
                   "the constant '%s' depends on itself", d->name);
        s->type = ty(TY_ERROR);
        s->mark = 2;
        return;
    }
    s->mark = 1;
    int ok;
    int32_t v = rconst(r, d->value, 0, "the value of a constant", &ok);
    if (s->mark == 2) /* a cycle was reported meanwhile */
        return;
    s->mark = 2;
    if (!ok) {
        s->type = ty(TY_ERROR);
        return;
    }
    s->type = d->value->type;
    s->type.ranged = 0;
    s->value = v;
    d->init_value = v;
}

static void rdim(rs *r, ast_dim *dm)
{
    int ok, ok2;
    if (dm->kind == DIM_ENUM) {
        ast_sym *s = gfind(r, dm->name);
        if (!s || s->kind != SYM_ENUM) {
            if (s)
                diag_error(r->d, dm->loc, "'%s' is not an enum: an index is player, an enum or A..B",
                           dm->name);
            else
                diag_error(r->d, dm->loc, "unknown type '%s'", dm->name);
            return;
        }
        s->used = 1;
        dm->enm = s->decl;
        return;
    }
    if (dm->kind != DIM_RANGE)
        return;
    dm->lo = rconst(r, dm->lo_e, TY_INT, "the start of a range", &ok);
    dm->hi = rconst(r, dm->hi_e, TY_INT, "the end of a range", &ok2);
    if (ok && ok2 && (dm->lo > dm->hi || (int64_t)dm->hi - dm->lo >= 65535)) {
        diag_error(r->d, dm->loc, "an index range must hold 1 to 65535 values, not %d..%d",
                   (int)dm->lo, (int)dm->hi);
        dm->lo = dm->hi = 0;
    }
}

/* The default initial value, and the declared initializer checked against
 * the var's type and range. */
static void rvar_init(rs *r, ast_decl *d)
{
    ast_type *t = &d->sym->type;
    /* 0 when the range holds it (a score of -50..50 starts at 0), else the
     * range's lowest value */
    d->init_value = t->kind == TY_PLAYER || (t->kind == TY_ENUM && t->enm->is_table) ? -1
                    : t->kind == TY_INT && t->ranged && (t->lo > 0 || t->hi < 0) ? t->lo
                                                                                 : 0;
    if (!d->value || is_err(t))
        return;
    if (t->kind == TY_LIST) {
        diag_error(r->d, d->value->loc, "a list starts empty: it takes no initial value");
        return;
    }
    int ok;
    char what[160];
    snprintf(what, sizeof what, "the initial value of '%s'", d->name);
    rx(r, d->value);
    if (is_err(&d->value->type) || !want_type(r, d->value, t, what))
        return;
    if (!d->value->is_const) {
        diag_error(r->d, d->value->loc, "%s must be a constant", what);
        return;
    }
    ok = d->value->cval;
    if (t->kind == TY_INT && t->ranged && (ok < t->lo || ok > t->hi)) {
        diag_error(r->d, d->value->loc, "the initial value %d of '%s' is outside its range %d..%d",
                   ok, d->name, (int)t->lo, (int)t->hi);
        return;
    }
    d->init_value = ok;
}

static void rvar(rs *r, ast_decl *d)
{
    for (uint32_t i = 0; i < d->ndims; i++)
        rdim(r, &d->dims[i]);
    if (rtype(r, d->type, 1))
        d->sym->type = d->type->type;
    else
        d->sym->type = ty(TY_ERROR);
    rvar_init(r, d);
}

static void rparams(rs *r, ast_decl *d)
{
    if (d->nparams > MAX_PARAMS)
        diag_error(r->d, d->params[MAX_PARAMS]->loc, "too many parameters (at most %d)",
                   MAX_PARAMS);
    for (uint32_t i = 0; i < d->nparams; i++) {
        ast_sym *p = d->params[i];
        p->slot = (int32_t)i;
        p->type = rtype(r, d->param_types[i], 0) ? d->param_types[i]->type : ty(TY_ERROR);
        for (uint32_t j = 0; j < i; j++)
            if (strcmp(d->params[j]->name, p->name) == 0) {
                diag_error(r->d, p->loc, "redefinition of '%s'", p->name);
                diag_note(r->d, d->params[j]->loc, "previous definition of '%s' here", p->name);
            }
        ast_sym *g = gfind(r, p->name);
        if (g && g->loc.line == 0)
            diag_error(r->d, p->loc, "'%s' is a built-in name", p->name);
        else if (g) {
            diag_error(r->d, p->loc, "'%s' shadows another definition", p->name);
            diag_note(r->d, g->loc, "the other definition of '%s' is here", g->name);
        }
    }
}

/* Params in scope at the start of a fn/proc body. */
static void open_params(rs *r, ast_decl *d)
{
    for (uint32_t i = 0; i < d->nparams; i++) {
        ast_sym *p = d->params[i];
        r->lstack = grow(r, r->lstack, r->ln, &r->lcap, sizeof *r->lstack);
        r->lstack[r->ln++] = p;
        uint32_t b = oc_name_hash(p->name) & (LHASH - 1);
        p->hnext = r->lhash[b];
        r->lhash[b] = p;
    }
    r->slot = r->maxslot = d->nparams;
}

static const char *guard_words(const ast_decl *d)
{
    return d->timing       ? "a trigger's 'when' condition"
           : d->is_action   ? "an action's 'when' condition (its precondition)"
           : d->is_override ? "an override's 'when' condition"
                            : "an anytime action's 'when' condition";
}

static void rfn_body(rs *r, ast_decl *d)
{
    unit_begin(r, 0);
    open_params(r, d);
    r->no_roll = "in a fn";
    if (d->guard)
        rx_noroll(r, d->guard, TY_BOOL, guard_words(d), "in a 'when' guard");
    rx(r, d->body_expr);
    if (!is_err(&d->body_expr->type) && !is_err(&d->sym->type)) {
        char what[160];
        snprintf(what, sizeof what, "the result of '%s'", d->name);
        ast_type want = d->sym->type;
        want_type(r, d->body_expr, &want, what);
    }
    d->nlocals = unit_end(r);
}

/* An action's up-front costs, and what `can A(...)` asks: the `when`
 * condition, then the costs payable from what is held before the action
 * begins (TEO-P1, TEO-P3), a held substitute covering one of them
 * (TEO-D4): see payable_from. */
static void raction_costs(rs *r, ast_decl *d)
{
    uint32_t n = 0;
    int ok = 1;
    for (ast_cost *c = d->costs; c; c = c->next, n++) {
        rpayment(r, c->amount, c->target, "a cost");
        ok &= !is_err(&c->target->type) && !is_err(&c->amount->type);
        c->substitute = ok ? payment_substitute(c->target) : NULL;
    }
    ast_expr *can = d->guard;
    if (ok && n) {
        ast_cost **cs = ARENA_ARRAY(r->a, ast_cost *, n);
        n = 0;
        for (ast_cost *c = d->costs; c; c = c->next)
            cs[n++] = c;
        can = and_of(r, can, cost_guards(r, cs, n));
    }
    d->can_expr = can ? can : bool_const(r, d->loc, 1);
}

static void rproc_body(rs *r, ast_decl *d)
{
    unit_begin(r, d->kind == D_PROC);
    open_params(r, d);
    if (d->guard)
        rx_noroll(r, d->guard, TY_BOOL, guard_words(d), "in a 'when' guard");
    if (d->is_action)
        raction_costs(r, d);
    if (d->label.text)
        rtext(r, &d->label, 2, NULL);
    r->in_display = d->display;
    if (d->display)
        r->no_roll = "in a display";
    rblock(r, &d->body);
    r->in_display = 0;
    d->nlocals = unit_end(r);
}

/* --------------------------------------------------------------- globals */

static ast_decl *builtin_var(rs *r, const char *name, int kind, int ndims)
{
    ast_decl *d = ARENA_NEW(r->a, ast_decl);
    d->kind = D_VAR;
    d->builtin = 1;
    d->name = name;
    d->ndims = (uint32_t)ndims;
    d->dims[0].kind = DIM_PLAYER;
    ast_sym *s = new_sym(r, name, SYM_VAR, (ast_loc){0, 0});
    s->decl = d;
    s->type = ty(kind);
    s->type.lo = kind == TY_PLAYER ? -1 : kind == TY_BOOL ? 0 : INT32_MIN;
    s->type.hi = kind == TY_PLAYER ? r->f->max_players - 1 : kind == TY_BOOL ? 1 : INT32_MAX;
    d->sym = s;
    d->init_value = kind == TY_PLAYER ? -1 : kind == TY_BOOL ? 1 : 0;
    gdeclare(r, s);
    return d;
}

static void declare_builtins(rs *r)
{
    static const struct { const char *name; int bi; } fns[] = {
        {"len", BI_LEN}, {"first", BI_FIRST}, {"last", BI_LAST},
        {"min", BI_MIN}, {"max", BI_MAX}, {"abs", BI_ABS}};
    ast_file *f = r->f;
    f->vars = ARENA_ARRAY(r->a, ast_decl *, 3);
    f->vars[0] = builtin_var(r, "active", TY_PLAYER, 0);
    f->vars[1] = builtin_var(r, "turns", TY_INT, 1);
    f->vars[2] = builtin_var(r, "in_game", TY_BOOL, 1);
    f->sym_active = f->vars[0]->sym;
    f->sym_turns = f->vars[1]->sym;
    f->sym_in_game = f->vars[2]->sym;
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        ast_sym *s = new_sym(r, fns[i].name, SYM_BUILTIN, (ast_loc){0, 0});
        s->builtin = (uint8_t)fns[i].bi;
        gdeclare(r, s);
    }
}

static int decl_sym_kind(int dk)
{
    switch (dk) {
    case D_ENUM: return SYM_ENUM;
    case D_CONST: return SYM_CONST;
    case D_VAR: return SYM_VAR;
    case D_EVENT: return SYM_EVENT;
    case D_FN: return SYM_FN;
    default: return SYM_PROC;
    }
}

static void declare_one(rs *r, ast_decl *d)
{
    if (d->kind == D_SEQUENCE) {
        if (r->f->sequence) {
            diag_error(r->d, d->loc, "a second 'sequence' block");
            diag_note(r->d, r->f->sequence->loc, "the first 'sequence' is here");
        } else
            r->f->sequence = d;
        return;
    }
    if (d->kind == D_SCENARIO || d->kind == D_SUBSTITUTE)
        return;
    ast_sym *s = new_sym(r, d->name, decl_sym_kind(d->kind), d->name_loc);
    s->decl = d;
    s->type = ty(d->kind == D_CONST ? TY_INT : TY_VOID);
    d->sym = s;
    if (d->is_override) /* it takes the name of what it overrides */
        return;
    gdeclare(r, s);
    if (d->kind != D_ENUM)
        return;
    if (d->nmembers > 65535)
        diag_error(r->d, d->loc, "too many members in '%s'", d->name);
    for (uint32_t i = 0; i < d->nmembers; i++) {
        ast_sym *m = d->members[i];
        m->type = ty_enum(d);
        gdeclare(r, m);
    }
}

/* A table's fields: their types and index enums, then its file. */
static void rtable(rs *r, ast_decl *t)
{
    int ok = 1;
    for (ast_field *f = t->fields; f; f = f->next) {
        for (ast_field *g = t->fields; g != f; g = g->next)
            if (strcmp(g->name, f->name) == 0) {
                diag_error(r->d, f->loc, "table '%s' has two fields '%s'", t->name, f->name);
                diag_note(r->d, g->loc, "the first is here");
            }
        f->width = 1;
        if (f->index) {
            ast_sym *e = gfind(r, f->index);
            if (!e || e->kind != SYM_ENUM || e->decl->is_table) {
                diag_error(r->d, f->index_loc, "'%s' is not an enum: a field's index is an "
                           "enum, one column a member", f->index);
                ok = 0;
                continue;
            }
            e->used = 1;
            f->index_enum = e->decl;
            f->width = e->decl->nmembers;
        }
        if (f->type->kind == TX_NAME) {
            ast_sym *e = gfind(r, f->type->name);
            if (e && e->kind == SYM_ENUM && e->decl->is_table) {
                diag_error(r->d, f->type->loc, "a table's field cannot hold a table's rows");
                ok = 0;
                continue;
            }
        }
        if (!rtype(r, f->type, 0)) {
            ok = 0;
            continue;
        }
        int k = f->type->type.kind;
        if (k != TY_INT && k != TY_BOOL && k != TY_ENUM) {
            diag_error(r->d, f->type->loc, "a table's field must be an int, a range, bool or "
                       "an enum");
            ok = 0;
        }
    }
    if (ok)
        oc_load_table(r->a, r->d, t);
}

/* `override const NAME = VALUE` (a layer's setting), first pass: checks
 * the name, then puts VALUE in place of the base constant's value. Later
 * layers come later in the list, so the top override stands; nothing is
 * folded yet, so that every constant (an override's value too) is folded
 * with every override in place (roverride_values). */
static void roverride_const(rs *r, ast_decl *o)
{
    ast_sym *s = gfind(r, o->name);
    if (!s || s->kind != SYM_CONST || !s->decl) {
        if (s)
            diag_error(r->d, o->name_loc, "'%s' is %s: only a constant's value can be "
                       "overridden this way", o->name, sym_kind_words(s->kind));
        else
            diag_error(r->d, o->name_loc, "override of an unknown constant '%s'", o->name);
        return;
    }
    ast_decl *base = s->decl;
    if (base->layer >= o->layer) {
        diag_error(r->d, o->name_loc, "'%s' is declared in this ruleset: an override "
                   "belongs in a ruleset that extends it", o->name);
        return;
    }
    for (ast_decl *x = r->f->decls; x != o; x = x->next)
        if (x->kind == D_CONST && x->is_override && x->layer == o->layer &&
            strcmp(x->name, o->name) == 0) {
            diag_error(r->d, o->name_loc, "'%s' is overridden twice in one ruleset", o->name);
            diag_note(r->d, x->name_loc, "the first override is here");
            return;
        }
    o->overridden = base;
    if (!base->base_value)
        base->base_value = base->value;
    base->value = o->value;
}

/* An overridden constant, every override in place: each override's value
 * (the top one's is the constant's now) must have the declared type. */
static void roverridden(rs *r, ast_decl *base)
{
    int ok;
    rconst(r, base->base_value, 0, "the value of a constant", &ok);
    if (!ok)
        return;
    rconst_decl(r, base);
    const ast_type *want = &base->base_value->type;
    for (ast_decl *o = r->f->decls; o; o = o->next) {
        if (o->overridden != base)
            continue;
        if (o->value != base->value) /* a lower layer's: folded only here */
            rconst(r, o->value, 0, "the value of a constant", &ok);
        else
            ok = !is_err(&base->sym->type);
        if (!ok || ast_type_same(&o->value->type, want))
            continue;
        diag_error(r->d, o->value->loc, "'%s' is %s: its override cannot be %s", o->name,
                   tn(r, want), tn(r, &o->value->type));
        diag_note(r->d, base->name_loc, "'%s' is declared here", o->name);
        if (o->value == base->value)
            base->sym->type = ty(TY_ERROR); /* already reported: no follow-on errors */
    }
}

/* Second pass over the overrides of constants: the overridden constants,
 * and the values of overrides that override nothing (for their errors). */
static void roverride_values(rs *r)
{
    for (ast_decl *d = r->f->decls; d; d = d->next) {
        int ok;
        if (d->kind == D_CONST && d->base_value)
            roverridden(r, d);
        else if (d->kind == D_CONST && d->is_override && !d->overridden)
            rconst(r, d->value, 0, "the value of a constant", &ok);
    }
}

static void check_header(rs *r)
{
    ast_file *f = r->f;
    ast_loc at = f->title_loc.line ? f->title_loc : (ast_loc){1, 1};
    if (!f->players_loc.line) {
        diag_error(r->d, at, "missing 'players' line (players N or players A..B)");
        f->min_players = f->max_players = 2;
    } else if (f->min_players < 1 || f->max_players > MAX_PLAYERS ||
               f->min_players > f->max_players) {
        diag_error(r->d, f->players_loc, "players must be a range within 1..%d", MAX_PLAYERS);
        f->min_players = f->max_players = 2;
    }
}

/* The event that stands for an action: its triggers (`on A before`) and
 * its trace lines. It shares the action's params. */
static ast_decl *action_event(rs *r, ast_decl *a)
{
    ast_decl *ev = ARENA_NEW(r->a, ast_decl);
    ev->kind = D_EVENT;
    ev->loc = a->loc;
    ev->name = a->name;
    ev->name_loc = a->name_loc;
    ev->sym = a->sym;
    ev->params = a->params;
    ev->param_types = a->param_types;
    ev->nparams = a->nparams;
    ev->order = a->order;
    ev->order_by = a->order_by;
    ev->action = a;
    a->action_event = ev;
    return ev;
}

/* A var the runtime keeps for the language (not a name in the ruleset). */
static ast_decl *hidden_var(rs *r, const char *name, ast_loc at, int32_t lo, int32_t hi,
                            int32_t init)
{
    ast_decl *d = ARENA_NEW(r->a, ast_decl);
    d->kind = D_VAR;
    d->hidden = 1;
    d->name = name;
    d->loc = at;
    d->sym = new_sym(r, name, SYM_VAR, at);
    d->sym->decl = d;
    d->sym->type = ty(TY_INT);
    d->sym->type.ranged = 1;
    d->sym->type.lo = lo;
    d->sym->type.hi = hi;
    d->init_value = init;
    return d;
}

static void add_var(ast_file *f, ast_decl *d)
{
    d->index = (int32_t)f->nvars;
    f->vars[f->nvars++] = d;
}

static const char *hidden_name(rs *r, const char *what, const char *name)
{
    size_t n = strlen(what) + strlen(name) + 2;
    char *s = arena_alloc(r->a, n);
    snprintf(s, n, "%s %s", what, name);
    return s;
}

/* The vars, in the order the runtime needs: built-ins, the ruleset's
 * vars, "#turn" and the `once per turn` marks, then the per-action block
 * (saved and reset at each action's start, restored at its end):
 * "#acting", "#action", the `per action` vars, the `once per action`
 * marks. */
static void index_vars(rs *r, uint32_t nuser)
{
    ast_file *f = r->f;
    uint32_t nturn = 0, naction = 0, nact = 0;
    for (ast_decl *d = f->decls; d; d = d->next) {
        nturn += d->kind == D_PROC && d->limit == LIMIT_TURN;
        naction += d->kind == D_PROC && d->limit == LIMIT_ACTION;
        nact += d->kind == D_PROC && d->is_action;
    }
    ast_decl **vars = ARENA_ARRAY(r->a, ast_decl *, 3 + nuser + nturn + naction + 3);
    memcpy(vars, f->vars, 3 * sizeof *vars);
    f->vars = vars;
    f->nvars = 3;
    for (uint32_t i = 0; i < 3; i++)
        f->vars[i]->index = (int32_t)i;
    for (ast_decl *d = f->decls; d; d = d->next)
        if (d->kind == D_VAR && !d->per_action)
            add_var(f, d);
    ast_loc none = {0, 0};
    if (nturn) {
        f->turn_var = hidden_var(r, "#turn", none, 0, INT32_MAX, 0);
        add_var(f, f->turn_var);
        for (ast_decl *d = f->decls; d; d = d->next)
            if (d->kind == D_PROC && d->limit == LIMIT_TURN) {
                d->limit_var = hidden_var(r, hidden_name(r, "#once", d->name), d->loc, -1,
                                          INT32_MAX, -1);
                add_var(f, d->limit_var);
            }
    }
    f->act_first = f->nvars;
    if (nact) {
        f->acting_var = hidden_var(r, "#acting", none, 0, INT16_MAX, 0);
        add_var(f, f->acting_var);
        f->action_var = hidden_var(r, "#action", none, 0, UINT16_MAX, 0);
        add_var(f, f->action_var);
    }
    for (ast_decl *d = f->decls; d; d = d->next)
        if (d->kind == D_VAR && d->per_action)
            add_var(f, d);
    for (ast_decl *d = f->decls; d; d = d->next)
        if (d->kind == D_PROC && d->limit == LIMIT_ACTION) {
            d->limit_var = hidden_var(r, hidden_name(r, "#once in action", d->name), d->loc, 0,
                                      1, 0);
            add_var(f, d->limit_var);
        }
}

/* Puts each kind of declaration in its table, numbered in source order;
 * an action's event comes after the declared events. */
static void index_decls(rs *r)
{
    ast_file *f = r->f;
    uint32_t n[D_SUBSTITUTE + 1] = {0}, nact = 0;
    for (ast_decl *d = f->decls; d; d = d->next) {
        n[d->kind]++;
        nact += d->kind == D_PROC && d->is_action;
        if (d->order == ORDER_COMBINED) /* its triggers run as one batch */
            f->has_batches = 1;
    }
    index_vars(r, n[D_VAR]);
    f->enums = ARENA_ARRAY(r->a, ast_decl *, n[D_ENUM] + 1);
    f->events = ARENA_ARRAY(r->a, ast_decl *, n[D_EVENT] + nact + 1);
    f->fns = ARENA_ARRAY(r->a, ast_decl *, n[D_FN] + n[D_PROC] + 1);
    f->scenarios = ARENA_ARRAY(r->a, ast_decl *, n[D_SCENARIO] + 1);
    for (ast_decl *d = f->decls; d; d = d->next) {
        switch (d->kind) {
        case D_ENUM: d->index = (int32_t)f->nenums; f->enums[f->nenums++] = d; break;
        case D_EVENT: d->index = (int32_t)f->nevents; f->events[f->nevents++] = d; break;
        case D_FN:
        case D_PROC: d->index = (int32_t)f->nfns; f->fns[f->nfns++] = d; break;
        case D_SCENARIO:
            d->index = (int32_t)f->nscenarios;
            f->scenarios[f->nscenarios++] = d;
            break;
        default: break;
        }
    }
    for (ast_decl *d = f->decls; d; d = d->next)
        if (d->kind == D_PROC && d->is_action) {
            ast_decl *ev = action_event(r, d);
            ev->index = (int32_t)f->nevents;
            f->events[f->nevents++] = ev;
        }
}

/* A trigger takes its event's parameters, by the event's names, so its
 * guard and body read them as `p`, `space`... Its event's trigger list is
 * built here, in source order (the order `printed` resolution uses). */
static void rtrigger_signature(rs *r, ast_decl *d)
{
    ast_sym *e = gfind(r, d->event_name);
    if (!e) {
        diag_error(r->d, d->event_loc, "unknown event '%s'", d->event_name);
        return;
    }
    e->used = 1;
    int is_action = e->kind == SYM_PROC && e->decl->is_action;
    if (e->kind != SYM_EVENT && !is_action) {
        diag_error(r->d, d->event_loc, "'%s' is %s, not an event or an action", d->event_name,
                   sym_kind_words(e->kind));
        return;
    }
    ast_decl *ev = is_action ? e->decl->action_event : e->decl;
    d->event = ev;
    d->nparams = ev->nparams;
    d->params = ARENA_ARRAY(r->a, ast_sym *, ev->nparams + 1);
    d->param_types = ev->param_types;
    for (uint32_t i = 0; i < ev->nparams; i++) {
        ast_sym *p = new_sym(r, ev->params[i]->name, SYM_LOCAL, ev->params[i]->loc);
        p->local_kind = LOCAL_PARAM;
        p->type = ev->params[i]->type;
        p->slot = (int32_t)i;
        p->decl = d;
        d->params[i] = p;
    }
    ast_decl **t = ARENA_ARRAY(r->a, ast_decl *, ev->ntriggers + 1);
    if (ev->ntriggers)
        memcpy(t, ev->triggers, ev->ntriggers * sizeof *t);
    t[ev->ntriggers++] = d;
    ev->triggers = t;
}

/* `order chosen by P`: P may read the event's params (`chosen by p`). */
static void revent_chooser(rs *r, ast_decl *d)
{
    unit_begin(r, 0);
    open_params(r, d);
    rx_noroll(r, d->order_by, TY_PLAYER, "the player who orders the triggers",
              "in 'order chosen by'");
    d->nlocals = unit_end(r);
}

/* An action's first parameter is the player who takes it: its windows,
 * its trace line and `in action` are about that player. */
static void raction_signature(rs *r, ast_decl *d)
{
    if (d->nparams < 1 || d->params[0]->type.kind != TY_PLAYER)
        diag_error(r->d, d->name_loc,
                   "action '%s' must take the player who takes it as its first parameter "
                   "(as in '%s(p: player, ...)')",
                   d->name, d->name);
    if (d->action_event && d->action_event->order_by)
        revent_chooser(r, d->action_event);
}

/* `override fn|proc NAME(...)` replaces NAME where its `when` holds: the
 * same kind of thing, the same parameter types (names may differ), the same
 * result. Overrides of one base are tried latest first (ODIN-P1: the card
 * over the rule, a later clarification over both). */
static void roverride_signature(rs *r, ast_decl *d)
{
    ast_sym *b = gfind(r, d->name);
    const char *kind = d->kind == D_FN ? "fn" : "proc";
    if (!b) {
        diag_error(r->d, d->name_loc, "override of '%s', which is not defined", d->name);
        return;
    }
    ast_decl *base = b->decl;
    if ((b->kind != SYM_FN && b->kind != SYM_PROC) || (b->kind == SYM_FN) != (d->kind == D_FN) ||
        base->timing || base->anytime || base->is_action) {
        diag_error(r->d, d->name_loc, "'override %s %s' names %s, not a %s", kind, d->name,
                   b->kind == SYM_PROC && base->is_action ? "an action"
                   : b->kind == SYM_PROC && (base->timing || base->anytime) ? "a trigger or anytime action"
                   : b->kind == SYM_PROC ? "a proc" : sym_kind_words(b->kind),
                   kind);
        return;
    }
    b->used = 1;
    int same = d->nparams == base->nparams;
    for (uint32_t i = 0; same && i < d->nparams; i++)
        same = ast_type_same(&d->params[i]->type, &base->params[i]->type);
    if (same && d->kind == D_FN)
        same = ast_type_same(&d->sym->type, &base->sym->type);
    if (!same) {
        diag_error(r->d, d->name_loc, "override of '%s' does not match its parameters%s", d->name,
                   d->kind == D_FN ? " and result" : "");
        diag_note(r->d, base->name_loc, "'%s' is defined here", d->name);
        return;
    }
    /* a later layer may override again (it is tried first); one ruleset
     * may not say two different things without a condition */
    for (uint32_t i = 0; i < base->noverriders; i++)
        if (!d->guard && !base->overriders[i]->guard && base->overriders[i]->layer == d->layer) {
            diag_error(r->d, d->name_loc, "'%s' is overridden twice without a condition", d->name);
            diag_note(r->d, base->overriders[i]->name_loc, "the first override is here");
            return;
        }
    d->base = base;
    ast_decl **o = ARENA_ARRAY(r->a, ast_decl *, base->noverriders + 1);
    if (base->noverriders)
        memcpy(o, base->overriders, base->noverriders * sizeof *o);
    o[base->noverriders++] = d;
    base->overriders = o;
}

/* An anytime action is offered to the player a window is for: it takes
 * exactly that player. */
static void ranytime_signature(rs *r, ast_decl *d)
{
    if (d->nparams != 1 || d->params[0]->type.kind != TY_PLAYER)
        diag_error(r->d, d->name_loc,
                   "anytime action '%s' must take exactly one parameter, the player "
                   "(as in '%s(p: player)')",
                   d->name, d->name);
}

static void rsignatures(rs *r)
{
    for (ast_decl *d = r->f->decls; d; d = d->next) {
        switch (d->kind) {
        case D_CONST:
            if (!d->is_override) /* folded by roverride_values */
                rconst_decl(r, d);
            break;
        case D_VAR: rvar(r, d); break;
        case D_EVENT:
        case D_PROC: rparams(r, d); break;
        case D_FN:
            rparams(r, d);
            d->sym->type = rtype(r, d->type, 0) ? d->type->type : ty(TY_ERROR);
            break;
        default: break;
        }
    }
    for (ast_decl *d = r->f->decls; d; d = d->next)
        if (d->kind == D_SUBSTITUTE)
            rsubstitute(r, d);
    /* after every event's params are typed */
    for (ast_decl *d = r->f->decls; d; d = d->next) {
        if (d->is_override && d->kind != D_CONST)
            roverride_signature(r, d);
        else if (d->kind == D_PROC && d->is_action)
            raction_signature(r, d);
        else if (d->kind == D_PROC && d->timing)
            rtrigger_signature(r, d);
        else if (d->kind == D_PROC && d->anytime)
            ranytime_signature(r, d);
        else if (d->kind == D_EVENT && d->order_by)
            revent_chooser(r, d);
    }
}

/* ------------------------------------------------------------- scenarios */

static void build_stepmap(rs *r)
{
    uint32_t cap = 16;
    while (cap < r->f->nsteps * 2)
        cap *= 2;
    r->stepmap = ARENA_ARRAY(r->a, ast_stmt *, cap);
    r->stepmap_cap = cap;
    for (uint32_t i = 0; i < r->f->nsteps; i++) {
        ast_stmt *s = r->f->steps[i];
        uint32_t j = oc_name_hash(s->u.step.number) & (cap - 1);
        while (r->stepmap[j] && strcmp(r->stepmap[j]->u.step.number, s->u.step.number) != 0)
            j = (j + 1) & (cap - 1);
        if (!r->stepmap[j])
            r->stepmap[j] = s;
    }
}

static ast_stmt *find_step(rs *r, const char *number)
{
    if (!r->stepmap)
        build_stepmap(r);
    uint32_t m = r->stepmap_cap - 1, j = oc_name_hash(number) & m;
    while (r->stepmap[j]) {
        if (strcmp(r->stepmap[j]->u.step.number, number) == 0)
            return r->stepmap[j];
        j = (j + 1) & m;
    }
    return NULL;
}

/* A constant value of the given type for a scenario item (player args of
 * `play`, `decision by`, `over winner`, event args). */
static int sc_value(rs *r, ast_expr *e, const ast_type *want, const char *what, int32_t *out)
{
    rx(r, e);
    if (is_err(&e->type) || !want_type(r, e, want, what))
        return 0;
    if (!e->is_const) {
        diag_error(r->d, e->loc, "%s must be a constant", what);
        return 0;
    }
    *out = e->cval;
    return 1;
}

static ast_sym *sc_lookup(rs *r, const char *name, ast_loc at, int kind, const char *what)
{
    ast_sym *s = gfind(r, name);
    if (!s) {
        diag_error(r->d, at, "unknown name '%s'", name);
        return NULL;
    }
    s->used = 1;
    if (s->kind != kind) {
        diag_error(r->d, at, "'%s' is %s, not %s", name, sym_kind_words(s->kind), what);
        return NULL;
    }
    return s;
}

/* The arguments of a scenario's `play` or event item, against the
 * parameters of it->sym: their count, then each value. With `wild` (event
 * items, which match the trace: `event fled(player 2, _)`), `_` matches
 * any value; a proc to play needs every value. */
static void sc_args(rs *r, ast_item *it, int wild)
{
    ast_decl *d = it->sym->decl;
    if (it->nargs != d->nparams) {
        diag_error(r->d, it->name_loc, "'%s' takes %u argument%s, not %u", it->name, d->nparams,
                   d->nparams == 1 ? "" : "s", it->nargs);
        return;
    }
    for (uint32_t i = 0; i < it->nargs && i < AST_MAX_EVENT_ARGS; i++) {
        ast_expr *a = it->args[i];
        if (wild && a->kind == E_NAME && strcmp(a->name, "_") == 0) {
            a->kind = E_WILDCARD;
            a->type = ty(TY_ERROR);
            it->wild |= 1u << i;
            continue;
        }
        char what[160];
        snprintf(what, sizeof what, "argument %u of '%s'", i + 1, it->name);
        sc_value(r, a, &d->params[i]->type, what, &it->values[i]);
    }
}

static void sc_play(rs *r, ast_item *it)
{
    if (!it->name)
        return;
    it->sym = sc_lookup(r, it->name, it->name_loc, SYM_PROC, "a proc");
    if (!it->sym)
        return;
    sc_args(r, it, 0);
}

/* An event item names an event, or an action (its start). */
static ast_sym *sc_event_sym(rs *r, const char *name, ast_loc at)
{
    ast_sym *s = gfind(r, name);
    if (s && s->kind == SYM_PROC && s->decl->is_action) {
        s->used = 1;
        return s;
    }
    return sc_lookup(r, name, at, SYM_EVENT, "an event or an action");
}

static void sc_event(rs *r, ast_item *it)
{
    it->sym = sc_event_sym(r, it->name, it->name_loc);
    if (it->kind == IT_SC_BEFORE)
        it->sym2 = sc_event_sym(r, it->name2, it->name2_loc);
    if (!it->sym || !it->has_args)
        return;
    sc_args(r, it, 1);
}

static void sc_item(rs *r, ast_item *it)
{
    ast_type player = ty(TY_PLAYER);
    switch (it->kind) {
    case IT_SC_PLAYERS:
        if (it->num < r->f->min_players || it->num > r->f->max_players)
            diag_error(r->d, it->loc, "players %lld is outside this ruleset's %d..%d",
                       (long long)it->num, (int)r->f->min_players, (int)r->f->max_players);
        return;
    case IT_SC_SETUP:
        unit_begin(r, 0);
        r->in_setup = 1; /* a test may start from any state: turns[p] = 3 */
        rblock(r, &it->body);
        r->in_setup = 0;
        it->nlocals = unit_end(r);
        return;
    case IT_SC_PLAY: sc_play(r, it); return;
    case IT_SC_EXPECT:
        unit_begin(r, 0);
        rx_noroll(r, it->expr, TY_BOOL, "an 'expect'", "in an 'expect'");
        it->nlocals = unit_end(r);
        return;
    case IT_SC_DECISION:
        sc_value(r, it->expr, &player, "the player of 'expect decision by'", &it->values[0]);
        return;
    case IT_SC_OVER:
        it->values[0] = -1;
        if (it->expr)
            sc_value(r, it->expr, &player, "the winner", &it->values[0]);
        return;
    case IT_SC_EVENT:
    case IT_SC_BEFORE: sc_event(r, it); return;
    case IT_SC_NO_EVENT:
        it->sym = sc_event_sym(r, it->name, it->name_loc);
        return;
    case IT_SC_STEP_RAN:
    case IT_SC_STEP_NOT_RAN:
        it->step = find_step(r, it->number);
        if (!it->step)
            diag_error(r->d, it->name_loc, "no step is numbered %s", it->number);
        return;
    default: return;
    }
}

static void rscenario(rs *r, ast_decl *d)
{
    for (ast_item *it = d->items; it; it = it->next)
        sc_item(r, it);
}

/* ------------------------------------------------- displays and policies */

/* A display shows the state and changes nothing: let, if, for and show. */
static int display_stmt_ok(rs *r, const ast_stmt *s)
{
    if (s->kind == S_LET || s->kind == S_IF || s->kind == S_FOR || s->kind == S_SHOW)
        return 1;
    diag_error(r->d, s->loc, "a display may only use let, if, for and show, not '%s'",
               ast_stmt_kind_name(s->kind));
    return 0;
}

static void rs_show(rs *r, ast_stmt *s)
{
    if (!r->in_display)
        diag_error(r->d, s->loc, "'show' is only for displays (a 'log' writes to the trace)");
    rtext(r, &s->u.log.text, 0, NULL);
}

/* Numbers the distinct option names, first use first. */
static void index_option_names(rs *r)
{
    ast_file *f = r->f;
    uint32_t cap = 0;
    for (uint32_t i = 0; i < f->noptions; i++) {
        ast_option *o = f->options[i];
        if (!o->name)
            continue;
        uint32_t k = 0;
        while (k < f->noption_names && strcmp(f->option_names[k], o->name) != 0)
            k++;
        if (k == f->noption_names) {
            f->option_names = grow(r, f->option_names, f->noption_names, &cap,
                                   sizeof *f->option_names);
            f->option_names[f->noption_names++] = o->name;
        }
        o->name_id = (int32_t)k;
    }
}

/* The `for` variable of the options a prefer line names, which its `by`
 * and `when` read: every option of that name must bind one of the same
 * name and type, or none does. *ok = 0 after an error. */
static ast_sym *prefer_var(rs *r, const ast_prefer *pr, int *ok)
{
    ast_file *f = r->f;
    const ast_option *first = NULL;
    *ok = 1;
    for (uint32_t i = 0; i < f->noptions; i++) {
        const ast_option *o = f->options[i];
        if (o->name_id != pr->name_id)
            continue;
        if (!first) {
            first = o;
            continue;
        }
        const ast_sym *a = first->var, *b = o->var;
        if (!a && !b)
            continue;
        if (a && b && (is_err(&a->type) || is_err(&b->type)))
            continue;
        if (a && b && strcmp(a->name, b->name) == 0 && ast_type_same(&a->type, &b->type))
            continue;
        ast_loc at = pr->by ? pr->by->loc : pr->when->loc;
        diag_error(r->d, at, "the options called '%s' bind different 'for' values, so "
                   "'by' and 'when' cannot read one", pr->name);
        diag_note(r->d, first->loc, "this one binds %s", a ? a->name : "none");
        diag_note(r->d, o->loc, "this one binds %s", b ? b->name : "none");
        *ok = 0;
        return NULL;
    }
    return first ? first->var : NULL;
}

/* A fn made of a prefer line's `by` (int) or `when` (bool): its one param
 * is the options' `for` variable (none when they bind none), so the
 * expression reads that and globals only, and like any fn it can neither
 * roll nor change state. It joins the fns table (lowered like the others)
 * but not the global names: nothing calls it but the runtime's policy. */
static ast_decl *policy_fn(rs *r, const ast_policy *pl, const ast_prefer *pr, ast_expr *body,
                           ast_sym *var, int kind, uint32_t *cap)
{
    ast_file *f = r->f;
    int is_by = kind == TY_INT;
    char name[300];
    snprintf(name, sizeof name, "policy %.100s: prefer %.100s %s", pl->name, pr->name,
             is_by ? "by" : "when");
    ast_decl *d = ARENA_NEW(r->a, ast_decl);
    d->kind = D_FN;
    d->policy_fn = 1;
    d->loc = d->name_loc = body->loc;
    d->name = arena_strdup(r->a, name);
    d->sym = new_sym(r, d->name, SYM_FN, body->loc);
    d->sym->decl = d;
    d->sym->type = ty(kind);
    d->body_expr = body;
    d->params = ARENA_ARRAY(r->a, ast_sym *, 1);
    if (var) {
        ast_sym *p = new_sym(r, var->name, SYM_LOCAL, var->loc);
        p->local_kind = LOCAL_PARAM;
        p->type = var->type;
        p->decl = d;
        d->params[0] = p;
        d->nparams = 1;
    }
    unit_begin(r, 0);
    open_params(r, d);
    r->no_roll = "in a policy";
    rx_want(r, body, kind, is_by ? "a policy's 'by' value" : "a policy's 'when' condition");
    d->nlocals = unit_end(r);
    f->fns = grow(r, f->fns, f->nfns, cap, sizeof *f->fns);
    d->index = (int32_t)f->nfns;
    f->fns[f->nfns++] = d;
    return d;
}

static void rprefer(rs *r, const ast_policy *pl, ast_prefer *pr, uint32_t *cap)
{
    ast_file *f = r->f;
    for (uint32_t k = 0; k < f->noption_names; k++)
        if (strcmp(f->option_names[k], pr->name) == 0)
            pr->name_id = (int32_t)k;
    if (pr->name_id < 0) {
        diag_error(r->d, pr->name_loc, "no option is called '%s' (name one: option %s \"...\")",
                   pr->name, pr->name);
        return;
    }
    if (!pr->by && !pr->when)
        return;
    int ok;
    ast_sym *var = prefer_var(r, pr, &ok);
    if (!ok)
        return;
    if (pr->by)
        pr->by_fn = policy_fn(r, pl, pr, pr->by, var, TY_INT, cap);
    if (pr->when)
        pr->when_fn = policy_fn(r, pl, pr, pr->when, var, TY_BOOL, cap);
}

/* Policies: names unique and not the tools' own (random, first); each
 * line names options that exist; by/when become fns. */
static void rpolicies(rs *r)
{
    ast_file *f = r->f;
    index_option_names(r);
    uint32_t cap = f->nfns + 1; /* what index_decls allocated */
    for (ast_policy *pl = f->policies; pl; pl = pl->next) {
        if (strcmp(pl->name, "random") == 0 || strcmp(pl->name, "first") == 0)
            diag_error(r->d, pl->name_loc, "'%s' is a built-in policy: give this one "
                       "another name", pl->name);
        for (ast_policy *q = f->policies; q != pl; q = q->next)
            if (strcmp(q->name, pl->name) == 0) {
                diag_error(r->d, pl->name_loc, "a second policy called '%s'", pl->name);
                diag_note(r->d, q->name_loc, "the first is here");
                break;
            }
        for (ast_prefer *pr = pl->prefers; pr; pr = pr->next)
            rprefer(r, pl, pr, &cap);
    }
}

/* ------------------------------------------------------------------ entry */

int oc_resolve(oc_arena *arena, ast_file *file, diag *d)
{
    rs *r = ARENA_NEW(arena, rs); /* big (the local hash): not on the stack */
    r->a = arena;
    r->d = d;
    r->f = file;
    r->cur_step = -1;
    r->cur_rule = "";
    int before = d->errors;
    check_header(r);
    grehash(r);
    declare_builtins(r);
    for (ast_decl *x = file->decls; x; x = x->next)
        declare_one(r, x);
    for (ast_decl *x = file->decls; x; x = x->next)
        if (x->kind == D_CONST && x->is_override)
            roverride_const(r, x);
    roverride_values(r);
    for (ast_decl *x = file->decls; x; x = x->next)
        if (x->kind == D_ENUM && x->is_table)
            rtable(r, x);
    if (!file->sequence)
        diag_error(d, file->title_loc.line ? file->title_loc : (ast_loc){1, 1},
                   "no 'sequence' block: a ruleset needs one");
    index_decls(r);
    rsignatures(r);
    for (ast_decl *x = file->decls; x; x = x->next) {
        if (x->kind == D_FN)
            rfn_body(r, x);
        else if (x->kind == D_PROC || x->kind == D_SEQUENCE)
            rproc_body(r, x);
    }
    rpolicies(r);
    for (ast_decl *x = file->decls; x; x = x->next)
        if (x->kind == D_SCENARIO)
            rscenario(r, x);
    return d->errors - before;
}

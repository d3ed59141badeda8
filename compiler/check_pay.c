/* check_pay.c — the checks of actions and payments (doc/actions.md, "Check
 * messages"), run by oc_check after the others:
 *   - an up-front cost paid from a resource that only the action itself
 *     can have given the player: a `per action` resource (reset when the
 *     action begins), or one that nothing but the action's own body ever
 *     increases, starting below the cost (error, TEO-P3);
 *   - an action whose precondition the declared ranges make impossible: a
 *     `when` false for every value in range, or a cost larger than its
 *     resource can ever hold with no substitute for it (warning);
 *   - a pay in an action's body whose ways may leave a later pay of the
 *     action unpayable, past what its look-ahead covers (warning);
 *   - a substitute that no payment offers (warning);
 *   - a cap that the value capped can never reach (warning).
 * "Declared ranges" is an interval evaluation of int expressions: vars
 * and locals by their declared `A..B`, counts by the size of what they
 * count, arithmetic on the bounds; anything else is unknown and never
 * warned about.
 */
#include <stdint.h>

#include "passes.h"

/* ------------------------------------------------------------ intervals */

typedef struct span {
    int64_t lo, hi;
} span;

/* What the payment checks read: the tree and what resolution made of it. */
typedef struct pay_check {
    const ast_file *f;
    const oc_resolution *res;
} pay_check;

static int expr_span(const pay_check *pc, const ast_expr *e, span *out);

/* How many elements an aggregate can visit at most; -1 if unknown. */
static int64_t iter_size(const pay_check *pc, const ast_iter *it)
{
    switch (oc_iter_kind(pc->res, it)) {
    case IT_PLAYERS: case IT_ALL_PLAYERS: return pc->f->max_players;
    case IT_ENUM: return (int64_t)oc_iter_enum(pc->res, it)->nmembers;
    case IT_RANGE: {
        span lo, hi;
        if (!expr_span(pc, it->lo, &lo) || !expr_span(pc, it->hi, &hi))
            return -1;
        return hi.hi < lo.lo ? 0 : hi.hi - lo.lo + 1;
    }
    default: return it->list ? (int64_t)oc_type(pc->res, it->list)->cap : -1;
    }
}

static int type_span(const ast_type *t, span *out)
{
    if (t->kind == TY_BOOL) {
        *out = (span){0, 1};
        return 1;
    }
    if (t->kind != TY_INT || !t->ranged)
        return 0;
    *out = (span){t->lo, t->hi};
    return 1;
}

static int agg_span(const pay_check *pc, const ast_expr *e, span *out)
{
    int64_t n = iter_size(pc, e->iter);
    span v;
    if (n < 0)
        return 0;
    switch (e->op) {
    case AGG_COUNT: *out = (span){0, n}; return 1;
    case AGG_SUM:
        if (!expr_span(pc, e->b, &v))
            return 0;
        *out = (span){v.lo < 0 ? v.lo * n : 0, v.hi > 0 ? v.hi * n : 0};
        return 1;
    case AGG_MIN: case AGG_MAX: /* over nothing: 0 */
        if (!expr_span(pc, e->b, &v))
            return 0;
        *out = (span){v.lo < 0 ? v.lo : 0, v.hi > 0 ? v.hi : 0};
        return 1;
    default: return 0;
    }
}

static int binary_span(const pay_check *pc, const ast_expr *e, span *out)
{
    span a, b;
    if (!expr_span(pc, e->a, &a) || !expr_span(pc, e->b, &b))
        return 0;
    switch (e->op) {
    case OP_ADD: *out = (span){a.lo + b.lo, a.hi + b.hi}; return 1;
    case OP_SUB: *out = (span){a.lo - b.hi, a.hi - b.lo}; return 1;
    case OP_MUL: {
        int64_t p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
        *out = (span){p[0], p[0]};
        for (int k = 1; k < 4; k++) {
            out->lo = p[k] < out->lo ? p[k] : out->lo;
            out->hi = p[k] > out->hi ? p[k] : out->hi;
        }
        return 1;
    }
    default: return 0;
    }
}

/* The values e can take as far as the declared ranges tell; 0: unknown. */
static int expr_span(const pay_check *pc, const ast_expr *e, span *out)
{
    if (!e)
        return 0;
    if (oc_is_const(pc->res, e)) {
        *out = (span){oc_cval(pc->res, e), oc_cval(pc->res, e)};
        return 1;
    }
    span a, b;
    const ast_sym *named = oc_sym(pc->res, e); /* E_NAME, E_CALL */
    switch (e->kind) {
    case E_NAME: return named && (named->kind == SYM_VAR || named->kind == SYM_LOCAL) &&
                        type_span(&named->type, out);
    case E_INDEX:
        return oc_ix(pc->res, e) == IX_VAR && type_span(&oc_sym(pc->res, e->base)->type, out);
    case E_CALL:
        if (named && named->kind == SYM_FN &&
            !oc_decl_overrides(pc->res, named->decl)->noverriders)
            return type_span(&named->type, out) || expr_span(pc, named->decl->body_expr, out);
        return 0;
    case E_BINARY: return binary_span(pc, e, out);
    case E_UNARY:
        if (e->op != OP_NEG || !expr_span(pc, e->a, &a))
            return 0;
        *out = (span){-a.hi, -a.lo};
        return 1;
    case E_IF:
        if (!expr_span(pc, e->b, &a) || !expr_span(pc, e->c, &b))
            return 0;
        *out = (span){a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
        return 1;
    case E_CAPPED: {
        if (!expr_span(pc, e->a, &a) || !oc_is_const(pc->res, e->b))
            return 0;
        int64_t cap = oc_cval(pc->res, e->b);
        *out = (span){a.lo < cap ? a.lo : cap, a.hi < cap ? a.hi : cap};
        return 1;
    }
    case E_AGG: return agg_span(pc, e, out);
    default: return 0;
    }
}

/* Whether a condition is false for every value the ranges allow; *why is
 * the comparison that decides it. */
static int never_true(const pay_check *pc, const ast_expr *e, const ast_expr **why)
{
    if (oc_is_const(pc->res, e)) {
        *why = e;
        return !oc_cval(pc->res, e);
    }
    if (e->kind != E_BINARY)
        return 0;
    if (e->op == OP_AND)
        return never_true(pc, e->a, why) || never_true(pc, e->b, why);
    if (e->op == OP_OR)
        return never_true(pc, e->a, why) && never_true(pc, e->b, why);
    span a, b;
    if (e->op < OP_EQ || e->op > OP_GE || !expr_span(pc, e->a, &a) || !expr_span(pc, e->b, &b))
        return 0;
    *why = e;
    switch (e->op) {
    case OP_EQ: return a.hi < b.lo || a.lo > b.hi;
    case OP_NE: return a.lo == a.hi && b.lo == b.hi && a.lo == b.lo;
    case OP_LT: return a.lo >= b.hi;
    case OP_LE: return a.lo > b.hi;
    case OP_GT: return a.hi <= b.lo;
    default: return a.hi < b.lo; /* OP_GE */
    }
}

/* The first var an expression reads (for a note at its declaration). */
static const ast_decl *first_var(const pay_check *pc, const ast_expr *e)
{
    if (!e)
        return NULL;
    const ast_sym *s = e->kind == E_NAME ? oc_sym(pc->res, e) : NULL;
    if (s && s->kind == SYM_VAR)
        return s->decl;
    if (e->kind == E_INDEX && oc_ix(pc->res, e) == IX_VAR)
        return oc_sym(pc->res, e->base)->decl;
    const ast_decl *v = first_var(pc, e->a);
    return v ? v : e->kind == E_BINARY ? first_var(pc, e->b) : NULL;
}

static void note_declared(const pay_check *pc, diag *d, const ast_decl *v)
{
    if (v && v->loc.line && v->type && v->type->kind == TX_RANGE) {
        const ast_type *t = oc_typeexpr_type(pc->res, v->type);
        diag_note(d, v->loc, "'%s' is declared here as %d..%d", v->name, t->lo, t->hi);
    }
    else if (v && v->loc.line)
        diag_note(d, v->loc, "'%s' is declared here", v->name);
}

/* A note at what bounds e: the players or the enum a count runs over, else
 * the declaration of the first var it reads. */
static void note_source(const pay_check *pc, diag *d, const ast_expr *e)
{
    const ast_iter *it = e->kind == E_AGG ? e->iter : NULL;
    if (it && (it->kind == IT_PLAYERS || it->kind == IT_ALL_PLAYERS))
        diag_note(d, pc->f->players_loc, "at most %d players play", pc->f->max_players);
    else if (it && oc_iter_enum(pc->res, it)) {
        const ast_decl *enm = oc_iter_enum(pc->res, it);
        diag_note(d, enm->loc, "'%s' has %u members", enm->name, enm->nmembers);
    }
    else
        note_declared(pc, d, first_var(pc, e));
}

/* ------------------------------------------------------ up-front costs */

static const ast_decl *cost_var(const oc_resolution *res, const ast_cost *c)
{
    const ast_expr *t = c->target;
    const ast_sym *s = t->kind == E_INDEX ? oc_sym(res, t->base) : oc_sym(res, t);
    return s && s->kind == SYM_VAR ? s->decl : NULL;
}

typedef struct gain_scan {
    const oc_resolution *res;
    const ast_decl *var;
    const ast_stmt *first;  /* the first statement that may increase it */
} gain_scan;

static void find_gain(ast_stmt *s, void *arg)
{
    gain_scan *g = arg;
    if (s->kind != S_ASSIGN || s->u.assign.op == OP_SUB || g->first)
        return;
    const ast_expr *t = s->u.assign.target;
    const ast_sym *v = t->kind == E_INDEX ? oc_sym(g->res, t->base) : oc_sym(g->res, t);
    if (v && v->kind == SYM_VAR && v->decl == g->var)
        g->first = s;
}

/* The statement of `unit` that may increase v first, or NULL. */
static const ast_stmt *gain_in(const oc_resolution *res, ast_decl *unit, const ast_decl *v)
{
    gain_scan g = {res, v, NULL};
    ast_each_stmt(&unit->body, find_gain, &g);
    return g.first;
}

/* A cost whose resource only the action's own body increases, starting
 * below the cost: before the action nothing can have given it (TEO-P3). */
static void only_gained_inside(const pay_check *pc, diag *d, ast_decl *a, const ast_cost *c,
                               const ast_decl *v)
{
    span amount;
    if (!expr_span(pc, c->amount, &amount) || oc_init_value(pc->res, v) >= amount.lo)
        return;
    const ast_stmt *inside = gain_in(pc->res, a, v);
    if (!inside)
        return;
    if (pc->res->sequence && gain_in(pc->res, pc->res->sequence, v))
        return;
    for (uint32_t i = 0; i < pc->res->nfns; i++)
        if (pc->res->fns[i] != a && pc->res->fns[i]->kind == D_PROC &&
            gain_in(pc->res, pc->res->fns[i], v))
            return;
    diag_error(d, c->loc, "action '%s' pays this up-front cost from '%s', which only the action "
                          "itself gives: what it gains comes after its costs (TEO-P3), so the "
                          "cost can never be paid", a->name, v->name);
    diag_note(d, inside->loc, "'%s' is gained here, inside the action", v->name);
}

static void check_costs(const pay_check *pc, diag *d, ast_decl *a)
{
    for (const ast_cost *c = a->costs; c; c = c->next) {
        const ast_decl *v = cost_var(pc->res, c);
        if (!v)
            continue;
        if (v->per_action) {
            diag_error(d, c->loc, "action '%s' pays an up-front cost from '%s', a 'per action' "
                                  "resource: it is reset when the action begins, so only what "
                                  "the action gains could pay it, and that comes after its costs "
                                  "(TEO-P3)", a->name, v->name);
            diag_note(d, v->loc, "'%s' is declared 'per action' here", v->name);
            continue;
        }
        only_gained_inside(pc, d, a, c, v);
        span amount, held;
        if (!oc_decl_facts_of(pc->res, v)->substitute && !(c->pay && c->pay->nalts) &&
            expr_span(pc, c->amount, &amount) && expr_span(pc, c->target, &held) &&
            amount.lo > held.hi) {
            diag_warning(d, DIAG_W_ACTION_UNTAKEN, c->loc, "action '%s' can never be taken: this cost is at least %lld, "
                                    "but '%s' never holds more than %lld", a->name,
                         (long long)amount.lo, v->name, (long long)held.hi);
            note_declared(pc, d, v);
        }
    }
}

static void check_precondition(const pay_check *pc, diag *d, const ast_decl *a)
{
    const ast_expr *why = NULL;
    if (!a->guard || !never_true(pc, a->guard, &why))
        return;
    diag_warning(d, DIAG_W_ACTION_UNTAKEN, why->loc, "action '%s' can never be taken: its 'when' condition is false for "
                              "every value the declared ranges allow", a->name);
    note_source(pc, d, why->kind == E_BINARY && oc_is_const(pc->res, why->a) ? why->b
                      : why->kind == E_BINARY ? why->a : why);
}

/* ------------------------------------------- pays past the look-ahead */

#define MAX_BODY_PAYS 256   /* pays of one action's body looked at */

typedef struct pay_list {
    const ast_stmt *v[MAX_BODY_PAYS];
    uint32_t n;
} pay_list;

static void list_pay(ast_stmt *s, void *arg)
{
    pay_list *l = arg;
    if (s->kind == S_PAY && l->n < MAX_BODY_PAYS)
        l->v[l->n++] = s;
}

static const ast_decl *cell_var(const oc_resolution *res, const ast_expr *cell)
{
    const ast_sym *s = cell->kind == E_INDEX ? oc_sym(res, cell->base) : oc_sym(res, cell);
    return s && s->kind == SYM_VAR ? s->decl : NULL;
}

/* Two cells that may be the same when played: one var, and no index two
 * different constants. */
static int may_meet(const oc_resolution *res, const ast_expr *a, const ast_expr *b)
{
    if (!cell_var(res, a) || cell_var(res, a) != cell_var(res, b))
        return 0;
    for (uint32_t k = 0; a->kind == E_INDEX && b->kind == E_INDEX && k < a->nargs &&
                         k < b->nargs; k++)
        if (oc_is_const(res, a->args[k]) && oc_is_const(res, b->args[k]) &&
            oc_cval(res, a->args[k]) != oc_cval(res, b->args[k]))
            return 0;
    return 1;
}

/* The cells a pay draws on: its source, its `or` sources (and, by var, a
 * substitute's: its cell is the substitute var's). */
static uint32_t pay_cells(const oc_resolution *res, const ast_stmt *s, const ast_expr **out)
{
    uint32_t n = 0;
    out[n++] = s->u.assign.target;
    const oc_payment *pm = oc_stmt_payment(res, s);
    for (uint32_t i = 0; pm && i < pm->nalts; i++)
        out[n++] = pm->alts[i];
    return n;
}

/* The cell of q that a way of p may spend, or NULL. */
static const ast_expr *shared_cell(const oc_resolution *res, const ast_stmt *p,
                                   const ast_stmt *q)
{
    const ast_expr *a[1 + AST_PAY_MAX_ALTS], *b[1 + AST_PAY_MAX_ALTS];
    uint32_t na = pay_cells(res, p, a), nb = pay_cells(res, q, b);
    for (uint32_t i = 0; i < nb; i++)
        for (uint32_t k = 0; k < na; k++)
            if (may_meet(res, a[k], b[i]))
                return b[i];
    const ast_decl *sp = oc_pay_substitute(res, p), *sq = oc_pay_substitute(res, q);
    if (sp && sp == sq)
        return q->u.assign.target;
    return NULL;
}

/* A pay whose payer chooses a way, and a later pay of the same action that
 * may draw on what those ways spend, which its look-ahead does not cover
 * (issue 29, 2): a way offered may leave the later pay short. */
static void check_body_pays(const pay_check *pc, diag *d, ast_decl *a)
{
    pay_list l = {.n = 0};
    ast_each_stmt(&a->body, list_pay, &l);
    for (uint32_t i = 0; i < l.n; i++) {
        const oc_payment *pm = oc_stmt_payment(pc->res, l.v[i]);
        if (!pm)
            continue;
        uint32_t k = i + 1;
        while (pm->ahead && k < l.n && l.v[k - 1] != pm->ahead)
            k++; /* the pays its look-ahead covers */
        for (; k < l.n; k++) {
            const ast_expr *cell = shared_cell(pc->res, l.v[i], l.v[k]);
            if (!cell)
                continue;
            int steady = oc_steady_pay(pc->res, l.v[i]) && oc_steady_pay(pc->res, l.v[k]);
            diag_warning(d, DIAG_W_PAY_LOOKAHEAD, l.v[i]->loc,
                         "a way offered here may leave the pay at line %lu unpayable: it is "
                         "not looked ahead of (%s)", (unsigned long)ast_line(l.v[k]->loc),
                         steady ? "a statement between" : "an amount read from state");
            diag_note(d, l.v[k]->loc, "this pay draws on '%s', which a way offered above "
                                      "may spend; pay both in one run, or in 'pay in any "
                                      "order'", cell_var(pc->res, cell)->name);
            break;
        }
    }
}

/* --------------------------------------------------- substitutes, caps */

static void check_substitute(const pay_check *pc, diag *d, const ast_decl *s)
{
    const oc_decl_facts *sf = oc_decl_facts_of(pc->res, s);
    if (!sf->sub_res || sf->sub_used)
        return;
    diag_warning(d, DIAG_W_SUBSTITUTE_UNOFFERED, s->loc, "substitute '%s' for '%s' is never offered: no 'pay' or 'cost' takes "
                            "from '%s'", sf->sub_decl->name, sf->sub_res->name, sf->sub_res->name);
}

static void check_cap(const pay_check *pc, diag *d, const ast_expr *e)
{
    span v;
    if (!oc_is_const(pc->res, e->b) || oc_is_const(pc->res, e->a) || !expr_span(pc, e->a, &v) ||
        v.hi >= oc_cval(pc->res, e->b))
        return;
    diag_warning(d, DIAG_W_CAP_UNREACHED, e->b->loc, "the cap %d is never reached: the value capped is at most %lld",
                 oc_cval(pc->res, e->b), (long long)v.hi);
    note_source(pc, d, e->a);
}

void oc_check_payments(ast_file *f, const oc_resolution *res, diag *d)
{
    pay_check pc = {f, res};
    for (ast_decl *x = f->decls; x; x = x->next) {
        if (x->kind == D_PROC && x->is_action) {
            check_precondition(&pc, d, x);
            check_costs(&pc, d, x);
            check_body_pays(&pc, d, x);
        } else if (x->kind == D_SUBSTITUTE) {
            check_substitute(&pc, d, x);
        }
    }
    for (uint32_t i = 0; i < res->ncaps; i++)
        check_cap(&pc, d, res->caps[i]);
}

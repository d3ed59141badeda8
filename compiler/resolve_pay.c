/* resolve_pay.c — the ways to pay (doc/language.md "Paying: the payer's
 * choice"), one definition for `can A(...)` and for the decision at each
 * payment, so that the two cannot disagree.
 *
 * A payment's ways: `pay N from A or B or C` pays k units from B and C
 * (every k their declared ranges allow) and the rest from A; a substitute
 * (`substitute S[p] for A[p]`) is one more way, one unit of S for all of
 * it. Each way is an option row; its guard says it can be paid now.
 *
 * An action's costs: they can all be paid when some sequence of ways pays
 * them, which is a transportation problem (costs draw on cells), decided
 * exactly by Hall's condition: for every set of costs that share cells,
 * what they ask is at most what their cells hold, once the substitutes
 * chosen for some of them are set aside. `can` asks it of all the costs;
 * a way at cost j is offered when it can be paid now and the costs after
 * it can still be paid after it. So `can` holds exactly when a way is
 * offered at the first cost, and every way offered leads to a paid
 * action. Bounds (doc/language.md): 3 `or` sources, 64 ways a payment,
 * 6 costs an action with a payment of several ways, 4,096 comparisons in
 * one action's guards. */
#include "resolve_int.h"

#define MAX_SPLITS 32   /* k vectors of one payment (two ways each) */
#define MAX_COSTS 6
#define MAX_TERMS 4096

/* ------------------------------------------------- sources, substitutes */

/* What a cost or a `pay` takes from: an element of a resource. */
void rs_payment(resolver *r, ast_expr *amount, ast_expr *target, const char *what)
{
    rs_expr_noroll(r, amount, TY_INT, what, "in an amount paid");
    rs_expr(r, target);
    if (rs_is_err(rs_type(r, target)))
        return;
    int cell = target->kind == E_INDEX && oc_ix(r->out, target) == IX_VAR;
    ast_sym *v = target->kind == E_NAME ? rs_sym(r, target) : cell ? rs_sym(r, target->base) : NULL;
    if (!v || v->kind != SYM_VAR || !v->decl->resource)
        diag_error(r->d, target->loc,
                   "payments are taken from a resource ('%s' is not one: declare it with "
                   "'resource' instead of 'var')",
                   v ? v->name : "this");
}

/* The substitute offered at a payment from `target`, or NULL. */
ast_decl *rs_payment_substitute(resolver *r, const ast_expr *target)
{
    int cell = target->kind == E_INDEX && oc_ix(r->out, target) == IX_VAR;
    const ast_sym *v = cell ? rs_sym(r, target->base)
                       : target->kind == E_NAME ? rs_sym(r, target) : NULL;
    ast_decl *sub = v && v->kind == SYM_VAR ? rs_decl_facts(r, v->decl)->substitute : NULL;
    if (!sub)
        return NULL;
    rs_decl_facts(r, sub)->sub_used = 1;
    return sub;
}

/* ------------------------------------------------------ building nodes */

static ast_expr *truth(resolver *r, ast_loc at, int v)
{
    ast_expr *e = rs_new_expr(r);
    e->kind = E_BOOL;
    e->loc = at;
    e->ival = v;
    rs_set_type(r, e, rs_bare_type(TY_BOOL));
    rs_set_const(r, e, v);
    return e;
}

static ast_expr *num(resolver *r, ast_loc at, int64_t v)
{
    ast_expr *e = rs_new_expr(r);
    e->kind = E_INT;
    e->loc = at;
    e->ival = v;
    rs_set_type(r, e, rs_bare_type(TY_INT));
    rs_set_const(r, e, v);
    return e;
}

static ast_expr *bin(resolver *r, int op, ast_expr *a, ast_expr *b, int ty)
{
    ast_expr *e = rs_new_expr(r);
    e->kind = E_BINARY;
    e->op = (uint8_t)op;
    e->loc = e->op_loc = a->loc;
    e->a = a;
    e->b = b;
    rs_set_type(r, e, rs_bare_type(ty));
    e->depth = (uint16_t)((a->depth > b->depth ? a->depth : b->depth) + 1);
    return e;
}

static ast_expr *cmp(resolver *r, int op, ast_expr *a, ast_expr *b)
{
    return bin(r, op, a, b, TY_BOOL);
}

/* v[0] op v[1] op ... as a balanced tree (the guards can be long, and
 * the lowering walks them recursively); none: `and` is true, `or` false. */
static ast_expr *fold(resolver *r, int op, ast_expr **v, uint32_t n, ast_loc at)
{
    if (n == 0)
        return truth(r, at, op == OP_AND);
    if (n == 1)
        return v[0];
    uint32_t h = n / 2;
    return cmp(r, op, fold(r, op, v, h, at), fold(r, op, v + h, n - h, at));
}

/* Two payment cells that are surely the same (same var, indexes the same
 * constants or the same names). Cells written differently that happen to
 * be equal when played are counted apart (doc/language.md says so). */
int rs_same_cell(resolver *r, const ast_expr *a, const ast_expr *b)
{
    if (a->kind != E_INDEX || b->kind != E_INDEX || rs_sym(r, a->base) != rs_sym(r, b->base))
        return a->kind == E_NAME && b->kind == E_NAME && rs_sym(r, a) == rs_sym(r, b);
    for (uint32_t k = 0; k < a->nargs; k++) {
        const ast_expr *x = a->args[k], *y = b->args[k];
        int consts = oc_is_const(r->out, x) && oc_is_const(r->out, y);
        int same = consts ? oc_cval(r->out, x) == oc_cval(r->out, y)
                          : x->kind == E_NAME && y->kind == E_NAME && rs_sym(r, x) == rs_sym(r, y);
        if (!same)
            return 0;
    }
    return 1;
}

/* The substitute d's cell for a payment from `target` (its pattern's
 * names are the payment's indexes). */
static ast_expr *sub_cell(resolver *r, const ast_decl *d, const ast_expr *target)
{
    const oc_decl_facts *sf = rs_decl_facts(r, d);
    ast_expr *cell = rs_new_expr(r);
    cell->loc = target->loc;
    rs_set_type(r, cell, rs_decl_sym(r, sf->sub_decl)->type);
    cell->kind = E_NAME;
    rs_set_sym(r, cell, rs_decl_sym(r, sf->sub_decl));
    if (!sf->sub_decl->ndims)
        return cell;
    ast_expr *base = cell;
    cell = rs_new_expr(r);
    *cell = *base;
    cell->id = rs_new_expr_id(r); /* a node of its own, with the same facts */
    rs_set_type(r, cell, *rs_type(r, base));
    rs_set_sym(r, cell, rs_sym(r, base));
    cell->kind = E_INDEX;
    rs_facts(r, cell)->ix = IX_VAR;
    cell->base = base;
    cell->nargs = sf->sub_decl->ndims;
    cell->args = ARENA_ARRAY(r->a, ast_expr *, cell->nargs);
    for (uint32_t k = 0; k < cell->nargs; k++)
        cell->args[k] = target->args[sf->sub_map[k]];
    return cell;
}

/* ------------------------------------------------- what a way takes */

typedef struct part {
    const ast_expr *cell;
    ast_expr *amount;
} part;

typedef struct taken {
    part v[1 + AST_PAY_MAX_ALTS];
    uint32_t n;
} taken;

/* What `cell` holds once `tk` is taken out. */
static ast_expr *held(resolver *r, const ast_expr *cell, const taken *tk)
{
    ast_expr *h = (ast_expr *)cell;
    for (uint32_t i = 0; tk && i < tk->n; i++)
        if (rs_same_cell(r, cell, tk->v[i].cell))
            h = bin(r, OP_SUB, h, tk->v[i].amount, TY_INT);
    return h;
}

static void take(taken *tk, const ast_expr *cell, ast_expr *amount)
{
    tk->v[tk->n].cell = cell;
    tk->v[tk->n++].amount = amount;
}

/* What way w of a payment takes. */
static void way_parts(resolver *r, const ast_way *w, const oc_payment *pm, ast_expr *amount,
                      const ast_expr *target, taken *tk)
{
    tk->n = 0;
    if (w->sub) {
        take(tk, sub_cell(r, pm->substitute, target), num(r, target->loc, 1));
        return;
    }
    if (w->has_param)
        take(tk, target, w->ksum ? bin(r, OP_SUB, amount, num(r, amount->loc, w->ksum), TY_INT)
                                 : amount);
    for (uint32_t i = 0; i < pm->nalts; i++)
        if (w->k[i])
            take(tk, pm->alts[i], num(r, target->loc, w->k[i]));
}

/* ------------------------------------------- the costs, Hall's condition */

/* A payment due: an action's cost, or a `pay` of its body (the checks
 * below work on either). */
typedef struct due {
    ast_loc loc;
    ast_expr *amount, *target;
    const oc_payment *pm;         /* its ways, or NULL: one */
} due;

/* The cells cost c draws on: its target, then its `or` sources. */
static uint32_t cells_of(const due *c, const ast_expr **out)
{
    out[0] = c->target;
    uint32_t n = 1;
    const oc_payment *pm = c->pm;
    for (uint32_t i = 0; pm && i < pm->nalts; i++)
        out[n++] = pm->alts[i];
    return n;
}

static int share(resolver *r, const due *a, const due *b)
{
    const ast_expr *x[1 + AST_PAY_MAX_ALTS], *y[1 + AST_PAY_MAX_ALTS];
    uint32_t nx = cells_of(a, x), ny = cells_of(b, y);
    for (uint32_t i = 0; i < nx; i++)
        for (uint32_t k = 0; k < ny; k++)
            if (rs_same_cell(r, x[i], y[k]))
                return 1;
    return 0;
}

/* Whether the costs in set s (bits over cs[j..]) are linked by shared
 * cells: a set that is not is implied by its linked parts. */
static int linked(resolver *r, const due *cs, uint32_t j, uint32_t m, uint32_t s)
{
    uint32_t seen = s & (~s + 1), grew = 1;
    while (grew) {
        grew = 0;
        for (uint32_t a = 0; a < m; a++)
            for (uint32_t b = 0; b < m; b++)
                if ((seen >> a & 1) && (s >> b & 1) && !(seen >> b & 1) &&
                    share(r, &cs[j + a], &cs[j + b])) {
                    seen |= 1u << b;
                    grew = 1;
                }
    }
    return seen == s;
}

/* What the costs of set s ask is at most what their cells hold. */
static ast_expr *hall(resolver *r, const due *cs, uint32_t j, uint32_t m, uint32_t s,
                      const taken *tk)
{
    const ast_expr *cells[MAX_COSTS * (1 + AST_PAY_MAX_ALTS)];
    uint32_t nc = 0;
    ast_expr *ask = NULL, *have = NULL;
    for (uint32_t a = 0; a < m; a++) {
        if (!(s >> a & 1))
            continue;
        const due *c = &cs[j + a];
        ask = ask ? bin(r, OP_ADD, ask, c->amount, TY_INT) : c->amount;
        const ast_expr *x[1 + AST_PAY_MAX_ALTS];
        uint32_t nx = cells_of(c, x);
        for (uint32_t i = 0; i < nx; i++) {
            uint32_t k = 0;
            while (k < nc && !rs_same_cell(r, cells[k], x[i]))
                k++;
            if (k < nc)
                continue;
            cells[nc++] = x[i];
            ast_expr *h = held(r, x[i], tk);
            have = have ? bin(r, OP_ADD, have, h, TY_INT) : h;
        }
    }
    return cmp(r, OP_LE, ask, have);
}

/* The substitutes of set u (bits over cs[j..]) can be used: each cost has
 * something to pay, and each substitute cell holds one unit for each of
 * the costs it covers. */
static void subs_ok(resolver *r, const due *cs, uint32_t j, uint32_t m, uint32_t u,
                    const taken *tk, ast_expr **v, uint32_t *nv)
{
    ast_expr *cell[MAX_COSTS];
    for (uint32_t a = 0; a < m; a++)
        if (u >> a & 1)
            cell[a] = sub_cell(r, cs[j + a].pm->substitute, cs[j + a].target);
    for (uint32_t a = 0; a < m; a++) {
        if (!(u >> a & 1))
            continue;
        v[(*nv)++] = cmp(r, OP_GT, cs[j + a].amount, num(r, cs[j + a].loc, 0));
        int first = 1, count = 0;
        for (uint32_t b = 0; b < m; b++)
            if ((u >> b & 1) && rs_same_cell(r, cell[a], cell[b])) {
                first &= b >= a;
                count++;
            }
        if (first)
            v[(*nv)++] = cmp(r, OP_GE, held(r, cell[a], tk), num(r, cs[j + a].loc, count));
    }
}

/* Costs cs[j..n) can all be paid once `tk` is taken out: for some set u
 * of them paid by their substitutes, Hall's condition over the rest. */
static ast_expr *payable(resolver *r, const due *cs, uint32_t j, uint32_t n, const taken *tk,
                         uint32_t *terms)
{
    uint32_t m = n - j, subs = 0;
    ast_loc at = cs[j < n ? j : 0].loc;
    if (m == 0)
        return truth(r, at, 1);
    for (uint32_t a = 0; a < m; a++)
        if (cs[j + a].pm && cs[j + a].pm->substitute)
            subs |= 1u << a;
    ast_expr **alts = ARENA_ARRAY(r->a, ast_expr *, 1u << m);
    ast_expr **v = ARENA_ARRAY(r->a, ast_expr *, (1u << m) + 2 * m);
    uint32_t nalts = 0, all = (1u << m) - 1;
    for (uint32_t u = 0; u <= all; u++) {
        if (u & ~subs)
            continue;
        uint32_t nv = 0;
        subs_ok(r, cs, j, m, u, tk, v, &nv);
        uint32_t rest = all & ~u;
        for (uint32_t s = rest; s; s = (s - 1) & rest)
            if (linked(r, cs, j, m, s))
                v[nv++] = hall(r, cs, j, m, s, tk);
        *terms += nv;
        alts[nalts++] = fold(r, OP_AND, v, nv, at);
        v = ARENA_ARRAY(r->a, ast_expr *, (1u << m) + 2 * m);
    }
    return fold(r, OP_OR, alts, nalts, at);
}

/* ------------------------------------------------------- the ways */

static const char *src_name(const resolver *r, const ast_expr *cell)
{
    const ast_expr *b = cell->kind == E_INDEX ? cell->base : cell;
    return rs_sym(r, b) ? rs_sym(r, b)->name : "?";
}

/* "pay {} blue + 1 gold" (mixed), "pay 1 gold" (exact), "pay {} blue". */
static const char *way_label(resolver *r, const oc_payment *pm, const ast_expr *target,
                             const int32_t *k, int with_first)
{
    char buf[256];
    size_t len = (size_t)snprintf(buf, sizeof buf, "pay");
    const char *sep = " ";
    if (with_first) {
        len += (size_t)snprintf(buf + len, sizeof buf - len, " {} %s", src_name(r, target));
        sep = " + ";
    }
    for (uint32_t i = 0; i < pm->nalts && len < sizeof buf; i++)
        if (k[i]) {
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%d %s", sep, (int)k[i],
                                    src_name(r, pm->alts[i]));
            sep = " + ";
        }
    return arena_strdup(r->a, buf);
}

/* The guard of a way as it stands now (what it takes is held). */
static ast_expr *way_held(resolver *r, const ast_way *w, const oc_payment *pm, ast_expr *amount,
                          const ast_expr *target)
{
    taken tk;
    way_parts(r, w, pm, amount, target, &tk);
    ast_expr *v[2 + 1 + AST_PAY_MAX_ALTS];
    uint32_t nv = 0;
    if (!w->sub && w->ksum)
        v[nv++] = cmp(r, w->has_param ? OP_GT : OP_EQ, amount, num(r, amount->loc, w->ksum));
    for (uint32_t i = 0; i < tk.n; i++)
        v[nv++] = cmp(r, OP_GE, (ast_expr *)tk.v[i].cell, tk.v[i].amount);
    return fold(r, OP_AND, v, nv, target->loc);
}

/* Offer order, which is also a bot's default (the first way offered):
 * fewest units from the `or` sources, and among those the earlier
 * sources drained first; the substitute last. */
static int way_before(const ast_way *a, const ast_way *b, uint32_t nalts)
{
    if (a->ksum != b->ksum)
        return a->ksum < b->ksum;
    for (uint32_t i = nalts; i-- > 0;)
        if (a->k[i] != b->k[i])
            return a->k[i] < b->k[i];
    return a->has_param > b->has_param;
}

static void add_way(oc_payment *pm, const int32_t *k, int32_t ksum, int has_param,
                    const char *label)
{
    ast_way *w = &pm->ways[pm->nways++];
    memset(w, 0, sizeof *w);
    memcpy(w->k, k, sizeof w->k);
    w->ksum = ksum;
    w->has_param = (uint8_t)has_param;
    w->label = label;
    /* insertion into the offer order */
    for (uint32_t i = pm->nways - 1; i > 0 && way_before(&pm->ways[i], &pm->ways[i - 1],
                                                         pm->nalts); i--) {
        ast_way t = pm->ways[i];
        pm->ways[i] = pm->ways[i - 1];
        pm->ways[i - 1] = t;
    }
}

/* Every split between the `or` sources (k_i in 0..hi_i), then the
 * substitute's way. */
static void list_ways(resolver *r, oc_payment *pm, const ast_expr *target)
{
    int32_t hi[AST_PAY_MAX_ALTS] = {0}, k[AST_PAY_MAX_ALTS] = {0};
    uint32_t splits = 1;
    for (uint32_t i = 0; i < pm->nalts; i++) {
        hi[i] = rs_type(r, pm->alts[i])->hi;
        splits *= (uint32_t)hi[i] + 1;
    }
    pm->ways = ARENA_ARRAY(r->a, ast_way, 2 * splits + 1);
    for (uint32_t x = 0; x < splits; x++) {
        uint32_t y = x;
        int32_t sum = 0;
        for (uint32_t i = 0; i < pm->nalts; i++) {
            k[i] = (int32_t)(y % ((uint32_t)hi[i] + 1));
            y /= (uint32_t)hi[i] + 1;
            sum += k[i];
        }
        add_way(pm, k, sum, 1, way_label(r, pm, target, k, 1));
        if (sum)
            add_way(pm, k, sum, 0, way_label(r, pm, target, k, 0));
    }
    if (pm->substitute) {
        ast_way *w = &pm->ways[pm->nways++];
        memset(w, 0, sizeof *w);
        w->sub = 1;
        w->label = pm->substitute->label.text;
    }
}

/* ------------------------------------------------- checks, entry points */

/* The `or` sources of a payment: resources with a small declared range,
 * none the same cell as another, and a first source indexed by player. */
static int check_alts(resolver *r, oc_payment *pm, const ast_expr *target)
{
    int ok = 1;
    uint32_t splits = 1;
    if (pm->nalts > AST_PAY_MAX_ALTS) {
        diag_error(r->d, pm->alts[AST_PAY_MAX_ALTS]->loc,
                   "a payment has at most %d 'or' sources", AST_PAY_MAX_ALTS);
        return 0;
    }
    for (uint32_t i = 0; i < pm->nalts; i++) {
        ast_expr *x = pm->alts[i];
        rs_payment(r, num(r, x->loc, 0), x, "a source");
        if (rs_is_err(rs_type(r, x)))
            return 0;
        const ast_decl *v = rs_sym(r, x->kind == E_INDEX ? x->base : x)->decl;
        if (!v->resource)
            return 0; /* rs_payment said so */
        if (!rs_type(r, x)->ranged || rs_type(r, x)->lo < 0) {
            diag_error(r->d, x->loc, "an 'or' source needs a declared range from 0 ('%s' has "
                                     "none): the payer's ways are counted from it", v->name);
            return 0;
        }
        splits *= (uint32_t)rs_type(r, x)->hi + 1;
        for (uint32_t k = 0; k <= i; k++) {
            const ast_expr *before = k ? pm->alts[k - 1] : target;
            if (rs_same_cell(r, before, x)) {
                diag_error(r->d, x->loc, "'%s' is already a source of this payment",
                           src_name(r, x));
                ok = 0;
                break;
            }
        }
        if (splits > MAX_SPLITS) {
            diag_error(r->d, x->loc, "too many ways to pay: the 'or' sources allow %u splits "
                                     "(at most %d: the ways must stay few enough to offer)",
                       splits, MAX_SPLITS);
            diag_note(r->d, v->loc, "'%s' may hold up to %d; a smaller range gives fewer ways",
                      v->name, (int)rs_type(r, x)->hi);
            return 0;
        }
    }
    return ok;
}

/* Who decides: the first source's player index (a substitute's too). */
static int payer_index(resolver *r, oc_payment *pm, const ast_expr *target)
{
    if (pm->substitute && !pm->nalts) {
        pm->payer_ix = rs_decl_facts(r, pm->substitute)->sub_payer;
        return 1;
    }
    const ast_decl *v = rs_sym(r, target->kind == E_INDEX ? target->base : target)->decl;
    for (uint32_t j = 0; j < v->ndims; j++)
        if (v->dims[j].kind == DIM_PLAYER) {
            pm->payer_ix = (int8_t)j;
            return 1;
        }
    diag_error(r->d, target->loc, "a payment with 'or' sources needs its first source "
                                  "indexed by player: that player chooses how to pay");
    return 0;
}

/* A payment's ways, their guards as they stand now, and when the payer
 * is asked: holding an `or` source or the substitute (and, in a body,
 * with some way open: else the plain payment is short, E_DENIED). NULL:
 * one way only, the plain payment. */
oc_payment *rs_pay_ways(resolver *r, const ast_payment *written, ast_expr *amount,
                        ast_expr *target, int is_cost)
{
    if (rs_is_err(rs_type(r, target)) || rs_is_err(rs_type(r, amount)))
        return NULL;
    ast_decl *sub = rs_payment_substitute(r, target);
    if (!written && !sub)
        return NULL;
    oc_payment *pm = ARENA_NEW(r->a, oc_payment);
    if (written) {
        pm->alts = written->alts;
        pm->nalts = written->nalts;
    }
    pm->substitute = sub;
    if (!check_alts(r, pm, target) || !payer_index(r, pm, target))
        return NULL;
    list_ways(r, pm, target);
    ast_expr *v[2 + AST_PAY_MAX_ALTS], *pool = (ast_expr *)target;
    uint32_t nv = 0;
    for (uint32_t i = 0; i < pm->nalts; i++) {
        v[nv++] = cmp(r, OP_GE, pm->alts[i], num(r, target->loc, 1));
        pool = bin(r, OP_ADD, pool, pm->alts[i], TY_INT);
    }
    ast_expr *alts = fold(r, OP_OR, v, nv, target->loc);
    if (!is_cost && nv)
        alts = cmp(r, OP_AND, alts, cmp(r, OP_GE, pool, amount));
    ast_expr *s = sub ? cmp(r, OP_GE, sub_cell(r, sub, target), num(r, target->loc, 1)) : NULL;
    pm->asked = s ? (nv ? cmp(r, OP_OR, alts, s) : s) : alts;
    for (uint32_t i = 0; i < pm->nways; i++)
        pm->ways[i].guard = way_held(r, &pm->ways[i], pm, amount, target);
    return pm;
}

/* Costs with one way each: Hall's condition comes down to, for each
 * cell, what all the costs from it ask (so any number of them may be
 * checked, each cell once). */
static ast_expr *plain_costs(resolver *r, ast_cost **cs, uint32_t n)
{
    ast_expr **v = ARENA_ARRAY(r->a, ast_expr *, n);
    uint32_t nv = 0;
    for (uint32_t m = 0; m < n; m++) {
        ast_expr *ask = cs[m]->amount;
        int first = 1;
        for (uint32_t i = 0; i < n; i++)
            if (i != m && rs_same_cell(r, cs[i]->target, cs[m]->target)) {
                first &= i > m;
                ask = bin(r, OP_ADD, ask, cs[i]->amount, TY_INT);
            }
        if (first)
            v[nv++] = cmp(r, OP_GE, cs[m]->target, ask);
    }
    return fold(r, OP_AND, v, nv, cs[0]->loc);
}

/* Each way of payment j (pm) is offered only when the payments due after
 * it, ds[j+1..n), can still be paid once it is made. */
static void keep_later_payable(resolver *r, oc_payment *pm, const due *ds, uint32_t j, uint32_t n,
                               uint32_t *terms)
{
    for (uint32_t i = 0; pm && i < pm->nways; i++) {
        taken tk;
        way_parts(r, &pm->ways[i], pm, ds[j].amount, ds[j].target, &tk);
        pm->ways[i].guard = cmp(r, OP_AND, pm->ways[i].guard,
                                payable(r, ds, j + 1, n, &tk, terms));
    }
}

/* An action's costs (already resolved, their ways listed): each way's
 * guard also asks that the later costs stay payable after it; returns
 * what `can` asks of the costs. */
ast_expr *rs_cost_ways(resolver *r, ast_decl *d, ast_cost **cs, uint32_t n)
{
    int ways = 0;
    for (uint32_t j = 0; j < n; j++)
        ways |= *rs_cost_payment(r, cs[j]) != NULL;
    if (!ways) /* as before the payer's choice, and any number of costs */
        return plain_costs(r, cs, n);
    if (n > MAX_COSTS) {
        diag_error(r->d, cs[MAX_COSTS]->loc, "action '%s' has %u costs, and one of them "
                                             "several ways to pay: at most %d (the ways to pay "
                                             "them together are checked as one)",
                   d->name, n, MAX_COSTS);
        return truth(r, d->loc, 1);
    }
    due *ds = ARENA_ARRAY(r->a, due, n);
    for (uint32_t j = 0; j < n; j++)
        ds[j] = (due){cs[j]->loc, cs[j]->amount, cs[j]->target, *rs_cost_payment(r, cs[j])};
    uint32_t terms = 0;
    for (uint32_t j = 0; j < n; j++)
        keep_later_payable(r, *rs_cost_payment(r, cs[j]), ds, j, n, &terms);
    ast_expr *can = payable(r, ds, 0, n, NULL, &terms);
    if (terms > MAX_TERMS)
        diag_error(r->d, d->loc, "checking the ways to pay the costs of action '%s' takes %u "
                                 "comparisons (at most %d): fewer costs, or fewer 'or' sources",
                   d->name, terms, MAX_TERMS);
    return can;
}

/* ------------------------------------------- the pays of an action's body */

/* Whether e reads no state: constants, params and locals, arithmetic of
 * them; so it has the same value a few statements earlier. */
static int steady(const oc_resolution *res, const ast_expr *e)
{
    if (oc_is_const(res, e))
        return 1;
    switch (e->kind) {
    case E_INT: case E_BOOL: case E_PLAYER: case E_NONE: return 1;
    case E_NAME: {
        const ast_sym *s = oc_sym(res, e);
        return s && (s->kind == SYM_LOCAL || s->kind == SYM_CONST || s->kind == SYM_MEMBER);
    }
    case E_UNARY: return steady(res, e->a);
    case E_BINARY: return steady(res, e->a) && steady(res, e->b);
    default: return 0;
    }
}

static int steady_cell(const oc_resolution *res, const ast_expr *cell)
{
    for (uint32_t k = 0; cell->kind == E_INDEX && k < cell->nargs; k++)
        if (!steady(res, cell->args[k]))
            return 0;
    return 1;
}

/* A `pay` whose amount and cells can be read ahead of it (the checks ask
 * it too: a pay past the look-ahead, check_pay.c). */
int oc_steady_pay(const oc_resolution *res, const ast_stmt *s)
{
    if (s->kind != S_PAY || !steady(res, s->u.assign.value) ||
        !steady_cell(res, s->u.assign.target))
        return 0;
    const oc_payment *pm = oc_stmt_payment(res, s);
    for (uint32_t i = 0; pm && i < pm->nalts; i++)
        if (!steady_cell(res, pm->alts[i]))
            return 0;
    return 1;
}

static int steady_pay(resolver *r, const ast_stmt *s)
{
    return s->kind == S_PAY && !rs_is_err(rs_type(r, s->u.assign.target)) &&
           oc_steady_pay(r->out, s);
}

/* A run of pays s[0..n), one after another: a way at one is offered only
 * when those after it can still be paid after it, and the payer is asked
 * only when some way is open (else the plain payment: short, E_DENIED or
 * the undo of a tentative action, as before). */
static void run_of_pays(resolver *r, const ast_decl *d, ast_stmt **s, uint32_t n)
{
    int ways = 0;
    due *ds = ARENA_ARRAY(r->a, due, n);
    for (uint32_t j = 0; j < n; j++) {
        oc_payment *pm = rs_stmt_facts(r, s[j])->pay;
        ds[j] = (due){s[j]->loc, s[j]->u.assign.value, s[j]->u.assign.target, pm};
        ways |= j + 1 < n && pm;
    }
    if (!ways)
        return;
    uint32_t terms = 0;
    for (uint32_t j = 0; j + 1 < n; j++) {
        oc_payment *pm = rs_stmt_facts(r, s[j])->pay;
        if (!pm)
            continue;
        keep_later_payable(r, pm, ds, j, n, &terms);
        pm->ahead = s[n - 1];
        ast_expr **open = ARENA_ARRAY(r->a, ast_expr *, pm->nways);
        for (uint32_t i = 0; i < pm->nways; i++)
            open[i] = pm->ways[i].guard;
        pm->asked = cmp(r, OP_AND, pm->asked, fold(r, OP_OR, open, pm->nways, s[j]->loc));
    }
    if (terms > MAX_TERMS)
        diag_error(r->d, s[0]->loc, "checking the ways to pay the pays of action '%s' takes %u "
                                    "comparisons (at most %d): fewer pays in a row, or fewer "
                                    "'or' sources", d->name, terms, MAX_TERMS);
}

/* The pays of an action's own body that follow one another (issue 29, 2):
 * no way offered at one leaves a later one of the same action unpaid. A
 * run ends at any other statement (what it does is not known ahead), at
 * a pay that reads state, and at MAX_COSTS pays. */
void rs_body_pays(resolver *r, const ast_decl *d)
{
    ast_stmt *run[MAX_COSTS];
    uint32_t n = 0;
    for (ast_stmt *s = d->body.first;; s = s->next) {
        if (s && steady_pay(r, s) && n < MAX_COSTS) {
            run[n++] = s;
            continue;
        }
        if (n >= 2)
            run_of_pays(r, d, run, n);
        n = 0;
        if (!s)
            return;
        if (steady_pay(r, s))
            run[n++] = s;
    }
}

/* ------------------------------- pay in any order, costs in any order */

/* Who pays from `target`: its player index, or NULL. */
static ast_expr *part_payer(resolver *r, const ast_expr *t)
{
    if (t->kind != E_INDEX || oc_ix(r->out, t) != IX_VAR)
        return NULL;
    const ast_decl *v = rs_sym(r, t->base)->decl;
    for (uint32_t j = 0; j < v->ndims && j < t->nargs; j++)
        if (v->dims[j].kind == DIM_PLAYER)
            return t->args[j];
    return NULL;
}

static int same_value(resolver *r, const ast_expr *x, const ast_expr *y)
{
    if (oc_is_const(r->out, x) && oc_is_const(r->out, y))
        return oc_cval(r->out, x) == oc_cval(r->out, y);
    return x->kind == E_NAME && y->kind == E_NAME && rs_sym(r, x) == rs_sym(r, y);
}

/* "pay 2 wood or stone first" ("pay {} ..." when the amount is not known
 * until played: the option's param). */
static const char *part_label(resolver *r, const oc_pay_part *p)
{
    char buf[256];
    size_t len = oc_is_const(r->out, p->amount)
                     ? (size_t)snprintf(buf, sizeof buf, "pay %lld %s",
                                        (long long)oc_cval(r->out, p->amount),
                                        src_name(r, p->target))
                     : (size_t)snprintf(buf, sizeof buf, "pay {} %s", src_name(r, p->target));
    for (uint32_t i = 0; p->pm && i < p->pm->nalts && len < sizeof buf; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, " or %s",
                                src_name(r, p->pm->alts[i]));
    if (len < sizeof buf)
        snprintf(buf + len, sizeof buf - len, " first");
    return arena_strdup(r->a, buf);
}

static ast_expr *local_name(resolver *r, ast_sym *sym, ast_loc at)
{
    ast_expr *e = rs_new_expr(r);
    e->kind = E_NAME;
    e->loc = at;
    e->name = sym->name;
    rs_set_sym(r, e, sym);
    rs_set_type(r, e, sym->type);
    return e;
}

/* What part k asks while unpaid: its amount, or 0 once paid. */
static ast_expr *unpaid_amount(resolver *r, ast_expr *amount, ast_sym *paid)
{
    ast_expr *left = bin(r, OP_SUB, num(r, amount->loc, 1), local_name(r, paid, amount->loc),
                         TY_INT);
    return bin(r, OP_MUL, amount, left, TY_INT);
}

/* One more part, checked for one payer (`first`: the first part with a
 * payer, which sets it); 0 when in error. */
static int add_part(resolver *r, oc_pay_order *o, oc_pay_part p, const char *what,
                    const oc_pay_part **first)
{
    ast_expr *payer = part_payer(r, p.target);
    if (!payer) {
        diag_error(r->d, p.loc, "%s of '%s' needs its first source indexed by player: that "
                                "player chooses the order", what, o->form);
        return 0;
    }
    if (*first && !same_value(r, payer, o->payer)) {
        diag_error(r->d, p.loc, "the parts of '%s' have one payer, who chooses the order: "
                                "this part's player is not the first part's", o->form);
        diag_note(r->d, (*first)->loc, "the first part is here");
        return 0;
    }
    o->parts[o->nparts++] = p;
    if (!*first) {
        *first = &o->parts[o->nparts - 1];
        o->payer = payer;
    }
    return 1;
}

/* The parts of a `pay in any order`, checked: each a pay that reads no
 * state, by one payer, 2 to MAX_COSTS of them; NULL when not. */
static oc_pay_order *stmt_parts(resolver *r, ast_stmt *s)
{
    oc_pay_order *o = ARENA_NEW(r->a, oc_pay_order);
    o->form = "pay in any order";
    o->parts = ARENA_ARRAY(r->a, oc_pay_part, MAX_COSTS);
    const oc_pay_part *first = NULL;
    int ok = 1;
    for (ast_stmt *p = s->u.batch.body.first; p; p = p->next) {
        if (p->kind != S_PAY) {
            diag_error(r->d, p->loc, "'pay in any order' holds only 'pay' statements: its "
                                     "parts, which the payer pays in the order they choose");
            ok = 0;
            continue;
        }
        if (o->nparts == MAX_COSTS) {
            diag_error(r->d, p->loc, "'pay in any order' has at most %d parts (the ways to "
                                     "pay those still unpaid are checked as one)", MAX_COSTS);
            return NULL;
        }
        if (rs_is_err(rs_type(r, p->u.assign.target)))
            ok = 0;
        else if (!steady_pay(r, p)) {
            diag_error(r->d, p->loc, "a part of 'pay in any order' reads the state in its "
                                     "amount or its cells: the parts still unpaid are "
                                     "looked ahead of, so they must read only constants, "
                                     "params and locals");
            ok = 0;
        } else {
            oc_pay_part part = {p->loc, p->u.assign.value, p->u.assign.target,
                                rs_stmt_facts(r, p)->pay, p};
            ok &= add_part(r, o, part, "a part", &first);
        }
    }
    if (ok && o->nparts < 2)
        diag_error(r->d, s->loc, "'pay in any order' needs at least two parts (it has %u): "
                                 "a single pay has no order to choose", o->nparts);
    return ok && o->nparts >= 2 ? o : NULL;
}

/* Part j can be paid next: some way of it (the plain payment when it has
 * one way) leaves the parts still unpaid payable; its ways are offered
 * under the same look-ahead. */
static ast_expr *part_open(resolver *r, oc_pay_order *o, uint32_t j, uint32_t *terms)
{
    uint32_t n = o->nparts;
    due *ds = ARENA_ARRAY(r->a, due, n);
    for (uint32_t k = 0, m = 1; k < n; k++) {
        const oc_pay_part *p = &o->parts[k];
        due d = {p->loc, k == j ? p->amount : unpaid_amount(r, p->amount, o->paid[k]),
                 p->target, p->pm};
        ds[k == j ? 0 : m++] = d;
    }
    oc_payment *pm = o->parts[j].pm;
    if (!pm) {
        taken tk = {0};
        take(&tk, ds[0].target, ds[0].amount);
        return cmp(r, OP_AND, cmp(r, OP_GE, ds[0].target, ds[0].amount),
                   payable(r, ds, 1, n, &tk, terms));
    }
    keep_later_payable(r, pm, ds, 0, n, terms);
    pm->ahead = o->parts[n - 1].stmt;
    ast_expr **open = ARENA_ARRAY(r->a, ast_expr *, pm->nways);
    for (uint32_t i = 0; i < pm->nways; i++)
        open[i] = pm->ways[i].guard;
    ast_expr *any = fold(r, OP_OR, open, pm->nways, o->parts[j].loc);
    pm->asked = cmp(r, OP_AND, pm->asked, any);
    return any;
}

/* The marks, the offers and the labels of checked parts (in the scope
 * the caller opened: a mark per part, hidden locals). Part j is offered
 * when unpaid, above 0, and open. */
static void order_offers(resolver *r, oc_pay_order *o, ast_loc at)
{
    o->paid = ARENA_ARRAY(r->a, ast_sym *, o->nparts);
    o->offer = ARENA_ARRAY(r->a, ast_expr *, o->nparts);
    o->labels = ARENA_ARRAY(r->a, const char *, o->nparts);
    for (uint32_t j = 0; j < o->nparts; j++) {
        char name[32];
        /* no name a rule can write, nor the costs' marks the body's */
        snprintf(name, sizeof name, "%s %u paid", o->parts[j].stmt ? "part" : "cost", j + 1);
        o->paid[j] = rs_new_sym(r, arena_strdup(r->a, name), SYM_LOCAL, o->parts[j].loc);
        ast_type t = rs_bare_type(TY_INT);
        t.ranged = 1;
        t.lo = 0;
        t.hi = 1;
        rs_local_declare(r, o->paid[j], t);
    }
    uint32_t terms = 0;
    for (uint32_t j = 0; j < o->nparts; j++) {
        ast_expr *amount = o->parts[j].amount;
        ast_expr *due_now = cmp(r, OP_AND, cmp(r, OP_EQ, local_name(r, o->paid[j], at),
                                               num(r, at, 0)),
                                cmp(r, OP_GT, amount, num(r, at, 0)));
        o->offer[j] = cmp(r, OP_AND, due_now, part_open(r, o, j, &terms));
        o->labels[j] = part_label(r, &o->parts[j]);
    }
    o->any = fold(r, OP_OR, o->offer, o->nparts, at);
    if (terms > MAX_TERMS)
        diag_error(r->d, at, "checking the ways to pay the parts of '%s' takes %u comparisons "
                             "(at most %d): fewer parts, or fewer 'or' sources",
                   o->form, terms, MAX_TERMS);
}

/* `pay in any order { pay ...; pay ... }` (issue 29, 2), its pays
 * resolved: the payer picks which part is paid next, among the parts that
 * can be paid with the rest still payable after them; each part's ways
 * look ahead alike. Its hidden locals, a mark per part, go in the scope
 * the caller opened around it. */
void rs_pay_order(resolver *r, ast_stmt *s)
{
    oc_pay_order *o = stmt_parts(r, s);
    rs_stmt_facts(r, s)->order = o;
    if (o)
        order_offers(r, o, s->loc);
}

/* `costs in any order` on an action: its costs are the parts (their ways
 * listed), paid as the payer picks when the action begins; `can` is
 * unchanged, what all of them ask. The marks are locals of the action's
 * frame, for its whole body (a scope the caller closes with the unit).
 * NULL when in error. */
oc_pay_order *rs_cost_order(resolver *r, ast_decl *d, ast_cost **cs, uint32_t n)
{
    oc_pay_order *o = ARENA_NEW(r->a, oc_pay_order);
    o->form = "costs in any order";
    o->parts = ARENA_ARRAY(r->a, oc_pay_part, n ? n : 1);
    const oc_pay_part *first = NULL;
    int ok = 1;
    for (uint32_t j = 0; j < n; j++) {
        oc_payment *pm = *rs_cost_payment(r, cs[j]);
        oc_pay_part part = {cs[j]->loc, cs[j]->amount, cs[j]->target, pm, NULL};
        ok &= add_part(r, o, part, "a cost", &first);
        /* the written order's look-ahead (rs_cost_ways) gives way to the
         * look-ahead over the costs still unpaid */
        for (uint32_t i = 0; pm && i < pm->nways; i++)
            pm->ways[i].guard = way_held(r, &pm->ways[i], pm, cs[j]->amount, cs[j]->target);
    }
    if (ok && n < 2)
        diag_error(r->d, d->costs_order_loc, "'costs in any order' needs at least two costs "
                                             "(action '%s' has %u): there is no order to choose",
                   d->name, n);
    if (!ok || n < 2)
        return NULL;
    order_offers(r, o, d->costs_order_loc);
    return o;
}

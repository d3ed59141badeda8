/* lower_expr.c — expressions into stack code: loads of vars and locals,
 * operators with short-circuit and/or, aggregates over players, enums,
 * ranges and lists (unrolled when they are small and constant), first ...
 * by, data table fields, and calls of fns (inlined when they are small). */
#include "lower_int.h"

/* -------------------------------------------------------- expressions */

/* A list var reference (E_NAME or E_INDEX of a list var): pushes its
 * indexes; returns the var. */
uint32_t lower_list_ref(lowering *w, const ast_expr *e)
{
    if (e->kind == E_INDEX) {
        for (uint32_t i = 0; i < e->nargs; i++)
            lower_expr(w, e->args[i]);
        return lower_index(w, oc_sym(w->res, e->base)->decl);
    }
    return lower_index(w, oc_sym(w->res, e)->decl);
}

/* The list instruction, or its set counterpart when e is a set. */
int lower_list_op(lowering *w, const ast_expr *e, int list_op, int set_op)
{
    return oc_type(w->res, e)->kind == TY_SET ? set_op : list_op;
}

/* ------------------------------------------------------ player orders */

/* The keys of pick_player: computed for the candidate in hand (`stored`
 * NO_LABEL), or read from locals stored + k * max_players + player. */
static void pick_key(lowering *w, const pick_ctx *pc, uint32_t k, uint32_t i)
{
    if (pc->stored == NO_LABEL) {
        lower_expr(w, pc->keys[k]);
        return;
    }
    lower_emit_a(w, ORDO_OP_LDL, i);
    lower_emit_a(w, ORDO_OP_LDLI, pc->stored + k * (uint32_t)w->f->max_players);
}

/* A candidate is skipped when taken already, out of the game or passed
 * (as the pick asks), or failing `where`; the loop var is set for `where`
 * and the keys. */
static void pick_filter(lowering *w, const pick_ctx *pc, uint32_t i, u32vec *next)
{
    lower_emit_a(w, ORDO_OP_LDL, i);
    lower_emit_a(w, ORDO_OP_LDLI, pc->taken);
    VPUSH(w, *next, lower_jump(w, ORDO_OP_JNZ));
    if (pc->in_game_only) {
        lower_emit_a(w, ORDO_OP_LDL, i);
        lower_emit_a(w, ORDO_OP_LDX, 2);
        VPUSH(w, *next, lower_jump(w, ORDO_OP_JZ));
    }
    if (pc->passed_var) {
        lower_emit_a(w, ORDO_OP_LDL, i);
        lower_emit_a(w, ORDO_OP_LDX, pc->passed_var);
        VPUSH(w, *next, lower_jump(w, ORDO_OP_JNZ));
    }
    lower_emit_a(w, ORDO_OP_LDL, i);
    lower_emit_a(w, ORDO_OP_STL, pc->var);
    if (pc->where)
        lower_branch(w, pc->where, 0, next);
}

/* Leaves in local pc->best the player who comes first by the keys among
 * the candidates (pick_filter), or -1: the comparison of first ... by,
 * players in number order, so the lowest number breaks the last tie. */
/* `for local i in 0..players-1`'s head: i = 0, the loop's top in *top;
 * returns the jump out, taken when i reaches the player count. */
static uint32_t open_player_count(lowering *w, uint32_t i, uint32_t *top)
{
    lower_push_const(w, 0);
    lower_emit_a(w, ORDO_OP_STL, i);
    *top = lower_here(w);
    lower_emit_a(w, ORDO_OP_LDL, i);
    lower_emit_op(w, ORDO_OP_NPLAYERS);
    lower_emit_op(w, ORDO_OP_LT);
    return lower_jump(w, ORDO_OP_JZ);
}

void lower_pick_player(lowering *w, const pick_ctx *pc)
{
    uint32_t n = pc->nkeys;
    uint32_t i = lower_take_locals(w, 1 + 2 * n); /* the candidate, its keys, the best's */
    uint32_t key = i + 1, bkey = i + 1 + n;
    lower_push_const(w, -1);
    lower_emit_a(w, ORDO_OP_STL, pc->best);
    uint32_t top, done = open_player_count(w, i, &top);
    u32vec next = {0}, take = {0};
    pick_filter(w, pc, i, &next);
    for (uint32_t k = 0; k < n; k++) {
        pick_key(w, pc, k, i);
        lower_emit_a(w, ORDO_OP_STL, key + k);
    }
    lower_emit_a(w, ORDO_OP_LDL, pc->best);
    lower_push_const(w, -1);
    lower_emit_op(w, ORDO_OP_EQ);
    VPUSH(w, take, lower_jump(w, ORDO_OP_JNZ));
    for (uint32_t k = 0; k < n; k++) {
        lower_emit_a(w, ORDO_OP_LDL, key + k);
        lower_emit_a(w, ORDO_OP_LDL, bkey + k);
        lower_emit_op(w, (pc->desc_mask >> k) & 1 ? ORDO_OP_GT : ORDO_OP_LT);
        VPUSH(w, take, lower_jump(w, ORDO_OP_JNZ));
        lower_emit_a(w, ORDO_OP_LDL, key + k);
        lower_emit_a(w, ORDO_OP_LDL, bkey + k);
        lower_emit_op(w, ORDO_OP_NE);
        VPUSH(w, next, lower_jump(w, ORDO_OP_JNZ)); /* comes later: keep the best */
    }
    VPUSH(w, next, lower_jump(w, ORDO_OP_JMP)); /* a tie: the lower number stays */
    lower_patch_all_here(w, &take);
    lower_emit_a(w, ORDO_OP_LDL, i);
    lower_emit_a(w, ORDO_OP_STL, pc->best);
    for (uint32_t k = 0; k < n; k++) {
        lower_emit_a(w, ORDO_OP_LDL, key + k);
        lower_emit_a(w, ORDO_OP_STL, bkey + k);
    }
    lower_patch_all_here(w, &next);
    lower_emit_a(w, ORDO_OP_INCL, i);
    lower_jump_to(w, ORDO_OP_JMP, top);
    lower_patch_here(w, done);
    lower_give_locals(w, i);
}

/* Every player's cell to 0: of the player-indexed locals from `a` (op
 * STLI: a round's marks), or of the player-indexed var `a` (op STX). */
void lower_clear_players(lowering *w, int op, uint32_t a)
{
    uint32_t i = lower_take_locals(w, 1);
    uint32_t top, done = open_player_count(w, i, &top);
    lower_emit_a(w, ORDO_OP_LDL, i);
    lower_push_const(w, 0);
    lower_emit_a(w, op, a);
    lower_emit_a(w, ORDO_OP_INCL, i);
    lower_jump_to(w, ORDO_OP_JMP, top);
    lower_patch_here(w, done);
    lower_give_locals(w, i);
}

/* One key: each player's key into hidden locals, then SORTP (the order
 * a one-key `for` has always had: stable, lower number first on ties). */
static void sort_by_one_key(lowering *w, iter_ctx *c, uint32_t var, const ast_expr *by, int desc)
{
    uint32_t maxp = (uint32_t)w->f->max_players;
    uint32_t keys = lower_take_locals(w, maxp);
    c->order = lower_take_locals(w, maxp);
    c->sorted = 1;
    lower_push_const(w, 0);
    lower_emit_a(w, ORDO_OP_STL, c->counter);
    uint32_t top = lower_here(w);
    lower_emit_a(w, ORDO_OP_LDL, c->counter);
    lower_emit_op(w, ORDO_OP_NPLAYERS);
    lower_emit_op(w, ORDO_OP_LT);
    uint32_t done = lower_jump(w, ORDO_OP_JZ);
    lower_emit_a(w, ORDO_OP_LDL, c->counter);
    lower_emit_a(w, ORDO_OP_STL, var);
    lower_emit_a(w, ORDO_OP_LDL, c->counter);
    lower_expr(w, by);
    lower_emit_a(w, ORDO_OP_STLI, keys);
    lower_emit_a(w, ORDO_OP_LDL, c->counter);
    lower_push_const(w, 1);
    lower_emit_op(w, ORDO_OP_ADD);
    lower_emit_a(w, ORDO_OP_STL, c->counter);
    lower_jump_to(w, ORDO_OP_JMP, top);
    lower_patch_here(w, done);
    lower_emit(w, ORDO_OP_SORTP, desc ? 1 : 0, keys, (int32_t)c->order);
}

/* Several keys (`by K1, K2 ...`): every player's keys once, into hidden
 * locals, then the order o[0..n-1] picked one player at a time by them. */
static void sort_by_keys(lowering *w, iter_ctx *c, uint32_t var, const for_keys *fk)
{
    uint32_t maxp = (uint32_t)w->f->max_players;
    c->order = lower_take_locals(w, maxp);
    c->sorted = 1;
    uint32_t tmp = w->nlocals;
    pick_ctx pc = {.var = var, .keys = fk->keys, .nkeys = fk->nkeys,
                   .desc_mask = fk->desc_mask};
    pc.stored = lower_take_locals(w, fk->nkeys * maxp);
    pc.taken = lower_take_locals(w, maxp);
    pc.best = lower_take_locals(w, 1);
    lower_clear_players(w, ORDO_OP_STLI, pc.taken);
    lower_push_const(w, 0);
    lower_emit_a(w, ORDO_OP_STL, c->counter);
    uint32_t top = lower_here(w); /* each player's keys */
    lower_emit_a(w, ORDO_OP_LDL, c->counter);
    lower_emit_op(w, ORDO_OP_NPLAYERS);
    lower_emit_op(w, ORDO_OP_LT);
    uint32_t done = lower_jump(w, ORDO_OP_JZ);
    lower_emit_a(w, ORDO_OP_LDL, c->counter);
    lower_emit_a(w, ORDO_OP_STL, var);
    for (uint32_t k = 0; k < fk->nkeys; k++) {
        lower_emit_a(w, ORDO_OP_LDL, c->counter);
        lower_expr(w, fk->keys[k]);
        lower_emit_a(w, ORDO_OP_STLI, pc.stored + k * maxp);
    }
    lower_emit_a(w, ORDO_OP_INCL, c->counter);
    lower_jump_to(w, ORDO_OP_JMP, top);
    lower_patch_here(w, done);
    lower_push_const(w, 0);
    lower_emit_a(w, ORDO_OP_STL, c->counter);
    top = lower_here(w); /* o[j] = the first not taken yet */
    lower_emit_a(w, ORDO_OP_LDL, c->counter);
    lower_emit_op(w, ORDO_OP_NPLAYERS);
    lower_emit_op(w, ORDO_OP_LT);
    done = lower_jump(w, ORDO_OP_JZ);
    lower_pick_player(w, &pc);
    lower_emit_a(w, ORDO_OP_LDL, c->counter);
    lower_emit_a(w, ORDO_OP_LDL, pc.best);
    lower_emit_a(w, ORDO_OP_STLI, c->order);
    lower_emit_a(w, ORDO_OP_LDL, pc.best);
    lower_push_const(w, 1);
    lower_emit_a(w, ORDO_OP_STLI, pc.taken);
    lower_emit_a(w, ORDO_OP_INCL, c->counter);
    lower_jump_to(w, ORDO_OP_JMP, top);
    lower_patch_here(w, done);
    lower_give_locals(w, tmp);
}

/* A set's members, ascending: the loop variable holds the member in hand
 * and SNEXT finds the next one above it (a scan of the set's words, so the
 * loop costs per member, not per member of the domain); none left, it
 * jumps out. The variable starts below the domain. */
static void set_open(lowering *w, iter_ctx *c, const ast_expr *set, uint32_t var)
{
    c->is_set = 1;
    lower_push_const(w, oc_type(w->res, set)->lo - 1); /* resolve_expr.c: lo > INT32_MIN */
    lower_emit_a(w, ORDO_OP_STL, var);
    c->top = lower_here(w);
    uint32_t v = lower_list_ref(w, set);
    lower_emit_a(w, ORDO_OP_LDL, var);
    c->exit_jump = lower_emit(w, ORDO_OP_SNEXT, 0, v, 0);
    lower_emit_a(w, ORDO_OP_STL, var);
}

void lower_iter_open(lowering *w, iter_ctx *c, const ast_iter *it, uint32_t var, const ast_expr *by,
                      int desc)
{
    for_keys fk = {by ? &by : NULL, by ? 1u : 0u, desc ? 1u : 0u};
    lower_iter_open_keys(w, c, it, var, &fk);
}

void lower_iter_open_keys(lowering *w, iter_ctx *c, const ast_iter *it, uint32_t var,
                          const for_keys *fk)
{
    memset(c, 0, sizeof *c);
    c->var = var;
    c->hidden = w->nlocals;
    c->counter = lower_take_locals(w, 1);
    int players = it->kind == IT_PLAYERS || it->kind == IT_ALL_PLAYERS;
    uint32_t hi = 0;
    if (players && fk->nkeys == 1)
        sort_by_one_key(w, c, var, fk->keys[0], (int)(fk->desc_mask & 1u));
    else if (players && fk->nkeys > 1)
        sort_by_keys(w, c, var, fk);
    switch (oc_iter_kind(w->res, it)) {
    case IT_RANGE:
        lower_expr(w, it->lo);
        lower_emit_a(w, ORDO_OP_STL, c->counter);
        if (!oc_is_const(w->res, it->hi)) {
            hi = lower_take_locals(w, 1);
            lower_expr(w, it->hi);
            lower_emit_a(w, ORDO_OP_STL, hi);
        }
        break;
    case IT_LIST:
        if (oc_type(w->res, it->list)->kind == TY_SET) {
            set_open(w, c, it->list, var);
            return;
        }
        lower_push_const(w, 1);
        lower_emit_a(w, ORDO_OP_STL, c->counter);
        break;
    default:
        lower_push_const(w, 0);
        lower_emit_a(w, ORDO_OP_STL, c->counter);
        break;
    }
    c->top = lower_here(w);
    lower_emit_a(w, ORDO_OP_LDL, c->counter);
    switch (oc_iter_kind(w->res, it)) {
    case IT_RANGE:
        if (oc_is_const(w->res, it->hi))
            lower_push_const(w, oc_cval(w->res, it->hi));
        else
            lower_emit_a(w, ORDO_OP_LDL, hi);
        lower_emit_op(w, ORDO_OP_LE);
        break;
    case IT_ENUM:
        lower_push_const(w, (int32_t)oc_iter_enum(w->res, it)->nmembers);
        lower_emit_op(w, ORDO_OP_LT);
        break;
    case IT_LIST: {
        uint32_t v = lower_list_ref(w, it->list);
        lower_emit_a(w, ORDO_OP_LLEN, v);
        lower_emit_op(w, ORDO_OP_LE);
        break;
    }
    default:
        lower_emit_op(w, ORDO_OP_NPLAYERS);
        lower_emit_op(w, ORDO_OP_LT);
        break;
    }
    c->exit_jump = lower_jump(w, ORDO_OP_JZ);
    /* the element */
    if (oc_iter_kind(w->res, it) == IT_LIST) {
        uint32_t v = lower_list_ref(w, it->list);
        lower_emit_a(w, ORDO_OP_LDL, c->counter);
        lower_emit_a(w, ORDO_OP_LGET, v);
    } else if (c->sorted) {
        lower_emit_a(w, ORDO_OP_LDL, c->counter);
        lower_emit_a(w, ORDO_OP_LDLI, c->order);
    } else {
        lower_emit_a(w, ORDO_OP_LDL, c->counter);
    }
    lower_emit_a(w, ORDO_OP_STL, var);
    if (it->kind == IT_PLAYERS) {
        /* a player who left during the loop is skipped when reached */
        lower_emit_a(w, ORDO_OP_LDL, var);
        lower_emit_a(w, ORDO_OP_LDX, 2);
        VPUSH(w, c->cont, lower_jump(w, ORDO_OP_JZ));
    }
}

void lower_iter_close(lowering *w, iter_ctx *c)
{
    lower_patch_all_here(w, &c->cont);
    if (!c->is_set) /* a set's SNEXT steps from the member in hand */
        lower_emit_a(w, ORDO_OP_INCL, c->counter);
    lower_jump_to(w, ORDO_OP_JMP, c->top);
    lower_patch_here(w, c->exit_jump);
    lower_patch_all_here(w, &c->brk);
    lower_give_locals(w, c->hidden);
}

/* `where` (or an option's guard): on false, on to the next element. */
void lower_iter_filter(lowering *w, iter_ctx *c, const ast_expr *cond)
{
    if (cond)
        lower_branch(w, cond, 0, &c->cont);
}

/* `first x in IT where C by K1 desc, K2 ...`: keeps the element whose
 * keys come first, comparing key by key; an equal one seen later does not
 * replace it (iteration order breaks the last tie). -1 (none) when no
 * element passes. The result is left on the stack. */
static void first_by(lowering *w, const ast_expr *e)
{
    uint32_t n = e->nargs;
    uint32_t best = lower_take_locals(w, 1 + 2 * n); /* best, its keys, this one's keys */
    uint32_t bkey = best + 1, key = best + 1 + n;
    lower_push_const(w, -1);
    lower_emit_a(w, ORDO_OP_STL, best);
    iter_ctx c;
    lower_iter_open(w, &c, e->iter, lower_lslot(w, e->var), NULL, 0);
    lower_iter_filter(w, &c, e->a);
    for (uint32_t k = 0; k < n; k++) {
        lower_expr(w, e->args[k]);
        lower_emit_a(w, ORDO_OP_STL, key + k);
    }
    u32vec take = {0};
    lower_emit_a(w, ORDO_OP_LDL, best);
    lower_push_const(w, -1);
    lower_emit_op(w, ORDO_OP_EQ);
    VPUSH(w, take, lower_jump(w, ORDO_OP_JNZ));
    for (uint32_t k = 0; k < n; k++) {
        int desc = (e->desc_mask >> k) & 1;
        lower_emit_a(w, ORDO_OP_LDL, key + k);
        lower_emit_a(w, ORDO_OP_LDL, bkey + k);
        lower_emit_op(w, desc ? ORDO_OP_GT : ORDO_OP_LT);
        VPUSH(w, take, lower_jump(w, ORDO_OP_JNZ));
        lower_emit_a(w, ORDO_OP_LDL, key + k);
        lower_emit_a(w, ORDO_OP_LDL, bkey + k);
        lower_emit_op(w, ORDO_OP_NE);
        VPUSH(w, c.cont, lower_jump(w, ORDO_OP_JNZ)); /* comes later: keep the best */
    }
    VPUSH(w, c.cont, lower_jump(w, ORDO_OP_JMP));      /* a tie: the first stays */
    lower_patch_all_here(w, &take);
    lower_emit_a(w, ORDO_OP_LDL, lower_lslot(w, e->var));
    lower_emit_a(w, ORDO_OP_STL, best);
    for (uint32_t k = 0; k < n; k++) {
        lower_emit_a(w, ORDO_OP_LDL, key + k);
        lower_emit_a(w, ORDO_OP_STL, bkey + k);
    }
    lower_iter_close(w, &c);
    lower_emit_a(w, ORDO_OP_LDL, best);
    lower_give_locals(w, best);
}

/* count/any/all/sum/min/max: the result is left on the stack. */
/* One element of count/any/all/sum/min/max: the loop variable is set. */
static void agg_element(lowering *w, const ast_expr *e, iter_ctx *c, uint32_t acc, uint32_t seen)
{
    int agg = e->op;
    switch (agg) {
    case AGG_COUNT:
        lower_iter_filter(w, c, e->a);
        lower_emit_a(w, ORDO_OP_LDL, acc);
        lower_push_const(w, 1);
        lower_emit_op(w, ORDO_OP_ADD);
        lower_emit_a(w, ORDO_OP_STL, acc);
        break;
    case AGG_ANY:
        lower_iter_filter(w, c, e->a);
        lower_push_const(w, 1);
        lower_emit_a(w, ORDO_OP_STL, acc);
        VPUSH(w, c->brk, lower_jump(w, ORDO_OP_JMP));
        break;
    case AGG_ALL:
        /* for `all`, the where clause is the predicate */
        if (e->a)
            lower_branch(w, e->a, 1, &c->cont);
        lower_push_const(w, 0);
        lower_emit_a(w, ORDO_OP_STL, acc);
        VPUSH(w, c->brk, lower_jump(w, ORDO_OP_JMP));
        break;
    case AGG_SUM:
        lower_iter_filter(w, c, e->a);
        lower_emit_a(w, ORDO_OP_LDL, acc);
        lower_expr(w, e->b);
        lower_emit_op(w, ORDO_OP_ADD);
        lower_emit_a(w, ORDO_OP_STL, acc);
        break;
    default: { /* min, max: the first value seen, then the running extreme */
        lower_iter_filter(w, c, e->a);
        lower_emit_a(w, ORDO_OP_LDL, seen);
        uint32_t first = lower_jump(w, ORDO_OP_JZ);
        lower_emit_a(w, ORDO_OP_LDL, acc);
        lower_expr(w, e->b);
        lower_emit_op(w, agg == AGG_MIN ? ORDO_OP_MIN : ORDO_OP_MAX);
        lower_emit_a(w, ORDO_OP_STL, acc);
        VPUSH(w, c->cont, lower_jump(w, ORDO_OP_JMP));
        lower_patch_here(w, first);
        lower_expr(w, e->b);
        lower_emit_a(w, ORDO_OP_STL, acc);
        lower_push_const(w, 1);
        lower_emit_a(w, ORDO_OP_STL, seen);
        break;
    }
    }
}

/* The binding of a local name in scope: its entry among the bound names,
 * or -1 when it reads its own slot. */
static int bound_name(const lowering *w, const ast_sym *s)
{
    for (int k = w->nbound; k-- > 0;)
        if (w->bound[k].sym == s)
            return k;
    return -1;
}

static int bound_room(const lowering *w)
{
    return w->nbound < (int)(sizeof w->bound / sizeof w->bound[0]);
}

/* Binds s to a constant (slot < 0) or to a local slot: its entry, given
 * back by setting nbound under it. The caller checked bound_room. */
static int bind_name(lowering *w, const ast_sym *s, int32_t value, int64_t slot)
{
    int k = w->nbound++;
    w->bound[k].sym = s;
    w->bound[k].value = value;
    w->bound[k].slot = slot;
    return k;
}

/* An aggregate over a small enum or a short constant range is lowered
 * once per element, the variable reading as that element's constant: no
 * counter, no loop test, no jump back (`sum g in Gem of ...` is 5 copies).
 * *lo and *n: the first value and how many. */
#define UNROLL_MAX 8

static int unrolls(const lowering *w, const ast_iter *it, int32_t *lo, int32_t *n)
{
    if (!bound_room(w))
        return 0;
    const ast_decl *enm = oc_iter_enum(w->res, it);
    if (enm && enm->nmembers >= 1 && enm->nmembers <= UNROLL_MAX) {
        *lo = 0;
        *n = (int32_t)enm->nmembers;
        return 1;
    }
    if (it->kind == IT_RANGE && oc_is_const(w->res, it->lo) && oc_is_const(w->res, it->hi)) {
        int32_t a = oc_cval(w->res, it->lo), b = oc_cval(w->res, it->hi);
        if (b >= a && (int64_t)b - a < UNROLL_MAX) {
            *lo = a;
            *n = b - a + 1;
            return 1;
        }
    }
    return 0;
}

/* count/any/all/sum/min/max: the result is left on the stack. */
/* An unrolled `sum` with no `where`: the terms are added on the stack as
 * they come, with no running total in a local (the same additions, in the
 * same order, so an overflow stops at the same term). */
static void unrolled_sum(lowering *w, const ast_expr *e, int32_t lo, int32_t n)
{
    int k = bind_name(w, e->var, lo, -1);
    for (int32_t i = 0; i < n; i++) {
        w->bound[k].value = lo + i;
        lower_expr(w, e->b);
        if (i > 0)
            lower_emit_op(w, ORDO_OP_ADD);
    }
    w->nbound--;
}

static void aggregate(lowering *w, const ast_expr *e)
{
    if (e->op == AGG_FIRST) {
        first_by(w, e);
        return;
    }
    int32_t lo, n;
    if (e->op == AGG_SUM && !e->a && unrolls(w, e->iter, &lo, &n)) {
        unrolled_sum(w, e, lo, n);
        return;
    }
    uint32_t acc = lower_take_locals(w, 1);
    uint32_t seen = lower_take_locals(w, 1);
    int agg = e->op;
    lower_push_const(w, agg == AGG_ALL ? 1 : 0);
    lower_emit_a(w, ORDO_OP_STL, acc);
    if (agg == AGG_MIN || agg == AGG_MAX) {
        lower_push_const(w, 0);
        lower_emit_a(w, ORDO_OP_STL, seen);
    }
    iter_ctx c;
    if (unrolls(w, e->iter, &lo, &n)) {
        memset(&c, 0, sizeof c);
        int k = bind_name(w, e->var, lo, -1);
        for (int32_t i = 0; i < n; i++) {
            w->bound[k].value = lo + i;
            agg_element(w, e, &c, acc, seen);
            lower_patch_all_here(w, &c.cont);
        }
        w->nbound--;
        lower_patch_all_here(w, &c.brk);
    } else {
        lower_iter_open(w, &c, e->iter, lower_lslot(w, e->var), NULL, 0);
        agg_element(w, e, &c, acc, seen);
        lower_iter_close(w, &c);
    }
    lower_emit_a(w, ORDO_OP_LDL, acc);
    lower_give_locals(w, acc);
}

int lower_binop_code(int op)
{
    switch (op) {
    case OP_ADD: return ORDO_OP_ADD;
    case OP_SUB: return ORDO_OP_SUB;
    case OP_MUL: return ORDO_OP_MUL;
    case OP_DIV: return ORDO_OP_DIV;
    case OP_MOD: return ORDO_OP_MOD;
    case OP_EQ: return ORDO_OP_EQ;
    case OP_NE: return ORDO_OP_NE;
    case OP_LT: return ORDO_OP_LT;
    case OP_LE: return ORDO_OP_LE;
    case OP_GT: return ORDO_OP_GT;
    default: return ORDO_OP_GE;
    }
}

void lower_call_args(lowering *w, ast_expr **args, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        lower_expr(w, args[i]);
}

static void builtin_call(lowering *w, const ast_expr *e)
{
    uint32_t v;
    switch (oc_builtin(w->res, e)) {
    case BI_LEN:
        v = lower_list_ref(w, e->args[0]);
        lower_emit_a(w, lower_list_op(w, e->args[0], ORDO_OP_LLEN, ORDO_OP_SLEN), v);
        return;
    case BI_FIRST:
        v = lower_list_ref(w, e->args[0]);
        lower_push_const(w, 1);
        lower_emit_a(w, ORDO_OP_LGET, v);
        return;
    case BI_LAST:
        v = lower_list_ref(w, e->args[0]);
        lower_list_ref(w, e->args[0]);
        lower_emit_a(w, ORDO_OP_LLEN, v);
        lower_emit_a(w, ORDO_OP_LGET, v);
        return;
    case BI_ABS:
        lower_expr(w, e->args[0]);
        lower_emit_op(w, ORDO_OP_ABS);
        return;
    case BI_REVISABLE:
        lower_emit(w, ORDO_OP_REVISE, 1, 0, 0);
        return;
    case BI_SEAT:
        lower_expr(w, e->args[0]);
        lower_emit_a(w, ORDO_OP_SEAT, lower_index(w, w->res->start_var));
        return;
    default:
        lower_call_args(w, e->args, 2);
        lower_emit_op(w, oc_builtin(w->res, e) == BI_MIN ? ORDO_OP_MIN : ORDO_OP_MAX);
        return;
    }
}

/* Nodes in an expression, counting up to `cap` (then stopping). */
static uint32_t expr_size(const oc_resolution *res, const ast_expr *e, uint32_t cap)
{
    if (!e || cap == 0)
        return 0;
    uint32_t n = 1;
    const ast_expr *kids[3] = {e->a, e->b, e->kind == E_IF ? e->c : NULL};
    for (int k = 0; k < 3 && n < cap; k++)
        n += expr_size(res, kids[k], cap - n);
    if (e->kind == E_INDEX && n < cap)
        n += expr_size(res, e->base, cap - n);
    if (e->kind == E_CALL || e->kind == E_INDEX || e->kind == E_CAN ||
        (e->kind == E_AGG && e->op == AGG_FIRST))
        for (uint32_t i = 0; i < e->nargs && n < cap; i++)
            n += expr_size(res, e->args[i], cap - n);
    if (e->kind == E_AGG && n < cap) {
        n += expr_size(res, e->iter->lo, cap - n);
        n += n < cap ? expr_size(res, e->iter->hi, cap - n) : 0;
        if (n < cap && oc_iter_kind(res, e->iter) == IT_LIST)
            n += expr_size(res, e->iter->list, cap - n);
    }
    return n;
}

/* A call to a small fn is lowered in place: its arguments go to fresh
 * locals, and its body reads them there. Saves the CALL/RETV and the frame
 * (the hottest path of rulesets that filter options through fns). A fn
 * with overrides is chosen at run time, so it is always called. */
#define INLINE_MAX_NODES 48
#define INLINE_MAX_DEPTH 4

static int inlinable(const lowering *w, const ast_decl *fn)
{
    return fn->kind == D_FN && fn->body_expr &&
           oc_decl_overrides(w->res, fn)->noverriders == 0 &&
           !lower_bound(w, fn)->depth && w->inline_depth < INLINE_MAX_DEPTH &&
           expr_size(w->res, fn->body_expr, INLINE_MAX_NODES + 1) <= INLINE_MAX_NODES;
}


/* The value e reads when the lowering knows it: a constant, or a name bound
 * to one (an unrolled variable, a parameter given a constant). */
static int const_value(const lowering *w, const ast_expr *e, int32_t *v)
{
    if (oc_is_const(w->res, e)) {
        *v = oc_cval(w->res, e);
        return 1;
    }
    if (e->kind == E_NAME && oc_sym(w->res, e)->kind == SYM_LOCAL) {
        int k = bound_name(w, oc_sym(w->res, e));
        if (k >= 0 && w->bound[k].slot < 0) {
            *v = w->bound[k].value;
            return 1;
        }
    }
    return 0;
}

/* Binds param to what arg reads when that is a constant or a local, so the
 * inlined body reads it in place (no copy to a fresh local): a fn's body is
 * an expression, so nothing can change that local while it runs. */
static int bind_param(lowering *w, const ast_sym *param, const ast_expr *arg)
{
    if (!bound_room(w) || !param)
        return 0;
    int32_t value = 0;
    int64_t slot = -1;
    if (oc_is_const(w->res, arg)) {
        value = oc_cval(w->res, arg);
    } else if (arg->kind == E_NAME && oc_sym(w->res, arg)->kind == SYM_LOCAL) {
        int k = bound_name(w, oc_sym(w->res, arg));
        value = k >= 0 ? w->bound[k].value : 0;
        slot = k >= 0 ? w->bound[k].slot : (int64_t)lower_lslot(w, oc_sym(w->res, arg));
    } else {
        return 0;
    }
    bind_name(w, param, value, slot);
    return 1;
}

/* An inlined call under way: what to restore when its body is lowered. */
typedef struct inlined {
    uint32_t base, saved_base;
    int bound_before;
} inlined;

static void inline_begin(lowering *w, const ast_expr *call, inlined *in)
{
    const ast_decl *fn = oc_sym(w->res, call)->decl;
    uint32_t nlocals = oc_nlocals(w->res, fn);
    in->base = lower_take_locals(w, nlocals > fn->nparams ? nlocals : fn->nparams);
    in->bound_before = w->nbound;
    for (uint32_t i = 0; i < call->nargs; i++) {
        if (bind_param(w, i < fn->nparams ? fn->params[i] : NULL, call->args[i]))
            continue;
        lower_expr(w, call->args[i]);
        lower_emit_a(w, ORDO_OP_STL, in->base + i);
    }
    in->saved_base = w->local_base;
    w->local_base = in->base;
    w->inline_depth++;
}

static void inline_end(lowering *w, const inlined *in)
{
    w->inline_depth--;
    w->local_base = in->saved_base;
    w->nbound = in->bound_before;
    lower_give_locals(w, in->base);
}

static void inline_fn(lowering *w, const ast_expr *call)
{
    inlined in;
    inline_begin(w, call, &in);
    lower_expr(w, oc_sym(w->res, call)->decl->body_expr);
    inline_end(w, &in);
}

/* `all`/`any` over an unrolled iteration as jumps: the element whose truth
 * decides (false for `all`, true for `any`) jumps at once; the other way
 * is taken once every element has been tried. */
static void branch_unrolled(lowering *w, const ast_expr *e, int32_t lo, int32_t n, int when,
                            u32vec *jumps)
{
    int decides = e->op == AGG_ANY;
    u32vec past = {0};
    int k = bind_name(w, e->var, lo, -1);
    for (int32_t i = 0; i < n; i++) {
        w->bound[k].value = lo + i;
        lower_branch(w, e->a, decides, decides == (when != 0) ? jumps : &past);
    }
    w->nbound--;
    if (decides != (when != 0)) {
        VPUSH(w, *jumps, lower_jump(w, ORDO_OP_JMP));
        lower_patch_all_here(w, &past);
    }
}

/* Jumping code for a condition (as Lua's luaK_goiftrue): emits jumps,
 * added to *jumps, taken when e's truth is `when`, and falls through
 * otherwise, leaving nothing on the stack. `and`, `or` and `not` become
 * jumps of their operands, with no value kept (no DUP, no POP); a constant
 * is one jump or none. */
void lower_branch(lowering *w, const ast_expr *e, int when, u32vec *jumps)
{
    if (oc_is_const(w->res, e)) {
        if ((oc_cval(w->res, e) != 0) == (when != 0))
            VPUSH(w, *jumps, lower_jump(w, ORDO_OP_JMP));
        return;
    }
    if (e->kind == E_UNARY && e->op == OP_NOT) {
        lower_branch(w, e->a, !when, jumps);
        return;
    }
    if (e->kind == E_AGG && (e->op == AGG_ALL || e->op == AGG_ANY) && e->a) {
        int32_t lo, n;
        if (unrolls(w, e->iter, &lo, &n)) {
            branch_unrolled(w, e, lo, n, when, jumps);
            return;
        }
    }
    if (e->kind == E_CALL && !oc_builtin(w->res, e) && inlinable(w, oc_sym(w->res, e)->decl)) {
        inlined in; /* a filter through a small fn: jumping code inside it too */
        inline_begin(w, e, &in);
        lower_branch(w, oc_sym(w->res, e)->decl->body_expr, when, jumps);
        inline_end(w, &in);
        return;
    }
    if (e->kind == E_BINARY && (e->op == OP_AND || e->op == OP_OR)) {
        int decides = e->op == OP_OR; /* the truth of a that decides e */
        if (decides == (when != 0)) {
            lower_branch(w, e->a, when, jumps);
        } else {
            u32vec past = {0};
            lower_branch(w, e->a, decides, &past);
            lower_branch(w, e->b, when, jumps);
            lower_patch_all_here(w, &past);
            return;
        }
        lower_branch(w, e->b, when, jumps);
        return;
    }
    lower_expr(w, e);
    VPUSH(w, *jumps, lower_jump(w, when ? ORDO_OP_JNZ : ORDO_OP_JZ));
}

/* `depth N`: leaves whether another run of d may begin (fewer than N are
 * under way). Windows and `can` ask it, so what is offered never fails. */
void lower_depth_room(lowering *w, const ast_decl *d)
{
    lower_emit_a(w, ORDO_OP_DEPTH, lower_index(w, d));
    lower_push_const(w, lower_bound(w, d)->depth);
    lower_emit_op(w, ORDO_OP_LT);
}

/* `P can see CELL`: every player sees a cell of a var not hidden; the
 * owner sees a `hidden` one's; and so do those it was revealed to (P in
 * its "#shown" list). P and the indexes are computed once, into locals. */
static void lower_sees(lowering *w, const ast_expr *e)
{
    const ast_expr *t = e->b;
    const ast_decl *v = oc_sym(w->res, t->kind == E_NAME ? t : t->base)->decl;
    if (!v->secrecy) {
        lower_push_const(w, 1);
        return;
    }
    uint32_t n = t->kind == E_INDEX ? t->nargs : 0, l = lower_take_locals(w, n + 1);
    lower_expr(w, e->a);
    lower_emit_a(w, ORDO_OP_STL, l + n);
    for (uint32_t k = 0; k < n; k++) {
        lower_expr(w, t->args[k]);
        lower_emit_a(w, ORDO_OP_STL, l + k);
    }
    uint32_t owner = NO_LABEL;
    if (v->secrecy == SECRET_OWNER) {
        lower_emit_a(w, ORDO_OP_LDL, l);
        lower_emit_a(w, ORDO_OP_LDL, l + n);
        lower_emit_op(w, ORDO_OP_EQ);
        lower_emit_op(w, ORDO_OP_DUP);
        owner = lower_jump(w, ORDO_OP_JNZ);
        lower_emit_op(w, ORDO_OP_POP);
    }
    for (uint32_t k = 0; k <= n; k++)
        lower_emit_a(w, ORDO_OP_LDL, l + k);
    lower_emit_a(w, ORDO_OP_LHAS, lower_index(w, w->res->shown_vars[lower_index(w, v)]));
    if (owner != NO_LABEL)
        lower_patch_here(w, owner);
    lower_give_locals(w, l);
}

/* A name's value: a local (a constant or another slot where an aggregate
 * is unrolled or a fn inlined), a var, or a constant. */
static void lower_name(lowering *w, const ast_sym *s)
{
    switch (s->kind) {
    case SYM_LOCAL: {
        int k = bound_name(w, s);
        if (k < 0)
            lower_emit_a(w, ORDO_OP_LDL, lower_lslot(w, s));
        else if (w->bound[k].slot >= 0)
            lower_emit_a(w, ORDO_OP_LDL, (uint32_t)w->bound[k].slot);
        else
            lower_push_const(w, w->bound[k].value);
        return;
    }
    case SYM_VAR: lower_emit_a(w, ORDO_OP_LDG, lower_index(w, s->decl)); return;
    default: lower_push_const(w, s->value); return;
    }
}

void lower_expr(lowering *w, const ast_expr *e)
{
    if (oc_is_const(w->res, e)) {
        lower_push_const(w, oc_cval(w->res, e));
        return;
    }
    switch (e->kind) {
    case E_INT: case E_BOOL:
        lower_push_const(w, (int32_t)e->ival);
        return;
    case E_NONE:
        lower_push_const(w, -1);
        return;
    case E_PLAYER:
        lower_push_const(w, (int32_t)e->ival - 1);
        return;
    case E_NAME:
        lower_name(w, oc_sym(w->res, e));
        return;
    case E_FIELD:
        lower_expr(w, e->a);
        lower_emit(w, ORDO_OP_DATA, 0, oc_type(w->res, e->a)->enm->nmembers,
                   (int32_t)oc_field(w->res, e)->data_offset);
        return;
    case E_INDEX:
        if (oc_ix(w->res, e) == IX_FIELD) {
            const ast_field *f = oc_field(w->res, e->base);
            uint32_t rows = oc_type(w->res, e->base->a)->enm->nmembers;
            int32_t m;
            lower_expr(w, e->base->a);
            uint32_t width = oc_field_facts_of(w->res, f)->width;
            if (const_value(w, e->args[0], &m) && m >= 0 && (uint32_t)m < width) {
                /* `c.cost[g]` with g known: one column, no index pushed */
                lower_emit(w, ORDO_OP_DATA, 0, rows,
                           (int32_t)(f->data_offset + (uint32_t)m * rows));
                return;
            }
            lower_expr(w, e->args[0]);
            lower_emit(w, ORDO_OP_DATA, 1, rows, (int32_t)f->data_offset);
        } else if (oc_ix(w->res, e) == IX_LIST) {
            uint32_t v = lower_list_ref(w, e->base);
            lower_expr(w, e->args[0]);
            lower_emit_a(w, ORDO_OP_LGET, v);
        } else {
            lower_call_args(w, e->args, e->nargs);
            lower_emit_a(w, ORDO_OP_LDX, lower_index(w, oc_sym(w->res, e->base)->decl));
        }
        return;
    case E_CALL: {
        if (oc_builtin(w->res, e)) {
            builtin_call(w, e);
            return;
        }
        const ast_decl *fn = oc_sym(w->res, e)->decl;
        if (inlinable(w, fn)) {
            inline_fn(w, e);
            return;
        }
        lower_call_args(w, e->args, e->nargs);
        lower_emit_a(w, ORDO_OP_CALL, lower_index(w, fn));
        VPUSH(w, w->units.v[w->unit].calls, (uint16_t)lower_index(w, fn));
        return;
    }
    case E_CAN: {
        const ast_decl *action = oc_sym(w->res, e)->decl;
        lower_call_args(w, e->args, e->nargs);
        lower_emit_a(w, ORDO_OP_CALL, w->guard_fn[lower_index(w, action)]);
        VPUSH(w, w->units.v[w->unit].calls, (uint16_t)w->guard_fn[lower_index(w, action)]);
        if (lower_bound(w, action)->depth) { /* and room for one more run */
            lower_depth_room(w, action);
            lower_emit_op(w, ORDO_OP_MUL);
        }
        return;
    }
    case E_SEES:
        lower_sees(w, e);
        return;
    case E_ME:
        lower_emit_op(w, ORDO_OP_DECIDER);
        return;
    case E_CAPPED:
        lower_expr(w, e->a);
        lower_expr(w, e->b);
        lower_emit_op(w, ORDO_OP_MIN);
        return;
    case E_IN_ACTION:
        if (!w->acting_var) { /* no action in this ruleset */
            lower_push_const(w, 0);
            return;
        }
        lower_emit_a(w, ORDO_OP_LDG, w->acting_var);
        lower_push_const(w, 0);
        lower_emit_op(w, ORDO_OP_GT);
        return;
    case E_UNARY:
        lower_expr(w, e->a);
        lower_emit_op(w, e->op == OP_NOT ? ORDO_OP_NOT : ORDO_OP_NEG);
        return;
    case E_BINARY:
        if (e->op == OP_AND || e->op == OP_OR) {
            /* short-circuit: the left value stands when it decides */
            lower_expr(w, e->a);
            lower_emit_op(w, ORDO_OP_DUP);
            uint32_t j = lower_jump(w, e->op == OP_AND ? ORDO_OP_JZ : ORDO_OP_JNZ);
            lower_emit_op(w, ORDO_OP_POP);
            lower_expr(w, e->b);
            lower_patch_here(w, j);
            return;
        }
        lower_expr(w, e->a);
        lower_expr(w, e->b);
        lower_emit_op(w, lower_binop_code(e->op));
        return;
    case E_IF: {
        u32vec jelse = {0};
        lower_branch(w, e->a, 0, &jelse);
        int d = w->depth;
        lower_expr(w, e->b);
        uint32_t jend = lower_jump(w, ORDO_OP_JMP);
        lower_patch_all_here(w, &jelse);
        w->depth = d;
        lower_expr(w, e->c);
        lower_patch_here(w, jend);
        return;
    }
    case E_IN: {
        uint32_t v = lower_list_ref(w, e->b);
        lower_expr(w, e->a);
        lower_emit_a(w, lower_list_op(w, e->b, ORDO_OP_LHAS, ORDO_OP_SHAS), v);
        return;
    }
    case E_ROLL:
        if (e->a)
            lower_expr(w, e->a);
        else
            lower_push_const(w, (int32_t)e->ival);
        lower_emit_a(w, ORDO_OP_ROLL, (uint32_t)e->sides);
        return;
    case E_AGG:
        aggregate(w, e);
        return;
    default:
        lower_push_const(w, 0);
        return;
    }
}

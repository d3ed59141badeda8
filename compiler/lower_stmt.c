/* lower_stmt.c — statements into code: steps (with their trace and
 * skips), assignments, loops, choices and their options, scopes and
 * escapes, turns, windows, actions with their costs, payments and the
 * payer's ways (`or` sources, substitutes), batches, logs, events and the end of the game. */
#include "lower_int.h"

/* ---------------------------------------------------------- statements */

/* Leaving `steps` step blocks and `scopes` escape scopes of this unit
 * (exit out of a loop, return). */
static void unwind(lowering *w, int steps, int scopes, int with_steps)
{
    uint32_t nesc = 0;
    for (int s = w->scopes; s > scopes; s--)
        nesc += w->scope_nesc[s - 1];
    if (nesc)
        lower_emit(w, ORDO_OP_UNESC, (int)nesc, 0, 0);
    if (with_steps) {
        int d = w->depth;
        for (int s = w->steps; s > steps; s--)
            lower_emit_op(w, ORDO_OP_STEPEND);
        w->depth = d; /* the code after the jump still has them */
    }
}

/* Does evaluating e draw from the generator? Such an index must be computed
 * once, or `x[roll d6] += 1` would read one cell and write another. */
static int has_roll(const lowering *w, const ast_expr *e)
{
    if (!e || oc_is_const(w->res, e))
        return 0;
    switch (e->kind) {
    case E_ROLL: return 1;
    case E_INDEX:
        if (has_roll(w, e->base))
            return 1;
        /* fall through */
    case E_CALL:
    case E_CAN:
        for (uint32_t i = 0; i < e->nargs; i++)
            if (has_roll(w, e->args[i]))
                return 1;
        return 0;
    case E_IF: return has_roll(w, e->a) || has_roll(w, e->b) || has_roll(w, e->c);
    case E_AGG: return 1; /* its iterable could; rare enough to be safe */
    default: return has_roll(w, e->a) || has_roll(w, e->b);
    }
}

/* Pushes the indexes of an indexed target (a var cell, or a list element:
 * the list's own indexes, then the position); returns the var. With
 * `saved`, the values come from hidden locals filled by save_indexes. */
static uint32_t target_indexes(lowering *w, const ast_expr *t, uint32_t saved, int use_saved)
{
    const ast_expr *lbase = oc_ix(w->res, t) == IX_LIST ? t->base : NULL;
    uint32_t k = 0;
    if (lbase && lbase->kind == E_INDEX) {
        for (uint32_t i = 0; i < lbase->nargs; i++, k++) {
            if (use_saved)
                lower_emit_a(w, ORDO_OP_LDL, saved + k);
            else
                lower_expr(w, lbase->args[i]);
        }
    }
    uint32_t n = lbase ? 1 : t->nargs;
    for (uint32_t i = 0; i < n; i++, k++) {
        if (use_saved)
            lower_emit_a(w, ORDO_OP_LDL, saved + k);
        else
            lower_expr(w, t->args[i]);
    }
    if (!lbase)
        return lower_index(w, oc_sym(w->res, t->base)->decl);
    return lbase->kind == E_INDEX ? lower_index(w, oc_sym(w->res, lbase->base)->decl)
                                  : lower_index(w, oc_sym(w->res, lbase)->decl);
}

/* Pushes the indexes of a var cell (`x` or `x[i, j]`); returns the var. */
static uint32_t cell_indexes(lowering *w, const ast_expr *t)
{
    if (t->kind == E_NAME)
        return lower_index(w, oc_sym(w->res, t)->decl);
    lower_call_args(w, t->args, t->nargs);
    return lower_index(w, oc_sym(w->res, t->base)->decl);
}

static const ast_decl *cell_var(const lowering *w, const ast_expr *t)
{
    if (t->kind == E_NAME) {
        const ast_sym *s = oc_sym(w->res, t);
        return s->kind == SYM_VAR ? s->decl : NULL;
    }
    return oc_ix(w->res, t) == IX_VAR ? oc_sym(w->res, t->base)->decl : NULL;
}

/* `pay N from X` (and an action's costs): E_DENIED if X holds less. */
static void pay(lowering *w, const ast_expr *target, const ast_expr *amount)
{
    uint32_t v = cell_indexes(w, target);
    lower_expr(w, amount);
    lower_emit(w, ORDO_OP_PAY, w->pay_undoes, v, 0);
}

/* Pushes the indexes of substitute d's cell for the payment whose indexes
 * are in locals t..; returns the substitute's var. */
static uint32_t sub_cell(lowering *w, const ast_decl *d, uint32_t t)
{
    const oc_decl_facts *sf = oc_decl_facts_of(w->res, d);
    for (uint32_t k = 0; k < sf->sub_decl->ndims; k++)
        lower_emit_a(w, ORDO_OP_LDL, t + (uint32_t)sf->sub_map[k]);
    return lower_index(w, sf->sub_decl);
}

/* What way wy takes, once chosen: the rest of the amount (local t + n)
 * from the first source (its indexes in locals t..), k units from each
 * `or` source, or one unit of the substitute. */
static void pay_way(lowering *w, const oc_payment *pm, const ast_way *wy, uint32_t v, uint32_t t,
                    uint32_t n)
{
    if (wy->sub) {
        uint32_t sv = sub_cell(w, pm->substitute, t);
        lower_push_const(w, 1);
        lower_emit(w, ORDO_OP_PAY, w->pay_undoes, sv, 0);
        return;
    }
    if (wy->has_param) {
        for (uint32_t k = 0; k <= n; k++)
            lower_emit_a(w, ORDO_OP_LDL, t + k);
        if (wy->ksum) {
            lower_push_const(w, wy->ksum);
            lower_emit_op(w, ORDO_OP_SUB);
        }
        lower_emit(w, ORDO_OP_PAY, w->pay_undoes, v, 0);
    }
    for (uint32_t i = 0; i < pm->nalts; i++) {
        if (!wy->k[i])
            continue;
        uint32_t av = cell_indexes(w, pm->alts[i]);
        lower_push_const(w, wy->k[i]);
        lower_emit(w, ORDO_OP_PAY, w->pay_undoes, av, 0);
    }
}

/* The decision at a payment with several ways (compiler/resolve_pay.c),
 * its indexes and amount in locals t..t+n (the amount above 0): when the
 * payer holds an alternative (`asked`), each way whose guard holds is
 * offered, "pay {} A ..." with what A pays as its param. Falls through to
 * the plain PAY when the payer is not asked; each way jumps to the end
 * (its jumps in *ends). */
static void offer_ways(lowering *w, const oc_payment *pm, uint32_t v, uint32_t t, uint32_t n,
                       uint32_t line, u32vec *ends)
{
    lower_expr(w, pm->asked);
    uint32_t not_asked = lower_jump(w, ORDO_OP_JZ);
    uint32_t *rows = arena_alloc(w->a, pm->nways * sizeof *rows);
    if (pm->nways > w->max_ways)
        w->max_ways = pm->nways;
    for (uint32_t i = 0; i < pm->nways; i++) {
        rows[i] = lower_add_plain_option(w, pm->ways[i].label, line);
        if (pm->ways[i].has_param)
            w->options.v[rows[i]].param_kind = ORDO_K_INT;
    }
    lower_emit_op(w, ORDO_OP_OPTS);
    for (uint32_t i = 0; i < pm->nways; i++) {
        const ast_way *wy = &pm->ways[i];
        lower_expr(w, wy->guard);
        uint32_t skip = lower_jump(w, ORDO_OP_JZ);
        if (wy->has_param) {
            lower_emit_a(w, ORDO_OP_LDL, t + n);
            if (wy->ksum) {
                lower_push_const(w, wy->ksum);
                lower_emit_op(w, ORDO_OP_SUB);
            }
            lower_emit_a(w, ORDO_OP_OFFER, rows[i]);
        } else {
            lower_emit_a(w, ORDO_OP_OFFERN, rows[i]);
        }
        lower_patch_here(w, skip);
    }
    lower_emit_a(w, ORDO_OP_LDL, t + (uint32_t)pm->payer_ix);
    lower_emit(w, ORDO_OP_WAIT, 3, 0, 0); /* one way left: no decision */
    int d = w->depth;
    for (uint32_t i = 0; i < pm->nways; i++) {
        const ast_way *wy = &pm->ways[i];
        w->depth = d + (wy->has_param ? 1 : 0); /* ordo_choose pushed the param */
        if (w->depth > w->maxdepth)
            w->maxdepth = w->depth;
        w->options.v[rows[i]].target = lower_here(w);
        if (wy->has_param)
            lower_emit_op(w, ORDO_OP_POP);
        pay_way(w, pm, wy, v, t, n);
        uint32_t out = lower_jump(w, ORDO_OP_JMP);
        VPUSH(w, *ends, out);
    }
    w->depth = d;
    lower_patch_here(w, not_asked);
}

/* A payment: `pay` in a body (is_cost 0) or an action's up-front cost
 * (is_cost 1: an amount of 0 is no payment, and leaves no trace line).
 * With more than one way to pay it (`or` sources, a substitute: TEO-D4)
 * the payer may be asked first (offer_ways). Indexes and amount are
 * evaluated once, into hidden locals; a plain PAY is E_DENIED when
 * short. */
void lower_pay_offer(lowering *w, const ast_expr *target, const ast_expr *amount,
                     const oc_payment *pm, uint32_t line, int is_cost)
{
    if (!pm && !is_cost) {
        pay(w, target, amount);
        return;
    }
    uint32_t n = target->kind == E_INDEX ? target->nargs : 0, t = lower_take_locals(w, n + 1);
    uint32_t v = cell_indexes(w, target);
    u32vec ends = {0};
    lower_expr(w, amount);
    for (uint32_t k = n + 1; k-- > 0;)
        lower_emit_a(w, ORDO_OP_STL, t + k);
    lower_emit_a(w, ORDO_OP_LDL, t + n);
    lower_push_const(w, 0);
    lower_emit_op(w, ORDO_OP_GT);
    uint32_t zero = lower_jump(w, ORDO_OP_JZ);
    if (pm)
        offer_ways(w, pm, v, t, n, line, &ends);
    if (!is_cost) /* `pay 0` is a payment of nothing, traced */
        lower_patch_here(w, zero);
    for (uint32_t k = 0; k <= n; k++)
        lower_emit_a(w, ORDO_OP_LDL, t + k);
    lower_emit(w, ORDO_OP_PAY, w->pay_undoes, v, 0);
    lower_patch_all_here(w, &ends);
    if (is_cost)
        lower_patch_here(w, zero);
    lower_give_locals(w, t);
}

/* `pay in any order`, `costs in any order` (is_cost): the payer picks
 * the next part among those that can be paid now with the rest payable
 * after (resolve_pay.c); one left, or one open, is no decision (WAIT 3).
 * When none is open, the first unpaid part is paid as written: short,
 * E_DENIED. Each part marks itself paid and goes back to the choice. */
void lower_pay_order(lowering *w, const oc_pay_order *o, uint32_t line, int is_cost)
{
    uint32_t n = o->nparts;
    u32vec *to = arena_alloc(w->a, n * sizeof *to);
    memset(to, 0, n * sizeof *to);
    for (uint32_t k = 0; k < n; k++) {
        lower_push_const(w, 0);
        lower_emit_a(w, ORDO_OP_STL, lower_lslot(w, o->paid[k]));
    }
    uint32_t head = lower_here(w);
    lower_expr(w, o->any);
    uint32_t none = lower_jump(w, ORDO_OP_JZ);
    uint32_t *rows = arena_alloc(w->a, n * sizeof *rows);
    lower_emit_op(w, ORDO_OP_OPTS);
    for (uint32_t k = 0; k < n; k++) {
        const ast_expr *amount = o->parts[k].amount;
        int param = !oc_is_const(w->res, amount);
        rows[k] = lower_add_plain_option(w, o->labels[k], line);
        lower_expr(w, o->offer[k]);
        uint32_t skip = lower_jump(w, ORDO_OP_JZ);
        if (param) {
            w->options.v[rows[k]].param_kind = ORDO_K_INT;
            lower_expr(w, amount);
            lower_emit_a(w, ORDO_OP_OFFER, rows[k]);
        } else {
            lower_emit_a(w, ORDO_OP_OFFERN, rows[k]);
        }
        lower_patch_here(w, skip);
    }
    lower_expr(w, o->payer);
    lower_emit(w, ORDO_OP_WAIT, 3, 0, 0); /* one part open: no decision */
    int d = w->depth;
    for (uint32_t k = 0; k < n; k++) {
        int param = !oc_is_const(w->res, o->parts[k].amount);
        w->depth = d + param; /* ordo_choose pushed the param */
        if (w->depth > w->maxdepth)
            w->maxdepth = w->depth;
        w->options.v[rows[k]].target = lower_here(w);
        if (param)
            lower_emit_op(w, ORDO_OP_POP);
        VPUSH(w, to[k], lower_jump(w, ORDO_OP_JMP));
    }
    w->depth = d;
    lower_patch_here(w, none);
    for (uint32_t k = 0; k < n; k++) {
        lower_emit_a(w, ORDO_OP_LDL, lower_lslot(w, o->paid[k]));
        VPUSH(w, to[k], lower_jump(w, ORDO_OP_JZ));
    }
    uint32_t done = lower_jump(w, ORDO_OP_JMP);
    for (uint32_t k = 0; k < n; k++) {
        const oc_pay_part *p = &o->parts[k];
        lower_patch_all_here(w, &to[k]);
        lower_push_const(w, 1);
        lower_emit_a(w, ORDO_OP_STL, lower_lslot(w, o->paid[k]));
        lower_pay_offer(w, p->target, p->amount, p->pm, ast_line(p->loc), is_cost);
        lower_jump_to(w, ORDO_OP_JMP, head);
    }
    lower_patch_here(w, done);
}

static void assign(lowering *w, const ast_stmt *s)
{
    const ast_expr *t = s->u.assign.target;
    int op = s->u.assign.op ? lower_binop_code(s->u.assign.op) : 0;
    const ast_decl *cv = cell_var(w, t);
    if (w->f->has_batches && s->u.assign.op == OP_ADD && cv && cv->resource) {
        /* what a resource receives inside a batch waits for its end */
        uint32_t v = cell_indexes(w, t);
        lower_expr(w, s->u.assign.value);
        lower_emit_a(w, ORDO_OP_ADDD, v);
        return;
    }
    if (t->kind == E_NAME) {
        if (op)
            lower_expr(w, t);
        lower_expr(w, s->u.assign.value);
        if (op)
            lower_emit_op(w, op);
        const ast_sym *named = oc_sym(w->res, t);
        if (named->kind == SYM_LOCAL)
            lower_emit_a(w, ORDO_OP_STL, (uint32_t)named->slot);
        else
            lower_emit_a(w, ORDO_OP_STG, lower_index(w, named->decl));
        return;
    }
    int list = oc_ix(w->res, t) == IX_LIST;
    uint32_t first = w->nlocals, saved = 0;
    int use_saved = op && has_roll(w, t);
    if (use_saved) {
        uint32_t n = (list ? 1 : t->nargs) +
                     (list && t->base->kind == E_INDEX ? t->base->nargs : 0);
        saved = lower_take_locals(w, n);
        target_indexes(w, t, 0, 0);
        for (uint32_t i = n; i-- > 0;)
            lower_emit_a(w, ORDO_OP_STL, saved + i);
    }
    uint32_t v = target_indexes(w, t, saved, use_saved);
    if (op) {
        target_indexes(w, t, saved, use_saved);
        lower_emit_a(w, list ? ORDO_OP_LGET : ORDO_OP_LDX, v);
    }
    lower_expr(w, s->u.assign.value);
    if (op)
        lower_emit_op(w, op);
    lower_emit_a(w, list ? ORDO_OP_LSET : ORDO_OP_STX, v);
    lower_give_locals(w, first);
}

static void stmt_if(lowering *w, const ast_stmt *s)
{
    u32vec jelse = {0};
    lower_branch(w, s->u.if_.cond, 0, &jelse);
    lower_block(w, &s->u.if_.then_b);
    if (!s->u.if_.else_if && !s->u.if_.has_else) {
        lower_patch_all_here(w, &jelse);
        return;
    }
    uint32_t jend = lower_jump(w, ORDO_OP_JMP);
    lower_patch_all_here(w, &jelse);
    if (s->u.if_.else_if)
        stmt_if(w, s->u.if_.else_if);
    else
        lower_block(w, &s->u.if_.else_b);
    lower_patch_here(w, jend);
}

static void loop_begin(lowering *w, const ast_stmt *s)
{
    loop_ctx l;
    memset(&l, 0, sizeof l);
    l.loop = s;
    l.steps = w->steps;
    l.scopes = w->scopes;
    VPUSH(w, w->loops, l);
}

/* Patches the loop's exits to here and forgets it. */
static void loop_end(lowering *w)
{
    loop_ctx *l = &w->loops.v[w->loops.n - 1];
    lower_patch_all_here(w, &l->breaks);
    w->loops.n--;
}

static void stmt_repeat(lowering *w, const ast_stmt *s)
{
    int kind = s->u.rep.kind;
    const ast_expr *c = s->u.rep.cond;
    loop_begin(w, s);
    uint32_t top = lower_here(w);
    uint32_t jout = NO_LABEL;
    if (kind == REP_UNTIL_BEFORE || kind == REP_WHILE) {
        lower_expr(w, c);
        jout = lower_jump(w, kind == REP_WHILE ? ORDO_OP_JZ : ORDO_OP_JNZ);
    }
    lower_block(w, &s->u.rep.body);
    if (kind == REP_UNTIL_AFTER) {
        lower_expr(w, c);
        lower_jump_to(w, ORDO_OP_JZ, top);
    } else {
        lower_jump_to(w, ORDO_OP_JMP, top);
    }
    if (jout != NO_LABEL)
        lower_patch_here(w, jout);
    loop_end(w);
}

/* `round p in players by K... [where C] [until all pass] { body }`: the
 * passed marks of the round under way (an enclosing one's, if any) kept
 * aside and cleared; then, before each turn, the next player picked
 * afresh (the keys and `where` read now) among those in the game, not
 * passed and not yet visited in this go-around. Nobody left ends a
 * go-around; `until all pass` starts another when this one visited
 * anyone. `exit` leaves the round. Leaving a round that another is
 * running (the var "rounds under way" counts them), the marks kept aside
 * come back: each round has its own (issue 29, 4: an auction inside a
 * round cleared the round's passes), and passed(p) reads the innermost's;
 * the outermost round's marks stay after it ends, for a rule after it. */
static void stmt_round(lowering *w, const ast_stmt *s)
{
    int again = s->u.for_.round == ROUND_UNTIL_PASSED;
    uint32_t first = w->nlocals, passed = lower_index(w, w->res->passed_var);
    uint32_t rounds = lower_index(w, w->res->rounds_var);
    uint32_t outer = lower_take_locals(w, (uint32_t)w->f->max_players);
    lower_copy_players(w, ORDO_OP_LDX, passed, ORDO_OP_STLI, outer);
    lower_emit_a(w, ORDO_OP_LDG, rounds);
    lower_push_const(w, 1);
    lower_emit_op(w, ORDO_OP_ADD);
    lower_emit_a(w, ORDO_OP_STG, rounds);
    pick_ctx pc = {.var = (uint32_t)s->u.for_.var->slot,
                   .keys = (const ast_expr *const *)s->u.for_.keys,
                   .nkeys = s->u.for_.nkeys, .desc_mask = s->u.for_.desc_mask,
                   .stored = NO_LABEL, .where = s->u.for_.where, .passed_var = passed,
                   .in_game_only = 1};
    pc.taken = lower_take_locals(w, (uint32_t)w->f->max_players);
    pc.best = lower_take_locals(w, 1);
    uint32_t any = lower_take_locals(w, 1);
    lower_clear_players(w, ORDO_OP_STX, passed);
    uint32_t around = lower_here(w);
    lower_clear_players(w, ORDO_OP_STLI, pc.taken);
    lower_push_const(w, 0);
    lower_emit_a(w, ORDO_OP_STL, any);
    uint32_t pick = lower_here(w);
    lower_pick_player(w, &pc);
    lower_emit_a(w, ORDO_OP_LDL, pc.best);
    lower_push_const(w, -1);
    lower_emit_op(w, ORDO_OP_NE);
    uint32_t visit = lower_jump(w, ORDO_OP_JNZ);
    if (again) {
        lower_emit_a(w, ORDO_OP_LDL, any);
        lower_jump_to(w, ORDO_OP_JNZ, around);
    }
    uint32_t out = lower_jump(w, ORDO_OP_JMP);
    lower_patch_here(w, visit);
    lower_emit_a(w, ORDO_OP_LDL, pc.best);
    lower_push_const(w, 1);
    lower_emit_a(w, ORDO_OP_STLI, pc.taken);
    lower_push_const(w, 1);
    lower_emit_a(w, ORDO_OP_STL, any);
    lower_emit_a(w, ORDO_OP_LDL, pc.best);
    lower_emit_a(w, ORDO_OP_STL, pc.var);
    loop_begin(w, s);
    lower_block(w, &s->u.for_.body);
    lower_jump_to(w, ORDO_OP_JMP, pick);
    lower_patch_here(w, out);
    loop_end(w);
    lower_emit_a(w, ORDO_OP_LDG, rounds);
    lower_push_const(w, 1);
    lower_emit_op(w, ORDO_OP_SUB);
    lower_emit_a(w, ORDO_OP_STG, rounds);
    lower_emit_a(w, ORDO_OP_LDG, rounds);
    uint32_t outermost = lower_jump(w, ORDO_OP_JZ);
    lower_copy_players(w, ORDO_OP_LDLI, outer, ORDO_OP_STX, passed);
    lower_patch_here(w, outermost);
    lower_give_locals(w, first);
}

/* `simultaneously for p in players { choose p ... }`: a first pass asks
 * every p in secret (WAIT x=2) and keeps which option and value each
 * chose, in player-indexed locals (WAIT's b names them, 1 + the first:
 * a seat's view masks the others' until the reveal, ordo_view; an
 * option's variable is cleared once copied, so that it holds no pick
 * either); a second pass, in the same order,
 * reveals every choice (CHOSEN); a third carries each out. Nothing a
 * choice does happens before every player has chosen, so no one's options
 * or choice can depend on another's; and every choice is known before any
 * is carried out, so a follow-up decision in one (sealed bids: the winner
 * pays) may depend on all of them (issue 29, 3). */
static void offer_options(lowering *w, const ast_stmt *s);
static uint32_t prompt_text(lowering *w, const ast_stmt *s);

static void option_entry(lowering *w, const ast_option *o, int depth);

/* A for loop's iteration opened, its keys and `where` as any for's. */
static void open_for(lowering *w, const ast_stmt *s, iter_ctx *c)
{
    for_keys fk = {(const ast_expr *const *)s->u.for_.keys, s->u.for_.nkeys,
                   s->u.for_.desc_mask};
    lower_iter_open_keys(w, c, s->u.for_.iter, (uint32_t)s->u.for_.var->slot, &fk);
    lower_iter_filter(w, c, s->u.for_.where);
}

/* A for loop's end: `exit` leaves past the increment, so its jumps are
 * the iteration's breaks. */
static void close_for(lowering *w, iter_ctx *c)
{
    loop_ctx *l = &w->loops.v[w->loops.n - 1];
    for (uint32_t i = 0; i < l->breaks.n; i++)
        VPUSH(w, c->brk, l->breaks.v[i]);
    l->breaks.n = 0;
    loop_end(w);
    lower_iter_close(w, c);
}

static void simultaneous_ask(lowering *w, const ast_stmt *s, uint32_t pick, uint32_t param)
{
    const ast_stmt *ch = s->u.for_.body.first;
    uint32_t pv = (uint32_t)s->u.for_.var->slot, k = 0;
    iter_ctx c;
    open_for(w, s, &c);
    offer_options(w, ch);
    lower_expr(w, ch->u.choose.player);
    lower_emit(w, ORDO_OP_WAIT, 2, prompt_text(w, ch), (int32_t)pick + 1);
    u32vec ends = {0};
    int d = w->depth;
    for (const ast_option *o = ch->u.choose.options; o; o = o->next, k++) {
        option_entry(w, o, d);
        lower_emit_a(w, ORDO_OP_LDL, pv);
        if (o->var)
            lower_emit_a(w, ORDO_OP_LDL, (uint32_t)o->var->slot);
        else
            lower_push_const(w, 0);
        lower_emit_a(w, ORDO_OP_STLI, param);
        if (o->var) {
            lower_push_const(w, 0);
            lower_emit_a(w, ORDO_OP_STL, (uint32_t)o->var->slot);
        }
        lower_emit_a(w, ORDO_OP_LDL, pv);
        lower_push_const(w, (int32_t)k + 1);
        lower_emit_a(w, ORDO_OP_STLI, pick);
        if (o->next)
            VPUSH(w, ends, lower_jump(w, ORDO_OP_JMP));
    }
    lower_patch_all_here(w, &ends);
    w->depth = d;
    lower_iter_close(w, &c);
}

/* A pass over the players of a simultaneous decision that have chosen:
 * revealing each choice (CHOSEN, carry 0), or carrying each out (its
 * option's param back in its var, its body; carry 1). */
static void simultaneous_pass(lowering *w, const ast_stmt *s, uint32_t pick, uint32_t param,
                              int carry)
{
    const ast_stmt *ch = s->u.for_.body.first;
    uint32_t pv = (uint32_t)s->u.for_.var->slot, k = 0;
    iter_ctx c;
    open_for(w, s, &c);
    loop_begin(w, s);
    u32vec done = {0};
    for (const ast_option *o = ch->u.choose.options; o; o = o->next, k++) {
        lower_emit_a(w, ORDO_OP_LDL, pv);
        lower_emit_a(w, ORDO_OP_LDLI, pick);
        lower_push_const(w, (int32_t)k + 1);
        lower_emit_op(w, ORDO_OP_EQ);
        uint32_t skip = lower_jump(w, ORDO_OP_JZ);
        if (o->var) {
            lower_emit_a(w, ORDO_OP_LDL, pv);
            lower_emit_a(w, ORDO_OP_LDLI, param);
            lower_emit_a(w, ORDO_OP_STL, (uint32_t)o->var->slot);
        }
        if (carry) {
            lower_block(w, &o->body);
        } else {
            lower_emit_a(w, ORDO_OP_LDL, pv);
            if (o->var)
                lower_emit_a(w, ORDO_OP_LDL, (uint32_t)o->var->slot);
            lower_emit(w, ORDO_OP_CHOSEN, o->var != NULL, (uint32_t)oc_option_index(w->res, o), 0);
        }
        VPUSH(w, done, lower_jump(w, ORDO_OP_JMP));
        lower_patch_here(w, skip);
    }
    lower_patch_all_here(w, &done);
    close_for(w, &c);
}

static void stmt_simultaneous(lowering *w, const ast_stmt *s)
{
    uint32_t maxp = (uint32_t)w->f->max_players;
    uint32_t pick = lower_take_locals(w, 2 * maxp), param = pick + maxp;
    lower_clear_players(w, ORDO_OP_STLI, pick); /* no choice: a player `where` leaves out */
    simultaneous_ask(w, s, pick, param);
    simultaneous_pass(w, s, pick, param, 0); /* every choice revealed, */
    simultaneous_pass(w, s, pick, param, 1); /* then each carried out */
    lower_give_locals(w, pick);
}

static void stmt_for(lowering *w, const ast_stmt *s)
{
    if (s->u.for_.round) {
        stmt_round(w, s);
        return;
    }
    if (s->u.for_.simultaneous) {
        stmt_simultaneous(w, s);
        return;
    }
    iter_ctx c;
    open_for(w, s, &c);
    loop_begin(w, s);
    lower_block(w, &s->u.for_.body);
    close_for(w, &c);
}

static void stmt_exit(lowering *w, const ast_stmt *s)
{
    uint32_t skip = NO_LABEL;
    if (s->u.exit.cond) {
        lower_expr(w, s->u.exit.cond);
        skip = lower_jump(w, ORDO_OP_JZ);
    }
    uint32_t i = w->loops.n;
    while (i > 0 && w->loops.v[i - 1].loop != oc_exit_loop(w->res, s))
        i--;
    if (i == 0) { /* resolution guarantees a loop; stay safe */
        if (skip != NO_LABEL)
            lower_patch_here(w, skip);
        return;
    }
    loop_ctx *l = &w->loops.v[i - 1];
    unwind(w, l->steps, l->scopes, 1);
    uint32_t j = lower_jump(w, ORDO_OP_JMP);
    VPUSH(w, l->breaks, j);
    if (skip != NO_LABEL)
        lower_patch_here(w, skip);
}

/* A choose's prompt, a text its WAIT names (1 + its index; 0: none),
 * whose {names} are read from the waiting frame's locals (ordo_prompt). */
static uint32_t prompt_text(lowering *w, const ast_stmt *s)
{
    const ast_text *t = &s->u.choose.prompt;
    if (!t->text)
        return 0;
    const oc_text_facts *f = oc_text_facts_of(w->res, t);
    const char *tmpl = oc_text_tmpl(w->res, t);
    uint32_t id = lower_add_text(w, tmpl ? tmpl : t->text, t);
    for (uint32_t k = 0; k < f->nargs && k < ORDO_EVENT_MAX_ARGS; k++)
        w->texts.v[id].arg_slot[k] = (uint16_t)f->args[k]->slot;
    return id + 1;
}

/* The player of a decision, then WAIT. */
void lower_wait_for(lowering *w, const ast_expr *player)
{
    lower_expr(w, player);
    lower_emit_op(w, ORDO_OP_WAIT);
}

/* A choose's options offered (their `when`, `for` and `where`), up to its
 * WAIT. */
static void offer_options(lowering *w, const ast_stmt *s)
{
    lower_emit_op(w, ORDO_OP_OPTS);
    for (const ast_option *o = s->u.choose.options; o; o = o->next) {
        ordo_option *oo = &w->options.v[oc_option_index(w->res, o)];
        oo->step = (int16_t)w->cur_step;
        u32vec skip = {0};
        if (o->when)
            lower_branch(w, o->when, 0, &skip);
        if (o->var) {
            iter_ctx c;
            lower_iter_open(w, &c, o->iter, (uint32_t)o->var->slot, NULL, 0);
            lower_iter_filter(w, &c, o->where);
            lower_emit_a(w, ORDO_OP_LDL, (uint32_t)o->var->slot);
            lower_emit_a(w, ORDO_OP_OFFER, (uint32_t)oc_option_index(w->res, o));
            lower_iter_close(w, &c);
        } else {
            lower_emit_a(w, ORDO_OP_OFFERN, (uint32_t)oc_option_index(w->res, o));
        }
        lower_patch_all_here(w, &skip);
    }
}

/* Where an option's code begins: its target; ordo_choose pushed its
 * param, which goes to the option's variable. */
static void option_entry(lowering *w, const ast_option *o, int depth)
{
    w->options.v[oc_option_index(w->res, o)].target = lower_here(w);
    w->depth = depth;
    if (o->var) {
        w->depth++;
        if (w->depth > w->maxdepth)
            w->maxdepth = w->depth;
        lower_emit_a(w, ORDO_OP_STL, (uint32_t)o->var->slot);
    }
}

static void stmt_choose(lowering *w, const ast_stmt *s)
{
    offer_options(w, s);
    lower_expr(w, s->u.choose.player);
    lower_emit(w, ORDO_OP_WAIT, s->u.choose.secret ? 1 : 0, prompt_text(w, s), 0);
    u32vec ends = {0};
    int d = w->depth;
    for (const ast_option *o = s->u.choose.options; o; o = o->next) {
        option_entry(w, o, d);
        lower_block(w, &o->body);
        if (o->next)
            VPUSH(w, ends, lower_jump(w, ORDO_OP_JMP));
    }
    lower_patch_all_here(w, &ends);
    w->depth = d;
}

static void stmt_scope(lowering *w, const ast_stmt *s)
{
    uint32_t k = 0;
    for (const ast_escape *e = s->u.scope.escapes; e; e = e->next, k++) {
        lower_expr(w, e->player);
        lower_emit(w, ORDO_OP_ESC, 0, (uint32_t)oc_escape_index(w->res, e), (int32_t)k);
        w->escapes.v[oc_escape_index(w->res, e)].step = (int16_t)w->cur_step;
    }
    if (w->scopes >= (int)(sizeof w->scope_nesc / sizeof w->scope_nesc[0])) {
        diag_error(w->d, s->loc, "scopes nested too deeply (at most 256)");
        w->failed = 1;
        return;
    }
    w->scope_nesc[w->scopes++] = k;
    lower_block(w, &s->u.scope.body);
    w->scopes--;
    lower_emit(w, ORDO_OP_UNESC, (int)k, 0, 0);
    u32vec ends = {0};
    VPUSH(w, ends, lower_jump(w, ORDO_OP_JMP));
    int d = w->depth;
    for (const ast_escape *e = s->u.scope.escapes; e; e = e->next) {
        w->escapes.v[oc_escape_index(w->res, e)].handler = lower_here(w);
        w->depth = d;
        lower_block(w, &e->body);
        if (e->next)
            VPUSH(w, ends, lower_jump(w, ORDO_OP_JMP));
    }
    lower_patch_all_here(w, &ends);
    w->depth = d;
}

/* first turn only / when / optional by, then the block between STEP and
 * STEPEND; a step that does not run leaves a SKIP in the trace. */
static void stmt_step(lowering *w, const ast_stmt *s)
{
    uint32_t idx = (uint32_t)oc_step_index(w->res, s);
    u32vec skips = {0};
    if (s->u.step.when)
        lower_branch(w, s->u.step.when, 0, &skips);
    if (s->u.step.first_turn_only) {
        /* no one's turn (active is none) is no one's first turn */
        lower_emit_a(w, ORDO_OP_LDG, 0);
        lower_push_const(w, -1);
        lower_emit_op(w, ORDO_OP_EQ);
        VPUSH(w, skips, lower_jump(w, ORDO_OP_JNZ));
        lower_emit_a(w, ORDO_OP_LDG, 0);
        lower_emit_a(w, ORDO_OP_LDX, 1);
        lower_push_const(w, 1);
        lower_emit_op(w, ORDO_OP_EQ);
        VPUSH(w, skips, lower_jump(w, ORDO_OP_JZ));
    }
    uint32_t skip_opt = NO_LABEL;
    if (s->u.step.optional_by) {
        const char *title = s->u.step.title && *s->u.step.title ? s->u.step.title : "carry out";
        uint32_t od = lower_add_plain_option(w, title, ast_line(s->loc));
        skip_opt = lower_add_plain_option(w, "skip", ast_line(s->loc));
        lower_emit_op(w, ORDO_OP_OPTS);
        lower_emit_a(w, ORDO_OP_OFFERN, od);
        lower_emit_a(w, ORDO_OP_OFFERN, skip_opt);
        lower_wait_for(w, s->u.step.optional_by);
        w->options.v[od].target = lower_here(w);
    }
    int saved_step = w->cur_step;
    lower_emit_a(w, ORDO_OP_STEP, idx);
    w->steps++;
    w->cur_step = (int)idx;
    lower_block(w, &s->u.step.body);
    w->cur_step = saved_step;
    w->steps--;
    lower_emit_op(w, ORDO_OP_STEPEND);
    if (skips.n || skip_opt != NO_LABEL) {
        uint32_t jend = lower_jump(w, ORDO_OP_JMP);
        lower_patch_all_here(w, &skips);
        if (skip_opt != NO_LABEL)
            w->options.v[skip_opt].target = lower_here(w);
        lower_emit_a(w, ORDO_OP_SKIP, idx);
        lower_patch_here(w, jend);
    }
    lower_release(w, skips.v);
}

static void stmt_list(lowering *w, const ast_stmt *s)
{
    const ast_expr *l = s->u.list.list;
    uint32_t v = lower_list_ref(w, l);
    switch (s->kind) {
    case S_ADD:
        lower_expr(w, s->u.list.value);
        lower_emit_a(w, lower_list_op(w, l, ORDO_OP_LADD, ORDO_OP_SADD), v);
        return;
    case S_REMOVE:
        lower_expr(w, s->u.list.value);
        lower_emit_a(w, lower_list_op(w, l, ORDO_OP_LREM, ORDO_OP_SREM), v);
        return;
    case S_REMOVE_AT: lower_expr(w, s->u.list.value); lower_emit_a(w, ORDO_OP_LREMAT, v); return;
    case S_CLEAR: lower_emit_a(w, lower_list_op(w, l, ORDO_OP_LCLR, ORDO_OP_SCLR), v); return;
    default: lower_emit_a(w, ORDO_OP_LSHUF, v); return;
    }
}

void lower_call_unit(lowering *w, uint32_t proc)
{
    lower_emit_a(w, ORDO_OP_CALL, proc);
    VPUSH(w, w->units.v[w->unit].calls, (uint16_t)proc);
}

/* A window for the player in local `pl`: the anytime actions whose guards
 * hold, and "pass"; taking an action opens the window again, passing
 * closes it (ODIN-T1: actions only where the flow of play has a gap). */
void lower_window(lowering *w, uint32_t pl, const char *label, uint32_t line)
{
    uint32_t text = lower_add_text(w, label ? label : "", NULL);
    lower_emit_a(w, ORDO_OP_LDL, pl);
    lower_emit(w, ORDO_OP_WINDOW, 0, text, 0);
    uint32_t top = lower_here(w);
    lower_emit_op(w, ORDO_OP_OPTS);
    const oc_resolution *res = w->res;
    u32vec acts = {0}, opts = {0};
    for (uint32_t i = 0; i < res->nfns; i++) {
        const ast_decl *d = res->fns[i];
        if (!d->anytime || d->nparams != 1)
            continue;
        uint32_t skip = NO_LABEL, full = NO_LABEL;
        if (w->guard_fn[i] != NO_LABEL) {
            lower_emit_a(w, ORDO_OP_LDL, pl);
            lower_call_unit(w, w->guard_fn[i]);
            skip = lower_jump(w, ORDO_OP_JZ);
        }
        if (lower_bound(w, d)->depth) { /* not offered once its stated depth is reached */
            lower_depth_room(w, d);
            full = lower_jump(w, ORDO_OP_JZ);
        }
        uint32_t o = lower_add_plain_option(w, d->label.text, line);
        lower_emit_a(w, ORDO_OP_OFFERN, o);
        if (skip != NO_LABEL)
            lower_patch_here(w, skip);
        if (full != NO_LABEL)
            lower_patch_here(w, full);
        VPUSH(w, acts, i);
        VPUSH(w, opts, o);
    }
    uint32_t pass = lower_add_plain_option(w, "pass", line);
    lower_emit_a(w, ORDO_OP_OFFERN, pass);
    lower_emit_a(w, ORDO_OP_LDL, pl);
    lower_emit(w, ORDO_OP_WAIT, 3, 0, 0); /* only "pass": no decision */
    for (uint32_t k = 0; k < acts.n; k++) {
        w->options.v[opts.v[k]].target = lower_here(w);
        lower_emit_a(w, ORDO_OP_LDL, pl);
        lower_call_unit(w, acts.v[k]);
        lower_jump_to(w, ORDO_OP_JMP, top);
    }
    w->options.v[pass].target = lower_here(w);
    lower_emit_a(w, ORDO_OP_LDL, pl);
    lower_emit(w, ORDO_OP_WINDOW, 1, text, 0);
    lower_release(w, acts.v);
    lower_release(w, opts.v);
}

/* A row of the line table where the source line changes. Rows only grow
 * in pc; code placed after a jump keeps its own statement's row. */
void lower_mark_line(lowering *w, uint32_t line, uint32_t file)
{
    if (!line)
        return;
    uint32_t pc = lower_here(w);
    ordo_line *last = w->lines.n ? &w->lines.v[w->lines.n - 1] : NULL;
    if (last && last->pc == pc) {
        last->line = line;
        last->file = (uint16_t)file;
        return;
    }
    if (last && last->line == line && last->file == file)
        return;
    ordo_line l = {pc, line, (uint16_t)file};
    VPUSH(w, w->lines, l);
}

/* The row of a statement or a cost: its line in its own file. */
void lower_mark_loc(lowering *w, ast_loc at)
{
    lower_mark_line(w, ast_line(at), ast_file_of(at));
}


static void stmt(lowering *w, const ast_stmt *s)
{
    lower_mark_loc(w, s->loc);
    switch (s->kind) {
    case S_STEP: stmt_step(w, s); return;
    case S_LET:
        lower_expr(w, s->u.let.value);
        lower_emit_a(w, ORDO_OP_STL, (uint32_t)s->u.let.sym->slot);
        return;
    case S_ASSIGN: assign(w, s); return;
    case S_IF: stmt_if(w, s); return;
    case S_REPEAT: stmt_repeat(w, s); return;
    case S_FOR: stmt_for(w, s); return;
    case S_EXIT: stmt_exit(w, s); return;
    case S_TURN:
        lower_expr(w, s->u.player.player);
        lower_emit_op(w, ORDO_OP_TURN);
        if (w->turn_var) { /* count the game's turns for `once per turn` */
            lower_emit_a(w, ORDO_OP_LDG, w->turn_var);
            lower_push_const(w, 1);
            lower_emit_op(w, ORDO_OP_ADD);
            lower_emit_a(w, ORDO_OP_STG, w->turn_var);
        }
        lower_block(w, &s->u.player.body);
        return;
    case S_ELIMINATE:
        lower_expr(w, s->u.player.player);
        lower_emit_op(w, ORDO_OP_ELIM);
        return;
    case S_PASS: /* passed[p] = true: the round skips p from now on */
        lower_expr(w, s->u.player.player);
        lower_push_const(w, 1);
        lower_emit_a(w, ORDO_OP_STX, lower_index(w, w->res->passed_var));
        return;
    case S_ROTATE:
        lower_emit_a(w, ORDO_OP_ROTATE, lower_index(w, w->res->start_var));
        return;
    case S_END: { /* a: 1 + the text of its reason (0: none); b: a limit */
        uint32_t why =
            s->u.player.label.text ? lower_add_text(w, s->u.player.label.text, NULL) + 1 : 0;
        int win = s->u.player.has_winner && s->u.player.player;
        if (win)
            lower_expr(w, s->u.player.player);
        lower_emit(w, ORDO_OP_END, win, why, s->u.player.is_limit);
        return;
    }
    case S_CHOOSE: stmt_choose(w, s); return;
    case S_SCOPE: {
        int undoes = w->pay_undoes; /* a short pay there is E_DENIED */
        w->pay_undoes = 0;
        stmt_scope(w, s);
        w->pay_undoes = undoes;
        return;
    }
    case S_WINDOW: {
        uint32_t pl = lower_take_locals(w, 1);
        lower_expr(w, s->u.player.player);
        lower_emit_a(w, ORDO_OP_STL, pl);
        lower_window(w, pl, s->u.player.label.text, ast_line(s->loc));
        lower_give_locals(w, pl);
        return;
    }
    case S_CALL:
        lower_call_args(w, s->u.call.args, s->u.call.nargs);
        lower_emit_a(w, ORDO_OP_CALL, lower_index(w, oc_called(w->res, s)->decl));
        VPUSH(w, w->units.v[w->unit].calls, (uint16_t)lower_index(w, oc_called(w->res, s)->decl));
        return;
    case S_REVEAL:
    case S_HIDE: { /* the cell's indexes, the player (-1: all), REVEAL */
        uint32_t v = cell_indexes(w, s->u.assign.target);
        if (s->u.assign.value)
            lower_expr(w, s->u.assign.value);
        else
            lower_push_const(w, -1);
        lower_emit(w, ORDO_OP_REVEAL, s->kind == S_HIDE, v, 0);
        return;
    }
    case S_REVISE:
        lower_emit(w, ORDO_OP_REVISE, 0, 0, 0);
        return;
    case S_UNDO: /* resolution allows it only in an action's own body */
        lower_emit_op(w, ORDO_OP_UNDO);
        return;
    case S_RETURN:
        if (w->in_action) { /* the action still ends as actions end */
            unwind(w, 0, 0, 1);
            VPUSH(w, w->action_returns, lower_jump(w, ORDO_OP_JMP));
            return;
        }
        unwind(w, 0, 0, 0); /* RET drops the saved steps with the frame */
        lower_emit_op(w, ORDO_OP_RET);
        return;
    case S_EMIT: {
        uint32_t ev = lower_index(w, oc_called(w->res, s)->decl), held = NO_LABEL;
        lower_call_args(w, s->u.call.args, s->u.call.nargs);
        if (w->f->has_batches) /* inside a batch it waits for the batch's end */
            held = lower_emit(w, ORDO_OP_EMITB, (int)s->u.call.nargs, ev, 0);
        if (w->dispatch[ev] != NO_LABEL) { /* the event has triggers */
            lower_emit_a(w, ORDO_OP_CALL, w->dispatch[ev]);
            VPUSH(w, w->units.v[w->unit].calls, (uint16_t)w->dispatch[ev]);
        } else {
            lower_emit(w, ORDO_OP_EMIT, (int)s->u.call.nargs, ev, 0);
        }
        if (held != NO_LABEL) /* both paths have used the args */
            lower_patch_here(w, held);
        return;
    }
    case S_DO:
        lower_call_args(w, s->u.call.args, s->u.call.nargs);
        lower_call_unit(w, lower_index(w, oc_called(w->res, s)->decl));
        return;
    case S_PAY:
        lower_pay_offer(w, s->u.assign.target, s->u.assign.value, oc_stmt_payment(w->res, s),
                        ast_line(s->loc), 0);
        return;
    case S_BATCH: lower_stmt_batch(w, &s->u.batch.body); return;
    case S_PAY_ORDER: lower_pay_order(w, oc_stmt_pay_order(w->res, s), ast_line(s->loc), 0); return;
    case S_LOG:
    case S_SHOW: { /* a log writes to the trace; a show to a display's host */
        const ast_text *t = &s->u.log.text;
        const oc_text_facts *f = oc_text_facts_of(w->res, t);
        for (uint32_t i = 0; i < f->nargs; i++)
            lower_emit_a(w, ORDO_OP_LDL, (uint32_t)f->args[i]->slot);
        uint32_t id = lower_add_text(w, oc_text_tmpl(w->res, t), t);
        lower_emit(w, s->kind == S_SHOW ? ORDO_OP_SHOW : ORDO_OP_LOG, (int)f->nargs, id,
                   s->kind == S_SHOW && s->u.log.goes_on);
        return;
    }
    case S_ASSERT: {
        const char *msg = s->u.assert_.message;
        if (!msg) {
            char buf[64];
            snprintf(buf, sizeof buf, "assertion failed (line %lu)", (unsigned long)ast_line(s->loc));
            msg = arena_strdup(w->a, buf);
        }
        lower_expr(w, s->u.assert_.cond);
        lower_emit_a(w, ORDO_OP_ASSERT, lower_add_text(w, msg, NULL));
        return;
    }
    default: stmt_list(w, s); return;
    }
}

void lower_block(lowering *w, const ast_block *b)
{
    for (const ast_stmt *s = b->first; s; s = s->next)
        if (!s->unreachable)
            stmt(w, s);
}

/* ------------------------------------------------------------- batches */

/* A batch (`batch { }`, `order combined`): what resources receive and
 * the events emitted inside wait for its end; then the gains arrive
 * together and the events run, in order (ODIN-O3, TEO-S1b). Two locals
 * hold where its pending effects begin and the next event to run. */
uint32_t lower_batch_begin(lowering *w)
{
    uint32_t l = lower_take_locals(w, 2);
    lower_emit(w, ORDO_OP_BATCH, 0, l, 0);
    return l;
}

void lower_batch_end(lowering *w, uint32_t l)
{
    lower_emit(w, ORDO_OP_BATCH, 1, l, 0);
    uint32_t next = lower_emit(w, ORDO_OP_BNEXT, 0, l, 0);
    lower_patch_here(w, next);
    /* BNEXT calls the dispatch procs of the events held back inside the
     * batch, from this frame. Each was emitted by code the batch's body
     * calls, which calls the same dispatch proc when no batch holds it
     * back: that chain is deeper than this one, so it sizes the stack and
     * no call is counted here (an edge to every dispatch proc would make
     * a cycle of every event with triggers and a batch). */
    lower_give_locals(w, l);
}

void lower_stmt_batch(lowering *w, const ast_block *body)
{
    uint32_t l = lower_batch_begin(w);
    int undoes = w->pay_undoes; /* a short pay in a batch is E_DENIED */
    w->pay_undoes = 0;
    lower_block(w, body);
    w->pay_undoes = undoes;
    lower_batch_end(w, l);
}

/* lower_unit.c — code units: each fn, proc, action, trigger, override
 * and dispatch proc gets its code and its proc row; and the deepest chain
 * of calls from each root, which sizes the stack and the frames a game
 * needs: a cycle of calls, triggers or windows by the bounds the ruleset
 * states on it (`depth N`, `once per chain`, `once per turn`), which the
 * code checks as it runs. */
#include "lower_int.h"

/* ------------------------------------------------------------- code units */

uint32_t lower_unit_begin(lowering *w, uint32_t proc, uint32_t nlocals)
{
    w->unit = proc;
    w->depth = w->maxdepth = 0;
    w->nlocals = w->maxlocals = nlocals;
    w->steps = w->scopes = 0;
    w->loops.n = 0;
    w->cur_step = -1;
    w->procs.v[proc].pc = lower_here(w);
    lower_mark_line(w, w->procs.v[proc].line, w->unit_file);
    return proc;
}

void lower_unit_end(lowering *w)
{
    ordo_proc *p = &w->procs.v[w->unit];
    if (w->maxlocals > MAX_TABLE) {
        diag_error(w->d, (ast_loc){p->line, 1}, "'%s' needs %lu locals (at most 65535)",
                   p->name, (unsigned long)w->maxlocals);
        w->failed = 1;
    }
    p->nlocals = (uint16_t)w->maxlocals;
    w->units.v[w->unit].cost = w->maxlocals + (uint32_t)w->maxdepth + 1;
    p->room = (uint16_t)(w->units.v[w->unit].cost > MAX_TABLE ? MAX_TABLE : w->units.v[w->unit].cost);
}

uint32_t lower_new_proc(lowering *w, const char *name, uint32_t line)
{
    ordo_proc p;
    memset(&p, 0, sizeof p);
    p.name = name;
    p.line = line;
    VPUSH(w, w->procs, p);
    unit_info u;
    memset(&u, 0, sizeof u);
    VPUSH(w, w->units, u);
    return w->procs.n - 1;
}

/* ------------------------------------------------- stated recursion bounds */

/* `depth N` at the start of a run (counted among those under way): more
 * than N is E_BOUND, with a message naming the unit, its bound and its
 * rule. */
static void depth_check(lowering *w, const ast_decl *d)
{
    char msg[400];
    const char *rule = lower_join_cites(w, d->cites);
    int32_t depth = lower_bound(w, d)->depth;
    snprintf(msg, sizeof msg, "'%s' would run %ld deep, past its stated 'depth %ld'%s%s%s",
             d->name, (long)depth + 1, (long)depth, *rule ? " (" : "", rule,
             *rule ? ")" : "");
    lower_emit_a(w, ORDO_OP_DEPTH, lower_index(w, d));
    lower_push_const(w, depth);
    lower_emit_op(w, ORDO_OP_LE);
    lower_emit(w, ORDO_OP_ASSERT, 2, lower_add_text(w, arena_strdup(w->a, msg), NULL), 0);
}

/* `decreasing PARAM` at the start of a run: begun within another run of
 * the same unit, its PARAM must be below that run's, else E_BOUND naming
 * the unit, the measure and the rule. */
static void measure_check(lowering *w, const ast_decl *d)
{
    char msg[400];
    const char *rule = lower_join_cites(w, d->cites);
    const char *m = d->measure_name;
    snprintf(msg, sizeof msg,
             "'%s' began within a run of its own with a '%s' not below that run's, "
             "against its stated 'decreasing %s'%s%s%s",
             d->name, m, m, *rule ? " (" : "", rule, *rule ? ")" : "");
    uint32_t k = (uint32_t)lower_bound(w, d)->measure - 1;
    lower_emit(w, ORDO_OP_OUTER, 0, lower_index(w, d), (int32_t)k);
    lower_emit_a(w, ORDO_OP_LDL, k);
    lower_emit_op(w, ORDO_OP_GT);
    lower_emit(w, ORDO_OP_ASSERT, 2, lower_add_text(w, arena_strdup(w->a, msg), NULL), 0);
}

/* The stated bound checked where a run starts. */
static void bound_check(lowering *w, const ast_decl *d)
{
    const oc_bound *b = lower_bound(w, d);
    if (b->measure)
        measure_check(w, d);
    else if (b->depth)
        depth_check(w, d);
}

/* `once per chain`: the number of this run's argument tuple. */
static void chain_tuple(lowering *w, const ast_decl *d)
{
    lower_push_const(w, 0);
    for (uint32_t k = 0; k < d->nparams; k++) {
        int32_t lo;
        uint64_t n = ast_type_domain(&d->params[k]->type, w->f->max_players, &lo);
        lower_push_const(w, (int32_t)n);
        lower_emit_op(w, ORDO_OP_MUL);
        lower_emit_a(w, ORDO_OP_LDL, k);
        if (lo) {
            lower_push_const(w, lo);
            lower_emit_op(w, ORDO_OP_SUB);
        }
        lower_emit_op(w, ORDO_OP_ADD);
    }
}

/* The outermost run (the only one of d under way) starts or ends a chain:
 * its marks are cleared, so a later chain starts afresh and a finished
 * one leaves no trace in the state. */
static void chain_clear_if_outermost(lowering *w, const ast_decl *d)
{
    uint32_t lv = lower_index(w, w->res->limit_vars[lower_index(w, d)]);
    lower_emit_a(w, ORDO_OP_DEPTH, lower_index(w, d));
    lower_push_const(w, 1);
    lower_emit_op(w, ORDO_OP_EQ);
    uint32_t inner = lower_jump(w, ORDO_OP_JZ);
    lower_emit_a(w, ORDO_OP_LCLR, lv);
    lower_patch_here(w, inner);
}

/* A run whose arguments already ran in this chain is skipped (a jump added
 * to quiet); otherwise they are marked. */
static void chain_prologue(lowering *w, const ast_decl *d, u32vec *quiet)
{
    uint32_t lv = lower_index(w, w->res->limit_vars[lower_index(w, d)]);
    chain_clear_if_outermost(w, d);
    chain_tuple(w, d);
    lower_emit_a(w, ORDO_OP_LHAS, lv);
    VPUSH(w, *quiet, lower_jump(w, ORDO_OP_JNZ));
    chain_tuple(w, d);
    lower_emit_a(w, ORDO_OP_LADD, lv);
}

/* ------------------------------------------------------------- triggers */

/* A trigger's prologue: its guard, its limit, its stated bounds, then the
 * trace line that says it fires. Returns the jumps that skip the body. */
static u32vec trigger_prologue(lowering *w, const ast_decl *d)
{
    u32vec quiet = {0};
    if (d->guard)
        lower_branch(w, d->guard, 0, &quiet);
    if (d->limit == LIMIT_ACTION) { /* not again in this action */
        uint32_t lv = lower_index(w, w->res->limit_vars[lower_index(w, d)]);
        lower_emit_a(w, ORDO_OP_LDG, lv);
        VPUSH(w, quiet, lower_jump(w, ORDO_OP_JNZ));
        lower_push_const(w, 1);
        lower_emit_a(w, ORDO_OP_STG, lv);
    } else if (d->limit == LIMIT_TURN) { /* not again in the turn it last fired in */
        uint32_t lv = lower_index(w, w->res->limit_vars[lower_index(w, d)]);
        lower_emit_a(w, ORDO_OP_LDG, lv);
        lower_emit_a(w, ORDO_OP_LDG, w->turn_var);
        lower_emit_op(w, ORDO_OP_EQ);
        VPUSH(w, quiet, lower_jump(w, ORDO_OP_JNZ));
        lower_emit_a(w, ORDO_OP_LDG, w->turn_var);
        lower_emit_a(w, ORDO_OP_STG, lv);
    }
    if (d->limit == LIMIT_CHAIN)
        chain_prologue(w, d, &quiet);
    bound_check(w, d);
    lower_emit(w, ORDO_OP_TRIG, d->timing, lower_index(w, d), 0);
    return quiet;
}

static void lower_action(lowering *w, const ast_decl *d);
static void override_prologue(lowering *w, const ast_decl *d);

void lower_fn_or_proc(lowering *w, const ast_decl *d)
{
    if (d->is_action) {
        lower_action(w, d);
        return;
    }
    w->unit_file = ast_file_of(d->loc);
    lower_unit_begin(w, lower_index(w, d), oc_nlocals(w->res, d));
    if (!d->timing)
        bound_check(w, d);
    override_prologue(w, d);
    if (d->kind == D_FN) {
        lower_expr(w, d->body_expr);
        lower_emit_op(w, ORDO_OP_RETV);
    } else {
        u32vec quiet = {0};
        if (d->timing)
            quiet = trigger_prologue(w, d);
        else if (d->limit == LIMIT_CHAIN)
            chain_prologue(w, d, &quiet);
        lower_block(w, &d->body);
        lower_patch_all_here(w, &quiet);
        if (d->limit == LIMIT_CHAIN)
            chain_clear_if_outermost(w, d);
        lower_emit_op(w, ORDO_OP_RET);
    }
    lower_unit_end(w);
}

/* An anytime action's guard, as a fn of its player (windows call it). */
void lower_guard(lowering *w, const ast_decl *d)
{
    w->unit_file = ast_file_of(d->loc);
    lower_unit_begin(w, w->guard_fn[lower_index(w, d)], oc_nlocals(w->res, d));
    lower_expr(w, d->is_action ? w->res->can_exprs[lower_index(w, d)] : d->guard);
    lower_emit_op(w, ORDO_OP_RETV);
    lower_unit_end(w);
}

/* `emit E(args)` of an event with triggers calls E's dispatch proc: the
 * `before` triggers, the event itself, the `immediately` triggers (no gap:
 * ODIN-T3), then, when `after` triggers follow and the ruleset has anytime
 * actions, a window for the active player (ODIN-T2), then the `after`
 * triggers. Each group runs in source order. */
/* The dispatch proc's params (the event's), pushed for a call or an EMIT. */
static void push_params(lowering *w, const ast_decl *ev)
{
    for (uint32_t k = 0; k < ev->nparams; k++)
        lower_emit_a(w, ORDO_OP_LDL, k);
}

static void call_trigger(lowering *w, const ast_decl *ev, const ast_decl *tr)
{
    push_params(w, ev);
    lower_call_unit(w, lower_index(w, tr));
}

/* `order chosen by P`: the triggers of one timing whose guards hold are
 * pending; while two or more are, P picks the next (each resolves fully
 * before the next is picked, and is skipped if its guard no longer holds);
 * the last one resolves without asking. */
static void chosen_group(lowering *w, const ast_decl *ev, int timing)
{
    const oc_triggers *ts = &w->res->triggers[lower_index(w, ev)];
    uint32_t n = 0;
    for (uint32_t t = 0; t < ts->n; t++)
        n += ts->list[t]->timing == timing;
    const ast_decl **g = arena_alloc(w->a, n * sizeof *g);
    n = 0;
    for (uint32_t t = 0; t < ts->n; t++)
        if (ts->list[t]->timing == timing)
            g[n++] = ts->list[t];
    uint32_t pend = lower_take_locals(w, n), cnt = lower_take_locals(w, 1);
    for (uint32_t k = 0; k < n; k++) {
        if (w->guard_fn[lower_index(w, g[k])] != NO_LABEL) {
            push_params(w, ev);
            lower_call_unit(w, w->guard_fn[lower_index(w, g[k])]);
        } else {
            lower_push_const(w, 1);
        }
        lower_emit_a(w, ORDO_OP_STL, pend + k);
    }
    uint32_t loop = lower_here(w);
    lower_push_const(w, 0);
    for (uint32_t k = 0; k < n; k++) {
        lower_emit_a(w, ORDO_OP_LDL, pend + k);
        lower_emit_op(w, ORDO_OP_ADD);
    }
    lower_emit_a(w, ORDO_OP_STL, cnt);
    lower_emit_a(w, ORDO_OP_LDL, cnt);
    uint32_t done = lower_jump(w, ORDO_OP_JZ);
    lower_emit_a(w, ORDO_OP_LDL, cnt);
    lower_push_const(w, 1);
    lower_emit_op(w, ORDO_OP_EQ);
    uint32_t single = lower_jump(w, ORDO_OP_JNZ);
    lower_emit_op(w, ORDO_OP_OPTS);
    uint32_t *opt = arena_alloc(w->a, n * sizeof *opt);
    for (uint32_t k = 0; k < n; k++) {
        lower_emit_a(w, ORDO_OP_LDL, pend + k);
        uint32_t skip = lower_jump(w, ORDO_OP_JZ);
        opt[k] = lower_add_plain_option(w, g[k]->label.text ? g[k]->label.text : g[k]->name,
                                  ast_line(g[k]->loc));
        lower_emit_a(w, ORDO_OP_OFFERN, opt[k]);
        lower_patch_here(w, skip);
    }
    lower_wait_for(w, ev->order_by);
    for (uint32_t k = 0; k < n; k++) {
        w->options.v[opt[k]].target = lower_here(w);
        lower_push_const(w, 0);
        lower_emit_a(w, ORDO_OP_STL, pend + k);
        call_trigger(w, ev, g[k]);
        lower_jump_to(w, ORDO_OP_JMP, loop);
    }
    lower_patch_here(w, single);
    for (uint32_t k = 0; k < n; k++) {
        lower_emit_a(w, ORDO_OP_LDL, pend + k);
        uint32_t next = lower_jump(w, ORDO_OP_JZ);
        lower_push_const(w, 0);
        lower_emit_a(w, ORDO_OP_STL, pend + k);
        call_trigger(w, ev, g[k]);
        lower_patch_here(w, next);
    }
    lower_jump_to(w, ORDO_OP_JMP, loop);
    lower_patch_here(w, done);
    lower_give_locals(w, pend);
}

/* The triggers of `ev` with one timing, in the order the event declares. */
static void trigger_group(lowering *w, const ast_decl *ev, int timing)
{
    const oc_triggers *ts = &w->res->triggers[lower_index(w, ev)];
    uint32_t n = 0;
    for (uint32_t t = 0; t < ts->n; t++)
        n += ts->list[t]->timing == timing;
    if (ev->order == ORDER_CHOSEN && n >= 2) {
        chosen_group(w, ev, timing);
        return;
    }
    uint32_t l = ev->order == ORDER_COMBINED && n >= 2 ? lower_batch_begin(w) : NO_LABEL;
    for (uint32_t t = 0; t < ts->n; t++)
        if (ts->list[t]->timing == timing)
            call_trigger(w, ev, ts->list[t]);
    if (l != NO_LABEL)
        lower_batch_end(w, l);
}

/* "Directly after" (ODIN-T2): when `after` triggers follow and the
 * ruleset has anytime actions, a window for the active player first. */
static void after_window(lowering *w, const ast_decl *ev)
{
    const oc_triggers *ts = &w->res->triggers[lower_index(w, ev)];
    int any = 0;
    for (uint32_t t = 0; t < ts->n; t++)
        any |= ts->list[t]->timing == TIMING_AFTER;
    if (!any || !w->has_anytime)
        return;
    uint32_t pl = lower_take_locals(w, 1);
    lower_emit_a(w, ORDO_OP_LDG, 0);
    lower_emit_a(w, ORDO_OP_STL, pl);
    lower_emit_a(w, ORDO_OP_LDL, pl);
    lower_push_const(w, -1);
    lower_emit_op(w, ORDO_OP_EQ);
    uint32_t no_one = lower_jump(w, ORDO_OP_JNZ);
    char label[200];
    snprintf(label, sizeof label, "after %s", ev->name);
    lower_window(w, pl, arena_strdup(w->a, label), ast_line(ev->loc));
    lower_patch_here(w, no_one);
    lower_give_locals(w, pl);
}

/* What follows an event (or an action's body): the `immediately`
 * triggers (no gap: ODIN-T3), the window, the `after` triggers. */
static void after_groups(lowering *w, const ast_decl *ev)
{
    trigger_group(w, ev, TIMING_IMMEDIATELY);
    after_window(w, ev);
    trigger_group(w, ev, TIMING_AFTER);
}

/* An emit whose every trigger is `once per chain` and has already run
 * for these arguments in its chain under way runs nothing, so it is not
 * traced either: a fire does not ignite a burnt place again (issue 29, 4).
 * The depth is tested too: an escape may leave a chain's marks behind,
 * and only the next chain's start clears them. */
static void skip_repeat_in_chain(lowering *w, const ast_decl *ev)
{
    const oc_triggers *ts = &w->res->triggers[lower_index(w, ev)];
    if (ts->n == 0)
        return;
    for (uint32_t t = 0; t < ts->n; t++)
        if (ts->list[t]->limit != LIMIT_CHAIN)
            return;
    u32vec fresh = {0};
    for (uint32_t t = 0; t < ts->n; t++) {
        const ast_decl *tr = ts->list[t];
        lower_emit_a(w, ORDO_OP_DEPTH, lower_index(w, tr));
        VPUSH(w, fresh, lower_jump(w, ORDO_OP_JZ));
        chain_tuple(w, tr);
        lower_emit_a(w, ORDO_OP_LHAS, lower_index(w, w->res->limit_vars[lower_index(w, tr)]));
        VPUSH(w, fresh, lower_jump(w, ORDO_OP_JZ));
    }
    lower_emit_op(w, ORDO_OP_RET);
    lower_patch_all_here(w, &fresh);
}

void lower_dispatch(lowering *w, const ast_decl *ev)
{
    uint32_t id = w->dispatch[lower_index(w, ev)];
    w->unit_file = ast_file_of(ev->loc);
    uint32_t nlocals = oc_nlocals(w->res, ev);
    lower_unit_begin(w, id, ev->order_by && nlocals > ev->nparams ? nlocals : ev->nparams);
    skip_repeat_in_chain(w, ev);
    trigger_group(w, ev, TIMING_BEFORE);
    push_params(w, ev);
    lower_emit(w, ORDO_OP_EMIT, (int)ev->nparams, lower_index(w, ev), 0);
    after_groups(w, ev);
    lower_emit_op(w, ORDO_OP_RET);
    lower_unit_end(w);
}

/* An action (ODIN-O2, TEO-P1): its precondition (the `when` and every
 * cost affordable: else E_DENIED, nothing changed), its start (the
 * per-action block saved into the frame and reset), its up-front costs,
 * its `before` triggers, its body, the end of "in action", the
 * `immediately` triggers, the window and the `after` triggers, and its end
 * (the block restored: an enclosing action counts on). `return` in the
 * body jumps to the body's end. */
static void lower_action(lowering *w, const ast_decl *d)
{
    const ast_decl *ev = w->res->action_events[lower_index(w, d)];
    w->unit_file = ast_file_of(d->loc);
    uint32_t mine = oc_nlocals(w->res, d), its = oc_nlocals(w->res, ev);
    lower_unit_begin(w, lower_index(w, d), mine > its ? mine : its);
    uint32_t save = lower_take_locals(w, w->act_slots);
    w->procs.v[lower_index(w, d)].act_save = (uint16_t)(save + 1);
    w->procs.v[lower_index(w, d)].guard = (uint16_t)(w->guard_fn[lower_index(w, d)] + 1);
    push_params(w, d);
    lower_call_unit(w, w->guard_fn[lower_index(w, d)]);
    char msg[300];
    snprintf(msg, sizeof msg, "action '%s' is not allowed now: its 'when' condition or a cost "
                              "does not hold", d->name);
    lower_emit(w, ORDO_OP_ASSERT, 1, lower_add_text(w, arena_strdup(w->a, msg), NULL), 0);
    if (lower_bound(w, d)->depth)
        depth_check(w, d);
    lower_emit(w, ORDO_OP_ACT, 0, lower_index(w, ev), (int32_t)save);
    const oc_pay_order *any_order = oc_decl_facts_of(w->res, d)->cost_order;
    if (any_order) {
        lower_mark_loc(w, d->costs_order_loc);
        lower_pay_order(w, any_order, ast_line(d->costs_order_loc), 1);
    }
    for (const ast_cost *c = d->costs; c && !any_order; c = c->next) {
        lower_mark_loc(w, c->loc);
        lower_pay_offer(w, c->target, c->amount, oc_cost_payment(w->res, c), ast_line(c->loc), 1);
    }
    trigger_group(w, ev, TIMING_BEFORE);
    w->action_returns.n = 0;
    w->in_action = 1;
    w->pay_undoes = d->tentative;
    lower_block(w, &d->body);
    w->pay_undoes = 0;
    w->in_action = 0;
    lower_patch_all_here(w, &w->action_returns);
    lower_emit(w, ORDO_OP_ACT, 1, lower_index(w, ev), (int32_t)save);
    after_groups(w, ev);
    lower_emit(w, ORDO_OP_ACT, 2, lower_index(w, ev), (int32_t)save);
    if (d->revisable) /* `revise` may take it back till another begins */
        lower_emit_op(w, ORDO_OP_RVSAVE);
    lower_emit_op(w, ORDO_OP_RET);
    lower_unit_end(w);
}

/* A fn or proc with overrides tries them first, the latest first: the
 * first whose `when` holds runs instead of the body (ODIN-P1). */
static void override_prologue(lowering *w, const ast_decl *d)
{
    const oc_overrides *on = oc_decl_overrides(w->res, d);
    for (uint32_t k = on->noverriders; k-- > 0;) {
        const ast_decl *o = on->overriders[k];
        uint32_t skip = NO_LABEL;
        if (o->guard) {
            push_params(w, d);
            lower_call_unit(w, w->guard_fn[lower_index(w, o)]);
            skip = lower_jump(w, ORDO_OP_JZ);
        }
        if (d->kind == D_PROC)
            lower_emit(w, ORDO_OP_TRIG, 0, lower_index(w, o), 0);
        push_params(w, d);
        lower_call_unit(w, lower_index(w, o));
        lower_emit_op(w, d->kind == D_FN ? ORDO_OP_RETV : ORDO_OP_RET);
        if (skip != NO_LABEL)
            lower_patch_here(w, skip);
    }
}

/* -------------------------------------------------- stack and frame sizes */

/* How many runs of unit u a stated bound lets be under way in one chain:
 * `depth N`; `once per chain`, one per argument tuple; `once per turn`,
 * one. 0: no bound. */
static uint64_t unit_bound(const lowering *w, uint32_t u)
{
    if (u >= w->res->nfns)
        return 0; /* a unit the compiler added: dispatch, guard, scenario */
    const ast_decl *d = w->res->fns[u];
    const oc_bound *b = &w->res->bounds[u];
    return b->depth                  ? (uint64_t)b->depth
           : d->limit == LIMIT_CHAIN ? b->chain_domain
           : d->limit == LIMIT_TURN  ? 1
                                     : 0;
}

static uint32_t clamp_size(uint64_t v)
{
    return v > UINT32_MAX / 2 ? UINT32_MAX / 2 : (uint32_t)v;
}

/* One strongly connected set of units (members[0..n)), its callees' sizes
 * known: the deepest chain that enters it. Without a cycle, the unit's own
 * slots and frame on top of its deepest callee's. With one, every cycle
 * passes a bounded unit (check.c): runs between two bounded runs form a
 * path without repeats, so at most B+1 such paths (B the sum of the
 * bounds) each cost at most the set's total. */
static void size_component(lowering *w, const uint32_t *members, uint32_t n, const uint32_t *comp,
                           uint32_t id)
{
    uint64_t cost = 0, bound = 0, exit_slots = 0, exit_frames = 0;
    int cyclic = n > 1;
    for (uint32_t k = 0; k < n; k++) {
        const unit_info *x = &w->units.v[members[k]];
        cost += x->cost;
        bound += unit_bound(w, members[k]);
        for (uint32_t i = 0; i < x->calls.n; i++) {
            uint32_t c = x->calls.v[i];
            if (comp[c] == id) {
                cyclic |= c == members[k];
                continue;
            }
            const unit_info *y = &w->units.v[c];
            exit_slots = y->chain_slots > exit_slots ? y->chain_slots : exit_slots;
            exit_frames = y->chain_frames > exit_frames ? y->chain_frames : exit_frames;
        }
    }
    uint64_t times = 1;
    if (cyclic) {
        if (!bound && !w->failed) { /* check.c rejects these: a gap between the passes */
            diag_error(w->d, (ast_loc){w->procs.v[members[0]].line, 1},
                       "'%s' can recur with no stated bound", w->procs.v[members[0]].name);
            w->failed = 1;
        }
        times = bound + 1;
    }
    for (uint32_t k = 0; k < n; k++) {
        unit_info *x = &w->units.v[members[k]];
        x->chain_slots = clamp_size(times * cost + exit_slots);
        x->chain_frames = clamp_size(times * n + exit_frames);
    }
}

/* The deepest chain of calls from every unit, in slots and frames: the
 * strongly connected sets of the call graph (Tarjan's algorithm, with an
 * explicit stack so a long chain of calls cannot overflow the C stack),
 * each sized once its callees are. */
void lower_size_chains(lowering *w)
{
    uint32_t n = w->units.n, next = 1, top = 0, depth = 0, ncomp = 0;
    uint32_t *index = ARENA_ARRAY(w->a, uint32_t, n + 1); /* 0: not yet seen */
    uint32_t *low = ARENA_ARRAY(w->a, uint32_t, n + 1);
    uint32_t *comp = ARENA_ARRAY(w->a, uint32_t, n + 1); /* 0: open */
    uint32_t *stack = ARENA_ARRAY(w->a, uint32_t, n + 1);
    uint32_t *walk = ARENA_ARRAY(w->a, uint32_t, n + 1); /* the DFS path */
    uint32_t *edge = ARENA_ARRAY(w->a, uint32_t, n + 1); /* its next call */
    for (uint32_t root = 0; root < n; root++) {
        if (index[root])
            continue;
        walk[depth] = root, edge[depth++] = 0;
        index[root] = low[root] = next++;
        stack[top++] = root;
        while (depth) {
            uint32_t u = walk[depth - 1];
            const unit_info *x = &w->units.v[u];
            if (edge[depth - 1] < x->calls.n) {
                uint32_t c = x->calls.v[edge[depth - 1]++];
                if (!index[c]) {
                    index[c] = low[c] = next++;
                    stack[top++] = c;
                    walk[depth] = c, edge[depth++] = 0;
                } else if (!comp[c] && index[c] < low[u]) {
                    low[u] = index[c]; /* on the stack: same set */
                }
                continue;
            }
            if (--depth && low[u] < low[walk[depth - 1]])
                low[walk[depth - 1]] = low[u];
            if (low[u] != index[u])
                continue;
            uint32_t first = top, id = ++ncomp;
            do
                comp[stack[--first]] = id;
            while (stack[first] != u);
            size_component(w, stack + first, top - first, comp, id);
            top = first;
        }
    }
}

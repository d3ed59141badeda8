/* check.c — static checks on a resolved ruleset (see check.h for the list).
 *
 * Passes, each linear in the size of the tree (or of tree x vars/64 for
 * the bit sets):
 *   1. per fn/proc: the calls it makes and the vars it writes directly;
 *   2. write sets made transitive (post-order over the call graph);
 *   3. recursion: every cycle of calls, triggers and windows must pass
 *      through a unit with a stated bound (`depth N`, `once per chain`,
 *      `once per turn`): a depth-first search of the graph without them
 *      finds the cycles that none ends;
 *   4. reachability of procs from the sequence and the scenarios;
 *   5. step numbers (duplicates, child numbering);
 *   6. one walk of every code unit: dead code, empty choices, loops.
 */
#include <string.h>

#include "passes.h"
#include "check.h"
#include "resolve.h"

typedef struct edge {
    uint32_t callee;       /* index in the resolution's fns */
    ast_loc loc;
    uint8_t window;        /* a window offering an anytime action, not a call */
    struct edge *next;
} edge;

typedef struct checker {
    oc_arena *a;
    diag *d;
    ast_file *f;
    const oc_resolution *res;
    uint32_t nfns;
    edge **calls;          /* per fn/proc */
    edge *root_calls;      /* calls from the sequence and scenario code */
    uint32_t words;        /* 64-bit words per var set */
    uint64_t *writes;      /* nfns sets: vars each fn/proc may write */
    uint64_t *loopw;       /* writes of the loop being checked */
    uint32_t gen;          /* marks locals written by that loop */
    uint32_t fgen;         /* marks fns already read for one condition */
    int recursion;         /* a cycle was found: skip the loop checks */
    int dead;              /* > 0 while walking code already reported dead */
    uint32_t windows;      /* `window` statements seen */
} checker;

/* ------------------------------------------------------------ var sets */

static void set_bit(uint64_t *s, int32_t i)
{
    s[(uint32_t)i >> 6] |= 1ull << ((uint32_t)i & 63);
}

static int get_bit(const uint64_t *s, int32_t i)
{
    return (s[(uint32_t)i >> 6] >> ((uint32_t)i & 63)) & 1;
}

static void set_or(uint64_t *dst, const uint64_t *src, uint32_t words)
{
    for (uint32_t i = 0; i < words; i++)
        dst[i] |= src[i];
}

/* The var a write lands in: `x`, `x[i]`, `l[pos]` of a list var. */
static ast_decl *target_var(const oc_resolution *res, ast_expr *t)
{
    while (t) {
        if (t->kind == E_NAME) {
            const ast_sym *s = oc_sym(res, t);
            return s && s->kind == SYM_VAR ? s->decl : NULL;
        }
        if (t->kind != E_INDEX)
            return NULL;
        t = t->base;
    }
    return NULL;
}

/* --------------------------------------------------- pass 1: calls, writes */

static void add_edge(checker *c, edge **list, ast_decl *callee, ast_loc at)
{
    edge *e = ARENA_NEW(c->a, edge);
    e->callee = (uint32_t)oc_decl_index(c->res, callee);
    e->loc = at;
    e->next = *list;
    *list = e;
}

static void calls_expr(checker *c, ast_expr *e, edge **list);

static void calls_iter(checker *c, ast_iter *it, edge **list)
{
    if (!it)
        return;
    if (it->lo)
        calls_expr(c, it->lo, list);
    if (it->hi)
        calls_expr(c, it->hi, list);
    if (it->list && oc_iter_kind(c->res, it) == IT_LIST)
        calls_expr(c, it->list, list);
}

static void calls_expr(checker *c, ast_expr *e, edge **list)
{
    if (!e)
        return;
    switch (e->kind) {
    case E_CALL: {
        const ast_sym *fn = oc_sym(c->res, e);
        if (fn && fn->kind == SYM_FN)
            add_edge(c, list, fn->decl, e->loc);
        break;
    }
    case E_INDEX: calls_expr(c, e->base, list); break;
    case E_AGG: calls_iter(c, e->iter, list); break;
    case E_IF: calls_expr(c, e->c, list); break;
    default: break;
    }
    calls_expr(c, e->a, list);
    calls_expr(c, e->b, list);
    if (e->kind == E_CALL || e->kind == E_INDEX || e->kind == E_CAN)
        for (uint32_t i = 0; i < e->nargs; i++)
            calls_expr(c, e->args[i], list);
}

/* Calls `fn(c, block, arg)` on each block directly inside s. */
typedef void (*block_fn)(checker *c, ast_block *b, void *arg);

typedef struct block_adapter {
    checker *c;
    block_fn fn;
    void *arg;
} block_adapter;

static void adapt_block(ast_block *b, void *arg)
{
    block_adapter *x = arg;
    x->fn(x->c, b, x->arg);
}

static void each_block(checker *c, ast_stmt *s, block_fn fn, void *arg)
{
    block_adapter x = {c, fn, arg};
    ast_each_block(s, adapt_block, &x);
}

/* Calls `fn(c, expr, arg)` on each expression directly in s. */
typedef void (*expr_fn)(checker *c, ast_expr *e, void *arg);

static void each_expr(checker *c, ast_stmt *s, expr_fn fn, void *arg)
{
#define X(e) do { if (e) fn(c, (e), arg); } while (0)
    switch (s->kind) {
    case S_STEP: X(s->u.step.optional_by); X(s->u.step.when); return;
    case S_LET: X(s->u.let.value); return;
    case S_ASSIGN: X(s->u.assign.target); X(s->u.assign.value); return;
    case S_IF: X(s->u.if_.cond); return;
    case S_REPEAT: X(s->u.rep.cond); return;
    case S_FOR:
        X(s->u.for_.iter->lo); X(s->u.for_.iter->hi);
        if (oc_iter_kind(c->res, s->u.for_.iter) == IT_LIST)
            X(s->u.for_.iter->list);
        X(s->u.for_.where);
        for (uint32_t k = 0; k < s->u.for_.nkeys; k++)
            X(s->u.for_.keys[k]);
        return;
    case S_EXIT: X(s->u.exit.cond); return;
    case S_TURN: case S_ELIMINATE: case S_END: case S_WINDOW: case S_PASS:
        X(s->u.player.player);
        return;
    case S_ROTATE: return;
    case S_CHOOSE:
        X(s->u.choose.player);
        for (ast_option *o = s->u.choose.options; o; o = o->next) {
            X(o->when);
            X(o->where);
            if (o->iter) {
                X(o->iter->lo); X(o->iter->hi);
                if (oc_iter_kind(c->res, o->iter) == IT_LIST)
                    X(o->iter->list);
            }
        }
        return;
    case S_SCOPE:
        for (ast_escape *e = s->u.scope.escapes; e; e = e->next)
            X(e->player);
        return;
    case S_CALL: case S_EMIT: case S_DO:
        for (uint32_t i = 0; i < s->u.call.nargs; i++)
            X(s->u.call.args[i]);
        return;
    case S_PAY:
        X(s->u.assign.target);
        X(s->u.assign.value);
        for (uint32_t i = 0; s->pay && i < s->pay->nalts; i++)
            X(s->pay->alts[i]);
        return;
    case S_ASSERT: X(s->u.assert_.cond); return;
    case S_LOG: case S_SHOW: case S_RETURN: case S_UNDO: case S_BATCH: case S_PAY_ORDER:
        return;
    default: X(s->u.list.value); X(s->u.list.list); return;
    }
#undef X
}

/* The vars one statement writes by itself (calls are added transitively). */
static void direct_writes(checker *c, ast_stmt *s, uint64_t *set)
{
    ast_decl *v = NULL;
    switch (s->kind) {
    case S_ASSIGN: case S_PAY:
        v = target_var(c->res, s->u.assign.target);
        if (oc_pay_substitute(c->res, s)) { /* the substitute may be spent */
            const ast_decl *sub = oc_pay_substitute(c->res, s);
            set_bit(set, oc_decl_index(c->res, oc_decl_facts_of(c->res, sub)->sub_decl));
        }
        for (uint32_t i = 0; s->kind == S_PAY && s->pay && i < s->pay->nalts; i++) {
            ast_decl *a = target_var(c->res, s->pay->alts[i]); /* and the `or` sources */
            if (a)
                set_bit(set, oc_decl_index(c->res, a));
        }
        break;
    case S_ADD: case S_REMOVE: case S_REMOVE_AT: case S_CLEAR: case S_SHUFFLE:
        v = target_var(c->res, s->u.list.list);
        break;
    case S_TURN:
        set_bit(set, oc_decl_index(c->res, c->res->sym_active->decl));
        set_bit(set, oc_decl_index(c->res, c->res->sym_turns->decl));
        return;
    case S_ELIMINATE: set_bit(set, oc_decl_index(c->res, c->res->sym_in_game->decl)); return;
    case S_PASS: set_bit(set, (uint32_t)oc_decl_index(c->res, c->res->passed_var)); return;
    case S_ROTATE: set_bit(set, (uint32_t)oc_decl_index(c->res, c->res->start_var)); return;
    case S_FOR: /* a round clears the passed marks as it begins */
        if (s->u.for_.round)
            set_bit(set, (uint32_t)oc_decl_index(c->res, c->res->passed_var));
        return;
    default: return;
    }
    if (v)
        set_bit(set, oc_decl_index(c->res, v));
}

typedef struct collect_arg {
    edge **list;
    uint64_t *writes; /* may be NULL */
} collect_arg;

static void collect_expr(checker *c, ast_expr *e, void *arg)
{
    calls_expr(c, e, ((collect_arg *)arg)->list);
}

/* The units a statement runs besides its own code: a called proc; an
 * emit's triggers and, when one of them is `after`, every anytime action
 * (the window before them); a window's anytime actions. `window` marks an
 * action offered at a window: a player's choice, made again each time, so
 * a cycle through it is no runaway loop. Edges, write sets and the loop
 * check all take their callees from here. */
typedef void (*callee_fn)(checker *c, ast_decl *callee, int window, ast_loc at, void *arg);

static void anytime_callees(checker *c, callee_fn fn, ast_loc at, void *arg)
{
    for (uint32_t i = 0; i < c->nfns; i++)
        if (c->res->fns[i]->anytime)
            fn(c, c->res->fns[i], 1, at, arg);
}

/* An event's triggers, and the anytime actions of the window before its
 * `after` triggers. */
static void event_callees(checker *c, ast_decl *ev, callee_fn fn, ast_loc at, void *arg)
{
    int after = 0;
    const oc_triggers *ts = &c->res->triggers[oc_decl_index(c->res, ev)];
    for (uint32_t k = 0; k < ts->n; k++) {
        fn(c, ts->list[k], 0, at, arg);
        after |= ts->list[k]->timing == TIMING_AFTER;
    }
    if (after)
        anytime_callees(c, fn, at, arg);
}

static void stmt_callees(checker *c, ast_stmt *s, callee_fn fn, void *arg)
{
    const ast_sym *called = oc_called(c->res, s);
    if ((s->kind == S_CALL || s->kind == S_EMIT || s->kind == S_DO) && !called)
        return;
    if (s->kind == S_CALL || s->kind == S_DO)
        fn(c, called->decl, 0, s->u.call.name_loc, arg);
    else if (s->kind == S_EMIT)
        event_callees(c, called->decl, fn, s->u.call.name_loc, arg);
    else if (s->kind == S_WINDOW)
        anytime_callees(c, fn, s->loc, arg);
}

/* What a unit runs besides its body: an action its triggers (it dispatches
 * its own event); a fn or proc its overrides (tried before its body). */
static void decl_callees(checker *c, ast_decl *d, callee_fn fn, void *arg)
{
    if (d->is_action && c->res->action_events[oc_decl_index(c->res, d)])
        event_callees(c, c->res->action_events[oc_decl_index(c->res, d)], fn, d->name_loc, arg);
    const oc_overrides *on = oc_decl_overrides(c->res, d);
    for (uint32_t k = 0; k < on->noverriders; k++)
        fn(c, on->overriders[k], 0, on->overriders[k]->name_loc, arg);
}

static void edge_to(checker *c, ast_decl *callee, int window, ast_loc at, void *arg)
{
    edge **list = arg;
    add_edge(c, list, callee, at);
    (*list)->window = (uint8_t)window;
}

static void collect_block(checker *c, ast_block *b, void *arg)
{
    collect_arg *ca = arg;
    for (ast_stmt *s = b->first; s; s = s->next) {
        stmt_callees(c, s, edge_to, ca->list);
        const ast_sym *called = oc_called(c->res, s);
        if (s->kind == S_EMIT && called)
            called->decl->emitted = 1;
        if (s->kind == S_DO && called)
            c->res->action_events[oc_decl_index(c->res, called->decl)]->emitted = 1;
        if (s->kind == S_WINDOW)
            c->windows++;
        if (ca->writes)
            direct_writes(c, s, ca->writes);
        each_expr(c, s, collect_expr, arg);
        each_block(c, s, collect_block, arg);
    }
}

static void pass_collect(checker *c)
{
    const oc_resolution *res = c->res;
    for (uint32_t i = 0; i < c->nfns; i++) {
        ast_decl *d = res->fns[i];
        collect_arg ca = {&c->calls[i], c->writes + (size_t)i * c->words};
        decl_callees(c, d, edge_to, ca.list);
        calls_expr(c, d->guard, ca.list);
        calls_expr(c, c->res->can_exprs[i], ca.list);
        if (d->is_action) /* it saves, resets and restores the per-action block */
            for (uint32_t v = c->res->act_first; v < c->res->nvars; v++)
                set_bit(ca.writes, (int32_t)v);
        for (ast_cost *k = d->costs; k; k = k->next) {
            ast_decl *v = target_var(c->res, k->target);
            if (v)
                set_bit(ca.writes, oc_decl_index(c->res, v));
            for (uint32_t i = 0; k->pay && i < k->pay->nalts; i++)
                if ((v = target_var(c->res, k->pay->alts[i])) != NULL) /* an `or` source */
                    set_bit(ca.writes, oc_decl_index(c->res, v));
            const ast_decl *sub = oc_cost_substitute(c->res, k);
            if (sub) /* the substitute may be spent */
                set_bit(ca.writes, oc_decl_index(c->res, oc_decl_facts_of(c->res, sub)->sub_decl));
        }
        if (d->kind == D_FN)
            calls_expr(c, d->body_expr, ca.list);
        else
            collect_block(c, &d->body, &ca);
    }
    collect_arg roots = {&c->root_calls, NULL};
    if (res->sequence)
        collect_block(c, &res->sequence->body, &roots);
    for (uint32_t i = 0; i < res->nscenarios; i++)
        for (ast_item *it = res->scenarios[i]->items; it; it = it->next) {
            if (it->kind == IT_SC_SETUP)
                collect_block(c, &it->body, &roots);
            else if (it->kind == IT_SC_PLAY && oc_item_facts_of(c->res, it)->sym) {
                ast_decl *proc = oc_item_facts_of(c->res, it)->sym->decl;
                add_edge(c, &c->root_calls, proc, it->name_loc);
                if (proc->is_action) /* a test takes it directly */
                    c->res->action_events[oc_decl_index(c->res, proc)]->emitted = 1;
            }
            else if (it->kind == IT_SC_EXPECT)
                calls_expr(c, it->expr, &c->root_calls);
        }
}

/* ------------------------------------------------ pass 2, 3: cycles, sets */

typedef struct frame {
    uint32_t node;
    edge *next;
    edge *via;             /* the edge that led here (NULL for a root) */
} frame;

/* A unit whose runs a stated bound limits (`depth N`, `once per chain`,
 * `once per turn`): every cycle must pass through one. */
static int is_bounded(const ast_decl *d)
{
    return d->depth_expr || d->measure_name || d->limit == LIMIT_CHAIN || d->limit == LIMIT_TURN;
}

/* The cycle closed by an edge back to `to`: its path from `to` round to
 * `to`, and an error saying what loops for ever and how to bound it. */
static void report_cycle(checker *c, const frame *stack, uint32_t depth, uint32_t to, ast_loc at,
                         const edge *closing)
{
    uint32_t from = depth;
    while (from > 0 && stack[from - 1].node != to)
        from--;
    from = from ? from - 1 : 0;
    size_t n = 0;
    for (uint32_t i = from; i < depth; i++)
        n += strlen(c->res->fns[stack[i].node]->name) + 4;
    n += strlen(c->res->fns[to]->name) + 1;
    char *path = arena_alloc(c->a, n), *p = path;
    for (uint32_t i = from; i < depth; i++) {
        size_t k = strlen(c->res->fns[stack[i].node]->name);
        memcpy(p, c->res->fns[stack[i].node]->name, k);
        memcpy(p + k, " -> ", 4);
        p += k + 4;
    }
    strcpy(p, c->res->fns[to]->name);
    int is_fn = c->res->fns[to]->kind == D_FN, triggers = 0, window = closing->window;
    for (uint32_t i = from; i < depth; i++) {
        triggers |= c->res->fns[stack[i].node]->timing != 0;
        if (i > from && stack[i].via)
            window |= stack[i].via->window;
    }
    if (window)
        diag_error(c->d, at, "anytime actions can re-enter their windows without end: %s "
                             "(state a bound: 'depth N' on one of them)", path);
    else if (triggers)
        diag_error(c->d, at, "triggers can re-fire without end: %s (state a bound: "
                             "'once per chain', 'once per turn', 'depth N' or "
                             "'decreasing PARAM')", path);
    else if (is_fn)
        diag_error(c->d, at, "recursive fn calls: %s (state a bound: 'depth N' or "
                             "'decreasing PARAM')", path);
    else
        diag_error(c->d, at, "recursive procedure calls: %s (state a bound: 'depth N', "
                             "'decreasing PARAM' or 'once per chain')", path);
    c->recursion = 1;
}

/* Depth-first over the call graph (iterative, so a long call chain cannot
 * overflow the C stack). Without `cycles`: in post-order, adds each
 * callee's writes to its caller's (a back edge adds nothing). With it: the
 * graph without its bounded units, each back edge closing a cycle that no
 * stated bound ends. */
static void walk_graph(checker *c, int cycles)
{
    uint8_t *color = ARENA_ARRAY(c->a, uint8_t, c->nfns + 1); /* 0 new, 1 open, 2 done */
    frame *stack = ARENA_ARRAY(c->a, frame, c->nfns + 1);
    for (uint32_t root = 0; root < c->nfns; root++) {
        if (color[root] || (cycles && is_bounded(c->res->fns[root])))
            continue;
        uint32_t depth = 0;
        stack[depth++] = (frame){root, c->calls[root], NULL};
        color[root] = 1;
        while (depth) {
            frame *top = &stack[depth - 1];
            edge *e = top->next;
            if (!e) {
                color[top->node] = 2;
                depth--;
                if (depth && !cycles)
                    set_or(c->writes + (size_t)stack[depth - 1].node * c->words,
                           c->writes + (size_t)top->node * c->words, c->words);
                continue;
            }
            top->next = e->next;
            if (cycles && is_bounded(c->res->fns[e->callee]))
                continue;
            if (color[e->callee] == 0) {
                color[e->callee] = 1;
                stack[depth++] = (frame){e->callee, c->calls[e->callee], e};
            } else if (color[e->callee] == 1 && cycles) {
                report_cycle(c, stack, depth, e->callee, e->loc, e);
            } else if (color[e->callee] == 2 && !cycles) {
                set_or(c->writes + (size_t)top->node * c->words,
                       c->writes + (size_t)e->callee * c->words, c->words);
            }
        }
    }
}

static void pass_graph(checker *c)
{
    walk_graph(c, 0);
    for (uint32_t i = 0; i < c->nfns; i++)
        for (uint32_t w = 0; w < c->words; w++)
            if (c->writes[(size_t)i * c->words + w])
                c->res->fns[i]->has_state_write = 1;
}

static void pass_cycles(checker *c)
{
    walk_graph(c, 1);
}

/* --------------------------------------------------- pass 4: reachability */

static void pass_reach(checker *c)
{
    uint32_t *queue = ARENA_ARRAY(c->a, uint32_t, c->nfns + 1), head = 0, tail = 0;
    for (edge *e = c->root_calls; e; e = e->next)
        if (!c->res->fns[e->callee]->reachable) {
            c->res->fns[e->callee]->reachable = 1;
            queue[tail++] = e->callee;
        }
    while (head < tail) {
        for (edge *e = c->calls[queue[head++]]; e; e = e->next)
            if (!c->res->fns[e->callee]->reachable) {
                c->res->fns[e->callee]->reachable = 1;
                queue[tail++] = e->callee;
            }
    }
}

/* Triggers whose event no code emits, and anytime actions with no window to
 * be offered at, are warned about; their bodies are still checked (as
 * roots), not reported as unreachable. */
static void pass_listeners(checker *c)
{
    const oc_resolution *res = c->res;
    uint32_t afters = 0;
    for (uint32_t i = 0; i < c->nfns; i++) {
        const ast_decl *ev = res->trigger_events[i];
        if (res->fns[i]->timing == TIMING_AFTER && ev && ev->emitted)
            afters++;
    }
    /* simultaneous triggers with no stated order: the ambiguity the Odin
     * document had to settle by hand (ODIN-O1) */
    for (uint32_t i = 0; i < res->nevents; i++) {
        ast_decl *ev = res->events[i];
        if (ev->order)
            continue;
        const oc_triggers *ts = &res->triggers[i];
        for (uint32_t a = 0; a < ts->n; a++) {
            uint32_t b = a + 1;
            while (b < ts->n && ts->list[b]->timing != ts->list[a]->timing)
                b++;
            if (b == ts->n)
                continue;
            static const char *const when[] = {"", "immediately on", "after", "before"};
            diag_warning(c->d, DIAG_W_TRIGGER_ORDER, ts->list[b]->name_loc,
                         "triggers '%s' and '%s' both run %s event '%s' and nothing says in "
                         "which order: declare 'order printed' or 'order chosen by PLAYER' "
                         "on the event",
                         ts->list[a]->name, ts->list[b]->name, when[ts->list[a]->timing],
                         ev->name);
            diag_note(c->d, ev->name_loc, "event '%s' is declared here", ev->name);
            break;
        }
    }
    for (uint32_t i = 0; i < c->nfns; i++) {
        ast_decl *d = res->fns[i];
        const ast_decl *ev = res->trigger_events[i];
        if (d->timing && ev && !ev->emitted)
            diag_warning(c->d, DIAG_W_TRIGGER_UNHEARD, d->event_loc, "trigger '%s' listens to event '%s', which nothing emits",
                         d->name, ev->name);
        if (d->anytime && c->windows == 0 && afters == 0)
            diag_warning(c->d, DIAG_W_ANYTIME_UNOFFERED, d->name_loc,
                         "anytime action '%s' is never offered: no window opens in this ruleset",
                         d->name);
        /* a display runs whenever the host asks: a root of its own */
        if ((d->timing || d->anytime || d->display) && !d->reachable)
            add_edge(c, &c->root_calls, d, d->name_loc); /* reached by the next pass */
    }
}

/* ------------------------------------------------- pass 5: step numbers */

static int is_child_number(const char *child, const char *parent)
{
    size_t n = strlen(parent);
    return strncmp(child, parent, n) == 0 && child[n] == '.';
}

static void pass_steps(checker *c)
{
    const oc_resolution *res = c->res;
    uint32_t cap = 16;
    while (cap < res->nsteps * 2)
        cap *= 2;
    ast_stmt **map = ARENA_ARRAY(c->a, ast_stmt *, cap);
    for (uint32_t i = 0; i < res->nsteps; i++) {
        ast_stmt *s = res->steps[i];
        const char *num = s->u.step.number;
        uint32_t j = oc_name_hash(num) & (cap - 1);
        while (map[j] && strcmp(map[j]->u.step.number, num) != 0)
            j = (j + 1) & (cap - 1);
        if (map[j]) {
            diag_error(c->d, s->u.step.number_loc, "duplicate step number %s", num);
            diag_note(c->d, map[j]->u.step.number_loc, "step %s is first defined here", num);
        } else
            map[j] = s;
        int32_t parent = res->step_places[i].parent;
        if (parent >= 0) {
            const char *pn = res->steps[parent]->u.step.number;
            if (!is_child_number(num, pn))
                diag_warning(c->d, DIAG_W_STEP_NUMBERING, s->u.step.number_loc,
                             "step %s is inside step %s but not numbered as its child", num, pn);
        }
    }
}

/* Every rule ID a step cites should be shown by a scenario that cites it
 * too: a rule nobody tests is a rule nobody knows the ruleset keeps. Only
 * for files that have scenarios at all (a sketch is not nagged). */
static int scenario_cites(const oc_resolution *res, const char *id)
{
    for (uint32_t i = 0; i < res->nscenarios; i++)
        for (const ast_cite *x = res->scenarios[i]->cites; x; x = x->next)
            if (strcmp(x->id, id) == 0)
                return 1;
    return 0;
}

static int cited_before(const oc_resolution *res, uint32_t upto, const ast_cite *c)
{
    for (uint32_t i = 0; i <= upto; i++)
        for (const ast_cite *x = res->steps[i]->u.step.cites; x && x != c; x = x->next)
            if (strcmp(x->id, c->id) == 0)
                return 1;
    return 0;
}

static void pass_cites(checker *c)
{
    const oc_resolution *res = c->res;
    if (res->nscenarios == 0)
        return;
    for (uint32_t i = 0; i < res->nsteps; i++)
        for (const ast_cite *x = res->steps[i]->u.step.cites; x; x = x->next)
            if (!scenario_cites(res, x->id) && !cited_before(res, i, x))
                diag_warning(c->d, DIAG_W_UNCITED_RULE, x->loc, "rule %s is cited here but no scenario cites it",
                             x->id);
}

/* ------------------------------------------------- unused declarations */

/* A declaration of the ruleset being compiled (not of a base it extends:
 * a layer need not use all of its base) that nothing refers to: a var
 * never read or written, a const, enum or table never named, an event
 * never emitted nor listened to, a fn or proc never called. Displays,
 * triggers and actions (which a window or a host may start) are used by
 * being declared. */
static void pass_unused(checker *c)
{
    const ast_file *f = c->f;
    for (ast_decl *d = f->decls; d; d = d->next) {
        if (!oc_decl_sym(c->res, d) || oc_decl_used(c->res, d) || d->builtin || d->display ||
            d->policy_fn || d->invariant || d->data_check ||
            d->layer + 1u != f->nlayers || d->is_override || d->timing || d->anytime ||
            d->is_action)
            continue;
        const char *what = NULL;
        switch (d->kind) {
        case D_VAR: what = "var"; break;
        case D_CONST: what = "const"; break;
        case D_ENUM: what = d->is_table ? "table" : "enum"; break;
        case D_EVENT: what = "event"; break;
        case D_FN: what = "fn"; break;
        case D_PROC: what = d->reachable ? NULL : "proc"; break;
        default: break;
        }
        if (what)
            diag_warning(c->d, DIAG_W_UNUSED, d->name_loc, "%s '%s' is declared but never used", what, d->name);
    }
}

/* ------------------------------------------------------ pass 6: the code */

static void walk_block(checker *c, ast_block *b);
static void walk_stmt(checker *c, ast_stmt *s);

typedef struct dead_why {
    ast_loc at;
    const char *note;
} dead_why;

static void report_steps_block(checker *c, ast_block *b, void *why);

/* Reports every outermost step inside s (s included) as unreachable. */
static void report_steps(checker *c, ast_stmt *s, dead_why *why)
{
    if (s->kind == S_STEP) {
        diag_error(c->d, s->loc, "unreachable step %s", s->u.step.number);
        if (why->note) {
            diag_note(c->d, why->at, "%s", why->note);
            why->note = NULL; /* once per cause */
        }
        return;
    }
    each_block(c, s, report_steps_block, why);
}

static void report_steps_block(checker *c, ast_block *b, void *why)
{
    for (ast_stmt *s = b->first; s; s = s->next)
        report_steps(c, s, why);
}

/* Walks a block whose code can never run: its steps are reported once,
 * the other checks still apply. */
static void walk_dead_block(checker *c, ast_block *b, ast_loc at, const char *note)
{
    dead_why why = {at, note};
    if (!c->dead)
        report_steps_block(c, b, &why);
    c->dead++;
    walk_block(c, b);
    c->dead--;
}

static int is_true(const oc_resolution *res, const ast_expr *e)
{
    return e && oc_is_const(res, e) && oc_cval(res, e);
}

static int is_false(const oc_resolution *res, const ast_expr *e)
{
    return e && oc_is_const(res, e) && !oc_cval(res, e);
}

static int block_ends(const oc_resolution *res, const ast_block *b);

/* Whether nothing after s in its block can run. */
static int stmt_ends(const oc_resolution *res, const ast_stmt *s)
{
    switch (s->kind) {
    case S_END: case S_RETURN: case S_UNDO: return 1;
    case S_EXIT: return !s->u.exit.cond || is_true(res, s->u.exit.cond);
    case S_STEP:
        return !s->u.step.when && !s->u.step.optional_by && !s->u.step.first_turn_only &&
               block_ends(res, &s->u.step.body);
    case S_TURN: return block_ends(res, &s->u.player.body);
    case S_IF:
        if (is_true(res, s->u.if_.cond))
            return block_ends(res, &s->u.if_.then_b);
        if (!block_ends(res, &s->u.if_.then_b) && !is_false(res, s->u.if_.cond))
            return 0;
        if (s->u.if_.else_if)
            return stmt_ends(res, s->u.if_.else_if);
        return s->u.if_.has_else && block_ends(res, &s->u.if_.else_b);
    default: return 0;
    }
}

static int block_ends(const oc_resolution *res, const ast_block *b)
{
    for (const ast_stmt *s = b->first; s; s = s->next)
        if (stmt_ends(res, s))
            return 1;
    return 0;
}

static const char *end_words(const ast_stmt *s)
{
    switch (s->kind) {
    case S_END: return "nothing runs after 'end game'";
    case S_RETURN: return "nothing runs after 'return'";
    case S_UNDO: return "nothing runs after 'undo'";
    case S_EXIT: return "nothing runs after 'exit'";
    default: return "nothing runs after this statement: it always ends the block";
    }
}

static void walk_block(checker *c, ast_block *b)
{
    const ast_stmt *ended = NULL;
    for (ast_stmt *s = b->first; s; s = s->next) {
        if (ended && !c->dead) {
            dead_why why = {ended->loc, end_words(ended)};
            for (ast_stmt *x = s; x; x = x->next) {
                report_steps(c, x, &why);
                x->unreachable = 1;
            }
            c->dead++;
            for (ast_stmt *x = s; x; x = x->next)
                walk_stmt(c, x);
            c->dead--;
            return;
        }
        walk_stmt(c, s);
        if (!ended && stmt_ends(c->res, s))
            ended = s;
    }
}

static void walk_if(checker *c, ast_stmt *s)
{
    ast_expr *cond = s->u.if_.cond;
    if (is_false(c->res, cond))
        walk_dead_block(c, &s->u.if_.then_b, cond->loc, "the condition is always false");
    else
        walk_block(c, &s->u.if_.then_b);
    int else_dead = is_true(c->res, cond);
    if (s->u.if_.else_if) {
        ast_block b = {s->loc, s->loc, s->u.if_.else_if, s->u.if_.else_if, 1};
        if (else_dead)
            walk_dead_block(c, &b, cond->loc, "the condition is always true");
        else
            walk_stmt(c, s->u.if_.else_if);
    } else if (s->u.if_.has_else) {
        if (else_dead)
            walk_dead_block(c, &s->u.if_.else_b, cond->loc, "the condition is always true");
        else
            walk_block(c, &s->u.if_.else_b);
    }
}

static void walk_choose(checker *c, ast_stmt *s)
{
    int live = 0;
    for (ast_option *o = s->u.choose.options; o; o = o->next) {
        if (is_false(c->res, o->when)) {
            walk_dead_block(c, &o->body, o->when->loc, "the option's condition is always false");
            continue;
        }
        live = 1;
        walk_block(c, &o->body);
    }
    if (!s->u.choose.options)
        diag_error(c->d, s->loc, "'choose' has no options");
    else if (!live)
        diag_error(c->d, s->loc, "no option of this 'choose' can ever be offered");
}

/* ---- loops: what a loop body can write, what a condition reads */

typedef struct loop_scan {
    ast_stmt *loop;
    ast_stmt **exits;      /* `exit when` targeting the loop */
    uint32_t nexits, cap;
    int way_out;           /* an exit, end game or return inside */
} loop_scan;

static void scan_block(checker *c, ast_block *b, void *arg);

static void mark_local(checker *c, ast_sym *s)
{
    if (s)
        s->mark = c->gen;
}

/* What a callee may write counts as written by the loop. */
static void loop_writes(checker *c, ast_decl *callee, int window, ast_loc at, void *arg)
{
    (void)window;
    (void)at;
    (void)arg;
    set_or(c->loopw, c->writes + (size_t)oc_decl_index(c->res, callee) * c->words, c->words);
}

static void scan_stmt(checker *c, ast_stmt *s, loop_scan *ls)
{
    direct_writes(c, s, c->loopw);
    switch (s->kind) {
    case S_ASSIGN:
        if (s->u.assign.target->kind == E_NAME)
            mark_local(c, oc_sym(c->res, s->u.assign.target));
        break;
    case S_LET: mark_local(c, s->u.let.sym); break;
    case S_FOR: mark_local(c, s->u.for_.var); break;
    case S_CHOOSE:
        for (ast_option *o = s->u.choose.options; o; o = o->next)
            mark_local(c, o->var);
        break;
    case S_CALL: case S_EMIT: case S_WINDOW: case S_DO:
        stmt_callees(c, s, loop_writes, NULL);
        break;
    case S_END: case S_RETURN: case S_UNDO: ls->way_out = 1; break;
    case S_EXIT:
        if (oc_exit_loop(c->res, s) != ls->loop)
            break;
        ls->way_out = 1;
        if (s->u.exit.cond) {
            if (ls->nexits == ls->cap) {
                uint32_t nc = ls->cap ? ls->cap * 2 : 8;
                ast_stmt **nx = ARENA_ARRAY(c->a, ast_stmt *, nc);
                if (ls->nexits)
                    memcpy(nx, ls->exits, ls->nexits * sizeof *nx);
                ls->exits = nx;
                ls->cap = nc;
            }
            ls->exits[ls->nexits++] = s;
        }
        break;
    default: break;
    }
    each_block(c, s, scan_block, ls);
}

static void scan_block(checker *c, ast_block *b, void *arg)
{
    for (ast_stmt *s = b->first; s; s = s->next)
        scan_stmt(c, s, arg);
}

typedef struct reads {
    int any;       /* the condition reads some var or local */
    int changes;   /* ... that the loop writes */
} reads;

static void read_expr(checker *c, const ast_expr *e, reads *r, int in_fn);

static void read_iter(checker *c, const ast_iter *it, reads *r, int in_fn)
{
    if (it->kind == IT_PLAYERS) {
        r->any = 1;
        r->changes |= get_bit(c->loopw, oc_decl_index(c->res, c->res->sym_in_game->decl));
    }
    if (it->lo)
        read_expr(c, it->lo, r, in_fn);
    if (it->hi)
        read_expr(c, it->hi, r, in_fn);
    if (oc_iter_kind(c->res, it) == IT_LIST)
        read_expr(c, it->list, r, in_fn);
}

static void read_expr(checker *c, const ast_expr *e, reads *r, int in_fn)
{
    if (!e)
        return;
    ast_sym *named = oc_sym(c->res, e); /* E_NAME, E_CALL, E_CAN */
    const ast_sym *s = e->kind == E_NAME ? named
                       : e->kind == E_INDEX && oc_ix(c->res, e) == IX_VAR ? oc_sym(c->res, e->base)
                                                                          : NULL;
    if (s && s->kind == SYM_VAR) {
        r->any = 1;
        r->changes |= get_bit(c->loopw, oc_decl_index(c->res, s->decl));
    } else if (s && s->kind == SYM_LOCAL && !in_fn && s->local_kind != LOCAL_AGG) {
        r->any = 1;
        r->changes |= s->mark == c->gen;
    }
    switch (e->kind) {
    case E_CALL:
        if (named && named->kind == SYM_FN && named->decl->mark != c->fgen) {
            /* a fn reads what its body (and its overrides) read; its params
             * are its args */
            ast_decl *fn = named->decl;
            fn->mark = c->fgen;
            read_expr(c, fn->body_expr, r, 1);
            const oc_overrides *on = oc_decl_overrides(c->res, fn);
            for (uint32_t k = 0; k < on->noverriders; k++) {
                read_expr(c, on->overriders[k]->guard, r, 1);
                read_expr(c, on->overriders[k]->body_expr, r, 1);
            }
        }
        break;
    case E_CAN:
        if (named && named->decl->mark != c->fgen) {
            named->decl->mark = c->fgen;
            read_expr(c, c->res->can_exprs[oc_decl_index(c->res, named->decl)], r, 1);
        }
        break;
    case E_IN_ACTION:
        if (c->res->acting_var) {
            r->any = 1;
            r->changes |= get_bit(c->loopw, oc_decl_index(c->res, c->res->acting_var));
        }
        break;
    case E_INDEX:
        if (oc_ix(c->res, e) == IX_LIST)
            read_expr(c, e->base, r, in_fn);
        break;
    case E_AGG: read_iter(c, e->iter, r, in_fn); break;
    case E_IF: read_expr(c, e->c, r, in_fn); break;
    default: break;
    }
    read_expr(c, e->a, r, in_fn);
    read_expr(c, e->b, r, in_fn);
    if (e->kind == E_CALL || e->kind == E_INDEX || e->kind == E_CAN)
        for (uint32_t i = 0; i < e->nargs; i++)
            read_expr(c, e->args[i], r, in_fn);
}

static void check_cond(checker *c, const ast_expr *cond)
{
    reads r = {0, 0};
    c->fgen++; /* each fn's body is read once per condition */
    read_expr(c, cond, &r, 0);
    if (!r.changes)
        diag_error(c->d, cond->loc, "loop exit condition can never change");
}

static void walk_repeat(checker *c, ast_stmt *s)
{
    walk_block(c, &s->u.rep.body);
    if (c->recursion)
        return;
    loop_scan ls;
    memset(&ls, 0, sizeof ls);
    ls.loop = s;
    memset(c->loopw, 0, c->words * sizeof *c->loopw);
    c->gen++;
    scan_block(c, &s->u.rep.body, &ls);
    /* a loop with another way out (`while true { ... exit when C }`) may
     * keep a constant condition; `exit when true` is a plain exit */
    if (s->u.rep.cond && !ls.way_out)
        check_cond(c, s->u.rep.cond);
    for (uint32_t i = 0; i < ls.nexits; i++)
        if (!oc_is_const(c->res, ls.exits[i]->u.exit.cond))
            check_cond(c, ls.exits[i]->u.exit.cond);
    if (s->u.rep.kind == REP_PLAIN && !ls.way_out)
        diag_error(c->d, s->loc, "'repeat' without 'until' needs an 'exit'");
}

static void walk_child_block(checker *c, ast_block *b, void *arg)
{
    (void)arg;
    walk_block(c, b);
}

static void walk_stmt(checker *c, ast_stmt *s)
{
    if (c->dead)
        s->unreachable = 1;
    switch (s->kind) {
    case S_IF: walk_if(c, s); return;
    case S_CHOOSE: walk_choose(c, s); return;
    case S_REPEAT: walk_repeat(c, s); return;
    default:
        each_block(c, s, walk_child_block, NULL);
        return;
    }
}

static void pass_code(checker *c)
{
    const oc_resolution *res = c->res;
    if (res->sequence)
        walk_block(c, &res->sequence->body);
    for (uint32_t i = 0; i < c->nfns; i++) {
        ast_decl *d = res->fns[i];
        if (d->kind != D_PROC)
            continue;
        if (d->reachable) {
            walk_block(c, &d->body);
            continue;
        }
        char note[300];
        snprintf(note, sizeof note, "nothing calls '%.200s' from the sequence or a scenario", d->name);
        walk_dead_block(c, &d->body, d->name_loc, note);
    }
    for (uint32_t i = 0; i < res->nscenarios; i++)
        for (ast_item *it = res->scenarios[i]->items; it; it = it->next)
            if (it->kind == IT_SC_SETUP)
                walk_block(c, &it->body);
}

/* ------------------------------------------------------------------ entry */

int oc_check(oc_arena *arena, ast_file *file, const oc_resolution *res, diag *d)
{
    checker c;
    memset(&c, 0, sizeof c);
    c.a = arena;
    c.d = d;
    c.f = file;
    c.res = res;
    c.nfns = res->nfns;
    c.words = (res->nvars + 63) / 64;
    if (!c.words)
        c.words = 1;
    c.calls = ARENA_ARRAY(arena, edge *, c.nfns + 1);
    c.writes = ARENA_ARRAY(arena, uint64_t, (size_t)c.words * (c.nfns + 1));
    c.loopw = ARENA_ARRAY(arena, uint64_t, c.words);
    c.gen = 16; /* above the marks resolution left on constants */
    int before = d->errors;
    pass_collect(&c);
    pass_graph(&c);
    pass_cycles(&c);
    pass_reach(&c);
    pass_listeners(&c);
    pass_reach(&c);
    pass_steps(&c);
    pass_cites(&c);
    pass_unused(&c);
    pass_code(&c);
    oc_check_payments(file, res, d);
    oc_check_symmetry(arena, file, res, d);
    return d->errors - before;
}

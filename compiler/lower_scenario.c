/* lower_scenario.c — scenario items (their setup and expect code, the
 * events and values they look for), and the tables of policies and
 * displays. */
#include "lower_int.h"

/* ------------------------------------------------------------- scenarios */

/* A scenario's event item names an event, an action (its event) or a
 * trigger: its key, as the runner (compiler/engines/scenario.c) and the
 * validator read it: an event's index, or nevents + the trigger's proc. */
static uint32_t event_index(const lowering *w, const ast_sym *s)
{
    const ast_decl *d = s->decl;
    if (d->is_action)
        return lower_index(w, w->res->action_events[lower_index(w, d)]);
    if (s->kind == SYM_PROC && d->timing)
        return w->res->nevents + lower_index(w, d);
    return lower_index(w, d);
}

/* The counts an event item passes with (lo..hi, hi -1 for no most). */
static void count_bounds(const ast_item *it, ordo_scenario_item *x)
{
    int32_t n = (int32_t)it->count;
    switch (it->count_mode) {
    case SC_COUNT_EXACTLY: x->lo = n; x->hi = n; return;
    case SC_COUNT_AT_LEAST: x->lo = n; x->hi = -1; return;
    case SC_COUNT_AT_MOST: x->lo = 0; x->hi = n; return;
    default: return;
    }
}

/* A fn proc of no params (a scenario's eval) returning expression e. */
static uint32_t eval_proc(lowering *w, const ast_item *it, const char *name, const ast_expr *e,
                          u16vec *evals)
{
    uint32_t id = lower_new_proc(w, arena_strdup(w->a, name), ast_line(it->loc));
    w->procs.v[id].returns = 1;
    w->unit_file = ast_file_of(it->loc);
    lower_unit_begin(w, id, oc_item_facts_of(w->res, it)->nlocals);
    lower_expr(w, e);
    lower_emit_op(w, ORDO_OP_RETV);
    lower_unit_end(w);
    VPUSH(w, *evals, (uint16_t)id);
    return id;
}

static int is_scalar(const ast_type *t)
{
    return t->kind == TY_INT || t->kind == TY_BOOL || t->kind == TY_PLAYER || t->kind == TY_ENUM;
}

/* `expect A OP B`, a comparison of two values: A and B as evals of their
 * own, so that a failure can say what they were ("but it is false: 5 ==
 * 3"); x = 1, args = A's and B's procs + 1, the kind and enum their
 * values are written with, the operator (0 for ==, as OP_EQ .. OP_GE). */
static void expect_operands(lowering *w, const ast_item *it, ordo_scenario_item *x,
                            u16vec *evals)
{
    const ast_expr *e = it->expr;
    if (!e || e->kind != E_BINARY || e->op < OP_EQ || e->op > OP_GE)
        return;
    const ast_type *ta = &oc_facts(w->res, e->a)->type, *tb = &oc_facts(w->res, e->b)->type;
    if (!is_scalar(ta) || !is_scalar(tb))
        return;
    char name[64];
    snprintf(name, sizeof name, "expect#%lu.left", (unsigned long)ast_line(it->loc));
    uint32_t left = eval_proc(w, it, name, e->a, evals);
    snprintf(name, sizeof name, "expect#%lu.right", (unsigned long)ast_line(it->loc));
    uint32_t right = eval_proc(w, it, name, e->b, evals);
    x->x = 1;
    x->args[0] = (int32_t)left + 1;
    x->args[1] = (int32_t)right + 1;
    x->args[2] = lower_kind_of(ta);
    x->args[3] = lower_enum_of(w, ta);
    x->args[4] = e->op - OP_EQ;
}

static void add_item(lowering *w, const ast_item *it, int kind, const char *text)
{
    ordo_scenario_item x;
    memset(&x, 0, sizeof x);
    x.kind = (uint8_t)kind;
    x.text = text;
    x.line = ast_line(it->loc);
    const oc_item_facts *f = oc_item_facts_of(w->res, it);
    for (int k = 0; k < ORDO_EVENT_MAX_ARGS; k++)
        x.args[k] = f->values[k];
    switch (kind) {
    case ORDO_SC_PLAYERS:
        x.a = (uint16_t)it->num;
        break;
    case ORDO_SC_SEED:
        x.args[0] = (int32_t)(uint32_t)((uint64_t)it->num & 0xffffffffu);
        x.args[1] = (int32_t)(uint32_t)((uint64_t)it->num >> 32);
        break;
    case ORDO_SC_PLAY:
        x.x = (uint8_t)it->nargs;
        break;
    case ORDO_SC_EVENT:
    case ORDO_SC_NO_EVENT:
    case ORDO_SC_COUNT:
        x.a = (uint16_t)event_index(w, f->sym);
        x.x = it->has_args ? (uint8_t)it->nargs : 0;
        x.b = (int32_t)f->wild;
        count_bounds(it, &x);
        break;
    case ORDO_SC_BEFORE:
        x.a = (uint16_t)event_index(w, f->sym);
        x.b = (int32_t)event_index(w, f->sym2);
        break;
    case ORDO_SC_STEP_RAN:
    case ORDO_SC_STEP_NOT_RAN:
        x.a = (uint16_t)oc_step_index(w->res, f->step);
        break;
    case ORDO_SC_OVER:
        x.x = it->expr ? 1 : 0;
        break;
    default:
        break;
    }
    VPUSH(w, w->items, x);
}

void lower_item(lowering *w, const ast_item *it, uint32_t main_proc, u16vec *evals,
                       u16vec *roots)
{
    char name[48];
    switch (it->kind) {
    case IT_SC_PLAYERS: add_item(w, it, ORDO_SC_PLAYERS, NULL); return;
    case IT_SC_SEED: add_item(w, it, ORDO_SC_SEED, NULL); return;
    case IT_SC_ROLL:
        for (uint32_t i = 0; i < it->nrolls; i += ORDO_EVENT_MAX_ARGS) {
            add_item(w, it, ORDO_SC_ROLL, NULL);
            ordo_scenario_item *x = &w->items.v[w->items.n - 1];
            uint32_t n = it->nrolls - i < ORDO_EVENT_MAX_ARGS ? it->nrolls - i
                                                              : ORDO_EVENT_MAX_ARGS;
            x->x = (uint8_t)n;
            for (uint32_t k = 0; k < n; k++)
                x->args[k] = it->rolls[i + k];
        }
        return;
    case IT_SC_SETUP: {
        snprintf(name, sizeof name, "setup#%lu", (unsigned long)ast_line(it->loc));
        uint32_t id = lower_new_proc(w, arena_strdup(w->a, name), ast_line(it->loc));
        w->unit_file = ast_file_of(it->loc);
        lower_unit_begin(w, id, oc_item_facts_of(w->res, it)->nlocals);
        lower_block(w, &it->body);
        lower_emit_op(w, ORDO_OP_RET);
        lower_unit_end(w);
        add_item(w, it, ORDO_SC_SETUP, NULL);
        w->items.v[w->items.n - 1].a = (uint16_t)id;
        VPUSH(w, *roots, (uint16_t)id);
        return;
    }
    case IT_SC_PLAY: {
        const ast_sym *proc = oc_item_facts_of(w->res, it)->sym; /* NULL: the sequence */
        add_item(w, it, ORDO_SC_PLAY, NULL);
        w->items.v[w->items.n - 1].a =
            (uint16_t)(proc ? lower_index(w, proc->decl) : main_proc);
        if (proc)
            VPUSH(w, *roots, (uint16_t)lower_index(w, proc->decl));
        return;
    }
    case IT_SC_CHOOSE:
        for (uint32_t i = 0; i < it->nlabels; i++)
            add_item(w, it, ORDO_SC_CHOOSE, it->labels[i]);
        return;
    case IT_SC_EXPECT: {
        snprintf(name, sizeof name, "expect#%lu", (unsigned long)ast_line(it->loc));
        uint32_t id = eval_proc(w, it, name, it->expr, evals);
        add_item(w, it, ORDO_SC_EXPECT, it->source ? it->source : "");
        ordo_scenario_item *x = &w->items.v[w->items.n - 1];
        x->a = (uint16_t)id;
        expect_operands(w, it, x, evals);
        return;
    }
    case IT_SC_DECISION: add_item(w, it, ORDO_SC_DECIDER, NULL); return;
    case IT_SC_SEES:
        add_item(w, it, ORDO_SC_SEES, it->labels[0]);
        w->items.v[w->items.n - 1].x = it->sees;
        return;
    case IT_SC_OFFERED:
    case IT_SC_NOT_OFFERED:
        for (uint32_t i = 0; i < it->nlabels; i++)
            add_item(w, it, it->kind == IT_SC_OFFERED ? ORDO_SC_OFFERED : ORDO_SC_NOT_OFFERED,
                     it->labels[i]);
        return;
    case IT_SC_EVENT:
        add_item(w, it, it->count_mode ? ORDO_SC_COUNT : ORDO_SC_EVENT, NULL);
        return;
    case IT_SC_NO_EVENT: add_item(w, it, ORDO_SC_NO_EVENT, NULL); return;
    case IT_SC_BEFORE: add_item(w, it, ORDO_SC_BEFORE, NULL); return;
    case IT_SC_STEP_RAN: add_item(w, it, ORDO_SC_STEP_RAN, NULL); return;
    case IT_SC_STEP_NOT_RAN: add_item(w, it, ORDO_SC_STEP_NOT_RAN, NULL); return;
    case IT_SC_OVER: add_item(w, it, ORDO_SC_OVER, it->reason); return;
    default: return;
    }
}

/* ------------------------------------------------- policies and displays */

/* The policies' tables; their by/when fns and the displays are evaluated
 * on top of a suspended game, like a scenario's expect fns (`evals`). */
void lower_policies(lowering *w, ordo_program *p, u16vec *evals)
{
    ast_file *f = w->f;
    const oc_resolution *res = w->res;
    VEC(ordo_policy) pols = {0};
    VEC(ordo_prefer) prefs = {0};
    VEC(ordo_display_decl) disps = {0};
    for (const ast_policy *pl = f->policies; pl; pl = pl->next) {
        ordo_policy x;
        memset(&x, 0, sizeof x);
        x.name = pl->name;
        x.label = pl->label ? pl->label : "";
        x.first = (uint16_t)prefs.n;
        x.count = (uint16_t)pl->nprefers;
        x.ties_random = pl->ties_random;
        x.line = ast_line(pl->loc);
        VPUSH(w, pols, x);
        for (const ast_prefer *pr = pl->prefers; pr; pr = pr->next) {
            ordo_prefer y;
            const oc_choice_facts *f = oc_choice_facts_of(w->res, pr->id);
            y.name = (uint16_t)f->name;
            y.by = (uint16_t)(f->by_fn ? lower_index(w, f->by_fn) + 1 : 0);
            y.when = (uint16_t)(f->when_fn ? lower_index(w, f->when_fn) + 1 : 0);
            y.avoid = pr->avoid;
            VPUSH(w, prefs, y);
        }
    }
    VEC(ordo_invariant) invs = {0};
    for (uint32_t i = 0; i < res->nfns; i++) {
        const ast_decl *d = res->fns[i];
        if (d->display) {
            ordo_display_decl x = {d->title ? d->title : "", (uint16_t)lower_index(w, d),
                                   ast_line(d->loc)};
            VPUSH(w, disps, x);
        }
        if (d->invariant) {
            ordo_invariant x = {d->title ? d->title : "", d->source ? d->source : "",
                                (uint16_t)lower_index(w, d), ast_line(d->loc)};
            VPUSH(w, invs, x);
        }
        if (d->display || d->policy_fn || d->invariant || d->data_check)
            VPUSH(w, *evals, (uint16_t)lower_index(w, d));
    }
    p->invariants = lower_to_arena(w, invs.v, invs.n, sizeof *invs.v);
    p->ninvariants = (uint16_t)invs.n;
    lower_release(w, invs.v);
    if (f->npolicies > MAX_TABLE || prefs.n > MAX_TABLE || w->res->noption_names > MAX_TABLE) {
        diag_error(w->d, (ast_loc){0, 0}, "this ruleset has more policies than the runtime's "
                                          "tables hold");
        w->failed = 1;
    }
    p->option_names = lower_to_arena(w, w->res->option_names, w->res->noption_names,
                                     sizeof *w->res->option_names);
    p->noption_names = (uint16_t)w->res->noption_names;
    p->policies = lower_to_arena(w, pols.v, pols.n, sizeof *pols.v);
    p->npolicies = (uint16_t)pols.n;
    p->prefers = lower_to_arena(w, prefs.v, prefs.n, sizeof *prefs.v);
    p->nprefers = (uint16_t)prefs.n;
    p->displays = lower_to_arena(w, disps.v, disps.n, sizeof *disps.v);
    p->ndisplays = (uint16_t)disps.n;
    lower_release(w, pols.v);
    lower_release(w, prefs.v);
    lower_release(w, disps.v);
}

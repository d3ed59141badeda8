/* resolve_scenario.c — scenarios (their items checked, their values
 * made constant, their event counts checked), displays and policies (a policy's `by` and `when` made
 * fns of the option's param). */
#include "resolve_int.h"

/* ------------------------------------------------------------- scenarios */

static void build_stepmap(resolver *r)
{
    uint32_t cap = 16;
    while (cap < r->out->nsteps * 2)
        cap *= 2;
    r->stepmap = ARENA_ARRAY(r->a, ast_stmt *, cap);
    r->stepmap_cap = cap;
    for (uint32_t i = 0; i < r->out->nsteps; i++) {
        ast_stmt *s = r->out->steps[i];
        uint32_t j = oc_name_hash(s->u.step.number) & (cap - 1);
        while (r->stepmap[j] && strcmp(r->stepmap[j]->u.step.number, s->u.step.number) != 0)
            j = (j + 1) & (cap - 1);
        if (!r->stepmap[j])
            r->stepmap[j] = s;
    }
}

static ast_stmt *find_step(resolver *r, const char *number)
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
static int sc_value(resolver *r, ast_expr *e, const ast_type *want, const char *what, int32_t *out)
{
    rs_expr(r, e);
    if (rs_is_err(rs_type(r, e)) || !rs_want_type(r, e, want, what))
        return 0;
    if (!oc_is_const(r->out, e)) {
        diag_error(r->d, e->loc, "%s must be a constant", what);
        return 0;
    }
    *out = oc_cval(r->out, e);
    return 1;
}

static ast_sym *sc_lookup(resolver *r, const char *name, ast_loc at, int kind, const char *what)
{
    ast_sym *s = rs_global_find(r, name);
    if (!s) {
        rs_unknown_name(r, at, name, "");
        return NULL;
    }
    rs_use(r, s);
    if (s->kind != kind) {
        diag_error(r->d, at, "'%s' is %s, not %s", name, rs_sym_kind_words(s->kind), what);
        return NULL;
    }
    return s;
}

/* The arguments of a scenario's `play` or event item, against the
 * parameters of the item's proc or event: their count, then each value.
 * With `wild` (event items, which match the trace: `event fled(player 2,
 * _)`), `_` matches any value; a proc to play needs every value. */
static void sc_args(resolver *r, ast_item *it, int wild)
{
    oc_item_facts *f = rs_item_facts(r, it);
    ast_decl *d = f->sym->decl;
    if (it->nargs != d->nparams) {
        diag_error(r->d, it->name_loc, "'%s' takes %u argument%s, not %u", it->name, d->nparams,
                   d->nparams == 1 ? "" : "s", it->nargs);
        return;
    }
    for (uint32_t i = 0; i < it->nargs && i < AST_MAX_EVENT_ARGS; i++) {
        ast_expr *a = it->args[i];
        if (wild && a->kind == E_NAME && strcmp(a->name, "_") == 0) {
            a->kind = E_WILDCARD;
            rs_set_type(r, a, rs_bare_type(TY_ERROR));
            f->wild |= 1u << i;
            continue;
        }
        char what[160];
        snprintf(what, sizeof what, "argument %u of '%s'", i + 1, it->name);
        sc_value(r, a, &d->params[i]->type, what, &f->values[i]);
    }
}

static void sc_play(resolver *r, ast_item *it)
{
    if (!it->name)
        return;
    oc_item_facts *f = rs_item_facts(r, it);
    f->sym = sc_lookup(r, it->name, it->name_loc, SYM_PROC, "a proc");
    if (!f->sym)
        return;
    sc_args(r, it, 0);
}

/* An event item names an event, an action (its start) or a trigger (its
 * firing: `expect event priest_effect`). */
static ast_sym *sc_event_sym(resolver *r, const char *name, ast_loc at)
{
    ast_sym *s = rs_trigger_find(r, name);
    if (!s)
        s = rs_global_find(r, name);
    if (s && s->kind == SYM_PROC && (s->decl->is_action || s->decl->timing)) {
        rs_use(r, s);
        return s;
    }
    return sc_lookup(r, name, at, SYM_EVENT, "an event, an action or a trigger");
}

static int is_trigger(const ast_sym *s)
{
    return s && s->kind == SYM_PROC && s->decl->timing;
}

/* `N times`: a count the runner compares with an int. */
static void sc_count(resolver *r, const ast_item *it)
{
    if (it->count_mode && it->count > INT32_MAX)
        diag_error(r->d, it->count_loc, "the event count %lld is too large",
                   (long long)it->count);
}

static void sc_event(resolver *r, ast_item *it)
{
    oc_item_facts *f = rs_item_facts(r, it);
    sc_count(r, it);
    f->sym = sc_event_sym(r, it->name, it->name_loc);
    if (it->kind == IT_SC_BEFORE)
        f->sym2 = sc_event_sym(r, it->name2, it->name2_loc);
    if (!f->sym || !it->has_args)
        return;
    if (is_trigger(f->sym)) { /* the trace says which trigger fired, not with what */
        diag_error(r->d, it->name_loc, "'%s' is a trigger: its firing is matched without "
                   "arguments", it->name);
        return;
    }
    sc_args(r, it, 1);
}

static void sc_item(resolver *r, ast_item *it)
{
    ast_type player = rs_bare_type(TY_PLAYER);
    oc_item_facts *f = rs_item_facts(r, it);
    switch (it->kind) {
    case IT_SC_PLAYERS:
        if (it->num < r->f->min_players || it->num > r->f->max_players)
            diag_error(r->d, it->loc, "players %lld is outside this ruleset's %d..%d",
                       (long long)it->num, (int)r->f->min_players, (int)r->f->max_players);
        return;
    case IT_SC_SETUP:
        rs_unit_begin(r, 0);
        r->in_setup = 1; /* a test may start from any state: turns[p] = 3 */
        rs_block(r, &it->body);
        rs_expand_list_assigns(r);
        r->in_setup = 0;
        f->nlocals = rs_unit_end(r);
        return;
    case IT_SC_PLAY: sc_play(r, it); return;
    case IT_SC_EXPECT:
        rs_unit_begin(r, 0);
        rs_expr_noroll(r, it->expr, TY_BOOL, "an 'expect'", "in an 'expect'");
        f->nlocals = rs_unit_end(r);
        return;
    case IT_SC_DECISION:
        sc_value(r, it->expr, &player, "the player of 'expect decision by'", &f->values[0]);
        return;
    case IT_SC_SEES:
        sc_value(r, it->expr, &player, "the seat of 'sees'", &f->values[0]);
        if (it->chooser)
            sc_value(r, it->chooser, &player, "the player of 'chosen by'", &f->values[1]);
        return;
    case IT_SC_OVER:
        f->values[0] = -1;
        if (it->expr)
            sc_value(r, it->expr, &player, "the winner", &f->values[0]);
        return;
    case IT_SC_EVENT:
    case IT_SC_BEFORE:
    case IT_SC_NO_EVENT: sc_event(r, it); return;
    case IT_SC_STEP_RAN:
    case IT_SC_STEP_NOT_RAN:
        f->step = find_step(r, it->number);
        if (!f->step)
            diag_error(r->d, it->name_loc, "no step is numbered %s", it->number);
        return;
    default: return;
    }
}

void rs_scenario(resolver *r, ast_decl *d)
{
    r->in_scenario = 1; /* list and row literals are scenario notation */
    for (ast_item *it = d->items; it; it = it->next)
        sc_item(r, it);
    r->in_scenario = 0;
}

/* ------------------------------------------------------------- policies */

/* Numbers the distinct option names, first use first. */
static void index_option_names(resolver *r)
{
    oc_resolution *out = r->out;
    uint32_t cap = 0;
    for (uint32_t i = 0; i < out->noptions; i++) {
        ast_option *o = out->options[i];
        if (!o->name)
            continue;
        uint32_t k = 0;
        while (k < out->noption_names && strcmp(out->option_names[k], o->name) != 0)
            k++;
        if (k == out->noption_names) {
            out->option_names = rs_grow(r, out->option_names, out->noption_names, &cap,
                                        sizeof *out->option_names);
            out->option_names[out->noption_names++] = o->name;
        }
        rs_choice_facts(r, o->id)->name = k + 1;
    }
}

/* The `for` variable of the options a prefer line names, which its `by`
 * and `when` read: every option of that name must bind one of the same
 * name and type, or none does. *ok = 0 after an error. */
static ast_sym *prefer_var(resolver *r, const ast_prefer *pr, int *ok)
{
    oc_resolution *out = r->out;
    const ast_option *first = NULL;
    *ok = 1;
    for (uint32_t i = 0; i < out->noptions; i++) {
        const ast_option *o = out->options[i];
        if (oc_choice_facts_of(out, o->id)->name != oc_choice_facts_of(out, pr->id)->name)
            continue;
        if (!first) {
            first = o;
            continue;
        }
        const ast_sym *a = first->var, *b = o->var;
        if (!a && !b)
            continue;
        if (a && b && (rs_is_err(&a->type) || rs_is_err(&b->type)))
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
static ast_decl *policy_fn(resolver *r, const ast_policy *pl, const ast_prefer *pr, ast_expr *body,
                           ast_sym *var, int kind, uint32_t *cap)
{
    oc_resolution *out = r->out;
    int is_by = kind == TY_INT;
    char name[300];
    snprintf(name, sizeof name, "policy %.100s: %s %.100s %s", pl->name,
             pr->avoid ? "avoid" : "prefer", pr->name,
             is_by ? "by" : "when");
    ast_decl *d = rs_new_decl(r, D_FN);
    d->policy_fn = 1;
    d->loc = d->name_loc = body->loc;
    d->name = arena_strdup(r->a, name);
    rs_decl_facts(r, d)->sym = rs_new_sym(r, d->name, SYM_FN, body->loc);
    rs_decl_sym(r, d)->decl = d;
    rs_decl_sym(r, d)->type = rs_bare_type(kind);
    d->body_expr = body;
    d->params = ARENA_ARRAY(r->a, ast_sym *, 1);
    if (var) {
        ast_sym *p = rs_new_sym(r, var->name, SYM_LOCAL, var->loc);
        p->local_kind = LOCAL_PARAM;
        p->type = var->type;
        p->decl = d;
        d->params[0] = p;
        d->nparams = 1;
    }
    rs_unit_begin(r, 0);
    rs_open_params(r, d);
    r->no_roll = "in a policy";
    r->in_policy = 1;
    rs_expr_want(r, body, kind, is_by ? "a policy's 'by' value" : "a policy's 'when' condition");
    r->in_policy = 0;
    rs_check_policy_reads(r, d);
    rs_decl_facts(r, d)->nlocals = rs_unit_end(r);
    out->fns = rs_grow(r, out->fns, out->nfns, cap, sizeof *out->fns);
    rs_decl_facts(r, d)->index = (int32_t)out->nfns;
    out->fns[out->nfns++] = d;
    return d;
}

static void rprefer(resolver *r, const ast_policy *pl, ast_prefer *pr, uint32_t *cap)
{
    const oc_resolution *out = r->out;
    for (uint32_t k = 0; k < out->noption_names; k++)
        if (strcmp(out->option_names[k], pr->name) == 0)
            rs_choice_facts(r, pr->id)->name = k + 1;
    if (!oc_choice_facts_of(out, pr->id)->name) {
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
        rs_choice_facts(r, pr->id)->by_fn = policy_fn(r, pl, pr, pr->by, var, TY_INT, cap);
    if (pr->when)
        rs_choice_facts(r, pr->id)->when_fn = policy_fn(r, pl, pr, pr->when, var, TY_BOOL, cap);
}

/* Policies: names unique and not the tools' own (random, first, mcts); each
 * line names options that exist; by/when become fns. */
/* A per-fn table of the resolution, of `had` entries, widened to every fn. */
static void *widen(resolver *r, void *t, uint32_t had, size_t elt)
{
    char *w = arena_alloc(r->a, (r->out->nfns + 1) * elt);
    memset(w, 0, (r->out->nfns + 1) * elt);
    memcpy(w, t, had * elt);
    return w;
}

/* The fns made of policies come last: the per-fn tables cover them too
 * (none is an action or a trigger, has a limit or a bound, or overrides). */
static void cover_policy_fns(resolver *r, uint32_t had)
{
    oc_resolution *out = r->out;
    if (out->nfns == had)
        return;
    out->limit_vars = widen(r, out->limit_vars, had, sizeof *out->limit_vars);
    out->action_events = widen(r, out->action_events, had, sizeof *out->action_events);
    out->can_exprs = widen(r, out->can_exprs, had, sizeof *out->can_exprs);
    out->bounds = widen(r, out->bounds, had, sizeof *out->bounds);
    out->overrides = widen(r, out->overrides, had, sizeof *out->overrides);
    out->trigger_events = widen(r, out->trigger_events, had, sizeof *out->trigger_events);
}

void rs_policies(resolver *r)
{
    ast_file *f = r->f;
    oc_resolution *out = r->out;
    index_option_names(r);
    uint32_t had = out->nfns, cap = out->nfns + 1; /* what rs_index_decls allocated */
    for (ast_policy *pl = f->policies; pl; pl = pl->next) {
        if (strcmp(pl->name, "random") == 0 || strcmp(pl->name, "first") == 0 ||
            strcmp(pl->name, "mcts") == 0)
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
    cover_policy_fns(r, had);
}

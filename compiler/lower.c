/* lower.c — from a resolved, checked tree to program tables (ordo.h Part
 * 2): the entry point. One walk over the tree writes the code of every
 * code unit into one instruction array and fills the tables beside it;
 * how each construct becomes instructions is written down in
 * doc/internals.md, and the work is spread over the files lower_int.h
 * lists. The finished tables are copied into the compiler's arena, so the
 * program lives exactly as long as it. */
#include "lower_int.h"

/* ------------------------------------------------------------------ entry */

/* A proc with the params of `sig` (a fn, proc or event), for the tables. */
static uint32_t proc_with_params(lowering *w, const char *name, uint32_t line, const ast_decl *sig,
                                 int returns)
{
    uint32_t id = lower_new_proc(w, name, line);
    ordo_proc *p = &w->procs.v[id];
    p->nparams = (uint16_t)sig->nparams;
    p->returns = (uint8_t)returns;
    for (uint32_t k = 0; k < sig->nparams && k < 8; k++) {
        p->param_kind[k] = (uint8_t)lower_kind_of(&sig->params[k]->type);
        p->param_enum[k] = lower_enum_of(w, &sig->params[k]->type);
    }
    return id;
}

static void fill_procs(lowering *w)
{
    const oc_resolution *res = w->res;
    for (uint32_t i = 0; i < res->nfns; i++)
        proc_with_params(w, res->fns[i]->name, ast_line(res->fns[i]->loc), res->fns[i],
                         res->fns[i]->kind == D_FN);
}

static void fill_options(lowering *w)
{
    const oc_resolution *res = w->res;
    for (uint32_t i = 0; i < res->noptions; i++) {
        const ast_option *o = res->options[i];
        ordo_option x;
        memset(&x, 0, sizeof x);
        x.label = oc_text_tmpl(res, &o->label);
        x.param_kind = o->var ? (uint8_t)lower_kind_of(&o->var->type) : 0xff;
        x.param_enum = o->var ? lower_enum_of(w, &o->var->type) : 0;
        x.step = -1;
        x.line = ast_line(o->loc);
        x.name = (uint16_t)oc_choice_facts_of(res, o->id)->name;
        VPUSH(w, w->options, x);
    }
    for (uint32_t i = 0; i < res->nescapes; i++) {
        const ast_escape *e = res->escapes[i];
        ordo_escape x;
        memset(&x, 0, sizeof x);
        x.label = e->label.text;
        x.step = -1;
        x.line = ast_line(e->loc);
        VPUSH(w, w->escapes, x);
    }
}

/* The procs the compiler adds: a dispatch proc per event with triggers
 * ("on EVENT"), a guard fn per guarded anytime action ("when ACTION"). */
static void add_listener_procs(lowering *w)
{
    const oc_resolution *res = w->res;
    w->dispatch = arena_alloc(w->a, (res->nevents + 1) * sizeof *w->dispatch);
    w->guard_fn = arena_alloc(w->a, (res->nfns + 1) * sizeof *w->guard_fn);
    for (uint32_t i = 0; i < res->nevents; i++) {
        const ast_decl *ev = res->events[i];
        w->dispatch[i] = NO_LABEL;
        if (!res->triggers[i].n || res->event_actions[i]) /* an action dispatches its own */
            continue;
        char name[200];
        snprintf(name, sizeof name, "on %s", ev->name);
        w->dispatch[i] = proc_with_params(w, arena_strdup(w->a, name), ast_line(ev->loc), ev, 0);
    }
    for (uint32_t i = 0; i < res->nfns; i++) {
        const ast_decl *d = res->fns[i];
        w->guard_fn[i] = NO_LABEL;
        w->has_anytime |= d->anytime;
        const ast_decl *ev = res->trigger_events[i];
        int chosen = d->timing && ev && ev->order == ORDER_CHOSEN;
        int needs = d->is_action || (d->guard && (d->anytime || chosen || d->is_override));
        if (!needs)
            continue;
        char name[200];
        snprintf(name, sizeof name, d->is_action ? "can %s" : "when %s", d->name);
        w->guard_fn[i] = proc_with_params(w, arena_strdup(w->a, name), ast_line(d->loc), d, 1);
    }
}

/* How many options one choose can offer (escapes come on top). */
static uint32_t iter_extent(const lowering *w, const ast_iter *it)
{
    switch (oc_iter_kind(w->res, it)) {
    case IT_ENUM: return oc_iter_enum(w->res, it)->nmembers;
    case IT_RANGE:
        if (oc_is_const(w->res, it->lo) && oc_is_const(w->res, it->hi)) {
            int64_t n = (int64_t)oc_cval(w->res, it->hi) - oc_cval(w->res, it->lo) + 1;
            return n < 0 ? 0 : n > 65535 ? 65535 : (uint32_t)n;
        }
        return 256;
    case IT_LIST: {
        const ast_expr *l = it->list;
        const ast_sym *s = l->kind == E_INDEX ? oc_sym(w->res, l->base) : oc_sym(w->res, l);
        return s->type.cap;
    }
    default: return (uint32_t)w->f->max_players;
    }
}

static uint32_t max_options(lowering *w)
{
    uint32_t best = 2; /* optional steps and windows */
    if (w->max_ways > best) /* a payment's ways (offer_ways) */
        best = w->max_ways;
    const oc_resolution *res = w->res;
    for (uint32_t i = 0; i < res->noptions;) {
        const ast_option *o = res->options[i];
        uint32_t n = 0;
        /* options of one choose are consecutive and linked */
        for (; o; o = o->next, i++)
            n += o->var ? iter_extent(w, o->iter) : 1;
        if (n > best)
            best = n;
    }
    uint32_t anytime = 1; /* a window: its anytime actions and "pass" */
    for (uint32_t i = 0; i < res->nfns; i++)
        anytime += res->fns[i]->anytime;
    if (anytime > best)
        best = anytime;
    for (uint32_t i = 0; i < res->nevents; i++) /* a chosen order */
        if (res->triggers[i].n > best)
            best = res->triggers[i].n;
    uint64_t total = (uint64_t)best + res->nescapes;
    return total > 65535 ? 65535 : (uint32_t)total;
}

/* Whether an action can be taken back: left by an escape, undone by
 * `undo`, by a `pay` a tentative one cannot make, or by `revise`. Such
 * an action saves the whole state at its start, to put it back. */
static int actions_undo(const ast_file *file, const oc_resolution *res)
{
    if (res->acting_var && (res->nescapes || res->has_undo))
        return 1;
    for (const ast_decl *x = file->decls; x; x = x->next)
        if (x->tentative || x->revisable)
            return 1;
    return 0;
}

/* Whether the block keeps the start state of the last revisable action
 * ended, for `revise`. */
static int actions_revise(const ast_file *file)
{
    for (const ast_decl *x = file->decls; x; x = x->next)
        if (x->revisable)
            return 1;
    return 0;
}

const ordo_program *oc_lower(oc_arena *arena, ast_file *file, const oc_resolution *res,
                             diag *d)
{
    lowering w0;
    lowering *w = &w0;
    memset(w, 0, sizeof *w);
    w->a = arena;
    w->d = d;
    w->f = file;
    w->res = res;
    ordo_program *p = ARENA_NEW(arena, ordo_program);
    p->magic = ORDO_PROGRAM_MAGIC;
    p->version = ORDO_PROGRAM_VERSION;
    p->title = file->title ? file->title : "";
    p->source = file->source ? file->source : "";
    p->file = file->path ? file->path : d->path;
    p->min_players = (uint8_t)file->min_players;
    p->max_players = (uint8_t)file->max_players;
    p->symmetric = file->symmetric;

    uint32_t state_size = 0;
    uint32_t nvars = 0;
    p->vars = lower_vars(w, &state_size, &nvars);
    p->nvars = (uint16_t)nvars;
    p->state_size = state_size;
    w->turn_var = res->turn_var ? lower_index(w, res->turn_var) : 0;
    if (res->acting_var) {
        w->acting_var = lower_index(w, res->acting_var);
        p->act_first = (uint16_t)res->act_first;
        p->act_undo = (uint8_t)actions_undo(file, res);
        p->act_revise = (uint8_t)actions_revise(file);
        w->act_slots = (state_size - (p->act_undo ? 0 : p->vars[res->act_first].offset) +
                        3u) / 4u;
    }
    p->max_pending = file->has_batches ? MAX_PENDING : 0;
    lower_enums(w, p);
    lower_data(w, p);
    lower_steps(w, p);
    lower_events(w, p);

    fill_procs(w);
    fill_options(w);
    uint32_t main_proc =
        lower_new_proc(w, "sequence", res->sequence ? ast_line(res->sequence->loc) : 0);
    add_listener_procs(w);

    for (uint32_t i = 0; i < res->nfns; i++)
        lower_fn_or_proc(w, res->fns[i]);
    for (uint32_t i = 0; i < res->nfns; i++)
        if (w->guard_fn[i] != NO_LABEL)
            lower_guard(w, res->fns[i]);
    for (uint32_t i = 0; i < res->nevents; i++)
        if (w->dispatch[i] != NO_LABEL) {
            lower_dispatch(w, res->events[i]);
            w->events[i].dispatch = (uint16_t)(w->dispatch[i] + 1);
        }
    w->unit_file = res->sequence ? ast_file_of(res->sequence->loc) : 0;
    lower_unit_begin(w, main_proc, res->sequence ? oc_nlocals(res, res->sequence) : 0);
    if (res->sequence)
        lower_block(w, &res->sequence->body);
    lower_emit_op(w, ORDO_OP_RET);
    lower_unit_end(w);

    u16vec evals = {0};
    u16vec roots = {0};
    VPUSH(w, roots, (uint16_t)main_proc);
    VEC(ordo_scenario) scen = {0};
    for (uint32_t i = 0; i < res->nscenarios; i++) {
        const ast_decl *sd = res->scenarios[i];
        if (sd->layer + 1 < file->nlayers)
            continue; /* a base's scenarios test the base (checked, not run) */
        ordo_scenario s;
        s.name = sd->title ? sd->title : "";
        s.rule = lower_join_cites(w, sd->cites);
        s.first = w->items.n;
        s.line = ast_line(sd->loc);
        for (const ast_item *it = sd->items; it; it = it->next)
            lower_item(w, it, main_proc, &evals, &roots);
        s.count = w->items.n - s.first;
        VPUSH(w, scen, s);
    }
    lower_policies(w, p, &evals);

    /* exact sizes: the deepest root chain, plus the deepest expect run on
     * top of a suspended game */
    uint32_t slots = 0, frames = 0, eslots = 0, eframes = 0;
    lower_size_chains(w);
    for (uint32_t i = 0; i < roots.n; i++) {
        unit_info *u = &w->units.v[roots.v[i]];
        slots = u->chain_slots > slots ? u->chain_slots : slots;
        frames = u->chain_frames > frames ? u->chain_frames : frames;
    }
    for (uint32_t i = 0; i < evals.n; i++) {
        unit_info *u = &w->units.v[evals.v[i]];
        eslots = u->chain_slots > eslots ? u->chain_slots : eslots;
        eframes = u->chain_frames > eframes ? u->chain_frames : eframes;
    }
    uint64_t stack = (uint64_t)slots + eslots + 1;
    if (stack > 65535 || (uint64_t)frames + eframes > 65535 || w->code.n >= (uint32_t)INT32_MAX) {
        diag_error(d, (ast_loc){0, 0},
                   "this ruleset needs a stack of %llu values and %llu frames; the runtime "
                   "allows 65535 of each (are its stated 'depth' bounds larger than play "
                   "needs?)",
                   (unsigned long long)stack, (unsigned long long)frames + eframes);
        w->failed = 1;
    }
    for (uint32_t i = 0; i < w->procs.n; i++)
        if (w->procs.v[i].nparams > w->procs.v[i].nlocals)
            w->procs.v[i].nlocals = w->procs.v[i].nparams;
    for (uint32_t i = 0; i < w->procs.n; i++)
        if (w->procs.v[i].room < w->procs.v[i].nlocals + 1u)
            w->procs.v[i].room = (uint16_t)(w->procs.v[i].nlocals + 1u);
    if (w->procs.n > MAX_TABLE || w->options.n > MAX_TABLE || w->texts.n > MAX_TABLE ||
        res->nsteps > 32767) {
        diag_error(d, (ast_loc){0, 0}, "this ruleset has more procedures, options, texts or "
                                       "steps than the runtime's tables hold");
        w->failed = 1;
    }

    p->stack_size = (uint16_t)stack;
    p->max_frames = (uint16_t)(frames + eframes);
    p->max_options = (uint16_t)max_options(w);
    p->max_escapes = (uint16_t)res->nescapes;
    p->main_proc = (uint16_t)main_proc;
    p->code = lower_keep(w, w->code.v, w->code.n, sizeof *w->code.v);
    w->code.v = NULL;
    p->ncode = w->code.n;
    p->procs = lower_to_arena(w, w->procs.v, w->procs.n, sizeof *w->procs.v);
    p->nprocs = (uint16_t)w->procs.n;
    p->options = lower_to_arena(w, w->options.v, w->options.n, sizeof *w->options.v);
    p->noptions = (uint16_t)w->options.n;
    p->escapes = lower_to_arena(w, w->escapes.v, w->escapes.n, sizeof *w->escapes.v);
    p->nescapes = (uint16_t)w->escapes.n;
    p->texts = lower_to_arena(w, w->texts.v, w->texts.n, sizeof *w->texts.v);
    p->ntexts = (uint16_t)w->texts.n;
    p->scenarios = lower_to_arena(w, scen.v, scen.n, sizeof *scen.v);
    p->nscenarios = (uint16_t)scen.n;
    p->items = lower_to_arena(w, w->items.v, w->items.n, sizeof *w->items.v);
    p->nitems = w->items.n;
    if (w->lines.n) {
        p->lines = lower_keep(w, w->lines.v, w->lines.n, sizeof *w->lines.v);
        w->lines.v = NULL;
    }
    p->nlines = w->lines.n;
    if (d->nmore) { /* several files (a layer's bases, CSVs): name them */
        const char **files = ARENA_ARRAY(arena, const char *, d->nmore + 1);
        for (uint32_t k = 0; k <= d->nmore; k++)
            files[k] = diag_path(d, k);
        p->files = files;
        p->nfiles = (uint16_t)(d->nmore + 1);
    }

    for (uint32_t i = 0; i < w->units.n; i++)
        lower_release(w, w->units.v[i].calls.v);
    lower_release(w, w->units.v);
    lower_release(w, w->code.v);
    lower_release(w, w->procs.v);
    lower_release(w, w->options.v);
    lower_release(w, w->escapes.v);
    lower_release(w, w->texts.v);
    lower_release(w, w->items.v);
    lower_release(w, w->lines.v);
    lower_release(w, w->loops.v);
    lower_release(w, w->action_returns.v);
    lower_release(w, evals.v);
    lower_release(w, roots.v);
    lower_release(w, scen.v);

    if (w->failed)
        return NULL;
    char msg[200];
    if (ordo_validate(p, msg, sizeof msg) != ORDO_OK) {
        diag_error(d, (ast_loc){0, 0}, "internal error: the lowered program is inconsistent: %s",
                   msg);
        return NULL;
    }
    return p;
}

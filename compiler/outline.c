/* outline.c — an editor's view of a ruleset's tree (outline.h): one walk
 * over the declarations, their statements and their expressions that
 * collects the names declared (globals and locals), the uses resolution
 * bound to them, the steps and what cites rule IDs.
 *
 * It reads the tree as far as it was built: after a syntax error there is
 * no resolution (res NULL) and no symbol is bound (uses are only recorded
 * where oc_sym finds one), and nothing is typed (TY_ERROR gives an empty
 * type text).
 */
#include <stdlib.h>
#include <string.h>

#include "outline.h"

/* grows *items (of `size` bytes each) to hold one more; 0 when out of memory */
static int grow(oc_outline *o, void **items, uint32_t n, uint32_t *cap, size_t size)
{
    if (o->failed)
        return 0;
    if (n < *cap)
        return 1;
    uint32_t c = *cap ? *cap * 2 : 32;
    void *p = realloc(*items, (size_t)c * size);
    if (!p) {
        o->failed = 1;
        return 0;
    }
    *items = p;
    *cap = c;
    return 1;
}

static void type_text(char *buf, size_t n, const ast_type *t)
{
    if (!t || t->kind == TY_ERROR) {
        buf[0] = 0;
        return;
    }
    if (t->kind == TY_INT && t->ranged) {
        snprintf(buf, n, "%ld..%ld", (long)t->lo, (long)t->hi);
        return;
    }
    ast_type_name(t, buf, n);
}

static oc_osym *add_sym(oc_outline *o, const char *name, const char *kind, ast_loc loc,
                        int global, const char *container, const void *key)
{
    if (!name || !grow(o, (void **)&o->syms, o->nsyms, &o->capsyms, sizeof *o->syms))
        return NULL;
    oc_osym *s = &o->syms[o->nsyms++];
    memset(s, 0, sizeof *s);
    s->name = name;
    s->kind = kind;
    s->loc = loc;
    s->global = (uint8_t)global;
    s->container = container;
    s->key = key;
    return s;
}

/* a name declared by symbol `sym` (a local, a member, a param) */
static void add_local(oc_outline *o, const ast_sym *sym, const char *kind, const char *container)
{
    if (!sym)
        return;
    oc_osym *s = add_sym(o, sym->name, kind, sym->loc, 0, container, sym);
    if (s)
        type_text(s->type, sizeof s->type, &sym->type);
}

static void add_ref(oc_outline *o, ast_loc at, const char *name, const ast_sym *target)
{
    if (!target || !name || !at.line || !target->loc.line)
        return; /* unbound, or a built-in: nowhere to go */
    /* a scenario's list literal shares its list's node among the tests it
     * becomes (resolve_literal.c): one reference, not one per value */
    for (uint32_t k = o->nrefs; k > 0 && k + 4 > o->nrefs; k--)
        if (o->refs[k - 1].target == target && o->refs[k - 1].loc.line == at.line &&
            o->refs[k - 1].loc.col == at.col)
            return;
    if (!grow(o, (void **)&o->refs, o->nrefs, &o->caprefs, sizeof *o->refs))
        return;
    o->refs[o->nrefs++] = (oc_oref){at, (uint32_t)strlen(name), target};
}

static void add_cites(oc_outline *o, const ast_cite *c, const char ***ids, ast_loc **locs,
                      uint32_t *n)
{
    uint32_t k = 0;
    for (const ast_cite *x = c; x; x = x->next)
        k++;
    *n = 0;
    *ids = NULL;
    *locs = NULL;
    if (!k)
        return;
    *ids = calloc(k, sizeof **ids);
    *locs = calloc(k, sizeof **locs);
    if (!*ids || !*locs) {
        free(*ids);
        free(*locs);
        *ids = NULL;
        *locs = NULL;
        o->failed = 1;
        return;
    }
    for (const ast_cite *x = c; x; x = x->next, (*n)++) {
        (*ids)[*n] = x->id;
        (*locs)[*n] = x->loc;
    }
}

static void add_citer(oc_outline *o, const char *kind, const char *title, ast_loc loc,
                      const ast_cite *cites)
{
    if (!cites ||
        !grow(o, (void **)&o->scenarios, o->nscenarios, &o->capscenarios, sizeof *o->scenarios))
        return;
    oc_oscenario *s = &o->scenarios[o->nscenarios++];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->title = title;
    s->loc = loc;
    add_cites(o, cites, &s->cites, &s->cite_locs, &s->ncites);
}

/* ------------------------------------------------------------- the walk */

typedef struct walk {
    oc_outline *o;
    const char *container;   /* the decl whose body this is */
    const oc_resolution *res; /* NULL when resolution did not run */
} walk;

static void walk_expr(walk *w, const ast_expr *e);

static void walk_iter(walk *w, const ast_iter *it)
{
    if (!it)
        return;
    walk_expr(w, it->lo);
    walk_expr(w, it->hi);
    walk_expr(w, it->list);
}

static void walk_expr(walk *w, const ast_expr *e)
{
    if (!e)
        return;
    switch (e->kind) {
    case E_NAME: add_ref(w->o, e->loc, e->name, oc_sym(w->res, e)); return;
    case E_CALL:
    case E_INDEX:
        if (e->kind == E_CALL)
            add_ref(w->o, e->loc, e->name, oc_sym(w->res, e));
        else
            walk_expr(w, e->base);
        for (uint32_t k = 0; e->args && k < e->nargs; k++)
            walk_expr(w, e->args[k]);
        return;
    case E_CAN:
        for (uint32_t k = 0; e->args && k < e->nargs; k++)
            walk_expr(w, e->args[k]);
        return;
    case E_UNARY:
    case E_BINARY:
    case E_IN:
    case E_CAPPED:
    case E_ROLL:
    case E_FIELD:
        walk_expr(w, e->a);
        if (e->kind != E_ROLL && e->kind != E_FIELD)
            walk_expr(w, e->b);
        return;
    case E_IF:
        walk_expr(w, e->a);
        walk_expr(w, e->b);
        walk_expr(w, e->c);
        return;
    case E_ROW: walk_expr(w, e->a); return; /* Card["L1 white"]: the table */
    case E_AGG:
        add_local(w->o, e->var, "aggregate", w->container);
        walk_iter(w, e->iter);
        walk_expr(w, e->a);
        walk_expr(w, e->b);
        if (e->op == AGG_FIRST)
            for (uint32_t k = 0; e->args && k < e->nargs; k++)
                walk_expr(w, e->args[k]);
        return;
    default: return;
    }
}

static void walk_stmt(ast_stmt *s, void *arg)
{
    walk *w = arg;
    oc_outline *o = w->o;
    switch (s->kind) {
    case S_STEP:
        walk_expr(w, s->u.step.optional_by);
        walk_expr(w, s->u.step.when);
        if (grow(o, (void **)&o->steps, o->nsteps, &o->capsteps, sizeof *o->steps)) {
            oc_ostep *st = &o->steps[o->nsteps++];
            memset(st, 0, sizeof *st);
            st->number = s->u.step.number;
            st->loc = s->u.step.number_loc.line ? s->u.step.number_loc : s->loc;
            st->title = s->u.step.title;
            int32_t index = oc_step_index(w->res, s);
            st->rule = index >= 0 ? w->res->step_places[index].rule : NULL;
            add_cites(o, s->u.step.cites, &st->cites, &st->cite_locs, &st->ncites);
        }
        return;
    case S_LET:
        add_local(o, s->u.let.sym, "let", w->container);
        walk_expr(w, s->u.let.value);
        return;
    case S_ASSIGN:
    case S_PAY:
        walk_expr(w, s->u.assign.target);
        walk_expr(w, s->u.assign.value);
        for (uint32_t i = 0; s->pay && i < s->pay->nalts; i++)
            walk_expr(w, s->pay->alts[i]);
        return;
    case S_IF: walk_expr(w, s->u.if_.cond); return;
    case S_REPEAT: walk_expr(w, s->u.rep.cond); return;
    case S_FOR:
        add_local(o, s->u.for_.var, "for", w->container);
        walk_iter(w, s->u.for_.iter);
        for (uint32_t k = 0; k < s->u.for_.nkeys; k++)
            walk_expr(w, s->u.for_.keys[k]);
        walk_expr(w, s->u.for_.where);
        return;
    case S_EXIT: walk_expr(w, s->u.exit.cond); return;
    case S_TURN:
    case S_ELIMINATE:
    case S_END:
    case S_PASS:
    case S_WINDOW: walk_expr(w, s->u.player.player); return;
    case S_ROTATE: return;
    case S_CHOOSE:
        walk_expr(w, s->u.choose.player);
        for (const ast_option *op = s->u.choose.options; op; op = op->next) {
            walk_expr(w, op->when);
            add_local(o, op->var, "option", w->container);
            walk_iter(w, op->iter);
            walk_expr(w, op->where);
        }
        return;
    case S_SCOPE:
        for (const ast_escape *es = s->u.scope.escapes; es; es = es->next)
            walk_expr(w, es->player);
        return;
    case S_CALL:
    case S_EMIT:
    case S_DO:
        add_ref(o, s->u.call.name_loc, s->u.call.name, oc_called(w->res, s));
        for (uint32_t k = 0; s->u.call.args && k < s->u.call.nargs; k++)
            walk_expr(w, s->u.call.args[k]);
        return;
    case S_ASSERT: walk_expr(w, s->u.assert_.cond); return;
    case S_ADD:
    case S_REMOVE:
    case S_REMOVE_AT:
    case S_CLEAR:
    case S_SHUFFLE:
        walk_expr(w, s->u.list.value);
        walk_expr(w, s->u.list.list);
        return;
    default: return;
    }
}

static void walk_block(walk *w, ast_block *b)
{
    ast_each_stmt(b, walk_stmt, w);
}

static void walk_items(walk *w, ast_decl *d)
{
    for (ast_item *it = d->items; it; it = it->next) {
        if (it->kind == IT_SC_SETUP)
            walk_block(w, &it->body);
        if (it->kind == IT_SC_PLAY || it->kind == IT_SC_EVENT || it->kind == IT_SC_NO_EVENT ||
            it->kind == IT_SC_BEFORE)
            add_ref(w->o, it->name_loc, it->name, oc_item_facts_of(w->res, it)->sym);
        if (it->kind == IT_SC_BEFORE)
            add_ref(w->o, it->name2_loc, it->name2, oc_item_facts_of(w->res, it)->sym2);
        if (it->kind == IT_SC_PLAY || it->kind == IT_SC_EVENT || it->kind == IT_SC_NO_EVENT)
            for (uint32_t k = 0; it->args && k < it->nargs; k++)
                walk_expr(w, it->args[k]);
        if (it->kind == IT_SC_EXPECT || it->kind == IT_SC_DECISION || it->kind == IT_SC_OVER ||
            it->kind == IT_SC_SEES)
            walk_expr(w, it->expr);
        if (it->chooser)
            walk_expr(w, it->chooser);
    }
}

static const char *proc_kind(const ast_decl *d)
{
    if (d->timing)
        return "trigger";
    if (d->anytime)
        return "anytime";
    if (d->is_action)
        return "action";
    if (d->display)
        return "display";
    return "proc";
}

static void walk_decl(oc_outline *o, const oc_resolution *res, ast_decl *d)
{
    walk w = {o, d->name, res};
    oc_osym *s = NULL;
    const void *key = oc_decl_sym(res, d) ? (const void *)oc_decl_sym(res, d) : (const void *)d;
    switch (d->kind) {
    case D_ENUM:
        s = add_sym(o, d->name, d->is_table ? "table" : "enum", d->name_loc, 1, NULL, key);
        if (s)
            snprintf(s->type, sizeof s->type, "%s", d->is_table ? "table" : "enum");
        for (uint32_t k = 0; !d->is_table && d->members && k < d->nmembers; k++) {
            const ast_sym *m = d->members[k];
            oc_osym *ms = m ? add_sym(o, m->name, "member", m->loc, 1, d->name, m) : NULL;
            if (ms)
                snprintf(ms->type, sizeof ms->type, "%s", d->name ? d->name : "");
        }
        return;
    case D_CONST:
    case D_VAR:
        if (d->builtin)
            return;
        s = add_sym(o, d->name, d->kind == D_CONST ? "const" : "var", d->name_loc, 1, NULL, key);
        if (s && oc_decl_sym(res, d))
            type_text(s->type, sizeof s->type, &oc_decl_sym(res, d)->type);
        if (d->kind == D_VAR)
            for (uint32_t k = 0; k < d->ndims && k < 2; k++) {
                walk_expr(&w, d->dims[k].lo_e);
                walk_expr(&w, d->dims[k].hi_e);
            }
        walk_expr(&w, d->value);
        return;
    case D_EVENT:
    case D_FN:
    case D_PROC:
        if (d->policy_fn)
            return; /* made of a policy's line: walked with the policy */
        s = add_sym(o, d->name, d->kind == D_EVENT ? "event"
                                : d->kind == D_FN ? (d->invariant ? "invariant" : "fn")
                                                  : proc_kind(d),
                    d->name_loc, d->name != NULL, NULL, key);
        if (s && d->kind == D_FN && oc_decl_sym(res, d))
            type_text(s->type, sizeof s->type, &oc_decl_sym(res, d)->type);
        for (uint32_t k = 0; d->params && k < d->nparams; k++)
            add_local(o, d->params[k], "param", d->name);
        const ast_decl *ev = d->timing && res ? res->trigger_events[oc_decl_index(res, d)] : NULL;
        if (ev && oc_decl_sym(res, ev))
            add_ref(o, d->event_loc, d->event_name, oc_decl_sym(res, ev));
        if (d->timing)
            add_citer(o, "trigger", d->name, d->name_loc, d->cites);
        walk_expr(&w, d->guard);
        for (const ast_cost *c = d->costs; c; c = c->next) {
            walk_expr(&w, c->amount);
            walk_expr(&w, c->target);
            for (uint32_t i = 0; c->pay && i < c->pay->nalts; i++)
                walk_expr(&w, c->pay->alts[i]);
        }
        walk_expr(&w, d->order_by);
        walk_expr(&w, d->body_expr);
        walk_block(&w, &d->body);
        return;
    case D_SEQUENCE: walk_block(&w, &d->body); return;
    case D_SCENARIO:
        add_citer(o, "scenario", d->title, d->loc, d->cites);
        walk_items(&w, d);
        return;
    case D_SUBSTITUTE:
        walk_expr(&w, d->sub_var);
        walk_expr(&w, d->sub_for);
        return;
    default: return;
    }
}

oc_outline *oc_outline_new(const ast_file *f, const oc_resolution *res)
{
    oc_outline *o = calloc(1, sizeof *o);
    if (!o || !f)
        return o;
    o->title = f->title;
    o->source = f->source;
    for (ast_decl *d = f->decls; d; d = d->next)
        walk_decl(o, res, d);
    for (const ast_policy *p = f->policies; p; p = p->next) {
        add_sym(o, p->name, "policy", p->name_loc, 0, NULL, p);
        walk w = {o, p->name, res};
        for (const ast_prefer *pr = p->prefers; pr; pr = pr->next) {
            walk_expr(&w, pr->by);
            walk_expr(&w, pr->when);
        }
    }
    return o;
}

void oc_outline_free(oc_outline *o)
{
    if (!o)
        return;
    for (uint32_t k = 0; k < o->nsteps; k++) {
        free(o->steps[k].cites);
        free(o->steps[k].cite_locs);
    }
    for (uint32_t k = 0; k < o->nscenarios; k++) {
        free(o->scenarios[k].cites);
        free(o->scenarios[k].cite_locs);
    }
    free(o->syms);
    free(o->refs);
    free(o->steps);
    free(o->scenarios);
    free(o);
}

const oc_osym *oc_outline_sym(const oc_outline *o, const void *key)
{
    for (uint32_t k = 0; o && key && k < o->nsyms; k++)
        if (o->syms[k].key == key)
            return &o->syms[k];
    return NULL;
}

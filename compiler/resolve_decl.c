/* resolve_decl.c — declarations: types, consts, vars, events, fns and
 * procs with their signatures, data tables, and the overrides a layer
 * makes of the rulesets it extends; the hidden vars the runtime needs. */
#include "resolve_int.h"

static void rdim(resolver *r, ast_dim *dm)
{
    oc_dim_facts *f = rs_dim_facts(r, dm);
    int ok, ok2;
    if (dm->kind == DIM_ENUM) {
        ast_sym *s = rs_global_find(r, dm->name);
        if (!s || s->kind != SYM_ENUM) {
            if (s)
                diag_error(r->d, dm->loc, "'%s' is not an enum: an index is player, an enum or A..B",
                           dm->name);
            else
                diag_error(r->d, dm->loc, "unknown type '%s'", dm->name);
            return;
        }
        rs_use(r, s);
        f->enm = s->decl;
        return;
    }
    if (dm->kind != DIM_RANGE)
        return;
    f->lo = rs_const_expr(r, dm->lo_e, TY_INT, "the start of a range", &ok);
    f->hi = rs_const_expr(r, dm->hi_e, TY_INT, "the end of a range", &ok2);
    if (ok && ok2 && (f->lo > f->hi || (int64_t)f->hi - f->lo >= 65535)) {
        diag_error(r->d, dm->loc, "an index range must hold 1 to 65535 values, not %d..%d",
                   (int)f->lo, (int)f->hi);
        f->lo = f->hi = 0;
    }
}

/* The default initial value, and the declared initializer checked against
 * the var's type and range. */
static void rvar_init(resolver *r, ast_decl *d)
{
    ast_type *t = &rs_decl_sym(r, d)->type;
    /* 0 when the range holds it (a score of -50..50 starts at 0), else the
     * range's lowest value */
    rs_decl_facts(r, d)->init_value =
        t->kind == TY_PLAYER || (t->kind == TY_ENUM && t->enm->is_table) ? -1
        : t->kind == TY_INT && t->ranged && (t->lo > 0 || t->hi < 0)    ? t->lo
                                                                         : 0;
    if (!d->value || rs_is_err(t))
        return;
    if (t->kind == TY_LIST || t->kind == TY_SET) {
        diag_error(r->d, d->value->loc, "a %s starts empty: it takes no initial value",
                   t->kind == TY_SET ? "set" : "list");
        return;
    }
    int ok;
    char what[160];
    snprintf(what, sizeof what, "the initial value of '%s'", d->name);
    rs_expr(r, d->value);
    if (rs_is_err(rs_type(r, d->value)) || !rs_want_type(r, d->value, t, what))
        return;
    if (!oc_is_const(r->out, d->value)) {
        diag_error(r->d, d->value->loc, "%s must be a constant", what);
        return;
    }
    ok = oc_cval(r->out, d->value);
    if (t->kind == TY_INT && t->ranged && (ok < t->lo || ok > t->hi)) {
        diag_error(r->d, d->value->loc, "the initial value %d of '%s' is outside its range %d..%d",
                   ok, d->name, (int)t->lo, (int)t->hi);
        return;
    }
    rs_decl_facts(r, d)->init_value = ok;
}

static void rvar(resolver *r, ast_decl *d)
{
    for (uint32_t i = 0; i < d->ndims; i++)
        rdim(r, &d->dims[i]);
    if (rs_type_expr(r, d->type, 1))
        rs_decl_sym(r, d)->type = *rs_typeexpr_type(r, d->type);
    else
        rs_decl_sym(r, d)->type = rs_bare_type(TY_ERROR);
    rvar_init(r, d);
}

static void rparams(resolver *r, ast_decl *d)
{
    if (d->nparams > MAX_PARAMS)
        diag_error(r->d, d->params[MAX_PARAMS]->loc, "too many parameters (at most %d)",
                   MAX_PARAMS);
    for (uint32_t i = 0; i < d->nparams; i++) {
        ast_sym *p = d->params[i];
        p->slot = (int32_t)i;
        ast_typeexpr *tx = d->param_types[i];
        p->type = rs_type_expr(r, tx, 0) ? *rs_typeexpr_type(r, tx) : rs_bare_type(TY_ERROR);
        for (uint32_t j = 0; j < i; j++)
            if (strcmp(d->params[j]->name, p->name) == 0) {
                diag_error(r->d, p->loc, "redefinition of '%s'", p->name);
                diag_note(r->d, d->params[j]->loc, "previous definition of '%s' here", p->name);
            }
        ast_sym *g = rs_global_find(r, p->name);
        if (g && g->loc.line == 0)
            diag_error(r->d, p->loc, "'%s' is a built-in name", p->name);
        else if (g) {
            diag_error(r->d, p->loc, "'%s' shadows another definition", p->name);
            diag_note(r->d, g->loc, "the other definition of '%s' is here", g->name);
        }
    }
}

/* Params in scope at the start of a fn/proc body. */
void rs_open_params(resolver *r, ast_decl *d)
{
    for (uint32_t i = 0; i < d->nparams; i++) {
        ast_sym *p = d->params[i];
        r->scope = rs_grow(r, r->scope, r->nscope, &r->scope_cap, sizeof *r->scope);
        r->scope[r->nscope++] = p;
        uint32_t b = oc_name_hash(p->name) & (LOCAL_BUCKETS - 1);
        p->hnext = r->locals[b];
        r->locals[b] = p;
    }
    r->slot = r->maxslot = d->nparams;
}

static const char *guard_words(const ast_decl *d)
{
    return d->timing       ? "a trigger's 'when' condition"
           : d->is_action   ? "an action's 'when' condition (its precondition)"
           : d->is_override ? "an override's 'when' condition"
                            : "an anytime action's 'when' condition";
}

void rs_fn_body(resolver *r, ast_decl *d)
{
    rs_unit_begin(r, 0);
    rs_open_params(r, d);
    r->no_roll = d->invariant ? "in an invariant" : d->data_check ? "in a check" : "in a fn";
    if (d->guard)
        rs_expr_noroll(r, d->guard, TY_BOOL, guard_words(d), "in a 'when' guard");
    rs_expr(r, d->body_expr);
    if (!rs_is_err(rs_type(r, d->body_expr)) && !rs_is_err(&rs_decl_sym(r, d)->type)) {
        char what[160];
        if (d->invariant)
            snprintf(what, sizeof what, "the invariant \"%.100s\"", d->title);
        else if (d->data_check)
            snprintf(what, sizeof what, "the check \"%.100s\"", d->title);
        else
            snprintf(what, sizeof what, "the result of '%s'", d->name);
        ast_type want = rs_decl_sym(r, d)->type;
        rs_want_type(r, d->body_expr, &want, what);
    }
    rs_decl_facts(r, d)->nlocals = rs_unit_end(r);
}

/* An action's up-front costs, and what `can A(...)` asks: the costs
 * payable together from what is held before the action begins (TEO-P1,
 * TEO-P3), by any of their ways (`or` sources, substitutes: TEO-D4), then
 * the `when` condition; resolve_pay.c defines the ways and the guards of
 * each, so `can` and the payments agree. */
static ast_cost **cs_of(resolver *r, const ast_decl *d, uint32_t n)
{
    ast_cost **cs = ARENA_ARRAY(r->a, ast_cost *, n ? n : 1);
    n = 0;
    for (ast_cost *c = d->costs; c; c = c->next)
        cs[n++] = c;
    return cs;
}

static void raction_costs(resolver *r, ast_decl *d)
{
    uint32_t n = 0;
    int ok = 1;
    for (ast_cost *c = d->costs; c; c = c->next, n++) {
        rs_payment(r, c->amount, c->target, "a cost");
        ok &= !rs_is_err(rs_type(r, c->target)) && !rs_is_err(rs_type(r, c->amount));
        if (ok)
            rs_payment_substitute(r, c->target); /* marks it used */
        *rs_cost_payment(r, c) = ok ? rs_pay_ways(r, c->pay, c->amount, c->target, 1) : NULL;
    }
    ast_expr *can = d->guard;
    if (ok && n) {
        ast_cost **cs = cs_of(r, d, n);
        /* the costs first: a few cells of a hand, where a `when` often
         * scans the board (Catan's "can build a settlement": 54
         * intersections); both are pure, so only the time changes
         * (issue 32, 2: cheap conditions first) */
        ast_expr *costs = rs_cost_ways(r, d, cs, n);
        can = can ? rs_and_of(r, costs, can) : costs;
    }
    if (ok && d->costs_any_order)
        rs_decl_facts(r, d)->cost_order = rs_cost_order(r, d, cs_of(r, d, n), n);
    r->out->can_exprs[rs_decl_facts(r, d)->index] = can ? can : rs_bool_const(r, d->loc, 1);
}

void rs_proc_body(resolver *r, ast_decl *d)
{
    rs_unit_begin(r, d->kind == D_PROC);
    rs_open_params(r, d);
    if (d->guard)
        rs_expr_noroll(r, d->guard, TY_BOOL, guard_words(d), "in a 'when' guard");
    if (d->is_action)
        raction_costs(r, d);
    if (d->label.text)
        rs_text(r, &d->label, 2, NULL);
    r->in_display = d->display;
    if (d->display)
        r->no_roll = "in a display";
    r->in_action_body = d->is_action;
    rs_block(r, &d->body);
    if (d->is_action)
        rs_body_pays(r, d);
    r->in_action_body = 0;
    r->in_display = 0;
    rs_decl_facts(r, d)->nlocals = rs_unit_end(r);
}

/* --------------------------------------------------------------- globals */

static ast_decl *builtin_var(resolver *r, const char *name, int kind, int ndims)
{
    ast_decl *d = rs_new_decl(r, D_VAR);
    d->builtin = 1;
    d->name = name;
    d->ndims = (uint32_t)ndims;
    d->dims[0].kind = DIM_PLAYER;
    ast_sym *s = rs_new_sym(r, name, SYM_VAR, (ast_loc){0, 0});
    s->decl = d;
    s->type = rs_bare_type(kind);
    s->type.lo = kind == TY_PLAYER ? -1 : kind == TY_BOOL ? 0 : INT32_MIN;
    s->type.hi = kind == TY_PLAYER ? r->f->max_players - 1 : kind == TY_BOOL ? 1 : INT32_MAX;
    rs_decl_facts(r, d)->sym = s;
    rs_decl_facts(r, d)->init_value = kind == TY_PLAYER ? -1 : kind == TY_BOOL ? 1 : 0;
    rs_global_declare(r, s);
    return d;
}

void rs_declare_builtins(resolver *r)
{
    static const struct { const char *name; int bi; } fns[] = {
        {"len", BI_LEN}, {"first", BI_FIRST}, {"last", BI_LAST},
        {"min", BI_MIN}, {"max", BI_MAX}, {"abs", BI_ABS}};
    oc_resolution *out = r->out;
    out->vars = ARENA_ARRAY(r->a, ast_decl *, 3);
    out->vars[0] = builtin_var(r, "active", TY_PLAYER, 0);
    out->vars[1] = builtin_var(r, "turns", TY_INT, 1);
    out->vars[2] = builtin_var(r, "in_game", TY_BOOL, 1);
    out->sym_active = rs_decl_sym(r, out->vars[0]);
    out->sym_turns = rs_decl_sym(r, out->vars[1]);
    out->sym_in_game = rs_decl_sym(r, out->vars[2]);
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        ast_sym *s = rs_new_sym(r, fns[i].name, SYM_BUILTIN, (ast_loc){0, 0});
        s->builtin = (uint8_t)fns[i].bi;
        rs_global_declare(r, s);
    }
}

static int decl_sym_kind(int dk)
{
    switch (dk) {
    case D_ENUM: return SYM_ENUM;
    case D_CONST: return SYM_CONST;
    case D_VAR: return SYM_VAR;
    case D_EVENT: return SYM_EVENT;
    case D_FN: return SYM_FN;
    default: return SYM_PROC;
    }
}

void rs_declare_one(resolver *r, ast_decl *d)
{
    if (d->kind == D_SEQUENCE) {
        if (r->out->sequence) {
            diag_error(r->d, d->loc, "a second 'sequence' block");
            diag_note(r->d, r->out->sequence->loc, "the first 'sequence' is here");
        } else
            r->out->sequence = d;
        return;
    }
    if (d->kind == D_SCENARIO || d->kind == D_SUBSTITUTE)
        return;
    ast_sym *s = rs_new_sym(r, d->name, decl_sym_kind(d->kind), d->name_loc);
    s->decl = d;
    s->type = rs_bare_type(d->kind == D_CONST ? TY_INT : TY_VOID);
    rs_decl_facts(r, d)->sym = s;
    if (d->is_override) /* it takes the name of what it overrides */
        return;
    rs_global_declare(r, s);
    if (d->kind != D_ENUM)
        return;
    if (d->nmembers > 65535)
        diag_error(r->d, d->loc, "too many members in '%s'", d->name);
    for (uint32_t i = 0; i < d->nmembers; i++) {
        ast_sym *m = d->members[i];
        m->type = rs_enum_type(d);
        rs_global_declare(r, m);
    }
}

/* A table's fields: their types and index enums (its file is read by
 * the next pass, oc_load_tables, when they all resolved). */
void rs_table_fields(resolver *r, ast_decl *t)
{
    for (ast_field *f = t->fields; f; f = f->next) {
        for (ast_field *g = t->fields; g != f; g = g->next)
            if (strcmp(g->name, f->name) == 0) {
                diag_error(r->d, f->loc, "table '%s' has two fields '%s'", t->name, f->name);
                diag_note(r->d, g->loc, "the first is here");
            }
        rs_field_facts(r, f)->width = 1;
        if (f->index) {
            ast_sym *e = rs_global_find(r, f->index);
            if (!e || e->kind != SYM_ENUM || e->decl->is_table) {
                diag_error(r->d, f->index_loc, "'%s' is not an enum: a field's index is an "
                           "enum, one column a member", f->index);
                continue;
            }
            rs_use(r, e);
            rs_field_facts(r, f)->index_enum = e->decl;
            rs_field_facts(r, f)->width = e->decl->nmembers;
        }
        if (f->type->kind == TX_NAME) {
            ast_sym *e = rs_global_find(r, f->type->name);
            if (e && e->kind == SYM_ENUM && e->decl->is_table) {
                diag_error(r->d, f->type->loc, "a table's field cannot hold a table's rows");
                continue;
            }
        }
        if (!rs_type_expr(r, f->type, 0))
            continue;
        int k = rs_typeexpr_type(r, f->type)->kind;
        if (k != TY_INT && k != TY_BOOL && k != TY_ENUM)
            diag_error(r->d, f->type->loc, "a table's field must be an int, a range, bool or "
                       "an enum");
    }
}

/* `override const NAME = VALUE` (a layer's setting), first pass: checks
 * the name, then puts VALUE in place of the base constant's value. Later
 * layers come later in the list, so the top override stands; nothing is
 * folded yet, so that every constant (an override's value too) is folded
 * with every override in place (rs_override_values). */
void rs_override_const(resolver *r, ast_decl *o)
{
    ast_sym *s = rs_global_find(r, o->name);
    if (!s || s->kind != SYM_CONST || !s->decl) {
        if (s)
            diag_error(r->d, o->name_loc, "'%s' is %s: only a constant's value can be "
                       "overridden this way", o->name, rs_sym_kind_words(s->kind));
        else
            diag_error(r->d, o->name_loc, "override of an unknown constant '%s'", o->name);
        return;
    }
    ast_decl *base = s->decl;
    if (base->layer >= o->layer) {
        diag_error(r->d, o->name_loc, "'%s' is declared in this ruleset: an override "
                   "belongs in a ruleset that extends it", o->name);
        return;
    }
    for (ast_decl *x = r->f->decls; x != o; x = x->next)
        if (x->kind == D_CONST && x->is_override && x->layer == o->layer &&
            strcmp(x->name, o->name) == 0) {
            diag_error(r->d, o->name_loc, "'%s' is overridden twice in one ruleset", o->name);
            diag_note(r->d, x->name_loc, "the first override is here");
            return;
        }
    rs_decl_facts(r, o)->overridden = base;
    oc_decl_facts *b = rs_decl_facts(r, base);
    if (!b->base_value)
        b->base_value = base->value;
    base->value = o->value;
}

/* An overridden constant, every override in place: each override's value
 * (the top one's is the constant's now) must have the declared type. */
static void roverridden(resolver *r, ast_decl *base)
{
    int ok;
    ast_expr *declared = rs_decl_facts(r, base)->base_value;
    rs_const_expr(r, declared, 0, "the value of a constant", &ok);
    if (!ok)
        return;
    rs_const_decl(r, base);
    const ast_type *want = rs_type(r, declared);
    for (ast_decl *o = r->f->decls; o; o = o->next) {
        if (rs_decl_facts(r, o)->overridden != base)
            continue;
        if (o->value != base->value) /* a lower layer's: folded only here */
            rs_const_expr(r, o->value, 0, "the value of a constant", &ok);
        else
            ok = !rs_is_err(&rs_decl_sym(r, base)->type);
        if (!ok || ast_type_same(rs_type(r, o->value), want))
            continue;
        diag_error(r->d, o->value->loc, "'%s' is %s: its override cannot be %s", o->name,
                   rs_type_name(r, want), rs_type_name(r, rs_type(r, o->value)));
        diag_note(r->d, base->name_loc, "'%s' is declared here", o->name);
        if (o->value == base->value)
            /* already reported: no follow-on errors */
            rs_decl_sym(r, base)->type = rs_bare_type(TY_ERROR);
    }
}

/* Second pass over the overrides of constants: the overridden constants,
 * and the values of overrides that override nothing (for their errors). */
void rs_override_values(resolver *r)
{
    for (ast_decl *d = r->f->decls; d; d = d->next) {
        int ok;
        if (d->kind == D_CONST && rs_decl_facts(r, d)->base_value)
            roverridden(r, d);
        else if (d->kind == D_CONST && d->is_override && !rs_decl_facts(r, d)->overridden)
            rs_const_expr(r, d->value, 0, "the value of a constant", &ok);
    }
}

void rs_check_header(resolver *r)
{
    ast_file *f = r->f;
    ast_loc at = f->title_loc.line ? f->title_loc : (ast_loc){1, 1};
    if (!f->players_loc.line) {
        diag_error(r->d, at, "missing 'players' line (players N or players A..B)");
        f->min_players = f->max_players = 2;
    } else if (f->min_players < 1 || f->max_players > MAX_PLAYERS ||
               f->min_players > f->max_players) {
        diag_error(r->d, f->players_loc, "players must be a range within 1..%d", MAX_PLAYERS);
        f->min_players = f->max_players = 2;
    }
}

/* The event that stands for an action: its triggers (`on A before`) and
 * its trace lines. It shares the action's params. */
static ast_decl *action_event(resolver *r, ast_decl *a)
{
    ast_decl *ev = rs_new_decl(r, D_EVENT);
    ev->loc = a->loc;
    ev->name = a->name;
    ev->name_loc = a->name_loc;
    rs_decl_facts(r, ev)->sym = rs_decl_sym(r, a);
    ev->params = a->params;
    ev->param_types = a->param_types;
    ev->nparams = a->nparams;
    ev->order = a->order;
    ev->order_by = a->order_by;
    return ev;
}

/* A var the runtime keeps for the language (not a name in the ruleset). */
static ast_decl *hidden_var(resolver *r, const char *name, ast_loc at, int32_t lo, int32_t hi,
                            int32_t init)
{
    ast_decl *d = rs_new_decl(r, D_VAR);
    d->name = name;
    d->loc = at;
    ast_sym *s = rs_new_sym(r, name, SYM_VAR, at);
    rs_decl_facts(r, d)->sym = s;
    s->decl = d;
    s->type = rs_bare_type(TY_INT);
    s->type.ranged = 1;
    s->type.lo = lo;
    s->type.hi = hi;
    rs_decl_facts(r, d)->init_value = init;
    return d;
}

/* A hidden var's "revealed to" lists: a list of players per cell, with the
 * var's indexes (REVEAL adds to it; the runtime's views read it). */
static ast_decl *shown_var(resolver *r, const ast_decl *v)
{
    size_t n = strlen(v->name) + 8;
    char *name = arena_alloc(r->a, n);
    snprintf(name, n, "#shown %s", v->name);
    ast_decl *d = hidden_var(r, name, v->loc, 0, 0, 0);
    d->ndims = v->ndims;
    d->dims[0] = v->dims[0];
    d->dims[1] = v->dims[1];
    ast_type *t = &rs_decl_sym(r, d)->type;
    t->kind = TY_LIST;
    t->elem = TY_PLAYER;
    t->ranged = 0;
    t->cap = (uint32_t)r->f->max_players;
    return d;
}

static void add_var(resolver *r, ast_decl *d)
{
    oc_resolution *out = r->out;
    rs_decl_facts(r, d)->index = (int32_t)out->nvars;
    out->vars[out->nvars++] = d;
}

static const char *hidden_name(resolver *r, const char *what, const char *name)
{
    size_t n = strlen(what) + strlen(name) + 2;
    char *s = arena_alloc(r->a, n);
    snprintf(s, n, "%s %s", what, name);
    return s;
}

/* The vars, in the order the runtime needs: built-ins, the ruleset's
 * vars, "#turn" and the `once per turn` marks, the `once per chain`
 * lists (the argument tuples run in the current chain), then the per-action block
 * (saved and reset at each action's start, restored at its end):
 * "#acting", "#action", the `per action` vars, the `once per action`
 * marks. */
static void index_vars(resolver *r, uint32_t nuser)
{
    ast_file *f = r->f;
    oc_resolution *out = r->out;
    uint32_t nturn = 0, naction = 0, nact = 0, nchain = 0, nshown = 0;
    for (ast_decl *d = f->decls; d; d = d->next) {
        nshown += d->kind == D_VAR && d->secrecy;
        nchain += d->kind == D_PROC && d->limit == LIMIT_CHAIN;
        nturn += d->kind == D_PROC && d->limit == LIMIT_TURN;
        naction += d->kind == D_PROC && d->limit == LIMIT_ACTION;
        nact += d->kind == D_PROC && d->is_action;
    }
    uint32_t most = 3 + nuser + nshown + nturn + naction + nchain + 3;
    ast_decl **vars = ARENA_ARRAY(r->a, ast_decl *, most);
    out->shown_vars = ARENA_ARRAY(r->a, ast_decl *, most);
    out->limit_vars = ARENA_ARRAY(r->a, ast_decl *, out->nfns + 1);
    ast_decl **shown = ARENA_ARRAY(r->a, ast_decl *, nshown + 1); /* by secret var, in order */
    uint32_t nshown_made = 0;
    memcpy(vars, out->vars, 3 * sizeof *vars);
    out->vars = vars;
    out->nvars = 3;
    for (uint32_t i = 0; i < 3; i++)
        rs_decl_facts(r, out->vars[i])->index = (int32_t)i;
    for (ast_decl *d = f->decls; d; d = d->next)
        if (d->kind == D_VAR && !d->per_action)
            add_var(r, d);
    for (ast_decl *d = f->decls; d; d = d->next)
        if (d->kind == D_VAR && d->secrecy) {
            shown[nshown_made++] = shown_var(r, d);
            add_var(r, shown[nshown_made - 1]);
        }
    ast_loc none = {0, 0};
    if (nturn) {
        out->turn_var = hidden_var(r, "#turn", none, 0, INT32_MAX, 0);
        add_var(r, out->turn_var);
        for (ast_decl *d = f->decls; d; d = d->next)
            if (d->kind == D_PROC && d->limit == LIMIT_TURN) {
                ast_decl *once = hidden_var(r, hidden_name(r, "#once", d->name), d->loc, -1,
                                            INT32_MAX, -1);
                out->limit_vars[rs_decl_facts(r, d)->index] = once;
                add_var(r, once);
            }
    }
    /* outside the per-action block: a chain may run through actions */
    for (ast_decl *d = f->decls; d; d = d->next)
        if (d->kind == D_PROC && d->limit == LIMIT_CHAIN) {
            ast_decl *chain = hidden_var(r, hidden_name(r, "#chain", d->name), d->loc, 0, 0, 0);
            rs_decl_sym(r, chain)->type.kind = TY_LIST; /* filled in by rs_bounds */
            rs_decl_sym(r, chain)->type.elem = TY_INT;
            out->limit_vars[rs_decl_facts(r, d)->index] = chain;
            add_var(r, chain);
        }
    out->act_first = out->nvars;
    if (nact) {
        out->acting_var = hidden_var(r, "#acting", none, 0, INT16_MAX, 0);
        add_var(r, out->acting_var);
        out->action_var = hidden_var(r, "#action", none, 0, UINT16_MAX, 0);
        add_var(r, out->action_var);
    }
    for (ast_decl *d = f->decls; d; d = d->next)
        if (d->kind == D_VAR && d->per_action)
            add_var(r, d);
    for (ast_decl *d = f->decls; d; d = d->next)
        if (d->kind == D_PROC && d->limit == LIMIT_ACTION) {
            ast_decl *once = hidden_var(r, hidden_name(r, "#once in action", d->name),
                                        d->loc, 0, 1, 0);
            out->limit_vars[rs_decl_facts(r, d)->index] = once;
            add_var(r, once);
        }
    nshown_made = 0; /* every var has its index now: a `per action` one too */
    for (ast_decl *d = f->decls; d; d = d->next)
        if (d->kind == D_VAR && d->secrecy)
            out->shown_vars[rs_decl_facts(r, d)->index] = shown[nshown_made++];
}

/* The seat vars the bodies asked for (rs_start_var, rs_passed_var,
 * rs_rounds_var) go
 * before the per-action block, which must stay last: an action saves and
 * restores that block, and the start player is no part of an action. */
void rs_place_seat_vars(resolver *r)
{
    oc_resolution *out = r->out;
    ast_decl *add[3] = {out->start_var, out->passed_var, out->rounds_var};
    uint32_t n = (add[0] != NULL) + (add[1] != NULL) + (add[2] != NULL);
    if (!n)
        return;
    ast_decl **vars = ARENA_ARRAY(r->a, ast_decl *, out->nvars + n);
    memcpy(vars, out->vars, out->act_first * sizeof *vars);
    uint32_t k = out->act_first;
    for (int i = 0; i < 3; i++)
        if (add[i])
            vars[k++] = add[i];
    memcpy(vars + k, out->vars + out->act_first, (out->nvars - out->act_first) * sizeof *vars);
    ast_decl **shown = ARENA_ARRAY(r->a, ast_decl *, out->nvars + n);
    out->vars = vars;
    out->nvars += n;
    out->act_first += n;
    for (uint32_t i = 0; i < out->nvars; i++) {
        if (rs_decl_facts(r, vars[i])->index >= 0) /* the seat vars have none yet */
            shown[i] = out->shown_vars[rs_decl_facts(r, vars[i])->index];
        rs_decl_facts(r, vars[i])->index = (int32_t)i;
    }
    out->shown_vars = shown;
}

/* d, the next of its kind: its number, its place in its table. */
static void number_decl(resolver *r, ast_decl *d, ast_decl **table, uint32_t *n)
{
    rs_decl_facts(r, d)->index = (int32_t)*n;
    table[(*n)++] = d;
}

/* Puts each kind of declaration in its table, numbered in source order;
 * an action's event comes after the declared events. */
void rs_index_decls(resolver *r)
{
    ast_file *f = r->f;
    oc_resolution *out = r->out;
    uint32_t n[D_SUBSTITUTE + 1] = {0}, nact = 0;
    for (ast_decl *d = f->decls; d; d = d->next) {
        n[d->kind]++;
        nact += d->kind == D_PROC && d->is_action;
        if (d->order == ORDER_COMBINED) /* its triggers run as one batch */
            f->has_batches = 1;
    }
    out->enums = ARENA_ARRAY(r->a, ast_decl *, n[D_ENUM] + 1);
    out->events = ARENA_ARRAY(r->a, ast_decl *, n[D_EVENT] + nact + 1);
    out->fns = ARENA_ARRAY(r->a, ast_decl *, n[D_FN] + n[D_PROC] + 1);
    out->scenarios = ARENA_ARRAY(r->a, ast_decl *, n[D_SCENARIO] + 1);
    for (ast_decl *d = f->decls; d; d = d->next) {
        switch (d->kind) {
        case D_ENUM: number_decl(r, d, out->enums, &out->nenums); break;
        case D_EVENT: number_decl(r, d, out->events, &out->nevents); break;
        case D_FN:
        case D_PROC: number_decl(r, d, out->fns, &out->nfns); break;
        case D_SCENARIO: number_decl(r, d, out->scenarios, &out->nscenarios); break;
        default: break;
        }
    }
    out->action_events = ARENA_ARRAY(r->a, ast_decl *, out->nfns + 1);
    out->can_exprs = ARENA_ARRAY(r->a, ast_expr *, out->nfns + 1);
    out->bounds = ARENA_ARRAY(r->a, oc_bound, out->nfns + 1);
    out->overrides = ARENA_ARRAY(r->a, oc_overrides, out->nfns + 1);
    out->trigger_events = ARENA_ARRAY(r->a, ast_decl *, out->nfns + 1);
    out->event_actions = ARENA_ARRAY(r->a, ast_decl *, out->nevents + nact + 1);
    for (ast_decl *d = f->decls; d; d = d->next)
        if (d->kind == D_PROC && d->is_action) {
            ast_decl *ev = action_event(r, d);
            number_decl(r, ev, out->events, &out->nevents);
            out->action_events[rs_decl_facts(r, d)->index] = ev;
            out->event_actions[rs_decl_facts(r, ev)->index] = d;
        }
    out->triggers = ARENA_ARRAY(r->a, oc_triggers, out->nevents + 1);
    index_vars(r, n[D_VAR]); /* after the fns' indexes, by which limit_vars goes */
}

/* A trigger takes its event's parameters, by the event's names, so its
 * guard and body read them as `p`, `space`... Its event's trigger list is
 * built here, in source order (the order `printed` resolution uses). */
static void rtrigger_signature(resolver *r, ast_decl *d)
{
    ast_sym *e = rs_global_find(r, d->event_name);
    if (!e) {
        diag_error(r->d, d->event_loc, "unknown event '%s'", d->event_name);
        return;
    }
    rs_use(r, e);
    int is_action = e->kind == SYM_PROC && e->decl->is_action;
    if (e->kind != SYM_EVENT && !is_action) {
        diag_error(r->d, d->event_loc, "'%s' is %s, not an event or an action", d->event_name,
                   rs_sym_kind_words(e->kind));
        return;
    }
    ast_decl *ev = is_action ? r->out->action_events[rs_decl_facts(r, e->decl)->index] : e->decl;
    r->out->trigger_events[rs_decl_facts(r, d)->index] = ev;
    d->nparams = ev->nparams;
    d->params = ARENA_ARRAY(r->a, ast_sym *, ev->nparams + 1);
    d->param_types = ev->param_types;
    for (uint32_t i = 0; i < ev->nparams; i++) {
        ast_sym *p = rs_new_sym(r, ev->params[i]->name, SYM_LOCAL, ev->params[i]->loc);
        p->local_kind = LOCAL_PARAM;
        p->type = ev->params[i]->type;
        p->slot = (int32_t)i;
        p->decl = d;
        d->params[i] = p;
    }
    oc_triggers *ts = &r->out->triggers[rs_decl_facts(r, ev)->index];
    ast_decl **t = ARENA_ARRAY(r->a, ast_decl *, ts->n + 1);
    if (ts->n)
        memcpy(t, ts->list, ts->n * sizeof *t);
    t[ts->n++] = d;
    ts->list = t;
}

/* `order chosen by P`: P may read the event's params (`chosen by p`). */
static void revent_chooser(resolver *r, ast_decl *d)
{
    rs_unit_begin(r, 0);
    rs_open_params(r, d);
    rs_expr_noroll(r, d->order_by, TY_PLAYER, "the player who orders the triggers",
              "in 'order chosen by'");
    rs_decl_facts(r, d)->nlocals = rs_unit_end(r);
}

/* An action's first parameter is the player who takes it: its windows,
 * its trace line and `in action` are about that player. */
static void raction_signature(resolver *r, ast_decl *d)
{
    if (d->nparams < 1 || d->params[0]->type.kind != TY_PLAYER)
        diag_error(r->d, d->name_loc,
                   "action '%s' must take the player who takes it as its first parameter "
                   "(as in '%s(p: player, ...)')",
                   d->name, d->name);
    ast_decl *ev = r->out->action_events[rs_decl_facts(r, d)->index];
    if (ev && ev->order_by)
        revent_chooser(r, ev);
}

/* `override fn|proc NAME(...)` replaces NAME where its `when` holds: the
 * same kind of thing, the same parameter types (names may differ), the same
 * result. Overrides of one base are tried latest first (ODIN-P1: the card
 * over the rule, a later clarification over both). */
static void roverride_signature(resolver *r, ast_decl *d)
{
    ast_sym *b = rs_global_find(r, d->name);
    const char *kind = d->kind == D_FN ? "fn" : "proc";
    if (!b) {
        diag_error(r->d, d->name_loc, "override of '%s', which is not defined", d->name);
        return;
    }
    ast_decl *base = b->decl;
    if ((b->kind != SYM_FN && b->kind != SYM_PROC) || (b->kind == SYM_FN) != (d->kind == D_FN) ||
        base->timing || base->anytime || base->is_action) {
        diag_error(r->d, d->name_loc, "'override %s %s' names %s, not a %s", kind, d->name,
                   b->kind == SYM_PROC && base->is_action ? "an action"
                   : b->kind == SYM_PROC && (base->timing || base->anytime) ? "a trigger or anytime action"
                   : b->kind == SYM_PROC ? "a proc" : rs_sym_kind_words(b->kind),
                   kind);
        return;
    }
    rs_use(r, b);
    int same = d->nparams == base->nparams;
    for (uint32_t i = 0; same && i < d->nparams; i++)
        same = ast_type_same(&d->params[i]->type, &base->params[i]->type);
    if (same && d->kind == D_FN)
        same = ast_type_same(&rs_decl_sym(r, d)->type, &rs_decl_sym(r, base)->type);
    if (!same) {
        diag_error(r->d, d->name_loc, "override of '%s' does not match its parameters%s", d->name,
                   d->kind == D_FN ? " and result" : "");
        diag_note(r->d, base->name_loc, "'%s' is defined here", d->name);
        return;
    }
    /* a later layer may override again (it is tried first); one ruleset
     * may not say two different things without a condition */
    oc_overrides *on = &r->out->overrides[rs_decl_facts(r, base)->index];
    for (uint32_t i = 0; i < on->noverriders; i++)
        if (!d->guard && !on->overriders[i]->guard && on->overriders[i]->layer == d->layer) {
            diag_error(r->d, d->name_loc, "'%s' is overridden twice without a condition", d->name);
            diag_note(r->d, on->overriders[i]->name_loc, "the first override is here");
            return;
        }
    r->out->overrides[rs_decl_facts(r, d)->index].base = base;
    ast_decl **o = ARENA_ARRAY(r->a, ast_decl *, on->noverriders + 1);
    if (on->noverriders)
        memcpy(o, on->overriders, on->noverriders * sizeof *o);
    o[on->noverriders++] = d;
    on->overriders = o;
}

/* An anytime action is offered to the player a window is for: it takes
 * exactly that player. */
static void ranytime_signature(resolver *r, ast_decl *d)
{
    if (d->nparams != 1 || d->params[0]->type.kind != TY_PLAYER)
        diag_error(r->d, d->name_loc,
                   "anytime action '%s' must take exactly one parameter, the player "
                   "(as in '%s(p: player)')",
                   d->name, d->name);
}

void rs_signatures(resolver *r)
{
    for (ast_decl *d = r->f->decls; d; d = d->next) {
        switch (d->kind) {
        case D_CONST:
            if (!d->is_override) /* folded by rs_override_values */
                rs_const_decl(r, d);
            break;
        case D_VAR: rvar(r, d); break;
        case D_EVENT:
        case D_PROC: rparams(r, d); break;
        case D_FN:
            rparams(r, d);
            rs_decl_sym(r, d)->type =
                rs_type_expr(r, d->type, 0) ? *rs_typeexpr_type(r, d->type) : rs_bare_type(TY_ERROR);
            break;
        default: break;
        }
    }
    for (ast_decl *d = r->f->decls; d; d = d->next)
        if (d->kind == D_SUBSTITUTE)
            rs_substitute(r, d);
    /* after every event's params are typed */
    for (ast_decl *d = r->f->decls; d; d = d->next) {
        if (d->is_override && d->kind != D_CONST)
            roverride_signature(r, d);
        else if (d->kind == D_PROC && d->is_action)
            raction_signature(r, d);
        else if (d->kind == D_PROC && d->timing)
            rtrigger_signature(r, d);
        else if (d->kind == D_PROC && d->anytime)
            ranytime_signature(r, d);
        else if (d->kind == D_EVENT && d->order_by)
            revent_chooser(r, d);
    }
}

/* resolve_expr.c — expressions: every name bound to its symbol, every
 * expression typed, constants folded as they are met (so a constant's
 * value is known where a range or a capacity needs it), texts with their
 * {name}s. An error is reported once and typed TY_ERROR, so it does not
 * cascade. */
#include "resolve_int.h"

/* ----------------------------------------------------------- expressions */

static void rx_literal(resolver *r, ast_expr *e)
{
    switch (e->kind) {
    case E_INT:
        rs_set_type(r, e, rs_bare_type(TY_INT));
        if (e->ival > INT32_MAX || e->ival < INT32_MIN) {
            diag_error(r->d, e->loc, "integer constant %lld is too large", (long long)e->ival);
            rs_set_type(r, e, rs_bare_type(TY_ERROR));
            return;
        }
        rs_set_const(r, e, e->ival);
        return;
    case E_BOOL:
        rs_set_type(r, e, rs_bare_type(TY_BOOL));
        rs_set_const(r, e, e->ival);
        return;
    case E_NONE:
        rs_set_type(r, e, rs_bare_type(TY_PLAYER));
        rs_set_const(r, e, -1);
        return;
    default: /* E_PLAYER */
        rs_set_type(r, e, rs_bare_type(TY_PLAYER));
        if (e->ival < 1 || (r->f->max_players > 0 && e->ival > r->f->max_players)) {
            diag_error(r->d, e->loc, "player %lld does not exist (players 1..%d)",
                       (long long)e->ival, (int)r->f->max_players);
            rs_set_type(r, e, rs_bare_type(TY_ERROR));
            return;
        }
        rs_set_const(r, e, e->ival - 1);
        return;
    }
}

const char *rs_sym_kind_words(int kind)
{
    switch (kind) {
    case SYM_ENUM: return "an enum type";
    case SYM_EVENT: return "an event";
    case SYM_FN: return "a fn";
    case SYM_PROC: return "a proc";
    case SYM_BUILTIN: return "a built-in function";
    case SYM_VAR: return "a var";
    case SYM_CONST: return "a const";
    case SYM_MEMBER: return "an enum member";
    case SYM_LOCAL: return "a local";
    default: return "a name";
    }
}

/* `P can see CELL`: a bool; a cell of a var that is not hidden is seen by
 * every player. */
static void rx_sees(resolver *r, ast_expr *e)
{
    rs_expr_want(r, e->a, TY_PLAYER, "the player who would see");
    rs_expr(r, e->b);
    rs_set_type(r, e, rs_bare_type(TY_BOOL));
    if (rs_is_err(rs_type(r, e->b)))
        return;
    const ast_expr *b = e->b;
    int cell = (b->kind == E_NAME && rs_sym(r, b) && rs_sym(r, b)->kind == SYM_VAR) ||
               (b->kind == E_INDEX && oc_ix(r->out, b) == IX_VAR);
    if (!cell)
        diag_error(r->d, e->b->loc, "'can see' needs a cell of a var, as in "
                                    "'p can see hand[q, wood]'");
}

static void rx_name(resolver *r, ast_expr *e)
{
    ast_sym *s = rs_lookup(r, e->name);
    rs_set_type(r, e, rs_bare_type(TY_ERROR));
    if (!s && (r->in_policy || r->in_display) && strcmp(e->name, "me") == 0) {
        /* the deciding seat: the one a policy decides for, or a display is
         * shown to (none when no decision is pending) */
        e->kind = E_ME;
        rs_set_type(r, e, rs_bare_type(TY_PLAYER));
        return;
    }
    if (!s) {
        rs_unknown_name(r, e->loc, e->name, "");
        return;
    }
    rs_set_sym(r, e, s);
    rs_use(r, s);
    switch (s->kind) {
    case SYM_VAR:
        if (s->decl->ndims) {
            diag_error(r->d, e->loc, "'%s' needs %u index%s", e->name, s->decl->ndims,
                       s->decl->ndims == 1 ? "" : "es");
            return;
        }
        rs_set_type(r, e, s->type);
        return;
    case SYM_CONST:
        if (s->decl)
            rs_const_decl(r, s->decl);
        rs_set_type(r, e, s->type);
        if (!rs_is_err(&s->type))
            rs_set_const(r, e, s->value);
        return;
    case SYM_MEMBER:
        rs_set_type(r, e, rs_enum_type(s->decl));
        rs_set_const(r, e, s->value);
        return;
    case SYM_LOCAL:
        rs_set_type(r, e, s->type);
        rs_type(r, e)->ranged = 0;
        return;
    default:
        diag_error(r->d, e->loc, "'%s' is %s, not a value", e->name, rs_sym_kind_words(s->kind));
        return;
    }
}

/* Index arguments of a var with dims; `v` is its symbol. */
static void rx_var_index(resolver *r, ast_expr *e, ast_sym *v)
{
    ast_decl *d = v->decl;
    rs_facts(r, e)->ix = IX_VAR;
    rs_set_type(r, e, v->type);
    if (e->nargs != d->ndims) {
        if (d->ndims == 0)
            diag_error(r->d, e->loc, "'%s' has no indexes", v->name);
        else
            diag_error(r->d, e->loc, "'%s' takes %u index%s, not %u", v->name, d->ndims,
                       d->ndims == 1 ? "" : "es", e->nargs);
        rs_set_type(r, e, rs_bare_type(TY_ERROR));
    }
    for (uint32_t i = 0; i < e->nargs; i++) {
        ast_expr *x = e->args[i];
        rs_expr(r, x);
        if (i >= d->ndims || rs_type(r, e)->kind == TY_ERROR)
            continue;
        const ast_dim *dm = &d->dims[i];
        const oc_dim_facts *df = oc_dim_facts_of(r->out, dm);
        ast_type want = dm->kind == DIM_PLAYER ? rs_bare_type(TY_PLAYER)
                        : dm->kind == DIM_ENUM ? rs_enum_type(df->enm) : rs_bare_type(TY_INT);
        if (dm->kind == DIM_ENUM && !df->enm)
            continue;
        if (!rs_want_typef(r, x, &want, "index %u of '%s'", i + 1, v->name))
            continue;
        if (!oc_is_const(r->out, x))
            continue;
        int32_t k = oc_cval(r->out, x);
        if (dm->kind == DIM_RANGE && (k < df->lo || k > df->hi))
            diag_error(r->d, x->loc, "index %d of '%s' is outside %d..%d", (int)k, v->name,
                       (int)df->lo, (int)df->hi);
        /* no player, or a data table's no row */
        if (dm->kind != DIM_RANGE && k < 0)
            diag_error(r->d, x->loc, "'none' cannot index '%s'", v->name);
    }
}

/* `row.field`: the row must be of a data table that has the field. An
 * array field is read only through an index (`array` set by rx_index). */
static void rx_field(resolver *r, ast_expr *e, int array)
{
    rs_set_type(r, e, rs_bare_type(TY_ERROR));
    rs_expr(r, e->a);
    const ast_type *t = rs_type(r, e->a);
    if (rs_is_err(t))
        return;
    if (t->kind != TY_ENUM || !t->enm->is_table) {
        diag_error(r->d, e->loc, "%s has no fields ('.%s' reads a field of a table's row)",
                   e->a->kind == E_NONE ? "'none'" : rs_type_name(r, t), e->name);
        return;
    }
    ast_field *f = t->enm->fields;
    while (f && strcmp(f->name, e->name) != 0)
        f = f->next;
    if (!f) {
        diag_error(r->d, e->loc, "table '%s' has no field '%s'", t->enm->name, e->name);
        return;
    }
    rs_facts(r, e)->field = f;
    const ast_decl *index_enum = oc_field_facts_of(r->out, f)->index_enum;
    if (index_enum && !array) {
        diag_error(r->d, e->loc, "the field '%s' of '%s' has one value a member of '%s': "
                   "write %s[...]", f->name, t->enm->name, index_enum->name, f->name);
        return;
    }
    if (!index_enum && array) {
        diag_error(r->d, e->loc, "the field '%s' of '%s' takes no index", f->name, t->enm->name);
        return;
    }
    rs_set_type(r, e, *rs_typeexpr_type(r, f->type));
    rs_type(r, e)->ranged = 0;
    if (!array && oc_is_const(r->out, e->a) && f->values && oc_cval(r->out, e->a) >= 0 &&
        (uint32_t)oc_cval(r->out, e->a) < t->enm->nmembers)
        rs_set_const(r, e, f->values[oc_cval(r->out, e->a)]);
}

/* `row.field[m]` of an array field. */
static void rx_field_index(resolver *r, ast_expr *e)
{
    ast_expr *b = e->base;
    rs_facts(r, e)->ix = IX_FIELD;
    rx_field(r, b, 1);
    rs_set_type(r, e, *rs_type(r, b));
    for (uint32_t i = 0; i < e->nargs; i++)
        rs_expr(r, e->args[i]);
    if (rs_is_err(rs_type(r, b)))
        return;
    ast_field *f = oc_field(r->out, b);
    if (e->nargs != 1) {
        diag_error(r->d, e->loc, "the field '%s' takes one index, not %u", f->name, e->nargs);
        rs_set_type(r, e, rs_bare_type(TY_ERROR));
        return;
    }
    ast_type want = rs_enum_type(oc_field_facts_of(r->out, f)->index_enum);
    if (!rs_want_type(r, e->args[0], &want, "the field's index")) {
        rs_set_type(r, e, rs_bare_type(TY_ERROR));
        return;
    }
    uint32_t n = rs_type(r, b->a)->enm->nmembers;
    if (!oc_is_const(r->out, b->a) || !oc_is_const(r->out, e->args[0]) || !f->values)
        return;
    int32_t row = oc_cval(r->out, b->a), m = oc_cval(r->out, e->args[0]);
    if (row >= 0 && (uint32_t)row < n)
        rs_set_const(r, e, f->values[(size_t)m * n + (uint32_t)row]);
}

static void rx_index(resolver *r, ast_expr *e)
{
    ast_expr *b = e->base;
    if (b->kind == E_FIELD) {
        rx_field_index(r, e);
        return;
    }
    if (b->kind == E_NAME) {
        ast_sym *s = rs_lookup(r, b->name);
        if (s && s->kind == SYM_VAR && s->decl->ndims > 0) {
            rs_set_sym(r, b, s);
            rs_set_type(r, b, s->type);
            rs_use(r, s);
            rx_var_index(r, e, s);
            return;
        }
    }
    rs_expr(r, b);
    rs_facts(r, e)->ix = IX_LIST;
    rs_set_type(r, e, rs_bare_type(TY_ERROR));
    for (uint32_t i = 0; i < e->nargs; i++)
        rs_expr(r, e->args[i]);
    if (rs_is_err(rs_type(r, b)))
        return;
    if (rs_type(r, b)->kind != TY_LIST) {
        diag_error(r->d, e->loc, "%s cannot be indexed", rs_type_name(r, rs_type(r, b)));
        return;
    }
    if (e->nargs != 1) {
        diag_error(r->d, e->loc, "a list takes one index (a position), not %u", e->nargs);
        return;
    }
    if (!rs_want_kind(r, e->args[0], TY_INT, "a list position"))
        return;
    /* a position known now that no list of this capacity has (issue 29,
     * 5: found before any game reaches it) */
    uint32_t cap = rs_type(r, b)->cap;
    if (oc_is_const(r->out, e->args[0]) &&
        (oc_cval(r->out, e->args[0]) < 1 || (cap && oc_cval(r->out, e->args[0]) > (int64_t)cap)))
        diag_error(r->d, e->args[0]->loc, "position %ld is outside 1..%lu, the positions a list "
                   "of %lu holds", (long)oc_cval(r->out, e->args[0]), (unsigned long)cap,
                   (unsigned long)cap);
    rs_set_type(r, e, rs_bare_type(rs_type(r, b)->elem));
    rs_type(r, e)->enm = rs_type(r, b)->enm;
}

void rs_check_args(resolver *r, ast_loc at, const char *name, ast_decl *d,
                       ast_expr **args, uint32_t nargs)
{
    if (nargs != d->nparams) {
        diag_error(r->d, at, "'%s' takes %u argument%s, not %u", name, d->nparams,
                   d->nparams == 1 ? "" : "s", nargs);
        return;
    }
    for (uint32_t i = 0; i < nargs; i++)
        rs_want_typef(r, args[i], &d->params[i]->type, "argument %u of '%s'", i + 1, name);
}

static void rx_builtin(resolver *r, ast_expr *e, int bi)
{
    rs_facts(r, e)->builtin = (uint8_t)bi;
    rs_set_type(r, e, rs_bare_type(TY_ERROR));
    uint32_t want = bi == BI_MIN || bi == BI_MAX ? 2 : 1;
    if (e->nargs != want) {
        diag_error(r->d, e->loc, "'%s' takes %u argument%s, not %u", e->name, want,
                   want == 1 ? "" : "s", e->nargs);
        return;
    }
    ast_expr *x = e->args[0];
    if (bi == BI_LEN || bi == BI_FIRST || bi == BI_LAST) {
        if (rs_is_err(rs_type(r, x)))
            return;
        if (rs_type(r, x)->kind != TY_LIST && !(rs_type(r, x)->kind == TY_SET && bi == BI_LEN)) {
            diag_error(r->d, x->loc, "argument of '%s' must be a list%s, not %s", e->name,
                       bi == BI_LEN ? " or a set" : "", rs_type_name(r, rs_type(r, x)));
            return;
        }
        rs_set_type(r, e, bi == BI_LEN ? rs_bare_type(TY_INT) : rs_bare_type(rs_type(r, x)->elem));
        if (bi != BI_LEN)
            rs_type(r, e)->enm = rs_type(r, x)->enm;
        return;
    }
    ast_type int_type = rs_bare_type(TY_INT);
    int ok = rs_want_typef(r, x, &int_type, "argument of '%s'", e->name);
    if (want == 2)
        ok &= rs_want_typef(r, e->args[1], &int_type, "argument of '%s'", e->name);
    if (!ok)
        return;
    rs_set_type(r, e, rs_bare_type(TY_INT));
    if (oc_is_const(r->out, x) && (want == 1 || oc_is_const(r->out, e->args[1]))) {
        int64_t a = oc_cval(r->out, x), b = want == 2 ? oc_cval(r->out, e->args[1]) : 0;
        int64_t v = bi == BI_ABS ? (a < 0 ? -a : a) : bi == BI_MIN ? (a < b ? a : b) : (a > b ? a : b);
        int fine = 1;
        v = rs_clamp_fold(r, e, v, &fine);
        if (fine)
            rs_set_const(r, e, v);
        else
            rs_set_type(r, e, rs_bare_type(TY_ERROR)); /* reported: nothing more about it */
    }
}

/* in_game(p) reads the built-in var: it becomes in_game[p]. */
static void rx_in_game(resolver *r, ast_expr *e, ast_sym *s)
{
    ast_expr *base = rs_new_expr(r);
    base->kind = E_NAME;
    base->loc = e->loc;
    base->name = s->name;
    rs_set_sym(r, base, s);
    rs_set_type(r, base, s->type);
    e->kind = E_INDEX;
    e->base = base;
    rs_set_sym(r, e, NULL);
    rx_var_index(r, e, s);
}

/* `start player` reads (and is assigned as) the hidden var. */
static void rx_start(resolver *r, ast_expr *e)
{
    ast_decl *d = rs_start_var(r);
    e->kind = E_NAME;
    e->name = d->name;
    rs_set_sym(r, e, rs_decl_sym(r, d));
    rs_set_type(r, e, rs_decl_sym(r, d)->type);
}

/* passed(p), its argument checked: an E_INDEX of the hidden var passed. */
static void passed_index(resolver *r, ast_expr *e)
{
    ast_sym *v = rs_decl_facts(r, rs_passed_var(r))->sym;
    ast_expr *base = rs_new_expr(r);
    base->kind = E_NAME;
    base->loc = e->loc;
    base->name = v->name;
    rs_set_sym(r, base, v);
    rs_set_type(r, base, v->type);
    e->kind = E_INDEX;
    rs_facts(r, e)->ix = IX_VAR;
    e->base = base;
    rs_set_sym(r, e, NULL);
    rs_set_type(r, e, v->type);
}

/* The player argument k of a seat built-in, checked: a player, not none. */
static int seat_arg(resolver *r, ast_expr *e, uint32_t k)
{
    char what[48];
    if (e->nargs == 1)
        snprintf(what, sizeof what, "the argument of '%s'", e->name);
    else
        snprintf(what, sizeof what, "argument %u of '%s'", k + 1, e->name);
    if (!rs_want_kind(r, e->args[k], TY_PLAYER, what))
        return 0;
    if (oc_is_const(r->out, e->args[k]) && oc_cval(r->out, e->args[k]) < 0) {
        diag_error(r->d, e->args[k]->loc, "%s is none, not a player", what);
        return 0;
    }
    return 1;
}

/* seat(q [, p [, counterclockwise]]): the third argument names the way
 * round, `clockwise` (the default) or `counterclockwise`. */
static int seat_direction(resolver *r, ast_expr *e)
{
    ast_expr *d = e->args[2];
    if (d->kind == E_NAME && !rs_lookup(r, d->name) &&
        (strcmp(d->name, "clockwise") == 0 || strcmp(d->name, "counterclockwise") == 0)) {
        rs_set_type(r, d, rs_bare_type(TY_INT));
        rs_facts(r, d)->is_const = 1;
        rs_facts(r, d)->cval = d->name[0] == 'c' && d->name[1] == 'o'; /* 1: counterclockwise */
        return 1;
    }
    diag_error(r->d, d->loc, "the third argument of 'seat' is 'clockwise' or 'counterclockwise'");
    return 0;
}

/* seat(q [, p [, WAY]]), passed(p), left(p) and right(p) are no
 * keywords: they are these built-ins only when the ruleset declares no
 * name of its own spelled so. seat(q) is read with SEAT; seat(q, p) is
 * arithmetic on the two; passed(p) is the hidden var passed[p]; left and
 * right walk round the table to the next player in the game. */
static int rx_seat_call(resolver *r, ast_expr *e)
{
    int seat = strcmp(e->name, "seat") == 0, passed = strcmp(e->name, "passed") == 0;
    int left = strcmp(e->name, "left") == 0, right = strcmp(e->name, "right") == 0;
    if (!seat && !passed && !left && !right)
        return 0;
    uint32_t most = seat ? 3 : 1;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!(seat && i == 2))
            rs_expr(r, e->args[i]);
    rs_set_type(r, e, rs_bare_type(TY_ERROR));
    if (e->nargs < 1 || e->nargs > most) {
        diag_error(r->d, e->loc, "'%s' takes %s, not %u", e->name,
                   seat ? "1 to 3 arguments" : "1 argument", e->nargs);
        return 1;
    }
    for (uint32_t k = 0; k < e->nargs && k < 2; k++)
        if (!seat_arg(r, e, k))
            return 1;
    if (e->nargs == 3 && !seat_direction(r, e))
        return 1;
    if (passed) {
        passed_index(r, e);
        return 1;
    }
    if (left || right) {
        rs_facts(r, e)->builtin = left ? BI_LEFT : BI_RIGHT;
        rs_set_type(r, e, rs_bare_type(TY_PLAYER));
        return 1;
    }
    if (e->nargs == 1)
        rs_start_var(r);
    rs_facts(r, e)->builtin = BI_SEAT;
    rs_set_type(r, e, rs_bare_type(TY_INT));
    return 1;
}

/* revisable(): no keyword, a built-in only where no name is spelled so */
static int rx_revisable_call(resolver *r, ast_expr *e)
{
    if (strcmp(e->name, "revisable") != 0)
        return 0;
    rs_set_type(r, e, rs_bare_type(TY_ERROR));
    if (e->nargs) {
        diag_error(r->d, e->loc, "'revisable' takes no argument");
        return 1;
    }
    rs_facts(r, e)->builtin = BI_REVISABLE;
    rs_set_type(r, e, rs_bare_type(TY_BOOL));
    if (!r->has_revisable_call) {
        r->has_revisable_call = 1;
        r->revisable_call_loc = e->loc;
    }
    return 1;
}

static void rx_call(resolver *r, ast_expr *e)
{
    ast_sym *s = rs_lookup(r, e->name);
    rs_set_type(r, e, rs_bare_type(TY_ERROR));
    if (!s && (rx_seat_call(r, e) || rx_revisable_call(r, e)))
        return;
    if (!s) {
        for (uint32_t i = 0; i < e->nargs; i++)
            rs_expr(r, e->args[i]);
        rs_unknown_name(r, e->loc, e->name, "");
        return;
    }
    rs_use(r, s);
    if (s == r->out->sym_in_game) {
        rx_in_game(r, e, s);
        return;
    }
    for (uint32_t i = 0; i < e->nargs; i++)
        rs_expr(r, e->args[i]);
    rs_set_sym(r, e, s);
    if (s->kind == SYM_BUILTIN) {
        rx_builtin(r, e, s->builtin);
        return;
    }
    if (s->kind == SYM_FN) {
        rs_check_args(r, e->loc, e->name, s->decl, e->args, e->nargs);
        rs_set_type(r, e, s->type);
        rs_type(r, e)->ranged = 0;
        return;
    }
    if (s->kind == SYM_PROC && s->decl->is_action)
        diag_error(r->d, e->loc, "'%s' is an action: take it with 'do %s(...)', or ask 'can %s(...)'",
                   e->name, e->name, e->name);
    else if (s->kind == SYM_PROC)
        diag_error(r->d, e->loc, "'%s' is a proc: it can only be called as a statement", e->name);
    else if (s->kind == SYM_EVENT)
        diag_error(r->d, e->loc, "'%s' is an event: use 'emit %s(...)'", e->name, e->name);
    else
        diag_error(r->d, e->loc, "'%s' is not a function", e->name);
}

static void rx_unary(resolver *r, ast_expr *e)
{
    ast_expr *a = e->a;
    rs_expr(r, a);
    rs_set_type(r, e, rs_bare_type(TY_ERROR));
    if (rs_is_err(rs_type(r, a)))
        return;
    int want = e->op == OP_NEG ? TY_INT : TY_BOOL;
    if (rs_type(r, a)->kind != want) {
        diag_error(r->d, e->loc, "'%s' needs %s, not %s", ast_op_text(e->op),
                   want == TY_INT ? "an int" : "a bool", rs_type_name(r, rs_type(r, a)));
        return;
    }
    rs_set_type(r, e, rs_bare_type(want));
    if (oc_is_const(r->out, a)) {
        int ok = 1;
        int64_t v = e->op == OP_NEG ? -(int64_t)oc_cval(r->out, a) : !oc_cval(r->out, a);
        v = rs_clamp_fold(r, e, v, &ok);
        if (ok)
            rs_set_const(r, e, v);
        else
            rs_set_type(r, e, rs_bare_type(TY_ERROR)); /* reported: nothing more about it */
    }
}

static int fold_binary(resolver *r, ast_expr *e, int64_t x, int64_t y, int64_t *out)
{
    switch (e->op) {
    case OP_ADD: *out = x + y; break;
    case OP_SUB: *out = x - y; break;
    case OP_MUL: *out = x * y; break;
    case OP_DIV:
    case OP_MOD:
        if (y == 0) {
            diag_error(r->d, e->op_loc, "division by zero");
            return 0;
        }
        *out = e->op == OP_DIV ? x / y : x % y;
        break;
    case OP_EQ: *out = x == y; break;
    case OP_NE: *out = x != y; break;
    case OP_LT: *out = x < y; break;
    case OP_LE: *out = x <= y; break;
    case OP_GT: *out = x > y; break;
    case OP_GE: *out = x >= y; break;
    case OP_AND: *out = x && y; break;
    default: *out = x || y; break;
    }
    int ok = 1;
    *out = rs_clamp_fold(r, e, *out, &ok);
    return ok;
}

/* The operand and result types of a binary operator; 0 when they do not fit
 * (reported). */
static int type_binary(resolver *r, ast_expr *e)
{
    const ast_type *ta = rs_type(r, e->a), *tb = rs_type(r, e->b);
    const char *op = ast_op_text(e->op);
    if (e->op <= OP_MOD || (e->op >= OP_LT && e->op <= OP_GE)) {
        if (ta->kind != TY_INT || tb->kind != TY_INT) {
            diag_error(r->d, e->op_loc, "'%s' needs int operands, not %s and %s", op,
                       rs_type_name(r, ta), rs_type_name(r, tb));
            return 0;
        }
        rs_set_type(r, e, rs_bare_type(e->op <= OP_MOD ? TY_INT : TY_BOOL));
        return 1;
    }
    if (e->op == OP_AND || e->op == OP_OR) {
        if (ta->kind != TY_BOOL || tb->kind != TY_BOOL) {
            diag_error(r->d, e->op_loc, "'%s' needs bool operands, not %s and %s", op,
                       rs_type_name(r, ta), rs_type_name(r, tb));
            return 0;
        }
        rs_set_type(r, e, rs_bare_type(TY_BOOL));
        return 1;
    }
    if (!rs_none_fits(r, e->a, tb))
        rs_none_fits(r, e->b, ta);
    if (!ast_type_same(ta, tb) || ta->kind == TY_LIST || ta->kind == TY_SET) {
        diag_error(r->d, e->op_loc, "cannot compare %s with %s", rs_type_name(r, ta),
                   rs_type_name(r, tb));
        return 0;
    }
    rs_set_type(r, e, rs_bare_type(TY_BOOL));
    return 1;
}

static void rx_binary(resolver *r, ast_expr *e)
{
    if (e->b->kind == E_LIST) { /* `l == [...]`, a scenario's: its parts here */
        rs_expr(r, e->a);
        for (uint32_t k = 0; k < e->b->nargs; k++)
            rs_expr(r, e->b->args[k]);
        rs_list_compare(r, e);
        return;
    }
    rs_expr(r, e->a);
    rs_expr(r, e->b);
    rs_set_type(r, e, rs_bare_type(TY_ERROR));
    if (rs_is_err(rs_type(r, e->a)) || rs_is_err(rs_type(r, e->b)) || !type_binary(r, e))
        return;
    int64_t v;
    if (oc_is_const(r->out, e->a) && oc_is_const(r->out, e->b)) {
        if (!fold_binary(r, e, oc_cval(r->out, e->a), oc_cval(r->out, e->b), &v)) {
            rs_set_type(r, e, rs_bare_type(TY_ERROR)); /* reported: nothing more about it */
            return;
        }
        rs_set_const(r, e, v);
    }
    /* short-circuit constants: `false and x`, `true or x` */
    if (e->op == OP_AND && oc_is_const(r->out, e->a) && !oc_cval(r->out, e->a))
        rs_set_const(r, e, 0);
    if (e->op == OP_OR && oc_is_const(r->out, e->a) && oc_cval(r->out, e->a))
        rs_set_const(r, e, 1);
}

static void rx_if(resolver *r, ast_expr *e)
{
    rs_expr(r, e->a);
    rs_expr(r, e->b);
    rs_expr(r, e->c);
    rs_set_type(r, e, rs_bare_type(TY_ERROR));
    if (!rs_is_err(rs_type(r, e->a)))
        rs_want_kind(r, e->a, TY_BOOL, "condition");
    if (rs_is_err(rs_type(r, e->b)) || rs_is_err(rs_type(r, e->c)))
        return;
    if (!rs_none_fits(r, e->b, rs_type(r, e->c)))
        rs_none_fits(r, e->c, rs_type(r, e->b));
    if (!ast_type_same(rs_type(r, e->b), rs_type(r, e->c)) || rs_type(r, e->b)->kind == TY_LIST ||
        rs_type(r, e->b)->kind == TY_SET) {
        diag_error(r->d, e->loc, "the branches of 'if' have different types: %s and %s",
                   rs_type_name(r, rs_type(r, e->b)), rs_type_name(r, rs_type(r, e->c)));
        return;
    }
    rs_set_type(r, e, *rs_type(r, e->b));
    rs_type(r, e)->ranged = 0;
    if (oc_is_const(r->out, e->a)) {
        ast_expr *pick = oc_cval(r->out, e->a) ? e->b : e->c;
        if (oc_is_const(r->out, pick))
            rs_set_const(r, e, oc_cval(r->out, pick));
    }
}

static void rx_in(resolver *r, ast_expr *e)
{
    rs_expr(r, e->a);
    rs_expr(r, e->b);
    rs_set_type(r, e, rs_bare_type(TY_BOOL));
    if (rs_is_err(rs_type(r, e->a)) || rs_is_err(rs_type(r, e->b)))
        return;
    if (rs_type(r, e->b)->kind != TY_LIST && rs_type(r, e->b)->kind != TY_SET) {
        diag_error(r->d, e->b->loc, "'in' needs a list or a set on its right, not %s",
                   rs_type_name(r, rs_type(r, e->b)));
        return;
    }
    ast_type el = rs_bare_type(rs_type(r, e->b)->elem);
    el.enm = rs_type(r, e->b)->enm;
    rs_want_type(r, e->a, &el, "the value looked for");
}

static void rx_roll(resolver *r, ast_expr *e)
{
    rs_set_type(r, e, rs_bare_type(TY_INT));
    if (r->no_roll)
        diag_error(r->d, e->loc, "'roll' is not allowed %s", r->no_roll);
    if (e->a) {
        rs_expr(r, e->a);
        if (!rs_is_err(rs_type(r, e->a)))
            rs_want_kind(r, e->a, TY_INT, "the number of dice");
        if (oc_is_const(r->out, e->a) && oc_cval(r->out, e->a) < 0)
            diag_error(r->d, e->a->loc, "the number of dice cannot be negative");
    } else if (e->ival > 1000) {
        diag_error(r->d, e->loc, "too many dice (at most 1000)");
    }
}

/* `first x in IT where C by K1 desc, K2`: the element's type, which must
 * have `none` for "no element". */
static void rx_first_by(resolver *r, ast_expr *e)
{
    const ast_type *el = oc_iter_elem(r->out, e->iter);
    rs_set_type(r, e, *el);
    rs_type(r, e)->ranged = 0;
    if (rs_is_err(el))
        return;
    if (el->kind != TY_PLAYER && !(el->kind == TY_ENUM && el->enm->is_table)) {
        diag_error(r->d, e->loc, "'first ... by' picks a player or a table's row (it is "
                   "'none' when nothing qualifies), not %s", rs_type_name(r, el));
        rs_set_type(r, e, rs_bare_type(TY_ERROR));
        return;
    }
    for (uint32_t k = 0; k < e->nargs; k++)
        rs_expr_want(r, e->args[k], TY_INT, "a key of 'first ... by'");
}

static void rx_agg(resolver *r, ast_expr *e)
{
    rs_iter(r, e->iter);
    rs_set_type(r, e, rs_bare_type(e->op == AGG_ANY || e->op == AGG_ALL ? TY_BOOL : TY_INT));
    if (!r->in_code) {
        diag_error(r->d, e->loc, "not a constant expression");
        rs_set_type(r, e, rs_bare_type(TY_ERROR));
        return;
    }
    scope_mark m = rs_scope_open(r);
    rs_local_declare(r, e->var, *oc_iter_elem(r->out, e->iter));
    if (e->a) {
        rs_expr(r, e->a);
        if (!rs_is_err(rs_type(r, e->a)))
            rs_want_kind(r, e->a, TY_BOOL, "the 'where' condition");
    }
    if (e->b) {
        rs_expr(r, e->b);
        if (!rs_is_err(rs_type(r, e->b)))
            rs_want_kind(r, e->b, TY_INT, "the value summed or compared");
    }
    if (e->op == AGG_FIRST)
        rx_first_by(r, e);
    rs_scope_close(r, m);
}

/* The action a `do` or `can` names, or NULL after an error. */
ast_sym *rs_action_named(resolver *r, const char *name, ast_loc at, const char *how)
{
    ast_sym *s = rs_lookup(r, name);
    if (!s) {
        rs_unknown_name(r, at, name, "");
        return NULL;
    }
    rs_use(r, s);
    if (s->kind != SYM_PROC || !s->decl->is_action) {
        diag_error(r->d, at, "'%s' is %s, not an action (%s)", name,
                   s->kind == SYM_PROC && !s->decl->timing && !s->decl->anytime
                       ? "a proc" : rs_sym_kind_words(s->kind), how);
        return NULL;
    }
    return s;
}

/* `can A(args)`: whether A's precondition and up-front costs hold now. */
static void rx_can(resolver *r, ast_expr *e)
{
    for (uint32_t i = 0; i < e->nargs; i++)
        rs_expr(r, e->args[i]);
    rs_set_type(r, e, rs_bare_type(TY_BOOL));
    rs_set_sym(r, e, rs_action_named(r, e->name, e->loc, "'can' asks about actions"));
    if (rs_sym(r, e))
        rs_check_args(r, e->loc, e->name, rs_sym(r, e)->decl, e->args, e->nargs);
}

/* `a capped at N`: the smaller of a and the constant N (TEO-D1). */
static void rx_capped(resolver *r, ast_expr *e)
{
    rs_expr_want(r, e->a, TY_INT, "the value capped");
    rs_expr_want(r, e->b, TY_INT, "the cap");
    rs_set_type(r, e, rs_bare_type(TY_INT));
    if (!rs_is_err(rs_type(r, e->b)) && !oc_is_const(r->out, e->b))
        diag_error(r->d, e->b->loc, "a cap must be a constant (a number or a 'const')");
    if (oc_is_const(r->out, e->a) && oc_is_const(r->out, e->b)) {
        int32_t a = oc_cval(r->out, e->a), b = oc_cval(r->out, e->b);
        rs_set_const(r, e, a < b ? a : b);
    }
    oc_resolution *out = r->out;
    out->caps = rs_grow(r, out->caps, out->ncaps, &r->capcaps, sizeof *out->caps);
    out->caps[out->ncaps++] = e;
}

void rs_expr(resolver *r, ast_expr *e)
{
    switch (e->kind) {
    case E_CAN: rx_can(r, e); return;
    case E_CAPPED: rx_capped(r, e); return;
    case E_IN_ACTION: rs_set_type(r, e, rs_bare_type(TY_BOOL)); return;
    case E_INT: case E_BOOL: case E_NONE: case E_PLAYER: rx_literal(r, e); return;
    case E_NAME: rx_name(r, e); return;
    case E_INDEX: rx_index(r, e); return;
    case E_CALL: rx_call(r, e); return;
    case E_UNARY: rx_unary(r, e); return;
    case E_BINARY: rx_binary(r, e); return;
    case E_IF: rx_if(r, e); return;
    case E_IN: rx_in(r, e); return;
    case E_ROLL: rx_roll(r, e); return;
    case E_AGG: rx_agg(r, e); return;
    case E_FIELD: rx_field(r, e, 0); return;
    case E_ROW: rs_row_literal(r, e); return;
    case E_START: rx_start(r, e); return;
    case E_SEES: rx_sees(r, e); return;
    case E_ME: rs_set_type(r, e, rs_bare_type(TY_PLAYER)); return;
    default: rs_set_type(r, e, rs_bare_type(TY_ERROR)); return;
    }
}

/* An expression that must be of `kind` (bool conditions, int counts). */
void rs_expr_want(resolver *r, ast_expr *e, int kind, const char *what)
{
    rs_expr(r, e);
    if (!rs_is_err(rs_type(r, e)))
        rs_want_kind(r, e, kind, what);
}

/* An expression with `roll` forbidden for the reason given. */
void rs_expr_noroll(resolver *r, ast_expr *e, int kind, const char *what, const char *why)
{
    const char *save = r->no_roll;
    r->no_roll = why;
    rs_expr_want(r, e, kind, what);
    r->no_roll = save;
}

void rs_iter(resolver *r, ast_iter *it)
{
    oc_iter_facts *f = rs_iter_facts(r, it);
    f->elem = rs_bare_type(TY_ERROR);
    switch (it->kind) {
    case IT_PLAYERS:
    case IT_ALL_PLAYERS:
        f->elem = rs_bare_type(TY_PLAYER);
        return;
    case IT_RANGE:
        rs_expr_want(r, it->lo, TY_INT, "the start of a range");
        rs_expr_want(r, it->hi, TY_INT, "the end of a range");
        f->elem = rs_bare_type(TY_INT);
        return;
    default:
        break;
    }
    ast_expr *x = it->list;
    if (x->kind == E_NAME) {
        ast_sym *s = rs_lookup(r, x->name);
        if (s && s->kind == SYM_ENUM) {
            rs_use(r, s);
            rs_set_sym(r, x, s);
            f->enm = s->decl;
            f->elem = rs_enum_type(s->decl);
            return;
        }
    }
    rs_expr(r, x);
    if (rs_is_err(rs_type(r, x)))
        return;
    if (rs_type(r, x)->kind != TY_LIST && rs_type(r, x)->kind != TY_SET) {
        diag_error(r->d, x->loc, "cannot iterate over %s (players, all players, an enum, "
                   "A..B, a list or a set)", rs_type_name(r, rs_type(r, x)));
        return;
    }
    f->elem = rs_bare_type(rs_type(r, x)->elem);
    f->elem.enm = rs_type(r, x)->enm;
}

/* A constant expression: its value, or 0 after an error. */
int32_t rs_const_expr(resolver *r, ast_expr *e, int kind, const char *what, int *ok)
{
    rs_expr(r, e);
    *ok = 0;
    if (rs_is_err(rs_type(r, e)))
        return 0;
    if (kind && !rs_want_kind(r, e, kind, what))
        return 0;
    if (!oc_is_const(r->out, e)) {
        diag_error(r->d, e->loc, "%s must be a constant", what);
        return 0;
    }
    *ok = 1;
    return oc_cval(r->out, e);
}

/* ------------------------------------------------------------- labels */

static int is_id_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_id_char(char c)
{
    return is_id_start(c) || (c >= '0' && c <= '9');
}

/* Replaces each `{name}` by `{}` and binds the names to locals. `only`: an
 * option's for-variable, the one name its label may use (NULL and
 * `option` set: no names at all). */
void rs_text(resolver *r, ast_text *t, int option, ast_sym *only)
{
    const char *s = t->text;
    size_t n = strlen(s);
    char *out = arena_alloc(r->a, n + 1), *o = out;
    ast_sym *args[AST_MAX_EVENT_ARGS];
    uint32_t na = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        if (s[i] != '{' || !is_id_start(s[j])) {
            *o++ = s[i++];
            continue;
        }
        while (is_id_char(s[j]))
            j++;
        if (s[j] != '}') {
            *o++ = s[i++];
            continue;
        }
        char *name = arena_strndup(r->a, s + i + 1, j - i - 1);
        ast_loc at = t->loc;
        at.col += (uint32_t)i + 1;
        ast_sym *sym = rs_local_find(r, name);
        if (option == 2) {
            diag_error(r->d, at, "an escape's or an anytime action's label is fixed text: it cannot show '%s'", name);
        } else if (option && sym != only) {
            diag_error(r->d, at, "an option's label may only name its own 'for' variable, not '%s'", name);
        } else if (!sym) {
            if (rs_global_find(r, name))
                diag_error(r->d, at, "a label may only name a local, not the global '%s'", name);
            else
                rs_unknown_name(r, at, name, " in label");
        } else if (na == AST_MAX_EVENT_ARGS) {
            diag_error(r->d, at, "too many names in one text (at most %d)", AST_MAX_EVENT_ARGS);
        } else {
            rs_use(r, sym);
            args[na++] = sym;
        }
        *o++ = '{';
        *o++ = '}';
        i = j + 1;
    }
    *o = 0;
    oc_text_facts *f = rs_text_facts(r, t);
    f->tmpl = out;
    f->nargs = na;
    f->args = ARENA_ARRAY(r->a, ast_sym *, na + 1);
    memcpy(f->args, args, na * sizeof *args);
}

/* A constant's value, folded on demand: a constant may be named before it
 * is declared, and one that depends on itself is reported at once. */
void rs_const_decl(resolver *r, ast_decl *d)
{
    ast_sym *s = rs_decl_sym(r, d);
    if (s->mark == 2)
        return;
    if (s->mark == 1) {
        /* an overridden constant: the override's value is the culprit */
        diag_error(r->d, rs_decl_facts(r, d)->base_value ? d->value->loc : d->name_loc,
                   "the constant '%s' depends on itself", d->name);
        s->type = rs_bare_type(TY_ERROR);
        s->mark = 2;
        return;
    }
    s->mark = 1;
    int ok;
    int32_t v = rs_const_expr(r, d->value, 0, "the value of a constant", &ok);
    if (s->mark == 2) /* a cycle was reported meanwhile */
        return;
    s->mark = 2;
    if (!ok) {
        s->type = rs_bare_type(TY_ERROR);
        return;
    }
    s->type = *rs_type(r, d->value);
    s->type.ranged = 0;
    s->value = v;
    rs_decl_facts(r, d)->init_value = v;
}

/* -------------------------------------------------------------- types */

/* `set of T`: T an enum, a table or a range of at most OC_MAX_SET
 * members; its members are lo..hi (a table's rows 0..n-1: none is no
 * member). A var's type only, as a list's. */
static int rtype_set(resolver *r, ast_typeexpr *t, int allow_var_only)
{
    ast_type *ty = rs_typeexpr_type(r, t); /* what t names */
    *ty = rs_bare_type(TY_ERROR);
    if (!allow_var_only) {
        diag_error(r->d, t->loc, "a set type is only allowed for a var");
        return 0;
    }
    if (t->elem->kind == TX_LIST || t->elem->kind == TX_SET) {
        diag_error(r->d, t->elem->loc, "a set holds members of an enum, a table or a range, "
                   "not %s", t->elem->kind == TX_SET ? "sets" : "lists");
        return 0;
    }
    if (!rs_type_expr(r, t->elem, 0))
        return 0;
    ast_type el = *rs_typeexpr_type(r, t->elem);
    if (el.kind == TY_ENUM) {
        el.lo = 0; /* none is no row, so never a member */
    } else if (el.kind != TY_INT || !el.ranged) {
        diag_error(r->d, t->elem->loc, "a set holds members of an enum, a table or a range "
                   "A..B, not %s", rs_type_name(r, &el));
        return 0;
    }
    int64_t n = (int64_t)el.hi - el.lo + 1;
    if (el.lo == INT32_MIN) { /* a loop's cursor starts just below the first member */
        diag_error(r->d, t->elem->loc, "a set's range cannot start at %ld", (long)INT32_MIN);
        return 0;
    }
    if (n < 1 || n > (int64_t)OC_MAX_SET) {
        diag_error(r->d, t->elem->loc, "a set holds at most %u members, and %ld..%ld has %lld",
                   OC_MAX_SET, (long)el.lo, (long)el.hi, (long long)n);
        return 0;
    }
    *ty = el;
    ty->elem = el.kind;
    ty->kind = TY_SET;
    ty->cap = (uint32_t)n;
    return 1;
}

int rs_type_expr(resolver *r, ast_typeexpr *t, int allow_list)
{
    ast_type *ty = rs_typeexpr_type(r, t); /* what t names */
    int ok = 1, ok2 = 1;
    switch (t->kind) {
    case TX_INT:
        *ty = rs_bare_type(TY_INT);
        ty->lo = INT32_MIN;
        ty->hi = INT32_MAX;
        return 1;
    case TX_BOOL:
        *ty = rs_bare_type(TY_BOOL);
        ty->hi = 1;
        return 1;
    case TX_PLAYER:
        *ty = rs_bare_type(TY_PLAYER);
        ty->lo = -1;
        ty->hi = r->f->max_players - 1;
        return 1;
    case TX_NAME: {
        ast_sym *s = rs_global_find(r, t->name);
        if (!s || s->kind != SYM_ENUM) {
            if (s)
                diag_error(r->d, t->loc, "'%s' is not a type", t->name);
            else
                diag_error(r->d, t->loc, "unknown type '%s'", t->name);
            *ty = rs_bare_type(TY_ERROR);
            return 0;
        }
        rs_use(r, s);
        *ty = rs_enum_type(s->decl);
        ty->lo = s->decl->is_table ? -1 : 0; /* a row, or none */
        ty->hi = (int32_t)s->decl->nmembers - 1;
        return 1;
    }
    case TX_RANGE: {
        int32_t lo = rs_const_expr(r, t->lo, TY_INT, "the start of a range", &ok);
        int32_t hi = rs_const_expr(r, t->hi, TY_INT, "the end of a range", &ok2);
        *ty = rs_bare_type(TY_ERROR);
        if (!ok || !ok2)
            return 0;
        if (lo > hi) {
            diag_error(r->d, t->loc, "empty range %d..%d", (int)lo, (int)hi);
            return 0;
        }
        *ty = rs_bare_type(TY_INT);
        ty->ranged = 1;
        ty->lo = lo;
        ty->hi = hi;
        return 1;
    }
    case TX_SET:
        return rtype_set(r, t, allow_list);
    default: { /* TX_LIST */
        *ty = rs_bare_type(TY_ERROR);
        if (!allow_list) {
            diag_error(r->d, t->loc, "a list type is only allowed for a var");
            return 0;
        }
        if (t->elem->kind == TX_LIST) {
            diag_error(r->d, t->elem->loc, "a list cannot hold lists");
            return 0;
        }
        int okel = rs_type_expr(r, t->elem, 0);
        int32_t cap = rs_const_expr(r, t->cap, TY_INT, "a list's capacity", &ok);
        if (!okel || !ok)
            return 0;
        if (cap < 1 || cap > 65535) {
            diag_error(r->d, t->cap->loc, "a list's capacity must be 1..65535, not %d", (int)cap);
            return 0;
        }
        *ty = *rs_typeexpr_type(r, t->elem);
        ty->elem = rs_typeexpr_type(r, t->elem)->kind;
        ty->kind = TY_LIST;
        ty->cap = (uint32_t)cap;
        return 1;
    }
    }
}

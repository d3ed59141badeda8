/* resolve_literal.c — a scenario's literals: list literals (`[x, y]`)
 * compared with a list (`expect hand[player 1] == [3, 5]`) or assigned to
 * a list var in a setup (`pile = [1, 2]`), and row literals
 * (`Card["L1 white 0"]`, the row of a data table with that name).
 *
 * A test writes what it expects as values, but the rules reach a row
 * through its fields and build a list with `add`: so the literals are
 * scenario notation only (a rule that names a row by its display name
 * would break when the table's template changes). Nothing downstream
 * meets a list literal: a comparison becomes `len(l) == n and l[1] == x
 * and ...` and an assignment `clear l` then `add x to l` ..., made of the
 * tree's own nodes, so the checks, the lowering and the emitted C treat
 * them as any other code. A row literal is a constant, the row's index.
 */
#include "resolve_int.h"

/* ------------------------------------------------------------ row literals */

/* The table a row literal names, or NULL (reported). */
static ast_decl *row_table(resolver *r, ast_expr *e)
{
    ast_expr *t = e->a;
    if (t->kind != E_NAME) {
        diag_error(r->d, e->loc, "only a table's rows are named by a string (TABLE[\"name\"])");
        return NULL;
    }
    ast_sym *s = rs_global_find(r, t->name);
    if (!s) {
        rs_unknown_name(r, t->loc, t->name, "");
        return NULL;
    }
    rs_use(r, s);
    if (s->kind == SYM_ENUM && s->decl->is_table) {
        rs_set_sym(r, t, s);
        return s->decl;
    }
    if (s->kind == SYM_ENUM)
        diag_error(r->d, t->loc, "'%s' is an enum, not a table: write its member's name",
                   t->name);
    else
        diag_error(r->d, t->loc, "'%s' is not a table: only a table's rows are named by a "
                   "string", t->name);
    return NULL;
}

/* `TABLE["ROW NAME"]`: the row of that name, which must be one row. */
void rs_row_literal(resolver *r, ast_expr *e)
{
    rs_set_type(r, e, rs_bare_type(TY_ERROR));
    if (!r->in_scenario) {
        diag_error(r->d, e->loc, "a row literal is written only in a scenario (in rules, "
                   "reach a row through its fields)");
        return;
    }
    ast_decl *t = row_table(r, e);
    if (!t)
        return;
    int found = -1;
    for (uint32_t i = 0; i < t->nmembers; i++) {
        if (strcmp(t->members[i]->name, e->name) != 0)
            continue;
        if (found >= 0) {
            diag_error(r->d, e->loc, "rows %d and %u of table '%s' are both named '%s': a row "
                       "literal cannot tell them apart", found + 1, i + 1, t->name, e->name);
            return;
        }
        found = (int)i;
    }
    if (found < 0) {
        diag_error(r->d, e->loc, "table '%s' has no row named '%s'", t->name, e->name);
        return;
    }
    rs_set_type(r, e, rs_enum_type(t));
    rs_set_const(r, e, found);
}

/* ----------------------------------------------------------- list literals */

/* The list var a list-typed expression reads (E_NAME, or E_INDEX of a
 * var with dims). */
static const char *list_name(const resolver *r, const ast_expr *l)
{
    const ast_sym *s = l->kind == E_INDEX ? rs_sym(r, l->base) : rs_sym(r, l);
    return s && s->name ? s->name : "the list";
}

static int is_list_var(const resolver *r, const ast_expr *l)
{
    if (rs_type(r, l)->kind != TY_LIST && rs_type(r, l)->kind != TY_SET)
        return 0;
    return (l->kind == E_NAME && rs_sym(r, l) && rs_sym(r, l)->kind == SYM_VAR) ||
           (l->kind == E_INDEX && oc_ix(r->out, l) == IX_VAR);
}

/* One value of a literal (resolved) against the list's element type (and
 * range). */
static int check_value(resolver *r, ast_expr *v, uint32_t k, const ast_expr *l)
{
    const ast_type *lt = rs_type(r, l);
    ast_type el = rs_bare_type(lt->elem);
    el.enm = lt->enm;
    char what[64];
    snprintf(what, sizeof what, "value %u of the %s literal", k + 1,
             lt->kind == TY_SET ? "set" : "list");
    if (rs_is_err(rs_type(r, v)) || !rs_want_type(r, v, &el, what))
        return 0;
    if (lt->ranged && oc_is_const(r->out, v) &&
        (oc_cval(r->out, v) < lt->lo || oc_cval(r->out, v) > lt->hi)) {
        diag_error(r->d, v->loc, "%s is %d, outside the %d..%d that '%s' holds", what,
                   (int)oc_cval(r->out, v), (int)lt->lo, (int)lt->hi, list_name(r, l));
        return 0;
    }
    return 1;
}

/* A set holds each member once: a literal naming one twice could never
 * equal it (and in a setup says something other than what it does). */
static int check_distinct(resolver *r, const ast_expr *lit, const ast_expr *l)
{
    for (uint32_t k = 1; k < lit->nargs; k++)
        for (uint32_t j = 0; j < k; j++)
            if (oc_is_const(r->out, lit->args[k]) && oc_is_const(r->out, lit->args[j]) &&
                oc_cval(r->out, lit->args[k]) == oc_cval(r->out, lit->args[j])) {
                diag_error(r->d, lit->args[k]->loc, "value %u of the set literal repeats "
                           "value %u: '%s' holds each member once", k + 1, j + 1,
                           list_name(r, l));
                return 0;
            }
    return 1;
}

/* A literal's values against the list `l` (all resolved): each of its
 * element type, and no more of them than the list holds. */
static int check_values(resolver *r, ast_expr *lit, const ast_expr *l)
{
    int ok = 1;
    for (uint32_t k = 0; k < lit->nargs; k++)
        ok &= check_value(r, lit->args[k], k, l);
    if (ok && rs_type(r, l)->kind == TY_SET)
        return check_distinct(r, lit, l);
    if (lit->nargs > rs_type(r, l)->cap) {
        diag_error(r->d, lit->loc, "the list literal has %u values, more than the %u that "
                   "'%s' holds", lit->nargs, rs_type(r, l)->cap, list_name(r, l));
        ok = 0;
    }
    return ok;
}

static ast_expr *node(resolver *r, int kind, ast_loc at, int type)
{
    ast_expr *e = rs_new_expr(r);
    e->kind = (uint8_t)kind;
    e->loc = at;
    rs_set_type(r, e, rs_bare_type(type));
    return e;
}

static ast_expr *int_const(resolver *r, ast_loc at, int32_t v)
{
    ast_expr *e = node(r, E_INT, at, TY_INT);
    e->ival = v;
    rs_set_const(r, e, v);
    return e;
}

static ast_expr *binary(resolver *r, int op, ast_expr *a, ast_expr *b)
{
    ast_expr *e = node(r, E_BINARY, a->loc, TY_BOOL);
    e->op = (uint8_t)op;
    e->op_loc = a->loc;
    e->a = a;
    e->b = b;
    e->depth = (uint16_t)((a->depth > b->depth ? a->depth : b->depth) + 1);
    return e;
}

/* `len(l) == n` */
static ast_expr *len_is(resolver *r, ast_expr *l, uint32_t n)
{
    ast_expr *c = node(r, E_CALL, l->loc, TY_INT);
    c->name = "len";
    rs_set_sym(r, c, rs_global_find(r, "len"));
    rs_facts(r, c)->builtin = BI_LEN;
    c->args = ARENA_ARRAY(r->a, ast_expr *, 1);
    c->args[0] = l;
    c->nargs = 1;
    return binary(r, OP_EQ, c, int_const(r, l->loc, (int32_t)n));
}

/* `l[k] == v` (k 1-based) */
static ast_expr *element_is(resolver *r, ast_expr *l, uint32_t k, ast_expr *v)
{
    ast_expr *x = node(r, E_INDEX, l->loc, rs_type(r, l)->elem);
    rs_type(r, x)->enm = rs_type(r, l)->enm;
    rs_facts(r, x)->ix = IX_LIST;
    x->base = l;
    x->args = ARENA_ARRAY(r->a, ast_expr *, 1);
    x->args[0] = int_const(r, l->loc, (int32_t)k);
    x->nargs = 1;
    rs_none_fits(r, v, rs_type(r, x));
    return binary(r, OP_EQ, x, v);
}

/* `v in s` */
static ast_expr *member_is(resolver *r, ast_expr *s, ast_expr *v)
{
    ast_expr *e = node(r, E_IN, v->loc, TY_BOOL);
    e->a = v;
    e->b = s;
    e->depth = (uint16_t)((v->depth > s->depth ? v->depth : s->depth) + 1);
    return e;
}

/* `l == [v1, ..., vn]` as `len(l) == n and l[1] == v1 and ...`: the
 * length first, so no position is read past the end. A set's as `len(s)
 * == n and v1 in s and ...` (its values are distinct: check_distinct). */
static ast_expr *equal_test(resolver *r, ast_expr *l, const ast_expr *lit)
{
    ast_expr *t = len_is(r, l, lit->nargs);
    for (uint32_t k = 0; k < lit->nargs; k++)
        t = binary(r, OP_AND, t,
                   rs_type(r, l)->kind == TY_SET ? member_is(r, l, lit->args[k])
                                          : element_is(r, l, k + 1, lit->args[k]));
    return t;
}

/* `l == [...]` or `l != [...]`, its list and values resolved (by
 * resolve_expr.c, which calls this file and is never called by it): e is
 * rewritten in place into the test. */
void rs_list_compare(resolver *r, ast_expr *e)
{
    ast_expr *l = e->a, *lit = e->b;
    rs_set_type(r, e, rs_bare_type(TY_ERROR));
    if (!r->in_scenario) {
        diag_error(r->d, lit->loc, "a list literal is written only in a scenario (an "
                   "'expect' or a setup)");
        return;
    }
    if (rs_is_err(rs_type(r, l)))
        return;
    if (rs_type(r, l)->kind != TY_LIST && rs_type(r, l)->kind != TY_SET) {
        diag_error(r->d, e->op_loc, "cannot compare %s with a list literal",
                   rs_type_name(r, rs_type(r, l)));
        return;
    }
    if (!check_values(r, lit, l))
        return;
    ast_loc at = e->loc;
    ast_expr *t = equal_test(r, l, lit);
    if (e->op == OP_NE) {
        ast_expr *n = node(r, E_UNARY, at, TY_BOOL);
        n->op = OP_NOT;
        n->a = t;
        n->depth = t->depth;
        t = n;
    }
    *e = *t;
    e->loc = at;
}

/* `l = [...]` in a setup, its target and values resolved: checked here,
 * rewritten once the setup is resolved (rs_expand_list_assigns), so the
 * statements it becomes are not resolved a second time. */
void rs_list_assign(resolver *r, ast_stmt *s)
{
    ast_expr *t = s->u.assign.target, *lit = s->u.assign.value;
    if (!r->in_setup) {
        diag_error(r->d, lit->loc, "a list literal is assigned only in a scenario's setup "
                   "(in rules: clear, then add)");
        return;
    }
    if (rs_is_err(rs_type(r, t)))
        return;
    if (!is_list_var(r, t)) { /* (the grammar has no `+= [...]`) */
        diag_error(r->d, t->loc, "a list literal is assigned only to a list var, not to %s",
                   rs_type_name(r, rs_type(r, t)));
        return;
    }
    if (!check_values(r, lit, t))
        return;
    r->lit_assigns = rs_grow(r, r->lit_assigns, r->nlit_assigns, &r->caplit_assigns,
                             sizeof *r->lit_assigns);
    r->lit_assigns[r->nlit_assigns++] = s;
}

static ast_stmt *list_stmt(resolver *r, int kind, const ast_stmt *at, ast_expr *l, ast_expr *v)
{
    ast_stmt *s = rs_new_stmt(r, kind, at->loc);
    s->u.list.list = l;
    s->u.list.value = v;
    return s;
}

/* Each recorded `l = [v1, ..., vn]` becomes `clear l`, `add v1 to l`, ...
 * in its place (the values are added in order after the list is
 * emptied: one that reads the list sees it empty). */
void rs_expand_list_assigns(resolver *r)
{
    for (uint32_t i = 0; i < r->nlit_assigns; i++) {
        ast_stmt *s = r->lit_assigns[i], *next = s->next;
        ast_expr *l = s->u.assign.target, *lit = s->u.assign.value;
        memset(&s->u, 0, sizeof s->u);
        s->kind = S_CLEAR;
        s->u.list.list = l;
        ast_stmt *last = s;
        for (uint32_t k = 0; k < lit->nargs; k++) {
            last->next = list_stmt(r, S_ADD, s, l, lit->args[k]);
            last = last->next;
        }
        last->next = next;
    }
    r->nlit_assigns = 0;
}

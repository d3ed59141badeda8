/* resolve_hidden.c — hidden information. A var declared `hidden` is seen
 * by its owner, the player of its first index; one `hidden from all` by
 * nobody; both by the players a cell was `reveal`ed to (the "#shown NAME"
 * lists resolve_decl.c adds). An event's param declared `hidden` is seen
 * only by the player in its first player param. This file checks those
 * declarations, `reveal` and `hide`, `P can see CELL`, and that a policy
 * reads no hidden cell but its own seat's (`me`). (`P can see CELL` is
 * an expression: resolve_expr.c.) */
#include <stdio.h>
#include <string.h>

#include "resolve_int.h"

/* The var a cell expression names (`hand[p, wood]`, `deck`), or NULL. */
static ast_decl *cell_var(const resolver *r, const ast_expr *e)
{
    if (e->kind == E_NAME && rs_sym(r, e) && rs_sym(r, e)->kind == SYM_VAR)
        return rs_sym(r, e)->decl;
    if (e->kind == E_INDEX && oc_ix(r->out, e) == IX_VAR && rs_sym(r, e->base))
        return rs_sym(r, e->base)->decl;
    return NULL;
}

static void rhidden_var(resolver *r, ast_decl *d)
{
    if (d->secrecy == SECRET_OWNER && (d->ndims == 0 || d->dims[0].kind != DIM_PLAYER))
        diag_error(r->d, d->name_loc,
                   "'hidden' var '%s' needs an owner: its first index must be a player "
                   "(or write 'hidden from all')",
                   d->name);
    ast_decl *shown = r->out->shown_vars[rs_decl_facts(r, d)->index];
    if (shown) { /* its dims are resolved now */
        shown->dims[0] = d->dims[0];
        shown->dims[1] = d->dims[1];
    }
}

static void rhidden_params(resolver *r, ast_decl *d)
{
    for (uint32_t i = 0; i < d->nparams; i++)
        if (d->params[i]->secret && d->kind != D_EVENT)
            diag_error(r->d, d->params[i]->loc,
                       "only an event's params may be 'hidden' (who sees them is the player "
                       "in its first player param)");
}

void rs_hidden_decls(resolver *r)
{
    for (ast_decl *d = r->f->decls; d; d = d->next) {
        if (d->kind == D_VAR && d->secrecy)
            rhidden_var(r, d);
        if (d->kind == D_EVENT || d->kind == D_FN || d->kind == D_PROC)
            rhidden_params(r, d);
    }
}

/* `reveal CELL [to P]`, `hide CELL`: a whole cell of a hidden var. */
void rs_reveal(resolver *r, ast_stmt *s)
{
    ast_expr *t = s->u.assign.target;
    const char *what = s->kind == S_HIDE ? "hide" : "reveal";
    rs_expr(r, t);
    if (s->u.assign.value)
        rs_expr_want(r, s->u.assign.value, TY_PLAYER, "the player a cell is revealed to");
    if (rs_is_err(rs_type(r, t)))
        return;
    ast_decl *v = cell_var(r, t);
    if (!v || !v->secrecy)
        diag_error(r->d, t->loc, "'%s' needs a cell of a hidden var%s%s%s", what,
                   v ? " ('" : "", v ? v->name : "", v ? "' is not hidden)" : "");
    else if (r->in_display)
        diag_error(r->d, s->loc, "a display shows; it does not '%s'", what);
}

/* ------------------------------------------------------------ policies */

typedef struct reads {
    resolver *r;
    const ast_decl *policy_fn;
    uint32_t depth;
} reads;

static void policy_reads(reads *x, const ast_expr *e);

/* A fn a policy calls: it may read no hidden cell at all (whose cell it
 * reads depends on its arguments; the policy's own `me` is not in it). */
static void fn_reads(reads *x, const ast_decl *fn, ast_loc at)
{
    if (!fn || fn->kind != D_FN || !fn->body_expr || x->depth > 64)
        return;
    reads inner = {x->r, NULL, x->depth + 1};
    inner.policy_fn = x->policy_fn;
    int before = x->r->d->errors;
    policy_reads(&inner, fn->body_expr);
    if (x->r->d->errors != before)
        diag_note(x->r->d, at, "the policy calls '%s' here", fn->name);
}

static void hidden_read(reads *x, const ast_expr *e, const ast_decl *v)
{
    int own = x->depth == 0 && v->secrecy == SECRET_OWNER && e->kind == E_INDEX &&
              e->nargs > 0 && e->args[0]->kind == E_ME;
    if (own)
        return;
    if (x->depth)
        diag_error(x->r->d, e->loc,
                   "a fn a policy calls reads hidden '%s' (the policy may read only "
                   "'%s[me, ...]', itself)", v->name, v->name);
    else
        diag_error(x->r->d, e->loc, "a policy sees what its seat sees: '%s' is hidden%s",
                   v->name,
                   v->secrecy == SECRET_OWNER ? " (read your own as 'NAME[me, ...]')" : "");
}

static void policy_reads(reads *x, const ast_expr *e)
{
    if (!e || oc_is_const(x->r->out, e))
        return;
    const ast_decl *v = cell_var(x->r, e);
    if (v && v->secrecy)
        hidden_read(x, e, v);
    if (e->kind == E_CALL && rs_sym(x->r, e) && rs_sym(x->r, e)->kind == SYM_FN)
        fn_reads(x, rs_sym(x->r, e)->decl, e->loc);
    if (e->kind == E_INDEX) {
        if (oc_ix(x->r->out, e) != IX_VAR) /* a list's element: the list's cell is read */
            policy_reads(x, e->base);
        for (uint32_t i = 0; i < e->nargs; i++)
            policy_reads(x, e->args[i]);
        return;
    }
    if (e->kind == E_CALL || e->kind == E_CAN) {
        for (uint32_t i = 0; i < e->nargs; i++)
            policy_reads(x, e->args[i]);
        return;
    }
    switch (e->kind) {
    case E_SEES: /* who sees what is public */
        return;
    case E_IF:
        policy_reads(x, e->c);
        break;
    case E_AGG:
        if (e->iter) {
            policy_reads(x, e->iter->lo);
            policy_reads(x, e->iter->hi);
            policy_reads(x, e->iter->list);
        }
        for (uint32_t i = 0; e->op == AGG_FIRST && i < e->nargs; i++)
            policy_reads(x, e->args[i]);
        break;
    default:
        break;
    }
    policy_reads(x, e->a);
    policy_reads(x, e->b);
}

void rs_check_policy_reads(resolver *r, const ast_decl *fn)
{
    reads x = {r, fn, 0};
    policy_reads(&x, fn->body_expr);
}

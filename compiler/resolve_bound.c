/* resolve_bound.c — the bounds a ruleset states on recursion: `depth N` on
 * a fn, proc, trigger, anytime action or action (at most N of its runs
 * nested at once), `decreasing PARAM` on a fn, proc or trigger (a run
 * begun within another needs a smaller PARAM, so the runs nested at once
 * are at most PARAM's domain), and `once per chain` on a proc or trigger
 * (at most one run per argument tuple within a chain). check.c accepts a cycle of calls,
 * triggers or windows only through such a bound; lower_unit.c sizes the
 * stack from them and enforces them at run time. */
#include <stdio.h>
#include <string.h>

#include "resolve_int.h"

#define MAX_DEPTH 1000       /* runs of one unit nested at once */
#define MAX_CHAIN_TUPLES 4096 /* argument tuples a `once per chain` tracks */

static void rdepth(resolver *r, ast_decl *d)
{
    int ok = 0;
    rs_unit_begin(r, 0);
    int32_t n = rs_const_expr(r, d->depth_expr, TY_INT, "a 'depth' bound", &ok);
    rs_unit_end(r);
    if (!ok)
        return;
    if (n < 1 || n > MAX_DEPTH) {
        diag_error(r->d, d->depth_expr->loc, "a 'depth' bound must be within 1..%d, not %ld",
                   MAX_DEPTH, (long)n);
        return;
    }
    r->out->bounds[rs_decl_facts(r, d)->index].depth = n;
}

/* `decreasing PARAM`: PARAM a parameter with a small ordered domain (a
 * range, an enum, a player), whose size bounds the nesting as `depth`
 * would. */
static void rmeasure(resolver *r, ast_decl *d)
{
    for (uint32_t i = 0; i < d->nparams; i++) {
        const ast_sym *q = d->params[i];
        if (strcmp(q->name, d->measure_name) != 0)
            continue;
        if (rs_is_err(&q->type))
            return;
        int32_t lo;
        uint64_t n = ast_type_domain(&q->type, r->f->max_players, &lo);
        if (!n || n > MAX_DEPTH) {
            diag_error(r->d, d->measure_loc,
                       "'decreasing %s' needs a parameter with at most %d values, but '%s' is "
                       "%s (give it a range, as in '%s: 0..9')",
                       q->name, MAX_DEPTH, q->name, rs_type_name(r, &q->type), q->name);
            return;
        }
        r->out->bounds[rs_decl_facts(r, d)->index].measure = (int32_t)i + 1;
        r->out->bounds[rs_decl_facts(r, d)->index].depth = (int32_t)n;
        return;
    }
    diag_error(r->d, d->measure_loc, "'decreasing' names a parameter of '%s', and '%s' is not "
               "one", d->name, d->measure_name);
}

/* `once per chain`: one mark per argument tuple, so every parameter needs a
 * small domain; the marks are a list of tuple numbers in a hidden var. */
static void rchain(resolver *r, ast_decl *d)
{
    uint64_t tuples = 1;
    for (uint32_t i = 0; i < d->nparams && tuples; i++) {
        const ast_type *t = &d->params[i]->type;
        if (rs_is_err(t))
            return;
        int32_t lo;
        uint64_t n = ast_type_domain(t, r->f->max_players, &lo);
        if (!n) {
            diag_error(r->d, d->limit_loc,
                       "'once per chain' keeps a mark for each argument, but '%s' is %s "
                       "(give it a range, as in '%s: 0..9')",
                       d->params[i]->name, rs_type_name(r, t), d->params[i]->name);
            return;
        }
        tuples *= n;
        if (tuples > MAX_CHAIN_TUPLES) {
            diag_error(r->d, d->limit_loc,
                       "'once per chain' over more than %d argument tuples: '%s' can be "
                       "called in %llu ways",
                       MAX_CHAIN_TUPLES, d->name, (unsigned long long)tuples);
            return;
        }
    }
    r->out->bounds[rs_decl_facts(r, d)->index].chain_domain = (uint32_t)tuples;
    ast_type *lt = &rs_decl_facts(r, r->out->limit_vars[rs_decl_facts(r, d)->index])->sym->type;
    lt->cap = (uint32_t)tuples;
    lt->ranged = 1;
    lt->lo = 0;
    lt->hi = (int32_t)tuples - 1;
}

void rs_bounds(resolver *r)
{
    for (ast_decl *d = r->f->decls; d; d = d->next) {
        if (d->kind != D_FN && d->kind != D_PROC)
            continue;
        if (d->depth_expr)
            rdepth(r, d);
        if (d->measure_name)
            rmeasure(r, d);
        if (d->limit == LIMIT_CHAIN && r->out->limit_vars[rs_decl_facts(r, d)->index])
            rchain(r, d);
    }
}

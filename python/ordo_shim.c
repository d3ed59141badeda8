/* ordo_shim.c — the C half of the Python binding (python/ordo.py): a
 * ruleset compiled in process through the compiler's oc_* API, its
 * diagnostics captured as text. The games themselves are driven through
 * ordo.h's own functions, which ordo.py calls directly; this file adds
 * only what Python cannot reach: a compiler and its lifetime. */
#include <stdio.h>
#include <stdlib.h>

#include "compiler.h"

typedef struct ordo_py_ruleset {
    oc_compiler *c;
    const ordo_program *p;
} ordo_py_ruleset;

/* Compiles the ruleset at `path` (its CSV tables and bases are found
 * beside it). NULL when it does not compile; the diagnostics, GCC-style,
 * go to `err` (NUL-terminated, cut at n bytes). */
ordo_py_ruleset *ordo_py_compile(const char *path, char *err, size_t n)
{
    if (err && n)
        err[0] = 0;
    ordo_py_ruleset *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    oc_options opt = {0};
    opt.diag = err && n > 1 ? fmemopen(err, n, "w") : NULL;
    r->c = oc_new(&opt);
    r->p = r->c ? oc_compile_file(r->c, path) : NULL;
    if (opt.diag)
        fclose(opt.diag);
    if (!r->p) {
        oc_free(r->c);
        free(r);
        return NULL;
    }
    return r;
}

const ordo_program *ordo_py_program(const ordo_py_ruleset *r)
{
    return r ? r->p : NULL;
}

void ordo_py_free(ordo_py_ruleset *r)
{
    if (!r)
        return;
    oc_free(r->c);
    free(r);
}

/* The player counts the ruleset allows. */
void ordo_py_players(const ordo_py_ruleset *r, int *lo, int *hi)
{
    *lo = r->p->min_players;
    *hi = r->p->max_players;
}

/* Var v's shape, for observations: its name (NULL past the last var, or
 * for the runtime's own, whose names begin with '#'), its extents (a
 * player index: the game's count; a range: lo..lo+n-1), whether it is a
 * list (or a set, read as one), and who sees it (ORDO_HIDDEN_*). */
const char *ordo_py_var(const ordo_py_ruleset *r, int v, int *ndims, int n[2], int lo[2],
                        int player_dim[2], int *is_list, int *hidden)
{
    const ordo_program *p = r->p;
    if (v < 0 || v >= p->nvars || !p->vars[v].name || p->vars[v].name[0] == '#')
        return NULL;
    const ordo_var *x = &p->vars[v];
    *ndims = x->ndims;
    for (int k = 0; k < 2; k++) {
        n[k] = x->dim_n[k];
        lo[k] = x->dim_kind[k] == ORDO_DIM_RANGE ? x->dim_lo[k] : 0;
        player_dim[k] = x->dim_kind[k] == ORDO_DIM_PLAYER;
    }
    *is_list = x->is_list || x->is_set; /* a set reads as the list of its members */
    *hidden = x->hidden;
    return x->name;
}

int ordo_py_nvars(const ordo_py_ruleset *r)
{
    return r->p->nvars;
}

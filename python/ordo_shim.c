/* ordo_shim.c — the C half of the Python binding (python/ordo/__init__.py): a
 * ruleset compiled in process through the compiler's oc_* API, its
 * diagnostics captured as text, and the state search of `ordo explore`
 * (compiler/engines/explore.h) run on it. The games themselves are driven
 * through ordo.h's own functions, which the package calls directly; this file
 * adds only what Python cannot reach: a compiler and its lifetime, and the
 * engines. */
#include <stdio.h>
#include <stdlib.h>

#include "compiler.h"
#include "explore.h"
#include "native_load.h"

typedef struct ordo_py_ruleset {
    oc_compiler *c;
    const ordo_program *p;
    nv_native *nv;      /* the emitted C it plays, or NULL */
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

/* The ruleset played from here on by its emitted C in the shared object
 * `so` (compiler/engines/native_load.h: refused unless made from the
 * ruleset at `path` as it is now): 0, or -1 with why in err. */
int ordo_py_native(ordo_py_ruleset *r, const char *so, const char *path, char *err, size_t n)
{
    nv_native *nv;
    const ordo_program *p = nv_load(so, path, r->p, &nv, err, n);
    if (!p) {
        nv_free(nv);
        return -1;
    }
    nv_free(r->nv);
    r->nv = nv;
    r->p = p;
    return 0;
}

void ordo_py_free(ordo_py_ruleset *r)
{
    if (!r)
        return;
    nv_free(r->nv);
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

/* Explores the ruleset as `ordo explore` does (seeds seed .. seed+seeds-1,
 * at most `depth` decisions deep, 0: no bound, `seconds` per seed, in
 * this process's child): counts[] gets the states, transitions, ends and
 * whether every reachable state was explored; kinds[] and lines[] the
 * first `max` findings (EX_*: 0 runtime error, 1 deadlock, 2 no progress,
 * 3 invariant broken) and their lines; `report` the report as `ordo
 * explore` prints it, naming the ruleset `file` (cut at n bytes).
 * Returns the number of findings, or -1 when the search failed. */
int ordo_py_explore(const ordo_py_ruleset *r, const char *file, int players, uint64_t seed,
                    uint64_t seeds, int depth, double seconds, uint64_t counts[4], int *kinds,
                    int *lines, int max, char *report, size_t n)
{
    ex_run_options o = {{NULL, depth, 0, (uint64_t)1024 << 20, seconds, 1000000, 0, 100000, 0, 0, 0},
                        players, seed, seeds, 0, 1, NULL, NULL, "ordo.py", NULL};
    ex_total t;
    int found = -1;
    if (ex_run(r->p, &o, &t) == 0) {
        counts[0] = t.states;
        counts[1] = t.transitions;
        counts[2] = t.ends;
        counts[3] = t.complete == t.seeds;
        for (size_t k = 0; k < t.nfound && (int)k < max; k++) {
            kinds[k] = t.found[k].f.kind;
            lines[k] = (int)t.found[k].f.line;
        }
        found = (int)t.nfound;
        FILE *f = report && n > 1 ? fmemopen(report, n, "w") : NULL;
        if (f) {
            ex_report(f, r->p, file, &o, &t);
            fclose(f);
        }
    }
    ex_total_free(&t);
    return found;
}

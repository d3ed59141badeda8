/* policy.c — the decision policies every host shares, so that `ordo run`,
 * the emitted hosts and the benchmark play the same games. */
#include "vm.h"

/* The first option offered, or ORDO_E_STATE when no decision is pending. */
int ordo_policy_first(const ordo_game *g)
{
    if (!g || g->status != ORDO_DECIDE || g->nopts == 0)
        return ORDO_E_STATE;
    return 0;
}

/* A uniformly drawn option: ordo_rng_below(rng, count). Draws nothing when
 * no decision is pending (ORDO_E_STATE). */
int ordo_policy_random(const ordo_game *g, uint64_t *rng)
{
    if (!g || !rng)
        return ORDO_E_ARG;
    if (g->status != ORDO_DECIDE || g->nopts == 0)
        return ORDO_E_STATE;
    return (int)ordo_rng_below(rng, g->nopts);
}

/* ---- policies a ruleset declares */

int ordo_policy_count(const ordo_program *p)
{
    return p ? p->npolicies : 0;
}

const char *ordo_policy_name(const ordo_program *p, int policy)
{
    return p && policy >= 0 && policy < p->npolicies ? p->policies[policy].name : NULL;
}

const char *ordo_policy_label(const ordo_program *p, int policy)
{
    if (!p || policy < 0 || policy >= p->npolicies)
        return NULL;
    return p->policies[policy].label ? p->policies[policy].label : "";
}

int ordo_find_policy(const ordo_program *p, const char *name)
{
    if (!p || !name)
        return -1;
    for (int k = 0; k < p->npolicies; k++)
        if (p->policies[k].name && strcmp(p->policies[k].name, name) == 0)
            return k;
    return -1;
}

/* Where option o ranks: the first line naming it whose `when` holds (its
 * `by` value in *by): a `prefer` line its place k, an `avoid` line
 * pl->count + 1 + k, below pl->count, where an option no line names ranks.
 * An error of a by/when fn is returned as a negative code. */
static int option_rank(ordo_game *g, const ordo_policy *pl, const vm_opt *o, int32_t *by)
{
    const ordo_program *p = g->p;
    *by = 0;
    if (o->kind == VM_OPT_ESCAPE)
        return pl->count;
    uint16_t name = p->options[o->id].name;
    for (int k = 0; name && k < pl->count; k++) {
        const ordo_prefer *pr = &p->prefers[pl->first + k];
        if (pr->name != name)
            continue;
        int32_t v = 1;
        if (pr->when) {
            int n = p->procs[pr->when - 1].nparams;
            int rc = vm_eval_quiet(g, pr->when - 1, &o->param, n, &v, NULL, NULL);
            if (rc < 0)
                return rc;
        }
        if (!v)
            continue;
        if (pr->by) {
            int n = p->procs[pr->by - 1].nparams;
            int rc = vm_eval_quiet(g, pr->by - 1, &o->param, n, by, NULL, NULL);
            if (rc < 0)
                return rc;
        }
        return pr->avoid ? pl->count + 1 + k : k;
    }
    return pl->count;
}

/* Is rank (r, v) better than (best_r, best_v)? An earlier line, then a
 * higher `by`. */
static int ranks_above(int r, int32_t v, int best_r, int32_t best_v)
{
    return r < best_r || (r == best_r && v > best_v);
}

/* Ranks kept from the first pass for the draw among equals: a decision
 * offers few options, and the by/when fns need not run twice for them. */
enum { RANKS_KEPT = 64 };

int ordo_policy_ruleset(const ordo_game *cg, int policy, uint64_t *rng)
{
    if (!cg || policy < 0 || policy >= cg->p->npolicies)
        return ORDO_E_ARG;
    const ordo_policy *pl = &cg->p->policies[policy];
    if (pl->ties_random && !rng)
        return ORDO_E_ARG;
    if (cg->status != ORDO_DECIDE || cg->nopts == 0)
        return ORDO_E_STATE;
    /* the by/when fns run on the game's own stack and frames above their
     * tops; vm_eval_quiet puts the block back byte for byte */
    ordo_game *g = (ordo_game *)(uintptr_t)cg;
    const vm_opt *opts = VM_COPTS(g);
    int best = 0, best_r = 0, ties = 0;
    int32_t best_v = 0;
    int rank[RANKS_KEPT];
    int32_t by[RANKS_KEPT];
    for (int i = 0; i < g->nopts; i++) {
        int32_t v;
        int r = option_rank(g, pl, &opts[i], &v);
        if (r < 0)
            return r;
        if (i < RANKS_KEPT) {
            rank[i] = r;
            by[i] = v;
        }
        if (i == 0 || ranks_above(r, v, best_r, best_v)) {
            best = i;
            best_r = r;
            best_v = v;
            ties = 1;
        } else if (r == best_r && v == best_v) {
            ties++;
        }
    }
    if (!pl->ties_random || ties < 2)
        return best;
    /* the k-th of the equals, in the order offered */
    uint32_t k = ordo_rng_below(rng, (uint32_t)ties);
    for (int i = best;; i++) {
        int32_t v;
        int r;
        if (i < RANKS_KEPT) {
            r = rank[i];
            v = by[i];
        } else if ((r = option_rank(g, pl, &opts[i], &v)) < 0) {
            return r;
        }
        if (r == best_r && v == best_v && k-- == 0)
            return i;
    }
}

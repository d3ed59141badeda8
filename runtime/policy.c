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

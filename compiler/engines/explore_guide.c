/* explore_guide.c — the steering of `ordo explore`'s guided walks
 * (explore_guide.h). A walk of uniform choices spends itself on the
 * commonest options and seldom gets deep into the rare branches where
 * faults hide; a fuzzer's answer is to count what was covered and favour
 * what was not, and to go on from the inputs that reached something new.
 * Here an option's weight falls with the times the walks took it (by its
 * id and param, as ordo_option_id numbers it in every state), and a
 * state where a walk reached a new step, option, trigger or place of
 * decision is kept in a corpus that later walks may start from. Swarm
 * testing adds diversity: each walk avoids its own random subset of the
 * options and has its own bound, steering and odds of a restart, so that
 * a fault behind an option the others never leave alone is still met.
 */
#include <string.h>

#include "explore_guide.h"

/* A 64-bit mix (splitmix64's finaliser): the maps' slots. */
static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

void ex_guide_init(ex_guide *gd, const ordo_program *p)
{
    memset(gd, 0, sizeof *gd);
    gd->p = p;
}

void ex_walk_policy_draw(ex_walk_policy *w, uint64_t *rng)
{
    static const uint32_t restarts[4] = {0, 64, 128, 192};
    memset(w, 0, sizeof *w);
    /* a quarter go as far as the game does; the rest 16 to 1,024 decisions */
    w->depth = ordo_rng_below(rng, 4) ? 16 << ordo_rng_below(rng, 7) : 0;
    w->steer = ordo_rng_below(rng, 4) != 0;
    if (ordo_rng_below(rng, 2))
        for (int b = 0; b < 32; b++)
            w->veto |= (uint32_t)(ordo_rng_below(rng, 8) == 0) << b;
    w->restart = restarts[ordo_rng_below(rng, 4)];
}

uint32_t ex_guide_start(const ex_guide *gd, const ex_walk_policy *w, uint64_t *rng)
{
    if (!gd->ncorpus || ordo_rng_below(rng, 256) >= w->restart)
        return 0;
    return gd->corpus[ordo_rng_below(rng, gd->ncorpus)];
}

/* Option i's slot in the map of choices, and its id into *id. */
static uint32_t choice_slot(const ordo_game *g, int i, int *id)
{
    int32_t param = 0;
    *id = ordo_option_id(g, i, &param);
    return (uint32_t)(mix(((uint64_t)(uint32_t)*id << 32) | (uint32_t)param) % EX_GUIDE_SLOTS);
}

/* Option i's weight under w: none when avoided; falling with the times
 * taken when the walk steers (an option never taken weighs 4,097 times
 * one taken thousands of times). */
static uint32_t weight(const ex_guide *gd, const ordo_game *g, int i, const ex_walk_policy *w)
{
    int id;
    uint32_t slot = choice_slot(g, i, &id);
    if (w->veto & (1u << (mix((uint64_t)(uint32_t)id) & 31)))
        return 0;
    return w->steer ? 1 + 4096 / (1 + gd->hits[slot]) : 1;
}

int ex_guide_choose(ex_guide *gd, const ordo_game *g, const ex_walk_policy *w, uint64_t *rng)
{
    int n = ordo_option_count(g);
    if (n <= 1)
        return 0;
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += weight(gd, g, i, w);
    int k = 0;
    if (total == 0 || total > UINT32_MAX) {
        k = (int)ordo_rng_below(rng, (uint32_t)n); /* every option avoided: uniform */
    } else {
        uint32_t x = ordo_rng_below(rng, (uint32_t)total);
        for (uint32_t wk; (wk = weight(gd, g, k, w)) <= x; k++)
            x -= wk;
    }
    int id;
    uint32_t slot = choice_slot(g, k, &id);
    gd->novel |= gd->hits[slot] == 0;
    if (gd->hits[slot] < UINT32_MAX)
        gd->hits[slot]++;
    return k;
}

/* Whether g's decision is at a place (step, line) no walk decided at
 * before; now marked. */
static int new_place(ex_guide *gd, const ordo_game *g)
{
    int32_t step;
    uint32_t line;
    if (ordo_status(g) != ORDO_DECIDE || ordo_where(g, &step, &line) < 0)
        return 0;
    uint32_t slot = (uint32_t)(mix(((uint64_t)(uint32_t)step << 32) | line) % EX_GUIDE_SLOTS);
    unsigned char bit = (unsigned char)(1u << (slot & 7));
    if (gd->places[slot >> 3] & bit)
        return 0;
    gd->places[slot >> 3] |= bit;
    return 1;
}

void ex_guide_saw(ex_guide *gd, const ordo_game *g, const sc_coverage *cov, uint32_t i,
                  uint64_t *rng)
{
    const ordo_program *p = gd->p;
    int reached = sc_count(cov->steps, p->nsteps) + sc_count(cov->options, p->noptions) +
                  sc_count(cov->triggers, p->nprocs);
    int fresh = new_place(gd, g) | (reached > gd->reached) | gd->novel;
    gd->reached = reached;
    gd->novel = 0;
    if (!fresh || i == 0 || ordo_status(g) != ORDO_DECIDE)
        return;
    if (gd->ncorpus < EX_CORPUS_MAX)
        gd->corpus[gd->ncorpus++] = i;
    else
        gd->corpus[ordo_rng_below(rng, EX_CORPUS_MAX)] = i;
}

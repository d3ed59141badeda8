/* explore_guide.h — what steers the guided walks of `ordo explore`
 * (explore_guide.c), as a fuzzer steers by coverage: a map of the options
 * the walks took and the places they decided at, a corpus of the states
 * where a walk reached something new, and each walk's own policy drawn
 * from its seed (swarm testing: the walks differ in what they avoid, how
 * hard they steer, where they start and how far they go).
 */
#ifndef ORDO_ENGINES_EXPLORE_GUIDE_H
#define ORDO_ENGINES_EXPLORE_GUIDE_H

#include <stdint.h>

#include "scenario.h" /* sc_coverage; the runtime's ordo.h */

/* Slots of the maps (options by id and param, places by step and line),
 * hashed; states the corpus holds at most. */
#define EX_GUIDE_SLOTS 4096
#define EX_CORPUS_MAX 1024

/* One walk's policy. */
typedef struct ex_walk_policy {
    int depth;          /* its own bound on its decisions (0: none); not a cut-off */
    int steer;          /* 1: towards the options the walks took least; 0: uniform */
    uint32_t veto;      /* options whose id falls on a set bit (of 32) are avoided */
    uint32_t restart;   /* in 256ths: the odds of starting from a state of the corpus */
} ex_walk_policy;

typedef struct ex_guide {
    const ordo_program *p;
    uint32_t hits[EX_GUIDE_SLOTS];            /* choices, by option id and param */
    unsigned char places[EX_GUIDE_SLOTS / 8]; /* decisions met, by step and line */
    int reached;       /* steps, options and triggers reached, at the last look */
    int novel;         /* the last choice took an option no walk had taken */
    uint32_t corpus[EX_CORPUS_MAX]; /* states (the search's indexes) */
    uint32_t ncorpus;
} ex_guide;

void ex_guide_init(ex_guide *gd, const ordo_program *p);
/* Walk w's policy, drawn from its generator. */
void ex_walk_policy_draw(ex_walk_policy *w, uint64_t *rng);
/* Where a walk starts: the start (state 0) or a state of the corpus. */
uint32_t ex_guide_start(const ex_guide *gd, const ex_walk_policy *w, uint64_t *rng);
/* The option the walk takes at g's decision: drawn with weights that
 * favour the options taken least (when it steers), none it avoids unless
 * it avoids them all; counted in the map. */
int ex_guide_choose(ex_guide *gd, const ordo_game *g, const ex_walk_policy *w, uint64_t *rng);
/* After a transition into g: did it reach a step, option or trigger not
 * reached before (cov, the search's), a new place of decision, or take an
 * option no walk had taken? Then state i goes into the corpus. */
void ex_guide_saw(ex_guide *gd, const ordo_game *g, const sc_coverage *cov, uint32_t i,
                  uint64_t *rng);

#endif /* ORDO_ENGINES_EXPLORE_GUIDE_H */

/* diff_from.h — the starts of `ordo diff --from FILE[:NAME]` other than
 * the game's (diff_from.c): the set-up of a scenario, compiled against A
 * and against B and run on a new game of each; the lockstep search
 * (diff.h, df_search_from) starts from there.
 */
#ifndef ORDO_ENGINES_DIFF_FROM_H
#define ORDO_ENGINES_DIFF_FROM_H

#include <stddef.h>
#include <stdint.h>

#include "diff_rules.h"

/* A start of the search other than the game's: the set-up of a scenario
 * (its statements before its first assertion), compiled against A and
 * against B, a statement one cannot compile left out of that one. */
typedef struct df_start {
    char name[200];    /* the scenario's */
    char where[400];   /* FILE:LINE of its declaration */
    df_side side[2];   /* A and B with the set-up as their one scenario */
    oc_compiler *c[2];
    char *only[2];     /* the statements A (B) alone runs, "a; b" ("": none) */
    char *text;        /* the set-up as a scenario of A writes it, players and
                        * seed apart, B's own statements as comments */
    int players, has_seed;  /* players 0: not given */
    int32_t played[2]; /* the proc its last `play` starts in each (-1: none, or the game) */
    uint64_t seed;
    char trouble[400]; /* why it cannot be searched from ("": it can) */
    uint32_t first_line; /* the file's line of the set-up's first */
} df_start;
typedef struct df_starts {
    df_start *v;
    size_t n;
} df_starts;
/* The starts `--from FILE[:SCENARIO]` names, appended to *out: every
 * scenario of FILE, or those whose names begin with SCENARIO. 0; -1 after
 * a message when FILE cannot be read or compiled or has no such scenario.
 * A start that cannot be made has its trouble said in it. */
int df_starts_read(const char *spec, const df_side *a, const df_side *b, df_starts *out,
                   const char *prog);
void df_starts_free(df_starts *s);
/* Runs start st's set-up on g (side k: 0 A, 1 B), a new game of its
 * program: its setup blocks, plays and chooses, the rolls its `roll`
 * lines force (the first forced_max of them), then g's generator's. The
 * status (ordo_run's, or an error); *rolled (when not NULL): the forced
 * totals rolled. B is given as many as A rolled: a scenario written from
 * the start forces those alone (the others would be left unrolled in A). */
int df_start_run(const df_start *st, int k, ordo_game *g, uint32_t forced_max,
                 uint32_t *rolled);
/* Whether the set-up plays in both, a game of `players` from `seed`:
 * what stops it (a choose not offered, a runtime error) into st->trouble,
 * with its line. */
void df_start_check(df_start *st, int players, uint64_t seed);

#endif /* ORDO_ENGINES_DIFF_FROM_H */

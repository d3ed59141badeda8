/* explore_symmetry.h — one state for all its renamings of the seats, in a
 * ruleset that declares `symmetric players` (explore_symmetry.c). */
#ifndef EX_SYMMETRY_H
#define EX_SYMMETRY_H

#include <stdint.h>

#include "ordo.h"

/* The seats a search may rename, as TLC's SYMMETRY: at most this many
 * (6! = 720 renamings of a state, each a copy and a pass over its
 * per-player vars); past it, none. */
#define EX_SYMMETRY_MAX_SEATS 6

typedef struct ex_symmetry {
    const ordo_program *p;
    int nplayers;
    int nperms;              /* 0: no renaming (not declared, or off) */
    uint8_t *perms;          /* nperms x nplayers: seat k becomes perms[k] */
    uint8_t *inverse;        /* of each: the seat that becomes seat k */
    int *vars;               /* the vars a renaming changes, then -1 */
    int32_t *cells;          /* room for a var's cells, read before written */
    uint32_t ncells;
    ordo_game *scratch[2][2]; /* two canonical forms at once, two blocks each */
} ex_symmetry;

/* Ready for program p at nplayers (on = 0: off). 0, or -1 when out of
 * memory (then nothing to free). */
int ex_symmetry_init(ex_symmetry *y, const ordo_program *p, int nplayers, int on);
void ex_symmetry_free(ex_symmetry *y);

/* The renamings tried on a state: 0 when symmetry is off. */
int ex_symmetry_renamings(const ex_symmetry *y);

/* g's canonical form: of g's renamings that the point in the rules allows
 * (the seat deciding and the winner stay; in a simultaneous group, so do
 * the seats asked before it) and that sort the other seats by their rows,
 * the one with the least position hash, in scratch pair `slot` (0 or 1)
 * or g itself; g when symmetry is off. */
const ordo_game *ex_symmetry_canonical(const ex_symmetry *y, const ordo_game *g, int slot);

#endif /* EX_SYMMETRY_H */

/* explore_edges.h — the transitions a search found a kept state again by
 * (explore.c): what the no-progress analysis reads, besides the parent
 * links, to tell the states from which an end can be reached. Kept in
 * memory; past a number of them (breadth first's compact store), written
 * to a temporary file, so that they cost a state no memory.
 */
#ifndef ORDO_ENGINES_EXPLORE_EDGES_H
#define ORDO_ENGINES_EXPLORE_EDGES_H

#include <stdint.h>
#include <stdio.h>

typedef struct ex_edge {
    uint32_t from, to;
} ex_edge;

typedef struct ex_edges {
    ex_edge *mem;      /* the edges in memory, after those on disk */
    uint64_t n, cap;
    uint64_t spill;    /* edges kept in memory before they go to disk (0: never) */
    FILE *disk;        /* the edges written, or NULL before the first */
    uint64_t on_disk;
} ex_edges;

/* No edges; past `spill` in memory (0: never), they go to disk. */
void ex_edges_init(ex_edges *e, uint64_t spill);
void ex_edges_free(ex_edges *e);
/* All forgotten (a recycled store), the spill threshold kept. */
void ex_edges_clear(ex_edges *e);
/* 0, or -1 when out of memory or the disk is full (the edge is lost). */
int ex_edges_add(ex_edges *e, uint32_t from, uint32_t to);
/* Each edge into a state can[] marks, from one it does not, marks it; the
 * last edge first (breadth first finds them in the order of the states
 * they leave, and what can end spreads backwards). 1 when a state was
 * marked, 0 when none was, -1 when the file could not be read. */
int ex_edges_spread(const ex_edges *e, unsigned char *can);

#endif /* ORDO_ENGINES_EXPLORE_EDGES_H */

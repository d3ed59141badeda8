/* explore_shared_end.h — what follows a search shared among workers
 * (explore_shared_end.c), for explore_shared.c.
 */
#ifndef ORDO_ENGINES_EXPLORE_SHARED_END_H
#define ORDO_ENGINES_EXPLORE_SHARED_END_H

#include "explore_shared_msg.h"

/* Which states can reach no end, once the search is over: how many of
 * all (errors aside) into *stuck, the global id of the first in one
 * process's order into *first. */
void exs_find_stuck(worker *w, uint64_t *stuck, uint64_t *first);
/* Worker 0's result in r: the counters, what was reached, the findings
 * with the links of their paths, who could have known: 0, or -1. */
int exs_merge(worker *w, ex_result *r, uint64_t stuck, uint64_t first);

#endif /* ORDO_ENGINES_EXPLORE_SHARED_END_H */

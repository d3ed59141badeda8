/* deal.h — private to the host kit: a game dealt anew as one seat sees it
 * (deal.c), for the searches (mcts.c) that must not read what the seat
 * cannot see. */
#ifndef ORDO_HOST_DEAL_H
#define ORDO_HOST_DEAL_H

#include "ordo.h"

typedef struct play_deal play_deal;

/* Memory for the hidden cells of p's games of n players; NULL when out of
 * memory. */
play_deal *play_deal_new(const ordo_program *p, int nplayers);
void play_deal_free(play_deal *d);
/* Learns from g what a redeal keeps of the cells `seat` does not see:
 * each kind of item's unseen items (sorted: which cell held which is
 * forgotten), each hand's and list's size, and nothing of other cells. */
void play_deal_learn(play_deal *d, const ordo_game *g, int seat);
/* Writes one redeal, drawn from rng, over the unseen cells of g (a copy
 * of the game learnt from). */
void play_deal_write(play_deal *d, ordo_game *g, uint64_t *rng);

#endif /* ORDO_HOST_DEAL_H */

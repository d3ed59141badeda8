/* pg_game.h — the one game a playground plays (web/pg_game.c): seats
 * played by a person (the page) or a policy, the trace as each seat sees
 * it, the displays on the game as a seat sees it.
 */
#ifndef PG_GAME_H
#define PG_GAME_H

#include <stdio.h>

#include "ordo.h"

typedef struct pg_game pg_game;

/* A game of p for `players` seats from `seed` (decimal or 0x hex), its
 * seats given by `seats`: one word a seat, comma-separated, "human",
 * "random", "first" or a policy p declares. The policies play at once, up
 * to the first decision of a human seat or the end. NULL after a one-line
 * message on err for bad arguments or no memory. */
pg_game *pg_game_new(const ordo_program *p, int players, const char *seed, const char *seats,
                     FILE *err);
void pg_game_free(pg_game *g);
/* A human seat's decision pending: option k taken, then the policies
 * play on. 0, or -1 after a message on err (no human decision pending,
 * k out of range). A runtime error ends the game; its state tells it. */
int pg_game_choose(pg_game *g, int k, FILE *err);
/* The game as `seat` sees it (a player 0-based, ORDO_OMNISCIENT or
 * ORDO_SPECTATOR) as one JSON object on out: status, the decision pending
 * (its options when seat may see them), the winner, the trace's lines
 * from line `from` on, the displays. -1 after a message on err for a bad
 * seat. */
int pg_game_state(pg_game *g, int seat, long from, FILE *out, FILE *err);

#endif /* PG_GAME_H */

/* splendor_ref.h — the hand-written reference of the Splendor solo game
 * (SPL-*, settled as the header comment of rulesets/splendor_solo.ordo
 * settles it, so the same game as that ruleset): its card data, and one
 * function that plays a whole game. splendor_ref.c implements it and, built
 * without SPLENDOR_REF_LIB, is the command `splendor_ref`; bench_titan.c
 * is linked with it (SPLENDOR_REF_LIB) to time it next to the ordo engines.
 */
#ifndef SPLENDOR_REF_H
#define SPLENDOR_REF_H

#include <stdint.h>
#include <stdio.h>

enum {
    SPL_GEMS = 5,       /* white, blue, green, red, black */
    SPL_CARDS = 90,     /* ids 1..90, in cards.csv order */
    SPL_NOBLES = 10,    /* ids 1..10, in nobles.csv order */
    SPL_LEVELS = 3,
    SPL_SLOTS = 4,      /* face-up cards per level */
    SPL_IN_PLAY = 3,    /* nobles in play */
    SPL_RESERVE = 3,    /* the human's reserve */
    SPL_DECK_MAX = 40,  /* cards of one level */
    SPL_TAKES = 25,     /* the sets of different gems, takes.csv */
    SPL_PAYMENTS = 252, /* the ways to spend 0..5 gold as wild gems, payments.csv */
    SPL_HARDER_EXTRA = 2 /* the bot's reserved cards at the start, harder */
};

/* The rules' data, read once from the CSV files (not part of a game). */
typedef struct spl_data {
    int8_t bonus[SPL_CARDS + 1], points[SPL_CARDS + 1]; /* by card id; levels: deck0 */
    int8_t cost[SPL_CARDS + 1][SPL_GEMS];
    int8_t noble_points[SPL_NOBLES + 1], noble_req[SPL_NOBLES + 1][SPL_GEMS];
    uint8_t take_mask[SPL_TAKES], take_size[SPL_TAKES]; /* bit g: gem g */
    int8_t pay_use[SPL_PAYMENTS][SPL_GEMS], pay_total[SPL_PAYMENTS]; /* gold for gem g */
    uint8_t deck0[SPL_LEVELS][SPL_DECK_MAX], deck0_len[SPL_LEVELS]; /* ids, file order */
} spl_data;

typedef enum spl_variant { SPL_BASE, SPL_EASIER, SPL_HARDER } spl_variant;

/* A game's result. */
typedef struct spl_result {
    int winner;          /* 1: the human, 0: the bot */
    int human, bot;      /* final prestige */
    int rounds;          /* rounds begun */
    int decisions;       /* the human's decisions (each one draw of the policy) */
} spl_result;

/* Reads cards.csv, nobles.csv, takes.csv and payments.csv from dir. 0, or
 * -1 after a message on stderr. */
int spl_load(spl_data *d, const char *dir);

/* Plays the game of `seed` (the game generator starts at seed, the random
 * policy's at seed ^ 0x5bd1e9955bd1e995): the bot starts with `extra`
 * reserved cards (SPL-V1 harder; 0 in the base game). With trace non-NULL,
 * every action is written there, a line each. No allocation. */
spl_result spl_play_game(const spl_data *d, uint64_t seed, spl_variant variant, int extra,
                         FILE *trace);

/* sizeof the game state. */
size_t spl_state_size(void);

#endif /* SPLENDOR_REF_H */

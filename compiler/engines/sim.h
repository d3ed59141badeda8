/* sim.h — `ordo sim`'s engine: one game's result, the totals over many
 * games, and how they are printed (the text table, JSON lines) or sent from
 * a worker process to the parent (sim_pack, sim_unpack): sim_stats.c; the
 * games of a run played in one process or on a pool of workers:
 * sim_pool.c; a run set up from the names its command line gives:
 * sim_request.c; the JSON lines of a run's shards read back and merged:
 * sim_merge.c.
 *
 * The totals are integer sums, divided only when printed, so adding the
 * same games in the same order gives the same bytes whether they were
 * played in one process or in several (sim_pool.c). Depends only on the
 * runtime (ordo.h) and the host kit (ordo_host.h).
 */
#ifndef ORDO_ENGINES_SIM_H
#define ORDO_ENGINES_SIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ordo.h"
#include "ordo_host.h"

enum { SIM_ERROR_MAX = 512 }; /* bytes of a runtime error message, NUL included */
enum { SIM_MAX_VARS = 8 };    /* --var options */

/* The fixed part of a game's result, sent as it is between processes of
 * the same program. */
typedef struct sim_head {
    uint64_t seed;
    uint64_t decisions, turns, steps;
    int32_t winner;  /* 0-based player; -1 when none (or an error) */
    int32_t nscores; /* scores read: the player count, or 0 (no score var, or an error) */
    int32_t errlen;  /* length of the error message; 0 when the game ended */
    int32_t nvars;   /* --var values read: the --var count, or 0 (none, or an error) */
    int32_t reason;  /* the text number of the end's reason (`because`), -1: none */
    int32_t limit;   /* 1: a limit the rules set ended it (`because limit`), not a real end */
} sim_head;

/* One game's result: the head, then nscores scores, nvars values of the
 * --var vars and errlen bytes of message (NUL-terminated here, not when
 * packed). */
typedef struct sim_game {
    sim_head h;
    int32_t score[PLAY_MAX_SEATS];
    int32_t var[SIM_MAX_VARS];
    char error[SIM_ERROR_MAX];
} sim_game;

/* The largest packed result. */
enum {
    SIM_PACKED_MAX = sizeof(sim_head) + (PLAY_MAX_SEATS + SIM_MAX_VARS) * sizeof(int32_t) +
                     SIM_ERROR_MAX
};

/* Writes g's packed bytes to buf (at least SIM_PACKED_MAX bytes); returns
 * their count. */
size_t sim_pack(const sim_game *g, unsigned char *buf);
/* The size of the packed result at the start of buf (n bytes there), or 0
 * when it is not all there yet. */
size_t sim_packed_size(const unsigned char *buf, size_t n);
/* Reads back one packed result, complete (sim_packed_size); returns the
 * bytes read. */
size_t sim_unpack(const unsigned char *buf, sim_game *g);

enum { SIM_REASONS = 32 }; /* end reasons told apart; the rest are counted together */

/* What a run of games adds up. */
typedef struct sim_totals {
    uint64_t games;          /* results added */
    uint64_t ended, no_winner, errors;
    uint64_t wins[PLAY_MAX_SEATS];
    /* the games a limit the rules set ended: counted apart, not among the
     * wins and "no winner", which are real results */
    uint64_t limit_ends;
    /* the ends by reason: slot k counts text number reason_text[k] - 1
     * (0: a free slot), in the order first met; reason_other, past them */
    uint32_t reason_text[SIM_REASONS];
    uint64_t reason_count[SIM_REASONS], reason_other;
    /* sums over the games that ended (not the errors) */
    uint64_t decisions, turns, steps;
    int64_t score[PLAY_MAX_SEATS];
    int nscores;             /* players with a score (0: no score var) */
    int64_t var[SIM_MAX_VARS];
    int nvars;               /* --var vars (0: none) */
    uint64_t first_error_seed;
    char first_error[SIM_ERROR_MAX]; /* "" while errors == 0 */
} sim_totals;

void sim_totals_init(sim_totals *t);
void sim_add(sim_totals *t, const sim_game *g);

/* What the table's first line says about the run. */
typedef struct sim_setup {
    const ordo_program *p;
    const char *path;
    uint64_t games, seed;    /* the first game's seed */
    int players;
    const uint8_t *policy;   /* per seat, policy indexes (play_policy_name) */
    const char *const *var_names; /* the --var vars, for their means */
} sim_setup;

/* The text report: the run, one row per outcome (each player's wins, no
 * winner, ended by a limit the rules set, errors) with its rate and 95%
 * interval, the ends by reason, the mean length, the mean final scores and
 * --var values of the games that ended. */
void sim_print_table(FILE *f, const sim_setup *s, const sim_totals *t);
/* Game `index` (0-based) of program p as one JSON object on one line, its
 * end's reason by its text; var_names name its g->h.nvars --var values
 * (NULL when there are none). */
void sim_print_json(FILE *f, const ordo_program *p, uint64_t index, const sim_game *g,
                    const char *const *var_names);

/* The Wilson score interval of a proportion of k successes out of n
 * trials, at 95% confidence (z = 1.96): [*lo, *hi] within [0, 1]. n = 0
 * gives [0, 1]. */
void sim_wilson(uint64_t k, uint64_t n, double *lo, double *hi);

/* ---------------------------------------------------------- sim_pool.c */

enum { SIM_MAX_JOBS = 256 }; /* worker processes */

/* What a process needs to play the run's games. */
typedef struct sim_play {
    const ordo_program *p;
    play_options o;  /* the run's; o.seed becomes each game's */
    uint64_t seed0;  /* game 0's seed */
    int players;
    int score_var;   /* -1: none */
    int var[SIM_MAX_VARS], nvars; /* the --var vars */
    void *mem;       /* one game block, reused by every game */
    size_t size;
    ordo_game *g;    /* the game in mem once ordo_init made it (and validated
                      * the program); the next games ordo_reset it */
    uint64_t turns;  /* turns of the game being played, counted by its trace */
} sim_play;

/* Where a run's results go, in game order. */
typedef struct sim_hooks {
    void (*result)(void *ctx, const sim_game *r);
    void (*progress)(void *ctx, uint64_t done); /* results so far, or NULL */
    void *ctx;
    FILE *err;           /* messages, each "PROG: ..." */
    const char *prog;
} sim_hooks;

/* Sets s up to play p with o's options (o->seed is game 0's seed; its
 * policies resolved), `players` players, the score var (-1: none) and
 * `nvars` vars read at each game's end: 0, or -1 after a message (an
 * invalid program, no memory). sim_play_free frees it. */
int sim_play_init(sim_play *s, const ordo_program *p, const play_options *o, int players,
                  int score_var, const int *vars, int nvars, const sim_hooks *h);
void sim_play_free(sim_play *s);
/* Plays `games` games, game i with seed o->seed + i, on `jobs` processes
 * (1: this one), handing each result to h->result in game order. 0, or
 * -1 after a message when a worker failed. */
int sim_play_run(sim_play *s, uint64_t games, int jobs, const sim_hooks *h);

/* ------------------------------------------------------- sim_request.c */

/* What a run asks for by name: its play options (o.seed: the first game's),
 * the var read as the final scores, the vars whose final values are shown. */
typedef struct sim_request {
    play_options o;
    const char *path;  /* the ruleset's, for messages */
    const char *score; /* NULL: the var `score`, when the ruleset has one that fits */
    const char *const *var;
    int nvars;
} sim_request;

/* Sets s up (sim_play_init) for r: the players and policies, the score
 * var (an int per player) and the --var vars (ints without an index),
 * found by name. TOOL_OK; TOOL_USAGE after a message on stderr (players
 * out of range, an unknown policy or var, a var of the wrong shape); or
 * TOOL_FAIL. s is to be freed (sim_play_free) whatever the result. */
int sim_play_setup(sim_play *s, const ordo_program *p, const sim_request *r,
                   const sim_hooks *h);

/* The first game of the K-th (1-based) of N shares of G games, exactly
 * floor((K-1) G / N): shares K and K+1 bound K's games, the same seeds as
 * in the whole run (N <= 65536). */
uint64_t sim_shard_start(uint64_t games, uint32_t k, uint32_t n);

/* --------------------------------------------------------- sim_merge.c */

/* One line of `ordo sim --jsonl` (sim_print_json's) of program p read back:
 * the game's index and result. 0, or -1 with the reason in why (n bytes)
 * when the line is not such a game of p. */
int sim_read_json(const ordo_program *p, const char *line, size_t len, uint64_t *index,
                  sim_game *g, char *why, size_t n);
/* The games of the JSON-lines files paths[0..n) (shards of one run, each
 * in game order), handed to h->result in game order, so that their totals
 * are the whole run's: 0 with the count in *games and game 0's seed in
 * *seed0, or -1 after a message naming the file and line (a line that is
 * no game of p, a game twice, a game missing, another run's seed). */
int sim_merge_run(const ordo_program *p, const char *const *paths, int n, const sim_hooks *h,
                  uint64_t *games, uint64_t *seed0);

#endif /* ORDO_ENGINES_SIM_H */

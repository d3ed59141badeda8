/* sim_request.c — a run of `ordo sim` set up from what its command line
 * names (sim.h, sim_play_setup): the players and their policies, the var
 * read as the final scores and the --var vars, found by name and checked
 * for their shape; and the games of one shard of a run (sim_shard_start).
 */
#include <string.h>

#include "sim.h"

/* A var that can be read as each player's score: an int per player. */
static int is_score_var(const ordo_var *v)
{
    return !v->is_list && !v->is_set && v->kind == ORDO_K_INT && v->ndims == 1 &&
           v->dim_kind[0] == ORDO_DIM_PLAYER;
}

/* The var read as the players' final scores: r->score, else `score` when
 * the ruleset has such a var. -1 when there is none; -2 after a message
 * when the var r->score names does not exist or does not fit. */
static int find_score_var(const ordo_program *p, const sim_request *r, const sim_hooks *h)
{
    int v = ordo_find_var(p, r->score ? r->score : "score");
    if (v >= 0 && is_score_var(&p->vars[v]))
        return v;
    if (!r->score)
        return -1; /* no default score: the line is left out */
    if (v < 0)
        fprintf(h->err, "%s: --score %s: %s has no var '%s'\n", h->prog, r->score, r->path,
                r->score);
    else
        fprintf(h->err, "%s: --score %s: '%s' is not an int var indexed by player\n", h->prog,
                r->score, r->score);
    return -2;
}

/* The --var vars, each an int var with no index, into var[]. 0, or -1
 * after a message. */
static int find_vars(int *var, const ordo_program *p, const sim_request *r, const sim_hooks *h)
{
    for (int i = 0; i < r->nvars; i++) {
        int v = ordo_find_var(p, r->var[i]);
        if (v < 0) {
            fprintf(h->err, "%s: --var %s: %s has no var '%s'\n", h->prog, r->var[i], r->path,
                    r->var[i]);
            return -1;
        }
        const ordo_var *d = &p->vars[v];
        if (d->is_list || d->is_set || d->kind != ORDO_K_INT || d->ndims != 0) {
            fprintf(h->err, "%s: --var %s: '%s' is not an int var without an index\n", h->prog,
                    r->var[i], r->var[i]);
            return -1;
        }
        var[i] = v;
    }
    return 0;
}

int sim_play_setup(sim_play *s, const ordo_program *p, const sim_request *r,
                   const sim_hooks *h)
{
    play_options o = r->o;
    int var[SIM_MAX_VARS];
    memset(s, 0, sizeof *s);
    int players = play_players(p, &r->o, h->prog);
    if (players < 0 || play_resolve_policies(p, &o, h->prog) != 0)
        return TOOL_USAGE;
    int score_var = find_score_var(p, r, h);
    if (score_var < -1 || find_vars(var, p, r, h) != 0)
        return TOOL_USAGE;
    return sim_play_init(s, p, &o, players, score_var, var, r->nvars, h) == 0 ? TOOL_OK
                                                                              : TOOL_FAIL;
}

/* floor((K-1) G / N) without the product overflowing (N <= 65536). */
uint64_t sim_shard_start(uint64_t games, uint32_t k, uint32_t n)
{
    return games / n * (k - 1) + games % n * (k - 1) / n;
}

/* playopts.c — the host kit's options of one game (--seed, --policy,
 * --trace, ...: runtime/host/options.c) as entries of a command's option
 * table: `ordo run` takes them all, `ordo sim` and `ordo play` those that
 * make sense for them, each with its own help text, and the kit reads the
 * values, so that every tool takes them alike; and the command line of a
 * command that plays one game of one file (run, play). */
#include "driver.h"

const drv_option drv_search_options[] = {
    {"playouts", 0, "N",
     "playouts per decision of an mcts seat (default 1000; 0: as many as --think allows)",
     DRV_PLAY(PLAYOUTS), NULL},
    {"think", 0, "SECONDS",
     "an mcts seat's most time per decision (default none; a time budget makes its decisions "
     "vary from run to run)",
     DRV_PLAY(THINK), NULL},
    {"rollout", 0, "NAME",
     "the policy an mcts playout plays on with (default random; first, or a policy the ruleset "
     "declares)",
     DRV_PLAY(ROLLOUT), NULL},
    {"depth", 0, "N",
     "cut an mcts rollout after N decisions and score it with --eval (default 0: play it to "
     "the end)",
     DRV_PLAY(DEPTH), NULL},
    {"eval", 0, "FN",
     "the ruleset's fn (p: player): int that scores a cut rollout: each seat's share of the "
     "total",
     DRV_PLAY(EVAL), NULL},
    {0}};

int drv_play_take(play_options *o, int id, const char *value, const char *prog)
{
    unsigned bit = (unsigned)id & ~(unsigned)DRV_ID_PLAY;
    if (!(id & DRV_ID_PLAY) || !play_option_name(bit))
        return 1;
    return play_set_option(o, bit, value, prog) == 0 ? DRV_TAKEN : DRV_BAD;
}

int drv_play_or_diag_take(play_options *o, drv_diag *dd, int id, const char *value,
                          const char *prog)
{
    int r = drv_diag_take(dd, id, value, prog);
    return r == 1 ? drv_play_take(o, id, value, prog) : r;
}

void drv_game_args_init(drv_game_args *a, const char *prog)
{
    a->file = NULL;
    a->prog = prog;
    play_options_init(&a->o);
    drv_diag_init(&a->dd);
}

int drv_game_take(void *ctx, int id, const char *value)
{
    drv_game_args *a = ctx;
    if (id == DRV_OPT_ARG)
        return drv_take_file(a->prog, &a->file, value);
    return drv_play_or_diag_take(&a->o, &a->dd, id, value, a->prog);
}

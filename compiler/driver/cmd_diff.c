/* cmd_diff.c — `ordo diff A B`: where two rulesets part, played in
 * lockstep from the same seeds (or, with --rules, the declarations that
 * differ), each difference at the lines of both files with its rule IDs.
 * The players' check, the search, the comparison, the report and the
 * scenarios' file are the engine's (compiler/engines/diff.h, df_diff);
 * here is the command line. Exit status as diff(1)'s.
 */
#include <string.h>

#include "diff.h"
#include "driver.h"

static const char *const prog = "ordo diff";

enum { OPT_PLAYERS, OPT_SEED, OPT_SEEDS, OPT_DEPTH, OPT_STATES, OPT_MEMORY, OPT_SECONDS,
       OPT_OUTCOMES, OPT_WALKS, OPT_MAX_STEPS, OPT_SEEDED_DICE, OPT_SCENARIOS, OPT_RULES, OPT_FROM };

enum { MAX_FROM = 64 };

static const drv_option diff_options[] = {
    {"rules", 0, NULL, "no search: the steps, options, procs, triggers, actions, constants, "
     "vars and tables that differ", OPT_RULES, NULL},
    {"players", 0, "N", "players (default: A's minimum)", OPT_PLAYERS, NULL},
    {"seed", 0, "S", "the first seed (default 1)", OPT_SEED, NULL},
    {"seeds", 0, "K", "search seeds S .. S+K-1 (default 1)", OPT_SEEDS, NULL},
    {"depth", 0, "D", "at most D decisions from the start", OPT_DEPTH, NULL},
    {"states", 0, "N", "keep at most N pairs of states per seed", OPT_STATES, NULL},
    {"memory", 0, "MB", "memory for the pairs kept (default 512)", OPT_MEMORY, NULL},
    {"seconds", 0, "T", "stop after T seconds (default 60)", OPT_SECONDS, NULL},
    {"outcomes", 0, "N", "outcomes of the rolls followed from one decision (default 100000)",
     OPT_OUTCOMES, NULL},
    {"walks", 0, "N", "N random walks per seed instead of the full search: an option both "
     "offer at random, the rolls A's generator's", OPT_WALKS, NULL},
    {"max-steps", 0, "N", "VM instructions allowed between two decisions (default 1000000)",
     OPT_MAX_STEPS, NULL},
    {"seeded-dice", 0, NULL, "the rolls follow each game's generator: one outcome a roll",
     OPT_SEEDED_DICE, NULL},
    {"scenarios", 0, "OUT", "write each difference as a scenario that extends A and passes "
     "there (extending B, it fails)", OPT_SCENARIOS, NULL},
    {"from", 0, "FILE[:NAME]", "search also from the set-up of each scenario of FILE (those "
     "whose names begin with NAME): its statements before its first expect, run in A and in B "
     "(repeatable)", OPT_FROM, NULL},
    {0}};

const drv_command cmd_diff_command = {
    "ordo diff", "A.ordo B.ordo [OPTIONS]",
    "Plays A and B in lockstep from the same seeds, with the same choices and\n"
    "the same rolls, breadth first, and reports each shortest play after which\n"
    "they part: an option one offers and the other not, the same choice with\n"
    "other events, state or end, a decision in one and not the other. Each is\n"
    "shown at the lines of both files, with the rule IDs they cite, grouped by\n"
    "rule ID, and is explained when a changed declaration of B runs there.\n"
    "With --from, the search starts also from scenarios' set-ups: situations\n"
    "play rarely reaches (a bank short of a card, a die off the tray).\n",
    (const drv_option *const[]){diff_options, NULL},
    "exit status: 0 no difference found, 1 differences, 2 trouble (bad command\n"
    "line, missing file, compile error, a --from set-up that fails).\n"};

typedef struct args {
    const char *file[2], *scenarios, *from[MAX_FROM];
    int nfiles, rules, nfrom;
    df_options o;
    unsigned long long n[OPT_MAX_STEPS + 1];
} args;

static int take(void *ctx, int id, const char *v)
{
    static const unsigned long long hi[] = {127,     UINT64_MAX, 1000000,    1000000,
                                            UINT32_MAX - 2, 1 << 20, 1000000, UINT32_MAX,
                                            1000000000, UINT64_MAX};
    static const char *const names[] = {"players", "seed",     "seeds", "depth",
                                        "states",  "memory",   "seconds", "outcomes",
                                        "walks",   "max-steps"};
    args *a = ctx;
    if (id == DRV_OPT_ARG && a->nfiles == 2) {
        fprintf(stderr, "%s: two files, A and B\n", prog);
        return DRV_BAD;
    }
    if (id == DRV_OPT_ARG)
        a->file[a->nfiles++] = v;
    else if (id == OPT_RULES || id == OPT_SEEDED_DICE)
        *(id == OPT_RULES ? &a->rules : &a->o.lim.seeded_dice) = 1;
    else if (id == OPT_SCENARIOS)
        a->scenarios = v;
    else if (id == OPT_FROM && a->nfrom == MAX_FROM) {
        fprintf(stderr, "%s: at most %d --from\n", prog, MAX_FROM);
        return DRV_BAD;
    } else if (id == OPT_FROM)
        a->from[a->nfrom++] = v;
    else if (drv_option_number(prog, names[id], v, id == OPT_SEED ? 0 : 1, hi[id], &a->n[id]))
        return DRV_BAD;
    return DRV_TAKEN;
}

static int parse(args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    df_options d;
    df_options_default(&d, 60);
    a->n[OPT_SEED] = d.seed;
    a->n[OPT_SEEDS] = d.seeds;
    a->n[OPT_MEMORY] = d.lim.memory >> 20;
    a->n[OPT_SECONDS] = (unsigned long long)d.lim.seconds;
    a->n[OPT_OUTCOMES] = d.lim.outcomes;
    a->n[OPT_MAX_STEPS] = d.lim.max_steps;
    int st = drv_options_read(&cmd_diff_command, argc, argv, take, a);
    if (st != DRV_OPT_GO)
        return st;
    if (a->nfiles != 2) {
        fprintf(stderr, "%s: two files, A and B (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (a->scenarios && (tool_same_file(a->scenarios, a->file[0]) ||
                         tool_same_file(a->scenarios, a->file[1]))) {
        fprintf(stderr, "%s: --scenarios '%s' is a ruleset compared\n", prog, a->scenarios);
        return TOOL_USAGE;
    }
    ex_limits lim = {NULL, (int)a->n[OPT_DEPTH], a->n[OPT_STATES], a->n[OPT_MEMORY] << 20,
                     (double)a->n[OPT_SECONDS], a->n[OPT_MAX_STEPS], a->o.lim.seeded_dice,
                     a->n[OPT_OUTCOMES], EX_SEARCH_MIXED, 0,
                     0 /* symmetry: the pair search has none */};
    a->o.lim = lim;
    a->o.seed = a->n[OPT_SEED];
    a->o.seeds = a->n[OPT_SEEDS];
    a->o.walks = a->n[OPT_WALKS];
    return tool_readable(prog, a->file[0]) && tool_readable(prog, a->file[1]) ? DRV_GO
                                                                            : TOOL_USAGE;
}

int cmd_diff(int argc, char **argv)
{
    args a;
    int status = parse(&a, argc, argv);
    if (status != DRV_GO)
        return status;
    drv_diag dd;
    drv_diag_init(&dd);
    oc_compiler *c[2] = {NULL, NULL};
    df_side s[2];
    for (int k = 0; k < 2; k++)
        s[k] = (df_side){drv_compile(a.file[k], &dd, &c[k]), a.file[k], c[k]};
    a.o.nplayers = (int)a.n[OPT_PLAYERS];
    df_request r = {a.o, a.rules, a.scenarios, prog, a.from, a.nfrom};
    status = s[0].p && s[1].p ? df_diff(&s[0], &s[1], &r, stdout) : TOOL_USAGE;
    oc_free(c[0]);
    oc_free(c[1]);
    return status;
}

/* cmd_explore.c — `ordo explore FILE`: search the states a ruleset's games
 * can reach and report where play breaks: a runtime error, a decision with
 * no legal option, play that can no longer reach an end, and the steps,
 * options, triggers and rules no explored game reached. Each finding is a
 * GCC-style diagnostic at its line, and with --scenarios a scenario that
 * replays it, to paste into the ruleset (it fails until the rules are
 * fixed). The search (shared among --jobs threads or --mpi ranks), the
 * seeds of random walks shared among --jobs processes and the report are
 * the engine's (compiler/engines/explore.h); here is the
 * command line.
 */
#include <string.h>

#include "driver.h"
#include "explore.h"
#include "explore_mpi.h"

static const char *const prog = "ordo explore";

/* the options with a number, in the order of `limits` */
enum {
    OPT_PLAYERS, OPT_SEED, OPT_SEEDS, OPT_DEPTH, OPT_STATES, OPT_MEMORY, OPT_SECONDS, OPT_WALKS,
    OPT_JOBS, OPT_MAX_STEPS, OPT_OUTCOMES, OPT_SEEDED_DICE, OPT_IGNORE, OPT_SCENARIOS,
    OPT_BFS, OPT_SWARM, OPT_FIRST, OPT_NO_SYMMETRY, OPT_MPI
};

static const drv_option explore_options[] = {
    {"players", 0, "N", "players (default: the ruleset's minimum)", OPT_PLAYERS, NULL},
    {"seed", 0, "S", "the first seed (default 1)", OPT_SEED, NULL},
    {"seeds", 0, "K", "explore seeds S .. S+K-1 (default 1)", OPT_SEEDS, NULL},
    {"depth", 0, "D", "at most D decisions from the start", OPT_DEPTH, NULL},
    {"states", 0, "N", "keep at most N states per seed", OPT_STATES, NULL},
    {"memory", 0, "MB",
     "memory for the states kept, per process (default 1024); breadth first, the states "
     "waiting past a quarter of it go to a temporary file of at most 16 times it",
     OPT_MEMORY, NULL},
    {"seconds", 0, "T", "stop each search after T seconds (default 60)", OPT_SECONDS, NULL},
    {"walks", 0, "N", "N random walks per seed instead of the full search", OPT_WALKS, NULL},
    {"bfs", 0, NULL,
     "breadth first alone, for all of --seconds (by default a tenth of it, then guided walks)",
     OPT_BFS, NULL},
    {"swarm", 0, NULL,
     "guided walks alone, each with its own policy (with --walks N, N of them; else until "
     "--seconds)",
     OPT_SWARM, NULL},
    {"first", 0, NULL, "stop at the first finding (not counting walks cut off by --depth)",
     OPT_FIRST, NULL},
    {"jobs", 0, "N",
     "breadth first, each search shared among N threads (its states partitioned by "
     "fingerprint); random walks, the seeds shared among N processes (default 1)",
     OPT_JOBS, NULL},
    {"mpi", 0, NULL,
     "each search shared among the ranks of `mpirun -np N ordo explore --mpi ...`, on one "
     "machine or several; --memory is each rank's",
     OPT_MPI, NULL},
    {"outcomes", 0, "N",
     "outcomes of the rolls explored from one decision (default 100000); past it the search "
     "is bounded",
     OPT_OUTCOMES, NULL},
    {"seeded-dice", 0, NULL,
     "the rolls too follow each state's generator: one outcome a roll (random walks always do)",
     OPT_SEEDED_DICE, NULL},
    {"ignore", 0, "VAR",
     "leave VAR out of a state's identity (repeatable): a counter such as 'turns' makes every "
     "state new, and hides that play goes round in circles",
     OPT_IGNORE, NULL},
    {"no-symmetry", 0, NULL,
     "count apart the states that differ by a renaming of the seats, in a ruleset that "
     "declares 'symmetric players'",
     OPT_NO_SYMMETRY, NULL},
    {"max-steps", 0, "N",
     "VM instructions allowed between two decisions (default 1000000): more is reported as no "
     "progress",
     OPT_MAX_STEPS, NULL},
    {"scenarios", 0, "OUT", "write each finding as a scenario that replays it",
     OPT_SCENARIOS, NULL},
    {0}};

const drv_command cmd_explore_command = {
    "ordo explore",
    "FILE [OPTIONS]",
    "Searches the states a ruleset's games reach from the start: every option\n"
    "of every decision, breadth first, states hashed and kept once, for a\n"
    "tenth of --seconds; then walks guided towards what no game reached yet,\n"
    "for the rest (or --bfs, --swarm, --walks alone). Reports each runtime error, decision with no legal option, and\n"
    "state from which no end can be reached, as FILE:LINE:COL: error: ...,\n"
    "then the steps, options, triggers and rule IDs never reached, and a\n"
    "summary. Every total of every roll is a branch of its own (at most\n"
    "--outcomes of them from one decision); shuffles follow each state's\n"
    "generator, and --seeds explores several dealings of them.\n",
    (const drv_option *const[]){explore_options, drv_native_options, NULL},
    "exit status: 0 no error found, 1 an error found (or the ruleset does not\n"
    "compile), 2 bad command line or missing file.\n"};

typedef struct args {
    const char *file, *scenarios;
    const char *ignore[16];
    int nignore;
    long players, jobs, depth, walks;
    uint64_t seed, seeds, states, memory_mb, max_steps, outcomes;
    double seconds;
    int seeded_dice, search, first, no_symmetry, mpi;
    drv_native nat; /* --native, --interpreted */
} args;

/* -------------------------------------------------------- command line */

/* A number option: its value, in its range, into args. */
static int take_number(args *a, int id, const char *v)
{
    static const struct {
        const char *name;
        uint64_t lo, hi;
    } limits[] = {{"players", 1, 127},    {"seed", 0, UINT64_MAX}, {"seeds", 1, 1000000},
                  {"depth", 1, 1000000},  {"states", 1, UINT32_MAX - 2},
                  {"memory", 1, 1 << 20}, {"seconds", 1, 1000000}, {"walks", 1, 1000000000},
                  {"jobs", 1, 256},       {"max-steps", 1, UINT64_MAX},
                  {"outcomes", 1, UINT32_MAX}};
    unsigned long long n;
    if (drv_option_number(prog, limits[id].name, v, limits[id].lo, limits[id].hi, &n) != 0)
        return DRV_BAD;
    switch (id) {
    case OPT_PLAYERS: a->players = (long)n; break;
    case OPT_SEED: a->seed = n; break;
    case OPT_SEEDS: a->seeds = n; break;
    case OPT_DEPTH: a->depth = (long)n; break;
    case OPT_STATES: a->states = n; break;
    case OPT_MEMORY: a->memory_mb = n; break;
    case OPT_SECONDS: a->seconds = (double)n; break;
    case OPT_WALKS: a->walks = (long)n; break;
    case OPT_JOBS: a->jobs = (long)n; break;
    case OPT_MAX_STEPS: a->max_steps = n; break;
    case OPT_OUTCOMES: a->outcomes = n; break;
    }
    return DRV_TAKEN;
}

static int take(void *ctx, int id, const char *v)
{
    args *a = ctx;
    switch (id) {
    case DRV_OPT_ARG:
        return drv_take_file(prog, &a->file, v);
    case OPT_SEEDED_DICE:
        a->seeded_dice = 1;
        return DRV_TAKEN;
    case OPT_NO_SYMMETRY:
        a->no_symmetry = 1;
        return DRV_TAKEN;
    case OPT_MPI:
        a->mpi = 1;
        return DRV_TAKEN;
    case OPT_SCENARIOS:
        a->scenarios = v;
        return DRV_TAKEN;
    case OPT_BFS:
    case OPT_SWARM:
        if (a->search) {
            fprintf(stderr, "%s: --bfs or --swarm, not both\n", prog);
            return DRV_BAD;
        }
        a->search = id == OPT_BFS ? EX_SEARCH_BFS : EX_SEARCH_SWARM;
        return DRV_TAKEN;
    case OPT_FIRST:
        a->first = 1;
        return DRV_TAKEN;
    case OPT_IGNORE:
        if (a->nignore == 16) {
            fprintf(stderr, "%s: more than 16 --ignore\n", prog);
            return DRV_BAD;
        }
        a->ignore[a->nignore++] = v;
        return DRV_TAKEN;
    }
    if (drv_native_take(&a->nat, id, v) != 1)
        return DRV_TAKEN;
    return take_number(a, id, v);
}

static int parse(args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    a->jobs = 1;
    a->seed = 1;
    a->seeds = 1;
    a->memory_mb = 1024;
    a->max_steps = 1000000;
    a->seconds = 60;
    a->outcomes = 100000;
    int st = drv_options_read(&cmd_explore_command, argc, argv, take, a);
    if (st != DRV_OPT_GO)
        return st;
    if (!a->file) {
        fprintf(stderr, "%s: no input file (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (a->scenarios && tool_same_file(a->scenarios, a->file)) {
        fprintf(stderr, "%s: --scenarios '%s' is the ruleset: write them beside it\n", prog,
                a->scenarios);
        return TOOL_USAGE;
    }
    if (a->search == EX_SEARCH_BFS && a->walks) {
        fprintf(stderr, "%s: --bfs or --walks, not both\n", prog);
        return TOOL_USAGE;
    }
    if (a->mpi && a->walks) {
        fprintf(stderr, "%s: --mpi shares a breadth-first search: not with --walks\n", prog);
        return TOOL_USAGE;
    }
    if (a->walks && (uint64_t)a->jobs > a->seeds)
        a->jobs = (long)a->seeds;
    return tool_readable(prog, a->file) ? DRV_GO : TOOL_USAGE;
}

int cmd_explore(int argc, char **argv)
{
    args a;
    int status = parse(&a, argc, argv);
    if (status != DRV_GO)
        return status;
    drv_diag dd;
    drv_diag_init(&dd);
    oc_compiler *c;
    const ordo_program *p = drv_compile(a.file, &dd, &c);
    ex_request r = {{{NULL, (int)a.depth, a.states, a.memory_mb << 20, a.seconds, a.max_steps,
                      a.seeded_dice, a.outcomes, a.search, a.first, a.no_symmetry},
                     (int)a.players, a.seed, a.seeds, (uint64_t)a.walks, a.jobs, stderr, stderr,
                     prog, NULL},
                    a.file, a.ignore, a.nignore, a.scenarios};
    ex_transport mpi;
    if (p && a.mpi && ex_mpi_open(&mpi) != 0) {
        fprintf(stderr, "%s: MPI could not start\n", prog);
        drv_native_free(&a.nat);
        oc_free(c);
        return TOOL_FAIL;
    }
    r.o.mpi = a.mpi ? &mpi : NULL;
    status = p ? TOOL_OK : TOOL_FAIL;
    if (p) /* the transitions played by the emitted C */
        p = drv_native_program(&a.nat, prog, a.file, p, &status);
    if (p)
        status = ex_explore(p, &r, stdout);
    if (a.mpi && r.o.mpi)
        ex_mpi_close(&mpi);
    drv_native_free(&a.nat);
    oc_free(c);
    return status;
}

/* cmd_explore.c — `ordo explore FILE`: search the states a ruleset's games
 * can reach and report where play breaks: a runtime error, a decision with
 * no legal option, play that can no longer reach an end, and the steps,
 * options, triggers and rules no explored game reached. Each finding is a
 * GCC-style diagnostic at its line, and with --scenarios a scenario that
 * replays it, to paste into the ruleset (it fails until the rules are
 * fixed). The search, the seeds shared among --jobs processes and the
 * report are the engine's (compiler/engines/explore.h); here is the
 * command line.
 */
#include <string.h>

#include "driver.h"
#include "explore.h"

static const char *const prog = "ordo explore";

static const char help[] =
    "usage: ordo explore FILE [OPTIONS]\n"
    "\n"
    "Searches the states a ruleset's games reach from the start: every option\n"
    "of every decision, breadth first (or random walks), states hashed and\n"
    "kept once. Reports each runtime error, decision with no legal option, and\n"
    "state from which no end can be reached, as FILE:LINE:COL: error: ...,\n"
    "then the steps, options, triggers and rule IDs never reached, and a\n"
    "summary. Every total of every roll is a branch of its own (at most\n"
    "--outcomes of them from one decision); shuffles follow each state's\n"
    "generator, and --seeds explores several dealings of them.\n"
    "\n"
    "  --players N       players (default: the ruleset's minimum)\n"
    "  --seed S          the first seed (default 1)\n"
    "  --seeds K         explore seeds S .. S+K-1 (default 1)\n"
    "  --depth D         at most D decisions from the start\n"
    "  --states N        keep at most N states per seed\n"
    "  --memory MB       memory for the states kept, per process (default 1024)\n"
    "  --seconds T       stop each search after T seconds (default 60)\n"
    "  --walks N         N random walks per seed instead of the full search\n"
    "  --jobs N          seeds shared among N processes (default 1)\n"
    "  --outcomes N      outcomes of the rolls explored from one decision\n"
    "                    (default 100000); past it the search is bounded\n"
    "  --seeded-dice     the rolls too follow each state's generator: one\n"
    "                    outcome a roll (random walks always do)\n"
    "  --ignore VAR      leave VAR out of a state's identity (repeatable): a\n"
    "                    counter such as 'turns' makes every state new, and\n"
    "                    hides that play goes round in circles\n"
    "  --max-steps N     VM instructions allowed between two decisions\n"
    "                    (default 1000000): more is reported as no progress\n"
    "  --scenarios OUT   write each error found as a scenario that replays it\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 no error found, 1 an error found (or the ruleset does not\n"
    "compile), 2 bad command line or missing file.\n";

typedef struct args {
    const char *file, *scenarios;
    const char *ignore[16];
    int nignore;
    long players, jobs, depth, walks;
    uint64_t seed, seeds, states, memory_mb, max_steps, outcomes;
    double seconds;
    int seeded_dice;
} args;

/* -------------------------------------------------------- command line */

static int number(const char *opt, const char *v, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (play_parse_u64(v, out) != 0 || *out < lo || *out > hi) {
        fprintf(stderr, "%s: bad value '%s' for %s\n", prog, v ? v : "", opt);
        return -1;
    }
    return 0;
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
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n;
        if (strcmp(o, "--help") == 0 || strcmp(o, "-h") == 0) {
            fputs(help, stdout);
            return TOOL_OK;
        }
        if (strcmp(o, "--version") == 0) {
            printf("ordo %s\n", ORDO_VERSION);
            return TOOL_OK;
        }
        if (o[0] != '-' || !o[1]) {
            if (a->file) {
                fprintf(stderr, "%s: one file at a time ('%s' and '%s')\n", prog, a->file, o);
                return TOOL_USAGE;
            }
            a->file = o;
            continue;
        }
        static const struct {
            const char *name;
            uint64_t lo, hi;
        } opts[] = {{"--players", 1, 127},    {"--seed", 0, UINT64_MAX}, {"--seeds", 1, 1000000},
                    {"--depth", 1, 1000000},  {"--states", 1, UINT32_MAX - 2},
                    {"--memory", 1, 1 << 20}, {"--seconds", 1, 1000000}, {"--walks", 1, 1000000000},
                    {"--jobs", 1, 256},       {"--max-steps", 1, UINT64_MAX},
                    {"--outcomes", 1, UINT32_MAX}};
        int k, nopts = (int)(sizeof opts / sizeof opts[0]);
        for (k = 0; k < nopts && strcmp(o, opts[k].name) != 0; k++)
            ;
        if (strcmp(o, "--seeded-dice") == 0) {
            a->seeded_dice = 1;
            continue;
        }
        if (strcmp(o, "--scenarios") == 0 && v) {
            a->scenarios = v;
            i++;
            continue;
        }
        if (strcmp(o, "--ignore") == 0 && v) {
            if (a->nignore == 16) {
                fprintf(stderr, "%s: more than 16 --ignore\n", prog);
                return TOOL_USAGE;
            }
            a->ignore[a->nignore++] = v;
            i++;
            continue;
        }
        if (k == nopts)
            return drv_unknown_option(prog, o);
        if (number(o, v, opts[k].lo, opts[k].hi, &n) != 0)
            return TOOL_USAGE;
        i++;
        switch (k) {
        case 0: a->players = (long)n; break;
        case 1: a->seed = n; break;
        case 2: a->seeds = n; break;
        case 3: a->depth = (long)n; break;
        case 4: a->states = n; break;
        case 5: a->memory_mb = n; break;
        case 6: a->seconds = (double)n; break;
        case 7: a->walks = (long)n; break;
        case 8: a->jobs = (long)n; break;
        case 9: a->max_steps = n; break;
        case 10: a->outcomes = n; break;
        }
    }
    if (!a->file) {
        fprintf(stderr, "%s: no input file (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (a->scenarios && drv_same_file(a->scenarios, a->file)) {
        fprintf(stderr, "%s: --scenarios '%s' is the ruleset: write them beside it\n", prog,
                a->scenarios);
        return TOOL_USAGE;
    }
    if ((uint64_t)a->jobs > a->seeds)
        a->jobs = (long)a->seeds;
    return drv_readable(prog, a->file) ? DRV_GO : TOOL_USAGE;
}

/* The findings as scenarios, into the file --scenarios names (written
 * whole or not at all). */
static void write_scenarios(const ordo_program *p, const args *a, const ex_total *t,
                            int nplayers)
{
    drv_output out;
    FILE *f = drv_output_open(&out, a->scenarios, prog);
    if (!f)
        return;
    ex_write_scenarios(f, p, a->file, t, nplayers);
    drv_output_commit(&out, prog);
}

static int explore(const ordo_program *p, const args *a, const int *ignore, int nplayers)
{
    ex_run_options o = {{a->nignore ? ignore : NULL, (int)a->depth, a->states,
                         a->memory_mb << 20, a->seconds, a->max_steps, a->seeded_dice,
                         a->outcomes},
                        nplayers, a->seed, a->seeds, (uint64_t)a->walks, a->jobs, stderr, stderr, prog};
    ex_total t;
    int status;
    if (ex_run(p, &o, &t) != 0) {
        fprintf(stderr, "%s: the search failed (out of memory?)\n", prog);
        status = TOOL_FAIL;
    } else {
        status = ex_report(stdout, p, a->file, &o, &t) ? TOOL_FAIL : TOOL_OK;
        if (a->scenarios)
            write_scenarios(p, a, &t, nplayers);
    }
    ex_total_free(&t);
    return status;
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
    if (!p) {
        oc_free(c);
        return TOOL_FAIL;
    }
    int nplayers = a.players ? (int)a.players : p->min_players;
    if (nplayers < p->min_players || nplayers > p->max_players) {
        fprintf(stderr, "%s: --players must be in %d..%d\n", prog, p->min_players,
                p->max_players);
        oc_free(c);
        return TOOL_USAGE;
    }
    int ignore[17];
    for (int k = 0; k < a.nignore; k++) {
        ignore[k] = ordo_find_var(p, a.ignore[k]);
        if (ignore[k] < 0) {
            fprintf(stderr, "%s: --ignore '%s': the ruleset has no such var\n", prog, a.ignore[k]);
            oc_free(c);
            return TOOL_USAGE;
        }
    }
    ignore[a.nignore] = -1;
    status = explore(p, &a, ignore, nplayers);
    oc_free(c);
    return status;
}

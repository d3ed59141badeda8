/* cmd_mutate.c — `ordo mutate FILE`: mutation testing of a ruleset's
 * scenarios. The mutants, their runs and the report are the engine's
 * (compiler/engines/mutants.h); here are the command line and the check
 * that the ruleset as it is compiles and passes its scenarios.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"
#include "mutants.h"

static const char *const prog = "ordo mutate";

enum { OPT_JOBS, OPT_TIMEOUT, OPT_MIN_SCORE, OPT_VERBOSE };

static const drv_option mutate_option_table[] = {
    {"jobs", 0, "N", "mutants run N at a time (default: the number of cores)", OPT_JOBS, NULL},
    {"timeout", 0, "S",
     "a mutant's scenarios get S seconds (default 10); past them it counts as killed",
     OPT_TIMEOUT, NULL},
    {"min-score", 0, "P", "exit 1 when fewer than P% of the mutants are killed", OPT_MIN_SCORE,
     NULL},
    {NULL, 'v', NULL, "also print each mutant killed or stillborn", OPT_VERBOSE, NULL},
    {0}};

const drv_command cmd_mutate_command = {
    "ordo mutate",
    "FILE [--jobs N] [--timeout S] [--min-score P] [-v]",
    "Makes one small change to the rules at a time (flip a comparison, move a\n"
    "constant by one, leave out a statement, a 'when' guard or a cost, swap\n"
    "'immediately' and 'after', reverse an order, swap two statements that do\n"
    "not commute) and runs the ruleset's scenarios on each. Prints each mutant\n"
    "that every scenario still passes as FILE:LINE:COL: survived: KIND: WHAT\n"
    "[RULE], with the line it changes, then 'mutants: K killed of N (P%)'.\n"
    "Scenarios, policies and displays are never changed. A survivor marked in\n"
    "the ruleset as\n"
    "  # ordo-mutant equivalent KIND \"LINE TEXT\": REASON\n"
    "is counted apart, as equivalent; a mark no survivor matches is reported\n"
    "as a stale mark.\n",
    (const drv_option *const[]){mutate_option_table, NULL},
    "exit status: 0 done (and the score reached), 1 the ruleset does not compile\n"
    "or its scenarios fail unmutated, or the score is below --min-score, 2 bad\n"
    "command line or missing file.\n"};

typedef struct mutate_args {
    const char *file;
    long jobs, timeout, min_score;
    int verbose;
} mutate_args;

static int take(void *ctx, int id, const char *v)
{
    static const struct {
        const char *name;
        long lo, hi;
    } limits[] = {[OPT_JOBS] = {"jobs", 1, 256},
                  [OPT_TIMEOUT] = {"timeout", 1, 3600},
                  [OPT_MIN_SCORE] = {"min-score", 0, 100}};
    mutate_args *a = ctx;
    if (id == DRV_OPT_ARG)
        return drv_take_file(prog, &a->file, v);
    if (id == OPT_VERBOSE) {
        a->verbose = 1;
        return DRV_TAKEN;
    }
    unsigned long long n;
    if (drv_option_number(prog, limits[id].name, v, (unsigned long long)limits[id].lo,
                          (unsigned long long)limits[id].hi, &n) != 0)
        return DRV_BAD;
    *(id == OPT_JOBS ? &a->jobs : id == OPT_TIMEOUT ? &a->timeout : &a->min_score) = (long)n;
    return DRV_TAKEN;
}

int cmd_mutate(int argc, char **argv)
{
    mutate_args a = {NULL, sysconf(_SC_NPROCESSORS_ONLN), 10, -1, 0};
    if (a.jobs < 1)
        a.jobs = 1;
    int st = drv_options_read(&cmd_mutate_command, argc, argv, take, &a);
    if (st != DRV_OPT_GO)
        return st;
    const char *file = a.file;
    long jobs = a.jobs, timeout = a.timeout, min_score = a.min_score;
    int verbose = a.verbose;
    if (!file) {
        fprintf(stderr, "%s: no input file (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (strcmp(file, "-") == 0 || !tool_readable(prog, file)) {
        if (strcmp(file, "-") == 0)
            fprintf(stderr, "%s: the ruleset must be a file (its mutants are compiled beside it)\n",
                    prog);
        return TOOL_USAGE;
    }
    size_t n;
    char *src = play_read_file(file, 64 << 20, prog, &n);
    if (!src)
        return TOOL_USAGE;
    /* the ruleset as it is must compile and pass its scenarios */
    drv_diag dd;
    drv_diag_init(&dd);
    oc_compiler *c;
    const ordo_program *p = drv_compile(file, &dd, &c);
    int passed = 0, failed = 0;
    FILE *null = fopen("/dev/null", "w");
    if (p)
        sc_run_all(p, file, 0, null ? null : stderr, &passed, &failed);
    if (null)
        fclose(null);
    oc_free(c);
    if (!p || failed || passed == 0) {
        fprintf(stderr, "%s: %s\n", prog,
                !p ? "the ruleset does not compile" : failed ? "its scenarios fail as it is"
                                                             : "it has no scenario to run");
        free(src);
        return TOOL_FAIL;
    }

    mutate_options o = {file, src, n, jobs, timeout};
    mutate_result r;
    if (mutate_run(&o, &r) != 0) {
        fprintf(stderr, "%s: out of memory\n", prog);
        mutate_result_free(&r);
        free(src);
        return TOOL_FAIL;
    }
    mutate_report(stdout, file, src, &r, verbose);
    double score = r.score;
    mutate_result_free(&r);
    free(src);
    return min_score >= 0 && score < (double)min_score ? TOOL_FAIL : TOOL_OK;
}

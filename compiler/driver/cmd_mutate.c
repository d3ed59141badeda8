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

static const char help[] =
    "usage: ordo mutate FILE [--jobs N] [--timeout S] [--min-score P] [-v]\n"
    "\n"
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
    "as a stale mark.\n"
    "\n"
    "  --jobs N      mutants run N at a time (default: the number of cores)\n"
    "  --timeout S   a mutant's scenarios get S seconds (default 10); past them\n"
    "                it counts as killed\n"
    "  --min-score P exit 1 when fewer than P% of the mutants are killed\n"
    "  -v            also print each mutant killed or stillborn\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 done (and the score reached), 1 the ruleset does not compile\n"
    "or its scenarios fail unmutated, or the score is below --min-score, 2 bad\n"
    "command line or missing file.\n";

int cmd_mutate(int argc, char **argv)
{
    const char *file = NULL;
    long jobs = sysconf(_SC_NPROCESSORS_ONLN), timeout = 10, min_score = -1;
    int verbose = 0;
    if (jobs < 1)
        jobs = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        long *target = NULL, lo = 0, hi = 0;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(help, stdout);
            return TOOL_OK;
        } else if (strcmp(a, "--version") == 0) {
            printf("ordo %s\n", ORDO_VERSION);
            return TOOL_OK;
        } else if (strcmp(a, "-v") == 0) {
            verbose = 1;
            continue;
        } else if (strcmp(a, "--jobs") == 0) {
            target = &jobs, lo = 1, hi = 256;
        } else if (strcmp(a, "--timeout") == 0) {
            target = &timeout, lo = 1, hi = 3600;
        } else if (strcmp(a, "--min-score") == 0) {
            target = &min_score, lo = 0, hi = 100;
        } else if (a[0] == '-' && a[1]) {
            return drv_unknown_option(prog, a);
        } else if (file) {
            fprintf(stderr, "%s: one file at a time ('%s' and '%s')\n", prog, file, a);
            return TOOL_USAGE;
        } else {
            file = a;
            continue;
        }
        v = i + 1 < argc ? argv[++i] : NULL;
        uint64_t n;
        if (!v || play_parse_u64(v, &n) != 0 || n < (uint64_t)lo || n > (uint64_t)hi) {
            fprintf(stderr, "%s: bad value '%s' for %s\n", prog, v ? v : "", a);
            return TOOL_USAGE;
        }
        *target = (long)n;
    }
    if (!file) {
        fprintf(stderr, "%s: no input file (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (strcmp(file, "-") == 0 || !drv_readable(prog, file)) {
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

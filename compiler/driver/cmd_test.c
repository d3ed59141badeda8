/* cmd_test.c — `ordo test FILE...`: run every scenario of each ruleset. */
#include <stdlib.h>

#include "driver.h"

enum { OPT_VERBOSE, OPT_TRACES, OPT_COVERAGE };

static const drv_option test_options[] = {
    {NULL, 'v', NULL, "name each scenario as it runs", OPT_VERBOSE, NULL},
    {NULL, 't', NULL, "also print each scenario's trace as it runs", OPT_TRACES, NULL},
    {"coverage", 0, NULL,
     "after each file, the steps, options, triggers and rule IDs its scenarios reach, and "
     "those they never reach",
     OPT_COVERAGE, NULL},
    {0}};

const drv_command cmd_test_command = {
    "ordo test",
    "[-v] [-t] [--coverage] FILE...",
    "Compiles each ruleset and runs its scenarios. Prints 'FILE: ok N\n"
    "scenarios' or each failure as FILE:LINE: scenario \"NAME\": ...; the last\n"
    "line is 'N passed, M failed'. A file that does not compile counts as one\n"
    "failure.\n",
    (const drv_option *const[]){test_options, drv_diag_options, NULL},
    "exit status: 0 every scenario passed, 1 a failure or a compile error,\n"
    "2 bad command line or missing file.\n"};

/* Runs the scenarios of one file; a file that does not compile is one
 * failure. */
static void test_file(const char *path, int verbose, int coverage, const drv_diag *dd,
                      int *passed, int *failed)
{
    oc_compiler *c;
    const ordo_program *p = drv_compile(path, dd, &c);
    if (verbose)
        printf("%s:\n", path);
    sc_coverage cov = {0};
    if (p && coverage && sc_coverage_init(&cov, p) != 0) {
        fprintf(stderr, "ordo test: out of memory\n");
        (*failed)++;
    } else if (p) {
        sc_coverage_ctx ctx = {&cov, p};
        sc_observer obs = {sc_cover_event, NULL, &ctx};
        sc_run_observed(p, tool_input_name(path), verbose, stdout, coverage ? &obs : NULL, passed,
                        failed);
        if (coverage)
            sc_coverage_report(&cov, p, tool_input_name(path), stdout);
        sc_coverage_free(&cov);
    } else {
        printf("%s: does not compile\n", path);
        (*failed)++;
    }
    fflush(stdout);
    oc_free(c);
}

int cmd_test(int argc, char **argv)
{
    int verbose = 0, traces = 0, coverage = 0, nfiles;
    int *const flags[] = {[OPT_VERBOSE] = &verbose, [OPT_TRACES] = &traces,
                          [OPT_COVERAGE] = &coverage};
    drv_diag dd;
    drv_diag_init(&dd);
    char **files;
    int status = drv_files(&cmd_test_command, flags, &dd, argc, argv, &files, &nfiles);
    if (status != DRV_GO)
        return status;
    if (drv_diag_start(&dd) != 0) {
        free(files);
        return TOOL_FAIL;
    }
    int passed = 0, failed = 0;
    for (int i = 0; i < nfiles; i++)
        test_file(files[i], verbose || traces ? 1 | (traces ? SC_TRACES : 0) : 0, coverage, &dd,
                  &passed, &failed);
    if (drv_diag_finish(&dd) != 0)
        failed++;
    printf("%d passed, %d failed\n", passed, failed);
    free(files);
    return failed ? TOOL_FAIL : TOOL_OK;
}

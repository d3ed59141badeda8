/* cmd_test.c — `ordo test FILE...`: run every scenario of each ruleset. */
#include <stdlib.h>
#include <string.h>

#include "driver.h"

static const char help[] =
    "usage: ordo test [-v] FILE...\n"
    "\n"
    "Compiles each ruleset and runs its scenarios. Prints 'FILE: ok N\n"
    "scenarios' or each failure as FILE:LINE: scenario \"NAME\": ...; the last\n"
    "line is 'N passed, M failed'. A file that does not compile counts as one\n"
    "failure.\n"
    "\n"
    "  -v         name each scenario as it runs\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 every scenario passed, 1 a failure or a compile error,\n"
    "2 bad command line or missing file.\n";

int cmd_test(int argc, char **argv)
{
    const char *prog = "ordo test";
    int verbose = 0, nfiles = 0, opts_done = 0, status = TOOL_OK;
    char **files = calloc((size_t)argc, sizeof *files);
    if (!files)
        return TOOL_FAIL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (opts_done || a[0] != '-' || a[1] == 0)
            files[nfiles++] = argv[i];
        else if (strcmp(a, "--") == 0)
            opts_done = 1;
        else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(help, stdout);
            goto out;
        } else if (strcmp(a, "--version") == 0) {
            printf("ordo %s\n", ORDO_VERSION);
            goto out;
        } else if (strcmp(a, "-v") == 0)
            verbose = 1;
        else {
            status = drv_unknown_option(prog, a);
            goto out;
        }
    }
    if (!nfiles) {
        fprintf(stderr, "%s: no input files (try '%s --help')\n", prog, prog);
        status = TOOL_USAGE;
        goto out;
    }
    for (int i = 0; i < nfiles; i++)
        if (!drv_readable(prog, files[i])) {
            status = TOOL_USAGE;
            goto out;
        }
    int passed = 0, failed = 0;
    for (int i = 0; i < nfiles; i++) {
        oc_compiler *c;
        const ordo_program *p = drv_compile(files[i], 0, &c);
        if (verbose)
            printf("%s:\n", files[i]);
        if (p)
            sc_run_all(p, files[i], verbose, stdout, &passed, &failed);
        else {
            printf("%s: does not compile\n", files[i]);
            failed++;
        }
        fflush(stdout);
        oc_free(c);
    }
    printf("%d passed, %d failed\n", passed, failed);
    if (failed)
        status = TOOL_FAIL;
out:
    free(files);
    return status;
}

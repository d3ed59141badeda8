/* cmd_check.c — `ordo check FILE...`: compile, report diagnostics. Like a
 * C compiler, it prints nothing on success unless -v is given. */
#include <stdlib.h>
#include <string.h>

#include "driver.h"

static const char help[] =
    "usage: ordo check [-v] [-Werror] FILE...\n"
    "\n"
    "Parses, checks and lowers each ruleset; diagnostics go to stderr as\n"
    "FILE:LINE:COL: error|warning: MESSAGE.\n"
    "\n"
    "  -v         also print 'FILE: ok' (with the warning count) for each file\n"
    "  -Werror    treat warnings as errors\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 every file is consistent (warnings allowed), 1 errors,\n"
    "2 bad command line or missing file.\n";

int cmd_check(int argc, char **argv)
{
    const char *prog = "ordo check";
    int verbose = 0, werror = 0, nfiles = 0, opts_done = 0;
    char **files = calloc((size_t)argc, sizeof *files);
    if (!files)
        return TOOL_FAIL;
    int status = TOOL_OK;
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
        else if (strcmp(a, "-Werror") == 0)
            werror = 1;
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
    for (int i = 0; i < nfiles; i++) {
        oc_compiler *c;
        const ordo_program *p = drv_compile(files[i], werror, &c);
        if (!p)
            status = TOOL_FAIL;
        if (verbose && c) {
            int e = oc_error_count(c), w = oc_warning_count(c);
            if (p)
                printf("%s: ok", files[i]);
            else
                printf("%s: %d error%s", files[i], e, e == 1 ? "" : "s");
            if (w)
                printf(", %d warning%s", w, w == 1 ? "" : "s");
            putchar('\n');
        }
        oc_free(c);
    }
out:
    free(files);
    return status;
}

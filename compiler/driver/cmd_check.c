/* cmd_check.c — `ordo check FILE...`: compile, report diagnostics. Like a
 * C compiler, it prints nothing on success unless -v is given. */
#include <stdlib.h>

#include "driver.h"

enum { OPT_VERBOSE };

static const drv_option check_options[] = {
    {NULL, 'v', NULL,
     "also print 'FILE: ok' (with the warning count) for each file, then the policies and "
     "displays it declares",
     OPT_VERBOSE, NULL},
    {0}};

const drv_command cmd_check_command = {
    "ordo check",
    "[-v] [-Werror] [-Wno-NAME] [--diagnostics-format=F] FILE...",
    "Parses, checks and lowers each ruleset; diagnostics go to stderr as\n"
    "FILE:LINE:COL: error|warning: MESSAGE.\n",
    (const drv_option *const[]){check_options, drv_diag_options, NULL},
    "exit status: 0 every file is consistent (warnings allowed), 1 errors,\n"
    "2 bad command line or missing file.\n"};

/* What a ruleset declares for its players: the names --policy takes, the
 * displays `ordo play` shows. */
static void list_policies(const ordo_program *p)
{
    for (int k = 0; k < ordo_policy_count(p); k++) {
        const char *label = ordo_policy_label(p, k);
        printf("  policy %s%s%s\n", ordo_policy_name(p, k), label[0] ? ": " : "", label);
    }
    for (int k = 0; k < ordo_display_count(p); k++)
        printf("  display \"%s\"\n", ordo_display_title(p, k));
}

/* Compiles one file; with verbose, says how it went on stdout. */
static int check_file(const char *path, int verbose, const drv_diag *dd)
{
    oc_compiler *c;
    const ordo_program *p = drv_compile(path, dd, &c);
    if (verbose && c) {
        int e = oc_error_count(c), w = oc_warning_count(c);
        if (p)
            printf("%s: ok", tool_input_name(path));
        else
            printf("%s: %d error%s", path, e, e == 1 ? "" : "s");
        if (w)
            printf(", %d warning%s", w, w == 1 ? "" : "s");
        putchar('\n');
        if (p)
            list_policies(p);
    }
    oc_free(c);
    return p ? TOOL_OK : TOOL_FAIL;
}

int cmd_check(int argc, char **argv)
{
    int verbose = 0, nfiles;
    int *const flags[] = {[OPT_VERBOSE] = &verbose};
    drv_diag dd;
    drv_diag_init(&dd);
    char **files;
    int status = drv_files(&cmd_check_command, flags, &dd, argc, argv, &files, &nfiles);
    if (status != DRV_GO)
        return status;
    if (drv_diag_start(&dd) != 0) {
        free(files);
        return TOOL_FAIL;
    }
    status = TOOL_OK;
    for (int i = 0; i < nfiles; i++)
        if (check_file(files[i], verbose, &dd) != TOOL_OK)
            status = TOOL_FAIL;
    if (drv_diag_finish(&dd) != 0)
        status = TOOL_FAIL;
    free(files);
    return status;
}

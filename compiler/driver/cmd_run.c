/* cmd_run.c — `ordo run FILE [options]`: compile in process and play one
 * game (see play.c for the game loop, shared with the example host). */
#include <string.h>

#include "driver.h"

static const char help_head[] =
    "usage: ordo run FILE [OPTIONS]\n"
    "\n"
    "Compiles FILE and plays one game, printing its trace on stdout.\n"
    "\n";
static const char help_tail[] =
    DRV_DIAG_HELP
    "  --help, --version\n"
    "\n"
    "exit status: 0 the game ended, 1 compile error, runtime error or a\n"
    "choice that is not offered, 2 bad command line or missing file.\n";

int cmd_run(int argc, char **argv)
{
    const char *prog = "ordo run";
    play_options o;
    play_options_init(&o);
    const char *file = NULL;
    int opts_done = 0;
    drv_diag dd;
    drv_diag_init(&dd);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (opts_done || a[0] != '-' || a[1] == 0) {
            if (file) {
                fprintf(stderr, "%s: one file at a time ('%s' and '%s')\n", prog, file, a);
                return TOOL_USAGE;
            }
            file = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            opts_done = 1;
            continue;
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(help_head, stdout);
            fputs(play_options_help, stdout);
            fputs(help_tail, stdout);
            return TOOL_OK;
        }
        if (strcmp(a, "--version") == 0) {
            printf("ordo %s\n", ORDO_VERSION);
            return TOOL_OK;
        }
        int d = drv_diag_arg(&dd, a, prog);
        if (d < 0)
            return TOOL_USAGE;
        if (d > 0)
            continue;
        int r = play_parse_option(&o, argc, argv, &i, prog);
        if (r < 0)
            return TOOL_USAGE;
        if (r == 0)
            return drv_unknown_option(prog, a);
        i--; /* play_parse_option moved past the option; the loop adds 1 */
    }
    if (!file) {
        fprintf(stderr, "%s: no input file (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (!drv_readable(prog, file))
        return TOOL_USAGE;
    if (o.choices && !drv_readable(prog, o.choices))
        return TOOL_USAGE;
    if (o.choices && strcmp(o.choices, "-") == 0 && strcmp(file, "-") == 0) {
        fprintf(stderr, "%s: the ruleset and --choices cannot both be the standard input\n",
                prog);
        return TOOL_USAGE;
    }
    if (o.record && (drv_same_file(o.record, file) || drv_same_file(o.record, o.choices))) {
        fprintf(stderr, "%s: --record '%s' is an input file: it would be lost\n", prog,
                o.record);
        return TOOL_USAGE;
    }

    oc_compiler *c;
    if (drv_diag_start(&dd) != 0)
        return TOOL_FAIL;
    const ordo_program *p = drv_compile(file, &dd, &c);
    int status = drv_diag_finish(&dd) == 0 && p ? play_game(p, &o, stdout, prog) : TOOL_FAIL;
    oc_free(c);
    return status;
}

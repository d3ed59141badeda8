/* common.c — helpers every `ordo` subcommand uses: file checks, option
 * errors, the `[FLAGS] FILE...` command line, compiling a file. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"

int drv_unknown_option(const char *prog, const char *arg)
{
    fprintf(stderr, "%s: unknown option '%s' (try '%s --help')\n", prog, arg, prog);
    return TOOL_USAGE;
}

/* Sets the flag named `arg`; 0 when there is none. */
static int set_one_flag(const drv_flag *flags, const char *arg)
{
    for (; flags->name; flags++)
        if (strcmp(arg, flags->name) == 0) {
            *flags->on = 1;
            return 1;
        }
    return 0;
}

/* A flag, or one-letter flags grouped as in `-vt` (each must exist; none
 * is set otherwise). */
static int set_flag(const drv_flag *flags, const char *arg)
{
    if (set_one_flag(flags, arg))
        return 1;
    if (arg[0] != '-' || arg[1] == '-' || !arg[1] || !arg[2])
        return 0;
    for (const char *c = arg + 1; *c; c++) {
        char one[3] = {'-', *c, 0};
        int known = 0;
        for (const drv_flag *f = flags; f->name; f++)
            known |= strcmp(f->name, one) == 0;
        if (!known)
            return 0;
    }
    for (const char *c = arg + 1; *c; c++) {
        char one[3] = {'-', *c, 0};
        set_one_flag(flags, one);
    }
    return 1;
}

/* The options and file names of argv, in order; --help, --version and an
 * unknown option end the reading (their exit status is returned). */
static int read_args(const char *prog, const char *help, const drv_flag *flags, drv_diag *dd,
                     int argc, char **argv, char **files, int *nfiles)
{
    int opts_done = 0, r;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!opts_done && dd && a[0] == '-' && (r = drv_diag_arg(dd, a, prog)) != 0) {
            if (r < 0)
                return TOOL_USAGE;
        } else if (opts_done || a[0] != '-' || a[1] == 0)
            files[(*nfiles)++] = argv[i];
        else if (strcmp(a, "--") == 0)
            opts_done = 1;
        else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(help, stdout);
            return TOOL_OK;
        } else if (strcmp(a, "--version") == 0) {
            printf("ordo %s\n", ORDO_VERSION);
            return TOOL_OK;
        } else if (!set_flag(flags, a))
            return drv_unknown_option(prog, a);
    }
    return DRV_GO;
}

/* Every file is checked before any is compiled: a missing one is a usage
 * error, with nothing compiled. */
static int files_readable(const char *prog, char **files, int nfiles)
{
    if (!nfiles) {
        fprintf(stderr, "%s: no input files (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    for (int i = 0; i < nfiles; i++)
        if (!drv_readable(prog, files[i]))
            return TOOL_USAGE;
    return DRV_GO;
}

int drv_files(const char *prog, const char *help, const drv_flag *flags, drv_diag *dd,
              int argc, char **argv, char ***files, int *nfiles)
{
    char **v = calloc((size_t)argc, sizeof *v);
    if (!v)
        return TOOL_FAIL;
    int n = 0;
    int status = read_args(prog, help, flags, dd, argc, argv, v, &n);
    if (status == DRV_GO)
        status = files_readable(prog, v, n);
    if (status != DRV_GO) {
        free(v);
        return status;
    }
    *files = v;
    *nfiles = n;
    return DRV_GO;
}

const ordo_program *drv_compile(const char *path, const drv_diag *dd, oc_compiler **c)
{
    *c = oc_new(&dd->opt);
    if (!*c) {
        fprintf(stderr, "ordo: out of memory\n");
        return NULL;
    }
    return oc_compile_file(*c, path);
}

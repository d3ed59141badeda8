/* common.c — helpers every `ordo` subcommand uses: file checks, option
 * errors, compiling a file. */
#include <errno.h>
#include <string.h>

#include "driver.h"

int drv_readable(const char *prog, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open '%s': %s\n", prog, path, strerror(errno));
        return 0;
    }
    fclose(f);
    return 1;
}

int drv_unknown_option(const char *prog, const char *arg)
{
    fprintf(stderr, "%s: unknown option '%s' (try '%s --help')\n", prog, arg, prog);
    return TOOL_USAGE;
}

const ordo_program *drv_compile(const char *path, int werror, oc_compiler **c)
{
    oc_options opt;
    memset(&opt, 0, sizeof opt);
    opt.diag = stderr;
    opt.werror = werror;
    *c = oc_new(&opt);
    if (!*c) {
        fprintf(stderr, "ordo: out of memory\n");
        return NULL;
    }
    return oc_compile_file(*c, path);
}

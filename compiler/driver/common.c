/* common.c — helpers every `ordo` subcommand uses: file checks, the
 * `[FLAGS] FILE...` command line, compiling a file. */
#include <stdlib.h>
#include <string.h>

#include "driver.h"

/* What drv_files' take() fills in. */
typedef struct files_args {
    const char *prog;
    int *const *flags;
    drv_diag *dd;
    char **files;
    int nfiles;
} files_args;

static int take_file_or_flag(void *ctx, int id, const char *value)
{
    files_args *a = ctx;
    if (id == DRV_OPT_ARG) {
        a->files[a->nfiles++] = (char *)value;
        return DRV_TAKEN;
    }
    int r = a->dd ? drv_diag_take(a->dd, id, value, a->prog) : 1;
    if (r != 1)
        return r;
    *a->flags[id] = 1;
    return DRV_TAKEN;
}

int drv_take_file(const char *prog, const char **file, const char *word)
{
    if (*file) {
        fprintf(stderr, "%s: one file at a time ('%s' and '%s')\n", prog, *file, word);
        return DRV_BAD;
    }
    *file = word;
    return DRV_TAKEN;
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
        if (!tool_readable(prog, files[i]))
            return TOOL_USAGE;
    return DRV_GO;
}

int drv_files(const drv_command *cmd, int *const *flags, drv_diag *dd, int argc, char **argv,
              char ***files, int *nfiles)
{
    files_args a = {cmd->prog, flags, dd, calloc((size_t)argc, sizeof(char *)), 0};
    if (!a.files)
        return TOOL_FAIL;
    int status = drv_options_read(cmd, argc, argv, take_file_or_flag, &a);
    if (status == DRV_OPT_GO)
        status = files_readable(cmd->prog, a.files, a.nfiles);
    if (status != DRV_GO) {
        free(a.files);
        return status;
    }
    *files = a.files;
    *nfiles = a.nfiles;
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

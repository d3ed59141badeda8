/* diagopts.c — the options every command that compiles takes about its
 * diagnostics (-Werror, -Werror=NAME, -Wno-NAME, --diagnostics-format),
 * read in one place so that ordo's subcommands and ordoc agree, and the
 * JSON or SARIF sink that one run of a command writes through. */
#include <stdlib.h>
#include <string.h>

#include "diag_sink.h"
#include "driver.h"

void drv_diag_init(drv_diag *dd)
{
    memset(dd, 0, sizeof *dd);
    dd->opt.diag = stderr;
}

/* -W first: "-Werror, -Wno-NAME" reads as one option with its value */
#define DRV_WARNING_OPTION                                                                   \
    {NULL, 'W', "NAME", "-Werror: treat warnings as errors; -Wno-NAME: turn warning NAME off; " \
     "-Werror=NAME: make it an error (each warning says its name: [-Wunused])",              \
     DRV_ID_DIAG_W, "-Werror, -Wno-NAME, -Werror=NAME"}

const drv_option drv_warning_options[] = {DRV_WARNING_OPTION, {0}};

const drv_option drv_diag_options[] = {
    DRV_WARNING_OPTION,
    {"diagnostics-format", 0, "F",
     "text, json or sarif: diagnostics as GCC's text, as JSON lines, or as one SARIF 2.1.0 "
     "log, on stderr",
     DRV_ID_DIAG_FORMAT, "--diagnostics-format=text|json|sarif"},
    {0}};

int drv_warning_take(oc_options *opt, const char *value, const char *prog)
{
    /* the compiler reads the option as it was written: -Wno-unused */
    size_t n = strlen(value) + 3;
    char *arg = malloc(n);
    if (!arg) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return DRV_BAD;
    }
    snprintf(arg, n, "-W%s", value);
    int r = oc_option(opt, arg, prog);
    free(arg);
    return r > 0 ? DRV_TAKEN : DRV_BAD;
}

int drv_diag_take(drv_diag *dd, int id, const char *value, const char *prog)
{
    static const char *const formats[] = {"text", "json", "sarif"};
    if (id == DRV_ID_DIAG_W)
        return drv_warning_take(&dd->opt, value, prog);
    if (id != DRV_ID_DIAG_FORMAT)
        return 1;
    for (int k = 0; k < 3; k++)
        if (strcmp(value, formats[k]) == 0) {
            dd->format = k;
            return DRV_TAKEN;
        }
    fprintf(stderr, "%s: bad value '%s' for --diagnostics-format (text, json, sarif)\n", prog,
            value);
    return DRV_BAD;
}

int drv_diag_start(drv_diag *dd)
{
    if (dd->format == DIAG_FORMAT_TEXT)
        return 0;
    dd->opt.sink = diag_sink_new(dd->format, stderr, "ordo", ORDO_VERSION);
    if (!dd->opt.sink) {
        fprintf(stderr, "ordo: out of memory\n");
        return -1;
    }
    return 0;
}

int drv_diag_finish(drv_diag *dd)
{
    int rc = diag_sink_finish(dd->opt.sink);
    dd->opt.sink = NULL;
    return rc;
}

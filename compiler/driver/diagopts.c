/* diagopts.c — the options every command that compiles takes about its
 * diagnostics (-Werror, -Werror=NAME, -Wno-NAME, --diagnostics-format),
 * read in one place so that ordo's subcommands and ordoc agree, and the
 * JSON or SARIF sink that one run of a command writes through. */
#include <string.h>

#include "diag_sink.h"
#include "driver.h"

void drv_diag_init(drv_diag *dd)
{
    memset(dd, 0, sizeof *dd);
    dd->opt.diag = stderr;
}

int drv_diag_arg(drv_diag *dd, const char *arg, const char *prog)
{
    static const char *const formats[] = {"text", "json", "sarif"};
    if (strncmp(arg, "--diagnostics-format=", 21) == 0) {
        for (int k = 0; k < 3; k++)
            if (strcmp(arg + 21, formats[k]) == 0) {
                dd->format = k;
                return 1;
            }
        fprintf(stderr, "%s: bad value '%s' for --diagnostics-format (text, json, sarif)\n",
                prog, arg + 21);
        return -1;
    }
    return oc_option(&dd->opt, arg, prog);
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

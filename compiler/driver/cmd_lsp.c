/* cmd_lsp.c — `ordo lsp`: a language server over stdio. Its command line;
 * the server, its framing of JSON-RPC messages included, is the engine's
 * (lsp.h, lsp_serve): the end of the input ends it (status 0 after a
 * shutdown request, 1 otherwise, as after `exit`).
 */

#include "driver.h"
#include "lsp.h"

enum { OPT_STDIO };

static const drv_option lsp_options[] = {
    {"stdio", 0, NULL, "accepted and ignored (stdio is the only transport)", OPT_STDIO, NULL},
    {0}};

const drv_command cmd_lsp_command = {
    "ordo lsp",
    "[-Werror] [-Wno-NAME] [--stdio]",
    "A language server on stdin and stdout (the Language Server Protocol,\n"
    "JSON-RPC with Content-Length headers): diagnostics as you type, go to\n"
    "definition of a name, a step number or a cited rule ID, hover, and\n"
    "completion of names. An editor starts it; see doc/tools.md.\n",
    (const drv_option *const[]){drv_warning_options, lsp_options, NULL},
    "exit status: 0 after a shutdown request and exit, 1 on an exit without\n"
    "shutdown or the end of the input before it, 2 bad command line.\n"};

static int take(void *ctx, int id, const char *value)
{
    oc_options *opt = ctx;
    if (id == DRV_OPT_ARG) {
        fprintf(stderr, "%s: unexpected argument '%s'\n", cmd_lsp_command.prog, value);
        return DRV_BAD;
    }
    if (id == DRV_ID_DIAG_W)
        return drv_warning_take(opt, value, cmd_lsp_command.prog);
    return DRV_TAKEN; /* --stdio */
}

int cmd_lsp(int argc, char **argv)
{
    oc_options opt = {0};
    opt.diag = stderr;
    int st = drv_options_read(&cmd_lsp_command, argc, argv, take, &opt);
    if (st != DRV_OPT_GO)
        return st;
    return lsp_serve(stdin, stdout, &opt);
}

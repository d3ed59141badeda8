/* ordoc_main.c — `ordoc`: compiles a ruleset to C tables (and/or prints
 * its disassembly). Its command line; the files are written by the
 * engine (emit_files.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag_sink.h"
#include "driver.h"
#include "emit_files.h"

static int usage_error(const char *fmt, const char *arg)
{
    fputs("ordoc: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (try 'ordoc --help')\n", stderr);
    return 2;
}

enum { OPT_OUT, OPT_HEADER, OPT_SYMBOL, OPT_DISASM, OPT_NO_LINES, OPT_HELP_MAN };

static const drv_option ordoc_options[] = {
    {NULL, 'o', "OUT.c", "write the C source to OUT.c ('-': standard output)", OPT_OUT, NULL},
    {"header", 0, "OUT.h", "also write a header declaring the program", OPT_HEADER, NULL},
    {"symbol", 0, "NAME",
     "the program's C name (default: FILE's base name with non-identifier characters as '_', "
     "then '_program')",
     OPT_SYMBOL, NULL},
    {"disasm", 0, NULL, "print the program's assembly on stdout (-o optional)", OPT_DISASM,
     NULL},
    {"no-lines", 'l', NULL,
     "no #line directives (by default the code's lines point to the rules' lines, for a "
     "debugger and the C compiler's messages, as bison's do)",
     OPT_NO_LINES, NULL},
    {"help-man", 0, "PART",
     "print the man page's synopsis or options (PART), in roff, from this list", OPT_HELP_MAN,
     NULL},
    {0}};

static const drv_command ordoc_command = {
    "ordoc",
    "FILE.ordo -o OUT.c [--header OUT.h] [--symbol NAME] [--disasm] [--no-lines] [-W...]",
    "Compiles a ruleset into C source: the program's tables as const data and\n"
    "`const ordo_program NAME`, to be compiled with runtime/ordo.h and linked\n"
    "with libordo.a. FILE '-' reads the standard input.\n",
    (const drv_option *const[]){ordoc_options, drv_diag_options, NULL},
    "exit status: 0 written, 1 compile errors (diagnostics on stderr) or a\n"
    "write error, 2 bad command line or missing file.\n"};

typedef struct ordoc_args {
    const char *in, *out, *hdr, *symbol, *man;
    int disasm, no_lines;
    drv_diag dd;
} ordoc_args;

static int take(void *ctx, int id, const char *v)
{
    ordoc_args *a = ctx;
    switch (id) {
    case DRV_OPT_ARG:
        if (a->in) {
            usage_error("one input file at a time (extra: '%s')", v);
            return DRV_BAD;
        }
        a->in = v;
        return DRV_TAKEN;
    case OPT_OUT: a->out = v; return DRV_TAKEN;
    case OPT_HEADER: a->hdr = v; return DRV_TAKEN;
    case OPT_SYMBOL: a->symbol = v; return DRV_TAKEN;
    case OPT_DISASM: a->disasm = 1; return DRV_TAKEN;
    case OPT_NO_LINES: a->no_lines = 1; return DRV_TAKEN;
    case OPT_HELP_MAN: a->man = v; return DRV_TAKEN;
    }
    return drv_diag_take(&a->dd, id, v, "ordoc");
}

/* --help-man synopsis|options: the man page's parts, for the build */
static int print_man(const char *part)
{
    if (strcmp(part, "synopsis") == 0)
        drv_options_man_synopsis(&ordoc_command, stdout);
    else if (strcmp(part, "options") == 0)
        drv_options_man(&ordoc_command, stdout);
    else
        return usage_error("bad value '%s' for --help-man (synopsis, options)", part);
    return tool_stdout_done("ordoc") == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    ordoc_args a = {.in = NULL};
    drv_diag_init(&a.dd);
    int st = drv_options_read(&ordoc_command, argc, argv, take, &a);
    if (st != DRV_OPT_GO)
        return st;
    if (a.man)
        return print_man(a.man);
    const char *in = a.in, *out = a.out, *hdr = a.hdr, *symbol = a.symbol;
    int disasm = a.disasm;
    drv_diag dd = a.dd;
    if (!in)
        return usage_error("%sno input file", "");
    if (!out && !disasm)
        return usage_error("%sno output: give -o OUT.c (or --disasm)", "");
    if (hdr && !out)
        return usage_error("%s--header needs -o", "");
    if (symbol && !oc_valid_symbol(symbol))
        return usage_error("--symbol '%s' is not a C identifier", symbol);
    if (!tool_readable("ordoc", in))
        return 2;
    if (out && tool_same_file(in, out))
        return usage_error("-o '%s' is the input file: ordoc never writes over its input", out);
    if (hdr && tool_same_file(in, hdr))
        return usage_error("--header '%s' is the input file: ordoc never writes over its input",
                           hdr);
    if (out && hdr && (strcmp(out, hdr) == 0 || tool_same_file(out, hdr)))
        return usage_error("-o and --header name the same file '%s'", hdr);

    if (drv_diag_start(&dd) != 0)
        return 1;
    oc_compiler *c;
    const ordo_program *p = drv_compile(in, &dd, &c);
    if (drv_diag_finish(&dd) != 0)
        p = NULL;
    if (!p) {
        oc_free(c);
        return 1;
    }
    int status = 0;
    char *defsym = NULL;
    if (!symbol) {
        symbol = defsym = emit_default_symbol(in);
        if (!defsym) {
            fprintf(stderr, "ordoc: out of memory\n");
            oc_free(c);
            return 1;
        }
    }
    if (disasm) {
        oc_disassemble(p, stdout);
        if (tool_stdout_done("ordoc") != 0)
            status = 1;
    }
    if (out && status == 0) {
        emit_outputs eo = {out, hdr, symbol, !a.no_lines, "ordoc"};
        status = emit_write_files(p, oc_local_names(c, p), &eo);
    }
    free(defsym);
    oc_free(c);
    return status;
}

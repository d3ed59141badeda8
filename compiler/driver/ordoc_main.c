/* ordoc_main.c — `ordoc`: compiles a ruleset to C tables (and/or prints
 * its disassembly). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag_sink.h"
#include "driver.h"

static const char help[] =
    "usage: ordoc FILE.ordo -o OUT.c [--header OUT.h] [--symbol NAME] [--disasm] [-W...]\n"
    "       (FILE '-' reads the standard input)\n"
    "\n"
    "Compiles a ruleset into C source: the program's tables as const data and\n"
    "`const ordo_program NAME`, to be compiled with runtime/ordo.h and linked\n"
    "with libordo.a.\n"
    "\n"
    "  -o OUT.c         write the C source to OUT.c ('-': standard output)\n"
    "  --header OUT.h   also write a header declaring the program\n"
    "  --symbol NAME    the program's C name (default: FILE's base name with\n"
    "                   non-identifier characters as '_', then '_program')\n"
    "  --disasm         print the program's assembly on stdout (-o optional)\n"
    DRV_DIAG_HELP
    "  --help, --version\n"
    "\n"
    "exit status: 0 written, 1 compile errors (diagnostics on stderr) or a\n"
    "write error, 2 bad command line or missing file.\n";

static int usage_error(const char *fmt, const char *arg)
{
    fputs("ordoc: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (try 'ordoc --help')\n", stderr);
    return 2;
}

/* "rulesets/titan-2.ordo" -> "titan_2_program"; "-" -> "stdin_program" */
static char *default_symbol(const char *path)
{
    if (strcmp(path, "-") == 0)
        path = "stdin";
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strcspn(base, ".");
    char *s = malloc(n + 16);
    if (!s)
        return NULL;
    size_t k = 0;
    if (n == 0 || (base[0] >= '0' && base[0] <= '9'))
        s[k++] = '_';
    for (size_t i = 0; i < n; i++) {
        char c = base[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        s[k++] = ok ? c : '_';
    }
    strcpy(s + k, "_program");
    return s;
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *hdr = NULL, *symbol = NULL;
    int disasm = 0, opts_done = 0, d;
    drv_diag dd;
    drv_diag_init(&dd);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!opts_done && a[0] == '-' && (d = drv_diag_arg(&dd, a, "ordoc")) != 0) {
            if (d < 0)
                return 2;
        } else if (opts_done || a[0] != '-' || a[1] == 0) {
            if (in)
                return usage_error("one input file at a time (extra: '%s')", a);
            in = a;
        } else if (strcmp(a, "--") == 0) {
            opts_done = 1;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(help, stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("ordoc %s\n", ORDO_VERSION);
            return 0;
        } else if (strcmp(a, "--disasm") == 0) {
            disasm = 1;
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--header") == 0 ||
                   strcmp(a, "--symbol") == 0) {
            if (i + 1 >= argc)
                return usage_error("option '%s' needs a value", a);
            const char *v = argv[++i];
            if (a[1] == 'o')
                out = v;
            else if (a[2] == 'h')
                hdr = v;
            else
                symbol = v;
        } else if (strncmp(a, "-o", 2) == 0) {
            out = a + 2;
        } else if (strncmp(a, "--header=", 9) == 0) {
            hdr = a + 9;
        } else if (strncmp(a, "--symbol=", 9) == 0) {
            symbol = a + 9;
        } else {
            return usage_error("unknown option '%s'", a);
        }
    }
    if (!in)
        return usage_error("%sno input file", "");
    if (!out && !disasm)
        return usage_error("%sno output: give -o OUT.c (or --disasm)", "");
    if (hdr && !out)
        return usage_error("%s--header needs -o", "");
    if (symbol && !oc_valid_symbol(symbol))
        return usage_error("--symbol '%s' is not a C identifier", symbol);
    if (!drv_readable("ordoc", in))
        return 2;
    if (out && drv_same_file(in, out))
        return usage_error("-o '%s' is the input file: ordoc never writes over its input", out);
    if (hdr && drv_same_file(in, hdr))
        return usage_error("--header '%s' is the input file: ordoc never writes over its input",
                           hdr);
    if (out && hdr && (strcmp(out, hdr) == 0 || drv_same_file(out, hdr)))
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
        symbol = defsym = default_symbol(in);
        if (!defsym) {
            fprintf(stderr, "ordoc: out of memory\n");
            oc_free(c);
            return 1;
        }
    }
    if (disasm) {
        oc_disassemble(p, stdout);
        if (drv_stdout_done("ordoc") != 0)
            status = 1;
    }
    if (out && strcmp(out, "-") == 0 && status == 0) {
        /* the C on stdout (a header, if asked for, still to its file) */
        drv_output ho;
        FILE *fh = hdr ? drv_output_open(&ho, hdr, "ordoc") : NULL;
        if (hdr && !fh)
            status = 1;
        else if (oc_emit_c(p, symbol, stdout, NULL, fh, hdr) != 0 || drv_stdout_done("ordoc") != 0)
            status = 1;
        if (fh && (status ? (drv_output_abort(&ho), 1) : drv_output_commit(&ho, "ordoc") != 0))
            status = 1;
    } else if (out && status == 0) {
        drv_output co, ho;
        FILE *fo = drv_output_open(&co, out, "ordoc");
        FILE *fh = NULL;
        if (!fo) {
            status = 1;
        } else if (hdr && !(fh = drv_output_open(&ho, hdr, "ordoc"))) {
            drv_output_abort(&co);
            status = 1;
        } else if (oc_emit_c(p, symbol, fo, out, fh, hdr) != 0) {
            fprintf(stderr, "ordoc: writing '%s' failed\n", out);
            drv_output_abort(&co);
            if (fh)
                drv_output_abort(&ho);
            status = 1;
        } else {
            /* the header first: a C file never names a header that is not there */
            if (fh && drv_output_commit(&ho, "ordoc") != 0) {
                drv_output_abort(&co);
                status = 1;
            } else if (drv_output_commit(&co, "ordoc") != 0) {
                status = 1;
            }
        }
    }
    free(defsym);
    oc_free(c);
    return status;
}

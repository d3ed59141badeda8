/* driver.h — the `ordo` tool's subcommands and the helpers they share. */
#ifndef ORDO_DRIVER_H
#define ORDO_DRIVER_H

#include <stdio.h>

#include "compiler.h"
#include "files.h"
#include "ordo_host.h"
#include "scenario.h"

/* Subcommands: argv[0] is the subcommand's name; they return the exit
 * status (0 ok, 1 failure, 2 usage). */
int cmd_check(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_test(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_mutate(int argc, char **argv);
int cmd_explore(int argc, char **argv);
int cmd_lsp(int argc, char **argv); /* cmd_lsp.c: the language server */

/* diagopts.c: what a command that compiles takes about diagnostics. */
typedef struct drv_diag {
    oc_options opt;   /* the compiler's options: warnings, the sink */
    int format;       /* --diagnostics-format: DIAG_FORMAT_* (diag_sink.h) */
} drv_diag;
/* their lines for --help */
#define DRV_DIAG_HELP                                                                   \
    "  -Werror               treat warnings as errors\n"                                \
    "  -Wno-NAME, -Werror=NAME  turn warning NAME off, or make it an error\n"           \
    "                        (each warning says its name: [-Wunused])\n"                \
    "  --diagnostics-format=text|json|sarif  diagnostics as GCC's text, as\n"           \
    "                        JSON lines, or as one SARIF 2.1.0 log, on stderr\n"
void drv_diag_init(drv_diag *dd);
/* Reads one of them: 1 when arg was one, 0 when not, -1 after a message
 * for a bad one. */
int drv_diag_arg(drv_diag *dd, const char *arg, const char *prog);
/* Before the first compilation: the JSON or SARIF sink (0, or -1 when out
 * of memory); after the last: written (0, or -1 on a write error). */
int drv_diag_start(drv_diag *dd);
int drv_diag_finish(drv_diag *dd);
int cmd_doc(int argc, char **argv);

/* common.c */
/* An unknown option: prints the one-line error, returns TOOL_USAGE. */
int drv_unknown_option(const char *prog, const char *arg);
/* An on/off option of a subcommand, such as -v: `name` sets *on to 1. */
typedef struct drv_flag {
    const char *name;
    int *on;
} drv_flag;
/* What drv_files returns when the subcommand is to go on. */
enum { DRV_GO = -1 };
/* Reads the command line of a subcommand of the form `prog [FLAGS] FILE...`
 * (`help` is its --help text; `flags` ends with {NULL, NULL}; dd, when
 * not NULL, takes the diagnostics options). Returns
 * DRV_GO with the files, all readable, in *files (to be freed) and their
 * count in *nfiles; otherwise the exit status to return at once, nothing
 * to free: TOOL_OK after --help or --version, TOOL_USAGE after a one-line
 * error, TOOL_FAIL when out of memory. */
int drv_files(const char *prog, const char *help, const drv_flag *flags, drv_diag *dd,
              int argc, char **argv, char ***files, int *nfiles);
/* Compiles one file with dd's options (diagnostics to stderr). Returns the
 * program, or NULL (then *c is still to be freed). */
const ordo_program *drv_compile(const char *path, const drv_diag *dd, oc_compiler **c);

#endif /* ORDO_DRIVER_H */

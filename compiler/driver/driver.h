/* driver.h — the `ordo` tool's subcommands and the helpers they share. */
#ifndef ORDO_DRIVER_H
#define ORDO_DRIVER_H

#include <stdio.h>

#include "compiler.h"
#include "files.h"
#include "ordo_host.h"

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

/* scenario.c: runs every scenario of a compiled program. Failures are
 * printed on `out` as `FILE:LINE: scenario "NAME": ...`; with verbose, each
 * scenario's name as it runs, and with its SC_TRACES bit each trace line
 * (`ordo test -t`). Adds to *passed and *failed. */
#define SC_TRACES 2
void sc_run_all(const ordo_program *p, const char *path, int verbose, FILE *out,
                int *passed, int *failed);
/* The same, telling `obs` (when not NULL) every trace event of scenario
 * number `scenario` (p->scenarios' index) as it happens, and each
 * scenario's verdict (1 passed, 0 failed) when it is over. */
typedef struct sc_observer {
    void (*event)(void *ctx, unsigned scenario, const ordo_game *g, const ordo_event *ev);
    void (*verdict)(void *ctx, unsigned scenario, int passed);
    void *ctx;
} sc_observer;
void sc_run_observed(const ordo_program *p, const char *path, int verbose, FILE *out,
                     const sc_observer *obs, int *passed, int *failed);

/* coverage.c: what the scenarios reached (`ordo test --coverage`): the
 * steps that ran, the options chosen, the triggers that fired, and the
 * rule IDs of the steps that ran. */
typedef struct sc_coverage {
    unsigned char *steps, *options, *triggers; /* [nsteps], [noptions], [nprocs] */
} sc_coverage;
int sc_coverage_init(sc_coverage *c, const ordo_program *p);
void sc_coverage_free(sc_coverage *c);
/* Marks what event ev shows was reached. */
void sc_cover(sc_coverage *c, const ordo_program *p, const ordo_event *ev);
/* How many of marks[0..n) are set. */
int sc_count(const unsigned char *marks, size_t n);
/* The procs that are triggers (those a TRIG instruction names, an
 * override's aside) as a malloc'd mark per proc, their number in *total
 * and how many of them `fired` marks in *nfired; NULL when out of memory. */
unsigned char *sc_trigger_procs(const ordo_program *p, const unsigned char *fired, int *total,
                                int *nfired);
/* Prints "  rule IDs: N of M reached; never: A, B" on out (the IDs the
 * steps cite, reached when a step citing one ran); returns how many were
 * never reached. */
int sc_report_rules(const sc_coverage *c, const ordo_program *p, FILE *out);
/* Prints what was and was not reached, on out; returns the number of
 * steps, options, triggers and rule IDs never reached. */
int sc_coverage_report(const sc_coverage *c, const ordo_program *p, const char *path, FILE *out);
/* An observer (sc_run_observed) that records what ran into ctx, an
 * sc_coverage_ctx. */
typedef struct sc_coverage_ctx {
    sc_coverage *cov;
    const ordo_program *p;
} sc_coverage_ctx;
void sc_cover_event(void *ctx, unsigned scenario, const ordo_game *g, const ordo_event *ev);

#endif /* ORDO_DRIVER_H */

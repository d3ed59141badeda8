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
 * (`help` is its --help text; `flags` ends with {NULL, NULL}). Returns
 * DRV_GO with the files, all readable, in *files (to be freed) and their
 * count in *nfiles; otherwise the exit status to return at once, nothing
 * to free: TOOL_OK after --help or --version, TOOL_USAGE after a one-line
 * error, TOOL_FAIL when out of memory. */
int drv_files(const char *prog, const char *help, const drv_flag *flags, int argc, char **argv,
              char ***files, int *nfiles);
/* Compiles one file, diagnostics to stderr. Returns the program, or NULL
 * (then *c is still to be freed). */
const ordo_program *drv_compile(const char *path, int werror, oc_compiler **c);

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

#endif /* ORDO_DRIVER_H */

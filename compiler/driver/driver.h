/* driver.h — the `ordo` tool's subcommands and the helpers they share. */
#ifndef ORDO_DRIVER_H
#define ORDO_DRIVER_H

#include <stdio.h>

#include "compiler.h"
#include "play.h"

/* Subcommands: argv[0] is the subcommand's name; they return the exit
 * status (0 ok, 1 failure, 2 usage). */
int cmd_check(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_test(int argc, char **argv);

/* common.c */
/* 1 when `path` can be opened for reading; otherwise prints
 * "ordo: cannot open 'path': reason" on stderr and returns 0. */
int drv_readable(const char *prog, const char *path);
/* An unknown option: prints the one-line error, returns TOOL_USAGE. */
int drv_unknown_option(const char *prog, const char *arg);
/* Compiles one file, diagnostics to stderr. Returns the program, or NULL
 * (then *c is still to be freed). */
const ordo_program *drv_compile(const char *path, int werror, oc_compiler **c);

/* scenario.c: runs every scenario of a compiled program. Failures are
 * printed on `out` as `FILE:LINE: scenario "NAME": ...`; with verbose, each
 * scenario's name as it runs. Adds to *passed and *failed. */
void sc_run_all(const ordo_program *p, const char *path, int verbose, FILE *out,
                int *passed, int *failed);

#endif /* ORDO_DRIVER_H */

/* driver.h — the `ordo` tool's subcommands and the helpers they share. */
#ifndef ORDO_DRIVER_H
#define ORDO_DRIVER_H

#include <stdio.h>

#include "compiler.h"
#include "files.h"
#include "options.h"
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
int cmd_doc(int argc, char **argv);
/* Their options and --help (options.h), each in its command's file. */
extern const drv_command cmd_check_command, cmd_run_command, cmd_sim_command,
    cmd_test_command, cmd_play_command, cmd_mutate_command, cmd_explore_command,
    cmd_lsp_command, cmd_doc_command;

/* diagopts.c: what a command that compiles takes about diagnostics. */
typedef struct drv_diag {
    oc_options opt;   /* the compiler's options: warnings, the sink */
    int format;       /* --diagnostics-format: DIAG_FORMAT_* (diag_sink.h) */
} drv_diag;
/* Their entries in a command's option table (-Werror, -Wno-NAME,
 * -Werror=NAME as -W VALUE; --diagnostics-format), and the -W entry alone
 * for a command without a diagnostics format (ordo lsp). Their ids are
 * DRV_ID_DIAG and above. */
enum { DRV_ID_DIAG = 1 << 12, DRV_ID_DIAG_W = DRV_ID_DIAG, DRV_ID_DIAG_FORMAT };
extern const drv_option drv_diag_options[];
extern const drv_option drv_warning_options[];
void drv_diag_init(drv_diag *dd);
/* Takes option `id` with its value when it is one of drv_diag_options:
 * DRV_TAKEN or DRV_BAD (after a message); 1 when id is another's. */
int drv_diag_take(drv_diag *dd, int id, const char *value, const char *prog);
/* -W VALUE into the compiler's options: DRV_TAKEN or DRV_BAD. */
int drv_warning_take(oc_options *opt, const char *value, const char *prog);
/* Before the first compilation: the JSON or SARIF sink (0, or -1 when out
 * of memory); after the last: written (0, or -1 on a write error). */
int drv_diag_start(drv_diag *dd);
int drv_diag_finish(drv_diag *dd);

/* playopts.c: the play options (runtime/host's PLAY_OPT_*) in a
 * command's option table have the id DRV_ID_PLAY | PLAY_OPT_x. */
enum { DRV_ID_PLAY = 1 << 13 };
#define DRV_PLAY(bit) (DRV_ID_PLAY | PLAY_OPT_##bit)
/* --players, which means the same wherever it is taken */
#define DRV_PLAYERS_OPTION                                                                    \
    {"players", 0, "N", "number of players (default: the ruleset's minimum)",                  \
     DRV_PLAY(PLAYERS), NULL}
/* Takes option `id` with its value when it is a play option: DRV_TAKEN or
 * DRV_BAD (after a message); 1 when id is another's. */
int drv_play_take(play_options *o, int id, const char *value, const char *prog);
/* The same, or one of drv_diag_options into dd. */
int drv_play_or_diag_take(play_options *o, drv_diag *dd, int id, const char *value,
                          const char *prog);
/* A command that plays one game of one file: the file, the play options
 * and the diagnostics options; drv_game_take is its take() (options.h). */
typedef struct drv_game_args {
    play_options o;
    const char *file;
    drv_diag dd;
    const char *prog;
} drv_game_args;
void drv_game_args_init(drv_game_args *a, const char *prog);
int drv_game_take(void *ctx, int id, const char *value);

/* common.c */
/* What drv_files returns when the subcommand is to go on. */
enum { DRV_GO = DRV_OPT_GO };
/* Reads the command line of a subcommand of the form `prog [FLAGS] FILE...`
 * with cmd's options: flags (no value) whose ids index `flags`, where each
 * sets its int to 1, and, when dd is not NULL, drv_diag_options. Returns
 * DRV_GO with the files, all readable, in *files (to be freed) and their
 * count in *nfiles; otherwise the exit status to return at once, nothing
 * to free: TOOL_OK after --help or --version, TOOL_USAGE after a one-line
 * error, TOOL_FAIL when out of memory. */
int drv_files(const drv_command *cmd, int *const *flags, drv_diag *dd, int argc, char **argv,
              char ***files, int *nfiles);
/* The one file of a command that takes one: DRV_TAKEN with *file = word,
 * or DRV_BAD after "PROG: one file at a time" when *file is set. */
int drv_take_file(const char *prog, const char **file, const char *word);
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

/* driver.h — the `ordo` tool's subcommands and the helpers they share. */
#ifndef ORDO_DRIVER_H
#define ORDO_DRIVER_H

#include <stdio.h>

#include "compiler.h"
#include "files.h"
#include "native_load.h"
#include "options.h"
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
int cmd_doc(int argc, char **argv);
int cmd_diff(int argc, char **argv);
/* Their options and --help (options.h), each in its command's file. */
extern const drv_command cmd_check_command, cmd_run_command, cmd_sim_command,
    cmd_test_command, cmd_play_command, cmd_mutate_command, cmd_explore_command,
    cmd_lsp_command, cmd_doc_command, cmd_diff_command;

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
enum { DRV_ID_PLAY = 1 << 16 }; /* above every PLAY_OPT_x bit */
#define DRV_PLAY(bit) (DRV_ID_PLAY | PLAY_OPT_##bit)
/* --players, which means the same wherever it is taken */
#define DRV_PLAYERS_OPTION                                                                    \
    {"players", 0, "N", "number of players (default: the ruleset's minimum)",                  \
     DRV_PLAY(PLAYERS), NULL}
/* An mcts seat's options (--playouts, --think, --rollout, --depth,
 * --eval), a list of the tables of the commands that play */
extern const drv_option drv_search_options[];
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

/* nativeopts.c: --native FILE.so and --interpreted, for the commands that
 * play in bulk (ids DRV_ID_NATIVE, DRV_ID_INTERPRETED), and the program
 * they play. */
enum { DRV_ID_NATIVE = 1 << 14, DRV_ID_INTERPRETED };
extern const drv_option drv_native_options[];
typedef struct drv_native {
    const char *so;     /* --native, or NULL */
    int interpreted;    /* --interpreted */
    nv_native *nv;      /* what was loaded */
} drv_native;
/* Takes option `id` when it is one of drv_native_options: DRV_TAKEN; 1
 * when id is another's. */
int drv_native_take(drv_native *n, int id, const char *value);
/* The program to play of ruleset `file` compiled as fresh: fresh's tables
 * with the code of --native's shared object, or of the one make native
 * built (unless --interpreted; one that does not match is said, and fresh
 * plays), or fresh. NULL with *status TOOL_USAGE after a message. */
const ordo_program *drv_native_program(drv_native *n, const char *prog, const char *file,
                                       const ordo_program *fresh, int *status);
void drv_native_free(drv_native *n);

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

#endif /* ORDO_DRIVER_H */

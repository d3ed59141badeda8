/* options.h — a command's options as one table: getopt_long reads the
 * command line from it, and the command's --help and its part of the man
 * page are written from it, so that the three never disagree. */
#ifndef ORDO_OPTIONS_H
#define ORDO_OPTIONS_H

#include <stdio.h>

/* One option. Its id is what the command's take() is handed. */
typedef struct drv_option {
    const char *name;  /* the long name without "--", or NULL */
    int letter;        /* the one-letter name, or 0 */
    const char *arg;   /* the value's name ("N", "FILE"), or NULL: a flag */
    const char *help;  /* one paragraph (wrapped when printed) */
    int id;
    /* how the option is shown where "-o, --name ARG" would not say it all
     * (-Werror, -Wno-NAME); NULL for that form */
    const char *shown;
} drv_option;

/* ids the facility hands to take(): a word that is no option (a file) */
enum { DRV_OPT_ARG = -2 };

/* What a command takes and says: `prog` ("ordo sim"), the usage line's
 * rest ("FILE [OPTIONS]"), the text after it (paragraphs, wrapped by hand
 * as --help shows them), the option lists in order (each ends with an
 * entry without name or letter; the list of lists with NULL), and the
 * exit status paragraph. -h, --help and --version are every command's
 * and are not listed. */
typedef struct drv_command {
    const char *prog;
    const char *synopsis;
    const char *about;
    const drv_option *const *options;
    const char *status;
} drv_command;

/* An option's value was taken; or a one-line message was printed. */
enum { DRV_TAKEN = 0, DRV_BAD = -1 };
/* take(ctx, id, value): one option (value NULL for a flag) or one word
 * that is no option (id DRV_OPT_ARG); DRV_TAKEN, or DRV_BAD after a
 * one-line message on stderr. */
typedef int drv_take_fn(void *ctx, int id, const char *value);

/* Reads argv[1..argc) with cmd's options, handing each, in order, to take.
 * Options and other words may come in any order; "--" ends the options.
 * Returns DRV_OPT_GO when the command is to go on, otherwise the exit
 * status to return at once: 0 after --help (on stdout) or --version, 2
 * after a one-line message on stderr (a bad option, a missing value, or
 * take's own). */
enum { DRV_OPT_GO = -1 };
int drv_options_read(const drv_command *cmd, int argc, char **argv, drv_take_fn *take,
                     void *ctx);

/* The --help text, and the roff of the command's options for its man page
 * (a .SS section: its usage and one .TP paragraph an option). */
void drv_options_help(const drv_command *cmd, FILE *out);
void drv_options_man(const drv_command *cmd, FILE *out);
/* The usage line alone, in roff, for the man page's SYNOPSIS. */
void drv_options_man_synopsis(const drv_command *cmd, FILE *out);

/* "PROG: unknown option 'ARG' (try 'PROG --help')" on stderr; returns 2. */
int drv_unknown_option(const char *prog, const char *arg);

/* A number option's value: decimal or 0x hex, in lo..hi. 0, or -1 after
 * "PROG: bad value 'V' for --NAME" on stderr. */
int drv_option_number(const char *prog, const char *name, const char *v,
                      unsigned long long lo, unsigned long long hi, unsigned long long *out);

#endif /* ORDO_OPTIONS_H */

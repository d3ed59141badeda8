/* play.h — playing one game from the command line: options, choices file,
 * policies, trace printing, recording.
 *
 * Shared by `ordo run` (compiler/driver/cmd_run.c, program compiled in
 * process) and the example host (examples/host.c, program emitted as C by
 * ordoc). Depends only on the runtime (ordo.h), so a host links it with
 * libordo.a alone. Because both go through play_game(), an interpreted game
 * and an emitted-C game print byte-identical traces for the same options.
 */
#ifndef ORDO_DRIVER_PLAY_H
#define ORDO_DRIVER_PLAY_H

#include <stdint.h>
#include <stdio.h>

#include "ordo.h"

enum { PLAY_POLICY_RANDOM = 0, PLAY_POLICY_FIRST = 1 };
enum { PLAY_TRACE_TEXT = 0, PLAY_TRACE_JSONL = 1, PLAY_TRACE_NONE = 2 };

/* Exit statuses of every ordo tool. */
enum { TOOL_OK = 0, TOOL_FAIL = 1, TOOL_USAGE = 2 };

typedef struct play_options {
    uint64_t seed;          /* --seed N (default 1) */
    int players;            /* --players N (0: the program's minimum) */
    int policy;             /* --policy random|first (default random) */
    const char *choices;    /* --choices FILE, or NULL */
    int trace;              /* --trace text|jsonl|none (default text) */
    uint64_t max_steps;     /* --max-steps N (0: the runtime's default) */
    const char *record;     /* --record FILE, or NULL */
} play_options;

/* The policy generator's state for a seed (documented in doc/tools.md):
 * seed ^ PLAY_POLICY_SALT, so the policy's draws differ from the game's dice. */
#define PLAY_POLICY_SALT 0x5bd1e9955bd1e995ull

void play_options_init(play_options *o);

/* Tries to parse argv[*i] (and its value) as one of the options above.
 * Returns 1 when consumed (*i advanced past the value), 0 when argv[*i] is
 * not a play option, -1 on a bad value (a one-line message on stderr,
 * prefixed by `prog`). */
int play_parse_option(play_options *o, int argc, char **argv, int *i, const char *prog);

/* The option lines for --help texts. */
extern const char play_options_help[];

/* Parses a decimal (or 0x hex) unsigned number; 0 on success. */
int play_parse_u64(const char *s, uint64_t *out);

/* ---- choices files: one option label a line; '#' starts a comment line;
 * blank lines are ignored; leading/trailing blanks are trimmed. */
typedef struct play_choices {
    char **label;
    int *line;
    int n, next;
    const char *path;
} play_choices;

/* Loads a choices file; 0, or -1 with a message on stderr. */
int play_choices_load(play_choices *c, const char *path, const char *prog);
void play_choices_free(play_choices *c);

/* Plays one game of `p` with the options; prints the trace on `out` and,
 * in text mode, a result line at the end. `prog` prefixes messages on
 * stderr. Returns an exit status: 0 the game ended, 1 a runtime error or a
 * choice that is not offered, 2 a bad option (players out of range, an
 * unreadable choices file). */
int play_game(const ordo_program *p, const play_options *o, FILE *out, const char *prog);

/* The labels of the pending decision, quoted and comma-separated, for
 * messages ("(no decision pending)" when there is none). */
void play_print_offered(FILE *f, const ordo_game *g);

#endif /* ORDO_DRIVER_PLAY_H */

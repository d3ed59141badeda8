/* ordo_host.h — the host kit: what a program that plays games needs
 * beyond the runtime: the options of one game, choices files, policies,
 * trace printing, recording, the play loop (libordohost.a).
 *
 * Shared by `ordo run` (compiler/driver/cmd_run.c, program compiled in
 * process), `ordo sim` (cmd_sim.c, many games) and the example host
 * (examples/host.c, program emitted as C by ordoc). Built from the
 * runtime's public header (ordo.h) alone, so a host links it with
 * libordo.a and nothing of the compiler. Because all go
 * through play_to_end(), an interpreted game and an emitted-C game print
 * byte-identical traces for the same options, and `ordo sim` plays the
 * games `ordo run` plays.
 */
#ifndef ORDO_HOST_H
#define ORDO_HOST_H

#include <stdint.h>
#include <stdio.h>

#include "ordo.h"

/* ---- policies: how a seat takes a decision that no choices file gives.
 * A policy returns the index of an option of g's pending decision (or a
 * negative ORDO_E_* code); `rng` is the game's policy generator (see
 * PLAY_POLICY_SALT), which a policy may draw from. play_policies[] is the
 * one list of the built-in ones, looked up by name; options keep indexes:
 * 0 .. play_npolicies-1 for those, play_npolicies + k for the ruleset's
 * policy k (ordo_policy_ruleset), found by name after the built-ins once
 * the program is known (play_resolve_policies). */
typedef int (*play_policy_fn)(const ordo_game *g, uint64_t *rng);
typedef struct play_policy {
    const char *name;
    play_policy_fn choose;
} play_policy;
extern const play_policy play_policies[];
extern const int play_npolicies;
/* Indexes in play_policies[]; PLAY_POLICY_NAMED: a name that is not
 * built in, to look up in the ruleset (play_options.policy_name). */
enum {
    PLAY_POLICY_RANDOM = 0,
    PLAY_POLICY_FIRST = 1,
    PLAY_POLICY_MCTS = 2, /* a search (mcts.c): no play_policy_fn of its own */
    PLAY_POLICY_NAMED = 255
};
/* The index of the policy called `name`, or -1. */
int play_find_policy(const char *name);
/* "random, first": the names, for messages and --help; with a program
 * (may be NULL), its policies follow. */
void play_print_policies(FILE *f);
void play_print_all_policies(FILE *f, const ordo_program *p);
/* The name of policy index k (built-in, then the program's). */
const char *play_policy_name(const ordo_program *p, int k);

/* ---- MCTS (mcts.c): a seat's policy that searches. UCT over the
 * option indexes of the decisions met (forced ones skipped), one node
 * added a playout, rewards from ordo_winner backed up per seat; each
 * playout starts from a determinization of what the deciding seat sees
 * and reseeds the copy's generator (doc/tools.md, "MCTS"). */
typedef struct play_search {
    uint32_t playouts;       /* --playouts N per decision (default 1000) */
    double think;            /* --think SECONDS: at most this long a decision
                              * (0: no limit); not deterministic */
    int rollout;             /* the rollout policy: a policy index (default
                              * PLAY_POLICY_RANDOM; not PLAY_POLICY_MCTS) */
    int rollout_policy;      /* the same as the ruleset's policy index
                              * (ordo_policy_ruleset); -1: a built-in one */
    const char *rollout_name; /* --rollout NAME, resolved with the policies */
    uint32_t depth;          /* --depth N: rollout decisions before a playout
                              * is scored by `eval` (0: played to the end) */
    const char *eval_name;   /* --eval FN: a fn (p: player): int of the ruleset */
    int eval;                /* its proc index once resolved; -1: none */
    double explore;          /* UCT's constant c (default 0.7) */
    uint32_t nodes;          /* the node pool (0: playouts + 1, or
                              * PLAY_SEARCH_NODES for a time budget alone);
                              * a full pool ends the search early */
    const ordo_program *program; /* the game's, set by play_resolve_policies */
} play_search;
enum { PLAY_SEARCH_PLAYOUTS = 1000, PLAY_SEARCH_NODES = 1 << 20 };
typedef struct play_mcts play_mcts;
/* A search's memory for games of g's program (s->program) and player
 * count: the node pool and two game blocks, allocated once; NULL when out
 * of memory or s->program is not set. */
play_mcts *play_mcts_new(const ordo_game *g, const play_search *s);
void play_mcts_free(play_mcts *m);
/* The option the search takes for the seat deciding in g (the game is
 * not changed), drawing its seeds from rng; a decision of one option is
 * not searched. ORDO_E_STATE when no decision is pending, ORDO_E_ARG for
 * a NULL argument or a game of another size or player count than m's (g
 * must be a game of the program m was made for: the runtime cannot tell
 * a host which program a block plays). */
int play_mcts_choose(play_mcts *m, const ordo_game *g, uint64_t *rng);
/* The playouts the last search sent through each option of its decision:
 * visits[k] for option k < n (0 for those it did not try); returns the
 * options it tried, 0 when it made no search. */
int play_mcts_visits(const play_mcts *m, uint32_t *visits, int n);

/* ---- a game dealt anew as one seat sees it (deal.c): what the searches
 * play on, never reading what the seat cannot see (doc/tools.md, "MCTS").
 * Memory for the hidden cells of p's games of nplayers; NULL when out of
 * memory. */
typedef struct play_deal play_deal;
play_deal *play_deal_new(const ordo_program *p, int nplayers);
void play_deal_free(play_deal *d);
/* Learns from g what a redeal keeps of the cells `seat` does not see:
 * each kind's unseen items (sorted: which cell held which is forgotten),
 * each hand's and list's size, the other unseen scalars' values by group
 * (sorted). */
void play_deal_learn(play_deal *d, const ordo_game *g, int seat);
/* Writes one redeal, drawn from rng, over the unseen cells of g (the game
 * learnt from, or a copy of it); at a simultaneous group waiting on the
 * seat, the others' picks not yet revealed are left out, as its view
 * leaves them (ordo_view). */
void play_deal_write(play_deal *d, ordo_game *g, uint64_t *rng);

/* Seats are players, 1-based on the command line as in "player 1"; a
 * program has at most 255 (ordo_program.max_players is 8 bits). */
enum { PLAY_MAX_SEATS = 255 };

enum { PLAY_TRACE_TEXT = 0, PLAY_TRACE_JSONL = 1, PLAY_TRACE_NONE = 2 };

/* Exit statuses of every ordo tool. */
enum { TOOL_OK = 0, TOOL_FAIL = 1, TOOL_USAGE = 2 };

typedef struct play_options {
    uint64_t seed;          /* --seed N (default 1) */
    int players;            /* --players N (0: the program's minimum) */
    /* --policy NAME sets every seat, --policy SEAT=NAME one seat (later
     * options override earlier ones); indexes in play_policies[] */
    uint8_t policy[PLAY_MAX_SEATS];
    int policy_seat_max;    /* the highest SEAT named by --policy SEAT=NAME */
    /* the name given for a seat whose policy is PLAY_POLICY_NAMED */
    const char *policy_name[PLAY_MAX_SEATS];
    const char *choices;    /* --choices FILE, or NULL */
    int trace;              /* --trace text|jsonl|none (default text) */
    uint64_t max_steps;     /* --max-steps N (0: the runtime's default) */
    const char *record;     /* --record FILE, or NULL */
    const char *save;       /* --save FILE, or NULL */
    int64_t save_at;        /* --save-at N: before decision N (0-based); -1: at the end */
    const char *restore;    /* --restore FILE, or NULL */
    int as;                 /* --as SEAT: the trace as that seat sees it
                             * (0-based); -1 (default): everything */
    play_search search;     /* --playouts, --think, --rollout, --depth, --eval */
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
/* The same for a subset of the options: `which` is an OR of PLAY_OPT_*
 * bits; the others are "not a play option" (0). */
enum {
    PLAY_OPT_SEED = 1 << 0,
    PLAY_OPT_PLAYERS = 1 << 1,
    PLAY_OPT_POLICY = 1 << 2,
    PLAY_OPT_CHOICES = 1 << 3,
    PLAY_OPT_TRACE = 1 << 4,
    PLAY_OPT_MAX_STEPS = 1 << 5,
    PLAY_OPT_RECORD = 1 << 6,
    PLAY_OPT_SAVE = 1 << 7,
    PLAY_OPT_SAVE_AT = 1 << 8,
    PLAY_OPT_RESTORE = 1 << 9,
    PLAY_OPT_AS = 1 << 10,
    PLAY_OPT_PLAYOUTS = 1 << 11,
    PLAY_OPT_THINK = 1 << 12,
    PLAY_OPT_ROLLOUT = 1 << 13,
    PLAY_OPT_DEPTH = 1 << 14,
    PLAY_OPT_EVAL = 1 << 15,
    PLAY_OPT_SEARCH = PLAY_OPT_PLAYOUTS | PLAY_OPT_THINK | PLAY_OPT_ROLLOUT | PLAY_OPT_DEPTH |
                      PLAY_OPT_EVAL,
    PLAY_OPT_ALL = (1 << 16) - 1
};
int play_parse_options_of(play_options *o, unsigned which, int argc, char **argv, int *i,
                          const char *prog);
/* One option set by its PLAY_OPT_* bit from its value, as the parser
 * would from "--name VALUE": 0, or -1 (a one-line message on stderr for a
 * bad value). For command lines that read their options elsewhere
 * (getopt_long) and hand the kit's on. */
int play_set_option(play_options *o, unsigned bit, const char *value, const char *prog);
/* "--seed" for PLAY_OPT_SEED, ...; NULL for anything but one bit. */
const char *play_option_name(unsigned bit);
/* The value of "--name VALUE" or "--name=VALUE" at argv[*i] (moving *i to
 * VALUE in the first form). *matched is 1 when argv[*i] is the option
 * `name`; the value is then NULL when it is missing. */
const char *play_option_value(const char *name, int argc, char **argv, int *i, int *matched);
/* The same, saying it: 1 with the value in *v, 0 when argv[*i] is not
 * `name`, -1 after "PROG: option '--name' needs a value" on stderr. */
int play_option_arg(const char *prog, const char *name, int argc, char **argv, int *i,
                    const char **v);

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

/* The most bytes a choices file or a save may hold (doc/limits.md). */
#define PLAY_MAX_CHOICES_BYTES (16 << 20)
#define PLAY_MAX_SAVE_BYTES (256 << 20)
/* The whole of a file of at most `limit` bytes, NUL-terminated, in
 * malloc'd memory; NULL with a message on stderr (a folder, a file past
 * the limit, a read error). */
char *play_read_file(const char *path, long limit, const char *prog, size_t *len);
/* Loads a choices file; 0, or -1 with a message on stderr (a directory,
 * a file past the limit, a read error). A UTF-8 byte-order mark is
 * skipped; lines end with LF or CR LF. */
int play_choices_load(play_choices *c, const char *path, const char *prog);
void play_choices_free(play_choices *c);

/* Turns each PLAY_POLICY_NAMED seat into the index of the program's
 * policy of that name, and the search's --rollout and --eval names into
 * indexes; 0, or -1 after "PROG: unknown policy 'x' (policies: random,
 * first, mcts, greedy)" (or what is wrong with --rollout or --eval) on
 * stderr. */
int play_resolve_policies(const ordo_program *p, play_options *o, const char *prog);

/* The option seat's policy takes at g's pending decision. An MCTS seat
 * searches with memory of its own, made and freed for this decision. */
int play_policy_choice(const ordo_game *g, const play_options *o, int seat, uint64_t *rng);
/* The same, an MCTS seat keeping its memory in *mcts between decisions
 * (made at the first it needs; NULL before; play_mcts_free after). */
int play_policy_decide(const ordo_game *g, const play_options *o, int seat, uint64_t *rng,
                       play_mcts **mcts);

/* The number of players the options ask for (--players, else the
 * program's minimum), or -1 after a one-line message on stderr when it is
 * outside the program's range or a --policy SEAT names a seat beyond it. */
int play_players(const ordo_program *p, const play_options *o, const char *prog);

/* Plays game g (created with o->seed, not yet run) until it ends or fails:
 * each decision from the choices file `ch` while it has lines (ch may be
 * NULL), then from the deciding seat's policy, its label written to `rec`
 * when not NULL. Adds the decisions taken to *decisions. Returns ORDO_OVER,
 * a negative ORDO_E_* code (the game's error), PLAY_NOT_OFFERED: the
 * choices file's next label (ch->next) is not offered by the pending
 * decision, or PLAY_SAVE_FAILED: o->save could not be written before
 * decision o->save_at (a message on stderr). */
enum { PLAY_NOT_OFFERED = -1000, PLAY_SAVE_FAILED = -1001 };
int play_to_end(ordo_game *g, const play_options *o, play_choices *ch, FILE *rec,
                long *decisions);
/* Writes g's save (ordo_save) to path whole or not at all (play_output:
 * path keeps what it held when the write fails): 0, or -1 after a
 * message. A caller that can tells a device from a file first (ordo run
 * refuses a path that is not a regular file). */
int play_save_file(const ordo_game *g, const char *path, const char *prog);

/* ---- a file written whole or not at all (output.c): to a temporary file
 * beside `path`, renamed over it once everything was written, so that a
 * write that fails (a full disk) leaves `path` as it was. The writer
 * prints nothing; err is the errno of what failed (0: unknown). The
 * rename replaces whatever `path` names: the C library cannot tell a
 * device from a file, so a caller that can checks first. */
typedef struct play_output {
    const char *path;
    char *tmp;
    FILE *f;
    int err;
} play_output;
/* The stream to write to, or NULL (o->err says why; nothing to free). */
FILE *play_output_open(play_output *o, const char *path);
/* Flushes and closes the stream and renames the temporary file over the
 * path: 0, or -1 with the temporary file removed and the path as it was. */
int play_output_commit(play_output *o);
/* Closes and removes the temporary file; the path is left as it was. */
void play_output_abort(play_output *o);
/* Why the last open or commit failed, for a message. */
const char *play_output_problem(const play_output *o);

/* The message of the error `rc` that stopped g: the runtime's own
 * (ordo_error_message: what, at which step, which line), else the code's. */
void play_error_message(const ordo_game *g, int rc, char *buf, size_t n);

/* Plays one game of `p` with the options; prints the trace on `out` and,
 * in text mode, a result line at the end. `prog` prefixes messages on
 * stderr. Returns an exit status: 0 the game ended, 1 a runtime error or a
 * choice that is not offered, 2 a bad option (players out of range, an
 * unreadable choices file). */
int play_game(const ordo_program *p, const play_options *o, FILE *out, const char *prog);

/* ---- one game at a terminal (tty.c): seats without a policy are people,
 * who see the displays and the numbered options at each of their
 * decisions and type a number on `in`; the others play their policies.
 * What the seat playing sees (o->as, or the one seat a person plays, or
 * what every player sees) is printed on `out` as it happens, then the
 * displays and the result. */
typedef struct play_terminal {
    FILE *in, *out;
    int color; /* out is a terminal: bold titles */
    int echo;  /* in is no terminal: echo each line read */
    /* when set, a typed line is read through it instead of from `in`: a
     * line editor's (ordo play's libedit: editing and history), which
     * shows the prompt itself; a malloc'd line without its end, or NULL
     * at the end of the input */
    char *(*read_line)(void *ctx, const char *prompt);
    void *read_ctx;
} play_terminal;
/* Plays one game of p with the options (o->as with no policy puts the
 * ruleset's first policy on the other seats): 0 the game ended, 1 a
 * runtime error or the input ended first, 2 a bad option; messages on
 * stderr, prefixed by `prog`. */
int play_at_terminal(const ordo_program *p, play_options *o, const play_terminal *io,
                     const char *prog);

/* ---- a simultaneous decision answered in any order (group.c). `scratch`
 * is a block of g's program and size (ordo_new, or ordo_game_size bytes).
 * The seats the pending group asks, in the order the runtime asks them
 * (at most max); 0 when no such decision is pending. */
int play_group_seats(const ordo_game *g, ordo_game *scratch, int *seats, int max);
/* scratch = g at `seat`'s decision of the group, to read its options
 * (ordo_option_count, ordo_option_label) before the earlier seats answer;
 * ORDO_E_ARG when `seat` is not asked in this group. */
int play_group_offer(const ordo_game *g, ordo_game *scratch, int seat);
/* Applies the answers given so far, in any order (labels[k] for seats[k]),
 * to the group pending in g, as the runtime asks for them: ORDO_DECIDE
 * when a seat asked has not answered yet (g waits at its decision), else
 * ordo_run's status after the group; ORDO_E_ARG for a label not offered,
 * with g left as it was (the answers are rehearsed on scratch first). */
int play_group_choose(ordo_game *g, ordo_game *scratch, const int *seats,
                      const char *const *labels, int n);

/* The labels of the pending decision, quoted and comma-separated, for
 * messages ("(no decision pending)" when there is none). */
void play_print_offered(FILE *f, const ordo_game *g);

#endif /* ORDO_HOST_H */

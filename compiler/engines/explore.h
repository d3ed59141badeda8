/* explore.h — the search behind `ordo explore`: the states a ruleset's
 * games can reach from the start, breadth first (every option of every
 * decision), by random walks, or by walks guided towards what no game
 * reached yet (explore_guide.h; by default after a share of breadth
 * first), with what goes wrong on the way.
 *
 * A state is a game block (runtime/ordo.h: one flat, copyable piece of
 * memory), compared and hashed without its counters (instructions run,
 * events traced) and its pointers, so two games in the same position are
 * one state however they got there. The dice are in the block too: from a
 * given state the same rolls follow, so a search explores the players'
 * choices for the seed it starts from; several seeds explore several
 * dealings of the dice.
 */
#ifndef ORDO_ENGINES_EXPLORE_H
#define ORDO_ENGINES_EXPLORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "scenario.h"

/* The end reasons a search tells apart; ends for further reasons are
 * counted together as other. */
#define EX_REASONS 32

/* Ends counted by the reason the rules gave (`end game because`). */
typedef struct ex_reasons {
    uint32_t text[EX_REASONS];  /* slot k counts the reason of text number text[k] - 1; 0: free */
    uint64_t count[EX_REASONS];
    uint64_t other;             /* ends whose reason found no free slot */
} ex_reasons;

/* Counts n ends for the reason of text number `text`. */
void ex_reasons_add(ex_reasons *t, int text, uint64_t n);

/* What a finding is. */
enum {
    EX_ERROR = 0,      /* a runtime error reached (a range, an index, a limit ...) */
    EX_DEADLOCK,       /* a decision with no legal option */
    EX_NO_PROGRESS,    /* a state from which no end can be reached */
    EX_INVARIANT,      /* a state where an `invariant` does not hold */
    /* warnings: not a fault of the rules, but how some games ended */
    EX_LIMIT_END,      /* an end by a limit the rules set (`because limit`) */
    EX_CUT,            /* a random walk cut off by --depth before its game ended */
    EX_NKINDS
};

/* Whether a finding of this kind is a warning (the run still exits 0). */
#define EX_IS_WARNING(kind) ((kind) >= EX_LIMIT_END)

typedef struct ex_finding {
    int kind;          /* EX_* */
    int code;          /* the runtime's ORDO_E_* (EX_ERROR, EX_DEADLOCK); the
                        * reason's text number + 1 (EX_LIMIT_END) */
    int32_t step;      /* the step it shows at, -1 if none */
    uint32_t line;     /* the source line (of the failing statement, else the step) */
    char message[256];
    uint32_t state;    /* the state it was found in (its path replays it) */
    uint64_t seed;
    uint64_t count;    /* the times it was met (distinct end states, walks cut off) */
    /* in a ruleset with hidden state: the seats that could have known, at
     * the decision that led there, that the option taken leads to it
     * (bit p: player p+1), when `knew_known` */
    int knew_known;
    uint64_t knew;
} ex_finding;

/* Whether f is the finding of that kind, line and code: one is reported
 * per kind and place (and one cut-off walk for all). */
int ex_same_finding(const ex_finding *f, int kind, uint32_t line, int code);

typedef struct ex_limits {
    /* the view: vars left out of a state's identity (TLC's VIEW), such as
     * a turn counter that would make every state new; NULL-terminated
     * indexes, or NULL */
    const int *ignore;
    int depth;         /* decisions from the start (0: none) */
    uint64_t states;   /* states kept (0: as memory allows) */
    uint64_t memory;   /* bytes for the states kept */
    double seconds;    /* wall-clock time (0: none) */
    uint64_t max_steps;/* VM instructions between two decisions */
    /* chance: 0, every roll's every total is a branch of its own (at most
     * `outcomes` of them from one transition); 1, the rolls follow each
     * state's generator, as in random walks */
    int seeded_dice;
    uint64_t outcomes;
    /* which search: EX_SEARCH_MIXED (the default: breadth first for a
     * share of --seconds, then guided walks; with walks > 0, random
     * walks), _BFS (breadth first alone), _SWARM (guided walks alone) */
    int search;
    int first;         /* stop at the first finding that is not a cut-off walk */
    /* 1: a ruleset's `symmetric players` is not used (states that differ
     * by a renaming of the seats are counted apart) */
    int no_symmetry;
} ex_limits;

enum { EX_SEARCH_MIXED = 0, EX_SEARCH_BFS, EX_SEARCH_SWARM };

/* Rolls one transition may force before the rest follow the generator. */
#define EX_MAX_ROLLS 64

/* The rolls of one transition, every outcome in turn (an odometer over a
 * tree whose later rolls may depend on the earlier): the totals forced
 * (script, from an earlier outcome), then the lowest total of each roll
 * after them; what each roll took and could have taken. Zeroed, then
 * ex_chance_total is the ordo_set_chance callback with it as ctx. */
typedef struct ex_chance {
    const int32_t *script;
    uint32_t nscript;
    int32_t took[EX_MAX_ROLLS], most[EX_MAX_ROLLS];
    uint32_t n;
    int overflow;      /* more rolls than EX_MAX_ROLLS: the rest drew */
    uint64_t *draw;    /* past the script, totals drawn from this generator (a
                        * guided walk's own, kept as the way in); NULL: the
                        * lowest totals */
} ex_chance;
int32_t ex_chance_total(void *ctx, const ordo_game *g, int dice, int sides);
/* After a run with c: the next outcome's totals into script (EX_MAX_ROLLS
 * of them), c set to force them: 1; 0 when every outcome was run. */
int ex_chance_next(ex_chance *c, int32_t *script);

/* One search from a start game: breadth first when walks is 0, else that
 * many random walks (walk k draws from seed + k). */
typedef struct ex_result {
    uint64_t states, transitions, ends, end_winner[128], end_none, limits;
    /* ends by the reason the rules gave; end_limit: those that a limit the
     * rules set ended */
    ex_reasons reasons;
    uint64_t end_limit;
    int depth_reached;
    int complete;      /* every reachable state was explored */
    int chance_cut;    /* a transition had more outcomes than allowed */
    double seconds;
    /* states known by a 64-bit fingerprint alone (no block kept), and the
     * estimated chance that two of them shared one (sent to the parent
     * process with the counters above: before `findings`) */
    int fingerprints;
    double collision;
    uint64_t walked;   /* guided walks after the breadth-first share, or alone */
    int renamings;     /* the renamings of the seats tried on a state
                        * (`symmetric players`), 0: none */
    ex_finding *findings;
    size_t nfindings, capfindings;
    sc_coverage cov;   /* what the explored games reached */
    size_t block;      /* bytes of a game block */
    /* what a state's way in is replayed with (ex_path): the start's seed,
     * the step budget, and whether the rolls took the totals kept for it
     * (else they drew from the generator) */
    uint64_t seed, max_steps;
    int rolls_expanded;
    /* the states kept: their blocks, and how each was reached */
    unsigned char *blocks;
    uint32_t *parent;
    uint16_t *option;  /* the option taken from the parent (a program's
                        * max_options is 16 bits; the start's: none) */
    uint32_t *depth;
    uint64_t nkept;
    /* the totals the rolls took on the way to each state (from its
     * parent, or from the start): rolls[roll_at[i] .. + nrolls[i]) */
    int32_t *rolls;
    uint64_t nrollpool, caprollpool;
    uint32_t *roll_at;
    uint8_t *nrolls;
    /* breadth first's compact store while it searches: instead of the
     * rolls, each state's outcome number (which run of its transition's
     * odometer, explore.c's expand); the rolls of the findings' ways in
     * are rebuilt from it when the search ends, and this freed (NULL) */
    uint32_t *outcome;
} ex_result;

/* Explores program p from a new game (nplayers, seed). Returns 0, or -1
 * when out of memory before anything could be explored. *r is to be freed
 * with ex_free. progress: where a progress line goes when it is a
 * terminal (NULL: nowhere). */
int ex_search(const ordo_program *p, int nplayers, uint64_t seed, uint64_t walks,
              const ex_limits *lim, FILE *progress, ex_result *r);
void ex_free(ex_result *r);

/* The scenario lines that replay the way from the start to state i, in
 * order: `play`, then `choose "LABEL"` for each decision, each preceded
 * by `roll T, ...` for the totals its rolls took (each line a malloc'd
 * string in *labels; the count is returned, -1 on failure). */
int ex_path(const ordo_program *p, int nplayers, const ex_result *r, uint32_t i,
            char ***labels);
/* The same on game g, a new game (from_start 1), or one that already
 * stands at the first state of the way (0: its start was made otherwise,
 * `ordo diff --from`'s set-up, and has no line); g is played on. */
int ex_path_on(ordo_game *g, int from_start, const ex_result *r, uint32_t i, char ***labels);

/* A new game replayed from the start to state i (ex_path's way, in
 * blocks), or NULL; to be freed with ordo_free. */
ordo_game *ex_replayed(const ordo_program *p, int nplayers, const ex_result *r, uint32_t i);

/* The no-progress finding's message for `stuck` states none of whose
 * ways lead to an end. */
void ex_stuck_message(char *msg, size_t n, uint64_t stuck);

/* Seconds since t0 (CLOCK_MONOTONIC). */
double ex_seconds_since(const struct timespec *t0);

/* The store's pieces a search over other states (diff.c's pairs) shares:
 * an open-addressing table of states by hash (tsize a power of two). A
 * slot holds 1 + the state's index in its low `bits` bits (0: empty;
 * ex_index_bits: enough for `cap` states) and the hash's top bits in the
 * bits above, a tag, so that a probe passes most other states' slots
 * without reading their hashes, a cache miss each (5 tag bits or more
 * below 2^27 states: 31 slots in 32 passed). The slot of state i; the
 * index a slot holds when its tag is h's (else UINT32_MAX); the table
 * twice as large for hashes[0..n) (NULL when out of memory); and the
 * rolls c took kept as state i's way in (r->rolls, roll_at, nrolls; c
 * NULL: none): 0, or -1 when out of memory. */
typedef uint32_t ex_slot;
unsigned ex_index_bits(uint64_t cap);
static inline ex_slot ex_slot_of(uint64_t h, uint32_t i, unsigned bits)
{
    return bits >= 32 ? i + 1 : (uint32_t)(h >> (32 + bits)) << bits | (i + 1);
}
static inline uint32_t ex_slot_index(ex_slot v, uint64_t h, unsigned bits)
{
    if (bits >= 32)
        return v - 1;
    return v >> bits == (uint32_t)(h >> (32 + bits)) ? (v & ((1u << bits) - 1)) - 1 : UINT32_MAX;
}
void ex_table_put(ex_slot *table, uint64_t tsize, uint64_t h, uint32_t i, unsigned bits);
ex_slot *ex_table_grown(const uint64_t *hashes, uint64_t n, uint64_t tsize, unsigned bits);
int ex_keep_rolls(ex_result *r, uint64_t i, const ex_chance *c);

/* The states from the start to state i of r, the start first, into
 * *chain (malloc'd); their count, or -1. */
int ex_chain_to(const ex_result *r, uint32_t i, uint32_t **chain);
/* g run on from where it is, after option k (-1: the start's first run),
 * with the rolls state `to` of r was reached with: a transition of the
 * search again, as a way in is replayed. */
void ex_replay_step(const ex_result *r, ordo_game *g, int k, uint32_t to);

/* Whether g shows finding f: the same error, deadlock or step limit at
 * the same line, the same invariant broken, the same end by a limit. */
int ex_shows(const ordo_program *p, ordo_game *g, const ex_finding *f);

/* ---------------------------------------------------- explore_shrink.c */

/* The lines of ex_path for finding f of r, its way made shorter first
 * where that can be done (a fuzzer's minimising: decisions left out while
 * the finding still shows when the rest are replayed by their labels);
 * not for a walk cut off, circles (a property of many states) nor, with
 * who could have known, a way that was judged as it is. */
int ex_way(const ordo_program *p, int nplayers, const ex_result *r, const ex_finding *f,
           char ***labels);

/* Its lines, each alone (malloc'd): `roll T, ...` for n totals (NULL when
 * n is 0), and `choose "LABEL"` for option k of g, quoted as a scenario
 * writes it. */
char *ex_roll_line(const int32_t *totals, uint32_t n);
char *ex_choose_line(const ordo_game *g, int k);

/* ---------------------------------------- explore.c: a search's shard */

/* One worker's part of a breadth-first search shared among several
 * (explore_shared.c): the states it owns, kept and classified as
 * ex_search keeps them, while every transition of a state it expands goes
 * to a sink (to the state's owner) instead of its own store. */
typedef struct search ex_shard;

/* Where a shard's transitions go: state g (hash h, the play's status rc)
 * reached from the shard's state `parent` (UINT32_MAX: the start) by
 * option k (-1: none), the outcome-th outcome of its rolls, c their
 * totals (or NULL). 0, or -1 to stop the search. */
typedef int (*ex_sink)(void *ctx, const ordo_game *g, uint64_t h, uint32_t parent, int k,
                       uint32_t outcome, const ex_chance *c, int rc);

/* A breadth-first shard keeping its states in `memory` bytes, with its
 * result in *r (freed with ex_free; its counters set at ex_shard_close),
 * or NULL when out of memory. */
ex_shard *ex_shard_open(const ordo_program *p, int nplayers, uint64_t seed, const ex_limits *lim,
                        uint64_t memory, ex_sink sink, void *ctx, FILE *progress, ex_result *r);
void ex_shard_close(ex_shard *s);
/* Plays the start into the sink, once for each outcome of its rolls: 0, or -1. */
int ex_shard_start(ex_shard *s);
/* Expands the next state kept and not yet expanded (in the order kept),
 * its transitions into the sink: 1 and its index in *i; 0 when none is
 * left; -1 when the search must stop (a bound, the time). */
int ex_shard_expand_next(ex_shard *s, uint32_t *i);
/* The index of the state ex_shard_expand_next would expand next, not
 * expanded yet: 1, 0 when none is left, -1 when the queue cannot be read. */
int ex_shard_peek_next(ex_shard *s, uint32_t *i);
/* State g reached at `depth` by option `option` with the rolls of c: the
 * index of the state kept in its position, *is_new when it is kept (and
 * classified: its findings, its end) now; -1 when the store is full. */
int64_t ex_shard_receive(ex_shard *s, ordo_game *g, uint64_t h, int rc, uint32_t depth,
                         int option, const ex_chance *c, int *is_new);
/* The index of the state kept with fingerprint h, or -1. */
int64_t ex_shard_known(const ex_shard *s, uint64_t h);
/* State i's status (ordo_status, at least -1); whether an end may be
 * reached from it alone (over, or a decision not expanded whole). */
int ex_shard_status(const ex_shard *s, uint64_t i);
int ex_shard_may_end(const ex_shard *s, uint64_t i);
/* Whether a bound stopped the shard's search. */
int ex_shard_truncated(const ex_shard *s);
/* Who could have known, over the states of all shards (a shard cannot
 * replay its states: their ways in are other shards'): 32 bits of the
 * hash of what every seat sees of g, as a shard keeps it of each
 * decision; the shard's decisions with that hash, the states a seat may
 * not tell from one whose hash it is (their count; the first `max` of
 * them into at); and whether, from every state at[0..n) of `ways` (a
 * store of the links of their ways in, each replayed from the start)
 * that `seat` cannot tell from decision q, taking `label` with those
 * rolls shows finding f (explore.c's seat_knew over them). */
uint32_t ex_shard_seen(ex_shard *s, const ordo_game *g);
size_t ex_shard_alike(const ex_shard *s, uint32_t all, uint32_t *at, size_t max);
int ex_shard_knew(ex_shard *s, const ordo_game *q, int seat, const char *label,
                  const int32_t *rolls, uint32_t nrolls, const ex_finding *f, const ex_result *ways,
                  const uint32_t *at, size_t n);
/* Whether p has a hidden var (who could have known is asked). */
int ex_has_hidden_state(const ordo_program *p);

/* ------------------------------------------------- explore_shared.c */

/* How the workers of a shared search talk: all to all. exchange sends
 * out[k] (nout[k] bytes) to worker k and returns, in *in (malloc'd, to be
 * freed), what every worker sent this one, worker k's from at[k] to
 * at[k + 1] (at: size + 1 entries): 0, or -1. Every worker calls it the
 * same number of times. Threads of one process (explore_threads.c) or
 * MPI ranks (explore_mpi.c). */
typedef struct ex_transport ex_transport;
struct ex_transport {
    int rank, size;
    int in_memory; /* what is sent arrives as it was (threads): blocks go without a checksum */
    int (*exchange)(ex_transport *t, unsigned char *const *out, const size_t *nout,
                    unsigned char **in, size_t *at);
    void *ctx;
};

/* One breadth-first search from a new game (nplayers, seed), its states
 * partitioned by fingerprint among the workers of t, each keeping its own
 * in `memory` bytes; every worker calls it. Level by level, each worker
 * expands the states it owns and sends each successor to its owner, which
 * keeps the first in the order one process would have found them, so a
 * complete search gives worker 0 the result ex_search gives (states,
 * depth, counters, findings and their paths; the states kept: only those
 * on the findings' paths). 0, or -1 (out of memory, a worker failed). */
int ex_shared_search(const ordo_program *p, int nplayers, uint64_t seed, const ex_limits *lim,
                     uint64_t memory, ex_transport *t, FILE *progress, ex_result *r);

/* The same over `jobs` threads of this process, sharing lim->memory. */
int ex_threads_search(const ordo_program *p, int nplayers, uint64_t seed, const ex_limits *lim,
                      int jobs, FILE *progress, ex_result *r);

/* ---------------------------------------------------- explore_seeds.c */

/* A run over seeds seed .. seed+seeds-1, each searched as ex_search does:
 * breadth first, each seed's search shared among `jobs` threads, or
 * among the MPI ranks of `mpi`; random walks, the seeds shared among
 * `jobs` child processes. */
typedef struct ex_run_options {
    ex_limits lim;
    int nplayers;
    uint64_t seed, seeds, walks;
    long jobs;         /* random walks: at most `seeds` are used */
    FILE *progress;    /* a progress line, when a terminal and one job; or NULL */
    FILE *err;         /* where a message goes (out of memory), or NULL */
    const char *prog;  /* its prefix */
    ex_transport *mpi; /* the ranks sharing each search (each runs ex_run), or NULL */
} ex_run_options;

/* A finding as a report needs it: what, where, and how to get there. */
typedef struct ex_found {
    ex_finding f;
    char **path;       /* the scenario lines that replay it (ex_path) */
    int npath;
    int decisions;     /* its `choose` lines */
} ex_found;

/* The merged outcome of every seed. */
typedef struct ex_total {
    uint64_t states, transitions, ends, end_none, limits, seeds, complete, chance_cut;
    uint64_t end_winner[128], end_limit;
    ex_reasons reasons;
    uint64_t fingerprint_seeds; /* seeds searched with fingerprints alone */
    double collision;           /* the chance of a collision in any of them */
    uint64_t walked;            /* guided walks, in all seeds */
    int renamings;              /* of the seats, tried on each state (0: none) */
    int depth;
    double seconds;
    unsigned char *steps, *options, *triggers; /* reached: [nsteps], [noptions], [nprocs] */
    ex_found *found;   /* each finding once, from the first seed that met it */
    size_t nfound;
} ex_total;

/* Runs the search over every seed of o into *t (to be freed with
 * ex_total_free, whatever is returned): 0, or -1 when a job failed or
 * memory ran out. */
int ex_run(const ordo_program *p, const ex_run_options *o, ex_total *t);
void ex_total_free(ex_total *t);

/* --------------------------------------------------- explore_report.c */

/* Writes the report of t on out (`file` names the ruleset in each line):
 * the findings (errors, then warnings as they come), what was never
 * reached, the summary. Returns the number of errors (not warnings). */
int ex_report(FILE *out, const ordo_program *p, const char *file, const ex_run_options *o,
              const ex_total *t);
/* Writes each finding of t as a scenario that replays it, on f: an error's
 * fails while the rules break there; a warning's passes. */
void ex_write_scenarios(FILE *f, const ordo_program *p, const char *file, const ex_total *t,
                        int nplayers);

/* ------------------------------------------------------ explore_run.c */

/* A run as `ordo explore` asks for it, by names. */
typedef struct ex_request {
    ex_run_options o;  /* o.nplayers 0: the ruleset's minimum; o.lim.ignore
                        * is set from `ignore` */
    const char *file;  /* the ruleset's path, as the report names it */
    const char *const *ignore; /* vars left out of a state's identity */
    int nignore;       /* at most 16 */
    const char *scenarios; /* the file the findings go to as scenarios, or NULL */
} ex_request;
/* Checks the players and finds the ignored vars (TOOL_USAGE after a
 * message on stderr), runs the search, writes its report on `out` and the
 * scenarios' file whole or not at all. TOOL_OK when no error was found,
 * TOOL_FAIL when one was, or the search or the file failed. */
int ex_explore(const ordo_program *p, const ex_request *r, FILE *out);

#endif /* ORDO_ENGINES_EXPLORE_H */

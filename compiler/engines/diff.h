/* diff.h — the engine of `ordo diff A B`: where two rulesets with the
 * same players part, found by playing them in lockstep, and which of their
 * declarations differ, found by comparing them.
 *
 * The search (diff.c) is the explorer's (explore.h) over pairs: a state
 * is a game of A and a game of B, started with the same players and seed,
 * given the same choices (matched by label) and the same rolls (every
 * total of every roll a branch, or each game's generator from the same
 * seed). Breadth first, so the first play found to a parting is a
 * shortest one. The comparison of declarations (diff_rules.c) needs no
 * play; it also tells which partings a changed declaration accounts for.
 * The report and the scenarios are diff_report.c's; a whole run as the
 * command line names it, diff_run.c's.
 */
#ifndef ORDO_ENGINES_DIFF_H
#define ORDO_ENGINES_DIFF_H

#include <stdint.h>
#include <stdio.h>

#include "diff_from.h"
#include "diff_rules.h"
#include "explore.h"

/* ------------------------------------------------------------ diff.c */

/* How two games part. */
enum {
    DF_OFFERED,        /* an option one offers and the other does not */
    DF_EVENTS,         /* the same choice, other events */
    DF_STATE,          /* the same choice, a var of both with other values */
    DF_DECISION,       /* one asks for a decision where the other has none, or another's */
    DF_END,            /* both over, another winner or reason */
    DF_ERROR,          /* one stops on a runtime error, the other not, or another */
    DF_NKINDS
};

typedef struct df_options {
    ex_limits lim;     /* depth, states, memory, seconds, max_steps, seeded_dice, outcomes */
    int nplayers;
    uint64_t seed, seeds;
    /* 0: breadth first; else that many random walks per seed (walk k
     * draws from seed + k), each an option both offer at random, the
     * rolls A's generator's, handed to B */
    uint64_t walks;
} df_options;

typedef struct df_difference {
    int kind;          /* DF_OFFERED ... */
    char what[400];    /* one line: what A does, what B does */
    char key[200];     /* what it is counted as again (a var, a label, an event) */
    char **path;       /* the scenario lines to the pair where it shows */
    int npath, decisions;
    char assert_a[600];/* a scenario line that holds in A there, and not in B */
    uint64_t seed;
    int32_t step_a, step_b;    /* where each stands (-1: nowhere) */
    uint32_t line_a, line_b;
    const char *file_a, *file_b;
    char rules[200];   /* the rule IDs of both places, each once */
    int change;        /* 1 + the df_change that explains it; 0: unexplained */
    uint64_t count;    /* the pairs found differing so */
    int bridges;       /* a walk's: decisions B asked for and A did not, taken in
                        * B alone on the way (the play shown is A's) */
    char because[400]; /* the explaining change, as the report names it */
    const df_start *start; /* the set-up searched from (NULL: the game's start) */
    int players;       /* the players of its game */
    uint32_t rolled;   /* totals of the set-up's `roll` lines that A rolled */
} df_difference;

typedef struct df_result {
    df_difference *v;
    size_t n, cap;
    uint64_t states, transitions, seeds;
    int depth;         /* the deepest pair, in decisions */
    int complete;      /* every pair reachable was compared, for every seed */
    int chance_cut;
    double seconds;
    int starts;        /* the scenarios' set-ups searched from besides (--from) */
    df_starts from;    /* those set-ups, which the differences point at (df_search_all's) */
} df_result;

/* Plays a and b in lockstep from every seed of o, each pair compared,
 * into *r (to be freed with df_result_free whatever is returned). rules:
 * their comparison, which explains a parting (NULL: none is). 0; -1 when
 * out of memory or when a game could not be started. */
int df_search(const df_side *a, const df_side *b, const df_options *o, const df_rules *rules,
              df_result *r);
/* The same from a scenario's set-up (diff_from.c), a and b its sides
 * (start->side), rules theirs: the first move of each game is the
 * set-up, its players and seed the scenario's when it gives them. */
int df_search_from(const df_start *start, const df_options *o, const df_rules *rules,
                   df_result *r);
/* A difference more at the end of r (its content the caller's), or NULL
 * when out of memory. */
df_difference *df_result_add(df_result *r);
void df_result_free(df_result *r);

/* ------------------------------------------------------- diff_run.c */

/* A run as `ordo diff` names it. */
typedef struct df_request {
    df_options o;      /* o.nplayers 0: A's minimum */
    int rules;         /* --rules: the declarations that differ, no search */
    const char *scenarios; /* the file the partings go to as scenarios, or NULL */
    const char *prog;  /* the prefix of a message */
    const char *const *from; /* --from FILE[:SCENARIO], nfrom of them */
    int nfrom;
} df_request;
/* Checks that A and B both play the players (TOOL_USAGE after a message
 * on stderr), compares the declarations, then lists them (r->rules) or
 * runs the search, writing its report on `out` and the scenarios' file
 * whole or not at all. diff(1)'s status: TOOL_OK no difference found,
 * TOOL_FAIL differences, TOOL_USAGE trouble (out of memory, a file not
 * written). */
int df_diff(const df_side *a, const df_side *b, const df_request *r, FILE *out);
/* r->o.nplayers (0: A's minimum) set, and checked against both rulesets:
 * 0, or -1 after a message on stderr. */
int df_players(const df_side *a, const df_side *b, df_request *r);
/* The search alone: from the start, then from each set-up r->from names,
 * the partings merged into *res (freed with df_result_free whatever is
 * returned). 0; 1 when a set-up is trouble (said on `out`); -1 when a file
 * could not be read or the search failed (said on stderr). */
int df_search_all(const df_side *a, const df_side *b, const df_request *r,
                  const df_rules *rules, df_result *res, FILE *out);
/* ordo diff's default bounds and search (breadth first, then walks), for
 * `seconds`. */
void df_options_default(df_options *o, double seconds);

/* ---------------------------------------------------- diff_report.c */

/* The differences of r, grouped by rule ID, then the summary line
 * "N differences in M rule IDs; unexplained: K". */
void df_report(FILE *out, const df_side *a, const df_side *b, const df_options *o,
               const df_result *r, const df_rules *rules);
/* The declarations that differ, each with its lines and rule IDs, and a
 * summary line. */
void df_report_rules(FILE *out, const df_side *a, const df_side *b, const df_rules *rules);
/* Each difference as a scenario that extends A (the file named `base`,
 * written as an absolute path, so that the scenarios may be anywhere) and
 * passes there: 0, or -1 when out of memory. */
int df_write_scenarios(FILE *f, const char *base, const df_result *r, int nplayers);
/* The rule document's section "What this layer changes" (ordo doc
 * --changes-from A): each declaration that differs, a line, into m. 0, or
 * -1 when out of memory. */
struct doc_model;
int df_doc_changes(struct doc_model *m, const df_side *a, const df_rules *rules);
/* The search's partings into the same section, a line each, with its
 * summary: 0, or -1 when out of memory. */
int df_doc_partings(struct doc_model *m, const df_side *a, const df_side *b, int nplayers,
                    const df_result *r, const df_rules *rules);

#endif /* ORDO_ENGINES_DIFF_H */

/* mutants.h — the small changes `ordo mutate` makes to a ruleset's rules,
 * one at a time, to see which of them its scenarios notice.
 *
 * A mutant is an edit of the ruleset's text: replace bytes [at, at+len)
 * of the source by `repl`. The edits are found by reading the text as the
 * language's tokens (comments and strings are never edited) and following
 * its blocks, so only rules are mutated: the sequence, procs, fns,
 * triggers, actions and consts — never scenarios, policies or displays,
 * which are the tests and the players, not the rules.
 */
#ifndef ORDO_ENGINES_MUTANTS_H
#define ORDO_ENGINES_MUTANTS_H

#include <stddef.h>
#include <stdio.h>

/* What a mutant does, one name each (the first word of the report). */
#define MUTANT_KINDS(X)                                                                 \
    X(FLIP, "flip", "a comparison flipped")                                             \
    X(SHIFT, "shift", "a constant moved by one")                                        \
    X(DROP, "drop", "a statement left out")                                             \
    X(UNGUARD, "unguard", "a 'when' guard left out")                                    \
    X(FREE, "free", "a cost left out")                                                  \
    X(TIMING, "timing", "'immediately' and 'after' swapped")                            \
    X(ORDER, "order", "an order reversed (asc and desc swapped)")                       \
    X(SWAP, "swap", "two statements of a block swapped")

enum {
#define X(id, name, what) MUTANT_##id,
    MUTANT_KINDS(X)
#undef X
    MUTANT_NKINDS
};

typedef struct mutant {
    int kind;            /* MUTANT_* */
    size_t at, len;      /* the bytes replaced */
    char repl[96];       /* by these; SWAP: none, the bytes change places */
    size_t at2, len2;    /* SWAP: the second line, after the first */
    unsigned line, col;  /* where, 1-based */
    char rule[64];       /* the rule IDs of the step it is in ("" if none) */
    char what[160];      /* "'<' to '<='" */
    char snippet[96];    /* the line it changes, trimmed (cut at 95 bytes) */
    size_t line_at, line_len; /* that line, whole, in the source */
} mutant;

/* Every mutant of src[0..n), in source order, in a malloc'd array (its
 * count in *count; NULL with *count 0 when there is none or no memory). */
mutant *mutants_find(const char *src, size_t n, size_t *count);

/* The text of mutant m of src, NUL-terminated, in malloc'd memory. */
char *mutant_apply(const char *src, size_t n, const mutant *m, size_t *len);

/* The name of a kind ("flip"), or "?". */
const char *mutant_kind_name(int kind);

/* ---------------------------------------------------------- mutate_run.c */

/* A mutant's verdict: the exit status of the child that ran it, and then
 * EQUIVALENT for a survivor the ruleset marks as one. */
enum {
    MUTANT_SURVIVED = 0,
    MUTANT_KILLED = 1,
    MUTANT_STILLBORN = 2,
    MUTANT_TIMEOUT = 3, /* killed by the time limit */
    MUTANT_EQUIVALENT = 4
};

typedef struct mutate_options {
    const char *path;    /* the ruleset (its mutants read the files beside it) */
    const char *src;     /* its text, NUL-terminated, n bytes */
    size_t n;
    long jobs;           /* mutants run at a time, each in a child process */
    long timeout;        /* seconds a mutant's scenarios get */
} mutate_options;

typedef struct mutate_result {
    mutant *ms;          /* every mutant, in source order */
    size_t count;
    int *verdict;        /* [count]: MUTANT_* */
    const char **used;   /* [equivalent]: the marks that matched, in src */
    size_t killed, stillborn, survived, equivalent;
    double score;        /* killed of killed + survived, in percent */
} mutate_result;

/* Runs the scenarios on every mutant of o->src: 0, or -1 when out of
 * memory. *r is to be freed with mutate_result_free either way. */
int mutate_run(const mutate_options *o, mutate_result *r);
void mutate_result_free(mutate_result *r);
/* Writes on out each survivor (with -v each mutant) as
 * FILE:LINE:COL: VERDICT: KIND: WHAT, the marks no survivor matched, and
 * the score line. */
void mutate_report(FILE *out, const char *file, const char *src, const mutate_result *r,
                   int verbose);

#endif /* ORDO_ENGINES_MUTANTS_H */

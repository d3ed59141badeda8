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

#endif /* ORDO_ENGINES_MUTANTS_H */

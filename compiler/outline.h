/* outline.h — what an editor needs to know of a compiled ruleset: its
 * names (declarations with their positions, kinds and types), the uses of
 * names the resolution bound, its steps (numbers, titles, cited rule IDs)
 * and its scenarios. Made from the tree oc_tree hands back (compiler.h),
 * resolved or not: after a syntax error the names and steps are there,
 * without types or uses. Used by the language server (`ordo lsp`).
 *
 * Positions are ast_locs (1-based line and byte column; the top bits of
 * the line say which file, see diag.h and oc_tree_path). Strings point
 * into the compiler's arena: an outline lives no longer than its
 * oc_compiler.
 */
#ifndef OC_OUTLINE_H
#define OC_OUTLINE_H

#include <stdint.h>

#include "ast.h"
#include "resolution.h"

typedef struct oc_osym {
    const char *name;
    const char *kind;        /* "var", "const", "enum", "member", "table",
                              * "event", "fn", "proc", "action", "trigger",
                              * "anytime", "display", "policy", "param",
                              * "let", "for", "option", "aggregate" */
    char type[80];           /* its type as the messages write it ("" when
                              * none or not resolved) */
    ast_loc loc;             /* its name where declared */
    uint8_t global;          /* a name of the whole ruleset */
    const char *container;   /* a local's fn/proc/action/trigger, or NULL */
    const void *key;         /* what uses point to (oc_oref.target) */
} oc_osym;

/* A use of a name that resolution bound to a declaration. */
typedef struct oc_oref {
    ast_loc loc;             /* where the name is written */
    uint32_t len;            /* its length in bytes */
    const void *target;      /* the oc_osym.key it names */
} oc_oref;

typedef struct oc_ostep {
    const char *number;      /* "2.5.3" */
    ast_loc loc;             /* the number */
    const char *title;       /* or NULL */
    const char **cites;      /* the rule IDs it cites itself */
    ast_loc *cite_locs;
    uint32_t ncites;
    const char *rule;        /* resolved: its own or inherited IDs,
                              * space-separated, or NULL */
} oc_ostep;

/* A scenario, or a trigger, that cites rule IDs. */
typedef struct oc_oscenario {
    const char *kind;        /* "scenario" or "trigger" */
    const char *title;       /* a trigger: its name */
    ast_loc loc;
    const char **cites;
    ast_loc *cite_locs;
    uint32_t ncites;
} oc_oscenario;

typedef struct oc_outline {
    const char *title;       /* ruleset "..." (NULL when not parsed) */
    const char *source;      /* source "..." or NULL */
    oc_osym *syms;
    uint32_t nsyms, capsyms;
    oc_oref *refs;
    uint32_t nrefs, caprefs;
    oc_ostep *steps;
    uint32_t nsteps, capsteps;
    oc_oscenario *scenarios;
    uint32_t nscenarios, capscenarios;
    int failed;              /* out of memory: as far as it went */
} oc_outline;

/* The outline of `f` (NULL gives an empty one), with what resolution made
 * of it (oc_tree_resolution; NULL when it did not run); NULL when out of
 * memory. Freed by oc_outline_free (not the strings: they are the
 * arena's). */
oc_outline *oc_outline_new(const ast_file *f, const oc_resolution *res);
void oc_outline_free(oc_outline *o);

/* The symbol a use or a declaration points to (NULL if none). */
const oc_osym *oc_outline_sym(const oc_outline *o, const void *key);

#endif /* OC_OUTLINE_H */

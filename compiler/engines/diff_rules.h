/* diff_rules.h — two rulesets compared declaration by declaration, for
 * `ordo diff --rules` and to explain the partings the lockstep search
 * finds (diff.h, the API of `ordo diff`, includes it): the sides compared,
 * what differs, and which procs of B a change reaches.
 */
#ifndef ORDO_ENGINES_DIFF_RULES_H
#define ORDO_ENGINES_DIFF_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "compiler.h"

/* One ruleset compared: its program, the name it was given, and the
 * compiler that made it (its tree gives the constants and the cites;
 * NULL: they are not read). */
typedef struct df_side {
    const ordo_program *p;
    const char *file;
    const oc_compiler *c;
} df_side;

/* What a declaration is. */
enum { DF_STEP, DF_OPTION, DF_PROC, DF_FN, DF_TRIGGER, DF_ACTION, DF_CONST, DF_VAR, DF_TABLE,
       DF_NWHAT };
/* How it differs. */
enum { DF_ONLY_A, DF_ONLY_B, DF_CHANGED };

typedef struct df_change {
    int what, how;
    char name[160];        /* its name; an option: "LABEL" in step N */
    char detail[160];      /* what differs ("3 -> 4", "its code", "its title") */
    uint32_t line_a, line_b;   /* 0: not in that ruleset */
    const char *file_a, *file_b;
    char rules[200];       /* the rule IDs it cites, both sides, each once */
    int32_t proc_b;        /* B's proc (a proc, fn, trigger, action), -1 */
} df_change;

typedef struct df_rules {
    df_change *v;
    size_t n, cap;
    /* B's procs whose runs a change reaches: changed themselves, or
     * calling one that is (1 + the change that reaches it; 0: none) */
    uint32_t *affected;
    int nprocs_b;
} df_rules;

/* Compares a and b declaration by declaration into *r (to be freed with
 * df_rules_free whatever is returned): 0, or -1 when out of memory. */
int df_compare_rules(const df_side *a, const df_side *b, df_rules *r);
void df_rules_free(df_rules *r);
/* Where proc q's code ends in p: the next proc's start. */
uint32_t df_proc_end(const ordo_program *p, int q);
/* Each rule ID of the space-separated `ids` not yet in rules[n],
 * appended (what does not fit is left out). */
void df_add_ids(char *rules, size_t n, const char *ids);
/* The rule IDs proc q's declaration cites, appended to rules[n] (each
 * once). */
void df_proc_cites(const df_side *s, int q, char *rules, size_t n);
/* The words of the kinds (DF_STEP: "step") and the ways (DF_ONLY_A:
 * "only in A"). */
const char *df_what_name(int what);

#endif /* ORDO_ENGINES_DIFF_RULES_H */

/* resolution.h — what name resolution hands the checks and the lowering
 * besides the tree: the compiler's own tables of its results, in the
 * compilation's arena. oc_resolve_bodies fills one (oc_resolution_of);
 * oc_check and oc_lower read it, and nothing writes it after them.
 *
 * What is not here is still written into the tree: the fields dsl/ast.h
 * marks [R].
 */
#ifndef OC_RESOLUTION_H
#define OC_RESOLUTION_H

#include "ast.h"

typedef struct oc_resolution {
    /* The game's state, one var a cell block, in the runtime's order:
     * the built-ins (active, turns, in_game), the ruleset's vars, the
     * "#shown" lists of hidden vars, "#turn" and the `once per turn`
     * marks, the `once per chain` lists, the seat vars, then the
     * per-action block vars[act_first..nvars): "#acting", "#action", the
     * `per action` vars, the `once per action` marks. A var's index
     * (ast_decl.index) is its place here. */
    ast_decl **vars;
    uint32_t nvars;
    uint32_t act_first;          /* == nvars when there is no action */
    ast_sym *sym_active, *sym_turns, *sym_in_game; /* the built-in vars */
    /* The vars the language keeps for its own bookkeeping (NULL when the
     * ruleset needs none): "#turn" counts the turns begun, "#acting" the
     * actions in their body, "#action" the innermost action's event index
     * + 1; "start player" (`start player`, `seat(p)`, `rotate`) and
     * "passed" (`pass p`, `passed(p)`, rounds) are made when first read. */
    ast_decl *turn_var, *acting_var, *action_var;
    ast_decl *start_var, *passed_var;
    uint8_t has_undo;            /* an `undo` statement */
    /* every `capped at`, for the checks */
    ast_expr **caps;
    uint32_t ncaps, capcaps;
    /* the distinct option names, first use first (ast_prefer.name_id) */
    const char **option_names;
    uint32_t noption_names;
} oc_resolution;

#endif /* OC_RESOLUTION_H */

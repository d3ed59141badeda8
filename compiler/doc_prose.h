/* doc_prose.h — a block of statements as the sentences a rulebook would
 * say (doc_prose.c), for the rule document's model (doc_model.c): gains
 * and losses, rolls, moves, conditions, payments in order, the end of the
 * game with its condition and result. */
#ifndef OC_DOC_PROSE_H
#define OC_DOC_PROSE_H

#include "arena.h"
#include "ast.h"
#include "doc_model.h"
#include "resolution.h"

/* What a statement names (a step, an event, an action, a proc), as the
 * model links it: its anchor (NULL: none) and, for a step, its number and
 * title in *name. */
typedef struct doc_prose_links {
    void *ctx;
    const char *(*anchor)(void *ctx, const ast_stmt *s, const char **name);
} doc_prose_links;

/* Appends the sentences of blk's statements to out, at depth `depth`; a
 * step inside is named, not told (it has its own entry). */
void doc_prose_block(oc_arena *a, const oc_resolution *res, const doc_prose_links *links,
                     const ast_block *blk, uint32_t depth, doc_prose *out);

#endif /* OC_DOC_PROSE_H */

/* doc_prose.h — a block of statements as the sentences a rulebook would
 * say (doc_prose.c), for the rule document's model (doc_model.c): gains
 * and losses, rolls, moves, conditions, payments in order, the end of the
 * game with its condition and result. The model (doc_model.h) keeps the
 * sentences, and its lists, in the types below. */
#ifndef OC_DOC_PROSE_H
#define OC_DOC_PROSE_H

#include <stdint.h>

#include "arena.h"
#include "ast.h"
#include "resolution.h"

/* A piece of a list: `what` then `name`, the name linked to `anchor` when
 * there is one ("emits" "scored" "event-scored"). */
typedef struct doc_item {
    const char *what;      /* may be "" */
    const char *name;      /* may be "" */
    const char *anchor;    /* NULL: not a link */
    int code;              /* the name is source text (an expression) */
} doc_item;

typedef struct doc_items {
    doc_item *v;
    uint32_t n, cap;
} doc_items;

/* A sentence of the rules (doc_prose.c): its parts in order, each its
 * words (`what`) then its `name` (source text when `code`, else the
 * ruleset's text, linked to `anchor` when there is one); `depth` nests it
 * under the sentence before ("If `x > 2`:" then its lines one deeper). */
typedef struct doc_line {
    uint32_t depth;
    doc_items parts;
} doc_line;

typedef struct doc_prose {
    doc_line *v;
    uint32_t n, cap;
} doc_prose;

/* v (n items of `size` in *cap) with room for one more: the same, or a
 * copy twice as large in the arena. */
void *doc_grow(oc_arena *a, void *v, uint32_t n, uint32_t *cap, size_t size);

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

/* doc_expr.h — an expression of the tree as ordo source text (doc_expr.c),
 * for the rule document's model (doc_model.c). */
#ifndef OC_DOC_EXPR_H
#define OC_DOC_EXPR_H

#include <stdint.h>

#include "arena.h"
#include "ast.h"
#include "resolution.h"

/* The expression as ordo source text, in the arena (res names what
 * resolution made). */
const char *doc_expr_text(oc_arena *a, const oc_resolution *res, const ast_expr *e);
/* What a loop or an aggregate goes over, as written: `players`, `1..3`,
 * `Gem`, `nobles`. */
const char *doc_iter_text(oc_arena *a, const oc_resolution *res, const ast_iter *it);
/* The last source line (within its file) any part of e is on. */
uint32_t doc_expr_last_line(const ast_expr *e);

#endif /* OC_DOC_EXPR_H */

/* resolve.h — name resolution and type checking of a parsed ruleset.
 *
 * The entry point, oc_resolve(), is declared in compiler/passes.h with the
 * other passes; this header only adds what resolve.c shares with check.c
 * and the tests.
 */
#ifndef OC_RESOLVE_H
#define OC_RESOLVE_H

#include "passes.h"

/* FNV-1a over a NUL-terminated name: the hash every symbol table uses. */
uint32_t oc_name_hash(const char *s);

/* The value of a constant as a person reads it ("player 2", "red", "7"),
 * for messages. */
const char *oc_value_text(const ast_type *t, int32_t v, char *buf, size_t n);

#endif /* OC_RESOLVE_H */

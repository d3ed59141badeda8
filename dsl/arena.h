/* arena.h — a bump allocator: many small allocations, freed all at once.
 *
 * The AST, symbols, strings and the lowered program of one compilation live
 * in one arena, so nothing is freed piecemeal and no allocation is made per
 * token outside it. Memory is zeroed.
 */
#ifndef OC_ARENA_H
#define OC_ARENA_H

#include <stddef.h>

typedef struct oc_arena oc_arena;

oc_arena *arena_new(void);
void arena_free(oc_arena *a);
/* Zeroed memory aligned to 8 bytes; aborts on out of memory (a compiler
 * that cannot allocate cannot report anything useful). */
void *arena_alloc(oc_arena *a, size_t size);
/* A NUL-terminated copy of s[0..n). */
char *arena_strndup(oc_arena *a, const char *s, size_t n);
char *arena_strdup(oc_arena *a, const char *s);
/* The one copy of the name s[0..n) in this arena: a name used again is not
 * copied again (a large ruleset writes its few thousand names millions of
 * times). The copy must not be written to. */
const char *arena_intern(oc_arena *a, const char *s, size_t n);
/* Takes a malloc'd block of `size` bytes into the arena: freed with it,
 * and counted by arena_used. A table grown with realloc (the lowering's
 * code) is kept where it is instead of copied, which would touch as many
 * fresh pages again. Returns p. */
void *arena_adopt(oc_arena *a, void *p, size_t size);
/* Bytes handed out so far, adopted blocks included (for the benchmarks). */
size_t arena_used(const oc_arena *a);

/* Typed helpers. */
#define ARENA_NEW(a, T) ((T *)arena_alloc((a), sizeof(T)))
#define ARENA_ARRAY(a, T, n) ((T *)arena_alloc((a), sizeof(T) * (size_t)(n)))

#endif /* OC_ARENA_H */

/* arena.h — a bump allocator: many small allocations, freed all at once.
 *
 * The AST, symbols, strings and the lowered program of one compilation live
 * in one arena, so nothing is freed piecemeal and no allocation is made per
 * token outside it. Memory is zeroed.
 */
#ifndef OC_ARENA_H
#define OC_ARENA_H

#include <setjmp.h>
#include <stddef.h>

typedef struct oc_arena oc_arena;

oc_arena *arena_new(void);
void arena_free(oc_arena *a);
/* Zeroed memory aligned to 8 bytes. Out of memory, it fails as
 * arena_fail does. */
void *arena_alloc(oc_arena *a, size_t size);

/* Where a failed allocation goes: a longjmp to `to` (set by the compile
 * that owns the arena, which then reports "out of memory" and returns no
 * program), or, with no `to` (NULL), an abort. The jump is taken once:
 * `to` is cleared before it. */
void arena_on_failure(oc_arena *a, jmp_buf *to);
_Noreturn void arena_fail(oc_arena *a);

/* Growable blocks: malloc'd memory the arena owns until it is released,
 * so a failed compile that jumps out of a pass leaks none of the tables
 * it was growing (the lowering's code, the scanner's buffers). p is NULL
 * or a block of this arena; the block may move; the new bytes are not
 * zeroed. arena_grow fails as arena_fail does; arena_try_grow returns
 * NULL instead (p is then still the arena's, unchanged). */
void *arena_grow(oc_arena *a, void *p, size_t size);
void *arena_try_grow(oc_arena *a, void *p, size_t size);
/* Frees block p (NULL: nothing) now, not with the arena. */
void arena_release(oc_arena *a, void *p);
/* Block p trimmed to `size` bytes (kept as it is when that fails), to
 * live as long as the arena: it is counted by arena_used. */
void *arena_settle(oc_arena *a, void *p, size_t size);
/* A NUL-terminated copy of s[0..n). */
char *arena_strndup(oc_arena *a, const char *s, size_t n);
char *arena_strdup(oc_arena *a, const char *s);
/* The one copy of the name s[0..n) in this arena: a name used again is not
 * copied again (a large ruleset writes its few thousand names millions of
 * times). The copy must not be written to. */
const char *arena_intern(oc_arena *a, const char *s, size_t n);
/* Bytes handed out so far, adopted blocks included (for the benchmarks). */
size_t arena_used(const oc_arena *a);

/* Typed helpers. */
#define ARENA_NEW(a, T) ((T *)arena_alloc((a), sizeof(T)))
#define ARENA_ARRAY(a, T, n) ((T *)arena_alloc((a), sizeof(T) * (size_t)(n)))

#endif /* OC_ARENA_H */

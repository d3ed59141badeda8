/* arena.c — the bump allocator behind every compilation (see arena.h).
 *
 * Chunks grow geometrically so a million-line file needs few system calls.
 * Big chunks come straight from mmap, which hands out zeroed pages, so
 * arena_alloc never clears memory itself, and ask for transparent huge
 * pages: a large AST then costs a few hundred page faults, not hundreds of
 * thousands. Small chunks come from calloc.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MADV_HUGEPAGE */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <sys/mman.h>

#include "arena.h"

/* Large chunks come from mmap, except under AddressSanitizer: its leak
 * checker does not look into mmap'd memory, where the records of adopted
 * blocks live, and would call those blocks leaked. */
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_ASAN 1
#endif
#endif
#if defined(MAP_ANONYMOUS) && !defined(ARENA_ASAN)
#define ARENA_MMAP 1
#endif

typedef struct chunk {
    struct chunk *next;
    size_t size;        /* usable bytes after the header */
    size_t used;
    int mapped;         /* from mmap (else calloc) */
    uint64_t data[];    /* 8-byte aligned: nothing in the compiler needs more */
} chunk;

/* The header of a growable block (arena_grow): the arena's blocks are a
 * list, so that it frees those no pass released. 16 bytes on 64-bit
 * machines (8 on 32-bit): the data after it stays 8-byte aligned. */
typedef struct grown {
    struct grown *prev, *next;
} grown;

struct oc_arena {
    chunk *head;
    grown *grown;        /* growable blocks not released */
    jmp_buf *fail;       /* where a failed allocation jumps (NULL: abort) */
    const char **names;  /* arena_intern's table: open addressing, NULL = free */
    size_t ncap, nnames; /* ncap a power of two, 0 before the first name */
    size_t next_size;
    size_t total;
};

#define ALIGN 8u
#define FIRST_CHUNK ((size_t)64 * 1024)
#define MAX_CHUNK ((size_t)64 * 1024 * 1024)
#define MAP_MIN ((size_t)2 * 1024 * 1024)

oc_arena *arena_new(void)
{
    oc_arena *a = calloc(1, sizeof *a);
    if (a)
        a->next_size = FIRST_CHUNK;
    return a;
}

static void chunk_free(chunk *c)
{
#ifdef ARENA_MMAP
    if (c->mapped) {
        munmap(c, sizeof(chunk) + c->size);
        return;
    }
#endif
    free(c);
}

void arena_free(oc_arena *a)
{
    if (!a)
        return;
    for (grown *b = a->grown; b;) {
        grown *n = b->next;
        free(b);
        b = n;
    }
    free(a->names);
    chunk *c = a->head;
    while (c) {
        chunk *n = c->next;
        chunk_free(c);
        c = n;
    }
    free(a);
}

/* Zeroed memory for a chunk of `bytes` (header included). */
static chunk *chunk_get(size_t bytes)
{
#ifdef ARENA_MMAP
    if (bytes >= MAP_MIN) {
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
#ifdef MADV_HUGEPAGE
            madvise(p, bytes, MADV_HUGEPAGE);
#endif
            ((chunk *)p)->mapped = 1;
            return p;
        }
    }
#endif
    return calloc(1, bytes);
}

static chunk *new_chunk(oc_arena *a, size_t need)
{
    size_t size = a->next_size;
    if (size < need)
        size = need;
    chunk *c = chunk_get(sizeof(chunk) + size);
    if (!c)
        arena_fail(a);
    c->size = size;
    c->used = 0;
    c->next = a->head;
    a->head = c;
    if (a->next_size < MAX_CHUNK)
        a->next_size *= 2;
    return c;
}

void *arena_alloc(oc_arena *a, size_t size)
{
    size = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    if (size == 0)
        size = ALIGN;
    chunk *c = a->head;
    if (!c || c->size - c->used < size)
        c = new_chunk(a, size);
    void *p = (char *)c->data + c->used;
    c->used += size;
    a->total += size;
    return p; /* already zero: chunks are never reused */
}

char *arena_strndup(oc_arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *arena_strdup(oc_arena *a, const char *s)
{
    return arena_strndup(a, s, strlen(s));
}

void arena_on_failure(oc_arena *a, jmp_buf *to)
{
    a->fail = to;
}

_Noreturn void arena_fail(oc_arena *a)
{
    jmp_buf *to = a->fail;
    if (to) {
        a->fail = NULL;
        longjmp(*to, 1);
    }
    fputs("ordo: out of memory\n", stderr);
    abort();
}

static void grown_unlink(oc_arena *a, grown *b)
{
    if (b->prev)
        b->prev->next = b->next;
    else
        a->grown = b->next;
    if (b->next)
        b->next->prev = b->prev;
}

static void *grown_link(oc_arena *a, grown *b)
{
    b->prev = NULL;
    b->next = a->grown;
    if (a->grown)
        a->grown->prev = b;
    a->grown = b;
    return b + 1;
}

void *arena_try_grow(oc_arena *a, void *p, size_t size)
{
    grown *old = p ? (grown *)p - 1 : NULL;
    if (size > SIZE_MAX - sizeof(grown))
        return NULL;
    if (old)
        grown_unlink(a, old);
    grown *b = realloc(old, sizeof(grown) + size);
    if (!b) {
        if (old)
            grown_link(a, old);
        return NULL;
    }
    return grown_link(a, b);
}

void *arena_grow(oc_arena *a, void *p, size_t size)
{
    void *q = arena_try_grow(a, p, size);
    if (!q)
        arena_fail(a);
    return q;
}

void arena_release(oc_arena *a, void *p)
{
    if (!p)
        return;
    grown *b = (grown *)p - 1;
    grown_unlink(a, b);
    free(b);
}

void *arena_settle(oc_arena *a, void *p, size_t size)
{
    void *q = arena_try_grow(a, p, size);
    a->total += size;
    return q ? q : p;
}

/* FNV-1a: names are short, and any fair spread will do. */
static size_t name_hash(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211u;
    return (size_t)h;
}

/* The slot that holds s[0..n), or the free slot where it belongs. */
static const char **name_slot(const char **names, size_t cap, const char *s, size_t n)
{
    size_t i = name_hash(s, n) & (cap - 1);
    while (names[i] && (strncmp(names[i], s, n) != 0 || names[i][n] != 0))
        i = (i + 1) & (cap - 1);
    return &names[i];
}

/* Doubles the table (to 1024 slots the first time); 0 when out of memory. */
static int names_grow(oc_arena *a)
{
    size_t cap = a->ncap ? a->ncap * 2 : 1024;
    const char **t = calloc(cap, sizeof *t);
    if (!t)
        return 0;
    for (size_t i = 0; i < a->ncap; i++)
        if (a->names[i])
            *name_slot(t, cap, a->names[i], strlen(a->names[i])) = a->names[i];
    free(a->names);
    a->names = t;
    a->ncap = cap;
    return 1;
}

const char *arena_intern(oc_arena *a, const char *s, size_t n)
{
    if (2 * (a->nnames + 1) > a->ncap && !names_grow(a))
        return arena_strndup(a, s, n); /* a copy of its own still works */
    const char **slot = name_slot(a->names, a->ncap, s, n);
    if (!*slot) {
        *slot = arena_strndup(a, s, n);
        a->nnames++;
    }
    return *slot;
}

size_t arena_used(const oc_arena *a)
{
    return a->total;
}

/* explore_shared_msg.c — the messages between the workers of a shared
 * search (explore_shared.h): growing buffers, the all-to-all exchange
 * through the transport (ex_transport), sums and maxima over the workers,
 * and a game's block as it travels.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "explore_queue.h"
#include "explore_shared_msg.h"
#include "ordo_native.h"

/* the slots of the table of fingerprints sent (exs_sent_before), and
 * the slots probed before giving up */
#define SENT_SLOTS ((size_t)1 << 16)
#define SENT_PROBES 8

int exs_grow(void **v, uint64_t *cap, uint64_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    uint64_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    void *n = realloc(*v, c * size);
    if (!n)
        return -1;
    *v = n;
    *cap = c;
    return 0;
}

int exs_put(buf *b, const void *p, size_t n)
{
    uint64_t cap = b->cap;
    if (exs_grow((void **)&b->b, &cap, b->n + n, 1) != 0)
        return -1;
    b->cap = cap;
    if (n)
        memcpy(b->b + b->n, p, n);
    b->n += n;
    return 0;
}

/* Every worker's out buffers exchanged, then emptied: what came in, or
 * nothing when the exchange failed (the worker goes on in step with the
 * others, its failure told at the next count). */
unsigned char *exs_exchange(worker *w, size_t *at)
{
    int size = w->t->size;
    unsigned char *outs[size ? size : 1];
    size_t nout[size ? size : 1];
    for (int k = 0; k < size; k++) {
        outs[k] = w->out[k].b;
        nout[k] = w->out[k].n;
    }
    unsigned char *in = NULL;
    if (w->t->exchange(w->t, outs, nout, &in, at) != 0) {
        w->failed = 1;
        free(in);
        in = NULL;
        memset(at, 0, (size_t)(size + 1) * sizeof *at);
    }
    if (w->nsent) { /* the fingerprints sent are forgotten */
        memset(w->sent_hash, 0, SENT_SLOTS * sizeof *w->sent_hash);
        w->nsent = 0;
    }
    /* a level's successors can take gigabytes: what it took goes back */
    for (int k = 0; k < size; k++) {
        w->out[k].n = 0;
        if (w->out[k].cap > ((size_t)64 << 20)) {
            free(w->out[k].b);
            w->out[k] = (buf){0};
        }
    }
    return in;
}

/* The same bytes to every worker. */
void exs_put_all(worker *w, const void *p, size_t n)
{
    for (int k = 0; k < w->t->size; k++)
        if (exs_put(&w->out[k], p, n) != 0)
            w->failed = 1;
}

/* Sums of n counters over the workers, and the largest of each, into
 * sum and max (either NULL). */
void exs_reduce(worker *w, const uint64_t *v, int n, uint64_t *sum, uint64_t *max)
{
    /* not through the out buffers: they may hold what waits for the next
     * exchange */
    int size = w->t->size;
    unsigned char *outs[size];
    size_t nout[size], at[size + 1];
    for (int k = 0; k < size; k++) {
        outs[k] = (unsigned char *)(uintptr_t)v;
        nout[k] = (size_t)n * sizeof *v;
    }
    unsigned char *in = NULL;
    if (w->t->exchange(w->t, outs, nout, &in, at) != 0) {
        w->failed = 1;
        free(in);
        in = NULL;
        memset(at, 0, sizeof at);
    }
    for (int i = 0; i < n; i++) {
        if (sum)
            sum[i] = 0;
        if (max)
            max[i] = 0;
    }
    for (int k = 0; k < w->t->size; k++) {
        if (at[k + 1] - at[k] != (size_t)n * sizeof *v)
            continue;
        for (int i = 0; i < n; i++) {
            uint64_t x;
            memcpy(&x, in + at[k] + (size_t)i * sizeof x, sizeof x);
            if (sum)
                sum[i] += x;
            if (max && x > max[i])
                max[i] = x;
        }
    }
    free(in);
}

/* ------------------------------------------------------------ blocks */

/* A block travels packed (explore_queue.c's ex_pack) as its difference
 * from the block before it to the same worker in the same exchange
 * (zeros for the first): the successors of a state go one after the
 * other, and differ in a few cells (Splendor solo's 3,232 bytes took 215
 * a state so in the queue), where a block sent whole was copied into the
 * message, out of it and into the store, and its fresh pages zeroed by
 * the kernel: more than half of a shared search's time. Its first fields
 * are pointers, this process's (the program, the trace and chance
 * callbacks): the receiver unpacks each block onto the one before from
 * the same worker and puts its own pointers back. A save (ordo_save,
 * ordo_restore) would do as much, but restoring one validates and
 * fingerprints the whole program again: 60% of the time of a search over
 * MPI, measured on examples/language/seats.ordo. The ranks of one mpirun
 * run one binary on one program; a packed block's size is checked
 * against its bitmap. */
/* A block is followed by a checksum of its packed bytes, unless the
 * transport is in memory: a message damaged on its way is refused, not
 * played (a block played is trusted as the runtime's own). Fletcher's
 * sums over eight bytes at a time, in four lanes: additions the compiler
 * runs side by side (a multiplying hash took 13% of a shared search's
 * time). */
static uint64_t checksum(const unsigned char *p, size_t n)
{
    uint64_t a[4] = {n, 0, 0, 0}, b[4] = {0, 0, 0, 0};
    size_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int k = 0; k < 4; k++) {
            uint64_t x;
            memcpy(&x, p + i + 8 * k, sizeof x);
            a[k] += x;
            b[k] += a[k];
        }
    for (; i < n; i++) {
        a[0] += p[i];
        b[0] += a[0];
    }
    return (a[0] + 3 * a[1] + 5 * a[2] + 7 * a[3]) ^ ((b[0] + 3 * b[1] + 5 * b[2] + 7 * b[3]) << 1);
}

int exs_put_block(worker *w, buf *b, const ordo_game *g, unsigned char *prev, uint64_t *packed)
{
    uint64_t cap = b->cap;
    size_t block = w->r.block;
    if (exs_grow((void **)&b->b, &cap, b->n + ex_pack_max(block) + 16, 1) != 0)
        return -1;
    b->cap = cap;
    unsigned char *at = b->b + b->n;
    *packed = ex_pack(block, at, (const unsigned char *)g, prev);
    memset(at + *packed, 0, round8(*packed) - *packed);
    b->n += round8(*packed);
    if (w->t->in_memory)
        return 0;
    uint64_t sum = checksum(at, *packed);
    return exs_put(b, &sum, sizeof sum);
}

size_t exs_block_bytes(const worker *w, uint64_t packed)
{
    return packed ? round8(packed) + (w->t->in_memory ? 0 : sizeof(uint64_t)) : 0;
}

/* A table of the fingerprints sent in this exchange (a fingerprint names
 * its owner: one table for all; 0 an empty slot, and a fingerprint 0 is
 * never found), emptied at each exchange that put any; probed a few
 * slots, then given up (a block sent twice costs only its bytes). One
 * array of 512 KB: a probe is a cache miss, and a table with a
 * generation beside each slot, of 1.5 MB, took two (5% of a shared
 * search's time). */

int exs_sent_before(worker *w, uint64_t h)
{
    if (!h || (!w->sent_hash && !(w->sent_hash = calloc(SENT_SLOTS, sizeof *w->sent_hash))))
        return 0;
    for (size_t k = 0, at = (size_t)(h >> 20); k < SENT_PROBES; k++, at++) {
        uint64_t *slot = &w->sent_hash[at & (SENT_SLOTS - 1)];
        if (!*slot) {
            *slot = h;
            w->nsent++;
            return 0;
        }
        if (*slot == h)
            return 1;
    }
    return 0;
}

ordo_game *exs_get_block(worker *w, const unsigned char *p, uint64_t packed, size_t n,
                         unsigned char *prev)
{
    size_t head = offsetof(struct ordo_game, size), block = w->r.block;
    uint64_t sum;
    if (n < exs_block_bytes(w, packed) || packed > ex_pack_max(block) || block < head ||
        packed < (block / 8 + 7) / 8)
        return NULL;
    /* between processes, its bytes as they were sent, and as many as its
     * bitmap says (in memory, this process packed them) */
    if (!w->t->in_memory &&
        (memcpy(&sum, p + round8(packed), sizeof sum), sum != checksum(p, packed) ||
         ex_packed_size(block, p) != packed))
        return NULL;
    ex_unpack(block, p, prev);
    memcpy(prev, w->game, head);
    return (ordo_game *)(void *)prev;
}

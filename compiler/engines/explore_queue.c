/* explore_queue.c — the breadth-first search's queue of states to expand,
 * spilling to disk past its memory budget (see explore_queue.h).
 *
 * A chunk is written to while it is the last and read from while it is
 * the first; the ones between wait. Past the budget, the waiting chunk
 * nearest the end (the last to be read) goes to the temporary file, so
 * what is read next stays in memory as long as it can. The file is
 * emptied whenever no chunk is left on it.
 *
 * A block is kept packed: its difference from the block before it in the
 * chunk (zeros for the chunk's first), as a bitmap of the 8-byte words
 * that differ, then those words xor'd. The successors of a state come one
 * after the other and differ in a few cells, and a block is mostly zero
 * above its tops anyway: Splendor solo's block of 3,232 bytes took 841
 * bytes a state packed alone, and takes 215 as a difference (Titan: 723 and 154 of 4,520), so that the queue
 * takes less memory, less disk, and fewer fresh pages the kernel must
 * zero (their faults took a seventh of a search's time).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "explore_queue.h"

struct ex_chunk {
    unsigned char *mem; /* its entries, or NULL while on disk */
    size_t n, read;     /* entries written, read */
    size_t used, at;    /* bytes written, read */
    long offset;        /* where it is on disk */
};

/* An entry: the index and the depth, then the block packed; at most this
 * many bytes. */
static size_t entry_size(const ex_queue *q)
{
    return 8 + ex_pack_max(q->block);
}

size_t ex_pack_max(size_t block)
{
    return (block / 8 + 7) / 8 + block;
}

size_t ex_pack(size_t block, unsigned char *out, const unsigned char *b, unsigned char *prev)
{
    size_t words = block / 8, mapped = (words + 7) / 8, tail = block - 8 * words;
    unsigned char *o = out + mapped;
    /* eight words at a time: the words alike come in long runs, passed at
     * a test each; within eight words with some not alike, no branch a
     * word (which are does not follow a pattern the branch predictor
     * learns): each word written, the next one over it when it is zero */
    size_t w = 0;
    for (; w + 8 <= words; w += 8) {
        uint64_t any = 0, v[8], u[8];
        memcpy(v, b + 8 * w, sizeof v);
        memcpy(u, prev + 8 * w, sizeof u);
        for (unsigned k = 0; k < 8; k++)
            any |= v[k] ^= u[k];
        unsigned bits = 0;
        if (any) {
            for (unsigned k = 0; k < 8; k++) {
                memcpy(o, &v[k], 8);
                bits |= (unsigned)(v[k] != 0) << k;
                o += 8 * (v[k] != 0);
            }
            memcpy(prev + 8 * w, b + 8 * w, 64);
        }
        out[w >> 3] = (unsigned char)bits;
    }
    if (w < words)
        out[w >> 3] = 0;
    for (; w < words; w++) {
        uint64_t x, y;
        memcpy(&x, b + 8 * w, 8);
        memcpy(&y, prev + 8 * w, 8);
        x ^= y;
        memcpy(o, &x, 8);
        out[w >> 3] |= (unsigned char)((x != 0) << (w & 7));
        o += 8 * (x != 0);
        memcpy(prev + 8 * w, b + 8 * w, 8);
    }
    memcpy(o, b + 8 * words, tail);
    memcpy(prev + 8 * words, b + 8 * words, tail);
    return (size_t)(o + tail - out);
}

size_t ex_packed_size(size_t block, const unsigned char *in)
{
    size_t words = block / 8, mapped = (words + 7) / 8, n = 0;
    for (size_t k = 0; k < mapped; k++) { /* the bits set, a byte at a time */
        unsigned x = in[k];
        x = x - ((x >> 1) & 0x55u);
        x = (x & 0x33u) + ((x >> 2) & 0x33u);
        n += (x + (x >> 4)) & 0x0fu;
    }
    return mapped + 8 * n + block - 8 * words;
}

size_t ex_unpack(size_t block, const unsigned char *in, unsigned char *prev)
{
    static const unsigned char zero[8];
    size_t words = block / 8, mapped = (words + 7) / 8, tail = block - 8 * words;
    const unsigned char *i = in + mapped;
    for (size_t w = 0; w < words; w++) {
        if ((w & 7) == 0 && w + 8 <= words && !in[w >> 3]) {
            w += 7; /* eight words as before */
            continue;
        }
        /* a word read from the packed form or from zeros, as its bit says
         * (a select, not a branch) */
        uint64_t x, y, bit = (in[w >> 3] >> (w & 7)) & 1u;
        memcpy(&x, bit ? i : zero, 8);
        memcpy(&y, prev + 8 * w, 8);
        x ^= y;
        memcpy(prev + 8 * w, &x, 8);
        i += 8 * bit;
    }
    memcpy(prev + 8 * words, i, tail);
    return (size_t)(i + tail - in);
}

void ex_queue_init(ex_queue *q, size_t block, uint64_t memory, uint64_t disk)
{
    memset(q, 0, sizeof *q);
    q->block = block;
    q->max_disk = disk;
    q->last_in = calloc(1, block);
    q->last_out = calloc(1, block);
    /* chunks of about 4 MB, and at least 4 of them in memory */
    q->per_chunk = (4u << 20) / entry_size(q);
    if (q->per_chunk < 16)
        q->per_chunk = 16;
    q->max_loaded = (size_t)(memory / (q->per_chunk * entry_size(q)));
    if (q->max_loaded < 4)
        q->max_loaded = 4;
}

void ex_queue_free(ex_queue *q)
{
    for (size_t k = q->head; k < q->tail; k++)
        free(q->chunks[k].mem);
    for (size_t k = 0; k < q->nspare; k++)
        free(q->spare[k]);
    free(q->chunks);
    free(q->last_in);
    free(q->last_out);
    if (q->disk)
        fclose(q->disk);
    memset(q, 0, sizeof *q);
}

/* A chunk's memory: a spare one, or new. */
static unsigned char *chunk_memory(ex_queue *q)
{
    return q->nspare ? q->spare[--q->nspare] : malloc(q->per_chunk * entry_size(q));
}

/* A chunk's memory no longer used: kept as a spare, or freed. */
static void chunk_done(ex_queue *q, unsigned char *mem)
{
    if (mem && q->nspare < EX_QUEUE_SPARES)
        q->spare[q->nspare++] = mem;
    else
        free(mem);
}

/* Writes the waiting chunk nearest the end to disk, if one is in memory. */
static int spill_one(ex_queue *q)
{
    for (size_t k = q->tail - 1; k-- > q->head + 1;) {
        ex_chunk *c = &q->chunks[k];
        if (!c->mem)
            continue;
        if (!q->disk && !(q->disk = tmpfile()))
            return -1;
        size_t bytes = c->used;
        if ((uint64_t)q->disk_end + bytes > q->max_disk ||
            fseek(q->disk, q->disk_end, SEEK_SET) != 0 || fwrite(c->mem, 1, bytes, q->disk) != bytes)
            return -1;
        c->offset = q->disk_end;
        q->disk_end += (long)bytes;
        chunk_done(q, c->mem);
        c->mem = NULL;
        q->loaded--;
        q->on_disk++;
        q->spilled++;
        return 0;
    }
    return 0; /* nothing waits: over the budget by a chunk or two */
}

static int new_chunk(ex_queue *q)
{
    if (q->tail == q->cap) {
        if (q->head > 0) {
            memmove(q->chunks, q->chunks + q->head, (q->tail - q->head) * sizeof *q->chunks);
            q->tail -= q->head;
            q->head = 0;
        } else {
            size_t cap = q->cap ? 2 * q->cap : 64;
            ex_chunk *v = realloc(q->chunks, cap * sizeof *v);
            if (!v)
                return -1;
            q->chunks = v;
            q->cap = cap;
        }
    }
    ex_chunk *c = &q->chunks[q->tail];
    memset(c, 0, sizeof *c);
    if (!(c->mem = chunk_memory(q)))
        return -1;
    q->tail++;
    q->loaded++;
    return q->loaded > q->max_loaded ? spill_one(q) : 0;
}

int ex_queue_push(ex_queue *q, uint32_t index, uint32_t depth, const void *block)
{
    /* a chunk takes entries while the largest still fits */
    if ((q->head == q->tail ||
         q->chunks[q->tail - 1].used + entry_size(q) > q->per_chunk * entry_size(q)) &&
        new_chunk(q) != 0)
        return -1;
    ex_chunk *c = &q->chunks[q->tail - 1];
    unsigned char *e = c->mem + c->used;
    if (!q->last_in || !q->last_out)
        return -1;
    if (c->n == 0) /* a chunk's first block stands alone: a chunk is read back whole */
        memset(q->last_in, 0, q->block);
    memcpy(e, &index, sizeof index);
    memcpy(e + 4, &depth, sizeof depth);
    c->used += 8 + ex_pack(q->block, e + 8, block, q->last_in);
    c->n++;
    return 0;
}

/* Reads chunk c back from disk. */
static int load(ex_queue *q, ex_chunk *c)
{
    size_t bytes = c->used;
    if (!(c->mem = chunk_memory(q)))
        return -1;
    if (fseek(q->disk, c->offset, SEEK_SET) != 0 || fread(c->mem, 1, bytes, q->disk) != bytes)
        return -1;
    q->loaded++;
    if (--q->on_disk == 0) {
        /* nothing left there: the file starts again from nothing */
        fflush(q->disk);
        if (ftruncate(fileno(q->disk), 0) == 0)
            q->disk_end = 0;
    }
    return 0;
}

/* The next entry, loaded, chunks read to their end dropped: 1, 0 when
 * the queue is empty, -1 when it cannot be read back. */
static int next_entry(ex_queue *q, const unsigned char **e)
{
    while (q->head < q->tail) {
        ex_chunk *c = &q->chunks[q->head];
        if (c->read < c->n) {
            if (!c->mem && load(q, c) != 0)
                return -1;
            *e = c->mem + c->at;
            return 1;
        }
        if (q->head + 1 == q->tail)
            return 0; /* read to the end of the chunk still written to */
        chunk_done(q, c->mem);
        q->loaded--;
        q->head++;
    }
    return 0;
}

int ex_queue_pop(ex_queue *q, uint32_t *index, uint32_t *depth, void *block)
{
    const unsigned char *e;
    int rc = next_entry(q, &e);
    if (rc <= 0)
        return rc;
    ex_chunk *c = &q->chunks[q->head];
    memcpy(index, e, sizeof *index);
    memcpy(depth, e + 4, sizeof *depth);
    if (c->read == 0)
        memset(q->last_out, 0, q->block);
    c->at += 8 + ex_unpack(q->block, e + 8, q->last_out);
    memcpy(block, q->last_out, q->block);
    c->read++;
    return 1;
}

int ex_queue_peek(ex_queue *q, uint32_t *index)
{
    const unsigned char *e;
    int rc = next_entry(q, &e);
    if (rc == 1)
        memcpy(index, e, sizeof *index);
    return rc;
}

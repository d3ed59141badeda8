/* explore_queue.h — the states a breadth-first search has still to expand
 * (explore.c), first in first out: each entry a state's index, its depth
 * and its game block. Entries are kept in chunks; past a memory budget, whole chunks
 * between the one being read and the one being written go to a temporary
 * file, and come back when the reading reaches them (TLC's disk queue).
 */
#ifndef ORDO_ENGINES_EXPLORE_QUEUE_H
#define ORDO_ENGINES_EXPLORE_QUEUE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct ex_chunk ex_chunk;

#define EX_QUEUE_SPARES 4

typedef struct ex_queue {
    size_t block;        /* bytes of a game block */
    size_t per_chunk;    /* entries a chunk holds unpacked (packed, more) */
    size_t max_loaded;   /* chunks in memory at most (one more while reading back) */
    ex_chunk *chunks;    /* [head, tail): the chunks still to read */
    size_t head, tail, cap;
    size_t loaded;       /* chunks in memory */
    FILE *disk;          /* the spilled chunks, or NULL before the first */
    long disk_end;       /* bytes written to it */
    size_t on_disk;      /* chunks there not yet read back */
    uint64_t spilled;    /* chunks ever written to disk */
    uint64_t max_disk;   /* bytes the file may hold */
    /* chunks read or written out, kept for the next ones: a fresh chunk's
     * pages are zeroed by the kernel as they are first touched, which took
     * as much time as the search's own work */
    unsigned char *spare[EX_QUEUE_SPARES];
    size_t nspare;
    /* the block last pushed, and last popped: a block is packed as its
     * difference from the one before it in its chunk (a state's
     * successors come one after the other, and differ in a few cells) */
    unsigned char *last_in, *last_out;
} ex_queue;

/* A block of `block` bytes packed into out as its difference from prev
 * (a bitmap of the 8-byte words that differ, then those words xor'd):
 * its bytes, at most ex_pack_max; prev becomes b. The bytes a packed
 * form takes, read from its bitmap. A packed form unpacked onto prev,
 * which becomes the block: the bytes it took. (The queue's, and a shared
 * search's messages': explore_shared.c.) */
size_t ex_pack_max(size_t block);
size_t ex_pack(size_t block, unsigned char *out, const unsigned char *b, unsigned char *prev);
size_t ex_packed_size(size_t block, const unsigned char *in);
size_t ex_unpack(size_t block, const unsigned char *in, unsigned char *prev);

/* An empty queue of blocks of `block` bytes keeping at most about
 * `memory` bytes of them in memory and `disk` bytes on disk. */
void ex_queue_init(ex_queue *q, size_t block, uint64_t memory, uint64_t disk);
void ex_queue_free(ex_queue *q);
/* Appends state `index` with its depth and block: 0, or -1 (no memory,
 * or the disk budget or the disk full). */
int ex_queue_push(ex_queue *q, uint32_t index, uint32_t depth, const void *block);
/* Takes the first entry into *index, *depth and block: 1; 0 when the
 * queue is empty; -1 when a spilled chunk could not be read back. */
int ex_queue_pop(ex_queue *q, uint32_t *index, uint32_t *depth, void *block);
/* The index of the entry ex_queue_pop would take next, left there: 1,
 * 0 when empty, -1 when it cannot be read back. */
int ex_queue_peek(ex_queue *q, uint32_t *index);

#endif /* ORDO_ENGINES_EXPLORE_QUEUE_H */

/* explore_shared_msg.h — what the files of a search shared among
 * workers share (explore_shared.c the search, explore_shared_end.c what
 * follows it): a worker, a state's global id, and the messages between
 * workers (explore_shared_msg.c). Not an API: the engines' is explore.h's
 * ex_shared_search.
 */
#ifndef ORDO_ENGINES_EXPLORE_SHARED_MSG_H
#define ORDO_ENGINES_EXPLORE_SHARED_MSG_H

#include "explore.h"

#define NONE UINT64_MAX

static inline uint64_t gid(int owner, uint64_t i)
{
    return ((uint64_t)owner << 32) | i;
}

static inline int gid_owner(uint64_t g)
{
    return (int)(g >> 32);
}

static inline uint32_t gid_index(uint64_t g)
{
    return (uint32_t)g;
}

/* The worker a fingerprint belongs to: its high bits (the table's slots
 * use the low ones). */
static inline int owner_of(uint64_t h, int size)
{
    return (int)((h >> 40) % (uint64_t)size);
}

/* The bytes of a block's first fields, its pointers (this process's). */
#define EXS_HEAD offsetof(struct ordo_game, size)

static inline size_t round8(size_t n)
{
    return (n + 7) & ~(size_t)7;
}

/* The key of one process's order among the successors of a level. */
typedef struct key {
    uint64_t parent_canon;
    int64_t option;
    uint64_t outcome;
} key;

/* What a worker knows of each state it keeps besides its shard: its
 * canonical index and its parent's global id. */
typedef struct kept {
    uint64_t canon, parent;
} kept;

typedef struct edge_in {
    uint64_t from; /* global id */
    uint32_t to;   /* this worker's index */
} edge_in;

/* A growing byte buffer. */
typedef struct buf {
    unsigned char *b;
    size_t n, cap;
} buf;

typedef struct worker {
    const ordo_program *p;
    ex_limits lim;     /* the search's, its --states this worker's share */
    ex_transport *t;
    int nplayers;
    ex_shard *shard;
    ex_result r;       /* the shard's */
    buf *out;          /* to each worker */
    ordo_game *game;   /* a game of this process: blocks received go in it */
    /* the block last sent to each worker in this exchange, and the last
     * received from each (blocks travel as their difference from it) */
    unsigned char *sent, *got;
    /* the fingerprints sent in this exchange (exs_sent_before) */
    uint64_t *sent_hash, nsent;
    kept *kept;        /* each state's */
    uint64_t cap;
    key *keys;         /* of the level's new states, in their order */
    uint64_t nkeys, capkeys;
    edge_in *edges;    /* transitions into a state kept before (not its first) */
    uint64_t nedges, capedges;
    /* the parents of successors a full store could not keep: as one
     * process, an end may be reached from them */
    uint64_t *dropped, ndropped, capdropped;
    uint64_t level_base; /* canonical index of the level's first state */
    uint64_t total;    /* states kept by all */
    int depth;
    int stop, failed;
} worker;

/* *v grown to hold `need` items of `size` bytes (*cap items): 0, or -1. */
int exs_grow(void **v, uint64_t *cap, uint64_t need, size_t size);
/* n bytes appended to b: 0, or -1. */
int exs_put(buf *b, const void *p, size_t n);
/* The worker's out buffers to every worker, emptied: what the others sent
 * this one (malloc'd; worker k's from at[k] to at[k + 1]), or NULL and
 * w->failed when the exchange failed (the worker keeps in step). */
unsigned char *exs_exchange(worker *w, size_t *at);
/* The same bytes into every worker's out buffer. */
void exs_put_all(worker *w, const void *p, size_t n);
/* n counters of every worker: their sums into sum, their largest into
 * max (either NULL); the out buffers are left as they are. */
void exs_reduce(worker *w, const uint64_t *v, int n, uint64_t *sum, uint64_t *max);
/* A game's block into b, as it travels: packed as its difference from
 * prev (the block sent before it to the same worker in this exchange,
 * zeros for the first; it becomes g), padded, with its checksum between
 * processes; its packed bytes into *packed: 0, or -1. The bytes a block
 * of `packed` bytes takes in a message. A block received (packed bytes
 * at p, n bytes there at most) unpacked onto prev (the one before it
 * from the same worker), made a game of this process (its pointers this
 * process's): prev, or NULL when it is damaged. */
int exs_put_block(worker *w, buf *b, const ordo_game *g, unsigned char *prev, uint64_t *packed);
/* Whether fingerprint h was sent before in this exchange (its block need
 * not travel again: its owner took it before this one, as one process
 * would have), noting it. Not always known: 0 then. */
int exs_sent_before(worker *w, uint64_t h);
size_t exs_block_bytes(const worker *w, uint64_t packed);
ordo_game *exs_get_block(worker *w, const unsigned char *p, uint64_t packed, size_t n,
                         unsigned char *prev);

#endif /* ORDO_ENGINES_EXPLORE_SHARED_MSG_H */

/* explore_shared.c — one breadth-first search shared among workers
 * (explore.h, ex_shared_search), as distributed model checkers share
 * theirs: each state belongs to the worker its fingerprint names, which
 * keeps it in its own shard (explore.c's store and queue, ex_shard).
 *
 * The search goes level by level. Each worker expands the states of the
 * level it owns and sends every successor (its block, the parent, the
 * option, the outcome of the rolls and their totals) to the successor's
 * owner; at the level's end the workers exchange them all at once
 * (ex_transport: threads, or MPI's all-to-all). An owner takes what it
 * received in the order one process would have found it — by the
 * parent's place in that order, then the option, then the outcome — so
 * the first way in it keeps is the one ex_search keeps, and a state's
 * place in that order (its canonical index) is known from the keys all
 * workers found at the level. That makes a complete search's report the
 * same as one process's: the states, the depth, the counters, and each
 * finding on the same first path.
 *
 * After the search: which states can reach no end (the marks spread back
 * along the edges, from owner to owner, round by round), the findings
 * merged in canonical order at worker 0, their paths read back link by
 * link from the owners, and who could have known asked of every shard.
 * A state's global id is its owner and its index there.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "explore.h"
#include "ordo_native.h"

#define NONE UINT64_MAX

static uint64_t gid(int owner, uint64_t i)
{
    return ((uint64_t)owner << 32) | i;
}

static int gid_owner(uint64_t g)
{
    return (int)(g >> 32);
}

static uint32_t gid_index(uint64_t g)
{
    return (uint32_t)g;
}

/* The worker a fingerprint belongs to: its high bits (the table's slots
 * use the low ones). */
static int owner_of(uint64_t h, int size)
{
    return (int)((h >> 40) % (uint64_t)size);
}

static size_t round8(size_t n)
{
    return (n + 7) & ~(size_t)7;
}

/* A successor on its way to its owner: this, its rolls' totals (padded
 * to 8 bytes), its block. */
typedef struct rec {
    uint64_t parent_canon; /* the parent's canonical index (the start's: 0) */
    uint64_t parent;       /* its global id, NONE: the start */
    uint64_t hash;
    int32_t option, rc;
    uint32_t outcome, nrolls;
    uint64_t nblock;
} rec;

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
    const ex_limits *lim;
    ex_transport *t;
    int nplayers;
    ex_shard *shard;
    ex_result r;       /* the shard's */
    buf *out;          /* to each worker */
    ordo_game *game;   /* a game of this process: blocks received go in it */
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

static int grow(void **v, uint64_t *cap, uint64_t need, size_t size)
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

static int put(buf *b, const void *p, size_t n)
{
    uint64_t cap = b->cap;
    if (grow((void **)&b->b, &cap, b->n + n, 1) != 0)
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
static unsigned char *exchange(worker *w, size_t *at)
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
static void put_all(worker *w, const void *p, size_t n)
{
    for (int k = 0; k < w->t->size; k++)
        if (put(&w->out[k], p, n) != 0)
            w->failed = 1;
}

/* Sums of n counters over the workers, and the largest of each, into
 * sum and max (either NULL). */
static void reduce(worker *w, const uint64_t *v, int n, uint64_t *sum, uint64_t *max)
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

/* A block travels as it is. Its first fields are pointers, this
 * process's (the program, the trace and chance callbacks): the receiver
 * takes the rest into a game of its own, whose pointers are good here.
 * A save (ordo_save, ordo_restore) would do as much, but restoring one
 * validates and fingerprints the whole program again: 60% of the time of
 * a search over MPI, measured on examples/language/seats.ordo. The ranks
 * of one mpirun run one binary on one program; a block's size is checked. */
static int put_block(worker *w, buf *b, const ordo_game *g)
{
    return put(b, g, w->r.block);
}

static size_t block_bytes(const worker *w, const ordo_game *g)
{
    (void)g;
    return w->r.block;
}

/* The block of n bytes at p, into the worker's game: NULL when its size
 * is not the program's. */
static ordo_game *get_block(worker *w, const unsigned char *p, size_t n)
{
    size_t head = offsetof(struct ordo_game, size);
    if (n != w->r.block || n < head)
        return NULL;
    memcpy((unsigned char *)w->game + head, p + head, n - head);
    return w->game;
}

/* ------------------------------------------------------- the search */

/* The sink of the worker's shard: each successor to its owner. */
static int send_successor(void *ctx, const ordo_game *g, uint64_t h, uint32_t parent, int k,
                          uint32_t outcome, const ex_chance *c, int rc)
{
    worker *w = ctx;
    buf *b = &w->out[owner_of(h, w->t->size)];
    uint32_t nrolls = c ? c->n : 0;
    rec hd = {parent == UINT32_MAX ? 0 : w->kept[parent].canon,
              parent == UINT32_MAX ? NONE : gid(w->t->rank, parent),
              h, k, rc, outcome, nrolls, block_bytes(w, g)};
    static const unsigned char pad[8];
    size_t rolls = (size_t)nrolls * sizeof *c->took;
    if (put(b, &hd, sizeof hd) != 0 || (rolls && put(b, c->took, rolls) != 0) ||
        put(b, pad, round8(rolls) - rolls) != 0 || put_block(w, b, g) != 0 ||
        put(b, pad, round8(hd.nblock) - hd.nblock) != 0) {
        w->failed = 1;
        return -1;
    }
    return 0;
}

static key key_of(const rec *r)
{
    return (key){r->parent_canon, r->option, r->outcome};
}

static int key_cmp(const key *a, const key *b)
{
    if (a->parent_canon != b->parent_canon)
        return a->parent_canon < b->parent_canon ? -1 : 1;
    if (a->option != b->option)
        return a->option < b->option ? -1 : 1;
    return a->outcome < b->outcome ? -1 : a->outcome > b->outcome;
}

static int rec_cmp(const void *a, const void *b)
{
    key x = key_of(*(rec *const *)a), y = key_of(*(rec *const *)b);
    return key_cmp(&x, &y);
}

static int add_edge(worker *w, uint64_t from, uint32_t to)
{
    if (grow((void **)&w->edges, &w->capedges, w->nedges + 1, sizeof *w->edges) != 0)
        return -1;
    w->edges[w->nedges++] = (edge_in){from, to};
    return 0;
}

/* One successor received: kept (a new state of the level, its key
 * noted) or an edge into a state kept before. 0, or -1 when the store is
 * full. */
static int take(worker *w, const rec *hd)
{
    const unsigned char *p = (const unsigned char *)(hd + 1);
    ex_chance c;
    memset(&c, 0, sizeof c);
    c.n = hd->nrolls <= EX_MAX_ROLLS ? hd->nrolls : EX_MAX_ROLLS;
    memcpy(c.took, p, c.n * sizeof *c.took);
    ordo_game *g = get_block(w, p + round8((size_t)hd->nrolls * sizeof *c.took), hd->nblock);
    int is_new;
    int64_t j = g ? ex_shard_receive(w->shard, g, hd->hash, hd->rc, (uint32_t)w->depth,
                                     hd->option, &c, &is_new)
                  : -1;
    if (j < 0) {
        w->stop = 1; /* the store is full: bounded, as one process is */
        w->failed |= !g;
        return -1;
    }
    if (!is_new) {
        if (hd->parent != NONE && add_edge(w, hd->parent, (uint32_t)j) != 0)
            w->stop = 1;
        return 0;
    }
    if (grow((void **)&w->kept, &w->cap, (uint64_t)j + 1, sizeof *w->kept) != 0 ||
        grow((void **)&w->keys, &w->capkeys, w->nkeys + 1, sizeof *w->keys) != 0) {
        w->failed = 1;
        return -1;
    }
    w->kept[j] = (kept){w->level_base, hd->parent};
    w->keys[w->nkeys++] = key_of(hd);
    return 0;
}

static void drop(worker *w, const rec *hd)
{
    if (hd->parent == NONE)
        return;
    if (grow((void **)&w->dropped, &w->capdropped, w->ndropped + 1, sizeof *w->dropped) != 0)
        w->failed = 1;
    else
        w->dropped[w->ndropped++] = hd->parent;
}

/* What came in at a level's end, taken in one process's order. */
static void take_all(worker *w, unsigned char *in, const size_t *at)
{
    size_t n = 0, cap = 0;
    rec **v = NULL;
    for (int k = 0; k < w->t->size; k++)
        for (size_t o = at[k]; o + sizeof(rec) <= at[k + 1];) {
            rec *hd = (rec *)(void *)(in + o);
            size_t size = sizeof *hd + round8((size_t)hd->nrolls * 4) + round8(hd->nblock);
            if (hd->nrolls > EX_MAX_ROLLS || o + size > at[k + 1]) {
                w->failed = 1;
                break;
            }
            if (n == cap) {
                cap = cap ? 2 * cap : 1024;
                rec **nv = realloc(v, cap * sizeof *nv);
                if (!nv) {
                    w->failed = 1;
                    free(v);
                    return;
                }
                v = nv;
            }
            v[n++] = hd;
            o += size;
        }
    qsort(v, n, sizeof *v, rec_cmp);
    w->nkeys = 0;
    /* all taken even when the time is up, as one process keeps what its
     * last expansions found */
    size_t i = 0;
    while (i < n && !w->failed && take(w, v[i]) == 0)
        i++;
    for (; i < n; i++)
        drop(w, v[i]);
    free(v);
}

/* How many of the n keys of v (sorted) come before x. */
static uint64_t keys_before(const key *v, uint64_t n, const key *x)
{
    uint64_t lo = 0, hi = n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (key_cmp(&v[mid], x) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The level's end: every worker's new keys (and its flags) to all, each
 * new state's canonical index set from where its key falls among them
 * (each worker's are in order, as it took them). Returns the states all
 * kept at the level. */
static uint64_t number_level(worker *w)
{
    uint64_t head[2] = {w->nkeys, (uint64_t)(w->stop | w->failed << 1)};
    put_all(w, head, sizeof head);
    put_all(w, w->keys, w->nkeys * sizeof *w->keys);
    size_t at[w->t->size + 1];
    unsigned char *in = exchange(w, at);
    uint64_t first = w->r.nkept - w->nkeys, level = 0;
    for (int k = 0; k < w->t->size; k++) {
        if (at[k + 1] - at[k] < sizeof head) {
            w->failed = 1;
            continue;
        }
        uint64_t h[2];
        memcpy(h, in + at[k], sizeof h);
        w->stop |= (int)(h[1] & 1);
        w->failed |= (int)(h[1] >> 1);
        if (at[k + 1] - at[k] != sizeof head + h[0] * sizeof(key)) {
            w->failed = 1;
            continue;
        }
        const key *v = (const key *)(void *)(in + at[k] + sizeof head);
        for (uint64_t i = 0; i < w->nkeys; i++)
            w->kept[first + i].canon += keys_before(v, h[0], &w->keys[i]);
        level += h[0];
    }
    w->level_base += level;
    free(in);
    return level;
}

/* The progress line at each level's end, worker 0's, when a terminal. */
static void progress_line(FILE *progress, const worker *w, const struct timespec *t0)
{
    double t = ex_seconds_since(t0);
    fprintf(progress, "\rexplore: %llu states, depth %d, %.0f states/s (%d workers)   ",
            (unsigned long long)w->total, w->depth, t > 0 ? (double)w->total / t : 0.0,
            w->t->size);
    fflush(progress);
}

static void search_levels(worker *w, FILE *progress, const struct timespec *t0)
{
    if (w->t->rank == 0 && ex_shard_start(w->shard) != 0)
        w->stop = 1;
    for (w->depth = 0;; w->depth++) {
        size_t at[w->t->size + 1];
        unsigned char *in = exchange(w, at);
        take_all(w, in, at);
        free(in);
        uint64_t level = number_level(w);
        w->total += level;
        if (progress)
            progress_line(progress, w, t0);
        if (level == 0 || w->stop || w->failed)
            return;
        uint32_t i;
        int rc;
        while ((rc = ex_shard_expand_next(w->shard, &i)) == 1 && !w->failed)
            ;
        if (rc < 0)
            w->stop = 1;
    }
}

/* ------------------------------------------------- no end reachable */

/* Marks state i of this worker as one from which an end can be reached,
 * and its predecessors for the next round. */
static void mark_can(worker *w, unsigned char *can, const uint64_t *into, const uint64_t *from,
                     uint32_t i)
{
    if (can[i])
        return;
    can[i] = 1;
    for (uint64_t e = into[i]; e < into[i + 1]; e++) {
        uint32_t idx = gid_index(from[e]);
        if (put(&w->out[gid_owner(from[e])], &idx, sizeof idx) != 0)
            w->failed = 1;
    }
}

/* The edges into each state (the parent link, then the others), grouped
 * by state: into[i] .. into[i + 1] in from[]. */
static int edges_into(const worker *w, uint64_t **into, uint64_t **from)
{
    uint64_t n = w->r.nkept;
    *into = calloc(n + 2, sizeof **into);
    *from = malloc((w->nedges + n + 1) * sizeof **from);
    if (!*into || !*from)
        return -1;
    for (uint64_t e = 0; e < w->nedges; e++)
        (*into)[w->edges[e].to + 1]++;
    for (uint64_t i = 0; i < n; i++)
        (*into)[i + 1] += w->kept[i].parent != NONE;
    for (uint64_t i = 0; i < n; i++)
        (*into)[i + 1] += (*into)[i];
    uint64_t *fill = malloc((n + 1) * sizeof *fill);
    if (!fill)
        return -1;
    memcpy(fill, *into, (n + 1) * sizeof *fill);
    for (uint64_t i = 0; i < n; i++)
        if (w->kept[i].parent != NONE)
            (*from)[fill[i]++] = w->kept[i].parent;
    for (uint64_t e = 0; e < w->nedges; e++)
        (*from)[fill[w->edges[e].to]++] = w->edges[e].from;
    free(fill);
    return 0;
}

/* Which states can reach no end: every worker marks its states that may
 * end, then, round by round, the owners of their predecessors mark them,
 * until a round marks nothing anywhere. *stuck: how many states of all
 * cannot (errors aside); *first: the global id of the first of them in
 * canonical order (worker 0 alone). */
static void find_stuck(worker *w, uint64_t *stuck, uint64_t *first)
{
    uint64_t n = w->r.nkept, *into = NULL, *from = NULL;
    unsigned char *can = calloc(n + 1, 1);
    if (!can || edges_into(w, &into, &from) != 0)
        w->failed = 1;
    for (uint64_t i = 0; !w->failed && i < n; i++)
        if (ex_shard_may_end(w->shard, i))
            mark_can(w, can, into, from, (uint32_t)i);
    for (uint64_t d = 0; !w->failed && d < w->ndropped; d++) {
        uint32_t idx = gid_index(w->dropped[d]);
        if (put(&w->out[gid_owner(w->dropped[d])], &idx, sizeof idx) != 0)
            w->failed = 1;
    }
    for (;;) {
        uint64_t sent = 0, all;
        for (int k = 0; k < w->t->size; k++)
            sent += w->out[k].n;
        reduce(w, &sent, 1, &all, NULL);
        if (all == 0)
            break;
        size_t at[w->t->size + 1];
        unsigned char *in = exchange(w, at);
        for (size_t o = 0; in && o + 4 <= at[w->t->size]; o += 4) {
            uint32_t i;
            memcpy(&i, in + o, sizeof i);
            if (i < n && !w->failed)
                mark_can(w, can, into, from, i);
        }
        free(in);
    }
    /* the count, and the first by canonical index (NONE - canon: the
     * largest is the first) */
    uint64_t v[3] = {0, 0, NONE};
    for (uint64_t i = 0; !w->failed && i < n; i++)
        if (!can[i] && ex_shard_status(w->shard, i) >= 0) {
            v[0]++;
            if (NONE - w->kept[i].canon > v[1]) {
                v[1] = NONE - w->kept[i].canon;
                v[2] = gid(w->t->rank, i);
            }
        }
    uint64_t sum[3], max[3];
    reduce(w, v, 3, sum, max);
    *stuck = sum[0];
    /* the owner of the first says its id: the others send NONE's complement */
    uint64_t mine = v[0] && v[1] == max[1] ? ~v[2] : 0, id;
    reduce(w, &mine, 1, NULL, &id);
    *first = ~id;
    free(can);
    free(into);
    free(from);
}

/* ------------------------------------------ findings and their paths */

/* A finding as a worker sends it to worker 0. */
typedef struct found {
    uint64_t canon, id;
    uint64_t seq;   /* its place among its worker's findings */
    ex_finding f;
} found;

static int found_cmp(const void *a, const void *b)
{
    const found *x = a, *y = b;
    if (x->canon != y->canon)
        return x->canon < y->canon ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Every worker's findings at worker 0, in one process's order, each kind
 * and place once (its counts summed): into *v, their count returned. */
static size_t gather_findings(worker *w, found **v)
{
    for (size_t k = 0; k < w->r.nfindings; k++) {
        uint32_t i = w->r.findings[k].state;
        found x = {w->kept[i].canon, gid(w->t->rank, i), k, w->r.findings[k]};
        if (put(&w->out[0], &x, sizeof x) != 0)
            w->failed = 1;
    }
    size_t at[w->t->size + 1];
    unsigned char *in = exchange(w, at);
    size_t n = at[w->t->size] / sizeof(found), kept = 0;
    *v = NULL;
    if (w->t->rank != 0 || !n) {
        free(in);
        return 0;
    }
    found *all = (found *)(void *)in;
    qsort(all, n, sizeof *all, found_cmp);
    for (size_t k = 0; k < n; k++) {
        size_t j = 0;
        while (j < kept && !ex_same_finding(&all[j].f, all[k].f.kind, all[k].f.line, all[k].f.code))
            j++;
        if (j < kept)
            all[j].f.count += all[k].f.count;
        else
            all[kept++] = all[k];
    }
    *v = all;
    return kept;
}

/* A hop of a path, as the state's owner tells it. */
typedef struct hop {
    uint64_t id, parent;
    int32_t option;
    uint32_t nrolls;
    int32_t rolls[EX_MAX_ROLLS];
} hop;

/* The hops from each of the n states `ids` (worker 0's) back to the
 * start, read from their owners round by round: into *hops (every
 * worker's copy), their count returned. */
static size_t read_hops(worker *w, const uint64_t *ids, size_t n, hop **hops)
{
    size_t nl = 0;
    uint64_t capl = 0;
    *hops = NULL;
    /* worker 0 tells every worker the ids; then each round, the owners
     * tell all what they know, and the parents not yet known are asked */
    if (w->t->rank == 0)
        put_all(w, ids, n * sizeof *ids);
    size_t at[w->t->size + 1];
    unsigned char *q = exchange(w, at);
    size_t nq = (at[1] - at[0]) / sizeof *ids;
    while (!w->failed) {
        uint64_t asked = nq, all;
        reduce(w, &asked, 1, &all, NULL);
        if (!all)
            break;
        for (size_t k = 0; k < nq; k++) {
            uint64_t id;
            memcpy(&id, q + k * sizeof id, sizeof id);
            uint32_t i = gid_index(id);
            if (gid_owner(id) != w->t->rank || i >= w->r.nkept)
                continue;
            hop l = {id, w->kept[i].parent, w->r.option[i], w->r.nrolls[i], {0}};
            if (l.nrolls)
                memcpy(l.rolls, w->r.rolls + w->r.roll_at[i], l.nrolls * sizeof *l.rolls);
            put_all(w, &l, sizeof l);
        }
        free(q);
        unsigned char *in = exchange(w, at);
        size_t got = at[w->t->size] / sizeof(hop);
        q = malloc(got * sizeof(uint64_t) + 1);
        nq = 0;
        if (!q || grow((void **)hops, &capl, nl + got, sizeof **hops) != 0) {
            w->failed = 1;
            free(in);
            break;
        }
        for (size_t k = 0; k < got; k++) {
            hop l;
            memcpy(&l, in + k * sizeof l, sizeof l);
            (*hops)[nl++] = l;
            int known = l.parent == NONE;
            for (size_t j = 0; !known && j < nl; j++)
                known = (*hops)[j].id == l.parent;
            for (size_t j = 0; !known && j < nq; j++)
                known = memcmp(q + j * 8, &l.parent, 8) == 0;
            if (!known)
                memcpy(q + 8 * nq++, &l.parent, 8);
        }
        free(in);
    }
    free(q);
    return nl;
}

/* The hops as a store of their own (r's parent, option and rolls,
 * indexed as hops[]), so ex_path and ex_replayed read the paths. */
static int hops_store(ex_result *r, const hop *hops, size_t n)
{
    r->parent = malloc((n + 1) * sizeof *r->parent);
    r->option = malloc((n + 1) * sizeof *r->option);
    r->roll_at = malloc((n + 1) * sizeof *r->roll_at);
    r->nrolls = malloc((n + 1) * sizeof *r->nrolls);
    if (!r->parent || !r->option || !r->roll_at || !r->nrolls)
        return -1;
    for (size_t i = 0; i < n; i++) {
        r->parent[i] = UINT32_MAX;
        for (size_t j = 0; hops[i].parent != NONE && j < n; j++)
            if (hops[j].id == hops[i].parent)
                r->parent[i] = (uint32_t)j;
        r->option[i] = (uint16_t)hops[i].option;
        ex_chance c;
        memset(&c, 0, sizeof c);
        c.n = hops[i].nrolls;
        memcpy(c.took, hops[i].rolls, c.n * sizeof *c.took);
        if (ex_keep_rolls(r, i, &c) != 0)
            return -1;
    }
    r->nkept = n;
    return 0;
}

static uint32_t hop_index(const hop *hops, size_t n, uint64_t id)
{
    for (size_t j = 0; j < n; j++)
        if (hops[j].id == id)
            return (uint32_t)j;
    return UINT32_MAX;
}

/* The no-progress finding at state `at` of r's hops, last, as one
 * process adds it once the search is over. */
static int add_stuck(const worker *w, ex_result *r, uint32_t at, uint64_t stuck)
{
    ordo_game *g = ex_replayed(w->p, w->nplayers, r, at);
    if (!g)
        return -1;
    ex_finding *f = &r->findings[r->nfindings++];
    memset(f, 0, sizeof *f);
    f->kind = EX_NO_PROGRESS;
    f->step = -1;
    ordo_where(g, &f->step, &f->line);
    f->state = at;
    f->count = 1;
    ex_stuck_message(f->message, sizeof f->message, stuck);
    ordo_free(g);
    return 0;
}

/* ----------------------------------------------- who could have known */

/* A question to every shard: could seat s have known, at the decision
 * a finding came from, that the option taken leads to it? */
typedef struct question {
    ex_finding f;
    int32_t nrolls, rolls[EX_MAX_ROLLS];
    char label[512];
    uint64_t nblock;
} question;

/* Worker 0's question for finding k of r (its hops store), or -1 when
 * none is asked (no decision led there, or "no end can be reached"). */
static int ask(worker *w, const ex_result *r, size_t k, buf *b)
{
    const ex_finding *f = &r->findings[k];
    uint32_t q = r->parent[f->state];
    if (q == UINT32_MAX || (f->kind == EX_NO_PROGRESS && f->code == 0))
        return -1;
    ordo_game *g = ex_replayed(w->p, w->nplayers, r, q);
    question x;
    memset(&x, 0, sizeof x);
    x.f = *f;
    x.nrolls = r->nrolls[f->state];
    if (x.nrolls)
        memcpy(x.rolls, r->rolls + r->roll_at[f->state], (size_t)x.nrolls * sizeof *x.rolls);
    int ok = g && ordo_option_label(g, r->option[f->state], x.label, sizeof x.label) >= 0;
    if (ok) {
        x.nblock = block_bytes(w, g);
        ok = put(b, &x, sizeof x) == 0 && put_block(w, b, g) == 0;
    }
    if (g)
        ordo_free(g);
    return ok ? 0 : -1;
}

/* Each question answered by this shard: a seat's bit set when, from
 * every state here the seat cannot tell from the decision, the option
 * shows the finding. */
static void answer(worker *w, const unsigned char *in, size_t n)
{
    for (size_t o = 0; o + sizeof(question) <= n && !w->failed;) {
        question x;
        memcpy(&x, in + o, sizeof x);
        o += sizeof x;
        ordo_game *g = o + x.nblock <= n ? get_block(w, in + o, x.nblock) : NULL;
        o += x.nblock;
        uint64_t knew = 0;
        for (int seat = 0; g && seat < w->nplayers; seat++)
            if (ex_shard_knew(w->shard, g, seat, x.label, x.rolls, (uint32_t)x.nrolls, &x.f))
                knew |= (uint64_t)1 << seat;
        if (put(&w->out[0], &knew, sizeof knew) != 0)
            w->failed = 1;
    }
}

/* Who could have known, for each finding of r (worker 0's): the seats
 * every shard says could. Asked in a ruleset with hidden state, whose
 * shards keep every block (ex_search's condition). */
static void who_knew(worker *w, ex_result *r)
{
    if (w->nplayers > 64 || !w->r.blocks)
        return;
    size_t asked[r ? r->nfindings + 1 : 1], nasked = 0;
    buf b = {0};
    for (size_t k = 0; w->t->rank == 0 && r && k < r->nfindings; k++)
        if (ask(w, r, k, &b) == 0)
            asked[nasked++] = k;
    put_all(w, b.b, b.n);
    free(b.b);
    size_t at[w->t->size + 1];
    unsigned char *in = exchange(w, at);
    answer(w, in + at[0], at[1] - at[0]);
    free(in);
    in = exchange(w, at);
    for (size_t k = 0; w->t->rank == 0 && r && k < nasked; k++) {
        uint64_t all = UINT64_MAX;
        for (int s = 0; s < w->t->size; s++) {
            uint64_t x = 0;
            if (at[s + 1] - at[s] == nasked * sizeof x)
                memcpy(&x, in + at[s] + k * sizeof x, sizeof x);
            all &= x;
        }
        r->findings[asked[k]].knew = all;
        r->findings[asked[k]].knew_known = 1;
    }
    free(in);
}

/* ------------------------------------------------------- the result */

/* The counters of every shard summed (or their largest) at worker 0. */
static void merge_counters(worker *w, ex_result *r)
{
    const ex_result *s = &w->r;
    enum { N = 7 + 128 + 2 * EX_REASONS + 1 };
    uint64_t v[N], sum[N], max[N];
    v[0] = s->nkept, v[1] = s->transitions, v[2] = s->ends, v[3] = s->end_none,
    v[4] = s->limits, v[5] = s->end_limit, v[6] = (uint64_t)s->depth_reached;
    memcpy(v + 7, s->end_winner, sizeof s->end_winner);
    for (int k = 0; k < EX_REASONS; k++)
        v[7 + 128 + k] = s->reasons.text[k], v[7 + 128 + EX_REASONS + k] = s->reasons.count[k];
    v[N - 1] = s->reasons.other;
    uint64_t flags = (uint64_t)((w->shard && ex_shard_truncated(w->shard)) | w->stop) |
                     (uint64_t)s->chance_cut << 1, fl;
    reduce(w, v, N, sum, max);
    reduce(w, &flags, 1, NULL, &fl);
    /* the reasons' texts differ from shard to shard: each adds its own */
    size_t at[w->t->size + 1];
    put(&w->out[0], &s->reasons, sizeof s->reasons);
    unsigned char *in = exchange(w, at);
    if (w->t->rank == 0) {
        r->states = sum[0], r->transitions = sum[1], r->ends = sum[2], r->end_none = sum[3];
        r->limits = sum[4], r->end_limit = sum[5], r->depth_reached = (int)max[6];
        memcpy(r->end_winner, sum + 7, sizeof r->end_winner);
        for (int k = 0; k < w->t->size; k++) {
            ex_reasons x;
            if (at[k + 1] - at[k] != sizeof x)
                continue;
            memcpy(&x, in + at[k], sizeof x);
            for (int j = 0; j < EX_REASONS && x.text[j]; j++)
                ex_reasons_add(&r->reasons, (int)x.text[j] - 1, x.count[j]);
            r->reasons.other += x.other;
        }
        r->complete = !(fl & 1);
        r->chance_cut = (fl >> 1) & 1;
    }
    free(in);
}

/* What every shard's games reached, at worker 0. */
static void merge_coverage(worker *w, ex_result *r)
{
    const ordo_program *p = w->p;
    size_t n[3] = {p->nsteps, p->noptions, p->nprocs};
    unsigned char *mine[3] = {w->r.cov.steps, w->r.cov.options, w->r.cov.triggers};
    unsigned char *theirs[3] = {r->cov.steps, r->cov.options, r->cov.triggers};
    for (int k = 0; k < 3; k++)
        put(&w->out[0], mine[k], n[k]);
    size_t at[w->t->size + 1];
    unsigned char *in = exchange(w, at);
    for (int s = 0; w->t->rank == 0 && s < w->t->size; s++) {
        if (at[s + 1] - at[s] != n[0] + n[1] + n[2])
            continue;
        const unsigned char *c = in + at[s];
        for (int k = 0; k < 3; c += n[k], k++)
            for (size_t i = 0; i < n[k]; i++)
                theirs[k][i] |= c[i];
    }
    free(in);
}

/* Worker 0's result: the counters, what was reached, the findings with
 * the store of their paths' hops. */
static int merge(worker *w, ex_result *r, uint64_t stuck, uint64_t first)
{
    merge_counters(w, r);
    merge_coverage(w, r);
    found *v;
    size_t n = gather_findings(w, &v);
    uint64_t *ids = malloc((n + 1) * sizeof *ids);
    if (!ids) {
        free(v);
        return -1;
    }
    for (size_t k = 0; k < n; k++)
        ids[k] = v[k].id;
    if (stuck)
        ids[n] = first;
    hop *hops;
    size_t nl = read_hops(w, ids, n + (stuck != 0), &hops);
    int rc = w->t->rank == 0 ? hops_store(r, hops, nl) : 0;
    if (w->t->rank == 0 && rc == 0 && (r->findings = calloc(n + 1, sizeof *r->findings))) {
        r->capfindings = n + 1;
        for (size_t k = 0; k < n; k++) {
            r->findings[r->nfindings] = v[k].f;
            r->findings[r->nfindings++].state = hop_index(hops, nl, v[k].id);
        }
        if (stuck && add_stuck(w, r, hop_index(hops, nl, first), stuck) != 0)
            rc = -1;
    } else if (w->t->rank == 0) {
        rc = -1;
    }
    who_knew(w, rc == 0 ? r : NULL);
    free(hops);
    free(ids);
    free(v);
    return rc;
}

static int worker_open(worker *w, const ordo_program *p, int nplayers, uint64_t seed,
                       const ex_limits *lim, uint64_t memory, ex_transport *t)
{
    memset(w, 0, sizeof *w);
    w->p = p;
    w->lim = lim;
    w->t = t;
    w->nplayers = nplayers;
    w->out = calloc((size_t)t->size, sizeof *w->out);
    if (!w->out)
        return -1;
    w->shard = ex_shard_open(p, nplayers, seed, lim, memory, send_successor, w, NULL, &w->r);
    if (!w->shard || ordo_new(p, nplayers, seed, &w->game) != ORDO_OK)
        w->failed = 1;
    return 0;
}

int ex_shared_search(const ordo_program *p, int nplayers, uint64_t seed, const ex_limits *lim,
                     uint64_t memory, ex_transport *t, FILE *progress, ex_result *r)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    worker w;
    memset(r, 0, sizeof *r);
    if (worker_open(&w, p, nplayers, seed, lim, memory, t) != 0)
        return -1; /* not even a few bytes: the others will wait */
    if (!w.failed)
        search_levels(&w, t->rank == 0 && progress && isatty(fileno(progress)) ? progress : NULL,
                      &t0);
    uint64_t stuck = 0, first = NONE;
    find_stuck(&w, &stuck, &first);
    r->block = ordo_game_size(p);
    r->seed = seed;
    r->max_steps = lim->max_steps;
    r->rolls_expanded = !lim->seeded_dice;
    if (sc_coverage_init(&r->cov, p) != 0)
        w.failed = 1;
    if (merge(&w, r, stuck, first) != 0)
        w.failed = 1;
    uint64_t failed = (uint64_t)w.failed, any;
    reduce(&w, &failed, 1, NULL, &any);
    if (t->rank == 0 && !w.r.blocks) {
        r->fingerprints = 1;
        r->collision = (double)r->states * (double)r->states / 36893488147419103232.0;
    }
    r->complete &= !any;
    r->seconds = ex_seconds_since(&t0);
    if (progress && t->rank == 0 && isatty(fileno(progress)))
        fputc('\n', progress);
    if (w.shard)
        ex_shard_close(w.shard);
    ex_free(&w.r);
    for (int k = 0; w.out && k < t->size; k++)
        free(w.out[k].b);
    free(w.out);
    if (w.game)
        ordo_free(w.game);
    free(w.kept);
    free(w.keys);
    free(w.edges);
    free(w.dropped);
    return any ? -1 : 0;
}

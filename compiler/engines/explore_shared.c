/* explore_shared.c — one breadth-first search shared among workers
 * (explore.h, ex_shared_search), as distributed model checkers share
 * theirs: each state belongs to the worker its fingerprint names, which
 * keeps it in its own shard (explore.c's store and queue, ex_shard).
 *
 * The search goes level by level. Each worker expands the states of the
 * level it owns and sends every successor (its block, the parent, the
 * option, the outcome of the rolls and their totals) to the successor's
 * owner; a level goes in rounds (slices of its states' canonical
 * order), and at a round's end the workers exchange them all at once
 * (ex_transport: threads, or MPI's all-to-all), so the messages stay
 * bounded however wide the level. An owner takes what it
 * received in the order one process would have found it — by the
 * parent's place in that order, then the option, then the outcome — so
 * the first way in it keeps is the one ex_search keeps, and a state's
 * place in that order (its canonical index) is known from the keys all
 * workers found at the level. That makes a complete search's report the
 * same as one process's: the states, the depth, the counters, and each
 * finding on the same first path.
 *
 * What follows the search is explore_shared_end.c's, the messages
 * explore_shared_msg.c's. A state's global id is its owner and its index
 * there.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "explore_queue.h"
#include "explore_shared_end.h"
#include "explore_shared_msg.h"
#include "ordo_native.h"

/* A successor on its way to its owner: this, its rolls' totals (padded
 * to 8 bytes), its block packed (explore_shared_msg.c). */
typedef struct rec {
    uint64_t parent_canon; /* the parent's canonical index (the start's: 0) */
    uint64_t parent;       /* its global id, NONE: the start */
    uint64_t hash;
    int32_t option, rc;
    uint32_t outcome, nrolls;
    uint64_t packed;       /* the packed block's bytes */
} rec;

/* ------------------------------------------------------- the search */

/* The sink of the worker's shard: each successor to its owner. A worker
 * expands its states in their canonical order, each one's options and
 * outcomes in order: what it sends each worker comes in one process's
 * order (take_all merges them). */
static int send_successor(void *ctx, const ordo_game *g, uint64_t h, uint32_t parent, int k,
                          uint32_t outcome, const ex_chance *c, int rc)
{
    worker *w = ctx;
    int to = owner_of(h, w->t->size);
    buf *b = &w->out[to];
    unsigned char *prev = w->sent + (size_t)to * w->r.block;
    if (b->n == 0) /* the exchange's first to this worker */
        memset(prev, 0, w->r.block);
    uint32_t nrolls = c ? c->n : 0;
    rec hd = {parent == UINT32_MAX ? 0 : w->kept[parent].canon,
              parent == UINT32_MAX ? NONE : gid(w->t->rank, parent),
              h, k, rc, outcome, nrolls, 0};
    static const unsigned char pad[8];
    size_t rolls = (size_t)nrolls * sizeof *c->took, at = b->n;
    if (exs_put(b, &hd, sizeof hd) != 0 || (rolls && exs_put(b, c->took, rolls) != 0) ||
        exs_put(b, pad, round8(rolls) - rolls) != 0 ||
        (!exs_sent_before(w, h) && exs_put_block(w, b, g, prev, &hd.packed) != 0)) {
        w->failed = 1;
        return -1;
    }
    memcpy(b->b + at + offsetof(rec, packed), &hd.packed, sizeof hd.packed);
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

static int add_edge(worker *w, uint64_t from, uint32_t to)
{
    if (exs_grow((void **)&w->edges, &w->capedges, w->nedges + 1, sizeof *w->edges) != 0)
        return -1;
    w->edges[w->nedges++] = (edge_in){from, to};
    return 0;
}

/* One successor received, its block g (NULL when it travelled before in
 * this exchange): kept (a new state of the level, its key noted) or an
 * edge into a state kept before. 0, or -1 when the store is full. */
static int take(worker *w, const rec *hd, const ordo_game *g)
{
    int64_t j = ex_shard_known(w->shard, hd->hash);
    if (j >= 0) {
        if (hd->parent != NONE && add_edge(w, hd->parent, (uint32_t)j) != 0)
            w->stop = 1;
        return 0;
    }
    if (!g) { /* its block sent before in this exchange, so taken before: not so */
        w->failed = 1;
        return -1;
    }
    ex_chance c;
    memset(&c, 0, sizeof c);
    c.n = hd->nrolls;
    memcpy(c.took, hd + 1, c.n * sizeof *c.took);
    /* kept from a copy: the block received is the next one's base */
    memcpy((unsigned char *)w->game + EXS_HEAD, (const unsigned char *)g + EXS_HEAD,
           w->r.block - EXS_HEAD);
    int is_new;
    j = ex_shard_receive(w->shard, w->game, hd->hash, hd->rc, (uint32_t)w->depth, hd->option, &c,
                         &is_new);
    if (j < 0) {
        w->stop = 1; /* the store is full: bounded, as one process is */
        return -1;
    }
    if (exs_grow((void **)&w->kept, &w->cap, (uint64_t)j + 1, sizeof *w->kept) != 0 ||
        exs_grow((void **)&w->keys, &w->capkeys, w->nkeys + 1, sizeof *w->keys) != 0) {
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
    if (exs_grow((void **)&w->dropped, &w->capdropped, w->ndropped + 1, sizeof *w->dropped) != 0)
        w->failed = 1;
    else
        w->dropped[w->ndropped++] = hd->parent;
}

/* The bytes of the record at o of a message ending at `end`, or 0 when
 * it does not fit. */
static size_t record_bytes(const worker *w, const unsigned char *in, size_t o, size_t end)
{
    if (o + sizeof(rec) > end)
        return 0;
    const rec *hd = (const rec *)(const void *)(in + o);
    if (hd->nrolls > EX_MAX_ROLLS || hd->packed > ex_pack_max(w->r.block))
        return 0;
    size_t n = sizeof *hd + round8((size_t)hd->nrolls * 4) + exs_block_bytes(w, hd->packed);
    return o + n <= end ? n : 0;
}

/* What came in at a round's end, taken in one process's order: each
 * worker's records come in that order, so they are merged (a worker's
 * blocks unpacked one after the other, each onto the one before). */
static void take_all(worker *w, unsigned char *in, const size_t *at)
{
    int size = w->t->size, full = 0;
    size_t o[size];
    key last[size];
    for (int k = 0; k < size; k++) {
        o[k] = at[k];
        last[k] = (key){0, INT64_MIN, 0};
        memset(w->got + (size_t)k * w->r.block, 0, w->r.block);
    }
    w->nkeys = 0;
    /* all taken even when the time is up, as one process keeps what its
     * last expansions found */
    while (!w->failed) {
        int best = -1;
        key kb = {0, 0, 0};
        for (int k = 0; k < size; k++) {
            if (o[k] >= at[k + 1])
                continue;
            if (o[k] + sizeof(rec) > at[k + 1]) {
                w->failed = 1;
                break;
            }
            key x = key_of((const rec *)(const void *)(in + o[k]));
            if (best < 0 || key_cmp(&x, &kb) < 0)
                best = k, kb = x;
        }
        if (best < 0 || w->failed)
            break;
        const rec *hd = (const rec *)(const void *)(in + o[best]);
        size_t n = record_bytes(w, in, o[best], at[best + 1]);
        size_t blk = sizeof *hd + round8((size_t)hd->nrolls * 4);
        /* a block sent before in this exchange travels once */
        const ordo_game *g = n && hd->packed
                                 ? exs_get_block(w, in + o[best] + blk, hd->packed, n - blk,
                                                 w->got + (size_t)best * w->r.block)
                                 : NULL;
        /* a worker's records out of order, or damaged: refused */
        if (!n || (!g && hd->packed) || key_cmp(&kb, &last[best]) < 0) {
            w->failed = 1;
            break;
        }
        last[best] = kb;
        o[best] += n;
        if (full || take(w, hd, g) != 0) {
            full = 1;
            drop(w, hd);
        }
    }
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
    exs_put_all(w, head, sizeof head);
    exs_put_all(w, w->keys, w->nkeys * sizeof *w->keys);
    size_t at[w->t->size + 1];
    unsigned char *in = exs_exchange(w, at);
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

/* Parents expanded between two exchanges, all workers together: as many
 * as keep a worker's messages of a round near a sixteenth of its memory,
 * at about 16 successors a state. The same on every worker. */
static uint64_t round_states(const worker *w, uint64_t memory)
{
    uint64_t per = memory / 16 / (16 * (exs_block_bytes(w, ex_pack_max(w->r.block)) + sizeof(rec)));
    return (per ? per : 1) * (uint64_t)w->t->size;
}

/* A round's end: what came in taken in one process's order, the new
 * states numbered. Returns the states all kept in the round. */
static uint64_t end_round(worker *w)
{
    size_t at[w->t->size + 1];
    unsigned char *in = exs_exchange(w, at);
    take_all(w, in, at);
    free(in);
    return number_level(w);
}

/* Expands this worker's states whose canonical index is below `end`:
 * a worker keeps its states in their canonical order, so a round's
 * successors all come, in one process's order, before the next round's. */
static void expand_below(worker *w, uint64_t end)
{
    uint32_t i;
    int rc = 0;
    while (!w->failed && (rc = ex_shard_peek_next(w->shard, &i)) == 1 && w->kept[i].canon < end)
        if ((rc = ex_shard_expand_next(w->shard, &i)) < 0)
            break;
    if (rc < 0)
        w->stop = 1;
}

/* A round's states near --states: a round of `step` states may find many
 * times the states still wanted, each of its transitions played for
 * nothing once a shard is full (a round of Splendor solo's third level,
 * some 150,000 transitions). Cut to the states that should find 5/4 of
 * those still wanted, by what a state expanded has found so far (all of
 * it the workers' together: the same on every worker). */
static uint64_t round_near_bound(const worker *w, uint64_t step, uint64_t expanded,
                                 uint64_t found)
{
    uint64_t want = w->lim.states * (uint64_t)w->t->size;
    if (!w->lim.states || !expanded || !found || found >= want)
        return step;
    double need = 1.25 * (double)(want - found) * (double)expanded / (double)found;
    return need + (double)w->t->size < (double)step ? (uint64_t)need + (uint64_t)w->t->size : step;
}

/* Level by level; a level's states expanded in rounds of `step` (by
 * canonical index), each ended by an exchange, so what waits to be sent
 * stays bounded however wide the level. */
static void search_levels(worker *w, uint64_t step, FILE *progress, const struct timespec *t0)
{
    if (w->t->rank == 0 && ex_shard_start(w->shard) != 0)
        w->stop = 1;
    w->depth = 0;
    uint64_t lo = w->level_base, n = end_round(w), expanded = 0;
    w->total = n;
    while (n && !w->stop && !w->failed) {
        uint64_t next_lo = w->level_base, next_n = 0;
        w->depth++;
        for (uint64_t end = lo; end < lo + n && !w->stop && !w->failed;) {
            uint64_t to = end + round_near_bound(w, step, expanded, w->total + next_n);
            to = to < lo + n ? to : lo + n;
            expand_below(w, to);
            expanded += to - end;
            end = to;
            next_n += end_round(w);
        }
        w->total += next_n;
        if (progress)
            progress_line(progress, w, t0);
        lo = next_lo, n = next_n;
    }
}

static int worker_open(worker *w, const ordo_program *p, int nplayers, uint64_t seed,
                       const ex_limits *lim, uint64_t memory, ex_transport *t)
{
    memset(w, 0, sizeof *w);
    w->p = p;
    /* --states is the search's: each shard keeps its share */
    w->lim = *lim;
    if (lim->states)
        w->lim.states = (lim->states + (uint64_t)t->size - 1) / (uint64_t)t->size;
    w->t = t;
    w->nplayers = nplayers;
    w->out = calloc((size_t)t->size, sizeof *w->out);
    if (!w->out)
        return -1;
    w->shard = ex_shard_open(p, nplayers, seed, &w->lim, memory, send_successor, w, NULL, &w->r);
    if (!w->shard || ordo_new(p, nplayers, seed, &w->game) != ORDO_OK)
        w->failed = 1;
    w->sent = calloc((size_t)t->size, ordo_game_size(p));
    w->got = calloc((size_t)t->size, ordo_game_size(p));
    if (!w->sent || !w->got)
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
        search_levels(&w, round_states(&w, memory),
                      t->rank == 0 && progress && isatty(fileno(progress)) ? progress : NULL, &t0);
    uint64_t stuck = 0, first = NONE;
    exs_find_stuck(&w, &stuck, &first);
    r->block = ordo_game_size(p);
    r->seed = seed;
    r->max_steps = lim->max_steps;
    r->rolls_expanded = !lim->seeded_dice;
    if (sc_coverage_init(&r->cov, p) != 0)
        w.failed = 1;
    if (exs_merge(&w, r, stuck, first) != 0)
        w.failed = 1;
    uint64_t failed = (uint64_t)w.failed, any;
    exs_reduce(&w, &failed, 1, NULL, &any);
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
    free(w.sent);
    free(w.got);
    free(w.sent_hash);
    free(w.kept);
    free(w.keys);
    free(w.edges);
    free(w.dropped);
    return any ? -1 : 0;
}


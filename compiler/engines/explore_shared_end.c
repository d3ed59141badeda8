/* explore_shared_end.c — what follows a search shared among workers
 * (explore_shared.h): which states can reach no end (the marks spread
 * back along the edges, from owner to owner, round by round), the
 * counters and what was reached summed at worker 0, the findings merged
 * in one process's order with the links of their paths read back from
 * their owners, and who could have known asked over every shard's
 * states (their ways in read back the same way, replayed at worker 0).
 */
#include <stdlib.h>
#include <string.h>

#include "explore_shared_end.h"
#include "explore_shared_msg.h"

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
        if (exs_put(&w->out[gid_owner(from[e])], &idx, sizeof idx) != 0)
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
void exs_find_stuck(worker *w, uint64_t *stuck, uint64_t *first)
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
        if (exs_put(&w->out[gid_owner(w->dropped[d])], &idx, sizeof idx) != 0)
            w->failed = 1;
    }
    for (;;) {
        uint64_t sent = 0, all;
        for (int k = 0; k < w->t->size; k++)
            sent += w->out[k].n;
        exs_reduce(w, &sent, 1, &all, NULL);
        if (all == 0)
            break;
        size_t at[w->t->size + 1];
        unsigned char *in = exs_exchange(w, at);
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
    exs_reduce(w, v, 3, sum, max);
    *stuck = sum[0];
    /* the owner of the first says its id: the others send NONE's complement */
    uint64_t mine = v[0] && v[1] == max[1] ? ~v[2] : 0, id;
    exs_reduce(w, &mine, 1, NULL, &id);
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
        if (exs_put(&w->out[0], &x, sizeof x) != 0)
            w->failed = 1;
    }
    size_t at[w->t->size + 1];
    unsigned char *in = exs_exchange(w, at);
    size_t n = at[w->t->size] / sizeof(found), kept = 0;
    *v = NULL;
    if (w->t->rank != 0 || !n) {
        free(in);
        return 0;
    }
    found *all = (found *)(void *)in;
    qsort(all, n, sizeof *all, found_cmp);
    for (size_t k = 0; k < n; k++) {
        all[k].f.message[sizeof all[k].f.message - 1] = 0;
        if (all[k].f.kind < 0 || all[k].f.kind >= EX_NKINDS)
            continue; /* no finding a worker makes */
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
        exs_put_all(w, ids, n * sizeof *ids);
    size_t at[w->t->size + 1];
    unsigned char *q = exs_exchange(w, at);
    size_t nq = (at[1] - at[0]) / sizeof *ids;
    while (!w->failed) {
        uint64_t asked = nq, all;
        exs_reduce(w, &asked, 1, &all, NULL);
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
            exs_put_all(w, &l, sizeof l);
        }
        free(q);
        unsigned char *in = exs_exchange(w, at);
        size_t got = at[w->t->size] / sizeof(hop);
        q = malloc(got * sizeof(uint64_t) + 1);
        nq = 0;
        if (!q || exs_grow((void **)hops, &capl, nl + got, sizeof **hops) != 0) {
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
        c.n = hops[i].nrolls <= EX_MAX_ROLLS ? hops[i].nrolls : EX_MAX_ROLLS;
        memcpy(c.took, hops[i].rolls, c.n * sizeof *c.took);
        if (ex_keep_rolls(r, i, &c) != 0)
            return -1;
    }
    r->nkept = n;
    /* every way back ends at the start (a worker's word is not trusted
     * to: a circle would replay for ever) */
    for (size_t i = 0; i < n; i++) {
        size_t steps = 0;
        for (uint32_t k = (uint32_t)i; r->parent[k] != UINT32_MAX; k = r->parent[k])
            if (++steps > n)
                return -1;
    }
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
    ordo_game *g = at < r->nkept ? ex_replayed(w->p, w->nplayers, r, at) : NULL;
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

/* Worker 0's questions: for each finding reached by a decision q (but
 * "no end can be reached"), q's block, the option's label and the
 * rolls. A seat could have known when, from every explored state it
 * cannot tell from q, the option shows the finding too (explore.c's
 * seat_knew). Those states may be any shard's, and no shard can replay
 * its own (their ways in are other shards'): each shard names its
 * decisions whose hash of what all seats see is q's, their ways in are
 * read back from their owners (read_hops), and worker 0 replays them
 * from the start and asks, as one process does over its own. */
typedef struct question {
    size_t finding;
    ordo_game *q;
    uint64_t qid; /* q's global id: q itself is not asked, as one process does not */
    char label[512];
} question;

/* Finding k of r (worker 0's hops store) as a question, or -1 when none
 * is asked. */
static int ask(worker *w, const ex_result *r, const hop *hops, size_t k, question *x)
{
    const ex_finding *f = &r->findings[k];
    uint32_t q = r->parent[f->state];
    if (q == UINT32_MAX || (f->kind == EX_NO_PROGRESS && f->code == 0))
        return -1;
    x->finding = k;
    x->qid = hops[q].id;
    x->q = ex_replayed(w->p, w->nplayers, r, q);
    if (x->q && ordo_option_label(x->q, r->option[f->state], x->label, sizeof x->label) >= 0)
        return 0;
    if (x->q)
        ordo_free(x->q);
    return -1;
}

/* A decision that may look like a question's q: the question's number,
 * the decision's global id. */
typedef struct alike_id {
    uint64_t question, id;
} alike_id;

/* This shard's decisions alike to each question (their hashes in
 * all[0..n)), to worker 0. */
static void name_alike(worker *w, const uint32_t *all, size_t n)
{
    uint64_t cap = 0;
    uint32_t *at = NULL;
    for (size_t k = 0; k < n && !w->failed; k++) {
        size_t m = ex_shard_alike(w->shard, all[k], at, cap);
        if (m > cap && (exs_grow((void **)&at, &cap, m, sizeof *at) != 0 ||
                        ex_shard_alike(w->shard, all[k], at, cap) != m)) {
            w->failed = 1;
            break;
        }
        for (size_t j = 0; j < m; j++) {
            alike_id a = {k, gid(w->t->rank, at[j])};
            if (exs_put(&w->out[0], &a, sizeof a) != 0)
                w->failed = 1;
        }
    }
    free(at);
}

/* Worker 0: the seats that could have known question x, over the
 * decisions alike to it (v[0..n), those of question number k) whose
 * ways in are in `ways` (hops). */
static uint64_t seats_knew(worker *w, const ex_result *r, const question *x, size_t k,
                           const alike_id *v, size_t n, const ex_result *ways, const hop *hops,
                           size_t nhops)
{
    const ex_finding *f = &r->findings[x->finding];
    uint32_t *at = malloc((n + 1) * sizeof *at), m = 0;
    if (!at)
        return 0;
    for (size_t j = 0; j < n; j++)
        if (v[j].question == k && v[j].id != x->qid) {
            uint32_t i = hop_index(hops, nhops, v[j].id);
            if (i != UINT32_MAX)
                at[m++] = i;
        }
    const int32_t *rolls = r->nrolls[f->state] ? r->rolls + r->roll_at[f->state] : NULL;
    uint64_t knew = 0;
    for (int seat = 0; seat < w->nplayers; seat++)
        if (ex_shard_knew(w->shard, x->q, seat, x->label, rolls, r->nrolls[f->state], f, ways, at,
                          m))
            knew |= (uint64_t)1 << seat;
    free(at);
    return knew;
}

/* Who could have known, for each finding of r (worker 0's hops store,
 * its ids in hops; NULL elsewhere): in a ruleset with hidden
 * state, every worker taking part. */
static void who_knew(worker *w, ex_result *r, const hop *hops)
{
    if (w->nplayers > 64 || !ex_has_hidden_state(w->p) || !w->shard)
        return;
    size_t n = 0;
    question *xs = r ? calloc(r->nfindings + 1, sizeof *xs) : NULL;
    uint32_t *all = r ? calloc(r->nfindings + 1, sizeof *all) : NULL;
    for (size_t k = 0; w->t->rank == 0 && xs && all && k < r->nfindings; k++)
        if (ask(w, r, hops, k, &xs[n]) == 0) {
            all[n] = ex_shard_seen(w->shard, xs[n].q);
            n++;
        }
    /* the questions' hashes to all; the decisions alike to them to 0 */
    exs_put_all(w, all, n * sizeof *all);
    size_t at[w->t->size + 1];
    unsigned char *in = exs_exchange(w, at);
    name_alike(w, (const uint32_t *)(void *)(in + at[0]), (at[1] - at[0]) / sizeof *all);
    free(in);
    in = exs_exchange(w, at);
    const alike_id *v = (const alike_id *)(void *)in;
    size_t nv = w->t->rank == 0 ? at[w->t->size] / sizeof *v : 0;
    /* their ways in, read back from their owners (every worker takes part) */
    uint64_t *ids = malloc((nv + 1) * sizeof *ids);
    for (size_t j = 0; ids && j < nv; j++)
        ids[j] = v[j].id;
    if (!ids)
        w->failed = 1;
    hop *ways_hops;
    size_t nw = read_hops(w, ids, ids ? nv : 0, &ways_hops);
    ex_result ways;
    memset(&ways, 0, sizeof ways);
    if (r) { /* replayed as r's are */
        ways.seed = r->seed;
        ways.max_steps = r->max_steps;
        ways.rolls_expanded = r->rolls_expanded;
    }
    if (w->t->rank == 0 && r && hops_store(&ways, ways_hops, nw) == 0)
        for (size_t k = 0; k < n; k++) {
            ex_finding *f = &r->findings[xs[k].finding];
            f->knew = seats_knew(w, r, &xs[k], k, v, nv, &ways, ways_hops, nw);
            f->knew_known = 1;
        }
    ex_free(&ways);
    for (size_t k = 0; k < n; k++)
        ordo_free(xs[k].q);
    free(ways_hops);
    free(ids);
    free(in);
    free(xs);
    free(all);
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
    exs_reduce(w, v, N, sum, max);
    exs_reduce(w, &flags, 1, NULL, &fl);
    /* the reasons' texts differ from shard to shard: each adds its own */
    size_t at[w->t->size + 1];
    exs_put(&w->out[0], &s->reasons, sizeof s->reasons);
    unsigned char *in = exs_exchange(w, at);
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
        exs_put(&w->out[0], mine[k], n[k]);
    size_t at[w->t->size + 1];
    unsigned char *in = exs_exchange(w, at);
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
int exs_merge(worker *w, ex_result *r, uint64_t stuck, uint64_t first)
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
            r->findings[r->nfindings].state = hop_index(hops, nl, v[k].id);
            if (r->findings[r->nfindings++].state == UINT32_MAX)
                rc = -1; /* its way in was not told */
        }
        if (stuck && add_stuck(w, r, hop_index(hops, nl, first), stuck) != 0)
            rc = -1;
    } else if (w->t->rank == 0) {
        rc = -1;
    }
    who_knew(w, rc == 0 && w->t->rank == 0 ? r : NULL, hops);
    free(hops);
    free(ids);
    free(v);
    return rc;
}


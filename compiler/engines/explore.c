/* explore.c — the state search of `ordo explore` (see explore.h).
 *
 * The states found are kept in the order they were found, each with the
 * state it was reached from, the option taken and the outcome of its
 * rolls: a finding's path is read back through those links and replayed.
 * Breadth first keeps a state's fingerprint alone (its block only while
 * it waits in the queue, explore_queue.c; with hidden state also the
 * hash of what all seats see, for who could have known, which replays
 * the states it needs), a shard of a shared search too; walks keep whole
 * blocks, in one array, and ordo_same_position settles a collision of
 * their hashes. An open-addressing table of position hashes finds a
 * state already kept. Breadth first,
 * state i is expanded when the loop reaches it, so the first path found
 * to anything is a shortest one. Every transition is also an edge, kept
 * for the last question: from which states can no end be reached? (a new
 * state's edge in is its parent link; the others, breadth first, go to
 * disk: explore_edges.c)
 *
 * Walks keep the states they pass the same way; guided walks (the
 * default's after a share of breadth first: ex_search) recycle the store
 * when it fills, keeping only the ways to the findings and to the states
 * their guide may restart from.
 *
 * The search allocates as it grows, up to the memory it is given; the
 * runtime's play loop never does (each transition is ordo_copy, then
 * ordo_choose and ordo_run on a block of the search's own).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "explore.h"
#include "explore_edges.h"
#include "explore_guide.h"
#include "explore_queue.h"
#include "explore_symmetry.h"

/* What is known of a kept state (search.expanded). */
enum {
    EXPANDED = 1, /* its options were all tried */
    CLOSED = 2,   /* a walk came back to it, and what it leads to was searched */
    STUCK = 4     /* ... and no end was found there: play goes round in circles */
};

/* The edges breadth first keeps in memory (8 MB) before the rest go to
 * disk; walks keep theirs (a full store is recycled, the edges with it). */
#define EDGES_IN_MEMORY (1u << 20)

/* The states a walk's circle is searched for a way out before the walk is
 * said to go round in circles; past it, the walk goes on. */
#define CLOSURE_MAX 65536

struct search;

/* A transition's play: option k (-1: none) taken from `from` in `work`,
 * then run to the next decision or the end, the rolls as c says (NULL:
 * from the generator); the runtime's status. Behind a pointer, so that
 * another way of playing (the emitted C) can take the interpreter's place
 * with the search unchanged. */
typedef int (*play_fn)(const struct search *s, ordo_game *work, const ordo_game *from, int k,
                       ex_chance *c);

typedef struct search {
    const ordo_program *p;
    play_fn play;
    const ex_limits *lim;
    ex_result *r;
    uint64_t cap;            /* states the memory allows */
    ex_slot *table;          /* 1 + state index and a tag, 0: empty */
    unsigned index_bits;     /* of a slot, the index's (ex_index_bits) */
    uint64_t *hashes;        /* of each kept state */
    uint64_t tsize;          /* slots (a power of two), at most 3/4 used */
    ex_edges edges;          /* the transitions that found a kept state again */
    unsigned char *expanded; /* EXPANDED, and for walks CLOSED and STUCK */
    /* random walks: the last walk (1 + its number) through each state, and
     * the last closure (1 + its number) that reached it */
    uint32_t *walk_mark, *closure_mark;
    uint32_t closures;
    int no_edges;            /* transitions of a state expanded before: its edges are kept */
    ordo_game *work;
    ordo_game *view_a, *view_b; /* scratch blocks for the view */
    ex_symmetry sym;         /* one state for its renamings of the seats */
    struct timespec t0;
    double last_progress;
    FILE *progress;          /* the progress line, or NULL */
    /* the compact store (breadth first, no hidden state): no blocks kept,
     * a state known by its fingerprint (its position's 64-bit hash), its
     * status kept apart, the blocks still to expand in a queue */
    int compact;
    int nplayers;
    int8_t *status;          /* ordo_status of each kept state, at least -1 */
    /* ... and with hidden state, 32 bits of the hash of what all seats see
     * of each decision (0 for the others): "who could have known" replays
     * only the states that may look alike */
    uint32_t *seen_as;
    ex_queue queue;
    ordo_game *cur;          /* the block being expanded */
    uint32_t cur_depth;      /* the depth of the state being expanded */
    uint64_t rng;            /* random walks */
    int truncated;           /* a limit stopped the search */
    int full;                /* ... the store's: it holds `cap` states */
    int timed_out;           /* ... --seconds */
    int stopped;             /* ... --first: a finding was made */
    ex_guide *guide;         /* guided walks: what steers them; else NULL */
    uint64_t dropped;        /* guided walks: states dropped when the store was full */
    /* a shard of a search shared among workers (explore_shared.c): each
     * transition goes to the sink, not the store; the outcome of the rolls
     * it is (expand's count), and the next kept state to expand */
    ex_sink sink;
    void *sink_ctx;
    uint32_t outcome;
    uint64_t cursor;
} search;

double ex_seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static double elapsed(const search *s)
{
    return ex_seconds_since(&s->t0);
}

static ordo_game *state_at(const search *s, uint64_t i)
{
    return (ordo_game *)(void *)(s->r->blocks + i * s->r->block);
}

static void on_event(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    (void)g;
    search *s = ctx;
    sc_cover(&s->r->cov, s->p, ev);
}

/* ------------------------------------------------------- the view */

/* g with the ignored vars at their lowest value, in scratch block v. */
static const ordo_game *view(const search *s, const ordo_game *g, ordo_game *v)
{
    if (!s->lim->ignore)
        return g;
    ordo_copy(v, g);
    for (const int *x = s->lim->ignore; *x >= 0; x++) {
        const ordo_var *var = &s->p->vars[*x];
        int n0 = var->ndims > 0 ? var->dim_n[0] : 1, n1 = var->ndims > 1 ? var->dim_n[1] : 1;
        int lo0 = var->ndims > 0 && var->dim_kind[0] == ORDO_DIM_RANGE ? var->dim_lo[0] : 0;
        int lo1 = var->ndims > 1 && var->dim_kind[1] == ORDO_DIM_RANGE ? var->dim_lo[1] : 0;
        for (int i = 0; i < n0; i++)
            for (int j = 0; j < n1; j++)
                (void)ordo_set(v, *x, i + lo0, j + lo1, -1, var->lo);
    }
    return v;
}

/* The view, then (`symmetric players`) its renaming of the seats kept
 * for all: the state's identity in the visited set. */
static uint64_t view_hash(const search *s, const ordo_game *g)
{
    return ordo_position_hash(ex_symmetry_canonical(&s->sym, view(s, g, s->view_a), 0));
}

static int same_view(const search *s, const ordo_game *a, const ordo_game *b)
{
    if (!s->lim->ignore && !ex_symmetry_renamings(&s->sym))
        return ordo_same_position(a, b);
    return ordo_same_position(ex_symmetry_canonical(&s->sym, view(s, a, s->view_a), 0),
                              ex_symmetry_canonical(&s->sym, view(s, b, s->view_b), 1));
}

/* ------------------------------------------------------- the store */

/* The index of the kept state in g's position, or -1. */
static int64_t lookup(const search *s, const ordo_game *g, uint64_t h)
{
    for (uint64_t k = h & (s->tsize - 1);; k = (k + 1) & (s->tsize - 1)) {
        ex_slot v = s->table[k];
        if (!v)
            return -1;
        uint32_t i = ex_slot_index(v, h, s->index_bits);
        if (i != UINT32_MAX && s->hashes[i] == h && (s->compact || same_view(s, state_at(s, i), g)))
            return i;
    }
}

typedef ex_chance chance;

int32_t ex_chance_total(void *ctx, const ordo_game *g, int dice, int sides)
{
    (void)g;
    chance *c = ctx;
    if (c->n >= EX_MAX_ROLLS) {
        c->overflow = 1;
        return -1;
    }
    int32_t v = c->n < c->nscript ? c->script[c->n] : dice;
    /* a guided walk's roll: dice drawn one by one from its generator */
    for (int d = 1; c->n >= c->nscript && c->draw && sides > 0 && d <= dice; d++)
        v += (int32_t)ordo_rng_below(c->draw, (uint32_t)sides);
    c->took[c->n] = v;
    c->most[c->n] = dice * sides;
    c->n++;
    return v;
}

int ex_chance_next(ex_chance *c, int32_t *script)
{
    uint32_t t = c->n;
    while (t > 0 && c->took[t - 1] >= c->most[t - 1])
        t--;
    if (t == 0)
        return 0;
    memcpy(script, c->took, (t - 1) * sizeof *script);
    script[t - 1] = c->took[t - 1] + 1;
    c->script = script;
    c->nscript = t;
    c->n = 0;
    c->overflow = 0;
    return 1;
}

int ex_keep_rolls(ex_result *r, uint64_t i, const ex_chance *c)
{
    uint32_t n = c ? c->n : 0;
    r->roll_at[i] = (uint32_t)r->nrollpool;
    r->nrolls[i] = (uint8_t)n;
    if (!n)
        return 0;
    if (r->nrollpool + n > UINT32_MAX)
        return -1;
    if (r->nrollpool + n > r->caprollpool) {
        uint64_t cap = r->caprollpool ? r->caprollpool * 2 : 4096;
        while (cap < r->nrollpool + n)
            cap *= 2;
        int32_t *v = realloc(r->rolls, cap * sizeof *v);
        if (!v)
            return -1;
        r->rolls = v;
        r->caprollpool = cap;
    }
    memcpy(r->rolls + r->nrollpool, c->took, n * sizeof *c->took);
    r->nrollpool += n;
    return 0;
}

unsigned ex_index_bits(uint64_t cap)
{
    unsigned b = 1;
    while (b < 32 && ((uint64_t)1 << b) <= cap)
        b++;
    return b;
}

void ex_table_put(ex_slot *table, uint64_t tsize, uint64_t h, uint32_t i, unsigned bits)
{
    uint64_t k = h & (tsize - 1);
    while (table[k])
        k = (k + 1) & (tsize - 1);
    table[k] = ex_slot_of(h, i, bits);
}

ex_slot *ex_table_grown(const uint64_t *hashes, uint64_t n, uint64_t tsize, unsigned bits)
{
    ex_slot *t = calloc(2 * tsize, sizeof *t);
    for (uint64_t i = 0; t && i < n; i++)
        ex_table_put(t, 2 * tsize, hashes[i], (uint32_t)i, bits);
    return t;
}

/* The table twice as large, the kept states put in again: it grows with
 * the states (at most three quarters full), so a state costs its slots
 * and no more whatever --memory allows. Grown in place, not beside the
 * old one (a large block is remapped, not copied): the old and the new
 * together took 16 bytes a state at the moment it grew. */
static int grow_table(search *s)
{
    ex_slot *t = realloc(s->table, 2 * s->tsize * sizeof *t);
    if (!t)
        return -1;
    s->table = t;
    s->tsize *= 2;
    memset(t, 0, s->tsize * sizeof *t);
    for (uint64_t i = 0; i < s->r->nkept; i++)
        ex_table_put(t, s->tsize, s->hashes[i], (uint32_t)i, s->index_bits);
    return 0;
}

/* 32 bits of the hash of what every seat sees of g: two states one seat
 * cannot tell apart have the same (a cell every seat sees is among those
 * each one sees). */
static uint32_t seen_by_all(const search *s, const ordo_game *g)
{
    ordo_copy(s->view_b, g); /* a block of the program, masked in place */
    if (ordo_view(s->view_b, s->view_b, ORDO_SPECTATOR) != ORDO_OK)
        return 0;
    return (uint32_t)ordo_position_hash(s->view_b);
}

/* State i in the compact store: its status, and its block queued when it
 * is a decision to expand. */
static int keep_compact(search *s, const ordo_game *g, uint64_t i, uint32_t depth)
{
    int st = ordo_status(g);
    s->status[i] = (int8_t)(st < -1 ? -1 : st > 127 ? 127 : st);
    if (s->seen_as)
        s->seen_as[i] = st == ORDO_DECIDE ? seen_by_all(s, g) : 0;
    return st == ORDO_DECIDE ? ex_queue_push(&s->queue, (uint32_t)i, depth, g) : 0;
}

/* Keeps g as a new state reached from `parent` by `option` (parent
 * UINT32_MAX: the start), its rolls in c (or none). Returns its index, or
 * -1 when the store is full. */
static int64_t keep(search *s, const ordo_game *g, uint64_t h, uint32_t parent, int32_t option,
                    const chance *c)
{
    ex_result *r = s->r;
    if (r->nkept >= s->cap) {
        s->truncated = 1;
        s->full = 1;
        return -1;
    }
    uint64_t i = r->nkept;
    if (r->outcome)
        r->outcome[i] = s->outcome;
    if ((!r->outcome && ex_keep_rolls(s->r, i, c) != 0) ||
        (4 * (i + 1) > 3 * s->tsize && grow_table(s) != 0) ||
        (s->compact ? keep_compact(s, g, i, parent == UINT32_MAX ? 0 : s->cur_depth + 1) != 0
                    : (memcpy(state_at(s, i), g, r->block), 0))) {
        s->truncated = 1;
        return -1;
    }
    r->nkept++;
    s->hashes[i] = h;
    r->parent[i] = parent;
    r->option[i] = (uint16_t)option;
    /* breadth first, a state is found from the one being expanded (a
     * shard's, from a state another shard expanded: cur_depth is set) */
    uint32_t depth = parent == UINT32_MAX ? 0 : s->compact ? s->cur_depth + 1 : r->depth[parent] + 1;
    if (!s->compact)
        r->depth[i] = depth;
    if ((int)depth > r->depth_reached)
        r->depth_reached = (int)depth;
    ex_table_put(s->table, s->tsize, h, (uint32_t)i, s->index_bits);
    return (int64_t)i;
}

static void add_edge(search *s, uint32_t from, uint32_t to)
{
    if (ex_edges_add(&s->edges, from, to) != 0)
        s->truncated = 1; /* the no-progress analysis will say it is partial */
}

/* ----------------------------------------------------------- findings */

int ex_same_finding(const ex_finding *f, int kind, uint32_t line, int code)
{
    return f->kind == kind && (kind == EX_CUT || (f->line == line && f->code == code));
}

static void add_finding_at(search *s, int kind, int code, const ordo_game *g, uint32_t state,
                           const char *msg, uint32_t at_line)
{
    ex_result *r = s->r;
    int32_t step = -1;
    uint32_t line = 0;
    char buf[256];
    if (!msg && ordo_error_message(g, buf, sizeof buf) < 0)
        buf[0] = 0;
    /* one finding per kind and place: the first, on a shortest path */
    ordo_where(g, &step, &line);
    if (at_line)
        line = at_line;
    for (size_t k = 0; k < r->nfindings; k++)
        if (ex_same_finding(&r->findings[k], kind, line, code)) {
            r->findings[k].count++;
            return;
        }
    if (r->nfindings == r->capfindings) {
        size_t cap = r->capfindings ? r->capfindings * 2 : 16;
        ex_finding *f = realloc(r->findings, cap * sizeof *f);
        if (!f)
            return;
        r->findings = f;
        r->capfindings = cap;
    }
    ex_finding *f = &r->findings[r->nfindings++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->code = code;
    f->step = step;
    f->line = line;
    f->state = state;
    f->count = 1;
    snprintf(f->message, sizeof f->message, "%s", msg ? msg : buf);
}

static void add_finding(search *s, int kind, int code, const ordo_game *g, uint32_t state,
                        const char *msg)
{
    add_finding_at(s, kind, code, g, state, msg, 0);
}

/* A state play reached where an invariant does not hold (or cannot be
 * evaluated): a finding at the invariant's line. */
static void check_invariants(search *s, ordo_game *g, uint32_t j)
{
    int k = ordo_broken_invariant(g);
    if (k == -1)
        return;
    const ordo_invariant *v = ordo_invariant_at(s->p, k >= 0 ? k : 0);
    char msg[256];
    if (k >= 0)
        snprintf(msg, sizeof msg, "\"%s\" does not hold (%s)", v->text, v->expr);
    else
        snprintf(msg, sizeof msg, "an invariant cannot be evaluated: %s", ordo_strerror(k));
    add_finding_at(s, EX_INVARIANT, k >= 0 ? 0 : k, g, j, msg, v ? v->line : 0);
}

void ex_reasons_add(ex_reasons *t, int text, uint64_t n)
{
    for (int k = 0; k < EX_REASONS; k++)
        if (t->text[k] == (uint32_t)text + 1 || t->text[k] == 0) {
            t->text[k] = (uint32_t)text + 1;
            t->count[k] += n;
            return;
        }
    t->other += n;
}

/* An end by a limit the rules set (text number k): a warning, one per
 * reason, counting its end states, so that a cap that ends games is seen
 * with a game that reaches it, not only as a number. */
static void limit_end(search *s, const ordo_game *g, uint32_t j, int k)
{
    char msg[256];
    snprintf(msg, sizeof msg, "\"%s\" (`because limit`), not a real end",
             s->p->texts[k].text);
    add_finding(s, EX_LIMIT_END, k + 1, g, j, msg);
}

/* What the state just reached (kept as index j) says: an end, an error. */
static void classify(search *s, ordo_game *g, int rc, uint32_t j)
{
    ex_result *r = s->r;
    if (rc >= 0 && ordo_invariant_count(s->p))
        check_invariants(s, g, j);
    if (rc == ORDO_OVER) {
        r->ends++;
        int limit = 0;
        const char *why = ordo_end_reason(g, &limit);
        for (int k = 0; why && k < s->p->ntexts; k++)
            if (s->p->texts[k].text == why) {
                ex_reasons_add(&r->reasons, k, 1);
                if (limit)
                    limit_end(s, g, j, k);
                break;
            }
        r->end_limit += limit;
        int w = ordo_winner(g);
        if (w >= 0 && w < 128)
            r->end_winner[w]++;
        else
            r->end_none++;
    } else if (rc == ORDO_E_LIMIT) {
        r->limits++;
        char msg[200];
        snprintf(msg, sizeof msg,
                 "play ran %llu VM instructions without reaching a decision or an end",
                 (unsigned long long)s->lim->max_steps);
        add_finding(s, EX_NO_PROGRESS, rc, g, j, msg);
    } else if (rc == ORDO_E_NOOPTION) {
        add_finding(s, EX_DEADLOCK, rc, g, j, NULL);
    } else if (rc < 0) {
        add_finding(s, EX_ERROR, rc, g, j, NULL);
    }
}

static int out_of_time(search *s);

/* Whether r holds a finding --first stops at (any but a walk cut off). */
static int stop_finding(const ex_result *r)
{
    for (size_t k = 0; k < r->nfindings; k++)
        if (r->findings[k].kind != EX_CUT)
            return 1;
    return 0;
}

/* The interpreter's play (play_fn): a copy of `from`, its events seen for
 * the coverage, the rolls forced by c. */
static int play_interpreted(const search *s, ordo_game *work, const ordo_game *from, int k,
                            chance *c)
{
    ordo_copy(work, from);
    ordo_set_trace(work, on_event, (void *)s);
    ordo_set_chance(work, c ? ex_chance_total : NULL, c);
    ordo_set_max_steps(work, s->lim->max_steps + ordo_steps(work));
    int rc = k >= 0 ? ordo_choose(work, k) : ORDO_OK;
    if (rc == ORDO_OK)
        rc = ordo_run(work);
    ordo_set_chance(work, NULL, NULL);
    return rc;
}

/* One transition from `from` (a kept state, or the start when parent is
 * UINT32_MAX), option k (-1: none, the start's first run), its rolls as
 * c says (NULL: from the generator): the state it leads to (kept, or
 * found again), or -1 when the store is full or the time is up. */
static int64_t transition(search *s, const ordo_game *from, uint32_t parent, int k, chance *c)
{
    /* checked here, not per state expanded: one state's options and rolls
     * can take longer than --seconds */
    if ((s->r->transitions & 255) == 0 && out_of_time(s))
        return -1;
    int rc = s->play(s, s->work, from, k, c);
    if (c && c->overflow)
        s->truncated = 1;
    s->r->transitions++;
    uint64_t h = view_hash(s, s->work);
    if (s->sink)
        return s->sink(s->sink_ctx, s->work, h, parent, k, s->outcome, c, rc) < 0 ? -1 : 0;
    int64_t j = lookup(s, s->work, h);
    if (j < 0) {
        j = keep(s, s->work, h, parent, k, c);
        if (j < 0)
            return -1;
        classify(s, s->work, rc, (uint32_t)j);
        if (s->lim->first && stop_finding(s->r)) {
            s->truncated = s->stopped = 1;
            return -1;
        }
    } else if (parent != UINT32_MAX && !s->no_edges) {
        add_edge(s, parent, (uint32_t)j); /* a new state's edge in is its parent link */
    }
    return j;
}

/* From state i, option k, the rolls from the generator (random walks). */
static int64_t step_from(search *s, uint32_t i, int k)
{
    return transition(s, state_at(s, i), i, k, NULL);
}

/* From `from`, option k, once for every outcome of the rolls on the way:
 * each run takes the lowest total of every roll past the forced ones, and
 * the next run raises the last roll that can still rise (an odometer over
 * a tree whose later rolls may depend on the earlier). 0; 1 when the
 * outcomes were cut short (--outcomes, or more rolls than EX_MAX_ROLLS);
 * -1 when the store is full. */
static int expand(search *s, const ordo_game *from, uint32_t parent, int k)
{
    int32_t script[EX_MAX_ROLLS];
    chance c;
    memset(&c, 0, sizeof c);
    c.script = script;
    for (uint64_t outcomes = 0;; outcomes++) {
        if (s->lim->outcomes && outcomes >= s->lim->outcomes) {
            s->truncated = 1;
            s->r->chance_cut = 1;
            return 1;
        }
        c.n = 0;
        c.overflow = 0;
        s->outcome = (uint32_t)outcomes;
        if (transition(s, from, parent, k, &c) < 0)
            return -1;
        if (c.overflow)
            return 1;
        if (!ex_chance_next(&c, script))
            return 0;
    }
}

static int out_of_time(search *s)
{
    double t = elapsed(s);
    if (s->progress && t - s->last_progress >= 0.5) {
        s->last_progress = t;
        fprintf(s->progress, "\rexplore: %llu states, depth %d, %.0f states/s   ",
                (unsigned long long)s->r->nkept, s->r->depth_reached, (double)s->r->nkept / t);
    }
    if (s->lim->seconds > 0 && t >= s->lim->seconds) {
        s->truncated = s->timed_out = 1;
        return 1;
    }
    return 0;
}

/* ------------------------------------------------------------ searches */

/* Every option (and outcome) of state i, whose block is g. 0, or -1 when
 * the search must stop. */
static int expand_state(search *s, const ordo_game *g, uint32_t i, uint32_t depth)
{
    s->cur_depth = depth;
    if (s->lim->depth && (int)depth >= s->lim->depth) {
        s->truncated = 1;
        return 0;
    }
    int n = ordo_option_count(g), whole = 1;
    s->outcome = 0;
    for (int k = 0; k < n; k++) {
        int64_t rc = s->lim->seeded_dice ? transition(s, g, i, k, NULL) : expand(s, g, i, k);
        if (rc < 0)
            return -1;
        whole &= s->lim->seeded_dice || rc == 0;
    }
    /* a state whose outcomes were cut short is not known to be stuck:
     * the no-progress analysis counts it as one that might end */
    s->expanded[i] = whole ? EXPANDED : 0;
    return 0;
}

/* Breadth first in the compact store: the states to expand come out of
 * the queue in the order they were found. */
static void breadth_first_compact(search *s)
{
    uint32_t i, depth;
    for (uint64_t done = 0;; done++) {
        if ((done & 63) == 0 && out_of_time(s))
            return;
        int rc = ex_queue_pop(&s->queue, &i, &depth, s->cur);
        if (rc < 0)
            s->truncated = 1;
        if (rc <= 0 || expand_state(s, s->cur, i, depth) != 0)
            return;
    }
}

static void breadth_first(search *s)
{
    ex_result *r = s->r;
    if (s->compact) {
        breadth_first_compact(s);
        return;
    }
    for (uint64_t i = 0; i < r->nkept; i++) {
        if ((i & 63) == 0 && out_of_time(s))
            return;
        ordo_game *g = state_at(s, i);
        if (ordo_status(g) == ORDO_DECIDE && expand_state(s, g, (uint32_t)i, r->depth[i]) != 0)
            return;
    }
}

/* The state j a transition of the closure numbered `mark` reached, queued
 * unless it is in the closure already: 0; 1 when the closure has grown
 * past CLOSURE_MAX. */
static int close_to(search *s, int64_t j, uint32_t mark, uint32_t *queue, uint32_t *n)
{
    if (s->closure_mark[j] == mark)
        return 0;
    if (*n == CLOSURE_MAX)
        return 1;
    s->closure_mark[j] = mark;
    queue[(*n)++] = (uint32_t)j;
    return 0;
}

/* Option k of state q, into the closure: with the generator's rolls, or,
 * when the ways in keep the rolls (guided walks draw their own), every
 * outcome of them, as breadth first takes them. As close_over returns;
 * 1 also when the outcomes were cut short (the closure is not whole). */
static int close_option(search *s, uint32_t q, int k, uint32_t mark, uint32_t *queue,
                        uint32_t *n)
{
    int32_t script[EX_MAX_ROLLS];
    chance c;
    memset(&c, 0, sizeof c);
    c.script = script;
    for (uint64_t outcomes = 1;; outcomes++) {
        c.n = 0;
        c.overflow = 0;
        int64_t j = transition(s, state_at(s, q), q, k, s->r->rolls_expanded ? &c : NULL);
        if (j < 0)
            return -1;
        if (close_to(s, j, mark, queue, n))
            return 1;
        if (!s->r->rolls_expanded)
            return 0;
        if (c.overflow)
            return 1;
        if (!ex_chance_next(&c, script))
            return 0;
        if (s->lim->outcomes && outcomes >= s->lim->outcomes)
            return 1;
    }
}

/* Every option of state q (once a state of the closure numbered `mark`),
 * the states it leads to not yet in the closure queued. 0; 1 when the
 * closure has grown past CLOSURE_MAX; -1 when the search must stop. */
static int close_over(search *s, uint32_t q, uint32_t mark, uint32_t *queue, uint32_t *n)
{
    s->no_edges = s->expanded[q] & EXPANDED;
    for (int k = 0, nk = ordo_option_count(state_at(s, q)); k < nk; k++) {
        int rc = close_option(s, q, k, mark, queue, n);
        if (rc != 0) {
            s->no_edges = 0;
            return rc;
        }
    }
    s->no_edges = 0;
    s->expanded[q] |= EXPANDED;
    return 0;
}

/* A walk came back to state i: searches every state play can reach from
 * it, with the dice of the generator as the walk's. 1 when none of them
 * ends (play goes round in circles: the no-progress analysis reports them,
 * each expanded), 0 when one does or the circle is too large to tell, -1
 * when the search must stop. */
static int walk_is_stuck(search *s, uint32_t i)
{
    if (s->expanded[i] & CLOSED)
        return (s->expanded[i] & STUCK) ? 1 : 0;
    s->expanded[i] |= CLOSED;
    uint32_t *queue = malloc(CLOSURE_MAX * sizeof *queue);
    if (!queue)
        return 0;
    uint32_t mark = ++s->closures, n = 0, head = 0;
    int rc = 1;
    s->closure_mark[i] = mark;
    queue[n++] = i;
    while (head < n && rc == 1) {
        uint32_t q = queue[head++];
        int st = ordo_status(state_at(s, q));
        if (st == ORDO_OVER)
            rc = 0;
        else if (st == ORDO_DECIDE) {
            int c = close_over(s, q, mark, queue, &n);
            rc = c < 0 ? -1 : c > 0 ? 0 : 1;
        }
    }
    free(queue);
    if (rc == 1)
        s->expanded[i] |= STUCK;
    return rc;
}

/* A walk that did not end within --depth decisions: a warning, counting
 * the walks, with the first one's way to where it was cut off. */
static void cut_off(search *s, uint32_t i)
{
    char msg[200];
    snprintf(msg, sizeof msg, "a random walk did not end within %d decisions (--depth)",
             s->lim->depth);
    add_finding(s, EX_CUT, 0, state_at(s, i), i, msg);
}

/* One walk from the start: random options, the rolls from the generator,
 * until the game is over, --depth, or play is found going round in
 * circles. 0, or -1 when the search must stop. */
static int random_walk(search *s, uint64_t w, uint64_t rng)
{
    uint32_t i = 0;
    s->walk_mark[0] = (uint32_t)w + 1;
    for (int d = 0;; d++) {
        ordo_game *g = state_at(s, i);
        if (ordo_status(g) != ORDO_DECIDE)
            return 0;
        if (s->lim->depth && d >= s->lim->depth) {
            cut_off(s, i);
            return 0;
        }
        int k = ordo_policy_random(g, &rng);
        int64_t j = step_from(s, i, k);
        if (j < 0)
            return -1;
        i = (uint32_t)j;
        if (s->walk_mark[i] == (uint32_t)w + 1) {
            int stuck = walk_is_stuck(s, i);
            if (stuck)
                return stuck < 0 ? -1 : 0;
        }
        s->walk_mark[i] = (uint32_t)w + 1;
    }
}

static void random_walks(search *s, uint64_t walks, uint64_t seed)
{
    for (uint64_t w = 0; w < walks; w++)
        if (random_walk(s, w, seed + w) != 0 || out_of_time(s))
            return;
}

/* ------------------------------------------------------- guided walks */

static void no_progress(search *s);

/* Marks state i and the states on its way in as kept (to[k] 0), up to a
 * state marked already. */
static void pin_way(const ex_result *r, uint32_t *to, uint32_t i)
{
    for (uint32_t k = i; k != UINT32_MAX && to[k] == UINT32_MAX; k = r->parent[k])
        to[k] = 0;
}

/* State i moved down to index n of the store (n <= i: a parent is kept
 * before its children, so moving in order keeps every link behind it),
 * its way in among the states already moved. */
static void move_state(search *s, const uint32_t *to, uint64_t i, uint32_t n, uint64_t *rollpool)
{
    ex_result *r = s->r;
    memmove(state_at(s, n), state_at(s, i), r->block);
    s->hashes[n] = s->hashes[i];
    r->parent[n] = r->parent[i] == UINT32_MAX ? UINT32_MAX : to[r->parent[i]];
    r->option[n] = r->option[i];
    r->depth[n] = r->depth[i];
    if (r->nrolls[i]) /* no rolls kept yet: r->rolls is NULL */
        memmove(r->rolls + *rollpool, r->rolls + r->roll_at[i], r->nrolls[i] * sizeof *r->rolls);
    r->roll_at[n] = (uint32_t)*rollpool;
    r->nrolls[n] = r->nrolls[i];
    *rollpool += r->nrolls[i];
    /* what it leads to may be dropped: it counts as a state that may end */
    s->expanded[n] = 0;
}

/* The store full of the walks' states: all dropped but the start and the
 * ways to the findings and to the corpus's states, so that the walks go
 * on within --memory (states found again after it are counted again).
 * The circles the walks closed are reported first, while their edges are
 * there. 1 when it left room for more walks, 0 when it did not. */
static int recycle(search *s)
{
    ex_result *r = s->r;
    no_progress(s);
    uint32_t *to = malloc(r->nkept * sizeof *to);
    if (!to)
        return 0;
    memset(to, 0xff, r->nkept * sizeof *to);
    pin_way(r, to, 0);
    for (size_t k = 0; k < r->nfindings; k++)
        pin_way(r, to, r->findings[k].state);
    for (uint32_t k = 0; k < s->guide->ncorpus; k++)
        pin_way(r, to, s->guide->corpus[k]);
    uint32_t n = 0;
    uint64_t rollpool = 0;
    for (uint64_t i = 0; i < r->nkept; i++)
        if (to[i] != UINT32_MAX) {
            to[i] = n;
            move_state(s, to, i, n++, &rollpool);
        }
    for (size_t k = 0; k < r->nfindings; k++)
        r->findings[k].state = to[r->findings[k].state];
    for (uint32_t k = 0; k < s->guide->ncorpus; k++)
        s->guide->corpus[k] = to[s->guide->corpus[k]];
    free(to);
    s->dropped += r->nkept - n;
    r->nkept = n;
    r->nrollpool = rollpool;
    ex_edges_clear(&s->edges);
    s->full = 0;
    memset(s->walk_mark, 0, s->cap * sizeof *s->walk_mark);
    memset(s->closure_mark, 0, s->cap * sizeof *s->closure_mark);
    memset(s->table, 0, s->tsize * sizeof *s->table);
    for (uint32_t i = 0; i < n; i++)
        ex_table_put(s->table, s->tsize, s->hashes[i], i, s->index_bits);
    return 2 * (uint64_t)n < s->cap;
}

/* Why a guided walk stopped short: 1, the store is full (it is recycled
 * and the walks go on); -1, a bound or --first stops the search. */
static int walk_stopped(const search *s)
{
    return s->full && !s->stopped && !s->timed_out ? 1 : -1;
}

/* One guided walk (explore_guide.c): from the start or a state of the
 * corpus, the options its policy draws, its rolls drawn from its own
 * generator and kept as its way in (with --seeded-dice, the state's),
 * until the game is over, its own bound or --depth, or play is found
 * going round in circles. 0; 1 when the store is full; -1 when the search
 * must stop. */
static int guided_walk(search *s, uint64_t w, uint64_t rng)
{
    ex_walk_policy pol;
    ex_walk_policy_draw(&pol, &rng);
    uint32_t i = ex_guide_start(s->guide, &pol, &rng), mark = (uint32_t)w + 1;
    s->walk_mark[i] = mark;
    for (int d = 0;; d++) {
        ordo_game *g = state_at(s, i);
        if (ordo_status(g) != ORDO_DECIDE || (pol.depth && d >= pol.depth))
            return 0;
        if (s->lim->depth && (int)s->r->depth[i] >= s->lim->depth) {
            cut_off(s, i);
            return 0;
        }
        chance c;
        memset(&c, 0, sizeof c);
        c.draw = &rng;
        int64_t j = transition(s, g, i, ex_guide_choose(s->guide, g, &pol, &rng),
                               s->r->rolls_expanded ? &c : NULL);
        if (j < 0)
            return walk_stopped(s);
        i = (uint32_t)j;
        ex_guide_saw(s->guide, state_at(s, i), &s->r->cov, i, &rng);
        if (s->walk_mark[i] == mark) {
            int stuck = walk_is_stuck(s, i);
            if (stuck)
                return stuck < 0 ? walk_stopped(s) : 0;
        }
        s->walk_mark[i] = mark;
    }
}

/* Guided walks (walks of them, 0: until a bound stops them), each its
 * own policy and generator, the store recycled when it fills. */
static void guided_walks(search *s, uint64_t walks, uint64_t seed)
{
    for (uint64_t w = 0; !walks || w < walks; w++) {
        if (4 * s->r->nkept >= 3 * s->cap && !recycle(s))
            return;
        /* walk w's generator: apart from the seeds of the dice */
        int rc = guided_walk(s, w, seed * 0x9e3779b97f4a7c15ULL + w);
        s->r->walked = w + 1;
        if ((rc > 0 && !recycle(s)) || rc < 0 || out_of_time(s))
            return;
    }
}

static int status_of(const search *s, uint64_t i)
{
    return s->compact ? s->status[i] : ordo_status(state_at(s, i));
}

/* State i's block: kept, or (compact) replayed from the start into s->cur. */
static const ordo_game *block_of(search *s, uint32_t i)
{
    if (!s->compact)
        return state_at(s, i);
    ordo_game *g = ex_replayed(s->p, s->nplayers, s->r, i);
    if (!g)
        return NULL;
    ordo_copy(s->cur, g);
    ordo_free(g);
    return s->cur;
}

void ex_stuck_message(char *msg, size_t n, uint64_t stuck)
{
    snprintf(msg, n,
             "from here no end can be reached: play goes round in circles (%llu such states "
             "found)",
             (unsigned long long)stuck);
}

/* Whether state i can end as it is: it is over, or was never expanded
 * (the search stopped before it: it might). */
static int may_end(const search *s, uint64_t i)
{
    int st = status_of(s, i);
    return st == ORDO_OVER || (st == ORDO_DECIDE && !(s->expanded[i] & EXPANDED));
}

/* can[i] for each state from which an end can be reached, the edges in
 * memory: grouped by the state they lead to, so that what can end is
 * spread backwards once per edge (going over every edge until nothing
 * changed took a pass per state of a long chain); the edge that found a
 * state is its parent link, the others are kept. 0, or -1. */
static int can_end_in_memory(const search *s, unsigned char *can)
{
    const ex_result *r = s->r;
    const ex_edge *edges = s->edges.mem;
    uint64_t nedges = s->edges.n, ntodo = 0;
    uint64_t *into = calloc(r->nkept + 1, sizeof *into); /* edges into each state: offsets */
    uint32_t *from = malloc((nedges + r->nkept + 1) * sizeof *from);
    uint32_t *todo = malloc((r->nkept + 1) * sizeof *todo);
    int rc = into && from && todo ? 0 : -1;
    for (uint64_t e = 0; rc == 0 && e < nedges; e++)
        into[edges[e].to + 1]++;
    for (uint64_t i = 0; rc == 0 && i < r->nkept; i++)
        into[i + 1] += r->parent[i] != UINT32_MAX;
    for (uint64_t i = 0; rc == 0 && i < r->nkept; i++)
        into[i + 1] += into[i];
    for (uint64_t e = 0; rc == 0 && e < nedges; e++)
        from[into[edges[e].to]++] = edges[e].from;
    for (uint64_t i = 0; rc == 0 && i < r->nkept; i++)
        if (r->parent[i] != UINT32_MAX)
            from[into[i]++] = r->parent[i];
    for (uint64_t i = r->nkept; rc == 0 && i > 0; i--)
        into[i] = into[i - 1];
    for (uint64_t i = 0; rc == 0 && i < r->nkept; i++)
        if ((can[i] = (unsigned char)may_end(s, i)))
            todo[ntodo++] = (uint32_t)i;
    if (rc == 0)
        into[0] = 0;
    while (rc == 0 && ntodo) {
        uint32_t to = todo[--ntodo];
        for (uint64_t e = into[to]; e < into[to + 1]; e++)
            if (!can[from[e]]) {
                can[from[e]] = 1;
                todo[ntodo++] = from[e];
            }
    }
    free(into);
    free(from);
    free(todo);
    return rc;
}

/* The same, the edges on disk (breadth first's compact store: grouping
 * them would take memory a state): passes until nothing changes, each
 * up the parent links (a parent is kept before its children: one pass
 * reaches the start) then over the edges, the last first. 0, or -1. */
static int can_end_streamed(const search *s, unsigned char *can)
{
    const ex_result *r = s->r;
    for (uint64_t i = 0; i < r->nkept; i++)
        can[i] = (unsigned char)may_end(s, i);
    for (int marked = 1; marked;) {
        for (uint64_t i = r->nkept; i-- > 0;)
            if (can[i] && r->parent[i] != UINT32_MAX)
                can[r->parent[i]] = 1;
        if ((marked = ex_edges_spread(&s->edges, can)) < 0)
            return -1;
    }
    return 0;
}

/* States from which no end can be reached: every state that may end as
 * it is can; so can any with an edge to one that can. An error is no way
 * out (it is reported on its own). What is left, but the errors, cannot. */
static void no_progress(search *s)
{
    ex_result *r = s->r;
    unsigned char *can = calloc(r->nkept + 1, 1);
    if (!can || (s->edges.on_disk ? can_end_streamed(s, can) : can_end_in_memory(s, can)) != 0) {
        free(can);
        return;
    }
    uint64_t stuck = 0, first = 0;
    for (uint64_t i = r->nkept; i-- > 0;)
        if (!can[i] && status_of(s, i) >= 0) {
            stuck++;
            first = i;
        }
    if (stuck) {
        char msg[200];
        ex_stuck_message(msg, sizeof msg, stuck);
        add_finding(s, EX_NO_PROGRESS, 0, block_of(s, (uint32_t)first), (uint32_t)first, msg);
    }
    free(can);
}

/* ---------------------------------------------- who could have known */

int ex_shows(const ordo_program *p, ordo_game *g, const ex_finding *f)
{
    if (f->kind == EX_INVARIANT) {
        int k = ordo_broken_invariant(g);
        if (k < -1 || f->code)
            return k == f->code;
        return k >= 0 && ordo_invariant_at(p, k)->line == f->line;
    }
    if (f->kind == EX_LIMIT_END) {
        int limit = 0;
        const char *why = ordo_status(g) == ORDO_OVER ? ordo_end_reason(g, &limit) : NULL;
        return why && limit && f->code >= 1 && f->code <= p->ntexts &&
               why == p->texts[f->code - 1].text;
    }
    int32_t step;
    uint32_t line;
    ordo_where(g, &step, &line);
    return ordo_status(g) == f->code && line == f->line;
}

/* The option labelled `label` taken from g with the rolls of `rolls`
 * (then the lowest totals), into s->work: does it show f? */
static int leads_to(search *s, const ordo_game *g, const char *label, const int32_t *rolls,
                    uint32_t nrolls, const ex_finding *f)
{
    int k = ordo_find_option(g, label);
    if (k < 0)
        return 0;
    chance c;
    memset(&c, 0, sizeof c);
    c.script = rolls;
    c.nscript = nrolls;
    ordo_copy(s->work, g);
    ordo_set_trace(s->work, NULL, NULL);
    ordo_set_chance(s->work, ex_chance_total, &c);
    ordo_set_max_steps(s->work, s->lim->max_steps + ordo_steps(s->work));
    int rc = ordo_choose(s->work, k);
    if (rc == ORDO_OK)
        ordo_run(s->work);
    ordo_set_chance(s->work, NULL, NULL);
    return ex_shows(s->p, s->work, f);
}

/* Kept state i's block if it may be one a seat cannot tell from the
 * decision q (what all seats see of it hashes to `all`); else NULL. Kept,
 * or (compact) replayed from the start into *own, which the caller
 * frees. */
static const ordo_game *alike(search *s, uint64_t i, uint32_t q, uint32_t all, ordo_game **own)
{
    *own = NULL;
    if (i == q || status_of(s, i) != ORDO_DECIDE)
        return NULL;
    if (!s->compact)
        return state_at(s, i);
    if (s->seen_as[i] != all || !(*own = ex_replayed(s->p, s->nplayers, s->r, (uint32_t)i)))
        return NULL;
    return *own;
}

/* What a seat is asked of decision q: could it have known that taking
 * `label` with `rolls` leads to f? Its view of q is in s->view_a. */
typedef struct asked {
    int32_t step;
    uint32_t line;
    int decider, seat;
    uint64_t hq; /* the hash of the seat's view of q */
    const char *label;
    const int32_t *rolls;
    uint32_t nrolls;
    const ex_finding *f;
} asked;

static int ask_seat(search *s, const ordo_game *gq, int seat, const char *label,
                    const int32_t *rolls, uint32_t nrolls, const ex_finding *f, asked *a)
{
    *a = (asked){.decider = ordo_decider(gq), .seat = seat, .label = label, .rolls = rolls,
                 .nrolls = nrolls, .f = f};
    ordo_where(gq, &a->step, &a->line);
    ordo_copy(s->view_a, gq); /* a block of the program, as ordo_view wants */
    if (ordo_view(s->view_a, gq, seat) != ORDO_OK)
        return -1;
    a->hq = ordo_position_hash(s->view_a);
    return 0;
}

/* Whether what the seat is asked holds at g: g is a state it can tell
 * from q (another step, line, decider or view), or the option leads to f
 * from g too. */
static int holds_at(search *s, const asked *a, const ordo_game *g)
{
    int32_t step;
    uint32_t line;
    if (ordo_decider(g) != a->decider || ordo_where(g, &step, &line) < 0 || step != a->step ||
        line != a->line)
        return 1;
    ordo_copy(s->view_b, g);
    if (ordo_view(s->view_b, g, a->seat) != ORDO_OK || ordo_position_hash(s->view_b) != a->hq ||
        !ordo_same_position(s->view_a, s->view_b))
        return 1;
    return leads_to(s, g, a->label, a->rolls, a->nrolls, a->f);
}

/* Could `seat` have known, at decision q (its block gq), that taking
 * `label` leads to f? Only if it does from every explored state the seat
 * cannot tell from q (the same view: ordo_view), with the same rolls:
 * knowledge as what holds in every world the seat cannot rule out. */
static int seat_knew(search *s, const ordo_game *gq, uint32_t q, int seat, const char *label,
                     const int32_t *rolls, uint32_t nrolls, const ex_finding *f)
{
    uint32_t all = s->seen_as ? seen_by_all(s, gq) : 0;
    asked a;
    if (ask_seat(s, gq, seat, label, rolls, nrolls, f, &a) != 0)
        return 0;
    int knew = 1;
    for (uint64_t i = 0; knew && i < s->r->nkept; i++) {
        ordo_game *own;
        const ordo_game *g = alike(s, i, q, all, &own);
        if (g)
            knew = holds_at(s, &a, g);
        if (own)
            ordo_free(own);
    }
    return knew;
}

int ex_has_hidden_state(const ordo_program *p)
{
    for (uint16_t v = 0; v < p->nvars; v++)
        if (p->vars[v].hidden)
            return 1;
    return 0;
}

/* For each finding reached by a decision, in a ruleset with hidden state:
 * which seats could have known. A finding "no end can be reached" is a
 * property of the search as a whole, not of one state: not asked. */
static void who_knew(search *s, int nplayers)
{
    ex_result *r = s->r;
    if (!ex_has_hidden_state(s->p) || nplayers > 64)
        return;
    for (size_t k = 0; k < r->nfindings; k++) {
        ex_finding *f = &r->findings[k];
        uint32_t q = r->parent[f->state];
        if (q == UINT32_MAX || (f->kind == EX_NO_PROGRESS && f->code == 0))
            continue;
        ordo_game *own = s->compact ? ex_replayed(s->p, nplayers, r, q) : NULL;
        const ordo_game *gq = s->compact ? own : state_at(s, q);
        char label[512];
        if (!gq || ordo_option_label(gq, r->option[f->state], label, sizeof label) < 0) {
            if (own)
                ordo_free(own);
            continue;
        }
        const int32_t *rolls = r->rolls ? r->rolls + r->roll_at[f->state] : NULL;
        f->knew = 0;
        for (int seat = 0; seat < nplayers; seat++)
            if (seat_knew(s, gq, q, seat, label, rolls, r->nrolls[f->state], f))
                f->knew |= (uint64_t)1 << seat;
        f->knew_known = 1;
        if (own)
            ordo_free(own);
    }
}

/* A search ready to start (s and r zeroed first): breadth first, random
 * walks (walks > 0) or guided walks (guided), its store sized from
 * `memory`; or -1 when out of memory (search_close frees what was
 * taken). */
static int search_open(search *s, const ordo_program *p, int nplayers, uint64_t seed,
                       uint64_t walks, int guided, int shard, const ex_limits *lim,
                       uint64_t memory, FILE *progress, ex_result *r)
{
    memset(r, 0, sizeof *r);
    memset(s, 0, sizeof *s);
    s->p = p;
    s->play = play_interpreted;
    s->lim = lim;
    s->r = r;
    s->progress = progress && isatty(fileno(progress)) ? progress : NULL;
    clock_gettime(CLOCK_MONOTONIC, &s->t0);
    r->block = ordo_game_size(p);
    r->seed = seed;
    r->max_steps = lim->max_steps;
    /* guided walks draw the totals of their rolls and keep them */
    r->rolls_expanded = (guided || !walks) && !lim->seeded_dice;
    s->nplayers = nplayers;
    /* walks go on from kept states' blocks: they keep every block;
     * breadth first (a shard of a shared search too) keeps a fingerprint
     * and a few links a state, and replays the states it compares (a
     * shard's ways in are read back from the shards that keep them:
     * explore_shared_end.c) */
    int hidden = ex_has_hidden_state(p);
    s->compact = !walks && !guided;
    /* each state: its hash, its links (parent, option, depth), whether it
     * was expanded, its rolls, one to three slots of the table; then its
     * block, or (compact) its status, the blocks still to expand taking a
     * quarter of the memory */
    size_t per = sizeof(uint64_t) + 2 * sizeof(uint32_t) + sizeof(uint16_t) + 1 +
                 2 * sizeof(ex_slot) + sizeof(uint32_t) + 1 +
                 (walks || guided ? 2 * sizeof(uint32_t) : 0);
    if (s->compact) {
        per += 1 - sizeof(uint32_t); /* its status; its depth is the queue's */
        /* its outcome number, not its rolls (a shard's rolls go to other
         * shards, which keep them) */
        per -= shard ? 0 : 1;
        per += hidden ? sizeof *s->seen_as : 0;
        /* the disk the queue may take: 16 times --memory (a shared
         * machine's disk is not the search's alone) */
        ex_queue_init(&s->queue, r->block, memory / 4, 16 * memory);
        memory -= memory / 4;
    } else {
        per += r->block;
    }
    s->cap = memory / per;
    if (lim->states && lim->states < s->cap)
        s->cap = lim->states;
    if (s->cap > UINT32_MAX - 1)
        s->cap = UINT32_MAX - 1;
    if (s->cap < 1)
        s->cap = 1;
    s->index_bits = ex_index_bits(s->cap);
    s->tsize = 1024;
    ex_edges_init(&s->edges, s->compact ? EDGES_IN_MEMORY : 0);
    if (s->compact) {
        s->status = malloc(s->cap * sizeof *s->status);
        s->cur = malloc(r->block);
        if (hidden && !(s->seen_as = malloc(s->cap * sizeof *s->seen_as)))
            return -1;
    } else {
        r->blocks = malloc(s->cap * r->block);
    }
    r->parent = malloc(s->cap * sizeof *r->parent);
    r->option = malloc(s->cap * sizeof *r->option);
    if (!s->compact) /* compact: a state's depth waits with it in the queue */
        r->depth = malloc(s->cap * sizeof *r->depth);
    if (s->compact && !shard) {
        r->outcome = malloc(s->cap * sizeof *r->outcome);
    } else {
        r->roll_at = malloc(s->cap * sizeof *r->roll_at);
        r->nrolls = malloc(s->cap * sizeof *r->nrolls);
    }
    s->hashes = malloc(s->cap * sizeof *s->hashes);
    s->expanded = calloc(s->cap, 1);
    s->table = calloc(s->tsize, sizeof *s->table);
    if (walks || guided) {
        s->walk_mark = calloc(s->cap, sizeof *s->walk_mark);
        s->closure_mark = calloc(s->cap, sizeof *s->closure_mark);
    }
    if (guided && (s->guide = malloc(sizeof *s->guide)))
        ex_guide_init(s->guide, p);
    s->work = malloc(r->block);
    s->view_a = malloc(r->block);
    s->view_b = malloc(r->block);
    /* "who could have known" is judged over the states explored: with
     * hidden state, every one of them */
    if (ex_symmetry_init(&s->sym, p, nplayers, !lim->no_symmetry && !ex_has_hidden_state(p)) != 0)
        return -1;
    r->renamings = ex_symmetry_renamings(&s->sym);
    if ((s->compact ? !s->status || !s->cur : !r->blocks) || !r->parent || !r->option ||
        (!s->compact && !r->depth) || (r->outcome ? 0 : !r->roll_at || !r->nrolls) || !s->hashes || !s->expanded ||
        !s->table || !s->work || !s->view_a || !s->view_b || sc_coverage_init(&r->cov, p) != 0 ||
        ((walks || guided) && (!s->walk_mark || !s->closure_mark)) || (guided && !s->guide))
        return -1;
    return 0;
}

/* Frees the search's own memory; what r holds stays. */
static void search_close(search *s)
{
    free(s->hashes);
    free(s->expanded);
    free(s->table);
    free(s->work);
    free(s->view_a);
    free(s->view_b);
    ex_symmetry_free(&s->sym);
    ex_edges_free(&s->edges);
    free(s->walk_mark);
    free(s->closure_mark);
    free(s->status);
    free(s->seen_as);
    free(s->cur);
    free(s->guide);
    if (s->compact)
        ex_queue_free(&s->queue);
}

/* What the search leaves in r besides its states: whether it is complete,
 * the fingerprints' chance of a collision, the time. */
static void search_done(search *s, uint64_t walks, int guided)
{
    ex_result *r = s->r;
    r->states = r->nkept + s->dropped;
    r->complete = !s->truncated && !walks && !guided;
    if (s->compact) {
        /* TLC's estimate: n states among 2^64 fingerprints, the chance that
         * two of them were taken for one is about n^2 / 2^65 */
        r->fingerprints = 1;
        r->collision = (double)r->nkept * (double)r->nkept / 36893488147419103232.0;
        /* a state stands for its renamings: the least of their hashes is
         * taken, the chance grows with them */
        if (r->renamings)
            r->collision *= r->renamings;
    }
    r->seconds = elapsed(s);
    if (s->progress)
        fputc('\n', s->progress);
}

static int replay_way(const ordo_program *p, int nplayers, const ex_result *r, uint32_t i,
                      ordo_game **out, ex_result *keep);

/* The rolls of the states on the findings' ways in, rebuilt from their
 * outcome numbers as ex_path and the scenarios read them (the other
 * states' read as none: their pages are never touched). 0, or -1 when
 * out of memory. */
static int rolls_of_ways(const ordo_program *p, int nplayers, ex_result *r)
{
    if (!(r->roll_at = calloc(r->nkept + 1, sizeof *r->roll_at)) ||
        !(r->nrolls = calloc(r->nkept + 1, sizeof *r->nrolls)))
        return -1;
    for (size_t k = 0; k < r->nfindings; k++)
        if (replay_way(p, nplayers, r, r->findings[k].state, NULL, r) != 0)
            return -1;
    return 0;
}

/* One search of ex_search's: breadth first, random walks (walks > 0) or
 * guided walks (guided; walks 0: until a bound). *walks_follow (may be
 * NULL): whether --seconds or a store filled to --memory stopped it, not
 * --depth, --states or a finding under --first. */
static int search_one(const ordo_program *p, int nplayers, uint64_t seed, uint64_t walks,
                      int guided, const ex_limits *lim, FILE *progress, ex_result *r,
                      int *walks_follow)
{
    search s;
    int rc = -1;
    if (search_open(&s, p, nplayers, seed, walks, guided, 0, lim, lim->memory, progress, r) != 0)
        goto done;
    ordo_game *g;
    if (ordo_new(p, nplayers, seed, &g) != ORDO_OK)
        goto done;
    /* the start: the first run, once for each outcome of its rolls when
     * they are expanded */
    chance start;
    memset(&start, 0, sizeof start); /* guided: the lowest totals, kept */
    if (guided || walks || lim->seeded_dice)
        transition(&s, g, UINT32_MAX, -1, r->rolls_expanded ? &start : NULL);
    else
        expand(&s, g, UINT32_MAX, -1);
    ordo_free(g);
    if (guided && r->nkept)
        guided_walks(&s, walks, seed);
    else if (walks)
        random_walks(&s, walks, seed);
    else
        breadth_first(&s);
    no_progress(&s);
    if (r->outcome && rolls_of_ways(p, nplayers, r) != 0)
        goto done;
    who_knew(&s, nplayers); /* its states replayed from their outcome numbers */
    free(r->outcome);
    r->outcome = NULL;
    search_done(&s, walks, guided);
    if (walks_follow)
        *walks_follow = s.timed_out || (s.full && !(lim->states && r->nkept >= lim->states));
    rc = 0;
done:
    search_close(&s);
    return rc;
}

/* The way to state k of `from` appended to `into` (whose links ex_graft
 * made room for): the index state k takes there, or UINT32_MAX when out
 * of memory. Only the links ex_path reads are kept: no block. */
static uint32_t graft_way(ex_result *into, const ex_result *from, uint32_t k)
{
    uint32_t *chain;
    int n = ex_chain_to(from, k, &chain);
    uint32_t at = UINT32_MAX;
    for (int t = 0; t < n; t++) {
        uint32_t j = chain[t];
        chance c;
        memset(&c, 0, sizeof c);
        c.n = from->nrolls[j];
        if (c.n)
            memcpy(c.took, from->rolls + from->roll_at[j], c.n * sizeof *c.took);
        if (ex_keep_rolls(into, into->nkept, &c) != 0) {
            at = UINT32_MAX;
            break;
        }
        into->parent[into->nkept] = at;
        into->option[into->nkept] = from->option[j];
        if (into->depth)
            into->depth[into->nkept] = (uint32_t)t;
        at = (uint32_t)into->nkept++;
    }
    if (n > 0)
        free(chain);
    return at;
}

/* The links of `into` with room for n more states: 0, or -1. */
static int graft_room(ex_result *r, uint64_t n)
{
    uint64_t want = r->nkept + n;
#define GROW(a)                                                                                    \
    do {                                                                                           \
        void *v = realloc(r->a, want * sizeof *r->a);                                              \
        if (!v)                                                                                    \
            return -1;                                                                             \
        r->a = v;                                                                                  \
    } while (0)
    GROW(parent);
    GROW(option);
    GROW(roll_at);
    GROW(nrolls);
    if (r->depth)
        GROW(depth);
#undef GROW
    return 0;
}

/* The findings of `from` (guided walks after breadth first, from the same
 * start) added to `into`'s, each with its way in, but those `into` has
 * already (its way is a shortest one); and its counters and coverage. */
static void graft(ex_result *into, const ex_result *from, const ordo_program *p)
{
    into->states += from->states;
    into->transitions += from->transitions;
    into->ends += from->ends;
    into->end_none += from->end_none;
    into->limits += from->limits;
    into->end_limit += from->end_limit;
    for (int w = 0; w < 128; w++)
        into->end_winner[w] += from->end_winner[w];
    for (int k = 0; k < EX_REASONS && from->reasons.text[k]; k++)
        ex_reasons_add(&into->reasons, (int)from->reasons.text[k] - 1, from->reasons.count[k]);
    into->reasons.other += from->reasons.other;
    if (from->depth_reached > into->depth_reached)
        into->depth_reached = from->depth_reached;
    into->chance_cut |= from->chance_cut;
    into->walked = from->walked;
    into->seconds += from->seconds;
    for (uint16_t i = 0; i < p->nsteps; i++)
        into->cov.steps[i] |= from->cov.steps[i];
    for (uint16_t i = 0; i < p->noptions; i++)
        into->cov.options[i] |= from->cov.options[i];
    for (uint16_t i = 0; i < p->nprocs; i++)
        into->cov.triggers[i] |= from->cov.triggers[i];
    for (size_t k = 0; k < from->nfindings; k++) {
        const ex_finding *f = &from->findings[k];
        size_t m = 0;
        while (m < into->nfindings && !ex_same_finding(&into->findings[m], f->kind, f->line, f->code))
            m++;
        if (m < into->nfindings) {
            into->findings[m].count += f->count;
            continue;
        }
        if (graft_room(into, (uint64_t)from->depth[f->state] + 1) != 0)
            return;
        if (into->nfindings == into->capfindings) {
            size_t cap = into->capfindings * 2 + 16;
            ex_finding *v = realloc(into->findings, cap * sizeof *v);
            if (!v)
                return;
            into->findings = v;
            into->capfindings = cap;
        }
        uint32_t i = graft_way(into, from, f->state);
        if (i == UINT32_MAX)
            return;
        into->findings[into->nfindings] = *f;
        into->findings[into->nfindings++].state = i;
    }
}

/* The share of --seconds the default search spends breadth first, before
 * its guided walks (1/BFS_SHARE): faults near the start are found on a
 * shortest way; deep ones, which breadth first never reaches in a large
 * game, by the walks. */
#define BFS_SHARE 10

int ex_search(const ordo_program *p, int nplayers, uint64_t seed, uint64_t walks,
              const ex_limits *lim, FILE *progress, ex_result *r)
{
    if (walks || lim->search != EX_SEARCH_MIXED || lim->seconds <= 0)
        return search_one(p, nplayers, seed, walks, lim->search == EX_SEARCH_SWARM, lim,
                          progress, r, NULL);
    ex_limits share = *lim;
    share.seconds = lim->seconds / BFS_SHARE;
    int walks_follow = 0;
    if (search_one(p, nplayers, seed, 0, 0, &share, progress, r, &walks_follow) != 0)
        return -1;
    /* walks when time stopped breadth first, or its store filled (the
     * walks recycle theirs, in the same memory), not --depth, --states or
     * a finding under --first */
    if (!walks_follow || (lim->first && stop_finding(r)))
        return 0;
    free(r->blocks); /* who could have known was asked: no longer read */
    r->blocks = NULL;
    ex_limits rest = *lim;
    rest.seconds = lim->seconds - r->seconds > 1 ? lim->seconds - r->seconds : 1;
    ex_result w;
    if (search_one(p, nplayers, seed, 0, 1, &rest, progress, &w, NULL) == 0)
        graft(r, &w, p);
    ex_free(&w);
    return 0;
}

/* ------------------------------------------------------------ a shard */

ex_shard *ex_shard_open(const ordo_program *p, int nplayers, uint64_t seed, const ex_limits *lim,
                        uint64_t memory, ex_sink sink, void *ctx, FILE *progress, ex_result *r)
{
    search *s = malloc(sizeof *s);
    if (!s)
        return NULL;
    if (search_open(s, p, nplayers, seed, 0, 0, 1, lim, memory, progress, r) != 0) {
        search_close(s);
        free(s);
        ex_free(r);
        return NULL;
    }
    s->sink = sink;
    s->sink_ctx = ctx;
    return s;
}

void ex_shard_close(ex_shard *s)
{
    search_done(s, 0, 0);
    search_close(s);
    free(s);
}

int ex_shard_start(ex_shard *s)
{
    ordo_game *g;
    if (ordo_new(s->p, s->nplayers, s->r->seed, &g) != ORDO_OK)
        return -1;
    int64_t rc = s->lim->seeded_dice ? transition(s, g, UINT32_MAX, -1, NULL)
                                     : expand(s, g, UINT32_MAX, -1);
    ordo_free(g);
    return rc < 0 ? -1 : 0;
}

/* A shard is breadth first: its store is compact, its states to expand
 * in the queue. */
int ex_shard_expand_next(ex_shard *s, uint32_t *i)
{
    if ((s->cursor & 63) == 0 && out_of_time(s))
        return -1;
    uint32_t depth;
    int rc = ex_queue_pop(&s->queue, i, &depth, s->cur);
    if (rc < 0)
        s->truncated = 1;
    s->cursor++;
    return rc <= 0 ? rc : expand_state(s, s->cur, *i, depth) != 0 ? -1 : 1;
}

int ex_shard_peek_next(ex_shard *s, uint32_t *i)
{
    int rc = ex_queue_peek(&s->queue, i);
    if (rc < 0)
        s->truncated = 1;
    return rc;
}

int64_t ex_shard_receive(ex_shard *s, ordo_game *g, uint64_t h, int rc, uint32_t depth,
                         int option, const ex_chance *c, int *is_new)
{
    int64_t j = lookup(s, g, h);
    *is_new = j < 0;
    if (j >= 0)
        return j;
    s->cur_depth = depth - 1;
    j = keep(s, g, h, depth == 0 ? UINT32_MAX : 0, option, c);
    if (j >= 0)
        classify(s, g, rc, (uint32_t)j);
    return j;
}

int64_t ex_shard_known(const ex_shard *s, uint64_t h)
{
    return lookup(s, NULL, h); /* compact: by the fingerprint alone */
}

int ex_shard_may_end(const ex_shard *s, uint64_t i)
{
    return may_end(s, i);
}

int ex_shard_status(const ex_shard *s, uint64_t i)
{
    return status_of(s, i);
}

int ex_shard_truncated(const ex_shard *s)
{
    return s->truncated;
}

uint32_t ex_shard_seen(ex_shard *s, const ordo_game *g)
{
    return seen_by_all(s, g);
}

size_t ex_shard_alike(const ex_shard *s, uint32_t all, uint32_t *at, size_t max)
{
    size_t n = 0;
    for (uint64_t i = 0; s->seen_as && i < s->r->nkept; i++)
        if (s->seen_as[i] == all && status_of(s, i) == ORDO_DECIDE && n++ < max)
            at[n - 1] = (uint32_t)i;
    return n;
}

int ex_shard_knew(ex_shard *s, const ordo_game *q, int seat, const char *label,
                  const int32_t *rolls, uint32_t nrolls, const ex_finding *f, const ex_result *ways,
                  const uint32_t *at, size_t n)
{
    asked a;
    if (ask_seat(s, q, seat, label, rolls, nrolls, f, &a) != 0)
        return 0;
    int knew = 1;
    for (size_t k = 0; knew && k < n; k++) {
        ordo_game *g = ex_replayed(s->p, s->nplayers, ways, at[k]);
        if (g)
            knew = holds_at(s, &a, g);
        if (g)
            ordo_free(g);
    }
    return knew;
}

void ex_free(ex_result *r)
{
    free(r->blocks);
    free(r->parent);
    free(r->option);
    free(r->depth);
    free(r->roll_at);
    free(r->nrolls);
    free(r->rolls);
    free(r->outcome);
    free(r->findings);
    sc_coverage_free(&r->cov);
    memset(r, 0, sizeof *r);
}

char *ex_roll_line(const int32_t *totals, uint32_t n)
{
    if (!n)
        return NULL;
    size_t size = 16 + (size_t)n * 13;
    char *line = malloc(size);
    if (!line)
        return NULL;
    size_t at = (size_t)snprintf(line, size, "roll ");
    for (uint32_t t = 0; t < n; t++)
        at += (size_t)snprintf(line + at, size - at, "%s%ld", t ? ", " : "", (long)totals[t]);
    return line;
}

/* `roll T, ...` for state k's way in, or NULL when it rolled nothing
 * forced (malloc'd). */
static char *roll_line(const ex_result *r, uint32_t k)
{
    if (!r->nrolls || !r->nrolls[k])
        return NULL;
    return ex_roll_line(r->rolls + r->roll_at[k], r->nrolls[k]);
}

char *ex_choose_line(const ordo_game *from, int option)
{
    char buf[512];
    if (ordo_option_label(from, option, buf, sizeof buf) < 0)
        buf[0] = 0;
    char *line = malloc(2 * strlen(buf) + 12);
    if (!line)
        return NULL;
    char *o = line + sprintf(line, "choose \"");
    for (const char *c = buf; *c; c++) {
        if (*c == '"' || *c == '\\')
            *o++ = '\\';
        *o++ = *c;
    }
    strcpy(o, "\"");
    return line;
}

/* The states from the start to state i, the start first, into *chain
 * (malloc'd); their count, or -1. */
int ex_chain_to(const ex_result *r, uint32_t i, uint32_t **chain)
{
    int n = 1;
    for (uint32_t k = i; r->parent[k] != UINT32_MAX; k = r->parent[k])
        n++;
    uint32_t *v = malloc((size_t)n * sizeof *v);
    if (!v)
        return -1;
    int at = n;
    for (uint32_t k = i;; k = r->parent[k]) {
        v[--at] = k;
        if (r->parent[k] == UINT32_MAX)
            break;
    }
    *chain = v;
    return n;
}

/* g run on from where it is, after option k (-1: none, the start's first
 * run), its rolls those state `to` was reached with: the search's
 * transition again, so the way to a state is read back by replaying it
 * from the start rather than from kept blocks. */
void ex_replay_step(const ex_result *r, ordo_game *g, int k, uint32_t to)
{
    chance c;
    memset(&c, 0, sizeof c);
    c.script = r->rolls ? r->rolls + r->roll_at[to] : NULL;
    c.nscript = r->nrolls[to];
    ordo_set_chance(g, r->rolls_expanded ? ex_chance_total : NULL, &c);
    ordo_set_max_steps(g, r->max_steps + ordo_steps(g));
    int rc = k >= 0 ? ordo_choose(g, k) : ORDO_OK;
    if (rc == ORDO_OK)
        ordo_run(g);
    ordo_set_chance(g, NULL, NULL);
}

/* g run on from where it is, after option k (-1: none), as the search's
 * transition's odometer ran it the n-th time (0: the lowest totals), tmp
 * a scratch block; the rolls it took in *c. */
static void replay_outcome(const ex_result *r, ordo_game *g, ordo_game *tmp, int k, uint32_t n,
                           chance *c)
{
    int32_t script[EX_MAX_ROLLS];
    memset(c, 0, sizeof *c);
    c->script = script;
    ordo_copy(tmp, g);
    for (uint32_t t = 0;; t++) {
        c->n = 0;
        c->overflow = 0;
        if (t > 0)
            ordo_copy(g, tmp);
        ordo_set_chance(g, r->rolls_expanded ? ex_chance_total : NULL, c);
        ordo_set_max_steps(g, r->max_steps + ordo_steps(g));
        int rc = k >= 0 ? ordo_choose(g, k) : ORDO_OK;
        if (rc == ORDO_OK)
            ordo_run(g);
        ordo_set_chance(g, NULL, NULL);
        if (t >= n || !r->rolls_expanded || c->overflow || !ex_chance_next(c, script))
            break;
    }
    c->script = NULL;
    c->nscript = 0;
}

/* The way to state i of r replayed into *out (a new game; out NULL:
 * none), each step's rolls (outcome numbers kept: rebuilt) kept as r's
 * when keep is r: 0, or -1 when out of memory. */
static int replay_way(const ordo_program *p, int nplayers, const ex_result *r, uint32_t i,
                      ordo_game **out, ex_result *keep)
{
    uint32_t *chain;
    int n = ex_chain_to(r, i, &chain), rc = 0;
    if (n < 0)
        return -1;
    ordo_game *g, *tmp = NULL;
    if (ordo_new(p, nplayers, r->seed, &g) != ORDO_OK ||
        (r->outcome && ordo_new(p, nplayers, r->seed, &tmp) != ORDO_OK))
        rc = -1;
    for (int t = 0; rc == 0 && t < n; t++) {
        int k = t == 0 ? -1 : r->option[chain[t]];
        if (!r->outcome) {
            ex_replay_step(r, g, k, chain[t]);
            continue;
        }
        chance c;
        replay_outcome(r, g, tmp, k, r->outcome[chain[t]], &c);
        if (keep && ex_keep_rolls(keep, chain[t], &c) != 0)
            rc = -1;
    }
    free(chain);
    if (tmp)
        ordo_free(tmp);
    if (rc != 0 || !out) {
        if (g)
            ordo_free(g);
        g = NULL;
    }
    if (out)
        *out = g;
    return rc;
}

ordo_game *ex_replayed(const ordo_program *p, int nplayers, const ex_result *r, uint32_t i)
{
    ordo_game *g;
    return replay_way(p, nplayers, r, i, &g, NULL) == 0 ? g : NULL;
}

int ex_path(const ordo_program *p, int nplayers, const ex_result *r, uint32_t i, char ***labels)
{
    ordo_game *g = NULL;
    int n = ordo_new(p, nplayers, r->seed, &g) == ORDO_OK ? ex_path_on(g, 1, r, i, labels) : -1;
    if (g)
        ordo_free(g);
    return n;
}

int ex_path_on(ordo_game *g, int from_start, const ex_result *r, uint32_t i, char ***labels)
{
    uint32_t *chain;
    int n = ex_chain_to(r, i, &chain);
    if (n < 0)
        return -1;
    int nlines = from_start; /* play */
    for (int t = 0; t < n; t++)
        nlines += (t > 0) + (r->nrolls[chain[t]] && (t > 0 || from_start) ? 1 : 0);
    char **v = calloc((size_t)nlines + 1, sizeof *v);
    int at = 0, ok = v != NULL;
    for (int t = 0; ok && t < n; t++) {
        uint32_t k = chain[t];
        if (r->nrolls[k] && (t > 0 || from_start))
            ok = (v[at++] = roll_line(r, k)) != NULL;
        if (ok && t == 0 && from_start)
            ok = (v[at++] = strdup("play")) != NULL;
        if (ok && t > 0)
            ok = (v[at++] = ex_choose_line(g, r->option[k])) != NULL;
        if (ok && t + 1 < n && (t > 0 || from_start))
            ex_replay_step(r, g, t == 0 ? -1 : r->option[k], k);
    }
    free(chain);
    if (!ok) {
        for (int t = 0; v && t < at; t++)
            free(v[t]);
        free(v);
        return -1;
    }
    *labels = v;
    return nlines;
}

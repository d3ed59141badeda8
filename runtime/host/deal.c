/* deal.c — a game dealt anew from what one seat sees (play_deal_*,
 * ordo_host.h): the determinizations of the MCTS policy (mcts.c). A
 * search must not read what its seat cannot see, yet it plays on whole
 * games: each playout starts from such a redeal.
 *
 * The cells the seat does not see (ordo_visible) are of three sorts:
 *   - items: a list's elements (a deck `hidden from all`, a hand held as
 *     a list), and a count var's cells (`hand[player, Resource]: 0..19`:
 *     an int var, never negative, whose last index is a kind of item),
 *     each unit of count an item of that index's kind;
 *   - other scalars (a secret bid);
 *   - sets.
 * The unseen items of one kind (an enum, or a range of ints), wherever
 * they lie, are pooled and dealt back in a random order: every list keeps
 * its length and every hand (a count var's cells of one first index) its
 * number of items, both public, so the deck and the other players' hands
 * trade cards as they could have been dealt; the kinds of items a
 * playout gives another player are those the seat has not seen. The
 * other scalars of one var and one first index are shuffled among
 * themselves; a lone one (a secret bid) holds the var's initial value,
 * as ordo_view shows it; a set holds nothing. The picks a simultaneous
 * group holds until its reveal are left out as ordo_view leaves them.
 *
 * What is read of the unseen cells is sorted before it is dealt: a redeal
 * depends on the multiset of each kind's unseen items (what the seat can
 * count from the rules and what it sees when items are neither made nor
 * lost), the sizes, and the multiset of each scalar group, never on which
 * cell held which value. Limits: items of one kind held in two different
 * shapes (a list and a count) are pooled only when their kinds agree
 * exactly (the same enum, or the same range); a count cell at its
 * maximum takes no more, and an item that fits nowhere is dropped.
 */
#include <stdlib.h>
#include <string.h>

#include "ordo_host.h"

enum { SORT_SCALAR, SORT_LIST, SORT_COUNT, SORT_SET };

typedef struct cell {
    uint16_t var;
    int16_t i, j;
} cell;

/* Unseen cells of one var and one first index. */
typedef struct group {
    uint32_t first, count; /* cells[first .. first+count) */
    uint8_t sort;          /* SORT_* */
    uint16_t pool;         /* items: the kind they are dealt from */
    uint32_t total;        /* a count group: its items */
    uint32_t vfirst, vcount; /* a scalar group: vals[vfirst ..), sorted */
} group;

/* A kind of item: an enum, or a range of ints. */
typedef struct kind {
    uint8_t is_enum;
    uint16_t enum_id;
    int32_t lo, hi;
} kind;

typedef struct item {
    uint16_t pool;
    int32_t value;
} item;

typedef struct pool {
    kind k;
    uint32_t first, count; /* items[first ..) once sorted */
    uint32_t next;         /* a deal's next item */
} pool;

struct play_deal {
    const ordo_program *p;
    int nplayers;
    int seat; /* the seat learnt for */
    cell *cells;
    group *groups;
    pool *pools;
    item *items;
    int32_t *vals, *deal;
    uint32_t ncells, ngroups, npools, nitems, nvals;
    uint32_t maxcells, maxitems;
};

static int var_sort(const ordo_var *v)
{
    if (v->is_set)
        return SORT_SET;
    if (v->is_list)
        return SORT_LIST;
    int last = v->ndims - 1;
    if (v->kind == ORDO_K_INT && v->lo >= 0 && v->ndims > 0 &&
        (v->dim_kind[last] == ORDO_DIM_ENUM || v->dim_kind[last] == ORDO_DIM_RANGE))
        return SORT_COUNT;
    return SORT_SCALAR;
}

/* The kind of item a list's elements or a count var's last index are. */
static kind item_kind(const ordo_var *v)
{
    if (v->is_list)
        return (kind){v->kind == ORDO_K_ENUM, v->kind == ORDO_K_ENUM ? v->enum_id : 0,
                      v->kind == ORDO_K_ENUM ? 0 : v->lo, v->kind == ORDO_K_ENUM ? 0 : v->hi};
    int last = v->ndims - 1;
    if (v->dim_kind[last] == ORDO_DIM_ENUM)
        return (kind){1, v->dim_enum[last], 0, 0};
    return (kind){0, 0, v->dim_lo[last], v->dim_lo[last] + v->dim_n[last] - 1};
}

static int extent(const ordo_var *v, int d, int nplayers)
{
    if (v->ndims <= d)
        return 1;
    return v->dim_kind[d] == ORDO_DIM_PLAYER && v->dim_n[d] > nplayers ? nplayers : v->dim_n[d];
}

/* The index value ordo_get takes for position k of dimension d. */
static int index_at(const ordo_var *v, int d, int k)
{
    return v->ndims > d && v->dim_kind[d] == ORDO_DIM_RANGE ? v->dim_lo[d] + k : k;
}

play_deal *play_deal_new(const ordo_program *p, int nplayers)
{
    play_deal *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->p = p;
    d->nplayers = nplayers;
    for (int v = 0; v < p->nvars; v++) {
        const ordo_var *var = &p->vars[v];
        if (!var->hidden)
            continue;
        uint32_t n = (uint32_t)(extent(var, 0, nplayers) * extent(var, 1, nplayers));
        int sort = var_sort(var);
        d->maxcells += n;
        d->maxitems += n * (sort == SORT_LIST    ? var->cap
                            : sort == SORT_COUNT ? (uint32_t)(var->hi > 0 ? var->hi : 0)
                                                 : 1u);
    }
    d->cells = malloc((d->maxcells + 1) * sizeof *d->cells);
    d->groups = malloc((d->maxcells + 1) * sizeof *d->groups);
    d->pools = malloc(((size_t)p->nvars + 1) * sizeof *d->pools);
    d->items = malloc((d->maxitems + 1) * sizeof *d->items);
    d->vals = malloc((d->maxitems + 1) * sizeof *d->vals);
    d->deal = malloc((d->maxitems + 1) * sizeof *d->deal);
    if (!d->cells || !d->groups || !d->pools || !d->items || !d->vals || !d->deal) {
        play_deal_free(d);
        return NULL;
    }
    return d;
}

void play_deal_free(play_deal *d)
{
    if (!d)
        return;
    free(d->cells);
    free(d->groups);
    free(d->pools);
    free(d->items);
    free(d->vals);
    free(d->deal);
    free(d);
}

/* ---- learning what a redeal keeps */

static uint16_t pool_of(play_deal *d, kind k)
{
    for (uint32_t q = 0; q < d->npools; q++) {
        const kind *o = &d->pools[q].k;
        if (o->is_enum == k.is_enum && o->enum_id == k.enum_id && o->lo == k.lo && o->hi == k.hi)
            return (uint16_t)q;
    }
    d->pools[d->npools] = (pool){k, 0, 0, 0};
    return (uint16_t)d->npools++;
}

static void add_item(play_deal *d, uint16_t q, int32_t value)
{
    if (d->nitems < d->maxitems)
        d->items[d->nitems++] = (item){q, value};
}

static int compare_items(const void *a, const void *b)
{
    const item *x = a, *y = b;
    if (x->pool != y->pool)
        return x->pool < y->pool ? -1 : 1;
    return (x->value > y->value) - (x->value < y->value);
}

static int compare_int32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* What the group's cells hold: items to their pool, or scalar values. */
static void gather(play_deal *d, const ordo_game *g, group *gr)
{
    const ordo_var *var = &d->p->vars[d->cells[gr->first].var];
    gr->vfirst = d->nvals;
    for (uint32_t k = gr->first; k < gr->first + gr->count; k++) {
        const cell *c = &d->cells[k];
        int32_t n = 0, x;
        if (gr->sort == SORT_LIST && ordo_get(g, c->var, c->i, c->j, -1, &n) == ORDO_OK)
            for (int32_t e = 0; e < n; e++)
                if (ordo_get(g, c->var, c->i, c->j, e, &x) == ORDO_OK)
                    add_item(d, gr->pool, x);
        if (gr->sort == SORT_COUNT && ordo_get(g, c->var, c->i, c->j, 0, &n) == ORDO_OK) {
            int32_t what = var->ndims > 1 ? c->j : c->i;
            for (int32_t e = 0; e < n; e++)
                add_item(d, gr->pool, what);
            gr->total += (uint32_t)(n > 0 ? n : 0);
        }
        if (gr->sort == SORT_SCALAR && gr->count > 1 && d->nvals < d->maxitems &&
            ordo_get(g, c->var, c->i, c->j, 0, &x) == ORDO_OK)
            d->vals[d->nvals++] = x;
    }
    gr->vcount = d->nvals - gr->vfirst;
    qsort(d->vals + gr->vfirst, gr->vcount, sizeof *d->vals, compare_int32);
}

/* Closes the group of the cells from `first` on, when there are any. */
static void close_group(play_deal *d, const ordo_game *g, uint32_t first, int v)
{
    if (d->ncells == first)
        return;
    const ordo_var *var = &d->p->vars[v];
    group *gr = &d->groups[d->ngroups++];
    memset(gr, 0, sizeof *gr);
    gr->first = first;
    gr->count = d->ncells - first;
    gr->sort = (uint8_t)var_sort(var);
    if (gr->sort == SORT_LIST || gr->sort == SORT_COUNT)
        gr->pool = pool_of(d, item_kind(var));
    gather(d, g, gr);
}

void play_deal_learn(play_deal *d, const ordo_game *g, int seat)
{
    d->ncells = d->ngroups = d->npools = d->nitems = d->nvals = 0;
    d->seat = seat;
    for (int v = 0; v < d->p->nvars; v++) {
        const ordo_var *var = &d->p->vars[v];
        if (!var->hidden)
            continue;
        int ni = extent(var, 0, d->nplayers), nj = extent(var, 1, d->nplayers);
        /* a first index is an owner, but a count var's only one: its
         * cells are one hand */
        int whole = var->ndims == 1 && var_sort(var) == SORT_COUNT;
        uint32_t var_first = d->ncells;
        for (int a = 0; a < ni; a++) {
            uint32_t first = d->ncells;
            for (int b = 0; b < nj; b++) {
                int i = index_at(var, 0, a), j = index_at(var, 1, b);
                if (ordo_visible(g, seat, v, i, j) == 0 && d->ncells < d->maxcells)
                    d->cells[d->ncells++] = (cell){(uint16_t)v, (int16_t)i, (int16_t)j};
            }
            if (!whole)
                close_group(d, g, first, v);
        }
        if (whole)
            close_group(d, g, var_first, v);
    }
    qsort(d->items, d->nitems, sizeof *d->items, compare_items);
    for (uint32_t k = 0; k < d->nitems; k++) {
        pool *q = &d->pools[d->items[k].pool];
        if (!q->count)
            q->first = k;
        q->count++;
    }
}

/* ---- one redeal */

/* The cell of count group gr that item x goes to, when it is one of the
 * group's and below its maximum; NULL when x fits nowhere in it. */
static const cell *count_cell(const play_deal *d, const group *gr, const ordo_game *g, int32_t x)
{
    const cell *c = &d->cells[gr->first];
    const ordo_var *var = &d->p->vars[c->var];
    for (uint32_t k = 0; k < gr->count; k++) {
        int32_t what = var->ndims > 1 ? c[k].j : c[k].i, n;
        if (what == x)
            return ordo_get(g, c[k].var, c[k].i, c[k].j, 0, &n) == ORDO_OK && n < var->hi
                       ? &c[k]
                       : NULL;
    }
    return NULL;
}

/* Takes pool q's next item (for count group gr: the next that fits it,
 * moved forward); 0 when none is left. */
static int take_item(play_deal *d, pool *q, const group *gr, const ordo_game *g, int32_t *out)
{
    for (uint32_t k = q->next; k < q->first + q->count; k++) {
        int32_t x = d->deal[k];
        if (gr && !count_cell(d, gr, g, x))
            continue;
        d->deal[k] = d->deal[q->next];
        d->deal[q->next++] = x;
        *out = x;
        return 1;
    }
    return 0;
}

static void shuffle(int32_t *a, uint32_t n, uint64_t *rng)
{
    for (uint32_t k = n; k > 1; k--) {
        uint32_t r = ordo_rng_below(rng, k);
        int32_t t = a[k - 1];
        a[k - 1] = a[r];
        a[r] = t;
    }
}

static void deal_scalars(play_deal *d, ordo_game *g, const group *gr, uint64_t *rng)
{
    const cell *c = &d->cells[gr->first];
    if (gr->count == 1) {
        ordo_set(g, c->var, c->i, c->j, 0, d->p->vars[c->var].init);
        return;
    }
    int32_t *v = d->deal + d->nitems; /* past the items' deal */
    memcpy(v, d->vals + gr->vfirst, gr->vcount * sizeof *v);
    shuffle(v, gr->vcount, rng);
    for (uint32_t k = 0; k < gr->count && k < gr->vcount; k++)
        ordo_set(g, c[k].var, c[k].i, c[k].j, 0, v[k]);
}

static void deal_group(play_deal *d, ordo_game *g, const group *gr, uint64_t *rng)
{
    const cell *c = &d->cells[gr->first];
    pool *q = &d->pools[gr->pool];
    int32_t x, n;
    switch (gr->sort) {
    case SORT_SET:
        for (uint32_t k = 0; k < gr->count; k++)
            ordo_set(g, c[k].var, c[k].i, c[k].j, -1, 0);
        break;
    case SORT_SCALAR:
        deal_scalars(d, g, gr, rng);
        break;
    case SORT_LIST:
        for (uint32_t k = 0; k < gr->count; k++)
            if (ordo_get(g, c[k].var, c[k].i, c[k].j, -1, &n) == ORDO_OK)
                for (int32_t e = 0; e < n && take_item(d, q, NULL, g, &x); e++)
                    ordo_set(g, c[k].var, c[k].i, c[k].j, e, x);
        break;
    case SORT_COUNT:
        for (uint32_t k = 0; k < gr->count; k++)
            ordo_set(g, c[k].var, c[k].i, c[k].j, 0, 0);
        for (uint32_t t = 0; t < gr->total && take_item(d, q, gr, g, &x); t++) {
            const cell *to = count_cell(d, gr, g, x);
            if (to && ordo_get(g, to->var, to->i, to->j, 0, &n) == ORDO_OK)
                ordo_set(g, to->var, to->i, to->j, 0, n + 1);
        }
        break;
    }
}

void play_deal_write(play_deal *d, ordo_game *g, uint64_t *rng)
{
    /* the picks a simultaneous group waiting on the seat holds of the
     * others are no cells: its view leaves them out (ordo_view, in place:
     * the unseen cells it masks are dealt over below) */
    if (ordo_simultaneous(g) == 1 && ordo_decider(g) == d->seat)
        ordo_view(g, g, d->seat);
    for (uint32_t k = 0; k < d->nitems; k++)
        d->deal[k] = d->items[k].value;
    for (uint32_t q = 0; q < d->npools; q++) {
        pool *pl = &d->pools[q];
        pl->next = pl->first;
        shuffle(d->deal + pl->first, pl->count, rng);
    }
    for (uint32_t k = 0; k < d->ngroups; k++)
        deal_group(d, g, &d->groups[k], rng);
}

/* explore_symmetry.c — symmetry reduction for `ordo explore`, as TLC's
 * SYMMETRY: in a ruleset that declares `symmetric players` (the rules
 * treat every seat alike), a state and its renamings of the seats lead to
 * the same findings, renamed, so the search keeps one of them.
 *
 * A renaming moves the rows of every index over players and renames every
 * cell that holds a player (ordo_get/ordo_set: the engines do not read a
 * block's bytes). The point in the rules (frames, the pending decision)
 * is not renamed, so only the renamings that leave it meaning the same
 * are tried: those that keep the seat deciding and the winner, and in a
 * simultaneous group, which asks in seat order, every seat asked before
 * the one deciding (their choices wait in the frames, by seat); at a
 * group's first question, every renaming. Of those, only the ones that
 * put the free seats in the order of their rows (a hash of each seat's
 * cells in the vars indexed by players) are built, most often one: the
 * renamings of ties between equal rows too. The state kept for all is the
 * one of these with the least position hash: the same for every state of
 * the orbit, as the renamings that sort a renamed state's rows are those
 * of the state, renamed. Whatever the rows, the state kept is a renaming
 * the point allows, so two states kept as one are alike (as the claim of
 * the declaration goes); a poor choice would only keep more states. It
 * is used for the visited set only; a finding's way in is replayed from
 * the start as before.
 */
#include <stdlib.h>
#include <string.h>

#include "explore_symmetry.h"

/* ---------------------------------------------------------- the vars */

static int is_player_dim(const ordo_var *v, int d)
{
    return v->ndims > d && v->dim_kind[d] == ORDO_DIM_PLAYER;
}

/* A var a renaming changes: indexed by players, or holding players. */
static int is_moved(const ordo_var *v)
{
    return is_player_dim(v, 0) || is_player_dim(v, 1) || v->kind == ORDO_K_PLAYER;
}

/* The extent of dimension d at n players, and its first index. */
static int extent(const ordo_var *v, int d, int nplayers)
{
    if (v->ndims <= d)
        return 1;
    return v->dim_kind[d] == ORDO_DIM_PLAYER ? nplayers : v->dim_n[d];
}

static int first_index(const ordo_var *v, int d)
{
    return v->ndims > d && v->dim_kind[d] == ORDO_DIM_RANGE ? v->dim_lo[d] : 0;
}

/* int32 slots one cell takes in `cells`: its value, or a list's (a
 * set's) length and elements (members). */
static uint32_t cell_slots(const ordo_var *v)
{
    return v->is_list || v->is_set ? 1u + v->cap : 1u;
}

/* ------------------------------------------------------ the renamings */

/* Every permutation of n seats, in lexicographic order (Heap's would do
 * as well; the order does not matter, only that the identity is among). */
static int all_perms(uint8_t *out, int n)
{
    uint8_t a[EX_SYMMETRY_MAX_SEATS];
    for (int k = 0; k < n; k++)
        a[k] = (uint8_t)k;
    int count = 0;
    for (;;) {
        memcpy(out + (size_t)count * (size_t)n, a, (size_t)n);
        count++;
        int i = n - 2;
        while (i >= 0 && a[i] > a[i + 1])
            i--;
        if (i < 0)
            return count;
        int j = n - 1;
        while (a[j] < a[i])
            j--;
        uint8_t t = a[i];
        a[i] = a[j], a[j] = t;
        for (int l = i + 1, r = n - 1; l < r; l++, r--)
            t = a[l], a[l] = a[r], a[r] = t;
    }
}

int ex_symmetry_init(ex_symmetry *y, const ordo_program *p, int nplayers, int on)
{
    memset(y, 0, sizeof *y);
    y->p = p;
    y->nplayers = nplayers;
    if (!on || !p->symmetric || nplayers < 2 || nplayers > EX_SYMMETRY_MAX_SEATS)
        return 0;
    int fact = 1;
    for (int k = 2; k <= nplayers; k++)
        fact *= k;
    size_t block = ordo_game_size(p);
    y->perms = malloc((size_t)fact * (size_t)nplayers);
    y->inverse = malloc((size_t)fact * (size_t)nplayers);
    y->vars = malloc(((size_t)p->nvars + 1) * sizeof *y->vars);
    int nv = 0;
    for (int v = 0; v < p->nvars; v++) {
        const ordo_var *var = &p->vars[v];
        if (!is_moved(var))
            continue;
        y->vars[nv++] = v;
        uint32_t n = (uint32_t)extent(var, 0, nplayers) * (uint32_t)extent(var, 1, nplayers) *
                     cell_slots(var);
        if (n > y->ncells)
            y->ncells = n;
    }
    y->vars[nv] = -1;
    y->cells = malloc((y->ncells ? y->ncells : 1) * sizeof *y->cells);
    int ok = y->perms && y->inverse && y->vars && y->cells;
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < 2; k++)
            ok = (y->scratch[s][k] = malloc(block)) != NULL && ok;
    if (!ok) {
        ex_symmetry_free(y);
        return -1;
    }
    y->nperms = all_perms(y->perms, nplayers);
    for (int k = 0; k < y->nperms; k++)
        for (int s = 0; s < nplayers; s++)
            y->inverse[k * nplayers + y->perms[k * nplayers + s]] = (uint8_t)s;
    return 0;
}

void ex_symmetry_free(ex_symmetry *y)
{
    free(y->perms);
    free(y->inverse);
    free(y->vars);
    free(y->cells);
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < 2; k++)
            free(y->scratch[s][k]);
    memset(y, 0, sizeof *y);
}

int ex_symmetry_renamings(const ex_symmetry *y)
{
    return y->nperms;
}

/* -------------------------------------------------- renaming a state */

static int32_t renamed(const ordo_var *v, const uint8_t *perm, int32_t value)
{
    return v->kind == ORDO_K_PLAYER && value >= 0 ? perm[value] : value;
}

/* Reads var v's cells from g into cells, row by row. */
static void read_var(const ex_symmetry *y, const ordo_game *g, int v, int32_t *cells)
{
    const ordo_var *var = &y->p->vars[v];
    int n0 = extent(var, 0, y->nplayers), n1 = extent(var, 1, y->nplayers);
    int lo0 = first_index(var, 0), lo1 = first_index(var, 1);
    uint32_t slots = cell_slots(var);
    for (int i = 0; i < n0; i++)
        for (int j = 0; j < n1; j++) {
            int32_t *c = cells + ((uint32_t)i * (uint32_t)n1 + (uint32_t)j) * slots;
            c[0] = 0;
            if (!var->is_list && !var->is_set) {
                (void)ordo_get(g, v, i + lo0, j + lo1, -1, c);
                continue;
            }
            (void)ordo_get(g, v, i + lo0, j + lo1, -1, c);
            for (int32_t e = 0; e < c[0] && e < var->cap; e++)
                (void)ordo_get(g, v, i + lo0, j + lo1, e, &c[1 + e]);
        }
}

/* Writes cell (i, j)'s value c into var v of dst, renamed. */
static void write_cell(ordo_game *dst, const ordo_var *var, int v, int i, int j,
                       const int32_t *c, const uint8_t *perm)
{
    if (var->is_set) {
        (void)ordo_set(dst, v, i, j, -1, 0);
        for (int32_t e = 0; e < c[0]; e++)
            (void)ordo_set(dst, v, i, j, 1, renamed(var, perm, c[1 + e]));
    } else if (var->is_list) {
        (void)ordo_set(dst, v, i, j, -1, c[0]);
        for (int32_t e = 0; e < c[0]; e++)
            (void)ordo_set(dst, v, i, j, e, renamed(var, perm, c[1 + e]));
    } else {
        (void)ordo_set(dst, v, i, j, -1, renamed(var, perm, c[0]));
    }
}

/* dst = src with seat k renamed perm[k]: var v's row k goes to row
 * perm[k], a player k it holds becomes player perm[k]. */
static void rename_var(const ex_symmetry *y, ordo_game *dst, const ordo_game *src, int v,
                       const uint8_t *perm)
{
    const ordo_var *var = &y->p->vars[v];
    int n0 = extent(var, 0, y->nplayers), n1 = extent(var, 1, y->nplayers);
    int lo0 = first_index(var, 0), lo1 = first_index(var, 1);
    uint32_t slots = cell_slots(var);
    read_var(y, src, v, y->cells);
    for (int i = 0; i < n0; i++)
        for (int j = 0; j < n1; j++) {
            int ti = is_player_dim(var, 0) ? perm[i] : i + lo0;
            int tj = is_player_dim(var, 1) ? perm[j] : j + lo1;
            write_cell(dst, var, v, ti, tj,
                       y->cells + ((uint32_t)i * (uint32_t)n1 + (uint32_t)j) * slots, perm);
        }
}

/* The seats the point in the rules pins down at g: bit k, seat k stays.
 * A simultaneous group asks in seat order and keeps each answer by seat:
 * the seats before the one asked have answered, and stay. Its first
 * question (seat 1 asked: nobody has answered) pins nobody, for the order
 * of asking changes nothing: the group's start with any seat asked first
 * is the same start. */
static uint32_t pinned_seats(const ordo_game *g)
{
    uint32_t pinned = 0;
    int d = ordo_decider(g), w = ordo_winner(g);
    if (d > 0 || (d == 0 && !ordo_simultaneous(g)))
        pinned |= ordo_simultaneous(g) ? (2u << d) - 1u : 1u << d;
    if (w >= 0)
        pinned |= 1u << w;
    return pinned;
}

static uint64_t mix(uint64_t h, int32_t value)
{
    return (h ^ (uint32_t)value) * 1099511628211ull;
}

static int by_value(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Seat k's cells in a var indexed by players both ways: its own, then
 * what it holds against the others and they against it, each sorted (the
 * others' order is what a renaming changes); a list's or a set's length
 * stands for its cell. */
static uint64_t pair_key(const ex_symmetry *y, const ordo_game *g, int v, int k, uint64_t h)
{
    int32_t row[EX_SYMMETRY_MAX_SEATS], col[EX_SYMMETRY_MAX_SEATS], own = 0;
    int n = 0;
    (void)ordo_get(g, v, k, k, -1, &own);
    for (int j = 0; j < y->nplayers; j++)
        if (j != k) {
            row[n] = col[n] = 0;
            (void)ordo_get(g, v, k, j, -1, &row[n]);
            (void)ordo_get(g, v, j, k, -1, &col[n]);
            n++;
        }
    qsort(row, (size_t)n, sizeof *row, by_value);
    qsort(col, (size_t)n, sizeof *col, by_value);
    h = mix(h, own);
    for (int j = 0; j < n; j++)
        h = mix(mix(h, row[j]), col[j]);
    return h;
}

/* A hash of seat k's row: its cells in the vars indexed by players, but
 * those that hold players (a renaming would change their values, not only
 * move them, and the renamings tried would then differ along an orbit). */
static uint64_t row_key(const ex_symmetry *y, const ordo_game *g, int k)
{
    uint64_t h = 14695981039346656037ull;
    for (const int *v = y->vars; *v >= 0; v++) {
        const ordo_var *var = &y->p->vars[*v];
        if ((!is_player_dim(var, 0) && !is_player_dim(var, 1)) || var->kind == ORDO_K_PLAYER)
            continue;
        if (is_player_dim(var, 0) && is_player_dim(var, 1)) {
            h = pair_key(y, g, *v, k, h);
            continue;
        }
        int n0 = is_player_dim(var, 0) ? 1 : extent(var, 0, y->nplayers);
        int n1 = is_player_dim(var, 1) ? 1 : extent(var, 1, y->nplayers);
        for (int i = 0; i < n0; i++)
            for (int j = 0; j < n1; j++) {
                int ti = is_player_dim(var, 0) ? k : i + first_index(var, 0);
                int tj = is_player_dim(var, 1) ? k : j + first_index(var, 1);
                int32_t c = 0;
                (void)ordo_get(g, *v, ti, tj, -1, &c);
                h = mix(h, c);
                for (int32_t e = 0; (var->is_list || var->is_set) && e < c && e < var->cap; e++) {
                    int32_t x = 0;
                    (void)ordo_get(g, *v, ti, tj, e, &x);
                    h = mix(h, x);
                }
            }
    }
    return h;
}

/* perm keeps the pinned seats, and the rows of the seats it puts in the
 * free places come in the order of their keys. */
static int sorts(const uint8_t *perm, const uint8_t *inverse, int n, uint32_t pinned,
                 const uint64_t *key)
{
    int last = -1;
    for (int k = 0; k < n; k++) {
        if (pinned >> k & 1u) {
            if (perm[k] != k)
                return 0;
            continue;
        }
        if (last >= 0 && key[inverse[last]] > key[inverse[k]])
            return 0;
        last = k;
    }
    return 1;
}

const ordo_game *ex_symmetry_canonical(const ex_symmetry *y, const ordo_game *g, int slot)
{
    if (!y->nperms)
        return g;
    ordo_game *best = NULL, *cand = y->scratch[slot][0], *spare = y->scratch[slot][1];
    uint32_t pinned = pinned_seats(g);
    uint64_t key[EX_SYMMETRY_MAX_SEATS], best_hash = 0;
    for (int k = 0; k < y->nplayers; k++)
        key[k] = row_key(y, g, k);
    for (int k = 0; k < y->nperms; k++) {
        const uint8_t *perm = y->perms + (size_t)k * (size_t)y->nplayers;
        if (!sorts(perm, y->inverse + (size_t)k * (size_t)y->nplayers, y->nplayers, pinned, key))
            continue;
        if (k == 0) { /* the identity: g as it is */
            best = (ordo_game *)(uintptr_t)g, best_hash = ordo_position_hash(g);
            continue;
        }
        ordo_copy(cand, g);
        for (const int *v = y->vars; *v >= 0; v++)
            rename_var(y, cand, g, *v, perm);
        uint64_t h = ordo_position_hash(cand);
        if (!best || h < best_hash) {
            ordo_game *t = best == g || !best ? spare : best;
            best = cand, cand = t, best_hash = h;
        }
    }
    return best ? best : g;
}

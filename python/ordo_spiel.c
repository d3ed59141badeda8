/* ordo_spiel.c — the C half of the binding's OpenSpiel-shaped games
 * (python/ordo/spiel.py): what would cost a ctypes call a cell or an
 * option if Python did it. A pool of game blocks, so that a state's clone
 * is one memcpy into a block already made; a transition run with its
 * rolls asked of the caller (explicit chance nodes) and its trace kept;
 * stable action ids, numbered from the program's option table; a seat's
 * observation as a tensor of fixed shape, or as text; a ruleset's fns,
 * policies and displays found by name. Only ordo.h's API (and the host
 * kit's simultaneous groups) is used: the block stays the runtime's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ordo.h"
#include "ordo_host.h"
#include "opcodes.h"

#define SPIEL_NO_PARAM 0xff
#define SPIEL_MAX_ROLLS 64

/* ---- a pool of blocks of one program and player count */

typedef struct spiel_pool {
    size_t size;            /* bytes of a block */
    void **free;            /* blocks given back, reused first */
    size_t nfree, cap;
    /* the last run's trace and the roll it stopped at (spiel_run) */
    ordo_event *ev;
    size_t nev, capev;
    const int32_t *script;
    int nscript, rolls, asked, dice, sides;
} spiel_pool;

spiel_pool *ordo_spiel_pool(size_t size)
{
    spiel_pool *pool = calloc(1, sizeof *pool);
    if (pool)
        pool->size = size;
    return pool;
}

void ordo_spiel_pool_free(spiel_pool *pool)
{
    if (!pool)
        return;
    for (size_t k = 0; k < pool->nfree; k++)
        free(pool->free[k]);
    free(pool->free);
    free(pool->ev);
    free(pool);
}

/* A block of the pool's size: one given back, else a new one (malloc's
 * alignment is the 8 bytes the runtime needs). */
static ordo_game *take_block(spiel_pool *pool)
{
    if (pool->nfree)
        return pool->free[--pool->nfree];
    return malloc(pool->size);
}

void ordo_spiel_release(spiel_pool *pool, ordo_game *g)
{
    if (!g)
        return;
    if (pool->nfree == pool->cap) {
        size_t cap = pool->cap ? 2 * pool->cap : 64;
        void **f = realloc(pool->free, cap * sizeof *f);
        if (!f) {
            free(g);
            return;
        }
        pool->free = f;
        pool->cap = cap;
    }
    pool->free[pool->nfree++] = g;
}

/* A copy of src in a block of the pool, with no callbacks: NULL when out
 * of memory. */
ordo_game *ordo_spiel_clone(spiel_pool *pool, const ordo_game *src)
{
    ordo_game *g = take_block(pool);
    if (!g)
        return NULL;
    ordo_copy(g, src);
    ordo_set_trace(g, NULL, NULL);
    ordo_set_chance(g, NULL, NULL);
    return g;
}

/* A new game, validated (the first of a Game: the others are clones of it
 * reset, ordo_spiel_restart). NULL with a reason in msg. */
ordo_game *ordo_spiel_new(spiel_pool *pool, const ordo_program *p, int nplayers, uint64_t seed,
                          char *msg, size_t n)
{
    ordo_game *g = take_block(pool), *out = NULL;
    int rc = g ? ordo_init(g, pool->size, p, nplayers, seed, &out) : ORDO_E_STACK;
    if (rc < 0) {
        snprintf(msg, n, "%s", ordo_strerror(rc));
        free(g);
        return NULL;
    }
    return out;
}

/* ---- a transition: a choice and the run after it, its rolls from the
 * script and then, with explicit chance, stopped at the first roll past
 * it: the state is then a chance node, and the run is done again once its
 * outcome is known. */

static void keep_event(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    (void)g;
    spiel_pool *pool = ctx;
    if (pool->nev == pool->capev) {
        size_t cap = pool->capev ? 2 * pool->capev : 256;
        ordo_event *e = realloc(pool->ev, cap * sizeof *e);
        if (!e)
            return; /* the trace cut short: information_state_string says less */
        pool->ev = e;
        pool->capev = cap;
    }
    pool->ev[pool->nev++] = *ev;
}

/* The scripted totals, then the first roll past them noted (and its
 * lowest total taken: the run is thrown away). */
static int32_t scripted_roll(void *ctx, const ordo_game *g, int dice, int sides)
{
    (void)g;
    spiel_pool *pool = ctx;
    int k = pool->rolls++;
    if (k < pool->nscript)
        return pool->script[k];
    if (!pool->asked) {
        pool->asked = 1;
        pool->dice = dice;
        pool->sides = sides;
    }
    return dice;
}

/* What a step tells its caller (out[], SPIEL_OUT entries). */
enum { OUT_RC, OUT_DICE, OUT_SIDES, OUT_OPTION, OUT_EVENTS, SPIEL_OUT };
#define SPIEL_CHANCE 3
#define SPIEL_NO_MEMORY (-100)
#define SPIEL_NOT_LEGAL (-101)
#define SPIEL_GROUP (-102)

/* From g, option `option` taken (-1: none, the start) and the run on, the
 * rolls totalling script[0..nscript) and then (explicit) asked of the
 * caller. Returns the block the state holds now: g itself when the run
 * reached a roll past the script (out[OUT_RC] SPIEL_CHANCE, out[OUT_DICE]
 * and out[OUT_SIDES] the roll) or when out of memory (SPIEL_NO_MEMORY),
 * else a new block after the run (its status or error in out[OUT_RC]; g
 * given back to the pool). The run's events are in the pool, their count
 * in out[OUT_EVENTS] (ordo_spiel_event_data). */
ordo_game *ordo_spiel_step(spiel_pool *pool, ordo_game *g, int option, const int32_t *script,
                           int nscript, int explicit_chance, int32_t *out)
{
    out[OUT_OPTION] = option;
    out[OUT_EVENTS] = 0;
    ordo_game *w = ordo_spiel_clone(pool, g);
    if (!w) {
        out[OUT_RC] = SPIEL_NO_MEMORY;
        return g;
    }
    pool->nev = 0;
    pool->script = script;
    pool->nscript = nscript;
    pool->rolls = pool->asked = 0;
    ordo_set_trace(w, keep_event, pool);
    if (explicit_chance || nscript)
        ordo_set_chance(w, scripted_roll, pool);
    int rc = option >= 0 ? ordo_choose(w, option) : ORDO_OK;
    if (rc == ORDO_OK)
        rc = ordo_run(w);
    ordo_set_trace(w, NULL, NULL);
    ordo_set_chance(w, NULL, NULL);
    if (explicit_chance && pool->asked) {
        ordo_spiel_release(pool, w);
        out[OUT_RC] = SPIEL_CHANCE;
        out[OUT_DICE] = pool->dice;
        out[OUT_SIDES] = pool->sides;
        pool->nev = 0;
        return g;
    }
    ordo_spiel_release(pool, g);
    out[OUT_RC] = rc;
    out[OUT_EVENTS] = (int32_t)pool->nev;
    return w;
}

/* The last step's events (out[OUT_EVENTS] of them). */
const ordo_event *ordo_spiel_event_data(const spiel_pool *pool)
{
    return pool->ev;
}

int ordo_spiel_event_size(void)
{
    return (int)sizeof(ordo_event);
}

/* Events ev[0..n) as `seat` sees them, a line each, in buf (cut at n
 * bytes). Returns the length needed. */
int ordo_spiel_event_lines(const ordo_game *g, const ordo_event *ev, int nev, int seat,
                           char *buf, size_t n)
{
    size_t len = 0;
    char line[1024];
    for (int k = 0; k < nev; k++) {
        int m = ordo_event_text_as(g, &ev[k], seat, line, sizeof line);
        if (m < 0)
            continue;
        if (m >= (int)sizeof line)
            m = (int)sizeof line - 1;
        if (len + (size_t)m + 1 < n) {
            memcpy(buf + len, line, (size_t)m);
            buf[len + (size_t)m] = '\n';
        }
        len += (size_t)m + 1;
    }
    if (n)
        buf[len < n ? len : n - 1] = 0;
    return (int)len;
}

/* The probability of each total dice..dice*sides of `dice` dice of
 * `sides` sides, in out[0..dice*(sides-1)] (at most max). Returns the
 * count of totals, or -1 when they do not fit. */
int ordo_spiel_roll_odds(int dice, int sides, double *out, int max)
{
    if (dice < 0 || sides < 1 || dice > SPIEL_MAX_ROLLS || sides > 65535)
        return -1;
    int n = dice * (sides - 1) + 1;
    if (n > max)
        return -1;
    if (dice == 0) { /* no dice: a total of 0, surely */
        out[0] = 1;
        return 1;
    }
    /* the ways of each sum, one die at a time */
    double *ways = calloc((size_t)n, sizeof *ways), *next = calloc((size_t)n, sizeof *next);
    if (!ways || !next) {
        free(ways);
        free(next);
        return -1;
    }
    ways[0] = 1;
    for (int d = 1; d < dice; d++) {
        memset(next, 0, (size_t)n * sizeof *next);
        for (int s = 0; s <= (d - 1) * (sides - 1); s++)
            for (int f = 0; f < sides; f++)
                next[s + f] += ways[s];
        memcpy(ways, next, (size_t)n * sizeof *ways);
    }
    double total = 0;
    for (int s = 0; s < n; s++) {
        out[s] = 0;
        for (int f = 0; f < sides && s - f >= 0; f++)
            out[s] += ways[s - f];
        total += out[s];
    }
    for (int s = 0; s < n; s++)
        out[s] /= total;
    free(ways);
    free(next);
    return n;
}

/* 1 + the highest total a roll of the program can have (outcomes are
 * numbered by their totals): a roll of a constant count of dice, theirs;
 * of a count known only in play, SPIEL_MAX_ROLLS dice's (the bound
 * ordo_spiel_roll_odds keeps). */
int ordo_spiel_max_outcomes(const ordo_program *p)
{
    int most = 0;
    for (uint32_t pc = 0; pc < p->ncode; pc++) {
        const ordo_insn *in = &p->code[pc];
        if (in->op != ORDO_OP_ROLL)
            continue;
        int dice = pc > 0 && p->code[pc - 1].op == ORDO_OP_PUSH ? p->code[pc - 1].b : -1;
        if (dice < 0 || dice > SPIEL_MAX_ROLLS)
            dice = SPIEL_MAX_ROLLS;
        int n = dice * in->a + 1;
        most = n > most ? n : most;
    }
    return most;
}

/* ---- stable action ids: option o's params take ids base[o] ..
 * base[o] + width[o] - 1 (an enum's members, the players, false/true, an
 * int in 0 .. int_window-1, one id without a param), then one id an
 * escape. The same in every state of every game of the program. */

typedef struct spiel_ids {
    const ordo_program *p;
    int *base, *width;      /* per option, then per escape */
    int total, int_window;
} spiel_ids;

static int param_width(const ordo_program *p, const ordo_option *o, int int_window)
{
    switch (o->param_kind) {
    case ORDO_K_ENUM: return p->enums[o->param_enum].count;
    case ORDO_K_PLAYER: return p->max_players;
    case ORDO_K_BOOL: return 2;
    case ORDO_K_INT: return int_window;
    default: return 1;
    }
}

void ordo_spiel_ids_free(spiel_ids *t)
{
    if (!t)
        return;
    free(t->base);
    free(t->width);
    free(t);
}

spiel_ids *ordo_spiel_ids(const ordo_program *p, int int_window)
{
    spiel_ids *t = calloc(1, sizeof *t);
    int n = p->noptions + p->nescapes;
    if (!t || !(t->base = calloc((size_t)n + 1, sizeof *t->base)) ||
        !(t->width = calloc((size_t)n + 1, sizeof *t->width))) {
        if (t)
            free(t->base);
        free(t);
        return NULL;
    }
    t->p = p;
    t->int_window = int_window;
    int64_t total = 0;
    for (int o = 0; o < n; o++) {
        t->base[o] = (int)total;
        t->width[o] = o < p->noptions ? param_width(p, &p->options[o], int_window) : 1;
        total += t->width[o];
        if (total > (1 << 30)) { /* too many ids for a C int to number */
            ordo_spiel_ids_free(t);
            return NULL;
        }
    }
    t->total = (int)total;
    return t;
}

int ordo_spiel_num_actions(const spiel_ids *t)
{
    return t->total;
}

/* The id of the pending decision's option i: -1 when it has none,
 * ORDO_E_ARG for a bad i. ordo_option_id gives 0 for an option without a
 * param and for an escape: their one id. */
static int id_of(const spiel_ids *t, const ordo_game *g, int i)
{
    int32_t param;
    int o = ordo_option_id(g, i, &param);
    if (o < 0)
        return o;
    /* a param outside its window (an int past int_window, a player
     * `none`) has no id rather than another option's */
    return param < 0 || param >= t->width[o] ? -1 : t->base[o] + param;
}

/* The ids of the options of g's pending decision, in their order, in
 * out[0..max): their count (0 with no decision). An option without an id
 * is -1. */
int ordo_spiel_legal(const spiel_ids *t, const ordo_game *g, int32_t *out, int max)
{
    int n = ordo_option_count(g);
    for (int i = 0; i < n && i < max; i++)
        out[i] = id_of(t, g, i);
    return n;
}

/* The option of g's pending decision whose id is `id`, or -1. */
int ordo_spiel_find_action(const spiel_ids *t, const ordo_game *g, int id)
{
    int n = ordo_option_count(g);
    for (int i = 0; i < n; i++)
        if (id_of(t, g, i) == id)
            return i;
    return -1;
}

/* ordo_spiel_step with the option whose id is `action`: out[OUT_RC]
 * SPIEL_NOT_LEGAL (g returned as it was) when none has it, SPIEL_GROUP
 * at a simultaneous group unless group_ok (the caller answers its seats
 * in order). */
ordo_game *ordo_spiel_apply(spiel_pool *pool, const spiel_ids *t, ordo_game *g, int action,
                            int explicit_chance, int group_ok, int32_t *out)
{
    if (!group_ok && ordo_simultaneous(g)) {
        out[OUT_RC] = SPIEL_GROUP;
        return g;
    }
    int i = ordo_spiel_find_action(t, g, action);
    if (i < 0) {
        out[OUT_RC] = SPIEL_NOT_LEGAL;
        return g;
    }
    return ordo_spiel_step(pool, g, i, NULL, 0, explicit_chance, out);
}

/* Who is to act in g: the decider, -2 for a simultaneous group, -4 at
 * the end (or an error): OpenSpiel's numbers, in one call. */
int ordo_spiel_node(const ordo_game *g)
{
    if (ordo_status(g) != ORDO_DECIDE)
        return -4;
    return ordo_simultaneous(g) ? -2 : ordo_decider(g);
}

/* The option (or noptions + escape) an id stands for, and its param. */
static int option_of(const spiel_ids *t, int id, int32_t *param)
{
    int n = t->p->noptions + t->p->nescapes;
    for (int o = 0; o < n; o++)
        if (id >= t->base[o] && id < t->base[o] + t->width[o]) {
            *param = id - t->base[o];
            return o;
        }
    return -1;
}

/* Action `id`'s label, as the option's would read (its template's "{}"
 * its param), in buf: the length needed, ORDO_E_ARG for no such id. */
int ordo_spiel_action_label(const spiel_ids *t, int id, char *buf, size_t n)
{
    const ordo_program *p = t->p;
    int32_t param;
    int o = option_of(t, id, &param);
    if (o < 0 || !n)
        return ORDO_E_ARG;
    if (o >= p->noptions)
        return snprintf(buf, n, "%s", p->escapes[o - p->noptions].label);
    const ordo_option *op = &p->options[o];
    char value[256];
    if (op->param_kind != SPIEL_NO_PARAM &&
        ordo_format_value(p, op->param_kind, op->param_enum, param, value, sizeof value) < 0)
        return ORDO_E_ARG;
    size_t len = 0;
    buf[0] = 0;
    for (const char *s = op->label; *s;) {
        int subst = op->param_kind != SPIEL_NO_PARAM && s[0] == '{' && s[1] == '}';
        const char *piece = subst ? value : s;
        size_t m = subst ? strlen(value) : 1;
        if (len + m < n) {
            memcpy(buf + len, piece, m);
            buf[len + m] = 0;
        }
        len += m;
        s += subst ? 2 : 1;
    }
    return (int)len;
}

/* ---- observations: every var's cells in declaration order, as `seat`
 * sees them (ordo_view), a scalar one number, a list its length and then
 * its capacity's elements (0 past its end), a set one 0/1 a member of its
 * domain; then the decider, one-hot over the players. The runtime's own
 * vars (their names begin with '#') are left out. */

static int var_shown(const ordo_var *v)
{
    return v->name && v->name[0] != '#';
}

static int cells_of(const ordo_var *v, int nplayers, int ext[2])
{
    for (int k = 0; k < 2; k++)
        ext[k] = k >= v->ndims ? 1 : v->dim_kind[k] == ORDO_DIM_PLAYER ? nplayers : v->dim_n[k];
    return ext[0] * ext[1];
}

static int numbers_of(const ordo_var *v)
{
    return v->is_set ? v->cap : v->is_list ? 1 + v->cap : 1;
}

int ordo_spiel_tensor_size(const ordo_program *p, int nplayers)
{
    int n = nplayers, ext[2];
    for (int k = 0; k < p->nvars; k++)
        if (var_shown(&p->vars[k]))
            n += cells_of(&p->vars[k], nplayers, ext) * numbers_of(&p->vars[k]);
    return n;
}

/* Cell (a, b) of var k's extents as ordo_get indexes it. */
static int index_of(const ordo_var *v, int d, int a)
{
    return d < v->ndims && v->dim_kind[d] == ORDO_DIM_RANGE ? a + v->dim_lo[d] : a;
}

static float *put_cell(const ordo_game *g, int k, const ordo_var *v, int i, int j, float *out)
{
    int32_t x = 0;
    if (!v->is_list && !v->is_set) {
        ordo_get(g, k, i, j, -1, &x);
        *out++ = (float)x;
        return out;
    }
    int32_t len = 0;
    ordo_get(g, k, i, j, -1, &len);
    if (v->is_set) {
        memset(out, 0, v->cap * sizeof *out);
        for (int e = 0; e < len; e++)
            if (ordo_get(g, k, i, j, e, &x) == ORDO_OK && x - v->lo >= 0 && x - v->lo < v->cap)
                out[x - v->lo] = 1;
        return out + v->cap;
    }
    *out++ = (float)len;
    for (int e = 0; e < v->cap; e++) {
        x = 0;
        if (e < len)
            ordo_get(g, k, i, j, e, &x);
        *out++ = (float)x;
    }
    return out;
}

/* g as seat sees it (a view made in `scratch`, a block of g's size) in
 * out[0..ordo_spiel_tensor_size): 0, or ORDO_E_ARG for a bad seat or a
 * short out. */
/* fn(ctx, k, a, b) for every cell (a, b) of every shown var k, in
 * declaration order: the walk the tensor and the text share. */
typedef void cell_fn(void *ctx, int k, int a, int b);

static void each_cell(const ordo_program *p, int nplayers, cell_fn *fn, void *ctx)
{
    int ext[2];
    for (int k = 0; k < p->nvars; k++) {
        if (!var_shown(&p->vars[k]))
            continue;
        cells_of(&p->vars[k], nplayers, ext);
        for (int a = 0; a < ext[0]; a++)
            for (int b = 0; b < ext[1]; b++)
                fn(ctx, k, a, b);
    }
}

typedef struct tensor_out {
    const ordo_program *p;
    const ordo_game *view;
    float *out;
} tensor_out;

static void tensor_cell(void *ctx, int k, int a, int b)
{
    tensor_out *t = ctx;
    const ordo_var *v = &t->p->vars[k];
    t->out = put_cell(t->view, k, v, index_of(v, 0, a), index_of(v, 1, b), t->out);
}

int ordo_spiel_tensor(const ordo_program *p, const ordo_game *g, ordo_game *scratch, int seat,
                      float *out, int n)
{
    int np = ordo_player_count(g);
    if (n < ordo_spiel_tensor_size(p, np) || ordo_view(scratch, g, seat) < 0)
        return ORDO_E_ARG;
    tensor_out t = {p, scratch, out};
    each_cell(p, np, tensor_cell, &t);
    out = t.out;
    int d = ordo_decider(g);
    for (int s = 0; s < np; s++)
        *out++ = s == d;
    return 0;
}

/* ---- the same as text: a line a var, "name[index] = value", values as
 * labels write them ("player 2", an enum's member), then the decider */

typedef struct text_out {
    char *buf;
    size_t n, len;
} text_out;

static void put_text(text_out *t, const char *s)
{
    size_t m = strlen(s);
    if (t->len + m < t->n)
        memcpy(t->buf + t->len, s, m + 1);
    t->len += m;
}

static void put_value(text_out *t, const ordo_program *p, int kind, int enum_id, int32_t x)
{
    char v[256];
    if (ordo_format_value(p, kind, enum_id, x, v, sizeof v) < 0)
        snprintf(v, sizeof v, "%d", (int)x);
    put_text(t, v);
}

static void put_index(text_out *t, const ordo_program *p, const ordo_var *v, int d, int a)
{
    put_text(t, "[");
    if (v->dim_kind[d] == ORDO_DIM_PLAYER)
        put_value(t, p, ORDO_K_PLAYER, 0, a);
    else if (v->dim_kind[d] == ORDO_DIM_ENUM)
        put_value(t, p, ORDO_K_ENUM, v->dim_enum[d], a);
    else
        put_value(t, p, ORDO_K_INT, 0, a + v->dim_lo[d]);
    put_text(t, "]");
}

static void put_cell_text(text_out *t, const ordo_program *p, const ordo_game *g, int k, int i,
                          int j)
{
    const ordo_var *v = &p->vars[k];
    int32_t x = 0, len = 0;
    if (!v->is_list && !v->is_set) {
        ordo_get(g, k, i, j, -1, &x);
        put_value(t, p, v->kind, v->enum_id, x);
        return;
    }
    ordo_get(g, k, i, j, -1, &len);
    put_text(t, v->is_set ? "{" : "(");
    for (int e = 0; e < len; e++) {
        ordo_get(g, k, i, j, e, &x);
        if (e)
            put_text(t, ", ");
        put_value(t, p, v->kind, v->enum_id, x);
    }
    put_text(t, v->is_set ? "}" : ")");
}

/* g as seat sees it (a view made in scratch), as text in buf (cut at n
 * bytes): the length needed, or ORDO_E_ARG for a bad seat. */
typedef struct text_cells {
    text_out t;
    const ordo_program *p;
    const ordo_game *view;
} text_cells;

static void text_cell(void *ctx, int k, int a, int b)
{
    text_cells *c = ctx;
    const ordo_var *v = &c->p->vars[k];
    put_text(&c->t, v->name);
    if (v->ndims > 0)
        put_index(&c->t, c->p, v, 0, a);
    if (v->ndims > 1)
        put_index(&c->t, c->p, v, 1, b);
    put_text(&c->t, " = ");
    put_cell_text(&c->t, c->p, c->view, k, index_of(v, 0, a), index_of(v, 1, b));
    put_text(&c->t, "\n");
}

int ordo_spiel_observation_text(const ordo_program *p, const ordo_game *g, ordo_game *scratch,
                                int seat, char *buf, size_t n)
{
    if (!n || ordo_view(scratch, g, seat) < 0)
        return ORDO_E_ARG;
    buf[0] = 0;
    text_cells c = {{buf, n, 0}, p, scratch};
    each_cell(p, ordo_player_count(g), text_cell, &c);
    text_out t = c.t;
    put_text(&t, "decider = ");
    if (ordo_decider(g) >= 0)
        put_value(&t, p, ORDO_K_PLAYER, 0, ordo_decider(g));
    else
        put_text(&t, "none");
    put_text(&t, "\n");
    return (int)t.len;
}

/* ---- the ruleset's own: a fn by name (its index in procs, -1 when no
 * fn has it) and its params' count; a display's lines */

int ordo_spiel_find_fn(const ordo_program *p, const char *name, int *nparams)
{
    for (int k = 0; k < p->nprocs; k++)
        if (p->procs[k].returns && p->procs[k].name && strcmp(p->procs[k].name, name) == 0) {
            *nparams = p->procs[k].nparams;
            return k;
        }
    return -1;
}

static void keep_line(void *ctx, const char *text)
{
    put_text(ctx, text);
    put_text(ctx, "\n");
}

/* Display k's lines (every display's when k is -1) on g, in buf (cut at
 * n bytes): the length needed, or the display's error. */
int ordo_spiel_display(ordo_game *g, int k, char *buf, size_t n)
{
    text_out t = {buf, n, 0};
    if (!n)
        return ORDO_E_ARG;
    buf[0] = 0;
    int rc = ordo_display(g, k, keep_line, &t);
    return rc < 0 ? rc : (int)t.len;
}

/* ---- a simultaneous group: its seats, and a seat's legal ids */

int ordo_spiel_group(const ordo_game *g, ordo_game *scratch, int *seats, int max)
{
    return play_group_seats(g, scratch, seats, max);
}

int ordo_spiel_group_legal(const spiel_ids *t, const ordo_game *g, ordo_game *scratch, int seat,
                           int32_t *out, int max)
{
    int rc = play_group_offer(g, scratch, seat);
    return rc < 0 ? rc : ordo_spiel_legal(t, scratch, out, max);
}

/* ---- the program's facts a Game reports */

void ordo_spiel_players(const ordo_program *p, int *lo, int *hi)
{
    *lo = p->min_players;
    *hi = p->max_players;
}

const char *ordo_spiel_title(const ordo_program *p)
{
    return p->title ? p->title : "";
}

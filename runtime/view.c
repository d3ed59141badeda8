/* view.c — what a seat sees. A `hidden` var's cell is seen by its owner
 * (the player of its first index) and by the players it was revealed to
 * (its "revealed to" list var, REVEAL); a `hidden from all` one only by the
 * latter. From that: ordo_visible, ordo_view (a game's copy with what a
 * seat does not see masked, a simultaneous group's picks not yet revealed
 * among it), and for each traced event who sees it whole
 * and what the other seats see masked (a secret choice's option, an
 * event's hidden params, a payment from a hidden cell). */
#include <string.h>

#include "opcodes.h"
#include "state.h"
#include "view.h"

/* The "revealed to" list of cell c of v (its length, then its players),
 * and its length. */
static const unsigned char *shown_list(const ordo_game *g, const ordo_var *v, uint32_t c,
                                       int16_t *len)
{
    const ordo_var *s = &g->p->vars[v->shown - 1];
    const unsigned char *cell = VM_CSTATE(g) + s->offset + c * s->stride;
    memcpy(len, cell, 2);
    return cell;
}

/* Whether player `who` is in the "revealed to" list of cell c of v. */
static int revealed_to(const ordo_game *g, const ordo_var *v, uint32_t c, int32_t who)
{
    const ordo_var *s = &g->p->vars[v->shown - 1];
    int16_t len;
    const unsigned char *cell = shown_list(g, v, c, &len);
    for (int16_t k = 0; k < len; k++)
        if (vm_load(cell + 2 + (uint32_t)k * s->width, s->width) == who)
            return 1;
    return 0;
}

/* The owner of cell c of a var hidden from all but its owner. */
static int32_t owner_of(const ordo_var *v, uint32_t c)
{
    return (int32_t)(c / (v->ndims > 1 ? v->dim_n[1] : 1u));
}

static int sees_cell(const ordo_game *g, const ordo_var *v, uint32_t c, int seat)
{
    if (!v->hidden || seat == ORDO_OMNISCIENT)
        return 1;
    if (v->hidden == ORDO_HIDDEN_OWNER && owner_of(v, c) == seat)
        return 1;
    if (seat >= 0)
        return revealed_to(g, v, c, seat);
    /* a spectator: what all see. Most hidden cells are revealed to fewer
     * players than would make them seen by all (none, most often): told
     * by the list's length alone, before each player is looked for in it
     * (the search asks this of every hidden cell of every state) */
    int16_t len;
    shown_list(g, v, c, &len);
    if (len < g->nplayers - (v->hidden == ORDO_HIDDEN_OWNER))
        return 0;
    for (int32_t k = 0; k < g->nplayers; k++)
        if (!revealed_to(g, v, c, k) && !(v->hidden == ORDO_HIDDEN_OWNER && owner_of(v, c) == k))
            return 0;
    return 1;
}

int ordo_visible(const ordo_game *g, int seat, int v, int i, int j)
{
    if (!g || v < 0 || v >= g->p->nvars || seat < ORDO_SPECTATOR || seat >= g->nplayers)
        return ORDO_E_ARG;
    const ordo_var *var = &g->p->vars[v];
    int64_t c = vm_host_cell(g, var, i, j);
    if (c < 0)
        return ORDO_E_ARG;
    return sees_cell(g, var, (uint32_t)c, seat);
}

/* A cell seat does not see: the var's initial value; a list keeps its
 * length (public), its elements read as the lowest value; a set reads as
 * empty (which members it holds is all it tells). */
static void mask_cell(unsigned char *cell, const ordo_var *v)
{
    if (v->is_set) {
        memset(cell, 0, v->stride);
        return;
    }
    if (!v->is_list) {
        vm_store(cell, v->width, v->init);
        return;
    }
    int16_t len;
    memcpy(&len, cell, 2);
    for (int16_t k = 0; k < len; k++)
        vm_store(cell + 2 + (uint32_t)k * v->width, v->width, v->lo);
}

/* A simultaneous group waiting on a seat keeps the picks made so far, and
 * their params, in its frame's locals until the reveal (its WAIT's b
 * names them). In another seat's view a pick not its own reads as none,
 * as a player the group's `where` leaves out has: playing on from the
 * view neither reveals it nor carries it out. The frame is checked
 * against the WAIT, as a restored game's is not. */
static void mask_picks(ordo_game *g, int seat)
{
    const ordo_program *p = g->p;
    if (g->status != ORDO_DECIDE || g->secret != 2 || g->pc >= p->ncode || !g->nframes)
        return;
    const ordo_insn *in = &p->code[g->pc];
    if (in->op != ORDO_OP_WAIT || in->b <= 0)
        return;
    const vm_frame *f = &VM_CFRAMES(g)[g->nframes - 1];
    uint32_t first = (uint32_t)in->b - 1, n = p->max_players;
    if (f->proc >= p->nprocs || first + 2 * n > p->procs[f->proc].nlocals ||
        (uint64_t)g->fp + first + 2 * n > g->sp)
        return;
    int32_t *pick = VM_STACK(g) + g->fp + first;
    for (uint32_t q = 0; q < n; q++)
        if ((int)q != seat)
            pick[q] = pick[n + q] = 0;
}

int ordo_view(ordo_game *dst, const ordo_game *src, int seat)
{
    if (!dst || !src || dst->p != src->p || dst->size != src->size ||
        seat < ORDO_SPECTATOR || seat >= src->nplayers)
        return ORDO_E_ARG;
    /* the view keeps its own callbacks: a host's trace or chance of the
     * game seen, called from the view, would outlive what it was for (in
     * Python, a freed callback: issue 33, 6) */
    ordo_trace_fn trace = dst->trace;
    void *trace_ctx = dst->trace_ctx;
    ordo_chance_fn chance = dst->chance;
    void *chance_ctx = dst->chance_ctx;
    if (dst != src)
        memcpy(dst, src, (size_t)src->size);
    dst->trace = trace;
    dst->trace_ctx = trace_ctx;
    dst->chance = chance;
    dst->chance_ctx = chance_ctx;
    const ordo_program *p = src->p;
    for (uint16_t i = 0; i < p->nvars; i++) {
        const ordo_var *v = &p->vars[i];
        if (!v->hidden)
            continue;
        uint32_t cells = 1;
        for (unsigned d = 0; d < v->ndims; d++)
            cells *= v->dim_n[d];
        for (uint32_t c = 0; c < cells; c++)
            if (!sees_cell(src, v, c, seat))
                mask_cell(VM_STATE(dst) + v->offset + c * v->stride, v);
    }
    if (seat != ORDO_OMNISCIENT)
        mask_picks(dst, seat);
    /* another seat's pending decision: its options are its own */
    if (seat != ORDO_OMNISCIENT && dst->status == ORDO_DECIDE && dst->decider != seat)
        VM_CLEAR_OPTS(dst);
    return ORDO_OK;
}

/* ------------------------------------------------------------- the trace */

static unsigned set_values(const ordo_var *v, const unsigned char *cell, int32_t *out,
                           unsigned room)
{
    out[0] = (int32_t)vm_set_count(cell, v->cap);
    unsigned n = 1;
    for (int32_t k = vm_set_next(cell, v->cap, 0); k >= 0 && n < room;
         k = vm_set_next(cell, v->cap, (int64_t)k + 1))
        out[n++] = v->lo + k;
    return n;
}

unsigned vm_cell_values(const ordo_var *v, const unsigned char *cell, int32_t *out,
                        unsigned room)
{
    if (!room)
        return 0;
    if (v->is_set) /* as a list's: how many, then the members ascending */
        return set_values(v, cell, out, room);
    if (!v->is_list) {
        out[0] = vm_load(cell, v->width);
        return 1;
    }
    int16_t len;
    memcpy(&len, cell, 2);
    out[0] = len;
    unsigned n = 1;
    for (int16_t k = 0; k < len && n < room; k++)
        out[n++] = vm_load(cell + 2 + (uint32_t)k * v->width, v->width);
    return n;
}

/* A reveal to one player: that player and the cell's owner see what was
 * revealed (ev->player is the owner); the others that it was. */
static void reveal_visibility(const ordo_game *g, ordo_event *ev)
{
    const ordo_program *p = g->p;
    if (ev->id >= p->nvars)
        return;
    const ordo_var *v = &p->vars[ev->id];
    int32_t to = v->ndims < ev->nargs ? ev->args[v->ndims] : -1;
    if (v->hidden == ORDO_HIDDEN_OWNER && v->ndims)
        ev->player = (int8_t)ev->args[0];
    if (to < 0)
        return;
    ev->seen_by = (int8_t)to;
    for (unsigned k = v->ndims + 1u; k < ev->nargs && k < 7; k++)
        ev->hide |= (uint8_t)(1u << k);
}

/* A payment from a hidden cell: its owner sees it whole, the others not
 * the amount nor the indexes but the first (whose it is); a cell revealed
 * to everyone is public. */
static void payment_visibility(const ordo_game *g, ordo_event *ev)
{
    const ordo_program *p = g->p;
    if (ev->id >= p->nvars || !p->vars[ev->id].hidden)
        return;
    const ordo_var *v = &p->vars[ev->id];
    int64_t c = vm_host_cell(g, v, v->ndims > 0 ? ev->args[1] : 0, v->ndims > 1 ? ev->args[2] : 0);
    if (c < 0)
        return;
    if (sees_cell(g, v, (uint32_t)c, ORDO_SPECTATOR)) /* revealed to all */
        return;
    int owned = v->hidden == ORDO_HIDDEN_OWNER;
    ev->seen_by = (int8_t)(owned ? owner_of(v, (uint32_t)c) : ORDO_NOBODY);
    ev->hide = 1; /* the amount */
    for (unsigned k = owned ? 1u : 0u; k < v->ndims; k++)
        ev->hide |= (uint8_t)(1u << (k + 1));
}

void vm_event_visibility(const ordo_game *g, ordo_event *ev)
{
    const ordo_program *p = g->p;
    ev->seen_by = -1;
    ev->hide = 0;
    switch (ev->kind) {
    case ORDO_EV_EVENT: {
        const ordo_event_decl *e = ev->id < p->nevents ? &p->events[ev->id] : NULL;
        if (!e || !e->hidden_args)
            return;
        int32_t owner = e->owner_arg >= 0 ? ev->args[e->owner_arg] : ORDO_NOBODY;
        ev->seen_by = (int8_t)(owner >= 0 && owner < g->nplayers ? owner : ORDO_NOBODY);
        ev->hide = e->hidden_args;
        return;
    }
    case ORDO_EV_CHOICE:
        if (g->secret) {
            ev->seen_by = ev->player;
            ev->hide = ORDO_HIDE_DETAIL | 1;
        }
        return;
    case ORDO_EV_PAY:
        payment_visibility(g, ev);
        return;
    case ORDO_EV_REVEAL:
        reveal_visibility(g, ev);
        return;
    default:
        return;
    }
}

const ordo_event *vm_event_as(const ordo_event *ev, int seat, ordo_event *tmp)
{
    if (ev->seen_by == -1 || seat == ORDO_OMNISCIENT || (seat >= 0 && seat == ev->seen_by) ||
        (ev->kind == ORDO_EV_REVEAL && seat >= 0 && seat == ev->player))
        return ev;
    *tmp = *ev;
    tmp->seen_by = VM_SEEN_MASKED;
    if (ev->hide & ORDO_HIDE_DETAIL)
        tmp->id = VM_MASKED_ID;
    for (int k = 0; k < ORDO_EVENT_MAX_ARGS && k < 7; k++)
        if (ev->hide >> k & 1)
            tmp->args[k] = 0; /* nothing of it is left to leak */
    return tmp;
}

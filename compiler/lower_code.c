/* lower_code.c — the code buffer of the lowering: instructions emitted
 * into one array, jumps and their patches, and the operand-stack depth
 * tracked as each instruction is emitted (its effect comes from the one
 * opcode list, runtime/opcode_list.h), so the stack a game needs is
 * exact, not guessed. Growing arrays use malloc while lowering; the
 * finished tables are copied into the arena (lower.c). */
#include "lower_int.h"

void *lower_grow(lowering *w, void *p, uint32_t *cap, size_t size)
{
    uint32_t ncap = *cap ? *cap * 2 : 16;
    void *np = arena_grow(w->a, p, (size_t)ncap * size);
    *cap = ncap;
    return np;
}

void lower_release(lowering *w, void *p)
{
    arena_release(w->a, p);
}

/* ------------------------------------------------------------ the code */

static int nd_of(const lowering *w, uint16_t var)
{
    return (int)w->res->vars[var]->ndims;
}

/* How an instruction changes the operand-stack depth. */
static int stack_effect(const lowering *w, const ordo_insn *in)
{
    /* runtime/opcode_list.h states it; ordo_op_stack reads it */
    unsigned needs = ordo_op_needs(in->op), nd = 0, np = 0, nr = 0;
    if (needs & ORDO_SK_ND)
        nd = (unsigned)nd_of(w, in->a);
    if (needs & (ORDO_SK_NP | ORDO_SK_NR)) {
        const ordo_proc *p = &w->procs.v[in->a];
        np = p->nparams;
        nr = p->returns;
    }
    int pops, pushes;
    ordo_op_stack(in, nd, np, nr, &pops, &pushes);
    return pushes - pops;
}

uint32_t lower_here(const lowering *w)
{
    return w->code.n;
}

uint32_t lower_emit(lowering *w, int op, int x, uint32_t a, int32_t b)
{
    ordo_insn in = {(uint8_t)op, (uint8_t)x, (uint16_t)a, b};
    if (a > MAX_TABLE && !w->failed) {
        diag_error(w->d, (ast_loc){0, 0}, "a table index %lu is beyond the runtime's 65535",
                   (unsigned long)a);
        w->failed = 1;
    }
    VPUSH(w, w->code, in);
    w->depth += stack_effect(w, &in);
    if (w->depth > w->maxdepth)
        w->maxdepth = w->depth;
    return w->code.n - 1;
}

uint32_t lower_emit_op(lowering *w, int op)
{
    return lower_emit(w, op, 0, 0, 0);
}

uint32_t lower_emit_a(lowering *w, int op, uint32_t a)
{
    return lower_emit(w, op, 0, a, 0);
}

void lower_push_const(lowering *w, int32_t v)
{
    lower_emit(w, ORDO_OP_PUSH, 0, 0, v);
}

/* A forward jump whose target is patched later. */
uint32_t lower_jump(lowering *w, int op)
{
    return lower_emit(w, op, 0, 0, 0);
}

static void patch(lowering *w, uint32_t at, uint32_t target)
{
    w->code.v[at].b = (int32_t)target;
}

void lower_patch_here(lowering *w, uint32_t at)
{
    patch(w, at, lower_here(w));
}

/* Patches every jump in `js` to here and frees the list. */
void lower_patch_all_here(lowering *w, u32vec *js)
{
    for (uint32_t i = 0; i < js->n; i++)
        lower_patch_here(w, js->v[i]);
    lower_release(w, js->v);
    js->v = NULL;
    js->n = js->cap = 0;
}

void lower_jump_to(lowering *w, int op, uint32_t target)
{
    lower_emit(w, op, 0, 0, (int32_t)target);
}

/* Hidden locals (loop counters, sort keys) live above the named ones, in a
 * stack discipline: a construct takes them and gives them back. */
uint32_t lower_take_locals(lowering *w, uint32_t n)
{
    uint32_t s = w->nlocals;
    w->nlocals += n;
    if (w->nlocals > w->maxlocals)
        w->maxlocals = w->nlocals;
    return s;
}

void lower_give_locals(lowering *w, uint32_t first)
{
    w->nlocals = first;
}

/* The frame slot of a named local: where an inlined fn's locals start, plus
 * the slot resolution gave it. */
uint32_t lower_lslot(const lowering *w, const ast_sym *s)
{
    return w->local_base + (uint32_t)s->slot;
}

/* --------------------------------------------------------------- types */

int lower_kind_of(const ast_type *t)
{
    int k = t->kind == TY_LIST || t->kind == TY_SET ? t->elem : t->kind;
    switch (k) {
    case TY_BOOL: return ORDO_K_BOOL;
    case TY_PLAYER: return ORDO_K_PLAYER;
    case TY_ENUM: return ORDO_K_ENUM;
    default: return ORDO_K_INT;
    }
}

uint16_t lower_enum_of(const lowering *w, const ast_type *t)
{
    return t->enm ? (uint16_t)lower_index(w, t->enm) : 0;
}

/* The values a scalar (or a list element, or a set's member) of type t may
 * hold. */
void lower_bounds_of(const lowering *w, const ast_type *t, int32_t *lo, int32_t *hi)
{
    if (t->kind == TY_SET) { /* its domain: a table's none is no member */
        *lo = t->lo;
        *hi = t->hi;
        return;
    }
    int k = t->kind == TY_LIST ? t->elem : t->kind;
    switch (k) {
    case TY_BOOL: *lo = 0; *hi = 1; return;
    case TY_PLAYER: *lo = -1; *hi = w->f->max_players - 1; return;
    case TY_ENUM:
        *lo = t->enm && t->enm->is_table ? -1 : 0; /* a table's `none` */
        *hi = t->enm ? (int32_t)t->enm->nmembers - 1 : 0;
        return;
    default:
        if (t->ranged) {
            *lo = t->lo;
            *hi = t->hi;
        } else {
            *lo = INT32_MIN;
            *hi = INT32_MAX;
        }
    }
}

uint8_t lower_width_for(int32_t lo, int32_t hi)
{
    if (lo >= INT8_MIN && hi <= INT8_MAX)
        return 1;
    if (lo >= INT16_MIN && hi <= INT16_MAX)
        return 2;
    return 4;
}

/* v[0..n), grown with lower_grow, kept by the arena as it is (trimmed to
 * n): the code of a large ruleset is tens of MB, and a copy would touch
 * as many fresh pages again. The caller forgets v (it is the arena's). */
void *lower_keep(lowering *w, void *v, uint32_t n, size_t size)
{
    if (!v || !n) {
        void *p = lower_to_arena(w, v, n, size);
        lower_release(w, v);
        return p;
    }
    return arena_settle(w->a, v, (size_t)n * size);
}

/* A copy of v[0..n) in the arena: the finished tables live as long as the
 * compiler that made them. */
void *lower_to_arena(lowering *w, const void *v, uint32_t n, size_t size)
{
    void *p = arena_alloc(w->a, (n ? n : 1) * size);
    if (n)
        memcpy(p, v, n * size);
    return p;
}

/* lower.c — from a resolved, checked tree to program tables (ordo.h Part 2).
 *
 * One walk over the tree writes the code of every code unit (fns, procs, the
 * sequence, scenario setup and expect code) into one instruction array, and
 * fills the tables beside it: vars with their storage layout, enums, steps,
 * procs, options, escapes, events, texts and scenario items. How each
 * construct becomes instructions is written down in doc/internals.md; the
 * comments here say why where the code alone does not.
 *
 * The operand-stack depth is tracked while emitting (each instruction's
 * effect comes from stack_effect), so the stack and frame sizes a game
 * needs are exact, not guessed: procedures are not recursive (check.c), so
 * the deepest call chain is a finite walk.
 *
 * Growing arrays use malloc while lowering; the finished tables are copied
 * into the compiler's arena, so the program lives exactly as long as it.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes.h"
#include "opcodes.h"

#define MAX_TABLE 65535u   /* uint16 indexes in the tables */
#define NO_LABEL UINT32_MAX

/* A growable array of T (malloc'd while lowering). */
#define VEC(T) struct { T *v; uint32_t n, cap; }
typedef VEC(uint32_t) u32vec;
typedef VEC(uint16_t) u16vec;
#define VPUSH(lw, vec, x)                                                      \
    do {                                                                      \
        if ((vec).n == (vec).cap)                                             \
            (vec).v = grow((lw), (vec).v, &(vec).cap, sizeof *(vec).v);       \
        (vec).v[(vec).n++] = (x);                                             \
    } while (0)

/* An enclosing loop of the unit being lowered: what `exit` must undo. */
typedef struct loop_ctx {
    const ast_stmt *loop;
    int steps;            /* step blocks open when the loop began */
    int scopes;           /* escape scopes open when the loop began */
    u32vec breaks; /* jumps to patch to the loop's end */
} loop_ctx;

/* What the unit being lowered calls, for the stack and frame sizes. */
typedef struct unit_info {
    uint32_t cost;        /* slots: locals + deepest operand stack + 1 */
    u16vec calls;
    int done;             /* chain computed */
    int open;             /* chain being computed (a call back is a cycle) */
    uint32_t chain_slots, chain_frames;
} unit_info;

typedef struct lw {
    oc_arena *a;
    diag *d;
    ast_file *f;
    int failed;

    VEC(ordo_insn) code;
    VEC(ordo_proc) procs;
    VEC(unit_info) units;
    VEC(ordo_option) options;
    VEC(ordo_escape) escapes;
    VEC(ordo_text) texts;
    VEC(ordo_scenario_item) items;
    VEC(ordo_line) lines;

    /* the unit being lowered */
    uint32_t unit;
    int depth, maxdepth;      /* operand stack, above the locals */
    uint32_t nlocals;         /* named + hidden locals in use */
    uint32_t maxlocals;
    int steps;                /* step blocks open (each holds a stack slot) */
    int scopes;               /* escape scopes open */
    uint32_t scope_nesc[256]; /* escapes of each open scope */
    VEC(loop_ctx) loops;
    int cur_step;             /* static: the innermost step being lowered */
    uint32_t *dispatch;       /* per event: its dispatch proc, or NO_LABEL */
    uint32_t *guard_fn;       /* per fn/proc: an anytime action's guard fn */
    int has_anytime;          /* the ruleset declares anytime actions */
    uint32_t turn_var;        /* hidden "#turn" (turns begun), 0 if none */
    uint32_t acting_var;      /* hidden "#acting", 0 if the ruleset has no action */
    uint32_t act_slots;       /* locals an action's copy of the per-action block takes */
    int in_action;            /* lowering an action's body: `return` ends the body */
    u32vec action_returns;    /* ... and jumps from there to the body's end */
    ordo_event_decl *events;  /* the events table being filled */
    int cyclic;               /* the call graph has a (bounded) cycle */
    uint32_t unit_file;       /* the file of the unit about to begin (its first line row) */
    uint32_t local_base;      /* slot of local 0 of the fn being inlined (0: none) */
    int inline_depth;         /* fns being inlined, one inside another */
    /* the variables of unrolled aggregates: each reads as its constant */
    struct { const ast_sym *sym; int32_t value; } unrolled[8];
    int nunrolled;
} lw;

static void *grow(lw *w, void *p, uint32_t *cap, size_t size)
{
    uint32_t ncap = *cap ? *cap * 2 : 16;
    void *np = realloc(p, (size_t)ncap * size);
    if (!np) {
        diag_error(w->d, (ast_loc){0, 0}, "out of memory while lowering");
        abort();
    }
    *cap = ncap;
    return np;
}

/* ------------------------------------------------------------ the code */

static int nd_of(const lw *w, uint16_t var)
{
    return (int)w->f->vars[var]->ndims;
}

/* How an instruction changes the operand-stack depth. */
static int stack_effect(const lw *w, const ordo_insn *in)
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

static uint32_t here(const lw *w)
{
    return w->code.n;
}

static uint32_t emit(lw *w, int op, int x, uint32_t a, int32_t b)
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

static uint32_t emit_op(lw *w, int op)
{
    return emit(w, op, 0, 0, 0);
}

static uint32_t emit_a(lw *w, int op, uint32_t a)
{
    return emit(w, op, 0, a, 0);
}

static void push_const(lw *w, int32_t v)
{
    emit(w, ORDO_OP_PUSH, 0, 0, v);
}

/* A forward jump whose target is patched later. */
static uint32_t jump(lw *w, int op)
{
    return emit(w, op, 0, 0, 0);
}

static void patch(lw *w, uint32_t at, uint32_t target)
{
    w->code.v[at].b = (int32_t)target;
}

static void patch_here(lw *w, uint32_t at)
{
    patch(w, at, here(w));
}

/* Patches every jump in `js` to here and frees the list. */
static void patch_all_here(lw *w, u32vec *js)
{
    for (uint32_t i = 0; i < js->n; i++)
        patch_here(w, js->v[i]);
    free(js->v);
    js->v = NULL;
    js->n = js->cap = 0;
}

static void jump_to(lw *w, int op, uint32_t target)
{
    emit(w, op, 0, 0, (int32_t)target);
}

/* Hidden locals (loop counters, sort keys) live above the named ones, in a
 * stack discipline: a construct takes them and gives them back. */
static uint32_t take_locals(lw *w, uint32_t n)
{
    uint32_t s = w->nlocals;
    w->nlocals += n;
    if (w->nlocals > w->maxlocals)
        w->maxlocals = w->nlocals;
    return s;
}

static void give_locals(lw *w, uint32_t first)
{
    w->nlocals = first;
}

/* The frame slot of a named local: where an inlined fn's locals start, plus
 * the slot resolution gave it. */
static uint32_t lslot(const lw *w, const ast_sym *s)
{
    return w->local_base + (uint32_t)s->slot;
}

/* --------------------------------------------------------------- types */

static int kind_of(const ast_type *t)
{
    int k = t->kind == TY_LIST ? t->elem : t->kind;
    switch (k) {
    case TY_BOOL: return ORDO_K_BOOL;
    case TY_PLAYER: return ORDO_K_PLAYER;
    case TY_ENUM: return ORDO_K_ENUM;
    default: return ORDO_K_INT;
    }
}

static uint16_t enum_of(const ast_type *t)
{
    return t->enm ? (uint16_t)t->enm->index : 0;
}

/* The values a scalar (or a list element) of type t may hold. */
static void bounds_of(const lw *w, const ast_type *t, int32_t *lo, int32_t *hi)
{
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

static uint8_t width_for(int32_t lo, int32_t hi)
{
    if (lo >= INT8_MIN && hi <= INT8_MAX)
        return 1;
    if (lo >= INT16_MIN && hi <= INT16_MAX)
        return 2;
    return 4;
}

/* ----------------------------------------------------------- the tables */

static ordo_var *lower_vars(lw *w, uint32_t *state_size, uint32_t *nvars)
{
    ast_file *f = w->f;
    ordo_var *vars = ARENA_ARRAY(w->a, ordo_var, f->nvars + 1);
    uint32_t off = 0;
    for (uint32_t i = 0; i < f->nvars; i++) {
        const ast_decl *d = f->vars[i];
        const ast_type *t = &d->sym->type;
        ordo_var *v = &vars[i];
        v->name = d->name;
        v->kind = (uint8_t)kind_of(t);
        v->enum_id = enum_of(t);
        bounds_of(w, t, &v->lo, &v->hi);
        v->width = width_for(v->lo, v->hi);
        v->init = d->init_value;
        if (v->init < v->lo || v->init > v->hi)
            v->init = v->lo;
        v->ndims = (uint8_t)d->ndims;
        v->line = ast_line(d->loc);
        v->is_list = t->kind == TY_LIST;
        if (v->is_list) {
            v->cap = (uint16_t)t->cap;
            v->stride = (2u + t->cap * v->width + 1u) & ~1u;
        } else {
            v->stride = v->width;
        }
        uint64_t cells = 1;
        for (uint32_t k = 0; k < d->ndims; k++) {
            const ast_dim *dm = &d->dims[k];
            switch (dm->kind) {
            case DIM_PLAYER:
                v->dim_kind[k] = ORDO_DIM_PLAYER;
                v->dim_n[k] = (uint16_t)f->max_players;
                break;
            case DIM_ENUM:
                v->dim_kind[k] = ORDO_DIM_ENUM;
                v->dim_enum[k] = (uint16_t)dm->enm->index;
                v->dim_n[k] = (uint16_t)dm->enm->nmembers;
                break;
            default:
                v->dim_kind[k] = ORDO_DIM_RANGE;
                v->dim_lo[k] = dm->lo;
                v->dim_n[k] = (uint16_t)(dm->hi - dm->lo + 1);
                break;
            }
            cells *= v->dim_n[k];
        }
        v->offset = off;
        uint64_t end = off + cells * v->stride;
        if (end > (uint64_t)INT32_MAX) {
            diag_error(w->d, d->loc, "the state of this ruleset exceeds 2 GiB at '%s'", d->name);
            w->failed = 1;
            end = off;
        }
        off = (uint32_t)end;
    }
    *nvars = f->nvars;
    *state_size = off;
    return vars;
}

static void lower_enums(lw *w, ordo_program *p)
{
    ast_file *f = w->f;
    uint32_t nnames = 0;
    for (uint32_t i = 0; i < f->nenums; i++) {
        nnames += f->enums[i]->nmembers;
        /* the names table is indexed by 16 bits: tables' rows count too */
        if (nnames > UINT16_MAX && nnames - f->enums[i]->nmembers <= UINT16_MAX) {
            diag_error(w->d, f->enums[i]->name_loc, "'%s' brings the members of enums and the "
                       "rows of tables to %lu (65535 at most)", f->enums[i]->name,
                       (unsigned long)nnames);
            w->failed = 1;
        }
    }
    ordo_enum *en = ARENA_ARRAY(w->a, ordo_enum, f->nenums ? f->nenums : 1);
    const char **names = ARENA_ARRAY(w->a, const char *, nnames ? nnames : 1);
    uint32_t k = 0;
    for (uint32_t i = 0; i < f->nenums; i++) {
        const ast_decl *d = f->enums[i];
        en[i].name = d->name;
        en[i].first = (uint16_t)k;
        en[i].count = (uint16_t)d->nmembers;
        for (uint32_t m = 0; m < d->nmembers; m++)
            names[k++] = d->members[m]->name;
    }
    p->enums = en;
    p->nenums = (uint16_t)f->nenums;
    p->names = names;
    p->nnames = (uint16_t)nnames;
}

/* The values of every table's fields, one after another: field f of a
 * table of n rows holds data[f->data_offset + m * n + row] (m = 0 for a
 * plain field). */
static void lower_data(lw *w, ordo_program *p)
{
    ast_file *f = w->f;
    uint64_t n = 0;
    for (uint32_t i = 0; i < f->nenums; i++)
        for (ast_field *x = f->enums[i]->fields; x; x = x->next)
            n += (uint64_t)x->width * f->enums[i]->nmembers;
    if (n > INT32_MAX) {
        diag_error(w->d, f->enums[0]->loc, "the data tables hold more than 2^31 values");
        w->failed = 1;
        return;
    }
    int32_t *data = ARENA_ARRAY(w->a, int32_t, n ? n : 1);
    uint32_t k = 0;
    for (uint32_t i = 0; i < f->nenums; i++)
        for (ast_field *x = f->enums[i]->fields; x; x = x->next) {
            uint32_t cells = x->width * f->enums[i]->nmembers;
            x->data_offset = k;
            if (x->values)
                memcpy(data + k, x->values, cells * sizeof *data);
            k += cells;
        }
    p->data = data;
    p->ndata = k;
}

static void lower_steps(lw *w, ordo_program *p)
{
    ast_file *f = w->f;
    ordo_step *st = ARENA_ARRAY(w->a, ordo_step, f->nsteps ? f->nsteps : 1);
    for (uint32_t i = 0; i < f->nsteps; i++) {
        const ast_stmt *s = f->steps[i];
        st[i].number = s->u.step.number;
        st[i].title = s->u.step.title ? s->u.step.title : "";
        st[i].rule = s->u.step.rule ? s->u.step.rule : "";
        st[i].parent = (int16_t)s->u.step.parent;
        st[i].line = ast_line(s->loc);
    }
    p->steps = st;
    p->nsteps = (uint16_t)f->nsteps;
}

static void lower_events(lw *w, ordo_program *p)
{
    ast_file *f = w->f;
    ordo_event_decl *ev = ARENA_ARRAY(w->a, ordo_event_decl, f->nevents ? f->nevents : 1);
    for (uint32_t i = 0; i < f->nevents; i++) {
        const ast_decl *d = f->events[i];
        ev[i].name = d->name;
        ev[i].nparams = (uint8_t)d->nparams;
        ev[i].is_action = d->action != NULL;
        for (uint32_t k = 0; k < d->nparams && k < ORDO_EVENT_MAX_ARGS; k++) {
            ev[i].param_kind[k] = (uint8_t)kind_of(&d->params[k]->type);
            ev[i].param_enum[k] = enum_of(&d->params[k]->type);
            ev[i].param_name[k] = d->params[k]->name;
        }
    }
    p->events = ev;
    p->nevents = (uint16_t)f->nevents;
    w->events = ev;
}

/* A text (log line, assert message) with the kinds of its {} values. */
static uint32_t add_text(lw *w, const char *text, const ast_text *t)
{
    ordo_text x;
    memset(&x, 0, sizeof x);
    x.text = text;
    if (t) {
        x.nargs = (uint8_t)t->nargs;
        for (uint32_t k = 0; k < t->nargs && k < ORDO_EVENT_MAX_ARGS; k++) {
            x.arg_kind[k] = (uint8_t)kind_of(&t->args[k]->type);
            x.arg_enum[k] = enum_of(&t->args[k]->type);
        }
    }
    VPUSH(w, w->texts, x);
    return w->texts.n - 1;
}

/* An option outside the file's own list (optional steps, windows). */
static uint32_t add_plain_option(lw *w, const char *label, uint32_t line)
{
    ordo_option o;
    memset(&o, 0, sizeof o);
    o.label = label;
    o.param_kind = 0xff;
    o.step = (int16_t)w->cur_step;
    o.line = line;
    VPUSH(w, w->options, o);
    return w->options.n - 1;
}

/* -------------------------------------------------------- expressions */

static void expr(lw *w, const ast_expr *e);

/* A list var reference (E_NAME or E_INDEX of a list var): pushes its
 * indexes; returns the var. */
static uint32_t list_ref(lw *w, const ast_expr *e)
{
    if (e->kind == E_INDEX) {
        for (uint32_t i = 0; i < e->nargs; i++)
            expr(w, e->args[i]);
        return (uint32_t)e->base->sym->decl->index;
    }
    return (uint32_t)e->sym->decl->index;
}

/* Iteration over an iterable, shared by `for`, aggregates and options.
 * iter_open emits the head (leaving `var` set to the element), the caller
 * emits the filter (jumps to it->cont) and the work, iter_close the tail. */
typedef struct iter_ctx {
    uint32_t var;         /* the loop variable's slot */
    uint32_t hidden;      /* first hidden local taken */
    uint32_t counter;     /* the position/index local */
    uint32_t order;       /* sorted players (by KEY) */
    int sorted;
    uint32_t top;
    uint32_t exit_jump;
    u32vec cont;   /* jumps to the step to the next element */
    u32vec brk;    /* jumps out of the loop */
} iter_ctx;

static void iter_open(lw *w, iter_ctx *c, const ast_iter *it, uint32_t var, const ast_expr *by,
                      int desc)
{
    memset(c, 0, sizeof *c);
    c->var = var;
    c->hidden = w->nlocals;
    c->counter = take_locals(w, 1);
    int players = it->kind == IT_PLAYERS || it->kind == IT_ALL_PLAYERS;
    uint32_t hi = 0;
    if (players && by) {
        /* keys for players 0..n-1, then their order, once at the start */
        uint32_t maxp = (uint32_t)w->f->max_players;
        uint32_t keys = take_locals(w, maxp);
        c->order = take_locals(w, maxp);
        c->sorted = 1;
        push_const(w, 0);
        emit_a(w, ORDO_OP_STL, c->counter);
        uint32_t top = here(w);
        emit_a(w, ORDO_OP_LDL, c->counter);
        emit_op(w, ORDO_OP_NPLAYERS);
        emit_op(w, ORDO_OP_LT);
        uint32_t done = jump(w, ORDO_OP_JZ);
        emit_a(w, ORDO_OP_LDL, c->counter);
        emit_a(w, ORDO_OP_STL, var);
        emit_a(w, ORDO_OP_LDL, c->counter);
        expr(w, by);
        emit_a(w, ORDO_OP_STLI, keys);
        emit_a(w, ORDO_OP_LDL, c->counter);
        push_const(w, 1);
        emit_op(w, ORDO_OP_ADD);
        emit_a(w, ORDO_OP_STL, c->counter);
        jump_to(w, ORDO_OP_JMP, top);
        patch_here(w, done);
        emit(w, ORDO_OP_SORTP, desc ? 1 : 0, keys, (int32_t)c->order);
    }
    switch (it->kind) {
    case IT_RANGE:
        expr(w, it->lo);
        emit_a(w, ORDO_OP_STL, c->counter);
        if (!it->hi->is_const) {
            hi = take_locals(w, 1);
            expr(w, it->hi);
            emit_a(w, ORDO_OP_STL, hi);
        }
        break;
    case IT_LIST:
        push_const(w, 1);
        emit_a(w, ORDO_OP_STL, c->counter);
        break;
    default:
        push_const(w, 0);
        emit_a(w, ORDO_OP_STL, c->counter);
        break;
    }
    c->top = here(w);
    emit_a(w, ORDO_OP_LDL, c->counter);
    switch (it->kind) {
    case IT_RANGE:
        if (it->hi->is_const)
            push_const(w, it->hi->cval);
        else
            emit_a(w, ORDO_OP_LDL, hi);
        emit_op(w, ORDO_OP_LE);
        break;
    case IT_ENUM:
        push_const(w, (int32_t)it->enm->nmembers);
        emit_op(w, ORDO_OP_LT);
        break;
    case IT_LIST: {
        uint32_t v = list_ref(w, it->list);
        emit_a(w, ORDO_OP_LLEN, v);
        emit_op(w, ORDO_OP_LE);
        break;
    }
    default:
        emit_op(w, ORDO_OP_NPLAYERS);
        emit_op(w, ORDO_OP_LT);
        break;
    }
    c->exit_jump = jump(w, ORDO_OP_JZ);
    /* the element */
    if (it->kind == IT_LIST) {
        uint32_t v = list_ref(w, it->list);
        emit_a(w, ORDO_OP_LDL, c->counter);
        emit_a(w, ORDO_OP_LGET, v);
    } else if (c->sorted) {
        emit_a(w, ORDO_OP_LDL, c->counter);
        emit_a(w, ORDO_OP_LDLI, c->order);
    } else {
        emit_a(w, ORDO_OP_LDL, c->counter);
    }
    emit_a(w, ORDO_OP_STL, var);
    if (it->kind == IT_PLAYERS) {
        /* a player who left during the loop is skipped when reached */
        emit_a(w, ORDO_OP_LDL, var);
        emit_a(w, ORDO_OP_LDX, 2);
        VPUSH(w, c->cont, jump(w, ORDO_OP_JZ));
    }
}

static void iter_close(lw *w, iter_ctx *c)
{
    patch_all_here(w, &c->cont);
    emit_a(w, ORDO_OP_INCL, c->counter);
    jump_to(w, ORDO_OP_JMP, c->top);
    patch_here(w, c->exit_jump);
    patch_all_here(w, &c->brk);
    give_locals(w, c->hidden);
}

/* `where` (or an option's guard): on false, on to the next element. */
static void iter_filter(lw *w, iter_ctx *c, const ast_expr *cond)
{
    if (!cond)
        return;
    if (cond->is_const) {
        if (!cond->cval)
            VPUSH(w, c->cont, jump(w, ORDO_OP_JMP));
        return;
    }
    expr(w, cond);
    VPUSH(w, c->cont, jump(w, ORDO_OP_JZ));
}

/* `first x in IT where C by K1 desc, K2 ...`: keeps the element whose
 * keys come first, comparing key by key; an equal one seen later does not
 * replace it (iteration order breaks the last tie). -1 (none) when no
 * element passes. The result is left on the stack. */
static void first_by(lw *w, const ast_expr *e)
{
    uint32_t n = e->nargs;
    uint32_t best = take_locals(w, 1 + 2 * n); /* best, its keys, this one's keys */
    uint32_t bkey = best + 1, key = best + 1 + n;
    push_const(w, -1);
    emit_a(w, ORDO_OP_STL, best);
    iter_ctx c;
    iter_open(w, &c, e->iter, lslot(w, e->sym), NULL, 0);
    iter_filter(w, &c, e->a);
    for (uint32_t k = 0; k < n; k++) {
        expr(w, e->args[k]);
        emit_a(w, ORDO_OP_STL, key + k);
    }
    u32vec take = {0};
    emit_a(w, ORDO_OP_LDL, best);
    push_const(w, -1);
    emit_op(w, ORDO_OP_EQ);
    VPUSH(w, take, jump(w, ORDO_OP_JNZ));
    for (uint32_t k = 0; k < n; k++) {
        int desc = (e->desc_mask >> k) & 1;
        emit_a(w, ORDO_OP_LDL, key + k);
        emit_a(w, ORDO_OP_LDL, bkey + k);
        emit_op(w, desc ? ORDO_OP_GT : ORDO_OP_LT);
        VPUSH(w, take, jump(w, ORDO_OP_JNZ));
        emit_a(w, ORDO_OP_LDL, key + k);
        emit_a(w, ORDO_OP_LDL, bkey + k);
        emit_op(w, ORDO_OP_NE);
        VPUSH(w, c.cont, jump(w, ORDO_OP_JNZ)); /* comes later: keep the best */
    }
    VPUSH(w, c.cont, jump(w, ORDO_OP_JMP));      /* a tie: the first stays */
    patch_all_here(w, &take);
    emit_a(w, ORDO_OP_LDL, lslot(w, e->sym));
    emit_a(w, ORDO_OP_STL, best);
    for (uint32_t k = 0; k < n; k++) {
        emit_a(w, ORDO_OP_LDL, key + k);
        emit_a(w, ORDO_OP_STL, bkey + k);
    }
    iter_close(w, &c);
    emit_a(w, ORDO_OP_LDL, best);
    give_locals(w, best);
}

/* count/any/all/sum/min/max: the result is left on the stack. */
/* One element of count/any/all/sum/min/max: the loop variable is set. */
static void agg_element(lw *w, const ast_expr *e, iter_ctx *c, uint32_t acc, uint32_t seen)
{
    int agg = e->op;
    switch (agg) {
    case AGG_COUNT:
        iter_filter(w, c, e->a);
        emit_a(w, ORDO_OP_LDL, acc);
        push_const(w, 1);
        emit_op(w, ORDO_OP_ADD);
        emit_a(w, ORDO_OP_STL, acc);
        break;
    case AGG_ANY:
        iter_filter(w, c, e->a);
        push_const(w, 1);
        emit_a(w, ORDO_OP_STL, acc);
        VPUSH(w, c->brk, jump(w, ORDO_OP_JMP));
        break;
    case AGG_ALL:
        /* for `all`, the where clause is the predicate */
        if (e->a) {
            expr(w, e->a);
            VPUSH(w, c->cont, jump(w, ORDO_OP_JNZ));
        }
        push_const(w, 0);
        emit_a(w, ORDO_OP_STL, acc);
        VPUSH(w, c->brk, jump(w, ORDO_OP_JMP));
        break;
    case AGG_SUM:
        iter_filter(w, c, e->a);
        emit_a(w, ORDO_OP_LDL, acc);
        expr(w, e->b);
        emit_op(w, ORDO_OP_ADD);
        emit_a(w, ORDO_OP_STL, acc);
        break;
    default: { /* min, max: the first value seen, then the running extreme */
        iter_filter(w, c, e->a);
        emit_a(w, ORDO_OP_LDL, seen);
        uint32_t first = jump(w, ORDO_OP_JZ);
        emit_a(w, ORDO_OP_LDL, acc);
        expr(w, e->b);
        emit_op(w, agg == AGG_MIN ? ORDO_OP_MIN : ORDO_OP_MAX);
        emit_a(w, ORDO_OP_STL, acc);
        VPUSH(w, c->cont, jump(w, ORDO_OP_JMP));
        patch_here(w, first);
        expr(w, e->b);
        emit_a(w, ORDO_OP_STL, acc);
        push_const(w, 1);
        emit_a(w, ORDO_OP_STL, seen);
        break;
    }
    }
}

/* An aggregate over a small enum or a short constant range is lowered
 * once per element, the variable reading as that element's constant: no
 * counter, no loop test, no jump back (`sum g in Gem of ...` is 5 copies).
 * *lo and *n: the first value and how many. */
#define UNROLL_MAX 8

static int unrolls(const lw *w, const ast_iter *it, int32_t *lo, int32_t *n)
{
    if (w->nunrolled == UNROLL_MAX)
        return 0;
    if (it->kind == IT_ENUM && it->enm->nmembers >= 1 && it->enm->nmembers <= UNROLL_MAX) {
        *lo = 0;
        *n = (int32_t)it->enm->nmembers;
        return 1;
    }
    if (it->kind == IT_RANGE && it->lo->is_const && it->hi->is_const &&
        it->hi->cval >= it->lo->cval && (int64_t)it->hi->cval - it->lo->cval < UNROLL_MAX) {
        *lo = it->lo->cval;
        *n = it->hi->cval - it->lo->cval + 1;
        return 1;
    }
    return 0;
}

/* count/any/all/sum/min/max: the result is left on the stack. */
static void aggregate(lw *w, const ast_expr *e)
{
    if (e->op == AGG_FIRST) {
        first_by(w, e);
        return;
    }
    uint32_t acc = take_locals(w, 1);
    uint32_t seen = take_locals(w, 1);
    int agg = e->op;
    push_const(w, agg == AGG_ALL ? 1 : 0);
    emit_a(w, ORDO_OP_STL, acc);
    if (agg == AGG_MIN || agg == AGG_MAX) {
        push_const(w, 0);
        emit_a(w, ORDO_OP_STL, seen);
    }
    iter_ctx c;
    int32_t lo, n;
    if (unrolls(w, e->iter, &lo, &n)) {
        memset(&c, 0, sizeof c);
        int k = w->nunrolled++;
        w->unrolled[k].sym = e->sym;
        for (int32_t i = 0; i < n; i++) {
            w->unrolled[k].value = lo + i;
            agg_element(w, e, &c, acc, seen);
            patch_all_here(w, &c.cont);
        }
        w->nunrolled--;
        patch_all_here(w, &c.brk);
    } else {
        iter_open(w, &c, e->iter, lslot(w, e->sym), NULL, 0);
        agg_element(w, e, &c, acc, seen);
        iter_close(w, &c);
    }
    emit_a(w, ORDO_OP_LDL, acc);
    give_locals(w, acc);
}

static int binop_code(int op)
{
    switch (op) {
    case OP_ADD: return ORDO_OP_ADD;
    case OP_SUB: return ORDO_OP_SUB;
    case OP_MUL: return ORDO_OP_MUL;
    case OP_DIV: return ORDO_OP_DIV;
    case OP_MOD: return ORDO_OP_MOD;
    case OP_EQ: return ORDO_OP_EQ;
    case OP_NE: return ORDO_OP_NE;
    case OP_LT: return ORDO_OP_LT;
    case OP_LE: return ORDO_OP_LE;
    case OP_GT: return ORDO_OP_GT;
    default: return ORDO_OP_GE;
    }
}

static void call_args(lw *w, ast_expr **args, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        expr(w, args[i]);
}

static void builtin_call(lw *w, const ast_expr *e)
{
    uint32_t v;
    switch (e->builtin) {
    case BI_LEN:
        v = list_ref(w, e->args[0]);
        emit_a(w, ORDO_OP_LLEN, v);
        return;
    case BI_FIRST:
        v = list_ref(w, e->args[0]);
        push_const(w, 1);
        emit_a(w, ORDO_OP_LGET, v);
        return;
    case BI_LAST:
        v = list_ref(w, e->args[0]);
        list_ref(w, e->args[0]);
        emit_a(w, ORDO_OP_LLEN, v);
        emit_a(w, ORDO_OP_LGET, v);
        return;
    case BI_ABS:
        expr(w, e->args[0]);
        emit_op(w, ORDO_OP_ABS);
        return;
    default:
        call_args(w, e->args, 2);
        emit_op(w, e->builtin == BI_MIN ? ORDO_OP_MIN : ORDO_OP_MAX);
        return;
    }
}

/* Nodes in an expression, counting up to `cap` (then stopping). */
static uint32_t expr_size(const ast_expr *e, uint32_t cap)
{
    if (!e || cap == 0)
        return 0;
    uint32_t n = 1;
    const ast_expr *kids[3] = {e->a, e->b, e->kind == E_IF ? e->c : NULL};
    for (int k = 0; k < 3 && n < cap; k++)
        n += expr_size(kids[k], cap - n);
    if (e->kind == E_INDEX && n < cap)
        n += expr_size(e->base, cap - n);
    if (e->kind == E_CALL || e->kind == E_INDEX || e->kind == E_CAN ||
        (e->kind == E_AGG && e->op == AGG_FIRST))
        for (uint32_t i = 0; i < e->nargs && n < cap; i++)
            n += expr_size(e->args[i], cap - n);
    if (e->kind == E_AGG && n < cap) {
        n += expr_size(e->iter->lo, cap - n);
        n += n < cap ? expr_size(e->iter->hi, cap - n) : 0;
        n += n < cap && e->iter->kind == IT_LIST ? expr_size(e->iter->list, cap - n) : 0;
    }
    return n;
}

/* A call to a small fn is lowered in place: its arguments go to fresh
 * locals, and its body reads them there. Saves the CALL/RETV and the frame
 * (the hottest path of rulesets that filter options through fns). A fn
 * with overrides is chosen at run time, so it is always called. */
#define INLINE_MAX_NODES 48
#define INLINE_MAX_DEPTH 4

static int inlinable(const lw *w, const ast_decl *fn)
{
    return fn->kind == D_FN && fn->body_expr && fn->noverriders == 0 &&
           w->inline_depth < INLINE_MAX_DEPTH &&
           expr_size(fn->body_expr, INLINE_MAX_NODES + 1) <= INLINE_MAX_NODES;
}

static void inline_fn(lw *w, const ast_expr *call)
{
    const ast_decl *fn = call->sym->decl;
    uint32_t base = take_locals(w, fn->nlocals > fn->nparams ? fn->nlocals : fn->nparams);
    for (uint32_t i = 0; i < call->nargs; i++) {
        expr(w, call->args[i]);
        emit_a(w, ORDO_OP_STL, base + i);
    }
    uint32_t saved = w->local_base;
    w->local_base = base;
    w->inline_depth++;
    expr(w, fn->body_expr);
    w->inline_depth--;
    w->local_base = saved;
    give_locals(w, base);
}

static void expr(lw *w, const ast_expr *e)
{
    if (e->is_const) {
        push_const(w, e->cval);
        return;
    }
    switch (e->kind) {
    case E_INT: case E_BOOL:
        push_const(w, (int32_t)e->ival);
        return;
    case E_NONE:
        push_const(w, -1);
        return;
    case E_PLAYER:
        push_const(w, (int32_t)e->ival - 1);
        return;
    case E_NAME:
        switch (e->sym->kind) {
        case SYM_LOCAL:
            for (int k = w->nunrolled; k-- > 0;)
                if (w->unrolled[k].sym == e->sym) {
                    push_const(w, w->unrolled[k].value);
                    return;
                }
            emit_a(w, ORDO_OP_LDL, lslot(w, e->sym));
            return;
        case SYM_VAR: emit_a(w, ORDO_OP_LDG, (uint32_t)e->sym->decl->index); return;
        default: push_const(w, e->sym->value); return;
        }
    case E_FIELD:
        expr(w, e->a);
        emit(w, ORDO_OP_DATA, 0, e->a->type.enm->nmembers, (int32_t)e->field->data_offset);
        return;
    case E_INDEX:
        if (e->ix == IX_FIELD) {
            expr(w, e->base->a);
            expr(w, e->args[0]);
            emit(w, ORDO_OP_DATA, 1, e->base->a->type.enm->nmembers,
                 (int32_t)e->base->field->data_offset);
        } else if (e->ix == IX_LIST) {
            uint32_t v = list_ref(w, e->base);
            expr(w, e->args[0]);
            emit_a(w, ORDO_OP_LGET, v);
        } else {
            call_args(w, e->args, e->nargs);
            emit_a(w, ORDO_OP_LDX, (uint32_t)e->base->sym->decl->index);
        }
        return;
    case E_CALL:
        if (e->builtin) {
            builtin_call(w, e);
            return;
        }
        if (inlinable(w, e->sym->decl)) {
            inline_fn(w, e);
            return;
        }
        call_args(w, e->args, e->nargs);
        emit_a(w, ORDO_OP_CALL, (uint32_t)e->sym->decl->index);
        VPUSH(w, w->units.v[w->unit].calls, (uint16_t)e->sym->decl->index);
        return;
    case E_CAN:
        call_args(w, e->args, e->nargs);
        emit_a(w, ORDO_OP_CALL, w->guard_fn[e->sym->decl->index]);
        VPUSH(w, w->units.v[w->unit].calls, (uint16_t)w->guard_fn[e->sym->decl->index]);
        return;
    case E_CAPPED:
        expr(w, e->a);
        expr(w, e->b);
        emit_op(w, ORDO_OP_MIN);
        return;
    case E_IN_ACTION:
        if (!w->acting_var) { /* no action in this ruleset */
            push_const(w, 0);
            return;
        }
        emit_a(w, ORDO_OP_LDG, w->acting_var);
        push_const(w, 0);
        emit_op(w, ORDO_OP_GT);
        return;
    case E_UNARY:
        expr(w, e->a);
        emit_op(w, e->op == OP_NOT ? ORDO_OP_NOT : ORDO_OP_NEG);
        return;
    case E_BINARY:
        if (e->op == OP_AND || e->op == OP_OR) {
            /* short-circuit: the left value stands when it decides */
            expr(w, e->a);
            emit_op(w, ORDO_OP_DUP);
            uint32_t j = jump(w, e->op == OP_AND ? ORDO_OP_JZ : ORDO_OP_JNZ);
            emit_op(w, ORDO_OP_POP);
            expr(w, e->b);
            patch_here(w, j);
            return;
        }
        expr(w, e->a);
        expr(w, e->b);
        emit_op(w, binop_code(e->op));
        return;
    case E_IF: {
        expr(w, e->a);
        uint32_t jelse = jump(w, ORDO_OP_JZ);
        int d = w->depth;
        expr(w, e->b);
        uint32_t jend = jump(w, ORDO_OP_JMP);
        patch_here(w, jelse);
        w->depth = d;
        expr(w, e->c);
        patch_here(w, jend);
        return;
    }
    case E_IN: {
        uint32_t v = list_ref(w, e->b);
        expr(w, e->a);
        emit_a(w, ORDO_OP_LHAS, v);
        return;
    }
    case E_ROLL:
        if (e->a)
            expr(w, e->a);
        else
            push_const(w, (int32_t)e->ival);
        emit_a(w, ORDO_OP_ROLL, (uint32_t)e->sides);
        return;
    case E_AGG:
        aggregate(w, e);
        return;
    default:
        push_const(w, 0);
        return;
    }
}

/* ---------------------------------------------------------- statements */

static void block(lw *w, const ast_block *b);

/* Leaving `steps` step blocks and `scopes` escape scopes of this unit
 * (exit out of a loop, return). */
static void unwind(lw *w, int steps, int scopes, int with_steps)
{
    uint32_t nesc = 0;
    for (int s = w->scopes; s > scopes; s--)
        nesc += w->scope_nesc[s - 1];
    if (nesc)
        emit(w, ORDO_OP_UNESC, (int)nesc, 0, 0);
    if (with_steps) {
        int d = w->depth;
        for (int s = w->steps; s > steps; s--)
            emit_op(w, ORDO_OP_STEPEND);
        w->depth = d; /* the code after the jump still has them */
    }
}

/* Does evaluating e draw from the generator? Such an index must be computed
 * once, or `x[roll d6] += 1` would read one cell and write another. */
static int has_roll(const ast_expr *e)
{
    if (!e || e->is_const)
        return 0;
    switch (e->kind) {
    case E_ROLL: return 1;
    case E_INDEX:
        if (has_roll(e->base))
            return 1;
        /* fall through */
    case E_CALL:
    case E_CAN:
        for (uint32_t i = 0; i < e->nargs; i++)
            if (has_roll(e->args[i]))
                return 1;
        return 0;
    case E_IF: return has_roll(e->a) || has_roll(e->b) || has_roll(e->c);
    case E_AGG: return 1; /* its iterable could; rare enough to be safe */
    default: return has_roll(e->a) || has_roll(e->b);
    }
}

/* Pushes the indexes of an indexed target (a var cell, or a list element:
 * the list's own indexes, then the position); returns the var. With
 * `saved`, the values come from hidden locals filled by save_indexes. */
static uint32_t target_indexes(lw *w, const ast_expr *t, uint32_t saved, int use_saved)
{
    const ast_expr *lbase = t->ix == IX_LIST ? t->base : NULL;
    uint32_t k = 0;
    if (lbase && lbase->kind == E_INDEX) {
        for (uint32_t i = 0; i < lbase->nargs; i++, k++) {
            if (use_saved)
                emit_a(w, ORDO_OP_LDL, saved + k);
            else
                expr(w, lbase->args[i]);
        }
    }
    uint32_t n = lbase ? 1 : t->nargs;
    for (uint32_t i = 0; i < n; i++, k++) {
        if (use_saved)
            emit_a(w, ORDO_OP_LDL, saved + k);
        else
            expr(w, t->args[i]);
    }
    if (!lbase)
        return (uint32_t)t->base->sym->decl->index;
    return lbase->kind == E_INDEX ? (uint32_t)lbase->base->sym->decl->index
                                  : (uint32_t)lbase->sym->decl->index;
}

/* Pushes the indexes of a var cell (`x` or `x[i, j]`); returns the var. */
static uint32_t cell_indexes(lw *w, const ast_expr *t)
{
    if (t->kind == E_NAME)
        return (uint32_t)t->sym->decl->index;
    call_args(w, t->args, t->nargs);
    return (uint32_t)t->base->sym->decl->index;
}

static const ast_decl *cell_var(const ast_expr *t)
{
    if (t->kind == E_NAME)
        return t->sym->kind == SYM_VAR ? t->sym->decl : NULL;
    return t->ix == IX_VAR ? t->base->sym->decl : NULL;
}

/* `pay N from X` (and an action's costs): E_DENIED if X holds less. */
static void pay(lw *w, const ast_expr *target, const ast_expr *amount)
{
    uint32_t v = cell_indexes(w, target);
    expr(w, amount);
    emit_a(w, ORDO_OP_PAY, v);
}

/* Pushes the indexes of substitute d's cell for the payment whose indexes
 * are in locals t..; returns the substitute's var. */
static uint32_t sub_cell(lw *w, const ast_decl *d, uint32_t t)
{
    for (uint32_t k = 0; k < d->sub_decl->ndims; k++)
        emit_a(w, ORDO_OP_LDL, t + (uint32_t)d->sub_map[k]);
    return (uint32_t)d->sub_decl->index;
}

static void load_var(lw *w, uint32_t v)
{
    emit_a(w, w->f->vars[v]->ndims ? ORDO_OP_LDX : ORDO_OP_LDG, v);
}

/* The decision at a payment whose indexes and amount are in locals t..t+n
 * (the amount is above 0): when the payer holds the substitute, "pay N RES"
 * (offered when pay_guard holds; default: they hold N) or the substitute's
 * label (offered when use_guard holds). Falls through to the plain PAY when
 * the substitute is not held or "pay" is taken; jumps to *end after using
 * the substitute. */
static void offer_substitute(lw *w, const ast_decl *sub, uint32_t v, uint32_t t, uint32_t n,
                             const ast_expr *pay_guard, const ast_expr *use_guard, uint32_t line,
                             uint32_t *end)
{
    load_var(w, sub_cell(w, sub, t));
    push_const(w, 1);
    emit_op(w, ORDO_OP_GE);
    uint32_t not_held = jump(w, ORDO_OP_JZ);
    char *label = arena_alloc(w->a, strlen(sub->sub_res->name) + 8);
    sprintf(label, "pay {} %s", sub->sub_res->name);
    uint32_t po = add_plain_option(w, label, line), uo = add_plain_option(w, sub->label.text, line);
    w->options.v[po].param_kind = ORDO_K_INT;
    emit_op(w, ORDO_OP_OPTS);
    if (pay_guard) {
        expr(w, pay_guard);
    } else {
        for (uint32_t k = 0; k < n; k++)
            emit_a(w, ORDO_OP_LDL, t + k);
        load_var(w, v);
        emit_a(w, ORDO_OP_LDL, t + n);
        emit_op(w, ORDO_OP_GE);
    }
    uint32_t s1 = jump(w, ORDO_OP_JZ);
    emit_a(w, ORDO_OP_LDL, t + n);
    emit_a(w, ORDO_OP_OFFER, po);
    patch_here(w, s1);
    uint32_t s2 = NO_LABEL;
    if (use_guard) {
        expr(w, use_guard);
        s2 = jump(w, ORDO_OP_JZ);
    }
    emit_a(w, ORDO_OP_OFFERN, uo);
    if (s2 != NO_LABEL)
        patch_here(w, s2);
    emit_a(w, ORDO_OP_LDL, t + (uint32_t)sub->sub_payer);
    emit_op(w, ORDO_OP_WAIT);
    int d = w->depth;
    w->options.v[uo].target = here(w);
    uint32_t sv = sub_cell(w, sub, t);
    push_const(w, 1);
    emit_a(w, ORDO_OP_PAY, sv);
    *end = jump(w, ORDO_OP_JMP);
    w->depth = d + 1; /* ordo_choose pushed the amount */
    if (w->depth > w->maxdepth)
        w->maxdepth = w->depth;
    w->options.v[po].target = here(w);
    emit_op(w, ORDO_OP_POP);
    patch_here(w, not_held);
    w->depth = d;
}

/* A payment: `pay` in a body (is_cost 0) or an action's up-front cost
 * (is_cost 1: an amount of 0 is no payment, and leaves no trace line).
 * With a substitute for its resource (TEO-D4) the payer may be asked
 * first (offer_substitute). Indexes and amount are evaluated once, into
 * hidden locals; a plain PAY is E_DENIED when short. */
static void pay_offer(lw *w, const ast_expr *target, const ast_expr *amount, const ast_decl *sub,
                      const ast_expr *pay_guard, const ast_expr *use_guard, uint32_t line,
                      int is_cost)
{
    if (!sub && !is_cost) {
        pay(w, target, amount);
        return;
    }
    uint32_t n = target->kind == E_INDEX ? target->nargs : 0, t = take_locals(w, n + 1);
    uint32_t v = cell_indexes(w, target), end = NO_LABEL;
    expr(w, amount);
    for (uint32_t k = n + 1; k-- > 0;)
        emit_a(w, ORDO_OP_STL, t + k);
    emit_a(w, ORDO_OP_LDL, t + n);
    push_const(w, 0);
    emit_op(w, ORDO_OP_GT);
    uint32_t zero = jump(w, ORDO_OP_JZ);
    if (sub)
        offer_substitute(w, sub, v, t, n, pay_guard, use_guard, line, &end);
    if (!is_cost) /* `pay 0` is a payment of nothing, traced */
        patch_here(w, zero);
    for (uint32_t k = 0; k <= n; k++)
        emit_a(w, ORDO_OP_LDL, t + k);
    emit_a(w, ORDO_OP_PAY, v);
    if (end != NO_LABEL)
        patch_here(w, end);
    if (is_cost)
        patch_here(w, zero);
    give_locals(w, t);
}

static void assign(lw *w, const ast_stmt *s)
{
    const ast_expr *t = s->u.assign.target;
    int op = s->u.assign.op ? binop_code(s->u.assign.op) : 0;
    const ast_decl *cv = cell_var(t);
    if (w->f->has_batches && s->u.assign.op == OP_ADD && cv && cv->resource) {
        /* what a resource receives inside a batch waits for its end */
        uint32_t v = cell_indexes(w, t);
        expr(w, s->u.assign.value);
        emit_a(w, ORDO_OP_ADDD, v);
        return;
    }
    if (t->kind == E_NAME) {
        if (op)
            expr(w, t);
        expr(w, s->u.assign.value);
        if (op)
            emit_op(w, op);
        if (t->sym->kind == SYM_LOCAL)
            emit_a(w, ORDO_OP_STL, (uint32_t)t->sym->slot);
        else
            emit_a(w, ORDO_OP_STG, (uint32_t)t->sym->decl->index);
        return;
    }
    int list = t->ix == IX_LIST;
    uint32_t first = w->nlocals, saved = 0;
    int use_saved = op && has_roll(t);
    if (use_saved) {
        uint32_t n = (list ? 1 : t->nargs) +
                     (list && t->base->kind == E_INDEX ? t->base->nargs : 0);
        saved = take_locals(w, n);
        target_indexes(w, t, 0, 0);
        for (uint32_t i = n; i-- > 0;)
            emit_a(w, ORDO_OP_STL, saved + i);
    }
    uint32_t v = target_indexes(w, t, saved, use_saved);
    if (op) {
        target_indexes(w, t, saved, use_saved);
        emit_a(w, list ? ORDO_OP_LGET : ORDO_OP_LDX, v);
    }
    expr(w, s->u.assign.value);
    if (op)
        emit_op(w, op);
    emit_a(w, list ? ORDO_OP_LSET : ORDO_OP_STX, v);
    give_locals(w, first);
}

static void stmt_if(lw *w, const ast_stmt *s)
{
    const ast_expr *c = s->u.if_.cond;
    expr(w, c);
    uint32_t jelse = jump(w, ORDO_OP_JZ);
    block(w, &s->u.if_.then_b);
    if (!s->u.if_.else_if && !s->u.if_.has_else) {
        patch_here(w, jelse);
        return;
    }
    uint32_t jend = jump(w, ORDO_OP_JMP);
    patch_here(w, jelse);
    if (s->u.if_.else_if)
        stmt_if(w, s->u.if_.else_if);
    else
        block(w, &s->u.if_.else_b);
    patch_here(w, jend);
}

static void loop_begin(lw *w, const ast_stmt *s)
{
    loop_ctx l;
    memset(&l, 0, sizeof l);
    l.loop = s;
    l.steps = w->steps;
    l.scopes = w->scopes;
    VPUSH(w, w->loops, l);
}

/* Patches the loop's exits to here and forgets it. */
static void loop_end(lw *w)
{
    loop_ctx *l = &w->loops.v[w->loops.n - 1];
    patch_all_here(w, &l->breaks);
    w->loops.n--;
}

static void stmt_repeat(lw *w, const ast_stmt *s)
{
    int kind = s->u.rep.kind;
    const ast_expr *c = s->u.rep.cond;
    loop_begin(w, s);
    uint32_t top = here(w);
    uint32_t jout = NO_LABEL;
    if (kind == REP_UNTIL_BEFORE || kind == REP_WHILE) {
        expr(w, c);
        jout = jump(w, kind == REP_WHILE ? ORDO_OP_JZ : ORDO_OP_JNZ);
    }
    block(w, &s->u.rep.body);
    if (kind == REP_UNTIL_AFTER) {
        expr(w, c);
        jump_to(w, ORDO_OP_JZ, top);
    } else {
        jump_to(w, ORDO_OP_JMP, top);
    }
    if (jout != NO_LABEL)
        patch_here(w, jout);
    loop_end(w);
}

static void stmt_for(lw *w, const ast_stmt *s)
{
    iter_ctx c;
    iter_open(w, &c, s->u.for_.iter, (uint32_t)s->u.for_.var->slot, s->u.for_.by,
              s->u.for_.desc);
    iter_filter(w, &c, s->u.for_.where);
    loop_begin(w, s);
    block(w, &s->u.for_.body);
    /* `exit` leaves past the increment: its jumps are the iteration's breaks */
    loop_ctx *l = &w->loops.v[w->loops.n - 1];
    for (uint32_t i = 0; i < l->breaks.n; i++)
        VPUSH(w, c.brk, l->breaks.v[i]);
    l->breaks.n = 0;
    loop_end(w);
    iter_close(w, &c);
}

static void stmt_exit(lw *w, const ast_stmt *s)
{
    uint32_t skip = NO_LABEL;
    if (s->u.exit.cond) {
        expr(w, s->u.exit.cond);
        skip = jump(w, ORDO_OP_JZ);
    }
    uint32_t i = w->loops.n;
    while (i > 0 && w->loops.v[i - 1].loop != s->u.exit.loop)
        i--;
    if (i == 0) { /* resolution guarantees a loop; stay safe */
        if (skip != NO_LABEL)
            patch_here(w, skip);
        return;
    }
    loop_ctx *l = &w->loops.v[i - 1];
    unwind(w, l->steps, l->scopes, 1);
    uint32_t j = jump(w, ORDO_OP_JMP);
    VPUSH(w, l->breaks, j);
    if (skip != NO_LABEL)
        patch_here(w, skip);
}

/* The player of a decision, then WAIT. */
static void wait_for(lw *w, const ast_expr *player)
{
    expr(w, player);
    emit_op(w, ORDO_OP_WAIT);
}

static void stmt_choose(lw *w, const ast_stmt *s)
{
    emit_op(w, ORDO_OP_OPTS);
    for (const ast_option *o = s->u.choose.options; o; o = o->next) {
        ordo_option *oo = &w->options.v[o->index];
        oo->step = (int16_t)w->cur_step;
        uint32_t skip = NO_LABEL;
        if (o->when && !(o->when->is_const && o->when->cval)) {
            expr(w, o->when);
            skip = jump(w, ORDO_OP_JZ);
        }
        if (o->var) {
            iter_ctx c;
            iter_open(w, &c, o->iter, (uint32_t)o->var->slot, NULL, 0);
            iter_filter(w, &c, o->where);
            emit_a(w, ORDO_OP_LDL, (uint32_t)o->var->slot);
            emit_a(w, ORDO_OP_OFFER, (uint32_t)o->index);
            iter_close(w, &c);
        } else {
            emit_a(w, ORDO_OP_OFFERN, (uint32_t)o->index);
        }
        if (skip != NO_LABEL)
            patch_here(w, skip);
    }
    wait_for(w, s->u.choose.player);
    u32vec ends = {0};
    int d = w->depth;
    for (const ast_option *o = s->u.choose.options; o; o = o->next) {
        ordo_option *oo = &w->options.v[o->index];
        oo->target = here(w);
        w->depth = d;
        if (o->var) {
            w->depth++; /* ordo_choose pushed the param */
            if (w->depth > w->maxdepth)
                w->maxdepth = w->depth;
            emit_a(w, ORDO_OP_STL, (uint32_t)o->var->slot);
        }
        block(w, &o->body);
        if (o->next)
            VPUSH(w, ends, jump(w, ORDO_OP_JMP));
    }
    patch_all_here(w, &ends);
    w->depth = d;
}

static void stmt_scope(lw *w, const ast_stmt *s)
{
    uint32_t k = 0;
    for (const ast_escape *e = s->u.scope.escapes; e; e = e->next, k++) {
        expr(w, e->player);
        emit(w, ORDO_OP_ESC, 0, (uint32_t)e->index, (int32_t)k);
        w->escapes.v[e->index].step = (int16_t)w->cur_step;
    }
    if (w->scopes >= (int)(sizeof w->scope_nesc / sizeof w->scope_nesc[0])) {
        diag_error(w->d, s->loc, "scopes nested too deeply (at most 256)");
        w->failed = 1;
        return;
    }
    w->scope_nesc[w->scopes++] = k;
    block(w, &s->u.scope.body);
    w->scopes--;
    emit(w, ORDO_OP_UNESC, (int)k, 0, 0);
    u32vec ends = {0};
    VPUSH(w, ends, jump(w, ORDO_OP_JMP));
    int d = w->depth;
    for (const ast_escape *e = s->u.scope.escapes; e; e = e->next) {
        w->escapes.v[e->index].handler = here(w);
        w->depth = d;
        block(w, &e->body);
        if (e->next)
            VPUSH(w, ends, jump(w, ORDO_OP_JMP));
    }
    patch_all_here(w, &ends);
    w->depth = d;
}

/* first turn only / when / optional by, then the block between STEP and
 * STEPEND; a step that does not run leaves a SKIP in the trace. */
static void stmt_step(lw *w, const ast_stmt *s)
{
    uint32_t idx = (uint32_t)s->u.step.index;
    u32vec skips = {0};
    if (s->u.step.when) {
        expr(w, s->u.step.when);
        VPUSH(w, skips, jump(w, ORDO_OP_JZ));
    }
    if (s->u.step.first_turn_only) {
        /* no one's turn (active is none) is no one's first turn */
        emit_a(w, ORDO_OP_LDG, 0);
        push_const(w, -1);
        emit_op(w, ORDO_OP_EQ);
        VPUSH(w, skips, jump(w, ORDO_OP_JNZ));
        emit_a(w, ORDO_OP_LDG, 0);
        emit_a(w, ORDO_OP_LDX, 1);
        push_const(w, 1);
        emit_op(w, ORDO_OP_EQ);
        VPUSH(w, skips, jump(w, ORDO_OP_JZ));
    }
    uint32_t skip_opt = NO_LABEL;
    if (s->u.step.optional_by) {
        const char *title = s->u.step.title && *s->u.step.title ? s->u.step.title : "carry out";
        uint32_t od = add_plain_option(w, title, ast_line(s->loc));
        skip_opt = add_plain_option(w, "skip", ast_line(s->loc));
        emit_op(w, ORDO_OP_OPTS);
        emit_a(w, ORDO_OP_OFFERN, od);
        emit_a(w, ORDO_OP_OFFERN, skip_opt);
        wait_for(w, s->u.step.optional_by);
        w->options.v[od].target = here(w);
    }
    int saved_step = w->cur_step;
    emit_a(w, ORDO_OP_STEP, idx);
    w->steps++;
    w->cur_step = (int)idx;
    block(w, &s->u.step.body);
    w->cur_step = saved_step;
    w->steps--;
    emit_op(w, ORDO_OP_STEPEND);
    if (skips.n || skip_opt != NO_LABEL) {
        uint32_t jend = jump(w, ORDO_OP_JMP);
        patch_all_here(w, &skips);
        if (skip_opt != NO_LABEL)
            w->options.v[skip_opt].target = here(w);
        emit_a(w, ORDO_OP_SKIP, idx);
        patch_here(w, jend);
    }
    free(skips.v);
}

static void stmt_list(lw *w, const ast_stmt *s)
{
    uint32_t v = list_ref(w, s->u.list.list);
    switch (s->kind) {
    case S_ADD: expr(w, s->u.list.value); emit_a(w, ORDO_OP_LADD, v); return;
    case S_REMOVE: expr(w, s->u.list.value); emit_a(w, ORDO_OP_LREM, v); return;
    case S_REMOVE_AT: expr(w, s->u.list.value); emit_a(w, ORDO_OP_LREMAT, v); return;
    case S_CLEAR: emit_a(w, ORDO_OP_LCLR, v); return;
    default: emit_a(w, ORDO_OP_LSHUF, v); return;
    }
}

static void call_unit(lw *w, uint32_t proc)
{
    emit_a(w, ORDO_OP_CALL, proc);
    VPUSH(w, w->units.v[w->unit].calls, (uint16_t)proc);
}

/* A window for the player in local `pl`: the anytime actions whose guards
 * hold, and "pass"; taking an action opens the window again, passing
 * closes it (ODIN-T1: actions only where the flow of play has a gap). */
static void window(lw *w, uint32_t pl, const char *label, uint32_t line)
{
    uint32_t text = add_text(w, label ? label : "", NULL);
    emit_a(w, ORDO_OP_LDL, pl);
    emit(w, ORDO_OP_WINDOW, 0, text, 0);
    uint32_t top = here(w);
    emit_op(w, ORDO_OP_OPTS);
    ast_file *f = w->f;
    u32vec acts = {0}, opts = {0};
    for (uint32_t i = 0; i < f->nfns; i++) {
        const ast_decl *d = f->fns[i];
        if (!d->anytime || d->nparams != 1)
            continue;
        uint32_t skip = NO_LABEL;
        if (w->guard_fn[i] != NO_LABEL) {
            emit_a(w, ORDO_OP_LDL, pl);
            call_unit(w, w->guard_fn[i]);
            skip = jump(w, ORDO_OP_JZ);
        }
        uint32_t o = add_plain_option(w, d->label.text, line);
        emit_a(w, ORDO_OP_OFFERN, o);
        if (skip != NO_LABEL)
            patch_here(w, skip);
        VPUSH(w, acts, i);
        VPUSH(w, opts, o);
    }
    uint32_t pass = add_plain_option(w, "pass", line);
    emit_a(w, ORDO_OP_OFFERN, pass);
    emit_a(w, ORDO_OP_LDL, pl);
    emit_op(w, ORDO_OP_WAIT);
    for (uint32_t k = 0; k < acts.n; k++) {
        w->options.v[opts.v[k]].target = here(w);
        emit_a(w, ORDO_OP_LDL, pl);
        call_unit(w, acts.v[k]);
        jump_to(w, ORDO_OP_JMP, top);
    }
    w->options.v[pass].target = here(w);
    emit_a(w, ORDO_OP_LDL, pl);
    emit(w, ORDO_OP_WINDOW, 1, text, 0);
    free(acts.v);
    free(opts.v);
}

/* A row of the line table where the source line changes. Rows only grow
 * in pc; code placed after a jump keeps its own statement's row. */
static void mark_line(lw *w, uint32_t line, uint32_t file)
{
    if (!line)
        return;
    uint32_t pc = here(w);
    ordo_line *last = w->lines.n ? &w->lines.v[w->lines.n - 1] : NULL;
    if (last && last->pc == pc) {
        last->line = line;
        last->file = (uint16_t)file;
        return;
    }
    if (last && last->line == line && last->file == file)
        return;
    ordo_line l = {pc, line, (uint16_t)file};
    VPUSH(w, w->lines, l);
}

/* The row of a statement or a cost: its line in its own file. */
static void mark_loc(lw *w, ast_loc at)
{
    mark_line(w, ast_line(at), ast_file_of(at));
}

static void stmt_batch(lw *w, const ast_block *body);

static void stmt(lw *w, const ast_stmt *s)
{
    mark_loc(w, s->loc);
    switch (s->kind) {
    case S_STEP: stmt_step(w, s); return;
    case S_LET:
        expr(w, s->u.let.value);
        emit_a(w, ORDO_OP_STL, (uint32_t)s->u.let.sym->slot);
        return;
    case S_ASSIGN: assign(w, s); return;
    case S_IF: stmt_if(w, s); return;
    case S_REPEAT: stmt_repeat(w, s); return;
    case S_FOR: stmt_for(w, s); return;
    case S_EXIT: stmt_exit(w, s); return;
    case S_TURN:
        expr(w, s->u.player.player);
        emit_op(w, ORDO_OP_TURN);
        if (w->turn_var) { /* count the game's turns for `once per turn` */
            emit_a(w, ORDO_OP_LDG, w->turn_var);
            push_const(w, 1);
            emit_op(w, ORDO_OP_ADD);
            emit_a(w, ORDO_OP_STG, w->turn_var);
        }
        block(w, &s->u.player.body);
        return;
    case S_ELIMINATE:
        expr(w, s->u.player.player);
        emit_op(w, ORDO_OP_ELIM);
        return;
    case S_END:
        if (s->u.player.has_winner && s->u.player.player) {
            expr(w, s->u.player.player);
            emit(w, ORDO_OP_END, 1, 0, 0);
        } else {
            emit(w, ORDO_OP_END, 0, 0, 0);
        }
        return;
    case S_CHOOSE: stmt_choose(w, s); return;
    case S_SCOPE: stmt_scope(w, s); return;
    case S_WINDOW: {
        uint32_t pl = take_locals(w, 1);
        expr(w, s->u.player.player);
        emit_a(w, ORDO_OP_STL, pl);
        window(w, pl, s->u.player.label.text, ast_line(s->loc));
        give_locals(w, pl);
        return;
    }
    case S_CALL:
        call_args(w, s->u.call.args, s->u.call.nargs);
        emit_a(w, ORDO_OP_CALL, (uint32_t)s->u.call.sym->decl->index);
        VPUSH(w, w->units.v[w->unit].calls, (uint16_t)s->u.call.sym->decl->index);
        return;
    case S_RETURN:
        if (w->in_action) { /* the action still ends as actions end */
            unwind(w, 0, 0, 1);
            VPUSH(w, w->action_returns, jump(w, ORDO_OP_JMP));
            return;
        }
        unwind(w, 0, 0, 0); /* RET drops the saved steps with the frame */
        emit_op(w, ORDO_OP_RET);
        return;
    case S_EMIT: {
        uint32_t ev = (uint32_t)s->u.call.sym->decl->index, held = NO_LABEL;
        call_args(w, s->u.call.args, s->u.call.nargs);
        if (w->f->has_batches) /* inside a batch it waits for the batch's end */
            held = emit(w, ORDO_OP_EMITB, (int)s->u.call.nargs, ev, 0);
        if (w->dispatch[ev] != NO_LABEL) { /* the event has triggers */
            emit_a(w, ORDO_OP_CALL, w->dispatch[ev]);
            VPUSH(w, w->units.v[w->unit].calls, (uint16_t)w->dispatch[ev]);
        } else {
            emit(w, ORDO_OP_EMIT, (int)s->u.call.nargs, ev, 0);
        }
        if (held != NO_LABEL) /* both paths have used the args */
            patch_here(w, held);
        return;
    }
    case S_DO:
        call_args(w, s->u.call.args, s->u.call.nargs);
        call_unit(w, (uint32_t)s->u.call.sym->decl->index);
        return;
    case S_PAY:
        pay_offer(w, s->u.assign.target, s->u.assign.value, s->substitute, NULL, NULL,
                  ast_line(s->loc), 0);
        return;
    case S_BATCH: stmt_batch(w, &s->u.batch.body); return;
    case S_LOG:
    case S_SHOW: { /* a log writes to the trace; a show to a display's host */
        const ast_text *t = &s->u.log.text;
        for (uint32_t i = 0; i < t->nargs; i++)
            emit_a(w, ORDO_OP_LDL, (uint32_t)t->args[i]->slot);
        uint32_t id = add_text(w, t->tmpl ? t->tmpl : t->text, t);
        emit(w, s->kind == S_SHOW ? ORDO_OP_SHOW : ORDO_OP_LOG, (int)t->nargs, id, 0);
        return;
    }
    case S_ASSERT: {
        const char *msg = s->u.assert_.message;
        if (!msg) {
            char buf[64];
            snprintf(buf, sizeof buf, "assertion failed (line %lu)", (unsigned long)ast_line(s->loc));
            msg = arena_strdup(w->a, buf);
        }
        expr(w, s->u.assert_.cond);
        emit_a(w, ORDO_OP_ASSERT, add_text(w, msg, NULL));
        return;
    }
    default: stmt_list(w, s); return;
    }
}

static void block(lw *w, const ast_block *b)
{
    for (const ast_stmt *s = b->first; s; s = s->next)
        if (!s->unreachable)
            stmt(w, s);
}

/* ------------------------------------------------------------- code units */

static void mark_line(lw *w, uint32_t line, uint32_t file);

static uint32_t unit_begin(lw *w, uint32_t proc, uint32_t nlocals)
{
    w->unit = proc;
    w->depth = w->maxdepth = 0;
    w->nlocals = w->maxlocals = nlocals;
    w->steps = w->scopes = 0;
    w->loops.n = 0;
    w->cur_step = -1;
    w->procs.v[proc].pc = here(w);
    mark_line(w, w->procs.v[proc].line, w->unit_file);
    return proc;
}

static void unit_end(lw *w)
{
    ordo_proc *p = &w->procs.v[w->unit];
    if (w->maxlocals > MAX_TABLE) {
        diag_error(w->d, (ast_loc){p->line, 1}, "'%s' needs %lu locals (at most 65535)",
                   p->name, (unsigned long)w->maxlocals);
        w->failed = 1;
    }
    p->nlocals = (uint16_t)w->maxlocals;
    w->units.v[w->unit].cost = w->maxlocals + (uint32_t)w->maxdepth + 1;
}

static uint32_t new_proc(lw *w, const char *name, uint32_t line)
{
    ordo_proc p;
    memset(&p, 0, sizeof p);
    p.name = name;
    p.line = line;
    VPUSH(w, w->procs, p);
    unit_info u;
    memset(&u, 0, sizeof u);
    VPUSH(w, w->units, u);
    return w->procs.n - 1;
}

/* A trigger's prologue: its guard, its limit, then the trace line that
 * says it fires. Returns the jumps that skip the body. */
static u32vec trigger_prologue(lw *w, const ast_decl *d)
{
    u32vec quiet = {0};
    if (d->guard) {
        expr(w, d->guard);
        VPUSH(w, quiet, jump(w, ORDO_OP_JZ));
    }
    if (d->limit == LIMIT_ACTION) { /* not again in this action */
        uint32_t lv = (uint32_t)d->limit_var->index;
        emit_a(w, ORDO_OP_LDG, lv);
        VPUSH(w, quiet, jump(w, ORDO_OP_JNZ));
        push_const(w, 1);
        emit_a(w, ORDO_OP_STG, lv);
    } else if (d->limit) { /* not again in the turn it last fired in */
        uint32_t lv = (uint32_t)d->limit_var->index;
        emit_a(w, ORDO_OP_LDG, lv);
        emit_a(w, ORDO_OP_LDG, w->turn_var);
        emit_op(w, ORDO_OP_EQ);
        VPUSH(w, quiet, jump(w, ORDO_OP_JNZ));
        emit_a(w, ORDO_OP_LDG, w->turn_var);
        emit_a(w, ORDO_OP_STG, lv);
    }
    emit(w, ORDO_OP_TRIG, d->timing, (uint32_t)d->index, 0);
    return quiet;
}

static void lower_action(lw *w, const ast_decl *d);
static void override_prologue(lw *w, const ast_decl *d);

static void lower_fn_or_proc(lw *w, const ast_decl *d)
{
    if (d->is_action) {
        lower_action(w, d);
        return;
    }
    w->unit_file = ast_file_of(d->loc);
    unit_begin(w, (uint32_t)d->index, d->nlocals);
    override_prologue(w, d);
    if (d->kind == D_FN) {
        expr(w, d->body_expr);
        emit_op(w, ORDO_OP_RETV);
    } else {
        u32vec quiet = {0};
        if (d->timing)
            quiet = trigger_prologue(w, d);
        block(w, &d->body);
        patch_all_here(w, &quiet);
        emit_op(w, ORDO_OP_RET);
    }
    unit_end(w);
}

/* An anytime action's guard, as a fn of its player (windows call it). */
static void lower_guard(lw *w, const ast_decl *d)
{
    w->unit_file = ast_file_of(d->loc);
    unit_begin(w, w->guard_fn[d->index], d->nlocals);
    expr(w, d->is_action ? d->can_expr : d->guard);
    emit_op(w, ORDO_OP_RETV);
    unit_end(w);
}

/* `emit E(args)` of an event with triggers calls E's dispatch proc: the
 * `before` triggers, the event itself, the `immediately` triggers (no gap:
 * ODIN-T3), then, when `after` triggers follow and the ruleset has anytime
 * actions, a window for the active player (ODIN-T2), then the `after`
 * triggers. Each group runs in source order. */
/* The dispatch proc's params (the event's), pushed for a call or an EMIT. */
static void push_params(lw *w, const ast_decl *ev)
{
    for (uint32_t k = 0; k < ev->nparams; k++)
        emit_a(w, ORDO_OP_LDL, k);
}

static void call_trigger(lw *w, const ast_decl *ev, const ast_decl *tr)
{
    push_params(w, ev);
    call_unit(w, (uint32_t)tr->index);
}

/* `order chosen by P`: the triggers of one timing whose guards hold are
 * pending; while two or more are, P picks the next (each resolves fully
 * before the next is picked, and is skipped if its guard no longer holds);
 * the last one resolves without asking. */
static void chosen_group(lw *w, const ast_decl *ev, int timing)
{
    uint32_t n = 0;
    for (uint32_t t = 0; t < ev->ntriggers; t++)
        n += ev->triggers[t]->timing == timing;
    const ast_decl **g = arena_alloc(w->a, n * sizeof *g);
    n = 0;
    for (uint32_t t = 0; t < ev->ntriggers; t++)
        if (ev->triggers[t]->timing == timing)
            g[n++] = ev->triggers[t];
    uint32_t pend = take_locals(w, n), cnt = take_locals(w, 1);
    for (uint32_t k = 0; k < n; k++) {
        if (w->guard_fn[g[k]->index] != NO_LABEL) {
            push_params(w, ev);
            call_unit(w, w->guard_fn[g[k]->index]);
        } else {
            push_const(w, 1);
        }
        emit_a(w, ORDO_OP_STL, pend + k);
    }
    uint32_t loop = here(w);
    push_const(w, 0);
    for (uint32_t k = 0; k < n; k++) {
        emit_a(w, ORDO_OP_LDL, pend + k);
        emit_op(w, ORDO_OP_ADD);
    }
    emit_a(w, ORDO_OP_STL, cnt);
    emit_a(w, ORDO_OP_LDL, cnt);
    uint32_t done = jump(w, ORDO_OP_JZ);
    emit_a(w, ORDO_OP_LDL, cnt);
    push_const(w, 1);
    emit_op(w, ORDO_OP_EQ);
    uint32_t single = jump(w, ORDO_OP_JNZ);
    emit_op(w, ORDO_OP_OPTS);
    uint32_t *opt = arena_alloc(w->a, n * sizeof *opt);
    for (uint32_t k = 0; k < n; k++) {
        emit_a(w, ORDO_OP_LDL, pend + k);
        uint32_t skip = jump(w, ORDO_OP_JZ);
        opt[k] = add_plain_option(w, g[k]->label.text ? g[k]->label.text : g[k]->name,
                                  ast_line(g[k]->loc));
        emit_a(w, ORDO_OP_OFFERN, opt[k]);
        patch_here(w, skip);
    }
    wait_for(w, ev->order_by);
    for (uint32_t k = 0; k < n; k++) {
        w->options.v[opt[k]].target = here(w);
        push_const(w, 0);
        emit_a(w, ORDO_OP_STL, pend + k);
        call_trigger(w, ev, g[k]);
        jump_to(w, ORDO_OP_JMP, loop);
    }
    patch_here(w, single);
    for (uint32_t k = 0; k < n; k++) {
        emit_a(w, ORDO_OP_LDL, pend + k);
        uint32_t next = jump(w, ORDO_OP_JZ);
        push_const(w, 0);
        emit_a(w, ORDO_OP_STL, pend + k);
        call_trigger(w, ev, g[k]);
        patch_here(w, next);
    }
    jump_to(w, ORDO_OP_JMP, loop);
    patch_here(w, done);
    give_locals(w, pend);
}

/* A batch (`batch { }`, `order combined`): what resources receive and
 * the events emitted inside wait for its end; then the gains arrive
 * together and the events run, in order (ODIN-O3, TEO-S1b). Two locals
 * hold where its pending effects begin and the next event to run. */
static uint32_t batch_begin(lw *w)
{
    uint32_t l = take_locals(w, 2);
    emit(w, ORDO_OP_BATCH, 0, l, 0);
    return l;
}

static void batch_end(lw *w, uint32_t l)
{
    emit(w, ORDO_OP_BATCH, 1, l, 0);
    uint32_t next = emit(w, ORDO_OP_BNEXT, 0, l, 0);
    patch_here(w, next);
    /* BNEXT may call any event's dispatch proc: the stack must hold one */
    for (uint32_t i = 0; i < w->f->nevents; i++)
        if (w->dispatch[i] != NO_LABEL)
            VPUSH(w, w->units.v[w->unit].calls, (uint16_t)w->dispatch[i]);
    give_locals(w, l);
}

static void stmt_batch(lw *w, const ast_block *body)
{
    uint32_t l = batch_begin(w);
    block(w, body);
    batch_end(w, l);
}

/* The triggers of `ev` with one timing, in the order the event declares. */
static void trigger_group(lw *w, const ast_decl *ev, int timing)
{
    uint32_t n = 0;
    for (uint32_t t = 0; t < ev->ntriggers; t++)
        n += ev->triggers[t]->timing == timing;
    if (ev->order == ORDER_CHOSEN && n >= 2) {
        chosen_group(w, ev, timing);
        return;
    }
    uint32_t l = ev->order == ORDER_COMBINED && n >= 2 ? batch_begin(w) : NO_LABEL;
    for (uint32_t t = 0; t < ev->ntriggers; t++)
        if (ev->triggers[t]->timing == timing)
            call_trigger(w, ev, ev->triggers[t]);
    if (l != NO_LABEL)
        batch_end(w, l);
}

/* "Directly after" (ODIN-T2): when `after` triggers follow and the
 * ruleset has anytime actions, a window for the active player first. */
static void after_window(lw *w, const ast_decl *ev)
{
    int any = 0;
    for (uint32_t t = 0; t < ev->ntriggers; t++)
        any |= ev->triggers[t]->timing == TIMING_AFTER;
    if (!any || !w->has_anytime)
        return;
    uint32_t pl = take_locals(w, 1);
    emit_a(w, ORDO_OP_LDG, 0);
    emit_a(w, ORDO_OP_STL, pl);
    emit_a(w, ORDO_OP_LDL, pl);
    push_const(w, -1);
    emit_op(w, ORDO_OP_EQ);
    uint32_t no_one = jump(w, ORDO_OP_JNZ);
    char label[200];
    snprintf(label, sizeof label, "after %s", ev->name);
    window(w, pl, arena_strdup(w->a, label), ast_line(ev->loc));
    patch_here(w, no_one);
    give_locals(w, pl);
}

/* What follows an event (or an action's body): the `immediately`
 * triggers (no gap: ODIN-T3), the window, the `after` triggers. */
static void after_groups(lw *w, const ast_decl *ev)
{
    trigger_group(w, ev, TIMING_IMMEDIATELY);
    after_window(w, ev);
    trigger_group(w, ev, TIMING_AFTER);
}

static void lower_dispatch(lw *w, const ast_decl *ev)
{
    uint32_t id = w->dispatch[ev->index];
    w->unit_file = ast_file_of(ev->loc);
    unit_begin(w, id, ev->order_by && ev->nlocals > ev->nparams ? ev->nlocals : ev->nparams);
    trigger_group(w, ev, TIMING_BEFORE);
    push_params(w, ev);
    emit(w, ORDO_OP_EMIT, (int)ev->nparams, (uint32_t)ev->index, 0);
    after_groups(w, ev);
    emit_op(w, ORDO_OP_RET);
    unit_end(w);
}

/* An action (ODIN-O2, TEO-P1): its precondition (the `when` and every
 * cost affordable: else E_DENIED, nothing changed), its start (the
 * per-action block saved into the frame and reset), its up-front costs,
 * its `before` triggers, its body, the end of "in action", the
 * `immediately` triggers, the window and the `after` triggers, and its end
 * (the block restored: an enclosing action counts on). `return` in the
 * body jumps to the body's end. */
static void lower_action(lw *w, const ast_decl *d)
{
    const ast_decl *ev = d->action_event;
    w->unit_file = ast_file_of(d->loc);
    unit_begin(w, (uint32_t)d->index, d->nlocals > ev->nlocals ? d->nlocals : ev->nlocals);
    uint32_t save = take_locals(w, w->act_slots);
    w->procs.v[d->index].act_save = (uint16_t)(save + 1);
    w->procs.v[d->index].guard = (uint16_t)(w->guard_fn[d->index] + 1);
    push_params(w, d);
    call_unit(w, w->guard_fn[d->index]);
    char msg[300];
    snprintf(msg, sizeof msg, "action '%s' is not allowed now: its 'when' condition or a cost "
                              "does not hold", d->name);
    emit(w, ORDO_OP_ASSERT, 1, add_text(w, arena_strdup(w->a, msg), NULL), 0);
    emit(w, ORDO_OP_ACT, 0, (uint32_t)ev->index, (int32_t)save);
    for (const ast_cost *c = d->costs; c; c = c->next) {
        mark_loc(w, c->loc);
        pay_offer(w, c->target, c->amount, c->substitute, c->pay_guard, c->use_guard,
                  ast_line(c->loc), 1);
    }
    trigger_group(w, ev, TIMING_BEFORE);
    w->action_returns.n = 0;
    w->in_action = 1;
    block(w, &d->body);
    w->in_action = 0;
    patch_all_here(w, &w->action_returns);
    emit(w, ORDO_OP_ACT, 1, (uint32_t)ev->index, (int32_t)save);
    after_groups(w, ev);
    emit(w, ORDO_OP_ACT, 2, (uint32_t)ev->index, (int32_t)save);
    emit_op(w, ORDO_OP_RET);
    unit_end(w);
}

/* A fn or proc with overrides tries them first, the latest first: the
 * first whose `when` holds runs instead of the body (ODIN-P1). */
static void override_prologue(lw *w, const ast_decl *d)
{
    for (uint32_t k = d->noverriders; k-- > 0;) {
        const ast_decl *o = d->overriders[k];
        uint32_t skip = NO_LABEL;
        if (o->guard) {
            push_params(w, d);
            call_unit(w, w->guard_fn[o->index]);
            skip = jump(w, ORDO_OP_JZ);
        }
        if (d->kind == D_PROC)
            emit(w, ORDO_OP_TRIG, 0, (uint32_t)o->index, 0);
        push_params(w, d);
        call_unit(w, (uint32_t)o->index);
        emit_op(w, d->kind == D_FN ? ORDO_OP_RETV : ORDO_OP_RET);
        if (skip != NO_LABEL)
            patch_here(w, skip);
    }
}

/* The deepest chain of calls from a unit: slots and frames. A call back
 * into a unit still being measured is a cycle that check.c let through
 * (it goes through a window or a limited trigger): it counts nothing here,
 * and the totals get a reserve for RECURSION_DEPTH nested re-entries. */
#define RECURSION_DEPTH 4

/* Effects one batch can hold back (gains of one cell add up in one). */
#define MAX_PENDING 32

static void chain(lw *w, uint32_t u, int depth)
{
    unit_info *x = &w->units.v[u];
    if (x->done || depth > 10000)
        return;
    if (x->open) {
        w->cyclic = 1;
        return;
    }
    x->open = 1;
    uint32_t slots = 0, frames = 0;
    for (uint32_t i = 0; i < x->calls.n; i++) {
        uint32_t c = x->calls.v[i];
        chain(w, c, depth + 1);
        unit_info *y = &w->units.v[c];
        if (y->chain_slots > slots)
            slots = y->chain_slots;
        if (y->chain_frames > frames)
            frames = y->chain_frames;
    }
    x = &w->units.v[u];
    x->chain_slots = x->cost + slots;
    x->chain_frames = 1 + frames;
    x->done = 1;
    x->open = 0;
}

/* ------------------------------------------------------------- scenarios */

static char *join_cites(lw *w, const ast_cite *c)
{
    size_t n = 1;
    for (const ast_cite *x = c; x; x = x->next)
        n += strlen(x->id) + 1;
    char *s = arena_alloc(w->a, n);
    char *p = s;
    for (const ast_cite *x = c; x; x = x->next) {
        if (p != s)
            *p++ = ' ';
        size_t k = strlen(x->id);
        memcpy(p, x->id, k);
        p += k;
    }
    *p = 0;
    return s;
}

/* A scenario's event item names an event, or an action (its event). */
static uint32_t event_index(const ast_sym *s)
{
    const ast_decl *d = s->decl;
    return (uint32_t)(d->is_action ? d->action_event->index : d->index);
}

static void add_item(lw *w, const ast_item *it, int kind, const char *text)
{
    ordo_scenario_item x;
    memset(&x, 0, sizeof x);
    x.kind = (uint8_t)kind;
    x.text = text;
    x.line = ast_line(it->loc);
    for (int k = 0; k < ORDO_EVENT_MAX_ARGS; k++)
        x.args[k] = it->values[k];
    switch (kind) {
    case ORDO_SC_PLAYERS:
        x.a = (uint16_t)it->num;
        break;
    case ORDO_SC_SEED:
        x.args[0] = (int32_t)(uint32_t)((uint64_t)it->num & 0xffffffffu);
        x.args[1] = (int32_t)(uint32_t)((uint64_t)it->num >> 32);
        break;
    case ORDO_SC_PLAY:
        x.x = (uint8_t)it->nargs;
        break;
    case ORDO_SC_EVENT:
        x.a = (uint16_t)event_index(it->sym);
        x.x = it->has_args ? (uint8_t)it->nargs : 0;
        x.b = (int32_t)it->wild;
        break;
    case ORDO_SC_NO_EVENT:
        x.a = (uint16_t)event_index(it->sym);
        break;
    case ORDO_SC_BEFORE:
        x.a = (uint16_t)event_index(it->sym);
        x.b = (int32_t)event_index(it->sym2);
        break;
    case ORDO_SC_STEP_RAN:
    case ORDO_SC_STEP_NOT_RAN:
        x.a = (uint16_t)it->step->u.step.index;
        break;
    case ORDO_SC_OVER:
        x.x = it->expr ? 1 : 0;
        break;
    default:
        break;
    }
    VPUSH(w, w->items, x);
}

static void lower_item(lw *w, const ast_item *it, uint32_t main_proc, u16vec *evals,
                       u16vec *roots)
{
    char name[48];
    switch (it->kind) {
    case IT_SC_PLAYERS: add_item(w, it, ORDO_SC_PLAYERS, NULL); return;
    case IT_SC_SEED: add_item(w, it, ORDO_SC_SEED, NULL); return;
    case IT_SC_SETUP: {
        snprintf(name, sizeof name, "setup#%lu", (unsigned long)ast_line(it->loc));
        uint32_t id = new_proc(w, arena_strdup(w->a, name), ast_line(it->loc));
        w->unit_file = ast_file_of(it->loc);
        unit_begin(w, id, it->nlocals);
        block(w, &it->body);
        emit_op(w, ORDO_OP_RET);
        unit_end(w);
        add_item(w, it, ORDO_SC_SETUP, NULL);
        w->items.v[w->items.n - 1].a = (uint16_t)id;
        VPUSH(w, *roots, (uint16_t)id);
        return;
    }
    case IT_SC_PLAY:
        add_item(w, it, ORDO_SC_PLAY, NULL);
        w->items.v[w->items.n - 1].a =
            (uint16_t)(it->sym ? (uint32_t)it->sym->decl->index : main_proc);
        if (it->sym)
            VPUSH(w, *roots, (uint16_t)it->sym->decl->index);
        return;
    case IT_SC_CHOOSE:
        for (uint32_t i = 0; i < it->nlabels; i++)
            add_item(w, it, ORDO_SC_CHOOSE, it->labels[i]);
        return;
    case IT_SC_EXPECT: {
        snprintf(name, sizeof name, "expect#%lu", (unsigned long)ast_line(it->loc));
        uint32_t id = new_proc(w, arena_strdup(w->a, name), ast_line(it->loc));
        w->procs.v[id].returns = 1;
        w->unit_file = ast_file_of(it->loc);
        unit_begin(w, id, it->nlocals);
        expr(w, it->expr);
        emit_op(w, ORDO_OP_RETV);
        unit_end(w);
        add_item(w, it, ORDO_SC_EXPECT, it->source ? it->source : "");
        w->items.v[w->items.n - 1].a = (uint16_t)id;
        VPUSH(w, *evals, (uint16_t)id);
        return;
    }
    case IT_SC_DECISION: add_item(w, it, ORDO_SC_DECIDER, NULL); return;
    case IT_SC_OFFERED:
    case IT_SC_NOT_OFFERED:
        for (uint32_t i = 0; i < it->nlabels; i++)
            add_item(w, it, it->kind == IT_SC_OFFERED ? ORDO_SC_OFFERED : ORDO_SC_NOT_OFFERED,
                     it->labels[i]);
        return;
    case IT_SC_EVENT: add_item(w, it, ORDO_SC_EVENT, NULL); return;
    case IT_SC_NO_EVENT: add_item(w, it, ORDO_SC_NO_EVENT, NULL); return;
    case IT_SC_BEFORE: add_item(w, it, ORDO_SC_BEFORE, NULL); return;
    case IT_SC_STEP_RAN: add_item(w, it, ORDO_SC_STEP_RAN, NULL); return;
    case IT_SC_STEP_NOT_RAN: add_item(w, it, ORDO_SC_STEP_NOT_RAN, NULL); return;
    case IT_SC_OVER: add_item(w, it, ORDO_SC_OVER, NULL); return;
    default: return;
    }
}

/* ------------------------------------------------- policies and displays */

static void *to_arena(lw *w, const void *v, uint32_t n, size_t size);

/* The policies' tables; their by/when fns and the displays are evaluated
 * on top of a suspended game, like a scenario's expect fns (`evals`). */
static void lower_policies(lw *w, ordo_program *p, u16vec *evals)
{
    ast_file *f = w->f;
    VEC(ordo_policy) pols = {0};
    VEC(ordo_prefer) prefs = {0};
    VEC(ordo_display_decl) disps = {0};
    for (const ast_policy *pl = f->policies; pl; pl = pl->next) {
        ordo_policy x;
        memset(&x, 0, sizeof x);
        x.name = pl->name;
        x.label = pl->label ? pl->label : "";
        x.first = (uint16_t)prefs.n;
        x.count = (uint16_t)pl->nprefers;
        x.ties_random = pl->ties_random;
        x.line = ast_line(pl->loc);
        VPUSH(w, pols, x);
        for (const ast_prefer *pr = pl->prefers; pr; pr = pr->next) {
            ordo_prefer y;
            y.name = (uint16_t)(pr->name_id + 1);
            y.by = (uint16_t)(pr->by_fn ? pr->by_fn->index + 1 : 0);
            y.when = (uint16_t)(pr->when_fn ? pr->when_fn->index + 1 : 0);
            VPUSH(w, prefs, y);
        }
    }
    for (uint32_t i = 0; i < f->nfns; i++) {
        const ast_decl *d = f->fns[i];
        if (d->display) {
            ordo_display_decl x = {d->title ? d->title : "", (uint16_t)d->index, ast_line(d->loc)};
            VPUSH(w, disps, x);
        }
        if (d->display || d->policy_fn)
            VPUSH(w, *evals, (uint16_t)d->index);
    }
    if (f->npolicies > MAX_TABLE || prefs.n > MAX_TABLE || f->noption_names > MAX_TABLE) {
        diag_error(w->d, (ast_loc){0, 0}, "this ruleset has more policies than the runtime's "
                                          "tables hold");
        w->failed = 1;
    }
    p->option_names = to_arena(w, f->option_names, f->noption_names, sizeof *f->option_names);
    p->noption_names = (uint16_t)f->noption_names;
    p->policies = to_arena(w, pols.v, pols.n, sizeof *pols.v);
    p->npolicies = (uint16_t)pols.n;
    p->prefers = to_arena(w, prefs.v, prefs.n, sizeof *prefs.v);
    p->nprefers = (uint16_t)prefs.n;
    p->displays = to_arena(w, disps.v, disps.n, sizeof *disps.v);
    p->ndisplays = (uint16_t)disps.n;
    free(pols.v);
    free(prefs.v);
    free(disps.v);
}

/* ------------------------------------------------------------------ entry */

static void *to_arena(lw *w, const void *v, uint32_t n, size_t size)
{
    void *p = arena_alloc(w->a, (n ? n : 1) * size);
    if (n)
        memcpy(p, v, n * size);
    return p;
}

/* A proc with the params of `sig` (a fn, proc or event), for the tables. */
static uint32_t proc_with_params(lw *w, const char *name, uint32_t line, const ast_decl *sig,
                                 int returns)
{
    uint32_t id = new_proc(w, name, line);
    ordo_proc *p = &w->procs.v[id];
    p->nparams = (uint16_t)sig->nparams;
    p->returns = (uint8_t)returns;
    for (uint32_t k = 0; k < sig->nparams && k < 8; k++) {
        p->param_kind[k] = (uint8_t)kind_of(&sig->params[k]->type);
        p->param_enum[k] = enum_of(&sig->params[k]->type);
    }
    return id;
}

static void fill_procs(lw *w)
{
    ast_file *f = w->f;
    for (uint32_t i = 0; i < f->nfns; i++)
        proc_with_params(w, f->fns[i]->name, ast_line(f->fns[i]->loc), f->fns[i],
                         f->fns[i]->kind == D_FN);
}

static void fill_options(lw *w)
{
    ast_file *f = w->f;
    for (uint32_t i = 0; i < f->noptions; i++) {
        const ast_option *o = f->options[i];
        ordo_option x;
        memset(&x, 0, sizeof x);
        x.label = o->label.tmpl ? o->label.tmpl : o->label.text;
        x.param_kind = o->var ? (uint8_t)kind_of(&o->var->type) : 0xff;
        x.param_enum = o->var ? enum_of(&o->var->type) : 0;
        x.step = -1;
        x.line = ast_line(o->loc);
        x.name = (uint16_t)(o->name_id + 1);
        VPUSH(w, w->options, x);
    }
    for (uint32_t i = 0; i < f->nescapes; i++) {
        const ast_escape *e = f->escapes[i];
        ordo_escape x;
        memset(&x, 0, sizeof x);
        x.label = e->label.text;
        x.step = -1;
        x.line = ast_line(e->loc);
        VPUSH(w, w->escapes, x);
    }
}

/* The procs the compiler adds: a dispatch proc per event with triggers
 * ("on EVENT"), a guard fn per guarded anytime action ("when ACTION"). */
static void add_listener_procs(lw *w)
{
    ast_file *f = w->f;
    w->dispatch = arena_alloc(w->a, (f->nevents + 1) * sizeof *w->dispatch);
    w->guard_fn = arena_alloc(w->a, (f->nfns + 1) * sizeof *w->guard_fn);
    for (uint32_t i = 0; i < f->nevents; i++) {
        const ast_decl *ev = f->events[i];
        w->dispatch[i] = NO_LABEL;
        if (!ev->ntriggers || ev->action) /* an action dispatches its own */
            continue;
        char name[200];
        snprintf(name, sizeof name, "on %s", ev->name);
        w->dispatch[i] = proc_with_params(w, arena_strdup(w->a, name), ast_line(ev->loc), ev, 0);
    }
    for (uint32_t i = 0; i < f->nfns; i++) {
        const ast_decl *d = f->fns[i];
        w->guard_fn[i] = NO_LABEL;
        w->has_anytime |= d->anytime;
        int chosen = d->timing && d->event && d->event->order == ORDER_CHOSEN;
        int needs = d->is_action || (d->guard && (d->anytime || chosen || d->is_override));
        if (!needs)
            continue;
        char name[200];
        snprintf(name, sizeof name, d->is_action ? "can %s" : "when %s", d->name);
        w->guard_fn[i] = proc_with_params(w, arena_strdup(w->a, name), ast_line(d->loc), d, 1);
    }
}

/* How many options one choose can offer (escapes come on top). */
static uint32_t iter_extent(const lw *w, const ast_iter *it)
{
    switch (it->kind) {
    case IT_ENUM: return it->enm->nmembers;
    case IT_RANGE:
        if (it->lo->is_const && it->hi->is_const) {
            int64_t n = (int64_t)it->hi->cval - it->lo->cval + 1;
            return n < 0 ? 0 : n > 65535 ? 65535 : (uint32_t)n;
        }
        return 256;
    case IT_LIST: {
        const ast_expr *l = it->list;
        const ast_sym *s = l->kind == E_INDEX ? l->base->sym : l->sym;
        return s->type.cap;
    }
    default: return (uint32_t)w->f->max_players;
    }
}

static uint32_t max_options(lw *w)
{
    uint32_t best = 2; /* optional steps and windows */
    ast_file *f = w->f;
    for (uint32_t i = 0; i < f->noptions;) {
        const ast_option *o = f->options[i];
        uint32_t n = 0;
        /* options of one choose are consecutive and linked */
        for (; o; o = o->next, i++)
            n += o->var ? iter_extent(w, o->iter) : 1;
        if (n > best)
            best = n;
    }
    uint32_t anytime = 1; /* a window: its anytime actions and "pass" */
    for (uint32_t i = 0; i < f->nfns; i++)
        anytime += f->fns[i]->anytime;
    if (anytime > best)
        best = anytime;
    for (uint32_t i = 0; i < f->nevents; i++) /* a chosen order */
        if (f->events[i]->ntriggers > best)
            best = f->events[i]->ntriggers;
    uint64_t total = (uint64_t)best + f->nescapes;
    return total > 65535 ? 65535 : (uint32_t)total;
}

const ordo_program *oc_lower(oc_arena *arena, ast_file *file, diag *d)
{
    lw w0;
    lw *w = &w0;
    memset(w, 0, sizeof *w);
    w->a = arena;
    w->d = d;
    w->f = file;
    ordo_program *p = ARENA_NEW(arena, ordo_program);
    p->magic = ORDO_PROGRAM_MAGIC;
    p->version = ORDO_PROGRAM_VERSION;
    p->title = file->title ? file->title : "";
    p->source = file->source ? file->source : "";
    p->file = file->path ? file->path : d->path;
    p->min_players = (uint8_t)file->min_players;
    p->max_players = (uint8_t)file->max_players;

    uint32_t state_size = 0;
    uint32_t nvars = 0;
    p->vars = lower_vars(w, &state_size, &nvars);
    p->nvars = (uint16_t)nvars;
    p->state_size = state_size;
    w->turn_var = file->turn_var ? (uint32_t)file->turn_var->index : 0;
    if (file->acting_var) {
        w->acting_var = (uint32_t)file->acting_var->index;
        p->act_first = (uint16_t)file->act_first;
        w->act_slots = (state_size - p->vars[file->act_first].offset + 3u) / 4u;
    }
    p->max_pending = file->has_batches ? MAX_PENDING : 0;
    lower_enums(w, p);
    lower_data(w, p);
    lower_steps(w, p);
    lower_events(w, p);

    fill_procs(w);
    fill_options(w);
    uint32_t main_proc = new_proc(w, "sequence", file->sequence ? ast_line(file->sequence->loc) : 0);
    add_listener_procs(w);

    for (uint32_t i = 0; i < file->nfns; i++)
        lower_fn_or_proc(w, file->fns[i]);
    for (uint32_t i = 0; i < file->nfns; i++)
        if (w->guard_fn[i] != NO_LABEL)
            lower_guard(w, file->fns[i]);
    for (uint32_t i = 0; i < file->nevents; i++)
        if (w->dispatch[i] != NO_LABEL) {
            lower_dispatch(w, file->events[i]);
            w->events[i].dispatch = (uint16_t)(w->dispatch[i] + 1);
        }
    w->unit_file = file->sequence ? ast_file_of(file->sequence->loc) : 0;
    unit_begin(w, main_proc, file->sequence ? file->sequence->nlocals : 0);
    if (file->sequence)
        block(w, &file->sequence->body);
    emit_op(w, ORDO_OP_RET);
    unit_end(w);

    u16vec evals = {0};
    u16vec roots = {0};
    VPUSH(w, roots, (uint16_t)main_proc);
    VEC(ordo_scenario) scen = {0};
    for (uint32_t i = 0; i < file->nscenarios; i++) {
        const ast_decl *sd = file->scenarios[i];
        if (sd->layer + 1 < file->nlayers)
            continue; /* a base's scenarios test the base (checked, not run) */
        ordo_scenario s;
        s.name = sd->title ? sd->title : "";
        s.rule = join_cites(w, sd->cites);
        s.first = w->items.n;
        s.line = ast_line(sd->loc);
        for (const ast_item *it = sd->items; it; it = it->next)
            lower_item(w, it, main_proc, &evals, &roots);
        s.count = w->items.n - s.first;
        VPUSH(w, scen, s);
    }
    lower_policies(w, p, &evals);

    /* exact sizes: the deepest root chain, plus the deepest expect run on
     * top of a suspended game */
    uint32_t slots = 0, frames = 0, eslots = 0, eframes = 0;
    for (uint32_t i = 0; i < roots.n; i++) {
        chain(w, roots.v[i], 0);
        unit_info *u = &w->units.v[roots.v[i]];
        slots = u->chain_slots > slots ? u->chain_slots : slots;
        frames = u->chain_frames > frames ? u->chain_frames : frames;
    }
    for (uint32_t i = 0; i < evals.n; i++) {
        chain(w, evals.v[i], 0);
        unit_info *u = &w->units.v[evals.v[i]];
        eslots = u->chain_slots > eslots ? u->chain_slots : eslots;
        eframes = u->chain_frames > eframes ? u->chain_frames : eframes;
    }
    if (w->cyclic) { /* room for the cycle to nest RECURSION_DEPTH times */
        slots *= RECURSION_DEPTH + 1;
        frames *= RECURSION_DEPTH + 1;
    }
    uint32_t stack = slots + eslots + 1;
    if (stack > 65535 || frames + eframes > 65535 || w->code.n >= (uint32_t)INT32_MAX) {
        diag_error(d, (ast_loc){0, 0}, "this ruleset needs more stack than the runtime allows");
        w->failed = 1;
    }
    for (uint32_t i = 0; i < w->procs.n; i++)
        if (w->procs.v[i].nparams > w->procs.v[i].nlocals)
            w->procs.v[i].nlocals = w->procs.v[i].nparams;
    if (w->procs.n > MAX_TABLE || w->options.n > MAX_TABLE || w->texts.n > MAX_TABLE ||
        file->nsteps > 32767) {
        diag_error(d, (ast_loc){0, 0}, "this ruleset has more procedures, options, texts or "
                                       "steps than the runtime's tables hold");
        w->failed = 1;
    }

    p->stack_size = (uint16_t)stack;
    p->max_frames = (uint16_t)(frames + eframes);
    p->max_options = (uint16_t)max_options(w);
    p->max_escapes = (uint16_t)file->nescapes;
    p->main_proc = (uint16_t)main_proc;
    p->code = to_arena(w, w->code.v, w->code.n, sizeof *w->code.v);
    p->ncode = w->code.n;
    p->procs = to_arena(w, w->procs.v, w->procs.n, sizeof *w->procs.v);
    p->nprocs = (uint16_t)w->procs.n;
    p->options = to_arena(w, w->options.v, w->options.n, sizeof *w->options.v);
    p->noptions = (uint16_t)w->options.n;
    p->escapes = to_arena(w, w->escapes.v, w->escapes.n, sizeof *w->escapes.v);
    p->nescapes = (uint16_t)w->escapes.n;
    p->texts = to_arena(w, w->texts.v, w->texts.n, sizeof *w->texts.v);
    p->ntexts = (uint16_t)w->texts.n;
    p->scenarios = to_arena(w, scen.v, scen.n, sizeof *scen.v);
    p->nscenarios = (uint16_t)scen.n;
    p->items = to_arena(w, w->items.v, w->items.n, sizeof *w->items.v);
    p->nitems = w->items.n;
    p->lines = w->lines.n ? to_arena(w, w->lines.v, w->lines.n, sizeof *w->lines.v) : NULL;
    p->nlines = w->lines.n;
    if (d->nmore) { /* several files (a layer's bases, CSVs): name them */
        const char **files = ARENA_ARRAY(arena, const char *, d->nmore + 1);
        for (uint32_t k = 0; k <= d->nmore; k++)
            files[k] = diag_path(d, k);
        p->files = files;
        p->nfiles = (uint16_t)(d->nmore + 1);
    }

    for (uint32_t i = 0; i < w->units.n; i++)
        free(w->units.v[i].calls.v);
    free(w->units.v);
    free(w->code.v);
    free(w->procs.v);
    free(w->options.v);
    free(w->escapes.v);
    free(w->texts.v);
    free(w->items.v);
    free(w->lines.v);
    free(w->loops.v);
    free(w->action_returns.v);
    free(evals.v);
    free(roots.v);
    free(scen.v);

    if (w->failed)
        return NULL;
    char msg[200];
    if (ordo_validate(p, msg, sizeof msg) != ORDO_OK) {
        diag_error(d, (ast_loc){0, 0}, "internal error: the lowered program is inconsistent: %s",
                   msg);
        return NULL;
    }
    return p;
}

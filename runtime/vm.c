/* vm.c — the interpreter loop.
 *
 * vm_run runs a program's emitted C when it has some (ordo_native.h),
 * else the interpreter. The interpreter, vm_interp (vm_loop.h), executes
 * instructions from g->pc until the game
 * suspends (WAIT: ORDO_DECIDE), ends (END, or RET from the first frame:
 * ORDO_OVER), a nested run (ordo_exec/ordo_eval) returns to its base frame
 * (ORDO_OK), or an error stops it. The registers (pc, sp, fp, frame depth,
 * current step, instruction count) live in locals and are written back to
 * the game block whenever control leaves the loop or a trace callback may
 * look at the game.
 *
 * Dispatch: computed goto under GCC/clang (one indirect jump per handler),
 * a plain switch otherwise (or with -DORDO_NO_COMPUTED_GOTO). The
 * instruction count is added to at jumps, calls and returns, not at each
 * dispatch (vm_loop.h, steps0).
 *
 * The program was validated when the game was created (validate.c), so the
 * static operands (var, proc, step, option, escape, event and text indexes,
 * jump targets, event arity) are trusted here; everything that depends on
 * values (stack depth, locals, var indexes, ranges, list positions, player
 * numbers) is checked as it runs.
 */
#include <stdio.h>

#include "vm.h"

#if defined(__GNUC__)
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#define NOINLINE __attribute__((noinline, cold))
#else
#define LIKELY(x) (x)
#define UNLIKELY(x) (x)
#define NOINLINE
#endif

#if defined(__GNUC__) && !defined(ORDO_NO_COMPUTED_GOTO)
#define VM_GOTO 1
#endif

/* GCC: no global common-subexpression elimination (its manual's advice for
 * computed goto: it merges the handlers' dispatch into one shared jump and
 * spills the registers the loop lives in) and no cross-jumping (each
 * handler keeps its own copy of the dispatch, one indirect jump each).
 * Together about 10% fewer machine instructions a VM instruction
 * (doc/performance.md). Other compilers take the function as it is. */
/* Whether a op b leaves int32 (else *r = a op b): GCC's and clang's
 * builtin (an add and a jump on the overflow flag), or the 64-bit result
 * compared with int32's ends. */
#if defined(__GNUC__)
#define OVERFLOWS(f_, op_, a, b, r) __builtin_##f_##_overflow((a), (b), (r))
#else
#define OVERFLOWS(f_, op_, a, b, r) wide_to_int32((int64_t)(a) op_ (int64_t)(b), (r))
static inline int wide_to_int32(int64_t w, int32_t *r)
{
    if (w < INT32_MIN || w > INT32_MAX)
        return 1;
    *r = (int32_t)w;
    return 0;
}
#endif

#if defined(VM_GOTO) && defined(__GNUC__) && !defined(__clang__)
#define VM_RUN_OPTIMIZE __attribute__((optimize("no-gcse", "no-crossjumping")))
#else
#define VM_RUN_OPTIMIZE
#endif

static const char *var_name(const ordo_var *v)
{
    return v->name ? v->name : "?";
}

int vm_fail(ordo_game *g, int code, uint32_t pc, const char *fmt, ...)
{
    g->status = code;
    g->err_code = code;
    g->err_pc = pc;
    g->err_step = g->cur_step;
    g->err_proc = g->nframes ? (int32_t)VM_FRAMES(g)[g->nframes - 1].proc : -1;
    g->decider = -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->err_detail, sizeof g->err_detail, fmt, ap);
    va_end(ap);
    return code;
}

/* "player 7 is not in this 4-player game", "Color index 5 is not a member" */
static NOINLINE int fail_index(ordo_game *g, uint32_t pc, const ordo_var *v, int d, int32_t x)
{
    const ordo_program *p = g->p;
    switch (v->dim_kind[d]) {
    case ORDO_DIM_PLAYER:
        if (x < 0)
            return vm_fail(g, ORDO_E_INDEX, pc, "%s[...]: index is none, not a player",
                           var_name(v));
        return vm_fail(g, ORDO_E_INDEX, pc, "%s[...]: player %ld is not in this %d-player game",
                       var_name(v), (long)x + 1, g->nplayers);
    case ORDO_DIM_ENUM: {
        const char *en = v->dim_enum[d] < p->nenums && p->enums[v->dim_enum[d]].name
                             ? p->enums[v->dim_enum[d]].name
                             : "?";
        return vm_fail(g, ORDO_E_INDEX, pc, "%s[...]: %ld is not a member of %s", var_name(v),
                       (long)x, en);
    }
    default:
        return vm_fail(g, ORDO_E_INDEX, pc, "%s[...]: index %ld is not in %ld..%ld",
                       var_name(v), (long)x, (long)v->dim_lo[d],
                       (long)v->dim_lo[d] + v->dim_n[d] - 1);
    }
}

static NOINLINE int fail_range(ordo_game *g, uint32_t pc, const ordo_var *v, int32_t x)
{
    return vm_fail(g, ORDO_E_RANGE, pc, "%s = %ld: the value is not in %ld..%ld", var_name(v),
                   (long)x, (long)v->lo, (long)v->hi);
}

/* Index x of dimension d of var v as an offset 0..extent-1 (players: the
 * game's count; ranges: from their low end), or -1 when it is out. */
static inline int64_t dim_off(const ordo_var *v, unsigned d, int32_t x, int32_t nplayers)
{
    unsigned kind = v->dim_kind[d];
    int64_t off = (int64_t)x - (kind == ORDO_DIM_RANGE ? v->dim_lo[d] : 0);
    int64_t ext = kind == ORDO_DIM_PLAYER ? nplayers : v->dim_n[d];
    return (uint64_t)off < (uint64_t)ext ? off : -1;
}

/* The cell number of var v at indexes ix[0..ndims), or -1-d when index d is
 * out of bounds. Unrolled: a validated var has at most 2 dimensions. */
static inline int64_t cell_of(const ordo_var *v, const int32_t *ix, int32_t nplayers)
{
    unsigned nd = v->ndims;
    if (nd == 0)
        return 0;
    int64_t cell = dim_off(v, 0, ix[0], nplayers);
    if (UNLIKELY(cell < 0))
        return -1;
    if (nd == 1)
        return cell;
    int64_t off = dim_off(v, 1, ix[1], nplayers);
    if (UNLIKELY(off < 0))
        return -2;
    return cell * v->dim_n[1] + off;
}

/* A player value in an error message: "player 3", "none", or a value
 * that is no player at all. */
static const char *player_words(char *buf, size_t n, int32_t p)
{
    if (p == -1)
        snprintf(buf, n, "none");
    else if (p < -1)
        snprintf(buf, n, "%ld (not a player)", (long)p);
    else
        snprintf(buf, n, "player %ld", (long)p + 1);
    return buf;
}
#define PLAYER_WORDS(p) player_words((char[32]){0}, 32, (p))

void vm_emit(ordo_game *g, int kind, int player, int id, int nargs, const int32_t *args)
{
    ordo_event ev;
    g->seq++;
    if (!g->trace)
        return;
    memset(&ev, 0, sizeof ev);
    ev.seq = g->seq;
    ev.kind = (uint8_t)kind;
    ev.player = (int8_t)player;
    ev.step = (int16_t)g->cur_step;
    ev.id = (uint16_t)id;
    if (nargs > ORDO_EVENT_MAX_ARGS)
        nargs = ORDO_EVENT_MAX_ARGS;
    ev.nargs = (uint8_t)nargs;
    for (int k = 0; k < nargs; k++)
        ev.args[k] = args[k];
    vm_event_visibility(g, &ev);
    g->trace(g->trace_ctx, g, &ev);
}

/* The end of what may be dirty above a top: the mark, within the area. */
static uint32_t dirty_end(uint32_t mark, uint32_t top, uint32_t cap)
{
    return mark > cap ? cap : mark < top ? top : mark;
}

/* Zeroes area[top .. end of what may be dirty): most calls find nothing
 * dirty, and a memset of nothing still costs a call (one a decision). */
static void zero_above(void *area, size_t size, uint32_t top, uint32_t mark, uint32_t cap)
{
    uint32_t e = dirty_end(mark, top, cap);
    if (e > top)
        memset((char *)area + (size_t)top * size, 0, (size_t)(e - top) * size);
}

/* Zero everything above the live tops (see vm.h, "Canonical form"): up to
 * the marks the run raised (dirty_*), not whole areas, which for a large
 * program cost more than a decision's code (doc/performance.md). */
void vm_canonical(ordo_game *g)
{
    const ordo_program *p = g->p;
    zero_above(VM_STACK(g), sizeof(int32_t), g->sp, g->dirty_sp, p->stack_size);
    zero_above(VM_FRAMES(g), sizeof(vm_frame), g->nframes, g->dirty_frames, p->max_frames);
    zero_above(VM_OPTS(g), sizeof(vm_opt), g->nopts, g->dirty_opts, p->max_options);
    zero_above(VM_ESCS(g), sizeof(vm_esc), g->nesc, g->dirty_esc, p->max_escapes);
    zero_above(VM_PEND(g), sizeof(vm_pend), g->npend, g->dirty_pend, p->max_pending);
    /* the run goes on in the innermost frame, whose operands can reach its
     * end with no frame pushed */
    g->dirty_sp = g->sp;
    if (g->nframes) {
        uint32_t end = VM_FRAME_END(p, &p->procs[VM_FRAMES(g)[g->nframes - 1].proc], g->fp);
        if (end > g->dirty_sp)
            g->dirty_sp = end;
    }
    g->dirty_frames = (uint16_t)g->nframes;
    g->dirty_opts = g->nopts;
    g->dirty_esc = g->nesc;
    g->dirty_pend = g->npend;
}

/* Pushes args and a frame for `proc`; the caller's pc and step are saved in
 * the frame. The run then starts at the proc's first instruction. */
int vm_call(ordo_game *g, int proc, const int32_t *args, int nargs)
{
    const ordo_program *p = g->p;
    const ordo_proc *pr = &p->procs[proc];
    if (g->nframes >= p->max_frames)
        return vm_fail(g, ORDO_E_STACK, g->pc, "call depth %u exhausted calling %s",
                       (unsigned)p->max_frames, pr->name ? pr->name : "?");
    if ((uint32_t)g->sp + pr->nlocals > p->stack_size || pr->nparams > pr->nlocals)
        return vm_fail(g, ORDO_E_STACK, g->pc, "value stack (%u slots) exhausted calling %s",
                       (unsigned)p->stack_size, pr->name ? pr->name : "?");
    int32_t *st = VM_STACK(g);
    uint32_t nfp = g->sp;
    for (int k = 0; k < nargs; k++)
        st[nfp + (uint32_t)k] = args[k];
    for (uint32_t k = (uint32_t)nargs; k < pr->nlocals; k++)
        st[nfp + k] = 0;
    vm_frame *f = &VM_FRAMES(g)[g->nframes++];
    f->ret_pc = g->pc;
    f->fp = g->fp;
    f->proc = (uint16_t)proc;
    f->step = (int16_t)g->cur_step;
    f->pad = 0;
    VM_DIRTY_FRAME(g, VM_FRAME_END(p, pr, nfp), g->nframes);
    g->fp = nfp;
    g->sp = nfp + pr->nlocals;
    g->pc = pr->pc;
    return ORDO_OK;
}

#ifdef VM_GOTO
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#endif


/* The loop that runs until control goes back to the host, and the one
 * that runs a single instruction (vm_loop.h). */
#define VM_LOOP_NAME vm_interp
#define VM_ONE 0
#define VM_FUSE 1
#include "vm_loop.h"
#undef VM_LOOP_NAME
#undef VM_ONE
#undef VM_FUSE

#define VM_LOOP_NAME vm_step
#define VM_ONE 1
#define VM_FUSE 0
#include "vm_loop.h"
#undef VM_LOOP_NAME
#undef VM_ONE
#undef VM_FUSE

#ifdef VM_GOTO
#pragma GCC diagnostic pop
#endif

/* The emitted program's own code when it has some (ordo_native.h). */
int vm_run(ordo_game *g, int mode, uint32_t base, int32_t *result)
{
    if (g->p->native)
        return g->p->native(g, mode, base, result);
    return vm_interp(g, mode, base, result);
}

int ordo_vm_step(ordo_game *g, int mode, uint32_t base, int32_t *result)
{
    return vm_step(g, mode, base, result);
}

int ordo_vm_interpret(ordo_game *g, int mode, uint32_t base, int32_t *result)
{
    return vm_interp(g, mode, base, result);
}

void ordo_vm_event(ordo_game *g, int kind, int player, int id, int nargs, const int32_t *args)
{
    vm_emit(g, kind, player, id, nargs, args);
}


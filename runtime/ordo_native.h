/* ordo_native.h — what the C that ordoc emits needs of the runtime, and
 * nothing a host should use: the game block's header and areas, the
 * storage helpers, and the two ways into the interpreter.
 *
 * ordoc compiles each procedure and step into C (compiler/emit_native.c):
 * the simple instructions inline, over the same game block the
 * interpreter uses (the locals and operands in the value stack, at
 * offsets from the frame base fixed per pc), and every other instruction,
 * and every instruction whose checks fail, by one call of ordo_vm_step,
 * which runs that instruction in the interpreter. A run entered where the
 * emitted code has no entry, or in a frame it does not expect, goes on in
 * ordo_vm_interpret. So the interpreter stays the one definition of what
 * an instruction does, and the emitted code's trace, errors and block are
 * the interpreter's (tests/e2e/same_trace.c holds them to that).
 *
 * The layout here is the runtime's private business: it changes with
 * ORDO_PROGRAM_VERSION, and an emitted program is compiled against the
 * runtime it links with. Hosts use ordo.h alone.
 */
#ifndef ORDO_NATIVE_H
#define ORDO_NATIVE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ordo.h"

#define ORDO_DETAIL_MAX 160

/* A frame: what CALL saves, and what RET restores. */
typedef struct vm_frame {
    uint32_t ret_pc;    /* the caller's pc to resume */
    uint32_t fp;        /* the caller's frame base (slot index) */
    uint16_t proc;      /* the callee: the proc this frame runs */
    int16_t step;       /* the caller's current step */
    uint32_t pad;
} vm_frame;

/* One option of the current decision. */
enum { VM_OPT_PARAM = 0, VM_OPT_PLAIN = 1, VM_OPT_ESCAPE = 2 };
typedef struct vm_opt {
    uint16_t id;        /* option index, or escape index */
    uint16_t kind;      /* VM_OPT_* */
    int32_t param;      /* the param; for an escape: its slot in the escape stack */
} vm_opt;

/* One open escape. */
typedef struct vm_esc {
    uint16_t id;        /* escape index */
    int16_t step;       /* current step when ESC ran */
    int32_t player;     /* 0-based, -1: none (never offered) */
    uint32_t sp;        /* value-stack depth (slots) after ESC popped the player */
    uint32_t fp;        /* frame base then */
    uint16_t nframes;   /* frame depth then */
    uint16_t scope_base;/* escape-stack depth when its scope began */
    uint16_t npend;     /* pending effects then */
    uint16_t batch;     /* batch depth then */
} vm_esc;

/* An effect a batch holds back to its end: a gain (`+=` on a resource) or
 * an event (an `emit`, with its args). */
enum { VM_PEND_GAIN = 0, VM_PEND_EVENT = 1 };
typedef struct vm_pend {
    uint8_t kind;       /* VM_PEND_* */
    uint8_t nargs;      /* event: its arg count */
    uint16_t id;        /* the var, or the event */
    uint32_t off;       /* gain: the cell's byte offset in the state */
    int32_t args[ORDO_EVENT_MAX_ARGS]; /* gain: args[0] = the amount */
} vm_pend;

/* The run loop's modes. */
enum { VM_MAIN = 0, VM_EXEC = 1, VM_EVAL = 2 };

struct ordo_game {
    const ordo_program *p;
    ordo_trace_fn trace;
    void *trace_ctx;
    ordo_chance_fn chance; /* rolls asked from the host first (ordo.h) */
    void *chance_ctx;
    uint64_t size;         /* bytes of the whole block */
    uint64_t rng;          /* the game's generator (SplitMix64 state) */
    uint64_t steps;        /* instructions executed so far */
    uint64_t max_steps;    /* the limit (never 0 here) */
    uint32_t off_state, off_stack, off_frames, off_opts, off_escs, off_pend;
    int32_t status;        /* ORDO_OK, ORDO_DECIDE, ORDO_OVER or an error */
    uint32_t pc;           /* where ordo_run resumes */
    uint32_t sp;           /* value-stack depth in slots */
    uint32_t fp;           /* current frame base (slot index) */
    uint32_t nframes;
    uint32_t seq;          /* last trace sequence number */
    int32_t cur_step;      /* innermost running step, -1 if none */
    int32_t decider;       /* -1 unless status == ORDO_DECIDE */
    int32_t winner;        /* -1 if none */
    int32_t nplayers;
    uint16_t nopts, nesc;
    uint16_t npend;        /* effects held back by open batches */
    uint16_t batch;        /* batches open (nested ones merge into the first) */
    uint8_t ran;           /* ordo_run or ordo_start was called */
    uint8_t secret;        /* the pending decision is secret (`choose p
                            * secretly`, 1) or one of a simultaneous group
                            * (2): the choice is traced for its decider alone */
    uint16_t end_reason;   /* over: 1 + the text of `end game because`, 0 none */
    uint8_t end_limit;     /* ... a limit the rules set (`because limit`) */
    uint8_t chance_draws;  /* a shuffle asks the chance callback too
                            * (ordo_set_chance_draws); as the callback,
                            * no part of a position, dropped by a save */
    uint8_t pad[2];
    /* How far above their tops the areas may hold what a run left there
     * (vm_canonical zeroes up to here, then sets them to the tops): the
     * end of the deepest frame pushed (its base + its proc's room), the
     * most frames, options, escapes and held-back effects since. */
    uint32_t dirty_sp;
    uint16_t dirty_frames, dirty_opts, dirty_esc, dirty_pend;
    /* the last error */
    int32_t err_code;
    uint32_t err_pc;
    int32_t err_step;
    int32_t err_proc;      /* proc running at the error, -1 if unknown */
    char err_detail[ORDO_DETAIL_MAX];
};

#define VM_STATE(g) ((unsigned char *)(g) + (g)->off_state)
#define VM_CSTATE(g) ((const unsigned char *)(g) + (g)->off_state)
#define VM_STACK(g) ((int32_t *)(void *)((unsigned char *)(g) + (g)->off_stack))
#define VM_FRAMES(g) ((vm_frame *)(void *)((unsigned char *)(g) + (g)->off_frames))
#define VM_OPTS(g) ((vm_opt *)(void *)((unsigned char *)(g) + (g)->off_opts))
#define VM_COPTS(g) ((const vm_opt *)(const void *)((const unsigned char *)(g) + (g)->off_opts))
#define VM_ESCS(g) ((vm_esc *)(void *)((unsigned char *)(g) + (g)->off_escs))
#define VM_CESCS(g) ((const vm_esc *)(const void *)((const unsigned char *)(g) + (g)->off_escs))
#define VM_PEND(g) ((vm_pend *)(void *)((unsigned char *)(g) + (g)->off_pend))
#define VM_CSTACK(g) ((const int32_t *)(const void *)((const unsigned char *)(g) + (g)->off_stack))
#define VM_CFRAMES(g) ((const vm_frame *)(const void *)((const unsigned char *)(g) + (g)->off_frames))
#define VM_CPEND(g) ((const vm_pend *)(const void *)((const unsigned char *)(g) + (g)->off_pend))

/* Storage: signed, 1, 2 or 4 bytes, any alignment. */
static inline int32_t vm_load(const unsigned char *a, unsigned w)
{
    if (w == 1)
        return (int8_t)a[0];
    if (w == 2) {
        int16_t v;
        memcpy(&v, a, 2);
        return v;
    }
    int32_t v;
    memcpy(&v, a, 4);
    return v;
}

static inline void vm_store(unsigned char *a, unsigned w, int32_t v)
{
    if (w == 1) {
        a[0] = (unsigned char)(int8_t)v;
    } else if (w == 2) {
        int16_t s = (int16_t)v;
        memcpy(a, &s, 2);
    } else {
        memcpy(a, &v, 4);
    }
}

/* A set's cell: ORDO_SET_WORDS(cap) 64-bit words, bit k (word k / 64, bit
 * k % 64) set when member lo + k is in. Words go through memcpy: vars are
 * packed without alignment. */
static inline uint64_t vm_set_word(const unsigned char *cell, uint32_t i)
{
    uint64_t w;
    memcpy(&w, cell + 8u * i, 8);
    return w;
}

static inline int vm_set_has(const unsigned char *cell, uint32_t k)
{
    return (int)((vm_set_word(cell, k / 64u) >> (k % 64u)) & 1u);
}

static inline void vm_set_put(unsigned char *cell, uint32_t k, int in)
{
    uint64_t w = vm_set_word(cell, k / 64u), bit = (uint64_t)1 << (k % 64u);
    w = in ? w | bit : w & ~bit;
    memcpy(cell + 8u * (k / 64u), &w, 8);
}

/* The lowest set bit of a nonzero word. */
static inline uint32_t vm_ctz64(uint64_t w)
{
#if defined(__GNUC__) || defined(__clang__)
    return (uint32_t)__builtin_ctzll(w);
#else
    uint32_t n = 0;
    for (; !(w & 1u); w >>= 1)
        n++;
    return n;
#endif
}

static inline uint32_t vm_popcount64(uint64_t w)
{
#if defined(__GNUC__) || defined(__clang__)
    return (uint32_t)__builtin_popcountll(w);
#else
    uint32_t n = 0;
    for (; w; w &= w - 1)
        n++;
    return n;
#endif
}

/* The first member index >= k of a set over n members, or -1: a word at a
 * time, so a walk over the members costs per member and per word, not per
 * member of the domain. */
static inline int32_t vm_set_next(const unsigned char *cell, uint32_t n, int64_t k)
{
    if (k < 0)
        k = 0;
    if (k >= (int64_t)n)
        return -1;
    uint32_t i = (uint32_t)k / 64u, words = ORDO_SET_WORDS(n);
    uint64_t w = vm_set_word(cell, i) & (~(uint64_t)0 << ((uint32_t)k % 64u));
    while (!w) {
        if (++i >= words)
            return -1;
        w = vm_set_word(cell, i);
    }
    return (int32_t)(i * 64u + vm_ctz64(w));
}

static inline uint32_t vm_set_count(const unsigned char *cell, uint32_t n)
{
    uint32_t c = 0;
    for (uint32_t i = 0; i < ORDO_SET_WORDS(n); i++)
        c += vm_popcount64(vm_set_word(cell, i));
    return c;
}

/* ordo_vm_step: one instruction ran, the run goes on at g->pc. */
#define VM_STEPPED 0x53544550

/* Runs the instruction at g->pc (registers as in the block) in the
 * interpreter: VM_STEPPED, or what the run came to (a decision, the end,
 * the base frame reached, an error). */
int ordo_vm_step(ordo_game *g, int mode, uint32_t base, int32_t *result);
/* Runs from g->pc in the interpreter until control goes back to the host. */
int ordo_vm_interpret(ordo_game *g, int mode, uint32_t base, int32_t *result);
/* The event of a traced instruction, through the trace callback as the
 * interpreter makes it (the registers saved in the block first): the
 * emitted C traces without the interpreter. */
void ordo_vm_event(ordo_game *g, int kind, int player, int id, int nargs, const int32_t *args);

/* A frame pushed (frames in all, its end on the stack): what
 * vm_canonical zeroes reaches it. */
#define VM_DIRTY_FRAME(g, end_, nframes_)                                          \
    do {                                                                           \
        if ((end_) > (g)->dirty_sp)                                                \
            (g)->dirty_sp = (end_);                                                \
        if ((nframes_) > (g)->dirty_frames)                                        \
            (g)->dirty_frames = (uint16_t)(nframes_);                              \
    } while (0)
/* where a frame of proc pr_ at nfp_ ends: its room, or (a program made
 * by hand, room 0) the whole stack */
#define VM_FRAME_END(p_, pr_, nfp_) ((pr_)->room ? (nfp_) + (pr_)->room : (uint32_t)(p_)->stack_size)
/* the options list emptied: the options it had are above its top */
#define VM_CLEAR_OPTS(g)                                                           \
    do {                                                                           \
        if ((g)->nopts > (g)->dirty_opts)                                          \
            (g)->dirty_opts = (g)->nopts;                                          \
        (g)->nopts = 0;                                                            \
    } while (0)

/* ---- the emitted code's registers and steps (compiler/emit_native.c)
 *
 * A run of the emitted code keeps in locals what vm_interp keeps: the
 * frame base fp, the frame depth, the current step and the instruction
 * count; pc and dsp (the value stack's depth) only where control moves
 * through `dispatch`. The operands are the block's own slots. */
#define ON_REGISTERS                                                               \
    unsigned char *const state = VM_STATE(g);                                      \
    int32_t *const stack = VM_STACK(g);                                            \
    int32_t *const stack_end = stack + g->p->stack_size;                           \
    vm_frame *const frames = VM_FRAMES(g);                                         \
    const int32_t nplayers = g->nplayers;                                          \
    const uint64_t limit = g->max_steps;                                           \
    uint32_t pc = g->pc, dsp = g->sp, nframes = g->nframes;                        \
    int32_t *fp = stack + g->fp;                                                   \
    int32_t cur_step = g->cur_step;                                                \
    uint64_t steps = g->steps;                                                     \
    const uint32_t level = nframes; /* the frame this function was entered in */   \
    int rc;                                                                        \
    (void)level;                                                                   \
    (void)state;                                                                   \
    (void)nplayers;                                                                \
    (void)limit;                                                                   \
    (void)rc
/* A proc's function returns ON_GOTO when the run goes on at g->pc in
 * code that is not its own (a return, a frame the interpreter left):
 * its caller, or `run`, takes it from there. */
#define ON_GOTO 0x474f544f
/* `called`: 1 from a CALL (the frame pushed and checked: the function
 * starts at its first pc), 0 from `run` (it resumes at g->pc through
 * its switch) */
typedef int (*on_fn)(ordo_game *g, int mode, uint32_t base, int32_t *result, int called);

/* The function of the proc whose code pc is (first[]: where the procs'
 * code starts, ascending; fn[]: their functions), NULL when none. The
 * entry `hint` (the innermost frame's proc's, where pc mostly is) is
 * tried first, then the search. */
static inline on_fn on_lookup(const uint32_t *first, const on_fn *fn, uint32_t n, uint32_t pc,
                              uint32_t hint)
{
    if (hint < n && first[hint] <= pc && (hint + 1u == n || pc < first[hint + 1u]))
        return fn[hint];
    if (n == 0 || pc < first[0])
        return NULL;
    uint32_t lo = 0, hi = n;
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (first[mid] <= pc)
            lo = mid;
        else
            hi = mid;
    }
    return fn[lo];
}

/* the registers into the block, the run at pc_ with sp_ values stacked */
#define ON_SAVE(pc_, sp_)                                                          \
    (g->pc = (pc_), g->sp = (sp_), g->fp = (uint32_t)(fp - stack),                 \
     g->nframes = nframes, g->cur_step = cur_step, g->steps = steps)
#define ON_LOAD()                                                                  \
    (pc = g->pc, dsp = g->sp, fp = stack + g->fp, nframes = g->nframes,            \
     cur_step = g->cur_step, steps = g->steps)
/* The macros below are expressions: the control flow (every goto and
 * return) is written out in the emitted C where it happens. */

/* the run is at instruction pc_, top_ slots above fp's base in use (before
 * `goto slow`, where the interpreter runs it) */
#define ON_AT(pc_, top_) (pc = (pc_), dsp = (uint32_t)(fp - stack) + (top_))
/* the instruction at pc run by the interpreter: VM_STEPPED when the run
 * goes on at the pc it left (the registers reloaded), else what ends the
 * run (the function returns it) */
#define ON_STEP()                                                                  \
    (ON_SAVE(pc, dsp), rc = ordo_vm_step(g, mode, base, result),                   \
     rc == VM_STEPPED ? (ON_LOAD(), rc) : rc)
/* whether the run is at pc_ with top_ slots in use: the C goes on in
 * line after an instruction the interpreter ran, or a call returned */
#define ON_HERE(pc_, top_) (pc == (pc_) && dsp == (uint32_t)(fp - stack) + (top_))
/* whether a resume point takes the run: the frame is one of proc_'s, top_
 * slots are in use and room_ free from its base (else the interpreter) */
#define ON_FITS(proc_, top_, room_)                                                \
    (frames[nframes - 1u].proc == (proc_) && dsp == (uint32_t)(fp - stack) + (top_) && \
     stack_end - fp >= (ptrdiff_t)(room_))
/* CALL, the frame pushed: the callee's function fn_ run from its first pc
 * entry_: ON_GOTO when the run goes on (the registers reloaded; ON_HERE
 * says whether where it returns), else what ends the run */
#define ON_CALL(fn_, entry_, nlocals_)                                             \
    (ON_SAVE((entry_), (uint32_t)(fp - stack) + (nlocals_)),                       \
     rc = fn_(g, mode, base, result, 1), rc == ON_GOTO ? (ON_LOAD(), rc) : rc)
/* CALL: the caller's frame record (the callee's base set after), and how
 * far the callee's frame may reach (its base nfp_ + its room_) */
#define ON_FRAME(ret_, proc_, nfp_, room_)                                         \
    do {                                                                           \
        vm_frame *f_ = &frames[nframes++];                                         \
        f_->ret_pc = (ret_);                                                       \
        f_->fp = (uint32_t)(fp - stack);                                           \
        f_->proc = (uint16_t)(proc_);                                              \
        f_->step = (int16_t)cur_step;                                              \
        f_->pad = 0;                                                               \
        VM_DIRTY_FRAME(g, (uint32_t)((nfp_) - stack) + (room_), nframes);          \
    } while (0)
/* RET: back to the caller's base, step and pc; dsp the callee's base */
#define ON_RETURN()                                                                \
    do {                                                                           \
        vm_frame *f_ = &frames[--nframes];                                         \
        dsp = (uint32_t)(fp - stack);                                              \
        fp = stack + f_->fp;                                                       \
        cur_step = f_->step;                                                       \
        pc = f_->ret_pc;                                                           \
    } while (0)
/* a traced instruction's event, the run at its pc (ON_AT): the registers
 * in the block, the instruction counted, as the interpreter has them when
 * it calls the trace callback */
#define ON_EVENT(kind_, player_, id_, nargs_, args_)                               \
    (ON_SAVE(pc, dsp), g->steps = steps + 1,                                       \
     ordo_vm_event(g, (kind_), (player_), (id_), (nargs_), (args_)))
#define ON_OFFER(id_, kind_, param_)                                               \
    do {                                                                           \
        vm_opt *o_ = &VM_OPTS(g)[g->nopts];                                        \
        o_->id = (uint16_t)(id_);                                                  \
        o_->kind = (kind_);                                                        \
        o_->param = (param_);                                                      \
        g->nopts++;                                                                \
    } while (0)

#endif /* ORDO_NATIVE_H */

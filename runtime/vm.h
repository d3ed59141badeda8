/* vm.h — private to the runtime: the game block, the opcode enum, and the
 * helpers shared by vm.c, game.c, trace.c, validate.c and policy.c.
 *
 * The game block is one contiguous allocation with no internal pointers
 * (everything is an offset from the block's start), so a memcpy copies a
 * game. Layout (doc/internals.md, "The game block"):
 *
 *   struct ordo_game (the header) | state (state_size, rounded to 8) |
 *   value stack (stack_size int32) | frames (max_frames) |
 *   options (max_options) | escapes (max_escapes) | pending (max_pending)
 *
 * Canonical form: whenever control returns to the host, every slot above
 * the live top of the value stack, frame stack, option list and escape
 * stack is zero. Two games in the same logical state are then equal byte
 * for byte, and ordo_eval can restore a game exactly.
 */
#ifndef ORDO_VM_H
#define ORDO_VM_H

#include <stdarg.h>
#include <string.h>

#include "ordo.h"
#include "opcodes.h"


#define ORDO_DEFAULT_MAX_STEPS 100000000u
#define ORDO_NO_PARAM 0xffu
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
    uint8_t pad[3];
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

/* FNV-1a 64 over n bytes, from h (VM_FNV_OFFSET to start): the hash of
 * saves (save.c) and of positions (position.c). */
#define VM_FNV_OFFSET 1469598103934665603ull
static inline uint64_t vm_fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *s = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ s[i]) * 1099511628211ull;
    return h;
}

/* vm.c */
int vm_run(ordo_game *g, int mode, uint32_t base_frames, int32_t *result);
int vm_fail(ordo_game *g, int code, uint32_t pc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
void vm_canonical(ordo_game *g);

/* state.c */
/* Where each area of a game block starts (byte offsets), and its size. */
typedef struct vm_layout {
    uint64_t state, stack, frames, opts, escs, pend, size;
} vm_layout;
void vm_compute_layout(const ordo_program *p, vm_layout *l);
/* Vars first..end-1 to their initial values, on a zeroed area. */
void vm_init_vars(ordo_game *g, uint16_t first, uint16_t end);
/* Puts back the per-action block an action's start saved in the frame at
 * fp (escapes leaving actions use it; ACT x=2 does the same). */
void vm_restore_action(ordo_game *g, const int32_t *saved);
#define ROUND8(x) (((x) + 7u) & ~(uint64_t)7u)
/* act_revise: the start state of the last revisable action ended, after
 * the state (8-aligned), then its flag: 1 + the action's proc, 0 when
 * there is none to take back (another action began since), and the
 * player who took it. */
#define VM_REVISE(g) (VM_STATE(g) + ROUND8((uint64_t)(g)->p->state_size))
#define VM_REVISE_FLAG(g) ((int32_t *)(void *)(VM_REVISE(g) + ROUND8((uint64_t)(g)->p->state_size)))
/* The bytes of the state area: the vars, and with act_revise that copy
 * and its flag. */
uint64_t vm_state_area(const ordo_program *p);
/* Where an action's saved copy of the state begins: 0 when the program
 * undoes actions (the whole state), else the per-action block. */
uint32_t vm_action_save_from(const ordo_program *p);
/* Undoes an action (act_undo): every var but the `kept` ones as `saved`,
 * the whole state its start copied, holds. */
void vm_undo_action(ordo_game *g, const int32_t *saved);
/* Writes each per-action var after "#acting" back to its initial value. */
void vm_reset_action(ordo_game *g);

/* vm.c */
void vm_emit(ordo_game *g, int kind, int player, int id, int nargs, const int32_t *args);
/* view.c: a cell's values for a trace line: a scalar's value, or a
 * list's length then as many elements as fit in `room`; how many written. */
unsigned vm_cell_values(const ordo_var *v, const unsigned char *cell, int32_t *out,
                        unsigned room);
/* view.c: who sees ev whole (ev->seen_by) and what the others do not
 * (ev->hide), from the program's declarations and the state now. */
void vm_event_visibility(const ordo_game *g, ordo_event *ev);
/* ev as seat sees it: ev itself, or *tmp, a masked copy (seen_by
 * VM_SEEN_MASKED): the args in its `hide` bits zeroed and to be written
 * "?" (vm_masked_arg), a secret choice's option id VM_MASKED_ID. */
const ordo_event *vm_event_as(const ordo_event *ev, int seat, ordo_event *tmp);
#define VM_SEEN_MASKED (-3)
#define VM_MASKED_ID UINT16_MAX
static inline int vm_masked_arg(const ordo_event *ev, int k)
{
    return ev->seen_by == VM_SEEN_MASKED && k < 7 && (ev->hide >> k & 1);
}
/* The cell number of (i, j) in var v (host indexes: players 0-based up to
 * the game's count, ranges by value), or -1 when out of bounds. */
int64_t vm_host_cell(const ordo_game *g, const ordo_var *v, int i, int j);
int vm_call(ordo_game *g, int proc, const int32_t *args, int nargs);

/* rng.c */
uint64_t vm_splitmix(uint64_t *state);

/* trace.c: a bounded string builder that counts the full length. */
typedef struct vm_buf {
    char *s;
    size_t n;    /* capacity */
    size_t len;  /* length wanted so far */
    int json;    /* escape what is put as in a JSON string */
} vm_buf;
void vb_init(vm_buf *b, char *s, size_t n);
void vb_putc(vm_buf *b, char c);
void vb_puts(vm_buf *b, const char *s);
void vb_int(vm_buf *b, long long v);
void vb_vprintf(vm_buf *b, const char *fmt, va_list ap);
int vb_end(vm_buf *b); /* terminates; returns len (or ORDO_E_ARG if huge) */
/* A value as labels show it; 0 or ORDO_E_ARG (bad enum) */
int vb_value(vm_buf *b, const ordo_program *p, int kind, int enum_id, int32_t v);
/* Does option o's label read exactly `label`? */
int vm_label_eq(const ordo_game *g, const vm_opt *o, const char *label);
/* A label template with its "{}" filled in */
void vb_option_label(vm_buf *b, const ordo_game *g, const vm_opt *o);
/* A log event's text with its values; 0 for a text the program lacks */
int vb_log(vm_buf *b, const ordo_program *p, const ordo_event *ev);

/* game.c: ordo_eval with `trace` (may be NULL) seeing what the run emits,
 * that then puts the whole header back as it was, even after an error
 * (policies and displays must leave a game untouched). */
int vm_eval_quiet(ordo_game *g, int proc, const int32_t *args, int nargs, int32_t *result,
                  ordo_trace_fn trace, void *ctx);

#endif /* ORDO_VM_H */

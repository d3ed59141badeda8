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
#include "ordo_native.h"


#define ORDO_DEFAULT_MAX_STEPS 100000000u
#define ORDO_NO_PARAM 0xffu

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

/* state.h — private to the runtime: the game block's layout and the
 * declared state in it (state.c), which the interpreter (vm.c), the host
 * API (game.c) and what a seat sees (view.c) share. state.c sees nothing
 * of the runtime but this and the block's header (ordo_native.h).
 */
#ifndef ORDO_STATE_H
#define ORDO_STATE_H

#include "ordo.h"
#include "ordo_native.h"

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

/* The cell number of (i, j) in var v (host indexes: players 0-based up to
 * the game's count, ranges by value), or -1 when out of bounds. */
int64_t vm_host_cell(const ordo_game *g, const ordo_var *v, int i, int j);

#endif /* ORDO_STATE_H */

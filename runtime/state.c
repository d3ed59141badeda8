/* state.c — the game block's layout, and the declared state in it:
 * initial values, and the per-action block that an action saves, resets
 * and restores.
 *
 * Both the host API (game.c, at ordo_init) and the interpreter (vm.c, at
 * ACT and at escapes leaving actions) need these; they live here so that
 * game.c calls vm.c and never the other way round.
 */
#include <string.h>

#include "state.h"


uint64_t vm_state_area(const ordo_program *p)
{
    uint64_t vars = ROUND8((uint64_t)p->state_size);
    return p->act_revise ? 2 * vars + 8 : vars;
}

void vm_compute_layout(const ordo_program *p, vm_layout *l)
{
    l->state = ROUND8(sizeof(struct ordo_game));
    l->stack = l->state + vm_state_area(p);
    l->frames = l->stack + ROUND8((uint64_t)p->stack_size * sizeof(int32_t));
    l->opts = l->frames + (uint64_t)p->max_frames * sizeof(vm_frame);
    l->escs = l->opts + ROUND8((uint64_t)p->max_options * sizeof(vm_opt));
    l->pend = l->escs + ROUND8((uint64_t)p->max_escapes * sizeof(vm_esc));
    l->size = l->pend + ROUND8((uint64_t)p->max_pending * sizeof(vm_pend));
}

/* Vars first..end-1 to their initial values, on a zeroed area. */
void vm_init_vars(ordo_game *g, uint16_t first, uint16_t end)
{
    const ordo_program *p = g->p;
    unsigned char *st = VM_STATE(g);
    for (uint16_t i = first; i < end; i++) {
        const ordo_var *v = &p->vars[i];
        if (v->is_list || v->is_set || v->init == 0)
            continue; /* lists and sets start empty; the block is zeroed */
        uint32_t cells = 1;
        for (unsigned d = 0; d < v->ndims; d++)
            cells *= v->dim_n[d];
        for (uint32_t c = 0; c < cells; c++)
            vm_store(st + v->offset + c * v->stride, v->width, v->init);
    }
}

/* The per-action block runs from "#acting" to the end of the state. */
static uint32_t action_block(const ordo_program *p, uint32_t *size)
{
    uint32_t off = p->vars[p->act_first].offset;
    *size = p->state_size - off;
    return off;
}

int64_t vm_host_cell(const ordo_game *g, const ordo_var *v, int i, int j)
{
    int ix[2] = {i, j};
    int64_t cell = 0;
    for (unsigned d = 0; d < 2; d++) {
        if (d >= v->ndims) {
            if (ix[d] != 0)
                return -1;
            continue;
        }
        int64_t off = ix[d], ext = v->dim_n[d];
        if (v->dim_kind[d] == ORDO_DIM_PLAYER)
            ext = g->nplayers;
        else if (v->dim_kind[d] == ORDO_DIM_RANGE)
            off -= v->dim_lo[d];
        if (off < 0 || off >= ext)
            return -1;
        cell = cell * v->dim_n[d] + off;
    }
    return cell;
}

uint32_t vm_action_save_from(const ordo_program *p)
{
    return p->act_undo ? 0 : p->vars[p->act_first].offset;
}

void vm_reset_action(ordo_game *g)
{
    const ordo_program *p = g->p;
    uint32_t size, off = action_block(p, &size);
    uint32_t keep = p->vars[p->act_first].stride; /* "#acting" goes on counting */
    memset(VM_STATE(g) + off + keep, 0, size - keep);
    vm_init_vars(g, (uint16_t)(p->act_first + 1), p->nvars);
}

void vm_restore_action(ordo_game *g, const int32_t *saved)
{
    uint32_t size, off = action_block(g->p, &size);
    const unsigned char *from = (const unsigned char *)saved;
    memcpy(VM_STATE(g) + off, from + (off - vm_action_save_from(g->p)), size);
}

void vm_undo_action(ordo_game *g, const int32_t *saved)
{
    const ordo_program *p = g->p;
    const unsigned char *from = (const unsigned char *)saved;
    unsigned char *st = VM_STATE(g);
    for (uint16_t i = 0; i < p->nvars; i++) {
        const ordo_var *v = &p->vars[i];
        if (v->kept)
            continue;
        uint32_t cells = 1;
        for (unsigned d = 0; d < v->ndims; d++)
            cells *= v->dim_n[d];
        memcpy(st + v->offset, from + v->offset, (size_t)cells * v->stride);
    }
}

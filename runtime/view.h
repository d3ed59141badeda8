/* view.h — private to the runtime: what a seat sees of a traced event
 * (view.c), for the interpreter (vm.c, when it emits one) and the trace
 * lines (trace.c). */
#ifndef ORDO_VIEW_H
#define ORDO_VIEW_H

#include "ordo.h"

/* A cell's values for a trace line: a scalar's value, or a
 * list's length then as many elements as fit in `room`; how many written. */
unsigned vm_cell_values(const ordo_var *v, const unsigned char *cell, int32_t *out,
                        unsigned room);
/* Who sees ev whole (ev->seen_by) and what the others do not
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

#endif /* ORDO_VIEW_H */

/* vm.h — private to the runtime: the interpreter (vm.c) and what the
 * files above it share, with the headers of the files below it: the
 * block's layout (state.h), what a seat sees (view.h), the string builder
 * and labels (trace.h), the generator (rng.h). Those files include their
 * own headers, not this one, so that none of them uses vm.c's.
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
#include "rng.h"
#include "state.h"
#include "trace.h"
#include "view.h"


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
void vm_emit(ordo_game *g, int kind, int player, int id, int nargs, const int32_t *args);
int vm_call(ordo_game *g, int proc, const int32_t *args, int nargs);

/* game.c: ordo_eval with `trace` (may be NULL) seeing what the run emits,
 * that then puts the whole header back as it was, even after an error
 * (policies and displays must leave a game untouched). */
int vm_eval_quiet(ordo_game *g, int proc, const int32_t *args, int nargs, int32_t *result,
                  ordo_trace_fn trace, void *ctx);

#endif /* ORDO_VM_H */

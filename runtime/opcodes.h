/* opcodes.h — the instruction numbers, their operand kinds, their stack
 * effects and how the emitted C runs them, from the one list
 * (opcode_list.h).
 *
 * Shared by the runtime (vm.h, validate.c), the compiler (lower.c,
 * disasm.c) and the C the compiler emits; not part of the public API
 * (ordo.h), which treats programs as opaque. Everything here is an enum or
 * static inline: the library exports no symbol for it.
 */
#ifndef ORDO_OPCODES_H
#define ORDO_OPCODES_H

#include <stdint.h>

#include "ordo.h"

enum {
#define OP(n, ...) ORDO_OP_##n,
#include "opcode_list.h"
#undef OP
    ORDO_OP_COUNT
};

/* What an operand field (x, a or b) of an instruction holds: the list's
 * x, a and b columns (opcode_list.h says what each means). */
enum {
    ORDO_OPND_NO, /* not used: 0 first, so that a kind is "used" when nonzero */
    ORDO_OPND_N,
    ORDO_OPND_LOCAL,
    ORDO_OPND_PARAM,
    ORDO_OPND_JUMP,
    ORDO_OPND_POS,
    ORDO_OPND_VAR,
    ORDO_OPND_CELL,
    ORDO_OPND_SCALAR,
    ORDO_OPND_LIST,
    ORDO_OPND_SET,
    ORDO_OPND_START,
    ORDO_OPND_HIDDEN,
    ORDO_OPND_PROC,
    ORDO_OPND_STEP,
    ORDO_OPND_OPTION,
    ORDO_OPND_ESCAPE,
    ORDO_OPND_EVENT,
    ORDO_OPND_TEXT,
    ORDO_OPND_SIDES,
    ORDO_OPND_FLAG,
    ORDO_OPND_MODE,
    ORDO_OPND_TIMING,
    ORDO_OPND_ARGS,
    ORDO_OPND_REASON,
    ORDO_OPND_ROWS,
    ORDO_OPND_OFFSET,
    ORDO_OPND_DECIDE,
    ORDO_OPND_COUNT_
};

/* How the emitted C runs an instruction: the list's c column. */
enum { ORDO_NATIVE_INLINE, ORDO_NATIVE_INTERP, ORDO_NATIVE_LEAVE };

/* What field f (0: x, 1: a, 2: b) of op holds, one of ORDO_OPND_*;
 * ORDO_OPND_NO for an unknown op. */
static inline unsigned ordo_op_operand(unsigned op, int f)
{
    static const uint8_t kinds[ORDO_OP_COUNT][3] = {
#define OP(n, x, a, b, ...) {ORDO_OPND_##x, ORDO_OPND_##a, ORDO_OPND_##b},
#include "opcode_list.h"
#undef OP
    };
    return op < ORDO_OP_COUNT && f >= 0 && f < 3 ? kinds[op][f] : (unsigned)ORDO_OPND_NO;
}

/* Whether a var operand kind names a var (VAR, CELL, ... HIDDEN). */
static inline int ordo_opnd_is_var(unsigned kind)
{
    return kind >= ORDO_OPND_VAR && kind <= ORDO_OPND_HIDDEN;
}

/* How the emitted C runs op: ORDO_NATIVE_*; LEAVE for an unknown op. */
static inline unsigned ordo_op_native(unsigned op)
{
    static const uint8_t native[ORDO_OP_COUNT] = {
#define OP(n, x, a, b, po, pu, c, e) ORDO_NATIVE_##c,
#include "opcode_list.h"
#undef OP
    };
    return op < ORDO_OP_COUNT ? native[op] : (unsigned)ORDO_NATIVE_LEAVE;
}

/* An instruction's name ("LDX"), NULL for an unknown opcode. */
static inline const char *ordo_op_name(unsigned op)
{
    static const char *const names[ORDO_OP_COUNT] = {
#define OP(n, ...) #n,
#include "opcode_list.h"
#undef OP
    };
    return op < ORDO_OP_COUNT ? names[op] : NULL;
}

/* A pops or pushes column of the list as a number: what it counts (the
 * high bits, one of ORDO_SK_*) plus a constant (the low 8 bits). */
enum {
    ORDO_SK_CONST = 0x00ff,
    ORDO_SK_X = 0x0100,  /* the instruction's x */
    ORDO_SK_ND = 0x0200, /* var a's ndims */
    ORDO_SK_NP = 0x0400, /* proc a's nparams */
    ORDO_SK_NR = 0x0800  /* proc a's returns */
};
#define ORDO_STK_K(c) (c)
#define ORDO_STK_X(c) (ORDO_SK_X | (c))
#define ORDO_STK_ND(c) (ORDO_SK_ND | (c))
#define ORDO_STK_NP(c) (ORDO_SK_NP | (c))
#define ORDO_STK_NR(c) (ORDO_SK_NR | (c))

/* The pops (which = 0) or pushes (which = 1) column of op; 0 for an
 * unknown op. */
static inline unsigned ordo_op_column(unsigned op, int which)
{
    static const uint16_t cols[ORDO_OP_COUNT][2] = {
#define OP(n, x, a, b, po, pu, ...) {ORDO_STK_##po, ORDO_STK_##pu},
#include "opcode_list.h"
#undef OP
    };
    return op < ORDO_OP_COUNT ? cols[op][which != 0] : 0u;
}

/* What the stack effect of op depends on besides x: ORDO_SK_ND (var a's
 * ndims), ORDO_SK_NP and ORDO_SK_NR (proc a's nparams and returns), or'd;
 * 0 when it depends on the instruction alone. */
static inline unsigned ordo_op_needs(unsigned op)
{
    return (ordo_op_column(op, 0) | ordo_op_column(op, 1)) &
           (ORDO_SK_ND | ORDO_SK_NP | ORDO_SK_NR);
}

static inline int ordo_op_count_(unsigned col, unsigned x, unsigned nd, unsigned nparams,
                                 unsigned returns)
{
    unsigned n = col & ORDO_SK_CONST;
    if (col & ORDO_SK_X)
        n += x;
    if (col & ORDO_SK_ND)
        n += nd;
    if (col & ORDO_SK_NP)
        n += nparams;
    if (col & ORDO_SK_NR)
        n += returns;
    return (int)n;
}

/* How many values instruction `in` takes from the operand stack and then
 * leaves on it, when it falls through (opcode_list.h): nd is var a's
 * ndims, nparams and returns proc a's, each read only when ordo_op_needs
 * says so (pass 0 otherwise). -1 for an unknown op, else 0. */
static inline int ordo_op_stack(const ordo_insn *in, unsigned nd, unsigned nparams,
                                unsigned returns, int *pops, int *pushes)
{
    if (in->op >= ORDO_OP_COUNT) {
        *pops = *pushes = 0;
        return -1;
    }
    *pops = ordo_op_count_(ordo_op_column(in->op, 0), in->x, nd, nparams, returns);
    *pushes = ordo_op_count_(ordo_op_column(in->op, 1), in->x, nd, nparams, returns);
    return 0;
}

/* The same, with var a and proc a looked up in program p; -1 when the op
 * is unknown or its var or proc is not in p's tables. */
static inline int ordo_op_stack_in(const ordo_program *p, const ordo_insn *in, int *pops,
                                   int *pushes)
{
    unsigned needs = ordo_op_needs(in->op), nd = 0, np = 0, nr = 0;
    *pops = *pushes = 0;
    if (needs & ORDO_SK_ND) {
        if (in->a >= p->nvars)
            return -1;
        nd = p->vars[in->a].ndims;
    }
    if (needs & (ORDO_SK_NP | ORDO_SK_NR)) {
        if (in->a >= p->nprocs)
            return -1;
        np = p->procs[in->a].nparams;
        nr = p->procs[in->a].returns;
    }
    return ordo_op_stack(in, nd, np, nr, pops, pushes);
}

#endif /* ORDO_OPCODES_H */

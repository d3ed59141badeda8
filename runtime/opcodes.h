/* opcodes.h — the instruction numbers, from the one list (opcode_list.h).
 *
 * Shared by the runtime (vm.h) and the compiler (lower.c, disasm.c); not
 * part of the public API (ordo.h), which treats programs as opaque.
 */
#ifndef ORDO_OPCODES_H
#define ORDO_OPCODES_H

enum {
#define OP(n, o, e) ORDO_OP_##n,
#include "opcode_list.h"
#undef OP
    ORDO_OP_COUNT
};

#endif /* ORDO_OPCODES_H */

/* generated from tests/e2e/data/tiny.ordo by ordoc 0.1.0 — do not edit */
#ifndef ORDO_GEN_TINY_H_
#define ORDO_GEN_TINY_H_

#include "ordo.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const ordo_program tiny_program;

#ifdef __cplusplus
}
#endif
#endif

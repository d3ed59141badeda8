/* rng.h — private to the runtime: the generator behind the dice and the
 * policies (rng.c). */
#ifndef ORDO_RNG_H
#define ORDO_RNG_H

#include <stdint.h>

uint64_t vm_splitmix(uint64_t *state);

#endif /* ORDO_RNG_H */

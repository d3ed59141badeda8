/* rng.c — the generators: SplitMix64 for the game's dice and for the
 * policies, and an unbiased draw below n (Lemire's multiply-shift with
 * rejection). doc/runtime.md spells the algorithm out so that any host can
 * reproduce the draws. */
#include "ordo.h"
#include "rng.h"

uint64_t vm_splitmix(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* The high 32 bits of the next SplitMix64 output. */
uint32_t ordo_rng_next(uint64_t *state)
{
    return state ? (uint32_t)(vm_splitmix(state) >> 32) : 0;
}

/* Uniform in 0..n-1 (0 when n is 0 or 1, without drawing for n == 0; 0,
 * drawing nothing, for a NULL state).
 * x = next(); m = x * n (64-bit); if low32(m) < n, recompute the threshold
 * t = (2^32 - n) mod n and draw again while low32(m) < t; result high32(m). */
uint32_t ordo_rng_below(uint64_t *state, uint32_t n)
{
    if (n == 0 || !state)
        return 0;
    uint64_t m = (uint64_t)ordo_rng_next(state) * n;
    uint32_t l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while (l < t) {
            m = (uint64_t)ordo_rng_next(state) * n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

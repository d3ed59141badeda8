/* fuzz.h — what every fuzz target shares (tests/fuzz/target_*.c).
 *
 * A target is one function, LLVMFuzzerTestOneInput, built two ways:
 *   - with clang's libFuzzer (`make fuzz`): coverage-guided, for hours;
 *   - with replay.c's main (`make test`): every file of its seed corpus run
 *     once, under the sanitizers, so the targets stay built and the corpus
 *     stays clean on a machine that has only gcc.
 * A target aborts when the code under test breaks a promise (a game block
 * changed by a call that said it changed nothing, two engines that
 * disagree, an internal error); sanitizers catch the rest.
 */
#ifndef ORDO_FUZZ_H
#define ORDO_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* The repository's root, where the targets find the rulesets they load
 * (set by the Makefile; the current folder otherwise). */
#ifndef ORDO_ROOT
#define ORDO_ROOT "."
#endif

/* A broken promise: says which, then aborts (libFuzzer saves the input). */
#define FUZZ_ASSERT(cond)                                                              \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "%s:%d: fuzz assertion failed: %s\n", __FILE__, __LINE__,  \
                    #cond);                                                            \
            abort();                                                                   \
        }                                                                              \
    } while (0)

/* The input read a byte at a time; past its end, zeros. */
typedef struct fuzz_in {
    const uint8_t *p;
    size_t n, i;
} fuzz_in;

static inline unsigned fuzz_byte(fuzz_in *in)
{
    return in->i < in->n ? in->p[in->i++] : 0;
}

static inline unsigned fuzz_u16(fuzz_in *in)
{
    unsigned lo = fuzz_byte(in);
    return lo | fuzz_byte(in) << 8;
}

static inline int fuzz_more(const fuzz_in *in)
{
    return in->i < in->n;
}

#endif /* ORDO_FUZZ_H */

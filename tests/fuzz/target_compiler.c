/* target_compiler.c — ruleset text in: diagnostics or a program out, never
 * a crash. A program that compiles must pass the validator and play a game
 * (random policy, a small step limit) without an internal error. */
#include <string.h>

#include "compiler.h"
#include "fuzz.h"

static FILE *sink;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    sink = fopen("/dev/null", "w");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    oc_options opt = {.diag = sink};
    oc_compiler *c = oc_new(&opt);
    if (!c)
        return 0;
    const ordo_program *p = oc_compile_string(c, "fuzz.ordo", (const char *)data, size);
    FUZZ_ASSERT(p || oc_error_count(c) > 0); /* no program, no word: a bug */
    if (p) {
        char msg[200];
        FUZZ_ASSERT(ordo_validate(p, msg, sizeof msg) == ORDO_OK);
        ordo_game *g;
        if (ordo_new(p, p->min_players, size, &g) == ORDO_OK) {
            ordo_set_max_steps(g, 20000);
            uint64_t rng = size;
            int rc, moves = 0;
            while ((rc = ordo_run(g)) == ORDO_DECIDE && moves++ < 200)
                FUZZ_ASSERT(ordo_choose(g, ordo_policy_random(g, &rng)) == ORDO_OK);
            FUZZ_ASSERT(rc != ORDO_E_PROGRAM && rc != ORDO_E_OPCODE);
            ordo_free(g);
        }
    }
    oc_free(c);
    return 0;
}

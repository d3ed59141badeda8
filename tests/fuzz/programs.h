/* programs.h — the rulesets the runtime's fuzz targets play: every shipped
 * one and the end-to-end test rulesets, compiled once when a target
 * starts (from ORDO_ROOT). Include in one target file only. */
#ifndef ORDO_FUZZ_PROGRAMS_H
#define ORDO_FUZZ_PROGRAMS_H

#include "compiler.h"
#include "fuzz.h"

static const char *const fuzz_paths[] = {
    "rulesets/titan.ordo",          "rulesets/odin.ordo",
    "rulesets/teotihuacan.ordo",    "rulesets/splendor_solo.ordo",
    "rulesets/splendor_harder.ordo", "tests/e2e/data/tiny.ordo",
    "tests/e2e/data/stones.ordo",   "tests/e2e/data/actions.ordo",
    "tests/e2e/data/payments.ordo", "tests/e2e/data/timing.ordo",
    "tests/e2e/data/tables.ordo",   "tests/e2e/data/features.ordo",
    "examples/language/hidden.ordo", "examples/language/atomic.ordo",
    "examples/language/simultaneous.ordo", "examples/language/recursion.ordo",
};
#define FUZZ_NPROGRAMS (sizeof fuzz_paths / sizeof fuzz_paths[0])

static const ordo_program *fuzz_programs[FUZZ_NPROGRAMS];
static oc_compiler *fuzz_compilers[FUZZ_NPROGRAMS]; /* kept: they own the programs */

/* Compiles every ruleset (the compilers stay for the process's life: the
 * programs live in their arenas). A ruleset that does not compile is a
 * broken tree, not a finding: say so and stop. */
static void fuzz_load_programs(void)
{
    FILE *sink = fopen("/dev/null", "w");
    for (size_t i = 0; i < FUZZ_NPROGRAMS; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", ORDO_ROOT, fuzz_paths[i]);
        oc_options opt = {.diag = sink};
        oc_compiler *c = fuzz_compilers[i] = oc_new(&opt);
        fuzz_programs[i] = c ? oc_compile_file(c, path) : NULL;
        if (!fuzz_programs[i]) {
            fprintf(stderr, "fuzz: cannot compile %s\n", path);
            exit(2);
        }
    }
}

#endif /* ORDO_FUZZ_PROGRAMS_H */

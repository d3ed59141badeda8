/* target_simline.c — one line of `ordo sim --jsonl` read back as `ordo
 * sim --merge` reads the files it is given (sim_read_json): any bytes
 * give a game or a refusal with a reason, never a crash; a game read is
 * one of tiny.ordo's, and written again (sim_print_json) it reads back as
 * the same game. */
#include <string.h>

#include "compiler.h"
#include "fuzz.h"
#include "sim.h"

static oc_compiler *compiler; /* owns the program */
static const ordo_program *program;

static void free_compiler(void)
{
    oc_free(compiler);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    FILE *sink = fopen("/dev/null", "w");
    oc_options opt = {.diag = sink};
    compiler = oc_new(&opt);
    atexit(free_compiler);
    program = compiler ? oc_compile_file(compiler, ORDO_ROOT "/tests/e2e/data/tiny.ordo") : NULL;
    if (!program) {
        fprintf(stderr, "fuzz: cannot compile tiny.ordo\n");
        exit(2);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sim_game g, back;
    uint64_t index, index2;
    char why[160];
    why[0] = 0;
    if (sim_read_json(program, (const char *)data, size, &index, &g, why, sizeof why) != 0) {
        FUZZ_ASSERT(why[0] != 0); /* a refusal says why */
        return 0;
    }
    FUZZ_ASSERT(g.h.nscores >= 0 && g.h.nscores <= PLAY_MAX_SEATS);
    FUZZ_ASSERT(g.h.nvars >= 0 && g.h.nvars <= SIM_MAX_VARS);
    FUZZ_ASSERT(g.h.errlen >= 0 && g.h.errlen < SIM_ERROR_MAX);
    FUZZ_ASSERT(g.h.reason >= -1 && g.h.reason < (int32_t)program->ntexts);
    static const char *const names[SIM_MAX_VARS] = {"a", "b", "c", "d", "e", "f", "g", "h"};
    char line[4096];
    FILE *f = fmemopen(line, sizeof line, "w");
    FUZZ_ASSERT(f != NULL);
    sim_print_json(f, program, index, &g, g.h.nvars ? names : NULL);
    fclose(f);
    FUZZ_ASSERT(sim_read_json(program, line, strlen(line), &index2, &back, why, sizeof why) == 0);
    FUZZ_ASSERT(index2 == index);
    FUZZ_ASSERT(memcmp(&back.h, &g.h, sizeof g.h) == 0);
    return 0;
}

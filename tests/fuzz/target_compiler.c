/* target_compiler.c — ruleset text in: diagnostics or a program out, never
 * a crash. A program that compiles must pass the validator and play a game
 * (random policy, a small step limit) without an internal error. The
 * diagnostics are written as text, JSON or SARIF, or recorded for a
 * language server, by the input's length (so every seed is read as it
 * is); each recorded one has a kind, a message and a position in a file. */
#include <string.h>

#include "compiler.h"
#include "diag_sink.h"
#include "fuzz.h"

static FILE *sink;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    sink = fopen("/dev/null", "w");
    return 0;
}

static void check_record(const diag_record *r, void *arg)
{
    (void)arg;
    FUZZ_ASSERT(r->kind && r->message && r->path);
    FUZZ_ASSERT(strcmp(r->kind, "error") == 0 || strcmp(r->kind, "warning") == 0 ||
                strcmp(r->kind, "note") == 0);
    FUZZ_ASSERT(r->line > 0 || r->col <= 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int format = (int)(size % 4); /* DIAG_FORMAT_TEXT, JSON, SARIF, RECORDS */
    diag_sink *ds = format ? diag_sink_new(format, sink, "ordo", "fuzz") : NULL;
    oc_options opt = {.diag = sink, .sink = ds};
    oc_compiler *c = oc_new(&opt);
    if (!c) {
        diag_sink_finish(ds);
        return 0;
    }
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
    if (ds && format == DIAG_FORMAT_RECORDS) {
        int n = diag_sink_each(ds, check_record, NULL);
        FUZZ_ASSERT(p || n >= 1); /* no program: at least one error recorded */
    }
    diag_sink_finish(ds);
    oc_free(c);
    return 0;
}

/* target_diff.c — the two engines agree: each ruleset emitted as C by
 * ordoc (linked in) and the same ruleset compiled in process are played
 * side by side with the same decisions, drawn from the input; after every
 * run the traces so far are equal line for line and the game blocks are
 * equal byte for byte (but for the program and trace pointers). */
#include <stddef.h>
#include <string.h>

#include "compiler.h"
#include "fuzz.h"
#include "vm.h"

extern const ordo_program titan_program, odin_program, teotihuacan_program,
    splendor_solo_program, tiny_program, stones_program;

static const struct {
    const char *path;
    const ordo_program *emitted;
} pairs[] = {
    {"rulesets/titan.ordo", &titan_program},
    {"rulesets/odin.ordo", &odin_program},
    {"rulesets/teotihuacan.ordo", &teotihuacan_program},
    {"rulesets/splendor_solo.ordo", &splendor_solo_program},
    {"tests/e2e/data/tiny.ordo", &tiny_program},
    {"tests/e2e/data/stones.ordo", &stones_program},
};
#define NPAIRS (sizeof pairs / sizeof pairs[0])
static const ordo_program *interpreted[NPAIRS];
static oc_compiler *compilers[NPAIRS]; /* kept: they own the programs */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    FILE *sink = fopen("/dev/null", "w");
    for (size_t i = 0; i < NPAIRS; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", ORDO_ROOT, pairs[i].path);
        oc_options opt = {.diag = sink};
        oc_compiler *c = compilers[i] = oc_new(&opt);
        interpreted[i] = c ? oc_compile_file(c, path) : NULL;
        if (!interpreted[i]) {
            fprintf(stderr, "fuzz: cannot compile %s\n", path);
            exit(2);
        }
    }
    return 0;
}

/* A trace, as text, in a buffer that grows. */
typedef struct trace {
    char *s;
    size_t n, cap;
} trace;

static void add_event(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    trace *t = ctx;
    char line[512];
    int k = ordo_event_text(g, ev, line, sizeof line);
    FUZZ_ASSERT(k >= 0);
    size_t len = (size_t)k < sizeof line ? (size_t)k : sizeof line - 1;
    if (t->n + len + 1 > t->cap) {
        t->cap = (t->n + len + 1) * 2;
        t->s = realloc(t->s, t->cap);
        FUZZ_ASSERT(t->s);
    }
    memcpy(t->s + t->n, line, len);
    t->n += len;
    t->s[t->n++] = '\n';
}

static void same(const ordo_game *a, const ordo_game *b, const trace *ta, const trace *tb)
{
    FUZZ_ASSERT(ta->n == tb->n && memcmp(ta->s, tb->s, ta->n) == 0);
    size_t from = offsetof(struct ordo_game, size);
    FUZZ_ASSERT(ordo_size(a) == ordo_size(b));
    FUZZ_ASSERT(memcmp((const char *)a + from, (const char *)b + from, ordo_size(a) - from) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size, 0};
    size_t k = fuzz_byte(&in) % NPAIRS;
    const ordo_program *pe = pairs[k].emitted, *pi = interpreted[k];
    int span = pi->max_players - pi->min_players + 1;
    int np = pi->min_players + (int)(fuzz_byte(&in) % (unsigned)span);
    uint64_t seed = fuzz_u16(&in);
    ordo_game *a, *b;
    FUZZ_ASSERT(ordo_new(pe, np, seed, &a) == ORDO_OK);
    FUZZ_ASSERT(ordo_new(pi, np, seed, &b) == ORDO_OK);
    trace ta = {0}, tb = {0};
    ordo_set_trace(a, add_event, &ta);
    ordo_set_trace(b, add_event, &tb);
    ordo_set_max_steps(a, 2000000);
    ordo_set_max_steps(b, 2000000);
    for (int moves = 0; moves < 3000; moves++) {
        int ra = ordo_run(a), rb = ordo_run(b);
        FUZZ_ASSERT(ra == rb);
        same(a, b, &ta, &tb);
        if (ra != ORDO_DECIDE)
            break;
        int n = ordo_option_count(a);
        /* past the input's end the first option, so every input ends */
        int i = fuzz_more(&in) ? (int)(fuzz_byte(&in) % (unsigned)n) : 0;
        FUZZ_ASSERT(ordo_choose(a, i) == ORDO_OK && ordo_choose(b, i) == ORDO_OK);
        /* the bounded trace: keep only what is not yet compared */
        ta.n = tb.n = 0;
    }
    free(ta.s);
    free(tb.s);
    ordo_free(a);
    ordo_free(b);
    return 0;
}

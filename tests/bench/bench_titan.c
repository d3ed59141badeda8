/* bench_titan.c — the benchmark harness (linked with liboc.a and
 * libordo.a, built with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc so
 * that every allocation made by the libraries is counted).
 *
 *   bench_titan compile FILE [REPS]
 *       parse + check + lower FILE in process, best of REPS (default 3):
 *       lines, seconds, lines/second.
 *   bench_titan play FILE [GAMES] [PLAYERS]
 *       compile FILE once, then play GAMES games (default 1000) with the
 *       random policy (seeds 1..GAMES), each game created with ordo_init in
 *       one preallocated block: games/second, VM instructions/second,
 *       ordo_game_size, decisions, and the number of allocations made from
 *       the first ordo_init to the end of the last game (expected: 0).
 * Output: one "key: value" a line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compiler.h"

/* ---- allocation counting */
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t m);
void *__wrap_realloc(void *p, size_t n);

static int counting;
static unsigned long allocs;

void *__wrap_malloc(size_t n)
{
    if (counting)
        allocs++;
    return __real_malloc(n);
}
void *__wrap_calloc(size_t n, size_t m)
{
    if (counting)
        allocs++;
    return __real_calloc(n, m);
}
void *__wrap_realloc(void *p, size_t n)
{
    if (counting)
        allocs++;
    return __real_realloc(p, n);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long count_lines(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    long n = 0;
    int c;
    while ((c = getc(f)) != EOF)
        n += c == '\n';
    fclose(f);
    return n;
}

static const ordo_program *compile(oc_compiler **c, const char *path, FILE *diag)
{
    oc_options o;
    memset(&o, 0, sizeof o);
    o.diag = diag;
    *c = oc_new(&o);
    return *c ? oc_compile_file(*c, path) : NULL;
}

static int bench_compile(const char *path, int reps)
{
    long lines = count_lines(path);
    if (lines < 0) {
        fprintf(stderr, "bench: cannot read %s\n", path);
        return 1;
    }
    double best = 1e30;
    unsigned long ncode = 0;
    for (int r = 0; r < reps; r++) {
        oc_compiler *c;
        double t = now();
        const ordo_program *p = compile(&c, path, r ? NULL : stderr);
        t = now() - t;
        if (!p) {
            fprintf(stderr, "bench: %s does not compile\n", path);
            oc_free(c);
            return 1;
        }
        ncode = p->ncode;
        oc_free(c);
        if (t < best)
            best = t;
    }
    printf("file: %s\nlines: %ld\ninstructions: %lu\ncompile_seconds: %.3f\n"
           "lines_per_second: %.0f\n",
           path, lines, ncode, best, (double)lines / best);
    return 0;
}

static int bench_play(const char *path, long games, int players)
{
    oc_compiler *c;
    const ordo_program *p = compile(&c, path, stderr);
    if (!p) {
        oc_free(c);
        return 1;
    }
    if (!players)
        players = p->min_players;
    size_t size = ordo_game_size(p);
    void *mem = malloc(size);
    if (!size || !mem) {
        fprintf(stderr, "bench: no game block (size %zu)\n", size);
        return 1;
    }
    uint64_t insns = 0, decisions = 0;
    long errors = 0;
    counting = 1;
    double t = now();
    for (long s = 1; s <= games; s++) {
        ordo_game *g;
        if (ordo_init(mem, size, p, players, (uint64_t)s, &g) != ORDO_OK) {
            errors++;
            continue;
        }
        uint64_t rng = (uint64_t)s ^ 0x5bd1e9955bd1e995ull;
        int rc;
        while ((rc = ordo_run(g)) == ORDO_DECIDE) {
            if (ordo_choose(g, ordo_policy_random(g, &rng)) < 0)
                break;
            decisions++;
        }
        if (ordo_status(g) != ORDO_OVER)
            errors++;
        insns += ordo_steps(g);
    }
    t = now() - t;
    counting = 0;
    printf("file: %s\nplayers: %d\ngames: %ld\nerrors: %ld\nseconds: %.3f\n"
           "games_per_second: %.0f\nvm_instructions: %llu\nvm_instructions_per_second: %.0f\n"
           "decisions: %llu\ngame_size_bytes: %zu\nstate_bytes: %lu\n"
           "allocations_during_play: %lu\n",
           path, players, games, errors, t, (double)games / t, (unsigned long long)insns,
           (double)insns / t, (unsigned long long)decisions, size,
           (unsigned long)p->state_size, allocs);
    free(mem);
    oc_free(c);
    return errors ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "compile") == 0)
        return bench_compile(argv[2], argc > 3 ? atoi(argv[3]) : 3);
    if (argc >= 3 && strcmp(argv[1], "play") == 0)
        return bench_play(argv[2], argc > 3 ? atol(argv[3]) : 1000,
                          argc > 4 ? atoi(argv[4]) : 0);
    fprintf(stderr, "usage: bench_titan compile FILE [REPS] | play FILE [GAMES] [PLAYERS]\n");
    return 2;
}

/* fuzz_compile.c — bad input never crashes: a deterministic mutation fuzzer
 * for the whole pipeline.
 *
 *   fuzz_compile ITERATIONS SEED FILE.ordo...
 *
 * Each iteration takes one of the given rulesets, mutates it (drops, copies
 * or swaps lines, deletes or inserts bytes and tokens), compiles the result
 * with diagnostics thrown away, and, when it compiles, plays one game with
 * the random policy under a small step limit. Run under AddressSanitizer
 * and UndefinedBehaviorSanitizer (`make test` does), any memory error,
 * undefined behaviour or abort is a failure; so is a compile that reports
 * no error and still returns no program, and a game that ends in an
 * internal error (a bad program or opcode). Same arguments, same inputs:
 * a failure is reproduced by its iteration number, printed before it runs
 * when FUZZ_VERBOSE is set.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "ordo.h"

static const char *const tokens[] = {
    "{", "}", "(", ")", "[", "]", ",", ":", "..", "=", "+=", "-=", "==", "!=", "<", ">=",
    "+", "-", "*", "/", "%", "and", "or", "not", "if", "then", "else", "repeat", "until",
    "while", "exit", "for", "in", "where", "by", "desc", "choose", "option", "when", "scope",
    "escape", "window", "turn", "eliminate", "end game", "winner", "step 9.9", "step 1",
    "cite \"X\"", "first turn only", "optional by active", "roll d6", "roll 2d6", "let q = 1",
    "emit", "log \"{q}\"", "return", "players", "all players", "active", "none", "player 9",
    "player 0", "0", "-1", "2147483647", "99999999999", "\"", "\"{", "}\"", "#", "list of int [0]",
    "list of int [3]", "count p in players where", "sum s in 1..3 of", "in_game(", "turns[",
    "len(", "first(", "add 1 to", "remove at 0 from", "shuffle", "clear", "expect", "play",
    "seed 3", "choose \"x\"", "scenario \"s\" {", "proc z() {", "fn y(): int = ", "var v: int",
    "enum E { a, b }", "const K = 1 / 0", "sequence {", "\n", "\t", "\xff", "\x01",
    ".", ".level", ".cost[", "first c in Card by", "override const ROUNDS =", "extends",
    "table T from",
};

static uint64_t rng;

static uint32_t next(void)
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

static size_t below(size_t n)
{
    return n ? next() % n : 0;
}

typedef struct buf {
    char *s;
    size_t n, cap;
} buf;

static void reserve(buf *b, size_t more)
{
    if (b->n + more + 1 <= b->cap)
        return;
    size_t cap = (b->n + more + 1) * 2;
    char *s = realloc(b->s, cap);
    if (!s) {
        perror("fuzz_compile");
        exit(2);
    }
    b->s = s;
    b->cap = cap;
}

static void insert(buf *b, size_t at, const char *s, size_t n)
{
    reserve(b, n);
    memmove(b->s + at + n, b->s + at, b->n - at);
    memcpy(b->s + at, s, n);
    b->n += n;
}

static void erase(buf *b, size_t at, size_t n)
{
    if (at + n > b->n)
        n = b->n - at;
    memmove(b->s + at, b->s + at + n, b->n - at - n);
    b->n -= n;
}

/* The start of the line holding byte `at`, and its length with the '\n'. */
static size_t line_at(const buf *b, size_t at, size_t *len)
{
    size_t s = at;
    while (s > 0 && b->s[s - 1] != '\n')
        s--;
    size_t e = at;
    while (e < b->n && b->s[e] != '\n')
        e++;
    if (e < b->n)
        e++;
    *len = e - s;
    return s;
}

static void mutate(buf *b)
{
    size_t at = below(b->n + 1), len;
    switch (below(7)) {
    case 0: /* drop a line */
        at = line_at(b, at, &len);
        erase(b, at, len);
        break;
    case 1: { /* copy a line elsewhere */
        size_t from = line_at(b, below(b->n + 1), &len);
        char *copy = malloc(len + 1);
        if (!copy)
            exit(2);
        memcpy(copy, b->s + from, len);
        insert(b, line_at(b, at, &(size_t){0}), copy, len);
        free(copy);
        break;
    }
    case 2: /* delete a few bytes */
        erase(b, at, 1 + below(8));
        break;
    case 3: { /* insert a token */
        const char *t = tokens[below(sizeof tokens / sizeof tokens[0])];
        insert(b, at, " ", 1);
        insert(b, at + 1, t, strlen(t));
        break;
    }
    case 4: /* change a digit */
        for (size_t k = at; k < b->n; k++)
            if (b->s[k] >= '0' && b->s[k] <= '9') {
                b->s[k] = (char)('0' + below(10));
                break;
            }
        break;
    case 5: { /* swap two lines' first bytes (a cheap reorder) */
        size_t a = line_at(b, at, &len), c = line_at(b, below(b->n + 1), &len);
        if (a < b->n && c < b->n) {
            char t = b->s[a];
            b->s[a] = b->s[c];
            b->s[c] = t;
        }
        break;
    }
    default: /* truncate */
        if (below(4) == 0)
            b->n = at;
        break;
    }
}

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long sz = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc(sz > 0 ? (size_t)sz + 1 : 1);
    if (s && sz > 0 && fread(s, 1, (size_t)sz, f) != (size_t)sz) {
        free(s);
        s = NULL;
    }
    fclose(f);
    *n = sz > 0 ? (size_t)sz : 0;
    return s;
}

/* One game with the random policy; returns 0 unless the runtime reported an
 * internal inconsistency. */
static int play(const ordo_program *p, uint64_t seed)
{
    ordo_game *g = NULL;
    int players = p->min_players + (int)below((size_t)(p->max_players - p->min_players + 1));
    if (ordo_new(p, players, seed, &g) != ORDO_OK)
        return ordo_validate(p, NULL, 0) == ORDO_OK ? 0 : 1;
    ordo_set_max_steps(g, 200000);
    uint64_t prng = seed;
    int rc = ordo_run(g);
    for (int k = 0; k < 2000 && rc == ORDO_DECIDE; k++) {
        int i = ordo_policy_random(g, &prng);
        if (ordo_choose(g, ordo_option_count(g)) != ORDO_E_ARG) /* out of range: refused */
            rc = -100;
        else if (ordo_choose(g, i) != ORDO_OK)
            rc = -101;
        else
            rc = ordo_run(g);
    }
    ordo_free(g);
    return rc == ORDO_E_PROGRAM || rc == ORDO_E_OPCODE || rc <= -100;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: fuzz_compile ITERATIONS SEED FILE.ordo...\n");
        return 2;
    }
    long iters = atol(argv[1]);
    rng = strtoull(argv[2], NULL, 10);
    int nfiles = argc - 3;
    buf *src = calloc((size_t)nfiles, sizeof *src);
    for (int i = 0; i < nfiles; i++) {
        src[i].s = slurp(argv[3 + i], &src[i].n);
        if (!src[i].s) {
            fprintf(stderr, "fuzz_compile: cannot read %s\n", argv[3 + i]);
            return 2;
        }
    }
    FILE *null = fopen("/dev/null", "w");
    const int verbose = getenv("FUZZ_VERBOSE") != NULL;
    long compiled = 0, failed = 0;
    buf b = {0};
    for (long it = 0; it < iters; it++) {
        size_t k = below((size_t)nfiles);
        const buf *from = &src[k];
        b.n = 0;
        reserve(&b, from->n);
        memcpy(b.s, from->s, from->n);
        b.n = from->n;
        int muts = 1 + (int)below(4);
        for (int m = 0; m < muts; m++)
            mutate(&b);
        if (verbose)
            fprintf(stderr, "iteration %ld\n", it);
        oc_options opt = {.diag = null};
        oc_compiler *c = oc_new(&opt);
        /* named as the file, so its tables and bases are found beside it */
        const ordo_program *p = oc_compile_string(c, argv[3 + k], b.s, b.n);
        if (p) {
            compiled++;
            if (play(p, (uint64_t)it + 1)) {
                printf("FAIL: iteration %ld: the runtime found the program inconsistent\n", it);
                failed++;
            }
        } else if (oc_error_count(c) == 0) {
            printf("FAIL: iteration %ld: no program and no error\n", it);
            failed++;
        }
        oc_free(c);
    }
    fclose(null);
    free(b.s);
    for (int i = 0; i < nfiles; i++)
        free(src[i].s);
    free(src);
    printf("fuzz: %ld mutated rulesets, %ld compiled and played\n", iters, compiled);
    /* one test, however many iterations: the summary counts tests */
    printf("%d passed, %ld failed\n", failed ? 0 : 1, failed);
    return failed != 0;
}

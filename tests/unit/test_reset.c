/* test_reset.c — ordo_reset: a game restarted in its own block is byte for
 * byte the game ordo_init makes of the same program, player count and
 * seed, whatever it held before (a game in the middle, over, or stopped by
 * an error; another player count; a trace callback and a step limit set),
 * and goes on alike; a bad argument (NULL, a player count out of range)
 * is ORDO_E_ARG and leaves the game as it was. And ordo_reseed, which
 * changes the generator alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler.h"
#include "compile_path.h"
#include "game_copy.h"

static const char *const files[] = {
    "rulesets/titan.ordo",         "rulesets/odin.ordo",       "rulesets/teotihuacan.ordo",
    "rulesets/splendor_solo.ordo", "tests/e2e/data/tiny.ordo", "tests/e2e/data/actions.ordo",
};
#define NFILES (sizeof files / sizeof files[0])

/* A fresh game of p made by ordo_init in 8-aligned malloc'd memory. */
static ordo_game *fresh(const ordo_program *p, int nplayers, uint64_t seed)
{
    size_t size = ordo_game_size(p);
    assert_true(size > 0);
    void *mem = aligned_alloc(8, (size + 7) & ~(size_t)7);
    assert_non_null(mem);
    memset(mem, 0xa5, size); /* what the memory held does not matter */
    ordo_game *g = NULL;
    assert_int_equal(ordo_init(mem, size, p, nplayers, seed, &g), ORDO_OK);
    assert_ptr_equal(g, mem);
    return g;
}

/* Up to `moves` decisions on the random policy; the last status. */
static int play(ordo_game *g, int moves, uint64_t *rng)
{
    int rc;
    while ((rc = ordo_run(g)) == ORDO_DECIDE && moves-- > 0)
        assert_int_equal(ordo_choose(g, ordo_policy_random(g, rng)), ORDO_OK);
    return rc;
}

static void count_events(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    (void)g;
    (void)ev;
    ++*(long *)ctx;
}

/* Played a while (with a trace and a step limit set), over, stopped by
 * the step limit: each time ordo_reset gives the fresh game, and the two
 * then play on alike to the end. */
static void test_reset_is_a_fresh_game(void **state)
{
    (void)state;
    for (size_t f = 0; f < NFILES; f++) {
        oc_compiler *c;
        const ordo_program *p = compile_path(&c, files[f]);
        int lo = p->min_players, hi = p->max_players;
        ordo_game *g;
        assert_int_equal(ordo_new(p, lo, 11, &g), ORDO_OK);
        long events = 0;
        ordo_set_trace(g, count_events, &events);
        ordo_set_max_steps(g, 5000000);
        uint64_t rng = 3;
        play(g, 12, &rng); /* in the middle */
        assert_true(events > 0);
        assert_true(ordo_steps(g) > 0);
        for (int round = 0; round < 3; round++) {
            int np = round == 1 ? hi : lo;
            uint64_t seed = 100 + 7 * (uint64_t)round + f;
            assert_int_equal(ordo_reset(g, np, seed), ORDO_OK);
            ordo_game *h = fresh(p, np, seed);
            assert_same_game(g, h);
            assert_int_equal(ordo_status(g), ORDO_OK);
            assert_int_equal(ordo_steps(g), 0);
            assert_int_equal(ordo_player_count(g), np);
            /* the trace went with the reset: nothing more is counted */
            long before = events;
            uint64_t r1 = 9 + (uint64_t)round, r2 = r1;
            int a = play(g, round == 2 ? 1000000 : 20, &r1);
            int b = play(h, round == 2 ? 1000000 : 20, &r2);
            assert_int_equal(a, b);
            assert_same_game(g, h);
            assert_int_equal(events, before);
            free(h);
            if (round == 2)
                assert_true(a == ORDO_OVER || a < 0);
        }
        /* a game stopped by an error restarts too */
        assert_int_equal(ordo_reset(g, lo, 5), ORDO_OK);
        ordo_set_max_steps(g, 1);
        assert_int_equal(ordo_run(g), ORDO_E_LIMIT);
        assert_int_equal(ordo_reset(g, lo, 5), ORDO_OK);
        ordo_game *h = fresh(p, lo, 5);
        assert_same_game(g, h);
        free(h);
        ordo_free(g);
        oc_free(c);
    }
}

/* NULL, and player counts out of the program's range: ORDO_E_ARG, and the
 * game (in the middle of play) is left byte for byte as it was. */
static void test_reset_bad_arguments(void **state)
{
    (void)state;
    assert_int_equal(ordo_reset(NULL, 2, 1), ORDO_E_ARG);
    for (size_t f = 0; f < NFILES; f++) {
        oc_compiler *c;
        const ordo_program *p = compile_path(&c, files[f]);
        ordo_game *g = fresh(p, p->min_players, 21);
        uint64_t rng = 8;
        play(g, 6, &rng);
        ordo_game *before = dup_game(g);
        const int bad[] = {p->min_players - 1, p->max_players + 1, 0, -1, 128, INT32_MIN,
                           INT32_MAX};
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            assert_int_equal(ordo_reset(g, bad[k], 1), ORDO_E_ARG);
            assert_same_game(g, before);
        }
        free(before);
        free(g);
        oc_free(c);
    }
}

/* ordo_reseed: a fresh game reseeded is byte for byte the fresh game of
 * that seed (the seed is the generator's state and nothing else); in the
 * middle of a game, two copies reseeded alike play on alike, and the
 * generator is part of the position. NULL: ORDO_E_ARG. */
static void test_reseed(void **state)
{
    (void)state;
    assert_int_equal(ordo_reseed(NULL, 1), ORDO_E_ARG);
    for (size_t f = 0; f < NFILES; f++) {
        oc_compiler *c;
        const ordo_program *p = compile_path(&c, files[f]);
        int np = p->min_players;
        ordo_game *g = fresh(p, np, 5), *h = fresh(p, np, 9);
        assert_int_equal(ordo_reseed(g, 9), ORDO_OK);
        assert_same_game(g, h);
        uint64_t rng = 4;
        play(g, 10, &rng);
        ordo_copy(h, g);
        assert_int_equal(ordo_reseed(h, 12345), ORDO_OK);
        assert_false(ordo_same_position(g, h));
        assert_int_equal(ordo_reseed(g, 12345), ORDO_OK);
        assert_same_game(g, h);
        uint64_t r1 = 6, r2 = 6;
        assert_int_equal(play(g, 1000000, &r1), play(h, 1000000, &r2));
        assert_same_game(g, h);
        free(g);
        free(h);
        oc_free(c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset_is_a_fresh_game),
        cmocka_unit_test(test_reset_bad_arguments),
        cmocka_unit_test(test_reseed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

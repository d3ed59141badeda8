/* test_chance.c — chance from the host (ordo.h: ordo_set_chance,
 * ordo_set_chance_draws): a shuffle asks the callback for each of its
 * Fisher-Yates draws only when draws are on; the positions it answers
 * decide the deal; -1 lets the generator draw (the same deal as with no
 * callback); a position out of range stops the game with ORDO_E_RANGE; a
 * save drops the setting with the callback. On showdown.ordo: six cards
 * 1..6 added in order, shuffled, then two dealt to each of two players
 * from the top (the first element), player 1 first. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler.h"
#include "compile_path.h"
#include "vm.h"

typedef struct asked {
    int draws, rolls;  /* how often the callback was asked each */
    int32_t answer;    /* what it answers a draw: a position, or -2: the
                        * last one (no swap), -3: one past it */
    int last_sides;
} asked;

static int32_t answer(void *ctx, const ordo_game *g, int dice, int sides)
{
    (void)g;
    asked *a = ctx;
    if (dice != ORDO_CHANCE_DRAW) {
        a->rolls++;
        return -1;
    }
    a->draws++;
    a->last_sides = sides;
    return a->answer == -2 ? sides - 1 : a->answer == -3 ? sides : a->answer;
}

/* The deck left after the deal: its two cards, top first. */
static void deck_left(const ordo_program *p, const ordo_game *g, int32_t out[2])
{
    int v = ordo_find_var(p, "deck");
    assert_true(v >= 0);
    int32_t len = -1;
    assert_int_equal(ordo_get(g, v, 0, 0, -1, &len), ORDO_OK);
    assert_int_equal(len, 2);
    assert_int_equal(ordo_get(g, v, 0, 0, 0, &out[0]), ORDO_OK);
    assert_int_equal(ordo_get(g, v, 0, 0, 1, &out[1]), ORDO_OK);
}

static ordo_game *play_to_first_decision(const ordo_program *p, asked *a, int draws)
{
    ordo_game *g;
    assert_int_equal(ordo_new(p, 2, 9, &g), ORDO_OK);
    if (a)
        ordo_set_chance(g, answer, a);
    ordo_set_chance_draws(g, draws);
    return g;
}

static void test_draws_decide_the_shuffle(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, "tests/e2e/data/showdown.ordo");
    int32_t left[2];

    /* every draw position 0: slot i swaps with the first, i = 5 .. 1:
     * 1 2 3 4 5 6 -> 2 3 4 5 6 1; dealt 2, 3, 4, 5; left 6, 1 */
    asked a = {0, 0, 0, 0};
    ordo_game *g = play_to_first_decision(p, &a, 1);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(a.draws, 5);       /* six cards: five draws */
    assert_int_equal(a.last_sides, 2);  /* the last among the first two */
    deck_left(p, g, left);
    assert_int_equal(left[0], 6);
    assert_int_equal(left[1], 1);
    ordo_free(g);

    /* every draw the slot itself: no swap, the deck as it was added */
    a = (asked){0, 0, -2, 0};
    g = play_to_first_decision(p, &a, 1);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    deck_left(p, g, left);
    assert_int_equal(left[0], 5);
    assert_int_equal(left[1], 6);
    ordo_free(g);

    /* draws off: the callback is not asked for the shuffle */
    a = (asked){0, 0, 0, 0};
    g = play_to_first_decision(p, &a, 0);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(a.draws, 0);
    int32_t plain[2];
    deck_left(p, g, plain);
    ordo_free(g);

    /* -1: the generator draws: the same deal as with no callback at all */
    a = (asked){0, 0, -1, 0};
    g = play_to_first_decision(p, &a, 1);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(a.draws, 5);
    deck_left(p, g, left);
    assert_int_equal(left[0], plain[0]);
    assert_int_equal(left[1], plain[1]);

    /* a save drops the setting with the callback */
    size_t n = ordo_save_size(g);
    unsigned char *s = malloc(n);
    assert_non_null(s);
    assert_int_equal(ordo_save(g, s, n), ORDO_OK);
    void *mem = aligned_alloc(8, (ordo_game_size(p) + 7) & ~(size_t)7);
    ordo_game *r;
    assert_int_equal(ordo_restore(mem, ordo_game_size(p), p, s, n, &r, NULL, 0), ORDO_OK);
    assert_int_equal(((const unsigned char *)r)[offsetof(struct ordo_game, chance_draws)], 0);
    free(mem);
    free(s);
    ordo_free(g);

    /* a position past the slot stops the game, a range error */
    a = (asked){0, 0, -3, 0};
    g = play_to_first_decision(p, &a, 1);
    assert_int_equal(ordo_run(g), ORDO_E_RANGE);
    char msg[200];
    assert_true(ordo_error_message(g, msg, sizeof msg) > 0);
    assert_non_null(strstr(msg, "shuffle: a forced draw of 6, not 0..5"));
    ordo_free(g);
    oc_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_draws_decide_the_shuffle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

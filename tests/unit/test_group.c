/* test_group.c — a simultaneous decision answered in any order through
 * the host kit (runtime/host/group.c): the seats a group asks, a later
 * seat's options read before the earlier ones answer, and the answers
 * given in reverse order leaving the game exactly as the same answers
 * given in the order asked; an unknown label and a seat not yet answered
 * leave it waiting. On examples/language/simultaneous.ordo. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler.h"
#include "ordo_host.h"

typedef struct fixture {
    oc_compiler *c;
    const ordo_program *p;
    ordo_game *g, *other, *scratch;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    oc_options opt = {0};
    f->c = oc_new(&opt);
    f->p = oc_compile_file(f->c, "examples/language/simultaneous.ordo");
    if (!f->p || ordo_new(f->p, 3, 2, &f->g) || ordo_new(f->p, 3, 2, &f->other) ||
        ordo_new(f->p, 3, 2, &f->scratch))
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    ordo_free(f->g);
    ordo_free(f->other);
    ordo_free(f->scratch);
    oc_free(f->c);
    free(f);
    return 0;
}

static void test_any_order(void **state)
{
    fixture *f = *state;
    assert_int_equal(ordo_run(f->g), ORDO_DECIDE);
    assert_int_equal(ordo_run(f->other), ORDO_DECIDE);
    assert_true(ordo_simultaneous(f->g));
    int seats[8];
    assert_int_equal(play_group_seats(f->g, f->scratch, seats, 8), 3);
    assert_int_equal(seats[0], 0);
    assert_int_equal(seats[1], 1);
    assert_int_equal(seats[2], 2);
    /* player 3's options, read while player 1 is asked */
    assert_int_equal(play_group_offer(f->g, f->scratch, 2), ORDO_OK);
    assert_int_equal(ordo_decider(f->scratch), 2);
    assert_true(ordo_find_option(f->scratch, "bid 3") >= 0);
    assert_int_equal(ordo_decider(f->g), 0); /* the game itself has not moved */
    assert_int_equal(play_group_offer(f->g, f->scratch, 7), ORDO_E_ARG);
    /* answers as they come: player 3's first, then player 1's; player 2
     * has not answered, so the game waits at its decision */
    int late[2] = {2, 0};
    const char *late_labels[2] = {"bid 1", "bid 2"};
    assert_int_equal(play_group_choose(f->g, f->scratch, late, late_labels, 2), ORDO_DECIDE);
    assert_int_equal(ordo_decider(f->g), 1);
    int all[3] = {2, 0, 1};
    const char *all_labels[3] = {"bid 1", "bid 2", "bid 3"};
    assert_int_equal(play_group_choose(f->g, f->scratch, all, all_labels, 3), ORDO_DECIDE);
    assert_false(ordo_simultaneous(f->g) && ordo_decider(f->g) == 1);
    /* the same answers in the order asked: the same game */
    int asked[3] = {0, 1, 2};
    const char *asked_labels[3] = {"bid 2", "bid 3", "bid 1"};
    assert_int_equal(play_group_choose(f->other, f->scratch, asked, asked_labels, 3), ORDO_DECIDE);
    assert_int_equal(ordo_position_hash(f->g), ordo_position_hash(f->other));
    assert_true(ordo_same_position(f->g, f->other));
    int32_t coins = -1;
    assert_int_equal(ordo_get(f->g, ordo_find_var(f->p, "coins"), 1, 0, -1, &coins), ORDO_OK);
    assert_int_equal(coins, 0);
}

static void test_bad_answers(void **state)
{
    fixture *f = *state;
    assert_int_equal(ordo_run(f->g), ORDO_DECIDE);
    int one[1] = {0};
    const char *bad[1] = {"bid 99"};
    assert_int_equal(play_group_choose(f->g, f->scratch, one, bad, 1), ORDO_E_ARG);
    assert_int_equal(ordo_decider(f->g), 0);
    /* a good answer then a bad one: nothing applied, not even the first */
    uint64_t before = ordo_position_hash(f->g);
    int two[2] = {0, 1};
    const char *half_bad[2] = {"bid 1", "bid 99"};
    assert_int_equal(play_group_choose(f->g, f->scratch, two, half_bad, 2), ORDO_E_ARG);
    assert_int_equal(ordo_decider(f->g), 0);
    assert_int_equal(ordo_position_hash(f->g), before);
    assert_int_equal(play_group_choose(NULL, f->scratch, one, bad, 1), ORDO_E_ARG);
    assert_int_equal(play_group_seats(NULL, f->scratch, one, 1), 0);
    assert_int_equal(play_group_offer(f->g, NULL, 0), ORDO_E_STATE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_any_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_answers, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_payments.c — payments and substitutes through the runtime's API, as
 * a host sees them: a payment that cannot be made is never offered, and an
 * action forced through the API when neither the resource nor the
 * substitute can pay fails with ORDO_E_DENIED, the state unchanged; a bad
 * option index changes nothing either (doc/actions.md, "Substitutes"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler.h"
#include "ordo.h"

static const char src[] =
    "ruleset \"pay\"\n"
    "players 1\n"
    "resource cocoa[player]: 0..20\n"
    "resource tile[player]: 0..3\n"
    "substitute tile[p] for cocoa[p] \"use the tile\"\n"
    "action buy(p: player) \"buy\" cost 4 from cocoa[p] { }\n"
    "sequence { do buy(player 1) }\n";

typedef struct fixture {
    oc_compiler *c;
    const ordo_program *p;
    ordo_game *g;
    int cocoa, tile, buy;
} fixture;

static int find_proc(const ordo_program *p, const char *name)
{
    for (int i = 0; i < p->nprocs; i++)
        if (strcmp(p->procs[i].name, name) == 0)
            return i;
    return -1;
}

static fixture *make(int cocoa, int tile)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    oc_options opt = {.diag = NULL};
    f->c = oc_new(&opt);
    f->p = oc_compile_string(f->c, "pay.ordo", src, sizeof src - 1);
    assert_non_null(f->p);
    assert_int_equal(ordo_new(f->p, 1, 1, &f->g), ORDO_OK);
    f->cocoa = ordo_find_var(f->p, "cocoa");
    f->tile = ordo_find_var(f->p, "tile");
    f->buy = find_proc(f->p, "buy");
    assert_true(f->cocoa >= 0 && f->tile >= 0 && f->buy >= 0);
    assert_int_equal(ordo_set(f->g, f->cocoa, 0, 0, 0, cocoa), ORDO_OK);
    assert_int_equal(ordo_set(f->g, f->tile, 0, 0, 0, tile), ORDO_OK);
    return f;
}

static void drop(fixture *f)
{
    ordo_free(f->g);
    oc_free(f->c);
    free(f);
}

static int32_t get(fixture *f, int v)
{
    int32_t x = -1;
    assert_int_equal(ordo_get(f->g, v, 0, 0, 0, &x), ORDO_OK);
    return x;
}

/* Neither 4 cocoa nor a tile: the action is denied before anything changes. */
static void test_denied_without_substitute(void **state)
{
    (void)state;
    fixture *f = make(3, 0);
    int32_t arg = 0;
    /* the host's start is refused before anything runs (runtime/game.c
     * checks the action's precondition and costs as `can` does) */
    assert_int_equal(ordo_start(f->g, f->buy, &arg, 1), ORDO_E_DENIED);
    assert_int_equal(get(f, f->cocoa), 3);
    assert_int_equal(get(f, f->tile), 0);
    drop(f);
}

/* 3 cocoa and a tile: the tile is the one way left, so the payment is no
 * decision (issue 29, 6): the run pays with it and goes on to the end. */
static void test_only_the_substitute_is_offered(void **state)
{
    (void)state;
    fixture *f = make(3, 1);
    int32_t arg = 0;
    assert_int_equal(ordo_start(f->g, f->buy, &arg, 1), ORDO_OK);
    assert_int_equal(ordo_run(f->g), ORDO_OVER);
    assert_int_equal(ordo_option_count(f->g), 0);
    assert_int_equal(ordo_choose(f->g, 0), ORDO_E_STATE);
    assert_int_equal(get(f, f->cocoa), 3);
    assert_int_equal(get(f, f->tile), 0);
    drop(f);
}

/* 4 cocoa and a tile: both are offered; paying keeps the tile. */
static void test_pay_or_substitute(void **state)
{
    (void)state;
    fixture *f = make(4, 1);
    int32_t arg = 0;
    assert_int_equal(ordo_start(f->g, f->buy, &arg, 1), ORDO_OK);
    assert_int_equal(ordo_run(f->g), ORDO_DECIDE);
    assert_int_equal(ordo_option_count(f->g), 2);
    int pay = ordo_find_option(f->g, "pay 4 cocoa");
    assert_int_equal(pay, 0);
    assert_int_equal(ordo_choose(f->g, 2), ORDO_E_ARG);
    assert_int_equal(get(f, f->cocoa), 4);
    assert_int_equal(get(f, f->tile), 1);
    assert_int_equal(ordo_choose(f->g, pay), ORDO_OK);
    assert_int_equal(ordo_run(f->g), ORDO_OVER);
    assert_int_equal(get(f, f->cocoa), 0);
    assert_int_equal(get(f, f->tile), 1);
    drop(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_denied_without_substitute),
        cmocka_unit_test(test_only_the_substitute_is_offered),
        cmocka_unit_test(test_pay_or_substitute),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_diff.c — the engine of `ordo diff` (compiler/engines/diff.h) called
 * through its API on tests/e2e/data/diff_base.ordo and its layers, each of
 * which changes one thing: a constant, an option, an effect, the end,
 * events alone, or nothing play can see. Each asserts the exact partings found (kind,
 * lines, what differs, the play to it, the line a scenario asserts) and
 * the declarations --rules lists. Run from the top of the tree. */
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
#include "diff.h"

static const char base[] = "tests/e2e/data/diff_base.ordo";

/* Base and layer compiled, compared and searched breadth first. */
typedef struct run {
    oc_compiler *c[2];
    df_side s[2];
    df_rules rules;
    df_result r;
} run;

static df_options options(uint64_t walks)
{
    df_options o = {{NULL, 0, 0, 64u << 20, 60, 1000000, 0, 100000, 0, 0, 0}, 2, 1, 1, walks};
    return o;
}

static void start(run *x, const char *layer, uint64_t walks)
{
    const char *files[2] = {base, layer};
    for (int k = 0; k < 2; k++) {
        const ordo_program *p = compile_path(&x->c[k], files[k]);
        x->s[k] = (df_side){p, files[k], x->c[k]};
    }
    assert_int_equal(df_compare_rules(&x->s[0], &x->s[1], &x->rules), 0);
    df_options o = options(walks);
    assert_int_equal(df_search(&x->s[0], &x->s[1], &o, &x->rules, &x->r), 0);
}

static void finish(run *x)
{
    df_result_free(&x->r);
    df_rules_free(&x->rules);
    oc_free(x->c[0]);
    oc_free(x->c[1]);
}

static void test_a_constant(void **state)
{
    (void)state;
    run x;
    start(&x, "tests/e2e/data/diff_const.ordo", 0);
    assert_int_equal(x.r.complete, 1);
    assert_int_equal(x.r.n, 2);
    const df_difference *d = &x.r.v[0];
    assert_int_equal(d->kind, DF_STATE);
    assert_string_equal(d->what, "rests[player 1]: 1 in A, 2 in B");
    assert_string_equal(d->assert_a, "expect rests[player 1] == 1");
    assert_int_equal(d->npath, 2);
    assert_string_equal(d->path[0], "play");
    assert_string_equal(d->path[1], "choose \"rest\"");
    assert_string_equal(d->rules, "DT-2");
    assert_int_not_equal(d->change, 0);
    /* --rules: the constant, and the proc whose code reads it */
    assert_int_equal(x.rules.n, 2);
    assert_int_equal(x.rules.v[0].what, DF_PROC);
    assert_string_equal(x.rules.v[0].name, "take_turn");
    assert_int_equal(x.rules.v[1].what, DF_CONST);
    assert_string_equal(x.rules.v[1].detail, "from 1 to 2");
    assert_int_equal(x.rules.v[1].line_b, 6);
    finish(&x);
}

static void test_an_option(void **state)
{
    (void)state;
    run x;
    start(&x, "tests/e2e/data/diff_option.ordo", 0);
    assert_int_equal(x.r.n, 1);
    const df_difference *d = &x.r.v[0];
    assert_int_equal(d->kind, DF_OFFERED);
    assert_string_equal(d->what, "\"leap 3\" is offered in B, not in A");
    assert_string_equal(d->assert_a, "expect not offered \"leap 3\"");
    assert_int_equal(d->line_a, 23);
    assert_int_equal(d->line_b, 8);
    assert_int_equal(d->decisions, 0);
    assert_int_not_equal(d->change, 0);
    assert_string_equal(x.rules.v[d->change - 1].name, "take_turn");
    finish(&x);
}

static void test_an_effect(void **state)
{
    (void)state;
    run x;
    start(&x, "tests/e2e/data/diff_effect.ordo", 0);
    assert_int_equal(x.r.n, 2);
    assert_int_equal(x.r.v[0].kind, DF_EVENTS);
    assert_string_equal(x.r.v[0].what, "event 2 of the move: \"event moved(player 1, 2)\" in "
                                       "A, \"event moved(player 1, 3)\" in B");
    assert_string_equal(x.r.v[0].assert_a, "expect pos[player 1] == 2");
    /* one step of 2 too many ends B's game a turn early */
    assert_int_equal(x.r.v[1].kind, DF_DECISION);
    assert_string_equal(x.r.v[1].assert_a, "expect decision by player 1");
    finish(&x);
}

static void test_the_end(void **state)
{
    (void)state;
    run x;
    start(&x, "tests/e2e/data/diff_end.ordo", 0);
    assert_int_equal(x.r.n, 1);
    const df_difference *d = &x.r.v[0];
    assert_int_equal(d->kind, DF_END);
    assert_string_equal(d->assert_a,
                        "expect over winner player 2 because \"reached the goal\"");
    assert_int_equal(d->line_b, 9);
    assert_string_equal(d->file_b, "tests/e2e/data/diff_end.ordo");
    /* the base proc in B, whose code is A's, is no change: the override is */
    assert_int_equal(x.rules.n, 1);
    assert_string_equal(x.rules.v[0].detail, "overridden");
    finish(&x);
}

static void test_events_alone(void **state)
{
    (void)state;
    run x;
    start(&x, "tests/e2e/data/diff_emit.ordo", 0);
    assert_int_equal(x.r.n, 3);
    const df_difference *d = &x.r.v[0];
    assert_int_equal(d->kind, DF_EVENTS);
    assert_string_equal(d->what, "event 3 of the move: \"turn player 2\" in A, \"event "
                                 "moved(player 1, 1)\" in B");
    /* the state is the same: the scenario counts the emits since the start */
    assert_string_equal(d->assert_a, "expect event moved 1 times");
    /* placed at the override that emitted B's event, not at the step */
    assert_string_equal(d->file_b, "tests/e2e/data/diff_emit.ordo");
    assert_int_equal(d->line_b, 7);
    assert_string_equal(d->because, "proc move: overridden");
    finish(&x);
}

/* A boost only a scenario sets: never reached from the start, found from
 * the set-up of the layer's own scenario, run in B alone where A does not
 * declare it; the scenario written starts with that set-up. */
static void test_from_a_set_up(void **state)
{
    (void)state;
    static const char hidden[] = "tests/e2e/data/diff_hidden.ordo";
    run x;
    start(&x, hidden, 0);
    assert_int_equal(x.r.n, 0);
    assert_int_equal(x.r.complete, 1);
    df_starts st = {NULL, 0};
    assert_int_equal(df_starts_read(hidden, &x.s[0], &x.s[1], &st, "test"), 0);
    assert_int_equal(st.n, 1);
    const df_start *s = &st.v[0];
    assert_string_equal(s->trouble, "");
    assert_string_equal(s->name, "DT-9: a boosted move");
    assert_string_equal(s->where, "tests/e2e/data/diff_hidden.ordo:17");
    assert_string_equal(s->only[1], "boost = 1");
    assert_string_equal(s->only[0], "");
    assert_non_null(strstr(s->text, "# in B alone: boost = 1\n"));
    assert_non_null(strstr(s->text, "    play\n"));
    df_rules rules;
    df_result r;
    df_options o = options(0);
    assert_int_equal(df_compare_rules(&s->side[0], &s->side[1], &rules), 0);
    assert_int_equal(df_search_from(s, &o, &rules, &r), 0);
    assert_int_equal(r.n, 1);
    const df_difference *d = &r.v[0];
    assert_ptr_equal(d->start, s);
    assert_int_equal(d->kind, DF_EVENTS);
    assert_string_equal(d->what, "event 2 of the move: \"event moved(player 1, 1)\" in A, "
                                 "\"event moved(player 1, 2)\" in B");
    assert_int_equal(d->npath, 1);
    assert_string_equal(d->path[0], "choose \"step 1\"");
    assert_string_equal(d->assert_a, "expect pos[player 1] == 1");
    assert_string_equal(d->rules, "DT-9 DT-2");
    assert_string_equal(d->because, "proc move: overridden");
    df_result_free(&r);
    df_rules_free(&rules);
    /* a scenario that is not there, a file that is not there */
    assert_int_equal(df_starts_read("tests/e2e/data/diff_hidden.ordo:nothing", &x.s[0], &x.s[1],
                                    &st, "test"), -1);
    assert_int_equal(df_starts_read("tests/e2e/data/none.ordo", &x.s[0], &x.s[1], &st, "test"),
                     -1);
    assert_int_equal(st.n, 1);
    df_starts_free(&st);
    finish(&x);
}

static void test_nothing_play_can_see(void **state)
{
    (void)state;
    run x;
    start(&x, "tests/e2e/data/diff_same.ordo", 0);
    assert_int_equal(x.r.n, 0);
    assert_int_equal(x.r.complete, 1);
    assert_true(x.r.states > 1000);
    assert_int_equal(x.rules.n, 0);
    finish(&x);
    /* the base against itself, by walks too */
    start(&x, base, 50);
    assert_int_equal(x.r.n, 0);
    assert_int_equal(x.rules.n, 0);
    finish(&x);
}

static void test_walks_find_the_option(void **state)
{
    (void)state;
    run x;
    start(&x, "tests/e2e/data/diff_option.ordo", 20);
    assert_int_equal(x.r.n, 1);
    assert_int_equal(x.r.v[0].kind, DF_OFFERED);
    assert_int_equal(x.r.complete, 0);
    finish(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_constant),
        cmocka_unit_test(test_an_option),
        cmocka_unit_test(test_an_effect),
        cmocka_unit_test(test_the_end),
        cmocka_unit_test(test_events_alone),
        cmocka_unit_test(test_nothing_play_can_see),
        cmocka_unit_test(test_walks_find_the_option),
        cmocka_unit_test(test_from_a_set_up),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

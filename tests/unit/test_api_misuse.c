/* test_api_misuse.c — every function of the runtime's API, driven with bad
 * arguments: NULL pointers, indexes out of range, a wrong program, a game
 * that is over, a stale option index. Each is refused with an error code
 * (or a harmless value for the functions that return none), and the game
 * block is byte for byte as it was (ordo.h: "a bad argument changes
 * nothing"). The games are tests/e2e/data/tiny.ordo (lists, an escape, a
 * window) and stones.ordo (policies, displays), compiled in process. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler.h"
#include "game_copy.h"

typedef struct fixture {
    oc_compiler *c;
    const ordo_program *p;
    ordo_game *g;     /* at its first decision */
    ordo_game *copy;  /* what g must still be */
} fixture;

static fixture *open_at_decision(const char *path)
{
    fixture *x = calloc(1, sizeof *x);
    assert_non_null(x);
    oc_options opt = {0};
    x->c = oc_new(&opt);
    assert_non_null(x->c);
    x->p = oc_compile_file(x->c, path);
    assert_non_null(x->p);
    assert_int_equal(ordo_new(x->p, 2, 11, &x->g), ORDO_OK);
    assert_int_equal(ordo_run(x->g), ORDO_DECIDE);
    x->copy = dup_game(x->g);
    return x;
}

static void close_fixture(fixture *x)
{
    ordo_free(x->g);
    free(x->copy);
    oc_free(x->c);
    free(x);
}

#define UNCHANGED(x) assert_same_game((x)->g, (x)->copy)

/* The index of a proc that is not a fn (it gives no value), and of a fn. */
static int find_proc(const ordo_program *p, int returns)
{
    for (int i = 0; i < p->nprocs; i++)
        if ((p->procs[i].returns != 0) == returns)
            return i;
    return -1;
}

static void test_running_calls(void **state)
{
    (void)state;
    fixture *x = open_at_decision("tests/e2e/data/tiny.ordo");
    ordo_game *g = x->g;
    int32_t args[ORDO_EVENT_MAX_ARGS] = {0}, r = 0;

    assert_int_equal(ordo_run(NULL), ORDO_E_ARG);
    /* start and exec only before the first run */
    assert_int_equal(ordo_start(NULL, 0, NULL, 0), ORDO_E_ARG);
    assert_int_equal(ordo_start(g, 0, NULL, 0), ORDO_E_STATE);
    assert_int_equal(ordo_exec(g, 0, NULL, 0), ORDO_E_STATE);
    UNCHANGED(x);

    /* eval: a bad proc, a proc that is no fn, the wrong arity, NULLs */
    int fn = find_proc(x->p, 1), proc = find_proc(x->p, 0);
    assert_true(fn >= 0 && proc >= 0);
    assert_int_equal(ordo_eval(NULL, fn, args, x->p->procs[fn].nparams, &r), ORDO_E_ARG);
    assert_int_equal(ordo_eval(g, fn, args, x->p->procs[fn].nparams, NULL), ORDO_E_ARG);
    assert_int_equal(ordo_eval(g, -1, NULL, 0, &r), ORDO_E_ARG);
    assert_int_equal(ordo_eval(g, x->p->nprocs, NULL, 0, &r), ORDO_E_ARG);
    assert_int_equal(ordo_eval(g, INT_MAX, NULL, 0, &r), ORDO_E_ARG);
    assert_int_equal(ordo_eval(g, proc, args, x->p->procs[proc].nparams, &r), ORDO_E_ARG);
    assert_int_equal(ordo_eval(g, fn, args, x->p->procs[fn].nparams + 1, &r), ORDO_E_ARG);
    assert_int_equal(ordo_eval(g, fn, args, -1, &r), ORDO_E_ARG);
    if (x->p->procs[fn].nparams > 0)
        assert_int_equal(ordo_eval(g, fn, NULL, x->p->procs[fn].nparams, &r), ORDO_E_ARG);
    UNCHANGED(x);

    /* the decision: indexes out of range, NULL labels and buffers */
    int n = ordo_option_count(g);
    assert_true(n > 0);
    char buf[64];
    assert_int_equal(ordo_choose(NULL, 0), ORDO_E_ARG);
    assert_int_equal(ordo_choose(g, -1), ORDO_E_ARG);
    assert_int_equal(ordo_choose(g, n), ORDO_E_ARG);
    assert_int_equal(ordo_choose(g, INT_MAX), ORDO_E_ARG);
    assert_int_equal(ordo_option_label(NULL, 0, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_option_label(g, -1, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_option_label(g, n, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_option_label(g, 0, NULL, 5), ORDO_E_ARG);
    assert_true(ordo_option_label(g, 0, NULL, 0) > 0); /* asks the length only */
    assert_int_equal(ordo_find_option(g, NULL), -1);
    assert_int_equal(ordo_find_option(NULL, "bank"), -1);
    assert_int_equal(ordo_find_option(g, "no such option"), -1);
    assert_int_equal(ordo_option_count(NULL), 0);
    assert_int_equal(ordo_decider(NULL), -1);
    assert_int_equal(ordo_status(NULL), ORDO_E_ARG);
    assert_int_equal(ordo_player_count(NULL), ORDO_E_ARG);
    assert_int_equal(ordo_winner(NULL), -1);
    UNCHANGED(x);
    close_fixture(x);
}

static void test_state_access(void **state)
{
    (void)state;
    fixture *x = open_at_decision("tests/e2e/data/tiny.ordo");
    ordo_game *g = x->g;
    int32_t v = 0;
    int score = ordo_find_var(x->p, "score"), painted = ordo_find_var(x->p, "painted");
    int round = ordo_find_var(x->p, "round");
    assert_true(score >= 0 && painted >= 0 && round >= 0);
    assert_int_equal(ordo_find_var(NULL, "score"), ORDO_E_ARG);
    assert_true(ordo_find_var(x->p, NULL) < 0);
    assert_true(ordo_find_var(x->p, "no_such_var") < 0);

    assert_int_equal(ordo_get(NULL, score, 0, 0, -1, &v), ORDO_E_ARG);
    assert_int_equal(ordo_get(g, score, 0, 0, -1, NULL), ORDO_E_ARG);
    assert_true(ordo_get(g, -1, 0, 0, -1, &v) < 0);
    assert_true(ordo_get(g, x->p->nvars, 0, 0, -1, &v) < 0);
    assert_true(ordo_get(g, score, -1, 0, -1, &v) < 0);
    assert_true(ordo_get(g, score, 2, 0, -1, &v) < 0); /* a 2-player game */
    assert_true(ordo_get(g, painted, 0, 0, 9, &v) < 0);  /* beyond its capacity */
    assert_true(ordo_get(g, painted, 0, 0, 1, &v) < 0);  /* beyond its length */

    assert_int_equal(ordo_set(NULL, score, 0, 0, -1, 1), ORDO_E_ARG);
    assert_true(ordo_set(g, -1, 0, 0, -1, 1) < 0);
    assert_true(ordo_set(g, x->p->nvars, 0, 0, -1, 1) < 0);
    assert_true(ordo_set(g, score, 5, 0, -1, 1) < 0);
    assert_true(ordo_set(g, score, 0, 0, -1, 100) < 0);  /* score: 0..99 */
    assert_true(ordo_set(g, round, 0, 0, -1, -1) < 0);   /* round: 0..20 */
    assert_true(ordo_set(g, painted, 0, 0, 5, 0) < 0);
    UNCHANGED(x);

    char buf[32];
    assert_int_equal(ordo_format_value(NULL, ORDO_K_INT, 0, 1, buf, sizeof buf), ORDO_E_ARG);
    assert_true(ordo_format_value(x->p, 200, 0, 1, buf, sizeof buf) < 0);
    assert_true(ordo_format_value(x->p, ORDO_K_ENUM, 999, 1, buf, sizeof buf) < 0);
    assert_true(ordo_format_value(x->p, ORDO_K_INT, 0, 1, NULL, 4) < 0);

    ordo_set_max_steps(NULL, 5);
    assert_int_equal(ordo_steps(NULL), 0);
    assert_int_equal(ordo_size(NULL), 0);
    assert_int_equal(ordo_error_message(NULL, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_error_message(g, NULL, 5), ORDO_E_ARG);
    assert_non_null(ordo_strerror(12345));
    assert_non_null(ordo_strerror(INT_MIN));
    ordo_set_trace(NULL, NULL, NULL);
    ordo_copy(NULL, g);
    ordo_copy(x->copy, NULL);
    ordo_free(NULL);
    UNCHANGED(x);
    close_fixture(x);
}

/* Events a host makes itself: any kind, id and argument count. The
 * formatters read nothing outside the event and the program. */
static void test_event_formatters(void **state)
{
    (void)state;
    fixture *x = open_at_decision("tests/e2e/data/tiny.ordo");
    char buf[256];
    ordo_event ev;
    assert_int_equal(ordo_event_text(NULL, &ev, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_event_text(x->g, NULL, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_event_json(x->g, NULL, buf, sizeof buf), ORDO_E_ARG);
    for (int kind = 0; kind < 256; kind += 1) {
        for (int k = 0; k < 4; k++) {
            memset(&ev, 0, sizeof ev);
            ev.kind = (uint8_t)kind;
            ev.nargs = (uint8_t)(k == 0 ? 0 : k == 1 ? 3 : k == 2 ? 9 : 255);
            ev.id = (uint16_t)(k == 3 ? 65535 : k);
            ev.player = (int8_t)(k == 3 ? 127 : k - 1);
            ev.step = (int16_t)(k == 3 ? 32767 : -1);
            for (int a = 0; a < ORDO_EVENT_MAX_ARGS; a++)
                ev.args[a] = k == 3 ? INT32_MIN : a;
            assert_true(ordo_event_text(x->g, &ev, buf, sizeof buf) >= 0);
            assert_true(ordo_event_json(x->g, &ev, buf, sizeof buf) >= 0);
            assert_true(ordo_event_text(x->g, &ev, NULL, 0) >= 0);
            /* as a seat sees it, with any visibility a host could make up */
            ev.seen_by = (int8_t)(k * 50 - 3);
            ev.hide = (uint8_t)(kind ^ 0xa5);
            for (int seat = ORDO_SPECTATOR; seat < 2; seat++) {
                assert_true(ordo_event_text_as(x->g, &ev, seat, buf, sizeof buf) >= 0);
                assert_true(ordo_event_json_as(x->g, &ev, seat, buf, sizeof buf) >= 0);
            }
        }
    }
    assert_int_equal(ordo_event_text_as(x->g, &ev, -3, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_event_json_as(x->g, &ev, 2, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_event_text_as(NULL, &ev, 0, buf, sizeof buf), ORDO_E_ARG);
    UNCHANGED(x);
    close_fixture(x);
}

/* Seats' views and invariants: bad seats, vars, indexes, games. */
static void test_views_and_invariants(void **state)
{
    (void)state;
    fixture *x = open_at_decision("tests/e2e/data/tiny.ordo");
    ordo_game *v = dup_game(x->g);
    assert_int_equal(ordo_visible(NULL, 0, 0, 0, 0), ORDO_E_ARG);
    assert_int_equal(ordo_visible(x->g, 2, 0, 0, 0), ORDO_E_ARG);
    assert_int_equal(ordo_visible(x->g, -3, 0, 0, 0), ORDO_E_ARG);
    assert_int_equal(ordo_visible(x->g, 0, -1, 0, 0), ORDO_E_ARG);
    assert_int_equal(ordo_visible(x->g, 0, x->p->nvars, 0, 0), ORDO_E_ARG);
    assert_int_equal(ordo_visible(x->g, 0, 0, 99, 99), ORDO_E_ARG);
    assert_int_equal(ordo_view(NULL, x->g, 0), ORDO_E_ARG);
    assert_int_equal(ordo_view(v, NULL, 0), ORDO_E_ARG);
    assert_int_equal(ordo_view(v, x->g, 2), ORDO_E_ARG);
    assert_int_equal(ordo_view(v, x->g, -3), ORDO_E_ARG);
    assert_int_equal(ordo_broken_invariant(NULL), ORDO_E_ARG);
    assert_int_equal(ordo_broken_invariant(x->g), -1); /* none declared */
    assert_int_equal(ordo_invariant_count(NULL), 0);
    assert_null(ordo_invariant_at(x->p, 0));
    assert_null(ordo_invariant_at(NULL, 0));
    UNCHANGED(x);
    free(v);
    close_fixture(x);
}

static void test_policies_and_displays(void **state)
{
    (void)state;
    fixture *x = open_at_decision("tests/e2e/data/stones.ordo");
    ordo_game *g = x->g;
    uint64_t rng = 5;
    assert_int_equal(ordo_rng_next(NULL), 0);
    assert_int_equal(ordo_rng_below(NULL, 7), 0);
    assert_int_equal(ordo_policy_first(NULL), ORDO_E_STATE);
    assert_int_equal(ordo_policy_random(NULL, &rng), ORDO_E_ARG);
    assert_int_equal(ordo_policy_random(g, NULL), ORDO_E_ARG);
    assert_int_equal(ordo_policy_count(NULL), 0);
    assert_null(ordo_policy_name(x->p, -1));
    assert_null(ordo_policy_name(x->p, ordo_policy_count(x->p)));
    assert_null(ordo_policy_name(NULL, 0));
    assert_int_equal(ordo_find_policy(x->p, NULL) < 0, 1);
    assert_int_equal(ordo_find_policy(NULL, "greedy") < 0, 1);
    assert_int_equal(ordo_policy_ruleset(NULL, 0, &rng), ORDO_E_ARG);
    assert_int_equal(ordo_policy_ruleset(g, -1, &rng), ORDO_E_ARG);
    assert_int_equal(ordo_policy_ruleset(g, ordo_policy_count(x->p), &rng), ORDO_E_ARG);
    int dice = ordo_find_policy(x->p, "dice");
    assert_true(dice >= 0);
    assert_int_equal(ordo_policy_ruleset(g, dice, NULL), ORDO_E_ARG); /* ties random */
    assert_int_equal(ordo_display_count(NULL), 0);
    assert_null(ordo_display_title(x->p, -1));
    assert_null(ordo_display_title(x->p, ordo_display_count(x->p)));
    assert_int_equal(ordo_display(NULL, 0, NULL, NULL), ORDO_E_ARG);
    assert_int_equal(ordo_display(g, -1, NULL, NULL), ORDO_E_ARG);
    assert_int_equal(ordo_display(g, ordo_display_count(x->p), NULL, NULL), ORDO_E_ARG);
    UNCHANGED(x);
    close_fixture(x);
}

/* An option index kept from an earlier decision, a choice made twice, and
 * every call on a game that is over. */
static void test_stale_and_finished(void **state)
{
    (void)state;
    fixture *x = open_at_decision("tests/e2e/data/stones.ordo");
    ordo_game *g = x->g;
    int n = ordo_option_count(g);
    assert_int_equal(ordo_choose(g, 0), ORDO_OK);
    free(x->copy);
    x->copy = dup_game(g);
    assert_int_equal(ordo_choose(g, 0), ORDO_E_STATE); /* chosen already: run first */
    assert_int_equal(ordo_choose(g, n - 1), ORDO_E_STATE);
    UNCHANGED(x);

    uint64_t rng = 3;
    int rc;
    while ((rc = ordo_run(g)) == ORDO_DECIDE)
        assert_int_equal(ordo_choose(g, ordo_policy_random(g, &rng)), ORDO_OK);
    assert_int_equal(rc, ORDO_OVER);
    free(x->copy);
    x->copy = dup_game(g);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(ordo_choose(g, 0), ORDO_E_STATE);
    assert_int_equal(ordo_start(g, 0, NULL, 0), ORDO_E_STATE);
    assert_int_equal(ordo_exec(g, 0, NULL, 0), ORDO_E_STATE);
    assert_int_equal(ordo_option_count(g), 0);
    assert_int_equal(ordo_decider(g), -1);
    assert_int_equal(ordo_policy_first(g), ORDO_E_STATE);
    assert_int_equal(ordo_policy_random(g, &rng), ORDO_E_STATE);
    assert_int_equal(ordo_policy_ruleset(g, 0, &rng), ORDO_E_STATE);
    UNCHANGED(x);
    close_fixture(x);
}

/* A program that is not one: a wrong magic number or version, a table
 * pointer gone. Creating a game from it is refused; ordo_init leaves the
 * caller's memory as it was. */
static void test_wrong_program(void **state)
{
    (void)state;
    fixture *x = open_at_decision("tests/e2e/data/tiny.ordo");
    ordo_program bad = *x->p;
    ordo_game *g = NULL;
    char msg[128];
    assert_int_equal(ordo_validate(NULL, msg, sizeof msg), ORDO_E_PROGRAM);
    assert_int_equal(ordo_game_size(NULL), 0);
    assert_int_equal(ordo_new(NULL, 2, 1, &g), ORDO_E_ARG);
    assert_int_equal(ordo_new(x->p, 2, 1, NULL), ORDO_E_ARG);
    assert_int_equal(ordo_new(x->p, 1, 1, &g), ORDO_E_ARG); /* players 2..3 */
    assert_int_equal(ordo_new(x->p, 4, 1, &g), ORDO_E_ARG);
    assert_null(g);

    bad.magic ^= 1;
    assert_int_equal(ordo_new(&bad, 2, 1, &g), ORDO_E_PROGRAM);
    assert_int_equal(ordo_game_size(&bad), 0);
    bad = *x->p;
    bad.version += 1;
    assert_int_equal(ordo_new(&bad, 2, 1, &g), ORDO_E_PROGRAM);
    bad = *x->p;
    bad.code = NULL;
    assert_int_equal(ordo_new(&bad, 2, 1, &g), ORDO_E_PROGRAM);
    bad = *x->p;
    bad.main_proc = bad.nprocs;
    assert_int_equal(ordo_new(&bad, 2, 1, &g), ORDO_E_PROGRAM);
    assert_null(g);

    size_t size = ordo_game_size(x->p);
    assert_true(size > 0);
    unsigned char *mem = malloc(size), *want = malloc(size);
    assert_non_null(mem);
    assert_non_null(want);
    memset(mem, 0xAB, size);
    memcpy(want, mem, size);
    assert_int_equal(ordo_init(NULL, size, x->p, 2, 1, &g), ORDO_E_ARG);
    assert_true(ordo_init(mem, size - 1, x->p, 2, 1, &g) < 0);
    assert_true(ordo_init(mem, size, x->p, 9, 1, &g) < 0);
    bad = *x->p;
    bad.magic ^= 1;
    assert_int_equal(ordo_init(mem, size, &bad, 2, 1, &g), ORDO_E_PROGRAM);
    assert_memory_equal(mem, want, size);
    free(mem);
    free(want);
    close_fixture(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_running_calls),
        cmocka_unit_test(test_state_access),
        cmocka_unit_test(test_event_formatters),
        cmocka_unit_test(test_views_and_invariants),
        cmocka_unit_test(test_policies_and_displays),
        cmocka_unit_test(test_stale_and_finished),
        cmocka_unit_test(test_wrong_program),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

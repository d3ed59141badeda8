/* test_play.c — what a ruleset declares for the player: its policies
 * (ordo_policy_ruleset ranks the offered options by the prefer lines) and
 * its displays (ordo_display hands over the `show` lines). Both must leave
 * the game byte for byte as it was, even when an expression fails. The
 * rulesets are compiled in process (oc_compile_string). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler.h"

static const char src[] =
    "ruleset \"t\"\n"
    "players 2\n"
    "var pile: 0..30 = 10\n"
    "var bonus[1..3]: int\n"
    "var zero: int\n"
    "policy greedy \"most\" { prefer take by n }\n"
    "policy careful { prefer take when (pile - n) % 4 == 0  prefer wait  prefer take by 0 - n }\n"
    "policy bonus_first { prefer take by bonus[n] }\n"
    "policy waiter { prefer wait }\n"
    "policy dice { ties random }\n"
    "policy broken { prefer take by n / zero }\n"
    "policy shy { avoid take  prefer wait when pile > 20  ties random }\n"
    "display \"Pile\" { let left = pile\n show \"stones left: {left}\" }\n"
    "display \"Loop\" { for n in 1..3 { let b = bonus[n]\n if b > 0 { show \"{n}: {b}\" } } }\n"
    "display \"Row\" { for n in 1..3 { let b = bonus[n]\n put \"[{b}]\" }\n show \" end\"\n"
    "    put \"open\" }\n"
    "sequence {\n"
    "  scope {\n"
    "    choose player 1 \"how many?\" {\n"
    "      option take \"take {n}\" for n in 1..3 where n <= pile { pile -= n }\n"
    "      option \"think\" { }\n"
    "      option wait \"wait\" { }\n"
    "    }\n"
    "  } escape \"give up\" by player 1 { }\n"
    "}\n";

typedef struct fixture {
    oc_compiler *c;
    const ordo_program *p;
    ordo_game *g, *copy;
} fixture;

/* A game of src at its first decision (take 1..3, think, wait, give up)
 * with pile = `pile` and bonus[1..3] = `bonus`, and a copy of it. */
static void open_game(fixture *x, int32_t pile, const int32_t bonus[3])
{
    oc_options opt = {0};
    x->c = oc_new(&opt);
    assert_non_null(x->c);
    x->p = oc_compile_string(x->c, "t.ordo", src, strlen(src));
    assert_non_null(x->p);
    assert_int_equal(ordo_new(x->p, 2, 7, &x->g), ORDO_OK);
    assert_int_equal(ordo_set(x->g, ordo_find_var(x->p, "pile"), 0, 0, -1, pile), ORDO_OK);
    for (int k = 0; bonus && k < 3; k++)
        assert_int_equal(ordo_set(x->g, ordo_find_var(x->p, "bonus"), k + 1, 0, -1, bonus[k]),
                         ORDO_OK);
    assert_int_equal(ordo_run(x->g), ORDO_DECIDE);
    assert_int_equal(ordo_new(x->p, 2, 7, &x->copy), ORDO_OK);
    ordo_copy(x->copy, x->g);
}

/* The game is exactly as the copy taken before. */
static void unchanged(const fixture *x)
{
    assert_int_equal(ordo_size(x->g), ordo_size(x->copy));
    assert_memory_equal(x->g, x->copy, ordo_size(x->g));
}

static void close_game(fixture *x)
{
    ordo_free(x->g);
    ordo_free(x->copy);
    oc_free(x->c);
}

static int policy(const fixture *x, const char *name, uint64_t *rng)
{
    int k = ordo_find_policy(x->p, name);
    assert_true(k >= 0);
    int choice = ordo_policy_ruleset(x->g, k, rng);
    unchanged(x);
    return choice;
}

static void label_is(const fixture *x, int option, const char *want)
{
    char buf[64];
    assert_true(ordo_option_label(x->g, option, buf, sizeof buf) >= 0);
    assert_string_equal(buf, want);
}

/* Lines earlier in a policy rank above later ones, a higher `by` above a
 * lower, an option no line names (or whose `when` fails) below all. */
static void test_ranking(void **state)
{
    (void)state;
    fixture x;
    open_game(&x, 10, NULL);
    label_is(&x, 0, "take 1");
    label_is(&x, 3, "think");
    label_is(&x, 4, "wait");
    label_is(&x, 5, "give up");
    assert_int_equal(policy(&x, "greedy", NULL), 2);  /* take 3: the highest n */
    assert_int_equal(policy(&x, "careful", NULL), 1); /* take 2 leaves 8 */
    assert_int_equal(policy(&x, "waiter", NULL), 4);  /* the only named line */
    close_game(&x);

    open_game(&x, 12, NULL); /* no take leaves a multiple of 4: wait */
    assert_int_equal(policy(&x, "careful", NULL), 4);
    close_game(&x);

    open_game(&x, 2, NULL); /* only take 1 and 2 are offered */
    assert_int_equal(ordo_option_count(x.g), 5);
    assert_int_equal(policy(&x, "greedy", NULL), 1);
    close_game(&x);
}

/* `by` reads globals through the option's value; ties go to the first
 * offered, and the policy's generator is not drawn from. */
static void test_by_and_ties(void **state)
{
    (void)state;
    fixture x;
    const int32_t b1[3] = {5, 9, 2}, b2[3] = {4, 4, 4};
    open_game(&x, 10, b1);
    assert_int_equal(policy(&x, "bonus_first", NULL), 1);
    close_game(&x);
    open_game(&x, 10, b2);
    uint64_t rng = 99, before = rng;
    assert_int_equal(policy(&x, "bonus_first", &rng), 0);
    assert_true(rng == before);
    close_game(&x);
}

/* `ties random`: every option (all tie) is drawn, uniformly enough, with
 * the generator given, and the same generator gives the same draws. */
static void test_ties_random(void **state)
{
    (void)state;
    fixture x;
    open_game(&x, 10, NULL);
    int seen[6] = {0};
    uint64_t rng = 1;
    for (int i = 0; i < 600; i++) {
        int k = policy(&x, "dice", &rng);
        assert_true(k >= 0 && k < 6);
        seen[k]++;
    }
    for (int k = 0; k < 6; k++)
        assert_true(seen[k] > 50);
    uint64_t a = 5, b = 5;
    for (int i = 0; i < 20; i++)
        assert_int_equal(policy(&x, "dice", &a), policy(&x, "dice", &b));
    assert_int_equal(ordo_policy_ruleset(x.g, ordo_find_policy(x.p, "dice"), NULL), ORDO_E_ARG);
    close_game(&x);
}

/* `avoid`: the options it names rank below those no line names and the
 * escape, so "random but never take" is `avoid take` with `ties random`:
 * think, wait and give up are drawn, a take never. */
static void test_avoid(void **state)
{
    (void)state;
    fixture x;
    open_game(&x, 10, NULL);
    int seen[6] = {0};
    uint64_t rng = 3;
    for (int i = 0; i < 600; i++) {
        int k = policy(&x, "shy", &rng);
        assert_true(k >= 0 && k < 6);
        seen[k]++;
    }
    for (int k = 0; k < 3; k++)
        assert_int_equal(seen[k], 0);
    for (int k = 3; k < 6; k++)
        assert_true(seen[k] > 100);
    close_game(&x);
    open_game(&x, 25, NULL); /* a prefer line above: wait, every time */
    assert_int_equal(policy(&x, "shy", &rng), 4);
    close_game(&x);
}

/* A failing `by` returns its error and changes nothing; bad arguments. */
static void test_policy_errors(void **state)
{
    (void)state;
    fixture x;
    open_game(&x, 10, NULL);
    assert_int_equal(policy(&x, "broken", NULL), ORDO_E_DIVZERO);
    assert_int_equal(ordo_status(x.g), ORDO_DECIDE);
    assert_int_equal(ordo_policy_ruleset(x.g, ordo_policy_count(x.p), NULL), ORDO_E_ARG);
    assert_int_equal(ordo_policy_ruleset(x.g, -1, NULL), ORDO_E_ARG);
    assert_int_equal(ordo_policy_ruleset(NULL, 0, NULL), ORDO_E_ARG);
    assert_int_equal(ordo_policy_count(x.p), 7);
    assert_string_equal(ordo_policy_name(x.p, 0), "greedy");
    assert_string_equal(ordo_policy_label(x.p, 0), "most");
    assert_string_equal(ordo_policy_label(x.p, 1), "");
    assert_string_equal(ordo_policy_name(x.p, 6), "shy");
    assert_null(ordo_policy_name(x.p, 7));
    assert_int_equal(ordo_find_policy(x.p, "nope"), -1);
    assert_int_equal(ordo_choose(x.g, 0), ORDO_OK); /* take 1: the game ends */
    assert_int_equal(ordo_run(x.g), ORDO_OVER);
    assert_int_equal(ordo_policy_ruleset(x.g, 0, NULL), ORDO_E_STATE);
    close_game(&x);
}

typedef struct lines {
    char text[8][64];
    int n;
} lines;

static void take_line(void *ctx, const char *text)
{
    lines *l = ctx;
    assert_true(l->n < 8);
    snprintf(l->text[l->n++], sizeof l->text[0], "%s", text);
}

/* The displays show the state now, in source order, and change nothing. */
static void test_display(void **state)
{
    (void)state;
    fixture x;
    const int32_t b[3] = {3, 0, 7};
    open_game(&x, 6, b);
    assert_int_equal(ordo_display_count(x.p), 3);
    assert_string_equal(ordo_display_title(x.p, 0), "Pile");
    assert_string_equal(ordo_display_title(x.p, 1), "Loop");
    assert_null(ordo_display_title(x.p, 3));
    lines l = {.n = 0};
    assert_int_equal(ordo_display(x.g, -1, take_line, &l), ORDO_OK);
    unchanged(&x);
    assert_int_equal(l.n, 5);
    assert_string_equal(l.text[0], "stones left: 6");
    assert_string_equal(l.text[1], "1: 3");
    assert_string_equal(l.text[2], "3: 7");
    /* `put` keeps the line open for the next text; the display's end closes it */
    assert_string_equal(l.text[3], "[3][0][7] end");
    assert_string_equal(l.text[4], "open");
    l.n = 0;
    assert_int_equal(ordo_display(x.g, 0, take_line, &l), ORDO_OK);
    assert_int_equal(l.n, 1);
    assert_int_equal(ordo_display(x.g, 3, take_line, &l), ORDO_E_ARG);
    assert_int_equal(ordo_display(x.g, 0, NULL, NULL), ORDO_E_ARG);
    unchanged(&x);
    /* the trace goes on numbering as if nothing had been shown */
    assert_int_equal(ordo_choose(x.g, 2), ORDO_OK);
    assert_int_equal(ordo_choose(x.copy, 2), ORDO_OK);
    unchanged(&x);
    close_game(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ranking),
        cmocka_unit_test(test_by_and_ties),
        cmocka_unit_test(test_ties_random),
        cmocka_unit_test(test_avoid),
        cmocka_unit_test(test_policy_errors),
        cmocka_unit_test(test_display),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

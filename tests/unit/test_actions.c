/* test_actions.c — actions through the public API, on rulesets compiled
 * from text (compiler.h): what a host gets when it forces an action whose
 * precondition or cost fails, or a payment of more than is held
 * (ORDO_E_DENIED), the per-action state after an escape taken at a
 * window inside an action (doc/timing.md, "Actions"), and an action an
 * escape leaves undone, every var but a `kept` one as before it began. */
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

/* ------------------------------------------------------------ helpers */

/* A test's ruleset, compiled by its setup (test_setup: the ruleset text
 * in, the compiler and its program out), freed by its teardown. */
typedef struct compiled {
    const char *text;
    oc_compiler *c;
    const ordo_program *p;
} compiled;

/* Compiles the text; the test fails on any diagnostic (errors or warnings). */
static int compile(void **state)
{
    compiled *t = *state;
    oc_options opt = {0};
    opt.diag = stderr;
    opt.werror = 1;
    t->c = oc_new(&opt);
    t->p = t->c ? oc_compile_string(t->c, "actions_test.ordo", t->text, strlen(t->text)) : NULL;
    return t->p ? 0 : -1;
}

static int release(void **state)
{
    compiled *t = *state;
    oc_free(t->c);
    t->c = NULL;
    t->p = NULL;
    return 0;
}

static ordo_game *new_game(const ordo_program *p, int nplayers)
{
    ordo_game *g = NULL;
    assert_int_equal(ordo_new(p, nplayers, 1, &g), ORDO_OK);
    return g;
}

/* Every cell of every declared var (the hidden per-action ones included)
 * but `skip` (NULL: none) reads the same in a and b. */
static void assert_same_vars(const ordo_program *p, const ordo_game *a, const ordo_game *b,
                             const char *skip)
{
    for (int v = 0; v < p->nvars; v++) {
        const ordo_var *d = &p->vars[v];
        if (skip && d->name && strcmp(d->name, skip) == 0)
            continue;
        int ni = d->ndims > 0 ? d->dim_n[0] : 1, nj = d->ndims > 1 ? d->dim_n[1] : 1;
        for (int i = 0; i < ni; i++)
            for (int j = 0; j < nj; j++) {
                int ii = d->ndims > 0 ? i + d->dim_lo[0] : 0;
                int jj = d->ndims > 1 ? j + d->dim_lo[1] : 0;
                int32_t x = 0, y = 0;
                if (d->ndims > 0 && d->dim_kind[0] == ORDO_DIM_PLAYER && i >= ordo_player_count(a))
                    continue;
                assert_int_equal(ordo_get(a, v, ii, jj, -1, &x), ORDO_OK);
                assert_int_equal(ordo_get(b, v, ii, jj, -1, &y), ORDO_OK);
                if (x != y)
                    fail_msg("var %s[%d, %d]: %d, was %d", d->name, ii, jj, (int)x, (int)y);
            }
    }
}

static void assert_same_state(const ordo_program *p, const ordo_game *a, const ordo_game *b)
{
    assert_same_vars(p, a, b, NULL);
}

static int32_t get(const ordo_program *p, const ordo_game *g, const char *var, int i)
{
    int v = ordo_find_var(p, var);
    assert_true(v >= 0);
    int32_t x = INT32_MIN;
    assert_int_equal(ordo_get(g, v, i, 0, -1, &x), ORDO_OK);
    return x;
}

static void choose(ordo_game *g, const char *label)
{
    assert_int_equal(ordo_status(g), ORDO_DECIDE);
    int i = ordo_find_option(g, label);
    if (i < 0)
        fail_msg("'%s' is not offered", label);
    assert_int_equal(ordo_choose(g, i), ORDO_OK);
}

static void assert_message_has(const ordo_game *g, const char *want)
{
    char buf[512];
    assert_true(ordo_error_message(g, buf, sizeof buf) > 0);
    if (!strstr(buf, want))
        fail_msg("error message '%s' lacks '%s'", buf, want);
}

/* ------------------------------------------- (a) a denied action or payment */

static const char DENIED[] =
    "ruleset \"denied\"\n"
    "players 1\n"
    "resource silver[player]: 0..9 = 1\n"
    "var bought: 0..9\n"
    "action buy(p: player) \"buy\" when bought < 1 cost 2 from silver[p] {\n"
    "    bought += 1\n"
    "}\n"
    "action gift(p: player) \"gift\" when bought == 0 {\n"
    "    silver[p] += 1\n"
    "}\n"
    "proc force(p: player) {\n"
    "    do buy(p)\n"
    "}\n"
    "proc overpay(p: player) {\n"
    "    pay 5 from silver[p]\n"
    "}\n"
    "sequence {\n"
    "    if can buy(player 1) {\n"
    "        do buy(player 1)\n"
    "    }\n"
    "    force(player 1)\n"
    "    overpay(player 1)\n"
    "}\n";

/* A host that starts an action whose cost cannot be paid, or whose
 * precondition fails, is refused: ORDO_E_DENIED, the game byte for byte as
 * it was, and it can still be started otherwise. */
static void start_denied_action(void **state)
{
    const ordo_program *p = ((compiled *)*state)->p;
    int buy = proc_named(p, "buy"), gift = proc_named(p, "gift");
    const int32_t me[1] = {0};

    ordo_game *g = new_game(p, 1);
    ordo_game *before = dup_game(g);
    /* silver 1, the cost 2 */
    assert_int_equal(ordo_start(g, buy, me, 1), ORDO_E_DENIED);
    assert_same_game(g, before);
    assert_int_equal(ordo_exec(g, buy, me, 1), ORDO_E_DENIED);
    assert_same_game(g, before);
    assert_int_equal(ordo_status(g), ORDO_OK);

    /* the precondition: with silver enough, bought == 1 still denies */
    assert_int_equal(ordo_set(g, ordo_find_var(p, "silver"), 0, 0, -1, 5), ORDO_OK);
    assert_int_equal(ordo_set(g, ordo_find_var(p, "bought"), 0, 0, -1, 1), ORDO_OK);
    free(before);
    before = dup_game(g);
    assert_int_equal(ordo_start(g, buy, me, 1), ORDO_E_DENIED);
    assert_same_game(g, before);
    assert_int_equal(ordo_start(g, gift, me, 1), ORDO_E_DENIED);
    assert_same_game(g, before);

    /* the game is still fresh: an allowed action starts and runs */
    assert_int_equal(ordo_set(g, ordo_find_var(p, "bought"), 0, 0, -1, 0), ORDO_OK);
    assert_int_equal(ordo_start(g, buy, me, 1), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(get(p, g, "silver", 0), 3);
    assert_int_equal(get(p, g, "bought", 0), 1);
    free(before);
    ordo_free(g);
}

/* The rules' own unguarded `do` of a denied action, and a `pay` of more
 * than is held, are errors in the rules: the run stops with ORDO_E_DENIED
 * (sticky, like every error in the rules: doc/runtime.md, "Errors"), and
 * the denied instruction changed nothing: every var reads as before. */
static void rules_denied(void **state)
{
    const ordo_program *p = ((compiled *)*state)->p;
    const int32_t me[1] = {0};

    /* the sequence: buy is denied at once (silver 1), force's `do` fails */
    ordo_game *g = new_game(p, 1);
    ordo_game *before = dup_game(g);
    assert_int_equal(ordo_run(g), ORDO_E_DENIED);
    assert_int_equal(ordo_status(g), ORDO_E_DENIED);
    assert_message_has(g, "action 'buy' is not allowed now");
    assert_same_state(p, g, before);
    assert_int_equal(get(p, g, "#acting", 0), 0);
    assert_int_equal(ordo_run(g), ORDO_E_DENIED); /* sticky */
    free(before);
    ordo_free(g);

    /* a payment of more than is held */
    g = new_game(p, 1);
    assert_int_equal(ordo_start(g, proc_named(p, "overpay"), me, 1), ORDO_OK);
    before = dup_game(g);
    assert_int_equal(ordo_run(g), ORDO_E_DENIED);
    assert_message_has(g, "pay 5 from silver: only 1 held");
    assert_same_state(p, g, before);
    assert_int_equal(get(p, g, "silver", 0), 1);
    free(before);
    ordo_free(g);
}

/* ----------------------------- (b) an escape at a window inside an action */

static const char ESCAPE[] =
    "ruleset \"escape\"\n"
    "players 1\n"
    "resource silver[player]: 0..9 = 5\n"
    "var got: 0..9 per action\n"
    "var heard: 0..9\n"
    "var outer_got: 0..9\n"
    "var outer_acting: bool\n"
    "var done: 0..9\n"
    "event gained(p: player)\n"
    "trigger hear on gained immediately once per action { heard += 1 }\n"
    "anytime tip(p: player) \"tip\" when silver[p] > 0 { silver[p] -= 1 }\n"
    "action inner(p: player) \"inner\" cost 1 from silver[p] {\n"
    "    got = 7\n"
    "    emit gained(p)\n"
    "    window for p \"inside\"\n"
    "    emit gained(p)\n"
    "    got = 8\n"
    "}\n"
    "action outer(p: player) \"outer\" {\n"
    "    got = 3\n"
    "    scope {\n"
    "        do inner(p)\n"
    "    } escape \"give up\" by p {\n"
    "        outer_got = got\n"
    "        outer_acting = in action\n"
    "    }\n"
    "    emit gained(p)\n"
    "}\n"
    "sequence {\n"
    "    turn player 1 {\n"
    "        do outer(player 1)\n"
    "        scope {\n"
    "            do inner(player 1)\n"
    "        } escape \"leave\" by player 1 {\n"
    "            done = if in action then 9 else 1\n"
    "        }\n"
    "        do inner(player 1)\n"
    "        done += got + 1\n"
    "    }\n"
    "}\n";

static void escape_restores_action_state(void **state)
{
    const ordo_program *p = ((compiled *)*state)->p;
    ordo_game *g = new_game(p, 1);

    /* outer, then inner inside it: its window */
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(get(p, g, "got", 0), 7);
    assert_int_equal(get(p, g, "#acting", 0), 2);
    assert_int_equal(get(p, g, "heard", 0), 1);
    assert_int_equal(get(p, g, "silver", 0), 4);
    choose(g, "tip"); /* an anytime action, then the window again */
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    choose(g, "give up");
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    /* the escape ran inside outer, and undid inner (a program with escapes
     * undoes the actions they leave): its cost, the tip and its `hear` are
     * back as at inner's start, outer's count and action with them. Then
     * outer's `gained` fired `hear` (outer's own once-per-action mark), and
     * so did the second inner's, now at its window: 2; its cost paid: 4 */
    assert_int_equal(get(p, g, "outer_got", 0), 3);
    assert_int_equal(get(p, g, "outer_acting", 0), 1);
    assert_int_equal(get(p, g, "heard", 0), 2);
    assert_int_equal(get(p, g, "silver", 0), 4);

    /* outer is over: at the second inner's window, no action but inner */
    assert_int_equal(get(p, g, "#acting", 0), 1);
    assert_int_equal(get(p, g, "got", 0), 7);
    choose(g, "leave");
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    /* escaped out of the only action, undone: not in action, got as before
     * it, its cost back (5), its `hear` undone (1); then the third inner
     * paid (4) and heard (2), at its window */
    assert_int_equal(get(p, g, "done", 0), 1);
    assert_int_equal(get(p, g, "#acting", 0), 1);
    assert_int_equal(get(p, g, "heard", 0), 2);
    assert_int_equal(get(p, g, "silver", 0), 4);
    choose(g, "pass");
    assert_int_equal(ordo_run(g), ORDO_OVER);
    /* the third inner ran to its end, and its per-action state was restored */
    assert_int_equal(get(p, g, "#acting", 0), 0);
    assert_int_equal(get(p, g, "got", 0), 0);
    assert_int_equal(get(p, g, "done", 0), 2);
    assert_int_equal(get(p, g, "heard", 0), 2);
    ordo_free(g);
}

/* ------------------------- (c) an action left by an escape is undone */

static const char UNDONE[] =
    "ruleset \"undone\"\n"
    "players 1\n"
    "resource silver[player]: 0..9 = 5\n"
    "var built: 0..9\n"
    "var seen: 0..9 kept\n"
    "var heard: 0..9\n"
    "event raised(p: player)\n"
    "trigger hear on raised immediately { heard += 1 }\n"
    "action build(p: player) \"build\" cost 2 from silver[p] {\n"
    "    built += 1\n"
    "    seen += 1\n"
    "    emit raised(p)\n"
    "    choose p \"confirm?\" {\n"
    "        option \"yes\" {\n"
    "        }\n"
    "    }\n"
    "}\n"
    "sequence {\n"
    "    turn player 1 {\n"
    "        scope {\n"
    "            choose player 1 \"start?\" {\n"
    "                option \"go\" {\n"
    "                    do build(player 1)\n"
    "                }\n"
    "            }\n"
    "        } escape \"back out\" by player 1 {\n"
    "        }\n"
    "    }\n"
    "}\n";

/* Escaping from a decision inside an action puts every var back as it was
 * before the action began (its cost, its effects, its triggers'), but the
 * `kept` one; the trace says the action was undone. */
static void escape_undoes_action(void **state)
{
    const ordo_program *p = ((compiled *)*state)->p;
    assert_int_equal(p->act_undo, 1);
    ordo_game *g = new_game(p, 1), *before = new_game(p, 1);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    ordo_copy(before, g);
    choose(g, "go");
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(get(p, g, "silver", 0), 3);
    assert_int_equal(get(p, g, "heard", 0), 1);
    choose(g, "back out");
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_same_vars(p, g, before, "seen");
    assert_int_equal(get(p, g, "silver", 0), 5);
    assert_int_equal(get(p, g, "built", 0), 0);
    assert_int_equal(get(p, g, "seen", 0), 1);
    ordo_free(before);
    ordo_free(g);
}

int main(void)
{
    static compiled denied = {DENIED, NULL, NULL}, escape = {ESCAPE, NULL, NULL},
                    undone = {UNDONE, NULL, NULL};
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_prestate_setup_teardown(start_denied_action, compile, release, &denied),
        cmocka_unit_test_prestate_setup_teardown(rules_denied, compile, release, &denied),
        cmocka_unit_test_prestate_setup_teardown(escape_restores_action_state, compile, release,
                                                 &escape),
        cmocka_unit_test_prestate_setup_teardown(escape_undoes_action, compile, release, &undone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_checks.c — the static checks (compiler/check.c): step numbers,
 * unreachable steps, loops that cannot end, choices without options,
 * recursion, triggers and windows, and the warnings -Werror makes fatal. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "check_fixture.h"

/* =============================================================== checks */

static void test_duplicate_step_numbers(void **state)
{
    (void)state;
    fe *x = run(HEAD "proc p() {\n"
                     "    step 2 \"again\" { }\n"
                     "}\n"
                     "sequence {\n"
                     "    step 1 \"one\" { }\n"
                     "    step 2 \"two\" { p() }\n"
                     "    step 1 { }\n"
                     "    step 1.1 { }\n"
                     "}\n");
    assert_int_equal(x->resolve_errors, 0);
    assert_int_equal(x->check_errors, 2);
    msgs_are(x, "c.ordo:8:10: error: duplicate step number 2\n"
                "    step 2 \"two\" { p() }\n"
                "         ^\n"
                "c.ordo:4:10: note: step 2 is first defined here\n"
                "    step 2 \"again\" { }\n"
                "         ^\n"
                "c.ordo:9:10: error: duplicate step number 1\n"
                "    step 1 { }\n"
                "         ^\n"
                "c.ordo:7:10: note: step 1 is first defined here\n"
                "    step 1 \"one\" { }\n"
                "         ^\n");
    done(x);

    /* 1.10 and 1.1 are different numbers */
    x = run_ok(HEAD "sequence { step 1.1 { } step 1.10 { } step 1.01 { } }\n");
    done(x);
}

static void test_child_numbering_warning(void **state)
{
    (void)state;
    const char *src = HEAD "sequence {\n"
                           "    step 2.5 {\n"
                           "        step 2.6 { }\n"
                           "        step 2.5.1 { step 2.5.1.3 { } }\n"
                           "        step 2.50 { }\n"
                           "    }\n"
                           "}\n";
    fe *x = run(src);
    assert_int_equal(x->d.errors, 0);
    assert_int_equal(x->d.warnings, 2);
    assert_int_equal(diag_failed(&x->d), 0);
    msgs_are(x, "c.ordo:5:14: warning: step 2.6 is inside step 2.5 but not numbered as its child\n"
                "        step 2.6 { }\n"
                "             ^\n"
                "c.ordo:7:14: warning: step 2.50 is inside step 2.5 but not numbered as its child\n"
                "        step 2.50 { }\n"
                "             ^\n");
    done(x);
    /* under -Werror the warnings fail the compilation */
    x = run_upto(src, 2);
    x->d.werror = 1;
    assert_int_equal(oc_check(x->a, x->f, x->res, &x->d), 0);
    assert_int_equal(diag_failed(&x->d), 1);
    done(x);
}

static void test_unreachable_after_terminators(void **state)
{
    (void)state;
    fe *x = run(HEAD "var n: int\n"
                     "proc p() {\n"
                     "    return\n"
                     "    step 1 { }\n"
                     "}\n"
                     "sequence {\n"
                     "    p()\n"
                     "    repeat {\n"
                     "        n += 1\n"
                     "        exit\n"
                     "        step 2 { }\n"
                     "    }\n"
                     "    step 3 {\n"
                     "        if n > 0 { end game } else { end game winner player 1 }\n"
                     "    }\n"
                     "    n = 2\n"
                     "    step 4 { step 4.1 { } }\n"
                     "    step 5 { }\n"
                     "}\n");
    assert_int_equal(x->check_errors, 4);
    msgs_are(x, "c.ordo:13:9: error: unreachable step 2\n"
                "        step 2 { }\n"
                "        ^\n"
                "c.ordo:12:9: note: nothing runs after 'exit'\n"
                "        exit\n"
                "        ^\n"
                "c.ordo:19:5: error: unreachable step 4\n"
                "    step 4 { step 4.1 { } }\n"
                "    ^\n"
                "c.ordo:15:5: note: nothing runs after this statement: it always ends the block\n"
                "    step 3 {\n"
                "    ^\n"
                "c.ordo:20:5: error: unreachable step 5\n"
                "    step 5 { }\n"
                "    ^\n"
                "c.ordo:6:5: error: unreachable step 1\n"
                "    step 1 { }\n"
                "    ^\n"
                "c.ordo:5:5: note: nothing runs after 'return'\n"
                "    return\n"
                "    ^\n");
    /* the dead statements are flagged for the lowering; the live ones not */
    ast_block *b = &x->res->sequence->body;
    assert_int_equal(nth(b, 2)->unreachable, 0);          /* step 3 */
    assert_int_equal(nth(b, 3)->unreachable, 1);          /* n = 2 */
    assert_int_equal(nth(b, 4)->unreachable, 1);          /* step 4 */
    assert_int_equal(step(x, "4.1")->unreachable, 1);     /* inside it */
    assert_int_equal(step(x, "3")->unreachable, 0);
    done(x);

    /* `exit when` a constant true is an unconditional exit */
    x = run(HEAD "sequence {\n    for i in 1..3 { exit when 1 < 2\n step 6 { } }\n}\n");
    msgs_are(x, "c.ordo:5:2: error: unreachable step 6\n"
                " step 6 { } }\n"
                " ^\n"
                "c.ordo:4:21: note: nothing runs after 'exit'\n"
                "    for i in 1..3 { exit when 1 < 2\n"
                "                    ^\n");
    done(x);

    /* a terminator only ends its own block; conditional ones end nothing */
    x = run_ok(HEAD "var n: int\n"
                    "proc p() { if n > 0 { return }\n step 1 { } }\n"
                    "sequence {\n"
                    "    p()\n"
                    "    repeat { exit when n > 3\n n += 1\n step 2 { } }\n"
                    "    if n > 0 { end game }\n"
                    "    step 3 when n > 1 { end game }\n"
                    "    step 4 optional by player 1 { end game }\n"
                    "    step 5 first turn only { end game }\n"
                    "    turn player 1 { step 6 { } }\n"
                    "    step 7 { }\n"
                    "}\n");
    done(x);
}

static void test_unreachable_dead_branches(void **state)
{
    (void)state;
    fe *x = run(HEAD "const DEBUG = false\n"
                     "var n: int\n"
                     "sequence {\n"
                     "    if DEBUG { step 1 { } }\n"
                     "    if true { n = 1 } else { step 2 { } }\n"
                     "    if 1 > 2 { n = 2 } else if n > 0 { step 3 { } }\n"
                     "    if not DEBUG { n = 3 } else if n > 0 { step 4 { } step 5 { } }\n"
                     "    choose player 1 {\n"
                     "        option \"a\" when DEBUG and n > 0 { step 6 { } }\n"
                     "        option \"b\" { }\n"
                     "    }\n"
                     "}\n");
    assert_int_equal(x->check_errors, 5);
    msgs_are(x, "c.ordo:6:16: error: unreachable step 1\n"
                "    if DEBUG { step 1 { } }\n"
                "               ^\n"
                "c.ordo:6:8: note: the condition is always false\n"
                "    if DEBUG { step 1 { } }\n"
                "       ^\n"
                "c.ordo:7:30: error: unreachable step 2\n"
                "    if true { n = 1 } else { step 2 { } }\n"
                "                             ^\n"
                "c.ordo:7:8: note: the condition is always true\n"
                "    if true { n = 1 } else { step 2 { } }\n"
                "       ^\n"
                "c.ordo:9:44: error: unreachable step 4\n"
                "    if not DEBUG { n = 3 } else if n > 0 { step 4 { } step 5 { } }\n"
                "                                           ^\n"
                "c.ordo:9:8: note: the condition is always true\n"
                "    if not DEBUG { n = 3 } else if n > 0 { step 4 { } step 5 { } }\n"
                "       ^\n"
                "c.ordo:9:55: error: unreachable step 5\n"
                "    if not DEBUG { n = 3 } else if n > 0 { step 4 { } step 5 { } }\n"
                "                                                      ^\n"
                "c.ordo:11:43: error: unreachable step 6\n"
                "        option \"a\" when DEBUG and n > 0 { step 6 { } }\n"
                "                                          ^\n"
                "c.ordo:11:25: note: the option's condition is always false\n"
                "        option \"a\" when DEBUG and n > 0 { step 6 { } }\n"
                "                        ^\n");
    /* `if 1 > 2 ... else if n > 0 { step 3 }`: step 3 can run */
    assert_int_equal(step(x, "3")->unreachable, 0);
    assert_int_equal(step(x, "1")->unreachable, 1);
    done(x);
}

static void test_unreachable_procedures(void **state)
{
    (void)state;
    fe *x = run(HEAD "var n: int\n"
                     "proc lonely() { step 9 \"never\" { n = 1 } step 10 { } }\n"
                     "proc chain() { step 11 { lonely() } }\n"
                     "proc for_tests() { step 12 { } }\n"
                     "proc used() { step 13 { } }\n"
                     "sequence { used() }\n"
                     "scenario \"s\" { play for_tests() }\n");
    assert_int_equal(x->check_errors, 3);
    msgs_are(x, "c.ordo:4:17: error: unreachable step 9\n"
                "proc lonely() { step 9 \"never\" { n = 1 } step 10 { } }\n"
                "                ^\n"
                "c.ordo:4:6: note: nothing calls 'lonely' from the sequence or a scenario\n"
                "proc lonely() { step 9 \"never\" { n = 1 } step 10 { } }\n"
                "     ^\n"
                "c.ordo:4:42: error: unreachable step 10\n"
                "proc lonely() { step 9 \"never\" { n = 1 } step 10 { } }\n"
                "                                         ^\n"
                "c.ordo:5:16: error: unreachable step 11\n"
                "proc chain() { step 11 { lonely() } }\n"
                "               ^\n"
                "c.ordo:5:6: note: nothing calls 'chain' from the sequence or a scenario\n"
                "proc chain() { step 11 { lonely() } }\n"
                "     ^\n");
    assert_int_equal(find_decl(x, "lonely")->reachable, 0);
    assert_int_equal(find_decl(x, "chain")->reachable, 0);
    assert_int_equal(find_decl(x, "for_tests")->reachable, 1); /* a scenario plays it */
    assert_int_equal(find_decl(x, "used")->reachable, 1);
    assert_int_equal(step(x, "9")->unreachable, 1);
    assert_int_equal(step(x, "13")->unreachable, 0);
    done(x);

    /* called from a scenario's setup, or only through a fn-free chain */
    x = run_ok(HEAD "var n: int\n"
                    "proc a() { step 1 { n = 1 } }\n"
                    "proc b() { step 2 { a() } }\n"
                    "sequence { }\n"
                    "scenario \"s\" { setup { b() } }\n");
    assert_int_equal(find_decl(x, "a")->reachable, 1);
    done(x);
}

static void test_loops_that_cannot_end(void **state)
{
    (void)state;
    fe *x = run(HEAD "var n: int\n"
                     "var done: bool\n"
                     "var l: list of int [4]\n"
                     "sequence {\n"
                     "    repeat until done { n += 1 }\n"           /* 6 */
                     "    repeat { n += 1 } until done\n"           /* 7 */
                     "    while not done { n += 1 }\n"              /* 8 */
                     "    repeat { exit when done\n n += 1 }\n"     /* 9-10 */
                     "    repeat until 1 > 2 { n += 1 }\n"          /* 11 */
                     "    repeat until count p in players < 2 { n += 1 }\n" /* 12 */
                     "    for i in 1..3 { repeat until i > 2 { n += 1 } }\n" /* 13 */
                     "    repeat until len(l) > 2 { n += 1 }\n"     /* 14 */
                     "    repeat { n += 1 }\n"                      /* 15 */
                     "}\n");
    assert_int_equal(x->check_errors, 9);
    msgs_are(x, "c.ordo:7:18: error: loop exit condition can never change\n"
                "    repeat until done { n += 1 }\n"
                "                 ^\n"
                "c.ordo:8:29: error: loop exit condition can never change\n"
                "    repeat { n += 1 } until done\n"
                "                            ^\n"
                "c.ordo:9:11: error: loop exit condition can never change\n"
                "    while not done { n += 1 }\n"
                "          ^\n"
                "c.ordo:10:24: error: loop exit condition can never change\n"
                "    repeat { exit when done\n"
                "                       ^\n"
                "c.ordo:12:18: error: loop exit condition can never change\n"
                "    repeat until 1 > 2 { n += 1 }\n"
                "                 ^\n"
                "c.ordo:13:18: error: loop exit condition can never change\n"
                "    repeat until count p in players < 2 { n += 1 }\n"
                "                 ^\n"
                "c.ordo:14:34: error: loop exit condition can never change\n"
                "    for i in 1..3 { repeat until i > 2 { n += 1 } }\n"
                "                                 ^\n"
                "c.ordo:15:18: error: loop exit condition can never change\n"
                "    repeat until len(l) > 2 { n += 1 }\n"
                "                 ^\n"
                "c.ordo:16:5: error: 'repeat' without 'until' needs an 'exit'\n"
                "    repeat { n += 1 }\n"
                "    ^\n");
    done(x);
}

static void test_loops_that_can_end(void **state)
{
    (void)state;
    /* what the body writes, directly, through procs (transitively), through
     * built-ins (turn, eliminate), lists and locals; what a fn reads */
    fe *x = run_ok(HEAD "var n: int\n"
                        "var done: bool\n"
                        "var l: list of int [4]\n"
                        "var t[player]: int\n"
                        "fn finished(): bool = done or n > 9\n"
                        "proc finish() { done = true }\n"
                        "proc outer() { finish() }\n"
                        "sequence {\n"
                        "    repeat until done { n += 1\n done = n > 3 }\n"
                        "    repeat until finished() { n += 1 }\n"
                        "    repeat until done { outer() }\n"
                        "    repeat { n += 1 } until n > 5\n"
                        "    while n < 20 { choose player 1 { option \"a\" { n += 1 } } }\n"
                        "    repeat { exit when n > 30\n n += 1 }\n"
                        "    repeat until count p in players < 2 { eliminate active }\n"
                        "    repeat until turns[player 1] > 3 { turn player 1 { } }\n"
                        "    repeat until len(l) > 2 { add 1 to l }\n"
                        "    repeat until t[player 2] > 3 { t[player 2] += 1 }\n"
                        "    repeat until any p in players where t[p] > 9 { for p in players { t[p] += 1 } }\n"
                        "    let k = 0\n"
                        "    repeat until k > 3 { k += 1 }\n"
                        "    repeat { n += 1\n if n > 40 { end game } }\n"
                        "    repeat { scope { n += 1 } escape \"stop\" by player 1 { done = true } \n exit when done }\n"
                        "}\n");
    done(x);
    /* an exit of an inner loop does not let the outer one out */
    x = run(HEAD "var n: int\n"
                 "sequence {\n"
                 "    repeat {\n"
                 "        repeat { exit }\n"
                 "        n += 1\n"
                 "    }\n"
                 "}\n");
    msgs_are(x, "c.ordo:5:5: error: 'repeat' without 'until' needs an 'exit'\n"
                "    repeat {\n"
                "    ^\n");
    done(x);
}

static void test_choices_without_options(void **state)
{
    (void)state;
    fe *x = run(HEAD "const NEVER = false\n"
                     "var n: int\n"
                     "sequence {\n"
                     "    choose player 1 \"pick\" { }\n"
                     "    choose player 2 {\n"
                     "        option \"a\" when false { }\n"
                     "        option \"b\" when NEVER { }\n"
                     "        option \"c\" when 1 > 2 and n > 0 { }\n"
                     "    }\n"
                     "}\n");
    assert_int_equal(x->check_errors, 2);
    msgs_are(x, "c.ordo:6:5: error: 'choose' has no options\n"
                "    choose player 1 \"pick\" { }\n"
                "    ^\n"
                "c.ordo:7:5: error: no option of this 'choose' can ever be offered\n"
                "    choose player 2 {\n"
                "    ^\n");
    done(x);

    /* one live option is enough; a guard that is not constant is live */
    x = run_ok(HEAD "var n: int\n"
                    "sequence {\n"
                    "    choose player 1 {\n"
                    "        option \"a\" when false { }\n"
                    "        option \"b\" when n > 0 { }\n"
                    "    }\n"
                    "    choose player 1 { option \"c {i}\" for i in 1..3 where i > 5 { } }\n"
                    "}\n");
    done(x);
}

static void test_recursion(void **state)
{
    (void)state;
    fe *x = run(HEAD "var n: int\n"
                     "proc a() { b() }\n"
                     "proc b() { if n > 0 { c() } }\n"
                     "proc c() { a() }\n"
                     "proc self() { n += 1\n self() }\n"
                     "fn f(k: int): int = if k > 0 then g(k - 1) else 0\n"
                     "fn g(k: int): int = f(k)\n"
                     "sequence { a()\n self()\n n = f(3) }\n");
    assert_int_equal(x->check_errors, 3);
    msgs_are(x, "c.ordo:6:12: error: recursive procedure calls: a -> b -> c -> a (state a bound: 'depth N', 'decreasing PARAM' or 'once per chain')\n"
                "proc c() { a() }\n"
                "           ^\n"
                "c.ordo:8:2: error: recursive procedure calls: self -> self (state a bound: 'depth N', 'decreasing PARAM' or 'once per chain')\n"
                " self() }\n"
                " ^\n"
                "c.ordo:10:21: error: recursive fn calls: f -> g -> f (state a bound: 'depth N' or 'decreasing PARAM')\n"
                "fn g(k: int): int = f(k)\n"
                "                    ^\n");
    done(x);

    /* the same cycles with a stated bound on one unit of each */
    x = run_ok(HEAD "var n: int\n"
                    "proc a() { b() }\n"
                    "proc b() depth 2 { if n > 0 { c() } }\n"
                    "proc c() { a() }\n"
                    "proc self(k: 0..3) once per chain { n += 1\n self(k) }\n"
                    "fn f(k: 0..9): int depth 10 = if k > 0 then g(k - 1) else 0\n"
                    "fn g(k: 0..9): int = f(k)\n"
                    "sequence { a()\n self(1)\n n = f(3) }\n");
    assert_int_equal(x->res->bounds[oc_decl_index(x->res, find_decl(x, "b"))].depth, 2);
    assert_int_equal(x->res->bounds[oc_decl_index(x->res, find_decl(x, "self"))].chain_domain, 4);
    done(x);

    /* a proc called twice, or by two others, is not a cycle */
    x = run_ok(HEAD "var n: int\n"
                    "proc leaf() { n += 1 }\n"
                    "proc mid() { leaf()\n leaf() }\n"
                    "proc top() { mid()\n leaf() }\n"
                    "fn sq(k: int): int = k * k\n"
                    "fn quad(k: int): int = sq(sq(k))\n"
                    "sequence { top()\n mid()\n n = quad(2) }\n");
    assert_int_equal(find_decl(x, "top")->has_state_write, 1);
    assert_int_equal(find_decl(x, "quad")->has_state_write, 0);
    done(x);
}

/* ================================================== triggers and anytime */

/* A trigger takes its event's params as its own locals, by the event's
 * names; each event lists its triggers in source order (a trigger may come
 * before its event). Resolution only. */
static void test_resolve_triggers(void **state)
{
    (void)state;
    fe *x = run_upto(HEAD "var n: int\n"                                           /* 3 */
                          "var oil[player]: 0..50\n"                               /* 4 */
                          "trigger early on whaled before when k > 0 { n += k }\n" /* 5 */
                          "event whaled(p: player, k: int)\n"                      /* 6 */
                          "event other(q: player)\n"                               /* 7 */
                          "trigger count_whale on whaled immediately {\n"          /* 8 */
                          "    let extra = 1\n"                                    /* 9 */
                          "    oil[p] += k + extra\n"                              /* 10 */
                          "}\n"                                                    /* 11 */
                          "trigger on_other on other after { n += 1 }\n"           /* 12 */
                          "trigger cook on whaled after when oil[p] > 0 cite \"ODIN-T2\" {\n"
                          "    oil[p] += 1\n"                                      /* 14 */
                          "}\n"                                                    /* 15 */
                          "trigger again on whaled immediately { n += 2 }\n"       /* 16 */
                          "sequence { emit whaled(player 1, 2)\n emit other(player 2) }\n",
                     2);
    no_diags(x);
    assert_int_equal(x->resolve_errors, 0);
    ast_decl *whaled = find_decl(x, "whaled"), *other = find_decl(x, "other");
    ast_decl *early = find_decl(x, "early");
    /* triggers are procs: in the fns table, in source order */
    assert_int_equal(early->kind, D_PROC);
    assert_ptr_equal(x->res->fns[oc_decl_index(x->res, early)], early);
    assert_ptr_equal(x->res->trigger_events[oc_decl_index(x->res, early)], whaled);
    assert_int_equal(early->nparams, 2);
    assert_ptr_equal(early->param_types, whaled->param_types);
    static const char *const names[2] = {"p", "k"};
    static const int types[2] = {TY_PLAYER, TY_INT};
    for (int i = 0; i < 2; i++) {
        ast_sym *p = early->params[i];
        assert_string_equal(p->name, names[i]);
        assert_int_equal(p->kind, SYM_LOCAL);
        assert_int_equal(p->local_kind, LOCAL_PARAM);
        assert_int_equal(p->slot, i);
        assert_int_equal(p->type.kind, types[i]);
        assert_ptr_equal(p->decl, early);
        assert_ptr_not_equal(p, whaled->params[i]); /* its own locals */
    }
    /* the guard and the body read them */
    assert_int_equal(oc_type(x->res, early->guard)->kind, TY_BOOL);
    assert_ptr_equal(oc_sym(x->res, early->guard->a), early->params[1]);
    ast_stmt *s = nth(&early->body, 0);
    assert_ptr_equal(oc_sym(x->res, s->u.assign.value), early->params[1]);
    assert_int_equal(oc_nlocals(x->res, early), 2);
    ast_decl *cw = find_decl(x, "count_whale");
    assert_int_equal(oc_nlocals(x->res, cw), 3); /* p, k, then its let */
    s = nth(&cw->body, 1);
    assert_ptr_equal(oc_sym(x->res, s->u.assign.target->args[0]), cw->params[0]);
    ast_decl *cook = find_decl(x, "cook");
    assert_ptr_equal(oc_sym(x->res, cook->guard->a->args[0]), cook->params[0]);
    assert_string_equal(cook->cites->id, "ODIN-T2");
    ast_decl *oo = find_decl(x, "on_other");
    assert_int_equal(oo->nparams, 1);
    assert_string_equal(oo->params[0]->name, "q");

    /* each event's triggers, in source order, whatever their timing */
    static const char *const order[4] = {"early", "count_whale", "cook", "again"};
    const oc_triggers *wt = &x->res->triggers[oc_decl_index(x->res, whaled)];
    assert_int_equal(wt->n, 4);
    for (int i = 0; i < 4; i++)
        assert_ptr_equal(wt->list[i], find_decl(x, order[i]));
    assert_int_equal(x->res->triggers[oc_decl_index(x->res, other)].n, 1);
    assert_ptr_equal(x->res->triggers[oc_decl_index(x->res, other)].list[0], oo);
    assert_int_equal(whaled->emitted, 0); /* [C]: not checked yet */
    done(x);

    /* an anytime action takes exactly the player */
    x = run_upto(HEAD "var n: int\n"
                      "anytime a0() \"a\" { n += 1 }\n"
                      "anytime a2(p: player, k: int) \"b\" { n += k }\n"
                      "anytime ai(k: int) \"c\" { n += k }\n"
                      "anytime ok(who: player) \"d\" when who != none { n += 1 }\n"
                      "sequence { window for player 1 }\n",
                 2);
    assert_int_equal(x->resolve_errors, 3);
    msgs_are(x, "c.ordo:4:9: error: anytime action 'a0' must take exactly one parameter, the "
                "player (as in 'a0(p: player)')\n"
                "anytime a0() \"a\" { n += 1 }\n"
                "        ^\n"
                "c.ordo:5:9: error: anytime action 'a2' must take exactly one parameter, the "
                "player (as in 'a2(p: player)')\n"
                "anytime a2(p: player, k: int) \"b\" { n += k }\n"
                "        ^\n"
                "c.ordo:6:9: error: anytime action 'ai' must take exactly one parameter, the "
                "player (as in 'ai(p: player)')\n"
                "anytime ai(k: int) \"c\" { n += k }\n"
                "        ^\n");
    ast_decl *ok = find_decl(x, "ok");
    assert_int_equal(ok->anytime, 1);
    assert_int_equal(oc_type(x->res, ok->guard)->kind, TY_BOOL);
    assert_ptr_equal(oc_sym(x->res, ok->guard->a), ok->params[0]);
    done(x);
}

/* Triggers that set each other off, directly or through procs: an error
 * naming the chain. An emit calls its triggers, a window its anytime
 * actions, for every check that follows calls. */
static void test_trigger_cycles(void **state)
{
    (void)state;
    fe *x = run(HEAD "var n: int\n"
                     "event a(p: player)\n"
                     "event b(p: player)\n"
                     "trigger on_a on a immediately {\n"
                     "    emit b(p)\n"
                     "}\n"
                     "trigger on_b on b immediately {\n"
                     "    n += 1\n"
                     "    emit a(p)\n"
                     "}\n"
                     "sequence { emit a(player 1) }\n");
    assert_int_equal(x->check_errors, 1);
    msgs_are(x, "c.ordo:11:10: error: triggers can re-fire without end: on_a -> on_b -> on_a"
                " (state a bound: 'once per chain', 'once per turn', 'depth N' or 'decreasing PARAM')\n"
                "    emit a(p)\n"
                "         ^\n");
    done(x);

    /* through a proc, and a trigger that emits its own event */
    x = run(HEAD "var n: int\n"
                 "event a(p: player)\n"
                 "event b(p: player)\n"
                 "event c(p: player)\n"
                 "proc relay(q: player) { emit b(q) }\n"
                 "trigger on_a on a after { relay(p) }\n"
                 "trigger on_b on b before when n < 5 { emit a(p) }\n"
                 "trigger again on c immediately { emit c(p) }\n"
                 "sequence { emit a(player 1)\n emit c(player 2) }\n");
    /* an `after` trigger does not bound a cycle (the window before it ends
     * nothing): both are errors */
    assert_int_equal(x->check_errors, 2);
    msgs_are(x, "c.ordo:8:27: error: triggers can re-fire without end: "
                "relay -> on_b -> on_a -> relay (state a bound: 'once per chain', 'once per turn', 'depth N' or 'decreasing PARAM')\n"
                "trigger on_a on a after { relay(p) }\n"
                "                          ^\n"
                "c.ordo:10:39: error: triggers can re-fire without end: again -> again (state a bound: 'once per chain', 'once per turn', 'depth N' or 'decreasing PARAM')\n"
                "trigger again on c immediately { emit c(p) }\n"
                "                                      ^\n");
    done(x);

    /* an anytime action that emits an event with an `after` trigger (whose
     * window offers it again), or that opens a window: a player could nest
     * it at every window, so it needs a stated bound */
    x = run(HEAD "var n: int\n"
                 "event a(p: player)\n"
                 "trigger cook on a after { n += 1 }\n"
                 "anytime act(p: player) \"act\" { emit a(p) }\n"
                 "sequence { emit a(player 1) }\n");
    assert_int_equal(x->check_errors, 1);
    done(x);
    x = run(HEAD "var n: int\n"
                 "event a(p: player)\n"
                 "trigger cook on a after { n += 1 }\n"
                 "anytime act(p: player) \"act\" depth 2 { emit a(p) }\n"
                 "sequence { emit a(player 1) }\n");
    assert_int_equal(x->check_errors, 0);
    msgs_are(x, "");
    done(x);
    x = run(HEAD "var n: int\n"
                 "anytime rest(p: player) \"rest\" { window for p }\n"
                 "sequence { window for player 1 }\n");
    assert_int_equal(x->check_errors, 1);
    msgs_are(x, "c.ordo:4:34: error: anytime actions can re-enter their windows without end: "
                "rest -> rest (state a bound: 'depth N' on one of them)\n"
                "anytime rest(p: player) \"rest\" { window for p }\n"
                "                                 ^\n");
    done(x);
    x = run(HEAD "var n: int\n"
                 "anytime rest(p: player) \"rest\" depth 1 { window for p }\n"
                 "trigger t on b after once per turn { emit b(p) }\n"
                 "event b(p: player)\n"
                 "sequence { window for player 1\n emit b(player 1) }\n");
    assert_int_equal(x->check_errors, 0);
    msgs_are(x, "");
    done(x);

    /* a chain that does not come back is fine; the write sets follow it */
    x = run_ok(HEAD "var n: int\n"
                    "var done: bool\n"
                    "event a(p: player)\n"
                    "event b(p: player)\n"
                    "trigger on_a on a immediately { emit b(p) }\n"
                    "trigger on_b on b after { n += 1 }\n"
                    "anytime finish(p: player) \"finish\" { done = true }\n"
                    "proc fire() { emit a(player 1) }\n"
                    "proc offer() { window for player 1 }\n"
                    "proc quiet() { log \"nothing\" }\n"
                    "sequence {\n"
                    "    repeat until n > 3 { fire() }\n"
                    "    repeat until done { offer() }\n"
                    "    quiet()\n"
                    "}\n");
    assert_int_equal(find_decl(x, "fire")->has_state_write, 1);  /* via on_a, on_b */
    assert_int_equal(find_decl(x, "offer")->has_state_write, 1); /* via finish */
    assert_int_equal(find_decl(x, "quiet")->has_state_write, 0);
    assert_int_equal(find_decl(x, "a")->emitted, 1);
    assert_int_equal(find_decl(x, "b")->emitted, 1);
    assert_int_equal(find_decl(x, "on_b")->reachable, 1);
    assert_int_equal(find_decl(x, "finish")->reachable, 1);
    done(x);
}

/* The two warnings: a trigger nothing can set off, an anytime action never
 * offered. Their bodies are still checked, as if called. */
static void test_trigger_warnings(void **state)
{
    (void)state;
    fe *x = run(HEAD "var n: int\n"                               /* 3 */
                     "event found(p: player)\n"                   /* 4 */
                     "trigger on_found on found after {\n"        /* 5 */
                     "    step 9 \"heard\" { n += 1 }\n"          /* 6 */
                     "}\n"                                        /* 7 */
                     "anytime arm(p: player) \"arm\" {\n"         /* 8 */
                     "    step 10 { n += 1 }\n"                   /* 9 */
                     "}\n"                                        /* 10 */
                     "sequence { n = 1 }\n");
    assert_int_equal(x->check_errors, 0);
    assert_int_equal(x->d.warnings, 2);
    msgs_are(x, "c.ordo:5:21: warning: trigger 'on_found' listens to event 'found', which "
                "nothing emits\n"
                "trigger on_found on found after {\n"
                "                    ^\n"
                "c.ordo:8:9: warning: anytime action 'arm' is never offered: no window opens "
                "in this ruleset\n"
                "anytime arm(p: player) \"arm\" {\n"
                "        ^\n");
    /* not reported as unreachable */
    assert_int_equal(find_decl(x, "on_found")->reachable, 1);
    assert_int_equal(find_decl(x, "arm")->reachable, 1);
    assert_int_equal(step(x, "9")->unreachable, 0);
    assert_int_equal(step(x, "10")->unreachable, 0);
    assert_int_equal(find_decl(x, "found")->emitted, 0);
    done(x);

    /* their bodies are checked all the same */
    x = run(HEAD "var n: int\n"
                 "var done: bool\n"
                 "event found(p: player)\n"
                 "trigger on_found on found immediately {\n"
                 "    repeat until done { n += 1 }\n"
                 "}\n"
                 "sequence { n = 1 }\n");
    assert_int_equal(x->check_errors, 1);
    assert_int_equal(x->d.warnings, 1);
    msgs_are(x, "c.ordo:6:21: warning: trigger 'on_found' listens to event 'found', which "
                "nothing emits\n"
                "trigger on_found on found immediately {\n"
                "                    ^\n"
                "c.ordo:7:18: error: loop exit condition can never change\n"
                "    repeat until done { n += 1 }\n"
                "                 ^\n");
    done(x);

    /* no warning: the event is emitted (from a proc); the action is offered
     * at a window statement, or at the window before an emitted event's
     * `after` triggers */
    x = run_ok(HEAD "var n: int\n"
                    "event found(p: player)\n"
                    "trigger on_found on found immediately { n += 1 }\n"
                    "anytime arm(p: player) \"arm\" { n += 1 }\n"
                    "proc look() { emit found(player 1) }\n"
                    "sequence { look()\n window for player 2 }\n");
    done(x);
    x = run_ok(HEAD "var n: int\n"
                    "event found(p: player)\n"
                    "trigger on_found on found after { n += 1 }\n"
                    "anytime arm(p: player) \"arm\" { n += 1 }\n"
                    "sequence { emit found(player 1) }\n");
    done(x);

    /* an `after` trigger of an event nothing emits opens no window */
    x = run(HEAD "var n: int\n"
                 "event found(p: player)\n"
                 "event lost(p: player)\n"
                 "trigger on_found on found immediately { n += 1 }\n"
                 "trigger on_lost on lost after { n += 1 }\n"
                 "anytime arm(p: player) \"arm\" { n += 1 }\n"
                 "sequence { emit found(player 1) }\n");
    assert_int_equal(x->check_errors, 0);
    msgs_are(x, "c.ordo:7:20: warning: trigger 'on_lost' listens to event 'lost', which "
                "nothing emits\n"
                "trigger on_lost on lost after { n += 1 }\n"
                "                   ^\n"
                "c.ordo:8:9: warning: anytime action 'arm' is never offered: no window opens "
                "in this ruleset\n"
                "anytime arm(p: player) \"arm\" { n += 1 }\n"
                "        ^\n");
    done(x);
}

/* A long call chain is walked without recursion in C, and step numbers in
 * the thousands are checked for duplicates in one pass. */
static void test_big_inputs(void **state)
{
    (void)state;
    enum { N = 3000 };
    size_t cap = (size_t)N * 80 + 256;
    char *src = malloc(cap);
    assert_non_null(src);
    /* p0 -> p1 -> ... -> p2999 -> p0 */
    char *o = src + sprintf(src, HEAD "var n: int\n");
    for (int i = 0; i < N; i++) {
        if (i + 1 < N)
            o += sprintf(o, "proc p%d() { step %d.1 { p%d() } }\n", i, i, i + 1);
        else
            o += sprintf(o, "proc p%d() { step %d.1 { p0() } }\n", i, i);
    }
    o += sprintf(o, "sequence { p0() }\n");
    fe *x = run(src);
    assert_int_equal(x->check_errors, 1);
    char want[96];
    /* at the call closing the cycle: `p0()` in the last proc */
    snprintf(want, sizeof want, "c.ordo:%d:%d: error: recursive procedure calls: p0 -> p1 -> ",
             3 + N, (int)strlen("proc p2999() { step 2999.1 { ") + 1);
    msgs_begin(x, want);
    char tail[64];
    snprintf(tail, sizeof tail, "p%d -> p0 (state a bound", N - 1);
    assert_non_null(strstr(msgs(x), tail));
    done(x);
    free(src);
}


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_duplicate_step_numbers),
        cmocka_unit_test(test_child_numbering_warning),
        cmocka_unit_test(test_unreachable_after_terminators),
        cmocka_unit_test(test_unreachable_dead_branches),
        cmocka_unit_test(test_unreachable_procedures),
        cmocka_unit_test(test_loops_that_cannot_end),
        cmocka_unit_test(test_loops_that_can_end),
        cmocka_unit_test(test_choices_without_options),
        cmocka_unit_test(test_recursion),
        cmocka_unit_test(test_resolve_triggers),
        cmocka_unit_test(test_trigger_cycles),
        cmocka_unit_test(test_trigger_warnings),
        cmocka_unit_test(test_big_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

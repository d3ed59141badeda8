/* test_runtime_api.c — the host API around play (on programs assembled by
 * hand): ordo_exec, ordo_eval and ordo_start, the canonical form, copies,
 * the trace in text and JSON Lines (TRIG and WINDOW too), values and error
 * strings, the shared policies. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "runtime_fixture.h"

/* ----------------------------------------------------- exec, eval, start */

/* A HALT ends an ordo_exec run as its RET would: its frame is gone, and
 * the sequence then runs once, from the start. */
static void test_halt_unwinds_exec(void **state)
{
    (void)state;
    tprog *T = tp_new(2, 2);
    int x = tp_scalar(T, "x", ORDO_K_INT, 4, 0, 100, 0);
    tp_proc(T, "sequence", 0, 0, 0);
    I(LDG, 0, x, 0);
    I(PUSH, 0, 0, 1);
    I(ADD, 0, 0, 0);
    I(STG, 0, x, 0);
    I(RET, 0, 0, 0);
    int setup = tp_proc(T, "setup#1", 0, 0, 0);
    I(HALT, 0, 0, 0);
    const ordo_program *p = tp_finish(T);
    ordo_game *g = NULL;
    assert_int_equal(ordo_new(p, 2, 1, &g), ORDO_OK);
    assert_int_equal(ordo_exec(g, setup, NULL, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    int32_t v = -1;
    assert_int_equal(ordo_get(g, x, 0, 0, 0, &v), ORDO_OK);
    assert_int_equal(v, 1);
    ordo_free(g);
    free(T);
}

static void test_exec_eval(void **state)
{
    (void)state;
    tprog *T = tp_new(2, 2);
    int x = tp_scalar(T, "x", ORDO_K_INT, 1, 0, 100, 0);
    int y = tp_per_player(T, "y", ORDO_K_INT, 1, 0, 100, 0);
    int s = tp_step(T, "1", "s", "", 70);
    int ok = tp_option(T, "ok", TP_NO_PARAM, 0, s, 1);
    tp_proc(T, "sequence", 0, 0, 0);
    I(STEP, 0, s, 0);
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, ok, 0);
    I(PUSH, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    L(1);
    I(STEPEND, 0, 0, 0);
    I(RET, 0, 0, 0);
    int setup = tp_proc(T, "setup", 2, 2, 0); /* x = a; y[player 2] = b */
    I(LDL, 0, 0, 0);
    I(STG, 0, x, 0);
    I(PUSH, 0, 0, 1);
    I(LDL, 0, 1, 0);
    I(STX, 0, y, 0);
    I(RET, 0, 0, 0);
    int sum = tp_proc(T, "sum", 1, 1, 1); /* x + a */
    I(LDG, 0, x, 0);
    I(LDL, 0, 0, 0);
    I(ADD, 0, 0, 0);
    I(RETV, 0, 0, 0);
    int writes = tp_proc(T, "writes", 0, 0, 1);
    I(PUSH, 0, 0, 1);
    I(STG, 0, x, 0);
    I(PUSH, 0, 0, 0);
    I(RETV, 0, 0, 0);
    int setup_wait = tp_proc(T, "setup_wait", 0, 0, 0);
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, ok, 0);
    I(PUSH, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    I(RET, 0, 0, 0);
    int setup_end = tp_proc(T, "setup_end", 0, 0, 0);
    I(END, 0, 0, 0);
    int rolls = tp_proc(T, "rolls", 0, 0, 1);
    I(PUSH, 0, 0, 1);
    I(ROLL, 0, 6, 0);
    I(RETV, 0, 0, 0);
    int calls = tp_proc(T, "calls", 0, 0, 1); /* sum(2) */
    I(PUSH, 0, 0, 2);
    I(CALL, 0, sum, 0);
    I(RETV, 0, 0, 0);
    int play = tp_proc(T, "play", 1, 1, 0); /* turn a */
    I(LDL, 0, 0, 0);
    I(TURN, 0, 0, 0);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    ordo_game *g = new_game(p, 2, 1);
    ordo_game *before = dup_game(g);
    int32_t args[2] = {42, 7};
    assert_int_equal(ordo_exec(g, setup, args, 1), ORDO_E_ARG);
    assert_int_equal(ordo_exec(g, setup, NULL, 2), ORDO_E_ARG);
    assert_int_equal(ordo_exec(g, -1, NULL, 0), ORDO_E_ARG);
    assert_int_equal(ordo_exec(g, p->nprocs, NULL, 0), ORDO_E_ARG);
    assert_int_equal(ordo_start(g, setup, args, 3), ORDO_E_ARG);
    int32_t v = -1;
    assert_int_equal(ordo_eval(g, sum, args, 1, NULL), ORDO_E_ARG);
    assert_int_equal(ordo_eval(g, sum, NULL, 1, &v), ORDO_E_ARG);
    assert_same_game(g, before);
    free(before);

    assert_int_equal(ordo_exec(g, setup, args, 2), ORDO_OK);
    assert_int_equal(ordo_status(g), ORDO_OK);
    assert_int_equal(get(g, x, 0, 0, 0), 42);
    assert_int_equal(get(g, y, 1, 0, 0), 7);
    assert_int_equal(ordo_steps(g), 6); /* exec counts its instructions */
    before = dup_game(g);
    int32_t one[1] = {5};
    assert_int_equal(ordo_eval(g, sum, one, 1, &v), ORDO_OK);
    assert_int_equal(v, 47);
    assert_int_equal(ordo_eval(g, calls, NULL, 0, &v), ORDO_OK);
    assert_int_equal(v, 44);
    assert_same_game(g, before); /* eval leaves the game byte for byte */
    free(before);

    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(ordo_exec(g, setup, args, 2), ORDO_E_STATE);
    assert_int_equal(ordo_start(g, play, one, 1), ORDO_E_STATE);
    before = dup_game(g);
    one[0] = 1;
    assert_int_equal(ordo_eval(g, sum, one, 1, &v), ORDO_OK);
    assert_int_equal(v, 43);
    assert_same_game(g, before);
    assert_int_equal(ordo_decider(g), 0);
    assert_int_equal(ordo_option_count(g), 1);
    /* a fn that writes: E_STATE, the state unchanged, the game stopped */
    assert_int_equal(ordo_eval(g, writes, NULL, 0, &v), ORDO_E_STATE);
    assert_int_equal(get(g, x, 0, 0, 0), 42);
    assert_message(g, "not allowed now: a fn tried to change the game (ordo_eval) at step 1 \"s\" "
                      "(test.ordo:70)");
    assert_int_equal(ordo_status(g), ORDO_E_STATE);
    assert_int_equal(ordo_decider(g), -1);
    assert_int_equal(ordo_run(g), ORDO_E_STATE);
    assert_int_equal(ordo_choose(g, 0), ORDO_E_STATE);
    assert_int_equal(ordo_eval(g, sum, one, 1, &v), ORDO_E_STATE);
    free(before);
    ordo_free(g);

    char m[256];
    assert_int_equal(exec_case(p, 2, setup_wait, m, sizeof m), ORDO_E_STATE);
    assert_string_equal(m, "not allowed now: a decision in code run by ordo_exec (setup) in "
                           "setup_wait (test.ordo:14)");
    assert_int_equal(exec_case(p, 2, setup_end, m, sizeof m), ORDO_E_STATE);
    assert_string_equal(m, "not allowed now: end game in code run by ordo_exec (setup) in "
                           "setup_end (test.ordo:15)");
    g = new_game(p, 2, 1);
    assert_int_equal(ordo_eval(g, rolls, NULL, 0, &v), ORDO_E_STATE);
    assert_message(g, "not allowed now: a fn tried to change the game (ordo_eval) in rolls "
                      "(test.ordo:16)");
    ordo_free(g);

    /* ordo_start: a proc with args instead of the sequence */
    rec *r = calloc(1, sizeof *r);
    g = new_game(p, 2, 1);
    ordo_set_trace(g, record, r);
    assert_int_equal(ordo_start(g, play, one, 1), ORDO_OK);
    assert_int_equal(ordo_exec(g, setup, args, 2), ORDO_E_STATE);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(get(g, 0, 0, 0, 0), 1);
    assert_int_equal(get(g, 1, 1, 0, 0), 1);
    assert_int_equal(r->n, 2);
    assert_int_equal(r->ev[0].kind, ORDO_EV_TURN);
    assert_int_equal(r->ev[1].kind, ORDO_EV_END);
    assert_int_equal(ordo_winner(g), -1);
    ordo_free(g);
    free(r);
    free(T);
}

/* ------------------------------------------------------ canonical form */

/* Two games that reach the same state by different decisions are equal
 * byte for byte: what a decision left above the live tops is zeroed. */
static void test_canonical_form(void **state)
{
    (void)state;
    tprog *T = tp_new(1, 1);
    int a = tp_option(T, "a", TP_NO_PARAM, 0, -1, 1);
    int b = tp_option(T, "b", TP_NO_PARAM, 0, -1, 2);
    int c = tp_option(T, "c", TP_NO_PARAM, 0, -1, 3);
    int d = tp_option(T, "d", TP_NO_PARAM, 0, -1, 3);
    int e = tp_option(T, "e", TP_NO_PARAM, 0, -1, 3);
    tp_proc(T, "sequence", 0, 0, 0);
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, a, 0);
    I(OFFERN, 0, b, 0);
    I(PUSH, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    L(1); /* two options */
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, c, 0);
    I(OFFERN, 0, d, 0);
    I(PUSH, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    L(2); /* one option, and as many instructions */
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, e, 0);
    I(NOP, 0, 0, 0);
    I(PUSH, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    L(3);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);
    ordo_game *g1 = new_game(p, 1, 3), *g2 = new_game(p, 1, 3);
    assert_int_equal(ordo_run(g1), ORDO_DECIDE);
    assert_int_equal(ordo_run(g2), ORDO_DECIDE);
    assert_int_equal(ordo_choose(g1, 0), ORDO_OK);
    assert_int_equal(ordo_choose(g2, 1), ORDO_OK);
    assert_int_equal(ordo_run(g1), ORDO_DECIDE);
    assert_int_equal(ordo_run(g2), ORDO_DECIDE);
    assert_int_equal(ordo_option_count(g1), 2);
    assert_int_equal(ordo_option_count(g2), 1);
    assert_int_equal(ordo_steps(g1), ordo_steps(g2));
    assert_int_equal(ordo_choose(g1, 1), ORDO_OK);
    assert_int_equal(ordo_choose(g2, 0), ORDO_OK);
    assert_same_game(g1, g2);
    assert_int_equal(ordo_run(g1), ORDO_OVER);
    assert_int_equal(ordo_run(g2), ORDO_OVER);
    assert_same_game(g1, g2);
    ordo_free(g1);
    ordo_free(g2);
    free(T);
}

/* ---------------------------------------------------------------- copy */

static void test_copy_diverges(void **state)
{
    (void)state;
    tprog *T = tp_new(1, 1);
    int x = tp_scalar(T, "x", ORDO_K_INT, 1, 0, 20, 0);
    int a = tp_option(T, "low", TP_NO_PARAM, 0, -1, 1);
    int b = tp_option(T, "high", TP_NO_PARAM, 0, -1, 2);
    tp_proc(T, "sequence", 0, 0, 0);
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, a, 0);
    I(OFFERN, 0, b, 0);
    I(PUSH, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    L(1);
    I(PUSH, 0, 0, 1);
    I(ROLL, 0, 6, 0);
    I(STG, 0, x, 0);
    I(RET, 0, 0, 0);
    L(2);
    I(PUSH, 0, 0, 1);
    I(ROLL, 0, 6, 0);
    I(PUSH, 0, 0, 10);
    I(ADD, 0, 0, 0);
    I(STG, 0, x, 0);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    ordo_game *g = new_game(p, 1, 99);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    ordo_game *c1 = dup_game(g), *c2 = dup_game(g);
    assert_same_game(g, c1);
    ordo_copy(c1, c1); /* a no-op */
    assert_same_game(g, c1);

    assert_int_equal(ordo_choose(g, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(ordo_status(c1), ORDO_DECIDE); /* the copies did not move */
    assert_int_equal(ordo_option_count(c1), 2);
    assert_int_equal(ordo_choose(c1, 0), ORDO_OK); /* same choice, same generator */
    assert_int_equal(ordo_run(c1), ORDO_OVER);
    assert_same_game(g, c1);
    int32_t low = get(g, x, 0, 0, 0);
    assert_true(low >= 1 && low <= 6);

    assert_int_equal(ordo_choose(c2, 1), ORDO_OK);
    assert_int_equal(ordo_run(c2), ORDO_OVER);
    assert_int_equal(get(c2, x, 0, 0, 0), low + 10); /* the same die, another branch */
    assert_memory_not_equal(g, c2, ordo_size(g));
    assert_int_equal(get(g, x, 0, 0, 0), low);

    /* copying over a game in progress replaces it */
    ordo_copy(c2, c1);
    assert_same_game(c2, c1);
    free(c1);
    free(c2);
    ordo_free(g);
    free(T);
}

/* --------------------------------------------------------------- trace */

static void test_trace_all_kinds(void **state)
{
    (void)state;
    static const uint8_t ekinds[4] = {ORDO_K_PLAYER, ORDO_K_INT, ORDO_K_ENUM, ORDO_K_BOOL};
    static const char *const enames[4] = {"p", "points", "c", NULL};
    static const uint8_t tkinds[3] = {ORDO_K_PLAYER, ORDO_K_INT, ORDO_K_ENUM};
    tprog *T = tp_new(3, 3);
    int c = tp_enum(T, "Color", 3, color_names);
    int s0 = tp_step(T, "2.5", "battle", "R-9", 50);
    int scored = tp_event(T, "scored", 4, ekinds, NULL, enames);
    int t0 = tp_text(T, "{} rolls {} and picks {}", 3, tkinds, NULL);
    int o0 = tp_option(T, "flee to {}", ORDO_K_ENUM, c, s0, 1);
    int e0 = tp_escape(T, "give up", s0, 2);
    tp_proc(T, "sequence", 0, 1, 0);
    I(STEP, 0, s0, 0); /* 1 */
    I(PUSH, 0, 0, 1);
    I(TURN, 0, 0, 0); /* 2 */
    I(PUSH, 0, 0, 1);
    I(ROLL, 0, 6, 0); /* 3 */
    I(STL, 0, 0, 0);
    I(PUSH, 0, 0, 2);
    I(ROLL, 0, 6, 0); /* 4 */
    I(POP, 0, 0, 0);
    I(PUSH, 0, 0, 1);
    I(LDL, 0, 0, 0);
    I(PUSH, 0, 0, 2);
    I(PUSH, 0, 0, 1);
    I(EMIT, 4, scored, 0); /* 5 */
    I(PUSH, 0, 0, 0);
    I(LDL, 0, 0, 0);
    I(PUSH, 0, 0, 1);
    I(LOG, 3, t0, 0); /* 6 */
    I(PUSH, 0, 0, 1);
    I(ESC, 0, e0, 0);
    I(OPTS, 0, 0, 0);
    I(PUSH, 0, 0, 2);
    I(OFFER, 0, o0, 0);
    I(PUSH, 0, 0, 1);
    I(WAIT, 0, 0, 0);
    L(1);
    I(POP, 0, 0, 0);
    I(UNESC, 1, 0, 0);
    J(JMP, 3);
    L(2);
    I(PUSH, 0, 0, 2);
    I(ELIM, 0, 0, 0);
    L(3);
    I(STEPEND, 0, 0, 0);
    I(PUSH, 0, 0, 1);
    I(END, 1, 0, 0);
    const ordo_program *p = tp_finish(T);

    rec *r = calloc(1, sizeof *r), *r2 = calloc(1, sizeof *r2);
    ordo_game *g = new_game(p, 3, 11);
    ordo_set_trace(g, record, r);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    ordo_game *c2 = dup_game(g);
    assert_int_equal(r->n, 6);
    int32_t d1 = r->ev[2].args[2], d2 = r->ev[3].args[2];
    assert_int_equal(d1, 2); /* seed 11 (these lines are quoted in doc/runtime.md) */
    assert_int_equal(d2, 6);
    char t[256], j[512];
    assert_lines(g, &r->ev[0], "1 step 2.5 \"battle\" [R-9]",
                 "{\"seq\":1,\"kind\":\"step\",\"step\":\"2.5\",\"rule\":\"R-9\",\"title\":\"battle\"}");
    assert_lines(g, &r->ev[1], "2 turn player 2",
                 "{\"seq\":2,\"kind\":\"turn\",\"step\":\"2.5\",\"rule\":\"R-9\",\"player\":\"player 2\"}");
    snprintf(t, sizeof t, "3 roll d6 = %d", (int)d1);
    snprintf(j, sizeof j,
             "{\"seq\":3,\"kind\":\"roll\",\"step\":\"2.5\",\"rule\":\"R-9\",\"count\":1,"
             "\"sides\":6,\"result\":%d}",
             (int)d1);
    assert_lines(g, &r->ev[2], t, j);
    snprintf(t, sizeof t, "4 roll 2d6 = %d", (int)d2);
    snprintf(j, sizeof j,
             "{\"seq\":4,\"kind\":\"roll\",\"step\":\"2.5\",\"rule\":\"R-9\",\"count\":2,"
             "\"sides\":6,\"result\":%d}",
             (int)d2);
    assert_lines(g, &r->ev[3], t, j);
    assert_int_equal(r->ev[4].nargs, 4);
    assert_int_equal(r->ev[4].id, scored);
    snprintf(t, sizeof t, "5 event scored(player 2, %d, blue, true)", (int)d1);
    snprintf(j, sizeof j,
             "{\"seq\":5,\"kind\":\"event\",\"step\":\"2.5\",\"rule\":\"R-9\",\"event\":\"scored\","
             "\"args\":{\"p\":\"player 2\",\"points\":%d,\"c\":\"blue\",\"arg4\":\"true\"}}",
             (int)d1);
    assert_lines(g, &r->ev[4], t, j);
    snprintf(t, sizeof t, "6 log player 1 rolls %d and picks green", (int)d1);
    snprintf(j, sizeof j,
             "{\"seq\":6,\"kind\":\"log\",\"step\":\"2.5\",\"rule\":\"R-9\",\"text\":\"player 1 "
             "rolls %d and picks green\"}",
             (int)d1);
    assert_lines(g, &r->ev[5], t, j);
    static const char *const offered[2] = {"flee to blue", "give up"};
    assert_labels(g, 2, offered);

    assert_int_equal(ordo_choose(g, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(r->n, 8);
    assert_lines(g, &r->ev[6], "7 choice player 2: flee to blue",
                 "{\"seq\":7,\"kind\":\"choice\",\"step\":\"2.5\",\"rule\":\"R-9\","
                 "\"player\":\"player 2\",\"option\":\"flee to blue\"}");
    assert_lines(g, &r->ev[7], "8 end winner player 2",
                 "{\"seq\":8,\"kind\":\"end\",\"winner\":\"player 2\"}");

    /* the copy numbers on from 7 */
    ordo_set_trace(c2, record, r2);
    assert_int_equal(ordo_choose(c2, 1), ORDO_OK);
    assert_int_equal(ordo_run(c2), ORDO_OVER);
    assert_int_equal(r2->n, 3);
    assert_lines(c2, &r2->ev[0], "7 escape player 2: give up",
                 "{\"seq\":7,\"kind\":\"escape\",\"step\":\"2.5\",\"rule\":\"R-9\","
                 "\"player\":\"player 2\",\"escape\":\"give up\"}");
    assert_lines(c2, &r2->ev[1], "8 eliminated player 3",
                 "{\"seq\":8,\"kind\":\"eliminate\",\"step\":\"2.5\",\"rule\":\"R-9\","
                 "\"player\":\"player 3\"}");
    assert_lines(c2, &r2->ev[2], "9 end winner player 2",
                 "{\"seq\":9,\"kind\":\"end\",\"winner\":\"player 2\"}");
    assert_int_equal(get(c2, 2, 2, 0, 0), 0);
    assert_int_equal(r->n, 8); /* nothing went to the original's recorder */

    /* without a callback nothing is traced, but events are still numbered */
    ordo_set_trace(g, NULL, r);
    free(c2);
    ordo_free(g);
    free(r);
    free(r2);
    free(T);
}

static void test_trace_escaping_and_edges(void **state)
{
    (void)state;
    static const uint8_t k1[1] = {ORDO_K_ENUM};
    tprog *T = tp_new(1, 1);
    tp_enum(T, "Color", 3, color_names);
    tp_step(T, "1", "a\"b\\c\nd\x01", "X \"1\"", 5);
    tp_option(T, "say \"{}\"\t!", ORDO_K_INT, 0, 0, 1);
    tp_event(T, "odd", 1, k1, NULL, (const char *const[]){"c"});
    tp_text(T, "100% \"done\"", 0, NULL, NULL);
    tp_proc(T, "sequence", 0, 0, 0);
    L(1);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);
    ordo_game *g = new_game(p, 1, 1);

    ordo_event ev = {.seq = 1, .kind = ORDO_EV_STEP, .player = -1, .step = 0, .id = 0};
    assert_lines(g, &ev, "1 step 1 \"a\"b\\c\nd\x01\" [X \"1\"]",
                 "{\"seq\":1,\"kind\":\"step\",\"step\":\"1\",\"rule\":\"X \\\"1\\\"\","
                 "\"title\":\"a\\\"b\\\\c\\nd\\u0001\"}");
    ev = (ordo_event){.seq = 2, .kind = ORDO_EV_CHOICE, .player = 0, .step = -1, .id = 0,
                      .nargs = 1, .args = {-5}};
    assert_lines(g, &ev, "2 choice player 1: say \"-5\"\t!",
                 "{\"seq\":2,\"kind\":\"choice\",\"player\":\"player 1\","
                 "\"option\":\"say \\\"-5\\\"\\t!\"}");
    /* an enum value that is not a member */
    ev = (ordo_event){.seq = 3, .kind = ORDO_EV_EVENT, .player = -1, .step = -1, .id = 0,
                      .nargs = 1, .args = {7}};
    assert_lines(g, &ev, "3 event odd(#7)",
                 "{\"seq\":3,\"kind\":\"event\",\"event\":\"odd\",\"args\":{\"c\":\"?\"}}");
    ev = (ordo_event){.seq = 4, .kind = ORDO_EV_LOG, .player = -1, .step = -1, .id = 0};
    assert_lines(g, &ev, "4 log 100% \"done\"",
                 "{\"seq\":4,\"kind\":\"log\",\"text\":\"100% \\\"done\\\"\"}");
    /* ids beyond the tables, unknown kinds */
    ev = (ordo_event){.seq = 5, .kind = ORDO_EV_STEP, .player = -1, .step = -1, .id = 99};
    assert_lines(g, &ev, "5 step ?", "{\"seq\":5,\"kind\":\"step\"}");
    ev = (ordo_event){.seq = 6, .kind = 99, .player = -1, .step = -1};
    assert_lines(g, &ev, "6 unknown event", "{\"seq\":6,\"kind\":\"?\"}");
    ev = (ordo_event){.seq = 7, .kind = ORDO_EV_ROLL, .player = -1, .step = -1, .nargs = 3,
                      .args = {0, 20, 0}};
    assert_lines(g, &ev, "7 roll 0d20 = 0",
                 "{\"seq\":7,\"kind\":\"roll\",\"count\":0,\"sides\":20,\"result\":0}");

    /* lengths like snprintf */
    ev = (ordo_event){.seq = 8, .kind = ORDO_EV_TURN, .player = 0, .step = -1};
    char buf[8];
    assert_int_equal(ordo_event_text(g, &ev, buf, 5), 15); /* "8 turn player 1" */
    assert_string_equal(buf, "8 tu");
    assert_int_equal(ordo_event_text(g, &ev, NULL, 0), 15);
    assert_int_equal(ordo_event_json(g, &ev, NULL, 0),
                     (int)strlen("{\"seq\":8,\"kind\":\"turn\",\"player\":\"player 1\"}"));
    assert_int_equal(ordo_event_json(g, &ev, buf, sizeof buf),
                     (int)strlen("{\"seq\":8,\"kind\":\"turn\",\"player\":\"player 1\"}"));
    assert_string_equal(buf, "{\"seq\":");
    assert_int_equal(ordo_event_text(g, &ev, NULL, 3), ORDO_E_ARG);
    assert_int_equal(ordo_event_text(g, NULL, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_event_json(g, NULL, buf, sizeof buf), ORDO_E_ARG);
    ordo_free(g);
    free(T);
}

/* ------------------------------------------------- triggers and windows */

/* TRIG and WINDOW as the compiler uses them (doc/internals.md, "Triggers
 * and windows"): the events they trace, with their text and JSON lines. */
static void test_trig_window_trace(void **state)
{
    (void)state;
    enum { SHARPEN = 2, COUNT_WHALE = 1 }; /* proc indexes, used before they exist */
    tprog *T = tp_new(2, 2);
    int x = tp_scalar(T, "x", ORDO_K_INT, 4, 0, 100, 0);
    int s = tp_step(T, "1", "hunt", "ODIN-T2", 40);
    int t_after = tp_text(T, "after whaled", 0, NULL, NULL);
    int t_none = tp_text(T, "", 0, NULL, NULL);
    int pass = tp_option(T, "pass", TP_NO_PARAM, 0, s, 1);
    tp_proc(T, "sequence", 0, 0, 0);
    I(STEP, 0, s, 0);
    I(PUSH, 0, 0, 7);                  /* under what TRIG and WINDOW see */
    I(TRIG, 3, SHARPEN, 0);            /* 2 */
    I(CALL, 0, COUNT_WHALE, 0);        /* 3 */
    I(TRIG, 2, COUNT_WHALE, 0);        /* 4 */
    I(PUSH, 0, 0, 1);
    I(WINDOW, 0, t_after, 0);          /* 5 */
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, pass, 0);
    I(PUSH, 0, 0, 1);
    I(WAIT, 0, 0, 0);                  /* 6: the choice */
    L(1);
    I(PUSH, 0, 0, 1);
    I(WINDOW, 1, t_after, 0);          /* 7 */
    I(STG, 0, x, 0);                   /* x = 7: each WINDOW popped one value, TRIG none */
    I(STEPEND, 0, 0, 0);
    I(PUSH, 0, 0, 0);
    I(WINDOW, 0, t_none, 0);           /* 8: no step running, no label */
    I(PUSH, 0, 0, 0);
    I(WINDOW, 1, t_none, 0);           /* 9 */
    I(RET, 0, 0, 0);                   /* 10: end */
    assert_int_equal(tp_proc(T, "count_whale", 0, 0, 0), COUNT_WHALE);
    I(TRIG, 1, COUNT_WHALE, 0);
    I(RET, 0, 0, 0);
    assert_int_equal(tp_proc(T, "sharpen", 0, 0, 0), SHARPEN);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);
    char msg[128];
    assert_int_equal(ordo_validate(p, msg, sizeof msg), ORDO_OK);

    rec *r = calloc(1, sizeof *r);
    ordo_game *g = new_game(p, 2, 1);
    ordo_set_trace(g, record, r);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(ordo_decider(g), 1);
    assert_int_equal(r->n, 5);
    static const struct {
        int kind, player, id, nargs, timing;
    } want[] = {
        {ORDO_EV_STEP, -1, 0, 0, 0},
        {ORDO_EV_TRIGGER, -1, SHARPEN, 1, 3},
        {ORDO_EV_TRIGGER, -1, COUNT_WHALE, 1, 1},
        {ORDO_EV_TRIGGER, -1, COUNT_WHALE, 1, 2},
        {ORDO_EV_WINDOW, 1, 0, 0, 0},
    };
    for (int i = 0; i < 5; i++) {
        const ordo_event *e = &r->ev[i];
        assert_int_equal(e->seq, (uint32_t)i + 1);
        assert_int_equal(e->kind, want[i].kind);
        assert_int_equal(e->player, want[i].player);
        assert_int_equal(e->id, want[i].id);
        assert_int_equal(e->step, s);
        assert_int_equal(e->nargs, want[i].nargs);
        if (want[i].nargs)
            assert_int_equal(e->args[0], want[i].timing);
    }
    assert_int_equal(r->ev[4].id, t_after);
    assert_lines(g, &r->ev[1], "2 trigger sharpen (before)",
                 "{\"seq\":2,\"kind\":\"trigger\",\"step\":\"1\",\"rule\":\"ODIN-T2\","
                 "\"trigger\":\"sharpen\",\"timing\":\"before\"}");
    assert_lines(g, &r->ev[2], "3 trigger count_whale (immediately)",
                 "{\"seq\":3,\"kind\":\"trigger\",\"step\":\"1\",\"rule\":\"ODIN-T2\","
                 "\"trigger\":\"count_whale\",\"timing\":\"immediately\"}");
    assert_lines(g, &r->ev[3], "4 trigger count_whale (after)",
                 "{\"seq\":4,\"kind\":\"trigger\",\"step\":\"1\",\"rule\":\"ODIN-T2\","
                 "\"trigger\":\"count_whale\",\"timing\":\"after\"}");
    assert_lines(g, &r->ev[4], "5 window opens for player 2: after whaled",
                 "{\"seq\":5,\"kind\":\"window\",\"step\":\"1\",\"rule\":\"ODIN-T2\","
                 "\"player\":\"player 2\",\"label\":\"after whaled\"}");

    assert_int_equal(ordo_choose(g, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(get(g, x, 0, 0, 0), 7);
    assert_int_equal(r->n, 10);
    assert_int_equal(r->ev[5].kind, ORDO_EV_CHOICE);
    const ordo_event *e = &r->ev[6];
    assert_int_equal(e->kind, ORDO_EV_WINDOW_END);
    assert_int_equal(e->player, 1);
    assert_int_equal(e->id, t_after);
    assert_int_equal(e->nargs, 0);
    assert_lines(g, e, "7 window closes for player 2",
                 "{\"seq\":7,\"kind\":\"window_end\",\"step\":\"1\",\"rule\":\"ODIN-T2\","
                 "\"player\":\"player 2\"}");
    e = &r->ev[7];
    assert_int_equal(e->kind, ORDO_EV_WINDOW);
    assert_int_equal(e->player, 0);
    assert_int_equal(e->id, t_none);
    assert_int_equal(e->step, -1);
    /* an empty label: nothing after the player in text, "" in JSON */
    assert_lines(g, e, "8 window opens for player 1",
                 "{\"seq\":8,\"kind\":\"window\",\"player\":\"player 1\",\"label\":\"\"}");
    assert_lines(g, &r->ev[8], "9 window closes for player 1",
                 "{\"seq\":9,\"kind\":\"window_end\",\"player\":\"player 1\"}");
    assert_int_equal(r->ev[9].kind, ORDO_EV_END);

    /* ids and timings the program does not have */
    ordo_event ev = {.seq = 11, .kind = ORDO_EV_TRIGGER, .player = -1, .step = -1, .id = 99,
                     .nargs = 1, .args = {0}};
    assert_lines(g, &ev, "11 trigger ? (?)",
                 "{\"seq\":11,\"kind\":\"trigger\",\"trigger\":\"?\",\"timing\":\"?\"}");
    ev.args[0] = 4;
    ev.id = (uint16_t)SHARPEN;
    assert_lines(g, &ev, "11 trigger sharpen (?)",
                 "{\"seq\":11,\"kind\":\"trigger\",\"trigger\":\"sharpen\",\"timing\":\"?\"}");
    ev = (ordo_event){.seq = 12, .kind = ORDO_EV_WINDOW, .player = 0, .step = -1, .id = 99};
    assert_lines(g, &ev, "12 window opens for player 1",
                 "{\"seq\":12,\"kind\":\"window\",\"player\":\"player 1\",\"label\":\"\"}");
    ev = (ordo_event){.seq = 13, .kind = ORDO_EV_WINDOW_END, .player = -1, .step = -1, .id = 99};
    assert_lines(g, &ev, "13 window closes for none",
                 "{\"seq\":13,\"kind\":\"window_end\"}");
    /* lengths like snprintf */
    ev = r->ev[4];
    char buf[8];
    assert_int_equal(ordo_event_text(g, &ev, buf, sizeof buf),
                     (int)strlen("5 window opens for player 2: after whaled"));
    assert_string_equal(buf, "5 windo");
    ordo_free(g);
    free(r);
    free(T);
}

/* The window the compiler builds: WINDOW opens, the anytime action whose
 * guard fn holds is offered with "pass", taking it runs it and offers
 * again (no second WINDOW line), "pass" closes it. Then a trigger proc:
 * its guard, then TRIG, silent when the guard is false. */
static void test_window_reopens(void **state)
{
    (void)state;
    enum { PLAY_CARD = 1, WHEN_PLAY_CARD = 2, WHALE_COOK = 3 };
    tprog *T = tp_new(2, 2);
    int cards = tp_per_player(T, "cards", ORDO_K_INT, 1, 0, 9, 0);
    int s = tp_step(T, "2", "rest", "", 50);
    int t = tp_text(T, "before resting", 0, NULL, NULL);
    int act = tp_option(T, "play a card", TP_NO_PARAM, 0, s, 2);
    int pass = tp_option(T, "pass", TP_NO_PARAM, 0, s, 3);
    tp_proc(T, "sequence", 0, 1, 0);
    I(STEP, 0, s, 0);
    I(PUSH, 0, 0, 0);
    I(STL, 0, 0, 0);                 /* the window's player: player 1 */
    I(LDL, 0, 0, 0);
    I(WINDOW, 0, t, 0);
    L(1);
    I(OPTS, 0, 0, 0);
    I(LDL, 0, 0, 0);
    I(CALL, 0, WHEN_PLAY_CARD, 0);
    J(JZ, 4);
    I(OFFERN, 0, act, 0);
    L(4);
    I(OFFERN, 0, pass, 0);
    I(LDL, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    L(2);                            /* the action, then the window again */
    I(LDL, 0, 0, 0);
    I(CALL, 0, PLAY_CARD, 0);
    J(JMP, 1);
    L(3);                            /* pass: the window closes */
    I(LDL, 0, 0, 0);
    I(WINDOW, 1, t, 0);
    I(STEPEND, 0, 0, 0);
    I(PUSH, 0, 0, 0);
    I(CALL, 0, WHALE_COOK, 0);       /* cards[player 1] = 3: fires */
    I(PUSH, 0, 0, 1);
    I(CALL, 0, WHALE_COOK, 0);       /* cards[player 2] = 0: silent */
    I(RET, 0, 0, 0);
    assert_int_equal(tp_proc(T, "play_card", 1, 1, 0), PLAY_CARD); /* cards[p] += 1 */
    I(LDL, 0, 0, 0);
    I(LDL, 0, 0, 0);
    I(LDX, 0, cards, 0);
    I(PUSH, 0, 0, 1);
    I(ADD, 0, 0, 0);
    I(STX, 0, cards, 0);
    I(RET, 0, 0, 0);
    assert_int_equal(tp_proc(T, "when play_card", 1, 1, 1), WHEN_PLAY_CARD); /* cards[p] < 3 */
    I(LDL, 0, 0, 0);
    I(LDX, 0, cards, 0);
    I(PUSH, 0, 0, 3);
    I(LT, 0, 0, 0);
    I(RETV, 0, 0, 0);
    assert_int_equal(tp_proc(T, "whale_cook", 1, 1, 0), WHALE_COOK); /* after, when cards[p] > 0 */
    I(LDL, 0, 0, 0);
    I(LDX, 0, cards, 0);
    I(PUSH, 0, 0, 0);
    I(GT, 0, 0, 0);
    J(JZ, 5);
    I(TRIG, 2, WHALE_COOK, 0);
    L(5);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    rec *r = calloc(1, sizeof *r);
    ordo_game *g = new_game(p, 2, 1);
    ordo_set_trace(g, record, r);
    static const char *const both[2] = {"play a card", "pass"};
    static const char *const only_pass[1] = {"pass"};
    for (int k = 0; k < 3; k++) {
        assert_int_equal(ordo_run(g), ORDO_DECIDE);
        assert_int_equal(ordo_decider(g), 0);
        assert_labels(g, 2, both);
        assert_int_equal(ordo_choose(g, 0), ORDO_OK);
    }
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_labels(g, 1, only_pass); /* the guard fn says no */
    assert_int_equal(get(g, cards, 0, 0, 0), 3);
    assert_int_equal(ordo_choose(g, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    static const char *const lines[] = {
        "1 step 2 \"rest\"",
        "2 window opens for player 1: before resting",
        "3 choice player 1: play a card",
        "4 choice player 1: play a card",
        "5 choice player 1: play a card",
        "6 choice player 1: pass",
        "7 window closes for player 1",
        "8 trigger whale_cook (after)",
        "9 end no winner",
    };
    assert_int_equal(r->n, 9);
    for (int i = 0; i < 9; i++) {
        char buf[128];
        ordo_event_text(g, &r->ev[i], buf, sizeof buf);
        assert_string_equal(buf, lines[i]);
    }
    assert_int_equal(r->ev[7].id, WHALE_COOK);
    assert_int_equal(r->ev[7].step, -1);
    ordo_free(g);
    free(r);
    free(T);
}

/* A TRIG or WINDOW is part of the game's trace: ordo_exec runs them,
 * ordo_eval refuses them; a WINDOW needs its player on the stack. */
static void test_trig_window_exec_eval(void **state)
{
    (void)state;
    tprog *T = tp_new(2, 2);
    int t = tp_text(T, "w", 0, NULL, NULL);
    tp_proc(T, "sequence", 0, 0, 0);
    I(RET, 0, 0, 0);
    int trig_fn = tp_proc(T, "trig_fn", 0, 0, 1);
    I(TRIG, 1, 0, 0);
    I(PUSH, 0, 0, 1);
    I(RETV, 0, 0, 0);
    int window_fn = tp_proc(T, "window_fn", 0, 0, 1);
    I(PUSH, 0, 0, 0);
    I(WINDOW, 0, t, 0);
    I(PUSH, 0, 0, 1);
    I(RETV, 0, 0, 0);
    int both = tp_proc(T, "both", 0, 0, 0);
    I(TRIG, 3, 0, 0);
    I(PUSH, 0, 0, 1);
    I(WINDOW, 0, t, 0);
    I(PUSH, 0, 0, 1);
    I(WINDOW, 1, t, 0);
    I(RET, 0, 0, 0);
    int bare = tp_proc(T, "bare_window", 0, 0, 0);
    I(WINDOW, 1, t, 0);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    static const struct {
        int proc;
        const char *msg;
    } refused[] = {
        {1, "not allowed now: a fn tried to change the game (ordo_eval) in trig_fn (test.ordo:11)"},
        {2, "not allowed now: a fn tried to change the game (ordo_eval) in window_fn "
            "(test.ordo:12)"},
    };
    assert_int_equal(refused[0].proc, trig_fn);
    assert_int_equal(refused[1].proc, window_fn);
    for (int i = 0; i < 2; i++) {
        rec *r = calloc(1, sizeof *r);
        ordo_game *g = new_game(p, 2, 1);
        ordo_set_trace(g, record, r);
        int32_t v = 12345;
        assert_int_equal(ordo_eval(g, refused[i].proc, NULL, 0, &v), ORDO_E_STATE);
        assert_int_equal(v, 12345);
        assert_message(g, refused[i].msg);
        assert_int_equal(ordo_status(g), ORDO_E_STATE);
        assert_int_equal(r->n, 0); /* nothing traced */
        assert_int_equal(ordo_run(g), ORDO_E_STATE);
        ordo_free(g);
        free(r);
    }

    /* ordo_exec: traced like any event */
    rec *r = calloc(1, sizeof *r);
    ordo_game *g = new_game(p, 2, 1);
    ordo_set_trace(g, record, r);
    assert_int_equal(ordo_exec(g, both, NULL, 0), ORDO_OK);
    assert_int_equal(r->n, 3);
    assert_int_equal(r->ev[0].kind, ORDO_EV_TRIGGER);
    assert_int_equal(r->ev[0].args[0], 3);
    assert_int_equal(r->ev[1].kind, ORDO_EV_WINDOW);
    assert_int_equal(r->ev[1].player, 1);
    assert_int_equal(r->ev[2].kind, ORDO_EV_WINDOW_END);
    assert_lines(g, &r->ev[0], "1 trigger sequence (before)",
                 "{\"seq\":1,\"kind\":\"trigger\",\"trigger\":\"sequence\",\"timing\":\"before\"}");
    assert_lines(g, &r->ev[1], "2 window opens for player 2: w",
                 "{\"seq\":2,\"kind\":\"window\",\"player\":\"player 2\",\"label\":\"w\"}");
    assert_int_equal(ordo_run(g), ORDO_OVER);
    ordo_free(g);
    free(r);

    char m[256];
    assert_int_equal(exec_case(p, 2, bare, m, sizeof m), ORDO_E_STACK);
    assert_string_equal(m, "stack exhausted: value stack underflow in bare_window (test.ordo:14)");
    free(T);
}

static void m_trig_proc(tprog *T) { T->code[7] = (ordo_insn){ORDO_OP_TRIG, 1, 5, 0}; }
static void m_trig_timing4(tprog *T) { T->code[7] = (ordo_insn){ORDO_OP_TRIG, 4, 0, 0}; }
static void m_window_text(tprog *T) { T->code[7] = (ordo_insn){ORDO_OP_WINDOW, 0, 0, 0}; }
static void m_window_x(tprog *T)
{
    tp_text(T, "w", 0, NULL, NULL);
    T->code[7] = (ordo_insn){ORDO_OP_WINDOW, 2, 0, 0};
}

static void test_validate_trig_window(void **state)
{
    (void)state;
    static const vcase cases[] = {
        {"trig proc", m_trig_proc, "code 7: proc index 5 out of bounds"},
        {"trig timing 4", m_trig_timing4, "code 7: TRIG timing 4"},
        {"window text", m_window_text, "code 7: text index 0 out of bounds"},
        {"window x", m_window_x, "code 7: WINDOW x=2"},
    };
    check_cases(cases, sizeof cases / sizeof cases[0]);

    /* the timings 1..3 and x = 0 or 1 are fine */
    for (int k = 0; k < 5; k++) {
        tprog *T = valid_prog();
        tp_text(T, "w", 0, NULL, NULL);
        T->code[7] = k < 3 ? (ordo_insn){ORDO_OP_TRIG, (uint8_t)(k + 1), 0, 0}
                           : (ordo_insn){ORDO_OP_WINDOW, (uint8_t)(k - 3), 0, 0};
        char msg[128];
        assert_int_equal(ordo_validate(&T->p, msg, sizeof msg), ORDO_OK);
        assert_string_equal(msg, "");
        free(T);
    }
}

/* -------------------------------------------------------- values, errors */

static void test_format_value(void **state)
{
    (void)state;
    tprog *T = tp_new(1, 1);
    tp_enum(T, "Color", 3, color_names);
    tp_proc(T, "sequence", 0, 0, 0);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);
    char buf[32];
    assert_int_equal(ordo_format_value(p, ORDO_K_PLAYER, 0, 1, buf, sizeof buf), 8);
    assert_string_equal(buf, "player 2");
    assert_int_equal(ordo_format_value(p, ORDO_K_PLAYER, 0, -1, buf, sizeof buf), 4);
    assert_string_equal(buf, "none");
    assert_int_equal(ordo_format_value(p, ORDO_K_BOOL, 0, 1, buf, sizeof buf), 4);
    assert_string_equal(buf, "true");
    assert_int_equal(ordo_format_value(p, ORDO_K_BOOL, 0, 0, buf, sizeof buf), 5);
    assert_string_equal(buf, "false");
    assert_int_equal(ordo_format_value(p, ORDO_K_ENUM, 0, 2, buf, sizeof buf), 4);
    assert_string_equal(buf, "blue");
    assert_int_equal(ordo_format_value(p, ORDO_K_INT, 0, -2147483647 - 1, buf, sizeof buf), 11);
    assert_string_equal(buf, "-2147483648");
    assert_int_equal(ordo_format_value(p, ORDO_K_INT, 0, 12345, buf, 3), 5);
    assert_string_equal(buf, "12");
    assert_int_equal(ordo_format_value(p, ORDO_K_ENUM, 0, 3, buf, sizeof buf), ORDO_E_ARG);
    assert_string_equal(buf, "");
    assert_int_equal(ordo_format_value(p, ORDO_K_ENUM, 1, 0, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_format_value(p, 9, 0, 0, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_format_value(p, ORDO_K_INT, 0, 0, NULL, 4), ORDO_E_ARG);
    free(T);
}

static void test_strerror(void **state)
{
    (void)state;
    static const struct {
        int code;
        const char *text;
    } want[] = {
        {ORDO_OK, "ok"},
        {ORDO_DECIDE, "a decision is pending"},
        {ORDO_OVER, "the game is over"},
        {ORDO_E_ARG, "bad argument"},
        {ORDO_E_PROGRAM, "invalid program"},
        {ORDO_E_STATE, "not allowed now"},
        {ORDO_E_RANGE, "value out of range"},
        {ORDO_E_INDEX, "index out of bounds"},
        {ORDO_E_DIVZERO, "division by zero"},
        {ORDO_E_LIMIT, "step limit reached"},
        {ORDO_E_STACK, "stack exhausted"},
        {ORDO_E_NOOPTION, "no legal option"},
        {ORDO_E_LIST, "list error"},
        {ORDO_E_ASSERT, "assertion failed"},
        {ORDO_E_OPCODE, "unknown instruction"},
        {ORDO_E_DENIED, "not allowed by the rules"},
        {ORDO_E_BOUND, "a stated depth bound exceeded"},
        {-15, "unknown error"},
        {3, "unknown error"},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        assert_string_equal(ordo_strerror(want[i].code), want[i].text);
}

static void test_assert_and_stack(void **state)
{
    (void)state;
    tprog *T = tp_new(1, 1);
    int t = tp_text(T, "x >= 0", 0, NULL, NULL);
    tp_proc(T, "sequence", 0, 0, 0);
    I(RET, 0, 0, 0);
    int fails = tp_proc(T, "fails", 0, 0, 0);
    I(PUSH, 0, 0, 0);
    I(ASSERT, 0, t, 0);
    I(RET, 0, 0, 0);
    int passes = tp_proc(T, "passes", 0, 0, 0);
    I(PUSH, 0, 0, 3);
    I(ASSERT, 0, t, 0);
    I(RET, 0, 0, 0);
    int under = tp_proc(T, "under", 0, 0, 0);
    I(POP, 0, 0, 0);
    I(RET, 0, 0, 0);
    int over = tp_proc(T, "over", 0, 0, 0);
    L(1);
    I(PUSH, 0, 0, 1);
    J(JMP, 1);
    int local = tp_proc(T, "local", 0, 1, 0);
    I(LDL, 0, 1, 0);
    I(RET, 0, 0, 0);
    T->p.stack_size = 8;
    const ordo_program *p = tp_finish(T);
    char m[256];
    assert_int_equal(exec_case(p, 1, fails, m, sizeof m), ORDO_E_ASSERT);
    assert_string_equal(m, "assertion failed: x >= 0 in fails (test.ordo:11)");
    assert_int_equal(exec_case(p, 1, passes, m, sizeof m), ORDO_OK);
    assert_string_equal(m, "");
    assert_int_equal(exec_case(p, 1, under, m, sizeof m), ORDO_E_STACK);
    assert_string_equal(m, "stack exhausted: value stack underflow in under (test.ordo:13)");
    assert_int_equal(exec_case(p, 1, over, m, sizeof m), ORDO_E_STACK);
    assert_string_equal(m, "stack exhausted: value stack (8 slots) exhausted in over "
                           "(test.ordo:14)");
    assert_int_equal(exec_case(p, 1, local, m, sizeof m), ORDO_E_STACK);
    assert_string_equal(m, "stack exhausted: local slot out of the frame (1 locals) in local "
                           "(test.ordo:15)");
    free(T);
}

/* SHOW belongs to displays (ordo_display runs them in eval mode): run any
 * other way it is an error, and it never reaches the host's trace. */
static void test_show_outside_display(void **state)
{
    (void)state;
    tprog *T = tp_new(1, 1);
    int t = tp_text(T, "shown", 0, NULL, NULL);
    tp_proc(T, "sequence", 0, 0, 0);
    I(SHOW, 0, t, 0);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);
    char m[256];
    assert_int_equal(exec_case(p, 1, 0, m, sizeof m), ORDO_E_STATE);
    assert_string_equal(m, "not allowed now: show outside a display in the sequence (test.ordo:10)");
    ordo_game *g = new_game(p, 1, 1);
    rec r = {0};
    ordo_set_trace(g, record, &r);
    assert_int_equal(ordo_run(g), ORDO_E_STATE);
    assert_int_equal(r.n, 0);
    ordo_free(g);
    free(T);
}

/* ------------------------------------------------------------ policies */

static void test_policies(void **state)
{
    (void)state;
    /* SplitMix64: the first output for state 0 is 0xe220a8397b1dcdaf */
    uint64_t s = 0;
    assert_int_equal(ordo_rng_next(&s), 0xe220a839u);
    assert_true(s == UINT64_C(0x9e3779b97f4a7c15));
    assert_int_equal(ordo_rng_next(&s), 0x6e789e6au);
    s = 5;
    assert_int_equal(ordo_rng_below(&s, 0), 0);
    assert_true(s == 5); /* no draw */
    assert_int_equal(ordo_rng_below(&s, 1), 0);
    assert_true(s != 5);
    int seen[3] = {0, 0, 0};
    for (int i = 0; i < 300; i++) {
        uint32_t k = ordo_rng_below(&s, 3);
        assert_true(k < 3);
        seen[k]++;
    }
    assert_true(seen[0] > 50 && seen[1] > 50 && seen[2] > 50);

    dprog d = decision_prog();
    ordo_game *g = new_game(&d.T->p, 2, 1);
    uint64_t rng = 1234, r2 = 1234;
    assert_int_equal(ordo_policy_first(g), ORDO_E_STATE);
    assert_int_equal(ordo_policy_random(g, &rng), ORDO_E_STATE);
    assert_true(rng == 1234); /* no draw */
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(ordo_policy_first(g), 0);
    assert_int_equal(ordo_policy_random(g, NULL), ORDO_E_ARG);
    for (int i = 0; i < 50; i++) {
        int k = ordo_policy_random(g, &rng);
        assert_int_equal(k, (int)ordo_rng_below(&r2, 5));
        assert_true(rng == r2);
    }
    assert_int_equal(ordo_policy_random(NULL, &rng), ORDO_E_ARG);
    ordo_free(g);
    free(d.T);
}


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_show_outside_display),
        cmocka_unit_test(test_exec_eval),
        cmocka_unit_test(test_halt_unwinds_exec),
        cmocka_unit_test(test_canonical_form),
        cmocka_unit_test(test_copy_diverges),
        cmocka_unit_test(test_trace_all_kinds),
        cmocka_unit_test(test_trace_escaping_and_edges),
        cmocka_unit_test(test_trig_window_trace),
        cmocka_unit_test(test_window_reopens),
        cmocka_unit_test(test_trig_window_exec_eval),
        cmocka_unit_test(test_validate_trig_window),
        cmocka_unit_test(test_format_value),
        cmocka_unit_test(test_strerror),
        cmocka_unit_test(test_assert_and_stack),
        cmocka_unit_test(test_policies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_runtime_flow.c — the instructions that decide where play goes (on
 * programs assembled by hand): decisions, escapes, SORTP, TURN and ELIM,
 * END, the step limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "runtime_fixture.h"

/* ----------------------------------------------------------- decisions */

static void test_decision(void **state)
{
    (void)state;
    dprog d = decision_prog();
    const ordo_program *p = &d.T->p;
    rec *r = calloc(1, sizeof *r);
    ordo_game *g = new_game(p, 2, 1);
    ordo_set_trace(g, record, r);
    assert_int_equal(ordo_option_count(g), 0);
    assert_int_equal(ordo_choose(g, 0), ORDO_E_STATE);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(ordo_status(g), ORDO_DECIDE);
    assert_int_equal(ordo_decider(g), 1);
    assert_int_equal(ordo_option_count(g), 5);
    static const char *const labels[5] = {"take 3", "paint green", "pass", "give to player 1",
                                          "move 12 to 12"};
    char buf[64];
    for (int i = 0; i < 5; i++) {
        assert_int_equal(ordo_option_label(g, i, buf, sizeof buf), (int)strlen(labels[i]));
        assert_string_equal(buf, labels[i]);
        assert_int_equal(ordo_find_option(g, labels[i]), i);
    }
    /* like snprintf */
    assert_int_equal(ordo_option_label(g, 0, buf, 4), 6);
    assert_string_equal(buf, "tak");
    assert_int_equal(ordo_option_label(g, 1, NULL, 0), 11);
    assert_int_equal(ordo_option_label(g, 5, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_option_label(g, -1, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_option_label(g, 0, NULL, 5), ORDO_E_ARG);
    assert_int_equal(ordo_find_option(g, "take 4"), -1);
    assert_int_equal(ordo_find_option(g, "take"), -1);
    assert_int_equal(ordo_find_option(g, "take 3 "), -1);
    assert_int_equal(ordo_find_option(g, "take {}"), -1);
    assert_int_equal(ordo_find_option(g, "paint blue"), -1);
    assert_int_equal(ordo_find_option(g, "move 12 to 13"), -1);
    assert_int_equal(ordo_find_option(g, NULL), -1);
    assert_int_equal(ordo_policy_first(g), 0);
    /* what each option is apart from its label: its template and param
     * (none: 0), the same in every state (the Python binding's action ids) */
    static const char *const templates[5] = {"take {}", "paint {}", "pass", "give to {}",
                                             "move {} to {}"};
    static const int32_t params[5] = {3, 1, 0, 0, 12};
    for (int i = 0; i < 5; i++) {
        int32_t param = -7;
        int o = ordo_option_id(g, i, &param);
        assert_true(o >= 0 && o < p->noptions);
        assert_string_equal(p->options[o].label, templates[i]);
        assert_int_equal(param, params[i]);
    }
    assert_int_equal(ordo_option_id(g, 1, NULL), ordo_option_id(g, 1, &(int32_t){0}));
    assert_int_equal(ordo_option_id(g, 5, NULL), ORDO_E_ARG);
    assert_int_equal(ordo_option_id(g, -1, NULL), ORDO_E_ARG);
    assert_int_equal(ordo_option_id(NULL, 0, NULL), ORDO_E_ARG);

    /* nothing changes: a bad index, ordo_run while deciding, ordo_eval */
    ordo_game *before = dup_game(g);
    assert_int_equal(ordo_choose(g, 5), ORDO_E_ARG);
    assert_same_game(g, before);
    assert_int_equal(ordo_choose(g, -1), ORDO_E_ARG);
    assert_same_game(g, before);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_same_game(g, before);
    int32_t v = -5;
    assert_int_equal(ordo_eval(g, d.getx, NULL, 0, &v), ORDO_OK);
    assert_int_equal(v, 0);
    assert_same_game(g, before);
    assert_int_equal(ordo_exec(g, d.getx, NULL, 0), ORDO_E_STATE);
    assert_same_game(g, before);
    assert_int_equal(r->n, 1); /* the step */

    assert_int_equal(ordo_choose(g, 1), ORDO_OK);
    assert_int_equal(ordo_status(g), ORDO_OK);
    assert_int_equal(ordo_decider(g), -1);
    assert_int_equal(ordo_option_count(g), 0);
    assert_int_equal(ordo_find_option(g, "pass"), -1);
    assert_int_equal(ordo_option_label(g, 0, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_option_id(g, 0, NULL), ORDO_E_ARG); /* no decision */
    assert_int_equal(ordo_choose(g, 1), ORDO_E_STATE);
    assert_int_equal(r->n, 2);
    const ordo_event *e = &r->ev[1];
    assert_int_equal(e->kind, ORDO_EV_CHOICE);
    assert_int_equal(e->player, 1);
    assert_int_equal(e->id, 1);
    assert_int_equal(e->step, d.s0);
    assert_int_equal(e->nargs, 1);
    assert_int_equal(e->args[0], 1);
    assert_lines(g, e, "2 choice player 2: paint green",
                 "{\"seq\":2,\"kind\":\"choice\",\"step\":\"3\",\"rule\":\"R-3\","
                 "\"player\":\"player 2\",\"option\":\"paint green\"}");
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(get(g, d.color, 0, 0, 0), 1);
    assert_int_equal(get(g, d.x, 0, 0, 0), 0);

    /* the other options, from the copy */
    int32_t want[5][3] = {{3, 0, -1}, {0, 1, -1}, {50, 0, -1}, {0, 0, 0}, {12, 0, -1}};
    for (int k = 0; k < 5; k++) {
        ordo_game *c = dup_game(before);
        memset(r, 0, sizeof *r); /* the copy has the same trace callback */
        assert_int_equal(ordo_choose(c, k), ORDO_OK);
        assert_int_equal(ordo_run(c), ORDO_OVER);
        assert_int_equal(get(c, d.x, 0, 0, 0), want[k][0]);
        assert_int_equal(get(c, d.color, 0, 0, 0), want[k][1]);
        assert_int_equal(get(c, d.who, 0, 0, 0), want[k][2]);
        assert_int_equal(r->ev[0].kind, ORDO_EV_CHOICE);
        assert_int_equal(r->ev[0].seq, 2);
        assert_int_equal(r->ev[0].nargs, k == 2 ? 0 : 1);
        char t[64];
        snprintf(t, sizeof t, "2 choice player 2: %s", labels[k]);
        assert_int_equal(ordo_event_text(c, &r->ev[0], buf, sizeof buf), (int)strlen(t));
        assert_string_equal(buf, t);
        free(c);
    }
    free(before);
    ordo_free(g);
    free(r);
    free(d.T);
}

static void test_decision_errors(void **state)
{
    (void)state;
    tprog *T = tp_new(2, 2);
    int o = tp_option(T, "go", TP_NO_PARAM, 0, -1, 1);
    tp_proc(T, "sequence", 0, 0, 0);
    I(RET, 0, 0, 0);
    L(1);
    I(RET, 0, 0, 0);
    int none = tp_proc(T, "none", 0, 0, 0);
    I(OPTS, 0, 0, 0);
    I(PUSH, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    I(RET, 0, 0, 0);
    int bad_player = tp_proc(T, "bad_player", 0, 0, 0);
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, o, 0);
    I(PUSH, 0, 0, 5);
    I(WAIT, 0, 0, 0);
    I(RET, 0, 0, 0);
    int nobody = tp_proc(T, "nobody", 0, 0, 0);
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, o, 0);
    I(PUSH, 0, 0, -1);
    I(WAIT, 0, 0, 0);
    I(RET, 0, 0, 0);
    int many = tp_proc(T, "many", 0, 0, 0);
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, o, 0);
    I(OFFERN, 0, o, 0);
    I(OFFERN, 0, o, 0);
    I(PUSH, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    I(RET, 0, 0, 0);
    T->p.max_options = 2;
    const ordo_program *p = tp_finish(T);

    char m[256];
    ordo_game *g = new_game(p, 2, 1);
    assert_int_equal(ordo_start(g, none, NULL, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_E_NOOPTION);
    assert_message(g, "no legal option: player 1 has no legal option in none (test.ordo:11)");
    assert_int_equal(ordo_option_count(g), 0);
    ordo_free(g);

    g = new_game(p, 2, 1);
    assert_int_equal(ordo_start(g, bad_player, NULL, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_E_INDEX);
    assert_message(g, "index out of bounds: a decision by player 6 in a 2-player game in "
                      "bad_player (test.ordo:12)");
    ordo_free(g);

    g = new_game(p, 2, 1);
    assert_int_equal(ordo_start(g, nobody, NULL, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_E_INDEX);
    assert_true(ordo_error_message(g, m, sizeof m) > 0);
    /* (the player is written "none 0" today; see the report) */
    assert_non_null(strstr(m, "index out of bounds: a decision by none"));
    ordo_free(g);

    g = new_game(p, 2, 1);
    assert_int_equal(ordo_start(g, many, NULL, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_E_STACK);
    assert_message(g, "stack exhausted: more than 2 options in one decision in many "
                      "(test.ordo:14)");
    ordo_free(g);
    free(T);
}

/* ------------------------------------------------------------- escapes */

typedef struct eprog {
    tprog *T;
    int x, y, s0, s1, mark;
} eprog;

/* The sequence opens "concede" (player 1), "flee" (player 2) and "pass"
 * (player 1) around a call of `inner`, which opens "resign" (player 1) and
 * asks player 1: "pass" (an option) or the escapes. */
static eprog escape_prog(void)
{
    eprog d;
    tprog *T = d.T = tp_new(2, 2);
    d.x = tp_scalar(T, "x", ORDO_K_INT, 1, 0, 100, 0);
    d.y = tp_scalar(T, "y", ORDO_K_INT, 1, 0, 100, 0);
    d.s0 = tp_step(T, "1", "outer", "", 70);
    d.s1 = tp_step(T, "1.1", "inner", "", 71);
    d.mark = tp_event(T, "mark", 0, NULL, NULL, NULL);
    int e0 = tp_escape(T, "concede", d.s0, 10);
    int e1 = tp_escape(T, "resign", d.s1, 11);
    int e2 = tp_escape(T, "pass", d.s0, 12);
    int e3 = tp_escape(T, "flee", d.s0, 13);
    int o_pass = tp_option(T, "pass", TP_NO_PARAM, 0, d.s1, 20);
    int o_ok = tp_option(T, "ok", TP_NO_PARAM, 0, d.s0, 21);
    int o_ok1 = tp_option(T, "ok", TP_NO_PARAM, 0, d.s0, 22);
    int o_ok2 = tp_option(T, "ok", TP_NO_PARAM, 0, d.s0, 23);
    int o_end = tp_option(T, "end", TP_NO_PARAM, 0, -1, 24);
    tp_proc(T, "sequence", 0, 1, 0);
    I(PUSH, 0, 0, 77);
    I(STL, 0, 0, 0);
    I(STEP, 0, d.s0, 0);
    I(PUSH, 0, 0, 0);
    I(ESC, 0, e0, 0);
    I(PUSH, 0, 0, 1);
    I(ESC, 0, e3, 1);
    I(PUSH, 0, 0, 0);
    I(ESC, 0, e2, 2);
    I(CALL, 0, 1, 0);
    I(UNESC, 3, 0, 0);
    I(STEPEND, 0, 0, 0);
    I(OPTS, 0, 0, 0); /* a last decision: no escape is open any more */
    I(OFFERN, 0, o_end, 0);
    I(PUSH, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    L(24);
    I(RET, 0, 0, 0);
    L(10); /* concede: back in the sequence, at the depth of the ESC */
    I(LDL, 0, 0, 0);
    I(STG, 0, d.x, 0);
    I(EMIT, 0, d.mark, 0);
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, o_ok, 0);
    I(PUSH, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    L(21);
    I(STEPEND, 0, 0, 0);
    I(RET, 0, 0, 0);
    L(12); /* pass (offered only where no option has the label) */
    L(13); /* flee (player 2 never decides) */
    I(PUSH, 0, 0, 99);
    I(STG, 0, d.x, 0);
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, o_ok2, 0);
    I(PUSH, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    L(23);
    I(RET, 0, 0, 0);
    tp_proc(T, "inner", 0, 1, 0);
    I(PUSH, 0, 0, 3);
    I(STL, 0, 0, 0);
    I(STEP, 0, d.s1, 0);
    I(PUSH, 0, 0, 0);
    I(ESC, 0, e1, 0);
    I(PUSH, 0, 0, 5); /* operands left on the stack at the decision */
    I(PUSH, 0, 0, 6);
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, o_pass, 0);
    I(PUSH, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    L(20);
    I(POP, 0, 0, 0);
    I(POP, 0, 0, 0);
    I(UNESC, 1, 0, 0);
    I(STEPEND, 0, 0, 0);
    I(RET, 0, 0, 0);
    L(11); /* resign: back in inner */
    I(LDL, 0, 0, 0);
    I(STG, 0, d.y, 0);
    I(EMIT, 0, d.mark, 0);
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, o_ok1, 0);
    I(PUSH, 0, 0, 0);
    I(WAIT, 0, 0, 0);
    L(22);
    I(STEPEND, 0, 0, 0);
    I(RET, 0, 0, 0);
    tp_finish(T);
    return d;
}

static void test_escapes(void **state)
{
    (void)state;
    eprog d = escape_prog();
    const ordo_program *p = &d.T->p;
    rec *r = calloc(1, sizeof *r);
    ordo_game *g = new_game(p, 2, 1);
    ordo_set_trace(g, record, r);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(ordo_decider(g), 0);
    /* the option, then the decider's escapes innermost first; "pass" only once;
     * "flee" is player 2's */
    static const char *const first[3] = {"pass", "resign", "concede"};
    assert_labels(g, 3, first);
    assert_int_equal(ordo_find_option(g, "flee"), -1);
    /* an escape is noptions + its index, with no param */
    int32_t param = -7;
    assert_int_equal(ordo_option_id(g, 2, &param), p->noptions + 0);
    assert_int_equal(param, 0);
    int resign = ordo_option_id(g, 1, &param) - p->noptions;
    assert_true(resign > 0 && resign < p->nescapes);
    assert_string_equal(p->escapes[resign].label, "resign");
    assert_true(ordo_option_id(g, 0, NULL) < p->noptions);
    ordo_game *at = dup_game(g), *at0 = dup_game(g);

    /* concede: the outer escape, taken at the inner decision */
    assert_int_equal(ordo_choose(g, 2), ORDO_OK);
    assert_int_equal(r->n, 3);
    const ordo_event *e = &r->ev[2];
    assert_int_equal(e->kind, ORDO_EV_ESCAPE);
    assert_int_equal(e->player, 0);
    assert_int_equal(e->id, 0);
    assert_int_equal(e->step, d.s1);
    assert_lines(g, e, "3 escape player 1: concede",
                 "{\"seq\":3,\"kind\":\"escape\",\"step\":\"1.1\",\"player\":\"player 1\","
                 "\"escape\":\"concede\"}");
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(get(g, d.x, 0, 0, 0), 77); /* the sequence's frame is back */
    assert_int_equal(r->ev[3].kind, ORDO_EV_EVENT);
    assert_int_equal(r->ev[3].step, d.s0); /* and its step */
    static const char *const after_concede[1] = {"ok"};
    assert_labels(g, 1, after_concede); /* every escape of the scope is closed */
    assert_int_equal(ordo_choose(g, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_OVER); /* STEPEND found the right value */
    assert_int_equal(r->ev[r->n - 1].kind, ORDO_EV_END);
    assert_int_equal(r->ev[r->n - 1].step, -1);

    /* resign: the inner escape; the outer ones stay open */
    ordo_set_trace(at, NULL, NULL);
    assert_int_equal(ordo_choose(at, 1), ORDO_OK);
    assert_int_equal(ordo_run(at), ORDO_DECIDE);
    assert_int_equal(get(at, d.y, 0, 0, 0), 3);
    static const char *const after_resign[3] = {"ok", "pass", "concede"};
    assert_labels(at, 3, after_resign);
    ordo_game *at2 = dup_game(at);
    assert_int_equal(ordo_choose(at, 0), ORDO_OK);
    assert_int_equal(ordo_run(at), ORDO_DECIDE); /* back in the sequence, after UNESC */
    static const char *const last[1] = {"end"};
    assert_labels(at, 1, last);
    assert_int_equal(ordo_choose(at, 0), ORDO_OK);
    assert_int_equal(ordo_run(at), ORDO_OVER);
    assert_int_equal(get(at, d.x, 0, 0, 0), 0);
    /* the "pass" escape (the third of the outer scope) from the handler's
     * decision: it closes the whole scope, "concede" included */
    assert_int_equal(ordo_choose(at2, 1), ORDO_OK);
    assert_int_equal(ordo_run(at2), ORDO_DECIDE);
    assert_int_equal(get(at2, d.x, 0, 0, 0), 99);
    assert_labels(at2, 1, after_concede);
    assert_int_equal(ordo_choose(at2, 0), ORDO_OK);
    assert_int_equal(ordo_run(at2), ORDO_OVER);
    /* the option "pass": the inner scope closes itself (UNESC), then the outer */
    ordo_game *at3 = dup_game(at0);
    assert_int_equal(ordo_choose(at3, 0), ORDO_OK);
    assert_int_equal(ordo_run(at3), ORDO_DECIDE);
    assert_labels(at3, 1, last);
    free(at);
    free(at2);
    free(at3);
    free(at0);
    ordo_free(g);
    free(r);
    free(d.T);
}

static void test_escape_errors(void **state)
{
    (void)state;
    tprog *T = tp_new(2, 2);
    int e = tp_escape(T, "quit", -1, 1);
    tp_proc(T, "sequence", 0, 0, 0);
    I(RET, 0, 0, 0);
    L(1);
    I(RET, 0, 0, 0);
    int pos = tp_proc(T, "pos", 0, 0, 0);
    I(PUSH, 0, 0, 0);
    I(ESC, 0, e, 5);
    I(RET, 0, 0, 0);
    int unesc = tp_proc(T, "unesc", 0, 0, 0);
    I(UNESC, 2, 0, 0);
    I(RET, 0, 0, 0);
    int player = tp_proc(T, "player", 0, 0, 0);
    I(PUSH, 0, 0, 2);
    I(ESC, 0, e, 0);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);
    char m[256];
    assert_int_equal(exec_case(p, 2, pos, m, sizeof m), ORDO_E_STACK);
    assert_string_equal(m, "stack exhausted: escape 5 of a scope with only 0 open in pos "
                           "(test.ordo:11)");
    assert_int_equal(exec_case(p, 2, unesc, m, sizeof m), ORDO_E_STACK);
    assert_string_equal(m, "stack exhausted: closing 2 escapes, 0 open in unesc (test.ordo:12)");
    assert_int_equal(exec_case(p, 2, player, m, sizeof m), ORDO_E_INDEX);
    assert_string_equal(m, "index out of bounds: escape by player 3 in a 2-player game in "
                           "player (test.ordo:13)");
    free(T);
}

/* --------------------------------------------------------------- SORTP */

static void sorted(const ordo_program *p, int order, int nplayers, int desc, int32_t *out)
{
    ordo_game *g = new_game(p, nplayers, 1);
    int32_t args[1] = {desc};
    assert_int_equal(ordo_exec(g, 1, args, 1), ORDO_OK);
    for (int i = 0; i < nplayers; i++)
        out[i] = get(g, order, i, 0, 0);
    ordo_free(g);
}

static void test_sortp(void **state)
{
    (void)state;
    tprog *T = tp_new(1, 4);
    int order = tp_per_player(T, "order", ORDO_K_PLAYER, 1, -1, 3, -1);
    tp_proc(T, "sequence", 0, 0, 0);
    I(RET, 0, 0, 0);
    /* sort(desc): keys 5 9 5 1 in locals 1..4, order in 5..8, counter 9 */
    tp_proc(T, "sort", 1, 10, 0);
    I(PUSH, 0, 0, 5);
    I(STL, 0, 1, 0);
    I(PUSH, 0, 0, 9);
    I(STL, 0, 2, 0);
    I(PUSH, 0, 0, 5);
    I(STL, 0, 3, 0);
    I(PUSH, 0, 0, 1);
    I(STL, 0, 4, 0);
    I(LDL, 0, 0, 0);
    J(JZ, 1);
    I(SORTP, 1, 1, 5);
    J(JMP, 2);
    L(1);
    I(SORTP, 0, 1, 5);
    L(2);
    I(PUSH, 0, 0, 0);
    I(STL, 0, 9, 0);
    L(3); /* for i in 0..n-1: order[i] = local 5+i */
    I(LDL, 0, 9, 0);
    I(NPLAYERS, 0, 0, 0);
    I(LT, 0, 0, 0);
    J(JZ, 4);
    I(LDL, 0, 9, 0);
    I(LDL, 0, 9, 0);
    I(LDLI, 0, 5, 0);
    I(STX, 0, order, 0);
    I(LDL, 0, 9, 0);
    I(PUSH, 0, 0, 1);
    I(ADD, 0, 0, 0);
    I(STL, 0, 9, 0);
    J(JMP, 3);
    L(4);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    int32_t o[4];
    sorted(p, order, 4, 1, o);
    int32_t desc4[4] = {1, 0, 2, 3}; /* ties: the lower player first */
    assert_memory_equal(o, desc4, sizeof o);
    sorted(p, order, 4, 0, o);
    int32_t asc4[4] = {3, 0, 2, 1};
    assert_memory_equal(o, asc4, sizeof o);
    sorted(p, order, 3, 1, o); /* only the first 3 keys: 5 9 5 */
    int32_t desc3[3] = {1, 0, 2};
    assert_memory_equal(o, desc3, sizeof desc3);
    sorted(p, order, 3, 0, o);
    int32_t asc3[3] = {0, 2, 1};
    assert_memory_equal(o, asc3, sizeof asc3);
    sorted(p, order, 1, 1, o);
    assert_int_equal(o[0], 0);
    free(T);
}

/* ---------------------------------------------------------- SEAT/ROTATE */

/* seat(p) for each player into `seats`, with the start player as set. */
static void seats_of(const ordo_program *p, int proc, int seats, int nplayers, int32_t *out)
{
    ordo_game *g = new_game(p, nplayers, 1);
    assert_int_equal(ordo_exec(g, proc, NULL, 0), ORDO_OK);
    for (int i = 0; i < nplayers; i++)
        out[i] = get(g, seats, i, 0, 0);
    ordo_free(g);
}

static void test_seat_rotate(void **state)
{
    (void)state;
    tprog *T = tp_new(2, 4);
    int start = tp_scalar(T, "start player", ORDO_K_PLAYER, 1, 0, 3, 0);
    int seats = tp_per_player(T, "seats", ORDO_K_INT, 1, 0, 9, 0);
    tp_proc(T, "sequence", 0, 0, 0);
    I(RET, 0, 0, 0);
    /* rotate N times (N: the proc's number below), then every seat */
    int procs[3];
    for (int n = 0; n < 3; n++) {
        procs[n] = tp_proc(T, "seats", 0, 1, 0);
        if (n == 2) { /* player 2 leaves: the start passes it by */
            I(PUSH, 0, 0, 1);
            I(ELIM, 0, 0, 0);
        }
        for (int k = 0; k < n; k++)
            I(ROTATE, 0, start, 0);
        I(PUSH, 0, 0, 0);
        I(STL, 0, 0, 0);
        L(10 + n);
        I(LDL, 0, 0, 0);
        I(NPLAYERS, 0, 0, 0);
        I(LT, 0, 0, 0);
        J(JZ, 20 + n);
        I(LDL, 0, 0, 0);
        I(LDL, 0, 0, 0);
        I(SEAT, 0, start, 0);
        I(STX, 0, seats, 0);
        I(INCL, 0, 0, 0);
        J(JMP, 10 + n);
        L(20 + n);
        I(RET, 0, 0, 0);
    }
    int bad_seat = tp_proc(T, "bad_seat", 0, 0, 0);
    I(PUSH, 0, 0, -1);
    I(SEAT, 0, start, 0);
    I(RET, 0, 0, 0);
    int alone = tp_proc(T, "alone", 0, 0, 0); /* nobody else in: no move */
    I(PUSH, 0, 0, 1);
    I(ELIM, 0, 0, 0);
    I(PUSH, 0, 0, 2);
    I(ELIM, 0, 0, 0);
    I(ROTATE, 0, start, 0);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    int32_t o[4];
    seats_of(p, procs[0], seats, 4, o); /* player 1 starts */
    int32_t s0[4] = {1, 2, 3, 4};
    assert_memory_equal(o, s0, sizeof o);
    seats_of(p, procs[1], seats, 4, o); /* one seat to the left: player 2 */
    int32_t s1[4] = {4, 1, 2, 3};
    assert_memory_equal(o, s1, sizeof o);
    seats_of(p, procs[2], seats, 3, o); /* player 2 out: 1 -> 3 -> 1 */
    int32_t s2[3] = {1, 2, 3};
    assert_memory_equal(o, s2, sizeof s2);
    seats_of(p, procs[1], seats, 3, o); /* seats count every player, in or out */
    int32_t s3[3] = {3, 1, 2};
    assert_memory_equal(o, s3, sizeof s3);

    ordo_game *g = new_game(p, 3, 1);
    assert_int_equal(ordo_exec(g, alone, NULL, 0), ORDO_OK);
    assert_int_equal(get(g, start, 0, 0, 0), 0);
    ordo_free(g);

    char m[256];
    assert_int_equal(exec_case(p, 3, bad_seat, m, sizeof m), ORDO_E_INDEX);
    assert_non_null(strstr(m, "seat of none in a 3-player game"));
    free(T);
}

/* ----------------------------------------------------------- TURN/ELIM */

static void test_turn_elim(void **state)
{
    (void)state;
    tprog *T = tp_new(2, 4);
    tp_proc(T, "sequence", 0, 0, 0);
    I(PUSH, 0, 0, 1);
    I(TURN, 0, 0, 0);
    I(PUSH, 0, 0, 1);
    I(TURN, 0, 0, 0);
    I(PUSH, 0, 0, 2);
    I(TURN, 0, 0, 0);
    I(PUSH, 0, 0, 0);
    I(ELIM, 0, 0, 0);
    I(RET, 0, 0, 0);
    int bad_turn = tp_proc(T, "bad_turn", 0, 0, 0);
    I(PUSH, 0, 0, 3);
    I(TURN, 0, 0, 0);
    I(RET, 0, 0, 0);
    int bad_elim = tp_proc(T, "bad_elim", 0, 0, 0);
    I(PUSH, 0, 0, 3);
    I(ELIM, 0, 0, 0);
    I(RET, 0, 0, 0);
    int turn0 = tp_proc(T, "turn0", 0, 0, 0);
    I(PUSH, 0, 0, 0);
    I(TURN, 0, 0, 0);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    rec *r = calloc(1, sizeof *r);
    ordo_game *g = new_game(p, 3, 1);
    ordo_set_trace(g, record, r);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(get(g, 0, 0, 0, 0), 2); /* active */
    assert_int_equal(get(g, 1, 0, 0, 0), 0); /* turns */
    assert_int_equal(get(g, 1, 1, 0, 0), 2);
    assert_int_equal(get(g, 1, 2, 0, 0), 1);
    assert_int_equal(get(g, 2, 0, 0, 0), 0); /* in_game */
    assert_int_equal(get(g, 2, 1, 0, 0), 1);
    assert_int_equal(get(g, 2, 2, 0, 0), 1);
    assert_int_equal(r->n, 5);
    assert_int_equal(r->ev[0].kind, ORDO_EV_TURN);
    assert_int_equal(r->ev[0].player, 1);
    assert_int_equal(r->ev[2].player, 2);
    assert_int_equal(r->ev[3].kind, ORDO_EV_ELIMINATE);
    assert_int_equal(r->ev[3].player, 0);
    assert_lines(g, &r->ev[0], "1 turn player 2",
                 "{\"seq\":1,\"kind\":\"turn\",\"player\":\"player 2\"}");
    assert_lines(g, &r->ev[3], "4 eliminated player 1",
                 "{\"seq\":4,\"kind\":\"eliminate\",\"player\":\"player 1\"}");
    /* the callback sees the game as it is: the instruction count so far */
    assert_int_equal(r->steps[0], 2);
    ordo_free(g);
    free(r);

    char m[256];
    assert_int_equal(exec_case(p, 3, bad_turn, m, sizeof m), ORDO_E_INDEX);
    assert_string_equal(m, "index out of bounds: turn of player 4 in a 3-player game in "
                           "bad_turn (test.ordo:11)");
    assert_int_equal(exec_case(p, 3, bad_elim, m, sizeof m), ORDO_E_INDEX);
    assert_string_equal(m, "index out of bounds: eliminate player 4 in a 3-player game in "
                           "bad_elim (test.ordo:12)");
    g = new_game(p, 3, 1);
    assert_int_equal(ordo_set(g, 1, 0, 0, 0, INT32_MAX), ORDO_OK);
    assert_int_equal(ordo_exec(g, turn0, NULL, 0), ORDO_E_RANGE);
    assert_message(g, "value out of range: turns[player 1] = 2147483648: the value is not in "
                      "0..2147483647 in turn0 (test.ordo:13)");
    assert_int_equal(get(g, 0, 0, 0, 0), -1); /* active unchanged */
    ordo_free(g);
    free(T);
}

/* ----------------------------------------------------------------- END */

static void test_end(void **state)
{
    (void)state;
    tprog *T = tp_new(2, 2);
    tp_proc(T, "sequence", 0, 0, 0);
    I(RET, 0, 0, 0);
    int win = tp_proc(T, "win", 0, 0, 0);
    I(PUSH, 0, 0, 1);
    I(END, 1, 0, 0);
    int nowin = tp_proc(T, "nowin", 0, 0, 0);
    I(END, 0, 0, 0);
    int badwin = tp_proc(T, "badwin", 0, 0, 0);
    I(PUSH, 0, 0, 2);
    I(END, 1, 0, 0);
    int fn = tp_proc(T, "fn", 0, 0, 1);
    I(PUSH, 0, 0, 4);
    I(RETV, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    rec *r = calloc(1, sizeof *r);
    ordo_game *g = new_game(p, 2, 1);
    ordo_set_trace(g, record, r);
    assert_int_equal(ordo_start(g, win, NULL, 0), ORDO_OK);
    assert_int_equal(ordo_start(g, win, NULL, 0), ORDO_E_STATE);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(ordo_status(g), ORDO_OVER);
    assert_int_equal(ordo_winner(g), 1);
    assert_int_equal(r->n, 1);
    assert_int_equal(r->ev[0].kind, ORDO_EV_END);
    assert_int_equal(r->ev[0].player, 1);
    assert_lines(g, &r->ev[0], "1 end winner player 2",
                 "{\"seq\":1,\"kind\":\"end\",\"winner\":\"player 2\"}");
    /* over is over */
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(ordo_choose(g, 0), ORDO_E_STATE);
    assert_int_equal(ordo_exec(g, nowin, NULL, 0), ORDO_E_STATE);
    assert_int_equal(ordo_start(g, nowin, NULL, 0), ORDO_E_STATE);
    assert_int_equal(ordo_decider(g), -1);
    assert_int_equal(ordo_policy_first(g), ORDO_E_STATE);
    assert_int_equal(r->n, 1);
    /* ordo_eval still reads the final state */
    int32_t v = 0;
    assert_int_equal(ordo_eval(g, fn, NULL, 0, &v), ORDO_OK);
    assert_int_equal(v, 4);
    assert_int_equal(ordo_status(g), ORDO_OVER);
    char buf[8] = "junk";
    assert_int_equal(ordo_error_message(g, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    ordo_free(g);

    g = new_game(p, 2, 1);
    memset(r, 0, sizeof *r);
    ordo_set_trace(g, record, r);
    assert_int_equal(ordo_start(g, nowin, NULL, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(ordo_winner(g), -1);
    assert_lines(g, &r->ev[0], "1 end no winner", "{\"seq\":1,\"kind\":\"end\",\"winner\":null}");
    ordo_free(g);

    /* RET from the main sequence */
    g = new_game(p, 2, 1);
    memset(r, 0, sizeof *r);
    ordo_set_trace(g, record, r);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(ordo_winner(g), -1);
    assert_int_equal(r->n, 1);
    assert_int_equal(r->ev[0].kind, ORDO_EV_END);
    assert_int_equal(r->ev[0].player, -1);
    assert_int_equal(ordo_start(g, win, NULL, 0), ORDO_E_STATE);
    ordo_free(g);

    g = new_game(p, 2, 1);
    assert_int_equal(ordo_start(g, badwin, NULL, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_E_INDEX);
    assert_message(g, "index out of bounds: winner player 3 in a 2-player game in badwin "
                      "(test.ordo:13)");
    assert_int_equal(ordo_winner(g), -1);
    ordo_free(g);
    free(r);
    free(T);
}

/* ---------------------------------------------------------- step limit */

static void test_step_limit(void **state)
{
    (void)state;
    tprog *T = tp_new(1, 1);
    int s = tp_step(T, "2.5.4", "loop", "", 120);
    tp_proc(T, "sequence", 0, 0, 0);
    I(STEP, 0, s, 0);
    L(1);
    J(JMP, 1);
    int counted = tp_proc(T, "counted", 0, 1, 0); /* 1000 passes, no step */
    I(PUSH, 0, 0, 0);
    I(STL, 0, 0, 0);
    L(2);
    I(LDL, 0, 0, 0);
    I(PUSH, 0, 0, 1);
    I(ADD, 0, 0, 0);
    I(DUP, 0, 0, 0);
    I(STL, 0, 0, 0);
    I(PUSH, 0, 0, 1000);
    I(LT, 0, 0, 0);
    J(JNZ, 2);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    ordo_game *g = new_game(p, 1, 1);
    ordo_set_max_steps(g, 100);
    assert_int_equal(ordo_run(g), ORDO_E_LIMIT);
    assert_int_equal(ordo_steps(g), 101); /* checked at the backward jump */
    assert_message(g, "step limit reached: 100 VM instructions executed at step 2.5.4 \"loop\" "
                      "(test.ordo:120)");
    /* like snprintf */
    char buf[8];
    int n = ordo_error_message(g, buf, sizeof buf);
    assert_int_equal(n, (int)strlen("step limit reached: 100 VM instructions executed at step "
                                    "2.5.4 \"loop\" (test.ordo:120)"));
    assert_string_equal(buf, "step li");
    assert_int_equal(ordo_error_message(g, NULL, 0), n);
    assert_int_equal(ordo_error_message(g, NULL, 4), ORDO_E_ARG);
    assert_int_equal(ordo_run(g), ORDO_E_LIMIT);
    ordo_free(g);

    /* 0 means the default limit (100 000 000) */
    g = new_game(p, 1, 1);
    ordo_set_max_steps(g, 50);
    ordo_set_max_steps(g, 0);
    assert_int_equal(ordo_start(g, counted, NULL, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(ordo_steps(g), 2 + 1000 * 8 + 1);
    ordo_free(g);

    g = new_game(p, 1, 1);
    ordo_set_max_steps(g, 50);
    assert_int_equal(ordo_start(g, counted, NULL, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_E_LIMIT);
    assert_message(g, "step limit reached: 50 VM instructions executed in counted (test.ordo:11)");
    ordo_free(g);

    /* the main sequence is named as such */
    tprog *U = tp_new(1, 1);
    tp_proc(U, "sequence", 0, 0, 0);
    tp_label(U, 1);
    tp_jump(U, ORDO_OP_JMP, 1);
    g = new_game(tp_finish(U), 1, 1);
    ordo_set_max_steps(g, 10);
    assert_int_equal(ordo_run(g), ORDO_E_LIMIT);
    assert_message(g, "step limit reached: 10 VM instructions executed in the sequence "
                      "(test.ordo:10)");
    ordo_free(g);
    free(U);
    free(T);
}


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decision),
        cmocka_unit_test(test_decision_errors),
        cmocka_unit_test(test_escapes),
        cmocka_unit_test(test_escape_errors),
        cmocka_unit_test(test_sortp),
        cmocka_unit_test(test_seat_rotate),
        cmocka_unit_test(test_turn_elim),
        cmocka_unit_test(test_end),
        cmocka_unit_test(test_step_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

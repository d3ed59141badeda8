/* runtime_fixture.h — what the runtime's unit tests share (test_runtime_*.c):
 * games of programs assembled by hand (asm.h), reading a var, the error
 * message, a recorded trace. Their functions are static inline, so a test
 * file that uses a few of them is not warned about the rest. */
#ifndef ORDO_TEST_RUNTIME_FIXTURE_H
#define ORDO_TEST_RUNTIME_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "asm.h"
#include "game_copy.h"

/* ------------------------------------------------------------ helpers */

static inline ordo_game *new_game(const ordo_program *p, int nplayers, uint64_t seed)
{
    ordo_game *g = NULL;
    assert_int_equal(ordo_new(p, nplayers, seed, &g), ORDO_OK);
    assert_non_null(g);
    return g;
}

static inline int32_t get(const ordo_game *g, int v, int i, int j, int elem)
{
    int32_t out = INT32_MIN;
    assert_int_equal(ordo_get(g, v, i, j, elem, &out), ORDO_OK);
    return out;
}

static inline void assert_message(const ordo_game *g, const char *want)
{
    char buf[512];
    int n = ordo_error_message(g, buf, sizeof buf);
    assert_string_equal(buf, want);
    assert_int_equal(n, (int)strlen(want));
}

/* The trace, recorded. */
#define REC_MAX 128
typedef struct rec {
    int n;
    ordo_event ev[REC_MAX];
    uint64_t steps[REC_MAX]; /* ordo_steps(g) as the callback saw it */
} rec;

static inline void record(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    rec *r = ctx;
    if (r->n < REC_MAX) {
        r->steps[r->n] = ordo_steps(g);
        r->ev[r->n++] = *ev;
    }
}

static inline void assert_lines(const ordo_game *g, const ordo_event *ev, const char *text,
                         const char *json)
{
    char buf[512];
    int n = ordo_event_text(g, ev, buf, sizeof buf);
    assert_string_equal(buf, text);
    assert_int_equal(n, (int)strlen(text));
    n = ordo_event_json(g, ev, buf, sizeof buf);
    assert_string_equal(buf, json);
    assert_int_equal(n, (int)strlen(json));
}

/* Runs proc `proc` with ordo_exec on a fresh game; the error message in msg. */
static inline int exec_case(const ordo_program *p, int nplayers, int proc, char *msg, size_t n)
{
    ordo_game *g = new_game(p, nplayers, 1);
    int rc = ordo_exec(g, proc, NULL, 0);
    assert_int_equal(ordo_status(g), rc);
    assert_true(ordo_error_message(g, msg, n) >= 0);
    ordo_free(g);
    return rc;
}

static const char *const color_names[3] = {"red", "green", "blue"};


static inline void assert_labels(const ordo_game *g, int n, const char *const *want)
{
    char buf[64];
    assert_int_equal(ordo_option_count(g), n);
    for (int i = 0; i < n; i++) {
        assert_true(ordo_option_label(g, i, buf, sizeof buf) >= 0);
        assert_string_equal(buf, want[i]);
    }
}

/* For the validation tests: a small valid program, and cases that each
 * break one of its tables. */
/* A small valid program: a step, a decision with a param, an event. */
static inline tprog *valid_prog(void)
{
    static const uint8_t kinds[1] = {ORDO_K_INT};
    static const char *const pnames[1] = {"n"};
    tprog *T = tp_new(2, 4);
    tp_scalar(T, "x", ORDO_K_INT, 4, 0, 100, 0); /* var 3, offset 24 */
    int s = tp_step(T, "1", "pick", "R-1", 30);
    int ev = tp_event(T, "moved", 1, kinds, NULL, pnames);
    int o = tp_option(T, "take {}", ORDO_K_INT, 0, s, 1);
    tp_proc(T, "sequence", 0, 1, 0);
    I(STEP, 0, s, 0);    /* 0 */
    I(OPTS, 0, 0, 0);    /* 1 */
    I(PUSH, 0, 0, 3);    /* 2 */
    I(OFFER, 0, o, 0);   /* 3 */
    I(PUSH, 0, 0, 0);    /* 4 */
    I(WAIT, 0, 0, 0);    /* 5 */
    L(1);
    I(STL, 0, 0, 0);     /* 6 */
    I(LDL, 0, 0, 0);     /* 7 */
    I(EMIT, 1, ev, 0);   /* 8 */
    I(STEPEND, 0, 0, 0); /* 9 */
    I(RET, 0, 0, 0);     /* 10 */
    tp_finish(T);
    return T;
}

typedef struct vcase {
    const char *name;
    void (*mutate)(tprog *T);
    const char *msg;
} vcase;

static inline void check_cases(const vcase *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        tprog *T = valid_prog();
        char msg[256];
        assert_int_equal(ordo_validate(&T->p, msg, sizeof msg), ORDO_OK);
        assert_string_equal(msg, "");
        c[i].mutate(T);
        memset(msg, '#', sizeof msg);
        int rc = ordo_validate(&T->p, msg, sizeof msg);
        if (rc != ORDO_E_PROGRAM || strcmp(msg, c[i].msg) != 0)
            fail_msg("%s: rc %d, \"%s\"; expected ORDO_E_PROGRAM, \"%s\"", c[i].name, rc, msg,
                     c[i].msg);
        /* nothing can be created from it */
        assert_int_equal(ordo_game_size(&T->p), 0);
        ordo_game *g = (ordo_game *)&T->p;
        assert_int_equal(ordo_new(&T->p, 2, 1, &g), ORDO_E_PROGRAM);
        assert_null(g);
        void *mem = calloc(1, 65536);
        g = (ordo_game *)&T->p;
        assert_int_equal(ordo_init(mem, 65536, &T->p, 2, 1, &g), ORDO_E_PROGRAM);
        assert_null(g);
        free(mem);
        free(T);
    }
}

/* A program with one decision (test_runtime_flow.c, test_runtime_api.c). */
typedef struct dprog {
    tprog *T;
    int x, color, who, getx, s0;
} dprog;

/* Player 2 chooses among "take 3", "paint green", "pass", "give to player 1",
 * "move 12 to 12". */
static inline dprog decision_prog(void)
{
    dprog d;
    tprog *T = d.T = tp_new(2, 3);
    int c = tp_enum(T, "Color", 3, color_names);
    d.x = tp_scalar(T, "x", ORDO_K_INT, 1, 0, 100, 0);
    d.color = tp_add_var(T, (ordo_var){.name = "color", .kind = ORDO_K_ENUM, .width = 1,
                                       .enum_id = (uint16_t)c, .lo = 0, .hi = 2});
    d.who = tp_scalar(T, "who", ORDO_K_PLAYER, 1, -1, 2, -1);
    d.s0 = tp_step(T, "3", "choose", "R-3", 60);
    int o0 = tp_option(T, "take {}", ORDO_K_INT, 0, d.s0, 1);
    int o1 = tp_option(T, "paint {}", ORDO_K_ENUM, c, d.s0, 2);
    int o2 = tp_option(T, "pass", TP_NO_PARAM, 0, d.s0, 3);
    int o3 = tp_option(T, "give to {}", ORDO_K_PLAYER, 0, d.s0, 4);
    int o4 = tp_option(T, "move {} to {}", ORDO_K_INT, 0, d.s0, 5);
    tp_proc(T, "sequence", 0, 1, 0);
    I(STEP, 0, d.s0, 0);
    I(OPTS, 0, 0, 0);
    I(PUSH, 0, 0, 3);
    I(OFFER, 0, o0, 0);
    I(PUSH, 0, 0, 1);
    I(OFFER, 0, o1, 0);
    I(OFFERN, 0, o2, 0);
    I(PUSH, 0, 0, 0);
    I(OFFER, 0, o3, 0);
    I(PUSH, 0, 0, 12);
    I(OFFER, 0, o4, 0);
    I(PUSH, 0, 0, 1);
    I(WAIT, 0, 0, 0);
    L(1);
    I(STL, 0, 0, 0);
    I(LDL, 0, 0, 0);
    I(STG, 0, d.x, 0);
    J(JMP, 9);
    L(2);
    I(STL, 0, 0, 0);
    I(LDL, 0, 0, 0);
    I(STG, 0, d.color, 0);
    J(JMP, 9);
    L(3);
    I(PUSH, 0, 0, 50);
    I(STG, 0, d.x, 0);
    J(JMP, 9);
    L(4);
    I(STL, 0, 0, 0);
    I(LDL, 0, 0, 0);
    I(STG, 0, d.who, 0);
    J(JMP, 9);
    L(5);
    I(STL, 0, 0, 0);
    I(LDL, 0, 0, 0);
    I(STG, 0, d.x, 0);
    J(JMP, 9);
    L(9);
    I(STEPEND, 0, 0, 0);
    I(RET, 0, 0, 0);
    d.getx = tp_proc(T, "getx", 0, 0, 1);
    I(LDG, 0, d.x, 0);
    I(RETV, 0, 0, 0);
    tp_finish(T);
    return d;
}

#endif /* ORDO_TEST_RUNTIME_FIXTURE_H */

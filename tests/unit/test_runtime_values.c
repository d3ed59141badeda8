/* test_runtime_values.c — the instructions that compute and store (on
 * programs assembled by hand): arithmetic, range-checked stores, indexing,
 * lists, data table fields, shuffles, steps. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "runtime_fixture.h"

/* ---------------------------------------------------------- arithmetic */

/* Evaluates fn f(a[, b]) = a OP b (or OP a) on a fresh game. */
static int arith(int op, int unary, int32_t a, int32_t b, int32_t *out, char *msg, size_t n)
{
    tprog *T = tp_new(1, 2);
    tp_proc(T, "sequence", 0, 0, 0);
    I(RET, 0, 0, 0);
    int f = tp_proc(T, "f", unary ? 1 : 2, unary ? 1 : 2, 1);
    I(LDL, 0, 0, 0);
    if (!unary)
        I(LDL, 0, 1, 0);
    tp_emit(T, op, 0, 0, 0);
    I(RETV, 0, 0, 0);
    const ordo_program *p = tp_finish(T);
    ordo_game *g = new_game(p, 1, 1);
    int32_t args[2] = {a, b};
    *out = 12345;
    int rc = ordo_eval(g, f, args, unary ? 1 : 2, out);
    assert_int_equal(ordo_status(g), rc < 0 ? rc : ORDO_OK);
    assert_true(ordo_error_message(g, msg, n) >= 0);
    ordo_free(g);
    free(T);
    return rc;
}

#define OK2(op, a, b, want)                                                          \
    do {                                                                             \
        int32_t r_;                                                                  \
        assert_int_equal(arith(ORDO_OP_##op, 0, (a), (b), &r_, m, sizeof m), ORDO_OK); \
        assert_int_equal(r_, (want));                                                \
    } while (0)
#define OK1(op, a, want)                                                             \
    do {                                                                             \
        int32_t r_;                                                                  \
        assert_int_equal(arith(ORDO_OP_##op, 1, (a), 0, &r_, m, sizeof m), ORDO_OK);  \
        assert_int_equal(r_, (want));                                                \
    } while (0)
#define ERR2(op, a, b, code, msg_)                                                   \
    do {                                                                             \
        int32_t r_;                                                                  \
        assert_int_equal(arith(ORDO_OP_##op, 0, (a), (b), &r_, m, sizeof m), (code)); \
        assert_int_equal(r_, 12345);                                                 \
        assert_string_equal(m, (msg_));                                              \
    } while (0)
#define ERR1(op, a, code, msg_)                                                      \
    do {                                                                             \
        int32_t r_;                                                                  \
        assert_int_equal(arith(ORDO_OP_##op, 1, (a), 0, &r_, m, sizeof m), (code));   \
        assert_string_equal(m, (msg_));                                              \
    } while (0)

static void test_arithmetic(void **state)
{
    (void)state;
    char m[256];
    OK2(ADD, 2, 3, 5);
    OK2(ADD, INT32_MAX, INT32_MIN, -1);
    OK2(SUB, 2, 5, -3);
    OK2(MUL, -4, 5, -20);
    OK2(MUL, 46340, 46340, 2147395600);
    OK2(DIV, 7, 2, 3);
    OK2(DIV, -7, 2, -3); /* truncated */
    OK2(DIV, 7, -2, -3);
    OK2(MOD, -7, 2, -1);
    OK2(MOD, 7, -2, 1);
    OK2(MOD, INT32_MIN, -1, 0);
    OK2(MIN, -3, 4, -3);
    OK2(MAX, -3, 4, 4);
    OK2(EQ, 4, 4, 1);
    OK2(EQ, 4, 5, 0);
    OK2(NE, 4, 5, 1);
    OK2(LT, 4, 5, 1);
    OK2(LT, 5, 5, 0);
    OK2(LE, 5, 5, 1);
    OK2(GT, 5, 4, 1);
    OK2(GT, 4, 4, 0);
    OK2(GE, 4, 4, 1);
    OK1(NEG, 5, -5);
    OK1(NEG, INT32_MAX, -INT32_MAX);
    OK1(ABS, -5, 5);
    OK1(ABS, 5, 5);
    OK1(NOT, 0, 1);
    OK1(NOT, 7, 0);

    ERR2(ADD, INT32_MAX, 1, ORDO_E_RANGE,
         "value out of range: integer overflow: 2147483647 + 1 in f (test.ordo:11)");
    ERR2(SUB, INT32_MIN, 1, ORDO_E_RANGE,
         "value out of range: integer overflow: -2147483648 - 1 in f (test.ordo:11)");
    ERR2(MUL, 65536, 65536, ORDO_E_RANGE,
         "value out of range: integer overflow: 65536 * 65536 in f (test.ordo:11)");
    ERR2(DIV, INT32_MIN, -1, ORDO_E_RANGE,
         "value out of range: integer overflow: -2147483648 / -1 in f (test.ordo:11)");
    ERR2(DIV, 7, 0, ORDO_E_DIVZERO, "division by zero: 7 / 0 in f (test.ordo:11)");
    ERR2(MOD, 7, 0, ORDO_E_DIVZERO, "division by zero: 7 % 0 in f (test.ordo:11)");
    ERR1(NEG, INT32_MIN, ORDO_E_RANGE,
         "value out of range: integer overflow: -(-2147483648) in f (test.ordo:11)");
    ERR1(ABS, INT32_MIN, ORDO_E_RANGE,
         "value out of range: integer overflow: abs(-2147483648) in f (test.ordo:11)");
}

/* ------------------------------------------------- range-checked stores */

static void test_range_checked_stores(void **state)
{
    (void)state;
    tprog *T = tp_new(2, 2);
    int x = tp_scalar(T, "x", ORDO_K_INT, 1, 0, 6, 2);
    int sc = tp_per_player(T, "sc", ORDO_K_INT, 1, 0, 9, 0);
    int l = tp_list(T, "l", 1, 1, 6, 3, 0);
    int s = tp_step(T, "1", "setup", "R-1", 31);
    tp_proc(T, "sequence", 0, 0, 0);
    I(STEP, 0, s, 0);
    I(PUSH, 0, 0, 5);
    I(STG, 0, x, 0);
    I(PUSH, 0, 0, 7);
    I(STG, 0, x, 0);
    I(STEPEND, 0, 0, 0);
    I(RET, 0, 0, 0);
    int p_stx = tp_proc(T, "p_stx", 0, 0, 0);
    I(PUSH, 0, 0, 1);
    I(PUSH, 0, 0, 10);
    I(STX, 0, sc, 0);
    I(RET, 0, 0, 0);
    int p_ladd = tp_proc(T, "p_ladd", 0, 0, 0);
    I(PUSH, 0, 0, 4);
    I(LADD, 0, l, 0);
    I(PUSH, 0, 0, 0);
    I(LADD, 0, l, 0);
    I(RET, 0, 0, 0);
    int p_lset = tp_proc(T, "p_lset", 0, 0, 0);
    I(PUSH, 0, 0, 4);
    I(LADD, 0, l, 0);
    I(PUSH, 0, 0, 1);
    I(PUSH, 0, 0, 7);
    I(LSET, 0, l, 0);
    I(RET, 0, 0, 0);
    int getx = tp_proc(T, "getx", 0, 0, 1);
    I(LDG, 0, x, 0);
    I(RETV, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    ordo_game *g = new_game(p, 2, 1);
    assert_int_equal(get(g, x, 0, 0, 0), 2);
    assert_int_equal(ordo_run(g), ORDO_E_RANGE);
    assert_int_equal(get(g, x, 0, 0, 0), 5); /* the first store, not the second */
    assert_message(g, "value out of range: x = 7: the value is not in 0..6 at step 1 \"setup\" "
                      "(test.ordo:31)");
    /* an error is sticky */
    int32_t v = 0;
    assert_int_equal(ordo_status(g), ORDO_E_RANGE);
    assert_int_equal(ordo_run(g), ORDO_E_RANGE);
    assert_int_equal(ordo_choose(g, 0), ORDO_E_STATE);
    assert_int_equal(ordo_exec(g, p_stx, NULL, 0), ORDO_E_RANGE);
    assert_int_equal(ordo_start(g, p_stx, NULL, 0), ORDO_E_RANGE);
    assert_int_equal(ordo_eval(g, getx, NULL, 0, &v), ORDO_E_RANGE);
    assert_int_equal(ordo_decider(g), -1);
    assert_int_equal(ordo_option_count(g), 0);
    assert_int_equal(ordo_winner(g), -1);
    assert_int_equal(ordo_policy_first(g), ORDO_E_STATE);
    /* but the state can still be read */
    assert_int_equal(get(g, x, 0, 0, 0), 5);
    ordo_free(g);

    g = new_game(p, 2, 1);
    assert_int_equal(ordo_exec(g, p_stx, NULL, 0), ORDO_E_RANGE);
    assert_int_equal(get(g, sc, 1, 0, 0), 0);
    assert_message(g, "value out of range: sc = 10: the value is not in 0..9 in p_stx "
                      "(test.ordo:11)");
    ordo_free(g);

    g = new_game(p, 2, 1);
    assert_int_equal(ordo_exec(g, p_ladd, NULL, 0), ORDO_E_RANGE);
    assert_int_equal(get(g, l, 0, 0, -1), 1);
    assert_int_equal(get(g, l, 0, 0, 0), 4);
    assert_message(g, "value out of range: l = 0: the value is not in 1..6 in p_ladd "
                      "(test.ordo:12)");
    ordo_free(g);

    g = new_game(p, 2, 1);
    assert_int_equal(ordo_exec(g, p_lset, NULL, 0), ORDO_E_RANGE);
    assert_int_equal(get(g, l, 0, 0, -1), 1);
    assert_int_equal(get(g, l, 0, 0, 0), 4);
    assert_message(g, "value out of range: l = 7: the value is not in 1..6 in p_lset "
                      "(test.ordo:13)");
    ordo_free(g);
    free(T);
}

/* ------------------------------------------------------------ indexing */

static void test_var_indexing(void **state)
{
    (void)state;
    tprog *T = tp_new(2, 4);
    int color = tp_enum(T, "Color", 3, color_names);
    int score = tp_per_player(T, "score", ORDO_K_INT, 1, 0, 99, 0);
    int grid = tp_add_var(T, (ordo_var){.name = "grid", .kind = ORDO_K_INT, .width = 2,
                                        .ndims = 2, .dim_kind = {ORDO_DIM_ENUM, ORDO_DIM_RANGE},
                                        .dim_enum = {(uint16_t)color, 0}, .dim_lo = {0, 3},
                                        .dim_n = {3, 3}, .lo = -1000, .hi = 1000, .init = 1,
                                        .line = 5});
    int x = tp_scalar(T, "x", ORDO_K_INT, 1, 0, 100, 0);
    tp_proc(T, "sequence", 0, 0, 0);
    I(PUSH, 0, 0, 1); /* score[player 2] = 42 */
    I(PUSH, 0, 0, 42);
    I(STX, 0, score, 0);
    I(PUSH, 0, 0, 2); /* grid[blue][4] = -7 */
    I(PUSH, 0, 0, 4);
    I(PUSH, 0, 0, -7);
    I(STX, 0, grid, 0);
    I(PUSH, 0, 0, 1); /* grid[green][5] = 9 */
    I(PUSH, 0, 0, 5);
    I(PUSH, 0, 0, 9);
    I(STX, 0, grid, 0);
    I(PUSH, 0, 0, 2); /* x = grid[blue][4] + score[player 2] */
    I(PUSH, 0, 0, 4);
    I(LDX, 0, grid, 0);
    I(PUSH, 0, 0, 1);
    I(LDX, 0, score, 0);
    I(ADD, 0, 0, 0);
    I(STG, 0, x, 0);
    I(RET, 0, 0, 0);
    int bad_player = tp_proc(T, "bad_player", 0, 0, 0);
    I(PUSH, 0, 0, 2);
    I(LDX, 0, score, 0);
    I(RET, 0, 0, 0);
    int none_player = tp_proc(T, "none_player", 0, 0, 0);
    I(PUSH, 0, 0, -1);
    I(PUSH, 0, 0, 5);
    I(STX, 0, score, 0);
    I(RET, 0, 0, 0);
    int bad_enum = tp_proc(T, "bad_enum", 0, 0, 0);
    I(PUSH, 0, 0, 3);
    I(PUSH, 0, 0, 4);
    I(LDX, 0, grid, 0);
    I(RET, 0, 0, 0);
    int bad_range = tp_proc(T, "bad_range", 0, 0, 0);
    I(PUSH, 0, 0, 0);
    I(PUSH, 0, 0, 6);
    I(PUSH, 0, 0, 1);
    I(STX, 0, grid, 0);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    assert_int_equal(ordo_find_var(p, "grid"), grid);
    assert_int_equal(ordo_find_var(p, "in_game"), 2);
    assert_int_equal(ordo_find_var(p, "nope"), -1);
    assert_int_equal(ordo_find_var(p, NULL), -1);

    ordo_game *g = new_game(p, 2, 1);
    assert_int_equal(get(g, grid, 0, 3, 0), 1); /* init fills every cell */
    assert_int_equal(get(g, grid, 2, 5, 0), 1);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(get(g, score, 1, 0, 0), 42);
    assert_int_equal(get(g, score, 0, 0, 0), 0);
    assert_int_equal(get(g, grid, 2, 4, 0), -7);
    assert_int_equal(get(g, grid, 1, 5, 0), 9);
    assert_int_equal(get(g, grid, 1, 4, 0), 1);
    assert_int_equal(get(g, x, 0, 0, 0), 35);

    /* host indexes: bad ones are ORDO_E_ARG */
    int32_t v = 77;
    assert_int_equal(ordo_get(g, grid, 2, 2, 0, &v), ORDO_E_ARG); /* range 3..5 */
    assert_int_equal(ordo_get(g, grid, 2, 6, 0, &v), ORDO_E_ARG);
    assert_int_equal(ordo_get(g, grid, 3, 4, 0, &v), ORDO_E_ARG); /* 3 members */
    assert_int_equal(ordo_get(g, score, 2, 0, 0, &v), ORDO_E_ARG); /* a 2-player game */
    assert_int_equal(ordo_get(g, score, -1, 0, 0, &v), ORDO_E_ARG);
    assert_int_equal(ordo_get(g, score, 0, 1, 0, &v), ORDO_E_ARG); /* unused index not 0 */
    assert_int_equal(ordo_get(g, x, 1, 0, 0, &v), ORDO_E_ARG);
    assert_int_equal(ordo_get(g, -1, 0, 0, 0, &v), ORDO_E_ARG);
    assert_int_equal(ordo_get(g, p->nvars, 0, 0, 0, &v), ORDO_E_ARG);
    assert_int_equal(ordo_get(g, x, 0, 0, 0, NULL), ORDO_E_ARG);
    assert_int_equal(v, 77);
    /* ordo_set: indexes checked, then the range; nothing changes on error */
    ordo_game *before = dup_game(g);
    assert_int_equal(ordo_set(g, score, 2, 0, 0, 5), ORDO_E_ARG);
    assert_int_equal(ordo_set(g, grid, 0, 9, 0, 5), ORDO_E_ARG);
    assert_int_equal(ordo_set(g, p->nvars, 0, 0, 0, 5), ORDO_E_ARG);
    assert_int_equal(ordo_set(g, score, 0, 0, 0, 100), ORDO_E_RANGE);
    assert_int_equal(ordo_set(g, x, 0, 0, 0, -1), ORDO_E_RANGE);
    assert_int_equal(ordo_set(g, grid, 0, 3, 0, 1001), ORDO_E_RANGE);
    assert_same_game(g, before);
    assert_int_equal(ordo_set(g, score, 0, 0, 0, 99), ORDO_OK);
    assert_int_equal(get(g, score, 0, 0, 0), 99);
    assert_int_equal(ordo_set(g, grid, 0, 3, 0, -1000), ORDO_OK);
    assert_int_equal(get(g, grid, 0, 3, 0), -1000);
    free(before);
    ordo_free(g);

    /* the VM's indexes: ORDO_E_INDEX, the cell unchanged */
    char m[256];
    assert_int_equal(exec_case(p, 2, bad_player, m, sizeof m), ORDO_E_INDEX);
    assert_string_equal(m, "index out of bounds: score[...]: player 3 is not in this 2-player "
                           "game in bad_player (test.ordo:11)");
    assert_int_equal(exec_case(p, 2, none_player, m, sizeof m), ORDO_E_INDEX);
    assert_string_equal(m, "index out of bounds: score[...]: index is none, not a player in "
                           "none_player (test.ordo:12)");
    assert_int_equal(exec_case(p, 2, bad_enum, m, sizeof m), ORDO_E_INDEX);
    assert_string_equal(m, "index out of bounds: grid[...]: 3 is not a member of Color in "
                           "bad_enum (test.ordo:13)");
    g = new_game(p, 2, 1);
    assert_int_equal(ordo_exec(g, bad_range, NULL, 0), ORDO_E_INDEX);
    assert_message(g, "index out of bounds: grid[...]: index 6 is not in 3..5 in bad_range "
                      "(test.ordo:14)");
    for (int c = 0; c < 3; c++)
        for (int r = 3; r <= 5; r++)
            assert_int_equal(get(g, grid, c, r, 0), 1);
    ordo_free(g);
    /* a 3-player game has player 3 */
    g = new_game(p, 3, 1);
    assert_int_equal(ordo_exec(g, bad_player, NULL, 0), ORDO_OK);
    ordo_free(g);
    free(T);
}

/* --------------------------------------------------------------- lists */

static void test_lists(void **state)
{
    (void)state;
    tprog *T = tp_new(2, 2);
    int l = tp_list(T, "l", 1, 0, 9, 4, 0);
    int pl = tp_list(T, "pl", 1, 1, 6, 3, 1);
    int found = tp_scalar(T, "found", ORDO_K_BOOL, 1, 0, 1, 0);
    int missing = tp_scalar(T, "missing", ORDO_K_BOOL, 1, 0, 1, 1);
    int n = tp_scalar(T, "n", ORDO_K_INT, 2, 0, 100, 0);
    int second = tp_scalar(T, "second", ORDO_K_INT, 1, 0, 9, 0);
    int n2 = tp_scalar(T, "n2", ORDO_K_INT, 1, 0, 9, 0);
    tp_proc(T, "sequence", 0, 0, 0);
    I(RET, 0, 0, 0);
    int fill = tp_proc(T, "fill", 0, 0, 0); /* l = [5, 3, 5, 7]; pl[player 2] = [6] */
    I(PUSH, 0, 0, 5);
    I(LADD, 0, l, 0);
    I(PUSH, 0, 0, 3);
    I(LADD, 0, l, 0);
    I(PUSH, 0, 0, 5);
    I(LADD, 0, l, 0);
    I(PUSH, 0, 0, 7);
    I(LADD, 0, l, 0);
    I(PUSH, 0, 0, 1);
    I(PUSH, 0, 0, 6);
    I(LADD, 0, pl, 0);
    I(RET, 0, 0, 0);
    int ops = tp_proc(T, "ops", 0, 0, 0);
    I(PUSH, 0, 0, 5); /* remove 5: the first one -> [3, 5, 7] */
    I(LREM, 0, l, 0);
    I(PUSH, 0, 0, 2); /* remove at 2 -> [3, 7] */
    I(LREMAT, 0, l, 0);
    I(PUSH, 0, 0, 7);
    I(LHAS, 0, l, 0);
    I(STG, 0, found, 0);
    I(PUSH, 0, 0, 5);
    I(LHAS, 0, l, 0);
    I(STG, 0, missing, 0);
    I(LLEN, 0, l, 0);
    I(STG, 0, n, 0);
    I(PUSH, 0, 0, 2);
    I(LGET, 0, l, 0);
    I(STG, 0, second, 0);
    I(PUSH, 0, 0, 1); /* l[1] = 9 -> [9, 7] */
    I(PUSH, 0, 0, 9);
    I(LSET, 0, l, 0);
    I(PUSH, 0, 0, 1);
    I(LLEN, 0, pl, 0);
    I(STG, 0, n2, 0);
    I(RET, 0, 0, 0);
    int clear = tp_proc(T, "clear", 0, 0, 0);
    I(LCLR, 0, l, 0);
    I(PUSH, 0, 0, 1);
    I(LCLR, 0, pl, 0);
    I(RET, 0, 0, 0);
    int full = tp_proc(T, "full", 0, 0, 0);
    I(PUSH, 0, 0, 1);
    I(LADD, 0, l, 0);
    I(RET, 0, 0, 0);
    int rem_absent = tp_proc(T, "rem_absent", 0, 0, 0);
    I(PUSH, 0, 0, 9);
    I(LREM, 0, l, 0);
    I(RET, 0, 0, 0);
    int get_empty = tp_proc(T, "get_empty", 0, 0, 0);
    I(PUSH, 0, 0, 1);
    I(LGET, 0, l, 0);
    I(POP, 0, 0, 0);
    I(RET, 0, 0, 0);
    int get_past = tp_proc(T, "get_past", 0, 0, 0);
    I(PUSH, 0, 0, 3);
    I(LGET, 0, l, 0);
    I(POP, 0, 0, 0);
    I(RET, 0, 0, 0);
    int remat0 = tp_proc(T, "remat0", 0, 0, 0);
    I(PUSH, 0, 0, 0);
    I(LREMAT, 0, l, 0);
    I(RET, 0, 0, 0);
    int pl_bad = tp_proc(T, "pl_bad", 0, 0, 0);
    I(PUSH, 0, 0, 2);
    I(PUSH, 0, 0, 1);
    I(LADD, 0, pl, 0);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    ordo_game *g = new_game(p, 2, 1);
    assert_int_equal(get(g, l, 0, 0, -1), 0);
    assert_int_equal(ordo_exec(g, fill, NULL, 0), ORDO_OK);
    assert_int_equal(get(g, l, 0, 0, -1), 4);
    assert_int_equal(get(g, l, 0, 0, 0), 5);
    assert_int_equal(get(g, l, 0, 0, 1), 3);
    assert_int_equal(get(g, l, 0, 0, 2), 5);
    assert_int_equal(get(g, l, 0, 0, 3), 7);
    assert_int_equal(get(g, pl, 0, 0, -1), 0);
    assert_int_equal(get(g, pl, 1, 0, -1), 1);
    assert_int_equal(get(g, pl, 1, 0, 0), 6);

    ordo_game *full_game = dup_game(g);
    assert_int_equal(ordo_exec(full_game, full, NULL, 0), ORDO_E_LIST);
    assert_message(full_game, "list error: l is full (4 elements) in full (test.ordo:14)");
    assert_int_equal(get(full_game, l, 0, 0, -1), 4);
    assert_int_equal(get(full_game, l, 0, 0, 3), 7);
    free(full_game);
    ordo_game *remat = dup_game(g);
    assert_int_equal(ordo_exec(remat, remat0, NULL, 0), ORDO_E_INDEX);
    assert_message(remat, "index out of bounds: l: position 0 is not in 1..4 in remat0 "
                          "(test.ordo:18)");
    free(remat);

    assert_int_equal(ordo_exec(g, ops, NULL, 0), ORDO_OK);
    assert_int_equal(get(g, l, 0, 0, -1), 2);
    assert_int_equal(get(g, l, 0, 0, 0), 9);
    assert_int_equal(get(g, l, 0, 0, 1), 7);
    assert_int_equal(get(g, found, 0, 0, 0), 1);
    assert_int_equal(get(g, missing, 0, 0, 0), 0);
    assert_int_equal(get(g, n, 0, 0, 0), 2);
    assert_int_equal(get(g, second, 0, 0, 0), 7);
    assert_int_equal(get(g, n2, 0, 0, 0), 1);
    int32_t v;
    assert_int_equal(ordo_get(g, l, 0, 0, 2, &v), ORDO_E_ARG); /* past the length */

    ordo_game *past = dup_game(g);
    assert_int_equal(ordo_exec(past, get_past, NULL, 0), ORDO_E_INDEX);
    assert_message(past, "index out of bounds: l: position 3 is not in 1..2 in get_past "
                         "(test.ordo:17)");
    free(past);

    /* removed slots were zeroed: make the list longer from the host */
    assert_int_equal(ordo_set(g, l, 0, 0, -1, 4), ORDO_OK);
    assert_int_equal(get(g, l, 0, 0, -1), 4);
    assert_int_equal(get(g, l, 0, 0, 2), 0);
    assert_int_equal(get(g, l, 0, 0, 3), 0);
    assert_int_equal(ordo_set(g, l, 0, 0, -1, 5), ORDO_E_RANGE); /* cap 4 */
    assert_int_equal(ordo_set(g, l, 0, 0, -1, -1), ORDO_E_RANGE);
    assert_int_equal(ordo_set(g, l, 0, 0, 3, 8), ORDO_OK);
    assert_int_equal(get(g, l, 0, 0, 3), 8);
    assert_int_equal(ordo_set(g, l, 0, 0, 4, 8), ORDO_E_ARG);
    assert_int_equal(ordo_set(g, l, 0, 0, 0, 10), ORDO_E_RANGE);
    /* shortening from the host zeroes the slots past the new end */
    assert_int_equal(ordo_set(g, l, 0, 0, -1, 1), ORDO_OK);
    assert_int_equal(ordo_set(g, l, 0, 0, -1, 4), ORDO_OK);
    assert_int_equal(get(g, l, 0, 0, 0), 9);
    assert_int_equal(get(g, l, 0, 0, 1), 0);
    assert_int_equal(get(g, l, 0, 0, 3), 0);

    assert_int_equal(ordo_exec(g, clear, NULL, 0), ORDO_OK);
    assert_int_equal(get(g, l, 0, 0, -1), 0);
    assert_int_equal(get(g, pl, 1, 0, -1), 0);
    assert_int_equal(ordo_set(g, l, 0, 0, -1, 4), ORDO_OK);
    for (int k = 0; k < 4; k++)
        assert_int_equal(get(g, l, 0, 0, k), 0);
    ordo_free(g);

    char m[256];
    assert_int_equal(exec_case(p, 2, rem_absent, m, sizeof m), ORDO_E_LIST);
    assert_string_equal(m, "list error: remove 9 from l: not in the list in rem_absent "
                           "(test.ordo:15)");
    assert_int_equal(exec_case(p, 2, get_empty, m, sizeof m), ORDO_E_LIST);
    assert_string_equal(m, "list error: l is empty (position 1) in get_empty (test.ordo:16)");
    assert_int_equal(exec_case(p, 2, pl_bad, m, sizeof m), ORDO_E_INDEX);
    assert_string_equal(m, "index out of bounds: pl[...]: player 3 is not in this 2-player game "
                           "in pl_bad (test.ordo:19)");
    free(T);
}

/* DATA: a table of 3 rows with a plain field (data 0..2) and a field of
 * one value per member of a 2-member enum (data 3..8, member-major). */
static const int32_t table_data[9] = {10, 11, 12, 20, 21, 22, 30, 31, 32};

static void test_data_fields(void **state)
{
    (void)state;
    tprog *T = tp_new(2, 2);
    int plain = tp_scalar(T, "plain", ORDO_K_INT, 1, 0, 99, 0);
    int arr = tp_scalar(T, "arr", ORDO_K_INT, 1, 0, 99, 0);
    tp_proc(T, "sequence", 0, 0, 0);
    I(RET, 0, 0, 0);
    int read = tp_proc(T, "read", 0, 0, 0);
    I(PUSH, 0, 0, 2); /* row 3's plain field */
    I(DATA, 0, 3, 0);
    I(STG, 0, plain, 0);
    I(PUSH, 0, 0, 1); /* row 2, member 2 */
    I(PUSH, 0, 0, 1);
    I(DATA, 1, 3, 3);
    I(STG, 0, arr, 0);
    I(RET, 0, 0, 0);
    int of_none = tp_proc(T, "of_none", 0, 0, 0);
    I(PUSH, 0, 0, -1);
    I(DATA, 0, 3, 0);
    I(STG, 0, plain, 0);
    I(RET, 0, 0, 0);
    int past = tp_proc(T, "past", 0, 0, 0);
    I(PUSH, 0, 0, 3); /* row 4 of 3: data[3] exists, but is another field's */
    I(DATA, 0, 3, 0);
    I(STG, 0, plain, 0);
    I(RET, 0, 0, 0);
    int member_past = tp_proc(T, "member_past", 0, 0, 0);
    I(PUSH, 0, 0, 0);
    I(PUSH, 0, 0, 2); /* member 3 of 2: data[3 + 6] is beyond the data */
    I(DATA, 1, 3, 3);
    I(STG, 0, arr, 0);
    I(RET, 0, 0, 0);
    tp_finish(T);
    T->p.data = table_data;
    T->p.ndata = 9;
    const ordo_program *p = &T->p;

    ordo_game *g = new_game(p, 2, 1);
    assert_int_equal(ordo_exec(g, read, NULL, 0), ORDO_OK);
    assert_int_equal(get(g, plain, 0, 0, 0), 12);
    assert_int_equal(get(g, arr, 0, 0, 0), 31);
    ordo_free(g);
    char m[256];
    assert_int_equal(exec_case(p, 2, of_none, m, sizeof m), ORDO_E_INDEX);
    assert_string_equal(m, "index out of bounds: a table's field read of none in of_none "
                           "(test.ordo:12)");
    assert_int_equal(exec_case(p, 2, past, m, sizeof m), ORDO_E_INDEX);
    assert_string_equal(m, "index out of bounds: a table's field read outside the table in "
                           "past (test.ordo:13)");
    assert_int_equal(exec_case(p, 2, member_past, m, sizeof m), ORDO_E_INDEX);
    assert_string_equal(m, "index out of bounds: a table's field read outside the table in "
                           "member_past (test.ordo:14)");
    free(T);
}

/* deck = 1..10, shuffled */
static void shuffled(const ordo_program *p, int deck, uint64_t seed, int32_t out[10])
{
    ordo_game *g = new_game(p, 1, seed);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(get(g, deck, 0, 0, -1), 10);
    assert_int_equal(ordo_steps(g), 118 + 10); /* each element shuffled counts one */
    for (int k = 0; k < 10; k++)
        out[k] = get(g, deck, 0, 0, k);
    ordo_free(g);
}

static void test_shuffle(void **state)
{
    (void)state;
    tprog *T = tp_new(1, 1);
    int deck = tp_list(T, "deck", 1, 1, 10, 10, 0);
    tp_proc(T, "sequence", 0, 1, 0);
    I(PUSH, 0, 0, 1);
    I(STL, 0, 0, 0);
    L(1);
    I(LDL, 0, 0, 0);
    I(PUSH, 0, 0, 10);
    I(LE, 0, 0, 0);
    J(JZ, 2);
    I(LDL, 0, 0, 0);
    I(LADD, 0, deck, 0);
    I(LDL, 0, 0, 0);
    I(PUSH, 0, 0, 1);
    I(ADD, 0, 0, 0);
    I(STL, 0, 0, 0);
    J(JMP, 1);
    L(2);
    I(LSHUF, 0, deck, 0);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    int32_t a[10], b[10], c[10];
    shuffled(p, deck, 5, a);
    shuffled(p, deck, 5, b);
    shuffled(p, deck, 6, c);
    assert_memory_equal(a, b, sizeof a);
    assert_memory_not_equal(a, c, sizeof a);
    /* a permutation, drawn as documented: for i = len-1 down to 1, swap
     * element i with element ordo_rng_below(&rng, i + 1) */
    int32_t want[10];
    for (int k = 0; k < 10; k++)
        want[k] = k + 1;
    uint64_t rng = 5;
    for (int i = 9; i > 0; i--) {
        uint32_t j = ordo_rng_below(&rng, (uint32_t)i + 1);
        int32_t t = want[i];
        want[i] = want[j];
        want[j] = t;
    }
    assert_memory_equal(a, want, sizeof a);
    free(T);
}

/* --------------------------------------------------------------- steps */

static void test_steps(void **state)
{
    (void)state;
    tprog *T = tp_new(1, 1);
    int s0 = tp_step(T, "1", "outer", "R-1", 40);
    int s1 = tp_step(T, "1.1", "", "", 41);
    int s2 = tp_step(T, "1.2", "look back", "R-2", 42);
    int mark = tp_event(T, "mark", 0, NULL, NULL, NULL);
    tp_proc(T, "sequence", 0, 0, 0);
    I(STEP, 0, s0, 0);   /* 1 step */
    I(EMIT, 0, mark, 0); /* 2 */
    I(STEP, 0, s1, 0);   /* 3 step */
    I(EMIT, 0, mark, 0); /* 4 */
    I(STEPEND, 0, 0, 0);
    I(EMIT, 0, mark, 0); /* 5 */
    I(SKIP, 0, s2, 0);   /* 6 skip */
    I(CALL, 0, 1, 0);    /* 7 step (in sub) */
    I(EMIT, 0, mark, 0); /* 8: the RET restored s0 */
    I(STEPEND, 0, 0, 0);
    I(EMIT, 0, mark, 0); /* 9 */
    I(RET, 0, 0, 0);     /* 10 end */
    tp_proc(T, "sub", 0, 0, 0);
    I(STEP, 0, s1, 0);
    I(RET, 0, 0, 0);
    int bad = tp_proc(T, "bad", 0, 0, 0);
    I(PUSH, 0, 0, 7);
    I(STEPEND, 0, 0, 0);
    I(RET, 0, 0, 0);
    const ordo_program *p = tp_finish(T);

    rec *r = calloc(1, sizeof *r);
    ordo_game *g = new_game(p, 1, 1);
    ordo_set_trace(g, record, r);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(r->n, 10);
    static const struct {
        int kind, id, step;
    } want[10] = {
        {ORDO_EV_STEP, 0, 0},  {ORDO_EV_EVENT, 0, 0}, {ORDO_EV_STEP, 1, 1},
        {ORDO_EV_EVENT, 0, 1}, {ORDO_EV_EVENT, 0, 0}, {ORDO_EV_SKIP, 2, 0},
        {ORDO_EV_STEP, 1, 1},  {ORDO_EV_EVENT, 0, 0}, {ORDO_EV_EVENT, 0, -1},
        {ORDO_EV_END, 0, -1},
    };
    for (int i = 0; i < 10; i++) {
        assert_int_equal(r->ev[i].seq, (uint32_t)i + 1);
        assert_int_equal(r->ev[i].kind, want[i].kind);
        assert_int_equal(r->ev[i].id, want[i].id);
        assert_int_equal(r->ev[i].step, want[i].step);
        assert_int_equal(r->ev[i].player, -1);
        assert_int_equal(r->ev[i].nargs, 0);
    }
    (void)s0;
    (void)s1;
    (void)s2;
    assert_lines(g, &r->ev[0], "1 step 1 \"outer\" [R-1]",
                 "{\"seq\":1,\"kind\":\"step\",\"step\":\"1\",\"rule\":\"R-1\",\"title\":\"outer\"}");
    assert_lines(g, &r->ev[1], "2 event mark",
                 "{\"seq\":2,\"kind\":\"event\",\"step\":\"1\",\"rule\":\"R-1\",\"event\":\"mark\","
                 "\"args\":{}}");
    assert_lines(g, &r->ev[2], "3 step 1.1", "{\"seq\":3,\"kind\":\"step\",\"step\":\"1.1\"}");
    assert_lines(g, &r->ev[5], "6 skip 1.2 \"look back\" [R-2]",
                 "{\"seq\":6,\"kind\":\"skip\",\"step\":\"1\",\"rule\":\"R-1\",\"skipped\":\"1.2\","
                 "\"title\":\"look back\"}");
    assert_lines(g, &r->ev[8], "9 event mark",
                 "{\"seq\":9,\"kind\":\"event\",\"event\":\"mark\",\"args\":{}}");
    assert_lines(g, &r->ev[9], "10 end no winner",
                 "{\"seq\":10,\"kind\":\"end\",\"winner\":null}");
    ordo_free(g);
    free(r);

    char m[256];
    assert_int_equal(exec_case(p, 1, bad, m, sizeof m), ORDO_E_STACK);
    assert_string_equal(m, "stack exhausted: STEPEND found 7 on the stack, not a step in bad "
                           "(test.ordo:12)");
    free(T);
}


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arithmetic),
        cmocka_unit_test(test_range_checked_stores),
        cmocka_unit_test(test_var_indexing),
        cmocka_unit_test(test_lists),
        cmocka_unit_test(test_data_fields),
        cmocka_unit_test(test_shuffle),
        cmocka_unit_test(test_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

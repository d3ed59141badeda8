/* test_vm_pairs.c — the pairs vm.c runs at once (LDL; STL, STL; LDL, a
 * compare; JZ, DUP; JZ and DUP; JNZ, SUB; MAX, LDL; DATA) do exactly what the two instructions
 * do one by one. Each case is run twice, as written and with a NOP between
 * the two (which keeps them apart); the two games must agree: the same
 * result and status, the same block byte for byte (state, stack, frames,
 * error message), but for the NOP itself: one more instruction counted,
 * and an error after it one instruction further on. Errors in the first
 * and in the second of a pair, jumps taken and not, and a pair that jumps
 * back under the step limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "asm.h"
#include "vm.h"

/* One instruction of a case; jump: b is label 1 (or 2) */
typedef struct tin {
    uint8_t op;
    uint16_t a;
    int32_t b;
    int jump;
    int label; /* 1 or 2: the label is placed before this instruction */
} tin;

typedef struct tcase {
    const char *name;
    tin body[16];
    int n;
    int split;         /* the NOP goes before body[split] */
    int nop_runs;      /* 1 when the run gets as far as the NOP */
    int want;          /* the result of ordo_exec */
    int32_t x0, x1;    /* the vars after an ORDO_OK run */
    uint32_t stack;    /* stack_size (0: the assembler's) */
    uint64_t max_steps;
} tcase;

enum { NLOC = 2 };

/* the data table of every case: one column of 4 rows */
static const int32_t tdata[] = {10, 20, 30, 40};

static const ordo_program *build(tprog *T, const tcase *c, int with_nop, int *proc)
{
    int x0 = tp_scalar(T, "x0", ORDO_K_INT, 4, -1000, 1000, 0);
    int x1 = tp_scalar(T, "x1", ORDO_K_INT, 4, -1000, 1000, 0);
    assert_int_equal(x0, 3);
    assert_int_equal(x1, 4);
    tp_proc(T, "sequence", 0, 0, 0);
    I(RET, 0, 0, 0);
    *proc = tp_proc(T, "case", 0, NLOC, 0);
    for (int i = 0; i < c->n; i++) {
        const tin *in = &c->body[i];
        if (with_nop && i == c->split)
            I(NOP, 0, 0, 0);
        if (in->label)
            L(in->label);
        if (in->jump)
            tp_jump(T, in->op, in->b);
        else
            tp_emit(T, in->op, 0, in->a, in->b);
    }
    if (c->stack)
        T->p.stack_size = c->stack;
    T->p.data = tdata;
    T->p.ndata = 4;
    const ordo_program *p = tp_finish(T);
    char msg[200];
    assert_int_equal(ordo_validate(p, msg, sizeof msg), ORDO_OK);
    return p;
}

static ordo_game *run(const ordo_program *p, int proc, const tcase *c, int *rc)
{
    ordo_game *g = NULL;
    assert_int_equal(ordo_new(p, 1, 1, &g), ORDO_OK);
    if (c->max_steps)
        ordo_set_max_steps(g, c->max_steps);
    *rc = ordo_exec(g, proc, NULL, 0);
    return g;
}

static void check_case(const tcase *c)
{
    tprog *Ta = tp_new(1, 1), *Tb = tp_new(1, 1);
    int pa, pb, ra, rb;
    const ordo_program *a = build(Ta, c, 0, &pa), *b = build(Tb, c, 1, &pb);
    ordo_game *ga = run(a, pa, c, &ra), *gb = run(b, pb, c, &rb);
    if (ra != c->want || rb != c->want)
        fail_msg("%s: %d and %d, not %d", c->name, ra, rb, c->want);
    assert_int_equal(ordo_status(ga), ordo_status(gb));
    if (c->max_steps) { /* loops of different lengths: the limit hit in both */
        assert_true(ordo_steps(ga) > c->max_steps);
        assert_true(ordo_steps(gb) > c->max_steps);
    } else {
        if (ordo_steps(gb) - ordo_steps(ga) != (uint64_t)c->nop_runs)
            fail_msg("%s: %llu and %llu instructions", c->name,
                     (unsigned long long)ordo_steps(ga), (unsigned long long)ordo_steps(gb));
        if (ra < 0)
            assert_int_equal(gb->err_pc - ga->err_pc, (uint32_t)c->nop_runs);
        /* the rest of the blocks alike */
        gb->p = ga->p;
        gb->steps = ga->steps;
        gb->err_pc = ga->err_pc;
        gb->pc = ga->pc;
        assert_int_equal(ordo_size(ga), ordo_size(gb));
        if (memcmp(ga, gb, ordo_size(ga)) != 0)
            fail_msg("%s: the blocks differ", c->name);
    }
    if (ra == ORDO_OK) {
        int32_t v;
        assert_int_equal(ordo_get(ga, 3, 0, 0, 0, &v), ORDO_OK);
        if (v != c->x0)
            fail_msg("%s: x0 = %d, not %d", c->name, v, c->x0);
        assert_int_equal(ordo_get(ga, 4, 0, 0, 0, &v), ORDO_OK);
        if (v != c->x1)
            fail_msg("%s: x1 = %d, not %d", c->name, v, c->x1);
    }
    ordo_free(ga);
    ordo_free(gb);
    free(Ta);
    free(Tb);
}

#define O(op_) {.op = ORDO_OP_##op_}
#define OA(op_, a_) {.op = ORDO_OP_##op_, .a = (a_)}
#define OB(op_, b_) {.op = ORDO_OP_##op_, .b = (b_)}
#define JL(op_, l_) {.op = ORDO_OP_##op_, .b = (l_), .jump = 1}
#define OL(op_, l_) {.op = ORDO_OP_##op_, .label = (l_)}
#define OAL(op_, a_, l_) {.op = ORDO_OP_##op_, .a = (a_), .label = (l_)}
#define OBL(op_, b_, l_) {.op = ORDO_OP_##op_, .b = (b_), .label = (l_)}

static void test_local_pairs(void **state)
{
    (void)state;
    static const tcase cases[] = {
        {"LDL;STL", {OB(PUSH, 5), OA(STL, 0), O(NOP), OA(LDL, 0), OA(STL, 1), O(NOP), OA(LDL, 1),
                     OA(STG, 3), OA(LDL, 0), OA(STG, 4), O(RET)},
         11, 4, 1, ORDO_OK, 5, 5, 0, 0},
        {"LDL;STL second out of the frame", {OB(PUSH, 5), OA(STL, 0), O(NOP), OA(LDL, 0),
                                             OA(STL, 2), O(RET)},
         6, 4, 1, ORDO_E_STACK, 0, 0, 0, 0},
        {"LDL;STL first out of the frame", {OA(LDL, 2), OA(STL, 1), O(RET)}, 3, 1, 0,
         ORDO_E_STACK, 0, 0, 0, 0},
        {"LDL;STL stack full", {OA(LDL, 0), OA(STL, 1), O(RET)}, 3, 1, 0, ORDO_E_STACK, 0, 0,
         NLOC, 0},
        {"STL;LDL", {OB(PUSH, 3), OB(PUSH, 4), OA(STL, 0), OA(LDL, 0), OA(STG, 3), OA(STG, 4),
                     O(RET)},
         7, 3, 1, ORDO_OK, 4, 3, 0, 0},
        {"STL;LDL one slot", {OB(PUSH, 9), OA(STL, 1), OA(LDL, 1), OA(STG, 3), OA(LDL, 1),
                              OA(STG, 4), O(RET)},
         7, 2, 1, ORDO_OK, 9, 9, 0, 0},
        {"STL;LDL second out of the frame", {OB(PUSH, 3), OA(STL, 0), OA(LDL, 2), O(RET)}, 4, 2,
         1, ORDO_E_STACK, 0, 0, 0, 0},
        {"STL;LDL underflow", {OA(STL, 0), OA(LDL, 0), O(RET)}, 3, 1, 0, ORDO_E_STACK, 0, 0, 0,
         0},
        {"STL;LDL first out of the frame", {OB(PUSH, 3), OA(STL, 2), OA(LDL, 0), O(RET)}, 4, 2,
         0, ORDO_E_STACK, 0, 0, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_case(&cases[i]);
}

/* a compare of a and b, then JZ to label 1: x0 = 1 when it falls through,
 * x1 = 2 either way */
static void test_compare_jz(void **state)
{
    (void)state;
    static const uint8_t ops[] = {ORDO_OP_EQ, ORDO_OP_NE, ORDO_OP_LT,
                                  ORDO_OP_LE, ORDO_OP_GT, ORDO_OP_GE};
    static const int32_t as[] = {1, 2, 3};
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        for (size_t i = 0; i < 3; i++) {
            int32_t a = as[i], b = 2;
            int truth = 0;
            switch (ops[k]) {
            case ORDO_OP_EQ: truth = a == b; break;
            case ORDO_OP_NE: truth = a != b; break;
            case ORDO_OP_LT: truth = a < b; break;
            case ORDO_OP_LE: truth = a <= b; break;
            case ORDO_OP_GT: truth = a > b; break;
            default: truth = a >= b; break;
            }
            tcase c = {"compare;JZ", {OB(PUSH, a), OB(PUSH, b), {.op = ops[k]}, JL(JZ, 1),
                                      OB(PUSH, 1), OA(STG, 3), OBL(PUSH, 2, 1),
                                      OA(STG, 4), O(RET)},
                       9, 3, 1, ORDO_OK, truth ? 1 : 0, 2, 0, 0};
            check_case(&c);
        }
        tcase under = {"compare;JZ underflow", {OB(PUSH, 1), {.op = ops[k]}, JL(JZ, 1),
                                                OL(RET, 1)},
                       4, 2, 0, ORDO_E_STACK, 0, 0, 0, 0};
        check_case(&under);
    }
    /* a loop whose compare; JZ jumps back: the step limit stops it */
    tcase loop = {"compare;JZ back", {OBL(PUSH, 0, 2), OB(PUSH, 1), O(GT), JL(JZ, 2),
                                      O(RET)},
                  5, 3, 1, ORDO_E_LIMIT, 0, 0, 0, 50};
    check_case(&loop);
}

/* SUB; MAX (max(c, a - b)) and LDL; DATA of one column (a field of the
 * row a local holds) */
static void test_value_pairs(void **state)
{
    (void)state;
    static const tcase cases[] = {
        {"SUB;MAX above", {OB(PUSH, 0), OB(PUSH, 5), OB(PUSH, 3), O(SUB), O(MAX), OA(STG, 3),
                           O(RET)},
         7, 4, 1, ORDO_OK, 2, 0, 0, 0},
        {"SUB;MAX below", {OB(PUSH, 0), OB(PUSH, 3), OB(PUSH, 5), O(SUB), O(MAX), OA(STG, 3),
                           O(RET)},
         7, 4, 1, ORDO_OK, 0, 0, 0, 0},
        {"SUB;MAX equal", {OB(PUSH, 2), OB(PUSH, 5), OB(PUSH, 3), O(SUB), O(MAX), OA(STG, 3),
                           O(RET)},
         7, 4, 1, ORDO_OK, 2, 0, 0, 0},
        {"SUB;MAX underflow in MAX", {OB(PUSH, 5), OB(PUSH, 3), O(SUB), O(MAX), O(RET)}, 5, 3, 1,
         ORDO_E_STACK, 0, 0, 0, 0},
        {"SUB;MAX overflow in SUB", {OB(PUSH, 0), OB(PUSH, INT32_MIN), OB(PUSH, 1), O(SUB),
                                     O(MAX), O(RET)},
         6, 4, 0, ORDO_E_RANGE, 0, 0, 0, 0},
        {"SUB;MAX underflow in SUB", {OB(PUSH, 1), O(SUB), O(MAX), O(RET)}, 4, 2, 0,
         ORDO_E_STACK, 0, 0, 0, 0},
        {"LDL;DATA", {OB(PUSH, 2), OA(STL, 1), OA(LDL, 1), {.op = ORDO_OP_DATA, .a = 4, .b = 0},
                      OA(STG, 3), O(RET)},
         6, 3, 1, ORDO_OK, 30, 0, 0, 0},
        {"LDL;DATA at an offset", {OB(PUSH, 1), OA(STL, 0), OA(LDL, 0),
                                   {.op = ORDO_OP_DATA, .a = 2, .b = 2}, OA(STG, 4), O(RET)},
         6, 3, 1, ORDO_OK, 0, 40, 0, 0},
        {"LDL;DATA row of none", {OB(PUSH, -1), OA(STL, 1), OA(LDL, 1),
                                  {.op = ORDO_OP_DATA, .a = 4, .b = 0}, O(RET)},
         5, 3, 1, ORDO_E_INDEX, 0, 0, 0, 0},
        {"LDL;DATA row outside", {OB(PUSH, 4), OA(STL, 1), OA(LDL, 1),
                                  {.op = ORDO_OP_DATA, .a = 4, .b = 0}, O(RET)},
         5, 3, 1, ORDO_E_INDEX, 0, 0, 0, 0},
        {"LDL;DATA first out of the frame", {OA(LDL, 2), {.op = ORDO_OP_DATA, .a = 4, .b = 0},
                                             O(RET)},
         3, 1, 0, ORDO_E_STACK, 0, 0, 0, 0},
        {"LDL;DATA stack full", {OA(LDL, 0), {.op = ORDO_OP_DATA, .a = 4, .b = 0}, O(RET)}, 3,
         1, 0, ORDO_E_STACK, 0, 0, NLOC, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_case(&cases[i]);
}

/* DUP; JZ and DUP; JNZ: the copy decides, the value stays (x1) */
static void test_dup_branch(void **state)
{
    (void)state;
    static const uint8_t ops[] = {ORDO_OP_JZ, ORDO_OP_JNZ};
    static const int32_t vals[] = {0, 5, -1};
    for (size_t k = 0; k < 2; k++) {
        for (size_t i = 0; i < 3; i++) {
            int taken = (vals[i] == 0) == (ops[k] == ORDO_OP_JZ);
            tcase c = {"DUP;branch", {OB(PUSH, vals[i]), O(DUP), {.op = ops[k], .b = 1, .jump = 1},
                                      OB(PUSH, 1), OA(STG, 3), OAL(STG, 4, 1), O(RET)},
                       7, 2, 1, ORDO_OK, taken ? 0 : 1, vals[i], 0, 0};
            check_case(&c);
        }
        tcase under = {"DUP;branch underflow", {O(DUP), {.op = ops[k], .b = 1, .jump = 1},
                                                OL(RET, 1)},
                       3, 1, 0, ORDO_E_STACK, 0, 0, 0, 0};
        check_case(&under);
        tcase full = {"DUP;branch stack full", {OB(PUSH, 1), O(DUP),
                                                {.op = ops[k], .b = 1, .jump = 1},
                                                OL(RET, 1)},
                      4, 2, 0, ORDO_E_STACK, 0, 0, NLOC + 1, 0};
        check_case(&full);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_local_pairs),
        cmocka_unit_test(test_compare_jz),
        cmocka_unit_test(test_dup_branch),
        cmocka_unit_test(test_value_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

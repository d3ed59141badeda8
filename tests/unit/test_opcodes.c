/* test_opcodes.c — every opcode's columns in runtime/opcode_list.h
 * against what the VM does: the stack effect (pops and pushes, through
 * ordo_op_stack_in), the operand kinds (x, a, b: what the validator
 * refuses, and that the VM ignores a field the list says is unused) and
 * how the emitted C runs it (c: no instruction the VM falls through from
 * is one the C leaves at).
 *
 * Each case is a tiny hand-built program: a prelude (lists filled, a batch
 * open, ...), the instruction's operands pushed as constants, a probe, the
 * instruction, a probe. A probe is an instruction that only traces (SKIP
 * of step 1; SHOW of a text without args in a display, where SKIP may not
 * run); the trace callback reads the game's stack pointer (vm.h) above the
 * frame's locals. The case checks:
 *   - the first probe sees the prelude's values plus `pops` operands;
 *   - the second (after the fall-through, or at the jump target for a jump
 *     taken) sees the prelude's values plus `pushes`;
 *   - with one operand fewer, the instruction stops on a stack underflow
 *     (so it needs all `pops` values, not fewer).
 * The instructions that leave the run or the frame are checked where the
 * stack can be seen: WAIT at the suspension and at the option's code (and
 * an escape's handler after ESC), END after the game is over, CALL with
 * callees that end in RET and RETV (the caller sees nparams go and returns
 * come), RETV's underflow in the callee, HALT through ordo_eval's result.
 * The last test checks that every opcode was checked. */
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

static const char *const op_name[] = {
#define OP(n, ...) #n,
#include "opcode_list.h"
#undef OP
};

static int covered[ORDO_OP_COUNT];

/* ---------------------------------------------------------- the fixture */

enum { V_S = 3, V_PP, V_GRID, V_L0, V_L1, V_S0, V_S1, V_START, V_ACTING, V_ACTION };
enum { P_MAIN, P_FN2, P_PROC1, P_FN0, P_DISPATCH, P_NORET, P_HALT, P_HALT0 };
enum { EV0, EV2, EVACT, EVD };
enum { T_PROBE, T1, T2, T0 };
enum { O_PLAIN, O_PARAM };
enum { E_ESC };
enum { S_TESTED, S_PROBE };
enum { L_T = 1, L_OPT, L_OPTP, L_ESC, L_PRE };
#define NLOCALS 8
#define NPL 2

static const int32_t data[6] = {10, 11, 12, 13, 14, 15};

/* The tables every case shares; then proc 0 (the main proc), whose code
 * the caller emits next. */
static tprog *fixture(void)
{
    tprog *T = tp_new(NPL, NPL);
    assert_int_equal(tp_scalar(T, "s", ORDO_K_INT, 1, 0, 100, 5), V_S);
    assert_int_equal(tp_per_player(T, "pp", ORDO_K_INT, 1, 0, 100, 5), V_PP);
    assert_int_equal(tp_add_var(T, (ordo_var){.name = "grid", .kind = ORDO_K_INT, .width = 1,
                                              .ndims = 2,
                                              .dim_kind = {ORDO_DIM_PLAYER, ORDO_DIM_RANGE},
                                              .dim_n = {0, 3}, .lo = 0, .hi = 100, .init = 5,
                                              .line = 5}),
                     V_GRID);
    assert_int_equal(tp_list(T, "l0", 1, 0, 50, 8, 0), V_L0);
    assert_int_equal(tp_list(T, "l1", 1, 0, 50, 8, 1), V_L1);
    assert_int_equal(tp_set(T, "s0", 0, 99, 0), V_S0);
    assert_int_equal(tp_set(T, "s1", 0, 99, 1), V_S1);
    assert_int_equal(tp_scalar(T, "#start player", ORDO_K_PLAYER, 1, 0, NPL - 1, 1), V_START);
    /* the per-action block, last */
    assert_int_equal(tp_scalar(T, "#acting", ORDO_K_INT, 1, 0, 10, 0), V_ACTING);
    assert_int_equal(tp_scalar(T, "#action", ORDO_K_INT, 1, 0, 20, 0), V_ACTION);
    T->p.act_first = V_ACTING;
    T->p.max_pending = 4;
    T->p.data = data;
    T->p.ndata = 6;
    assert_int_equal(tp_step(T, "1", "tested", "R-1", 1), S_TESTED);
    assert_int_equal(tp_step(T, "2", "probe", "R-2", 2), S_PROBE);
    static const uint8_t kinds[2] = {ORDO_K_INT, ORDO_K_INT};
    static const char *const pnames[2] = {"x", "y"};
    assert_int_equal(tp_event(T, "ev0", 0, kinds, NULL, pnames), EV0);
    assert_int_equal(tp_event(T, "ev2", 2, kinds, NULL, pnames), EV2);
    assert_int_equal(tp_event(T, "act", 0, kinds, NULL, pnames), EVACT);
    T->events[EVACT].is_action = 1;
    assert_int_equal(tp_event(T, "evd", 2, kinds, NULL, pnames), EVD);
    T->events[EVD].dispatch = P_DISPATCH + 1;
    assert_int_equal(tp_text(T, "probe", 0, kinds, NULL), T_PROBE);
    assert_int_equal(tp_text(T, "one {x}", 1, kinds, NULL), T1);
    assert_int_equal(tp_text(T, "two {x} {y}", 2, kinds, NULL), T2);
    assert_int_equal(tp_text(T, "zero", 0, kinds, NULL), T0);
    assert_int_equal(tp_option(T, "plain", TP_NO_PARAM, 0, -1, L_OPT), O_PLAIN);
    assert_int_equal(tp_option(T, "param {}", ORDO_K_INT, 0, -1, L_OPTP), O_PARAM);
    assert_int_equal(tp_escape(T, "concede", -1, L_ESC), E_ESC);
    assert_int_equal(tp_proc(T, "sequence", 0, NLOCALS, 0), P_MAIN);
    return T;
}

/* The callees, after the main proc's code. */
static const ordo_program *finish(tprog *T)
{
    assert_int_equal(tp_proc(T, "fn2", 2, 2, 1), P_FN2);
    I(LDL, 0, 0, 0);
    I(LDL, 0, 1, 0);
    I(ADD, 0, 0, 0);
    I(RETV, 0, 0, 0);
    assert_int_equal(tp_proc(T, "proc1", 1, 3, 0), P_PROC1);
    I(PUSH, 0, 0, 9); /* left on its stack: RET drops them with the frame */
    I(PUSH, 0, 0, 9);
    I(RET, 0, 0, 0);
    assert_int_equal(tp_proc(T, "fn0", 0, 0, 1), P_FN0);
    I(PUSH, 0, 0, 5);
    I(RETV, 0, 0, 0);
    assert_int_equal(tp_proc(T, "dispatch", 2, 2, 0), P_DISPATCH);
    I(PUSH, 0, 0, 1);
    I(RET, 0, 0, 0);
    assert_int_equal(tp_proc(T, "noret", 0, 0, 1), P_NORET);
    I(RETV, 0, 0, 0);
    assert_int_equal(tp_proc(T, "halt", 0, 1, 1), P_HALT);
    I(PUSH, 0, 0, 3);
    I(PUSH, 0, 0, 4);
    I(HALT, 0, 0, 0);
    assert_int_equal(tp_proc(T, "halt0", 0, 0, 1), P_HALT0);
    I(HALT, 0, 0, 0);
    const ordo_program *p = tp_finish(T);
    char msg[200];
    if (ordo_validate(p, msg, sizeof msg) != ORDO_OK)
        fail_msg("the test program is invalid: %s", msg);
    return p;
}

/* ------------------------------------------------------------ the probe */

typedef struct probe {
    int eval;         /* probes are SHOW T_PROBE (display) instead of SKIP S_PROBE */
    int n;
    int depth[8];     /* values above the frame's locals at each probe */
} probe;

static void on_event(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    probe *pr = ctx;
    int hit = pr->eval ? ev->kind == ORDO_EV_LOG && ev->id == T_PROBE
                       : ev->kind == ORDO_EV_SKIP && ev->id == S_PROBE;
    if (hit && pr->n < 8)
        pr->depth[pr->n++] = (int)g->sp - (int)g->fp - NLOCALS;
}

static void emit_probe(tprog *T, int eval)
{
    if (eval)
        I(SHOW, 0, T_PROBE, 0);
    else
        I(SKIP, 0, S_PROBE, 0);
}

/* a probe, then the end of the run (RET in a display) */
static void probe_and_leave(tprog *T, int eval)
{
    emit_probe(T, eval);
    if (eval)
        I(RET, 0, 0, 0);
    else
        I(END, 0, 0, 0);
}

/* instruction pc's b is label's pc (tp_jump for any instruction) */
static void to_label(tprog *T, uint32_t pc, int label)
{
    T->fix[T->nfix].pc = pc;
    T->fix[T->nfix++].label = label;
}

/* -------------------------------------------------------------- a case */

enum {
    PRE_NONE,
    PRE_LISTS,      /* l0 and l1[player 1] hold 5, 6, 7 */
    PRE_SETS,       /* s0 and s1[player 1] hold 5, 6, 70 */
    PRE_BATCH,      /* a batch open (locals 2, 3) */
    PRE_BATCH_ARGS, /* a batch open, then two values (an event's args) */
    PRE_CLOSED,     /* a batch opened and closed, nothing held */
    PRE_HELD,       /* ... holding back ev2 (no triggers) */
    PRE_HELD_D,     /* ... holding back evd (a dispatch proc) */
    PRE_ACT,        /* an action begun */
    PRE_ESC         /* an escape open */
};

typedef struct tcase {
    const char *what;
    int op, x, a;
    int32_t b;        /* for a jump, the target is L_T instead */
    int jumps;        /* b is the label L_T, which has a probe too */
    int taken_adj;    /* the target's depth beyond pushes (EMITB in a batch) */
    int pre;
    int eval;
    int nvals;
    int32_t vals[6];  /* the operands, deepest first */
} tcase;

static int pre_depth(int pre)
{
    return pre == PRE_BATCH_ARGS ? 2 : 0;
}

static void emit_prelude(tprog *T, int pre)
{
    switch (pre) {
    case PRE_LISTS:
        for (int32_t v = 5; v <= 7; v++) {
            I(PUSH, 0, 0, v);
            I(LADD, 0, V_L0, 0);
            I(PUSH, 0, 0, 1);
            I(PUSH, 0, 0, v);
            I(LADD, 0, V_L1, 0);
        }
        break;
    case PRE_SETS:
        for (int32_t v = 5; v <= 7; v++) {
            I(PUSH, 0, 0, v == 7 ? 70 : v);
            I(SADD, 0, V_S0, 0);
            I(PUSH, 0, 0, 1);
            I(PUSH, 0, 0, v == 7 ? 70 : v);
            I(SADD, 0, V_S1, 0);
        }
        break;
    case PRE_BATCH:
        I(BATCH, 0, 2, 0);
        break;
    case PRE_BATCH_ARGS:
        I(BATCH, 0, 2, 0);
        I(PUSH, 0, 0, 1);
        I(PUSH, 0, 0, 2);
        break;
    case PRE_CLOSED:
    case PRE_HELD:
    case PRE_HELD_D:
        I(BATCH, 0, 2, 0);
        if (pre != PRE_CLOSED) {
            I(PUSH, 0, 0, 1);
            I(PUSH, 0, 0, 2);
            to_label(T, I(EMITB, 2, pre == PRE_HELD ? EV2 : EVD, 0), L_PRE);
            L(L_PRE);
        }
        I(BATCH, 1, 2, 0);
        break;
    case PRE_ACT:
        I(ACT, 0, EVACT, 4);
        break;
    case PRE_ESC:
        I(PUSH, 0, 0, 0);
        I(ESC, 0, E_ESC, 0);
        break;
    default:
        break;
    }
}

/* The case's program, with its first operand left out when `drop`; the pc
 * of the instruction tested in *at. */
static const ordo_program *build(tprog *T, const tcase *c, int drop, uint32_t *at)
{
    emit_prelude(T, c->pre);
    for (int k = drop ? 1 : 0; k < c->nvals; k++)
        I(PUSH, 0, 0, c->vals[k]);
    emit_probe(T, c->eval);
    *at = tp_emit(T, c->op, c->x, c->a, c->b);
    if (c->jumps)
        to_label(T, *at, L_T);
    probe_and_leave(T, c->eval);
    L(L_T);
    probe_and_leave(T, c->eval);
    /* the option targets and the escape handler (used by their own tests) */
    L(L_OPT);
    L(L_OPTP);
    L(L_ESC);
    emit_probe(T, 0);
    I(END, 0, 0, 0);
    return finish(T);
}

/* Runs the program to its end (ordo_eval for a display's code). */
static int run(const ordo_program *p, probe *pr, ordo_game **out)
{
    /* ordo_eval runs fns only: in eval mode the main unit is made one, in
     * a copy of the program that lives as long as the fixture's tables */
    static ordo_program as_fn;
    static ordo_proc procs[64];
    if (pr->eval) {
        assert_true(p->nprocs <= 64);
        memcpy(procs, p->procs, p->nprocs * sizeof *procs);
        procs[P_MAIN].returns = 1;
        as_fn = *p;
        as_fn.procs = procs;
        p = &as_fn;
    }
    ordo_game *g = NULL;
    assert_int_equal(ordo_new(p, NPL, 7, &g), ORDO_OK);
    ordo_set_trace(g, on_event, pr);
    int rc;
    if (pr->eval) {
        int32_t r = 0;
        rc = ordo_eval(g, P_MAIN, NULL, 0, &r);
    } else {
        rc = ordo_run(g);
    }
    *out = g;
    return rc;
}

/* Runs p; it must stop on a stack underflow at pc. */
static void expect_underflow(const ordo_program *p, int eval, uint32_t pc, const char *what)
{
    probe pr = {.eval = eval};
    ordo_game *g;
    int rc = run(p, &pr, &g);
    if (rc != ORDO_E_STACK || !strstr(g->err_detail, "underflow") || g->err_pc != pc)
        fail_msg("%s: rc %d, \"%s\" at pc %u (not an underflow at %u)", what, rc,
                 g->err_detail, (unsigned)g->err_pc, (unsigned)pc);
    ordo_free(g);
}

/* A field value the validator must refuse for an operand of kind k in
 * program p (instruction `in`), or INT32_MIN for a kind it does not check
 * on its own (a number, a local). `shape` asks for a var of the wrong
 * shape rather than an index out of bounds. */
static int32_t refused(const ordo_program *p, const ordo_insn *in, unsigned k, int shape)
{
    static const int32_t misfit[ORDO_OPND_COUNT_] = {
        [ORDO_OPND_CELL] = V_L0, [ORDO_OPND_SCALAR] = V_PP, [ORDO_OPND_LIST] = V_S,
        [ORDO_OPND_SET] = V_S,   [ORDO_OPND_START] = V_S,   [ORDO_OPND_HIDDEN] = V_S,
    };
    if (shape)
        return ordo_opnd_is_var(k) && misfit[k] ? misfit[k] : INT32_MIN;
    /* one beyond each table, one beyond each range */
    const int32_t beyond[ORDO_OPND_COUNT_] = {
        [ORDO_OPND_VAR] = p->nvars,         [ORDO_OPND_CELL] = p->nvars,
        [ORDO_OPND_SCALAR] = p->nvars,      [ORDO_OPND_LIST] = p->nvars,
        [ORDO_OPND_SET] = p->nvars,         [ORDO_OPND_START] = p->nvars,
        [ORDO_OPND_HIDDEN] = p->nvars,      [ORDO_OPND_PROC] = p->nprocs,
        [ORDO_OPND_STEP] = p->nsteps,       [ORDO_OPND_OPTION] = p->noptions,
        [ORDO_OPND_ESCAPE] = p->nescapes,   [ORDO_OPND_EVENT] = p->nevents,
        [ORDO_OPND_TEXT] = p->ntexts,       [ORDO_OPND_REASON] = p->ntexts + 1,
        [ORDO_OPND_JUMP] = (int32_t)p->ncode,
        [ORDO_OPND_PARAM] = in->a < p->nprocs ? p->procs[in->a].nparams : 0,
        [ORDO_OPND_SIDES] = 0,              [ORDO_OPND_ROWS] = 0,
        [ORDO_OPND_POS] = -1,               [ORDO_OPND_OFFSET] = -1,
        [ORDO_OPND_FLAG] = 2,               [ORDO_OPND_MODE] = 3,
        [ORDO_OPND_TIMING] = 4,             [ORDO_OPND_ARGS] = in->x + 1,
        [ORDO_OPND_DECIDE] = 4,
        [ORDO_OPND_NO] = INT32_MIN,         [ORDO_OPND_N] = INT32_MIN,
        [ORDO_OPND_LOCAL] = INT32_MIN,
    };
    return k < ORDO_OPND_COUNT_ ? beyond[k] : INT32_MIN;
}

static void set_field(ordo_insn *in, int f, int32_t v)
{
    if (f == 0)
        in->x = (uint8_t)v;
    else if (f == 1)
        in->a = (uint16_t)v;
    else
        in->b = v;
}

/* The list's x, a and b columns against the validator: each field the
 * list gives a checked kind is refused out of its range (an index beyond
 * its table, a var of the wrong shape, a pc beyond the code, a choice
 * beyond its values); and against the VM: a field the list says is not
 * used (NO) may hold anything, the run is the same. */
static void check_fields(const tcase *c, const probe *want)
{
    for (int f = 0; f < 3; f++) {
        unsigned k = ordo_op_operand((unsigned)c->op, f);
        for (int shape = 0; shape < 2 && k != ORDO_OPND_NO; shape++) {
            tprog *T = fixture();
            uint32_t at;
            const ordo_program *p = build(T, c, 0, &at);
            int32_t v = refused(p, &p->code[at], k, shape);
            if (v != INT32_MIN) {
                set_field(&T->code[at], f, v);
                char msg[200];
                if (ordo_validate(p, msg, sizeof msg) == ORDO_OK)
                    fail_msg("%s: field %c = %ld (kind %u) passes the validator", c->what,
                             "xab"[f], (long)v, k);
            }
            free(T);
        }
        if (k != ORDO_OPND_NO)
            continue;
        tprog *T = fixture();
        uint32_t at;
        const ordo_program *p = build(T, c, 0, &at);
        set_field(&T->code[at], f, f == 0 ? 0x5a : f == 1 ? 0x5a5a : 0x5a5a5a);
        char msg[200];
        if (ordo_validate(p, msg, sizeof msg) != ORDO_OK)
            fail_msg("%s: an unused field %c refused: %s", c->what, "xab"[f], msg);
        probe pr = {.eval = c->eval};
        ordo_game *g;
        if (run(p, &pr, &g) < 0 || pr.n != 2 || pr.depth[0] != want->depth[0] ||
            pr.depth[1] != want->depth[1])
            fail_msg("%s: the VM reads field %c, which the list says is unused", c->what,
                     "xab"[f]);
        ordo_free(g);
        free(T);
    }
}

/* The case's operands are what the VM needs: it runs with them and stops
 * on an underflow with one fewer. The list must say as much (pops), and
 * the depth after it must move by pushes - pops. */
static void check_case(const tcase *c)
{
    tprog *T = fixture();
    uint32_t at;
    const ordo_program *p = build(T, c, 0, &at);
    int pops, pushes;
    assert_int_equal(ordo_op_stack_in(p, &p->code[at], &pops, &pushes), 0);
    probe pr = {.eval = c->eval};
    ordo_game *g;
    int rc = run(p, &pr, &g);
    if (rc < 0)
        fail_msg("%s: %s (pc %u)", c->what, g->err_detail, (unsigned)g->err_pc);
    if (pr.n != 2)
        fail_msg("%s: %d probes ran, not 2", c->what, pr.n);
    int base = pre_depth(c->pre);
    assert_int_equal(pr.depth[0], base + c->nvals);
    int want = pr.depth[0] - pops + pushes + c->taken_adj;
    if (pr.depth[1] != want)
        fail_msg("%s: %s (pops %d, pushes %d) left %d values, not %d", c->what,
                 op_name[c->op], pops, pushes, pr.depth[1], want);
    /* the c column: an instruction the VM falls through from is one the
     * emitted C can go on after */
    if (!c->jumps && ordo_op_native((unsigned)c->op) == ORDO_NATIVE_LEAVE)
        fail_msg("%s: falls through, but the list says the C leaves at it", c->what);
    ordo_free(g);
    free(T);
    check_fields(c, &pr);
    /* it needs every one of its operands */
    if (c->nvals > 0 && base == 0) {
        T = fixture();
        p = build(T, c, 1, &at);
        expect_underflow(p, c->eval, at, c->what);
        free(T);
    }
    if (c->nvals != pops)
        fail_msg("%s: the VM needs %d values, the list says %s pops %d", c->what, c->nvals,
                 op_name[c->op], pops);
    covered[c->op] = 1;
}

#define OPC(name) ORDO_OP_##name
/* fall through; operands given */
#define C(op, x, a, b, ...)                                                          \
    {#op " " #x " " #a, OPC(op), x, a, b, 0, 0, PRE_NONE, 0,                         \
     sizeof((int32_t[]){0, __VA_ARGS__}) / sizeof(int32_t) - 1, {__VA_ARGS__}}
#define C0(op, x, a, b) {#op " " #x " " #a, OPC(op), x, a, b, 0, 0, PRE_NONE, 0, 0, {0}}

static const tcase plain_cases[] = {
    C0(NOP, 0, 0, 0),
    C0(PUSH, 0, 0, 5),
    C(POP, 0, 0, 0, 1),
    C(DUP, 0, 0, 0, 1),
    C0(LDL, 0, 0, 0),
    C(STL, 0, 0, 0, 3),
    C(LDLI, 0, 0, 0, 1),
    C(STLI, 0, 0, 0, 1, 9),
    C0(LDG, 0, V_S, 0),
    C(STG, 0, V_S, 0, 3),
    C0(LDX, 0, V_S, 0),
    C(LDX, 0, V_PP, 0, 1),
    C(LDX, 0, V_GRID, 0, 1, 2),
    C(STX, 0, V_S, 0, 3),
    C(STX, 0, V_PP, 0, 1, 3),
    C(STX, 0, V_GRID, 0, 1, 2, 3),
    C(ADD, 0, 0, 0, 7, 3),
    C(SUB, 0, 0, 0, 7, 3),
    C(MUL, 0, 0, 0, 7, 3),
    C(DIV, 0, 0, 0, 7, 3),
    C(MOD, 0, 0, 0, 7, 3),
    C(NEG, 0, 0, 0, -4),
    C(NOT, 0, 0, 0, -4),
    C(EQ, 0, 0, 0, 7, 3),
    C(NE, 0, 0, 0, 7, 3),
    C(LT, 0, 0, 0, 7, 3),
    C(LE, 0, 0, 0, 7, 3),
    C(GT, 0, 0, 0, 7, 3),
    C(GE, 0, 0, 0, 7, 3),
    C(MIN, 0, 0, 0, 7, 3),
    C(MAX, 0, 0, 0, 7, 3),
    C(ABS, 0, 0, 0, -4),
    C(CALL, 0, P_FN2, 0, 3, 4),  /* a fn of 2 params: -2 +1 */
    C(CALL, 0, P_PROC1, 0, 7),   /* a proc that leaves values behind: -1 */
    C0(CALL, 0, P_FN0, 0),       /* a fn of no params: +1 */
    C0(STEP, 0, S_TESTED, 0),
    C(STEPEND, 0, 0, 0, -1),
    C0(SKIP, 0, S_TESTED, 0),
    C(ROLL, 0, 6, 0, 2),
    C0(NPLAYERS, 0, 0, 0),
    C(TURN, 0, 0, 0, 0),
    C(ELIM, 0, 0, 0, 1),
    C0(SORTP, 0, 0, 2),
    C0(SORTP, 1, 0, 2),
    C0(OPTS, 0, 0, 0),
    C(OFFER, 0, O_PARAM, 0, 4),
    C0(OFFERN, 0, O_PLAIN, 0),
    C(ESC, 0, E_ESC, 0, 0),
    C0(EMIT, 0, EV0, 0),
    C(EMIT, 2, EV2, 0, 1, 2),
    C0(TRIG, 1, P_FN0, 0),
    C0(TRIG, 0, P_FN0, 0),
    C0(ACT, 0, EVACT, 4),
    C(PAY, 0, V_S, 0, 1),
    C(PAY, 0, V_PP, 0, 1, 1),
    C(PAY, 0, V_GRID, 0, 1, 2, 1),
    C(ADDD, 0, V_S, 0, 1),
    C(ADDD, 0, V_PP, 0, 1, 1),
    C(ADDD, 0, V_GRID, 0, 1, 2, 1),
    C0(BATCH, 0, 2, 0),
    C(WINDOW, 0, T_PROBE, 0, 0),
    C(WINDOW, 1, T_PROBE, 0, 1),
    C0(LOG, 0, T_PROBE, 0),
    C(LOG, 1, T1, 0, 4),
    C(ASSERT, 0, T_PROBE, 0, 1),
    C(ASSERT, 1, T_PROBE, 0, 1),
    C(ASSERT, 2, T_PROBE, 0, 1),
    C0(DEPTH, 0, P_FN0, 0),
    C0(DECIDER, 0, 0, 0),
    C(CHOSEN, 0, O_PLAIN, 0, 0),
    C(CHOSEN, 1, O_PARAM, 0, 0, 4),
    C0(DEPTH, 0, P_MAIN, 0),
    C0(OUTER, 0, P_PROC1, 0), /* no run of proc1 under way: INT32_MAX */
    C(DATA, 0, 3, 0, 2),
    C(DATA, 1, 3, 0, 2, 1),
    C0(INCL, 0, 0, 0),
    C(SEAT, 0, V_START, 0, 0),
    C0(ROTATE, 0, V_START, 0),
};

/* with a prelude */
#define P(pre_, op, x, a, b, ...)                                                    \
    {#op " " #x " " #a " after " #pre_, OPC(op), x, a, b, 0, 0, pre_, 0,             \
     sizeof((int32_t[]){0, __VA_ARGS__}) / sizeof(int32_t) - 1, {__VA_ARGS__}}
#define P0(pre_, op, x, a, b)                                                        \
    {#op " " #x " " #a " after " #pre_, OPC(op), x, a, b, 0, 0, pre_, 0, 0, {0}}

static const tcase prelude_cases[] = {
    P0(PRE_LISTS, LLEN, 0, V_L0, 0),
    P(PRE_LISTS, LLEN, 0, V_L1, 0, 1),
    P(PRE_LISTS, LGET, 0, V_L0, 0, 2),
    P(PRE_LISTS, LGET, 0, V_L1, 0, 1, 2),
    P(PRE_LISTS, LSET, 0, V_L0, 0, 2, 9),
    P(PRE_LISTS, LSET, 0, V_L1, 0, 1, 2, 9),
    P(PRE_LISTS, LADD, 0, V_L0, 0, 9),
    P(PRE_LISTS, LADD, 0, V_L1, 0, 1, 9),
    P(PRE_LISTS, LREM, 0, V_L0, 0, 6),
    P(PRE_LISTS, LREM, 0, V_L1, 0, 1, 6),
    P(PRE_LISTS, LREMAT, 0, V_L0, 0, 1),
    P(PRE_LISTS, LREMAT, 0, V_L1, 0, 1, 1),
    P(PRE_LISTS, LHAS, 0, V_L0, 0, 6),
    P(PRE_LISTS, LHAS, 0, V_L1, 0, 1, 6),
    P0(PRE_LISTS, LCLR, 0, V_L0, 0),
    P(PRE_LISTS, LCLR, 0, V_L1, 0, 1),
    P0(PRE_LISTS, LSHUF, 0, V_L0, 0),
    P(PRE_LISTS, LSHUF, 0, V_L1, 0, 1),
    P(PRE_SETS, SADD, 0, V_S0, 0, 9),
    P(PRE_SETS, SADD, 0, V_S1, 0, 1, 9),
    P(PRE_SETS, SREM, 0, V_S0, 0, 6),
    P(PRE_SETS, SREM, 0, V_S1, 0, 1, 70),
    P(PRE_SETS, SHAS, 0, V_S0, 0, 6),
    P(PRE_SETS, SHAS, 0, V_S1, 0, 1, 8),
    P0(PRE_SETS, SCLR, 0, V_S0, 0),
    P(PRE_SETS, SCLR, 0, V_S1, 0, 1),
    P0(PRE_SETS, SLEN, 0, V_S0, 0),
    P(PRE_SETS, SLEN, 0, V_S1, 0, 1),
    P0(PRE_BATCH, BATCH, 1, 2, 0),
    P(PRE_BATCH, ADDD, 0, V_PP, 0, 1, 1), /* held back to the batch's end */
    P0(PRE_ACT, ACT, 1, EVACT, 4),
    P0(PRE_ACT, ACT, 2, EVACT, 4),
    P0(PRE_ESC, UNESC, 1, 0, 0),
};

/* jumps: the second probe is the target's when the jump is taken */
#define JC(op, x, a, adj, pre_, ...)                                                 \
    {#op " " #x " " #a " after " #pre_ " (" #__VA_ARGS__ ")", OPC(op), x, a, 0, 1, adj, pre_, \
     0, sizeof((int32_t[]){0, __VA_ARGS__}) / sizeof(int32_t) - 1, {__VA_ARGS__}}
#define JC0(op, x, a, adj, pre_)                                                     \
    {#op " " #x " " #a " after " #pre_, OPC(op), x, a, 0, 1, adj, pre_, 0, 0, {0}}

static const tcase jump_cases[] = {
    JC0(JMP, 0, 0, 0, PRE_NONE),
    JC(JZ, 0, 0, 0, PRE_NONE, 0), /* taken */
    JC(JZ, 0, 0, 0, PRE_NONE, 1), /* falls through */
    JC(JNZ, 0, 0, 0, PRE_NONE, 1),
    JC(JNZ, 0, 0, 0, PRE_NONE, 0),
    /* no batch: it falls through and the args stay for the EMIT after it */
    JC0(EMITB, 2, EV2, 0, PRE_NONE),
    /* in a batch: it takes the x args and jumps (the one jump whose stack
     * effect is not the fall-through's) */
    JC0(EMITB, 2, EV2, -2, PRE_BATCH_ARGS),
    /* it runs what the batch held back (ev2 traced; evd's dispatch proc
     * called with the args it pushes), then jumps */
    JC0(BNEXT, 0, 2, 0, PRE_CLOSED),
    JC0(BNEXT, 0, 2, 0, PRE_HELD),
    JC0(BNEXT, 0, 2, 0, PRE_HELD_D),
    JC0(BNEXT, 0, 2, 0, PRE_BATCH), /* inside a batch: it leaves them to it */
    /* the next member: pushed when there is one (across a word: 6 -> 70);
     * none left, it jumps pushing nothing */
    JC(SNEXT, 0, V_S0, 0, PRE_SETS, 6),
    JC(SNEXT, 0, V_S0, -1, PRE_SETS, 70),
    JC(SNEXT, 0, V_S1, 0, PRE_SETS, 1, -1),
    JC(SNEXT, 0, V_S1, -1, PRE_SETS, 1, 99),
};

/* SHOW runs only in a display (ordo_eval) */
static const tcase eval_cases[] = {
    {"SHOW 0", OPC(SHOW), 0, T0, 0, 0, 0, PRE_NONE, 1, 0, {0}},
    {"SHOW 2", OPC(SHOW), 2, T2, 0, 0, 0, PRE_NONE, 1, 2, {1, 2}},
    {"ADD in a display", OPC(ADD), 0, 0, 0, 0, 0, PRE_NONE, 1, 2, {1, 2}},
    {"LDX in a display", OPC(LDX), 0, V_GRID, 0, 0, 0, PRE_NONE, 1, 2, {1, 2}},
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

typedef struct case_set {
    const tcase *cases;
    size_t n;
} case_set;

static const case_set plain = {plain_cases, N(plain_cases)};
static const case_set after_a_prelude = {prelude_cases, N(prelude_cases)};
static const case_set jumps = {jump_cases, N(jump_cases)};
static const case_set in_a_display = {eval_cases, N(eval_cases)};

/* the cases of one table (the test's prestate) */
static void test_cases(void **state)
{
    const case_set *set = *state;
    for (size_t i = 0; i < set->n; i++)
        check_case(&set->cases[i]);
}

/* ------------------------------------------ what leaves the run or frame */

/* An END where the jump target, the options' code and the escape's
 * handler are (the tests that do not reach them). */
static void end_with_targets(tprog *T)
{
    L(L_T);
    L(L_OPT);
    L(L_OPTP);
    L(L_ESC);
    I(END, 0, 0, 0);
}

static int declared(const ordo_program *p, uint32_t pc, int *pushes)
{
    int pops;
    assert_int_equal(ordo_op_stack_in(p, &p->code[pc], &pops, pushes), 0);
    return pops;
}

/* WAIT: the suspended game holds what was there minus the decider; an
 * option's code starts there (a param option's with the param on top),
 * and so does an escape's handler, where ESC left the stack. */
static void test_wait_and_escape(void **state)
{
    (void)state;
    for (int choice = 0; choice < 3; choice++) {
        tprog *T = fixture();
        I(PUSH, 0, 0, 1); /* the escape's player (player 2) */
        uint32_t esc = I(ESC, 0, E_ESC, 0);
        I(OPTS, 0, 0, 0);
        I(OFFERN, 0, O_PLAIN, 0);
        I(PUSH, 0, 0, 4);
        I(OFFER, 0, O_PARAM, 0);
        I(PUSH, 0, 0, 1); /* the decider: player 2 */
        emit_probe(T, 0);
        uint32_t wait = I(WAIT, 0, 0, 0);
        I(END, 0, 0, 0);
        L(L_T);
        L(L_OPT);
        emit_probe(T, 0);
        I(END, 0, 0, 0);
        L(L_OPTP);
        emit_probe(T, 0);
        I(END, 0, 0, 0);
        L(L_ESC);
        emit_probe(T, 0);
        I(END, 0, 0, 0);
        const ordo_program *p = finish(T);
        int esc_pushes, wait_pushes;
        int esc_pops = declared(p, esc, &esc_pushes);
        int wait_pops = declared(p, wait, &wait_pushes);
        probe pr = {0};
        ordo_game *g;
        assert_int_equal(run(p, &pr, &g), ORDO_DECIDE);
        assert_int_equal(pr.n, 1);
        assert_int_equal(pr.depth[0], 1 - esc_pops + esc_pushes + wait_pops);
        int at_wait = (int)g->sp - (int)g->fp - NLOCALS;
        assert_int_equal(at_wait, pr.depth[0] - wait_pops + wait_pushes);
        assert_int_equal(ordo_option_count(g), 3); /* plain, param, the escape */
        assert_int_equal(ordo_choose(g, choice), ORDO_OK);
        assert_int_equal(ordo_run(g), ORDO_OVER);
        assert_int_equal(pr.n, 2);
        /* the option's param, pushed by ordo_choose, is the lowering's +1 */
        assert_int_equal(pr.depth[1], at_wait + (choice == 1));
        ordo_free(g);
        free(T);
    }
    covered[ORDO_OP_WAIT] = covered[ORDO_OP_ESC] = 1;
}

/* WAIT with no decider on the stack */
static void test_wait_underflow(void **state)
{
    (void)state;
    tprog *T = fixture();
    I(OPTS, 0, 0, 0);
    I(OFFERN, 0, O_PLAIN, 0);
    uint32_t wait = I(WAIT, 0, 0, 0);
    end_with_targets(T);
    expect_underflow(finish(T), 0, wait, "WAIT without a decider");
    free(T);
}

/* END: the game is over with the winner (x=1) taken from the stack */
static void test_end(void **state)
{
    (void)state;
    for (int x = 0; x <= 1; x++)
        for (int drop = 0; drop <= x; drop++) {
            tprog *T = fixture();
            if (x && !drop)
                I(PUSH, 0, 0, 1);
            emit_probe(T, 0);
            uint32_t end = I(END, x, 0, 0);
            end_with_targets(T);
            const ordo_program *p = finish(T);
            int pushes, pops = declared(p, end, &pushes);
            assert_int_equal(pops, x);
            if (drop) {
                expect_underflow(p, 0, end, "END 1 without a winner");
            } else {
                probe pr = {0};
                ordo_game *g;
                assert_int_equal(run(p, &pr, &g), ORDO_OVER);
                assert_int_equal(pr.depth[0], pops);
                assert_int_equal((int)g->sp - (int)g->fp - NLOCALS, pushes);
                assert_int_equal(ordo_winner(g), x ? 1 : -1);
                ordo_free(g);
            }
            free(T);
        }
    covered[ORDO_OP_END] = 1;
}

/* RET and RETV leave the frame; the caller's side is CALL's (test_plain).
 * Here: RETV needs its value (a fn whose body is only RETV underflows),
 * RET needs none (proc1 leaves two values and returns, dropping them). */
static void test_returns(void **state)
{
    (void)state;
    tprog *T = fixture();
    I(CALL, 0, P_NORET, 0);
    end_with_targets(T);
    const ordo_program *p = finish(T);
    expect_underflow(p, 0, p->procs[P_NORET].pc, "RETV with nothing to return");
    int pushes;
    assert_int_equal(declared(p, p->procs[P_NORET].pc, &pushes), 1);
    assert_int_equal(declared(p, p->procs[P_PROC1].pc + 2, &pushes), 0); /* RET */
    free(T);
    covered[ORDO_OP_RET] = covered[ORDO_OP_RETV] = 1;
}

/* HALT ends an ordo_exec/ordo_eval run, its result the top value if there
 * is one: it needs none (declared 0, 0) and the run's frames go. */
static void test_halt(void **state)
{
    (void)state;
    tprog *T = fixture();
    end_with_targets(T);
    const ordo_program *p = finish(T);
    int pushes;
    assert_int_equal(declared(p, p->procs[P_HALT].pc + 2, &pushes), 0);
    assert_int_equal(pushes, 0);
    ordo_game *g;
    assert_int_equal(ordo_new(p, NPL, 7, &g), ORDO_OK);
    uint32_t sp = g->sp, nframes = g->nframes;
    int32_t r = -1;
    assert_int_equal(ordo_eval(g, P_HALT, NULL, 0, &r), ORDO_OK);
    assert_int_equal(r, 4);
    assert_int_equal(ordo_eval(g, P_HALT0, NULL, 0, &r), ORDO_OK);
    assert_int_equal(r, 0);
    assert_int_equal(g->sp, sp);
    assert_int_equal(g->nframes, nframes);
    assert_int_equal(ordo_exec(g, P_HALT, NULL, 0), ORDO_OK);
    assert_int_equal(g->sp, sp);
    assert_int_equal(g->nframes, nframes);
    ordo_free(g);
    free(T);
    covered[ORDO_OP_HALT] = 1;
}

/* UNDO leaves the action's frame as RET does (declared 0, 0); it needs a
 * program that undoes actions, with an action's frame, so its run is
 * checked by examples/language/atomic.ordo's scenarios. */
static void test_undo(void **state)
{
    (void)state;
    ordo_insn in = {ORDO_OP_UNDO, 0, 0, 0};
    int pops = -1, pushes = -1;
    assert_int_equal(ordo_op_stack(&in, 0, 0, 0, &pops, &pushes), 0);
    assert_int_equal(pops, 0);
    assert_int_equal(pushes, 0);
    covered[ORDO_OP_UNDO] = 1;
}

/* REVISE (x=0 takes back, x=1 asks: one value) and RVSAVE need a program
 * with a revisable action; their runs are checked by atomic.ordo's
 * scenarios. Here: their declared effects. */
static void test_revise(void **state)
{
    (void)state;
    int pops = -1, pushes = -1;
    for (int x = 0; x <= 1; x++) {
        ordo_insn in = {ORDO_OP_REVISE, (uint8_t)x, 0, 0};
        assert_int_equal(ordo_op_stack(&in, 0, 0, 0, &pops, &pushes), 0);
        assert_int_equal(pops, 0);
        assert_int_equal(pushes, x);
    }
    ordo_insn save = {ORDO_OP_RVSAVE, 0, 0, 0};
    assert_int_equal(ordo_op_stack(&save, 0, 0, 0, &pops, &pushes), 0);
    assert_int_equal(pops + pushes, 0);
    covered[ORDO_OP_REVISE] = covered[ORDO_OP_RVSAVE] = 1;
}

/* REVEAL takes its var's indexes and a player (ND(1)): checked here on a
 * 2-index var; its run needs a hidden var with its "revealed to" lists,
 * so examples/language/hidden.ordo and tests/e2e/hidden.sh check it. */
static void test_reveal(void **state)
{
    (void)state;
    ordo_insn in = {ORDO_OP_REVEAL, 0, 0, 0};
    int pops = -1, pushes = -1;
    assert_int_equal(ordo_op_stack(&in, 2, 0, 0, &pops, &pushes), 0);
    assert_int_equal(pops, 3);
    assert_int_equal(pushes, 0);
    covered[ORDO_OP_REVEAL] = 1;
}

/* The columns say what each stack effect depends on. */
static void test_needs(void **state)
{
    (void)state;
    assert_int_equal(ordo_op_needs(ORDO_OP_CALL), ORDO_SK_NP | ORDO_SK_NR);
    assert_int_equal(ordo_op_needs(ORDO_OP_LSET), ORDO_SK_ND);
    assert_int_equal(ordo_op_needs(ORDO_OP_EMIT), 0);
    assert_int_equal(ordo_op_needs(ORDO_OP_COUNT), 0);
    ordo_insn in = {ORDO_OP_COUNT, 0, 0, 0};
    int pops, pushes;
    assert_int_equal(ordo_op_stack(&in, 0, 0, 0, &pops, &pushes), -1);
    in = (ordo_insn){ORDO_OP_DATA, 1, 3, 0};
    assert_int_equal(ordo_op_stack(&in, 0, 0, 0, &pops, &pushes), 0);
    assert_int_equal(pops, 2);
    assert_int_equal(pushes, 1);
    in = (ordo_insn){ORDO_OP_CALL, 0, 0, 0};
    assert_int_equal(ordo_op_stack(&in, 0, 3, 1, &pops, &pushes), 0);
    assert_int_equal(pops, 3);
    assert_int_equal(pushes, 1);
}

/* Last: every opcode was run above. */
static void test_every_opcode_checked(void **state)
{
    (void)state;
    for (int op = 0; op < ORDO_OP_COUNT; op++)
        if (!covered[op])
            fail_msg("opcode %s has no stack-effect check", op_name[op]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_prestate(test_cases, (void *)&plain),
        cmocka_unit_test_prestate(test_cases, (void *)&after_a_prelude),
        cmocka_unit_test_prestate(test_cases, (void *)&jumps),
        cmocka_unit_test_prestate(test_cases, (void *)&in_a_display),
        cmocka_unit_test(test_wait_and_escape),
        cmocka_unit_test(test_wait_underflow),
        cmocka_unit_test(test_end),
        cmocka_unit_test(test_returns),
        cmocka_unit_test(test_halt),
        cmocka_unit_test(test_needs),
        cmocka_unit_test(test_undo),
        cmocka_unit_test(test_reveal),
        cmocka_unit_test(test_revise),
        cmocka_unit_test(test_every_opcode_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_runtime.c — the runtime through its public API (ordo.h), on programs
 * assembled by hand (asm.h): no compiler involved.
 *
 * Validation of inconsistent tables, game creation, determinism, the
 * instructions (arithmetic, stores, indexing, lists, steps, decisions,
 * escapes, SORTP, TURN/ELIM, END), the step limit, ordo_exec/ordo_eval/
 * ordo_start, copies, the trace in text and JSON Lines (TRIG and WINDOW
 * too), variables from the host, error strings and the shared policies. */
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

static ordo_game *new_game(const ordo_program *p, int nplayers, uint64_t seed)
{
    ordo_game *g = NULL;
    assert_int_equal(ordo_new(p, nplayers, seed, &g), ORDO_OK);
    assert_non_null(g);
    return g;
}

static int32_t get(const ordo_game *g, int v, int i, int j, int elem)
{
    int32_t out = INT32_MIN;
    assert_int_equal(ordo_get(g, v, i, j, elem, &out), ORDO_OK);
    return out;
}

static void assert_message(const ordo_game *g, const char *want)
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

static void record(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    rec *r = ctx;
    if (r->n < REC_MAX) {
        r->steps[r->n] = ordo_steps(g);
        r->ev[r->n++] = *ev;
    }
}

static void assert_lines(const ordo_game *g, const ordo_event *ev, const char *text,
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
static int exec_case(const ordo_program *p, int nplayers, int proc, char *msg, size_t n)
{
    ordo_game *g = new_game(p, nplayers, 1);
    int rc = ordo_exec(g, proc, NULL, 0);
    assert_int_equal(ordo_status(g), rc);
    assert_true(ordo_error_message(g, msg, n) >= 0);
    ordo_free(g);
    return rc;
}

static const char *const color_names[3] = {"red", "green", "blue"};

/* ---------------------------------------------------------- validation */

/* A small valid program: a step, a decision with a param, an event. */
static tprog *valid_prog(void)
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

static void check_cases(const vcase *c, size_t n)
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

static void m_magic(tprog *T) { T->p.magic = 0x12345678u; }
static void m_version(tprog *T) { T->p.version = ORDO_PROGRAM_VERSION + 1; }
static void m_minp0(tprog *T) { T->p.min_players = 0; }
static void m_minp_max(tprog *T) { T->p.min_players = 5; }
static void m_code_null(tprog *T) { T->p.code = NULL; }
static void m_no_code(tprog *T) { T->p.ncode = 0; }
static void m_main_proc(tprog *T) { T->p.main_proc = 5; }
static void m_main_params(tprog *T) { T->procs[0].nparams = 1; }
static void m_frames(tprog *T) { T->p.max_frames = 0; }

static void test_validate_header(void **state)
{
    (void)state;
    static const vcase cases[] = {
        {"magic", m_magic, "bad magic 0x12345678 (not an ordo program)"},
        {"version", m_version, "program version 7, this runtime reads 6"},
        {"min players 0", m_minp0, "players 0..4 (must be within 1..127)"},
        {"min > max", m_minp_max, "players 5..4 (must be within 1..127)"},
        {"code table", m_code_null, "code: 11 entries but no table"},
        {"no code", m_no_code, "no code"},
        {"main proc", m_main_proc, "main_proc 5 out of bounds (1 procs)"},
        {"main params", m_main_params, "the main proc takes 1 params"},
        {"frames", m_frames, "max_frames is 0"},
    };
    check_cases(cases, sizeof cases / sizeof cases[0]);

    char msg[64];
    assert_int_equal(ordo_validate(NULL, msg, sizeof msg), ORDO_E_PROGRAM);
    assert_string_equal(msg, "no program");
    assert_int_equal(ordo_game_size(NULL), 0);
    /* no message buffer, or a short one */
    tprog *T = valid_prog();
    T->p.magic = 1;
    assert_int_equal(ordo_validate(&T->p, NULL, 0), ORDO_E_PROGRAM);
    assert_int_equal(ordo_validate(&T->p, msg, 10), ORDO_E_PROGRAM);
    assert_string_equal(msg, "bad magic");
    free(T);
}

static void m_state_size(tprog *T) { T->p.state_size = 26; }
static void m_width(tprog *T) { T->vars[3].width = 3; }
static void m_range_width(tprog *T)
{
    T->vars[3].width = 1;
    T->vars[3].stride = 1;
    T->vars[3].hi = 300;
}
static void m_init(tprog *T) { T->vars[3].init = 101; }
static void m_builtins(tprog *T) { T->p.nvars = 2; }
static void m_builtin_name(tprog *T) { T->vars[1].name = "turn"; }
static void m_active_range(tprog *T) { T->vars[0].hi = 2; }
static void m_player_dim(tprog *T) { T->vars[1].dim_n[0] = 3; }
static void m_stride(tprog *T) { T->vars[3].stride = 2; }

static void test_validate_vars(void **state)
{
    (void)state;
    static const vcase cases[] = {
        {"beyond state", m_state_size, "var 3 (x): offset 24 + 4 bytes is beyond state_size 26"},
        {"width", m_width, "var 3 (x): width 3 is not 1, 2 or 4"},
        {"range width", m_range_width, "var 3 (x): range 0..300 does not fit 1 bytes"},
        {"init", m_init, "var 3 (x): initial value 101 not in 0..100"},
        {"built-ins", m_builtins, "the built-in vars active, turns, in_game are missing"},
        {"built-in name", m_builtin_name, "var 1 must be the built-in 'turns'"},
        {"active range", m_active_range, "var 0 (active): range must include none..player 4"},
        {"player dim", m_player_dim, "var 1 (turns): player dimension of 3, not max_players 4"},
        {"stride", m_stride, "var 3 (x): stride 2 smaller than a cell (4 bytes)"},
    };
    check_cases(cases, sizeof cases / sizeof cases[0]);
}

static void m_jump(tprog *T) { T->code[10] = (ordo_insn){ORDO_OP_JMP, 0, 0, 99}; }
static void m_jump_neg(tprog *T) { T->code[10] = (ordo_insn){ORDO_OP_JMP, 0, 0, -1}; }
static void m_emit_arity(tprog *T) { T->code[8].x = 2; }
static void m_fall(tprog *T) { T->code[10] = (ordo_insn){ORDO_OP_PUSH, 0, 0, 1}; }
static void m_opcode(tprog *T) { T->code[1].op = 200; }
static void m_offern(tprog *T) { T->code[3].op = ORDO_OP_OFFERN; }
static void m_option_index(tprog *T) { T->code[3].a = 9; }
static void m_step_index(tprog *T) { T->code[0].a = 5; }
static void m_ldg_dims(tprog *T) { T->code[7] = (ordo_insn){ORDO_OP_LDG, 0, 1, 0}; }
static void m_list_op(tprog *T) { T->code[7] = (ordo_insn){ORDO_OP_LLEN, 0, 3, 0}; }
static void m_roll0(tprog *T) { T->code[2] = (ordo_insn){ORDO_OP_ROLL, 0, 0, 0}; }
static void m_call(tprog *T) { T->code[2] = (ordo_insn){ORDO_OP_CALL, 0, 4, 0}; }
static void m_end_x(tprog *T) { T->code[10] = (ordo_insn){ORDO_OP_END, 2, 0, 0}; }
/* DATA reads data[b + m*a + row] for rows 0..a-1: b..b+a-1 must be data */
static const int32_t four_values[4] = {1, 2, 3, 4};
static void m_data_past(tprog *T)
{
    T->p.data = four_values;
    T->p.ndata = 4;
    T->code[7] = (ordo_insn){ORDO_OP_DATA, 0, 3, 2};
}
static void m_data_no_data(tprog *T) { T->code[7] = (ordo_insn){ORDO_OP_DATA, 0, 1, 0}; }
static void m_data_x(tprog *T)
{
    m_data_past(T);
    T->code[7] = (ordo_insn){ORDO_OP_DATA, 2, 2, 0};
}
static void m_data_rows0(tprog *T)
{
    m_data_past(T);
    T->code[7] = (ordo_insn){ORDO_OP_DATA, 0, 0, 0};
}
static void m_data_negative(tprog *T)
{
    m_data_past(T);
    T->code[7] = (ordo_insn){ORDO_OP_DATA, 1, 1, -1};
}

static void test_validate_code(void **state)
{
    (void)state;
    static const vcase cases[] = {
        {"jump", m_jump, "code 10: jump target 99 is not in 0..10"},
        {"negative jump", m_jump_neg, "code 10: jump target -1 is not in 0..10"},
        {"emit arity", m_emit_arity, "code 8: EMIT of 2 args for event 0 (moved) of 1 params"},
        {"fall through", m_fall, "the last instruction (code 10) falls through the end of the code"},
        {"opcode", m_opcode, "code 1: unknown opcode 200"},
        {"offern", m_offern, "code 3: OFFERN of option 0, which has a param"},
        {"option index", m_option_index, "code 3: option index 9 out of bounds"},
        {"step index", m_step_index, "code 0: step index 5 out of bounds"},
        {"ldg dims", m_ldg_dims, "code 7: LDG needs a scalar var without indexes, not var 1 (turns)"},
        {"list op", m_list_op, "code 7: a list instruction on var 3 (x), not a list"},
        {"roll 0", m_roll0, "code 2: ROLL of 0-sided dice"},
        {"call", m_call, "code 2: proc index 4 out of bounds"},
        {"end x", m_end_x, "code 10: END x=2"},
        {"data past", m_data_past, "code 7: DATA x=0 of 3 rows at 2 is outside the 4 data values"},
        {"no data", m_data_no_data, "code 7: DATA x=0 of 1 rows at 0 is outside the 0 data values"},
        {"data x", m_data_x, "code 7: DATA x=2 of 2 rows at 0 is outside the 4 data values"},
        {"data 0 rows", m_data_rows0, "code 7: DATA x=0 of 0 rows at 0 is outside the 4 data values"},
        {"data at -1", m_data_negative, "code 7: DATA x=1 of 1 rows at -1 is outside the 4 data "
                                        "values"},
    };
    check_cases(cases, sizeof cases / sizeof cases[0]);
}

static void m_opt_target(tprog *T) { T->options[0].target = 50; }
static void m_opt_kind(tprog *T) { T->options[0].param_kind = 7; }
static void m_proc_pc(tprog *T) { T->procs[0].pc = 99; }
static void m_proc_guard(tprog *T) { T->procs[0].guard = 99; }
static void m_proc_locals(tprog *T)
{
    T->procs[1] = (ordo_proc){.name = "f", .pc = 0, .nparams = 2, .nlocals = 1};
    T->p.nprocs = 2;
}
static void m_step_parent(tprog *T) { T->steps[0].parent = 3; }
static void m_esc_handler(tprog *T)
{
    T->escapes[0] = (ordo_escape){.label = "concede", .handler = 77, .step = -1};
    T->p.nescapes = 1;
}
static void m_enum_names(tprog *T)
{
    T->names[0] = "red";
    T->names[1] = "green";
    T->p.nnames = 2;
    T->enums[0] = (ordo_enum){.name = "Color", .first = 0, .count = 3};
    T->p.nenums = 1;
}
static void m_event_kind(tprog *T) { T->events[0].param_kind[0] = ORDO_K_ENUM; }
static const ordo_line unsorted_lines[] = {{0, 3, 0}, {2, 4, 0}, {1, 5, 0}};
static void m_lines_order(tprog *T)
{
    T->p.lines = unsorted_lines;
    T->p.nlines = 3;
}
static const ordo_line far_lines[] = {{0, 3, 0}, {9999, 4, 0}};
static void m_lines_pc(tprog *T)
{
    T->p.lines = far_lines;
    T->p.nlines = 2;
}
static const ordo_line file_lines[] = {{0, 3, 0}, {1, 4, 2}};
static const char *const two_files[2] = {"top.ordo", "base.ordo"};
static void m_lines_file(tprog *T) /* file 2 of 2 files */
{
    T->p.lines = file_lines;
    T->p.nlines = 2;
    T->p.files = two_files;
    T->p.nfiles = 2;
}
static void m_files_table(tprog *T) { T->p.nfiles = 2; }

/* Option names, policies and displays (runtime/policy.c, display.c). */
static const char *const opt_names[1] = {"take"};
static const ordo_prefer bad_prefer[1] = {{.name = 2, .by = 0, .when = 0}};
static const ordo_prefer by_proc[1] = {{.name = 1, .by = 1, .when = 0}};
static const ordo_policy far_policy[1] = {{.name = "p", .label = "", .first = 0, .count = 2}};
static const ordo_display_decl bad_display[1] = {{.title = "D", .proc = 7, .line = 1}};
static void m_opt_name(tprog *T) { T->options[0].name = 1; }
static void m_prefer_name(tprog *T)
{
    T->p.option_names = opt_names;
    T->p.noption_names = 1;
    T->p.prefers = bad_prefer;
    T->p.nprefers = 1;
}
static void m_prefer_by(tprog *T) /* proc 0 is the sequence: no fn */
{
    T->p.option_names = opt_names;
    T->p.noption_names = 1;
    T->p.prefers = by_proc;
    T->p.nprefers = 1;
}
static void m_policy_lines(tprog *T)
{
    T->p.policies = far_policy;
    T->p.npolicies = 1;
}
static void m_display_proc(tprog *T)
{
    T->p.displays = bad_display;
    T->p.ndisplays = 1;
}
static void m_names_table(tprog *T) { T->p.noption_names = 3; }

static void test_validate_policies(void **state)
{
    (void)state;
    static const vcase cases[] = {
        {"option name", m_opt_name, "option 0 (take {}): name 1 out of bounds"},
        {"prefer name", m_prefer_name, "prefer line 0: bad option name 2 or by/when fn 0/0"},
        {"prefer by", m_prefer_by, "prefer line 0: bad option name 1 or by/when fn 1/0"},
        {"policy lines", m_policy_lines, "policy 0 (p): no name, or lines 0..2 beyond 0"},
        {"display proc", m_display_proc, "display 0: no title, or proc 7 is not a proc without params"},
        {"names table", m_names_table, "option names, policies, prefers or displays: entries but no table"},
    };
    check_cases(cases, sizeof cases / sizeof cases[0]);
}

static void m_data_table(tprog *T) { T->p.ndata = 3; }

static void test_validate_tables(void **state)
{
    (void)state;
    static const vcase cases[] = {
        {"option target", m_opt_target, "option 0 (take {}): target 50 out of bounds"},
        {"option kind", m_opt_kind, "option 0 (take {}): bad param kind"},
        {"proc pc", m_proc_pc, "proc 0 (sequence): pc 99 out of bounds"},
        {"proc guard", m_proc_guard, "proc 0 (sequence): guard 98 is not a fn of its params"},
        {"proc locals", m_proc_locals, "proc 1 (f): 2 params but 1 locals"},
        {"step parent", m_step_parent, "step 0 (1): parent 3 out of bounds"},
        {"escape handler", m_esc_handler, "escape 0 (concede): handler 77 out of bounds"},
        {"enum names", m_enum_names, "enum 0 (Color): members 0..3 beyond 2 names"},
        {"event kind", m_event_kind, "event 0 (moved): param 0 has a bad kind"},
        {"line order", m_lines_order, "line row 2: pc 1 out of order or out of bounds"},
        {"line pc", m_lines_pc, "line row 1: pc 9999 out of order or out of bounds"},
        {"line file", m_lines_file, "line row 1: file 2 beyond the 2 files"},
        {"files table", m_files_table, "files: 2 entries but no table"},
        {"data table", m_data_table, "data: 3 entries but no table"},
    };
    check_cases(cases, sizeof cases / sizeof cases[0]);
}

/* ------------------------------------------------------- game creation */

static void test_create(void **state)
{
    (void)state;
    tprog *T = valid_prog();
    const ordo_program *p = &T->p;
    size_t n = ordo_game_size(p);
    assert_true(n > p->state_size + p->stack_size * sizeof(int32_t));
    assert_int_equal(n % 8, 0);

    unsigned char *mem = malloc(n + 16); /* malloc: aligned for 8 */
    assert_non_null(mem);
    memset(mem, 0xab, n + 16);
    ordo_game *g = (ordo_game *)mem;
    assert_int_equal(ordo_init(mem, n - 1, p, 2, 7, &g), ORDO_E_ARG);
    assert_null(g);
    assert_int_equal(ordo_init(mem + 1, n, p, 2, 7, &g), ORDO_E_ARG); /* misaligned */
    assert_int_equal(ordo_init(mem, n, p, 1, 7, &g), ORDO_E_ARG);     /* players 2..4 */
    assert_int_equal(ordo_init(mem, n, p, 5, 7, &g), ORDO_E_ARG);
    assert_int_equal(ordo_init(NULL, n, p, 2, 7, &g), ORDO_E_ARG);
    assert_int_equal(ordo_init(mem, n, NULL, 2, 7, &g), ORDO_E_ARG);
    assert_int_equal(ordo_init(mem, n, p, 2, 7, NULL), ORDO_E_ARG);

    assert_int_equal(ordo_init(mem, n, p, 3, 7, &g), ORDO_OK);
    assert_ptr_equal(g, mem);
    assert_int_equal(ordo_size(g), n);
    assert_int_equal(mem[n], 0xab); /* nothing written past the block */
    assert_int_equal(ordo_player_count(g), 3);
    assert_int_equal(ordo_status(g), ORDO_OK);
    assert_int_equal(ordo_decider(g), -1);
    assert_int_equal(ordo_winner(g), -1);
    assert_int_equal(ordo_option_count(g), 0);
    assert_int_equal(ordo_steps(g), 0);
    char buf[32] = "junk";
    assert_int_equal(ordo_error_message(g, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    /* built-in vars */
    assert_int_equal(get(g, 0, 0, 0, 0), -1);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(get(g, 1, i, 0, 0), 0);
        assert_int_equal(get(g, 2, i, 0, 0), 1);
    }

    /* ordo_new gives the same bytes: garbage in caller memory does not matter */
    ordo_game *h = NULL;
    assert_int_equal(ordo_new(p, 3, 7, &h), ORDO_OK);
    assert_same_game(g, h);
    ordo_free(h);
    h = (ordo_game *)mem;
    assert_int_equal(ordo_new(p, 9, 7, &h), ORDO_E_ARG);
    assert_null(h);
    assert_int_equal(ordo_new(NULL, 2, 7, &h), ORDO_E_ARG);
    assert_int_equal(ordo_new(p, 2, 7, NULL), ORDO_E_ARG);
    ordo_free(NULL);

    /* a whole game in caller memory */
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(ordo_choose(g, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    free(mem);
    free(T);
}

static void test_null_arguments(void **state)
{
    (void)state;
    int32_t v;
    char buf[8];
    ordo_event ev = {.seq = 1, .kind = ORDO_EV_TURN, .player = 0, .step = -1};
    assert_int_equal(ordo_run(NULL), ORDO_E_ARG);
    assert_int_equal(ordo_start(NULL, 0, NULL, 0), ORDO_E_ARG);
    assert_int_equal(ordo_exec(NULL, 0, NULL, 0), ORDO_E_ARG);
    assert_int_equal(ordo_eval(NULL, 0, NULL, 0, &v), ORDO_E_ARG);
    assert_int_equal(ordo_status(NULL), ORDO_E_ARG);
    assert_int_equal(ordo_decider(NULL), -1);
    assert_int_equal(ordo_option_count(NULL), 0);
    assert_int_equal(ordo_option_label(NULL, 0, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_choose(NULL, 0), ORDO_E_ARG);
    assert_int_equal(ordo_find_option(NULL, "x"), -1);
    assert_int_equal(ordo_player_count(NULL), ORDO_E_ARG);
    assert_int_equal(ordo_winner(NULL), -1);
    assert_int_equal(ordo_get(NULL, 0, 0, 0, 0, &v), ORDO_E_ARG);
    assert_int_equal(ordo_set(NULL, 0, 0, 0, 0, 0), ORDO_E_ARG);
    assert_int_equal(ordo_size(NULL), 0);
    assert_int_equal(ordo_steps(NULL), 0);
    assert_int_equal(ordo_error_message(NULL, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_event_text(NULL, &ev, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_event_json(NULL, &ev, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_find_var(NULL, "x"), -1);
    assert_int_equal(ordo_format_value(NULL, ORDO_K_INT, 0, 1, buf, sizeof buf), ORDO_E_ARG);
    ordo_set_trace(NULL, record, NULL);
    ordo_set_max_steps(NULL, 5);
    ordo_copy(NULL, NULL);
}

/* --------------------------------------------------------- determinism */

/* 20 rolls of d6, then one of 3d6. */
static tprog *dice_prog(void)
{
    tprog *T = tp_new(1, 2);
    tp_proc(T, "sequence", 0, 1, 0);
    I(PUSH, 0, 0, 0);
    I(STL, 0, 0, 0);
    L(1);
    I(LDL, 0, 0, 0);
    I(PUSH, 0, 0, 20);
    I(LT, 0, 0, 0);
    J(JZ, 2);
    I(PUSH, 0, 0, 1);
    I(ROLL, 0, 6, 0);
    I(POP, 0, 0, 0);
    I(LDL, 0, 0, 0);
    I(PUSH, 0, 0, 1);
    I(ADD, 0, 0, 0);
    I(STL, 0, 0, 0);
    J(JMP, 1);
    L(2);
    I(PUSH, 0, 0, 3);
    I(ROLL, 0, 6, 0);
    I(POP, 0, 0, 0);
    I(RET, 0, 0, 0);
    tp_finish(T);
    return T;
}

static void roll_game(const ordo_program *p, uint64_t seed, rec *r)
{
    memset(r, 0, sizeof *r);
    ordo_game *g = new_game(p, 1, seed);
    ordo_set_trace(g, record, r);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    ordo_free(g);
    assert_int_equal(r->n, 22); /* 21 rolls and the end */
    /* 250 instructions; each die counts one more */
    assert_int_equal(r->steps[21], 250 + 20 + 3);
}

static void test_determinism(void **state)
{
    (void)state;
    tprog *T = dice_prog();
    rec *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b), *c = calloc(1, sizeof *c);
    roll_game(&T->p, 42, a);
    roll_game(&T->p, 42, b);
    roll_game(&T->p, 43, c);
    int differ = 0;
    uint64_t rng = 42; /* the game's generator starts at the seed */
    for (int i = 0; i < 21; i++) {
        const ordo_event *e = &a->ev[i];
        assert_int_equal(e->kind, ORDO_EV_ROLL);
        assert_int_equal(e->seq, (uint32_t)i + 1);
        assert_int_equal(e->nargs, 3);
        assert_int_equal(e->args[0], i < 20 ? 1 : 3);
        assert_int_equal(e->args[1], 6);
        assert_int_equal(e->args[2], b->ev[i].args[2]); /* same seed, same rolls */
        differ |= e->args[2] != c->ev[i].args[2];
        /* each die is 1 + ordo_rng_below(&rng, sides) */
        int32_t want = 0;
        for (int k = 0; k < e->args[0]; k++)
            want += 1 + (int32_t)ordo_rng_below(&rng, 6);
        assert_int_equal(e->args[2], want);
    }
    assert_true(differ);
    assert_int_equal(a->ev[21].kind, ORDO_EV_END);
    free(a);
    free(b);
    free(c);
    free(T);
}

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

/* ----------------------------------------------------------- decisions */

typedef struct dprog {
    tprog *T;
    int x, color, who, getx, s0;
} dprog;

/* Player 2 chooses among "take 3", "paint green", "pass", "give to player 1",
 * "move 12 to 12". */
static dprog decision_prog(void)
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

static void assert_labels(const ordo_game *g, int n, const char *const *want)
{
    char buf[64];
    assert_int_equal(ordo_option_count(g), n);
    for (int i = 0; i < n; i++) {
        assert_true(ordo_option_label(g, i, buf, sizeof buf) >= 0);
        assert_string_equal(buf, want[i]);
    }
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
        {-14, "unknown error"},
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
        cmocka_unit_test(test_validate_header),
        cmocka_unit_test(test_validate_vars),
        cmocka_unit_test(test_validate_code),
        cmocka_unit_test(test_validate_tables),
        cmocka_unit_test(test_validate_policies),
        cmocka_unit_test(test_show_outside_display),
        cmocka_unit_test(test_create),
        cmocka_unit_test(test_null_arguments),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_arithmetic),
        cmocka_unit_test(test_range_checked_stores),
        cmocka_unit_test(test_var_indexing),
        cmocka_unit_test(test_lists),
        cmocka_unit_test(test_data_fields),
        cmocka_unit_test(test_shuffle),
        cmocka_unit_test(test_steps),
        cmocka_unit_test(test_decision),
        cmocka_unit_test(test_decision_errors),
        cmocka_unit_test(test_escapes),
        cmocka_unit_test(test_escape_errors),
        cmocka_unit_test(test_sortp),
        cmocka_unit_test(test_turn_elim),
        cmocka_unit_test(test_end),
        cmocka_unit_test(test_step_limit),
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
    return cmocka_run_group_tests_name("runtime", tests, NULL, NULL);
}

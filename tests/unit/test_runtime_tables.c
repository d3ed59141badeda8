/* test_runtime_tables.c — the runtime through its public API (ordo.h), on
 * programs assembled by hand (asm.h), no compiler involved: validation of
 * inconsistent tables, game creation, determinism. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "runtime_fixture.h"

/* ---------------------------------------------------------- validation */

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
        {"version", m_version, "program version 12, this runtime reads 11"},
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
/* var 3 made a set of 0..100 (two words, 16 bytes) */
static void m_to_set(tprog *T)
{
    T->vars[3].is_set = 1;
    T->vars[3].cap = 101;
    T->vars[3].stride = 16;
    T->p.state_size = 24 + 16;
}
static void m_set_cap(tprog *T)
{
    m_to_set(T);
    T->vars[3].cap = 100;
}
static void m_set_init(tprog *T)
{
    m_to_set(T);
    T->vars[3].init = 7;
}
static void m_set_stride(tprog *T)
{
    m_to_set(T);
    T->vars[3].stride = 8;
}

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
        {"set size", m_set_cap, "var 3 (x): a set of 100 members over 0..100"},
        {"set init", m_set_init, "var 3 (x): a set with a list's layout or an initial value"},
        {"set stride", m_set_stride, "var 3 (x): stride 8 smaller than a cell (16 bytes)"},
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
static void m_set_op(tprog *T) { T->code[7] = (ordo_insn){ORDO_OP_SHAS, 0, 3, 0}; }
static void m_set_ldx(tprog *T)
{
    m_to_set(T);
    T->code[7] = (ordo_insn){ORDO_OP_LDG, 0, 3, 0};
}
static void m_snext_jump(tprog *T)
{
    m_to_set(T);
    T->code[7] = (ordo_insn){ORDO_OP_SNEXT, 0, 3, 99};
}
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

/* a simultaneous group's picks (WAIT x=2's b): 1 + the first of 2 *
 * max_players locals of the waiting proc, which has 1 */
static void m_picks_not_group(tprog *T) { T->code[5].b = 1; }
static void m_picks_beyond(tprog *T) { T->code[5] = (ordo_insn){ORDO_OP_WAIT, 2, 0, 1}; }
static void m_picks_negative(tprog *T) { T->code[5] = (ordo_insn){ORDO_OP_WAIT, 2, 0, -1}; }

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
        {"set op", m_set_op, "code 7: a set instruction on var 3 (x), not a set"},
        {"scalar op on a set", m_set_ldx, "code 7: LDG needs a scalar var without indexes, not "
                                          "var 3 (x)"},
        {"set jump", m_snext_jump, "code 7: jump target 99 is not in 0..10"},
        {"roll 0", m_roll0, "code 2: ROLL of 0-sided dice"},
        {"call", m_call, "code 2: proc index 4 out of bounds"},
        {"end x", m_end_x, "code 10: END x=2"},
        {"data past", m_data_past, "code 7: DATA x=0 of 3 rows at 2 is outside the 4 data values"},
        {"no data", m_data_no_data, "code 7: DATA x=0 of 1 rows at 0 is outside the 0 data values"},
        {"data x", m_data_x, "code 7: DATA x=2"},
        {"data 0 rows", m_data_rows0, "code 7: DATA x=0 of 0 rows at 0 is outside the 4 data values"},
        {"data at -1", m_data_negative, "code 7: DATA x=1 of 1 rows at -1 is outside the 4 data "
                                        "values"},
        {"picks of no group", m_picks_not_group,
         "code 5: WAIT x=0 b=1: no simultaneous group's picks within its proc's locals"},
        {"picks beyond the locals", m_picks_beyond,
         "code 5: WAIT x=2 b=1: no simultaneous group's picks within its proc's locals"},
        {"picks at -1", m_picks_negative,
         "code 5: WAIT x=2 b=-1: no simultaneous group's picks within its proc's locals"},
    };
    check_cases(cases, sizeof cases / sizeof cases[0]);
}

static void m_opt_target(tprog *T) { T->options[0].target = 50; }
static void m_opt_kind(tprog *T) { T->options[0].param_kind = 7; }
static void m_proc_pc(tprog *T) { T->procs[0].pc = 99; }
static void m_proc_guard(tprog *T) { T->procs[0].guard = 99; }
static void m_proc_room(tprog *T)
{
    T->procs[1] = (ordo_proc){.name = "f", .pc = 0, .nparams = 2, .nlocals = 2, .room = 2};
    T->p.nprocs = 2;
}
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
        {"proc room", m_proc_room, "proc 1 (f): room for 2 slots, less than its 2 locals and an operand"},
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


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validate_header),
        cmocka_unit_test(test_validate_vars),
        cmocka_unit_test(test_validate_code),
        cmocka_unit_test(test_validate_tables),
        cmocka_unit_test(test_validate_policies),
        cmocka_unit_test(test_create),
        cmocka_unit_test(test_null_arguments),
        cmocka_unit_test(test_determinism),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

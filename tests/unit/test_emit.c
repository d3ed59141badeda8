/* test_emit.c — the C emitter on a hand-built program: the banner, the
 * instruction lines and their comments, string escaping, empty tables,
 * the data tables' values, the header, the functions' names and #line
 * directives. (The emitted C is compiled and run by tests/e2e/run.sh.) */
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

enum {
#define OP(name, ...) T_OP_##name,
#include "opcode_list.h"
#undef OP
};

static const ordo_insn code[] = {
    {T_OP_STEP, 0, 0, 0},
    {T_OP_PUSH, 0, 0, INT32_MIN},
    {T_OP_POP, 0, 0, 0},
    {T_OP_STEPEND, 0, 0, 0},
    {T_OP_RET, 0, 0, 0},
};
static const ordo_step steps[] = {
    {.number = "2.5.3", .title = "the \"defender\" may flee?\?!", .rule = "TITAN-S5 TITAN-S6",
     .parent = -1, .line = 3},
};
static const ordo_proc procs[] = {
    {.name = "sequence", .pc = 0, .nparams = 0, .nlocals = 0, .line = 2},
};
static const char *const names[] = {"angel", "caf\xc3\xa9"};
static const ordo_enum enums[] = {{.name = "Creature", .first = 0, .count = 2}};
static const ordo_var vars[] = {
    {.name = "active", .offset = 0, .stride = 1, .kind = ORDO_K_PLAYER, .width = 1,
     .lo = -1, .hi = 5, .init = -1},
};

static ordo_program make(void)
{
    ordo_program p;
    memset(&p, 0, sizeof p);
    p.magic = ORDO_PROGRAM_MAGIC;
    p.version = ORDO_PROGRAM_VERSION;
    p.title = "Test */ title";
    p.source = "line1\nline2\ttab\\";
    p.file = "dir/t*/x.ordo";
    p.min_players = 2;
    p.max_players = 4;
    p.code = code;
    p.ncode = sizeof code / sizeof code[0];
    p.steps = steps;
    p.nsteps = 1;
    p.procs = procs;
    p.nprocs = 1;
    p.names = names;
    p.nnames = 2;
    p.enums = enums;
    p.nenums = 1;
    p.vars = vars;
    p.nvars = 1;
    p.stack_size = 16;
    p.max_frames = 2;
    return p;
}

/* The C of p; cname: the C file's name its #line directives give (NULL:
 * none, and no directive). */
static char *emit_as(const ordo_program *p, const char *sym, const char *cname, char **hdr,
                     const char *hname)
{
    char *buf = NULL, *hbuf = NULL;
    size_t n = 0, hn = 0;
    FILE *f = open_memstream(&buf, &n);
    FILE *h = hdr ? open_memstream(&hbuf, &hn) : NULL;
    assert_non_null(f);
    assert_int_equal(oc_emit_c(p, sym, f, cname, h, hname), 0);
    fclose(f);
    if (h) {
        fclose(h);
        *hdr = hbuf;
    }
    return buf;
}

static char *emit(const ordo_program *p, const char *sym, char **hdr, const char *hname)
{
    return emit_as(p, sym, NULL, hdr, hname);
}

static void test_banner_and_includes(void **state)
{
    (void)state;
    ordo_program p = make();
    char *c = emit(&p, "t_program", NULL, NULL);
    /* the comment end inside the file name is broken up */
    assert_non_null(strstr(c, "/* generated from dir/t* /x.ordo by ordoc " ORDO_VERSION
                              " \xe2\x80\x94 do not edit */\n"));
    assert_non_null(strstr(c, "#include \"ordo.h\"\n"));
    assert_non_null(strstr(c, "#include \"opcodes.h\"\n"));
    assert_non_null(strstr(c, "extern const ordo_program t_program;\n"));
    assert_non_null(strstr(c, "const ordo_program t_program = {\n"));
    assert_non_null(strstr(c, ".magic = ORDO_PROGRAM_MAGIC,"));
    free(c);
}

static void test_code_lines(void **state)
{
    (void)state;
    ordo_program p = make();
    char *c = emit(&p, "t_program", NULL, NULL);
    assert_non_null(strstr(c, "    /* proc sequence */\n    {ORDO_OP_STEP, 0, 0, 0},"));
    assert_non_null(strstr(c, "/* 0: step 2.5.3 [TITAN-S5 TITAN-S6] */\n"));
    assert_non_null(strstr(c, "{ORDO_OP_PUSH, 0, 0, (-2147483647 - 1)},"));
    assert_non_null(strstr(c, "/* 1 */\n"));
    assert_non_null(strstr(c, "{ORDO_OP_RET, 0, 0, 0},"));
    assert_non_null(strstr(c, "/* 4 */\n};"));
    free(c);
}

static void test_strings_escaped(void **state)
{
    (void)state;
    ordo_program p = make();
    char *c = emit(&p, "t_program", NULL, NULL);
    assert_non_null(strstr(c, ".source = \"line1\\nline2\\ttab\\\\\","));
    assert_non_null(strstr(c, "\"the \\\"defender\\\" may flee?\\?!\""));
    assert_non_null(strstr(c, "\"caf\\303\\251\""));
    assert_non_null(strstr(c, ".title = \"Test */ title\","));  /* in a string: fine */
    assert_non_null(strstr(c, "/* ruleset: Test * / title */"));
    free(c);
}

static void test_empty_tables_are_null(void **state)
{
    (void)state;
    ordo_program p = make();
    char *c = emit(&p, "t_program", NULL, NULL);
    assert_non_null(strstr(c, ".options = NULL, .noptions = 0,"));
    assert_non_null(strstr(c, ".items = NULL, .nitems = 0,"));
    assert_non_null(strstr(c, ".code = t_program_code, .ncode = 5,"));
    assert_null(strstr(c, "t_program_options"));
    assert_non_null(strstr(c, ".kind = ORDO_K_PLAYER"));
    assert_non_null(strstr(c, ".lo = -1, .hi = 5, .init = -1"));
    free(c);
}

static void test_header(void **state)
{
    (void)state;
    ordo_program p = make();
    char *h = NULL;
    char *c = emit(&p, "t_program", &h, "out/t-1.h");
    assert_non_null(strstr(c, "#include \"t-1.h\"\n"));
    assert_null(strstr(c, "extern const"));
    assert_non_null(strstr(h, "#ifndef ORDO_GEN_T_1_H_\n#define ORDO_GEN_T_1_H_\n"));
    assert_non_null(strstr(h, "extern const ordo_program t_program;\n"));
    free(c);
    free(h);
}

static void test_bad_symbol(void **state)
{
    (void)state;
    ordo_program p = make();
    FILE *f = tmpfile();
    assert_int_equal(oc_emit_c(&p, "9lives", f, NULL, NULL, NULL), -1);
    assert_int_equal(oc_emit_c(&p, "a-b", f, NULL, NULL, NULL), -1);
    assert_int_equal(oc_emit_c(&p, "", f, NULL, NULL, NULL), -1);
    fclose(f);
}

/* the data tables' values: an array, ten a line, INT32_MIN spelled so that
 * it is an int; no data, no array (tests/e2e/run.sh runs the emitted C of
 * a ruleset with tables against the interpreter) */
static void test_data(void **state)
{
    (void)state;
    static const int32_t data[12] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, INT32_MIN, -5};
    ordo_program p = make();
    char *c = emit(&p, "t_program", NULL, NULL);
    assert_null(strstr(c, "t_program_data"));
    assert_null(strstr(c, ".data ="));
    free(c);
    p.data = data;
    p.ndata = 12;
    c = emit(&p, "t_program", NULL, NULL);
    assert_non_null(strstr(c, "static const int32_t t_program_data[12] = {\n"
                              "    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n"
                              "    (-2147483647 - 1), -5,\n};\n"));
    assert_non_null(strstr(c, "    .data = t_program_data, .ndata = 12,\n"));
    free(c);
}

/* the same program twice gives the same bytes */
static void test_deterministic(void **state)
{
    (void)state;
    ordo_program p = make();
    char *a = emit(&p, "t_program", NULL, NULL);
    char *b = emit(&p, "t_program", NULL, NULL);
    assert_string_equal(a, b);
    free(a);
    free(b);
}

/* An ADD of two one-byte cells cannot overflow: no check; a SUB of two
 * locals (any int32) keeps the interpreter's overflow check. The steps
 * of the run are counted at once: on the way to the interpreter (the six
 * before the SUB) and before the RET (all eight before it). */
static void test_overflow_check_by_range(void **state)
{
    (void)state;
    static const ordo_insn arith[] = {
        {T_OP_LDG, 0, 0, 0}, {T_OP_LDG, 0, 0, 0}, {T_OP_ADD, 0, 0, 0}, {T_OP_POP, 0, 0, 0},
        {T_OP_LDL, 0, 0, 0}, {T_OP_LDL, 0, 1, 0}, {T_OP_SUB, 0, 0, 0}, {T_OP_POP, 0, 0, 0},
        {T_OP_RET, 0, 0, 0}};
    static const ordo_proc one[] = {{.name = "sequence", .pc = 0, .nlocals = 2, .line = 2}};
    ordo_program p = make();
    p.code = arith, p.procs = one;
    p.ncode = sizeof arith / sizeof arith[0], p.nsteps = 0;
    char *c = emit(&p, "t", NULL, NULL);
    assert_non_null(strstr(c, "/* 2 ADD */\n    t0 = t0 + t1;\n"));
    assert_non_null(strstr(c, "steps += 6; ON_AT(6u, "));
    assert_non_null(strstr(c, "/* 8 RET */\n    steps += 8;\n"));
    const char *check = strstr(c, "r_ < INT32_MIN || r_ > INT32_MAX"), *sub = strstr(c, "/* 6 SUB */");
    assert_non_null(check);
    assert_non_null(sub);
    assert_true(sub < check);
    assert_null(strstr(check + 1, "r_ < INT32_MIN || r_ > INT32_MAX"));
    free(c);
}

/* A CALL of a short proc that calls nothing is its code in place, its
 * RET back to the caller's next pc; a CALL of a proc that calls is a C
 * call of its function. */
static void test_short_callee_in_place(void **state)
{
    (void)state;
    static const ordo_insn calls[] = {
        {T_OP_CALL, 0, 1, 0}, {T_OP_CALL, 0, 2, 0}, {T_OP_RET, 0, 0, 0}, /* sequence */
        {T_OP_NOP, 0, 0, 0},  {T_OP_RET, 0, 0, 0},                       /* leaf */
        {T_OP_CALL, 0, 1, 0}, {T_OP_RET, 0, 0, 0}};                      /* caller */
    static const ordo_proc three[] = {{.name = "sequence", .pc = 0, .line = 2},
                                      {.name = "leaf", .pc = 3, .line = 3},
                                      {.name = "caller", .pc = 5, .line = 4}};
    ordo_program p = make();
    p.code = calls, p.procs = three;
    p.ncode = sizeof calls / sizeof calls[0], p.nprocs = 3, p.nsteps = 0;
    p.max_frames = 4;
    char *c = emit(&p, "t", NULL, NULL);
    assert_null(strstr(c, "ON_CALL(t_leaf"));
    assert_non_null(strstr(c, "ON_CALL(t_caller, 5u, 0u)"));
    assert_non_null(strstr(c, "/* 4 RET */\n    steps++;\n"
                              "    if (nframes - 1u == base) { ON_AT(4u, 0u); goto slow; }\n"
                              "    { ON_RETURN(); steps++; goto pc_1; }\npc_1:;\n"));
    assert_non_null(strstr(c, "{ ON_RETURN(); steps++; goto pc_6; }\npc_6:;\n"));
    free(c);
}

/* Each proc's function is named after it, as a C identifier, a name
 * taken first (by another proc's, or the file's tables) with the proc's
 * index; its code stands under the #line of its rule, its scaffolding
 * under the line back to the C file. */
static void test_names_and_lines(void **state)
{
    (void)state;
    static const ordo_insn rets[] = {
        {T_OP_RET, 0, 0, 0}, {T_OP_RET, 0, 0, 0}, {T_OP_RET, 0, 0, 0}, {T_OP_RET, 0, 0, 0}};
    static const ordo_proc named[] = {
        {.name = "sequence", .pc = 0, .line = 2}, {.name = "run", .pc = 1, .line = 3},
        {.name = "a-b", .pc = 2, .line = 4},      {.name = "a_b", .pc = 3, .line = 5}};
    static const ordo_line lines[] = {{0, 2, 0}, {1, 3, 0}, {2, 4, 0}, {3, 5, 0}};
    ordo_program p = make();
    /* four procs of one RET each, a line each: no step */
    p.code = rets, p.procs = named, p.lines = lines;
    p.ncode = p.nprocs = p.nlines = 4, p.nsteps = 0;
    char *c = emit_as(&p, "t", "out/\"x\".c", NULL, NULL);
    assert_non_null(strstr(c, "static int t_sequence(ordo_game *g"));
    assert_non_null(strstr(c, "static int t_run_1(ordo_game *g"));
    assert_non_null(strstr(c, "static int t_a_b(ordo_game *g"));
    assert_non_null(strstr(c, "static int t_a_b_3(ordo_game *g"));
    const char *at = strstr(c, "#line 4 \"dir/t*/x.ordo\"\n");
    assert_non_null(at);
    /* the line after the directive is the C file's next */
    const char *back = strstr(at, "#line ");
    back = back ? strstr(back + 1, "#line ") : NULL;
    while (back && strncmp(back, "#line 4 ", 8) == 0)
        back = strstr(back + 1, "#line ");
    assert_non_null(back);
    unsigned long n = strtoul(back + 6, NULL, 10), line = 1;
    for (const char *s = c; s < back; s++)
        line += *s == '\n';
    assert_int_equal(n, line + 1);
    assert_non_null(strstr(back, " \"out/\\\"x\\\".c\"\n"));
    free(c);
    c = emit(&p, "t", NULL, NULL);
    assert_null(strstr(c, "\n#line "));
    free(c);
}

/* The rules' names of a proc's slots (oc_local_names): its params and
 * lets, a slot shared in turn by sibling blocks' locals naming them all;
 * the C reads a name alone as fp[L_name] and the shared slot with its
 * names in a comment. */
static void test_local_names(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, "tests/e2e/data/tiny.ordo");
    int k = proc_named(p, "take_turn");
    assert_true(k >= 0);
    const char *const *const *names = oc_local_names(c, p);
    assert_non_null(names);
    assert_string_equal(names[k][0], "p");
    assert_string_equal(names[k][1], "c, r"); /* the option's c (1.1), the let r (1.2) */
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_int_equal(oc_emit_c_named(p, "tiny_program", f, NULL, NULL, NULL, names), 0);
    fclose(f);
    const char *fn = strstr(buf, "static int tiny_program_take_turn(");
    assert_non_null(fn);
    assert_non_null(strstr(fn, "enum { L_p = 0 };"));
    assert_non_null(strstr(fn, "fp[L_p]"));
    assert_non_null(strstr(fn, "fp[1 /* c, r */]"));
    free(buf);
    oc_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_banner_and_includes), cmocka_unit_test(test_code_lines),
        cmocka_unit_test(test_strings_escaped),     cmocka_unit_test(test_empty_tables_are_null),
        cmocka_unit_test(test_header),              cmocka_unit_test(test_bad_symbol),
        cmocka_unit_test(test_deterministic),       cmocka_unit_test(test_data),
        cmocka_unit_test(test_names_and_lines),     cmocka_unit_test(test_local_names),
        cmocka_unit_test(test_overflow_check_by_range),
        cmocka_unit_test(test_short_callee_in_place),
    };
    return cmocka_run_group_tests_name("emit_c", tests, NULL, NULL);
}

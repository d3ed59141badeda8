/* test_diag.c — positions in several files (dsl/diag.c): a compilation
 * reads a layer, the rulesets it extends and CSV files; the top 8 bits of
 * ast_loc.line say which file a position is in. Messages name that file,
 * show its line with the caret, and file 0 (the one the diag was made for)
 * is unchanged; a CSV read as file N carries N in its cells' positions;
 * diag_add_file refuses the file after the last number. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "csv.h"
#include "diag.h"

typedef struct io {
    oc_arena *a;
    diag d;
    FILE *out;
    char *buf;
    size_t len;
} io;

static const char top[] = "ruleset \"t\"\nextends \"base.ordo\"\n";
static const char base[] = "ruleset \"b\"\nvar x: 0..9\n\tx = true\n";
static const char csv[] = "level,bonus\n1,white\nx,blue\n";

static io *open_io(void)
{
    io *x = calloc(1, sizeof *x);
    assert_non_null(x);
    x->a = arena_new();
    x->out = open_memstream(&x->buf, &x->len);
    assert_non_null(x->out);
    diag_init(&x->d, x->a, x->out, "dir/top.ordo", top, sizeof top - 1);
    return x;
}

/* everything reported so far */
static const char *msgs(io *x)
{
    fflush(x->out);
    return x->buf ? x->buf : "";
}

static void close_io(io *x)
{
    fclose(x->out);
    free(x->buf);
    arena_free(x->a);
    free(x);
}

static ast_loc at(int file, uint32_t line, uint32_t col)
{
    return (ast_loc){file ? diag_first_line((uint32_t)file) - 1 + line : line, col};
}

static void test_line_and_file_bits(void **state)
{
    (void)state;
    ast_loc l = {diag_first_line(3) + 41, 7};
    assert_int_equal(ast_file_of(l), 3);
    assert_int_equal(ast_line(l), 42);
    assert_int_equal(ast_file_of((ast_loc){42, 1}), 0);
    assert_int_equal(ast_line((ast_loc){42, 1}), 42);
    assert_int_equal(diag_first_line(0), 1);
}

static void test_messages_name_their_file(void **state)
{
    (void)state;
    io *x = open_io();
    int b = diag_add_file(&x->d, "dir/base.ordo", base, sizeof base - 1);
    assert_int_equal(b, 1);
    assert_string_equal(diag_path(&x->d, 0), "dir/top.ordo");
    assert_string_equal(diag_path(&x->d, 1), "dir/base.ordo");
    /* a tab before the column is copied under it */
    diag_error(&x->d, at(b, 3, 6), "the value assigned must be int, not bool");
    diag_note(&x->d, at(0, 2, 9), "extended here");
    /* line 0: the whole file */
    diag_error(&x->d, at(b, 0, 0), "file too large");
    assert_string_equal(msgs(x), "dir/base.ordo:3:6: error: the value assigned must be int, not bool\n"
                                 "\tx = true\n"
                                 "\t    ^\n"
                                 "dir/top.ordo:2:9: note: extended here\n"
                                 "extends \"base.ordo\"\n"
                                 "        ^\n"
                                 "dir/base.ordo: error: file too large\n");
    assert_int_equal(x->d.errors, 2);
    close_io(x);
}

/* each file's lines are indexed on its own: file 0's, built first, stay */
static void test_files_in_any_order(void **state)
{
    (void)state;
    io *x = open_io();
    diag_error(&x->d, at(0, 1, 1), "one");
    int b = diag_add_file(&x->d, "base.ordo", base, sizeof base - 1);
    int c = diag_add_file(&x->d, "cards.csv", csv, sizeof csv - 1);
    assert_int_equal(c, 2);
    diag_error(&x->d, at(c, 2, 3), "two");
    diag_error(&x->d, at(b, 2, 1), "three");
    diag_error(&x->d, at(0, 2, 1), "four");
    diag_error(&x->d, at(c, 9, 1), "past the end"); /* no line to show */
    assert_string_equal(msgs(x), "dir/top.ordo:1:1: error: one\n"
                                 "ruleset \"t\"\n"
                                 "^\n"
                                 "cards.csv:2:3: error: two\n"
                                 "1,white\n"
                                 "  ^\n"
                                 "base.ordo:2:1: error: three\n"
                                 "var x: 0..9\n"
                                 "^\n"
                                 "dir/top.ordo:2:1: error: four\n"
                                 "extends \"base.ordo\"\n"
                                 "^\n"
                                 "cards.csv:9:1: error: past the end\n");
    close_io(x);
}

static void test_csv_cells_carry_the_file(void **state)
{
    (void)state;
    io *x = open_io();
    diag_add_file(&x->d, "base.ordo", base, sizeof base - 1);
    int c = diag_add_file(&x->d, "data/cards.csv", csv, sizeof csv - 1);
    csv_table t;
    assert_int_equal(csv_read_file(x->a, &x->d, (uint32_t)c, csv, sizeof csv - 1, &t), 0);
    assert_int_equal(t.nrows, 2);
    const csv_field *cell = csv_cell(&t, 1, 0);
    assert_int_equal(ast_file_of(cell->loc), 2);
    assert_int_equal(ast_line(cell->loc), 3);
    assert_int_equal(cell->loc.col, 1);
    int32_t v = 0;
    assert_int_equal(csv_cell_int(&x->d, &t, 1, 0, 1, 3, &v), -1);
    assert_string_equal(msgs(x), "data/cards.csv:3:1: error: expected an integer in 1..3 in "
                                 "column 'level', found 'x'\n"
                                 "x,blue\n"
                                 "^\n");
    /* a CSV error in file 2 */
    static const char bad[] = "a,b\n1,\"2\n";
    int d2 = diag_add_file(&x->d, "bad.csv", bad, sizeof bad - 1);
    assert_int_equal(csv_read_file(x->a, &x->d, (uint32_t)d2, bad, sizeof bad - 1, &t), -1);
    assert_non_null(strstr(msgs(x), "bad.csv:2:3: error: unterminated quoted field\n"
                                    "1,\"2\n"
                                    "  ^\n"));
    close_io(x);
}

static void test_too_many_files(void **state)
{
    (void)state;
    io *x = open_io();
    for (int k = 1; k < DIAG_MAX_FILES; k++)
        assert_int_equal(diag_add_file(&x->d, "f.csv", csv, sizeof csv - 1), k);
    assert_int_equal(diag_add_file(&x->d, "one.csv", csv, sizeof csv - 1), -1);
    assert_string_equal(diag_path(&x->d, DIAG_MAX_FILES - 1), "f.csv");
    /* a number never handed out falls back to file 0 */
    assert_string_equal(diag_path(&x->d, DIAG_MAX_FILES), "dir/top.ordo");
    close_io(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_and_file_bits),
        cmocka_unit_test(test_messages_name_their_file),
        cmocka_unit_test(test_files_in_any_order),
        cmocka_unit_test(test_csv_cells_carry_the_file),
        cmocka_unit_test(test_too_many_files),
    };
    return cmocka_run_group_tests_name("diag", tests, NULL, NULL);
}

/* test_csv.c — the CSV reader for data tables (dsl/csv.c): header and
 * cells with their line:col, quoted fields (commas, line ends, ""), CR LF,
 * the byte order mark, comments and blank lines, trimming, a last line
 * without its line end; every error with its exact message and position,
 * all reported in one run without cascading; csv_cell_int's bounds and bad
 * inputs; and the Splendor tables copied into rulesets/data/splendor/,
 * which are read from the repository root, where tests/tools/run_all.sh
 * runs the unit tests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "csv.h"

/* ------------------------------------------------------------ harness */

typedef struct rd {
    oc_arena *a;
    diag d;
    FILE *out;      /* the diagnostics, in memory: buf and len */
    char *buf;
    size_t len;
    size_t seen;    /* how much of buf new_msgs has returned */
    char *text;     /* a file's contents, when read from one */
    csv_table t;
    int rc;
} rd;

/* Reads src[0..n) as the file `path`. */
static rd *read_as(const char *path, const char *src, size_t n)
{
    rd *x = calloc(1, sizeof *x);
    assert_non_null(x);
    x->a = arena_new();
    assert_non_null(x->a);
    x->out = open_memstream(&x->buf, &x->len);
    assert_non_null(x->out);
    diag_init(&x->d, x->a, x->out, path, src, n);
    x->rc = csv_read(x->a, &x->d, src, n, &x->t);
    fflush(x->out);
    return x;
}

static rd *rd_str(const char *src)
{
    return read_as("t.csv", src, strlen(src));
}

static void done(rd *x)
{
    fclose(x->out);
    free(x->buf);
    free(x->text);
    arena_free(x->a);
    free(x);
}

static const char *msgs(rd *x)
{
    fflush(x->out);
    return x->buf ? x->buf : "";
}

/* The diagnostics since the last call. */
static const char *new_msgs(rd *x)
{
    const char *m = msgs(x) + x->seen;
    x->seen = x->len;
    return m;
}

/* A clean read: no diagnostic, and a table of ncols x nrows. */
static void clean(rd *x, uint32_t ncols, uint32_t nrows)
{
    if (x->rc != 0 || x->d.errors || x->d.warnings)
        fail_msg("unexpected diagnostics:\n%s", msgs(x));
    assert_int_equal(x->t.ncols, ncols);
    assert_int_equal(x->t.nrows, nrows);
}

static void field_is(const csv_field *f, const char *text, unsigned line, unsigned col)
{
    assert_string_equal(f->text, text);
    if (f->loc.line != line || f->loc.col != col)
        fail_msg("'%s' at %u:%u, expected %u:%u", f->text, f->loc.line, f->loc.col, line, col);
}

static void head_is(const rd *x, uint32_t c, const char *text, unsigned line, unsigned col)
{
    assert_true(c < x->t.ncols);
    field_is(&x->t.head[c], text, line, col);
}

static void cell_is(const rd *x, uint32_t r, uint32_t c, const char *text, unsigned line,
                    unsigned col)
{
    assert_true(r < x->t.nrows && c < x->t.ncols);
    field_is(csv_cell(&x->t, r, c), text, line, col);
}

/* ------------------------------------------------------------- tables */

static void test_normal_file(void **state)
{
    (void)state;
    rd *x = rd_str("level,bonus,points\n"
                   "1,white,0\n"
                   "2,blue,3\n");
    clean(x, 3, 2);
    head_is(x, 0, "level", 1, 1);
    head_is(x, 1, "bonus", 1, 7);
    head_is(x, 2, "points", 1, 13);
    cell_is(x, 0, 0, "1", 2, 1);
    cell_is(x, 0, 1, "white", 2, 3);
    cell_is(x, 0, 2, "0", 2, 9);
    cell_is(x, 1, 0, "2", 3, 1);
    cell_is(x, 1, 1, "blue", 3, 3);
    cell_is(x, 1, 2, "3", 3, 8);
    done(x);

    /* a header alone; one column */
    x = rd_str("a,b\n");
    clean(x, 2, 0);
    done(x);
    x = rd_str("name\nx\ny\n");
    clean(x, 1, 2);
    cell_is(x, 1, 0, "y", 3, 1);
    done(x);

    /* empty cells sit where their text would start */
    x = rd_str("a,b,c\n,,\n");
    clean(x, 3, 1);
    cell_is(x, 0, 0, "", 2, 1);
    cell_is(x, 0, 1, "", 2, 2);
    cell_is(x, 0, 2, "", 2, 3);
    done(x);

    /* errors reported before the read do not make it fail */
    oc_arena *a = arena_new();
    diag d;
    csv_table t;
    diag_init(&d, a, stderr, "t.csv", "a\n1\n", 4);
    d.errors = 2;
    assert_int_equal(csv_read(a, &d, "a\n1\n", 4, &t), 0);
    assert_int_equal(d.errors, 2);
    assert_int_equal(t.nrows, 1);
    arena_free(a);
}

static void test_quoted_fields(void **state)
{
    (void)state;
    rd *x = rd_str("name,text,n\n"
                   "\"a,b\",\"say \"\"hi\"\"\",1\n"
                   "\"two\n"
                   "lines\",\"\",2\n"
                   "x,\"\"\"\",3\n"
                   "12\" ruler,a\"b,\"#\"\n");
    clean(x, 3, 4);
    cell_is(x, 0, 0, "a,b", 2, 1);
    cell_is(x, 0, 1, "say \"hi\"", 2, 7);
    cell_is(x, 0, 2, "1", 2, 20);
    /* a line end inside quotes is text, and moves the line count on */
    cell_is(x, 1, 0, "two\nlines", 3, 1);
    cell_is(x, 1, 1, "", 4, 8);
    cell_is(x, 1, 2, "2", 4, 11);
    cell_is(x, 2, 0, "x", 5, 1);
    cell_is(x, 2, 1, "\"", 5, 3);
    cell_is(x, 2, 2, "3", 5, 8);
    /* a quote inside an unquoted field is an ordinary character */
    cell_is(x, 3, 0, "12\" ruler", 6, 1);
    cell_is(x, 3, 1, "a\"b", 6, 11);
    cell_is(x, 3, 2, "#", 6, 15);
    done(x);

    /* a quoted header name */
    x = rd_str("\"level, tier\",b\n1,2\n");
    clean(x, 2, 1);
    head_is(x, 0, "level, tier", 1, 1);
    head_is(x, 1, "b", 1, 15);
    assert_int_equal(csv_find_column(&x->t, "level, tier"), 0);
    done(x);
}

/* A header of 200,000 columns: duplicates are found by sorting, so this
 * takes milliseconds (the pairwise search it replaced took minutes). */
static void test_wide_header(void **state)
{
    (void)state;
    enum { N = 200000 };
    size_t cap = (size_t)N * 9 + 16, n = 0;
    char *src = malloc(cap);
    assert_non_null(src);
    for (int i = 0; i < N; i++)
        n += (size_t)snprintf(src + n, cap - n, "%sc%d", i ? "," : "", i);
    src[n++] = '\n';
    src[n] = 0;
    rd *x = rd_str(src);
    clean(x, N, 0);
    done(x);

    /* the same name again at the end: reported there, with a note at the first */
    n -= 1;
    n += (size_t)snprintf(src + n, cap - n, ",c7\n");
    x = rd_str(src);
    assert_int_equal(x->rc, -1);
    const char *m = msgs(x);
    assert_non_null(strstr(m, "error: duplicate column 'c7'"));
    assert_non_null(strstr(m, "t.csv:1:22: note: previous column here"));
    const char *first = strstr(m, "error:");
    assert_null(strstr(first + 1, "error:")); /* one error, no cascade */
    done(x);
    free(src);
}

static void test_crlf(void **state)
{
    (void)state;
    rd *x = rd_str("a,b\r\n"
                   "1,\"x\r\n"
                   "y\"\r\n"
                   "\r\n"
                   "3 ,4\r\n");
    clean(x, 2, 2);
    head_is(x, 1, "b", 1, 3);
    cell_is(x, 0, 0, "1", 2, 1);
    cell_is(x, 0, 1, "x\ny", 2, 3); /* CR LF inside quotes is LF */
    cell_is(x, 1, 0, "3", 5, 1);
    cell_is(x, 1, 1, "4", 5, 4);
    done(x);

    /* a lone CR ends a line (old Mac files): not one row of everything */
    x = rd_str("a,b\r1,2\r\"x\ry\",4\r");
    clean(x, 2, 2);
    cell_is(x, 0, 0, "1", 2, 1);
    cell_is(x, 0, 1, "2", 2, 3);
    cell_is(x, 1, 0, "x\ny", 3, 1); /* inside quotes a lone CR is LF too */
    cell_is(x, 1, 1, "4", 4, 4);
    done(x);

    /* a message in such a file points at its line */
    x = rd_str("a,b\r1,2\r1,2,3\r");
    assert_int_equal(x->rc, -1);
    assert_string_equal(msgs(x), "t.csv:3:5: error: row has 3 fields; the header has 2\n"
                                 "1,2,3\n"
                                 "    ^\n");
    done(x);

    /* a CR at the very end ends the line too */
    x = rd_str("a,b\r\n1,2\r");
    clean(x, 2, 1);
    cell_is(x, 0, 1, "2", 2, 3);
    done(x);

    /* the source line under a message leaves its CR out */
    x = rd_str("a,b\r\n1,2,3\r\n");
    assert_int_equal(x->rc, -1);
    assert_string_equal(msgs(x), "t.csv:2:5: error: row has 3 fields; the header has 2\n"
                                 "1,2,3\n"
                                 "    ^\n");
    done(x);
}

static void test_byte_order_mark(void **state)
{
    (void)state;
    rd *x = rd_str("\xEF\xBB\xBFlevel,bonus\n1,white\n");
    clean(x, 2, 1);
    /* not part of the first name, and not counted in columns */
    head_is(x, 0, "level", 1, 1);
    head_is(x, 1, "bonus", 1, 7);
    assert_int_equal(csv_find_column(&x->t, "level"), 0);
    cell_is(x, 0, 1, "white", 2, 3);
    done(x);

    /* so the caret lines up under the name, the mark being invisible */
    x = rd_str("\xEF\xBB\xBF" "a,a\n");
    assert_int_equal(x->rc, -1);
    assert_string_equal(msgs(x), "t.csv:1:3: error: duplicate column 'a'\n"
                                 "\xEF\xBB\xBF" "a,a\n"
                                 "  ^\n"
                                 "t.csv:1:1: note: previous column here\n"
                                 "\xEF\xBB\xBF" "a,a\n"
                                 "^\n");
    done(x);

    /* a comment may follow it; a mark further on is data */
    x = rd_str("\xEF\xBB\xBF# from the shared data\nname\n\xEF\xBB\xBFx\n");
    clean(x, 1, 1);
    head_is(x, 0, "name", 2, 1);
    cell_is(x, 0, 0, "\xEF\xBB\xBFx", 3, 1);
    done(x);

    /* a file of only the mark has no header */
    x = rd_str("\xEF\xBB\xBF");
    assert_string_equal(msgs(x), "t.csv: error: CSV file has no header line\n");
    done(x);
}

static void test_comments_and_blank_lines(void **state)
{
    (void)state;
    rd *x = rd_str("# Splendor nobles\n"
                   "\n"
                   "points,white\n"
                   "  \t \n"
                   "# a comment row, with a comma\n"
                   "3,4\n"
                   "\n"
                   "#\n"
                   " #3,\"#4\"\n"
                   "\"#5\",6\n"
                   "\n"
                   "  \n");
    clean(x, 2, 3);
    head_is(x, 0, "points", 3, 1);
    head_is(x, 1, "white", 3, 8);
    cell_is(x, 0, 0, "3", 6, 1);
    cell_is(x, 0, 1, "4", 6, 3);
    /* only a '#' in column 1 starts a comment */
    cell_is(x, 1, 0, "#3", 9, 2);
    cell_is(x, 1, 1, "#4", 9, 5);
    cell_is(x, 2, 0, "#5", 10, 1);
    cell_is(x, 2, 1, "6", 10, 6);
    done(x);

    /* a comment and a blank line as the last lines, without line ends */
    x = rd_str("a\n1\n# end");
    clean(x, 1, 1);
    done(x);
    x = rd_str("a\n1\n \t");
    clean(x, 1, 1);
    done(x);
}

static void test_trimming(void **state)
{
    (void)state;
    rd *x = rd_str("  a ,\tb\t, c d \n"
                   " 1 , \" 2 \" ,3\n");
    clean(x, 3, 1);
    head_is(x, 0, "a", 1, 3);
    head_is(x, 1, "b", 1, 7);
    head_is(x, 2, "c d", 1, 11); /* blanks inside are kept */
    cell_is(x, 0, 0, "1", 2, 2);
    cell_is(x, 0, 1, " 2 ", 2, 6); /* quotes keep theirs */
    cell_is(x, 0, 2, "3", 2, 13);
    done(x);

    /* a field of blanks is empty, placed after them */
    x = rd_str("a,b\n1,  \n");
    clean(x, 2, 1);
    cell_is(x, 0, 1, "", 2, 5);
    done(x);
}

static void test_no_final_newline(void **state)
{
    (void)state;
    rd *x = rd_str("a,b\n1,2");
    clean(x, 2, 1);
    cell_is(x, 0, 1, "2", 2, 3);
    done(x);

    x = rd_str("a,b\n1,");
    clean(x, 2, 1);
    cell_is(x, 0, 1, "", 2, 3);
    done(x);

    x = rd_str("a,b\n\"x\",\"y\"");
    clean(x, 2, 1);
    cell_is(x, 0, 1, "y", 2, 5);
    done(x);

    x = rd_str("a");
    clean(x, 1, 0);
    head_is(x, 0, "a", 1, 1);
    done(x);

    /* the text need not be NUL-terminated: only len bytes are read */
    const char buf[] = {'a', ',', 'b', '\n', '1', ',', '2', '9', '9'};
    x = read_as("t.csv", buf, 7);
    clean(x, 2, 1);
    cell_is(x, 0, 1, "2", 2, 3);
    done(x);
}

/* ------------------------------------------------------------- errors */

static void test_no_header(void **state)
{
    (void)state;
    rd *x = rd_str("");
    assert_int_equal(x->rc, -1);
    assert_int_equal(x->d.errors, 1);
    assert_string_equal(msgs(x), "t.csv: error: CSV file has no header line\n");
    done(x);

    x = rd_str("# only a comment\n\n  \t\n");
    assert_int_equal(x->rc, -1);
    assert_string_equal(msgs(x), "t.csv: error: CSV file has no header line\n");
    done(x);
}

static void test_duplicate_column(void **state)
{
    (void)state;
    rd *x = rd_str("level,bonus,level,level\n1,2,3,4\n");
    assert_int_equal(x->rc, -1);
    assert_int_equal(x->d.errors, 2);
    /* each repeat points back at the first */
    assert_string_equal(msgs(x), "t.csv:1:13: error: duplicate column 'level'\n"
                                 "level,bonus,level,level\n"
                                 "            ^\n"
                                 "t.csv:1:1: note: previous column here\n"
                                 "level,bonus,level,level\n"
                                 "^\n"
                                 "t.csv:1:19: error: duplicate column 'level'\n"
                                 "level,bonus,level,level\n"
                                 "                  ^\n"
                                 "t.csv:1:1: note: previous column here\n"
                                 "level,bonus,level,level\n"
                                 "^\n");
    /* the rows are still read, against the header's 4 fields */
    assert_int_equal(x->t.ncols, 4);
    assert_int_equal(x->t.nrows, 1);
    done(x);
}

static void test_column_without_name(void **state)
{
    (void)state;
    /* an empty, a quoted empty and a trailing one; none is a duplicate of
     * another */
    rd *x = rd_str("a,,\"\", c,\n1,2,3,4,5\n");
    assert_int_equal(x->rc, -1);
    assert_int_equal(x->d.errors, 3);
    assert_string_equal(msgs(x), "t.csv:1:3: error: column 2 has no name\n"
                                 "a,,\"\", c,\n"
                                 "  ^\n"
                                 "t.csv:1:4: error: column 3 has no name\n"
                                 "a,,\"\", c,\n"
                                 "   ^\n"
                                 "t.csv:1:10: error: column 5 has no name\n"
                                 "a,,\"\", c,\n"
                                 "         ^\n");
    done(x);
}

static void test_wrong_number_of_fields(void **state)
{
    (void)state;
    rd *x = rd_str("a,b,c\n"
                   "1,2\n"
                   "1,2,3,4,5\n"
                   "7,8,9\n"
                   "x\n"
                   "\"p\n"
                   "q\",1\n"
                   "4,5,6\n");
    assert_int_equal(x->rc, -1);
    assert_int_equal(x->d.errors, 4);
    /* too few: at the row's first cell; too many: at the first extra one */
    assert_string_equal(msgs(x), "t.csv:2:1: error: row has 2 fields; the header has 3\n"
                                 "1,2\n"
                                 "^\n"
                                 "t.csv:3:7: error: row has 5 fields; the header has 3\n"
                                 "1,2,3,4,5\n"
                                 "      ^\n"
                                 "t.csv:5:1: error: row has 1 field; the header has 3\n"
                                 "x\n"
                                 "^\n"
                                 "t.csv:6:1: error: row has 2 fields; the header has 3\n"
                                 "\"p\n"
                                 "^\n");
    /* the bad rows are left out; the lines after them are counted right */
    assert_int_equal(x->t.nrows, 2);
    cell_is(x, 0, 0, "7", 4, 1);
    cell_is(x, 1, 2, "6", 8, 5);
    done(x);
}

static void test_unterminated_quote(void **state)
{
    (void)state;
    /* it takes the rest of the file: one error, no row count errors */
    rd *x = rd_str("a,b\n"
                   "1,2\n"
                   "3,\"open\n"
                   "4,5\n"
                   "6\n");
    assert_int_equal(x->rc, -1);
    assert_int_equal(x->d.errors, 1);
    assert_string_equal(msgs(x), "t.csv:3:3: error: unterminated quoted field\n"
                                 "3,\"open\n"
                                 "  ^\n");
    done(x);

    /* in the header; and "" at the end is an escaped quote, not the close */
    x = rd_str("a,\"b\n1,2\n");
    assert_int_equal(x->d.errors, 1);
    assert_string_equal(msgs(x), "t.csv:1:3: error: unterminated quoted field\n"
                                 "a,\"b\n"
                                 "  ^\n");
    done(x);
    x = rd_str("a\n\"x\"\"");
    assert_int_equal(x->d.errors, 1);
    assert_string_equal(msgs(x), "t.csv:2:1: error: unterminated quoted field\n"
                                 "\"x\"\"\n"
                                 "^\n");
    done(x);
}

static void test_text_after_closing_quote(void **state)
{
    (void)state;
    rd *x = rd_str("a,b,c\n"
                   "\"x\"y,\"z\" ,1\n"
                   "\"p\" q r,2,3\n");
    assert_int_equal(x->rc, -1);
    /* one error per field; the blank after "z" is fine */
    assert_int_equal(x->d.errors, 2);
    assert_string_equal(msgs(x), "t.csv:2:4: error: unexpected character after closing quote\n"
                                 "\"x\"y,\"z\" ,1\n"
                                 "   ^\n"
                                 "t.csv:3:5: error: unexpected character after closing quote\n"
                                 "\"p\" q r,2,3\n"
                                 "    ^\n");
    /* the rest of the field is skipped, the row goes on */
    assert_int_equal(x->t.nrows, 2);
    cell_is(x, 0, 0, "x", 2, 1);
    cell_is(x, 0, 1, "z", 2, 6);
    cell_is(x, 1, 2, "3", 3, 11);
    done(x);
}

/* Every kind of error in one file: each reported once, in order. */
static void test_every_error_in_one_run(void **state)
{
    (void)state;
    rd *x = rd_str("a,a,\n"
                   "1,2,3\n"
                   "1,2\n"
                   "\"q\"x,2,3\n"
                   "1,2,3,4\n"
                   "\"never closed,2,3\n"
                   "1,2\n");
    assert_int_equal(x->rc, -1);
    assert_int_equal(x->d.errors, 6);
    assert_string_equal(msgs(x), "t.csv:1:3: error: duplicate column 'a'\n"
                                 "a,a,\n"
                                 "  ^\n"
                                 "t.csv:1:1: note: previous column here\n"
                                 "a,a,\n"
                                 "^\n"
                                 "t.csv:1:5: error: column 3 has no name\n"
                                 "a,a,\n"
                                 "    ^\n"
                                 "t.csv:3:1: error: row has 2 fields; the header has 3\n"
                                 "1,2\n"
                                 "^\n"
                                 "t.csv:4:4: error: unexpected character after closing quote\n"
                                 "\"q\"x,2,3\n"
                                 "   ^\n"
                                 "t.csv:5:7: error: row has 4 fields; the header has 3\n"
                                 "1,2,3,4\n"
                                 "      ^\n"
                                 "t.csv:6:1: error: unterminated quoted field\n"
                                 "\"never closed,2,3\n"
                                 "^\n");
    done(x);
}

/* -------------------------------------------------------------- cells */

static void test_find_column(void **state)
{
    (void)state;
    rd *x = rd_str("level,bonus,points\n");
    clean(x, 3, 0);
    assert_int_equal(csv_find_column(&x->t, "level"), 0);
    assert_int_equal(csv_find_column(&x->t, "bonus"), 1);
    assert_int_equal(csv_find_column(&x->t, "points"), 2);
    assert_int_equal(csv_find_column(&x->t, "Level"), -1);
    assert_int_equal(csv_find_column(&x->t, "point"), -1);
    assert_int_equal(csv_find_column(&x->t, ""), -1);
    done(x);
}

/* csv_cell_int on (r, c) succeeds with `want`. */
static void int_is(rd *x, uint32_t r, uint32_t c, int32_t lo, int32_t hi, int32_t want)
{
    int32_t v = 12345;
    if (csv_cell_int(&x->d, &x->t, r, c, lo, hi, &v) != 0)
        fail_msg("cell %u,%u: %s", r, c, new_msgs(x));
    assert_int_equal(v, want);
}

/* csv_cell_int on (r, c) fails with the message `msg` (its first line),
 * leaving the result alone. */
static void int_fails(rd *x, uint32_t r, uint32_t c, int32_t lo, int32_t hi, const char *msg)
{
    int32_t v = 12345;
    int errors = x->d.errors;
    assert_int_equal(csv_cell_int(&x->d, &x->t, r, c, lo, hi, &v), -1);
    assert_int_equal(v, 12345);
    assert_int_equal(x->d.errors, errors + 1);
    const char *m = new_msgs(x);
    const char *nl = strchr(m, '\n');
    assert_non_null(nl);
    if (strlen(msg) != (size_t)(nl - m) || memcmp(m, msg, strlen(msg)) != 0)
        fail_msg("got:\n%s\nexpected:\n%s", m, msg);
}

static void test_cell_int(void **state)
{
    (void)state;
    rd *x = rd_str("n,m\n"
                   "0,-0\n"
                   "7,007\n"
                   "-5,2147483647\n"
                   "-2147483648,8\n"
                   "1.5,12abc\n"
                   ",+3\n"
                   "-,\" 4\"\n"
                   "99999999999,-2147483649\n"
                   "--1,1-\n"
                   "\"\",x y\n"
                   "-99999999999999999999999,0x10\n");
    clean(x, 2, 11);
    /* good values; both bounds are inclusive */
    int_is(x, 0, 0, 0, 7, 0);
    int_is(x, 0, 1, 0, 7, 0);
    int_is(x, 1, 0, 0, 7, 7);
    int_is(x, 1, 1, 0, 7, 7);
    int_is(x, 2, 0, -5, 5, -5);
    int_is(x, 2, 1, INT32_MIN, INT32_MAX, INT32_MAX);
    int_is(x, 3, 0, INT32_MIN, INT32_MAX, INT32_MIN);
    int_is(x, 3, 1, 8, 8, 8);

    /* out of range, with the whole message once */
    int32_t v = 1;
    assert_int_equal(csv_cell_int(&x->d, &x->t, 3, 1, 0, 7, &v), -1);
    assert_string_equal(new_msgs(x),
                        "t.csv:5:13: error: expected an integer in 0..7 in column 'm', found '8'\n"
                        "-2147483648,8\n"
                        "            ^\n");
    int_fails(x, 1, 0, 0, 6, "t.csv:3:1: error: expected an integer in 0..6 in column 'n', "
                             "found '7'");
    int_fails(x, 2, 0, -4, 5, "t.csv:4:1: error: expected an integer in -4..5 in column 'n', "
                              "found '-5'");
    int_fails(x, 7, 0, INT32_MIN, INT32_MAX,
              "t.csv:9:1: error: expected an integer in -2147483648..2147483647 in column 'n', "
              "found '99999999999'");
    int_fails(x, 7, 1, INT32_MIN, INT32_MAX,
              "t.csv:9:13: error: expected an integer in -2147483648..2147483647 in column "
              "'m', found '-2147483649'");
    int_fails(x, 10, 0, INT32_MIN, INT32_MAX,
              "t.csv:12:1: error: expected an integer in -2147483648..2147483647 in column "
              "'n', found '-99999999999999999999999'");

    /* not integers */
    int_fails(x, 4, 0, 0, 9, "t.csv:6:1: error: expected an integer in 0..9 in column 'n', "
                             "found '1.5'");
    int_fails(x, 4, 1, 0, 99, "t.csv:6:5: error: expected an integer in 0..99 in column 'm', "
                              "found '12abc'");
    int_fails(x, 5, 1, 0, 9, "t.csv:7:2: error: expected an integer in 0..9 in column 'm', "
                             "found '+3'");
    int_fails(x, 6, 0, -9, 9, "t.csv:8:1: error: expected an integer in -9..9 in column 'n', "
                              "found '-'");
    int_fails(x, 6, 1, 0, 9, "t.csv:8:3: error: expected an integer in 0..9 in column 'm', "
                             "found ' 4'"); /* quoted blanks are kept */
    int_fails(x, 8, 0, -9, 9, "t.csv:10:1: error: expected an integer in -9..9 in column 'n', "
                              "found '--1'");
    int_fails(x, 8, 1, -9, 9, "t.csv:10:5: error: expected an integer in -9..9 in column 'm', "
                              "found '1-'");
    int_fails(x, 9, 1, 0, 9, "t.csv:11:4: error: expected an integer in 0..9 in column 'm', "
                             "found 'x y'");
    int_fails(x, 10, 1, 0, 99, "t.csv:12:26: error: expected an integer in 0..99 in column "
                               "'m', found '0x10'");

    /* empty cells, quoted or not */
    int_fails(x, 5, 0, 0, 9, "t.csv:7:1: error: expected an integer in 0..9 in column 'n', "
                             "found an empty cell");
    int_fails(x, 9, 0, 0, 9, "t.csv:11:1: error: expected an integer in 0..9 in column 'n', "
                             "found an empty cell");
    done(x);
}

/* A cell quoted in a message stops at its first line end and after 40
 * bytes, never inside a UTF-8 character. */
static void test_cell_int_long_text(void **state)
{
    (void)state;
    rd *x = rd_str("t\n"
                   "\"line one\nline two\"\n"
                   "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n"
                   "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xC3\xA9zz\n"
                   "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n");
    clean(x, 1, 4);
    int_fails(x, 0, 0, 0, 9, "t.csv:2:1: error: expected an integer in 0..9 in column 't', "
                             "found 'line one...'");
    int_fails(x, 1, 0, 0, 9, "t.csv:4:1: error: expected an integer in 0..9 in column 't', "
                             "found 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'");
    int_fails(x, 2, 0, 0, 9, "t.csv:5:1: error: expected an integer in 0..9 in column 't', "
                             "found 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'");
    /* exactly 40 bytes: all of it */
    int_fails(x, 3, 0, 0, 9, "t.csv:6:1: error: expected an integer in 0..9 in column 't', "
                             "found 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'");
    done(x);
}

/* --------------------------------------------------- the Splendor data */

/* Reads a file of the repository (the tests run from its root). */
static rd *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s (unit tests run from the repository root)", path);
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    size_t got;
    while ((got = fread(text + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            text = realloc(text, cap);
            assert_non_null(text);
        }
    }
    fclose(f);
    rd *x = read_as(path, text, n);
    x->text = text;
    return x;
}

static void header_is(const rd *x, const char *const *names, uint32_t n)
{
    assert_int_equal(x->t.ncols, n);
    for (uint32_t c = 0; c < n; c++) {
        assert_string_equal(x->t.head[c].text, names[c]);
        assert_int_equal(x->t.head[c].loc.line, 1);
    }
}

static void test_splendor_cards(void **state)
{
    (void)state;
    rd *x = read_file("rulesets/data/splendor/cards.csv");
    clean(x, 8, 90);
    static const char *const names[] = {"level", "bonus", "points", "white",
                                        "blue",  "green", "red",    "black"};
    header_is(x, names, 8);
    static const char *const gems[] = {"white", "blue", "green", "red", "black"};
    int per_level[4] = {0}, per_bonus[4][5] = {{0}};
    for (uint32_t r = 0; r < x->t.nrows; r++) {
        int32_t level, v;
        assert_int_equal(csv_cell_int(&x->d, &x->t, r, 0, 1, 3, &level), 0);
        per_level[level]++;
        const char *bonus = csv_cell(&x->t, r, 1)->text;
        int g = 0;
        while (g < 5 && strcmp(bonus, gems[g]) != 0)
            g++;
        if (g == 5)
            fail_msg("row %u: bonus '%s'", r + 2, bonus);
        per_bonus[level][g]++;
        assert_int_equal(csv_cell_int(&x->d, &x->t, r, 2, 0, 5, &v), 0);
        for (uint32_t c = 3; c < 8; c++)
            assert_int_equal(csv_cell_int(&x->d, &x->t, r, c, 0, 7, &v), 0);
    }
    assert_int_equal(per_level[1], 40);
    assert_int_equal(per_level[2], 30);
    assert_int_equal(per_level[3], 20);
    /* 8/6/4 cards of each bonus colour per level */
    for (int g = 0; g < 5; g++) {
        assert_int_equal(per_bonus[1][g], 8);
        assert_int_equal(per_bonus[2][g], 6);
        assert_int_equal(per_bonus[3][g], 4);
    }
    cell_is(x, 89, 7, "3", 91, 19);
    assert_string_equal(msgs(x), "");
    done(x);
}

static void test_splendor_nobles(void **state)
{
    (void)state;
    rd *x = read_file("rulesets/data/splendor/nobles.csv");
    clean(x, 6, 10);
    static const char *const names[] = {"points", "white", "blue", "green", "red", "black"};
    header_is(x, names, 6);
    for (uint32_t r = 0; r < x->t.nrows; r++) {
        int32_t v, sum = 0;
        assert_int_equal(csv_cell_int(&x->d, &x->t, r, 0, 3, 3, &v), 0);
        for (uint32_t c = 1; c < 6; c++) {
            assert_int_equal(csv_cell_int(&x->d, &x->t, r, c, 0, 4, &v), 0);
            sum += v;
        }
        assert_true(sum == 8 || sum == 9); /* 4+4 or 3+3+3 */
    }
    assert_string_equal(msgs(x), "");
    done(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_normal_file),
        cmocka_unit_test(test_quoted_fields),
        cmocka_unit_test(test_crlf),
        cmocka_unit_test(test_wide_header),
        cmocka_unit_test(test_byte_order_mark),
        cmocka_unit_test(test_comments_and_blank_lines),
        cmocka_unit_test(test_trimming),
        cmocka_unit_test(test_no_final_newline),
        cmocka_unit_test(test_no_header),
        cmocka_unit_test(test_duplicate_column),
        cmocka_unit_test(test_column_without_name),
        cmocka_unit_test(test_wrong_number_of_fields),
        cmocka_unit_test(test_unterminated_quote),
        cmocka_unit_test(test_text_after_closing_quote),
        cmocka_unit_test(test_every_error_in_one_run),
        cmocka_unit_test(test_find_column),
        cmocka_unit_test(test_cell_int),
        cmocka_unit_test(test_cell_int_long_text),
        cmocka_unit_test(test_splendor_cards),
        cmocka_unit_test(test_splendor_nobles),
    };
    return cmocka_run_group_tests_name("csv", tests, NULL, NULL);
}

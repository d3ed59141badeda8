/* test_lexer.c — the ordo tokens (dsl/lexer.l): every keyword, names, numbers,
 * step numbers, dice, strings and their escapes, operators, comments, the
 * line:col and byte offsets of each token, the end-of-input position, and
 * the lexical errors (stray characters, unterminated strings, unknown
 * escapes, huge integers) with their exact messages — the scanner goes on
 * after each, so one run reports them all.
 *
 * The scanner is driven directly through the reentrant flex API the parser
 * itself uses (yylex_init_extra / yy_scan_bytes / yylex / yylex_destroy,
 * with `struct lex_extra` from the generated parser.h); a few tests go
 * through ast_parse to check the positions that reach the tree. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fe_harness.h"
#include "parser.h"

/* Exported by the flex scanner (declared the same way in dsl/parser.y). */
int yylex_init_extra(struct lex_extra *x, yyscan_t *s);
int yylex_destroy(yyscan_t s);
void *yy_scan_bytes(const char *bytes, int len, yyscan_t s);

/* ------------------------------------------------------------ harness */

typedef struct tok {
    int kind;
    YYSTYPE v;
    YYLTYPE l;
} tok;

typedef struct lx {
    fe io; /* the arena, and the diagnostics in memory */
    struct lex_extra x;
    yyscan_t s;
    tok t[256];
    int n;
} lx;

/* Scans all of src (up to and including the end-of-input token). */
static lx *scan(const char *src)
{
    lx *l = calloc(1, sizeof *l);
    assert_non_null(l);
    fe_open(&l->io, "t.ordo", src);
    l->x.arena = l->io.a;
    l->x.diag = &l->io.d;
    l->x.src = src;
    l->x.line = 1;
    l->x.col = 1;
    l->x.file = ARENA_NEW(l->io.a, ast_file);
    assert_int_equal(yylex_init_extra(&l->x, &l->s), 0);
    yy_scan_bytes(src, (int)strlen(src), l->s);
    for (;;) {
        assert_true(l->n < 256);
        tok *t = &l->t[l->n++];
        t->kind = yylex(&t->v, &t->l, l->s);
        if (t->kind == T_EOF)
            break;
    }
    yylex_destroy(l->s);
    fflush(l->io.out);
    return l;
}

/* Frees what scan made (done() is for the harness made by parse()). */
static void scan_done(lx *l)
{
    fe_close(&l->io);
    free(l);
}

/* Token i: kind, line, first column, last column. */
static void at(const lx *l, int i, int kind, int line, int col, int last_col)
{
    assert_true(i < l->n);
    const tok *t = &l->t[i];
    if (t->kind != kind)
        fail_msg("token %d: kind %d, expected %d", i, t->kind, kind);
    assert_int_equal(t->l.first_line, line);
    assert_int_equal(t->l.last_line, line);
    assert_int_equal(t->l.first_column, col);
    assert_int_equal(t->l.last_column, last_col);
}

/* The token's text as the byte offsets give it. */
static void text_is(const lx *l, int i, const char *want)
{
    const tok *t = &l->t[i];
    size_t n = t->l.last_off - t->l.first_off;
    assert_int_equal(n, strlen(want));
    assert_memory_equal(l->io.src + t->l.first_off, want, n);
}

/* ------------------------------------------------------------- tokens */

static void test_keywords(void **state)
{
    (void)state;
    static const struct { const char *word; int kind; } kw[] = {
        {"ruleset", T_RULESET}, {"source", T_SOURCE}, {"players", T_PLAYERS},
        {"enum", T_ENUM}, {"const", T_CONST}, {"var", T_VAR}, {"event", T_EVENT},
        {"fn", T_FN}, {"proc", T_PROC}, {"sequence", T_SEQUENCE}, {"scenario", T_SCENARIO},
        {"step", T_STEP}, {"cite", T_CITE}, {"first", T_FIRST}, {"turn", T_TURN},
        {"only", T_ONLY}, {"optional", T_OPTIONAL}, {"by", T_BY}, {"if", T_IF},
        {"else", T_ELSE}, {"repeat", T_REPEAT}, {"until", T_UNTIL}, {"while", T_WHILE},
        {"exit", T_EXIT}, {"when", T_WHEN}, {"for", T_FOR}, {"in", T_IN},
        {"where", T_WHERE}, {"asc", T_ASC}, {"desc", T_DESC}, {"choose", T_CHOOSE},
        {"option", T_OPTION}, {"scope", T_SCOPE}, {"escape", T_ESCAPE},
        {"window", T_WINDOW}, {"emit", T_EMIT}, {"log", T_LOG}, {"end", T_END},
        {"game", T_GAME}, {"winner", T_WINNER}, {"return", T_RETURN}, {"let", T_LET},
        {"int", T_INT}, {"bool", T_BOOL}, {"player", T_PLAYER}, {"list", T_LIST},
        {"of", T_OF}, {"true", T_TRUE}, {"false", T_FALSE}, {"none", T_NONE},
        {"active", T_ACTIVE}, {"roll", T_ROLL}, {"count", T_COUNT}, {"any", T_ANY},
        {"all", T_ALL}, {"sum", T_SUM}, {"min", T_MIN}, {"max", T_MAX}, {"add", T_ADD},
        {"to", T_TO}, {"remove", T_REMOVE}, {"at", T_AT}, {"from", T_FROM},
        {"clear", T_CLEAR}, {"shuffle", T_SHUFFLE}, {"assert", T_ASSERT},
        {"and", T_AND}, {"or", T_OR}, {"not", T_NOT}, {"eliminate", T_ELIMINATE},
        {"setup", T_SETUP}, {"play", T_PLAY}, {"expect", T_EXPECT},
        {"offered", T_OFFERED}, {"decision", T_DECISION}, {"before", T_BEFORE},
        {"after", T_AFTER}, {"ran", T_RAN}, {"seed", T_SEED}, {"then", T_THEN},
        {"substitute", T_SUBSTITUTE}, {"capped", T_CAPPED}, {"start", T_START},
        {"rotate", T_ROTATE}, {"round", T_ROUND}, {"pass", T_PASS},
    };
    size_t nkw = sizeof kw / sizeof kw[0];
    /* all of them on one line, one space apart: kinds and columns */
    char src[2048] = "";
    for (size_t i = 0; i < nkw; i++) {
        strcat(src, kw[i].word);
        strcat(src, " ");
    }
    lx *l = scan(src);
    assert_int_equal(l->n, (int)nkw + 1);
    int col = 1;
    for (size_t i = 0; i < nkw; i++) {
        int len = (int)strlen(kw[i].word);
        at(l, (int)i, kw[i].kind, 1, col, col + len - 1);
        text_is(l, (int)i, kw[i].word);
        col += len + 1;
    }
    at(l, (int)nkw, T_EOF, 1, col, col);
    assert_string_equal(msgs(&l->io), "");
    scan_done(l);

    /* a keyword is a whole word: longer words, other cases and built-in
     * function names are plain names */
    l = scan("steps Step rolls d first_ in_game last len abs turns over no _");
    static const char *const names[] = {"steps", "Step", "rolls", "d", "first_", "in_game",
                                        "last", "len", "abs", "turns", "over", "no", "_"};
    assert_int_equal(l->n, 14);
    for (int i = 0; i < 13; i++) {
        assert_int_equal(l->t[i].kind, T_IDENT);
        assert_string_equal(l->t[i].v.str, names[i]);
    }
    scan_done(l);
}

static void test_names(void **state)
{
    (void)state;
    lx *l = scan("tower _x1 A_B9 legion_points");
    at(l, 0, T_IDENT, 1, 1, 5);
    assert_string_equal(l->t[0].v.str, "tower");
    at(l, 1, T_IDENT, 1, 7, 9);
    assert_string_equal(l->t[1].v.str, "_x1");
    at(l, 2, T_IDENT, 1, 11, 14);
    assert_string_equal(l->t[2].v.str, "A_B9");
    at(l, 3, T_IDENT, 1, 16, 28);
    assert_string_equal(l->t[3].v.str, "legion_points");
    at(l, 4, T_EOF, 1, 29, 29);
    /* the name is a NUL-terminated copy, not a pointer into the text */
    assert_ptr_not_equal(l->t[0].v.str, l->io.src);
    scan_done(l);
}

static void test_numbers_and_step_numbers(void **state)
{
    (void)state;
    lx *l = scan("0 42 2147483648 9223372036854775807 2.5.6.4.1 1.2 007");
    at(l, 0, T_NUMBER, 1, 1, 1);
    assert_true(l->t[0].v.num == 0);
    at(l, 1, T_NUMBER, 1, 3, 4);
    assert_true(l->t[1].v.num == 42);
    at(l, 2, T_NUMBER, 1, 6, 15);
    assert_true(l->t[2].v.num == 2147483648LL); /* range checks are resolution's */
    at(l, 3, T_NUMBER, 1, 17, 35);
    assert_true(l->t[3].v.num == INT64_MAX);
    at(l, 4, T_STEPNUM, 1, 37, 45);
    assert_string_equal(l->t[4].v.str, "2.5.6.4.1");
    at(l, 5, T_STEPNUM, 1, 47, 49);
    assert_string_equal(l->t[5].v.str, "1.2");
    at(l, 6, T_NUMBER, 1, 51, 53);
    assert_true(l->t[6].v.num == 7);
    at(l, 7, T_EOF, 1, 54, 54);
    assert_string_equal(msgs(&l->io), "");
    scan_done(l);

    /* a range is not a step number: 1..6 is NUMBER .. NUMBER */
    l = scan("1..6 -3..-1");
    at(l, 0, T_NUMBER, 1, 1, 1);
    at(l, 1, T_DOTDOT, 1, 2, 3);
    at(l, 2, T_NUMBER, 1, 4, 4);
    assert_true(l->t[2].v.num == 6);
    at(l, 3, '-', 1, 6, 6);
    at(l, 4, T_NUMBER, 1, 7, 7);
    at(l, 5, T_DOTDOT, 1, 8, 9);
    at(l, 6, '-', 1, 10, 10);
    at(l, 7, T_NUMBER, 1, 11, 11);
    at(l, 8, T_EOF, 1, 12, 12);
    scan_done(l);

    /* a trailing dot is not part of a step number: it is the field dot */
    l = scan("2.5.");
    at(l, 0, T_STEPNUM, 1, 1, 3);
    assert_string_equal(l->t[0].v.str, "2.5");
    at(l, 1, '.', 1, 4, 4);
    assert_int_equal(l->io.d.errors, 0);
    scan_done(l);
}

static void test_dice(void **state)
{
    (void)state;
    lx *l = scan("d6 2d6 d20 10d100 d6x d 3 d6");
    at(l, 0, T_DIE, 1, 1, 2);
    assert_true(l->t[0].v.dice.count == 1 && l->t[0].v.dice.sides == 6);
    at(l, 1, T_DICE, 1, 4, 6);
    assert_true(l->t[1].v.dice.count == 2 && l->t[1].v.dice.sides == 6);
    at(l, 2, T_DIE, 1, 8, 10);
    assert_true(l->t[2].v.dice.sides == 20);
    at(l, 3, T_DICE, 1, 12, 17);
    assert_true(l->t[3].v.dice.count == 10 && l->t[3].v.dice.sides == 100);
    /* longest match: d6x is a name, d alone is a name */
    at(l, 4, T_IDENT, 1, 19, 21);
    assert_string_equal(l->t[4].v.str, "d6x");
    at(l, 5, T_IDENT, 1, 23, 23);
    assert_string_equal(l->t[5].v.str, "d");
    /* `3 d6` (n dice written apart) is a number and a die */
    at(l, 6, T_NUMBER, 1, 25, 25);
    at(l, 7, T_DIE, 1, 27, 28);
    at(l, 8, T_EOF, 1, 29, 29);
    assert_string_equal(msgs(&l->io), "");
    scan_done(l);
}

static void test_strings(void **state)
{
    (void)state;
    lx *l = scan("\"plain\" \"say \\\"hi\\\"\" \"a\\\\b\" \"two\\nlines\" \"\" \"move {s} now\"");
    at(l, 0, T_STRING, 1, 1, 7);
    assert_string_equal(l->t[0].v.str, "plain");
    at(l, 1, T_STRING, 1, 9, 20);
    assert_string_equal(l->t[1].v.str, "say \"hi\"");
    text_is(l, 1, "\"say \\\"hi\\\"\"");
    at(l, 2, T_STRING, 1, 22, 27);
    assert_string_equal(l->t[2].v.str, "a\\b");
    at(l, 3, T_STRING, 1, 29, 40);
    assert_string_equal(l->t[3].v.str, "two\nlines");
    at(l, 4, T_STRING, 1, 42, 43);
    assert_string_equal(l->t[4].v.str, "");
    /* placeholders are kept as written (resolution binds them) */
    at(l, 5, T_STRING, 1, 45, 58);
    assert_string_equal(l->t[5].v.str, "move {s} now");
    at(l, 6, T_EOF, 1, 59, 59);
    assert_string_equal(msgs(&l->io), "");
    scan_done(l);

    /* a '#' inside a string is text, not a comment */
    l = scan("\"#1\" # comment \"not a string\"\nx");
    at(l, 0, T_STRING, 1, 1, 4);
    assert_string_equal(l->t[0].v.str, "#1");
    at(l, 1, T_IDENT, 2, 1, 1);
    at(l, 2, T_EOF, 2, 2, 2);
    scan_done(l);
}

static void test_operators(void **state)
{
    (void)state;
    lx *l = scan("== != <= >= += -= < > = + - * / % ( ) [ ] { } , : ..");
    static const int kinds[] = {T_EQ, T_NE, T_LE, T_GE, T_PLUSEQ, T_MINUSEQ, '<', '>', '=',
                                '+', '-', '*', '/', '%', '(', ')', '[', ']', '{', '}', ',',
                                ':', T_DOTDOT};
    int n = (int)(sizeof kinds / sizeof kinds[0]);
    assert_int_equal(l->n, n + 1);
    int col = 1;
    for (int i = 0; i < n; i++) {
        int w = i < 6 || i == n - 1 ? 2 : 1;
        at(l, i, kinds[i], 1, col, col + w - 1);
        col += w + 1;
    }
    assert_string_equal(msgs(&l->io), "");
    scan_done(l);

    /* maximal munch without blanks */
    l = scan("a+=1;");
    at(l, 0, T_IDENT, 1, 1, 1);
    at(l, 1, T_PLUSEQ, 1, 2, 3);
    at(l, 2, T_NUMBER, 1, 4, 4);
    at(l, 3, T_EOF, 1, 6, 6);
    assert_string_equal(msgs(&l->io), "t.ordo:1:5: error: stray ';' in program\n"
                                      "a+=1;\n"
                                      "    ^\n");
    scan_done(l);

    l = scan("x<=-1==y");
    at(l, 0, T_IDENT, 1, 1, 1);
    at(l, 1, T_LE, 1, 2, 3);
    at(l, 2, '-', 1, 4, 4);
    at(l, 3, T_NUMBER, 1, 5, 5);
    at(l, 4, T_EQ, 1, 6, 7);
    at(l, 5, T_IDENT, 1, 8, 8);
    scan_done(l);
}

/* ----------------------------------------------------------- positions */

static void test_lines_columns_offsets(void **state)
{
    (void)state;
    const char *src = "# heading comment\n"
                      "ruleset \"T\"  # trailing\n"
                      "\n"
                      "\tstep\t2.5 {\r\n"
                      "    x = 10\n"
                      "}";
    lx *l = scan(src);
    at(l, 0, T_RULESET, 2, 1, 7);
    assert_int_equal(l->t[0].l.first_off, 18);
    assert_int_equal(l->t[0].l.last_off, 25);
    at(l, 1, T_STRING, 2, 9, 11);
    text_is(l, 1, "\"T\"");
    /* a tab counts as one column */
    at(l, 2, T_STEP, 4, 2, 5);
    at(l, 3, T_STEPNUM, 4, 7, 9);
    at(l, 4, '{', 4, 11, 11);
    /* CR LF: the CR is a blank, the next line starts at column 1 */
    at(l, 5, T_IDENT, 5, 5, 5);
    at(l, 6, '=', 5, 7, 7);
    at(l, 7, T_NUMBER, 5, 9, 10);
    text_is(l, 7, "10");
    at(l, 8, '}', 6, 1, 1);
    /* the end: just past the last character */
    at(l, 9, T_EOF, 6, 2, 2);
    assert_int_equal(l->t[9].l.first_off, strlen(src));
    assert_int_equal(l->t[9].l.last_off, strlen(src));
    assert_string_equal(msgs(&l->io), "");
    scan_done(l);

    /* a file ending in a newline: the end is at column 1 of the next line */
    l = scan("x\n");
    at(l, 1, T_EOF, 2, 1, 1);
    scan_done(l);
    l = scan("");
    at(l, 0, T_EOF, 1, 1, 1);
    scan_done(l);
    /* a comment on the last line without a newline */
    l = scan("y # no newline");
    at(l, 0, T_IDENT, 1, 1, 1);
    at(l, 1, T_EOF, 1, 15, 15);
    scan_done(l);
}

/* -------------------------------------------------------------- errors */

static void test_stray_characters(void **state)
{
    (void)state;
    /* each stray is reported, skipped, and scanning goes on */
    lx *l = scan("a @ b\n  $c;\n");
    at(l, 0, T_IDENT, 1, 1, 1);
    at(l, 1, T_IDENT, 1, 5, 5);
    assert_string_equal(l->t[1].v.str, "b");
    at(l, 2, T_IDENT, 2, 4, 4);
    assert_string_equal(l->t[2].v.str, "c");
    at(l, 3, T_EOF, 3, 1, 1);
    assert_int_equal(l->io.d.errors, 3);
    assert_string_equal(msgs(&l->io), "t.ordo:1:3: error: stray '@' in program\n"
                                      "a @ b\n"
                                      "  ^\n"
                                      "t.ordo:2:3: error: stray '$' in program\n"
                                      "  $c;\n"
                                      "  ^\n"
                                      "t.ordo:2:5: error: stray ';' in program\n"
                                      "  $c;\n"
                                      "    ^\n");
    scan_done(l);

    /* bytes outside printable ASCII are named in octal, one error per byte
     * (a UTF-8 letter is two); a tab before it keeps the caret aligned */
    l = scan("\tx\001 caf\xc3\xa9");
    at(l, 0, T_IDENT, 1, 2, 2);
    at(l, 1, T_IDENT, 1, 5, 7);
    assert_string_equal(l->t[1].v.str, "caf");
    assert_int_equal(l->io.d.errors, 3);
    assert_string_equal(msgs(&l->io), "t.ordo:1:3: error: stray '\\1' in program\n"
                                      "\tx\001 caf\xc3\xa9\n"
                                      "\t ^\n"
                                      "t.ordo:1:8: error: stray '\\303' in program\n"
                                      "\tx\001 caf\xc3\xa9\n"
                                      "\t      ^\n"
                                      "t.ordo:1:9: error: stray '\\251' in program\n"
                                      "\tx\001 caf\xc3\xa9\n"
                                      "\t       ^\n");
    scan_done(l);

    /* `!` alone is not an operator; `.` is (a table's field: c.points) */
    l = scan("!x .");
    at(l, 0, T_IDENT, 1, 2, 2);
    at(l, 1, '.', 1, 4, 4);
    assert_int_equal(l->io.d.errors, 1);
    assert_string_equal(msgs(&l->io), "t.ordo:1:1: error: stray '!' in program\n"
                                      "!x .\n"
                                      "^\n");
    scan_done(l);
}

static void test_unterminated_string(void **state)
{
    (void)state;
    /* reported at the opening quote; the token still comes (up to the end
     * of the line) and the next line is scanned as usual */
    lx *l = scan("log \"abc\nx = \"ok\"\n");
    at(l, 0, T_LOG, 1, 1, 3);
    at(l, 1, T_STRING, 1, 5, 8);
    assert_string_equal(l->t[1].v.str, "abc");
    at(l, 2, T_IDENT, 2, 1, 1);
    at(l, 3, '=', 2, 3, 3);
    at(l, 4, T_STRING, 2, 5, 8);
    assert_string_equal(l->t[4].v.str, "ok");
    at(l, 5, T_EOF, 3, 1, 1);
    assert_int_equal(l->io.d.errors, 1);
    assert_string_equal(msgs(&l->io), "t.ordo:1:5: error: missing terminating '\"' character\n"
                                      "log \"abc\n"
                                      "    ^\n");
    scan_done(l);

    /* at the very end of the input, with an escaped quote and with a
     * trailing backslash */
    l = scan("\"a\\\"b");
    at(l, 0, T_STRING, 1, 1, 5);
    assert_string_equal(l->t[0].v.str, "a\"b");
    at(l, 1, T_EOF, 1, 6, 6);
    assert_string_equal(msgs(&l->io), "t.ordo:1:1: error: missing terminating '\"' character\n"
                                      "\"a\\\"b\n"
                                      "^\n");
    scan_done(l);
    l = scan("\"end\\\nnext");
    at(l, 0, T_STRING, 1, 1, 5);
    assert_string_equal(l->t[0].v.str, "end");
    at(l, 1, T_IDENT, 2, 1, 4);
    assert_int_equal(l->io.d.errors, 1);
    scan_done(l);
}

static void test_bad_escape(void **state)
{
    (void)state;
    /* the caret is under the backslash; the character is kept */
    lx *l = scan("  \"a\\tb\\q\"");
    at(l, 0, T_STRING, 1, 3, 10);
    assert_string_equal(l->t[0].v.str, "atbq");
    assert_int_equal(l->io.d.errors, 2);
    assert_string_equal(msgs(&l->io), "t.ordo:1:5: error: unknown escape sequence '\\t'\n"
                                      "  \"a\\tb\\q\"\n"
                                      "    ^\n"
                                      "t.ordo:1:8: error: unknown escape sequence '\\q'\n"
                                      "  \"a\\tb\\q\"\n"
                                      "       ^\n");
    scan_done(l);
}

static void test_integer_too_large(void **state)
{
    (void)state;
    lx *l = scan("x = 9223372036854775808\n  99999999999999999999d6");
    at(l, 2, T_NUMBER, 1, 5, 23);
    assert_true(l->t[2].v.num == INT64_MAX);
    at(l, 3, T_DICE, 2, 3, 24);
    assert_true(l->t[3].v.dice.count == INT64_MAX && l->t[3].v.dice.sides == 6);
    assert_int_equal(l->io.d.errors, 2);
    assert_string_equal(msgs(&l->io), "t.ordo:1:5: error: integer constant is too large\n"
                                      "x = 9223372036854775808\n"
                                      "    ^\n"
                                      "t.ordo:2:3: error: integer constant is too large\n"
                                      "  99999999999999999999d6\n"
                                      "  ^\n");
    scan_done(l);
}

/* ------------------------------------------ positions seen through the tree */

static fe *parse(const char *src)
{
    return fe_run(fe_new("t.ordo", src), 1);
}

static void test_positions_in_tree(void **state)
{
    (void)state;
    fe *p = parse("ruleset \"T\"\n"
                  "players 2\n"
                  "var x: int\n"
                  "sequence {\n"
                  "\tstep 2.1 \"t\" cite \"R-1\" {\n"
                  "\t\tx = roll 2d6 + 1\n"
                  "\t}\n"
                  "}\n");
    assert_non_null(p->f);
    assert_int_equal(p->d.errors, 0);
    loc_is(p->f->title_loc, 1, 1);
    assert_string_equal(p->f->title, "T");
    loc_is(p->f->players_loc, 2, 1);
    ast_decl *var = p->f->decls;
    loc_is(var->loc, 3, 1);
    loc_is(var->name_loc, 3, 5);
    loc_is(var->type->loc, 3, 8);
    ast_decl *seq = var->next;
    loc_is(seq->loc, 4, 1);
    loc_is(seq->body.loc, 4, 10);
    loc_is(seq->body.end, 8, 1);
    ast_stmt *step = seq->body.first;
    loc_is(step->loc, 5, 2);
    loc_is(step->u.step.number_loc, 5, 7);
    loc_is(step->u.step.cites->loc, 5, 20);
    loc_is(step->u.step.body.loc, 5, 26);
    loc_is(step->u.step.body.end, 7, 2);
    ast_stmt *as = step->u.step.body.first;
    loc_is(as->loc, 6, 3);
    ast_expr *sum = as->u.assign.value;
    assert_int_equal(sum->kind, E_BINARY);
    loc_is(sum->loc, 6, 7);    /* an operation starts at its left operand */
    loc_is(sum->op_loc, 6, 16);
    loc_is(sum->a->loc, 6, 7); /* roll */
    loc_is(sum->b->loc, 6, 18);
    done(p);
}

/* Lexical and syntax errors come from one run, in the order met. */
static void test_lexical_errors_through_the_parser(void **state)
{
    (void)state;
    fe *p = parse("ruleset \"T\"\n"
                  "players 2\n"
                  "var x: int\n"
                  "sequence {\n"
                  "    x = 1 @\n"
                  "    log \"open\n"
                  "    x = 2\n"
                  "}\n");
    assert_non_null(p->f);
    assert_int_equal(p->d.errors, 2);
    assert_string_equal(p->buf, "t.ordo:5:11: error: stray '@' in program\n"
                                "    x = 1 @\n"
                                "          ^\n"
                                "t.ordo:6:9: error: missing terminating '\"' character\n"
                                "    log \"open\n"
                                "        ^\n");
    /* the tree is whole: the stray was skipped, the string closed */
    ast_stmt *s = p->f->last_decl->body.first;
    assert_int_equal(s->kind, S_ASSIGN);
    assert_int_equal(s->next->kind, S_LOG);
    assert_string_equal(s->next->u.log.text.text, "open");
    assert_int_equal(s->next->next->kind, S_ASSIGN);
    assert_int_equal(p->f->last_decl->body.count, 3);
    done(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keywords),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_numbers_and_step_numbers),
        cmocka_unit_test(test_dice),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_operators),
        cmocka_unit_test(test_lines_columns_offsets),
        cmocka_unit_test(test_stray_characters),
        cmocka_unit_test(test_unterminated_string),
        cmocka_unit_test(test_bad_escape),
        cmocka_unit_test(test_integer_too_large),
        cmocka_unit_test(test_positions_in_tree),
        cmocka_unit_test(test_lexical_errors_through_the_parser),
    };
    return cmocka_run_group_tests_name("lexer", tests, NULL, NULL);
}

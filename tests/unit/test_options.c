/* test_options.c — the option tables of the tools (compiler/driver/
 * options.c, compiled into this test): what getopt_long hands a command
 * and in which order, the one-line errors, --help and the man page's
 * roff written from a table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../compiler/driver/options.c"

enum { V, T, SEED, OUT, NAME };

static const drv_option opts[] = {
    {NULL, 'v', NULL, "verbose", V, NULL},
    {NULL, 't', NULL, "traces", T, NULL},
    {"seed", 0, "N", "the seed", SEED, NULL},
    {"seeds", 0, "K", "the seeds", SEED, NULL},
    {"output", 'o', "FILE", "where to write; a long help text that has to be wrapped over "
                            "more than one line of the help",
     OUT, NULL},
    {"name", 0, "NAME", "a name", NAME, NULL},
    {0}};

static const drv_command cmd = {"tool sub", "FILE [OPTIONS]", "Does things.\n",
                                (const drv_option *const[]){opts, NULL}, "exit status: 0.\n"};

/* What take() saw, in order: "id=value" words joined by spaces. */
typedef struct seen {
    char log[512];
    int fail_on; /* take() fails on this id (-100: never) */
} seen;

static int take(void *ctx, int id, const char *value)
{
    seen *s = ctx;
    size_t n = strlen(s->log);
    snprintf(s->log + n, sizeof s->log - n, "%s%d=%s", n ? " " : "", id, value ? value : "-");
    return id == s->fail_on ? DRV_BAD : DRV_TAKEN;
}

/* Reads the words (NULL-ended) into s; returns drv_options_read's status,
 * and what it wrote on stderr in err. */
static int read_words(seen *s, char *err, size_t size, char **words)
{
    int argc = 0;
    while (words[argc])
        argc++;
    memset(s->log, 0, sizeof s->log);
    fflush(stderr);
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    int saved = dup(fileno(stderr));
    dup2(fileno(tmp), fileno(stderr));
    int r = drv_options_read(&cmd, argc, words, take, s);
    fflush(stderr);
    dup2(saved, fileno(stderr));
    close(saved);
    rewind(tmp);
    size_t got = fread(err, 1, size - 1, tmp);
    err[got] = 0;
    fclose(tmp);
    return r;
}

#define READ(s, err, ...) read_words(s, err, sizeof err, (char *[]){"sub", __VA_ARGS__, NULL})

static void test_in_order(void **state)
{
    (void)state;
    seen s = {.fail_on = -100};
    char err[256];
    /* files before and after options, values attached or in the next word */
    assert_int_equal(READ(&s, err, "a", "--seed", "3", "-vt", "b", "--name=x", "-oOUT", "-o",
                          "O2", "--output=O3", "-"),
                     DRV_OPT_GO);
    assert_string_equal(s.log, "-2=a 2=3 0=- 1=- -2=b 4=x 3=OUT 3=O2 3=O3 -2=-");
    assert_string_equal(err, "");
}

static void test_repeated_and_dashdash(void **state)
{
    (void)state;
    seen s = {.fail_on = -100};
    char err[256];
    assert_int_equal(READ(&s, err, "--name", "a", "--name", "b", "--", "-v", "--seed"),
                     DRV_OPT_GO);
    assert_string_equal(s.log, "4=a 4=b -2=-v -2=--seed");
    /* a value that starts with '-' is still the value */
    assert_int_equal(READ(&s, err, "--seed", "-1"), DRV_OPT_GO);
    assert_string_equal(s.log, "2=-1");
}

static void test_abbreviations(void **state)
{
    (void)state;
    seen s = {.fail_on = -100};
    char err[256];
    assert_int_equal(READ(&s, err, "--out", "x", "--seed", "1"), DRV_OPT_GO);
    assert_string_equal(s.log, "3=x 2=1"); /* --seed is exact, though --seeds starts so */
    assert_int_equal(READ(&s, err, "--se", "1"), TOOL_USAGE);
    assert_string_equal(err, "tool sub: ambiguous option '--se' (--seed, --seeds)\n");
}

static void test_errors(void **state)
{
    (void)state;
    seen s = {.fail_on = -100};
    char err[256];
    assert_int_equal(READ(&s, err, "f", "--bogus=1"), TOOL_USAGE);
    assert_string_equal(err, "tool sub: unknown option '--bogus' (try 'tool sub --help')\n");
    assert_int_equal(READ(&s, err, "-vx"), TOOL_USAGE);
    assert_string_equal(err, "tool sub: unknown option '-x' (try 'tool sub --help')\n");
    assert_int_equal(READ(&s, err, "f", "--nam"), TOOL_USAGE);
    assert_string_equal(err, "tool sub: option '--name' needs a value (try 'tool sub --help')\n");
    assert_int_equal(READ(&s, err, "-o"), TOOL_USAGE);
    assert_string_equal(err, "tool sub: option '-o' needs a value (try 'tool sub --help')\n");
    assert_int_equal(READ(&s, err, "-v=1"), TOOL_USAGE); /* -v -= -1: no '=' option */
    assert_int_equal(READ(&s, err, "--help=1"), TOOL_USAGE);
    assert_string_equal(err, "tool sub: option '--help' takes no value\n");
    /* take()'s own error stops the reading: its message is its own */
    s.fail_on = NAME;
    assert_int_equal(READ(&s, err, "--name", "a", "-v"), TOOL_USAGE);
    assert_string_equal(s.log, "4=a");
}

static void test_help_and_version(void **state)
{
    (void)state;
    seen s = {.fail_on = -100};
    char err[256];
    fflush(stdout);
    FILE *tmp = tmpfile();
    int saved = dup(fileno(stdout));
    dup2(fileno(tmp), fileno(stdout));
    int r = READ(&s, err, "f", "--bogus", "-h"); /* the error comes first */
    int r2 = READ(&s, err, "-h", "--bogus");
    int r3 = READ(&s, err, "--version");
    fflush(stdout);
    dup2(saved, fileno(stdout));
    close(saved);
    assert_int_equal(r, TOOL_USAGE);
    assert_int_equal(r2, TOOL_OK);
    assert_int_equal(r3, TOOL_OK);
    char out[4096];
    rewind(tmp);
    out[fread(out, 1, sizeof out - 1, tmp)] = 0;
    fclose(tmp);
    assert_non_null(strstr(out, "usage: tool sub FILE [OPTIONS]\n\nDoes things.\n\n"));
    assert_non_null(strstr(out, "\n  -v                    verbose\n"));
    assert_non_null(strstr(out, "\n  -o, --output FILE     where to write; a long help text that "
                                "has to be wrapped\n                        over more than"));
    assert_non_null(strstr(out, "\n  -h, --help            print this help and exit\n"));
    assert_non_null(strstr(out, "\nexit status: 0.\n"));
    assert_non_null(strstr(out, "\ntool " ORDO_VERSION "\n")); /* --version: the tool's name */
}

static void test_man(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    drv_options_man(&cmd, f);
    drv_options_man_synopsis(&cmd, f);
    fclose(f);
    assert_non_null(strstr(buf, ".SS \"tool sub\"\n"));
    assert_non_null(
        strstr(buf, ".TP\n\\fB\\-o\\fR, \\fB\\-\\-output\\fR \\fIFILE\\fR\nwhere to write;"));
    assert_non_null(strstr(buf, ".B tool sub\n\\fIFILE\\fR [\\fIOPTIONS\\fR]\n.br\n"));
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_in_order),
        cmocka_unit_test(test_repeated_and_dashdash),
        cmocka_unit_test(test_abbreviations),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_help_and_version),
        cmocka_unit_test(test_man),
    };
    return cmocka_run_group_tests_name("options", tests, NULL, NULL);
}

/* test_driver.c — the pieces of the tools that need no compiler or game:
 * the option parser and choices files (compiler/driver/options.c and
 * choices.c, compiled into this test). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../compiler/driver/choices.c"
#include "../../compiler/driver/options.c"

static int parse(play_options *o, int argc, char **argv)
{
    for (int i = 0; i < argc;) {
        int r = play_parse_option(o, argc, argv, &i, "test");
        if (r <= 0)
            return r;
    }
    return 1;
}

static void test_defaults(void **state)
{
    (void)state;
    play_options o;
    play_options_init(&o);
    assert_int_equal(o.seed, 1);
    assert_int_equal(o.players, 0);
    assert_int_equal(o.policy, PLAY_POLICY_RANDOM);
    assert_int_equal(o.trace, PLAY_TRACE_TEXT);
    assert_null(o.choices);
}

static void test_all_options(void **state)
{
    (void)state;
    play_options o;
    play_options_init(&o);
    char *argv[] = {"--seed", "0x10", "--players=3", "--policy", "first", "--choices", "c.txt",
                    "--trace", "jsonl", "--max-steps", "5000", "--record=r.txt"};
    assert_int_equal(parse(&o, 12, argv), 1);
    assert_int_equal(o.seed, 16);
    assert_int_equal(o.players, 3);
    assert_int_equal(o.policy, PLAY_POLICY_FIRST);
    assert_string_equal(o.choices, "c.txt");
    assert_int_equal(o.trace, PLAY_TRACE_JSONL);
    assert_int_equal(o.max_steps, 5000);
    assert_string_equal(o.record, "r.txt");
}

static void test_bad_values(void **state)
{
    (void)state;
    play_options o;
    play_options_init(&o);
    char *a[] = {"--seed", "12x"};
    assert_int_equal(parse(&o, 2, a), -1);
    char *b[] = {"--seed"};
    assert_int_equal(parse(&o, 1, b), -1);
    char *c[] = {"--seed", "-1"};
    assert_int_equal(parse(&o, 2, c), -1);
    char *d[] = {"--policy", "smart"};
    assert_int_equal(parse(&o, 2, d), -1);
    char *e[] = {"--players", "0"};
    assert_int_equal(parse(&o, 2, e), -1);
    char *f[] = {"--trace=xml"};
    assert_int_equal(parse(&o, 1, f), -1);
    char *g[] = {"--seedling", "3"};
    assert_int_equal(parse(&o, 2, g), 0); /* not ours: the caller reports it */
    uint64_t v;
    assert_int_equal(play_parse_u64("18446744073709551615", &v), 0);
    assert_true(v == UINT64_MAX);
    assert_int_equal(play_parse_u64("18446744073709551616", &v), -1);
    assert_int_equal(play_parse_u64("", &v), -1);
}

static void test_choices_file(void **state)
{
    (void)state;
    char path[] = "/tmp/ordo_choicesXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("# a comment\n\n  move stack 3  \r\nconcede\n   # indented comment\nlast", f);
    fclose(f);
    play_choices c;
    assert_int_equal(play_choices_load(&c, path, "test"), 0);
    assert_int_equal(c.n, 3);
    assert_string_equal(c.label[0], "move stack 3");
    assert_int_equal(c.line[0], 3);
    assert_string_equal(c.label[1], "concede");
    assert_int_equal(c.line[1], 4);
    assert_string_equal(c.label[2], "last");
    assert_int_equal(c.line[2], 6);
    play_choices_free(&c);
    remove(path);
    assert_int_equal(play_choices_load(&c, "/nonexistent/ordo/choices", "test"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_all_options),
        cmocka_unit_test(test_bad_values),
        cmocka_unit_test(test_choices_file),
    };
    return cmocka_run_group_tests_name("driver", tests, NULL, NULL);
}

/* test_driver.c — the pieces of the tools that need no compiler or game:
 * the option parser, the policy table and choices files
 * (compiler/driver/options.c, play.c and choices.c), and the arithmetic and
 * packing of `ordo sim`'s results (compiler/engines/sim_stats.c), compiled into this test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../runtime/host/choices.c"
#include "../../runtime/host/options.c"
#include "../../runtime/host/play.c"
#include "../../compiler/engines/sim_stats.c"

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
    for (int i = 0; i < PLAY_MAX_SEATS; i++)
        assert_int_equal(o.policy[i], PLAY_POLICY_RANDOM);
    assert_int_equal(o.policy_seat_max, 0);
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
    assert_int_equal(o.policy[0], PLAY_POLICY_FIRST);
    assert_int_equal(o.policy[PLAY_MAX_SEATS - 1], PLAY_POLICY_FIRST);
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
    char *d[] = {"--policy", ""};
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

/* --policy NAME sets every seat, --policy SEAT=NAME one; later ones win. */
static void test_seat_policies(void **state)
{
    (void)state;
    play_options o;
    play_options_init(&o);
    char *a[] = {"--policy", "2=first", "--policy=4=first"};
    assert_int_equal(parse(&o, 3, a), 1);
    assert_int_equal(o.policy[0], PLAY_POLICY_RANDOM);
    assert_int_equal(o.policy[1], PLAY_POLICY_FIRST);
    assert_int_equal(o.policy[2], PLAY_POLICY_RANDOM);
    assert_int_equal(o.policy[3], PLAY_POLICY_FIRST);
    assert_int_equal(o.policy_seat_max, 4);
    char *b[] = {"--policy", "first", "--policy", "1=random"};
    assert_int_equal(parse(&o, 4, b), 1);
    assert_int_equal(o.policy[0], PLAY_POLICY_RANDOM);
    assert_int_equal(o.policy[1], PLAY_POLICY_FIRST);
    assert_int_equal(o.policy[3], PLAY_POLICY_FIRST);
    assert_int_equal(o.policy_seat_max, 1);
    char *bad[][2] = {{"--policy", "0=first"},   {"--policy", "256=first"},
                      {"--policy", "x=first"},   {"--policy", "=first"},
                      {"--policy", "2="},
                      {"--policy", "99999999999=first"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(parse(&o, 2, bad[i]), -1);
    char *c[] = {"--policy", "255=first"};
    assert_int_equal(parse(&o, 2, c), 1);
    /* a name not built in waits for the ruleset (play_resolve_policies) */
    char *named[] = {"--policy", "2=clever"};
    assert_int_equal(parse(&o, 2, named), 1);
    assert_int_equal(o.policy[1], PLAY_POLICY_NAMED);
    assert_string_equal(o.policy_name[1], "clever");
    /* the names are the table's; an option outside `which` is not taken */
    assert_int_equal(play_find_policy("random"), PLAY_POLICY_RANDOM);
    assert_int_equal(play_find_policy("first"), PLAY_POLICY_FIRST);
    assert_int_equal(play_find_policy("Random"), -1);
    int i = 0;
    char *d[] = {"--trace", "none"};
    assert_int_equal(play_parse_options_of(&o, PLAY_OPT_SEED | PLAY_OPT_POLICY, 2, d, &i, "t"),
                     0);
}

/* ordo's command lines read options with getopt_long and hand the kit's on
 * one at a time by bit: the same values taken and refused as the parser's */
static void test_set_option(void **state)
{
    (void)state;
    play_options o;
    play_options_init(&o);
    assert_int_equal(play_set_option(&o, PLAY_OPT_SEED, "42", "t"), 0);
    assert_int_equal(o.seed, 42);
    assert_int_equal(play_set_option(&o, PLAY_OPT_AS, "2", "t"), 0);
    assert_int_equal(o.as, 1);
    assert_int_equal(play_set_option(&o, PLAY_OPT_TRACE, "loud", "t"), -1);
    assert_int_equal(play_set_option(&o, PLAY_OPT_PLAYERS, "0", "t"), -1);
    assert_int_equal(play_set_option(&o, PLAY_OPT_SEED | PLAY_OPT_AS, "1", "t"), -1);
    assert_int_equal(play_set_option(&o, PLAY_OPT_SEED, NULL, "t"), -1);
    assert_string_equal(play_option_name(PLAY_OPT_SEED), "--seed");
    assert_string_equal(play_option_name(PLAY_OPT_EVAL), "--eval");
    assert_null(play_option_name(PLAY_OPT_SEED | PLAY_OPT_EVAL));
    assert_null(play_option_name(0));
    assert_null(play_option_name(PLAY_OPT_ALL + 1u));
}

/* Wilson score intervals at 95%: centre (p + z²/2n) / (1 + z²/n),
 * half-width z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n), z = 1.96; the expected
 * values computed separately with libm's sqrt (Python's math.sqrt). */
static void test_wilson(void **state)
{
    (void)state;
    double lo, hi;
    sim_wilson(5, 10, &lo, &hi);
    assert_float_equal(lo, 0.236589594, 1e-9);
    assert_float_equal(hi, 0.763410406, 1e-9);
    sim_wilson(0, 10, &lo, &hi); /* z²/(n+z²) */
    assert_float_equal(lo, 0.0, 1e-12);
    assert_float_equal(hi, 0.277540169, 1e-9);
    sim_wilson(10, 10, &lo, &hi);
    assert_float_equal(lo, 0.722459831, 1e-9);
    assert_float_equal(hi, 1.0, 1e-12);
    sim_wilson(512, 1000, &lo, &hi);
    assert_float_equal(lo, 0.481031987, 1e-9);
    assert_float_equal(hi, 0.542876168, 1e-9);
    sim_wilson(1, 1, &lo, &hi);
    assert_float_equal(lo, 0.206543291, 1e-9);
    assert_float_equal(hi, 1.0, 1e-12);
    sim_wilson(0, 0, &lo, &hi);
    assert_float_equal(lo, 0.0, 1e-12);
    assert_float_equal(hi, 1.0, 1e-12);
    /* the square root of our own, against squares */
    assert_float_equal(square_root(2.0), 1.4142135623730951, 1e-15);
    assert_float_equal(square_root(1e-12), 1e-6, 1e-18);
    assert_float_equal(square_root(0.0), 0.0, 0.0);
}

/* A result packed by a worker reads back the same; a part of one is not
 * complete. */
static void test_pack(void **state)
{
    (void)state;
    sim_game g, back;
    memset(&g, 0, sizeof g);
    g.h.seed = 0x123456789abcull;
    g.h.decisions = 37;
    g.h.turns = 12;
    g.h.steps = 5321;
    g.h.winner = -1;
    g.h.nscores = 3;
    g.score[0] = -4;
    g.score[1] = 14;
    g.score[2] = 2000000000;
    g.h.nvars = 2;
    g.var[0] = 15;
    g.var[1] = -7;
    strcpy(g.error, "step limit reached: \"x\"");
    g.h.errlen = (int32_t)strlen(g.error);
    unsigned char buf[SIM_PACKED_MAX + 1];
    size_t n = sim_pack(&g, buf);
    assert_int_equal(n, sizeof(sim_head) + 5 * 4 + strlen(g.error));
    assert_int_equal(sim_packed_size(buf, n - 1), 0);
    assert_int_equal(sim_packed_size(buf, n + 1), n);
    memset(&back, 0x55, sizeof back);
    assert_int_equal(sim_unpack(buf, &back), n);
    assert_memory_equal(&back.h, &g.h, sizeof g.h);
    assert_memory_equal(back.score, g.score, 3 * sizeof g.score[0]);
    assert_memory_equal(back.var, g.var, 2 * sizeof g.var[0]);
    assert_string_equal(back.error, g.error);
    /* a head out of bounds never completes */
    g.h.errlen = SIM_ERROR_MAX;
    memcpy(buf, &g.h, sizeof g.h);
    assert_int_equal(sim_packed_size(buf, sizeof buf), 0);
    g.h.errlen = 0;
    g.h.nvars = SIM_MAX_VARS + 1;
    memcpy(buf, &g.h, sizeof g.h);
    assert_int_equal(sim_packed_size(buf, sizeof buf), 0);
}

/* Totals: integer sums, the first error kept with its seed. */
static void test_totals(void **state)
{
    (void)state;
    sim_totals t;
    sim_totals_init(&t);
    sim_game g;
    memset(&g, 0, sizeof g);
    g.h.seed = 1;
    g.h.winner = 1;
    g.h.decisions = 10;
    g.h.nscores = 2;
    g.score[0] = 3;
    g.score[1] = 5;
    g.h.nvars = 1;
    g.var[0] = 9;
    sim_add(&t, &g);
    g.h.seed = 2;
    g.h.winner = -1;
    g.h.decisions = 20;
    sim_add(&t, &g);
    g.h.seed = 3;
    strcpy(g.error, "first");
    g.h.errlen = 5;
    sim_add(&t, &g);
    g.h.seed = 4;
    strcpy(g.error, "second");
    g.h.errlen = 6;
    sim_add(&t, &g);
    assert_int_equal(t.games, 4);
    assert_int_equal(t.ended, 2);
    assert_int_equal(t.errors, 2);
    assert_int_equal(t.wins[1], 1);
    assert_int_equal(t.no_winner, 1);
    assert_int_equal(t.decisions, 30); /* the errors' lengths are left out */
    assert_int_equal(t.score[1], 10);
    assert_int_equal(t.nvars, 1);
    assert_int_equal(t.var[0], 18);
    assert_int_equal(t.first_error_seed, 3);
    assert_string_equal(t.first_error, "first");
}

/* One JSON object a line, the message escaped. */
static void test_json_line(void **state)
{
    (void)state;
    sim_game g;
    memset(&g, 0, sizeof g);
    g.h.seed = 8;
    g.h.winner = -1;
    g.h.decisions = 2;
    g.h.turns = 1;
    g.h.steps = 99;
    strcpy(g.error, "at step 1 \"a\\b\"\n");
    g.h.errlen = (int32_t)strlen(g.error);
    char out[1024];
    FILE *f = fmemopen(out, sizeof out, "w");
    assert_non_null(f);
    const char *const names[] = {"round", "bot_score"};
    sim_print_json(f, NULL, 7, &g, NULL);
    sim_print_json(f, NULL, 7, &g, names); /* --var after an error: null */
    g.h.errlen = 0;
    g.h.winner = 0;
    g.h.nscores = 2;
    g.score[0] = -1;
    g.score[1] = 12;
    sim_print_json(f, NULL, 8, &g, NULL);
    g.h.nvars = 2;
    g.var[0] = 23;
    g.var[1] = -3;
    g.h.limit = 1;
    sim_print_json(f, NULL, 8, &g, names);
    fclose(f);
    assert_string_equal(out,
                        "{\"game\":7,\"seed\":8,\"winner\":null,\"decisions\":2,\"turns\":1,"
                        "\"steps\":99,\"reason\":null,\"limit\":false,\"scores\":null,"
                        "\"error\":\"at step 1 \\\"a\\\\b\\\"\\u000a\"}\n"
                        "{\"game\":7,\"seed\":8,\"winner\":null,\"decisions\":2,\"turns\":1,"
                        "\"steps\":99,\"reason\":null,\"limit\":false,\"scores\":null,"
                        "\"vars\":null,"
                        "\"error\":\"at step 1 \\\"a\\\\b\\\"\\u000a\"}\n"
                        "{\"game\":8,\"seed\":8,\"winner\":1,\"decisions\":2,\"turns\":1,"
                        "\"steps\":99,\"reason\":null,\"limit\":false,\"scores\":[-1,12],"
                        "\"error\":null}\n"
                        "{\"game\":8,\"seed\":8,\"winner\":1,\"decisions\":2,\"turns\":1,"
                        "\"steps\":99,\"reason\":null,\"limit\":true,\"scores\":[-1,12],"
                        "\"vars\":{\"round\":23,\"bot_score\":-3},"
                        "\"error\":null}\n");
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
        cmocka_unit_test(test_seat_policies),
        cmocka_unit_test(test_set_option),
        cmocka_unit_test(test_wilson),
        cmocka_unit_test(test_pack),
        cmocka_unit_test(test_totals),
        cmocka_unit_test(test_json_line),
        cmocka_unit_test(test_choices_file),
    };
    return cmocka_run_group_tests_name("driver", tests, NULL, NULL);
}

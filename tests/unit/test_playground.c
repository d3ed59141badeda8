/* test_playground.c — the playground's C entry points (web/playground.h),
 * built natively: a ruleset with an error is answered with the
 * diagnostic at its line; a shipped ruleset and a layer of it compile
 * from text beside the files they read, their scenarios all pass, their
 * rule document is written; a game of bots traces, seat by seat, what
 * `ordo run --as SEAT` prints (hidden information kept); a human seat's
 * decisions are taken to the end; and every entry point refuses bad
 * arguments and calls out of order with an error, never a crash. Run
 * from the top of the tree (the rulesets are read by path). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler.h"
#include "ordo_host.h"
#include "playground.h"

static char *read_text(const char *path)
{
    size_t len;
    char *s = play_read_file(path, 1 << 22, "test_playground", &len);
    assert_non_null(s);
    return s;
}

static void assert_has(const char *answer, const char *part)
{
    if (!strstr(answer, part))
        fail_msg("'%s' not in the answer: %.600s", part, answer);
}

/* an int field of the answer, "name":N */
static long field(const char *answer, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, "\"%s\":", name);
    const char *s = strstr(answer, key);
    if (!s)
        fail_msg("no field %s in: %.600s", name, answer);
    return strtol(s + strlen(key), NULL, 10);
}

/* the scenarios' totals, after their list */
static const char *totals(const char *answer)
{
    const char *s = strstr(answer, "],\"passed\":");
    assert_non_null(s);
    return s;
}

static void test_refuses_misuse(void **state)
{
    (void)state;
    static const char none[] = "{\"error\":\"no playground\"}";
    assert_string_equal(pg_compile(NULL, "a.ordo", ""), none);
    assert_string_equal(pg_scenarios(NULL), none);
    assert_string_equal(pg_document(NULL, "html"), none);
    assert_string_equal(pg_new_game(NULL, 2, "1", "human,random", 0), none);
    assert_string_equal(pg_choose(NULL, 0, 0, 0), none);
    assert_string_equal(pg_state(NULL, 0, 0), none);
    pg_close(NULL);
    playground *pg = pg_open();
    assert_non_null(pg);
    assert_has(pg_scenarios(pg), "{\"error\":\"no ruleset compiled\"}");
    assert_has(pg_document(pg, "html"), "\"error\"");
    assert_has(pg_new_game(pg, 2, "1", "random,random", 0), "\"error\"");
    assert_has(pg_choose(pg, 0, 0, 0), "{\"error\":\"no game\"}");
    assert_has(pg_state(pg, 0, 0), "{\"error\":\"no game\"}");
    assert_has(pg_compile(pg, NULL, "x"), "\"error\"");
    assert_has(pg_compile(pg, "", "x"), "\"error\"");
    assert_has(pg_compile(pg, "t.ordo", NULL), "\"error\"");
    char *text = read_text("tests/e2e/data/tiny.ordo");
    assert_has(pg_compile(pg, "tests/e2e/data/tiny.ordo", text), "\"ok\":true");
    free(text);
    assert_has(pg_document(pg, "pdf"), "{\"error\":\"the format is html or md\"}");
    assert_has(pg_document(pg, NULL), "\"error\"");
    assert_has(pg_new_game(pg, 1, "1", "random", 0), "1 players: this ruleset plays with 2 to 3");
    assert_has(pg_new_game(pg, 9, "1", "random", 0), "\"error\"");
    assert_has(pg_new_game(pg, 2, "x", "random,random", 0), "the seed 'x' is not a number");
    assert_has(pg_new_game(pg, 2, NULL, "random,random", 0), "\"error\"");
    assert_has(pg_new_game(pg, 2, "1", NULL, 0), "\"error\"");
    assert_has(pg_new_game(pg, 2, "1", "random", 0), "1 seats for 2 players");
    assert_has(pg_new_game(pg, 2, "1", "random,random,random", 0), "more seats than");
    assert_has(pg_new_game(pg, 2, "1", "random,bogus", 0),
               "unknown policy 'bogus' (human, random, first");
    assert_has(pg_new_game(pg, 2, "1", "random,", 0), "unknown policy ''");
    /* a game of bots only is over at once; a seat past the game's is refused */
    assert_has(pg_new_game(pg, 2, "1", "random,first", 0), "\"status\":\"over\"");
    assert_has(pg_choose(pg, 0, 0, 0), "no decision of a human seat is pending");
    assert_has(pg_state(pg, 2, 0), "no seat 2 in a 2-player game");
    assert_has(pg_state(pg, -3, 0), "\"error\"");
    assert_has(pg_state(pg, 1, -5), "\"status\":\"over\"");
    assert_has(pg_state(pg, 1, 1 << 30), "\"trace\":\"\"");
    assert_has(pg_new_game(pg, 2, "1", "human,first", 0), "\"status\":\"decide\"");
    assert_has(pg_choose(pg, -1, 0, 0), "option -1: the decision has");
    assert_has(pg_choose(pg, 99, 0, 0), "option 99: the decision has");
    /* a compilation that fails ends the game and the program with it */
    assert_has(pg_compile(pg, "t.ordo", "ruleset"), "\"ok\":false");
    assert_has(pg_state(pg, 0, 0), "{\"error\":\"no game\"}");
    assert_has(pg_scenarios(pg), "{\"error\":\"the ruleset does not compile\"}");
    assert_has(pg_new_game(pg, 2, "1", "random,random", 0), "does not compile");
    pg_close(pg);
}

static void test_diagnostic_at_its_line(void **state)
{
    (void)state;
    playground *pg = pg_open();
    char *text = read_text("tests/e2e/data/tiny.ordo");
    /* a type error planted at the line of `const GOAL` */
    char *at = strstr(text, "const GOAL = 30");
    assert_non_null(at);
    long line = 1;
    for (char *s = text; s < at; s++)
        line += *s == '\n';
    memcpy(at, "const GOAL = tru", 16);
    const char *a = pg_compile(pg, "/nowhere/tiny.ordo", text);
    assert_has(a, "\"ok\":false");
    assert_has(a, "\"severity\":\"error\",\"path\":\"/nowhere/tiny.ordo\"");
    assert_int_equal(field(a, "line"), line);
    assert_true(field(a, "errors") >= 1);
    assert_null(strstr(a, "\"title\""));
    free(text);
    /* a warning, and the program still made */
    a = pg_compile(pg, "w.ordo", "ruleset \"w\"\nplayers 1\nvar unused_one: 0..3\n"
                                 "sequence { step 1 \"end\" { end game } }\n");
    assert_has(a, "\"ok\":true");
    assert_has(a, "\"severity\":\"warning\"");
    assert_int_equal(field(a, "line"), 3);
    pg_close(pg);
}

/* A shipped ruleset, or a layer of one, compiled from its text under its
 * own path: every scenario passes, the document is written. */
static void check_ruleset(const char *path)
{
    playground *pg = pg_open();
    char *text = read_text(path);
    const char *a = pg_compile(pg, path, text);
    free(text);
    assert_has(a, "\"ok\":true,\"errors\":0");
    long n = field(a, "scenarios");
    assert_true(n > 0);
    a = pg_scenarios(pg);
    assert_int_equal(field(totals(a), "failed"), 0);
    assert_int_equal(field(totals(a), "passed"), n);
    assert_has(a, "\"passed\":true,\"report\":\"\"");
    assert_null(strstr(a, "\"passed\":false"));
    a = pg_document(pg, "html");
    assert_has(a, "{\"format\":\"html\",\"passed\":");
    assert_has(a, "<html");
    assert_has(a, "rule-index");
    assert_has(pg_document(pg, "md"), "{\"format\":\"md\"");
    pg_close(pg);
}

static void test_shipped_ruleset(void **state)
{
    (void)state;
    check_ruleset("rulesets/splendor_solo.ordo");
    /* a layer finds its base beside the path it is compiled as */
    check_ruleset("rulesets/splendor_easier.ordo");
}

static void test_failing_scenario_reported(void **state)
{
    (void)state;
    playground *pg = pg_open();
    char *text = read_text("tests/e2e/data/tiny.ordo");
    size_t n = strlen(text);
    static const char bad[] = "\nscenario \"wrong on purpose\" {\n    players 2\n"
                              "    expect round == 7\n}\n";
    text = realloc(text, n + sizeof bad);
    memcpy(text + n, bad, sizeof bad);
    assert_has(pg_compile(pg, "tiny.ordo", text), "\"ok\":true");
    const char *a = pg_scenarios(pg);
    assert_int_equal(field(totals(a), "failed"), 1);
    assert_has(a, "{\"name\":\"wrong on purpose\",\"line\":");
    assert_has(a, "\"passed\":false,\"report\":\"tiny.ordo:");
    free(text);
    pg_close(pg);
}

/* What `ordo run --seed 3 --as SEAT` prints, the result line left out. */
static char *run_as(const char *path, int seat)
{
    oc_options opt = {0};
    oc_compiler *c = oc_new(&opt);
    const ordo_program *p = oc_compile_file(c, path);
    assert_non_null(p);
    play_options o;
    play_options_init(&o);
    o.seed = 3;
    o.players = 2;
    o.as = seat;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_int_equal(play_game(p, &o, f, "test"), 0);
    fclose(f);
    oc_free(c);
    char *result = strstr(text, "result:");
    if (result)
        *result = 0;
    return text;
}

/* the trace of a state answer, unescaped (lines, no quotes in it) */
static char *trace_of(const char *answer)
{
    const char *s = strstr(answer, "\"trace\":\"");
    assert_non_null(s);
    s += 9;
    char *t = malloc(strlen(s) + 1), *w = t;
    for (; *s && *s != '"'; s++)
        if (s[0] == '\\' && s[1]) {
            s++;
            *w++ = *s == 'n' ? '\n' : *s;
        } else
            *w++ = *s;
    *w = 0;
    return t;
}

static void test_seats_see_what_ordo_run_shows(void **state)
{
    (void)state;
    static const char path[] = "examples/language/hidden.ordo";
    playground *pg = pg_open();
    char *text = read_text(path);
    assert_has(pg_compile(pg, path, text), "\"ok\":true");
    free(text);
    assert_has(pg_new_game(pg, 2, "3", "random,random", 0), "\"status\":\"over\"");
    for (int seat = ORDO_SPECTATOR; seat < 2; seat++) {
        char *want = run_as(path, seat);
        char *got = trace_of(pg_state(pg, seat, 0));
        assert_string_equal(got, want);
        if (seat >= 0)
            assert_non_null(strstr(got, "?"));
        free(want);
        free(got);
    }
    /* from line 5 on: the trace less its first 5 lines */
    const char *a = pg_state(pg, ORDO_OMNISCIENT, 5);
    assert_has(a, "\"trace\":\"6 ");
    char *whole = trace_of(a);
    assert_null(strstr(whole, "?"));
    free(whole);
    pg_close(pg);
}

static void test_human_plays_to_the_end(void **state)
{
    (void)state;
    playground *pg = pg_open();
    char *text = read_text("rulesets/splendor_solo.ordo");
    assert_has(pg_compile(pg, "rulesets/splendor_solo.ordo", text), "\"ok\":true");
    free(text);
    const char *a = pg_new_game(pg, 1, "7", "human", 0);
    assert_has(a, "\"status\":\"decide\",\"decider\":0,\"human\":true,\"options\":[\"");
    assert_has(a, "\"displays\":[{\"title\":");
    int moves = 0;
    while (strstr(a, "\"status\":\"decide\"") && moves < 10000) {
        a = pg_choose(pg, 0, 0, 0);
        moves++;
    }
    assert_has(a, "\"status\":\"over\"");
    assert_true(moves > 5);
    assert_true(field(a, "lines") > moves);
    pg_close(pg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refuses_misuse),
        cmocka_unit_test(test_diagnostic_at_its_line),
        cmocka_unit_test(test_shipped_ruleset),
        cmocka_unit_test(test_failing_scenario_reported),
        cmocka_unit_test(test_seats_see_what_ordo_run_shows),
        cmocka_unit_test(test_human_plays_to_the_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

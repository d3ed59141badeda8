/* test_tools.c — the jobs the command lines hand on, called through their
 * APIs: the host kit's file writer (whole or not at all) and its game at
 * a terminal (the golden transcript of tests/e2e/play.sh, from the same
 * input); the engines' sim set-up by names and shard arithmetic, ordo
 * explore's run by names, ordo doc's outputs, ordoc's outputs and default
 * symbol, and the language server's framed transport. Run from the top of
 * the tree (the rulesets are read by path). */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "compiler.h"
#include "compile_path.h"
#include "doc_run.h"
#include "emit_files.h"
#include "explore.h"
#include "files.h"
#include "lsp.h"
#include "sim.h"

static const char stones[] = "tests/e2e/data/stones.ordo";
static const char deadlock[] = "examples/explore/deadlock.ordo";

/* A fresh folder for a test's files, and what it holds afterwards. */
static char *make_dir(void)
{
    char tmpl[] = "/tmp/test_tools.XXXXXX";
    char *d = mkdtemp(tmpl);
    assert_non_null(d);
    return strdup(d);
}

static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

static char *path_in(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *s = malloc(n);
    assert_non_null(s);
    snprintf(s, n, "%s/%s", dir, name);
    return s;
}

/* The whole of a file (NUL-terminated), NULL when there is none. */
static char *slurp(const char *path)
{
    size_t n;
    return access(path, F_OK) == 0 ? play_read_file(path, 64 << 20, "test_tools", &n) : NULL;
}

static void remove_dir(char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.') {
            char *p = path_in(dir, e->d_name);
            remove(p);
            free(p);
        }
    if (d)
        closedir(d);
    rmdir(dir);
    free(dir);
}

/* ------------------------------------------------- the host kit */

static void test_output_is_whole_or_nothing(void **state)
{
    (void)state;
    char *dir = make_dir(), *path = path_in(dir, "out.txt");
    play_output o;
    FILE *f = play_output_open(&o, path);
    assert_non_null(f);
    fputs("first", f);
    assert_null(slurp(path)); /* nothing at the path until committed */
    assert_int_equal(entries(dir), 1);
    assert_int_equal(play_output_commit(&o), 0);
    char *s = slurp(path);
    assert_string_equal(s, "first");
    free(s);
    /* an abandoned write leaves the old file and no temporary one */
    f = play_output_open(&o, path);
    assert_non_null(f);
    fputs("second", f);
    play_output_abort(&o);
    s = slurp(path);
    assert_string_equal(s, "first");
    free(s);
    assert_int_equal(entries(dir), 1);
    /* a folder that is not there: no stream, and why */
    char *nowhere = path_in(dir, "no/such.txt");
    assert_null(play_output_open(&o, nowhere));
    assert_int_not_equal(o.err, 0);
    free(nowhere);
    free(path);
    remove_dir(dir);
}

static void test_terminal_game_is_the_golden_transcript(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, stones);
    play_options o;
    play_options_init(&o);
    char *argv[] = {"--seed", "5", "--policy", "2=greedy"};
    for (int i = 0; i < 4;)
        assert_int_equal(play_parse_option(&o, 4, argv, &i, "test"), 1);
    static const char input[] = "2\nx\n9\n\ntake\nTAKE 1\n1\n"; /* play.sh's */
    FILE *in = fmemopen((void *)input, sizeof input - 1, "r");
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    play_terminal io = {in, out, 0, 1, NULL, NULL};
    assert_int_equal(play_at_terminal(p, &o, &io, "test"), TOOL_OK);
    fclose(out);
    fclose(in);
    char *golden = slurp("tests/e2e/golden/stones.play");
    assert_non_null(golden);
    assert_string_equal(text, golden);
    free(golden);
    free(text);
    /* the input ends before the game does: status 1 */
    in = fmemopen((void *)input, 2, "r");
    out = open_memstream(&text, &len);
    io.in = in;
    io.out = out;
    assert_int_equal(play_at_terminal(p, &o, &io, "test"), TOOL_FAIL);
    fclose(out);
    fclose(in);
    free(text);
    oc_free(c);
}

/* ------------------------------------------------------ the engines */

static const char scored[] = "ruleset \"s\"\nplayers 2\nvar score[player]: int\nvar n: int\n"
                             "var flag[player]: bool\n"
                             "sequence {\n step 1 {\n  score[player 1] += 1\n  n += 2\n  flag[player 2] = true\n"
                             " }\n}\n";

static void test_sim_set_up_by_names(void **state)
{
    (void)state;
    oc_options opt = {0};
    oc_compiler *c = oc_new(&opt);
    const ordo_program *p = oc_compile_string(c, "s.ordo", scored, sizeof scored - 1);
    assert_non_null(p);
    FILE *null = fopen("/dev/null", "w");
    sim_hooks h = {NULL, NULL, NULL, null, "test"};
    sim_request r = {.path = "s.ordo"};
    play_options_init(&r.o);
    const char *vars[] = {"n", "flag", "nothing"};
    sim_play s;
    r.var = vars;
    r.nvars = 1;
    assert_int_equal(sim_play_setup(&s, p, &r, &h), TOOL_OK);
    assert_int_equal(s.score_var, ordo_find_var(p, "score")); /* found without --score */
    assert_int_equal(s.nvars, 1);
    assert_int_equal(s.var[0], ordo_find_var(p, "n"));
    sim_play_free(&s);
    for (int k = 1; k < 3; k++) { /* an indexed var, a name of nothing */
        r.var = vars + k;
        assert_int_equal(sim_play_setup(&s, p, &r, &h), TOOL_USAGE);
        sim_play_free(&s);
    }
    r.nvars = 0;
    r.score = "n"; /* not an int per player */
    assert_int_equal(sim_play_setup(&s, p, &r, &h), TOOL_USAGE);
    sim_play_free(&s);
    fclose(null);
    oc_free(c);
    /* the shares of 10 games in 3 are 3, 3, 4, and together all 10 */
    assert_int_equal(sim_shard_start(10, 1, 3), 0);
    assert_int_equal(sim_shard_start(10, 2, 3), 3);
    assert_int_equal(sim_shard_start(10, 3, 3), 6);
    assert_int_equal(sim_shard_start(10, 4, 3), 10);
    assert_true(sim_shard_start(UINT64_MAX, 65537, 65536) == UINT64_MAX); /* no overflow */
}

static void test_explore_by_names(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, deadlock);
    char *dir = make_dir(), *scenarios = path_in(dir, "found.ordo");
    FILE *null = fopen("/dev/null", "w");
    const char *bad[] = {"no_such_var"};
    ex_request r = {{{NULL, 0, 0, 64u << 20, 60, 1000000, 0, 100000, 0, 0, 0}, 0, 1, 1, 0, 1, NULL, NULL,
                     "test", NULL},
                    deadlock, bad, 1, scenarios};
    assert_int_equal(ex_explore(p, &r, null), TOOL_USAGE);
    assert_int_equal(entries(dir), 0);
    r.nignore = 0;
    r.o.nplayers = 99;
    assert_int_equal(ex_explore(p, &r, null), TOOL_USAGE);
    r.o.nplayers = 0; /* the ruleset's minimum */
    assert_int_equal(ex_explore(p, &r, null), TOOL_FAIL); /* the deadlock is an error */
    char *text = slurp(scenarios);
    assert_non_null(text);
    assert_non_null(strstr(text, "scenario"));
    free(text);
    fclose(null);
    free(scenarios);
    remove_dir(dir);
    oc_free(c);
}

static void test_doc_files_written(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, deadlock);
    doc_model *m = doc_model_build(oc_tree(c), oc_tree_resolution(c), p);
    assert_non_null(m);
    doc_model_finish(m);
    char *dir = make_dir(), *report = NULL;
    size_t len;
    FILE *rep = open_memstream(&report, &len);
    doc_outputs o = {dir, deadlock, 1, 1, 0, 0, rep, "test"};
    assert_int_equal(doc_write_files(m, &o), TOOL_OK);
    fclose(rep);
    assert_int_equal(entries(dir), 2);
    char *md = path_in(dir, "deadlock.md"), *html = path_in(dir, "deadlock.html");
    char *t = slurp(md);
    assert_non_null(t);
    free(t);
    t = slurp(html);
    assert_non_null(t);
    free(t);
    char want[512];
    snprintf(want, sizeof want, "test: wrote %s\ntest: wrote %s\n", md, html);
    assert_string_equal(report, want);
    free(report);
    /* never over the ruleset it documents: a ruleset at deadlock.md's
     * path keeps what it held */
    FILE *null = fopen("/dev/null", "w");
    o.input = md;
    o.html = 0;
    o.report = null;
    FILE *f = fopen(md, "w");
    fputs("the input", f);
    fclose(f);
    assert_int_equal(doc_write_files(m, &o), TOOL_FAIL);
    t = slurp(md);
    assert_string_equal(t, "the input");
    free(t);
    fclose(null);
    free(md);
    free(html);
    remove_dir(dir);
    doc_model_free(m);
    oc_free(c);
}

static void test_emitted_files(void **state)
{
    (void)state;
    char *s = emit_default_symbol("rulesets/titan-2.ordo");
    assert_string_equal(s, "titan_2_program");
    free(s);
    s = emit_default_symbol("-");
    assert_string_equal(s, "stdin_program");
    free(s);
    s = emit_default_symbol("dir/9lives.ordo");
    assert_string_equal(s, "_9lives_program");
    free(s);
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, stones);
    char *dir = make_dir(), *cp = path_in(dir, "stones.c"), *hp = path_in(dir, "stones.h");
    emit_outputs o = {cp, hp, "stones_program", 1, "test"};
    assert_int_equal(emit_write_files(p, oc_local_names(c, p), &o), 0);
    char *code = slurp(cp), *head = slurp(hp);
    assert_non_null(strstr(code, "const ordo_program stones_program"));
    assert_non_null(strstr(code, "#line"));
    assert_non_null(strstr(head, "stones_program"));
    free(code);
    free(head);
    assert_int_equal(entries(dir), 2);
    free(cp);
    free(hp);
    remove_dir(dir);
    oc_free(c);
}

static void test_lsp_serves_frames(void **state)
{
    (void)state;
    static const char init[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                               "\"params\":{\"capabilities\":{}}}";
    static const char down[] = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}";
    static const char bye[] = "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}";
    char input[512];
    int n = snprintf(input, sizeof input,
                     "Content-Length: %zu\r\n\r\n%sContent-Length: 3\r\n\r\n{x}"
                     "Content-Length: %zu\r\n\r\n%sContent-Length: %zu\r\n\r\n%s",
                     strlen(init), init, strlen(down), down, strlen(bye), bye);
    FILE *in = fmemopen(input, (size_t)n, "r");
    char *text = NULL;
    size_t len;
    FILE *out = open_memstream(&text, &len);
    oc_options opt = {0};
    assert_int_equal(lsp_serve(in, out, &opt), 0); /* exit after shutdown */
    fclose(out);
    fclose(in);
    /* three responses, each framed: initialize's, the parse error's, shutdown's */
    int frames = 0;
    for (const char *s = text; (s = strstr(s, "Content-Length: ")); s++)
        frames++;
    assert_int_equal(frames, 3);
    assert_non_null(strstr(text, "\"capabilities\""));
    assert_non_null(strstr(text, "-32700"));
    free(text);
    /* the input ends without a shutdown: status 1 */
    in = fmemopen(input, strlen(init) + 24, "r");
    out = fopen("/dev/null", "w");
    assert_int_equal(lsp_serve(in, out, &opt), 1);
    fclose(out);
    fclose(in);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_output_is_whole_or_nothing),
        cmocka_unit_test(test_terminal_game_is_the_golden_transcript),
        cmocka_unit_test(test_sim_set_up_by_names),
        cmocka_unit_test(test_explore_by_names),
        cmocka_unit_test(test_doc_files_written),
        cmocka_unit_test(test_emitted_files),
        cmocka_unit_test(test_lsp_serves_frames),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

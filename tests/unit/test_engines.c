/* test_engines.c — the engines of compiler/engines/ called through their
 * APIs, not the command line: the state search finds the deadlock planted
 * in examples/explore/deadlock.ordo, the same whatever the number of
 * jobs, one search shared among threads is the one search and survives
 * spoiled messages, and its random walks report play round in circles and
 * walks cut off by --depth, and its guided walks find the deadlock too, and
 * its queue spills to disk and back in order; the
 * mutation engine makes and judges that ruleset's mutants; the
 * simulator's pool gives the same totals on 2 workers as on 1 and counts
 * the ends by a limit the rules set apart; the
 * scenario runner and the rule document's run pass its scenarios; the
 * language server answers JSON-RPC messages handed to it directly. Run
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
#include "compile_path.h"
#include "doc_run.h"
#include "explore.h"
#include "explore_edges.h"
#include "explore_queue.h"
#include "lsp.h"
#include "mutants.h"
#include "scenario.h"
#include "sim.h"

static const char deadlock[] = "examples/explore/deadlock.ordo";

/* ---------------------------------------------------------- explore */

static ex_run_options explore_options(uint64_t seeds, long jobs)
{
    ex_run_options o = {{NULL, 0, 0, 64u << 20, 60, 1000000, 0, 100000, 0, 0, 0}, 2, 1, seeds, 0, jobs,
                        NULL, NULL, "test_engines", NULL};
    return o;
}

static void test_explore_finds_the_deadlock(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, deadlock);
    ex_run_options o = explore_options(1, 1);
    ex_total t;
    assert_int_equal(ex_run(p, &o, &t), 0);
    assert_int_equal(t.seeds, 1);
    assert_int_equal(t.complete, 1);
    assert_int_equal(t.states, 26);
    assert_int_equal(t.ends, 0);
    assert_int_equal(t.nfound, 2);
    assert_int_equal(t.found[0].f.kind, EX_DEADLOCK);
    assert_int_equal(t.found[0].f.line, 17);
    assert_int_equal(t.found[0].decisions, 2);
    assert_string_equal(t.found[0].path[0], "play");
    assert_int_equal(t.found[1].f.kind, EX_NO_PROGRESS);
    assert_int_equal(sc_count(t.steps, p->nsteps), 1); /* step 2 is never reached */
    FILE *null = fopen("/dev/null", "w");
    assert_non_null(null);
    assert_int_equal(ex_report(null, p, deadlock, &o, &t), 2);
    fclose(null);
    ex_total_free(&t);
    oc_free(c);
}

static void test_explore_jobs_give_the_same_total(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, deadlock);
    ex_run_options one = explore_options(3, 1), two = explore_options(3, 2);
    ex_total a, b;
    assert_int_equal(ex_run(p, &one, &a), 0);
    assert_int_equal(ex_run(p, &two, &b), 0);
    assert_int_equal(a.seeds, 3);
    assert_int_equal(b.seeds, 3);
    assert_int_equal(a.states, b.states);
    assert_int_equal(a.transitions, b.transitions);
    assert_int_equal(a.nfound, b.nfound);
    for (size_t k = 0; k < a.nfound; k++) {
        assert_int_equal(a.found[k].f.line, b.found[k].f.line);
        assert_int_equal(a.found[k].npath, b.found[k].npath);
    }
    ex_total_free(&a);
    ex_total_free(&b);
    oc_free(c);
}

/* One search shared among 3 threads is the one search: the same states,
 * depth, transitions and findings, each on the same path. */
static void test_explore_shared_search_is_one_search(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, deadlock);
    ex_run_options o = explore_options(1, 1);
    ex_result a, b;
    assert_int_equal(ex_search(p, 2, 1, 0, &o.lim, NULL, &a), 0);
    assert_int_equal(ex_threads_search(p, 2, 1, &o.lim, 3, NULL, &b), 0);
    assert_int_equal(b.states, 26);
    assert_int_equal(a.states, b.states);
    assert_int_equal(a.depth_reached, b.depth_reached);
    assert_int_equal(a.transitions, b.transitions);
    assert_int_equal(b.complete, 1);
    assert_int_equal(a.nfindings, 2);
    assert_int_equal(b.nfindings, 2);
    for (size_t k = 0; k < a.nfindings; k++) {
        assert_int_equal(a.findings[k].kind, b.findings[k].kind);
        assert_int_equal(a.findings[k].line, b.findings[k].line);
        assert_int_equal(a.findings[k].count, b.findings[k].count);
        assert_string_equal(a.findings[k].message, b.findings[k].message);
        char **pa, **pb;
        int na = ex_path(p, 2, &a, a.findings[k].state, &pa);
        int nb = ex_path(p, 2, &b, b.findings[k].state, &pb);
        assert_int_equal(na, nb);
        for (int i = 0; i < na; i++) {
            assert_string_equal(pa[i], pb[i]);
            free(pa[i]);
            free(pb[i]);
        }
        free(pa);
        free(pb);
    }
    ex_free(&a);
    ex_free(&b);
    oc_free(c);
}

/* A transport of one worker that hands back what it was given, but for
 * exchange number `spoil`, whose byte `at` (modulo its length) it flips,
 * or whose bytes it cuts to `at` (cut), or fails (fail). */
typedef struct spoiler {
    int n, spoil, cut, fail;
    size_t at;
} spoiler;

static int spoiled_exchange(ex_transport *t, unsigned char *const *out, const size_t *nout,
                            unsigned char **in, size_t *at)
{
    spoiler *x = t->ctx;
    int mine = x->n++ == x->spoil;
    if (mine && x->fail)
        return -1;
    size_t n = mine && x->cut && x->at < nout[0] ? x->at : nout[0];
    *in = malloc(n + 1);
    if (!*in)
        return -1;
    memcpy(*in, out[0], n);
    if (mine && !x->cut && n)
        (*in)[x->at % n] ^= 0x5a;
    at[0] = 0;
    at[1] = n;
    return 0;
}

/* What a worker receives spoiled (a byte flipped, cut short) or a failed
 * exchange at any point of the search never crashes it: it ends, failed
 * or with what it could make of it, whose paths replay. */
static void test_explore_shared_search_survives_bad_exchanges(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, deadlock);
    ex_run_options o = explore_options(1, 1);
    spoiler x = {0, -1, 0, 0, 0};
    ex_transport t = {0, 1, 0, spoiled_exchange, &x};
    ex_result r;
    assert_int_equal(ex_shared_search(p, 2, 1, &o.lim, o.lim.memory, &t, NULL, &r), 0);
    assert_int_equal(r.states, 26);
    ex_free(&r);
    int exchanges = x.n;
    for (int k = 0; k < exchanges; k++)
        for (int how = 0; how < 3; how++)
            for (size_t at = 0; at < 600; at += how == 1 ? 13 : 61) {
                x = (spoiler){0, k, how == 1, how == 2, at};
                if (ex_shared_search(p, 2, 1, &o.lim, o.lim.memory, &t, NULL, &r) == 0)
                    for (size_t f = 0; f < r.nfindings; f++) {
                        char **path;
                        int n = ex_path(p, 2, &r, r.findings[f].state, &path);
                        for (int i = 0; i < n; i++)
                            free(path[i]);
                        if (n >= 0)
                            free(path);
                    }
                ex_free(&r);
                if (how == 2)
                    break;
            }
    oc_free(c);
}

/* Guided walks (explore_guide.c) find the planted deadlock too, on a way
 * shortened to the shortest (explore_shrink.c), and count their walks; the
 * default search on a game it searches whole walks not at all. */
static void test_explore_guided_walks(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, deadlock);
    ex_run_options o = explore_options(1, 1);
    o.walks = 50;
    o.lim.search = EX_SEARCH_SWARM;
    ex_total t;
    assert_int_equal(ex_run(p, &o, &t), 0);
    assert_int_equal(t.walked, 50);
    assert_int_equal(t.complete, 0);
    assert_true(t.nfound >= 1);
    assert_int_equal(t.found[0].f.kind, EX_DEADLOCK);
    assert_int_equal(t.found[0].f.line, 17);
    assert_int_equal(t.found[0].decisions, 2);
    ex_total_free(&t);
    o = explore_options(1, 1);
    assert_int_equal(ex_run(p, &o, &t), 0);
    assert_int_equal(t.walked, 0);
    assert_int_equal(t.complete, 1);
    ex_total_free(&t);
    oc_free(c);
}

/* The finding of kind `kind` in t, or NULL. */
static const ex_found *found_kind(const ex_total *t, int kind)
{
    for (size_t k = 0; k < t->nfound; k++)
        if (t->found[k].f.kind == kind)
            return &t->found[k];
    return NULL;
}

/* Random walks report play round in circles (under the view without
 * `turns`) as the breadth-first search does, and walks cut off by --depth
 * as one warning counting them, with the way to the first. */
static void test_explore_walks_report_circles_and_cut_offs(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, "examples/explore/circles.ordo");
    int ignore[] = {ordo_find_var(p, "turns"), -1};
    assert_true(ignore[0] >= 0);
    ex_run_options o = explore_options(1, 1);
    o.walks = 20;
    o.lim.ignore = ignore;
    ex_total t;
    assert_int_equal(ex_run(p, &o, &t), 0);
    const ex_found *x = NULL; /* the circles, not the stall */
    for (size_t k = 0; k < t.nfound; k++)
        if (t.found[k].f.kind == EX_NO_PROGRESS && t.found[k].f.code == 0)
            x = &t.found[k];
    assert_non_null(x);
    assert_int_equal(x->f.code, 0);
    assert_int_equal(x->f.line, 20);
    ex_total_free(&t);

    o.lim.ignore = NULL;
    o.lim.depth = 1;
    assert_int_equal(ex_run(p, &o, &t), 0);
    x = found_kind(&t, EX_CUT);
    assert_non_null(x);
    assert_true(EX_IS_WARNING(x->f.kind));
    assert_true(x->f.count > 1 && x->f.count < 20);
    assert_int_equal(x->decisions, 1);
    int errors = 0;
    for (size_t k = 0; k < t.nfound; k++)
        errors += !EX_IS_WARNING(t.found[k].f.kind);
    FILE *null = fopen("/dev/null", "w");
    assert_non_null(null);
    assert_int_equal(ex_report(null, p, "circles.ordo", &o, &t), errors); /* warnings not counted */
    fclose(null);
    ex_total_free(&t);
    oc_free(c);
}

/* The queue of states to expand gives back what was put in, in order,
 * through chunks written to disk past its memory, pushes and pops
 * interleaved as a search does them. */
static void test_explore_queue_spills_to_disk(void **state)
{
    (void)state;
    enum { BLOCK = 1000, N = 40000 };
    ex_queue q;
    ex_queue_init(&q, BLOCK, 0, 1u << 30); /* the least memory: a few chunks */
    unsigned char in[BLOCK], out[BLOCK];
    uint32_t next_in = 0, next_out = 0, index, depth;
    while (next_out < N) {
        for (int k = 0; k < 3 && next_in < N; k++, next_in++) {
            memset(in, (int)(next_in % 251), sizeof in);
            memcpy(in, &next_in, sizeof next_in);
            assert_int_equal(ex_queue_push(&q, next_in, next_in / 7, in), 0);
        }
        assert_int_equal(ex_queue_pop(&q, &index, &depth, out), 1);
        assert_int_equal(index, next_out);
        assert_int_equal(depth, next_out / 7);
        assert_int_equal(out[BLOCK - 1], next_out % 251);
        assert_memory_equal(out, &next_out, sizeof next_out);
        next_out++;
    }
    assert_int_equal(ex_queue_pop(&q, &index, &depth, out), 0);
    assert_true(q.spilled > 0);
    assert_int_equal(q.on_disk, 0);
    ex_queue_free(&q);
}

/* The edges past the memory kept go to disk and come back, the last
 * first: a chain found in order is marked back to its start in one pass,
 * and the next pass marks nothing. */
static void test_explore_edges_spill_and_spread(void **state)
{
    (void)state;
    enum { N = 1000 };
    ex_edges e;
    ex_edges_init(&e, 16);
    for (uint32_t i = 0; i + 1 < N; i++)
        assert_int_equal(ex_edges_add(&e, i, i + 1), 0);
    assert_non_null(e.disk);
    assert_true(e.on_disk >= N - 1 - 16);
    unsigned char can[N];
    memset(can, 0, sizeof can);
    can[N - 1] = 1;
    assert_int_equal(ex_edges_spread(&e, can), 1);
    for (int i = 0; i < N; i++)
        assert_int_equal(can[i], 1);
    assert_int_equal(ex_edges_spread(&e, can), 0);
    /* an edge into no marked state marks nothing */
    memset(can, 0, sizeof can);
    assert_int_equal(ex_edges_spread(&e, can), 0);
    assert_int_equal(can[0], 0);
    ex_edges_clear(&e);
    assert_null(e.disk);
    assert_int_equal(e.spill, 16);
    ex_edges_free(&e);
}

/* ----------------------------------------------------------- mutate */

static void test_mutate_judges_every_mutant(void **state)
{
    (void)state;
    size_t n;
    char *src = play_read_file(deadlock, 1 << 20, "test_engines", &n);
    assert_non_null(src);
    mutate_options o = {deadlock, src, n, 2, 10};
    mutate_result r;
    assert_int_equal(mutate_run(&o, &r), 0);
    assert_int_equal(r.count, 27);
    assert_int_equal(r.killed, 15);
    assert_int_equal(r.survived, 11);
    assert_int_equal(r.stillborn, 1);
    assert_int_equal(r.equivalent, 0);
    assert_int_equal(r.killed + r.survived + r.stillborn + r.equivalent, r.count);
    for (size_t i = 0; i < r.count; i++)
        assert_true(r.verdict[i] >= MUTANT_SURVIVED && r.verdict[i] <= MUTANT_EQUIVALENT);
    mutate_result_free(&r);
    free(src);
}

/* -------------------------------------------------------------- sim */

typedef struct sim_sum {
    sim_totals t;
    uint64_t next_seed; /* results arrive in game order */
} sim_sum;

static void add_game(void *ctx, const sim_game *r)
{
    sim_sum *s = ctx;
    assert_int_equal(r->h.seed, s->next_seed);
    s->next_seed++;
    sim_add(&s->t, r);
}

static void sim_over(const ordo_program *p, int jobs, uint64_t games, sim_sum *sum)
{
    play_options o;
    play_options_init(&o);
    assert_int_equal(play_resolve_policies(p, &o, "test_engines"), 0);
    sim_totals_init(&sum->t);
    sum->next_seed = o.seed;
    sim_hooks h = {add_game, NULL, sum, stderr, "test_engines"};
    sim_play s;
    assert_int_equal(sim_play_init(&s, p, &o, 2, -1, NULL, 0, &h), 0);
    assert_int_equal(sim_play_run(&s, games, jobs, &h), 0);
    sim_play_free(&s);
}

static void test_sim_pool_gives_the_same_totals(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, "rulesets/splendor_solo.ordo");
    sim_sum one, two;
    sim_over(p, 1, 24, &one);
    sim_over(p, 2, 24, &two);
    assert_int_equal(one.t.games, 24);
    assert_int_equal(two.t.games, 24);
    assert_int_equal(one.t.ended + one.t.errors, 24);
    assert_int_equal(one.t.decisions, two.t.decisions);
    assert_int_equal(one.t.steps, two.t.steps);
    assert_memory_equal(one.t.wins, two.t.wins, sizeof one.t.wins);
    assert_memory_equal(&one.t, &two.t, sizeof one.t);
    oc_free(c);
}

/* A game a limit the rules set ended is counted apart, not among the wins
 * (nor "no winner"), and its reason with the others. */
static void test_sim_counts_limit_ends_apart(void **state)
{
    (void)state;
    sim_totals t;
    sim_totals_init(&t);
    sim_game g;
    memset(&g, 0, sizeof g);
    g.h.winner = 0;
    g.h.reason = 3;
    sim_add(&t, &g);
    g.h.limit = 1;
    sim_add(&t, &g);
    g.h.winner = -1;
    g.h.reason = 5;
    sim_add(&t, &g);
    assert_int_equal(t.ended, 3);
    assert_int_equal(t.wins[0], 1);
    assert_int_equal(t.no_winner, 0);
    assert_int_equal(t.limit_ends, 2);
    assert_int_equal(t.reason_text[0], 4);
    assert_int_equal(t.reason_count[0], 2);
    assert_int_equal(t.reason_text[1], 6);
    assert_int_equal(t.reason_count[1], 1);
}

/* Every game of a run written as its JSON line and read back is the same
 * result, so that shards merged add up to the run (ordo sim --merge). */
typedef struct sim_lines {
    const ordo_program *p;
    uint64_t seed0;
    int games, errors;
} sim_lines;

static void json_round_trip(void *ctx, const sim_game *r)
{
    sim_lines *l = ctx;
    char line[4096];
    FILE *f = fmemopen(line, sizeof line, "w");
    assert_non_null(f);
    sim_print_json(f, l->p, r->h.seed - l->seed0, r, NULL);
    fclose(f);
    sim_game back;
    uint64_t index;
    char why[160];
    assert_int_equal(sim_read_json(l->p, line, strlen(line), &index, &back, why, sizeof why), 0);
    assert_int_equal(index, r->h.seed - l->seed0);
    assert_memory_equal(&back.h, &r->h, sizeof r->h);
    assert_memory_equal(back.score, r->score, sizeof(int32_t) * (size_t)r->h.nscores);
    if (r->h.errlen)
        assert_string_equal(back.error, r->error);
    l->errors += r->h.errlen > 0;
    assert_int_not_equal(sim_read_json(l->p, line, strlen(line) / 2, &index, &back, why, sizeof why), 0);
    l->games++;
}

static void test_sim_json_lines_read_back(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, "rulesets/splendor_solo.ordo");
    /* games that end, then games stopped by the step limit (an error) */
    for (uint64_t limit = 0; limit <= 50000; limit += 50000) {
        play_options o;
        play_options_init(&o);
        o.max_steps = limit;
        assert_int_equal(play_resolve_policies(p, &o, "test_engines"), 0);
        sim_lines l = {p, o.seed, 0, 0};
        sim_hooks h = {json_round_trip, NULL, &l, stderr, "test_engines"};
        sim_play s;
        assert_int_equal(sim_play_init(&s, p, &o, 1, -1, NULL, 0, &h), 0);
        assert_int_equal(sim_play_run(&s, 10, 1, &h), 0);
        sim_play_free(&s);
        assert_int_equal(l.games, 10);
        assert_int_equal(l.errors, limit ? 10 : 0);
    }
    oc_free(c);
}

/* ------------------------------------------------ scenarios and doc */

static void test_scenarios_and_doc_run(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, deadlock);
    int passed = 0, failed = 0;
    FILE *null = fopen("/dev/null", "w");
    assert_non_null(null);
    sc_run_all(p, deadlock, 0, null, &passed, &failed);
    fclose(null);
    assert_int_equal(passed, 2);
    assert_int_equal(failed, 0);
    doc_model *m = doc_model_build(oc_tree(c), oc_tree_resolution(c), p);
    assert_non_null(m);
    doc_run_scenarios(m, p, deadlock, &passed, &failed);
    assert_int_equal(passed, 2);
    assert_int_equal(failed, 0);
    doc_model_free(m);
    oc_free(c);
}

/* -------------------------------------------------------------- lsp */

/* The messages the server sent, in order. */
static void keep(void *ctx, json_t *msg)
{
    json_array_append(ctx, msg);
}

static json_t *message(const char *text)
{
    json_error_t err;
    json_t *m = json_loads(text, 0, &err);
    assert_non_null(m);
    return m;
}

static int handle(lsp_server *s, const char *text)
{
    json_t *m = message(text);
    int status = lsp_server_handle(s, m);
    json_decref(m);
    return status;
}

static void test_lsp_server_answers(void **state)
{
    (void)state;
    json_t *sent = json_array();
    oc_options opt = {0};
    lsp_server *s = lsp_server_new(&opt, keep, sent);
    assert_non_null(s);
    assert_int_equal(handle(s, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                               "\"params\":{\"capabilities\":{}}}"),
                     -1);
    assert_int_equal(handle(s, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\","
                               "\"params\":{\"textDocument\":{\"uri\":\"file:///t.ordo\","
                               "\"text\":\"ruleset \\\"t\\\"\\nplayers 2\\nvar n: 0..9\\n"
                               "sequence {\\n step 1 {\\n  n += 1\\n }\\n}\\n\"}}}"),
                     -1);
    assert_int_equal(handle(s, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/"
                               "definition\",\"params\":{\"textDocument\":{\"uri\":"
                               "\"file:///t.ordo\"},\"position\":{\"line\":5,\"character\":2}}}"),
                     -1);
    assert_int_equal(json_array_size(sent), 3);
    json_t *init = json_array_get(sent, 0), *diags = json_array_get(sent, 1),
           *def = json_array_get(sent, 2);
    assert_non_null(json_object_get(json_object_get(init, "result"), "capabilities"));
    assert_string_equal(json_string_value(json_object_get(diags, "method")),
                        "textDocument/publishDiagnostics");
    assert_int_equal(json_array_size(json_object_get(json_object_get(diags, "params"),
                                                     "diagnostics")),
                     0);
    /* `n` on line 6 is defined on line 3 (0-based 2) */
    json_t *loc = json_array_get(json_object_get(def, "result"), 0);
    assert_int_equal(json_integer_value(json_object_get(
                         json_object_get(json_object_get(loc, "range"), "start"), "line")),
                     2);
    assert_int_equal(handle(s, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"shutdown\"}"), -1);
    assert_int_equal(handle(s, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"), 0);
    assert_int_equal(lsp_server_end(s), 0);
    lsp_server_free(s);
    json_decref(sent);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_explore_finds_the_deadlock),
        cmocka_unit_test(test_explore_jobs_give_the_same_total),
        cmocka_unit_test(test_explore_walks_report_circles_and_cut_offs),
        cmocka_unit_test(test_explore_guided_walks),
        cmocka_unit_test(test_explore_shared_search_is_one_search),
        cmocka_unit_test(test_explore_shared_search_survives_bad_exchanges),
        cmocka_unit_test(test_explore_queue_spills_to_disk),
        cmocka_unit_test(test_explore_edges_spill_and_spread),
        cmocka_unit_test(test_mutate_judges_every_mutant),
        cmocka_unit_test(test_sim_pool_gives_the_same_totals),
        cmocka_unit_test(test_sim_counts_limit_ends_apart),
        cmocka_unit_test(test_sim_json_lines_read_back),
        cmocka_unit_test(test_scenarios_and_doc_run),
        cmocka_unit_test(test_lsp_server_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* playground.c — the playground's entry points (playground.h): a ruleset
 * compiled from the page's text, its scenarios, its rule document, its
 * game; each answer written as JSON.
 *
 * The work is the layers' below: the compiler (compiler.h) with its
 * diagnostics recorded by a sink, the scenario runner and the document's
 * run (compiler/engines/), the writers of the document, the host kit's
 * policies (pg_game.c). What they print on a FILE* is caught in memory
 * (open_memstream) and handed to the page. Built natively as well as for
 * WebAssembly (tests/unit/test_playground.c calls it).
 */
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "diag_sink.h"
#include "doc_run.h"
#include "pg_game.h"
#include "pg_json.h"
#include "playground.h"
#include "scenario.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define PG_API EMSCRIPTEN_KEEPALIVE
#else
#define PG_API
#endif

struct playground {
    oc_compiler *c;
    const ordo_program *p;  /* the last compilation's, or NULL */
    char *path;
    pg_game *game;
    /* the answer being written, and what went wrong (a refusal) */
    FILE *out, *err;
    char *answer, *problem;
    size_t answer_len, problem_len;
};

static const char no_playground[] = "{\"error\":\"no playground\"}";
static const char no_memory[] = "{\"error\":\"out of memory\"}";

PG_API playground *pg_open(void)
{
    return calloc(1, sizeof(playground));
}

/* The game, then the compiler whose program it plays. */
static void forget_ruleset(playground *pg)
{
    pg_game_free(pg->game);
    pg->game = NULL;
    oc_free(pg->c);
    pg->c = NULL;
    pg->p = NULL;
    free(pg->path);
    pg->path = NULL;
}

static void close_streams(playground *pg)
{
    if (pg->out)
        fclose(pg->out);
    if (pg->err)
        fclose(pg->err);
    pg->out = pg->err = NULL;
}

PG_API void pg_close(playground *pg)
{
    if (!pg)
        return;
    forget_ruleset(pg);
    close_streams(pg);
    free(pg->answer);
    free(pg->problem);
    free(pg);
}

/* ---- answers: what is written on pg->out, or {"error": what is written
 * on pg->err} when anything is */

static int begin(playground *pg)
{
    close_streams(pg);
    free(pg->answer);
    free(pg->problem);
    pg->answer = pg->problem = NULL;
    pg->out = open_memstream(&pg->answer, &pg->answer_len);
    pg->err = open_memstream(&pg->problem, &pg->problem_len);
    return pg->out && pg->err ? 0 : -1;
}

static const char *finish(playground *pg)
{
    int whole = pg->out && pg->err;
    close_streams(pg);
    if (!whole || !pg->answer || !pg->problem)
        return no_memory;
    if (pg->problem_len == 0)
        return pg->answer;
    free(pg->answer);
    pg->answer = NULL;
    FILE *f = open_memstream(&pg->answer, &pg->answer_len);
    if (!f)
        return no_memory;
    fputs("{\"error\":", f);
    pg_json_string(f, pg->problem);
    fputs("}", f);
    return fclose(f) == 0 && pg->answer ? pg->answer : no_memory;
}

/* A call that needs a compiled ruleset: 0, or -1 after saying why. */
static int need_ruleset(playground *pg)
{
    if (pg->p)
        return 0;
    fputs(pg->c ? "the ruleset does not compile" : "no ruleset compiled", pg->err);
    return -1;
}

/* ---- compiling */

/* a list being written: its stream, how many items so far */
typedef struct json_list {
    FILE *out;
    int n;
} json_list;

static void put_diagnostic(const diag_record *r, void *arg)
{
    json_list *l = arg;
    fputs(l->n++ ? ",{\"severity\":" : "{\"severity\":", l->out);
    pg_json_string(l->out, r->as_error ? "error" : r->kind);
    fputs(",\"path\":", l->out);
    pg_json_string(l->out, r->path);
    fprintf(l->out, ",\"line\":%lu,\"col\":%lu,\"message\":", (unsigned long)r->line,
            (unsigned long)r->col);
    pg_json_string(l->out, r->message);
    fputs("}", l->out);
}

static void put_program(playground *pg)
{
    const ordo_program *p = pg->p;
    fputs(",\"title\":", pg->out);
    pg_json_string(pg->out, p->title);
    fprintf(pg->out, ",\"min_players\":%d,\"max_players\":%d,\"scenarios\":%d,\"policies\":[",
            p->min_players, p->max_players, p->nscenarios);
    for (int k = 0; k < ordo_policy_count(p); k++) {
        fputs(k ? "," : "", pg->out);
        pg_json_string(pg->out, ordo_policy_name(p, k));
    }
    fputs("]", pg->out);
}

PG_API const char *pg_compile(playground *pg, const char *path, const char *text)
{
    if (!pg)
        return no_playground;
    if (begin(pg) != 0)
        return finish(pg);
    if (!path || !*path || !text) {
        fputs("no file name or no text", pg->err);
        return finish(pg);
    }
    forget_ruleset(pg);
    oc_options opt;
    memset(&opt, 0, sizeof opt);
    opt.sink = diag_sink_new(DIAG_FORMAT_RECORDS, NULL, "ordo", ORDO_VERSION);
    pg->path = strdup(path);
    pg->c = opt.sink && pg->path ? oc_new(&opt) : NULL;
    if (!pg->c) {
        diag_sink_finish(opt.sink);
        fputs("out of memory", pg->err);
        return finish(pg);
    }
    pg->p = oc_compile_string(pg->c, path, text, strlen(text));
    fputs("{\"diagnostics\":[", pg->out);
    json_list l = {pg->out, 0};
    diag_sink_each(opt.sink, put_diagnostic, &l);
    diag_sink_finish(opt.sink);
    fprintf(pg->out, "],\"ok\":%s,\"errors\":%d,\"warnings\":%d", pg->p ? "true" : "false",
            oc_error_count(pg->c), oc_warning_count(pg->c));
    if (pg->p)
        put_program(pg);
    fputs("}", pg->out);
    return finish(pg);
}

/* ---- the scenarios: each one's report is what the runner printed since
 * the verdict before */

typedef struct verdicts {
    json_list list;
    const ordo_program *p;
    FILE *text;
    char **report;
    size_t *len, mark;
} verdicts;

static void put_verdict(void *ctx, unsigned s, int passed)
{
    verdicts *v = ctx;
    const ordo_scenario *sc = &v->p->scenarios[s];
    fflush(v->text);
    fputs(v->list.n++ ? ",{\"name\":" : "{\"name\":", v->list.out);
    pg_json_string(v->list.out, sc->name ? sc->name : "");
    fprintf(v->list.out, ",\"line\":%lu,\"passed\":%s,\"report\":", (unsigned long)sc->line,
            passed ? "true" : "false");
    pg_json_bytes(v->list.out, *v->report ? *v->report + v->mark : "",
                  *v->report ? *v->len - v->mark : 0);
    fputs("}", v->list.out);
    v->mark = *v->len;
}

PG_API const char *pg_scenarios(playground *pg)
{
    if (!pg)
        return no_playground;
    if (begin(pg) != 0 || need_ruleset(pg) != 0)
        return finish(pg);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        fputs("out of memory", pg->err);
        return finish(pg);
    }
    verdicts v = {{pg->out, 0}, pg->p, f, &text, &len, 0};
    sc_observer obs = {NULL, put_verdict, &v};
    int passed = 0, failed = 0;
    fputs("{\"scenarios\":[", pg->out);
    sc_run_observed(pg->p, pg->path, 0, f, &obs, &passed, &failed);
    fflush(f);
    fprintf(pg->out, "],\"passed\":%d,\"failed\":%d,\"summary\":", passed, failed);
    pg_json_bytes(pg->out, text ? text + v.mark : "", text ? len - v.mark : 0);
    fputs("}", pg->out);
    fclose(f);
    free(text);
    return finish(pg);
}

/* ---- the rule document */

PG_API const char *pg_document(playground *pg, const char *format)
{
    if (!pg)
        return no_playground;
    if (begin(pg) != 0 || need_ruleset(pg) != 0)
        return finish(pg);
    int html = format && strcmp(format, "html") == 0;
    if (!html && !(format && strcmp(format, "md") == 0)) {
        fputs("the format is html or md", pg->err);
        return finish(pg);
    }
    struct ast_file *tree = oc_tree(pg->c);
    doc_model *m = tree ? doc_model_build(tree, oc_tree_resolution(pg->c), pg->p) : NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *f = m ? open_memstream(&text, &len) : NULL;
    if (!f) {
        fputs("out of memory", pg->err);
        doc_model_free(m);
        return finish(pg);
    }
    int passed, failed;
    doc_run_scenarios(m, pg->p, pg->path, &passed, &failed);
    doc_model_finish(m);
    int rc = html ? doc_write_html(m, f) : doc_write_md(m, f);
    if (fclose(f) != 0 || rc != 0 || !text)
        fputs("the document could not be written", pg->err);
    fprintf(pg->out, "{\"format\":\"%s\",\"passed\":%d,\"failed\":%d,\"text\":",
            html ? "html" : "md", passed, failed);
    pg_json_bytes(pg->out, text ? text : "", text ? len : 0);
    fputs("}", pg->out);
    free(text);
    doc_model_free(m);
    return finish(pg);
}

/* ---- the game */

PG_API const char *pg_new_game(playground *pg, int players, const char *seed, const char *seats,
                               int seat)
{
    if (!pg)
        return no_playground;
    if (begin(pg) != 0 || need_ruleset(pg) != 0)
        return finish(pg);
    pg_game_free(pg->game);
    pg->game = pg_game_new(pg->p, players, seed, seats, pg->err);
    if (pg->game)
        pg_game_state(pg->game, seat, 0, pg->out, pg->err);
    return finish(pg);
}

PG_API const char *pg_choose(playground *pg, int k, int seat, int from)
{
    if (!pg)
        return no_playground;
    if (begin(pg) == 0 && pg_game_choose(pg->game, k, pg->err) == 0)
        pg_game_state(pg->game, seat, from, pg->out, pg->err);
    return finish(pg);
}

PG_API const char *pg_state(playground *pg, int seat, int from)
{
    if (!pg)
        return no_playground;
    if (begin(pg) == 0)
        pg_game_state(pg->game, seat, from, pg->out, pg->err);
    return finish(pg);
}

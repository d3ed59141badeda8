/* doc_run.c — the scenarios behind the rule document, and its graphs
 * rendered (doc_run.h). The scenarios' failure messages are not the
 * document's: they are written to a buffer and dropped, the model
 * records each verdict.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "doc_run.h"
#include "scenario.h"

/* The model, and the coverage `ordo test --coverage` keeps: the rule IDs
 * are counted by its function, so the two figures cannot differ. */
typedef struct run_ctx {
    doc_model *m;
    sc_coverage cov;
    const ordo_program *p;
} run_ctx;

static void on_event(void *ctx, unsigned sc, const ordo_game *g, const ordo_event *ev)
{
    (void)g;
    run_ctx *x = ctx;
    doc_model_note(x->m, sc, ev);
    sc_cover(&x->cov, x->p, ev);
}

static void on_verdict(void *ctx, unsigned sc, int passed)
{
    run_ctx *x = ctx;
    doc_model_verdict(x->m, sc, passed);
}

void doc_run_scenarios(doc_model *m, const ordo_program *p, const char *path, int *passed,
                       int *failed)
{
    char *msg = NULL;
    size_t len = 0;
    *passed = *failed = 0;
    run_ctx x = {m, {0}, p};
    if (sc_coverage_init(&x.cov, p) != 0)
        return;
    FILE *sink = open_memstream(&msg, &len);
    if (!sink) {
        sc_coverage_free(&x.cov);
        return;
    }
    sc_observer obs = {on_event, on_verdict, &x};
    sc_run_observed(p, path, 0, sink, &obs, passed, failed);
    sc_rule_counts(&x.cov, p, &m->rules_cited, &m->rules_reached);
    fclose(sink);
    free(msg);
    sc_coverage_free(&x.cov);
}

int doc_have_dot(void)
{
    const char *path = getenv("PATH");
    if (!path)
        return 0;
    char buf[4096];
    while (*path) {
        size_t n = strcspn(path, ":");
        if (n && n + 5 < sizeof buf) {
            memcpy(buf, path, n);
            strcpy(buf + n, "/dot");
            if (access(buf, X_OK) == 0)
                return 1;
        }
        path += n;
        if (*path == ':')
            path++;
    }
    return 0;
}

int doc_render_svg(const char *dot_path, FILE *svg, FILE *err, const char *prog)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(err, "%s: cannot run dot: %s\n", prog, strerror(errno));
        return -1;
    }
    if (pid == 0) {
        if (dup2(fileno(svg), 1) < 0)
            _exit(127);
        execlp("dot", "dot", "-Tsvg", dot_path, (char *)NULL);
        _exit(127);
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        fprintf(err, "%s: dot could not render '%s'\n", prog, dot_path);
        return -1;
    }
    fseek(svg, 0, SEEK_END); /* dot wrote through the descriptor */
    return 0;
}

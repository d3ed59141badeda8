/* cmd_doc.c — `ordo doc FILE [-o DIR] [--format md|html|all] [--dot]`:
 * writes the rule document of a ruleset for players and judges: NAME.md
 * and NAME.html (one self-contained page) in DIR, and with --dot the
 * Graphviz graphs NAME-sequence.dot and NAME-triggers.dot, rendered to SVG
 * when `dot` is on the PATH.
 *
 * It compiles the file, builds the document's model from the checked tree
 * (compiler/doc_model.c), runs every scenario (scenario.c) telling the
 * model which steps, triggers, actions and overrides each one reaches,
 * then hands the model to the writers. Each output is written whole or
 * not at all (files.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "doc_model.h"
#include "driver.h"

static const char prog[] = "ordo doc";

static const char help[] =
    "usage: ordo doc FILE [-o DIR] [--format md|html|all] [--dot] [--no-svg]\n"
    "                [--no-run] [-Werror]\n"
    "\n"
    "Writes the rule document of a ruleset, for players and judges: the\n"
    "numbered sequence of play with each step's rule IDs, the triggers of each\n"
    "event with their timing, the actions with their costs in the order they\n"
    "are paid, each override against the base rule it replaces, and an index\n"
    "of every rule ID: the steps that encode it, the scenarios that cite it\n"
    "and the scenarios that reach it (the scenarios are run to find out).\n"
    "\n"
    "  -o DIR            the folder to write in (default: the current folder;\n"
    "                    made when missing): DIR/NAME.md and DIR/NAME.html,\n"
    "                    NAME being FILE's name without .ordo. '-o -' writes\n"
    "                    the one document --format names to standard output\n"
    "  --format FMT      md, html or all (default all)\n"
    "  --dot             also DIR/NAME-sequence.dot (the sequence of play) and\n"
    "                    DIR/NAME-triggers.dot (the trigger network), and their\n"
    "                    .svg renderings when Graphviz's dot is on the PATH\n"
    "  --no-svg          with --dot: write the .dot files only\n"
    "  --no-run          do not run the scenarios (the document says 'not run')\n"
    DRV_DIAG_HELP
    "  --help, --version\n"
    "\n"
    "exit status: 0 the documents were written (a failing scenario is shown\n"
    "in them, not an error), 1 compile error or an output that could not be\n"
    "written, 2 bad command line or missing file.\n";

typedef struct doc_args {
    const char *file, *dir;
    int md, html, dot, svg, run;
    drv_diag dd;      /* -Werror, -Wno-NAME, --diagnostics-format */
} doc_args;

static int need_value(int i, int argc, const char *opt)
{
    if (i + 1 < argc)
        return 1;
    fprintf(stderr, "%s: %s needs a value (try '%s --help')\n", prog, opt, prog);
    return 0;
}

static int parse(int argc, char **argv, doc_args *a)
{
    memset(a, 0, sizeof *a);
    drv_diag_init(&a->dd);
    a->dir = ".";
    a->md = a->html = 1;
    a->svg = a->run = 1;
    int opts_done = 0;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (opts_done || s[0] != '-' || s[1] == 0) {
            if (a->file) {
                fprintf(stderr, "%s: one FILE at a time ('%s' and '%s')\n", prog, a->file, s);
                return TOOL_USAGE;
            }
            a->file = s;
        } else if (strcmp(s, "--") == 0)
            opts_done = 1;
        else if (strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0) {
            fputs(help, stdout);
            return TOOL_OK;
        } else if (strcmp(s, "--version") == 0) {
            printf("ordo %s\n", ORDO_VERSION);
            return TOOL_OK;
        } else if (strcmp(s, "-o") == 0) {
            if (!need_value(i, argc, s))
                return TOOL_USAGE;
            a->dir = argv[++i];
            if (!*a->dir) {
                fprintf(stderr, "%s: -o needs a folder\n", prog);
                return TOOL_USAGE;
            }
        } else if (strcmp(s, "--format") == 0) {
            if (!need_value(i, argc, s))
                return TOOL_USAGE;
            const char *f = argv[++i];
            a->md = strcmp(f, "md") == 0 || strcmp(f, "all") == 0;
            a->html = strcmp(f, "html") == 0 || strcmp(f, "all") == 0;
            if (!a->md && !a->html) {
                fprintf(stderr, "%s: unknown format '%s' (md, html or all)\n", prog, f);
                return TOOL_USAGE;
            }
        } else if (strcmp(s, "--dot") == 0)
            a->dot = 1;
        else if (strcmp(s, "--no-svg") == 0)
            a->svg = 0;
        else if (strcmp(s, "--no-run") == 0)
            a->run = 0;
        else {
            int d = drv_diag_arg(&a->dd, s, prog);
            if (d < 0)
                return TOOL_USAGE;
            if (d == 0)
                return drv_unknown_option(prog, s);
        }
    }
    if (!a->file) {
        fprintf(stderr, "%s: no input file (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (strcmp(a->dir, "-") == 0 && ((a->md && a->html) || a->dot)) {
        fprintf(stderr, "%s: '-o -' writes one document: give --format md or html "
                        "(and no --dot)\n", prog);
        return TOOL_USAGE;
    }
    if (!drv_readable(prog, a->file))
        return TOOL_USAGE;
    return DRV_GO;
}

/* ---- the scenarios, observed */

static void on_event(void *ctx, unsigned sc, const ordo_game *g, const ordo_event *ev)
{
    (void)g;
    doc_model_note(ctx, sc, ev);
}

static void on_verdict(void *ctx, unsigned sc, int passed)
{
    doc_model_verdict(ctx, sc, passed);
}

static void run_scenarios(doc_model *m, const ordo_program *p, const char *path)
{
    char *msg = NULL;
    size_t len = 0;
    FILE *sink = open_memstream(&msg, &len);
    if (!sink)
        return;
    sc_observer obs = {on_event, on_verdict, m};
    int passed = 0, failed = 0;
    sc_run_observed(p, path, 0, sink, &obs, &passed, &failed);
    fclose(sink);
    if (failed)
        fprintf(stderr, "%s: %s: %d of %d scenarios fail (the documents say which)\n", prog,
                path, failed, passed + failed);
    free(msg);
}

/* ---- the outputs */

typedef int (*writer)(const doc_model *m, FILE *out);

static char *out_path(const char *dir, const char *name, const char *ext)
{
    size_t n = strlen(dir) + strlen(name) + strlen(ext) + 2;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s/%s%s", dir, name, ext);
    return s;
}

/* Writes one output whole: 0, or -1 after a message. */
static int write_one(const doc_args *a, const doc_model *m, const char *path, writer w)
{
    if (drv_same_file(path, a->file)) {
        fprintf(stderr, "%s: '%s' is the input: not writing over it\n", prog, path);
        return -1;
    }
    drv_output out;
    FILE *f = drv_output_open(&out, path, prog);
    if (!f)
        return -1;
    if (w(m, f) != 0) {
        fprintf(stderr, "%s: cannot write '%s'\n", prog, path);
        drv_output_abort(&out);
        return -1;
    }
    if (drv_output_commit(&out, prog) != 0)
        return -1;
    printf("%s: wrote %s\n", prog, path);
    return 0;
}

/* Is Graphviz's `dot` on the PATH? */
static int have_dot(void)
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

/* Renders a .dot file to SVG with `dot -Tsvg`: 0, or -1 after a message. */
static int render_svg(const char *dot_path, const char *svg_path)
{
    drv_output out;
    FILE *f = drv_output_open(&out, svg_path, prog);
    if (!f)
        return -1;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "%s: cannot run dot: %s\n", prog, strerror(errno));
        drv_output_abort(&out);
        return -1;
    }
    if (pid == 0) {
        if (dup2(fileno(f), 1) < 0)
            _exit(127);
        execlp("dot", "dot", "-Tsvg", dot_path, (char *)NULL);
        _exit(127);
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        fprintf(stderr, "%s: dot could not render '%s'\n", prog, dot_path);
        drv_output_abort(&out);
        return -1;
    }
    fseek(f, 0, SEEK_END); /* dot wrote through the descriptor */
    if (drv_output_commit(&out, prog) != 0)
        return -1;
    printf("%s: wrote %s\n", prog, svg_path);
    return 0;
}

static int write_all(const doc_args *a, const doc_model *m)
{
    if (strcmp(a->dir, "-") == 0) {
        int rc = a->md ? doc_write_md(m, stdout) : doc_write_html(m, stdout);
        return rc == 0 ? TOOL_OK : TOOL_FAIL;
    }
    struct stat st;
    if (stat(a->dir, &st) != 0) {
        if (mkdir(a->dir, 0777) != 0) {
            fprintf(stderr, "%s: cannot make the folder '%s': %s\n", prog, a->dir,
                    strerror(errno));
            return TOOL_FAIL;
        }
    } else if (!S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s: '%s' is not a folder\n", prog, a->dir);
        return TOOL_FAIL;
    }
    struct {
        int on;
        const char *ext;
        writer w;
        int graph;
    } outs[] = {
        {a->md, ".md", doc_write_md, 0},
        {a->html, ".html", doc_write_html, 0},
        {a->dot, "-sequence.dot", doc_write_dot_sequence, 1},
        {a->dot, "-triggers.dot", doc_write_dot_triggers, 1},
    };
    int status = TOOL_OK, svg = a->dot && a->svg && have_dot();
    for (size_t k = 0; k < sizeof outs / sizeof outs[0]; k++) {
        if (!outs[k].on)
            continue;
        char *path = out_path(a->dir, m->name, outs[k].ext);
        if (!path || write_one(a, m, path, outs[k].w) != 0)
            status = TOOL_FAIL;
        else if (outs[k].graph && svg) {
            size_t n = strlen(path);
            char *svg_path = malloc(n + 1);
            if (svg_path) {
                memcpy(svg_path, path, n - 4);
                strcpy(svg_path + n - 4, ".svg");
                if (render_svg(path, svg_path) != 0)
                    status = TOOL_FAIL;
            }
            free(svg_path);
        }
        free(path);
    }
    if (a->dot && a->svg && !svg)
        printf("%s: Graphviz's dot is not on the PATH: no .svg (the .dot files are written)\n",
               prog);
    return status;
}

int cmd_doc(int argc, char **argv)
{
    doc_args a;
    int status = parse(argc, argv, &a);
    if (status != DRV_GO)
        return status;
    oc_compiler *c;
    if (drv_diag_start(&a.dd) != 0)
        return TOOL_FAIL;
    const ordo_program *p = drv_compile(a.file, &a.dd, &c);
    if (drv_diag_finish(&a.dd) != 0)
        p = NULL;
    struct ast_file *tree = p ? oc_tree(c) : NULL; /* checked: a program came of it */
    if (!p || !tree) {
        oc_free(c);
        return TOOL_FAIL;
    }
    doc_model *m = doc_model_build(tree, oc_tree_resolution(c), p);
    if (!m) {
        fprintf(stderr, "%s: out of memory\n", prog);
        oc_free(c);
        return TOOL_FAIL;
    }
    if (a.run)
        run_scenarios(m, p, a.file);
    doc_model_finish(m);
    status = write_all(&a, m);
    doc_model_free(m);
    oc_free(c);
    return status;
}

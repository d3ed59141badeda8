/* doc_files.c — the rule document's outputs written into a folder
 * (doc_run.h, doc_write_files): NAME.md and NAME.html, with --dot the
 * Graphviz graphs and their SVG renderings; each written whole or not at
 * all (files.h), never over the ruleset it documents; or one document on
 * the report stream (`-o -`). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "doc_run.h"
#include "files.h"

typedef int (*writer)(const doc_model *m, FILE *out);

static char *out_path(const char *dir, const char *name, const char *ext)
{
    size_t n = strlen(dir) + strlen(name) + strlen(ext) + 2;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s/%s%s", dir, name, ext);
    return s;
}

/* What goes into one output: a document of the model (w), or the SVG
 * rendering of the .dot file at dot_path. */
typedef struct content {
    writer w;
    const doc_model *m;
    const char *dot_path;
} content;

/* Writes c on f: 0, or -1 after a message. */
static int fill(const doc_outputs *o, const content *c, FILE *f, const char *path)
{
    if (c->dot_path) /* `dot -Tsvg`, which says why it failed */
        return doc_render_svg(c->dot_path, f, stderr, o->prog);
    if (c->w(c->m, f) == 0)
        return 0;
    fprintf(stderr, "%s: cannot write '%s'\n", o->prog, path);
    return -1;
}

/* Writes one output whole: 0, or -1 after a message. */
static int write_one(const doc_outputs *o, const char *path, const content *c)
{
    if (tool_same_file(path, o->input)) {
        fprintf(stderr, "%s: '%s' is the input: not writing over it\n", o->prog, path);
        return -1;
    }
    play_output out;
    FILE *f = tool_output_open(&out, path, o->prog);
    if (!f)
        return -1;
    if (fill(o, c, f, path) != 0) {
        play_output_abort(&out);
        return -1;
    }
    if (tool_output_commit(&out, o->prog) != 0)
        return -1;
    fprintf(o->report, "%s: wrote %s\n", o->prog, path);
    return 0;
}

/* The folder the outputs go to, made when missing: 0, or -1 after a
 * message (it cannot be made, or it is a file). */
static int make_folder(const char *dir, const char *prog)
{
    struct stat st;
    if (stat(dir, &st) != 0) {
        if (mkdir(dir, 0777) == 0)
            return 0;
        fprintf(stderr, "%s: cannot make the folder '%s': %s\n", prog, dir, strerror(errno));
        return -1;
    }
    if (S_ISDIR(st.st_mode))
        return 0;
    fprintf(stderr, "%s: '%s' is not a folder\n", prog, dir);
    return -1;
}

int doc_write_files(const doc_model *m, const doc_outputs *a)
{
    const char *prog = a->prog;
    if (strcmp(a->dir, "-") == 0) {
        int rc = a->md ? doc_write_md(m, a->report) : doc_write_html(m, a->report);
        return rc == 0 ? TOOL_OK : TOOL_FAIL;
    }
    if (make_folder(a->dir, prog) != 0)
        return TOOL_FAIL;
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
    int status = TOOL_OK, svg = a->dot && a->svg && doc_have_dot();
    for (size_t k = 0; k < sizeof outs / sizeof outs[0]; k++) {
        if (!outs[k].on)
            continue;
        char *path = out_path(a->dir, m->name, outs[k].ext);
        if (!path || write_one(a, path, &(content){outs[k].w, m, NULL}) != 0)
            status = TOOL_FAIL;
        else if (outs[k].graph && svg) {
            size_t n = strlen(path);
            char *svg_path = malloc(n + 1);
            if (svg_path) {
                memcpy(svg_path, path, n - 4);
                strcpy(svg_path + n - 4, ".svg");
                if (write_one(a, svg_path, &(content){NULL, NULL, path}) != 0)
                    status = TOOL_FAIL;
            }
            free(svg_path);
        }
        free(path);
    }
    if (a->dot && a->svg && !svg)
        fprintf(a->report,
                "%s: Graphviz's dot is not on the PATH: no .svg (the .dot files are written)\n",
                prog);
    return status;
}


/* compile.c — the compiler library API (compiler.h): read a file, parse,
 * resolve, check, then hand the tree to the lowering (compiler/lower.c).
 *
 * One oc_compiler owns one arena; the text, tree, tables and the program of
 * every compilation made with it are freed together by oc_free. Nothing is
 * global, so any number of compilers may run in one process.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "compiler.h"

#define MAX_PRINTED_ERRORS 200

struct oc_compiler {
    oc_options opt;
    oc_arena *arena;
    int errors;
    int warnings;
};

oc_compiler *oc_new(const oc_options *opt)
{
    oc_compiler *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    if (opt)
        c->opt = *opt;
    c->arena = arena_new();
    if (!c->arena) {
        free(c);
        return NULL;
    }
    return c;
}

void oc_free(oc_compiler *c)
{
    if (!c)
        return;
    arena_free(c->arena);
    free(c);
}

int oc_error_count(const oc_compiler *c)
{
    return c ? c->errors : 0;
}

int oc_warning_count(const oc_compiler *c)
{
    return c ? c->warnings : 0;
}

/* Each stage runs only when the ones before it were clean: a broken tree
 * would only produce follow-on noise. */
static const ordo_program *run(oc_compiler *c, diag *d)
{
    ast_file *f = ast_parse(c->arena, d, d->src, d->len);
    if (!f || d->errors)
        return NULL;
    if (oc_resolve(c->arena, f, d) || d->errors)
        return NULL;
    if (oc_check(c->arena, f, d) || diag_failed(d))
        return NULL;
    const ordo_program *p = oc_lower(c->arena, f, d);
    return diag_failed(d) ? NULL : p;
}

const ordo_program *oc_compile_string(oc_compiler *c, const char *name, const char *text,
                                      size_t len)
{
    if (!c)
        return NULL;
    diag d;
    const char *path = arena_strdup(c->arena, name ? name : "<input>");
    diag_init(&d, c->arena, c->opt.diag ? c->opt.diag : stderr, path, text, len);
    d.werror = c->opt.werror;
    d.max_errors = MAX_PRINTED_ERRORS;
    const ordo_program *p = run(c, &d);
    c->errors = d.errors;
    c->warnings = d.warnings;
    if (!p && c->errors == 0 && !diag_failed(&d))
        c->errors = 1; /* the lowering failed without a word: still a failure */
    return p;
}

/* The whole file in the arena (one read, no per-line copies). */
static char *read_file(oc_arena *a, const char *path, size_t *len, int *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        *err = errno;
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (n < cap)
            break;
        char *nb = realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        *err = bad ? EIO : ENOMEM;
        return NULL;
    }
    char *text = arena_strndup(a, buf, n);
    free(buf);
    *len = n;
    return text;
}

const ordo_program *oc_compile_file(oc_compiler *c, const char *path)
{
    if (!c || !path)
        return NULL;
    size_t len = 0;
    int err = 0;
    char *text = read_file(c->arena, path, &len, &err);
    if (!text) {
        FILE *out = c->opt.diag ? c->opt.diag : stderr;
        fprintf(out, "%s: error: cannot read the file: %s\n", path, strerror(err));
        c->errors = 1;
        c->warnings = 0;
        return NULL;
    }
    return oc_compile_string(c, path, text, len);
}

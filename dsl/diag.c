/* diag.c — GCC-form diagnostics (see diag.h): the message line, the source
 * line it points into, and a caret under the column.
 *
 * The table of line starts is built on the first diagnostic only, so a
 * clean compile never pays for it.
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"

void diag_init(diag *d, oc_arena *arena, FILE *out, const char *path,
               const char *src, size_t len)
{
    memset(d, 0, sizeof *d);
    d->out = out;
    d->path = path ? path : "<input>";
    d->src = src;
    d->len = len;
    d->arena = arena;
}

static void build_lines(diag *d)
{
    uint32_t n = 1;
    for (size_t i = 0; i < d->len; i++)
        if (d->src[i] == '\n')
            n++;
    d->line_start = ARENA_ARRAY(d->arena, uint32_t, n);
    d->nlines = n;
    uint32_t k = 0;
    d->line_start[k++] = 0;
    for (size_t i = 0; i < d->len; i++)
        if (d->src[i] == '\n')
            d->line_start[k++] = (uint32_t)(i + 1);
}

/* Prints source line `line` and a caret under `col` (tabs copied so the
 * caret lines up however the terminal expands them). */
static void show_line(diag *d, FILE *out, ast_loc at)
{
    if (!d->src || at.line == 0)
        return;
    if (!d->line_start)
        build_lines(d);
    if (at.line > d->nlines)
        return;
    size_t b = d->line_start[at.line - 1], e = b;
    while (e < d->len && d->src[e] != '\n')
        e++;
    if (e > b && d->src[e - 1] == '\r')
        e--;
    fwrite(d->src + b, 1, e - b, out);
    fputc('\n', out);
    for (uint32_t i = 1; i < at.col; i++) {
        size_t p = b + i - 1;
        fputc(p < e && d->src[p] == '\t' ? '\t' : ' ', out);
    }
    fputs("^\n", out);
}

void diag_vreport(diag *d, const char *kind, ast_loc at, const char *fmt, va_list ap)
{
    FILE *out = d->out ? d->out : stderr;
    int is_error = kind[0] == 'e';
    if (is_error)
        d->errors++;
    else if (kind[0] == 'w')
        d->warnings++;
    if (d->max_errors && d->errors > d->max_errors)
        return; /* keep counting, stop printing */
    if (at.line)
        fprintf(out, "%s:%u:%u: %s: ", d->path, at.line, at.col, kind);
    else
        fprintf(out, "%s: %s: ", d->path, kind);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    show_line(d, out, at);
}

void diag_error(diag *d, ast_loc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vreport(d, "error", at, fmt, ap);
    va_end(ap);
}

void diag_warning(diag *d, ast_loc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vreport(d, "warning", at, fmt, ap);
    va_end(ap);
}

void diag_note(diag *d, ast_loc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    /* a note after an error that was not printed is not printed either */
    if (d->max_errors && d->errors > d->max_errors) {
        va_end(ap);
        return;
    }
    diag_vreport(d, "note", at, fmt, ap);
    va_end(ap);
}

int diag_failed(const diag *d)
{
    return d->errors > 0 || (d->werror && d->warnings > 0);
}

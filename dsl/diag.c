/* diag.c — GCC-form diagnostics (see diag.h): the message line, the source
 * line it points into, and a caret under the column.
 *
 * The table of line starts is built on the first diagnostic only, so a
 * clean compile never pays for it.
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "diag_sink.h"

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

int diag_add_file(diag *d, const char *path, const char *src, size_t len)
{
    if (d->nmore + 1 >= DIAG_MAX_FILES)
        return -1;
    if (!d->more) {
        d->more = ARENA_ARRAY(d->arena, diag_src, DIAG_MAX_FILES);
        if (!d->more)
            return -1;
    }
    diag_src *f = &d->more[++d->nmore];
    memset(f, 0, sizeof *f);
    f->path = path ? path : "<input>";
    f->src = src;
    f->len = len;
    return (int)d->nmore;
}

/* File `file` as a diag_src (file 0 lives in d's own fields). */
static diag_src file_src(const diag *d, uint32_t file)
{
    if (file == 0 || file > d->nmore)
        return (diag_src){d->path, d->src, d->len, d->line_start, d->nlines};
    return d->more[file];
}

const char *diag_path(const diag *d, uint32_t file)
{
    return file_src(d, file).path;
}

/* Does a line end at byte i? LF, CR LF (at its LF) and a lone CR, as the
 * lexer and the CSV reader count lines. */
static int ends_line(const diag_src *f, size_t i)
{
    return f->src[i] == '\n' || (f->src[i] == '\r' && (i + 1 >= f->len || f->src[i + 1] != '\n'));
}

static void build_lines(diag *d, diag_src *f)
{
    uint32_t n = 1;
    for (size_t i = 0; i < f->len; i++)
        n += (uint32_t)ends_line(f, i);
    f->line_start = ARENA_ARRAY(d->arena, uint32_t, n);
    f->nlines = n;
    uint32_t k = 0;
    f->line_start[k++] = 0;
    for (size_t i = 0; i < f->len; i++)
        if (ends_line(f, i))
            f->line_start[k++] = (uint32_t)(i + 1);
}

/* Where the source line `at` points into lies: its text in *f from byte
 * *b to *e (its line end left out). 0 when unknown. */
static int find_line(diag *d, ast_loc at, diag_src *f, size_t *b, size_t *e)
{
    uint32_t file = ast_file_of(at), line = ast_line(at);
    *f = file_src(d, file);
    if (!f->src || line == 0)
        return 0;
    if (!f->line_start) {
        build_lines(d, f);
        if (file == 0 || file > d->nmore) {
            d->line_start = f->line_start;
            d->nlines = f->nlines;
        } else {
            d->more[file] = *f;
        }
    }
    if (line > f->nlines)
        return 0;
    *b = *e = f->line_start[line - 1];
    while (*e < f->len && f->src[*e] != '\n' && f->src[*e] != '\r')
        ++*e;
    return 1;
}

/* Prints source line `line` and a caret under `col` (tabs copied so the
 * caret lines up however the terminal expands them). */
static void show_line(diag *d, FILE *out, ast_loc at)
{
    diag_src f;
    size_t b, e;
    if (!find_line(d, at, &f, &b, &e))
        return;
    fwrite(f.src + b, 1, e - b, out);
    fputc('\n', out);
    for (uint32_t i = 1; i < at.col; i++) {
        size_t p = b + i - 1;
        fputc(p < e && f.src[p] == '\t' ? '\t' : ' ', out);
    }
    fputs("^\n", out);
}

/* ---------------------------------------------------------- reporting */

/* The source line `at` points into, for a sink (NULL when unknown). */
static char *source_line(diag *d, ast_loc at)
{
    diag_src f;
    size_t b, e;
    return find_line(d, at, &f, &b, &e) ? arena_strndup(d->arena, f.src + b, e - b) : NULL;
}

void diag_vreport(diag *d, const char *kind, int w, ast_loc at, const char *fmt, va_list ap)
{
    FILE *out = d->out ? d->out : stderr;
    int as_error = 0;
    if (kind[0] == 'w') {
        int state = d->policy && w >= 0 && w < DIAG_W_COUNT ? d->policy->state[w] : DIAG_W_ON;
        d->quiet_notes = state == DIAG_W_OFF;
        if (d->quiet_notes)
            return; /* -Wno-NAME: not a word, nor of its notes */
        as_error = state == DIAG_W_ERROR || (d->policy && d->policy->werror);
        if (as_error)
            kind = "error";
    } else if (kind[0] == 'e') {
        d->quiet_notes = 0;
    } else if (d->quiet_notes) {
        return;
    }
    int is_error = kind[0] == 'e';
    if (is_error)
        d->errors++;
    else if (kind[0] == 'w')
        d->warnings++;
    if (kind[0] != 'n')
        d->last_shown = 0;
    if (d->max_errors && d->errors > d->max_errors)
        return; /* keep counting, stop printing */
    if (kind[0] != 'n')
        d->last_shown = 1;
    const char *path = diag_path(d, ast_file_of(at));
    const char *name = diag_warning_name(w);
    if (d->sink) {
        char msg[1024];
        vsnprintf(msg, sizeof msg, fmt, ap);
        diag_sink_add(d->sink, kind, w, as_error, path, ast_line(at), at.col, msg,
                      source_line(d, at));
        return;
    }
    if (ast_line(at))
        fprintf(out, "%s:%u:%u: %s: ", path, ast_line(at), at.col, kind);
    else
        fprintf(out, "%s: %s: ", path, kind);
    vfprintf(out, fmt, ap);
    if (name && d->policy && d->policy->show_option)
        fprintf(out, as_error ? " [-Werror=%s]" : " [-W%s]", name);
    fputc('\n', out);
    show_line(d, out, at);
}

void diag_fixit(diag *d, ast_loc at, uint32_t len, const char *text)
{
    if (!d->last_shown || !text)
        return;
    if (d->sink) {
        diag_sink_fixit(d->sink, at.col, at.col + len, text);
        return;
    }
    diag_src f;
    size_t b, e;
    if (!find_line(d, at, &f, &b, &e))
        return;
    FILE *out = d->out ? d->out : stderr;
    for (uint32_t i = 1; i < at.col; i++) { /* under the caret, as GCC does */
        size_t p = b + i - 1;
        fputc(p < e && f.src[p] == '\t' ? '\t' : ' ', out);
    }
    fprintf(out, "%s\n", text);
}

void diag_error(diag *d, ast_loc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vreport(d, "error", -1, at, fmt, ap);
    va_end(ap);
}

void diag_warning(diag *d, int w, ast_loc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vreport(d, "warning", w, at, fmt, ap);
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
    diag_vreport(d, "note", -1, at, fmt, ap);
    va_end(ap);
}

int diag_failed(const diag *d)
{
    return d->errors > 0 || (d->werror && d->warnings > 0);
}

/* diag_sink.c — diagnostics as JSON lines or as a SARIF 2.1.0 log, or kept
 * as records for the caller to read (see diag_sink.h).
 *
 * The records live in memory of their own (malloc), not in a compilation's
 * arena: one sink outlives the compilations it records. A diagnostic is
 * written once its notes are known, that is when the next one that is not
 * a note arrives, or at the end.
 */
#include <stdlib.h>
#include <string.h>

#include "diag_warnings.h"
#include "diag_sink.h"

typedef struct record {
    char *kind, *path, *message, *source;
    int w, as_error;
    uint32_t line, col;
    char *fix;                    /* a fix-it: `fix` replaces columns */
    uint32_t fix_col, fix_next;   /* fix_col .. fix_next-1 of the line */
    struct record *notes, *next;  /* notes: its own list; next: the next one */
} record;

struct diag_sink {
    int format;
    FILE *out;
    const char *tool, *version;
    record *first, *last;         /* JSON: not yet written; SARIF: all */
    int failed;                   /* out of memory: recorded as far as it went */
};

static char *dup_or_null(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

static void free_records(record *r)
{
    while (r) {
        record *next = r->next;
        free_records(r->notes);
        free(r->kind);
        free(r->path);
        free(r->message);
        free(r->source);
        free(r->fix);
        free(r);
        r = next;
    }
}

diag_sink *diag_sink_new(int format, FILE *out, const char *tool, const char *version)
{
    diag_sink *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->format = format;
    s->out = out ? out : stdout;
    s->tool = tool ? tool : "ordo";
    s->version = version ? version : "";
    return s;
}

/* ------------------------------------------------------------- JSON text */

/* s as a JSON string: quotes, backslashes and control characters escaped,
 * bytes that are not well-formed UTF-8 as U+FFFD. */
static void json_str(FILE *f, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        unsigned c = *p;
        if (c == '"' || c == '\\') {
            fputc('\\', f);
            fputc((int)c, f);
        } else if (c == '\n') {
            fputs("\\n", f);
        } else if (c == '\t') {
            fputs("\\t", f);
        } else if (c < 0x20) {
            fprintf(f, "\\u00%c%c", hex[c >> 4], hex[c & 15]);
        } else if (c < 0x80) {
            fputc((int)c, f);
        } else {
            int n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
            int ok = n > 0;
            for (int k = 1; ok && k < n; k++)
                ok = (p[k] & 0xC0) == 0x80;
            if (ok && ((c == 0xE0 && p[1] < 0xA0) || (c == 0xED && p[1] >= 0xA0) ||
                       (c == 0xF0 && p[1] < 0x90) || (c == 0xF4 && p[1] >= 0x90)))
                ok = 0;
            if (!ok) {
                fputs("\\ufffd", f);
                continue;
            }
            fwrite(p, 1, (size_t)n, f);
            p += n - 1;
        }
    }
    fputc('"', f);
}

/* The option that names r's warning ("-Wunused", "-Werror=unused") into
 * buf (n bytes); NULL when r is no warning of a name. */
static const char *option_of(const record *r, char *buf, size_t n)
{
    const char *name = diag_warning_name(r->w);
    if (!name)
        return NULL;
    snprintf(buf, n, r->as_error ? "-Werror=%s" : "-W%s", name);
    return buf;
}

/* One diagnostic as GCC's JSON names its fields: kind, message, option,
 * and where (file, line, column), with the source line it points into. */
static void json_fields(FILE *f, const record *r)
{
    fputs("\"kind\":", f);
    json_str(f, r->kind);
    fputs(",\"message\":", f);
    json_str(f, r->message);
    char optbuf[80];
    const char *opt = option_of(r, optbuf, sizeof optbuf);
    if (opt) {
        fputs(",\"option\":", f);
        json_str(f, opt);
    }
    fputs(",\"file\":", f);
    json_str(f, r->path);
    fprintf(f, ",\"line\":%lu,\"column\":%lu", (unsigned long)r->line, (unsigned long)r->col);
    if (r->source) {
        fputs(",\"source\":", f);
        json_str(f, r->source);
    }
    if (r->fix) { /* GCC's fixits: start, next (one past the end), string */
        fputs(",\"fixits\":[{\"start\":{\"file\":", f);
        json_str(f, r->path);
        fprintf(f, ",\"line\":%lu,\"column\":%lu},\"next\":{\"file\":", (unsigned long)r->line,
                (unsigned long)r->fix_col);
        json_str(f, r->path);
        fprintf(f, ",\"line\":%lu,\"column\":%lu},\"string\":", (unsigned long)r->line,
                (unsigned long)r->fix_next);
        json_str(f, r->fix);
        fputs("}]", f);
    }
}

static void json_record(FILE *f, const record *r)
{
    fputc('{', f);
    json_fields(f, r);
    fputs(",\"children\":[", f);
    for (const record *n = r->notes; n; n = n->next) {
        fputc('{', f);
        json_fields(f, n);
        fputs(n->next ? "}," : "}", f);
    }
    fputs("]}\n", f);
}

/* JSON: every complete diagnostic so far, then forgotten. */
static void json_flush(diag_sink *s, int all)
{
    while (s->first && (all || s->first != s->last)) {
        record *r = s->first;
        s->first = r->next;
        if (!s->first)
            s->last = NULL;
        r->next = NULL;
        json_record(s->out, r);
        free_records(r);
    }
}

/* ---------------------------------------------------------------- SARIF */

static void sarif_location(FILE *f, const record *r)
{
    fputs("{\"physicalLocation\":{\"artifactLocation\":{\"uri\":", f);
    json_str(f, r->path);
    fputs("}", f);
    if (r->line) {
        fprintf(f, ",\"region\":{\"startLine\":%lu", (unsigned long)r->line);
        if (r->col)
            fprintf(f, ",\"startColumn\":%lu", (unsigned long)r->col);
        if (r->source && r->source[0]) {
            fputs(",\"snippet\":{\"text\":", f);
            json_str(f, r->source);
            fputc('}', f);
        }
        fputc('}', f);
    }
    fputs("}}", f); /* the physical location, the location */
}

static void sarif_rules(FILE *f)
{
    int first = 1;
    fputs("\"rules\":[", f);
#define W(id, name, what)                                                               \
    fprintf(f, "%s{\"id\":", first ? "" : ",");                                         \
    json_str(f, name);                                                                  \
    fputs(",\"shortDescription\":{\"text\":", f);                                       \
    json_str(f, what);                                                                  \
    fputs("}}", f);                                                                     \
    first = 0;
#include "warning_list.h"
#undef W
    fputc(']', f);
}

static void sarif_result(FILE *f, const record *r, int first)
{
    fputs(first ? "{" : ",{", f);
    const char *name = diag_warning_name(r->w);
    if (name) {
        fputs("\"ruleId\":", f);
        json_str(f, name);
        fprintf(f, ",\"ruleIndex\":%d,", r->w);
    }
    fprintf(f, "\"level\":\"%s\",\"message\":{\"text\":",
            strcmp(r->kind, "error") == 0 ? "error" : strcmp(r->kind, "note") == 0 ? "note"
                                                                                    : "warning");
    json_str(f, r->message);
    fputs("},\"locations\":[", f);
    sarif_location(f, r);
    fputc(']', f);
    if (r->fix) { /* SARIF's fixes: a replacement of a region of the line */
        fputs(",\"fixes\":[{\"artifactChanges\":[{\"artifactLocation\":{\"uri\":", f);
        json_str(f, r->path);
        fprintf(f, "},\"replacements\":[{\"deletedRegion\":{\"startLine\":%lu,"
                   "\"startColumn\":%lu,\"endColumn\":%lu},\"insertedContent\":{\"text\":",
                (unsigned long)r->line, (unsigned long)r->fix_col, (unsigned long)r->fix_next);
        json_str(f, r->fix);
        fputs("}}]}]}]", f);
    }
    if (r->notes) {
        fputs(",\"relatedLocations\":[", f);
        int id = 0;
        for (const record *n = r->notes; n; n = n->next, id++) {
            if (id)
                fputc(',', f);
            /* a location with an id and a message of its own */
            fputs("{\"id\":", f);
            fprintf(f, "%d,\"message\":{\"text\":", id);
            json_str(f, n->message);
            fputs("},\"physicalLocation\":{\"artifactLocation\":{\"uri\":", f);
            json_str(f, n->path);
            fputc('}', f);
            if (n->line)
                fprintf(f, ",\"region\":{\"startLine\":%lu,\"startColumn\":%lu}",
                        (unsigned long)n->line, (unsigned long)(n->col ? n->col : 1));
            fputs("}}", f);
        }
        fputc(']', f);
    }
    fputc('}', f);
}

static void sarif_write(diag_sink *s)
{
    FILE *f = s->out;
    fputs("{\"$schema\":\"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
          "sarif-schema-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":"
          "{\"name\":",
          f);
    json_str(f, s->tool);
    fputs(",\"version\":", f);
    json_str(f, s->version);
    fputc(',', f);
    sarif_rules(f);
    fputs("}},\"columnKind\":\"unicodeCodePoints\",\"results\":[", f);
    int first = 1;
    for (const record *r = s->first; r; r = r->next, first = 0)
        sarif_result(f, r, first);
    fputs("]}]}\n", f);
}

/* ----------------------------------------------------------- the sink */

void diag_sink_add(diag_sink *s, const char *kind, int w, int as_error, const char *path,
                   uint32_t line, uint32_t col, const char *message, const char *source_line)
{
    if (!s || s->failed)
        return;
    int is_note = strcmp(kind, "note") == 0;
    if (is_note && !s->last)
        return; /* a note with nothing to belong to */
    record *r = calloc(1, sizeof *r);
    if (!r) {
        s->failed = 1;
        return;
    }
    r->kind = dup_or_null(kind);
    r->path = dup_or_null(path);
    r->message = dup_or_null(message);
    r->source = dup_or_null(source_line);
    r->w = w;
    r->as_error = as_error;
    r->line = line;
    r->col = col;
    if (is_note) {
        record **at = &s->last->notes;
        while (*at)
            at = &(*at)->next;
        *at = r;
        return;
    }
    if (s->last)
        s->last->next = r;
    else
        s->first = r;
    s->last = r;
    if (s->format == DIAG_FORMAT_JSON)
        json_flush(s, 0);
}

void diag_sink_fixit(diag_sink *s, uint32_t col, uint32_t next, const char *text)
{
    record *r = s->last;
    if (!r || r->fix)
        return;
    r->fix = dup_or_null(text);
    r->fix_col = col;
    r->fix_next = next;
}

int diag_sink_finish(diag_sink *s)
{
    if (!s)
        return 0;
    if (s->format == DIAG_FORMAT_JSON)
        json_flush(s, 1);
    else if (s->format == DIAG_FORMAT_SARIF)
        sarif_write(s);
    int bad = fflush(s->out) != 0 || ferror(s->out);
    free_records(s->first);
    free(s);
    return bad ? -1 : 0;
}

static void each_view(const record *r, void (*fn)(const diag_record *, void *), void *arg)
{
    diag_record v = {r->kind, r->w, r->as_error, r->path, r->line, r->col, r->message, r->source};
    fn(&v, arg);
}

int diag_sink_each(const diag_sink *s, void (*fn)(const diag_record *r, void *arg), void *arg)
{
    int n = 0;
    for (const record *r = s ? s->first : NULL; r; r = r->next, n++) {
        each_view(r, fn, arg);
        for (const record *k = r->notes; k; k = k->next)
            each_view(k, fn, arg);
    }
    return n;
}

void diag_sink_clear(diag_sink *s)
{
    if (!s)
        return;
    free_records(s->first);
    s->first = s->last = NULL;
    s->failed = 0;
}

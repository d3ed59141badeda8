/* lsp_text.c — a document's text as the language server reads it (lsp.h):
 * its lines, positions in LSP's units (UTF-16 code units unless the client
 * agreed to UTF-8) against the compiler's 1-based byte columns, the word
 * under a position, and file: URIs.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lsp.h"

int lsp_text_set(lsp_text *t, const char *text, size_t len)
{
    char *copy = malloc(len + 1);
    uint32_t n = 1;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 == len || text[i + 1] != '\n')))
            n++;
    uint32_t *starts = malloc((size_t)n * sizeof *starts);
    if (!copy || !starts) {
        free(copy);
        free(starts);
        return -1;
    }
    memcpy(copy, text, len);
    copy[len] = 0;
    uint32_t k = 0;
    starts[k++] = 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 == len || text[i + 1] != '\n')))
            starts[k++] = (uint32_t)(i + 1);
    free(t->text);
    free(t->starts);
    t->text = copy;
    t->len = len;
    t->starts = starts;
    t->nlines = n;
    return 0;
}

void lsp_text_free(lsp_text *t)
{
    free(t->text);
    free(t->starts);
    t->text = NULL;
    t->starts = NULL;
    t->nlines = 0;
}

const char *lsp_text_line(const lsp_text *t, uint32_t line, size_t *len)
{
    if (!t->text || line >= t->nlines)
        return NULL;
    size_t b = t->starts[line];
    size_t e = line + 1 < t->nlines ? t->starts[line + 1] : t->len;
    while (e > b && (t->text[e - 1] == '\n' || t->text[e - 1] == '\r'))
        e--;
    *len = e - b;
    return t->text + b;
}

/* the bytes of the UTF-8 sequence led by c (1 for a stray byte) */
static size_t seq_len(unsigned char c)
{
    return c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 && c < 0xF0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 1;
}

size_t lsp_byte_of(const lsp_text *t, uint32_t line, uint32_t character)
{
    size_t n;
    const char *s = lsp_text_line(t, line, &n);
    if (!s)
        return 0;
    if (t->utf8)
        return character < n ? character : n;
    size_t b = 0;
    uint32_t units = 0;
    while (b < n && units < character) {
        size_t k = seq_len((unsigned char)s[b]);
        units += k == 4 ? 2 : 1;
        b += k;
    }
    return b < n ? b : n;
}

uint32_t lsp_char_of(const lsp_text *t, uint32_t line, size_t byte)
{
    size_t n;
    const char *s = lsp_text_line(t, line, &n);
    if (!s)
        return (uint32_t)byte;
    if (byte > n)
        byte = n;
    if (t->utf8)
        return (uint32_t)byte;
    uint32_t units = 0;
    for (size_t b = 0; b < byte;) {
        size_t k = seq_len((unsigned char)s[b]);
        units += k == 4 ? 2 : 1;
        b += k;
    }
    return units;
}

json_t *lsp_position(const lsp_text *t, uint32_t line1, uint32_t col1)
{
    uint32_t line = line1 ? line1 - 1 : 0;
    size_t byte = col1 ? col1 - 1 : 0;
    return json_pack("{s:i,s:i}", "line", (json_int_t)line, "character",
                     (json_int_t)lsp_char_of(t, line, byte));
}

json_t *lsp_range(const lsp_text *t, uint32_t line1, uint32_t col1, size_t len)
{
    uint32_t line = line1 ? line1 - 1 : 0;
    size_t byte = col1 ? col1 - 1 : 0;
    return json_pack("{s:{s:i,s:i},s:{s:i,s:i}}", "start", "line", (json_int_t)line,
                     "character", (json_int_t)lsp_char_of(t, line, byte), "end", "line",
                     (json_int_t)line, "character", (json_int_t)lsp_char_of(t, line, byte + len));
}

static int is_name(int c)
{
    return isalnum(c) || c == '_';
}

size_t lsp_token_len(const lsp_text *t, uint32_t line1, uint32_t col1)
{
    size_t n;
    const char *s = lsp_text_line(t, line1 ? line1 - 1 : 0, &n);
    size_t b = col1 ? col1 - 1 : 0;
    if (!s || b >= n)
        return 0;
    size_t e = b;
    if (s[b] == '"') {
        for (e = b + 1; e < n && s[e] != '"'; e++)
            if (s[e] == '\\' && e + 1 < n)
                e++;
        return (e < n ? e + 1 : n) - b;
    }
    if (is_name((unsigned char)s[b])) {
        while (e < n && (is_name((unsigned char)s[e]) || (s[e] == '.' && isdigit((unsigned char)s[b]))))
            e++;
        return e - b;
    }
    return seq_len((unsigned char)s[b]);
}

void lsp_word_at(const lsp_text *t, uint32_t line, uint32_t character, lsp_word *w)
{
    memset(w, 0, sizeof *w);
    size_t n;
    const char *s = lsp_text_line(t, line, &n);
    if (!s)
        return;
    size_t at = lsp_byte_of(t, line, character);
    /* a string around the position? (quotes counted from the line's start,
     * a comment ends the search) */
    size_t q = (size_t)-1;
    for (size_t i = 0; i < n; i++) {
        if (q == (size_t)-1 && s[i] == '#')
            break;
        if (s[i] == '"') {
            if (q == (size_t)-1) {
                q = i;
            } else {
                if (at > q && at <= i) {
                    size_t len = i - q - 1;
                    if (len >= sizeof w->text)
                        len = sizeof w->text - 1;
                    memcpy(w->text, s + q + 1, len);
                    w->kind = LSP_AT_STRING;
                    w->line1 = line + 1;
                    w->col1 = (uint32_t)q + 2;
                    return;
                }
                q = (size_t)-1;
            }
        } else if (s[i] == '\\' && q != (size_t)-1) {
            i++;
        }
    }
    /* a name or a number: the run of name characters (and dots between
     * digits) around it, the position possibly just after its end */
    size_t b = at, e = at;
    if ((b >= n || !is_name((unsigned char)s[b])) && b > 0 && is_name((unsigned char)s[b - 1]))
        b--, e--;
    if (b >= n || !is_name((unsigned char)s[b]))
        return;
    while (b > 0 && (is_name((unsigned char)s[b - 1]) ||
                     (s[b - 1] == '.' && b > 1 && isdigit((unsigned char)s[b - 2]) &&
                      isdigit((unsigned char)s[b]))))
        b--;
    while (e < n && (is_name((unsigned char)s[e]) ||
                     (s[e] == '.' && e + 1 < n && isdigit((unsigned char)s[e + 1]) &&
                      isdigit((unsigned char)s[e - 1]))))
        e++;
    size_t len = e - b < sizeof w->text ? e - b : sizeof w->text - 1;
    memcpy(w->text, s + b, len);
    w->line1 = line + 1;
    w->col1 = (uint32_t)b + 1;
    int digits = 1;
    for (size_t i = 0; i < len; i++)
        if (!isdigit((unsigned char)w->text[i]) && w->text[i] != '.')
            digits = 0;
    if (isdigit((unsigned char)w->text[0]) && digits) {
        w->kind = LSP_AT_NUMBER;
        size_t p = b;
        while (p > 0 && (s[p - 1] == ' ' || s[p - 1] == '\t'))
            p--;
        w->after_step = p >= 4 && strncmp(s + p - 4, "step", 4) == 0 &&
                        (p == 4 || !is_name((unsigned char)s[p - 5]));
    } else if (!isdigit((unsigned char)w->text[0])) {
        w->kind = LSP_AT_NAME;
    }
}

static int hexval(int c)
{
    return isdigit(c) ? c - '0' : isxdigit(c) ? (tolower(c) - 'a' + 10) : -1;
}

char *lsp_uri_to_path(const char *uri)
{
    const char *p = uri;
    if (strncmp(uri, "file://", 7) == 0) {
        p = uri + 7;
        if (*p != '/') /* file://host/path: the path from its slash */
            p = strchr(p, '/') ? strchr(p, '/') : p;
    } else {
        return strdup(uri);
    }
    char *out = malloc(strlen(p) + 1), *o = out;
    if (!out)
        return NULL;
    for (; *p; p++) {
        if (*p == '%' && hexval((unsigned char)p[1]) >= 0 && hexval((unsigned char)p[2]) >= 0) {
            *o++ = (char)(hexval((unsigned char)p[1]) * 16 + hexval((unsigned char)p[2]));
            p += 2;
        } else {
            *o++ = *p;
        }
    }
    *o = 0;
    return out;
}

char *lsp_path_to_uri(const char *path)
{
    static const char hex[] = "0123456789ABCDEF";
    char *out = malloc(strlen(path) * 3 + 8), *o = out;
    if (!out)
        return NULL;
    memcpy(o, "file://", 7);
    o += 7;
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if (isalnum(*p) || strchr("/-._~", *p)) {
            *o++ = (char)*p;
        } else {
            *o++ = '%';
            *o++ = hex[*p >> 4];
            *o++ = hex[*p & 15];
        }
    }
    *o = 0;
    return out;
}

const char *lsp_file_line(const char *path, uint32_t line1, char *buf, size_t n)
{
    buf[0] = 0;
    int err = 0;
    FILE *f = path ? oc_open_input(path, &err) : NULL;
    if (f == stdin) /* "-": the server's own input, never a file's line */
        return buf;
    if (!f)
        return buf;
    uint32_t k = 1;
    while (fgets(buf, (int)n, f)) {
        size_t len = strlen(buf);
        int whole = len > 0 && buf[len - 1] == '\n';
        if (k == line1)
            break;
        if (whole)
            k++;
        buf[0] = 0;
    }
    fclose(f);
    buf[strcspn(buf, "\r\n")] = 0;
    return buf;
}

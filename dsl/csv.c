/* csv.c — the CSV reader behind data tables (see csv.h).
 *
 * The dialect is RFC 4180 — fields separated by commas; a field in double
 * quotes may hold commas, line ends and "" for one quote; LF, CR LF or a
 * lone CR ends a line; the final line end optional — plus:
 *
 *   - a UTF-8 byte order mark at the start is skipped, and columns on the
 *     first line are counted after it, as an editor shows them;
 *   - spaces and tabs around an unquoted field are trimmed, and may stand
 *     around a quoted one (the quotes keep what is inside them);
 *   - a line whose first character is '#' is a comment, and a line of only
 *     spaces and tabs is blank: both are skipped (a cell that must begin
 *     with '#' is quoted, or is not the first of its row);
 *   - a quote inside an unquoted field is an ordinary character;
 *   - inside quotes, CR LF and a lone CR are read as LF, so the data does
 *     not depend on how the file's line ends were checked out.
 *
 * The first record is the header, and every other record must have as many
 * fields as it does. Errors are reported and reading goes on with the next
 * field or record, except after an unterminated quote, which takes the rest
 * of the file with it. A row with the wrong number of fields is left out
 * of the table, so nothing downstream trips over it again.
 *
 * Arrays grow by doubling inside the arena: the copies left behind cost at
 * most as much as the final arrays, and nothing is freed piecemeal.
 */
#include <stdlib.h>
#include <string.h>

#include "csv.h"

typedef struct reader {
    oc_arena *a;
    diag *d;
    const char *s;
    size_t n;
    size_t i;                   /* the next byte */
    uint32_t line;              /* the line of byte i */
    size_t line_start;          /* the byte at column 1 of that line */
    int stop;                   /* an unterminated quote took the rest */
    csv_field *rec;             /* the record being read */
    size_t nrec, caprec;
    csv_field *cells;           /* the rows kept so far */
    size_t ncells, capcells;
} reader;

/* Room for `need` elements in an array of n, doubling its capacity. */
static void *grow(oc_arena *a, void *old, size_t n, size_t need, size_t *cap, size_t elt)
{
    if (need <= *cap)
        return old;
    size_t nc = *cap ? *cap : 16;
    while (nc < need)
        nc *= 2;
    void *p = arena_alloc(a, nc * elt);
    if (old && n)
        memcpy(p, old, n * elt);
    *cap = nc;
    return p;
}

/* ---------------------------------------------------------- positions */

static ast_loc loc_at(const reader *r, size_t i)
{
    return (ast_loc){r->line, (uint32_t)(i - r->line_start + 1)};
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* True at the end of a line or of the text: LF, CR LF, or a lone CR (the
 * line end of old Mac files, which some spreadsheets still write). */
static int at_eol(const reader *r, size_t i)
{
    return i >= r->n || r->s[i] == '\n' || r->s[i] == '\r';
}

static void new_line(reader *r, size_t start)
{
    r->line++;
    r->line_start = start;
}

/* Steps over the line end at r->i, if any. */
static void end_line(reader *r)
{
    if (r->i >= r->n || (r->s[r->i] != '\r' && r->s[r->i] != '\n'))
        return;
    if (r->s[r->i] == '\r' && r->i + 1 < r->n && r->s[r->i + 1] == '\n')
        r->i++;
    r->i++;
    new_line(r, r->i);
}

/* Skips comment and blank lines, r->i at the start of a line. Returns 0
 * when nothing but them is left. */
static int skip_ignored(reader *r)
{
    while (r->i < r->n) {
        size_t j = r->i;
        if (r->s[j] != '#') {
            while (j < r->n && is_blank(r->s[j]))
                j++;
            if (!at_eol(r, j))
                return 1;
        }
        while (!at_eol(r, j))
            j++;
        r->i = j;
        end_line(r);
    }
    return 0;
}

/* ------------------------------------------------------------- fields */

/* The text between the quotes at r->i, which stays put when the closing
 * quote is missing. Line ends inside move the line count on. */
static const char *quoted(reader *r, ast_loc at)
{
    size_t j = r->i + 1;
    while (j < r->n && !(r->s[j] == '"' && (j + 1 >= r->n || r->s[j + 1] != '"')))
        j += r->s[j] == '"' ? 2 : 1;
    if (j >= r->n) {
        diag_error(r->d, at, "unterminated quoted field");
        r->stop = 1;
        r->i = r->n;
        return "";
    }
    char *text = arena_alloc(r->a, j - r->i), *o = text;
    for (size_t k = r->i + 1; k < j; k++) {
        char c = r->s[k];
        if (c == '"')
            k++;                        /* "" is one quote */
        else if (c == '\r' && r->s[k + 1] == '\n')
            continue;                   /* CR LF is LF (s[j] is the quote) */
        else if (c == '\r' || c == '\n') {
            c = '\n';                   /* a lone CR too */
            new_line(r, k + 1);
        }
        *o++ = c;
    }
    r->i = j + 1;
    return text;                        /* the arena zeroed the NUL */
}

/* After a closing quote only blanks may come before the comma or the line
 * end. Anything else is reported once and skipped with the field. */
static void after_quote(reader *r)
{
    while (r->i < r->n && is_blank(r->s[r->i]))
        r->i++;
    if (at_eol(r, r->i) || r->s[r->i] == ',')
        return;
    diag_error(r->d, loc_at(r, r->i), "unexpected character after closing quote");
    while (!at_eol(r, r->i) && r->s[r->i] != ',')
        r->i++;
}

/* Reads one field, leaving r->i at the comma or the line end after it. An
 * empty field is placed where its text would start. */
static csv_field read_field(reader *r)
{
    while (r->i < r->n && is_blank(r->s[r->i]))
        r->i++;
    csv_field f = {"", loc_at(r, r->i)};
    if (r->i < r->n && r->s[r->i] == '"') {
        f.text = quoted(r, f.loc);
        if (!r->stop)
            after_quote(r);
        return f;
    }
    size_t b = r->i;
    while (!at_eol(r, r->i) && r->s[r->i] != ',')
        r->i++;
    size_t e = r->i;
    while (e > b && is_blank(r->s[e - 1]))
        e--;
    f.text = arena_strndup(r->a, r->s + b, e - b);
    return f;
}

/* Reads the fields of one record into r->rec, and its line end. */
static void read_record(reader *r)
{
    r->nrec = 0;
    for (;;) {
        csv_field f = read_field(r);
        if (r->stop)
            return;
        r->rec = grow(r->a, r->rec, r->nrec, r->nrec + 1, &r->caprec, sizeof *r->rec);
        r->rec[r->nrec++] = f;
        if (r->i >= r->n || r->s[r->i] != ',')
            break;
        r->i++;
    }
    end_line(r);
}

/* ------------------------------------------------------------ records */

/* Column names sorted, ties by column: a header of any width is checked in
 * n log n (a hostile CSV may have a million columns). */
static int by_name_then_column(const void *a, const void *b)
{
    const csv_field *x = *(const csv_field *const *)a, *y = *(const csv_field *const *)b;
    int c = strcmp(x->text, y->text);
    return c ? c : (x < y ? -1 : x > y);
}

static void check_header(reader *r, const csv_field *h, uint32_t n)
{
    const csv_field **sorted = arena_alloc(r->a, (size_t)n * sizeof *sorted);
    uint32_t *first = arena_alloc(r->a, (size_t)n * sizeof *first); /* of its name */
    for (uint32_t i = 0; i < n; i++)
        sorted[i] = &h[i];
    if (n > 1)
        qsort(sorted, n, sizeof *sorted, by_name_then_column);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t i = (uint32_t)(sorted[k] - h);
        int same = k > 0 && strcmp(sorted[k - 1]->text, sorted[k]->text) == 0;
        first[i] = same ? first[sorted[k - 1] - h] : i;
    }
    for (uint32_t i = 0; i < n; i++) {
        if (!h[i].text[0]) {
            diag_error(r->d, h[i].loc, "column %u has no name", i + 1);
        } else if (first[i] != i) {
            diag_error(r->d, h[i].loc, "duplicate column '%s'", h[i].text);
            diag_note(r->d, h[first[i]].loc, "previous column here");
        }
    }
}

/* Appends the record just read to the cells when it has ncols fields;
 * else reports it at its first extra field, or its first field. */
static void keep_row(reader *r, uint32_t ncols)
{
    if (r->nrec != ncols) {
        ast_loc at = r->nrec > ncols ? r->rec[ncols].loc : r->rec[0].loc;
        diag_error(r->d, at, "row has %zu field%s; the header has %u", r->nrec,
                   r->nrec == 1 ? "" : "s", ncols);
        return;
    }
    r->cells = grow(r->a, r->cells, r->ncells, r->ncells + ncols, &r->capcells,
                    sizeof *r->cells);
    memcpy(r->cells + r->ncells, r->rec, ncols * sizeof *r->rec);
    r->ncells += ncols;
}

int csv_read(oc_arena *a, diag *d, const char *src, size_t len, csv_table *out)
{
    return csv_read_file(a, d, 0, src, len, out);
}

int csv_read_file(oc_arena *a, diag *d, uint32_t file, const char *src, size_t len,
                  csv_table *out)
{
    memset(out, 0, sizeof *out);
    int errors = d->errors;
    ast_loc whole = {diag_first_line(file) - 1, 0};
    if (len > 0x7fffffffu) {
        diag_error(d, whole, "CSV file too large");
        return -1;
    }
    reader r = {.a = a, .d = d, .s = src, .n = len, .line = diag_first_line(file)};
    if (len >= 3 && memcmp(src, "\xEF\xBB\xBF", 3) == 0)
        r.i = r.line_start = 3;
    if (!skip_ignored(&r)) {
        diag_error(d, whole, "CSV file has no header line");
        return -1;
    }
    read_record(&r);
    if (r.stop)
        return -1;
    out->ncols = (uint32_t)r.nrec;
    out->head = r.rec;
    r.rec = NULL; /* the header keeps this array; rows get their own */
    r.caprec = 0;
    check_header(&r, out->head, out->ncols);
    while (!r.stop && skip_ignored(&r)) {
        read_record(&r);
        if (!r.stop)
            keep_row(&r, out->ncols);
    }
    out->cells = r.cells;
    out->nrows = (uint32_t)(r.ncells / out->ncols);
    return d->errors > errors ? -1 : 0;
}

/* -------------------------------------------------------------- cells */

int csv_find_column(const csv_table *t, const char *name)
{
    for (uint32_t i = 0; i < t->ncols; i++)
        if (strcmp(t->head[i].text, name) == 0)
            return (int)i;
    return -1;
}

/* Decimal with an optional '-' and nothing else. */
static int parse_int(const char *s, int64_t *v)
{
    int neg = *s == '-';
    s += neg;
    if (*s < '0' || *s > '9')
        return 0;
    int64_t x = 0;
    for (; *s >= '0' && *s <= '9'; s++)
        if (x < ((int64_t)1 << 40)) /* beyond, no int32 range holds it: stop before overflow */
            x = x * 10 + (*s - '0');
    if (*s)
        return 0;
    *v = neg ? -x : x;
    return 1;
}

/* How much of a cell to quote in a message: its first line, at most 40
 * bytes, not cut inside a UTF-8 character. */
static int shown_len(const char *s)
{
    int n = 0;
    while (s[n] && s[n] != '\n' && s[n] != '\r' && n < 40)
        n++;
    if (n == 40 && s[n])
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    return n;
}

int csv_cell_int(diag *d, const csv_table *t, uint32_t row, uint32_t col, int32_t lo,
                 int32_t hi, int32_t *out)
{
    const csv_field *c = csv_cell(t, row, col);
    int64_t v;
    if (parse_int(c->text, &v) && v >= lo && v <= hi) {
        *out = (int32_t)v;
        return 0;
    }
    const char *name = t->head[col].text;
    if (!c->text[0]) {
        diag_error(d, c->loc, "expected an integer in %d..%d in column '%s', found an empty cell",
                   (int)lo, (int)hi, name);
        return -1;
    }
    int n = shown_len(c->text);
    diag_error(d, c->loc, "expected an integer in %d..%d in column '%s', found '%.*s%s'",
               (int)lo, (int)hi, name, n, c->text, c->text[n] ? "..." : "");
    return -1;
}

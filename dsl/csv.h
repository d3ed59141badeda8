/* csv.h — data tables read from CSV text, for rulesets that load their data
 * (the Splendor cards) at compile time.
 *
 * This layer only splits the text into a header and rows of strings, each
 * with its line:col, so that the compiler, which knows the column types,
 * can convert the cells and point its errors at the cell itself:
 *
 *   cards.csv:12:7: error: expected an integer in 0..7 in column 'red', found 'x'
 *
 * The dialect is RFC 4180 with a few conveniences; csv.c says which.
 */
#ifndef OC_CSV_H
#define OC_CSV_H

#include <stdint.h>

#include "arena.h"
#include "diag.h"

/* One header name or one cell. */
typedef struct csv_field {
    const char *text;   /* NUL-terminated: unquoted, "" made ", blanks trimmed */
    ast_loc loc;        /* its first character, or its opening quote */
} csv_field;

typedef struct csv_table {
    uint32_t ncols;     /* names in the header */
    uint32_t nrows;     /* data rows, the header not counted */
    csv_field *head;    /* [ncols] the header names */
    csv_field *cells;   /* [nrows * ncols], row-major */
} csv_table;

/* Reads src[0..len) into *out, all of it allocated in `a`. Errors go to d,
 * which the caller has set up on the same text (diag_init with the CSV
 * file's path), so they read `cards.csv:LINE:COL: error: ...`. Returns 0,
 * or -1 after reporting every error found; *out is then not to be used. */
int csv_read(oc_arena *a, diag *d, const char *src, size_t len, csv_table *out);

/* The same for a text registered in d as file number `file`
 * (diag_add_file): positions carry that file's number. */
int csv_read_file(oc_arena *a, diag *d, uint32_t file, const char *src, size_t len,
                  csv_table *out);

/* The index of the column named `name`, or -1. */
int csv_find_column(const csv_table *t, const char *name);

/* The cell at (row, col), both 0-based and in range. */
static inline const csv_field *csv_cell(const csv_table *t, uint32_t row, uint32_t col)
{
    return &t->cells[(size_t)row * t->ncols + col];
}

/* Converts the cell at (row, col) to an integer in lo..hi (decimal, with an
 * optional leading '-') into *out and returns 0; else reports the error at
 * the cell and returns -1, leaving *out alone. */
int csv_cell_int(diag *d, const csv_table *t, uint32_t row, uint32_t col, int32_t lo,
                 int32_t hi, int32_t *out);

#endif /* OC_CSV_H */

/* diag.h — diagnostics in GCC form for one source file.
 *
 *   FILE:LINE:COL: error: MESSAGE
 *   <the source line>
 *   <spaces>^
 *
 * Warnings say `warning:`, follow-ups (`previous definition here`) say
 * `note:`. Columns are 1-based and a tab counts as one column. The struct
 * keeps the counts; what the exit status is stays the driver's business.
 */
#ifndef OC_DIAG_H
#define OC_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arena.h"

/* A position in the source: 1-based line and column (0 = unknown). */
typedef struct ast_loc {
    uint32_t line;
    uint32_t col;
} ast_loc;

typedef struct diag {
    FILE *out;              /* where messages go (stderr if NULL) */
    const char *path;       /* the file name as given */
    const char *src;        /* the whole text (not necessarily NUL-ended) */
    size_t len;
    uint32_t *line_start;   /* byte offset of each line, built on first use */
    uint32_t nlines;
    oc_arena *arena;        /* where line_start lives */
    int errors;
    int warnings;
    int werror;             /* warnings count as errors */
    int max_errors;         /* stop printing after this many (0 = no limit) */
} diag;

void diag_init(diag *d, oc_arena *arena, FILE *out, const char *path,
               const char *src, size_t len);

#if defined(__GNUC__)
#define OC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define OC_PRINTF(f, a)
#endif

void diag_error(diag *d, ast_loc at, const char *fmt, ...) OC_PRINTF(3, 4);
void diag_warning(diag *d, ast_loc at, const char *fmt, ...) OC_PRINTF(3, 4);
void diag_note(diag *d, ast_loc at, const char *fmt, ...) OC_PRINTF(3, 4);
/* The general form: kind is "error", "warning" or "note". */
void diag_vreport(diag *d, const char *kind, ast_loc at, const char *fmt, va_list ap);

/* True when the compilation has failed (errors, or warnings under -Werror). */
int diag_failed(const diag *d);

#endif /* OC_DIAG_H */

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
#include "diag_warnings.h"

/* A position in the source: 1-based line and column (0 = unknown). A
 * compilation may read several files (a layer and the rulesets it extends,
 * data tables): the top 8 bits of `line` say which (0: the file the diag
 * was made for; others: diag_add_file's numbers), the low 24 bits the line. */
typedef struct ast_loc {
    uint32_t line;
    uint32_t col;
} ast_loc;

#define DIAG_LINE_BITS 24
#define DIAG_MAX_FILES 64
/* The line within its file, and the file's number. */
static inline uint32_t ast_line(ast_loc at) { return at.line & ((1u << DIAG_LINE_BITS) - 1); }
static inline uint32_t ast_file_of(ast_loc at) { return at.line >> DIAG_LINE_BITS; }
/* The first line of file number `file`, as ast_loc.line encodes it. */
static inline uint32_t diag_first_line(uint32_t file) { return (file << DIAG_LINE_BITS) | 1u; }

/* One source text the messages may point into. */
typedef struct diag_src {
    const char *path;       /* the file name as given */
    const char *src;        /* the whole text (not necessarily NUL-ended) */
    size_t len;
    uint32_t *line_start;   /* byte offset of each line, built on first use */
    uint32_t nlines;
} diag_src;

/* How diagnostics are written: text as GCC writes it, or recorded for a
 * diag_sink to write as JSON or SARIF at the end (diag_sink.h). */
struct diag_sink;

typedef struct diag {
    FILE *out;              /* where messages go (stderr if NULL) */
    const char *path;       /* file 0: the file name as given */
    const char *src;        /* file 0: the whole text (not necessarily NUL-ended) */
    size_t len;
    uint32_t *line_start;   /* file 0: byte offset of each line, built on first use */
    uint32_t nlines;
    diag_src *more;         /* files 1..nmore (more[0] unused), in the arena */
    uint32_t nmore;
    oc_arena *arena;        /* where line_start lives */
    int errors;
    int warnings;
    int werror;             /* warnings count as errors */
    int max_errors;         /* stop printing after this many (0 = no limit) */
    const diag_policy *policy; /* per-warning settings (NULL: all on, as text) */
    struct diag_sink *sink; /* JSON/SARIF: records instead of text (NULL: text) */
    int quiet_notes;        /* the last warning was off: so are its notes */
    int last_shown;         /* the last error or warning was written */
} diag;

void diag_init(diag *d, oc_arena *arena, FILE *out, const char *path,
               const char *src, size_t len);

#if defined(__GNUC__)
#define OC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define OC_PRINTF(f, a)
#endif

void diag_error(diag *d, ast_loc at, const char *fmt, ...) OC_PRINTF(3, 4);
/* Warning w (DIAG_W_*): printed, left out, or made an error as the policy
 * says; its notes (the diag_note calls that follow) go with it. */
void diag_warning(diag *d, int w, ast_loc at, const char *fmt, ...) OC_PRINTF(4, 5);
void diag_note(diag *d, ast_loc at, const char *fmt, ...) OC_PRINTF(3, 4);
/* A fix-it for the diagnostic just reported (an error or a warning):
 * `text` in place of the `len` columns at `at`. Text: a line under the
 * caret with the replacement, as GCC prints one; JSON and SARIF: its
 * fixits / fixes. */
void diag_fixit(diag *d, ast_loc at, uint32_t len, const char *text);
/* The general form: kind is "error", "warning" or "note"; w the warning
 * (-1 for the others). */
void diag_vreport(diag *d, const char *kind, int w, ast_loc at, const char *fmt, va_list ap);

/* Registers another source text (a base ruleset, a CSV file); returns its
 * number for diag_first_line, or -1 when DIAG_MAX_FILES are in use. */
int diag_add_file(diag *d, const char *path, const char *src, size_t len);
/* The path of file number `file` (file 0: d->path). */
const char *diag_path(const diag *d, uint32_t file);

/* True when the compilation has failed (errors, or warnings under -Werror). */
int diag_failed(const diag *d);

#endif /* OC_DIAG_H */

/* diag_sink.h — diagnostics recorded rather than printed, then written as
 * JSON (one object per diagnostic and line, its notes as "children") or as
 * one SARIF 2.1.0 log (as GCC's -fdiagnostics-format=sarif-file writes
 * it), for editors, CI annotations and code-scanning tools. One sink may
 * take the diagnostics of several compilations (`ordo check a b c`): the
 * SARIF log then has every result of the one run.
 */
#ifndef OC_DIAG_SINK_H
#define OC_DIAG_SINK_H

#include <stdint.h>
#include <stdio.h>

/* DIAG_FORMAT_RECORDS keeps the diagnostics for the caller to read
 * (diag_sink_each) and writes nothing: a language server's collecting mode. */
enum { DIAG_FORMAT_TEXT = 0, DIAG_FORMAT_JSON = 1, DIAG_FORMAT_SARIF = 2, DIAG_FORMAT_RECORDS = 3 };

typedef struct diag_sink diag_sink;

/* A sink writing to out in `format` (JSON or SARIF); NULL when out of
 * memory. The tool's name and version go into SARIF's driver. */
diag_sink *diag_sink_new(int format, FILE *out, const char *tool, const char *version);
/* Records one diagnostic: kind "error", "warning" or "note" (a note joins
 * the diagnostic before it); w the warning (-1 for none); as_error: a
 * warning that -Werror made an error. Strings are copied. */
void diag_sink_add(diag_sink *s, const char *kind, int w, int as_error, const char *path,
                   uint32_t line, uint32_t col, const char *message, const char *source_line);
/* A fix-it for the last diagnostic recorded (not a note): `text` replaces
 * columns col .. next-1 of its line (JSON: "fixits", SARIF: "fixes"). */
void diag_sink_fixit(diag_sink *s, uint32_t col, uint32_t next, const char *text);
/* One recorded diagnostic as diag_sink_each shows it: the fields
 * diag_sink_add took (its notes follow it as records of kind "note"). */
typedef struct diag_record {
    const char *kind;      /* "error", "warning" or "note" */
    int w;                 /* the warning (DIAG_W_*), -1 for none */
    int as_error;          /* a warning made an error */
    const char *path;
    uint32_t line, col;    /* 1-based; line 0: the file as a whole */
    const char *message;
    const char *source;    /* the source line, or NULL */
} diag_record;
/* DIAG_FORMAT_RECORDS: calls fn on each diagnostic recorded so far, in
 * order, each followed by its notes; returns how many diagnostics (notes
 * not counted). diag_sink_clear forgets them (the sink is reused). */
int diag_sink_each(const diag_sink *s, void (*fn)(const diag_record *r, void *arg), void *arg);
void diag_sink_clear(diag_sink *s);
/* Writes what is recorded (JSON: the diagnostics not yet written; SARIF:
 * the whole log; RECORDS: nothing) and frees the sink. Returns 0, or -1 on a write error. */
int diag_sink_finish(diag_sink *s);

#endif /* OC_DIAG_SINK_H */

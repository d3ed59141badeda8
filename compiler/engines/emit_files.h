/* emit_files.h — what ordoc writes of a compiled program: its C (to a
 * file, or the standard output) and its header, each whole or not at all
 * (files.h), the header committed before the C that includes it; and the
 * C name a program gets from its file's name.
 */
#ifndef ORDO_ENGINES_EMIT_FILES_H
#define ORDO_ENGINES_EMIT_FILES_H

#include "compiler.h"

typedef struct emit_outputs {
    const char *c_path;  /* "-": the standard output (then no #line directives) */
    const char *h_path;  /* the header, or NULL */
    const char *symbol;  /* the program's C name (oc_valid_symbol) */
    int lines;           /* #line directives to the rules' lines (a file only) */
    const char *prog;    /* prefixes the messages on stderr */
} emit_outputs;

/* Emits p as o asks (oc_emit_c_named, locals named by local_names): 0, or
 * 1 after a message, with no output left half written. */
int emit_write_files(const ordo_program *p, const char *const *const *local_names,
                     const emit_outputs *o);

/* "rulesets/titan-2.ordo" -> "titan_2_program"; "-" -> "stdin_program":
 * malloc'd, NULL when out of memory. */
char *emit_default_symbol(const char *path);

#endif /* ORDO_ENGINES_EMIT_FILES_H */

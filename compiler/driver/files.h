/* files.h — the files the tools take and make: inputs checked before any
 * work (a missing file or a folder is a usage error), outputs (ordoc's C
 * and header) written whole or not at all, never over an input.
 */
#ifndef ORDO_DRIVER_FILES_H
#define ORDO_DRIVER_FILES_H

#include <stdio.h>

/* An output being written: a temporary file beside `path`, renamed over
 * it only when everything was written. */
typedef struct drv_output {
    const char *path;
    char *tmp;
    FILE *f;
} drv_output;

/* 1 when `path` can be opened for reading and is a regular file ("-", the
 * standard input, always can: oc_open_input); else 0 with a message on stderr ("prog:
 * cannot open 'path': ..."). */
int drv_readable(const char *prog, const char *path);

/* The name of an input as messages say it: "<stdin>" for "-". */
const char *drv_input_name(const char *path);

/* 1 when a and b name the same existing file (however they are spelt). */
int drv_same_file(const char *a, const char *b);

/* 1 when `path` may be written by a temporary file renamed over it: it
 * is missing or a regular file (never a device or a folder replaced);
 * else 0 with a message on stderr. */
int drv_output_ok(const char *prog, const char *path);

/* Opens a temporary file beside `path` for writing; NULL with a message
 * on stderr. Nothing at `path` is touched until drv_output_commit. */
FILE *drv_output_open(drv_output *o, const char *path, const char *prog);
/* Flushes and closes the temporary file and renames it to the path: 0, or
 * -1 with a message on stderr and the temporary file removed (the path
 * keeps whatever it held before). */
int drv_output_commit(drv_output *o, const char *prog);
/* Closes and removes the temporary file; the path is left as it was. */
void drv_output_abort(drv_output *o);

/* Flushes stdout: 0, or -1 with a message on stderr when anything written
 * to it was lost (a full disk, a closed pipe). */
int drv_stdout_done(const char *prog);

#endif /* ORDO_DRIVER_FILES_H */

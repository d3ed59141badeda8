/* files.h — the files the tools take and make: inputs checked before any
 * work (a missing file or a folder is a usage error), outputs (ordoc's C
 * and header, ordo doc's pages, ordo explore's scenarios) written whole
 * or not at all through the host kit's writer (play_output), never over
 * a device or a folder. Each function's messages go to stderr, prefixed
 * by `prog`.
 */
#ifndef ORDO_ENGINES_FILES_H
#define ORDO_ENGINES_FILES_H

#include <stdio.h>

#include "ordo_host.h"

/* 1 when `path` can be opened for reading and is a regular file ("-", the
 * standard input, always can: oc_open_input); else 0 with a message ("prog:
 * cannot open 'path': ..."). */
int tool_readable(const char *prog, const char *path);

/* The name of an input as messages say it: "<stdin>" for "-". */
const char *tool_input_name(const char *path);

/* 1 when a and b name the same existing file (however they are spelt). */
int tool_same_file(const char *a, const char *b);

/* 1 when `path` may be written by a temporary file renamed over it: it
 * is missing or a regular file (never a device or a folder replaced);
 * else 0 with a message. */
int tool_output_ok(const char *prog, const char *path);

/* Opens a temporary file beside `path` for writing (tool_output_ok
 * first); NULL with a message. Nothing at `path` is touched until
 * tool_output_commit. */
FILE *tool_output_open(play_output *o, const char *path, const char *prog);
/* play_output_commit: 0, or -1 with a message (the path keeps whatever it
 * held before). */
int tool_output_commit(play_output *o, const char *prog);

/* Flushes stdout: 0, or -1 with a message when anything written to it was
 * lost (a full disk, a closed pipe). */
int tool_stdout_done(const char *prog);

#endif /* ORDO_ENGINES_FILES_H */

/* emit_files.c — ordoc's outputs written (emit_files.h): the emitted C
 * and its header each go to a temporary file renamed over its path only
 * when everything was written, the header first, so that a C file never
 * names a header that is not there. */
#include <stdlib.h>
#include <string.h>

#include "emit_files.h"
#include "files.h"

char *emit_default_symbol(const char *path)
{
    if (strcmp(path, "-") == 0)
        path = "stdin";
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strcspn(base, ".");
    char *s = malloc(n + 16);
    if (!s)
        return NULL;
    size_t k = 0;
    if (n == 0 || (base[0] >= '0' && base[0] <= '9'))
        s[k++] = '_';
    for (size_t i = 0; i < n; i++) {
        char c = base[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        s[k++] = ok ? c : '_';
    }
    strcpy(s + k, "_program");
    return s;
}

/* The C on stdout (a header, if asked for, still to its file). */
static int emit_to_stdout(const ordo_program *p, const char *const *const *names,
                          const emit_outputs *o)
{
    play_output ho;
    FILE *fh = o->h_path ? tool_output_open(&ho, o->h_path, o->prog) : NULL;
    if (o->h_path && !fh)
        return 1;
    /* stdout checked even when the emitter failed: a full disk is said,
     * never a silent status 1 */
    int emitted = oc_emit_c_named(p, o->symbol, stdout, NULL, fh, o->h_path, names) == 0;
    int lost = tool_stdout_done(o->prog) != 0;
    if (!emitted && !lost)
        fprintf(stderr, "%s: writing the header '%s' failed\n", o->prog,
                o->h_path ? o->h_path : "");
    int status = !emitted || lost;
    if (fh && (status ? (play_output_abort(&ho), 1) : tool_output_commit(&ho, o->prog) != 0))
        status = 1;
    return status;
}

static int emit_to_file(const ordo_program *p, const char *const *const *names,
                        const emit_outputs *o)
{
    play_output co, ho;
    FILE *fo = tool_output_open(&co, o->c_path, o->prog);
    FILE *fh = NULL;
    if (!fo)
        return 1;
    if (o->h_path && !(fh = tool_output_open(&ho, o->h_path, o->prog))) {
        play_output_abort(&co);
        return 1;
    }
    if (oc_emit_c_named(p, o->symbol, fo, o->lines ? o->c_path : NULL, fh, o->h_path, names) !=
        0) {
        fprintf(stderr, "%s: writing '%s' failed\n", o->prog, o->c_path);
        play_output_abort(&co);
        if (fh)
            play_output_abort(&ho);
        return 1;
    }
    if (fh && tool_output_commit(&ho, o->prog) != 0) {
        play_output_abort(&co);
        return 1;
    }
    return tool_output_commit(&co, o->prog) != 0;
}

int emit_write_files(const ordo_program *p, const char *const *const *local_names,
                     const emit_outputs *o)
{
    if (strcmp(o->c_path, "-") == 0)
        return emit_to_stdout(p, local_names, o);
    return emit_to_file(p, local_names, o);
}

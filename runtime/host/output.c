/* output.c — a file written whole or not at all (ordo_host.h,
 * play_output_*): what the tools emit (ordoc's C, ordo doc's pages) and a
 * host's saves.
 *
 * A writer that is interrupted, or that fails half way (a full disk),
 * must not leave a truncated file behind, nor destroy what the user had at
 * that path: everything goes to a temporary file beside it (rename is
 * atomic only within a file system), renamed over it at the end. The
 * C library alone: C11's exclusive "x" mode makes the temporary file, so
 * two writers never share one, and fopen gives it the mode any new file
 * gets. The writer says nothing: its caller words the messages. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ordo_host.h"

/* Temporary names tried before giving up: another writer beside the same
 * path holds one only while it writes. */
enum { OUTPUT_NAME_TRIES = 64 };

/* path + ".tmp-" + six letters, different at each try and, through the
 * addresses that stir them (the stack's is random in most systems), in
 * each process. */
static void temp_name(char *tmp, const char *path, size_t len, uint64_t salt)
{
    static const char letters[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".tmp-", 5);
    for (int k = 0; k < 6; k++) {
        salt = salt * 6364136223846793005ull + 1442695040888963407ull;
        tmp[len + 5 + k] = letters[(salt >> 33) % (sizeof letters - 1)];
    }
    tmp[len + 11] = 0;
}

FILE *play_output_open(play_output *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    size_t len = strlen(path);
    o->tmp = malloc(len + 12);
    if (!o->tmp) {
        o->err = ENOMEM;
        return NULL;
    }
    uint64_t salt = (uint64_t)(size_t)o ^ (uint64_t)(size_t)&len;
    for (int k = 0; k < OUTPUT_NAME_TRIES && !o->f; k++) {
        temp_name(o->tmp, path, len, salt + (uint64_t)k);
        errno = 0;
        o->f = fopen(o->tmp, "wbx");
#ifdef EEXIST
        if (!o->f && errno != EEXIST) /* not a name taken: a folder missing, no right */
            break;
#endif
    }
    if (!o->f) {
        o->err = errno;
        free(o->tmp);
        o->tmp = NULL;
    }
    return o->f;
}

int play_output_commit(play_output *o)
{
    errno = 0;
    int bad = fflush(o->f) != 0 || ferror(o->f);
    o->err = bad ? errno : 0;
    if (fclose(o->f) != 0 && !bad) {
        bad = 1;
        o->err = errno;
    }
    o->f = NULL;
    if (!bad && rename(o->tmp, o->path) != 0) {
        bad = 1;
        o->err = errno;
    }
    if (bad)
        remove(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    return bad ? -1 : 0;
}

void play_output_abort(play_output *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp)
        remove(o->tmp);
    free(o->tmp);
    o->f = NULL;
    o->tmp = NULL;
}

const char *play_output_problem(const play_output *o)
{
    return o->err ? strerror(o->err) : "write error";
}

/* source.c — the files a ruleset reads besides itself are found and read
 * here: the ruleset, the bases it `extends` (compile.c) and the CSV files
 * of its data tables (tables.c), each path taken beside the file that
 * names it. One place, so every pass that reads a file reads it the same
 * way and none calls back into the driver of the passes.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compiler.h"
#include "passes.h"

const char *oc_path_beside(oc_arena *a, const char *from, const char *rel)
{
    const char *slash = from ? strrchr(from, '/') : NULL;
    if (rel[0] == '/' || !slash)
        return rel;
    size_t dir = (size_t)(slash - from) + 1, n = strlen(rel);
    char *p = arena_alloc(a, dir + n + 1);
    memcpy(p, from, dir);
    memcpy(p + dir, rel, n + 1);
    return p;
}

int oc_same_path(const char *a, const char *b)
{
    struct stat sa, sb;
    if (strcmp(a, b) == 0)
        return 1;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

FILE *oc_open_input(const char *path, int *err)
{
    if (strcmp(path, "-") == 0)
        return stdin;
    /* O_NONBLOCK: opening a FIFO must not wait for a writer (it is then
     * refused); a regular file's reads do not care */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        *err = errno;
        return NULL;
    }
    struct stat st;
    FILE *f = NULL;
    if (fstat(fd, &st) != 0)
        *err = errno;
    else if (S_ISDIR(st.st_mode))
        *err = EISDIR;
    else if (!S_ISREG(st.st_mode))
        *err = ENODEV; /* a device, a FIFO, a socket: no end, or someone else's stream */
    else if (!(f = fdopen(fd, "rb")))
        *err = errno;
    if (!f)
        close(fd);
    return f;
}

const char *oc_input_problem(int err)
{
    return err == ENODEV ? "not a regular file (a device, a pipe or a socket)" : strerror(err);
}

/* The whole file in the arena (one read into a buffer of the file's size,
 * a growable block of the arena: no copy), its UTF-8 byte-order mark
 * left out; "-" is the standard input, the one stream read (up to
 * `limit`). A file that is not a regular file, or one that yields more
 * than `limit` bytes, is refused before the arena keeps any of it; so is
 * a file that memory cannot hold (ENOMEM). */
char *oc_read_text(oc_arena *a, const char *path, size_t limit, size_t *len, int *err)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = oc_open_input(path, err);
    if (!f)
        return NULL;
    struct stat st;
    int known = fstat(fileno(f), &st) == 0;
    size_t cap = 1 << 16, n = 0;
    if (known && S_ISREG(st.st_mode) && st.st_size > 0 && (uint64_t)st.st_size < limit)
        cap = (size_t)st.st_size + 1; /* + 1: the end is seen in one read */
    char *buf = arena_try_grow(a, NULL, cap);
    int big = 0, full = !buf;
    while (buf) {
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (n > limit) {
            big = 1;
            break;
        }
        if (n < cap)
            break;
        char *nb = arena_try_grow(a, buf, cap * 2);
        if (!nb) {
            full = 1;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    int bad = ferror(f);
    if (!is_stdin)
        fclose(f);
    if (full || bad || big) {
        arena_release(a, buf);
        *err = big ? EFBIG : bad ? EIO : ENOMEM;
        return NULL;
    }
    buf[n] = 0; /* the loop left buf[n] free */
    buf = arena_settle(a, buf, n + 1);
    size_t skip = oc_bom_length(buf, n);
    *len = n - skip;
    return buf + skip;
}

size_t oc_bom_length(const char *text, size_t len)
{
    return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

const char *oc_read_problem(int err, size_t limit, char *buf, size_t n)
{
    if (err == EFBIG)
        snprintf(buf, n, "larger than %zu MiB, the limit for it (doc/limits.md)", limit >> 20);
    else
        snprintf(buf, n, "%s", oc_input_problem(err));
    return buf;
}

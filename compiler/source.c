/* source.c — the files a ruleset reads besides itself are found and read
 * here: the ruleset, the bases it `extends` (compile.c) and the CSV files
 * of its data tables (tables.c), each path taken beside the file that
 * names it. One place, so every pass that reads a file reads it the same
 * way and none calls back into the driver of the passes.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* The whole file in the arena (one read into a buffer of the file's size,
 * which the arena then takes over: no copy), its UTF-8 byte-order mark
 * left out; "-" is the standard input. A directory, or a file (or device, or pipe)
 * that yields more than `limit` bytes, is refused before the arena holds
 * any of it: EISDIR, EFBIG. */
char *oc_read_text(oc_arena *a, const char *path, size_t limit, size_t *len, int *err)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        *err = errno;
        return NULL;
    }
    struct stat st;
    int known = fstat(fileno(f), &st) == 0;
    if (known && S_ISDIR(st.st_mode)) {
        if (!is_stdin)
            fclose(f);
        *err = EISDIR;
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    if (known && S_ISREG(st.st_mode) && st.st_size > 0 && (uint64_t)st.st_size < limit)
        cap = (size_t)st.st_size + 1; /* + 1: the end is seen in one read */
    char *buf = malloc(cap);
    int big = 0;
    while (buf) {
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (n > limit) {
            big = 1;
            break;
        }
        if (n < cap)
            break;
        char *nb = realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    int bad = ferror(f);
    if (!is_stdin)
        fclose(f);
    if (!buf || bad || big) {
        free(buf);
        *err = big ? EFBIG : bad ? EIO : ENOMEM;
        return NULL;
    }
    char *t = n + 1 < cap ? realloc(buf, n + 1) : buf; /* the loop left buf[n] free */
    if (t)
        buf = t;
    buf[n] = 0;
    arena_adopt(a, buf, n + 1);
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
        snprintf(buf, n, "%s", strerror(err));
    return buf;
}

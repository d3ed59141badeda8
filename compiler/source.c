/* source.c — the files a ruleset reads besides itself are found and read
 * here: the ruleset, the bases it `extends` (compile.c) and the CSV files
 * of its data tables (tables.c), each path taken beside the file that
 * names it. One place, so every pass that reads a file reads it the same
 * way and none calls back into the driver of the passes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The whole file in the arena (one read, no per-line copies). */
char *oc_read_text(oc_arena *a, const char *path, size_t *len, int *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        *err = errno;
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
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
    fclose(f);
    if (!buf || bad) {
        free(buf);
        *err = bad ? EIO : ENOMEM;
        return NULL;
    }
    char *text = arena_strndup(a, buf, n);
    free(buf);
    *len = n;
    return text;
}

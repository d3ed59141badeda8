/* choices.c — choices files: the decisions of a game, one option label a
 * line, as `ordo run --record` writes them and `--choices` reads them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ordo_host.h"

static int push(play_choices *c, const char *s, size_t len, int line)
{
    char **nl = realloc(c->label, (size_t)(c->n + 1) * sizeof *nl);
    if (!nl)
        return -1;
    c->label = nl;
    int *nn = realloc(c->line, (size_t)(c->n + 1) * sizeof *nn);
    if (!nn)
        return -1;
    c->line = nn;
    char *copy = malloc(len + 1);
    if (!copy)
        return -1;
    memcpy(copy, s, len);
    copy[len] = 0;
    c->label[c->n] = copy;
    c->line[c->n] = line;
    c->n++;
    return 0;
}

/* A folder fails at its first read (EISDIR). */
char *play_read_file(const char *path, long limit, const char *prog, size_t *len)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open '%s': %s\n", prog, path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    int big = 0, bad = 0;
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (ferror(f)) {
            bad = errno ? errno : EIO;
            break;
        }
        if (n < cap)
            break;
        if (cap > (size_t)limit) {
            big = 1;
            break;
        }
        char *nb = realloc(buf, cap * 2 + 1);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    if (!is_stdin)
        fclose(f);
    if (!buf || bad || big || n > (size_t)limit) {
        if (!buf)
            fprintf(stderr, "%s: out of memory reading '%s'\n", prog, path);
        else if (bad)
            fprintf(stderr, "%s: cannot read '%s': %s\n", prog, path, strerror(bad));
        else
            fprintf(stderr, "%s: cannot read '%s': larger than %ld MiB, its limit\n", prog,
                    path, limit >> 20);
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

int play_choices_load(play_choices *c, const char *path, const char *prog)
{
    memset(c, 0, sizeof *c);
    c->path = path;
    size_t len = 0;
    char *text = play_read_file(path, PLAY_MAX_CHOICES_BYTES, prog, &len);
    if (!text)
        return -1;
    int line = 0, rc = 0;
    const char *p = text, *end = text + len;
    if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
        p += 3; /* a byte-order mark, as the compiler skips it */
    while (p < end && rc == 0) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *s = p, *e = nl ? nl : end;
        p = nl ? nl + 1 : end;
        line++;
        while (e > s && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
            e--;
        while (s < e && (*s == ' ' || *s == '\t'))
            s++;
        if (s == e || *s == '#')
            continue;
        if (push(c, s, (size_t)(e - s), line) != 0) {
            fprintf(stderr, "%s: out of memory reading '%s'\n", prog, path);
            rc = -1;
        }
    }
    free(text);
    if (rc)
        play_choices_free(c);
    return rc;
}

void play_choices_free(play_choices *c)
{
    for (int i = 0; i < c->n; i++)
        free(c->label[i]);
    free(c->label);
    free(c->line);
    memset(c, 0, sizeof *c);
}

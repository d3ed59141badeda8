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

int play_choices_load(play_choices *c, const char *path, const char *prog)
{
    memset(c, 0, sizeof *c);
    c->path = path;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open '%s': %s\n", prog, path, strerror(errno));
        return -1;
    }
    char *buf = NULL;
    size_t cap = 0;
    ssize_t got;
    int line = 0, rc = 0;
    while ((got = getline(&buf, &cap, f)) >= 0) {
        line++;
        char *s = buf, *e = buf + got;
        while (e > s && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
            e--;
        while (s < e && (*s == ' ' || *s == '\t'))
            s++;
        if (s == e || *s == '#')
            continue;
        if (push(c, s, (size_t)(e - s), line) != 0) {
            fprintf(stderr, "%s: out of memory reading '%s'\n", prog, path);
            rc = -1;
            break;
        }
    }
    free(buf);
    fclose(f);
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

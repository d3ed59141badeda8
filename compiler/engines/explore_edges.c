/* explore_edges.c — the edges a search found a kept state again by,
 * spilling to a temporary file (see explore_edges.h). The file is only
 * appended to while the search runs, and read back in chunks, the last
 * first, by the passes of the no-progress analysis.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "explore_edges.h"

/* edges read back from disk at once */
#define READ_CHUNK 65536

void ex_edges_init(ex_edges *e, uint64_t spill)
{
    memset(e, 0, sizeof *e);
    e->spill = spill;
}

void ex_edges_free(ex_edges *e)
{
    free(e->mem);
    if (e->disk)
        fclose(e->disk);
    memset(e, 0, sizeof *e);
}

void ex_edges_clear(ex_edges *e)
{
    uint64_t spill = e->spill;
    ex_edges_free(e);
    e->spill = spill;
}

/* The edges in memory appended to the file: 0, or -1. */
static int write_out(ex_edges *e)
{
    if (!e->disk && !(e->disk = tmpfile()))
        return -1;
    if (fwrite(e->mem, sizeof *e->mem, e->n, e->disk) != e->n || fflush(e->disk) != 0)
        return -1;
    e->on_disk += e->n;
    e->n = 0;
    return 0;
}

int ex_edges_add(ex_edges *e, uint32_t from, uint32_t to)
{
    if (e->spill && e->n >= e->spill && write_out(e) != 0)
        return -1;
    if (e->n == e->cap) {
        uint64_t cap = e->cap ? e->cap * 2 : 1024;
        ex_edge *v = realloc(e->mem, cap * sizeof *v);
        if (!v)
            return -1;
        e->mem = v;
        e->cap = cap;
    }
    e->mem[e->n++] = (ex_edge){from, to};
    return 0;
}

/* One run of edges, the last first. */
static int spread_run(const ex_edge *v, uint64_t n, unsigned char *can)
{
    int marked = 0;
    for (uint64_t k = n; k-- > 0;)
        if (can[v[k].to] && !can[v[k].from]) {
            can[v[k].from] = 1;
            marked = 1;
        }
    return marked;
}

int ex_edges_spread(const ex_edges *e, unsigned char *can)
{
    int marked = spread_run(e->mem, e->n, can);
    if (!e->on_disk)
        return marked;
    ex_edge *buf = malloc(READ_CHUNK * sizeof *buf);
    if (!buf)
        return -1;
    int fd = fileno(e->disk);
    for (uint64_t end = e->on_disk; end > 0;) {
        uint64_t n = end < READ_CHUNK ? end : READ_CHUNK;
        size_t bytes = (size_t)n * sizeof *buf;
        if (pread(fd, buf, bytes, (off_t)((end - n) * sizeof *buf)) != (ssize_t)bytes) {
            free(buf);
            return -1;
        }
        marked |= spread_run(buf, n, can);
        end -= n;
    }
    free(buf);
    return marked;
}

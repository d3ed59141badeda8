/* explore_shrink.c — a finding's way in, made shorter before it is
 * written (explore.h, ex_way). Breadth first finds a fault on a shortest
 * way; a walk meets it by a long way round (the Teotihuacan invariant of
 * examples/explore/ at 59 decisions). As a fuzzer minimises a crashing
 * input, runs of decisions are left out, halving in length down to one
 * (delta debugging's reduction), and a leaving-out is kept when the rest,
 * replayed from the start by their labels with the rolls each took, still
 * shows the finding. The replays are bounded, so that a long way costs a
 * second or so at most; what is left is as short as they found, not
 * always a shortest way.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "explore.h"

/* Transitions replayed for one finding, and seconds, at most; runs this
 * long or shorter are tried from every decision. */
#define SHRINK_BUDGET 400000
#define SHRINK_SECONDS 2.0
#define SHRINK_EVERY 12

typedef struct way {
    const ordo_program *p;
    const ex_result *r;
    const ex_finding *f;
    int nplayers;
    uint32_t *chain;       /* the states from the start to the finding's, in r */
    int n;
    char **labels;         /* [t]: the label of the option taken into chain[t] (t >= 1) */
    unsigned char *keep;   /* [t]: still on the way */
    int *option;           /* [t]: the option it was, in the last replay */
    ordo_game *g;
    uint64_t budget;
} way;

/* The way as kept, replayed from the start: the options by their labels
 * (by r's indexes while the labels are read, each label then kept). 1
 * when every one was offered and the end shows the finding. */
static int replay(way *w, int read_labels)
{
    ordo_game *g = w->g;
    if (ordo_reset(g, w->nplayers, w->r->seed) != ORDO_OK)
        return 0;
    for (int t = 0; t < w->n; t++) {
        if (!w->keep[t])
            continue;
        int k = -1;
        if (t > 0 && ordo_status(g) != ORDO_DECIDE)
            return 0;
        if (t > 0 && read_labels) {
            k = w->r->option[w->chain[t]];
            char buf[512];
            if (ordo_option_label(g, k, buf, sizeof buf) < 0 || !(w->labels[t] = strdup(buf)))
                return 0;
        } else if (t > 0 && (k = ordo_find_option(g, w->labels[t])) < 0) {
            return 0;
        }
        w->option[t] = k;
        ex_replay_step(w->r, g, k, w->chain[t]);
        w->budget -= w->budget > 0;
    }
    return ex_shows(w->p, g, w->f);
}

/* Leaves out runs of decisions, halving their length, while the finding
 * still shows without them; the way left replayed last. */
static void shrink(way *w, unsigned char *was)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int size = w->n / 2; size >= 1; size /= 2)
        /* short runs from every decision: a turn or a round of a game
         * rarely starts where halving puts a run */
        for (int from = 1; from < w->n && w->budget >= (uint64_t)w->n &&
                           ex_seconds_since(&t0) < SHRINK_SECONDS;
             from += size > SHRINK_EVERY ? size / 2 : 1) {
            size_t len = (size_t)(from + size < w->n ? size : w->n - from);
            int any = 0;
            memcpy(was, w->keep + from, len);
            for (size_t t = 0; t < len; t++)
                any |= was[t];
            memset(w->keep + from, 0, len);
            if (any && !replay(w, 0))
                memcpy(w->keep + from, was, len);
        }
    replay(w, 0);
}

/* The way left, as ex_path writes it: r's links to the states kept,
 * chained one after the other with the options of the last replay. */
static int lines_of(way *w, char ***labels)
{
    int n = 0;
    for (int t = 0; t < w->n; t++)
        n += w->keep[t];
    ex_result way_r = *w->r;
    way_r.parent = malloc((size_t)n * sizeof *way_r.parent);
    way_r.option = malloc((size_t)n * sizeof *way_r.option);
    way_r.roll_at = malloc((size_t)n * sizeof *way_r.roll_at);
    way_r.nrolls = malloc((size_t)n * sizeof *way_r.nrolls);
    int lines = -1;
    if (way_r.parent && way_r.option && way_r.roll_at && way_r.nrolls) {
        for (int t = 0, i = 0; t < w->n; t++)
            if (w->keep[t]) {
                way_r.parent[i] = i ? (uint32_t)i - 1 : UINT32_MAX;
                way_r.option[i] = (uint16_t)(w->option[t] < 0 ? 0 : w->option[t]);
                way_r.roll_at[i] = w->r->roll_at[w->chain[t]];
                way_r.nrolls[i++] = w->r->nrolls[w->chain[t]];
            }
        lines = ex_path(w->p, w->nplayers, &way_r, (uint32_t)n - 1, labels);
    }
    free(way_r.parent);
    free(way_r.option);
    free(way_r.roll_at);
    free(way_r.nrolls);
    return lines;
}

int ex_way(const ordo_program *p, int nplayers, const ex_result *r, const ex_finding *f,
           char ***labels)
{
    if (f->kind == EX_CUT || (f->kind == EX_NO_PROGRESS && f->code == 0) || f->knew_known)
        return ex_path(p, nplayers, r, f->state, labels);
    way w = {p, r, f, nplayers, NULL, 0, NULL, NULL, NULL, NULL, SHRINK_BUDGET};
    int lines = -1;
    unsigned char *was = NULL;
    w.n = ex_chain_to(r, f->state, &w.chain);
    if (w.n > 0 && (w.labels = calloc((size_t)w.n, sizeof *w.labels)) &&
        (w.keep = malloc((size_t)w.n)) && (was = malloc((size_t)w.n)) &&
        (w.option = calloc((size_t)w.n, sizeof *w.option)) &&
        ordo_new(p, nplayers, r->seed, &w.g) == ORDO_OK) {
        memset(w.keep, 1, (size_t)w.n);
        if (replay(&w, 1)) {
            shrink(&w, was);
            lines = lines_of(&w, labels);
        }
    }
    free(was);
    if (w.g)
        ordo_free(w.g);
    for (int t = 0; w.labels && t < w.n; t++)
        free(w.labels[t]);
    free(w.labels);
    free(w.keep);
    free(w.option);
    free(w.chain);
    return lines >= 0 ? lines : ex_path(p, nplayers, r, f->state, labels);
}

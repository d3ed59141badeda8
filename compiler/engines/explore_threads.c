/* explore_threads.c — a breadth-first search shared among threads of
 * one process (explore.h, ex_threads_search): explore_shared.c's workers,
 * each a thread, exchanging at a barrier. Worker k's outgoing buffers are
 * published in a table; past the barrier every worker copies what the
 * others hold for it; a second barrier keeps the buffers until all have.
 * Blocks travel as they are: every thread plays the same program.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "explore.h"

typedef struct hub {
    pthread_barrier_t barrier;
    /* the gate the threads wait at until all were started (go 1), or not
     * (go -1: they return, the search fails) */
    pthread_mutex_t lock;
    pthread_cond_t opened;
    int go;
    unsigned char *const **out; /* [worker]: its buffers to each */
    const size_t **nout;
} hub;

static int hub_exchange(ex_transport *t, unsigned char *const *out, const size_t *nout,
                        unsigned char **in, size_t *at)
{
    hub *h = t->ctx;
    h->out[t->rank] = out;
    h->nout[t->rank] = nout;
    pthread_barrier_wait(&h->barrier);
    at[0] = 0;
    for (int k = 0; k < t->size; k++)
        at[k + 1] = at[k] + h->nout[k][t->rank];
    *in = malloc(at[t->size] + 1);
    for (int k = 0; *in && k < t->size; k++)
        if (h->nout[k][t->rank])
            memcpy(*in + at[k], h->out[k][t->rank], h->nout[k][t->rank]);
    pthread_barrier_wait(&h->barrier);
    return *in ? 0 : -1;
}

/* One worker's search, its arguments and its outcome. */
typedef struct job {
    const ordo_program *p;
    int nplayers;
    uint64_t seed, memory;
    const ex_limits *lim;
    FILE *progress;
    ex_transport t;
    ex_result r;
    int rc;
} job;

static int gate(hub *h, int go)
{
    pthread_mutex_lock(&h->lock);
    if (go)
        h->go = go;
    while (!h->go)
        pthread_cond_wait(&h->opened, &h->lock);
    go = h->go;
    pthread_cond_broadcast(&h->opened);
    pthread_mutex_unlock(&h->lock);
    return go;
}

static void *run_job(void *arg)
{
    job *j = arg;
    if (gate(j->t.ctx, 0) < 0) {
        j->rc = -1;
        return NULL;
    }
    j->rc = ex_shared_search(j->p, j->nplayers, j->seed, j->lim, j->memory, &j->t, j->progress,
                             &j->r);
    return NULL;
}

int ex_threads_search(const ordo_program *p, int nplayers, uint64_t seed, const ex_limits *lim,
                      int jobs, FILE *progress, ex_result *r)
{
    hub h = {.lock = PTHREAD_MUTEX_INITIALIZER, .opened = PTHREAD_COND_INITIALIZER};
    job *v = calloc((size_t)jobs, sizeof *v);
    pthread_t *tid = calloc((size_t)jobs, sizeof *tid);
    h.out = calloc((size_t)jobs, sizeof *h.out);
    h.nout = calloc((size_t)jobs, sizeof *h.nout);
    int rc = -1, started = 0;
    if (!v || !tid || !h.out || !h.nout || pthread_barrier_init(&h.barrier, NULL, (unsigned)jobs))
        goto done;
    for (int k = 0; k < jobs; k++)
        v[k] = (job){p, nplayers, seed, lim->memory / (uint64_t)jobs, lim, k ? NULL : progress,
                     {k, jobs, 1, hub_exchange, &h}, {0}, 0};
    /* worker 0 runs on this thread, the others wait at the gate until all
     * have started: one missing would leave them at the barrier for ever */
    for (started = 1; started < jobs; started++)
        if (pthread_create(&tid[started], NULL, run_job, &v[started]) != 0)
            break;
    gate(&h, started == jobs ? 1 : -1);
    rc = -1;
    if (started == jobs) {
        run_job(&v[0]);
        rc = v[0].rc;
    }
    for (int k = 1; k < started; k++) {
        pthread_join(tid[k], NULL);
        rc |= v[k].rc;
        ex_free(&v[k].r);
    }
    if (started == jobs)
        *r = v[0].r;
    else
        memset(r, 0, sizeof *r);
    pthread_barrier_destroy(&h.barrier);
done:
    free(v);
    free(tid);
    free(h.out);
    free(h.nout);
    return rc;
}

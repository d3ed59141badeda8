/* explore_seeds.c — a run of `ordo explore` over several seeds (explore.h,
 * ex_run): each seed searched by ex_search in one of `jobs` child
 * processes, its outcome (counters, what was reached, the findings with
 * the paths that replay them) written into a temporary file, then merged
 * in seed order, so the total is the same whatever the number of jobs. A
 * finding met again under another seed is kept once, with its first seed.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "explore.h"

/* A seed's outcome written by a child and read by the parent: counters,
 * what was reached, the findings with their paths. */
static int put(FILE *f, const void *p, size_t n)
{
    return fwrite(p, 1, n, f) == n ? 0 : -1;
}

static int get(FILE *f, void *p, size_t n)
{
    return fread(p, 1, n, f) == n ? 0 : -1;
}

static void send_result(FILE *f, const ordo_program *p, const ex_result *r, int nplayers)
{
    put(f, r, offsetof(ex_result, findings));
    put(f, r->cov.steps, p->nsteps);
    put(f, r->cov.options, p->noptions);
    put(f, r->cov.triggers, p->nprocs);
    put(f, &r->nfindings, sizeof r->nfindings);
    for (size_t k = 0; k < r->nfindings; k++) {
        char **labels = NULL;
        int n = ex_way(p, nplayers, r, &r->findings[k], &labels);
        put(f, &r->findings[k], sizeof r->findings[k]);
        put(f, &n, sizeof n);
        for (int i = 0; i < n; i++) {
            size_t len = strlen(labels[i]);
            put(f, &len, sizeof len);
            put(f, labels[i], len);
            free(labels[i]);
        }
        free(labels);
    }
}

static int take_found(ex_total *t, const ex_finding *f, char **path, int npath)
{
    for (size_t k = 0; k < t->nfound; k++)
        if (ex_same_finding(&t->found[k].f, f->kind, f->line, f->code)) {
            t->found[k].f.count += f->count;
            return 0; /* known from another seed */
        }
    ex_found *v = realloc(t->found, (t->nfound + 1) * sizeof *v);
    if (!v)
        return -1;
    t->found = v;
    int decisions = 0;
    for (int i = 0; i < npath; i++)
        decisions += strncmp(path[i], "choose ", 7) == 0;
    t->found[t->nfound++] = (ex_found){*f, path, npath, decisions};
    return 1;
}

static int read_result(FILE *f, const ordo_program *p, ex_total *t, uint64_t seed)
{
    ex_result r;
    unsigned char *buf = malloc((size_t)p->nsteps + p->noptions + p->nprocs + 1);
    if (!buf || get(f, &r, offsetof(ex_result, findings)) ||
        get(f, buf, (size_t)p->nsteps + p->noptions + p->nprocs)) {
        free(buf);
        return -1;
    }
    for (uint16_t i = 0; i < p->nsteps; i++)
        t->steps[i] |= buf[i];
    for (uint16_t i = 0; i < p->noptions; i++)
        t->options[i] |= buf[p->nsteps + i];
    for (uint16_t i = 0; i < p->nprocs; i++)
        t->triggers[i] |= buf[p->nsteps + p->noptions + i];
    free(buf);
    t->states += r.states;
    t->transitions += r.transitions;
    t->ends += r.ends;
    t->end_none += r.end_none;
    t->limits += r.limits;
    for (int w = 0; w < 128; w++)
        t->end_winner[w] += r.end_winner[w];
    for (int k = 0; k < EX_REASONS && r.reasons.text[k]; k++)
        ex_reasons_add(&t->reasons, (int)r.reasons.text[k] - 1, r.reasons.count[k]);
    t->reasons.other += r.reasons.other;
    t->end_limit += r.end_limit;
    t->fingerprint_seeds += r.fingerprints != 0;
    t->walked += r.walked;
    t->collision += r.collision;
    t->renamings = r.renamings;
    if (r.depth_reached > t->depth)
        t->depth = r.depth_reached;
    t->seconds += r.seconds;
    t->complete += r.complete != 0;
    t->chance_cut += r.chance_cut != 0;
    t->seeds++;
    size_t nf;
    if (get(f, &nf, sizeof nf))
        return -1;
    for (size_t k = 0; k < nf; k++) {
        ex_finding fi;
        int n;
        if (get(f, &fi, sizeof fi) || get(f, &n, sizeof n) || n < 0 || n > 10000000)
            return -1;
        fi.seed = seed;
        char **path = calloc((size_t)n + 1, sizeof *path);
        if (!path)
            return -1;
        for (int i = 0; i < n; i++) {
            size_t len;
            if (get(f, &len, sizeof len) || len > 4096 || !(path[i] = calloc(len + 1, 1)) ||
                get(f, path[i], len))
                return -1;
        }
        if (take_found(t, &fi, path, n) <= 0) {
            for (int i = 0; i < n; i++)
                free(path[i]);
            free(path);
        }
    }
    return 0;
}

/* Whether each seed's search is one shared among workers (threads or
 * ranks), rather than the seeds shared among processes. */
static int shared(const ex_run_options *o)
{
    return !o->walks && (o->mpi || o->jobs > 1);
}

static int search_seed(const ordo_program *p, const ex_run_options *o, uint64_t seed,
                       FILE *progress, ex_result *r)
{
    if (o->mpi)
        return ex_shared_search(p, o->nplayers, seed, &o->lim, o->lim.memory, o->mpi, progress,
                                r);
    if (shared(o))
        return ex_threads_search(p, o->nplayers, seed, &o->lim, (int)o->jobs, progress, r);
    return ex_search(p, o->nplayers, seed, o->walks, &o->lim, progress, r);
}

/* Explores the seeds of job j (of `jobs`) and writes each outcome to out. */
static int explore_seeds(const ordo_program *p, const ex_run_options *o, long jobs, long j,
                         FILE *out)
{
    for (uint64_t k = (uint64_t)j; k < o->seeds; k += (uint64_t)jobs) {
        uint64_t seed = o->seed + k;
        ex_result r;
        if (search_seed(p, o, seed, jobs == 1 ? o->progress : NULL, &r) != 0) {
            if (o->err)
                fprintf(o->err, "%s: out of memory for the search (try --memory)\n", o->prog);
            return -1;
        }
        put(out, &seed, sizeof seed);
        send_result(out, p, &r, o->nplayers);
        ex_free(&r);
    }
    return fflush(out) == 0 ? 0 : -1;
}

/* Runs the jobs, each a child writing into a temporary file, and merges
 * their outcomes in seed order (so the report is the same whatever the number of jobs). */
static int run_jobs(const ordo_program *p, const ex_run_options *o, long jobs, ex_total *t)
{
    FILE **files = calloc((size_t)jobs, sizeof *files);
    pid_t *pids = calloc((size_t)jobs, sizeof *pids);
    int rc = 0;
    if (!files || !pids) {
        free(files);
        free(pids);
        return -1;
    }
    for (long j = 0; j < jobs; j++) {
        files[j] = tmpfile();
        if (!files[j])
            return -1;
        fflush(stdout);
        fflush(stderr);
        if (shared(o)) {
            /* its threads or ranks run here (an MPI rank cannot fork) */
            rc = explore_seeds(p, o, 1, 0, files[j]);
            continue;
        }
        pids[j] = fork();
        if (pids[j] == 0)
            _exit(explore_seeds(p, o, jobs, j, files[j]) == 0 ? 0 : 1);
        if (pids[j] < 0)
            rc = -1;
    }
    for (long j = 0; j < jobs; j++) {
        int st;
        if (pids[j] > 0 && (waitpid(pids[j], &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st)))
            rc = -1;
    }
    /* seed order: seed k is in file k % jobs */
    for (long j = 0; j < jobs; j++)
        rewind(files[j]);
    for (uint64_t k = 0; rc == 0 && k < o->seeds; k++) {
        uint64_t seed;
        FILE *f = files[k % (uint64_t)jobs];
        if (get(f, &seed, sizeof seed) || read_result(f, p, t, seed) != 0)
            rc = -1;
    }
    for (long j = 0; j < jobs; j++)
        if (files[j])
            fclose(files[j]);
    free(files);
    free(pids);
    return rc;
}

int ex_run(const ordo_program *p, const ex_run_options *o, ex_total *t)
{
    memset(t, 0, sizeof *t);
    t->steps = calloc(p->nsteps + 1u, 1);
    t->options = calloc(p->noptions + 1u, 1);
    t->triggers = calloc(p->nprocs + 1u, 1);
    long jobs = o->jobs < 1 || shared(o)        ? 1
                : (uint64_t)o->jobs > o->seeds ? (long)o->seeds
                                               : o->jobs;
    if (!t->steps || !t->options || !t->triggers || o->seeds == 0)
        return -1;
    /* the rate reported is the whole run's: its states over its time */
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = run_jobs(p, o, jobs, t);
    t->seconds = ex_seconds_since(&t0);
    return rc;
}

void ex_total_free(ex_total *t)
{
    for (size_t k = 0; k < t->nfound; k++) {
        for (int i = 0; i < t->found[k].npath; i++)
            free(t->found[k].path[i]);
        free(t->found[k].path);
    }
    free(t->found);
    free(t->steps);
    free(t->options);
    free(t->triggers);
    memset(t, 0, sizeof *t);
}

/* sim_pool.c — the games of an `ordo sim` run (sim.h): played in this
 * process, or with jobs > 1 on forked worker processes, each playing a
 * contiguous slice of the games and sending its results, packed
 * (sim_stats.c), through a pipe. The results reach the caller's sink in
 * game order either way, so the same run gives the same bytes.
 *
 * A game is played exactly as `ordo run` plays it (play_to_end), in one
 * game block allocated once and re-initialised per game.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sim.h"

int sim_play_init(sim_play *s, const ordo_program *p, const play_options *o, int players,
                  int score_var, const int *vars, int nvars, const sim_hooks *h)
{
    memset(s, 0, sizeof *s);
    s->p = p;
    s->o = *o;
    s->seed0 = o->seed;
    s->players = players;
    s->score_var = score_var;
    for (int i = 0; i < nvars && i < SIM_MAX_VARS; i++)
        s->var[s->nvars++] = vars[i];
    s->size = ordo_game_size(p);
    if (!s->size) {
        char msg[256];
        ordo_validate(p, msg, sizeof msg);
        fprintf(h->err, "%s: invalid program: %s\n", h->prog, msg);
        return -1;
    }
    s->mem = malloc(s->size); /* malloc's alignment is more than the 8 bytes a game needs */
    if (!s->mem) {
        fprintf(h->err, "%s: out of memory\n", h->prog);
        return -1;
    }
    return 0;
}

void sim_play_free(sim_play *s)
{
    free(s->mem);
    s->mem = NULL;
    s->g = NULL;
}

static void count_turns(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    (void)g;
    if (ev->kind == ORDO_EV_TURN)
        ++*(uint64_t *)ctx;
}

/* The result of a game that is over: its winner and final scores. */
static void read_outcome(const sim_play *s, const ordo_game *g, sim_game *r)
{
    r->h.winner = ordo_winner(g);
    int limit = 0;
    const char *why = ordo_end_reason(g, &limit);
    for (int k = 0; why && k < s->p->ntexts; k++)
        if (s->p->texts[k].text == why) {
            r->h.reason = k;
            break;
        }
    r->h.limit = limit;
    r->h.nvars = s->nvars;
    for (int i = 0; i < s->nvars; i++)
        if (ordo_get(g, s->var[i], 0, 0, 0, &r->var[i]) != ORDO_OK)
            r->var[i] = 0;
    if (s->score_var < 0)
        return;
    r->h.nscores = s->players;
    for (int i = 0; i < s->players; i++)
        if (ordo_get(g, s->score_var, i, 0, 0, &r->score[i]) != ORDO_OK)
            r->score[i] = 0;
}

/* Plays the game of `seed` in the reused block (no allocation, and no
 * validation of the program after the first game) and fills *r with its
 * result. */
static void play_one(sim_play *s, uint64_t seed, sim_game *r)
{
    memset(&r->h, 0, sizeof r->h);
    r->h.seed = seed;
    r->h.winner = -1;
    r->h.reason = -1;
    s->o.seed = seed; /* the random policy's generator starts from it */
    s->turns = 0;
    ordo_game *g = s->g;
    int rc = g ? ordo_reset(g, s->players, seed)
               : ordo_init(s->mem, s->size, s->p, s->players, seed, &s->g);
    if (!g)
        g = s->g;
    if (rc == ORDO_OK) {
        ordo_set_trace(g, count_turns, &s->turns);
        if (s->o.max_steps)
            ordo_set_max_steps(g, s->o.max_steps);
        long decisions = 0;
        rc = play_to_end(g, &s->o, NULL, NULL, &decisions);
        r->h.decisions = (uint64_t)decisions;
        r->h.turns = s->turns;
        r->h.steps = ordo_steps(g);
    }
    if (rc == ORDO_OVER) {
        read_outcome(s, g, r);
        return;
    }
    if (g)
        play_error_message(g, rc, r->error, sizeof r->error);
    else
        snprintf(r->error, sizeof r->error, "cannot create a game: %s", ordo_strerror(rc));
    if (!r->error[0])
        snprintf(r->error, sizeof r->error, "error %d", rc);
    r->h.errlen = (int32_t)strlen(r->error);
}

/* Plays games first .. first+count-1 (0-based) in order, handing each
 * result to `sink`, and their count so far to `progress` (when not NULL). */
static void play_games(sim_play *s, uint64_t first, uint64_t count,
                       void (*sink)(void *ctx, const sim_game *r),
                       void (*progress)(void *ctx, uint64_t done), void *ctx)
{
    sim_game r;
    for (uint64_t i = 0; i < count; i++) {
        play_one(s, s->seed0 + first + i, &r);
        sink(ctx, &r);
        if (progress)
            progress(ctx, i + 1);
    }
}

typedef struct worker {
    pid_t pid;            /* 0: not started */
    int fd;               /* the read end of its pipe; -1 once closed */
    uint64_t first, count; /* its games */
    unsigned char *buf;   /* bytes received and not yet taken */
    size_t len, cap;
    size_t complete;      /* buf[0 .. complete) holds whole results */
    uint64_t received;    /* whole results received */
} worker;

/* The sink in a worker: the result, packed, down the pipe. */
static void send_result(void *ctx, const sim_game *r)
{
    unsigned char buf[SIM_PACKED_MAX];
    FILE *f = ctx;
    if (fwrite(buf, 1, sim_pack(r, buf), f) == 0 || ferror(f))
        _exit(TOOL_FAIL); /* the parent has gone: no one to play for */
}

/* In the worker process: plays its games into the pipe `fd`. _exit, not
 * exit: the parent's stdio buffers and atexit handlers are the parent's. */
static void work(sim_play *s, const worker *w, int fd)
{
    FILE *f = fdopen(fd, "wb");
    if (!f)
        _exit(TOOL_FAIL);
    play_games(s, w->first, w->count, send_result, NULL, f);
    _exit(fclose(f) == 0 ? TOOL_OK : TOOL_FAIL);
}

/* Forks k workers, worker j playing the j-th of k contiguous slices of
 * the games. 0, or -1 after a message (the ones started are in w). */
static int start_workers(sim_play *s, worker *w, int k, uint64_t games, const sim_hooks *h)
{
    uint64_t base = games / (uint64_t)k, extra = games % (uint64_t)k;
    for (int j = 0; j < k; j++) {
        w[j].first = (uint64_t)j * base + ((uint64_t)j < extra ? (uint64_t)j : extra);
        w[j].count = base + ((uint64_t)j < extra);
        int fd[2];
        if (pipe(fd) != 0) {
            fprintf(h->err, "%s: cannot make a pipe: %s\n", h->prog, strerror(errno));
            return -1;
        }
        pid_t pid = fork();
        if (pid < 0) {
            fprintf(h->err, "%s: cannot start a worker: %s\n", h->prog, strerror(errno));
            close(fd[0]);
            close(fd[1]);
            return -1;
        }
        if (pid == 0) {
            for (int i = 0; i < j; i++)
                close(w[i].fd); /* the earlier workers' pipes are the parent's */
            close(fd[0]);
            work(s, &w[j], fd[1]);
        }
        close(fd[1]);
        w[j].pid = pid;
        w[j].fd = fd[0];
    }
    return 0;
}

/* Reads what worker w has sent; closes its pipe at the end. 0, or -1
 * after a message. */
static int receive(worker *w, const sim_hooks *h)
{
    if (w->cap - w->len < 65536) {
        size_t cap = w->cap ? 2 * w->cap : 1 << 17;
        unsigned char *nb = realloc(w->buf, cap);
        if (!nb) {
            fprintf(h->err, "%s: out of memory\n", h->prog);
            return -1;
        }
        w->buf = nb;
        w->cap = cap;
    }
    ssize_t n = read(w->fd, w->buf + w->len, w->cap - w->len);
    if (n < 0 && errno == EINTR)
        return 0;
    if (n < 0) {
        fprintf(h->err, "%s: cannot read from a worker: %s\n", h->prog, strerror(errno));
        return -1;
    }
    if (n == 0) {
        close(w->fd);
        w->fd = -1;
    }
    w->len += (size_t)n;
    size_t size;
    while ((size = sim_packed_size(w->buf + w->complete, w->len - w->complete)) > 0) {
        w->complete += size;
        w->received++;
    }
    return 0;
}

/* Takes the results that are next in game order: those of worker *cur,
 * and of the next workers once a worker has sent all of its own. */
static void take_ready(worker *w, int k, int *cur, const sim_hooks *h)
{
    sim_game r;
    while (*cur < k) {
        worker *c = &w[*cur];
        size_t at = 0;
        while (at < c->complete) {
            at += sim_unpack(c->buf + at, &r);
            h->result(h->ctx, &r);
        }
        if (at) { /* (buf is NULL until the worker has sent something) */
            memmove(c->buf, c->buf + at, c->len - at);
            c->len -= at;
            c->complete = 0;
        }
        /* a worker that stopped short leaves its successors untaken */
        if (c->fd >= 0 || c->received != c->count || c->len)
            return;
        ++*cur;
    }
}

/* Reads every worker's pipe to its end, taking results in game order as
 * they become next. 0, or -1 after a message. */
static int collect(worker *w, int k, const sim_hooks *h)
{
    struct pollfd pfd[SIM_MAX_JOBS];
    int which[SIM_MAX_JOBS];
    int cur = 0;
    for (;;) {
        int n = 0;
        uint64_t received = 0;
        for (int j = 0; j < k; j++) {
            received += w[j].received;
            if (w[j].fd >= 0) {
                pfd[n] = (struct pollfd){.fd = w[j].fd, .events = POLLIN};
                which[n++] = j;
            }
        }
        if (h->progress)
            h->progress(h->ctx, received);
        if (n == 0)
            return 0;
        if (poll(pfd, (nfds_t)n, -1) < 0) {
            if (errno == EINTR)
                continue;
            fprintf(h->err, "%s: poll: %s\n", h->prog, strerror(errno));
            return -1;
        }
        for (int i = 0; i < n; i++)
            if (pfd[i].revents && receive(&w[which[i]], h) != 0)
                return -1;
        take_ready(w, k, &cur, h);
    }
}

/* Waits for worker j; 0 when it played and sent all its games, else -1
 * after a message saying how it failed. */
static int reap(const worker *w, int j, const sim_hooks *h)
{
    int st = 0;
    while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0 && w->received == w->count && !w->len)
        return 0;
    fprintf(h->err, "%s: worker %d (games %llu..%llu) failed: ", h->prog, j + 1,
            (unsigned long long)w->first, (unsigned long long)(w->first + w->count - 1));
    if (WIFSIGNALED(st))
        fprintf(h->err, "stopped by signal %d\n", WTERMSIG(st));
    else if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
        fprintf(h->err, "exit status %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    else
        fprintf(h->err, "sent %llu of its %llu results\n", (unsigned long long)w->received,
                (unsigned long long)w->count);
    return -1;
}

/* Plays the games on k worker processes; 0, or -1 after a message. */
static int run_workers(sim_play *s, int k, uint64_t games, const sim_hooks *h)
{
    worker w[SIM_MAX_JOBS];
    memset(w, 0, sizeof w);
    for (int j = 0; j < k; j++)
        w[j].fd = -1;
    int rc = start_workers(s, w, k, games, h);
    if (rc == 0)
        rc = collect(w, k, h);
    for (int j = 0; j < k; j++) {
        if (w[j].fd >= 0)
            close(w[j].fd); /* after a failure: a worker still writing gets SIGPIPE */
        if (w[j].pid > 0 && reap(&w[j], j, h) != 0)
            rc = -1;
        free(w[j].buf);
    }
    return rc;
}

int sim_play_run(sim_play *s, uint64_t games, int jobs, const sim_hooks *h)
{
    int k = (uint64_t)jobs < games ? jobs : (int)games;
    if (k > SIM_MAX_JOBS)
        k = SIM_MAX_JOBS;
    if (k > 1)
        return run_workers(s, k, games, h);
    play_games(s, 0, games, h->result, h->progress, h->ctx);
    return 0;
}

/* cmd_sim.c — `ordo sim FILE --games N [options]`: plays many games of a
 * ruleset, game i with seed S+i and each seat's policy, and prints how they
 * ended: a table of outcomes with 95% intervals and means, or one JSON
 * object per game (sim_stats.c).
 *
 * A game is played exactly as `ordo run` plays it (play_to_end), in one
 * game block allocated once and re-initialised per game. With --jobs K,
 * K forked worker processes each play a contiguous slice of the games and
 * send their results, packed, through a pipe; the parent takes them in
 * game order, so it prints the same bytes as one process would.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "driver.h"
#include "sim.h"

static const char prog[] = "ordo sim";

enum { SIM_MAX_JOBS = 256, SIM_DEFAULT_GAMES = 100 };

/* The play options that make sense over many games. */
#define SIM_PLAY_OPTS (PLAY_OPT_SEED | PLAY_OPT_PLAYERS | PLAY_OPT_POLICY | PLAY_OPT_MAX_STEPS)

typedef struct sim_args {
    play_options o;    /* --seed (the first game's), --players, --policy, --max-steps */
    const char *file;
    const char *score; /* --score NAME, or NULL */
    const char *var[SIM_MAX_VARS]; /* --var NAME, in order */
    int nvars;
    uint64_t games;
    int jobs, jsonl;
    drv_diag dd;         /* -Werror, -Wno-NAME, --diagnostics-format */
} sim_args;

/* ---- the command line */

enum { OPT_GAMES, OPT_JOBS, OPT_VAR, OPT_SCORE, OPT_JSONL };
static const drv_option sim_options[] = {
    {"games", 0, "N", "games to play (default 100)", OPT_GAMES, NULL},
    {"seed", 0, "S", "game i (0-based) has seed S+i (default 1)", DRV_PLAY(SEED), NULL},
    DRV_PLAYERS_OPTION,
    {"policy", 0, "NAME",
     "every seat's policy (default random; policies: random, first, or one the ruleset "
     "declares); --policy SEAT=NAME: one seat's policy, e.g. --policy 2=first",
     DRV_PLAY(POLICY), NULL},
    {"score", 0, "NAME",
     "the int var per player to average as the final score (default: 'score', when the "
     "ruleset has one)",
     OPT_SCORE, NULL},
    {"var", 0, "NAME",
     "an int var (not indexed) whose final value is shown: its mean, and in each --jsonl line "
     "(up to 8 --var)",
     OPT_VAR, NULL},
    {"jsonl", 0, NULL, "one JSON object per game instead of the table", OPT_JSONL, NULL},
    {"jobs", 0, "K", "play on K processes (the same output; default 1)", OPT_JOBS, NULL},
    {"max-steps", 0, "N", "stop a game with an error after N VM instructions", DRV_PLAY(MAX_STEPS),
     NULL},
    {0}};

const drv_command cmd_sim_command = {
    prog,
    "FILE [OPTIONS]",
    "Compiles FILE, plays many games and prints how they ended: each\n"
    "outcome's count, rate and 95% interval (Wilson), the mean length and\n"
    "the mean final score.\n",
    (const drv_option *const[]){sim_options, drv_diag_options, NULL},
    "exit status: 0 every game ended, 1 compile error or a game with a runtime\n"
    "error (the first is printed with its seed), 2 bad command line or missing file.\n"};

/* The value of a count option, 1..max: 1, or -1 after a message. */
static int parse_count(const char *name, const char *v, uint64_t max, uint64_t *out)
{
    uint64_t n;
    if (play_parse_u64(v, &n) == 0 && n >= 1 && n <= max) {
        *out = n;
        return 1;
    }
    if (max == UINT64_MAX)
        fprintf(stderr, "%s: bad value '%s' for %s (1 or more)\n", prog, v, name);
    else
        fprintf(stderr, "%s: bad value '%s' for %s (1..%llu)\n", prog, v, name,
                (unsigned long long)max);
    return -1;
}

/* One of sim's options, or its file. */
static int take(void *ctx, int id, const char *v)
{
    sim_args *a = ctx;
    uint64_t jobs;
    switch (id) {
    case DRV_OPT_ARG:
        return drv_take_file(prog, &a->file, v);
    case OPT_JSONL:
        a->jsonl = 1;
        return DRV_TAKEN;
    case OPT_GAMES:
        return parse_count("--games", v, UINT64_MAX, &a->games) > 0 ? DRV_TAKEN : DRV_BAD;
    case OPT_JOBS:
        if (parse_count("--jobs", v, SIM_MAX_JOBS, &jobs) < 0)
            return DRV_BAD;
        a->jobs = (int)jobs;
        return DRV_TAKEN;
    case OPT_VAR:
        if (a->nvars == SIM_MAX_VARS) {
            fprintf(stderr, "%s: more than %d --var options\n", prog, SIM_MAX_VARS);
            return DRV_BAD;
        }
        a->var[a->nvars++] = v;
        return DRV_TAKEN;
    case OPT_SCORE:
        a->score = v;
        return DRV_TAKEN;
    }
    return drv_play_or_diag_take(&a->o, &a->dd, id, v, prog);
}

/* The whole command line: DRV_GO, or the exit status to return at once. */
static int parse_args(sim_args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    play_options_init(&a->o);
    drv_diag_init(&a->dd);
    a->games = SIM_DEFAULT_GAMES;
    a->jobs = 1;
    int st = drv_options_read(&cmd_sim_command, argc, argv, take, a);
    if (st != DRV_OPT_GO)
        return st;
    if (!a->file) {
        fprintf(stderr, "%s: no input file (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (a->games - 1 > UINT64_MAX - a->o.seed) {
        fprintf(stderr, "%s: --seed %llu with --games %llu runs past seed 2^64-1\n", prog,
                (unsigned long long)a->o.seed, (unsigned long long)a->games);
        return TOOL_USAGE;
    }
    return drv_readable(prog, a->file) ? DRV_GO : TOOL_USAGE;
}

/* ---- playing games */

/* What a process needs to play the run's games. */
typedef struct sim_play {
    const ordo_program *p;
    play_options o;  /* the run's; o.seed becomes each game's */
    uint64_t seed0;  /* game 0's seed */
    int players;
    int score_var;   /* -1: none */
    int var[SIM_MAX_VARS], nvars; /* the --var vars */
    void *mem;       /* one game block, reused by every game */
    size_t size;
    ordo_game *g;    /* the game in mem once ordo_init made it (and validated
                      * the program); the next games ordo_reset it */
    uint64_t turns;  /* turns of the game being played, counted by its trace */
} sim_play;

/* A var that can be read as each player's score: an int per player. */
static int is_score_var(const ordo_var *v)
{
    return !v->is_list && !v->is_set && v->kind == ORDO_K_INT && v->ndims == 1 &&
           v->dim_kind[0] == ORDO_DIM_PLAYER;
}

/* The var read as the players' final scores: --score NAME, else `score`
 * when the ruleset has such a var. -1 when there is none; -2 after a
 * message when the var --score names does not exist or does not fit. */
static int find_score_var(const ordo_program *p, const sim_args *a)
{
    int v = ordo_find_var(p, a->score ? a->score : "score");
    if (v >= 0 && is_score_var(&p->vars[v]))
        return v;
    if (!a->score)
        return -1; /* no default score: the line is left out */
    if (v < 0)
        fprintf(stderr, "%s: --score %s: %s has no var '%s'\n", prog, a->score, a->file,
                a->score);
    else
        fprintf(stderr, "%s: --score %s: '%s' is not an int var indexed by player\n", prog,
                a->score, a->score);
    return -2;
}

/* The --var vars, each an int var with no index, into s->var. 0, or -1
 * after a message. */
static int find_vars(sim_play *s, const ordo_program *p, const sim_args *a)
{
    for (int i = 0; i < a->nvars; i++) {
        int v = ordo_find_var(p, a->var[i]);
        if (v < 0) {
            fprintf(stderr, "%s: --var %s: %s has no var '%s'\n", prog, a->var[i], a->file,
                    a->var[i]);
            return -1;
        }
        const ordo_var *d = &p->vars[v];
        if (d->is_list || d->is_set || d->kind != ORDO_K_INT || d->ndims != 0) {
            fprintf(stderr, "%s: --var %s: '%s' is not an int var without an index\n", prog,
                    a->var[i], a->var[i]);
            return -1;
        }
        s->var[s->nvars++] = v;
    }
    return 0;
}

/* Sets up s for the run: the players, the score var, the game block.
 * DRV_GO, or the exit status after a message. */
static int sim_play_init(sim_play *s, const ordo_program *p, const sim_args *a)
{
    memset(s, 0, sizeof *s);
    s->p = p;
    s->o = a->o;
    s->seed0 = a->o.seed;
    s->players = play_players(p, &a->o, prog);
    if (s->players < 0 || play_resolve_policies(p, &s->o, prog) != 0)
        return TOOL_USAGE;
    s->score_var = find_score_var(p, a);
    if (s->score_var < -1 || find_vars(s, p, a) != 0)
        return TOOL_USAGE;
    s->size = ordo_game_size(p);
    if (!s->size) {
        char msg[256];
        ordo_validate(p, msg, sizeof msg);
        fprintf(stderr, "%s: invalid program: %s\n", prog, msg);
        return TOOL_FAIL;
    }
    s->mem = malloc(s->size); /* malloc's alignment is more than the 8 bytes a game needs */
    if (!s->mem) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return TOOL_FAIL;
    }
    return DRV_GO;
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

typedef void (*sim_sink)(void *ctx, const sim_game *r);

/* Plays games first .. first+count-1 (0-based) in order, handing each
 * result to `sink`. */
static void play_games(sim_play *s, uint64_t first, uint64_t count, sim_sink sink, void *ctx)
{
    sim_game r;
    for (uint64_t i = 0; i < count; i++) {
        play_one(s, s->seed0 + first + i, &r);
        sink(ctx, &r);
    }
}

/* ---- the progress line: on a terminal only, at most 4 times a second */

typedef struct progress {
    int on, width;   /* width: of the line on the screen (0: none) */
    uint64_t total;
    double next;     /* no update before this time */
} progress;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void progress_start(progress *pr, uint64_t total)
{
    pr->on = isatty(STDERR_FILENO);
    pr->width = 0;
    pr->total = total;
    pr->next = pr->on ? now() + 0.25 : 0; /* a short run shows none */
}

static void progress_update(progress *pr, uint64_t done)
{
    if (!pr->on)
        return;
    double t = now();
    if (t < pr->next)
        return;
    pr->next = t + 0.25;
    pr->width = fprintf(stderr, "\r  %llu/%llu games", (unsigned long long)done,
                        (unsigned long long)pr->total) - 1;
}

static void progress_end(progress *pr)
{
    if (pr->width > 0)
        fprintf(stderr, "\r%*s\r", pr->width, "");
    pr->width = 0;
}

/* ---- taking results, in game order */

typedef struct sim_out {
    sim_totals t;
    uint64_t seed0;
    int jsonl;
    const char *const *var_names; /* the --var vars; NULL: none */
    progress pr;
} sim_out;

static void take_result(sim_out *out, const sim_game *r)
{
    if (out->jsonl)
        sim_print_json(stdout, r->h.seed - out->seed0, r, out->var_names);
    sim_add(&out->t, r);
}

/* The sink of games played in this process. */
static void take_here(void *ctx, const sim_game *r)
{
    sim_out *out = ctx;
    take_result(out, r);
    progress_update(&out->pr, out->t.games);
}

/* ---- worker processes */

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
    play_games(s, w->first, w->count, send_result, f);
    _exit(fclose(f) == 0 ? TOOL_OK : TOOL_FAIL);
}

/* Forks k workers, worker j playing the j-th of k contiguous slices of
 * the games. 0, or -1 after a message (the ones started are in w). */
static int start_workers(sim_play *s, worker *w, int k, uint64_t games)
{
    uint64_t base = games / (uint64_t)k, extra = games % (uint64_t)k;
    for (int j = 0; j < k; j++) {
        w[j].first = (uint64_t)j * base + ((uint64_t)j < extra ? (uint64_t)j : extra);
        w[j].count = base + ((uint64_t)j < extra);
        int fd[2];
        if (pipe(fd) != 0) {
            fprintf(stderr, "%s: cannot make a pipe: %s\n", prog, strerror(errno));
            return -1;
        }
        pid_t pid = fork();
        if (pid < 0) {
            fprintf(stderr, "%s: cannot start a worker: %s\n", prog, strerror(errno));
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
static int receive(worker *w)
{
    if (w->cap - w->len < 65536) {
        size_t cap = w->cap ? 2 * w->cap : 1 << 17;
        unsigned char *nb = realloc(w->buf, cap);
        if (!nb) {
            fprintf(stderr, "%s: out of memory\n", prog);
            return -1;
        }
        w->buf = nb;
        w->cap = cap;
    }
    ssize_t n = read(w->fd, w->buf + w->len, w->cap - w->len);
    if (n < 0 && errno == EINTR)
        return 0;
    if (n < 0) {
        fprintf(stderr, "%s: cannot read from a worker: %s\n", prog, strerror(errno));
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
static void take_ready(worker *w, int k, int *cur, sim_out *out)
{
    sim_game r;
    while (*cur < k) {
        worker *c = &w[*cur];
        size_t at = 0;
        while (at < c->complete) {
            at += sim_unpack(c->buf + at, &r);
            take_result(out, &r);
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
static int collect(worker *w, int k, sim_out *out)
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
        progress_update(&out->pr, received);
        if (n == 0)
            return 0;
        if (poll(pfd, (nfds_t)n, -1) < 0) {
            if (errno == EINTR)
                continue;
            fprintf(stderr, "%s: poll: %s\n", prog, strerror(errno));
            return -1;
        }
        for (int i = 0; i < n; i++)
            if (pfd[i].revents && receive(&w[which[i]]) != 0)
                return -1;
        take_ready(w, k, &cur, out);
    }
}

/* Waits for worker j; 0 when it played and sent all its games, else -1
 * after a message saying how it failed. */
static int reap(const worker *w, int j)
{
    int st = 0;
    while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0 && w->received == w->count && !w->len)
        return 0;
    fprintf(stderr, "%s: worker %d (games %llu..%llu) failed: ", prog, j + 1,
            (unsigned long long)w->first, (unsigned long long)(w->first + w->count - 1));
    if (WIFSIGNALED(st))
        fprintf(stderr, "stopped by signal %d\n", WTERMSIG(st));
    else if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
        fprintf(stderr, "exit status %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    else
        fprintf(stderr, "sent %llu of its %llu results\n", (unsigned long long)w->received,
                (unsigned long long)w->count);
    return -1;
}

/* Plays the games on k worker processes; 0, or -1 after a message. */
static int run_workers(sim_play *s, int k, uint64_t games, sim_out *out)
{
    worker w[SIM_MAX_JOBS];
    memset(w, 0, sizeof w);
    for (int j = 0; j < k; j++)
        w[j].fd = -1;
    int rc = start_workers(s, w, k, games);
    if (rc == 0)
        rc = collect(w, k, out);
    for (int j = 0; j < k; j++) {
        if (w[j].fd >= 0)
            close(w[j].fd); /* after a failure: a worker still writing gets SIGPIPE */
        if (w[j].pid > 0 && reap(&w[j], j) != 0)
            rc = -1;
        free(w[j].buf);
    }
    return rc;
}

/* ---- the run */

static int simulate(const ordo_program *p, const sim_args *a)
{
    sim_play s;
    int status = sim_play_init(&s, p, a);
    if (status != DRV_GO) {
        free(s.mem);
        return status;
    }
    sim_out out;
    sim_totals_init(&out.t);
    out.seed0 = a->o.seed;
    out.jsonl = a->jsonl;
    out.var_names = a->nvars ? a->var : NULL;
    progress_start(&out.pr, a->games);
    int k = (uint64_t)a->jobs < a->games ? a->jobs : (int)a->games;
    int rc = 0;
    if (k > 1)
        rc = run_workers(&s, k, a->games, &out);
    else
        play_games(&s, 0, a->games, take_here, &out);
    progress_end(&out.pr);
    free(s.mem);
    if (rc != 0)
        return TOOL_FAIL;
    if (!a->jsonl) {
        sim_setup su = {p, a->file, a->games, a->o.seed, s.players, s.o.policy, a->var};
        sim_print_table(stdout, &su, &out.t);
    }
    fflush(stdout);
    if (!out.t.errors)
        return TOOL_OK;
    fprintf(stderr, "%s: seed %llu: runtime error: %s\n", prog,
            (unsigned long long)out.t.first_error_seed, out.t.first_error);
    return TOOL_FAIL;
}

int cmd_sim(int argc, char **argv)
{
    sim_args a;
    int status = parse_args(&a, argc, argv);
    if (status != DRV_GO)
        return status;
    oc_compiler *c;
    if (drv_diag_start(&a.dd) != 0)
        return TOOL_FAIL;
    const ordo_program *p = drv_compile(a.file, &a.dd, &c);
    status = drv_diag_finish(&a.dd) == 0 && p ? simulate(p, &a) : TOOL_FAIL;
    oc_free(c);
    return status;
}

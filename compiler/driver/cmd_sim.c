/* cmd_sim.c — `ordo sim FILE --games N [options]`: plays many games of a
 * ruleset, game i with seed S+i and each seat's policy, and prints how they
 * ended: a table of outcomes with 95% intervals and means, or one JSON
 * object per game. The games are played by the engine (sim.h: on --jobs
 * worker processes, the results in game order whatever their number);
 * here are the command line, the progress line and the output.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "driver.h"
#include "sim.h"

static const char prog[] = "ordo sim";

enum { SIM_DEFAULT_GAMES = 100 };

/* The play options that make sense over many games. */
#define SIM_PLAY_OPTS                                                                          \
    (PLAY_OPT_SEED | PLAY_OPT_PLAYERS | PLAY_OPT_POLICY | PLAY_OPT_MAX_STEPS | PLAY_OPT_SEARCH)

typedef struct sim_args {
    play_options o;    /* --seed (the first game's), --players, --policy, --max-steps */
    const char *file;
    const char *score; /* --score NAME, or NULL */
    const char *var[SIM_MAX_VARS]; /* --var NAME, in order */
    int nvars;
    uint64_t games;
    int jobs, jsonl;
    uint32_t shard, shards; /* --shard K/N: this run plays the K-th share (1-based) */
    const char **merge;  /* --merge FILE, in order (argv's words), or NULL */
    int nmerge;
    drv_diag dd;         /* -Werror, -Wno-NAME, --diagnostics-format */
    drv_native nat;      /* --native, --interpreted */
} sim_args;

/* ---- the command line */

enum { OPT_GAMES, OPT_JOBS, OPT_VAR, OPT_SCORE, OPT_JSONL, OPT_SHARD, OPT_MERGE };
enum { SIM_MAX_SHARDS = 1 << 16 };
static const drv_option sim_options[] = {
    {"games", 0, "N", "games to play (default 100)", OPT_GAMES, NULL},
    {"seed", 0, "S", "game i (0-based) has seed S+i (default 1)", DRV_PLAY(SEED), NULL},
    DRV_PLAYERS_OPTION,
    {"policy", 0, "NAME",
     "every seat's policy (default random; policies: random, first, mcts, or one the ruleset "
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
    {"shard", 0, "K/N",
     "play only the K-th of N equal shares of the games (the same seeds as in the whole run; "
     "with --jsonl, lines that --merge adds up)",
     OPT_SHARD, NULL},
    {"merge", 0, "FILE",
     "play nothing: add up the games of the --jsonl output FILE (a shard's; --merge again for "
     "each), in game order, as one run of FILE's ruleset",
     OPT_MERGE, NULL},
    {0}};

const drv_command cmd_sim_command = {
    prog,
    "FILE [OPTIONS]",
    "Compiles FILE, plays many games and prints how they ended: each\n"
    "outcome's count, rate and 95% interval (Wilson), the mean length and\n"
    "the mean final score.\n",
    (const drv_option *const[]){sim_options, drv_native_options, drv_search_options,
                                drv_diag_options, NULL},
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

/* --shard K/N, 1 <= K <= N <= 65536: 0, or -1 after a message. */
static int parse_shard(const char *v, sim_args *a)
{
    unsigned long k = 0, n = 0;
    char tail;
    if (sscanf(v, "%lu/%lu%c", &k, &n, &tail) != 2 || k < 1 || n < 1 || k > n ||
        n > SIM_MAX_SHARDS) {
        fprintf(stderr, "%s: bad value '%s' for --shard (K/N, 1 <= K <= N <= %d)\n", prog, v,
                SIM_MAX_SHARDS);
        return -1;
    }
    a->shard = (uint32_t)k;
    a->shards = (uint32_t)n;
    return 0;
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
    case OPT_SHARD:
        return parse_shard(v, a) == 0 ? DRV_TAKEN : DRV_BAD;
    case OPT_MERGE:
        a->merge[a->nmerge++] = v;
        return DRV_TAKEN;
    }
    if (drv_native_take(&a->nat, id, v) != 1)
        return DRV_TAKEN;
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
    a->merge = calloc((size_t)(argc > 0 ? argc : 1), sizeof *a->merge); /* at most a word each */
    if (!a->merge)
        return TOOL_FAIL;
    int st = drv_options_read(&cmd_sim_command, argc, argv, take, a);
    if (st != DRV_OPT_GO)
        return st;
    if (a->nmerge && a->shards) {
        fprintf(stderr, "%s: --merge adds up shards; it plays none (no --shard)\n", prog);
        return TOOL_USAGE;
    }
    if (!a->file) {
        fprintf(stderr, "%s: no input file (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (a->games - 1 > UINT64_MAX - a->o.seed) {
        fprintf(stderr, "%s: --seed %llu with --games %llu runs past seed 2^64-1\n", prog,
                (unsigned long long)a->o.seed, (unsigned long long)a->games);
        return TOOL_USAGE;
    }
    return tool_readable(prog, a->file) ? DRV_GO : TOOL_USAGE;
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
    const ordo_program *p;
    uint64_t seed0;
    int jsonl;
    const char *const *var_names; /* the --var vars; NULL: none */
    progress pr;
} sim_out;

static void take_game(void *ctx, const sim_game *r)
{
    sim_out *out = ctx;
    if (out->jsonl)
        sim_print_json(stdout, out->p, r->h.seed - out->seed0, r, out->var_names);
    sim_add(&out->t, r);
}

static void show_progress(void *ctx, uint64_t done)
{
    progress_update(&((sim_out *)ctx)->pr, done);
}

/* ---- the run */

/* Sets up s for the run a asks for: TOOL_OK, or the exit status after a
 * message (sim_play_setup). */
static int setup(sim_play *s, const ordo_program *p, const sim_args *a, const sim_hooks *h)
{
    sim_request r = {a->o, a->file, a->score, a->var, a->nvars};
    return sim_play_setup(s, p, &r, h);
}

/* What a run ends with: the table (unless --jsonl) and the first error. */
static int finish(const sim_args *a, const sim_setup *su, const sim_out *out)
{
    if (!a->jsonl)
        sim_print_table(stdout, su, &out->t);
    fflush(stdout);
    if (!out->t.errors)
        return TOOL_OK;
    fprintf(stderr, "%s: seed %llu: runtime error: %s\n", prog,
            (unsigned long long)out->t.first_error_seed, out->t.first_error);
    return TOOL_FAIL;
}

/* --merge: the shards' games added up as one run's. */
static int merge(const ordo_program *p, const sim_args *a)
{
    sim_out out;
    sim_hooks h = {take_game, NULL, &out, stderr, prog};
    sim_play s;
    int status = setup(&s, p, a, &h); /* the players and policies the header names */
    if (status != TOOL_OK) {
        sim_play_free(&s);
        return status;
    }
    sim_totals_init(&out.t);
    out.p = p;
    out.jsonl = a->jsonl;
    out.var_names = a->nvars ? a->var : NULL;
    out.pr.on = 0;
    uint64_t games;
    /* out.seed0 is set from the first game, before any is taken */
    int rc = sim_merge_run(p, a->merge, a->nmerge, &h, &games, &out.seed0);
    sim_setup su = {p, a->file, games, out.seed0, s.players, s.o.policy, a->var};
    status = rc == 0 ? finish(a, &su, &out) : TOOL_FAIL;
    sim_play_free(&s);
    return status;
}

static int simulate(const ordo_program *p, const sim_args *a)
{
    if (a->nmerge)
        return merge(p, a);
    sim_out out;
    sim_hooks h = {take_game, show_progress, &out, stderr, prog};
    sim_play s;
    uint64_t seed0 = a->o.seed; /* game 0's, which the JSON lines count from */
    sim_args run = *a; /* a shard plays its share: its seeds, its count */
    if (a->shards) {
        uint64_t lo = sim_shard_start(a->games, a->shard, a->shards);
        run.games = sim_shard_start(a->games, a->shard + 1, a->shards) - lo;
        run.o.seed = a->o.seed + lo;
    }
    a = &run;
    int status = setup(&s, p, a, &h);
    if (status != TOOL_OK) {
        sim_play_free(&s);
        return status;
    }
    sim_totals_init(&out.t);
    out.p = p;
    out.seed0 = seed0;
    out.jsonl = a->jsonl;
    out.var_names = a->nvars ? a->var : NULL;
    progress_start(&out.pr, a->games);
    int rc = sim_play_run(&s, a->games, a->jobs, &h);
    progress_end(&out.pr);
    sim_setup su = {p, a->file, a->games, a->o.seed, s.players, s.o.policy, a->var};
    sim_play_free(&s);
    if (rc != 0)
        return TOOL_FAIL;
    return finish(a, &su, &out);
}

int cmd_sim(int argc, char **argv)
{
    sim_args a;
    int status = parse_args(&a, argc, argv);
    if (status == DRV_GO && drv_diag_start(&a.dd) != 0) {
        status = TOOL_FAIL;
    } else if (status == DRV_GO) {
        oc_compiler *c;
        const ordo_program *p = drv_compile(a.file, &a.dd, &c);
        status = drv_diag_finish(&a.dd) == 0 && p ? TOOL_OK : TOOL_FAIL;
        if (status == TOOL_OK && !a.nmerge) /* the games played by the emitted C */
            p = drv_native_program(&a.nat, prog, a.file, p, &status);
        if (p && status == TOOL_OK)
            status = simulate(p, &a);
        drv_native_free(&a.nat);
        oc_free(c);
    }
    free(a.merge);
    return status;
}

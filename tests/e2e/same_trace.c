/* same_trace.c — the emitted C runs every ruleset as the interpreter does.
 *
 *   same_trace [--seeds N] [--text N] [--full N] [--max-steps N] [--jobs N] [NAME...]
 *
 * For each ruleset built in (SAME_EMITTED: a header of X(NAME) lines, the
 * rulesets as ordoc emitted them, their code compiled to C) and seeds
 * 1..N (default 10000), the player count cycling through the ruleset's
 * range, it plays the same game twice: rulesets/NAME.ordo compiled in
 * process and run by the interpreter, and the emitted program run by its
 * C. The players are the random policy, or on every other seed the
 * ruleset's own policies (their `by`/`when` fns run as ordo_eval does, in
 * the C too). At every decision and at the end the two games must have
 * the same trace so far, the same options, the same invariant verdict and
 * the same game block from the state area on, byte for byte (the header
 * holds the program pointer, which differs), in its canonical form
 * (nothing above the tops of its stacks and lists); at the end the same status,
 * winner, instruction count and error message, and the same display
 * lines. The trace is compared as its events (every field), and on the
 * first --text seeds (default 100) of each ruleset as the JSON lines
 * ordo_event_json writes. One seed in four is played with no trace
 * callback at all, as a host that only searches plays (the emitted C then
 * runs the instructions that only trace itself), and compared by all the
 * rest. A game stops at --max-steps VM instructions
 * (default 300000: a random Catan game runs about 8.6M), the same
 * E_LIMIT on both paths, but for the first --full seeds (default 20) of
 * each ruleset, which are played to their end.
 *
 * The rulesets are shared out among --jobs processes (default: one a
 * core). Output: a line per ruleset ("NAME: N seeds the same, K cut at the
 * limit"), the first difference of a ruleset that differs, and a last line
 * "N passed, M failed" (one check per ruleset). Exit 1 on a difference.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compiler.h"
#include "ordo_native.h"

#define EMITTED_LIST SAME_EMITTED
#include "emitted_programs.h"

/* what a game's trace came to: a hash of its events (and their text) */
typedef struct trace_sum {
    uint64_t hash;
    uint64_t events;
    int text;
} trace_sum;

static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *s = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ s[i]) * 1099511628211ull;
    return h;
}

static void on_event(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    trace_sum *t = ctx;
    t->events++;
    uint32_t f[5] = {ev->seq, ev->kind, (uint32_t)(ev->player + 1), (uint32_t)(ev->step + 1), ev->id};
    t->hash = fnv(t->hash, f, sizeof f);
    uint32_t m[3] = {ev->nargs, (uint32_t)(ev->seen_by + 8), ev->hide};
    t->hash = fnv(t->hash, m, sizeof m);
    t->hash = fnv(t->hash, ev->args, (size_t)ev->nargs * sizeof ev->args[0]);
    if (t->text) {
        char line[1024];
        int n = ordo_event_json(g, ev, line, sizeof line);
        if (n > 0)
            t->hash = fnv(t->hash, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    }
}

static void on_show(void *ctx, const char *text)
{
    uint64_t *h = ctx;
    *h = fnv(*h, text, strlen(text) + 1);
}

/* one side of the comparison: a game, its trace, its generator */
typedef struct side {
    const ordo_program *p;
    void *mem;
    ordo_game *g;
    trace_sum t;
    uint64_t rng;
} side;

static int start(side *s, int players, uint64_t seed, uint64_t max_steps, int text)
{
    s->g = NULL;
    memset(&s->t, 0, sizeof s->t);
    s->t.hash = 1469598103934665603ull;
    s->t.text = text;
    s->rng = seed ^ 0x5bd1e9955bd1e995ull;
    if (ordo_init(s->mem, ordo_game_size(s->p), s->p, players, seed, &s->g) != ORDO_OK)
        return -1;
    if (text >= 0) /* < 0: no callback, as a host that only searches plays */
        ordo_set_trace(s->g, on_event, &s->t);
    ordo_set_max_steps(s->g, max_steps);
    return 0;
}

static int choose(side *s, int policy)
{
    int k = policy >= 0 ? ordo_policy_ruleset(s->g, policy, &s->rng) : ordo_policy_random(s->g, &s->rng);
    if (k < 0)
        return k;
    return ordo_choose(s->g, k);
}

/* the block from the state area on, and the registers in the header */
static const char *block_differs(const ordo_game *a, const ordo_game *b)
{
    if (a->size != b->size || a->off_state != b->off_state)
        return "block layout";
    if (a->pc != b->pc || a->sp != b->sp || a->fp != b->fp || a->nframes != b->nframes ||
        a->cur_step != b->cur_step || a->steps != b->steps || a->status != b->status ||
        a->decider != b->decider || a->winner != b->winner || a->nopts != b->nopts ||
        a->nesc != b->nesc || a->npend != b->npend || a->batch != b->batch ||
        a->rng != b->rng || a->seq != b->seq || a->secret != b->secret)
        return "registers";
    if (a->err_code != b->err_code || a->err_pc != b->err_pc ||
        strcmp(a->err_detail, b->err_detail) != 0)
        return "error";
    if (memcmp((const char *)a + a->off_state, (const char *)b + b->off_state,
               a->size - a->off_state) != 0)
        return "game block";
    return NULL;
}

static int all_zero(const void *from, size_t bytes)
{
    const unsigned char *c = from;
    for (size_t i = 0; i < bytes; i++)
        if (c[i])
            return 0;
    return 1;
}

/* the canonical form (runtime/vm.h): nothing above the live tops */
static int canonical(const ordo_game *g)
{
    const ordo_program *p = g->p;
    ordo_game *m = (ordo_game *)(uintptr_t)g; /* the VM_ macros take a mutable game */
    return all_zero(VM_STACK(m) + g->sp, (p->stack_size - g->sp) * sizeof(int32_t)) &&
           all_zero(VM_FRAMES(m) + g->nframes, (p->max_frames - g->nframes) * sizeof(vm_frame)) &&
           all_zero(VM_OPTS(m) + g->nopts, (p->max_options - g->nopts) * sizeof(vm_opt)) &&
           all_zero(VM_ESCS(m) + g->nesc, (p->max_escapes - g->nesc) * sizeof(vm_esc)) &&
           all_zero(VM_PEND(m) + g->npend, (p->max_pending - g->npend) * sizeof(vm_pend));
}

static const char *compare(side *a, side *b)
{
    if (!canonical(a->g) || !canonical(b->g))
        return "canonical form (zeros above the tops)";
    if (a->t.hash != b->t.hash || a->t.events != b->t.events)
        return "trace";
    const char *why = block_differs(a->g, b->g);
    if (why)
        return why;
    if (ordo_status(a->g) == ORDO_DECIDE && ordo_broken_invariant(a->g) != ordo_broken_invariant(b->g))
        return "invariant verdict";
    return NULL;
}

/* one seed: NULL when the two agree, else what differs first */
static const char *same_game(side *a, side *b, int players, uint64_t seed, uint64_t max_steps,
                             int text, int *cut)
{
    int policy = -1;
    if (ordo_policy_count(a->p) > 0 && seed % 2 == 0)
        policy = (int)(seed / 2 % (uint64_t)ordo_policy_count(a->p));
    if (start(a, players, seed, max_steps, text) < 0 || start(b, players, seed, max_steps, text) < 0)
        return "ordo_init";
    for (;;) {
        int ra = ordo_run(a->g), rb = ordo_run(b->g);
        if (ra != rb)
            return "ordo_run's result";
        const char *why = compare(a, b);
        if (why)
            return why;
        if (ra != ORDO_DECIDE)
            break;
        ra = choose(a, policy);
        rb = choose(b, policy);
        if (ra != rb)
            return "the choice";
        if (ra < 0)
            break;
    }
    char ea[256] = "", eb[256] = "";
    ordo_error_message(a->g, ea, sizeof ea);
    ordo_error_message(b->g, eb, sizeof eb);
    if (strcmp(ea, eb) != 0)
        return "error message";
    if (ordo_winner(a->g) != ordo_winner(b->g) || ordo_steps(a->g) != ordo_steps(b->g))
        return "winner or instruction count";
    uint64_t ha = 1, hb = 1;
    int da = ordo_display(a->g, -1, on_show, &ha), db = ordo_display(b->g, -1, on_show, &hb);
    if (da != db || ha != hb)
        return "display";
    *cut = ordo_status(a->g) == ORDO_E_LIMIT;
    return NULL;
}

static int same_ruleset(FILE *out, const char *name, const ordo_program *native, long seeds,
                        long text, long full, uint64_t max_steps)
{
    char path[256];
    snprintf(path, sizeof path, "rulesets/%s.ordo", name);
    oc_options o;
    memset(&o, 0, sizeof o);
    o.diag = stderr;
    oc_compiler *c = oc_new(&o);
    const ordo_program *interp = c ? oc_compile_file(c, path) : NULL;
    if (!interp) {
        fprintf(out, "%s: %s does not compile\n", name, path);
        oc_free(c);
        return 1;
    }
    side a = {.p = interp}, b = {.p = native};
    a.mem = malloc(ordo_game_size(interp));
    b.mem = malloc(ordo_game_size(native));
    int bad = 0, cut = 0, n = 0;
    if (!a.mem || !b.mem || !native->native) {
        fprintf(out, "%s: %s\n", name,
                native->native ? "out of memory" : "emitted without C code");
        bad = 1;
    }
    int lo = interp->min_players, span = interp->max_players - lo + 1;
    for (long s = 1; !bad && s <= seeds; s++) {
        int players = lo + (int)(s % span), was_cut = 0;
        uint64_t limit = s <= full ? 0 : max_steps; /* 0: ordo_set_max_steps' default */
        int traced = s % 4 == 3 ? -1 : s <= text;
        const char *why = same_game(&a, &b, players, (uint64_t)s, limit, traced, &was_cut);
        if (why) {
            fprintf(out, "%s: seed %ld, %d players: the %s differs (after %llu and %llu events)\n",
                    name, s, players, why, (unsigned long long)a.t.events,
                    (unsigned long long)b.t.events);
            bad = 1;
        }
        cut += was_cut;
        n++;
    }
    if (!bad)
        fprintf(out, "%s: %d seeds the same (%ld played to the end), %d cut at %llu instructions\n",
               name, n, full < seeds ? full : seeds, cut, (unsigned long long)max_steps);
    free(a.mem);
    free(b.mem);
    oc_free(c);
    return bad;
}

typedef struct run_opts {
    long seeds, text, full;
    uint64_t max_steps;
} run_opts;

/* The rulesets wanted (NULL: all) whose index is `job` modulo `jobs`: a
 * line each on out; how many failed. */
static int run_share(const run_opts *o, char **names, int nnames, int job, int jobs, FILE *out,
                     int *ran)
{
    int failed = 0;
    *ran = 0;
    for (size_t i = 0; i < sizeof emitted / sizeof emitted[0]; i++) {
        int wanted = nnames == 0;
        for (int k = 0; k < nnames; k++)
            wanted |= !strcmp(names[k], emitted[i].name);
        if (!wanted || (int)(i % (size_t)jobs) != job)
            continue;
        (*ran)++;
        failed += same_ruleset(out, emitted[i].name, emitted[i].p, o->seeds, o->text, o->full,
                               o->max_steps);
    }
    return failed;
}

int main(int argc, char **argv)
{
    run_opts o = {10000, 100, 20, 300000};
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int jobs = cpus > 1 ? (int)cpus : 1;
    int first = 1;
    for (; first + 1 < argc && argv[first][0] == '-'; first += 2) {
        if (!strcmp(argv[first], "--seeds"))
            o.seeds = atol(argv[first + 1]);
        else if (!strcmp(argv[first], "--text"))
            o.text = atol(argv[first + 1]);
        else if (!strcmp(argv[first], "--full"))
            o.full = atol(argv[first + 1]);
        else if (!strcmp(argv[first], "--max-steps"))
            o.max_steps = strtoull(argv[first + 1], NULL, 10);
        else if (!strcmp(argv[first], "--jobs"))
            jobs = atoi(argv[first + 1]) > 0 ? atoi(argv[first + 1]) : 1;
        else
            break;
    }
    /* a process a share of the rulesets, each writing to a file of its
     * own that is printed when all are done */
    FILE *out[64];
    pid_t pid[64];
    if (jobs > 64)
        jobs = 64;
    fflush(stdout);
    for (int j = 0; j < jobs; j++) {
        out[j] = tmpfile();
        if (!out[j]) {
            perror("same_trace: tmpfile");
            return 1;
        }
        pid[j] = fork();
        if (pid[j] == 0) {
            int ran, failed = run_share(&o, argv + first, argc - first, j, jobs, out[j], &ran);
            fprintf(out[j], "%d %d\n", ran - failed, failed);
            fflush(out[j]);
            _exit(0);
        }
        if (pid[j] < 0) {
            perror("same_trace: fork");
            return 1;
        }
    }
    int passed = 0, failed = 0;
    for (int j = 0; j < jobs; j++) {
        int st = 0, p = 0, f = 1;
        char line[1024], last[1024] = "";
        waitpid(pid[j], &st, 0);
        rewind(out[j]);
        while (fgets(line, sizeof line, out[j])) {
            if (last[0])
                fputs(last, stdout);
            snprintf(last, sizeof last, "%s", line);
        }
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || sscanf(last, "%d %d", &p, &f) != 2) {
            printf("same_trace: share %d of the rulesets did not finish (status %d)\n", j, st);
            p = 0;
            f = 1;
        }
        passed += p;
        failed += f;
        fclose(out[j]);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

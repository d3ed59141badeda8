/* cmd_explore.c — `ordo explore FILE`: search the states a ruleset's games
 * can reach and report where play breaks: a runtime error, a decision with
 * no legal option, play that can no longer reach an end, and the steps,
 * options, triggers and rules no explored game reached. Each finding is a
 * GCC-style diagnostic at its line, and with --scenarios a scenario that
 * replays it, to paste into the ruleset (it fails until the rules are
 * fixed). The search itself is explore.c; here are the command line, the
 * seeds shared among --jobs processes, and the report.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "explore.h"
#include "opcodes.h"

static const char *const prog = "ordo explore";

/* the options with a number, in the order of `limits` */
enum {
    OPT_PLAYERS, OPT_SEED, OPT_SEEDS, OPT_DEPTH, OPT_STATES, OPT_MEMORY, OPT_SECONDS, OPT_WALKS,
    OPT_JOBS, OPT_MAX_STEPS, OPT_OUTCOMES, OPT_SEEDED_DICE, OPT_IGNORE, OPT_SCENARIOS
};

static const drv_option explore_options[] = {
    {"players", 0, "N", "players (default: the ruleset's minimum)", OPT_PLAYERS, NULL},
    {"seed", 0, "S", "the first seed (default 1)", OPT_SEED, NULL},
    {"seeds", 0, "K", "explore seeds S .. S+K-1 (default 1)", OPT_SEEDS, NULL},
    {"depth", 0, "D", "at most D decisions from the start", OPT_DEPTH, NULL},
    {"states", 0, "N", "keep at most N states per seed", OPT_STATES, NULL},
    {"memory", 0, "MB", "memory for the states kept, per process (default 1024)", OPT_MEMORY,
     NULL},
    {"seconds", 0, "T", "stop each search after T seconds (default 60)", OPT_SECONDS, NULL},
    {"walks", 0, "N", "N random walks per seed instead of the full search", OPT_WALKS, NULL},
    {"jobs", 0, "N", "seeds shared among N processes (default 1)", OPT_JOBS, NULL},
    {"outcomes", 0, "N",
     "outcomes of the rolls explored from one decision (default 100000); past it the search "
     "is bounded",
     OPT_OUTCOMES, NULL},
    {"seeded-dice", 0, NULL,
     "the rolls too follow each state's generator: one outcome a roll (random walks always do)",
     OPT_SEEDED_DICE, NULL},
    {"ignore", 0, "VAR",
     "leave VAR out of a state's identity (repeatable): a counter such as 'turns' makes every "
     "state new, and hides that play goes round in circles",
     OPT_IGNORE, NULL},
    {"max-steps", 0, "N",
     "VM instructions allowed between two decisions (default 1000000): more is reported as no "
     "progress",
     OPT_MAX_STEPS, NULL},
    {"scenarios", 0, "OUT", "write each error found as a scenario that replays it",
     OPT_SCENARIOS, NULL},
    {0}};

const drv_command cmd_explore_command = {
    "ordo explore",
    "FILE [OPTIONS]",
    "Searches the states a ruleset's games reach from the start: every option\n"
    "of every decision, breadth first (or random walks), states hashed and\n"
    "kept once. Reports each runtime error, decision with no legal option, and\n"
    "state from which no end can be reached, as FILE:LINE:COL: error: ...,\n"
    "then the steps, options, triggers and rule IDs never reached, and a\n"
    "summary. Every total of every roll is a branch of its own (at most\n"
    "--outcomes of them from one decision); shuffles follow each state's\n"
    "generator, and --seeds explores several dealings of them.\n",
    (const drv_option *const[]){explore_options, NULL},
    "exit status: 0 no error found, 1 an error found (or the ruleset does not\n"
    "compile), 2 bad command line or missing file.\n"};

static const char *const kind_names[EX_NKINDS] = {"runtime error", "deadlock", "no progress",
                                                  "invariant broken"};

typedef struct args {
    const char *file, *scenarios;
    const char *ignore[16];
    int nignore;
    long players, jobs, depth, walks;
    uint64_t seed, seeds, states, memory_mb, max_steps, outcomes;
    double seconds;
    int seeded_dice;
} args;

/* A finding as the report needs it: what, where, and how to get there. */
typedef struct found {
    ex_finding f;
    char **path;       /* the scenario lines that replay it */
    int npath;
    int decisions;     /* its `choose` lines */
} found;

/* The merged outcome of every seed. */
typedef struct total {
    uint64_t states, transitions, ends, end_none, limits, seeds, complete, chance_cut;
    uint64_t end_winner[128], end_limit;
    ex_reasons reasons;
    int depth;
    double seconds;
    unsigned char *steps, *options, *triggers;
    found *found;
    size_t nfound;
} total;

/* ---------------------------------------------------------- transport */

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
        int n = ex_path(p, nplayers, r, r->findings[k].state, &labels);
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

static int take_found(total *t, const ex_finding *f, char **path, int npath)
{
    for (size_t k = 0; k < t->nfound; k++)
        if (t->found[k].f.kind == f->kind && t->found[k].f.line == f->line &&
            t->found[k].f.code == f->code)
            return 0; /* known from another seed */
    found *v = realloc(t->found, (t->nfound + 1) * sizeof *v);
    if (!v)
        return -1;
    t->found = v;
    int decisions = 0;
    for (int i = 0; i < npath; i++)
        decisions += strncmp(path[i], "choose ", 7) == 0;
    t->found[t->nfound++] = (found){*f, path, npath, decisions};
    return 1;
}

static int read_result(FILE *f, const ordo_program *p, total *t, uint64_t seed)
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

/* ------------------------------------------------------------- search */

/* Explores the seeds of job j (of a->jobs) and writes each outcome to out. */
static int explore_seeds(const ordo_program *p, const args *a, const int *ignore, int nplayers,
                         long j, FILE *out)
{
    ex_limits lim = {a->nignore ? ignore : NULL, (int)a->depth, a->states, a->memory_mb << 20,
                     a->seconds, a->max_steps, a->seeded_dice, a->outcomes};
    for (uint64_t k = (uint64_t)j; k < a->seeds; k += (uint64_t)a->jobs) {
        uint64_t seed = a->seed + k;
        ex_result r;
        if (ex_search(p, nplayers, seed, (uint64_t)a->walks, &lim, a->jobs == 1, &r) != 0) {
            fprintf(stderr, "%s: out of memory for the search (try --memory)\n", prog);
            return -1;
        }
        put(out, &seed, sizeof seed);
        send_result(out, p, &r, nplayers);
        ex_free(&r);
    }
    return fflush(out) == 0 ? 0 : -1;
}

/* Runs the jobs, each a child writing into a temporary file, and merges
 * their outcomes in seed order (so the report is the same whatever --jobs). */
static int run_jobs(const ordo_program *p, const args *a, const int *ignore, int nplayers,
                    total *t)
{
    FILE **files = calloc((size_t)a->jobs, sizeof *files);
    pid_t *pids = calloc((size_t)a->jobs, sizeof *pids);
    int rc = 0;
    if (!files || !pids) {
        free(files);
        free(pids);
        return -1;
    }
    for (long j = 0; j < a->jobs; j++) {
        files[j] = tmpfile();
        if (!files[j])
            return -1;
        fflush(stdout);
        fflush(stderr);
        pids[j] = fork();
        if (pids[j] == 0)
            _exit(explore_seeds(p, a, ignore, nplayers, j, files[j]) == 0 ? 0 : 1);
        if (pids[j] < 0)
            rc = -1;
    }
    for (long j = 0; j < a->jobs; j++) {
        int st;
        if (pids[j] > 0 && (waitpid(pids[j], &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st)))
            rc = -1;
    }
    /* seed order: seed k is in file k % jobs */
    for (long j = 0; j < a->jobs; j++)
        rewind(files[j]);
    for (uint64_t k = 0; rc == 0 && k < a->seeds; k++) {
        uint64_t seed;
        FILE *f = files[k % (uint64_t)a->jobs];
        if (get(f, &seed, sizeof seed) || read_result(f, p, t, seed) != 0)
            rc = -1;
    }
    for (long j = 0; j < a->jobs; j++)
        if (files[j])
            fclose(files[j]);
    free(files);
    free(pids);
    return rc;
}

/* ------------------------------------------------------------- report */

/* The file the instruction at pc came from: a layer's base for a line of
 * the base, else the file explored. */
static const char *file_of_pc(const ordo_program *p, uint32_t pc, const char *file)
{
    const char *f = ordo_file_at(p, pc);
    return f ? f : file;
}

/* The file of the first instruction `op` with operand a (a step's STEP,
 * an option's OFFER, a proc's code). */
static const char *file_of(const ordo_program *p, int op, int op2, uint32_t a, const char *file)
{
    for (uint32_t pc = 0; pc < p->ncode; pc++)
        if ((p->code[pc].op == op || p->code[pc].op == op2) && p->code[pc].a == a)
            return file_of_pc(p, pc, file);
    return file;
}

static void report_unreached(const ordo_program *p, const args *a, const total *t, int complete)
{
    const char *why = complete ? "no game reaches it" : "no explored game reached it";
    for (uint16_t s = 0; s < p->nsteps; s++)
        if (!t->steps[s])
            printf("%s:%lu:1: warning: unreachable: step %s \"%s\"%s%s%s: %s\n",
                   file_of(p, ORDO_OP_STEP, ORDO_OP_STEP, s, a->file),
                   (unsigned long)p->steps[s].line, p->steps[s].number,
                   p->steps[s].title ? p->steps[s].title : "",
                   p->steps[s].rule && p->steps[s].rule[0] ? " [" : "",
                   p->steps[s].rule && p->steps[s].rule[0] ? p->steps[s].rule : "",
                   p->steps[s].rule && p->steps[s].rule[0] ? "]" : "", why);
    for (uint16_t o = 0; o < p->noptions; o++)
        if (!t->options[o])
            printf("%s:%lu:1: warning: unreachable: option \"%s\": never chosen (%s)\n",
                   file_of(p, ORDO_OP_OFFER, ORDO_OP_OFFERN, o, a->file),
                   (unsigned long)p->options[o].line, p->options[o].label, why);
    int total, fired;
    unsigned char *is_trigger = sc_trigger_procs(p, t->triggers, &total, &fired);
    for (uint16_t k = 0; is_trigger && k < p->nprocs; k++)
        if (is_trigger[k] && !t->triggers[k])
            printf("%s:%lu:1: warning: unreachable: trigger %s: never fired (%s)\n",
                   file_of_pc(p, p->procs[k].pc, a->file),
                   (unsigned long)p->procs[k].line, p->procs[k].name, why);
    free(is_trigger);
}

/* The invariant whose line a finding names, or NULL. */
static const ordo_invariant *invariant_at_line(const ordo_program *p, uint32_t line)
{
    for (int k = 0; k < ordo_invariant_count(p); k++)
        if (ordo_invariant_at(p, k)->line == line)
            return ordo_invariant_at(p, k);
    return NULL;
}

static void write_scenarios(const ordo_program *p, const args *a, const total *t, int nplayers)
{
    drv_output out;
    FILE *f = drv_output_open(&out, a->scenarios, prog);
    if (!f)
        return;
    fprintf(f, "# Written by `ordo explore %s`: each scenario replays a finding from the\n"
               "# start. It fails while the rules still break there: paste it into the\n"
               "# ruleset, fix the rules, and it passes.\n",
            a->file);
    for (size_t k = 0; k < t->nfound; k++) {
        const found *x = &t->found[k];
        fprintf(f, "\n# %s: %s\n", kind_names[x->f.kind], x->f.message);
        fprintf(f, "scenario \"explore: %s at line %lu (seed %llu)\" {\n", kind_names[x->f.kind],
                (unsigned long)x->f.line, (unsigned long long)x->f.seed);
        fprintf(f, "    players %d\n    seed %llu\n", nplayers, (unsigned long long)x->f.seed);
        for (int i = 0; i < x->npath; i++)
            fprintf(f, "    %s\n", x->path[i]);
        if (x->f.kind == EX_NO_PROGRESS)
            fputs("    expect over    # no end can be reached from here\n", f);
        const ordo_invariant *v = x->f.kind == EX_INVARIANT ? invariant_at_line(p, x->f.line) : NULL;
        if (v)
            fprintf(f, "    expect %s    # the invariant \"%s\"\n", v->expr, v->text);
        fputs("}\n", f);
    }
    drv_output_commit(&out, prog);
}

/* "; player 1 could have known, player 2 could not", or "" when not
 * asked (no hidden state, or no decision led there). */
static void who_knew_text(const ex_finding *f, int nplayers, char *buf, size_t n)
{
    buf[0] = 0;
    if (!f->knew_known)
        return;
    uint64_t all = nplayers >= 64 ? UINT64_MAX : ((uint64_t)1 << nplayers) - 1;
    if ((f->knew & all) == all) {
        snprintf(buf, n, "; every seat could have known");
        return;
    }
    if (!(f->knew & all)) {
        snprintf(buf, n, "; no seat could have known");
        return;
    }
    size_t at = 0;
    for (int pass = 1; pass >= 0; pass--) {
        int first = 1;
        for (int s = 0; s < nplayers && at < n; s++) {
            if (((f->knew >> s) & 1) != (uint64_t)pass)
                continue;
            at += (size_t)snprintf(buf + at, n - at, "%s player %d",
                                   first ? (pass ? ";" : ",") : ",", s + 1);
            first = 0;
        }
        if (at < n)
            at += (size_t)snprintf(buf + at, n - at, " could%s", pass ? " have known" : " not");
    }
}

/* The ends by reason, in the order of the reasons' texts in the program,
 * whatever order the seeds met them in (the report is the same whatever
 * --jobs). */
static void print_reasons(const ordo_program *p, const ex_reasons *r)
{
    uint32_t last = 0;
    for (;;) {
        int next = -1;
        for (int k = 0; k < EX_REASONS; k++)
            if (r->text[k] > last && (next < 0 || r->text[k] < r->text[next]))
                next = k;
        if (next < 0)
            break;
        last = r->text[next];
        if ((int)last - 1 < p->ntexts)
            printf("  ended because \"%s\": %llu\n", p->texts[last - 1].text,
                   (unsigned long long)r->count[next]);
    }
    if (r->other)
        printf("  ended for other reasons (more than %d kinds): %llu\n", EX_REASONS,
               (unsigned long long)r->other);
}

static int report(const ordo_program *p, const args *a, const total *t, int nplayers)
{
    int errors = 0;
    for (size_t k = 0; k < t->nfound; k++) {
        const found *x = &t->found[k];
        char knew[400];
        who_knew_text(&x->f, nplayers, knew, sizeof knew);
        printf("%s:%lu:1: error: %s: %s (seed %llu, %d decision%s from the start%s)\n", a->file,
               (unsigned long)x->f.line, kind_names[x->f.kind], x->f.message,
               (unsigned long long)x->f.seed, x->decisions, x->decisions == 1 ? "" : "s", knew);
        errors++;
    }
    int complete = t->complete == t->seeds && a->walks == 0;
    report_unreached(p, a, t, complete);
    printf("explore: %llu states in %llu seed%s (%s), depth %d, %llu transitions, %.0f states/s\n",
           (unsigned long long)t->states, (unsigned long long)t->seeds, t->seeds == 1 ? "" : "s",
           complete ? "complete: every reachable state" : a->walks ? "random walks"
                                                                   : "bounded: not every state",
           t->depth, (unsigned long long)t->transitions,
           t->seconds > 0 ? (double)t->states / t->seconds : 0.0);
    if (t->chance_cut)
        printf("  chance: a decision had more than %llu outcomes of its rolls; the rest were not "
               "explored (--outcomes)\n",
               (unsigned long long)a->outcomes);
    printf("  ends: %llu", (unsigned long long)t->ends);
    for (int w = 0; w < 128; w++)
        if (t->end_winner[w])
            printf(", player %d wins %llu", w + 1, (unsigned long long)t->end_winner[w]);
    printf(", no winner %llu; stopped by the step limit: %llu\n", (unsigned long long)t->end_none,
           (unsigned long long)t->limits);
    print_reasons(p, &t->reasons);
    if (t->end_limit)
        printf("  of which ended by a limit the rules set, not a real end: %llu\n",
               (unsigned long long)t->end_limit);
    int triggers, fired;
    free(sc_trigger_procs(p, t->triggers, &triggers, &fired));
    printf("  reached: steps %d of %u, options %d of %u, triggers %d of %d\n",
           sc_count(t->steps, p->nsteps), (unsigned)p->nsteps, sc_count(t->options, p->noptions),
           (unsigned)p->noptions, fired, triggers);
    sc_coverage reached = {t->steps, t->options, t->triggers};
    sc_report_rules(&reached, p, stdout);
    if (a->scenarios)
        write_scenarios(p, a, t, nplayers);
    return errors ? TOOL_FAIL : TOOL_OK;
}

/* -------------------------------------------------------- command line */

/* A number option: its value, in its range, into args. */
static int take_number(args *a, int id, const char *v)
{
    static const struct {
        const char *name;
        uint64_t lo, hi;
    } limits[] = {{"players", 1, 127},    {"seed", 0, UINT64_MAX}, {"seeds", 1, 1000000},
                  {"depth", 1, 1000000},  {"states", 1, UINT32_MAX - 2},
                  {"memory", 1, 1 << 20}, {"seconds", 1, 1000000}, {"walks", 1, 1000000000},
                  {"jobs", 1, 256},       {"max-steps", 1, UINT64_MAX},
                  {"outcomes", 1, UINT32_MAX}};
    unsigned long long n;
    if (drv_option_number(prog, limits[id].name, v, limits[id].lo, limits[id].hi, &n) != 0)
        return DRV_BAD;
    switch (id) {
    case OPT_PLAYERS: a->players = (long)n; break;
    case OPT_SEED: a->seed = n; break;
    case OPT_SEEDS: a->seeds = n; break;
    case OPT_DEPTH: a->depth = (long)n; break;
    case OPT_STATES: a->states = n; break;
    case OPT_MEMORY: a->memory_mb = n; break;
    case OPT_SECONDS: a->seconds = (double)n; break;
    case OPT_WALKS: a->walks = (long)n; break;
    case OPT_JOBS: a->jobs = (long)n; break;
    case OPT_MAX_STEPS: a->max_steps = n; break;
    case OPT_OUTCOMES: a->outcomes = n; break;
    }
    return DRV_TAKEN;
}

static int take(void *ctx, int id, const char *v)
{
    args *a = ctx;
    switch (id) {
    case DRV_OPT_ARG:
        return drv_take_file(prog, &a->file, v);
    case OPT_SEEDED_DICE:
        a->seeded_dice = 1;
        return DRV_TAKEN;
    case OPT_SCENARIOS:
        a->scenarios = v;
        return DRV_TAKEN;
    case OPT_IGNORE:
        if (a->nignore == 16) {
            fprintf(stderr, "%s: more than 16 --ignore\n", prog);
            return DRV_BAD;
        }
        a->ignore[a->nignore++] = v;
        return DRV_TAKEN;
    }
    return take_number(a, id, v);
}

static int parse(args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    a->jobs = 1;
    a->seed = 1;
    a->seeds = 1;
    a->memory_mb = 1024;
    a->max_steps = 1000000;
    a->seconds = 60;
    a->outcomes = 100000;
    int st = drv_options_read(&cmd_explore_command, argc, argv, take, a);
    if (st != DRV_OPT_GO)
        return st;
    if (!a->file) {
        fprintf(stderr, "%s: no input file (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (a->scenarios && drv_same_file(a->scenarios, a->file)) {
        fprintf(stderr, "%s: --scenarios '%s' is the ruleset: write them beside it\n", prog,
                a->scenarios);
        return TOOL_USAGE;
    }
    if ((uint64_t)a->jobs > a->seeds)
        a->jobs = (long)a->seeds;
    return drv_readable(prog, a->file) ? DRV_GO : TOOL_USAGE;
}

int cmd_explore(int argc, char **argv)
{
    args a;
    int status = parse(&a, argc, argv);
    if (status != DRV_GO)
        return status;
    drv_diag dd;
    drv_diag_init(&dd);
    oc_compiler *c;
    const ordo_program *p = drv_compile(a.file, &dd, &c);
    if (!p) {
        oc_free(c);
        return TOOL_FAIL;
    }
    int nplayers = a.players ? (int)a.players : p->min_players;
    if (nplayers < p->min_players || nplayers > p->max_players) {
        fprintf(stderr, "%s: --players must be in %d..%d\n", prog, p->min_players,
                p->max_players);
        oc_free(c);
        return TOOL_USAGE;
    }
    int ignore[17];
    for (int k = 0; k < a.nignore; k++) {
        ignore[k] = ordo_find_var(p, a.ignore[k]);
        if (ignore[k] < 0) {
            fprintf(stderr, "%s: --ignore '%s': the ruleset has no such var\n", prog, a.ignore[k]);
            oc_free(c);
            return TOOL_USAGE;
        }
    }
    ignore[a.nignore] = -1;
    total t;
    memset(&t, 0, sizeof t);
    t.steps = calloc(p->nsteps + 1u, 1);
    t.options = calloc(p->noptions + 1u, 1);
    t.triggers = calloc(p->nprocs + 1u, 1);
    if (!t.steps || !t.options || !t.triggers || run_jobs(p, &a, ignore, nplayers, &t) != 0) {
        fprintf(stderr, "%s: the search failed (out of memory?)\n", prog);
        status = TOOL_FAIL;
    } else {
        status = report(p, &a, &t, nplayers);
    }
    for (size_t k = 0; k < t.nfound; k++) {
        for (int i = 0; i < t.found[k].npath; i++)
            free(t.found[k].path[i]);
        free(t.found[k].path);
    }
    free(t.found);
    free(t.steps);
    free(t.options);
    free(t.triggers);
    oc_free(c);
    return status;
}

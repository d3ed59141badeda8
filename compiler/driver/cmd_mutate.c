/* cmd_mutate.c — `ordo mutate FILE`: mutation testing of a ruleset's
 * scenarios. Each mutant (mutants.c) is one small change to the rules; it
 * is compiled and its scenarios are run. A mutant that some scenario fails
 * on is killed; one that no longer compiles is stillborn (the language
 * caught it, not the scenarios: not counted); one that every scenario
 * still passes survived, and names a rule that no example pins down.
 *
 * Each mutant runs in a child process of its own, --jobs at a time, under
 * a time limit (a mutant that loops for ever is killed by the limit, and
 * counted as killed, as the mutation testing tools count a time-out).
 * A survivor that is truly equivalent to the rules is marked in the
 * ruleset with a comment the tool reads back:
 *
 *     # ordo-mutant equivalent drop "rounds += 1": the count is never read
 *
 * naming the kind and the changed line as the report shows it.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "driver.h"
#include "mutants.h"

static const char *const prog = "ordo mutate";

enum { OPT_JOBS, OPT_TIMEOUT, OPT_MIN_SCORE, OPT_VERBOSE };

static const drv_option mutate_options[] = {
    {"jobs", 0, "N", "mutants run N at a time (default: the number of cores)", OPT_JOBS, NULL},
    {"timeout", 0, "S",
     "a mutant's scenarios get S seconds (default 10); past them it counts as killed",
     OPT_TIMEOUT, NULL},
    {"min-score", 0, "P", "exit 1 when fewer than P% of the mutants are killed", OPT_MIN_SCORE,
     NULL},
    {NULL, 'v', NULL, "also print each mutant killed or stillborn", OPT_VERBOSE, NULL},
    {0}};

const drv_command cmd_mutate_command = {
    "ordo mutate",
    "FILE [--jobs N] [--timeout S] [--min-score P] [-v]",
    "Makes one small change to the rules at a time (flip a comparison, move a\n"
    "constant by one, leave out a statement, a 'when' guard or a cost, swap\n"
    "'immediately' and 'after', reverse an order, swap two statements that do\n"
    "not commute) and runs the ruleset's scenarios on each. Prints each mutant\n"
    "that every scenario still passes as FILE:LINE:COL: survived: KIND: WHAT\n"
    "[RULE], with the line it changes, then 'mutants: K killed of N (P%)'.\n"
    "Scenarios, policies and displays are never changed. A survivor marked in\n"
    "the ruleset as\n"
    "  # ordo-mutant equivalent KIND \"LINE TEXT\": REASON\n"
    "is counted apart, as equivalent; a mark no survivor matches is reported\n"
    "as a stale mark.\n",
    (const drv_option *const[]){mutate_options, NULL},
    "exit status: 0 done (and the score reached), 1 the ruleset does not compile\n"
    "or its scenarios fail unmutated, or the score is below --min-score, 2 bad\n"
    "command line or missing file.\n"};

enum { M_SURVIVED = 0, M_KILLED = 1, M_STILLBORN = 2, M_TIMEOUT = 3 };

/* Runs the scenarios of src[0..n) (named `path`, for the files it reads
 * beside itself); M_SURVIVED when all pass. In the child. */
static int verdict(const char *path, const char *src, size_t n)
{
    FILE *null = fopen("/dev/null", "w");
    oc_options opt = {.diag = null};
    oc_compiler *c = oc_new(&opt);
    const ordo_program *p = c ? oc_compile_string(c, path, src, n) : NULL;
    if (!p)
        return M_STILLBORN;
    int passed = 0, failed = 0;
    sc_run_all(p, path, 0, null, &passed, &failed);
    return failed ? M_KILLED : M_SURVIVED;
}

/* Is m marked as equivalent in the ruleset? A comment line
 * `# ordo-mutant equivalent KIND "TEXT": REASON` whose TEXT (from the
 * first quote to the last `":` of the line, so it may hold quotes) is the
 * line m changes, trimmed at its start: whole, or cut as the report shows
 * a long line. */
#define MARK "# ordo-mutant equivalent "

static const char *marked_equivalent(const char *src, const mutant *m)
{
    const char *key = MARK;
    size_t klen = strlen(key), nl = strlen(mutant_kind_name(m->kind));
    for (const char *p = strstr(src, key); p; p = strstr(p + 1, key)) {
        const char *k = p + klen, *eol = strchr(k, '\n');
        if (!eol)
            eol = k + strlen(k);
        if (strncmp(k, mutant_kind_name(m->kind), nl) != 0 || k[nl] != ' ' || k[nl + 1] != '"')
            continue;
        const char *t = k + nl + 2, *e = NULL;
        for (const char *q = t; q + 1 < eol; q++)
            if (q[0] == '"' && q[1] == ':')
                e = q;
        if (!e)
            continue;
        size_t len = (size_t)(e - t);
        if ((len == strlen(m->snippet) && strncmp(t, m->snippet, len) == 0) ||
            (len == m->line_len && strncmp(t, src + m->line_at, len) == 0))
            return p;
    }
    return NULL;
}

/* Names each mark that no surviving mutant matched: the statement it
 * excuses was changed, or the mutator no longer makes that mutant (a swap
 * of statements that commute), so the mark only misleads a reader now. */
static void report_stale_marks(const char *file, const char *src, const char *const *used,
                               size_t nused)
{
    unsigned line = 1;
    const char *at = src;
    for (const char *p = strstr(src, MARK); p; p = strstr(p + 1, MARK)) {
        for (; at < p; at++)
            line += *at == '\n';
        int found = 0;
        for (size_t i = 0; i < nused && !found; i++)
            found = used[i] == p;
        if (!found)
            printf("%s:%u: stale mark: no surviving mutant is the one it names\n", file, line);
    }
}

typedef struct run {
    pid_t pid;
    size_t index;
} run;

/* Starts mutant i in a child; the child's exit status is its verdict. */
static pid_t start(const char *path, const char *src, size_t n, const mutant *m, int timeout)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid != 0)
        return pid;
    alarm((unsigned)timeout);
    size_t len;
    char *text = mutant_apply(src, n, m, &len);
    _exit(text ? verdict(path, text, len) : M_STILLBORN);
}

typedef struct mutate_args {
    const char *file;
    long jobs, timeout, min_score;
    int verbose;
} mutate_args;

static int take(void *ctx, int id, const char *v)
{
    static const struct {
        const char *name;
        long lo, hi;
    } limits[] = {[OPT_JOBS] = {"jobs", 1, 256},
                  [OPT_TIMEOUT] = {"timeout", 1, 3600},
                  [OPT_MIN_SCORE] = {"min-score", 0, 100}};
    mutate_args *a = ctx;
    if (id == DRV_OPT_ARG)
        return drv_take_file(prog, &a->file, v);
    if (id == OPT_VERBOSE) {
        a->verbose = 1;
        return DRV_TAKEN;
    }
    unsigned long long n;
    if (drv_option_number(prog, limits[id].name, v, (unsigned long long)limits[id].lo,
                          (unsigned long long)limits[id].hi, &n) != 0)
        return DRV_BAD;
    *(id == OPT_JOBS ? &a->jobs : id == OPT_TIMEOUT ? &a->timeout : &a->min_score) = (long)n;
    return DRV_TAKEN;
}

int cmd_mutate(int argc, char **argv)
{
    mutate_args a = {NULL, sysconf(_SC_NPROCESSORS_ONLN), 10, -1, 0};
    if (a.jobs < 1)
        a.jobs = 1;
    int st = drv_options_read(&cmd_mutate_command, argc, argv, take, &a);
    if (st != DRV_OPT_GO)
        return st;
    const char *file = a.file;
    long jobs = a.jobs, timeout = a.timeout, min_score = a.min_score;
    int verbose = a.verbose;
    if (!file) {
        fprintf(stderr, "%s: no input file (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (strcmp(file, "-") == 0 || !drv_readable(prog, file)) {
        if (strcmp(file, "-") == 0)
            fprintf(stderr, "%s: the ruleset must be a file (its mutants are compiled beside it)\n",
                    prog);
        return TOOL_USAGE;
    }
    size_t n;
    char *src = play_read_file(file, 64 << 20, prog, &n);
    if (!src)
        return TOOL_USAGE;
    /* the ruleset as it is must compile and pass its scenarios */
    drv_diag dd;
    drv_diag_init(&dd);
    oc_compiler *c;
    const ordo_program *p = drv_compile(file, &dd, &c);
    int passed = 0, failed = 0;
    FILE *null = fopen("/dev/null", "w");
    if (p)
        sc_run_all(p, file, 0, null ? null : stderr, &passed, &failed);
    if (null)
        fclose(null);
    oc_free(c);
    if (!p || failed || passed == 0) {
        fprintf(stderr, "%s: %s\n", prog,
                !p ? "the ruleset does not compile" : failed ? "its scenarios fail as it is"
                                                             : "it has no scenario to run");
        free(src);
        return TOOL_FAIL;
    }

    size_t count;
    mutant *ms = mutants_find(src, n, &count);
    int *result = calloc(count ? count : 1, sizeof *result);
    run *running = calloc((size_t)jobs, sizeof *running);
    const char **used = calloc(count ? count : 1, sizeof *used); /* the marks that matched */
    if ((!ms && count) || !result || !running || !used) {
        fprintf(stderr, "%s: out of memory\n", prog);
        free(src), free(ms), free(result), free(running), free(used);
        return TOOL_FAIL;
    }
    size_t next = 0, done = 0;
    long active = 0;
    while (done < count) {
        while (active < jobs && next < count) {
            pid_t pid = start(file, src, n, &ms[next], (int)timeout);
            if (pid < 0) {
                result[next++] = M_STILLBORN;
                done++;
                continue;
            }
            for (long k = 0; k < jobs; k++)
                if (!running[k].pid) {
                    running[k] = (run){pid, next};
                    break;
                }
            next++;
            active++;
        }
        int st;
        pid_t pid = wait(&st);
        if (pid < 0)
            break;
        for (long k = 0; k < jobs; k++)
            if (running[k].pid == pid) {
                size_t i = running[k].index;
                result[i] = WIFEXITED(st) ? WEXITSTATUS(st) : M_TIMEOUT;
                if (result[i] > M_TIMEOUT)
                    result[i] = M_KILLED; /* a crash of the mutant: it was noticed */
                running[k].pid = 0;
                active--;
                done++;
            }
    }

    size_t killed = 0, stillborn = 0, survived = 0, equivalent = 0;
    for (size_t i = 0; i < count; i++) {
        const mutant *m = &ms[i];
        const char *rule = m->rule[0] ? m->rule : NULL;
        switch (result[i]) {
        case M_STILLBORN:
            stillborn++;
            if (verbose)
                printf("%s:%u:%u: stillborn: %s: %s\n", file, m->line, m->col,
                       mutant_kind_name(m->kind), m->what);
            break;
        case M_SURVIVED:
            if ((used[equivalent] = marked_equivalent(src, m)) != NULL) {
                equivalent++;
                if (verbose)
                    printf("%s:%u:%u: equivalent: %s: %s\n", file, m->line, m->col,
                           mutant_kind_name(m->kind), m->what);
                break;
            }
            survived++;
            printf("%s:%u:%u: survived: %s: %s%s%s%s\n    %s\n", file, m->line, m->col,
                   mutant_kind_name(m->kind), m->what, rule ? " [" : "", rule ? rule : "",
                   rule ? "]" : "", m->snippet);
            break;
        default:
            killed++;
            if (verbose)
                printf("%s:%u:%u: killed%s: %s: %s\n", file, m->line, m->col,
                       result[i] == M_TIMEOUT ? " (time-out)" : "", mutant_kind_name(m->kind),
                       m->what);
        }
    }
    report_stale_marks(file, src, used, equivalent);
    size_t counted = killed + survived;
    double score = counted ? 100.0 * (double)killed / (double)counted : 100.0;
    printf("mutants: %zu killed of %zu (%.1f%%); %zu equivalent, %zu stillborn\n", killed, counted,
           score, equivalent, stillborn);
    free(src);
    free(ms);
    free(result);
    free(running);
    free(used);
    return min_score >= 0 && score < (double)min_score ? TOOL_FAIL : TOOL_OK;
}

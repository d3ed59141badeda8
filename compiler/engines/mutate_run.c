/* mutate_run.c — mutation testing of a ruleset's scenarios (mutants.h,
 * mutate_run). Each mutant (mutants.c) is one small change to the rules;
 * it is compiled and its scenarios are run. A mutant that some scenario
 * fails on is killed; one that no longer compiles is stillborn (the
 * language caught it, not the scenarios: not counted); one that every
 * scenario still passes survived, and names a rule that no example pins
 * down.
 *
 * Each mutant runs in a child process of its own, `jobs` at a time, under
 * a time limit (a mutant that loops for ever is killed by the limit, and
 * counted as killed, as the mutation testing tools count a time-out).
 * A survivor that is truly equivalent to the rules is marked in the
 * ruleset with a comment read back here:
 *
 *     # ordo-mutant equivalent drop "rounds += 1": the count is never read
 *
 * naming the kind and the changed line as the report shows it.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compiler.h"
#include "mutants.h"
#include "scenario.h"

/* Runs the scenarios of src[0..n) (named `path`, for the files it reads
 * beside itself); MUTANT_SURVIVED when all pass. In the child. */
static int verdict(const char *path, const char *src, size_t n)
{
    FILE *null = fopen("/dev/null", "w");
    oc_options opt = {.diag = null};
    oc_compiler *c = oc_new(&opt);
    const ordo_program *p = c ? oc_compile_string(c, path, src, n) : NULL;
    if (!p)
        return MUTANT_STILLBORN;
    int passed = 0, failed = 0;
    sc_run_all(p, path, 0, null, &passed, &failed);
    return failed ? MUTANT_KILLED : MUTANT_SURVIVED;
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
static void report_stale_marks(FILE *out, const char *file, const char *src,
                               const char *const *used, size_t nused)
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
            fprintf(out, "%s:%u: stale mark: no surviving mutant is the one it names\n", file,
                    line);
    }
}

typedef struct run {
    pid_t pid;
    size_t index;
} run;

/* Starts mutant m in a child; the child's exit status is its verdict. */
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
    _exit(text ? verdict(path, text, len) : MUTANT_STILLBORN);
}

/* Runs every mutant, o->jobs at a time, each verdict into r->verdict. */
static void run_all(const mutate_options *o, mutate_result *r, run *running)
{
    size_t next = 0, done = 0;
    long active = 0;
    while (done < r->count) {
        while (active < o->jobs && next < r->count) {
            pid_t pid = start(o->path, o->src, o->n, &r->ms[next], (int)o->timeout);
            if (pid < 0) {
                r->verdict[next++] = MUTANT_STILLBORN;
                done++;
                continue;
            }
            for (long k = 0; k < o->jobs; k++)
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
        for (long k = 0; k < o->jobs; k++)
            if (running[k].pid == pid) {
                size_t i = running[k].index;
                r->verdict[i] = WIFEXITED(st) ? WEXITSTATUS(st) : MUTANT_TIMEOUT;
                if (r->verdict[i] > MUTANT_TIMEOUT)
                    r->verdict[i] = MUTANT_KILLED; /* a crash of the mutant: it was noticed */
                running[k].pid = 0;
                active--;
                done++;
            }
    }
}

/* Counts the verdicts; a survivor the ruleset marks is equivalent. */
static void count(const mutate_options *o, mutate_result *r)
{
    for (size_t i = 0; i < r->count; i++) {
        switch (r->verdict[i]) {
        case MUTANT_STILLBORN:
            r->stillborn++;
            break;
        case MUTANT_SURVIVED:
            if ((r->used[r->equivalent] = marked_equivalent(o->src, &r->ms[i])) != NULL) {
                r->verdict[i] = MUTANT_EQUIVALENT;
                r->equivalent++;
            } else {
                r->survived++;
            }
            break;
        default:
            r->killed++;
        }
    }
    size_t counted = r->killed + r->survived;
    r->score = counted ? 100.0 * (double)r->killed / (double)counted : 100.0;
}

int mutate_run(const mutate_options *o, mutate_result *r)
{
    memset(r, 0, sizeof *r);
    r->ms = mutants_find(o->src, o->n, &r->count);
    r->verdict = calloc(r->count ? r->count : 1, sizeof *r->verdict);
    r->used = calloc(r->count ? r->count : 1, sizeof *r->used);
    run *running = calloc(o->jobs > 0 ? (size_t)o->jobs : 1, sizeof *running);
    if ((!r->ms && r->count) || !r->verdict || !r->used || !running || o->jobs < 1) {
        free(running);
        return -1;
    }
    run_all(o, r, running);
    free(running);
    count(o, r);
    return 0;
}

void mutate_result_free(mutate_result *r)
{
    free(r->ms);
    free(r->verdict);
    free(r->used);
    memset(r, 0, sizeof *r);
}

void mutate_report(FILE *out, const char *file, const char *src, const mutate_result *r,
                   int verbose)
{
    for (size_t i = 0; i < r->count; i++) {
        const mutant *m = &r->ms[i];
        const char *rule = m->rule[0] ? m->rule : NULL;
        switch (r->verdict[i]) {
        case MUTANT_STILLBORN:
            if (verbose)
                fprintf(out, "%s:%u:%u: stillborn: %s: %s\n", file, m->line, m->col,
                        mutant_kind_name(m->kind), m->what);
            break;
        case MUTANT_EQUIVALENT:
            if (verbose)
                fprintf(out, "%s:%u:%u: equivalent: %s: %s\n", file, m->line, m->col,
                        mutant_kind_name(m->kind), m->what);
            break;
        case MUTANT_SURVIVED:
            fprintf(out, "%s:%u:%u: survived: %s: %s%s%s%s\n    %s\n", file, m->line, m->col,
                    mutant_kind_name(m->kind), m->what, rule ? " [" : "", rule ? rule : "",
                    rule ? "]" : "", m->snippet);
            break;
        default:
            if (verbose)
                fprintf(out, "%s:%u:%u: killed%s: %s: %s\n", file, m->line, m->col,
                        r->verdict[i] == MUTANT_TIMEOUT ? " (time-out)" : "",
                        mutant_kind_name(m->kind), m->what);
        }
    }
    report_stale_marks(out, file, src, r->used, r->equivalent);
    fprintf(out, "mutants: %zu killed of %zu (%.1f%%); %zu equivalent, %zu stillborn\n",
            r->killed, r->killed + r->survived, r->score, r->equivalent, r->stillborn);
}

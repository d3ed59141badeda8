/* coverage.c — what a ruleset's scenarios reach (`ordo test --coverage`):
 * the steps that ran, the options chosen, the triggers that fired, and
 * the rule IDs those steps cite; and, the point of it, what they never
 * reach: a step, an option, a trigger or a rule that no example shows.
 * Read from the trace the scenarios' games write (see driver.h). */
#include <stdlib.h>
#include <string.h>

#include "scenario.h"
#include "opcodes.h"

int sc_coverage_init(sc_coverage *c, const ordo_program *p)
{
    c->steps = calloc(p->nsteps + 1u, 1);
    c->options = calloc(p->noptions + 1u, 1);
    c->triggers = calloc(p->nprocs + 1u, 1);
    if (c->steps && c->options && c->triggers)
        return 0;
    sc_coverage_free(c);
    return -1;
}

void sc_coverage_free(sc_coverage *c)
{
    free(c->steps);
    free(c->options);
    free(c->triggers);
    memset(c, 0, sizeof *c);
}

void sc_cover(sc_coverage *c, const ordo_program *p, const ordo_event *ev)
{
    if (ev->kind == ORDO_EV_STEP && ev->id < p->nsteps)
        c->steps[ev->id] = 1;
    else if (ev->kind == ORDO_EV_CHOICE && ev->id < p->noptions)
        c->options[ev->id] = 1;
    else if (ev->kind == ORDO_EV_TRIGGER && ev->id < p->nprocs)
        c->triggers[ev->id] = 1;
}

void sc_cover_event(void *ctx, unsigned scenario, const ordo_game *g, const ordo_event *ev)
{
    (void)scenario;
    (void)g;
    sc_coverage_ctx *x = ctx;
    sc_cover(x->cov, x->p, ev);
}

int sc_count(const unsigned char *marks, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n; i++)
        c += marks[i] != 0;
    return c;
}

unsigned char *sc_trigger_procs(const ordo_program *p, const unsigned char *fired, int *total,
                                int *nfired)
{
    unsigned char *is_trigger = calloc(p->nprocs + 1u, 1);
    *total = *nfired = 0;
    if (!is_trigger)
        return NULL;
    for (uint32_t pc = 0; pc < p->ncode; pc++)
        if (p->code[pc].op == ORDO_OP_TRIG && p->code[pc].x && p->code[pc].a < p->nprocs)
            is_trigger[p->code[pc].a] = 1;
    for (uint16_t t = 0; t < p->nprocs; t++) {
        *total += is_trigger[t];
        *nfired += is_trigger[t] && fired[t];
    }
    return is_trigger;
}

/* Is the rule ID `id` (len bytes) one of the space-separated IDs of s? */
static int cites(const char *s, const char *id, size_t len)
{
    for (const char *q = s ? s : ""; *q;) {
        while (*q == ' ')
            q++;
        size_t n = strcspn(q, " ");
        if (n == len && strncmp(q, id, len) == 0)
            return 1;
        q += n;
    }
    return 0;
}

/* Every rule ID the steps cite, each once, in step order: reached when a
 * step citing it ran. Counts them into *total and *reached and lists
 * those never reached in never[cap] ("A, B"). The one count of rule IDs
 * that `ordo test --coverage`, explore and `ordo doc` give. */
static void count_rules(const sc_coverage *c, const ordo_program *p, int *total, int *reached,
                        char *never, size_t cap)
{
    size_t used = 0;
    *total = *reached = 0;
    if (cap)
        never[0] = 0;
    for (uint16_t s = 0; s < p->nsteps; s++) {
        for (const char *q = p->steps[s].rule ? p->steps[s].rule : ""; *q;) {
            while (*q == ' ')
                q++;
            size_t n = strcspn(q, " ");
            if (!n)
                break;
            int seen = 0, ran = 0;
            for (uint16_t t = 0; t < s && !seen; t++)
                seen = cites(p->steps[t].rule, q, n);
            if (!seen) {
                for (uint16_t t = 0; t < p->nsteps; t++)
                    ran |= c->steps[t] && cites(p->steps[t].rule, q, n);
                (*total)++;
                *reached += ran;
                if (!ran && used + n + 3 < cap)
                    used += (size_t)snprintf(never + used, cap - used, "%s%.*s",
                                             used ? ", " : "", (int)n, q);
            }
            q += n;
        }
    }
}

void sc_rule_counts(const sc_coverage *c, const ordo_program *p, int *total, int *reached)
{
    count_rules(c, p, total, reached, NULL, 0);
}

int sc_report_rules(const sc_coverage *c, const ordo_program *p, FILE *out)
{
    int total, reached;
    char never[2048];
    count_rules(c, p, &total, &reached, never, sizeof never);
    fprintf(out, "  rule IDs: %d of %d reached%s%s\n", reached, total,
            reached < total ? "; never: " : "", never);
    return total - reached;
}

int sc_coverage_report(const sc_coverage *c, const ordo_program *p, const char *path, FILE *out)
{
    int never = 0, total = 0, n = sc_count(c->steps, p->nsteps);
    fprintf(out, "%s: coverage by its scenarios\n", path);
    fprintf(out, "  steps: %d of %u ran\n", n, (unsigned)p->nsteps);
    for (uint16_t s = 0; s < p->nsteps; s++)
        if (!c->steps[s]) {
            const ordo_step *st = &p->steps[s];
            fprintf(out, "    never: step %s \"%s\"%s%s%s (line %lu)\n", st->number,
                    st->title ? st->title : "", st->rule && st->rule[0] ? " [" : "",
                    st->rule && st->rule[0] ? st->rule : "", st->rule && st->rule[0] ? "]" : "",
                    (unsigned long)st->line);
            never++;
        }
    fprintf(out, "  options: %d of %u chosen\n", sc_count(c->options, p->noptions),
            (unsigned)p->noptions);
    for (uint16_t o = 0; o < p->noptions; o++)
        if (!c->options[o]) {
            fprintf(out, "    never: option \"%s\" (line %lu)\n", p->options[o].label,
                    (unsigned long)p->options[o].line);
            never++;
        }
    unsigned char *is_trigger = sc_trigger_procs(p, c->triggers, &total, &n);
    if (is_trigger) {
        fprintf(out, "  triggers: %d of %d fired\n", n, total);
        for (uint16_t t = 0; t < p->nprocs; t++)
            if (is_trigger[t] && !c->triggers[t]) {
                fprintf(out, "    never: trigger %s (line %lu)\n", p->procs[t].name,
                        (unsigned long)p->procs[t].line);
                never++;
            }
        free(is_trigger);
    }
    never += sc_report_rules(c, p, out);
    return never;
}

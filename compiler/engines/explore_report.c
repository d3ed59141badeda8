/* explore_report.c — what a run of `ordo explore` found, written out
 * (explore.h): each finding as a GCC-style error at its line, with its
 * seed, its distance from the start and who could have known; the steps,
 * options, triggers and rule IDs no explored game reached; the summary;
 * and, apart, each finding as a scenario that replays it.
 */
#include <stdlib.h>
#include <string.h>

#include "explore.h"
#include "explore_symmetry.h"
#include "opcodes.h"

static const char *const kind_names[EX_NKINDS] = {"runtime error", "deadlock", "no progress",
                                                  "invariant broken", "ended by a limit",
                                                  "cut off"};

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

static void report_unreached(FILE *out, const ordo_program *p, const char *file, const ex_total *t,
                              int complete)
{
    const char *why = complete ? "no game reaches it" : "no explored game reached it";
    for (uint16_t s = 0; s < p->nsteps; s++)
        if (!t->steps[s])
            fprintf(out, "%s:%lu:1: warning: unreachable: step %s \"%s\"%s%s%s: %s\n",
                    file_of(p, ORDO_OP_STEP, ORDO_OP_STEP, s, file),
                    (unsigned long)p->steps[s].line, p->steps[s].number,
                    p->steps[s].title ? p->steps[s].title : "",
                    p->steps[s].rule && p->steps[s].rule[0] ? " [" : "",
                    p->steps[s].rule && p->steps[s].rule[0] ? p->steps[s].rule : "",
                    p->steps[s].rule && p->steps[s].rule[0] ? "]" : "", why);
    for (uint16_t o = 0; o < p->noptions; o++)
        if (!t->options[o])
            fprintf(out, "%s:%lu:1: warning: unreachable: option \"%s\": never chosen (%s)\n",
                    file_of(p, ORDO_OP_OFFER, ORDO_OP_OFFERN, o, file),
                    (unsigned long)p->options[o].line, p->options[o].label, why);
    int total, fired;
    unsigned char *is_trigger = sc_trigger_procs(p, t->triggers, &total, &fired);
    for (uint16_t k = 0; is_trigger && k < p->nprocs; k++)
        if (is_trigger[k] && !t->triggers[k])
            fprintf(out, "%s:%lu:1: warning: unreachable: trigger %s: never fired (%s)\n",
                    file_of_pc(p, p->procs[k].pc, file),
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

void ex_write_scenarios(FILE *f, const ordo_program *p, const char *file, const ex_total *t,
                        int nplayers)
{
    fprintf(f, "# Written by `ordo explore %s`: each scenario replays a finding from the\n"
               "# start. It fails while the rules still break there: paste it into the\n"
               "# ruleset, fix the rules, and it passes (a warning's passes already: it\n"
               "# shows the way to how a game ended, or to where a walk was cut off).\n",
            file);
    for (size_t k = 0; k < t->nfound; k++) {
        const ex_found *x = &t->found[k];
        fprintf(f, "\n# %s: %s\n", kind_names[x->f.kind], x->f.message);
        fprintf(f, "scenario \"explore: %s at line %lu (seed %llu)\" {\n", kind_names[x->f.kind],
                (unsigned long)x->f.line, (unsigned long long)x->f.seed);
        fprintf(f, "    players %d\n    seed %llu\n", nplayers, (unsigned long long)x->f.seed);
        for (int i = 0; i < x->npath; i++)
            fprintf(f, "    %s\n", x->path[i]);
        if (x->f.kind == EX_NO_PROGRESS)
            fputs("    expect over    # no end can be reached from here\n", f);
        if (x->f.kind == EX_LIMIT_END && x->f.code > 0 && x->f.code <= p->ntexts)
            fprintf(f, "    expect over because \"%s\"    # a limit the rules set\n",
                    p->texts[x->f.code - 1].text);
        if (x->f.kind == EX_CUT)
            fputs("    # the walk was cut off here (--depth), the game not over\n", f);
        const ordo_invariant *v =
            x->f.kind == EX_INVARIANT ? invariant_at_line(p, x->f.line) : NULL;
        if (v)
            fprintf(f, "    expect %s    # the invariant \"%s\"\n", v->expr, v->text);
        fputs("}\n", f);
    }
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
static void print_reasons(FILE *out, const ordo_program *p, const ex_reasons *r)
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
            fprintf(out, "  ended because \"%s\": %llu\n", p->texts[last - 1].text,
                    (unsigned long long)r->count[next]);
    }
    if (r->other)
        fprintf(out, "  ended for other reasons (more than %d kinds): %llu\n", EX_REASONS,
                (unsigned long long)r->other);
}

int ex_report(FILE *out, const ordo_program *p, const char *file, const ex_run_options *o,
              const ex_total *t)
{
    int errors = 0;
    for (size_t k = 0; k < t->nfound; k++) {
        const ex_found *x = &t->found[k];
        char knew[400], count[80] = "";
        who_knew_text(&x->f, o->nplayers, knew, sizeof knew);
        int warning = EX_IS_WARNING(x->f.kind);
        if (warning)
            snprintf(count, sizeof count, ": %llu %s, the first", (unsigned long long)x->f.count,
                     x->f.kind == EX_CUT ? (x->f.count == 1 ? "walk" : "walks")
                                         : (x->f.count == 1 ? "end state" : "end states"));
        fprintf(out, "%s:%lu:1: %s: %s: %s%s (seed %llu, %d decision%s from the start%s)\n",
                file, (unsigned long)x->f.line, warning ? "warning" : "error",
                kind_names[x->f.kind], x->f.message, count, (unsigned long long)x->f.seed,
                x->decisions, x->decisions == 1 ? "" : "s", knew);
        errors += !warning;
    }
    int complete = t->complete == t->seeds && o->walks == 0 && o->lim.search != EX_SEARCH_SWARM;
    report_unreached(out, p, file, t, complete);
    char how[80];
    if (complete)
        snprintf(how, sizeof how, "complete: every reachable state");
    else if (o->lim.search == EX_SEARCH_SWARM)
        snprintf(how, sizeof how, "%llu guided walks", (unsigned long long)t->walked);
    else if (o->walks)
        snprintf(how, sizeof how, "random walks");
    else if (t->walked)
        snprintf(how, sizeof how, "breadth first, then %llu guided walks",
                 (unsigned long long)t->walked);
    else
        snprintf(how, sizeof how, "bounded: not every state");
    fprintf(out,
            "explore: %llu states in %llu seed%s (%s), depth %d, %llu transitions, %.0f states/s\n",
            (unsigned long long)t->states, (unsigned long long)t->seeds, t->seeds == 1 ? "" : "s",
            how, t->depth, (unsigned long long)t->transitions,
            t->seconds > 0 ? (double)t->states / t->seconds : 0.0);
    if (t->chance_cut)
        fprintf(out,
                "  chance: a decision had more than %llu outcomes of its rolls; the rest were not "
                "explored (--outcomes)\n",
                (unsigned long long)o->lim.outcomes);
    fprintf(out, "  ends: %llu", (unsigned long long)t->ends);
    for (int w = 0; w < 128; w++)
        if (t->end_winner[w])
            fprintf(out, ", player %d wins %llu", w + 1, (unsigned long long)t->end_winner[w]);
    fprintf(out, ", no winner %llu; stopped by the step limit: %llu\n",
            (unsigned long long)t->end_none, (unsigned long long)t->limits);
    print_reasons(out, p, &t->reasons);
    if (t->end_limit)
        fprintf(out, "  of which ended by a limit the rules set, not a real end: %llu\n",
                (unsigned long long)t->end_limit);
    if (t->fingerprint_seeds)
        fprintf(out,
                "  fingerprints: states known by a 64-bit hash; the chance that two were taken "
                "for one: %.1e\n",
                t->collision);
    if (t->renamings)
        fprintf(out,
                "  symmetry: states that differ by a renaming of the seats counted once (%d "
                "renamings; --no-symmetry counts them apart)\n",
                t->renamings);
    else if (p->symmetric)
        fprintf(out, "  symmetry: declared, not used (--no-symmetry, hidden state, one player, or "
                     "more than %d)\n", EX_SYMMETRY_MAX_SEATS);
    int triggers, fired;
    free(sc_trigger_procs(p, t->triggers, &triggers, &fired));
    fprintf(out, "  reached: steps %d of %u, options %d of %u, triggers %d of %d\n",
            sc_count(t->steps, p->nsteps), (unsigned)p->nsteps, sc_count(t->options, p->noptions),
            (unsigned)p->noptions, fired, triggers);
    sc_coverage reached = {t->steps, t->options, t->triggers};
    sc_report_rules(&reached, p, out);
    return errors;
}

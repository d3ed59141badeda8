/* diff_report.c — what `ordo diff` prints and writes (see diff.h): the
 * partings grouped by rule ID, each at the lines of both files with the
 * play that reaches it (after a --from set-up: named); the declarations
 * that differ; the partings as scenarios of A (a set-up's first); and a
 * rule document's section on what a layer changes.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diff.h"
#include "doc_model.h"

static const char *const kind_names[DF_NKINDS] = {
    "an option offered by one alone", "the same choice, other events",
    "the same choice, another state", "a decision in one, none or another's in the other",
    "another end",                    "a runtime error in one"};

/* "FILE:LINE" of one side, or "FILE" when no line is known. */
static void place(char *buf, size_t n, const char *file, const char *fallback, uint32_t line)
{
    const char *f = file ? file : fallback;
    if (line)
        snprintf(buf, n, "%s:%lu", f, (unsigned long)line);
    else
        snprintf(buf, n, "%s", f);
}

/* The first rule ID of `rules`, into buf ("" when none). */
static void first_id(const char *rules, char *buf, size_t n)
{
    snprintf(buf, n, "%.*s", (int)strcspn(rules, " "), rules);
}

static int cmp_text(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The distinct first rule IDs of the differences, sorted (malloc'd; their
 * number in *n; "" stands for none). */
static char **group_ids(const df_result *r, size_t *n)
{
    char **ids = calloc(r->n + 1, sizeof *ids);
    *n = 0;
    for (size_t k = 0; ids && k < r->n; k++) {
        char id[200];
        first_id(r->v[k].rules, id, sizeof id);
        int seen = 0;
        for (size_t j = 0; j < *n && !seen; j++)
            seen = strcmp(ids[j], id) == 0;
        if (!seen && (ids[*n] = strdup(id)))
            (*n)++;
    }
    if (ids)
        qsort(ids, *n, sizeof *ids, cmp_text);
    return ids;
}

/* The rule IDs cited by any difference, each once. */
static size_t count_ids(const df_result *r)
{
    size_t n = 0, cap = 0;
    char **seen = NULL;
    for (size_t k = 0; k < r->n; k++)
        for (const char *s = r->v[k].rules; *s; s += strspn(s, " ")) {
            size_t len = strcspn(s, " ");
            int known = 0;
            for (size_t j = 0; j < n && !known; j++)
                known = strlen(seen[j]) == len && strncmp(seen[j], s, len) == 0;
            if (!known) {
                if (n == cap) {
                    cap = cap ? 2 * cap : 16;
                    char **v = realloc(seen, cap * sizeof *v);
                    if (!v)
                        break;
                    seen = v;
                }
                seen[n] = strndup(s, len);
                if (seen[n])
                    n++;
            }
            s += len;
        }
    for (size_t j = 0; j < n; j++)
        free(seen[j]);
    free(seen);
    return n;
}

static void report_one(FILE *out, const df_side *a, const df_side *b, const df_difference *d,
                       const df_rules *rules)
{
    char pa[600], pb[600];
    place(pa, sizeof pa, d->file_a, a->file, d->line_a);
    place(pb, sizeof pb, d->file_b, b->file, d->line_b);
    fprintf(out, "  %s: %s: %s: %s", pa, pb, kind_names[d->kind], d->what);
    if (d->rules[0])
        fprintf(out, " [%s]", d->rules);
    fputc('\n', out);
    if (d->change && rules)
        fprintf(out, "    explained by %s\n", d->because);
    else
        fputs("    unexplained: no override or changed declaration of B runs there\n", out);
    const df_start *st = d->start;
    if (st)
        fprintf(out, "    from the set-up of scenario \"%s\" (%s)%s%s%s%s\n", st->name, st->where,
                st->only[1][0] ? "; in B alone: " : "", st->only[1],
                st->only[0][0] ? "; in A alone: " : "", st->only[0]);
    fprintf(out, "    %sseed %llu, %d decisions:", st ? "then " : "", (unsigned long long)d->seed,
            d->decisions);
    for (int t = 0; t < d->npath; t++)
        fprintf(out, "%s %s", t ? ";" : "", d->path[t]);
    if (d->count > 1)
        fprintf(out, " (and %llu more plays)", (unsigned long long)(d->count - 1));
    if (d->bridges)
        fprintf(out, " (B took %d decision%s of its own on the way)", d->bridges,
                d->bridges == 1 ? "" : "s");
    fputc('\n', out);
}

/* The search's two summary lines: what it searched, and "N differences
 * in M rule IDs; unexplained: K". */
static void summary(const df_result *r, int nplayers, char *searched, size_t ns, char *counts,
                    size_t nc)
{
    size_t unexplained = 0, nids = count_ids(r);
    for (size_t k = 0; k < r->n; k++)
        unexplained += !r->v[k].change;
    char starts[80] = "";
    if (r->starts)
        snprintf(starts, sizeof starts, " and %d scenario%s set-up%s", r->starts,
                 r->starts == 1 ? "'s" : "s'", r->starts == 1 ? "" : "s");
    snprintf(searched, ns,
             "searched %llu pairs of states from %llu seed%s%s (%d players), depth %d, %.1f s%s%s",
             (unsigned long long)r->states, (unsigned long long)r->seeds, r->seeds == 1 ? "" : "s",
             starts, nplayers, r->depth, r->seconds,
             r->complete ? ", every pair reached" : ", bounded (--depth, --states, --seconds)",
             r->chance_cut ? "; rolls cut at --outcomes" : "");
    snprintf(counts, nc, "%zu difference%s in %zu rule ID%s; unexplained: %zu", r->n,
             r->n == 1 ? "" : "s", nids, nids == 1 ? "" : "s", unexplained);
}

void df_report(FILE *out, const df_side *a, const df_side *b, const df_options *o,
               const df_result *r, const df_rules *rules)
{
    size_t nids = 0;
    char **ids = group_ids(r, &nids);
    for (size_t g = 0; ids && g < nids; g++) {
        fprintf(out, "%s\n", ids[g][0] ? ids[g] : "(no rule ID)");
        for (size_t k = 0; k < r->n; k++) {
            char id[200];
            first_id(r->v[k].rules, id, sizeof id);
            if (strcmp(id, ids[g]) == 0)
                report_one(out, a, b, &r->v[k], rules);
        }
        free(ids[g]);
    }
    free(ids);
    char searched[400], counts[200];
    summary(r, o->nplayers, searched, sizeof searched, counts, sizeof counts);
    fprintf(out, "%s\n%s\n", searched, counts);
}

static const char *const how_names[] = {"only in A", "only in B", "changed"};

void df_report_rules(FILE *out, const df_side *a, const df_side *b, const df_rules *rules)
{
    size_t n[3] = {0, 0, 0};
    for (int what = 0; what < DF_NWHAT; what++)
        for (size_t k = 0; k < rules->n; k++) {
            const df_change *c = &rules->v[k];
            if (c->what != what)
                continue;
            char pa[600] = "-", pb[600] = "-";
            if (c->line_a)
                place(pa, sizeof pa, c->file_a, a->file, c->line_a);
            if (c->line_b)
                place(pb, sizeof pb, c->file_b, b->file, c->line_b);
            fprintf(out, "%s %s: %s%s%s (A %s, B %s)", df_what_name(what), c->name,
                    how_names[c->how], c->detail[0] ? ", " : "", c->detail, pa, pb);
            if (c->rules[0])
                fprintf(out, " [%s]", c->rules);
            fputc('\n', out);
            n[c->how]++;
        }
    fprintf(out, "%zu declarations differ: %zu only in A, %zu only in B, %zu changed\n",
            rules->n, n[DF_ONLY_A], n[DF_ONLY_B], n[DF_CHANGED]);
}

/* A scenario's title: no quote, no backslash. */
static void title_text(const char *s, char *buf, size_t n)
{
    size_t at = 0;
    for (; *s && at + 1 < n; s++)
        buf[at++] = *s == '"' || *s == '\\' ? '\'' : *s;
    buf[at] = 0;
}

/* The set-up of start st, as its text has it (diff_from.c), but for the
 * totals its `roll` lines force that A's set-up did not roll (rolled: how
 * many it did): the search rolled every total in their place. */
static void write_setup(FILE *f, const df_start *st, uint32_t rolled)
{
    fprintf(f, "    # the set-up of scenario \"%s\" (%s)\n", st->name, st->where);
    uint32_t at = 0;
    for (const char *l = st->text; *l;) {
        size_t n = strcspn(l, "\n");
        const char *w = l + strspn(l, " ");
        if (strncmp(w, "roll ", 5) == 0) {
            /* the totals of the line A rolled: those before its use-th comma */
            uint32_t count = 1, use;
            for (const char *c = w; c < l + n; c++)
                count += *c == ',';
            use = rolled > at ? (rolled - at < count ? rolled - at : count) : 0;
            size_t cut = n;
            for (uint32_t seen = 0, k = 0; use < count && k < n; k++)
                if (l[k] == ',' && ++seen == use)
                    cut = k;
            if (use)
                fprintf(f, "%.*s\n", (int)cut, l);
            at += count;
        } else {
            fprintf(f, "%.*s\n", (int)n, l);
        }
        l += n + (l[n] == '\n');
    }
}

int df_write_scenarios(FILE *f, const char *base, const df_result *r, int nplayers)
{
    char cwd[4096];
    if (base[0] != '/' && !getcwd(cwd, sizeof cwd))
        return -1;
    fprintf(f,
            "# Written by ordo diff: each difference found, as a scenario of the\n"
            "# ruleset below that passes there; extended from the other, it fails.\n"
            "ruleset \"the differences, as scenarios\"\n"
            "extends \"%s%s%s\"\n\n",
            base[0] == '/' ? "" : cwd, base[0] == '/' ? "" : "/", base);
    for (size_t k = 0; k < r->n; k++) {
        const df_difference *d = &r->v[k];
        char title[300];
        title_text(d->what, title, sizeof title);
        fprintf(f, "scenario \"difference %zu: %s\" {\n    players %d\n    seed %llu\n", k + 1,
                title, d->players ? d->players : nplayers, (unsigned long long)d->seed);
        if (d->start)
            write_setup(f, d->start, d->rolled);
        for (int t = 0; t < d->npath; t++)
            fprintf(f, "    %s\n", d->path[t]);
        if (d->assert_a[0])
            fprintf(f, "    %s\n", d->assert_a);
        else
            fprintf(f, "    # nothing asserted: %s\n", kind_names[d->kind]);
        fputs("}\n\n", f);
    }
    return 0;
}

int df_doc_changes(struct doc_model *m, const df_side *a, const df_rules *rules)
{
    if (doc_model_add_change(m, a->file, NULL) != 0)
        return -1;
    for (size_t k = 0; k < rules->n; k++) {
        const df_change *c = &rules->v[k];
        char line[800];
        snprintf(line, sizeof line, "%s %s: %s%s%s%s%s%s", df_what_name(c->what), c->name,
                 how_names[c->how], c->detail[0] ? ", " : "", c->detail,
                 c->rules[0] ? " (" : "", c->rules, c->rules[0] ? ")" : "");
        if (doc_model_add_change(m, a->file, line) != 0)
            return -1;
    }
    return 0;
}

int df_doc_partings(struct doc_model *m, const df_side *a, const df_side *b, int nplayers,
                    const df_result *r, const df_rules *rules)
{
    char searched[400], counts[200], line[4608];
    summary(r, nplayers, searched, sizeof searched, counts, sizeof counts);
    snprintf(line, sizeof line, "%s (%s).", counts, searched);
    if (doc_model_add_parting(m, line, NULL) != 0)
        return -1;
    for (size_t k = 0; k < r->n; k++) {
        const df_difference *d = &r->v[k];
        char pa[600], pb[600], from[1200] = "";
        place(pa, sizeof pa, d->file_a, a->file, d->line_a);
        place(pb, sizeof pb, d->file_b, b->file, d->line_b);
        if (d->start)
            snprintf(from, sizeof from, " after the set-up of scenario \"%s\" (%s),",
                     d->start->name, d->start->where);
        snprintf(line, sizeof line, "%s%s%s%s and %s: %s: %s; %s%s;%s seed %llu, %d decisions",
                 d->rules[0] ? "[" : "", d->rules, d->rules[0] ? "] " : "", pa, pb,
                 kind_names[d->kind], d->what, d->change && rules ? "explained by " : "unexplained",
                 d->change && rules ? d->because : "", from, (unsigned long long)d->seed,
                 d->decisions);
        if (doc_model_add_parting(m, NULL, line) != 0)
            return -1;
    }
    return 0;
}

/* diff_run.c — a whole run of `ordo diff` as its command line names it
 * (diff.h, df_diff): the player count checked against both rulesets, the
 * declarations compared, then either their list (--rules) or the lockstep
 * search (from the start, then from each set-up --from names, each
 * compared on its own sides and its partings merged), its report, and
 * the partings as scenarios in a file written whole or not at all
 * (files.h). The exit status is diff(1)'s.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "files.h"

/* The partings as scenarios, into the file r->scenarios (written whole or
 * not at all): 0, or -1 after a message. */
static int write_scenarios(const df_side *a, const df_request *r, const df_result *res)
{
    play_output out;
    FILE *f = tool_output_open(&out, r->scenarios, r->prog);
    if (!f)
        return -1;
    if (df_write_scenarios(f, a->file, res, r->o.nplayers) != 0) {
        fprintf(stderr, "%s: cannot name '%s' from here\n", r->prog, a->file);
        play_output_abort(&out);
        return -1;
    }
    return tool_output_commit(&out, r->prog);
}

static int same_text(const char *x, const char *y)
{
    return x == y || (x && y && strcmp(x, y) == 0);
}

/* Whether the play to d shows its parting better than the one to e: it
 * takes fewer decisions of B alone (a walk's), then fewer decisions. */
static int better(const df_difference *d, const df_difference *e)
{
    return d->bridges != e->bridges ? d->bridges < e->bridges : d->decisions < e->decisions;
}

/* Moves the differences of `from` into `into`: one found there already
 * (the same kind, lines and key) is counted there, and shown by the
 * better play of the two. */
static void merge(df_result *into, df_result *from)
{
    for (size_t k = 0; k < from->n; k++) {
        df_difference *d = &from->v[k], *e = NULL;
        for (size_t j = 0; j < into->n && !e; j++) {
            df_difference *x = &into->v[j];
            if (x->kind == d->kind && x->line_a == d->line_a && x->line_b == d->line_b &&
                same_text(x->file_a, d->file_a) && same_text(x->file_b, d->file_b) &&
                strcmp(x->key, d->key) == 0)
                e = x;
        }
        df_difference *slot = e ? NULL : df_result_add(into);
        if (e && better(d, e)) {
            df_difference was = *e;
            *e = *d;
            *d = was; /* freed with `from` */
            e->count += d->count;
        } else if (e) {
            e->count += d->count;
        }
        if (slot) {
            *slot = *d;
            d->path = NULL;
            d->npath = 0;
        }
    }
    into->states += from->states;
    into->transitions += from->transitions;
    into->depth = from->depth > into->depth ? from->depth : into->depth;
    into->complete = into->complete && from->complete;
    into->chance_cut |= from->chance_cut;
    into->seconds += from->seconds;
    into->starts++;
}

/* The search from each start, its differences merged into res: 0; 1
 * when a start is trouble (said on `out`); -1 when a search failed. */
static int search_starts(df_starts *starts, const df_request *r, df_result *res, FILE *out)
{
    int rc = 0;
    for (size_t k = 0; k < starts->n && rc >= 0; k++) {
        df_start *st = &starts->v[k];
        if (!st->trouble[0])
            df_start_check(st, st->players ? st->players : r->o.nplayers,
                           st->has_seed ? st->seed : r->o.seed);
        if (st->trouble[0]) {
            fprintf(out, "trouble: the set-up of scenario \"%s\" (%s): %s\n", st->name,
                    st->where, st->trouble);
            rc = 1;
            continue;
        }
        df_rules rules;
        df_result one;
        memset(&rules, 0, sizeof rules);
        memset(&one, 0, sizeof one);
        if (df_compare_rules(&st->side[0], &st->side[1], &rules) != 0 ||
            df_search_from(st, &r->o, &rules, &one) != 0)
            rc = -1;
        else
            merge(res, &one);
        df_rules_free(&rules);
        df_result_free(&one);
    }
    return rc;
}

int df_search_all(const df_side *a, const df_side *b, const df_request *r,
                  const df_rules *rules, df_result *res, FILE *out)
{
    df_starts starts = {NULL, 0};
    memset(res, 0, sizeof *res);
    for (int k = 0; k < r->nfrom; k++)
        if (df_starts_read(r->from[k], a, b, &starts, r->prog) != 0) {
            df_starts_free(&starts);
            return -1;
        }
    int rc = -1;
    if (df_search(a, b, &r->o, rules, res) != 0 ||
        (rc = search_starts(&starts, r, res, out)) < 0)
        fprintf(stderr, "%s: the search failed (out of memory?)\n", r->prog);
    res->from = starts; /* the differences found from them point at them */
    return rc;
}

/* The search, its report and its scenarios: the exit status. */
static int search(const df_side *a, const df_side *b, const df_request *r,
                  const df_rules *rules, FILE *out)
{
    df_result res;
    int status = TOOL_USAGE, trouble = df_search_all(a, b, r, rules, &res, out);
    if (trouble >= 0) {
        df_report(out, a, b, &r->o, &res, rules);
        status = trouble ? TOOL_USAGE : res.n ? TOOL_FAIL : TOOL_OK;
        if (r->scenarios && write_scenarios(a, r, &res) != 0)
            status = TOOL_USAGE;
    }
    df_result_free(&res);
    return status;
}

void df_options_default(df_options *o, double seconds)
{
    memset(o, 0, sizeof *o);
    /* the pair search has no symmetry: no_symmetry is moot */
    o->lim = (ex_limits){.memory = (uint64_t)512 << 20, .seconds = seconds,
                         .max_steps = 1000000, .outcomes = 100000, .search = EX_SEARCH_MIXED};
    o->seed = o->seeds = 1;
}

static int plays(const ordo_program *p, int n)
{
    return n >= p->min_players && n <= p->max_players;
}

int df_players(const df_side *a, const df_side *b, df_request *r)
{
    if (!r->o.nplayers)
        r->o.nplayers = a->p->min_players;
    if (plays(a->p, r->o.nplayers) && plays(b->p, r->o.nplayers))
        return 0;
    fprintf(stderr, "%s: %d players: A plays %d..%d, B %d..%d\n", r->prog, r->o.nplayers,
            a->p->min_players, a->p->max_players, b->p->min_players, b->p->max_players);
    return -1;
}

int df_diff(const df_side *a, const df_side *b, const df_request *r, FILE *out)
{
    df_request req = *r;
    if (df_players(a, b, &req) != 0)
        return TOOL_USAGE;
    df_rules rules;
    int status;
    if (df_compare_rules(a, b, &rules) != 0) {
        fprintf(stderr, "%s: out of memory\n", r->prog);
        status = TOOL_USAGE;
    } else if (r->rules) {
        df_report_rules(out, a, b, &rules);
        status = rules.n ? TOOL_FAIL : TOOL_OK;
    } else {
        status = search(a, b, &req, &rules, out);
    }
    df_rules_free(&rules);
    return status;
}

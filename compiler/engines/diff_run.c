/* diff_run.c — a whole run of `ordo diff` as its command line names it
 * (diff.h, df_diff): the player count checked against both rulesets, the
 * declarations compared, then either their list (--rules) or the lockstep
 * search, its report, and the partings as scenarios in a file written
 * whole or not at all (files.h). The exit status is diff(1)'s.
 */
#include <stdio.h>

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

/* The search, its report and its scenarios: the exit status. */
static int search(const df_side *a, const df_side *b, const df_request *r,
                  const df_rules *rules, FILE *out)
{
    df_result res;
    int status = TOOL_USAGE;
    if (df_search(a, b, &r->o, rules, &res) != 0)
        fprintf(stderr, "%s: the search failed (out of memory?)\n", r->prog);
    else {
        df_report(out, a, b, &r->o, &res, rules);
        status = res.n ? TOOL_FAIL : TOOL_OK;
        if (r->scenarios && write_scenarios(a, r, &res) != 0)
            status = TOOL_USAGE;
    }
    df_result_free(&res);
    return status;
}

static int plays(const ordo_program *p, int n)
{
    return n >= p->min_players && n <= p->max_players;
}

int df_diff(const df_side *a, const df_side *b, const df_request *r, FILE *out)
{
    df_request req = *r;
    if (!req.o.nplayers)
        req.o.nplayers = a->p->min_players;
    if (!plays(a->p, req.o.nplayers) || !plays(b->p, req.o.nplayers)) {
        fprintf(stderr, "%s: %d players: A plays %d..%d, B %d..%d\n", r->prog, req.o.nplayers,
                a->p->min_players, a->p->max_players, b->p->min_players, b->p->max_players);
        return TOOL_USAGE;
    }
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

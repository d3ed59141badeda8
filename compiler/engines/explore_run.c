/* explore_run.c — a whole run of `ordo explore` as its command line
 * names it (explore.h, ex_explore): the player count checked against the
 * ruleset, the vars to --ignore found by name, the search over the seeds
 * (ex_run), its report, and the findings as scenarios in a file written
 * whole or not at all (files.h). Not in the Python binding's engines: it
 * writes files through the host kit. */
#include <stdio.h>

#include "explore.h"
#include "files.h"

enum { EX_MAX_IGNORE = 16 };

/* The --ignore vars' indexes into ignore[], -1 after the last: 0, or -1
 * after a message when one is no var of p. */
static int find_ignored(const ordo_program *p, const ex_request *r, int *ignore)
{
    for (int k = 0; k < r->nignore; k++) {
        ignore[k] = ordo_find_var(p, r->ignore[k]);
        if (ignore[k] < 0) {
            fprintf(stderr, "%s: --ignore '%s': the ruleset has no such var\n", r->o.prog,
                    r->ignore[k]);
            return -1;
        }
    }
    ignore[r->nignore] = -1;
    return 0;
}

/* The findings as scenarios, into the file r->scenarios (written whole or
 * not at all): 0, or -1 when it could not be written. */
static int write_scenarios(const ordo_program *p, const ex_request *r, const ex_total *t,
                           int nplayers)
{
    play_output out;
    FILE *f = tool_output_open(&out, r->scenarios, r->o.prog);
    if (!f)
        return -1;
    ex_write_scenarios(f, p, r->file, t, nplayers);
    return tool_output_commit(&out, r->o.prog);
}

int ex_explore(const ordo_program *p, const ex_request *r, FILE *out)
{
    ex_run_options o = r->o;
    int ignore[EX_MAX_IGNORE + 1];
    if (!o.nplayers)
        o.nplayers = p->min_players;
    if (o.nplayers < p->min_players || o.nplayers > p->max_players) {
        fprintf(stderr, "%s: --players must be in %d..%d\n", o.prog, p->min_players,
                p->max_players);
        return TOOL_USAGE;
    }
    if (r->nignore > EX_MAX_IGNORE || find_ignored(p, r, ignore) != 0)
        return TOOL_USAGE;
    o.lim.ignore = r->nignore ? ignore : NULL;
    ex_total t;
    int status;
    if (ex_run(p, &o, &t) != 0) {
        fprintf(stderr, "%s: the search failed (out of memory?)\n", o.prog);
        status = TOOL_FAIL;
    } else if (o.mpi && o.mpi->rank != 0) {
        status = TOOL_OK; /* rank 0 reports the search all ranks shared */
    } else {
        status = ex_report(out, p, r->file, &o, &t) ? TOOL_FAIL : TOOL_OK;
        if (r->scenarios && write_scenarios(p, r, &t, o.nplayers) != 0)
            status = TOOL_FAIL; /* as ordoc and ordo doc when their output fails */
    }
    ex_total_free(&t);
    return status;
}

/* data_check.c — the ruleset's `check "TEXT" [for ROW in TABLE] = EXPR`
 * declarations, run on the built program: each is a bool fn, evaluated
 * (ordo_eval) on a new game of the program, once for every row of TABLE
 * (or once). A row for which it is false is an error at that row's line
 * of the table's CSV file, so bad data (a missing hex, a token of 7, a
 * harbour off the coast) is refused where it is written, before any game
 * is played. */
#include <stdio.h>

#include "passes.h"

#define MAX_ROWS_REPORTED 20 /* per check: then how many more */

/* The check's table (its param's type), or NULL for a check of the whole. */
static const ast_decl *row_table(const ast_decl *c)
{
    if (c->nparams != 1 || c->params[0]->type.kind != TY_ENUM)
        return NULL;
    return c->params[0]->type.enm;
}

static void run_check(diag *d, const oc_resolution *res, const ast_decl *c, ordo_game *g)
{
    const ast_decl *t = row_table(c);
    uint32_t rows = t ? t->nmembers : 1, failed = 0;
    for (uint32_t r = 0; r < rows; r++) {
        int32_t arg = (int32_t)r, holds = 1;
        int rc = ordo_eval(g, (int)oc_decl_index(res, c), t ? &arg : NULL, t ? 1 : 0, &holds);
        if (rc < 0) {
            char why[256];
            if (ordo_error_message(g, why, sizeof why) < 0 || !why[0])
                snprintf(why, sizeof why, "%s", ordo_strerror(rc));
            diag_error(d, t ? t->members[r]->loc : c->loc,
                       "the check \"%s\" cannot be evaluated%s%s%s: %s", c->title,
                       t ? " on row '" : "", t ? t->members[r]->name : "", t ? "'" : "", why);
            return;
        }
        if (holds)
            continue;
        if (++failed > MAX_ROWS_REPORTED)
            continue;
        if (t)
            diag_error(d, t->members[r]->loc, "check failed: %s (row '%s' of table '%s')",
                       c->title, t->members[r]->name, t->name);
        else
            diag_error(d, c->loc, "check failed: %s", c->title);
    }
    if (failed > MAX_ROWS_REPORTED)
        diag_error(d, c->loc, "check failed: %s, on %lu more rows of table '%s'", c->title,
                   (unsigned long)(failed - MAX_ROWS_REPORTED), t->name);
}

int oc_run_data_checks(const ast_file *f, const oc_resolution *res, const ordo_program *p,
                       diag *d)
{
    int before = d->errors, any = 0;
    for (const ast_decl *c = f->decls; c; c = c->next)
        any |= c->data_check;
    if (!any)
        return 0;
    ordo_game *g;
    if (ordo_new(p, p->min_players, 1, &g) != ORDO_OK) {
        diag_error(d, (ast_loc){0, 0}, "cannot make a game to run the checks on");
        return 1;
    }
    for (const ast_decl *c = f->decls; c; c = c->next)
        if (c->data_check)
            run_check(d, res, c, g);
    ordo_free(g);
    return d->errors - before;
}

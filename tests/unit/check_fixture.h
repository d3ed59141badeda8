/* check_fixture.h — what the tests of resolution and of the checks share
 * (test_resolve.c, test_checks.c): a ruleset run through the front end up
 * to a pass, its messages compared, a declaration or a step found. */
#ifndef ORDO_TEST_CHECK_FIXTURE_H
#define ORDO_TEST_CHECK_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "check.h"
#include "fe_harness.h"
#include "resolve.h"

/* ------------------------------------------------------------ harness */

/* The stages up to `upto` (1 parse, 2 resolve, 3 check); the test rulesets
 * are all free of syntax errors. */
static inline fe *run_upto(const char *src, int upto)
{
    fe *x = fe_new("c.ordo", src);
    x->d.max_errors = 200;
    fe_run(x, upto);
    assert_non_null(x->f);
    if (x->parse_errors)
        fail_msg("syntax errors in a test ruleset:\n%s", msgs(x));
    return x;
}

static inline fe *run(const char *src)
{
    return run_upto(src, 3);
}

/* The whole diagnostic output must be exactly `want`. */
static inline void msgs_are(fe *x, const char *want)
{
    const char *got = msgs(x);
    if (strcmp(got, want) != 0) {
        fprintf(stderr, "---- expected:\n%s---- got:\n%s----\n", want, got);
        fail_msg("diagnostics differ");
    }
}

/* The diagnostic output must begin with `want`. */
static inline void msgs_begin(fe *x, const char *want)
{
    const char *got = msgs(x);
    if (strncmp(got, want, strlen(want)) != 0) {
        fprintf(stderr, "---- expected at the start:\n%s---- got:\n%s----\n", want, got);
        fail_msg("diagnostics differ");
    }
}

/* A clean run: no diagnostic at all, every stage run. */
static inline fe *run_ok(const char *src)
{
    fe *x = run(src);
    no_diags(x);
    assert_int_equal(x->check_errors, 0);
    return x;
}

static inline ast_decl *find_decl(fe *x, const char *name)
{
    for (ast_decl *d = x->f->decls; d; d = d->next)
        if (d->name && strcmp(d->name, name) == 0)
            return d;
    fail_msg("no declaration '%s'", name);
    return NULL;
}

/* The step numbered `num`. */
static inline ast_stmt *step(fe *x, const char *num)
{
    for (uint32_t i = 0; i < x->res->nsteps; i++)
        if (strcmp(x->res->steps[i]->u.step.number, num) == 0)
            return x->res->steps[i];
    fail_msg("no step %s", num);
    return NULL;
}

#define HEAD "ruleset \"T\"\nplayers 2..4\n"

#endif /* ORDO_TEST_CHECK_FIXTURE_H */

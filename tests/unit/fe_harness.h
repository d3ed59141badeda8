/* fe_harness.h — the harness the front-end unit tests share (test_lexer.c,
 * test_parser_*.c, test_resolve.c, test_checks.c): an arena and a diag
 * that writes to a memory stream, the stages run as compile.c runs them (parse, resolve, check),
 * the diagnostics read back as text, and a few tree lookups.
 *
 *   fe *x = fe_run(fe_new("t.ordo", src), 1);   // parse only
 *   assert_string_equal(msgs(x), "t.ordo:1:3: error: ...\n...");
 *   done(x);
 *
 * Include it after <cmocka.h> (and the headers cmocka wants before it).
 * The functions are static inline so that a test that does not use one
 * gets no unused-function warning. */
#ifndef ORDO_TEST_FE_HARNESS_H
#define ORDO_TEST_FE_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes.h"

typedef struct fe {
    oc_arena *a;
    diag d;
    FILE *out; /* the diagnostics, in memory: buf and len */
    char *buf;
    size_t len;
    const char *src;
    ast_file *f;
    const oc_resolution *res;     /* what resolution produced */
    int parse_errors, resolve_errors, check_errors; /* -1: stage not run */
} fe;

/* Sets up x (storage the caller owns) for src, named `file` in messages. */
static inline void fe_open(fe *x, const char *file, const char *src)
{
    x->a = arena_new();
    assert_non_null(x->a);
    x->out = open_memstream(&x->buf, &x->len);
    assert_non_null(x->out);
    x->src = src;
    diag_init(&x->d, x->a, x->out, file, src, strlen(src));
    x->parse_errors = x->resolve_errors = x->check_errors = -1;
}

/* Frees what fe_open made (not x itself). */
static inline void fe_close(fe *x)
{
    fclose(x->out);
    free(x->buf);
    arena_free(x->a);
}

/* A new harness on the heap, no stage run yet (done() frees it). */
static inline fe *fe_new(const char *file, const char *src)
{
    fe *x = calloc(1, sizeof *x);
    assert_non_null(x);
    fe_open(x, file, src);
    return x;
}

/* Runs the stages up to `upto` (1 parse, 2 resolve, 3 check), each only
 * when the ones before were clean, as compile.c does. Returns x. */
static inline fe *fe_run(fe *x, int upto)
{
    x->f = ast_parse(x->a, &x->d, x->src, strlen(x->src));
    x->parse_errors = x->d.errors;
    if (upto >= 2 && x->f && x->parse_errors == 0)
        x->resolve_errors = oc_resolve(x->a, x->f, &x->d, &x->res);
    if (upto >= 3 && x->f && x->d.errors == 0)
        x->check_errors = oc_check(x->a, x->f, x->res, &x->d);
    fflush(x->out);
    return x;
}

/* Every diagnostic so far, as one string. */
static inline const char *msgs(fe *x)
{
    fflush(x->out);
    return x->buf ? x->buf : "";
}

static inline void done(fe *x)
{
    fe_close(x);
    free(x);
}

/* Fails the test, showing them, when there was any diagnostic. */
static inline void no_diags(fe *x)
{
    if (x->d.errors || x->d.warnings)
        fail_msg("unexpected diagnostics:\n%s", msgs(x));
}

static inline void loc_is(ast_loc l, unsigned line, unsigned col)
{
    if (l.line != line || l.col != col)
        fail_msg("at %u:%u, expected %u:%u", l.line, l.col, line, col);
}

/* The n-th statement of a block (0-based). */
static inline ast_stmt *nth(const ast_block *b, int n)
{
    ast_stmt *s = b->first;
    while (s && n-- > 0)
        s = s->next;
    assert_non_null(s);
    return s;
}

#endif /* ORDO_TEST_FE_HARNESS_H */

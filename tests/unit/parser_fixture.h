/* parser_fixture.h — what the parser's tests share (test_parser_*.c): a
 * text parsed into a tree, its declarations and sequence found. */
#ifndef ORDO_TEST_PARSER_FIXTURE_H
#define ORDO_TEST_PARSER_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "fe_harness.h"

/* ------------------------------------------------------------ harness */

static inline fe *parse(const char *src)
{
    return fe_run(fe_new("p.ordo", src), 1);
}

/* Parses and requires no diagnostic at all. */
static inline fe *parse_ok(const char *src)
{
    fe *p = parse(src);
    no_diags(p);
    assert_non_null(p->f);
    return p;
}

/* The n-th declaration (0-based). */
static inline ast_decl *decl_n(fe *p, int n)
{
    ast_decl *d = p->f->decls;
    while (d && n-- > 0)
        d = d->next;
    assert_non_null(d);
    return d;
}

static inline ast_decl *seq(fe *p)
{
    for (ast_decl *d = p->f->decls; d; d = d->next)
        if (d->kind == D_SEQUENCE)
            return d;
    fail_msg("no sequence");
    return NULL;
}

/* A ruleset with the given declarations; the sequence body is `body`. */
#define RS(decls, body) "ruleset \"T\"\nplayers 2..4\n" decls "sequence {\n" body "}\n"


/* ------------------------------------------------- expressions as text */

typedef struct sbuf {
    char s[2048];
    size_t n;
} sbuf;

static inline void put(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->s + b->n, sizeof b->s - b->n, fmt, ap);
    va_end(ap);
    if (k > 0)
        b->n += (size_t)k;
    assert_true(b->n < sizeof b->s);
}

static inline void sx_expr(sbuf *b, const ast_expr *e);

static inline void sx_iter(sbuf *b, const ast_iter *it)
{
    switch (it->kind) {
    case IT_PLAYERS: put(b, "players"); return;
    case IT_ALL_PLAYERS: put(b, "all players"); return;
    case IT_RANGE:
        put(b, "(.. ");
        sx_expr(b, it->lo);
        put(b, " ");
        sx_expr(b, it->hi);
        put(b, ")");
        return;
    default: sx_expr(b, it->list); return;
    }
}

static inline void sx_args(sbuf *b, ast_expr *const *args, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        put(b, i ? ", " : "");
        sx_expr(b, args[i]);
    }
}

static inline void sx_expr(sbuf *b, const ast_expr *e)
{
    static const char *const aggs[] = {"?", "count", "any", "all", "sum", "min", "max"};
    if (!e) {
        put(b, "NULL");
        return;
    }
    switch (e->kind) {
    case E_INT: put(b, "%lld", (long long)e->ival); return;
    case E_BOOL: put(b, e->ival ? "true" : "false"); return;
    case E_NONE: put(b, "none"); return;
    case E_PLAYER: put(b, "(player %lld)", (long long)e->ival); return;
    case E_NAME: put(b, "%s", e->name); return;
    case E_INDEX:
        sx_expr(b, e->base);
        put(b, "[");
        sx_args(b, e->args, e->nargs);
        put(b, "]");
        return;
    case E_CALL:
        put(b, "%s(", e->name);
        sx_args(b, e->args, e->nargs);
        put(b, ")");
        return;
    case E_UNARY:
        put(b, "(%s ", e->op == OP_NOT ? "not" : e->op == OP_NEG ? "neg" : "?");
        sx_expr(b, e->a);
        put(b, ")");
        return;
    case E_BINARY:
        put(b, "(%s ", ast_op_text(e->op));
        sx_expr(b, e->a);
        put(b, " ");
        sx_expr(b, e->b);
        put(b, ")");
        return;
    case E_IF:
        put(b, "(if ");
        sx_expr(b, e->a);
        put(b, " ");
        sx_expr(b, e->b);
        put(b, " ");
        sx_expr(b, e->c);
        put(b, ")");
        return;
    case E_CAPPED:
        put(b, "(capped ");
        sx_expr(b, e->a);
        put(b, " ");
        sx_expr(b, e->b);
        put(b, ")");
        return;
    case E_IN:
        put(b, "(in ");
        sx_expr(b, e->a);
        put(b, " ");
        sx_expr(b, e->b);
        put(b, ")");
        return;
    case E_ROLL:
        put(b, "(roll ");
        if (e->a) {
            sx_expr(b, e->a);
            put(b, " d%d)", (int)e->sides);
        } else
            put(b, "%lldd%d)", (long long)e->ival, (int)e->sides);
        return;
    case E_AGG:
        put(b, "(%s %s in ", aggs[e->op <= AGG_MAX ? e->op : 0], e->var->name);
        sx_iter(b, e->iter);
        if (e->a) {
            put(b, " where ");
            sx_expr(b, e->a);
        }
        if (e->b) {
            put(b, " of ");
            sx_expr(b, e->b);
        }
        put(b, ")");
        return;
    case E_LIST:
        put(b, "[list ");
        sx_args(b, e->args, e->nargs);
        put(b, "]");
        return;
    case E_ROW:
        put(b, "(row ");
        sx_expr(b, e->a);
        put(b, " \"%s\")", e->name);
        return;
    default: put(b, "?%d", e->kind); return;
    }
}

static const char *sx(const ast_expr *e)
{
    static sbuf b;
    b.n = 0;
    b.s[0] = 0;
    sx_expr(&b, e);
    return b.s;
}

/* The value of `x = EXPR` (the first statement of the sequence). */
static inline void expr_is(const char *expr, const char *want)
{
    char src[1024];
    snprintf(src, sizeof src, RS("", "x = %s\n"), expr);
    fe *p = parse_ok(src);
    ast_stmt *s = nth(&seq(p)->body, 0);
    assert_int_equal(s->kind, S_ASSIGN);
    const char *got = sx(s->u.assign.value);
    if (strcmp(got, want) != 0)
        fail_msg("%s\n  parsed as %s\n  expected  %s", expr, got, want);
    done(p);
}

/* ------------------------------------------------------- declarations */

#endif /* ORDO_TEST_PARSER_FIXTURE_H */

/* test_parser.c — the trees dsl/parser.y builds for each construct of
 * doc/language.md (header, declarations, steps and their modifiers, every
 * statement, repeat/for/choose/scope forms, expressions and precedence,
 * scenario items, trigger and anytime declarations), and its syntax errors: exact messages and positions,
 * several errors reported in one run, and the tree kept for the rest.
 *
 * Only ast_parse is called (no resolution): names are unbound here and
 * iterables over an enum are still IT_LIST. Expressions are compared as
 * S-expressions built by sx() below, e.g. "(+ 1 (* 2 3))". */
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

static fe *parse(const char *src)
{
    return fe_run(fe_new("p.ordo", src), 1);
}

/* Parses and requires no diagnostic at all. */
static fe *parse_ok(const char *src)
{
    fe *p = parse(src);
    no_diags(p);
    assert_non_null(p->f);
    return p;
}

/* The n-th declaration (0-based). */
static ast_decl *decl_n(fe *p, int n)
{
    ast_decl *d = p->f->decls;
    while (d && n-- > 0)
        d = d->next;
    assert_non_null(d);
    return d;
}

static ast_decl *seq(fe *p)
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

static void put(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->s + b->n, sizeof b->s - b->n, fmt, ap);
    va_end(ap);
    if (k > 0)
        b->n += (size_t)k;
    assert_true(b->n < sizeof b->s);
}

static void sx_expr(sbuf *b, const ast_expr *e);

static void sx_iter(sbuf *b, const ast_iter *it)
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

static void sx_args(sbuf *b, ast_expr *const *args, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        put(b, i ? ", " : "");
        sx_expr(b, args[i]);
    }
}

static void sx_expr(sbuf *b, const ast_expr *e)
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
        put(b, "(%s %s in ", aggs[e->op <= AGG_MAX ? e->op : 0], e->sym->name);
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
static void expr_is(const char *expr, const char *want)
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

static void test_header(void **state)
{
    (void)state;
    fe *p = parse_ok("# a comment first\n"
                     "ruleset \"Titan: the sequence\"\n"
                     "source  \"Errata \\\"v1.1\\\"\"\n"
                     "players 2..6\n"
                     "sequence { }\n");
    assert_string_equal(p->f->title, "Titan: the sequence");
    loc_is(p->f->title_loc, 2, 1);
    assert_string_equal(p->f->source, "Errata \"v1.1\"");
    assert_int_equal(p->f->min_players, 2);
    assert_int_equal(p->f->max_players, 6);
    loc_is(p->f->players_loc, 4, 1);
    assert_string_equal(p->f->path, "p.ordo");
    /* header lines are not declarations: only the sequence is */
    assert_ptr_equal(p->f->decls, p->f->last_decl);
    assert_int_equal(p->f->decls->kind, D_SEQUENCE);
    assert_null(p->f->decls->name);
    assert_int_equal(p->f->decls->body.count, 0);
    done(p);

    /* a fixed count; source is optional; players may come before source */
    p = parse_ok("ruleset \"T\"\nplayers 3\nsource \"S\"\nsequence { }\n");
    assert_int_equal(p->f->min_players, 3);
    assert_int_equal(p->f->max_players, 3);
    assert_string_equal(p->f->source, "S");
    done(p);
    p = parse_ok("ruleset \"T\"\nplayers 4\nsequence { }\n");
    assert_null(p->f->source);
    done(p);
}

static void test_declarations(void **state)
{
    (void)state;
    fe *p = parse_ok("ruleset \"T\"\n"
                     "players 2..4\n"
                     "enum Creature { angel, archangel, ogre, }\n"
                     "const MAX_STACKS = 12\n"
                     "var battle_turn: 1..7 = 1\n"
                     "var tower[player]: 0..6\n"
                     "var pool[Creature]: 0..30 = 10\n"
                     "var legions[player, 1..MAX_STACKS]: -3..7\n"
                     "var dead: list of Creature [64]\n"
                     "var flag: bool = true\n"
                     "var who: player = none\n"
                     "var n: int\n"
                     "event fled(p: player, points: int)\n"
                     "event tick()\n"
                     "fn half(x: int): int = x / 2\n"
                     "proc encounter(att: player, def: player) { return }\n"
                     "sequence { }\n");
    static const int kinds[] = {D_ENUM, D_CONST, D_VAR, D_VAR, D_VAR, D_VAR, D_VAR, D_VAR, D_VAR,
                                D_VAR, D_EVENT, D_EVENT, D_FN, D_PROC, D_SEQUENCE};
    ast_decl *d = p->f->decls;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++, d = d->next) {
        assert_non_null(d);
        assert_int_equal(d->kind, kinds[i]);
    }
    assert_null(d);

    ast_decl *e = decl_n(p, 0);
    assert_string_equal(e->name, "Creature");
    loc_is(e->loc, 3, 1);
    loc_is(e->name_loc, 3, 6);
    assert_int_equal(e->nmembers, 3); /* a trailing comma is allowed */
    assert_string_equal(e->members[2]->name, "ogre");
    assert_int_equal(e->members[2]->kind, SYM_MEMBER);
    assert_int_equal(e->members[2]->value, 2);
    assert_ptr_equal(e->members[2]->decl, e);
    loc_is(e->members[1]->loc, 3, 24);

    ast_decl *c = decl_n(p, 1);
    assert_string_equal(c->name, "MAX_STACKS");
    assert_string_equal(sx(c->value), "12");

    ast_decl *v = decl_n(p, 2);
    assert_string_equal(v->name, "battle_turn");
    assert_int_equal(v->ndims, 0);
    assert_int_equal(v->type->kind, TX_RANGE);
    assert_string_equal(sx(v->type->lo), "1");
    assert_string_equal(sx(v->type->hi), "7");
    assert_string_equal(sx(v->value), "1");

    v = decl_n(p, 3);
    assert_int_equal(v->ndims, 1);
    assert_int_equal(v->dims[0].kind, DIM_PLAYER);
    loc_is(v->dims[0].loc, 6, 11);
    assert_null(v->value);

    v = decl_n(p, 4);
    assert_int_equal(v->dims[0].kind, DIM_ENUM);
    assert_string_equal(v->dims[0].name, "Creature");
    assert_string_equal(sx(v->value), "10");

    v = decl_n(p, 5);
    assert_int_equal(v->ndims, 2);
    assert_int_equal(v->dims[0].kind, DIM_PLAYER);
    assert_int_equal(v->dims[1].kind, DIM_RANGE);
    assert_string_equal(sx(v->dims[1].lo_e), "1");
    assert_string_equal(sx(v->dims[1].hi_e), "MAX_STACKS");
    assert_string_equal(sx(v->type->lo), "-3"); /* a negative bound is one E_INT */
    assert_int_equal(v->type->lo->kind, E_INT);

    v = decl_n(p, 6);
    assert_int_equal(v->type->kind, TX_LIST);
    assert_int_equal(v->type->elem->kind, TX_NAME);
    assert_string_equal(v->type->elem->name, "Creature");
    assert_string_equal(sx(v->type->cap), "64");

    assert_int_equal(decl_n(p, 7)->type->kind, TX_BOOL);
    assert_string_equal(sx(decl_n(p, 7)->value), "true");
    assert_int_equal(decl_n(p, 8)->type->kind, TX_PLAYER);
    assert_string_equal(sx(decl_n(p, 8)->value), "none");
    assert_int_equal(decl_n(p, 9)->type->kind, TX_INT);

    ast_decl *ev = decl_n(p, 10);
    assert_string_equal(ev->name, "fled");
    assert_int_equal(ev->nparams, 2);
    assert_string_equal(ev->params[0]->name, "p");
    assert_int_equal(ev->params[0]->kind, SYM_LOCAL);
    assert_int_equal(ev->params[0]->local_kind, LOCAL_PARAM);
    assert_ptr_equal(ev->params[0]->decl, ev);
    assert_null(ev->params[0]->hnext); /* the parking spot is cleared */
    assert_int_equal(ev->param_types[0]->kind, TX_PLAYER);
    assert_int_equal(ev->param_types[1]->kind, TX_INT);
    loc_is(ev->params[1]->loc, 13, 23);
    assert_int_equal(decl_n(p, 11)->nparams, 0);

    ast_decl *fn = decl_n(p, 12);
    assert_string_equal(fn->name, "half");
    assert_int_equal(fn->nparams, 1);
    assert_int_equal(fn->type->kind, TX_INT);
    assert_string_equal(sx(fn->body_expr), "(/ x 2)");

    ast_decl *pr = decl_n(p, 13);
    assert_string_equal(pr->name, "encounter");
    assert_int_equal(pr->nparams, 2);
    assert_string_equal(pr->params[1]->name, "def");
    assert_int_equal(pr->body.count, 1);
    assert_int_equal(pr->body.first->kind, S_RETURN);
    done(p);
}

/* ---------------------------------------------------------------- steps */

static void test_steps(void **state)
{
    (void)state;
    fe *p = parse_ok(RS("",
                        "    step 2.5.3 \"the defender may flee\" cite \"TITAN-S5\" cite \"TITAN-S6\" {\n"
                        "        step 2.5.3.1 first turn only optional by active when x > 0 {\n"
                        "        }\n"
                        "        step 2.5.3.2 when done cite \"R\" first turn only { }\n"
                        "    }\n"
                        "    step 7 { }\n"));
    ast_stmt *s = nth(&seq(p)->body, 0);
    assert_int_equal(s->kind, S_STEP);
    loc_is(s->loc, 4, 5);
    assert_string_equal(s->u.step.number, "2.5.3");
    loc_is(s->u.step.number_loc, 4, 10);
    assert_string_equal(s->u.step.title, "the defender may flee");
    ast_cite *c = s->u.step.cites;
    assert_non_null(c);
    assert_string_equal(c->id, "TITAN-S5"); /* in the order written */
    loc_is(c->loc, 4, 45);
    assert_non_null(c->next);
    assert_string_equal(c->next->id, "TITAN-S6");
    assert_null(c->next->next);
    assert_int_equal(s->u.step.first_turn_only, 0);
    assert_null(s->u.step.optional_by);
    assert_null(s->u.step.when);
    assert_int_equal(s->u.step.index, -1); /* [R] fields untouched */
    assert_int_equal(s->u.step.parent, -1);
    assert_int_equal(s->u.step.body.count, 2);

    ast_stmt *a = nth(&s->u.step.body, 0);
    assert_int_equal(a->kind, S_STEP);
    assert_string_equal(a->u.step.number, "2.5.3.1");
    assert_null(a->u.step.title);
    assert_null(a->u.step.cites);
    assert_int_equal(a->u.step.first_turn_only, 1);
    assert_string_equal(sx(a->u.step.optional_by), "active");
    assert_string_equal(sx(a->u.step.when), "(> x 0)");
    assert_int_equal(a->u.step.body.count, 0);
    loc_is(a->u.step.body.loc, 5, 68);
    loc_is(a->u.step.body.end, 6, 9);

    /* modifiers in any order */
    ast_stmt *b = nth(&s->u.step.body, 1);
    assert_string_equal(sx(b->u.step.when), "done");
    assert_string_equal(b->u.step.cites->id, "R");
    assert_int_equal(b->u.step.first_turn_only, 1);

    /* a single integer is a step number */
    ast_stmt *z = nth(&seq(p)->body, 1);
    assert_string_equal(z->u.step.number, "7");
    loc_is(z->u.step.number_loc, 9, 10);
    assert_null(z->next);
    done(p);
}

static void test_step_modifier_twice(void **state)
{
    (void)state;
    fe *p = parse(RS("", "    step 1 when a when b first turn only first turn only optional by active optional by active { }\n"));
    assert_int_equal(p->d.errors, 3);
    assert_string_equal(msgs(p),
                        "p.ordo:4:19: error: 'when' given twice\n"
                        "    step 1 when a when b first turn only first turn only optional by active optional by active { }\n"
                        "                  ^\n"
                        "p.ordo:4:42: error: 'first turn only' given twice\n"
                        "    step 1 when a when b first turn only first turn only optional by active optional by active { }\n"
                        "                                         ^\n"
                        "p.ordo:4:77: error: 'optional by' given twice\n"
                        "    step 1 when a when b first turn only first turn only optional by active optional by active { }\n"
                        "                                                                            ^\n");
    done(p);
}

/* ----------------------------------------------------------- statements */

static void test_let_and_assignment(void **state)
{
    (void)state;
    fe *p = parse_ok(RS("", "    let r = roll d6\n"
                            "    let y: 0..5 = 0\n"
                            "    score[p] = score[p] + 5\n"
                            "    score[p] += 5\n"
                            "    legions[p, 3] -= 1\n"
                            "    n = 1\n"));
    ast_block *b = &seq(p)->body;
    assert_int_equal(b->count, 6);
    ast_stmt *s = nth(b, 0);
    assert_int_equal(s->kind, S_LET);
    loc_is(s->loc, 4, 5);
    assert_string_equal(s->u.let.sym->name, "r");
    assert_int_equal(s->u.let.sym->kind, SYM_LOCAL);
    assert_int_equal(s->u.let.sym->local_kind, LOCAL_LET);
    loc_is(s->u.let.sym->loc, 4, 9);
    assert_null(s->u.let.type);
    assert_string_equal(sx(s->u.let.value), "(roll 1d6)");
    s = nth(b, 1);
    assert_non_null(s->u.let.type);
    assert_int_equal(s->u.let.type->kind, TX_RANGE);
    assert_string_equal(sx(s->u.let.value), "0");
    s = nth(b, 2);
    assert_int_equal(s->kind, S_ASSIGN);
    assert_int_equal(s->u.assign.op, 0);
    assert_string_equal(sx(s->u.assign.target), "score[p]");
    assert_string_equal(sx(s->u.assign.value), "(+ score[p] 5)");
    s = nth(b, 3);
    assert_int_equal(s->u.assign.op, OP_ADD);
    assert_string_equal(sx(s->u.assign.value), "5");
    s = nth(b, 4);
    assert_int_equal(s->u.assign.op, OP_SUB);
    assert_string_equal(sx(s->u.assign.target), "legions[p, 3]");
    assert_int_equal(s->u.assign.target->kind, E_INDEX);
    assert_int_equal(s->u.assign.target->base->kind, E_NAME);
    s = nth(b, 5);
    assert_int_equal(s->u.assign.target->kind, E_NAME);
    assert_null(s->next);
    assert_ptr_equal(b->last, s);
    done(p);
}

static void test_if_chain(void **state)
{
    (void)state;
    fe *p = parse_ok(RS("", "    if a { x = 1 } else if b { x = 2 } else if c { } else { x = 3\n x = 4 }\n"
                            "    if d { }\n"));
    ast_stmt *s = nth(&seq(p)->body, 0);
    assert_int_equal(s->kind, S_IF);
    assert_string_equal(sx(s->u.if_.cond), "a");
    assert_int_equal(s->u.if_.then_b.count, 1);
    assert_int_equal(s->u.if_.has_else, 0);
    ast_stmt *e1 = s->u.if_.else_if;
    assert_non_null(e1);
    assert_int_equal(e1->kind, S_IF);
    loc_is(e1->loc, 4, 25);
    assert_string_equal(sx(e1->u.if_.cond), "b");
    ast_stmt *e2 = e1->u.if_.else_if;
    assert_non_null(e2);
    assert_string_equal(sx(e2->u.if_.cond), "c");
    assert_int_equal(e2->u.if_.then_b.count, 0);
    assert_null(e2->u.if_.else_if);
    assert_int_equal(e2->u.if_.has_else, 1);
    assert_int_equal(e2->u.if_.else_b.count, 2);
    /* the else-if chain is not in the block's statement list */
    assert_int_equal(seq(p)->body.count, 2);
    ast_stmt *t = nth(&seq(p)->body, 1);
    assert_null(t->u.if_.else_if);
    assert_int_equal(t->u.if_.has_else, 0);
    assert_int_equal(t->u.if_.else_b.count, 0);
    done(p);
}

static void test_repeat_forms(void **state)
{
    (void)state;
    fe *p = parse_ok(RS("", "    repeat until count p in players < 2 { x = 1 }\n"
                            "    repeat { x = 1 } until all p in players where tower[p] != 0\n"
                            "    repeat {\n        exit when battle_over\n        exit\n    }\n"
                            "    while c { }\n"));
    ast_block *b = &seq(p)->body;
    assert_int_equal(b->count, 4);
    ast_stmt *s = nth(b, 0);
    assert_int_equal(s->kind, S_REPEAT);
    assert_int_equal(s->u.rep.kind, REP_UNTIL_BEFORE);
    assert_string_equal(sx(s->u.rep.cond), "(< (count p in players) 2)");
    assert_int_equal(s->u.rep.body.count, 1);
    s = nth(b, 1);
    assert_int_equal(s->u.rep.kind, REP_UNTIL_AFTER);
    assert_string_equal(sx(s->u.rep.cond), "(all p in players where (!= tower[p] 0))");
    assert_int_equal(s->u.rep.body.count, 1);
    s = nth(b, 2);
    assert_int_equal(s->u.rep.kind, REP_PLAIN);
    assert_null(s->u.rep.cond);
    ast_stmt *x1 = nth(&s->u.rep.body, 0), *x2 = nth(&s->u.rep.body, 1);
    assert_int_equal(x1->kind, S_EXIT);
    assert_string_equal(sx(x1->u.exit.cond), "battle_over");
    assert_null(x1->u.exit.loop);
    assert_int_equal(x2->kind, S_EXIT);
    assert_null(x2->u.exit.cond);
    loc_is(x2->loc, 8, 9);
    s = nth(b, 3);
    assert_int_equal(s->u.rep.kind, REP_WHILE);
    assert_string_equal(sx(s->u.rep.cond), "c");
    done(p);
}

static void test_for_forms(void **state)
{
    (void)state;
    fe *p = parse_ok(RS("", "    for p in players by tower[p] desc { }\n"
                            "    for p in players where alive[p] by score[p] { }\n"
                            "    for p in all players by score[p] asc where alive[p] { }\n"
                            "    for s in 1..12 { }\n"
                            "    for c in Creature { }\n"
                            "    for u in dead_pool where u != ogre { }\n"));
    ast_block *b = &seq(p)->body;
    assert_int_equal(b->count, 6);
    ast_stmt *s = nth(b, 0);
    assert_int_equal(s->kind, S_FOR);
    assert_string_equal(s->u.for_.var->name, "p");
    assert_int_equal(s->u.for_.var->local_kind, LOCAL_FOR);
    loc_is(s->u.for_.var->loc, 4, 9);
    assert_int_equal(s->u.for_.iter->kind, IT_PLAYERS);
    loc_is(s->u.for_.iter->loc, 4, 14);
    assert_string_equal(sx(s->u.for_.by), "tower[p]");
    assert_int_equal(s->u.for_.desc, 1);
    assert_null(s->u.for_.where);
    s = nth(b, 1);
    assert_string_equal(sx(s->u.for_.where), "alive[p]");
    assert_string_equal(sx(s->u.for_.by), "score[p]");
    assert_int_equal(s->u.for_.desc, 0);
    s = nth(b, 2);
    assert_int_equal(s->u.for_.iter->kind, IT_ALL_PLAYERS);
    assert_int_equal(s->u.for_.desc, 0);
    assert_string_equal(sx(s->u.for_.where), "alive[p]");
    s = nth(b, 3);
    assert_int_equal(s->u.for_.iter->kind, IT_RANGE);
    assert_string_equal(sx(s->u.for_.iter->lo), "1");
    assert_string_equal(sx(s->u.for_.iter->hi), "12");
    assert_null(s->u.for_.by);
    s = nth(b, 4); /* an enum is told from a list by resolution */
    assert_int_equal(s->u.for_.iter->kind, IT_LIST);
    assert_string_equal(sx(s->u.for_.iter->list), "Creature");
    s = nth(b, 5);
    assert_int_equal(s->u.for_.iter->kind, IT_LIST);
    assert_string_equal(sx(s->u.for_.where), "(!= u ogre)");
    done(p);

    p = parse(RS("", "    for p in players where a where b by c by d desc { }\n"));
    assert_int_equal(p->d.errors, 2);
    assert_string_equal(msgs(p), "p.ordo:4:30: error: 'where' given twice\n"
                                 "    for p in players where a where b by c by d desc { }\n"
                                 "                             ^\n"
                                 "p.ordo:4:43: error: 'by' given twice\n"
                                 "    for p in players where a where b by c by d desc { }\n"
                                 "                                          ^\n");
    done(p);
}

static void test_turns_and_ends(void **state)
{
    (void)state;
    fe *p = parse_ok(RS("", "    turn p { x = 1 }\n"
                            "    eliminate active\n"
                            "    end game\n"
                            "    end game winner player 2\n"
                            "    end game winner none\n"));
    ast_block *b = &seq(p)->body;
    ast_stmt *s = nth(b, 0);
    assert_int_equal(s->kind, S_TURN);
    assert_string_equal(sx(s->u.player.player), "p");
    assert_int_equal(s->u.player.body.count, 1);
    s = nth(b, 1);
    assert_int_equal(s->kind, S_ELIMINATE);
    assert_string_equal(sx(s->u.player.player), "active");
    s = nth(b, 2);
    assert_int_equal(s->kind, S_END);
    assert_null(s->u.player.player);
    assert_int_equal(s->u.player.has_winner, 0);
    s = nth(b, 3);
    assert_int_equal(s->kind, S_END);
    assert_int_equal(s->u.player.has_winner, 1);
    assert_string_equal(sx(s->u.player.player), "(player 2)");
    loc_is(s->u.player.player->loc, 7, 21);
    s = nth(b, 4);
    assert_string_equal(sx(s->u.player.player), "none");
    done(p);
}

static void test_choose(void **state)
{
    (void)state;
    fe *p = parse_ok(RS("", "    choose defender \"negotiate\" {\n"
                            "        option \"propose\" when proposals < 3 { x = 1 }\n"
                            "        option \"concede\" { }\n"
                            "        option \"move stack {s}\" for s in 1..12 where legions[active, s] > 0 { }\n"
                            "        option \"by {c}\" when ok for c in Color where c != red { }\n"
                            "    }\n"
                            "    choose active { }\n"));
    ast_stmt *s = nth(&seq(p)->body, 0);
    assert_int_equal(s->kind, S_CHOOSE);
    assert_string_equal(sx(s->u.choose.player), "defender");
    assert_string_equal(s->u.choose.prompt.text, "negotiate");
    loc_is(s->u.choose.prompt.loc, 4, 21);
    assert_int_equal(s->u.choose.noptions, 4);
    ast_option *o = s->u.choose.options;
    assert_string_equal(o->label.text, "propose");
    assert_string_equal(o->label.tmpl, "propose"); /* [R] fills the template */
    loc_is(o->loc, 5, 9);
    loc_is(o->label.loc, 5, 16);
    assert_string_equal(sx(o->when), "(< proposals 3)");
    assert_null(o->var);
    assert_int_equal(o->body.count, 1);
    assert_int_equal(o->index, -1);
    o = o->next;
    assert_string_equal(o->label.text, "concede");
    assert_null(o->when);
    o = o->next;
    assert_string_equal(o->label.text, "move stack {s}");
    assert_null(o->when);
    assert_non_null(o->var);
    assert_string_equal(o->var->name, "s");
    assert_int_equal(o->var->local_kind, LOCAL_OPTION);
    assert_int_equal(o->iter->kind, IT_RANGE);
    assert_string_equal(sx(o->where), "(> legions[active, s] 0)");
    /* modifiers in any order, but `where` after its `for` (see below) */
    o = o->next;
    assert_string_equal(sx(o->when), "ok");
    assert_string_equal(o->var->name, "c");
    assert_int_equal(o->iter->kind, IT_LIST);
    assert_string_equal(sx(o->iter->list), "Color");
    assert_string_equal(sx(o->where), "(!= c red)");
    assert_null(o->next);
    done(p);

    p = parse(RS("", "    choose active {\n        option \"a\" where b { }\n"
                     "        option \"b\" for c in Color for d in Color where e where f when g when h { }\n"
                     "    }\n"));
    assert_int_equal(p->d.errors, 4);
    assert_string_equal(msgs(p),
                        "p.ordo:5:20: error: 'where' without 'for' in an option\n"
                        "        option \"a\" where b { }\n"
                        "                   ^\n"
                        "p.ordo:6:35: error: 'for' given twice\n"
                        "        option \"b\" for c in Color for d in Color where e where f when g when h { }\n"
                        "                                  ^\n"
                        "p.ordo:6:58: error: 'where' given twice\n"
                        "        option \"b\" for c in Color for d in Color where e where f when g when h { }\n"
                        "                                                         ^\n"
                        "p.ordo:6:73: error: 'when' given twice\n"
                        "        option \"b\" for c in Color for d in Color where e where f when g when h { }\n"
                        "                                                                        ^\n");
    ast_stmt *c = nth(&seq(p)->body, 0);
    assert_int_equal(c->u.choose.noptions, 2); /* both options are kept */
    done(p);

    /* no prompt, no options: the parser accepts it (the check reports it) */
    p = parse_ok(RS("", "    choose active { }\n"));
    c = nth(&seq(p)->body, 0);
    assert_null(c->u.choose.prompt.text);
    assert_int_equal(c->u.choose.noptions, 0);
    assert_null(c->u.choose.options);
    done(p);
}

static void test_scope_and_escapes(void **state)
{
    (void)state;
    fe *p = parse_ok(RS("", "    scope {\n"
                            "        step 2.1 { }\n"
                            "        step 2.7 { }\n"
                            "    } escape \"concede\" by attacker {\n"
                            "        eliminate attacker\n"
                            "    } escape \"concede\" by defender { }\n"
                            "    scope { }\n"
                            "    window for attacker \"may concede\"\n"
                            "    window for active\n"));
    ast_stmt *s = nth(&seq(p)->body, 0);
    assert_int_equal(s->kind, S_SCOPE);
    assert_int_equal(s->u.scope.body.count, 2);
    assert_int_equal(s->u.scope.nescapes, 2);
    ast_escape *e = s->u.scope.escapes;
    loc_is(e->loc, 7, 7);
    assert_string_equal(e->label.text, "concede");
    assert_string_equal(sx(e->player), "attacker");
    assert_int_equal(e->body.count, 1);
    assert_int_equal(e->index, -1);
    e = e->next;
    assert_string_equal(sx(e->player), "defender");
    assert_null(e->next);
    s = nth(&seq(p)->body, 1);
    assert_int_equal(s->u.scope.nescapes, 0);
    assert_null(s->u.scope.escapes);
    s = nth(&seq(p)->body, 2);
    assert_int_equal(s->kind, S_WINDOW);
    assert_string_equal(sx(s->u.player.player), "attacker");
    assert_string_equal(s->u.player.label.text, "may concede");
    s = nth(&seq(p)->body, 3);
    assert_null(s->u.player.label.text);
    done(p);
}

static void test_calls_events_logs_lists(void **state)
{
    (void)state;
    fe *p = parse_ok(RS("", "    encounter(active, def)\n"
                            "    tick()\n"
                            "    return\n"
                            "    emit fled(def, points)\n"
                            "    emit tick\n"
                            "    log \"{p} rolls {r}\"\n"
                            "    assert sum c in Creature of pool[c] <= 100 \"pool overflow\"\n"
                            "    assert ok\n"
                            "    add ogre to dead_pool\n"
                            "    remove ogre from dead_pool\n"
                            "    remove at 3 from dead[p]\n"
                            "    clear dead_pool\n"
                            "    shuffle deck\n"));
    ast_block *b = &seq(p)->body;
    assert_int_equal(b->count, 13);
    ast_stmt *s = nth(b, 0);
    assert_int_equal(s->kind, S_CALL);
    assert_string_equal(s->u.call.name, "encounter");
    loc_is(s->u.call.name_loc, 4, 5);
    assert_int_equal(s->u.call.nargs, 2);
    assert_string_equal(sx(s->u.call.args[1]), "def");
    s = nth(b, 1);
    assert_int_equal(s->kind, S_CALL);
    assert_int_equal(s->u.call.nargs, 0);
    assert_int_equal(nth(b, 2)->kind, S_RETURN);
    s = nth(b, 3);
    assert_int_equal(s->kind, S_EMIT);
    assert_string_equal(s->u.call.name, "fled");
    loc_is(s->u.call.name_loc, 7, 10);
    assert_int_equal(s->u.call.nargs, 2);
    s = nth(b, 4);
    assert_int_equal(s->kind, S_EMIT);
    assert_int_equal(s->u.call.nargs, 0);
    s = nth(b, 5);
    assert_int_equal(s->kind, S_LOG);
    assert_string_equal(s->u.log.text.text, "{p} rolls {r}");
    loc_is(s->u.log.text.loc, 9, 9);
    s = nth(b, 6);
    assert_int_equal(s->kind, S_ASSERT);
    assert_string_equal(sx(s->u.assert_.cond), "(<= (sum c in Creature of pool[c]) 100)");
    assert_string_equal(s->u.assert_.message, "pool overflow");
    loc_is(s->u.assert_.message_loc, 10, 48);
    s = nth(b, 7);
    assert_null(s->u.assert_.message);
    s = nth(b, 8);
    assert_int_equal(s->kind, S_ADD);
    assert_string_equal(sx(s->u.list.value), "ogre");
    assert_string_equal(sx(s->u.list.list), "dead_pool");
    s = nth(b, 9);
    assert_int_equal(s->kind, S_REMOVE);
    s = nth(b, 10);
    assert_int_equal(s->kind, S_REMOVE_AT);
    assert_string_equal(sx(s->u.list.value), "3");
    assert_string_equal(sx(s->u.list.list), "dead[p]");
    s = nth(b, 11);
    assert_int_equal(s->kind, S_CLEAR);
    assert_null(s->u.list.value);
    s = nth(b, 12);
    assert_int_equal(s->kind, S_SHUFFLE);
    assert_string_equal(sx(s->u.list.list), "deck");
    done(p);
}

/* ---------------------------------------------------------- expressions */

static void test_literals_and_names(void **state)
{
    (void)state;
    expr_is("42", "42");
    expr_is("true", "true");
    expr_is("false", "false");
    expr_is("none", "none");
    expr_is("player 2", "(player 2)");
    expr_is("active", "active");
    expr_is("tower[p]", "tower[p]");
    expr_is("legions[p, 3]", "legions[p, 3]");
    expr_is("l[1][2]", "l[1][2]");
    expr_is("half(points)", "half(points)");
    expr_is("f()", "f()");
    expr_is("first(l) + last(l)", "(+ first(l) last(l))");
    expr_is("min(a, b) - max(a, b)", "(- min(a, b) max(a, b))");
    expr_is("in_game(p)", "in_game(p)");
    expr_is("turns[p]", "turns[p]");
}

static void test_precedence(void **state)
{
    (void)state;
    expr_is("1 + 2 * 3", "(+ 1 (* 2 3))");
    expr_is("1 * 2 + 3", "(+ (* 1 2) 3)");
    expr_is("10 - 4 - 3", "(- (- 10 4) 3)");
    expr_is("a / b % c", "(% (/ a b) c)");
    expr_is("-a * b", "(* (neg a) b)");
    expr_is("- -a", "(neg (neg a))");
    expr_is("(1 + 2) * 3", "(* (+ 1 2) 3)");
    expr_is("a < b + 1", "(< a (+ b 1))");
    expr_is("a == b and c != d", "(and (== a b) (!= c d))");
    expr_is("a or b and c", "(or a (and b c))");
    expr_is("a and b or c", "(or (and a b) c)");
    expr_is("not a == b", "(not (== a b))");
    expr_is("not a and b", "(and (not a) b)");
    expr_is("not not a", "(not (not a))");
    expr_is("x in l and ok", "(and (in x l) ok)");
    expr_is("x + 1 in l", "(in (+ x 1) l)");
    expr_is("if c then a else b", "(if c a b)");
    expr_is("if c then 1 else 2 + 3", "(if c 1 (+ 2 3))");
    expr_is("if a or b then x else if c then y else z", "(if (or a b) x (if c y z))");
    expr_is("a >= 1 and b <= 2 or c > 3", "(or (and (>= a 1) (<= b 2)) (> c 3))");
    expr_is("-tower[p]", "(neg tower[p])");
}

/* `capped at` binds looser than `+`, tighter than comparisons; a
 * substitute declaration keeps its two patterns and its label. */
static void test_caps_and_substitutes(void **state)
{
    (void)state;
    expr_is("a + b capped at 3", "(capped (+ a b) 3)");
    expr_is("a capped at 3 >= 2", "(>= (capped a 3) 2)");
    expr_is("a * 2 capped at n + 1", "(capped (* a 2) (+ n 1))");
    expr_is("a capped at 3 capped at 2", "(capped (capped a 3) 2)");
    fe *p = parse_ok(RS("substitute tile[p] for cocoa[p] \"use the tile\" cite \"TEO-D4\"\n", ""));
    ast_decl *d = decl_n(p, 0);
    assert_int_equal(d->kind, D_SUBSTITUTE);
    assert_null(d->name);
    assert_string_equal(sx(d->sub_var), "tile[p]");
    assert_string_equal(sx(d->sub_for), "cocoa[p]");
    assert_string_equal(d->label.text, "use the tile");
    assert_string_equal(d->cites->id, "TEO-D4");
    done(p);
}

static void test_rolls_and_aggregates(void **state)
{
    (void)state;
    expr_is("roll d6", "(roll 1d6)");
    expr_is("roll 2d6", "(roll 2d6)");
    expr_is("roll n d6", "(roll n d6)");
    expr_is("roll (n + 1) d20", "(roll (+ n 1) d20)");
    expr_is("roll d6 + roll d6", "(+ (roll 1d6) (roll 1d6))");
    expr_is("count p in players", "(count p in players)");
    expr_is("count p in players where tower[p] == 0",
            "(count p in players where (== tower[p] 0))");
    expr_is("count p in players < 2", "(< (count p in players) 2)");
    expr_is("any s in 1..12 where legions[p, s] > 0",
            "(any s in (.. 1 12) where (> legions[p, s] 0))");
    expr_is("all p in all players where tower[p] != 0 and ok",
            "(all p in all players where (and (!= tower[p] 0) ok))");
    expr_is("sum s in 1..12 of legions[p, s]", "(sum s in (.. 1 12) of legions[p, s])");
    expr_is("sum c in Creature where c != ogre of pool[c] * 2",
            "(sum c in Creature where (!= c ogre) of (* pool[c] 2))");
    expr_is("min v in 1..6 of v", "(min v in (.. 1 6) of v)");
    expr_is("max p in players of score[p]", "(max p in players of score[p])");
    expr_is("max p in players where alive[p] of score[p]",
            "(max p in players where alive[p] of score[p])");
    expr_is("sum u in dead of 1 + 1", "(sum u in dead of (+ 1 1))");

    fe *p = parse_ok(RS("", "x = count q in players where a\n"));
    ast_expr *e = nth(&seq(p)->body, 0)->u.assign.value;
    assert_int_equal(e->kind, E_AGG);
    assert_int_equal(e->op, AGG_COUNT);
    assert_string_equal(e->sym->name, "q");
    assert_int_equal(e->sym->kind, SYM_LOCAL);
    assert_int_equal(e->sym->local_kind, LOCAL_AGG);
    loc_is(e->sym->loc, 4, 11);
    loc_is(e->loc, 4, 5);
    done(p);

    /* a die needs 1..1000000 sides */
    p = parse(RS("", "x = roll d0\nx = roll 2d1000001\nx = roll d1000000\n"));
    assert_int_equal(p->d.errors, 2);
    assert_string_equal(msgs(p), "p.ordo:4:5: error: a die must have 1 to 1000000 sides\n"
                                 "x = roll d0\n"
                                 "    ^\n"
                                 "p.ordo:5:5: error: a die must have 1 to 1000000 sides\n"
                                 "x = roll 2d1000001\n"
                                 "    ^\n");
    done(p);
}

/* ------------------------------------------------------------ scenarios */

static void test_scenario_items(void **state)
{
    (void)state;
    fe *p = parse_ok("ruleset \"T\"\nplayers 2\nsequence { }\n"
                     "scenario \"a fled stack scores half\" cite \"TITAN-S7\" cite \"X\" {\n"
                     "    players 2\n"
                     "    seed 7\n"
                     "    setup {\n"
                     "        legion_points[player 2] = 25\n"
                     "    }\n"
                     "    play encounter(player 1, player 2)\n"
                     "    play\n"
                     "    expect decision by player 2\n"
                     "    expect offered \"flee\"\n"
                     "    expect not offered \"concede first\"\n"
                     "    choose \"flee\"\n"
                     "    choose \"a\", \"b\"\n"
                     "    expect score[player 1] ==  12\n"
                     "    expect event fled(player 2, _)\n"
                     "    expect event fled\n"
                     "    expect event fled before event scored\n"
                     "    expect no event timeout\n"
                     "    expect step 2.5.6 not ran\n"
                     "    expect step 3 ran\n"
                     "    expect over\n"
                     "    expect over winner player 1\n"
                     "}\n");
    ast_decl *sc = decl_n(p, 1);
    assert_int_equal(sc->kind, D_SCENARIO);
    loc_is(sc->loc, 4, 1);
    assert_string_equal(sc->title, "a fled stack scores half");
    assert_string_equal(sc->cites->id, "TITAN-S7");
    assert_string_equal(sc->cites->next->id, "X");
    assert_int_equal(sc->nitems, 19);
    static const int kinds[] = {
        IT_SC_PLAYERS, IT_SC_SEED, IT_SC_SETUP, IT_SC_PLAY, IT_SC_PLAY, IT_SC_DECISION,
        IT_SC_OFFERED, IT_SC_NOT_OFFERED, IT_SC_CHOOSE, IT_SC_CHOOSE, IT_SC_EXPECT,
        IT_SC_EVENT, IT_SC_EVENT, IT_SC_BEFORE, IT_SC_NO_EVENT, IT_SC_STEP_NOT_RAN,
        IT_SC_STEP_RAN, IT_SC_OVER, IT_SC_OVER};
    ast_item *it = sc->items;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++, it = it->next) {
        assert_non_null(it);
        if (it->kind != kinds[i])
            fail_msg("item %zu: kind %d, expected %d", i, it->kind, kinds[i]);
    }
    it = sc->items;
    assert_true(it->num == 2);
    loc_is(it->loc, 5, 5);
    it = it->next;
    assert_true(it->num == 7);
    it = it->next;
    assert_int_equal(it->body.count, 1);
    it = it->next;
    assert_string_equal(it->name, "encounter");
    loc_is(it->name_loc, 10, 10);
    assert_int_equal(it->nargs, 2);
    assert_string_equal(sx(it->args[1]), "(player 2)");
    it = it->next;
    assert_null(it->name); /* the whole sequence */
    it = it->next;
    assert_string_equal(sx(it->expr), "(player 2)");
    it = it->next;
    assert_int_equal(it->nlabels, 1);
    assert_string_equal(it->labels[0], "flee");
    loc_is(it->label_locs[0], 13, 20);
    it = it->next;
    assert_string_equal(it->labels[0], "concede first");
    loc_is(it->label_locs[0], 14, 24);
    it = it->next;
    assert_int_equal(it->nlabels, 1);
    assert_string_equal(it->labels[0], "flee");
    it = it->next;
    assert_int_equal(it->nlabels, 2);
    assert_string_equal(it->labels[0], "a");
    assert_string_equal(it->labels[1], "b");
    it = it->next;
    assert_string_equal(sx(it->expr), "(== score[(player 1)] 12)");
    assert_string_equal(it->source, "score[player 1] ==  12"); /* as written */
    it = it->next;
    assert_string_equal(it->name, "fled");
    assert_int_equal(it->has_args, 1);
    assert_int_equal(it->nargs, 2);
    assert_string_equal(sx(it->args[1]), "_"); /* a name until resolution */
    it = it->next;
    assert_int_equal(it->has_args, 0);
    it = it->next;
    assert_string_equal(it->name, "fled");
    assert_string_equal(it->name2, "scored");
    loc_is(it->name2_loc, 20, 36);
    it = it->next;
    assert_string_equal(it->name, "timeout");
    loc_is(it->name_loc, 21, 21);
    it = it->next;
    assert_string_equal(it->number, "2.5.6");
    loc_is(it->name_loc, 22, 17);
    it = it->next;
    assert_string_equal(it->number, "3");
    it = it->next;
    assert_null(it->expr);
    it = it->next;
    assert_string_equal(sx(it->expr), "(player 1)");
    assert_null(it->next);
    done(p);
}

static void test_scenario_item_errors(void **state)
{
    (void)state;
    fe *p = parse("ruleset \"T\"\nplayers 2\nsequence { }\n"
                  "scenario \"s\" {\n"
                  "    expect finished winner player 1\n"
                  "    play\n"
                  "    choose \"go\"\n"
                  "    expect some event fled\n"
                  "}\n");
    assert_int_equal(p->d.errors, 2);
    assert_string_equal(msgs(p), "p.ordo:5:21: error: expected 'over' before 'winner'\n"
                                 "    expect finished winner player 1\n"
                                 "                    ^\n"
                                 "p.ordo:8:17: error: expected 'no' before 'event'\n"
                                 "    expect some event fled\n"
                                 "                ^\n");
    assert_int_equal(decl_n(p, 1)->nitems, 4); /* the items are kept */
    done(p);
}

/* ------------------------------------------------ triggers and anytime */

static void test_triggers_and_anytime(void **state)
{
    (void)state;
    fe *p = parse_ok("ruleset \"T\"\n"
                     "players 2\n"
                     "event whaled(p: player, n: int)\n"
                     "trigger sharpen on whaled before { }\n"
                     "trigger count_whale on whaled immediately {\n"
                     "    whales[p] += n\n"
                     "    emit gained(p, n)\n"
                     "}\n"
                     "trigger cook on whaled after when cards[p] > 0 and not acting "
                     "cite \"ODIN-T2\" cite \"X\" { oil[p] += 1 }\n"
                     "anytime play_card(p: player) \"play a card\" when cards[p] < 3 {\n"
                     "    cards[p] += 1\n"
                     "}\n"
                     "anytime rest(who: player) \"rest\" { }\n"
                     "trigger cook2 \"Whale Cook\" on whaled after once per turn { }\n"
                     "proc plain() { }\n"
                     "sequence { }\n");
    static const int kinds[] = {D_EVENT, D_PROC, D_PROC, D_PROC, D_PROC, D_PROC, D_PROC,
                                D_PROC, D_SEQUENCE};
    ast_decl *d = p->f->decls;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++, d = d->next) {
        assert_non_null(d);
        assert_int_equal(d->kind, kinds[i]);
    }
    assert_null(d);

    /* trigger NAME on EVENT TIMING: a proc with no params of its own */
    ast_decl *t = decl_n(p, 1);
    assert_string_equal(t->name, "sharpen");
    loc_is(t->loc, 4, 1);
    loc_is(t->name_loc, 4, 9);
    assert_int_equal(t->timing, TIMING_BEFORE);
    assert_int_equal(t->anytime, 0);
    assert_string_equal(t->event_name, "whaled");
    loc_is(t->event_loc, 4, 20);
    assert_null(t->guard);
    assert_null(t->cites);
    assert_null(t->label.text);
    assert_int_equal(t->limit, 0);
    assert_int_equal(t->nparams, 0);
    assert_null(t->event); /* [R] fields untouched */
    assert_int_equal(t->body.count, 0);

    t = decl_n(p, 2);
    assert_string_equal(t->name, "count_whale");
    assert_int_equal(t->timing, TIMING_IMMEDIATELY);
    assert_string_equal(t->event_name, "whaled");
    loc_is(t->event_loc, 5, 24);
    assert_int_equal(t->body.count, 2);
    assert_int_equal(nth(&t->body, 0)->kind, S_ASSIGN);
    assert_int_equal(nth(&t->body, 1)->kind, S_EMIT);
    assert_string_equal(nth(&t->body, 1)->u.call.name, "gained");

    /* a guard, then cites, in that order */
    t = decl_n(p, 3);
    assert_string_equal(t->name, "cook");
    assert_int_equal(t->timing, TIMING_AFTER);
    assert_string_equal(sx(t->guard), "(and (> cards[p] 0) (not acting))");
    ast_cite *c = t->cites;
    assert_non_null(c);
    assert_string_equal(c->id, "ODIN-T2");
    loc_is(c->loc, 9, 68); /* at its ID */
    assert_non_null(c->next);
    assert_string_equal(c->next->id, "X");
    assert_null(c->next->next);
    assert_int_equal(t->body.count, 1);

    /* anytime NAME(params) "LABEL" [when C] */
    ast_decl *a = decl_n(p, 4);
    assert_string_equal(a->name, "play_card");
    loc_is(a->loc, 10, 1);
    loc_is(a->name_loc, 10, 9);
    assert_int_equal(a->anytime, 1);
    assert_int_equal(a->timing, 0);
    assert_null(a->event_name);
    assert_int_equal(a->nparams, 1);
    assert_string_equal(a->params[0]->name, "p");
    assert_int_equal(a->params[0]->kind, SYM_LOCAL);
    assert_int_equal(a->params[0]->local_kind, LOCAL_PARAM);
    assert_int_equal(a->param_types[0]->kind, TX_PLAYER);
    assert_string_equal(a->label.text, "play a card");
    loc_is(a->label.loc, 10, 30);
    assert_string_equal(sx(a->guard), "(< cards[p] 3)");
    assert_null(a->cites);
    assert_int_equal(a->body.count, 1);

    a = decl_n(p, 5);
    assert_string_equal(a->name, "rest");
    assert_int_equal(a->anytime, 1);
    assert_string_equal(a->params[0]->name, "who");
    assert_string_equal(a->label.text, "rest");
    assert_null(a->guard);
    assert_int_equal(a->body.count, 0);

    /* a trigger's label (how a chosen order names it) and its limit */
    t = decl_n(p, 6);
    assert_string_equal(t->name, "cook2");
    assert_string_equal(t->label.text, "Whale Cook");
    loc_is(t->label.loc, 14, 15);
    assert_string_equal(t->event_name, "whaled");
    assert_int_equal(t->timing, TIMING_AFTER);
    assert_int_equal(t->limit, LIMIT_TURN);
    assert_null(t->guard);

    /* a plain proc is neither */
    ast_decl *pr = decl_n(p, 7);
    assert_int_equal(pr->timing, 0);
    assert_int_equal(pr->anytime, 0);
    assert_null(pr->guard);
    done(p);

    /* their keywords are soft: a var may be called `on` or `after` */
    p = parse(RS("var on: int\nvar after: int\n", "    on = after\n"));
    assert_int_equal(p->d.errors, 0);
    assert_string_equal(decl_n(p, 0)->name, "on");
    assert_string_equal(decl_n(p, 1)->name, "after");
    done(p);
}

static void test_trigger_syntax_errors(void **state)
{
    (void)state;
    fe *p = parse("ruleset \"T\"\n"
                  "players 2\n"
                  "event e(p: player)\n"
                  "trigger t1 on e sometimes { }\n"
                  "anytime a1(p: player) { }\n"
                  "trigger t2 on e after when { }\n"
                  "trigger t3 on e(p) after { }\n"
                  "trigger t4 on e after cite \"R\" when true { }\n"
                  "trigger t5 on e immediately {\n"
                  "    log n\n"
                  "    n = 2\n"
                  "}\n"
                  "anytime ok(p: player) \"ok\" { }\n"
                  "sequence { }\n");
    assert_int_equal(p->d.errors, 6);
    assert_string_equal(msgs(p),
                        "p.ordo:4:17: error: expected 'before', 'after' or 'immediately' before "
                        "'sometimes'\n"
                        "trigger t1 on e sometimes { }\n"
                        "                ^\n"
                        "p.ordo:5:23: error: expected a string before '{'\n"
                        "anytime a1(p: player) { }\n"
                        "                      ^\n"
                        "p.ordo:6:28: error: expected an expression before '{'\n"
                        "trigger t2 on e after when { }\n"
                        "                           ^\n"
                        "p.ordo:7:16: error: expected 'before', 'after' or 'immediately' before "
                        "'('\n"
                        "trigger t3 on e(p) after { }\n"
                        "               ^\n"
                        "p.ordo:8:32: error: expected 'cite' or '{' before 'when'\n"
                        "trigger t4 on e after cite \"R\" when true { }\n"
                        "                               ^\n"
                        "p.ordo:10:9: error: expected a string before 'n'\n"
                        "    log n\n"
                        "        ^\n");
    /* t5 is kept, without its bad statement; so is `ok` after it */
    ast_decl *t5 = NULL, *ok = NULL;
    for (ast_decl *d = p->f->decls; d; d = d->next) {
        if (d->name && strcmp(d->name, "t5") == 0)
            t5 = d;
        if (d->name && strcmp(d->name, "ok") == 0)
            ok = d;
    }
    assert_non_null(t5);
    assert_int_equal(t5->timing, TIMING_IMMEDIATELY);
    assert_int_equal(t5->body.count, 1);
    assert_int_equal(nth(&t5->body, 0)->kind, S_ASSIGN);
    assert_non_null(ok);
    assert_int_equal(ok->anytime, 1);
    assert_string_equal(ok->label.text, "ok");
    done(p);

    /* a trigger with no block at the end of the input */
    p = parse("ruleset \"T\"\nplayers 2\nevent e()\ntrigger t on e after");
    assert_int_equal(p->d.errors, 1);
    assert_string_equal(msgs(p), "p.ordo:4:21: error: unexpected end of input\n"
                                 "trigger t on e after\n"
                                 "                    ^\n");
    done(p);
}

/* --------------------------------------------------------- syntax errors */

static void test_several_errors_one_run(void **state)
{
    (void)state;
    fe *p = parse("ruleset \"T\"\n"
                  "players 2\n"
                  "enum Color { red green }\n"
                  "var score[player]: 0..99\n"
                  "var rounds 0..9\n"
                  "var painted: list of Color [8]\n"
                  "sequence {\n"
                  "    step 1 \"score\" {\n"
                  "        score[active] += 1\n"
                  "        log score\n"
                  "        add red to painted\n"
                  "    }\n"
                  "}\n"
                  "fn f(): int = \n"
                  "event e()\n"
                  "proc ok() { }\n");
    assert_non_null(p->f);
    assert_int_equal(p->d.errors, 4);
    assert_string_equal(msgs(p), "p.ordo:3:18: error: expected '}' or ',' before 'green'\n"
                                 "enum Color { red green }\n"
                                 "                 ^\n"
                                 "p.ordo:5:12: error: expected '[' or ':' before '0'\n"
                                 "var rounds 0..9\n"
                                 "           ^\n"
                                 "p.ordo:10:13: error: expected a string before 'score'\n"
                                 "        log score\n"
                                 "            ^\n"
                                 "p.ordo:15:1: error: expected an expression before 'event'\n"
                                 "event e()\n"
                                 "^\n");
    /* what parsed is in the tree: score, painted, the sequence with its step
     * (the bad statement left out, the ones around it kept), and ok */
    ast_decl *d = p->f->decls;
    assert_string_equal(d->name, "score");
    d = d->next;
    assert_string_equal(d->name, "painted");
    d = d->next;
    assert_int_equal(d->kind, D_SEQUENCE);
    ast_stmt *step = nth(&d->body, 0);
    assert_int_equal(step->u.step.body.count, 2);
    assert_int_equal(nth(&step->u.step.body, 0)->kind, S_ASSIGN);
    assert_int_equal(nth(&step->u.step.body, 1)->kind, S_ADD);
    d = d->next;
    assert_int_equal(d->kind, D_EVENT);
    d = d->next;
    assert_non_null(d);
    assert_string_equal(d->name, "ok");
    assert_int_equal(d->kind, D_PROC);
    assert_null(d->next);
    done(p);
}

static void test_statement_level_recovery(void **state)
{
    (void)state;
    /* each bad statement is reported; the good ones between them are kept */
    fe *p = parse(RS("var x: int\n", "    let 3 = 1\n"
                                     "    x = 2\n"
                                     "    x = 3\n"
                                     "    if x { x = 4 } else x = 5\n"
                                     "    x = 6\n"
                                     "    x = 7\n"
                                     "    x = 8\n"
                                     "    choose active { option \"a\" { } option }\n"
                                     "    x = 9\n"));
    assert_int_equal(p->d.errors, 3);
    const char *m = msgs(p);
    assert_non_null(strstr(m, "p.ordo:5:9: error: unexpected '3'\n"
                              "    let 3 = 1\n"
                              "        ^\n"));
    assert_non_null(strstr(m, "p.ordo:8:25: error: "));
    assert_non_null(strstr(m, "p.ordo:12:43: error: expected a name or a string before '}'\n"
                              "    choose active { option \"a\" { } option }\n"
                              "                                          ^\n"));
    ast_block *b = &seq(p)->body;
    assert_int_equal(nth(b, 0)->kind, S_ASSIGN);
    assert_string_equal(sx(nth(b, 0)->u.assign.value), "2");
    assert_string_equal(sx(nth(b, 1)->u.assign.value), "3");
    assert_string_equal(sx(b->last->u.assign.value), "9");
    /* the choose kept its good option */
    int found = 0;
    for (ast_stmt *s = b->first; s; s = s->next)
        if (s->kind == S_CHOOSE) {
            found = 1;
            assert_int_equal(s->u.choose.noptions, 1);
            assert_string_equal(s->u.choose.options->label.text, "a");
        }
    assert_true(found);
    done(p);
}

static void test_end_of_input(void **state)
{
    (void)state;
    fe *p = parse("ruleset \"T\"\nplayers 2\nsequence {\n    step 1 {\n");
    assert_int_equal(p->d.errors, 1);
    assert_string_equal(msgs(p), "p.ordo:5:1: error: expected a statement or '}' at end of input\n"
                                 "\n"
                                 "^\n");
    done(p);
    p = parse("ruleset \"T\"\nplayers 2\nsequence { step 1 \"t\"");
    assert_int_equal(p->d.errors, 1);
    assert_string_equal(msgs(p), "p.ordo:3:22: error: unexpected end of input\n"
                                 "sequence { step 1 \"t\"\n"
                                 "                     ^\n");
    done(p);
    p = parse("ruleset \"T\"\nplayers 2\nevent e(p: player");
    assert_int_equal(p->d.errors, 1);
    assert_string_equal(msgs(p), "p.ordo:3:18: error: expected ')' or ',' at end of input\n"
                                 "event e(p: player\n"
                                 "                 ^\n");
    done(p);
    p = parse("ruleset \"T\"\nplayers 2..");
    assert_int_equal(p->d.errors, 1);
    assert_string_equal(msgs(p), "p.ordo:2:12: error: expected a number at end of input\n"
                                 "players 2..\n"
                                 "           ^\n");
    done(p);
}

static void test_header_errors(void **state)
{
    (void)state;
    fe *p = parse("players 2\nruleset \"T\"\nsequence { }\n");
    assert_int_equal(p->d.errors, 1);
    assert_string_equal(msgs(p), "p.ordo:2:1: error: 'ruleset' must come first\n"
                                 "ruleset \"T\"\n"
                                 "^\n");
    assert_string_equal(p->f->title, "T");
    done(p);

    p = parse("players 2\nsequence { }\n");
    assert_int_equal(p->d.errors, 1);
    assert_string_equal(msgs(p), "p.ordo:1:1: error: a ruleset must begin with 'ruleset \"TITLE\"'\n"
                                 "players 2\n"
                                 "^\n");
    done(p);

    p = parse("");
    assert_non_null(p->f);
    assert_null(p->f->decls);
    assert_string_equal(msgs(p), "p.ordo:1:1: error: a ruleset must begin with 'ruleset \"TITLE\"'\n"
                                 "\n"
                                 "^\n");
    done(p);

    /* with other errors already reported, the missing title is not added */
    p = parse("sequence { x = }\n");
    assert_int_equal(p->d.errors, 1);
    assert_null(strstr(msgs(p), "must begin"));
    done(p);

    p = parse("ruleset \"T\"\nplayers 2\nvar v[player, 1..2, 1..3]: int\nsequence { }\n");
    assert_int_equal(p->d.errors, 1);
    assert_string_equal(msgs(p), "p.ordo:3:21: error: a var has at most two indexes\n"
                                 "var v[player, 1..2, 1..3]: int\n"
                                 "                    ^\n");
    assert_int_equal(p->f->decls->ndims, 2);
    done(p);
}

static void test_nesting_too_deep(void **state)
{
    (void)state;
    size_t depth = 5000;
    char *src = malloc(depth * 2 + 200);
    assert_non_null(src);
    char *o = src + sprintf(src, "ruleset \"T\"\nplayers 2\nsequence {\nx = ");
    memset(o, '(', depth);
    o += depth;
    *o++ = '1';
    memset(o, ')', depth);
    o += depth;
    strcpy(o, "\n}\n");
    fe *p = parse(src);
    assert_int_equal(p->d.errors, 1);
    const char *m = msgs(p);
    assert_true(strncmp(m, "p.ordo:4:", 9) == 0);
    assert_non_null(strstr(m, ": error: nesting too deep\n"));
    done(p);
    free(src);

    /* deep but within the limit: fine */
    src = malloc(64 * 16 + 200);
    o = src + sprintf(src, "ruleset \"T\"\nplayers 2\nsequence {\n");
    for (int i = 0; i < 64; i++)
        o += sprintf(o, "if a {\n");
    for (int i = 0; i < 64; i++)
        o += sprintf(o, "}\n");
    strcpy(o, "}\n");
    p = parse_ok(src);
    ast_stmt *s = nth(&seq(p)->body, 0);
    int n = 0;
    while (s) {
        n++;
        s = s->u.if_.then_b.first;
    }
    assert_int_equal(n, 64);
    done(p);
    free(src);
}

/* The same text parsed twice gives the same tree: nothing global. */
static void test_reentrant(void **state)
{
    (void)state;
    const char *src = RS("", "    step 1 { x = 1 + 2 * 3 }\n");
    fe *a = parse_ok(src);
    fe *b = parse_ok(src);
    ast_stmt *sa = nth(&nth(&seq(a)->body, 0)->u.step.body, 0);
    ast_stmt *sb = nth(&nth(&seq(b)->body, 0)->u.step.body, 0);
    char ta[128];
    snprintf(ta, sizeof ta, "%s", sx(sa->u.assign.value));
    assert_string_equal(ta, sx(sb->u.assign.value));
    assert_string_equal(ta, "(+ 1 (* 2 3))");
    done(a);
    done(b);
}

/* `option NAME "label"`, policies (not decls: the file's own list) and
 * displays (procs named display#N, their title kept), `show` statements,
 * and `show` still a name for a call. */
static void test_policies_and_displays(void **state)
{
    (void)state;
    fe *p = parse_ok(RS("var x: int\n"
                        "policy greedy \"most\" { prefer take by n when n > 1  prefer wait  ties random }\n"
                        "policy plain { }\n"
                        "display \"Board\" { let y = x\n show \"x is {y}\" }\n",
                        "    choose active {\n"
                        "        option take \"take {n}\" for n in 1..3 { show(n) }\n"
                        "        option \"think\" { }\n"
                        "    }\n"));
    ast_file *f = p->f;
    assert_int_equal(f->npolicies, 2);
    ast_policy *g = f->policies;
    assert_string_equal(g->name, "greedy");
    assert_string_equal(g->label, "most");
    assert_int_equal(g->nprefers, 2);
    assert_int_equal(g->ties_random, 1);
    assert_string_equal(g->prefers->name, "take");
    assert_non_null(g->prefers->by);
    assert_non_null(g->prefers->when);
    loc_is(g->prefers->loc, 4, 24);
    assert_string_equal(g->prefers->next->name, "wait");
    assert_null(g->prefers->next->by);
    assert_null(g->next->label);
    assert_int_equal(g->next->nprefers, 0);
    ast_decl *d = f->decls;
    while (d && !d->display)
        d = d->next;
    assert_non_null(d);
    assert_int_equal(d->kind, D_PROC);
    assert_string_equal(d->name, "display#1");
    assert_string_equal(d->title, "Board");
    assert_int_equal(nth(&d->body, 1)->kind, S_SHOW);
    assert_string_equal(nth(&d->body, 1)->u.log.text.text, "x is {y}");
    ast_stmt *c = nth(&seq(p)->body, 0);
    ast_option *o = c->u.choose.options;
    assert_string_equal(o->name, "take");
    loc_is(o->name_loc, 10, 16);
    assert_int_equal(nth(&o->body, 0)->kind, S_CALL);
    assert_null(o->next->name);
    done(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header),
        cmocka_unit_test(test_declarations),
        cmocka_unit_test(test_steps),
        cmocka_unit_test(test_step_modifier_twice),
        cmocka_unit_test(test_let_and_assignment),
        cmocka_unit_test(test_if_chain),
        cmocka_unit_test(test_repeat_forms),
        cmocka_unit_test(test_for_forms),
        cmocka_unit_test(test_turns_and_ends),
        cmocka_unit_test(test_choose),
        cmocka_unit_test(test_scope_and_escapes),
        cmocka_unit_test(test_calls_events_logs_lists),
        cmocka_unit_test(test_literals_and_names),
        cmocka_unit_test(test_precedence),
        cmocka_unit_test(test_caps_and_substitutes),
        cmocka_unit_test(test_rolls_and_aggregates),
        cmocka_unit_test(test_scenario_items),
        cmocka_unit_test(test_scenario_item_errors),
        cmocka_unit_test(test_triggers_and_anytime),
        cmocka_unit_test(test_trigger_syntax_errors),
        cmocka_unit_test(test_several_errors_one_run),
        cmocka_unit_test(test_statement_level_recovery),
        cmocka_unit_test(test_end_of_input),
        cmocka_unit_test(test_header_errors),
        cmocka_unit_test(test_nesting_too_deep),
        cmocka_unit_test(test_reentrant),
        cmocka_unit_test(test_policies_and_displays),
    };
    return cmocka_run_group_tests_name("parser", tests, NULL, NULL);
}

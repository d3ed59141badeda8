/* test_parser_decls.c — the parser (dsl/parser.y): expressions written back
 * as text, declarations, steps and statements parsed into the tree. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "parser_fixture.h"

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
    loc_is(o->loc, 5, 9);
    loc_is(o->label.loc, 5, 16);
    assert_string_equal(sx(o->when), "(< proposals 3)");
    assert_null(o->var);
    assert_int_equal(o->body.count, 1);
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_parser_items.c — the parser (dsl/parser.y): expressions, scenarios,
 * triggers and anytime actions, and syntax errors reported with their
 * position and recovered from. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "parser_fixture.h"

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
    assert_string_equal(e->var->name, "q");
    assert_int_equal(e->var->kind, SYM_LOCAL);
    assert_int_equal(e->var->local_kind, LOCAL_AGG);
    loc_is(e->var->loc, 4, 11);
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
                  "    expect done because \"x\"\n"
                  "}\n");
    assert_int_equal(p->d.errors, 3);
    assert_string_equal(msgs(p), "p.ordo:5:21: error: expected 'over' before 'winner'\n"
                                 "    expect finished winner player 1\n"
                                 "                    ^\n"
                                 "p.ordo:8:17: error: expected 'no' before 'event'\n"
                                 "    expect some event fled\n"
                                 "                ^\n"
                                 "p.ordo:9:17: error: expected 'over' before 'because'\n"
                                 "    expect done because \"x\"\n"
                                 "                ^\n");
    assert_int_equal(decl_n(p, 1)->nitems, 5); /* the items are kept */
    done(p);
}

/* Counted events (`N times`, `at least|at most N times`, `once`), `no
 * event E(args)`, list literals after `==`, `!=` and `=`, and row literals
 * (`Card["L1 white"]`). */
static void test_scenario_assertions(void **state)
{
    (void)state;
    fe *p = parse_ok("ruleset \"T\"\nplayers 2\nsequence { }\n"
                     "scenario \"s\" {\n"
                     "    expect event hit 3 times\n"
                     "    expect event hit(player 1, _) at least 2 times\n"
                     "    expect event hit at most 1 time\n"
                     "    expect event hit(_, 0) once\n"
                     "    expect event hit(_, 0) 0 times\n"
                     "    expect no event hit(player 2, _)\n"
                     "    setup { pile = [1, 2]  pile = [] }\n"
                     "    expect pile == [3, Card[\"L1 white\"]] and pile != []\n"
                     "}\n");
    ast_item *it = decl_n(p, 1)->items;
    static const struct { int kind, mode, has_args; int64_t n; } want[] = {
        {IT_SC_EVENT, SC_COUNT_EXACTLY, 0, 3}, {IT_SC_EVENT, SC_COUNT_AT_LEAST, 1, 2},
        {IT_SC_EVENT, SC_COUNT_AT_MOST, 0, 1}, {IT_SC_EVENT, SC_COUNT_EXACTLY, 1, 1},
        {IT_SC_EVENT, SC_COUNT_EXACTLY, 1, 0}, {IT_SC_NO_EVENT, 0, 1, 0}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++, it = it->next) {
        assert_int_equal(it->kind, want[i].kind);
        assert_int_equal(it->count_mode, want[i].mode);
        assert_int_equal(it->has_args, want[i].has_args);
        assert_true(it->count == want[i].n);
        assert_string_equal(it->name, "hit");
    }
    it = decl_n(p, 1)->items;
    loc_is(it->count_loc, 5, 22);
    loc_is(it->next->count_loc, 6, 35); /* `at least` */
    it = it->next->next->next->next->next;
    assert_int_equal(it->nargs, 2);
    assert_string_equal(sx(it->args[0]), "(player 2)");
    it = it->next;
    ast_stmt *s = it->body.first;
    assert_int_equal(s->kind, S_ASSIGN);
    assert_string_equal(sx(s->u.assign.value), "[list 1, 2]");
    loc_is(s->u.assign.value->loc, 11, 20);
    assert_string_equal(sx(s->next->u.assign.value), "[list ]");
    it = it->next;
    assert_string_equal(sx(it->expr),
                        "(and (== pile [list 3, (row Card \"L1 white\")]) (!= pile [list ]))");
    done(p);
}

static void test_scenario_assertion_errors(void **state)
{
    (void)state;
    fe *p = parse("ruleset \"T\"\nplayers 2\nsequence { }\n"
                  "scenario \"s\" {\n"
                  "    expect event hit -2 times\n"
                  "    expect event hit 2 goes\n"
                  "    expect event hit at best 2 times\n"
                  "    expect some event hit(player 1)\n"
                  "}\n");
    assert_int_equal(p->d.errors, 4);
    assert_string_equal(msgs(p), "p.ordo:5:22: error: an event count cannot be negative (-2)\n"
                                 "    expect event hit -2 times\n"
                                 "                     ^\n"
                                 "p.ordo:6:24: error: expected 'times' after the count, found 'goes'\n"
                                 "    expect event hit 2 goes\n"
                                 "                       ^\n"
                                 "p.ordo:7:25: error: expected 'least' or 'most' after 'at'\n"
                                 "    expect event hit at best 2 times\n"
                                 "                        ^\n"
                                 "p.ordo:8:17: error: expected 'no' before 'event'\n"
                                 "    expect some event hit(player 1)\n"
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
    assert_string_equal(msgs(p), "p.ordo:3:18: error: expected 'hidden', ')' or ',' at end of input\n"
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
        cmocka_unit_test(test_scenario_assertions),
        cmocka_unit_test(test_scenario_assertion_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

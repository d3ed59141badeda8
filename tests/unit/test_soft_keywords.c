/* test_soft_keywords.c — which keywords may name things (dsl/parser.y,
 * doc/language.md "Keywords"): every soft keyword names a variable, a
 * parameter, a local, an enum member, a fn, and is read back wherever a
 * name is read; a word that starts a statement cannot name a proc, one that
 * starts a scenario item cannot name an action; every reserved word used
 * as a declared name is one error (that says so and suggests a rename) and
 * nothing else; any word names an event, an option, a field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fe_harness.h"

/* the keywords of dsl/lexer.l by kind, in the order of dsl/parser.y */
static const char *const soft[] = {
    "ruleset", "source", "enum", "const", "var", "fn", "proc", "sequence", "scenario", "step",
    "cite", "only", "optional", "repeat", "exit", "for", "option", "scope", "window", "emit",
    "end", "game", "return", "let", "of", "to", "from", "offered", "decision", "before",
    "after", "ran", "then", "trigger", "on", "immediately", "anytime", "order", "printed",
    "chosen", "once", "per", "action", "do", "cost", "batch", "resource", "override",
    "combined", "table", "named", "extends", "substitute", "policy", "prefer", "ties",
    "display", "start", "rotate", "round",
};

static const char *const item_words[] = {
    "setup", "play", "seed",
};

static const char *const stmt_words[] = {
    "turn", "while", "add", "remove", "clear", "shuffle", "assert", "eliminate", "pay",
    "pass",
};

static const char *const reserved[] = {
    "players", "event", "first", "by", "if", "else", "until", "when", "in", "where", "asc",
    "desc", "choose", "escape", "log", "winner", "int", "bool", "player", "list", "true",
    "false", "none", "active", "roll", "count", "any", "all", "sum", "min", "max", "at", "and",
    "or", "not", "expect", "can", "capped",
};

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

static fe *parse_upto(const char *src, int upto)
{
    return fe_run(fe_new("p.ordo", src), upto);
}

/* src with every "W" replaced by w (into buf) */
static const char *fill(char *buf, size_t n, const char *src, const char *w)
{
    size_t k = 0;
    for (const char *s = src; *s; s++) {
        const char *t = *s == 'W' ? w : (char[2]){*s, 0};
        size_t len = strlen(t);
        assert_true(k + len < n);
        memcpy(buf + k, t, len);
        k += len;
    }
    buf[k] = 0;
    return buf;
}

static int in_list(const char *const *l, size_t n, const char *w)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(l[i], w) == 0)
            return 1;
    return 0;
}

/* 107 keywords, each in one list */
static void test_keyword_lists(void **state)
{
    (void)state;
    assert_int_equal(COUNT(soft) + COUNT(item_words) + COUNT(stmt_words) + COUNT(reserved), 111);
    const char *const *lists[] = {soft, item_words, stmt_words, reserved};
    size_t ns[] = {COUNT(soft), COUNT(item_words), COUNT(stmt_words), COUNT(reserved)};
    for (int a = 0; a < 4; a++)
        for (size_t i = 0; i < ns[a]; i++)
            for (int b = 0; b < 4; b++)
                if (b != a)
                    assert_false(in_list(lists[b], ns[b], lists[a][i]));
}

/* Rulesets that declare W as a var, an enum, an enum member, a fn, a proc
 * and a parameter, and read it back in expressions, indexes, types,
 * assignments and calls; every stage accepts them. */
static const char *const uses[] = {
    "ruleset \"T\"\nplayers 2\nvar W[player]: 0..99\nfn f(x: int): int = x + 1\n"
    "proc p(x: int) { }\n"
    "sequence {\n"
    "    turn player 1 {\n"
    "        W[active] = f(W[active])\n"
    "        W[active] += 2\n"
    "        p(W[active] * 2)\n"
    "        for i in players { W[i] -= 1 }\n"
    "    }\n"
    "}\n",
    "ruleset \"T\"\nplayers 2\nenum E { W, other }\nvar e: E = W\n"
    "sequence { if e == W { e = other } }\n",
    "ruleset \"T\"\nplayers 2\nenum W { a, b }\nvar v: W = a\nvar t[W]: 0..9\n"
    "sequence { t[v] = 1 }\n",
    "ruleset \"T\"\nplayers 2\nvar t: int\nfn f(W: int): int = W + 1\n"
    "proc p(W: int) { t = f(W) }\nsequence { p(1) }\n",
    "ruleset \"T\"\nplayers 2\nvar t: int\nfn W(x: int): int = x\nconst c = 2\n"
    "sequence { t = W(c) }\n",
};

static void check_names(const char *const *l, size_t n, int procs)
{
    char src[2048];
    for (size_t i = 0; i < n; i++)
        for (size_t u = 0; u < COUNT(uses) + (size_t)procs; u++) {
            const char *use = u < COUNT(uses) ? uses[u]
                                               : "ruleset \"T\"\nplayers 2\nvar t: int\n"
                                                 "proc W(x: int) { t = x }\nsequence { W(1) }\n";
            fe *p = parse_upto(fill(src, sizeof src, use, l[i]), 3);
            if (p->d.errors || p->d.warnings)
                fail_msg("'%s' as a name:\n%s", l[i], msgs(p));
            done(p);
        }
}

static void test_soft_keywords_are_names(void **state)
{
    (void)state;
    check_names(soft, COUNT(soft), 1);
    check_names(item_words, COUNT(item_words), 1);
    check_names(stmt_words, COUNT(stmt_words), 0); /* not a proc: see below */
}

/* a local (let, for) named by a soft keyword, read back */
static void test_soft_keywords_name_locals(void **state)
{
    (void)state;
    static const char *src = "ruleset \"T\"\nplayers 2\nvar t: int\n"
                             "sequence {\n"
                             "    let W = 1\n"
                             "    t = W\n"
                             "    for W_2 in players { t += 1 }\n"
                             "    t = count W_3 in players where W_3 == player 1\n"
                             "}\n"
                             "proc p() { t = sum W in players of t + 1 }\n";
    char buf[512];
    const char *const *lists[] = {soft, item_words, stmt_words};
    size_t ns[] = {COUNT(soft), COUNT(item_words), COUNT(stmt_words)};
    for (int a = 0; a < 3; a++)
        for (size_t i = 0; i < ns[a]; i++) {
            fe *p = parse_upto(fill(buf, sizeof buf, src, lists[a][i]), 3);
            if (p->d.errors)
                fail_msg("'%s' as a local:\n%s", lists[a][i], msgs(p));
            done(p);
        }
}

/* each reserved word as a var: one error, at the name, and the name kept */
static void test_reserved_word_one_error(void **state)
{
    (void)state;
    char src[256], want[512];
    for (size_t i = 0; i < COUNT(reserved); i++) {
        const char *w = reserved[i];
        fe *p = parse_upto(fill(src, sizeof src,
                                "ruleset \"T\"\nplayers 2\nvar W: int\nvar after: int\n"
                                "sequence { }\n", w), 1);
        snprintf(want, sizeof want,
                 "p.ordo:3:5: error: '%s' is a reserved word; it cannot name a variable "
                 "(rename it, e.g. '%s_')\nvar %s: int\n    ^\n", w, w, w);
        assert_int_equal(p->d.errors, 1);
        assert_string_equal(msgs(p), want);
        assert_string_equal(p->f->decls->name, w);
        assert_string_equal(p->f->decls->next->name, "after");
        done(p);
    }
}

#define RS_PROC "ruleset \"T\"\nplayers 2\nproc W() { }\nsequence { }\n"
#define RS_ACTION "ruleset \"T\"\nplayers 2\naction W(p: player) \"go\" { }\nsequence { }\n"

/* each word of l declared in `bad` is one error that ends with `what`,
 * and none in `good` */
static void names_one_not_other(const char *const *l, size_t n, const char *bad,
                                const char *what, const char *good)
{
    char src[512];
    for (size_t i = 0; i < n; i++) {
        fe *p = parse_upto(fill(src, sizeof src, bad, l[i]), 1);
        assert_int_equal(p->d.errors, 1);
        assert_non_null(strstr(msgs(p), what));
        done(p);
        p = parse_upto(fill(src, sizeof src, good, l[i]), 1);
        assert_int_equal(p->d.errors, 0);
        done(p);
    }
}

/* a word that starts a statement names an action, not a proc; one that
 * starts a scenario item names a proc, not an action */
static void test_procs_and_actions(void **state)
{
    (void)state;
    names_one_not_other(stmt_words, COUNT(stmt_words), RS_PROC,
                        "is a reserved word; it cannot name a proc", RS_ACTION);
    names_one_not_other(item_words, COUNT(item_words), RS_ACTION,
                        "is a reserved word; it cannot name an action", RS_PROC);
}

/* an event, an option, a field, a trigger, a policy: any word at all */
static void test_any_word_names(void **state)
{
    (void)state;
    static const char *src = "ruleset \"T\"\nplayers 2\n"
                             "table T_W from \"t.csv\" { W: int }\n"
                             "event W(p: player)\n"
                             "trigger W_t on W after { }\n"
                             "policy W { prefer W }\n"
                             "var v: int\n"
                             "sequence {\n"
                             "    emit W(player 1)\n"
                             "    choose player 1 { option W \"x\" { } }\n"
                             "}\n"
                             "scenario \"s\" { expect event W(player 1) expect no event W }\n";
    char buf[1024];
    const char *const *lists[] = {soft, item_words, stmt_words, reserved};
    size_t ns[] = {COUNT(soft), COUNT(item_words), COUNT(stmt_words), COUNT(reserved)};
    for (int a = 0; a < 4; a++)
        for (size_t i = 0; i < ns[a]; i++) {
            fe *p = parse_upto(fill(buf, sizeof buf, src, lists[a][i]), 1);
            if (p->d.errors)
                fail_msg("'%s' names an event:\n%s", lists[a][i], msgs(p));
            ast_decl *t = p->f->decls;
            assert_string_equal(t->fields->name, lists[a][i]);
            assert_string_equal(t->next->name, lists[a][i]);
            assert_string_equal(p->f->policies->name, lists[a][i]);
            assert_string_equal(p->f->policies->prefers->name, lists[a][i]);
            done(p);
        }
}

/* where only a name will do, a reserved word is said to be one */
static void test_reserved_word_where_a_name_is_read(void **state)
{
    (void)state;
    fe *p = parse_upto("ruleset \"T\"\nplayers 2\nconst c = all when in players where true\n"
                       "sequence { }\n", 1);
    assert_int_equal(p->d.errors, 1);
    assert_string_equal(msgs(p), "p.ordo:3:15: error: expected a name before 'when' ('when' is a "
                                 "reserved word)\n"
                                 "const c = all when in players where true\n"
                                 "              ^\n");
    done(p);
}

/* a soft keyword keeps its meaning where it is a keyword */
static void test_keywords_keep_their_meaning(void **state)
{
    (void)state;
    fe *p = parse_upto("ruleset \"T\"\nplayers 2\nvar turn: int\nvar pay[player]: 0..9\n"
                       "sequence {\n"
                       "    turn player 1 { turn = 1 }\n"
                       "    pay 1 from pay[player 1]\n"
                       "    pay[player 1] = turn\n"
                       "}\n", 1);
    no_diags(p);
    ast_decl *s = p->f->decls;
    while (s->kind != D_SEQUENCE)
        s = s->next;
    assert_int_equal(nth(&s->body, 0)->kind, S_TURN);
    assert_int_equal(nth(&s->body, 1)->kind, S_PAY);
    assert_int_equal(nth(&s->body, 2)->kind, S_ASSIGN);
    done(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keyword_lists),
        cmocka_unit_test(test_soft_keywords_are_names),
        cmocka_unit_test(test_soft_keywords_name_locals),
        cmocka_unit_test(test_reserved_word_one_error),
        cmocka_unit_test(test_procs_and_actions),
        cmocka_unit_test(test_any_word_names),
        cmocka_unit_test(test_reserved_word_where_a_name_is_read),
        cmocka_unit_test(test_keywords_keep_their_meaning),
    };
    return cmocka_run_group_tests_name("soft keywords", tests, NULL, NULL);
}

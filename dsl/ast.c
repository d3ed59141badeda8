/* ast.c — small helpers over the syntax tree: type names for messages,
 * type equality, operator spellings, and the walk over a block's
 * statements that the checks share. */
#include <stdio.h>
#include <string.h>

#include "ast.h"

static const char *scalar_name(int kind, const ast_decl *enm)
{
    switch (kind) {
    case TY_INT: return "int";
    case TY_BOOL: return "bool";
    case TY_PLAYER: return "player";
    case TY_ENUM: return enm && enm->name ? enm->name : "enum";
    case TY_VOID: return "nothing";
    case TY_LIST: return "list";
    case TY_SET: return "set";
    default: return "?";
    }
}

const char *ast_type_name(const ast_type *t, char *buf, size_t n)
{
    if (t->kind == TY_LIST || t->kind == TY_SET)
        snprintf(buf, n, "%s of %s", t->kind == TY_SET ? "set" : "list",
                 scalar_name(t->elem, t->enm));
    else
        snprintf(buf, n, "%s", scalar_name(t->kind, t->enm));
    return buf;
}

uint64_t ast_type_domain(const ast_type *t, int32_t max_players, int32_t *lo)
{
    *lo = 0;
    switch (t->kind) {
    case TY_BOOL: return 2;
    case TY_PLAYER: *lo = -1; return (uint64_t)max_players + 1;
    case TY_ENUM: return t->enm ? t->enm->nmembers : 0;
    case TY_INT:
        if (!t->ranged)
            return 0;
        *lo = t->lo;
        return (uint64_t)((int64_t)t->hi - t->lo + 1);
    default: return 0;
    }
}

int ast_type_same(const ast_type *a, const ast_type *b)
{
    if (a->kind == TY_ERROR || b->kind == TY_ERROR)
        return 1; /* already reported: do not cascade */
    if (a->kind != b->kind)
        return 0;
    if (a->kind == TY_ENUM)
        return a->enm == b->enm;
    if (a->kind == TY_LIST || a->kind == TY_SET)
        return a->elem == b->elem && (a->elem != TY_ENUM || a->enm == b->enm);
    return 1;
}

const char *ast_op_text(int op)
{
    static const char *const names[] = {
        "?", "+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=",
        "and", "or", "not", "-"};
    return op > 0 && op < (int)(sizeof names / sizeof names[0]) ? names[op] : "?";
}

const char *ast_stmt_kind_name(int kind)
{
    static const char *const names[] = {
        "?", "step", "let", "assignment", "if", "repeat", "for", "exit", "turn",
        "eliminate", "end game", "choose", "scope", "window", "call", "return",
        "emit", "log", "assert", "add", "remove", "remove at", "clear", "shuffle",
        "do", "pay", "batch", "show", "pass", "rotate", "undo", "reveal", "hide",
        "revise"};
    return kind > 0 && kind < (int)(sizeof names / sizeof names[0]) ? names[kind] : "?";
}

/* ------------------------------------------------------------ walking */

void ast_each_block(ast_stmt *s, void (*fn)(ast_block *b, void *arg), void *arg)
{
    switch (s->kind) {
    case S_STEP: fn(&s->u.step.body, arg); return;
    case S_IF:
        fn(&s->u.if_.then_b, arg);
        if (s->u.if_.else_if) {
            ast_block b = {s->loc, s->loc, s->u.if_.else_if, s->u.if_.else_if, 1};
            fn(&b, arg);
        } else if (s->u.if_.has_else)
            fn(&s->u.if_.else_b, arg);
        return;
    case S_REPEAT: fn(&s->u.rep.body, arg); return;
    case S_FOR: fn(&s->u.for_.body, arg); return;
    case S_TURN: fn(&s->u.player.body, arg); return;
    case S_CHOOSE:
        for (ast_option *o = s->u.choose.options; o; o = o->next)
            fn(&o->body, arg);
        return;
    case S_SCOPE:
        fn(&s->u.scope.body, arg);
        for (ast_escape *e = s->u.scope.escapes; e; e = e->next)
            fn(&e->body, arg);
        return;
    case S_BATCH: case S_PAY_ORDER: fn(&s->u.batch.body, arg); return;
    default: return;
    }
}

typedef struct stmt_walk {
    void (*fn)(ast_stmt *s, void *arg);
    void *arg;
} stmt_walk;

static void each_stmt_in(ast_block *b, void *arg)
{
    stmt_walk *sw = arg;
    for (ast_stmt *s = b->first; s; s = s->next) {
        sw->fn(s, sw->arg);
        ast_each_block(s, each_stmt_in, arg);
    }
}

void ast_each_stmt(ast_block *b, void (*fn)(ast_stmt *s, void *arg), void *arg)
{
    stmt_walk sw = {fn, arg};
    each_stmt_in(b, &sw);
}

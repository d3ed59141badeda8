/* ast.c — small helpers over the syntax tree: type names for messages,
 * type equality, operator spellings. */
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
    default: return "?";
    }
}

const char *ast_type_name(const ast_type *t, char *buf, size_t n)
{
    if (t->kind == TY_LIST)
        snprintf(buf, n, "list of %s", scalar_name(t->elem, t->enm));
    else
        snprintf(buf, n, "%s", scalar_name(t->kind, t->enm));
    return buf;
}

int ast_type_same(const ast_type *a, const ast_type *b)
{
    if (a->kind == TY_ERROR || b->kind == TY_ERROR)
        return 1; /* already reported: do not cascade */
    if (a->kind != b->kind)
        return 0;
    if (a->kind == TY_ENUM)
        return a->enm == b->enm;
    if (a->kind == TY_LIST)
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
        "do", "pay", "batch", "show"};
    return kind > 0 && kind < (int)(sizeof names / sizeof names[0]) ? names[kind] : "?";
}

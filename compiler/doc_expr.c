/* doc_expr.c — an expression of the tree printed back as ordo source text
 * (for the rule document: guards, costs, override values), with only the
 * parentheses the operators' precedence needs. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "doc_expr.h"

typedef struct buf {
    char *s;
    size_t n, cap;
    const oc_resolution *res; /* the names resolution made have no text */
} buf;

static void put(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char tmp[256];
    int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    const char *src = tmp;
    char *big = NULL;
    if ((size_t)k >= sizeof tmp) {
        big = malloc((size_t)k + 1);
        if (!big)
            return;
        va_start(ap, fmt);
        vsnprintf(big, (size_t)k + 1, fmt, ap);
        va_end(ap);
        src = big;
    }
    if (b->n + (size_t)k + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 64;
        while (cap < b->n + (size_t)k + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            free(big);
            return;
        }
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->n, src, (size_t)k + 1);
    b->n += (size_t)k;
    free(big);
}

/* Binding strength, higher binds tighter (dsl/parser.y's table). */
static int prec(const ast_expr *e)
{
    switch (e->kind) {
    case E_IF: return 1;
    case E_BINARY:
        switch (e->op) {
        case OP_OR: return 2;
        case OP_AND: return 3;
        case OP_EQ: case OP_NE: case OP_LT: case OP_LE: case OP_GT: case OP_GE: return 5;
        case OP_ADD: case OP_SUB: return 8;
        default: return 9;
        }
    case E_UNARY: return e->op == OP_NOT ? 4 : 10;
    case E_IN: return 5;
    case E_CAPPED: return 6;
    case E_AGG: return 1; /* its `where` takes the rest */
    default: return 11;
    }
}

static void expr(buf *b, const ast_expr *e);

static void sub(buf *b, const ast_expr *e, int need)
{
    if (e && prec(e) < need) {
        put(b, "(");
        expr(b, e);
        put(b, ")");
    } else
        expr(b, e);
}

static void args(buf *b, ast_expr **v, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        if (k)
            put(b, ", ");
        expr(b, v[k]);
    }
}

static void iter(buf *b, const ast_iter *it)
{
    if (!it) {
        put(b, "?");
        return;
    }
    switch (oc_iter_kind(b->res, it)) {
    case IT_PLAYERS: put(b, "players"); break;
    case IT_ALL_PLAYERS: put(b, "all players"); break;
    case IT_ENUM:
        if (it->list)
            expr(b, it->list);
        else
            put(b, "%s", oc_iter_enum(b->res, it) ? oc_iter_enum(b->res, it)->name : "?");
        break;
    case IT_RANGE:
        sub(b, it->lo, 8);
        put(b, "..");
        sub(b, it->hi, 8);
        break;
    default: sub(b, it->list, 8); break;
    }
}

static const char *agg_name(int op)
{
    switch (op) {
    case AGG_COUNT: return "count";
    case AGG_ANY: return "any";
    case AGG_ALL: return "all";
    case AGG_SUM: return "sum";
    case AGG_MIN: return "min";
    case AGG_MAX: return "max";
    case AGG_FIRST: return "first";
    default: return "?";
    }
}

static void expr(buf *b, const ast_expr *e)
{
    if (!e) {
        put(b, "?");
        return;
    }
    switch (e->kind) {
    case E_INT: put(b, "%lld", (long long)e->ival); break;
    case E_BOOL: put(b, "%s", e->ival ? "true" : "false"); break;
    case E_NONE: put(b, "none"); break;
    case E_PLAYER: put(b, "player %lld", (long long)e->ival); break;
    case E_NAME: {
        const ast_sym *s = oc_sym(b->res, e); /* a name resolution made has no text */
        put(b, "%s", e->name ? e->name : s && s->name ? s->name : "?");
        break;
    }
    case E_WILDCARD: put(b, "_"); break;
    case E_INDEX:
        sub(b, e->base, 11);
        put(b, "[");
        args(b, e->args, e->nargs);
        put(b, "]");
        break;
    case E_CALL:
        put(b, "%s(", e->name ? e->name : "?");
        args(b, e->args, e->nargs);
        put(b, ")");
        break;
    case E_UNARY:
        if (e->op == OP_NOT) {
            put(b, "not ");
            sub(b, e->a, 4);
        } else {
            put(b, "-");
            sub(b, e->a, 10);
        }
        break;
    case E_BINARY: {
        int p = prec(e);
        /* comparisons do not chain; left-associative otherwise */
        sub(b, e->a, p == 5 ? p + 1 : p);
        put(b, " %s ", ast_op_text(e->op));
        sub(b, e->b, p + 1);
        break;
    }
    case E_IF:
        put(b, "if ");
        expr(b, e->a);
        put(b, " then ");
        expr(b, e->b);
        put(b, " else ");
        expr(b, e->c);
        break;
    case E_IN:
        sub(b, e->a, 6);
        put(b, " in ");
        sub(b, e->b, 6);
        break;
    case E_ROLL:
        put(b, "roll ");
        if (e->a) {
            sub(b, e->a, 11);
            put(b, " d%d", (int)e->sides);
        } else if (e->ival == 1)
            put(b, "d%d", (int)e->sides);
        else
            put(b, "%lldd%d", (long long)e->ival, (int)e->sides);
        break;
    case E_AGG:
        put(b, "%s %s in ", agg_name(e->op), e->var && e->var->name ? e->var->name : "?");
        iter(b, e->iter);
        if (e->a) {
            put(b, " where ");
            expr(b, e->a);
        }
        if (e->op == AGG_FIRST) {
            for (uint32_t k = 0; k < e->nargs; k++) {
                put(b, k ? ", " : " by ");
                sub(b, e->args[k], 8);
                if (e->desc_mask & (1u << k))
                    put(b, " desc");
            }
        } else if (e->b) {
            put(b, " of ");
            sub(b, e->b, 8);
        }
        break;
    case E_CAN:
        put(b, "can %s(", e->name ? e->name : "?");
        args(b, e->args, e->nargs);
        put(b, ")");
        break;
    case E_IN_ACTION: put(b, "in action"); break;
    case E_FIELD:
        sub(b, e->a, 11);
        put(b, ".%s", e->name ? e->name : "?");
        break;
    case E_CAPPED:
        sub(b, e->a, 7);
        put(b, " capped at ");
        sub(b, e->b, 7);
        break;
    case E_LIST: /* a scenario's (resolution rewrites those it accepts) */
        put(b, "[");
        args(b, e->args, e->nargs);
        put(b, "]");
        break;
    case E_ROW:
        sub(b, e->a, 11);
        put(b, "[\"%s\"]", e->name ? e->name : "?");
        break;
    default: put(b, "?"); break;
    }
}

/* What b holds, copied into the arena ("?" when nothing); b freed. */
static const char *kept(oc_arena *a, buf *b)
{
    const char *s = arena_strdup(a, b->s ? b->s : "?");
    free(b->s);
    return s;
}

const char *doc_expr_text(oc_arena *a, const oc_resolution *res, const ast_expr *e)
{
    buf b = {NULL, 0, 0, res};
    expr(&b, e);
    return kept(a, &b);
}

const char *doc_iter_text(oc_arena *a, const oc_resolution *res, const ast_iter *it)
{
    buf b = {NULL, 0, 0, res};
    iter(&b, it);
    return kept(a, &b);
}

static uint32_t max_u(uint32_t x, uint32_t y)
{
    return x > y ? x : y;
}

uint32_t doc_expr_last_line(const ast_expr *e)
{
    if (!e)
        return 0;
    uint32_t m = ast_line(e->loc);
    switch (e->kind) {
    case E_INDEX:
        m = max_u(m, doc_expr_last_line(e->base));
        /* fall through */
    case E_CALL:
    case E_CAN:
        for (uint32_t k = 0; k < e->nargs; k++)
            m = max_u(m, doc_expr_last_line(e->args[k]));
        break;
    case E_UNARY:
    case E_FIELD:
        m = max_u(m, doc_expr_last_line(e->a));
        break;
    case E_BINARY:
    case E_IN:
    case E_CAPPED:
        m = max_u(m, max_u(doc_expr_last_line(e->a), doc_expr_last_line(e->b)));
        break;
    case E_IF:
        m = max_u(m, max_u(doc_expr_last_line(e->a), doc_expr_last_line(e->b)));
        m = max_u(m, doc_expr_last_line(e->c));
        break;
    case E_ROLL:
        m = max_u(m, doc_expr_last_line(e->a));
        break;
    case E_AGG:
        m = max_u(m, max_u(doc_expr_last_line(e->a), doc_expr_last_line(e->b)));
        if (e->iter) {
            m = max_u(m, doc_expr_last_line(e->iter->list));
            m = max_u(m, max_u(doc_expr_last_line(e->iter->lo), doc_expr_last_line(e->iter->hi)));
        }
        if (e->op == AGG_FIRST)
            for (uint32_t k = 0; k < e->nargs; k++)
                m = max_u(m, doc_expr_last_line(e->args[k]));
        break;
    default: break;
    }
    return m;
}

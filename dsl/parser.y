/* parser.y — the ordo grammar (bison, pure, with locations): tokens from
 * dsl/lexer.l in, an AST (dsl/ast.h) in the compilation's arena out.
 *
 * Error recovery: `error` at declaration, statement, option and scenario-
 * item level, so one run reports several syntax errors. Messages are
 * written in plain words by yyreport_syntax_error ("expected '}' before
 * 'step'"), with the position of the offending token.
 *
 * Names: most keywords are soft, names wherever a name is read (`name` and
 * the keyword rules below it); where a name is declared any word parses,
 * and a reserved one is one error, not a syntax error and its cascade.
 */
%define api.pure full
%locations
%define api.location.type {struct oc_yyltype}
%define parse.error custom
%define parse.lac full
%define parse.lac.es-capacity-initial {4000}
%param {yyscan_t scanner}
%parse-param {struct lex_extra *px}
%expect 0

%code requires {
#include <stdint.h>
#include "ast.h"

#ifndef YY_TYPEDEF_YY_SCANNER_T
#define YY_TYPEDEF_YY_SCANNER_T
typedef void *yyscan_t;
#endif

/* Token positions: line and column of both ends, and byte offsets (used to
 * quote an `expect` expression as written). */
struct oc_yyltype {
    int first_line, first_column, last_line, last_column;
    uint32_t first_off, last_off;
};

/* The state shared by the scanner (as its extra data) and the parser. */
struct lex_extra {
    oc_arena *arena;
    diag *diag;
    const char *src;
    int line, col;
    uint32_t off;
    ast_file *file;
    int ndecls;          /* declarations seen (ruleset must come first) */
    int ndisplays;       /* display blocks seen (they are named display#1, ...) */
    int ninvariants;     /* invariants seen (invariant#1, ...) */
    int nchecks;         /* data checks seen (check#1, ...) */
    struct pvec *seat_refs; /* ast_seat_ref: what `symmetric players` may not
                          * meet, scenarios' taken out as they end */
    uint32_t fileno;     /* the file's number in the diag (0: the one compiled) */
    uint32_t next_id;    /* the next expression's id */
    uint32_t next_stmt_id; /* the next statement's */
    uint32_t next_iter_id; /* the next iterable's */
    uint32_t next_text_id; /* the next text's */
    uint32_t next_item_id; /* the next scenario item's */
    uint32_t next_type_id; /* the next type expression's */
    uint32_t next_choice_id; /* the next option's, escape's or prefer line's */
    uint32_t next_dim_id; /* the next var index's */
    uint32_t next_field_id; /* the next table field's */
    uint32_t next_decl_id; /* the next declaration's */
    uint32_t next_cost_id; /* the next cost's */
    size_t len, read;    /* src's length, and how much of it the scanner took */
};

/* A growable array of pointers in the arena (lists while parsing). The
 * first two items live in the vector itself: most lists are the one or
 * two arguments of an index or a call, and a separate array for them
 * would be a second allocation. */
typedef struct pvec {
    void **items;
    uint32_t n, cap;
    void *first[2];
} pvec;

/* Option modifiers collected in any order. */
typedef struct opt_mods {
    ast_expr *when, *where;
    ast_sym *var;
    ast_iter *iter;
} opt_mods;

/* Why an `end game` ends the game: `because [limit] "TEXT"`. */
typedef struct end_why {
    const char *text;
    int limit;
    ast_loc loc;
} end_why;

/* Action modifiers (`when`, `cost`, `cite`, `order`) in any order. */
typedef struct act_mods {
    ast_expr *when;
    ast_cost *costs, *last_cost;
    ast_cite *cites, *last_cite;
    int order;
    ast_expr *order_by;
    ast_expr *depth;
    int tentative, revisable;
    int costs_any_order;
    ast_loc costs_order_loc;
} act_mods;

/* A stated bound on recursion: `depth N` or `decreasing PARAM`. */
typedef struct bound_mod {
    ast_expr *depth;
    const char *measure;
    ast_loc measure_loc;
} bound_mod;

/* A name where one is declared: any word parses there, and a reserved
 * keyword is reported by the declaration (see `named`). */
enum { NAME_SOFT, NAME_NOT_PLAYED, NAME_NOT_CALLED, NAME_RESERVED };
typedef struct name_word {
    const char *text;
    int level; /* NAME_... */
} name_word;

/* A var's indexes as written: `[player, Gem]`. */
struct var_dims {
    ast_dim d[2];
    uint32_t n;
};

/* for-statement modifiers. */
typedef struct for_mods {
    ast_expr *where;
    pvec *keys;     /* `by K1, K2 ...`, NULL without `by` */
    uint32_t desc;  /* bit k: key k is `desc` */
} for_mods;
}

%code provides {
int yylex(YYSTYPE *lvalp, YYLTYPE *llocp, yyscan_t scanner);
}

%union {
    int64_t num;
    const char *str;
    struct { int64_t count, sides; } dice;
    ast_expr *expr;
    ast_stmt *stmt;
    ast_decl *decl;
    ast_typeexpr *tx;
    ast_iter *iter;
    ast_option *option;
    ast_escape *escape;
    ast_item *item;
    ast_cite *cite;
    ast_block block;
    pvec *vec;
    opt_mods omods;
    for_mods fmods;
    act_mods *amods;               /* by pointer: the stack value stays small */
    struct { int order; ast_expr *by; } ord;
    bound_mod bnd;
    end_why reason;
    ast_dim dim;
    struct { pvec *exprs; uint32_t desc; } keys;
    struct { ast_expr *e; int desc; } key;
    ast_field *field;
}

%code {
#include <stdio.h>
#include <string.h>

#define YYMAXDEPTH 4000 /* deep nesting is an error, not a crash */
/* The parser's stacks at their largest from the start (about 100 KB of
 * the C stack): bison then never mallocs them, so a compilation that ends
 * out of memory in the middle of a rule (arena_fail's jump) leaks none. */
#define YYINITDEPTH YYMAXDEPTH

#define YYLLOC_DEFAULT(Cur, Rhs, N)                                   \
    do {                                                              \
        if (N) {                                                      \
            (Cur).first_line = YYRHSLOC(Rhs, 1).first_line;           \
            (Cur).first_column = YYRHSLOC(Rhs, 1).first_column;       \
            (Cur).first_off = YYRHSLOC(Rhs, 1).first_off;             \
            (Cur).last_line = YYRHSLOC(Rhs, N).last_line;             \
            (Cur).last_column = YYRHSLOC(Rhs, N).last_column;         \
            (Cur).last_off = YYRHSLOC(Rhs, N).last_off;               \
        } else {                                                      \
            (Cur).first_line = (Cur).last_line = YYRHSLOC(Rhs, 0).last_line; \
            (Cur).first_column = (Cur).last_column = YYRHSLOC(Rhs, 0).last_column; \
            (Cur).first_off = (Cur).last_off = YYRHSLOC(Rhs, 0).last_off; \
        }                                                             \
    } while (0)

static void yyerror(YYLTYPE *loc, yyscan_t scanner, struct lex_extra *px, const char *msg);

#define A (px->arena)
#define L(l) mkloc(&(l))

/* The name of the n-th display, invariant or check of this file:
 * "display#2", or "display#3.2" in file 3 (a layer's base), so that a
 * layer's and its base's never clash. */
static void numbered_name(const struct lex_extra *px, const char *kind, int n, char *buf,
                          size_t size)
{
    if (px->fileno)
        snprintf(buf, size, "%s#%u.%d", kind, (unsigned)px->fileno, n);
    else
        snprintf(buf, size, "%s#%d", kind, n);
}

static ast_loc mkloc(const YYLTYPE *l)
{
    ast_loc a = {(uint32_t)l->first_line, (uint32_t)l->first_column};
    return a;
}

static pvec *vec_push(oc_arena *a, pvec *v, void *p)
{
    if (!v) {
        v = ARENA_NEW(a, pvec);
        v->items = v->first;
        v->cap = 2;
    }
    if (v->n == v->cap) {
        uint32_t cap = v->cap * 2;
        void **items = ARENA_ARRAY(a, void *, cap);
        if (v->n)
            memcpy(items, v->items, v->n * sizeof *items);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->n++] = p;
    return v;
}

static uint32_t vec_len(const pvec *v) { return v ? v->n : 0; }
static void **vec_items(const pvec *v) { return v ? v->items : NULL; }

/* A payment's `or` sources, or NULL when it has none. */
static ast_payment *payment(struct lex_extra *px, pvec *alts)
{
    if (!alts)
        return NULL;
    ast_payment *p = ARENA_NEW(A, ast_payment);
    p->alts = (ast_expr **)vec_items(alts);
    p->nalts = vec_len(alts);
    return p;
}

static ast_expr *ex(struct lex_extra *px, int kind, YYLTYPE l)
{
    ast_expr *e = ARENA_NEW(A, ast_expr);
    e->kind = (uint8_t)kind;
    e->loc = L(l);
    e->id = px->next_id++;
    return e;
}

/* A chain like 1+1+...+1 is left-deep: the parser's stack stays flat, but
 * every later pass walks the tree recursively. Past this depth it is an
 * error, so no input can exhaust the C stack. */
#define MAX_EXPR_DEPTH 1000

static ast_expr *bin(struct lex_extra *px, int op, ast_expr *a, ast_expr *b, YYLTYPE l)
{
    unsigned d = 1u + (a->depth > b->depth ? a->depth : b->depth);
    if (d > MAX_EXPR_DEPTH) {
        /* reported once: the operand kept is marked past the limit */
        if (d == MAX_EXPR_DEPTH + 1)
            diag_error(px->diag, mkloc(&l), "expression too deeply nested (more than %d operators)",
                       MAX_EXPR_DEPTH);
        ast_expr *keep = a->depth >= b->depth ? a : b;
        keep->depth = MAX_EXPR_DEPTH + 2;
        return keep;
    }
    ast_expr *e = ex(px, E_BINARY, l);
    e->depth = (uint16_t)d;
    e->loc = a->loc; /* the whole expression starts with its left operand */
    e->op_loc = mkloc(&l);
    e->op = (uint8_t)op;
    e->a = a;
    e->b = b;
    return e;
}

static ast_expr *un(struct lex_extra *px, int op, ast_expr *a, YYLTYPE l)
{
    ast_expr *e = ex(px, E_UNARY, l);
    e->depth = a->depth;
    e->op = (uint8_t)op;
    e->a = a;
    return e;
}

static ast_expr *name_expr(struct lex_extra *px, const char *name, YYLTYPE l)
{
    ast_expr *e = ex(px, E_NAME, l);
    e->name = name;
    return e;
}

static ast_expr *call_expr(struct lex_extra *px, const char *name, pvec *args, YYLTYPE l)
{
    ast_expr *e = ex(px, E_CALL, l);
    e->name = name;
    e->args = (ast_expr **)vec_items(args);
    e->nargs = vec_len(args);
    return e;
}

static ast_expr *agg(struct lex_extra *px, int op, const char *var, YYLTYPE vl,
                     ast_iter *it, ast_expr *where, ast_expr *of, YYLTYPE l)
{
    ast_expr *e = ex(px, E_AGG, l);
    e->op = (uint8_t)op;
    e->var = ARENA_NEW(A, ast_sym);
    e->var->name = var;
    e->var->loc = L(vl);
    e->var->kind = SYM_LOCAL;
    e->var->local_kind = LOCAL_AGG;
    e->iter = it;
    e->a = where;
    e->b = of;
    return e;
}

static ast_expr *first_by(struct lex_extra *px, const char *var, YYLTYPE vl, ast_iter *it,
                          ast_expr *where, const void *keys, YYLTYPE l)
{
    const struct { pvec *exprs; uint32_t desc; } *k = keys;
    ast_expr *e = agg(px, AGG_FIRST, var, vl, it, where, NULL, l);
    e->args = (ast_expr **)vec_items(k->exprs);
    e->nargs = vec_len(k->exprs);
    e->desc_mask = k->desc;
    return e;
}

static ast_expr *roll(struct lex_extra *px, ast_expr *count, int64_t n, int64_t sides, YYLTYPE l)
{
    ast_expr *e = ex(px, E_ROLL, l);
    e->a = count;
    e->ival = n;
    if (sides < 1 || sides > 1000000) {
        diag_error(px->diag, L(l), "a die must have 1 to 1000000 sides");
        sides = 1;
    }
    e->sides = (int32_t)sides;
    return e;
}

static ast_stmt *st(struct lex_extra *px, int kind, YYLTYPE l)
{
    ast_stmt *s = ARENA_NEW(A, ast_stmt);
    s->kind = (uint8_t)kind;
    s->loc = L(l);
    s->id = px->next_stmt_id++;
    return s;
}

static ast_sym *local(struct lex_extra *px, const char *name, YYLTYPE l, int lk)
{
    ast_sym *s = ARENA_NEW(A, ast_sym);
    s->name = name;
    s->loc = L(l);
    s->kind = SYM_LOCAL;
    s->local_kind = (uint8_t)lk;
    return s;
}

static ast_block block_of(pvec *stmts, YYLTYPE open, YYLTYPE close)
{
    ast_block b;
    memset(&b, 0, sizeof b);
    b.loc = mkloc(&open);
    b.end = mkloc(&close);
    for (uint32_t i = 0; i < vec_len(stmts); i++) {
        ast_stmt *s = stmts->items[i];
        if (b.last)
            b.last->next = s;
        else
            b.first = s;
        b.last = s;
        b.count++;
    }
    return b;
}

static ast_text text_of(struct lex_extra *px, const char *s, YYLTYPE l)
{
    ast_text t;
    memset(&t, 0, sizeof t);
    t.loc = mkloc(&l);
    t.text = s;
    t.id = px->next_text_id++;
    return t;
}

static ast_expr *bound(struct lex_extra *px, int64_t v, int neg, YYLTYPE l)
{
    ast_expr *e = ex(px, E_INT, l);
    e->ival = neg ? -v : v;
    return e;
}

static ast_iter *iter_of(struct lex_extra *px, int kind, ast_expr *lo, ast_expr *hi, YYLTYPE l)
{
    ast_iter *it = ARENA_NEW(A, ast_iter);
    it->kind = (uint8_t)kind;
    it->id = px->next_iter_id++;
    it->loc = L(l);
    if (kind == IT_RANGE) {
        it->lo = lo;
        it->hi = hi;
    } else
        it->list = lo;
    return it;
}

static void add_decl(struct lex_extra *px, ast_decl *d)
{
    ast_file *f = px->file;
    if (f->last_decl)
        f->last_decl->next = d;
    else
        f->decls = d;
    f->last_decl = d;
}

static ast_decl *decl(struct lex_extra *px, int kind, const char *name, YYLTYPE l, YYLTYPE nl)
{
    ast_decl *d = ARENA_NEW(A, ast_decl);
    d->kind = (uint8_t)kind;
    d->id = px->next_decl_id++;
    d->loc = L(l);
    d->name = name;
    d->name_loc = L(nl);
    add_decl(px, d);
    return d;
}

/* `once per ...` on a trigger, or `once per chain` on a proc (the only
 * limit a proc takes: turns and actions count a trigger's firings). */
/* `depth N` or `decreasing PARAM`; an anytime action is offered only
 * when its run cannot fail, which a measure cannot promise ahead. */
static void set_bound(struct lex_extra *px, ast_decl *d, bound_mod b)
{
    d->depth_expr = b.depth;
    if (!b.measure)
        return;
    if (d->anytime) {
        diag_error(px->diag, b.measure_loc, "an anytime action is bounded by 'depth N', not "
                                            "by 'decreasing' (a window offers it only when "
                                            "it cannot run too deep)");
        return;
    }
    d->measure_name = b.measure;
    d->measure_loc = b.measure_loc;
}

static void set_limit(struct lex_extra *px, ast_decl *d, int limit, YYLTYPE l, int trigger)
{
    if (!limit)
        return;
    if (!trigger && limit != LIMIT_CHAIN) {
        diag_error(px->diag, L(l), "a proc may be 'once per chain'; 'once per turn' and "
                                   "'once per action' are for triggers");
        return;
    }
    d->limit = (uint8_t)limit;
    d->limit_loc = L(l);
}

/* A var's modifiers, as bits of var_mods; hidden and hidden from all,
 * and per action with hidden or kept, do not go together. */
enum { VMOD_PER_ACTION = 1, VMOD_KEPT = 2, VMOD_HIDDEN = 4, VMOD_HIDDEN_ALL = 8 };
static void var_mod_clash(struct lex_extra *px, int had, int m, YYLTYPE l)
{
    const int hid = VMOD_HIDDEN | VMOD_HIDDEN_ALL, act = VMOD_KEPT | hid;
    if (had & m)
        diag_error(px->diag, L(l), "the same modifier twice");
    else if ((had & hid) && (m & hid))
        diag_error(px->diag, L(l), "'hidden' and 'hidden from all' together");
    else if (((had & VMOD_PER_ACTION) && (m & act)) || ((had & act) && (m & VMOD_PER_ACTION)))
        diag_error(px->diag, L(l), "a 'per action' var is neither 'kept' nor hidden");
}

static void set_var_mods(ast_decl *d, int m)
{
    d->per_action = (uint8_t)((m & VMOD_PER_ACTION) != 0);
    d->kept = (uint8_t)((m & VMOD_KEPT) != 0);
    d->secrecy = (uint8_t)(m & VMOD_HIDDEN ? SECRET_OWNER : m & VMOD_HIDDEN_ALL ? SECRET_ALL : 0);
}

/* An `end game`'s reason, if it gives one. */
static void end_reason_of(ast_stmt *s, const end_why *r)
{
    s->u.player.label.text = r->text;
    s->u.player.label.loc = r->loc;
    s->u.player.is_limit = (uint8_t)r->limit;
}

/* A var or resource: the parts both forms share. */
static ast_decl *var_decl(struct lex_extra *px, const char *name, YYLTYPE l, YYLTYPE nl,
                          const ast_dim *dims, uint32_t ndims, ast_typeexpr *type,
                          ast_expr *init)
{
    ast_decl *d = decl(px, D_VAR, name, l, nl);
    d->ndims = ndims;
    d->dims[0] = dims[0];
    d->dims[1] = dims[1];
    for (uint32_t k = 0; k < ndims; k++)
        d->dims[k].id = px->next_dim_id++;
    d->type = type;
    d->value = init;
    return d;
}

/* Header lines may come in any order after `ruleset`, which must be first. */
static void header_seen(struct lex_extra *px, int is_ruleset, YYLTYPE l)
{
    if (is_ruleset && px->ndecls > 0)
        diag_error(px->diag, L(l), "'ruleset' must come first");
    px->ndecls++;
}

static ast_decl *table_decl(struct lex_extra *px, const char *name, YYLTYPE l, YYLTYPE nl,
                            const char *path, YYLTYPE pl, const char *named, YYLTYPE ml,
                            ast_field *fields)
{
    header_seen(px, 0, l);
    ast_decl *d = decl(px, D_ENUM, name, l, nl);
    d->is_table = 1;
    d->table_path = path;
    d->table_path_loc = L(pl);
    d->table_named = named;
    d->table_named_loc = L(ml);
    d->fields = fields;
    if (!fields)
        diag_error(px->diag, L(l), "table '%s' declares no field", name);
    return d;
}

static ast_field *field_of(struct lex_extra *px, const char *name, YYLTYPE l, const char *index,
                           YYLTYPE il, ast_typeexpr *type)
{
    ast_field *f = ARENA_NEW(A, ast_field);
    f->id = px->next_field_id++;
    f->loc = L(l);
    f->name = name;
    f->index = index;
    f->index_loc = L(il);
    f->type = type;
    return f;
}

static void set_params(struct lex_extra *px, ast_decl *d, pvec *ps)
{
    d->nparams = vec_len(ps);
    d->params = ARENA_ARRAY(A, ast_sym *, d->nparams + 1);
    d->param_types = ARENA_ARRAY(A, ast_typeexpr *, d->nparams + 1);
    for (uint32_t i = 0; i < d->nparams; i++) {
        ast_sym *s = ps->items[i];
        d->params[i] = s;
        d->param_types[i] = (ast_typeexpr *)(void *)s->hnext; /* parked there by `param` */
        s->hnext = NULL;
        s->decl = d;
    }
}

/* `check "TEXT" [for ROW in TABLE] = EXPR`: a bool fn the compiler runs
 * on the data once the program is built (once for each row of TABLE),
 * each failure an error at the row's line in its CSV file. */
static ast_typeexpr *tx(struct lex_extra *px, int kind, YYLTYPE l);
static const char *src_text(struct lex_extra *px, YYLTYPE l);
static ast_decl *check_decl(struct lex_extra *px, const char *text, pvec *row, YYLTYPE l,
                            YYLTYPE rl, ast_expr *e, YYLTYPE el)
{
    (void)rl;
    header_seen(px, 0, l);
    char name[48];
    numbered_name(px, "check", ++px->nchecks, name, sizeof name);
    ast_decl *d = decl(px, D_FN, arena_strdup(A, name), l, l);
    d->data_check = 1;
    d->title = text;
    d->type = tx(px, TX_BOOL, l);
    d->body_expr = e;
    d->source = src_text(px, el);
    set_params(px, d, row);
    return d;
}

static ast_typeexpr *tx(struct lex_extra *px, int kind, YYLTYPE l)
{
    ast_typeexpr *t = ARENA_NEW(A, ast_typeexpr);
    t->id = px->next_type_id++;
    t->kind = (uint8_t)kind;
    t->loc = L(l);
    return t;
}

static ast_item *item(struct lex_extra *px, int kind, YYLTYPE l)
{
    ast_item *it = ARENA_NEW(A, ast_item);
    it->id = px->next_item_id++;
    it->kind = (uint8_t)kind;
    it->loc = L(l);
    return it;
}

/* `expect P sees ...`: "sees" is no keyword, so the item checks it. */
static ast_item *sees_item(struct lex_extra *px, YYLTYPE l, ast_expr *seat, const char *word,
                           YYLTYPE wl, int mode, const char *label, YYLTYPE ll)
{
    ast_item *it = item(px, IT_SC_SEES, l);
    if (strcmp(word, "sees") != 0)
        diag_error(px->diag, L(wl), "expected 'sees' after the seat, found '%s'", word);
    it->expr = seat;
    it->sees = (uint8_t)mode;
    it->labels = ARENA_ARRAY(A, const char *, 1);
    it->labels[0] = label;
    it->label_locs = ARENA_ARRAY(A, ast_loc, 1);
    it->label_locs[0] = L(ll);
    it->nlabels = 1;
    return it;
}

static void add_roll(struct lex_extra *px, ast_item *it, int64_t n, YYLTYPE l)
{
    if (n > INT32_MAX) {
        diag_error(px->diag, L(l), "a roll's total of %lld is too large", (long long)n);
        return;
    }
    if (it->nrolls == it->caprolls) {
        uint32_t cap = it->caprolls ? it->caprolls * 2 : 4;
        int32_t *v = ARENA_ARRAY(A, int32_t, cap);
        if (it->nrolls)
            memcpy(v, it->rolls, it->nrolls * sizeof *v);
        it->rolls = v;
        it->caprolls = cap;
    }
    it->rolls[it->nrolls++] = (int32_t)n;
}

/* A list literal `[x, y, ...]`: written only after `==`, `!=` and `=`, so
 * that `[` starts no expression (`clear [1]` stays an index of `clear`). */
static ast_expr *list_lit(struct lex_extra *px, pvec *items, YYLTYPE l)
{
    ast_expr *e = ex(px, E_LIST, l);
    e->args = (ast_expr **)vec_items(items);
    e->nargs = vec_len(items);
    return e;
}

/* The word after an event count: `times` (or `time`). */
static void times_word(struct lex_extra *px, const char *w, YYLTYPE l)
{
    if (strcmp(w, "times") != 0 && strcmp(w, "time") != 0)
        diag_error(px->diag, L(l), "expected 'times' after the count, found '%s'", w);
}

static const char *num_text(struct lex_extra *px, int64_t v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", (long long)v);
    return arena_strdup(A, buf);
}

/* An option, named (`option NAME "label"`) or not (name NULL). */
static ast_option *option_of(struct lex_extra *px, const char *name, YYLTYPE nl,
                             const char *label, YYLTYPE ll, opt_mods m, ast_block body,
                             YYLTYPE l)
{
    ast_option *o = ARENA_NEW(A, ast_option);
    o->id = px->next_choice_id++;
    o->loc = L(l);
    o->label = text_of(px, label, ll);
    o->when = m.when;
    o->var = m.var;
    o->iter = m.iter;
    o->where = m.where;
    o->body = body;
    o->name = name;
    o->name_loc = L(nl);
    return o;
}

/* A policy declaration joins the file's list (policies are no decls: the
 * rules never name them). */
static void add_policy(struct lex_extra *px, ast_policy *pl, const char *name, const char *label,
                       YYLTYPE l, YYLTYPE nl)
{
    ast_file *f = px->file;
    pl->loc = L(l);
    pl->name = name;
    pl->name_loc = L(nl);
    pl->label = label;
    if (f->last_policy)
        f->last_policy->next = pl;
    else
        f->policies = pl;
    f->last_policy = pl;
    f->npolicies++;
}

/* A display is a proc the rules never call; its name cannot clash with an
 * identifier. */
static ast_decl *display_decl(struct lex_extra *px, const char *title, ast_block body, YYLTYPE l)
{
    char name[48];
    numbered_name(px, "display", ++px->ndisplays, name, sizeof name);
    ast_decl *d = decl(px, D_PROC, arena_strdup(A, name), l, l);
    d->display = 1;
    d->title = title;
    d->body = body;
    return d;
}

/* The text of an expression as written (for `expect` failures). */
static const char *src_text(struct lex_extra *px, YYLTYPE l)
{
    if (!px->src || l.last_off < l.first_off)
        return "";
    return arena_strndup(A, px->src + l.first_off, l.last_off - l.first_off);
}

/* The name a declaration gives: a word reserved where that name is read
 * back is one error here, and is then taken as the name, so nothing else
 * fails because of it. `what` is the kind of name, "a variable"... */
static const char *named(struct lex_extra *px, name_word w, YYLTYPE l, const char *what)
{
    int bad = w.level == NAME_RESERVED ||
              (w.level == NAME_NOT_CALLED && strcmp(what, "a proc") == 0) ||
              (w.level == NAME_NOT_PLAYED && strcmp(what, "an action") == 0);
    if (bad)
        diag_error(px->diag, L(l), "'%s' is a reserved word; it cannot name %s (rename it, e.g. '%s_')",
                   w.text, what, w.text);
    return w.text;
}

/* `for x in IT mods { }` and `round p in players mods [until all pass]
 * { }`: one statement kind, told apart by `round` (ROUND_*). The first key
 * also goes in `by`/`desc`, which a one-key `for` lowers as before. */
/* What ties the rules to a seat, kept for `symmetric players` (the
 * compiler judges it once the header is known): off is where it stands,
 * so that a scenario or a loop around it can find it by its span. */
static void seat_ref(struct lex_extra *px, int kind, YYLTYPE l, int64_t n)
{
    ast_seat_ref *r = ARENA_NEW(A, ast_seat_ref);
    r->kind = (uint8_t)kind;
    r->loc = L(l);
    r->off = l.first_off;
    r->n = n;
    px->seat_refs = vec_push(A, px->seat_refs, r);
}

/* A scenario names seats as it likes: its refs, the last pushed, go. */
static void drop_seat_refs_from(struct lex_extra *px, uint32_t off)
{
    while (px->seat_refs && px->seat_refs->n &&
           ((ast_seat_ref *)px->seat_refs->items[px->seat_refs->n - 1])->off >= off)
        px->seat_refs->n--;
}

/* The choices within span l are taken in a loop over the players in seat
 * order (`for`, `round`, or a simultaneous group asked `by` a key); a
 * simultaneous group in seat order (group 1) asks its own choice in any
 * order, but carries the answers out in seat order, and a choice one of
 * them leads to (the span's later choices) is taken then. */
static void seat_order_loop(struct lex_extra *px, YYLTYPE l, YYLTYPE loop, int group)
{
    /* the refs within the span are the last pushed: those reduced since
     * its first token */
    uint32_t n = px->seat_refs ? px->seat_refs->n : 0, first = n;
    while (first > 0 && ((ast_seat_ref *)px->seat_refs->items[first - 1])->off >= l.first_off)
        first--;
    uint32_t own = UINT32_MAX; /* the group's own choice: the first in the span */
    for (uint32_t i = first; group && i < n; i++) {
        ast_seat_ref *r = px->seat_refs->items[i];
        if (r->kind == SEAT_CHOOSE && r->off < own)
            own = r->off;
    }
    for (uint32_t i = first; i < n; i++) {
        ast_seat_ref *r = px->seat_refs->items[i];
        if (r->kind == SEAT_CHOOSE && r->off != own) {
            r->kind = group ? SEAT_LATER_CHOOSE : SEAT_LOOP_CHOOSE;
            r->n = ast_line(L(loop));
        }
    }
}

static int over_players(const ast_iter *it)
{
    return it && (it->kind == IT_PLAYERS || it->kind == IT_ALL_PLAYERS);
}

static ast_stmt *for_stmt(struct lex_extra *px, YYLTYPE l, name_word var, YYLTYPE vl,
                          ast_iter *it, const for_mods *m, const ast_block *body, int round)
{
    ast_stmt *s = st(px, S_FOR, l);
    s->u.for_.var = local(px, named(px, var, vl, "a loop variable"), vl, LOCAL_FOR);
    s->u.for_.iter = it;
    s->u.for_.where = m->where;
    s->u.for_.keys = (ast_expr **)vec_items(m->keys);
    s->u.for_.nkeys = vec_len(m->keys);
    s->u.for_.desc_mask = m->desc;
    s->u.for_.by = s->u.for_.nkeys ? s->u.for_.keys[0] : NULL;
    s->u.for_.desc = (uint8_t)(m->desc & 1u);
    s->u.for_.round = (uint8_t)round;
    s->u.for_.body = *body;
    return s;
}
}

%token T_EOF 0 "end of input"
%token <str> T_IDENT "name" T_STRING "string" T_STEPNUM "step number"
%token <num> T_NUMBER "number"
%token <dice> T_DIE "die" T_DICE "dice"
%token T_RULESET "ruleset" T_SOURCE "source" T_PLAYERS "players" T_ENUM "enum"
%token T_CONST "const" T_VAR "var" T_EVENT "event" T_FN "fn" T_PROC "proc"
%token T_SEQUENCE "sequence" T_SCENARIO "scenario" T_STEP "step" T_CITE "cite"
%token T_FIRST "first" T_TURN "turn" T_ONLY "only" T_OPTIONAL "optional" T_BY "by"
%token T_IF "if" T_ELSE "else" T_REPEAT "repeat" T_UNTIL "until" T_WHILE "while"
%token T_EXIT "exit" T_WHEN "when" T_FOR "for" T_IN "in" T_WHERE "where"
%token T_ASC "asc" T_DESC "desc" T_CHOOSE "choose" T_OPTION "option"
%token T_SCOPE "scope" T_ESCAPE "escape" T_WINDOW "window" T_EMIT "emit" T_LOG "log"
%token T_END "end" T_GAME "game" T_WINNER "winner" T_RETURN "return" T_LET "let"
%token T_INT "int" T_BOOL "bool" T_PLAYER "player" T_LIST "list" T_SET "set" T_OF "of"
%token T_TRUE "true" T_FALSE "false" T_NONE "none" T_ACTIVE "active" T_ROLL "roll"
%token T_COUNT "count" T_ANY "any" T_ALL "all" T_SUM "sum" T_MIN "min" T_MAX "max"
%token T_ADD "add" T_TO "to" T_REMOVE "remove" T_AT "at" T_FROM "from"
%token T_CLEAR "clear" T_SHUFFLE "shuffle" T_ASSERT "assert" T_AND "and" T_OR "or"
%token T_NOT "not" T_ELIMINATE "eliminate" T_SETUP "setup" T_PLAY "play"
%token T_EXPECT "expect" T_OFFERED "offered" T_DECISION "decision"
%token T_BEFORE "before" T_AFTER "after" T_RAN "ran" T_SEED "seed" T_THEN "then"
%token T_TRIGGER "trigger" T_ON "on" T_IMMEDIATELY "immediately" T_ANYTIME "anytime"
%token T_ORDER "order" T_PRINTED "printed" T_CHOSEN "chosen" T_ONCE "once" T_PER "per"
%token T_CHAIN "chain" T_DEPTH "depth" T_DECREASING "decreasing" T_KEPT "kept" T_UNDO "undo" T_TENTATIVE "tentative"
%token T_HIDDEN "hidden" T_REVEAL "reveal" T_HIDE "hide" T_SEE "see" T_SECRETLY "secretly"
%token T_SIMULTANEOUSLY "simultaneously" T_REVISABLE "revisable" T_REVISE "revise"
%token T_SYMMETRIC "symmetric"
%token T_INVARIANT "invariant" T_BECAUSE "because" T_LIMIT "limit" T_CHECK "check"
%token T_ACTION "action" T_DO "do" T_CAN "can" T_COST "cost" T_PAY "pay" T_BATCH "batch"
%token T_RESOURCE "resource" T_OVERRIDE "override" T_COMBINED "combined"
%token T_TABLE "table" T_NAMED "named" T_EXTENDS "extends"
%token T_SUBSTITUTE "substitute" T_CAPPED "capped"
%token T_POLICY "policy" T_PREFER "prefer" T_AVOID "avoid" T_TIES "ties" T_DISPLAY "display"
%token T_START "start" T_ROTATE "rotate" T_ROUND "round" T_PASS "pass"
%token T_DOTDOT ".." T_EQ "==" T_NE "!=" T_LE "<=" T_GE ">=" T_PLUSEQ "+=" T_MINUSEQ "-="

/* lowest first; see the precedence table of doc/language.md */
/* `reveal X to P`: after `reveal X`, a "to" is its own (not a call of a
 * proc named `to` as the next statement) */
/* `set of T` in a table's fields: `cards: set of Card` reads as the type,
 * not as a field of type `set` then a field named `of` */
%precedence T_SET
%precedence T_OF
%precedence REVEAL_ALL
%precedence T_TO T_BECAUSE
%precedence LOW T_ELSE
%left T_OR
%left T_AND
%precedence T_NOT
%nonassoc T_EQ T_NE '<' T_LE '>' T_GE T_IN T_CAN
%left T_CAPPED
%precedence ITER
%precedence T_DOTDOT
%left '+' '-'
%left '*' '/' '%'
%precedence UMINUS
%precedence '[' '.' T_WHERE T_ASC T_DESC T_BY
/* ',' binds the keys of `first ... by`; declared after the brackets so the
 * tokens keep the order expected-token lists name them in */
%token '{' '}' '=' ':' '(' ')'
%precedence ','

%type <expr> expr bound opt_init lvalue opt_guard
%type <num> timing opt_limit prefer_or_avoid
%type <reason> end_reason
%type <bnd> opt_depth
%type <stmt> stmt step_stmt if_stmt
%type <decl> decl
%type <tx> type
%type <iter> iter
%type <option> option
%type <escape> escape
%type <item> item roll_totals
%type <cite> cites
%type <block> block
%type <vec> pay_alts stmts args arglist params param_list members member_list options escapes items strings
%type <keys> keys
%type <key> key
%type <field> fields field
%type <omods> opt_mods
%type <fmods> for_mods
%type <amods> act_mods
%type <ord> opt_event_order
%type <num> var_mods var_mod opt_hidden opt_secretly
%type <dim> dim
%type <str> stepnum opt_string field_name
%type <stmt> step_mods
%type <sym_dims> dims opt_dims

/* a var's indexes, in the arena: a value on the parser's stack is as large
 * as the largest kind, and every shift and reduction copies one */
%union { struct var_dims *sym_dims; }

%union { ast_policy *policy; ast_prefer *prefer; }

%union { name_word word; }

/* a scenario's event count: `N times`, `at least N times`, `at most N times` */
%union { struct { int mode; int64_t n; } count; }
%type <count> event_count count_times
%type <str> name call_name played_name plain_name
%type <str> soft_keyword item_keyword stmt_keyword reserved_keyword
%type <word> new_name
%type <policy> policy_body
%type <prefer> prefer_mods

%%

file
    : decls
    ;

decls
    : %empty
    | decls decl
    | decls error
    ;

decl
    : T_RULESET T_STRING {
        header_seen(px, 1, @1);
        px->file->title = $2;
        px->file->title_loc = L(@1);
        $$ = NULL;
      }
    | T_SOURCE T_STRING { header_seen(px, 0, @1); px->file->source = $2; $$ = NULL; }
    | T_EXTENDS T_STRING {
        header_seen(px, 0, @1);
        if (px->file->extends)
            diag_error(px->diag, L(@1), "a ruleset extends one other ruleset at most");
        px->file->extends = $2;
        px->file->extends_loc = L(@2);
        $$ = NULL;
      }
    | T_TABLE new_name T_FROM T_STRING '{' fields '}' {
        $$ = table_decl(px, named(px, $2, @2, "a table"), @1, @2, $4, @4, NULL, @4, $6);
      }
    | T_TABLE new_name T_FROM T_STRING T_NAMED T_STRING '{' fields '}' {
        $$ = table_decl(px, named(px, $2, @2, "a table"), @1, @2, $4, @4, $6, @6, $8);
      }
    | T_OVERRIDE T_CONST new_name '=' expr {
        header_seen(px, 0, @1);
        $$ = decl(px, D_CONST, named(px, $3, @3, "a constant"), @1, @3);
        $$->value = $5;
        $$->is_override = 1;
      }
    | T_PLAYERS T_NUMBER {
        header_seen(px, 0, @1);
        px->file->min_players = px->file->max_players = (int32_t)($2 > 1000 ? 1000 : $2);
        px->file->players_loc = L(@1);
        $$ = NULL;
      }
    | T_SYMMETRIC T_PLAYERS {
        header_seen(px, 0, @1);
        px->file->symmetric = 1;
        px->file->symmetric_loc = L(@1);
        $$ = NULL;
      }
    | T_PLAYERS T_NUMBER T_DOTDOT T_NUMBER {
        header_seen(px, 0, @1);
        px->file->min_players = (int32_t)($2 > 1000 ? 1000 : $2);
        px->file->max_players = (int32_t)($4 > 1000 ? 1000 : $4);
        px->file->players_loc = L(@1);
        $$ = NULL;
      }
    | T_ENUM new_name '{' members '}' {
        header_seen(px, 0, @1);
        $$ = decl(px, D_ENUM, named(px, $2, @2, "an enum"), @1, @2);
        $$->nmembers = vec_len($4);
        $$->members = (ast_sym **)vec_items($4);
        for (uint32_t i = 0; i < $$->nmembers; i++) {
            $$->members[i]->decl = $$;
            $$->members[i]->value = (int32_t)i;
        }
      }
    | T_CONST new_name '=' expr {
        header_seen(px, 0, @1);
        $$ = decl(px, D_CONST, named(px, $2, @2, "a constant"), @1, @2);
        $$->value = $4;
      }
    | T_VAR new_name opt_dims ':' type opt_init var_mods {
        header_seen(px, 0, @1);
        $$ = var_decl(px, named(px, $2, @2, "a variable"), @1, @2, $3->d, $3->n, $5, $6);
        set_var_mods($$, (int)$7);
      }
    | T_RESOURCE new_name opt_dims ':' type opt_init var_mods {
        header_seen(px, 0, @1);
        $$ = var_decl(px, named(px, $2, @2, "a resource"), @1, @2, $3->d, $3->n, $5, $6);
        set_var_mods($$, (int)$7);
        $$->resource = 1;
      }
    | T_EVENT new_name '(' params ')' opt_event_order {
        header_seen(px, 0, @1);
        $$ = decl(px, D_EVENT, $2.text, @1, @2);
        set_params(px, $$, $4);
        $$->order = (uint8_t)$6.order;
        $$->order_by = $6.by;
      }
    | T_FN new_name '(' params ')' ':' type opt_depth '=' expr {
        header_seen(px, 0, @1);
        $$ = decl(px, D_FN, named(px, $2, @2, "a fn"), @1, @2);
        set_params(px, $$, $4);
        $$->type = $7;
        set_bound(px, $$, $8);
        $$->body_expr = $10;
      }
    | T_PROC new_name '(' params ')' opt_limit opt_depth cites block {
        header_seen(px, 0, @1);
        $$ = decl(px, D_PROC, named(px, $2, @2, "a proc"), @1, @2);
        set_params(px, $$, $4);
        set_limit(px, $$, (int)$6, @6, 0);
        set_bound(px, $$, $7);
        $$->cites = $8;
        $$->body = $9;
      }
    | T_OVERRIDE T_FN new_name '(' params ')' ':' type opt_guard cites '=' expr {
        header_seen(px, 0, @1);
        $$ = decl(px, D_FN, named(px, $3, @3, "a fn"), @1, @3);
        set_params(px, $$, $5);
        $$->type = $8;
        $$->guard = $9;
        $$->cites = $10;
        $$->body_expr = $12;
        $$->is_override = 1;
      }
    | T_OVERRIDE T_PROC new_name '(' params ')' opt_string opt_guard cites block {
        header_seen(px, 0, @1);
        $$ = decl(px, D_PROC, named(px, $3, @3, "a proc"), @1, @3);
        set_params(px, $$, $5);
        if ($7) {
            $$->label.text = $7;
            $$->label.id = px->next_text_id++;
            $$->label.loc = L(@7);
        }
        $$->guard = $8;
        $$->cites = $9;
        $$->body = $10;
        $$->is_override = 1;
      }
    | T_ACTION new_name '(' params ')' opt_string act_mods block {
        header_seen(px, 0, @1);
        $$ = decl(px, D_PROC, named(px, $2, @2, "an action"), @1, @2);
        set_params(px, $$, $4);
        if ($6) {
            $$->label.text = $6;
            $$->label.id = px->next_text_id++;
            $$->label.loc = L(@6);
        }
        $$->is_action = 1;
        $$->depth_expr = $7->depth;
        $$->tentative = (uint8_t)$7->tentative;
        $$->revisable = (uint8_t)$7->revisable;
        $$->guard = $7->when;
        $$->costs = $7->costs;
        $$->costs_any_order = (uint8_t)$7->costs_any_order;
        $$->costs_order_loc = $7->costs_order_loc;
        $$->cites = $7->cites;
        $$->order = (uint8_t)$7->order;
        $$->order_by = $7->order_by;
        $$->body = $8;
      }
    | T_TRIGGER new_name T_ON new_name timing opt_guard opt_limit opt_depth cites block {
        header_seen(px, 0, @1);
        $$ = decl(px, D_PROC, $2.text, @1, @2);
        $$->timing = (uint8_t)$5;
        $$->event_name = $4.text;
        $$->event_loc = L(@4);
        $$->guard = $6;
        set_limit(px, $$, (int)$7, @7, 1);
        set_bound(px, $$, $8);
        $$->cites = $9;
        $$->body = $10;
      }
    | T_TRIGGER new_name T_STRING T_ON new_name timing opt_guard opt_limit opt_depth cites block {
        header_seen(px, 0, @1);
        $$ = decl(px, D_PROC, $2.text, @1, @2);
        $$->label.text = $3;
        $$->label.id = px->next_text_id++;
        $$->label.loc = L(@3);
        $$->timing = (uint8_t)$6;
        $$->event_name = $5.text;
        $$->event_loc = L(@5);
        $$->guard = $7;
        set_limit(px, $$, (int)$8, @8, 1);
        set_bound(px, $$, $9);
        $$->cites = $10;
        $$->body = $11;
      }
    | T_ANYTIME new_name '(' params ')' T_STRING opt_guard opt_depth cites block {
        header_seen(px, 0, @1);
        $$ = decl(px, D_PROC, $2.text, @1, @2);
        set_params(px, $$, $4);
        $$->anytime = 1;
        $$->label.text = $6;
        $$->label.id = px->next_text_id++;
        $$->label.loc = L(@6);
        $$->guard = $7;
        set_bound(px, $$, $8);
        $$->cites = $9;
        $$->body = $10;
      }
    | T_SUBSTITUTE expr T_FOR expr T_STRING cites {
        header_seen(px, 0, @1);
        $$ = decl(px, D_SUBSTITUTE, NULL, @1, @1);
        $$->sub_var = $2;
        $$->sub_for = $4;
        $$->label.text = $5;
        $$->label.id = px->next_text_id++;
        $$->label.loc = L(@5);
        $$->cites = $6;
      }
    | T_POLICY new_name opt_string '{' policy_body '}' {
        header_seen(px, 0, @1);
        add_policy(px, $5, $2.text, $3, @1, @2);
        $$ = NULL;
      }
    | T_DISPLAY T_STRING block {
        header_seen(px, 0, @1);
        $$ = display_decl(px, $2, $3, @1);
      }
    | T_INVARIANT T_STRING '=' expr {
        header_seen(px, 0, @1);
        char name[48];
        numbered_name(px, "invariant", ++px->ninvariants, name, sizeof name);
        $$ = decl(px, D_FN, arena_strdup(A, name), @1, @1);
        $$->invariant = 1;
        $$->title = $2;
        $$->type = tx(px, TX_BOOL, @1);
        $$->body_expr = $4;
        $$->source = src_text(px, @4);
      }
    | T_CHECK T_STRING '=' expr { $$ = check_decl(px, $2, NULL, @1, @1, $4, @4); }
    | T_CHECK T_STRING T_FOR new_name T_IN name '=' expr {
        ast_typeexpr *t = tx(px, TX_NAME, @6);
        t->name = $6;
        ast_sym *s = local(px, named(px, $4, @4, "a parameter"), @4, LOCAL_PARAM);
        s->hnext = (ast_sym *)(void *)t; /* parked until set_params */
        $$ = check_decl(px, $2, vec_push(A, NULL, s), @1, @4, $8, @8);
      }
    | T_SEQUENCE block {
        header_seen(px, 0, @1);
        $$ = decl(px, D_SEQUENCE, NULL, @1, @1);
        $$->body = $2;
      }
    | T_SCENARIO T_STRING cites '{' items '}' {
        header_seen(px, 0, @1);
        drop_seat_refs_from(px, @1.first_off);
        $$ = decl(px, D_SCENARIO, NULL, @1, @1);
        $$->title = $2;
        $$->cites = $3;
        $$->nitems = vec_len($5);
        for (uint32_t i = vec_len($5); i-- > 0;) {
            ast_item *it = $5->items[i];
            it->next = $$->items;
            $$->items = it;
        }
      }
    ;

/* a data table's fields, one a column (or one a member of an enum) */
fields
    : %empty { $$ = NULL; }
    | fields field {
        $$ = $1;
        if (!$$) {
            $$ = $2;
        } else {
            ast_field *f = $$;
            while (f->next)
                f = f->next;
            f->next = $2;
        }
      }
    ;

field
    : field_name ':' type { $$ = field_of(px, $1, @1, NULL, @1, $3); }
    | field_name '[' name ']' ':' type { $$ = field_of(px, $1, @1, $3, @3, $6); }
    ;

/* a field may be named like the keywords a card's data often uses */
field_name
    : new_name { $$ = $1.text; }
    ;

/* a policy's lines: `prefer NAME [by E] [when E]`, `avoid NAME [by E]
 * [when E]`, `ties random|first` */
policy_body
    : %empty { $$ = ARENA_NEW(A, ast_policy); }
    | policy_body prefer_or_avoid new_name prefer_mods {
        $$ = $1;
        $4->loc = L(@2);
        $4->avoid = $2;
        $4->name = $3.text;
        $4->name_loc = L(@3);
        if ($$->last_prefer)
            $$->last_prefer->next = $4;
        else
            $$->prefers = $4;
        $$->last_prefer = $4;
        $$->nprefers++;
      }
    | policy_body T_TIES T_IDENT {
        $$ = $1;
        if (strcmp($3, "random") != 0)
            diag_error(px->diag, L(@3), "expected 'random' or 'first' after 'ties', not '%s'", $3);
        $$->ties_random = 1;
      }
    | policy_body T_TIES T_FIRST { $$ = $1; $$->ties_random = 0; }
    | policy_body error { $$ = $1; }
    ;

prefer_or_avoid
    : T_PREFER { $$ = 0; }
    | T_AVOID { $$ = 1; }
    ;

prefer_mods
    : %empty { $$ = ARENA_NEW(A, ast_prefer); $$->id = px->next_choice_id++; }
    | prefer_mods T_BY expr {
        $$ = $1;
        if ($$->by)
            diag_error(px->diag, L(@2), "'by' given twice");
        $$->by = $3;
      }
    | prefer_mods T_WHEN expr {
        $$ = $1;
        if ($$->when)
            diag_error(px->diag, L(@2), "'when' given twice");
        $$->when = $3;
      }
    ;

/* one trailing comma is allowed, as in C: `enum E { a, b, }` */
members
    : member_list { $$ = $1; }
    | member_list ',' { $$ = $1; }
    ;

member_list
    : new_name {
        ast_sym *s = ARENA_NEW(A, ast_sym);
        s->name = named(px, $1, @1, "an enum member"); s->loc = L(@1); s->kind = SYM_MEMBER;
        $$ = vec_push(A, NULL, s);
      }
    | member_list ',' new_name {
        ast_sym *s = ARENA_NEW(A, ast_sym);
        s->name = named(px, $3, @3, "an enum member"); s->loc = L(@3); s->kind = SYM_MEMBER;
        $$ = vec_push(A, $1, s);
      }
    ;

opt_dims
    : %empty { $$ = ARENA_NEW(A, struct var_dims); }
    | '[' dims ']' { $$ = $2; }
    ;

dims
    : dim { $$ = ARENA_NEW(A, struct var_dims); $$->d[0] = $1; $$->n = 1; }
    | dims ',' dim {
        $$ = $1;
        if ($$->n >= 2) {
            diag_error(px->diag, L(@3), "a var has at most two indexes");
        } else {
            $$->d[$$->n++] = $3;
        }
      }
    ;

dim
    : T_PLAYER { memset(&$$, 0, sizeof $$); $$.kind = DIM_PLAYER; $$.loc = L(@1); }
    | name { memset(&$$, 0, sizeof $$); $$.kind = DIM_ENUM; $$.name = $1; $$.loc = L(@1); }
    | bound T_DOTDOT bound {
        memset(&$$, 0, sizeof $$);
        $$.kind = DIM_RANGE; $$.lo_e = $1; $$.hi_e = $3; $$.loc = L(@1);
      }
    ;

bound
    : T_NUMBER { $$ = bound(px, $1, 0, @1); }
    | '-' T_NUMBER { $$ = bound(px, $2, 1, @1); }
    | name { $$ = name_expr(px, $1, @1); }
    ;

type
    : T_INT { $$ = tx(px, TX_INT, @1); }
    | T_BOOL { $$ = tx(px, TX_BOOL, @1); }
    | T_PLAYER { $$ = tx(px, TX_PLAYER, @1); }
    | name { $$ = tx(px, TX_NAME, @1); $$->name = $1; }
    | bound T_DOTDOT bound { $$ = tx(px, TX_RANGE, @1); $$->lo = $1; $$->hi = $3; }
    | T_LIST T_OF type '[' bound ']' {
        $$ = tx(px, TX_LIST, @1);
        $$->elem = $3;
        $$->cap = $5;
      }
    | T_SET T_OF type {
        $$ = tx(px, TX_SET, @1);
        $$->elem = $3;
      }
    ;

opt_init
    : %empty { $$ = NULL; }
    | '=' expr { $$ = $2; }
    ;

params
    : %empty { $$ = NULL; }
    | param_list { $$ = $1; }
    ;

param_list
    : new_name ':' type opt_hidden {
        ast_sym *s = local(px, named(px, $1, @1, "a parameter"), @1, LOCAL_PARAM);
        s->hnext = (ast_sym *)(void *)$3; /* parked until set_params */
        s->secret = (uint8_t)$4;
        $$ = vec_push(A, NULL, s);
      }
    | param_list ',' new_name ':' type opt_hidden {
        ast_sym *s = local(px, named(px, $3, @3, "a parameter"), @3, LOCAL_PARAM);
        s->hnext = (ast_sym *)(void *)$5;
        s->secret = (uint8_t)$6;
        $$ = vec_push(A, $1, s);
      }
    ;

timing
    : T_IMMEDIATELY { $$ = TIMING_IMMEDIATELY; }
    | T_AFTER { $$ = TIMING_AFTER; }
    | T_BEFORE { $$ = TIMING_BEFORE; }
    ;

opt_limit
    : %empty { $$ = 0; }
    | T_ONCE T_PER T_TURN { $$ = LIMIT_TURN; }
    | T_ONCE T_PER T_ACTION { $$ = LIMIT_ACTION; }
    | T_ONCE T_PER T_CHAIN { $$ = LIMIT_CHAIN; }
    ;

/* a stated bound on recursion: at most N of its runs nested at once */
opt_depth
    : %empty { $$.depth = NULL; $$.measure = NULL; }
    | T_DEPTH expr { $$.depth = $2; $$.measure = NULL; }
    | T_DECREASING T_IDENT { $$.depth = NULL; $$.measure = $2; $$.measure_loc = L(@2); }
    | T_DEPTH expr T_DECREASING T_IDENT {
        diag_error(px->diag, L(@3), "one bound, 'depth' or 'decreasing', not both");
        $$.depth = $2;
        $$.measure = NULL;
      }
    ;

var_mods
    : %empty { $$ = 0; }
    | var_mods var_mod {
        var_mod_clash(px, $1, $2, @2);
        $$ = $1 | $2;
      }
    ;

var_mod
    : T_PER T_ACTION { $$ = VMOD_PER_ACTION; }
    | T_KEPT { $$ = VMOD_KEPT; }
    | T_HIDDEN { $$ = VMOD_HIDDEN; }
    | T_HIDDEN T_FROM T_ALL { $$ = VMOD_HIDDEN_ALL; }
    ;

/* `because [limit] "TEXT"` after `end game`: why the game ended (a limit:
 * one the rules set, not a real end); after `end game` a "because" is this */
end_reason
    : %empty %prec REVEAL_ALL { $$.text = NULL; $$.limit = 0; $$.loc = (ast_loc){0, 0}; }
    | T_BECAUSE T_STRING { $$.text = $2; $$.limit = 0; $$.loc = L(@2); }
    | T_BECAUSE T_LIMIT T_STRING { $$.text = $3; $$.limit = 1; $$.loc = L(@3); }
    ;

opt_secretly
    : %empty { $$ = 0; }
    | T_SECRETLY { $$ = 1; }
    ;

opt_hidden
    : %empty { $$ = 0; }
    | T_HIDDEN { $$ = 1; }
    ;

opt_event_order
    : %empty { $$.order = 0; $$.by = NULL; }
    | T_ORDER T_PRINTED { $$.order = ORDER_PRINTED; $$.by = NULL; }
    | T_ORDER T_COMBINED { $$.order = ORDER_COMBINED; $$.by = NULL; }
    | T_ORDER T_CHOSEN T_BY expr { $$.order = ORDER_CHOSEN; $$.by = $4; }
    ;

act_mods
    : %empty { $$ = ARENA_NEW(A, act_mods); }
    | act_mods T_WHEN expr {
        $$ = $1;
        if ($$->when)
            diag_error(px->diag, L(@2), "'when' given twice");
        $$->when = $3;
      }
    | act_mods T_COST expr T_FROM lvalue pay_alts {
        $$ = $1;
        ast_cost *c = ARENA_NEW(A, ast_cost);
        c->id = px->next_cost_id++;
        c->loc = L(@2); c->amount = $3; c->target = $5;
        c->pay = payment(px, $6);
        if ($$->last_cost)
            $$->last_cost->next = c;
        else
            $$->costs = c;
        $$->last_cost = c;
      }
    | act_mods T_CITE T_STRING {
        $$ = $1;
        ast_cite *c = ARENA_NEW(A, ast_cite);
        c->loc = L(@3); c->id = $3;
        if ($$->last_cite)
            $$->last_cite->next = c;
        else
            $$->cites = c;
        $$->last_cite = c;
      }
    | act_mods T_TENTATIVE { $$ = $1; $$->tentative = 1; }
    | act_mods T_REVISABLE { $$ = $1; $$->revisable = 1; }
    | act_mods T_DEPTH expr {
        $$ = $1;
        if ($$->depth)
            diag_error(px->diag, L(@2), "'depth' given twice");
        $$->depth = $3;
      }
    | act_mods T_ORDER T_PRINTED {
        $$ = $1; $$->order = ORDER_PRINTED; $$->order_by = NULL;
      }
    | act_mods T_IDENT T_IN T_ANY T_ORDER {
        /* `costs` is no keyword: it may still name a var */
        $$ = $1;
        if (strcmp($2, "costs") != 0)
            diag_error(px->diag, L(@2), "unexpected '%s' (only 'costs in any order' may be "
                                        "written here)", $2);
        $$->costs_any_order = 1;
        $$->costs_order_loc = L(@2);
      }
    | act_mods T_ORDER T_COMBINED {
        $$ = $1; $$->order = ORDER_COMBINED; $$->order_by = NULL;
      }
    | act_mods T_ORDER T_CHOSEN T_BY expr {
        $$ = $1; $$->order = ORDER_CHOSEN; $$->order_by = $5;
      }
    ;

opt_guard
    : %empty { $$ = NULL; }
    | T_WHEN expr { $$ = $2; }
    ;

cites
    : %empty { $$ = NULL; }
    | T_CITE T_STRING cites {
        $$ = ARENA_NEW(A, ast_cite);
        $$->loc = L(@2); $$->id = $2; $$->next = $3;
      }
    ;

/* ------------------------------------------------------------ statements */

block
    : '{' stmts '}' { $$ = block_of($2, @1, @3); }
    ;

stmts
    : %empty { $$ = NULL; }
    | stmts stmt { $$ = $2 ? vec_push(A, $1, $2) : $1; }
    | stmts error { $$ = $1; }
    ;

stmt
    : step_stmt
    | T_LET new_name '=' expr {
        $$ = st(px, S_LET, @1);
        $$->u.let.sym = local(px, named(px, $2, @2, "a local"), @2, LOCAL_LET);
        $$->u.let.value = $4;
      }
    | T_LET new_name ':' type '=' expr {
        $$ = st(px, S_LET, @1);
        $$->u.let.sym = local(px, named(px, $2, @2, "a local"), @2, LOCAL_LET);
        $$->u.let.type = $4;
        $$->u.let.value = $6;
      }
    | lvalue '=' expr {
        $$ = st(px, S_ASSIGN, @1);
        $$->u.assign.target = $1;
        $$->u.assign.value = $3;
      }
    | lvalue '=' '[' args ']' { /* a list literal (a scenario's setup) */
        $$ = st(px, S_ASSIGN, @1);
        $$->u.assign.target = $1;
        $$->u.assign.value = list_lit(px, $4, @3);
      }
    | lvalue T_PLUSEQ expr {
        $$ = st(px, S_ASSIGN, @1);
        $$->u.assign.target = $1;
        $$->u.assign.op = OP_ADD;
        $$->u.assign.value = $3;
      }
    | lvalue T_MINUSEQ expr {
        $$ = st(px, S_ASSIGN, @1);
        $$->u.assign.target = $1;
        $$->u.assign.op = OP_SUB;
        $$->u.assign.value = $3;
      }
    | if_stmt
    | T_REPEAT T_UNTIL expr block {
        $$ = st(px, S_REPEAT, @1);
        $$->u.rep.kind = REP_UNTIL_BEFORE; $$->u.rep.cond = $3; $$->u.rep.body = $4;
      }
    | T_REPEAT block T_UNTIL expr {
        $$ = st(px, S_REPEAT, @1);
        $$->u.rep.kind = REP_UNTIL_AFTER; $$->u.rep.cond = $4; $$->u.rep.body = $2;
      }
    | T_REPEAT block {
        $$ = st(px, S_REPEAT, @1);
        $$->u.rep.kind = REP_PLAIN; $$->u.rep.body = $2;
      }
    | T_WHILE expr block {
        $$ = st(px, S_REPEAT, @1);
        $$->u.rep.kind = REP_WHILE; $$->u.rep.cond = $2; $$->u.rep.body = $3;
      }
    | T_FOR new_name T_IN iter for_mods block {
        $$ = for_stmt(px, @1, $2, @2, $4, &$5, &$6, ROUND_NONE);
        if (over_players($4))
            seat_order_loop(px, @$, @1, 0);
      }
    | T_SIMULTANEOUSLY T_FOR new_name T_IN iter for_mods block {
        $$ = for_stmt(px, @1, $3, @3, $5, &$6, &$7, ROUND_NONE);
        $$->u.for_.simultaneous = 1;
        seat_order_loop(px, @$, @1, !$6.keys && over_players($5));
      }
    | T_ROUND new_name T_IN T_PLAYERS for_mods block {
        ast_iter *it = iter_of(px, IT_PLAYERS, NULL, NULL, @4);
        $$ = for_stmt(px, @1, $2, @2, it, &$5, &$6, ROUND_ONCE);
        seat_order_loop(px, @$, @1, 0);
      }
    | T_ROUND new_name T_IN T_PLAYERS for_mods T_UNTIL T_ALL T_PASS block {
        ast_iter *it = iter_of(px, IT_PLAYERS, NULL, NULL, @4);
        $$ = for_stmt(px, @1, $2, @2, it, &$5, &$9, ROUND_UNTIL_PASSED);
        seat_order_loop(px, @$, @1, 0);
      }
    | T_PASS expr { $$ = st(px, S_PASS, @1); $$->u.player.player = $2; }
    | T_ROTATE T_START T_PLAYER { $$ = st(px, S_ROTATE, @1); seat_ref(px, SEAT_ROTATE, @1, 0); }
    | T_EXIT { $$ = st(px, S_EXIT, @1); }
    | T_EXIT T_WHEN expr { $$ = st(px, S_EXIT, @1); $$->u.exit.cond = $3; }
    | T_TURN expr block {
        $$ = st(px, S_TURN, @1);
        $$->u.player.player = $2; $$->u.player.body = $3;
      }
    | T_ELIMINATE expr { $$ = st(px, S_ELIMINATE, @1); $$->u.player.player = $2; }
    | T_END T_GAME end_reason {
        $$ = st(px, S_END, @1);
        end_reason_of($$, &$3);
      }
    | T_END T_GAME T_WINNER expr end_reason {
        $$ = st(px, S_END, @1);
        $$->u.player.player = $4; $$->u.player.has_winner = 1;
        end_reason_of($$, &$5);
      }
    | T_CHOOSE expr opt_secretly opt_string '{' options '}' {
        $$ = st(px, S_CHOOSE, @1);
        seat_ref(px, SEAT_CHOOSE, @1, 0);
        $$->u.choose.player = $2;
        $$->u.choose.secret = (uint8_t)$3;
        if ($4)
            $$->u.choose.prompt = text_of(px, $4, @4);
        $$->u.choose.noptions = vec_len($6);
        for (uint32_t i = vec_len($6); i-- > 0;) {
            ast_option *o = $6->items[i];
            o->next = $$->u.choose.options;
            $$->u.choose.options = o;
        }
      }
    | T_REVEAL lvalue %prec REVEAL_ALL {
        $$ = st(px, S_REVEAL, @1);
        $$->u.assign.target = $2;
      }
    | T_REVEAL lvalue T_TO expr {
        $$ = st(px, S_REVEAL, @1);
        $$->u.assign.target = $2;
        $$->u.assign.value = $4;
      }
    | T_HIDE lvalue {
        $$ = st(px, S_HIDE, @1);
        $$->u.assign.target = $2;
      }
    | T_SCOPE block escapes {
        $$ = st(px, S_SCOPE, @1);
        $$->u.scope.body = $2;
        $$->u.scope.nescapes = vec_len($3);
        for (uint32_t i = vec_len($3); i-- > 0;) {
            ast_escape *e = $3->items[i];
            e->next = $$->u.scope.escapes;
            $$->u.scope.escapes = e;
        }
      }
    | T_WINDOW T_FOR expr opt_string {
        $$ = st(px, S_WINDOW, @1);
        $$->u.player.player = $3;
        if ($4)
            $$->u.player.label = text_of(px, $4, @4);
      }
    | call_name '(' args ')' {
        $$ = st(px, S_CALL, @1);
        $$->u.call.name = $1; $$->u.call.name_loc = L(@1);
        $$->u.call.args = (ast_expr **)vec_items($3); $$->u.call.nargs = vec_len($3);
      }
    | T_RETURN { $$ = st(px, S_RETURN, @1); }
    | T_UNDO { $$ = st(px, S_UNDO, @1); }
    | T_REVISE { $$ = st(px, S_REVISE, @1); }
    | T_DO new_name '(' args ')' {
        $$ = st(px, S_DO, @1);
        $$->u.call.name = $2.text; $$->u.call.name_loc = L(@2);
        $$->u.call.args = (ast_expr **)vec_items($4); $$->u.call.nargs = vec_len($4);
      }
    | T_PAY expr T_FROM lvalue pay_alts {
        $$ = st(px, S_PAY, @1);
        $$->u.assign.value = $2;
        $$->u.assign.target = $4;
        $$->u.assign.op = OP_SUB;
        $$->pay = payment(px, $5);
      }
    | T_BATCH block { $$ = st(px, S_BATCH, @1); $$->u.batch.body = $2; }
    | T_PAY T_IN T_ANY T_ORDER block {
        $$ = st(px, S_PAY_ORDER, @1);
        $$->u.batch.body = $5;
      }
    | T_PAY T_IN error block {
        /* the error is said at its token; the block is read as one, so
         * its closing brace does not close the body around it */
        $$ = NULL;
        (void)$4;
      }
    | T_EMIT new_name '(' args ')' {
        $$ = st(px, S_EMIT, @1);
        $$->u.call.name = $2.text; $$->u.call.name_loc = L(@2);
        $$->u.call.args = (ast_expr **)vec_items($4); $$->u.call.nargs = vec_len($4);
      }
    | T_EMIT new_name {
        $$ = st(px, S_EMIT, @1);
        $$->u.call.name = $2.text; $$->u.call.name_loc = L(@2);
      }
    | T_LOG T_STRING { $$ = st(px, S_LOG, @1); $$->u.log.text = text_of(px, $2, @2); }
    | name T_STRING {
        /* `show` and `put` are no keywords: a ruleset may still call a
         * proc by either name */
        $$ = NULL;
        int put = strcmp($1, "put") == 0;
        if (strcmp($1, "show") != 0 && !put)
            diag_error(px->diag, L(@1), "unexpected string after '%s' (only 'show' and 'put' "
                                        "take one)", $1);
        else {
            $$ = st(px, S_SHOW, @1);
            $$->u.log.text = text_of(px, $2, @2);
            $$->u.log.goes_on = put;
        }
      }
    | T_ASSERT expr opt_string {
        $$ = st(px, S_ASSERT, @1);
        $$->u.assert_.cond = $2;
        $$->u.assert_.message = $3;
        $$->u.assert_.message_loc = L(@3);
      }
    | T_ADD expr T_TO expr {
        $$ = st(px, S_ADD, @1); $$->u.list.value = $2; $$->u.list.list = $4;
      }
    | T_REMOVE expr T_FROM expr {
        $$ = st(px, S_REMOVE, @1); $$->u.list.value = $2; $$->u.list.list = $4;
      }
    | T_REMOVE T_AT expr T_FROM expr {
        $$ = st(px, S_REMOVE_AT, @1); $$->u.list.value = $3; $$->u.list.list = $5;
      }
    | T_CLEAR expr { $$ = st(px, S_CLEAR, @1); $$->u.list.list = $2; }
    | T_SHUFFLE expr { $$ = st(px, S_SHUFFLE, @1); $$->u.list.list = $2; }
    ;

/* `or B[p] or C[p]`: more sources a payment may be paid from (the payer
 * chooses how much from each; doc/language.md "Paying") */
pay_alts
    : %empty { $$ = NULL; }
    | pay_alts T_OR lvalue { $$ = vec_push(A, $1, $3); }
    ;

lvalue
    : name { $$ = name_expr(px, $1, @1); }
    | T_START T_PLAYER { $$ = ex(px, E_START, @1); seat_ref(px, SEAT_START, @1, 0); }
    | lvalue '[' args ']' {
        $$ = ex(px, E_INDEX, @1);
        $$->base = $1;
        $$->args = (ast_expr **)vec_items($3);
        $$->nargs = vec_len($3);
      }
    ;

step_stmt
    : T_STEP stepnum opt_string step_mods block {
        $$ = $4;
        $$->loc = L(@1);
        $$->u.step.number = $2;
        $$->u.step.number_loc = L(@2);
        $$->u.step.title = $3;
        $$->u.step.body = $5;
        /* cites were collected in reverse */
        ast_cite *rev = NULL, *c = $$->u.step.cites;
        while (c) {
            ast_cite *n = c->next;
            c->next = rev;
            rev = c;
            c = n;
        }
        $$->u.step.cites = rev;
      }
    ;

stepnum
    : T_STEPNUM { $$ = $1; }
    | T_NUMBER { $$ = num_text(px, $1); }
    ;

step_mods
    : %empty { $$ = st(px, S_STEP, @$); }
    | step_mods T_CITE T_STRING {
        $$ = $1;
        ast_cite *c = ARENA_NEW(A, ast_cite);
        c->loc = L(@3); c->id = $3; c->next = $$->u.step.cites;
        $$->u.step.cites = c;
      }
    | step_mods T_FIRST T_TURN T_ONLY {
        $$ = $1;
        if ($$->u.step.first_turn_only)
            diag_error(px->diag, L(@2), "'first turn only' given twice");
        $$->u.step.first_turn_only = 1;
      }
    | step_mods T_OPTIONAL T_BY expr {
        $$ = $1;
        if ($$->u.step.optional_by)
            diag_error(px->diag, L(@2), "'optional by' given twice");
        $$->u.step.optional_by = $4;
      }
    | step_mods T_WHEN expr {
        $$ = $1;
        if ($$->u.step.when)
            diag_error(px->diag, L(@2), "'when' given twice");
        $$->u.step.when = $3;
      }
    ;

if_stmt
    : T_IF expr block {
        $$ = st(px, S_IF, @1);
        $$->u.if_.cond = $2; $$->u.if_.then_b = $3;
      }
    | T_IF expr block T_ELSE block {
        $$ = st(px, S_IF, @1);
        $$->u.if_.cond = $2; $$->u.if_.then_b = $3;
        $$->u.if_.else_b = $5; $$->u.if_.has_else = 1;
      }
    | T_IF expr block T_ELSE if_stmt {
        $$ = st(px, S_IF, @1);
        $$->u.if_.cond = $2; $$->u.if_.then_b = $3;
        $$->u.if_.else_if = $5;
      }
    ;

for_mods
    : %empty { memset(&$$, 0, sizeof $$); }
    | for_mods T_WHERE expr {
        $$ = $1;
        if ($$.where)
            diag_error(px->diag, L(@2), "'where' given twice");
        $$.where = $3;
      }
    | for_mods T_BY keys {
        $$ = $1;
        if ($$.keys)
            diag_error(px->diag, L(@2), "'by' given twice");
        $$.keys = $3.exprs;
        $$.desc = $3.desc;
      }
    ;

iter
    : T_PLAYERS { $$ = iter_of(px, IT_PLAYERS, NULL, NULL, @1); }
    | T_ALL T_PLAYERS { $$ = iter_of(px, IT_ALL_PLAYERS, NULL, NULL, @1); }
    | expr %prec ITER { $$ = iter_of(px, IT_LIST, $1, NULL, @1); }
    | expr T_DOTDOT expr { $$ = iter_of(px, IT_RANGE, $1, $3, @1); }
    ;

options
    : %empty { $$ = NULL; }
    | options option { $$ = vec_push(A, $1, $2); }
    | options error { $$ = $1; }
    ;

option
    : T_OPTION T_STRING opt_mods block { $$ = option_of(px, NULL, @1, $2, @2, $3, $4, @1); }
    | T_OPTION new_name T_STRING opt_mods block {
        $$ = option_of(px, $2.text, @2, $3, @3, $4, $5, @1);
      }
    ;

opt_mods
    : %empty { memset(&$$, 0, sizeof $$); }
    | opt_mods T_WHEN expr {
        $$ = $1;
        if ($$.when)
            diag_error(px->diag, L(@2), "'when' given twice");
        $$.when = $3;
      }
    | opt_mods T_FOR new_name T_IN iter {
        $$ = $1;
        if ($$.var)
            diag_error(px->diag, L(@2), "'for' given twice");
        $$.var = local(px, named(px, $3, @3, "a local"), @3, LOCAL_OPTION);
        $$.iter = $5;
      }
    | opt_mods T_WHERE expr {
        $$ = $1;
        if (!$$.var)
            diag_error(px->diag, L(@2), "'where' without 'for' in an option");
        else if ($$.where)
            diag_error(px->diag, L(@2), "'where' given twice");
        $$.where = $3;
      }
    ;

escapes
    : %empty { $$ = NULL; }
    | escapes escape { $$ = vec_push(A, $1, $2); }
    ;

escape
    : T_ESCAPE T_STRING T_BY expr block {
        $$ = ARENA_NEW(A, ast_escape);
        $$->loc = L(@1);
        $$->label = text_of(px, $2, @2);
        $$->player = $4;
        $$->body = $5;
        $$->id = px->next_choice_id++;
      }
    ;

opt_string
    : %empty { $$ = NULL; }
    | T_STRING { $$ = $1; }
    ;

/* ----------------------------------------------------------------- names */

/* A name the rules read back (a variable, a parameter, a type, a fn): an
 * identifier or a soft keyword, a keyword that cannot be mistaken for its
 * keyword anywhere a name is read (doc/language.md, Keywords). Two groups
 * are names everywhere but in one place each: the proc a call statement
 * calls (`turn (p) { }` starts a turn) and the action a scenario plays
 * (`play` alone is an item, so `play seed(...)` would be `play`, `seed`). */
name
    : call_name
    | stmt_keyword
    ;

call_name
    : plain_name
    | item_keyword
    ;

played_name
    : plain_name
    | stmt_keyword
    ;

plain_name
    : T_IDENT { $$ = $1; }
    | soft_keyword
    ;

/* A name being declared, or one only ever read after a keyword (an event,
 * an option, a field): any word parses, and a declaration whose name the
 * rules read back reports a reserved one (`named`), so nothing cascades. */
new_name
    : T_IDENT { $$.text = $1; $$.level = NAME_SOFT; }
    | soft_keyword { $$.text = $1; $$.level = NAME_SOFT; }
    | item_keyword { $$.text = $1; $$.level = NAME_NOT_PLAYED; }
    | stmt_keyword { $$.text = $1; $$.level = NAME_NOT_CALLED; }
    | reserved_keyword { $$.text = $1; $$.level = NAME_RESERVED; }
    ;

/* The keyword lists below are every keyword of dsl/lexer.l, each in one;
 * is_soft_keyword() lists the first three (tests/tools/grammar.sh checks). */

/* soft everywhere */
soft_keyword
    : T_RULESET { $$ = "ruleset"; }
    | T_SOURCE { $$ = "source"; }
    | T_ENUM { $$ = "enum"; }
    | T_CONST { $$ = "const"; }
    | T_VAR { $$ = "var"; }
    | T_FN { $$ = "fn"; }
    | T_PROC { $$ = "proc"; }
    | T_SEQUENCE { $$ = "sequence"; }
    | T_SCENARIO { $$ = "scenario"; }
    | T_STEP { $$ = "step"; }
    | T_CITE { $$ = "cite"; }
    | T_ONLY { $$ = "only"; }
    | T_OPTIONAL { $$ = "optional"; }
    | T_REPEAT { $$ = "repeat"; }
    | T_EXIT { $$ = "exit"; }
    | T_FOR { $$ = "for"; }
    | T_OPTION { $$ = "option"; }
    | T_SCOPE { $$ = "scope"; }
    | T_WINDOW { $$ = "window"; }
    | T_EMIT { $$ = "emit"; }
    | T_END { $$ = "end"; }
    | T_GAME { $$ = "game"; }
    | T_RETURN { $$ = "return"; }
    | T_LET { $$ = "let"; }
    | T_SET { $$ = "set"; }
    | T_OF { $$ = "of"; }
    | T_TO { $$ = "to"; }
    | T_FROM { $$ = "from"; }
    | T_OFFERED { $$ = "offered"; }
    | T_DECISION { $$ = "decision"; }
    | T_BEFORE { $$ = "before"; }
    | T_AFTER { $$ = "after"; }
    | T_RAN { $$ = "ran"; }
    | T_THEN { $$ = "then"; }
    | T_TRIGGER { $$ = "trigger"; }
    | T_ON { $$ = "on"; }
    | T_IMMEDIATELY { $$ = "immediately"; }
    | T_ANYTIME { $$ = "anytime"; }
    | T_ORDER { $$ = "order"; }
    | T_PRINTED { $$ = "printed"; }
    | T_CHOSEN { $$ = "chosen"; }
    | T_ONCE { $$ = "once"; }
    | T_CHAIN { $$ = "chain"; }
    | T_DEPTH { $$ = "depth"; }
    | T_DECREASING { $$ = "decreasing"; }
    | T_KEPT { $$ = "kept"; }
    | T_UNDO { $$ = "undo"; }
    | T_TENTATIVE { $$ = "tentative"; }
    | T_HIDDEN { $$ = "hidden"; }
    | T_SEE { $$ = "see"; }
    | T_SECRETLY { $$ = "secretly"; }
    | T_SIMULTANEOUSLY { $$ = "simultaneously"; }
    | T_REVISABLE { $$ = "revisable"; }
    | T_REVISE { $$ = "revise"; }
    | T_SYMMETRIC { $$ = "symmetric"; }
    | T_INVARIANT { $$ = "invariant"; }
    | T_CHECK { $$ = "check"; }
    | T_BECAUSE { $$ = "because"; }
    | T_LIMIT { $$ = "limit"; }
    | T_PER { $$ = "per"; }
    | T_ACTION { $$ = "action"; }
    | T_DO { $$ = "do"; }
    | T_COST { $$ = "cost"; }
    | T_BATCH { $$ = "batch"; }
    | T_RESOURCE { $$ = "resource"; }
    | T_OVERRIDE { $$ = "override"; }
    | T_COMBINED { $$ = "combined"; }
    | T_TABLE { $$ = "table"; }
    | T_NAMED { $$ = "named"; }
    | T_EXTENDS { $$ = "extends"; }
    | T_SUBSTITUTE { $$ = "substitute"; }
    | T_POLICY { $$ = "policy"; }
    | T_PREFER { $$ = "prefer"; }
    | T_AVOID { $$ = "avoid"; }
    | T_TIES { $$ = "ties"; }
    | T_DISPLAY { $$ = "display"; }
    | T_START { $$ = "start"; }
    | T_ROTATE { $$ = "rotate"; }
    | T_ROUND { $$ = "round"; }
    ;

/* soft, but not the action a scenario plays: they start a scenario item */
item_keyword
    : T_SETUP { $$ = "setup"; }
    | T_PLAY { $$ = "play"; }
    | T_SEED { $$ = "seed"; }
    ;

/* soft, but not the proc a call statement calls: they start a statement */
stmt_keyword
    : T_TURN { $$ = "turn"; }
    | T_WHILE { $$ = "while"; }
    | T_ADD { $$ = "add"; }
    | T_REMOVE { $$ = "remove"; }
    | T_CLEAR { $$ = "clear"; }
    | T_SHUFFLE { $$ = "shuffle"; }
    | T_ASSERT { $$ = "assert"; }
    | T_ELIMINATE { $$ = "eliminate"; }
    | T_PAY { $$ = "pay"; }
    | T_PASS { $$ = "pass"; }
    | T_REVEAL { $$ = "reveal"; }
    | T_HIDE { $$ = "hide"; }
    ;

/* reserved: each would make some input ambiguous (doc/language.md) */
reserved_keyword
    : T_PLAYERS { $$ = "players"; }
    | T_EVENT { $$ = "event"; }
    | T_FIRST { $$ = "first"; }
    | T_BY { $$ = "by"; }
    | T_IF { $$ = "if"; }
    | T_ELSE { $$ = "else"; }
    | T_UNTIL { $$ = "until"; }
    | T_WHEN { $$ = "when"; }
    | T_IN { $$ = "in"; }
    | T_WHERE { $$ = "where"; }
    | T_ASC { $$ = "asc"; }
    | T_DESC { $$ = "desc"; }
    | T_CHOOSE { $$ = "choose"; }
    | T_ESCAPE { $$ = "escape"; }
    | T_LOG { $$ = "log"; }
    | T_WINNER { $$ = "winner"; }
    | T_INT { $$ = "int"; }
    | T_BOOL { $$ = "bool"; }
    | T_PLAYER { $$ = "player"; }
    | T_LIST { $$ = "list"; }
    | T_TRUE { $$ = "true"; }
    | T_FALSE { $$ = "false"; }
    | T_NONE { $$ = "none"; }
    | T_ACTIVE { $$ = "active"; }
    | T_ROLL { $$ = "roll"; }
    | T_COUNT { $$ = "count"; }
    | T_ANY { $$ = "any"; }
    | T_ALL { $$ = "all"; }
    | T_SUM { $$ = "sum"; }
    | T_MIN { $$ = "min"; }
    | T_MAX { $$ = "max"; }
    | T_AT { $$ = "at"; }
    | T_AND { $$ = "and"; }
    | T_OR { $$ = "or"; }
    | T_NOT { $$ = "not"; }
    | T_EXPECT { $$ = "expect"; }
    | T_CAN { $$ = "can"; }
    | T_CAPPED { $$ = "capped"; }
    ;


/* ----------------------------------------------------------- expressions */

expr
    : T_NUMBER { $$ = ex(px, E_INT, @1); $$->ival = $1; }
    | T_TRUE { $$ = ex(px, E_BOOL, @1); $$->ival = 1; }
    | T_FALSE { $$ = ex(px, E_BOOL, @1); $$->ival = 0; }
    | T_NONE { $$ = ex(px, E_NONE, @1); }
    | T_PLAYER T_NUMBER {
        $$ = ex(px, E_PLAYER, @1);
        $$->ival = $2;
        seat_ref(px, SEAT_PLAYER, @1, $2);
      }
    | T_ACTIVE { $$ = name_expr(px, "active", @1); }
    | T_START T_PLAYER { $$ = ex(px, E_START, @1); seat_ref(px, SEAT_START, @1, 0); }
    | name { $$ = name_expr(px, $1, @1); }
    | name '(' args ')' { $$ = call_expr(px, $1, $3, @1); }
    | T_FIRST '(' args ')' { $$ = call_expr(px, "first", $3, @1); }
    | T_MIN '(' args ')' { $$ = call_expr(px, "min", $3, @1); }
    | T_MAX '(' args ')' { $$ = call_expr(px, "max", $3, @1); }
    | expr '[' args ']' {
        $$ = ex(px, E_INDEX, @1);
        $$->base = $1;
        $$->args = (ast_expr **)vec_items($3);
        $$->nargs = vec_len($3);
      }
    | expr '[' T_STRING ']' { /* a row literal: the row of a table named so */
        $$ = ex(px, E_ROW, @1);
        $$->a = $1;
        $$->name = $3;
      }
    | expr T_EQ '[' args ']' { $$ = bin(px, OP_EQ, $1, list_lit(px, $4, @3), @2); }
    | expr T_NE '[' args ']' { $$ = bin(px, OP_NE, $1, list_lit(px, $4, @3), @2); }
    | expr '.' field_name {
        $$ = ex(px, E_FIELD, @1);
        $$->a = $1;
        $$->name = $3;
      }
    | '(' expr ')' { $$ = $2; }
    | T_CAN new_name '(' args ')' {
        $$ = call_expr(px, $2.text, $4, @1);
        $$->kind = E_CAN;
      }
    | T_IN T_ACTION { $$ = ex(px, E_IN_ACTION, @1); }
    | expr T_CAPPED T_AT expr %prec T_CAPPED {
        $$ = bin(px, OP_ADD, $1, $4, @2);
        if ($$->kind == E_BINARY)
            $$->kind = E_CAPPED;
      }
    | T_ROLL T_DIE { $$ = roll(px, NULL, 1, $2.sides, @1); }
    | T_ROLL T_DICE { $$ = roll(px, NULL, $2.count, $2.sides, @1); }
    | T_ROLL expr T_DIE { $$ = roll(px, $2, 0, $3.sides, @1); }
    | '-' expr %prec UMINUS { $$ = un(px, OP_NEG, $2, @1); }
    | T_NOT expr { $$ = un(px, OP_NOT, $2, @1); }
    | expr '+' expr { $$ = bin(px, OP_ADD, $1, $3, @2); }
    | expr '-' expr { $$ = bin(px, OP_SUB, $1, $3, @2); }
    | expr '*' expr { $$ = bin(px, OP_MUL, $1, $3, @2); }
    | expr '/' expr { $$ = bin(px, OP_DIV, $1, $3, @2); }
    | expr '%' expr { $$ = bin(px, OP_MOD, $1, $3, @2); }
    | expr T_EQ expr { $$ = bin(px, OP_EQ, $1, $3, @2); }
    | expr T_NE expr { $$ = bin(px, OP_NE, $1, $3, @2); }
    | expr '<' expr { $$ = bin(px, OP_LT, $1, $3, @2); }
    | expr T_LE expr { $$ = bin(px, OP_LE, $1, $3, @2); }
    | expr '>' expr { $$ = bin(px, OP_GT, $1, $3, @2); }
    | expr T_GE expr { $$ = bin(px, OP_GE, $1, $3, @2); }
    | expr T_AND expr { $$ = bin(px, OP_AND, $1, $3, @2); }
    | expr T_OR expr { $$ = bin(px, OP_OR, $1, $3, @2); }
    | expr T_CAN T_SEE expr %prec T_CAN {
        $$ = ex(px, E_SEES, @2);
        $$->loc = $1->loc;
        $$->op_loc = L(@2);
        $$->a = $1; $$->b = $4;
      }
    | expr T_IN expr {
        $$ = ex(px, E_IN, @2);
        $$->loc = $1->loc;
        $$->op_loc = L(@2);
        $$->a = $1; $$->b = $3;
      }
    | T_IF expr T_THEN expr T_ELSE expr {
        $$ = ex(px, E_IF, @1);
        $$->a = $2; $$->b = $4; $$->c = $6;
      }
    | T_COUNT new_name T_IN iter %prec T_IN { $$ = agg(px, AGG_COUNT, named(px, $2, @2, "a local"), @2, $4, NULL, NULL, @1); }
    | T_COUNT new_name T_IN iter T_WHERE expr %prec LOW { $$ = agg(px, AGG_COUNT, named(px, $2, @2, "a local"), @2, $4, $6, NULL, @1); }
    | T_ANY new_name T_IN iter T_WHERE expr %prec LOW { $$ = agg(px, AGG_ANY, named(px, $2, @2, "a local"), @2, $4, $6, NULL, @1); }
    | T_ALL name T_IN iter T_WHERE expr %prec LOW { $$ = agg(px, AGG_ALL, $2, @2, $4, $6, NULL, @1); }
    | T_SUM new_name T_IN iter T_OF expr %prec ITER { $$ = agg(px, AGG_SUM, named(px, $2, @2, "a local"), @2, $4, NULL, $6, @1); }
    | T_SUM new_name T_IN iter T_WHERE expr T_OF expr %prec ITER { $$ = agg(px, AGG_SUM, named(px, $2, @2, "a local"), @2, $4, $6, $8, @1); }
    | T_MIN new_name T_IN iter T_OF expr %prec ITER { $$ = agg(px, AGG_MIN, named(px, $2, @2, "a local"), @2, $4, NULL, $6, @1); }
    | T_MIN new_name T_IN iter T_WHERE expr T_OF expr %prec ITER { $$ = agg(px, AGG_MIN, named(px, $2, @2, "a local"), @2, $4, $6, $8, @1); }
    | T_MAX new_name T_IN iter T_OF expr %prec ITER { $$ = agg(px, AGG_MAX, named(px, $2, @2, "a local"), @2, $4, NULL, $6, @1); }
    | T_MAX new_name T_IN iter T_WHERE expr T_OF expr %prec ITER { $$ = agg(px, AGG_MAX, named(px, $2, @2, "a local"), @2, $4, $6, $8, @1); }
    | T_FIRST new_name T_IN iter T_WHERE expr %prec LOW {
        $$ = agg(px, AGG_FIRST, named(px, $2, @2, "a local"), @2, $4, $6, NULL, @1);
      }
    | T_FIRST new_name T_IN iter T_BY keys %prec ITER { $$ = first_by(px, named(px, $2, @2, "a local"), @2, $4, NULL, &$6, @1); }
    | T_FIRST new_name T_IN iter T_WHERE expr T_BY keys %prec ITER { $$ = first_by(px, named(px, $2, @2, "a local"), @2, $4, $6, &$8, @1); }
    ;

/* the keys of `first x in ... by`: `k1 desc, k2 asc, ...` (',' binds to
 * the keys: inside an argument list, parenthesize the whole `first`) */
keys
    : key { $$.exprs = vec_push(A, NULL, $1.e); $$.desc = $1.desc ? 1u : 0u; }
    | keys ',' key {
        $$ = $1;
        uint32_t k = vec_len($$.exprs);
        if (k >= 32)
            diag_error(px->diag, L(@3), "at most 32 keys");
        else if ($3.desc)
            $$.desc |= 1u << k;
        $$.exprs = vec_push(A, $$.exprs, $3.e);
      }
    ;

/* no empty alternative: an operator after the key continues the key */
key
    : expr %prec ITER { $$.e = $1; $$.desc = 0; }
    | expr T_ASC { $$.e = $1; $$.desc = 0; }
    | expr T_DESC { $$.e = $1; $$.desc = 1; }
    ;

args
    : %empty { $$ = NULL; }
    | arglist { $$ = $1; }
    ;

arglist
    : expr { $$ = vec_push(A, NULL, $1); }
    | arglist ',' expr { $$ = vec_push(A, $1, $3); }
    ;

/* ------------------------------------------------------------- scenarios */

items
    : %empty { $$ = NULL; }
    | items item { $$ = $2 ? vec_push(A, $1, $2) : $1; }
    | items error { $$ = $1; }
    ;

strings
    : T_STRING { $$ = vec_push(A, NULL, (void *)$1); }
    | strings ',' T_STRING { $$ = vec_push(A, $1, (void *)$3); }
    ;

/* A scenario's `roll 7, 3`: what the next rolls total, in order. */
roll_totals
    : T_NUMBER { $$ = item(px, IT_SC_ROLL, @1); add_roll(px, $$, $1, @1); }
    | roll_totals ',' T_NUMBER { $$ = $1; add_roll(px, $$, $3, @3); }
    ;

item
    : T_PLAYERS T_NUMBER { $$ = item(px, IT_SC_PLAYERS, @1); $$->num = $2; }
    | T_SEED T_NUMBER { $$ = item(px, IT_SC_SEED, @1); $$->num = $2; }
    | T_ROLL roll_totals { $$ = $2; $$->loc = L(@1); }
    | T_SETUP block { $$ = item(px, IT_SC_SETUP, @1); $$->body = $2; }
    | T_PLAY { $$ = item(px, IT_SC_PLAY, @1); }
    | T_PLAY played_name '(' args ')' {
        $$ = item(px, IT_SC_PLAY, @1);
        $$->name = $2; $$->name_loc = L(@2);
        $$->args = (ast_expr **)vec_items($4); $$->nargs = vec_len($4);
      }
    | T_CHOOSE strings {
        $$ = item(px, IT_SC_CHOOSE, @1);
        $$->labels = (const char **)vec_items($2);
        $$->nlabels = vec_len($2);
        $$->label_locs = ARENA_ARRAY(A, ast_loc, $$->nlabels);
        for (uint32_t i = 0; i < $$->nlabels; i++)
            $$->label_locs[i] = L(@2);
      }
    | T_EXPECT expr {
        if ($2->kind == E_NAME && strcmp($2->name, "over") == 0) {
            $$ = item(px, IT_SC_OVER, @1);
        } else {
            $$ = item(px, IT_SC_EXPECT, @1);
            $$->expr = $2;
            $$->source = src_text(px, @2);
        }
      }
    | T_EXPECT expr T_WINNER expr {
        $$ = item(px, IT_SC_OVER, @1);
        $$->expr = $4;
        if ($2->kind != E_NAME || strcmp($2->name, "over") != 0)
            diag_error(px->diag, L(@3), "expected 'over' before 'winner'");
      }
    | T_EXPECT expr T_BECAUSE T_STRING {
        $$ = item(px, IT_SC_OVER, @1);
        $$->reason = $4;
        if ($2->kind != E_NAME || strcmp($2->name, "over") != 0)
            diag_error(px->diag, L(@3), "expected 'over' before 'because'");
      }
    | T_EXPECT expr T_WINNER expr T_BECAUSE T_STRING {
        $$ = item(px, IT_SC_OVER, @1);
        $$->expr = $4;
        $$->reason = $6;
        if ($2->kind != E_NAME || strcmp($2->name, "over") != 0)
            diag_error(px->diag, L(@3), "expected 'over' before 'winner'");
      }
    | T_EXPECT expr T_EVENT new_name {
        $$ = item(px, IT_SC_NO_EVENT, @1);
        $$->name = $4.text; $$->name_loc = L(@4);
        if ($2->kind != E_NAME || strcmp($2->name, "no") != 0)
            diag_error(px->diag, L(@3), "expected 'no' before 'event'");
      }
    | T_EXPECT expr T_EVENT new_name '(' args ')' {
        $$ = item(px, IT_SC_NO_EVENT, @1);
        $$->name = $4.text; $$->name_loc = L(@4);
        $$->args = (ast_expr **)vec_items($6); $$->nargs = vec_len($6);
        $$->has_args = 1;
        if ($2->kind != E_NAME || strcmp($2->name, "no") != 0)
            diag_error(px->diag, L(@3), "expected 'no' before 'event'");
      }
    | T_EXPECT T_DECISION T_BY expr { $$ = item(px, IT_SC_DECISION, @1); $$->expr = $4; }
    | T_EXPECT expr T_IDENT T_OFFERED T_STRING {
        $$ = sees_item(px, @1, $2, $3, @3, SC_SEES_OFFERED, $5, @5);
      }
    | T_EXPECT expr T_IDENT T_NOT T_OFFERED T_STRING {
        $$ = sees_item(px, @1, $2, $3, @3, SC_SEES_NOT_OFFERED, $6, @6);
      }
    | T_EXPECT expr T_IDENT T_STRING T_CHOSEN T_BY expr {
        $$ = sees_item(px, @1, $2, $3, @3, SC_SEES_CHOSEN, $4, @4);
        $$->chooser = $7;
      }
    | T_EXPECT T_OFFERED T_STRING {
        $$ = item(px, IT_SC_OFFERED, @1);
        $$->labels = ARENA_ARRAY(A, const char *, 1);
        $$->labels[0] = $3;
        $$->label_locs = ARENA_ARRAY(A, ast_loc, 1);
        $$->label_locs[0] = L(@3);
        $$->nlabels = 1;
      }
    | T_EXPECT T_NOT T_OFFERED T_STRING {
        $$ = item(px, IT_SC_NOT_OFFERED, @1);
        $$->labels = ARENA_ARRAY(A, const char *, 1);
        $$->labels[0] = $4;
        $$->label_locs = ARENA_ARRAY(A, ast_loc, 1);
        $$->label_locs[0] = L(@4);
        $$->nlabels = 1;
      }
    | T_EXPECT T_EVENT new_name {
        $$ = item(px, IT_SC_EVENT, @1);
        $$->name = $3.text; $$->name_loc = L(@3);
      }
    | T_EXPECT T_EVENT new_name '(' args ')' {
        $$ = item(px, IT_SC_EVENT, @1);
        $$->name = $3.text; $$->name_loc = L(@3);
        $$->args = (ast_expr **)vec_items($5); $$->nargs = vec_len($5);
        $$->has_args = 1;
      }
    | T_EXPECT T_EVENT new_name event_count {
        $$ = item(px, IT_SC_EVENT, @1);
        $$->name = $3.text; $$->name_loc = L(@3);
        $$->count_mode = (uint8_t)$4.mode; $$->count = $4.n; $$->count_loc = L(@4);
      }
    | T_EXPECT T_EVENT new_name '(' args ')' event_count {
        $$ = item(px, IT_SC_EVENT, @1);
        $$->name = $3.text; $$->name_loc = L(@3);
        $$->args = (ast_expr **)vec_items($5); $$->nargs = vec_len($5);
        $$->has_args = 1;
        $$->count_mode = (uint8_t)$7.mode; $$->count = $7.n; $$->count_loc = L(@7);
      }
    | T_EXPECT T_EVENT new_name T_BEFORE T_EVENT new_name {
        $$ = item(px, IT_SC_BEFORE, @1);
        $$->name = $3.text; $$->name_loc = L(@3);
        $$->name2 = $6.text; $$->name2_loc = L(@6);
      }
    | T_EXPECT T_STEP stepnum T_RAN {
        $$ = item(px, IT_SC_STEP_RAN, @1);
        $$->number = $3; $$->name_loc = L(@3);
      }
    | T_EXPECT T_STEP stepnum T_NOT T_RAN {
        $$ = item(px, IT_SC_STEP_NOT_RAN, @1);
        $$->number = $3; $$->name_loc = L(@3);
      }
    ;

/* `N times` (exactly), `at least N times`, `at most N times`; `once` is
 * `1 times`. The words other than `at` are names, checked here, so the
 * scenario syntax takes no keyword from the rules. */
event_count
    : count_times { $$ = $1; $$.mode = SC_COUNT_EXACTLY; }
    | T_AT name count_times {
        $$ = $3;
        $$.mode = SC_COUNT_AT_LEAST;
        if (strcmp($2, "most") == 0)
            $$.mode = SC_COUNT_AT_MOST;
        else if (strcmp($2, "least") != 0)
            diag_error(px->diag, L(@2), "expected 'least' or 'most' after 'at'");
      }
    ;

count_times
    : T_NUMBER name { $$.n = $1; $$.mode = 0; times_word(px, $2, @2); }
    | '-' T_NUMBER name {
        $$.n = 0; $$.mode = 0;
        diag_error(px->diag, L(@1), "an event count cannot be negative (-%lld)", (long long)$2);
      }
    | T_ONCE { $$.n = 1; $$.mode = 0; }
    ;

%%

static void yyerror(YYLTYPE *loc, yyscan_t scanner, struct lex_extra *px, const char *msg)
{
    (void)scanner;
    if (strcmp(msg, "memory exhausted") == 0)
        msg = "nesting too deep";
    diag_error(px->diag, mkloc(loc), "%s", msg);
}

/* How a token is named in a message: keywords and punctuation quoted, the
 * rest in words. */
static const char *tok_words(yysymbol_kind_t k, char *buf, size_t n)
{
    switch (k) {
    case YYSYMBOL_T_IDENT: return "a name";
    case YYSYMBOL_T_STRING: return "a string";
    case YYSYMBOL_T_STEPNUM: return "a step number";
    case YYSYMBOL_T_NUMBER: return "a number";
    case YYSYMBOL_T_DIE: case YYSYMBOL_T_DICE: return "a die";
    case YYSYMBOL_YYEOF: return "end of input";
    default: break;
    }
    const char *s = yysymbol_name(k);
    size_t len = strlen(s);
    if (len >= 2 && (s[0] == '"' || s[0] == '\''))
        snprintf(buf, n, "'%.*s'", (int)(len - 2), s + 1);
    else if (s[0] >= 'a' && s[0] <= 'z') /* a keyword, named by its alias */
        snprintf(buf, n, "'%s'", s);
    else
        snprintf(buf, n, "%s", s);
    return buf;
}

/* The offending token as written ("'step'", "'42'", "end of input"). */
static void found_words(yysymbol_kind_t k, const YYLTYPE *l, struct lex_extra *px,
                        char *buf, size_t n)
{
    if (k == YYSYMBOL_YYEOF) {
        snprintf(buf, n, "end of input");
        return;
    }
    uint32_t len = l->last_off > l->first_off ? l->last_off - l->first_off : 0;
    if (k == YYSYMBOL_T_STRING) {
        snprintf(buf, n, "a string");
        return;
    }
    if (len > 32)
        len = 32;
    snprintf(buf, n, "'%.*s'", (int)len, px->src + l->first_off);
}

/* A keyword: a token named by a word (its alias). */
static int is_keyword(yysymbol_kind_t k)
{
    switch (k) {
    case YYSYMBOL_T_IDENT: case YYSYMBOL_T_STRING: case YYSYMBOL_T_STEPNUM:
    case YYSYMBOL_T_NUMBER: case YYSYMBOL_T_DIE: case YYSYMBOL_T_DICE: case YYSYMBOL_YYEOF:
    case YYSYMBOL_YYerror: case YYSYMBOL_YYUNDEF:
        return 0;
    default:
        return yysymbol_name(k)[0] >= 'a' && yysymbol_name(k)[0] <= 'z';
    }
}

/* The soft keywords: those of the soft_keyword, item_keyword and
 * stmt_keyword rules (tests/tools/grammar.sh checks that the lists agree). */
static int is_soft_keyword(yysymbol_kind_t k)
{
    switch (k) {
    case YYSYMBOL_T_RULESET: case YYSYMBOL_T_SOURCE: case YYSYMBOL_T_ENUM:
    case YYSYMBOL_T_CONST: case YYSYMBOL_T_VAR: case YYSYMBOL_T_FN: case YYSYMBOL_T_PROC:
    case YYSYMBOL_T_SEQUENCE: case YYSYMBOL_T_SCENARIO: case YYSYMBOL_T_STEP:
    case YYSYMBOL_T_CITE: case YYSYMBOL_T_TURN: case YYSYMBOL_T_ONLY: case YYSYMBOL_T_OPTIONAL:
    case YYSYMBOL_T_REPEAT: case YYSYMBOL_T_WHILE: case YYSYMBOL_T_EXIT: case YYSYMBOL_T_FOR:
    case YYSYMBOL_T_OPTION: case YYSYMBOL_T_SCOPE: case YYSYMBOL_T_WINDOW:
    case YYSYMBOL_T_EMIT: case YYSYMBOL_T_END: case YYSYMBOL_T_GAME: case YYSYMBOL_T_RETURN:
    case YYSYMBOL_T_LET: case YYSYMBOL_T_OF: case YYSYMBOL_T_ADD: case YYSYMBOL_T_TO:
    case YYSYMBOL_T_REMOVE: case YYSYMBOL_T_FROM: case YYSYMBOL_T_CLEAR:
    case YYSYMBOL_T_SHUFFLE: case YYSYMBOL_T_ASSERT: case YYSYMBOL_T_ELIMINATE:
    case YYSYMBOL_T_SETUP: case YYSYMBOL_T_PLAY: case YYSYMBOL_T_OFFERED:
    case YYSYMBOL_T_DECISION: case YYSYMBOL_T_BEFORE: case YYSYMBOL_T_AFTER:
    case YYSYMBOL_T_RAN: case YYSYMBOL_T_SEED: case YYSYMBOL_T_THEN: case YYSYMBOL_T_TRIGGER:
    case YYSYMBOL_T_ON: case YYSYMBOL_T_IMMEDIATELY: case YYSYMBOL_T_ANYTIME:
    case YYSYMBOL_T_ORDER: case YYSYMBOL_T_PRINTED: case YYSYMBOL_T_CHOSEN:
    case YYSYMBOL_T_ONCE: case YYSYMBOL_T_PER: case YYSYMBOL_T_ACTION: case YYSYMBOL_T_DO:
    case YYSYMBOL_T_COST: case YYSYMBOL_T_PAY: case YYSYMBOL_T_BATCH: case YYSYMBOL_T_RESOURCE:
    case YYSYMBOL_T_OVERRIDE: case YYSYMBOL_T_COMBINED: case YYSYMBOL_T_TABLE:
    case YYSYMBOL_T_NAMED: case YYSYMBOL_T_EXTENDS: case YYSYMBOL_T_SUBSTITUTE:
    case YYSYMBOL_T_POLICY: case YYSYMBOL_T_PREFER: case YYSYMBOL_T_AVOID:
    case YYSYMBOL_T_TIES:
    case YYSYMBOL_T_DISPLAY: case YYSYMBOL_T_CHAIN: case YYSYMBOL_T_DEPTH:
    case YYSYMBOL_T_DECREASING:
    case YYSYMBOL_T_KEPT: case YYSYMBOL_T_UNDO: case YYSYMBOL_T_TENTATIVE:
    case YYSYMBOL_T_START: case YYSYMBOL_T_ROTATE: case YYSYMBOL_T_ROUND: case YYSYMBOL_T_PASS:
    case YYSYMBOL_T_HIDDEN: case YYSYMBOL_T_SEE: case YYSYMBOL_T_SECRETLY:
    case YYSYMBOL_T_SIMULTANEOUSLY: case YYSYMBOL_T_REVISABLE: case YYSYMBOL_T_REVISE:
    case YYSYMBOL_T_SYMMETRIC:
    case YYSYMBOL_T_INVARIANT: case YYSYMBOL_T_BECAUSE: case YYSYMBOL_T_LIMIT:
    case YYSYMBOL_T_CHECK:
    case YYSYMBOL_T_REVEAL: case YYSYMBOL_T_HIDE: case YYSYMBOL_T_SET:
        return 1;
    default:
        return 0;
    }
}

static int has_token(const yysymbol_kind_t *ex, int n, yysymbol_kind_t k)
{
    for (int i = 0; i < n; i++)
        if (ex[i] == k)
            return 1;
    return 0;
}

static int yyreport_syntax_error(const yypcontext_t *ctx, yyscan_t scanner,
                                 struct lex_extra *px)
{
    (void)scanner;
    /* all of them: with fewer slots bison reports none at all when more are
     * possible, and "expected an expression" could never be said */
    yysymbol_kind_t exp[YYNTOKENS];
    int n = yypcontext_expected_tokens(ctx, exp, YYNTOKENS);
    yysymbol_kind_t got = yypcontext_token(ctx);
    const YYLTYPE *loc = yypcontext_location(ctx);
    char found[64], b1[48], b2[48], b3[48];
    found_words(got, loc, px, found, sizeof found);
    const char *pre = got == YYSYMBOL_YYEOF ? "at" : "before";
    ast_loc at = mkloc(loc);
    /* where a name is expected, the keywords that would be one are not
     * listed: all of them where a name is declared, the soft ones elsewhere */
    int want_name = n > 0 && has_token(exp, n, YYSYMBOL_T_IDENT);
    int any_word = want_name;
    for (int k = 0; k < YYNTOKENS && any_word; k++)
        if (is_keyword((yysymbol_kind_t)k) && !has_token(exp, n, (yysymbol_kind_t)k))
            any_word = 0;
    char why[112] = "";
    if (!any_word && has_token(exp, n, YYSYMBOL_T_NUMBER) && has_token(exp, n, YYSYMBOL_T_TRUE)) {
        diag_error(px->diag, at, "expected an expression %s %s%s", pre, found, why);
        return 0;
    }
    if (!any_word && has_token(exp, n, YYSYMBOL_T_LOG) && has_token(exp, n, YYSYMBOL_T_LET)) {
        diag_error(px->diag, at, "expected a statement or '}' %s %s%s", pre, found, why);
        return 0;
    }
    if (want_name) {
        int m = 0;
        for (int i = 0; i < n; i++)
            if (!is_keyword(exp[i]) || (!any_word && !is_soft_keyword(exp[i])))
                exp[m++] = exp[i];
        n = m;
        /* a reserved word where only a name will do: say so */
        if (n == 1 && is_keyword(got))
            snprintf(why, sizeof why, " (%s is a reserved word)", found);
    }
    if (n == 1)
        diag_error(px->diag, at, "expected %s %s %s%s", tok_words(exp[0], b1, sizeof b1), pre,
                   found, why);
    else if (n == 2)
        diag_error(px->diag, at, "expected %s or %s %s %s%s", tok_words(exp[0], b1, sizeof b1),
                   tok_words(exp[1], b2, sizeof b2), pre, found, why);
    else if (n == 3)
        diag_error(px->diag, at, "expected %s, %s or %s %s %s%s",
                   tok_words(exp[0], b1, sizeof b1), tok_words(exp[1], b2, sizeof b2),
                   tok_words(exp[2], b3, sizeof b3), pre, found, why);
    else if (got == YYSYMBOL_YYEOF)
        diag_error(px->diag, at, "unexpected end of input");
    else
        diag_error(px->diag, at, "unexpected %s%s", found, why);
    return 0;
}

int yylex_init_extra(struct lex_extra *x, yyscan_t *s);
int yylex_destroy(yyscan_t s);

ast_file *ast_parse(oc_arena *arena, diag *d, const char *src, size_t len)
{
    return ast_parse_file(arena, d, 0, NULL, src, len);
}

ast_file *ast_parse_file(oc_arena *arena, diag *d, uint32_t file, const ast_file *before,
                         const char *src, size_t len)
{
    struct lex_extra x;
    memset(&x, 0, sizeof x);
    x.arena = arena;
    x.diag = d;
    x.src = src;
    x.len = len;
    x.line = (int)diag_first_line(file);
    x.col = 1;
    x.file = ARENA_NEW(arena, ast_file);
    x.file->path = diag_path(d, file);
    x.fileno = file;
    x.next_id = before ? before->nexprs : 0;
    x.next_stmt_id = before ? before->nstmts : 0;
    x.next_iter_id = before ? before->niters : 0;
    x.next_text_id = before ? before->ntexts : 1; /* 0: a text with no id, or none */
    x.next_item_id = before ? before->nitems : 0;
    x.next_type_id = before ? before->ntypes : 0;
    x.next_choice_id = before ? before->nchoices : 0;
    x.next_dim_id = before ? before->ndims : 1; /* 0: none */
    x.next_field_id = before ? before->nfields : 0;
    x.next_decl_id = before ? before->ndecls : 0;
    x.next_cost_id = before ? before->ncosts : 0;
    ast_loc first = {diag_first_line(file), 1};
    if (len > 0x7fffffffu) {
        diag_error(d, (ast_loc){first.line - 1, 0}, "file too large");
        return NULL;
    }
    yyscan_t scanner;
    if (yylex_init_extra(&x, &scanner) != 0)
        return NULL;
    yyparse(scanner, &x); /* the scanner reads src itself (lexer.l, YY_INPUT) */
    yylex_destroy(scanner);
    x.file->nexprs = x.next_id;
    x.file->nstmts = x.next_stmt_id;
    x.file->niters = x.next_iter_id;
    x.file->ntexts = x.next_text_id;
    x.file->nitems = x.next_item_id;
    x.file->ntypes = x.next_type_id;
    x.file->nchoices = x.next_choice_id;
    x.file->ndims = x.next_dim_id;
    x.file->nfields = x.next_field_id;
    x.file->ndecls = x.next_decl_id;
    x.file->ncosts = x.next_cost_id;
    x.file->seat_refs = (ast_seat_ref **)vec_items(x.seat_refs);
    x.file->nseat_refs = vec_len(x.seat_refs);
    if (!x.file->title && d->errors == 0)
        diag_error(d, first, "a ruleset must begin with 'ruleset \"TITLE\"'");
    return x.file;
}

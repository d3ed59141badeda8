/* resolve_int.h — what the files of name resolution share (private to
 * compiler/resolve*.c): the resolver's state, the limits it checks, and
 * the functions one file of it calls in another. The files, in the order
 * the work flows:
 *   resolve_sym.c       symbol tables: global and scoped local names, types;
 *                       expressions' ids and facts
 *   resolve_expr.c      expressions: names, types, constants, texts
 *   resolve_pay.c       payments: their sources, substitutes and ways; what
 *                       `can` asks of an action's costs
 *   resolve_stmt.c      statements: blocks, steps, choices, loops
 *   resolve_decl.c      declarations: types, consts, vars, events, fns and
 *                       procs, tables, overrides of a base (layers)
 *   resolve_scenario.c  scenarios, displays and policies
 *   resolve_literal.c   a scenario's list and row literals
 *   resolve.c           the entry point: the passes in order
 */
#ifndef OC_RESOLVE_INT_H
#define OC_RESOLVE_INT_H

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "passes.h"
#include "resolve.h"

#define LOCAL_BUCKETS 1024u
#define MAX_PARAMS 8
#define MAX_PLAYERS 127

typedef struct oc_resolver {
    oc_arena *a;
    diag *d;
    ast_file *f;
    oc_resolution *out;        /* what resolution hands the checks and the lowering */
    ast_sym **globals;         /* the global names: open addressing, a
                                * power-of-two size */
    uint32_t globals_cap, nglobals;
    ast_sym **apart;           /* triggers named as an enum member: only an
                                * event item names a trigger, so the context
                                * tells them apart (issue 29, 6) */
    uint32_t napart, apart_cap;
    ast_sym *locals[LOCAL_BUCKETS]; /* the locals in scope, by hash, chained by
                                     * hnext */
    ast_sym **scope;           /* the same, in the order declared (a scope
                                * closes back to a mark in it) */
    uint32_t nscope, scope_cap;
    uint32_t slot, maxslot;    /* the current unit's next free slot / high water */
    const char *no_roll;       /* why `roll` is not allowed here, or NULL */
    int in_proc;               /* `return` allowed */
    int in_policy;             /* a policy's by/when: `me` is the decider */
    int in_action_body;        /* `undo` allowed (an action's own body)... */
    int undo_blocked;          /* ... but not inside a batch or scope there */
    int in_code;               /* locals and aggregates allowed */
    int in_setup;              /* a scenario's setup: built-ins may be set */
    ast_stmt **loops;          /* enclosing loops of the current unit */
    uint32_t nloops, caploops;
    int cur_step;              /* index of the enclosing step, -1 */
    const char *cur_rule;
    uint32_t capsteps, capoptions, capescapes, capcaps;
    uint32_t expr_npages, expr_cappages; /* the facts' pages (out->expr_pages, */
    uint32_t stmt_npages, stmt_cappages; /* out->stmt_pages, */
    uint32_t decl_npages, decl_cappages; /* out->decl_pages) */
    ast_stmt **stepmap;        /* step numbers -> first step (scenarios) */
    uint32_t stepmap_cap;
    char type_names[4][96];    /* rs_type_name's buffers, in turn: four
                                * names may stand in one message */
    int next_type_name;
    int in_display;            /* a display's body: let, if, for and show only */
    int in_scenario;           /* a scenario's items: list and row literals allowed */
    ast_stmt **lit_assigns;    /* a setup's `l = [...]`, rewritten after it */
    uint32_t nlit_assigns, caplit_assigns;
    int in_round;              /* `round` statements around the statement */
    int errors_before;         /* d->errors when resolution began */
    uint8_t has_revise;        /* a `revise` (at revise_loc) */
    uint8_t has_revisable_call;/* a `revisable()` (at revisable_call_loc) */
    ast_loc revise_loc, revisable_call_loc;
} resolver;

typedef struct scope_mark {
    uint32_t nscope, slot;
} scope_mark;

/* A bare type of that kind. Inline: resolution types every one of a large
 * ruleset's millions of expressions with it. */
static inline ast_type rs_bare_type(int kind)
{
    ast_type t = {0};
    t.kind = (uint8_t)kind;
    return t;
}

/* resolve_sym.c */
ast_type rs_enum_type(ast_decl *e);
const char *rs_type_name(resolver *r, const ast_type *t);
void *rs_grow(resolver *r, void *old, uint32_t n, uint32_t *cap, size_t elt);
ast_sym *rs_global_find(resolver *r, const char *name);
void rs_global_rehash(resolver *r);
int rs_global_declare(resolver *r, ast_sym *s);
ast_sym *rs_trigger_find(resolver *r, const char *name);
ast_sym *rs_new_sym(resolver *r, const char *name, int kind, ast_loc loc);
/* An expression of resolution's making, and an id for one (a copy of
 * another needs its own). */
ast_expr *rs_new_expr(resolver *r);
uint32_t rs_new_expr_id(resolver *r);
/* The facts' pages for the ids the parser gave f's expressions,
 * statements, iterables, texts, scenario items, type expressions,
 * options, escapes and prefer lines, var indexes, table fields,
 * declarations and action costs. */
void rs_fact_pages(resolver *r, const ast_file *f);
/* A declaration of resolution's making, with an id. */
ast_decl *rs_new_decl(resolver *r, int kind);
/* A statement of resolution's making, with an id. */
ast_stmt *rs_new_stmt(resolver *r, int kind, ast_loc at);
/* The facts resolution keeps of expression e, to be filled (they stay
 * where they are when expressions are made); e's type, to be read or
 * written; e's symbol (an E_NAME, E_CALL, E_CAN) and field (an E_FIELD),
 * NULL for other kinds; e's value known to be v. */
static inline oc_expr_facts *rs_facts(const resolver *r, const ast_expr *e)
{
    return &r->out->expr_pages[e->id >> OC_PAGE_BITS][e->id & (OC_PAGE - 1)];
}

/* The facts resolution keeps of iterable it, to be filled. */
static inline oc_iter_facts *rs_iter_facts(const resolver *r, const ast_iter *it)
{
    return &r->out->iter_pages[it->id >> OC_PAGE_BITS][it->id & (OC_PAGE - 1)];
}

/* The facts resolution keeps of scenario item it, to be filled. */
static inline oc_item_facts *rs_item_facts(const resolver *r, const ast_item *it)
{
    return &r->out->item_pages[it->id >> OC_PAGE_BITS][it->id & (OC_PAGE - 1)];
}

/* The type type expression t names, to be filled. */
static inline ast_type *rs_typeexpr_type(const resolver *r, const ast_typeexpr *t)
{
    return &r->out->type_pages[t->id >> OC_PAGE_BITS][t->id & (OC_PAGE - 1)];
}

/* The facts resolution keeps of the option, escape or prefer line
 * numbered id, to be filled. */
static inline oc_choice_facts *rs_choice_facts(const resolver *r, uint32_t id)
{
    return &r->out->choice_pages[id >> OC_PAGE_BITS][id & (OC_PAGE - 1)];
}

/* The facts resolution keeps of var index dm, to be filled. */
static inline oc_dim_facts *rs_dim_facts(const resolver *r, const ast_dim *dm)
{
    return &r->out->dim_pages[dm->id >> OC_PAGE_BITS][dm->id & (OC_PAGE - 1)];
}

/* The facts resolution keeps of table field f, to be filled. */
static inline oc_field_facts *rs_field_facts(const resolver *r, const ast_field *f)
{
    return &r->out->field_pages[f->id >> OC_PAGE_BITS][f->id & (OC_PAGE - 1)];
}

/* The facts resolution keeps of declaration d, to be filled. */
static inline oc_decl_facts *rs_decl_facts(const resolver *r, const ast_decl *d)
{
    return &r->out->decl_pages[d->id >> OC_PAGE_BITS][d->id & (OC_PAGE - 1)];
}

/* Declaration d's symbol (oc_decl_sym), to be read or set. */
static inline ast_sym *rs_decl_sym(const resolver *r, const ast_decl *d)
{
    return rs_decl_facts(r, d)->sym;
}

/* Symbol s is referred to: when it is a declaration's own symbol, the
 * declaration is used (oc_decl_used; a member or a param is not its
 * enum's or its fn's use). */
static inline void rs_use(const resolver *r, const ast_sym *s)
{
    if (s->decl && rs_decl_facts(r, s->decl)->sym == s)
        rs_decl_facts(r, s->decl)->used = 1;
}

/* The ways to pay cost c, to be filled (NULL: one way). */
static inline oc_payment **rs_cost_payment(const resolver *r, const ast_cost *c)
{
    return &r->out->cost_pages[c->id >> OC_PAGE_BITS][c->id & (OC_PAGE - 1)];
}

/* The facts resolution keeps of text t, to be filled. */
static inline oc_text_facts *rs_text_facts(const resolver *r, const ast_text *t)
{
    return &r->out->text_pages[t->id >> OC_PAGE_BITS][t->id & (OC_PAGE - 1)];
}

/* The facts resolution keeps of statement s, to be filled. */
static inline oc_stmt_facts *rs_stmt_facts(const resolver *r, const ast_stmt *s)
{
    return &r->out->stmt_pages[s->id >> OC_PAGE_BITS][s->id & (OC_PAGE - 1)];
}

static inline ast_type *rs_type(const resolver *r, const ast_expr *e)
{
    return &rs_facts(r, e)->type;
}

static inline void rs_set_type(resolver *r, const ast_expr *e, ast_type t)
{
    rs_facts(r, e)->type = t;
}

static inline ast_sym *rs_sym(const resolver *r, const ast_expr *e)
{
    return e->kind == E_FIELD ? NULL : rs_facts(r, e)->sym;
}

static inline void rs_set_sym(resolver *r, const ast_expr *e, ast_sym *s)
{
    rs_facts(r, e)->sym = s;
}

void rs_set_const(resolver *r, ast_expr *e, int64_t v);
ast_sym *rs_local_find(resolver *r, const char *name);
ast_sym *rs_lookup(resolver *r, const char *name);
/* "unknown name 'x'" (`where`: "" or " in label"), with "did you mean"
 * and a fix-it when a declared name is one slip away. */
void rs_unknown_name(resolver *r, ast_loc at, const char *name, const char *where);
scope_mark rs_scope_open(resolver *r);
void rs_scope_close(resolver *r, scope_mark m);
void rs_local_declare(resolver *r, ast_sym *s, ast_type t);
void rs_unit_begin(resolver *r, int in_proc);
uint32_t rs_unit_end(resolver *r);
int rs_is_err(const ast_type *t);
int rs_none_fits(resolver *r, ast_expr *e, const ast_type *want);
int rs_want_type(resolver *r, ast_expr *e, const ast_type *want, const char *what);
int rs_want_kind(resolver *r, ast_expr *e, int kind, const char *what);
/* rs_want_type with the description printf-formatted, and formatted only
 * when the type does not fit: it is the error's alone, and formatting it
 * for every argument and index cost 2% of a compilation. */
int rs_want_typef(resolver *r, ast_expr *e, const ast_type *want, const char *fmt, ...)
    OC_PRINTF(4, 5);
int64_t rs_clamp_fold(resolver *r, const ast_expr *e, int64_t v, int *ok);
ast_decl *rs_start_var(resolver *r);
ast_decl *rs_passed_var(resolver *r);
ast_decl *rs_rounds_var(resolver *r);

/* resolve_expr.c */
int rs_type_expr(resolver *r, ast_typeexpr *t, int allow_list);
void rs_const_decl(resolver *r, ast_decl *d);
const char *rs_sym_kind_words(int kind);
void rs_check_args(resolver *r, ast_loc at, const char *name, ast_decl *d, ast_expr **args,
                   uint32_t nargs);
ast_sym *rs_action_named(resolver *r, const char *name, ast_loc at, const char *how);
void rs_expr(resolver *r, ast_expr *e);
void rs_expr_want(resolver *r, ast_expr *e, int kind, const char *what);
void rs_expr_noroll(resolver *r, ast_expr *e, int kind, const char *what, const char *why);
void rs_iter(resolver *r, ast_iter *it);
int32_t rs_const_expr(resolver *r, ast_expr *e, int kind, const char *what, int *ok);
void rs_text(resolver *r, ast_text *t, int option, ast_sym *only);

/* resolve_pay.c */
void rs_payment(resolver *r, ast_expr *amount, ast_expr *target, const char *what);
ast_decl *rs_payment_substitute(resolver *r, const ast_expr *target);
int rs_same_cell(resolver *r, const ast_expr *a, const ast_expr *b);
oc_payment *rs_pay_ways(resolver *r, const ast_payment *written, ast_expr *amount,
                        ast_expr *target, int is_cost);
ast_expr *rs_cost_ways(resolver *r, ast_decl *d, ast_cost **cs, uint32_t n);
void rs_body_pays(resolver *r, const ast_decl *d);
void rs_pay_order(resolver *r, ast_stmt *s);
oc_pay_order *rs_cost_order(resolver *r, ast_decl *d, ast_cost **cs, uint32_t n);

/* resolve_stmt.c */
void rs_show(resolver *r, ast_stmt *s);
int rs_display_stmt_ok(resolver *r, const ast_stmt *s);
void rs_block(resolver *r, ast_block *b);
ast_expr *rs_and_of(resolver *r, ast_expr *a, ast_expr *b);
void rs_substitute(resolver *r, ast_decl *d);
ast_expr *rs_bool_const(resolver *r, ast_loc at, int v);

/* resolve_decl.c */
void rs_open_params(resolver *r, ast_decl *d);
void rs_fn_body(resolver *r, ast_decl *d);
void rs_proc_body(resolver *r, ast_decl *d);
void rs_declare_builtins(resolver *r);
void rs_declare_one(resolver *r, ast_decl *d);
void rs_table_fields(resolver *r, ast_decl *t);
void rs_override_const(resolver *r, ast_decl *o);
void rs_override_values(resolver *r);
void rs_check_header(resolver *r);
void rs_index_decls(resolver *r);
void rs_signatures(resolver *r);
void rs_place_seat_vars(resolver *r);

/* resolve_bound.c */
void rs_bounds(resolver *r);

/* resolve_hidden.c */
void rs_hidden_decls(resolver *r);
void rs_reveal(resolver *r, ast_stmt *s);
void rs_check_policy_reads(resolver *r, const ast_decl *fn);

/* resolve_scenario.c */
void rs_scenario(resolver *r, ast_decl *d);

/* resolve_literal.c */
void rs_row_literal(resolver *r, ast_expr *e);
void rs_list_compare(resolver *r, ast_expr *e);
void rs_list_assign(resolver *r, ast_stmt *s);
void rs_expand_list_assigns(resolver *r);
void rs_policies(resolver *r);

#endif /* OC_RESOLVE_INT_H */

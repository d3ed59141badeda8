/* resolve_int.h — what the files of name resolution share (private to
 * compiler/resolve*.c): the resolver's state, the limits it checks, and
 * the functions one file of it calls in another. The files, in the order
 * the work flows:
 *   resolve_sym.c       symbol tables: global and scoped local names, types
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

#define LHASH 1024u
#define MAX_PARAMS 8
#define MAX_PLAYERS 127

typedef struct oc_resolver {
    oc_arena *a;
    diag *d;
    ast_file *f;
    oc_resolution *out;        /* what resolution hands the checks and the lowering */
    ast_sym **gtab;            /* open addressing, power-of-two size */
    uint32_t gcap, gcount;
    ast_sym *lhash[LHASH];     /* locals in scope, chained by hnext */
    ast_sym **lstack;
    uint32_t ln, lcap;
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
    uint32_t capsteps, capoptions, capescapes;
    ast_stmt **stepmap;        /* step numbers -> first step (scenarios) */
    uint32_t stepmap_cap;
    char tbuf[4][96];
    int tnext;
    int in_display;            /* a display's body: let, if, for and show only */
    int in_scenario;           /* a scenario's items: list and row literals allowed */
    ast_stmt **lit_assigns;    /* a setup's `l = [...]`, rewritten after it */
    uint32_t nlit_assigns, caplit_assigns;
    int in_round;              /* `round` statements around the statement */
    int errors_before;         /* d->errors when resolution began */
    uint8_t has_revise;        /* a `revise` (at revise_loc) */
    uint8_t has_revisable_call;/* a `revisable()` (at revisable_call_loc) */
    ast_loc revise_loc, revisable_call_loc;
} rs;

typedef struct scope_mark {
    uint32_t ln, slot;
} scope_mark;

/* A bare type of that kind. Inline: resolution types every one of a large
 * ruleset's millions of expressions with it. */
static inline ast_type rs_ty(int kind)
{
    ast_type t = {0};
    t.kind = (uint8_t)kind;
    return t;
}

/* resolve_sym.c */
ast_type rs_ty_enum(ast_decl *e);
const char *rs_tn(rs *r, const ast_type *t);
void *rs_grow(rs *r, void *old, uint32_t n, uint32_t *cap, size_t elt);
ast_sym *rs_gfind(rs *r, const char *name);
void rs_grehash(rs *r);
int rs_gdeclare(rs *r, ast_sym *s);
ast_sym *rs_new_sym(rs *r, const char *name, int kind, ast_loc loc);
ast_sym *rs_lfind(rs *r, const char *name);
ast_sym *rs_lookup(rs *r, const char *name);
/* "unknown name 'x'" (`where`: "" or " in label"), with "did you mean"
 * and a fix-it when a declared name is one slip away. */
void rs_unknown_name(rs *r, ast_loc at, const char *name, const char *where);
scope_mark rs_scope_open(rs *r);
void rs_scope_close(rs *r, scope_mark m);
void rs_ldeclare(rs *r, ast_sym *s, ast_type t);
void rs_unit_begin(rs *r, int in_proc);
uint32_t rs_unit_end(rs *r);
int rs_is_err(const ast_type *t);
int rs_none_fits(ast_expr *e, const ast_type *want);
int rs_want_type(rs *r, ast_expr *e, const ast_type *want, const char *what);
int rs_want_kind(rs *r, ast_expr *e, int kind, const char *what);
int64_t rs_clamp_fold(rs *r, const ast_expr *e, int64_t v, int *ok);
ast_decl *rs_start_var(rs *r);
ast_decl *rs_passed_var(rs *r);

/* resolve_expr.c */
int rs_rtype(rs *r, ast_typeexpr *t, int allow_list);
void rs_rconst_decl(rs *r, ast_decl *d);
void rs_set_const(ast_expr *e, int64_t v);
const char *rs_sym_kind_words(int kind);
void rs_check_args(rs *r, ast_loc at, const char *name, ast_decl *d, ast_expr **args, uint32_t nargs);
ast_sym *rs_action_named(rs *r, const char *name, ast_loc at, const char *how);
void rs_rx(rs *r, ast_expr *e);
void rs_rx_want(rs *r, ast_expr *e, int kind, const char *what);
void rs_rx_noroll(rs *r, ast_expr *e, int kind, const char *what, const char *why);
void rs_riter(rs *r, ast_iter *it);
int32_t rs_rconst(rs *r, ast_expr *e, int kind, const char *what, int *ok);
void rs_rtext(rs *r, ast_text *t, int option, ast_sym *only);

/* resolve_pay.c */
void rs_rpayment(rs *r, ast_expr *amount, ast_expr *target, const char *what);
ast_decl *rs_payment_substitute(const ast_expr *target);
int rs_same_cell(const ast_expr *a, const ast_expr *b);
ast_payment *rs_pay_ways(rs *r, ast_payment *pm, ast_expr *amount, ast_expr *target,
                         int is_cost);
ast_expr *rs_cost_ways(rs *r, ast_decl *d, ast_cost **cs, uint32_t n);

/* resolve_stmt.c */
void rs_show(rs *r, ast_stmt *s);
int rs_display_stmt_ok(rs *r, const ast_stmt *s);
void rs_rblock(rs *r, ast_block *b);
ast_expr *rs_and_of(rs *r, ast_expr *a, ast_expr *b);
void rs_rsubstitute(rs *r, ast_decl *d);
ast_expr *rs_bool_const(rs *r, ast_loc at, int v);

/* resolve_decl.c */
void rs_open_params(rs *r, ast_decl *d);
void rs_rfn_body(rs *r, ast_decl *d);
void rs_rproc_body(rs *r, ast_decl *d);
void rs_declare_builtins(rs *r);
void rs_declare_one(rs *r, ast_decl *d);
void rs_rtable(rs *r, ast_decl *t);
void rs_roverride_const(rs *r, ast_decl *o);
void rs_roverride_values(rs *r);
void rs_check_header(rs *r);
void rs_index_decls(rs *r);
void rs_rsignatures(rs *r);
void rs_place_seat_vars(rs *r);

/* resolve_bound.c */
void rs_rbounds(rs *r);

/* resolve_hidden.c */
void rs_rhidden_decls(rs *r);
void rs_reveal(rs *r, ast_stmt *s);
void rs_check_policy_reads(rs *r, const ast_decl *fn);

/* resolve_scenario.c */
void rs_rscenario(rs *r, ast_decl *d);

/* resolve_literal.c */
void rs_rrow(rs *r, ast_expr *e);
void rs_rlist_cmp(rs *r, ast_expr *e);
void rs_rlist_assign(rs *r, ast_stmt *s);
void rs_expand_list_assigns(rs *r);
void rs_rpolicies(rs *r);

#endif /* OC_RESOLVE_INT_H */

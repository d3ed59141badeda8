/* lower_int.h — what the files of the lowering share (private to
 * compiler/lower*.c): the lowering's state (lowering), its growing arrays, and
 * the functions one file of it calls in another. The files, in the order
 * the work flows:
 *   lower_code.c      the code buffer: emitting, jumps and patches, the
 *                     operand-stack depth, the tables' growing arrays
 *   lower_layout.c    the tables: vars and their storage, enums, steps,
 *                     events, texts, options, escapes
 *   lower_expr.c      expressions: loads, operators, aggregates (unrolled
 *                     when small), first ... by, calls (inlined when small)
 *   lower_stmt.c      statements: steps, choices, loops, scopes and
 *                     escapes, turns, actions and payments, batches
 *   lower_unit.c      code units: fns, procs, triggers and their dispatch,
 *                     overrides, and the deepest call chain (stack sizes)
 *   lower_scenario.c  scenario items, policies and displays
 *   lower.c           the entry point: the passes in order, the program
 *                     assembled in the arena
 */
#ifndef OC_LOWER_INT_H
#define OC_LOWER_INT_H

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opcodes.h"
#include "passes.h"

#define MAX_TABLE 65535u   /* uint16 indexes in the tables */
#define NO_LABEL UINT32_MAX

/* A growable array of T (malloc'd while lowering). */
#define VEC(T) struct { T *v; uint32_t n, cap; }
typedef VEC(uint32_t) u32vec;
typedef VEC(uint16_t) u16vec;
#define VPUSH(w, vec, x)                                                       \
    do {                                                                      \
        if ((vec).n == (vec).cap)                                             \
            (vec).v = lower_grow((w), (vec).v, &(vec).cap, sizeof *(vec).v);    \
        (vec).v[(vec).n++] = (x);                                             \
    } while (0)

/* An enclosing loop of the unit being lowered: what `exit` must undo. */
typedef struct loop_ctx {
    const ast_stmt *loop;
    int steps;            /* step blocks open when the loop began */
    int scopes;           /* escape scopes open when the loop began */
    u32vec breaks; /* jumps to patch to the loop's end */
} loop_ctx;

/* What the unit being lowered calls, for the stack and frame sizes. */
typedef struct unit_info {
    uint32_t cost;        /* slots: locals + deepest operand stack + 1 */
    u16vec calls;
    uint32_t chain_slots, chain_frames;
} unit_info;

typedef struct lowering {
    oc_arena *a;
    diag *d;
    ast_file *f;
    const oc_resolution *res;
    int failed;

    VEC(ordo_insn) code;
    VEC(ordo_proc) procs;
    VEC(unit_info) units;
    VEC(ordo_option) options;
    VEC(ordo_escape) escapes;
    VEC(ordo_text) texts;
    VEC(ordo_scenario_item) items;
    VEC(ordo_line) lines;

    /* the unit being lowered */
    uint32_t unit;
    int depth, maxdepth;      /* operand stack, above the locals */
    uint32_t nlocals;         /* named + hidden locals in use */
    uint32_t maxlocals;
    int steps;                /* step blocks open (each holds a stack slot) */
    int scopes;               /* escape scopes open */
    uint32_t scope_nesc[256]; /* escapes of each open scope */
    VEC(loop_ctx) loops;
    int cur_step;             /* static: the innermost step being lowered */
    uint32_t *dispatch;       /* per event: its dispatch proc, or NO_LABEL */
    uint32_t *guard_fn;       /* per fn/proc: an anytime action's guard fn */
    int has_anytime;          /* the ruleset declares anytime actions */
    uint32_t turn_var;        /* hidden "#turn" (turns begun), 0 if none */
    uint32_t acting_var;      /* hidden "#acting", 0 if the ruleset has no action */
    uint32_t act_slots;       /* locals an action's copy of the per-action block takes */
    int in_action;            /* lowering an action's body: `return` ends the body */
    uint32_t max_ways;        /* the most ways one payment offers (max_options) */
    int pay_undoes;           /* ... of a `tentative` action, outside batches and
                               * scopes: a short `pay` undoes it (PAY x=1) */
    u32vec action_returns;    /* ... and jumps from there to the body's end */
    ordo_event_decl *events;  /* the events table being filled */
    uint32_t unit_file;       /* the file of the unit about to begin (its first line row) */
    uint32_t local_base;      /* slot of local 0 of the fn being inlined (0: none) */
    int inline_depth;         /* fns being inlined, one inside another */
    /* names bound without a slot of their own: the variables of unrolled
     * aggregates, each reading as its constant, and the parameters of an
     * inlined fn whose argument is a constant or a local (slot >= 0: it
     * reads that local) */
    struct { const ast_sym *sym; int32_t value; int64_t slot; } bound[16];
    int nbound;
} lowering;

/* The stated bounds of fn or proc d (the resolution's, by its index). */
static inline const oc_bound *lower_bound(const lowering *w, const ast_decl *d)
{
    return &w->res->bounds[oc_decl_index(w->res, d)];
}

/* Effects one batch can hold back (gains of one cell add up in one). */
#define MAX_PENDING 32

/* Iteration over an iterable, shared by `for`, aggregates and options.
 * iter_open emits the head (leaving `var` set to the element), the caller
 * emits the filter (jumps to it->cont) and the work, iter_close the tail. */
typedef struct iter_ctx {
    uint32_t var;         /* the loop variable's slot */
    uint32_t hidden;      /* first hidden local taken */
    uint32_t counter;     /* the position/index local */
    uint32_t order;       /* sorted players (by KEY) */
    int sorted;
    int is_set;           /* over a set: the variable is the cursor (SNEXT) */
    uint32_t top;
    uint32_t exit_jump;
    u32vec cont;   /* jumps to the step to the next element */
    u32vec brk;    /* jumps out of the loop */
} iter_ctx;

/* The keys of `for x in players by K1, K2 ...`. */
typedef struct for_keys {
    const ast_expr *const *keys;
    uint32_t nkeys;
    uint32_t desc_mask;   /* bit k: key k is `desc` */
} for_keys;

/* lower_pick_player: the player first by the keys among the candidates. */
typedef struct pick_ctx {
    uint32_t var;         /* the loop variable's slot: each candidate in turn */
    uint32_t taken;       /* first of max_players locals: nonzero = not a candidate */
    uint32_t best;        /* the local the pick goes to (-1: nobody) */
    const ast_expr *const *keys;
    uint32_t nkeys;
    uint32_t desc_mask;
    uint32_t stored;      /* keys read from locals stored + k*max_players + p, or
                           * NO_LABEL: computed for each candidate as it comes */
    const ast_expr *where;/* or NULL */
    uint32_t passed_var;  /* skip who passed (var index), 0: nobody */
    int in_game_only;     /* skip who left the game */
} pick_ctx;

/* lower_code.c */
void *lower_to_arena(lowering *w, const void *v, uint32_t n, size_t size);
void *lower_keep(lowering *w, void *v, uint32_t n, size_t size);
/* A growing array's new capacity (twice, at least 16): out of memory ends
 * the compilation, as the arena does. */
void *lower_grow(lowering *w, void *p, uint32_t *cap, size_t size);
/* Frees a vector grown with lower_grow (its memory is the arena's until
 * then: a compile that fails out of memory leaks none of it). */
void lower_release(lowering *w, void *p);
uint32_t lower_here(const lowering *w);
uint32_t lower_emit(lowering *w, int op, int x, uint32_t a, int32_t b);
uint32_t lower_emit_op(lowering *w, int op);
uint32_t lower_emit_a(lowering *w, int op, uint32_t a);
void lower_push_const(lowering *w, int32_t v);
uint32_t lower_jump(lowering *w, int op);
void lower_patch_here(lowering *w, uint32_t at);
void lower_patch_all_here(lowering *w, u32vec *js);
void lower_branch(lowering *w, const ast_expr *e, int when, u32vec *jumps);
void lower_jump_to(lowering *w, int op, uint32_t target);
uint32_t lower_take_locals(lowering *w, uint32_t n);
void lower_give_locals(lowering *w, uint32_t first);
uint32_t lower_lslot(const lowering *w, const ast_sym *s);
int lower_kind_of(const ast_type *t);
uint16_t lower_enum_of(const lowering *w, const ast_type *t);
/* A declaration's number among its kind (oc_decl_index): its var's,
 * enum's, event's or fn's place in the program's tables. */
static inline uint32_t lower_index(const lowering *w, const ast_decl *d)
{
    return (uint32_t)oc_decl_index(w->res, d);
}
void lower_bounds_of(const lowering *w, const ast_type *t, int32_t *lo, int32_t *hi);
uint8_t lower_width_for(int32_t lo, int32_t hi);

/* lower_layout.c */
ordo_var *lower_vars(lowering *w, uint32_t *state_size, uint32_t *nvars);
void lower_enums(lowering *w, ordo_program *p);
void lower_data(lowering *w, ordo_program *p);
void lower_steps(lowering *w, ordo_program *p);
void lower_events(lowering *w, ordo_program *p);
char *lower_join_cites(lowering *w, const ast_cite *c);
uint32_t lower_add_text(lowering *w, const char *text, const ast_text *t);
uint32_t lower_add_plain_option(lowering *w, const char *label, uint32_t line);

/* lower_expr.c */
uint32_t lower_list_ref(lowering *w, const ast_expr *e);
int lower_list_op(lowering *w, const ast_expr *e, int list_op, int set_op);
void lower_iter_open(lowering *w, iter_ctx *c, const ast_iter *it, uint32_t var,
                     const ast_expr *by, int desc);
void lower_iter_open_keys(lowering *w, iter_ctx *c, const ast_iter *it, uint32_t var,
                          const for_keys *fk);
void lower_pick_player(lowering *w, const pick_ctx *pc);
void lower_clear_players(lowering *w, int op, uint32_t a);
void lower_copy_players(lowering *w, int load, uint32_t from, int store, uint32_t to);
void lower_iter_close(lowering *w, iter_ctx *c);
void lower_iter_filter(lowering *w, iter_ctx *c, const ast_expr *cond);
int lower_binop_code(int op);
void lower_call_args(lowering *w, ast_expr **args, uint32_t n);
void lower_depth_room(lowering *w, const ast_decl *d);
void lower_expr(lowering *w, const ast_expr *e);

/* lower_stmt.c */
uint32_t lower_batch_begin(lowering *w);
void lower_batch_end(lowering *w, uint32_t l);
void lower_stmt_batch(lowering *w, const ast_block *body);
void lower_pay_order(lowering *w, const oc_pay_order *o, uint32_t line, int is_cost);
void lower_pay_offer(lowering *w, const ast_expr *target, const ast_expr *amount,
                     const oc_payment *pm, uint32_t line, int is_cost);
void lower_wait_for(lowering *w, const ast_expr *player);
void lower_call_unit(lowering *w, uint32_t proc);
void lower_window(lowering *w, uint32_t pl, const char *label, uint32_t line);
void lower_mark_line(lowering *w, uint32_t line, uint32_t file);
void lower_mark_loc(lowering *w, ast_loc at);
void lower_block(lowering *w, const ast_block *b);

/* lower_unit.c */
uint32_t lower_unit_begin(lowering *w, uint32_t proc, uint32_t nlocals);
void lower_unit_end(lowering *w);
uint32_t lower_new_proc(lowering *w, const char *name, uint32_t line);
void lower_fn_or_proc(lowering *w, const ast_decl *d);
void lower_guard(lowering *w, const ast_decl *d);
void lower_dispatch(lowering *w, const ast_decl *ev);
void lower_size_chains(lowering *w);

/* lower_scenario.c */
void lower_item(lowering *w, const ast_item *it, uint32_t main_proc, u16vec *evals, u16vec *roots);
void lower_policies(lowering *w, ordo_program *p, u16vec *evals);

/* lower.c */

#endif /* OC_LOWER_INT_H */

/* resolution.h — what name resolution hands the checks and the lowering
 * besides the tree: the compiler's own tables of its results, in the
 * compilation's arena. oc_resolve_declarations begins one and
 * oc_resolve_bodies completes it (oc_resolution_of); oc_check, oc_lower
 * and the rule document read it, and nothing writes it after resolution.
 *
 * What is not here is written into the symbols resolution makes (their
 * types, values and slots) and the few nodes it rewrites in place
 * (dsl/ast.h); the tree's fields are otherwise the parser's.
 */
#ifndef OC_RESOLUTION_H
#define OC_RESOLUTION_H

#include "ast.h"

/* The stated bounds on a fn's or proc's runs (resolve_bound.c), which let
 * it recur. */
typedef struct oc_bound {
    int32_t depth;           /* `depth N`: N, 0 when none is stated; for
                              * `decreasing`, the measure's domain */
    int32_t measure;         /* `decreasing PARAM`: the param's index + 1, 0
                              * for none */
    uint32_t chain_domain;   /* `once per chain`: how many argument tuples
                              * there are (each runs once a chain) */
} oc_bound;

/* A fn's or proc's place among overrides (`override fn|proc`, ODIN-P1). */
typedef struct oc_overrides {
    ast_decl *base;          /* an override: the fn or proc it overrides */
    ast_decl **overriders;   /* a base: its overrides, in source order (the
                              * last is tried first) */
    uint32_t noverriders;
} oc_overrides;

/* Where a step stands: in which step, under which rules. */
typedef struct oc_step_place {
    int32_t parent;          /* the enclosing step's index (static), -1 */
    const char *rule;        /* the cited IDs, space-separated, inherited
                              * from the nearest enclosing citing step */
} oc_step_place;

/* What resolution found of one expression (by its id, ast_expr.id). */
typedef struct oc_expr_facts {
    ast_type type;           /* its type; TY_ERROR when it could not be known
                              * (reported) or resolution did not reach it */
    union {
        ast_sym *sym;        /* E_NAME, E_CALL, E_CAN (an action's SYM_PROC):
                              * the symbol named, or NULL */
        struct ast_field *field; /* E_FIELD: the field read */
    };
    int32_t cval;            /* the value, when is_const */
    uint8_t is_const;        /* its value is known at compile time */
    uint8_t ix;              /* E_INDEX: what it indexes (IX_*) */
    uint8_t builtin;         /* E_CALL: the built-in called (BI_*), 0 for a fn */
} oc_expr_facts;

/* A payment with more than one way to pay it (a `pay` or an action's
 * cost): its `or` sources (the tree's), its substitute, its ways in the
 * order they are offered, and when its payer is asked at all. */
typedef struct oc_payment {
    struct ast_expr **alts;      /* `or B[p] or C[p]` */
    uint32_t nalts;
    struct ast_decl *substitute; /* or NULL */
    ast_way *ways;
    uint32_t nways;
    struct ast_expr *asked;      /* someone holds an alternative and a way
                                  * is open */
    int8_t payer_ix;             /* the first source's player index: who decides */
    const struct ast_stmt *ahead;/* a body pay: the last pay its ways look
                                  * ahead of (NULL: none; check_pay.c warns
                                  * of a pay past it) */
} oc_payment;

/* A part of a payment in any order: a pay of the block, or a cost. */
typedef struct oc_pay_part {
    ast_loc loc;
    struct ast_expr *amount, *target;
    oc_payment *pm;              /* its ways, or NULL: one */
    const struct ast_stmt *stmt; /* the S_PAY, or NULL: a cost */
} oc_pay_part;

/* `pay in any order { pays }`, `costs in any order`: part j is offered
 * next when it is unpaid, above 0, and can be paid with the parts still
 * unpaid payable after it (`offer[j]`); its ways look ahead over those
 * parts alike. */
typedef struct oc_pay_order {
    const char *form;            /* "pay in any order", "costs in any order" */
    oc_pay_part *parts;          /* in the written order */
    struct ast_sym **paid;       /* part j's hidden local: 1 once paid */
    struct ast_expr **offer;     /* part j can be paid next */
    struct ast_expr *any;        /* some part can be paid next */
    struct ast_expr *payer;      /* who picks the order */
    const char **labels;         /* "pay 2 wood or stone first" ({}: the amount) */
    uint32_t nparts;
} oc_pay_order;

/* What resolution found of one statement (by its id, ast_stmt.id). */
typedef struct oc_stmt_facts {
    union {
        ast_sym *sym;            /* S_CALL: the SYM_PROC; S_EMIT: the
                                  * SYM_EVENT; S_DO: the action's SYM_PROC */
        struct ast_stmt *loop;   /* S_EXIT: the S_REPEAT or S_FOR it leaves */
        oc_payment *pay;         /* S_PAY: its ways; NULL: one way to pay */
        oc_pay_order *order;     /* S_PAY_ORDER: its parts (NULL: in error) */
        int32_t step;            /* S_STEP: its index in steps + 1 (0: none) */
    };
} oc_stmt_facts;

/* What resolution found of one iterable (by its id, ast_iter.id). */
typedef struct oc_iter_facts {
    ast_type elem;               /* the loop variable's type */
    struct ast_decl *enm;        /* the enum an IT_LIST names, which makes it
                                  * an IT_ENUM; NULL otherwise */
} oc_iter_facts;

/* What resolution found of one text (by its id, ast_text.id). */
typedef struct oc_text_facts {
    const char *tmpl;            /* the text with every `{name}` replaced by
                                  * `{}`; NULL: not resolved */
    ast_sym **args;              /* the locals named, in order */
    uint32_t nargs;
} oc_text_facts;

/* What resolution found of one scenario item (by its id, ast_item.id). */
typedef struct oc_item_facts {
    ast_sym *sym, *sym2;          /* play: the proc (NULL: the sequence); event
                                   * items: the event; before: the two events */
    ast_stmt *step;               /* step ran / not ran: the S_STEP numbered so */
    int32_t values[AST_MAX_EVENT_ARGS]; /* the constant args (0-based players):
                                   * play, event; decision, over: the player */
    uint32_t wild;                /* event: bit k = arg k is `_` */
    uint32_t nlocals;             /* setup, expect: the locals it needs */
} oc_item_facts;

/* What resolution found of an option, an escape or a prefer line (by its
 * id: ast_option.id, ast_escape.id, ast_prefer.id share one numbering). */
typedef struct oc_choice_facts {
    int32_t index;               /* option, escape: its index in options or
                                  * escapes + 1; 0: not numbered */
    uint32_t name;               /* option, prefer line: its name's index in
                                  * option_names + 1; 0: none */
    struct ast_decl *by_fn, *when_fn; /* prefer line: the fns made of its by
                                  * and when, or NULL */
} oc_choice_facts;

/* What resolution found of a var's index (by its id, ast_dim.id). */
typedef struct oc_dim_facts {
    struct ast_decl *enm;        /* DIM_ENUM: the enum named */
    int32_t lo, hi;              /* DIM_RANGE: its values */
} oc_dim_facts;

/* What resolution found of a data table's field (by its id, ast_field.id). */
typedef struct oc_field_facts {
    struct ast_decl *index_enum; /* `field[Enum]`: the enum, else NULL */
    uint32_t width;              /* 1, or the index enum's member count; 0
                                  * where not resolved */
} oc_field_facts;

/* What resolution found of a declaration (by its id, ast_decl.id). */
typedef struct oc_decl_facts {
    struct ast_sym *sym;         /* its symbol (none for the sequence, a
                                  * scenario, a substitute); an action's event
                                  * shares the action's */
    int32_t index;               /* its number among its kind: a var's (the
                                  * built-ins 0, 1, 2, then the ruleset's in
                                  * order), an enum's, an event's, a scenario's;
                                  * fns and procs numbered together in source
                                  * order */
    uint8_t used;                /* its symbol is referred to (oc_decl_used) */
    int32_t init_value;          /* const: its value; var: its initial value
                                  * (default 0/false/none/lowest of range) */
    uint32_t nlocals;            /* fn, proc, sequence: params + lets +
                                  * for/option/aggregate variables */
    struct oc_pay_order *cost_order; /* an action's `costs in any order`, or
                                  * NULL: in the written order */
    struct ast_decl *overridden; /* an override const: the base's constant */
    struct ast_expr *base_value; /* an overridden constant: its value as
                                  * declared (its `value` is now the top
                                  * override's) */
    struct ast_decl *substitute; /* a var: the D_SUBSTITUTE for it, or NULL */
    /* D_SUBSTITUTE, `substitute SUB[p] for RES[p]`: */
    struct ast_decl *sub_res;    /* RES's var decl */
    struct ast_decl *sub_decl;   /* SUB's var decl */
    int8_t sub_map[2];           /* SUB's index k is RES's index sub_map[k] */
    int8_t sub_payer;            /* RES's player index: who decides */
    uint8_t sub_used;            /* some payment takes from RES */
} oc_decl_facts;

/* The facts are kept in pages of 2^OC_PAGE_BITS that never move:
 * resolution makes nodes while it holds the facts of others, and a table
 * grown by copying would leave its old copy in the arena. */
#define OC_PAGE_BITS 12
#define OC_PAGE (1u << OC_PAGE_BITS)

/* An event's triggers, in source order. */
typedef struct oc_triggers {
    ast_decl **list;
    uint32_t n;
} oc_triggers;

typedef struct oc_resolution {
    oc_expr_facts **expr_pages;  /* by expression id: page id >> OC_PAGE_BITS */
    uint32_t nexprs;             /* the ids given: the facts of any other id
                                  * are none */
    oc_stmt_facts **stmt_pages;  /* by statement id, the same way */
    uint32_t nstmts;
    oc_iter_facts **iter_pages;  /* by iterable id (all the parser's) */
    uint32_t niters;
    oc_text_facts **text_pages;  /* by text id (all the parser's) */
    uint32_t ntexts;
    oc_item_facts **item_pages;  /* by scenario item id (all the parser's) */
    uint32_t nitems;
    ast_type **type_pages;       /* by type expression id (all the parser's):
                                  * the type it names */
    uint32_t ntypes;
    oc_choice_facts **choice_pages; /* by option, escape or prefer id (all
                                  * the parser's) */
    uint32_t nchoices;
    oc_dim_facts **dim_pages;    /* by var index id (all the parser's) */
    uint32_t ndims;
    oc_field_facts **field_pages; /* by table field id (all the parser's) */
    uint32_t nfields;
    oc_decl_facts **decl_pages;  /* by declaration id, as expr_pages */
    uint32_t ndecls;
    oc_payment ***cost_pages;    /* by cost id (all the parser's): its ways,
                                  * NULL for one way to pay */
    uint32_t ncosts;
    ast_decl *sequence;          /* the one sequence block */
    /* Each kind of declaration in source order, numbered by its index
     * (ast_decl.index); pointers into the tree. */
    ast_decl **enums;     uint32_t nenums;
    ast_decl **events;    uint32_t nevents;   /* the declared, then the actions' */
    ast_decl **fns;       uint32_t nfns;      /* fns and procs together (and the
                                               * fns made of policies) */
    ast_decl **scenarios; uint32_t nscenarios;
    ast_stmt **steps;     uint32_t nsteps;    /* every S_STEP in pre-order */
    oc_step_place *step_places;               /* by step index */
    ast_option **options; uint32_t noptions;
    ast_escape **escapes; uint32_t nescapes;
    /* The game's state vars in the runtime's order:
     * the built-ins (active, turns, in_game), the ruleset's vars, the
     * "#shown" lists of hidden vars, "#turn" and the `once per turn`
     * marks, the `once per chain` lists, the seat vars, then the
     * per-action block vars[act_first..nvars): "#acting", "#action", the
     * `per action` vars, the `once per action` marks. A var's index
     * (ast_decl.index) is its place here. */
    ast_decl **vars;
    uint32_t nvars;
    uint32_t act_first;          /* == nvars when there is no action */
    ast_sym *sym_active, *sym_turns, *sym_in_game; /* the built-in vars */
    /* The vars the language keeps for its own bookkeeping (NULL when the
     * ruleset needs none): "#turn" counts the turns begun, "#acting" the
     * actions in their body, "#action" the innermost action's event index
     * + 1; "start player" (`start player`, `seat(p)`, `rotate`) and
     * "passed" (`pass p`, `passed(p)`, rounds) are made when first read. */
    ast_decl *turn_var, *acting_var, *action_var;
    ast_decl *start_var, *passed_var, *rounds_var;
    /* By var index: a hidden var's "#shown NAME", the list of players each
     * of its cells was revealed to; NULL for a var all see. */
    ast_decl **shown_vars;

    /* By fn index (every fn, those made of policies too), NULL or 0 where
     * it does not apply: */
    ast_decl **limit_vars;       /* the hidden var of a trigger's limit: the
                                  * turn it last fired in (`once per turn`),
                                  * whether it fired in this action (`once per
                                  * action`), the argument tuples run in this
                                  * chain (`once per chain`) */
    ast_decl **action_events;    /* an action's event, which stands for it (its
                                  * triggers, its trace lines) */
    ast_expr **can_exprs;        /* what `can` asks of an action: its `when`
                                  * and every cost affordable */
    ast_decl **trigger_events;   /* the event a trigger listens to */
    oc_bound *bounds;
    oc_overrides *overrides;

    /* By event index: */
    ast_decl **event_actions;    /* the action an action's event stands for */
    oc_triggers *triggers;       /* the triggers listening to it */

    uint8_t has_undo;            /* an `undo` statement */
    /* every `capped at`, for the checks */
    ast_expr **caps;
    uint32_t ncaps;
    /* the distinct option names, first use first (oc_choice_facts.name) */
    const char **option_names;
    uint32_t noption_names;
} oc_resolution;

/* The facts of expression e: all zero (TY_ERROR, no symbol, not constant)
 * when resolution did not run or did not reach it, as in the trees the
 * outline and the language server walk after an error. Inline: the checks
 * and the lowering ask them of every expression. */
static inline const oc_expr_facts *oc_facts(const oc_resolution *res, const ast_expr *e)
{
    static const oc_expr_facts none;
    if (!res || e->id >= res->nexprs)
        return &none;
    return &res->expr_pages[e->id >> OC_PAGE_BITS][e->id & (OC_PAGE - 1)];
}

static inline const ast_type *oc_type(const oc_resolution *res, const ast_expr *e)
{
    return &oc_facts(res, e)->type;
}

/* The symbol an E_NAME, E_CALL or E_CAN names; NULL for other kinds (an
 * E_AGG's variable is the tree's, ast_expr.var). */
static inline ast_sym *oc_sym(const oc_resolution *res, const ast_expr *e)
{
    return e->kind == E_FIELD ? NULL : oc_facts(res, e)->sym;
}

/* The field an E_FIELD reads; NULL for other kinds. */
static inline struct ast_field *oc_field(const oc_resolution *res, const ast_expr *e)
{
    return e->kind == E_FIELD ? oc_facts(res, e)->field : NULL;
}

static inline int oc_is_const(const oc_resolution *res, const ast_expr *e)
{
    return oc_facts(res, e)->is_const;
}

static inline int32_t oc_cval(const oc_resolution *res, const ast_expr *e)
{
    return oc_facts(res, e)->cval;
}

static inline int oc_ix(const oc_resolution *res, const ast_expr *e)
{
    return oc_facts(res, e)->ix;
}

static inline int oc_builtin(const oc_resolution *res, const ast_expr *e)
{
    return oc_facts(res, e)->builtin;
}

/* The facts of statement s, all zero where resolution did not reach. */
static inline const oc_stmt_facts *oc_stmt_facts_of(const oc_resolution *res, const ast_stmt *s)
{
    static const oc_stmt_facts none;
    if (!res || s->id >= res->nstmts)
        return &none;
    return &res->stmt_pages[s->id >> OC_PAGE_BITS][s->id & (OC_PAGE - 1)];
}

/* What an S_CALL calls, an S_EMIT emits, an S_DO does; NULL for other
 * kinds or when not found. */
static inline ast_sym *oc_called(const oc_resolution *res, const ast_stmt *s)
{
    return s->kind == S_CALL || s->kind == S_EMIT || s->kind == S_DO
               ? oc_stmt_facts_of(res, s)->sym : NULL;
}

/* The loop an S_EXIT leaves. */
static inline struct ast_stmt *oc_exit_loop(const oc_resolution *res, const ast_stmt *s)
{
    return s->kind == S_EXIT ? oc_stmt_facts_of(res, s)->loop : NULL;
}

/* An S_PAY's ways to pay, NULL for one way. */
static inline const oc_payment *oc_stmt_payment(const oc_resolution *res, const ast_stmt *s)
{
    return s->kind == S_PAY ? oc_stmt_facts_of(res, s)->pay : NULL;
}

/* An S_PAY_ORDER's parts, NULL when in error. */
static inline const oc_pay_order *oc_stmt_pay_order(const oc_resolution *res,
                                                    const ast_stmt *s)
{
    return s->kind == S_PAY_ORDER ? oc_stmt_facts_of(res, s)->order : NULL;
}

/* An S_PAY whose amount and cells read no state: constants, params,
 * locals (resolve_pay.c); so the look-ahead may read it before it runs. */
int oc_steady_pay(const oc_resolution *res, const ast_stmt *s);

/* The substitute offered at an S_PAY, or NULL. */
static inline struct ast_decl *oc_pay_substitute(const oc_resolution *res, const ast_stmt *s)
{
    const oc_payment *pm = oc_stmt_payment(res, s);
    return pm ? pm->substitute : NULL;
}

/* An action cost's ways to pay, NULL for one way. */
static inline const oc_payment *oc_cost_payment(const oc_resolution *res,
                                                const struct ast_cost *c)
{
    if (!res || c->id >= res->ncosts)
        return NULL;
    return res->cost_pages[c->id >> OC_PAGE_BITS][c->id & (OC_PAGE - 1)];
}

/* The substitute offered at an action's cost, or NULL. */
static inline struct ast_decl *oc_cost_substitute(const oc_resolution *res,
                                                  const struct ast_cost *c)
{
    const oc_payment *pm = oc_cost_payment(res, c);
    return pm ? pm->substitute : NULL;
}

/* The facts of iterable it, all zero where resolution did not reach. */
static inline const oc_iter_facts *oc_iter_facts_of(const oc_resolution *res,
                                                    const ast_iter *it)
{
    static const oc_iter_facts none;
    if (!res || it->id >= res->niters)
        return &none;
    return &res->iter_pages[it->id >> OC_PAGE_BITS][it->id & (OC_PAGE - 1)];
}

/* What an iterable goes over (IT_*): as written, but IT_ENUM where the
 * expression written names an enum. */
static inline int oc_iter_kind(const oc_resolution *res, const ast_iter *it)
{
    return oc_iter_facts_of(res, it)->enm ? IT_ENUM : it->kind;
}

/* The enum an IT_ENUM goes over, else NULL. */
static inline struct ast_decl *oc_iter_enum(const oc_resolution *res, const ast_iter *it)
{
    return oc_iter_facts_of(res, it)->enm;
}

/* The type of the loop variable (TY_ERROR where not known). */
static inline const ast_type *oc_iter_elem(const oc_resolution *res, const ast_iter *it)
{
    return &oc_iter_facts_of(res, it)->elem;
}

/* The facts of text t, all zero where resolution did not reach (or t is
 * no text). */
static inline const oc_text_facts *oc_text_facts_of(const oc_resolution *res,
                                                    const ast_text *t)
{
    static const oc_text_facts none;
    if (!res || !t->text || t->id == 0 || t->id >= res->ntexts)
        return &none;
    return &res->text_pages[t->id >> OC_PAGE_BITS][t->id & (OC_PAGE - 1)];
}

/* A text's template: `{}` for each name; the text itself where it was not
 * resolved. */
static inline const char *oc_text_tmpl(const oc_resolution *res, const ast_text *t)
{
    const char *tmpl = oc_text_facts_of(res, t)->tmpl;
    return tmpl ? tmpl : t->text;
}

/* The facts of scenario item it, all zero where resolution did not reach. */
static inline const oc_item_facts *oc_item_facts_of(const oc_resolution *res,
                                                    const ast_item *it)
{
    static const oc_item_facts none;
    if (!res || it->id >= res->nitems)
        return &none;
    return &res->item_pages[it->id >> OC_PAGE_BITS][it->id & (OC_PAGE - 1)];
}

/* The type a type expression names: TY_ERROR where resolution did not
 * reach, or the type was wrong (reported). */
static inline const ast_type *oc_typeexpr_type(const oc_resolution *res,
                                               const ast_typeexpr *t)
{
    static const ast_type none;
    if (!res || t->id >= res->ntypes)
        return &none;
    return &res->type_pages[t->id >> OC_PAGE_BITS][t->id & (OC_PAGE - 1)];
}

/* The facts of the option, escape or prefer line numbered id; all zero
 * where resolution did not reach. */
static inline const oc_choice_facts *oc_choice_facts_of(const oc_resolution *res, uint32_t id)
{
    static const oc_choice_facts none;
    if (!res || id >= res->nchoices)
        return &none;
    return &res->choice_pages[id >> OC_PAGE_BITS][id & (OC_PAGE - 1)];
}

/* An option's or escape's index in options or escapes; -1 when not
 * numbered. */
static inline int32_t oc_option_index(const oc_resolution *res, const ast_option *o)
{
    return oc_choice_facts_of(res, o->id)->index - 1;
}

static inline int32_t oc_escape_index(const oc_resolution *res, const ast_escape *e)
{
    return oc_choice_facts_of(res, e->id)->index - 1;
}

/* The facts of a var's index, all zero where resolution did not reach. */
static inline const oc_dim_facts *oc_dim_facts_of(const oc_resolution *res, const ast_dim *dm)
{
    static const oc_dim_facts none;
    if (!res || dm->id == 0 || dm->id >= res->ndims)
        return &none;
    return &res->dim_pages[dm->id >> OC_PAGE_BITS][dm->id & (OC_PAGE - 1)];
}

/* The facts of a table's field, all zero where resolution did not reach. */
static inline const oc_field_facts *oc_field_facts_of(const oc_resolution *res,
                                                      const struct ast_field *f)
{
    static const oc_field_facts none;
    if (!res || f->id >= res->nfields)
        return &none;
    return &res->field_pages[f->id >> OC_PAGE_BITS][f->id & (OC_PAGE - 1)];
}

/* The facts of a declaration, all zero where resolution did not reach. */
static inline const oc_decl_facts *oc_decl_facts_of(const oc_resolution *res,
                                                    const struct ast_decl *d)
{
    static const oc_decl_facts none;
    if (!res || d->id >= res->ndecls)
        return &none;
    return &res->decl_pages[d->id >> OC_PAGE_BITS][d->id & (OC_PAGE - 1)];
}

/* A declaration's symbol (NULL for the sequence, a scenario, a
 * substitute, or where resolution did not reach). */
static inline struct ast_sym *oc_decl_sym(const oc_resolution *res, const struct ast_decl *d)
{
    return oc_decl_facts_of(res, d)->sym;
}

/* A declaration's number among its kind (oc_decl_facts.index). */
static inline int32_t oc_decl_index(const oc_resolution *res, const struct ast_decl *d)
{
    return oc_decl_facts_of(res, d)->index;
}

/* What overrides fn or proc d (by its index). */
static inline const oc_overrides *oc_decl_overrides(const oc_resolution *res,
                                                    const struct ast_decl *d)
{
    return &res->overrides[oc_decl_index(res, d)];
}

/* 1 when something refers to d's symbol (an action's event is used as its
 * action is: they share the symbol, whose declaration keeps the mark). */
static inline int oc_decl_used(const oc_resolution *res, const struct ast_decl *d)
{
    const struct ast_sym *s = oc_decl_sym(res, d);
    return s && s->decl && oc_decl_facts_of(res, s->decl)->used;
}

/* A const's value, a var's initial value. */
static inline int32_t oc_init_value(const oc_resolution *res, const struct ast_decl *d)
{
    return oc_decl_facts_of(res, d)->init_value;
}

/* The local slots a fn's, proc's or the sequence's frame needs. */
static inline uint32_t oc_nlocals(const oc_resolution *res, const struct ast_decl *d)
{
    return oc_decl_facts_of(res, d)->nlocals;
}

/* An S_STEP's index in steps; -1 when resolution did not number it. */
static inline int32_t oc_step_index(const oc_resolution *res, const ast_stmt *s)
{
    return s->kind == S_STEP ? oc_stmt_facts_of(res, s)->step - 1 : -1;
}

#endif /* OC_RESOLUTION_H */

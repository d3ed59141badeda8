/* ast.h — the ordo syntax tree, its symbols and types: the interface between
 * the front end (dsl/parser.y, compiler/resolve*.c, compiler/check*.c) and the
 * lowering (compiler/lower*.c).
 *
 * Everything lives in one arena (dsl/arena.h). The parser fills the shape
 * and numbers the nodes (ids, dense over a compilation). What resolution
 * finds is the compiler's (compiler/resolution.h, by the node's id), not
 * the tree's: each expression's type, symbol or field and constant value;
 * each statement's step number, exit loop, callee or payment substitute;
 * each iterable's enum and element type; each text's template and names;
 * each scenario item's names and values; the type a type expression names;
 * the numbers of options, escapes and prefer lines; what a var's index
 * ranges over; a table field's index enum and width; a declaration's value,
 * local slots, overrides and substitutes; the ways to pay a `pay` or an
 * action's cost; a declaration's symbol, its number among its kind and
 * whether it is used. It still writes the symbols it makes (their types,
 * values and slots), and rewrites a few nodes in place (`in_game(p)`,
 * `start player`, `me`, list literals, an overridden constant's value).
 * check.c fills the fields marked [C].
 *
 * Values, as the VM sees them (all int32): ints as is; bools 0/1; players
 * 0-based (`player 1` is 0), `none` is -1; enum members by their ordinal.
 * Constant values (an expression's, a declaration's, scenario args: the
 * resolution keeps them by the node's id) use this encoding.
 */
#ifndef OC_AST_H
#define OC_AST_H

#include <stdint.h>

#include "arena.h"
#include "diag.h"

/* The most arguments an event takes: the runtime's ORDO_EVENT_MAX_ARGS
 * (the syntax layer does not see the runtime; compiler/passes.h asserts
 * that the two agree). */
#define AST_MAX_EVENT_ARGS 8

struct ast_decl;
struct ast_stmt;
struct ast_expr;
struct ast_sym;

/* ------------------------------------------------------------------ types */

enum ast_type_kind {
    TY_ERROR = 0, /* an expression whose type could not be known (already reported) */
    TY_VOID,      /* procs, statements */
    TY_INT,       /* int, or a range A..B (ranged = 1) */
    TY_BOOL,
    TY_PLAYER,    /* `player N` and `none` */
    TY_ENUM,      /* enm = the enum's decl */
    TY_LIST,      /* elem/lo/hi/ranged/enm describe the element; cap the capacity */
    TY_SET        /* elem/lo/hi/ranged/enm describe the members' domain (lo..hi);
                   * cap its size (hi - lo + 1, at most OC_MAX_SET) */
};

typedef struct ast_type {
    uint8_t kind;            /* TY_* */
    uint8_t elem;            /* TY_LIST, TY_SET: the element's kind (TY_INT..TY_ENUM) */
    uint8_t ranged;          /* TY_INT (or int elements): lo..hi declared */
    int32_t lo, hi;          /* the declared range when ranged */
    uint32_t cap;            /* TY_LIST: capacity; TY_SET: the domain's size */
    struct ast_decl *enm;    /* TY_ENUM, or a list of an enum: the enum decl */
} ast_type;

/* A type as written in the source (var, param, let, fn result). The parser
 * fills the syntax; the type it names is the resolution's, by id. */
typedef struct ast_typeexpr {
    ast_loc loc;
    uint8_t kind;                 /* TX_* */
    uint32_t id;                  /* dense over a compilation, as ast_expr.id */
    const char *name;             /* TX_NAME: the enum name */
    struct ast_expr *lo, *hi;     /* TX_RANGE bounds (constant expressions) */
    struct ast_typeexpr *elem;    /* TX_LIST, TX_SET element */
    struct ast_expr *cap;         /* TX_LIST capacity (constant) */
} ast_typeexpr;

enum { TX_INT = 1, TX_BOOL, TX_PLAYER, TX_NAME, TX_RANGE, TX_LIST, TX_SET };

/* ---------------------------------------------------------------- symbols */

enum ast_sym_kind {
    SYM_VAR = 1,     /* decl = the D_VAR (builtins active/turns/in_game included) */
    SYM_CONST,       /* value */
    SYM_MEMBER,      /* an enum member: value = ordinal, decl = the D_ENUM */
    SYM_ENUM,        /* an enum type: decl = the D_ENUM */
    SYM_EVENT,       /* decl = the D_EVENT */
    SYM_FN,          /* decl = the D_FN */
    SYM_PROC,        /* decl = the D_PROC */
    SYM_LOCAL,       /* a param, let, or for/aggregate/option variable: slot */
    SYM_BUILTIN      /* a built-in function: builtin = BI_* */
};

enum ast_local_kind {
    LOCAL_PARAM = 1, /* a parameter of a fn/proc/event */
    LOCAL_LET,       /* `let` */
    LOCAL_FOR,       /* the variable of a `for` statement */
    LOCAL_OPTION,    /* the variable of an option's `for` */
    LOCAL_AGG        /* the variable of an aggregate (count/any/all/sum/min/max) */
};

enum ast_builtin {
    BI_NONE = 0,
    BI_LEN,    /* len(list), len(set): int */
    BI_FIRST,  /* first(list): element */
    BI_LAST,   /* last(list): element */
    BI_MIN,    /* min(a, b) */
    BI_MAX,    /* max(a, b) */
    BI_ABS,    /* abs(a) */
    BI_SEAT,   /* seat(p): p's seat counted clockwise from the start player;
                * seat(q, p): q's, counted clockwise from p (p is seat 1);
                * seat(q, p, counterclockwise): counted the other way
                * (`seat` is no keyword: a ruleset's own `seat` wins) */
    BI_REVISABLE, /* revisable(): a `revisable` action ended and no action has
                   * begun since (`revise` takes it back); no keyword either */
    BI_LEFT,   /* left(p): the next player in the game clockwise from p (the
                * player to p's left; p when alone); no keyword either */
    BI_RIGHT   /* right(p): the next counter-clockwise (to p's right) */
};

typedef struct ast_sym {
    const char *name;
    ast_loc loc;               /* where it is defined (0:0 for built-ins) */
    uint8_t kind;              /* SYM_* */
    uint8_t local_kind;        /* SYM_LOCAL: LOCAL_* */
    uint8_t builtin;           /* SYM_BUILTIN: BI_* */
    uint8_t secret;            /* an event's param declared `hidden` */
    ast_type type;             /* var: its scalar/element type (list: TY_LIST);
                                * const/member: its type; local: its type;
                                * fn: result type; proc/event: TY_VOID */
    struct ast_decl *decl;     /* the declaring decl (var/enum/event/fn/proc/
                                * const; the enum for a member; for a param the
                                * fn/proc/event it belongs to) */
    int32_t value;             /* SYM_CONST / SYM_MEMBER: the value */
    int32_t slot;              /* SYM_LOCAL: frame slot (params 0..n-1 first) */
    uint32_t mark;             /* scratch for the checks (never read by lower) */
    struct ast_sym *hnext;     /* hash chain (resolution's own) */
} ast_sym;

/* ------------------------------------------------------------ expressions */

enum ast_expr_kind {
    E_INT = 1,     /* ival */
    E_BOOL,        /* ival 0/1 */
    E_NONE,        /* the player `none` */
    E_PLAYER,      /* `player N`: ival = N as written (1-based); its value
                    * N-1 */
    E_NAME,        /* name -> its symbol, the resolution's (var with no index,
                    * const, member, local) */
    E_INDEX,       /* base[args]: what it indexes is the resolution's (IX_*) */
    E_CALL,        /* name(args): its symbol, SYM_FN or SYM_BUILTIN, and the
                    * built-in (BI_*) are the resolution's.
                    * `in_game(p)` is rewritten by resolution into an
                    * E_INDEX (IX_VAR) of the built-in var in_game. */
    E_UNARY,       /* op = '-' or OP_NOT; a */
    E_BINARY,      /* op; a, b (OP_AND/OP_OR short-circuit) */
    E_IF,          /* if a then b else c */
    E_IN,          /* a in b (b a list- or set-typed expression) */
    E_ROLL,        /* roll: a = the count (NULL: ival dice), sides */
    E_AGG,         /* agg; var (a local sym), iter, a = where (may be NULL),
                    * b = `of` value (sum/min/max) */
    E_WILDCARD,    /* `_` in a scenario's `expect event E(...)` */
    E_CAN,         /* `can A(args)`: name, args; the action's SYM_PROC is the
                    * resolution's */
    E_IN_ACTION,   /* `in action`: some action is between its start and the
                    * end of its body (its after-phase does not count) */
    E_FIELD,       /* `row.field` of a data table: a = the row, name = the
                    * field; the field is the resolution's. An array field (`row.cost[g]`) is
                    * an E_INDEX of ix IX_FIELD over it. */
    E_CAPPED,      /* `a capped at b`: min(a, b), b a constant (TEO-D1); the
                    * checks know the cap */
    E_LIST,        /* `[x, y, ...]` (scenarios only): args; resolution turns a
                    * comparison with one into element tests and a setup's
                    * assignment of one into clear and add, so none is left
                    * for the checks or the lowering */
    E_ROW,         /* `Card named "L1 white 0"` (scenarios only): a = the
                    * table's E_NAME, name = the row's name; a constant (its
                    * value the resolution's) */
    E_START,       /* `start player`: resolution rewrites it into an E_NAME of
                    * the hidden var "#start player" */
    E_SEES,        /* `a can see b`: player a sees cell b of a var */
    E_ME           /* `me` in a policy: the player deciding */
};

enum ast_op {
    OP_ADD = 1, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
    OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
    OP_AND, OP_OR, OP_NOT, OP_NEG
};

/* AGG_FIRST: `first x in IT [where C] by K1 [asc|desc], K2 ...`: the element
 * ordered first by the keys (args[0..nargs), descending where bit k of
 * desc_mask is set), ties by iteration order; `none` when no element. */
enum ast_agg { AGG_COUNT = 1, AGG_ANY, AGG_ALL, AGG_SUM, AGG_MIN, AGG_MAX, AGG_FIRST };

/* E_INDEX flavours, found by resolution (oc_expr_facts.ix). */
enum ast_index_kind {
    IX_VAR = 1,   /* base is an E_NAME of a var with ndims == nargs dims */
    IX_LIST,      /* base is a list-typed expression, args[0] the 1-based position */
    IX_FIELD      /* base is an E_FIELD of an array field, args[0] its enum index */
};

enum ast_iter_kind {
    IT_PLAYERS = 1, /* `players`: those still in the game (reads in_game) */
    IT_ALL_PLAYERS, /* `all players` */
    IT_ENUM,        /* an enum's members: enm */
    IT_RANGE,       /* lo..hi (ints, both included) */
    IT_LIST         /* a list- or set-typed expression: list (a set: its members
                     * in ascending order) */
};

/* An iterable as written: the parser writes IT_LIST for any plain
 * expression; that it names an enum (IT_ENUM, and which), and the loop
 * variable's type, are the resolution's (by id). */
typedef struct ast_iter {
    ast_loc loc;
    uint8_t kind;                 /* IT_* as written (never IT_ENUM) */
    uint32_t id;                  /* dense over a compilation, as ast_expr.id */
    struct ast_expr *lo, *hi;     /* IT_RANGE */
    struct ast_expr *list;        /* IT_LIST; for IT_ENUM the E_NAME written */
} ast_iter;

/* Fields that no kind uses together share storage (anonymous unions keep
 * the names): the tree of a million-line ruleset is mostly expressions
 * (5.4 a line), so every 8 bytes here is 43 MB of arena there. The child
 * pointers a and b never share: walks read them for every kind. */
typedef struct ast_expr {
    ast_loc loc;                  /* where the expression starts */
    uint8_t kind;                 /* E_* */
    uint8_t op;                   /* E_UNARY/E_BINARY: OP_* ; E_AGG: AGG_* */
    uint16_t depth;               /* operators below it (the parser caps it) */
    uint32_t id;                  /* dense over a compilation (its files and
                                   * what resolution adds): where the
                                   * resolution keeps its facts (its type,
                                   * symbol, field, value) */
    union {
        uint32_t nargs;           /* E_INDEX, E_CALL, E_AGG (AGG_FIRST: keys) */
        int32_t sides;            /* E_ROLL */
    };
    uint32_t desc_mask;           /* E_AGG (AGG_FIRST): bit k = key k descends */
    struct ast_expr *a, *b;       /* operands (see kinds) */
    union {
        const char *name;         /* E_NAME, E_CALL, E_CAN, E_FIELD, E_ROW: the
                                   * name written */
        struct ast_sym *var;      /* E_AGG: its variable (a local) */
    };
    struct ast_expr **args;       /* E_INDEX, E_CALL; E_AGG (AGG_FIRST): the keys */
    union {
        struct ast_expr *c;       /* E_IF: the else value */
        struct ast_expr *base;    /* E_INDEX */
        struct ast_iter *iter;    /* E_AGG */
        int64_t ival;             /* E_INT/E_BOOL/E_PLAYER literal; E_ROLL: dice
                                   * count when a == NULL */
        ast_loc op_loc;           /* E_BINARY/E_IN: the operator */
    };
} ast_expr;

/* A string with `{name}` placeholders (option labels, prompts, logs,
 * window labels). Its template (every `{name}` replaced by `{}`) and the
 * symbols it names, in order (locals), are the resolution's, by id. */
typedef struct ast_text {
    ast_loc loc;
    const char *text;             /* unescaped, as written; NULL when none */
    uint32_t id;                  /* dense over a compilation, as ast_expr.id,
                                   * from 1 (0: none) */
} ast_text;

/* ------------------------------------------------------------- statements */

typedef struct ast_block {
    ast_loc loc;                  /* the '{' */
    ast_loc end;                  /* the '}' */
    struct ast_stmt *first;       /* linked by ast_stmt.next */
    struct ast_stmt *last;
    uint32_t count;
} ast_block;

enum ast_stmt_kind {
    S_STEP = 1,   /* step */
    S_LET,        /* let */
    S_ASSIGN,     /* target op= value */
    S_IF,         /* if cond then_b [else: else_b, or else_if an S_IF] */
    S_REPEAT,     /* repeat / while: rep */
    S_FOR,        /* for */
    S_EXIT,       /* exit [when cond] (the loop left is the resolution's) */
    S_TURN,       /* turn player { body } */
    S_ELIMINATE,  /* eliminate player */
    S_END,        /* end game [winner player] */
    S_CHOOSE,     /* choose */
    S_SCOPE,      /* scope { body } escape ... */
    S_WINDOW,     /* window for player [label] */
    S_CALL,       /* proc(args) (its SYM_PROC is the resolution's) */
    S_RETURN,     /* return */
    S_EMIT,       /* emit event(args) (its SYM_EVENT is the resolution's) */
    S_LOG,        /* log text */
    S_ASSERT,     /* assert cond message */
    S_ADD,        /* add value to list */
    S_REMOVE,     /* remove value from list */
    S_REMOVE_AT,  /* remove at value from list */
    S_CLEAR,      /* clear list */
    S_SHUFFLE,    /* shuffle list */
    S_DO,         /* do action(args): u.call (the action's SYM_PROC is the
                   * resolution's) */
    S_PAY,        /* pay amount from target: u.assign (value = the amount);
                   * the substitute offered at it is the resolution's */
    S_BATCH,      /* batch { body }: u.batch */
    S_SHOW,       /* show / put text (displays only): u.log */
    S_PASS,       /* pass player: out of the running round (u.player) */
    S_ROTATE,     /* rotate start player */
    S_UNDO,       /* undo: the action whose body it is in, as if never taken */
    S_REVEAL,     /* reveal target [to value]: u.assign (value NULL: everyone) */
    S_HIDE,       /* hide target: u.assign */
    S_REVISE,     /* revise: take back the last revisable action, if any */
    S_PAY_ORDER   /* pay in any order { pays }: u.batch (its pays, in the
                   * written order); the payer picks which is paid next */
};

/* S_FOR's `round`: a plain `for`, or a round (the next player picked
 * afresh before each turn), once around or until all have passed. */
enum ast_round_kind { ROUND_NONE = 0, ROUND_ONCE, ROUND_UNTIL_PASSED };

enum ast_repeat_kind {
    REP_UNTIL_BEFORE = 1, /* repeat until C { }  (check before each pass) */
    REP_UNTIL_AFTER,      /* repeat { } until C  (check after each pass) */
    REP_PLAIN,            /* repeat { }          (only `exit` leaves) */
    REP_WHILE             /* while C { }         (= repeat until not C) */
};

typedef struct ast_option {
    ast_loc loc;
    ast_text label;
    ast_expr *when;               /* may be NULL */
    ast_sym *var;                 /* the `for` variable, or NULL */
    ast_iter *iter;               /* with var */
    ast_expr *where;              /* with var; may be NULL */
    ast_block body;
    struct ast_option *next;
    const char *name;             /* `option NAME "label"`, or NULL */
    ast_loc name_loc;
    uint32_t id;                  /* dense over a compilation, shared with
                                   * escapes and prefer lines: where the
                                   * resolution keeps its index and name's */
} ast_option;

typedef struct ast_escape {
    ast_loc loc;
    ast_text label;               /* no placeholders allowed */
    ast_expr *player;
    ast_block body;
    struct ast_escape *next;
    uint32_t id;                  /* as ast_option.id */
} ast_escape;

typedef struct ast_cite {
    ast_loc loc;
    const char *id;
    struct ast_cite *next;
} ast_cite;

typedef struct ast_stmt {
    ast_loc loc;
    uint8_t kind;                 /* S_* */
    uint8_t unreachable;          /* [C] after a terminator / in dead code */
    uint32_t id;                  /* dense over a compilation, as ast_expr.id:
                                   * where the resolution keeps what it found
                                   * (the step's index, the loop an exit
                                   * leaves, what is called or emitted, a
                                   * payment's substitute) */
    struct ast_stmt *next;        /* the next statement in the block */
    union {
        struct {                  /* S_STEP */
            const char *number;   /* "2.5.3" */
            ast_loc number_loc;
            const char *title;    /* NULL when none */
            ast_cite *cites;      /* in order */
            uint8_t first_turn_only;
            ast_expr *optional_by;/* NULL unless `optional by P` */
            ast_expr *when;       /* NULL unless `when C` */
            ast_block body;
        } step;
        struct {                  /* S_LET */
            ast_sym *sym;         /* slot, type */
            ast_typeexpr *type;   /* NULL when typed by the value */
            ast_expr *value;
        } let;
        struct {                  /* S_ASSIGN */
            ast_expr *target;     /* E_NAME (var or local) or E_INDEX (IX_VAR, or
                                   * IX_LIST element of a list) */
            uint8_t op;           /* 0 for `=`, OP_ADD for `+=`, OP_SUB for `-=` */
            ast_expr *value;
        } assign;
        struct {                  /* S_IF */
            ast_expr *cond;
            ast_block then_b;
            struct ast_stmt *else_if;  /* `else if`: an S_IF, else NULL */
            ast_block else_b;          /* `else { }` (count 0 when absent) */
            uint8_t has_else;          /* an else block was written */
        } if_;
        struct {                  /* S_REPEAT */
            uint8_t kind;         /* REP_* */
            ast_expr *cond;       /* NULL for REP_PLAIN */
            ast_block body;
        } rep;
        struct {                  /* S_FOR */
            ast_sym *var;
            ast_iter *iter;
            ast_expr *by;         /* the first sort key (keys[0]), or NULL */
            uint8_t desc;         /* `desc` on the first key (default asc) */
            ast_expr *where;      /* or NULL */
            ast_block body;
            ast_expr **keys;      /* `by K1, K2 ...`: nkeys keys (0: no `by`) */
            uint32_t nkeys;
            uint32_t desc_mask;   /* bit k: key k is `desc` */
            uint8_t round;        /* ROUND_*: a `round` statement */
            uint8_t simultaneous; /* `simultaneously for p in ... { choose p
                                   * ... }`: every p chooses in secret, then
                                   * the choices are revealed and carried
                                   * out, in the loop's order */
        } for_;
        struct {                  /* S_EXIT */
            ast_expr *cond;       /* `exit when C`, else NULL */
        } exit;
        struct {                  /* S_TURN, S_ELIMINATE, S_END (winner), S_WINDOW */
            ast_expr *player;     /* S_END: NULL unless `winner P` */
            ast_block body;       /* S_TURN */
            ast_text label;       /* S_WINDOW: text NULL when none; S_END:
                                   * its reason (`because "TEXT"`) */
            uint8_t has_winner;   /* S_END */
            uint8_t is_limit;     /* S_END: `because limit "TEXT"`: a limit
                                   * the rules set, not a real end */
        } player;
        struct {                  /* S_CHOOSE */
            ast_expr *player;
            ast_text prompt;      /* text NULL when none */
            ast_option *options;
            uint32_t noptions;
            uint8_t secret;       /* `choose p secretly`: the choice is traced
                                   * for p alone */
        } choose;
        struct {                  /* S_SCOPE */
            ast_block body;
            ast_escape *escapes;
            uint32_t nescapes;
        } scope;
        struct {                  /* S_CALL, S_EMIT */
            const char *name;
            ast_loc name_loc;
            ast_expr **args;
            uint32_t nargs;
        } call;
        struct {                  /* S_LOG, S_SHOW */
            ast_text text;
            int goes_on;          /* S_SHOW: `put`, the line is not ended */
        } log;
        struct {                  /* S_ASSERT */
            ast_expr *cond;
            const char *message;  /* NULL when none */
            ast_loc message_loc;
        } assert_;
        struct {                  /* S_BATCH, S_PAY_ORDER */
            ast_block body;
        } batch;
        struct {                  /* S_ADD, S_REMOVE, S_REMOVE_AT, S_CLEAR, S_SHUFFLE */
            ast_expr *value;      /* element (add/remove) or position (remove at) */
            ast_expr *list;       /* E_NAME or E_INDEX (IX_VAR) of a list var */
        } list;
    } u;
    struct ast_payment *pay;      /* S_PAY: as ast_cost.pay */
} ast_stmt;

/* --------------------------------------------------------------- scenarios */

enum ast_item_kind {
    IT_SC_PLAYERS = 1,   /* players N: num */
    IT_SC_SEED,          /* seed N: num (64-bit) */
    IT_SC_SETUP,         /* setup { body } — a proc with nlocals */
    IT_SC_PLAY,          /* play [proc(args)]: no name = the whole sequence;
                          * the proc and the constant args are the
                          * resolution's, as for every item below */
    IT_SC_CHOOSE,        /* choose "a", "b": labels */
    IT_SC_EXPECT,        /* expect EXPR: expr (bool), nlocals for its aggregates;
                          * source = the expression's text */
    IT_SC_DECISION,      /* expect decision by P: expr; P's value */
    IT_SC_OFFERED,       /* expect offered "L": labels[0] */
    IT_SC_NOT_OFFERED,   /* expect not offered "L" */
    IT_SC_EVENT,         /* expect event E[(args)] [COUNT]: name, args (E_WILDCARD
                          * for _); has_args; count_mode, count; the event,
                          * the args' values and which are `_` */
    IT_SC_NO_EVENT,      /* expect no event E[(args)]: as IT_SC_EVENT */
    IT_SC_BEFORE,        /* expect event E before event F: name, name2 */
    IT_SC_STEP_RAN,      /* expect step N ran: number; the step */
    IT_SC_STEP_NOT_RAN,  /* expect step N not ran */
    IT_SC_OVER,          /* expect over [winner P] [because "TEXT"]: expr or NULL;
                          * reason or NULL; P's value */
    IT_SC_ROLL,          /* roll N, M ...: the next rolls' totals, rolls[0..nrolls) */
    IT_SC_SEES           /* expect P sees [not] offered "L" | P sees "L" chosen by Q:
                          * expr (P), chooser (Q) or NULL, labels[0]; sees
                          * (SC_SEES_*); P's and Q's values */
};

/* What a `sees` item asks of seat P's view: the pending decision's
 * options, or the last choice of a player as P's trace shows it. */
enum { SC_SEES_OFFERED, SC_SEES_NOT_OFFERED, SC_SEES_CHOSEN };

/* How an event item counts the matching events: `N times`, `at least N
 * times`, `at most N times` (none written: at least once). */
enum { SC_COUNT_EXACTLY = 1, SC_COUNT_AT_LEAST, SC_COUNT_AT_MOST };

typedef struct ast_item {
    ast_loc loc;
    uint8_t kind;                 /* IT_SC_* */
    uint32_t id;                  /* dense over a compilation, as ast_expr.id */
    int64_t num;                  /* players / seed */
    ast_block body;               /* setup */
    const char *name;             /* play/event: the name written */
    ast_loc name_loc;
    const char *name2;            /* before: the second event */
    ast_loc name2_loc;
    ast_expr **args;              /* play, event */
    uint32_t nargs;
    uint8_t has_args;             /* event: `(...)` written */
    uint8_t count_mode;           /* event: SC_COUNT_* (0: at least once) */
    int64_t count;                /* event: the N of `N times` */
    ast_loc count_loc;
    ast_expr *expr;               /* expect, decision, over winner, sees: its seat */
    ast_expr *chooser;            /* sees ... chosen by Q */
    uint8_t sees;                 /* sees: SC_SEES_* */
    const char *source;           /* expect: the expression as written */
    const char **labels;          /* choose/offered */
    ast_loc *label_locs;
    uint32_t nlabels;
    const char *number;           /* step ran/not ran */
    const char *reason;           /* over: `because "TEXT"`, or NULL */
    int32_t *rolls;               /* roll: the totals */
    uint32_t nrolls, caprolls;
    struct ast_item *next;
} ast_item;

/* ------------------------------------------------------------ declarations */

enum ast_decl_kind {
    D_ENUM = 1, D_CONST, D_VAR, D_EVENT, D_FN, D_PROC, D_SEQUENCE, D_SCENARIO,
    D_SUBSTITUTE  /* `substitute X[p] for R[p] "label"` (no name; TEO-D4) */
};

/* When a trigger runs relative to its event (doc/language.md, "Events and
 * triggers"). */
enum ast_timing { TIMING_IMMEDIATELY = 1, TIMING_AFTER, TIMING_BEFORE };

/* How an event's triggers of one timing are ordered: as written (declared
 * with `order printed`, ODIN-O1's printed order), one at a time as a
 * player chooses (`order chosen by P`, ODIN-O1's default), or as one
 * combined effect (`order combined`, TEO-S1b: they run as one batch). */
enum ast_order { ORDER_PRINTED = 1, ORDER_CHOSEN, ORDER_COMBINED };

/* Who sees a hidden var's cells (besides those they were revealed to):
 * `hidden`, its owner (the player of its first index); `hidden from all`,
 * nobody. The same numbers as the runtime's ORDO_HIDDEN_*. */
enum ast_secrecy { SECRET_OWNER = 1, SECRET_ALL = 2 };

/* How often a trigger may fire: `once per turn` (at most once between two
 * `turn` statements of the game, TEO-T1's first half), `once per action`
 * (at most once within one action: its counter is per-action state),
 * `once per chain` (a trigger or proc runs at most once for the same
 * arguments within one chain: from its outermost run's start to its end;
 * a repeat is skipped, so a cascade that could come back stops). */
enum ast_limit { LIMIT_TURN = 1, LIMIT_ACTION, LIMIT_CHAIN };

/* A field of a data table (`table Card from "cards.csv" { points: 0..5 }`):
 * a column, or with `index` one column per member of an enum
 * (`cost[Gem]: 0..7` reads the columns white, blue, ...). */
typedef struct ast_field {
    ast_loc loc;
    const char *name;
    const char *index;            /* the enum's name, or NULL */
    ast_loc index_loc;
    struct ast_typeexpr *type;
    uint32_t id;                  /* dense over a compilation, as ast_expr.id:
                                   * where the resolution keeps its index enum
                                   * and width */
    uint32_t data_offset;         /* lowering: where values start in the
                                   * program's data */
    int32_t *values;              /* the loading of the tables (tables.c)
                                   * fills it: [width * nrows], member-major
                                   * (values[m * nrows + row]); NULL: not read */
    struct ast_field *next;
} ast_field;

/* One way to pay a payment (compiler/resolve_pay.c builds them): k[i]
 * units from its i-th `or` source and the rest from the first, or one
 * unit of its substitute instead of all of it. */
#define AST_PAY_MAX_ALTS 3
typedef struct ast_way {
    const char *label;            /* "pay {} blue + 1 gold" (the param: what
                                   * the first source pays), "pay 2 gold" */
    uint8_t has_param;
    uint8_t sub;                  /* the substitute's way */
    int32_t k[AST_PAY_MAX_ALTS];
    int32_t ksum;
    struct ast_expr *guard;       /* offered when it holds */
} ast_way;

/* A payment's `or` sources, as parsed. Its ways (the resolution's
 * oc_payment) are built of ast_way. */
typedef struct ast_payment {
    struct ast_expr **alts;       /* `or B[p] or C[p]` */
    uint32_t nalts;
} ast_payment;

/* An up-front cost of an action: `cost AMOUNT from TARGET`. */
typedef struct ast_cost {
    ast_loc loc;
    ast_expr *amount;
    ast_expr *target;             /* a resource var, indexed */
    struct ast_cost *next;
    ast_payment *pay;             /* `or` sources, or NULL */
    uint32_t id;                  /* dense over a compilation, as ast_expr.id:
                                   * where the resolution keeps its ways */
} ast_cost;

enum ast_dim_kind { DIM_PLAYER = 1, DIM_ENUM, DIM_RANGE };

/* A var's index as written; the enum it names and a range's values are
 * the resolution's, by id. */
typedef struct ast_dim {
    ast_loc loc;
    uint8_t kind;                 /* DIM_PLAYER, DIM_RANGE, or DIM_ENUM with name */
    uint32_t id;                  /* dense over a compilation, as ast_expr.id,
                                   * from 1 (0: none; a copy shares its
                                   * original's) */
    const char *name;             /* DIM_ENUM */
    ast_expr *lo_e, *hi_e;        /* DIM_RANGE bounds as written */
} ast_dim;

typedef struct ast_decl {
    ast_loc loc;
    uint8_t kind;                 /* D_* */
    uint8_t builtin;              /* a built-in var (active, turns, in_game) */
    uint32_t id;                  /* dense over a compilation, as ast_expr.id
                                   * (resolution numbers those it makes) */
    const char *name;             /* NULL for sequence/scenario */
    ast_loc name_loc;
    struct ast_decl *next;        /* the next declaration in the file */

    /* D_ENUM */
    ast_sym **members;
    uint32_t nmembers;

    /* D_CONST (value), D_VAR (init) */
    ast_expr *value;              /* const value / var initializer, may be NULL */

    /* D_VAR */
    ast_dim dims[2];
    uint32_t ndims;
    ast_typeexpr *type;           /* var type; fn result type */

    /* D_EVENT, D_FN, D_PROC */
    ast_sym **params;             /* SYM_LOCAL, LOCAL_PARAM, slots 0..n-1 */
    ast_typeexpr **param_types;
    uint32_t nparams;
    ast_expr *body_expr;          /* D_FN */
    ast_block body;               /* D_PROC, D_SEQUENCE */

    /* D_SCENARIO (cites also for triggers) */
    const char *title;
    ast_cite *cites;
    ast_item *items;              /* linked by next */
    uint32_t nitems;

    /* D_PROC that is a trigger (timing != 0) or an anytime action */
    uint8_t timing;               /* TIMING_*, 0 for a plain proc */
    uint8_t anytime;              /* `anytime NAME(p: player) "label"` */
    const char *event_name;       /* trigger: `on EVENT` */
    ast_loc event_loc;
    ast_expr *guard;              /* trigger/anytime `when`, or NULL */
    uint8_t limit;                /* trigger: LIMIT_*, 0 for none; a proc:
                                   * LIMIT_CHAIN or 0 */
    ast_loc limit_loc;
    /* fn/proc/trigger/anytime/action: `depth N`, a stated bound on how many
     * of its runs may be nested at once (what lets it recurse) */
    ast_expr *depth_expr;
    /* fn/proc/trigger: `decreasing PARAM`, a bound by a measure: a run
     * begun within another run of the same unit needs a smaller PARAM */
    const char *measure_name;
    ast_loc measure_loc;
    ast_text label;               /* anytime: the option's label; trigger: how
                                   * a chosen order names it (text NULL: none) */

    /* D_EVENT: how its simultaneous triggers are ordered */
    uint8_t order;                /* ORDER_*: 0 = not declared (source order) */
    ast_expr *order_by;           /* ORDER_CHOSEN: the player who chooses */

    uint8_t emitted;              /* [C] some `emit` names it */

    /* D_VAR */
    uint8_t secrecy;              /* SECRET_*: who sees its cells (0: all) */
    uint8_t kept;                 /* `kept`: an undone action leaves it as
                                   * it is (what stays spent: CWC-3.0.15) */
    uint8_t per_action;           /* `per action`: saved, reset and restored
                                   * around every action */
    uint8_t resource;             /* declared with `resource`: payable, and
                                   * received at the end of a batch */

    /* D_PROC that is an action: `action NAME(p: player, ...) "label"
     * [when C] [cost N from X]... { }` */
    uint8_t is_action;
    uint8_t revisable;            /* `revisable`: after it ends, `revise` may
                                   * take it back until another action begins
                                   * (CWC-3.0.7) */
    uint8_t tentative;            /* `tentative`: a `pay` its own body cannot
                                   * make undoes it (it was offered when its
                                   * `when` and costs held) */
    ast_cost *costs;              /* in order */
    uint8_t costs_any_order;      /* `costs in any order`: the payer picks
                                   * which cost is paid next */
    ast_loc costs_order_loc;

    /* D_FN / D_PROC declared with `override`: replaces the fn or proc of
     * its name when its `when` holds (ODIN-P1); which one, and the list
     * of a base's overrides, are the resolution's (oc_overrides). */
    uint8_t is_override;

    /* D_ENUM that is a data table: `table NAME from "FILE.csv" [named
     * "TEMPLATE"] { fields }`. Its rows are its members (values 0..n-1, and
     * `none` = -1), named by the template with {column} placeholders
     * (default "NAME 1", "NAME 2", ...); the member symbols are not global
     * names. */
    uint8_t is_table;
    const char *table_path;       /* as written */
    ast_loc table_path_loc;
    const char *table_named;      /* the template, or NULL */
    ast_loc table_named_loc;
    ast_field *fields;

    /* Layers: the ruleset a decl comes from (0 = the deepest `extends`d
     * base, counting up to the file compiled). D_CONST with is_override:
     * `override const NAME = VALUE` replaces a base's setting. */
    uint8_t layer;                /* (resolution sets an overridden constant's
                                   * value to its top override's) */

    /* [C] analysis */
    uint8_t reachable;            /* proc: called from the sequence/scenarios */
    uint8_t has_state_write;      /* fn/proc: writes state (directly or not) */
    uint32_t mark;                /* scratch for resolve/check (never read by lower) */

    /* D_SUBSTITUTE: `substitute SUB[p] for RES[p] "label"`: at a payment
     * from RES, one unit of SUB may be paid instead (label: the option).
     * The pattern's names stand for the payment's indexes. */
    ast_expr *sub_var, *sub_for;  /* the two patterns as written (what they
                                   * name is the resolution's) */
    /* A D_PROC that is a display (`display "TITLE" { ... }`, its title in
     * `title`), or a D_FN that resolution made of a policy's `by`/`when`:
     * both run on a suspended game, never called by the rules. */
    uint8_t display;
    uint8_t invariant;            /* `invariant "TITLE" = EXPR`: a bool fn that
                                   * must hold in every reachable state */
    const char *source;           /* invariant, check: its expression as written */
    uint8_t data_check;           /* `check "TITLE" [for ROW in TABLE] = EXPR`: a
                                   * bool fn the compiler runs on the data */
    uint8_t policy_fn;
} ast_decl;

/* A policy's line `prefer NAME [by INT] [when BOOL]`: options called NAME
 * rank by this line's place, then by `by` (higher first); `avoid NAME ...`
 * the same, below every option no line names. */
typedef struct ast_prefer {
    ast_loc loc;
    const char *name;
    ast_loc name_loc;
    ast_expr *by, *when;          /* may be NULL */
    struct ast_prefer *next;
    uint32_t id;                  /* as ast_option.id */
    uint8_t avoid;                /* `avoid`, not `prefer` */
} ast_prefer;

/* `policy NAME "label" { prefer ... ties random|first }` */
typedef struct ast_policy {
    ast_loc loc;
    const char *name;
    ast_loc name_loc;
    const char *label;            /* NULL when none */
    ast_prefer *prefers, *last_prefer;
    uint32_t nprefers;
    uint8_t ties_random;
    struct ast_policy *next;
} ast_policy;

/* -------------------------------------------------------------------- file */

/* What ties the rules to a seat, listed for `symmetric players`, which
 * claims there is none (the scenarios' are left out). */
enum {
    SEAT_PLAYER = 1,  /* `player N`: n = N */
    SEAT_START,       /* `start player` */
    SEAT_ROTATE,      /* `rotate start player` */
    SEAT_CHOOSE,      /* a `choose` (none of the others: no seat named) */
    SEAT_LOOP_CHOOSE, /* a `choose` in a loop over the players in seat
                       * order: n = the loop's line */
    SEAT_LATER_CHOOSE /* a `choose` an answer of a simultaneous group leads
                       * to, taken as they are carried out in seat order:
                       * n = the group's line */
};
typedef struct ast_seat_ref {
    uint8_t kind;     /* SEAT_* */
    ast_loc loc;
    uint32_t off;     /* byte offset in its file */
    int64_t n;
} ast_seat_ref;

typedef struct ast_file {
    const char *path;
    const char *title;            /* ruleset "..." */
    ast_loc title_loc;
    const char *source;           /* source "..." or NULL */
    int32_t min_players, max_players; /* players A[..B] */
    ast_loc players_loc;
    const char *extends;          /* `extends "FILE"`: the base ruleset's path */
    ast_loc extends_loc;
    uint8_t nlayers;              /* 1 + the rulesets extended (decl->layer < it) */
    uint32_t nexprs, nstmts, niters, ntexts, nitems, ntypes, nchoices, ndims,
        nfields, ndecls, ncosts;  /* the expression, statement, iterable,
                                   * text, scenario item, type expression,
                                   * option/escape/prefer, index, table field,
                                   * declaration and cost ids given so far:
                                   * this file's, and the files' before it */
    ast_decl *decls;              /* in source order, linked by next */
    ast_decl *last_decl;

    uint8_t has_batches;           /* a `batch` or an `order combined` event */
    uint8_t symmetric;             /* `symmetric players` */
    ast_loc symmetric_loc;
    ast_seat_ref **seat_refs;      /* in source order */
    uint32_t nseat_refs;
    ast_policy *policies, *last_policy; /* in source order */
    uint32_t npolicies;
} ast_file;

/* --------------------------------------------------------------- the API */

/* Parses `len` bytes of `src` into a tree in `arena`; syntax errors go to d.
 * Returns the file (possibly partial) or NULL when nothing could be built.
 * Reentrant: no state outside its arguments. (dsl/parser.y) */
ast_file *ast_parse(oc_arena *arena, diag *d, const char *src, size_t len);
/* The same for a text registered in d as file number `file` (a base
 * ruleset read for `extends`): its positions carry that number, and its
 * expressions' and statements' ids go on from those of `before`, the file
 * parsed before it (NULL: from 0). */
ast_file *ast_parse_file(oc_arena *arena, diag *d, uint32_t file, const ast_file *before,
                         const char *src, size_t len);

/* Helpers (dsl/ast.c). */
const char *ast_type_name(const ast_type *t, char *buf, size_t n);
int ast_type_same(const ast_type *a, const ast_type *b); /* ignoring ranges */
/* How many values a value of type t can take (players: none too), its
 * lowest in *lo; 0 for a type without a small domain (a plain int). */
uint64_t ast_type_domain(const ast_type *t, int32_t max_players, int32_t *lo);
const char *ast_op_text(int op);
const char *ast_stmt_kind_name(int kind);

/* Calls fn on each block directly inside s (a step's body, both arms of
 * an if, each option, each escape, ...), in source order. */
void ast_each_block(ast_stmt *s, void (*fn)(ast_block *b, void *arg), void *arg);
/* Calls fn on every statement of b and of the blocks inside them, in
 * order. */
void ast_each_stmt(ast_block *b, void (*fn)(ast_stmt *s, void *arg), void *arg);

#endif /* OC_AST_H */

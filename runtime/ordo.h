/* ordo.h — the one public header of the ordo runtime.
 *
 * A compiled ruleset is an ordo_program: plain const tables (code, steps,
 * variables, options, ...) written either by the compiler in memory or by
 * `ordoc` as C source. A game is one flat, fixed-size block created from a
 * program and a seed; the host drives it: ordo_run() until a decision is
 * needed, read the options, ordo_choose(), ordo_run() again. No allocation
 * happens after a game is created, and the library keeps no global state.
 *
 * Part 1 is the API a host uses. Part 2 is the table layout: hosts treat
 * ordo_program as opaque; the compiler and the C emitter fill it in.
 */
#ifndef ORDO_H
#define ORDO_H

#include <stddef.h>
#include <stdint.h>

#define ORDO_VERSION "0.1.0"
#define ORDO_PROGRAM_MAGIC 0x4f52444fu /* "ORDO" */
#define ORDO_PROGRAM_VERSION 11u

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- Part 1 */

typedef struct ordo_program ordo_program;
typedef struct ordo_game ordo_game;
/* An emitted program's compiled code (ordo_program.native): the run of
 * game g in mode (main, setup, fn) down to frame base. */
typedef int (*ordo_native_fn)(ordo_game *g, int mode, uint32_t base, int32_t *result);

/* Results. Non-negative values are statuses; negative values are errors. */
enum {
    ORDO_OK = 0,
    ORDO_DECIDE = 1,      /* ordo_run stopped: a player must choose */
    ORDO_OVER = 2,        /* the game is over */
    ORDO_E_ARG = -1,      /* a bad argument from the host; nothing changed */
    ORDO_E_PROGRAM = -2,  /* the program's tables are inconsistent */
    ORDO_E_STATE = -3,    /* the call does not fit the game's status */
    ORDO_E_RANGE = -4,    /* a value left its declared range */
    ORDO_E_INDEX = -5,    /* an index out of bounds */
    ORDO_E_DIVZERO = -6,  /* division or modulo by zero */
    ORDO_E_LIMIT = -7,    /* the execution step limit was reached */
    ORDO_E_STACK = -8,    /* value, call or escape stack exhausted */
    ORDO_E_NOOPTION = -9, /* a decision with no legal option */
    ORDO_E_LIST = -10,    /* list full, empty, or value not in it (or not in
                             a set removed from) */
    ORDO_E_ASSERT = -11,  /* an `assert` in the ruleset failed */
    ORDO_E_OPCODE = -12,  /* an unknown instruction */
    ORDO_E_DENIED = -13,  /* an action whose precondition fails, or a payment
                             of more than is held */
    ORDO_E_BOUND = -14    /* more nested runs of a proc than its stated
                             `depth` allows */
};
/* The lowest error code (a saved game's status is checked against it). */
#define ORDO_E_LAST ORDO_E_BOUND

/* Bytes a game of this program needs (0 if the program is invalid). */
size_t ordo_game_size(const ordo_program *p);

/* Checks a program's tables; 0 if consistent, else ORDO_E_PROGRAM with a
 * one-line reason in msg. ordo_game_size, ordo_new, ordo_init and
 * ordo_restore call it; ordo_reset does not (its game's program was
 * validated when the game was made). */
int ordo_validate(const ordo_program *p, char *msg, size_t msgsize);

/* Creates a game in caller memory of at least ordo_game_size(p) bytes,
 * aligned to 8 bytes (else ORDO_E_ARG). nplayers must be within the
 * program's range. Returns ORDO_OK or an error. */
int ordo_init(void *mem, size_t memsize, const ordo_program *p, int nplayers,
              uint64_t seed, ordo_game **out);
/* Same, with one malloc (ORDO_E_STACK when it fails); ordo_free releases it. */
int ordo_new(const ordo_program *p, int nplayers, uint64_t seed, ordo_game **out);
/* Restarts game g, of the program it already plays, with nplayers and
 * seed: afterwards g is byte for byte what ordo_init of that program,
 * nplayers and seed makes (trace callback and step limit cleared too).
 * The program is not validated again: a host that plays many games
 * validates once (ordo_init/ordo_new of the first) and resets after. A
 * NULL g or nplayers out of the program's range is ORDO_E_ARG and
 * changes nothing. */
int ordo_reset(ordo_game *g, int nplayers, uint64_t seed);
void ordo_free(ordo_game *g);

/* Copying a game is one memcpy of ordo_size(g) bytes; these do exactly that. */
size_t ordo_size(const ordo_game *g);
void ordo_copy(ordo_game *dst, const ordo_game *src);

/* Puts a new seed in g's generator, the one behind its rolls and
 * shuffles; nothing else changes. A search playing on a copy reseeds it
 * so that the copy's dice are its own draws, not the game's future ones
 * (the generator is part of a position: ordo_copy copies it). NULL g:
 * ORDO_E_ARG. */
int ordo_reseed(ordo_game *g, uint64_t seed);

/* Runs until a decision (ORDO_DECIDE), the end (ORDO_OVER) or an error. */
int ordo_run(ordo_game *g);
/* Starts at procedure `proc` (by index) with args instead of the sequence;
 * used by scenarios. Only before the first ordo_run. */
int ordo_start(ordo_game *g, int proc, const int32_t *args, int nargs);
/* Runs procedure `proc` to its end right now (scenario setup code: it may
 * change state but must not decide). Only before the first ordo_run. */
int ordo_exec(ordo_game *g, int proc, const int32_t *args, int nargs);
/* Evaluates fn `proc` on the current state without changing it: when it
 * returns ORDO_OK the game block is byte for byte as it was. A proc that is
 * not a fn (it returns no value) is refused with ORDO_E_ARG before it
 * runs. An error inside the fn (a bad index, say) stops the game like any
 * runtime error. */
int ordo_eval(ordo_game *g, int proc, const int32_t *args, int nargs, int32_t *result);

int ordo_status(const ordo_game *g);        /* last status or error code */
int ordo_decider(const ordo_game *g);       /* player index, 0-based; -1 if none */
int ordo_option_count(const ordo_game *g);
/* The readable label of option i ("move stack 3", "concede"). Returns the
 * length it needs (like snprintf), or ORDO_E_ARG. */
int ordo_option_label(const ordo_game *g, int i, char *buf, size_t n);
/* The pending decision's prompt, as the ruleset writes it (`choose p
 * "your sealed bid?"`, its {names} filled in): its length, like
 * ordo_option_label (0, and "", when the choose gives none);
 * ORDO_E_STATE when no decision is pending. */
int ordo_prompt(const ordo_game *g, char *buf, size_t n);
/* Takes option i of the current decision. A bad i returns ORDO_E_ARG and
 * changes nothing; call ordo_run to go on. */
int ordo_choose(ordo_game *g, int i);
/* The index of the option whose label is `label`, or -1. */
int ordo_find_option(const ordo_game *g, const char *label);
/* What option i of the pending decision is, apart from its label: its
 * index in the program's options, or noptions + its index in escapes for
 * an escape; *param (may be NULL) gets its param's value (0 when it has
 * none). A host numbers actions the same in every state with it (the
 * Python binding's action ids). ORDO_E_ARG for a bad i or no decision. */
int ordo_option_id(const ordo_game *g, int i, int32_t *param);

/* 1 when the pending decision is one of a simultaneous group (`simultaneously
 * for p ...`): the runtime asks its players one after another, none seeing
 * another's choice, and nothing is carried out before all have chosen, so
 * the order of asking changes nothing (the host kit's play_group_* take the
 * answers in any order). */
int ordo_simultaneous(const ordo_game *g);
int ordo_player_count(const ordo_game *g);
int ordo_winner(const ordo_game *g);        /* player index, or -1 */
/* Why a game that is over ended (`end game ... because [limit] "TEXT"`):
 * the text, or NULL when the rules gave none (or it is not over); with
 * *is_limit (may be NULL) 1 for a limit the rules set, not a real end. */
const char *ordo_end_reason(const ordo_game *g, int *is_limit);

/* Variables, by index in program->vars (ordo_find_var finds one by name). */
int ordo_find_var(const ordo_program *p, const char *name);
/* Reads element (i, j) of var v (unused indexes 0; players 0-based, enums
 * by member index, ranges A..B by value). For a list var, reads its length
 * when elem < 0, else element elem (0-based); a set var reads as the list
 * of its members in ascending order. ordo_set writes the same cells; on a
 * set var, elem 1 puts member `value` in, elem 0 takes it out, and elem -1
 * with value 0 empties the set. */
int ordo_get(const ordo_game *g, int v, int i, int j, int elem, int32_t *out);
int ordo_set(ordo_game *g, int v, int i, int j, int elem, int32_t value);

/* ---- what a seat sees
 * A `hidden` var's cells are seen by their owner (the player of the first
 * index) and by the players they were revealed to; one `hidden from all`
 * only by those (a shuffled deck: nobody). A list's length is public.
 * seat: a player index, ORDO_OMNISCIENT (sees everything) or
 * ORDO_SPECTATOR (what all players see). */
#define ORDO_OMNISCIENT (-1)
#define ORDO_SPECTATOR (-2) /* sees only what every player sees */
/* 1 if seat sees cell (i, j) of var v, 0 if not; ORDO_E_ARG for a bad
 * index, seat or var. */
int ordo_visible(const ordo_game *g, int seat, int v, int i, int j);
/* dst = src as seat sees it: a copy (dst must be a block of the same
 * program and player count, as for ordo_copy) whose cells seat does not
 * see hold the var's initial value (list elements: its lowest value; the
 * length stays; a set is empty), and a simultaneous group's picks of
 * other seats, before their reveal, read as none (ordo_simultaneous:
 * playing on neither reveals nor carries them out). dst keeps its own
 * trace and chance callbacks (those of src are not copied). dst may be
 * src: the game is then masked in place, and what seat does not see is
 * lost from it. A view is for reading and showing, not for playing on.
 * ORDO_E_ARG for a bad seat. */
int ordo_view(ordo_game *dst, const ordo_game *src, int seat);
/* Writes a value the way labels do ("player 2", "ogre", "7"). */
int ordo_format_value(const ordo_program *p, int kind, int enum_id, int32_t v,
                      char *buf, size_t n);

/* The execution step limit (VM instructions per game; 0 = default). It is
 * checked at backward jumps, calls and decisions, so a run stops within a
 * few instructions past it. */
void ordo_set_max_steps(ordo_game *g, uint64_t max_steps);
uint64_t ordo_steps(const ordo_game *g);

/* The last error, as one line: "step limit reached: 100 VM instructions
 * executed at step 2.5.4 "loop" (titan.ordo:120)". */
int ordo_error_message(const ordo_game *g, char *buf, size_t n);
const char *ordo_strerror(int code);
/* Where g is in its ruleset: the step running (index, -1 if none) and the
 * source line of the instruction (0 if unknown, then the step's line);
 * after an error, where the error happened. */
int ordo_where(const ordo_game *g, int32_t *step, uint32_t *line);
/* The file instruction pc of p came from: a layer's base for a line of the
 * base, else p->file (NULL when p has none, or p is NULL). */
const char *ordo_file_at(const ordo_program *p, uint32_t pc);

/* ---- trace: every event, as it happens */
enum {
    ORDO_EV_STEP = 1,   /* a step began; id = step */
    ORDO_EV_SKIP,       /* a step was skipped (first turn only, when, optional); id = step */
    ORDO_EV_EVENT,      /* an `emit`; id = event decl, args */
    ORDO_EV_CHOICE,     /* a decision was taken; id = option, player, args[0] = param */
    ORDO_EV_ESCAPE,     /* an escape was taken; id = escape, player */
    ORDO_EV_ROLL,       /* dice; args = {count, sides, result} */
    ORDO_EV_TURN,       /* a turn began; player */
    ORDO_EV_ELIMINATE,  /* a player left the game; player */
    ORDO_EV_LOG,        /* a `log`; id = string, args = the values of its {names} */
    ORDO_EV_END,        /* the game is over; player = winner or -1 */
    ORDO_EV_TRIGGER,    /* a trigger fires; id = its proc, args[0] = timing
                         * (1 immediately, 2 after, 3 before) */
    ORDO_EV_WINDOW,     /* a window opens; player, id = text of its label */
    ORDO_EV_WINDOW_END, /* the window closes (its player passed) */
    ORDO_EV_ACTION,     /* an action begins; id = its event, player = who
                           takes it, args = its arguments */
    ORDO_EV_ACTION_END, /* the action is over (after its after-triggers); id */
    ORDO_EV_PAY,        /* a payment; id = the var, player = its player index
                           if it has one, args = {amount, index, index} */
    ORDO_EV_BATCH,      /* a batch begins: what is received waits for its end */
    ORDO_EV_BATCH_END,  /* the batch ends; args = {gains applied, events
                           waiting} */
    ORDO_EV_OVERRIDE,   /* an override replaces a proc; id = the override */
    ORDO_EV_REVEAL,     /* a hidden var's cell was revealed (args[nd] = the
                         * player it was shown to, -1: everyone) or hidden
                         * again (args[nd] = -2); id = the var, args = its
                         * indexes */
    ORDO_EV_CHOSEN,     /* a choice taken in a simultaneous decision (traced
                         * then for its decider alone), revealed as all are
                         * carried out: as ORDO_EV_CHOICE */
    ORDO_EV_UNDO,       /* an action is undone (an escape out of it, or
                         * `undo`): the state is as at its start; id = its
                         * event, player = who took it */
    ORDO_EV_KIND_COUNT
};

#define ORDO_EVENT_MAX_ARGS 8

typedef struct ordo_event {
    uint32_t seq;      /* 1, 2, 3 ... within a game */
    uint8_t kind;      /* ORDO_EV_* */
    int8_t player;     /* 0-based, -1 if none */
    int16_t step;      /* the innermost running step, -1 if none */
    uint16_t id;       /* meaning depends on kind */
    uint8_t nargs;
    int8_t seen_by;    /* -1: every seat sees it whole; else the one seat that
                        * does (ORDO_NOBODY: none), the others seeing it with
                        * the parts in `hide` masked */
    uint8_t hide;      /* bit k: args[k]; ORDO_HIDE_DETAIL: the option of a
                        * secret choice */
    int32_t args[ORDO_EVENT_MAX_ARGS];
} ordo_event;
#define ORDO_NOBODY (-2)
#define ORDO_HIDE_DETAIL 0x80

typedef void (*ordo_trace_fn)(void *ctx, const ordo_game *g, const ordo_event *ev);
void ordo_set_trace(ordo_game *g, ordo_trace_fn fn, void *ctx);

/* Chance from the host: with a chance callback set, every `roll` asks it
 * for its total (dice..dice*sides) before drawing from the game's
 * generator; it returns -1 to let the generator draw. A search expands a
 * roll's every outcome this way, and a scenario's `dice` forces the next
 * rolls. A total out of range stops the game with ORDO_E_RANGE. The
 * callback is not part of a position, a copy keeps it, a save drops it. */
typedef int32_t (*ordo_chance_fn)(void *ctx, const ordo_game *g, int dice, int sides);
void ordo_set_chance(ordo_game *g, ordo_chance_fn fn, void *ctx);
/* With on (and a chance callback set), a `shuffle` asks it too, once for
 * each of its draws: dice ORDO_CHANCE_DRAW and sides k, for the position
 * (0..k-1) of the element the k-th slot from the end takes (Fisher-Yates,
 * as the generator would draw it); -1 lets the generator draw; a position
 * out of range stops the game with ORDO_E_RANGE. So a host that expands
 * chance (OpenSpiel's chance nodes) sees a deal as draws of equal odds.
 * Off by default, for the callbacks that expect rolls only. */
#define ORDO_CHANCE_DRAW (-1)
void ordo_set_chance_draws(ordo_game *g, int on);

/* One line (without newline) describing ev: people's text or a JSON object.
 * Returns the length needed, like snprintf. */
int ordo_event_text(const ordo_game *g, const ordo_event *ev, char *buf, size_t n);
int ordo_event_json(const ordo_game *g, const ordo_event *ev, char *buf, size_t n);
/* The same as seat sees it: what the event hides from seat is "?". */
int ordo_event_text_as(const ordo_game *g, const ordo_event *ev, int seat, char *buf,
                       size_t n);
int ordo_event_json_as(const ordo_game *g, const ordo_event *ev, int seat, char *buf,
                       size_t n);

/* ---- positions: two games in the same position play on alike
 * A position is what decides the rest of a game: the state, the point in
 * the rules (stacks, frames, the pending decision, escapes, held-back
 * effects) and the generator; not the counters (instructions run, events
 * traced) nor the trace callback. Explorers and search algorithms use
 * these to recognise a position reached twice. */
/* A 64-bit hash of g's position (0 for NULL). */
uint64_t ordo_position_hash(const ordo_game *g);
/* 1 when a and b (games of one program) are in the same position. */
int ordo_same_position(const ordo_game *a, const ordo_game *b);

/* ---- saving and restoring a game
 * A save is the game block with a versioned header, the program's
 * fingerprint and a checksum; a restored game goes on byte for byte as the
 * saved one would have. It goes back to the program that made it, on the
 * same kind of machine (byte order, pointer size). */
/* The bytes a save of g takes (0 for NULL). */
size_t ordo_save_size(const ordo_game *g);
/* Writes the save of g into buf (n >= ordo_save_size(g)); ORDO_OK, or
 * ORDO_E_ARG. g is not changed. */
int ordo_save(const ordo_game *g, void *buf, size_t n);
/* The fingerprint a save carries: FNV-1a over what makes a block of p
 * mean what it means (the code, the state's layout and ranges, the procs'
 * frames, the option and escape targets, the table sizes, the data
 * tables' values; not the names and texts). Two programs with the same
 * one run each other's games; a shared object of emitted C is refused
 * unless its program has the fresh one's (ordo sim --native). */
uint64_t ordo_program_fingerprint(const ordo_program *p);
/* Creates in mem (8-byte aligned, at least ordo_game_size(p) bytes) the
 * game saved in save[0..n). A save of another program, version or kind
 * of machine, a truncated or damaged one, or one whose block is not a game
 * this program could reach (registers, frames, options, escapes, values
 * out of range) is refused with ORDO_E_PROGRAM and a one-line reason in
 * msg; mem then holds no game (it may have been zeroed). The trace
 * callback is not saved: set it again. */
int ordo_restore(void *mem, size_t memsize, const ordo_program *p, const void *save, size_t n,
                 ordo_game **out, char *msg, size_t msgsize);

/* ---- policies shared by every host (so all hosts replay alike) */
/* A small generator for policies, separate from the game's own. */
uint32_t ordo_rng_next(uint64_t *state);
/* Uniform in 0..n-1 without bias. */
uint32_t ordo_rng_below(uint64_t *state, uint32_t n);
int ordo_policy_first(const ordo_game *g);
int ordo_policy_random(const ordo_game *g, uint64_t *rng);

/* ---- policies a ruleset declares (`policy NAME "label" { prefer ... }`) */
int ordo_policy_count(const ordo_program *p);
const char *ordo_policy_name(const ordo_program *p, int policy);   /* NULL if out of range */
const char *ordo_policy_label(const ordo_program *p, int policy);  /* "" if none */
/* The index of the policy called `name`, or -1. */
int ordo_find_policy(const ordo_program *p, const char *name);
/* The option the ruleset's policy takes at g's pending decision: the
 * offered options ranked by its `prefer` lines (doc/language.md,
 * "Policies"); among equals the first offered, or with `ties random` one
 * drawn with ordo_rng_below(rng, ties). Its `by`/`when` expressions are
 * evaluated on the game, which is left byte for byte as it was, even when
 * one fails (then their error code is returned). ORDO_E_STATE when no
 * decision is pending; ORDO_E_ARG for a bad policy index. No allocation. */
int ordo_policy_ruleset(const ordo_game *g, int policy, uint64_t *rng);

/* ---- invariants (`invariant "TEXT" = EXPR`): what must hold in every
 * state. ordo_broken_invariant evaluates them in source order on g (left
 * byte for byte as it was) and returns the first that does not hold, -1
 * when all do, or the error code of one that cannot be evaluated. */
typedef struct ordo_invariant ordo_invariant; /* below, with the tables */
int ordo_invariant_count(const ordo_program *p);
const ordo_invariant *ordo_invariant_at(const ordo_program *p, int k); /* NULL if out of range */
int ordo_broken_invariant(ordo_game *g);

/* ---- displays: what a player needs to see (`display "TITLE" { show ... }`) */
int ordo_display_count(const ordo_program *p);
const char *ordo_display_title(const ordo_program *p, int k);      /* NULL if out of range */
typedef void (*ordo_show_fn)(void *ctx, const char *text);
/* Runs display k (or every display in source order when k is -1) on g's
 * current state, calling `line` with each `show` text (formatted like a
 * `log`, cut at 511 bytes). The game is left byte for byte as it was, even
 * when a display fails (its error code is returned). No allocation. */
int ordo_display(ordo_game *g, int k, ordo_show_fn line, void *ctx);

/* ---------------------------------------------------------------- Part 2 */
/* Program tables. Written by the compiler; read by the runtime. */

typedef struct ordo_insn {
    uint8_t op;   /* an ORDO_OP_* from opcode_list.h */
    uint8_t x;    /* small operand (width, count, flags) */
    uint16_t a;   /* index operand (var, local, proc, step, option, ...) */
    int32_t b;    /* wide operand (constant, jump target pc, offset) */
} ordo_insn;

/* Value kinds, for printing and for var layout. */
enum {
    ORDO_K_INT = 0,
    ORDO_K_BOOL = 1,
    ORDO_K_PLAYER = 2,
    ORDO_K_ENUM = 3
};

/* Who sees a hidden var's cells, besides those it was revealed to. */
enum { ORDO_HIDDEN_OWNER = 1, ORDO_HIDDEN_ALL = 2 };

/* Index kinds of a var dimension. */
enum {
    ORDO_DIM_PLAYER = 1, /* extent = program max_players; index 0-based player */
    ORDO_DIM_ENUM = 2,   /* extent = member count; index = member */
    ORDO_DIM_RANGE = 3   /* extent = hi-lo+1; index value lo..hi */
};

/* The 64-bit words of a set over n members (a var's cell holds them). */
#define ORDO_SET_WORDS(n) (((uint32_t)(n) + 63u) / 64u)
/* The most members a set's domain may have. */
#define ORDO_SET_MAX 1024u

typedef struct ordo_var {
    const char *name;
    uint32_t offset;   /* byte offset of cell 0 in the state area */
    uint32_t stride;   /* bytes per cell */
    uint8_t kind;      /* ORDO_K_* of the scalar or list element */
    uint8_t width;     /* bytes per scalar: 1, 2 or 4 (signed storage) */
    uint8_t ndims;     /* 0, 1 or 2 */
    uint8_t is_list;   /* cell = int16 length + cap elements of `width` */
    uint8_t is_set;    /* cell = ORDO_SET_WORDS(cap) uint64 words, bit k of the
                        * words (little-end first) = member lo + k is in */
    uint8_t kept;      /* `kept`: an undone action leaves it as it is */
    uint8_t hidden;    /* ORDO_HIDDEN_*: who sees its cells (0: everyone) */
    uint16_t shown;    /* hidden: 1 + the var (a list of players, same
                        * indexes) of whom each cell was revealed to */
    uint16_t cap;      /* list capacity; a set's domain size (hi - lo + 1) */
    uint16_t enum_id;  /* for ORDO_K_ENUM: index in enums */
    uint8_t dim_kind[2];
    uint16_t dim_enum[2];  /* for ORDO_DIM_ENUM */
    int32_t dim_lo[2];     /* for ORDO_DIM_RANGE (0 otherwise) */
    uint16_t dim_n[2];     /* extent of each dimension */
    int32_t lo, hi;        /* allowed values of a scalar/element */
    int32_t init;          /* initial value of every scalar cell */
    uint32_t line;         /* declaration line */
} ordo_var;

typedef struct ordo_enum {
    const char *name;
    uint16_t first;    /* its members are names[first .. first+count) */
    uint16_t count;
} ordo_enum;

typedef struct ordo_step {
    const char *number;  /* "2.5.6.4.1.2" */
    const char *title;   /* "" if none */
    const char *rule;    /* cited IDs, space-separated, inherited from the
                          * nearest enclosing step that cites; "" if none */
    int16_t parent;      /* enclosing step (static), -1 if none */
    uint32_t line;
} ordo_step;

typedef struct ordo_proc {
    const char *name;    /* "sequence" for the main sequence; "setup#2",
                          * "expect#5" for scenario code */
    uint32_t pc;
    uint16_t nparams;
    uint16_t nlocals;    /* params included */
    uint8_t param_kind[8];
    uint16_t param_enum[8];
    uint8_t returns;     /* 1 for fn (leaves one value) */
    uint32_t line;
    uint16_t act_save;   /* an action: 1 + the first local of the copy of
                          * the per-action block its start saved; 0 if not */
    uint16_t guard;      /* an action: 1 + the fn of its precondition and
                          * costs ("can A", same params); 0 if none */
    uint16_t room;       /* the slots a frame of it can use: its locals and
                          * its deepest operand stack, and one (what a run
                          * leaves above the stack's top reaches no further) */
} ordo_proc;

typedef struct ordo_option {
    const char *label;    /* template: "{}" stands for the param's text */
    uint32_t target;      /* pc of its body (which first pops the param) */
    uint8_t param_kind;   /* ORDO_K_*, or 0xff when there is no param */
    uint16_t param_enum;
    int16_t step;         /* step it belongs to */
    uint32_t line;
    uint16_t name;        /* 1 + its name's index in option_names; 0: unnamed */
} ordo_option;

typedef struct ordo_escape {
    const char *label;
    uint32_t handler;     /* pc of the escape block */
    int16_t step;
    uint32_t line;
} ordo_escape;

typedef struct ordo_event_decl {
    const char *name;
    uint8_t nparams;
    uint8_t param_kind[ORDO_EVENT_MAX_ARGS];
    uint16_t param_enum[ORDO_EVENT_MAX_ARGS];
    const char *param_name[ORDO_EVENT_MAX_ARGS];
    uint16_t dispatch;   /* 1 + the proc that runs its triggers; 0 if none */
    uint8_t is_action;   /* it stands for an action (its start in the trace) */
    uint8_t hidden_args; /* bit k: param k is seen only by the player in param
                          * `owner_arg` (`c: Card hidden`) */
    int8_t owner_arg;    /* with hidden_args: the first player param, -1 if
                          * none (nobody sees them) */
} ordo_event_decl;

/* Log texts: "{}" placeholders in order, with the kinds of their values.
 * A decision's prompt (`choose p "how many, {p}?"`, the WAIT's a) reads
 * its values from the deciding frame: arg_slot[k] is the local of {}
 * number k. */
typedef struct ordo_text {
    const char *text;
    uint8_t nargs;
    uint8_t arg_kind[ORDO_EVENT_MAX_ARGS];
    uint16_t arg_enum[ORDO_EVENT_MAX_ARGS];
    uint16_t arg_slot[ORDO_EVENT_MAX_ARGS];
} ordo_text;

/* Scenario items: a script the test runner follows. Values written in a
 * scenario's play/event/decision/winner items are constants, resolved at
 * compile time into args. */
enum {
    ORDO_SC_PLAYERS = 1,  /* a = count */
    ORDO_SC_SEED,         /* args[0] = low 32 bits, args[1] = high 32 bits */
    ORDO_SC_SETUP,        /* a = proc to ordo_exec */
    ORDO_SC_PLAY,         /* a = proc to start (main_proc: the whole game), x = nargs, args */
    ORDO_SC_CHOOSE,       /* text = label */
    ORDO_SC_EXPECT,       /* a = fn proc (no params) returning bool; text = its source */
    ORDO_SC_DECIDER,      /* args[0] = player (0-based) */
    ORDO_SC_OFFERED,      /* text = label */
    ORDO_SC_NOT_OFFERED,  /* text = label */
    ORDO_SC_EVENT,        /* a = event decl; x = nargs given (0: any args);
                             b = bit k set when arg k is `_`; args */
    ORDO_SC_NO_EVENT,     /* a = event decl; x, b, args as ORDO_SC_EVENT (x = 0: any
                             args): no such event has happened */
    ORDO_SC_BEFORE,       /* a, b = event decls: the first a comes before the first b */
    ORDO_SC_STEP_RAN,     /* a = step */
    ORDO_SC_STEP_NOT_RAN, /* a = step */
    ORDO_SC_OVER,         /* x = 1 when a winner is given: args[0] (-1 = none);
                             text: the end reason expected, or NULL */
    ORDO_SC_COUNT,        /* a, x, b, args as ORDO_SC_EVENT: the number of such
                             events so far is in lo..hi (hi = -1: no most) */
    ORDO_SC_ROLL,         /* x = count: the next rolls total args[0..x-1], in order
                             (ordo_set_chance) */
    ORDO_SC_SEES          /* seat args[0]'s view: x = 0 text (a label) offered,
                             1 not offered (ordo_view), 2 the last choice of
                             player args[1], as the seat's trace shows it, is
                             text ("?": a secret choice it does not see) */
};

typedef struct ordo_scenario_item {
    uint8_t kind;
    uint8_t x;
    uint16_t a;
    int32_t b;
    int32_t args[ORDO_EVENT_MAX_ARGS];
    const char *text;
    uint32_t line;
    int32_t lo, hi;       /* ORDO_SC_COUNT: the counts that pass */
} ordo_scenario_item;

/* Source lines of the code: instruction pc and on (up to the next row's
 * pc) came from `line`. Rows are sorted by pc; runtime errors name the
 * line of the statement that failed. */
typedef struct ordo_line {
    uint32_t pc;
    uint32_t line;
    uint16_t file;       /* index in files (a layer's base, say); 0 when
                          * the program has no files table: `file` */
} ordo_line;

/* A ruleset's policy: prefer lines prefers[first .. first+count), in
 * order. A line names options by `name` (1 + index in option_names); `by`
 * and `when` are 1 + a fn proc (0: none) taking the option's param when
 * the options of that name have one (nparams 1), else nothing. */
typedef struct ordo_prefer {
    uint16_t name;
    uint16_t by;          /* fn returning int: higher ranks higher */
    uint16_t when;        /* fn returning bool: false = the line does not apply */
    uint8_t avoid;        /* `avoid`: ranks below the options no line names */
} ordo_prefer;

typedef struct ordo_policy {
    const char *name;
    const char *label;    /* "" if none */
    uint16_t first, count;
    uint8_t ties_random;  /* ties drawn with the policy generator, else the first */
    uint32_t line;
} ordo_policy;

/* A display: proc (no params, run like a fn) whose `show` lines a host prints. */
typedef struct ordo_display_decl {
    const char *title;
    uint16_t proc;
    uint32_t line;
} ordo_display_decl;

/* `invariant "TEXT" = EXPR`: a bool fn (no params) that must hold in every
 * state play can reach; `expr` is its source text. */
struct ordo_invariant {
    const char *text;
    const char *expr;
    uint16_t proc;
    uint32_t line;
};

typedef struct ordo_scenario {
    const char *name;
    const char *rule;    /* cited IDs, space-separated */
    uint32_t first;      /* items[first .. first+count) */
    uint32_t count;
    uint32_t line;
} ordo_scenario;

struct ordo_program {
    uint32_t magic;          /* ORDO_PROGRAM_MAGIC */
    uint32_t version;        /* ORDO_PROGRAM_VERSION */
    const char *title;
    const char *source;
    const char *file;        /* the .ordo file it came from */
    uint8_t min_players, max_players;

    const ordo_insn *code;          uint32_t ncode;
    const ordo_var *vars;           uint16_t nvars;
    const ordo_enum *enums;         uint16_t nenums;
    const char *const *names;       uint16_t nnames;  /* enum member names */
    const ordo_step *steps;         uint16_t nsteps;
    const ordo_proc *procs;         uint16_t nprocs;
    const ordo_option *options;     uint16_t noptions;
    const ordo_escape *escapes;     uint16_t nescapes;
    const ordo_event_decl *events;  uint16_t nevents;
    const ordo_text *texts;         uint16_t ntexts;
    const ordo_scenario *scenarios; uint16_t nscenarios;
    const ordo_scenario_item *items; uint32_t nitems;

    uint16_t main_proc;      /* the sequence's index in procs */
    uint32_t state_size;     /* bytes of declared state */
    uint16_t stack_size;     /* value-stack slots (int32) a game needs */
    uint16_t max_frames;     /* call depth */
    uint16_t max_options;    /* options one decision can offer, escapes included */
    uint16_t max_escapes;    /* escape scopes that can be open at once */
    const ordo_line *lines;  uint32_t nlines;  /* may be empty */
    uint16_t act_first;      /* vars[act_first .. nvars) are the per-action
                              * block, at the end of the state: "#acting",
                              * "#action", then the rest; 0 or nvars: none */
    uint16_t max_pending;    /* effects a batch can hold back (0: no batch) */
    uint8_t act_revise;      /* a `revisable` action: the block keeps the start
                              * state of the last one ended, for `revise` */
    uint8_t act_undo;        /* an action saves the whole state at its start
                              * (not only the per-action block): an escape
                              * out of it, or `undo`, puts it back */
    /* the source files lines come from, when there are several (a layer
     * and the rulesets it extends): files[0] is `file`; none: NULL, 0 */
    const char *const *files;        uint16_t nfiles;
    const int32_t *data;     /* the values of the data tables' fields (DATA) */
    uint32_t ndata;
    const char *const *option_names; uint16_t noption_names; /* names of options */
    const ordo_policy *policies;     uint16_t npolicies;
    const ordo_prefer *prefers;      uint16_t nprefers;
    const ordo_display_decl *displays; uint16_t ndisplays;
    const ordo_invariant *invariants; uint16_t ninvariants;
    /* The program's code compiled to C by ordoc (ordo_native.h), run in
     * place of the interpreter; NULL: the interpreter runs it. Same
     * block, same trace, same errors. */
    ordo_native_fn native;
    /* `symmetric players`: the rules claim every seat alike, so a search
     * may take states that differ only by a renaming of the seats for one
     * (doc/language.md, "Symmetric players"). The vars say what a
     * renaming moves: the rows of an index over players, and every cell
     * that holds a player. 0: not claimed. */
    uint8_t symmetric;
};

#ifdef __cplusplus
}
#endif
#endif /* ORDO_H */

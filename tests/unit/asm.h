/* asm.h — a tiny assembler for building ordo programs by hand in tests.
 *
 *   tprog *T = tp_new(2, 4);              // players 2..4; built-in vars 0..2
 *   int x = tp_scalar(T, "x", ORDO_K_INT, 1, 0, 6, 0);
 *   int s = tp_step(T, "1.2", "roll", "TINY-ROLL", 31);
 *   tp_proc(T, "sequence", 0, 1, 1);      // code emitted next belongs to it
 *   I(STEP, 0, s, 0);
 *   J(JMP, 3);  ... tp_label(T, 3);       // jumps by label number
 *   const ordo_program *p = tp_finish(T); // resolves labels; main_proc = 0
 *   ...
 *   free(T);
 *
 * Everything is fixed-size (no table grows); the limits below are ample
 * for unit tests. Option targets and escape handlers are labels too.
 */
#ifndef ORDO_TEST_ASM_H
#define ORDO_TEST_ASM_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ordo.h"
#include "opcodes.h"

#define TP_CODE 1024
#define TP_LABELS 64
#define TP_NO_PARAM 0xff

typedef struct tprog {
    ordo_program p;
    ordo_insn code[TP_CODE];
    ordo_var vars[32];
    ordo_enum enums[4];
    const char *names[32];
    ordo_step steps[16];
    ordo_proc procs[16];
    ordo_option options[16];
    ordo_escape escapes[8];
    ordo_event_decl events[8];
    ordo_text texts[8];
    int32_t label_pc[TP_LABELS];
    struct {
        uint32_t pc;
        int label;
    } fix[256];
    int nfix;
    int opt_label[16], esc_label[8];
    uint32_t state; /* bytes used so far */
} tprog;

static inline int tp_add_var(tprog *t, ordo_var v)
{
    int i = t->p.nvars++;
    for (unsigned d = 0; d < v.ndims; d++)
        if (v.dim_kind[d] == ORDO_DIM_PLAYER)
            v.dim_n[d] = t->p.max_players;
    uint32_t cells = 1;
    for (unsigned d = 0; d < v.ndims; d++)
        cells *= v.dim_n[d];
    if (v.is_list)
        v.stride = (2u + (uint32_t)v.cap * v.width + 1u) & ~1u;
    else if (v.is_set)
        v.stride = 8u * ORDO_SET_WORDS(v.cap);
    else
        v.stride = v.width;
    t->state = (t->state + 3u) & ~3u;
    v.offset = t->state;
    t->state += cells * v.stride;
    t->vars[i] = v;
    t->p.state_size = t->state;
    return i;
}

static inline tprog *tp_new(int minp, int maxp)
{
    tprog *t = calloc(1, sizeof *t);
    if (!t)
        abort();
    for (int i = 0; i < TP_LABELS; i++)
        t->label_pc[i] = -1;
    t->p.magic = ORDO_PROGRAM_MAGIC;
    t->p.version = ORDO_PROGRAM_VERSION;
    t->p.title = "test";
    t->p.file = "test.ordo";
    t->p.min_players = (uint8_t)minp;
    t->p.max_players = (uint8_t)maxp;
    t->p.code = t->code;
    t->p.vars = t->vars;
    t->p.enums = t->enums;
    t->p.names = t->names;
    t->p.steps = t->steps;
    t->p.procs = t->procs;
    t->p.options = t->options;
    t->p.escapes = t->escapes;
    t->p.events = t->events;
    t->p.texts = t->texts;
    t->p.stack_size = 64;
    t->p.max_frames = 8;
    t->p.max_options = 16;
    t->p.max_escapes = 8;
    tp_add_var(t, (ordo_var){.name = "active", .kind = ORDO_K_PLAYER, .width = 1, .lo = -1,
                             .hi = maxp - 1, .init = -1, .line = 1});
    tp_add_var(t, (ordo_var){.name = "turns", .kind = ORDO_K_INT, .width = 4, .ndims = 1,
                             .dim_kind = {ORDO_DIM_PLAYER}, .lo = 0, .hi = INT32_MAX,
                             .line = 1});
    tp_add_var(t, (ordo_var){.name = "in_game", .kind = ORDO_K_BOOL, .width = 1, .ndims = 1,
                             .dim_kind = {ORDO_DIM_PLAYER}, .lo = 0, .hi = 1, .init = 1,
                             .line = 1});
    return t;
}

/* A scalar var. */
static inline int tp_scalar(tprog *t, const char *name, int kind, int width, int32_t lo,
                            int32_t hi, int32_t init)
{
    return tp_add_var(t, (ordo_var){.name = name, .kind = (uint8_t)kind,
                                    .width = (uint8_t)width, .lo = lo, .hi = hi,
                                    .init = init, .line = 2});
}

/* A var indexed by player. */
static inline int tp_per_player(tprog *t, const char *name, int kind, int width, int32_t lo,
                                int32_t hi, int32_t init)
{
    return tp_add_var(t, (ordo_var){.name = name, .kind = (uint8_t)kind,
                                    .width = (uint8_t)width, .ndims = 1,
                                    .dim_kind = {ORDO_DIM_PLAYER}, .lo = lo, .hi = hi,
                                    .init = init, .line = 3});
}

/* A set var over lo..hi, optionally indexed by player (ndims 0 or 1). */
static inline int tp_set(tprog *t, const char *name, int32_t lo, int32_t hi, int per_player)
{
    return tp_add_var(t, (ordo_var){.name = name, .kind = ORDO_K_INT, .width = 1,
                                    .is_set = 1, .cap = (uint16_t)(hi - lo + 1),
                                    .ndims = (uint8_t)(per_player ? 1 : 0),
                                    .dim_kind = {ORDO_DIM_PLAYER}, .lo = lo, .hi = hi,
                                    .line = 4});
}

/* A list var, optionally indexed by player (ndims 0 or 1). */
static inline int tp_list(tprog *t, const char *name, int width, int32_t lo, int32_t hi,
                          int cap, int per_player)
{
    return tp_add_var(t, (ordo_var){.name = name, .kind = ORDO_K_INT, .width = (uint8_t)width,
                                    .is_list = 1, .cap = (uint16_t)cap,
                                    .ndims = (uint8_t)(per_player ? 1 : 0),
                                    .dim_kind = {ORDO_DIM_PLAYER}, .lo = lo, .hi = hi,
                                    .line = 4});
}

static inline int tp_enum(tprog *t, const char *name, int count, const char *const *names)
{
    int i = t->p.nenums++;
    t->enums[i] = (ordo_enum){.name = name, .first = t->p.nnames, .count = (uint16_t)count};
    for (int k = 0; k < count; k++)
        t->names[t->p.nnames++] = names[k];
    return i;
}

static inline int tp_step(tprog *t, const char *number, const char *title, const char *rule,
                          uint32_t line)
{
    int i = t->p.nsteps++;
    t->steps[i] = (ordo_step){.number = number, .title = title, .rule = rule, .parent = -1,
                              .line = line};
    return i;
}

/* A proc whose code starts at the next instruction. */
static inline int tp_proc(tprog *t, const char *name, int nparams, int nlocals, int returns)
{
    int i = t->p.nprocs++;
    t->procs[i] = (ordo_proc){.name = name, .pc = t->p.ncode, .nparams = (uint16_t)nparams,
                              .nlocals = (uint16_t)nlocals, .returns = (uint8_t)returns,
                              .line = 10u + (uint32_t)i};
    return i;
}

/* An option whose body starts at label `target`; kind TP_NO_PARAM for none. */
static inline int tp_option(tprog *t, const char *label, int kind, int en, int step, int target)
{
    int i = t->p.noptions++;
    t->options[i] = (ordo_option){.label = label, .param_kind = (uint8_t)kind,
                                  .param_enum = (uint16_t)en, .step = (int16_t)step,
                                  .line = 20};
    t->opt_label[i] = target;
    return i;
}

static inline int tp_escape(tprog *t, const char *label, int step, int handler)
{
    int i = t->p.nescapes++;
    t->escapes[i] = (ordo_escape){.label = label, .step = (int16_t)step, .line = 30};
    t->esc_label[i] = handler;
    return i;
}

static inline int tp_event(tprog *t, const char *name, int nparams, const uint8_t *kinds,
                           const uint16_t *enums, const char *const *pnames)
{
    int i = t->p.nevents++;
    ordo_event_decl *e = &t->events[i];
    e->name = name;
    e->nparams = (uint8_t)nparams;
    for (int k = 0; k < nparams; k++) {
        e->param_kind[k] = kinds[k];
        e->param_enum[k] = enums ? enums[k] : 0;
        e->param_name[k] = pnames[k];
    }
    return i;
}

static inline int tp_text(tprog *t, const char *text, int nargs, const uint8_t *kinds,
                          const uint16_t *enums)
{
    int i = t->p.ntexts++;
    ordo_text *x = &t->texts[i];
    x->text = text;
    x->nargs = (uint8_t)nargs;
    for (int k = 0; k < nargs; k++) {
        x->arg_kind[k] = kinds[k];
        x->arg_enum[k] = enums ? enums[k] : 0;
    }
    return i;
}

static inline uint32_t tp_emit(tprog *t, int op, int x, int a, int32_t b)
{
    uint32_t pc = t->p.ncode++;
    if (pc >= TP_CODE)
        abort();
    t->code[pc] = (ordo_insn){(uint8_t)op, (uint8_t)x, (uint16_t)a, b};
    return pc;
}

/* A jump (JMP/JZ/JNZ) to a label. */
static inline void tp_jump(tprog *t, int op, int label)
{
    uint32_t pc = tp_emit(t, op, 0, 0, 0);
    t->fix[t->nfix].pc = pc;
    t->fix[t->nfix++].label = label;
}

static inline void tp_label(tprog *t, int label)
{
    t->label_pc[label] = (int32_t)t->p.ncode;
}

static inline const ordo_program *tp_finish(tprog *t)
{
    for (int i = 0; i < t->nfix; i++) {
        if (t->label_pc[t->fix[i].label] < 0)
            abort();
        t->code[t->fix[i].pc].b = t->label_pc[t->fix[i].label];
    }
    for (int i = 0; i < t->p.noptions; i++)
        t->options[i].target = (uint32_t)t->label_pc[t->opt_label[i]];
    for (int i = 0; i < t->p.nescapes; i++)
        t->escapes[i].handler = (uint32_t)t->label_pc[t->esc_label[i]];
    return &t->p;
}

/* Shorthands; they need a `tprog *T` in scope. */
#define I(op, x, a, b) tp_emit(T, ORDO_OP_##op, (x), (a), (b))
#define J(op, label) tp_jump(T, ORDO_OP_##op, (label))
#define L(label) tp_label(T, (label))

#endif /* ORDO_TEST_ASM_H */

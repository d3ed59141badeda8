/* emit_c.c — writes a program's tables as C source (ordoc -o x.c).
 *
 * The output is readable, deterministic C11: one static const array per
 * table, then `const ordo_program SYMBOL = { .field = ... }`. The code array
 * has one instruction a line with its pc (and, on STEP, the step number and
 * rule IDs) in a comment; opcode names come from runtime/opcode_list.h
 * (through the disassembler's table, oc_op_name), which the generated file
 * also includes so that its ORDO_OP_* numbers always match the runtime it
 * is compiled against. The code itself follows as C (emit_native.c). The
 * file compiles warning-free under -std=c11 -Wall -Wextra -Werror
 * -pedantic (gcc and clang).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "opcodes.h"


/* ---------------------------------------------------------------- helpers */

/* A C string literal (emit_native.c writes them for #line too). */
static void put_str(FILE *f, const char *s)
{
    oc_put_c_string(f, s);
}

/* `static const char *const SYM_TABLE[n] = {...}`, one string a line, each
 * with its number (from `first`) as a comment; nothing when n is 0. */
static void put_strings(FILE *f, const char *sym, const char *table, const char *const *v,
                        uint32_t n, unsigned first)
{
    if (!n)
        return;
    fprintf(f, "static const char *const %s_%s[%u] = {\n", sym, table, (unsigned)n);
    for (uint32_t i = 0; i < n; i++) {
        fputs("    ", f);
        put_str(f, v[i]);
        fprintf(f, ", /* %u */\n", (unsigned)i + first);
    }
    fputs("};\n\n", f);
}

/* An int32 constant: INT32_MIN cannot be written as a literal. */
static void put_i32(FILE *f, int32_t v)
{
    if (v == INT32_MIN)
        fputs("(-2147483647 - 1)", f);
    else
        fprintf(f, "%" PRId32, v);
}

static void put_kind(FILE *f, unsigned k)
{
    static const char *const names[] = {"ORDO_K_INT", "ORDO_K_BOOL", "ORDO_K_PLAYER",
                                        "ORDO_K_ENUM"};
    if (k < 4)
        fputs(names[k], f);
    else if (k == 0xff)
        fputs("0xff", f);
    else
        fprintf(f, "%u", k);
}

static void put_dim_kind(FILE *f, unsigned k)
{
    static const char *const names[] = {"0", "ORDO_DIM_PLAYER", "ORDO_DIM_ENUM",
                                        "ORDO_DIM_RANGE"};
    if (k < 4)
        fputs(names[k], f);
    else
        fprintf(f, "%u", k);
}

static void put_sc_kind(FILE *f, unsigned k)
{
    static const char *const names[] = {
        NULL, "ORDO_SC_PLAYERS", "ORDO_SC_SEED", "ORDO_SC_SETUP", "ORDO_SC_PLAY",
        "ORDO_SC_CHOOSE", "ORDO_SC_EXPECT", "ORDO_SC_DECIDER", "ORDO_SC_OFFERED",
        "ORDO_SC_NOT_OFFERED", "ORDO_SC_EVENT", "ORDO_SC_NO_EVENT", "ORDO_SC_BEFORE",
        "ORDO_SC_STEP_RAN", "ORDO_SC_STEP_NOT_RAN", "ORDO_SC_OVER", "ORDO_SC_COUNT",
        "ORDO_SC_ROLL", "ORDO_SC_SEES"};
    if (k >= 1 && k < sizeof names / sizeof names[0])
        fputs(names[k], f);
    else
        fprintf(f, "%u", k);
}

/* An array's initializer ends at its last nonzero value (the rest are
 * zero all the same), one value at least: n cut to that. */
#define TRIM_ZEROS(v, n)                                                           \
    do {                                                                           \
        while ((n) > 1 && (v)[(n) - 1] == 0)                                       \
            (n)--;                                                                 \
    } while (0)

/* n values; the first `named` through name() (symbolic), the rest as numbers */
static void put_u8s(FILE *f, const uint8_t *v, int n, int named,
                    void (*name)(FILE *, unsigned))
{
    int keep = n;
    TRIM_ZEROS(v, n);
    if (n < named && named <= keep)
        n = named; /* the named ones by name, zero or not */
    fputc('{', f);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", f);
        if (name && i < named)
            name(f, v[i]);
        else
            fprintf(f, "%u", (unsigned)v[i]);
    }
    fputc('}', f);
}

static void put_u16s(FILE *f, const uint16_t *v, int n)
{
    TRIM_ZEROS(v, n);
    fputc('{', f);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%u", i ? ", " : "", (unsigned)v[i]);
    fputc('}', f);
}

static void put_i32s(FILE *f, const int32_t *v, int n)
{
    TRIM_ZEROS(v, n);
    fputc('{', f);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", f);
        put_i32(f, v[i]);
    }
    fputc('}', f);
}

/* "name" for a table with entries, NULL for an empty one (ISO C has no
 * zero-length arrays). */
static void put_table_ref(FILE *f, const char *field, const char *sym, const char *table,
                          const char *nfield, unsigned long n)
{
    fprintf(f, "    .%s = ", field);
    if (n)
        fprintf(f, "%s_%s", sym, table);
    else
        fputs("NULL", f);
    fprintf(f, ", .%s = %lu,\n", nfield, n);
}

/* ---------------------------------------------------------------- tables */

static const ordo_program *sort_prog;

static int by_pc(const void *x, const void *y)
{
    uint32_t a = sort_prog->procs[*(const uint16_t *)x].pc;
    uint32_t b = sort_prog->procs[*(const uint16_t *)y].pc;
    if (a != b)
        return a < b ? -1 : 1;
    return *(const uint16_t *)x < *(const uint16_t *)y ? -1 : 1;
}

static void emit_code(FILE *f, const ordo_program *p, const char *sym)
{
    if (!p->ncode)
        return;
    /* procs by entry pc, to mark where each begins */
    uint16_t *order = p->nprocs ? malloc(p->nprocs * sizeof *order) : NULL;
    uint16_t norder = order ? p->nprocs : 0;
    for (uint16_t i = 0; i < norder; i++)
        order[i] = i;
    if (norder) {
        sort_prog = p;
        qsort(order, norder, sizeof *order, by_pc);
    }
    uint16_t next = 0;
    fprintf(f, "static const ordo_insn %s_code[%" PRIu32 "] = {\n", sym, p->ncode);
    for (uint32_t pc = 0; pc < p->ncode; pc++) {
        while (next < norder && p->procs[order[next]].pc < pc)
            next++;
        for (; next < norder && p->procs[order[next]].pc == pc; next++) {
            const ordo_proc *r = &p->procs[order[next]];
            fputs("    /* ", f);
            fputs(r->returns ? "fn " : "proc ", f);
            oc_put_comment_text(f, r->name);
            fputs(" */\n", f);
        }
        const ordo_insn *in = &p->code[pc];
        char buf[96];
        if (oc_op_name(in->op))
            snprintf(buf, sizeof buf, "    {ORDO_OP_%s, %u, %u, ", oc_op_name(in->op),
                     (unsigned)in->x, (unsigned)in->a);
        else
            snprintf(buf, sizeof buf, "    {%u, %u, %u, ", (unsigned)in->op, (unsigned)in->x,
                     (unsigned)in->a);
        fputs(buf, f);
        int col = (int)strlen(buf);
        if (in->b == INT32_MIN)
            col += fprintf(f, "(-2147483647 - 1)},");
        else
            col += fprintf(f, "%" PRId32 "},", in->b);
        for (; col < 40; col++)
            fputc(' ', f);
        fprintf(f, " /* %" PRIu32, pc);
        if (in->op == ORDO_OP_STEP && in->a < p->nsteps) {
            const ordo_step *s = &p->steps[in->a];
            fputs(": step ", f);
            oc_put_comment_text(f, s->number);
            if (s->rule && s->rule[0]) {
                fputs(" [", f);
                oc_put_comment_text(f, s->rule);
                fputc(']', f);
            }
        } else if (!oc_op_name(in->op)) {
            fputs(": unknown opcode", f);
        }
        fputs(" */\n", f);
    }
    fputs("};\n\n", f);
    free(order);
}

static void emit_vars(FILE *f, const ordo_program *p, const char *sym)
{
    if (!p->nvars)
        return;
    fprintf(f, "static const ordo_var %s_vars[%u] = {\n", sym, (unsigned)p->nvars);
    for (uint16_t i = 0; i < p->nvars; i++) {
        const ordo_var *v = &p->vars[i];
        fprintf(f, "    /* %u */ {.name = ", (unsigned)i);
        put_str(f, v->name);
        fprintf(f, ", .offset = %" PRIu32 ", .stride = %" PRIu32 ", .kind = ", v->offset,
                v->stride);
        put_kind(f, v->kind);
        fprintf(f, ", .width = %u, .ndims = %u, .is_list = %u, .cap = %u, .enum_id = %u",
                (unsigned)v->width, (unsigned)v->ndims, (unsigned)v->is_list,
                (unsigned)v->cap, (unsigned)v->enum_id);
        if (v->is_set) /* only where there is one: the other vars' lines as before */
            fputs(", .is_set = 1", f);
        fputs(",\n        .dim_kind = ", f);
        put_u8s(f, v->dim_kind, 2, 2, put_dim_kind);
        fputs(", .dim_enum = ", f);
        put_u16s(f, v->dim_enum, 2);
        fputs(", .dim_lo = ", f);
        put_i32s(f, v->dim_lo, 2);
        fputs(", .dim_n = ", f);
        put_u16s(f, v->dim_n, 2);
        fputs(", .lo = ", f);
        put_i32(f, v->lo);
        fputs(", .hi = ", f);
        put_i32(f, v->hi);
        fputs(", .init = ", f);
        put_i32(f, v->init);
        if (v->kept)
            fputs(", .kept = 1", f);
        if (v->hidden)
            fprintf(f, ", .hidden = %u, .shown = %u", (unsigned)v->hidden, (unsigned)v->shown);
        fprintf(f, ", .line = %" PRIu32 "},\n", v->line);
    }
    fputs("};\n\n", f);
}

static void emit_enums(FILE *f, const ordo_program *p, const char *sym)
{
    if (p->nenums) {
        fprintf(f, "static const ordo_enum %s_enums[%u] = {\n", sym, (unsigned)p->nenums);
        for (uint16_t i = 0; i < p->nenums; i++) {
            fputs("    {.name = ", f);
            put_str(f, p->enums[i].name);
            fprintf(f, ", .first = %u, .count = %u},\n", (unsigned)p->enums[i].first,
                    (unsigned)p->enums[i].count);
        }
        fputs("};\n\n", f);
    }
    put_strings(f, sym, "names", p->names, p->nnames, 0);
}

static void emit_steps(FILE *f, const ordo_program *p, const char *sym)
{
    if (!p->nsteps)
        return;
    fprintf(f, "static const ordo_step %s_steps[%u] = {\n", sym, (unsigned)p->nsteps);
    for (uint16_t i = 0; i < p->nsteps; i++) {
        const ordo_step *s = &p->steps[i];
        fprintf(f, "    /* %u */ {.number = ", (unsigned)i);
        put_str(f, s->number);
        fputs(", .title = ", f);
        put_str(f, s->title);
        fputs(", .rule = ", f);
        put_str(f, s->rule);
        fprintf(f, ", .parent = %d, .line = %" PRIu32 "},\n", (int)s->parent, s->line);
    }
    fputs("};\n\n", f);
}

static void emit_procs(FILE *f, const ordo_program *p, const char *sym)
{
    if (!p->nprocs)
        return;
    fprintf(f, "static const ordo_proc %s_procs[%u] = {\n", sym, (unsigned)p->nprocs);
    for (uint16_t i = 0; i < p->nprocs; i++) {
        const ordo_proc *r = &p->procs[i];
        fprintf(f, "    /* %u */ {.name = ", (unsigned)i);
        put_str(f, r->name);
        fprintf(f, ", .pc = %" PRIu32 ", .nparams = %u, .nlocals = %u", r->pc,
                (unsigned)r->nparams, (unsigned)r->nlocals);
        int typed = r->nparams;
        for (int k = 0; k < 8; k++)
            typed |= r->param_kind[k] | r->param_enum[k];
        if (typed) { /* a proc with no params has none of these */
            fputs(",\n        .param_kind = ", f);
            put_u8s(f, r->param_kind, 8, r->nparams, put_kind);
            fputs(", .param_enum = ", f);
            put_u16s(f, r->param_enum, 8);
        }
        fprintf(f, ", .returns = %u, .line = %" PRIu32, (unsigned)r->returns, r->line);
        if (r->act_save)
            fprintf(f, ", .act_save = %u", (unsigned)r->act_save);
        if (r->guard)
            fprintf(f, ", .guard = %u", (unsigned)r->guard);
        fprintf(f, ", .room = %u", (unsigned)r->room);
        fputs("},\n", f);
    }
    fputs("};\n\n", f);
}

static void emit_options(FILE *f, const ordo_program *p, const char *sym)
{
    if (p->noptions) {
        fprintf(f, "static const ordo_option %s_options[%u] = {\n", sym,
                (unsigned)p->noptions);
        for (uint16_t i = 0; i < p->noptions; i++) {
            const ordo_option *o = &p->options[i];
            fprintf(f, "    /* %u */ {.label = ", (unsigned)i);
            put_str(f, o->label);
            fprintf(f, ", .target = %" PRIu32 ", .param_kind = ", o->target);
            put_kind(f, o->param_kind);
            fprintf(f, ", .param_enum = %u, .step = %d, .line = %" PRIu32,
                    (unsigned)o->param_enum, (int)o->step, o->line);
            if (o->name)
                fprintf(f, ", .name = %u", (unsigned)o->name);
            fputs("},\n", f);
        }
        fputs("};\n\n", f);
    }
    if (p->nescapes) {
        fprintf(f, "static const ordo_escape %s_escapes[%u] = {\n", sym,
                (unsigned)p->nescapes);
        for (uint16_t i = 0; i < p->nescapes; i++) {
            const ordo_escape *e = &p->escapes[i];
            fprintf(f, "    /* %u */ {.label = ", (unsigned)i);
            put_str(f, e->label);
            fprintf(f, ", .handler = %" PRIu32 ", .step = %d, .line = %" PRIu32 "},\n",
                    e->handler, (int)e->step, e->line);
        }
        fputs("};\n\n", f);
    }
}

static void emit_events(FILE *f, const ordo_program *p, const char *sym)
{
    if (p->nevents) {
        fprintf(f, "static const ordo_event_decl %s_events[%u] = {\n", sym,
                (unsigned)p->nevents);
        for (uint16_t i = 0; i < p->nevents; i++) {
            const ordo_event_decl *e = &p->events[i];
            fprintf(f, "    /* %u */ {.name = ", (unsigned)i);
            put_str(f, e->name);
            fprintf(f, ", .nparams = %u,\n        .param_kind = ", (unsigned)e->nparams);
            put_u8s(f, e->param_kind, ORDO_EVENT_MAX_ARGS, e->nparams, put_kind);
            fputs(",\n        .param_enum = ", f);
            put_u16s(f, e->param_enum, ORDO_EVENT_MAX_ARGS);
            fputs(",\n        .param_name = {", f);
            for (int k = 0; k < ORDO_EVENT_MAX_ARGS; k++) {
                if (k)
                    fputs(", ", f);
                put_str(f, e->param_name[k]);
            }
            fputs("}", f);
            if (e->dispatch || e->is_action)
                fprintf(f, ",\n        .dispatch = %u, .is_action = %u", (unsigned)e->dispatch,
                        (unsigned)e->is_action);
            if (e->hidden_args)
                fprintf(f, ",\n        .hidden_args = 0x%02x, .owner_arg = %d",
                        (unsigned)e->hidden_args, (int)e->owner_arg);
            fputs("},\n", f);
        }
        fputs("};\n\n", f);
    }
    if (p->ntexts) {
        fprintf(f, "static const ordo_text %s_texts[%u] = {\n", sym, (unsigned)p->ntexts);
        for (uint16_t i = 0; i < p->ntexts; i++) {
            const ordo_text *t = &p->texts[i];
            fprintf(f, "    /* %u */ {.text = ", (unsigned)i);
            put_str(f, t->text);
            fprintf(f, ", .nargs = %u,\n        .arg_kind = ", (unsigned)t->nargs);
            put_u8s(f, t->arg_kind, ORDO_EVENT_MAX_ARGS, t->nargs, put_kind);
            fputs(",\n        .arg_enum = ", f);
            put_u16s(f, t->arg_enum, ORDO_EVENT_MAX_ARGS);
            for (int k = 0; k < ORDO_EVENT_MAX_ARGS; k++)
                if (t->arg_slot[k]) { /* a prompt's: the other texts stay as they were */
                    fputs(",\n        .arg_slot = ", f);
                    put_u16s(f, t->arg_slot, ORDO_EVENT_MAX_ARGS);
                    break;
                }
            fputs("},\n", f);
        }
        fputs("};\n\n", f);
    }
}

static void emit_scenarios(FILE *f, const ordo_program *p, const char *sym)
{
    if (p->nscenarios) {
        fprintf(f, "static const ordo_scenario %s_scenarios[%u] = {\n", sym,
                (unsigned)p->nscenarios);
        for (uint16_t i = 0; i < p->nscenarios; i++) {
            const ordo_scenario *s = &p->scenarios[i];
            fprintf(f, "    /* %u */ {.name = ", (unsigned)i);
            put_str(f, s->name);
            fputs(", .rule = ", f);
            put_str(f, s->rule);
            fprintf(f, ",\n        .first = %" PRIu32 ", .count = %" PRIu32
                       ", .line = %" PRIu32 "},\n",
                    s->first, s->count, s->line);
        }
        fputs("};\n\n", f);
    }
    if (p->nitems) {
        fprintf(f, "static const ordo_scenario_item %s_items[%" PRIu32 "] = {\n", sym,
                p->nitems);
        for (uint32_t i = 0; i < p->nitems; i++) {
            const ordo_scenario_item *it = &p->items[i];
            /* the fields that are not zero (or NULL), on one line */
            fprintf(f, "    /* %" PRIu32 " */ {.kind = ", i);
            put_sc_kind(f, it->kind);
            if (it->x)
                fprintf(f, ", .x = %u", (unsigned)it->x);
            if (it->a)
                fprintf(f, ", .a = %u", (unsigned)it->a);
            if (it->b) {
                fputs(", .b = ", f);
                put_i32(f, it->b);
            }
            int args = 0;
            for (int k = 0; k < ORDO_EVENT_MAX_ARGS; k++)
                args |= it->args[k] != 0;
            if (args) {
                fputs(", .args = ", f);
                put_i32s(f, it->args, ORDO_EVENT_MAX_ARGS);
            }
            if (it->text) {
                fputs(", .text = ", f);
                put_str(f, it->text);
            }
            fprintf(f, ", .line = %" PRIu32, it->line);
            if (it->lo || it->hi) /* counts only: the other items stay as they were */
                fprintf(f, ", .lo = %" PRId32 ", .hi = %" PRId32, it->lo, it->hi);
            fputs("},\n", f);
        }
        fputs("};\n\n", f);
    }
}

/* Option names, policies and their prefer lines, displays. */
static void emit_policies(FILE *f, const ordo_program *p, const char *sym)
{
    put_strings(f, sym, "option_names", p->option_names, p->noption_names, 1);
    if (p->npolicies) {
        fprintf(f, "static const ordo_policy %s_policies[%u] = {\n", sym, (unsigned)p->npolicies);
        for (uint16_t i = 0; i < p->npolicies; i++) {
            const ordo_policy *pl = &p->policies[i];
            fputs("    {.name = ", f);
            put_str(f, pl->name);
            fputs(", .label = ", f);
            put_str(f, pl->label);
            fprintf(f, ", .first = %u, .count = %u, .ties_random = %u, .line = %" PRIu32 "},\n",
                    (unsigned)pl->first, (unsigned)pl->count, (unsigned)pl->ties_random, pl->line);
        }
        fputs("};\n\n", f);
    }
    if (p->nprefers) {
        fprintf(f, "static const ordo_prefer %s_prefers[%u] = {\n", sym, (unsigned)p->nprefers);
        for (uint16_t i = 0; i < p->nprefers; i++)
            fprintf(f, "    {.name = %u, .by = %u, .when = %u, .avoid = %u},\n",
                    (unsigned)p->prefers[i].name, (unsigned)p->prefers[i].by,
                    (unsigned)p->prefers[i].when, (unsigned)p->prefers[i].avoid);
        fputs("};\n\n", f);
    }
    if (p->ninvariants) {
        fprintf(f, "static const ordo_invariant %s_invariants[%u] = {\n", sym,
                (unsigned)p->ninvariants);
        for (uint16_t i = 0; i < p->ninvariants; i++) {
            fputs("    {.text = ", f);
            put_str(f, p->invariants[i].text);
            fputs(", .expr = ", f);
            put_str(f, p->invariants[i].expr);
            fprintf(f, ", .proc = %u, .line = %" PRIu32 "},\n", (unsigned)p->invariants[i].proc,
                    p->invariants[i].line);
        }
        fputs("};\n\n", f);
    }
    if (p->ndisplays) {
        fprintf(f, "static const ordo_display_decl %s_displays[%u] = {\n", sym,
                (unsigned)p->ndisplays);
        for (uint16_t i = 0; i < p->ndisplays; i++) {
            fputs("    {.title = ", f);
            put_str(f, p->displays[i].title);
            fprintf(f, ", .proc = %u, .line = %" PRIu32 "},\n", (unsigned)p->displays[i].proc,
                    p->displays[i].line);
        }
        fputs("};\n\n", f);
    }
}

static void emit_lines(FILE *f, const ordo_program *p, const char *sym)
{
    if (!p->nlines)
        return;
    fprintf(f, "/* source lines: instruction pc and on came from line (of files[file]) */\n"
               "static const ordo_line %s_lines[%" PRIu32 "] = {\n", sym, p->nlines);
    for (uint32_t i = 0; i < p->nlines; i++) {
        fprintf(f, "    {%" PRIu32 ", %" PRIu32 ", %u},\n", p->lines[i].pc, p->lines[i].line,
                (unsigned)p->lines[i].file);
    }
    fputs("};\n\n", f);
    if (p->nfiles)
        fputs("/* the files the lines come from (a layer, then what it extends) */\n", f);
    put_strings(f, sym, "files", p->files, p->nfiles, 0);
}

/* The data tables' values, ten a line. */
static void emit_data(FILE *f, const ordo_program *p, const char *sym)
{
    if (!p->ndata)
        return;
    fprintf(f, "/* the values of the data tables' fields (read by DATA) */\n"
               "static const int32_t %s_data[%" PRIu32 "] = {", sym, p->ndata);
    for (uint32_t i = 0; i < p->ndata; i++) {
        fputs(i % 10 ? " " : "\n    ", f);
        put_i32(f, p->data[i]);
        fputc(',', f);
    }
    fputs("\n};\n\n", f);
}

static void emit_program(FILE *f, const ordo_program *p, const char *sym, int native)
{
    fprintf(f, "const ordo_program %s = {\n", sym);
    if (p->magic == ORDO_PROGRAM_MAGIC)
        fputs("    .magic = ORDO_PROGRAM_MAGIC,\n", f);
    else
        fprintf(f, "    .magic = 0x%08" PRIx32 "u,\n", p->magic);
    if (p->version == ORDO_PROGRAM_VERSION)
        fputs("    .version = ORDO_PROGRAM_VERSION,\n", f);
    else
        fprintf(f, "    .version = %" PRIu32 "u,\n", p->version);
    fputs("    .title = ", f);
    put_str(f, p->title);
    fputs(",\n    .source = ", f);
    put_str(f, p->source);
    fputs(",\n    .file = ", f);
    put_str(f, p->file);
    fprintf(f, ",\n    .min_players = %u, .max_players = %u,\n", (unsigned)p->min_players,
            (unsigned)p->max_players);
    put_table_ref(f, "code", sym, "code", "ncode", p->ncode);
    put_table_ref(f, "vars", sym, "vars", "nvars", p->nvars);
    put_table_ref(f, "enums", sym, "enums", "nenums", p->nenums);
    put_table_ref(f, "names", sym, "names", "nnames", p->nnames);
    put_table_ref(f, "steps", sym, "steps", "nsteps", p->nsteps);
    put_table_ref(f, "procs", sym, "procs", "nprocs", p->nprocs);
    put_table_ref(f, "options", sym, "options", "noptions", p->noptions);
    put_table_ref(f, "escapes", sym, "escapes", "nescapes", p->nescapes);
    put_table_ref(f, "events", sym, "events", "nevents", p->nevents);
    put_table_ref(f, "texts", sym, "texts", "ntexts", p->ntexts);
    put_table_ref(f, "scenarios", sym, "scenarios", "nscenarios", p->nscenarios);
    put_table_ref(f, "items", sym, "items", "nitems", p->nitems);
    fprintf(f,
            "    .main_proc = %u,\n"
            "    .state_size = %" PRIu32 ",\n"
            "    .stack_size = %u,\n"
            "    .max_frames = %u,\n"
            "    .max_options = %u,\n"
            "    .max_escapes = %u,\n",
            (unsigned)p->main_proc, p->state_size, (unsigned)p->stack_size,
            (unsigned)p->max_frames, (unsigned)p->max_options, (unsigned)p->max_escapes);
    put_table_ref(f, "lines", sym, "lines", "nlines", p->nlines);
    if (p->act_first || p->max_pending)
        fprintf(f, "    .act_first = %u,\n    .max_pending = %u,\n", (unsigned)p->act_first,
                (unsigned)p->max_pending);
    if (p->act_undo)
        fputs("    .act_undo = 1,\n", f);
    if (p->act_revise)
        fputs("    .act_revise = 1,\n", f);
    if (p->ndata)
        put_table_ref(f, "data", sym, "data", "ndata", p->ndata);
    if (p->nfiles)
        put_table_ref(f, "files", sym, "files", "nfiles", p->nfiles);
    if (p->noption_names)
        put_table_ref(f, "option_names", sym, "option_names", "noption_names", p->noption_names);
    if (p->npolicies)
        put_table_ref(f, "policies", sym, "policies", "npolicies", p->npolicies);
    if (p->nprefers)
        put_table_ref(f, "prefers", sym, "prefers", "nprefers", p->nprefers);
    if (p->ndisplays)
        put_table_ref(f, "displays", sym, "displays", "ndisplays", p->ndisplays);
    if (p->ninvariants)
        put_table_ref(f, "invariants", sym, "invariants", "ninvariants", p->ninvariants);
    if (native)
        fprintf(f, "    .native = %s_native,\n", sym);
    if (p->symmetric)
        fputs("    .symmetric = 1,\n", f);
    fputs("};\n", f);
}

/* An include guard from a header's file name: "out/titan.h" -> TITAN_H_ */
static void put_guard(FILE *f, const char *header_name, const char *sym)
{
    const char *base = header_name ? header_name : sym;
    const char *slash = strrchr(base, '/');
    if (slash)
        base = slash + 1;
    fputs("ORDO_GEN_", f);
    for (const unsigned char *c = (const unsigned char *)base; *c; c++) {
        if ((*c >= 'a' && *c <= 'z'))
            fputc(*c - 'a' + 'A', f);
        else if ((*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9'))
            fputc(*c, f);
        else
            fputc('_', f);
    }
    fputs("_", f);
}

int oc_valid_symbol(const char *s)
{
    if (!s || !*s || (*s >= '0' && *s <= '9'))
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
              (*s >= '0' && *s <= '9') || *s == '_'))
            return 0;
    return 1;
}

static void put_banner(FILE *f, const ordo_program *p)
{
    fputs("/* generated from ", f);
    oc_put_comment_text(f, p->file ? p->file : "(memory)");
    fputs(" by ordoc " ORDO_VERSION " \xe2\x80\x94 do not edit */\n", f);
}

/* ---- the rules' lines: the code under a rule's #line laid out one
 * instruction a line, so that one directive covers it
 *
 * A #line directive names the line of the next physical line, and each
 * line after it counts one more: a rule line's code must stand on lines
 * the count gives that rule line. emit_native.c writes each instruction
 * as its comment, then its code over as many lines as reads well, under
 * a directive where the rule line changes. Here each instruction becomes
 * one line, its label first and its comment last, and a directive stands
 * before it only where the count would give it another line: an
 * instruction whose rule line follows the last one's needs none, and a
 * directive names the file only when the file changes. The same layout,
 * without the directives, when there is no out_name. */

/* The line being written, and where the count stands. */
typedef struct line_writer {
    FILE *out;
    const char *out_name;   /* the C file's name, or NULL: no directive */
    unsigned long written;  /* lines written */
    /* the rule line in force ("#line N "FILE"" as emit_native wrote it),
     * or none (rule_file NULL) */
    unsigned long rule_line;
    const char *rule_file;
    size_t rule_file_len;
    /* what the count gives the next line, and in which file (NULL: the
     * C file's own, or not known) */
    unsigned long next_line;
    const char *next_file;
    size_t next_file_len;
    /* the instruction being gathered: label, code pieces, comment */
    char *insn;
    size_t insn_len, insn_cap;
    const char *comment;
    size_t comment_len;
    int has_code;
} line_writer;

/* s (n bytes) without the blanks around it and its newline. */
static const char *trim(const char *s, size_t *n)
{
    while (*n && (s[*n - 1] == '\n' || s[*n - 1] == ' '))
        (*n)--;
    while (*n && *s == ' ') {
        s++;
        (*n)--;
    }
    return s;
}

static int is_comment(const char *s, size_t n)
{
    return n >= 4 && memcmp(s, "/*", 2) == 0 && memcmp(s + n - 2, "*/", 2) == 0;
}

static int is_label(const char *s, size_t n)
{
    return n > 5 && memcmp(s, "pc_", 3) == 0 && memcmp(s + n - 2, ":;", 2) == 0;
}

static void put_raw(line_writer *w, const char *s, size_t n)
{
    fwrite(s, 1, n, w->out);
    w->written++;
    w->next_line++;
}

/* Appends s to the instruction, a blank between pieces. */
static void gather(line_writer *w, const char *s, size_t n)
{
    size_t need = w->insn_len + n + 2;
    if (need > w->insn_cap) {
        size_t cap = need * 2;
        char *grown = realloc(w->insn, cap);
        if (!grown)
            return; /* out of memory: the piece is lost, the C will not compile */
        w->insn = grown;
        w->insn_cap = cap;
    }
    if (w->insn_len)
        w->insn[w->insn_len++] = ' ';
    memcpy(w->insn + w->insn_len, s, n);
    w->insn_len += n;
}

/* The directive the next line needs under the rule line, if any. */
static void put_directive(line_writer *w)
{
    int same_file = w->next_file && w->next_file_len == w->rule_file_len &&
                    memcmp(w->next_file, w->rule_file, w->rule_file_len) == 0;
    if (same_file && w->next_line == w->rule_line)
        return;
    if (w->out_name) {
        fprintf(w->out, "#line %lu", w->rule_line);
        if (!same_file) {
            fputc(' ', w->out);
            fwrite(w->rule_file, 1, w->rule_file_len, w->out);
        }
        fputc('\n', w->out);
        w->written++;
    }
    w->next_line = w->rule_line;
    w->next_file = w->rule_file;
    w->next_file_len = w->rule_file_len;
}

/* The instruction gathered, on a line of its own: its label and code,
 * then its comment. A comment with no code stays a line of its own. */
static void put_insn(line_writer *w)
{
    if (w->has_code) {
        put_directive(w);
        fputs("    ", w->out);
        fwrite(w->insn, 1, w->insn_len, w->out);
        if (w->comment) {
            fputc(' ', w->out);
            fwrite(w->comment, 1, w->comment_len, w->out);
        }
        put_raw(w, "\n", 1);
    } else {
        if (w->insn_len) { /* a label alone */
            fwrite(w->insn, 1, w->insn_len, w->out);
            put_raw(w, "\n", 1);
        }
        if (w->comment) {
            fputs("    ", w->out);
            fwrite(w->comment, 1, w->comment_len, w->out);
            put_raw(w, "\n", 1);
        }
    }
    w->insn_len = 0;
    w->comment = NULL;
    w->has_code = 0;
}

/* One line of the code under a rule line. */
static void take_rule_code(line_writer *w, const char *s, size_t n)
{
    const char *t = trim(s, &n);
    if (!n) {
        put_insn(w);
        put_raw(w, "\n", 1);
    } else if (is_label(t, n)) { /* an instruction's first line */
        put_insn(w);
        gather(w, t, n);
    } else if (is_comment(t, n)) { /* an instruction's, after its label */
        if (w->has_code || w->comment)
            put_insn(w);
        w->comment = t;
        w->comment_len = n;
    } else {
        gather(w, t, n);
        w->has_code |= !(n == 1 && (*t == '{' || *t == '}'));
    }
}

/* A rule's directive as emit_native wrote it: "#line N "FILE"\n", before
 * an instruction's label and comment. */
static void take_rule(line_writer *w, const char *s, size_t n)
{
    put_insn(w);
    char *end;
    w->rule_line = strtoul(s + 6, &end, 10);
    size_t head = (size_t)(end - s) + 1; /* past the blank */
    w->rule_file = s + head;
    w->rule_file_len = n - head - 1;
}

/* Back to the C file's own lines: the directive naming its next line. */
static void take_back(line_writer *w)
{
    put_insn(w);
    if (w->rule_file && w->out_name) {
        fprintf(w->out, "#line %lu ", w->written + 2);
        put_str(w->out, w->out_name);
        fputc('\n', w->out);
        w->written++;
    }
    w->rule_file = NULL;
    w->next_file = NULL;
}

/* The C as written (buf), to out with its #line directives resolved (see
 * above); OC_LINE_BACK becomes the line back to the C file's own. */
static void put_lines(const char *buf, size_t len, FILE *out, const char *out_name)
{
    line_writer w = {.out = out, .out_name = out_name};
    for (const char *s = buf, *end = buf + len; s < end;) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t n = nl ? (size_t)(nl - s) + 1 : (size_t)(end - s);
        if (n == strlen(OC_LINE_BACK) && memcmp(s, OC_LINE_BACK, n) == 0)
            take_back(&w);
        else if (n > 6 && memcmp(s, "#line ", 6) == 0)
            take_rule(&w, s, n);
        else if (w.rule_file)
            take_rule_code(&w, s, n);
        else
            put_raw(&w, s, n);
        s += n;
    }
    put_insn(&w);
    free(w.insn);
}

int oc_emit_c(const ordo_program *p, const char *symbol, FILE *out, const char *out_name,
              FILE *header, const char *header_name)
{
    return oc_emit_c_named(p, symbol, out, out_name, header, header_name, NULL);
}

int oc_emit_c_named(const ordo_program *p, const char *symbol, FILE *out, const char *out_name,
                    FILE *header, const char *header_name,
                    const char *const *const *local_names)
{
    if (!p || !out || !oc_valid_symbol(symbol))
        return -1;
    /* written whole first: the lines back to the C file need its line
     * numbers */
    char *buf = NULL;
    size_t len = 0;
    FILE *final = out;
    out = open_memstream(&buf, &len);
    if (!out)
        return -1;
    const char *hbase = NULL;
    if (header_name && header) {
        hbase = strrchr(header_name, '/');
        hbase = hbase ? hbase + 1 : header_name;
    }

    put_banner(out, p);
    if (p->title) {
        fputs("/* ruleset: ", out);
        oc_put_comment_text(out, p->title);
        fputs(" */\n", out);
    }
    fputs("#include \"ordo.h\"\n"
          "/* the game block, for the code compiled to C below */\n"
          "#include \"ordo_native.h\"\n",
          out);
    if (hbase) {
        fputs("#include ", out);
        put_str(out, hbase);
        fputc('\n', out);
    } else {
        fprintf(out, "\nextern const ordo_program %s;\n", symbol);
    }
    fputs("/* instruction numbers, from the runtime's one list (opcode_list.h) */\n"
          "#include \"opcodes.h\"\n\n",
          out);
    emit_code(out, p, symbol);
    emit_vars(out, p, symbol);
    emit_enums(out, p, symbol);
    emit_steps(out, p, symbol);
    emit_procs(out, p, symbol);
    emit_options(out, p, symbol);
    emit_events(out, p, symbol);
    emit_scenarios(out, p, symbol);
    emit_policies(out, p, symbol);
    emit_lines(out, p, symbol);
    emit_data(out, p, symbol);
    int native = oc_emit_native(out, p, symbol, local_names);
    if (native >= 0)
        emit_program(out, p, symbol, native);
    if (fclose(out) != 0 || native < 0) {
        free(buf);
        return -1;
    }
    put_lines(buf, len, final, out_name);
    free(buf);
    out = final;

    if (header) {
        put_banner(header, p);
        fputs("#ifndef ", header);
        put_guard(header, header_name, symbol);
        fputs("\n#define ", header);
        put_guard(header, header_name, symbol);
        fprintf(header,
                "\n\n#include \"ordo.h\"\n\n"
                "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
                "extern const ordo_program %s;\n\n"
                "#ifdef __cplusplus\n}\n#endif\n#endif\n",
                symbol);
        if (fflush(header) != 0 || ferror(header))
            return -1;
    }
    if (fflush(out) != 0 || ferror(out))
        return -1;
    return 0;
}

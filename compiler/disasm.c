/* disasm.c — a program's code as readable assembly (`ordoc --disasm`).
 *
 * One instruction a line: pc, name, the operands the opcode list says it
 * has, the values it pops and pushes ("-2+1", from the list's stack
 * columns through ordo_op_stack_in), and a comment naming what an index
 * means (the var, step and rule ID, option label, proc, event, text, by
 * the kind of operand a). Each proc starts with a header line. Names,
 * operands, their kinds and stack effects come from runtime/opcode_list.h,
 * like everything else that lists instructions.
 */
#include <stdio.h>
#include <string.h>

#include "compiler.h"
#include "opcodes.h"

/* An instruction's name ("LDX"), NULL for an unknown opcode: the one
 * table the disassembler and both C writers read. */
const char *oc_op_name(unsigned op)
{
    return ordo_op_name(op);
}

static const char *nz(const char *s)
{
    return s ? s : "?";
}

/* "; step 2.1 "Title" [R-7]" */
static void step_note(const ordo_step *s, char *buf, size_t n)
{
    int has_title = s->title && *s->title, has_rule = s->rule && *s->rule;
    snprintf(buf, n, "; step %s%s%s%s%s%s%s", s->number, has_title ? " \"" : "",
             has_title ? s->title : "", has_title ? "\"" : "", has_rule ? " [" : "",
             has_rule ? s->rule : "", has_rule ? "]" : "");
}

/* What operand a of instruction `in` names, by its kind in the opcode
 * list, for the comment ("" if nothing). */
void oc_insn_note(const ordo_program *p, const ordo_insn *in, char *buf, size_t n)
{
    unsigned a = in->a, k = ordo_op_operand(in->op, 1);
    buf[0] = 0;
    if (ordo_opnd_is_var(k) && a < p->nvars)
        snprintf(buf, n, "; %s", nz(p->vars[a].name));
    else if (k == ORDO_OPND_PROC && a < p->nprocs)
        snprintf(buf, n, "; %s", nz(p->procs[a].name));
    else if (k == ORDO_OPND_STEP && a < p->nsteps)
        step_note(&p->steps[a], buf, n);
    else if (k == ORDO_OPND_OPTION && a < p->noptions)
        snprintf(buf, n, "; \"%s\"", nz(p->options[a].label));
    else if (k == ORDO_OPND_ESCAPE && a < p->nescapes)
        snprintf(buf, n, "; \"%s\"", nz(p->escapes[a].label));
    else if (k == ORDO_OPND_EVENT && a < p->nevents)
        snprintf(buf, n, "; %s", nz(p->events[a].name));
    else if (k == ORDO_OPND_TEXT && a < p->ntexts)
        snprintf(buf, n, "; \"%s\"", nz(p->texts[a].text));
}

/* The fields opcode_list.h gives `in` (those not NO), as " x=1 3 -2"
 * (n >= 48). */
void oc_insn_operands(const ordo_insn *in, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    if (ordo_op_operand(in->op, 0))
        len += (size_t)snprintf(buf + len, n - len, " x=%u", (unsigned)in->x);
    if (ordo_op_operand(in->op, 1))
        len += (size_t)snprintf(buf + len, n - len, " %u", (unsigned)in->a);
    if (ordo_op_operand(in->op, 2))
        snprintf(buf + len, n - len, " %ld", (long)in->b);
}

static void insn(const ordo_program *p, uint32_t pc, FILE *out)
{
    const ordo_insn *in = &p->code[pc];
    if (in->op >= ORDO_OP_COUNT) {
        fprintf(out, "%6lu  ?%u\n", (unsigned long)pc, (unsigned)in->op);
        return;
    }
    char args[64];
    oc_insn_operands(in, args, sizeof args);
    /* the stack column: what opcode_list.h says this instruction pops and
     * pushes ("-2+1"; blank for one that leaves the stack alone) */
    char stack[24] = "", note[512];
    int pops, pushes;
    if (ordo_op_stack_in(p, in, &pops, &pushes) < 0)
        snprintf(stack, sizeof stack, "?");
    else if (pops || pushes)
        snprintf(stack, sizeof stack, "-%d+%d", pops, pushes);
    oc_insn_note(p, in, note, sizeof note);
    char line[640];
    int len = snprintf(line, sizeof line, "%6lu  %-8s%-14s %-5s  %s", (unsigned long)pc,
                       ordo_op_name(in->op), args, stack, note);
    if (len > (int)sizeof line - 1)
        len = (int)sizeof line - 1;
    while (len > 0 && line[len - 1] == ' ')
        len--;
    fprintf(out, "%.*s\n", len, line);
}

/* "prefer buy by (fn 12) when (fn 13)" */
static void prefer_line(const ordo_program *p, const ordo_prefer *pr, FILE *out)
{
    const char *name = pr->name && pr->name <= p->noption_names ? p->option_names[pr->name - 1] : "?";
    fprintf(out, ";   %s %s", pr->avoid ? "avoid" : "prefer", nz(name));
    if (pr->by)
        fprintf(out, " by (fn %u)", (unsigned)pr->by - 1);
    if (pr->when)
        fprintf(out, " when (fn %u)", (unsigned)pr->when - 1);
    fputc('\n', out);
}

/* The policies and displays, after the code (nothing when there is none). */
static void policies_and_displays(const ordo_program *p, FILE *out)
{
    for (unsigned i = 0; i < p->npolicies; i++) {
        const ordo_policy *pl = &p->policies[i];
        fprintf(out, "\n; policy %s \"%s\", line %lu, ties %s\n", nz(pl->name), nz(pl->label),
                (unsigned long)pl->line, pl->ties_random ? "random" : "first");
        for (unsigned k = 0; k < pl->count && pl->first + k < p->nprefers; k++)
            prefer_line(p, &p->prefers[pl->first + k], out);
    }
    for (unsigned i = 0; i < p->ndisplays; i++)
        fprintf(out, "\n; display \"%s\": proc %u, line %lu\n", nz(p->displays[i].title),
                (unsigned)p->displays[i].proc, (unsigned long)p->displays[i].line);
}

void oc_disassemble(const ordo_program *p, FILE *out)
{
    if (!p || !out)
        return;
    fprintf(out, "; %s\n; %lu instructions, %u procs, %lu bytes of state\n", nz(p->title),
            (unsigned long)p->ncode, (unsigned)p->nprocs, (unsigned long)p->state_size);
    for (uint32_t pc = 0; pc < p->ncode; pc++) {
        for (unsigned i = 0; i < p->nprocs; i++)
            if (p->procs[i].pc == pc)
                fprintf(out, "\n%s:  ; proc %u, %u params, %u locals, line %lu\n",
                        nz(p->procs[i].name), i, (unsigned)p->procs[i].nparams,
                        (unsigned)p->procs[i].nlocals, (unsigned long)p->procs[i].line);
        insn(p, pc, out);
    }
    policies_and_displays(p, out);
}

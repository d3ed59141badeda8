/* emit_native.c — writes a program's code as C (ordoc's `SYM_native`).
 *
 * Each procedure becomes a function named after it (SYM_NAME), a run of
 * labelled C statements, one commented group a VM instruction under the
 * #line of its rule, which the runtime calls in place of its interpreter
 * (ordo_program.native; runtime/ordo_native.h says how the two meet). What makes the C fast is what the tables fix before
 * the game runs:
 *
 *   - the operand stack's depth at every pc (an abstract run of each
 *     procedure over opcode_list.h's stack effects), so a push or a pop is
 *     a load or a store at a constant offset from the frame base, fp[k],
 *     and nothing tracks a stack pointer;
 *   - a var's offset, width, bounds and range, a table's rows and the
 *     jump targets, which become constants and gotos;
 *   - the callee of every CALL, so a call is a C call of its function
 *     after the frame is pushed, entering it at its first pc, and a
 *     return to the caller's frame returns from the C function; the
 *     switch on the resume point (`dispatch`) is for resuming a game
 *     after a decision or the interpreter.
 *
 * The game block, its frames and its canonical form are the
 * interpreter's: the emitted statements store what the interpreter
 * stores, where it stores it. An instruction this file does not compile
 * (opcode_list.h's c column: those that suspend, end, or touch the
 * escapes, batches and actions beyond the simplest), and any instruction
 * whose check fails, runs once
 * in the interpreter (ordo_vm_step) and the code goes on at the pc it
 * left; a resume point the code cannot take (a procedure it could not
 * analyse, a frame or depth other than the analysis says) hands the run
 * to the interpreter (ordo_vm_interpret). Errors, their messages, the
 * step count and the trace are therefore the interpreter's own.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "opcodes.h"


/* Text inside a C comment: printable ASCII only, and never a comment
 * end (emit_c.c writes its comments with it too). */
void oc_put_comment_text(FILE *f, const char *s)
{
    if (!s)
        return;
    int prev = 0;
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        int ch = *c;
        if (ch < 0x20 || ch >= 0x7f)
            ch = '?';
        if (prev == '*' && ch == '/')
            fputc(' ', f);
        if (prev == '/' && ch == '*')
            fputc(' ', f);
        fputc(ch, f);
        prev = ch;
    }
}

/* A C string literal (emit_c.c's strings, the file names of #line). '?' after '?' is escaped (trigraphs exist in C11);
 * bytes outside printable ASCII become 3-digit octal escapes, which cannot
 * swallow a following digit. NULL is written as NULL. */
void oc_put_c_string(FILE *f, const char *s)
{
    if (!s) {
        fputs("NULL", f);
        return;
    }
    fputc('"', f);
    int prev = 0;
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        switch (*c) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\t': fputs("\\t", f); break;
        case '\r': fputs("\\r", f); break;
        case '?':
            fputs(prev == '?' ? "\\?" : "?", f);
            break;
        default:
            if (*c < 0x20 || *c >= 0x7f)
                fprintf(f, "\\%03o", (unsigned)*c);
            else
                fputc(*c, f);
        }
        prev = *c;
    }
    fputc('"', f);
}

/* What writing a program's code as C knows: the analysis, then, while a
 * function is written, where each operand is. */
typedef struct writer {
    FILE *f;
    const ordo_program *p;
    const char *sym;
    int32_t *depth;   /* operands above the locals before pc; -1: not reached */
    int32_t *owner;   /* the proc whose code pc is; -1: none */
    uint8_t *label;   /* pc is entered other than by falling through */
    uint8_t *bad;     /* a proc not written as C: the analysis could not
                       * follow its stack, or it is a scenario's code */
    uint32_t *room;   /* a proc's locals and its deepest operand stack */
    uint32_t *work;   /* the analysis's pcs to visit (emit_run: each proc's entry) */
    uint32_t nwork;
    uint8_t *kind;    /* where each operand is now: OPND_* */
    int32_t *val;     /* its constant, or the operand whose C variable holds it */
    uint8_t *used;    /* operand i's C variable `tI` is used in this function */
    int64_t *lo, *hi; /* what C variable `tI` may hold (an overflow check
                       * is left out where its operands cannot overflow) */
    char **fn;        /* each proc's function's name */
    const char *const *const *names; /* the rules' names of each proc's slots, or NULL */
    const char *const *slot_name;    /* the current proc's, or NULL */
    uint8_t *named;   /* slot s of the current proc reads fp[L_name] (an enum of it) */
    uint32_t line;    /* the row of the line table at pc (nlines: none yet) */
    /* while a callee's code is written in place of its CALL (emit_inline):
     * the copy's number (its labels are pc_N_SITE; 0: not in a copy), and
     * the caller's pc its RET goes back to */
    uint32_t site, nsites, ret_pc;
    uint64_t *last;   /* the rule line the last #line named (put_line) */
    /* instructions run since `steps` was last brought up to date: a run
     * of them counted at once (`steps += N`, put_steps), and by each way
     * out of the C before it (put_slow) */
    uint32_t pend;
    /* writing an instruction counted with its run (emit_counted_later):
     * its `steps++` left out, and how many ways through it had one */
    int later;
    uint32_t later_counts;
    int failed;       /* out of memory while writing */
    /* while writing one instruction */
    uint32_t pc;
    uint32_t L;       /* the proc's nlocals: operand k is fp[L + k] */
    int32_t d;
    /* the texts operand_expr and tmp return: one printf may use up to
     * eight and four of them at once, so each is a ring */
    char expr_ring[8][40];
    unsigned expr_next;
    char tmp_ring[4][24];
    unsigned tmp_next;
} writer;

/* ---------------------------------------------------------------- analysis */

/* pc reached at depth d within proc k: 0, or -1 when it is not k's or
 * already reached at another depth */
static int reach(writer *n, int k, uint32_t pc, int32_t d)
{
    if (pc >= n->p->ncode || n->owner[pc] != k || d < 0)
        return -1;
    if (n->depth[pc] == d)
        return 0;
    if (n->depth[pc] != -1)
        return -1;
    n->depth[pc] = d;
    n->work[n->nwork++] = pc;
    return 0;
}

/* The depth at every pc of proc k, from its entry (depth 0), the option
 * bodies its decisions offer (the param pushed) and the handlers of the
 * escapes it opens. 0, or -1 when the stack does not add up. */
static int analyse_proc(writer *n, int k)
{
    const ordo_program *p = n->p;
    n->nwork = 0;
    if (reach(n, k, p->procs[k].pc, 0) < 0)
        return -1;
    uint32_t room = 0;
    while (n->nwork) {
        uint32_t pc = n->work[--n->nwork];
        const ordo_insn *in = &p->code[pc];
        int32_t d = n->depth[pc];
        int pops, pushes;
        if (ordo_op_stack_in(p, in, &pops, &pushes) < 0 || d < pops)
            return -1;
        int32_t after = d - pops + pushes, peak = d > after ? d : after;
        if ((uint32_t)peak > room)
            room = (uint32_t)peak;
        int falls = 1;
        if (in->op == ORDO_OP_JMP) {
            falls = 0;
            if (reach(n, k, (uint32_t)in->b, d) < 0)
                return -1;
        } else if (in->op == ORDO_OP_JZ || in->op == ORDO_OP_JNZ) {
            if (reach(n, k, (uint32_t)in->b, after) < 0)
                return -1;
        } else if (in->op == ORDO_OP_SNEXT) { /* the loop's end pushes nothing */
            if (reach(n, k, (uint32_t)in->b, after - 1) < 0)
                return -1;
        } else if (in->op == ORDO_OP_EMITB) { /* in a batch: the args held back */
            if (reach(n, k, (uint32_t)in->b, d - in->x) < 0)
                return -1;
        } else if (in->op == ORDO_OP_BNEXT) { /* none left: b; else a call, back here */
            falls = 0;
            if (reach(n, k, (uint32_t)in->b, d) < 0)
                return -1;
        } else if (in->op == ORDO_OP_OFFER || in->op == ORDO_OP_OFFERN) {
            /* the body of an option starts where the decision left the
             * stack, with the param pushed; one that is not this proc's
             * is not entered by the C (ordo_vm_interpret runs it) */
            const ordo_option *o = &p->options[in->a];
            int32_t at = after + (o->param_kind != 0xff);
            if (o->target < p->ncode && n->owner[o->target] == k && reach(n, k, o->target, at) < 0)
                return -1;
        } else if (in->op == ORDO_OP_ESC) {
            const ordo_escape *e = &p->escapes[in->a];
            if (e->handler < p->ncode && n->owner[e->handler] == k &&
                reach(n, k, e->handler, after) < 0)
                return -1;
        } else if (in->op == ORDO_OP_RET || in->op == ORDO_OP_RETV || in->op == ORDO_OP_HALT ||
                   in->op == ORDO_OP_END || in->op == ORDO_OP_UNDO || in->op == ORDO_OP_WAIT) {
            falls = 0; /* a WAIT goes on at the body of the option chosen */
        }
        if (falls && reach(n, k, pc + 1, after) < 0)
            return -1;
    }
    n->room[k] = p->procs[k].nlocals + room;
    return 0;
}

/* The procs of the scenarios' `setup` and `expect` (ORDO_SC_SETUP,
 * ORDO_SC_EXPECT and the operands of a comparison's, lower_scenario.c),
 * which no CALL names: `ordo test` runs them once a scenario, and the
 * interpreter runs them as well as C would. Left out of the C, they are
 * more than half of it (Titan's 426 expects and 87 setups). */
static void mark_scenario_procs(writer *n)
{
    const ordo_program *p = n->p;
    for (uint32_t i = 0; i < p->nitems; i++) {
        const ordo_scenario_item *it = &p->items[i];
        if (it->kind != ORDO_SC_SETUP && it->kind != ORDO_SC_EXPECT)
            continue;
        if (it->a < p->nprocs)
            n->bad[it->a] = 1;
        for (int j = 0; it->kind == ORDO_SC_EXPECT && it->x == 1 && j < 2; j++)
            if (it->args[j] >= 1 && it->args[j] <= p->nprocs)
                n->bad[it->args[j] - 1] = 1;
    }
    for (uint32_t pc = 0; pc < p->ncode; pc++)
        if (p->code[pc].op == ORDO_OP_CALL && p->code[pc].a < p->nprocs)
            n->bad[p->code[pc].a] = 0; /* game code calls it: compiled after all */
}

/* Which proc each pc belongs to: procs are laid out one after another. */
static int assign_owners(writer *n)
{
    const ordo_program *p = n->p;
    for (uint32_t pc = 0; pc < p->ncode; pc++)
        n->owner[pc] = -1;
    for (uint16_t k = 0; k < p->nprocs; k++) {
        if (p->procs[k].pc >= p->ncode || n->owner[p->procs[k].pc] != -1)
            return -1;
        n->owner[p->procs[k].pc] = k;
    }
    int32_t cur = -1;
    for (uint32_t pc = 0; pc < p->ncode; pc++) {
        if (n->owner[pc] != -1)
            cur = n->owner[pc];
        n->owner[pc] = cur;
    }
    return 0;
}

/* ------------------------------------------------------- operands as values
 *
 * Within a run of code with no label in it, an operand need not be in its
 * slot: the emitter keeps it as a constant or a C variable (`tK`, operand
 * K's, declared once a function) and stores it in its slot only where
 * something reads the slots: a label (every jump to one expects them
 * there), the interpreter (`goto slow`, an INTERP instruction), a call.
 * A value written to tK replaces operand K, whose readers above it are
 * gone (popped by what writes it, which reads them first). So `PUSH 1; LDX;
 * PUSH 0; GT; JZ` is a load and a compare, not five stores and loads. */

enum { OPND_SLOT, OPND_CONST, OPND_VAR };

/* operand i's C expression (a few at once: a ring of buffers) */
static const char *operand_expr(writer *n, int32_t i)
{
    char *b = n->expr_ring[n->expr_next++ % 8];
    switch (n->kind[i]) {
    case OPND_CONST:
        if (n->val[i] == INT32_MIN)
            snprintf(b, 40, "(-2147483647 - 1)");
        else
            snprintf(b, 40, "%" PRId32, n->val[i]);
        break;
    case OPND_VAR:
        snprintf(b, 40, "t%" PRId32, n->val[i]);
        break;
    default:
        snprintf(b, 40, "fp[%" PRIu32 "]", n->L + (uint32_t)i);
    }
    return b;
}

/* operand j from the top (0: the top) before this instruction */
static const char *top_expr(writer *n, int32_t j)
{
    return operand_expr(n, n->d - 1 - j);
}

/* the stores that put operands 0..upto-1 in their slots */
static void put_stores(writer *n, int32_t upto)
{
    for (int32_t i = 0; i < upto; i++)
        if (n->kind[i] != OPND_SLOT)
            fprintf(n->f, "fp[%" PRIu32 "] = %s; ", n->L + (uint32_t)i, operand_expr(n, i));
}

/* operands 0..upto-1 stored in their slots, from here on */
static void flush(writer *n, int32_t upto)
{
    int any = 0;
    for (int32_t i = 0; i < upto; i++)
        any |= n->kind[i] != OPND_SLOT;
    if (!any)
        return;
    fputs("    ", n->f);
    put_stores(n, upto);
    fputc('\n', n->f);
    for (int32_t i = 0; i < upto; i++)
        n->kind[i] = OPND_SLOT;
}

/* the C variable of operand i, `tI`, which this instruction sets (set_var
 * after what reads the operands) */
static const char *tmp(writer *n, int32_t i)
{
    char *b = n->tmp_ring[n->tmp_next++ % 4];
    n->used[i] = 1;
    snprintf(b, 24, "t%" PRId32, i);
    return b;
}

/* operand i is in its C variable `tI` now, any int32 until set_range */
static void set_var(writer *n, int32_t i)
{
    n->kind[i] = OPND_VAR;
    n->val[i] = i;
    n->lo[i] = INT32_MIN;
    n->hi[i] = INT32_MAX;
}

/* what operand i may hold: its constant, what its C variable was given,
 * any int32 in a slot */
static void operand_range(const writer *n, int32_t i, int64_t *lo, int64_t *hi)
{
    *lo = INT32_MIN;
    *hi = INT32_MAX;
    if (n->kind[i] == OPND_CONST)
        *lo = *hi = n->val[i];
    else if (n->kind[i] == OPND_VAR)
        *lo = n->lo[n->val[i]], *hi = n->hi[n->val[i]];
}

/* operand i, just set in its C variable (set_var), holds lo..hi */
static void set_range(writer *n, int32_t i, int64_t lo, int64_t hi)
{
    n->lo[i] = lo;
    n->hi[i] = hi;
}

/* what a cell of `w` bytes holds: vm_load sign-extends it, whatever
 * the block holds */
static void set_width_range(writer *n, int32_t i, unsigned w)
{
    if (w == 1)
        set_range(n, i, INT8_MIN, INT8_MAX);
    else if (w == 2)
        set_range(n, i, INT16_MIN, INT16_MAX);
}

/* the values of a column of the const data, rows first..first+rows-1 */
static void set_data_range(writer *n, int32_t i, uint32_t first, uint32_t rows)
{
    const ordo_program *p = n->p;
    if (!rows || first > p->ndata || rows > p->ndata - first)
        return;
    int64_t lo = p->data[first], hi = lo;
    for (uint32_t r = 1; r < rows; r++) {
        if (p->data[first + r] < lo)
            lo = p->data[first + r];
        if (p->data[first + r] > hi)
            hi = p->data[first + r];
    }
    set_range(n, i, lo, hi);
}

/* ------------------------------------------------------------ instructions */

/* the instructions compiled inline (opcode_list.h's c column); the rest
 * run in the interpreter */
static int compiled_inline(const ordo_insn *in)
{
    return ordo_op_native(in->op) == ORDO_NATIVE_INLINE;
}

/* operand k (0: the lowest of the frame) */
static uint32_t slot(const writer *n, int32_t k)
{
    return n->L + (uint32_t)k;
}

/* An instruction's count, ` steps++;` after its statement; nothing while
 * it is counted with its run (n->later: its step goes to n->pend). */
static const char *count_of(writer *n)
{
    if (!n->later)
        return " steps++;";
    n->later_counts++;
    return "";
}

/* The same for an instruction that needs no statement of its own: a
 * line `steps++;` at `indent`, or no line. */
static void put_count_line(writer *n, const char *indent)
{
    const char *c = count_of(n);
    if (*c)
        fprintf(n->f, "%s%s\n", indent, c + 1);
}

/* the interpreter runs this instruction (its check failed, or it is not
 * compiled): its operands stored, `top` slots in use */
static void put_slow(writer *n)
{
    fputs("{ ", n->f);
    put_stores(n, n->d);
    if (n->pend)
        fprintf(n->f, "steps += %" PRIu32 "; ", n->pend);
    fprintf(n->f, "ON_AT(%" PRIu32 "u, %" PRIu32 "u); goto slow; }", n->pc, slot(n, n->d));
}

/* Is index k of var v, at operand i, known in bounds? (What the operand
 * may hold lies within the dimension: a constant, a data column's row;
 * a player's index is checked always, nplayers being the game's.) */
static int index_in_bounds(const writer *n, const ordo_var *v, unsigned k, int32_t i)
{
    int64_t lo, hi;
    if (v->dim_kind[k] == ORDO_DIM_PLAYER)
        return 0;
    operand_range(n, i, &lo, &hi);
    return lo >= v->dim_lo[k] && hi < (int64_t)v->dim_lo[k] + v->dim_n[k];
}

/* `{ unsigned char *a_ = <the cell of var v, indexes at operands first..>;`
 * (the caller closes the brace): one check of the indexes not known in
 * bounds, one way to the interpreter */
static void open_cell(writer *n, const ordo_var *v, int32_t first)
{
    FILE *f = n->f;
    char x[2][48];     /* each index as the address reads it */
    int checked[2] = {0, 0}, nchecked = 0;
    fputs("{\n", f);
    for (unsigned k = 0; k < v->ndims; k++) {
        int32_t i = first + (int32_t)k;
        int known = index_in_bounds(n, v, k, i);
        if (known && n->kind[i] == OPND_CONST) { /* a literal in the address */
            snprintf(x[k], sizeof x[k], "%" PRId64 "u", (int64_t)n->val[i] - v->dim_lo[k]);
            continue;
        }
        snprintf(x[k], sizeof x[k], "x%u_", k);
        fprintf(f, "        uint32_t x%u_ = (uint32_t)%s", k, operand_expr(n, i));
        if (v->dim_kind[k] == ORDO_DIM_RANGE && v->dim_lo[k])
            fprintf(f, " - (uint32_t)%" PRId32, v->dim_lo[k]);
        fputs(";\n", f);
        checked[k] = !known;
    }
    for (unsigned k = 0; k < v->ndims; k++) {
        if (!checked[k])
            continue;
        fputs(nchecked++ ? " || " : "        if (", f);
        if (v->dim_kind[k] == ORDO_DIM_PLAYER)
            fprintf(f, "x%u_ >= (uint32_t)nplayers", k);
        else
            fprintf(f, "x%u_ >= %uu", k, (unsigned)v->dim_n[k]);
    }
    if (nchecked) {
        fputs(") ", f);
        put_slow(n);
        fputc('\n', f);
    }
    fprintf(f, "        unsigned char *a_ = state + %" PRIu32 "u", v->offset);
    if (v->ndims == 1)
        fprintf(f, " + %s * %" PRIu32 "u", x[0], v->stride);
    else if (v->ndims == 2)
        fprintf(f, " + (%s * %uu + %s) * %" PRIu32 "u", x[0], (unsigned)v->dim_n[1], x[1], v->stride);
    fputs(";\n", f);
}

/* the value check of a store into var v: `mode == VM_EVAL || x < lo ...`,
 * without the comparisons an int32 always passes (a compiler warns of
 * them) */
static void put_value_check(writer *n, const ordo_var *v, const char *x)
{
    fputs("mode == VM_EVAL", n->f);
    if (v->lo != INT32_MIN)
        fprintf(n->f, " || %s < %" PRId32, x, v->lo);
    if (v->hi != INT32_MAX)
        fprintf(n->f, " || %s > %" PRId32, x, v->hi);
}

/* `if (COND) <the interpreter>` and THEN (none when empty or a lone
 * count), each on a line of its own */
static void put_guarded(writer *n, const char *cond, const char *then)
{
    fprintf(n->f, "    if (%s) ", cond);
    put_slow(n);
    then += *then == ' '; /* a lone count_of */
    if (*then)
        fprintf(n->f, "\n    %s\n", then);
    else
        fputs("\n", n->f);
}

/* `) { ...; goto slow; }` ending the condition the caller began, on a
 * line of its own */
static void put_slow_if(writer *n, const char *indent)
{
    fputs(") ", n->f);
    put_slow(n);
    fprintf(n->f, "\n%s", indent);
}

/* the label of pc: pc_N, or pc_N_SITE in a callee's copy */
static void put_label_name(writer *n, uint32_t pc)
{
    fprintf(n->f, "pc_%" PRIu32, pc);
    if (n->site)
        fprintf(n->f, "_%" PRIu32, n->site);
}

/* a jump, the operands below `keep` stored first: a jump back checks the
 * step limit first (as the interpreter's) */
static void put_jump(writer *n, uint32_t target)
{
    if (target <= n->pc) {
        fputs("if (steps >= limit) ", n->f);
        put_slow(n);
        fputs("\n    ", n->f);
    }
    fputs("steps++; goto ", n->f);
    put_label_name(n, target);
    fputc(';', n->f);
}

/* a compare or MIN/MAX (op '<' or '>'; 0 for a compare): `tK = expr`
 * of a_ (second from the top) and b_ */
static void emit_binop(writer *n, const char *expr, char op)
{
    int64_t al, ah, bl, bh;
    operand_range(n, n->d - 2, &al, &ah);
    operand_range(n, n->d - 1, &bl, &bh);
    fprintf(n->f, "    { int32_t a_ = %s, b_ = %s; %s = %s;%s }\n", top_expr(n, 1),
            top_expr(n, 0), tmp(n, n->d - 2), expr, count_of(n));
    set_var(n, n->d - 2);
    if (op == '<')
        set_range(n, n->d - 2, al < bl ? al : bl, ah < bh ? ah : bh);
    else if (op == '>')
        set_range(n, n->d - 2, al > bl ? al : bl, ah > bh ? ah : bh);
    else
        set_range(n, n->d - 2, 0, 1);
}

/* the least and greatest of a..d */
static void min_max4(int64_t a, int64_t b, int64_t c, int64_t d, int64_t *lo, int64_t *hi)
{
    int64_t v[4] = {a, b, c, d};
    *lo = *hi = a;
    for (int k = 1; k < 4; k++) {
        if (v[k] < *lo)
            *lo = v[k];
        if (v[k] > *hi)
            *hi = v[k];
    }
}

/* ADD, SUB, MUL: with the interpreter's overflow check, unless what the
 * operands may hold cannot overflow */
static void emit_arith(writer *n, char op)
{
    int64_t al, ah, bl, bh, lo, hi;
    operand_range(n, n->d - 2, &al, &ah);
    operand_range(n, n->d - 1, &bl, &bh);
    if (op == '+')
        lo = al + bl, hi = ah + bh;
    else if (op == '-')
        lo = al - bh, hi = ah - bl;
    else
        min_max4(al * bl, al * bh, ah * bl, ah * bh, &lo, &hi);
    if (lo >= INT32_MIN && hi <= INT32_MAX) {
        fprintf(n->f, "    %s = %s %c %s;%s\n", tmp(n, n->d - 2), top_expr(n, 1), op,
                top_expr(n, 0), count_of(n));
        set_var(n, n->d - 2);
        set_range(n, n->d - 2, lo, hi);
        return;
    }
    fprintf(n->f,
            "    { int64_t r_ = (int64_t)%s %c %s;\n"
            "      if (r_ < INT32_MIN || r_ > INT32_MAX) ",
            top_expr(n, 1), op, top_expr(n, 0));
    put_slow(n);
    fprintf(n->f, "\n      %s = (int32_t)r_;%s }\n", tmp(n, n->d - 2), count_of(n));
    set_var(n, n->d - 2);
}

static void emit_inline(writer *n, int32_t k, uint32_t ret_pc);
static uint32_t proc_end(const writer *n, int32_t k);

/* Is proc k's code written in place of a CALL of it from proc `caller`?
 * A short proc that calls nothing and neither suspends nor leaves the
 * C (its code reached at the depths the analysis found), from code not
 * itself a copy: the call then costs the frame's push and pop, not a C
 * function's entry and the registers' round trip through the block. */
enum { INLINE_MAX = 24 };
static int inlined_call(const writer *n, int32_t k, int32_t caller)
{
    const ordo_program *p = n->p;
    if (n->site || n->bad[k] || k == caller)
        return 0;
    uint32_t first = p->procs[k].pc, end = proc_end(n, k);
    if (end == first || end - first > INLINE_MAX || !n->label[first])
        return 0;
    for (uint32_t pc = first; pc < end; pc++) {
        const ordo_insn *in = &p->code[pc];
        if (n->depth[pc] < 0)
            continue;
        if (in->op == ORDO_OP_CALL || !compiled_inline(in))
            return 0;
    }
    uint8_t last = p->code[end - 1].op;
    return last == ORDO_OP_RET || last == ORDO_OP_RETV;
}

static void emit_call(writer *n, const ordo_insn *in)
{
    const ordo_program *p = n->p;
    FILE *f = n->f;
    const ordo_proc *c = &p->procs[in->a];
    uint32_t nfp = slot(n, n->d - (int32_t)c->nparams);
    int pops, pushes;
    ordo_op_stack_in(p, in, &pops, &pushes);
    flush(n, n->d); /* the args become the callee's locals */
    if (n->bad[in->a]) {
        fputs("    ", f);
        put_slow(n);
        fputs(" /* ", f);
        oc_put_comment_text(f, c->name);
        fputs(": run by the interpreter */\n", f);
        return;
    }
    fprintf(f, "    if (nframes >= %uu || stack_end - (fp + %" PRIu32 ") < %" PRIu32
               " || steps >= limit)\n        ",
            (unsigned)p->max_frames, nfp, n->room[in->a]);
    put_slow(n);
    fputs("\n    {\n", f);
    fprintf(f, "        int32_t *nfp_ = fp + %" PRIu32 ";\n", nfp);
    for (uint32_t k = c->nparams; k < c->nlocals; k++)
        fprintf(f, "        nfp_[%" PRIu32 "] = 0;\n", k);
    if (inlined_call(n, in->a, n->owner[n->pc])) {
        fprintf(f,
                "        ON_FRAME(%" PRIu32 "u, %u, nfp_, %uu);\n"
                "        fp = nfp_;\n"
                "        steps++;\n"
                "    }\n",
                n->pc + 1, (unsigned)in->a, (unsigned)c->room);
        emit_inline(n, in->a, n->pc + 1);
        return;
    }
    fprintf(f,
            "        ON_FRAME(%" PRIu32 "u, %u, nfp_, %uu);\n"
            "        fp = nfp_;\n"
            "        steps++;\n"
            "        if (ON_CALL(%s, %" PRIu32 "u, %uu) != ON_GOTO)\n"
            "            return rc;\n"
            "        if (!ON_HERE(%" PRIu32 "u, %" PRIu32 "u))\n"
            "            goto dispatch;\n"
            "    }\n",
            n->pc + 1, (unsigned)in->a, (unsigned)c->room, n->fn[in->a], c->pc,
            (unsigned)c->nlocals, n->pc + 1, slot(n, n->d - pops + pushes));
}

static void emit_return(writer *n, int value)
{
    FILE *f = n->f;
    fputs("    if (nframes - 1u == base) ", f);
    put_slow(n);
    fputc('\n', f);
    if (n->site) { /* a callee's copy: on in the caller's code */
        if (value)
            fprintf(f, "    { int32_t v_ = %s; ON_RETURN(); stack[dsp++] = v_; steps++; goto pc_%" PRIu32
                       "; }\n",
                    top_expr(n, 0), n->ret_pc);
        else
            fprintf(f, "    { ON_RETURN(); steps++; goto pc_%" PRIu32 "; }\n", n->ret_pc);
        return;
    }
    if (value)
        fprintf(f, "    { int32_t v_ = %s; ON_RETURN(); stack[dsp++] = v_; steps++; }\n",
                top_expr(n, 0));
    else
        fputs("    { ON_RETURN(); steps++; }\n", f);
    /* back in the frame this function was entered below: the caller's
     * (its ON_HERE takes it on) with no pass through the switch */
    fputs("    if (nframes < level) { ON_SAVE(pc, dsp); return ON_GOTO; }\n"
          "    goto dispatch;\n",
          f);
}

/* the instructions that change a list, a set or a resource: the cell as
 * LDX finds it, and the interpreter's checks before any change */
static void emit_change(writer *n, const ordo_insn *in)
{
    const ordo_var *v = &n->p->vars[in->a];
    FILE *f = n->f;
    int32_t nd = v->ndims;
    unsigned w = v->width;
    const char *ind = "        ";
    switch (in->op) {
    case ORDO_OP_ADDD:
        fputs("    ", f);
        open_cell(n, v, n->d - 1 - nd);
        fprintf(f, "%sint32_t add_ = %s;\n%sif (mode == VM_EVAL || (g->batch && add_ > 0)", ind,
                top_expr(n, 0), ind);
        put_slow_if(n, ind);
        fprintf(f, "int64_t x_ = (int64_t)vm_load(a_, %uu) + add_;\n%sif (x_ < %" PRId32 " || x_ > %" PRId32,
                w, ind, v->lo, v->hi);
        put_slow_if(n, ind);
        fprintf(f, "vm_store(a_, %uu, (int32_t)x_);\n", w);
        break;
    case ORDO_OP_LADD: case ORDO_OP_LSET: case ORDO_OP_LREM: case ORDO_OP_LREMAT:
    case ORDO_OP_LCLR: {
        int32_t extra = in->op == ORDO_OP_LCLR ? 0 : in->op == ORDO_OP_LSET ? 2 : 1;
        fputs("    ", f);
        open_cell(n, v, n->d - extra - nd);
        fprintf(f, "%sint16_t len_; memcpy(&len_, a_, 2);\n%sunsigned char *e_ = a_ + 2;\n", ind, ind);
        if (in->op == ORDO_OP_LCLR) {
            fprintf(f, "%sif (mode == VM_EVAL", ind);
            put_slow_if(n, ind);
            fprintf(f, "memset(e_, 0, (size_t)len_ * %uu);\n%slen_ = 0;\n", w, ind);
        } else if (in->op == ORDO_OP_LADD) {
            fprintf(f, "%sint32_t x_ = %s;\n%sif (len_ >= %u || ", ind, top_expr(n, 0), ind,
                    (unsigned)v->cap);
            put_value_check(n, v, "x_");
            put_slow_if(n, ind);
            fprintf(f, "vm_store(e_ + (uint32_t)len_ * %uu, %uu, x_);\n%slen_++;\n", w, w, ind);
        } else if (in->op == ORDO_OP_LSET) {
            fprintf(f, "%sint32_t pos_ = %s, x_ = %s;\n%sif (pos_ < 1 || pos_ > len_ || ", ind,
                    top_expr(n, 1), top_expr(n, 0), ind);
            put_value_check(n, v, "x_");
            put_slow_if(n, ind);
            fprintf(f, "vm_store(e_ + (uint32_t)(pos_ - 1) * %uu, %uu, x_);\n", w, w);
        } else {
            if (in->op == ORDO_OP_LREM)
                fprintf(f, "%sint32_t x_ = %s, pos_ = 1;\n"
                           "%swhile (pos_ <= len_ && vm_load(e_ + (uint32_t)(pos_ - 1) * %uu, %uu) != x_)\n"
                           "%s    pos_++;\n",
                        ind, top_expr(n, 0), ind, w, w, ind);
            else
                fprintf(f, "%sint32_t pos_ = %s;\n", ind, top_expr(n, 0));
            fprintf(f, "%sif (mode == VM_EVAL || pos_ < 1 || pos_ > len_", ind);
            put_slow_if(n, ind);
            fprintf(f, "memmove(e_ + (uint32_t)(pos_ - 1) * %uu, e_ + (uint32_t)pos_ * %uu, (size_t)(len_ - pos_) * %uu);\n"
                       "%smemset(e_ + (uint32_t)(len_ - 1) * %uu, 0, %uu);\n%slen_--;\n",
                    w, w, w, ind, w, w, ind);
        }
        if (in->op != ORDO_OP_LSET)
            fprintf(f, "%smemcpy(a_, &len_, 2);\n", ind);
        break;
    }
    case ORDO_OP_SADD: case ORDO_OP_SREM:
        fputs("    ", f);
        open_cell(n, v, n->d - 1 - nd);
        fprintf(f, "%sint32_t x_ = %s;\n%sif (", ind, top_expr(n, 0), ind);
        put_value_check(n, v, "x_");
        if (in->op == ORDO_OP_SREM)
            fprintf(f, " || !vm_set_has(a_, (uint32_t)x_ - (uint32_t)%" PRId32 ")", v->lo);
        put_slow_if(n, ind);
        fprintf(f, "vm_set_put(a_, (uint32_t)x_ - (uint32_t)%" PRId32 ", %d);\n", v->lo,
                in->op == ORDO_OP_SADD);
        break;
    default: /* SCLR */
        fputs("    ", f);
        open_cell(n, v, n->d - nd);
        fprintf(f, "%sif (mode == VM_EVAL", ind);
        put_slow_if(n, ind);
        fprintf(f, "memset(a_, 0, %" PRIu32 "u);\n", v->stride);
        break;
    }
    put_count_line(n, "        ");
    fputs("    }\n", f);
}

static void emit_list_or_set(writer *n, const ordo_insn *in)
{
    const ordo_var *v = &n->p->vars[in->a];
    FILE *f = n->f;
    int32_t nd = v->ndims;
    if (in->op == ORDO_OP_LLEN || in->op == ORDO_OP_SLEN) {
        fputs("    ", f);
        open_cell(n, v, n->d - nd);
        if (in->op == ORDO_OP_LLEN)
            fprintf(f, "        int16_t len_; memcpy(&len_, a_, 2); %s = len_;\n",
                    tmp(n, n->d - nd));
        else
            fprintf(f, "        %s = (int32_t)vm_set_count(a_, %uu);\n", tmp(n, n->d - nd),
                    (unsigned)v->cap);
        put_count_line(n, "        ");
    fputs("    }\n", f);
        set_var(n, n->d - nd);
        return;
    }
    int32_t out = n->d - 1 - nd;
    if (in->op == ORDO_OP_SNEXT)
        flush(n, out); /* what the loop's end finds in the slots */
    fputs("    ", f);
    open_cell(n, v, out);
    if (in->op == ORDO_OP_LGET) {
        fprintf(f,
                "        int16_t len_; memcpy(&len_, a_, 2);\n"
                "        int32_t pos_ = %s;\n"
                "        if (pos_ < 1 || pos_ > len_) ",
                top_expr(n, 0));
        put_slow(n);
        fprintf(f, "\n        %s = vm_load(a_ + 2 + (uint32_t)(pos_ - 1) * %uu, %uu);\n",
                tmp(n, out), (unsigned)v->width, (unsigned)v->width);
    } else if (in->op == ORDO_OP_LHAS) {
        fprintf(f,
                "        int16_t len_; memcpy(&len_, a_, 2);\n"
                "        int32_t x_ = %s, in_ = 0;\n"
                "        for (int32_t k_ = 0; k_ < len_ && !in_; k_++)\n"
                "            in_ = vm_load(a_ + 2 + (uint32_t)k_ * %uu, %uu) == x_;\n"
                "        %s = in_;\n",
                top_expr(n, 0), (unsigned)v->width, (unsigned)v->width, tmp(n, out));
    } else if (in->op == ORDO_OP_SHAS) {
        fprintf(f,
                "        int32_t x_ = %s;\n"
                "        %s = x_ >= %" PRId32 " && x_ <= %" PRId32
                " && vm_set_has(a_, (uint32_t)x_ - (uint32_t)%" PRId32 ");\n",
                top_expr(n, 0), tmp(n, out), v->lo, v->hi, v->lo);
    } else { /* SNEXT */
        fprintf(f,
                "        int32_t m_ = vm_set_next(a_, %uu, (int64_t)%s - %" PRId32 " + 1);\n"
                "        if (m_ < 0) { ",
                (unsigned)v->cap, top_expr(n, 0), v->lo);
        put_jump(n, (uint32_t)in->b);
        fprintf(f, " }\n        %s = %" PRId32 " + m_;\n", tmp(n, out), v->lo);
    }
    put_count_line(n, "        ");
    fputs("    }\n", f);
    set_var(n, out);
}

static void emit_load_store(writer *n, const ordo_insn *in)
{
    const ordo_var *v = &n->p->vars[in->a];
    FILE *f = n->f;
    unsigned w = v->width;
    if (in->op == ORDO_OP_LDG) {
        fprintf(f, "    %s = vm_load(state + %" PRIu32 "u, %uu);%s\n", tmp(n, n->d),
                v->offset, w, count_of(n));
        set_var(n, n->d);
        set_width_range(n, n->d, w);
    } else if (in->op == ORDO_OP_STG) {
        fprintf(f, "    { int32_t x_ = %s;\n      if (", top_expr(n, 0));
        put_value_check(n, v, "x_");
        fputs(") ", f);
        put_slow(n);
        fprintf(f, "\n      vm_store(state + %" PRIu32 "u, %uu, x_);%s }\n", v->offset, w, count_of(n));
    } else if (in->op == ORDO_OP_LDX) {
        int32_t first = n->d - v->ndims;
        fputs("    ", f);
        open_cell(n, v, first);
        fprintf(f, "        %s = vm_load(a_, %uu);%s\n    }\n", tmp(n, first), w, count_of(n));
        set_var(n, first);
        set_width_range(n, first, w);
    } else { /* STX */
        fputs("    ", f);
        open_cell(n, v, n->d - 1 - v->ndims);
        fprintf(f, "        int32_t x_ = %s;\n        if (", top_expr(n, 0));
        put_value_check(n, v, "x_");
        fputs(") ", f);
        put_slow(n);
        fprintf(f, "\n        vm_store(a_, %uu, x_);%s\n    }\n", w, count_of(n));
    }
}

/* Slot s of the frame as the C names it: fp[L_name] where the rules name
 * it (put_slot_names declared the constant), the names in a comment where
 * several share it, else fp[s]. */
static void put_slot(writer *n, uint32_t s)
{
    const char *name = n->slot_name ? n->slot_name[s] : NULL;
    if (name && n->named[s])
        fprintf(n->f, "fp[L_%s]", name);
    else if (name)
        fprintf(n->f, "fp[%" PRIu32 " /* %s */]", s, name);
    else
        fprintf(n->f, "fp[%" PRIu32 "]", s);
}

/* a local read or written: LDL, STL, INCL, LDLI, STLI */
static void emit_local(writer *n, const ordo_insn *in)
{
    FILE *f = n->f;
    if (in->op == ORDO_OP_LDLI || in->op == ORDO_OP_STLI) {
        const char *ix = in->op == ORDO_OP_LDLI ? top_expr(n, 0) : top_expr(n, 1);
        fprintf(f, "    { int32_t i_ = %s;\n      if (i_ < 0 || i_ >= %" PRId64 ") ", ix,
                (int64_t)n->L - in->a);
        put_slow(n);
        if (in->op == ORDO_OP_LDLI) {
            fprintf(f, "\n      %s = fp[%u + i_];%s }\n", tmp(n, n->d - 1),
                    (unsigned)in->a, count_of(n));
            set_var(n, n->d - 1);
        } else {
            fprintf(f, "\n      fp[%u + i_] = %s;%s }\n", (unsigned)in->a, top_expr(n, 0), count_of(n));
        }
        return;
    }
    if (in->a >= n->L) {
        fputs("    ", f);
        put_slow(n);
        fputc('\n', f);
    } else if (in->op == ORDO_OP_LDL) {
        fprintf(f, "    %s = ", tmp(n, n->d));
        put_slot(n, in->a);
        fprintf(f, ";%s\n", count_of(n));
        set_var(n, n->d);
    } else if (in->op == ORDO_OP_STL) {
        fputs("    ", f);
        put_slot(n, in->a);
        fprintf(f, " = %s;%s\n", top_expr(n, 0), count_of(n));
    } else {
        fputs("    if (", f);
        put_slot(n, in->a);
        fputs(" == INT32_MAX) ", f);
        put_slow(n);
        fputs("\n    ", f);
        put_slot(n, in->a);
        fprintf(f, "++;%s\n", count_of(n));
    }
}

/* The event of a traced instruction, after its work: with no trace
 * callback only its sequence number; with one, the call the interpreter
 * makes, the block first made as the interpreter has it then (the
 * operands up to `upto` in their slots, the registers saved with the pc
 * at the instruction, `after` operands in use, the instruction counted),
 * so the callback sees the game as it always does. `args` is the
 * instruction's first arg among the operands, or -1 for the literal
 * `lit` (TRIG's timing) or none. */
static void put_event(writer *n, const char *kind, const char *player, int32_t upto, int32_t after,
                      int32_t args, int nargs, int32_t lit)
{
    FILE *f = n->f;
    const ordo_insn *in = &n->p->code[n->pc];
    fputs("    if (g->trace) { ", f);
    put_stores(n, upto);
    fprintf(f, "ON_AT(%" PRIu32 "u, %" PRIu32 "u); ON_EVENT(%s, %s, %u, %d, ", n->pc,
            slot(n, after), kind, player, in->op == ORDO_OP_TURN ? 0u : (unsigned)in->a, nargs);
    if (args >= 0)
        fprintf(f, "fp + %" PRIu32 "u", slot(n, args));
    else if (nargs)
        fprintf(f, "(const int32_t[1]){%" PRId32 "}", lit);
    else
        fputs("NULL", f);
    fputs("); }\n    else g->seq++;\n", f);
    put_count_line(n, "    ");
}

/* The instructions whose work is a trace line (and a step, a turn): the
 * work, then the event through the callback when there is one
 * (put_event); a player out of the game or an eval runs in the
 * interpreter, for its error. */
static void emit_traced(writer *n, const ordo_insn *in)
{
    const ordo_program *p = n->p;
    FILE *f = n->f;
    int32_t d = n->d;
    if (in->op == ORDO_OP_TURN) {
        const ordo_var *va = &p->vars[0], *vt = &p->vars[1];
        fprintf(f,
                "    { int32_t p_ = %s;\n"
                "      if (mode == VM_EVAL || (uint32_t)p_ >= (uint32_t)nplayers) ",
                top_expr(n, 0));
        put_slow(n);
        fprintf(f,
                "\n      unsigned char *a_ = state + %" PRIu32 "u + (uint32_t)p_ * %" PRIu32 "u;\n"
                "      int32_t t_ = vm_load(a_, %uu);\n"
                "      if (t_ >= %" PRId32 ") ",
                vt->offset, vt->stride, (unsigned)vt->width, vt->hi);
        put_slow(n);
        fprintf(f,
                "\n      vm_store(state + %" PRIu32 "u, %uu, p_);\n"
                "      vm_store(a_, %uu, t_ + 1);\n",
                va->offset, (unsigned)va->width, (unsigned)vt->width);
        put_event(n, "ORDO_EV_TURN", "p_", d, d - 1, -1, 0, 0);
        fputs("    }\n", f);
        return;
    }
    if (in->op == ORDO_OP_WINDOW) {
        fprintf(f, "    { int32_t p_ = %s;\n      if (mode == VM_EVAL || (uint32_t)p_ >= (uint32_t)nplayers) ",
                top_expr(n, 0));
        put_slow(n);
        fputc('\n', f);
        put_event(n, in->x ? "ORDO_EV_WINDOW_END" : "ORDO_EV_WINDOW", "p_", d, d - 1, -1, 0, 0);
        fputs("    }\n", f);
        return;
    }
    fputs("    if (mode == VM_EVAL) ", f);
    put_slow(n);
    fputc('\n', f);
    switch (in->op) {
    case ORDO_OP_STEP:
        fprintf(f, "    %s = cur_step;\n    cur_step = %u;\n", tmp(n, d), (unsigned)in->a);
        set_var(n, d);
        put_event(n, "ORDO_EV_STEP", "-1", d + 1, d + 1, -1, 0, 0);
        break;
    case ORDO_OP_SKIP:
        put_event(n, "ORDO_EV_SKIP", "-1", d, d, -1, 0, 0);
        break;
    case ORDO_OP_TRIG:
        if (in->x == 0)
            put_event(n, "ORDO_EV_OVERRIDE", "-1", d, d, -1, 0, 0);
        else
            put_event(n, "ORDO_EV_TRIGGER", "-1", d, d, -1, 1, in->x);
        break;
    default: /* EMIT, LOG: the args popped, left in their slots */
        put_event(n, in->op == ORDO_OP_EMIT ? "ORDO_EV_EVENT" : "ORDO_EV_LOG", "-1", d, d - in->x,
                  in->x ? d - in->x : -1, in->x, 0);
    }
}

static void emit_insn(writer *n, const ordo_insn *in)
{
    const ordo_program *p = n->p;
    FILE *f = n->f;
    char cond[96], then[96];
    uint32_t top = slot(n, n->d);
    int pops, pushes;
    ordo_op_stack_in(p, in, &pops, &pushes);
    if (ordo_op_native(in->op) == ORDO_NATIVE_LEAVE) {
        fputs("    ", f); /* it suspends, ends, leaves the frame or calls */
        put_slow(n);
        fputc('\n', f);
        return;
    }
    if (ordo_op_native(in->op) == ORDO_NATIVE_INTERP) { /* on at the next instruction */
        flush(n, n->d);
        fprintf(f,
                "    ON_AT(%" PRIu32 "u, %" PRIu32 "u);\n"
                "    if (ON_STEP() != VM_STEPPED)\n"
                "        return rc;\n"
                "    if (!ON_HERE(%" PRIu32 "u, %" PRIu32 "u))\n"
                "        goto dispatch;\n",
                n->pc, top, n->pc + 1, slot(n, n->d - pops + pushes));
        for (int32_t i = n->d - pops; i < n->d - pops + pushes; i++)
            n->kind[i] = OPND_SLOT;
        return;
    }
    switch (in->op) {
    case ORDO_OP_NOP:
        put_count_line(n, "    ");
        break;
    case ORDO_OP_POP: /* a value no one reads: said so, for the C compiler */
        if (n->kind[n->d - 1] == OPND_VAR)
            fprintf(f, "    (void)t%" PRId32 ";\n", n->val[n->d - 1]);
        put_count_line(n, "    ");
        break;
    case ORDO_OP_PUSH:
        put_count_line(n, "    ");
        n->kind[n->d] = OPND_CONST;
        n->val[n->d] = in->b;
        break;
    case ORDO_OP_DUP:
        put_count_line(n, "    ");
        if (n->kind[n->d - 1] == OPND_SLOT) {
            fprintf(f, "    %s = %s;\n", tmp(n, n->d), top_expr(n, 0));
            set_var(n, n->d);
        } else {
            n->kind[n->d] = n->kind[n->d - 1];
            n->val[n->d] = n->val[n->d - 1];
        }
        break;
    case ORDO_OP_LDL: case ORDO_OP_STL: case ORDO_OP_INCL: case ORDO_OP_LDLI: case ORDO_OP_STLI:
        emit_local(n, in);
        break;
    case ORDO_OP_LDG: case ORDO_OP_STG: case ORDO_OP_LDX: case ORDO_OP_STX:
        emit_load_store(n, in);
        break;
    case ORDO_OP_ADD: emit_arith(n, '+'); break;
    case ORDO_OP_SUB: emit_arith(n, '-'); break;
    case ORDO_OP_MUL: emit_arith(n, '*'); break;
    case ORDO_OP_DIV: case ORDO_OP_MOD:
        fprintf(f, "    { int32_t a_ = %s, b_ = %s;\n      if (b_ == 0%s) ", top_expr(n, 1), top_expr(n, 0),
                in->op == ORDO_OP_DIV ? " || (b_ == -1 && a_ == INT32_MIN)" : "");
        put_slow(n);
        fprintf(f, "\n      %s = %s;%s }\n", tmp(n, n->d - 2),
                in->op == ORDO_OP_DIV ? "a_ / b_" : "b_ == -1 ? 0 : a_ % b_", count_of(n));
        set_var(n, n->d - 2);
        break;
    case ORDO_OP_NEG: case ORDO_OP_ABS:
        fprintf(f, "    { int32_t a_ = %s;\n      if (a_ == INT32_MIN) ", top_expr(n, 0));
        put_slow(n);
        fprintf(f, "\n      %s = %s;%s }\n", tmp(n, n->d - 1),
                in->op == ORDO_OP_NEG ? "-a_" : "a_ < 0 ? -a_ : a_", count_of(n));
        set_var(n, n->d - 1);
        break;
    case ORDO_OP_NOT:
        fprintf(f, "    %s = !%s;%s\n", tmp(n, n->d - 1), top_expr(n, 0), count_of(n));
        set_var(n, n->d - 1);
        set_range(n, n->d - 1, 0, 1);
        break;
    case ORDO_OP_EQ: emit_binop(n, "a_ == b_", 0); break;
    case ORDO_OP_NE: emit_binop(n, "a_ != b_", 0); break;
    case ORDO_OP_LT: emit_binop(n, "a_ < b_", 0); break;
    case ORDO_OP_LE: emit_binop(n, "a_ <= b_", 0); break;
    case ORDO_OP_GT: emit_binop(n, "a_ > b_", 0); break;
    case ORDO_OP_GE: emit_binop(n, "a_ >= b_", 0); break;
    case ORDO_OP_MIN: emit_binop(n, "a_ < b_ ? a_ : b_", '<'); break;
    case ORDO_OP_MAX: emit_binop(n, "a_ > b_ ? a_ : b_", '>'); break;
    case ORDO_OP_JMP:
        flush(n, n->d);
        fputs("    ", f);
        put_jump(n, (uint32_t)in->b);
        fputc('\n', f);
        break;
    case ORDO_OP_JZ: case ORDO_OP_JNZ:
        flush(n, n->d - 1);
        fprintf(f, "    if (%s %s 0) { ", top_expr(n, 0), in->op == ORDO_OP_JZ ? "==" : "!=");
        put_jump(n, (uint32_t)in->b);
        fputs(" }\n", f);
        put_count_line(n, "    ");
        break;
    case ORDO_OP_CALL:
        emit_call(n, in);
        for (int32_t i = n->d - pops; i < n->d - pops + pushes; i++)
            n->kind[i] = OPND_SLOT;
        break;
    case ORDO_OP_RET: case ORDO_OP_RETV:
        for (int32_t i = 0; i + (in->op == ORDO_OP_RETV) < n->d; i++)
            if (n->kind[i] == OPND_VAR) /* left behind: the frame goes */
                fprintf(f, "    (void)t%" PRId32 ";\n", n->val[i]);
        emit_return(n, in->op == ORDO_OP_RETV);
        break;
    case ORDO_OP_NPLAYERS:
        put_count_line(n, "    ");
        fprintf(f, "    %s = nplayers;\n", tmp(n, n->d));
        set_var(n, n->d);
        break;
    case ORDO_OP_OPTS:
        snprintf(then, sizeof then, "VM_CLEAR_OPTS(g);%s", count_of(n));
        put_guarded(n, "mode == VM_EVAL", then);
        break;
    case ORDO_OP_OFFER: case ORDO_OP_OFFERN:
        snprintf(cond, sizeof cond, "mode == VM_EVAL || g->nopts >= %uu", (unsigned)p->max_options);
        if (in->op == ORDO_OP_OFFERN)
            snprintf(then, sizeof then, "ON_OFFER(%uu, VM_OPT_PLAIN, 0);%s", (unsigned)in->a, count_of(n));
        else
            snprintf(then, sizeof then, "ON_OFFER(%uu, VM_OPT_PARAM, %s);%s",
                     (unsigned)in->a, top_expr(n, 0), count_of(n));
        put_guarded(n, cond, then);
        break;
    case ORDO_OP_DATA:
        if (in->x == 0) {
            fprintf(f, "    { int32_t r_ = %s;\n      if ((uint32_t)r_ >= %uu) ", top_expr(n, 0),
                    (unsigned)in->a);
            put_slow(n);
            fprintf(f, "\n      %s = %s_data[%" PRId32 "u + (uint32_t)r_];%s }\n",
                    tmp(n, n->d - 1), n->sym, in->b, count_of(n));
            set_var(n, n->d - 1);
            set_data_range(n, n->d - 1, (uint32_t)in->b, (uint32_t)in->a);
        } else {
            fprintf(f,
                    "    { int32_t r_ = %s, m_ = %s;\n"
                    "      if (r_ < 0 || r_ >= %u || m_ < 0 ||\n"
                    "          %" PRId32 "u + (uint64_t)m_ * %uu + (uint64_t)r_ >= %" PRIu32 "u) ",
                    top_expr(n, 1), top_expr(n, 0), (unsigned)in->a, in->b, (unsigned)in->a, p->ndata);
            put_slow(n);
            fprintf(f,
                    "\n      %s = %s_data[%" PRId32
                    "u + (uint64_t)m_ * %uu + (uint64_t)r_];%s }\n",
                    tmp(n, n->d - 2), n->sym, in->b, (unsigned)in->a, count_of(n));
            set_var(n, n->d - 2);
        }
        break;
    case ORDO_OP_STEPEND:
        fprintf(f, "    { int32_t s_ = %s;\n      if (mode == VM_EVAL || s_ < -1 || s_ >= %u) ",
                top_expr(n, 0), (unsigned)p->nsteps);
        put_slow(n);
        fprintf(f, "\n      cur_step = s_;%s }\n", count_of(n));
        break;
    case ORDO_OP_DEPTH:
        fprintf(f,
                "    %s = 0;\n"
                "    for (uint32_t k_ = 0; k_ < nframes; k_++) %s += frames[k_].proc == %uu;\n",
                tmp(n, n->d), tmp(n, n->d), (unsigned)in->a);
        put_count_line(n, "    ");
        set_var(n, n->d);
        break;
    case ORDO_OP_ASSERT:
        snprintf(cond, sizeof cond, "%s == 0", top_expr(n, 0));
        put_guarded(n, cond, count_of(n));
        break;
    case ORDO_OP_UNESC:
        snprintf(cond, sizeof cond, "mode == VM_EVAL || g->nesc < %uu", (unsigned)in->x);
        snprintf(then, sizeof then, "g->nesc = (uint16_t)(g->nesc - %uu);%s", (unsigned)in->x,
                 count_of(n));
        put_guarded(n, cond, then);
        break;
    case ORDO_OP_EMITB:
        /* outside a batch nothing; in one, the interpreter holds it back */
        put_guarded(n, "mode == VM_EVAL || g->batch", count_of(n));
        break;
    case ORDO_OP_ADDD: case ORDO_OP_LADD: case ORDO_OP_LSET: case ORDO_OP_LREM:
    case ORDO_OP_LREMAT: case ORDO_OP_LCLR: case ORDO_OP_SADD: case ORDO_OP_SREM:
    case ORDO_OP_SCLR:
        emit_change(n, in);
        break;
    case ORDO_OP_STEP: case ORDO_OP_EMIT: case ORDO_OP_TRIG: case ORDO_OP_SKIP:
    case ORDO_OP_LOG: case ORDO_OP_WINDOW: case ORDO_OP_TURN:
        emit_traced(n, in);
        break;
    default:
        emit_list_or_set(n, in);
    }
}

/* the instruction as the disassembler shows it (`ordoc --disasm`): its
 * pc, name and operands, and what it names: a var, a proc, a step and its
 * rule IDs, an option's label */
static void put_insn_comment(writer *n, const ordo_insn *in)
{
    char ops[64], note[512];
    oc_insn_operands(in, ops, sizeof ops);
    oc_insn_note(n->p, in, note, sizeof note);
    fprintf(n->f, "    /* %" PRIu32 " %s%s", n->pc, oc_op_name(in->op), ops);
    if (note[0]) {
        fputc(' ', n->f);
        oc_put_comment_text(n->f, note);
    }
    fputs(" */\n", n->f);
}

/* ------------------------------------------------------------------ output */

static void mark_labels(writer *n)
{
    const ordo_program *p = n->p;
    for (uint16_t k = 0; k < p->nprocs; k++)
        if (!n->bad[k])
            n->label[p->procs[k].pc] = 1;
    for (uint32_t pc = 0; pc < p->ncode; pc++) {
        const ordo_insn *in = &p->code[pc];
        if (n->depth[pc] < 0)
            continue;
        if (ordo_op_operand(in->op, 2) == ORDO_OPND_JUMP)
            n->label[in->b] = 1;
        if (in->op == ORDO_OP_BNEXT)
            n->label[pc] = 1;
        if ((in->op == ORDO_OP_CALL || !compiled_inline(in)) && pc + 1 < p->ncode)
            n->label[pc + 1] = 1;
        if (in->op == ORDO_OP_OFFER || in->op == ORDO_OP_OFFERN)
            n->label[p->options[in->a].target] = 1;
        if (in->op == ORDO_OP_ESC)
            n->label[p->escapes[in->a].handler] = 1;
    }
    for (uint32_t pc = 0; pc < p->ncode; pc++)
        if (n->depth[pc] < 0)
            n->label[pc] = 0;
}

/* proc k's resume points: a frame of k, the depth the analysis found,
 * room for its deepest stack; a pc of another proc's goes to its
 * function (deeper frames, through `run`) or back to the caller */
static void emit_dispatch(writer *n, int32_t k, uint32_t first, uint32_t end)
{
    const ordo_program *p = n->p;
    FILE *f = n->f;
    fputs("dispatch:\n"
          "    if (nframes == 0u)\n"
          "        goto interp;\n"
          "    switch (pc) {\n",
          f);
    for (uint32_t pc = first; pc < end; pc++)
        if (n->label[pc])
            fprintf(f, "    case %" PRIu32 ": if (ON_FITS(%" PRId32 "u, %" PRIu32 "u, %" PRIu32
                       ")) goto pc_%" PRIu32 "; goto interp;\n",
                    pc, k, p->procs[k].nlocals + (uint32_t)n->depth[pc], n->room[k], pc);
    fputs("    default:\n        if (", f);
    if (first)
        fprintf(f, "pc >= %" PRIu32 "u && ", first);
    fprintf(f,
            "pc < %" PRIu32 "u)\n"
            "            goto interp;\n"
            "        /* another proc's: deeper frames run through `run`, a\n"
            "         * shallower one is the caller's */\n"
            "        ON_SAVE(pc, dsp);\n"
            "        if (nframes <= level)\n"
            "            return ON_GOTO;\n"
            "        rc = %s_run(g, mode, base, result, level);\n"
            "        if (rc != ON_GOTO)\n"
            "            return rc;\n"
            "        ON_LOAD();\n"
            "        goto dispatch;\n"
            "    }\n"
            "slow:\n"
            "    if (ON_STEP() != VM_STEPPED)\n"
            "        return rc;\n"
            "    goto dispatch;\n"
            "interp:\n"
            "    ON_SAVE(pc, dsp);\n"
            "    return ordo_vm_interpret(g, mode, base, result);\n",
            end, n->sym);
}

static void put_proc_comment(writer *n, int32_t k)
{
    const ordo_proc *pr = &n->p->procs[k];
    fprintf(n->f, "/* %s ", pr->returns ? "fn" : "proc");
    oc_put_comment_text(n->f, pr->name);
    fprintf(n->f, " (proc %" PRId32 ", line %" PRIu32 "): %u params, %u locals; operand k at fp[%u + k] */\n",
            k, pr->line, (unsigned)pr->nparams, (unsigned)pr->nlocals, (unsigned)pr->nlocals);
}

/* `#line N "FILE.ordo"` before the code of the instruction at pc when
 * the line table gives it a line other than the last one's: a debugger
 * and the C compiler's messages then speak of the rules' lines. Rows come
 * in pc order, and so do the instructions written. */
static void put_line(writer *n, uint32_t pc, uint64_t *last)
{
    const ordo_program *p = n->p;
    uint32_t r = n->line;
    if (r >= p->nlines || p->lines[r].pc > pc)
        r = 0; /* back to the first row: a new function may start lower */
    while (r + 1 < p->nlines && p->lines[r + 1].pc <= pc)
        r++;
    n->line = r;
    if (r >= p->nlines || p->lines[r].pc > pc || !p->lines[r].line)
        return;
    const ordo_line *l = &p->lines[r];
    const char *file = p->files && l->file < p->nfiles ? p->files[l->file] : p->file;
    uint64_t at = (uint64_t)l->file << 32 | l->line;
    if (!file || at == *last)
        return;
    fprintf(n->f, "#line %" PRIu32 " ", l->line);
    oc_put_c_string(n->f, file);
    fputc('\n', n->f);
    *last = at;
}

/* `int32_t t0 = 0, t2 = 0;`: the C variables the function's code uses
 * (set before any read; the zero only spares the C compiler the proof) */
static void put_temporaries(writer *n)
{
    const char *sep = "    int32_t ";
    for (uint32_t i = 0; i <= n->p->stack_size; i++)
        if (n->used[i]) {
            fprintf(n->f, "%st%" PRIu32 " = 0", sep, i);
            sep = ", ";
        }
    if (*sep == ',')
        fputs(";\n", n->f);
}

/* The code of proc k, first..end-1: each instruction under its rule
 * line, with a label where control comes other than by falling through,
 * its comment and its code (oc_emit_c puts them on one line). */
/* Does a jump of first..end-1 go to pc? (A copy's label is written only
 * then: a C label no goto names is a warning.) */
static int jumped_to(const writer *n, uint32_t first, uint32_t end, uint32_t pc)
{
    for (uint32_t j = first; j < end; j++) {
        const ordo_insn *in = &n->p->code[j];
        if (n->depth[j] >= 0 && ordo_op_operand(in->op, 2) == ORDO_OPND_JUMP && (uint32_t)in->b == pc)
            return 1;
    }
    return 0;
}

/* ---- counting the steps
 *
 * The interpreter counts each instruction it runs (g->steps), and the
 * count is seen where the C saves its registers (a way out, a call, an
 * event) and where a jump back or a call checks the limit. Between those
 * places the C need not count one by one: an instruction that does not
 * jump, call, return or trace adds to n->pend, and the count is brought
 * up to date (`steps += N`) before a label, before an instruction that
 * does, and on each way out to the interpreter (put_slow), so that
 * wherever it is seen it is the interpreter's. */

/* `steps += N` for the instructions run since the last */
static void put_steps(writer *n)
{
    if (n->pend == 1)
        fputs("    steps++;\n", n->f);
    else if (n->pend)
        fprintf(n->f, "    steps += %" PRIu32 ";\n", n->pend);
    n->pend = 0;
}

/* Is the instruction's step counted with the run's (n->pend), its code
 * neither jumping, calling, returning nor tracing? */
static int counted_later(const ordo_insn *in)
{
    if (!compiled_inline(in) || ordo_op_operand(in->op, 2) == ORDO_OPND_JUMP)
        return 0;
    switch (in->op) {
    case ORDO_OP_CALL: case ORDO_OP_RET: case ORDO_OP_RETV: case ORDO_OP_STEP:
    case ORDO_OP_EMIT: case ORDO_OP_TRIG: case ORDO_OP_SKIP: case ORDO_OP_LOG:
    case ORDO_OP_WINDOW: case ORDO_OP_TURN:
        return 0;
    default:
        return 1;
    }
}

/* Writes the code of an instruction counted with the run: its `steps++`
 * (one, on the way through; none when every way leads out) left out and
 * added to n->pend. -1 when a way through counted twice (never). */
static int emit_counted_later(writer *n, const ordo_insn *in)
{
    n->later = 1;
    n->later_counts = 0;
    emit_insn(n, in);
    n->later = 0;
    n->pend += n->later_counts;
    return n->later_counts > 1 ? -1 : 0;
}

static void emit_code(writer *n, uint32_t first, uint32_t end, uint64_t *last)
{
    const ordo_program *p = n->p;
    n->last = last;
    n->pend = 0;
    memset(n->kind, OPND_SLOT, (size_t)p->stack_size + 1);
    for (uint32_t pc = first; pc < end; pc++) {
        if (n->depth[pc] < 0)
            continue;
        if (n->label[pc]) {
            flush(n, n->depth[pc]); /* falling in, as a jump comes: in the slots */
            put_steps(n);          /* and counted */
        }
        put_line(n, pc, last);      /* the label, the comment and the code are its */
        if (n->label[pc]) {
            if (!n->site || jumped_to(n, first, end, pc)) {
                put_label_name(n, pc);
                fputs(":;\n", n->f);
            }
            memset(n->kind, OPND_SLOT, (size_t)p->stack_size + 1);
        }
        n->pc = pc;
        n->d = n->depth[pc];
        put_insn_comment(n, &p->code[pc]);
        if (!counted_later(&p->code[pc])) {
            put_steps(n);
            emit_insn(n, &p->code[pc]);
        } else if (emit_counted_later(n, &p->code[pc]) < 0) {
            n->failed = 1;
        }
    }
    put_steps(n);
}

static void emit_body(writer *n, int32_t k, uint32_t first, uint32_t end)
{
    uint64_t last = 0;
    n->L = n->p->procs[k].nlocals;
    emit_code(n, first, end, &last);
}

/* Proc k's code in place of the CALL at ret_pc - 1, its frame pushed (fp
 * its base): its labels its own (pc_N_SITE), its slots as fp[K], its RET
 * back to pc_RET. Where it leaves the C (a check that fails), the run
 * goes on through `dispatch`, whose `run` finds k's own function. */
static void emit_inline(writer *n, int32_t k, uint32_t ret_pc)
{
    const char *const *slot_name = n->slot_name;
    uint32_t L = n->L, pc = n->pc;
    int32_t d = n->d;
    uint64_t last = 0, *caller_last = n->last;
    n->slot_name = NULL;
    n->site = ++n->nsites;
    n->ret_pc = ret_pc;
    n->L = n->p->procs[k].nlocals;
    emit_code(n, n->p->procs[k].pc, proc_end(n, k), &last);
    n->site = 0;
    *caller_last = 0; /* the caller's next instruction names its line again */
    n->last = caller_last;
    n->slot_name = slot_name;
    n->L = L;
    n->pc = pc;
    n->d = d;
    memset(n->kind, OPND_SLOT, (size_t)n->p->stack_size + 1);
}

/* Is a one-name slot's name alone, a C identifier that no other slot of
 * the proc takes? Then it reads fp[L_name]. */
static int name_is_alone(const char *const *names, uint32_t nlocals, uint32_t s)
{
    const char *name = names[s];
    if (!name || strchr(name, ','))
        return 0;
    for (const char *c = name; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
              *c == '_'))
            return 0;
    for (uint32_t t = 0; t < nlocals; t++)
        if (t != s && names[t] && strcmp(names[t], name) == 0)
            return 0;
    return 1;
}

/* The current proc k's slot names (n->slot_name, n->named). */
static void name_slots(writer *n, int32_t k)
{
    uint32_t nlocals = n->p->procs[k].nlocals;
    n->slot_name = n->names ? n->names[k] : NULL;
    memset(n->named, 0, (size_t)n->p->stack_size + 1);
    for (uint32_t s = 0; n->slot_name && s < nlocals && s <= n->p->stack_size; s++)
        n->named[s] = (uint8_t)name_is_alone(n->slot_name, nlocals, s);
}

/* `enum { L_p = 0, L_r = 1 };`: the rules' names of the proc's slots, as
 * constants a reader and a debugger (`print fp[L_r]`) can use. */
static void put_slot_names(writer *n, int32_t k)
{
    uint32_t nlocals = n->p->procs[k].nlocals, any = 0;
    for (uint32_t s = 0; s < nlocals && s <= n->p->stack_size; s++) {
        if (!n->named[s])
            continue;
        fprintf(n->f, "%s L_%s = %" PRIu32, any++ ? "," : "    enum {", n->slot_name[s], s);
    }
    if (any)
        fputs(" }; /* the rules' names of the frame's slots */\n", n->f);
}

/* proc k, code first..end-1, as one function named after it; its body
 * written first, to know which operand variables to declare. -1 when out
 * of memory. */
static int emit_proc(writer *n, int32_t k, uint32_t first, uint32_t end)
{
    FILE *f = n->f;
    char *body = NULL;
    size_t len = 0;
    FILE *bf = open_memstream(&body, &len);
    if (!bf)
        return -1;
    memset(n->used, 0, (size_t)n->p->stack_size + 1);
    name_slots(n, k);
    n->f = bf;
    emit_body(n, k, first, end);
    n->f = f;
    if (fclose(bf) != 0 || n->failed) {
        free(body);
        return -1;
    }
    put_proc_comment(n, k);
    fprintf(f, "static int %s(ordo_game *g, int mode, uint32_t base, int32_t *result, int called)\n"
               "{\n"
               "    ON_REGISTERS;\n",
            n->fn[k]);
    put_slot_names(n, k);
    put_temporaries(n);
    /* a CALL pushed the frame, checked its room and set the depth:
     * what ON_FITS would check at the first pc holds */
    if (n->label[first])
        fprintf(f, "    if (called)\n        goto pc_%" PRIu32 ";\n", first);
    else
        fputs("    (void)called;\n", f);
    emit_dispatch(n, k, first, end);
    fwrite(body, 1, len, f);
    free(body);
    fputs(OC_LINE_BACK "}\n\n", f);
    return 0;
}

/* A proc's name as a C identifier: what is not a letter, a digit or '_'
 * becomes '_'. */
static void c_identifier(char *s)
{
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')))
            *s = '_';
}

/* Whether SYM_NAME is taken: by a table or function of the emitted C
 * (emit_c.c's, this file's) or by one of the first k procs' functions. */
static int name_taken(const writer *n, const char *name, uint16_t k)
{
    static const char *const ours[] = {
        "code",  "data",     "displays", "enums", "escapes", "events",  "invariants",
        "items", "lines",    "native",   "options", "policies", "prefers", "procs",
        "scenarios", "steps", "texts",   "vars",  "names",   "option_names", "files",
        "first", "fn",       "run",
    };
    size_t skip = strlen(n->sym) + 1;
    for (size_t i = 0; i < sizeof ours / sizeof ours[0]; i++)
        if (strcmp(name + skip, ours[i]) == 0)
            return 1;
    for (uint16_t i = 0; i < k; i++)
        if (n->fn[i] && strcmp(n->fn[i], name) == 0)
            return 1;
    return 0;
}

/* Each proc's function's name, SYM_NAME after the proc (`tiny_program_
 * take_turn`); when that is taken, SYM_NAME_K (K its index), and so on:
 * the same names for the same program. -1 when out of memory. */
static int name_functions(writer *n)
{
    const ordo_program *p = n->p;
    for (uint16_t k = 0; k < p->nprocs; k++) {
        const char *name = p->procs[k].name ? p->procs[k].name : "proc";
        size_t size = strlen(n->sym) + strlen(name) + 2;
        char *s = malloc(size);
        if (!s)
            return -1;
        snprintf(s, size, "%s_%s", n->sym, name);
        c_identifier(s + strlen(n->sym) + 1);
        while (name_taken(n, s, k)) {
            char *t = malloc(strlen(s) + 8);
            if (!t) {
                free(s);
                return -1;
            }
            sprintf(t, "%s_%u", s, (unsigned)k);
            free(s);
            s = t;
        }
        n->fn[k] = s;
    }
    return 0;
}

/* where each proc's code ends: the next proc's start, or the end */
static uint32_t proc_end(const writer *n, int32_t k)
{
    uint32_t pc = n->p->procs[k].pc;
    while (pc < n->p->ncode && n->owner[pc] == k)
        pc++;
    return pc;
}

/* `run`: the function of the proc whose code pc is, called while frames
 * above `level` are left; the interpreter for a pc none compiled. The
 * table's entries are where the function changes: procs left to the
 * interpreter next to each other (the scenarios' procs) are one entry,
 * so that the search per frame a decision resumes is shorter. */
/* whether the proc at order[i] is in the entry of the one before it */
static int run_merges(const writer *n, const uint16_t *order, uint16_t i)
{
    return i && n->bad[order[i]] && n->bad[order[i - 1]];
}

static void emit_run(writer *n, const uint16_t *order)
{
    const ordo_program *p = n->p;
    FILE *f = n->f;
    const char *sym = n->sym;
    uint32_t nrun = 0;
    for (uint16_t i = 0; i < p->nprocs; i++)
        nrun += !run_merges(n, order, i);
    fprintf(f, "/* where each proc's code starts, in order, and its function (NULL: the\n"
               " * interpreter's, for the procs from there to the next entry) */\n"
               "static const uint32_t %s_first[%" PRIu32 "] = {", sym, nrun);
    for (uint16_t i = 0, k = 0; i < p->nprocs; i++)
        if (!run_merges(n, order, i))
            fprintf(f, "%s%" PRIu32 "u,", k++ % 10 ? " " : "\n    ", p->procs[order[i]].pc);
    fprintf(f, "\n};\nstatic const on_fn %s_fn[%" PRIu32 "] = {", sym, nrun);
    for (uint16_t i = 0, k = 0; i < p->nprocs; i++) {
        if (run_merges(n, order, i))
            continue;
        fputs(k++ % 4 ? " " : "\n    ", f);
        if (n->bad[order[i]])
            fputs("NULL,", f);
        else
            fprintf(f, "%s,", n->fn[order[i]]);
    }
    /* each proc's entry in the table (by proc number) */
    const char *ty = nrun < 256 ? "uint8_t" : "uint16_t";
    fprintf(f, "\n};\nstatic const %s %s_entry[%u] = {", ty, sym, (unsigned)p->nprocs);
    uint32_t *entry = n->work;
    for (uint16_t i = 0, k = 0; i < p->nprocs; i++) {
        k += i && !run_merges(n, order, i);
        entry[order[i]] = k;
    }
    for (uint16_t i = 0; i < p->nprocs; i++)
        fprintf(f, "%s%" PRIu32 ",", i % 16 ? " " : "\n    ", entry[i]);
    fprintf(f,
            "\n};\n\n"
            "static int %s_run(ordo_game *g, int mode, uint32_t base, int32_t *result, uint32_t level)\n"
            "{\n"
            "    while (g->nframes > level) {\n"
            "        uint16_t proc = VM_FRAMES(g)[g->nframes - 1u].proc;\n"
            "        on_fn fn = on_lookup(%s_first, %s_fn, %" PRIu32 "u, g->pc,\n"
            "                             proc < %uu ? %s_entry[proc] : 0u);\n"
            "        if (!fn)\n"
            "            return ordo_vm_interpret(g, mode, base, result);\n"
            "        int rc = fn(g, mode, base, result, 0);\n"
            "        if (rc != ON_GOTO)\n"
            "            return rc;\n"
            "    }\n"
            "    return ON_GOTO;\n"
            "}\n\n"
            "static int %s_native(ordo_game *g, int mode, uint32_t base, int32_t *result)\n"
            "{\n"
            "    int rc = %s_run(g, mode, base, result, 0);\n"
            "    return rc == ON_GOTO ? ordo_vm_interpret(g, mode, base, result) : rc;\n"
            "}\n\n",
            sym, sym, sym, nrun, (unsigned)p->nprocs, sym, sym, sym);
}

static int by_first_pc(const void *x, const void *y, const ordo_program *p)
{
    uint32_t a = p->procs[*(const uint16_t *)x].pc, b = p->procs[*(const uint16_t *)y].pc;
    return a < b ? -1 : a > b;
}

int oc_emit_native(FILE *f, const ordo_program *p, const char *sym,
                   const char *const *const *local_names)
{
    if (!p->ncode || !p->nprocs)
        return 0;
    writer n = {.f = f, .p = p, .sym = sym, .names = local_names};
    n.depth = malloc(p->ncode * sizeof *n.depth);
    n.owner = malloc(p->ncode * sizeof *n.owner);
    n.label = calloc(p->ncode, 1);
    /* (`run`'s table of entries by proc uses it too) */
    n.work = malloc((p->ncode > p->nprocs ? p->ncode : p->nprocs) * sizeof *n.work);
    n.bad = calloc(p->nprocs, 1);
    n.room = calloc(p->nprocs, sizeof *n.room);
    uint16_t *order = malloc(p->nprocs * sizeof *order);
    n.kind = calloc((size_t)p->stack_size + 1, 1);
    n.val = calloc((size_t)p->stack_size + 1, sizeof *n.val);
    n.used = calloc((size_t)p->stack_size + 1, 1);
    n.named = calloc((size_t)p->stack_size + 1, 1);
    n.lo = calloc((size_t)p->stack_size + 1, sizeof *n.lo);
    n.hi = calloc((size_t)p->stack_size + 1, sizeof *n.hi);
    n.fn = calloc(p->nprocs, sizeof *n.fn);
    int rc = -1;
    if (!n.depth || !n.owner || !n.label || !n.work || !n.bad || !n.room || !order || !n.kind ||
        !n.val || !n.used || !n.named || !n.lo || !n.hi || !n.fn || name_functions(&n) < 0)
        goto out;
    for (uint32_t pc = 0; pc < p->ncode; pc++)
        n.depth[pc] = -1;
    if (assign_owners(&n) < 0) {
        rc = 0; /* procs sharing code: the interpreter runs it all */
        goto out;
    }
    mark_scenario_procs(&n);
    for (uint16_t k = 0; k < p->nprocs; k++)
        if (!n.bad[k] && analyse_proc(&n, k) < 0)
            n.bad[k] = 1;
    for (uint32_t pc = 0; pc < p->ncode; pc++)
        if (n.owner[pc] >= 0 && n.bad[n.owner[pc]])
            n.depth[pc] = -1;
    mark_labels(&n);
    /* insertion sort by first pc: procs come nearly in order */
    for (uint16_t i = 0; i < p->nprocs; i++) {
        uint16_t k = i, j = i;
        for (; j > 0 && by_first_pc(&k, &order[j - 1], p) < 0; j--)
            order[j] = order[j - 1];
        order[j] = k;
    }

    fputs("/* ---- the code as C (ordo_native.h): a function a proc, named after\n"
          " * it, its instructions in order under the rules' #line; `goto slow`\n"
          " * runs one in the interpreter, `dispatch` resumes at a pc */\n",
          f);
    fprintf(f, "static int %s_run(ordo_game *g, int mode, uint32_t base, int32_t *result, uint32_t level);\n",
            sym);
    for (uint16_t k = 0; k < p->nprocs; k++)
        if (!n.bad[k])
            fprintf(f, "static int %s(ordo_game *g, int mode, uint32_t base, int32_t *result, int called);\n",
                    n.fn[k]);
    fputc('\n', f);
    for (uint16_t i = 0; i < p->nprocs; i++)
        if (!n.bad[order[i]] &&
            emit_proc(&n, order[i], p->procs[order[i]].pc, proc_end(&n, order[i])) < 0)
            goto out;
    emit_run(&n, order);
    rc = 1;
out:
    free(n.depth);
    free(n.owner);
    free(n.label);
    free(n.work);
    free(n.bad);
    free(n.room);
    free(order);
    free(n.kind);
    free(n.val);
    free(n.lo);
    free(n.hi);
    free(n.used);
    free(n.named);
    for (uint16_t k = 0; n.fn && k < p->nprocs; k++)
        free(n.fn[k]);
    free(n.fn);
    return rc;
}

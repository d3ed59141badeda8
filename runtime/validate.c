/* validate.c — ordo_validate: every table of a program checked against
 * every other, so that the interpreter can trust the static operands of
 * its instructions. A corrupt program gives ORDO_E_PROGRAM and a one-line
 * reason, never a crash (as long as the counts match the arrays given). */
#include <stdio.h>

#include "vm.h"

static int bad(char *msg, size_t n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int bad(char *msg, size_t n, const char *fmt, ...)
{
    if (msg && n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, n, fmt, ap);
        va_end(ap);
    }
    return ORDO_E_PROGRAM;
}

#define BAD(...) return bad(msg, msgsize, __VA_ARGS__)

static int kind_ok(const ordo_program *p, unsigned kind, unsigned en)
{
    if (kind > ORDO_K_ENUM)
        return 0;
    return kind != ORDO_K_ENUM || en < p->nenums;
}

static int width_fits(unsigned w, int32_t lo, int32_t hi)
{
    if (w == 1)
        return lo >= INT8_MIN && hi <= INT8_MAX;
    if (w == 2)
        return lo >= INT16_MIN && hi <= INT16_MAX;
    return w == 4;
}

static const char *nm(const char *s)
{
    return s ? s : "?";
}

/* A hidden var: its owner is the player of its first index, and its
 * "revealed to" var is a list of players with the same indexes. */
static int check_hidden(const ordo_program *p, unsigned i, char *msg, size_t msgsize)
{
    const ordo_var *v = &p->vars[i];
    if (!v->hidden) {
        if (v->shown)
            BAD("var %u (%s): revealed-to list of a var not hidden", i, nm(v->name));
        return 0;
    }
    if (v->hidden > ORDO_HIDDEN_ALL || !v->shown || v->shown > p->nvars ||
        (v->hidden == ORDO_HIDDEN_OWNER && (!v->ndims || v->dim_kind[0] != ORDO_DIM_PLAYER)))
        BAD("var %u (%s): hidden %u without an owner or a revealed-to list", i, nm(v->name),
            (unsigned)v->hidden);
    const ordo_var *s = &p->vars[v->shown - 1];
    if (!s->is_list || s->kind != ORDO_K_PLAYER || s->cap < p->max_players ||
        s->ndims != v->ndims || s->dim_n[0] != v->dim_n[0] || s->dim_n[1] != v->dim_n[1] ||
        s->dim_kind[0] != v->dim_kind[0] || s->dim_kind[1] != v->dim_kind[1] ||
        s->dim_lo[0] != v->dim_lo[0] || s->dim_lo[1] != v->dim_lo[1])
        BAD("var %u (%s): its revealed-to var %u does not fit", i, nm(v->name),
            (unsigned)v->shown - 1);
    return 0;
}

/* A set: a bit per member of lo..hi, in whole words; it starts empty (the
 * zeroed block), so no initial value. */
static int check_set_var(const ordo_var *v, unsigned i, char *msg, size_t msgsize)
{
    const char *name = nm(v->name);
    if (v->is_list || v->init != 0)
        BAD("var %u (%s): a set with a list's layout or an initial value", i, name);
    if (v->cap == 0 || v->cap > ORDO_SET_MAX || (int64_t)v->hi - v->lo + 1 != v->cap)
        BAD("var %u (%s): a set of %u members over %ld..%ld", i, name, (unsigned)v->cap,
            (long)v->lo, (long)v->hi);
    return ORDO_OK;
}

static int check_var(const ordo_program *p, unsigned i, char *msg, size_t msgsize)
{
    const ordo_var *v = &p->vars[i];
    const char *name = nm(v->name);
    if (v->width != 1 && v->width != 2 && v->width != 4)
        BAD("var %u (%s): width %u is not 1, 2 or 4", i, name, (unsigned)v->width);
    if (v->ndims > 2)
        BAD("var %u (%s): %u dimensions", i, name, (unsigned)v->ndims);
    if (!kind_ok(p, v->kind, v->enum_id))
        BAD("var %u (%s): bad kind %u (enum %u)", i, name, (unsigned)v->kind,
            (unsigned)v->enum_id);
    if (v->lo > v->hi || !width_fits(v->width, v->lo, v->hi))
        BAD("var %u (%s): range %ld..%ld does not fit %u bytes", i, name, (long)v->lo,
            (long)v->hi, (unsigned)v->width);
    if (v->is_set && check_set_var(v, i, msg, msgsize) != ORDO_OK)
        return ORDO_E_PROGRAM;
    if (!v->is_list && !v->is_set && (v->init < v->lo || v->init > v->hi))
        BAD("var %u (%s): initial value %ld not in %ld..%ld", i, name, (long)v->init,
            (long)v->lo, (long)v->hi);
    if (v->is_list && (v->cap == 0 || v->cap > INT16_MAX))
        BAD("var %u (%s): list capacity %u", i, name, (unsigned)v->cap);
    uint64_t cells = 1;
    for (unsigned d = 0; d < v->ndims; d++) {
        switch (v->dim_kind[d]) {
        case ORDO_DIM_PLAYER:
            if (v->dim_n[d] != p->max_players)
                BAD("var %u (%s): player dimension of %u, not max_players %u", i, name,
                    (unsigned)v->dim_n[d], (unsigned)p->max_players);
            break;
        case ORDO_DIM_ENUM:
            if (v->dim_enum[d] >= p->nenums)
                BAD("var %u (%s): dimension enum %u out of bounds", i, name,
                    (unsigned)v->dim_enum[d]);
            if (v->dim_n[d] != p->enums[v->dim_enum[d]].count)
                BAD("var %u (%s): enum dimension of %u, not %u members", i, name,
                    (unsigned)v->dim_n[d], (unsigned)p->enums[v->dim_enum[d]].count);
            break;
        case ORDO_DIM_RANGE:
            if ((int64_t)v->dim_lo[d] + v->dim_n[d] - 1 > INT32_MAX)
                BAD("var %u (%s): range dimension overflows", i, name);
            break;
        default:
            BAD("var %u (%s): dimension kind %u", i, name, (unsigned)v->dim_kind[d]);
        }
        if (v->dim_n[d] == 0)
            BAD("var %u (%s): empty dimension", i, name);
        cells *= v->dim_n[d];
    }
    uint64_t need = v->is_list  ? 2u + (uint64_t)v->cap * v->width
                    : v->is_set ? 8u * (uint64_t)ORDO_SET_WORDS(v->cap)
                                : v->width;
    if (v->stride < need)
        BAD("var %u (%s): stride %lu smaller than a cell (%lu bytes)", i, name,
            (unsigned long)v->stride, (unsigned long)need);
    if ((uint64_t)v->offset + cells * v->stride > p->state_size)
        BAD("var %u (%s): offset %lu + %lu bytes is beyond state_size %lu", i, name,
            (unsigned long)v->offset, (unsigned long)(cells * v->stride),
            (unsigned long)p->state_size);
    return ORDO_OK;
}

static int check_builtin(const ordo_program *p, char *msg, size_t msgsize)
{
    static const char *const names[3] = {"active", "turns", "in_game"};
    static const uint8_t kinds[3] = {ORDO_K_PLAYER, ORDO_K_INT, ORDO_K_BOOL};
    if (p->nvars < 3)
        BAD("the built-in vars active, turns, in_game are missing");
    for (unsigned i = 0; i < 3; i++) {
        const ordo_var *v = &p->vars[i];
        if (!v->name || strcmp(v->name, names[i]) != 0 || v->kind != kinds[i] || v->is_list ||
            v->is_set ||
            v->ndims != (i ? 1 : 0) || (i && v->dim_kind[0] != ORDO_DIM_PLAYER))
            BAD("var %u must be the built-in '%s'", i, names[i]);
    }
    if (p->vars[0].lo > -1 || p->vars[0].hi < p->max_players - 1)
        BAD("var 0 (active): range must include none..player %u", (unsigned)p->max_players);
    if (p->vars[2].lo > 0 || p->vars[2].hi < 0)
        BAD("var 2 (in_game): range must include false");
    return ORDO_OK;
}

/* ------------------------------------------------------------ the code
 *
 * Each operand field is checked by the kind opcode_list.h gives it
 * (ordo_op_operand), then what relates an instruction to the program
 * beyond one field (relation). A field's check may read the field before
 * it: a's bounds hold when b and x are checked. */

/* How many entries the table an index of kind k counts. */
static uint32_t table_size(const ordo_program *p, unsigned k)
{
    switch (k) {
    case ORDO_OPND_PROC: return p->nprocs;
    case ORDO_OPND_STEP: return p->nsteps;
    case ORDO_OPND_OPTION: return p->noptions;
    case ORDO_OPND_ESCAPE: return p->nescapes;
    case ORDO_OPND_EVENT: return p->nevents;
    case ORDO_OPND_TEXT: return p->ntexts;
    default: return p->nvars;
    }
}

/* The table an index of kind k names ("var"), NULL for a kind that is
 * not an index. */
static const char *table_name(unsigned k)
{
    switch (k) {
    case ORDO_OPND_PROC: return "proc";
    case ORDO_OPND_STEP: return "step";
    case ORDO_OPND_OPTION: return "option";
    case ORDO_OPND_ESCAPE: return "escape";
    case ORDO_OPND_EVENT: return "event";
    case ORDO_OPND_TEXT: return "text";
    default: return ordo_opnd_is_var(k) ? "var" : NULL;
    }
}

/* Whether var v has the shape a var operand of kind k needs. */
static int var_fits(const ordo_var *v, unsigned k)
{
    int scalar = v->ndims == 0 && !v->is_list && !v->is_set;
    switch (k) {
    case ORDO_OPND_CELL: return !v->is_list && !v->is_set;
    case ORDO_OPND_SCALAR: return scalar;
    case ORDO_OPND_LIST: return v->is_list;
    case ORDO_OPND_SET: return v->is_set;
    case ORDO_OPND_START: return scalar && v->kind == ORDO_K_PLAYER;
    case ORDO_OPND_HIDDEN: return v->hidden && v->shown;
    default: return 1;
    }
}

/* The complaint about a var of the wrong shape for kind k:
 * "code PC: [OP]HEAD<var> (<name>)TAIL" */
static int var_misfit(const ordo_program *p, uint32_t pc, const ordo_insn *in, unsigned k,
                      char *msg, size_t msgsize)
{
    static const struct {
        uint8_t named; /* the message begins with the op's name */
        const char *head, *tail;
    } says[] = {
        [ORDO_OPND_CELL] = {1, " on list or set var ", ""},
        [ORDO_OPND_SCALAR] = {1, " needs a scalar var without indexes, not var ", ""},
        [ORDO_OPND_LIST] = {0, "a list instruction on var ", ", not a list"},
        [ORDO_OPND_SET] = {0, "a set instruction on var ", ", not a set"},
        [ORDO_OPND_START] = {1, " needs a scalar player var, not var ", ""},
        [ORDO_OPND_HIDDEN] = {1, " of var ", ", not a hidden var"},
    };
    BAD("code %lu: %s%s%u (%s)%s", (unsigned long)pc, says[k].named ? ordo_op_name(in->op) : "",
        says[k].head, (unsigned)in->a, nm(p->vars[in->a].name), says[k].tail);
}

/* The rows a..a+b-1 of a DATA instruction lie in the data. */
static int data_fits(const ordo_program *p, const ordo_insn *in)
{
    return in->a != 0 && in->b >= 0 && (uint64_t)(uint32_t)in->b + in->a <= p->ndata;
}

/* Field a, an index or a count. */
static int check_a(const ordo_program *p, uint32_t pc, const ordo_insn *in, char *msg,
                   size_t msgsize)
{
    unsigned k = ordo_op_operand(in->op, 1), a = in->a;
    const char *op = ordo_op_name(in->op);
    if (table_name(k)) {
        if (a >= table_size(p, k))
            BAD("code %lu: %s index %u out of bounds", (unsigned long)pc, table_name(k), a);
        if (ordo_opnd_is_var(k) && !var_fits(&p->vars[a], k))
            return var_misfit(p, pc, in, k, msg, msgsize);
        return ORDO_OK;
    }
    if (k == ORDO_OPND_SIDES && a == 0)
        BAD("code %lu: %s of 0-sided dice", (unsigned long)pc, op);
    if (k == ORDO_OPND_REASON && a > p->ntexts)
        BAD("code %lu: %s reason %u beyond the %u texts", (unsigned long)pc, op, a,
            (unsigned)p->ntexts);
    if (k == ORDO_OPND_ROWS && !data_fits(p, in))
        BAD("code %lu: %s x=%u of %u rows at %ld is outside the %lu data values",
            (unsigned long)pc, op, (unsigned)in->x, a, (long)in->b, (unsigned long)p->ndata);
    return ORDO_OK;
}

/* Field b, a pc, a local or a number (a is checked). */
static int check_b(const ordo_program *p, uint32_t pc, const ordo_insn *in, char *msg,
                   size_t msgsize)
{
    int32_t b = in->b;
    const char *op = ordo_op_name(in->op);
    switch (ordo_op_operand(in->op, 2)) {
    case ORDO_OPND_JUMP:
        if (b < 0 || (uint32_t)b >= p->ncode)
            BAD("code %lu: jump target %ld is not in 0..%lu", (unsigned long)pc, (long)b,
                (unsigned long)p->ncode - 1);
        break;
    case ORDO_OPND_LOCAL:
        if (b < 0 || b > 0xffff)
            BAD("code %lu: %s local %ld", (unsigned long)pc, op, (long)b);
        break;
    case ORDO_OPND_PARAM:
        if (b < 0 || b >= (int32_t)p->procs[in->a].nparams)
            BAD("code %lu: %s of param %ld of proc %u, which has %u", (unsigned long)pc, op,
                (long)b, (unsigned)in->a, (unsigned)p->procs[in->a].nparams);
        break;
    case ORDO_OPND_POS:
        if (b < 0)
            BAD("code %lu: %s position %ld", (unsigned long)pc, op, (long)b);
        break;
    case ORDO_OPND_FLAG:
        if (b != 0 && b != 1)
            BAD("code %lu: %s b=%ld", (unsigned long)pc, op, (long)b);
        break;
    default: /* OFFSET: with ROWS, in check_a */
        break;
    }
    return ORDO_OK;
}

/* Field x, a choice or the count of args of the event or text a names. */
static int check_x(const ordo_program *p, uint32_t pc, const ordo_insn *in, char *msg,
                   size_t msgsize)
{
    unsigned k = ordo_op_operand(in->op, 0), x = in->x;
    const char *op = ordo_op_name(in->op);
    unsigned most = k == ORDO_OPND_FLAG ? 1 : k == ORDO_OPND_MODE ? 2 : 3;
    if ((k == ORDO_OPND_FLAG || k == ORDO_OPND_MODE || k == ORDO_OPND_DECIDE) && x > most)
        BAD("code %lu: %s x=%u", (unsigned long)pc, op, x);
    if (k == ORDO_OPND_TIMING && x > most)
        BAD("code %lu: %s timing %u", (unsigned long)pc, op, x);
    if (k != ORDO_OPND_ARGS)
        return ORDO_OK;
    if (ordo_op_operand(in->op, 1) == ORDO_OPND_EVENT) {
        const ordo_event_decl *e = &p->events[in->a];
        if (x != e->nparams)
            BAD("code %lu: %s of %u args for event %u (%s) of %u params", (unsigned long)pc, op,
                x, (unsigned)in->a, nm(e->name), (unsigned)e->nparams);
    } else if (x != p->texts[in->a].nargs) {
        BAD("code %lu: %s of %u args for text %u of %u", (unsigned long)pc, op, x,
            (unsigned)in->a, (unsigned)p->texts[in->a].nargs);
    }
    return ORDO_OK;
}

/* What an instruction needs of the program beyond its fields' kinds: an
 * option with or without a param, actions that undo, room for a batch. */
/* The proc whose code holds pc: the one that starts last at or before it. */
static const ordo_proc *proc_at(const ordo_program *p, uint32_t pc)
{
    const ordo_proc *best = NULL;
    for (uint16_t k = 0; k < p->nprocs; k++)
        if (p->procs[k].pc <= pc && (!best || p->procs[k].pc > best->pc))
            best = &p->procs[k];
    return best;
}

/* A simultaneous group's WAIT names the locals of its picks and their
 * params (b - 1, then 2 * max_players of them), which a seat's view
 * masks: they must be locals of the proc it waits in. */
static int check_picks(const ordo_program *p, uint32_t pc, const ordo_insn *in, char *msg,
                       size_t msgsize)
{
    if (in->b == 0)
        return ORDO_OK;
    const ordo_proc *pr = proc_at(p, pc);
    int64_t end = (int64_t)in->b - 1 + 2 * (int64_t)p->max_players;
    if (in->x != 2 || in->b < 0 || !pr || end > pr->nlocals)
        BAD("code %lu: WAIT x=%u b=%ld: no simultaneous group's picks within its proc's locals",
            (unsigned long)pc, (unsigned)in->x, (long)in->b);
    return ORDO_OK;
}

static int check_relation(const ordo_program *p, uint32_t pc, const ordo_insn *in, char *msg,
                          size_t msgsize)
{
    const char *op = ordo_op_name(in->op);
    unsigned a = in->a, x = in->x;
    switch (in->op) {
    case ORDO_OP_OFFER:
    case ORDO_OP_OFFERN:
    case ORDO_OP_CHOSEN: {
        int has = p->options[a].param_kind != ORDO_NO_PARAM;
        if (in->op == ORDO_OP_CHOSEN && has != (x != 0))
            BAD("code %lu: CHOSEN x=%u of option %u, which %s a param", (unsigned long)pc, x, a,
                has ? "has" : "has no");
        if (in->op != ORDO_OP_CHOSEN && has != (in->op == ORDO_OP_OFFER))
            BAD("code %lu: %s of option %u, which %s a param", (unsigned long)pc, op, a,
                has ? "has" : "has no");
        break;
    }
    case ORDO_OP_REVISE:
    case ORDO_OP_RVSAVE:
        if (!p->act_revise || !p->act_undo)
            BAD("code %lu: %s in a program with no revisable action", (unsigned long)pc, op);
        break;
    case ORDO_OP_UNDO:
    case ORDO_OP_PAY:
        if ((in->op == ORDO_OP_UNDO || x) && !p->act_undo)
            BAD("code %lu: %s x=%u in a program that does not undo actions", (unsigned long)pc,
                op, x);
        break;
    case ORDO_OP_ACT:
        if (!p->act_first || p->act_first >= p->nvars || !p->events[a].is_action)
            BAD("code %lu: ACT of event %u (%s), no action or no per-action block",
                (unsigned long)pc, a, nm(p->events[a].name));
        break;
    case ORDO_OP_WAIT:
        return check_picks(p, pc, in, msg, msgsize);
    case ORDO_OP_EMITB:
    case ORDO_OP_BATCH:
    case ORDO_OP_BNEXT:
        if (p->max_pending == 0)
            BAD("code %lu: %s with no room for pending effects", (unsigned long)pc, op);
        break;
    default:
        break;
    }
    return ORDO_OK;
}

static int check_code(const ordo_program *p, char *msg, size_t msgsize)
{
    for (uint32_t pc = 0; pc < p->ncode; pc++) {
        const ordo_insn *in = &p->code[pc];
        if (in->op >= ORDO_OP_COUNT)
            BAD("code %lu: unknown opcode %u", (unsigned long)pc, (unsigned)in->op);
        /* a field that is unused or a number has nothing to check: most
         * instructions' (ordo_new validates every time) */
        int rc = ORDO_OK;
        if (ordo_op_operand(in->op, 1) > ORDO_OPND_N)
            rc = check_a(p, pc, in, msg, msgsize);
        if (!rc && ordo_op_operand(in->op, 2) > ORDO_OPND_N)
            rc = check_b(p, pc, in, msg, msgsize);
        if (!rc && ordo_op_operand(in->op, 0) > ORDO_OPND_N)
            rc = check_x(p, pc, in, msg, msgsize);
        if (!rc)
            rc = check_relation(p, pc, in, msg, msgsize);
        if (rc)
            return rc;
        /* The stack effect opcode_list.h states (the one the compiler's
         * stack_size comes from): an instruction that takes or leaves more
         * values than the whole stack holds could never run. The depth
         * itself is not tracked here (an option's code and an escape's
         * handler start at a depth only the run knows); the VM checks
         * every pop and push. */
        int pops, pushes;
        if (ordo_op_stack_in(p, in, &pops, &pushes) < 0)
            BAD("code %lu: no stack effect for opcode %u", (unsigned long)pc, (unsigned)in->op);
        if ((unsigned)pops > p->stack_size || (unsigned)pushes > p->stack_size)
            BAD("code %lu: takes %d values and leaves %d, beyond the %u slots of the stack",
                (unsigned long)pc, pops, pushes, (unsigned)p->stack_size);
    }
    /* nothing may run past the end */
    switch (p->code[p->ncode - 1].op) {
    case ORDO_OP_JMP:
    case ORDO_OP_RET:
    case ORDO_OP_RETV:
    case ORDO_OP_END:
    case ORDO_OP_HALT:
        break;
    default:
        BAD("the last instruction (code %lu) falls through the end of the code",
            (unsigned long)p->ncode - 1);
    }
    return ORDO_OK;
}

/* A policy's by/when fn: 1 + a proc that returns a value and takes at
 * most the option's param. */
static int eval_fn_ok(const ordo_program *p, unsigned f)
{
    return f == 0 || (f <= p->nprocs && p->procs[f - 1].returns && p->procs[f - 1].nparams <= 1);
}

/* Option names, policies with their prefer lines, displays. */
/* What an event item may look for: an event, or (with no arguments
 * given) a trigger's firing, nevents + its proc; the keys must fit the
 * trace's 16-bit ids. */
static int event_key_ok(const ordo_program *p, uint32_t key, unsigned nargs)
{
    if (key < p->nevents)
        return 1;
    key -= p->nevents;
    return nargs == 0 && key < p->nprocs && (uint32_t)p->nevents + key <= UINT16_MAX;
}

static int check_policies(const ordo_program *p, char *msg, size_t msgsize)
{
    if ((p->noption_names && !p->option_names) || (p->npolicies && !p->policies) ||
        (p->nprefers && !p->prefers) || (p->ndisplays && !p->displays))
        BAD("option names, policies, prefers or displays: entries but no table");
    for (unsigned i = 0; i < p->noption_names; i++)
        if (!p->option_names[i])
            BAD("option name %u is missing", i);
    for (unsigned i = 0; i < p->noptions; i++)
        if (p->options[i].name > p->noption_names)
            BAD("option %u (%s): name %u out of bounds", i, nm(p->options[i].label),
                (unsigned)p->options[i].name);
    for (unsigned i = 0; i < p->npolicies; i++) {
        const ordo_policy *pl = &p->policies[i];
        if (!pl->name || (uint32_t)pl->first + pl->count > p->nprefers)
            BAD("policy %u (%s): no name, or lines %u..%u beyond %u", i, nm(pl->name),
                (unsigned)pl->first, (unsigned)pl->first + pl->count, (unsigned)p->nprefers);
    }
    for (unsigned i = 0; i < p->nprefers; i++) {
        const ordo_prefer *pr = &p->prefers[i];
        if (pr->name == 0 || pr->name > p->noption_names || !eval_fn_ok(p, pr->by) ||
            !eval_fn_ok(p, pr->when))
            BAD("prefer line %u: bad option name %u or by/when fn %u/%u", i,
                (unsigned)pr->name, (unsigned)pr->by, (unsigned)pr->when);
    }
    if (p->ninvariants && !p->invariants)
        BAD("invariants: entries but no table");
    for (unsigned i = 0; i < p->ninvariants; i++) {
        const ordo_invariant *v = &p->invariants[i];
        if (!v->text || !v->expr || !eval_fn_ok(p, (uint16_t)(v->proc + 1)) ||
            p->procs[v->proc].nparams != 0)
            BAD("invariant %u: no text, or proc %u is not a fn without params", i,
                (unsigned)v->proc);
    }
    for (unsigned i = 0; i < p->ndisplays; i++) {
        const ordo_display_decl *d = &p->displays[i];
        if (!d->title || d->proc >= p->nprocs || p->procs[d->proc].nparams != 0)
            BAD("display %u: no title, or proc %u is not a proc without params", i,
                (unsigned)d->proc);
    }
    return ORDO_OK;
}

int ordo_validate(const ordo_program *p, char *msg, size_t msgsize)
{
    if (msg && msgsize)
        msg[0] = 0;
    if (!p)
        BAD("no program");
    if (p->magic != ORDO_PROGRAM_MAGIC)
        BAD("bad magic 0x%08lx (not an ordo program)", (unsigned long)p->magic);
    if (p->version != ORDO_PROGRAM_VERSION)
        BAD("program version %lu, this runtime reads %u", (unsigned long)p->version,
            ORDO_PROGRAM_VERSION);
    if (p->min_players < 1 || p->min_players > p->max_players || p->max_players > 127)
        BAD("players %u..%u (must be within 1..127)", (unsigned)p->min_players,
            (unsigned)p->max_players);
#define TABLE(ptr, n, what)                                                          \
    if ((n) && !(ptr))                                                               \
        BAD("%s: %lu entries but no table", what, (unsigned long)(n));
    TABLE(p->code, p->ncode, "code")
    TABLE(p->vars, p->nvars, "vars")
    TABLE(p->enums, p->nenums, "enums")
    TABLE(p->names, p->nnames, "names")
    TABLE(p->steps, p->nsteps, "steps")
    TABLE(p->procs, p->nprocs, "procs")
    TABLE(p->options, p->noptions, "options")
    TABLE(p->escapes, p->nescapes, "escapes")
    TABLE(p->events, p->nevents, "events")
    TABLE(p->texts, p->ntexts, "texts")
    TABLE(p->scenarios, p->nscenarios, "scenarios")
    TABLE(p->items, p->nitems, "scenario items")
    TABLE(p->data, p->ndata, "data")
    TABLE(p->files, p->nfiles, "files")
#undef TABLE
    if (p->ncode == 0)
        BAD("no code");
    if (p->nprocs == 0 || p->main_proc >= p->nprocs)
        BAD("main_proc %u out of bounds (%u procs)", (unsigned)p->main_proc,
            (unsigned)p->nprocs);
    if (p->procs[p->main_proc].nparams != 0)
        BAD("the main proc takes %u params", (unsigned)p->procs[p->main_proc].nparams);
    if (p->max_frames == 0)
        BAD("max_frames is 0");
    /* the block's offsets are 32-bit */
    uint64_t total = (uint64_t)p->state_size + (uint64_t)p->stack_size * 4u +
                     (uint64_t)p->max_frames * sizeof(vm_frame) +
                     (uint64_t)p->max_options * sizeof(vm_opt) +
                     (uint64_t)p->max_escapes * sizeof(vm_esc) +
                     (uint64_t)p->max_pending * sizeof(vm_pend);
    if (total > 0x7fffffffu)
        BAD("a game would need %llu bytes", (unsigned long long)total);

    for (unsigned i = 0; i < p->nenums; i++) {
        const ordo_enum *e = &p->enums[i];
        if ((uint32_t)e->first + e->count > p->nnames)
            BAD("enum %u (%s): members %u..%u beyond %u names", i, nm(e->name),
                (unsigned)e->first, (unsigned)e->first + e->count, (unsigned)p->nnames);
        for (unsigned k = 0; k < e->count; k++)
            if (!p->names[e->first + k])
                BAD("enum %u (%s): member %u has no name", i, nm(e->name), k);
    }
    for (unsigned i = 0; i < p->nvars; i++) {
        int rc = check_var(p, i, msg, msgsize);
        if (rc)
            return rc;
        rc = check_hidden(p, i, msg, msgsize);
        if (rc)
            return rc;
    }
    int rc = check_builtin(p, msg, msgsize);
    if (rc)
        return rc;
    /* the per-action block: "#acting", "#action", then the rest, to the end
     * of the state in var order (ACT copies it as one piece) */
    if (p->act_first > p->nvars)
        BAD("act_first %u beyond %u vars", (unsigned)p->act_first, (unsigned)p->nvars);
    if (p->act_first && p->act_first < p->nvars) {
        if (p->act_first < 3 || p->nvars - p->act_first < 2)
            BAD("act_first %u: the per-action block needs #acting and #action",
                (unsigned)p->act_first);
        for (unsigned i = p->act_first; i < p->nvars; i++) {
            const ordo_var *v = &p->vars[i];
            if (i + 1 < p->nvars && p->vars[i + 1].offset < v->offset)
                BAD("var %u (%s): the per-action block is out of order", i, nm(v->name));
            if (i < p->act_first + 2u && (v->is_list || v->is_set || v->ndims))
                BAD("var %u (%s) must be a scalar", i, nm(v->name));
        }
        for (unsigned i = 0; i < p->act_first; i++)
            if (p->vars[i].offset >= p->vars[p->act_first].offset)
                BAD("var %u (%s) lies inside the per-action block", i, nm(p->vars[i].name));
    } else if (p->act_undo) {
        BAD("act_undo in a program without actions");
    }
    if (p->act_revise && !p->act_undo)
        BAD("act_revise without act_undo");
    for (unsigned i = 0; i < p->nsteps; i++) {
        const ordo_step *s = &p->steps[i];
        if (!s->number)
            BAD("step %u has no number", i);
        if (s->parent < -1 || s->parent >= (int)p->nsteps)
            BAD("step %u (%s): parent %d out of bounds", i, s->number, (int)s->parent);
    }
    for (unsigned i = 0; i < p->nprocs; i++) {
        const ordo_proc *r = &p->procs[i];
        if (r->pc >= p->ncode)
            BAD("proc %u (%s): pc %lu out of bounds", i, nm(r->name), (unsigned long)r->pc);
        if (r->nparams > r->nlocals)
            BAD("proc %u (%s): %u params but %u locals", i, nm(r->name),
                (unsigned)r->nparams, (unsigned)r->nlocals);
        if (r->room && r->room <= r->nlocals)
            BAD("proc %u (%s): room for %u slots, less than its %u locals and an operand", i,
                nm(r->name), (unsigned)r->room, (unsigned)r->nlocals);
        if (r->act_save &&
            (!p->act_first || p->act_first >= p->nvars ||
             (uint32_t)r->act_save - 1u + (p->state_size - vm_action_save_from(p) + 3u) / 4u >
                 r->nlocals))
            BAD("proc %u (%s): no room for the per-action block at local %u", i, nm(r->name),
                (unsigned)r->act_save - 1u);
        if (r->guard && (r->guard > p->nprocs || p->procs[r->guard - 1u].nparams != r->nparams ||
                         !p->procs[r->guard - 1u].returns))
            BAD("proc %u (%s): guard %u is not a fn of its params", i, nm(r->name),
                (unsigned)r->guard - 1u);
    }
    for (unsigned i = 0; i < p->noptions; i++) {
        const ordo_option *o = &p->options[i];
        if (!o->label)
            BAD("option %u has no label", i);
        if (o->target >= p->ncode)
            BAD("option %u (%s): target %lu out of bounds", i, o->label,
                (unsigned long)o->target);
        if (o->param_kind != ORDO_NO_PARAM && !kind_ok(p, o->param_kind, o->param_enum))
            BAD("option %u (%s): bad param kind", i, o->label);
        if (o->step < -1 || o->step >= (int)p->nsteps)
            BAD("option %u (%s): step %d out of bounds", i, o->label, (int)o->step);
    }
    for (unsigned i = 0; i < p->nescapes; i++) {
        const ordo_escape *e = &p->escapes[i];
        if (!e->label)
            BAD("escape %u has no label", i);
        if (e->handler >= p->ncode)
            BAD("escape %u (%s): handler %lu out of bounds", i, e->label,
                (unsigned long)e->handler);
        if (e->step < -1 || e->step >= (int)p->nsteps)
            BAD("escape %u (%s): step %d out of bounds", i, e->label, (int)e->step);
    }
    for (unsigned i = 0; i < p->nevents; i++) {
        const ordo_event_decl *e = &p->events[i];
        if (e->nparams > ORDO_EVENT_MAX_ARGS)
            BAD("event %u (%s): %u params", i, nm(e->name), (unsigned)e->nparams);
        for (unsigned k = 0; k < e->nparams; k++)
            if (!kind_ok(p, e->param_kind[k], e->param_enum[k]))
                BAD("event %u (%s): param %u has a bad kind", i, nm(e->name), k);
        if (e->dispatch &&
            (e->dispatch > p->nprocs || p->procs[e->dispatch - 1].nparams != e->nparams))
            BAD("event %u (%s): dispatch proc %u does not fit", i, nm(e->name),
                (unsigned)e->dispatch);
        if (e->hidden_args &&
            (e->owner_arg < -1 || e->owner_arg >= (int)e->nparams ||
             (e->owner_arg >= 0 && e->param_kind[e->owner_arg] != ORDO_K_PLAYER) ||
             (e->nparams < 8 && (e->hidden_args >> e->nparams))))
            BAD("event %u (%s): hidden params %#x or owner param %d out of place", i,
                nm(e->name), (unsigned)e->hidden_args, (int)e->owner_arg);
    }
    for (unsigned i = 0; i < p->ntexts; i++) {
        const ordo_text *t = &p->texts[i];
        if (!t->text)
            BAD("text %u is missing", i);
        if (t->nargs > ORDO_EVENT_MAX_ARGS)
            BAD("text %u: %u args", i, (unsigned)t->nargs);
        for (unsigned k = 0; k < t->nargs; k++)
            if (!kind_ok(p, t->arg_kind[k], t->arg_enum[k]))
                BAD("text %u: arg %u has a bad kind", i, k);
    }
    rc = check_policies(p, msg, msgsize);
    if (rc)
        return rc;
    if (p->nlines && !p->lines)
        BAD("lines: %lu entries but no table", (unsigned long)p->nlines);
    for (uint32_t i = 0; i < p->nlines; i++)
        if (p->lines[i].pc >= p->ncode || (i && p->lines[i].pc <= p->lines[i - 1].pc))
            BAD("line row %lu: pc %lu out of order or out of bounds", (unsigned long)i,
                (unsigned long)p->lines[i].pc);
        else if (p->lines[i].file && p->lines[i].file >= p->nfiles)
            BAD("line row %lu: file %u beyond the %u files", (unsigned long)i,
                (unsigned)p->lines[i].file, (unsigned)p->nfiles);
    for (unsigned i = 0; i < p->nscenarios; i++) {
        const ordo_scenario *s = &p->scenarios[i];
        if ((uint64_t)s->first + s->count > p->nitems)
            BAD("scenario %u (%s): items %lu..%lu beyond %lu", i, nm(s->name),
                (unsigned long)s->first, (unsigned long)(s->first + s->count),
                (unsigned long)p->nitems);
    }
    for (uint32_t i = 0; i < p->nitems; i++) {
        const ordo_scenario_item *it = &p->items[i];
        int okay = 1;
        switch (it->kind) {
        case ORDO_SC_PLAYERS:
        case ORDO_SC_SEED:
        case ORDO_SC_CHOOSE:
        case ORDO_SC_DECIDER:
        case ORDO_SC_OFFERED:
        case ORDO_SC_NOT_OFFERED:
        case ORDO_SC_OVER:
            break;
        case ORDO_SC_SETUP:
            okay = it->a < p->nprocs;
            break;
        case ORDO_SC_EXPECT: /* x = 1: a comparison's two sides as evals too */
            okay = it->a < p->nprocs && it->x <= 1 &&
                   (it->x == 0 ||
                    (it->args[0] >= 1 && it->args[0] <= p->nprocs && it->args[1] >= 1 &&
                     it->args[1] <= p->nprocs && it->args[2] >= ORDO_K_INT &&
                     it->args[2] <= ORDO_K_ENUM && it->args[3] >= 0 &&
                     (it->args[2] != ORDO_K_ENUM || it->args[3] < p->nenums) &&
                     it->args[4] >= 0 && it->args[4] <= 5));
            break;
        case ORDO_SC_PLAY:
            okay = it->a < p->nprocs && it->x <= ORDO_EVENT_MAX_ARGS;
            break;
        /* an event item's a (and a BEFORE's b): an event, or nevents + a
         * trigger's proc, which is matched without arguments */
        case ORDO_SC_EVENT:
        case ORDO_SC_NO_EVENT:
            okay = event_key_ok(p, it->a, it->x) && it->x <= ORDO_EVENT_MAX_ARGS;
            break;
        case ORDO_SC_COUNT:
            okay = event_key_ok(p, it->a, it->x) && it->x <= ORDO_EVENT_MAX_ARGS &&
                   it->lo >= 0 && (it->hi == -1 || it->hi >= it->lo);
            break;
        case ORDO_SC_BEFORE:
            okay = event_key_ok(p, it->a, 0) && it->b >= 0 && it->b <= UINT16_MAX &&
                   event_key_ok(p, (uint32_t)it->b, 0);
            break;
        case ORDO_SC_STEP_RAN:
        case ORDO_SC_STEP_NOT_RAN:
            okay = it->a < p->nsteps;
            break;
        case ORDO_SC_SEES: /* the seats are checked against the game's players */
            okay = it->x <= 2;
            break;
        case ORDO_SC_ROLL:
            okay = it->x >= 1 && it->x <= ORDO_EVENT_MAX_ARGS;
            for (int k = 0; okay && k < it->x; k++)
                okay = it->args[k] >= 0;
            break;
        default:
            BAD("scenario item %lu: kind %u", (unsigned long)i, (unsigned)it->kind);
        }
        if (!okay)
            BAD("scenario item %lu (line %lu): index out of bounds", (unsigned long)i,
                (unsigned long)it->line);
    }
    return check_code(p, msg, msgsize);
}

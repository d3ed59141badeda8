/* diff_rules.c — `ordo diff --rules`: the declarations of two rulesets
 * that differ, without playing (see diff.h).
 *
 * "Differs" means the meaning differs, not the text: a proc, fn, trigger
 * or action is compared by its lowered code with names in place of
 * numbers (a var, proc, step, option, event or text by its name; a jump
 * from the code's start), so a constant changed shows in the code that
 * reads it, and a layer's override whose code is its base's is no
 * change. Steps are compared by number (title, rule IDs), options by
 * label and step, vars by name (shape, start value), constants by name
 * (value, from the compiler's tree), the data tables as one.
 *
 * The procs of B that a change reaches (changed themselves, an override
 * of theirs changed, or calling one that is) are what explains a parting
 * found by playing (diff.c).
 */
#include <stdlib.h>
#include <string.h>

#include "diff_rules.h"
#include "opcodes.h"
#include "resolution.h"

static const char *const what_names[DF_NWHAT] = {"step",   "option", "proc",  "fn",   "trigger",
                                                 "action", "const",  "var",   "table"};

const char *df_what_name(int what)
{
    return what >= 0 && what < DF_NWHAT ? what_names[what] : "?";
}

/* ------------------------------------------------------------- procs */

uint32_t df_proc_end(const ordo_program *p, int q)
{
    uint32_t end = p->ncode;
    for (int k = 0; k < p->nprocs; k++)
        if (p->procs[k].pc > p->procs[q].pc && p->procs[k].pc < end)
            end = p->procs[k].pc;
    return end;
}

static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *c = data;
    for (size_t k = 0; k < n; k++)
        h = (h ^ c[k]) * 0x100000001b3ull;
    return h;
}

static uint64_t fnv_str(uint64_t h, const char *s)
{
    return fnv(h, s ? s : "", s ? strlen(s) + 1 : 1);
}

/* One operand, by what it names. */
static uint64_t hash_operand(const ordo_program *p, uint64_t h, unsigned kind, int32_t v,
                             uint32_t start)
{
    uint32_t u = (uint32_t)v;
    if (ordo_opnd_is_var(kind) && u < p->nvars)
        return fnv_str(h, p->vars[u].name);
    if (kind == ORDO_OPND_PROC && u < p->nprocs)
        return fnv_str(h, p->procs[u].name);
    if (kind == ORDO_OPND_STEP && u < p->nsteps)
        return fnv_str(h, p->steps[u].number);
    if (kind == ORDO_OPND_OPTION && u < p->noptions)
        return fnv_str(h, p->options[u].label);
    if (kind == ORDO_OPND_ESCAPE && u < p->nescapes)
        return fnv_str(h, p->escapes[u].label);
    if (kind == ORDO_OPND_EVENT && u < p->nevents)
        return fnv_str(h, p->events[u].name);
    if (kind == ORDO_OPND_TEXT && u < p->ntexts)
        return fnv_str(h, p->texts[u].text);
    if (kind == ORDO_OPND_REASON && u > 0 && u <= p->ntexts) /* 1 + a text, 0: none */
        return fnv_str(h, p->texts[u - 1].text);
    if (kind == ORDO_OPND_JUMP)
        v -= (int32_t)start;
    return fnv(h, &v, sizeof v);
}

/* Where proc q's own code starts: past the calls to its overrides that
 * the lowering puts first, each up to its RET (RETV in a fn): a block
 * that calls a proc of q's name, or traces an override (TRIG x=0). */
static uint32_t own_start(const ordo_program *p, int q, uint32_t end)
{
    uint32_t pc = p->procs[q].pc;
    for (;;) {
        int override = 0;
        uint32_t ret = pc;
        for (; ret < end && p->code[ret].op != ORDO_OP_RET && p->code[ret].op != ORDO_OP_RETV;
             ret++) {
            const ordo_insn *in = &p->code[ret];
            override |= (in->op == ORDO_OP_TRIG && in->x == 0) ||
                        (in->op == ORDO_OP_CALL && in->a != q && in->a < p->nprocs &&
                         strcmp(p->procs[in->a].name, p->procs[q].name) == 0);
        }
        if (!override || ret >= end)
            return pc;
        pc = ret + 1;
    }
}

/* Proc q's code as its meaning: a hash of each instruction with names for
 * numbers. */
static uint64_t proc_hash(const ordo_program *p, int q)
{
    uint32_t end = df_proc_end(p, q), start = own_start(p, q, end);
    uint64_t h = fnv(0xcbf29ce484222325ull, &p->procs[q].nparams, sizeof p->procs[q].nparams);
    for (uint32_t pc = start; pc < end; pc++) {
        const ordo_insn *in = &p->code[pc];
        /* an event emitted is the same whether its triggers run through a
         * dispatch proc ("on E": a layer added a trigger, compared on its
         * own) or not */
        const char *on = in->op == ORDO_OP_CALL && in->a < p->nprocs ? p->procs[in->a].name : NULL;
        if (on && strncmp(on, "on ", 3) == 0) {
            h = fnv_str(fnv_str(h, "emit"), on + 3);
            continue;
        }
        if (in->op == ORDO_OP_EMIT && in->a < p->nevents) {
            h = fnv_str(fnv_str(h, "emit"), p->events[in->a].name);
            continue;
        }
        h = fnv(h, &in->op, 1);
        if (in->op >= ORDO_OP_COUNT)
            continue;
        for (int f = 0; f < 3; f++) {
            unsigned kind = ordo_op_operand(in->op, f);
            if (kind)
                h = hash_operand(p, h, kind, f == 0 ? in->x : f == 1 ? in->a : in->b, start);
        }
    }
    return h;
}

/* Whether proc q is one of the rules' own (not a scenario's, a check's, a
 * display's or a policy's, which do not play). */
static int is_rule_proc(const ordo_program *p, int q)
{
    const char *n = p->procs[q].name;
    return n && !strchr(n, '#') && strncmp(n, "policy ", 7) != 0;
}

/* The k-th proc named `name` in p (in the program's order), or -1. */
static int nth_proc(const ordo_program *p, const char *name, int k)
{
    for (int q = 0; q < p->nprocs; q++)
        if (p->procs[q].name && strcmp(p->procs[q].name, name) == 0 && k-- == 0)
            return q;
    return -1;
}

/* How many procs before q share its name. */
static int ordinal(const ordo_program *p, int q)
{
    int k = 0;
    for (int r = 0; r < q; r++)
        k += p->procs[r].name && strcmp(p->procs[r].name, p->procs[q].name) == 0;
    return k;
}

/* ------------------------------------------------------ the tree's part */

/* The declaration of proc q (a fn, proc, trigger or action of that name
 * at that line and file), or NULL. */
static const ast_decl *decl_of(const df_side *s, int q)
{
    const ast_file *t = s->c ? oc_tree(s->c) : NULL;
    const ordo_proc *pr = &s->p->procs[q];
    const char *file = ordo_file_at(s->p, pr->pc);
    for (const ast_decl *d = t ? t->decls : NULL; d; d = d->next) {
        if ((d->kind != D_FN && d->kind != D_PROC) || !d->name || ast_line(d->loc) != pr->line)
            continue;
        const char *path = oc_tree_path(s->c, ast_file_of(d->loc));
        if (!file || !path || strcmp(file, path) == 0)
            return d;
    }
    return NULL;
}

static int proc_what(const ast_decl *d, const char *name)
{
    if (!d)
        return strncmp(name, "on ", 3) == 0 ? DF_TRIGGER
               : strncmp(name, "can ", 4) == 0 ? DF_ACTION
               : strcmp(name, "sequence") == 0 ? DF_PROC
                                               : DF_FN;
    if (d->kind == D_FN)
        return DF_FN;
    return d->timing ? DF_TRIGGER : d->is_action || d->anytime ? DF_ACTION : DF_PROC;
}

void df_proc_cites(const df_side *s, int q, char *rules, size_t n)
{
    const ast_decl *d = q >= 0 && q < s->p->nprocs ? decl_of(s, q) : NULL;
    for (const ast_cite *c = d ? d->cites : NULL; c; c = c->next)
        df_add_ids(rules, n, c->id);
}

void df_add_ids(char *rules, size_t n, const char *ids)
{
    while (ids && *ids) {
        ids += strspn(ids, " ");
        size_t len = strcspn(ids, " ");
        if (!len)
            break;
        int seen = 0;
        for (const char *r = rules; *r && !seen; r += strcspn(r, " "), r += strspn(r, " "))
            seen = strncmp(r, ids, len) == 0 && (r[len] == ' ' || r[len] == 0);
        size_t at = strlen(rules);
        if (!seen && at + len + 2 < n)
            snprintf(rules + at, n - at, "%s%.*s", at ? " " : "", (int)len, ids);
        ids += len;
    }
}

/* The rule IDs of proc q: its own cites, and its steps'. */
static void proc_rules(const df_side *s, int q, char *rules, size_t n)
{
    if (q < 0)
        return;
    const ast_decl *d = decl_of(s, q);
    for (const ast_cite *c = d ? d->cites : NULL; c; c = c->next)
        df_add_ids(rules, n, c->id);
    const ordo_program *p = s->p;
    uint32_t start = p->procs[q].pc, end = df_proc_end(p, q);
    for (uint32_t pc = start; pc < end; pc++) {
        const ordo_insn *in = &p->code[pc];
        if (in->op < ORDO_OP_COUNT && ordo_op_operand(in->op, 1) == ORDO_OPND_STEP &&
            in->a < p->nsteps)
            df_add_ids(rules, n, p->steps[in->a].rule);
    }
}

/* ---------------------------------------------------------- the list */

static df_change *add(df_rules *r, int what, int how, const char *name)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 32;
        df_change *v = realloc(r->v, cap * sizeof *v);
        if (!v)
            return NULL;
        r->v = v;
        r->cap = cap;
    }
    df_change *c = &r->v[r->n++];
    memset(c, 0, sizeof *c);
    c->what = what;
    c->how = how;
    c->proc_b = -1;
    snprintf(c->name, sizeof c->name, "%s", name);
    return c;
}

/* A proc's entry: its lines and files, its rules on both sides. */
static int add_proc(df_rules *r, const df_side *a, const df_side *b, int qa, int qb, int how,
                    const char *detail)
{
    const df_side *s = qb >= 0 ? b : a;
    int q = qb >= 0 ? qb : qa;
    df_change *c = add(r, proc_what(decl_of(s, q), s->p->procs[q].name), how, s->p->procs[q].name);
    if (!c)
        return -1;
    snprintf(c->detail, sizeof c->detail, "%s", detail);
    if (qa >= 0) {
        c->line_a = a->p->procs[qa].line;
        c->file_a = ordo_file_at(a->p, a->p->procs[qa].pc);
        proc_rules(a, qa, c->rules, sizeof c->rules);
    }
    if (qb >= 0) {
        c->line_b = b->p->procs[qb].line;
        c->file_b = ordo_file_at(b->p, b->p->procs[qb].pc);
        c->proc_b = qb;
        proc_rules(b, qb, c->rules, sizeof c->rules);
    }
    return 0;
}

/* Procs: by name and place among those of the name. One of B past A's
 * (an override a layer adds) is compared with the first of its name in
 * B, its base: the same code is no change. */
static int compare_procs(const df_side *a, const df_side *b, df_rules *r)
{
    const ordo_program *pa = a->p, *pb = b->p;
    for (int q = 0; q < pb->nprocs; q++) {
        if (!is_rule_proc(pb, q))
            continue;
        int k = ordinal(pb, q), qa = nth_proc(pa, pb->procs[q].name, k);
        int rc = 0;
        if (qa >= 0) {
            if (proc_hash(pa, qa) != proc_hash(pb, q))
                rc = add_proc(r, a, b, qa, q, DF_CHANGED, "its code");
        } else {
            int base = nth_proc(pb, pb->procs[q].name, 0);
            int qa0 = nth_proc(pa, pb->procs[q].name, 0);
            if (base == q || proc_hash(pb, base) != proc_hash(pb, q))
                rc = add_proc(r, a, b, qa0, q, qa0 >= 0 ? DF_CHANGED : DF_ONLY_B,
                              base == q ? "" : "overridden");
        }
        if (rc)
            return -1;
    }
    for (int q = 0; q < pa->nprocs; q++)
        if (is_rule_proc(pa, q) && nth_proc(pb, pa->procs[q].name, 0) < 0 &&
            add_proc(r, a, b, q, -1, DF_ONLY_A, "") != 0)
            return -1;
    return 0;
}

/* The file step k's code is in. */
static const char *step_file(const ordo_program *p, int k)
{
    for (uint32_t pc = 0; pc < p->ncode; pc++)
        if (p->code[pc].op < ORDO_OP_COUNT &&
            ordo_op_operand(p->code[pc].op, 1) == ORDO_OPND_STEP && p->code[pc].a == k)
            return ordo_file_at(p, pc);
    return NULL;
}

static int step_named(const ordo_program *p, const char *number)
{
    for (int k = 0; k < p->nsteps; k++)
        if (strcmp(p->steps[k].number, number) == 0)
            return k;
    return -1;
}

/* Steps: by number (a step a layer's override declares again is
 * compared with its first). */
static int compare_steps(const df_side *a, const df_side *b, df_rules *r)
{
    const ordo_program *pa = a->p, *pb = b->p;
    for (int k = 0; k < pb->nsteps; k++) {
        const ordo_step *sb = &pb->steps[k];
        int first = step_named(pb, sb->number), ka = step_named(pa, sb->number);
        const ordo_step *sa = first < k ? &pb->steps[first] : ka >= 0 ? &pa->steps[ka] : NULL;
        const char *detail = !sa                           ? ""
                             : strcmp(sa->title, sb->title) ? "its title"
                             : strcmp(sa->rule, sb->rule)   ? "its rule IDs"
                                                            : NULL;
        if (!detail)
            continue;
        char name[160];
        snprintf(name, sizeof name, "%s \"%s\"", sb->number, sb->title);
        df_change *c = add(r, DF_STEP, sa ? DF_CHANGED : DF_ONLY_B, name);
        if (!c)
            return -1;
        snprintf(c->detail, sizeof c->detail, "%s", detail);
        c->line_b = sb->line;
        c->file_b = step_file(pb, k);
        c->line_a = ka >= 0 ? pa->steps[ka].line : 0;
        c->file_a = ka >= 0 ? step_file(pa, ka) : NULL;
        df_add_ids(c->rules, sizeof c->rules, sb->rule);
        if (ka >= 0)
            df_add_ids(c->rules, sizeof c->rules, pa->steps[ka].rule);
    }
    for (int k = 0; k < pa->nsteps; k++) {
        if (step_named(pb, pa->steps[k].number) >= 0)
            continue;
        char name[160];
        snprintf(name, sizeof name, "%s \"%s\"", pa->steps[k].number, pa->steps[k].title);
        df_change *c = add(r, DF_STEP, DF_ONLY_A, name);
        if (!c)
            return -1;
        c->line_a = pa->steps[k].line;
        c->file_a = step_file(pa, k);
        df_add_ids(c->rules, sizeof c->rules, pa->steps[k].rule);
    }
    return 0;
}

static const char *step_number(const ordo_program *p, int16_t step)
{
    return step >= 0 && step < p->nsteps ? p->steps[step].number : "";
}

static int option_in(const ordo_program *p, const ordo_option *o, const ordo_program *in)
{
    for (int k = 0; k < in->noptions; k++)
        if (strcmp(in->options[k].label, o->label) == 0 &&
            strcmp(step_number(in, in->options[k].step), step_number(p, o->step)) == 0)
            return 1;
    return 0;
}

/* Options: by label and step; what one has and the other not. */
static int compare_options(const df_side *x, const df_side *y, int how, df_rules *r)
{
    for (int k = 0; k < x->p->noptions; k++) {
        const ordo_option *o = &x->p->options[k];
        if (option_in(x->p, o, y->p))
            continue;
        char name[160];
        snprintf(name, sizeof name, "\"%.100s\"%s%s", o->label, o->step >= 0 ? " in step " : "",
                 step_number(x->p, o->step));
        df_change *c = add(r, DF_OPTION, how, name);
        if (!c)
            return -1;
        *(how == DF_ONLY_A ? &c->line_a : &c->line_b) = o->line;
        *(how == DF_ONLY_A ? &c->file_a : &c->file_b) = ordo_file_at(x->p, o->target);
        if (o->step >= 0 && o->step < x->p->nsteps)
            df_add_ids(c->rules, sizeof c->rules, x->p->steps[o->step].rule);
    }
    return 0;
}

/* Vars: by name, their shape and start value. */
static int compare_vars(const df_side *a, const df_side *b, df_rules *r)
{
    for (int pass = 0; pass < 2; pass++) {
        const ordo_program *px = pass ? b->p : a->p, *py = pass ? a->p : b->p;
        for (int v = 0; v < px->nvars; v++) {
            const ordo_var *x = &px->vars[v];
            if (!x->name || x->name[0] == '#')
                continue;
            int w = ordo_find_var(py, x->name);
            const ordo_var *y = w >= 0 ? &py->vars[w] : NULL;
            if (y && (pass || (x->kind == y->kind && x->ndims == y->ndims && x->cap == y->cap &&
                               x->dim_n[0] == y->dim_n[0] && x->dim_n[1] == y->dim_n[1] &&
                               x->init == y->init && x->lo == y->lo && x->hi == y->hi)))
                continue;
            df_change *c = add(r, DF_VAR, y ? DF_CHANGED : pass ? DF_ONLY_B : DF_ONLY_A, x->name);
            if (!c)
                return -1;
            snprintf(c->detail, sizeof c->detail, "%s", y ? "its type, shape or start" : "");
            *(pass ? &c->line_b : &c->line_a) = x->line;
            if (y)
                c->line_b = y->line;
        }
    }
    return 0;
}

/* The constant `name`'s declaration in t (not an override), its value
 * (the top override's) and the line that sets it (the override's). */
static const ast_decl *const_named(const df_side *s, const char *name, int32_t *value,
                                   const ast_decl **set_by)
{
    const ast_file *t = oc_tree(s->c);
    const ast_decl *base = NULL;
    *set_by = NULL;
    for (const ast_decl *d = t ? t->decls : NULL; d; d = d->next)
        if (d->kind == D_CONST && d->name && strcmp(d->name, name) == 0) {
            if (!d->is_override && !base)
                base = d;
            *set_by = d;
        }
    if (base)
        *value = oc_init_value(oc_tree_resolution(s->c), base);
    return base;
}

static int compare_consts(const df_side *a, const df_side *b, df_rules *r)
{
    if (!a->c || !b->c || !oc_tree(a->c) || !oc_tree(b->c))
        return 0;
    for (int pass = 0; pass < 2; pass++) {
        const df_side *x = pass ? b : a, *y = pass ? a : b;
        for (const ast_decl *d = oc_tree(x->c)->decls; d; d = d->next) {
            if (d->kind != D_CONST || d->is_override || !d->name)
                continue;
            int32_t vx = 0, vy = 0;
            const ast_decl *sx, *sy, *dx = const_named(x, d->name, &vx, &sx);
            const ast_decl *dy = const_named(y, d->name, &vy, &sy);
            if (dx != d || (dy && (pass || vx == vy)))
                continue;
            df_change *c = add(r, DF_CONST, dy ? DF_CHANGED : pass ? DF_ONLY_B : DF_ONLY_A,
                               d->name);
            if (!c)
                return -1;
            const ast_decl *in_a = pass ? sy : sx, *in_b = pass ? sx : sy;
            if (dy)
                snprintf(c->detail, sizeof c->detail, "from %ld to %ld", (long)(pass ? vy : vx),
                         (long)(pass ? vx : vy));
            if (in_a) {
                c->line_a = ast_line(in_a->loc);
                c->file_a = oc_tree_path(a->c, ast_file_of(in_a->loc));
            }
            if (in_b) {
                c->line_b = ast_line(in_b->loc);
                c->file_b = oc_tree_path(b->c, ast_file_of(in_b->loc));
            }
        }
    }
    return 0;
}

static int compare_data(const df_side *a, const df_side *b, df_rules *r)
{
    if (a->p->ndata == b->p->ndata &&
        (!a->p->ndata || memcmp(a->p->data, b->p->data, a->p->ndata * sizeof *a->p->data) == 0))
        return 0;
    df_change *c = add(r, DF_TABLE, DF_CHANGED, "the data tables' values");
    if (!c)
        return -1;
    snprintf(c->detail, sizeof c->detail, "%lu values, then %lu", (unsigned long)a->p->ndata,
             (unsigned long)b->p->ndata);
    return 0;
}

/* ------------------------------------------------ what a change reaches */

/* B's procs a change reaches: those it names, every proc of the name of
 * an override it names (the override runs in their place), then their
 * callers, until nothing changes. */
static int reach(const df_side *b, df_rules *r)
{
    const ordo_program *p = b->p;
    r->nprocs_b = p->nprocs;
    r->affected = calloc((size_t)p->nprocs + 1, sizeof *r->affected);
    if (!r->affected)
        return -1;
    for (size_t k = 0; k < r->n; k++) {
        int32_t q = r->v[k].proc_b;
        if (q < 0)
            continue;
        for (int o = 0; o < p->nprocs; o++)
            if (!r->affected[o] && p->procs[o].name && strcmp(p->procs[o].name, p->procs[q].name) == 0)
                r->affected[o] = (uint32_t)k + 1;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int q = 0; q < p->nprocs; q++) {
            if (r->affected[q])
                continue;
            for (uint32_t pc = p->procs[q].pc, end = df_proc_end(p, q); pc < end; pc++) {
                const ordo_insn *in = &p->code[pc];
                if (in->op < ORDO_OP_COUNT && ordo_op_operand(in->op, 1) == ORDO_OPND_PROC &&
                    in->a < p->nprocs && r->affected[in->a]) {
                    r->affected[q] = r->affected[in->a];
                    changed = 1;
                    break;
                }
            }
        }
    }
    return 0;
}

int df_compare_rules(const df_side *a, const df_side *b, df_rules *r)
{
    memset(r, 0, sizeof *r);
    if (compare_steps(a, b, r) || compare_options(a, b, DF_ONLY_A, r) ||
        compare_options(b, a, DF_ONLY_B, r) || compare_procs(a, b, r) ||
        compare_consts(a, b, r) || compare_vars(a, b, r) || compare_data(a, b, r))
        return -1;
    for (size_t k = 0; k < r->n; k++) {
        if (!r->v[k].file_a && r->v[k].line_a)
            r->v[k].file_a = a->file;
        if (!r->v[k].file_b && r->v[k].line_b)
            r->v[k].file_b = b->file;
    }
    return reach(b, r);
}

void df_rules_free(df_rules *r)
{
    free(r->v);
    free(r->affected);
    memset(r, 0, sizeof *r);
}

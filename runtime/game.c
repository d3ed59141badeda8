/* game.c — the host API: creating, copying, running and inspecting games.
 * The interpreter itself is vm.c; this file sets up and tears down runs
 * and keeps the promises of ordo.h (a bad argument changes nothing; an
 * error is sticky; ordo_eval leaves the game byte for byte as it was). */
#include <stdio.h>
#include <stdlib.h>

#include "vm.h"

size_t ordo_game_size(const ordo_program *p)
{
    if (!p || ordo_validate(p, NULL, 0) != ORDO_OK)
        return 0;
    vm_layout l;
    vm_compute_layout(p, &l);
    return (size_t)l.size;
}

/* The one reset of a game block: everything zeroed, then the header and
 * the vars' initial values, for `nplayers` (already checked) and `seed`.
 * ordo_init (on a program it has just validated) and ordo_reset (on the
 * program the game already plays) both come here. */
static void reset_block(void *mem, const ordo_program *p, const vm_layout *l, int nplayers,
                        uint64_t seed)
{
    memset(mem, 0, (size_t)l->size);
    ordo_game *g = mem;
    g->p = p;
    g->size = l->size;
    g->rng = seed;
    g->max_steps = ORDO_DEFAULT_MAX_STEPS;
    g->off_state = (uint32_t)l->state;
    g->off_stack = (uint32_t)l->stack;
    g->off_frames = (uint32_t)l->frames;
    g->off_opts = (uint32_t)l->opts;
    g->off_escs = (uint32_t)l->escs;
    g->off_pend = (uint32_t)l->pend;
    g->status = ORDO_OK;
    g->cur_step = -1;
    g->decider = -1;
    g->winner = -1;
    g->nplayers = nplayers;
    g->err_step = -1;
    g->err_proc = -1;
    vm_init_vars(g, 0, p->nvars);
}

int ordo_init(void *mem, size_t memsize, const ordo_program *p, int nplayers, uint64_t seed,
              ordo_game **out)
{
    if (out)
        *out = NULL;
    if (!mem || !p || !out || ((uintptr_t)mem & 7u))
        return ORDO_E_ARG;
    if (ordo_validate(p, NULL, 0) != ORDO_OK)
        return ORDO_E_PROGRAM;
    if (nplayers < p->min_players || nplayers > p->max_players)
        return ORDO_E_ARG;
    vm_layout l;
    vm_compute_layout(p, &l);
    if (memsize < l.size)
        return ORDO_E_ARG;
    reset_block(mem, p, &l, nplayers, seed);
    *out = mem;
    return ORDO_OK;
}

/* The program was validated when g was made (ordo_init, ordo_new or
 * ordo_restore all validate it), and a game's program never changes: no
 * validation here, only the block reset. */
int ordo_reset(ordo_game *g, int nplayers, uint64_t seed)
{
    if (!g)
        return ORDO_E_ARG;
    const ordo_program *p = g->p;
    if (nplayers < p->min_players || nplayers > p->max_players)
        return ORDO_E_ARG;
    vm_layout l;
    vm_compute_layout(p, &l);
    if (l.size != g->size) /* not a block this program made */
        return ORDO_E_ARG;
    reset_block(g, p, &l, nplayers, seed);
    return ORDO_OK;
}

int ordo_new(const ordo_program *p, int nplayers, uint64_t seed, ordo_game **out)
{
    if (out)
        *out = NULL;
    size_t n = ordo_game_size(p);
    if (!p || !out)
        return ORDO_E_ARG;
    if (!n)
        return ORDO_E_PROGRAM;
    if (nplayers < p->min_players || nplayers > p->max_players)
        return ORDO_E_ARG;
    void *mem = malloc(n);
    if (!mem)
        return ORDO_E_STACK;
    int rc = ordo_init(mem, n, p, nplayers, seed, out);
    if (rc != ORDO_OK)
        free(mem);
    return rc;
}

void ordo_free(ordo_game *g)
{
    free(g);
}

size_t ordo_size(const ordo_game *g)
{
    return g ? (size_t)g->size : 0;
}

void ordo_copy(ordo_game *dst, const ordo_game *src)
{
    if (dst && src && dst != src)
        memcpy(dst, src, (size_t)src->size);
}

/* ---- running */

int ordo_run(ordo_game *g)
{
    if (!g)
        return ORDO_E_ARG;
    if (g->status != ORDO_OK)
        return g->status; /* an error, ORDO_DECIDE (choose first) or ORDO_OVER */
    if (!g->ran) {
        g->ran = 1;
        int rc = vm_call(g, g->p->main_proc, NULL, 0);
        if (rc < 0)
            return rc;
    }
    int rc = vm_run(g, VM_MAIN, 0, NULL);
    vm_canonical(g);
    return rc;
}

static int check_call(const ordo_game *g, int proc, const int32_t *args, int nargs)
{
    if (proc < 0 || proc >= g->p->nprocs)
        return ORDO_E_ARG;
    if (nargs < 0 || nargs != g->p->procs[proc].nparams || (nargs > 0 && !args))
        return ORDO_E_ARG;
    return ORDO_OK;
}

/* ordo_start and ordo_exec come only before the first ordo_run (ordo.h):
 * an error status is returned as it is, a game that has run or waits for a
 * decision is ORDO_E_STATE; then the call itself, as check_call. */
static int check_fresh_call(const ordo_game *g, int proc, const int32_t *args, int nargs)
{
    if (!g)
        return ORDO_E_ARG;
    if (g->status < 0)
        return g->status;
    if (g->status != ORDO_OK || g->ran)
        return ORDO_E_STATE;
    return check_call(g, proc, args, nargs);
}

/* A host that starts an action whose precondition or costs do not hold is
 * refused like a bad argument: ORDO_E_DENIED, the game unchanged (ordo_eval
 * leaves it byte for byte as it was) and still fresh. The rules' own `do`
 * of such an action is an error in the rules instead: it stops the game. */
static int check_allowed(ordo_game *g, int proc, const int32_t *args, int nargs)
{
    int can = (int)g->p->procs[proc].guard - 1; /* the action's "can A" fn */
    int32_t ok = 1;
    if (can < 0)
        return ORDO_OK;
    int rc = ordo_eval(g, can, args, nargs, &ok);
    if (rc < 0)
        return rc;
    return ok ? ORDO_OK : ORDO_E_DENIED;
}

int ordo_start(ordo_game *g, int proc, const int32_t *args, int nargs)
{
    int rc = check_fresh_call(g, proc, args, nargs);
    if (rc == ORDO_OK)
        rc = check_allowed(g, proc, args, nargs);
    if (rc < 0)
        return rc;
    g->ran = 1;
    rc = vm_call(g, proc, args, nargs);
    vm_canonical(g);
    return rc;
}

int ordo_exec(ordo_game *g, int proc, const int32_t *args, int nargs)
{
    int rc = check_fresh_call(g, proc, args, nargs);
    if (rc == ORDO_OK)
        rc = check_allowed(g, proc, args, nargs);
    if (rc < 0)
        return rc;
    uint32_t pc = g->pc, base = g->nframes;
    int32_t step = g->cur_step;
    rc = vm_call(g, proc, args, nargs);
    if (rc == ORDO_OK)
        rc = vm_run(g, VM_EXEC, base, NULL);
    if (rc == ORDO_OK) {
        g->pc = pc;
        g->cur_step = step;
        VM_CLEAR_OPTS(g);
    }
    vm_canonical(g);
    return rc;
}

/* Runs code unit `proc` on the current state and puts back everything the
 * run touched outside the state area (which code run in eval mode cannot
 * write: vm.c refuses it). */
static int eval_unit(ordo_game *g, int proc, const int32_t *args, int nargs, int32_t *result)
{
    /* everything vm_call and vm_run may touch outside the state area */
    uint32_t pc = g->pc, sp = g->sp, fp = g->fp, nframes = g->nframes;
    int32_t step = g->cur_step, status = g->status, decider = g->decider;
    uint64_t steps = g->steps;
    int32_t v = 0;
    int rc = vm_call(g, proc, args, nargs);
    if (rc == ORDO_OK)
        rc = vm_run(g, VM_EVAL, nframes, &v);
    g->pc = pc;
    g->sp = sp;
    g->fp = fp;
    g->nframes = nframes;
    g->cur_step = step;
    g->steps = steps;
    if (rc == ORDO_OK) {
        g->status = status;
        g->decider = decider;
        *result = v;
    }
    vm_canonical(g);
    return rc;
}

int ordo_eval(ordo_game *g, int proc, const int32_t *args, int nargs, int32_t *result)
{
    if (!g || !result)
        return ORDO_E_ARG;
    if (g->status < 0)
        return g->status;
    int rc = check_call(g, proc, args, nargs);
    if (rc < 0)
        return rc;
    /* only a fn gives a value; a proc (which may pay, gain, show or decide)
     * is refused before it runs, the game unchanged */
    if (!g->p->procs[proc].returns)
        return ORDO_E_ARG;
    return eval_unit(g, proc, args, nargs, result);
}

int vm_eval_quiet(ordo_game *g, int proc, const int32_t *args, int nargs, int32_t *result,
                  ordo_trace_fn trace, void *ctx)
{
    if (!g || !result)
        return ORDO_E_ARG;
    if (g->status < 0)
        return g->status;
    int rc = check_call(g, proc, args, nargs);
    if (rc < 0)
        return rc;
    ordo_game saved = *g; /* the header: status, error, trace and sequence number */
    g->trace = trace;
    g->trace_ctx = ctx;
    rc = eval_unit(g, proc, args, nargs, result);
    *g = saved;
    vm_canonical(g); /* the frame and operands the run left above the tops */
    return rc;
}

/* ---- the decision */

int ordo_status(const ordo_game *g)
{
    return g ? g->status : ORDO_E_ARG;
}

int ordo_decider(const ordo_game *g)
{
    return g && g->status == ORDO_DECIDE ? g->decider : -1;
}

int ordo_option_count(const ordo_game *g)
{
    return g && g->status == ORDO_DECIDE ? g->nopts : 0;
}

int ordo_option_label(const ordo_game *g, int i, char *buf, size_t n)
{
    if (!g || g->status != ORDO_DECIDE || i < 0 || i >= g->nopts || (!buf && n))
        return ORDO_E_ARG;
    vm_buf b;
    vb_init(&b, buf, n);
    vb_option_label(&b, g, &VM_COPTS(g)[i]);
    return vb_end(&b);
}

int ordo_find_option(const ordo_game *g, const char *label)
{
    if (!g || !label || g->status != ORDO_DECIDE)
        return -1;
    const vm_opt *o = VM_COPTS(g);
    for (int i = 0; i < g->nopts; i++)
        if (vm_label_eq(g, &o[i], label))
            return i;
    return -1;
}

int ordo_option_id(const ordo_game *g, int i, int32_t *param)
{
    if (!g || g->status != ORDO_DECIDE || i < 0 || i >= g->nopts)
        return ORDO_E_ARG;
    const vm_opt *o = &VM_COPTS(g)[i];
    int with_param = o->kind == VM_OPT_PARAM && g->p->options[o->id].param_kind != ORDO_NO_PARAM;
    if (param)
        *param = with_param ? o->param : 0;
    return o->kind == VM_OPT_ESCAPE ? g->p->noptions + o->id : o->id;
}

/* An escape leaves the frames above `depth`: every action among them is
 * abandoned, innermost first, so the per-action block ends as it was
 * before the outermost of them began; in a program that undoes actions,
 * the whole state does (but its `kept` vars), each undone action traced. */
static void leave_actions(ordo_game *g, uint32_t depth)
{
    const ordo_program *p = g->p;
    const vm_frame *fr = VM_FRAMES(g);
    uint32_t fp = g->fp;
    for (uint32_t k = g->nframes; k-- > depth;) {
        uint16_t save = p->procs[fr[k].proc].act_save;
        const int32_t *locals = VM_STACK(g) + fp;
        if (save && p->act_undo) {
            vm_undo_action(g, locals + save - 1);
            vm_emit(g, ORDO_EV_UNDO, p->procs[fr[k].proc].nparams ? locals[0] : -1, fr[k].proc,
                    0, NULL);
        } else if (save) {
            vm_restore_action(g, locals + save - 1);
        }
        fp = fr[k].fp;
    }
}

int ordo_choose(ordo_game *g, int i)
{
    if (!g)
        return ORDO_E_ARG;
    if (g->status != ORDO_DECIDE)
        return ORDO_E_STATE;
    if (i < 0 || i >= g->nopts)
        return ORDO_E_ARG;
    const ordo_program *p = g->p;
    vm_opt o = VM_OPTS(g)[i];
    int d = g->decider;
    if (o.kind == VM_OPT_ESCAPE) {
        vm_esc e = VM_ESCS(g)[o.param];
        vm_emit(g, ORDO_EV_ESCAPE, d, o.id, 0, NULL);
        leave_actions(g, e.nframes);
        g->npend = e.npend;
        g->batch = e.batch;
        g->sp = e.sp;
        g->fp = e.fp;
        g->nframes = e.nframes;
        g->cur_step = e.step;
        g->nesc = e.scope_base;
        g->pc = p->escapes[o.id].handler;
    } else {
        int32_t arg = o.param;
        vm_emit(g, ORDO_EV_CHOICE, d, o.id, o.kind == VM_OPT_PARAM, &arg);
        if (o.kind == VM_OPT_PARAM) {
            if (g->sp >= p->stack_size) {
                int rc = vm_fail(g, ORDO_E_STACK, g->pc, "value stack (%u slots) exhausted",
                                 (unsigned)p->stack_size);
                vm_canonical(g);
                return rc;
            }
            VM_STACK(g)[g->sp++] = o.param;
        }
        g->pc = p->options[o.id].target;
    }
    g->status = ORDO_OK;
    g->decider = -1;
    VM_CLEAR_OPTS(g);
    vm_canonical(g);
    return ORDO_OK;
}

int ordo_player_count(const ordo_game *g)
{
    return g ? g->nplayers : ORDO_E_ARG;
}

int ordo_simultaneous(const ordo_game *g)
{
    return g && g->status == ORDO_DECIDE && g->secret == 2;
}

int ordo_winner(const ordo_game *g)
{
    return g && g->status == ORDO_OVER ? g->winner : -1;
}

const char *ordo_end_reason(const ordo_game *g, int *is_limit)
{
    if (is_limit)
        *is_limit = 0;
    if (!g || g->status != ORDO_OVER || !g->end_reason || g->end_reason > g->p->ntexts)
        return NULL;
    if (is_limit)
        *is_limit = g->end_limit;
    return g->p->texts[g->end_reason - 1].text;
}

/* ---- variables */

int ordo_find_var(const ordo_program *p, const char *name)
{
    if (!p || !name)
        return -1;
    for (int i = 0; i < p->nvars; i++)
        if (p->vars[i].name && strcmp(p->vars[i].name, name) == 0)
            return i;
    return -1;
}

/* The cell address of var v at host indexes (i, j), or NULL. */
static unsigned char *host_cell(const ordo_game *g, int v, int i, int j)
{
    const ordo_program *p = g->p;
    if (v < 0 || v >= p->nvars)
        return NULL;
    const ordo_var *var = &p->vars[v];
    int64_t cell = vm_host_cell(g, var, i, j);
    if (cell < 0)
        return NULL;
    return (unsigned char *)VM_CSTATE(g) + var->offset + (uint64_t)cell * var->stride;
}

/* A set read as a list is: elem -1 its size, elem k its k-th member
 * (0-based, ascending). */
static int set_get(const ordo_var *var, const unsigned char *a, int elem, int32_t *out)
{
    if (elem < 0) {
        *out = (int32_t)vm_set_count(a, var->cap);
        return ORDO_OK;
    }
    int32_t k = vm_set_next(a, var->cap, 0);
    for (int e = 0; e < elem && k >= 0; e++)
        k = vm_set_next(a, var->cap, (int64_t)k + 1);
    if (k < 0)
        return ORDO_E_ARG;
    *out = var->lo + k;
    return ORDO_OK;
}

int ordo_get(const ordo_game *g, int v, int i, int j, int elem, int32_t *out)
{
    if (!g || !out)
        return ORDO_E_ARG;
    const unsigned char *a = host_cell(g, v, i, j);
    if (!a)
        return ORDO_E_ARG;
    const ordo_var *var = &g->p->vars[v];
    if (var->is_set)
        return set_get(var, a, elem, out);
    if (!var->is_list) {
        *out = vm_load(a, var->width);
        return ORDO_OK;
    }
    int16_t len;
    memcpy(&len, a, 2);
    if (elem < 0) {
        *out = len;
        return ORDO_OK;
    }
    if (elem >= len)
        return ORDO_E_ARG;
    *out = vm_load(a + 2 + (uint32_t)elem * var->width, var->width);
    return ORDO_OK;
}

static int set_set(const ordo_var *var, unsigned char *a, int elem, int32_t value)
{
    if (elem < 0) {
        if (value != 0)
            return ORDO_E_RANGE;
        memset(a, 0, var->stride);
        return ORDO_OK;
    }
    if (elem > 1)
        return ORDO_E_ARG;
    if (value < var->lo || value > var->hi)
        return ORDO_E_RANGE;
    vm_set_put(a, (uint32_t)(value - var->lo), elem);
    return ORDO_OK;
}

int ordo_set(ordo_game *g, int v, int i, int j, int elem, int32_t value)
{
    if (!g)
        return ORDO_E_ARG;
    unsigned char *a = host_cell(g, v, i, j);
    if (!a)
        return ORDO_E_ARG;
    const ordo_var *var = &g->p->vars[v];
    if (var->is_set) /* elem -1: empty it (value 0); elem 0: take value out; 1: put it in */
        return set_set(var, a, elem, value);
    if (var->is_list && elem < 0) {
        if (value < 0 || value > var->cap)
            return ORDO_E_RANGE;
        int16_t len;
        memcpy(&len, a, 2);
        if (value < len) /* keep the slots past the end zero */
            memset(a + 2 + (uint32_t)value * var->width, 0,
                   (size_t)(len - value) * var->width);
        for (int32_t k = len; k < value; k++) /* new elements: the var's initial value */
            vm_store(a + 2 + (uint32_t)k * var->width, var->width, var->init);
        len = (int16_t)value;
        memcpy(a, &len, 2);
        return ORDO_OK;
    }
    if (value < var->lo || value > var->hi)
        return ORDO_E_RANGE;
    if (var->is_list) {
        int16_t len;
        memcpy(&len, a, 2);
        if (elem >= len)
            return ORDO_E_ARG;
        a += 2 + (uint32_t)elem * var->width;
    }
    vm_store(a, var->width, value);
    return ORDO_OK;
}

void ordo_set_max_steps(ordo_game *g, uint64_t max_steps)
{
    if (g)
        g->max_steps = max_steps ? max_steps : ORDO_DEFAULT_MAX_STEPS;
}

uint64_t ordo_steps(const ordo_game *g)
{
    return g ? g->steps : 0;
}

/* ---- errors */

const char *ordo_strerror(int code)
{
    switch (code) {
    case ORDO_OK: return "ok";
    case ORDO_DECIDE: return "a decision is pending";
    case ORDO_OVER: return "the game is over";
    case ORDO_E_ARG: return "bad argument";
    case ORDO_E_PROGRAM: return "invalid program";
    case ORDO_E_STATE: return "not allowed now";
    case ORDO_E_RANGE: return "value out of range";
    case ORDO_E_INDEX: return "index out of bounds";
    case ORDO_E_DIVZERO: return "division by zero";
    case ORDO_E_LIMIT: return "step limit reached";
    case ORDO_E_STACK: return "stack exhausted";
    case ORDO_E_NOOPTION: return "no legal option";
    case ORDO_E_LIST: return "list error";
    case ORDO_E_ASSERT: return "assertion failed";
    case ORDO_E_OPCODE: return "unknown instruction";
    case ORDO_E_DENIED: return "not allowed by the rules";
    case ORDO_E_BOUND: return "a stated depth bound exceeded";
    default: return "unknown error";
    }
}

/* The proc whose code holds pc: the one with the greatest entry <= pc. */
static int proc_at(const ordo_program *p, uint32_t pc)
{
    int best = -1;
    for (int i = 0; i < p->nprocs; i++)
        if (p->procs[i].pc <= pc && (best < 0 || p->procs[i].pc > p->procs[best].pc))
            best = i;
    return best;
}

/* The source line of instruction pc (0 when the program has no lines). */
static const ordo_line *row_at(const ordo_program *p, uint32_t pc)
{
    uint32_t lo = 0, hi = p->nlines;
    while (lo < hi) { /* the last row with row.pc <= pc */
        uint32_t mid = lo + (hi - lo) / 2;
        if (p->lines[mid].pc <= pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? &p->lines[lo - 1] : NULL;
}

static uint32_t line_at(const ordo_program *p, uint32_t pc)
{
    const ordo_line *r = row_at(p, pc);
    return r ? r->line : 0;
}

const char *ordo_file_at(const ordo_program *p, uint32_t pc)
{
    if (!p)
        return NULL;
    const ordo_line *r = row_at(p, pc);
    uint16_t f = r ? r->file : 0;
    if (f && f < p->nfiles && p->files[f])
        return p->files[f];
    return p->file;
}

int ordo_where(const ordo_game *g, int32_t *step, uint32_t *line)
{
    if (!g || !step || !line)
        return ORDO_E_ARG;
    const ordo_program *p = g->p;
    int err = g->status < 0;
    int32_t s = err ? g->err_step : g->cur_step;
    uint32_t pc = err ? g->err_pc : g->pc;
    *step = s >= 0 && s < p->nsteps ? s : -1;
    *line = line_at(p, pc);
    if (!*line && *step >= 0)
        *line = p->steps[*step].line;
    return ORDO_OK;
}

int ordo_error_message(const ordo_game *g, char *buf, size_t n)
{
    if (!g || (!buf && n))
        return ORDO_E_ARG;
    vm_buf b;
    vb_init(&b, buf, n);
    if (g->status >= 0)
        return vb_end(&b);
    const ordo_program *p = g->p;
    const char *file = ordo_file_at(p, g->err_pc);
    if (!file)
        file = "?";
    vb_puts(&b, ordo_strerror(g->status));
    if (g->err_detail[0]) {
        vb_puts(&b, ": ");
        vb_puts(&b, g->err_detail);
    }
    if (g->err_step >= 0 && g->err_step < p->nsteps) {
        const ordo_step *s = &p->steps[g->err_step];
        vb_puts(&b, " at step ");
        vb_puts(&b, s->number ? s->number : "?");
        if (s->title && s->title[0]) {
            vb_puts(&b, " \"");
            vb_puts(&b, s->title);
            vb_putc(&b, '"');
        }
        uint32_t line = line_at(p, g->err_pc);
        vb_puts(&b, " (");
        vb_puts(&b, file);
        vb_putc(&b, ':');
        vb_int(&b, line ? line : s->line);
        vb_putc(&b, ')');
    } else {
        int pr = proc_at(p, g->err_pc);
        if (pr >= 0) {
            const char *name = p->procs[pr].name ? p->procs[pr].name : "?";
            if (pr == p->main_proc)
                vb_puts(&b, " in the sequence");
            else {
                vb_puts(&b, " in ");
                vb_puts(&b, name);
            }
            uint32_t line = line_at(p, g->err_pc);
            vb_puts(&b, " (");
            vb_puts(&b, file);
            vb_putc(&b, ':');
            vb_int(&b, line ? line : p->procs[pr].line);
            vb_putc(&b, ')');
        }
    }
    return vb_end(&b);
}

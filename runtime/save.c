/* save.c — a game saved as bytes and restored (ordo_save, ordo_restore).
 *
 * A save is the game block itself, so a restored game goes on byte for
 * byte as the saved one would have: the generator, the stack and the
 * pending decision are all in it. Around it:
 *
 *   "ORDOSAVE"            8 bytes
 *   format, 2             u32   (this file's layout of a save)
 *   program version       u32   (ORDO_PROGRAM_VERSION)
 *   machine               u32   (byte order, pointer and block-header size)
 *   program fingerprint   u64   (FNV-1a over what fixes the block, the code
 *                               and the data tables' values)
 *   block size            u64
 *   the block             with its pointers (program, trace) zeroed
 *   checksum              u64   (FNV-1a over all of the above)
 *
 * all in the machine's own byte order: a save goes back to the program
 * that made it, on the same kind of machine. A save is input like any
 * other: a save of another program or version, a truncated or damaged
 * one, or one made by hand with a good checksum are refused with a reason,
 * never trusted. The block is checked as the validator checks a program:
 * every register against the program's sizes, every frame, option, escape
 * and held-back effect, and every value of the state (and of the copies of
 * the per-action block that actions keep on the stack) against its
 * declared range, so the interpreter may trust it as it trusts a game it
 * played itself.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "vm.h"

#define SAVE_MAGIC "ORDOSAVE"
/* 2: the fingerprint takes in the data tables' values, and both hashes
 * start from FNV-1a's own offset basis (format 1's missed a digit) */
#define SAVE_FORMAT 2u
#define SAVE_HEAD 36u  /* magic, format, version, machine, fingerprint, size */
#define SAVE_TAIL 8u   /* checksum */
/* FNV-1a 64's offset basis (VM_FNV_OFFSET, the position hash's, is one
 * digit short; it stays as it is, the saves' hashes are this) */
#define SAVE_FNV_OFFSET 14695981039346656037ull

/* ------------------------------------------------------------ hashing */


static uint64_t fnv_u32(uint64_t h, uint32_t v)
{
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    return vm_fnv(h, b, 4);
}

/* What makes a block of this program mean what it means: the code, the
 * state's layout and ranges, the procs' frames, the option and escape
 * targets, the table sizes, the data tables' values (a card's points
 * edited in its CSV is another game). Names and texts are left out:
 * renaming a label does not change a game. */
uint64_t ordo_program_fingerprint(const ordo_program *p)
{
    uint64_t h = fnv_u32(SAVE_FNV_OFFSET, p->version);
    h = fnv_u32(h, p->min_players);
    h = fnv_u32(h, p->max_players);
    h = fnv_u32(h, p->ncode);
    for (uint32_t i = 0; i < p->ncode; i++) {
        const ordo_insn *in = &p->code[i];
        h = fnv_u32(h, (uint32_t)in->op | (uint32_t)in->x << 8 | (uint32_t)in->a << 16);
        h = fnv_u32(h, (uint32_t)in->b);
    }
    h = fnv_u32(h, p->nvars);
    for (uint16_t i = 0; i < p->nvars; i++) {
        const ordo_var *v = &p->vars[i];
        /* a set in the list's slot: the programs without one hash as before */
        uint32_t f[] = {v->offset, v->stride, v->kind, v->width, v->ndims,
                        (uint32_t)v->is_list | (uint32_t)v->is_set << 1, v->cap,
                        v->enum_id, v->dim_kind[0], v->dim_kind[1], v->dim_n[0], v->dim_n[1],
                        (uint32_t)v->dim_lo[0], (uint32_t)v->dim_lo[1], (uint32_t)v->lo,
                        (uint32_t)v->hi, (uint32_t)v->init, v->kept, v->hidden, v->shown};
        for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
            h = fnv_u32(h, f[k]);
    }
    h = fnv_u32(h, p->nprocs);
    for (uint16_t i = 0; i < p->nprocs; i++) {
        const ordo_proc *pr = &p->procs[i];
        h = fnv_u32(h, pr->pc);
        h = fnv_u32(h, (uint32_t)pr->nparams | (uint32_t)pr->nlocals << 16);
        h = fnv_u32(h, (uint32_t)pr->returns | (uint32_t)pr->act_save << 8);
    }
    h = fnv_u32(h, p->noptions);
    for (uint16_t i = 0; i < p->noptions; i++)
        h = fnv_u32(h, p->options[i].target ^ (uint32_t)p->options[i].param_kind << 24);
    h = fnv_u32(h, p->nescapes);
    for (uint16_t i = 0; i < p->nescapes; i++)
        h = fnv_u32(h, p->escapes[i].handler);
    uint32_t sizes[] = {p->nsteps,    p->nevents,     p->state_size,  p->stack_size,
                        p->max_frames, p->max_options, p->max_escapes, p->max_pending,
                        p->act_first, p->main_proc,   p->ndata,       p->act_undo,
                        p->act_revise};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        h = fnv_u32(h, sizes[k]);
    for (uint32_t i = 0; i < p->ndata; i++)
        h = fnv_u32(h, (uint32_t)p->data[i]);
    return h;
}

/* Byte order, pointer size and the block header's size, in one word: a
 * save read on another kind of machine is refused, not misread. */
static uint32_t machine_word(void)
{
    uint32_t one = 1;
    unsigned char little;
    memcpy(&little, &one, 1);
    return (uint32_t)little << 24 | (uint32_t)sizeof(void *) << 16 |
           (uint32_t)sizeof(struct ordo_game);
}

/* ------------------------------------------------------------- saving */

size_t ordo_save_size(const ordo_game *g)
{
    return g ? (size_t)(SAVE_HEAD + g->size + SAVE_TAIL) : 0;
}

int ordo_save(const ordo_game *g, void *buf, size_t n)
{
    if (!g || !buf || n < ordo_save_size(g))
        return ORDO_E_ARG;
    unsigned char *o = buf;
    uint32_t format = SAVE_FORMAT, version = ORDO_PROGRAM_VERSION, machine = machine_word();
    uint64_t fp = ordo_program_fingerprint(g->p), size = g->size;
    memcpy(o, SAVE_MAGIC, 8);
    memcpy(o + 8, &format, 4);
    memcpy(o + 12, &version, 4);
    memcpy(o + 16, &machine, 4);
    memcpy(o + 20, &fp, 8);
    memcpy(o + 28, &size, 8);
    unsigned char *block = o + SAVE_HEAD;
    memcpy(block, g, (size_t)g->size);
    /* the pointers mean nothing in another process */
    ordo_game head;
    memcpy(&head, block, sizeof head);
    head.p = NULL;
    head.trace = NULL;
    head.trace_ctx = NULL;
    head.chance = NULL;
    head.chance_ctx = NULL;
    head.chance_draws = 0;
    memcpy(block, &head, sizeof head);
    uint64_t sum = vm_fnv(SAVE_FNV_OFFSET, o, SAVE_HEAD + (size_t)g->size);
    memcpy(block + g->size, &sum, 8);
    return ORDO_OK;
}

/* ------------------------------------------------------------ checking */

typedef struct chk {
    char *msg;
    size_t n;
} chk;

static int why(chk *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int why(chk *c, const char *fmt, ...)
{
    if (c->msg && c->n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->msg, c->n, fmt, ap);
        va_end(ap);
    }
    return ORDO_E_PROGRAM;
}

/* A set's cell holds no bit past its last member (the VM never sets one,
 * and two equal games must be equal byte for byte). */
static int set_cell_ok(const ordo_var *v, const unsigned char *cell)
{
    uint32_t words = ORDO_SET_WORDS(v->cap);
    for (uint32_t b = v->cap; b < words * 64u; b++)
        if (vm_set_has(cell, b))
            return 0;
    return 1;
}

/* The cells of vars first..nvars-1 as stored at `base` (a state area, or
 * a copy of its tail whose byte 0 is state byte `from`): every value in
 * its declared range, every list's length within its capacity, no set
 * with a member beyond its domain. */

static int check_vars(chk *c, const ordo_program *p, const unsigned char *base, uint32_t from,
                      uint16_t first, const char *where)
{
    for (uint16_t i = first; i < p->nvars; i++) {
        const ordo_var *v = &p->vars[i];
        uint32_t cells = 1;
        for (unsigned d = 0; d < v->ndims; d++)
            cells *= v->dim_n[d];
        for (uint32_t k = 0; k < cells; k++) {
            const unsigned char *cell = base + (v->offset - from) + k * v->stride;
            if (v->is_set) {
                if (!set_cell_ok(v, cell))
                    return why(c, "%s: set '%s' holds a member beyond its %u", where,
                               v->name ? v->name : "?", (unsigned)v->cap);
                continue;
            }
            uint32_t n = 1;
            const unsigned char *elems = cell;
            if (v->is_list) {
                int16_t len;
                memcpy(&len, cell, 2);
                if (len < 0 || len > v->cap)
                    return why(c, "%s: list '%s' holds %d of at most %u", where,
                               v->name ? v->name : "?", len, (unsigned)v->cap);
                n = (uint32_t)len;
                elems = cell + 2;
            }
            for (uint32_t e = 0; e < n; e++) {
                int32_t x = vm_load(elems + e * v->width, v->width);
                if (x < v->lo || x > v->hi)
                    return why(c, "%s: '%s' holds %ld, outside %ld..%ld", where,
                               v->name ? v->name : "?", (long)x, (long)v->lo, (long)v->hi);
            }
        }
    }
    return ORDO_OK;
}

static int check_registers(chk *c, const ordo_program *p, const ordo_game *g)
{
    vm_layout l;
    vm_compute_layout(p, &l);
    if (g->size != l.size || g->off_state != l.state || g->off_stack != l.stack ||
        g->off_frames != l.frames || g->off_opts != l.opts || g->off_escs != l.escs ||
        g->off_pend != l.pend)
        return why(c, "the block's layout is not this program's");
    if (g->nplayers < p->min_players || g->nplayers > p->max_players)
        return why(c, "%d players, the program allows %u..%u", (int)g->nplayers,
                   (unsigned)p->min_players, (unsigned)p->max_players);
    int st = g->status;
    if (!(st == ORDO_OK || st == ORDO_DECIDE || st == ORDO_OVER ||
          (st < 0 && st >= ORDO_E_LAST)))
        return why(c, "status %d", st);
    if (g->pc >= p->ncode || g->sp > p->stack_size || g->fp > g->sp ||
        g->nframes > p->max_frames || g->max_steps == 0 || g->ran > 1 || g->secret > 2 ||
        g->end_limit > 1)
        return why(c, "registers out of range (pc %lu, sp %lu, fp %lu, frames %lu)",
                   (unsigned long)g->pc, (unsigned long)g->sp, (unsigned long)g->fp,
                   (unsigned long)g->nframes);
    if (g->cur_step < -1 || g->cur_step >= p->nsteps || g->err_step < -1 ||
        g->err_step >= p->nsteps || g->err_proc < -1 || g->err_proc >= p->nprocs ||
        g->err_pc > p->ncode)
        return why(c, "a step or proc number out of range");
    if (g->winner < -1 || g->winner >= g->nplayers || g->decider < -1 ||
        g->decider >= g->nplayers || (st == ORDO_DECIDE && g->decider < 0))
        return why(c, "a player number out of range");
    if (memchr(g->err_detail, 0, sizeof g->err_detail) == NULL)
        return why(c, "the error text has no end");
    /* a game that runs has its frame (the VM reads the current frame's
     * proc); one not yet run has nothing on its stacks */
    int running = st == ORDO_OK || st == ORDO_DECIDE;
    if ((g->ran && running && g->nframes == 0) ||
        (!g->ran && (g->nframes || g->sp || g->nopts || g->nesc || g->npend || g->batch)))
        return why(c, "the frames do not match the game's status");
    /* ordo_option_count promises a decision at least one option */
    if (st == ORDO_DECIDE && g->nopts == 0)
        return why(c, "a decision with no options");
    if (g->nopts > p->max_options || g->nesc > p->max_escapes || g->npend > p->max_pending)
        return why(c, "%u options, %u escapes, %u held-back effects: more than the program "
                   "allows", (unsigned)g->nopts, (unsigned)g->nesc, (unsigned)g->npend);
    return ORDO_OK;
}

static int check_frames(chk *c, const ordo_program *p, const ordo_game *g)
{
    const vm_frame *fr = VM_CFRAMES(g);
    const int32_t *stack = VM_CSTACK(g);
    for (uint32_t k = 0; k < g->nframes; k++) {
        const vm_frame *f = &fr[k];
        uint32_t callee_fp = k + 1 < g->nframes ? fr[k + 1].fp : g->fp;
        if (f->ret_pc >= p->ncode || f->fp > g->sp || f->proc >= p->nprocs || f->step < -1 ||
            f->step >= p->nsteps || callee_fp > g->sp ||
            (uint64_t)callee_fp + p->procs[f->proc].nlocals > g->sp)
            return why(c, "frame %lu out of range", (unsigned long)k);
        uint16_t save = p->procs[f->proc].act_save;
        if (save && p->act_first && p->act_first < p->nvars) {
            uint32_t from = vm_action_save_from(p);
            uint32_t slots = (p->state_size - from + 3u) / 4u;
            if ((uint64_t)callee_fp + save - 1 + slots > g->sp)
                return why(c, "frame %lu: its action's saved state is off the stack",
                           (unsigned long)k);
            int rc = check_vars(c, p, (const unsigned char *)(stack + callee_fp + save - 1),
                                from, p->act_undo ? 0 : p->act_first,
                                "an action's saved state");
            if (rc)
                return rc;
        }
    }
    return ORDO_OK;
}

/* Taking an escape returns to the frame that opened it: its count of
 * frames (at least the one it was opened in), the frame pointer that frame
 * ran with (the one saved by the call above it, or the current one), and
 * that frame's locals below the escape's stack top. */
static int escape_frame_holds(const ordo_program *p, const ordo_game *g, const vm_esc *e)
{
    if (e->nframes == 0)
        return 0;
    const vm_frame *fr = VM_CFRAMES(g);
    uint32_t fp = e->nframes < g->nframes ? fr[e->nframes].fp : g->fp;
    uint16_t proc = fr[e->nframes - 1].proc;
    return e->fp == fp && proc < p->nprocs && (uint64_t)e->fp + p->procs[proc].nlocals <= e->sp;
}

static int check_decision(chk *c, const ordo_program *p, const ordo_game *g)
{
    const vm_opt *o = VM_COPTS(g);
    for (uint16_t i = 0; i < g->nopts; i++) {
        int bad = o[i].kind > VM_OPT_ESCAPE ||
                  (o[i].kind == VM_OPT_ESCAPE
                       ? o[i].id >= p->nescapes || o[i].param < 0 || o[i].param >= g->nesc
                       : o[i].id >= p->noptions);
        if (bad)
            return why(c, "option %u out of range", (unsigned)i);
    }
    const vm_esc *e = VM_CESCS(g);
    for (uint16_t i = 0; i < g->nesc; i++)
        if (e[i].id >= p->nescapes || e[i].step < -1 || e[i].step >= p->nsteps ||
            e[i].player < -1 || e[i].player >= g->nplayers || e[i].sp > g->sp ||
            e[i].fp > e[i].sp || e[i].nframes > g->nframes || e[i].scope_base > i ||
            e[i].npend > g->npend || !escape_frame_holds(p, g, &e[i]))
            return why(c, "escape %u out of range", (unsigned)i);
    const vm_pend *pd = VM_CPEND(g);
    for (uint16_t i = 0; i < g->npend; i++) {
        int bad = pd[i].kind > VM_PEND_EVENT || pd[i].nargs > ORDO_EVENT_MAX_ARGS ||
                  (pd[i].kind == VM_PEND_GAIN
                       ? pd[i].id >= p->nvars ||
                             (uint64_t)pd[i].off + p->vars[pd[i].id].width > p->state_size
                       : pd[i].id >= p->nevents || pd[i].nargs != p->events[pd[i].id].nparams);
        if (bad)
            return why(c, "held-back effect %u out of range", (unsigned)i);
    }
    return ORDO_OK;
}

/* ---------------------------------------------------------- restoring */

int ordo_restore(void *mem, size_t memsize, const ordo_program *p, const void *save, size_t n,
                 ordo_game **out, char *msg, size_t msgsize)
{
    chk c = {msg, msgsize};
    if (msg && msgsize)
        msg[0] = 0;
    if (out)
        *out = NULL;
    if (!mem || !p || !save || !out || ((uintptr_t)mem & 7u))
        return ORDO_E_ARG;
    if (ordo_validate(p, msg, msgsize) != ORDO_OK)
        return ORDO_E_PROGRAM;
    const unsigned char *s = save;
    if (n < SAVE_HEAD + SAVE_TAIL || memcmp(s, SAVE_MAGIC, 8) != 0)
        return why(&c, "not an ordo save");
    uint32_t format, version, machine;
    uint64_t fp, size;
    memcpy(&format, s + 8, 4);
    memcpy(&version, s + 12, 4);
    memcpy(&machine, s + 16, 4);
    memcpy(&fp, s + 20, 8);
    memcpy(&size, s + 28, 8);
    if (format != SAVE_FORMAT)
        return why(&c, "a save of format %lu; this runtime reads format %u",
                   (unsigned long)format, SAVE_FORMAT);
    if (version != ORDO_PROGRAM_VERSION)
        return why(&c, "a save of program version %lu; this runtime reads version %u",
                   (unsigned long)version, ORDO_PROGRAM_VERSION);
    if (machine != machine_word())
        return why(&c, "a save made on another kind of machine");
    if (fp != ordo_program_fingerprint(p))
        return why(&c, "a save of another program (or of another version of this one)");
    vm_layout l;
    vm_compute_layout(p, &l);
    if (size != l.size)
        return why(&c, "the saved block has %llu bytes; this program's games have %llu",
                   (unsigned long long)size, (unsigned long long)l.size);
    if (n != SAVE_HEAD + size + SAVE_TAIL)
        return why(&c, "a save of %zu bytes where %llu were expected (truncated?)", n,
                   (unsigned long long)(SAVE_HEAD + size + SAVE_TAIL));
    uint64_t sum;
    memcpy(&sum, s + SAVE_HEAD + size, 8);
    if (sum != vm_fnv(SAVE_FNV_OFFSET, s, SAVE_HEAD + (size_t)size))
        return why(&c, "the save is damaged (its checksum does not match)");
    if (memsize < size)
        return ORDO_E_ARG;
    /* the header is checked from a local copy before anything is written;
     * the areas after it in mem, where they are aligned (a failure then
     * zeroes mem: it holds no game) */
    const unsigned char *block = s + SAVE_HEAD;
    ordo_game head;
    memcpy(&head, block, sizeof head);
    int rc = check_registers(&c, p, &head);
    if (rc)
        return rc;
    memcpy(mem, block, (size_t)size);
    ordo_game *g = mem;
    g->p = p;
    g->trace = NULL;
    g->trace_ctx = NULL;
    g->chance = NULL;
    g->chance_ctx = NULL;
    g->chance_draws = 0;
    rc = check_vars(&c, p, VM_CSTATE(g), 0, 0, "the state");
    if (!rc)
        rc = check_frames(&c, p, g);
    if (!rc)
        rc = check_decision(&c, p, g);
    if (rc) {
        memset(mem, 0, (size_t)size); /* no half-trusted game is left there */
        return rc;
    }
    /* the canonical form whatever marks the save holds: every area
     * above its top zeroed once */
    g->dirty_sp = p->stack_size;
    g->dirty_frames = p->max_frames;
    g->dirty_opts = p->max_options;
    g->dirty_esc = p->max_escapes;
    g->dirty_pend = p->max_pending;
    vm_canonical(g);
    *out = g;
    return ORDO_OK;
}

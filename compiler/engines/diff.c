/* diff.c — the lockstep search of `ordo diff` (see diff.h, doc/diff.md).
 *
 * A pair is a game of A and a game of B. Breadth first, the pairs found
 * are kept whole, both blocks, in the order found, each with the pair it
 * was reached from, the option taken (its index in A; B takes the option
 * of the same label) and the rolls: the explorer's links (ex_result), so
 * that ex_path reads a pair's way in back as scenario lines. A table of
 * the two position hashes finds a pair already kept; pair i is expanded
 * when the loop reaches it, so the first play found to a parting is a
 * shortest one. Random walks keep the links alone.
 *
 * After each common choice the two moves are compared: where each run
 * stopped, the events each traced that play shows (as text, in order),
 * then the vars both declare alike; at each pair, the options. A move
 * that parts is reported with the play to it and not followed. Each
 * parting is placed at a line of each file, explained by a declaration
 * the comparison of the rules (diff_rules.c) found changed, and given the
 * line a scenario asserts in A. The partings are counted by kind, lines
 * and what differs: one is reported for each.
 *
 * From a scenario's set-up (`--from`, diff_from.h) the search is the
 * same but for its first move: the set-up run on a new game of each side
 * in place of the start's run, compared like any move; the way to a
 * parting is written after the set-up, which the scenario repeats.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diff.h"
#include "opcodes.h"

/* Events of one transition compared; past them, only their number. */
enum { MAX_EVENTS = 512, EVENT_TEXT = 200, MAX_TOUCHED = 64 };

/* What one game traced during a transition. */
typedef struct side_log {
    const ordo_program *p;
    uint32_t n, total;
    char text[MAX_EVENTS][EVENT_TEXT];
    int16_t step[MAX_EVENTS];
    int32_t action[MAX_EVENTS]; /* an action's start: its proc; else -1 */
    int32_t emitted[MAX_EVENTS]; /* an emit: its event; else -1 */
    /* B's procs the transition was seen to run: its steps', its triggers',
     * its overrides' (what a changed declaration explains) */
    const int32_t *step_proc;
    int32_t touched[MAX_TOUCHED];
    int ntouched;
} side_log;

/* A walk's rolls: each die drawn from the walk's own generator (neither
 * game's: the two generators stay as the rules left them), the totals
 * kept to hand to B and to the scenario. */
typedef struct walk_dice {
    ex_chance c;
    uint64_t rng;
} walk_dice;

typedef struct pairs {
    const df_side *a, *b;
    const df_options *o;
    const df_rules *rules;
    df_result *r;
    ex_result links;          /* parent, option, rolls of each pair (ex_path) */
    size_t ba, bb;            /* block bytes of A, of B */
    unsigned char *blocks_a, *blocks_b;
    uint32_t *depth;
    uint64_t *hashes;
    ex_slot *table;           /* 1 + pair index and a tag, 0: empty */
    unsigned index_bits;      /* of a slot, the index's (ex_index_bits) */
    uint64_t tsize, cap;
    int *var_b;               /* A's var v is B's var_b[v] (-1: not compared) */
    int32_t *step_proc_a, *step_proc_b; /* the proc each step's code lies in */
    ordo_game *wa, *wb;
    side_log *la, *lb;
    struct timespec t0;
    int truncated;
    /* random walks: no blocks kept, the pair walked from in cur_a, cur_b */
    int walking;
    ordo_game *cur_a, *cur_b;
    walk_dice dice;
    int bridges;       /* the decisions of B alone taken on this walk (bridge) */
    /* the transition being compared: from pair `from` (UINT32_MAX: the
     * start), A's option k (-1: the start's run; -2: none, the parting is
     * at pair `from`), the rolls c (NULL: none forced) */
    uint32_t from;
    int k;
    const ex_chance *c;
    /* a parting of events at an action's start: the action's proc on
     * each side is the place (-1: none) */
    int32_t place_a, place_b;
    /* a scenario's set-up, the first move of both games (NULL: the
     * game's start); the players of the games; the forced totals A's
     * set-up rolled */
    const df_start *start;
    int nplayers;
    uint32_t rolled;
    const char *event_a; /* a parting of events: A's event there (NULL: none) */
} pairs;

static double elapsed(const pairs *s)
{
    return ex_seconds_since(&s->t0);
}

static ordo_game *game_a(const pairs *s, uint64_t i)
{
    return (ordo_game *)(void *)(s->blocks_a + i * s->ba);
}

static ordo_game *game_b(const pairs *s, uint64_t i)
{
    return (ordo_game *)(void *)(s->blocks_b + i * s->bb);
}

/* ------------------------------------------------ the programs' maps */

static int same_shape(const ordo_var *x, const ordo_var *y)
{
    return x->kind == y->kind && x->ndims == y->ndims && x->is_list == y->is_list &&
           x->is_set == y->is_set && x->cap == y->cap && x->dim_kind[0] == y->dim_kind[0] &&
           x->dim_kind[1] == y->dim_kind[1] && x->dim_n[0] == y->dim_n[0] &&
           x->dim_n[1] == y->dim_n[1] && x->dim_lo[0] == y->dim_lo[0] &&
           x->dim_lo[1] == y->dim_lo[1];
}

/* The vars compared: those both declare under one name and shape (the
 * per-action block's, named with '#', are the runtime's). */
static int match_vars(pairs *s)
{
    const ordo_program *pa = s->a->p, *pb = s->b->p;
    s->var_b = malloc((pa->nvars + 1) * sizeof *s->var_b);
    if (!s->var_b)
        return -1;
    for (int v = 0; v < pa->nvars; v++) {
        const char *name = pa->vars[v].name;
        int w = name && name[0] != '#' ? ordo_find_var(pb, name) : -1;
        s->var_b[v] = w >= 0 && same_shape(&pa->vars[v], &pb->vars[w]) ? w : -1;
    }
    return 0;
}

/* The proc whose code holds each step (the one whose code starts last at
 * or before the step's instruction), -1 for a step without code. */
static int32_t *step_procs(const ordo_program *p)
{
    int32_t *sp = malloc(((size_t)p->nsteps + 1) * sizeof *sp);
    if (!sp)
        return NULL;
    for (int k = 0; k < p->nsteps; k++)
        sp[k] = -1;
    for (uint32_t pc = 0; pc < p->ncode; pc++) {
        const ordo_insn *in = &p->code[pc];
        if (in->op >= ORDO_OP_COUNT || ordo_op_operand(in->op, 1) != ORDO_OPND_STEP ||
            in->a >= p->nsteps || sp[in->a] >= 0)
            continue;
        int32_t best = -1;
        for (int q = 0; q < p->nprocs; q++)
            if (p->procs[q].pc <= pc && (best < 0 || p->procs[q].pc > p->procs[best].pc))
                best = q;
        sp[in->a] = best;
    }
    return sp;
}

/* ---------------------------------------------------------- the trace */

static void touch(side_log *l, int32_t proc)
{
    if (proc < 0)
        return;
    for (int k = 0; k < l->ntouched; k++)
        if (l->touched[k] == proc)
            return;
    if (l->ntouched < MAX_TOUCHED)
        l->touched[l->ntouched++] = proc;
}

/* Whether an event of this kind is compared: what play shows (emits,
 * choices, rolls, turns, logs, payments, reveals, undos, the end), not how
 * the rules are laid out (steps, triggers, overrides, windows, batches,
 * and the start and end of an action, which name it), which a layer
 * renumbers or renames without changing play: CWC's turn is steps 3.5 to
 * 3.8 where the base's is 3.1 to 3.4, and its roads are built by its
 * action cwc_road where the base's are by build_road. */
static int compared(int kind)
{
    return kind != ORDO_EV_STEP && kind != ORDO_EV_SKIP && kind != ORDO_EV_OVERRIDE &&
           kind != ORDO_EV_TRIGGER && kind != ORDO_EV_WINDOW && kind != ORDO_EV_WINDOW_END &&
           kind != ORDO_EV_BATCH && kind != ORDO_EV_BATCH_END && kind != ORDO_EV_ACTION &&
           kind != ORDO_EV_ACTION_END;
}

static void on_event(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    side_log *l = ctx;
    if (ev->kind == ORDO_EV_STEP && l->step_proc && ev->id < l->p->nsteps)
        touch(l, l->step_proc[ev->id]);
    else if (ev->kind == ORDO_EV_TRIGGER || ev->kind == ORDO_EV_OVERRIDE)
        touch(l, ev->id);
    int32_t action = -1; /* an action's proc has its event's name */
    for (int q = 0; ev->kind == ORDO_EV_ACTION && ev->id < l->p->nevents && q < l->p->nprocs; q++)
        if (strcmp(l->p->procs[q].name, l->p->events[ev->id].name) == 0)
            action = q;
    touch(l, action);
    if (!compared(ev->kind))
        return;
    l->total++;
    if (l->n == MAX_EVENTS)
        return;
    char *t = l->text[l->n];
    /* without its number: one event more earlier is not a parting here */
    char line[EVENT_TEXT + 16];
    if (ordo_event_text(g, ev, line, sizeof line) < 0)
        line[0] = 0;
    const char *from = line + strspn(line, "0123456789");
    snprintf(t, EVENT_TEXT, "%s", from + strspn(from, " "));
    l->action[l->n] = action;
    l->emitted[l->n] = ev->kind == ORDO_EV_EVENT ? ev->id : -1;
    l->step[l->n++] = ev->step;
}

/* ------------------------------------------------------- the store */

static uint64_t pair_hash(const ordo_game *ga, const ordo_game *gb)
{
    uint64_t h = ordo_position_hash(gb);
    return ordo_position_hash(ga) ^ (h << 29 | h >> 35) ^ 0x9e3779b97f4a7c15ull;
}

static int64_t lookup(const pairs *s, const ordo_game *ga, const ordo_game *gb, uint64_t h)
{
    for (uint64_t k = h & (s->tsize - 1);; k = (k + 1) & (s->tsize - 1)) {
        ex_slot v = s->table[k];
        if (!v)
            return -1;
        uint32_t i = ex_slot_index(v, h, s->index_bits);
        if (i != UINT32_MAX && s->hashes[i] == h && ordo_same_position(game_a(s, i), ga) &&
            ordo_same_position(game_b(s, i), gb))
            return i;
    }
}

static int grow_table(pairs *s)
{
    ex_slot *t = ex_table_grown(s->hashes, s->links.nkept, s->tsize, s->index_bits);
    if (!t)
        return -1;
    free(s->table);
    s->table = t;
    s->tsize *= 2;
    return 0;
}

/* Keeps the pair (s->wa, s->wb), reached from `parent` by A's option k:
 * its index, or -1 when the store is full. */
static int64_t keep(pairs *s, uint64_t h, uint32_t parent, int k, const ex_chance *c)
{
    ex_result *r = &s->links;
    uint64_t i = r->nkept;
    if (i >= s->cap || ex_keep_rolls(&s->links, i, c) != 0 ||
        (!s->walking && 4 * (i + 1) > 3 * s->tsize && grow_table(s) != 0)) {
        s->truncated = 1;
        return -1;
    }
    if (!s->walking) {
        memcpy(game_a(s, i), s->wa, s->ba);
        memcpy(game_b(s, i), s->wb, s->bb);
    }
    r->nkept++;
    s->hashes[i] = h;
    r->parent[i] = parent;
    r->option[i] = (uint16_t)(k < 0 ? 0 : k);
    s->depth[i] = parent == UINT32_MAX ? 0 : s->depth[parent] + 1;
    if ((int)s->depth[i] > s->r->depth)
        s->r->depth = (int)s->depth[i];
    if (!s->walking)
        ex_table_put(s->table, s->tsize, h, (uint32_t)i, s->index_bits);
    return (int64_t)i;
}

/* ---------------------------------------------------------- partings */

/* Where g stands: its step (-1) and line, and the file of that line. */
static void where(const ordo_program *p, const int32_t *step_proc, const ordo_game *g,
                  int32_t *step, uint32_t *line, const char **file)
{
    ordo_where(g, step, line);
    int32_t q = *step >= 0 ? step_proc[*step] : -1;
    *file = q >= 0 ? ordo_file_at(p, p->procs[q].pc) : p->file;
}

/* The proc whose code holds pc. */
static int32_t proc_of_pc(const ordo_program *p, uint32_t pc)
{
    int32_t best = -1;
    for (int q = 0; q < p->nprocs; q++)
        if (p->procs[q].pc <= pc && (best < 0 || p->procs[q].pc > p->procs[best].pc))
            best = q;
    return best;
}

static const char *file_of_row(const ordo_program *p, const ordo_line *l)
{
    return p->nfiles && l->file < p->nfiles ? p->files[l->file] : p->file;
}

/* The file of a line where a game stands: the one file whose code has
 * that line (the program's line table). When several do: the one whose
 * proc there is named `prefer` (the proc where the other game stands: a
 * layer's base proc), else the one of the proc the move was seen running
 * (l: its trace; NULL when there was no move) that starts last at or
 * before the line, else *file as it is (the step's). */
static void file_of_line(const ordo_program *p, const side_log *l, const char *prefer,
                         uint32_t line, const char **file)
{
    int files = 0, only = -1;
    for (uint32_t k = 0; k < p->nlines; k++) {
        const ordo_line *row = &p->lines[k];
        if (row->line != line)
            continue;
        int32_t q = proc_of_pc(p, row->pc);
        if (prefer && q >= 0 && strcmp(p->procs[q].name, prefer) == 0) {
            *file = file_of_row(p, row);
            return;
        }
        if (row->file != only) {
            only = row->file;
            files++;
        }
    }
    if (files == 1) {
        *file = p->nfiles && only < p->nfiles ? p->files[only] : p->file;
        return;
    }
    int32_t best = -1;
    for (int k = 0; l && k < l->ntouched; k++) {
        int32_t q = l->touched[k];
        if (q >= 0 && q < p->nprocs && p->procs[q].line <= line &&
            (best < 0 || p->procs[q].line > p->procs[best].line))
            best = q;
    }
    if (best >= 0)
        *file = ordo_file_at(p, p->procs[best].pc);
}

/* Proc q's declaration as the place (when q is one). */
static void decl_place(const ordo_program *p, int32_t q, uint32_t *line, const char **file)
{
    if (q < 0)
        return;
    *line = p->procs[q].line;
    *file = ordo_file_at(p, p->procs[q].pc);
}

/* Step k's place (when k is one), in place of where the game stands. */
static void at_step(const ordo_program *p, const int32_t *step_proc, int32_t k, int32_t *step,
                    uint32_t *line, const char **file)
{
    if (k < 0 || k >= p->nsteps)
        return;
    *step = k;
    *line = p->steps[k].line;
    *file = step_proc[k] >= 0 ? ordo_file_at(p, p->procs[step_proc[k]].pc) : p->file;
}

static const char *step_rule(const ordo_program *p, int32_t step)
{
    return step >= 0 && step < p->nsteps ? p->steps[step].rule : "";
}

/* The proc whose code has line `line` of `file` (the program's line
 * table), or -1. */
static int32_t proc_at(const ordo_program *p, uint32_t line, const char *file)
{
    for (uint32_t k = 0; k < p->nlines; k++) {
        const ordo_line *l = &p->lines[k];
        const char *f = file_of_row(p, l);
        if (l->line == line && (!file || !f || strcmp(f, file) == 0))
            return proc_of_pc(p, l->pc);
    }
    return -1;
}

/* The change that names B's proc q itself (or an override of its name):
 * 1 + its index, 0: none. */
static int direct(const pairs *s, int32_t q)
{
    const df_rules *ru = s->rules;
    if (q < 0 || q >= ru->nprocs_b || !ru->affected[q])
        return 0;
    const df_change *c = &ru->v[ru->affected[q] - 1];
    const ordo_program *p = s->b->p;
    return c->proc_b >= 0 && strcmp(p->procs[c->proc_b].name, p->procs[q].name) == 0
               ? (int)ru->affected[q]
               : 0;
}

/* c (1 + a change) when the change is the layer's own declaration (one
 * only B has, or an override), else 0. */
static int own(const pairs *s, int c)
{
    const df_change *x = c ? &s->rules->v[c - 1] : NULL;
    return x && (x->how == DF_ONLY_B || strcmp(x->detail, "overridden") == 0) ? c : 0;
}

/* The layer's own change that a proc q calls names: a base proc that
 * calls a fn the layer overrides is explained by the override. With
 * `fn_first`, a fn is taken before a proc (an option offered otherwise:
 * its guard is a fn's). */
static int callee_own(const pairs *s, int32_t q, int fn_first)
{
    const ordo_program *p = s->b->p;
    if (q < 0 || q >= p->nprocs)
        return 0;
    int found = 0;
    for (uint32_t pc = p->procs[q].pc, end = df_proc_end(p, q); pc < end; pc++) {
        const ordo_insn *in = &p->code[pc];
        int c = in->op < ORDO_OP_COUNT && ordo_op_operand(in->op, 1) == ORDO_OPND_PROC
                    ? own(s, direct(s, in->a))
                    : 0;
        if (c && (!fn_first || p->procs[in->a].returns))
            return c;
        if (c && !found)
            found = c;
    }
    return found;
}

static int reached(const pairs *s, int32_t q)
{
    return q >= 0 && q < s->rules->nprocs_b ? (int)s->rules->affected[q] : 0;
}

/* The change of the rules that accounts for what B did (1 + its index; 0:
 * none): the most particular first. One that names the proc B's line is
 * in, or the last proc the move was seen running; then one that a proc of
 * those calls; then a changed step where B stands. */
static int explain(const pairs *s, const df_difference *d, int32_t qb)
{
    const df_rules *ru = s->rules;
    if (!ru)
        return 0;
    int moved = s->k >= -1; /* the trace is this move's */
    int c = own(s, direct(s, qb));
    for (int k = moved ? s->lb->ntouched : 0; !c && k-- > 0;)
        c = own(s, direct(s, s->lb->touched[k]));
    if (!c)
        c = callee_own(s, qb, d->kind == DF_OFFERED);
    if (!c)
        c = direct(s, qb);
    for (int k = moved ? s->lb->ntouched : 0; !c && k-- > 0;)
        c = direct(s, s->lb->touched[k]);
    if (!c)
        c = reached(s, qb);
    for (int k = moved ? s->lb->ntouched : 0; !c && k-- > 0;)
        c = reached(s, s->lb->touched[k]);
    if (!c && d->step_b >= 0)
        c = reached(s, s->step_proc_b[d->step_b]);
    for (size_t k = 0; !c && k < ru->n; k++)
        if (ru->v[k].how != DF_ONLY_A && ru->v[k].what == DF_STEP && d->step_b >= 0 &&
            ru->v[k].line_b == s->b->p->steps[d->step_b].line)
            c = (int)k + 1;
    return c;
}

/* d's rule IDs: those B's place cites and A's does not (what the change
 * is about, so the report groups by it), then those both cite, then A's
 * own. B's place cites `lead` (the explaining declaration's), its step's
 * IDs, then those of the declaration its line is in; A's place, the last
 * two. */
static void cite_places(const pairs *s, df_difference *d, int32_t qa, int32_t qb,
                        const char *lead)
{
    char ra[200] = "", rb[200] = "";
    df_add_ids(rb, sizeof rb, lead);
    df_add_ids(rb, sizeof rb, step_rule(s->b->p, d->step_b));
    df_proc_cites(s->b, qb, rb, sizeof rb);
    df_add_ids(ra, sizeof ra, step_rule(s->a->p, d->step_a));
    df_proc_cites(s->a, qa, ra, sizeof ra);
    for (int pass = 0; pass < 3; pass++) {
        const char *from = pass == 2 ? ra : rb, *other = pass == 2 ? rb : ra;
        for (const char *id = from; *id; id += strspn(id, " ")) {
            size_t len = strcspn(id, " ");
            char one[100];
            snprintf(one, sizeof one, "%.*s", (int)len, id);
            char probe[200];
            snprintf(probe, sizeof probe, "%s", other);
            size_t before = strlen(probe);
            df_add_ids(probe, sizeof probe, one);
            int in_other = strlen(probe) == before;
            if ((pass == 0 && !in_other) || (pass == 1 && in_other) || pass == 2)
                df_add_ids(d->rules, sizeof d->rules, one);
            id += len;
        }
    }
}

static void replay_move(const pairs *s, int side, ordo_game *g, int k, const int32_t *totals,
                        uint32_t n);

/* ex_path from a set-up: the lines of the way to pair i past the set-up
 * (written apart), A's game made by the set-up to name them. */
static int setup_path(const pairs *s, uint32_t i, char ***lines)
{
    ordo_game *g = NULL;
    int n = -1;
    if (ordo_new(s->a->p, s->nplayers, s->links.seed, &g) == ORDO_OK) {
        replay_move(s, 0, g, -1, NULL, 0);
        n = ex_path_on(g, 0, &s->links, i, lines);
    }
    if (g)
        ordo_free(g);
    return n;
}

/* The scenario lines to where the parting shows: to pair `from`, then
 * (k >= -1) the transition being compared; their count, or -1. From a
 * set-up, the set-up itself is not among them. */
static int path_to(const pairs *s, uint32_t from, int k, const ex_chance *c, char ***lines)
{
    char **v = NULL;
    int n = 0;
    if (from != UINT32_MAX &&
        (n = s->start ? setup_path(s, from, &v)
                      : ex_path(s->a->p, s->nplayers, &s->links, from, &v)) < 0)
        return -1;
    if (k < -1) {
        *lines = v;
        return n;
    }
    char **w = realloc(v, ((size_t)n + 3) * sizeof *w);
    if (!w) {
        for (int t = 0; t < n; t++)
            free(v[t]);
        free(v);
        return -1;
    }
    if (c && c->n && (w[n] = ex_roll_line(c->took, c->n)))
        n++;
    if (k == -1 && s->start)
        w[n] = NULL; /* the set-up is the first move */
    else
        w[n] = k < 0 ? strdup("play")
                     : ex_choose_line(s->walking ? s->cur_a : game_a(s, from), k);
    if (w[n])
        n++;
    *lines = w;
    return n;
}

static void part_at(pairs *s, int kind, const ordo_game *ga, const ordo_game *gb, int32_t sa,
                    int32_t sb, const char *key, const char *what, const char *assert_a);
static void count_assert(const pairs *s, char *as);

/* Records a parting (where: s->from, s->k, s->c): one per kind, place and
 * key; the others are counted. */
static void part(pairs *s, int kind, const ordo_game *ga, const ordo_game *gb,
                 const char *key, const char *what, const char *assert_a)
{
    part_at(s, kind, ga, gb, -1, -1, key, what, assert_a);
}

/* The same, the place on each side the step given (-1: where the game
 * stands). */
static void part_at(pairs *s, int kind, const ordo_game *ga, const ordo_game *gb, int32_t sa,
                    int32_t sb, const char *key, const char *what, const char *assert_a)
{
    df_result *r = s->r;
    df_difference d;
    memset(&d, 0, sizeof d);
    d.kind = kind;
    where(s->a->p, s->step_proc_a, ga, &d.step_a, &d.line_a, &d.file_a);
    where(s->b->p, s->step_proc_b, gb, &d.step_b, &d.line_b, &d.file_b);
    at_step(s->a->p, s->step_proc_a, sa, &d.step_a, &d.line_a, &d.file_a);
    at_step(s->b->p, s->step_proc_b, sb, &d.step_b, &d.line_b, &d.file_b);
    /* the file of each line: A's first, its proc a hint for B's (after a
     * move, the procs it ran tell too) */
    int moved = s->k >= -1;
    if (sa < 0)
        file_of_line(s->a->p, moved ? s->la : NULL, NULL, d.line_a, &d.file_a);
    int32_t qa = s->place_a >= 0 ? s->place_a : proc_at(s->a->p, d.line_a, d.file_a);
    if (sb < 0)
        file_of_line(s->b->p, moved ? s->lb : NULL, qa >= 0 ? s->a->p->procs[qa].name : NULL,
                     d.line_b, &d.file_b);
    decl_place(s->a->p, s->place_a, &d.line_a, &d.file_a);
    decl_place(s->b->p, s->place_b, &d.line_b, &d.file_b);
    snprintf(d.key, sizeof d.key, "%s", key);
    for (size_t k = 0; k < r->n; k++) {
        df_difference *e = &r->v[k];
        if (e->kind == kind && e->line_a == d.line_a && e->line_b == d.line_b &&
            strcmp(e->key, d.key) == 0) {
            e->count++;
            return;
        }
    }
    df_difference *slot = df_result_add(r);
    if (!slot)
        return;
    snprintf(d.what, sizeof d.what, "%s", what);
    snprintf(d.assert_a, sizeof d.assert_a, "%s", assert_a ? assert_a : "");
    if (!d.assert_a[0] && s->k >= -1)
        count_assert(s, d.assert_a);
    int32_t qb = s->place_b >= 0 ? s->place_b : proc_at(s->b->p, d.line_b, d.file_b);
    d.change = explain(s, &d, qb);
    /* the IDs the explaining declaration cites lead, unless B's place is a
     * step of its own (a step names its rule more closely than the proc
     * that holds it) */
    char lead[200] = "";
    const df_change *why = d.change ? &s->rules->v[d.change - 1] : NULL;
    if (why && why->proc_b >= 0 &&
        !(d.step_b >= 0 && s->step_proc_b[d.step_b] == why->proc_b))
        df_proc_cites(s->b, why->proc_b, lead, sizeof lead);
    else if (why && why->proc_b < 0)
        df_add_ids(lead, sizeof lead, why->rules);
    cite_places(s, &d, qa, qb, lead);
    if (why)
        snprintf(d.because, sizeof d.because, "%.20s %.160s%s%.160s", df_what_name(why->what), why->name,
                 why->detail[0] ? ": " : "", why->detail);
    d.start = s->start;
    d.players = s->nplayers;
    d.rolled = s->rolled;
    d.seed = s->links.seed;
    d.count = 1;
    d.bridges = s->bridges;
    int n = path_to(s, s->from, s->k, s->c, &d.path);
    d.npath = n < 0 ? 0 : n;
    if (n < 0)
        d.path = NULL;
    for (int k = 0; k < d.npath; k++)
        d.decisions += strncmp(d.path[k], "choose", 6) == 0;
    *slot = d;
}

/* A value as a scenario writes it: a player, an enum's member, a table's
 * row (TABLE["NAME"]), a number, true or false. */
static void value_text(const df_side *side, int kind, int enum_id, int32_t v, char *buf,
                       size_t n)
{
    const ordo_program *p = side->p;
    if (kind == ORDO_K_BOOL) {
        snprintf(buf, n, "%s", v ? "true" : "false");
        return;
    }
    char t[160];
    if (ordo_format_value(p, kind, enum_id, v, t, sizeof t) < 0)
        snprintf(t, sizeof t, "%ld", (long)v);
    if (kind == ORDO_K_ENUM && enum_id < p->nenums && v >= 0 && strpbrk(t, " .-'\"()"))
        snprintf(buf, n, "%s[\"%s\"]", p->enums[enum_id].name, t);
    else
        snprintf(buf, n, "%s", t);
}

/* "name[i, j]" for cell (i, j) of var v. */
static void cell_text(const df_side *side, int v, int i, int j, char *buf, size_t n)
{
    const ordo_var *var = &side->p->vars[v];
    size_t at = (size_t)snprintf(buf, n, "%s", var->name);
    for (int d = 0; d < var->ndims && at < n; d++) {
        int x = d ? j : i;
        char t[160];
        if (var->dim_kind[d] == ORDO_DIM_PLAYER)
            snprintf(t, sizeof t, "player %d", x + 1);
        else if (var->dim_kind[d] == ORDO_DIM_ENUM)
            value_text(side, ORDO_K_ENUM, var->dim_enum[d], x, t, sizeof t);
        else
            snprintf(t, sizeof t, "%d", x);
        at += (size_t)snprintf(buf + at, n - at, "%s%s", d ? ", " : "[", t);
    }
    if (var->ndims && at < n)
        snprintf(buf + at, n - at, "]");
}

/* The value of a cell as a scenario writes it: a scalar, or a list (a
 * set's members) as a list literal; its length into *len (-1: a scalar). */
static void cell_value(const df_side *side, const ordo_game *g, int v, int i, int j, char *buf,
                       size_t n)
{
    const ordo_var *var = &side->p->vars[v];
    int32_t x = 0;
    if (!var->is_list && !var->is_set) {
        (void)ordo_get(g, v, i, j, -1, &x);
        value_text(side, var->kind, var->enum_id, x, buf, n);
        return;
    }
    int32_t len = 0;
    (void)ordo_get(g, v, i, j, -1, &len);
    size_t at = (size_t)snprintf(buf, n, "[");
    for (int32_t e = 0; e < len && at + 1 < n; e++) {
        char t[160];
        (void)ordo_get(g, v, i, j, e, &x);
        value_text(side, var->kind, var->enum_id, x, t, sizeof t);
        at += (size_t)snprintf(buf + at, n - at, "%s%s", e ? ", " : "", t);
    }
    if (at + 1 < n)
        snprintf(buf + at, n - at, "]");
    else
        buf[0] = 0; /* too long to write: no assertion */
}

/* The first var both declare whose value differs: 1, with what differs
 * and the scenario line that holds in A (what[400], as[600]) and its
 * var's name in *name; 0 when they all agree. */
static int var_differs(const pairs *s, const ordo_game *ga, const ordo_game *gb, char *what,
                       char *as, const char **name)
{
    const ordo_program *pa = s->a->p;
    for (int v = 0; v < pa->nvars; v++) {
        int w = s->var_b[v];
        if (w < 0)
            continue;
        const ordo_var *var = &pa->vars[v];
        int n0 = var->ndims > 0 ? var->dim_n[0] : 1, n1 = var->ndims > 1 ? var->dim_n[1] : 1;
        int lo0 = var->ndims > 0 && var->dim_kind[0] == ORDO_DIM_RANGE ? var->dim_lo[0] : 0;
        int lo1 = var->ndims > 1 && var->dim_kind[1] == ORDO_DIM_RANGE ? var->dim_lo[1] : 0;
        for (int x = 0; x < n0; x++)
            for (int y = 0; y < n1; y++) {
                char va[512], vb[512], cell[200];
                cell_value(s->a, ga, v, x + lo0, y + lo1, va, sizeof va);
                cell_value(s->b, gb, w, x + lo0, y + lo1, vb, sizeof vb);
                if (strcmp(va, vb) == 0)
                    continue;
                cell_text(s->a, v, x + lo0, y + lo1, cell, sizeof cell);
                snprintf(what, 400, "%.100s: %.140s in A, %.140s in B", cell, va, vb);
                /* a value too long to write whole is asserted nothing of */
                if (!va[0] || snprintf(as, 600, "expect %s == %s", cell, va) >= 600)
                    as[0] = 0;
                *name = var->name;
                return 1;
            }
    }
    return 0;
}

/* A var's parting: 1 recorded, 0 none. */
static int vars_part(pairs *s, const ordo_game *ga, const ordo_game *gb)
{
    char what[400], as[600];
    const char *name;
    if (!var_differs(s, ga, gb, what, as, &name))
        return 0;
    part(s, DF_STATE, ga, gb, name, what, as);
    return 1;
}

/* "over, winner player 1 because \"...\"" or "a decision of player 2". */
static void status_text(const ordo_game *g, int rc, char *buf, size_t n)
{
    if (rc == ORDO_OVER) {
        int limit;
        const char *why = ordo_end_reason(g, &limit);
        int w = ordo_winner(g);
        char who[32] = "no winner";
        if (w >= 0)
            snprintf(who, sizeof who, "winner player %d", w + 1);
        snprintf(buf, n, "over, %s%s%.100s%s", who, why ? " because \"" : "", why ? why : "",
                 why ? "\"" : "");
    } else if (rc == ORDO_DECIDE) {
        snprintf(buf, n, "a decision of player %d", ordo_decider(g) + 1);
    } else {
        snprintf(buf, n, "error: %s", ordo_strerror(rc));
    }
}

/* The scenario line that holds where A stands: its end, its decider. */
static void status_assert(const ordo_game *g, int rc, char *buf, size_t n)
{
    buf[0] = 0;
    if (rc == ORDO_OVER) {
        int limit, w = ordo_winner(g);
        const char *why = ordo_end_reason(g, &limit);
        char who[32] = "none";
        if (w >= 0)
            snprintf(who, sizeof who, "player %d", w + 1);
        if (why && !strchr(why, '"') && !strchr(why, '\\'))
            snprintf(buf, n, "expect over winner %s because \"%s\"", who, why);
        else
            snprintf(buf, n, "expect over winner %s", who);
    } else if (rc == ORDO_DECIDE) {
        snprintf(buf, n, "expect decision by player %d", ordo_decider(g) + 1);
    }
}

/* Whether the two runs part where they stop: an error, the end, the
 * decider. */
static int status_part(pairs *s, int ra, int rb)
{
    const ordo_game *ga = s->wa, *gb = s->wb;
    int same = ra == rb;
    if (same && ra == ORDO_OVER) {
        int la, lb;
        const char *wa = ordo_end_reason(ga, &la), *wb = ordo_end_reason(gb, &lb);
        same = ordo_winner(ga) == ordo_winner(gb) && !wa == !wb && (!wa || !strcmp(wa, wb));
    } else if (same && ra == ORDO_DECIDE) {
        same = ordo_decider(ga) == ordo_decider(gb);
    }
    if (same)
        return 0;
    char ta[200], tb[200], what[400], as[300];
    status_text(ga, ra, ta, sizeof ta);
    status_text(gb, rb, tb, sizeof tb);
    snprintf(what, sizeof what, "A: %.190s; B: %.190s", ta, tb);
    status_assert(ga, ra, as, sizeof as);
    int kind = ra < 0 || rb < 0 ? DF_ERROR : ra == ORDO_OVER && rb == ORDO_OVER ? DF_END
                                                                               : DF_DECISION;
    part(s, kind, ga, gb, kind == DF_ERROR ? "error" : "status", what, as);
    return 1;
}

/* The event text without its leading number, cut before its arguments:
 * what a parting of events is counted as. */
static void event_key(const char *t, char *buf, size_t n)
{
    snprintf(buf, n, "%.*s", (int)strcspn(t, "(=:"), t);
}

/* ---------------------------------------- counting events from the start */

/* The emits a game traced, by event. */
typedef struct emits {
    uint32_t *count;   /* [the program's nevents] */
    uint16_t n;
    const char *text;  /* an emit's text, its number apart ("event e(1)"), or NULL */
    uint32_t same;     /* the emits traced with that text */
} emits;

static void count_emit(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    emits *e = ctx;
    if (ev->kind == ORDO_EV_EVENT && ev->id < e->n)
        e->count[ev->id]++;
    char line[EVENT_TEXT + 16];
    if (ev->kind == ORDO_EV_EVENT && e->text && ordo_event_text(g, ev, line, sizeof line) >= 0) {
        const char *t = line + strspn(line, "0123456789");
        e->same += strcmp(t + strspn(t, " "), e->text) == 0;
    }
}

/* Whether an emit's text reads as a scenario's event pattern: its
 * arguments names, numbers and players alone. */
static int plain_event(const char *t)
{
    return t && strncmp(t, "event ", 6) == 0 && strspn(t + 6, "abcdefghijklmnopqrstuvwxyz"
                                                           "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                           "0123456789_(), -") == strlen(t + 6);
}

/* g (side 0: A, 1: B) run on by option k (-1: the start's run, or the
 * set-up) with n forced totals (or its generator's, when the search let
 * the dice draw). */
static void replay_move(const pairs *s, int side, ordo_game *g, int k, const int32_t *totals,
                        uint32_t n)
{
    ex_chance c;
    memset(&c, 0, sizeof c);
    c.script = totals;
    c.nscript = n;
    ordo_set_chance(g, s->links.rolls_expanded ? ex_chance_total : NULL, &c);
    ordo_set_max_steps(g, s->o->lim.max_steps + ordo_steps(g));
    int rc = k >= 0 ? ordo_choose(g, k) : ORDO_OK;
    if (k == -1 && s->start)
        df_start_run(s->start, side, g, side ? s->rolled : UINT32_MAX, NULL);
    else if (rc == ORDO_OK)
        ordo_run(g);
    ordo_set_chance(g, NULL, NULL);
}

/* Both games replayed from the start to where the parting shows (pair
 * s->from, then the move s->k with the rolls s->c), counting each one's
 * emits by event into ca, cb: 0, or -1. */
static int replay_counts(const pairs *s, emits *ca, emits *cb)
{
    uint32_t n = 0, *chain = NULL;
    for (uint32_t t = s->from; t != UINT32_MAX; t = s->links.parent[t])
        n++;
    ordo_game *g[2] = {NULL, NULL};
    int rc = -1;
    if ((n && !(chain = malloc(n * sizeof *chain))) ||
        ordo_new(s->a->p, s->nplayers, s->links.seed, &g[0]) != ORDO_OK ||
        ordo_new(s->b->p, s->nplayers, s->links.seed, &g[1]) != ORDO_OK)
        goto done;
    uint32_t at = n;
    for (uint32_t t = s->from; t != UINT32_MAX; t = s->links.parent[t])
        chain[--at] = t;
    ordo_set_trace(g[0], count_emit, ca);
    ordo_set_trace(g[1], count_emit, cb);
    for (uint32_t i = 0; i <= n; i++) {
        int last = i == n, ka = last ? s->k : i ? s->links.option[chain[i]] : -1;
        if (last && ka < -1)
            break; /* the parting is at the pair itself */
        char label[512];
        int kb = ka < 0 || ordo_option_label(g[0], ka, label, sizeof label) < 0
                     ? -1 : ordo_find_option(g[1], label);
        if (ka >= 0 && kb < 0)
            goto done;
        const int32_t *totals = last ? (s->c ? s->c->took : NULL)
                                     : s->links.rolls + s->links.roll_at[chain[i]];
        uint32_t nt = last ? (s->c ? s->c->n : 0) : s->links.nrolls[chain[i]];
        replay_move(s, 0, g[0], ka, totals, nt);
        replay_move(s, 1, g[1], kb, totals, nt);
    }
    rc = 0;
done:
    for (int k = 0; k < 2; k++)
        if (g[k])
            ordo_free(g[k]);
    free(chain);
    return rc;
}

/* A line that holds in A where the games part and not in B, from the
 * emits since the start: `expect event E N times` for the first event
 * whose count differs (as[600]; "" when none does). */
static void count_assert(const pairs *s, char *as)
{
    const ordo_program *pa = s->a->p, *pb = s->b->p;
    emits ca = {calloc((size_t)pa->nevents + 1, sizeof *ca.count), pa->nevents, NULL, 0};
    emits cb = {calloc((size_t)pb->nevents + 1, sizeof *cb.count), pb->nevents, NULL, 0};
    as[0] = 0;
    if (ca.count && cb.count && replay_counts(s, &ca, &cb) == 0)
        for (int e = 0; e < pa->nevents && !as[0]; e++) {
            uint32_t nb = 0;
            for (int f = 0; f < pb->nevents; f++)
                if (strcmp(pb->events[f].name, pa->events[e].name) == 0)
                    nb = cb.count[f];
            if (ca.count[e] != nb && !pa->events[e].is_action)
                snprintf(as, 600, "expect event %s %u times", pa->events[e].name, ca.count[e]);
        }
    /* else A's event where the two part, with its arguments, when B's
     * count of it differs (a total rolled, a card paid) */
    if (!as[0] && plain_event(s->event_a)) {
        ca.text = cb.text = s->event_a;
        ca.same = cb.same = 0;
        memset(ca.count, 0, ((size_t)pa->nevents + 1) * sizeof *ca.count);
        memset(cb.count, 0, ((size_t)pb->nevents + 1) * sizeof *cb.count);
        if (replay_counts(s, &ca, &cb) == 0 && ca.same != cb.same)
            snprintf(as, 600, "expect %.400s %u times", s->event_a, ca.same);
    }
    free(ca.count);
    free(cb.count);
}

/* The place of an event of p that `other` does not declare (a layer's
 * own: the rule that emits it says more than the step it ran in): the
 * first proc that emits it; -1 when other declares it too. */
static int32_t own_event_place(const ordo_program *p, const ordo_program *other, int32_t e)
{
    if (e < 0 || e >= p->nevents)
        return -1;
    for (int f = 0; f < other->nevents; f++)
        if (strcmp(other->events[f].name, p->events[e].name) == 0)
            return -1;
    for (uint32_t pc = 0; pc < p->ncode; pc++)
        if (p->code[pc].op == ORDO_OP_EMIT && p->code[pc].a == (uint32_t)e)
            return proc_of_pc(p, pc);
    return -1;
}

static int emits_event(const ordo_program *p, int32_t q, int32_t e)
{
    for (uint32_t pc = p->procs[q].pc, end = df_proc_end(p, q); pc < end; pc++)
        if (p->code[pc].op == ORDO_OP_EMIT && p->code[pc].a == (uint32_t)e)
            return 1;
    return 0;
}

/* The layer's own declaration (an override, one B alone has) that B's
 * move was seen running, the last first, that emits event e: the code
 * that made the event that differs (a production the layer's `produce`
 * pays otherwise); -1 when none. */
static int32_t own_emitter(const pairs *s, int32_t e)
{
    for (int k = s->rules && e >= 0 ? s->lb->ntouched : 0; k-- > 0;) {
        int32_t q = s->lb->touched[k];
        if (q >= 0 && q < s->b->p->nprocs && own(s, direct(s, q)) && emits_event(s->b->p, q, e))
            return q;
    }
    return -1;
}

/* A's proc of the name of B's proc q (the base's, where B's is its
 * override), or -1. */
static int32_t proc_named(const pairs *s, int32_t q)
{
    for (int p = 0; q >= 0 && p < s->a->p->nprocs; p++)
        if (strcmp(s->a->p->procs[p].name, s->b->p->procs[q].name) == 0)
            return p;
    return -1;
}

/* Whether the two transitions' events part: the first that differs. */
static int events_part(pairs *s)
{
    const side_log *a = s->la, *b = s->lb;
    uint32_t n = a->n < b->n ? a->n : b->n, k = 0;
    while (k < n && strcmp(a->text[k], b->text[k]) == 0)
        k++;
    if (k == n && a->n == b->n && a->total == b->total)
        return 0;
    const char *ta = k < a->n ? a->text[k] : "nothing", *tb = k < b->n ? b->text[k] : "nothing";
    char what[400], key[200], ka[100], kb[100];
    snprintf(what, sizeof what, "event %u of the move: \"%.150s\" in A, \"%.150s\" in B", k + 1,
             ta, tb);
    event_key(ta, ka, sizeof ka);
    event_key(tb, kb, sizeof kb);
    snprintf(key, sizeof key, "%s|%s", ka, kb);
    /* what a scenario asserts: a var that differs too, else where each
     * stands when that differs */
    char vwhat[400], as[600] = "";
    const char *name;
    int ra = ordo_status(s->wa), rb = ordo_status(s->wb);
    if (!var_differs(s, s->wa, s->wb, vwhat, as, &name) &&
        (ra != rb || (ra == ORDO_DECIDE && ordo_decider(s->wa) != ordo_decider(s->wb))))
        status_assert(s->wa, ra, as, sizeof as);
    /* the place: an action's declaration, else the step each event came
     * from, else where each stands */
    s->place_a = k < a->n ? a->action[k] : -1;
    s->place_b = k < b->n ? b->action[k] : -1;
    if (s->place_a < 0 && k < a->n)
        s->place_a = own_event_place(s->a->p, s->b->p, a->emitted[k]);
    if (s->place_b < 0 && k < b->n)
        s->place_b = own_event_place(s->b->p, s->a->p, b->emitted[k]);
    if (s->place_b < 0 && k < b->n && (s->place_b = own_emitter(s, b->emitted[k])) >= 0 &&
        s->place_a < 0)
        s->place_a = proc_named(s, s->place_b);
    /* in a set-up that plays a proc of its own choosing (no step runs
     * it), that proc is the place */
    if (s->start && s->k == -1 && s->place_a < 0 && (k >= a->n || a->step[k] < 0))
        s->place_a = s->start->played[0];
    if (s->start && s->k == -1 && s->place_b < 0 && (k >= b->n || b->step[k] < 0))
        s->place_b = s->start->played[1];
    s->event_a = k < a->n ? a->text[k] : NULL;
    part_at(s, DF_EVENTS, s->wa, s->wb, k < a->n ? a->step[k] : -1, k < b->n ? b->step[k] : -1,
            key, what, as);
    s->place_a = s->place_b = -1;
    s->event_a = NULL;
    return 1;
}

/* ---------------------------------------------------------- the search */

static int32_t walk_total(void *ctx, const ordo_game *g, int dice, int sides)
{
    (void)g;
    walk_dice *w = ctx;
    if (w->c.n >= EX_MAX_ROLLS) {
        w->c.overflow = 1;
        return -1;
    }
    int32_t t = 0;
    for (int d = 0; d < dice; d++)
        t += 1 + (int32_t)ordo_rng_below(&w->rng, (uint32_t)sides);
    w->c.took[w->c.n] = t;
    w->c.most[w->c.n++] = dice * sides;
    return t;
}

/* One game's transition from `from` by option k (-1: the start's run),
 * the rolls as c says (NULL: its generator), into work. */
static int play(pairs *s, ordo_game *work, const ordo_game *from, int k, ex_chance *c,
                side_log *log)
{
    ordo_copy(work, from);
    log->n = log->total = 0;
    log->ntouched = 0;
    ordo_set_trace(work, on_event, log);
    if (c)
        ordo_set_chance(work, ex_chance_total, c);
    else if (s->walking)
        ordo_set_chance(work, walk_total, (void *)&s->dice);
    else
        ordo_set_chance(work, NULL, NULL);
    ordo_set_max_steps(work, s->o->lim.max_steps + ordo_steps(work));
    int rc = k >= 0 ? ordo_choose(work, k) : ORDO_OK;
    if (k == -1 && s->start) /* its rolls are its own: forced, then the generator's */
        rc = log == s->la ? df_start_run(s->start, 0, work, UINT32_MAX, &s->rolled)
                          : df_start_run(s->start, 1, work, s->rolled, NULL);
    else if (rc == ORDO_OK)
        rc = ordo_run(work);
    ordo_set_chance(work, NULL, NULL);
    ordo_set_trace(work, NULL, NULL);
    return rc;
}

/* The pair reached from (fa, fb) by A's option ka and B's kb, the rolls
 * as c says (NULL: A's generator's): compared, and kept when new (on a
 * walk, always) and alike. Its index; -2 when it is not followed (parted,
 * over, known); -1 when the search must stop. */
static int64_t transition(pairs *s, const ordo_game *fa, const ordo_game *fb, uint32_t parent,
                          int ka, int kb, ex_chance *c)
{
    if ((s->r->transitions & 255) == 0 && s->o->lim.seconds > 0 &&
        elapsed(s) >= s->o->lim.seconds) {
        s->truncated = 1;
        return -1;
    }
    s->r->transitions++;
    if (!c && s->walking) {
        s->dice.c.n = 0;
        s->dice.c.overflow = 0;
    }
    int ra = play(s, s->wa, fa, ka, c, s->la);
    /* B takes the totals A's rolls took, then its generator's (seeded
     * dice: each its own generator's, from the same seed) */
    if (!c && s->walking)
        c = &s->dice.c;
    ex_chance cb;
    memset(&cb, 0, sizeof cb);
    if (c) {
        cb.script = c->took;
        cb.nscript = c->n;
    }
    int rb = play(s, s->wb, fb, kb, c ? &cb : NULL, s->lb);
    if (c && c->overflow)
        s->truncated = 1;
    s->from = parent;
    s->k = ka;
    s->c = c;
    if (status_part(s, ra, rb) || events_part(s) || vars_part(s, s->wa, s->wb))
        return -2; /* parted: not followed */
    if (ra != ORDO_DECIDE)
        return -2; /* both over alike, or stopped alike: nothing to follow */
    uint64_t h = s->walking ? 0 : pair_hash(s->wa, s->wb);
    if (!s->walking && lookup(s, s->wa, s->wb, h) >= 0)
        return -2;
    return keep(s, h, parent, ka, c);
}

/* From (fa, fb), A's option ka and B's kb, once for every outcome of the
 * rolls (A's rolls drive the odometer; B is handed the same totals). 0,
 * or -1 when the search must stop. */
static int expand(pairs *s, const ordo_game *fa, const ordo_game *fb, uint32_t parent, int ka,
                  int kb)
{
    if (s->o->lim.seeded_dice)
        return transition(s, fa, fb, parent, ka, kb, NULL) == -1 ? -1 : 0;
    int32_t script[EX_MAX_ROLLS];
    ex_chance c;
    memset(&c, 0, sizeof c);
    for (uint64_t outcomes = 0;; outcomes++) {
        if (s->o->lim.outcomes && outcomes >= s->o->lim.outcomes) {
            s->truncated = 1;
            s->r->chance_cut = 1;
            return 0;
        }
        if (transition(s, fa, fb, parent, ka, kb, &c) == -1)
            return -1;
        if (c.overflow || !ex_chance_next(&c, script))
            return 0;
    }
}

/* The options of pair i (games ga, gb) both offer, into common (A's
 * index, then B's; their number is returned); one offered by one alone
 * is a parting there. */
static int common_options(pairs *s, uint32_t i, const ordo_game *ga, const ordo_game *gb,
                          int *common)
{
    int ncommon = 0, only[2] = {0, 0};
    char label[512], first[2][512], as[600] = "", what[400];
    s->from = i;
    s->k = -2;
    s->c = NULL;
    for (int side = 0; side < 2; side++) {
        const ordo_game *g = side ? gb : ga, *other = side ? ga : gb;
        for (int k = 0, n = ordo_option_count(g); k < n; k++) {
            if (ordo_option_label(g, k, label, sizeof label) < 0)
                continue;
            int ko = ordo_find_option(other, label);
            if (ko < 0 && !only[side]++)
                snprintf(first[side], sizeof first[side], "%s", label);
            if (ko >= 0 && !side) {
                common[2 * ncommon] = k;
                common[2 * ncommon++ + 1] = ko;
            }
        }
    }
    if (!only[0] && !only[1])
        return ncommon;
    /* one parting for the decision: the options each offers alone */
    int side = only[0] ? 0 : 1;
    snprintf(what, sizeof what, "\"%.150s\"%s is offered in %c, not in %c", first[side],
             only[side] > 1 ? " (and others)" : "", side ? 'B' : 'A', side ? 'A' : 'B');
    if (!strpbrk(first[side], "\"\\"))
        snprintf(as, sizeof as, "expect %soffered \"%.500s\"", side ? "not " : "",
                 first[side]);
    /* counted as one with the same label but its numbers ("robber to hex
     * 1" and "... 12"), at the same places */
    char key[200];
    size_t at = (size_t)snprintf(key, sizeof key, "offered in %c: ", side ? 'B' : 'A');
    for (const char *c = first[side]; *c && at + 1 < sizeof key; c++)
        if (*c < '0' || *c > '9')
            key[at++] = *c;
    key[at] = 0;
    part(s, DF_OFFERED, ga, gb, key, what, as);
    return ncommon;
}

/* The options of pair i: those both offer are followed. */
static int expand_pair(pairs *s, uint32_t i)
{
    ordo_game *ga = game_a(s, i), *gb = game_b(s, i);
    if (s->o->lim.depth && (int)s->depth[i] >= s->o->lim.depth) {
        s->truncated = 1;
        return 0;
    }
    int *common = malloc(2 * ((size_t)ordo_option_count(ga) + 1) * sizeof *common);
    if (!common)
        return -1;
    int n = common_options(s, i, ga, gb, common), rc = 0;
    for (int k = 0; k < n && rc == 0; k++)
        rc = expand(s, ga, gb, i, common[2 * k], common[2 * k + 1]);
    free(common);
    return rc;
}

/* Where the two games offer no option in common, B may ask for a
 * decision A does not have (the layer's extra step: "move the robber"
 * before the hex is chosen). The first option of B after which B asks the
 * same player for a decision with an option A offers is taken in B alone,
 * into s->cur_b, so that the walk goes on past the parting it reported:
 * 1; 0 when there is none. */
static int bridge(pairs *s)
{
    char label[512];
    int decider = ordo_decider(s->cur_a);
    for (int kb = 0, nb = ordo_option_count(s->cur_b); kb < nb; kb++) {
        s->dice.c.n = 0;
        s->dice.c.overflow = 0;
        if (play(s, s->wb, s->cur_b, kb, NULL, s->lb) != ORDO_DECIDE ||
            ordo_decider(s->wb) != decider)
            continue;
        for (int ka = 0, na = ordo_option_count(s->cur_a); ka < na; ka++)
            if (ordo_option_label(s->cur_a, ka, label, sizeof label) >= 0 &&
                ordo_find_option(s->wb, label) >= 0) {
                ordo_copy(s->cur_b, s->wb);
                return 1;
            }
    }
    return 0;
}

/* One random walk from the start pair (ga, gb): an option both offer,
 * drawn from rng, until the games part, end, or --depth. 0, or -1 when
 * the search must stop. */
static int random_walk(pairs *s, const ordo_game *ga, const ordo_game *gb, uint64_t rng)
{
    s->dice.rng = rng ^ 0x5851f42d4c957f2dull;
    s->bridges = 0;
    int64_t i = transition(s, ga, gb, UINT32_MAX, -1, -1, NULL);
    int *common = malloc(2 * ((size_t)s->a->p->max_options + 1) * sizeof *common);
    int rc = common ? 0 : -1;
    for (int d = 0; rc == 0 && i >= 0; d++) {
        ordo_copy(s->cur_a, s->wa);
        ordo_copy(s->cur_b, s->wb);
        if (s->o->lim.depth && d >= s->o->lim.depth) {
            s->truncated = 1;
            break;
        }
        int n = common_options(s, (uint32_t)i, s->cur_a, s->cur_b, common);
        if (n == 0 && bridge(s)) {
            s->bridges++;
            n = common_options(s, (uint32_t)i, s->cur_a, s->cur_b, common);
        }
        if (n == 0)
            break;
        int k = (int)ordo_rng_below(&rng, (uint32_t)n);
        i = transition(s, s->cur_a, s->cur_b, (uint32_t)i, common[2 * k], common[2 * k + 1],
                       NULL);
    }
    free(common);
    return rc < 0 || i == -1 ? -1 : 0;
}

static int start_store(pairs *s)
{
    ex_result *r = &s->links;
    s->ba = ordo_game_size(s->a->p);
    s->bb = ordo_game_size(s->b->p);
    size_t per = s->ba + s->bb + sizeof(uint64_t) + 4 * sizeof(uint32_t) + sizeof(uint16_t) + 1;
    /* a walk keeps the links alone */
    uint64_t cap = s->o->lim.memory / (s->walking ? per - s->ba - s->bb : per);
    if (s->o->lim.states && s->o->lim.states < cap)
        cap = s->o->lim.states;
    if (cap > UINT32_MAX - 1)
        cap = UINT32_MAX - 1;
    s->cap = cap < 1 ? 1 : cap;
    s->index_bits = ex_index_bits(s->cap);
    s->tsize = 1024;
    s->blocks_a = malloc(s->walking ? 1 : s->cap * s->ba);
    s->blocks_b = malloc(s->walking ? 1 : s->cap * s->bb);
    s->depth = malloc(s->cap * sizeof *s->depth);
    s->hashes = malloc(s->cap * sizeof *s->hashes);
    s->table = calloc(s->tsize, sizeof *s->table);
    r->parent = malloc(s->cap * sizeof *r->parent);
    r->option = malloc(s->cap * sizeof *r->option);
    r->roll_at = malloc(s->cap * sizeof *r->roll_at);
    r->nrolls = malloc(s->cap * sizeof *r->nrolls);
    return s->blocks_a && s->blocks_b && s->depth && s->hashes && s->table && r->parent &&
                   r->option && r->roll_at && r->nrolls
               ? 0
               : -1;
}

static void free_store(pairs *s)
{
    free(s->blocks_a);
    free(s->blocks_b);
    free(s->depth);
    free(s->hashes);
    free(s->table);
    free(s->links.parent);
    free(s->links.option);
    free(s->links.roll_at);
    free(s->links.nrolls);
    free(s->links.rolls);
}

/* One seed: the start pair (once per outcome of its rolls), then every
 * pair breadth first. 0, or -1 when the games could not be made. */
static int search_seed(pairs *s, uint64_t seed)
{
    memset(&s->links, 0, sizeof s->links);
    s->links.seed = seed;
    s->links.max_steps = s->o->lim.max_steps;
    s->links.rolls_expanded = !s->o->lim.seeded_dice;
    s->truncated = 0;
    ordo_game *ga = NULL, *gb = NULL;
    int rc = -1;
    if (start_store(s) != 0 || ordo_new(s->a->p, s->nplayers, seed, &ga) != ORDO_OK ||
        ordo_new(s->b->p, s->nplayers, seed, &gb) != ORDO_OK)
        goto done;
    rc = 0;
    if (s->walking) {
        for (uint64_t w = 0; w < s->o->walks && random_walk(s, ga, gb, seed + w) == 0; w++)
            ;
        s->truncated = 1; /* walks never say that every pair was reached */
    } else if (expand(s, ga, gb, UINT32_MAX, -1, -1) == 0)
        for (uint64_t i = 0; i < s->links.nkept; i++) {
            if (ordo_status(game_a(s, i)) == ORDO_DECIDE && expand_pair(s, (uint32_t)i) != 0)
                break;
        }
    s->r->states += s->links.nkept;
    if (s->truncated)
        s->r->complete = 0;
done:
    if (ga)
        ordo_free(ga);
    if (gb)
        ordo_free(gb);
    free_store(s);
    return rc;
}

static int search_pairs(const df_side *a, const df_side *b, const df_options *o,
                        const df_rules *rules, const df_start *start, df_result *r)
{
    memset(r, 0, sizeof *r);
    pairs s;
    memset(&s, 0, sizeof s);
    s.a = a;
    s.b = b;
    s.o = o;
    s.rules = rules;
    s.r = r;
    s.start = start;
    s.nplayers = start && start->players ? start->players : o->nplayers;
    clock_gettime(CLOCK_MONOTONIC, &s.t0);
    r->complete = 1;
    s.la = calloc(1, sizeof *s.la);
    s.lb = calloc(1, sizeof *s.lb);
    s.wa = malloc(ordo_game_size(a->p));
    s.wb = malloc(ordo_game_size(b->p));
    s.walking = o->walks > 0;
    s.place_a = s.place_b = -1;
    s.cur_a = malloc(ordo_game_size(a->p));
    s.cur_b = malloc(ordo_game_size(b->p));
    s.step_proc_a = step_procs(a->p);
    s.step_proc_b = step_procs(b->p);
    int rc = -1;
    if (!s.la || !s.lb || !s.wa || !s.wb || !s.cur_a || !s.cur_b || !s.step_proc_a || !s.step_proc_b ||
        match_vars(&s) != 0)
        goto done;
    s.la->p = a->p;
    s.lb->p = b->p;
    s.la->step_proc = s.step_proc_a;
    s.lb->step_proc = s.step_proc_b;
    rc = 0;
    /* a set-up that gives its seed is searched from that one alone */
    uint64_t seeds = start && start->has_seed ? 1 : o->seeds;
    for (uint64_t k = 0; k < seeds && rc == 0; k++) {
        rc = search_seed(&s, start && start->has_seed ? start->seed : o->seed + k);
        r->seeds++;
        if (o->lim.seconds > 0 && elapsed(&s) >= o->lim.seconds) {
            r->complete = r->seeds == seeds && r->complete;
            break;
        }
    }
    r->seconds = elapsed(&s);
done:
    free(s.la);
    free(s.lb);
    free(s.wa);
    free(s.wb);
    free(s.cur_a);
    free(s.cur_b);
    free(s.step_proc_a);
    free(s.step_proc_b);
    free(s.var_b);
    return rc;
}

int df_search(const df_side *a, const df_side *b, const df_options *o, const df_rules *rules,
              df_result *r)
{
    return search_pairs(a, b, o, rules, NULL, r);
}

int df_search_from(const df_start *start, const df_options *o, const df_rules *rules,
                   df_result *r)
{
    return search_pairs(&start->side[0], &start->side[1], o, rules, start, r);
}

df_difference *df_result_add(df_result *r)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 16;
        df_difference *v = realloc(r->v, cap * sizeof *v);
        if (!v)
            return NULL;
        r->v = v;
        r->cap = cap;
    }
    return &r->v[r->n++];
}

void df_result_free(df_result *r)
{
    for (size_t k = 0; k < r->n; k++) {
        for (int t = 0; t < r->v[k].npath; t++)
            free(r->v[k].path[t]);
        free(r->v[k].path);
    }
    free(r->v);
    df_starts_free(&r->from);
    memset(r, 0, sizeof *r);
}

/* check_symmetry.c — what `symmetric players` claims, checked where the
 * compiler can see it is false.
 *
 * The declaration says the rules treat every seat alike, so that a search
 * may take two states that differ only by a renaming of the seats for one
 * (TLC's SYMMETRY). It is the rules editor's claim; the compiler refuses
 * it where the rules plainly single a seat out: a seat named by number
 * (`player 2`), the start player and its rotation (the seat order), and a
 * decision taken in a loop over the players in seat order, whose players
 * before and after the one deciding are told apart by the loop alone, or
 * as a simultaneous group's answers are carried out (the parser lists
 * these, dsl/ast.h ast_seat_ref). A simultaneous group's own choice in
 * plain seat order passes: the order of asking changes nothing there.
 *
 * A search renames the seats in the state, not in the frames: a local
 * that holds a player while a decision waits (a parameter, a `let`, a
 * loop's or an option's variable) would keep its old seat. One is allowed
 * when it is the seat deciding (the search keeps that seat, or at a
 * simultaneous group's first question, where the seat asked is the first
 * whoever it is); any other is refused. The walk
 * looks into the procs a body calls or does (whether they decide), not
 * into the triggers an `emit` fires. Other parts of the point hold seats
 * too: the effects a batch holds back, a scope's open escapes, the state
 * an action keeps from its start (and a revisable one after it); a
 * decision while they are kept is refused.
 */
#include <string.h>

#include "passes.h"
#include "resolve.h"

#define MAX_LIVE 64

/* The locals holding players in scope where the walk is. */
typedef struct walk {
    oc_arena *a;
    const oc_resolution *res;
    diag *d;
    const ast_sym *live[MAX_LIVE];
    int nlive;
    uint8_t *decides;  /* per decl id: 0 not known, 1 walking, 2 no, 3 yes */
    uint32_t ndecls;
} walk;

/* What each kind of seat reference is refused with (its n, if any, in the
 * text as %lld). */
static const char *const refusals[] = {
    [SEAT_PLAYER] = "'symmetric players', but the rules name player %lld: a seat named by "
                    "number is not like the others",
    [SEAT_START] = "'symmetric players', but the rules use the start player: the seat order "
                   "tells the seats apart",
    [SEAT_ROTATE] = "'symmetric players', but the rules use the start player: the seat order "
                    "tells the seats apart",
    [SEAT_LOOP_CHOOSE] = "'symmetric players', but this choice is taken in a loop over the "
                         "players in seat order (line %lld): who has chosen and who is still "
                         "to choose tells the seats apart",
    [SEAT_LATER_CHOOSE] = "'symmetric players', but this choice is taken as the answers of the "
                          "simultaneous group at line %lld are carried out, in seat order: who "
                          "has been carried out tells the seats apart",
};

static void refuse(diag *d, const ast_seat_ref *r)
{
    if (r->kind < sizeof refusals / sizeof *refusals && refusals[r->kind])
        diag_error(d, r->loc, refusals[r->kind], (long long)r->n);
}

static int holds_player(const ast_sym *s)
{
    return s && (s->type.kind == TY_PLAYER ||
                 ((s->type.kind == TY_LIST || s->type.kind == TY_SET) &&
                  s->type.elem == TY_PLAYER));
}

static void push_live(walk *w, const ast_sym *s)
{
    if (holds_player(s) && w->nlive < MAX_LIVE)
        w->live[w->nlive++] = s;
}

/* ------------------------------------------- which procs can decide */

static int block_decides(walk *w, const ast_block *b);

static int proc_decides(walk *w, const ast_decl *p)
{
    if (!p || p->kind != D_PROC || p->id >= w->ndecls)
        return 0;
    if (w->decides[p->id] == 0) {
        w->decides[p->id] = 1; /* a call back to it, while walking: no */
        w->decides[p->id] = block_decides(w, &p->body) ? 3 : 2;
    }
    return w->decides[p->id] == 3;
}

static int stmt_decides(walk *w, const ast_stmt *s)
{
    switch (s->kind) {
    case S_CHOOSE:
    case S_WINDOW:
        return 1;
    case S_CALL:
    case S_DO: {
        const ast_sym *callee = oc_called(w->res, s);
        return callee && proc_decides(w, callee->decl);
    }
    case S_STEP: return block_decides(w, &s->u.step.body);
    case S_IF:
        return block_decides(w, &s->u.if_.then_b) || block_decides(w, &s->u.if_.else_b) ||
               (s->u.if_.else_if && stmt_decides(w, s->u.if_.else_if));
    case S_REPEAT: return block_decides(w, &s->u.rep.body);
    case S_FOR: return block_decides(w, &s->u.for_.body);
    case S_TURN: return block_decides(w, &s->u.player.body);
    case S_BATCH: return block_decides(w, &s->u.batch.body);
    case S_SCOPE: {
        if (block_decides(w, &s->u.scope.body))
            return 1;
        for (const ast_escape *e = s->u.scope.escapes; e; e = e->next)
            if (block_decides(w, &e->body))
                return 1;
        return 0;
    }
    default: return 0;
    }
}

static int block_decides(walk *w, const ast_block *b)
{
    for (const ast_stmt *s = b->first; s; s = s->next)
        if (stmt_decides(w, s))
            return 1;
    return 0;
}

/* ------------------------------------ the locals kept while deciding */

/* A decision at `at` by `decider` (NULL: a called proc's, whoever
 * decides): every live local holding a player must be the decider. */
static void check_live(walk *w, ast_loc at, const ast_expr *decider)
{
    const ast_sym *who = decider && decider->kind == E_NAME ? oc_sym(w->res, decider) : NULL;
    for (int i = 0; i < w->nlive; i++) {
        if (w->live[i] == who)
            continue;
        diag_error(w->d, at,
                   "'symmetric players', but the local '%s' holds a player while this "
                   "decision waits: a renaming of the seats would not rename it",
                   w->live[i]->name);
        return;
    }
}

static void walk_block(walk *w, const ast_block *b);

/* An action keeps a copy of the state from its start to its end (for an
 * undo, or an escape out of it), and a revisable one after its end: a
 * decision while the copy is kept would see it unrenamed. */
static void check_action(walk *w, const ast_decl *a)
{
    if (!a->is_action)
        return;
    if (a->revisable)
        diag_error(w->d, a->loc,
                   "'symmetric players', but this action is revisable: the state kept for "
                   "'revise' would not be renamed with the seats");
    else if (proc_decides(w, a))
        diag_error(w->d, a->loc,
                   "'symmetric players', but this action decides: the state it keeps from its "
                   "start would not be renamed with the seats");
}

/* A simultaneous group keeps each seat's answer, its option's value
 * among them, until all have answered: a value that is a player would not
 * be renamed with the seats. */
static void check_answers(walk *w, const ast_stmt *group)
{
    const ast_stmt *ch = group->u.for_.body.first;
    if (!ch || ch->kind != S_CHOOSE)
        return;
    for (const ast_option *o = ch->u.choose.options; o; o = o->next)
        if (holds_player(o->var))
            diag_error(w->d, o->loc,
                       "'symmetric players', but this option of a simultaneous group takes a "
                       "player ('%s'): the answers wait by seat until all have answered, and "
                       "a renaming of the seats would not rename it",
                       o->var->name);
}

static void walk_choose(walk *w, const ast_stmt *s)
{
    check_live(w, s->loc, s->u.choose.player);
    for (const ast_option *o = s->u.choose.options; o; o = o->next) {
        int n = w->nlive;
        push_live(w, o->var);
        walk_block(w, &o->body);
        w->nlive = n;
    }
}

static void walk_stmt(walk *w, const ast_stmt *s)
{
    int n = w->nlive;
    switch (s->kind) {
    case S_CHOOSE: walk_choose(w, s); break;
    case S_WINDOW: check_live(w, s->loc, s->u.player.player); break;
    case S_CALL:
    case S_DO:
        if (stmt_decides(w, s))
            check_live(w, s->loc, NULL);
        break;
    case S_STEP: walk_block(w, &s->u.step.body); break;
    case S_IF:
        walk_block(w, &s->u.if_.then_b);
        walk_block(w, &s->u.if_.else_b);
        if (s->u.if_.else_if)
            walk_stmt(w, s->u.if_.else_if);
        break;
    case S_REPEAT: walk_block(w, &s->u.rep.body); break;
    case S_FOR:
        if (s->u.for_.simultaneous)
            check_answers(w, s);
        push_live(w, s->u.for_.var);
        walk_block(w, &s->u.for_.body);
        break;
    case S_TURN: walk_block(w, &s->u.player.body); break;
    case S_BATCH:
        if (block_decides(w, &s->u.batch.body))
            diag_error(w->d, s->loc,
                       "'symmetric players', but a decision is taken within this batch: the "
                       "effects it holds back name seats a renaming would not rename");
        walk_block(w, &s->u.batch.body);
        break;
    case S_SCOPE:
        if (s->u.scope.escapes && block_decides(w, &s->u.scope.body))
            diag_error(w->d, s->loc,
                       "'symmetric players', but a decision is taken within this scope: its "
                       "open escapes name the seats they are offered to, which a renaming "
                       "would not rename");
        walk_block(w, &s->u.scope.body);
        for (const ast_escape *e = s->u.scope.escapes; e; e = e->next)
            walk_block(w, &e->body);
        break;
    default: break;
    }
    w->nlive = n;
}

static void walk_block(walk *w, const ast_block *b)
{
    int n = w->nlive;
    for (const ast_stmt *s = b->first; s; s = s->next) {
        walk_stmt(w, s);
        if (s->kind == S_LET) /* in scope to the block's end */
            push_live(w, s->u.let.sym);
    }
    w->nlive = n;
}

void oc_check_symmetry(oc_arena *a, const ast_file *f, const oc_resolution *res, diag *d)
{
    if (!f->symmetric)
        return;
    for (uint32_t i = 0; i < f->nseat_refs; i++)
        refuse(d, f->seat_refs[i]);
    walk w;
    memset(&w, 0, sizeof w);
    w.a = a, w.res = res, w.d = d;
    for (const ast_decl *x = f->decls; x; x = x->next)
        if (x->id >= w.ndecls)
            w.ndecls = x->id + 1;
    w.decides = ARENA_ARRAY(a, uint8_t, w.ndecls ? w.ndecls : 1);
    memset(w.decides, 0, w.ndecls ? w.ndecls : 1);
    for (const ast_decl *x = f->decls; x; x = x->next) {
        if (x->kind != D_PROC && x->kind != D_SEQUENCE)
            continue;
        check_action(&w, x);
        w.nlive = 0;
        for (uint32_t i = 0; i < x->nparams; i++)
            push_live(&w, x->params[i]);
        walk_block(&w, &x->body);
    }
}

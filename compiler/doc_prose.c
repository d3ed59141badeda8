/* doc_prose.c — statements told as a rulebook tells them (doc_prose.h).
 *
 * Each statement becomes one sentence; a statement with a body (if, for,
 * repeat, choose, turn, batch) ends its sentence with a colon and its body
 * follows one level deeper. Expressions stay ordo source (in code spans):
 * the sentence says what happens, the code says to what, exactly. Names
 * a reader would say are said as words: `wood[p] += 2` is "p gains 2
 * wood", `card_points` "card points". Display statements (log, show) say
 * nothing about the rules and are left out.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "doc_expr.h"
#include "doc_prose.h"

typedef struct teller {
    oc_arena *a;
    const oc_resolution *res;
    const doc_prose_links *links;
    doc_prose *out;
    doc_line *line;        /* the sentence being written */
    int rolled;            /* it began "Roll ...:": the roll is "the roll" */
} teller;

void *doc_grow(oc_arena *a, void *v, uint32_t n, uint32_t *cap, size_t size)
{
    if (n < *cap)
        return v;
    uint32_t c = *cap ? *cap * 2 : 4;
    void *w = arena_alloc(a, c * size);
    if (n)
        memcpy(w, v, n * size);
    *cap = c;
    return w;
}

/* ---- the pieces of a sentence */

static void begin(teller *t, uint32_t depth)
{
    doc_prose *p = t->out;
    p->v = doc_grow(t->a, p->v, p->n, &p->cap, sizeof *p->v);
    t->line = &p->v[p->n++];
    memset(t->line, 0, sizeof *t->line);
    t->rolled = 0;
    t->line->depth = depth;
}

static void part(teller *t, const char *what, const char *name, const char *anchor, int code)
{
    doc_items *l = &t->line->parts;
    l->v = doc_grow(t->a, l->v, l->n, &l->cap, sizeof *l->v);
    l->v[l->n++] = (doc_item){what ? what : "", name ? name : "", anchor, code};
}

static void words(teller *t, const char *fmt, ...) OC_PRINTF(2, 3);
static void words(teller *t, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    part(t, arena_strdup(t->a, buf), "", NULL, 0);
}

static void code(teller *t, const ast_expr *e)
{
    if (t->rolled && e && e->kind == E_ROLL)
        part(t, "the roll", "", NULL, 0);
    else
        part(t, "", doc_expr_text(t->a, t->res, e), NULL, 1);
}

/* An amount: a plain number as a word, anything else as code. */
static void amount(teller *t, const ast_expr *e)
{
    if (e && e->kind == E_INT)
        words(t, "%lld", (long long)e->ival);
    else
        code(t, e);
}

/* The ruleset's own text (a label, a prompt), in quotes. */
static void quoted(teller *t, const char *s)
{
    part(t, "\xe2\x80\x9c", s ? s : "", NULL, 0);
    words(t, "\xe2\x80\x9d");
}

/* " (“text”)" after what the text qualifies, when there is one. */
static void aside(teller *t, const char *text)
{
    if (!text)
        return;
    words(t, " (");
    quoted(t, text);
    words(t, ")");
}

/* `e` and a full stop, when there is an e (the words before lead to it). */
static void ending(teller *t, const ast_expr *e)
{
    if (!e)
        return;
    code(t, e);
    words(t, ".");
}

/* A name as a reader says it: `card_points` "card points". */
static const char *spoken(teller *t, const char *name)
{
    char *s = arena_strdup(t->a, name ? name : "?");
    for (char *c = s; *c; c++)
        if (*c == '_')
            *c = ' ';
    return s;
}

/* ", " between args, as code: "`a`, `b`". */
static void arg_list(teller *t, ast_expr **v, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        if (k)
            words(t, k + 1 == n ? " and " : ", ");
        code(t, v[k]);
    }
}

/* ---- dice */

static const ast_expr *roll_in(const ast_expr *e);

static const ast_expr *roll_in_args(ast_expr **v, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        const ast_expr *r = roll_in(v[k]);
        if (r)
            return r;
    }
    return NULL;
}

/* The first roll in e, or NULL. */
static const ast_expr *roll_in(const ast_expr *e)
{
    if (!e)
        return NULL;
    switch (e->kind) {
    case E_ROLL: return e;
    case E_CALL: return roll_in_args(e->args, e->nargs);
    case E_UNARY:
    case E_FIELD: return roll_in(e->a);
    case E_BINARY:
    case E_CAPPED: return roll_in(e->a) ? roll_in(e->a) : roll_in(e->b);
    case E_IF:
        return roll_in(e->a) ? roll_in(e->a) : roll_in(e->b) ? roll_in(e->b) : roll_in(e->c);
    default: return NULL;
    }
}

/* "Roll two six-sided dice: " before what the roll is used for. */
static void dice(teller *t, const ast_expr *roll)
{
    static const char *const counts[] = {"", "a", "two", "three", "four", "five", "six"};
    if (roll->a) {
        words(t, "Roll ");
        code(t, roll->a);
        words(t, " %d-sided dice: ", (int)roll->sides);
    } else if (roll->ival >= 1 && roll->ival <= 6)
        words(t, "Roll %s %d-sided %s: ", counts[roll->ival], (int)roll->sides,
              roll->ival == 1 ? "die" : "dice");
    else
        words(t, "Roll %lld %d-sided dice: ", (long long)roll->ival, (int)roll->sides);
    t->rolled = 1;
}

/* ---- statements */

static void block(teller *t, const ast_block *blk, uint32_t depth);
static void stmt(teller *t, const ast_stmt *s, uint32_t depth);

/* Does the statement say anything to a player? (log and show do not) */
static int says_nothing(const ast_stmt *s)
{
    return s->kind == S_LOG || s->kind == S_SHOW;
}

static int empty_block(const ast_block *b)
{
    for (const ast_stmt *s = b->first; s; s = s->next)
        if (!says_nothing(s))
            return 0;
    return 1;
}

/* An indexed var whose first index is who holds it: `wood[p]`, `gems[s, g]`
 * (a player, or an enum member when more indexes follow). */
static int held(const oc_resolution *res, const ast_expr *e)
{
    if (!e || e->kind != E_INDEX || oc_ix(res, e) != IX_VAR || !e->nargs || !e->base ||
        e->base->kind != E_NAME)
        return 0;
    const ast_type *ty = oc_type(res, e->args[0]);
    return ty->kind == TY_PLAYER || (ty->kind == TY_ENUM && e->nargs > 1);
}

/* "wood", "gems of `g`": what a holder holds. */
static void holding(teller *t, const ast_expr *e)
{
    const ast_sym *var = oc_sym(t->res, e->base); /* a name resolution made has no text */
    words(t, "%s", spoken(t, e->base->name ? e->base->name : var ? var->name : NULL));
    if (e->nargs > 1) {
        words(t, " of ");
        arg_list(t, e->args + 1, e->nargs - 1);
    }
}

static void assign(teller *t, const ast_stmt *s)
{
    const ast_expr *target = s->u.assign.target, *v = s->u.assign.value;
    const ast_expr *r = roll_in(v);
    if (r)
        dice(t, r);
    if (held(t->res, target)) {
        code(t, target->args[0]);
        if (s->u.assign.op) {
            words(t, s->u.assign.op == OP_ADD ? " gains " : " loses ");
            amount(t, v);
            words(t, " ");
            holding(t, target);
        } else {
            words(t, "\xe2\x80\x99s ");
            holding(t, target);
            words(t, " becomes ");
            amount(t, v);
        }
    } else {
        code(t, target);
        words(t, s->u.assign.op == OP_ADD   ? " goes up by "
                 : s->u.assign.op == OP_SUB ? " goes down by "
                                            : " becomes ");
        amount(t, v);
    }
    words(t, ".");
}

/* The sentence that heads a body, then the body one level deeper. */
static void headed(teller *t, const ast_block *body, uint32_t depth)
{
    if (empty_block(body))
        words(t, body->first ? ": only a message is shown." : ": nothing.");
    else {
        words(t, ":");
        block(t, body, depth + 1);
    }
}

static void if_stmt(teller *t, const ast_stmt *s, uint32_t depth, const char *lead)
{
    words(t, "%s", lead);
    code(t, s->u.if_.cond);
    headed(t, &s->u.if_.then_b, depth);
    if (s->u.if_.else_if) {
        begin(t, depth);
        if_stmt(t, s->u.if_.else_if, depth, "Otherwise, if ");
    } else if (s->u.if_.has_else && !empty_block(&s->u.if_.else_b)) {
        begin(t, depth);
        words(t, "Otherwise");
        headed(t, &s->u.if_.else_b, depth);
    }
}

static void for_stmt(teller *t, const ast_stmt *s, uint32_t depth)
{
    const char *var = s->u.for_.var && s->u.for_.var->name ? s->u.for_.var->name : "?";
    if (s->u.for_.simultaneous)
        words(t, "At the same time, in secret, each ");
    else if (s->u.for_.round == ROUND_ONCE)
        words(t, "A round, each ");
    else if (s->u.for_.round == ROUND_UNTIL_PASSED)
        words(t, "A round that goes on until all have passed, each ");
    else
        words(t, "For each ");
    part(t, "", var, NULL, 1);
    words(t, " in ");
    part(t, "", doc_iter_text(t->a, t->res, s->u.for_.iter), NULL, 1);
    if (s->u.for_.where) {
        words(t, " where ");
        code(t, s->u.for_.where);
    }
    for (uint32_t k = 0; k < s->u.for_.nkeys; k++) {
        words(t, k ? ", then " : ", in order of ");
        code(t, s->u.for_.keys[k]);
        if ((s->u.for_.desc_mask >> k) & 1u)
            words(t, " (highest first)");
    }
    if (s->u.for_.round == ROUND_ONCE)
        words(t, " once");
    headed(t, &s->u.for_.body, depth);
}

static void repeat_stmt(teller *t, const ast_stmt *s, uint32_t depth)
{
    switch (s->u.rep.kind) {
    case REP_WHILE:
        words(t, "As long as ");
        code(t, s->u.rep.cond);
        words(t, ", again and again");
        break;
    case REP_UNTIL_BEFORE:
        words(t, "Until ");
        code(t, s->u.rep.cond);
        words(t, ", again and again");
        break;
    case REP_UNTIL_AFTER:
        words(t, "Again and again, until ");
        code(t, s->u.rep.cond);
        words(t, " (checked after each time)");
        break;
    default: words(t, "Again and again, until it stops"); break;
    }
    headed(t, &s->u.rep.body, depth);
}

static void choose_stmt(teller *t, const ast_stmt *s, uint32_t depth)
{
    code(t, s->u.choose.player);
    words(t, s->u.choose.secret ? " chooses in secret" : " chooses");
    aside(t, s->u.choose.prompt.text);
    words(t, ":");
    for (const ast_option *o = s->u.choose.options; o; o = o->next) {
        begin(t, depth + 1);
        quoted(t, o->label.text);
        if (o->var) {
            words(t, ", for each ");
            part(t, "", o->var->name ? o->var->name : "?", NULL, 1);
            words(t, " in ");
            part(t, "", doc_iter_text(t->a, t->res, o->iter), NULL, 1);
            if (o->where) {
                words(t, " where ");
                code(t, o->where);
            }
        }
        if (o->when) {
            words(t, ", when ");
            code(t, o->when);
        }
        headed(t, &o->body, depth + 1);
    }
}

static void scope_stmt(teller *t, const ast_stmt *s, uint32_t depth)
{
    words(t, "Until one of the ways out below is taken");
    headed(t, &s->u.scope.body, depth);
    for (const ast_escape *e = s->u.scope.escapes; e; e = e->next) {
        begin(t, depth);
        words(t, "At any point there, ");
        code(t, e->player);
        words(t, " may ");
        quoted(t, e->label.text);
        words(t, ", leaving it");
        headed(t, &e->body, depth);
    }
}

/* "Carry out [refill](#proc-refill) for `x`." and the like. */
static void named(teller *t, const ast_stmt *s, const char *lead, const char *tail)
{
    const char *name = s->u.call.name;
    const char *anchor = t->links->anchor(t->links->ctx, s, &name);
    const ast_expr *r = roll_in_args(s->u.call.args, s->u.call.nargs);
    if (r)
        dice(t, r);
    words(t, "%c%s", r ? tolower((unsigned char)lead[0]) : lead[0], lead + 1);
    part(t, "", spoken(t, name), anchor, 0);
    words(t, "%s", tail);
    if (s->u.call.nargs) {
        words(t, " for ");
        arg_list(t, s->u.call.args, s->u.call.nargs);
    }
    words(t, ".");
}

static void end_stmt(teller *t, const ast_stmt *s)
{
    if (s->u.player.is_limit)
        words(t, "The game stops here, at a limit the rules set");
    else if (s->u.player.has_winner) {
        words(t, "The game ends and ");
        code(t, s->u.player.player);
        words(t, " wins");
    } else
        words(t, "The game ends");
    aside(t, s->u.player.label.text);
    words(t, ".");
}

static void pay_stmt(teller *t, const ast_stmt *s)
{
    words(t, "Pay ");
    amount(t, s->u.assign.value);
    words(t, " from ");
    code(t, s->u.assign.target);
    for (uint32_t k = 0; s->pay && k < s->pay->nalts; k++) {
        words(t, " or ");
        code(t, s->pay->alts[k]);
    }
    const ast_decl *sub = oc_pay_substitute(t->res, s);
    if (sub && sub->label.text) {
        words(t, " (or the substitute ");
        quoted(t, sub->label.text);
        words(t, ")");
    }
    words(t, ".");
}

static void list_stmt(teller *t, const ast_stmt *s)
{
    switch (s->kind) {
    case S_ADD: words(t, "Add "); code(t, s->u.list.value); words(t, " to "); break;
    case S_REMOVE: words(t, "Remove "); code(t, s->u.list.value); words(t, " from "); break;
    case S_REMOVE_AT:
        words(t, "Remove the one at position ");
        amount(t, s->u.list.value);
        words(t, " of ");
        break;
    case S_CLEAR: words(t, "Empty "); break;
    default: words(t, "Shuffle "); break;
    }
    code(t, s->u.list.list);
    words(t, ".");
}

static void step_stmt(teller *t, const ast_stmt *s)
{
    const char *name = s->u.step.number;
    const char *anchor = t->links->anchor(t->links->ctx, s, &name);
    words(t, "Step ");
    part(t, "", name, anchor, 0);
    words(t, ".");
}

static void let_stmt(teller *t, const ast_stmt *s)
{
    const char *name = s->u.let.sym && s->u.let.sym->name ? s->u.let.sym->name : "?";
    const ast_expr *r = roll_in(s->u.let.value);
    if (r)
        dice(t, r);
    if (r == s->u.let.value) { /* "Roll two 6-sided dice: `n` is the total." */
        part(t, "", name, NULL, 1);
        words(t, !r->a && r->ival == 1 ? " is what it shows." : " is the total.");
        return;
    }
    words(t, r ? "let " : "Let ");
    part(t, "", name, NULL, 1);
    words(t, " be ");
    code(t, s->u.let.value);
    words(t, ".");
}

static void player_stmt(teller *t, const ast_stmt *s, const char *what)
{
    code(t, s->u.player.player);
    words(t, "%s", what);
}

static void stmt(teller *t, const ast_stmt *s, uint32_t depth)
{
    if (says_nothing(s))
        return;
    begin(t, depth);
    switch (s->kind) {
    case S_STEP: step_stmt(t, s); break;
    case S_LET: let_stmt(t, s); break;
    case S_ASSIGN: assign(t, s); break;
    case S_IF: if_stmt(t, s, depth, "If "); break;
    case S_REPEAT: repeat_stmt(t, s, depth); break;
    case S_FOR: for_stmt(t, s, depth); break;
    case S_EXIT:
        words(t, s->u.exit.cond ? "Stop repeating if " : "Stop repeating.");
        ending(t, s->u.exit.cond);
        break;
    case S_TURN:
        player_stmt(t, s, " takes a turn");
        headed(t, &s->u.player.body, depth);
        break;
    case S_ELIMINATE: player_stmt(t, s, " is out of the game."); break;
    case S_END: end_stmt(t, s); break;
    case S_CHOOSE: choose_stmt(t, s, depth); break;
    case S_SCOPE: scope_stmt(t, s, depth); break;
    case S_WINDOW:
        player_stmt(t, s, " may take anytime actions now");
        if (s->u.player.label.text) {
            words(t, " (");
            quoted(t, s->u.player.label.text);
            words(t, ")");
        }
        words(t, ".");
        break;
    case S_CALL: named(t, s, "Carry out ", ""); break;
    case S_RETURN: words(t, "Stop here."); break;
    case S_EMIT: named(t, s, "The event ", " happens"); break;
    case S_DO: named(t, s, "Take the action ", ""); break;
    case S_ASSERT:
        words(t, "It always holds here that ");
        if (s->u.assert_.message)
            quoted(t, s->u.assert_.message);
        else
            code(t, s->u.assert_.cond);
        words(t, ".");
        break;
    case S_ADD:
    case S_REMOVE:
    case S_REMOVE_AT:
    case S_CLEAR:
    case S_SHUFFLE: list_stmt(t, s); break;
    case S_PAY: pay_stmt(t, s); break;
    case S_PAY_ORDER:
        words(t, "Pay all of these, in the order the payer chooses (a part is offered "
                 "only while the rest can still be paid after it)");
        headed(t, &s->u.batch.body, depth);
        break;
    case S_BATCH:
        words(t, "All at once (what is gained arrives at the end)");
        headed(t, &s->u.batch.body, depth);
        break;
    case S_PASS: player_stmt(t, s, " passes and is out of this round."); break;
    case S_ROTATE: words(t, "The next player becomes the start player."); break;
    case S_UNDO: words(t, "The action is undone, as if it had never been taken."); break;
    case S_REVEAL:
        code(t, s->u.assign.target);
        words(t, s->u.assign.value ? " is shown to " : " is shown to everyone.");
        ending(t, s->u.assign.value);
        break;
    case S_HIDE:
        code(t, s->u.assign.target);
        words(t, " is hidden again.");
        break;
    case S_REVISE: words(t, "The last revisable action may be taken back."); break;
    default: words(t, "(a statement this document cannot tell)"); break;
    }
}

static void block(teller *t, const ast_block *blk, uint32_t depth)
{
    for (const ast_stmt *s = blk->first; s; s = s->next)
        stmt(t, s, depth);
}

void doc_prose_block(oc_arena *a, const oc_resolution *res, const doc_prose_links *links,
                     const ast_block *blk, uint32_t depth, doc_prose *out)
{
    teller t = {a, res, links, out, NULL, 0};
    block(&t, blk, depth);
}

/* resolve_stmt.c — statements: blocks and their locals, steps and the
 * rules they cite, choices and options, loops and escapes, turns, actions,
 * payments (their ways: resolve_pay.c) and the substitutes' declarations
 * (TEO-D4). */
#include "resolve_int.h"

/* ------------------------------------------------------------- statements */

static void rstmt(resolver *r, ast_stmt *s);

void rs_block(resolver *r, ast_block *b)
{
    scope_mark m = rs_scope_open(r);
    for (ast_stmt *s = b->first; s; s = s->next)
        rstmt(r, s);
    rs_scope_close(r, m);
}

/* Numbers step s, inside the current step, under the rules it cites or
 * else the current step's. */
static void add_step(resolver *r, ast_stmt *s, const char *rule)
{
    oc_resolution *out = r->out;
    uint32_t cap = r->capsteps; /* the two grow together, to one capacity */
    out->steps = rs_grow(r, out->steps, out->nsteps, &r->capsteps, sizeof *out->steps);
    out->step_places =
        rs_grow(r, out->step_places, out->nsteps, &cap, sizeof *out->step_places);
    rs_stmt_facts(r, s)->step = (int32_t)out->nsteps + 1;
    out->step_places[out->nsteps] = (oc_step_place){r->cur_step, rule};
    out->steps[out->nsteps++] = s;
}

/* The rule IDs of a step: its own cites, else the enclosing step's. */
static const char *step_rule(resolver *r, const ast_cite *c)
{
    if (!c)
        return r->cur_rule;
    size_t n = 0;
    for (const ast_cite *x = c; x; x = x->next)
        n += strlen(x->id) + 1;
    char *out = arena_alloc(r->a, n + 1), *o = out;
    for (const ast_cite *x = c; x; x = x->next) {
        if (o != out)
            *o++ = ' ';
        size_t k = strlen(x->id);
        memcpy(o, x->id, k);
        o += k;
    }
    *o = 0;
    return out;
}

static void rs_step(resolver *r, ast_stmt *s)
{
    const char *rule = step_rule(r, s->u.step.cites);
    add_step(r, s, rule);
    if (s->u.step.optional_by)
        rs_expr_want(r, s->u.step.optional_by, TY_PLAYER, "the player of 'optional by'");
    if (s->u.step.when)
        rs_expr_noroll(r, s->u.step.when, TY_BOOL, "a 'when' condition", "in a 'when' guard");
    int save = r->cur_step;
    const char *save_rule = r->cur_rule;
    r->cur_step = oc_step_index(r->out, s);
    r->cur_rule = rule;
    rs_block(r, &s->u.step.body);
    r->cur_step = save;
    r->cur_rule = save_rule;
}

/* The type a type expression denotes; 0 after an error. */

static void rs_let(resolver *r, ast_stmt *s)
{
    ast_expr *v = s->u.let.value;
    rs_expr(r, v);
    ast_type t = *rs_type(r, v);
    if (s->u.let.type) {
        if (rs_type_expr(r, s->u.let.type, 0)) {
            t = *rs_typeexpr_type(r, s->u.let.type);
            if (!rs_is_err(rs_type(r, v))) {
                char what[160];
                snprintf(what, sizeof what, "the value of '%s'", s->u.let.sym->name);
                rs_want_type(r, v, &t, what);
            }
        } else
            t = rs_bare_type(TY_ERROR);
    }
    if (t.kind == TY_LIST || t.kind == TY_SET) {
        diag_error(r->d, v->loc, "a local cannot hold a %s", t.kind == TY_SET ? "set" : "list");
        t = rs_bare_type(TY_ERROR);
    } else if (t.kind == TY_VOID) {
        t = rs_bare_type(TY_ERROR);
    }
    rs_local_declare(r, s->u.let.sym, t);
}

/* Whether `target` may be assigned; reported when not. */
static int assignable(resolver *r, ast_expr *t)
{
    ast_sym *s = t->kind == E_NAME ? rs_sym(r, t)
                 : oc_ix(r->out, t) == IX_VAR ? rs_sym(r, t->base) : NULL;
    if (!s)
        return 1; /* a list element: any list var */
    const char *n = s->name;
    switch (s->kind) {
    case SYM_VAR:
        if (s->decl->builtin && !r->in_setup) {
            diag_error(r->d, t->loc, "cannot assign to the built-in '%s'", n);
            return 0;
        }
        if (s->type.kind == TY_LIST || s->type.kind == TY_SET) {
            diag_error(r->d, t->loc, "cannot assign to the %s '%s' (use add, remove, clear)",
                       s->type.kind == TY_SET ? "set" : "list", n);
            return 0;
        }
        return 1;
    case SYM_LOCAL:
        if (s->local_kind == LOCAL_PARAM || s->local_kind == LOCAL_LET)
            return 1;
        diag_error(r->d, t->loc, "cannot assign to the loop variable '%s'", n);
        return 0;
    case SYM_CONST: diag_error(r->d, t->loc, "cannot assign to the constant '%s'", n); return 0;
    case SYM_MEMBER: diag_error(r->d, t->loc, "cannot assign to the enum member '%s'", n); return 0;
    default:
        diag_error(r->d, t->loc, "cannot assign to %s ('%s')", rs_sym_kind_words(s->kind), n);
        return 0;
    }
}

/* The name of an assignment's target, for messages: its var's. */
static const char *target_name(const ast_expr *t)
{
    while (t->kind == E_INDEX && t->base)
        t = t->base;
    return t->kind == E_NAME && t->name ? t->name : "the target";
}

/* A value known at compile time to leave the target's declared range: a
 * constant, or a roll of a known count of dice (issue 29, 5: `roll d8`
 * into a 0..6 var was found only by the game that rolled 7). */
static void value_in_range(resolver *r, const ast_expr *t, const ast_expr *v)
{
    const ast_type *tt = rs_type(r, t);
    if (tt->kind != TY_INT || !tt->ranged)
        return;
    int64_t lo, hi;
    if (oc_is_const(r->out, v)) {
        lo = hi = oc_cval(r->out, v);
        if (lo < tt->lo || lo > tt->hi)
            diag_error(r->d, v->loc, "%lld is outside %ld..%ld, the range of '%s'", (long long)lo,
                       (long)tt->lo, (long)tt->hi, target_name(t));
        return;
    }
    if (v->kind != E_ROLL || (v->a && !oc_is_const(r->out, v->a)))
        return;
    int64_t dice = v->a ? oc_cval(r->out, v->a) : v->ival;
    lo = dice;
    hi = dice * v->sides;
    char count[24] = "";
    if (dice != 1)
        snprintf(count, sizeof count, "%lld", (long long)dice);
    if (dice > 0 && (lo < tt->lo || hi > tt->hi))
        diag_error(r->d, v->loc, "'roll %sd%ld' gives %lld..%lld, outside %ld..%ld, the range of "
                   "'%s'", count, (long)v->sides, (long long)lo, (long long)hi, (long)tt->lo,
                   (long)tt->hi, target_name(t));
}

static void rs_assign(resolver *r, ast_stmt *s)
{
    ast_expr *t = s->u.assign.target, *v = s->u.assign.value;
    if (t->kind == E_NAME) {
        /* resolve by hand: a var/const/... name is fine here, the message
         * about it comes from assignable() */
        ast_sym *sym = rs_lookup(r, t->name);
        if (!sym) {
            rs_unknown_name(r, t->loc, t->name, "");
            rs_set_type(r, t, rs_bare_type(TY_ERROR));
        } else if (sym->kind == SYM_VAR && sym->decl->ndims) {
            rs_expr(r, t);
        } else {
            rs_set_sym(r, t, sym);
            rs_use(r, sym);
            rs_set_type(r, t, sym->type);
        }
    } else
        rs_expr(r, t);
    if (v->kind == E_LIST) { /* `l = [...]`, a scenario's setup */
        for (uint32_t k = 0; k < v->nargs; k++)
            rs_expr(r, v->args[k]);
        rs_list_assign(r, s);
        return;
    }
    rs_expr(r, v);
    if (rs_is_err(rs_type(r, t)) || !assignable(r, t) || rs_is_err(rs_type(r, v)))
        return;
    if (s->u.assign.op) {
        if (rs_type(r, t)->kind != TY_INT) {
            diag_error(r->d, s->loc, "'%s=' needs an int target, not %s",
                       ast_op_text(s->u.assign.op), rs_type_name(r, rs_type(r, t)));
            return;
        }
        rs_want_kind(r, v, TY_INT, "the value added or taken away");
        return;
    }
    if (!rs_want_type(r, v, rs_type(r, t), "the value assigned"))
        return;
    value_in_range(r, t, v);
    if (rs_sym(r, t) && rs_sym(r, t)->decl == r->out->start_var && oc_is_const(r->out, v) &&
        oc_cval(r->out, v) < 0)
        diag_error(r->d, v->loc, "the start player cannot be none: seat 1 is always someone's");
}

static void rs_if(resolver *r, ast_stmt *s)
{
    rs_expr_want(r, s->u.if_.cond, TY_BOOL, "condition");
    rs_block(r, &s->u.if_.then_b);
    if (s->u.if_.else_if)
        rstmt(r, s->u.if_.else_if);
    else if (s->u.if_.has_else)
        rs_block(r, &s->u.if_.else_b);
}

static void push_loop(resolver *r, ast_stmt *s)
{
    r->loops = rs_grow(r, r->loops, r->nloops, &r->caploops, sizeof *r->loops);
    r->loops[r->nloops++] = s;
}

static void rs_repeat(resolver *r, ast_stmt *s)
{
    static const char why[] = "in a loop's exit condition";
    int k = s->u.rep.kind;
    if (k == REP_UNTIL_BEFORE || k == REP_WHILE)
        rs_expr_noroll(r, s->u.rep.cond, TY_BOOL, "a loop condition", why);
    push_loop(r, s);
    rs_block(r, &s->u.rep.body);
    r->nloops--;
    if (k == REP_UNTIL_AFTER)
        rs_expr_noroll(r, s->u.rep.cond, TY_BOOL, "a loop condition", why);
}

/* Does a round's body pass anyone, or call something that may? */
static void finds_pass(ast_stmt *s, void *arg)
{
    int *found = arg;
    if (s->kind == S_PASS || s->kind == S_CALL || s->kind == S_DO || s->kind == S_EMIT ||
        s->kind == S_WINDOW)
        *found = 1;
}

/* A round: over `players` (the grammar sees to it), its marks kept in the
 * hidden var "passed"; `until all pass` must have a way to end. */
static void rs_round(resolver *r, ast_stmt *s)
{
    rs_passed_var(r);
    rs_rounds_var(r);
    if (r->in_display)
        diag_error(r->d, s->loc, "a display may not run a round (it changes who has passed)");
    if (s->u.for_.round != ROUND_UNTIL_PASSED)
        return;
    int found = 0;
    ast_each_stmt(&s->u.for_.body, finds_pass, &found);
    if (!found)
        diag_error(r->d, s->loc, "this round goes on until all pass, but nothing in it "
                   "passes anyone: it would never end (add 'pass P')");
}

/* `by K1 [asc|desc], K2 ...`: int keys, over players only. */
static void rs_for_keys(resolver *r, ast_stmt *s)
{
    for (uint32_t k = 0; k < s->u.for_.nkeys; k++)
        rs_expr_want(r, s->u.for_.keys[k], TY_INT,
                     k ? "a tie-break key of 'by'" : "the sort key");
    int kind = oc_iter_kind(r->out, s->u.for_.iter);
    if (s->u.for_.nkeys && kind != IT_PLAYERS && kind != IT_ALL_PLAYERS)
        diag_error(r->d, s->u.for_.by->loc, "'by' orders players only");
}

/* `simultaneously for p in players { choose p ... }`: the body is one
 * decision of the loop's player, over players (its choices are kept per
 * player until all have chosen). */
static void rs_simultaneous(resolver *r, ast_stmt *s)
{
    const ast_stmt *c = s->u.for_.body.first;
    int kind = oc_iter_kind(r->out, s->u.for_.iter);
    if (kind != IT_PLAYERS && kind != IT_ALL_PLAYERS)
        diag_error(r->d, s->u.for_.iter->loc, "'simultaneously' goes over players");
    else if (!c || c->next || c->kind != S_CHOOSE || c->u.choose.player->kind != E_NAME ||
             rs_sym(r, c->u.choose.player) != s->u.for_.var)
        diag_error(r->d, c ? c->loc : s->loc,
                   "the body of 'simultaneously for %s in ...' is one 'choose %s ...', the "
                   "decision each player takes at once",
                   s->u.for_.var->name, s->u.for_.var->name);
}

static void rs_for(resolver *r, ast_stmt *s)
{
    rs_iter(r, s->u.for_.iter);
    scope_mark m = rs_scope_open(r);
    rs_local_declare(r, s->u.for_.var, *oc_iter_elem(r->out, s->u.for_.iter));
    if (s->u.for_.round)
        rs_round(r, s);
    if (s->u.for_.where)
        rs_expr_want(r, s->u.for_.where, TY_BOOL, "the 'where' condition");
    rs_for_keys(r, s);
    push_loop(r, s);
    r->in_round += s->u.for_.round != ROUND_NONE;
    for (ast_stmt *x = s->u.for_.body.first; x; x = x->next)
        rstmt(r, x);
    if (s->u.for_.simultaneous)
        rs_simultaneous(r, s);
    r->in_round -= s->u.for_.round != ROUND_NONE;
    r->nloops--;
    rs_scope_close(r, m);
}

/* `pass p`: in a round's body, or in a procedure (a round may call it). */
static void rs_pass(resolver *r, ast_stmt *s)
{
    rs_expr_want(r, s->u.player.player, TY_PLAYER, "the player who passes");
    rs_passed_var(r);
    if (!r->in_round && !r->in_proc)
        diag_error(r->d, s->loc, "'pass' outside a round: only a player in a round can pass "
                   "(write it in 'round p in players { }', or in a proc a round calls)");
}

static void rs_exit(resolver *r, ast_stmt *s)
{
    if (s->u.exit.cond)
        rs_expr_noroll(r, s->u.exit.cond, TY_BOOL, "an 'exit when' condition",
                  "in a loop's exit condition");
    if (!r->nloops) {
        diag_error(r->d, s->loc, "'exit' outside a loop");
        return;
    }
    rs_stmt_facts(r, s)->loop = r->loops[r->nloops - 1];
}

/* `a OP b`, typed bool, for conditions the compiler adds. */
static ast_expr *bool_binary(resolver *r, int op, ast_expr *a, ast_expr *b, ast_loc at)
{
    ast_expr *e = rs_new_expr(r);
    e->kind = E_BINARY;
    e->op = (uint8_t)op;
    e->loc = at;
    e->op_loc = at;
    e->a = a;
    e->b = b;
    rs_set_type(r, e, rs_bare_type(TY_BOOL));
    e->depth = (uint16_t)((a->depth > b->depth ? a->depth : b->depth) + 1);
    return e;
}

ast_expr *rs_and_of(resolver *r, ast_expr *a, ast_expr *b)
{
    return a ? bool_binary(r, OP_AND, a, b, a->loc) : b;
}

/* An option that takes an action (its first statement is `do A(...)`) is
 * offered only when A can be taken: a precondition that fails or a cost
 * that cannot be paid is never offered (TEO-P1, TEO-P2). */
static void guard_by_action(resolver *r, ast_option *o)
{
    ast_stmt *s = o->body.first;
    if (!s || s->kind != S_DO || !oc_called(r->out, s))
        return;
    ast_expr *can = rs_new_expr(r);
    can->kind = E_CAN;
    can->loc = s->loc;
    can->name = s->u.call.name;
    rs_set_sym(r, can, oc_called(r->out, s));
    can->args = s->u.call.args;
    can->nargs = s->u.call.nargs;
    rs_set_type(r, can, rs_bare_type(TY_BOOL));
    if (o->var)
        o->where = rs_and_of(r, o->where, can);
    else
        o->when = rs_and_of(r, o->when, can);
}

static void rs_option(resolver *r, ast_option *o)
{
    oc_resolution *out = r->out;
    out->options = rs_grow(r, out->options, out->noptions, &r->capoptions, sizeof *out->options);
    rs_choice_facts(r, o->id)->index = (int32_t)out->noptions + 1;
    out->options[out->noptions++] = o;
    if (o->when)
        rs_expr_noroll(r, o->when, TY_BOOL, "an option's 'when' condition", "in a 'when' guard");
    scope_mark m = rs_scope_open(r);
    if (o->var) {
        rs_iter(r, o->iter);
        rs_local_declare(r, o->var, *oc_iter_elem(r->out, o->iter));
        if (o->where)
            rs_expr_want(r, o->where, TY_BOOL, "the 'where' condition");
    }
    rs_text(r, &o->label, 1, o->var);
    for (ast_stmt *x = o->body.first; x; x = x->next)
        rstmt(r, x);
    rs_scope_close(r, m);
    guard_by_action(r, o);
}

static void rs_choose(resolver *r, ast_stmt *s)
{
    rs_expr_want(r, s->u.choose.player, TY_PLAYER, "the player who chooses");
    if (s->u.choose.prompt.text)
        rs_text(r, &s->u.choose.prompt, 0, NULL);
    for (ast_option *o = s->u.choose.options; o; o = o->next)
        rs_option(r, o);
    /* a label names one option: a replay (--choices, a scenario's choose)
     * finds the option by its label */
    for (ast_option *o = s->u.choose.options; o; o = o->next)
        for (ast_option *e = s->u.choose.options; e != o; e = e->next)
            if (!o->var && !e->var && strcmp(o->label.text, e->label.text) == 0) {
                diag_error(r->d, o->label.loc, "two options of one choice read \"%s\"",
                           o->label.text);
                diag_note(r->d, e->label.loc, "the first is here");
                break;
            }
}

static void rs_scope(resolver *r, ast_stmt *s)
{
    r->undo_blocked++;
    rs_block(r, &s->u.scope.body);
    r->undo_blocked--;
    oc_resolution *out = r->out;
    for (ast_escape *e = s->u.scope.escapes; e; e = e->next) {
        out->escapes =
            rs_grow(r, out->escapes, out->nescapes, &r->capescapes, sizeof *out->escapes);
        rs_choice_facts(r, e->id)->index = (int32_t)out->nescapes + 1;
        out->escapes[out->nescapes++] = e;
        rs_expr_want(r, e->player, TY_PLAYER, "the player of an escape");
        rs_text(r, &e->label, 2, NULL);
        rs_block(r, &e->body);
    }
}

static void rs_call(resolver *r, ast_stmt *s, int want_kind_)
{
    const char *n = s->u.call.name;
    for (uint32_t i = 0; i < s->u.call.nargs; i++)
        rs_expr(r, s->u.call.args[i]);
    ast_sym *sym = rs_lookup(r, n);
    if (!sym) {
        rs_unknown_name(r, s->u.call.name_loc, n, "");
        return;
    }
    rs_use(r, sym);
    if (sym->kind == SYM_PROC && sym->decl->is_action) {
        diag_error(r->d, s->u.call.name_loc, "'%s' is an action: take it with 'do %s(...)'", n, n);
        return;
    }
    if (sym->kind != want_kind_) {
        if (want_kind_ == SYM_EVENT)
            diag_error(r->d, s->u.call.name_loc, "'%s' is %s, not an event", n,
                       rs_sym_kind_words(sym->kind));
        else if (sym->kind == SYM_FN)
            diag_error(r->d, s->u.call.name_loc, "'%s' is a fn: a call statement needs a proc", n);
        else
            diag_error(r->d, s->u.call.name_loc, "'%s' is %s, not a proc", n,
                       rs_sym_kind_words(sym->kind));
        return;
    }
    if (sym->decl->timing || sym->decl->anytime) { /* they run at their own times */
        diag_error(r->d, s->u.call.name_loc,
                   sym->decl->timing
                       ? "'%s' is a trigger: it runs when its event is emitted, not by a call"
                       : "'%s' is an anytime action: it is taken at a window, not called",
                   n);
        return;
    }
    rs_stmt_facts(r, s)->sym = sym;
    rs_check_args(r, s->u.call.name_loc, n, sym->decl, s->u.call.args, s->u.call.nargs);
}

/* The list operand of add/remove/clear/shuffle: a list var (indexed if it
 * has dims); add, remove and clear take a set var too (a set has no
 * positions and no order to shuffle). */
static int rlist_target(resolver *r, ast_stmt *s, ast_expr *l)
{
    rs_expr(r, l);
    if (rs_is_err(rs_type(r, l)))
        return 0;
    int is_var = (l->kind == E_NAME && rs_sym(r, l) && rs_sym(r, l)->kind == SYM_VAR) ||
                 (l->kind == E_INDEX && oc_ix(r->out, l) == IX_VAR);
    int set_ok = s->kind == S_ADD || s->kind == S_REMOVE || s->kind == S_CLEAR;
    if (is_var && rs_type(r, l)->kind == TY_SET && !set_ok) {
        diag_error(r->d, l->loc, "a set has no %s: '%s' takes a list var",
                   s->kind == S_SHUFFLE ? "order" : "positions", ast_stmt_kind_name(s->kind));
        return 0;
    }
    if (!(rs_type(r, l)->kind == TY_LIST || (set_ok && rs_type(r, l)->kind == TY_SET)) || !is_var) {
        diag_error(r->d, l->loc, "a list %svar is needed here, not %s", set_ok ? "or set " : "",
                   rs_type_name(r, rs_type(r, l)));
        return 0;
    }
    return 1;
}

static void rs_list(resolver *r, ast_stmt *s)
{
    ast_expr *l = s->u.list.list, *v = s->u.list.value;
    if (v)
        rs_expr(r, v);
    if (!rlist_target(r, s, l) || !v || rs_is_err(rs_type(r, v)))
        return;
    if (s->kind == S_REMOVE_AT) {
        rs_want_kind(r, v, TY_INT, "the position removed");
        return;
    }
    ast_type el = rs_bare_type(rs_type(r, l)->elem);
    el.enm = rs_type(r, l)->enm;
    rs_want_type(r, v, &el, s->kind == S_ADD ? "the value added" : "the value removed");
}

static void rs_do(resolver *r, ast_stmt *s)
{
    for (uint32_t i = 0; i < s->u.call.nargs; i++)
        rs_expr(r, s->u.call.args[i]);
    ast_sym *a = rs_action_named(r, s->u.call.name, s->u.call.name_loc,
                              "'do' takes actions; call a proc by its name");
    if (!a)
        return;
    rs_stmt_facts(r, s)->sym = a;
    rs_check_args(r, s->u.call.name_loc, s->u.call.name, a->decl, s->u.call.args, s->u.call.nargs);
}

/* ------------------------------------------------ substitutes (TEO-D4) */

/* The var a substitute's pattern names (`cocoa[p]`: a var whose indexes
 * are names standing for a payment's indexes); NULL after an error. */
static ast_decl *pattern_var(resolver *r, ast_expr *e)
{
    ast_expr *base = e->kind == E_INDEX ? e->base : e;
    ast_sym *s = base->kind == E_NAME ? rs_global_find(r, base->name) : NULL;
    if (!s || s->kind != SYM_VAR || s->decl->builtin) {
        diag_error(r->d, e->loc, "a substitute's pattern names a var, with names for its "
                                 "indexes (as in 'cocoa[p]')");
        return NULL;
    }
    rs_use(r, s);
    rs_set_sym(r, base, s);
    uint32_t n = e->kind == E_INDEX ? e->nargs : 0;
    if (n != s->decl->ndims) {
        diag_error(r->d, e->loc, "'%s' has %u index(es); the pattern gives %u", s->name,
                   s->decl->ndims, n);
        return NULL;
    }
    for (uint32_t k = 0; k < n; k++)
        if (e->args[k]->kind != E_NAME) {
            diag_error(r->d, e->args[k]->loc, "an index in a substitute's pattern is a name "
                                              "standing for the payment's index");
            return NULL;
        }
    return s->decl;
}

/* Where the substitute's index k comes from in the resource's pattern. */
static int sub_index(resolver *r, ast_decl *d, ast_decl *res, ast_decl *sub, uint32_t k)
{
    const ast_expr *a = d->sub_var->args[k];
    for (uint32_t j = 0; j < res->ndims; j++) {
        if (strcmp(d->sub_for->args[j]->name, a->name) != 0)
            continue;
        const ast_decl *res_enum = oc_dim_facts_of(r->out, &res->dims[j])->enm;
        if (res->dims[j].kind != sub->dims[k].kind ||
            res_enum != oc_dim_facts_of(r->out, &sub->dims[k])->enm) {
            diag_error(r->d, a->loc, "'%s' indexes '%s' and '%s' by different kinds of index",
                       a->name, sub->name, res->name);
            return -1;
        }
        return (int)j;
    }
    diag_error(r->d, a->loc, "'%s' is not one of the indexes of '%s' in this pattern", a->name,
               res->name);
    return -1;
}

/* `substitute SUB[p] for RES[p] "label"`: at every payment from RES, the
 * player of RES's player index may pay one unit of SUB instead. */
void rs_substitute(resolver *r, ast_decl *d)
{
    ast_decl *res = pattern_var(r, d->sub_for);
    ast_decl *sub = pattern_var(r, d->sub_var);
    if (!res || !sub)
        return;
    int bad = 0;
    if (!res->resource) {
        diag_error(r->d, d->sub_for->loc, "a substitute replaces payments from a resource "
                                          "('%s' is not one: declare it with 'resource')", res->name);
        bad = 1;
    }
    if (rs_decl_sym(r, sub)->type.kind != TY_INT) {
        diag_error(r->d, d->sub_var->loc, "the substitute '%s' must hold an int: one unit is "
                                          "spent each time it is used", sub->name);
        bad = 1;
    }
    oc_decl_facts *sf = rs_decl_facts(r, d);
    sf->sub_payer = -1;
    for (uint32_t j = 0; j < res->ndims && sf->sub_payer < 0; j++)
        if (res->dims[j].kind == DIM_PLAYER)
            sf->sub_payer = (int8_t)j;
    if (sf->sub_payer < 0) {
        diag_error(r->d, d->sub_for->loc, "a substitute needs a resource indexed by player: the "
                                          "player who pays chooses whether to use it");
        bad = 1;
    }
    for (uint32_t k = 0; k < sub->ndims; k++) {
        int j = sub_index(r, d, res, sub, k);
        bad |= j < 0;
        sf->sub_map[k] = (int8_t)j;
    }
    if (rs_decl_facts(r, res)->substitute) {
        diag_error(r->d, d->loc, "a second substitute for '%s'", res->name);
        diag_note(r->d, rs_decl_facts(r, res)->substitute->loc, "the first is here");
        bad = 1;
    }
    if (bad)
        return;
    sf->sub_res = res;
    sf->sub_decl = sub;
    rs_decl_facts(r, res)->substitute = d;
}

ast_expr *rs_bool_const(resolver *r, ast_loc at, int v)
{
    ast_expr *e = rs_new_expr(r);
    e->kind = E_BOOL;
    e->loc = at;
    e->ival = v;
    rs_set_const(r, e, v);
    rs_set_type(r, e, rs_bare_type(TY_BOOL));
    return e;
}

static void rs_player_stmt(resolver *r, ast_stmt *s)
{
    switch (s->kind) {
    case S_TURN:
        rs_expr_want(r, s->u.player.player, TY_PLAYER, "the player of 'turn'");
        rs_block(r, &s->u.player.body);
        return;
    case S_ELIMINATE:
        rs_expr_want(r, s->u.player.player, TY_PLAYER, "the player eliminated");
        return;
    case S_END:
        if (s->u.player.player)
            rs_expr_want(r, s->u.player.player, TY_PLAYER, "the winner");
        return;
    default: /* S_WINDOW */
        rs_expr_want(r, s->u.player.player, TY_PLAYER, "the player of a window");
        return;
    }
}

void rs_show(resolver *r, ast_stmt *s);

static void rstmt(resolver *r, ast_stmt *s)
{
    if (r->in_display && !rs_display_stmt_ok(r, s))
        return;
    switch (s->kind) {
    case S_STEP: rs_step(r, s); return;
    case S_LET: rs_let(r, s); return;
    case S_ASSIGN: rs_assign(r, s); return;
    case S_IF: rs_if(r, s); return;
    case S_REPEAT: rs_repeat(r, s); return;
    case S_FOR: rs_for(r, s); return;
    case S_EXIT: rs_exit(r, s); return;
    case S_TURN: case S_ELIMINATE: case S_END: case S_WINDOW: rs_player_stmt(r, s); return;
    case S_CHOOSE: rs_choose(r, s); return;
    case S_SCOPE: rs_scope(r, s); return;
    case S_CALL: rs_call(r, s, SYM_PROC); return;
    case S_EMIT: rs_call(r, s, SYM_EVENT); return;
    case S_DO: rs_do(r, s); return;
    case S_PAY:
        rs_payment(r, s->u.assign.value, s->u.assign.target, "the amount paid");
        rs_payment_substitute(r, s->u.assign.target); /* marks it used */
        rs_stmt_facts(r, s)->pay =
            rs_pay_ways(r, s->pay, s->u.assign.value, s->u.assign.target, 0);
        return;
    case S_PAY_ORDER: {
        scope_mark m = rs_scope_open(r); /* the parts' marks: hidden locals */
        rs_block(r, &s->u.batch.body);
        rs_pay_order(r, s);
        rs_scope_close(r, m);
        return;
    }
    case S_BATCH:
        r->f->has_batches = 1;
        r->undo_blocked++;
        rs_block(r, &s->u.batch.body);
        r->undo_blocked--;
        return;
    case S_REVEAL:
    case S_HIDE:
        rs_reveal(r, s);
        return;
    case S_REVISE:
        r->has_revise = 1; /* checked against a revisable action at the end */
        r->revise_loc = s->loc;
        return;
    case S_UNDO:
        if (!r->in_action_body)
            diag_error(r->d, s->loc, "'undo' outside an action's body: it undoes the "
                                     "action it is written in");
        else if (r->undo_blocked)
            diag_error(r->d, s->loc, "'undo' inside a batch or a scope: an action is undone "
                                     "from its own body");
        r->out->has_undo = 1;
        return;
    case S_RETURN:
        if (!r->in_proc)
            diag_error(r->d, s->loc, "'return' outside a procedure");
        return;
    case S_LOG: rs_text(r, &s->u.log.text, 0, NULL); return;
    case S_SHOW: rs_show(r, s); return;
    case S_ASSERT: rs_expr_want(r, s->u.assert_.cond, TY_BOOL, "an assertion"); return;
    case S_PASS: rs_pass(r, s); return;
    case S_ROTATE: rs_start_var(r); return;
    default: rs_list(r, s); return;
    }
}

/* A display shows the state and changes nothing: let, if, for and show. */
int rs_display_stmt_ok(resolver *r, const ast_stmt *s)
{
    if (s->kind == S_LET || s->kind == S_IF || s->kind == S_FOR || s->kind == S_SHOW)
        return 1;
    diag_error(r->d, s->loc, "a display may only use let, if, for and show, not '%s'",
               ast_stmt_kind_name(s->kind));
    return 0;
}

/* ------------------------------------------------------------- displays */

void rs_show(resolver *r, ast_stmt *s)
{
    if (!r->in_display)
        diag_error(r->d, s->loc, "'show' is only for displays (a 'log' writes to the trace)");
    rs_text(r, &s->u.log.text, 0, NULL);
}

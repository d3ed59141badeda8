/* resolve_sym.c — the symbol tables of name resolution: the global names
 * (an open-addressing hash table; names are unique across all kinds), the
 * locals in scope (a stack of symbols over a fixed hash, restored when a
 * scope closes, so lookups stay O(1) however long a procedure is), and
 * the type checks every other part asks of them. */
#include <stdarg.h>

#include "resolve_int.h"

/* ------------------------------------------------------------- utilities */

uint32_t oc_name_hash(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

ast_type rs_enum_type(ast_decl *e)
{
    ast_type t = rs_bare_type(TY_ENUM);
    t.enm = e;
    return t;
}

/* A type name for a message; four buffers rotate so one message can name
 * several types. */
const char *rs_type_name(resolver *r, const ast_type *t)
{
    char *b = r->type_names[r->next_type_name++ & 3];
    return ast_type_name(t, b, sizeof r->type_names[0]);
}

const char *oc_value_text(const ast_type *t, int32_t v, char *buf, size_t n)
{
    if (t->kind == TY_BOOL)
        snprintf(buf, n, "%s", v ? "true" : "false");
    else if (t->kind == TY_PLAYER && v < 0)
        snprintf(buf, n, "none");
    else if (t->kind == TY_PLAYER)
        snprintf(buf, n, "player %d", (int)v + 1);
    else if (t->kind == TY_ENUM && t->enm && v >= 0 && (uint32_t)v < t->enm->nmembers)
        snprintf(buf, n, "%s", t->enm->members[v]->name);
    else
        snprintf(buf, n, "%d", (int)v);
    return buf;
}

void *rs_grow(resolver *r, void *old, uint32_t n, uint32_t *cap, size_t elt)
{
    if (n < *cap)
        return old;
    uint32_t nc = *cap ? *cap * 2 : 16;
    void *p = arena_alloc(r->a, nc * elt);
    if (old && n)
        memcpy(p, old, n * elt);
    *cap = nc;
    return p;
}

/* The pages of one kind of facts, room for `ids` of them to begin with
 * (pages of OC_PAGE that never move; the ids resolution makes later add
 * pages): `pages` gets the page table, `npages` its length. Type-generic,
 * hence a macro. */
#define FACT_PAGES(r, pages, type, ids, npages)                                              \
    do {                                                                                     \
        uint32_t n_ = (ids) / OC_PAGE + 1;                                                   \
        type *block_ = ARENA_ARRAY((r)->a, type, (size_t)n_ * OC_PAGE);                      \
        (pages) = ARENA_ARRAY((r)->a, type *, n_);                                           \
        for (uint32_t k_ = 0; k_ < n_; k_++)                                                 \
            (pages)[k_] = block_ + (size_t)k_ * OC_PAGE;                                     \
        (npages) = n_;                                                                       \
    } while (0)

void rs_fact_pages(resolver *r, const ast_file *f)
{
    oc_resolution *out = r->out;
    uint32_t fixed; /* the pages of the kinds resolution makes none of */
    /* declarations, expressions and statements: resolution makes some */
    FACT_PAGES(r, out->decl_pages, oc_decl_facts, f->ndecls, r->decl_npages);
    FACT_PAGES(r, out->expr_pages, oc_expr_facts, f->nexprs, r->expr_npages);
    FACT_PAGES(r, out->stmt_pages, oc_stmt_facts, f->nstmts, r->stmt_npages);
    r->decl_cappages = r->decl_npages;
    r->expr_cappages = r->expr_npages;
    r->stmt_cappages = r->stmt_npages;
    FACT_PAGES(r, out->iter_pages, oc_iter_facts, f->niters, fixed);
    FACT_PAGES(r, out->text_pages, oc_text_facts, f->ntexts, fixed);
    FACT_PAGES(r, out->item_pages, oc_item_facts, f->nitems, fixed);
    FACT_PAGES(r, out->type_pages, ast_type, f->ntypes, fixed);
    FACT_PAGES(r, out->choice_pages, oc_choice_facts, f->nchoices, fixed);
    FACT_PAGES(r, out->dim_pages, oc_dim_facts, f->ndims, fixed);
    FACT_PAGES(r, out->field_pages, oc_field_facts, f->nfields, fixed);
    FACT_PAGES(r, out->cost_pages, oc_payment *, f->ncosts, fixed);
    (void)fixed;
    out->ndecls = f->ndecls;
    out->nexprs = f->nexprs;
    out->nstmts = f->nstmts;
    out->niters = f->niters;
    out->ntexts = f->ntexts;
    out->nitems = f->nitems;
    out->ntypes = f->ntypes;
    out->nchoices = f->nchoices;
    out->ndims = f->ndims;
    out->nfields = f->nfields;
    out->ncosts = f->ncosts;
}

uint32_t rs_new_expr_id(resolver *r)
{
    oc_resolution *out = r->out;
    if ((out->nexprs >> OC_PAGE_BITS) == r->expr_npages) {
        out->expr_pages = rs_grow(r, out->expr_pages, r->expr_npages, &r->expr_cappages,
                                  sizeof *out->expr_pages);
        out->expr_pages[r->expr_npages++] = ARENA_ARRAY(r->a, oc_expr_facts, OC_PAGE);
    }
    return out->nexprs++;
}

ast_decl *rs_new_decl(resolver *r, int kind)
{
    oc_resolution *out = r->out;
    if ((out->ndecls >> OC_PAGE_BITS) == r->decl_npages) {
        out->decl_pages = rs_grow(r, out->decl_pages, r->decl_npages, &r->decl_cappages,
                                  sizeof *out->decl_pages);
        out->decl_pages[r->decl_npages++] = ARENA_ARRAY(r->a, oc_decl_facts, OC_PAGE);
    }
    ast_decl *d = ARENA_NEW(r->a, ast_decl);
    d->kind = (uint8_t)kind;
    d->id = out->ndecls++;
    return d;
}

ast_stmt *rs_new_stmt(resolver *r, int kind, ast_loc at)
{
    oc_resolution *out = r->out;
    if ((out->nstmts >> OC_PAGE_BITS) == r->stmt_npages) {
        out->stmt_pages = rs_grow(r, out->stmt_pages, r->stmt_npages, &r->stmt_cappages,
                                  sizeof *out->stmt_pages);
        out->stmt_pages[r->stmt_npages++] = ARENA_ARRAY(r->a, oc_stmt_facts, OC_PAGE);
    }
    ast_stmt *s = ARENA_NEW(r->a, ast_stmt);
    s->kind = (uint8_t)kind;
    s->loc = at;
    s->id = out->nstmts++;
    return s;
}

ast_expr *rs_new_expr(resolver *r)
{
    ast_expr *e = ARENA_NEW(r->a, ast_expr);
    e->id = rs_new_expr_id(r);
    return e;
}

void rs_set_const(resolver *r, ast_expr *e, int64_t v)
{
    oc_expr_facts *x = rs_facts(r, e);
    x->is_const = 1;
    x->cval = (int32_t)v;
}

/* ---------------------------------------------------------- global names */

ast_sym *rs_global_find(resolver *r, const char *name)
{
    uint32_t m = r->globals_cap - 1, i = oc_name_hash(name) & m;
    while (r->globals[i]) {
        if (strcmp(r->globals[i]->name, name) == 0)
            return r->globals[i];
        i = (i + 1) & m;
    }
    return NULL;
}

void rs_global_rehash(resolver *r)
{
    uint32_t oldcap = r->globals_cap;
    ast_sym **old = r->globals;
    r->globals_cap = oldcap ? oldcap * 2 : 256;
    r->globals = ARENA_ARRAY(r->a, ast_sym *, r->globals_cap);
    for (uint32_t i = 0; i < oldcap; i++)
        if (old[i]) {
            uint32_t m = r->globals_cap - 1, j = oc_name_hash(old[i]->name) & m;
            while (r->globals[j])
                j = (j + 1) & m;
            r->globals[j] = old[i];
        }
}

static void redefinition(resolver *r, ast_sym *s, const ast_sym *prev)
{
    if (prev->loc.line == 0) {
        diag_error(r->d, s->loc, "'%s' is a built-in name", s->name);
        return;
    }
    diag_error(r->d, s->loc, "redefinition of '%s'", s->name);
    diag_note(r->d, prev->loc, "previous definition of '%s' here", prev->name);
}

static ast_sym *apart_find(const resolver *r, const char *name)
{
    for (uint32_t i = 0; i < r->napart; i++)
        if (strcmp(r->apart[i]->name, name) == 0)
            return r->apart[i];
    return NULL;
}

static int is_trigger_sym(const ast_sym *s)
{
    return s->kind == SYM_PROC && s->decl && s->decl->timing;
}

/* A trigger and an enum member may share a name: expressions name the
 * member, a scenario's event items the trigger. The trigger is kept
 * apart, whichever came first. */
static int shares_with_member(resolver *r, ast_sym *s, ast_sym *prev)
{
    ast_sym *trigger = is_trigger_sym(s) ? s : is_trigger_sym(prev) ? prev : NULL;
    ast_sym *member = s->kind == SYM_MEMBER ? s : prev->kind == SYM_MEMBER ? prev : NULL;
    if (!trigger || !member || apart_find(r, s->name))
        return 0;
    r->apart = rs_grow(r, r->apart, r->napart, &r->apart_cap, sizeof *r->apart);
    r->apart[r->napart++] = trigger;
    if (prev == trigger) {
        uint32_t m = r->globals_cap - 1, i = oc_name_hash(s->name) & m;
        while (r->globals[i] != prev)
            i = (i + 1) & m;
        r->globals[i] = member;
    }
    return 1;
}

/* The trigger named NAME: a global, or one kept apart from a member. */
ast_sym *rs_trigger_find(resolver *r, const char *name)
{
    ast_sym *s = apart_find(r, name);
    if (!s)
        s = rs_global_find(r, name);
    return s && is_trigger_sym(s) ? s : NULL;
}

/* Enters a global; a name taken already is reported (with a note). */
int rs_global_declare(resolver *r, ast_sym *s)
{
    if ((r->nglobals + 1) * 2 > r->globals_cap)
        rs_global_rehash(r);
    ast_sym *prev = rs_global_find(r, s->name);
    if (prev && shares_with_member(r, s, prev))
        return 1;
    if (prev) { /* a second trigger of the name: the first is the one meant */
        ast_sym *first = is_trigger_sym(s) ? apart_find(r, s->name) : NULL;
        redefinition(r, s, first ? first : prev);
        return 0;
    }
    uint32_t m = r->globals_cap - 1, i = oc_name_hash(s->name) & m;
    while (r->globals[i])
        i = (i + 1) & m;
    r->globals[i] = s;
    r->nglobals++;
    return 1;
}

ast_sym *rs_new_sym(resolver *r, const char *name, int kind, ast_loc loc)
{
    ast_sym *s = ARENA_NEW(r->a, ast_sym);
    s->name = name;
    s->kind = (uint8_t)kind;
    s->loc = loc;
    return s;
}

/* ----------------------------------------------------------- local names */

ast_sym *rs_local_find(resolver *r, const char *name)
{
    for (ast_sym *s = r->locals[oc_name_hash(name) & (LOCAL_BUCKETS - 1)]; s; s = s->hnext)
        if (strcmp(s->name, name) == 0)
            return s;
    return NULL;
}

ast_sym *rs_lookup(resolver *r, const char *name)
{
    ast_sym *s = r->nscope ? rs_local_find(r, name) : NULL;
    return s ? s : rs_global_find(r, name);
}


/* ------------------------------------------------ a misspelt name's fix */

/* Edit distance of a and b (insert, delete, replace, swap two letters),
 * or more than `most` as soon as it must be. */
static uint32_t distance(const char *a, const char *b, uint32_t most)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > 63 || m > 63 || (n > m ? n - m : m - n) > most)
        return most + 1;
    uint32_t prev2[64], prev[64], cur[64];
    for (size_t j = 0; j <= m; j++)
        prev[j] = (uint32_t)j;
    for (size_t i = 1; i <= n; i++) {
        cur[0] = (uint32_t)i;
        uint32_t row_min = cur[0];
        for (size_t j = 1; j <= m; j++) {
            uint32_t c = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < c)
                c = prev[j] + 1;
            if (cur[j - 1] + 1 < c)
                c = cur[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                prev2[j - 2] + 1 < c)
                c = prev2[j - 2] + 1;
            cur[j] = c;
            row_min = c < row_min ? c : row_min;
        }
        if (row_min > most)
            return most + 1;
        memcpy(prev2, prev, sizeof prev);
        memcpy(prev, cur, sizeof cur);
    }
    return prev[m];
}

/* The declared name (a local in scope, or a global) closest to `name`,
 * when close enough to be a slip: one edit in a name of 3 or 4 letters,
 * two in a longer one, none in a shorter one; NULL if none or a tie. */
static const char *closest_name(resolver *r, const char *name)
{
    size_t len = strlen(name);
    if (len < 3)
        return NULL;
    uint32_t most = len <= 4 ? 1 : 2, best = most + 1, ties = 0;
    const char *pick = NULL;
    for (uint32_t i = 0; i < r->nscope + r->globals_cap; i++) {
        const ast_sym *s = i < r->nscope ? r->scope[i] : r->globals[i - r->nscope];
        if (!s || s->name[0] == '#') /* the runtime's own bookkeeping */
            continue;
        uint32_t d = distance(name, s->name, most);
        if (d < best) {
            best = d, pick = s->name, ties = 0;
        } else if (d == best && pick && strcmp(pick, s->name) != 0) {
            ties++;
        }
    }
    return best <= most && !ties ? pick : NULL;
}

void rs_unknown_name(resolver *r, ast_loc at, const char *name, const char *where)
{
    const char *fix = closest_name(r, name);
    if (fix) {
        diag_error(r->d, at, "unknown name '%s'%s; did you mean '%s'?", name, where, fix);
        diag_fixit(r->d, at, (uint32_t)strlen(name), fix);
    } else {
        diag_error(r->d, at, "unknown name '%s'%s", name, where);
    }
}

scope_mark rs_scope_open(resolver *r)
{
    scope_mark m = {r->nscope, r->slot};
    return m;
}

void rs_scope_close(resolver *r, scope_mark m)
{
    while (r->nscope > m.nscope) {
        ast_sym *s = r->scope[--r->nscope];
        r->locals[oc_name_hash(s->name) & (LOCAL_BUCKETS - 1)] = s->hnext;
        s->hnext = NULL;
    }
    r->slot = m.slot;
}

/* Declares a local in the current scope and gives it the next slot. Locals
 * may shadow neither globals nor other visible locals. */
void rs_local_declare(resolver *r, ast_sym *s, ast_type t)
{
    s->kind = SYM_LOCAL;
    s->type = t;
    s->type.ranged = t.kind == TY_INT ? t.ranged : 0;
    ast_sym *prev = rs_global_find(r, s->name);
    if (!prev)
        prev = rs_local_find(r, s->name);
    if (prev && prev->loc.line == 0)
        diag_error(r->d, s->loc, "'%s' is a built-in name", s->name);
    else if (prev) {
        diag_error(r->d, s->loc, "'%s' shadows another definition", s->name);
        diag_note(r->d, prev->loc, "the other definition of '%s' is here", prev->name);
    }
    s->slot = (int32_t)r->slot++;
    if (r->slot > r->maxslot)
        r->maxslot = r->slot;
    r->scope = rs_grow(r, r->scope, r->nscope, &r->scope_cap, sizeof *r->scope);
    r->scope[r->nscope++] = s;
    uint32_t b = oc_name_hash(s->name) & (LOCAL_BUCKETS - 1);
    s->hnext = r->locals[b];
    r->locals[b] = s;
}

/* A code unit (fn, proc, sequence, setup, expect) starts with no locals. */
void rs_unit_begin(resolver *r, int in_proc)
{
    rs_scope_close(r, (scope_mark){0, 0});
    r->slot = r->maxslot = 0;
    r->nloops = 0;
    r->in_round = 0;
    r->in_proc = in_proc;
    r->in_code = 1;
    r->cur_step = -1;
    r->cur_rule = "";
    r->no_roll = NULL;
}

uint32_t rs_unit_end(resolver *r)
{
    uint32_t n = r->maxslot;
    rs_scope_close(r, (scope_mark){0, 0});
    r->in_code = 0;
    r->in_proc = 0;
    return n;
}

/* ------------------------------------------------------ seats and rounds */

/* A var the language keeps for seats and rounds: no name a ruleset can
 * write (its name has a space or is read only through a keyword), made
 * the first time a rule needs it so that other rulesets keep their block
 * as it was; rs_place_seat_vars gives it its index. */
static ast_decl *seat_var(resolver *r, const char *name, int kind, int per_player)
{
    ast_decl *d = rs_new_decl(r, D_VAR);
    d->name = name;
    rs_decl_facts(r, d)->index = -1;
    d->ndims = per_player ? 1u : 0u;
    d->dims[0].kind = DIM_PLAYER;
    ast_sym *s = rs_new_sym(r, name, SYM_VAR, (ast_loc){0, 0});
    rs_decl_facts(r, d)->sym = s;
    s->decl = d;
    s->type = rs_bare_type(kind);
    s->type.lo = 0; /* never none: seat 1 is always someone's */
    s->type.hi = kind == TY_PLAYER ? r->f->max_players - 1 : kind == TY_INT ? 255 : 1;
    s->type.ranged = kind == TY_INT;
    rs_use(r, s);
    rs_decl_facts(r, d)->init_value = 0; /* player 1 starts; nobody has passed */
    return d;
}

/* `start player`: player 1 until the rules say otherwise. */
ast_decl *rs_start_var(resolver *r)
{
    if (!r->out->start_var)
        r->out->start_var = seat_var(r, "start player", TY_PLAYER, 0);
    return r->out->start_var;
}

/* The marks of `pass p`, per player; a round clears them as it begins. */
ast_decl *rs_passed_var(resolver *r)
{
    if (!r->out->passed_var)
        r->out->passed_var = seat_var(r, "passed", TY_BOOL, 1);
    return r->out->passed_var;
}

/* How many rounds are under way, one inside another (0..255): a round
 * that ends inside another gives the outer one its marks back. */
ast_decl *rs_rounds_var(resolver *r)
{
    if (!r->out->rounds_var)
        r->out->rounds_var = seat_var(r, "rounds under way", TY_INT, 0);
    return r->out->rounds_var;
}

/* ----------------------------------------------------------- type checks */

int rs_is_err(const ast_type *t)
{
    return t->kind == TY_ERROR;
}

/* `none` is also "no row" of a data table: the literal takes the table's
 * type where one is wanted. */
int rs_none_fits(resolver *r, ast_expr *e, const ast_type *want)
{
    if (e->kind != E_NONE || want->kind != TY_ENUM || !want->enm || !want->enm->is_table)
        return 0;
    rs_set_type(r, e, rs_enum_type(want->enm));
    rs_type(r, e)->lo = -1;
    rs_type(r, e)->hi = (int32_t)want->enm->nmembers - 1;
    return 1;
}

/* Requires `e` to have type `want`; `what` names the place in the message
 * ("condition", "index 1 of 'tower'"). */
static int type_fits(resolver *r, ast_expr *e, const ast_type *want)
{
    return ast_type_same(rs_type(r, e), want) || rs_none_fits(r, e, want);
}

int rs_want_type(resolver *r, ast_expr *e, const ast_type *want, const char *what)
{
    if (type_fits(r, e, want))
        return 1;
    diag_error(r->d, e->loc, "%s must be %s, not %s", what, rs_type_name(r, want),
               rs_type_name(r, rs_type(r, e)));
    return 0;
}

int rs_want_typef(resolver *r, ast_expr *e, const ast_type *want, const char *fmt, ...)
{
    if (type_fits(r, e, want))
        return 1;
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return rs_want_type(r, e, want, what);
}

int rs_want_kind(resolver *r, ast_expr *e, int kind, const char *what)
{
    ast_type t = rs_bare_type(kind);
    return rs_want_type(r, e, &t, what);
}

int64_t rs_clamp_fold(resolver *r, const ast_expr *e, int64_t v, int *ok)
{
    if (v < INT32_MIN || v > INT32_MAX) {
        diag_error(r->d, e->loc, "integer overflow in a constant expression");
        *ok = 0;
        return 0;
    }
    return v;
}

/* local_names.c — the names the rules give each proc's frame slots (its
 * params, `let`s and loop and option variables), for the C that ordoc
 * writes: a local reads there as fp[L_score], not fp[3], so a reader and a
 * debugger see the rules' names. The program's tables carry no names of
 * locals (a game needs none); they come from the checked tree, each fn's
 * and proc's declaration and the main sequence, the slots from resolution.
 * Locals the lowering makes (an inlined fn's params, hidden counters) keep
 * no name.
 */
#include <string.h>

#include "passes.h"

typedef struct namer {
    oc_arena *a;
    const ordo_program *p;
    const char ***names;   /* [nprocs][nlocals] */
    uint16_t proc;
} namer;

/* Adds `name` to the names of slot `slot` of the current proc: "a", then
 * "a, b" when lets of sibling blocks share the slot in turn. */
static void add_name(namer *m, const ast_sym *s)
{
    if (!s || s->kind != SYM_LOCAL || !s->name || s->slot < 0 ||
        (uint32_t)s->slot >= m->p->procs[m->proc].nlocals)
        return;
    const char **at = &m->names[m->proc][s->slot];
    if (!*at) {
        *at = s->name;
        return;
    }
    size_t n = strlen(s->name);
    for (const char *q = *at; (q = strstr(q, s->name)) != NULL; q += n)
        if ((q == *at || q[-1] == ' ') && (q[n] == ',' || q[n] == 0))
            return; /* named so already */
    size_t old = strlen(*at);
    char *both = arena_alloc(m->a, old + n + 3);
    memcpy(both, *at, old);
    memcpy(both + old, ", ", 2);
    memcpy(both + old + 2, s->name, n + 1);
    *at = both;
}

static void name_stmt(ast_stmt *s, void *arg)
{
    namer *m = arg;
    if (s->kind == S_LET)
        add_name(m, s->u.let.sym);
    else if (s->kind == S_FOR)
        add_name(m, s->u.for_.var);
    else if (s->kind == S_CHOOSE)
        for (const ast_option *o = s->u.choose.options; o; o = o->next)
            add_name(m, o->var);
}

/* The proc decl d compiled to, by its index and name; -1 when none. */
static int proc_of(const ordo_program *p, const oc_resolution *res, const ast_decl *d)
{
    const char *name = d->kind == D_SEQUENCE ? "sequence" : d->name;
    if (d->kind == D_SEQUENCE) {
        for (uint16_t k = 0; k < p->nprocs; k++)
            if (p->procs[k].name && strcmp(p->procs[k].name, name) == 0)
                return k;
        return -1;
    }
    int32_t k = oc_decl_index(res, d);
    if (k < 0 || (uint32_t)k >= p->nprocs || !name || !p->procs[k].name ||
        strcmp(p->procs[k].name, name) != 0)
        return -1;
    return k;
}

const char *const *const *oc_slot_names(oc_arena *a, const ast_file *f, const oc_resolution *res,
                                        const ordo_program *p)
{
    if (!f || !p || !p->nprocs)
        return NULL;
    namer m = {a, p, NULL, 0};
    m.names = arena_alloc(a, p->nprocs * sizeof *m.names);
    for (uint16_t k = 0; k < p->nprocs; k++) {
        m.names[k] = arena_alloc(a, (p->procs[k].nlocals + 1u) * sizeof **m.names);
        memset(m.names[k], 0, (p->procs[k].nlocals + 1u) * sizeof **m.names);
    }
    for (ast_decl *d = f->decls; d; d = d->next) {
        if (d->kind != D_FN && d->kind != D_PROC && d->kind != D_SEQUENCE)
            continue;
        int k = proc_of(p, res, d);
        if (k < 0)
            continue;
        m.proc = (uint16_t)k;
        for (uint32_t i = 0; i < d->nparams; i++)
            add_name(&m, d->params[i]);
        ast_each_stmt(&d->body, name_stmt, &m);
    }
    return (const char *const *const *)m.names;
}

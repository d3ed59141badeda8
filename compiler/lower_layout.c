/* lower_layout.c — the program's tables beside the code: vars with their
 * storage layout (the smallest signed width that holds each range), enums
 * and data tables, steps, events, texts, options and escapes. */
#include "lower_int.h"

/* ----------------------------------------------------------- the tables */

ordo_var *lower_vars(lowering *w, uint32_t *state_size, uint32_t *nvars)
{
    ast_file *f = w->f;
    const oc_resolution *res = w->res;
    ordo_var *vars = ARENA_ARRAY(w->a, ordo_var, res->nvars + 1);
    uint32_t off = 0;
    for (uint32_t i = 0; i < res->nvars; i++) {
        const ast_decl *d = res->vars[i];
        const ast_type *t = &oc_decl_sym(w->res, d)->type;
        ordo_var *v = &vars[i];
        v->name = d->name;
        v->kind = (uint8_t)lower_kind_of(t);
        v->enum_id = lower_enum_of(w, t);
        lower_bounds_of(w, t, &v->lo, &v->hi);
        v->width = lower_width_for(v->lo, v->hi);
        if (d == res->start_var)
            v->lo = 0; /* seat 1 is always someone's: never none */
        v->init = oc_init_value(w->res, d);
        if (v->init < v->lo || v->init > v->hi)
            v->init = v->lo;
        v->ndims = (uint8_t)d->ndims;
        v->line = ast_line(d->loc);
        v->is_list = t->kind == TY_LIST;
        v->is_set = t->kind == TY_SET;
        v->kept = d->kept;
        v->hidden = d->secrecy;
        v->shown = (uint16_t)(res->shown_vars[i] ? lower_index(w, res->shown_vars[i]) + 1 : 0);
        if (v->is_list) {
            v->cap = (uint16_t)t->cap;
            v->stride = (2u + t->cap * v->width + 1u) & ~1u;
        } else if (v->is_set) {
            /* a bit per member of lo..hi, in 64-bit words (ORDO_SET_WORDS) */
            v->cap = (uint16_t)t->cap;
            v->stride = 8u * ORDO_SET_WORDS(t->cap);
            v->init = 0; /* empty: the zeroed block */
        } else {
            v->stride = v->width;
        }
        uint64_t cells = 1;
        for (uint32_t k = 0; k < d->ndims; k++) {
            const ast_dim *dm = &d->dims[k];
            const oc_dim_facts *df = oc_dim_facts_of(w->res, dm);
            switch (dm->kind) {
            case DIM_PLAYER:
                v->dim_kind[k] = ORDO_DIM_PLAYER;
                v->dim_n[k] = (uint16_t)f->max_players;
                break;
            case DIM_ENUM:
                v->dim_kind[k] = ORDO_DIM_ENUM;
                v->dim_enum[k] = (uint16_t)lower_index(w, df->enm);
                v->dim_n[k] = (uint16_t)df->enm->nmembers;
                break;
            default:
                v->dim_kind[k] = ORDO_DIM_RANGE;
                v->dim_lo[k] = df->lo;
                v->dim_n[k] = (uint16_t)(df->hi - df->lo + 1);
                break;
            }
            cells *= v->dim_n[k];
        }
        v->offset = off;
        uint64_t end = off + cells * v->stride;
        if (end > OC_MAX_STATE_BYTES) {
            /* every game would carry it: refused here, with what it needs */
            if (!w->failed)
                diag_error(w->d, d->loc,
                           "'%s' takes %llu bytes (%llu cells of %u) and brings a game's state to "
                           "%llu bytes; the limit is %llu (doc/limits.md)",
                           d->name, (unsigned long long)(cells * v->stride),
                           (unsigned long long)cells, (unsigned)v->stride,
                           (unsigned long long)end, (unsigned long long)OC_MAX_STATE_BYTES);
            w->failed = 1;
            end = off;
        }
        off = (uint32_t)end;
    }
    *nvars = res->nvars;
    *state_size = off;
    return vars;
}

void lower_enums(lowering *w, ordo_program *p)
{
    const oc_resolution *res = w->res;
    uint32_t nnames = 0;
    for (uint32_t i = 0; i < res->nenums; i++) {
        nnames += res->enums[i]->nmembers;
        /* the names table is indexed by 16 bits: tables' rows count too */
        if (nnames > UINT16_MAX && nnames - res->enums[i]->nmembers <= UINT16_MAX) {
            diag_error(w->d, res->enums[i]->name_loc, "'%s' brings the members of enums and the "
                       "rows of tables to %lu (65535 at most)", res->enums[i]->name,
                       (unsigned long)nnames);
            w->failed = 1;
        }
    }
    ordo_enum *en = ARENA_ARRAY(w->a, ordo_enum, res->nenums ? res->nenums : 1);
    const char **names = ARENA_ARRAY(w->a, const char *, nnames ? nnames : 1);
    uint32_t k = 0;
    for (uint32_t i = 0; i < res->nenums; i++) {
        const ast_decl *d = res->enums[i];
        en[i].name = d->name;
        en[i].first = (uint16_t)k;
        en[i].count = (uint16_t)d->nmembers;
        for (uint32_t m = 0; m < d->nmembers; m++)
            names[k++] = d->members[m]->name;
    }
    p->enums = en;
    p->nenums = (uint16_t)res->nenums;
    p->names = names;
    p->nnames = (uint16_t)nnames;
}

/* The values of every table's fields, one after another: field f of a
 * table of n rows holds data[f->data_offset + m * n + row] (m = 0 for a
 * plain field). */
void lower_data(lowering *w, ordo_program *p)
{
    const oc_resolution *res = w->res;
    uint64_t n = 0;
    for (uint32_t i = 0; i < res->nenums; i++)
        for (ast_field *x = res->enums[i]->fields; x; x = x->next)
            n += (uint64_t)oc_field_facts_of(res, x)->width * res->enums[i]->nmembers;
    if (n > INT32_MAX) {
        diag_error(w->d, res->enums[0]->loc, "the data tables hold more than 2^31 values");
        w->failed = 1;
        return;
    }
    int32_t *data = ARENA_ARRAY(w->a, int32_t, n ? n : 1);
    uint32_t k = 0;
    for (uint32_t i = 0; i < res->nenums; i++)
        for (ast_field *x = res->enums[i]->fields; x; x = x->next) {
            uint32_t cells = oc_field_facts_of(res, x)->width * res->enums[i]->nmembers;
            x->data_offset = k;
            if (x->values)
                memcpy(data + k, x->values, cells * sizeof *data);
            k += cells;
        }
    p->data = data;
    p->ndata = k;
}

void lower_steps(lowering *w, ordo_program *p)
{
    const oc_resolution *res = w->res;
    ordo_step *st = ARENA_ARRAY(w->a, ordo_step, res->nsteps ? res->nsteps : 1);
    for (uint32_t i = 0; i < res->nsteps; i++) {
        const ast_stmt *s = res->steps[i];
        st[i].number = s->u.step.number;
        st[i].title = s->u.step.title ? s->u.step.title : "";
        st[i].rule = res->step_places[i].rule ? res->step_places[i].rule : "";
        st[i].parent = (int16_t)res->step_places[i].parent;
        st[i].line = ast_line(s->loc);
    }
    p->steps = st;
    p->nsteps = (uint16_t)res->nsteps;
}

void lower_events(lowering *w, ordo_program *p)
{
    const oc_resolution *res = w->res;
    ordo_event_decl *ev = ARENA_ARRAY(w->a, ordo_event_decl, res->nevents ? res->nevents : 1);
    for (uint32_t i = 0; i < res->nevents; i++) {
        const ast_decl *d = res->events[i];
        ev[i].name = d->name;
        ev[i].nparams = (uint8_t)d->nparams;
        ev[i].is_action = res->event_actions[i] != NULL;
        ev[i].owner_arg = -1;
        for (uint32_t k = 0; k < d->nparams && k < ORDO_EVENT_MAX_ARGS; k++) {
            ev[i].param_kind[k] = (uint8_t)lower_kind_of(&d->params[k]->type);
            ev[i].param_enum[k] = lower_enum_of(w, &d->params[k]->type);
            ev[i].param_name[k] = d->params[k]->name;
            if (d->params[k]->secret)
                ev[i].hidden_args |= (uint8_t)(1u << k);
            if (ev[i].owner_arg < 0 && d->params[k]->type.kind == TY_PLAYER)
                ev[i].owner_arg = (int8_t)k;
        }
        if (!ev[i].hidden_args) /* the owner matters only then */
            ev[i].owner_arg = 0;
    }
    p->events = ev;
    p->nevents = (uint16_t)res->nevents;
    w->events = ev;
}

/* Rule IDs as one text, "A B C" (steps, scenarios, bound messages). */
char *lower_join_cites(lowering *w, const ast_cite *c)
{
    size_t n = 1;
    for (const ast_cite *x = c; x; x = x->next)
        n += strlen(x->id) + 1;
    char *s = arena_alloc(w->a, n);
    char *p = s;
    for (const ast_cite *x = c; x; x = x->next) {
        if (p != s)
            *p++ = ' ';
        size_t k = strlen(x->id);
        memcpy(p, x->id, k);
        p += k;
    }
    *p = 0;
    return s;
}

/* A text (log line, assert message) with the kinds of its {} values. */
uint32_t lower_add_text(lowering *w, const char *text, const ast_text *t)
{
    ordo_text x;
    memset(&x, 0, sizeof x);
    x.text = text;
    if (t) {
        const oc_text_facts *f = oc_text_facts_of(w->res, t);
        x.nargs = (uint8_t)f->nargs;
        for (uint32_t k = 0; k < f->nargs && k < ORDO_EVENT_MAX_ARGS; k++) {
            x.arg_kind[k] = (uint8_t)lower_kind_of(&f->args[k]->type);
            x.arg_enum[k] = lower_enum_of(w, &f->args[k]->type);
        }
    }
    VPUSH(w, w->texts, x);
    return w->texts.n - 1;
}

/* An option outside the file's own list (optional steps, windows). */
uint32_t lower_add_plain_option(lowering *w, const char *label, uint32_t line)
{
    ordo_option o;
    memset(&o, 0, sizeof o);
    o.label = label;
    o.param_kind = 0xff;
    o.step = (int16_t)w->cur_step;
    o.line = line;
    VPUSH(w, w->options, o);
    return w->options.n - 1;
}

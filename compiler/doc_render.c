/* doc_render.c — the rule document (doc_model.h) walked once, for every
 * format: the header and contents, the sequence of play, the events and
 * their triggers, the actions and their payments, the substitutes, the
 * overrides against the rules they replace, the rule-ID index and the
 * scenarios. What each piece looks like is the writer's (doc_writer.h). */
#include <stdarg.h>
#include <string.h>

#include "doc_writer.h"

/* ---- parts and blocks */

static int is_block(enum doc_part k)
{
    return k == DOC_PARA || k == DOC_LIST || k == DOC_STEPS || k == DOC_TABLE ||
           k == DOC_BOX || k == DOC_SECTION;
}

/* Before a block: the gap, if a block came before it. */
static void block(doc_out *o)
{
    if (o->owed)
        fputs(o->w->gap, o->f);
    o->owed = 0;
}

static void open_part(doc_out *o, enum doc_part k)
{
    if (is_block(k))
        block(o);
    if (o->w->open[k])
        fputs(o->w->open[k], o->f);
}

static void close_part(doc_out *o, enum doc_part k)
{
    if (o->w->close[k])
        fputs(o->w->close[k], o->f);
    if (is_block(k))
        o->owed = 1;
}

static void heading(doc_out *o, int level, const char *anchor, int target)
{
    block(o);
    o->w->heading(o, level, anchor, target);
}

static void heading_end(doc_out *o, int level)
{
    o->w->heading_end(o, level);
    o->owed = 1;
}

static void box(doc_out *o, const char *cls, const char *anchor)
{
    block(o);
    o->w->box(o, cls, anchor);
    o->owed = 1;
}

static void section(doc_out *o, const char *anchor, const char *title)
{
    block(o);
    o->w->section(o, anchor, title);
    o->owed = 1;
}

static void table(doc_out *o, const char *const *columns, int n)
{
    block(o);
    o->w->table(o, columns, n);
}

static void plainf(doc_out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void plainf(doc_out *o, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    o->w->plain(o, buf);
}

/* A paragraph of the document's own words. */
static void para(doc_out *o, const char *s)
{
    open_part(o, DOC_PARA);
    o->w->plain(o, s);
    close_part(o, DOC_PARA);
}

/* A list item that begins with the document's words. */
static void item(doc_out *o, const char *words)
{
    open_part(o, DOC_ITEM);
    o->w->plain(o, words);
}

/* A section of n items; with none, `none` says so and the section ends
 * there (0 returned). */
static int section_of(doc_out *o, const char *anchor, const char *title, uint32_t n,
                      const char *none)
{
    section(o, anchor, title);
    if (n)
        return 1;
    para(o, none);
    close_part(o, DOC_SECTION);
    return 0;
}

/* ---- pieces several sections share */

static void items(doc_out *o, const doc_items *l, const char *sep)
{
    for (uint32_t k = 0; k < l->n; k++) {
        if (k)
            o->w->plain(o, sep);
        if (*l->v[k].what) {
            o->w->text(o, l->v[k].what);
            if (*l->v[k].name)
                o->w->plain(o, " ");
        }
        if (l->v[k].code)
            o->w->code(o, l->v[k].name);
        else
            o->w->link(o, l->v[k].name, l->v[k].anchor);
    }
}

/* " “label”" after a name, when there is a label */
static void label(doc_out *o, const char *s)
{
    if (!*s)
        return;
    o->w->plain(o, " \u201c");
    o->w->text(o, s);
    o->w->plain(o, "\u201d");
}

/* The scenarios whose flag is set in v[nscenarios], linked; "none". */
static void scenario_list(doc_out *o, const doc_model *m, const uint8_t *v)
{
    int any = 0;
    for (uint32_t s = 0; s < m->nscenarios; s++)
        if (v[s]) {
            if (any++)
                o->w->plain(o, ", ");
            o->w->link(o, m->scenarios[s].name, m->scenarios[s].anchor);
        }
    if (any)
        return;
    if (m->ran)
        o->w->miss(o, "none", 0);
    else
        o->w->plain(o, "not run");
}

/* An item "Reached by: " (or another label) and the scenarios of v. */
static void reached_item(doc_out *o, const doc_model *m, const char *words, const uint8_t *v)
{
    item(o, words);
    scenario_list(o, m, v);
    close_part(o, DOC_ITEM);
}

/* The scenarios v[0..n), linked; `none` (written by the caller) else. */
static int scenario_idx(doc_out *o, const doc_model *m, const int *v, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        if (k)
            o->w->plain(o, ", ");
        o->w->link(o, m->scenarios[v[k]].name, m->scenarios[v[k]].anchor);
    }
    return n > 0;
}

/* A list item "Rule IDs: ..." where "none" stands for no cites. */
static void rules_item(doc_out *o, const doc_model *m, const char **ids, uint32_t n)
{
    item(o, "Rule IDs: ");
    if (n)
        o->w->rules(o, m, ids, n);
    else
        o->w->plain(o, "none");
}

/* One sentence: its words, then its name as code, a link or text. */
static void sentence(doc_out *o, const doc_line *l)
{
    for (uint32_t k = 0; k < l->parts.n; k++) {
        const doc_item *it = &l->parts.v[k];
        if (*it->what)
            o->w->plain(o, it->what);
        if (!*it->name)
            continue;
        if (it->code)
            o->w->code(o, it->name);
        else
            o->w->link(o, it->name, it->anchor);
    }
}

/* Sentences as nested lists: a block of their own (base 0), or inside an
 * item of `base` lists. */
static void says(doc_out *o, const doc_prose *p, int base)
{
    if (!p->n)
        return;
    if (!base)
        block(o);
    int from = -1;
    for (uint32_t k = 0; k < p->n; k++) {
        o->w->nest(o, base, from, (int)p->v[k].depth);
        sentence(o, &p->v[k]);
        from = (int)p->v[k].depth;
    }
    o->w->nest(o, base, from, -1);
    if (!base)
        o->owed = 1;
}

/* The rule as the ruleset words it (a comment opening with its ID). */
static void stated(doc_out *o, const char *s)
{
    if (!s)
        return;
    open_part(o, DOC_PARA);
    o->w->plain(o, "As the ruleset words it: \u201c");
    o->w->text(o, s);
    o->w->plain(o, "\u201d");
    close_part(o, DOC_PARA);
}

/* ---- the sections */

static const char *const contents[][2] = {
    {"sequence-of-play", "Sequence of play"},
    {"events-and-triggers", "Events and triggers"},
    {"actions-and-payments", "Actions and payments"},
    {"procedures", "Procedures"},
    {"overrides", "Overrides"},
    {"changes", "What this layer changes"},
    {"rule-index", "Rule-ID index"},
    {"scenarios", "Scenarios"},
};

static void header(doc_out *o, const doc_model *m)
{
    o->w->begin(o, *m->title ? m->title : m->name, m->file);
    o->owed = 1;
    open_part(o, DOC_LIST);
    if (m->source) {
        item(o, "Source: ");
        o->w->text(o, m->source);
        close_part(o, DOC_ITEM);
    }
    open_part(o, DOC_ITEM);
    if (m->min_players == m->max_players)
        plainf(o, "Players: %d", m->min_players);
    else
        plainf(o, "Players: %d to %d", m->min_players, m->max_players);
    close_part(o, DOC_ITEM);
    open_part(o, DOC_ITEM);
    plainf(o, "%lu steps, %lu events, %lu triggers, %lu actions, %lu overrides, "
              "%lu rule IDs, %lu scenarios",
           (unsigned long)m->nsteps, (unsigned long)m->nevents, (unsigned long)m->ntriggers,
           (unsigned long)m->nactions, (unsigned long)m->noverrides, (unsigned long)m->nrules,
           (unsigned long)m->nscenarios);
    close_part(o, DOC_ITEM);
    if (m->nlayers > 1) {
        item(o, "A layer: ");
        for (uint32_t k = m->nlayers; k-- > 0;) {
            o->w->code(o, m->layers[k]);
            if (k)
                o->w->plain(o, " extends ");
        }
        close_part(o, DOC_ITEM);
    }
    close_part(o, DOC_LIST);
    block(o);
    /* the section on what a layer changes only when asked for */
    const char *shown[sizeof contents / sizeof contents[0]][2];
    int n = 0;
    for (size_t k = 0; k < sizeof contents / sizeof contents[0]; k++)
        if (m->changes_from || strcmp(contents[k][0], "changes") != 0) {
            shown[n][0] = contents[k][0];
            shown[n++][1] = contents[k][1];
        }
    o->w->contents(o, (const char *const(*)[2])shown, n);
    o->owed = 1;
}

static void step(doc_out *o, const doc_model *m, const doc_step *s)
{
    int d = s->depth < 3 ? s->depth : 3;
    char cls[24];
    snprintf(cls, sizeof cls, "step d%d", d);
    box(o, cls, s->anchor);
    heading(o, 3 + d, NULL, 0);
    o->w->plain(o, s->number);
    if (*s->title) {
        o->w->plain(o, " ");
        o->w->text(o, s->title);
    }
    heading_end(o, 3 + d);
    stated(o, s->stated);
    says(o, &s->says, 0);
    open_part(o, DOC_LIST);
    if (s->ncites || !*s->rule)
        rules_item(o, m, s->cites, s->ncites);
    else {
        item(o, "Rule IDs: (under ");
        o->w->text(o, s->rule);
        o->w->plain(o, ")");
    }
    close_part(o, DOC_ITEM);
    item(o, "Written in: ");
    o->w->link(o, *s->owner ? s->owner : "?", s->owner_anchor);
    o->w->plain(o, " (");
    o->w->where(o, &s->at);
    o->w->plain(o, ")");
    close_part(o, DOC_ITEM);
    if (s->modifiers) {
        item(o, "Runs: ");
        o->w->text(o, s->modifiers);
        close_part(o, DOC_ITEM);
    }
    reached_item(o, m, "Reached by: ", s->ran);
    close_part(o, DOC_LIST);
    close_part(o, DOC_BOX);
}

static void steps(doc_out *o, const doc_model *m)
{
    if (!section_of(o, "sequence-of-play", "Sequence of play", m->nsteps,
                    "The ruleset has no numbered steps."))
        return;
    if (m->game.n) {
        para(o, "The game, from start to end:");
        says(o, &m->game, 0);
    }
    for (uint32_t i = 0; i < m->nsteps; i++)
        step(o, m, &m->steps[i]);
    close_part(o, DOC_SECTION);
}

static void trigger_row(doc_out *o, const doc_model *m, const doc_trigger *t)
{
    o->w->row(o, t->anchor, NULL);
    o->w->strong(o, t->name);
    label(o, t->label);
    o->w->aside(o, &t->at);
    o->w->cell(o, "timing");
    o->w->plain(o, t->timing);
    o->w->cell(o, NULL);
    if (t->guard)
        o->w->code(o, t->guard);
    else
        o->w->plain(o, "always");
    o->w->cell(o, NULL);
    o->w->plain(o, t->limit ? t->limit : "");
    o->w->cell(o, NULL);
    o->w->rules(o, m, t->cites, t->ncites);
    o->w->cell(o, NULL);
    items(o, &t->emits, ", ");
    o->w->cell(o, NULL);
    scenario_list(o, m, t->fired);
    close_part(o, DOC_ROW);
}

static void triggers_table(doc_out *o, const doc_model *m, const int *v, uint32_t n)
{
    static const char *const columns[] = {"Trigger",  "Timing", "When",      "Limit",
                                          "Rule IDs", "Then",   "Reached by"};
    table(o, columns, 7);
    for (uint32_t k = 0; k < n; k++)
        trigger_row(o, m, &m->triggers[v[k]]);
    close_part(o, DOC_TABLE);
}

static void event(doc_out *o, const doc_model *m, const doc_event *e)
{
    heading(o, 3, e->anchor, 1);
    o->w->plain(o, e->action >= 0 ? "Action " : "Event ");
    o->w->signature(o, e->name, e->params);
    heading_end(o, 3);
    open_part(o, DOC_LIST);
    open_part(o, DOC_ITEM);
    if (e->action >= 0) {
        o->w->plain(o, "Stands for the action ");
        o->w->link(o, m->actions[e->action].name, m->actions[e->action].anchor);
    } else {
        o->w->plain(o, "Emitted by: ");
        if (e->emitted_by.n)
            items(o, &e->emitted_by, ", ");
        else
            o->w->plain(o, "nothing");
    }
    close_part(o, DOC_ITEM);
    item(o, "Simultaneous triggers: ");
    o->w->plain(o, e->order ? e->order : "in the order written");
    close_part(o, DOC_ITEM);
    close_part(o, DOC_LIST);
    if (!e->ntriggers) {
        para(o, "No triggers.");
        return;
    }
    triggers_table(o, m, e->triggers, e->ntriggers);
    for (uint32_t k = 0; k < e->ntriggers; k++) {
        const doc_trigger *t = &m->triggers[e->triggers[k]];
        open_part(o, DOC_PARA);
        o->w->link(o, t->name, t->anchor);
        o->w->plain(o, t->says.n ? " does:" : " does nothing.");
        close_part(o, DOC_PARA);
        stated(o, t->stated);
        says(o, &t->says, 0);
    }
}

static void events(doc_out *o, const doc_model *m)
{
    section(o, "events-and-triggers", "Events and triggers");
    open_part(o, DOC_PARA);
    o->w->plain(o, "One ");
    o->w->code(o, "emit");
    o->w->plain(o, " runs the ");
    o->w->code(o, "before");
    o->w->plain(o, " triggers, the event, the ");
    o->w->code(o, "immediately");
    o->w->plain(o, " triggers, a window (when the ruleset has anytime actions), then the ");
    o->w->code(o, "after");
    o->w->plain(o, " triggers; triggers of one timing run in the event's order.");
    close_part(o, DOC_PARA);
    if (!m->nevents)
        para(o, "The ruleset declares no events.");
    for (uint32_t i = 0; i < m->nevents; i++)
        event(o, m, &m->events[i]);
    close_part(o, DOC_SECTION);
}

/* The triggers of e of one timing, as one numbered step "what: a, b". */
static void trigger_step(doc_out *o, const doc_model *m, const doc_event *e, int rank,
                         const char *what, int *n)
{
    int any = 0;
    for (uint32_t k = 0; k < e->ntriggers; k++) {
        const doc_trigger *t = &m->triggers[e->triggers[k]];
        if (t->timing_rank != rank)
            continue;
        if (!any++) {
            o->w->step(o, ++*n);
            o->w->plain(o, what);
            o->w->plain(o, ": ");
        } else
            o->w->plain(o, ", ");
        o->w->link(o, t->name, t->anchor);
    }
    if (any)
        close_part(o, DOC_ITEM);
}

static void pay(doc_out *o, const doc_pay *p)
{
    o->w->code(o, p->amount);
    o->w->plain(o, " from ");
    o->w->code(o, p->from);
    if (p->substitute) {
        o->w->plain(o, " (or the substitute \u201c");
        o->w->text(o, p->substitute);
        o->w->plain(o, "\u201d)");
    }
}

/* What happens, in order, when action a is taken. */
static void action_order(doc_out *o, const doc_model *m, const doc_action *a)
{
    para(o, "In order, when it is taken:");
    open_part(o, DOC_STEPS);
    int n = 0;
    o->w->step(o, ++n);
    o->w->plain(o, "the precondition and every up-front cost must be payable, "
                   "else the action is denied");
    close_part(o, DOC_ITEM);
    const doc_event *e = a->event >= 0 ? &m->events[a->event] : NULL;
    if (a->costs_any_order) {
        o->w->step(o, ++n);
        o->w->plain(o, "the up-front costs below are paid in the order the payer chooses");
        close_part(o, DOC_ITEM);
    }
    for (uint32_t k = 0; k < a->npays; k++)
        if (a->pays[k].upfront) {
            o->w->step(o, ++n);
            o->w->plain(o, "up-front cost: ");
            pay(o, &a->pays[k]);
            close_part(o, DOC_ITEM);
        }
    if (e)
        trigger_step(o, m, e, 0, "before-triggers", &n);
    o->w->step(o, ++n);
    o->w->plain(o, a->says.n ? "the body:" : "the body");
    says(o, &a->says, 1);
    close_part(o, DOC_ITEM);
    if (e) {
        trigger_step(o, m, e, 1, "immediately-triggers", &n);
        trigger_step(o, m, e, 2, "after-triggers (after a window)", &n);
    }
    close_part(o, DOC_STEPS);
}

static void action(doc_out *o, const doc_model *m, const doc_action *a)
{
    heading(o, 3, a->anchor, 1);
    o->w->plain(o, a->anytime ? "Anytime action " : "Action ");
    o->w->signature(o, a->name, a->params);
    label(o, a->label);
    heading_end(o, 3);
    open_part(o, DOC_LIST);
    rules_item(o, m, a->cites, a->ncites);
    close_part(o, DOC_ITEM);
    item(o, "Declared at: ");
    o->w->where(o, &a->at);
    close_part(o, DOC_ITEM);
    item(o, "Precondition: ");
    if (a->guard)
        o->w->code(o, a->guard);
    else
        o->w->plain(o, "none");
    close_part(o, DOC_ITEM);
    if (a->offered_at.n) {
        item(o, "Taken at: ");
        items(o, &a->offered_at, ", ");
        close_part(o, DOC_ITEM);
    }
    int any = 0;
    for (uint32_t k = 0; k < a->npays; k++)
        if (!a->pays[k].upfront) {
            if (any++)
                o->w->plain(o, "; ");
            else
                item(o, "Paid in the body, in order: ");
            pay(o, &a->pays[k]);
            o->w->plain(o, " (");
            o->w->where(o, &a->pays[k].at);
            o->w->plain(o, ")");
        }
    if (any)
        close_part(o, DOC_ITEM);
    reached_item(o, m, "Reached by: ", a->taken);
    close_part(o, DOC_LIST);
    stated(o, a->stated);
    if (a->anytime) {
        para(o, a->says.n ? "Taken at a window, when its precondition holds; it does:"
                          : "Taken at a window, when its precondition holds.");
        says(o, &a->says, 0);
    } else
        action_order(o, m, a);
}

static void substitute_row(doc_out *o, const doc_model *m, const doc_substitute *s)
{
    o->w->row(o, s->anchor, NULL);
    o->w->code(o, s->sub);
    o->w->cell(o, NULL);
    o->w->code(o, s->for_);
    o->w->cell(o, NULL);
    o->w->plain(o, "\u201c");
    o->w->text(o, s->label);
    o->w->plain(o, "\u201d");
    o->w->cell(o, NULL);
    o->w->rules(o, m, s->cites, s->ncites);
    close_part(o, DOC_ROW);
}

static void substitutes(doc_out *o, const doc_model *m)
{
    static const char *const columns[] = {"Substitute", "For", "Option", "Rule IDs"};
    heading(o, 3, "substitutes", 0);
    o->w->plain(o, "Substitutes");
    heading_end(o, 3);
    table(o, columns, 4);
    for (uint32_t i = 0; i < m->nsubs; i++)
        substitute_row(o, m, &m->subs[i]);
    close_part(o, DOC_TABLE);
}

static void actions(doc_out *o, const doc_model *m)
{
    section(o, "actions-and-payments", "Actions and payments");
    if (!m->nactions)
        para(o, "The ruleset declares no actions.");
    for (uint32_t i = 0; i < m->nactions; i++)
        action(o, m, &m->actions[i]);
    if (m->nsubs)
        substitutes(o, m);
    close_part(o, DOC_SECTION);
}

static void procedure(doc_out *o, const doc_proc *p)
{
    heading(o, 3, p->anchor, 1);
    o->w->plain(o, "Procedure ");
    o->w->signature(o, p->name, p->params);
    heading_end(o, 3);
    open_part(o, DOC_PARA);
    o->w->plain(o, "Declared at ");
    o->w->where(o, &p->at);
    o->w->plain(o, p->says.n ? "; it does:" : "; it does nothing.");
    close_part(o, DOC_PARA);
    stated(o, p->stated);
    says(o, &p->says, 0);
}

static void procedures(doc_out *o, const doc_model *m)
{
    if (!section_of(o, "procedures", "Procedures", m->nprocs,
                    "The ruleset has no procedures besides its triggers and actions."))
        return;
    para(o, "What the steps, triggers and actions carry out, in the order written.");
    for (uint32_t i = 0; i < m->nprocs; i++)
        procedure(o, &m->procs[i]);
    close_part(o, DOC_SECTION);
}

static void override(doc_out *o, const doc_model *m, const doc_override *v)
{
    box(o, "override", v->anchor);
    heading(o, 3, NULL, 0);
    o->w->plain(o, "override ");
    o->w->plain(o, v->kind);
    o->w->plain(o, " ");
    o->w->signature(o, v->name, "");
    heading_end(o, 3);
    open_part(o, DOC_LIST);
    if (v->ranks > 1) {
        open_part(o, DOC_ITEM);
        plainf(o, "Tried %d of %d overrides of ", v->rank, v->ranks);
        o->w->code(o, v->name);
        close_part(o, DOC_ITEM);
    }
    item(o, "Replaces the base rule ");
    if (v->guard) {
        o->w->plain(o, "when ");
        o->w->code(o, v->guard);
    } else
        o->w->plain(o, "always");
    close_part(o, DOC_ITEM);
    if (v->ncites) {
        rules_item(o, m, v->cites, v->ncites);
        close_part(o, DOC_ITEM);
    }
    if (strcmp(v->kind, "const")) {
        reached_item(o, m, "Used in: ", v->used);
    }
    close_part(o, DOC_LIST);
    block(o);
    o->w->compare(o, &v->base_at, v->base_text, &v->at, v->text);
    o->owed = 1;
    close_part(o, DOC_BOX);
}

static void overrides(doc_out *o, const doc_model *m)
{
    if (!section_of(o, "overrides", "Overrides", m->noverrides,
                    "The ruleset overrides nothing."))
        return;
    open_part(o, DOC_PARA);
    o->w->plain(o, "Overrides are tried latest first (a layer's before its base's); the "
                   "first whose ");
    o->w->code(o, "when");
    o->w->plain(o, " holds replaces the base rule.");
    close_part(o, DOC_PARA);
    for (uint32_t i = 0; i < m->noverrides; i++)
        override(o, m, &m->overrides[i]);
    close_part(o, DOC_SECTION);
}

/* n lines of text, an item each. */
static void text_list(doc_out *o, const char *const *items, uint32_t n)
{
    open_part(o, DOC_LIST);
    for (uint32_t k = 0; k < n; k++) {
        open_part(o, DOC_ITEM);
        o->w->text(o, items[k]);
        close_part(o, DOC_ITEM);
    }
    close_part(o, DOC_LIST);
}

/* The plays where the two part, when a search looked for them. */
static void partings(doc_out *o, const doc_model *m)
{
    if (!m->partings_summary)
        return;
    open_part(o, DOC_PARA);
    o->w->plain(o, "Where play parts, found by playing both in lockstep (");
    o->w->code(o, "ordo diff");
    o->w->plain(o, "): ");
    o->w->text(o, m->partings_summary);
    close_part(o, DOC_PARA);
    if (m->npartings)
        text_list(o, m->partings, m->npartings);
}

static void changes(doc_out *o, const doc_model *m)
{
    if (!m->changes_from)
        return;
    section(o, "changes", "What this layer changes");
    open_part(o, DOC_PARA);
    o->w->plain(o, "Compared with ");
    o->w->code(o, m->changes_from);
    o->w->plain(o, " declaration by declaration (");
    o->w->code(o, "ordo diff --rules");
    o->w->plain(o, "): what only one has, and what means something else.");
    close_part(o, DOC_PARA);
    if (!m->nchanges)
        para(o, "Nothing differs.");
    else
        text_list(o, m->changes, m->nchanges);
    partings(o, m);
    close_part(o, DOC_SECTION);
}

static void rule_row(doc_out *o, const doc_model *m, const doc_rule *r)
{
    o->w->row(o, r->anchor, r->id);
    o->w->strong(o, r->id);
    o->w->cell(o, NULL);
    for (uint32_t k = 0; k < r->nsteps; k++) {
        if (k)
            o->w->plain(o, ", ");
        o->w->link(o, m->steps[r->steps[k]].number, m->steps[r->steps[k]].anchor);
    }
    o->w->cell(o, NULL);
    items(o, &r->also, ", ");
    o->w->cell(o, NULL);
    if (!scenario_idx(o, m, r->scenarios, r->nscenarios))
        o->w->plain(o, "none");
    o->w->cell(o, NULL);
    if (!doc_rule_encoded(r))
        o->w->plain(o, "(no step encodes it: only scenarios cite it)");
    else if (!scenario_idx(o, m, r->reached, r->nreached)) {
        if (m->ran)
            o->w->miss(o, "not reached by any scenario", 1);
        else
            o->w->plain(o, "not run");
    }
    close_part(o, DOC_ROW);
}

static void rules(doc_out *o, const doc_model *m)
{
    static const char *const columns[] = {"Rule ID", "Steps", "Also encoded by",
                                          "Scenarios citing it", "Reached by"};
    if (!section_of(o, "rule-index", "Rule-ID index", m->nrules,
                    "The ruleset cites no rule IDs."))
        return;
    table(o, columns, 5);
    for (uint32_t i = 0; i < m->nrules; i++)
        rule_row(o, m, &m->rules[i]);
    close_part(o, DOC_TABLE);
    if (m->ran) {
        uint32_t more, unreached;
        doc_beyond_steps(m, &more, &unreached);
        open_part(o, DOC_PARA);
        plainf(o, "%d of %d rule IDs the steps cite are reached by a scenario (as ",
               m->rules_reached, m->rules_cited);
        o->w->code(o, "ordo test --coverage");
        o->w->plain(o, " counts them).");
        if (more)
            plainf(o, " %lu more %s cited only by triggers, actions, substitutes or "
                      "overrides; %lu of them %s reached.",
                   (unsigned long)more, more == 1 ? "is" : "are",
                   (unsigned long)(more - unreached), more - unreached == 1 ? "is" : "are");
        close_part(o, DOC_PARA);
    } else
        para(o, "The scenarios were not run.");
    close_part(o, DOC_SECTION);
}

static void scenario_row(doc_out *o, const doc_model *m, const doc_scenario *s)
{
    o->w->row(o, s->anchor, NULL);
    o->w->text(o, s->name);
    o->w->cell(o, NULL);
    o->w->rules(o, m, s->cites, s->ncites);
    o->w->cell(o, NULL);
    if (s->verdict < 0)
        o->w->plain(o, "not run");
    else if (s->verdict)
        o->w->ok(o, "passes");
    else
        o->w->miss(o, "fails", 1);
    o->w->cell(o, NULL);
    plainf(o, "%lu", (unsigned long)s->steps_ran);
    o->w->cell(o, NULL);
    o->w->where(o, &s->at);
    close_part(o, DOC_ROW);
}

static void scenarios(doc_out *o, const doc_model *m)
{
    static const char *const columns[] = {"Scenario", "Rule IDs", "Result", "Steps run",
                                          "Where"};
    if (!section_of(o, "scenarios", "Scenarios", m->nscenarios,
                    "The ruleset has no scenarios."))
        return;
    table(o, columns, 5);
    for (uint32_t i = 0; i < m->nscenarios; i++)
        scenario_row(o, m, &m->scenarios[i]);
    close_part(o, DOC_TABLE);
    close_part(o, DOC_SECTION);
}

int doc_render(const doc_model *m, const doc_writer *w, FILE *f)
{
    doc_out o = {f, w, 0};
    header(&o, m);
    steps(&o, m);
    events(&o, m);
    actions(&o, m);
    procedures(&o, m);
    overrides(&o, m);
    changes(&o, m);
    rules(&o, m);
    scenarios(&o, m);
    w->end(&o);
    return ferror(f) ? -1 : 0;
}

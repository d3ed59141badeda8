/* doc_md.c — the rule document (doc_model.h) as Markdown: the sequence of
 * play, the events and their triggers, the actions and their payments,
 * the substitutes, the overrides against the rules they replace, the
 * rule-ID index and the scenarios. Every linked item carries an explicit
 * anchor (`<a id="..."></a>`), so `[x](#anchor)` links do not depend on a
 * renderer's heading slugs. */
#include <string.h>

#include "doc_model.h"

/* Text with Markdown's active characters escaped (and `|` for tables). */
static void text(FILE *o, const char *s)
{
    for (; s && *s; s++) {
        if (strchr("\\`*_[]<>|#", *s)) {
            if (*s == '<')
                fputs("&lt;", o);
            else if (*s == '>')
                fputs("&gt;", o);
            else if (*s == '|')
                fputs("\\|", o);
            else {
                fputc('\\', o);
                fputc(*s, o);
            }
        } else if (*s == '\n')
            fputc(' ', o);
        else
            fputc(*s, o);
    }
}

/* An inline code span; in a table a `|` inside must be escaped too. */
static void code(FILE *o, const char *s)
{
    int ticks = strchr(s, '`') != NULL;
    fputs(ticks ? "`` " : "`", o);
    for (; *s; s++) {
        if (*s == '|')
            fputs("\\|", o);
        else if (*s == '\n')
            fputc(' ', o);
        else
            fputc(*s, o);
    }
    fputs(ticks ? " ``" : "`", o);
}

static void link(FILE *o, const char *name, const char *anchor)
{
    if (anchor) {
        fputc('[', o);
        text(o, name);
        fprintf(o, "](#%s)", anchor);
    } else
        text(o, name);
}

static void items(FILE *o, const doc_items *l, const char *sep)
{
    for (uint32_t k = 0; k < l->n; k++) {
        if (k)
            fputs(sep, o);
        if (*l->v[k].what) {
            text(o, l->v[k].what);
            if (*l->v[k].name)
                fputc(' ', o);
        }
        if (l->v[k].code)
            code(o, l->v[k].name);
        else
            link(o, l->v[k].name, l->v[k].anchor);
    }
}

static void where(FILE *o, const doc_where *w)
{
    text(o, w->file);
    fprintf(o, ":%lu", (unsigned long)w->line);
}

static void rule_links(FILE *o, const doc_model *m, const char **ids, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        const doc_rule *r = doc_find_rule(m, ids[k]);
        if (k)
            fputs(", ", o);
        link(o, ids[k], r ? r->anchor : NULL);
    }
}

/* The scenarios whose flag is set in v[nscenarios], linked; "none". */
static void scenario_list(FILE *o, const doc_model *m, const uint8_t *v)
{
    int any = 0;
    for (uint32_t s = 0; s < m->nscenarios; s++)
        if (v[s]) {
            if (any++)
                fputs(", ", o);
            link(o, m->scenarios[s].name, m->scenarios[s].anchor);
        }
    if (!any)
        fputs(m->ran ? "none" : "not run", o);
}

static void scenario_idx(FILE *o, const doc_model *m, const int *v, uint32_t n,
                         const char *none)
{
    for (uint32_t k = 0; k < n; k++) {
        if (k)
            fputs(", ", o);
        link(o, m->scenarios[v[k]].name, m->scenarios[v[k]].anchor);
    }
    if (!n)
        fputs(none, o);
}

static void header(FILE *o, const doc_model *m)
{
    fputs("# ", o);
    text(o, *m->title ? m->title : m->name);
    fputs("\n\nThe rule document of `", o);
    fputs(m->file, o);
    fputs("`, written by `ordo doc`.\n\n", o);
    if (m->source) {
        fputs("- Source: ", o);
        text(o, m->source);
        fputc('\n', o);
    }
    if (m->min_players == m->max_players)
        fprintf(o, "- Players: %d\n", m->min_players);
    else
        fprintf(o, "- Players: %d to %d\n", m->min_players, m->max_players);
    fprintf(o, "- %lu steps, %lu events, %lu triggers, %lu actions, %lu overrides, "
               "%lu rule IDs, %lu scenarios\n",
            (unsigned long)m->nsteps, (unsigned long)m->nevents, (unsigned long)m->ntriggers,
            (unsigned long)m->nactions, (unsigned long)m->noverrides, (unsigned long)m->nrules,
            (unsigned long)m->nscenarios);
    if (m->nlayers > 1) {
        fputs("- A layer: ", o);
        for (uint32_t k = m->nlayers; k-- > 0;) {
            code(o, m->layers[k]);
            fputs(k ? " extends " : "\n", o);
        }
    }
    fputs("\n## Contents\n\n"
          "1. [Sequence of play](#sequence-of-play)\n"
          "2. [Events and triggers](#events-and-triggers)\n"
          "3. [Actions and payments](#actions-and-payments)\n"
          "4. [Overrides](#overrides)\n"
          "5. [Rule-ID index](#rule-index)\n"
          "6. [Scenarios](#scenarios)\n\n",
          o);
}

static void steps(FILE *o, const doc_model *m)
{
    fputs("<a id=\"sequence-of-play\"></a>\n\n## Sequence of play\n\n", o);
    if (!m->nsteps)
        fputs("The ruleset has no numbered steps.\n\n", o);
    for (uint32_t i = 0; i < m->nsteps; i++) {
        const doc_step *s = &m->steps[i];
        int level = 3 + (s->depth < 3 ? s->depth : 3);
        fprintf(o, "<a id=\"%s\"></a>\n\n%.*s %s", s->anchor, level, "######", s->number);
        if (*s->title) {
            fputs(" ", o);
            text(o, s->title);
        }
        fputs("\n\n- Rule IDs: ", o);
        if (s->ncites)
            rule_links(o, m, s->cites, s->ncites);
        else if (*s->rule) {
            fputs("(under ", o);
            text(o, s->rule);
            fputs(")", o);
        } else
            fputs("none", o);
        fputs("\n- Written in: ", o);
        link(o, *s->owner ? s->owner : "?", s->owner_anchor);
        fputs(" (", o);
        where(o, &s->at);
        fputs(")\n", o);
        if (s->modifiers) {
            fputs("- Runs: ", o);
            text(o, s->modifiers);
            fputc('\n', o);
        }
        for (uint32_t k = 0; k < s->does.n; k++) {
            fputs("- ", o);
            doc_items one = {&s->does.v[k], 1, 1};
            items(o, &one, "");
            fputc('\n', o);
        }
        fputs("- Reached by: ", o);
        scenario_list(o, m, s->ran);
        fputs("\n\n", o);
    }
}

static void triggers_table(FILE *o, const doc_model *m, const int *v, uint32_t n)
{
    fputs("| Trigger | Timing | When | Limit | Rule IDs | Then | Reached by |\n"
          "|---|---|---|---|---|---|---|\n",
          o);
    for (uint32_t k = 0; k < n; k++) {
        const doc_trigger *t = &m->triggers[v[k]];
        fprintf(o, "| <a id=\"%s\"></a>**", t->anchor);
        text(o, t->name);
        fputs("**", o);
        if (*t->label) {
            fputs(" \u201c", o);
            text(o, t->label);
            fputs("\u201d", o);
        }
        fprintf(o, " | %s | ", t->timing);
        if (t->guard)
            code(o, t->guard);
        else
            fputs("always", o);
        fprintf(o, " | %s | ", t->limit ? t->limit : "");
        rule_links(o, m, t->cites, t->ncites);
        fputs(" | ", o);
        items(o, &t->emits, ", ");
        fputs(" | ", o);
        scenario_list(o, m, t->fired);
        fputs(" |\n", o);
    }
    fputc('\n', o);
}

static void events(FILE *o, const doc_model *m)
{
    fputs("<a id=\"events-and-triggers\"></a>\n\n## Events and triggers\n\n"
          "One `emit` runs the `before` triggers, the event, the `immediately` "
          "triggers, a window (when the ruleset has anytime actions), then the "
          "`after` triggers; triggers of one timing run in the event's order.\n\n",
          o);
    if (!m->nevents)
        fputs("The ruleset declares no events.\n\n", o);
    for (uint32_t i = 0; i < m->nevents; i++) {
        const doc_event *e = &m->events[i];
        fprintf(o, "<a id=\"%s\"></a>\n\n### ", e->anchor);
        if (e->action >= 0)
            fputs("Action ", o);
        else
            fputs("Event ", o);
        text(o, e->name);
        text(o, e->params);
        fputs("\n\n", o);
        if (e->action >= 0) {
            fputs("- Stands for the action ", o);
            link(o, m->actions[e->action].name, m->actions[e->action].anchor);
            fputc('\n', o);
        } else {
            fputs("- Emitted by: ", o);
            if (e->emitted_by.n)
                items(o, &e->emitted_by, ", ");
            else
                fputs("nothing", o);
            fputc('\n', o);
        }
        fputs("- Simultaneous triggers: ", o);
        fputs(e->order ? e->order : "in the order written", o);
        fputs("\n\n", o);
        if (e->ntriggers)
            triggers_table(o, m, e->triggers, e->ntriggers);
        else
            fputs("No triggers.\n\n", o);
    }
}

static void trigger_step(FILE *o, const doc_model *m, const doc_event *e, int rank,
                         const char *what, int *n)
{
    int any = 0;
    for (uint32_t k = 0; k < e->ntriggers; k++) {
        const doc_trigger *t = &m->triggers[e->triggers[k]];
        if (t->timing_rank != rank)
            continue;
        if (!any++)
            fprintf(o, "%d. %s: ", ++*n, what);
        else
            fputs(", ", o);
        link(o, t->name, t->anchor);
    }
    if (any)
        fputc('\n', o);
}

static void actions(FILE *o, const doc_model *m)
{
    fputs("<a id=\"actions-and-payments\"></a>\n\n## Actions and payments\n\n", o);
    if (!m->nactions)
        fputs("The ruleset declares no actions.\n\n", o);
    for (uint32_t i = 0; i < m->nactions; i++) {
        const doc_action *a = &m->actions[i];
        fprintf(o, "<a id=\"%s\"></a>\n\n### %s ", a->anchor, a->anytime ? "Anytime action" : "Action");
        text(o, a->name);
        text(o, a->params);
        if (*a->label) {
            fputs(" \u201c", o);
            text(o, a->label);
            fputs("\u201d", o);
        }
        fputs("\n\n- Rule IDs: ", o);
        if (a->ncites)
            rule_links(o, m, a->cites, a->ncites);
        else
            fputs("none", o);
        fputs("\n- Declared at: ", o);
        where(o, &a->at);
        fputs("\n- Precondition: ", o);
        if (a->guard)
            code(o, a->guard);
        else
            fputs("none", o);
        if (a->offered_at.n) {
            fputs("\n- Taken at: ", o);
            items(o, &a->offered_at, ", ");
        }
        fputs("\n- Reached by: ", o);
        scenario_list(o, m, a->taken);
        fputs("\n\n", o);
        if (a->anytime) {
            fputs("Taken at a window, when its precondition holds.\n\n", o);
            continue;
        }
        fputs("In order, when it is taken:\n\n", o);
        int n = 0;
        fprintf(o, "%d. the precondition and every up-front cost must be payable, "
                   "else the action is denied\n", ++n);
        const doc_event *e = a->event >= 0 ? &m->events[a->event] : NULL;
        for (uint32_t k = 0; k < a->npays; k++)
            if (a->pays[k].upfront) {
                fprintf(o, "%d. up-front cost: ", ++n);
                code(o, a->pays[k].amount);
                fputs(" from ", o);
                code(o, a->pays[k].from);
                if (a->pays[k].substitute) {
                    fputs(" (or the substitute \u201c", o);
                    text(o, a->pays[k].substitute);
                    fputs("\u201d)", o);
                }
                fputc('\n', o);
            }
        if (e)
            trigger_step(o, m, e, 0, "before-triggers", &n);
        fprintf(o, "%d. the body\n", ++n);
        for (uint32_t k = 0; k < a->npays; k++)
            if (!a->pays[k].upfront) {
                fputs("   - pays ", o);
                code(o, a->pays[k].amount);
                fputs(" from ", o);
                code(o, a->pays[k].from);
                if (a->pays[k].substitute) {
                    fputs(" (or the substitute \u201c", o);
                    text(o, a->pays[k].substitute);
                    fputs("\u201d)", o);
                }
                fputs(" (", o);
                where(o, &a->pays[k].at);
                fputs(")\n", o);
            }
        if (e) {
            trigger_step(o, m, e, 1, "immediately-triggers", &n);
            trigger_step(o, m, e, 2, "after-triggers (after a window)", &n);
        }
        fputc('\n', o);
    }
    if (m->nsubs) {
        fputs("### Substitutes\n\n| Substitute | For | Option | Rule IDs |\n|---|---|---|---|\n", o);
        for (uint32_t i = 0; i < m->nsubs; i++) {
            const doc_substitute *s = &m->subs[i];
            fprintf(o, "| <a id=\"%s\"></a>", s->anchor);
            code(o, s->sub);
            fputs(" | ", o);
            code(o, s->for_);
            fputs(" | \u201c", o);
            text(o, s->label);
            fputs("\u201d | ", o);
            rule_links(o, m, s->cites, s->ncites);
            fputs(" |\n", o);
        }
        fputc('\n', o);
    }
}

static void fenced(FILE *o, const char *s)
{
    fputs("```ordo\n", o);
    fputs(s, o);
    fputs("\n```\n\n", o);
}

static void overrides(FILE *o, const doc_model *m)
{
    fputs("<a id=\"overrides\"></a>\n\n## Overrides\n\n", o);
    if (!m->noverrides) {
        fputs("The ruleset overrides nothing.\n\n", o);
        return;
    }
    fputs("Overrides are tried latest first (a layer's before its base's); the "
          "first whose `when` holds replaces the base rule.\n\n",
          o);
    for (uint32_t i = 0; i < m->noverrides; i++) {
        const doc_override *v = &m->overrides[i];
        fprintf(o, "<a id=\"%s\"></a>\n\n### override %s ", v->anchor, v->kind);
        text(o, v->name);
        fputs("\n\n", o);
        if (v->ranks > 1)
            fprintf(o, "- Tried %d of %d overrides of `%s`\n", v->rank, v->ranks, v->name);
        fputs("- Replaces the base rule ", o);
        if (v->guard) {
            fputs("when ", o);
            code(o, v->guard);
        } else
            fputs("always", o);
        if (v->ncites) {
            fputs("\n- Rule IDs: ", o);
            rule_links(o, m, v->cites, v->ncites);
        }
        if (strcmp(v->kind, "const")) {
            fputs("\n- Used in: ", o);
            scenario_list(o, m, v->used);
        }
        fputs("\n\nBase rule (", o);
        where(o, &v->base_at);
        fputs("):\n\n", o);
        fenced(o, v->base_text);
        fputs("Replaced by (", o);
        where(o, &v->at);
        fputs("):\n\n", o);
        fenced(o, v->text);
    }
}

static void rules(FILE *o, const doc_model *m)
{
    fputs("<a id=\"rule-index\"></a>\n\n## Rule-ID index\n\n", o);
    if (!m->nrules) {
        fputs("The ruleset cites no rule IDs.\n\n", o);
        return;
    }
    fputs("| Rule ID | Steps | Also encoded by | Scenarios citing it | Reached by |\n"
          "|---|---|---|---|---|\n",
          o);
    for (uint32_t i = 0; i < m->nrules; i++) {
        const doc_rule *r = &m->rules[i];
        fprintf(o, "| <a id=\"%s\"></a>**", r->anchor);
        text(o, r->id);
        fputs("** | ", o);
        for (uint32_t k = 0; k < r->nsteps; k++) {
            if (k)
                fputs(", ", o);
            link(o, m->steps[r->steps[k]].number, m->steps[r->steps[k]].anchor);
        }
        fputs(" | ", o);
        items(o, &r->also, ", ");
        fputs(" | ", o);
        scenario_idx(o, m, r->scenarios, r->nscenarios, "none");
        fputs(" | ", o);
        if (!doc_rule_encoded(r))
            fputs("(no step encodes it: only scenarios cite it)", o);
        else
            scenario_idx(o, m, r->reached, r->nreached,
                         m->ran ? "**not reached by any scenario**" : "not run");
        fputs(" |\n", o);
    }
    uint32_t encoded, unreached;
    doc_reach_counts(m, &encoded, &unreached);
    if (m->ran)
        fprintf(o, "\n%lu of %lu rule IDs the rules encode are reached by a scenario.\n\n",
                (unsigned long)(encoded - unreached), (unsigned long)encoded);
    else
        fputs("\nThe scenarios were not run.\n\n", o);
}

static void scenarios(FILE *o, const doc_model *m)
{
    fputs("<a id=\"scenarios\"></a>\n\n## Scenarios\n\n", o);
    if (!m->nscenarios) {
        fputs("The ruleset has no scenarios.\n", o);
        return;
    }
    fputs("| Scenario | Rule IDs | Result | Steps run | Where |\n|---|---|---|---|---|\n", o);
    for (uint32_t i = 0; i < m->nscenarios; i++) {
        const doc_scenario *s = &m->scenarios[i];
        fprintf(o, "| <a id=\"%s\"></a>", s->anchor);
        text(o, s->name);
        fputs(" | ", o);
        rule_links(o, m, s->cites, s->ncites);
        fprintf(o, " | %s | %lu | ",
                s->verdict < 0 ? "not run" : s->verdict ? "passes" : "**fails**",
                (unsigned long)s->steps_ran);
        where(o, &s->at);
        fputs(" |\n", o);
    }
}

int doc_write_md(const doc_model *m, FILE *o)
{
    header(o, m);
    steps(o, m);
    events(o, m);
    actions(o, m);
    overrides(o, m);
    rules(o, m);
    scenarios(o, m);
    return ferror(o) ? -1 : 0;
}

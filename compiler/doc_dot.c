/* doc_dot.c — the rule document's two graphs (doc_model.h) in Graphviz's
 * dot language: the sequence of play (each step a box under the step its
 * number extends, siblings chained in number order) and the trigger
 * network (what emits each event, the event's triggers with their timings,
 * and what each trigger emits or takes in turn). Node ids are the model's
 * anchors, so a rendered SVG's nodes carry the HTML page's ids. */
#include <string.h>

#include "doc_model.h"

/* A dot string's contents: quotes and backslashes escaped. */
static void q(FILE *o, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', o);
        if (*s == '\n')
            fputs("\\n", o);
        else
            fputc(*s, o);
    }
}

static void graph_head(FILE *o, const doc_model *m, const char *what)
{
    fputs("digraph \"", o);
    q(o, m->name);
    fprintf(o, "_%s\" {\n  label=\"", what);
    q(o, *m->title ? m->title : m->name);
    fprintf(o, ": %s\";\n  labelloc=t;\n  fontname=\"Helvetica\";\n"
               "  node [fontname=\"Helvetica\", fontsize=10];\n"
               "  edge [fontname=\"Helvetica\", fontsize=9];\n",
            strcmp(what, "sequence") == 0 ? "the sequence of play" : "the trigger network");
}

int doc_write_dot_sequence(const doc_model *m, FILE *o)
{
    graph_head(o, m, "sequence");
    fputs("  rankdir=LR;\n  node [shape=box, style=rounded];\n", o);
    for (uint32_t i = 0; i < m->nsteps; i++) {
        const doc_step *s = &m->steps[i];
        fprintf(o, "  \"%s\" [label=\"", s->anchor);
        q(o, s->number);
        if (*s->title) {
            fputs(" ", o);
            q(o, s->title);
        }
        if (*s->rule) {
            fputs("\\n", o);
            q(o, s->rule);
        }
        if (s->modifiers) {
            fputs("\\n(", o);
            q(o, s->modifiers);
            fputs(")", o);
        }
        fprintf(o, "\", URL=\"#%s\"%s];\n", s->anchor,
                s->modifiers ? ", style=\"rounded,dashed\"" : "");
    }
    /* each step under the step its number extends; siblings in order */
    for (uint32_t i = 0; i < m->nsteps; i++) {
        const doc_step *s = &m->steps[i];
        if (s->parent >= 0)
            fprintf(o, "  \"%s\" -> \"%s\" [arrowhead=none, color=gray];\n",
                    m->steps[s->parent].anchor, s->anchor);
        for (uint32_t j = i + 1; j < m->nsteps; j++)
            if (m->steps[j].parent == s->parent && m->steps[j].depth == s->depth) {
                fprintf(o, "  \"%s\" -> \"%s\" [label=\"then\", style=bold];\n", s->anchor,
                        m->steps[j].anchor);
                break;
            }
    }
    fputs("}\n", o);
    return ferror(o) ? -1 : 0;
}

/* The node an emit site stands for (a step, a trigger, an action, a
 * proc), declared once. */
static void site_node(const doc_item *it, char *id, size_t n)
{
    if (it->anchor)
        snprintf(id, n, "%s", it->anchor);
    else
        snprintf(id, n, "site-%s-%s", it->what, it->name);
    for (char *p = id; *p; p++)
        if (*p == ' ' || *p == '"' || *p == '\\')
            *p = '-';
}

int doc_write_dot_triggers(const doc_model *m, FILE *o)
{
    graph_head(o, m, "triggers");
    fputs("  rankdir=LR;\n", o);
    for (uint32_t i = 0; i < m->nevents; i++) {
        const doc_event *e = &m->events[i];
        fprintf(o, "  \"%s\" [shape=%s, label=\"", e->anchor,
                e->action >= 0 ? "hexagon" : "ellipse");
        fputs(e->action >= 0 ? "action " : "", o);
        q(o, e->name);
        fprintf(o, "\", URL=\"#%s\"];\n", e->anchor);
    }
    for (uint32_t i = 0; i < m->ntriggers; i++) {
        const doc_trigger *t = &m->triggers[i];
        fprintf(o, "  \"%s\" [shape=box, label=\"", t->anchor);
        q(o, t->name);
        if (t->guard) {
            fputs("\\nwhen ", o);
            q(o, t->guard);
        }
        if (t->limit) {
            fputs("\\n", o);
            q(o, t->limit);
        }
        fprintf(o, "\", URL=\"#%s\"];\n", t->anchor);
        if (t->event >= 0)
            fprintf(o, "  \"%s\" -> \"%s\" [label=\"%s\"%s];\n", m->events[t->event].anchor,
                    t->anchor, t->timing,
                    t->timing_rank == 0 ? ", color=blue"
                    : t->timing_rank == 1 ? ", color=black" : ", color=darkgreen");
        for (uint32_t k = 0; k < t->emits.n; k++) {
            const doc_item *it = &t->emits.v[k];
            const char *target = NULL;
            if (strcmp(it->what, "emits") == 0) {
                target = it->anchor;
            } else { /* takes an action: its event */
                for (uint32_t a = 0; a < m->nactions; a++)
                    if (strcmp(m->actions[a].name, it->name) == 0 && m->actions[a].event >= 0)
                        target = m->events[m->actions[a].event].anchor;
            }
            if (target)
                fprintf(o, "  \"%s\" -> \"%s\" [style=dashed, label=\"%s\"];\n", t->anchor,
                        target, strcmp(it->what, "emits") == 0 ? "emits" : "takes");
        }
    }
    /* what emits each event, when it is not a trigger (those are above) */
    char id[256];
    for (uint32_t i = 0; i < m->nevents; i++) {
        const doc_event *e = &m->events[i];
        for (uint32_t k = 0; k < e->emitted_by.n; k++) {
            const doc_item *it = &e->emitted_by.v[k];
            if (strcmp(it->what, "trigger") == 0)
                continue;
            site_node(it, id, sizeof id);
            fprintf(o, "  \"%s\" [shape=note, label=\"", id);
            q(o, it->what);
            if (*it->name) {
                fputs(" ", o);
                q(o, it->name);
            }
            fputs("\"", o);
            if (it->anchor)
                fprintf(o, ", URL=\"#%s\"", it->anchor);
            fprintf(o, "];\n  \"%s\" -> \"%s\" [label=\"emits\"];\n", id, e->anchor);
        }
    }
    for (uint32_t a = 0; a < m->nactions; a++) {
        const doc_action *act = &m->actions[a];
        if (act->event < 0)
            continue;
        for (uint32_t k = 0; k < act->offered_at.n; k++) {
            site_node(&act->offered_at.v[k], id, sizeof id);
            fprintf(o, "  \"%s\" [shape=note, label=\"step ", id);
            q(o, act->offered_at.v[k].name);
            fprintf(o, "\", URL=\"#%s\"];\n  \"%s\" -> \"%s\" [label=\"takes\"];\n", id, id,
                    m->events[act->event].anchor);
        }
    }
    fputs("}\n", o);
    return ferror(o) ? -1 : 0;
}

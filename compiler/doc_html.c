/* doc_html.c — the rule document (doc_model.h) as one self-contained HTML
 * page: inline CSS, no script, no external resource. Every step, event,
 * trigger, action, substitute, override, rule ID and scenario has an id;
 * every internal link points at one of them. Elements that name a rule ID
 * carry data-rule="ID" and the index's rows class "rule-row", so a test
 * (tests/e2e/doc_browser.sh) can check in a browser that the index lists
 * every ID the page cites. */
#include <string.h>

#include "doc_model.h"

static const char css[] =
    "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:60rem;"
    "margin:2rem auto;padding:0 1rem;line-height:1.45;color:#222;background:#fff}\n"
    "h1{border-bottom:2px solid #444}h2{border-bottom:1px solid #aaa;margin-top:2.5rem}\n"
    "code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em}\n"
    "code{background:#f3f3f3;padding:0 .2em;border-radius:3px}\n"
    "pre{background:#f6f6f6;border:1px solid #ddd;padding:.6em;overflow-x:auto;margin:0}\n"
    "table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}\n"
    "th,td{border:1px solid #ccc;padding:.3em .5em;text-align:left;vertical-align:top}\n"
    "th{background:#eee}\n"
    ".step{border-left:3px solid #48a;padding:.2rem .8rem;margin:.6rem 0}\n"
    ".step h3,.step h4,.step h5,.step h6{margin:.2rem 0}\n"
    ".d1{margin-left:1.5rem}.d2{margin-left:3rem}.d3{margin-left:4.5rem}\n"
    ".meta{color:#555;font-size:.92em}\n"
    ".rule{display:inline-block;background:#e8f0fa;border:1px solid #9bc;border-radius:3px;"
    "padding:0 .3em;margin:0 .15em;font-size:.9em}\n"
    ".miss{color:#b00;font-weight:bold}.ok{color:#070}\n"
    ".timing{font-weight:bold}\n"
    ".ovr td{width:50%}\n"
    ":target{background:#fff6cc}\n"
    "nav ol{columns:2}\n";

static void esc(FILE *o, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", o); break;
        case '>': fputs("&gt;", o); break;
        case '&': fputs("&amp;", o); break;
        case '"': fputs("&quot;", o); break;
        default: fputc(*s, o);
        }
    }
}

static void link(FILE *o, const char *name, const char *anchor)
{
    if (anchor) {
        fprintf(o, "<a href=\"#%s\">", anchor);
        esc(o, name);
        fputs("</a>", o);
    } else
        esc(o, name);
}

static void code(FILE *o, const char *s)
{
    fputs("<code>", o);
    esc(o, s);
    fputs("</code>", o);
}

static void items(FILE *o, const doc_items *l, const char *sep)
{
    for (uint32_t k = 0; k < l->n; k++) {
        if (k)
            fputs(sep, o);
        if (*l->v[k].what) {
            esc(o, l->v[k].what);
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
    fputs("<span class=\"meta\">", o);
    esc(o, w->file);
    fprintf(o, ":%lu</span>", (unsigned long)w->line);
}

static void rule_links(FILE *o, const doc_model *m, const char **ids, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        const doc_rule *r = doc_find_rule(m, ids[k]);
        fputs("<a class=\"rule\" data-rule=\"", o);
        esc(o, ids[k]);
        fprintf(o, "\" href=\"#%s\">", r ? r->anchor : "rule-index");
        esc(o, ids[k]);
        fputs("</a>", o);
    }
    if (!n)
        fputs("none", o);
}

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
        fputs(m->ran ? "<span class=\"miss\">none</span>" : "not run", o);
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
    const char *title = *m->title ? m->title : m->name;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta name=\"generator\" content=\"ordo doc\">\n<title>",
          o);
    esc(o, title);
    fprintf(o, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1 id=\"top\">", css);
    esc(o, title);
    fputs("</h1>\n<p class=\"meta\">The rule document of <code>", o);
    esc(o, m->file);
    fputs("</code>, written by <code>ordo doc</code>.</p>\n<ul>\n", o);
    if (m->source) {
        fputs("<li>Source: ", o);
        esc(o, m->source);
        fputs("</li>\n", o);
    }
    if (m->min_players == m->max_players)
        fprintf(o, "<li>Players: %d</li>\n", m->min_players);
    else
        fprintf(o, "<li>Players: %d to %d</li>\n", m->min_players, m->max_players);
    fprintf(o, "<li>%lu steps, %lu events, %lu triggers, %lu actions, %lu overrides, "
               "%lu rule IDs, %lu scenarios</li>\n",
            (unsigned long)m->nsteps, (unsigned long)m->nevents, (unsigned long)m->ntriggers,
            (unsigned long)m->nactions, (unsigned long)m->noverrides, (unsigned long)m->nrules,
            (unsigned long)m->nscenarios);
    if (m->nlayers > 1) {
        fputs("<li>A layer: ", o);
        for (uint32_t k = m->nlayers; k-- > 0;) {
            code(o, m->layers[k]);
            fputs(k ? " extends " : "", o);
        }
        fputs("</li>\n", o);
    }
    fputs("</ul>\n<nav><h2 id=\"contents\">Contents</h2>\n<ol>\n"
          "<li><a href=\"#sequence-of-play\">Sequence of play</a></li>\n"
          "<li><a href=\"#events-and-triggers\">Events and triggers</a></li>\n"
          "<li><a href=\"#actions-and-payments\">Actions and payments</a></li>\n"
          "<li><a href=\"#overrides\">Overrides</a></li>\n"
          "<li><a href=\"#rule-index\">Rule-ID index</a></li>\n"
          "<li><a href=\"#scenarios\">Scenarios</a></li>\n"
          "</ol></nav>\n",
          o);
}

static void steps(FILE *o, const doc_model *m)
{
    fputs("<section>\n<h2 id=\"sequence-of-play\">Sequence of play</h2>\n", o);
    if (!m->nsteps)
        fputs("<p>The ruleset has no numbered steps.</p>\n", o);
    for (uint32_t i = 0; i < m->nsteps; i++) {
        const doc_step *s = &m->steps[i];
        int d = s->depth < 3 ? s->depth : 3;
        fprintf(o, "<div class=\"step d%d\" id=\"%s\">\n<h%d>%s", d, s->anchor, 3 + d, s->number);
        if (*s->title) {
            fputs(" ", o);
            esc(o, s->title);
        }
        fprintf(o, "</h%d>\n<ul>\n<li>Rule IDs: ", 3 + d);
        if (s->ncites)
            rule_links(o, m, s->cites, s->ncites);
        else if (*s->rule) {
            fputs("(under ", o);
            esc(o, s->rule);
            fputs(")", o);
        } else
            fputs("none", o);
        fputs("</li>\n<li>Written in: ", o);
        link(o, *s->owner ? s->owner : "?", s->owner_anchor);
        fputs(" (", o);
        where(o, &s->at);
        fputs(")</li>\n", o);
        if (s->modifiers) {
            fputs("<li>Runs: ", o);
            esc(o, s->modifiers);
            fputs("</li>\n", o);
        }
        for (uint32_t k = 0; k < s->does.n; k++) {
            fputs("<li>", o);
            doc_items one = {&s->does.v[k], 1, 1};
            items(o, &one, "");
            fputs("</li>\n", o);
        }
        fputs("<li>Reached by: ", o);
        scenario_list(o, m, s->ran);
        fputs("</li>\n</ul>\n</div>\n", o);
    }
    fputs("</section>\n", o);
}

static void triggers_table(FILE *o, const doc_model *m, const int *v, uint32_t n)
{
    fputs("<table>\n<tr><th>Trigger</th><th>Timing</th><th>When</th><th>Limit</th>"
          "<th>Rule IDs</th><th>Then</th><th>Reached by</th></tr>\n",
          o);
    for (uint32_t k = 0; k < n; k++) {
        const doc_trigger *t = &m->triggers[v[k]];
        fprintf(o, "<tr id=\"%s\"><td><strong>", t->anchor);
        esc(o, t->name);
        fputs("</strong>", o);
        if (*t->label) {
            fputs(" \u201c", o);
            esc(o, t->label);
            fputs("\u201d", o);
        }
        fprintf(o, " ");
        where(o, &t->at);
        fprintf(o, "</td><td class=\"timing\">%s</td><td>", t->timing);
        if (t->guard)
            code(o, t->guard);
        else
            fputs("always", o);
        fprintf(o, "</td><td>%s</td><td>", t->limit ? t->limit : "");
        rule_links(o, m, t->cites, t->ncites);
        fputs("</td><td>", o);
        items(o, &t->emits, ", ");
        fputs("</td><td>", o);
        scenario_list(o, m, t->fired);
        fputs("</td></tr>\n", o);
    }
    fputs("</table>\n", o);
}

static void events(FILE *o, const doc_model *m)
{
    fputs("<section>\n<h2 id=\"events-and-triggers\">Events and triggers</h2>\n"
          "<p>One <code>emit</code> runs the <code>before</code> triggers, the event, the "
          "<code>immediately</code> triggers, a window (when the ruleset has anytime "
          "actions), then the <code>after</code> triggers; triggers of one timing run "
          "in the event's order.</p>\n",
          o);
    if (!m->nevents)
        fputs("<p>The ruleset declares no events.</p>\n", o);
    for (uint32_t i = 0; i < m->nevents; i++) {
        const doc_event *e = &m->events[i];
        fprintf(o, "<h3 id=\"%s\">%s <code>", e->anchor, e->action >= 0 ? "Action" : "Event");
        esc(o, e->name);
        esc(o, e->params);
        fputs("</code></h3>\n<ul>\n", o);
        if (e->action >= 0) {
            fputs("<li>Stands for the action ", o);
            link(o, m->actions[e->action].name, m->actions[e->action].anchor);
            fputs("</li>\n", o);
        } else {
            fputs("<li>Emitted by: ", o);
            if (e->emitted_by.n)
                items(o, &e->emitted_by, ", ");
            else
                fputs("nothing", o);
            fputs("</li>\n", o);
        }
        fputs("<li>Simultaneous triggers: ", o);
        esc(o, e->order ? e->order : "in the order written");
        fputs("</li>\n</ul>\n", o);
        if (e->ntriggers)
            triggers_table(o, m, e->triggers, e->ntriggers);
        else
            fputs("<p>No triggers.</p>\n", o);
    }
    fputs("</section>\n", o);
}

static void trigger_step(FILE *o, const doc_model *m, const doc_event *e, int rank,
                         const char *what)
{
    int any = 0;
    for (uint32_t k = 0; k < e->ntriggers; k++) {
        const doc_trigger *t = &m->triggers[e->triggers[k]];
        if (t->timing_rank != rank)
            continue;
        if (!any++)
            fprintf(o, "<li>%s: ", what);
        else
            fputs(", ", o);
        link(o, t->name, t->anchor);
    }
    if (any)
        fputs("</li>\n", o);
}

static void pay(FILE *o, const doc_pay *p)
{
    code(o, p->amount);
    fputs(" from ", o);
    code(o, p->from);
    if (p->substitute) {
        fputs(" (or the substitute \u201c", o);
        esc(o, p->substitute);
        fputs("\u201d)", o);
    }
}

static void actions(FILE *o, const doc_model *m)
{
    fputs("<section>\n<h2 id=\"actions-and-payments\">Actions and payments</h2>\n", o);
    if (!m->nactions)
        fputs("<p>The ruleset declares no actions.</p>\n", o);
    for (uint32_t i = 0; i < m->nactions; i++) {
        const doc_action *a = &m->actions[i];
        fprintf(o, "<h3 id=\"%s\">%s <code>", a->anchor, a->anytime ? "Anytime action" : "Action");
        esc(o, a->name);
        esc(o, a->params);
        fputs("</code>", o);
        if (*a->label) {
            fputs(" \u201c", o);
            esc(o, a->label);
            fputs("\u201d", o);
        }
        fputs("</h3>\n<ul>\n<li>Rule IDs: ", o);
        rule_links(o, m, a->cites, a->ncites);
        fputs("</li>\n<li>Declared at: ", o);
        where(o, &a->at);
        fputs("</li>\n<li>Precondition: ", o);
        if (a->guard)
            code(o, a->guard);
        else
            fputs("none", o);
        fputs("</li>\n", o);
        if (a->offered_at.n) {
            fputs("<li>Taken at: ", o);
            items(o, &a->offered_at, ", ");
            fputs("</li>\n", o);
        }
        fputs("<li>Reached by: ", o);
        scenario_list(o, m, a->taken);
        fputs("</li>\n</ul>\n", o);
        if (a->anytime) {
            fputs("<p>Taken at a window, when its precondition holds.</p>\n", o);
            continue;
        }
        fputs("<p>In order, when it is taken:</p>\n<ol>\n<li>the precondition and every "
              "up-front cost must be payable, else the action is denied</li>\n",
              o);
        const doc_event *e = a->event >= 0 ? &m->events[a->event] : NULL;
        for (uint32_t k = 0; k < a->npays; k++)
            if (a->pays[k].upfront) {
                fputs("<li>up-front cost: ", o);
                pay(o, &a->pays[k]);
                fputs("</li>\n", o);
            }
        if (e)
            trigger_step(o, m, e, 0, "before-triggers");
        fputs("<li>the body", o);
        int any = 0;
        for (uint32_t k = 0; k < a->npays; k++)
            if (!a->pays[k].upfront) {
                fputs(any++ ? "" : "<ul>\n", o);
                fputs("<li>pays ", o);
                pay(o, &a->pays[k]);
                fputs(" (", o);
                where(o, &a->pays[k].at);
                fputs(")</li>\n", o);
            }
        fputs(any ? "</ul></li>\n" : "</li>\n", o);
        if (e) {
            trigger_step(o, m, e, 1, "immediately-triggers");
            trigger_step(o, m, e, 2, "after-triggers (after a window)");
        }
        fputs("</ol>\n", o);
    }
    if (m->nsubs) {
        fputs("<h3 id=\"substitutes\">Substitutes</h3>\n<table>\n<tr><th>Substitute</th>"
              "<th>For</th><th>Option</th><th>Rule IDs</th></tr>\n",
              o);
        for (uint32_t i = 0; i < m->nsubs; i++) {
            const doc_substitute *s = &m->subs[i];
            fprintf(o, "<tr id=\"%s\"><td>", s->anchor);
            code(o, s->sub);
            fputs("</td><td>", o);
            code(o, s->for_);
            fputs("</td><td>\u201c", o);
            esc(o, s->label);
            fputs("\u201d</td><td>", o);
            rule_links(o, m, s->cites, s->ncites);
            fputs("</td></tr>\n", o);
        }
        fputs("</table>\n", o);
    }
    fputs("</section>\n", o);
}

static void overrides(FILE *o, const doc_model *m)
{
    fputs("<section>\n<h2 id=\"overrides\">Overrides</h2>\n", o);
    if (!m->noverrides) {
        fputs("<p>The ruleset overrides nothing.</p>\n</section>\n", o);
        return;
    }
    fputs("<p>Overrides are tried latest first (a layer's before its base's); the first "
          "whose <code>when</code> holds replaces the base rule.</p>\n",
          o);
    for (uint32_t i = 0; i < m->noverrides; i++) {
        const doc_override *v = &m->overrides[i];
        fprintf(o, "<div class=\"override\" id=\"%s\">\n<h3>override %s <code>", v->anchor, v->kind);
        esc(o, v->name);
        fputs("</code></h3>\n<ul>\n", o);
        if (v->ranks > 1)
            fprintf(o, "<li>Tried %d of %d overrides of <code>%s</code></li>\n", v->rank,
                    v->ranks, v->name);
        fputs("<li>Replaces the base rule ", o);
        if (v->guard) {
            fputs("when ", o);
            code(o, v->guard);
        } else
            fputs("always", o);
        fputs("</li>\n", o);
        if (v->ncites) {
            fputs("<li>Rule IDs: ", o);
            rule_links(o, m, v->cites, v->ncites);
            fputs("</li>\n", o);
        }
        if (strcmp(v->kind, "const")) {
            fputs("<li>Used in: ", o);
            scenario_list(o, m, v->used);
            fputs("</li>\n", o);
        }
        fputs("</ul>\n<table class=\"ovr\">\n<tr><th>Base rule (", o);
        where(o, &v->base_at);
        fputs(")</th><th>Replaced by (", o);
        where(o, &v->at);
        fputs(")</th></tr>\n<tr><td><pre class=\"base\">", o);
        esc(o, v->base_text);
        fputs("</pre></td><td><pre class=\"replacement\">", o);
        esc(o, v->text);
        fputs("</pre></td></tr>\n</table>\n</div>\n", o);
    }
    fputs("</section>\n", o);
}

static void rules(FILE *o, const doc_model *m)
{
    fputs("<section>\n<h2 id=\"rule-index\">Rule-ID index</h2>\n", o);
    if (!m->nrules) {
        fputs("<p>The ruleset cites no rule IDs.</p>\n</section>\n", o);
        return;
    }
    fputs("<table>\n<tr><th>Rule ID</th><th>Steps</th><th>Also encoded by</th>"
          "<th>Scenarios citing it</th><th>Reached by</th></tr>\n",
          o);
    for (uint32_t i = 0; i < m->nrules; i++) {
        const doc_rule *r = &m->rules[i];
        fprintf(o, "<tr class=\"rule-row\" id=\"%s\" data-id=\"", r->anchor);
        esc(o, r->id);
        fputs("\"><td><strong>", o);
        esc(o, r->id);
        fputs("</strong></td><td>", o);
        for (uint32_t k = 0; k < r->nsteps; k++) {
            if (k)
                fputs(", ", o);
            link(o, m->steps[r->steps[k]].number, m->steps[r->steps[k]].anchor);
        }
        fputs("</td><td>", o);
        items(o, &r->also, ", ");
        fputs("</td><td>", o);
        scenario_idx(o, m, r->scenarios, r->nscenarios, "none");
        fputs("</td><td>", o);
        if (!doc_rule_encoded(r))
            fputs("(no step encodes it: only scenarios cite it)", o);
        else
            scenario_idx(o, m, r->reached, r->nreached,
                         m->ran ? "<span class=\"miss\">not reached by any scenario</span>"
                                : "not run");
        fputs("</td></tr>\n", o);
    }
    fputs("</table>\n", o);
    uint32_t encoded, unreached;
    doc_reach_counts(m, &encoded, &unreached);
    if (m->ran)
        fprintf(o, "<p>%lu of %lu rule IDs the rules encode are reached by a scenario.</p>\n",
                (unsigned long)(encoded - unreached), (unsigned long)encoded);
    else
        fputs("<p>The scenarios were not run.</p>\n", o);
    fputs("</section>\n", o);
}

static void scenarios(FILE *o, const doc_model *m)
{
    fputs("<section>\n<h2 id=\"scenarios\">Scenarios</h2>\n", o);
    if (!m->nscenarios) {
        fputs("<p>The ruleset has no scenarios.</p>\n</section>\n", o);
        return;
    }
    fputs("<table>\n<tr><th>Scenario</th><th>Rule IDs</th><th>Result</th><th>Steps run</th>"
          "<th>Where</th></tr>\n",
          o);
    for (uint32_t i = 0; i < m->nscenarios; i++) {
        const doc_scenario *s = &m->scenarios[i];
        fprintf(o, "<tr id=\"%s\"><td>", s->anchor);
        esc(o, s->name);
        fputs("</td><td>", o);
        rule_links(o, m, s->cites, s->ncites);
        fprintf(o, "</td><td>%s</td><td>%lu</td><td>",
                s->verdict < 0 ? "not run"
                : s->verdict   ? "<span class=\"ok\">passes</span>"
                               : "<span class=\"miss\">fails</span>",
                (unsigned long)s->steps_ran);
        where(o, &s->at);
        fputs("</td></tr>\n", o);
    }
    fputs("</table>\n</section>\n", o);
}

int doc_write_html(const doc_model *m, FILE *o)
{
    header(o, m);
    steps(o, m);
    events(o, m);
    actions(o, m);
    overrides(o, m);
    rules(o, m);
    scenarios(o, m);
    fputs("<p class=\"meta\"><a href=\"#top\">Back to the top</a></p>\n</body>\n</html>\n", o);
    return ferror(o) ? -1 : 0;
}

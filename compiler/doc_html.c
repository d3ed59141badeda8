/* doc_html.c — the rule document's HTML writer (doc_writer.h): one
 * self-contained page, inline CSS, no script, no external resource. Every
 * step, event, trigger, action, substitute, override, rule ID and scenario
 * has an id; every internal link points at one of them. Elements that name
 * a rule ID carry data-rule="ID" and the index's rows class "rule-row", so
 * a test (tests/e2e/doc_browser.sh) can check in a browser that the index
 * lists every ID the page cites. */
#include <string.h>

#include "doc_writer.h"

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
    "ul.says{list-style:none;padding-left:.2rem}ul.says ul{list-style:none;padding-left:1.4rem}\n"
    "ul.says+ul{color:#555;font-size:.9em}\n"
    ".ovr td{width:50%}\n"
    ":target{background:#fff6cc}\n"
    "nav ol{columns:2}\n";

static void esc(doc_out *o, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", o->f); break;
        case '>': fputs("&gt;", o->f); break;
        case '&': fputs("&amp;", o->f); break;
        case '"': fputs("&quot;", o->f); break;
        default: fputc(*s, o->f);
        }
    }
}

static void text(doc_out *o, const char *s)
{
    esc(o, s);
}

static void plain(doc_out *o, const char *s)
{
    esc(o, s);
}

static void code(doc_out *o, const char *s)
{
    fputs("<code>", o->f);
    esc(o, s);
    fputs("</code>", o->f);
}

static void strong(doc_out *o, const char *s)
{
    fputs("<strong>", o->f);
    esc(o, s);
    fputs("</strong>", o->f);
}

static void signature(doc_out *o, const char *name, const char *params)
{
    fputs("<code>", o->f);
    esc(o, name);
    esc(o, params);
    fputs("</code>", o->f);
}

static void link(doc_out *o, const char *name, const char *anchor)
{
    if (anchor) {
        fprintf(o->f, "<a href=\"#%s\">", anchor);
        esc(o, name);
        fputs("</a>", o->f);
    } else
        esc(o, name);
}

static void where(doc_out *o, const doc_where *w)
{
    fputs("<span class=\"meta\">", o->f);
    esc(o, w->file);
    fprintf(o->f, ":%lu</span>", (unsigned long)w->line);
}

static void aside(doc_out *o, const doc_where *w)
{
    fputc(' ', o->f);
    where(o, w);
}

/* Each ID a tag of its own, data-rule naming it (tests/e2e/doc_browser.sh). */
static void rules(doc_out *o, const doc_model *m, const char **ids, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        const doc_rule *r = doc_find_rule(m, ids[k]);
        fputs("<a class=\"rule\" data-rule=\"", o->f);
        esc(o, ids[k]);
        fprintf(o->f, "\" href=\"#%s\">", r ? r->anchor : "rule-index");
        esc(o, ids[k]);
        fputs("</a>", o->f);
    }
    if (!n)
        fputs("none", o->f);
}

static void span(doc_out *o, const char *cls, const char *s)
{
    fprintf(o->f, "<span class=\"%s\">", cls);
    esc(o, s);
    fputs("</span>", o->f);
}

static void ok(doc_out *o, const char *s)
{
    span(o, "ok", s);
}

static void miss(doc_out *o, const char *s, int loud)
{
    (void)loud;
    span(o, "miss", s);
}

static void begin(doc_out *o, const char *title, const char *file)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta name=\"generator\" content=\"ordo doc\">\n<title>",
          o->f);
    esc(o, title);
    fprintf(o->f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1 id=\"top\">", css);
    esc(o, title);
    fputs("</h1>\n<p class=\"meta\">The rule document of <code>", o->f);
    esc(o, file);
    fputs("</code>, written by <code>ordo doc</code>.</p>\n", o->f);
}

static void end(doc_out *o)
{
    fputs("<p class=\"meta\"><a href=\"#top\">Back to the top</a></p>\n</body>\n</html>\n",
          o->f);
}

static void contents(doc_out *o, const char *const (*entries)[2], int n)
{
    fputs("<nav><h2 id=\"contents\">Contents</h2>\n<ol>\n", o->f);
    for (int k = 0; k < n; k++) {
        fputs("<li>", o->f);
        link(o, entries[k][1], entries[k][0]);
        fputs("</li>\n", o->f);
    }
    fputs("</ol></nav>\n", o->f);
}

static void section(doc_out *o, const char *anchor, const char *title)
{
    fprintf(o->f, "<section>\n<h2 id=\"%s\">", anchor);
    esc(o, title);
    fputs("</h2>\n", o->f);
}

static void heading(doc_out *o, int level, const char *anchor, int target)
{
    (void)target;
    if (anchor)
        fprintf(o->f, "<h%d id=\"%s\">", level, anchor);
    else
        fprintf(o->f, "<h%d>", level);
}

static void heading_end(doc_out *o, int level)
{
    fprintf(o->f, "</h%d>\n", level);
}

static void box(doc_out *o, const char *cls, const char *anchor)
{
    fprintf(o->f, "<div class=\"%s\" id=\"%s\">\n", cls, anchor);
}

static void step(doc_out *o, int n)
{
    (void)n;
    fputs("<li>", o->f);
}

/* Sentences as nested <ul>s: a deeper line opens a list inside the item
 * before it, a shallower one closes them. */
static void nest(doc_out *o, int base, int from, int to)
{
    (void)base;
    if (from < 0) {
        fputs("<ul class=\"says\">\n<li>", o->f);
        from = 0;
        if (to <= 0)
            return;
    }
    if (to == from) {
        fputs("</li>\n<li>", o->f);
        return;
    }
    for (; from < to; from++)
        fputs("\n<ul>\n<li>", o->f);
    if (to > from || from == to)
        return;
    fputs("</li>\n", o->f);
    for (; from > (to < 0 ? 0 : to); from--)
        fputs("</ul>\n</li>\n", o->f);
    fputs(to < 0 ? "</ul>\n" : "<li>", o->f);
}

static void table(doc_out *o, const char *const *columns, int n)
{
    fputs("<table>\n<tr>", o->f);
    for (int k = 0; k < n; k++)
        fprintf(o->f, "<th>%s</th>", columns[k]);
    fputs("</tr>\n", o->f);
}

/* An index row is class "rule-row", data-id its ID (doc_browser.sh). */
static void row(doc_out *o, const char *anchor, const char *rule)
{
    fprintf(o->f, "<tr%s id=\"%s\"", rule ? " class=\"rule-row\"" : "", anchor);
    if (rule) {
        fputs(" data-id=\"", o->f);
        esc(o, rule);
        fputc('"', o->f);
    }
    fputs("><td>", o->f);
}

static void cell(doc_out *o, const char *cls)
{
    if (cls)
        fprintf(o->f, "</td><td class=\"%s\">", cls);
    else
        fputs("</td><td>", o->f);
}

static void compare(doc_out *o, const doc_where *base_at, const char *base,
                    const doc_where *at, const char *s)
{
    fputs("<table class=\"ovr\">\n<tr><th>Base rule (", o->f);
    where(o, base_at);
    fputs(")</th><th>Replaced by (", o->f);
    where(o, at);
    fputs(")</th></tr>\n<tr><td><pre class=\"base\">", o->f);
    esc(o, base);
    fputs("</pre></td><td><pre class=\"replacement\">", o->f);
    esc(o, s);
    fputs("</pre></td></tr>\n</table>\n", o->f);
}

static const doc_writer html = {
    .gap = "",
    .open = {[DOC_PARA] = "<p>", [DOC_LIST] = "<ul>\n", [DOC_ITEM] = "<li>",
             [DOC_STEPS] = "<ol>\n", [DOC_SUBLIST] = "<ul>\n", [DOC_SUBITEM] = "<li>"},
    .close = {[DOC_PARA] = "</p>\n", [DOC_LIST] = "</ul>\n", [DOC_ITEM] = "</li>\n",
              [DOC_STEPS] = "</ol>\n", [DOC_SUBLIST] = "</ul>", [DOC_SUBITEM] = "</li>\n",
              [DOC_TABLE] = "</table>\n", [DOC_ROW] = "</td></tr>\n", [DOC_BOX] = "</div>\n",
              [DOC_SECTION] = "</section>\n"},
    DOC_WRITER_FUNCTIONS,
};

int doc_write_html(const doc_model *m, FILE *out)
{
    return doc_render(m, &html, out);
}

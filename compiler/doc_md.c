/* doc_md.c — the rule document's Markdown writer (doc_writer.h). Every
 * linked item carries an explicit anchor (`<a id="..."></a>`), so
 * `[x](#anchor)` links do not depend on a renderer's heading slugs. */
#include <string.h>

#include "doc_writer.h"

/* Text with Markdown's active characters escaped (and `|` for tables). */
static void text(doc_out *o, const char *s)
{
    for (; s && *s; s++) {
        if (strchr("\\`*_[]<>|#", *s)) {
            if (*s == '<')
                fputs("&lt;", o->f);
            else if (*s == '>')
                fputs("&gt;", o->f);
            else if (*s == '|')
                fputs("\\|", o->f);
            else {
                fputc('\\', o->f);
                fputc(*s, o->f);
            }
        } else if (*s == '\n')
            fputc(' ', o->f);
        else
            fputc(*s, o->f);
    }
}

static void plain(doc_out *o, const char *s)
{
    fputs(s, o->f);
}

/* An inline code span; in a table a `|` inside must be escaped too. */
static void code(doc_out *o, const char *s)
{
    int ticks = strchr(s, '`') != NULL;
    fputs(ticks ? "`` " : "`", o->f);
    for (; *s; s++) {
        if (*s == '|')
            fputs("\\|", o->f);
        else if (*s == '\n')
            fputc(' ', o->f);
        else
            fputc(*s, o->f);
    }
    fputs(ticks ? " ``" : "`", o->f);
}

static void strong(doc_out *o, const char *s)
{
    fputs("**", o->f);
    text(o, s);
    fputs("**", o->f);
}

static void signature(doc_out *o, const char *name, const char *params)
{
    text(o, name);
    text(o, params);
}

static void link(doc_out *o, const char *name, const char *anchor)
{
    if (anchor) {
        fputc('[', o->f);
        text(o, name);
        fprintf(o->f, "](#%s)", anchor);
    } else
        text(o, name);
}

static void where(doc_out *o, const doc_where *w)
{
    text(o, w->file);
    fprintf(o->f, ":%lu", (unsigned long)w->line);
}

/* A table cell has no room for it. */
static void aside(doc_out *o, const doc_where *w)
{
    (void)o, (void)w;
}

static void rules(doc_out *o, const doc_model *m, const char **ids, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        const doc_rule *r = doc_find_rule(m, ids[k]);
        if (k)
            fputs(", ", o->f);
        link(o, ids[k], r ? r->anchor : NULL);
    }
}

static void ok(doc_out *o, const char *s)
{
    plain(o, s);
}

static void miss(doc_out *o, const char *s, int loud)
{
    if (loud)
        strong(o, s);
    else
        plain(o, s);
}

static void begin(doc_out *o, const char *title, const char *file)
{
    fputs("# ", o->f);
    text(o, title);
    fprintf(o->f, "\n\nThe rule document of `%s`, written by `ordo doc`.\n", file);
}

static void end(doc_out *o)
{
    (void)o;
}

static void contents(doc_out *o, const char *const (*entries)[2], int n)
{
    fputs("## Contents\n\n", o->f);
    for (int k = 0; k < n; k++) {
        fprintf(o->f, "%d. ", k + 1);
        link(o, entries[k][1], entries[k][0]);
        fputc('\n', o->f);
    }
}

static void section(doc_out *o, const char *anchor, const char *title)
{
    fprintf(o->f, "<a id=\"%s\"></a>\n\n## %s\n", anchor, title);
}

static void heading(doc_out *o, int level, const char *anchor, int target)
{
    if (anchor && target)
        fprintf(o->f, "<a id=\"%s\"></a>\n\n", anchor);
    fprintf(o->f, "%.*s ", level, "######");
}

static void heading_end(doc_out *o, int level)
{
    (void)level;
    fputc('\n', o->f);
}

static void box(doc_out *o, const char *cls, const char *anchor)
{
    (void)cls;
    fprintf(o->f, "<a id=\"%s\"></a>\n", anchor);
}

static void step(doc_out *o, int n)
{
    fprintf(o->f, "%d. ", n);
}

/* Sentences as a bulleted list ("* ", apart from the "- " lists of facts
 * around them), each level two columns in, below an item of `base` lists. */
static void nest(doc_out *o, int base, int from, int to)
{
    if (to < 0) { /* in a list, the item's end ends the last line */
        if (!base)
            fputc('\n', o->f);
        return;
    }
    if (from >= 0 || base)
        fputc('\n', o->f);
    fprintf(o->f, "%*s* ", base * 3 + to * 2, "");
}

static void table(doc_out *o, const char *const *columns, int n)
{
    for (int k = 0; k < n; k++)
        fprintf(o->f, "| %s ", columns[k]);
    fputs("|\n", o->f);
    for (int k = 0; k < n; k++)
        fputs("|---", o->f);
    fputs("|\n", o->f);
}

static void row(doc_out *o, const char *anchor, const char *rule)
{
    (void)rule;
    fprintf(o->f, "| <a id=\"%s\"></a>", anchor);
}

static void cell(doc_out *o, const char *cls)
{
    (void)cls;
    fputs(" | ", o->f);
}

static void compare(doc_out *o, const doc_where *base_at, const char *base,
                    const doc_where *at, const char *s)
{
    fputs("Base rule (", o->f);
    where(o, base_at);
    fprintf(o->f, "):\n\n```ordo\n%s\n```\n\nReplaced by (", base);
    where(o, at);
    fprintf(o->f, "):\n\n```ordo\n%s\n```\n", s);
}

/* Blocks are parted by a blank line; what opens or closes with nothing
 * is left out (NULL). */
static const doc_writer md = {
    .gap = "\n",
    .open = {[DOC_ITEM] = "- ", [DOC_SUBITEM] = "\n   - "},
    .close = {[DOC_PARA] = "\n", [DOC_ITEM] = "\n", [DOC_ROW] = " |\n"},
    DOC_WRITER_FUNCTIONS,
};

int doc_write_md(const doc_model *m, FILE *out)
{
    return doc_render(m, &md, out);
}

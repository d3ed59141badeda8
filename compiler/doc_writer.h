/* doc_writer.h — between the rule document's one walk (doc_render.c) and
 * the writers it calls: Markdown (doc_md.c) and one HTML page
 * (doc_html.c). The walk decides what the document says and in which
 * order; a writer decides only how each piece looks.
 *
 * A writer is a table: the fixed markup that opens and closes each kind of
 * part, and functions for the pieces that take values. Blocks (paragraphs,
 * lists, tables, headings, sections) are kept apart by the writer's `gap`,
 * written before a block that follows another ("\n" in Markdown, where a
 * blank line separates blocks; nothing in HTML, where the tags do), so the
 * last block of a document has no gap after it.
 */
#ifndef OC_DOC_WRITER_H
#define OC_DOC_WRITER_H

#include <stdio.h>

#include "doc_model.h"

typedef struct doc_writer doc_writer;

/* A document being written. */
typedef struct doc_out {
    FILE *f;
    const doc_writer *w;
    int owed;              /* a block ended: the gap goes before the next */
} doc_out;

/* The parts whose markup is fixed (their opening is in `open`, unless a
 * function below opens them with values; their closing is in `close`). */
enum doc_part {
    DOC_PARA,              /* a paragraph */
    DOC_LIST,              /* a bulleted list: DOC_ITEMs */
    DOC_ITEM,
    DOC_STEPS,             /* a numbered list: items opened by `step` */
    DOC_SUBLIST,           /* a bulleted list inside an item: DOC_SUBITEMs */
    DOC_SUBITEM,
    DOC_TABLE,             /* opened by `table` */
    DOC_ROW,               /* opened by `row`, its cells parted by `cell` */
    DOC_BOX,               /* opened by `box` */
    DOC_SECTION,           /* opened by `section` */
    DOC_NPARTS
};

struct doc_writer {
    const char *gap;
    const char *open[DOC_NPARTS], *close[DOC_NPARTS];   /* NULL: nothing */

    /* the page around the document: its title, the file it documents */
    void (*begin)(doc_out *o, const char *title, const char *file);
    void (*end)(doc_out *o);
    /* the contents: n sections, each {anchor, title} */
    void (*contents)(doc_out *o, const char *const (*entries)[2], int n);
    void (*section)(doc_out *o, const char *anchor, const char *title);
    /* a heading; `anchor` NULL for none; `target`: links point at it (a
     * Markdown anchor is written only for those, an HTML id always) */
    void (*heading)(doc_out *o, int level, const char *anchor, int target);
    void (*heading_end)(doc_out *o, int level);
    /* an item that holds a heading and what follows: a step, an override */
    void (*box)(doc_out *o, const char *cls, const char *anchor);
    /* item n (from 1) of a DOC_STEPS list; DOC_ITEM closes it */
    void (*step)(doc_out *o, int n);
    /* a table and its header row */
    void (*table)(doc_out *o, const char *const *columns, int n);
    /* a row, with its anchor; `rule`: the rule ID of an index row */
    void (*row)(doc_out *o, const char *anchor, const char *rule);
    /* the next cell of a row; `cls` a class for HTML, or NULL */
    void (*cell)(doc_out *o, const char *cls);

    /* sentences nested by depth (doc_prose): from the line at depth
     * `from` (-1: the first line) to the next at depth `to` (-1: after the
     * last line), `base` levels inside whatever list holds them */
    void (*nest)(doc_out *o, int base, int from, int to);

    /* inline pieces */
    void (*text)(doc_out *o, const char *s);   /* the ruleset's text, escaped */
    void (*plain)(doc_out *o, const char *s);  /* the document's own words */
    void (*code)(doc_out *o, const char *s);
    void (*strong)(doc_out *o, const char *s);
    /* an event's or action's name and params, "scored(p: player)" */
    void (*signature)(doc_out *o, const char *name, const char *params);
    void (*link)(doc_out *o, const char *name, const char *anchor);
    void (*where)(doc_out *o, const doc_where *w);
    /* where an item is declared, beside it where the format has room */
    void (*aside)(doc_out *o, const doc_where *w);
    /* rule IDs cited, each linked to its index entry */
    void (*rules)(doc_out *o, const doc_model *m, const char **ids, uint32_t n);
    void (*ok)(doc_out *o, const char *s);
    /* a miss: a scenario that fails, a rule no scenario reaches; `loud`
     * where Markdown should stress it too */
    void (*miss)(doc_out *o, const char *s, int loud);
    /* an override's rule (base) beside the one that replaces it */
    void (*compare)(doc_out *o, const doc_where *base_at, const char *base,
                    const doc_where *at, const char *text);
};

/* A writer's functions, each named after the member it fills (a writer
 * defines them all, static, under those names). */
#define DOC_WRITER_FUNCTIONS                                                            \
    .begin = begin, .end = end, .contents = contents, .section = section,               \
    .heading = heading, .heading_end = heading_end, .box = box, .step = step,           \
    .nest = nest,                                                                       \
    .table = table, .row = row, .cell = cell, .text = text, .plain = plain,             \
    .code = code, .strong = strong, .signature = signature, .link = link,               \
    .where = where, .aside = aside, .rules = rules, .ok = ok, .miss = miss,             \
    .compare = compare

/* The document of m written with w: 0, or -1 when the output failed. */
int doc_render(const doc_model *m, const doc_writer *w, FILE *f);

#endif /* OC_DOC_WRITER_H */

/* doc_run.h — what `ordo doc` does around the rule document's model
 * (compiler/doc_model.h): the scenarios run and observed into the model,
 * and the Graphviz graphs rendered to SVG by `dot` (doc_run.c); the
 * documents written into a folder (doc_files.c).
 */
#ifndef ORDO_ENGINES_DOC_RUN_H
#define ORDO_ENGINES_DOC_RUN_H

#include <stdio.h>

#include "doc_model.h"

/* Runs every scenario of p (read from `path`), telling m which steps,
 * triggers, actions and overrides each reaches and whether it passed;
 * their counts in *passed and *failed. */
void doc_run_scenarios(doc_model *m, const ordo_program *p, const char *path, int *passed,
                       int *failed);

/* 1 when Graphviz's `dot` is on the PATH. */
int doc_have_dot(void);
/* Writes the SVG rendering of the .dot file at dot_path into svg (run
 * `dot -Tsvg`): 0, or -1 after a message on err ("PROG: ..."). */
int doc_render_svg(const char *dot_path, FILE *svg, FILE *err, const char *prog);

/* The documents `ordo doc` writes (doc_files.c). */
typedef struct doc_outputs {
    const char *dir;   /* the folder (made when missing), or "-": the one
                        * document md or html names, on `report` */
    const char *input; /* the ruleset's path: never written over */
    int md, html, dot, svg; /* NAME.md, NAME.html, NAME-*.dot, their .svg */
    FILE *report;      /* "PROG: wrote PATH" lines */
    const char *prog;  /* prefixes them and the messages on stderr */
} doc_outputs;
/* Writes m's documents as o asks, each whole or not at all, and says so
 * on o->report: TOOL_OK, or TOOL_FAIL when one could not be written (the
 * others are still written). */
int doc_write_files(const doc_model *m, const doc_outputs *o);

#endif /* ORDO_ENGINES_DOC_RUN_H */

/* doc_run.h — what `ordo doc` does around the rule document's model
 * (compiler/doc_model.h): the scenarios run and observed into the model,
 * and the Graphviz graphs rendered to SVG by `dot`.
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

#endif /* ORDO_ENGINES_DOC_RUN_H */

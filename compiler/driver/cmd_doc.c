/* cmd_doc.c — `ordo doc FILE [-o DIR] [--format md|html|all] [--dot]`:
 * writes the rule document of a ruleset for players and judges: NAME.md
 * and NAME.html (one self-contained page) in DIR, and with --dot the
 * Graphviz graphs NAME-sequence.dot and NAME-triggers.dot, rendered to SVG
 * when `dot` is on the PATH.
 *
 * It compiles the file, builds the document's model from the checked tree
 * (compiler/doc_model.c), runs every scenario telling the model which
 * steps, triggers, actions and overrides each one reaches (the engine's
 * doc_run.c, which also renders the graphs), then hands the model to the
 * engine's doc_write_files, which writes each output whole or not at all.
 */
#include <string.h>

#include "diff.h"
#include "doc_run.h"
#include "driver.h"

static const char prog[] = "ordo doc";

enum { OPT_DIR, OPT_FORMAT, OPT_DOT, OPT_NO_SVG, OPT_NO_RUN, OPT_CHANGES_FROM, OPT_CHANGES_SEARCH,
       OPT_CHANGES_SITUATIONS, OPT_CHANGES_WALKS };

static const drv_option doc_options[] = {
    {NULL, 'o', "DIR",
     "the folder to write in (default: the current folder; made when missing): DIR/NAME.md and "
     "DIR/NAME.html, NAME being FILE's name without .ordo. '-o -' writes the one document "
     "--format names to standard output",
     OPT_DIR, NULL},
    {"format", 0, "FMT", "md, html or all (default all)", OPT_FORMAT, NULL},
    {"dot", 0, NULL,
     "also DIR/NAME-sequence.dot (the sequence of play) and DIR/NAME-triggers.dot (the trigger "
     "network), and their .svg renderings when Graphviz's dot is on the PATH",
     OPT_DOT, NULL},
    {"no-svg", 0, NULL, "with --dot: write the .dot files only", OPT_NO_SVG, NULL},
    {"no-run", 0, NULL, "do not run the scenarios (the document says 'not run')", OPT_NO_RUN,
     NULL},
    {"changes-from", 0, "BASE",
     "add the section \"What this layer changes\": the declarations that differ from BASE's "
     "(as ordo diff --rules BASE FILE lists them)", OPT_CHANGES_FROM, NULL},
    {"changes-search", 0, "T",
     "with --changes-from: also play both in lockstep for T seconds (ordo diff BASE FILE's "
     "search) and list each play where they part, with its rule IDs and what explains it",
     OPT_CHANGES_SEARCH, NULL},
    {"changes-situations", 0, "FILE[:SCENARIO]",
     "with --changes-search: also search from the set-ups of FILE's scenarios (ordo diff's "
     "--from); at most 8", OPT_CHANGES_SITUATIONS, NULL},
    {"changes-walks", 0, "N",
     "with --changes-search: N random walks from each start instead of breadth first (ordo "
     "diff's --walks: partings deep in a long game, not by a shortest play)",
     OPT_CHANGES_WALKS, NULL},
    {0}};

const drv_command cmd_doc_command = {
    prog,
    "FILE [-o DIR] [--format md|html|all] [--dot] [OPTIONS]",
    "Writes the rule document of a ruleset, for players and judges: the\n"
    "numbered sequence of play with each step's rule IDs, the triggers of each\n"
    "event with their timing, the actions with their costs in the order they\n"
    "are paid, each override against the base rule it replaces, and an index\n"
    "of every rule ID: the steps that encode it, the scenarios that cite it\n"
    "and the scenarios that reach it (the scenarios are run to find out).\n",
    (const drv_option *const[]){doc_options, drv_diag_options, NULL},
    "exit status: 0 the documents were written (a failing scenario is shown\n"
    "in them, not an error), 1 compile error or an output that could not be\n"
    "written, 2 bad command line or missing file.\n"};

#define MAX_SITUATIONS 8

typedef struct doc_args {
    const char *file, *dir, *changes_from;
    unsigned long long search;   /* --changes-search: seconds (0: no search) */
    unsigned long long walks;    /* --changes-walks (0: breadth first) */
    const char *situations[MAX_SITUATIONS];
    int nsituations;
    int md, html, dot, svg, run;
    drv_diag dd;      /* -Werror, -Wno-NAME, --diagnostics-format */
} doc_args;

static int take(void *ctx, int id, const char *v)
{
    doc_args *a = ctx;
    switch (id) {
    case DRV_OPT_ARG:
        return drv_take_file(prog, &a->file, v);
    case OPT_DIR:
        a->dir = v;
        if (!*a->dir) {
            fprintf(stderr, "%s: -o needs a folder\n", prog);
            return DRV_BAD;
        }
        return DRV_TAKEN;
    case OPT_FORMAT:
        a->md = strcmp(v, "md") == 0 || strcmp(v, "all") == 0;
        a->html = strcmp(v, "html") == 0 || strcmp(v, "all") == 0;
        if (!a->md && !a->html) {
            fprintf(stderr, "%s: unknown format '%s' (md, html or all)\n", prog, v);
            return DRV_BAD;
        }
        return DRV_TAKEN;
    case OPT_DOT:
        a->dot = 1;
        return DRV_TAKEN;
    case OPT_NO_SVG:
        a->svg = 0;
        return DRV_TAKEN;
    case OPT_NO_RUN:
        a->run = 0;
        return DRV_TAKEN;
    case OPT_CHANGES_FROM:
        a->changes_from = v;
        return DRV_TAKEN;
    case OPT_CHANGES_SEARCH:
        return drv_option_number(prog, "changes-search", v, 1, 1000000, &a->search) ? DRV_BAD
                                                                                   : DRV_TAKEN;
    case OPT_CHANGES_WALKS:
        return drv_option_number(prog, "changes-walks", v, 1, 1000000000, &a->walks) ? DRV_BAD
                                                                                    : DRV_TAKEN;
    case OPT_CHANGES_SITUATIONS:
        if (a->nsituations == MAX_SITUATIONS) {
            fprintf(stderr, "%s: at most %d --changes-situations\n", prog, MAX_SITUATIONS);
            return DRV_BAD;
        }
        a->situations[a->nsituations++] = v;
        return DRV_TAKEN;
    }
    return drv_diag_take(&a->dd, id, v, prog);
}

static int parse(int argc, char **argv, doc_args *a)
{
    memset(a, 0, sizeof *a);
    drv_diag_init(&a->dd);
    a->dir = ".";
    a->md = a->html = 1;
    a->svg = a->run = 1;
    int st = drv_options_read(&cmd_doc_command, argc, argv, take, a);
    if (st != DRV_OPT_GO)
        return st;
    if (!a->file) {
        fprintf(stderr, "%s: no input file (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (strcmp(a->dir, "-") == 0 && ((a->md && a->html) || a->dot)) {
        fprintf(stderr, "%s: '-o -' writes one document: give --format md or html "
                        "(and no --dot)\n", prog);
        return TOOL_USAGE;
    }
    if ((a->search || a->nsituations || a->walks) && !a->changes_from) {
        fprintf(stderr, "%s: --changes-search, --changes-situations and --changes-walks go with "
                        "--changes-from\n", prog);
        return TOOL_USAGE;
    }
    if ((a->nsituations || a->walks) && !a->search) {
        fprintf(stderr, "%s: --changes-situations and --changes-walks: give --changes-search T "
                        "too\n", prog);
        return TOOL_USAGE;
    }
    if (!tool_readable(prog, a->file) || (a->changes_from && !tool_readable(prog, a->changes_from)))
        return TOOL_USAGE;
    return DRV_GO;
}

/* ---- the scenarios, observed */

static void run_scenarios(doc_model *m, const ordo_program *p, const char *path)
{
    int passed, failed;
    doc_run_scenarios(m, p, path, &passed, &failed);
    if (failed)
        fprintf(stderr, "%s: %s: %d of %d scenarios fail (the documents say which)\n", prog,
                path, failed, passed + failed);
}

/* ---- what the layer changes: its declarations against the base's */

/* With --changes-search: where the two part, found by ordo diff's search
 * from the start (and from the situations' set-ups), into m. */
static int add_partings(doc_model *m, const doc_args *a, const df_side *sides,
                        const df_rules *rules)
{
    df_request r = {.rules = 0, .prog = prog, .from = a->situations, .nfrom = a->nsituations};
    df_options_default(&r.o, (double)a->search);
    r.o.walks = a->walks;
    if (df_players(&sides[0], &sides[1], &r) != 0)
        return TOOL_USAGE;
    df_result res;
    /* a set-up that is trouble is said on stderr; the others are searched */
    int rc = df_search_all(&sides[0], &sides[1], &r, rules, &res, stderr) >= 0 &&
                     df_doc_partings(m, &sides[0], &sides[1], r.o.nplayers, &res, rules) == 0
                 ? TOOL_OK
                 : TOOL_FAIL;
    df_result_free(&res);
    return rc;
}

static int add_changes(doc_model *m, const doc_args *a, const ordo_program *p,
                       const oc_compiler *c)
{
    oc_compiler *cb;
    const ordo_program *base = drv_compile(a->changes_from, &a->dd, &cb);
    df_side sides[2] = {{base, a->changes_from, cb}, {p, a->file, c}};
    df_rules rules;
    int rc = base && df_compare_rules(&sides[0], &sides[1], &rules) == 0 &&
                     df_doc_changes(m, &sides[0], &rules) == 0
                 ? TOOL_OK
                 : TOOL_FAIL;
    if (rc == TOOL_OK && a->search)
        rc = add_partings(m, a, sides, &rules);
    if (base)
        df_rules_free(&rules);
    oc_free(cb);
    return rc;
}

int cmd_doc(int argc, char **argv)
{
    doc_args a;
    int status = parse(argc, argv, &a);
    if (status != DRV_GO)
        return status;
    oc_compiler *c;
    if (drv_diag_start(&a.dd) != 0)
        return TOOL_FAIL;
    const ordo_program *p = drv_compile(a.file, &a.dd, &c);
    if (drv_diag_finish(&a.dd) != 0)
        p = NULL;
    struct ast_file *tree = p ? oc_tree(c) : NULL; /* checked: a program came of it */
    if (!p || !tree) {
        oc_free(c);
        return TOOL_FAIL;
    }
    doc_model *m = doc_model_build(tree, oc_tree_resolution(c), p);
    if (!m) {
        fprintf(stderr, "%s: out of memory\n", prog);
        oc_free(c);
        return TOOL_FAIL;
    }
    if (a.run)
        run_scenarios(m, p, a.file);
    doc_model_finish(m);
    doc_outputs o = {a.dir, a.file, a.md, a.html, a.dot, a.svg, stdout, prog};
    status = a.changes_from ? add_changes(m, &a, p, c) : TOOL_OK;
    if (status == TOOL_OK)
        status = doc_write_files(m, &o);
    doc_model_free(m);
    oc_free(c);
    return status;
}

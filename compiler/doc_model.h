/* doc_model.h — the rule document of a ruleset (`ordo doc`), as a neutral
 * model that one walk (doc_render.c) writes as Markdown (doc_md.c) and as
 * one HTML page (doc_html.c), and doc_dot.c as Graphviz graphs.
 *
 * doc_model_build (doc_model.c) reads the checked syntax tree and the
 * program compiled from it: the steps in the order of their numbers, the
 * events with their triggers, the actions with their costs and payments in
 * the order they are made, the substitutes, the overrides (each against
 * the rule it replaces), the scenarios and the rule-ID index. The driver
 * then runs the scenarios, telling the model each trace event
 * (doc_model_note) and each verdict; doc_model_finish works out which
 * scenarios reach each rule ID.
 *
 * Every item a document links to has an anchor: a name unique in the
 * document, made of [A-Za-z0-9_-] only ("step-2-5-3", "rule-TITAN-S5",
 * "event-scored", "scenario-a-fled-stack"), so it is a valid HTML id, a
 * Markdown link target and a Graphviz id.
 */
#ifndef OC_DOC_MODEL_H
#define OC_DOC_MODEL_H

#include <stdint.h>
#include <stdio.h>

#include "arena.h"
#include "ast.h"
#include "doc_prose.h"
#include "ordo.h"
#include "resolution.h"

/* A place in the source: file (as the compiler was given it) and line. */
typedef struct doc_where {
    const char *file;
    uint32_t line;
    int layer;             /* 0 = the deepest base; nlayers-1 = the file itself */
} doc_where;

typedef struct doc_step {
    int index;             /* in the program's steps table */
    const char *number, *title;   /* title "" when none */
    const char *anchor;
    const char **cites;    /* the IDs the step itself cites */
    uint32_t ncites;
    const char *rule;      /* cited IDs, inherited from enclosing steps ("" none) */
    const char *owner;     /* "the sequence", "proc take_turn", "trigger t", ... */
    const char *owner_anchor;     /* a trigger's or action's anchor, or NULL */
    const char *modifiers; /* "first turn only; optional by p; when C", or NULL */
    doc_where at;
    int depth;             /* nesting by number: "2" 0, "2.5" 1, ... */
    int parent;            /* model index of the step whose number is the
                            * longest prefix of this one's, or -1 */
    doc_prose says;        /* its statements as sentences, its sub-steps named */
    const char *stated;    /* the rule as the ruleset words it: the comment
                            * just above, when it opens with a rule ID the
                            * document indexes ("# SPL-K1: a colour ..."),
                            * or NULL */
    uint8_t *ran;          /* [nscenarios]: it ran in that scenario */
} doc_step;

typedef struct doc_trigger {
    const char *name, *label, *anchor;  /* label "" when none */
    const char *timing;    /* "before", "immediately", "after" */
    int timing_rank;       /* 0 before, 1 immediately, 2 after: the order they run */
    const char *guard;     /* the `when` as text, or NULL */
    const char *limit;     /* "once per turn", "once per action", or NULL */
    const char **cites;
    uint32_t ncites;
    int event;             /* model index of its event */
    doc_items emits;       /* the events its body emits, the actions it takes */
    doc_prose says;        /* its body as sentences */
    const char *stated;    /* the rule as the ruleset words it: the comment
                            * just above, when it opens with a rule ID the
                            * document indexes ("# SPL-K1: a colour ..."),
                            * or NULL */
    doc_where at;
    uint8_t *fired;        /* [nscenarios] */
} doc_trigger;

typedef struct doc_event {
    const char *name, *anchor;
    const char *params;    /* "(p: player, n: int)" */
    const char *order;     /* "printed", "chosen by p", "combined", NULL: as written */
    int action;            /* model index of the action it stands for, -1 */
    int *triggers;         /* model indexes of its triggers, in the order they run */
    uint32_t ntriggers;
    doc_items emitted_by;  /* the steps, triggers and procs that emit it */
    doc_where at;
} doc_event;

/* One payment of an action, in the order it is made. */
typedef struct doc_pay {
    int upfront;           /* 1 `cost` (before the before-triggers), 0 `pay` in the body */
    const char *amount, *from;
    const char *substitute;/* the label of the substitute offered at it, or NULL */
    doc_where at;
} doc_pay;

typedef struct doc_action {
    const char *name, *label, *anchor;
    const char *params;
    int anytime;           /* `anytime`: taken at windows (no costs) */
    const char *guard;     /* precondition, or NULL */
    const char *order;     /* how its simultaneous triggers are ordered, or NULL */
    doc_pay *pays;
    uint32_t npays;
    int costs_any_order;   /* `costs in any order`: the payer picks the order */
    int event;             /* model index of its event (-1 for anytime) */
    const char **cites;
    uint32_t ncites;
    doc_items offered_at;  /* the steps whose options take it */
    doc_prose says;        /* its body as sentences */
    const char *stated;    /* the rule as the ruleset words it: the comment
                            * just above, when it opens with a rule ID the
                            * document indexes ("# SPL-K1: a colour ..."),
                            * or NULL */
    doc_where at;
    uint8_t *taken;        /* [nscenarios] */
} doc_action;

/* A procedure (not a trigger, an action or an override): what the steps
 * and triggers that call it carry out. */
typedef struct doc_proc {
    const char *name, *anchor, *params;
    doc_where at;
    doc_prose says;        /* its body as sentences, its steps named */
    const char *stated;    /* the rule as the ruleset words it: the comment
                            * just above, when it opens with a rule ID the
                            * document indexes ("# SPL-K1: a colour ..."),
                            * or NULL */
} doc_proc;

typedef struct doc_substitute {
    const char *sub, *for_, *label, *anchor;
    const char **cites;
    uint32_t ncites;
    doc_where at;
} doc_substitute;

/* An override against the rule it replaces. */
typedef struct doc_override {
    const char *kind;      /* "const", "proc", "fn" */
    const char *name, *anchor;
    const char *guard;     /* its `when`, NULL: always */
    const char *text;      /* its source */
    doc_where at;
    const char *base_text; /* the source of the rule it replaces */
    doc_where base_at;
    int rank;              /* 1: tried first among the overrides of this name */
    int ranks;             /* how many overrides the name has */
    const char **cites;
    uint32_t ncites;
    uint8_t *used;         /* [nscenarios]: it replaced the base in that scenario */
} doc_override;

typedef struct doc_scenario {
    const char *name, *anchor;
    const char **cites;
    uint32_t ncites;
    doc_where at;
    int verdict;           /* 1 passed, 0 failed, -1 not run */
    uint32_t steps_ran;    /* distinct steps it ran */
} doc_scenario;

/* One rule ID and where it is: model indexes. */
typedef struct doc_rule {
    const char *id, *anchor;
    int *steps;            /* the steps that cite it themselves */
    uint32_t nsteps;
    doc_items also;        /* the triggers, actions, substitutes, overrides citing it */
    int *scenarios;        /* the scenarios that cite it */
    uint32_t nscenarios;
    int *reached;          /* the scenarios that reach it: a step under it ran,
                            * a trigger or action citing it fired (doc_model_finish) */
    uint32_t nreached;
} doc_rule;

typedef struct doc_model {
    oc_arena *arena;       /* everything below lives here */
    const char *title, *source, *file, *name;   /* name: the file's base name, no .ordo */
    int min_players, max_players;
    const char **layers;   /* the ruleset files, deepest base first */
    uint32_t nlayers;
    doc_step *steps;          uint32_t nsteps;     /* by number */
    doc_event *events;        uint32_t nevents;
    doc_trigger *triggers;    uint32_t ntriggers;
    doc_action *actions;      uint32_t nactions;
    doc_substitute *subs;     uint32_t nsubs;
    doc_proc *procs;          uint32_t nprocs;
    doc_prose game;           /* the sequence's statements, its steps named */
    doc_override *overrides;  uint32_t noverrides;
    doc_scenario *scenarios;  uint32_t nscenarios; /* the ones that run: p->scenarios */
    doc_rule *rules;          uint32_t nrules;     /* sorted by ID */
    int ran;               /* the scenarios were run */
    /* the rule IDs the steps cite and those a scenario reaches, counted as
     * `ordo test --coverage` counts them (set by whoever ran the scenarios,
     * compiler/engines/doc_run.c); meaningful when `ran` */
    int rules_cited, rules_reached;
    /* `ordo doc --changes-from BASE`: the ruleset it is compared with, and
     * what differs, a line each (doc_model_add_change); NULL: not asked */
    const char *changes_from;
    const char **changes;     uint32_t nchanges, capchanges;
    /* with a search (--changes-search): its summary line (NULL: none ran)
     * and each parting it found, a line each (doc_model_add_parting) */
    const char *partings_summary;
    const char **partings;    uint32_t npartings, cappartings;
    const ordo_program *program;
    int *step_of_index;    /* [program nsteps]: model step of a program step */
} doc_model;

/* Builds the model of the program p compiled from the tree f and its
 * resolution res; NULL when out of memory. Free with doc_model_free. */
doc_model *doc_model_build(const ast_file *f, const oc_resolution *res,
                           const ordo_program *p);
void doc_model_free(doc_model *m);
/* A trace event of scenario `scenario` (p->scenarios' index). */
void doc_model_note(doc_model *m, unsigned scenario, const ordo_event *ev);
/* The scenario's verdict: 1 passed, 0 failed. */
void doc_model_verdict(doc_model *m, unsigned scenario, int passed);
/* A line of the section "What this layer changes" (from: the ruleset
 * compared with): 0, or -1 when out of memory. */
int doc_model_add_change(doc_model *m, const char *from, const char *line);
/* A play where the layer and its base part, found by a search (summary:
 * the search's line, set once; line NULL adds none): 0, or -1. */
int doc_model_add_parting(doc_model *m, const char *summary, const char *line);
/* After the runs (or with none): which scenarios reach each rule. */
void doc_model_finish(doc_model *m);

/* The rule ID's entry, or NULL. */
const doc_rule *doc_find_rule(const doc_model *m, const char *id);
/* Does anything but a scenario cite the rule (a step, a trigger, ...)? */
int doc_rule_encoded(const doc_rule *r);
/* How many rule IDs only triggers, actions, substitutes or overrides
 * encode (no step cites them), and how many of those no scenario reaches. */
void doc_beyond_steps(const doc_model *m, uint32_t *encoded, uint32_t *unreached);

/* The writers: 0, or -1 when the output failed. */
int doc_write_md(const doc_model *m, FILE *out);
int doc_write_html(const doc_model *m, FILE *out);
/* The sequence of play and the trigger network as Graphviz digraphs. */
int doc_write_dot_sequence(const doc_model *m, FILE *out);
int doc_write_dot_triggers(const doc_model *m, FILE *out);

#endif /* OC_DOC_MODEL_H */

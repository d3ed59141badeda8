/* scenario.h — the scenario runner (scenario.c) and what the scenarios
 * reach (coverage.c): `ordo test`, `ordo doc`, `ordo explore`'s coverage,
 * the mutation engine's verdicts, and tests/e2e/sc_emitted.c call them.
 * Output goes to the FILE* the caller hands in.
 */
#ifndef ORDO_ENGINES_SCENARIO_H
#define ORDO_ENGINES_SCENARIO_H

#include <stddef.h>
#include <stdio.h>

#include "ordo.h"

/* scenario.c: runs every scenario of a compiled program. Failures are
 * printed on `out` as `FILE:LINE: scenario "NAME": ...`; with verbose, each
 * scenario's name as it runs, and with its SC_TRACES bit each trace line
 * (`ordo test -t`). Adds to *passed and *failed. */
#define SC_TRACES 2
void sc_run_all(const ordo_program *p, const char *path, int verbose, FILE *out,
                int *passed, int *failed);
/* The same, telling `obs` (when not NULL) every trace event of scenario
 * number `scenario` (p->scenarios' index) as it happens, and each
 * scenario's verdict (1 passed, 0 failed) when it is over. */
typedef struct sc_observer {
    void (*event)(void *ctx, unsigned scenario, const ordo_game *g, const ordo_event *ev);
    void (*verdict)(void *ctx, unsigned scenario, int passed);
    void *ctx;
} sc_observer;
void sc_run_observed(const ordo_program *p, const char *path, int verbose, FILE *out,
                     const sc_observer *obs, int *passed, int *failed);

/* coverage.c: what the scenarios reached (`ordo test --coverage`): the
 * steps that ran, the options chosen, the triggers that fired, and the
 * rule IDs of the steps that ran. */
typedef struct sc_coverage {
    unsigned char *steps, *options, *triggers; /* [nsteps], [noptions], [nprocs] */
} sc_coverage;
int sc_coverage_init(sc_coverage *c, const ordo_program *p);
void sc_coverage_free(sc_coverage *c);
/* Marks what event ev shows was reached. */
void sc_cover(sc_coverage *c, const ordo_program *p, const ordo_event *ev);
/* How many of marks[0..n) are set. */
int sc_count(const unsigned char *marks, size_t n);
/* The procs that are triggers (those a TRIG instruction names, an
 * override's aside) as a malloc'd mark per proc, their number in *total
 * and how many of them `fired` marks in *nfired; NULL when out of memory. */
unsigned char *sc_trigger_procs(const ordo_program *p, const unsigned char *fired, int *total,
                                int *nfired);
/* The rule IDs the steps cite (each once) in *total, and in *reached
 * those a step that ran cites: the figure `ordo test --coverage`, explore
 * and `ordo doc` give. */
void sc_rule_counts(const sc_coverage *c, const ordo_program *p, int *total, int *reached);
/* Prints "  rule IDs: N of M reached; never: A, B" on out (the IDs the
 * steps cite, reached when a step citing one ran); returns how many were
 * never reached. */
int sc_report_rules(const sc_coverage *c, const ordo_program *p, FILE *out);
/* Prints what was and was not reached, on out; returns the number of
 * steps, options, triggers and rule IDs never reached. */
int sc_coverage_report(const sc_coverage *c, const ordo_program *p, const char *path, FILE *out);
/* An observer (sc_run_observed) that records what ran into ctx, an
 * sc_coverage_ctx. */
typedef struct sc_coverage_ctx {
    sc_coverage *cov;
    const ordo_program *p;
} sc_coverage_ctx;
void sc_cover_event(void *ctx, unsigned scenario, const ordo_game *g, const ordo_event *ev);

#endif /* ORDO_ENGINES_SCENARIO_H */

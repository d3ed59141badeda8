/* passes.h — the compiler's passes over a parsed ruleset, in the order
 * compile.c runs them: read the text (and the bases it extends), resolve
 * the declarations, load the data tables, resolve the bodies, check,
 * lower to program tables, run the data checks.
 *
 * The syntax layer (dsl/) knows nothing of these passes or of the runtime;
 * this header is where the tree meets the program tables.
 */
#ifndef OC_PASSES_H
#define OC_PASSES_H

#include "ast.h"
#include "ordo.h"
#include "resolution.h"

_Static_assert(AST_MAX_EVENT_ARGS == ORDO_EVENT_MAX_ARGS,
               "the syntax tree and the runtime disagree on an event's arguments");

/* Reads the CSV file of every data table whose fields' types resolved
 * into its members (the rows) and fields' values, checking the columns
 * and every cell against the declared types. A path is relative to the
 * directory of the file that declares the table (diag_path of its
 * position). Errors go to d (with the CSV's file:line:col); returns the
 * number reported. (compiler/tables.c; between oc_resolve_declarations
 * and oc_resolve_bodies) */
int oc_load_tables(oc_arena *arena, ast_file *file, const oc_resolution *res, diag *d);

/* The most bytes a ruleset file (each base too) and a data table's CSV
 * file may hold (doc/limits.md). A 1M-line ruleset is about 32 MiB. */
#define OC_MAX_RULESET_BYTES ((size_t)64 << 20)
#define OC_MAX_TABLE_BYTES ((size_t)16 << 20)
/* The most bytes a ruleset's declared state may take in every game. */
#define OC_MAX_STATE_BYTES ((uint64_t)16 << 20)
/* The most members a set's domain may have: a set is a bit per member, and
 * its loops, length and tests cost per 64-bit word. */
#define OC_MAX_SET ORDO_SET_MAX

/* Reads a whole file into the arena, without a leading UTF-8 byte-order
 * mark; NULL with errno in *err on failure (EISDIR for a directory, EFBIG
 * past `limit` bytes). (compiler/source.c) */
char *oc_read_text(oc_arena *a, const char *path, size_t limit, size_t *len, int *err);
/* Why a read failed, for a message: "larger than 64 MiB, ..." for EFBIG,
 * strerror otherwise. Writes into buf and returns it. */
const char *oc_read_problem(int err, size_t limit, char *buf, size_t n);
/* 3 when text starts with a UTF-8 byte-order mark, else 0. */
size_t oc_bom_length(const char *text, size_t len);
/* The path `rel`, written in the file `from`, names: beside `from`, unless
 * absolute. (compiler/source.c) */
const char *oc_path_beside(oc_arena *a, const char *from, const char *rel);
/* 1 when paths a and b are spelt alike or name the same existing file
 * ("x.ordo", "./x.ordo"). (compiler/source.c) */
int oc_same_path(const char *a, const char *b);

/* Name resolution, in two passes around oc_load_tables (compiler/resolve.c).
 * The resolver's state, kept from the first to the second. */
typedef struct oc_resolver oc_resolver;
/* The header, every global name declared, the overrides of a base's
 * constants, data tables' fields typed: what loading the tables needs.
 * Errors to d. */
oc_resolver *oc_resolve_declarations(oc_arena *arena, ast_file *file, diag *d);
/* The rest, the tables loaded: declarations indexed, signatures, bounds,
 * bodies (names bound, expressions typed, locals and steps numbered),
 * policies, scenarios. Returns the errors both passes reported. */
int oc_resolve_bodies(oc_resolver *r);
/* What resolution produced for the checks and the lowering. */
const oc_resolution *oc_resolution_of(const oc_resolver *r);
/* The three in order, the resolution in *out (for the tests). */
int oc_resolve(oc_arena *arena, ast_file *file, diag *d, const oc_resolution **out);

/* Static checks on a resolved file (duplicate/unreachable steps, loops whose
 * exit can never change, empty choices, recursion). (compiler/check.c) */
int oc_check(oc_arena *arena, ast_file *file, const oc_resolution *res, diag *d);

/* The checks of actions and payments: costs, preconditions, substitutes,
 * caps (compiler/check_pay.c; oc_check runs them). */
void oc_check_payments(ast_file *file, const oc_resolution *res, diag *d);

/* Refuses `symmetric players` where the rules single a seat out: a seat
 * named by number, the start player, a decision in a loop over the players
 * in seat order, a local holding a player (not the one deciding) kept
 * while a decision waits. (compiler/check_symmetry.c; oc_check runs it) */
void oc_check_symmetry(oc_arena *arena, const ast_file *file, const oc_resolution *res,
                       diag *d);

/* THE LOWERING ENTRY POINT, implemented by compiler/lower.c: turns a file
 * that resolved and checked without errors into program tables allocated in
 * `arena` (they live until the arena is freed). Returns NULL after reporting
 * an error through d (e.g. a table limit exceeded). */
const ordo_program *oc_lower(oc_arena *arena, ast_file *file, const oc_resolution *res,
                             diag *d);

/* Runs the ruleset's `check` declarations on the built program: each
 * row for which one is false is an error at its line in the table's CSV
 * file. Returns the number of errors. (compiler/data_check.c) */
int oc_run_data_checks(const ast_file *f, const oc_resolution *res, const ordo_program *p,
                       diag *d);

/* Warns of each `expect not offered "L"` in the top layer's scenarios
 * whose L no option or escape of p can render: it always holds.
 * (compiler/label_check.c) */
void oc_check_scenario_labels(const ast_file *f, const ordo_program *p, diag *d);

/* The rules' names of each proc's frame slots, for the C ordoc writes:
 * names[proc][slot], NULL for a slot the rules do not name ("a, b" for one
 * that lets of sibling blocks share), from the checked tree f of program
 * p, in `arena`. (compiler/local_names.c) */
const char *const *const *oc_slot_names(oc_arena *arena, const ast_file *f,
                                        const oc_resolution *res, const ordo_program *p);

#endif /* OC_PASSES_H */

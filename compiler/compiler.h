/* compiler.h — the compiler as a library: .ordo text in, program tables out.
 *
 * Used by the drivers (ordoc, ordo) and the unit tests. One oc_compiler owns
 * one arena: the AST, the symbol tables and the program it builds are all
 * freed together by oc_free.
 */
#ifndef ORDO_COMPILER_H
#define ORDO_COMPILER_H

#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "ordo.h"

typedef struct oc_compiler oc_compiler;

typedef struct oc_options {
    FILE *diag;          /* where diagnostics go (stderr if NULL) */
    int color;           /* reserved; 0 */
    int werror;          /* treat warnings as errors */
    /* -Wno-NAME, -Werror=NAME, ... (oc_option), and whether a warning's
     * text ends with its name, [-Wunused] (hide_option: it does not) */
    diag_policy warnings;
    int hide_option;
    /* JSON or SARIF diagnostics: the sink that records them (diag_sink.h,
     * made by the caller, finished after the last compilation); NULL: text */
    struct diag_sink *sink;
} oc_options;

/* Reads one command-line option about diagnostics into o: -Werror,
 * -Werror=NAME, -Wno-NAME, -WNAME, -Wno-error=NAME. Returns 1 when it was
 * one, 0 when arg is no such option, -1 when it names no warning (a
 * message on stderr, prefixed by prog). */
int oc_option(oc_options *o, const char *arg, const char *prog);

oc_compiler *oc_new(const oc_options *opt);
void oc_free(oc_compiler *c);

/* The one way the tools open a file they read (the compiler's rulesets
 * and tables, the drivers' inputs, the language server's lines): "-" is
 * the standard input; any other path must name a regular file, refused
 * without waiting on it otherwise: NULL with EISDIR in *err for a folder,
 * ENODEV for a device, FIFO or socket, else errno. (compiler/source.c) */
FILE *oc_open_input(const char *path, int *err);
/* Why oc_open_input refused a file, for a message ("not a regular file
 * ..." for ENODEV, strerror otherwise). */
const char *oc_input_problem(int err);

/* Parses, checks and lowers one ruleset file. Prints every diagnostic in
 * GCC form (file:line:col: error|warning: message, the source line, a
 * caret). Returns the program, or NULL when there was any error. */
const ordo_program *oc_compile_file(oc_compiler *c, const char *path);
/* The same from text in memory; `name` is the file name diagnostics show. */
const ordo_program *oc_compile_string(oc_compiler *c, const char *name,
                                      const char *text, size_t len);

/* For tools that look at the source rather than run it (the language
 * server, compiler/outline.h): the tree of the last compilation with c,
 * resolved as far as it went (after a syntax error: the parser's partial
 * tree, unresolved; after an error in resolution: partly resolved), or
 * NULL when nothing was parsed. It lives until oc_free. oc_tree_path
 * names the file a position's file number (ast_file_of) points into:
 * 0 the text compiled, then the bases and CSV files it read; NULL when
 * there is no such file. */
struct ast_file *oc_tree(const oc_compiler *c);
const char *oc_tree_path(const oc_compiler *c, uint32_t file);
/* What resolution produced beside that tree (compiler/resolution.h), as
 * far as it went; NULL when resolution did not run. */
struct oc_resolution;
const struct oc_resolution *oc_tree_resolution(const oc_compiler *c);

/* The names the rules give each proc's frame slots in program p, the
 * last compilation's (params, lets, loop and option variables):
 * names[proc][slot], NULL where the rules name none (a slot the lowering
 * uses for itself), "a, b" for a slot lets of sibling blocks share in
 * turn. For oc_emit_c; they live until oc_free. NULL when nothing was
 * compiled. */
const char *const *const *oc_local_names(oc_compiler *c, const ordo_program *p);

int oc_error_count(const oc_compiler *c);
/* Bytes of the compiler's arena handed out so far: the text, tree, tables
 * and program of every compilation made with c (for the benchmarks). */
size_t oc_arena_bytes(const oc_compiler *c);
int oc_warning_count(const oc_compiler *c);

/* Prints the program as readable assembly (one instruction a line, with
 * step numbers and rule IDs as comments). */
void oc_disassemble(const ordo_program *p, FILE *out);

/* Writes the program as C source: `const ordo_program <symbol>` and the
 * tables it points to; `header` (may be NULL) gets the declaration.
 * out_name, the C file's name (NULL: none, as for the standard output),
 * is what its #line directives say of its own lines: without one, it has
 * none, the rules' lines neither. */
int oc_emit_c(const ordo_program *p, const char *symbol, FILE *out, const char *out_name,
              FILE *header, const char *header_name);
/* The same, its code's locals named as local_names says (oc_local_names;
 * NULL: fp[K] alone). */
int oc_emit_c_named(const ordo_program *p, const char *symbol, FILE *out, const char *out_name,
                    FILE *header, const char *header_name,
                    const char *const *const *local_names);

/* Is s a C identifier (what --symbol accepts)? */
int oc_valid_symbol(const char *s);
/* emit_native.c: text inside a C comment (printable ASCII, never its end) */
void oc_put_comment_text(FILE *f, const char *s);
/* emit_native.c: a C string literal (NULL as NULL) */
void oc_put_c_string(FILE *f, const char *s);
/* disasm.c: an instruction's name ("LDX"; NULL for an unknown opcode) */
const char *oc_op_name(unsigned op);
/* disasm.c: an instruction's operands (" x=1 3 -2") and what its operand
 * a names ("; board", "; step 2.1 [R-4]"), as the disassembler prints them */
void oc_insn_operands(const ordo_insn *in, char *buf, size_t n);
void oc_insn_note(const ordo_program *p, const ordo_insn *in, char *buf, size_t n);
/* emit_native.c: the program's code as C, `static int SYM_native(...)`
 * (runtime/ordo_native.h); 1 written, 0 none (nothing to compile), -1
 * out of memory. Its code stands under `#line N "FILE.ordo"` lines, its
 * scaffolding under OC_LINE_BACK, which oc_emit_c turns into the line
 * back to the C file. */
#define OC_LINE_BACK "#line back\n"
int oc_emit_native(FILE *f, const ordo_program *p, const char *sym,
                   const char *const *const *local_names);

#endif /* ORDO_COMPILER_H */

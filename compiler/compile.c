/* compile.c — the compiler library API (compiler.h): read a file, parse
 * it and its bases, then the passes of passes.h in order: resolve the
 * declarations, load the data tables, resolve the bodies, check, lower
 * (compiler/lower.c), run the data checks, hold the scenarios' labels
 * against the options.
 *
 * One oc_compiler owns one arena; the text, tree, tables and the program of
 * every compilation made with it are freed together by oc_free. Nothing is
 * global, so any number of compilers may run in one process.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "passes.h"
#include "compiler.h"

#define MAX_PRINTED_ERRORS 200

struct oc_compiler {
    oc_options opt;
    diag_policy policy;      /* the options' warnings, as the diag reads them */
    oc_arena *arena;
    int errors;
    int warnings;
    ast_file *tree;          /* the last compilation's tree (oc_tree) */
    const oc_resolution *resolution; /* and what resolution made of it */
    const diag_src *files;   /* and the files it read: more[1..nfiles] */
    uint32_t nfiles;
    const char *path;        /* its file 0 */
    /* the diagnostics of the compilation under way: here, not on the C
     * stack, so that they are still there after out of memory jumps back
     * to oc_compile_string (diag_ready: set up) */
    diag diag;
    int diag_ready;
};

oc_compiler *oc_new(const oc_options *opt)
{
    oc_compiler *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    if (opt)
        c->opt = *opt;
    c->arena = arena_new();
    if (!c->arena) {
        free(c);
        return NULL;
    }
    return c;
}

void oc_free(oc_compiler *c)
{
    if (!c)
        return;
    arena_free(c->arena);
    free(c);
}

int oc_option(oc_options *o, const char *arg, const char *prog)
{
    int r = diag_policy_option(&o->warnings, arg);
    if (r < 0) {
        fprintf(stderr, "%s: '%s' names no warning (warnings:", prog, arg);
        for (int w = 0; w < DIAG_W_COUNT; w++)
            fprintf(stderr, "%s %s", w ? "," : "", diag_warning_name(w));
        fputs(")\n", stderr);
    }
    if (r > 0 && strcmp(arg, "-Werror") == 0)
        o->werror = 1;
    return r;
}

int oc_error_count(const oc_compiler *c)
{
    return c ? c->errors : 0;
}

const char *const *const *oc_local_names(oc_compiler *c, const ordo_program *p)
{
    return c && c->tree ? oc_slot_names(c->arena, c->tree, c->resolution, p) : NULL;
}

size_t oc_arena_bytes(const oc_compiler *c)
{
    return c ? arena_used(c->arena) : 0;
}

int oc_warning_count(const oc_compiler *c)
{
    return c ? c->warnings : 0;
}

#define MAX_LAYERS 16

/* Parses the ruleset `f` extends (and what that one extends...), into
 * chain[1..]; chain[0] is f. Returns the number of files, 0 after an error. */
static int parse_bases(oc_compiler *c, diag *d, ast_file *chain[MAX_LAYERS])
{
    int n = 1;
    while (chain[n - 1]->extends) {
        ast_file *top = chain[n - 1];
        ast_loc at = top->extends_loc;
        const char *path = oc_path_beside(c->arena, diag_path(d, ast_file_of(at)), top->extends);
        for (int k = 0; k < n; k++)
            if (oc_same_path(chain[k]->path, path)) { /* "./x.ordo" too */
                diag_error(d, at, "'%s' extends itself (through the rulesets it extends)", path);
                return 0;
            }
        if (n == MAX_LAYERS) {
            diag_error(d, at, "more than %d rulesets extend one another", MAX_LAYERS);
            return 0;
        }
        size_t len = 0;
        int err = 0;
        char *text = oc_read_text(c->arena, path, OC_MAX_RULESET_BYTES, &len, &err);
        int file = text ? diag_add_file(d, path, text, len) : -1;
        if (!text || file < 0) {
            char why[96];
            diag_error(d, at, "cannot read the ruleset '%s': %s", path,
                       text ? "too many files"
                            : oc_read_problem(err, OC_MAX_RULESET_BYTES, why, sizeof why));
            return 0;
        }
        chain[n] = ast_parse_file(c->arena, d, (uint32_t)file, chain[n - 1], text, len);
        if (!chain[n] || d->errors)
            return 0;
        n++;
    }
    return n;
}

/* One tree of the layers, the deepest base's declarations first; each
 * decl knows its layer. The header is the top file's, with what it leaves
 * out (players, source) taken from the nearest base that says it. */
static ast_file *merge_layers(ast_file *chain[], int n)
{
    ast_file *f = chain[0];
    f->nlayers = (uint8_t)n;
    f->nexprs = chain[n - 1]->nexprs; /* the last parsed gave the highest ids */
    f->nstmts = chain[n - 1]->nstmts;
    f->niters = chain[n - 1]->niters;
    f->ntexts = chain[n - 1]->ntexts;
    f->nitems = chain[n - 1]->nitems;
    f->ntypes = chain[n - 1]->ntypes;
    f->nchoices = chain[n - 1]->nchoices;
    f->ndims = chain[n - 1]->ndims;
    f->nfields = chain[n - 1]->nfields;
    f->ndecls = chain[n - 1]->ndecls;
    f->ncosts = chain[n - 1]->ncosts;
    ast_decl *first = NULL, *last = NULL;
    ast_policy *pfirst = NULL, *plast = NULL;
    uint32_t npolicies = 0;
    for (int k = n - 1; k >= 0; k--) {
        ast_file *l = chain[k];
        if (l->policies) { /* policies are not decls: their own list */
            if (plast)
                plast->next = l->policies;
            else
                pfirst = l->policies;
            plast = l->last_policy;
            npolicies += l->npolicies;
        }
        for (ast_decl *d = l->decls; d; d = d->next)
            d->layer = (uint8_t)(n - 1 - k);
        if (!l->decls)
            continue;
        if (last)
            last->next = l->decls;
        else
            first = l->decls;
        last = l->last_decl;
        if (k > 0 && !f->players_loc.line && l->players_loc.line) {
            f->min_players = l->min_players;
            f->max_players = l->max_players;
            f->players_loc = l->players_loc;
        }
        if (k > 0 && !f->source)
            f->source = l->source;
    }
    f->decls = first;
    f->last_decl = last;
    f->policies = pfirst;
    f->last_policy = plast;
    f->npolicies = npolicies;
    return f;
}

/* `symmetric players` said by the top file or a base holds for the whole
 * ruleset, and what ties the rules to a seat is looked for in every
 * layer (compiler/check_symmetry.c). */
static void merge_seat_refs(oc_arena *a, ast_file *chain[], int n)
{
    ast_file *f = chain[0];
    uint32_t total = 0;
    for (int k = 0; k < n; k++) {
        total += chain[k]->nseat_refs;
        if (k > 0 && chain[k]->symmetric && !f->symmetric) {
            f->symmetric = 1;
            f->symmetric_loc = chain[k]->symmetric_loc;
        }
    }
    if (n < 2 || total == f->nseat_refs)
        return;
    ast_seat_ref **refs = ARENA_ARRAY(a, ast_seat_ref *, total), **at = refs;
    for (int k = n - 1; k >= 0; k--)
        for (uint32_t i = 0; i < chain[k]->nseat_refs; i++)
            *at++ = chain[k]->seat_refs[i];
    f->seat_refs = refs;
    f->nseat_refs = total;
}

/* Each stage runs only when the ones before it were clean: a broken tree
 * would only produce follow-on noise. */
static const ordo_program *run(oc_compiler *c, diag *d)
{
    ast_file *chain[MAX_LAYERS];
    ast_file *f = ast_parse(c->arena, d, d->src, d->len);
    c->tree = f;
    if (!f || d->errors)
        return NULL;
    chain[0] = f;
    int n = parse_bases(c, d, chain);
    if (n == 0)
        return NULL;
    f = merge_layers(chain, n);
    merge_seat_refs(c->arena, chain, n);
    c->tree = f;
    oc_resolver *r = oc_resolve_declarations(c->arena, f, d);
    const oc_resolution *res = oc_resolution_of(r);
    c->resolution = res;
    oc_load_tables(c->arena, f, res, d);
    if (oc_resolve_bodies(r) || d->errors)
        return NULL;
    if (oc_check(c->arena, f, res, d) || diag_failed(d))
        return NULL;
    const ordo_program *p = oc_lower(c->arena, f, res, d);
    if (p && !diag_failed(d))
        oc_run_data_checks(f, res, p, d);
    if (p && !diag_failed(d))
        oc_check_scenario_labels(f, p, d);
    return diag_failed(d) ? NULL : p;
}

/* Sets up c's diag for one compilation of text (named `name`). */
static void start_diag(oc_compiler *c, const char *name, const char *text, size_t len)
{
    diag *d = &c->diag;
    const char *path = arena_strdup(c->arena, name ? name : "<input>");
    diag_init(d, c->arena, c->opt.diag ? c->opt.diag : stderr, path, text, len);
    d->werror = c->opt.werror;
    d->max_errors = MAX_PRINTED_ERRORS;
    c->policy = c->opt.warnings;
    c->policy.werror |= (uint8_t)(c->opt.werror != 0);
    c->policy.show_option = !c->opt.hide_option;
    d->policy = &c->policy;
    d->sink = c->opt.sink;
    c->diag_ready = 1;
}

/* Out of memory anywhere in a compilation (the arena, the scanner's
 * buffers, the lowering's growing tables: all are the arena's) ends it
 * with an error instead of ending the process: the arena jumps back to
 * oc_compile_string, which reports it here. What the passes had made
 * stays in the arena, freed by oc_free. */
static void report_out_of_memory(oc_compiler *c, const char *name)
{
    if (c->diag_ready) {
        diag_error(&c->diag, (ast_loc){0, 0}, "out of memory");
        return;
    }
    fprintf(c->opt.diag ? c->opt.diag : stderr, "%s: error: out of memory\n",
            name ? name : "<input>");
}

/* Parses and runs the passes over text, with the arena's failures
 * jumping back here (its parameters are not changed after setjmp). */
static const ordo_program *compile_guarded(oc_compiler *c, const char *name, const char *text,
                                           size_t len)
{
    jmp_buf out_of_memory;
    if (setjmp(out_of_memory)) {
        arena_on_failure(c->arena, NULL);
        report_out_of_memory(c, name);
        return NULL;
    }
    arena_on_failure(c->arena, &out_of_memory);
    start_diag(c, name, text, len);
    const ordo_program *p = run(c, &c->diag);
    arena_on_failure(c->arena, NULL);
    return p;
}

const ordo_program *oc_compile_string(oc_compiler *c, const char *name, const char *text,
                                      size_t len)
{
    if (!c)
        return NULL;
    size_t bom = text ? oc_bom_length(text, len) : 0;
    c->tree = NULL;
    c->resolution = NULL;
    c->diag_ready = 0;
    const ordo_program *p = compile_guarded(c, name, text ? text + bom : NULL, len - bom);
    if (!c->diag_ready) {
        c->files = NULL;
        c->nfiles = 0;
        c->path = NULL;
        c->errors = 1;
        c->warnings = 0;
        return NULL;
    }
    const diag *d = &c->diag;
    c->files = d->more;
    c->nfiles = d->nmore;
    c->path = d->path;
    c->errors = d->errors;
    c->warnings = d->warnings;
    if (!p && c->errors == 0 && !diag_failed(d))
        c->errors = 1; /* the lowering failed without a word: still a failure */
    return p;
}

struct ast_file *oc_tree(const oc_compiler *c)
{
    return c ? c->tree : NULL;
}

const struct oc_resolution *oc_tree_resolution(const oc_compiler *c)
{
    return c ? c->resolution : NULL;
}

const char *oc_tree_path(const oc_compiler *c, uint32_t file)
{
    if (!c)
        return NULL;
    if (file == 0)
        return c->path;
    return c->files && file <= c->nfiles ? c->files[file].path : NULL;
}

const ordo_program *oc_compile_file(oc_compiler *c, const char *path)
{
    if (!c || !path)
        return NULL;
    size_t len = 0;
    int err = 0;
    char *text = oc_read_text(c->arena, path, OC_MAX_RULESET_BYTES, &len, &err);
    if (!text) {
        FILE *out = c->opt.diag ? c->opt.diag : stderr;
        char why[96];
        fprintf(out, "%s: error: cannot read the file: %s\n",
                strcmp(path, "-") == 0 ? "<stdin>" : path,
                oc_read_problem(err, OC_MAX_RULESET_BYTES, why, sizeof why));
        c->errors = 1;
        c->warnings = 0;
        c->tree = NULL;
        c->resolution = NULL;
        return NULL;
    }
    return oc_compile_string(c, strcmp(path, "-") == 0 ? "<stdin>" : path, text, len);
}

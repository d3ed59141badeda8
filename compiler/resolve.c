/* resolve.c — name resolution and type checking (the tables of
 * compiler/resolution.h, and the symbols it makes): the entry points,
 * two passes around the loading of the data tables (compile.c runs
 * oc_load_tables between them), each running its steps in order.
 *
 * One pass over the declarations enters every global name in a hash table
 * (names are unique across all kinds); a second pass types declarations,
 * then bodies. Locals live in a scoped hash table, so lookups stay O(1)
 * however long a procedure is. Slots are reused by sibling scopes; a
 * unit's local count is the highest slot used. Every error is reported
 * once and typed TY_ERROR so it does not cascade. The work is spread over
 * the files resolve_int.h lists.
 */
#include "resolve_int.h"

/* ------------------------------------------------------------------ entry */

oc_resolver *oc_resolve_declarations(oc_arena *arena, ast_file *file, diag *d)
{
    resolver *r = ARENA_NEW(arena, resolver); /* big (the local hash): not on the stack */
    r->a = arena;
    r->d = d;
    r->f = file;
    r->out = ARENA_NEW(arena, oc_resolution);
    rs_fact_pages(r, file); /* for the ids the parser gave */
    r->cur_step = -1;
    r->cur_rule = "";
    r->errors_before = d->errors;
    rs_check_header(r);
    rs_global_rehash(r);
    rs_declare_builtins(r);
    for (ast_decl *x = file->decls; x; x = x->next)
        rs_declare_one(r, x);
    for (ast_decl *x = file->decls; x; x = x->next)
        if (x->kind == D_CONST && x->is_override)
            rs_override_const(r, x);
    rs_override_values(r);
    for (ast_decl *x = file->decls; x; x = x->next)
        if (x->kind == D_ENUM && x->is_table)
            rs_table_fields(r, x);
    return r;
}

int oc_resolve_bodies(oc_resolver *r)
{
    ast_file *file = r->f;
    diag *d = r->d;
    if (!r->out->sequence)
        diag_error(d, file->title_loc.line ? file->title_loc : (ast_loc){1, 1},
                   "no 'sequence' block: a ruleset needs one");
    rs_index_decls(r);
    rs_signatures(r);
    rs_bounds(r);
    rs_hidden_decls(r);
    for (ast_decl *x = file->decls; x; x = x->next) {
        if (x->kind == D_FN)
            rs_fn_body(r, x);
        else if (x->kind == D_PROC || x->kind == D_SEQUENCE)
            rs_proc_body(r, x);
    }
    rs_policies(r);
    int any_revisable = 0;
    for (ast_decl *x = file->decls; x; x = x->next)
        any_revisable |= x->revisable;
    if ((r->has_revise || r->has_revisable_call) && !any_revisable)
        diag_error(d, r->has_revise ? r->revise_loc : r->revisable_call_loc,
                   "'%s' but no action is 'revisable'",
                   r->has_revise ? "revise" : "revisable()");
    for (ast_decl *x = file->decls; x; x = x->next)
        if (x->kind == D_SCENARIO)
            rs_scenario(r, x);
    rs_place_seat_vars(r);
    return d->errors - r->errors_before;
}

const oc_resolution *oc_resolution_of(const oc_resolver *r)
{
    return r->out;
}

int oc_resolve(oc_arena *arena, ast_file *file, diag *d, const oc_resolution **out)
{
    oc_resolver *r = oc_resolve_declarations(arena, file, d);
    oc_load_tables(arena, file, r->out, d);
    int errors = oc_resolve_bodies(r);
    *out = r->out;
    return errors;
}

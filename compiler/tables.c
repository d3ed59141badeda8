/* tables.c — data tables: `table Card from "cards.csv" named "..." { ... }`.
 *
 * Reads the table's CSV file (relative to the ruleset that declares it),
 * makes one member a row (named by the `named` template), and converts the
 * cells of every field's column(s) to the field's declared type, so that
 * the lowering only has to copy `values` into the program's data. Errors
 * point at the cell (cards.csv:12:7) or at the declaration (a missing
 * column), and every one of them is reported.
 */
#include <stdlib.h>
#include <string.h>

#include "passes.h"
#include "csv.h"

/* A field's column index for member m of its index enum (or the field's
 * own name); -1 after reporting it missing. */
static int column_of(diag *d, const ast_decl *t, const csv_table *csv, const ast_field *f,
                     const char *name, const char *path)
{
    int c = csv_find_column(csv, name);
    if (c < 0)
        diag_error(d, f->loc, "table '%s': %s has no column '%s'", t->name, path, name);
    return c;
}

/* Member name -> ordinal, or -1. */
static int member_of(const ast_decl *e, const char *name)
{
    for (uint32_t i = 0; i < e->nmembers; i++)
        if (strcmp(e->members[i]->name, name) == 0)
            return (int)i;
    return -1;
}

static int cell_value(diag *d, const csv_table *csv, uint32_t row, uint32_t col,
                      const ast_type *ty, int32_t *out)
{
    const csv_field *c = csv_cell(csv, row, col);
    const char *colname = csv->head[col].text;
    switch (ty->kind) {
    case TY_INT:
        return csv_cell_int(d, csv, row, col, ty->ranged ? ty->lo : INT32_MIN,
                            ty->ranged ? ty->hi : INT32_MAX, out);
    case TY_BOOL:
        if (!strcmp(c->text, "true") || !strcmp(c->text, "1")) {
            *out = 1;
            return 0;
        }
        if (!strcmp(c->text, "false") || !strcmp(c->text, "0")) {
            *out = 0;
            return 0;
        }
        diag_error(d, c->loc, "expected true, false, 1 or 0 in column '%s', found '%s'",
                   colname, c->text);
        return -1;
    default: { /* TY_ENUM */
        int m = member_of(ty->enm, c->text);
        if (m >= 0) {
            *out = m;
            return 0;
        }
        diag_error(d, c->loc, "expected a member of '%s' in column '%s', found '%s'",
                   ty->enm->name, colname, c->text);
        return -1;
    }
    }
}

/* Fills f->values from its column(s). */
static void load_field(oc_arena *a, diag *d, const oc_resolution *res, const ast_decl *t,
                       const csv_table *csv, ast_field *f, const char *path)
{
    const ast_type *ty = oc_typeexpr_type(res, f->type); /* int, bool or enum (rtable) */
    const oc_field_facts *ff = oc_field_facts_of(res, f);
    uint32_t w = ff->width, n = csv->nrows;
    f->values = ARENA_ARRAY(a, int32_t, (size_t)w * n + 1);
    for (uint32_t m = 0; m < w; m++) {
        const char *name = ff->index_enum ? ff->index_enum->members[m]->name : f->name;
        int col = column_of(d, t, csv, f, name, path);
        if (col < 0)
            continue;
        for (uint32_t r = 0; r < n; r++)
            cell_value(d, csv, r, (uint32_t)col, ty, &f->values[(size_t)m * n + r]);
    }
}

/* Row r's name: the template with each {column} replaced by its cell. */
static const char *row_name(oc_arena *a, diag *d, const ast_decl *t, const csv_table *csv,
                            uint32_t r, int report)
{
    char buf[256];
    size_t k = 0;
    if (!t->table_named) {
        snprintf(buf, sizeof buf, "%s %u", t->name, r + 1);
        return arena_strdup(a, buf);
    }
    for (const char *s = t->table_named; *s && k + 1 < sizeof buf;) {
        const char *close = s[0] == '{' ? strchr(s, '}') : NULL;
        if (!close) {
            buf[k++] = *s++;
            continue;
        }
        char col[128];
        size_t len = (size_t)(close - s - 1);
        snprintf(col, sizeof col, "%.*s", (int)(len < sizeof col ? len : sizeof col - 1), s + 1);
        int c = csv_find_column(csv, col);
        if (c < 0) {
            if (report)
                diag_error(d, t->table_named_loc, "table '%s': the name template uses '{%s}', "
                           "which is not a column", t->name, col);
        } else {
            for (const char *v = csv_cell(csv, r, (uint32_t)c)->text; *v && k + 1 < sizeof buf;)
                buf[k++] = *v++;
        }
        s = close + 1;
    }
    buf[k] = 0;
    return arena_strdup(a, buf);
}

static void make_rows(oc_arena *a, diag *d, ast_decl *t, const csv_table *csv)
{
    t->nmembers = csv->nrows;
    t->members = ARENA_ARRAY(a, ast_sym *, csv->nrows + 1);
    for (uint32_t r = 0; r < csv->nrows; r++) {
        ast_sym *m = ARENA_NEW(a, ast_sym);
        m->name = row_name(a, d, t, csv, r, r == 0);
        m->loc = csv->cells ? csv_cell(csv, r, 0)->loc : t->loc;
        m->kind = SYM_MEMBER;
        m->decl = t;
        m->value = (int32_t)r;
        m->type.kind = TY_ENUM;
        m->type.enm = t;
        t->members[r] = m;
    }
}

static int by_name(const void *x, const void *y)
{
    const ast_sym *a = *(const ast_sym *const *)x, *b = *(const ast_sym *const *)y;
    int c = strcmp(a->name, b->name);
    return c ? c : (a->value > b->value) - (a->value < b->value);
}

/* Two rows of one name look alike in every label, trace line and choices
 * file (`choose "buy L1 ..."` takes the first offered): a warning at the
 * later row, once a name. */
static void warn_same_names(oc_arena *a, diag *d, const ast_decl *t)
{
    if (t->nmembers < 2)
        return;
    ast_sym **v = ARENA_ARRAY(a, ast_sym *, t->nmembers);
    memcpy(v, t->members, t->nmembers * sizeof *v);
    qsort(v, t->nmembers, sizeof *v, by_name);
    for (uint32_t i = 1; i < t->nmembers; i++)
        if (strcmp(v[i]->name, v[i - 1]->name) == 0 &&
            (i < 2 || strcmp(v[i - 1]->name, v[i - 2]->name) != 0)) {
            diag_warning(d, DIAG_W_TABLE_SAME_NAMES, v[i]->loc, "rows %d and %d of table '%s' have the same name '%s': "
                         "labels and traces cannot tell them apart (the table's 'named' "
                         "template can add a column that differs)",
                         (int)v[i - 1]->value + 1, (int)v[i]->value + 1, t->name, v[i]->name);
        }
}

static int load_table(oc_arena *arena, diag *d, const oc_resolution *res, ast_decl *t)
{
    int before = d->errors;
    const char *from = diag_path(d, ast_file_of(t->table_path_loc));
    const char *path = oc_path_beside(arena, from, t->table_path);
    size_t len = 0;
    int err = 0;
    char *text = oc_read_text(arena, path, OC_MAX_TABLE_BYTES, &len, &err);
    if (!text) {
        char why[96];
        diag_error(d, t->table_path_loc, "cannot read the table file '%s': %s", path,
                   oc_read_problem(err, OC_MAX_TABLE_BYTES, why, sizeof why));
        return d->errors - before;
    }
    int file = diag_add_file(d, path, text, len);
    if (file < 0) {
        diag_error(d, t->table_path_loc, "too many files in one compilation");
        return d->errors - before;
    }
    csv_table csv;
    if (csv_read_file(arena, d, (uint32_t)file, text, len, &csv) != 0)
        return d->errors - before;
    if (csv.nrows == 0 || csv.nrows > 65535) {
        diag_error(d, t->table_path_loc, "table '%s': %s has %u rows (1..65535 allowed)",
                   t->name, path, csv.nrows);
        return d->errors - before;
    }
    make_rows(arena, d, t, &csv);
    warn_same_names(arena, d, t);
    for (ast_field *f = t->fields; f; f = f->next)
        load_field(arena, d, res, t, &csv, f, path);
    return d->errors - before;
}

/* Whether resolution typed every field (an int, bool or enum) and its
 * index: a table whose fields did not all resolve is not read, its errors
 * already said. */
static int fields_typed(const oc_resolution *res, const ast_decl *t)
{
    for (const ast_field *f = t->fields; f; f = f->next) {
        int k = oc_typeexpr_type(res, f->type)->kind;
        if ((f->index && !oc_field_facts_of(res, f)->index_enum) ||
            (k != TY_INT && k != TY_BOOL && k != TY_ENUM))
            return 0;
    }
    return 1;
}

int oc_load_tables(oc_arena *arena, ast_file *file, const oc_resolution *res, diag *d)
{
    int errors = 0;
    for (ast_decl *t = file->decls; t; t = t->next)
        if (t->kind == D_ENUM && t->is_table && fields_typed(res, t))
            errors += load_table(arena, d, res, t);
    return errors;
}

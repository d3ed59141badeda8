/* label_check.c — the labels a scenario says are not offered, held
 * against every label the built program can render: an option's template
 * (its "{}" filled with any value its param may take) or an escape's
 * label. `expect not offered "L"` for an L no option can ever render
 * always holds, so it pins nothing down: a warning (issue 29, 5: a
 * misspelt label of this kind went unnoticed in catan_cwc). Runs on the
 * lowered program, whose tables hold every option there is. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes.h"

/* Whether `text` (n bytes) is how a value of kind/enum_id is written:
 * an enum's member or a table's row, a player (or none), a bool, an int. */
static int renders_value(const ordo_program *p, int kind, int enum_id, const char *text,
                         size_t n)
{
    char buf[256];
    int32_t lo = 0, hi = -1;
    switch (kind) {
    case ORDO_K_INT: {
        size_t i = n && text[0] == '-';
        if (i == n)
            return 0;
        for (; i < n; i++)
            if (text[i] < '0' || text[i] > '9')
                return 0;
        return 1;
    }
    case ORDO_K_BOOL: lo = 0, hi = 1; break;
    case ORDO_K_PLAYER: lo = -1, hi = p->max_players - 1; break;
    case ORDO_K_ENUM:
        if (enum_id >= p->nenums)
            return 1; /* not known here: anything may be */
        hi = (int32_t)p->enums[enum_id].count - 1;
        break;
    default: return 1;
    }
    for (int32_t v = lo; v <= hi; v++)
        if (ordo_format_value(p, kind, enum_id, v, buf, sizeof buf) >= 0 && strlen(buf) == n &&
            memcmp(buf, text, n) == 0)
            return 1;
    return 0;
}

/* Whether option o's template can render `label`. */
static int option_renders(const ordo_program *p, const ordo_option *o, const char *label)
{
    const char *t = o->label ? o->label : "";
    const char *hole = strstr(t, "{}");
    if (!hole || o->param_kind == 0xff)
        return strcmp(t, label) == 0;
    size_t pre = (size_t)(hole - t), post = strlen(hole + 2), n = strlen(label);
    if (n < pre + post || memcmp(label, t, pre) != 0 || strcmp(label + n - post, hole + 2) != 0)
        return 0;
    return renders_value(p, o->param_kind, o->param_enum, label + pre, n - pre - post);
}

static int can_render(const ordo_program *p, const char *label)
{
    for (uint32_t i = 0; i < p->noptions; i++)
        if (option_renders(p, &p->options[i], label))
            return 1;
    for (uint32_t i = 0; i < p->nescapes; i++)
        if (p->escapes[i].label && strcmp(p->escapes[i].label, label) == 0)
            return 1;
    return 0;
}

void oc_check_scenario_labels(const ast_file *f, const ordo_program *p, diag *d)
{
    for (const ast_decl *sd = f->decls; sd; sd = sd->next) {
        if (sd->kind != D_SCENARIO || sd->layer + 1 < f->nlayers)
            continue; /* a base's scenarios test the base, and are not run here */
        for (const ast_item *it = sd->items; it; it = it->next) {
            if (it->kind != IT_SC_NOT_OFFERED)
                continue;
            for (uint32_t k = 0; k < it->nlabels; k++)
                if (!can_render(p, it->labels[k]))
                    diag_warning(d, DIAG_W_VACUOUS_EXPECT,
                                 it->label_locs ? it->label_locs[k] : it->loc,
                                 "no option can be labelled \"%s\": this 'expect not "
                                 "offered' always holds",
                                 it->labels[k]);
        }
    }
}

/* test_tables.c — data tables and layers through the compiler's API, on
 * files written to a temporary directory: the program's data (fields one
 * after another, an array field member-major) and the DATA instructions
 * that read it, run by the VM; the rows' names in the enums table; the
 * limit of 65535 names in all (an error, not an inconsistent program); a
 * layer's program (the layer's title, the base's players, only the
 * layer's scenarios); a chain of layers too long. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "compiler.h"
#include "ordo.h"

enum {
#define OP(name, ...) T_OP_##name,
#include "opcode_list.h"
#undef OP
};

typedef struct ws {
    char dir[64];
    char path[160];
    char *msgs;
    size_t len;
    FILE *out;
    oc_compiler *c;
} ws;

/* dir/name, written with text */
static const char *put(ws *w, const char *name, const char *text)
{
    snprintf(w->path, sizeof w->path, "%s/%s", w->dir, name);
    FILE *f = fopen(w->path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return w->path;
}

static ws *ws_new(void)
{
    ws *w = calloc(1, sizeof *w);
    assert_non_null(w);
    strcpy(w->dir, "/tmp/ordo_tables_XXXXXX");
    assert_non_null(mkdtemp(w->dir));
    w->out = open_memstream(&w->msgs, &w->len);
    oc_options opt = {.diag = w->out};
    w->c = oc_new(&opt);
    assert_non_null(w->c);
    return w;
}

static const ordo_program *compile(ws *w, const char *name)
{
    char path[160];
    snprintf(path, sizeof path, "%s/%s", w->dir, name);
    const ordo_program *p = oc_compile_file(w->c, path);
    fflush(w->out);
    return p;
}

static void ws_free(ws *w, const char *const *names)
{
    for (; *names; names++) {
        snprintf(w->path, sizeof w->path, "%s/%s", w->dir, *names);
        unlink(w->path);
    }
    rmdir(w->dir);
    oc_free(w->c);
    fclose(w->out);
    free(w->msgs);
    free(w);
}

/* a 2-player game of p with seed 1, played to its end */
static ordo_game *played(const ordo_program *p)
{
    ordo_game *g = NULL;
    assert_int_equal(ordo_new(p, 2, 1, &g), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    return g;
}

/* the value of the scalar var `name` */
static int32_t value(const ordo_game *g, const ordo_program *p, const char *name)
{
    for (uint32_t i = 0; i < p->nvars; i++)
        if (strcmp(p->vars[i].name, name) == 0) {
            int32_t v = 0;
            assert_int_equal(ordo_get(g, (int)i, 0, 0, -1, &v), ORDO_OK);
            return v;
        }
    fail_msg("no var %s", name);
    return 0;
}

static void test_data_and_reads(void **state)
{
    (void)state;
    ws *w = ws_new();
    put(w, "cards.csv", "level,white,blue,points\n1,0,1,5\n3,4,2,7\n");
    put(w, "t.ordo", "ruleset \"t\"\nplayers 2\nenum Gem { white, blue }\n"
                     "table Card from \"cards.csv\" named \"L{level}/{points}\" {\n"
                     "    points: int\n    cost[Gem]: 0..9\n    level: 1..3\n}\n"
                     "var a: int\nvar b: int\nvar d: int\nvar k: Gem\nvar top: Card\n"
                     "sequence {\n    top = first c in Card by c.level desc\n"
                     "    a = top.points\n    b = top.cost[blue]\n"
                     "    k = blue\n    d = top.cost[k]\n}\n");
    const ordo_program *p = compile(w, "t.ordo");
    assert_non_null(p);
    /* points (2 rows), cost (white: 2 rows, blue: 2 rows), level */
    static const int32_t want[] = {5, 7, 0, 4, 1, 2, 1, 3};
    assert_int_equal(p->ndata, 8);
    assert_memory_equal(p->data, want, sizeof want);
    /* the second enum is the table, its members the rows' names */
    assert_int_equal(p->nenums, 2);
    assert_string_equal(p->enums[1].name, "Card");
    assert_int_equal(p->enums[1].count, 2);
    assert_string_equal(p->names[p->enums[1].first], "L1/5");
    assert_string_equal(p->names[p->enums[1].first + 1], "L3/7");
    /* c.level (the key), top.points, top.cost[blue]: a constant index
     * reads one column, cost's blue one at 2 + 1 * 2 rows; top.cost[k]
     * pushes k and reads the field from its first column */
    int level = 0, points = 0, cost = 0, cost_k = 0;
    for (uint32_t i = 0; i < p->ncode; i++) {
        const ordo_insn *in = &p->code[i];
        if (in->op != T_OP_DATA)
            continue;
        assert_int_equal(in->a, 2); /* rows */
        if (in->x == 0 && in->b == 6)
            level++;
        else if (in->x == 0 && in->b == 0)
            points++;
        else if (in->x == 0 && in->b == 4)
            cost++;
        else if (in->x == 1 && in->b == 2)
            cost_k++;
        else
            fail_msg("DATA x=%u a=%u b=%d", in->x, in->a, in->b);
    }
    assert_int_equal(level, 1);
    assert_int_equal(points, 1);
    assert_int_equal(cost, 1);
    assert_int_equal(cost_k, 1);
    ordo_game *g = played(p);
    assert_int_equal(value(g, p, "a"), 7);
    assert_int_equal(value(g, p, "b"), 2);
    assert_int_equal(value(g, p, "d"), 2);
    assert_int_equal(value(g, p, "top"), 1);
    ordo_free(g);
    ws_free(w, (const char *const[]){"cards.csv", "t.ordo", NULL});
}

/* 2 x 33000 rows do not fit the 16-bit names table: a diagnostic */
static void test_too_many_rows_in_all(void **state)
{
    (void)state;
    ws *w = ws_new();
    size_t n = 33000;
    char *csv = malloc(2 + 2 * n + 1);
    assert_non_null(csv);
    memcpy(csv, "n\n", 2);
    for (size_t i = 0; i < n; i++)
        memcpy(csv + 2 + 2 * i, "1\n", 2);
    csv[2 + 2 * n] = 0;
    put(w, "big.csv", csv);
    free(csv);
    put(w, "t.ordo", "ruleset \"t\"\nplayers 2\ntable A from \"big.csv\" { n: int }\n"
                     "table B from \"big.csv\" { n: int }\nsequence { }\n");
    assert_null(compile(w, "t.ordo"));
    assert_int_equal(oc_error_count(w->c), 1);
    char want[200];
    snprintf(want, sizeof want, "%s/t.ordo:4:7: error: 'B' brings the members of enums and "
             "the rows of tables to 66000 (65535 at most)\n", w->dir);
    assert_non_null(strstr(w->msgs, want));
    assert_null(strstr(w->msgs, "internal error"));
    ws_free(w, (const char *const[]){"big.csv", "t.ordo", NULL});
}

static void test_layer_program(void **state)
{
    (void)state;
    ws *w = ws_new();
    put(w, "base.ordo", "ruleset \"base\"\nsource \"the base's\"\nplayers 2..3\n"
                        "const N = 2\nvar x: 0..9\nsequence { x = N }\n"
                        "scenario \"b1\" { play expect x == 2 }\n"
                        "scenario \"b2\" { play expect x == 2 }\n");
    put(w, "layer.ordo", "ruleset \"layer\"\nextends \"base.ordo\"\noverride const N = 5\n"
                         "scenario \"l1\" { play expect x == 5 }\n");
    const ordo_program *p = compile(w, "layer.ordo");
    assert_non_null(p);
    assert_string_equal(p->title, "layer");
    assert_string_equal(p->source, "the base's");
    assert_int_equal(p->min_players, 2);
    assert_int_equal(p->max_players, 3);
    assert_int_equal(p->nscenarios, 1);
    assert_string_equal(p->scenarios[0].name, "l1");
    /* the sequence's code is the base's: its file is the base's, by line */
    const char *f = ordo_file_at(p, p->procs[p->main_proc].pc);
    assert_non_null(f);
    assert_non_null(strstr(f, "base.ordo"));
    assert_non_null(strstr(p->file, "layer.ordo"));
    assert_null(ordo_file_at(NULL, 0));
    ordo_game *g = played(p);
    assert_int_equal(value(g, p, "x"), 5);
    ordo_free(g);
    ws_free(w, (const char *const[]){"base.ordo", "layer.ordo", NULL});
}

/* l0 extends l1 ... l16 extends l17: 18 files, 16 at most */
static void test_chain_too_long(void **state)
{
    (void)state;
    ws *w = ws_new();
    char name[32], text[128];
    for (int k = 0; k <= 17; k++) {
        snprintf(name, sizeof name, "l%d.ordo", k);
        if (k < 17)
            snprintf(text, sizeof text, "ruleset \"l%d\"\nextends \"l%d.ordo\"\n", k, k + 1);
        else
            snprintf(text, sizeof text, "ruleset \"l17\"\nplayers 2\nsequence { }\n");
        put(w, name, text);
    }
    assert_null(compile(w, "l0.ordo"));
    assert_int_equal(oc_error_count(w->c), 1);
    char want[200];
    snprintf(want, sizeof want, "%s/l15.ordo:2:9: error: more than 16 rulesets extend one "
             "another\n", w->dir);
    assert_non_null(strstr(w->msgs, want));
    const char *names[19];
    static char store[18][24];
    for (int k = 0; k <= 17; k++) {
        snprintf(store[k], sizeof store[k], "l%d.ordo", k);
        names[k] = store[k];
    }
    names[18] = NULL;
    ws_free(w, names);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_data_and_reads),
        cmocka_unit_test(test_too_many_rows_in_all),
        cmocka_unit_test(test_layer_program),
        cmocka_unit_test(test_chain_too_long),
    };
    return cmocka_run_group_tests_name("tables", tests, NULL, NULL);
}

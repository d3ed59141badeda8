/* test_runtime_sets.c — set vars in the runtime, through small compiled
 * rulesets: members added once and walked in ascending order across the
 * words of a cell, the errors of a value outside the domain and of a
 * removal of a non-member, `in` of any value, the host's ordo_get and
 * ordo_set on a set, a hidden set in a seat's view and a revealed one in
 * the trace, and a save whose set holds a bit past its domain refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler.h"
#include "compile_path.h"
#include "vm.h"

static const char src[] =
    "ruleset \"sets\"\n"
    "players 2\n"
    "enum Gem { white, blue, green, red, black }\n"
    "var s: set of 0..99\n"
    "var hand[player]: set of Gem hidden\n"
    "var walked: list of 0..99 [8]\n"
    "fn has(x: int): bool = x in s\n"
    "fn size(): int = len(s)\n"
    "fn total(): int = sum c in s of c\n"
    "proc fill() {\n"
    "    add 5 to s\n"
    "    add 70 to s\n"
    "    add 63 to s\n"
    "    add 64 to s\n"
    "    add 5 to s\n"
    "    add white to hand[player 1]\n"
    "    add red to hand[player 1]\n"
    "}\n"
    "proc walk() {\n"
    "    clear walked\n"
    "    for c in s { add c to walked }\n"
    "}\n"
    "proc put(x: int) { add x to s }\n"
    "proc take(x: int) { remove x from s }\n"
    "proc show_hand() { reveal hand[player 1] to player 2 }\n"
    "proc empty() { clear s }\n"
    /* called, so they are lowered (an unused proc is compiled empty) */
    "sequence {\n"
    "    fill() walk() show_hand()\n"
    "    if len(walked) > 8 and has(1) and size() < total() { put(1) take(1) empty() }\n"
    "}\n";

static int var_of(const ordo_program *p, const char *name)
{
    int v = ordo_find_var(p, name);
    assert_true(v >= 0);
    return v;
}

static int32_t get(const ordo_game *g, int v, int i, int elem)
{
    int32_t out = INT32_MIN;
    assert_int_equal(ordo_get(g, v, i, 0, elem, &out), ORDO_OK);
    return out;
}

static int32_t eval1(ordo_game *g, const char *fn, int32_t arg, int nargs)
{
    int32_t r = INT32_MIN;
    assert_int_equal(ordo_eval(g, proc_named(g->p, fn), &arg, nargs, &r), ORDO_OK);
    return r;
}

static const ordo_program *compile(oc_compiler **c)
{
    oc_options opt = {0};
    *c = oc_new(&opt);
    assert_non_null(*c);
    const ordo_program *p = oc_compile_string(*c, "sets.ordo", src, sizeof src - 1);
    assert_non_null(p);
    return p;
}

static ordo_game *filled(const ordo_program *p)
{
    ordo_game *g;
    assert_int_equal(ordo_new(p, 2, 1, &g), ORDO_OK);
    assert_int_equal(ordo_exec(g, proc_named(p, "fill"), NULL, 0), ORDO_OK);
    return g;
}

/* 5, 63 | 64, 70 straddle the first two words: the walk finds them in
 * order, each once. */
static void test_members_in_order(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile(&c);
    int s = var_of(p, "s"), walked = var_of(p, "walked");
    assert_true(p->vars[s].is_set && p->vars[s].cap == 100 && p->vars[s].stride == 16);
    ordo_game *g = filled(p);
    assert_int_equal(eval1(g, "size", 0, 0), 4);
    assert_int_equal(eval1(g, "total", 0, 0), 5 + 63 + 64 + 70);
    assert_int_equal(ordo_exec(g, proc_named(p, "walk"), NULL, 0), ORDO_OK);
    static const int32_t want[4] = {5, 63, 64, 70};
    assert_int_equal(get(g, walked, 0, -1), 4);
    for (int k = 0; k < 4; k++) {
        assert_int_equal(get(g, walked, 0, k), want[k]);
        assert_int_equal(get(g, s, 0, k), want[k]); /* the host reads it as that list */
    }
    int32_t out;
    assert_int_equal(ordo_get(g, s, 0, 0, 4, &out), ORDO_E_ARG);
    /* `in` of any value: outside 0..99 is no member */
    assert_int_equal(eval1(g, "has", 64, 1), 1);
    assert_int_equal(eval1(g, "has", 65, 1), 0);
    assert_int_equal(eval1(g, "has", -1, 1), 0);
    assert_int_equal(eval1(g, "has", 1000, 1), 0);
    /* taken out, it is not walked */
    int32_t x = 63;
    assert_int_equal(ordo_exec(g, proc_named(p, "take"), &x, 1), ORDO_OK);
    assert_int_equal(ordo_exec(g, proc_named(p, "walk"), NULL, 0), ORDO_OK);
    assert_int_equal(get(g, walked, 0, -1), 3);
    assert_int_equal(get(g, walked, 0, 0), 5);
    assert_int_equal(get(g, walked, 0, 1), 64);
    assert_int_equal(ordo_exec(g, proc_named(p, "empty"), NULL, 0), ORDO_OK);
    assert_int_equal(eval1(g, "size", 0, 0), 0);
    unsigned char zero[16] = {0};
    assert_memory_equal(VM_STATE(g) + p->vars[s].offset, zero, 16);
    ordo_free(g);
    oc_free(c);
}

static void run_error(const ordo_program *p, const char *proc, int32_t x, int rc,
                      const char *msg)
{
    ordo_game *g = filled(p);
    assert_int_equal(ordo_exec(g, proc_named(p, proc), &x, 1), rc);
    char buf[256];
    assert_true(ordo_error_message(g, buf, sizeof buf) >= 0);
    if (!strstr(buf, msg))
        fail_msg("%s(%d): \"%s\" does not say \"%s\"", proc, (int)x, buf, msg);
    ordo_free(g);
}

static void test_errors(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile(&c);
    run_error(p, "put", 100, ORDO_E_RANGE, "100");
    run_error(p, "put", -1, ORDO_E_RANGE, "-1");
    run_error(p, "take", 6, ORDO_E_LIST, "remove 6 from s: not in the set");
    run_error(p, "take", 100, ORDO_E_LIST, "remove 100 from s: not in the set");
    oc_free(c);
}

/* ordo_set on a set: elem 1 puts a member in, 0 takes it out, -1 with 0
 * empties it; a value outside the domain is refused. */
static void test_host_writes(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile(&c);
    int s = var_of(p, "s");
    ordo_game *g = filled(p);
    assert_int_equal(ordo_set(g, s, 0, 0, 1, 99), ORDO_OK);
    assert_int_equal(ordo_set(g, s, 0, 0, 0, 5), ORDO_OK);
    assert_int_equal(get(g, s, 0, -1), 4);
    assert_int_equal(get(g, s, 0, 0), 63);
    assert_int_equal(get(g, s, 0, 3), 99);
    assert_int_equal(ordo_set(g, s, 0, 0, 1, 100), ORDO_E_RANGE);
    assert_int_equal(ordo_set(g, s, 0, 0, 2, 7), ORDO_E_ARG);
    assert_int_equal(ordo_set(g, s, 0, 0, -1, 3), ORDO_E_RANGE);
    assert_int_equal(ordo_set(g, s, 0, 0, -1, 0), ORDO_OK);
    assert_int_equal(get(g, s, 0, -1), 0);
    ordo_free(g);
    oc_free(c);
}

static void on_event(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    if (ev->kind == ORDO_EV_REVEAL)
        assert_true(ordo_event_text(g, ev, ctx, 200) >= 0);
}

/* A hidden set: its owner sees its members, the other seat an empty set;
 * revealed, the trace lists its members. */
static void test_hidden_set(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile(&c);
    int hand = var_of(p, "hand");
    ordo_game *g = filled(p);
    ordo_game *v = malloc(ordo_game_size(p));
    assert_non_null(v);
    memcpy(v, g, ordo_game_size(p)); /* a game of the program to view into */
    assert_int_equal(ordo_view(v, g, 0), ORDO_OK);
    assert_int_equal(get(v, hand, 0, -1), 2);
    assert_int_equal(get(v, hand, 0, 1), 3); /* red */
    assert_int_equal(ordo_view(v, g, 1), ORDO_OK);
    assert_int_equal(get(v, hand, 0, -1), 0);
    free(v);
    ordo_free(g);
    char line[200] = "";
    assert_int_equal(ordo_new(p, 2, 1, &g), ORDO_OK);
    ordo_set_trace(g, on_event, line);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_string_equal(line, "1 reveal hand[player 1] to player 2: white, red");
    ordo_free(g);
    oc_free(c);
}

/* A restored set with a bit past its domain is refused (the VM never sets
 * one, and equal games must be equal byte for byte); one with another
 * member restores with it. */
static void test_restore_checks_sets(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile(&c);
    int s = var_of(p, "s");
    ordo_game *g = filled(p);
    size_t n = ordo_save_size(g);
    unsigned char *save = malloc(n);
    assert_non_null(save);
    assert_int_equal(ordo_save(g, save, n), ORDO_OK);
    /* the cell's second word (members 64..99) is in the save as in the block */
    size_t at = 0;
    const unsigned char *cell = VM_STATE(g) + p->vars[s].offset + 8;
    for (size_t k = 0; k + 8 <= n; k++)
        if (memcmp(save + k, cell, 8) == 0 && k >= (size_t)(cell - (const unsigned char *)g)) {
            at = k;
            break;
        }
    assert_true(at > 0);
    size_t size = ordo_game_size(p);
    void *mem = aligned_alloc(8, (size + 7) & ~(size_t)7);
    assert_non_null(mem);
    for (int bit = 0; bit < 2; bit++) {
        unsigned char *f = malloc(n);
        assert_non_null(f);
        memcpy(f, save, n);
        uint64_t w;
        memcpy(&w, f + at, 8);
        w |= (uint64_t)1 << (bit ? 40 : 30); /* member 94; bit 104, past 99 */
        memcpy(f + at, &w, 8);
        uint64_t h = 14695981039346656037ull; /* the checksum made right again */
        for (size_t i = 0; i < n - 8; i++)
            h = (h ^ f[i]) * 1099511628211ull;
        memcpy(f + n - 8, &h, 8);
        ordo_game *r = NULL;
        char msg[200] = "";
        int rc = ordo_restore(mem, size, p, f, n, &r, msg, sizeof msg);
        if (bit) {
            assert_int_equal(rc, ORDO_E_PROGRAM);
            assert_non_null(strstr(msg, "set 's' holds a member beyond its 100"));
        } else {
            assert_int_equal(rc, ORDO_OK);
            assert_int_equal(get(r, s, 0, -1), 5);
            assert_int_equal(get(r, s, 0, 4), 94);
        }
        free(f);
    }
    free(mem);
    free(save);
    ordo_free(g);
    oc_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_members_in_order),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_host_writes),
        cmocka_unit_test(test_hidden_set),
        cmocka_unit_test(test_restore_checks_sets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

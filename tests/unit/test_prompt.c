/* test_prompt.c — a pending decision's prompt (ordo_prompt): the text its
 * `choose` gives, its {names} read from the waiting frame's locals, in a
 * plain, a secret and a simultaneous decision; "" (0) for a choose with
 * none; ORDO_E_STATE with no decision pending, ORDO_E_ARG for NULL; the
 * length like snprintf's when the buffer is short; the same after a save
 * and a restore. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler.h"

static const char rules[] =
    "ruleset \"prompts\"\n"
    "players 2\n"
    "var n: 0..9\n"
    "sequence {\n"
    "    for p in players {\n"
    "        let k = 2\n"
    "        choose p \"{p}, take up to {k}?\" {\n"
    "            option \"take {m}\" for m in 1..2 { n += m }\n"
    "            option \"pass\" { }\n"
    "        }\n"
    "    }\n"
    "    choose player 2 secretly \"a secret?\" {\n"
    "        option \"yes\" { }\n"
    "    }\n"
    "    simultaneously for q in players {\n"
    "        choose q \"bid, {q}?\" {\n"
    "            option \"bid\" { }\n"
    "        }\n"
    "    }\n"
    "    choose player 1 {\n"
    "        option \"go\" { }\n"
    "    }\n"
    "}\n";

static void expect_prompt(ordo_game *g, const char *want)
{
    char buf[128];
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(ordo_prompt(g, buf, sizeof buf), (int)strlen(want));
    assert_string_equal(buf, want);
    assert_int_equal(ordo_choose(g, 0), ORDO_OK);
}

static void test_prompts(void **state)
{
    (void)state;
    oc_options opt = {0};
    oc_compiler *c = oc_new(&opt);
    const ordo_program *p = oc_compile_string(c, "prompts.ordo", rules, sizeof rules - 1);
    assert_non_null(p);
    ordo_game *g;
    assert_int_equal(ordo_new(p, 2, 1, &g), ORDO_OK);
    char buf[8];
    assert_int_equal(ordo_prompt(g, buf, sizeof buf), ORDO_E_STATE); /* not run yet */
    assert_int_equal(ordo_prompt(NULL, buf, sizeof buf), ORDO_E_ARG);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    /* short buffer: cut, the whole length returned */
    assert_int_equal(ordo_prompt(g, buf, sizeof buf), (int)strlen("player 1, take up to 2?"));
    assert_string_equal(buf, "player ");
    assert_int_equal(ordo_prompt(g, NULL, 0), (int)strlen("player 1, take up to 2?"));
    /* a save and a restore keep the frame the prompt reads */
    size_t n = ordo_save_size(g);
    unsigned char *s = malloc(n);
    assert_non_null(s);
    assert_int_equal(ordo_save(g, s, n), ORDO_OK);
    size_t size = ordo_game_size(p);
    void *mem = aligned_alloc(8, (size + 7) & ~(size_t)7);
    ordo_game *r;
    assert_int_equal(ordo_restore(mem, size, p, s, n, &r, NULL, 0), ORDO_OK);
    char big[64];
    assert_true(ordo_prompt(r, big, sizeof big) > 0);
    assert_string_equal(big, "player 1, take up to 2?");
    free(mem);
    free(s);
    assert_int_equal(ordo_choose(g, 0), ORDO_OK);
    expect_prompt(g, "player 2, take up to 2?");
    expect_prompt(g, "a secret?");
    expect_prompt(g, "bid, player 1?");
    expect_prompt(g, "bid, player 2?");
    expect_prompt(g, ""); /* a choose with no prompt */
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(ordo_prompt(g, buf, sizeof buf), ORDO_E_STATE);
    ordo_free(g);
    oc_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prompts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

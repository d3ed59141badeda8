/* test_eval_pure.c — ordo_eval changes nothing. Every fn of every shipped
 * ruleset (the rules' own fns, the preconditions of actions, scenario
 * expectations, policy lines) is evaluated at the decisions of random
 * games, with arguments drawn from each parameter's kind, and the game
 * block is compared byte for byte before and after. An evaluation that
 * fails (a bad index for a drawn argument, say) stops the game, as ordo.h
 * says: then the declared state, the stack and the decision must still be
 * as they were, only the status and the error's record may differ. A proc
 * that is no fn is refused before it runs. */
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
#include "game_copy.h"
#include "vm.h"

/* An argument of kind k drawn for a game of np players: mostly in range,
 * now and then just outside it. */
static int32_t draw_arg(const ordo_program *p, const ordo_proc *f, int k, int np, uint64_t *rng)
{
    uint32_t r = ordo_rng_below(rng, 100);
    switch (f->param_kind[k]) {
    case ORDO_K_PLAYER:
        return r < 90 ? (int32_t)ordo_rng_below(rng, (uint32_t)np) : r < 95 ? -1 : np;
    case ORDO_K_BOOL:
        return (int32_t)(r & 1);
    case ORDO_K_ENUM: {
        uint32_t n = f->param_enum[k] < p->nenums ? p->enums[f->param_enum[k]].count : 1;
        return r < 95 ? (int32_t)ordo_rng_below(rng, n ? n : 1) : -1;
    }
    default:
        return (int32_t)ordo_rng_below(rng, 12) - 1;
    }
}

/* The game block but its header's run status and error record: what a
 * failed evaluation may change. */
static void assert_same_but_status(const ordo_game *a, const ordo_game *b)
{
    size_t from = offsetof(struct ordo_game, err_detail) + ORDO_DETAIL_MAX;
    assert_int_equal(ordo_size(a), ordo_size(b));
    assert_memory_equal((const char *)a + from, (const char *)b + from, ordo_size(a) - from);
    assert_int_equal(a->pc, b->pc);
    assert_int_equal(a->sp, b->sp);
    assert_int_equal(a->nframes, b->nframes);
    assert_int_equal(a->seq, b->seq);
    assert_int_equal(a->rng, b->rng);
}

static void evaluate_all(const ordo_program *p, ordo_game *g, uint64_t *rng, long *ok,
                         long *failed)
{
    ordo_game *before = dup_game(g);
    ordo_game *work = malloc(ordo_size(g));
    assert_non_null(work);
    int np = ordo_player_count(g);
    for (int f = 0; f < p->nprocs; f++) {
        const ordo_proc *fn = &p->procs[f];
        int32_t args[ORDO_EVENT_MAX_ARGS] = {0}, v;
        for (int k = 0; k < fn->nparams && k < ORDO_EVENT_MAX_ARGS; k++)
            args[k] = draw_arg(p, fn, k, np, rng);
        ordo_copy(work, g);
        int rc = ordo_eval(work, f, args, fn->nparams, &v);
        if (!fn->returns) {
            assert_int_equal(rc, ORDO_E_ARG);
            assert_same_game(work, before);
        } else if (rc == ORDO_OK) {
            assert_same_game(work, before);
            ++*ok;
        } else {
            assert_true(rc != ORDO_E_PROGRAM && rc != ORDO_E_OPCODE);
            assert_same_but_status(work, before);
            ++*failed;
        }
    }
    free(work);
    free(before);
}

static void test_every_fn_of_every_ruleset(void **state)
{
    (void)state;
    static const char *const files[] = {
        "rulesets/titan.ordo",         "rulesets/odin.ordo",
        "rulesets/teotihuacan.ordo",   "rulesets/splendor_solo.ordo",
        "rulesets/splendor_easier.ordo", "rulesets/splendor_harder.ordo",
        "tests/e2e/data/stones.ordo",  "tests/e2e/data/actions.ordo",
    };
    long ok = 0, failed = 0;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        oc_compiler *c;
        const ordo_program *p = compile_path(&c, files[i]);
        uint64_t rng = 1000 + i;
        for (int game = 0; game < 3; game++) {
            ordo_game *g;
            int np = p->min_players + game % (p->max_players - p->min_players + 1);
            assert_int_equal(ordo_new(p, np, 40 + (uint64_t)game, &g), ORDO_OK);
            int decisions = 0;
            while (ordo_run(g) == ORDO_DECIDE && decisions < 400) {
                if (decisions % 23 == 0)
                    evaluate_all(p, g, &rng, &ok, &failed);
                assert_int_equal(ordo_choose(g, ordo_policy_random(g, &rng)), ORDO_OK);
                decisions++;
            }
            evaluate_all(p, g, &rng, &ok, &failed); /* at the end too */
            ordo_free(g);
        }
        oc_free(c);
    }
    print_message("evaluations: %ld gave a value, %ld stopped with an error\n", ok, failed);
    assert_true(ok > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_fn_of_every_ruleset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

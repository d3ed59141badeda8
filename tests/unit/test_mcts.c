/* test_mcts.c — the host kit's MCTS policy (runtime/host/mcts.c): it finds
 * the one winning combination of tests/e2e/data/lock.ordo that random play
 * misses; the same generator gives the same decision; a pool too small to
 * search still gives a legal option, and a game over, a decision of one
 * option and a game of another player count are answered without a
 * search; and on tests/e2e/data/showdown.ordo, its decision, and the
 * playouts it sends through each option, do not change when the cells
 * the deciding seat cannot see are dealt otherwise (the other player's
 * hand and the deck); and a redeal at a simultaneous group holds nothing
 * of the sealed picks made before the seat's (examples/language/
 * simultaneous.ordo). */
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
#include "ordo_host.h"

/* The search options of o for p, as play_resolve_policies leaves them. */
static play_search search_for(const ordo_program *p, uint32_t playouts, uint32_t nodes)
{
    play_options o;
    play_options_init(&o);
    assert_int_equal(play_resolve_policies(p, &o, "test_mcts"), 0);
    o.search.playouts = playouts;
    o.search.nodes = nodes;
    return o.search;
}

/* 7 then 3, on every seed; random play almost never opens the lock. */
static void test_finds_the_combination(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, "tests/e2e/data/lock.ordo");
    play_search s = search_for(p, 300, 0);
    int random_wins = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        ordo_game *g;
        assert_int_equal(ordo_new(p, 2, seed, &g), ORDO_OK);
        play_mcts *m = play_mcts_new(g, &s);
        assert_non_null(m);
        uint64_t rng = seed;
        assert_int_equal(ordo_run(g), ORDO_DECIDE);
        assert_int_equal(play_mcts_choose(m, g, &rng), ordo_find_option(g, "first 7"));
        assert_int_equal(ordo_choose(g, ordo_find_option(g, "first 7")), ORDO_OK);
        assert_int_equal(ordo_run(g), ORDO_DECIDE);
        assert_int_equal(play_mcts_choose(m, g, &rng), ordo_find_option(g, "second 3"));
        play_mcts_free(m);
        ordo_free(g);
    }
    for (uint64_t seed = 1; seed <= 100; seed++) {
        ordo_game *g;
        assert_int_equal(ordo_new(p, 2, seed, &g), ORDO_OK);
        uint64_t rng = seed;
        while (ordo_run(g) == ORDO_DECIDE)
            assert_int_equal(ordo_choose(g, ordo_policy_random(g, &rng)), ORDO_OK);
        random_wins += ordo_winner(g) == 0;
        ordo_free(g);
    }
    assert_true(random_wins <= 5);
    oc_free(c);
}

/* The same generator, the same decision and the same draws, whatever the
 * searcher's memory held before. */
static void test_deterministic(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, "examples/tutorial/race.ordo");
    play_search s = search_for(p, 150, 0);
    ordo_game *g;
    assert_int_equal(ordo_new(p, 3, 5, &g), ORDO_OK);
    play_mcts *a = play_mcts_new(g, &s), *b = play_mcts_new(g, &s);
    assert_non_null(a);
    assert_non_null(b);
    uint64_t policy = 9;
    for (int d = 0; d < 12 && ordo_run(g) == ORDO_DECIDE; d++) {
        uint64_t r1 = 100 + (uint64_t)d, r2 = r1;
        if (d % 2) { /* b searches something else first */
            uint64_t other = 7;
            play_mcts_choose(b, g, &other);
        }
        int k = play_mcts_choose(a, g, &r1);
        assert_true(k >= 0 && k < ordo_option_count(g));
        assert_int_equal(play_mcts_choose(b, g, &r2), k);
        assert_true(r1 == r2);
        assert_int_equal(ordo_choose(g, ordo_policy_random(g, &policy)), ORDO_OK);
    }
    play_mcts_free(a);
    play_mcts_free(b);
    ordo_free(g);
    oc_free(c);
}

/* A pool of 1 node (the root alone) or 3: a legal option all the same. */
static void test_tiny_pool(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, "tests/e2e/data/lock.ordo");
    for (uint32_t nodes = 1; nodes <= 3; nodes++) {
        play_search s = search_for(p, 1000, nodes);
        ordo_game *g;
        assert_int_equal(ordo_new(p, 2, 1, &g), ORDO_OK);
        play_mcts *m = play_mcts_new(g, &s);
        assert_non_null(m);
        uint64_t rng = 3;
        while (ordo_run(g) == ORDO_DECIDE) {
            int k = play_mcts_choose(m, g, &rng);
            assert_true(k >= 0 && k < ordo_option_count(g));
            assert_int_equal(ordo_choose(g, k), ORDO_OK);
        }
        assert_int_equal(ordo_status(g), ORDO_OVER);
        play_mcts_free(m);
        ordo_free(g);
    }
    oc_free(c);
}

/* No decision, one option, a bad argument: no search. */
static void test_no_search(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, "tests/e2e/data/lock.ordo");
    play_search s = search_for(p, 100, 0);
    ordo_game *g;
    assert_int_equal(ordo_new(p, 2, 1, &g), ORDO_OK);
    play_mcts *m = play_mcts_new(g, &s);
    assert_non_null(m);
    uint64_t rng = 1;
    assert_int_equal(play_mcts_choose(m, g, &rng), ORDO_E_STATE); /* not run yet */
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(play_mcts_choose(NULL, g, &rng), ORDO_E_ARG);
    assert_int_equal(play_mcts_choose(m, NULL, &rng), ORDO_E_ARG);
    assert_int_equal(play_mcts_choose(m, g, NULL), ORDO_E_ARG);
    for (int k = 0; k < 2; k++) {
        assert_int_equal(ordo_choose(g, 0), ORDO_OK);
        assert_int_equal(ordo_run(g), ORDO_DECIDE);
    }
    uint64_t before = rng;
    assert_int_equal(play_mcts_choose(m, g, &rng), 0); /* "look": the one option */
    assert_true(rng == before);
    assert_int_equal(ordo_choose(g, 0), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_OVER);
    assert_int_equal(play_mcts_choose(m, g, &rng), ORDO_E_STATE);
    play_mcts_free(m);
    play_mcts_free(NULL);
    s.program = NULL; /* not resolved */
    assert_null(play_mcts_new(g, &s));
    ordo_free(g);
    oc_free(c);
}

static int32_t total_of(const ordo_game *g, int hand, int who)
{
    int32_t t = 0, n;
    for (int32_t v = 1; v <= 6; v++)
        if (ordo_get(g, hand, who, v, 0, &n) == ORDO_OK)
            t += v * n;
    return t;
}

/* The cell of hand var `hand` of player `who` holding a card, from the
 * k-th (0-based) on: the card, or 0 when it holds no more. */
static int32_t held_card(const ordo_game *g, int hand, int who, int k)
{
    for (int32_t v = 1; v <= 6; v++) {
        int32_t n;
        assert_int_equal(ordo_get(g, hand, who, v, 0, &n), ORDO_OK);
        if (n && k-- == 0)
            return v;
    }
    return 0;
}

/* h = g dealt otherwise where `seat` cannot see: the other player's first
 * card traded with the deck's first, and the deck's two first cards
 * swapped, as another shuffle could have dealt them. */
static void deal_otherwise(const ordo_program *p, const ordo_game *g, ordo_game *h, int seat)
{
    int deck = ordo_find_var(p, "deck"), hand = ordo_find_var(p, "hand"), other = 1 - seat;
    ordo_copy(h, g);
    int32_t mine = held_card(h, hand, other, 0), top, next, n;
    assert_int_equal(ordo_visible(h, seat, hand, other, mine), 0);
    assert_int_equal(ordo_visible(h, seat, deck, 0, 0), 0);
    assert_int_equal(ordo_get(h, deck, 0, 0, -1, &n), ORDO_OK);
    assert_true(n >= 2);
    assert_int_equal(ordo_get(h, deck, 0, 0, 0, &top), ORDO_OK);
    assert_int_equal(ordo_get(h, deck, 0, 0, 1, &next), ORDO_OK);
    assert_int_equal(ordo_set(h, hand, other, mine, 0, 0), ORDO_OK);
    assert_int_equal(ordo_set(h, hand, other, top, 0, 1), ORDO_OK);
    assert_int_equal(ordo_set(h, deck, 0, 0, 0, next), ORDO_OK);
    assert_int_equal(ordo_set(h, deck, 0, 0, 1, mine), ORDO_OK);
    assert_int_not_equal(total_of(h, hand, other), total_of(g, hand, other));
}

/* Each seat's decision on showdown.ordo, searched on g and on h (dealt
 * otherwise where the seat cannot see): the same decision and the same
 * playouts through each option, from the same generator. A search that
 * read the other hand would call or fold otherwise. */
static void test_reads_nothing_unseen(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, "tests/e2e/data/showdown.ordo");
    play_search s = search_for(p, 200, 0);
    int compared = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        ordo_game *g, *h;
        assert_int_equal(ordo_new(p, 2, seed, &g), ORDO_OK);
        assert_int_equal(ordo_new(p, 2, seed, &h), ORDO_OK);
        play_mcts *m = play_mcts_new(g, &s);
        assert_non_null(m);
        /* player 1 stands (the deck keeps two cards), then player 2 decides */
        for (int seat = 0; seat < 2; seat++) {
            assert_int_equal(ordo_run(g), ORDO_DECIDE);
            assert_int_equal(ordo_decider(g), seat);
            deal_otherwise(p, g, h, seat);
            for (uint64_t r = 1; r <= 4; r++) {
                uint32_t vg[2], vh[2];
                uint64_t r1 = r * 7919 + seed, r2 = r1;
                int k = play_mcts_choose(m, g, &r1);
                assert_true(k == 0 || k == 1);
                assert_int_equal(play_mcts_visits(m, vg, 2), 2);
                assert_int_equal(play_mcts_choose(m, h, &r2), k);
                assert_int_equal(play_mcts_visits(m, vh, 2), 2);
                assert_memory_equal(vg, vh, sizeof vg);
                compared++;
            }
            assert_int_equal(ordo_choose(g, ordo_find_option(g, seat ? "call" : "stand")), ORDO_OK);
        }
        play_mcts_free(m);
        ordo_free(g);
        ordo_free(h);
    }
    assert_int_equal(compared, 96);
    oc_free(c);
}

/* simultaneous.ordo's game after player 1's sealed bid, player 2's
 * decision, redealt as player 2 sees it: the same whatever the bid. */
static ordo_game *dealt_after_bid(const ordo_program *p, play_deal *d, const char *bid)
{
    ordo_game *g;
    uint64_t rng = 5;
    assert_int_equal(ordo_new(p, 2, 3, &g), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(ordo_choose(g, ordo_find_option(g, bid)), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    assert_int_equal(ordo_simultaneous(g), 1);
    play_deal_learn(d, g, 1);
    play_deal_write(d, g, &rng);
    assert_int_equal(ordo_decider(g), 1);
    assert_true(ordo_option_count(g) > 0); /* still the seat's to play on */
    return g;
}

static void test_deal_seals_picks(void **state)
{
    (void)state;
    oc_compiler *c;
    const ordo_program *p = compile_path(&c, "examples/language/simultaneous.ordo");
    play_deal *d = play_deal_new(p, 2);
    assert_non_null(d);
    ordo_game *g3 = dealt_after_bid(p, d, "bid 3"), *g1 = dealt_after_bid(p, d, "bid 1");
    assert_int_equal(ordo_same_position(g3, g1), 1);
    play_deal_free(d);
    ordo_free(g3);
    ordo_free(g1);
    oc_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_finds_the_combination), cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_tiny_pool),             cmocka_unit_test(test_no_search),
        cmocka_unit_test(test_reads_nothing_unseen),  cmocka_unit_test(test_deal_seals_picks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_view.c — what a seat sees, through the public API (ordo.h), on a
 * ruleset compiled from text: ordo_visible and ordo_view (a hidden hand
 * seen by its owner, a deck by nobody, a cell revealed to one player or
 * to everyone and hidden again), and the trace as a seat sees it (an
 * event's hidden param, a secret choice, a reveal to another player);
 * and a simultaneous group's sealed picks, held until the reveal, which
 * no other seat's view holds (examples/language/simultaneous.ordo). */
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
#include "ordo.h"

static const char RULES[] =
    "ruleset \"view\"\n"
    "players 3\n"
    "enum Gem { ruby, jade }\n"
    "var deck: list of Gem [4] hidden from all\n"
    "var hand[player, Gem]: 0..9 hidden\n"
    "var open[player]: 0..9 = 4\n"
    "event drew(p: player, g: Gem hidden)\n"
    "sequence {\n"
    "    add jade to deck\n"
    "    add ruby to deck\n"
    "    hand[player 1, ruby] = 3\n"
    "    hand[player 2, jade] = 2\n"
    "    emit drew(player 1, ruby)\n"
    "    reveal hand[player 2, jade] to player 3\n"
    "    choose player 1 secretly \"bid?\" {\n"
    "        option \"bid {n}\" for n in 1..2 {\n"
    "            open[player 1] = n\n"
    "        }\n"
    "    }\n"
    "    reveal hand[player 1, ruby]\n"
    "    choose player 2 \"go on?\" {\n"
    "        option \"yes\" {\n"
    "        }\n"
    "    }\n"
    "    hide hand[player 1, ruby]\n"
    "}\n";

typedef struct fixture {
    oc_compiler *c;
    const ordo_program *p;
    ordo_game *g, *v;
    char lines[16][3][160]; /* per event: as seats 1, 2, 3 see it */
    int n;
} fixture;

static void record(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    fixture *f = ctx;
    if (f->n >= 16)
        return;
    for (int s = 0; s < 3; s++)
        assert_true(ordo_event_text_as(g, ev, s, f->lines[f->n][s], 160) > 0);
    f->n++;
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    oc_options opt = {0};
    opt.diag = stderr;
    opt.werror = 1;
    f->c = oc_new(&opt);
    f->p = oc_compile_string(f->c, "view.ordo", RULES, strlen(RULES));
    if (!f->p)
        return -1;
    assert_int_equal(ordo_new(f->p, 3, 1, &f->g), ORDO_OK);
    assert_int_equal(ordo_new(f->p, 3, 1, &f->v), ORDO_OK);
    ordo_set_trace(f->g, record, f);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    ordo_free(f->g);
    ordo_free(f->v);
    oc_free(f->c);
    free(f);
    return 0;
}

static int32_t get(const fixture *f, const ordo_game *g, const char *var, int i, int j,
                   int elem)
{
    int32_t x = -99;
    assert_int_equal(ordo_get(g, ordo_find_var(f->p, var), i, j, elem, &x), ORDO_OK);
    return x;
}

static int sees(const fixture *f, int seat, const char *var, int i, int j)
{
    return ordo_visible(f->g, seat, ordo_find_var(f->p, var), i, j);
}

static const char *line_with(const fixture *f, const char *what, int seat)
{
    for (int k = 0; k < f->n; k++)
        if (strstr(f->lines[k][seat], what))
            return f->lines[k][seat];
    return "";
}

/* Who sees which cell, before and after the reveals. */
static void test_visible(void **state)
{
    fixture *f = *state;
    assert_int_equal(ordo_run(f->g), ORDO_DECIDE); /* player 1's secret bid */
    assert_int_equal(sees(f, 0, "hand", 0, 0), 1);  /* own hand */
    assert_int_equal(sees(f, 1, "hand", 0, 0), 0);
    assert_int_equal(sees(f, 1, "hand", 1, 1), 1);
    assert_int_equal(sees(f, 2, "hand", 1, 1), 1);  /* revealed to player 3 */
    assert_int_equal(sees(f, 0, "hand", 1, 1), 0);
    assert_int_equal(sees(f, ORDO_SPECTATOR, "hand", 1, 1), 0);
    assert_int_equal(sees(f, ORDO_OMNISCIENT, "hand", 1, 1), 1);
    for (int s = 0; s < 3; s++)
        assert_int_equal(sees(f, s, "deck", 0, 0), 0);
    assert_int_equal(sees(f, 0, "open", 2, 0), 1);
    assert_int_equal(ordo_visible(f->g, 3, ordo_find_var(f->p, "hand"), 0, 0), ORDO_E_ARG);
    assert_int_equal(ordo_choose(f->g, 0), ORDO_OK);
    assert_int_equal(ordo_run(f->g), ORDO_DECIDE); /* revealed to everyone */
    assert_int_equal(sees(f, 1, "hand", 0, 0), 1);
    assert_int_equal(sees(f, ORDO_SPECTATOR, "hand", 0, 0), 1);
    assert_int_equal(ordo_choose(f->g, 0), ORDO_OK);
    assert_int_equal(ordo_run(f->g), ORDO_OVER); /* hidden again */
    assert_int_equal(sees(f, 1, "hand", 0, 0), 0);
    assert_int_equal(sees(f, 0, "hand", 0, 0), 1);
}

/* A view masks what its seat does not see, and only that. */
static void test_view(void **state)
{
    fixture *f = *state;
    assert_int_equal(ordo_run(f->g), ORDO_DECIDE);
    assert_int_equal(ordo_view(f->v, f->g, 1), ORDO_OK);
    assert_int_equal(get(f, f->v, "hand", 0, 0, -1), 0); /* player 1's rubies: masked */
    assert_int_equal(get(f, f->g, "hand", 0, 0, -1), 3);
    assert_int_equal(get(f, f->v, "hand", 1, 1, -1), 2); /* its own */
    assert_int_equal(get(f, f->v, "deck", 0, 0, -1), 2); /* the length is public */
    assert_int_equal(get(f, f->v, "deck", 0, 0, 0), 0);  /* the cards are not */
    assert_int_equal(get(f, f->g, "deck", 0, 0, 0), 1);
    assert_int_equal(get(f, f->v, "open", 0, 0, -1), 4);
    assert_int_equal(ordo_option_count(f->v), 0); /* player 1's options are theirs */
    assert_int_equal(ordo_view(f->v, f->g, 0), ORDO_OK);
    assert_int_equal(get(f, f->v, "hand", 0, 0, -1), 3);
    assert_int_equal(get(f, f->v, "hand", 1, 1, -1), 0);
    assert_int_equal(ordo_option_count(f->v), 2);
    assert_int_equal(ordo_view(f->v, f->g, ORDO_OMNISCIENT), ORDO_OK);
    assert_int_equal(get(f, f->v, "hand", 1, 1, -1), 2);
    assert_int_equal(ordo_view(f->v, f->g, 3), ORDO_E_ARG);
}

/* The trace as each seat sees it. */
static void test_trace(void **state)
{
    fixture *f = *state;
    assert_int_equal(ordo_run(f->g), ORDO_DECIDE);
    assert_int_equal(ordo_choose(f->g, 1), ORDO_OK);
    assert_int_equal(ordo_run(f->g), ORDO_DECIDE);
    assert_string_equal(line_with(f, "drew", 0), "1 event drew(player 1, ruby)");
    assert_string_equal(line_with(f, "drew", 1), "1 event drew(player 1, ?)");
    assert_string_equal(line_with(f, "to player 3", 2), "2 reveal hand[player 2, jade] to player 3: 2");
    assert_string_equal(line_with(f, "to player 3", 1), "2 reveal hand[player 2, jade] to player 3: 2");
    assert_string_equal(line_with(f, "to player 3", 0), "2 reveal hand[player 2, jade] to player 3: ?");
    assert_string_equal(line_with(f, "choice", 0), "3 choice player 1: bid 2");
    assert_string_equal(line_with(f, "choice", 1), "3 choice player 1: ?");
    assert_string_equal(line_with(f, "to everyone", 1), "4 reveal hand[player 1, ruby] to everyone: 3");
}

/* ---- sealed picks: simultaneous.ordo, player 1 has bid, player 2 decides */

typedef struct sealed {
    oc_compiler *c;
    const ordo_program *p;
    char trace[4096]; /* the lines played on from a view, as everyone sees them */
} sealed;

static void keep_line(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    sealed *s = ctx;
    char line[160];
    size_t len = strlen(s->trace);
    if (ordo_event_text_as(g, ev, ORDO_OMNISCIENT, line, sizeof line) > 0 &&
        len + strlen(line) + 2 < sizeof s->trace)
        snprintf(s->trace + len, sizeof s->trace - len, "%s\n", line);
}

/* The game of n players after the sealed bids given, in seat order: the
 * next seat decides. */
static ordo_game *after_bids(const sealed *s, int n, const char *const *bids, int nbids)
{
    ordo_game *g;
    assert_int_equal(ordo_new(s->p, n, 7, &g), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_DECIDE);
    for (int k = 0; k < nbids; k++) {
        assert_int_equal(ordo_choose(g, ordo_find_option(g, bids[k])), ORDO_OK);
        assert_int_equal(ordo_run(g), ORDO_DECIDE);
    }
    assert_int_equal(ordo_decider(g), nbids);
    assert_int_equal(ordo_simultaneous(g), 1);
    return g;
}

static ordo_game *after_bid(const sealed *s, const char *bid)
{
    return after_bids(s, 2, &bid, 1);
}

/* Whether seat's views of two games are the same position. */
static int same_view(const sealed *s, ordo_game *a, ordo_game *b, int seat)
{
    ordo_game *v, *w;
    assert_int_equal(ordo_new(s->p, ordo_player_count(a), 7, &v), ORDO_OK);
    assert_int_equal(ordo_new(s->p, ordo_player_count(a), 7, &w), ORDO_OK);
    assert_int_equal(ordo_view(v, a, seat), ORDO_OK);
    assert_int_equal(ordo_view(w, b, seat), ORDO_OK);
    int same = ordo_same_position(v, w);
    ordo_free(v);
    ordo_free(w);
    return same;
}

/* Three players, player 3 deciding: player 2, who has bid, sees its own
 * bid and not player 1's. */
static void test_sealed_picks_of_three(void **state)
{
    (void)state;
    sealed s = {0};
    s.p = compile_path(&s.c, "examples/language/simultaneous.ordo");
    static const char *const a[] = {"bid 3", "bid 1"}, *const b[] = {"bid 1", "bid 1"},
                             *const c[] = {"bid 3", "bid 2"};
    ordo_game *ga = after_bids(&s, 3, a, 2), *gb = after_bids(&s, 3, b, 2),
              *gc = after_bids(&s, 3, c, 2);
    assert_int_equal(same_view(&s, ga, gb, 1), 1); /* player 1's bid: not seen */
    assert_int_equal(same_view(&s, ga, gc, 1), 0); /* its own */
    assert_int_equal(same_view(&s, ga, gb, 0), 0);
    assert_int_equal(same_view(&s, ga, gc, 0), 1);
    assert_int_equal(same_view(&s, ga, gb, 2), 1); /* the decider: neither */
    assert_int_equal(same_view(&s, ga, gc, 2), 1);
    ordo_free(ga);
    ordo_free(gb);
    ordo_free(gc);
    oc_free(s.c);
}

/* Plays player 2's "bid 1" on from g's block, traced into s->trace. */
static void play_on(sealed *s, ordo_game *g)
{
    s->trace[0] = 0;
    ordo_set_trace(g, keep_line, s);
    assert_int_equal(ordo_choose(g, ordo_find_option(g, "bid 1")), ORDO_OK);
    assert_int_equal(ordo_run(g), ORDO_DECIDE); /* the next round's bids */
    ordo_set_trace(g, NULL, NULL);
}

static int32_t coins(const sealed *s, const ordo_game *g, int who)
{
    int32_t x = -99;
    assert_int_equal(ordo_get(g, ordo_find_var(s->p, "coins"), who, 0, -1, &x), ORDO_OK);
    return x;
}

static void test_sealed_pick(void **state)
{
    (void)state;
    sealed s = {0};
    s.p = compile_path(&s.c, "examples/language/simultaneous.ordo");
    ordo_game *g3 = after_bid(&s, "bid 3"), *g1 = after_bid(&s, "bid 1"), *v;
    assert_int_equal(ordo_new(s.p, 2, 7, &v), ORDO_OK);
    /* player 2's view holds nothing of the bid: the same whatever it was;
     * player 1's own view, and the whole game, keep it */
    assert_int_equal(same_view(&s, g3, g1, 1), 1);
    assert_int_equal(same_view(&s, g3, g1, ORDO_SPECTATOR), 1);
    assert_int_equal(same_view(&s, g3, g1, 0), 0);
    assert_int_equal(same_view(&s, g3, g1, ORDO_OMNISCIENT), 0);
    /* playing on from player 2's view neither reveals the bid nor carries
     * it out: player 1 bids nothing there */
    assert_int_equal(ordo_view(v, g3, 1), ORDO_OK);
    play_on(&s, v);
    assert_null(strstr(s.trace, "player 1: bid"));
    assert_null(strstr(s.trace, "bid_made(player 1"));
    assert_non_null(strstr(s.trace, "revealed choice player 2: bid 1"));
    assert_int_equal(coins(&s, v, 0), 3);
    /* the game itself reveals it, then carries it out */
    assert_int_equal(ordo_view(v, g3, ORDO_OMNISCIENT), ORDO_OK);
    play_on(&s, v);
    assert_non_null(strstr(s.trace, "revealed choice player 1: bid 3"));
    play_on(&s, g3);
    assert_non_null(strstr(s.trace, "revealed choice player 1: bid 3"));
    assert_int_equal(coins(&s, g3, 0), 0);
    ordo_free(g3);
    ordo_free(g1);
    ordo_free(v);
    oc_free(s.c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_visible, setup, teardown),
        cmocka_unit_test_setup_teardown(test_view, setup, teardown),
        cmocka_unit_test_setup_teardown(test_trace, setup, teardown),
        cmocka_unit_test(test_sealed_pick),
        cmocka_unit_test(test_sealed_picks_of_three),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

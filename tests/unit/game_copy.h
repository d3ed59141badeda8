/* game_copy.h — copies of a game for the unit tests that check a call
 * left it byte for byte as it was (test_runtime_*.c, test_actions.c, ...).
 * Include after <cmocka.h> and ordo.h. */
#ifndef ORDO_TEST_GAME_COPY_H
#define ORDO_TEST_GAME_COPY_H

#include <stdlib.h>

/* A fresh copy of g, made with ordo_copy into malloc'd memory. */
static inline ordo_game *dup_game(const ordo_game *g)
{
    ordo_game *c = malloc(ordo_size(g));
    assert_non_null(c);
    ordo_copy(c, g);
    return c;
}

static inline void assert_same_game(const ordo_game *a, const ordo_game *b)
{
    assert_int_equal(ordo_size(a), ordo_size(b));
    assert_memory_equal(a, b, ordo_size(a));
}

#endif

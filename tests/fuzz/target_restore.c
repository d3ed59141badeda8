/* target_restore.c — saves that are not what they claim. An input names a
 * ruleset, a seed and a number of decisions: the target plays there, saves
 * the game, then changes the save as the input says (bytes overwritten,
 * the length cut, the checksum made right again or not) and restores it.
 * Inputs whose first byte has its high bit set are taken as a raw save
 * instead. Whatever the bytes, a restore never crashes; a restored game
 * plays on, along several random paths, without an internal error. */
#include <string.h>

#include "programs.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_load_programs();
    return 0;
}

/* The save's checksum made right again (FNV-1a 64 over all but the last
 * 8 bytes, as runtime/save.c computes it). */
static void reseal(unsigned char *s, size_t n)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i + 8 < n; i++)
        h = (h ^ s[i]) * 1099511628211ull;
    memcpy(s + n - 8, &h, 8);
}

static void play_restored(const ordo_program *p, const unsigned char *s, size_t n)
{
    size_t size = ordo_game_size(p);
    void *mem = malloc(size);
    FUZZ_ASSERT(mem);
    ordo_game *g = NULL;
    char msg[200];
    int rc = ordo_restore(mem, size, p, s, n, &g, msg, sizeof msg);
    FUZZ_ASSERT(rc == ORDO_OK || rc == ORDO_E_PROGRAM);
    if (rc == ORDO_OK) {
        FUZZ_ASSERT(g == mem);
        /* several paths from the restored game, each in a copy: one random
         * path missed the escape record with no frames (issue 33, 1) */
        void *copy = malloc(size);
        FUZZ_ASSERT(copy);
        for (uint64_t path = 0; path < 4; path++) {
            ordo_game *c = copy;
            ordo_copy(c, g);
            ordo_set_max_steps(c, 200000);
            uint64_t rng = n + path;
            for (int moves = 0; moves < 100 && (rc = ordo_run(c)) == ORDO_DECIDE; moves++)
                FUZZ_ASSERT(ordo_choose(c, ordo_policy_random(c, &rng)) == ORDO_OK);
            FUZZ_ASSERT(rc != ORDO_E_PROGRAM && rc != ORDO_E_OPCODE);
        }
        free(copy);
    }
    free(mem);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size, 0};
    unsigned first = fuzz_byte(&in);
    const ordo_program *p = fuzz_programs[(first & 0x7f) % FUZZ_NPROGRAMS];
    if (first & 0x80) {
        play_restored(p, data + 1, size ? size - 1 : 0);
        return 0;
    }
    ordo_game *g;
    if (ordo_new(p, p->min_players, fuzz_u16(&in), &g) != ORDO_OK)
        return 0;
    ordo_set_max_steps(g, 200000);
    uint64_t rng = 7;
    unsigned moves = fuzz_byte(&in);
    while (moves-- > 0 && ordo_run(g) == ORDO_DECIDE)
        FUZZ_ASSERT(ordo_choose(g, ordo_policy_random(g, &rng)) == ORDO_OK);
    size_t n = ordo_save_size(g);
    unsigned char *s = malloc(n);
    FUZZ_ASSERT(s && ordo_save(g, s, n) == ORDO_OK);
    ordo_free(g);
    /* the changes: (offset, byte) pairs, then a flag and a cut */
    unsigned nchanges = fuzz_byte(&in) % 16;
    for (unsigned k = 0; k < nchanges; k++) {
        size_t at = (fuzz_u16(&in) | (size_t)fuzz_byte(&in) << 16) % n;
        s[at] = (unsigned char)fuzz_byte(&in);
    }
    unsigned flags = fuzz_byte(&in);
    if (flags & 1)
        reseal(s, n);
    size_t len = flags & 2 ? n - (fuzz_u16(&in) % n) : n;
    play_restored(p, s, len);
    free(s);
    return 0;
}

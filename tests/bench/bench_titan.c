/* bench_titan.c — the benchmark harness (linked with liboc.a and
 * libordo.a, built with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc so
 * that every allocation made by the libraries is counted; also linked with
 * the hand-written Splendor reference, tests/bench/splendor_ref.c, and,
 * when built with -DSPLENDOR_EMITTED=SYMBOL, with the Splendor ruleset
 * emitted as C by ordoc).
 *
 *   bench_titan compile FILE [REPS]
 *       parse + check + lower FILE in process, best of REPS (default 3):
 *       lines, seconds, lines/second; the compiler's arena bytes per line
 *       (what one compilation allocates: text, tree, tables, program) and
 *       the process's peak resident set.
 *   bench_titan play FILE [GAMES] [PLAYERS] [POLICY]
 *       compile FILE once, then play GAMES games (default 1000) with the
 *       random policy, or the ruleset's policy POLICY (seeds 1..GAMES), all in one preallocated block: the
 *       first game made with ordo_init (which validates the program), the
 *       others restarted with ordo_reset: games/second, VM instructions/second,
 *       ordo_game_size, decisions, and the number of allocations made from
 *       the first ordo_init to the end of the last game (expected: 0).
 *   bench_titan play-emitted NAME [GAMES] [PLAYERS] [POLICY | traced]
 *       the same with rulesets/NAME.ordo as ordoc emitted it, linked in
 *       (the list: BENCH_EMITTED, a header of X(NAME) lines the Makefile
 *       writes): the program as const tables, no compilation at run time;
 *       POLICY: every seat on the ruleset's policy of that name; `traced`:
 *       random, with a trace callback that counts the turns, as ordo sim
 *       sets (the events' cost: a call each).
 *   bench_titan mcts FILE PLAYERS PLAYOUTS
 *   bench_titan mcts-emitted NAME PLAYERS PLAYOUTS
 *       the host kit's MCTS (random rollouts) on FILE interpreted, or on
 *       NAME as ordoc emitted it: 20 searches of PLAYOUTS playouts each,
 *       at decisions of two options or more met in random games (every
 *       fifth, seeds 1, 2, ...): playouts/second of CPU time, and the
 *       allocations made by the searches (expected 0).
 *   bench_titan splendor FILE DATA_DIR [GAMES]
 *       the Splendor solo game three ways, GAMES games each (default 2000,
 *       seeds 1..GAMES, the human on the random policy): FILE
 *       (rulesets/splendor_solo.ordo) interpreted, the same ruleset emitted
 *       as C (when built in), and the hand-written reference with its data
 *       from DATA_DIR; games/second of CPU time, human wins (the same in
 *       all three), bytes of game state, allocations during play, and how
 *       many times longer a game takes than the hand-written one (its
 *       games replayed for a quarter of a second, the time of one pass).
 * Output: one "key: value" a line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "compiler.h"
#include "ordo_host.h"
#include "splendor_ref.h"

/* ---- allocation counting */
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t m);
void *__wrap_realloc(void *p, size_t n);

static int counting;
static unsigned long allocs;

void *__wrap_malloc(size_t n)
{
    if (counting)
        allocs++;
    return __real_malloc(n);
}
void *__wrap_calloc(size_t n, size_t m)
{
    if (counting)
        allocs++;
    return __real_calloc(n, m);
}
void *__wrap_realloc(void *p, size_t n)
{
    if (counting)
        allocs++;
    return __real_realloc(p, n);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The process's CPU time: on a shared machine, less disturbed by other
 * processes than the wall clock (the Splendor comparison uses it). */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long count_lines(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    long n = 0;
    int c;
    while ((c = getc(f)) != EOF)
        n += c == '\n';
    fclose(f);
    return n;
}

static const ordo_program *compile(oc_compiler **c, const char *path, FILE *diag)
{
    oc_options o;
    memset(&o, 0, sizeof o);
    o.diag = diag;
    *c = oc_new(&o);
    return *c ? oc_compile_file(*c, path) : NULL;
}

static int bench_compile(const char *path, int reps)
{
    long lines = count_lines(path);
    if (lines < 0) {
        fprintf(stderr, "bench: cannot read %s\n", path);
        return 1;
    }
    double best = 1e30;
    unsigned long ncode = 0;
    size_t arena = 0;
    for (int r = 0; r < reps; r++) {
        oc_compiler *c;
        double t = now();
        const ordo_program *p = compile(&c, path, r ? NULL : stderr);
        t = now() - t;
        if (!p) {
            fprintf(stderr, "bench: %s does not compile\n", path);
            oc_free(c);
            return 1;
        }
        ncode = p->ncode;
        arena = oc_arena_bytes(c);
        oc_free(c);
        if (t < best)
            best = t;
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("file: %s\nlines: %ld\ninstructions: %lu\ncompile_seconds: %.3f\n"
           "lines_per_second: %.0f\narena_bytes: %zu\narena_bytes_per_line: %.0f\n"
           "peak_rss_kb: %ld\n",
           path, lines, ncode, best, (double)lines / best, arena,
           lines > 0 ? (double)arena / (double)lines : 0.0, ru.ru_maxrss);
    return 0;
}

/* What playing many games of a program measured. */
typedef struct play_stats {
    long games, errors, human_wins; /* human_wins: games won by player 1 */
    double seconds, cpu_seconds; /* wall clock, CPU time */
    uint64_t insns, decisions;
    size_t game_size;
    unsigned long allocs;
} play_stats;

/* a trace callback as ordo sim's: the turns counted */
static void count_turns(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    (void)g;
    if (ev->kind == ORDO_EV_TURN)
        ++*(uint64_t *)ctx;
}

/* Plays games with seeds 1..games, every seat on the random policy (or
 * the ruleset's policy number `policy`, when >= 0), with ordo sim's trace
 * callback when `traced`, in one preallocated block: ordo_init for the
 * first game, ordo_reset for the next. 0, or -1 after a message when there
 * is no game block. */
static int play_many(const ordo_program *p, long games, int players, int policy, int traced,
                     play_stats *st)
{
    uint64_t turns = 0;
    memset(st, 0, sizeof *st);
    st->games = games;
    st->game_size = ordo_game_size(p);
    void *mem = malloc(st->game_size);
    if (!st->game_size || !mem) {
        fprintf(stderr, "bench: no game block (size %zu)\n", st->game_size);
        free(mem);
        return -1;
    }
    allocs = 0;
    counting = 1;
    double t = now(), cpu = cpu_now();
    ordo_game *g = NULL;
    for (long s = 1; s <= games; s++) {
        /* the first game validates the program (ordo_init); the others
         * restart the same block without validating it again */
        int rc = g ? ordo_reset(g, players, (uint64_t)s)
                   : ordo_init(mem, st->game_size, p, players, (uint64_t)s, &g);
        if (rc != ORDO_OK) {
            st->errors++;
            continue;
        }
        uint64_t rng = (uint64_t)s ^ 0x5bd1e9955bd1e995ull;
        if (traced)
            ordo_set_trace(g, count_turns, &turns);
        while ((rc = ordo_run(g)) == ORDO_DECIDE) {
            int k = policy < 0 ? ordo_policy_random(g, &rng)
                               : ordo_policy_ruleset(g, policy, &rng);
            if (k < 0 || ordo_choose(g, k) < 0)
                break;
            st->decisions++;
        }
        if (ordo_status(g) != ORDO_OVER)
            st->errors++;
        else if (ordo_winner(g) == 0)
            st->human_wins++;
        st->insns += ordo_steps(g);
    }
    st->seconds = now() - t;
    st->cpu_seconds = cpu_now() - cpu;
    counting = 0;
    st->allocs = allocs;
    free(mem);
    return 0;
}

/* Plays p's games, every seat on the policy named `policy` (NULL: the
 * built-in random one), and prints the figures; 0, or 1 after errors. */
static int report_play(const char *path, const ordo_program *p, long games, int players,
                       const char *policy, int traced)
{
    if (!players)
        players = p->min_players;
    int k = policy ? ordo_find_policy(p, policy) : -1;
    if (policy && k < 0) {
        fprintf(stderr, "bench: %s has no policy '%s'\n", path, policy);
        return 1;
    }
    play_stats st;
    if (play_many(p, games, players, k, traced, &st) != 0)
        return 1;
    printf("file: %s\npolicy: %s\nplayers: %d\ngames: %ld\nerrors: %ld\nseconds: %.3f\n"
           "games_per_second: %.0f\ncpu_seconds: %.3f\ngames_per_cpu_second: %.0f\n"
           "vm_instructions: %llu\nvm_instructions_per_second: %.0f\n"
           "decisions: %llu\ngame_size_bytes: %zu\nstate_bytes: %lu\n"
           "allocations_during_play: %lu\n",
           path, policy ? policy : "random", players, games, st.errors, st.seconds,
           (double)games / st.seconds, st.cpu_seconds, (double)games / st.cpu_seconds,
           (unsigned long long)st.insns, (double)st.insns / st.seconds,
           (unsigned long long)st.decisions, st.game_size, (unsigned long)p->state_size,
           st.allocs);
    return st.errors ? 1 : 0;
}

static int bench_play(const char *path, long games, int players, const char *policy)
{
    oc_compiler *c;
    const ordo_program *p = compile(&c, path, stderr);
    int rc = p ? report_play(path, p, games, players, policy, 0) : 1;
    oc_free(c);
    return rc;
}

/* ---- every ruleset as ordoc emitted it */

#ifdef BENCH_EMITTED
#define EMITTED_LIST BENCH_EMITTED
#include "emitted_programs.h"
#endif

/* The ruleset `name` as ordoc emitted it, linked in; NULL after a
 * message when it is not. */
static const ordo_program *emitted_named(const char *name)
{
#ifdef BENCH_EMITTED
    for (size_t k = 0; k < sizeof emitted / sizeof emitted[0]; k++)
        if (strcmp(emitted[k].name, name) == 0)
            return emitted[k].p;
#endif
    fprintf(stderr, "bench: no emitted ruleset '%s' built in\n", name);
    return NULL;
}

/* `how`: a policy's name, or "traced" (random, with ordo sim's trace
 * callback), or NULL */
static int bench_play_emitted(const char *name, long games, int players, const char *how)
{
    const ordo_program *p = emitted_named(name);
    int traced = how && strcmp(how, "traced") == 0;
    return p ? report_play(name, p, games, players, traced ? NULL : how, traced) : 1;
}

/* ---- the MCTS policy: playouts per second */

enum { MCTS_SEARCHES = 20 };

static int bench_mcts(const char *name, const ordo_program *p, int players, uint32_t playouts)
{
    play_options o;
    play_options_init(&o);
    if (play_resolve_policies(p, &o, "bench") != 0)
        return 1;
    o.search.playouts = playouts;
    ordo_game *g;
    if (ordo_new(p, players ? players : p->min_players, 1, &g) != ORDO_OK)
        return 1;
    play_mcts *m = play_mcts_new(g, &o.search);
    if (!m)
        return 1;
    uint64_t rng = 1;
    long searches = 0, seen = 0;
    double cpu = 0;
    allocs = 0;
    for (uint64_t seed = 1; searches < MCTS_SEARCHES && seed < 1000; seed++) {
        ordo_reset(g, ordo_player_count(g), seed);
        while (searches < MCTS_SEARCHES && ordo_run(g) == ORDO_DECIDE) {
            int k;
            if (ordo_option_count(g) > 1 && seen++ % 5 == 0) {
                double t = cpu_now();
                counting = 1;
                k = play_mcts_choose(m, g, &rng);
                counting = 0;
                cpu += cpu_now() - t;
                searches++;
            } else {
                k = ordo_policy_random(g, &rng);
            }
            if (k < 0 || ordo_choose(g, k) != ORDO_OK)
                break;
        }
    }
    printf("ruleset: %s\nplayers: %d\nsearches: %ld\nplayouts_per_search: %u\n"
           "seconds: %.3f\nplayouts_per_second: %.0f\nallocations_searching: %lu\n",
           name, ordo_player_count(g), searches, playouts, cpu,
           cpu > 0 ? searches * (double)playouts / cpu : 0, allocs);
    play_mcts_free(m);
    ordo_free(g);
    return searches == MCTS_SEARCHES && allocs == 0 ? 0 : 1;
}

static int bench_mcts_file(const char *path, int players, uint32_t playouts)
{
    oc_compiler *c;
    const ordo_program *p = compile(&c, path, stderr);
    int rc = p ? bench_mcts(path, p, players, playouts) : 1;
    oc_free(c);
    return rc;
}

static int bench_mcts_emitted(const char *name, int players, uint32_t playouts)
{
    const ordo_program *p = emitted_named(name);
    return p ? bench_mcts(name, p, players, playouts) : 1;
}

/* ---- Splendor: interpreted, emitted C, hand-written */

#ifdef SPLENDOR_EMITTED
extern const ordo_program SPLENDOR_EMITTED;
#endif

/* One of the ordo engines on the Splendor ruleset, against the CPU
 * seconds of the hand-written one; its CPU seconds, or -1 after a
 * failure. */
static double splendor_engine(const char *name, const ordo_program *p, long games,
                              double ref_seconds)
{
    play_stats st;
    if (play_many(p, games, 1, -1, 0, &st) != 0)
        return -1;
    printf("%s_cpu_seconds: %.3f\n%s_games_per_second: %.0f\n%s_human_wins: %ld\n%s_errors: %ld\n"
           "%s_game_size_bytes: %zu\n%s_state_bytes: %lu\n%s_allocations_during_play: %lu\n"
           "%s_vs_handwritten: %.2f\n",
           name, st.cpu_seconds, name, (double)games / st.cpu_seconds, name, st.human_wins, name, st.errors, name,
           st.game_size, name, (unsigned long)p->state_size, name, st.allocs, name,
           st.cpu_seconds / ref_seconds);
    return st.errors ? -1 : st.cpu_seconds;
}

/* The hand-written game's CPU seconds for the games of seeds 1..games:
 * the same games played over and over until a quarter of a second has
 * passed (one pass takes a few milliseconds), divided by the passes. */
static double splendor_handwritten(const spl_data *d, long games, long *human_wins, long *passes)
{
    *passes = 0;
    allocs = 0;
    counting = 1;
    double t = cpu_now(), spent;
    do {
        *human_wins = 0;
        for (long s = 1; s <= games; s++)
            *human_wins += spl_play_game(d, (uint64_t)s, SPL_BASE, 0, NULL).winner;
        ++*passes;
    } while ((spent = cpu_now() - t) < 0.25);
    counting = 0;
    return spent / (double)*passes;
}

static int bench_splendor(const char *path, const char *data_dir, long games)
{
    spl_data d;
    if (spl_load(&d, data_dir) != 0)
        return 1;
    long human_wins, passes;
    double ref = splendor_handwritten(&d, games, &human_wins, &passes);
    printf("file: %s\ngames: %ld\nhandwritten_cpu_seconds: %.4f (a pass; the mean of %ld passes)\n"
           "handwritten_games_per_second: %.0f\n"
           "handwritten_human_wins: %ld\nhandwritten_state_bytes: %zu\n"
           "handwritten_allocations_during_play: %lu\n",
           path, games, ref, passes, (double)games / ref, human_wins, spl_state_size(), allocs);
    oc_compiler *c;
    const ordo_program *p = compile(&c, path, stderr);
    int status = !p || splendor_engine("interpreted", p, games, ref) < 0;
    oc_free(c);
#ifdef SPLENDOR_EMITTED
    status |= splendor_engine("emitted", &SPLENDOR_EMITTED, games, ref) < 0;
#else
    printf("emitted: not built in (no rulesets/splendor_solo.ordo when bench_titan was built)\n");
#endif
    return status;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "compile") == 0)
        return bench_compile(argv[2], argc > 3 ? atoi(argv[3]) : 3);
    if (argc >= 3 && strcmp(argv[1], "play") == 0)
        return bench_play(argv[2], argc > 3 ? atol(argv[3]) : 1000,
                          argc > 4 ? atoi(argv[4]) : 0, argc > 5 ? argv[5] : NULL);
    if (argc >= 3 && strcmp(argv[1], "play-emitted") == 0)
        return bench_play_emitted(argv[2], argc > 3 ? atol(argv[3]) : 1000,
                                  argc > 4 ? atoi(argv[4]) : 0, argc > 5 ? argv[5] : NULL);
    if (argc >= 5 && strcmp(argv[1], "mcts") == 0)
        return bench_mcts_file(argv[2], atoi(argv[3]), (uint32_t)atol(argv[4]));
    if (argc >= 5 && strcmp(argv[1], "mcts-emitted") == 0)
        return bench_mcts_emitted(argv[2], atoi(argv[3]), (uint32_t)atol(argv[4]));
    if (argc >= 4 && strcmp(argv[1], "splendor") == 0)
        return bench_splendor(argv[2], argv[3], argc > 4 ? atol(argv[4]) : 2000);
    fprintf(stderr, "usage: bench_titan compile FILE [REPS] | play FILE [GAMES] [PLAYERS] [POLICY]"
                    " | play-emitted NAME [GAMES] [PLAYERS] [POLICY | traced] | mcts FILE PLAYERS PLAYOUTS"
                    " | mcts-emitted NAME PLAYERS PLAYOUTS | splendor FILE DATA_DIR [GAMES]\n");
    return 2;
}

/* target_host.c — the host kit's play loop (runtime/host/play.c,
 * choices.c) driven as `ordo run` and an emitted-C host drive it: a
 * choices file of any bytes, read as labels, played on any ruleset with
 * any player count, seed, trace format, seat's view and policies for the
 * seats the file leaves to them. The input: the ruleset (index in
 * programs.h), the players, the trace (text, JSONL, none), the seat whose
 * view the trace shows (or all), a policy byte, a seed (2 bytes), then
 * the choices file's bytes. Whatever they hold, play_game ends with one of
 * its exit statuses (0 ended, 1 a runtime error or a label not offered,
 * 2 a bad option), never a crash. */
#include <string.h>
#include <unistd.h>

#include "ordo_host.h"
#include "programs.h"

static char choices_path[] = "/tmp/ordo_fuzz_choices_XXXXXX";
static FILE *sink;

static void remove_choices(void)
{
    unlink(choices_path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_load_programs();
    int fd = mkstemp(choices_path);
    FUZZ_ASSERT(fd >= 0);
    close(fd);
    atexit(remove_choices);
    sink = fopen("/dev/null", "w");
    FUZZ_ASSERT(sink);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size, 0};
    const ordo_program *p = fuzz_programs[fuzz_byte(&in) % FUZZ_NPROGRAMS];
    play_options o;
    play_options_init(&o);
    o.players = p->min_players + (int)(fuzz_byte(&in) % (p->max_players - p->min_players + 2u));
    o.trace = (int)(fuzz_byte(&in) % 3u); /* PLAY_TRACE_TEXT, JSONL, NONE */
    o.as = (int)(fuzz_byte(&in) % 6u) - 1;
    unsigned policies = fuzz_byte(&in);
    for (int s = 0; s < 4; s++)
        o.policy[s] = (policies >> s & 1) ? PLAY_POLICY_FIRST : PLAY_POLICY_RANDOM;
    o.seed = fuzz_u16(&in);
    o.max_steps = 200000;
    FILE *f = fopen(choices_path, "wb");
    FUZZ_ASSERT(f);
    if (in.i < size)
        fwrite(data + in.i, 1, size - in.i, f);
    FUZZ_ASSERT(fclose(f) == 0);
    o.choices = choices_path;
    int st = play_game(p, &o, sink, "fuzz");
    FUZZ_ASSERT(st == 0 || st == 1 || st == 2);
    return 0;
}

/* options.c — the options of one game (--seed, --players, --policy,
 * --choices, --trace, --max-steps, --record, an mcts seat's --playouts...), shared by `ordo run` and the
 * example host so that both accept exactly the same command lines, and by
 * `ordo sim` for the ones that make sense over many games. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ordo_host.h"

const char play_options_help[] =
    "  --seed N              the game's seed (decimal or 0x hex; default 1)\n"
    "  --players N           number of players (default: the ruleset's minimum)\n"
    "  --policy NAME         how decisions are taken when no choice is given:\n"
    "                        random, first, mcts, or a policy the ruleset declares\n"
    "                        (default random, seeded from --seed);\n"
    "                        --policy SEAT=NAME for one seat, e.g. 2=first\n"
    "  --choices FILE        take decisions from FILE, one option label a line;\n"
    "                        when it runs out, the policy decides ('-': stdin)\n"
    "  --trace text|jsonl|none  trace format on stdout (default text)\n"
    "  --max-steps N         stop with an error after N VM instructions\n"
    "                        (0 or none given: the runtime's default, 100000000)\n"
    "  --record FILE         write the label of every decision taken to FILE\n"
    "                        ('-': stdout)\n"
    "  --save FILE           save the game to FILE (ordo_save) at its end, or\n"
    "                        before decision N with --save-at N (0: the first)\n"
    "  --restore FILE        play on from a saved game instead of a new one\n"
    "                        (the save fixes the players and the dice)\n"
    "  --as SEAT             trace what player SEAT sees: another's hidden\n"
    "                        values and secret choices are shown as ?\n"
    "  --playouts N          playouts per decision of an mcts seat (default 1000;\n"
    "                        0: as many as --think allows)\n"
    "  --think SECONDS       an mcts seat's most time per decision (default none;\n"
    "                        a time budget makes its decisions vary run to run)\n"
    "  --rollout NAME        the policy an mcts playout plays on with (default\n"
    "                        random; first, or a policy the ruleset declares)\n"
    "  --depth N             cut an mcts rollout after N decisions and score it\n"
    "                        with --eval (default 0: play it to the end)\n"
    "  --eval FN             the ruleset's fn (p: player): int that scores a cut\n"
    "                        rollout: each seat's share of the total\n";

void play_options_init(play_options *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    memset(o->policy, PLAY_POLICY_RANDOM, sizeof o->policy);
    o->trace = PLAY_TRACE_TEXT;
    o->save_at = -1;
    o->as = ORDO_OMNISCIENT;
    o->search.playouts = PLAY_SEARCH_PLAYOUTS;
    o->search.rollout = PLAY_POLICY_RANDOM;
    o->search.rollout_policy = -1;
    o->search.eval = -1;
}

/* --think SECONDS: a decimal number of seconds, more than 0 and at most a
 * day. */
static int parse_seconds(const char *v, double *out)
{
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (errno || end == v || *end || !(x > 0 && x <= 86400))
        return -1;
    *out = x;
    return 0;
}

/* Decimal, or hex after 0x: never octal, so that --seed 010 is ten, as a
 * person reads it. */
int play_parse_u64(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
        return -1;
    int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const char *digits = hex ? s + 2 : s;
    if (!*digits || *digits == '-' || *digits == '+' || *digits == ' ')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(digits, &end, hex ? 16 : 10);
    if (errno || *end)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

const char *play_option_value(const char *name, int argc, char **argv, int *i, int *matched)
{
    const char *arg = argv[*i];
    size_t n = strlen(name);
    *matched = 0;
    if (strncmp(arg, name, n) != 0)
        return NULL;
    if (arg[n] == '=') {
        *matched = 1;
        return arg + n + 1;
    }
    if (arg[n] != 0)
        return NULL;
    *matched = 1;
    if (*i + 1 >= argc)
        return NULL;
    *i += 1;
    return argv[*i];
}

/* --policy NAME (every seat) or --policy SEAT=NAME (one seat); 0, or -1
 * after a one-line message. Whether SEAT exists is known only when the
 * player count is (play_players). */
static int parse_policy(play_options *o, const char *v, const char *prog)
{
    const char *eq = strchr(v, '=');
    const char *name = eq ? eq + 1 : v;
    int k = play_find_policy(name);
    if (!*name) {
        fprintf(stderr, "%s: --policy %s names no policy (policies: ", prog, v);
        play_print_policies(stderr);
        fputs(", or one of the ruleset's)\n", stderr);
        return -1;
    }
    if (k < 0) /* perhaps the ruleset's: looked up once it is compiled */
        k = PLAY_POLICY_NAMED;
    if (!eq) {
        memset(o->policy, k, sizeof o->policy);
        for (int s = 0; s < PLAY_MAX_SEATS; s++)
            o->policy_name[s] = name;
        o->policy_seat_max = 0;
        return 0;
    }
    char seat[8];
    size_t len = (size_t)(eq - v);
    uint64_t n = 0; /* 0: not a seat */
    if (len < sizeof seat) {
        memcpy(seat, v, len);
        seat[len] = 0;
        if (play_parse_u64(seat, &n) != 0)
            n = 0;
    }
    if (n < 1 || n > PLAY_MAX_SEATS) {
        fprintf(stderr, "%s: bad seat in --policy %s (seats are players 1..%d)\n", prog, v,
                PLAY_MAX_SEATS);
        return -1;
    }
    o->policy[n - 1] = (uint8_t)k;
    o->policy_name[n - 1] = name;
    if ((int)n > o->policy_seat_max)
        o->policy_seat_max = (int)n;
    return 0;
}

int play_parse_option(play_options *o, int argc, char **argv, int *i, const char *prog)
{
    return play_parse_options_of(o, PLAY_OPT_ALL, argc, argv, i, prog);
}

int play_option_arg(const char *prog, const char *name, int argc, char **argv, int *i,
                    const char **v)
{
    int matched, at = *i;
    *v = play_option_value(name, argc, argv, i, &matched);
    if (!matched)
        return 0;
    if (!*v) {
        fprintf(stderr, "%s: option '%s' needs a value\n", prog, argv[at]);
        return -1;
    }
    return 1;
}

/* The options' names, in the order of the PLAY_OPT_* bits: the one list
 * the kit's parser and the command lines that hand values on (ordo's
 * option tables) read. */
static const char *const option_names[] = {
    "--seed",    "--players", "--policy",   "--choices", "--trace",   "--max-steps",
    "--record",  "--save",    "--save-at",  "--restore", "--as",      "--playouts",
    "--think",   "--rollout", "--depth",    "--eval"};
enum { NOPTIONS = (int)(sizeof option_names / sizeof option_names[0]) };

/* Option k (its bit's place) set from its value v: 0, or -1 after a
 * one-line message. */
static int take_option(play_options *o, int k, const char *v, const char *prog)
{
    uint64_t n;
    switch (k) {
    case 0:
        if (play_parse_u64(v, &o->seed) != 0)
            goto bad;
        break;
    case 1:
        if (play_parse_u64(v, &n) != 0 || n < 1 || n > PLAY_MAX_SEATS)
            goto bad;
        o->players = (int)n;
        break;
    case 2:
        if (parse_policy(o, v, prog) != 0)
            return -1;
        break;
    case 3:
        o->choices = v;
        break;
    case 4:
        if (strcmp(v, "text") == 0)
            o->trace = PLAY_TRACE_TEXT;
        else if (strcmp(v, "jsonl") == 0)
            o->trace = PLAY_TRACE_JSONL;
        else if (strcmp(v, "none") == 0)
            o->trace = PLAY_TRACE_NONE;
        else
            goto bad;
        break;
    case 5:
        if (play_parse_u64(v, &o->max_steps) != 0)
            goto bad;
        break;
    case 6:
        o->record = v;
        break;
    case 7:
        o->save = v;
        break;
    case 8:
        if (play_parse_u64(v, &n) != 0 || n > INT64_MAX)
            goto bad;
        o->save_at = (int64_t)n;
        break;
    case 9:
        o->restore = v;
        break;
    case 10:
        if (play_parse_u64(v, &n) != 0 || n < 1 || n > PLAY_MAX_SEATS)
            goto bad;
        o->as = (int)n - 1;
        break;
    case 11:
        if (play_parse_u64(v, &n) != 0 || n > PLAY_SEARCH_NODES)
            goto bad;
        o->search.playouts = (uint32_t)n;
        break;
    case 12:
        if (parse_seconds(v, &o->search.think) != 0)
            goto bad;
        break;
    case 13:
        o->search.rollout_name = v;
        break;
    case 14:
        if (play_parse_u64(v, &n) != 0 || n > UINT32_MAX)
            goto bad;
        o->search.depth = (uint32_t)n;
        break;
    case 15:
        o->search.eval_name = v;
        break;
    }
    return 0;
bad:
    fprintf(stderr, "%s: bad value '%s' for %s\n", prog, v, option_names[k]);
    return -1;
}

static int bit_place(unsigned bit)
{
    int k = 0;
    while (k < NOPTIONS && bit != 1u << k)
        k++;
    return k;
}

const char *play_option_name(unsigned bit)
{
    int k = bit_place(bit);
    return k < NOPTIONS ? option_names[k] : NULL;
}

int play_set_option(play_options *o, unsigned bit, const char *value, const char *prog)
{
    int k = bit_place(bit);
    if (k == NOPTIONS || !value)
        return -1;
    return take_option(o, k, value, prog);
}

int play_parse_options_of(play_options *o, unsigned which, int argc, char **argv, int *i,
                          const char *prog)
{
    for (int k = 0; k < NOPTIONS; k++) {
        if (!(which & (1u << k)))
            continue;
        const char *v;
        int r = play_option_arg(prog, option_names[k], argc, argv, i, &v);
        if (r == 0)
            continue;
        if (r < 0 || take_option(o, k, v, prog) != 0)
            return -1;
        *i += 1;
        return 1;
    }
    return 0;
}

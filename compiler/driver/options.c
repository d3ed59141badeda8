/* options.c — the options of one game (--seed, --players, --policy,
 * --choices, --trace, --max-steps, --record), shared by `ordo run` and the
 * example host so that both accept exactly the same command lines. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

const char play_options_help[] =
    "  --seed N              the game's seed (decimal or 0x hex; default 1)\n"
    "  --players N           number of players (default: the ruleset's minimum)\n"
    "  --policy random|first how decisions are taken when no choice is given\n"
    "                        (default random, seeded from --seed)\n"
    "  --choices FILE        take decisions from FILE, one option label a line;\n"
    "                        when it runs out, the policy decides\n"
    "  --trace text|jsonl|none  trace format on stdout (default text)\n"
    "  --max-steps N         stop with an error after N VM instructions\n"
    "  --record FILE         write the label of every decision taken to FILE\n";

void play_options_init(play_options *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->policy = PLAY_POLICY_RANDOM;
    o->trace = PLAY_TRACE_TEXT;
}

int play_parse_u64(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

/* "--name VALUE" or "--name=VALUE"; returns the value or NULL. */
static const char *value_of(const char *name, int argc, char **argv, int *i, int *matched)
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

int play_parse_option(play_options *o, int argc, char **argv, int *i, const char *prog)
{
    static const char *const names[] = {"--seed",  "--players", "--policy",   "--choices",
                                        "--trace", "--max-steps", "--record"};
    for (int k = 0; k < (int)(sizeof names / sizeof names[0]); k++) {
        int matched;
        int at = *i;
        const char *v = value_of(names[k], argc, argv, i, &matched);
        if (!matched)
            continue;
        if (!v) {
            fprintf(stderr, "%s: option '%s' needs a value\n", prog, argv[at]);
            return -1;
        }
        uint64_t n;
        switch (k) {
        case 0:
            if (play_parse_u64(v, &o->seed) != 0)
                goto bad;
            break;
        case 1:
            if (play_parse_u64(v, &n) != 0 || n < 1 || n > 255)
                goto bad;
            o->players = (int)n;
            break;
        case 2:
            if (strcmp(v, "random") == 0)
                o->policy = PLAY_POLICY_RANDOM;
            else if (strcmp(v, "first") == 0)
                o->policy = PLAY_POLICY_FIRST;
            else
                goto bad;
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
        }
        *i += 1;
        return 1;
    bad:
        fprintf(stderr, "%s: bad value '%s' for %s\n", prog, v, names[k]);
        return -1;
    }
    return 0;
}

/* cmd_run.c — `ordo run FILE [options]`: compile in process and play one
 * game (see play.c for the game loop, shared with the example host). */
#include <string.h>

#include "driver.h"

static const drv_option run_options[] = {
    {"seed", 0, "N", "the game's seed (decimal or 0x hex; default 1)", DRV_PLAY(SEED), NULL},
    DRV_PLAYERS_OPTION,
    {"policy", 0, "NAME",
     "how decisions are taken when no choice is given: random, first, or a policy the ruleset "
     "declares (default random, seeded from --seed); --policy SEAT=NAME for one seat, e.g. "
     "2=first",
     DRV_PLAY(POLICY), NULL},
    {"choices", 0, "FILE",
     "take decisions from FILE, one option label a line; when it runs out, the policy decides "
     "('-': stdin)",
     DRV_PLAY(CHOICES), NULL},
    {"trace", 0, "text|jsonl|none", "trace format on stdout (default text)", DRV_PLAY(TRACE), NULL},
    {"max-steps", 0, "N",
     "0 or none given: the runtime's default limit, 100000000; else stop with an error after "
     "N VM instructions",
     DRV_PLAY(MAX_STEPS), NULL},
    {"record", 0, "FILE", "write the label of every decision taken to FILE ('-': stdout)",
     DRV_PLAY(RECORD), NULL},
    {"save", 0, "FILE",
     "save the game to FILE (ordo_save) at its end, or before decision N with --save-at N (0: "
     "the first)",
     DRV_PLAY(SAVE), NULL},
    {"save-at", 0, "N", "with --save: save before decision N (0: the first) instead of at the end",
     DRV_PLAY(SAVE_AT), NULL},
    {"restore", 0, "FILE",
     "play on from a saved game instead of a new one (the save fixes the players and the dice; "
     "a save of another program, or a damaged one, is refused)",
     DRV_PLAY(RESTORE), NULL},
    {"as", 0, "SEAT",
     "trace what player SEAT sees: another's hidden values and secret choices are shown as ?",
     DRV_PLAY(AS), NULL},
    {0}};

const drv_command cmd_run_command = {
    "ordo run",
    "FILE [OPTIONS]",
    "Compiles FILE and plays one game, printing its trace on stdout.\n",
    (const drv_option *const[]){run_options, drv_diag_options, NULL},
    "exit status: 0 the game ended, 1 compile error, runtime error or a\n"
    "choice that is not offered, 2 bad command line or missing file.\n"};

/* 1 after a message when the output `path` (--record, --save) names an
 * input of the run (the ruleset, --choices, --restore): it would be lost. */
static int an_input(const drv_game_args *a, const char *path, const char *what)
{
    if (!path || strcmp(path, "-") == 0)
        return 0;
    const char *inputs[] = {a->file, a->o.choices, a->o.restore};
    for (size_t k = 0; k < sizeof inputs / sizeof inputs[0]; k++)
        if (inputs[k] && (strcmp(path, inputs[k]) == 0 || tool_same_file(path, inputs[k]))) {
            fprintf(stderr, "%s: %s '%s' is an input file: it would be lost\n",
                    cmd_run_command.prog, what, path);
            return 1;
        }
    return 0;
}

int cmd_run(int argc, char **argv)
{
    const char *prog = cmd_run_command.prog;
    drv_game_args a;
    drv_game_args_init(&a, cmd_run_command.prog);
    int st = drv_options_read(&cmd_run_command, argc, argv, drv_game_take, &a);
    if (st != DRV_OPT_GO)
        return st;
    if (!a.file) {
        fprintf(stderr, "%s: no input file (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (!tool_readable(prog, a.file))
        return TOOL_USAGE;
    if (a.o.choices && !tool_readable(prog, a.o.choices))
        return TOOL_USAGE;
    if (a.o.restore && !tool_readable(prog, a.o.restore)) /* never a FIFO's wait */
        return TOOL_USAGE;
    if (a.o.choices && strcmp(a.o.choices, "-") == 0 && strcmp(a.file, "-") == 0) {
        fprintf(stderr, "%s: the ruleset and --choices cannot both be the standard input\n",
                prog);
        return TOOL_USAGE;
    }
    if (an_input(&a, a.o.record, "--record") || an_input(&a, a.o.save, "--save"))
        return TOOL_USAGE;
    /* the save and the record are renamed into place: over a file, never
     * over a device */
    if (a.o.save && !tool_output_ok(prog, a.o.save))
        return TOOL_USAGE;
    if (a.o.record && strcmp(a.o.record, "-") != 0 && !tool_output_ok(prog, a.o.record))
        return TOOL_USAGE;
    if (a.o.record && a.o.save && strcmp(a.o.record, "-") != 0 &&
        (strcmp(a.o.record, a.o.save) == 0 || tool_same_file(a.o.record, a.o.save))) {
        fprintf(stderr, "%s: --record and --save are the same file '%s'\n", prog, a.o.save);
        return TOOL_USAGE;
    }

    oc_compiler *c;
    if (drv_diag_start(&a.dd) != 0)
        return TOOL_FAIL;
    const ordo_program *p = drv_compile(a.file, &a.dd, &c);
    int status =
        drv_diag_finish(&a.dd) == 0 && p ? play_game(p, &a.o, stdout, prog) : TOOL_FAIL;
    oc_free(c);
    return status;
}

/* cmd_play.c — `ordo play FILE`: play any ruleset in a terminal. The
 * game at the terminal is the host kit's (play_at_terminal: seats without
 * a --policy are people, each decision read as a number from stdin, what
 * the seat playing sees printed as it happens); here are the command
 * line and whether stdin and stdout are a terminal (no colours unless
 * stdout is). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <editline/readline.h>

#include "driver.h"

static const char *const prog = "ordo play";

static const drv_option play_tty_options[] = {
    {"seed", 0, "N", "the game's seed (default 1)", DRV_PLAY(SEED), NULL},
    DRV_PLAYERS_OPTION,
    {"policy", 0, "SEAT=NAME",
     "seat SEAT is played by a policy: random, first, mcts, or one the ruleset declares (--policy "
     "NAME: every seat)",
     DRV_PLAY(POLICY), NULL},
    {"max-steps", 0, "N", "stop with an error after N VM instructions", DRV_PLAY(MAX_STEPS), NULL},
    {"as", 0, "SEAT",
     "play SEAT, and print what that player sees; without --policy, the other seats are "
     "played by the ruleset's first policy (or random). Default: print what the one seat "
     "without a policy sees, else what every player sees",
     DRV_PLAY(AS), NULL},
    {0}};

const drv_command cmd_play_command = {
    "ordo play",
    "FILE [OPTIONS]",
    "Compiles FILE and plays one game in the terminal. Seats without a\n"
    "--policy are people: each of their decisions shows the ruleset's\n"
    "displays and the numbered options, and reads a number from stdin.\n",
    (const drv_option *const[]){play_tty_options, drv_search_options, drv_diag_options, NULL},
    "exit status: 0 the game ended, 1 compile or runtime error, or the input\n"
    "ended before the game did, 2 bad command line or missing file.\n"};

/* A line typed at the terminal, through libedit: the arrows move in it
 * and go back through the lines typed before (its history). */
static char *edited_line(void *ctx, const char *prompt)
{
    (void)ctx;
    char *line = readline(prompt);
    if (line && *line)
        add_history(line);
    return line;
}

int cmd_play(int argc, char **argv)
{
    drv_game_args a;
    drv_game_args_init(&a, cmd_play_command.prog);
    int st = drv_options_read(&cmd_play_command, argc, argv, drv_game_take, &a);
    if (st != DRV_OPT_GO)
        return st;
    const char *file = a.file;
    if (!file) {
        fprintf(stderr, "%s: no input file (try '%s --help')\n", prog, prog);
        return TOOL_USAGE;
    }
    if (strcmp(file, "-") == 0) {
        fprintf(stderr, "%s: the decisions come from the standard input: give the ruleset as "
                "a file\n", prog);
        return TOOL_USAGE;
    }
    if (!tool_readable(prog, file))
        return TOOL_USAGE;
    oc_compiler *c;
    if (drv_diag_start(&a.dd) != 0)
        return TOOL_FAIL;
    const ordo_program *p = drv_compile(file, &a.dd, &c);
    play_terminal io = {stdin, stdout, isatty(STDOUT_FILENO) && getenv("NO_COLOR") == NULL,
                        !isatty(STDIN_FILENO), NULL, NULL};
    if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
        io.read_line = edited_line; /* a person at a terminal: editing and history */
    int status =
        drv_diag_finish(&a.dd) == 0 && p ? play_at_terminal(p, &a.o, &io, prog) : TOOL_FAIL;
    oc_free(c);
    return status;
}

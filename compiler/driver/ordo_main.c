/* ordo_main.c — the `ordo` tool: check, run, simulate, play, test, mutate,
 * explore and document rulesets, and serve them to editors (`ordo lsp`). */
#include <string.h>

#include "driver.h"

static const char usage[] =
    "usage: ordo COMMAND [OPTIONS] FILE...\n"
    "\n"
    "commands:\n"
    "  check FILE...   compile each ruleset and report its diagnostics\n"
    "  run FILE        play one game and print its trace\n"
    "  sim FILE        play many games and print their statistics\n"
    "  play FILE       play one game in the terminal, against policies or people\n"
    "  test FILE...    run every scenario of each ruleset\n"
    "  mutate FILE     which rules no scenario pins down (mutation testing)\n"
    "  explore FILE    search the reachable states for where play breaks\n"
    "  doc FILE        write the rule document (Markdown, HTML, Graphviz)\n"
    "  lsp             a language server on stdin and stdout, for editors\n"
    "\n"
    "  ordo help COMMAND     the options of a command (as ordo COMMAND --help)\n"
    "  ordo --version        the version\n"
    "\n"
    "exit status: 0 success, 1 errors (diagnostics, runtime error, failed\n"
    "scenario), 2 bad command line or missing file.\n";

static int run_command(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return TOOL_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "help") == 0 && argc > 2) {
        /* `ordo help run` is `ordo run --help` */
        char *help_argv[] = {argv[2], "--help", NULL};
        if (argv[2][0] != '-')
            return run_command(3, (char *[]){argv[0], argv[2], "--help", NULL});
        (void)help_argv;
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage, stdout);
        return TOOL_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("ordo %s\n", ORDO_VERSION);
        return TOOL_OK;
    }
    if (strcmp(cmd, "check") == 0)
        return cmd_check(argc - 1, argv + 1);
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc - 1, argv + 1);
    if (strcmp(cmd, "sim") == 0)
        return cmd_sim(argc - 1, argv + 1);
    if (strcmp(cmd, "play") == 0)
        return cmd_play(argc - 1, argv + 1);
    if (strcmp(cmd, "test") == 0)
        return cmd_test(argc - 1, argv + 1);
    if (strcmp(cmd, "mutate") == 0)
        return cmd_mutate(argc - 1, argv + 1);
    if (strcmp(cmd, "explore") == 0)
        return cmd_explore(argc - 1, argv + 1);
    if (strcmp(cmd, "doc") == 0)
        return cmd_doc(argc - 1, argv + 1);
    if (strcmp(cmd, "lsp") == 0)
        return cmd_lsp(argc - 1, argv + 1);
    if (cmd[0] == '-')
        return drv_unknown_option("ordo", cmd);
    fprintf(stderr, "ordo: unknown command '%s' (try 'ordo --help')\n", cmd);
    return TOOL_USAGE;
}

/* Whatever the command printed must have reached stdout: a trace cut short
 * by a full disk is a failure, not a game. */
int main(int argc, char **argv)
{
    int status = run_command(argc, argv);
    if (status == TOOL_OK && drv_stdout_done("ordo") != 0)
        status = TOOL_FAIL;
    return status;
}

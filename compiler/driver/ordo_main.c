/* ordo_main.c — the `ordo` tool: check, run, simulate, play, test, mutate,
 * explore, compare and document rulesets, and serve them to editors (`ordo lsp`).
 * Its --help lists the commands; `ordo help --man PART` writes the man
 * page's synopsis or options from the commands' option tables. */
#include <string.h>

#include "driver.h"

static const struct command {
    const char *name, *args, *summary;
    int (*run)(int argc, char **argv);
    const drv_command *options;
} commands[] = {
    {"check", "FILE...", "compile each ruleset and report its diagnostics", cmd_check,
     &cmd_check_command},
    {"run", "FILE", "play one game and print its trace", cmd_run, &cmd_run_command},
    {"sim", "FILE", "play many games and print their statistics", cmd_sim, &cmd_sim_command},
    {"play", "FILE", "play one game in the terminal, against policies or people", cmd_play,
     &cmd_play_command},
    {"test", "FILE...", "run every scenario of each ruleset", cmd_test, &cmd_test_command},
    {"mutate", "FILE", "which rules no scenario pins down (mutation testing)", cmd_mutate,
     &cmd_mutate_command},
    {"explore", "FILE", "search the reachable states for where play breaks", cmd_explore,
     &cmd_explore_command},
    {"diff", "A B", "where two rulesets part, played in lockstep (or --rules)", cmd_diff,
     &cmd_diff_command},
    {"doc", "FILE", "write the rule document (Markdown, HTML, Graphviz)", cmd_doc,
     &cmd_doc_command},
    {"lsp", "", "a language server on stdin and stdout, for editors", cmd_lsp,
     &cmd_lsp_command},
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static void usage(FILE *out)
{
    fputs("usage: ordo COMMAND [OPTIONS] FILE...\n\ncommands:\n", out);
    for (int k = 0; k < NCOMMANDS; k++) {
        char left[32];
        snprintf(left, sizeof left, "%s %s", commands[k].name, commands[k].args);
        fprintf(out, "  %-16s%s\n", left, commands[k].summary);
    }
    fputs("\n"
          "  ordo help COMMAND     the options of a command (as ordo COMMAND --help)\n"
          "  ordo --version        the version\n"
          "\n"
          "exit status: 0 success, 1 errors (diagnostics, runtime error, failed\n"
          "scenario), 2 bad command line or missing file.\n",
          out);
}

/* `ordo help --man synopsis|options`: the man page's parts, for the build
 * (the Makefile writes build/man/ordo.1 from man/ordo.1.in with them). */
static int print_man(const char *part)
{
    int synopsis = part && strcmp(part, "synopsis") == 0;
    if (!synopsis && !(part && strcmp(part, "options") == 0)) {
        fprintf(stderr, "ordo help: --man takes synopsis or options\n");
        return TOOL_USAGE;
    }
    for (int k = 0; k < NCOMMANDS; k++)
        (synopsis ? drv_options_man_synopsis : drv_options_man)(commands[k].options, stdout);
    return TOOL_OK;
}

static const struct command *command_named(const char *name)
{
    for (int k = 0; k < NCOMMANDS; k++)
        if (strcmp(commands[k].name, name) == 0)
            return &commands[k];
    return NULL;
}

static int run_command(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return TOOL_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "help") == 0 && argc > 2 && strcmp(argv[2], "--man") == 0)
        return print_man(argc > 3 ? argv[3] : NULL);
    if (strcmp(cmd, "help") == 0 && argc > 2 && argv[2][0] != '-') {
        /* `ordo help run` is `ordo run --help` */
        const struct command *c = command_named(argv[2]);
        if (c) {
            drv_options_help(c->options, stdout);
            return TOOL_OK;
        }
        cmd = argv[2];
    } else if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return TOOL_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("ordo %s\n", ORDO_VERSION);
        return TOOL_OK;
    }
    const struct command *c = command_named(cmd);
    if (c)
        return c->run(argc - 1, argv + 1);
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
    if (status == TOOL_OK && tool_stdout_done("ordo") != 0)
        status = TOOL_FAIL;
    return status;
}

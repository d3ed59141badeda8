/* host.c — a host program that embeds one ruleset emitted as C by ordoc.
 *
 * It plays one game with the same options, and prints the same trace, as
 * `ordo run` — both go through the host kit (runtime/host/play.c), which
 * needs only the runtime. Build (what the Makefile does for every
 * rulesets/NAME.ordo):
 *
 *   build/ordoc rulesets/titan.ordo -o build/examples/titan.c \
 *       --header build/examples/titan.h --symbol titan_program
 *   cc -std=c11 -D_POSIX_C_SOURCE=200809L -Iruntime -Iruntime/host \
 *       -DHOST_PROGRAM=titan_program \
 *       examples/host.c build/examples/titan.c \
 *       build/libordohost.a build/libordo.a
 *
 *   build/examples/titan_host --seed 7 --players 3 --trace jsonl
 */
#include <string.h>
#include <sys/stat.h>

#include "ordo.h"
#include "ordo_host.h"

#ifndef HOST_PROGRAM
#error "compile with -DHOST_PROGRAM=<symbol>, the --symbol given to ordoc"
#endif

extern const ordo_program HOST_PROGRAM;

/* 1 when a file the host kit reads (--choices, --restore) or renames
 * into place (--save, --record) is a regular one, or none: the C library
 * the host kit is limited to cannot tell a device from a file, and a
 * FIFO read would wait for ever, a rename over /dev/full, run as root,
 * would replace the device; else 0 with a message. "-" is a standard
 * stream. */
static int regular_or_absent(const char *prog, const char *what, const char *path)
{
    struct stat st;
    if (!path || strcmp(path, "-") == 0 || stat(path, &st) != 0 || S_ISREG(st.st_mode))
        return 1;
    fprintf(stderr, "%s: %s '%s' is not a regular file\n", prog, what, path);
    return 0;
}

int main(int argc, char **argv)
{
    const char *prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    const ordo_program *p = &HOST_PROGRAM;
    play_options o;
    play_options_init(&o);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: %s [OPTIONS]\n\nPlays one game of \"%s\" (%s, built in) and "
                   "prints its trace on stdout.\n\n",
                   prog, p->title ? p->title : "?", p->file ? p->file : "?");
            fputs(play_options_help, stdout);
            fputs("  --help, --version\n\nexit status: 0 the game ended, 1 runtime error "
                  "or a choice that is not offered, 2 bad command line.\n",
                  stdout);
            return TOOL_OK;
        }
        if (strcmp(argv[i], "--version") == 0) {
            printf("%s (ordo %s)\n", prog, ORDO_VERSION);
            return TOOL_OK;
        }
        int r = play_parse_option(&o, argc, argv, &i, prog);
        if (r < 0)
            return TOOL_USAGE;
        if (r == 0) {
            if (argv[i][0] == '-')
                fprintf(stderr, "%s: unknown option '%s' (try '%s --help')\n", prog, argv[i],
                        prog);
            else
                fprintf(stderr, "%s: unexpected argument '%s' (the ruleset is built in)\n",
                        prog, argv[i]);
            return TOOL_USAGE;
        }
        i--; /* play_parse_option moved past the option */
    }
    if (!regular_or_absent(prog, "--choices", o.choices) ||
        !regular_or_absent(prog, "--restore", o.restore) ||
        !regular_or_absent(prog, "--save", o.save) || !regular_or_absent(prog, "--record", o.record))
        return TOOL_USAGE;
    return play_game(p, &o, stdout, prog);
}

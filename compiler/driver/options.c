/* options.c — reads a command line from a command's table of options
 * (options.h) with getopt_long, and writes the --help text and the man
 * page's option list from the same table.
 *
 * getopt_long runs in its "return in order" mode ('-' first in the short
 * options): each word that is no option comes back where it stands, so a
 * command sees its files and options in the order given (a file after an
 * option is as good as before it) and argv is never permuted. Its own
 * messages are off (':' second): each error here is one line naming the
 * command and the word. */
#include <getopt.h> /* glibc's getopt_long, declared whatever the feature macros */
#include <string.h>

#include "options.h"
#include "ordo_host.h"

/* enough for the command with the most options, and every one-letter
 * name with its ':' */
enum { MAX_OPTIONS = 64, HELP_COLUMN = 24, HELP_WIDTH = 79 };
/* getopt's value of the long option without a letter at index k */
enum { LONG_ONLY = 256, VERSION_ID = LONG_ONLY + MAX_OPTIONS };

static int is_end(const drv_option *o)
{
    return !o->name && !o->letter;
}

/* The command's options as one list, in order; their number, or -1 when
 * there are more than `max` (a table to be cut, caught by the tests). */
static int flatten(const drv_command *cmd, const drv_option **all, int max)
{
    int n = 0;
    for (const drv_option *const *list = cmd->options; list && *list; list++)
        for (const drv_option *o = *list; !is_end(o); o++) {
            if (n == max)
                return -1;
            all[n++] = o;
        }
    return n;
}

/* getopt_long's two tables for all[0..n), with -h, --help and --version. */
static void getopt_tables(const drv_option *const *all, int n, char *shorts,
                          struct option *longs)
{
    char *s = shorts;
    *s++ = '-';
    *s++ = ':';
    *s++ = 'h';
    int k = 0;
    longs[k++] = (struct option){"help", no_argument, NULL, 'h'};
    longs[k++] = (struct option){"version", no_argument, NULL, VERSION_ID};
    for (int i = 0; i < n; i++) {
        const drv_option *o = all[i];
        int has_arg = o->arg ? required_argument : no_argument;
        if (o->letter) {
            *s++ = (char)o->letter;
            if (o->arg)
                *s++ = ':';
        }
        if (o->name)
            longs[k++] = (struct option){o->name, has_arg, NULL,
                                         o->letter ? o->letter : LONG_ONLY + i};
    }
    *s = 0;
    longs[k] = (struct option){NULL, 0, NULL, 0};
}

/* The option getopt_long returned as c. */
static const drv_option *option_of(const drv_option *const *all, int n, int c)
{
    if (c >= LONG_ONLY && c < LONG_ONLY + n)
        return all[c - LONG_ONLY];
    for (int i = 0; i < n; i++)
        if (all[i]->letter == c)
            return all[i];
    return NULL;
}

/* "--name=value" -> the length of "name" */
static size_t long_name_length(const char *word)
{
    return strcspn(word + 2, "=");
}

/* A word starting with "--" that names no option: unknown, or the start of
 * several (getopt_long takes an unambiguous start as the option). */
static void say_bad_long(const char *prog, const char *word, const drv_option *const *all, int n)
{
    int len = (int)long_name_length(word);
    int matches = 0;
    for (int i = 0; i < n; i++)
        matches += all[i]->name && strncmp(all[i]->name, word + 2, (size_t)len) == 0;
    if (matches < 2) {
        fprintf(stderr, "%s: unknown option '%.*s' (try '%s --help')\n", prog, len + 2, word,
                prog);
        return;
    }
    fprintf(stderr, "%s: ambiguous option '%.*s' (", prog, len + 2, word);
    const char *sep = "";
    for (int i = 0; i < n; i++)
        if (all[i]->name && strncmp(all[i]->name, word + 2, (size_t)len) == 0) {
            fprintf(stderr, "%s--%s", sep, all[i]->name);
            sep = ", ";
        }
    fputs(")\n", stderr);
}

/* getopt_long's '?' (bad) or ':' (no value) for the word it was reading;
 * optopt is the option's getopt value when there is one. */
static void say_error(const char *prog, int c, const char *word, const drv_option *const *all,
                      int n)
{
    int is_long = strncmp(word, "--", 2) == 0;
    const drv_option *o = optopt ? option_of(all, n, optopt) : NULL;
    char name[64];
    if (!is_long)
        snprintf(name, sizeof name, "-%c", optopt);
    else if (o && o->name) /* the whole name of "--ga" */
        snprintf(name, sizeof name, "--%s", o->name);
    else
        snprintf(name, sizeof name, "%.*s", (int)long_name_length(word) + 2, word);
    if (c == ':')
        fprintf(stderr, "%s: option '%s' needs a value (try '%s --help')\n", prog, name, prog);
    else if (is_long && optopt)
        fprintf(stderr, "%s: option '%s' takes no value\n", prog, name);
    else if (is_long)
        say_bad_long(prog, word, all, n);
    else
        drv_unknown_option(prog, name);
}

int drv_options_read(const drv_command *cmd, int argc, char **argv, drv_take_fn *take,
                     void *ctx)
{
    const drv_option *all[MAX_OPTIONS];
    int n = flatten(cmd, all, MAX_OPTIONS);
    if (n < 0) {
        fprintf(stderr, "%s: more than %d options in its table\n", cmd->prog, MAX_OPTIONS);
        return TOOL_FAIL;
    }
    char shorts[4 + 2 * MAX_OPTIONS];
    struct option longs[MAX_OPTIONS + 3];
    getopt_tables(all, n, shorts, longs);
    optind = 0; /* glibc: start afresh (a process may read more than one line) */
    opterr = 0;
    for (;;) {
        int at = optind ? optind : 1;
        int c = getopt_long(argc, argv, shorts, longs, NULL);
        if (c == -1)
            break;
        if (c == 'h') {
            drv_options_help(cmd, stdout);
            return TOOL_OK;
        }
        if (c == VERSION_ID) {
            /* the tool's name: "ordo" for "ordo sim" */
            printf("%.*s %s\n", (int)strcspn(cmd->prog, " "), cmd->prog, ORDO_VERSION);
            return TOOL_OK;
        }
        if (c == '?' || c == ':') {
            say_error(cmd->prog, c, argv[at], all, n);
            return TOOL_USAGE;
        }
        const drv_option *o = c == 1 ? NULL : option_of(all, n, c); /* 1: a file */
        if (take(ctx, o ? o->id : DRV_OPT_ARG, optarg) != DRV_TAKEN)
            return TOOL_USAGE;
    }
    for (int i = optind; i < argc; i++) /* after "--" */
        if (take(ctx, DRV_OPT_ARG, argv[i]) != DRV_TAKEN)
            return TOOL_USAGE;
    return DRV_OPT_GO;
}

int drv_unknown_option(const char *prog, const char *arg)
{
    fprintf(stderr, "%s: unknown option '%s' (try '%s --help')\n", prog, arg, prog);
    return TOOL_USAGE;
}

int drv_option_number(const char *prog, const char *name, const char *v,
                      unsigned long long lo, unsigned long long hi, unsigned long long *out)
{
    uint64_t n;
    if (v && play_parse_u64(v, &n) == 0 && n >= lo && n <= hi) {
        *out = n;
        return 0;
    }
    fprintf(stderr, "%s: bad value '%s' for --%s\n", prog, v ? v : "", name);
    return -1;
}

/* ---- --help */

/* "-o, --name ARG" as --help shows it, in buf. */
static void help_left(const drv_option *o, char *buf, size_t size)
{
    if (o->shown)
        snprintf(buf, size, "  %s", o->shown);
    else if (o->letter && o->name)
        snprintf(buf, size, "  -%c, --%s%s%s", o->letter, o->name, o->arg ? " " : "",
                 o->arg ? o->arg : "");
    else if (o->letter)
        snprintf(buf, size, "  -%c%s%s", o->letter, o->arg ? " " : "", o->arg ? o->arg : "");
    else
        snprintf(buf, size, "  --%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
}

/* One option: its left column, then its help wrapped beside it (on the
 * next line when the left column is too wide). */
static void help_option(const char *left, const char *text, FILE *out)
{
    int col = (int)strlen(left);
    fputs(left, out);
    if (col + 2 > HELP_COLUMN) {
        fputc('\n', out);
        col = 0;
    }
    for (const char *w = text; *w;) {
        size_t len = strcspn(w, " ");
        if (col > HELP_COLUMN && col + 1 + (int)len > HELP_WIDTH) {
            fputc('\n', out);
            col = 0;
        }
        if (col < HELP_COLUMN) {
            fprintf(out, "%*s", HELP_COLUMN - col, "");
            col = HELP_COLUMN;
        } else {
            fputc(' ', out);
            col++;
        }
        fprintf(out, "%.*s", (int)len, w);
        col += (int)len;
        w += len;
        w += strspn(w, " ");
    }
    fputc('\n', out);
}

void drv_options_help(const drv_command *cmd, FILE *out)
{
    fprintf(out, "usage: %s %s\n\n", cmd->prog, cmd->synopsis);
    if (cmd->about)
        fprintf(out, "%s\n", cmd->about);
    const drv_option *all[MAX_OPTIONS];
    int n = flatten(cmd, all, MAX_OPTIONS);
    char left[128];
    for (int i = 0; i < n; i++) {
        help_left(all[i], left, sizeof left);
        help_option(left, all[i]->help, out);
    }
    help_option("  -h, --help", "print this help and exit", out);
    help_option("  --version", "print the version and exit", out);
    fprintf(out, "\n%s", cmd->status);
}

/* ---- the man page */

/* s[0..len) as roff text: '-' as \-, '\' as \e, a leading '.' or '\''
 * kept from being a request. */
static void roff_text(const char *s, size_t len, int line_start, FILE *out)
{
    for (size_t i = 0; i < len; i++) {
        if (i == 0 && line_start && (s[0] == '.' || s[0] == '\''))
            fputs("\\&", out);
        if (s[i] == '-')
            fputs("\\-", out);
        else if (s[i] == '\\')
            fputs("\\e", out);
        else
            fputc(s[i], out);
    }
}

static void roff_font(char font, const char *s, FILE *out)
{
    fprintf(out, "\\f%c", font);
    roff_text(s, strlen(s), 0, out);
    fputs("\\fR", out);
}

/* A usage line's words: options bold, placeholders (FILE, N) italic. */
static void roff_usage(const char *s, FILE *out)
{
    while (*s) {
        size_t len = strcspn(s, " []|.,=");
        if (len == 0) {
            roff_text(s, 1, 0, out);
            s++;
            continue;
        }
        char font = s[0] == '-' ? 'B' : s[0] >= 'A' && s[0] <= 'Z' ? 'I' : 'R';
        fprintf(out, "\\f%c", font);
        roff_text(s, len, 0, out);
        fputs("\\fR", out);
        s += len;
    }
}

void drv_options_man_synopsis(const drv_command *cmd, FILE *out)
{
    fputs(".B ", out);
    roff_text(cmd->prog, strlen(cmd->prog), 0, out);
    fputs("\n", out);
    roff_usage(cmd->synopsis, out);
    fputs("\n.br\n", out);
}

void drv_options_man(const drv_command *cmd, FILE *out)
{
    fprintf(out, ".SS \"%s\"\n", cmd->prog);
    const drv_option *all[MAX_OPTIONS];
    int n = flatten(cmd, all, MAX_OPTIONS);
    for (int i = 0; i < n; i++) {
        const drv_option *o = all[i];
        fputs(".TP\n", out);
        if (o->shown) {
            roff_usage(o->shown, out);
        } else {
            if (o->letter) {
                char one[3] = {'-', (char)o->letter, 0};
                roff_font('B', one, out);
                if (o->name)
                    fputs(", ", out);
            }
            if (o->name) {
                fputs("\\fB\\-\\-", out);
                roff_text(o->name, strlen(o->name), 0, out);
                fputs("\\fR", out);
            }
            if (o->arg) {
                fputc(' ', out);
                roff_font('I', o->arg, out);
            }
        }
        fputc('\n', out);
        roff_text(o->help, strlen(o->help), 1, out);
        fputc('\n', out);
    }
}

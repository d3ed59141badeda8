/* files.c — the tools' inputs checked and outputs written safely (see
 * files.h): the checks a POSIX system allows (stat tells a device from a
 * file) around the host kit's writer. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "compiler.h"
#include "files.h"

int tool_readable(const char *prog, const char *path)
{
    int err = 0;
    FILE *f = oc_open_input(path, &err);
    if (!f) {
        fprintf(stderr, "%s: cannot open '%s': %s\n", prog, path, oc_input_problem(err));
        return 0;
    }
    if (f != stdin)
        fclose(f);
    return 1;
}

const char *tool_input_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

int tool_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (!a || !b || strcmp(a, "-") == 0 || strcmp(b, "-") == 0 || stat(a, &sa) != 0 ||
        stat(b, &sb) != 0)
        return 0;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int tool_output_ok(const char *prog, const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        fprintf(stderr, "%s: cannot write '%s': not a regular file\n", prog, path);
        return 0;
    }
    return 1;
}

FILE *tool_output_open(play_output *o, const char *path, const char *prog)
{
    memset(o, 0, sizeof *o);
    if (!tool_output_ok(prog, path))
        return NULL;
    if (!play_output_open(o, path))
        fprintf(stderr, "%s: cannot write '%s': %s\n", prog, path, play_output_problem(o));
    return o->f;
}

int tool_output_commit(play_output *o, const char *prog)
{
    if (play_output_commit(o) == 0)
        return 0;
    fprintf(stderr, "%s: cannot write '%s': %s\n", prog, o->path, play_output_problem(o));
    return -1;
}

int tool_stdout_done(const char *prog)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return 0;
    fprintf(stderr, "%s: cannot write to the standard output: %s\n", prog,
            errno ? strerror(errno) : "write error");
    return -1;
}

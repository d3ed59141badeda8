/* files.c — the tools' inputs checked and outputs written safely (see
 * files.h).
 *
 * A compiler that is interrupted, or that fails half way through a file,
 * must not leave a truncated file behind, nor destroy what the user had at
 * that path: so everything goes to a temporary file in the same folder
 * (rename is atomic only within a file system), renamed at the end. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compiler.h"
#include "files.h"

int drv_readable(const char *prog, const char *path)
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

const char *drv_input_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

int drv_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (!a || !b || strcmp(a, "-") == 0 || strcmp(b, "-") == 0 || stat(a, &sa) != 0 ||
        stat(b, &sb) != 0)
        return 0;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int drv_output_ok(const char *prog, const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        fprintf(stderr, "%s: cannot write '%s': not a regular file\n", prog, path);
        return 0;
    }
    return 1;
}

FILE *drv_output_open(drv_output *o, const char *path, const char *prog)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    if (!drv_output_ok(prog, path))
        return NULL;
    size_t n = strlen(path);
    o->tmp = malloc(n + 16);
    if (!o->tmp) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return NULL;
    }
    memcpy(o->tmp, path, n);
    memcpy(o->tmp + n, ".tmp-XXXXXX", 12);
    int fd = mkstemp(o->tmp);
    if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", prog, path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            remove(o->tmp);
        }
        free(o->tmp);
        o->tmp = NULL;
        return NULL;
    }
    /* mkstemp makes it 0600: give it the mode a plain fopen would have */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    return o->f;
}

int drv_output_commit(drv_output *o, const char *prog)
{
    int bad = fflush(o->f) != 0 || ferror(o->f);
    int err = bad ? errno : 0;
    if (fclose(o->f) != 0 && !bad) {
        bad = 1;
        err = errno;
    }
    o->f = NULL;
    if (!bad && rename(o->tmp, o->path) != 0) {
        bad = 1;
        err = errno;
    }
    if (bad) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", prog, o->path,
                err ? strerror(err) : "write error");
        remove(o->tmp);
    }
    free(o->tmp);
    o->tmp = NULL;
    return bad ? -1 : 0;
}

void drv_output_abort(drv_output *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp)
        remove(o->tmp);
    free(o->tmp);
    memset(o, 0, sizeof *o);
}

int drv_stdout_done(const char *prog)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return 0;
    fprintf(stderr, "%s: cannot write to the standard output: %s\n", prog,
            errno ? strerror(errno) : "write error");
    return -1;
}

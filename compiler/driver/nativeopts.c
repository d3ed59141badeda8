/* nativeopts.c — what the commands that play in bulk (sim, explore) take
 * about the ruleset's emitted C: --native FILE.so, --interpreted, and the
 * program they play: the shared object's code with the fresh tables
 * (native_load.h), the one `make native` built by default, else the
 * interpreter. An explicit shared object that does not load or match the
 * ruleset stops the command (exit 2); a default one that does not match is
 * said and left alone, and the interpreter plays. */
#include <stdlib.h>

#include "driver.h"

const drv_option drv_native_options[] = {
    {"native", 0, "FILE.so",
     "play the ruleset's emitted C from this shared object (make native builds one for each "
     "shipped ruleset; refused unless made from the ruleset as it is now)",
     DRV_ID_NATIVE, NULL},
    {"interpreted", 0, NULL,
     "play with the interpreter, even when make native built the ruleset's shared object "
     "(build/native/NAME.so beside build/ordo, used by default)",
     DRV_ID_INTERPRETED, NULL},
    {0}};

int drv_native_take(drv_native *n, int id, const char *value)
{
    if (id == DRV_ID_NATIVE)
        n->so = value;
    else if (id == DRV_ID_INTERPRETED)
        n->interpreted = 1;
    else
        return 1;
    return DRV_TAKEN;
}

const ordo_program *drv_native_program(drv_native *n, const char *prog, const char *file,
                                       const ordo_program *fresh, int *status)
{
    char err[512];
    if (n->so && n->interpreted) {
        fprintf(stderr, "%s: --native and --interpreted: one or the other\n", prog);
        *status = TOOL_USAGE;
        return NULL;
    }
    if (n->so) {
        const ordo_program *p = nv_load(n->so, file, fresh, &n->nv, err, sizeof err);
        if (!p) {
            fprintf(stderr, "%s: --native: %s\n", prog, err);
            *status = TOOL_USAGE;
        }
        return p;
    }
    char *so = n->interpreted ? NULL : nv_default_path(file);
    if (!so)
        return fresh;
    const ordo_program *p = nv_load(so, file, fresh, &n->nv, err, sizeof err);
    if (!p) {
        fprintf(stderr, "%s: %s; the interpreter plays\n", prog, err);
        nv_free(n->nv);
        n->nv = NULL;
        p = fresh;
    }
    free(so);
    return p;
}

void drv_native_free(drv_native *n)
{
    nv_free(n->nv);
    n->nv = NULL;
}

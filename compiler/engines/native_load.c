/* native_load.c — a ruleset's emitted C from a shared object (native_load.h).
 *
 * The shared object holds what ordoc wrote: the program's tables and its
 * code as C (ordo_program.native). Its code takes the tables' numbers as
 * constants (offsets, pcs, frame sizes, data), so it may run only with the
 * program it was made from: the fingerprint of its tables must be the
 * freshly compiled program's, or it is refused. What it plays with is the
 * fresh program, its `native` pointing into the shared object: the names,
 * texts and scenarios are the source's as it is now.
 *
 * The emitted C calls the runtime (ordo_vm_step, ordo_vm_interpret,
 * ordo_vm_event) and brings none of its own: the program that loads it
 * exports them (the ordo tool links with --export-dynamic-symbol), so the
 * game runs in one runtime whichever path takes an instruction.
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emit_files.h"
#include "native_load.h"

struct nv_native {
    void *handle;
    ordo_program p;
};

uint64_t nv_fingerprint(const ordo_program *p)
{
    /* a save's fingerprint, and what the C takes besides: each proc's
     * room and guard, the texts' count, the magic */
    uint64_t h = ordo_program_fingerprint(p) ^ p->magic;
    for (uint16_t i = 0; i < p->nprocs; i++)
        h = (h ^ ((uint64_t)p->procs[i].room << 16 | p->procs[i].guard)) * 1099511628211ull;
    return (h ^ p->ntexts) * 1099511628211ull;
}

const ordo_program *nv_load(const char *so, const char *file, const ordo_program *fresh,
                            nv_native **out, char *err, size_t n)
{
    *out = calloc(1, sizeof **out);
    char *sym = emit_default_symbol(file);
    if (!*out || !sym) {
        free(sym);
        snprintf(err, n, "out of memory");
        return NULL;
    }
    /* a name with a slash is a path to dlopen, not a library to look for */
    char path[4096];
    snprintf(path, sizeof path, "%s%s", strchr(so, '/') ? "" : "./", so);
    (*out)->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!(*out)->handle) {
        const char *why = dlerror();
        snprintf(err, n, "%s: not loaded (%s)", so, why ? why : "?");
        free(sym);
        return NULL;
    }
    const ordo_program *p = dlsym((*out)->handle, sym);
    if (!p) {
        snprintf(err, n, "%s: no program '%s' in it (ordoc's C of %s, compiled with -shared)", so,
                 sym, file);
        free(sym);
        return NULL;
    }
    free(sym);
    if (p->magic != ORDO_PROGRAM_MAGIC || p->version != ORDO_PROGRAM_VERSION ||
        nv_fingerprint(p) != nv_fingerprint(fresh)) {
        snprintf(err, n,
                 "%s was not made from %s as it is now (its program's fingerprint differs): "
                 "make it again (make native)",
                 so, file);
        return NULL;
    }
    (*out)->p = *fresh;
    (*out)->p.native = p->native;
    return &(*out)->p;
}

void nv_free(nv_native *nv)
{
    if (!nv)
        return;
    if (nv->handle)
        dlclose(nv->handle);
    free(nv);
}

char *nv_default_path(const char *file)
{
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0)
        return NULL;
    exe[len] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
    size_t blen = strlen(base);
    if (blen > 5 && strcmp(base + blen - 5, ".ordo") == 0)
        blen -= 5;
    size_t size = strlen(exe) + blen + 16;
    char *path = malloc(size);
    if (!path)
        return NULL;
    snprintf(path, size, "%s/native/%.*s.so", exe, (int)blen, base);
    if (access(path, R_OK) != 0) {
        free(path);
        return NULL;
    }
    return path;
}

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

static uint64_t fnv_u32(uint64_t h, uint32_t v)
{
    for (int k = 0; k < 4; k++)
        h = (h ^ ((v >> (8 * k)) & 0xffu)) * 1099511628211ull;
    return h;
}

uint64_t nv_fingerprint(const ordo_program *p)
{
    uint64_t h = fnv_u32(14695981039346656037ull, p->magic);
    uint32_t head[] = {p->version, p->min_players, p->max_players, p->ncode, p->nvars,
                       p->nprocs, p->noptions, p->nescapes, p->nevents, p->ntexts, p->nsteps,
                       p->state_size, p->stack_size, p->max_frames, p->max_options,
                       p->max_escapes, p->max_pending, p->act_first, p->main_proc, p->ndata,
                       p->act_undo, p->act_revise};
    for (size_t k = 0; k < sizeof head / sizeof head[0]; k++)
        h = fnv_u32(h, head[k]);
    for (uint32_t i = 0; i < p->ncode; i++) {
        const ordo_insn *in = &p->code[i];
        h = fnv_u32(h, (uint32_t)in->op | (uint32_t)in->x << 8 | (uint32_t)in->a << 16);
        h = fnv_u32(h, (uint32_t)in->b);
    }
    for (uint16_t i = 0; i < p->nvars; i++) {
        const ordo_var *v = &p->vars[i];
        uint32_t f[] = {v->offset, v->stride, v->kind, v->width, v->ndims,
                        (uint32_t)v->is_list | (uint32_t)v->is_set << 1, v->cap,
                        v->enum_id, v->dim_kind[0], v->dim_kind[1], v->dim_n[0], v->dim_n[1],
                        (uint32_t)v->dim_lo[0], (uint32_t)v->dim_lo[1], (uint32_t)v->lo,
                        (uint32_t)v->hi, (uint32_t)v->init, v->kept, v->hidden, v->shown};
        for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
            h = fnv_u32(h, f[k]);
    }
    for (uint16_t i = 0; i < p->nprocs; i++) {
        const ordo_proc *pr = &p->procs[i];
        uint32_t f[] = {pr->pc, pr->nparams, pr->nlocals, pr->returns, pr->act_save, pr->guard,
                        pr->room};
        for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
            h = fnv_u32(h, f[k]);
    }
    for (uint16_t i = 0; i < p->noptions; i++)
        h = fnv_u32(h, p->options[i].target ^ (uint32_t)p->options[i].param_kind << 24);
    for (uint16_t i = 0; i < p->nescapes; i++)
        h = fnv_u32(h, p->escapes[i].handler);
    for (uint32_t i = 0; i < p->ndata; i++)
        h = fnv_u32(h, (uint32_t)p->data[i]);
    return h;
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

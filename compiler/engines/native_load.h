/* native_load.h — a ruleset's emitted C loaded from a shared object
 * (`ordo sim --native`, `ordo explore --native`): the freshly compiled
 * program's tables with the shared object's code as C, or a refusal when
 * the shared object was not made from the same program (a stale one never
 * runs). doc/tools.md, "Emitted C as a shared object".
 */
#ifndef ORDO_ENGINES_NATIVE_LOAD_H
#define ORDO_ENGINES_NATIVE_LOAD_H

#include <stddef.h>

#include "ordo.h"

typedef struct nv_native nv_native;

/* Loads the shared object `so`, made by `make native` (or ordoc's C of
 * `file` compiled with -shared -fPIC) from the ruleset `file`, whose
 * program fresh is: the program to play (fresh's tables, the shared
 * object's code; valid until nv_free), or NULL with why in err (not
 * loaded, no program of that name in it, or another program's: its
 * fingerprint differs from fresh's). *out is to be freed either way. */
const ordo_program *nv_load(const char *so, const char *file, const ordo_program *fresh,
                            nv_native **out, char *err, size_t n);
void nv_free(nv_native *nv);

/* Where `make native` puts the shared object of ruleset `file`: the
 * folder `native` beside the running program's (build/native/NAME.so for
 * build/ordo), NAME the file's name without its folder and .ordo.
 * malloc'd; NULL when there is none there (or out of memory). */
char *nv_default_path(const char *file);

/* The program's fingerprint: a save's (ordo_program_fingerprint: the
 * code, the state's layout, the frames, the option and escape targets,
 * the table sizes, the data, the version) and what else its emitted C
 * takes as constants (each proc's room and guard). */
uint64_t nv_fingerprint(const ordo_program *p);

#endif /* ORDO_ENGINES_NATIVE_LOAD_H */

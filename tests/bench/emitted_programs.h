/* emitted_programs.h — the rulesets as ordoc emitted them, linked into a
 * test or benchmark program: the header EMITTED_LIST names (the Makefile
 * writes it) has an X(NAME) line each; this declares NAME_program for
 * each and lists them, in that order, in `emitted`. */
#include "ordo.h"

#define X(name) extern const ordo_program name##_program;
#include EMITTED_LIST
#undef X
static const struct {
    const char *name;
    const ordo_program *p;
} emitted[] = {
#define X(name) {#name, &name##_program},
#include EMITTED_LIST
#undef X
};

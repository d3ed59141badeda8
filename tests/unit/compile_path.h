/* compile_path.h — a ruleset file compiled for a unit test (test_reset.c,
 * test_save.c, ...): the compiler in *c, freed by the test with oc_free;
 * a ruleset that does not compile fails the test. And a compiled proc
 * found by its name. Include after <cmocka.h> and compiler.h. */
#ifndef ORDO_TEST_COMPILE_PATH_H
#define ORDO_TEST_COMPILE_PATH_H

static inline const ordo_program *compile_path(oc_compiler **c, const char *path)
{
    oc_options opt = {0};
    *c = oc_new(&opt);
    assert_non_null(*c);
    const ordo_program *p = oc_compile_file(*c, path);
    assert_non_null(p);
    return p;
}

/* The index of the proc called `name` (a fn, proc, action, "setup#N"...);
 * none fails the test. */
static inline int proc_named(const ordo_program *p, const char *name)
{
    for (int i = 0; i < p->nprocs; i++)
        if (p->procs[i].name && strcmp(p->procs[i].name, name) == 0)
            return i;
    fail_msg("no proc '%s'", name);
    return -1;
}

#endif

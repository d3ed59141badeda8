/* compile_path.h — a ruleset file compiled for a unit test (test_reset.c,
 * test_save.c, ...): the compiler in *c, freed by the test with oc_free;
 * a ruleset that does not compile fails the test. Include after
 * <cmocka.h> and compiler.h. */
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

#endif

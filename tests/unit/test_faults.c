/* test_faults.c — fault injection, as SQLite does it (issue 33, 3): the
 * Nth allocation fails, for every N, over a compile (a plain ruleset, a
 * layer with its base and data tables, a ruleset with errors), a new
 * game, and the play, save and restore of one; the Nth read of a
 * compile; and the Nth open, flush, close or rename of the files a run
 * writes (--record, --save), which must hold their old text or the whole
 * new one, never a part. Each failure ends the call
 * with a clear error (the compiler's "out of memory", the runtime's
 * ORDO_E_STACK), never a crash; and nothing leaks: every block allocated
 * during a run is freed by the time its objects are (counted here, in
 * every build; LeakSanitizer checks again in the sanitizers' pass).
 * Playing, saving and restoring allocate nothing at all.
 *
 * The allocator is wrapped at link time (-Wl,--wrap=malloc,...: the
 * Makefile's rule for this test), so only the code under test is
 * affected, not libc's own allocations or cmocka's. Each fault is either
 * transient (only the Nth allocation fails) or persistent (every one from
 * the Nth on), as SQLite's malloc tests do both. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <errno.h>
#include <unistd.h>

#include "compiler.h"
#include "ordo_host.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
size_t __real_fread(void *p, size_t size, size_t n, FILE *f);
int __real_ferror(FILE *f);
FILE *__real_fopen(const char *path, const char *mode);
int __real_fflush(FILE *f);
int __real_fclose(FILE *f);
int __real_rename(const char *from, const char *to);

/* The injector's state. A link-time wrapper has no context argument, so
 * it lives here, in the test alone. */
static struct {
    long countdown;  /* the allocation to fail (1: the next); 0: none */
    int persistent;  /* every allocation after it fails too */
    int failing;     /* a fault has been injected */
    long calls;      /* allocations asked for */
    long live;       /* blocks allocated and not freed */
    long read_countdown; /* the read to fail (1: the next); 0: none */
    long reads;      /* reads asked for */
    FILE *read_failed; /* the stream whose read failed: ferror says so */
    long io_countdown; /* the open, flush, close or rename to fail; 0: none */
    long ios;        /* those asked for */
    FILE *write_failed; /* the stream whose flush failed: ferror says so */
} inj;

static int fail_now(void)
{
    inj.calls++;
    if (inj.failing && inj.persistent)
        return 1;
    if (inj.countdown > 0 && --inj.countdown == 0) {
        inj.failing = 1;
        return 1;
    }
    return 0;
}

void *__wrap_malloc(size_t n)
{
    if (fail_now())
        return NULL;
    void *p = __real_malloc(n);
    inj.live += p != NULL;
    return p;
}

void *__wrap_calloc(size_t k, size_t n)
{
    if (fail_now())
        return NULL;
    void *p = __real_calloc(k, n);
    inj.live += p != NULL;
    return p;
}

void *__wrap_realloc(void *p, size_t n)
{
    if (fail_now())
        return NULL;
    void *q = __real_realloc(p, n);
    inj.live += !p && q;
    return q;
}

void __wrap_free(void *p)
{
    inj.live -= p != NULL;
    __real_free(p);
}

/* A read that fails as a disk does: nothing read, and the stream's error
 * indicator set (ferror, wrapped too, reports it). */
size_t __wrap_fread(void *p, size_t size, size_t n, FILE *f)
{
    inj.reads++;
    if (inj.read_countdown > 0 && --inj.read_countdown == 0) {
        inj.read_failed = f;
        return 0;
    }
    return __real_fread(p, size, n, f);
}

int __wrap_ferror(FILE *f)
{
    return (f && (f == inj.read_failed || f == inj.write_failed)) || __real_ferror(f);
}

/* The calls a writer makes to put a file in place, failing as a full
 * disk or a lost folder makes them fail (fclose still closes). */
static int io_fails(void)
{
    inj.ios++;
    return inj.io_countdown > 0 && --inj.io_countdown == 0;
}

FILE *__wrap_fopen(const char *path, const char *mode)
{
    if (io_fails()) {
        errno = ENOSPC;
        return NULL;
    }
    return __real_fopen(path, mode);
}

int __wrap_fflush(FILE *f)
{
    int rc = __real_fflush(f);
    if (io_fails()) {
        inj.write_failed = f; /* an error indicator, as a real failure sets */
        errno = ENOSPC;
        return EOF;
    }
    return rc;
}

int __wrap_fclose(FILE *f)
{
    int rc = __real_fclose(f);
    if (io_fails()) {
        errno = ENOSPC;
        return EOF;
    }
    return rc;
}

int __wrap_rename(const char *from, const char *to)
{
    if (io_fails()) {
        errno = EXDEV;
        return -1;
    }
    return __real_rename(from, to);
}

static void inject(long n, int persistent)
{
    inj.countdown = n;
    inj.persistent = persistent;
    inj.failing = 0;
    inj.calls = 0;
}

/* What a compile under a fault printed, kept to be looked at. */
typedef struct {
    char text[8192];
    int reached;     /* the run asked for the allocation that was to fail */
} captured;

/* Compiles path with the nth allocation failing (0: none); the outcome:
 * 1 compiled, 0 refused. The compiler's memory is all freed before it
 * returns. `reference`: what the compile without a fault printed. */
static int compile_with_fault(const char *path, long n, int persistent, captured *out,
                              const char *reference)
{
    memset(out->text, 0, sizeof out->text);
    FILE *diag = fmemopen(out->text, sizeof out->text - 1, "w");
    assert_non_null(diag);
    long before = inj.live;
    inject(n, persistent);
    oc_options opt = {.diag = diag};
    oc_compiler *c = oc_new(&opt);
    int compiled = 0;
    if (c) {
        const ordo_program *p = oc_compile_file(c, path);
        if (p) {
            char why[200];
            assert_int_equal(ordo_validate(p, why, sizeof why), ORDO_OK);
            compiled = 1;
        } else {
            assert_true(oc_error_count(c) >= 1);
        }
    }
    int failed = inj.failing;
    out->reached = inj.calls >= n;
    inject(0, 0);
    oc_free(c);
    fclose(diag);
    /* every block of this run freed with the compiler */
    assert_int_equal(inj.live, before);
    /* a failure the compiler could not work around is said as such (the
     * arena's, or the file reader's ENOMEM); one it could (the table of
     * names grown later) changes nothing it reports */
    if (failed && !compiled && c && !strstr(out->text, "out of memory") &&
        !strstr(out->text, "Cannot allocate memory"))
        assert_string_equal(out->text, reference);
    return compiled;
}

/* Every N, transient and persistent, until a compile meets no fault. */
static void sweep_compile(const char *path, int must_compile)
{
    static captured out, reference;
    assert_int_equal(compile_with_fault(path, 0, 0, &reference, ""), must_compile);
    long n = 1, refused = 0;
    for (;; n++) {
        int a = compile_with_fault(path, n, 0, &out, reference.text);
        int hit = out.reached;
        compile_with_fault(path, n, 1, &out, reference.text);
        if (!a && hit)
            refused++;
        if (!hit) {
            assert_int_equal(a, must_compile);
            break;
        }
    }
    print_message("%s: %ld allocations, each failed (twice): %ld compiles refused\n", path,
                  n - 1, refused);
    assert_true(n > 10);
}

static void test_compile_ruleset(void **state)
{
    (void)state;
    sweep_compile("tests/e2e/data/tiny.ordo", 1);
}

/* A layer: its base read and parsed, its data tables (CSV) loaded. */
static void test_compile_layer_with_tables(void **state)
{
    (void)state;
    sweep_compile("rulesets/splendor_easier.ordo", 1);
}

/* Errors reported, with their source lines, under the fault as well. */
static void test_compile_with_errors(void **state)
{
    (void)state;
    sweep_compile("tests/diagnostics/check_errors.ordo", 0);
}

/* Every read of a compile that reads a layer, its base and two CSV
 * tables fails in turn: each is an error that names the file and says
 * why, and nothing leaks. */
static void test_compile_read_fails(void **state)
{
    (void)state;
    static char text[8192];
    long n = 1;
    for (;; n++) {
        memset(text, 0, sizeof text);
        FILE *diag = fmemopen(text, sizeof text - 1, "w");
        assert_non_null(diag);
        long before = inj.live;
        inj.read_countdown = n;
        inj.reads = 0;
        inj.read_failed = NULL;
        oc_options opt = {.diag = diag};
        oc_compiler *c = oc_new(&opt);
        assert_non_null(c);
        const ordo_program *p = oc_compile_file(c, "rulesets/splendor_easier.ordo");
        int reached = inj.reads >= n;
        inj.read_countdown = 0;
        inj.read_failed = NULL;
        fclose(diag);
        if (reached) {
            assert_null(p);
            assert_true(oc_error_count(c) >= 1);
            assert_non_null(strstr(text, "Input/output error"));
            assert_non_null(strstr(text, "error: cannot read"));
        } else {
            assert_non_null(p);
        }
        oc_free(c);
        assert_int_equal(inj.live, before);
        if (!reached)
            break;
    }
    print_message("splendor_easier.ordo: %ld reads, each failed in turn\n", n - 1);
    assert_true(n > 3); /* the layer, its base, two tables */
}

/* The text of file path (at most n - 1 bytes), "" when it cannot be read. */
static void slurp(const char *path, char *buf, size_t n)
{
    buf[0] = 0;
    FILE *f = __real_fopen(path, "rb");
    if (!f)
        return;
    size_t k = __real_fread(buf, 1, n - 1, f);
    buf[k] = 0;
    __real_fclose(f);
}

/* How many entries folder dir holds (. and .. not counted). */
static int entries(const char *dir)
{
    char cmd[256], out[32];
    snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", dir);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    assert_non_null(fgets(out, sizeof out, p));
    pclose(p);
    return atoi(out);
}

/* ordo run's --record and --save through the host kit (play_game), with
 * the Nth open, flush, close or rename failing in turn: each output holds
 * what it held before or the whole new text, never part of it, no
 * temporary file is left beside it, nothing leaks, and the run says it
 * failed. */
static void test_outputs_whole_or_not_at_all(void **state)
{
    (void)state;
    oc_options opt = {0};
    oc_compiler *c = oc_new(&opt);
    const ordo_program *p = oc_compile_file(c, "tests/e2e/data/tiny.ordo");
    assert_non_null(p);
    char dir[] = "/tmp/ordo_test_faults_XXXXXX", rec[96], save[96];
    assert_non_null(mkdtemp(dir));
    snprintf(rec, sizeof rec, "%s/record.txt", dir);
    snprintf(save, sizeof save, "%s/game.save", dir);
    FILE *null = __real_fopen("/dev/null", "w");
    assert_non_null(null);
    play_options o;
    play_options_init(&o);
    o.seed = 3;
    o.trace = PLAY_TRACE_NONE;
    o.record = rec;
    o.save = save;
    /* the whole outputs, without a fault */
    static char want_rec[4096], want_save[8192], got[8192];
    assert_int_equal(play_game(p, &o, null, "test"), TOOL_OK);
    slurp(rec, want_rec, sizeof want_rec);
    slurp(save, want_save, sizeof want_save);
    assert_true(strlen(want_rec) > 0);
    long n = 1;
    for (;; n++) {
        FILE *f = __real_fopen(rec, "w");
        fputs("OLD RECORD\n", f);
        __real_fclose(f);
        remove(save);
        long before = inj.live;
        inj.io_countdown = n;
        inj.ios = 0;
        inj.write_failed = NULL;
        clearerr(null);
        int st = play_game(p, &o, null, "test");
        int reached = inj.ios >= n;
        inj.io_countdown = 0;
        inj.write_failed = NULL;
        assert_int_equal(inj.live, before);
        slurp(rec, got, sizeof got);
        assert_true(strcmp(got, "OLD RECORD\n") == 0 || strcmp(got, want_rec) == 0);
        slurp(save, got, sizeof got);
        assert_true(got[0] == 0 || memcmp(got, want_save, 8) == 0);
        assert_true(entries(dir) <= 2); /* no temporary file left */
        if (!reached) {
            assert_int_equal(st, TOOL_OK);
            break;
        }
        assert_int_not_equal(st, TOOL_OK);
    }
    print_message("--record and --save: %ld opens, flushes, closes and renames, each failed "
                  "in turn\n", n - 1);
    assert_true(n > 4);
    __real_fclose(null);
    remove(rec);
    remove(save);
    rmdir(dir);
    oc_free(c);
}

/* ordo_new's one allocation failing is ORDO_E_STACK; playing, saving and
 * restoring a game allocate nothing. */
static void test_game_save_restore(void **state)
{
    (void)state;
    oc_options opt = {0};
    oc_compiler *c = oc_new(&opt);
    const ordo_program *p = oc_compile_file(c, "tests/e2e/data/tiny.ordo");
    assert_non_null(p);
    ordo_game *g = NULL;
    inject(1, 0);
    assert_int_equal(ordo_new(p, 2, 7, &g), ORDO_E_STACK);
    assert_null(g);
    inject(0, 0);
    assert_int_equal(ordo_new(p, 2, 7, &g), ORDO_OK);
    size_t size = ordo_game_size(p);
    unsigned char save[4096];
    void *mem = __real_malloc(size + 8);
    assert_non_null(mem);
    void *aligned = (void *)(((uintptr_t)mem + 7) & ~(uintptr_t)7);
    inject(1, 1); /* any allocation from here on fails */
    uint64_t rng = 1;
    int rc, moves = 0;
    while ((rc = ordo_run(g)) == ORDO_DECIDE && moves++ < 200) {
        size_t n = ordo_save_size(g);
        assert_true(n <= sizeof save);
        assert_int_equal(ordo_save(g, save, n), ORDO_OK);
        ordo_game *r;
        assert_int_equal(ordo_restore(aligned, size, p, save, n, &r, NULL, 0), ORDO_OK);
        assert_int_equal(ordo_choose(g, ordo_policy_random(g, &rng)), ORDO_OK);
    }
    assert_int_equal(rc, ORDO_OVER);
    assert_int_equal(inj.calls, 0); /* not one allocation was asked for */
    inject(0, 0);
    __real_free(mem);
    ordo_free(g);
    oc_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compile_ruleset),
        cmocka_unit_test(test_compile_layer_with_tables),
        cmocka_unit_test(test_compile_with_errors),
        cmocka_unit_test(test_compile_read_fails),
        cmocka_unit_test(test_outputs_whole_or_not_at_all),
        cmocka_unit_test(test_game_save_restore),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

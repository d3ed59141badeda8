/* target_csv.c — CSV text in (a data table's file): a table or
 * diagnostics out, never a crash; a clean table is rectangular and every
 * cell is a string. */
#include <string.h>

#include "csv.h"
#include "fuzz.h"

static FILE *sink;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    sink = fopen("/dev/null", "w");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    oc_arena *a = arena_new();
    if (!a)
        return 0;
    diag d;
    diag_init(&d, a, sink, "fuzz.csv", (const char *)data, size);
    csv_table t;
    int rc = csv_read(a, &d, (const char *)data, size, &t);
    FUZZ_ASSERT(rc == 0 ? d.errors == 0 : d.errors > 0);
    if (rc == 0) {
        FUZZ_ASSERT(t.ncols > 0);
        for (uint32_t i = 0; i < t.ncols; i++)
            FUZZ_ASSERT(t.head[i].text != NULL);
        for (uint64_t k = 0; k < (uint64_t)t.nrows * t.ncols; k++)
            FUZZ_ASSERT(t.cells[k].text != NULL);
        if (t.ncols)
            (void)csv_find_column(&t, t.head[t.ncols - 1].text);
    }
    arena_free(a);
    return 0;
}

/* sc_emitted.c — runs the scenarios of a ruleset emitted as C (the
 * program SC_PROGRAM, linked in) with `ordo test`'s runner, so a
 * scenario's items (its event counts, the code of its expects and setups)
 * are shown to work from the emitted tables as well as from the
 * interpreter's compilation. Prints the runner's lines; exit status 1 when
 * the program does not validate or a scenario fails. */
#include <stdio.h>

#include "scenario.h"

extern const ordo_program SC_PROGRAM;

int main(int argc, char **argv)
{
    char msg[512];
    if (ordo_validate(&SC_PROGRAM, msg, sizeof msg) < 0) {
        printf("the emitted program does not validate: %s\n", msg);
        return 1;
    }
    int passed = 0, failed = 0;
    sc_run_all(&SC_PROGRAM, argc > 1 ? argv[1] : "emitted", 1, stdout, &passed, &failed);
    return failed != 0;
}

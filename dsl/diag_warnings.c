/* diag_warnings.c — the warnings by name (the list is warning_list.h):
 * a name for each number, a number for each name, and the -W options
 * that turn one off or make it an error. The diagnostics printer and the
 * JSON/SARIF sink both name warnings through here.
 */
#include <string.h>

#include "diag_warnings.h"

static const char *const warning_names[DIAG_W_COUNT] = {
#define W(id, name, what) name,
#include "warning_list.h"
#undef W
};

const char *diag_warning_name(int w)
{
    return w >= 0 && w < DIAG_W_COUNT ? warning_names[w] : NULL;
}

int diag_warning_find(const char *name)
{
    for (int w = 0; w < DIAG_W_COUNT; w++)
        if (strcmp(warning_names[w], name) == 0)
            return w;
    return -1;
}

int diag_policy_option(diag_policy *p, const char *arg)
{
    if (strncmp(arg, "-W", 2) != 0)
        return 0;
    const char *name = arg + 2;
    int state = DIAG_W_ON;
    if (strcmp(name, "error") == 0) {
        p->werror = 1;
        return 1;
    }
    if (strncmp(name, "no-error=", 9) == 0) {
        name += 9; /* an error no more: a warning again */
    } else if (strncmp(name, "error=", 6) == 0) {
        name += 6;
        state = DIAG_W_ERROR;
    } else if (strncmp(name, "no-", 3) == 0) {
        name += 3;
        state = DIAG_W_OFF;
    }
    int w = diag_warning_find(name);
    if (w < 0)
        return -1;
    p->state[w] = (uint8_t)state;
    return 1;
}

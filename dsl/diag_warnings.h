/* diag_warnings.h — the warnings (diag_warnings.c): their numbers, from
 * the one list (warning_list.h), their names, and the policy the -W
 * options set: which are printed, off, or errors. The diagnostics printer
 * (diag.c) and the JSON/SARIF sink (diag_sink.c) both see them here.
 */
#ifndef OC_DIAG_WARNINGS_H
#define OC_DIAG_WARNINGS_H

#include <stdint.h>

/* The warnings, numbered from the one list (warning_list.h). */
enum {
#define W(id, name, what) DIAG_W_##id,
#include "warning_list.h"
#undef W
    DIAG_W_COUNT
};
/* What each warning does: printed (the default), off, or an error. */
enum { DIAG_W_ON = 0, DIAG_W_OFF = 1, DIAG_W_ERROR = 2 };

typedef struct diag_policy {
    uint8_t state[DIAG_W_COUNT]; /* DIAG_W_* of each warning */
    uint8_t werror;              /* -Werror: every warning is an error */
    uint8_t show_option;         /* text: "[-Wname]" after a warning's message */
} diag_policy;

/* A warning's name ("unused"), or NULL for a number out of range; the
 * number of a name, or -1. */
const char *diag_warning_name(int w);
int diag_warning_find(const char *name);
/* Reads one command-line option into p: -Wno-NAME, -WNAME, -Werror,
 * -Werror=NAME, -Wno-error=NAME. Returns 1 when it was one, 0 when arg is
 * not a -W option, -1 when it names no warning. */
int diag_policy_option(diag_policy *p, const char *arg);

#endif /* OC_DIAG_WARNINGS_H */

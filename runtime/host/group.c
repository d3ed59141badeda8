/* group.c — a simultaneous decision (`simultaneously for p in players {
 * choose p ... }`) answered in any order. The runtime asks the group's
 * players one after another, none seeing another's choice, and carries
 * nothing out before all have chosen; so a host may learn every seat's
 * options at once (on a scratch copy, answering the earlier seats with
 * their first option: it changes nothing a later seat is offered) and
 * take the answers as they come, applying them in the order asked. The
 * group ends where its choices are revealed (the trace's CHOSEN events,
 * which the scratch copy's own trace callback watches for). */
#include "ordo_host.h"

static void note_reveal(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    (void)g;
    if (ev->kind == ORDO_EV_CHOSEN)
        *(int *)ctx = 1;
}

/* scratch = g, watched for the end of the group in *revealed. */
static void start_scratch(const ordo_game *g, ordo_game *scratch, int *revealed)
{
    ordo_copy(scratch, g);
    *revealed = 0;
    ordo_set_trace(scratch, note_reveal, revealed);
}

int play_group_seats(const ordo_game *g, ordo_game *scratch, int *seats, int max)
{
    if (!g || !scratch || !seats || !ordo_simultaneous(g))
        return 0;
    int revealed, n = 0;
    start_scratch(g, scratch, &revealed);
    while (n < max && !revealed && ordo_simultaneous(scratch)) {
        seats[n++] = ordo_decider(scratch);
        if (ordo_choose(scratch, 0) < 0 || ordo_run(scratch) < 0)
            break;
    }
    ordo_set_trace(scratch, NULL, NULL);
    return n;
}

int play_group_offer(const ordo_game *g, ordo_game *scratch, int seat)
{
    if (!g || !scratch || !ordo_simultaneous(g))
        return ORDO_E_STATE;
    int revealed, rc = ORDO_E_ARG; /* not a seat of this group */
    start_scratch(g, scratch, &revealed);
    while (!revealed && ordo_simultaneous(scratch)) {
        if (ordo_decider(scratch) == seat) {
            rc = ORDO_OK;
            break;
        }
        if (ordo_choose(scratch, 0) < 0 || ordo_run(scratch) < 0)
            break;
    }
    ordo_set_trace(scratch, NULL, NULL);
    return rc;
}

/* The answer given for `seat`, or NULL. */
static const char *answer_of(int seat, const int *seats, const char *const *labels, int n)
{
    for (int k = 0; k < n; k++)
        if (seats[k] == seat)
            return labels[k];
    return NULL;
}

/* Answers the asked seats in order on h, as far as answers go: the
 * status after the last applied, ORDO_DECIDE at the first seat with no
 * answer, ORDO_E_ARG at a label not offered. */
static int apply_answers(ordo_game *h, const int *asked, int nasked, const int *seats,
                         const char *const *labels, int n)
{
    int rc = ordo_status(h);
    for (int k = 0; k < nasked && rc == ORDO_DECIDE; k++) {
        const char *label = answer_of(asked[k], seats, labels, n);
        if (!label)
            return ORDO_DECIDE; /* this seat has not answered yet */
        int i = ordo_find_option(h, label);
        if (i < 0)
            return ORDO_E_ARG;
        rc = ordo_choose(h, i);
        if (rc >= 0)
            rc = ordo_run(h);
    }
    return rc;
}

int play_group_choose(ordo_game *g, ordo_game *scratch, const int *seats,
                      const char *const *labels, int n)
{
    if (!g || !scratch || (n && (!seats || !labels)))
        return ORDO_E_ARG;
    int asked[256];
    int nasked = play_group_seats(g, scratch, asked, 256);
    /* a rehearsal on the scratch copy first, so that a bad answer leaves
     * g as it was rather than half answered */
    ordo_copy(scratch, g);
    ordo_set_trace(scratch, NULL, NULL);
    int rc = apply_answers(scratch, asked, nasked, seats, labels, n);
    if (rc < 0)
        return rc;
    return apply_answers(g, asked, nasked, seats, labels, n);
}

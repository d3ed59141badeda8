/* scenario.c — runs a program's scenarios (the items of ordo.h, ORDO_SC_*)
 * for `ordo test`.
 *
 * Each scenario gets a fresh game (its `players`, default the minimum; its
 * `seed`, default 1). The trace is recorded through the trace callback into
 * fixed-size buffers allocated once per file: which steps ran, the first
 * sequence number of each event, the `emit` events themselves (for argument
 * matching; up to SC_MAX_EVENTS) and the last SC_TAIL events (shown when a
 * scenario fails). The first failing item ends the scenario.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ordo_host.h"
#include "scenario.h"

#define SC_MAX_EVENTS 16384
#define SC_TAIL 8
#define SC_SEATS 128 /* more than a ruleset may have players */

typedef struct recorder {
    const ordo_program *p;
    unsigned char *step_ran;    /* [nsteps] */
    uint32_t *first_event;      /* [nkeys]: seq of the first emit, 0 = none */
    ordo_event *events;         /* [SC_MAX_EVENTS]: emits */
    int nevents, overflow;
    ordo_event tail[SC_TAIL];   /* the last events of any kind */
    ordo_event last_choice[SC_SEATS]; /* each player's last choice (`sees`) */
    unsigned char chose[SC_SEATS];
    uint32_t ntail;
    FILE *echo;                 /* `ordo test -t`: every trace line, or NULL */
    const sc_observer *obs;     /* `ordo doc`: told every event, or NULL */
    unsigned scenario;          /* the scenario running */
} recorder;

/* What event items look for, one key each: an event (an action's start
 * is its event's), 0 .. nevents-1; a trigger's firing, nevents + its proc
 * (ordo_scenario_item.a, as lower_scenario.c writes it). */
static uint32_t event_keys(const ordo_program *p)
{
    return (uint32_t)p->nevents + p->nprocs;
}

static void record(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    recorder *r = ctx;
    char line[512];
    if (r->obs && r->obs->event)
        r->obs->event(r->obs->ctx, r->scenario, g, ev);
    if (r->echo && ordo_event_text(g, ev, line, sizeof line) >= 0)
        fprintf(r->echo, "    | %s\n", line);
    r->tail[r->ntail++ % SC_TAIL] = *ev;
    if (ev->kind == ORDO_EV_STEP && ev->id < r->p->nsteps)
        r->step_ran[ev->id] = 1;
    if ((ev->kind == ORDO_EV_CHOICE || ev->kind == ORDO_EV_CHOSEN) && ev->player >= 0) {
        /* a reveal (CHOSEN) is public; a player is below SC_SEATS */
        r->last_choice[ev->player] = *ev;
        r->chose[ev->player] = 1;
    }
    ordo_event keyed = *ev;
    if (ev->kind == ORDO_EV_TRIGGER) { /* matched by its key alone */
        keyed.id = (uint16_t)(r->p->nevents + ev->id);
        keyed.nargs = 0;
    }
    if (ev->kind == ORDO_EV_EVENT || ev->kind == ORDO_EV_ACTION || ev->kind == ORDO_EV_TRIGGER) {
        if (keyed.id < event_keys(r->p) && !r->first_event[keyed.id])
            r->first_event[keyed.id] = ev->seq;
        if (r->nevents < SC_MAX_EVENTS)
            r->events[r->nevents++] = keyed;
        else
            r->overflow = 1;
    }
}

static void reset(recorder *r)
{
    memset(r->step_ran, 0, r->p->nsteps + 1u);
    memset(r->first_event, 0, (event_keys(r->p) + 1u) * sizeof *r->first_event);
    r->nevents = r->overflow = 0;
    r->ntail = 0;
    memset(r->chose, 0, sizeof r->chose);
}

/* ---- one scenario's run and its failure report */

#define SC_MAX_ROLLS 256 /* totals a scenario's `roll` items force ahead */

typedef struct run {
    const ordo_program *p;
    const char *path;
    const ordo_scenario *sc;
    ordo_game *g;
    recorder *rec;
    FILE *out;
    /* `roll 7, 3`: the totals the next rolls take, rolls[next..nrolls) */
    int32_t rolls[SC_MAX_ROLLS];
    uint32_t nrolls, next;
    const ordo_scenario_item *roll_item; /* the last `roll` */
} run;

/* The chance callback: a forced total while there is one, else the
 * game's generator draws. */
static int32_t forced_roll(void *ctx, const ordo_game *g, int dice, int sides)
{
    (void)g, (void)dice, (void)sides;
    run *r = ctx;
    return r->next < r->nrolls ? r->rolls[r->next++] : -1;
}

static void error_text(const ordo_game *g, int rc, char *buf, size_t n)
{
    if (ordo_error_message(g, buf, n) < 0 || !buf[0])
        snprintf(buf, n, "%s", ordo_strerror(rc));
}

static void fmt_value(const ordo_program *p, int kind, int enum_id, int32_t v, char *buf,
                      size_t n)
{
    if (ordo_format_value(p, kind, enum_id, v, buf, n) < 0)
        snprintf(buf, n, "%ld", (long)v);
}

/* The two sides of a failed `expect A OP B`, evaluated now and written
 * as values: "5 == 3" (item x = 1: args hold their evals, kind, enum and
 * operator; see lower_scenario.c). */
static void compared(const run *r, const ordo_scenario_item *it, char *out, size_t n)
{
    static const char *const ops[] = {"==", "!=", "<", "<=", ">", ">="};
    char side[2][160];
    for (int k = 0; k < 2; k++) {
        int32_t v;
        if (ordo_eval(r->g, it->args[k] - 1, NULL, 0, &v) < 0)
            snprintf(side[k], sizeof side[k], "?");
        else
            fmt_value(r->p, it->args[2], it->args[3], v, side[k], sizeof side[k]);
    }
    snprintf(out, n, "%s %s %s", side[0], ops[it->args[4]], side[1]);
}

/* Where the game stands, as words: "a decision by player 2 is pending". */
static void print_status_str(const run *r, char *out, size_t n)
{
    char buf[384];
    int st = ordo_status(r->g);
    if (st == ORDO_DECIDE) {
        fmt_value(r->p, ORDO_K_PLAYER, 0, ordo_decider(r->g), buf, sizeof buf);
        snprintf(out, n, "a decision by %s is pending", buf);
    } else if (st == ORDO_OVER) {
        int w = ordo_winner(r->g);
        if (w >= 0) {
            fmt_value(r->p, ORDO_K_PLAYER, 0, w, buf, sizeof buf);
            snprintf(out, n, "the game is over and %s won", buf);
        } else
            snprintf(out, n, "the game is over with no winner");
    } else if (st < 0) {
        error_text(r->g, st, buf, sizeof buf);
        snprintf(out, n, "the game stopped with a runtime error: %s", buf);
    } else
        snprintf(out, n, "the game has not started");
}

static int fail(const run *r, const ordo_scenario_item *it, const char *fmt, ...)
{
    fprintf(r->out, "%s:%lu: scenario \"%s\": ", r->path, (unsigned long)it->line,
            r->sc->name ? r->sc->name : "");
    va_list ap;
    va_start(ap, fmt);
    vfprintf(r->out, fmt, ap);
    va_end(ap);
    fputc('\n', r->out);
    /* context: the decision pending and the last trace lines */
    if (ordo_status(r->g) == ORDO_DECIDE) {
        fputs("    offered: ", r->out);
        play_print_offered(r->out, r->g);
        fputc('\n', r->out);
    }
    uint32_t n = r->rec->ntail < SC_TAIL ? r->rec->ntail : SC_TAIL;
    if (n) {
        fputs("    last trace lines:\n", r->out);
        char buf[512];
        for (uint32_t k = r->rec->ntail - n; k < r->rec->ntail; k++) {
            if (ordo_event_text(r->g, &r->rec->tail[k % SC_TAIL], buf, sizeof buf) < 0)
                buf[0] = 0;
            fprintf(r->out, "      %s\n", buf);
        }
    }
    return 0;
}

/* An event item's key as its name: the event's, or the trigger's. */
static const char *event_name(const ordo_program *p, unsigned key)
{
    if (key < p->nevents)
        return p->events[key].name ? p->events[key].name : "?";
    key -= p->nevents;
    return key < p->nprocs && p->procs[key].name ? p->procs[key].name : "?";
}

static const char *step_number(const ordo_program *p, unsigned id)
{
    return id < p->nsteps && p->steps[id].number ? p->steps[id].number : "?";
}

/* "fled(player 2, _)" from an EVENT item. */
static void event_pattern(const ordo_program *p, const ordo_scenario_item *it, char *buf,
                          size_t n)
{
    const ordo_event_decl *d = it->a < p->nevents ? &p->events[it->a] : NULL;
    size_t len = (size_t)snprintf(buf, n, "%s", event_name(p, it->a));
    if (!it->x || len >= n)
        return;
    for (int k = 0; k < it->x && k < ORDO_EVENT_MAX_ARGS && len < n; k++) {
        char v[128];
        if (it->b & (1 << k))
            snprintf(v, sizeof v, "_");
        else
            fmt_value(p, d ? d->param_kind[k] : ORDO_K_INT, d ? d->param_enum[k] : 0,
                      it->args[k], v, sizeof v);
        len += (size_t)snprintf(buf + len, n - len, "%s%s", k ? ", " : "(", v);
    }
    if (len < n)
        snprintf(buf + len, n - len, ")");
}

static int event_matches(const ordo_scenario_item *it, const ordo_event *ev)
{
    if (ev->id != it->a)
        return 0;
    for (int k = 0; k < it->x && k < ORDO_EVENT_MAX_ARGS; k++) {
        if (it->b & (1 << k))
            continue;
        if (k >= ev->nargs || ev->args[k] != it->args[k])
            return 0;
    }
    return 1;
}

/* How many recorded events match the item; *first = the trace number of
 * the first (0 when none). */
static int count_matches(const recorder *rec, const ordo_scenario_item *it, uint32_t *first)
{
    int n = 0;
    *first = 0;
    for (int e = 0; e < rec->nevents; e++)
        if (event_matches(it, &rec->events[e]) && n++ == 0)
            *first = rec->events[e].seq;
    return n;
}

/* "did not happen", "happened once", "happened 3 times" */
static void times_text(int n, char *buf, size_t size)
{
    if (n == 0)
        snprintf(buf, size, "did not happen");
    else if (n == 1)
        snprintf(buf, size, "happened once");
    else
        snprintf(buf, size, "happened %d times", n);
}

static const char *lost_text(const recorder *rec)
{
    return rec->overflow ? " (trace buffer full: later events lost)" : "";
}

/* `expect no event E[(args)]`: none so far (with args: none that matches). */
static int check_no_event(const run *r, const ordo_scenario_item *it)
{
    const ordo_program *p = r->p;
    char pat[512];
    uint32_t first = it->a < event_keys(p) ? r->rec->first_event[it->a] : 0;
    if (it->x)
        count_matches(r->rec, it, &first);
    event_pattern(p, it, pat, sizeof pat);
    if (!first && it->x && r->rec->overflow) /* the one that matches may be lost */
        return fail(r, it, "expected no event %s, but cannot tell%s", pat, lost_text(r->rec));
    if (!first)
        return 1;
    return fail(r, it, "expected no event %s, but it happened (trace #%lu)", pat,
                (unsigned long)first);
}

/* `expect event E[(args)] [at least|at most] N times`: the count in lo..hi. */
static int check_count(const run *r, const ordo_scenario_item *it)
{
    uint32_t first;
    int n = count_matches(r->rec, it, &first);
    /* with events lost, only `at least` can pass: a bound above cannot be known */
    int sure = !r->rec->overflow || it->hi < 0;
    if (n >= it->lo && (it->hi < 0 || n <= it->hi) && sure)
        return 1;
    char pat[512], want[64], got[64];
    event_pattern(r->p, it, pat, sizeof pat);
    if (it->lo == it->hi)
        snprintf(want, sizeof want, "%ld time%s", (long)it->lo, it->lo == 1 ? "" : "s");
    else if (it->hi < 0)
        snprintf(want, sizeof want, "at least %ld time%s", (long)it->lo, it->lo == 1 ? "" : "s");
    else
        snprintf(want, sizeof want, "at most %ld time%s", (long)it->hi, it->hi == 1 ? "" : "s");
    if (sure)
        times_text(n, got, sizeof got);
    else
        snprintf(got, sizeof got, "happened at least %d times", n);
    return fail(r, it, "expected event %s %s, but it %s%s", pat, want, got, lost_text(r->rec));
}

/* After play moved on: 0 when every invariant holds, else the failure. */
/* 1 when every invariant holds; else 0 after the failure's report */
static int invariants_hold(const run *r, const ordo_scenario_item *it)
{
    int k = ordo_broken_invariant(r->g);
    if (k == -1)
        return 1;
    if (k < 0)
        return fail(r, it, "an invariant cannot be evaluated: %s", ordo_strerror(k));
    const ordo_invariant *v = ordo_invariant_at(r->p, k);
    return fail(r, it, "the invariant \"%s\" (line %lu) does not hold: %s", v->text,
                (unsigned long)v->line, v->expr);
}

/* `expect P sees [not] offered "L"`: the pending decision as seat P's
 * view holds it (ordo_view: another seat's options are not there). */
static int check_sees_offered(const run *r, const ordo_scenario_item *it, const char *seat)
{
    const char *label = it->text ? it->text : "";
    int want = it->x == 0;
    char buf[512];
    if (ordo_status(r->g) != ORDO_DECIDE)
        return fail(r, it, "expected %s to see \"%s\" %s, but %s", seat, label,
                    want ? "offered" : "not offered", (print_status_str(r, buf, sizeof buf), buf));
    ordo_game *view = NULL;
    if (ordo_new(r->p, ordo_player_count(r->g), 1, &view) < 0 ||
        ordo_view(view, r->g, it->args[0]) < 0) {
        ordo_free(view);
        return fail(r, it, "%s's view could not be made", seat);
    }
    int has = ordo_find_option(view, label) >= 0;
    ordo_free(view);
    if (has != want)
        return fail(r, it, "expected %s to see \"%s\" %s, but %s does%s", seat, label,
                    want ? "offered" : "not offered", seat, has ? "" : " not");
    return 1;
}

/* `expect P sees "L" chosen by Q`: Q's last choice, or its reveal, as P's
 * trace shows it ("?" for a secret one P does not see). */
static int check_sees_chosen(const run *r, const ordo_scenario_item *it, const char *seat)
{
    const char *label = it->text ? it->text : "";
    char who[64], line[512];
    fmt_value(r->p, ORDO_K_PLAYER, 0, it->args[1], who, sizeof who);
    if (it->args[1] < 0 || it->args[1] >= SC_SEATS || !r->rec->chose[it->args[1]])
        return fail(r, it, "expected %s to see \"%s\" chosen by %s, but %s has chosen nothing",
                    seat, label, who, who);
    const ordo_event *ev = &r->rec->last_choice[it->args[1]];
    const char *seen = "?";
    if (ordo_event_text_as(r->g, ev, it->args[0], line, sizeof line) >= 0 && strstr(line, ": "))
        seen = strstr(line, ": ") + 2;
    if (strcmp(seen, label) != 0)
        return fail(r, it, "expected %s to see \"%s\" chosen by %s, but it sees \"%s\"", seat,
                    label, who, seen);
    return 1;
}

static int check_sees(const run *r, const ordo_scenario_item *it)
{
    char seat[64];
    fmt_value(r->p, ORDO_K_PLAYER, 0, it->args[0], seat, sizeof seat);
    if (it->args[0] < 0 || it->args[0] >= ordo_player_count(r->g))
        return fail(r, it, "%s is no seat of this %d-player game", seat,
                    ordo_player_count(r->g));
    return it->x == 2 ? check_sees_chosen(r, it, seat) : check_sees_offered(r, it, seat);
}

static int run_items(run *r)
{
    const ordo_program *p = r->p;
    const ordo_scenario *sc = r->sc;
    char buf[512], buf2[512];
    for (uint32_t k = 0; k < sc->count; k++) {
        const ordo_scenario_item *it = &p->items[sc->first + k];
        int rc;
        int32_t v;
        switch (it->kind) {
        case ORDO_SC_PLAYERS:
        case ORDO_SC_SEED:
            break; /* used when the game was created */
        case ORDO_SC_SETUP:
            rc = ordo_exec(r->g, it->a, NULL, 0);
            if (rc < 0) {
                error_text(r->g, rc, buf, sizeof buf);
                return fail(r, it, "setup failed: %s", buf);
            }
            break;
        case ORDO_SC_PLAY:
            if (it->a == p->main_proc)
                rc = ordo_run(r->g);
            else {
                rc = ordo_start(r->g, it->a, it->args, it->x);
                if (rc >= 0)
                    rc = ordo_run(r->g);
            }
            if (rc < 0) {
                return fail(r, it, "play stopped with a runtime error: %s",
                            (error_text(r->g, rc, buf, sizeof buf), buf));
            }
            if (p->ninvariants && !invariants_hold(r, it))
                return 0;
            break;
        case ORDO_SC_CHOOSE: {
            const char *label = it->text ? it->text : "";
            if (ordo_status(r->g) != ORDO_DECIDE) {
                return fail(r, it, "choose \"%s\": expected a decision, but %s", label,
                            (print_status_str(r, buf, sizeof buf), buf));
            }
            int i = ordo_find_option(r->g, label);
            if (i < 0)
                return fail(r, it, "choose \"%s\": that option is not offered", label);
            rc = ordo_choose(r->g, i);
            if (rc >= 0)
                rc = ordo_run(r->g);
            if (rc < 0)
                return fail(r, it, "after choosing \"%s\": runtime error: %s", label,
                            (error_text(r->g, rc, buf, sizeof buf), buf));
            if (p->ninvariants && !invariants_hold(r, it))
                return 0;
            break;
        }
        case ORDO_SC_EXPECT:
            rc = ordo_eval(r->g, it->a, NULL, 0, &v);
            if (rc < 0)
                return fail(r, it, "expect %s: runtime error: %s", it->text ? it->text : "",
                            (error_text(r->g, rc, buf, sizeof buf), buf));
            if (!v && it->x)
                return fail(r, it, "expected %s, but it is false: %s",
                            it->text ? it->text : "(expression)",
                            (compared(r, it, buf, sizeof buf), buf));
            if (!v)
                return fail(r, it, "expected %s, but it is false",
                            it->text ? it->text : "(expression)");
            break;
        case ORDO_SC_DECIDER:
            fmt_value(p, ORDO_K_PLAYER, 0, it->args[0], buf, sizeof buf);
            if (ordo_status(r->g) != ORDO_DECIDE)
                return fail(r, it, "expected a decision by %s, but %s", buf,
                            (print_status_str(r, buf2, sizeof buf2), buf2));
            if (ordo_decider(r->g) != it->args[0]) {
                fmt_value(p, ORDO_K_PLAYER, 0, ordo_decider(r->g), buf2, sizeof buf2);
                return fail(r, it, "expected a decision by %s, but %s decides", buf, buf2);
            }
            break;
        case ORDO_SC_OFFERED:
        case ORDO_SC_NOT_OFFERED: {
            const char *label = it->text ? it->text : "";
            int want = it->kind == ORDO_SC_OFFERED;
            if (ordo_status(r->g) != ORDO_DECIDE)
                return fail(r, it, "expected \"%s\" %s, but %s", label,
                            want ? "offered" : "not offered",
                            (print_status_str(r, buf, sizeof buf), buf));
            int has = ordo_find_option(r->g, label) >= 0;
            if (has != want)
                return fail(r, it, "expected \"%s\" %s, but it %s", label,
                            want ? "offered" : "not offered", has ? "is" : "is not");
            break;
        }
        case ORDO_SC_EVENT: {
            int found = 0;
            for (int e = 0; e < r->rec->nevents && !found; e++)
                found = event_matches(it, &r->rec->events[e]);
            if (!found) {
                event_pattern(p, it, buf, sizeof buf);
                return fail(r, it, "expected event %s, but it did not happen%s", buf,
                            lost_text(r->rec));
            }
            break;
        }
        case ORDO_SC_NO_EVENT:
            if (!check_no_event(r, it))
                return 0;
            break;
        case ORDO_SC_SEES:
            if (!check_sees(r, it))
                return 0;
            break;
        case ORDO_SC_COUNT:
            if (!check_count(r, it))
                return 0;
            break;
        case ORDO_SC_BEFORE: {
            uint32_t fa = it->a < event_keys(p) ? r->rec->first_event[it->a] : 0;
            uint32_t fb = (uint32_t)it->b < event_keys(p) ? r->rec->first_event[it->b] : 0;
            const char *na = event_name(p, it->a), *nb = event_name(p, (unsigned)it->b);
            if (!fa || !fb)
                return fail(r, it, "expected event %s before event %s, but %s did not happen",
                            na, nb, !fa && !fb ? "neither" : !fa ? na : nb);
            if (fa > fb)
                return fail(r, it, "expected event %s before event %s, but %s came first "
                                   "(trace #%lu before #%lu)",
                            na, nb, nb, (unsigned long)fb, (unsigned long)fa);
            break;
        }
        case ORDO_SC_STEP_RAN:
        case ORDO_SC_STEP_NOT_RAN: {
            int want = it->kind == ORDO_SC_STEP_RAN;
            int ran = it->a < p->nsteps && r->rec->step_ran[it->a];
            if (ran != want)
                return fail(r, it, "expected step %s %s, but it %s", step_number(p, it->a),
                            want ? "ran" : "not ran", ran ? "ran" : "did not run");
            break;
        }
        case ORDO_SC_OVER:
            if (ordo_status(r->g) != ORDO_OVER)
                return fail(r, it, "expected the game over, but %s",
                            (print_status_str(r, buf, sizeof buf), buf));
            if (it->x && ordo_winner(r->g) != it->args[0]) {
                if (it->args[0] < 0)
                    snprintf(buf, sizeof buf, "no winner");
                else
                    fmt_value(p, ORDO_K_PLAYER, 0, it->args[0], buf, sizeof buf);
                if (ordo_winner(r->g) < 0)
                    snprintf(buf2, sizeof buf2, "no winner");
                else
                    fmt_value(p, ORDO_K_PLAYER, 0, ordo_winner(r->g), buf2, sizeof buf2);
                return fail(r, it, "expected the game over with %s%s, but %s%s",
                            it->args[0] < 0 ? "" : "winner ", buf,
                            ordo_winner(r->g) < 0 ? "" : "the winner is ", buf2);
            }
            if (it->text) {
                int limit;
                const char *why = ordo_end_reason(r->g, &limit);
                if (!why || strcmp(why, it->text) != 0) {
                    if (why)
                        return fail(r, it, "expected the game over because \"%s\", but it "
                                           "ended because \"%s\"", it->text, why);
                    return fail(r, it, "expected the game over because \"%s\", but its end "
                                       "gave no reason", it->text);
                }
            }
            break;
        case ORDO_SC_ROLL:
            if (r->nrolls + it->x > SC_MAX_ROLLS)
                return fail(r, it, "more than %d totals of rolls forced ahead", SC_MAX_ROLLS);
            for (int j = 0; j < it->x; j++)
                r->rolls[r->nrolls++] = it->args[j];
            r->roll_item = it;
            break;
        default:
            return fail(r, it, "unknown scenario item kind %u", (unsigned)it->kind);
        }
    }
    if (r->next < r->nrolls)
        return fail(r, r->roll_item, "%lu forced roll total%s never rolled (the first: %ld)",
                    (unsigned long)(r->nrolls - r->next), r->nrolls - r->next == 1 ? "" : "s",
                    (long)r->rolls[r->next]);
    return 1;
}

/* Creates the scenario's game: its players (default the minimum) and seed
 * (default 1), whichever item gives them. */
static int make_game(run *r, const ordo_scenario_item **bad)
{
    const ordo_program *p = r->p;
    int np = p->min_players;
    uint64_t seed = 1;
    *bad = NULL;
    for (uint32_t k = 0; k < r->sc->count; k++) {
        const ordo_scenario_item *it = &p->items[r->sc->first + k];
        if (it->kind == ORDO_SC_PLAYERS) {
            np = it->a;
            *bad = it;
        } else if (it->kind == ORDO_SC_SEED)
            seed = (uint64_t)(uint32_t)it->args[0] | (uint64_t)(uint32_t)it->args[1] << 32;
    }
    int rc = ordo_new(p, np, seed, &r->g);
    if (rc < 0) {
        r->g = NULL;
        fprintf(r->out, "%s:%lu: scenario \"%s\": cannot create a game of %d players: %s\n",
                r->path, (unsigned long)(*bad ? (*bad)->line : r->sc->line),
                r->sc->name ? r->sc->name : "", np, ordo_strerror(rc));
        return 0;
    }
    ordo_set_trace(r->g, record, r->rec);
    ordo_set_chance(r->g, forced_roll, r);
    return 1;
}

void sc_run_all(const ordo_program *p, const char *path, int verbose, FILE *out,
                int *passed, int *failed)
{
    sc_run_observed(p, path, verbose, out, NULL, passed, failed);
}

void sc_run_observed(const ordo_program *p, const char *path, int verbose, FILE *out,
                     const sc_observer *obs, int *passed, int *failed)
{
    recorder rec;
    memset(&rec, 0, sizeof rec);
    rec.p = p;
    rec.obs = obs;
    rec.echo = verbose & SC_TRACES ? out : NULL;
    rec.step_ran = malloc(p->nsteps + 1u);
    rec.first_event = malloc((event_keys(p) + 1u) * sizeof *rec.first_event);
    rec.events = malloc(SC_MAX_EVENTS * sizeof *rec.events);
    if (!rec.step_ran || !rec.first_event || !rec.events) {
        fprintf(out, "%s: out of memory\n", path);
        *failed += p->nscenarios ? p->nscenarios : 1;
        goto done;
    }
    int ok = 0, bad = 0;
    for (uint16_t s = 0; s < p->nscenarios; s++) {
        /* a failure's report is collected, then printed after the verdict */
        char *msg = NULL;
        size_t msglen = 0;
        FILE *mf = open_memstream(&msg, &msglen);
        run r;
        memset(&r, 0, sizeof r);
        r.p = p, r.path = path, r.sc = &p->scenarios[s], r.rec = &rec, r.out = mf ? mf : out;
        const ordo_scenario_item *unused;
        reset(&rec);
        rec.scenario = s;
        if (rec.echo)
            fprintf(out, "  scenario \"%s\" (line %lu): its trace\n", r.sc->name ? r.sc->name : "",
                    (unsigned long)r.sc->line);
        int pass = 0;
        if (r.sc->first + r.sc->count > p->nitems)
            fprintf(r.out, "%s:%lu: scenario \"%s\": its items are out of range\n", path,
                    (unsigned long)r.sc->line, r.sc->name ? r.sc->name : "");
        else if (make_game(&r, &unused))
            pass = run_items(&r);
        if (mf)
            fclose(mf);
        if (verbose)
            fprintf(out, "  scenario \"%s\" (line %lu): %s\n", r.sc->name ? r.sc->name : "",
                    (unsigned long)r.sc->line, pass ? "ok" : "FAILED");
        if (msg)
            fputs(msg, out);
        free(msg);
        if (r.g)
            ordo_free(r.g);
        if (obs && obs->verdict)
            obs->verdict(obs->ctx, s, pass);
        if (pass)
            ok++;
        else
            bad++;
    }
    *passed += ok;
    *failed += bad;
    if (!bad)
        fprintf(out, "%s: ok %d scenario%s\n", path, ok, ok == 1 ? "" : "s");
    else
        fprintf(out, "%s: %d of %d scenario%s failed\n", path, bad, ok + bad,
                ok + bad == 1 ? "" : "s");
done:
    free(rec.step_ran);
    free(rec.first_event);
    free(rec.events);
}

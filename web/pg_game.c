/* pg_game.c — the playground's one game (pg_game.h).
 *
 * The seats' policies are the host kit's (play_policy_choice, drawing from
 * the generator `ordo run` seeds), so a game of bots on the page is the
 * game `ordo run --seed N --policy ...` plays. The trace is kept once per
 * view — every seat's, a spectator's and the whole — as the events happen,
 * because what a seat sees of an event is decided when it is traced
 * (ordo_event_text_as); the page then switches between views without
 * replaying. The displays run on a view block, ordo_view of the game.
 */
#include <stdlib.h>
#include <string.h>

#include "ordo_host.h"
#include "pg_game.h"
#include "pg_json.h"

/* one view of the trace: its text, a line an event */
typedef struct trace_view {
    FILE *f;
    char *text;
    size_t len;
    long lines;
} trace_view;

struct pg_game {
    const ordo_program *p;
    ordo_game *g, *view;     /* the game; a block for the game as a seat sees it */
    int np;
    int status;              /* the last ordo_run or ordo_choose status */
    play_options o;          /* the bots' policies, the seed */
    uint64_t rng;            /* the policies' generator, as ordo run seeds it */
    unsigned char human[PLAY_MAX_SEATS];
    char *words;             /* the seats' words, split: policy_name points in */
    trace_view *views;       /* [np + 2]: whole, spectator, then each seat */
    char line[1024];
    int lineno;              /* the display line being written (show_line) */
    FILE *out;               /* where show_line writes */
};

static int seat_of_view(int v)
{
    return v == 0 ? ORDO_OMNISCIENT : v == 1 ? ORDO_SPECTATOR : v - 2;
}

static void trace_event(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    pg_game *pg = ctx;
    for (int v = 0; v < pg->np + 2; v++) {
        trace_view *tv = &pg->views[v];
        if (ordo_event_text_as(g, ev, seat_of_view(v), pg->line, sizeof pg->line) < 0)
            continue;
        fputs(pg->line, tv->f);
        fputc('\n', tv->f);
        tv->lines++;
    }
}

/* The policies play until a human seat decides, the end or an error. */
static void advance(pg_game *pg)
{
    for (;;) {
        pg->status = ordo_run(pg->g);
        if (pg->status != ORDO_DECIDE)
            return;
        int seat = ordo_decider(pg->g);
        if (seat >= 0 && seat < pg->np && pg->human[seat])
            return;
        int k = play_policy_choice(pg->g, &pg->o, seat, &pg->rng);
        if (k < 0) { /* a ruleset policy's by/when failed */
            pg->status = k;
            return;
        }
        pg->status = ordo_choose(pg->g, k);
        if (pg->status < 0)
            return;
    }
}

/* Reads the seats' words into pg->o and pg->human; 0, or -1 after a
 * message. */
static int read_seats(pg_game *pg, const char *seats, FILE *err)
{
    pg->words = strdup(seats);
    if (!pg->words) {
        fputs("out of memory", err);
        return -1;
    }
    int s = 0;
    for (char *w = pg->words, *next; w; w = next, s++) {
        next = strchr(w, ',');
        if (next)
            *next++ = 0;
        if (s >= pg->np) {
            fprintf(err, "more seats than the %d players", pg->np);
            return -1;
        }
        if (strcmp(w, "human") == 0) {
            pg->human[s] = 1;
            continue;
        }
        int k = play_find_policy(w);
        if (k < 0 && ordo_find_policy(pg->p, w) < 0) {
            fprintf(err, "unknown policy '%s' (human, ", w);
            play_print_all_policies(err, pg->p);
            fputs(")", err);
            return -1;
        }
        pg->o.policy[s] = (uint8_t)(k < 0 ? PLAY_POLICY_NAMED : k);
        pg->o.policy_name[s] = w;
    }
    if (s != pg->np) {
        fprintf(err, "%d seats for %d players", s, pg->np);
        return -1;
    }
    /* every name was found above: this cannot fail, and prints nothing */
    return play_resolve_policies(pg->p, &pg->o, "playground");
}

static int open_views(pg_game *pg, FILE *err)
{
    pg->views = calloc((size_t)pg->np + 2, sizeof *pg->views);
    if (!pg->views) {
        fputs("out of memory", err);
        return -1;
    }
    for (int v = 0; v < pg->np + 2; v++) {
        pg->views[v].f = open_memstream(&pg->views[v].text, &pg->views[v].len);
        if (!pg->views[v].f) {
            fputs("out of memory", err);
            return -1;
        }
    }
    return 0;
}

pg_game *pg_game_new(const ordo_program *p, int players, const char *seed, const char *seats,
                     FILE *err)
{
    if (!p || !seed || !seats) {
        fputs("no ruleset, seed or seats", err);
        return NULL;
    }
    if (players < p->min_players || players > p->max_players) {
        fprintf(err, "%d players: this ruleset plays with %d to %d", players, p->min_players,
                p->max_players);
        return NULL;
    }
    pg_game *pg = calloc(1, sizeof *pg);
    if (!pg) {
        fputs("out of memory", err);
        return NULL;
    }
    pg->p = p;
    pg->np = players;
    play_options_init(&pg->o);
    if (play_parse_u64(seed, &pg->o.seed) != 0) {
        fprintf(err, "the seed '%s' is not a number", seed);
        pg_game_free(pg);
        return NULL;
    }
    pg->rng = pg->o.seed ^ PLAY_POLICY_SALT;
    if (read_seats(pg, seats, err) != 0 || open_views(pg, err) != 0) {
        pg_game_free(pg);
        return NULL;
    }
    int rc = ordo_new(p, players, pg->o.seed, &pg->g);
    if (rc == ORDO_OK)
        rc = ordo_new(p, players, pg->o.seed, &pg->view);
    if (rc != ORDO_OK) {
        fprintf(err, "cannot create a game: %s", ordo_strerror(rc));
        pg_game_free(pg);
        return NULL;
    }
    ordo_set_trace(pg->g, trace_event, pg);
    advance(pg);
    return pg;
}

void pg_game_free(pg_game *pg)
{
    if (!pg)
        return;
    ordo_free(pg->g);
    ordo_free(pg->view);
    for (int v = 0; pg->views && v < pg->np + 2; v++) {
        if (pg->views[v].f)
            fclose(pg->views[v].f);
        free(pg->views[v].text);
    }
    free(pg->views);
    free(pg->words);
    free(pg);
}

int pg_game_choose(pg_game *pg, int k, FILE *err)
{
    if (!pg) {
        fputs("no game", err);
        return -1;
    }
    int seat = ordo_decider(pg->g);
    if (pg->status != ORDO_DECIDE || seat < 0 || seat >= pg->np || !pg->human[seat]) {
        fputs("no decision of a human seat is pending", err);
        return -1;
    }
    if (k < 0 || k >= ordo_option_count(pg->g)) {
        fprintf(err, "option %d: the decision has %d", k, ordo_option_count(pg->g));
        return -1;
    }
    pg->status = ordo_choose(pg->g, k);
    if (pg->status >= 0)
        advance(pg);
    return 0;
}

/* ---- the state, as JSON */

static void show_line(void *ctx, const char *text)
{
    pg_game *pg = ctx;
    fputs(pg->lineno++ ? "," : "", pg->out);
    pg_json_string(pg->out, text);
}

/* The displays on the game as seat sees it: [{"title":..,"lines":[..]}] */
static void put_displays(pg_game *pg, int seat, FILE *out)
{
    fputs(",\"displays\":[", out);
    if (ordo_view(pg->view, pg->g, seat) != ORDO_OK) {
        fputs("]", out);
        return;
    }
    for (int k = 0; k < ordo_display_count(pg->p); k++) {
        fputs(k ? ",{\"title\":" : "{\"title\":", out);
        pg_json_string(out, ordo_display_title(pg->p, k));
        fputs(",\"lines\":[", out);
        pg->out = out;
        pg->lineno = 0;
        int rc = ordo_display(pg->view, k, show_line, pg);
        fputs("]", out);
        if (rc < 0) {
            fputs(",\"error\":", out);
            pg_json_string(out, ordo_strerror(rc));
        }
        fputs("}", out);
    }
    fputs("]", out);
}

/* The decision pending: who, and its options when seat may see them. */
static void put_decision(pg_game *pg, int seat, FILE *out)
{
    int d = ordo_decider(pg->g);
    fprintf(out, ",\"decider\":%d,\"human\":%s", d,
            d >= 0 && d < pg->np && pg->human[d] ? "true" : "false");
    if (seat != d && seat != ORDO_OMNISCIENT) {
        fputs(",\"options\":null", out);
        return;
    }
    fputs(",\"options\":[", out);
    for (int i = 0; i < ordo_option_count(pg->g); i++) {
        if (ordo_option_label(pg->g, i, pg->line, sizeof pg->line) < 0)
            pg->line[0] = 0;
        fputs(i ? "," : "", out);
        pg_json_string(out, pg->line);
    }
    fputs("]", out);
}

static void put_end(pg_game *pg, FILE *out)
{
    int w = ordo_winner(pg->g), is_limit = 0;
    if (w < 0 || ordo_format_value(pg->p, ORDO_K_PLAYER, 0, w, pg->line, sizeof pg->line) < 0)
        strcpy(pg->line, "");
    fprintf(out, ",\"winner\":%d,\"winner_name\":", w);
    pg_json_string(out, pg->line);
    const char *why = ordo_end_reason(pg->g, &is_limit);
    fputs(",\"reason\":", out);
    pg_json_string(out, why);
    fprintf(out, ",\"limit\":%s", is_limit ? "true" : "false");
}

/* The trace of view v from line `from` on. */
static void put_trace(pg_game *pg, int v, long from, FILE *out)
{
    trace_view *tv = &pg->views[v];
    fflush(tv->f);
    size_t at = 0;
    for (long n = 0; n < from && at < tv->len; at++)
        if (tv->text[at] == '\n')
            n++;
    fprintf(out, ",\"lines\":%ld,\"trace\":", tv->lines);
    pg_json_bytes(out, tv->text ? tv->text + at : "", tv->text ? tv->len - at : 0);
}

int pg_game_state(pg_game *pg, int seat, long from, FILE *out, FILE *err)
{
    if (!pg) {
        fputs("no game", err);
        return -1;
    }
    if (seat < ORDO_SPECTATOR || seat >= pg->np) {
        fprintf(err, "no seat %d in a %d-player game", seat, pg->np);
        return -1;
    }
    int v = seat == ORDO_OMNISCIENT ? 0 : seat == ORDO_SPECTATOR ? 1 : seat + 2;
    const char *status = pg->status == ORDO_DECIDE ? "decide"
                       : pg->status == ORDO_OVER   ? "over"
                                                   : "error";
    fprintf(out, "{\"players\":%d,\"seat\":%d,\"status\":\"%s\"", pg->np, seat, status);
    if (pg->status == ORDO_DECIDE)
        put_decision(pg, seat, out);
    else if (pg->status == ORDO_OVER)
        put_end(pg, out);
    else {
        play_error_message(pg->g, pg->status, pg->line, sizeof pg->line);
        fputs(",\"message\":", out);
        pg_json_string(out, pg->line);
    }
    put_trace(pg, v, from < 0 ? 0 : from, out);
    put_displays(pg, seat, out);
    fputs("}", out);
    return 0;
}

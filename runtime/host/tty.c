/* tty.c — one game played at a terminal (ordo_host.h,
 * play_at_terminal): `ordo play`'s game, and any host's that seats people.
 *
 * Seats without a policy are people: at each of their decisions the
 * ruleset's displays are shown, then the numbered options; a line read
 * from the input picks one (1-based). Seats with a policy play as
 * play_game plays them (play_policy_choice, the same generator). Between
 * decisions what a player must see is printed as it happens: turns,
 * choices (the other side's too), events, logs, dice, eliminations,
 * actions and payments, the end; the VM's bookkeeping (steps, triggers,
 * windows, batches) is left out. What is printed is what the seat playing
 * sees (o->as, or the one seat without a policy; o->as alone puts the
 * ruleset's first policy on the other seats); with several people at one
 * screen, what all of them see: another's hidden values and secret
 * choices are "?", and each person's displays show the state as that
 * person sees it (ordo_view). The same seed and the same input give the
 * same transcript. The C library alone: whether the streams are a
 * terminal is the caller's to say (io->color, io->echo). */
#include <stdlib.h>
#include <string.h>

#include "ordo_host.h"

/* The most bytes of one typed line read before it is taken as the end of
 * the input, and the most answers in a row that are no option
 * (doc/limits.md: the tools never read without end). */
#define PLAY_MAX_LINE (64 << 10)
#define PLAY_MAX_WRONG 1000

typedef struct play_tty {
    const ordo_program *p;
    char *(*read_line)(void *ctx, const char *prompt); /* play_terminal's */
    void *read_ctx;
    ordo_game *view;  /* the game as the deciding person sees it */
    int as;           /* whose view the transcript is */
    FILE *in, *out;
    int color;      /* out is a terminal: bold titles */
    int echo;       /* in is no terminal: echo what was read */
    char line[1024];
} play_tty;

static void bold(const play_tty *t, const char *s)
{
    if (t->color)
        fprintf(t->out, "\033[1m%s\033[0m\n", s);
    else
        fprintf(t->out, "%s\n", s);
}

/* The trace lines a player must see, without their sequence numbers; a
 * log is its text alone. */
static void show_event(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    play_tty *t = ctx;
    switch (ev->kind) {
    case ORDO_EV_EVENT: case ORDO_EV_CHOICE: case ORDO_EV_ESCAPE: case ORDO_EV_ROLL:
    case ORDO_EV_TURN: case ORDO_EV_ELIMINATE: case ORDO_EV_LOG: case ORDO_EV_END:
    case ORDO_EV_ACTION: case ORDO_EV_PAY: case ORDO_EV_REVEAL: case ORDO_EV_UNDO:
    case ORDO_EV_CHOSEN:
        break;
    default:
        return;
    }
    if (ordo_event_text_as(g, ev, t->as, t->line, sizeof t->line) < 0)
        return;
    const char *s = strchr(t->line, ' '); /* past "12 " */
    s = s ? s + 1 : t->line;
    if (ev->kind == ORDO_EV_LOG && strncmp(s, "log ", 4) == 0)
        s += 4;
    fprintf(t->out, "  %s\n", s);
}

static void show_line(void *ctx, const char *text)
{
    play_tty *t = ctx;
    fprintf(t->out, "  %s\n", text);
}

/* Every display under its title, on the game as `seat` sees it; 0, or the
 * error of the one that failed. */
static int show_displays(ordo_game *g, play_tty *t, int seat)
{
    const ordo_program *p = t->p;
    if (ordo_view(t->view, g, seat) == ORDO_OK)
        g = t->view;
    for (int k = 0; k < ordo_display_count(p); k++) {
        char title[300];
        snprintf(title, sizeof title, "-- %s --", ordo_display_title(p, k));
        bold(t, title);
        int rc = ordo_display(g, k, show_line, t);
        if (rc < 0)
            return rc;
    }
    return 0;
}

static void player_name(const play_tty *t, int seat, char *buf, size_t n)
{
    if (seat < 0 || ordo_format_value(t->p, ORDO_K_PLAYER, 0, seat, buf, n) < 0)
        snprintf(buf, n, "nobody");
}

/* Whether label starts with the n bytes typed, letters in either case. */
static int starts_with(const char *label, const char *typed, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char a = (unsigned char)label[i], b = (unsigned char)typed[i];
        if (!a)
            return 0;
        if (a >= 'A' && a <= 'Z')
            a = (unsigned char)(a - 'A' + 'a');
        if (b >= 'A' && b <= 'Z')
            b = (unsigned char)(b - 'A' + 'a');
        if (a != b)
            return 0;
    }
    return 1;
}

/* The option whose label the text typed begins (any case): the one that
 * it begins, or the one it is whole when it begins several ("pass" among
 * "pass" and "pass the turn"); 0 after a message naming those it begins,
 * or when it begins none. */
static int option_by_prefix(play_tty *t, const ordo_game *g, int n)
{
    char label[512];
    size_t len = strlen(t->line);
    int found = 0, count = 0, exact = 0;
    for (int i = 0; i < n; i++) {
        if (ordo_option_label(g, i, label, sizeof label) < 0 || !starts_with(label, t->line, len))
            continue;
        count++;
        found = i + 1;
        if (strlen(label) == len)
            exact = i + 1;
    }
    if (count == 1 || exact)
        return exact ? exact : found;
    if (count == 0) {
        fprintf(t->out, "Please type a number from 1 to %d, or the start of an option.\n", n);
        return 0;
    }
    fprintf(t->out, "\"%s\" begins %d options:", t->line, count);
    for (int i = 0, k = 0; i < n; i++)
        if (ordo_option_label(g, i, label, sizeof label) >= 0 && starts_with(label, t->line, len))
            fprintf(t->out, "%s %d) %s", k++ ? "," : "", i + 1, label);
    fputs("; type more of it, or a number.\n", t->out);
    return 0;
}

static int choice_of_line(play_tty *t, const ordo_game *g, int n);

/* A line from the host's line editor into t->line (cut to its size);
 * 0, or -1 at the end of the input. */
static int edited_line(play_tty *t)
{
    fflush(t->out);
    char *s = t->read_line(t->read_ctx, "> ");
    if (!s)
        return -1;
    snprintf(t->line, sizeof t->line, "%s", s);
    free(s);
    return 0;
}

/* The option typed: its number (1..n), or the start of its label (any
 * case, when only one option begins so); 0 after a message for anything
 * else; -1 at the end of the input. */
static int read_choice(play_tty *t, const ordo_game *g, int n)
{
    if (t->read_line) {
        if (edited_line(t) < 0)
            return -1;
        return choice_of_line(t, g, n);
    }
    fputs("> ", t->out);
    fflush(t->out);
    if (!fgets(t->line, sizeof t->line, t->in))
        return -1;
    size_t len = strlen(t->line);
    int whole = len > 0 && t->line[len - 1] == '\n';
    if (!whole && !feof(t->in)) { /* a very long line: drop the rest */
        int ch = 0;
        for (long k = 0; k < PLAY_MAX_LINE && (ch = getc(t->in)) != EOF && ch != '\n'; k++)
            ;
        if (ch != EOF && ch != '\n') { /* no end in sight (</dev/zero): never read on */
            fprintf(t->out, "\nA line longer than %d KiB: taken as the end of the input.\n",
                    PLAY_MAX_LINE >> 10);
            return -1;
        }
    }
    t->line[strcspn(t->line, "\r\n")] = 0;
    if (t->echo)
        fprintf(t->out, "%s\n", t->line);
    return choice_of_line(t, g, n);
}

/* The option the line read names (its number, or the start of its
 * label), or 0 after a message. */
static int choice_of_line(play_tty *t, const ordo_game *g, int n)
{
    char *start = t->line;
    while (*start == ' ' || *start == '\t')
        start++;
    memmove(t->line, start, strlen(start) + 1);
    char *end;
    long v = strtol(t->line, &end, 10);
    while (*end == ' ' || *end == '\t')
        end++;
    if (end != t->line && !*end) {
        if (v >= 1 && v <= n)
            return (int)v;
        fprintf(t->out, "Please type a number from 1 to %d.\n", n);
        return 0;
    }
    if (!t->line[0]) {
        fprintf(t->out, "Please type a number from 1 to %d, or the start of an option.\n", n);
        return 0;
    }
    return option_by_prefix(t, g, n);
}

/* A person's decision: the displays, the options, a choice read. The
 * option index, or -1 at the end of the input, or a display's error. */
static int ask(ordo_game *g, play_tty *t, int *err)
{
    fputc('\n', t->out);
    *err = show_displays(g, t, ordo_decider(g));
    if (*err < 0)
        return -1;
    char who[64], label[512];
    player_name(t, ordo_decider(g), who, sizeof who);
    char head[640], prompt[512];
    if (ordo_prompt(g, prompt, sizeof prompt) > 0) /* the rules' own question */
        snprintf(head, sizeof head, "%s: %s", who, prompt);
    else
        snprintf(head, sizeof head, "%s, your choice:", who);
    bold(t, head);
    int n = ordo_option_count(g);
    for (int i = 0; i < n; i++) {
        if (ordo_option_label(g, i, label, sizeof label) < 0)
            label[0] = 0;
        fprintf(t->out, "  %d) %s\n", i + 1, label);
    }
    int k, wrong = 0;
    while ((k = read_choice(t, g, n)) == 0)
        if (++wrong == PLAY_MAX_WRONG) { /* an endless stream of no answers */
            fprintf(t->out, "%d answers in a row were no option: taken as the end of the "
                            "input.\n", PLAY_MAX_WRONG);
            return -1;
        }
    return k < 0 ? -1 : k - 1;
}

static int is_human(const play_options *o, int seat)
{
    return seat >= 0 && seat < PLAY_MAX_SEATS && !o->policy_name[seat];
}

/* Plays g to its end; ORDO_OVER, an error code, or 1 when the input ended. */
static int play_loop(ordo_game *g, const play_options *o, play_tty *t)
{
    uint64_t rng = o->seed ^ PLAY_POLICY_SALT; /* as ordo run draws */
    for (;;) {
        int rc = ordo_run(g);
        if (rc != ORDO_DECIDE)
            return rc;
        int seat = ordo_decider(g), k;
        if (is_human(o, seat)) {
            int err = 0;
            k = ask(g, t, &err);
            if (err < 0)
                return err;
            if (k < 0)
                return 1;
        } else {
            k = play_policy_choice(g, o, seat, &rng);
            if (k < 0) /* a ruleset policy's by/when failed: its error */
                return k;
        }
        rc = ordo_choose(g, k);
        if (rc < 0)
            return rc;
    }
}

/* Whose view the transcript is: --as SEAT; else the one seat a person
 * plays; else (people sharing the screen, or none) what all players see. */
static int transcript_seat(const play_options *o, int np)
{
    if (o->as != ORDO_OMNISCIENT)
        return o->as;
    int seat = ORDO_SPECTATOR, people = 0;
    for (int s = 0; s < np; s++)
        if (is_human(o, s)) {
            seat = s;
            people++;
        }
    return people == 1 ? seat : ORDO_SPECTATOR;
}

/* `--as SEAT` and no --policy: a person plays SEAT against bots, the
 * ruleset's first policy (random when it declares none) on every other
 * seat, as its first line says. */
static void bots_against(const ordo_program *p, play_options *o, int np, FILE *out)
{
    if (o->as < 0)
        return;
    for (int s = 0; s < np; s++)
        if (o->policy_name[s])
            return;
    const char *name = ordo_policy_count(p) > 0 ? ordo_policy_name(p, 0) : "random";
    int k = play_find_policy(name);
    for (int s = 0; s < np; s++)
        if (s != o->as) {
            o->policy[s] = (uint8_t)(k < 0 ? PLAY_POLICY_NAMED : k);
            o->policy_name[s] = name;
        }
    fprintf(out, "you are player %d; the other seats are played by the policy '%s'\n",
            o->as + 1, name);
}

int play_at_terminal(const ordo_program *p, play_options *o, const play_terminal *io,
                     const char *prog)
{
    FILE *out = io->out;
    int np = play_players(p, o, prog);
    if (np >= 0 && o->as < np)
        bots_against(p, o, np, out);
    if (np < 0 || play_resolve_policies(p, o, prog) != 0)
        return TOOL_USAGE;
    if (o->as >= np) {
        fprintf(stderr, "%s: --as %d: a %d-player game\n", prog, o->as + 1, np);
        return TOOL_USAGE;
    }
    ordo_game *g;
    int rc = ordo_new(p, np, o->seed, &g);
    if (rc < 0) {
        fprintf(stderr, "%s: cannot create a game: %s\n", prog, ordo_strerror(rc));
        return TOOL_FAIL;
    }
    play_tty *t = calloc(1, sizeof *t);
    if (!t || ordo_new(p, np, o->seed, &t->view) < 0) {
        free(t);
        ordo_free(g);
        return TOOL_FAIL;
    }
    t->p = p;
    t->as = transcript_seat(o, np);
    t->in = io->in;
    t->out = out;
    t->color = io->color;
    t->echo = io->echo;
    t->read_line = io->read_line;
    t->read_ctx = io->read_ctx;
    ordo_set_trace(g, show_event, t);
    if (o->max_steps)
        ordo_set_max_steps(g, o->max_steps);
    bold(t, p->title);
    fprintf(out, "%d player%s, seed %llu\n", np, np == 1 ? "" : "s",
            (unsigned long long)o->seed);
    rc = play_loop(g, o, t);
    int status = TOOL_FAIL;
    if (rc == 1) {
        fflush(out);
        fprintf(stderr, "\n%s: the input ended before the game did\n", prog);
    } else if (rc != ORDO_OVER) {
        char msg[512];
        play_error_message(g, rc, msg, sizeof msg);
        fflush(out);
        fprintf(stderr, "%s: runtime error: %s\n", prog, msg);
    } else {
        fputc('\n', out);
        rc = show_displays(g, t, t->as);
        char who[64];
        player_name(t, ordo_winner(g), who, sizeof who);
        if (ordo_winner(g) >= 0)
            fprintf(out, "result: %s wins\n", who);
        else
            fputs("result: game over, no winner\n", out);
        status = rc < 0 ? TOOL_FAIL : TOOL_OK;
    }
    fflush(out);
    ordo_free(t->view);
    free(t);
    ordo_free(g);
    return status;
}


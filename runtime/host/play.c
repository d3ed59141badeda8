/* play.c — plays one game: decisions from a choices file, then each seat's
 * policy; the trace printed as text or JSON lines; the decisions recorded.
 * Shared by `ordo run`, `ordo sim` and examples/host.c (see ordo_host.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ordo_host.h"

/* `first` draws nothing: the generator is there for policies that do. */
static int choose_first(const ordo_game *g, uint64_t *rng)
{
    (void)rng;
    return ordo_policy_first(g);
}

/* In the order of PLAY_POLICY_*; the runtime's own policies, so every host
 * takes the same decisions. */
const play_policy play_policies[] = {
    {"random", ordo_policy_random},
    {"first", choose_first},
};
const int play_npolicies = (int)(sizeof play_policies / sizeof play_policies[0]);

int play_find_policy(const char *name)
{
    for (int k = 0; k < play_npolicies; k++)
        if (strcmp(name, play_policies[k].name) == 0)
            return k;
    return -1;
}

void play_print_policies(FILE *f)
{
    play_print_all_policies(f, NULL);
}

void play_print_all_policies(FILE *f, const ordo_program *p)
{
    int n = play_npolicies + ordo_policy_count(p);
    for (int k = 0; k < n; k++)
        fprintf(f, "%s%s", k ? ", " : "", play_policy_name(p, k));
}

const char *play_policy_name(const ordo_program *p, int k)
{
    if (k >= 0 && k < play_npolicies)
        return play_policies[k].name;
    const char *name = ordo_policy_name(p, k - play_npolicies);
    return name ? name : "?";
}

int play_resolve_policies(const ordo_program *p, play_options *o, const char *prog)
{
    for (int s = 0; s < PLAY_MAX_SEATS; s++) {
        if (o->policy[s] != PLAY_POLICY_NAMED)
            continue;
        const char *name = o->policy_name[s] ? o->policy_name[s] : "?";
        int k = ordo_find_policy(p, name);
        if (k < 0 || play_npolicies + k >= PLAY_POLICY_NAMED) {
            fprintf(stderr, "%s: unknown policy '%s' (policies: ", prog, name);
            play_print_all_policies(stderr, p);
            fputs(")\n", stderr);
            return -1;
        }
        o->policy[s] = (uint8_t)(play_npolicies + k);
    }
    return 0;
}

typedef struct trace_ctx {
    FILE *out;
    int format;
    int as;        /* the seat the trace is for, or ORDO_OMNISCIENT */
    char *buf;
    size_t cap;
} trace_ctx;

static void print_event(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    trace_ctx *t = ctx;
    for (;;) {
        int n = t->format == PLAY_TRACE_JSONL ? ordo_event_json_as(g, ev, t->as, t->buf, t->cap)
                                              : ordo_event_text_as(g, ev, t->as, t->buf, t->cap);
        if (n < 0)
            return;
        if ((size_t)n < t->cap)
            break;
        /* a rare long line: grow once (host memory, not the game's) */
        char *nb = realloc(t->buf, (size_t)n + 1);
        if (!nb)
            break; /* print what fits */
        t->buf = nb;
        t->cap = (size_t)n + 1;
    }
    fputs(t->buf, t->out);
    fputc('\n', t->out);
}

/* "a", "b", "c" — the labels offered now, for messages (shared with the
 * scenario runner). */
void play_print_offered(FILE *f, const ordo_game *g)
{
    char buf[256];
    int n = ordo_option_count(g);
    if (ordo_status(g) != ORDO_DECIDE || n <= 0) {
        fputs("(no decision pending)", f);
        return;
    }
    for (int i = 0; i < n; i++) {
        if (ordo_option_label(g, i, buf, sizeof buf) < 0)
            buf[0] = 0;
        fprintf(f, "%s\"%s\"", i ? ", " : "", buf);
    }
}

int play_players(const ordo_program *p, const play_options *o, const char *prog)
{
    int np = o->players ? o->players : p->min_players;
    if (np < p->min_players || np > p->max_players) {
        if (p->min_players == p->max_players)
            fprintf(stderr, "%s: this ruleset is for %d players, not %d\n", prog,
                    p->min_players, np);
        else
            fprintf(stderr, "%s: --players must be in %d..%d, not %d\n", prog,
                    p->min_players, p->max_players, np);
        return -1;
    }
    if (o->policy_seat_max > np) {
        int s = o->policy_seat_max - 1;
        fprintf(stderr, "%s: --policy %d=%s: there is no player %d in a %d-player game\n", prog,
                o->policy_seat_max,
                o->policy[s] == PLAY_POLICY_NAMED ? o->policy_name[s]
                                                  : play_policy_name(p, o->policy[s]),
                o->policy_seat_max, np);
        return -1;
    }
    return np;
}

int play_policy_choice(const ordo_game *g, const play_options *o, int seat, uint64_t *rng)
{
    if (seat < 0 || seat >= PLAY_MAX_SEATS)
        seat = 0; /* no decider named: the first seat's policy */
    int k = o->policy[seat];
    if (k < play_npolicies)
        return play_policies[k].choose(g, rng);
    if (k == PLAY_POLICY_NAMED) /* not resolved (play_resolve_policies) */
        return ORDO_E_ARG;
    return ordo_policy_ruleset(g, k - play_npolicies, rng);
}

/* The save is written whole or not at all (play_output): a write that
 * fails (a full disk) leaves PATH as it was, never a partial save. */
int play_save_file(const ordo_game *g, const char *path, const char *prog)
{
    size_t n = ordo_save_size(g);
    unsigned char *buf = malloc(n ? n : 1);
    play_output out = {NULL, NULL, NULL, 0};
    FILE *f = NULL;
    int ok = buf && ordo_save(g, buf, n) == ORDO_OK && (f = play_output_open(&out, path));
    if (f) {
        errno = 0;
        if (fwrite(buf, 1, n, f) != n) {
            out.err = errno;
            play_output_abort(&out);
            ok = 0;
        } else {
            ok = play_output_commit(&out) == 0;
        }
    }
    free(buf);
    if (!ok)
        fprintf(stderr, "%s: cannot write the save '%s'%s%s\n", prog, path, out.err ? ": " : "",
                out.err ? play_output_problem(&out) : "");
    return ok ? 0 : -1;
}

int play_to_end(ordo_game *g, const play_options *o, play_choices *ch, FILE *rec,
                long *decisions)
{
    char label[512];
    uint64_t rng = o->seed ^ PLAY_POLICY_SALT;
    for (;;) {
        int rc = ordo_run(g);
        if (rc != ORDO_DECIDE)
            return rc;
        if (o->save && o->save_at == *decisions &&
            play_save_file(g, o->save, "ordo") != 0)
            return PLAY_SAVE_FAILED;
        int k;
        if (ch && ch->next < ch->n) {
            k = ordo_find_option(g, ch->label[ch->next]);
            if (k < 0)
                return PLAY_NOT_OFFERED;
            ch->next++;
        } else {
            k = play_policy_choice(g, o, ordo_decider(g), &rng);
            if (k < 0) /* a ruleset policy's by/when failed: its error */
                return k;
        }
        if (rec && ordo_option_label(g, k, label, sizeof label) >= 0)
            fprintf(rec, "%s\n", label);
        rc = ordo_choose(g, k);
        if (rc < 0)
            return rc;
        ++*decisions;
    }
}

void play_error_message(const ordo_game *g, int rc, char *buf, size_t n)
{
    if (ordo_error_message(g, buf, n) < 0 || !buf[0])
        snprintf(buf, n, "%s", ordo_strerror(rc));
}

/* The game saved in `path`, restored in memory of its own (ordo_free
 * frees it); a negative code after a message on stderr. */
static int restore_game(const ordo_program *p, const char *path, const char *prog,
                        ordo_game **out)
{
    size_t len = 0, size = ordo_game_size(p);
    char *save = play_read_file(path, PLAY_MAX_SAVE_BYTES, prog, &len);
    if (!save)
        return ORDO_E_ARG; /* unreadable: a message is out */
    void *mem = malloc(size ? size : 1); /* malloc's alignment suits a game */
    char msg[256];
    int rc = mem ? ordo_restore(mem, size, p, save, len, out, msg, sizeof msg) : ORDO_E_STACK;
    free(save);
    if (rc < 0) {
        fprintf(stderr, "%s: cannot restore '%s': %s\n", prog, path,
                rc == ORDO_E_PROGRAM ? msg : ordo_strerror(rc));
        free(mem);
        return ORDO_E_PROGRAM;
    }
    return rc;
}

/* "record" or "save" when that output is named as an input of the run
 * (--choices, --restore), else NULL. By name only: the host kit is libc
 * only; ordo run also compares the files themselves, and the ruleset. */
static const char *overwritten_input(const play_options *o)
{
    if (o->record && o->choices && strcmp(o->record, o->choices) == 0)
        return "record";
    if (o->save && ((o->choices && strcmp(o->save, o->choices) == 0) ||
                    (o->restore && strcmp(o->save, o->restore) == 0)))
        return "save";
    return NULL;
}

int play_game(const ordo_program *p, const play_options *o0, FILE *out, const char *prog)
{
    play_options resolved = *o0, *o = &resolved;
    int np = play_players(p, o, prog);
    if (np < 0 || play_resolve_policies(p, o, prog) != 0)
        return TOOL_USAGE;

    play_choices ch;
    memset(&ch, 0, sizeof ch);
    if (o->choices && play_choices_load(&ch, o->choices, prog) != 0)
        return TOOL_USAGE;
    FILE *rec = NULL;
    play_output record_file; /* --record FILE: written whole or not at all */
    memset(&record_file, 0, sizeof record_file);
    const char *lost = overwritten_input(o);
    if (lost) {
        fprintf(stderr, "%s: --%s '%s' is an input file: it would be lost\n", prog, lost,
                strcmp(lost, "record") == 0 ? o->record : o->save);
        play_choices_free(&ch);
        return TOOL_USAGE;
    }
    if (o->record) {
        rec = strcmp(o->record, "-") == 0 ? stdout : play_output_open(&record_file, o->record);
        if (!rec) {
            fprintf(stderr, "%s: cannot write '%s': %s\n", prog, o->record,
                    play_output_problem(&record_file));
            play_choices_free(&ch);
            return TOOL_USAGE;
        }
    }

    int status = TOOL_FAIL;
    trace_ctx tc = {out, o->trace, o->as, malloc(1024), 1024};
    ordo_game *g = NULL;
    char label[512];
    int rc;
    if (o->restore) {
        rc = restore_game(p, o->restore, prog, &g);
        if (rc == ORDO_E_ARG) /* no file to read: as a missing --choices */
            status = TOOL_USAGE;
        if (rc < 0)
            goto done;
    } else {
        rc = tc.buf ? ordo_new(p, np, o->seed, &g) : ORDO_E_STACK;
    }
    if (rc < 0) {
        char msg[256];
        if (rc == ORDO_E_PROGRAM && ordo_validate(p, msg, sizeof msg) != 0)
            fprintf(stderr, "%s: invalid program: %s\n", prog, msg);
        else
            fprintf(stderr, "%s: cannot create a game: %s\n", prog, ordo_strerror(rc));
        goto done;
    }
    if (o->as >= ordo_player_count(g)) {
        fprintf(stderr, "%s: --as %d: a %d-player game\n", prog, o->as + 1, ordo_player_count(g));
        status = TOOL_USAGE;
        goto done;
    }
    if (o->trace != PLAY_TRACE_NONE)
        ordo_set_trace(g, print_event, &tc);
    if (o->max_steps)
        ordo_set_max_steps(g, o->max_steps);

    long decisions = 0;
    rc = play_to_end(g, o, &ch, rec, &decisions);
    fflush(out);
    if (rc == PLAY_SAVE_FAILED)
        goto done;
    if (o->save && o->save_at < 0 && play_save_file(g, o->save, prog) != 0)
        goto done;
    if (o->save && o->save_at >= decisions) {
        fprintf(stderr, "%s: --save-at %lld: the game had only %ld decisions\n", prog,
                (long long)o->save_at, decisions);
        goto done;
    }
    if (rc == PLAY_NOT_OFFERED) {
        fprintf(stderr, "%s: %s:%d: \"%s\" is not offered; offered: ", prog, ch.path,
                ch.line[ch.next], ch.label[ch.next]);
        play_print_offered(stderr, g);
        fputc('\n', stderr);
        goto done;
    }
    if (rc != ORDO_OVER) {
        char msg[512];
        play_error_message(g, rc, msg, sizeof msg);
        fprintf(stderr, "%s: runtime error: %s\n", prog, msg);
        goto done;
    }
    if (o->trace == PLAY_TRACE_TEXT) {
        int w = ordo_winner(g);
        if (w >= 0 && ordo_format_value(p, ORDO_K_PLAYER, 0, w, label, sizeof label) >= 0)
            fprintf(out, "result: %s wins", label);
        else
            fputs("result: game over, no winner", out);
        fprintf(out, " (%ld decisions, %llu VM steps)\n", decisions,
                (unsigned long long)ordo_steps(g));
    }
    status = TOOL_OK;
done:
    if ((fflush(out) != 0 || ferror(out)) && status == TOOL_OK) {
        fprintf(stderr, "%s: cannot write the trace: %s\n", prog,
                errno ? strerror(errno) : "write error");
        status = TOOL_FAIL;
    }
    if (g)
        ordo_free(g);
    free(tc.buf);
    /* the decisions taken are recorded whatever the game's end (a
     * failure's record replays it), the file replaced only when whole */
    if (rec && (rec == stdout ? fflush(rec) != 0 || ferror(rec)
                              : play_output_commit(&record_file) != 0)) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", prog, o->record,
                rec == stdout ? "write error" : play_output_problem(&record_file));
        if (status == TOOL_OK)
            status = TOOL_FAIL;
    }
    play_choices_free(&ch);
    return status;
}

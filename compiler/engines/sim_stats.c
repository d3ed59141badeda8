/* sim_stats.c — `ordo sim`'s results (see sim.h): adding games up, the
 * Wilson interval, the text table and JSON lines, and packing a game's
 * result for the pipe from a worker process. */
#include <string.h>

#include "sim.h"

/* ---- one game's result, packed: the head, the scores, the --var values,
 * the message */

size_t sim_pack(const sim_game *g, unsigned char *buf)
{
    size_t n = sizeof g->h;
    memcpy(buf, &g->h, n);
    size_t s = (size_t)g->h.nscores * sizeof g->score[0];
    memcpy(buf + n, g->score, s);
    n += s;
    s = (size_t)g->h.nvars * sizeof g->var[0];
    memcpy(buf + n, g->var, s);
    n += s;
    memcpy(buf + n, g->error, (size_t)g->h.errlen);
    return n + (size_t)g->h.errlen;
}

size_t sim_packed_size(const unsigned char *buf, size_t n)
{
    sim_head h;
    if (n < sizeof h)
        return 0;
    memcpy(&h, buf, sizeof h);
    /* a head out of bounds never completes: the reader sees bytes left
     * over at the end and reports the worker as failed */
    if (h.nscores < 0 || h.nscores > PLAY_MAX_SEATS || h.nvars < 0 || h.nvars > SIM_MAX_VARS ||
        h.errlen < 0 || h.errlen >= SIM_ERROR_MAX)
        return 0;
    size_t size = sizeof h + (size_t)(h.nscores + h.nvars) * sizeof(int32_t) + (size_t)h.errlen;
    return n >= size ? size : 0;
}

size_t sim_unpack(const unsigned char *buf, sim_game *g)
{
    size_t n = sizeof g->h;
    memcpy(&g->h, buf, n);
    size_t s = (size_t)g->h.nscores * sizeof g->score[0];
    memcpy(g->score, buf + n, s);
    n += s;
    s = (size_t)g->h.nvars * sizeof g->var[0];
    memcpy(g->var, buf + n, s);
    n += s;
    memcpy(g->error, buf + n, (size_t)g->h.errlen);
    g->error[g->h.errlen] = 0;
    return n + (size_t)g->h.errlen;
}

/* ---- totals */

void sim_totals_init(sim_totals *t)
{
    memset(t, 0, sizeof *t);
}

static void add_reason(sim_totals *t, int text)
{
    for (int k = 0; k < SIM_REASONS; k++)
        if (t->reason_text[k] == (uint32_t)text + 1 || !t->reason_text[k]) {
            t->reason_text[k] = (uint32_t)text + 1;
            t->reason_count[k]++;
            return;
        }
    t->reason_other++;
}

void sim_add(sim_totals *t, const sim_game *g)
{
    t->games++;
    if (g->h.errlen) {
        if (!t->errors++) {
            t->first_error_seed = g->h.seed;
            memcpy(t->first_error, g->error, (size_t)g->h.errlen + 1);
        }
        return;
    }
    t->ended++;
    if (g->h.reason >= 0)
        add_reason(t, g->h.reason);
    if (g->h.limit)
        t->limit_ends++;
    else if (g->h.winner >= 0 && g->h.winner < PLAY_MAX_SEATS)
        t->wins[g->h.winner]++;
    else
        t->no_winner++;
    t->decisions += g->h.decisions;
    t->turns += g->h.turns;
    t->steps += g->h.steps;
    t->nscores = g->h.nscores;
    for (int i = 0; i < g->h.nscores; i++)
        t->score[i] += g->score[i];
    t->nvars = g->h.nvars;
    for (int i = 0; i < g->h.nvars; i++)
        t->var[i] += g->var[i];
}

/* ---- the Wilson score interval */

/* The tools link without libm (Makefile), hence a square root of their
 * own: Newton's method from above, which decreases until it settles. */
static double square_root(double x)
{
    if (!(x > 0))
        return 0;
    double y = x > 1 ? x : 1;
    for (;;) {
        double next = 0.5 * (y + x / y);
        if (next >= y)
            return y;
        y = next;
    }
}

void sim_wilson(uint64_t k, uint64_t n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = 1.96, z2 = z * z;
    double dn = (double)n, p = (double)k / dn;
    double denom = 1 + z2 / dn;
    double centre = (p + z2 / (2 * dn)) / denom;
    double half = z * square_root(p * (1 - p) / dn + z2 / (4 * dn * dn)) / denom;
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

/* ---- the text table */

/* "player 2", as the trace names players. */
static void player_name(const ordo_program *p, int i, char *buf, size_t n)
{
    if (ordo_format_value(p, ORDO_K_PLAYER, 0, i, buf, n) < 0)
        snprintf(buf, n, "player %d", i + 1);
}

static void print_header(FILE *f, const sim_setup *s)
{
    fprintf(f, "ordo sim: %s, %llu game%s, ", s->path, (unsigned long long)s->games,
            s->games == 1 ? "" : "s");
    if (s->games == 1)
        fprintf(f, "seed %llu", (unsigned long long)s->seed);
    else
        fprintf(f, "seeds %llu..%llu", (unsigned long long)s->seed,
                (unsigned long long)(s->seed + s->games - 1));
    fprintf(f, ", %d player%s, polic%s: ", s->players, s->players == 1 ? "" : "s",
            s->players == 1 ? "y" : "ies");
    for (int i = 0; i < s->players; i++)
        fprintf(f, "%s%s", i ? ", " : "", play_policy_name(s->p, s->policy[i]));
    fputc('\n', f);
}

typedef struct table {
    FILE *f;
    int label_w, games_w; /* column widths */
    uint64_t n;           /* games: the rates' denominator */
} table;

static void print_row(const table *tb, const char *label, uint64_t k)
{
    double lo, hi;
    sim_wilson(k, tb->n, &lo, &hi);
    fprintf(tb->f, "%-*s %*llu  %5.1f%%   [%.1f%%, %.1f%%]\n", tb->label_w, label, tb->games_w,
            (unsigned long long)k, 100.0 * (double)k / (double)tb->n, 100 * lo, 100 * hi);
}

/* The columns fit the longest label ("player 12 wins") and count. */
static void table_widths(table *tb, const sim_setup *s)
{
    char name[64];
    player_name(s->p, s->players - 1, name, sizeof name);
    tb->label_w = (int)strlen(name) + (int)strlen(" wins") + 2;
    if (tb->label_w < (int)strlen("no winner") + 2)
        tb->label_w = (int)strlen("no winner") + 2;
    char num[24];
    tb->games_w = snprintf(num, sizeof num, "%llu", (unsigned long long)tb->n);
    if (tb->games_w < (int)strlen("games"))
        tb->games_w = (int)strlen("games");
}

static void print_json_string(FILE *f, const char *s);

/* "ended because: "TEXT" 12, "TEXT" (a limit) 3", the reasons in the
 * order of their texts in the program, when a game gave one. */
static void print_reasons(FILE *f, const sim_setup *s, const sim_totals *t)
{
    if (!t->reason_text[0])
        return;
    fputs("ended because:", f);
    for (uint32_t last = 0, first = 1;; first = 0) {
        int next = -1;
        for (int k = 0; k < SIM_REASONS; k++)
            if (t->reason_text[k] > last &&
                (next < 0 || t->reason_text[k] < t->reason_text[next]))
                next = k;
        if (next < 0)
            break;
        last = t->reason_text[next];
        if ((int)last - 1 >= s->p->ntexts)
            continue;
        fputs(first ? " " : ", ", f);
        print_json_string(f, s->p->texts[last - 1].text);
        fprintf(f, " %llu", (unsigned long long)t->reason_count[next]);
    }
    if (t->reason_other)
        fprintf(f, ", other reasons %llu", (unsigned long long)t->reason_other);
    fputc('\n', f);
}

static void print_means(FILE *f, const sim_setup *s, const sim_totals *t)
{
    if (!t->ended)
        return; /* no game ended: nothing to average */
    double n = (double)t->ended;
    fprintf(f, "mean length: %.1f decisions, %.1f turns, %.0f VM instructions\n",
            (double)t->decisions / n, (double)t->turns / n, (double)t->steps / n);
    if (t->nscores) {
        fputs("mean final score:", f);
        for (int i = 0; i < t->nscores; i++) {
            char name[64];
            player_name(s->p, i, name, sizeof name);
            fprintf(f, "%s %s %.1f", i ? "," : "", name, (double)t->score[i] / n);
        }
        fputc('\n', f);
    }
    if (t->nvars) {
        fputs("mean final value:", f);
        for (int i = 0; i < t->nvars; i++)
            fprintf(f, "%s %s %.1f", i ? "," : "", s->var_names[i], (double)t->var[i] / n);
        fputc('\n', f);
    }
}

void sim_print_table(FILE *f, const sim_setup *s, const sim_totals *t)
{
    table tb = {f, 0, 0, t->games};
    table_widths(&tb, s);
    print_header(f, s);
    fprintf(f, "%-*s %*s  %6s   %s\n", tb.label_w, "outcome", tb.games_w, "games", "rate",
            "95% interval");
    for (int i = 0; i < s->players; i++) {
        char name[64], label[80];
        player_name(s->p, i, name, sizeof name);
        snprintf(label, sizeof label, "%s wins", name);
        print_row(&tb, label, t->wins[i]);
    }
    print_row(&tb, "no winner", t->no_winner);
    print_row(&tb, "limit reached", t->limit_ends);
    print_row(&tb, "errors", t->errors);
    print_reasons(f, s, t);
    print_means(f, s, t);
}

/* ---- JSON lines */

/* s as a JSON string: quotes, backslashes and control characters escaped;
 * other bytes (UTF-8) as they are. */
static void print_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* ,"vars":{"NAME":V,...} when there are --var vars (null after an error). */
static void print_json_vars(FILE *f, const sim_game *g, const char *const *var_names)
{
    if (!var_names)
        return;
    if (g->h.errlen) {
        fputs(",\"vars\":null", f);
        return;
    }
    fputs(",\"vars\":{", f);
    for (int i = 0; i < g->h.nvars; i++) {
        if (i)
            fputc(',', f);
        print_json_string(f, var_names[i]);
        fprintf(f, ":%d", (int)g->var[i]);
    }
    fputc('}', f);
}

void sim_print_json(FILE *f, const ordo_program *p, uint64_t index, const sim_game *g,
                    const char *const *var_names)
{
    fprintf(f, "{\"game\":%llu,\"seed\":%llu,\"winner\":", (unsigned long long)index,
            (unsigned long long)g->h.seed);
    if (g->h.winner >= 0)
        fprintf(f, "%d", g->h.winner + 1);
    else
        fputs("null", f);
    fprintf(f, ",\"decisions\":%llu,\"turns\":%llu,\"steps\":%llu,\"reason\":",
            (unsigned long long)g->h.decisions, (unsigned long long)g->h.turns,
            (unsigned long long)g->h.steps);
    if (p && g->h.reason >= 0 && g->h.reason < p->ntexts)
        print_json_string(f, p->texts[g->h.reason].text);
    else
        fputs("null", f);
    fprintf(f, ",\"limit\":%s,\"scores\":", g->h.limit ? "true" : "false");
    if (g->h.errlen) {
        fputs("null", f); /* no final score */
    } else {
        fputc('[', f);
        for (int i = 0; i < g->h.nscores; i++)
            fprintf(f, "%s%d", i ? "," : "", (int)g->score[i]);
        fputc(']', f);
    }
    print_json_vars(f, g, var_names);
    fputs(",\"error\":", f);
    if (g->h.errlen)
        print_json_string(f, g->error);
    else
        fputs("null", f);
    fputs("}\n", f);
}

/* sim_merge.c — the games of several runs read back from their JSON lines
 * (sim_print_json's: the shards of one run, played on other machines by
 * `ordo sim --shard K/N --jsonl`), in game order, so that their totals
 * are one run's (`ordo sim --merge`). A line is input like any other:
 * one that is not a game of this ruleset is refused with its file and
 * line, never trusted. jansson reads the JSON.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compiler.h"
#include "sim.h"

/* One line's game, or -1 after a reason in why. */
static int fail(char *why, size_t n, const char *what)
{
    snprintf(why, n, "%s", what);
    return -1;
}

static int read_count(json_t *o, const char *key, uint64_t *out)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0)
        return -1;
    *out = (uint64_t)json_integer_value(v);
    return 0;
}

/* The text number of a reason: the program's text that says it. */
static int reason_number(const ordo_program *p, const char *text)
{
    for (uint32_t k = 0; k < p->ntexts; k++)
        if (strcmp(p->texts[k].text, text) == 0)
            return (int)k;
    return -1;
}

static int read_ints(json_t *a, int32_t *out, int max)
{
    if (!json_is_array(a) || (int)json_array_size(a) > max)
        return -1;
    for (size_t i = 0; i < json_array_size(a); i++) {
        json_t *v = json_array_get(a, i);
        if (!json_is_integer(v) || json_integer_value(v) < INT32_MIN ||
            json_integer_value(v) > INT32_MAX)
            return -1;
        out[i] = (int32_t)json_integer_value(v);
    }
    return (int)json_array_size(a);
}

/* The --var values, an object in the order the run named them. */
static int read_vars(json_t *o, int32_t *out)
{
    if (!json_is_object(o) || json_object_size(o) > SIM_MAX_VARS)
        return -1;
    int n = 0;
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        if (!json_is_integer(v) || json_integer_value(v) < INT32_MIN ||
            json_integer_value(v) > INT32_MAX)
            return -1;
        out[n++] = (int32_t)json_integer_value(v);
    }
    return n;
}

/* The end: winner, reason and limit; the scores and --var values. */
static int read_end(const ordo_program *p, json_t *o, sim_game *g, char *why, size_t n)
{
    json_t *w = json_object_get(o, "winner"), *r = json_object_get(o, "reason");
    json_t *lim = json_object_get(o, "limit"), *sc = json_object_get(o, "scores");
    if (json_is_integer(w) && json_integer_value(w) >= 1 &&
        json_integer_value(w) <= PLAY_MAX_SEATS)
        g->h.winner = (int32_t)json_integer_value(w) - 1;
    else if (!json_is_null(w))
        return fail(why, n, "\"winner\" is no player");
    if (json_is_string(r)) {
        if ((g->h.reason = reason_number(p, json_string_value(r))) < 0)
            return fail(why, n, "\"reason\" is no text of this ruleset");
    } else if (!json_is_null(r)) {
        return fail(why, n, "\"reason\" is not a text");
    }
    if (!json_is_boolean(lim))
        return fail(why, n, "\"limit\" is not true or false");
    g->h.limit = json_is_true(lim);
    if (!json_is_null(sc) && (g->h.nscores = read_ints(sc, g->score, PLAY_MAX_SEATS)) < 0)
        return fail(why, n, "\"scores\" are not a list of at most one number a seat");
    json_t *vars = json_object_get(o, "vars");
    if (vars && !json_is_null(vars) && (g->h.nvars = read_vars(vars, g->var)) < 0)
        return fail(why, n, "\"vars\" are not an object of at most 8 numbers");
    return 0;
}

int sim_read_json(const ordo_program *p, const char *line, size_t len, uint64_t *index,
                  sim_game *g, char *why, size_t n)
{
    memset(g, 0, sizeof *g);
    g->h.winner = g->h.reason = -1;
    json_error_t err;
    json_t *o = json_loadb(line, len, JSON_REJECT_DUPLICATES, &err);
    int rc = 0;
    if (!json_is_object(o)) {
        rc = fail(why, n, "not a JSON object of a game");
    } else if (read_count(o, "game", index) || read_count(o, "seed", &g->h.seed) ||
               read_count(o, "decisions", &g->h.decisions) ||
               read_count(o, "turns", &g->h.turns) || read_count(o, "steps", &g->h.steps)) {
        rc = fail(why, n, "\"game\", \"seed\", \"decisions\", \"turns\" or \"steps\" is not a count");
    } else {
        json_t *e = json_object_get(o, "error");
        if (json_is_string(e)) {
            size_t k = json_string_length(e);
            if (k == 0 || k >= SIM_ERROR_MAX || memchr(json_string_value(e), 0, k))
                rc = fail(why, n, "\"error\" is not a message");
            else {
                memcpy(g->error, json_string_value(e), k + 1);
                g->h.errlen = (int32_t)k;
            }
        } else if (!json_is_null(e)) {
            rc = fail(why, n, "\"error\" is not a message or null");
        } else {
            rc = read_end(p, o, g, why, n);
        }
    }
    json_decref(o);
    return rc;
}

/* ---- the files, merged in game order */

enum { SIM_LINE_MAX = 1 << 16 }; /* a game's line is far shorter */

typedef struct shard {
    const char *path;
    FILE *f;
    unsigned long line;  /* the line number of `next` */
    int have;            /* next holds a game not yet handed on */
    uint64_t index;
    sim_game next;
} shard;

/* The shard's next game into s->next: 1, 0 at its end, -1 after a message. */
static int shard_advance(const ordo_program *p, shard *s, const sim_hooks *h)
{
    char buf[SIM_LINE_MAX], why[160];
    uint64_t last = s->index;
    int had = s->have;
    s->have = 0;
    if (!fgets(buf, sizeof buf, s->f))
        return ferror(s->f) ? (fprintf(h->err, "%s: %s: cannot read\n", h->prog, s->path), -1)
                            : 0;
    s->line++;
    size_t len = strlen(buf);
    if (len && buf[len - 1] == '\n')
        buf[--len] = 0;
    else if (!feof(s->f))
        return fprintf(h->err, "%s: %s:%lu: a line longer than %d bytes\n", h->prog, s->path,
                       s->line, SIM_LINE_MAX), -1;
    if (sim_read_json(p, buf, len, &s->index, &s->next, why, sizeof why) != 0)
        return fprintf(h->err, "%s: %s:%lu: %s\n", h->prog, s->path, s->line, why), -1;
    if (had && s->index <= last)
        return fprintf(h->err, "%s: %s:%lu: game %llu after game %llu: not in game order\n",
                       h->prog, s->path, s->line, (unsigned long long)s->index,
                       (unsigned long long)last), -1;
    s->have = 1;
    return 1;
}

/* The shard whose next game comes first, or -1 when all are read. */
static int earliest(const shard *s, int n)
{
    int best = -1;
    for (int k = 0; k < n; k++)
        if (s[k].have && (best < 0 || s[k].index < s[best].index))
            best = k;
    return best;
}

/* Hands on every game of the shards in game order, checking that they
 * are one run's: no game twice, none missing, each with the run's seed. */
static int merge_shards(const ordo_program *p, shard *s, int n, const sim_hooks *h,
                        uint64_t *games, uint64_t *seed0)
{
    uint64_t expect = 0;
    *games = 0;
    for (int k; (k = earliest(s, n)) >= 0;) {
        const sim_game *g = &s[k].next;
        if (*games == 0) {
            expect = s[k].index;
            *seed0 = g->h.seed - s[k].index;
        }
        if (s[k].index != expect || g->h.seed != *seed0 + s[k].index) {
            fprintf(h->err, "%s: %s:%lu: game %llu %s\n", h->prog, s[k].path, s[k].line,
                    (unsigned long long)s[k].index,
                    s[k].index < expect ? "twice: the files overlap"
                    : s[k].index > expect ? "follows a gap: a shard is missing"
                                          : "has another run's seed");
            return -1;
        }
        h->result(h->ctx, g);
        ++*games, ++expect;
        if (shard_advance(p, &s[k], h) < 0)
            return -1;
    }
    return 0;
}

int sim_merge_run(const ordo_program *p, const char *const *paths, int n, const sim_hooks *h,
                  uint64_t *games, uint64_t *seed0)
{
    shard *s = calloc((size_t)(n > 0 ? n : 1), sizeof *s);
    if (!s)
        return fprintf(h->err, "%s: out of memory\n", h->prog), -1;
    int rc = 0;
    for (int k = 0; k < n && rc == 0; k++) {
        int err = 0;
        s[k].path = paths[k];
        s[k].f = oc_open_input(paths[k], &err);
        if (!s[k].f) {
            fprintf(h->err, "%s: %s: %s\n", h->prog, paths[k], oc_input_problem(err));
            rc = -1;
        } else if (shard_advance(p, &s[k], h) < 0) {
            rc = -1;
        }
    }
    *games = *seed0 = 0;
    if (rc == 0)
        rc = merge_shards(p, s, n, h, games, seed0);
    for (int k = 0; k < n; k++)
        if (s[k].f && s[k].f != stdin)
            fclose(s[k].f);
    free(s);
    return rc;
}

/* trace.c — the trace callback, values and labels as people read them, and
 * an event's line: one walk over its fields, written by one of two
 * emitters (text and JSON). Everything here is deterministic: no locale,
 * no floating point, no printf for numbers. */
#include <stdio.h>
#include <string.h>

#include "trace.h"
#include "view.h"

/* ---- a bounded string builder */

void vb_init(vm_buf *b, char *s, size_t n)
{
    b->s = n ? s : NULL;
    b->n = n;
    b->len = 0;
    b->json = 0;
    if (b->s)
        b->s[0] = 0;
}

static void vb_raw(vm_buf *b, char c)
{
    if (b->s && b->len + 1 < b->n)
        b->s[b->len] = c;
    b->len++;
}

static void vb_rawstr(vm_buf *b, const char *s)
{
    while (*s)
        vb_raw(b, *s++);
}

/* In JSON mode, characters are escaped as a JSON string needs. */
void vb_putc(vm_buf *b, char c)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char u = (unsigned char)c;
    if (!b->json || (u >= 0x20 && c != '"' && c != '\\')) {
        vb_raw(b, c);
        return;
    }
    switch (c) {
    case '"': vb_rawstr(b, "\\\""); break;
    case '\\': vb_rawstr(b, "\\\\"); break;
    case '\n': vb_rawstr(b, "\\n"); break;
    case '\r': vb_rawstr(b, "\\r"); break;
    case '\t': vb_rawstr(b, "\\t"); break;
    case '\b': vb_rawstr(b, "\\b"); break;
    case '\f': vb_rawstr(b, "\\f"); break;
    default:
        vb_rawstr(b, "\\u00");
        vb_raw(b, hex[u >> 4]);
        vb_raw(b, hex[u & 15]);
    }
}

/* The length of the well-formed UTF-8 sequence at s (1..4, at most n),
 * or 0 when the bytes there are not one (a stray continuation byte, a
 * sequence cut short, an overlong form, a surrogate, beyond U+10FFFF). */
static int utf8_length(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (!len || c > 0xF4 || len > n)
        return 0;
    for (size_t k = 1; k < len; k++)
        if ((s[k] & 0xC0) != 0x80)
            return 0;
    if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0) ||
        (c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90))
        return 0;
    return (int)len;
}

/* n bytes of text. In JSON mode a byte that is not part of well-formed
 * UTF-8 becomes U+FFFD, so that every line is valid JSON whatever a
 * ruleset's texts hold. */
static void vb_putn(vm_buf *b, const char *s, size_t n)
{
    if (!b->json) { /* nothing to escape: as many bytes as fit, at once */
        if (b->s && b->len + 1 < b->n) {
            size_t room = b->n - 1 - b->len;
            memcpy(b->s + b->len, s, n < room ? n : room);
        }
        b->len += n;
        return;
    }
    while (n > 0) {
        size_t k = (size_t)utf8_length((const unsigned char *)s, n);
        if (k == 0) {
            vb_rawstr(b, "\\ufffd");
            k = 1;
        } else {
            for (size_t i = 0; i < k; i++)
                vb_putc(b, s[i]);
        }
        s += k;
        n -= k;
    }
}

void vb_puts(vm_buf *b, const char *s)
{
    if (s)
        vb_putn(b, s, strlen(s));
}

void vb_int(vm_buf *b, long long v)
{
    char tmp[24];
    int n = 0;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        vb_putc(b, '-');
    while (n)
        vb_putc(b, tmp[--n]);
}

void vb_vprintf(vm_buf *b, const char *fmt, va_list ap)
{
    char tmp[256];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    if (n > 0)
        vb_puts(b, tmp);
}

int vb_end(vm_buf *b)
{
    if (b->s)
        b->s[b->len < b->n ? b->len : b->n - 1] = 0;
    return b->len > 0x7fffffffu ? ORDO_E_ARG : (int)b->len;
}

/* The text of a value: a pointer to a name, or digits written in tmp. */
static const char *value_text(const ordo_program *p, int kind, int enum_id, int32_t v,
                              char tmp[16])
{
    switch (kind) {
    case ORDO_K_BOOL:
        return v ? "true" : "false";
    case ORDO_K_PLAYER:
        if (v < 0)
            return "none";
        {
            vm_buf b;
            vb_init(&b, tmp, 16);
            vb_puts(&b, "player ");
            vb_int(&b, (long long)v + 1);
            vb_end(&b);
            return tmp;
        }
    case ORDO_K_ENUM:
        if (v == -1) /* a data table's "no row" */
            return "none";
        if (enum_id >= 0 && enum_id < p->nenums && v >= 0 && v < p->enums[enum_id].count &&
            p->enums[enum_id].first + v < p->nnames && p->names[p->enums[enum_id].first + v])
            return p->names[p->enums[enum_id].first + v];
        return NULL;
    default: {
        vm_buf b;
        vb_init(&b, tmp, 16);
        vb_int(&b, v);
        vb_end(&b);
        return tmp;
    }
    }
}

int vb_value(vm_buf *b, const ordo_program *p, int kind, int enum_id, int32_t v)
{
    char tmp[16];
    const char *t = value_text(p, kind, enum_id, v, tmp);
    if (!t) {
        /* an enum value that is not a member: shown as "#5" */
        vb_putc(b, '#');
        vb_int(b, v);
        return ORDO_E_ARG;
    }
    vb_puts(b, t);
    return 0;
}

int ordo_format_value(const ordo_program *p, int kind, int enum_id, int32_t v, char *buf,
                      size_t n)
{
    if (!p || (!buf && n))
        return ORDO_E_ARG;
    if (kind < ORDO_K_INT || kind > ORDO_K_ENUM)
        return ORDO_E_ARG;
    vm_buf b;
    vb_init(&b, buf, n);
    if (vb_value(&b, p, kind, enum_id, v) < 0) {
        vb_init(&b, buf, n);
        return ORDO_E_ARG;
    }
    return vb_end(&b);
}

/* ---- labels */

/* Writes a template, "{}" replaced by the values args[0..nargs) in order
 * (one value for every "{}" when `repeat`, the option case). */
static void vb_template(vm_buf *b, const ordo_program *p, const char *t, int nargs,
                        const uint8_t *kinds, const uint16_t *enums, const int32_t *args,
                        int repeat)
{
    int k = 0;
    if (!t)
        return;
    while (*t) {
        if (t[0] == '{' && t[1] == '}' && k < nargs) {
            vb_value(b, p, kinds[k], enums[k], args[k]);
            if (!repeat)
                k++;
            t += 2;
        } else {
            /* the text up to the next "{}" (or the end) in one piece */
            size_t n = 1;
            while (t[n] && !(t[n] == '{' && t[n + 1] == '}'))
                n++;
            vb_putn(b, t, n);
            t += n;
        }
    }
}

static void vb_option(vm_buf *b, const ordo_program *p, int id, int has_param, int32_t param)
{
    const ordo_option *o = &p->options[id];
    uint8_t kind = o->param_kind;
    vb_template(b, p, o->label, has_param && kind != ORDO_NO_PARAM, &kind, &o->param_enum,
                &param, 1);
}

void vb_option_label(vm_buf *b, const ordo_game *g, const vm_opt *o)
{
    if (o->kind == VM_OPT_ESCAPE)
        vb_puts(b, g->p->escapes[o->id].label);
    else
        vb_option(b, g->p, o->id, o->kind == VM_OPT_PARAM, o->param);
}

int vm_label_eq(const ordo_game *g, const vm_opt *o, const char *s)
{
    const ordo_program *p = g->p;
    if (o->kind == VM_OPT_ESCAPE)
        return strcmp(p->escapes[o->id].label, s) == 0;
    const ordo_option *op = &p->options[o->id];
    const char *t = op->label;
    int subst = o->kind == VM_OPT_PARAM && op->param_kind != ORDO_NO_PARAM;
    char tmp[16];
    while (*t) {
        if (subst && t[0] == '{' && t[1] == '}') {
            const char *v = value_text(p, op->param_kind, op->param_enum, o->param, tmp);
            if (!v)
                return 0;
            size_t n = strlen(v);
            if (strncmp(s, v, n) != 0)
                return 0;
            s += n;
            t += 2;
        } else if (*s++ != *t++) {
            return 0;
        }
    }
    return *s == 0;
}

/* ---- the trace */

void ordo_set_trace(ordo_game *g, ordo_trace_fn fn, void *ctx)
{
    if (!g)
        return;
    g->trace = fn;
    g->trace_ctx = fn ? ctx : NULL;
}

void ordo_set_chance(ordo_game *g, ordo_chance_fn fn, void *ctx)
{
    if (!g)
        return;
    g->chance = fn;
    g->chance_ctx = fn ? ctx : NULL;
}

void ordo_set_chance_draws(ordo_game *g, int on)
{
    if (g)
        g->chance_draws = on != 0;
}

static const char *const kind_names[ORDO_EV_KIND_COUNT] = {
    "?", "step", "skip", "event", "choice", "escape", "roll", "turn", "eliminate", "log", "end",
    "trigger", "window", "window_end", "action", "action_end", "pay", "batch", "batch_end",
    "override", "reveal", "chosen", "undo",
};

static const char *timing_name(int32_t t)
{
    return t == 1 ? "immediately" : t == 2 ? "after" : t == 3 ? "before" : "?";
}

static const char *proc_name(const ordo_program *p, int id)
{
    return id < p->nprocs && p->procs[id].name ? p->procs[id].name : "?";
}

static const char *text_of(const ordo_program *p, int id)
{
    return id < p->ntexts && p->texts[id].text ? p->texts[id].text : "";
}

static const char *str_or(const char *s, const char *dflt)
{
    return s ? s : dflt;
}

static void vb_player(vm_buf *b, int player)
{
    if (player < 0) {
        vb_puts(b, "none");
    } else {
        vb_puts(b, "player ");
        vb_int(b, (long long)player + 1);
    }
}

/* "2.5.3 \"title\" [RULE]" */
static void vb_step(vm_buf *b, const ordo_program *p, int s)
{
    if (s < 0 || s >= p->nsteps) {
        vb_puts(b, "?");
        return;
    }
    const ordo_step *st = &p->steps[s];
    vb_puts(b, str_or(st->number, "?"));
    if (st->title && st->title[0]) {
        vb_puts(b, " \"");
        vb_puts(b, st->title);
        vb_putc(b, '"');
    }
    if (st->rule && st->rule[0]) {
        vb_puts(b, " [");
        vb_puts(b, st->rule);
        vb_putc(b, ']');
    }
}

/* An event's argument count as the formatters may trust it: a host may
 * hand in an event it made itself, with any count. */
static int ev_nargs(const ordo_event *ev)
{
    return ev->nargs > ORDO_EVENT_MAX_ARGS ? ORDO_EVENT_MAX_ARGS : ev->nargs;
}

/* What a choice or escape event chose: the option's label with its value,
 * or the escape's label; "?" for a number the program does not have. */
static void vb_choice(vm_buf *b, const ordo_program *p, const ordo_event *ev)
{
    if (ev->kind == ORDO_EV_ESCAPE)
        vb_puts(b, ev->id < p->nescapes ? p->escapes[ev->id].label : "?");
    else if (ev->id < p->noptions)
        vb_option(b, p, ev->id, ev_nargs(ev) > 0, ev->args[0]);
    else
        vb_puts(b, "?");
}

/* A log event's text with its values; 0 (nothing written) for a text
 * number the program does not have. */
int vb_log(vm_buf *b, const ordo_program *p, const ordo_event *ev)
{
    if (ev->id >= p->ntexts)
        return 0;
    const ordo_text *t = &p->texts[ev->id];
    vb_template(b, p, t->text, ev_nargs(ev) < t->nargs ? ev_nargs(ev) : t->nargs, t->arg_kind,
                t->arg_enum, ev->args, 0);
    return 1;
}

/* Index k of var v as written: "player 2", "oil", 3. */
static void vb_index(vm_buf *b, const ordo_program *p, const ordo_var *v, int k, int32_t x)
{
    int kind = v->dim_kind[k] == ORDO_DIM_PLAYER ? ORDO_K_PLAYER
               : v->dim_kind[k] == ORDO_DIM_ENUM ? ORDO_K_ENUM
                                                 : ORDO_K_INT;
    if (vb_value(b, p, kind, v->dim_enum[k], x))
        vb_puts(b, "?");
}

/* "silver[player 1]": var ev->id, its indexes from ev->args[first] */
static void vb_cell(vm_buf *b, const ordo_program *p, const ordo_event *ev, int first)
{
    if (ev->id >= p->nvars) {
        vb_puts(b, "?");
        return;
    }
    const ordo_var *v = &p->vars[ev->id];
    vb_puts(b, str_or(v->name, "?"));
    for (int k = 0; k < v->ndims && k + first < ev_nargs(ev); k++) {
        vb_putc(b, k ? ',' : '[');
        if (k)
            vb_putc(b, ' ');
        if (vm_masked_arg(ev, k + first))
            vb_puts(b, "?");
        else
            vb_index(b, p, v, k, ev->args[k + first]);
    }
    if (v->ndims)
        vb_putc(b, ']');
}

/* "2 from silver[player 1]" */
static void vb_payment(vm_buf *b, const ordo_program *p, const ordo_event *ev)
{
    if (vm_masked_arg(ev, 0))
        vb_puts(b, "?");
    else
        vb_int(b, ev->args[0]);
    vb_puts(b, " from ");
    vb_cell(b, p, ev, 1);
}

/* "legion[player 2, 3] to player 1", "... to everyone", "hide ..." */
static void vb_reveal(vm_buf *b, const ordo_program *p, const ordo_event *ev)
{
    int nd = ev->id < p->nvars ? p->vars[ev->id].ndims : 0;
    int32_t to = nd < ev_nargs(ev) ? ev->args[nd] : -1;
    vb_puts(b, to == -2 ? "hide " : "reveal ");
    vb_cell(b, p, ev, 0);
    if (to == -2)
        return;
    vb_puts(b, " to ");
    if (to < 0)
        vb_puts(b, "everyone");
    else
        vb_player(b, to);
    if (ev->id >= p->nvars || nd + 1 >= ev_nargs(ev))
        return;
    const ordo_var *v = &p->vars[ev->id];
    const int32_t *val = ev->args + nd + 1;
    /* a list's or a set's values: how many, then the first of them */
    int many = v->is_list || v->is_set;
    int nval = ev_nargs(ev) - nd - 1, first = many ? 1 : 0;
    vb_puts(b, ": ");
    if (vm_masked_arg(ev, nd + 1)) { /* revealed to someone else */
        vb_puts(b, "?");
        return;
    }
    for (int k = first; k < nval; k++) {
        if (k > first)
            vb_puts(b, ", ");
        vb_value(b, p, v->kind, v->enum_id, val[k]);
    }
    if (many && val[0] == 0)
        vb_puts(b, "nothing");
    else if (many && val[0] > nval - 1)
        vb_puts(b, ", ...");
}

static const char *event_name(const ordo_program *p, int id)
{
    return id < p->nevents ? str_or(p->events[id].name, "?") : "?";
}

/* ---- an event's line: one walk over its fields, two emitters */

/* A JSON string: what is written between vb_json_open and vb_json_close
 * is escaped. */
static void vb_json_open(vm_buf *b)
{
    vb_raw(b, '"');
    b->json = 1;
}

static void vb_json_close(vm_buf *b)
{
    b->json = 0;
    vb_raw(b, '"');
}

static void vb_json_str(vm_buf *b, const char *s)
{
    vb_json_open(b);
    vb_puts(b, s);
    vb_json_close(b);
}

static void vb_json_key(vm_buf *b, const char *key)
{
    vb_raw(b, ',');
    vb_json_str(b, key);
    vb_putc(b, ':');
}

typedef struct ev_emitter ev_emitter;

/* The event being written, and how. */
typedef struct ev_walk {
    vm_buf *b;
    const ordo_program *p;
    const ordo_event *ev;
    const ev_emitter *e;
} ev_walk;

/* Writes a value as text; 0 when it knew nothing to write (JSON then
 * says "?"). */
typedef int (*ev_writer)(vm_buf *b, const ordo_program *p, const ordo_event *ev);

/* An event is walked as fields. The text writes a field's `words`, its
 * value and `after`; JSON writes "key":value. A field with no key is the
 * text's alone, one with no words JSON's alone. */
struct ev_emitter {
    /* the line's start: the text's sequence number; JSON's envelope (the
     * number, the kind, the step running, the player) */
    void (*begin)(const ev_walk *w);
    void (*str)(const ev_walk *w, const char *key, const char *words, const char *s,
                const char *after);
    /* `quiet`: the text writes the words but not the number */
    void (*num)(const ev_walk *w, const char *key, const char *words, long long n,
                const char *after, int quiet);
    /* a player ("player 2"; JSON: null for none); `quiet` as for num */
    void (*player)(const ev_walk *w, const char *key, const char *words, int player, int quiet);
    void (*flag)(const ev_walk *w, const char *key, int on);   /* JSON's alone */
    void (*write)(const ev_walk *w, const char *key, const char *words, ev_writer fn);
    /* an event's or action's args, each by `arg` (the first is k 0) */
    void (*args)(const ev_walk *w, const char *key);
    void (*arg)(const ev_walk *w, const ordo_event_decl *d, int k);
    void (*end)(vm_buf *b);
};

static int write_step(vm_buf *b, const ordo_program *p, const ordo_event *ev)
{
    vb_step(b, p, ev->id);
    return 1;
}

static int write_choice(vm_buf *b, const ordo_program *p, const ordo_event *ev)
{
    vb_choice(b, p, ev);
    return 1;
}

static int write_reveal(vm_buf *b, const ordo_program *p, const ordo_event *ev)
{
    vb_reveal(b, p, ev);
    return 1;
}

static int write_payment(vm_buf *b, const ordo_program *p, const ordo_event *ev)
{
    vb_payment(b, p, ev);
    return 1;
}

/* An event's or action's declaration, and how many of its args to show. */
static const ordo_event_decl *event_decl(const ordo_program *p, const ordo_event *ev, int *n)
{
    const ordo_event_decl *d = ev->id < p->nevents ? &p->events[ev->id] : NULL;
    *n = ev_nargs(ev);
    if (d && d->nparams < *n)
        *n = d->nparams;
    return d;
}

/* The args' values, between `open` and `close` (the text writes nothing
 * for none). */
static void walk_args(const ev_walk *w, char open, char close, int always)
{
    int n;
    const ordo_event_decl *d = event_decl(w->p, w->ev, &n);
    if (!n && !always)
        return;
    vb_putc(w->b, open);
    for (int k = 0; k < n; k++)
        w->e->arg(w, d, k);
    vb_putc(w->b, close);
}

static int arg_kind(const ordo_event_decl *d, int k)
{
    return d ? d->param_kind[k] : ORDO_K_INT;
}

static int arg_enum(const ordo_event_decl *d, int k)
{
    return d ? d->param_enum[k] : 0;
}

/* ---- the text: "12 event fled(player 2, 12)" */

static void text_begin(const ev_walk *w)
{
    vb_int(w->b, w->ev->seq);
    vb_putc(w->b, ' ');
}

/* A field's words: 0 when it has none (the field is JSON's alone). */
static int text_words(const ev_walk *w, const char *words)
{
    if (words)
        vb_puts(w->b, words);
    return words != NULL;
}

static void text_str(const ev_walk *w, const char *key, const char *words, const char *s,
                     const char *after)
{
    (void)key;
    if (!text_words(w, words))
        return;
    vb_puts(w->b, s);
    vb_puts(w->b, after);
}

static void text_num(const ev_walk *w, const char *key, const char *words, long long n,
                     const char *after, int quiet)
{
    (void)key;
    if (!text_words(w, words))
        return;
    if (!quiet)
        vb_int(w->b, n);
    vb_puts(w->b, after);
}

static void text_player(const ev_walk *w, const char *key, const char *words, int player,
                        int quiet)
{
    (void)key;
    if (text_words(w, words) && !quiet)
        vb_player(w->b, player);
}

static void text_flag(const ev_walk *w, const char *key, int on)
{
    (void)w, (void)key, (void)on;
}

static void text_write(const ev_walk *w, const char *key, const char *words, ev_writer fn)
{
    (void)key;
    if (text_words(w, words))
        fn(w->b, w->p, w->ev);
}

static void text_args(const ev_walk *w, const char *key)
{
    (void)key;
    walk_args(w, '(', ')', 0);
}

static void text_arg(const ev_walk *w, const ordo_event_decl *d, int k)
{
    if (k)
        vb_puts(w->b, ", ");
    if (vm_masked_arg(w->ev, k))
        vb_puts(w->b, "?");
    else
        vb_value(w->b, w->p, arg_kind(d, k), arg_enum(d, k), w->ev->args[k]);
}

static void text_end(vm_buf *b)
{
    (void)b;
}

static const ev_emitter text_emitter = {text_begin, text_str,  text_num, text_player, text_flag,
                                        text_write, text_args, text_arg, text_end};

/* ---- JSON: {"seq":12,"kind":"event",...,"args":{"p":"player 2","points":12}} */

static void json_str(const ev_walk *w, const char *key, const char *words, const char *s,
                     const char *after)
{
    (void)words, (void)after;
    if (!key)
        return;
    vb_json_key(w->b, key);
    vb_json_str(w->b, s);
}

static void json_num(const ev_walk *w, const char *key, const char *words, long long n,
                     const char *after, int quiet)
{
    (void)words, (void)after, (void)quiet;
    if (!key)
        return;
    vb_json_key(w->b, key);
    vb_int(w->b, n);
}

static void json_player(const ev_walk *w, const char *key, const char *words, int player,
                        int quiet)
{
    (void)words, (void)quiet;
    if (!key)
        return;
    vb_json_key(w->b, key);
    if (player < 0) {
        vb_rawstr(w->b, "null");
        return;
    }
    vb_raw(w->b, '"');
    vb_player(w->b, player);
    vb_raw(w->b, '"');
}

static void json_flag(const ev_walk *w, const char *key, int on)
{
    if (!key)
        return;
    vb_json_key(w->b, key);
    vb_rawstr(w->b, on ? "true" : "false");
}

static void json_write(const ev_walk *w, const char *key, const char *words, ev_writer fn)
{
    (void)words;
    if (!key)
        return;
    vb_json_key(w->b, key);
    vb_json_open(w->b);
    if (!fn(w->b, w->p, w->ev))
        vb_puts(w->b, "?");
    vb_json_close(w->b);
}

static void json_args(const ev_walk *w, const char *key)
{
    if (!key)
        return;
    vb_json_key(w->b, key);
    walk_args(w, '{', '}', 1);
}

/* "name":value; "arg3" for a param with no name, "?" for a masked value
 * or an enum value that is not a member. */
static void json_arg(const ev_walk *w, const ordo_event_decl *d, int k)
{
    vm_buf *b = w->b;
    int kind = arg_kind(d, k);
    if (k)
        vb_putc(b, ',');
    if (d && d->param_name[k]) {
        vb_json_str(b, d->param_name[k]);
    } else {
        vb_puts(b, "\"arg");
        vb_int(b, k + 1);
        vb_putc(b, '"');
    }
    vb_putc(b, ':');
    if (vm_masked_arg(w->ev, k)) {
        vb_json_str(b, "?");
    } else if (kind == ORDO_K_INT) {
        vb_int(b, w->ev->args[k]);
    } else {
        char tmp[16];
        const char *t = value_text(w->p, kind, arg_enum(d, k), w->ev->args[k], tmp);
        vb_json_str(b, t ? t : "?");
    }
}

static void json_begin(const ev_walk *w)
{
    const ordo_program *p = w->p;
    const ordo_event *ev = w->ev;
    vb_rawstr(w->b, "{\"seq\":");
    vb_int(w->b, ev->seq);
    json_str(w, "kind", NULL, ev->kind < ORDO_EV_KIND_COUNT ? kind_names[ev->kind] : "?", NULL);
    if (ev->step >= 0 && ev->step < p->nsteps) {
        const ordo_step *st = &p->steps[ev->step];
        json_str(w, "step", NULL, str_or(st->number, "?"), NULL);
        if (st->rule && st->rule[0])
            json_str(w, "rule", NULL, st->rule, NULL);
    }
    if (ev->player >= 0 && ev->kind != ORDO_EV_END)
        json_player(w, "player", NULL, ev->player, 0);
}

static void json_end(vm_buf *b)
{
    vb_putc(b, '}');
}

static const ev_emitter json_emitter = {json_begin, json_str,  json_num, json_player, json_flag,
                                        json_write, json_args, json_arg, json_end};

/* ---- the walk */

static void walk_step(const ev_walk *w)
{
    const ordo_program *p = w->p;
    const ordo_event *ev = w->ev;
    int skip = ev->kind == ORDO_EV_SKIP;
    w->e->write(w, NULL, skip ? "skip " : "step ", write_step);
    if (ev->id >= p->nsteps)
        return;
    const ordo_step *st = &p->steps[ev->id];
    if (skip)
        w->e->str(w, "skipped", NULL, str_or(st->number, "?"), NULL);
    if (st->title && st->title[0])
        w->e->str(w, "title", NULL, st->title, NULL);
}

/* "end winner player 2 (limit: round cap)"; JSON: the winner or null,
 * the reason, whether it was a limit */
static void walk_end(const ev_walk *w)
{
    const ordo_program *p = w->p;
    const ordo_event *ev = w->ev;
    int none = ev->player < 0;
    w->e->player(w, "winner", none ? "end no winner" : "end winner ", ev->player, none);
    if (!ev->id || ev->id > p->ntexts) /* `because [limit] "TEXT"` */
        return;
    int limit = ev_nargs(ev) && ev->args[0];
    w->e->str(w, "reason", limit ? " (limit: " : " (", text_of(p, ev->id - 1), ")");
    w->e->flag(w, "limit", limit);
}

static void walk_choice(const ev_walk *w)
{
    const ordo_event *ev = w->ev;
    w->e->player(w, NULL,
                 ev->kind == ORDO_EV_CHOICE   ? "choice "
                 : ev->kind == ORDO_EV_CHOSEN ? "revealed choice "
                                              : "escape ",
                 ev->player, 0);
    w->e->write(w, ev->kind == ORDO_EV_ESCAPE ? "escape" : "option", ": ", write_choice);
}

/* "roll 2d6 = 7", "roll d6 = 4" */
static void walk_roll(const ev_walk *w)
{
    const int32_t *a = w->ev->args;
    w->e->num(w, "count", "roll ", a[0], NULL, a[0] == 1);
    w->e->num(w, "sides", "d", a[1], NULL, 0);
    w->e->num(w, "result", " = ", a[2], NULL, 0);
}

static void walk_window(const ev_walk *w)
{
    const ordo_event *ev = w->ev;
    int opens = ev->kind == ORDO_EV_WINDOW;
    const char *label = text_of(w->p, ev->id);
    w->e->player(w, NULL, opens ? "window opens for " : "window closes for ", ev->player, 0);
    if (opens)
        w->e->str(w, "label", label[0] ? ": " : NULL, label, NULL);
}

static void walk_pay(const ev_walk *w)
{
    w->e->write(w, "payment", "pay ", write_payment);
    if (vm_masked_arg(w->ev, 0))
        w->e->str(w, "amount", NULL, "?", NULL);
    else
        w->e->num(w, "amount", NULL, w->ev->args[0], NULL, 0);
}

static void walk_batch_end(const ev_walk *w)
{
    const int32_t *a = w->ev->args;
    w->e->num(w, "received", "batch ends: ", a[0],
              a[0] == 1 ? " gain received, " : " gains received, ", 0);
    w->e->num(w, "events", "", a[1], a[1] == 1 ? " event follows" : " events follow", 0);
}

static void walk_override(const ev_walk *w)
{
    const ordo_program *p = w->p;
    const ordo_event *ev = w->ev;
    w->e->str(w, "override", "override ", proc_name(p, ev->id), NULL);
    if (ev->id < p->nprocs)
        w->e->num(w, "line", " (line ", p->procs[ev->id].line, ")", 0);
}

static void walk_fields(const ev_walk *w)
{
    const ordo_program *p = w->p;
    const ordo_event *ev = w->ev;
    const ev_emitter *e = w->e;
    switch (ev->kind) {
    case ORDO_EV_STEP:
    case ORDO_EV_SKIP: walk_step(w); break;
    case ORDO_EV_EVENT:
        e->str(w, "event", "event ", event_name(p, ev->id), NULL);
        e->args(w, "args");
        break;
    case ORDO_EV_ACTION:
        e->str(w, "action", "action ", event_name(p, ev->id), NULL);
        e->args(w, "args");
        break;
    case ORDO_EV_CHOICE:
    case ORDO_EV_ESCAPE:
    case ORDO_EV_CHOSEN: walk_choice(w); break;
    case ORDO_EV_ROLL: walk_roll(w); break;
    case ORDO_EV_TURN: e->player(w, NULL, "turn ", ev->player, 0); break;
    case ORDO_EV_ELIMINATE: e->player(w, NULL, "eliminated ", ev->player, 0); break;
    case ORDO_EV_LOG: e->write(w, "text", "log ", vb_log); break;
    case ORDO_EV_END: walk_end(w); break;
    case ORDO_EV_TRIGGER:
        e->str(w, "trigger", "trigger ", proc_name(p, ev->id), NULL);
        e->str(w, "timing", " (", timing_name(ev->args[0]), ")");
        break;
    case ORDO_EV_WINDOW:
    case ORDO_EV_WINDOW_END: walk_window(w); break;
    case ORDO_EV_ACTION_END: e->str(w, "action", "action ", event_name(p, ev->id), " ends"); break;
    case ORDO_EV_REVEAL: e->write(w, "reveal", "", write_reveal); break;
    case ORDO_EV_UNDO: /* id: the action's proc */
        e->str(w, "action", "action ", proc_name(p, ev->id), " undone");
        break;
    case ORDO_EV_PAY: walk_pay(w); break;
    case ORDO_EV_BATCH: e->num(w, NULL, "batch begins", 0, NULL, 1); break;
    case ORDO_EV_BATCH_END: walk_batch_end(w); break;
    case ORDO_EV_OVERRIDE: walk_override(w); break;
    default: e->num(w, NULL, "unknown event", 0, NULL, 1); break;
    }
}

/* The line of ev as seat sees it, written by e. */
static int event_line(const ordo_game *g, const ordo_event *ev, int seat, const ev_emitter *e,
                      char *buf, size_t n)
{
    if (!g || !ev || (!buf && n) || seat < ORDO_SPECTATOR || seat >= g->nplayers)
        return ORDO_E_ARG;
    ordo_event tmp;
    vm_buf b;
    vb_init(&b, buf, n);
    ev_walk w = {&b, g->p, vm_event_as(ev, seat, &tmp), e};
    e->begin(&w);
    walk_fields(&w);
    e->end(&b);
    return vb_end(&b);
}

int ordo_event_text(const ordo_game *g, const ordo_event *ev, char *buf, size_t n)
{
    return event_line(g, ev, ORDO_OMNISCIENT, &text_emitter, buf, n);
}

int ordo_event_text_as(const ordo_game *g, const ordo_event *ev, int seat, char *buf,
                       size_t n)
{
    return event_line(g, ev, seat, &text_emitter, buf, n);
}

int ordo_event_json(const ordo_game *g, const ordo_event *ev, char *buf, size_t n)
{
    return event_line(g, ev, ORDO_OMNISCIENT, &json_emitter, buf, n);
}

int ordo_event_json_as(const ordo_game *g, const ordo_event *ev, int seat, char *buf,
                       size_t n)
{
    return event_line(g, ev, seat, &json_emitter, buf, n);
}

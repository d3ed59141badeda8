/* trace.c — the trace callback, values and labels as people read them, and
 * the two one-line renderings of an event (text and JSON). Everything here
 * is deterministic: no locale, no floating point, no printf for numbers. */
#include <stdio.h>
#include <string.h>

#include "vm.h"

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
    while (n > 0) {
        size_t k = b->json ? (size_t)utf8_length((const unsigned char *)s, n) : 1;
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

/* The body of an event: "fled(player 2, 12)"; json: {"p":"player 2","points":12} */
static void vb_event_args(vm_buf *b, const ordo_program *p, const ordo_event *ev, int json);
static void vb_json_str(vm_buf *b, const char *s);

int ordo_event_text(const ordo_game *g, const ordo_event *ev, char *buf, size_t n)
{
    return ordo_event_text_as(g, ev, ORDO_OMNISCIENT, buf, n);
}

int ordo_event_text_as(const ordo_game *g, const ordo_event *ev, int seat, char *buf,
                       size_t n)
{
    if (!g || !ev || (!buf && n) || seat < ORDO_SPECTATOR || seat >= g->nplayers)
        return ORDO_E_ARG;
    ordo_event tmp;
    ev = vm_event_as(ev, seat, &tmp);
    const ordo_program *p = g->p;
    vm_buf b;
    vb_init(&b, buf, n);
    vb_int(&b, ev->seq);
    vb_putc(&b, ' ');
    switch (ev->kind) {
    case ORDO_EV_STEP:
        vb_puts(&b, "step ");
        vb_step(&b, p, ev->id);
        break;
    case ORDO_EV_SKIP:
        vb_puts(&b, "skip ");
        vb_step(&b, p, ev->id);
        break;
    case ORDO_EV_EVENT:
        vb_puts(&b, "event ");
        vb_event_args(&b, p, ev, 0);
        break;
    case ORDO_EV_CHOICE:
    case ORDO_EV_ESCAPE:
    case ORDO_EV_CHOSEN:
        vb_puts(&b, ev->kind == ORDO_EV_CHOICE   ? "choice "
                    : ev->kind == ORDO_EV_CHOSEN ? "revealed choice "
                                                 : "escape ");
        vb_player(&b, ev->player);
        vb_puts(&b, ": ");
        vb_choice(&b, p, ev);
        break;
    case ORDO_EV_ROLL:
        vb_puts(&b, "roll ");
        if (ev->args[0] != 1)
            vb_int(&b, ev->args[0]);
        vb_putc(&b, 'd');
        vb_int(&b, ev->args[1]);
        vb_puts(&b, " = ");
        vb_int(&b, ev->args[2]);
        break;
    case ORDO_EV_TURN:
        vb_puts(&b, "turn ");
        vb_player(&b, ev->player);
        break;
    case ORDO_EV_ELIMINATE:
        vb_puts(&b, "eliminated ");
        vb_player(&b, ev->player);
        break;
    case ORDO_EV_LOG:
        vb_puts(&b, "log ");
        vb_log(&b, p, ev);
        break;
    case ORDO_EV_END:
        vb_puts(&b, "end ");
        if (ev->player >= 0) {
            vb_puts(&b, "winner ");
            vb_player(&b, ev->player);
        } else {
            vb_puts(&b, "no winner");
        }
        if (ev->id && ev->id <= p->ntexts) { /* `because [limit] "TEXT"` */
            vb_puts(&b, ev_nargs(ev) && ev->args[0] ? " (limit: " : " (");
            vb_puts(&b, text_of(p, ev->id - 1));
            vb_putc(&b, ')');
        }
        break;
    case ORDO_EV_TRIGGER:
        vb_puts(&b, "trigger ");
        vb_puts(&b, proc_name(p, ev->id));
        vb_puts(&b, " (");
        vb_puts(&b, timing_name(ev->args[0]));
        vb_putc(&b, ')');
        break;
    case ORDO_EV_WINDOW:
    case ORDO_EV_WINDOW_END:
        vb_puts(&b, ev->kind == ORDO_EV_WINDOW ? "window opens for " : "window closes for ");
        vb_player(&b, ev->player);
        if (ev->kind == ORDO_EV_WINDOW && text_of(p, ev->id)[0]) {
            vb_puts(&b, ": ");
            vb_puts(&b, text_of(p, ev->id));
        }
        break;
    case ORDO_EV_ACTION:
        vb_puts(&b, "action ");
        vb_event_args(&b, p, ev, 0);
        break;
    case ORDO_EV_ACTION_END:
        vb_puts(&b, "action ");
        vb_puts(&b, event_name(p, ev->id));
        vb_puts(&b, " ends");
        break;
    case ORDO_EV_REVEAL:
        vb_reveal(&b, p, ev);
        break;
    case ORDO_EV_UNDO: /* id: the action's proc */
        vb_puts(&b, "action ");
        vb_puts(&b, proc_name(p, ev->id));
        vb_puts(&b, " undone");
        break;
    case ORDO_EV_PAY:
        vb_puts(&b, "pay ");
        vb_payment(&b, p, ev);
        break;
    case ORDO_EV_BATCH:
        vb_puts(&b, "batch begins");
        break;
    case ORDO_EV_BATCH_END:
        vb_puts(&b, "batch ends: ");
        vb_int(&b, ev->args[0]);
        vb_puts(&b, ev->args[0] == 1 ? " gain received, " : " gains received, ");
        vb_int(&b, ev->args[1]);
        vb_puts(&b, ev->args[1] == 1 ? " event follows" : " events follow");
        break;
    case ORDO_EV_OVERRIDE:
        vb_puts(&b, "override ");
        vb_puts(&b, proc_name(p, ev->id));
        if (ev->id < p->nprocs) {
            vb_puts(&b, " (line ");
            vb_int(&b, p->procs[ev->id].line);
            vb_putc(&b, ')');
        }
        break;
    default:
        vb_puts(&b, "unknown event");
        break;
    }
    return vb_end(&b);
}

static void vb_event_args(vm_buf *b, const ordo_program *p, const ordo_event *ev, int json)
{
    const ordo_event_decl *d = ev->id < p->nevents ? &p->events[ev->id] : NULL;
    int n = ev_nargs(ev);
    if (d && d->nparams < n)
        n = d->nparams;
    if (!json) {
        vb_puts(b, d ? str_or(d->name, "?") : "?");
        if (n == 0)
            return;
        vb_putc(b, '(');
    } else {
        vb_putc(b, '{');
    }
    for (int k = 0; k < n; k++) {
        int kind = d ? d->param_kind[k] : ORDO_K_INT;
        int en = d ? d->param_enum[k] : 0;
        if (k)
            vb_puts(b, json ? "," : ", ");
        if (json) {
            const char *name = d && d->param_name[k] ? d->param_name[k] : NULL;
            if (name) {
                vb_json_str(b, name);
            } else {
                vb_puts(b, "\"arg");
                vb_int(b, k + 1);
                vb_putc(b, '"');
            }
            vb_putc(b, ':');
            if (vm_masked_arg(ev, k)) {
                vb_json_str(b, "?");
            } else if (kind == ORDO_K_INT) {
                vb_int(b, ev->args[k]);
            } else {
                char tmp[16];
                const char *t = value_text(p, kind, en, ev->args[k], tmp);
                vb_json_str(b, t ? t : "?");
            }
        } else if (vm_masked_arg(ev, k)) {
            vb_puts(b, "?");
        } else {
            vb_value(b, p, kind, en, ev->args[k]);
        }
    }
    vb_putc(b, json ? '}' : ')');
}

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

int ordo_event_json(const ordo_game *g, const ordo_event *ev, char *buf, size_t n)
{
    return ordo_event_json_as(g, ev, ORDO_OMNISCIENT, buf, n);
}

int ordo_event_json_as(const ordo_game *g, const ordo_event *ev, int seat, char *buf,
                       size_t n)
{
    if (!g || !ev || (!buf && n) || seat < ORDO_SPECTATOR || seat >= g->nplayers)
        return ORDO_E_ARG;
    ordo_event tmp;
    ev = vm_event_as(ev, seat, &tmp);
    const ordo_program *p = g->p;
    vm_buf b;
    vb_init(&b, buf, n);
    vb_rawstr(&b, "{\"seq\":");
    vb_int(&b, ev->seq);
    vb_json_key(&b, "kind");
    vb_json_str(&b, ev->kind < ORDO_EV_KIND_COUNT ? kind_names[ev->kind] : "?");
    if (ev->step >= 0 && ev->step < p->nsteps) {
        const ordo_step *st = &p->steps[ev->step];
        vb_json_key(&b, "step");
        vb_json_str(&b, str_or(st->number, "?"));
        if (st->rule && st->rule[0]) {
            vb_json_key(&b, "rule");
            vb_json_str(&b, st->rule);
        }
    }
    if (ev->player >= 0 && ev->kind != ORDO_EV_END) {
        vb_json_key(&b, "player");
        vb_raw(&b, '"');
        vb_player(&b, ev->player);
        vb_raw(&b, '"');
    }
    switch (ev->kind) {
    case ORDO_EV_STEP:
    case ORDO_EV_SKIP:
        if (ev->id < p->nsteps) {
            const ordo_step *st = &p->steps[ev->id];
            if (ev->kind == ORDO_EV_SKIP) {
                vb_json_key(&b, "skipped");
                vb_json_str(&b, str_or(st->number, "?"));
            }
            if (st->title && st->title[0]) {
                vb_json_key(&b, "title");
                vb_json_str(&b, st->title);
            }
        }
        break;
    case ORDO_EV_EVENT:
        vb_json_key(&b, "event");
        vb_json_str(&b, ev->id < p->nevents ? str_or(p->events[ev->id].name, "?") : "?");
        vb_json_key(&b, "args");
        vb_event_args(&b, p, ev, 1);
        break;
    case ORDO_EV_CHOICE:
    case ORDO_EV_ESCAPE:
    case ORDO_EV_CHOSEN:
        vb_json_key(&b, ev->kind == ORDO_EV_ESCAPE ? "escape" : "option");
        vb_json_open(&b);
        vb_choice(&b, p, ev);
        vb_json_close(&b);
        break;
    case ORDO_EV_ROLL:
        vb_json_key(&b, "count");
        vb_int(&b, ev->args[0]);
        vb_json_key(&b, "sides");
        vb_int(&b, ev->args[1]);
        vb_json_key(&b, "result");
        vb_int(&b, ev->args[2]);
        break;
    case ORDO_EV_LOG:
        vb_json_key(&b, "text");
        vb_json_open(&b);
        if (!vb_log(&b, p, ev))
            vb_puts(&b, "?");
        vb_json_close(&b);
        break;
    case ORDO_EV_TRIGGER:
        vb_json_key(&b, "trigger");
        vb_json_str(&b, proc_name(p, ev->id));
        vb_json_key(&b, "timing");
        vb_json_str(&b, timing_name(ev->args[0]));
        break;
    case ORDO_EV_WINDOW:
        vb_json_key(&b, "label");
        vb_json_str(&b, text_of(p, ev->id));
        break;
    case ORDO_EV_REVEAL:
        vb_json_key(&b, "reveal");
        vb_json_open(&b);
        vb_reveal(&b, p, ev);
        vb_json_close(&b);
        break;
    case ORDO_EV_UNDO:
        vb_json_key(&b, "action");
        vb_json_str(&b, proc_name(p, ev->id));
        break;
    case ORDO_EV_ACTION:
    case ORDO_EV_ACTION_END:
        vb_json_key(&b, "action");
        vb_json_str(&b, event_name(p, ev->id));
        if (ev->kind == ORDO_EV_ACTION) {
            vb_json_key(&b, "args");
            vb_event_args(&b, p, ev, 1);
        }
        break;
    case ORDO_EV_PAY:
        vb_json_key(&b, "payment");
        vb_json_open(&b);
        vb_payment(&b, p, ev);
        vb_json_close(&b);
        vb_json_key(&b, "amount");
        if (vm_masked_arg(ev, 0))
            vb_json_str(&b, "?");
        else
            vb_int(&b, ev->args[0]);
        break;
    case ORDO_EV_BATCH_END:
        vb_json_key(&b, "received");
        vb_int(&b, ev->args[0]);
        vb_json_key(&b, "events");
        vb_int(&b, ev->args[1]);
        break;
    case ORDO_EV_OVERRIDE:
        vb_json_key(&b, "override");
        vb_json_str(&b, proc_name(p, ev->id));
        if (ev->id < p->nprocs) {
            vb_json_key(&b, "line");
            vb_int(&b, p->procs[ev->id].line);
        }
        break;
    case ORDO_EV_END:
        vb_json_key(&b, "winner");
        if (ev->player >= 0) {
            vb_raw(&b, '"');
            vb_player(&b, ev->player);
            vb_raw(&b, '"');
        } else {
            vb_rawstr(&b, "null");
        }
        if (ev->id && ev->id <= p->ntexts) {
            vb_json_key(&b, "reason");
            vb_json_str(&b, text_of(p, ev->id - 1));
            vb_json_key(&b, "limit");
            vb_rawstr(&b, ev_nargs(ev) && ev->args[0] ? "true" : "false");
        }
        break;
    default:
        break;
    }
    vb_putc(&b, '}');
    return vb_end(&b);
}

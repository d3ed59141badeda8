/* display.c — what a ruleset reads off a state without playing: its
 * invariants (ordo_broken_invariant: each a bool fn run by ordo_eval) and
 * ordo_display, which runs its `display` blocks on a game's current state
 * and hands each `show` line to the host (`put` texts before it on the
 * same line). A display is a proc with no
 * params that the compiler lowered like any other; its `show`
 * statements are SHOW instructions, which the VM reports as LOG events in
 * eval mode only. The run goes through vm_eval_quiet, so the game is left
 * byte for byte as it was, and the lines are formatted into a buffer on
 * the C stack: no allocation. */
#include "vm.h"

enum { SHOW_LINE_MAX = 512 };

/* The line being built: `put` texts wait in it until a `show` (or the
 * display's end) ends the line. */
typedef struct show_ctx {
    ordo_show_fn line;
    void *ctx;
    char buf[SHOW_LINE_MAX];
    vm_buf b;
    int open;          /* a `put` began the line */
} show_ctx;

static void on_show(void *ctx, const ordo_game *g, const ordo_event *ev)
{
    show_ctx *s = ctx;
    if (ev->kind != ORDO_EV_LOG)
        return;
    if (!s->open)
        vb_init(&s->b, s->buf, sizeof s->buf);
    vb_log(&s->b, g->p, ev);
    s->open = ev->player == 1; /* SHOW b=1, `put`: the line goes on */
    if (!s->open) {
        vb_end(&s->b);
        s->line(s->ctx, s->buf);
    }
}

/* A display that ends with a `put` still ends its line. */
static void end_line(show_ctx *s)
{
    if (!s->open)
        return;
    vb_end(&s->b);
    s->line(s->ctx, s->buf);
    s->open = 0;
}

int ordo_invariant_count(const ordo_program *p)
{
    return p ? p->ninvariants : 0;
}

const ordo_invariant *ordo_invariant_at(const ordo_program *p, int k)
{
    return p && k >= 0 && k < p->ninvariants ? &p->invariants[k] : NULL;
}

int ordo_broken_invariant(ordo_game *g)
{
    if (!g)
        return ORDO_E_ARG;
    for (int k = 0; k < g->p->ninvariants; k++) {
        int32_t holds = 1;
        int rc = ordo_eval(g, g->p->invariants[k].proc, NULL, 0, &holds);
        if (rc < 0)
            return rc;
        if (!holds)
            return k;
    }
    return -1;
}

int ordo_display_count(const ordo_program *p)
{
    return p ? p->ndisplays : 0;
}

const char *ordo_display_title(const ordo_program *p, int k)
{
    return p && k >= 0 && k < p->ndisplays ? p->displays[k].title : NULL;
}

int ordo_display(ordo_game *g, int k, ordo_show_fn line, void *ctx)
{
    if (!g || !line || k < -1 || k >= g->p->ndisplays)
        return ORDO_E_ARG;
    if (g->status < 0)
        return g->status;
    show_ctx s;
    s.line = line;
    s.ctx = ctx;
    s.open = 0;
    int first = k < 0 ? 0 : k, end = k < 0 ? g->p->ndisplays : k + 1;
    for (int i = first; i < end; i++) {
        int32_t unused;
        int rc = vm_eval_quiet(g, g->p->displays[i].proc, NULL, 0, &unused, on_show, &s);
        if (rc < 0)
            return rc;
        end_line(&s);
    }
    return ORDO_OK;
}

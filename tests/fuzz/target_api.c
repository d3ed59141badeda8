/* target_api.c — a host making any sequence of calls on a game of any
 * shipped ruleset: choices (in range and out), copies, evaluations of any
 * fn with any arguments, reads and writes of any var, displays, policies,
 * saves and restores, seats' views and traces (ordo_view, ordo_visible,
 * the _as formatters). The promises checked: a call refused or a fn
 * evaluated leaves the block byte for byte as it was; a copy and a
 * restored save equal the game; a view shows whatever its seat sees as it
 * is; no call ever ends in an internal error. */
#include <string.h>

#include "programs.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_load_programs();
    return 0;
}

typedef struct host {
    const ordo_program *p;
    ordo_game *g, *before;
    uint64_t rng;
} host;

static void snapshot(host *h)
{
    ordo_copy(h->before, h->g);
}

static void unchanged(const host *h)
{
    FUZZ_ASSERT(memcmp(h->g, h->before, ordo_size(h->g)) == 0);
}

static void show_line(void *ctx, const char *line)
{
    (void)ctx;
    (void)line;
}

static void call_choose(host *h, fuzz_in *in)
{
    int n = ordo_option_count(h->g);
    unsigned b = fuzz_byte(in);
    int i = b == 255 ? -1 : b == 254 ? n : n ? (int)(b % (unsigned)n) : 0;
    char label[256];
    if (n > 0 && i >= 0 && i < n)
        FUZZ_ASSERT(ordo_option_label(h->g, i, label, sizeof label) >= 0);
    snapshot(h);
    int rc = ordo_choose(h->g, i);
    if (rc < 0)
        unchanged(h);
    else
        FUZZ_ASSERT(ordo_run(h->g) != ORDO_E_PROGRAM);
}

static void call_eval(host *h, fuzz_in *in)
{
    int proc = (int)(fuzz_u16(in) % (h->p->nprocs + 2u)) - 1;
    int32_t args[ORDO_EVENT_MAX_ARGS];
    for (int k = 0; k < ORDO_EVENT_MAX_ARGS; k++)
        args[k] = (int32_t)(int8_t)fuzz_byte(in);
    int nargs = proc >= 0 && proc < h->p->nprocs ? h->p->procs[proc].nparams : 1;
    int32_t v;
    snapshot(h);
    int rc = ordo_eval(h->g, proc, args, nargs, &v);
    if (rc == ORDO_OK || rc == ORDO_E_ARG)
        unchanged(h);
    FUZZ_ASSERT(rc != ORDO_E_PROGRAM && rc != ORDO_E_OPCODE);
}

static void call_get_set(host *h, fuzz_in *in, int set)
{
    int v = (int)(fuzz_byte(in) % (h->p->nvars + 1u));
    int i = (int)(int8_t)fuzz_byte(in), j = (int)(int8_t)fuzz_byte(in);
    int elem = (int)(int8_t)fuzz_byte(in);
    int32_t x = (int32_t)(int16_t)fuzz_u16(in);
    snapshot(h);
    if (!set) {
        (void)ordo_get(h->g, v, i, j, elem, &x);
        unchanged(h);
    } else if (ordo_set(h->g, v, i, j, elem, x) < 0) {
        unchanged(h);
    }
}

static void call_copy(host *h)
{
    ordo_game *c = malloc(ordo_size(h->g));
    FUZZ_ASSERT(c);
    ordo_copy(c, h->g);
    FUZZ_ASSERT(memcmp(c, h->g, ordo_size(h->g)) == 0);
    /* a copy is in the same position (what explorers and searches rely
     * on), and one more decision taken in it moves it elsewhere or not,
     * consistently with its hash */
    FUZZ_ASSERT(ordo_same_position(c, h->g) == 1);
    FUZZ_ASSERT(ordo_position_hash(c) == ordo_position_hash(h->g));
    if (ordo_status(c) == ORDO_DECIDE && ordo_choose(c, 0) == ORDO_OK && ordo_run(c) >= 0 &&
        ordo_same_position(c, h->g))
        FUZZ_ASSERT(ordo_position_hash(c) == ordo_position_hash(h->g));
    free(c);
}

static void call_save(host *h)
{
    size_t n = ordo_save_size(h->g);
    unsigned char *s = malloc(n);
    FUZZ_ASSERT(s);
    FUZZ_ASSERT(ordo_save(h->g, s, n) == ORDO_OK);
    size_t size = ordo_game_size(h->p);
    void *mem = malloc(size);
    FUZZ_ASSERT(mem);
    ordo_game *r;
    char msg[200];
    int rc = ordo_restore(mem, size, h->p, s, n, &r, msg, sizeof msg);
    if (rc != ORDO_OK)
        fprintf(stderr, "fuzz: restore refused its own save: %s\n", msg);
    FUZZ_ASSERT(rc == ORDO_OK);
    FUZZ_ASSERT(memcmp(r, h->g, size) == 0);
    free(mem);
    free(s);
}

static void call_views(host *h, fuzz_in *in)
{
    int k = (int)(fuzz_byte(in) % (ordo_display_count(h->p) + 2u)) - 1;
    int pol = (int)(fuzz_byte(in) % (ordo_policy_count(h->p) + 2u)) - 1;
    snapshot(h);
    (void)ordo_display(h->g, k, show_line, NULL);
    unchanged(h);
    uint64_t rng = h->rng;
    int rc = ordo_policy_ruleset(h->g, pol, &rng);
    FUZZ_ASSERT(rc < ordo_option_count(h->g) || ordo_option_count(h->g) == 0);
    unchanged(h);
    char buf[128];
    ordo_event ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = (uint8_t)fuzz_byte(in);
    ev.id = (uint16_t)fuzz_u16(in);
    ev.nargs = (uint8_t)fuzz_byte(in);
    ev.player = (int8_t)fuzz_byte(in);
    (void)ordo_event_text(h->g, &ev, buf, sizeof buf);
    (void)ordo_event_json(h->g, &ev, buf, sizeof buf);
    /* as a seat sees it, with any visibility a host could hand in */
    int seat = (int)(fuzz_byte(in) % 12u) - 3;
    ev.seen_by = (int8_t)fuzz_byte(in);
    ev.hide = (uint8_t)fuzz_byte(in);
    (void)ordo_event_text_as(h->g, &ev, seat, buf, sizeof buf);
    (void)ordo_event_json_as(h->g, &ev, seat, buf, sizeof buf);
    unchanged(h);
}

/* A seat's view: the game itself unchanged; in the view, every cell the
 * seat sees reads as in the game. */
static void call_seat_view(host *h, fuzz_in *in)
{
    int seat = (int)(fuzz_byte(in) % 12u) - 3;
    ordo_game *v = malloc(ordo_size(h->g));
    FUZZ_ASSERT(v);
    memcpy(v, h->g, ordo_size(h->g));
    snapshot(h);
    int rc = ordo_view(v, h->g, seat);
    unchanged(h);
    FUZZ_ASSERT(rc == ORDO_OK || rc == ORDO_E_ARG);
    int var = (int)(fuzz_u16(in) % (h->p->nvars + 1u));
    int i = (int)(fuzz_byte(in) % 8u), j = (int)(fuzz_byte(in) % 4u);
    int sees = ordo_visible(h->g, seat, var, i, j);
    unchanged(h);
    int32_t a = 0, b = 0;
    if (rc == ORDO_OK && sees == 1 && ordo_get(h->g, var, i, j, -1, &a) == ORDO_OK) {
        FUZZ_ASSERT(ordo_get(v, var, i, j, -1, &b) == ORDO_OK);
        FUZZ_ASSERT(a == b);
    }
    free(v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size, 0};
    host h = {fuzz_programs[fuzz_byte(&in) % FUZZ_NPROGRAMS], NULL, NULL, 0};
    int span = h.p->max_players - h.p->min_players + 1;
    int np = h.p->min_players + (int)(fuzz_byte(&in) % (unsigned)span);
    if (ordo_new(h.p, np, fuzz_u16(&in), &h.g) != ORDO_OK)
        return 0;
    h.before = malloc(ordo_size(h.g));
    FUZZ_ASSERT(h.before);
    h.rng = size;
    ordo_set_max_steps(h.g, 200000);
    FUZZ_ASSERT(ordo_run(h.g) != ORDO_E_PROGRAM);
    for (int calls = 0; fuzz_more(&in) && calls < 400; calls++) {
        switch (fuzz_byte(&in) % 9) {
        case 0: case 1: call_choose(&h, &in); break;
        case 2: call_eval(&h, &in); break;
        case 3: call_get_set(&h, &in, 0); break;
        case 4: call_get_set(&h, &in, 1); break;
        case 5: call_copy(&h); break;
        case 6: call_save(&h); break;
        case 7: call_views(&h, &in); break;
        case 8: call_seat_view(&h, &in); break;
        }
        FUZZ_ASSERT(ordo_status(h.g) != ORDO_E_PROGRAM && ordo_status(h.g) != ORDO_E_OPCODE);
    }
    free(h.before);
    ordo_free(h.g);
    return 0;
}

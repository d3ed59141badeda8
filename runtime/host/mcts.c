/* mcts.c — a seat's policy that searches: Monte Carlo tree search (UCT)
 * on copies of the game, for any ruleset, with the runtime's public API
 * alone (ordo_copy, ordo_choose, ordo_run, ordo_winner, ordo_visible...).
 *
 * The tree is open-loop: a node stands for a sequence of option indexes
 * taken from the decision searched, whoever decided them, and decisions
 * of one option make no node. A node's children are added one a playout,
 * in option order; a child whose option the playout's state does not
 * offer is passed over (dice and determinizations change what is
 * offered); with a ruleset policy for rollouts, the option it would take
 * is favoured while it has few playouts (progressive bias). Each node
 * keeps the reward of the seat that chose it, so that every seat plays
 * for itself (max^n): a win is 1, a loss 0, a game over
 * without a winner 1/n for n players (a share of the draw), 0 alone (a
 * solo game without a winner is lost). A rollout cut after `depth`
 * decisions is scored by the ruleset's fn `eval` (p: player): int, as each
 * seat's share of the total (negative values count as 0).
 *
 * Hidden information: each playout starts from the game dealt anew as
 * the deciding seat sees it (deal.c: what it cannot see is redealt, what
 * it reads of that is the multiset of each kind's unseen items, never
 * which cell holds which), and the copy's generator is reseeded
 * (ordo_reseed) so that it rolls and shuffles its own. What the game's
 * own frames hold is copied as it is: the choices earlier seats of a
 * simultaneous decision took are there, so such a decision is not
 * searched (the seat plays at random).
 *
 * Memory: the node pool, two game blocks and the redeal's lists, allocated
 * once by play_mcts_new; a search allocates nothing. Deterministic for
 * the generator it is given, unless a time budget (think) cuts it.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ordo_host.h"

/* The bias towards the rollout policy's option: HINT_BIAS / (visits + 1)
 * added to its UCB score, a reward's worth at first, fading as its own
 * playouts tell. */
#define HINT_BIAS 1.0

typedef struct node {
    uint32_t child;   /* first child (0: none; node 0 is the root) */
    uint32_t sibling; /* next child of the same parent (0: none) */
    uint32_t visits;  /* playouts through it */
    uint32_t avail;   /* playouts at its parent that offered its option */
    double reward;    /* summed, for the seat that chose it */
    uint16_t option;  /* its option index at the parent's decision */
    uint16_t tried;   /* children added: options 0 .. tried-1 */
    int16_t seat;     /* who chose it (0-based) */
} node;

struct play_mcts {
    const ordo_program *p;
    int nplayers;
    play_search s;
    node *nodes;
    uint32_t cap, used;
    uint32_t *path;          /* the nodes a playout went through */
    ordo_game *base, *work;  /* the decision searched; one playout */
    play_deal *deal;         /* what the seat does not see, dealt anew */
    double reward[PLAY_MAX_SEATS];
};

/* ---- arithmetic without libm (the host kit is libc only) */

/* ln x for x >= 1: the exponent's part and an atanh series for the
 * mantissa's (m in [1, 2): z <= 1/3, nine terms are past 1e-10). */
static double ln(double x)
{
    int e = 0;
    while (x >= 2) {
        x /= 2;
        e++;
    }
    double z = (x - 1) / (x + 1), z2 = z * z, term = z, sum = 0;
    for (int k = 1; k < 20; k += 2) {
        sum += term / k;
        term *= z2;
    }
    return e * 0.69314718055994531 + 2 * sum;
}

static double square_root(double x)
{
    if (x <= 0)
        return 0;
    double r = x > 1 ? x : 1;
    for (int k = 0; k < 60; k++) {
        double next = (r + x / r) / 2;
        if (next >= r)
            break;
        r = next;
    }
    return r;
}

/* ---- making and freeing */

play_mcts *play_mcts_new(const ordo_game *g, const play_search *s)
{
    if (!g || !s || !s->program) /* no program: not resolved (play_resolve_policies) */
        return NULL;
    play_mcts *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    const ordo_program *p = s->program;
    m->p = p;
    m->nplayers = ordo_player_count(g);
    m->s = *s;
    if (m->s.explore <= 0)
        m->s.explore = 0.7;
    if (!m->s.playouts && m->s.think <= 0)
        m->s.playouts = PLAY_SEARCH_PLAYOUTS; /* no bound at all: the default */
    m->cap = s->nodes ? s->nodes : m->s.playouts ? m->s.playouts + 1 : PLAY_SEARCH_NODES;
    size_t size = ordo_size(g);
    m->nodes = malloc(m->cap * sizeof *m->nodes);
    m->path = malloc(m->cap * sizeof *m->path);
    m->base = malloc(size);
    m->work = malloc(size);
    m->deal = play_deal_new(p, m->nplayers);
    if (!m->nodes || !m->path || !m->base || !m->work || !m->deal) {
        play_mcts_free(m);
        return NULL;
    }
    ordo_copy(m->base, g);
    ordo_copy(m->work, g);
    return m;
}

void play_mcts_free(play_mcts *m)
{
    if (!m)
        return;
    free(m->nodes);
    free(m->path);
    free(m->base);
    free(m->work);
    play_deal_free(m->deal);
    free(m);
}

/* ---- one playout */

static uint32_t new_node(play_mcts *m, uint16_t option, int seat)
{
    uint32_t k = m->used++;
    m->nodes[k] = (node){0, 0, 0, 0, 0, option, 0, (int16_t)seat};
    return k;
}

/* The child of `at` to follow when n options are offered: an option not
 * tried yet (a new node; 0 when the pool is full), else the best by UCB
 * among those offered, the option `hint` (the rollout policy's, -1: none)
 * favoured while it has few visits (progressive bias: a wide decision's
 * few playouts follow the policy until the others prove better). Counts
 * the offered children's availability. */
static uint32_t select_child(play_mcts *m, uint32_t at, int n, int seat, int hint)
{
    node *nd = &m->nodes[at];
    if (nd->tried < n) {
        if (m->used >= m->cap)
            return 0;
        uint32_t k = new_node(m, nd->tried, seat);
        nd = &m->nodes[at];
        nd->tried++;
        m->nodes[k].sibling = nd->child;
        nd->child = k;
        m->nodes[k].avail = 1;
        return k;
    }
    uint32_t best = 0;
    double best_score = -1;
    for (uint32_t c = nd->child; c; c = m->nodes[c].sibling) {
        node *ch = &m->nodes[c];
        if (ch->option >= n)
            continue;
        ch->avail++;
        double score = ch->visits
                           ? ch->reward / ch->visits +
                                 m->s.explore * square_root(ln(ch->avail) / ch->visits)
                           : 1e9;
        if (ch->option == hint)
            score += HINT_BIAS / (ch->visits + 1);
        if (score > best_score || (score == best_score && ch->option < m->nodes[best].option)) {
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* Each seat's reward for g as it stands: over, or cut after `depth`. */
static void score(play_mcts *m, ordo_game *g)
{
    int n = m->nplayers, w = ordo_status(g) == ORDO_OVER ? ordo_winner(g) : -1;
    double none = n > 1 ? 1.0 / n : 0;
    for (int s = 0; s < n; s++)
        m->reward[s] = w >= 0 ? (s == w) : none;
    if (w >= 0 || ordo_status(g) != ORDO_DECIDE || m->s.eval < 0)
        return;
    int32_t v[PLAY_MAX_SEATS];
    double total = 0;
    for (int s = 0; s < n; s++) {
        int32_t arg = s;
        if (ordo_eval(g, m->s.eval, &arg, 1, &v[s]) != ORDO_OK)
            return;
        if (v[s] < 0)
            v[s] = 0;
        total += v[s];
    }
    for (int s = 0; s < n && total > 0; s++)
        m->reward[s] = v[s] / total;
}

/* The rollout policy's option at g's pending decision. */
static int rollout_choice(const play_mcts *m, const ordo_game *g, uint64_t *rng)
{
    if (m->s.rollout_policy >= 0)
        return ordo_policy_ruleset(g, m->s.rollout_policy, rng);
    return m->s.rollout == PLAY_POLICY_FIRST ? ordo_policy_first(g) : ordo_policy_random(g, rng);
}

/* Plays on from g's pending decision with the rollout policy, at most
 * `depth` decisions (0: to the end). */
static void rollout(play_mcts *m, ordo_game *g, uint64_t *rng)
{
    for (uint32_t d = 0; ordo_status(g) == ORDO_DECIDE; d++) {
        if (m->s.depth && d >= m->s.depth)
            return;
        int k = rollout_choice(m, g, rng);
        if (k < 0 || ordo_choose(g, k) < 0 || ordo_run(g) < 0)
            return;
    }
}

static void playout(play_mcts *m, uint64_t *rng)
{
    ordo_game *g = m->work;
    ordo_copy(g, m->base);
    play_deal_write(m->deal, g, rng);
    ordo_reseed(g, ((uint64_t)ordo_rng_next(rng) << 32) | ordo_rng_next(rng));
    uint32_t depth = 0, at = 0;
    m->path[depth++] = 0;
    int fresh = 0; /* a node added: the tree ends here */
    while (!fresh && ordo_status(g) == ORDO_DECIDE) {
        int n = ordo_option_count(g), seat = ordo_decider(g), k = 0;
        if (n > 1) {
            int hint = m->s.rollout_policy >= 0 ? rollout_choice(m, g, rng) : -1;
            uint32_t c = select_child(m, at, n, seat, hint);
            if (!c)
                break; /* the pool is full: roll out from here */
            fresh = m->nodes[c].visits == 0;
            at = c;
            k = m->nodes[c].option;
            m->path[depth++] = c;
        }
        if (ordo_choose(g, k) < 0 || ordo_run(g) < 0)
            break;
    }
    rollout(m, g, rng);
    score(m, g);
    for (uint32_t d = 0; d < depth; d++) {
        node *nd = &m->nodes[m->path[d]];
        nd->visits++;
        if (d > 0 && nd->seat >= 0 && nd->seat < m->nplayers)
            nd->reward += m->reward[nd->seat];
    }
}

/* ---- the search */

static double seconds_now(void)
{
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0;
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The most visited child of the root (the lowest option among equals). */
static int most_visited(const play_mcts *m)
{
    uint32_t best = 0;
    for (uint32_t c = m->nodes[0].child; c; c = m->nodes[c].sibling) {
        const node *ch = &m->nodes[c];
        if (!best || ch->visits > m->nodes[best].visits ||
            (ch->visits == m->nodes[best].visits && ch->option < m->nodes[best].option))
            best = c;
    }
    return best ? m->nodes[best].option : -1;
}

int play_mcts_visits(const play_mcts *m, uint32_t *visits, int n)
{
    if (!m || (n > 0 && !visits))
        return ORDO_E_ARG;
    for (int k = 0; k < n; k++)
        visits[k] = 0;
    int count = m->used ? m->nodes[0].tried : 0;
    for (uint32_t c = m->used ? m->nodes[0].child : 0; c; c = m->nodes[c].sibling)
        if (m->nodes[c].option < n)
            visits[m->nodes[c].option] = m->nodes[c].visits;
    return count;
}

int play_mcts_choose(play_mcts *m, const ordo_game *g, uint64_t *rng)
{
    if (!m || !g || !rng)
        return ORDO_E_ARG;
    if (ordo_size(g) != ordo_size(m->base) || ordo_player_count(g) != m->nplayers)
        return ORDO_E_ARG;
    m->used = 0; /* no tree until this search makes one */
    if (ordo_status(g) != ORDO_DECIDE || ordo_option_count(g) <= 0)
        return ORDO_E_STATE;
    if (ordo_option_count(g) == 1)
        return 0;
    if (ordo_simultaneous(g))
        return ordo_policy_random(g, rng);
    ordo_copy(m->base, g);
    ordo_set_trace(m->base, NULL, NULL);
    ordo_set_chance(m->base, NULL, NULL);
    play_deal_learn(m->deal, m->base, ordo_decider(g));
    new_node(m, 0, -1);
    uint64_t own = ((uint64_t)ordo_rng_next(rng) << 32) | ordo_rng_next(rng);
    double stop = m->s.think > 0 ? seconds_now() + m->s.think : 0;
    for (uint32_t k = 0; !m->s.playouts || k < m->s.playouts; k++) {
        if (m->used >= m->cap && k > 0)
            break; /* the pool is full */
        if (stop && (k & 15) == 0 && seconds_now() >= stop)
            break;
        playout(m, &own);
    }
    int best = most_visited(m);
    return best >= 0 ? best : ordo_policy_random(g, rng);
}

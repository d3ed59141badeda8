/* splendor_ref.c — the Splendor solo game (SPL-*) written by hand in plain
 * C: the reference for what the machine can do, benchmarked against the
 * ordo ruleset rulesets/splendor_solo.ordo (tests/bench/bench_splendor.c)
 * and checked against it seed by seed (tests/e2e/splendor_ref.sh).
 *
 * Both play the game as the ruleset's header comment settles it: the same
 * rules, the same random draws in the same order (the game generator
 * starts at the seed: the level 1, 2, 3 decks shuffled, then the nobles,
 * then the bot's d6 when SPL-B3 rolls it), the same options offered to the
 * human in the same order (its random policy, from seed ^
 * 0x5bd1e9955bd1e995, draws an option index at every decision, even of one
 * option): buy (card-id order, market and reserve), take different gems
 * (takes.csv order), take two (gem order), reserve a face-up card (card-id
 * order), reserve a deck's top (level order), pass (only when nothing
 * else); after a buy, how to pay when two or more payments are feasible
 * (payments.csv order: how much gold stands in for each colour); then one
 * decision per token returned above ten (gems in gem order, then gold),
 * and a noble's choice when two or more visit. So every seed gives the
 * same winner and final scores; any difference is a bug in one of them.
 * (A slot a card leaves is dealt again at once here, at the end of the
 * turn in the ruleset, SPL-E1's step 1: nothing in between reads the
 * market, so the cards dealt are the same.)
 *
 * The card, noble, take and payment data come from rulesets/data/splendor/
 * (cards.csv, nobles.csv, takes.csv, payments.csv), the ruleset's own
 * files, read once at start-up. A game is one fixed-size
 * struct (spl_game); nothing is allocated while playing.
 *
 *   splendor_ref [--data DIR] [--seed S] [--games N] [--variant base|easier|harder]
 *                [--extra K] [--trace] [--bench]
 * prints one line a game, `seed=S winner=W human=H bot=B rounds=R
 * decisions=D` (W: 1 the human, 0 the bot; D the human's decisions), or with --bench the games per second (of CPU
 * time) of N games from seed S and the bytes of the game state; --trace
 * adds every action of the game before its line.
 */
#include "splendor_ref.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
    WIN_AT = 15,         /* prestige that ends the game (SPL-G1) */
    ROUND_LIMIT = 100,   /* a stalled game ends, the bot winning */
    TEN = 10,            /* the human's token limit (SPL-E1) */
    GEM_START = 4,
    GOLD_START = 5,
    MAX_OPTS = 64
};

static const char *const gem_name[SPL_GEMS] = {"white", "blue", "green", "red", "black"};

/* ---- the generator: a copy of runtime/rng.c (SplitMix64, high 32 bits,
 * Lemire's unbiased draw below n), kept separate on purpose: the reference
 * does not link libordo, so it checks the runtime's draws independently. */

static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static uint32_t below(uint64_t *state, uint32_t n)
{
    if (n == 0)
        return 0;
    uint64_t m = (uint64_t)(uint32_t)(splitmix(state) >> 32) * n;
    uint32_t l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while (l < t) {
            m = (uint64_t)(uint32_t)(splitmix(state) >> 32) * n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* ---- the game state */

typedef struct spl_side {
    int8_t gems[SPL_GEMS], gold, bonus[SPL_GEMS];
    uint8_t cards;                 /* owned (bought) cards */
    uint8_t card_points, noble_points;
    uint8_t nreserved;             /* cards reserved; the bot's are worth 1 each */
    uint8_t reserved[SPL_RESERVE]; /* the human's, in the order reserved */
} spl_side;

typedef struct spl_game {
    uint64_t rng, policy;          /* the game's and the random policy's */
    spl_side human, bot;
    int8_t stock[SPL_GEMS], gold;
    uint8_t row[SPL_GEMS], nrow;   /* the stock row: colours with tokens */
    uint8_t deck[SPL_LEVELS][SPL_DECK_MAX], top[SPL_LEVELS], len[SPL_LEVELS];
    uint8_t market[SPL_LEVELS][SPL_SLOTS]; /* card ids; 0: empty */
    uint8_t nobles[SPL_IN_PLAY], nnobles;
    uint8_t round;
    uint16_t decisions;            /* the human's, counted as ordo counts them */
} spl_game;

size_t spl_state_size(void)
{
    return sizeof(spl_game);
}

/* What a game reads but does not change. */
typedef struct ctx {
    const spl_data *d;
    FILE *trace;
} ctx;

/* ---- tokens and cards */

static int tokens(const spl_side *s)
{
    int t = s->gold;
    for (int g = 0; g < SPL_GEMS; g++)
        t += s->gems[g];
    return t;
}

static int human_prestige(const spl_game *g)
{
    return g->human.card_points + g->human.noble_points;
}

/* The bot's reserved cards are worth 1 prestige each (SPL-B5). */
static int bot_prestige(const spl_game *g)
{
    return g->bot.card_points + g->bot.noble_points + g->bot.nreserved;
}

/* Takes one gem of g from the stock; an emptied colour leaves the row
 * (SPL-K1). */
static void take_gem(spl_game *g, spl_side *s, int gem)
{
    s->gems[gem]++;
    if (--g->stock[gem] > 0)
        return;
    int i = 0;
    while (g->row[i] != gem)
        i++;
    memmove(g->row + i, g->row + i + 1, (size_t)(g->nrow - i - 1));
    g->nrow--;
}

static void take_gold(spl_game *g, spl_side *s)
{
    g->gold--;
    s->gold++;
}

/* r gems of g go back: a colour that was out goes to the row's end. */
static void return_gems(spl_game *g, int gem, int r)
{
    if (r <= 0)
        return;
    if (g->stock[gem] == 0)
        g->row[g->nrow++] = (uint8_t)gem;
    g->stock[gem] = (int8_t)(g->stock[gem] + r);
}

/* The tokens s pays for card c (gems and gold), or -1 when s cannot afford
 * it. */
static int price(const spl_data *d, const spl_side *s, int c)
{
    int paid = 0, shortfall = 0;
    for (int g = 0; g < SPL_GEMS; g++) { /* without branches: the compiler's max */
        int need = d->cost[c][g] - s->bonus[g];
        need = need > 0 ? need : 0;
        int over = need - s->gems[g];
        paid += need;
        shortfall += over > 0 ? over : 0;
    }
    return shortfall <= s->gold ? paid : -1;
}

/* s owns c: its bonus and points count. */
static void own(const spl_data *d, spl_side *s, int c)
{
    s->bonus[d->bonus[c]]++;
    s->card_points = (uint8_t)(s->card_points + d->points[c]);
    s->cards++;
}

/* s pays for c (affordable): gems first, colour by colour, then gold (the
 * bot's way, SPL-B1); the tokens go back to the stock. Then s owns c. */
static void buy(const spl_data *d, spl_game *g, spl_side *s, int c)
{
    int shortfall = 0;
    for (int gem = 0; gem < SPL_GEMS; gem++) {
        int need = d->cost[c][gem] - s->bonus[gem];
        if (need <= 0)
            continue;
        int p = need < s->gems[gem] ? need : s->gems[gem];
        s->gems[gem] = (int8_t)(s->gems[gem] - p);
        return_gems(g, gem, p);
        shortfall += need - p;
    }
    s->gold = (int8_t)(s->gold - shortfall);
    g->gold = (int8_t)(g->gold + shortfall);
    own(d, s, c);
}

/* The first card of deck l (0-based), removed; 0 when it is empty. */
static int draw(spl_game *g, int l)
{
    return g->top[l] < g->len[l] ? g->deck[l][g->top[l]++] : 0;
}

/* Takes market card c off its slot, refilling the slot at once; 0 when c
 * is not on the market. */
static int take_from_market(spl_game *g, int c)
{
    for (int l = 0; l < SPL_LEVELS; l++)
        for (int i = 0; i < SPL_SLOTS; i++)
            if (g->market[l][i] == c) {
                g->market[l][i] = (uint8_t)draw(g, l);
                return 1;
            }
    return 0;
}

/* ---- setup */

static void shuffle(uint64_t *rng, uint8_t *a, int len)
{
    for (int i = len - 1; i > 0; i--) {
        uint32_t j = below(rng, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static void setup(const ctx *x, spl_game *g, uint64_t seed, int extra)
{
    const spl_data *d = x->d;
    memset(g, 0, sizeof *g);
    g->rng = seed;
    g->policy = seed ^ UINT64_C(0x5bd1e9955bd1e995);
    for (int gem = 0; gem < SPL_GEMS; gem++) {
        g->stock[gem] = GEM_START;
        g->row[gem] = (uint8_t)gem;
    }
    g->nrow = SPL_GEMS;
    g->gold = GOLD_START;
    for (int l = 0; l < SPL_LEVELS; l++) {
        memcpy(g->deck[l], d->deck0[l], d->deck0_len[l]);
        g->len[l] = d->deck0_len[l];
        shuffle(&g->rng, g->deck[l], g->len[l]);
    }
    uint8_t nobles[SPL_NOBLES];
    for (int n = 0; n < SPL_NOBLES; n++)
        nobles[n] = (uint8_t)(n + 1);
    shuffle(&g->rng, nobles, SPL_NOBLES);
    memcpy(g->nobles, nobles, SPL_IN_PLAY);
    g->nnobles = SPL_IN_PLAY;
    for (int l = 0; l < SPL_LEVELS; l++)
        for (int i = 0; i < SPL_SLOTS; i++)
            g->market[l][i] = (uint8_t)draw(g, l);
    take_gold(g, &g->bot); /* SPL-S1 */
    int c = draw(g, 0);
    if (c)
        own(d, &g->bot, c);
    for (int k = 0; k < extra; k++)
        if (draw(g, 2))
            g->bot.nreserved++; /* SPL-V1 harder */
}

/* ---- the bot (SPL-B1..B6) */

/* The best affordable market card (B1, B2), or 0. */
static int bot_choice(const spl_data *d, const spl_game *g)
{
    int best = 0, best_points = -1, best_paid = 0;
    for (int l = 0; l < SPL_LEVELS; l++)
        for (int i = 0; i < SPL_SLOTS; i++) {
            int c = g->market[l][i];
            int paid = c ? price(d, &g->bot, c) : -1;
            if (paid < 0)
                continue;
            if (d->points[c] > best_points || (d->points[c] == best_points && paid < best_paid)) {
                best = c;
                best_points = d->points[c];
                best_paid = paid;
            }
        }
    return best;
}

static void bot_reserve(const ctx *x, spl_game *g)
{
    int c = draw(g, 2);
    if (c)
        g->bot.nreserved++;
    if (x->trace)
        fprintf(x->trace, "  bot reserves %d\n", c);
}

/* Die 2..6 (B3): two of one colour, or one of up to three. Positions 2..
 * n+1 hold the row; a face whose position has closed up (a 6 whenever a
 * colour is out) is treated as 2. */
static void bot_gems(const ctx *x, spl_game *g, int die)
{
    int n = g->nrow;
    if (n == 0)
        return;
    int k = die - 2 < n ? die - 2 : 0;
    int first = g->row[k];
    if (g->stock[first] >= GEM_START) {
        take_gem(g, &g->bot, first);
        take_gem(g, &g->bot, first);
        if (x->trace)
            fprintf(x->trace, "  bot takes two %s\n", gem_name[first]);
        return;
    }
    int m = n < 3 ? n : 3, pick[3];
    for (int i = 0; i < m; i++)
        pick[i] = g->row[(k + i) % n];
    for (int i = 0; i < m; i++) {
        take_gem(g, &g->bot, pick[i]);
        if (x->trace)
            fprintf(x->trace, "  bot takes %s\n", gem_name[pick[i]]);
    }
}

static void bot_turn(const ctx *x, spl_game *g)
{
    int c = bot_choice(x->d, g);
    if (c) {
        buy(x->d, g, &g->bot, c);
        take_from_market(g, c);
        if (x->trace)
            fprintf(x->trace, "  bot buys %d\n", c);
        return;
    }
    int t = tokens(&g->bot);
    if (t <= 7) {
        int die = 1 + (int)below(&g->rng, 6);
        if (x->trace)
            fprintf(x->trace, "  bot rolls %d\n", die);
        if (die > 1)
            bot_gems(x, g, die);
        else if (g->gold > 0)
            take_gold(g, &g->bot);
        else
            bot_reserve(x, g); /* B6 */
    } else if (t <= 9) {
        if (g->gold > 0)
            take_gold(g, &g->bot); /* B4 */
    } else {
        bot_reserve(x, g); /* B5 */
    }
}

/* ---- the human: its options, in the spec's order, and the random policy */

enum { OPT_BUY, OPT_TAKE, OPT_TAKE_TWO, OPT_RESERVE, OPT_RESERVE_TOP, OPT_PASS };

typedef struct opt {
    uint8_t kind, arg;
} opt;

/* The market's cards and the human's reserved ones, in card-id order (a
 * set of ids as bits, read back lowest first: cheaper than sorting). */
static int visible_cards(const spl_game *g, uint8_t *ids)
{
    uint64_t set[2] = {0, 0}; /* ids 1..90 */
    for (int l = 0; l < SPL_LEVELS; l++)
        for (int i = 0; i < SPL_SLOTS; i++) {
            int c = g->market[l][i]; /* 0 (empty) is bit 0, never read back */
            set[c >> 6] |= UINT64_C(1) << (c & 63);
        }
    for (int r = 0; r < g->human.nreserved; r++) {
        int c = g->human.reserved[r];
        set[c >> 6] |= UINT64_C(1) << (c & 63);
    }
    set[0] &= ~UINT64_C(1);
    int n = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t b = set[w]; b; b &= b - 1)
            ids[n++] = (uint8_t)(w * 64 + __builtin_ctzll(b));
    return n;
}

static int is_reserved(const spl_side *s, int c)
{
    for (int r = 0; r < s->nreserved; r++)
        if (s->reserved[r] == c)
            return 1;
    return 0;
}

static int take_options(const spl_data *d, const spl_game *g, opt *o, int n)
{
    int avail = 0, navail = 0;
    for (int gem = 0; gem < SPL_GEMS; gem++)
        if (g->stock[gem] > 0) {
            avail |= 1 << gem;
            navail++;
        }
    int size = navail < 3 ? navail : 3;
    for (int t = 0; t < SPL_TAKES; t++)
        if (d->take_size[t] == size && (d->take_mask[t] & ~avail) == 0)
            o[n++] = (opt){OPT_TAKE, (uint8_t)t};
    for (int gem = 0; gem < SPL_GEMS; gem++)
        if (g->stock[gem] >= GEM_START)
            o[n++] = (opt){OPT_TAKE_TWO, (uint8_t)gem};
    return n;
}

static int human_options(const spl_data *d, const spl_game *g, opt *o)
{
    uint8_t ids[SPL_LEVELS * SPL_SLOTS + SPL_RESERVE];
    int nids = visible_cards(g, ids), n = 0;
    for (int i = 0; i < nids; i++)
        if (price(d, &g->human, ids[i]) >= 0)
            o[n++] = (opt){OPT_BUY, ids[i]};
    n = take_options(d, g, o, n);
    if (g->human.nreserved < SPL_RESERVE) {
        for (int i = 0; i < nids; i++)
            if (!is_reserved(&g->human, ids[i]))
                o[n++] = (opt){OPT_RESERVE, ids[i]};
        for (int l = 0; l < SPL_LEVELS; l++)
            if (g->top[l] < g->len[l])
                o[n++] = (opt){OPT_RESERVE_TOP, (uint8_t)l};
    }
    if (n == 0)
        o[n++] = (opt){OPT_PASS, 0};
    return n;
}

/* The random policy's pick among n options (it draws even when n is 1). */
static int decide(spl_game *g, int n)
{
    g->decisions++;
    return (int)below(&g->policy, (uint32_t)n);
}

static void human_reserve(spl_game *g, int c)
{
    spl_side *h = &g->human;
    h->reserved[h->nreserved++] = (uint8_t)c;
    if (g->gold > 0)
        take_gold(g, h);
}

static void trace_option(const ctx *x, opt o)
{
    const char *what[] = {"buy", "take", "take two", "reserve", "reserve the top of level",
                          "pass"};
    int arg = o.kind == OPT_RESERVE_TOP ? o.arg + 1 : o.arg;
    if (o.kind == OPT_PASS)
        fprintf(x->trace, "  human: pass\n");
    else if (o.kind == OPT_TAKE_TWO)
        fprintf(x->trace, "  human: take two %s\n", gem_name[arg]);
    else if (o.kind == OPT_TAKE) {
        fprintf(x->trace, "  human: take");
        for (int gem = 0; gem < SPL_GEMS; gem++)
            if (x->d->take_mask[arg] >> gem & 1)
                fprintf(x->trace, " %s", gem_name[gem]);
        fputc('\n', x->trace);
    } else
        fprintf(x->trace, "  human: %s %d\n", what[o.kind], arg);
}

/* The human pays for c (affordable) by the standard rules: among the
 * feasible rows of payments.csv (gold for at least what the gems lack in
 * each colour, at most what the card asks, no more than the gold held), a
 * decision when there are two or more. Then the human owns c. */
static void human_buy(const ctx *x, spl_game *g, int c)
{
    const spl_data *d = x->d;
    spl_side *h = &g->human;
    int need[SPL_GEMS];
    for (int gem = 0; gem < SPL_GEMS; gem++) {
        int n = d->cost[c][gem] - h->bonus[gem];
        need[gem] = n > 0 ? n : 0;
    }
    uint8_t feasible[SPL_PAYMENTS];
    int n = 0;
    for (int p = 0; p < SPL_PAYMENTS; p++) {
        int ok = d->pay_total[p] <= h->gold;
        for (int gem = 0; ok && gem < SPL_GEMS; gem++)
            ok = d->pay_use[p][gem] >= need[gem] - h->gems[gem] && d->pay_use[p][gem] <= need[gem];
        if (ok)
            feasible[n++] = (uint8_t)p;
    }
    int p = feasible[n > 1 ? decide(g, n) : 0];
    for (int gem = 0; gem < SPL_GEMS; gem++) {
        int r = need[gem] - d->pay_use[p][gem];
        h->gems[gem] = (int8_t)(h->gems[gem] - r);
        return_gems(g, gem, r);
    }
    h->gold = (int8_t)(h->gold - d->pay_total[p]);
    g->gold = (int8_t)(g->gold + d->pay_total[p]);
    own(d, h, c);
    if (x->trace)
        fprintf(x->trace, "  human: pays with %d gold (payment %d)\n", d->pay_total[p], p + 1);
}

static void human_apply(const ctx *x, spl_game *g, opt o)
{
    const spl_data *d = x->d;
    spl_side *h = &g->human;
    switch (o.kind) {
    case OPT_BUY:
        human_buy(x, g, o.arg);
        if (!take_from_market(g, o.arg)) {
            int r = 0;
            while (h->reserved[r] != o.arg)
                r++;
            memmove(h->reserved + r, h->reserved + r + 1, (size_t)(h->nreserved - r - 1));
            h->nreserved--;
        }
        break;
    case OPT_TAKE:
        for (int gem = 0; gem < SPL_GEMS; gem++)
            if (d->take_mask[o.arg] >> gem & 1)
                take_gem(g, h, gem);
        break;
    case OPT_TAKE_TWO:
        take_gem(g, h, o.arg);
        take_gem(g, h, o.arg);
        break;
    case OPT_RESERVE:
        take_from_market(g, o.arg);
        human_reserve(g, o.arg);
        break;
    case OPT_RESERVE_TOP:
        human_reserve(g, draw(g, o.arg));
        break;
    default: /* OPT_PASS */
        break;
    }
}

/* Down to ten tokens, one decision a token (SPL-E1): a gem colour (gem
 * order), or a gold (code SPL_GEMS). */
static void human_discard(const ctx *x, spl_game *g)
{
    spl_side *h = &g->human;
    while (tokens(h) > TEN) {
        uint8_t o[SPL_GEMS + 1];
        int n = 0;
        for (int gem = 0; gem < SPL_GEMS; gem++)
            if (h->gems[gem] > 0)
                o[n++] = (uint8_t)gem;
        if (h->gold > 0)
            o[n++] = SPL_GEMS;
        int k = o[decide(g, n)];
        if (k == SPL_GEMS) {
            h->gold--;
            g->gold++;
        } else {
            h->gems[k]--;
            return_gems(g, k, 1);
        }
        if (x->trace)
            fprintf(x->trace, "  human: return %s\n", k == SPL_GEMS ? "a gold" : gem_name[k]);
    }
}

static void human_turn(const ctx *x, spl_game *g)
{
    opt o[MAX_OPTS];
    int n = human_options(x->d, g, o);
    opt pick = o[decide(g, n)];
    if (x->trace)
        trace_option(x, pick);
    human_apply(x, g, pick);
    human_discard(x, g);
}

/* ---- end of a turn (SPL-E1): at most one noble */

static int noble_fits(const spl_data *d, const spl_side *s, int n)
{
    for (int gem = 0; gem < SPL_GEMS; gem++)
        if (s->bonus[gem] < d->noble_req[n][gem])
            return 0;
    return 1;
}

/* The nobles that would visit s (positions in g->nobles), the human
 * choosing among two or more; the one that visits leaves play. */
static void end_of_turn(const ctx *x, spl_game *g, spl_side *s)
{
    int fits[SPL_IN_PLAY], n = 0;
    for (int i = 0; i < g->nnobles; i++)
        if (noble_fits(x->d, s, g->nobles[i]))
            fits[n++] = i;
    if (n == 0)
        return;
    int i = fits[0];
    if (n > 1 && s == &g->human)
        i = fits[decide(g, n)];
    int noble = g->nobles[i];
    s->noble_points = (uint8_t)(s->noble_points + x->d->noble_points[noble]);
    memmove(g->nobles + i, g->nobles + i + 1, (size_t)(g->nnobles - i - 1));
    g->nnobles--;
    if (x->trace)
        fprintf(x->trace, "  noble %d visits the %s\n", noble, s == &g->human ? "human" : "bot");
}

/* ---- a game */

/* SPL-G1: after the bot reached 15, the human wins with more prestige, or
 * equal prestige and no more owned cards. */
static int human_wins_comparison(const spl_game *g)
{
    int h = human_prestige(g), b = bot_prestige(g);
    return h > b || (h == b && g->human.cards <= g->bot.cards);
}

spl_result spl_play_game(const spl_data *d, uint64_t seed, spl_variant variant, int extra,
                         FILE *trace)
{
    ctx x = {d, trace};
    spl_game g;
    setup(&x, &g, seed, variant == SPL_HARDER ? extra : 0);
    int winner;
    for (int round = 1;; round++) {
        g.round = (uint8_t)round;
        if (trace)
            fprintf(trace, "round %d\n", round);
        if (variant != SPL_EASIER || round > 1)
            bot_turn(&x, &g);
        end_of_turn(&x, &g, &g.bot);
        int bot_reached = bot_prestige(&g) >= WIN_AT;
        human_turn(&x, &g);
        end_of_turn(&x, &g, &g.human);
        if (bot_reached) {
            winner = human_wins_comparison(&g);
            break;
        }
        if (human_prestige(&g) >= WIN_AT) {
            winner = 1;
            break;
        }
        if (round == ROUND_LIMIT) {
            winner = 0;
            break;
        }
    }
    return (spl_result){winner, human_prestige(&g), bot_prestige(&g), g.round, g.decisions};
}

/* ---- the data files */

static int gem_index(const char *name)
{
    for (int g = 0; g < SPL_GEMS; g++)
        if (strcmp(name, gem_name[g]) == 0)
            return g;
    return -1;
}

/* A row parser: data row i (0-based) of its file into d; 0, or -1 when
 * the row is bad. */
typedef int (*row_fn)(spl_data *d, const char *line, int i);

/* cards.csv: `level,bonus,points,white,blue,green,red,black`; card i + 1. */
static int card_row(spl_data *d, const char *line, int i)
{
    char bonus[32];
    int v[7], c = i + 1;
    if (sscanf(line, "%d,%31[^,],%d,%d,%d,%d,%d,%d", &v[0], bonus, &v[1], &v[2], &v[3], &v[4],
               &v[5], &v[6]) != 8 ||
        v[0] < 1 || v[0] > SPL_LEVELS || gem_index(bonus) < 0)
        return -1;
    int l = v[0] - 1;
    if (d->deck0_len[l] == SPL_DECK_MAX)
        return -1;
    d->deck0[l][d->deck0_len[l]++] = (uint8_t)c;
    d->bonus[c] = (int8_t)gem_index(bonus);
    d->points[c] = (int8_t)v[1];
    for (int g = 0; g < SPL_GEMS; g++)
        d->cost[c][g] = (int8_t)v[2 + g];
    return 0;
}

/* nobles.csv: `points,white,blue,green,red,black`; noble i + 1. */
static int noble_row(spl_data *d, const char *line, int i)
{
    int v[6];
    if (sscanf(line, "%d,%d,%d,%d,%d,%d", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]) != 6)
        return -1;
    d->noble_points[i + 1] = (int8_t)v[0];
    for (int g = 0; g < SPL_GEMS; g++)
        d->noble_req[i + 1][g] = (int8_t)v[1 + g];
    return 0;
}

/* takes.csv: `"name",size,white,blue,green,red,black` (flags 0/1). */
static int take_row(spl_data *d, const char *line, int i)
{
    int v[6], size = 0, mask = 0;
    if (sscanf(line, "\"%*[^\"]\",%d,%d,%d,%d,%d,%d", &v[0], &v[1], &v[2], &v[3], &v[4],
               &v[5]) != 6)
        return -1;
    for (int g = 0; g < SPL_GEMS; g++) {
        mask |= (v[1 + g] != 0) << g;
        size += v[1 + g] != 0;
    }
    d->take_mask[i] = (uint8_t)mask;
    d->take_size[i] = (uint8_t)size;
    return size == v[0] ? 0 : -1;
}

/* payments.csv: `"name",total,white,blue,green,red,black` (gold a colour). */
static int payment_row(spl_data *d, const char *line, int i)
{
    int v[6], sum = 0;
    if (sscanf(line, "\"%*[^\"]\",%d,%d,%d,%d,%d,%d", &v[0], &v[1], &v[2], &v[3], &v[4],
               &v[5]) != 6)
        return -1;
    for (int g = 0; g < SPL_GEMS; g++) {
        if (v[1 + g] < 0)
            return -1;
        d->pay_use[i][g] = (int8_t)v[1 + g];
        sum += v[1 + g];
    }
    d->pay_total[i] = (int8_t)v[0];
    return sum == v[0] ? 0 : -1;
}

/* Reads dir/name: a header, then exactly `rows` rows, each through fn. 0,
 * or -1 after a message. */
static int read_csv(spl_data *d, const char *dir, const char *name, int rows, row_fn fn)
{
    char path[4096], line[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "splendor_ref: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    int n = 0, bad = !fgets(line, sizeof line, f); /* the header */
    while (!bad && fgets(line, sizeof line, f))
        bad = n++ == rows || fn(d, line, n - 1) != 0; /* n: rows read, a bad one too */
    fclose(f);
    if (bad || n != rows) {
        fprintf(stderr, "splendor_ref: %s: %s row %d (expected %d rows)\n", path,
                bad ? "bad" : "missing", bad ? n : n + 1, rows);
        return -1;
    }
    return 0;
}

int spl_load(spl_data *d, const char *dir)
{
    memset(d, 0, sizeof *d);
    if (read_csv(d, dir, "cards.csv", SPL_CARDS, card_row) ||
        read_csv(d, dir, "nobles.csv", SPL_NOBLES, noble_row) ||
        read_csv(d, dir, "takes.csv", SPL_TAKES, take_row) ||
        read_csv(d, dir, "payments.csv", SPL_PAYMENTS, payment_row))
        return -1;
    return 0;
}

#ifndef SPLENDOR_REF_LIB
/* ---- the command */

typedef struct args {
    const char *dir;
    uint64_t seed;
    long games;
    spl_variant variant;
    int extra, bench, trace;
} args;

static int usage(const char *msg, const char *arg)
{
    if (msg)
        fprintf(stderr, "splendor_ref: %s%s\n", msg, arg ? arg : "");
    fputs("usage: splendor_ref [--data DIR] [--seed S] [--games N] "
          "[--variant base|easier|harder] [--extra K] [--trace] [--bench]\n",
          stderr);
    return 2;
}

/* The value of option argv[*i]: the next word, or NULL. */
static const char *value(int argc, char **argv, int *i)
{
    return *i + 1 < argc ? argv[++*i] : NULL;
}

static int parse_args(args *a, int argc, char **argv)
{
    *a = (args){"rulesets/data/splendor", 1, 1, SPL_BASE, -1, 0, 0};
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = NULL;
        char *end = NULL;
        if (strcmp(o, "--bench") == 0)
            a->bench = 1;
        else if (strcmp(o, "--trace") == 0)
            a->trace = 1;
        else if (!(v = value(argc, argv, &i)))
            return usage("a value is missing after ", o);
        else if (strcmp(o, "--data") == 0)
            a->dir = v;
        else if (strcmp(o, "--seed") == 0)
            a->seed = strtoull(v, &end, 0);
        else if (strcmp(o, "--games") == 0)
            a->games = strtol(v, &end, 10);
        else if (strcmp(o, "--extra") == 0)
            a->extra = (int)strtol(v, &end, 10);
        else if (strcmp(o, "--variant") == 0) {
            if (strcmp(v, "base") == 0)
                a->variant = SPL_BASE;
            else if (strcmp(v, "easier") == 0)
                a->variant = SPL_EASIER;
            else if (strcmp(v, "harder") == 0)
                a->variant = SPL_HARDER;
            else
                return usage("unknown variant ", v);
        } else
            return usage("unknown option ", o);
        if (end && *end)
            return usage("bad number ", v);
    }
    if (a->games < 1)
        return usage("--games must be 1 or more", NULL);
    return 0;
}

/* The process's CPU time: on a shared machine, less disturbed by the
 * other processes than the wall clock. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    args a;
    if (parse_args(&a, argc, argv))
        return 2;
    spl_data d;
    if (spl_load(&d, a.dir))
        return 1;
    int extra = a.extra >= 0 ? a.extra : SPL_HARDER_EXTRA;
    if (a.bench) {
        long human = 0;
        double t = cpu_now();
        for (long i = 0; i < a.games; i++)
            human += spl_play_game(&d, a.seed + (uint64_t)i, a.variant, extra, NULL).winner;
        t = cpu_now() - t;
        printf("games: %ld\nhuman_wins: %ld\ncpu_seconds: %.3f\ngames_per_second: %.0f\n"
               "state_bytes: %zu\n",
               a.games, human, t, (double)a.games / t, spl_state_size());
        return 0;
    }
    for (long i = 0; i < a.games; i++) {
        uint64_t seed = a.seed + (uint64_t)i;
        spl_result r = spl_play_game(&d, seed, a.variant, extra, a.trace ? stdout : NULL);
        printf("seed=%llu winner=%d human=%d bot=%d rounds=%d decisions=%d\n",
               (unsigned long long)seed, r.winner, r.human, r.bot, r.rounds, r.decisions);
    }
    return 0;
}
#endif

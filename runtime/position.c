/* position.c — a game's position, its hash and its equality (ordo.h):
 * what decides how a game goes on, without the counters and pointers that
 * say how it got there. The parts of the block compared are the ones in
 * use: the state, the value stack up to its top, the frames, the options,
 * the escapes and the held-back effects; everything above a top is zero
 * anyway (game.c keeps it so), but is not read. */
#include <string.h>

#include "vm.h"


/* The registers that are part of a position, in one record. */
typedef struct regs {
    int32_t status, cur_step, decider, winner, nplayers;
    uint32_t pc, sp, fp, nframes;
    uint16_t nopts, nesc, npend, batch;
    uint64_t rng;
    uint32_t ran;
} regs;

static regs regs_of(const ordo_game *g)
{
    regs r;
    memset(&r, 0, sizeof r);
    r.status = g->status;
    r.cur_step = g->cur_step;
    r.decider = g->decider;
    r.winner = g->winner;
    r.nplayers = g->nplayers;
    r.pc = g->pc;
    r.sp = g->sp;
    r.fp = g->fp;
    r.nframes = g->nframes;
    r.nopts = g->nopts;
    r.nesc = g->nesc;
    r.npend = g->npend;
    r.batch = g->batch;
    r.rng = g->rng;
    r.ran = g->ran;
    return r;
}

/* The parts of g's block in use, one after the other: (offset, bytes). */
static int areas(const ordo_game *g, size_t off[6], size_t len[6])
{
    off[0] = g->off_state, len[0] = (size_t)vm_state_area(g->p);
    off[1] = g->off_stack, len[1] = (size_t)g->sp * sizeof(int32_t);
    off[2] = g->off_frames, len[2] = (size_t)g->nframes * sizeof(vm_frame);
    off[3] = g->off_opts, len[3] = (size_t)g->nopts * sizeof(vm_opt);
    off[4] = g->off_escs, len[4] = (size_t)g->nesc * sizeof(vm_esc);
    off[5] = g->off_pend, len[5] = (size_t)g->npend * sizeof(vm_pend);
    return 6;
}

/* n bytes into h eight at a time, in four lanes (the search hashes every
 * state it reaches: byte by byte, FNV-1a took a fifth of a search's time
 * through the emitted C; one lane's multiplies wait on each other): each
 * word multiplied into its lane, its high bits folded down so that every
 * byte reaches the low bits a hash table indexes by. */
static uint64_t lane(uint64_t h, const unsigned char *s)
{
    uint64_t w;
    memcpy(&w, s, 8);
    h = (h ^ w) * 0x9e3779b97f4a7c15ull;
    return h ^ (h >> 29);
}

static uint64_t hash_bytes(uint64_t h, const unsigned char *s, size_t n)
{
    uint64_t a = h, b = h ^ 0x2545f4914f6cdd1dull, c = h ^ 0x94d049bb133111ebull,
             d = h ^ 0xbf58476d1ce4e5b9ull;
    for (; n >= 32; s += 32, n -= 32) {
        a = lane(a, s);
        b = lane(b, s + 8);
        c = lane(c, s + 16);
        d = lane(d, s + 24);
    }
    for (; n >= 8; s += 8, n -= 8)
        a = lane(a, s);
    h = a ^ (b << 17 | b >> 47) ^ (c << 31 | c >> 33) ^ (d << 47 | d >> 17);
    return vm_fnv(h, s, n);
}

/* the final mix (MurmurHash3's): every bit of h reaches every bit */
static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 33);
}

uint64_t ordo_position_hash(const ordo_game *g)
{
    if (!g)
        return 0;
    regs r = regs_of(g);
    uint64_t h = hash_bytes(VM_FNV_OFFSET, (const unsigned char *)&r, sizeof r);
    size_t off[6], len[6];
    int n = areas(g, off, len);
    for (int k = 0; k < n; k++)
        h = hash_bytes(h, (const unsigned char *)g + off[k], len[k]);
    return mix(h);
}

int ordo_same_position(const ordo_game *a, const ordo_game *b)
{
    if (!a || !b || a->p != b->p)
        return 0;
    regs ra = regs_of(a), rb = regs_of(b);
    if (memcmp(&ra, &rb, sizeof ra) != 0)
        return 0;
    size_t off[6], len[6];
    int n = areas(a, off, len);
    for (int k = 0; k < n; k++)
        if (memcmp((const unsigned char *)a + off[k], (const unsigned char *)b + off[k], len[k]))
            return 0;
    return 1;
}

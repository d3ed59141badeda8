/* vm_loop.h — the body of the interpreter loop, private to runtime/vm.c.
 *
 * vm.c includes it twice: as vm_interp, which runs until the game
 * suspends, ends, returns to its base frame or fails (VM_ONE 0), and as
 * vm_step, which runs exactly one instruction (VM_ONE 1: no pairs fused,
 * and after the first instruction VM_STEPPED with the registers saved).
 * The second is what ordoc's emitted C calls for the instructions it does
 * not compile inline, and for every error, so that both paths share one
 * definition of what an instruction does (doc/internals.md, "Emitted C").
 *
 * Defined by the includer: VM_LOOP_NAME, VM_ONE, VM_FUSE.
 */
static VM_RUN_OPTIMIZE int VM_LOOP_NAME(ordo_game *g, int mode, uint32_t base, int32_t *result)
{
    const ordo_program *const p = g->p;
    const ordo_insn *const code = p->code;
    const ordo_var *const vars = p->vars;
    const ordo_proc *const procs = p->procs;
    unsigned char *const state = VM_STATE(g);
    int32_t *const stack = VM_STACK(g);
    int32_t *const stack_end = stack + p->stack_size;
    vm_frame *const frames = VM_FRAMES(g);
    const uint32_t max_frames = p->max_frames;
    const int32_t nplayers = g->nplayers;
    const uint64_t limit = g->max_steps;

    const ordo_insn *ip = code + g->pc;
    int32_t *sp = stack + g->sp;
    int32_t *fp = stack + g->fp;
    uint32_t nframes = g->nframes;
    int32_t cur_step = g->cur_step;
    /* The instruction count less the pc: steps0 + PC() instructions have
     * run, the one at ip included while its handler runs. Falling through
     * to the next instruction counts it with no add of its own; a jump, a
     * call and a return (GO) add the distance they leave behind. */
    uint64_t steps0 = g->steps + 1u - g->pc;
    uint32_t nlocals = procs[frames[nframes - 1].proc].nlocals;
    int32_t *bp = fp + nlocals; /* the lowest operand slot of this frame */
    int rc = ORDO_OK;

#define PC() ((uint32_t)(ip - code))
#define COUNT() (steps0 + PC())
/* the registers back to the block: SAVE() while the handler of ip runs,
 * SAVE_NEXT() when ip is the next instruction, not yet begun (after a
 * jump, call or return, or after the one instruction of vm_step) */
#define SAVE_AS(n)                                                                   \
    (g->pc = PC(), g->sp = (uint32_t)(sp - stack), g->fp = (uint32_t)(fp - stack),   \
     g->nframes = nframes, g->cur_step = cur_step, g->steps = (n))
#define SAVE() SAVE_AS(COUNT())
#define SAVE_NEXT() SAVE_AS(COUNT() - 1u)
/* control goes to t, which counts as one more instruction when it runs */
#define GO(t)                                                                        \
    do {                                                                             \
        const ordo_insn *go_ = (t);                                                  \
        steps0 += (uint64_t)(ip - go_) + 1u;                                         \
        ip = go_;                                                                    \
    } while (0)
#define FAIL(code_, ...)                                                             \
    do {                                                                             \
        SAVE();                                                                      \
        rc = vm_fail(g, code_, PC(), __VA_ARGS__);                                   \
        goto out;                                                                    \
    } while (0)
#define NEED(n)                                                                      \
    do {                                                                             \
        if (UNLIKELY((char *)sp - (char *)bp < (ptrdiff_t)((n) * sizeof *sp)))        \
            goto e_underflow;                                                        \
    } while (0)
#define ROOM(n)                                                                      \
    do {                                                                             \
        if (UNLIKELY(stack_end - sp < (ptrdiff_t)(n)))                               \
            goto e_overflow;                                                         \
    } while (0)
/* the same for one value, as a single compare of two pointers */
#define NEED1()                                                                      \
    do {                                                                             \
        if (UNLIKELY(sp <= bp))                                                      \
            goto e_underflow;                                                        \
    } while (0)
#define ROOM1()                                                                      \
    do {                                                                             \
        if (UNLIKELY(sp >= stack_end))                                               \
            goto e_overflow;                                                         \
    } while (0)
#define NOT_IN_EVAL()                                                                \
    do {                                                                             \
        if (UNLIKELY(mode == VM_EVAL))                                               \
            goto e_eval;                                                             \
    } while (0)
#define CHECK_LIMIT()                                                                \
    do {                                                                             \
        if (UNLIKELY(COUNT() > limit))                                               \
            goto e_limit;                                                            \
    } while (0)
/* the cell address of var v whose ndims indexes are at ix */
#define CELL(v, ix, dst)                                                             \
    do {                                                                             \
        int64_t c_ = cell_of((v), (ix), nplayers);                                   \
        if (UNLIKELY(c_ < 0)) {                                                      \
            int d_ = (int)(-1 - c_);                                                 \
            SAVE();                                                                  \
            rc = fail_index(g, PC(), (v), d_, (ix)[d_]);                             \
            goto out;                                                                \
        }                                                                            \
        (dst) = state + (v)->offset + (uint32_t)c_ * (v)->stride;                    \
    } while (0)
#define RANGE(v, x)                                                                  \
    do {                                                                             \
        if (UNLIKELY((x) < (v)->lo || (x) > (v)->hi)) {                              \
            SAVE();                                                                  \
            rc = fail_range(g, PC(), (v), (x));                                      \
            goto out;                                                                \
        }                                                                            \
    } while (0)
#define EMIT(kind, player, id, nargs, args)                                          \
    do {                                                                             \
        SAVE();                                                                      \
        vm_emit(g, kind, player, id, nargs, args);                                   \
    } while (0)

#ifdef VM_GOTO
    static const void *const labels[ORDO_OP_COUNT] = {
#define OP(n, ...) &&L_##n,
#include "opcode_list.h"
#undef OP
    };
#define CASE(n) L_##n:
#if VM_ONE
#define DISPATCH() goto stepped
#else
#define DISPATCH() goto *labels[ip->op]
#endif
#define DEFAULT() L_bad_op:
    (void)&&L_bad_op;
    goto *labels[ip->op];
#else
#define CASE(n) case ORDO_OP_##n:
#if VM_ONE
#define DISPATCH() goto stepped
#else
#define DISPATCH() goto top
#endif
#define DEFAULT() default:
#if !VM_ONE
top:
#endif
    switch (ip->op) {
#endif
#define NEXT()                                                                       \
    do {                                                                             \
        ++ip;                                                                        \
        DISPATCH();                                                                  \
    } while (0)
#define JUMP(t)                                                                      \
    do {                                                                             \
        const ordo_insn *to_ = code + (uint32_t)(t);                                 \
        if (to_ <= ip) /* a jump back: a loop, so the step limit */                  \
            CHECK_LIMIT();                                                           \
        GO(to_);                                                                     \
        DISPATCH();                                                                  \
    } while (0)
/* back to the caller's pc, locals and step (RET, RETV, HALT) */
#define POP_FRAME()                                                                  \
    do {                                                                             \
        vm_frame *f_ = &frames[--nframes];                                           \
        sp = fp;                                                                     \
        fp = stack + f_->fp;                                                         \
        cur_step = f_->step;                                                         \
        GO(code + f_->ret_pc);                                                       \
    } while (0)
#define RESUME_CALLER()                                                              \
    do {                                                                             \
        nlocals = procs[frames[nframes - 1].proc].nlocals;                           \
        bp = fp + nlocals;                                                           \
        DISPATCH();                                                                  \
    } while (0)
#define BINOP(expr)                                                                  \
    do {                                                                             \
        NEED(2);                                                                     \
        int32_t b_ = sp[-1], a_ = sp[-2];                                            \
        sp[-2] = (expr);                                                             \
        --sp;                                                                        \
        NEXT();                                                                      \
    } while (0)
/* r_ = the top two's sum, difference or product (f_: add, sub, mul), or
 * E_RANGE when it leaves int32 */
#define ARITH_TO(f_, op_, name_)                                                     \
    NEED(2);                                                                         \
    int32_t r_;                                                                      \
    if (UNLIKELY(OVERFLOWS(f_, op_, sp[-2], sp[-1], &r_)))                           \
        FAIL(ORDO_E_RANGE, "integer overflow: %ld " name_ " %ld", (long)sp[-2],       \
             (long)sp[-1])
#define ARITH(f_, op_, name_)                                                        \
    do {                                                                             \
        ARITH_TO(f_, op_, name_);                                                    \
        sp[-2] = r_;                                                                 \
        --sp;                                                                        \
        NEXT();                                                                      \
    } while (0)

    CASE(NOP) NEXT();
    CASE(PUSH) {
        ROOM1();
        *sp++ = ip->b;
        NEXT();
    }
    CASE(POP) {
        NEED1();
        --sp;
        NEXT();
    }
    CASE(DUP) {
        NEED1();
        ROOM1();
        if (VM_FUSE && (ip[1].op == ORDO_OP_JZ || ip[1].op == ORDO_OP_JNZ)) {
            /* DUP; JZ/JNZ (and, or): the branch takes the copy */
            ++ip;
            if ((sp[-1] == 0) == (ip->op == ORDO_OP_JZ))
                JUMP(ip->b);
            NEXT();
        }
        sp[0] = sp[-1];
        ++sp;
        NEXT();
    }
    /* Pairs run at once (no new instructions: the handler of the first
     * looks at the next one). LDL a; STL b copies a local (a loop's
     * element to its variable, a `let` of a local), STL a; LDL b stores a value and loads the next, a
     * compare or DUP followed by JZ or JNZ is a condition and its branch:
     * together a quarter of all instructions run. SUB; MAX (a cost less
     * what is held, not below 0) and LDL; DATA (a field of the row a local
     * holds) are another tenth in Splendor. The checks are the same,
     * in the same order, each instruction is counted, and an error in the
     * second leaves the game as the two run one by one leave it. The next
     * instruction is there: the last one never falls through (validate.c).
     * Fewer dispatches, fewer indirect jumps to predict: about 12% less
     * time a Splendor game, and 10% more with the last two; a pair's test
     * of the next instruction is a branch, which is why only the pairs
     * that come often enough are there (doc/performance.md). */
    CASE(LDL) {
        if (UNLIKELY(ip->a >= nlocals))
            goto e_local;
        ROOM1();
        int32_t v = fp[ip->a];
        if (VM_FUSE && ip[1].op == ORDO_OP_STL) {
            ++ip;
            if (UNLIKELY(ip->a >= nlocals)) {
                *sp++ = v;
                goto e_local;
            }
            fp[ip->a] = v;
            NEXT();
        }
        *sp++ = v;
        if (VM_FUSE && ip[1].op == ORDO_OP_DATA && ip[1].x == 0) {
            /* LDL; DATA of one column: a field of the row a local holds */
            ++ip;
            if (UNLIKELY((uint32_t)v >= ip->a))
                goto e_row;
            sp[-1] = p->data[(uint32_t)ip->b + (uint32_t)v];
        }
        NEXT();
    }
    CASE(INCL) {
        if (UNLIKELY(ip->a >= nlocals))
            goto e_local;
        if (UNLIKELY(fp[ip->a] == INT32_MAX))
            FAIL(ORDO_E_RANGE, "a loop counter passed %ld", (long)INT32_MAX);
        fp[ip->a]++;
        NEXT();
    }
    CASE(STL) {
        if (UNLIKELY(ip->a >= nlocals))
            goto e_local;
        NEED1();
        fp[ip->a] = sp[-1];
        if (VM_FUSE && ip[1].op == ORDO_OP_LDL) { /* the slot popped takes the load */
            ++ip;
            if (UNLIKELY(ip->a >= nlocals)) {
                --sp;
                goto e_local;
            }
            sp[-1] = fp[ip->a];
            NEXT();
        }
        --sp;
        NEXT();
    }
    CASE(LDLI) {
        NEED1();
        int64_t k = (int64_t)ip->a + sp[-1];
        if (UNLIKELY(sp[-1] < 0 || k >= (int64_t)nlocals))
            goto e_local;
        sp[-1] = fp[k];
        NEXT();
    }
    CASE(STLI) {
        NEED(2);
        int64_t k = (int64_t)ip->a + sp[-2];
        if (UNLIKELY(sp[-2] < 0 || k >= (int64_t)nlocals))
            goto e_local;
        fp[k] = sp[-1];
        sp -= 2;
        NEXT();
    }
    CASE(LDG) {
        const ordo_var *v = &vars[ip->a];
        ROOM1();
        *sp++ = vm_load(state + v->offset, v->width);
        NEXT();
    }
    CASE(STG) {
        const ordo_var *v = &vars[ip->a];
        NOT_IN_EVAL();
        NEED1();
        int32_t x = sp[-1];
        RANGE(v, x);
        vm_store(state + v->offset, v->width, x);
        --sp;
        NEXT();
    }
    CASE(LDX) {
        const ordo_var *v = &vars[ip->a];
        unsigned char *a;
        NEED(v->ndims);
        sp -= v->ndims;
        CELL(v, sp, a);
        ROOM1();
        *sp++ = vm_load(a, v->width);
        NEXT();
    }
    CASE(STX) {
        const ordo_var *v = &vars[ip->a];
        unsigned char *a;
        NOT_IN_EVAL();
        NEED(v->ndims + 1u);
        int32_t x = sp[-1];
        CELL(v, sp - 1 - v->ndims, a);
        RANGE(v, x);
        vm_store(a, v->width, x);
        sp -= v->ndims + 1u;
        NEXT();
    }
    CASE(ADD) ARITH(add, +, "+");
    CASE(SUB) {
        ARITH_TO(sub, -, "-");
        sp[-2] = r_;
        --sp;
        if (VM_FUSE && ip[1].op == ORDO_OP_MAX) {
            /* SUB; MAX: max(c, a - b), what a cost asks beyond what is held */
            ++ip;
            NEED(2);
            int32_t c_ = sp[-2];
            sp[-2] = c_ > r_ ? c_ : r_;
            --sp;
        }
        NEXT();
    }
    CASE(MUL) ARITH(mul, *, "*");
    CASE(DIV) {
        NEED(2);
        int32_t b = sp[-1], a = sp[-2];
        if (UNLIKELY(b == 0))
            FAIL(ORDO_E_DIVZERO, "%ld / 0", (long)a);
        if (UNLIKELY(b == -1 && a == INT32_MIN))
            FAIL(ORDO_E_RANGE, "integer overflow: %ld / -1", (long)a);
        sp[-2] = a / b;
        --sp;
        NEXT();
    }
    CASE(MOD) {
        NEED(2);
        int32_t b = sp[-1], a = sp[-2];
        if (UNLIKELY(b == 0))
            FAIL(ORDO_E_DIVZERO, "%ld %% 0", (long)a);
        sp[-2] = b == -1 ? 0 : a % b;
        --sp;
        NEXT();
    }
    CASE(NEG) {
        NEED1();
        if (UNLIKELY(sp[-1] == INT32_MIN))
            FAIL(ORDO_E_RANGE, "integer overflow: -(%ld)", (long)sp[-1]);
        sp[-1] = -sp[-1];
        NEXT();
    }
    CASE(NOT) {
        NEED1();
        sp[-1] = !sp[-1];
        NEXT();
    }
/* a compare; with a JZ after it, the pair (see LDL) */
#define CMPOP(expr)                                                                  \
    do {                                                                             \
        NEED(2);                                                                     \
        int32_t b_ = sp[-1], a_ = sp[-2];                                            \
        int32_t c_ = (expr);                                                         \
        if (VM_FUSE && ip[1].op == ORDO_OP_JZ) {                                          \
            ++ip;                                                                    \
            sp -= 2;                                                                 \
            if (!c_)                                                                 \
                JUMP(ip->b);                                                         \
            NEXT();                                                                  \
        }                                                                            \
        sp[-2] = c_;                                                                 \
        --sp;                                                                        \
        NEXT();                                                                      \
    } while (0)
    CASE(EQ) CMPOP(a_ == b_);
    CASE(NE) CMPOP(a_ != b_);
    CASE(LT) CMPOP(a_ < b_);
    CASE(LE) CMPOP(a_ <= b_);
    CASE(GT) CMPOP(a_ > b_);
    CASE(GE) CMPOP(a_ >= b_);
    CASE(MIN) BINOP(a_ < b_ ? a_ : b_);
    CASE(MAX) BINOP(a_ > b_ ? a_ : b_);
    CASE(ABS) {
        NEED1();
        if (UNLIKELY(sp[-1] == INT32_MIN))
            FAIL(ORDO_E_RANGE, "integer overflow: abs(%ld)", (long)sp[-1]);
        if (sp[-1] < 0)
            sp[-1] = -sp[-1];
        NEXT();
    }
    CASE(JMP) JUMP(ip->b);
    CASE(JZ) {
        NEED1();
        if (*--sp == 0)
            JUMP(ip->b);
        NEXT();
    }
    CASE(JNZ) {
        NEED1();
        if (*--sp != 0)
            JUMP(ip->b);
        NEXT();
    }
/* a frame for proc `callee` whose params are the top nparams values; the
 * caller resumes at `ret` (CALL, and BNEXT running a held-back event) */
#define ENTER(callee, ret)                                                           \
    do {                                                                             \
        const uint16_t c_ = (uint16_t)(callee);                                      \
        const ordo_proc *pr_ = &procs[c_];                                           \
        uint32_t nl_ = pr_->nlocals;                                                 \
        NEED(pr_->nparams);                                                          \
        if (UNLIKELY(nframes >= max_frames))                                         \
            FAIL(ORDO_E_STACK, "call depth %u exhausted calling %s",                 \
                 (unsigned)max_frames, pr_->name ? pr_->name : "?");                 \
        int32_t *nfp_ = sp - pr_->nparams;                                           \
        if (UNLIKELY(stack_end - nfp_ < (ptrdiff_t)nl_))                             \
            goto e_overflow;                                                         \
        while (sp < nfp_ + nl_)                                                      \
            *sp++ = 0;                                                               \
        vm_frame *f_ = &frames[nframes++];                                           \
        f_->ret_pc = (ret);                                                          \
        f_->fp = (uint32_t)(fp - stack);                                             \
        f_->proc = c_;                                                               \
        f_->step = (int16_t)cur_step;                                                \
        VM_DIRTY_FRAME(g, VM_FRAME_END(p, pr_, (uint32_t)(nfp_ - stack)), nframes); \
        fp = nfp_;                                                                   \
        nlocals = nl_;                                                               \
        bp = sp;                                                                     \
        GO(code + pr_->pc);                                                          \
        if (UNLIKELY(COUNT() - 1u > limit)) /* the CALL's count */                   \
            goto e_limit_next;                                                       \
        DISPATCH();                                                                  \
    } while (0)
    CASE(CALL) ENTER(ip->a, PC() + 1);
    CASE(RET) {
        POP_FRAME();
        if (UNLIKELY(nframes == base))
            goto returned_to_base;
        RESUME_CALLER();
    }
    CASE(RETV) {
        NEED1();
        int32_t v = sp[-1];
        POP_FRAME();
        if (UNLIKELY(nframes == base)) {
            if (result)
                *result = v;
            goto returned_to_base;
        }
        *sp++ = v;
        RESUME_CALLER();
    }
    CASE(REVEAL) {
        /* the cell's "revealed to" list: p added, everyone, or no one */
        NOT_IN_EVAL();
        const ordo_var *v = &vars[ip->a];
        const ordo_var *s = &vars[v->shown - 1];
        unsigned char *cell;
        NEED(v->ndims + 1u);
        int32_t who = sp[-1];
        if (UNLIKELY(who < -1 || who >= nplayers))
            FAIL(ORDO_E_INDEX, "revealed to %s in a %d-player game", PLAYER_WORDS(who), nplayers);
        CELL(s, sp - 1 - v->ndims, cell);
        int16_t len;
        memcpy(&len, cell, 2);
        if (ip->x == 1 || who < 0) { /* hidden again, or shown to all */
            memset(cell, 0, s->stride);
            len = 0;
            for (int32_t k = 0; ip->x == 0 && k < nplayers; k++)
                vm_store(cell + 2 + (uint32_t)(len++) * s->width, s->width, k);
        } else {
            int seen = 0;
            for (int16_t k = 0; k < len; k++)
                seen |= vm_load(cell + 2 + (uint32_t)k * s->width, s->width) == who;
            if (!seen)
                vm_store(cell + 2 + (uint32_t)(len++) * s->width, s->width, who);
        }
        memcpy(cell, &len, 2);
        /* the trace: the indexes, to whom, and what was revealed */
        int32_t args[ORDO_EVENT_MAX_ARGS] = {0};
        for (unsigned k = 0; k < v->ndims; k++)
            args[k] = sp[-1 - (int)v->ndims + (int)k];
        args[v->ndims] = ip->x == 1 ? -2 : who;
        unsigned n = v->ndims + 1u;
        if (ip->x == 0) {
            const unsigned char *vc;
            CELL(v, sp - 1 - v->ndims, vc);
            /* bit 7 of a trace event's `hide` is not an arg's: 7 args at most */
            n += vm_cell_values(v, vc, args + n, ORDO_EVENT_MAX_ARGS - 1 - n);
        }
        sp -= v->ndims + 1u;
        EMIT(ORDO_EV_REVEAL, -1, ip->a, (int)n, args);
        NEXT();
    }
    CASE(DECIDER) {
        ROOM1();
        *sp++ = g->status == ORDO_DECIDE ? g->decider : -1;
        NEXT();
    }
    CASE(CHOSEN) {
        NOT_IN_EVAL();
        NEED(ip->x + 1u);
        int32_t pl = sp[-1 - (int)ip->x];
        if (UNLIKELY(pl < 0 || pl >= nplayers))
            FAIL(ORDO_E_INDEX, "a choice by %s in a %d-player game", PLAYER_WORDS(pl), nplayers);
        EMIT(ORDO_EV_CHOSEN, pl, ip->a, ip->x, sp - ip->x);
        sp -= ip->x + 1u;
        NEXT();
    }
    CASE(REVISE) {
        if (UNLIKELY(!p->act_revise))
            FAIL(ORDO_E_STATE, "revise in a program with no revisable action");
        int32_t *flag = VM_REVISE_FLAG(g);
        if (ip->x == 1) { /* revisable(): a read, as a fn may make */
            ROOM1();
            *sp++ = *flag != 0;
            NEXT();
        }
        NOT_IN_EVAL();
        if (*flag) {
            SAVE();
            vm_undo_action(g, (const int32_t *)(const void *)VM_REVISE(g));
            EMIT(ORDO_EV_UNDO, flag[1], flag[0] - 1, 0, NULL);
            flag[0] = 0;
        }
        NEXT();
    }
    CASE(RVSAVE) {
        NOT_IN_EVAL();
        const ordo_proc *pr = &procs[frames[nframes - 1].proc];
        if (UNLIKELY(!pr->act_save || !p->act_revise || !p->act_undo))
            FAIL(ORDO_E_STATE, "RVSAVE outside a revisable action");
        memcpy(VM_REVISE(g), fp + pr->act_save - 1, p->state_size);
        VM_REVISE_FLAG(g)[0] = frames[nframes - 1].proc + 1;
        VM_REVISE_FLAG(g)[1] = pr->nparams ? fp[0] : -1; /* who took it */
        NEXT();
    }
    CASE(DEPTH) {
        ROOM1();
        int32_t n = 0;
        for (uint32_t k = 0; k < nframes; k++)
            n += frames[k].proc == ip->a;
        *sp++ = n;
        NEXT();
    }
    CASE(OUTER) {
        /* frame k runs proc frames[k].proc; its base is what the frame
         * above it saved as its caller's */
        ROOM(1);
        int32_t v = INT32_MAX;
        for (uint32_t k = nframes ? nframes - 1 : 0; k-- > 0;)
            if (frames[k].proc == ip->a) {
                v = stack[frames[k + 1].fp + ip->b];
                break;
            }
        *sp++ = v;
        NEXT();
    }
    CASE(STEP) {
        NOT_IN_EVAL();
        ROOM1();
        *sp++ = cur_step;
        cur_step = ip->a;
        EMIT(ORDO_EV_STEP, -1, ip->a, 0, NULL);
        NEXT();
    }
    CASE(STEPEND) {
        NOT_IN_EVAL();
        NEED1();
        int32_t s = *--sp;
        if (UNLIKELY(s < -1 || s >= (int32_t)p->nsteps))
            FAIL(ORDO_E_STACK, "STEPEND found %ld on the stack, not a step", (long)s);
        cur_step = s;
        NEXT();
    }
    CASE(SKIP) {
        NOT_IN_EVAL();
        EMIT(ORDO_EV_SKIP, -1, ip->a, 0, NULL);
        NEXT();
    }
    CASE(ROLL) {
        NOT_IN_EVAL();
        NEED1();
        int32_t n = sp[-1], sides = ip->a;
        if (UNLIKELY(n < 0 || (int64_t)n * sides > INT32_MAX))
            FAIL(ORDO_E_RANGE, "roll %ld d%ld: bad number of dice", (long)n, (long)sides);
        int32_t sum = g->chance ? g->chance(g->chance_ctx, g, n, sides) : -1;
        if (sum == -1) {
            sum = 0;
            for (int32_t k = 0; k < n; k++)
                sum += 1 + (int32_t)ordo_rng_below(&g->rng, (uint32_t)sides);
        } else if (UNLIKELY(sum < n || sum > n * sides)) {
            FAIL(ORDO_E_RANGE, "roll %ldd%ld: a forced total of %ld, not %ld..%ld",
                 (long)n, (long)sides, (long)sum, (long)n, (long)n * sides);
        }
        steps0 += (uint64_t)n;
        sp[-1] = sum;
        int32_t args[3] = {n, sides, sum};
        EMIT(ORDO_EV_ROLL, -1, 0, 3, args);
        NEXT();
    }
    CASE(NPLAYERS) {
        ROOM1();
        *sp++ = nplayers;
        NEXT();
    }
    CASE(TURN) {
        NOT_IN_EVAL();
        NEED1();
        int32_t pl = sp[-1];
        if (UNLIKELY(pl < 0 || pl >= nplayers))
            FAIL(ORDO_E_INDEX, "turn of %s in a %d-player game", PLAYER_WORDS(pl), nplayers);
        const ordo_var *va = &vars[0], *vt = &vars[1];
        unsigned char *a = state + vt->offset + (uint32_t)pl * vt->stride;
        int32_t t = vm_load(a, vt->width);
        if (UNLIKELY(t >= vt->hi))
            FAIL(ORDO_E_RANGE, "turns[player %ld] = %ld: the value is not in %ld..%ld",
                 (long)pl + 1, (long)t + 1, (long)vt->lo, (long)vt->hi);
        vm_store(state + va->offset, va->width, pl);
        vm_store(a, vt->width, t + 1);
        --sp;
        EMIT(ORDO_EV_TURN, pl, 0, 0, NULL);
        NEXT();
    }
    CASE(ELIM) {
        NOT_IN_EVAL();
        NEED1();
        int32_t pl = sp[-1];
        if (UNLIKELY(pl < 0 || pl >= nplayers))
            FAIL(ORDO_E_INDEX, "eliminate %s in a %d-player game", PLAYER_WORDS(pl), nplayers);
        const ordo_var *vi = &vars[2];
        vm_store(state + vi->offset + (uint32_t)pl * vi->stride, vi->width, 0);
        --sp;
        EMIT(ORDO_EV_ELIMINATE, pl, 0, 0, NULL);
        NEXT();
    }
    CASE(SORTP) {
        uint32_t n = (uint32_t)nplayers, ka = ip->a, kb = (uint32_t)ip->b;
        if (UNLIKELY(ka + n > nlocals || kb + n > nlocals))
            goto e_local;
        int32_t key[128];
        int32_t *o = fp + kb;
        memcpy(key, fp + ka, n * sizeof *key);
        for (uint32_t i = 0; i < n; i++) {
            int32_t k = key[i];
            uint32_t j = i;
            if (ip->x) {
                while (j > 0 && key[o[j - 1]] < k) {
                    o[j] = o[j - 1];
                    j--;
                }
            } else {
                while (j > 0 && key[o[j - 1]] > k) {
                    o[j] = o[j - 1];
                    j--;
                }
            }
            o[j] = (int32_t)i;
        }
        NEXT();
    }
    CASE(SEAT) {
        NEED1();
        int32_t pl = sp[-1];
        if (UNLIKELY(pl < 0 || pl >= nplayers))
            FAIL(ORDO_E_INDEX, "seat of %s in a %d-player game", PLAYER_WORDS(pl), nplayers);
        const ordo_var *vs = &vars[ip->a];
        int32_t first = vm_load(state + vs->offset, vs->width);
        if (UNLIKELY(first < 0 || first >= nplayers))
            FAIL(ORDO_E_INDEX, "the start player is %s in a %d-player game",
                 PLAYER_WORDS(first), nplayers);
        sp[-1] = 1 + (pl - first + nplayers) % nplayers;
        NEXT();
    }
    CASE(ROTATE) {
        NOT_IN_EVAL();
        /* seats are fixed: player k+1 sits clockwise (to the left) of k */
        const ordo_var *vs = &vars[ip->a], *vi = &vars[2];
        int32_t first = vm_load(state + vs->offset, vs->width);
        if (UNLIKELY(first < 0 || first >= nplayers))
            FAIL(ORDO_E_INDEX, "the start player is %s in a %d-player game",
                 PLAYER_WORDS(first), nplayers);
        for (int32_t k = 1; k < nplayers; k++) {
            int32_t q = (first + k) % nplayers;
            if (vm_load(state + vi->offset + (uint32_t)q * vi->stride, vi->width)) {
                vm_store(state + vs->offset, vs->width, q);
                break;
            }
        }
        NEXT();
    }
    CASE(OPTS) {
        NOT_IN_EVAL();
        VM_CLEAR_OPTS(g);
        NEXT();
    }
    CASE(OFFER) {
        NOT_IN_EVAL();
        NEED1();
        uint32_t n = g->nopts;
        if (UNLIKELY(n >= p->max_options))
            goto e_options;
        vm_opt *o = &VM_OPTS(g)[n];
        o->id = ip->a;
        o->kind = VM_OPT_PARAM;
        o->param = *--sp;
        g->nopts = (uint16_t)(n + 1);
        NEXT();
    }
    CASE(OFFERN) {
        NOT_IN_EVAL();
        uint32_t n = g->nopts;
        if (UNLIKELY(n >= p->max_options))
            goto e_options;
        vm_opt *o = &VM_OPTS(g)[n];
        o->id = ip->a;
        o->kind = VM_OPT_PLAIN;
        o->param = 0;
        g->nopts = (uint16_t)(n + 1);
        NEXT();
    }
    CASE(WAIT) {
        if (UNLIKELY(mode != VM_MAIN))
            FAIL(ORDO_E_STATE, "a decision in %s",
                 mode == VM_EXEC ? "code run by ordo_exec (setup)" : "a fn (ordo_eval)");
        NEED1();
        int32_t d = *--sp;
        if (UNLIKELY(d < 0 || d >= nplayers))
            FAIL(ORDO_E_INDEX, "a decision by %s in a %d-player game", PLAYER_WORDS(d),
                 nplayers);
        vm_opt *opts = VM_OPTS(g);
        const vm_esc *esc = VM_CESCS(g);
        uint32_t n = g->nopts;
        for (uint32_t k = g->nesc; k-- > 0;) {
            if (esc[k].player != d)
                continue;
            const char *label = p->escapes[esc[k].id].label;
            uint32_t i;
            for (i = 0; i < n; i++)
                if (vm_label_eq(g, &opts[i], label))
                    break;
            if (i < n)
                continue;
            if (UNLIKELY(n >= p->max_options))
                goto e_options;
            opts[n].id = esc[k].id;
            opts[n].kind = VM_OPT_ESCAPE;
            opts[n].param = (int32_t)k;
            n++;
        }
        g->nopts = (uint16_t)n;
        if (UNLIKELY(n == 0))
            FAIL(ORDO_E_NOOPTION, "player %ld has no legal option", (long)d + 1);
        if (ip->x == 3 && n == 1 && opts[0].kind != VM_OPT_ESCAPE) {
            /* a window with nothing to take, a payment with one way left:
             * no decision, as if the one option were chosen, untraced */
            vm_opt o = opts[0];
            VM_CLEAR_OPTS(g);
            if (o.kind == VM_OPT_PARAM) {
                ROOM1();
                *sp++ = o.param;
            }
            JUMP(p->options[o.id].target);
        }
        CHECK_LIMIT();
        SAVE();
        g->decider = d;
        g->secret = (uint8_t)(ip->x == 3 ? 0 : ip->x); /* 1 secret, 2 simultaneous (and secret) */
        rc = g->status = ORDO_DECIDE;
        goto out;
    }
    CASE(ESC) {
        NOT_IN_EVAL();
        NEED1();
        int32_t pl = sp[-1];
        if (UNLIKELY(pl < -1 || pl >= nplayers))
            FAIL(ORDO_E_INDEX, "escape by %s in a %d-player game", PLAYER_WORDS(pl), nplayers);
        uint32_t n = g->nesc, pos = (uint32_t)ip->b;
        if (UNLIKELY(n >= p->max_escapes))
            FAIL(ORDO_E_STACK, "more than %u escapes open", (unsigned)p->max_escapes);
        if (UNLIKELY(pos > n))
            FAIL(ORDO_E_STACK, "escape %u of a scope with only %u open", (unsigned)pos,
                 (unsigned)n);
        --sp;
        vm_esc *e = &VM_ESCS(g)[n];
        e->id = ip->a;
        e->step = (int16_t)cur_step;
        e->player = pl;
        e->sp = (uint32_t)(sp - stack);
        e->fp = (uint32_t)(fp - stack);
        e->nframes = (uint16_t)nframes;
        e->scope_base = (uint16_t)(n - pos);
        e->npend = g->npend;
        e->batch = g->batch;
        g->nesc = (uint16_t)(n + 1);
        if (g->nesc > g->dirty_esc)
            g->dirty_esc = g->nesc;
        NEXT();
    }
    CASE(UNESC) {
        NOT_IN_EVAL();
        if (UNLIKELY(ip->x > g->nesc))
            FAIL(ORDO_E_STACK, "closing %u escapes, %u open", (unsigned)ip->x,
                 (unsigned)g->nesc);
        g->nesc = (uint16_t)(g->nesc - ip->x);
        NEXT();
    }
    CASE(EMIT) {
        NOT_IN_EVAL();
        NEED(ip->x);
        sp -= ip->x;
        EMIT(ORDO_EV_EVENT, -1, ip->a, ip->x, sp);
        NEXT();
    }
    CASE(TRIG) {
        NOT_IN_EVAL();
        int32_t timing = ip->x;
        if (timing == 0)
            EMIT(ORDO_EV_OVERRIDE, -1, ip->a, 0, NULL);
        else
            EMIT(ORDO_EV_TRIGGER, -1, ip->a, 1, &timing);
        NEXT();
    }
    CASE(WINDOW) {
        NOT_IN_EVAL();
        NEED1();
        int32_t pl = sp[-1];
        if (UNLIKELY(pl < 0 || pl >= nplayers))
            FAIL(ORDO_E_INDEX, "a window for %s in a %d-player game", PLAYER_WORDS(pl), nplayers);
        --sp;
        EMIT(ip->x ? ORDO_EV_WINDOW_END : ORDO_EV_WINDOW, pl, ip->a, 0, NULL);
        NEXT();
    }
    CASE(LOG) {
        NOT_IN_EVAL();
        NEED(ip->x);
        sp -= ip->x;
        EMIT(ORDO_EV_LOG, -1, ip->a, ip->x, sp);
        NEXT();
    }
    CASE(SHOW) {
        /* only ordo_display runs display code, in eval mode */
        if (UNLIKELY(mode != VM_EVAL))
            FAIL(ORDO_E_STATE, "show outside a display");
        NEED(ip->x);
        sp -= ip->x;
        /* a show has no player: the field says whether the line goes on */
        EMIT(ORDO_EV_LOG, ip->b ? 1 : -1, ip->a, ip->x, sp);
        NEXT();
    }
    CASE(ASSERT) {
        NEED1();
        if (UNLIKELY(*--sp == 0))
            FAIL(ip->x == 2 ? ORDO_E_BOUND : ip->x ? ORDO_E_DENIED : ORDO_E_ASSERT, "%s",
                 p->texts[ip->a].text);
        NEXT();
    }
    CASE(ACT) {
        NOT_IN_EVAL();
        const ordo_var *acting = &vars[p->act_first];
        unsigned char *cnt = state + acting->offset;
        uint32_t from = vm_action_save_from(p), bytes = p->state_size - from;
        if (UNLIKELY(ip->b + (bytes + 3u) / 4u > nlocals))
            FAIL(ORDO_E_STACK, "ACT: no room for the per-action block in the frame");
        int32_t *saved = fp + ip->b;
        if (ip->x == 0) {
            const ordo_event_decl *ev = &p->events[ip->a];
            EMIT(ORDO_EV_ACTION, ev->nparams ? fp[0] : -1, ip->a, ev->nparams, fp);
            memcpy(saved, state + from, bytes);
            if (p->act_revise) /* "until the next one begins" (CWC-3.0.7) */
                *VM_REVISE_FLAG(g) = 0;
            SAVE();
            vm_reset_action(g);
            int32_t n = vm_load(cnt, acting->width) + 1;
            RANGE(acting, n);
            vm_store(cnt, acting->width, n);
            vm_store(state + vars[p->act_first + 1].offset, vars[p->act_first + 1].width,
                     (int32_t)ip->a + 1);
        } else if (ip->x == 1) {
            vm_store(cnt, acting->width, vm_load(cnt, acting->width) - 1);
        } else {
            EMIT(ORDO_EV_ACTION_END, fp[0], ip->a, 0, NULL);
            vm_restore_action(g, saved);
        }
        NEXT();
    }
    CASE(UNDO) {
        /* `undo` in an action's body (or a short pay of a tentative one):
         * the state as at its start (but the `kept` vars), and the
         * action's frame goes as at a RET */
    undo_frame:
        NOT_IN_EVAL();
        const ordo_proc *pr = &procs[frames[nframes - 1].proc];
        if (UNLIKELY(!pr->act_save || !p->act_undo))
            FAIL(ORDO_E_STATE, "undo outside an action's body");
        SAVE();
        vm_undo_action(g, fp + pr->act_save - 1);
        EMIT(ORDO_EV_UNDO, nlocals ? fp[0] : -1, frames[nframes - 1].proc, 0, NULL);
        POP_FRAME();
        if (UNLIKELY(nframes == base))
            goto returned_to_base;
        RESUME_CALLER();
    }
    CASE(PAY) {
        NOT_IN_EVAL();
        const ordo_var *v = &vars[ip->a];
        NEED(v->ndims + 1u);
        int32_t amount = sp[-1];
        unsigned char *a;
        CELL(v, sp - 1 - v->ndims, a);
        int32_t held = vm_load(a, v->width);
        if (UNLIKELY(amount < 0))
            FAIL(ORDO_E_RANGE, "pay %ld from %s: a payment cannot be negative", (long)amount,
                 var_name(v));
        if (UNLIKELY(held < amount)) {
            if (ip->x) /* a tentative action's own pay: undo the action */
                goto undo_frame;
            FAIL(ORDO_E_DENIED, "pay %ld from %s: only %ld held", (long)amount, var_name(v),
                 (long)held);
        }
        RANGE(v, held - amount);
        vm_store(a, v->width, held - amount);
        int32_t args[3] = {amount, v->ndims > 0 ? sp[-1 - (int)v->ndims] : 0,
                           v->ndims > 1 ? sp[-2] : 0};
        int who = v->ndims > 0 && v->dim_kind[0] == ORDO_DIM_PLAYER ? args[1] : -1;
        sp -= v->ndims + 1u;
        EMIT(ORDO_EV_PAY, who, ip->a, 1 + v->ndims, args);
        NEXT();
    }
/* a fresh pending entry of this instruction (its id = ip->a) in `dst` */
#define NEW_PEND(kind_, dst)                                                         \
    do {                                                                             \
        if (UNLIKELY(g->npend >= p->max_pending))                                    \
            FAIL(ORDO_E_STACK, "more than %u effects held back by a batch",          \
                 (unsigned)p->max_pending);                                          \
        (dst) = &VM_PEND(g)[g->npend++];                                             \
        if (g->npend > g->dirty_pend)                                                \
            g->dirty_pend = g->npend;                                                \
        memset((dst), 0, sizeof *(dst));                                             \
        (dst)->kind = (kind_);                                                       \
        (dst)->id = ip->a;                                                           \
    } while (0)
    CASE(ADDD) {
        NOT_IN_EVAL();
        const ordo_var *v = &vars[ip->a];
        NEED(v->ndims + 1u);
        int32_t add = sp[-1];
        unsigned char *a;
        CELL(v, sp - 1 - v->ndims, a);
        sp -= v->ndims + 1u;
        if (g->batch && add > 0) { /* received: usable when the batch ends */
            uint32_t off = (uint32_t)(a - state);
            vm_pend *pd = VM_PEND(g);
            uint32_t k = g->npend;
            while (k-- > 0)
                if (pd[k].kind == VM_PEND_GAIN && pd[k].id == ip->a && pd[k].off == off)
                    break;
            if (k == UINT32_MAX) {
                vm_pend *e;
                NEW_PEND(VM_PEND_GAIN, e);
                e->off = off;
                k = (uint32_t)(e - pd);
            }
            int64_t sum = (int64_t)pd[k].args[0] + add;
            if (UNLIKELY(sum > INT32_MAX))
                FAIL(ORDO_E_RANGE, "%s: the amount received overflows", var_name(v));
            pd[k].args[0] = (int32_t)sum;
            NEXT();
        }
        int64_t n = (int64_t)vm_load(a, v->width) + add;
        if (UNLIKELY(n < v->lo || n > v->hi))
            FAIL(ORDO_E_RANGE, "%s = %lld: the value is not in %ld..%ld", var_name(v),
                 (long long)n, (long)v->lo, (long)v->hi);
        vm_store(a, v->width, (int32_t)n);
        NEXT();
    }
    CASE(EMITB) {
        NOT_IN_EVAL();
        if (!g->batch)
            NEXT();
        NEED(ip->x);
        vm_pend *pd;
        NEW_PEND(VM_PEND_EVENT, pd);
        pd->nargs = ip->x;
        sp -= ip->x;
        memcpy(pd->args, sp, (size_t)ip->x * sizeof(int32_t));
        JUMP(ip->b);
    }
    CASE(BATCH) {
        NOT_IN_EVAL();
        if (UNLIKELY(ip->a + 1u >= nlocals))
            FAIL(ORDO_E_STACK, "BATCH: local %u is not in the frame", (unsigned)ip->a);
        if (ip->x == 0) {
            fp[ip->a] = g->npend;
            fp[ip->a + 1] = g->npend;
            g->batch++;
            EMIT(ORDO_EV_BATCH, -1, 0, 0, NULL);
            NEXT();
        }
        if (--g->batch)
            NEXT(); /* nested: the outermost batch applies it all */
        /* the gains arrive together; the events wait for BNEXT */
        vm_pend *pd = VM_PEND(g);
        uint32_t base = (uint32_t)fp[ip->a], keep = base;
        int32_t counts[2] = {0, 0};
        if (UNLIKELY(base > g->npend))
            FAIL(ORDO_E_STACK, "BATCH: a corrupt pending list");
        for (uint32_t k = base; k < g->npend; k++) {
            if (pd[k].kind == VM_PEND_EVENT) {
                pd[keep++] = pd[k];
                continue;
            }
            const ordo_var *v = &vars[pd[k].id];
            unsigned char *a = state + pd[k].off;
            int64_t n = (int64_t)vm_load(a, v->width) + pd[k].args[0];
            if (UNLIKELY(n < v->lo || n > v->hi))
                FAIL(ORDO_E_RANGE, "%s = %lld at the end of a batch: the value is not in %ld..%ld",
                     var_name(v), (long long)n, (long)v->lo, (long)v->hi);
            vm_store(a, v->width, (int32_t)n);
            counts[0]++;
        }
        g->npend = (uint16_t)keep;
        counts[1] = (int32_t)(keep - base);
        fp[ip->a + 1] = (int32_t)base;
        EMIT(ORDO_EV_BATCH_END, -1, 0, 2, counts);
        NEXT();
    }
    CASE(BNEXT) {
        if (g->batch)
            JUMP(ip->b); /* inside another batch: it runs them at its end */
        if (UNLIKELY(ip->a + 1u >= nlocals))
            FAIL(ORDO_E_STACK, "BNEXT: local %u is not in the frame", (unsigned)ip->a);
        uint32_t cur = (uint32_t)fp[ip->a + 1];
        if (cur >= g->npend) {
            g->npend = (uint16_t)fp[ip->a];
            JUMP(ip->b);
        }
        fp[ip->a + 1] = (int32_t)cur + 1;
        const vm_pend *pd = &VM_PEND(g)[cur];
        const ordo_event_decl *ev = &p->events[pd->id];
        if (!ev->dispatch) {
            EMIT(ORDO_EV_EVENT, -1, pd->id, pd->nargs, pd->args);
            GO(ip); /* this instruction again */
            DISPATCH();
        }
        ROOM(pd->nargs);
        memcpy(sp, pd->args, (size_t)pd->nargs * sizeof(int32_t));
        sp += pd->nargs;
        ENTER(ev->dispatch - 1, PC()); /* back to this BNEXT for the next one */
    }
    CASE(END) {
        if (UNLIKELY(mode != VM_MAIN))
            FAIL(ORDO_E_STATE, "end game in %s",
                 mode == VM_EXEC ? "code run by ordo_exec (setup)" : "a fn (ordo_eval)");
        int32_t w = -1;
        if (ip->x) {
            NEED1();
            w = *--sp;
            if (UNLIKELY(w < -1 || w >= nplayers))
                FAIL(ORDO_E_INDEX, "winner %s in a %d-player game", PLAYER_WORDS(w), nplayers);
        }
        g->winner = w;
        g->end_reason = (uint16_t)ip->a;
        g->end_limit = (uint8_t)ip->b;
        int32_t lim = ip->b;
        EMIT(ORDO_EV_END, w, ip->a, ip->a ? 1 : 0, &lim);
        rc = g->status = ORDO_OVER;
        goto out;
    }
    /* ---- lists: a cell is an int16 length, then cap elements */
#define LIST(extra)                                                                  \
    const ordo_var *v = &vars[ip->a];                                                \
    unsigned char *cell;                                                             \
    NEED(v->ndims + (extra));                                                        \
    CELL(v, sp - (extra) - v->ndims, cell);                                          \
    int16_t len;                                                                     \
    memcpy(&len, cell, 2);                                                           \
    unsigned char *elems = cell + 2;                                                 \
    const unsigned w = v->width
#define SETLEN(n)                                                                    \
    do {                                                                             \
        int16_t l_ = (int16_t)(n);                                                   \
        memcpy(cell, &l_, 2);                                                        \
    } while (0)
#define POSITION(pos)                                                                \
    do {                                                                             \
        if (UNLIKELY(len == 0))                                                      \
            FAIL(ORDO_E_LIST, "%s is empty (position %ld)", var_name(v), (long)(pos)); \
        if (UNLIKELY((pos) < 1 || (pos) > len))                                      \
            FAIL(ORDO_E_INDEX, "%s: position %ld is not in 1..%d", var_name(v),       \
                 (long)(pos), len);                                                  \
    } while (0)
    CASE(LLEN) {
        LIST(0);
        (void)elems;
        (void)w;
        sp -= v->ndims;
        ROOM1();
        *sp++ = len;
        NEXT();
    }
    CASE(LGET) {
        LIST(1);
        int32_t pos = sp[-1];
        POSITION(pos);
        sp -= v->ndims + 1u;
        *sp++ = vm_load(elems + (uint32_t)(pos - 1) * w, w);
        NEXT();
    }
    CASE(LSET) {
        NOT_IN_EVAL();
        LIST(2);
        int32_t x = sp[-1], pos = sp[-2];
        POSITION(pos);
        RANGE(v, x);
        vm_store(elems + (uint32_t)(pos - 1) * w, w, x);
        sp -= v->ndims + 2u;
        NEXT();
    }
    CASE(LADD) {
        NOT_IN_EVAL();
        LIST(1);
        int32_t x = sp[-1];
        if (UNLIKELY(len >= v->cap))
            FAIL(ORDO_E_LIST, "%s is full (%u elements)", var_name(v), (unsigned)v->cap);
        RANGE(v, x);
        vm_store(elems + (uint32_t)len * w, w, x);
        SETLEN(len + 1);
        sp -= v->ndims + 1u;
        NEXT();
    }
    CASE(LREM) {
        NOT_IN_EVAL();
        LIST(1);
        int32_t x = sp[-1];
        int32_t k;
        for (k = 0; k < len; k++)
            if (vm_load(elems + (uint32_t)k * w, w) == x)
                break;
        if (UNLIKELY(k == len))
            FAIL(ORDO_E_LIST, "remove %ld from %s: not in the list", (long)x, var_name(v));
        memmove(elems + (uint32_t)k * w, elems + (uint32_t)(k + 1) * w,
                (size_t)(len - 1 - k) * w);
        memset(elems + (uint32_t)(len - 1) * w, 0, w);
        SETLEN(len - 1);
        sp -= v->ndims + 1u;
        NEXT();
    }
    CASE(LREMAT) {
        NOT_IN_EVAL();
        LIST(1);
        int32_t pos = sp[-1];
        POSITION(pos);
        memmove(elems + (uint32_t)(pos - 1) * w, elems + (uint32_t)pos * w,
                (size_t)(len - pos) * w);
        memset(elems + (uint32_t)(len - 1) * w, 0, w);
        SETLEN(len - 1);
        sp -= v->ndims + 1u;
        NEXT();
    }
    CASE(LHAS) {
        LIST(1);
        int32_t x = sp[-1];
        int32_t found = 0;
        for (int32_t k = 0; k < len && !found; k++)
            found = vm_load(elems + (uint32_t)k * w, w) == x;
        sp -= v->ndims + 1u;
        *sp++ = found;
        NEXT();
    }
    CASE(LCLR) {
        NOT_IN_EVAL();
        LIST(0);
        memset(elems, 0, (size_t)len * w);
        SETLEN(0);
        sp -= v->ndims;
        NEXT();
    }
    CASE(LSHUF) {
        NOT_IN_EVAL();
        LIST(0);
        int draws = g->chance && g->chance_draws;
        for (int32_t i = len - 1; i > 0; i--) {
            int32_t forced = draws ? g->chance(g->chance_ctx, g, ORDO_CHANCE_DRAW, i + 1) : -1;
            if (UNLIKELY(forced < -1 || forced > i))
                FAIL(ORDO_E_RANGE, "shuffle: a forced draw of %ld, not 0..%ld", (long)forced,
                     (long)i);
            uint32_t j = forced >= 0 ? (uint32_t)forced
                                     : ordo_rng_below(&g->rng, (uint32_t)i + 1);
            int32_t a = vm_load(elems + (uint32_t)i * w, w);
            int32_t b = vm_load(elems + j * w, w);
            vm_store(elems + (uint32_t)i * w, w, b);
            vm_store(elems + j * w, w, a);
        }
        steps0 += (uint64_t)len;
        sp -= v->ndims;
        NEXT();
    }
    /* ---- sets: a cell is ORDO_SET_WORDS(cap) words, bit k = member lo + k */
#define SET(extra)                                                                   \
    const ordo_var *v = &vars[ip->a];                                                \
    unsigned char *cell;                                                             \
    NEED(v->ndims + (extra));                                                        \
    CELL(v, sp - (extra) - v->ndims, cell)
    CASE(SADD) {
        NOT_IN_EVAL();
        SET(1);
        int32_t x = sp[-1];
        RANGE(v, x);
        vm_set_put(cell, (uint32_t)(x - v->lo), 1);
        sp -= v->ndims + 1u;
        NEXT();
    }
    CASE(SREM) {
        NOT_IN_EVAL();
        SET(1);
        int32_t x = sp[-1];
        if (UNLIKELY(x < v->lo || x > v->hi || !vm_set_has(cell, (uint32_t)(x - v->lo))))
            FAIL(ORDO_E_LIST, "remove %ld from %s: not in the set", (long)x, var_name(v));
        vm_set_put(cell, (uint32_t)(x - v->lo), 0);
        sp -= v->ndims + 1u;
        NEXT();
    }
    CASE(SHAS) {
        SET(1);
        int32_t x = sp[-1];
        /* a value outside the domain (a table's none) is in no set */
        int32_t in = x >= v->lo && x <= v->hi && vm_set_has(cell, (uint32_t)(x - v->lo));
        sp -= v->ndims + 1u;
        *sp++ = in;
        NEXT();
    }
    CASE(SCLR) {
        NOT_IN_EVAL();
        SET(0);
        memset(cell, 0, v->stride);
        sp -= v->ndims;
        NEXT();
    }
    CASE(SLEN) {
        SET(0);
        sp -= v->ndims;
        ROOM1();
        *sp++ = (int32_t)vm_set_count(cell, v->cap);
        NEXT();
    }
    CASE(SNEXT) {
        SET(1);
        int32_t m = vm_set_next(cell, v->cap, (int64_t)sp[-1] - v->lo + 1);
        sp -= v->ndims + 1u;
        if (m < 0)
            JUMP(ip->b);
        *sp++ = v->lo + m;
        NEXT();
    }
#undef SET
    CASE(DATA) {
        /* a field of a data table: the row must be a row, not none */
        if (ip->x == 0) {
            /* one column: validate.c saw b + a <= ndata, so row < a is
             * all there is to check */
            NEED1();
            int32_t row = sp[-1];
            if (UNLIKELY((uint32_t)row >= ip->a))
                goto e_row;
            sp[-1] = p->data[(uint32_t)ip->b + (uint32_t)row];
            NEXT();
        }
        NEED(1u + ip->x);
        int32_t row = sp[-1 - (int)ip->x];
        int64_t m = ip->x ? sp[-1] : 0;
        if (UNLIKELY(row < 0 || row >= (int32_t)ip->a || m < 0 ||
                     (uint64_t)ip->b + (uint64_t)m * ip->a + (uint64_t)row >= p->ndata))
            FAIL(ORDO_E_INDEX, "a table's field read %s", row < 0 ? "of none" : "outside the table");
        sp -= ip->x;
        sp[-1] = p->data[(uint64_t)ip->b + (uint64_t)m * ip->a + (uint64_t)row];
        NEXT();
    }
    CASE(HALT) {
        if (UNLIKELY(mode == VM_MAIN))
            FAIL(ORDO_E_STATE, "HALT outside ordo_exec/ordo_eval");
        if (result)
            *result = sp > bp ? sp[-1] : 0;
        /* leave as a RET to the base would: the frames of this run go */
        uint64_t ran = COUNT();
        while (nframes > base)
            POP_FRAME();
        steps0 = ran + 1u - PC(); /* counted once, as one return */
        goto done;
    }
    DEFAULT() {
        FAIL(ORDO_E_OPCODE, "unknown instruction %u", (unsigned)ip->op);
    }
#ifndef VM_GOTO
    }
#endif

/* the first frame returned: from the main run, the game is over */
returned_to_base:
    if (mode == VM_MAIN) {
        g->winner = -1;
        SAVE_NEXT();
        vm_emit(g, ORDO_EV_END, -1, 0, 0, NULL);
        rc = g->status = ORDO_OVER;
    }
    goto done;
e_underflow:
    FAIL(ORDO_E_STACK, "value stack underflow");
e_overflow:
    FAIL(ORDO_E_STACK, "value stack (%u slots) exhausted", (unsigned)p->stack_size);
e_local:
    FAIL(ORDO_E_STACK, "local slot out of the frame (%u locals)", (unsigned)nlocals);
e_options:
    FAIL(ORDO_E_STACK, "more than %u options in one decision", (unsigned)p->max_options);
e_row: /* DATA of one column: the row on top is none or not in the table */
    FAIL(ORDO_E_INDEX, "a table's field read %s", sp[-1] < 0 ? "of none" : "outside the table");
e_eval:
    FAIL(ORDO_E_STATE, "a fn tried to change the game (ordo_eval)");
e_limit:
    FAIL(ORDO_E_LIMIT, "%llu VM instructions executed", (unsigned long long)limit);
e_limit_next: /* a call's: ip is the callee's first instruction, not begun */
    SAVE_NEXT();
    rc = vm_fail(g, ORDO_E_LIMIT, PC(), "%llu VM instructions executed",
                 (unsigned long long)limit);
    goto out;
#if VM_ONE
/* one instruction ran and the run goes on at g->pc */
stepped:
    SAVE_NEXT();
    return VM_STEPPED;
#endif
done:
    SAVE_NEXT();
out:
    return rc;
}
#undef ARITH
#undef ARITH_TO
#undef BINOP
#undef CASE
#undef CELL
#undef CHECK_LIMIT
#undef COUNT
#undef CMPOP
#undef DEFAULT
#undef DISPATCH
#undef EMIT
#undef ENTER
#undef FAIL
#undef GO
#undef JUMP
#undef LIST
#undef NEED
#undef NEED1
#undef NEW_PEND
#undef NEXT
#undef NOT_IN_EVAL
#undef PC
#undef POP_FRAME
#undef POSITION
#undef RANGE
#undef RESUME_CALLER
#undef ROOM
#undef ROOM1
#undef SAVE
#undef SAVE_AS
#undef SAVE_NEXT
#undef SETLEN

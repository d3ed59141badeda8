/* opcode_list.h — the one list of ordo VM instructions.
 *
 * Each line is OP(name, x, a, b, pops, pushes, c, effect): an instruction
 * is defined here once; besides, only its handler in the VM
 * (runtime/vm_loop.h) and, if c is INLINE, its C in
 * compiler/emit_native.c name it. Included with OP defined, the list
 * yields the enum, the operand kinds, the stack-effect derivation and how
 * the emitted C runs it (runtime/opcodes.h), the VM's dispatch table
 * (runtime/vm_loop.h), the validator's operand checks (runtime/validate.c)
 * and the disassembler's names, operands and notes (compiler/disasm.c,
 * whose name table the C writers emit_c.c and emit_native.c read too).
 * The lowering's stack accounting (compiler/lower.c, stack_effect) uses
 * ordo_op_stack. tests/unit/test_opcodes.c runs every opcode and checks
 * its columns against the VM and the validator. doc/internals.md, "The
 * instruction list", says how to add one.
 *
 * The VM is a stack machine over int32 values. An instruction is
 * {op, x, a, b} (see ordo_insn in ordo.h). "pops i [j]" means the indexes of
 * a var with ndims dimensions, pushed first to last (i, then j). Locals live
 * in the current frame: slots fp+0 .. fp+nlocals-1, params first.
 *
 * x, a, b: what each field holds (ORDO_OPND_* in opcodes.h); the
 * disassembler prints the fields that are not NO, the validator checks
 * each by its kind:
 *   NO      not used                   N       a number, as it is
 *   LOCAL   a local's index            PARAM   a param of proc a
 *   JUMP    a pc in the code           POS     a position, >= 0
 *   VAR     any var (< nvars)          CELL    a var not a list or a set
 *   SCALAR  a var without indexes, not a list or a set
 *   LIST, SET   a list var, a set var  START   a scalar player var
 *   HIDDEN  a hidden var               PROC, STEP, OPTION, ESCAPE, EVENT,
 *   TEXT    an index into that table   SIDES   dice sides, >= 1
 *   FLAG    0 or 1                     MODE    0..2
 *   TIMING  a trigger's timing, 0..3   ARGS    the args of the event or
 *                                              text a names (their count)
 *   REASON  0, or 1 + a text           ROWS, OFFSET  a data table's rows
 *                                              and first value
 *   DECIDE  a decision's kind, 0..3
 *
 * pops, pushes: how many values the instruction takes from the operand
 * stack and then leaves on it, when it falls through to the next
 * instruction (a jump taken moves the stack the same way, except EMITB's
 * and SNEXT's, which push nothing when they jump):
 *   K(c)   c
 *   X(c)   x + c                      (x: the instruction's arg count)
 *   ND(c)  var a's ndims + c          (its indexes)
 *   NP(c)  proc a's nparams + c       (CALL: the args)
 *   NR(c)  proc a's returns (0/1) + c (CALL: the value a fn leaves)
 * A CALL counts as one instruction that takes the args and leaves the fn's
 * value; what the callee's frame needs is its proc's own business
 * (nlocals and its deepest operand stack). RET and HALT leave the frame,
 * dropping whatever it holds, so nothing after them in the same frame runs.
 *
 * c: how the emitted C runs it (compiler/emit_native.c):
 *   INLINE  as C statements of its own, the interpreter's checks kept
 *           (and the interpreter for one that fails)
 *   INTERP  the interpreter runs it, one instruction, and the C goes on
 *           at the next pc
 *   LEAVE   the interpreter runs it and the C does not go on: it
 *           suspends, ends, leaves the frame or calls
 */
/*  name     x       a       b       pops    pushes  c       effect */
OP(NOP,      NO,     NO,     NO,     K(0),  K(0),  INLINE, "nothing")
OP(PUSH,     NO,     NO,     N,      K(0),  K(1),  INLINE, "push b")
OP(POP,      NO,     NO,     NO,     K(1),  K(0),  INLINE, "drop the top value")
OP(DUP,      NO,     NO,     NO,     K(1),  K(2),  INLINE, "push a copy of the top value")
OP(LDL,      NO,     LOCAL,  NO,     K(0),  K(1),  INLINE, "push local a")
OP(STL,      NO,     LOCAL,  NO,     K(1),  K(0),  INLINE, "pop v; local a = v")
OP(LDLI,     NO,     LOCAL,  NO,     K(1),  K(1),  INLINE, "pop i; push local a+i (player-indexed hidden locals)")
OP(STLI,     NO,     LOCAL,  NO,     K(2),  K(0),  INLINE, "pop v, then i; local a+i = v")
OP(LDG,      NO,     SCALAR, NO,     K(0),  K(1),  INLINE, "push scalar var a (ndims 0)")
OP(STG,      NO,     SCALAR, NO,     K(1),  K(0),  INLINE, "pop v; range-check against var a; var a = v")
OP(LDX,      NO,     CELL,   NO,     ND(0), K(1),  INLINE, "pop i [j]; bounds-check; push var a[i,j]")
OP(STX,      NO,     CELL,   NO,     ND(1), K(0),  INLINE, "pop v, then i [j]; check; var a[i,j] = v")
OP(ADD,      NO,     NO,     NO,     K(2),  K(1),  INLINE, "pop b, a; push a+b (overflow: E_RANGE)")
OP(SUB,      NO,     NO,     NO,     K(2),  K(1),  INLINE, "pop b, a; push a-b")
OP(MUL,      NO,     NO,     NO,     K(2),  K(1),  INLINE, "pop b, a; push a*b")
OP(DIV,      NO,     NO,     NO,     K(2),  K(1),  INLINE, "pop b, a; push a/b truncated (b==0: E_DIVZERO)")
OP(MOD,      NO,     NO,     NO,     K(2),  K(1),  INLINE, "pop b, a; push a%b (b==0: E_DIVZERO)")
OP(NEG,      NO,     NO,     NO,     K(1),  K(1),  INLINE, "pop a; push -a")
OP(NOT,      NO,     NO,     NO,     K(1),  K(1),  INLINE, "pop a; push !a")
OP(EQ,       NO,     NO,     NO,     K(2),  K(1),  INLINE, "pop b, a; push a==b")
OP(NE,       NO,     NO,     NO,     K(2),  K(1),  INLINE, "pop b, a; push a!=b")
OP(LT,       NO,     NO,     NO,     K(2),  K(1),  INLINE, "pop b, a; push a<b")
OP(LE,       NO,     NO,     NO,     K(2),  K(1),  INLINE, "pop b, a; push a<=b")
OP(GT,       NO,     NO,     NO,     K(2),  K(1),  INLINE, "pop b, a; push a>b")
OP(GE,       NO,     NO,     NO,     K(2),  K(1),  INLINE, "pop b, a; push a>=b")
OP(MIN,      NO,     NO,     NO,     K(2),  K(1),  INLINE, "pop b, a; push min(a,b)")
OP(MAX,      NO,     NO,     NO,     K(2),  K(1),  INLINE, "pop b, a; push max(a,b)")
OP(ABS,      NO,     NO,     NO,     K(1),  K(1),  INLINE, "pop a; push |a|")
OP(JMP,      NO,     NO,     JUMP,   K(0),  K(0),  INLINE, "pc = b")
OP(JZ,       NO,     NO,     JUMP,   K(1),  K(0),  INLINE, "pop v; if v == 0, pc = b")
OP(JNZ,      NO,     NO,     JUMP,   K(1),  K(0),  INLINE, "pop v; if v != 0, pc = b")
OP(CALL,     NO,     PROC,   NO,     NP(0), NR(0), INLINE, "call proc a: pop its nparams args (they become its first locals); a fn leaves its value on return")
OP(RET,      NO,     NO,     NO,     K(0),  K(0),  INLINE, "return from a proc (its frame goes); from the main proc: the game is over")
OP(RETV,     NO,     NO,     NO,     K(1),  K(0),  INLINE, "pop v; return from a fn (its frame goes), leaving v on the caller's stack")
OP(STEP,     NO,     STEP,   NO,     K(0),  K(1),  INLINE, "push the current step; current step = a; trace STEP")
OP(STEPEND,  NO,     NO,     NO,     K(1),  K(0),  INLINE, "current step = pop")
OP(SKIP,     NO,     STEP,   NO,     K(0),  K(0),  INLINE, "trace SKIP of step a")
OP(ROLL,     NO,     SIDES,  NO,     K(1),  K(1),  INTERP, "pop n; push the sum of n dice with a sides; trace ROLL")
OP(NPLAYERS, NO,     NO,     NO,     K(0),  K(1),  INLINE, "push the number of players in this game (in or out)")
OP(TURN,     NO,     NO,     NO,     K(1),  K(0),  INLINE, "pop p; active = p; turns[p] += 1; trace TURN")
OP(ELIM,     NO,     NO,     NO,     K(1),  K(0),  INTERP, "pop p; in_game[p] = false; trace ELIMINATE")
OP(SORTP,    FLAG,   LOCAL,  LOCAL,  K(0),  K(0),  INTERP, "sort players 0..n-1 by the keys in locals a.. (x=1: descending; ties: lower player first); write them to locals b..")
OP(OPTS,     NO,     NO,     NO,     K(0),  K(0),  INLINE, "start collecting the options of a decision")
OP(OFFER,    NO,     OPTION, NO,     K(1),  K(0),  INLINE, "pop param; offer option a with it")
OP(OFFERN,   NO,     OPTION, NO,     K(0),  K(0),  INLINE, "offer option a (no param)")
OP(WAIT,     DECIDE, REASON, N,      K(1),  K(0),  LEAVE,  "pop the deciding player; add that player's escapes; suspend (E_NOOPTION if none); x=1: a secret choice, x=2: one of a simultaneous group, x=3: a window or a payment, whose one option (escapes counted) is taken without suspending; a: 1 + the text of its prompt (0: none); b (x=2): 1 + the first of the 2 * max_players locals that keep the group's picks, then their params, until the reveal (0: none), which a seat's view masks")
OP(ESC,      NO,     ESCAPE, POS,    K(1),  K(0),  INTERP, "pop p; open escape a for player p, the b-th of its scope")
OP(UNESC,    N,      NO,     NO,     K(0),  K(0),  INLINE, "close the x escapes of the scope being left")
OP(EMIT,     ARGS,   EVENT,  NO,     X(0),  K(0),  INLINE, "pop x args; trace EVENT a")
OP(TRIG,     TIMING, PROC,   NO,     K(0),  K(0),  INLINE, "trace TRIGGER: proc a fires, with timing x (x=0: OVERRIDE, override a replaces its base)")
OP(ACT,      MODE,   EVENT,  LOCAL,  K(0),  K(0),  INTERP, "action with event a, its saved block at local b: x=0 begins (trace, save, reset, #acting+1, #action=a+1), x=1 its body is over (#acting-1), x=2 ends (trace, restore)")
OP(PAY,      FLAG,   CELL,   NO,     ND(1), K(0),  INTERP, "pop amount, i [j]; var a[i,j] -= amount, or if it holds less: E_DENIED (x=0), or undo the action whose body runs, as UNDO (x=1); trace PAY")
OP(ADDD,     NO,     CELL,   NO,     ND(1), K(0),  INLINE, "pop v, i [j]; var a[i,j] += v, held back to the batch's end when in a batch and v > 0")
OP(EMITB,    ARGS,   EVENT,  JUMP,   K(0),  K(0),  INLINE, "in a batch: pop x args, hold back event a to the batch's end, pc = b; else nothing (the args stay for the EMIT or CALL after it)")
OP(BATCH,    FLAG,   LOCAL,  NO,     K(0),  K(0),  INTERP, "x=0: a batch begins (local a = pending count; trace); x=1: it ends: the outermost applies what it held back")
OP(BNEXT,    NO,     LOCAL,  JUMP,   K(0),  K(0),  LEAVE,  "run the next event held back by the batch of locals a, a+1 (push its args, call its dispatch proc, then this again); none left: pc = b")
OP(WINDOW,   FLAG,   TEXT,   NO,     K(1),  K(0),  INLINE, "pop p; trace WINDOW (x=0: opens, 1: closes) for p, label text a")
OP(LOG,      ARGS,   TEXT,   NO,     X(0),  K(0),  INLINE, "pop x args; trace LOG of text a")
OP(ASSERT,   MODE,   TEXT,   NO,     K(1),  K(0),  INLINE, "pop v; if v == 0, stop with text a: E_ASSERT (x=0), E_DENIED (x=1), E_BOUND (x=2)")
OP(END,      FLAG,   REASON, FLAG,   X(0),  K(0),  LEAVE,  "the game is over; x=1: pop the winner first; a: 1 + the text of its reason (0: none), b=1: a limit the rules set; trace END")
OP(LLEN,     NO,     LIST,   NO,     ND(0), K(1),  INLINE, "pop i [j]; push the length of list var a[i,j]")
OP(LGET,     NO,     LIST,   NO,     ND(1), K(1),  INLINE, "pop pos, i [j]; push element pos (1-based)")
OP(LSET,     NO,     LIST,   NO,     ND(2), K(0),  INLINE, "pop v, pos, i [j]; element pos = v")
OP(LADD,     NO,     LIST,   NO,     ND(1), K(0),  INLINE, "pop v, i [j]; append v (full: E_LIST)")
OP(LREM,     NO,     LIST,   NO,     ND(1), K(0),  INLINE, "pop v, i [j]; remove the first v (absent: E_LIST)")
OP(LREMAT,   NO,     LIST,   NO,     ND(1), K(0),  INLINE, "pop pos, i [j]; remove element pos")
OP(LHAS,     NO,     LIST,   NO,     ND(1), K(1),  INLINE, "pop v, i [j]; push whether v is in the list")
OP(LCLR,     NO,     LIST,   NO,     ND(0), K(0),  INLINE, "pop i [j]; empty the list")
OP(LSHUF,    NO,     LIST,   NO,     ND(0), K(0),  INTERP, "pop i [j]; shuffle the list with the game's generator")
OP(HALT,     NO,     NO,     NO,     K(0),  K(0),  LEAVE,  "end of an ordo_exec/ordo_eval run, the top value (if any) its result; the run's frames go (the runtime's own use)")
OP(DATA,     FLAG,   ROWS,   OFFSET, X(1),  K(1),  INLINE, "x=0: pop row; x=1: pop m, then row; push data[b + m*a + row] (a table of a rows; row outside 0..a-1: E_INDEX)")
OP(SHOW,     ARGS,   TEXT,   FLAG,   X(0),  K(0),  INTERP, "pop x args; give text a with them to the display ordo_display runs, b=1: the line goes on (`put`) (E_STATE elsewhere)")
OP(INCL,     NO,     LOCAL,  NO,     K(0),  K(0),  INLINE, "local a += 1 (a loop's counter)")
OP(UNDO,     NO,     NO,     NO,     K(0),  K(0),  LEAVE,  "undo the action whose body runs: the state as its start saved (but `kept` vars), trace UNDO; then return as RET does")
OP(REVEAL,   FLAG,   HIDDEN, NO,     ND(1), K(0),  INTERP, "pop p, then i [j]; hidden var a's cell i,j is revealed to p (x=0; p -1: to everyone), or hidden again (x=1); trace REVEAL")
OP(DECIDER,  NO,     NO,     NO,     K(0),  K(1),  INTERP, "push the player of the pending decision (-1: none; a policy's `me`)")
OP(CHOSEN,   FLAG,   OPTION, NO,     X(1),  K(0),  INTERP, "pop (x=1: the param, then) p; trace CHOSEN: p's choice of option a in a simultaneous decision, revealed now")
OP(REVISE,   FLAG,   NO,     NO,     K(0),  X(0),  INTERP, "x=0: take back the last revisable action ended, if no action began since (the state as at its start, but `kept` vars; trace UNDO); x=1: push whether there is one")
OP(RVSAVE,   NO,     NO,     NO,     K(0),  K(0),  INTERP, "a revisable action ends: keep its start state (in its frame) as the one `revise` takes back")
OP(DEPTH,    NO,     PROC,   NO,     K(0),  K(1),  INLINE, "push how many runs of proc a are under way (its frames; a stated `depth` or `once per chain` counts them)")
OP(OUTER,    NO,     PROC,   PARAM,  K(0),  K(1),  INTERP, "push local b of the innermost run of proc a under way below the running one (INT32_MAX when none: a stated `decreasing` compares with it)")
OP(SEAT,     NO,     START,  NO,     K(1),  K(1),  INTERP, "pop p; push p's seat: 1 + how many seats clockwise p sits from the start player, scalar var a (p not a player: E_INDEX)")
OP(ROTATE,   NO,     START,  NO,     K(0),  K(0),  INTERP, "var a (the start player) = the next player clockwise who is in the game; unchanged when no other is")
OP(SADD,     NO,     SET,    NO,     ND(1), K(0),  INLINE, "pop v, i [j]; member v is in set var a[i,j] (v outside its domain: E_RANGE; in already: nothing)")
OP(SREM,     NO,     SET,    NO,     ND(1), K(0),  INLINE, "pop v, i [j]; member v is out of set var a[i,j] (not in: E_LIST)")
OP(SHAS,     NO,     SET,    NO,     ND(1), K(1),  INLINE, "pop v, i [j]; push whether v is in set var a[i,j] (outside its domain: 0)")
OP(SCLR,     NO,     SET,    NO,     ND(0), K(0),  INLINE, "pop i [j]; empty set var a[i,j]")
OP(SLEN,     NO,     SET,    NO,     ND(0), K(1),  INLINE, "pop i [j]; push how many members set var a[i,j] holds")
OP(SNEXT,    NO,     SET,    JUMP,   ND(1), K(1),  INLINE, "pop v, i [j]; push the least member of set var a[i,j] above v; none: pc = b, pushing nothing (a loop over the set ends)")

/* opcode_list.h — the one list of ordo VM instructions.
 *
 * Each line is OP(name, operands, pops, pushes, effect). Included with OP
 * defined, it yields the enum and the stack-effect derivation
 * (runtime/opcodes.h: ordo_op_stack), the VM's dispatch table
 * (runtime/vm_loop.h), the disassembler's names, operand formats and stack
 * column (compiler/disasm.c, whose name table the C writers emit_c.c and
 * emit_native.c read too).
 * The lowering's stack accounting (compiler/lower.c, stack_effect) and the
 * validator (runtime/validate.c) use ordo_op_stack. Nothing else may list
 * the opcodes or their stack effects; tests/unit/test_opcodes.c runs every
 * opcode and checks that the VM moves the stack as declared here.
 *
 * The VM is a stack machine over int32 values. An instruction is
 * {op, x, a, b} (see ordo_insn in ordo.h). "pops i [j]" means the indexes of
 * a var with ndims dimensions, pushed first to last (i, then j). Locals live
 * in the current frame: slots fp+0 .. fp+nlocals-1, params first.
 *
 * operands: which fields the disassembler prints: "" none, "a", "b", "x",
 * "ab", "xa", "xb", "xab".
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
 */
/*  name      operands pops  pushes effect */
OP(NOP,      "",    K(0),  K(0), "nothing")
OP(PUSH,     "b",   K(0),  K(1), "push b")
OP(POP,      "",    K(1),  K(0), "drop the top value")
OP(DUP,      "",    K(1),  K(2), "push a copy of the top value")
OP(LDL,      "a",   K(0),  K(1), "push local a")
OP(STL,      "a",   K(1),  K(0), "pop v; local a = v")
OP(LDLI,     "a",   K(1),  K(1), "pop i; push local a+i (player-indexed hidden locals)")
OP(STLI,     "a",   K(2),  K(0), "pop v, then i; local a+i = v")
OP(LDG,      "a",   K(0),  K(1), "push scalar var a (ndims 0)")
OP(STG,      "a",   K(1),  K(0), "pop v; range-check against var a; var a = v")
OP(LDX,      "a",   ND(0), K(1), "pop i [j]; bounds-check; push var a[i,j]")
OP(STX,      "a",   ND(1), K(0), "pop v, then i [j]; check; var a[i,j] = v")
OP(ADD,      "",    K(2),  K(1), "pop b, a; push a+b (overflow: E_RANGE)")
OP(SUB,      "",    K(2),  K(1), "pop b, a; push a-b")
OP(MUL,      "",    K(2),  K(1), "pop b, a; push a*b")
OP(DIV,      "",    K(2),  K(1), "pop b, a; push a/b truncated (b==0: E_DIVZERO)")
OP(MOD,      "",    K(2),  K(1), "pop b, a; push a%b (b==0: E_DIVZERO)")
OP(NEG,      "",    K(1),  K(1), "pop a; push -a")
OP(NOT,      "",    K(1),  K(1), "pop a; push !a")
OP(EQ,       "",    K(2),  K(1), "pop b, a; push a==b")
OP(NE,       "",    K(2),  K(1), "pop b, a; push a!=b")
OP(LT,       "",    K(2),  K(1), "pop b, a; push a<b")
OP(LE,       "",    K(2),  K(1), "pop b, a; push a<=b")
OP(GT,       "",    K(2),  K(1), "pop b, a; push a>b")
OP(GE,       "",    K(2),  K(1), "pop b, a; push a>=b")
OP(MIN,      "",    K(2),  K(1), "pop b, a; push min(a,b)")
OP(MAX,      "",    K(2),  K(1), "pop b, a; push max(a,b)")
OP(ABS,      "",    K(1),  K(1), "pop a; push |a|")
OP(JMP,      "b",   K(0),  K(0), "pc = b")
OP(JZ,       "b",   K(1),  K(0), "pop v; if v == 0, pc = b")
OP(JNZ,      "b",   K(1),  K(0), "pop v; if v != 0, pc = b")
OP(CALL,     "a",   NP(0), NR(0), "call proc a: pop its nparams args (they become its first locals); a fn leaves its value on return")
OP(RET,      "",    K(0),  K(0), "return from a proc (its frame goes); from the main proc: the game is over")
OP(RETV,     "",    K(1),  K(0), "pop v; return from a fn (its frame goes), leaving v on the caller's stack")
OP(STEP,     "a",   K(0),  K(1), "push the current step; current step = a; trace STEP")
OP(STEPEND,  "",    K(1),  K(0), "current step = pop")
OP(SKIP,     "a",   K(0),  K(0), "trace SKIP of step a")
OP(ROLL,     "a",   K(1),  K(1), "pop n; push the sum of n dice with a sides; trace ROLL")
OP(NPLAYERS, "",    K(0),  K(1), "push the number of players in this game (in or out)")
OP(TURN,     "",    K(1),  K(0), "pop p; active = p; turns[p] += 1; trace TURN")
OP(ELIM,     "",    K(1),  K(0), "pop p; in_game[p] = false; trace ELIMINATE")
OP(SORTP,    "xab", K(0),  K(0), "sort players 0..n-1 by the keys in locals a.. (x=1: descending; ties: lower player first); write them to locals b..")
OP(OPTS,     "",    K(0),  K(0), "start collecting the options of a decision")
OP(OFFER,    "a",   K(1),  K(0), "pop param; offer option a with it")
OP(OFFERN,   "a",   K(0),  K(0), "offer option a (no param)")
OP(WAIT,     "x",   K(1),  K(0), "pop the deciding player; add that player's escapes; suspend (E_NOOPTION if none); x=1: a secret choice, x=2: one of a simultaneous group")
OP(ESC,      "ab",  K(1),  K(0), "pop p; open escape a for player p, the b-th of its scope")
OP(UNESC,    "x",   K(0),  K(0), "close the x escapes of the scope being left")
OP(EMIT,     "xa",  X(0),  K(0), "pop x args; trace EVENT a")
OP(TRIG,     "xa",  K(0),  K(0), "trace TRIGGER: proc a fires, with timing x (x=0: OVERRIDE, override a replaces its base)")
OP(ACT,      "xab", K(0),  K(0), "action with event a, its saved block at local b: x=0 begins (trace, save, reset, #acting+1, #action=a+1), x=1 its body is over (#acting-1), x=2 ends (trace, restore)")
OP(PAY,      "xa",  ND(1), K(0), "pop amount, i [j]; var a[i,j] -= amount, or if it holds less: E_DENIED (x=0), or undo the action whose body runs, as UNDO (x=1); trace PAY")
OP(ADDD,     "a",   ND(1), K(0), "pop v, i [j]; var a[i,j] += v, held back to the batch's end when in a batch and v > 0")
OP(EMITB,    "xab", K(0),  K(0), "in a batch: pop x args, hold back event a to the batch's end, pc = b; else nothing (the args stay for the EMIT or CALL after it)")
OP(BATCH,    "xa",  K(0),  K(0), "x=0: a batch begins (local a = pending count; trace); x=1: it ends: the outermost applies what it held back")
OP(BNEXT,    "ab",  K(0),  K(0), "run the next event held back by the batch of locals a, a+1 (push its args, call its dispatch proc, then this again); none left: pc = b")
OP(WINDOW,   "xa",  K(1),  K(0), "pop p; trace WINDOW (x=0: opens, 1: closes) for p, label text a")
OP(LOG,      "xa",  X(0),  K(0), "pop x args; trace LOG of text a")
OP(ASSERT,   "xa",  K(1),  K(0), "pop v; if v == 0, stop with text a: E_ASSERT (x=0), E_DENIED (x=1), E_BOUND (x=2)")
OP(END,      "xab", X(0),  K(0), "the game is over; x=1: pop the winner first; a: 1 + the text of its reason (0: none), b=1: a limit the rules set; trace END")
OP(LLEN,     "a",   ND(0), K(1), "pop i [j]; push the length of list var a[i,j]")
OP(LGET,     "a",   ND(1), K(1), "pop pos, i [j]; push element pos (1-based)")
OP(LSET,     "a",   ND(2), K(0), "pop v, pos, i [j]; element pos = v")
OP(LADD,     "a",   ND(1), K(0), "pop v, i [j]; append v (full: E_LIST)")
OP(LREM,     "a",   ND(1), K(0), "pop v, i [j]; remove the first v (absent: E_LIST)")
OP(LREMAT,   "a",   ND(1), K(0), "pop pos, i [j]; remove element pos")
OP(LHAS,     "a",   ND(1), K(1), "pop v, i [j]; push whether v is in the list")
OP(LCLR,     "a",   ND(0), K(0), "pop i [j]; empty the list")
OP(LSHUF,    "a",   ND(0), K(0), "pop i [j]; shuffle the list with the game's generator")
OP(HALT,     "",    K(0),  K(0), "end of an ordo_exec/ordo_eval run, the top value (if any) its result; the run's frames go (the runtime's own use)")
OP(DATA,     "xab", X(1),  K(1), "x=0: pop row; x=1: pop m, then row; push data[b + m*a + row] (a table of a rows; row outside 0..a-1: E_INDEX)")
OP(SHOW,     "xab", X(0),  K(0), "pop x args; give text a with them to the display ordo_display runs, b=1: the line goes on (`put`) (E_STATE elsewhere)")
OP(INCL,     "a",   K(0),  K(0), "local a += 1 (a loop's counter)")
OP(UNDO,     "",    K(0),  K(0), "undo the action whose body runs: the state as its start saved (but `kept` vars), trace UNDO; then return as RET does")
OP(REVEAL,   "xa",  ND(1), K(0), "pop p, then i [j]; hidden var a's cell i,j is revealed to p (x=0; p -1: to everyone), or hidden again (x=1); trace REVEAL")
OP(DECIDER,  "",    K(0),  K(1), "push the player of the pending decision (-1: none; a policy's `me`)")
OP(CHOSEN,   "xa",  X(1),  K(0), "pop (x=1: the param, then) p; trace CHOSEN: p's choice of option a in a simultaneous decision, revealed now")
OP(REVISE,   "x",   K(0),  X(0), "x=0: take back the last revisable action ended, if no action began since (the state as at its start, but `kept` vars; trace UNDO); x=1: push whether there is one")
OP(RVSAVE,   "",    K(0),  K(0), "a revisable action ends: keep its start state (in its frame) as the one `revise` takes back")
OP(DEPTH,    "a",   K(0),  K(1), "push how many runs of proc a are under way (its frames; a stated `depth` or `once per chain` counts them)")
OP(OUTER,    "ab",  K(0),  K(1), "push local b of the innermost run of proc a under way below the running one (INT32_MAX when none: a stated `decreasing` compares with it)")
OP(SEAT,     "a",   K(1),  K(1), "pop p; push p's seat: 1 + how many seats clockwise p sits from the start player, scalar var a (p not a player: E_INDEX)")
OP(ROTATE,   "a",   K(0),  K(0), "var a (the start player) = the next player clockwise who is in the game; unchanged when no other is")
OP(SADD,     "a",   ND(1), K(0), "pop v, i [j]; member v is in set var a[i,j] (v outside its domain: E_RANGE; in already: nothing)")
OP(SREM,     "a",   ND(1), K(0), "pop v, i [j]; member v is out of set var a[i,j] (not in: E_LIST)")
OP(SHAS,     "a",   ND(1), K(1), "pop v, i [j]; push whether v is in set var a[i,j] (outside its domain: 0)")
OP(SCLR,     "a",   ND(0), K(0), "pop i [j]; empty set var a[i,j]")
OP(SLEN,     "a",   ND(0), K(1), "pop i [j]; push how many members set var a[i,j] holds")
OP(SNEXT,    "ab",  ND(1), K(1), "pop v, i [j]; push the least member of set var a[i,j] above v; none: pc = b, pushing nothing (a loop over the set ends)")

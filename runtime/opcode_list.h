/* opcode_list.h — the one list of ordo VM instructions.
 *
 * Included with OP(name, operands, effect) defined, it yields the enum (in
 * runtime/vm.h), the names (runtime/disasm.c and the C emitter) and the
 * disassembler's operand format. Nothing else may list the opcodes.
 *
 * The VM is a stack machine over int32 values. An instruction is
 * {op, x, a, b} (see ordo_insn in ordo.h). "pops i [j]" means the indexes of
 * a var with ndims dimensions, pushed first to last (i, then j). Locals live
 * in the current frame: slots fp+0 .. fp+nlocals-1, params first.
 *
 * operands: which fields the disassembler prints: "" none, "a", "b", "x",
 * "ab", "xa", "xb", "xab".
 */
/*  name     operands  effect */
OP(NOP,      "",   "nothing")
OP(PUSH,     "b",  "push b")
OP(POP,      "",   "drop the top value")
OP(DUP,      "",   "push a copy of the top value")
OP(LDL,      "a",  "push local a")
OP(STL,      "a",  "pop v; local a = v")
OP(LDLI,     "a",  "pop i; push local a+i (player-indexed hidden locals)")
OP(STLI,     "a",  "pop v, then i; local a+i = v")
OP(LDG,      "a",  "push scalar var a (ndims 0)")
OP(STG,      "a",  "pop v; range-check against var a; var a = v")
OP(LDX,      "a",  "pop i [j]; bounds-check; push var a[i,j]")
OP(STX,      "a",  "pop v, then i [j]; check; var a[i,j] = v")
OP(ADD,      "",   "pop b, a; push a+b (overflow: E_RANGE)")
OP(SUB,      "",   "pop b, a; push a-b")
OP(MUL,      "",   "pop b, a; push a*b")
OP(DIV,      "",   "pop b, a; push a/b truncated (b==0: E_DIVZERO)")
OP(MOD,      "",   "pop b, a; push a%b (b==0: E_DIVZERO)")
OP(NEG,      "",   "pop a; push -a")
OP(NOT,      "",   "pop a; push !a")
OP(EQ,       "",   "pop b, a; push a==b")
OP(NE,       "",   "pop b, a; push a!=b")
OP(LT,       "",   "pop b, a; push a<b")
OP(LE,       "",   "pop b, a; push a<=b")
OP(GT,       "",   "pop b, a; push a>b")
OP(GE,       "",   "pop b, a; push a>=b")
OP(MIN,      "",   "pop b, a; push min(a,b)")
OP(MAX,      "",   "pop b, a; push max(a,b)")
OP(ABS,      "",   "pop a; push |a|")
OP(JMP,      "b",  "pc = b")
OP(JZ,       "b",  "pop v; if v == 0, pc = b")
OP(JNZ,      "b",  "pop v; if v != 0, pc = b")
OP(CALL,     "a",  "call proc a: its nparams args are on the stack")
OP(RET,      "",   "return from a proc; from the main proc: the game is over")
OP(RETV,     "",   "pop v; return from a fn, leaving v")
OP(STEP,     "a",  "push the current step; current step = a; trace STEP")
OP(STEPEND,  "",   "current step = pop")
OP(SKIP,     "a",  "trace SKIP of step a")
OP(ROLL,     "a",  "pop n; push the sum of n dice with a sides; trace ROLL")
OP(NPLAYERS, "",   "push the number of players in this game (in or out)")
OP(TURN,     "",   "pop p; active = p; turns[p] += 1; trace TURN")
OP(ELIM,     "",   "pop p; in_game[p] = false; trace ELIMINATE")
OP(SORTP,    "xab","sort players 0..n-1 by the keys in locals a.. (x=1: descending; ties: lower player first); write them to locals b..")
OP(OPTS,     "",   "start collecting the options of a decision")
OP(OFFER,    "a",  "pop param; offer option a with it")
OP(OFFERN,   "a",  "offer option a (no param)")
OP(WAIT,     "",   "pop the deciding player; add that player's escapes; suspend (E_NOOPTION if none)")
OP(ESC,      "ab", "pop p; open escape a for player p, the b-th of its scope")
OP(UNESC,    "x",  "close the x escapes of the scope being left")
OP(EMIT,     "xa", "pop x args; trace EVENT a")
OP(TRIG,     "xa", "trace TRIGGER: proc a fires, with timing x")
OP(WINDOW,   "xa", "pop p; trace WINDOW (x=0: opens, 1: closes) for p, label text a")
OP(LOG,      "xa", "pop x args; trace LOG of text a")
OP(ASSERT,   "a",  "pop v; if v == 0, stop with E_ASSERT and text a")
OP(END,      "x",  "the game is over; x=1: pop the winner first; trace END")
OP(LLEN,     "a",  "pop i [j]; push the length of list var a[i,j]")
OP(LGET,     "a",  "pop pos, i [j]; push element pos (1-based)")
OP(LSET,     "a",  "pop v, pos, i [j]; element pos = v")
OP(LADD,     "a",  "pop v, i [j]; append v (full: E_LIST)")
OP(LREM,     "a",  "pop v, i [j]; remove the first v (absent: E_LIST)")
OP(LREMAT,   "a",  "pop pos, i [j]; remove element pos")
OP(LHAS,     "a",  "pop v, i [j]; push whether v is in the list")
OP(LCLR,     "a",  "pop i [j]; empty the list")
OP(LSHUF,    "a",  "pop i [j]; shuffle the list with the game's generator")
OP(HALT,     "",   "end of an ordo_exec/ordo_eval run (the runtime's own use)")

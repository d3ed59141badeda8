/* generated from tests/e2e/data/tiny.ordo by ordoc 0.1.0 — do not edit */
/* ruleset: Tiny: a dice race */
#include "ordo.h"
/* the game block, for the code compiled to C below */
#include "ordo_native.h"
#include "tiny.h"
/* instruction numbers, from the runtime's one list (opcode_list.h) */
#include "opcodes.h"

static const ordo_insn tiny_program_code[290] = {
    /* fn reached */
    {ORDO_OP_LDL, 0, 0, 0},              /* 0 */
    {ORDO_OP_LDX, 0, 4, 0},              /* 1 */
    {ORDO_OP_PUSH, 0, 0, 30},            /* 2 */
    {ORDO_OP_GE, 0, 0, 0},               /* 3 */
    {ORDO_OP_RETV, 0, 0, 0},             /* 4 */
    /* proc take_turn */
    {ORDO_OP_LDG, 0, 0, 0},              /* 5 */
    {ORDO_OP_PUSH, 0, 0, -1},            /* 6 */
    {ORDO_OP_EQ, 0, 0, 0},               /* 7 */
    {ORDO_OP_JNZ, 0, 0, 45},             /* 8 */
    {ORDO_OP_LDG, 0, 0, 0},              /* 9 */
    {ORDO_OP_LDX, 0, 1, 0},              /* 10 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 11 */
    {ORDO_OP_EQ, 0, 0, 0},               /* 12 */
    {ORDO_OP_JZ, 0, 0, 45},              /* 13 */
    {ORDO_OP_STEP, 0, 0, 0},             /* 14: step 1.1 [TINY-PAINT] */
    {ORDO_OP_OPTS, 0, 0, 0},             /* 15 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 16 */
    {ORDO_OP_STL, 0, 2, 0},              /* 17 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 18 */
    {ORDO_OP_PUSH, 0, 0, 3},             /* 19 */
    {ORDO_OP_LT, 0, 0, 0},               /* 20 */
    {ORDO_OP_JZ, 0, 0, 32},              /* 21 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 22 */
    {ORDO_OP_STL, 0, 1, 0},              /* 23 */
    {ORDO_OP_LDL, 0, 1, 0},              /* 24 */
    {ORDO_OP_PUSH, 0, 0, 2},             /* 25 */
    {ORDO_OP_NE, 0, 0, 0},               /* 26 */
    {ORDO_OP_JZ, 0, 0, 30},              /* 27 */
    {ORDO_OP_LDL, 0, 1, 0},              /* 28 */
    {ORDO_OP_OFFER, 0, 0, 0},            /* 29 */
    {ORDO_OP_INCL, 0, 2, 0},             /* 30 */
    {ORDO_OP_JMP, 0, 0, 18},             /* 31 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 32 */
    {ORDO_OP_WAIT, 0, 1, 0},             /* 33 */
    {ORDO_OP_STL, 0, 1, 0},              /* 34 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 35 */
    {ORDO_OP_LDL, 0, 1, 0},              /* 36 */
    {ORDO_OP_STX, 0, 5, 0},              /* 37 */
    {ORDO_OP_LDL, 0, 1, 0},              /* 38 */
    {ORDO_OP_LADD, 0, 7, 0},             /* 39 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 40 */
    {ORDO_OP_LDL, 0, 1, 0},              /* 41 */
    {ORDO_OP_EMIT, 2, 0, 0},             /* 42 */
    {ORDO_OP_STEPEND, 0, 0, 0},          /* 43 */
    {ORDO_OP_JMP, 0, 0, 46},             /* 44 */
    {ORDO_OP_SKIP, 0, 0, 0},             /* 45 */
    {ORDO_OP_STEP, 0, 1, 0},             /* 46: step 1.2 [TINY-ROLL] */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 47 */
    {ORDO_OP_ROLL, 0, 6, 0},             /* 48 */
    {ORDO_OP_STL, 0, 1, 0},              /* 49 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 50 */
    {ORDO_OP_LDL, 0, 1, 0},              /* 51 */
    {ORDO_OP_LOG, 2, 1, 0},              /* 52 */
    {ORDO_OP_OPTS, 0, 0, 0},             /* 53 */
    {ORDO_OP_OFFERN, 0, 1, 0},           /* 54 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 55 */
    {ORDO_OP_LDX, 0, 6, 0},              /* 56 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 57 */
    {ORDO_OP_GT, 0, 0, 0},               /* 58 */
    {ORDO_OP_JZ, 0, 0, 61},              /* 59 */
    {ORDO_OP_OFFERN, 0, 2, 0},           /* 60 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 61 */
    {ORDO_OP_WAIT, 0, 3, 0},             /* 62 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 63 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 64 */
    {ORDO_OP_LDX, 0, 4, 0},              /* 65 */
    {ORDO_OP_LDL, 0, 1, 0},              /* 66 */
    {ORDO_OP_ADD, 0, 0, 0},              /* 67 */
    {ORDO_OP_STX, 0, 4, 0},              /* 68 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 69 */
    {ORDO_OP_LDL, 0, 1, 0},              /* 70 */
    {ORDO_OP_EMIT, 2, 1, 0},             /* 71 */
    {ORDO_OP_JMP, 0, 0, 92},             /* 72 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 73 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 74 */
    {ORDO_OP_LDX, 0, 6, 0},              /* 75 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 76 */
    {ORDO_OP_SUB, 0, 0, 0},              /* 77 */
    {ORDO_OP_STX, 0, 6, 0},              /* 78 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 79 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 80 */
    {ORDO_OP_LDX, 0, 4, 0},              /* 81 */
    {ORDO_OP_PUSH, 0, 0, 2},             /* 82 */
    {ORDO_OP_LDL, 0, 1, 0},              /* 83 */
    {ORDO_OP_MUL, 0, 0, 0},              /* 84 */
    {ORDO_OP_ADD, 0, 0, 0},              /* 85 */
    {ORDO_OP_STX, 0, 4, 0},              /* 86 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 87 */
    {ORDO_OP_PUSH, 0, 0, 2},             /* 88 */
    {ORDO_OP_LDL, 0, 1, 0},              /* 89 */
    {ORDO_OP_MUL, 0, 0, 0},              /* 90 */
    {ORDO_OP_EMIT, 2, 1, 0},             /* 91 */
    {ORDO_OP_STEPEND, 0, 0, 0},          /* 92 */
    {ORDO_OP_OPTS, 0, 0, 0},             /* 93 */
    {ORDO_OP_OFFERN, 0, 3, 0},           /* 94 */
    {ORDO_OP_OFFERN, 0, 4, 0},           /* 95 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 96 */
    {ORDO_OP_WAIT, 0, 0, 0},             /* 97 */
    {ORDO_OP_STEP, 0, 2, 0},             /* 98: step 1.3 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 99 */
    {ORDO_OP_LOG, 1, 3, 0},              /* 100 */
    {ORDO_OP_STEPEND, 0, 0, 0},          /* 101 */
    {ORDO_OP_JMP, 0, 0, 104},            /* 102 */
    {ORDO_OP_SKIP, 0, 2, 0},             /* 103 */
    {ORDO_OP_RET, 0, 0, 0},              /* 104 */
    /* proc sequence */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 105 */
    {ORDO_OP_ESC, 0, 0, 0},              /* 106 */
    {ORDO_OP_STEP, 0, 3, 0},             /* 107: step 1 [TINY-1] */
    {ORDO_OP_LDG, 0, 3, 0},              /* 108 */
    {ORDO_OP_PUSH, 0, 0, 6},             /* 109 */
    {ORDO_OP_EQ, 0, 0, 0},               /* 110 */
    {ORDO_OP_DUP, 0, 0, 0},              /* 111 */
    {ORDO_OP_JNZ, 0, 0, 138},            /* 112 */
    {ORDO_OP_POP, 0, 0, 0},              /* 113 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 114 */
    {ORDO_OP_STL, 0, 2, 0},              /* 115 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 116 */
    {ORDO_OP_STL, 0, 4, 0},              /* 117 */
    {ORDO_OP_LDL, 0, 4, 0},              /* 118 */
    {ORDO_OP_NPLAYERS, 0, 0, 0},         /* 119 */
    {ORDO_OP_LT, 0, 0, 0},               /* 120 */
    {ORDO_OP_JZ, 0, 0, 137},             /* 121 */
    {ORDO_OP_LDL, 0, 4, 0},              /* 122 */
    {ORDO_OP_STL, 0, 0, 0},              /* 123 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 124 */
    {ORDO_OP_LDX, 0, 2, 0},              /* 125 */
    {ORDO_OP_JZ, 0, 0, 135},             /* 126 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 127 */
    {ORDO_OP_LDX, 0, 4, 0},              /* 128 */
    {ORDO_OP_PUSH, 0, 0, 30},            /* 129 */
    {ORDO_OP_GE, 0, 0, 0},               /* 130 */
    {ORDO_OP_JZ, 0, 0, 135},             /* 131 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 132 */
    {ORDO_OP_STL, 0, 2, 0},              /* 133 */
    {ORDO_OP_JMP, 0, 0, 137},            /* 134 */
    {ORDO_OP_INCL, 0, 4, 0},             /* 135 */
    {ORDO_OP_JMP, 0, 0, 118},            /* 136 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 137 */
    {ORDO_OP_JNZ, 0, 0, 190},            /* 138 */
    {ORDO_OP_LDG, 0, 3, 0},              /* 139 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 140 */
    {ORDO_OP_ADD, 0, 0, 0},              /* 141 */
    {ORDO_OP_STG, 0, 3, 0},              /* 142 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 143 */
    {ORDO_OP_STL, 0, 2, 0},              /* 144 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 145 */
    {ORDO_OP_NPLAYERS, 0, 0, 0},         /* 146 */
    {ORDO_OP_LT, 0, 0, 0},               /* 147 */
    {ORDO_OP_JZ, 0, 0, 160},             /* 148 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 149 */
    {ORDO_OP_STL, 0, 0, 0},              /* 150 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 151 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 152 */
    {ORDO_OP_LDX, 0, 4, 0},              /* 153 */
    {ORDO_OP_STLI, 0, 3, 0},             /* 154 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 155 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 156 */
    {ORDO_OP_ADD, 0, 0, 0},              /* 157 */
    {ORDO_OP_STL, 0, 2, 0},              /* 158 */
    {ORDO_OP_JMP, 0, 0, 145},            /* 159 */
    {ORDO_OP_SORTP, 1, 3, 6},            /* 160 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 161 */
    {ORDO_OP_STL, 0, 2, 0},              /* 162 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 163 */
    {ORDO_OP_NPLAYERS, 0, 0, 0},         /* 164 */
    {ORDO_OP_LT, 0, 0, 0},               /* 165 */
    {ORDO_OP_JZ, 0, 0, 179},             /* 166 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 167 */
    {ORDO_OP_LDLI, 0, 6, 0},             /* 168 */
    {ORDO_OP_STL, 0, 0, 0},              /* 169 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 170 */
    {ORDO_OP_LDX, 0, 2, 0},              /* 171 */
    {ORDO_OP_JZ, 0, 0, 177},             /* 172 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 173 */
    {ORDO_OP_TURN, 0, 0, 0},             /* 174 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 175 */
    {ORDO_OP_CALL, 0, 1, 0},             /* 176 */
    {ORDO_OP_INCL, 0, 2, 0},             /* 177 */
    {ORDO_OP_JMP, 0, 0, 163},            /* 178 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 179 */
    {ORDO_OP_STL, 0, 2, 0},              /* 180 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 181 */
    {ORDO_OP_WINDOW, 0, 4, 0},           /* 182 */
    {ORDO_OP_OPTS, 0, 0, 0},             /* 183 */
    {ORDO_OP_OFFERN, 0, 5, 0},           /* 184 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 185 */
    {ORDO_OP_WAIT, 3, 0, 0},             /* 186 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 187 */
    {ORDO_OP_WINDOW, 1, 4, 0},           /* 188 */
    {ORDO_OP_JMP, 0, 0, 108},            /* 189 */
    {ORDO_OP_STEPEND, 0, 0, 0},          /* 190 */
    {ORDO_OP_UNESC, 1, 0, 0},            /* 191 */
    {ORDO_OP_JMP, 0, 0, 197},            /* 192 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 193 */
    {ORDO_OP_EMIT, 1, 2, 0},             /* 194 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 195 */
    {ORDO_OP_END, 1, 0, 0},              /* 196 */
    {ORDO_OP_STEP, 0, 4, 0},             /* 197: step 2 [TINY-2] */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 198 */
    {ORDO_OP_STL, 0, 2, 0},              /* 199 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 200 */
    {ORDO_OP_STL, 0, 3, 0},              /* 201 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 202 */
    {ORDO_OP_STL, 0, 4, 0},              /* 203 */
    {ORDO_OP_LDL, 0, 4, 0},              /* 204 */
    {ORDO_OP_NPLAYERS, 0, 0, 0},         /* 205 */
    {ORDO_OP_LT, 0, 0, 0},               /* 206 */
    {ORDO_OP_JZ, 0, 0, 228},             /* 207 */
    {ORDO_OP_LDL, 0, 4, 0},              /* 208 */
    {ORDO_OP_STL, 0, 0, 0},              /* 209 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 210 */
    {ORDO_OP_LDX, 0, 2, 0},              /* 211 */
    {ORDO_OP_JZ, 0, 0, 226},             /* 212 */
    {ORDO_OP_LDL, 0, 3, 0},              /* 213 */
    {ORDO_OP_JZ, 0, 0, 221},             /* 214 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 215 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 216 */
    {ORDO_OP_LDX, 0, 4, 0},              /* 217 */
    {ORDO_OP_MAX, 0, 0, 0},              /* 218 */
    {ORDO_OP_STL, 0, 2, 0},              /* 219 */
    {ORDO_OP_JMP, 0, 0, 226},            /* 220 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 221 */
    {ORDO_OP_LDX, 0, 4, 0},              /* 222 */
    {ORDO_OP_STL, 0, 2, 0},              /* 223 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 224 */
    {ORDO_OP_STL, 0, 3, 0},              /* 225 */
    {ORDO_OP_INCL, 0, 4, 0},             /* 226 */
    {ORDO_OP_JMP, 0, 0, 204},            /* 227 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 228 */
    {ORDO_OP_STL, 0, 0, 0},              /* 229 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 230 */
    {ORDO_OP_STL, 0, 2, 0},              /* 231 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 232 */
    {ORDO_OP_NPLAYERS, 0, 0, 0},         /* 233 */
    {ORDO_OP_LT, 0, 0, 0},               /* 234 */
    {ORDO_OP_JZ, 0, 0, 250},             /* 235 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 236 */
    {ORDO_OP_STL, 0, 1, 0},              /* 237 */
    {ORDO_OP_LDL, 0, 1, 0},              /* 238 */
    {ORDO_OP_LDX, 0, 2, 0},              /* 239 */
    {ORDO_OP_JZ, 0, 0, 248},             /* 240 */
    {ORDO_OP_LDL, 0, 1, 0},              /* 241 */
    {ORDO_OP_LDX, 0, 4, 0},              /* 242 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 243 */
    {ORDO_OP_EQ, 0, 0, 0},               /* 244 */
    {ORDO_OP_JZ, 0, 0, 248},             /* 245 */
    {ORDO_OP_LDL, 0, 1, 0},              /* 246 */
    {ORDO_OP_END, 1, 0, 0},              /* 247 */
    {ORDO_OP_INCL, 0, 2, 0},             /* 248 */
    {ORDO_OP_JMP, 0, 0, 232},            /* 249 */
    {ORDO_OP_STEPEND, 0, 0, 0},          /* 250 */
    {ORDO_OP_RET, 0, 0, 0},              /* 251 */
    /* fn expect#91 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 252 */
    {ORDO_OP_LDX, 0, 5, 0},              /* 253 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 254 */
    {ORDO_OP_EQ, 0, 0, 0},               /* 255 */
    {ORDO_OP_RETV, 0, 0, 0},             /* 256 */
    /* fn expect#91.left */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 257 */
    {ORDO_OP_LDX, 0, 5, 0},              /* 258 */
    {ORDO_OP_RETV, 0, 0, 0},             /* 259 */
    /* fn expect#91.right */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 260 */
    {ORDO_OP_RETV, 0, 0, 0},             /* 261 */
    /* fn expect#95 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 262 */
    {ORDO_OP_LDX, 0, 4, 0},              /* 263 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 264 */
    {ORDO_OP_GT, 0, 0, 0},               /* 265 */
    {ORDO_OP_RETV, 0, 0, 0},             /* 266 */
    /* fn expect#95.left */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 267 */
    {ORDO_OP_LDX, 0, 4, 0},              /* 268 */
    {ORDO_OP_RETV, 0, 0, 0},             /* 269 */
    /* fn expect#95.right */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 270 */
    {ORDO_OP_RETV, 0, 0, 0},             /* 271 */
    /* proc setup#106 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 272 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 273 */
    {ORDO_OP_STX, 0, 6, 0},              /* 274 */
    {ORDO_OP_RET, 0, 0, 0},              /* 275 */
    /* fn expect#113 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 276 */
    {ORDO_OP_LDX, 0, 6, 0},              /* 277 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 278 */
    {ORDO_OP_EQ, 0, 0, 0},               /* 279 */
    {ORDO_OP_RETV, 0, 0, 0},             /* 280 */
    /* fn expect#113.left */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 281 */
    {ORDO_OP_LDX, 0, 6, 0},              /* 282 */
    {ORDO_OP_RETV, 0, 0, 0},             /* 283 */
    /* fn expect#113.right */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 284 */
    {ORDO_OP_RETV, 0, 0, 0},             /* 285 */
    /* proc setup#127 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 286 */
    {ORDO_OP_PUSH, 0, 0, 31},            /* 287 */
    {ORDO_OP_STX, 0, 4, 0},              /* 288 */
    {ORDO_OP_RET, 0, 0, 0},              /* 289 */
};

static const ordo_var tiny_program_vars[8] = {
    /* 0 */ {.name = "active", .offset = 0, .stride = 1, .kind = ORDO_K_PLAYER, .width = 1, .ndims = 0, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {0, 0}, .dim_enum = {0}, .dim_lo = {0}, .dim_n = {0}, .lo = -1, .hi = 2, .init = -1, .line = 0},
    /* 1 */ {.name = "turns", .offset = 1, .stride = 4, .kind = ORDO_K_INT, .width = 4, .ndims = 1, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {ORDO_DIM_PLAYER, 0}, .dim_enum = {0}, .dim_lo = {0}, .dim_n = {3}, .lo = (-2147483647 - 1), .hi = 2147483647, .init = 0, .line = 0},
    /* 2 */ {.name = "in_game", .offset = 13, .stride = 1, .kind = ORDO_K_BOOL, .width = 1, .ndims = 1, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {ORDO_DIM_PLAYER, 0}, .dim_enum = {0}, .dim_lo = {0}, .dim_n = {3}, .lo = 0, .hi = 1, .init = 1, .line = 0},
    /* 3 */ {.name = "round", .offset = 16, .stride = 1, .kind = ORDO_K_INT, .width = 1, .ndims = 0, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {0, 0}, .dim_enum = {0}, .dim_lo = {0}, .dim_n = {0}, .lo = 0, .hi = 20, .init = 0, .line = 15},
    /* 4 */ {.name = "score", .offset = 17, .stride = 1, .kind = ORDO_K_INT, .width = 1, .ndims = 1, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {ORDO_DIM_PLAYER, 0}, .dim_enum = {0}, .dim_lo = {0}, .dim_n = {3}, .lo = 0, .hi = 99, .init = 0, .line = 16},
    /* 5 */ {.name = "color", .offset = 20, .stride = 1, .kind = ORDO_K_ENUM, .width = 1, .ndims = 1, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {ORDO_DIM_PLAYER, 0}, .dim_enum = {0}, .dim_lo = {0}, .dim_n = {3}, .lo = 0, .hi = 2, .init = 0, .line = 17},
    /* 6 */ {.name = "doubles_left", .offset = 23, .stride = 1, .kind = ORDO_K_INT, .width = 1, .ndims = 1, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {ORDO_DIM_PLAYER, 0}, .dim_enum = {0}, .dim_lo = {0}, .dim_n = {3}, .lo = 0, .hi = 2, .init = 2, .line = 18},
    /* 7 */ {.name = "painted", .offset = 26, .stride = 10, .kind = ORDO_K_ENUM, .width = 1, .ndims = 0, .is_list = 1, .cap = 8, .enum_id = 0,
        .dim_kind = {0, 0}, .dim_enum = {0}, .dim_lo = {0}, .dim_n = {0}, .lo = 0, .hi = 2, .init = 0, .line = 19},
};

static const ordo_enum tiny_program_enums[1] = {
    {.name = "Color", .first = 0, .count = 3},
};

static const char *const tiny_program_names[3] = {
    "red", /* 0 */
    "green", /* 1 */
    "blue", /* 2 */
};

static const ordo_step tiny_program_steps[5] = {
    /* 0 */ {.number = "1.1", .title = "paint", .rule = "TINY-PAINT", .parent = -1, .line = 28},
    /* 1 */ {.number = "1.2", .title = "roll", .rule = "TINY-ROLL", .parent = -1, .line = 37},
    /* 2 */ {.number = "1.3", .title = "look back", .rule = "", .parent = -1, .line = 52},
    /* 3 */ {.number = "1", .title = "rounds", .rule = "TINY-1", .parent = -1, .line = 59},
    /* 4 */ {.number = "2", .title = "the highest score wins", .rule = "TINY-2", .parent = -1, .line = 74},
};

static const ordo_proc tiny_program_procs[14] = {
    /* 0 */ {.name = "reached", .pc = 0, .nparams = 1, .nlocals = 1,
        .param_kind = {ORDO_K_PLAYER}, .param_enum = {0}, .returns = 1, .line = 25, .room = 4},
    /* 1 */ {.name = "take_turn", .pc = 5, .nparams = 1, .nlocals = 3,
        .param_kind = {ORDO_K_PLAYER}, .param_enum = {0}, .returns = 0, .line = 27, .room = 9},
    /* 2 */ {.name = "sequence", .pc = 105, .nparams = 0, .nlocals = 9, .returns = 0, .line = 57, .room = 13},
    /* 3 */ {.name = "expect#91", .pc = 252, .nparams = 0, .nlocals = 0, .returns = 1, .line = 91, .room = 3},
    /* 4 */ {.name = "expect#91.left", .pc = 257, .nparams = 0, .nlocals = 0, .returns = 1, .line = 91, .room = 2},
    /* 5 */ {.name = "expect#91.right", .pc = 260, .nparams = 0, .nlocals = 0, .returns = 1, .line = 91, .room = 2},
    /* 6 */ {.name = "expect#95", .pc = 262, .nparams = 0, .nlocals = 0, .returns = 1, .line = 95, .room = 3},
    /* 7 */ {.name = "expect#95.left", .pc = 267, .nparams = 0, .nlocals = 0, .returns = 1, .line = 95, .room = 2},
    /* 8 */ {.name = "expect#95.right", .pc = 270, .nparams = 0, .nlocals = 0, .returns = 1, .line = 95, .room = 2},
    /* 9 */ {.name = "setup#106", .pc = 272, .nparams = 0, .nlocals = 0, .returns = 0, .line = 106, .room = 3},
    /* 10 */ {.name = "expect#113", .pc = 276, .nparams = 0, .nlocals = 0, .returns = 1, .line = 113, .room = 3},
    /* 11 */ {.name = "expect#113.left", .pc = 281, .nparams = 0, .nlocals = 0, .returns = 1, .line = 113, .room = 2},
    /* 12 */ {.name = "expect#113.right", .pc = 284, .nparams = 0, .nlocals = 0, .returns = 1, .line = 113, .room = 2},
    /* 13 */ {.name = "setup#127", .pc = 286, .nparams = 0, .nlocals = 0, .returns = 0, .line = 127, .room = 3},
};

static const ordo_option tiny_program_options[6] = {
    /* 0 */ {.label = "paint {}", .target = 34, .param_kind = ORDO_K_ENUM, .param_enum = 0, .step = 0, .line = 30},
    /* 1 */ {.label = "bank", .target = 63, .param_kind = 0xff, .param_enum = 0, .step = 1, .line = 41},
    /* 2 */ {.label = "double", .target = 73, .param_kind = 0xff, .param_enum = 0, .step = 1, .line = 45},
    /* 3 */ {.label = "look back", .target = 98, .param_kind = 0xff, .param_enum = 0, .step = -1, .line = 52},
    /* 4 */ {.label = "skip", .target = 103, .param_kind = 0xff, .param_enum = 0, .step = -1, .line = 52},
    /* 5 */ {.label = "pass", .target = 187, .param_kind = 0xff, .param_enum = 0, .step = 3, .line = 67},
};

static const ordo_escape tiny_program_escapes[1] = {
    /* 0 */ {.label = "concede", .handler = 193, .step = -1, .line = 70},
};

static const ordo_event_decl tiny_program_events[3] = {
    /* 0 */ {.name = "painted_as", .nparams = 2,
        .param_kind = {ORDO_K_PLAYER, ORDO_K_ENUM},
        .param_enum = {0},
        .param_name = {"p", "c", NULL, NULL, NULL, NULL, NULL, NULL}},
    /* 1 */ {.name = "scored", .nparams = 2,
        .param_kind = {ORDO_K_PLAYER, ORDO_K_INT},
        .param_enum = {0},
        .param_name = {"p", "points", NULL, NULL, NULL, NULL, NULL, NULL}},
    /* 2 */ {.name = "conceded", .nparams = 1,
        .param_kind = {ORDO_K_PLAYER},
        .param_enum = {0},
        .param_name = {"p", NULL, NULL, NULL, NULL, NULL, NULL, NULL}},
};

static const ordo_text tiny_program_texts[5] = {
    /* 0 */ {.text = "pick a color", .nargs = 0,
        .arg_kind = {0},
        .arg_enum = {0}},
    /* 1 */ {.text = "{} rolls {}", .nargs = 2,
        .arg_kind = {ORDO_K_PLAYER, ORDO_K_INT},
        .arg_enum = {0}},
    /* 2 */ {.text = "bank or double?", .nargs = 0,
        .arg_kind = {0},
        .arg_enum = {0}},
    /* 3 */ {.text = "{} looks back", .nargs = 1,
        .arg_kind = {ORDO_K_PLAYER},
        .arg_enum = {0}},
    /* 4 */ {.text = "may concede", .nargs = 0,
        .arg_kind = {0},
        .arg_enum = {0}},
};

static const ordo_scenario tiny_program_scenarios[4] = {
    /* 0 */ {.name = "painting and banking", .rule = "TINY-PAINT",
        .first = 0, .count = 19, .line = 82},
    /* 1 */ {.name = "a later turn does not paint", .rule = "TINY-ROLL",
        .first = 19, .count = 10, .line = 104},
    /* 2 */ {.name = "conceding hands the game to player 2", .rule = "TINY-1",
        .first = 29, .count = 4, .line = 119},
    /* 3 */ {.name = "the highest score wins", .rule = "TINY-2",
        .first = 33, .count = 4, .line = 126},
};

static const ordo_scenario_item tiny_program_items[37] = {
    /* 0 */ {.kind = ORDO_SC_PLAYERS, .a = 2, .line = 83},
    /* 1 */ {.kind = ORDO_SC_SEED, .args = {3}, .line = 84},
    /* 2 */ {.kind = ORDO_SC_PLAY, .a = 2, .line = 85},
    /* 3 */ {.kind = ORDO_SC_DECIDER, .line = 86},
    /* 4 */ {.kind = ORDO_SC_OFFERED, .text = "paint red", .line = 87},
    /* 5 */ {.kind = ORDO_SC_NOT_OFFERED, .text = "paint blue", .line = 88},
    /* 6 */ {.kind = ORDO_SC_OFFERED, .text = "concede", .line = 89},
    /* 7 */ {.kind = ORDO_SC_CHOOSE, .text = "paint green", .line = 90},
    /* 8 */ {.kind = ORDO_SC_EXPECT, .x = 1, .a = 3, .args = {5, 6, 3}, .text = "color[player 1] == green", .line = 91},
    /* 9 */ {.kind = ORDO_SC_EVENT, .x = 2, .args = {0, 1}, .line = 92},
    /* 10 */ {.kind = ORDO_SC_OFFERED, .text = "double", .line = 93},
    /* 11 */ {.kind = ORDO_SC_CHOOSE, .text = "bank", .line = 94},
    /* 12 */ {.kind = ORDO_SC_EXPECT, .x = 1, .a = 6, .args = {8, 9, 0, 0, 4}, .text = "score[player 1] > 0", .line = 95},
    /* 13 */ {.kind = ORDO_SC_EVENT, .x = 2, .a = 1, .b = 2, .line = 96},
    /* 14 */ {.kind = ORDO_SC_BEFORE, .b = 1, .line = 97},
    /* 15 */ {.kind = ORDO_SC_NO_EVENT, .a = 2, .line = 98},
    /* 16 */ {.kind = ORDO_SC_CHOOSE, .text = "skip", .line = 99},
    /* 17 */ {.kind = ORDO_SC_STEP_NOT_RAN, .a = 2, .line = 100},
    /* 18 */ {.kind = ORDO_SC_DECIDER, .args = {1}, .line = 101},
    /* 19 */ {.kind = ORDO_SC_PLAYERS, .a = 3, .line = 105},
    /* 20 */ {.kind = ORDO_SC_SETUP, .a = 9, .line = 106},
    /* 21 */ {.kind = ORDO_SC_PLAY, .x = 1, .a = 1, .args = {1}, .line = 109},
    /* 22 */ {.kind = ORDO_SC_STEP_NOT_RAN, .line = 110},
    /* 23 */ {.kind = ORDO_SC_DECIDER, .args = {1}, .line = 111},
    /* 24 */ {.kind = ORDO_SC_CHOOSE, .text = "double", .line = 112},
    /* 25 */ {.kind = ORDO_SC_EXPECT, .x = 1, .a = 10, .args = {12, 13}, .text = "doubles_left[player 2] == 0", .line = 113},
    /* 26 */ {.kind = ORDO_SC_CHOOSE, .text = "look back", .line = 114},
    /* 27 */ {.kind = ORDO_SC_STEP_RAN, .a = 2, .line = 115},
    /* 28 */ {.kind = ORDO_SC_OVER, .args = {-1}, .line = 116},
    /* 29 */ {.kind = ORDO_SC_PLAY, .a = 2, .line = 120},
    /* 30 */ {.kind = ORDO_SC_CHOOSE, .text = "concede", .line = 121},
    /* 31 */ {.kind = ORDO_SC_EVENT, .x = 1, .a = 2, .line = 122},
    /* 32 */ {.kind = ORDO_SC_OVER, .x = 1, .args = {1}, .line = 123},
    /* 33 */ {.kind = ORDO_SC_SETUP, .a = 13, .line = 127},
    /* 34 */ {.kind = ORDO_SC_PLAY, .a = 2, .line = 130},
    /* 35 */ {.kind = ORDO_SC_STEP_RAN, .a = 4, .line = 131},
    /* 36 */ {.kind = ORDO_SC_OVER, .x = 1, .args = {1}, .line = 132},
};

/* source lines: instruction pc and on came from line (of files[file]) */
static const ordo_line tiny_program_lines[36] = {
    {0, 25, 0},
    {5, 28, 0},
    {15, 29, 0},
    {35, 31, 0},
    {38, 32, 0},
    {40, 33, 0},
    {46, 37, 0},
    {47, 38, 0},
    {50, 39, 0},
    {53, 40, 0},
    {63, 42, 0},
    {69, 43, 0},
    {73, 46, 0},
    {79, 47, 0},
    {87, 48, 0},
    {93, 52, 0},
    {99, 53, 0},
    {105, 58, 0},
    {107, 59, 0},
    {108, 60, 0},
    {139, 61, 0},
    {143, 62, 0},
    {173, 63, 0},
    {175, 64, 0},
    {179, 67, 0},
    {193, 71, 0},
    {195, 72, 0},
    {197, 74, 0},
    {198, 75, 0},
    {230, 76, 0},
    {246, 77, 0},
    {252, 91, 0},
    {262, 95, 0},
    {272, 107, 0},
    {276, 113, 0},
    {286, 128, 0},
};

/* ---- the code as C (ordo_native.h): a function a proc, named after
 * it, its instructions in order under the rules' #line; `goto slow`
 * runs one in the interpreter, `dispatch` resumes at a pc */
static int tiny_program_run(ordo_game *g, int mode, uint32_t base, int32_t *result, uint32_t level);
static int tiny_program_reached(ordo_game *g, int mode, uint32_t base, int32_t *result, int called);
static int tiny_program_take_turn(ordo_game *g, int mode, uint32_t base, int32_t *result, int called);
static int tiny_program_sequence(ordo_game *g, int mode, uint32_t base, int32_t *result, int called);

/* fn reached (proc 0, line 25): 1 params, 1 locals; operand k at fp[1 + k] */
static int tiny_program_reached(ordo_game *g, int mode, uint32_t base, int32_t *result, int called)
{
    ON_REGISTERS;
    enum { L_p = 0 }; /* the rules' names of the frame's slots */
    int32_t t0 = 0;
    if (called)
        goto pc_0;
dispatch:
    if (nframes == 0u)
        goto interp;
    switch (pc) {
    case 0: if (ON_FITS(0u, 1u, 3)) goto pc_0; goto interp;
    default:
        if (pc < 5u)
            goto interp;
        /* another proc's: deeper frames run through `run`, a
         * shallower one is the caller's */
        ON_SAVE(pc, dsp);
        if (nframes <= level)
            return ON_GOTO;
        rc = tiny_program_run(g, mode, base, result, level);
        if (rc != ON_GOTO)
            return rc;
        ON_LOAD();
        goto dispatch;
    }
slow:
    if (ON_STEP() != VM_STEPPED)
        return rc;
    goto dispatch;
interp:
    ON_SAVE(pc, dsp);
    return ordo_vm_interpret(g, mode, base, result);
#line 25 "tests/e2e/data/tiny.ordo"
    pc_0:; t0 = fp[L_p]; /* 0 LDL 0 */
#line 25
    { uint32_t x0_ = (uint32_t)t0; if (x0_ >= (uint32_t)nplayers) { fp[1] = t0; steps += 1; ON_AT(1u, 2u); goto slow; } unsigned char *a_ = state + 17u + x0_ * 1u; t0 = vm_load(a_, 1u); } /* 1 LDX 4 ; score */
    /* 2 PUSH 30 */
#line 25
    { int32_t a_ = t0, b_ = 30; t0 = a_ >= b_; } /* 3 GE */
#line 25
    steps += 4; if (nframes - 1u == base) { fp[1] = t0; ON_AT(4u, 2u); goto slow; } { int32_t v_ = t0; ON_RETURN(); stack[dsp++] = v_; steps++; } if (nframes < level) { ON_SAVE(pc, dsp); return ON_GOTO; } goto dispatch; /* 4 RETV */
#line 562 "tiny.c"
}

/* proc take_turn (proc 1, line 27): 1 params, 3 locals; operand k at fp[3 + k] */
static int tiny_program_take_turn(ordo_game *g, int mode, uint32_t base, int32_t *result, int called)
{
    ON_REGISTERS;
    enum { L_p = 0 }; /* the rules' names of the frame's slots */
    int32_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0;
    if (called)
        goto pc_5;
dispatch:
    if (nframes == 0u)
        goto interp;
    switch (pc) {
    case 5: if (ON_FITS(1u, 3u, 8)) goto pc_5; goto interp;
    case 18: if (ON_FITS(1u, 4u, 8)) goto pc_18; goto interp;
    case 30: if (ON_FITS(1u, 4u, 8)) goto pc_30; goto interp;
    case 32: if (ON_FITS(1u, 4u, 8)) goto pc_32; goto interp;
    case 34: if (ON_FITS(1u, 5u, 8)) goto pc_34; goto interp;
    case 45: if (ON_FITS(1u, 3u, 8)) goto pc_45; goto interp;
    case 46: if (ON_FITS(1u, 3u, 8)) goto pc_46; goto interp;
    case 49: if (ON_FITS(1u, 5u, 8)) goto pc_49; goto interp;
    case 61: if (ON_FITS(1u, 4u, 8)) goto pc_61; goto interp;
    case 63: if (ON_FITS(1u, 4u, 8)) goto pc_63; goto interp;
    case 73: if (ON_FITS(1u, 4u, 8)) goto pc_73; goto interp;
    case 92: if (ON_FITS(1u, 4u, 8)) goto pc_92; goto interp;
    case 98: if (ON_FITS(1u, 3u, 8)) goto pc_98; goto interp;
    case 103: if (ON_FITS(1u, 3u, 8)) goto pc_103; goto interp;
    case 104: if (ON_FITS(1u, 3u, 8)) goto pc_104; goto interp;
    default:
        if (pc >= 5u && pc < 105u)
            goto interp;
        /* another proc's: deeper frames run through `run`, a
         * shallower one is the caller's */
        ON_SAVE(pc, dsp);
        if (nframes <= level)
            return ON_GOTO;
        rc = tiny_program_run(g, mode, base, result, level);
        if (rc != ON_GOTO)
            return rc;
        ON_LOAD();
        goto dispatch;
    }
slow:
    if (ON_STEP() != VM_STEPPED)
        return rc;
    goto dispatch;
interp:
    ON_SAVE(pc, dsp);
    return ordo_vm_interpret(g, mode, base, result);
#line 28 "tests/e2e/data/tiny.ordo"
    pc_5:; t0 = vm_load(state + 0u, 1u); /* 5 LDG 0 ; active */
    /* 6 PUSH -1 */
#line 28
    { int32_t a_ = t0, b_ = -1; t0 = a_ == b_; } /* 7 EQ */
#line 28
    steps += 3; if (t0 != 0) { steps++; goto pc_45; } steps++; /* 8 JNZ 45 */
#line 28
    t0 = vm_load(state + 0u, 1u); /* 9 LDG 0 ; active */
#line 28
    { uint32_t x0_ = (uint32_t)t0; if (x0_ >= (uint32_t)nplayers) { fp[3] = t0; steps += 1; ON_AT(10u, 4u); goto slow; } unsigned char *a_ = state + 1u + x0_ * 4u; t0 = vm_load(a_, 4u); } /* 10 LDX 1 ; turns */
    /* 11 PUSH 1 */
#line 28
    { int32_t a_ = t0, b_ = 1; t0 = a_ == b_; } /* 12 EQ */
#line 28
    steps += 4; if (t0 == 0) { steps++; goto pc_45; } steps++; /* 13 JZ 45 */
#line 28
    if (mode == VM_EVAL) { ON_AT(14u, 3u); goto slow; } t0 = cur_step; cur_step = 0; if (g->trace) { fp[3] = t0; ON_AT(14u, 4u); ON_EVENT(ORDO_EV_STEP, -1, 0, 0, NULL); } else g->seq++; steps++; /* 14 STEP 0 ; step 1.1 "paint" [TINY-PAINT] */
    if (mode == VM_EVAL) { fp[3] = t0; ON_AT(15u, 4u); goto slow; } VM_CLEAR_OPTS(g); /* 15 OPTS */
    /* 16 PUSH 0 */
#line 29
    fp[2] = 0; fp[3] = t0; steps += 3; /* 17 STL 2 */
#line 29
    pc_18:; t1 = fp[2]; /* 18 LDL 2 */
    /* 19 PUSH 3 */
#line 29
    { int32_t a_ = t1, b_ = 3; t1 = a_ < b_; } /* 20 LT */
#line 29
    steps += 3; if (t1 == 0) { steps++; goto pc_32; } steps++; /* 21 JZ 32 */
#line 29
    t1 = fp[2]; /* 22 LDL 2 */
#line 29
    fp[1 /* c, r */] = t1; /* 23 STL 1 */
#line 29
    t1 = fp[1 /* c, r */]; /* 24 LDL 1 */
    /* 25 PUSH 2 */
#line 29
    { int32_t a_ = t1, b_ = 2; t1 = a_ != b_; } /* 26 NE */
#line 29
    steps += 5; if (t1 == 0) { steps++; goto pc_30; } steps++; /* 27 JZ 30 */
#line 29
    t1 = fp[1 /* c, r */]; /* 28 LDL 1 */
#line 29
    if (mode == VM_EVAL || g->nopts >= 4u) { fp[4] = t1; steps += 1; ON_AT(29u, 5u); goto slow; } ON_OFFER(0u, VM_OPT_PARAM, t1); steps += 2; /* 29 OFFER 0 ; "paint {}" */
#line 29
    pc_30:; if (fp[2] == INT32_MAX) { ON_AT(30u, 4u); goto slow; } fp[2]++; /* 30 INCL 2 */
#line 29
    steps++; if (steps >= limit) { ON_AT(31u, 4u); goto slow; } steps++; goto pc_18; /* 31 JMP 18 */
#line 29
    pc_32:; t1 = fp[L_p]; /* 32 LDL 0 */
#line 29
    steps++; { fp[4] = t1; ON_AT(33u, 5u); goto slow; } fp[4] = t1; /* 33 WAIT x=0 1 0 */
#line 29
    pc_34:; fp[1 /* c, r */] = fp[4]; /* 34 STL 1 */
#line 31
    t1 = fp[L_p]; /* 35 LDL 0 */
#line 31
    t2 = fp[1 /* c, r */]; /* 36 LDL 1 */
#line 31
    { uint32_t x0_ = (uint32_t)t1; if (x0_ >= (uint32_t)nplayers) { fp[4] = t1; fp[5] = t2; steps += 3; ON_AT(37u, 6u); goto slow; } unsigned char *a_ = state + 20u + x0_ * 1u; int32_t x_ = t2; if (mode == VM_EVAL || x_ < 0 || x_ > 2) { fp[4] = t1; fp[5] = t2; steps += 3; ON_AT(37u, 6u); goto slow; } vm_store(a_, 1u, x_); } /* 37 STX 5 ; color */
    t1 = fp[1 /* c, r */]; /* 38 LDL 1 */
#line 32
    { unsigned char *a_ = state + 26u; int16_t len_; memcpy(&len_, a_, 2); unsigned char *e_ = a_ + 2; int32_t x_ = t1; if (len_ >= 8 || mode == VM_EVAL || x_ < 0 || x_ > 2) { fp[4] = t1; steps += 5; ON_AT(39u, 5u); goto slow; } vm_store(e_ + (uint32_t)len_ * 1u, 1u, x_); len_++; memcpy(a_, &len_, 2); } /* 39 LADD 7 ; painted */
    t1 = fp[L_p]; /* 40 LDL 0 */
#line 33
    t2 = fp[1 /* c, r */]; /* 41 LDL 1 */
#line 33
    steps += 8; if (mode == VM_EVAL) { fp[4] = t1; fp[5] = t2; ON_AT(42u, 6u); goto slow; } if (g->trace) { fp[4] = t1; fp[5] = t2; ON_AT(42u, 4u); ON_EVENT(ORDO_EV_EVENT, -1, 0, 2, fp + 4u); } else g->seq++; steps++; /* 42 EMIT x=2 0 ; painted_as */
#line 33
    { int32_t s_ = fp[3]; if (mode == VM_EVAL || s_ < -1 || s_ >= 5) { ON_AT(43u, 4u); goto slow; } cur_step = s_; } /* 43 STEPEND */
#line 33
    steps++; steps++; goto pc_46; /* 44 JMP 46 */
#line 33
    pc_45:; if (mode == VM_EVAL) { ON_AT(45u, 3u); goto slow; } if (g->trace) { ON_AT(45u, 3u); ON_EVENT(ORDO_EV_SKIP, -1, 0, 0, NULL); } else g->seq++; steps++; /* 45 SKIP 0 ; step 1.1 "paint" [TINY-PAINT] */
#line 37
    pc_46:; if (mode == VM_EVAL) { ON_AT(46u, 3u); goto slow; } t0 = cur_step; cur_step = 1; if (g->trace) { fp[3] = t0; ON_AT(46u, 4u); ON_EVENT(ORDO_EV_STEP, -1, 1, 0, NULL); } else g->seq++; steps++; /* 46 STEP 1 ; step 1.2 "roll" [TINY-ROLL] */
    /* 47 PUSH 1 */
#line 38
    steps++; fp[3] = t0; fp[4] = 1; ON_AT(48u, 5u); if (ON_STEP() != VM_STEPPED) return rc; if (!ON_HERE(49u, 5u)) goto dispatch; /* 48 ROLL 6 */
#line 38
    pc_49:; fp[1 /* c, r */] = fp[4]; /* 49 STL 1 */
    t1 = fp[L_p]; /* 50 LDL 0 */
#line 39
    t2 = fp[1 /* c, r */]; /* 51 LDL 1 */
#line 39
    steps += 3; if (mode == VM_EVAL) { fp[4] = t1; fp[5] = t2; ON_AT(52u, 6u); goto slow; } if (g->trace) { fp[4] = t1; fp[5] = t2; ON_AT(52u, 4u); ON_EVENT(ORDO_EV_LOG, -1, 1, 2, fp + 4u); } else g->seq++; steps++; /* 52 LOG x=2 1 ; "{} rolls {}" */
    if (mode == VM_EVAL) { ON_AT(53u, 4u); goto slow; } VM_CLEAR_OPTS(g); /* 53 OPTS */
#line 40
    if (mode == VM_EVAL || g->nopts >= 4u) { steps += 1; ON_AT(54u, 4u); goto slow; } ON_OFFER(1u, VM_OPT_PLAIN, 0); /* 54 OFFERN 1 ; "bank" */
#line 40
    t1 = fp[L_p]; /* 55 LDL 0 */
#line 40
    { uint32_t x0_ = (uint32_t)t1; if (x0_ >= (uint32_t)nplayers) { fp[4] = t1; steps += 3; ON_AT(56u, 5u); goto slow; } unsigned char *a_ = state + 23u + x0_ * 1u; t1 = vm_load(a_, 1u); } /* 56 LDX 6 ; doubles_left */
    /* 57 PUSH 0 */
#line 40
    { int32_t a_ = t1, b_ = 0; t1 = a_ > b_; } /* 58 GT */
#line 40
    steps += 6; if (t1 == 0) { steps++; goto pc_61; } steps++; /* 59 JZ 61 */
#line 40
    if (mode == VM_EVAL || g->nopts >= 4u) { ON_AT(60u, 4u); goto slow; } ON_OFFER(2u, VM_OPT_PLAIN, 0); steps++; /* 60 OFFERN 2 ; "double" */
#line 40
    pc_61:; t1 = fp[L_p]; /* 61 LDL 0 */
#line 40
    steps++; { fp[4] = t1; ON_AT(62u, 5u); goto slow; } /* 62 WAIT x=0 3 0 */
#line 42
    pc_63:; t1 = fp[L_p]; /* 63 LDL 0 */
#line 42
    t2 = fp[L_p]; /* 64 LDL 0 */
#line 42
    { uint32_t x0_ = (uint32_t)t2; if (x0_ >= (uint32_t)nplayers) { fp[4] = t1; fp[5] = t2; steps += 2; ON_AT(65u, 6u); goto slow; } unsigned char *a_ = state + 17u + x0_ * 1u; t2 = vm_load(a_, 1u); } /* 65 LDX 4 ; score */
#line 42
    t3 = fp[1 /* c, r */]; /* 66 LDL 1 */
#line 42
    { int64_t r_ = (int64_t)t2 + t3; if (r_ < INT32_MIN || r_ > INT32_MAX) { fp[4] = t1; fp[5] = t2; fp[6] = t3; steps += 4; ON_AT(67u, 7u); goto slow; } t2 = (int32_t)r_; } /* 67 ADD */
#line 42
    { uint32_t x0_ = (uint32_t)t1; if (x0_ >= (uint32_t)nplayers) { fp[4] = t1; fp[5] = t2; steps += 5; ON_AT(68u, 6u); goto slow; } unsigned char *a_ = state + 17u + x0_ * 1u; int32_t x_ = t2; if (mode == VM_EVAL || x_ < 0 || x_ > 99) { fp[4] = t1; fp[5] = t2; steps += 5; ON_AT(68u, 6u); goto slow; } vm_store(a_, 1u, x_); } /* 68 STX 4 ; score */
    t1 = fp[L_p]; /* 69 LDL 0 */
#line 43
    t2 = fp[1 /* c, r */]; /* 70 LDL 1 */
#line 43
    steps += 8; if (mode == VM_EVAL) { fp[4] = t1; fp[5] = t2; ON_AT(71u, 6u); goto slow; } if (g->trace) { fp[4] = t1; fp[5] = t2; ON_AT(71u, 4u); ON_EVENT(ORDO_EV_EVENT, -1, 1, 2, fp + 4u); } else g->seq++; steps++; /* 71 EMIT x=2 1 ; scored */
#line 43
    steps++; goto pc_92; /* 72 JMP 92 */
#line 46
    pc_73:; t1 = fp[L_p]; /* 73 LDL 0 */
#line 46
    t2 = fp[L_p]; /* 74 LDL 0 */
#line 46
    { uint32_t x0_ = (uint32_t)t2; if (x0_ >= (uint32_t)nplayers) { fp[4] = t1; fp[5] = t2; steps += 2; ON_AT(75u, 6u); goto slow; } unsigned char *a_ = state + 23u + x0_ * 1u; t2 = vm_load(a_, 1u); } /* 75 LDX 6 ; doubles_left */
    /* 76 PUSH 1 */
#line 46
    t2 = t2 - 1; /* 77 SUB */
#line 46
    { uint32_t x0_ = (uint32_t)t1; if (x0_ >= (uint32_t)nplayers) { fp[4] = t1; fp[5] = t2; steps += 5; ON_AT(78u, 6u); goto slow; } unsigned char *a_ = state + 23u + x0_ * 1u; int32_t x_ = t2; if (mode == VM_EVAL || x_ < 0 || x_ > 2) { fp[4] = t1; fp[5] = t2; steps += 5; ON_AT(78u, 6u); goto slow; } vm_store(a_, 1u, x_); } /* 78 STX 6 ; doubles_left */
    t1 = fp[L_p]; /* 79 LDL 0 */
#line 47
    t2 = fp[L_p]; /* 80 LDL 0 */
#line 47
    { uint32_t x0_ = (uint32_t)t2; if (x0_ >= (uint32_t)nplayers) { fp[4] = t1; fp[5] = t2; steps += 8; ON_AT(81u, 6u); goto slow; } unsigned char *a_ = state + 17u + x0_ * 1u; t2 = vm_load(a_, 1u); } /* 81 LDX 4 ; score */
    /* 82 PUSH 2 */
#line 47
    t4 = fp[1 /* c, r */]; /* 83 LDL 1 */
#line 47
    { int64_t r_ = (int64_t)2 * t4; if (r_ < INT32_MIN || r_ > INT32_MAX) { fp[4] = t1; fp[5] = t2; fp[6] = 2; fp[7] = t4; steps += 11; ON_AT(84u, 8u); goto slow; } t3 = (int32_t)r_; } /* 84 MUL */
#line 47
    { int64_t r_ = (int64_t)t2 + t3; if (r_ < INT32_MIN || r_ > INT32_MAX) { fp[4] = t1; fp[5] = t2; fp[6] = t3; steps += 12; ON_AT(85u, 7u); goto slow; } t2 = (int32_t)r_; } /* 85 ADD */
#line 47
    { uint32_t x0_ = (uint32_t)t1; if (x0_ >= (uint32_t)nplayers) { fp[4] = t1; fp[5] = t2; steps += 13; ON_AT(86u, 6u); goto slow; } unsigned char *a_ = state + 17u + x0_ * 1u; int32_t x_ = t2; if (mode == VM_EVAL || x_ < 0 || x_ > 99) { fp[4] = t1; fp[5] = t2; steps += 13; ON_AT(86u, 6u); goto slow; } vm_store(a_, 1u, x_); } /* 86 STX 4 ; score */
    t1 = fp[L_p]; /* 87 LDL 0 */
    /* 88 PUSH 2 */
#line 48
    t3 = fp[1 /* c, r */]; /* 89 LDL 1 */
#line 48
    { int64_t r_ = (int64_t)2 * t3; if (r_ < INT32_MIN || r_ > INT32_MAX) { fp[4] = t1; fp[5] = 2; fp[6] = t3; steps += 17; ON_AT(90u, 7u); goto slow; } t2 = (int32_t)r_; } /* 90 MUL */
#line 48
    steps += 18; if (mode == VM_EVAL) { fp[4] = t1; fp[5] = t2; ON_AT(91u, 6u); goto slow; } if (g->trace) { fp[4] = t1; fp[5] = t2; ON_AT(91u, 4u); ON_EVENT(ORDO_EV_EVENT, -1, 1, 2, fp + 4u); } else g->seq++; steps++; /* 91 EMIT x=2 1 ; scored */
#line 48
    pc_92:; { int32_t s_ = fp[3]; if (mode == VM_EVAL || s_ < -1 || s_ >= 5) { ON_AT(92u, 4u); goto slow; } cur_step = s_; } /* 92 STEPEND */
#line 52
    if (mode == VM_EVAL) { steps += 1; ON_AT(93u, 3u); goto slow; } VM_CLEAR_OPTS(g); /* 93 OPTS */
#line 52
    if (mode == VM_EVAL || g->nopts >= 4u) { steps += 2; ON_AT(94u, 3u); goto slow; } ON_OFFER(3u, VM_OPT_PLAIN, 0); /* 94 OFFERN 3 ; "look back" */
#line 52
    if (mode == VM_EVAL || g->nopts >= 4u) { steps += 3; ON_AT(95u, 3u); goto slow; } ON_OFFER(4u, VM_OPT_PLAIN, 0); /* 95 OFFERN 4 ; "skip" */
#line 52
    t0 = fp[L_p]; /* 96 LDL 0 */
#line 52
    steps += 5; { fp[3] = t0; ON_AT(97u, 4u); goto slow; } /* 97 WAIT x=0 0 0 */
#line 52
    pc_98:; if (mode == VM_EVAL) { ON_AT(98u, 3u); goto slow; } t0 = cur_step; cur_step = 2; if (g->trace) { fp[3] = t0; ON_AT(98u, 4u); ON_EVENT(ORDO_EV_STEP, -1, 2, 0, NULL); } else g->seq++; steps++; /* 98 STEP 2 ; step 1.3 "look back" */
    t1 = fp[L_p]; /* 99 LDL 0 */
#line 53
    steps++; if (mode == VM_EVAL) { fp[3] = t0; fp[4] = t1; ON_AT(100u, 5u); goto slow; } if (g->trace) { fp[3] = t0; fp[4] = t1; ON_AT(100u, 4u); ON_EVENT(ORDO_EV_LOG, -1, 3, 1, fp + 4u); } else g->seq++; steps++; /* 100 LOG x=1 3 ; "{} looks back" */
#line 53
    { int32_t s_ = t0; if (mode == VM_EVAL || s_ < -1 || s_ >= 5) { fp[3] = t0; ON_AT(101u, 4u); goto slow; } cur_step = s_; } /* 101 STEPEND */
#line 53
    steps++; steps++; goto pc_104; /* 102 JMP 104 */
#line 53
    pc_103:; if (mode == VM_EVAL) { ON_AT(103u, 3u); goto slow; } if (g->trace) { ON_AT(103u, 3u); ON_EVENT(ORDO_EV_SKIP, -1, 2, 0, NULL); } else g->seq++; steps++; /* 103 SKIP 2 ; step 1.3 "look back" */
#line 53
    pc_104:; if (nframes - 1u == base) { ON_AT(104u, 3u); goto slow; } { ON_RETURN(); steps++; } if (nframes < level) { ON_SAVE(pc, dsp); return ON_GOTO; } goto dispatch; /* 104 RET */
#line 794 "tiny.c"
}

/* proc sequence (proc 2, line 57): 0 params, 9 locals; operand k at fp[9 + k] */
static int tiny_program_sequence(ordo_game *g, int mode, uint32_t base, int32_t *result, int called)
{
    ON_REGISTERS;
    enum { L_p = 1 }; /* the rules' names of the frame's slots */
    int32_t t0 = 0, t1 = 0, t2 = 0;
    if (called)
        goto pc_105;
dispatch:
    if (nframes == 0u)
        goto interp;
    switch (pc) {
    case 105: if (ON_FITS(2u, 9u, 12)) goto pc_105; goto interp;
    case 107: if (ON_FITS(2u, 9u, 12)) goto pc_107; goto interp;
    case 108: if (ON_FITS(2u, 10u, 12)) goto pc_108; goto interp;
    case 118: if (ON_FITS(2u, 10u, 12)) goto pc_118; goto interp;
    case 135: if (ON_FITS(2u, 10u, 12)) goto pc_135; goto interp;
    case 137: if (ON_FITS(2u, 10u, 12)) goto pc_137; goto interp;
    case 138: if (ON_FITS(2u, 11u, 12)) goto pc_138; goto interp;
    case 145: if (ON_FITS(2u, 10u, 12)) goto pc_145; goto interp;
    case 160: if (ON_FITS(2u, 10u, 12)) goto pc_160; goto interp;
    case 161: if (ON_FITS(2u, 10u, 12)) goto pc_161; goto interp;
    case 163: if (ON_FITS(2u, 10u, 12)) goto pc_163; goto interp;
    case 177: if (ON_FITS(2u, 10u, 12)) goto pc_177; goto interp;
    case 179: if (ON_FITS(2u, 10u, 12)) goto pc_179; goto interp;
    case 187: if (ON_FITS(2u, 10u, 12)) goto pc_187; goto interp;
    case 190: if (ON_FITS(2u, 10u, 12)) goto pc_190; goto interp;
    case 193: if (ON_FITS(2u, 9u, 12)) goto pc_193; goto interp;
    case 197: if (ON_FITS(2u, 9u, 12)) goto pc_197; goto interp;
    case 204: if (ON_FITS(2u, 10u, 12)) goto pc_204; goto interp;
    case 221: if (ON_FITS(2u, 10u, 12)) goto pc_221; goto interp;
    case 226: if (ON_FITS(2u, 10u, 12)) goto pc_226; goto interp;
    case 228: if (ON_FITS(2u, 10u, 12)) goto pc_228; goto interp;
    case 232: if (ON_FITS(2u, 10u, 12)) goto pc_232; goto interp;
    case 248: if (ON_FITS(2u, 10u, 12)) goto pc_248; goto interp;
    case 250: if (ON_FITS(2u, 10u, 12)) goto pc_250; goto interp;
    default:
        if (pc >= 105u && pc < 252u)
            goto interp;
        /* another proc's: deeper frames run through `run`, a
         * shallower one is the caller's */
        ON_SAVE(pc, dsp);
        if (nframes <= level)
            return ON_GOTO;
        rc = tiny_program_run(g, mode, base, result, level);
        if (rc != ON_GOTO)
            return rc;
        ON_LOAD();
        goto dispatch;
    }
slow:
    if (ON_STEP() != VM_STEPPED)
        return rc;
    goto dispatch;
interp:
    ON_SAVE(pc, dsp);
    return ordo_vm_interpret(g, mode, base, result);
pc_105:;
    /* 105 PUSH 0 */
#line 58 "tests/e2e/data/tiny.ordo"
    steps++; fp[9] = 0; ON_AT(106u, 10u); if (ON_STEP() != VM_STEPPED) return rc; if (!ON_HERE(107u, 9u)) goto dispatch; /* 106 ESC 0 0 ; "concede" */
    pc_107:; if (mode == VM_EVAL) { ON_AT(107u, 9u); goto slow; } t0 = cur_step; cur_step = 3; if (g->trace) { fp[9] = t0; ON_AT(107u, 10u); ON_EVENT(ORDO_EV_STEP, -1, 3, 0, NULL); } else g->seq++; steps++; fp[9] = t0; /* 107 STEP 3 ; step 1 "rounds" [TINY-1] */
    pc_108:; t1 = vm_load(state + 16u, 1u); /* 108 LDG 3 ; round */
    /* 109 PUSH 6 */
#line 60
    { int32_t a_ = t1, b_ = 6; t1 = a_ == b_; } /* 110 EQ */
    /* 111 DUP */
#line 60
    steps += 4; fp[10] = t1; if (t1 != 0) { steps++; goto pc_138; } steps++; /* 112 JNZ 138 */
    /* 113 POP */
    /* 114 PUSH 0 */
#line 60
    fp[2] = 0; /* 115 STL 2 */
    /* 116 PUSH 0 */
#line 60
    fp[4] = 0; steps += 5; /* 117 STL 4 */
#line 60
    pc_118:; t1 = fp[4]; /* 118 LDL 4 */
#line 60
    t2 = nplayers; /* 119 NPLAYERS */
#line 60
    { int32_t a_ = t1, b_ = t2; t1 = a_ < b_; } /* 120 LT */
#line 60
    steps += 3; if (t1 == 0) { steps++; goto pc_137; } steps++; /* 121 JZ 137 */
#line 60
    t1 = fp[4]; /* 122 LDL 4 */
#line 60
    fp[0 /* p, best */] = t1; /* 123 STL 0 */
#line 60
    t1 = fp[0 /* p, best */]; /* 124 LDL 0 */
#line 60
    { uint32_t x0_ = (uint32_t)t1; if (x0_ >= (uint32_t)nplayers) { fp[10] = t1; steps += 3; ON_AT(125u, 11u); goto slow; } unsigned char *a_ = state + 13u + x0_ * 1u; t1 = vm_load(a_, 1u); } /* 125 LDX 2 ; in_game */
#line 60
    steps += 4; if (t1 == 0) { steps++; goto pc_135; } steps++; /* 126 JZ 135 */
#line 60
    t1 = fp[0 /* p, best */]; /* 127 LDL 0 */
#line 60
    { uint32_t x0_ = (uint32_t)t1; if (x0_ >= (uint32_t)nplayers) { fp[10] = t1; steps += 1; ON_AT(128u, 11u); goto slow; } unsigned char *a_ = state + 17u + x0_ * 1u; t1 = vm_load(a_, 1u); } /* 128 LDX 4 ; score */
    /* 129 PUSH 30 */
#line 60
    { int32_t a_ = t1, b_ = 30; t1 = a_ >= b_; } /* 130 GE */
#line 60
    steps += 4; if (t1 == 0) { steps++; goto pc_135; } steps++; /* 131 JZ 135 */
    /* 132 PUSH 1 */
#line 60
    fp[2] = 1; /* 133 STL 2 */
#line 60
    steps += 2; steps++; goto pc_137; /* 134 JMP 137 */
#line 60
    pc_135:; if (fp[4] == INT32_MAX) { ON_AT(135u, 10u); goto slow; } fp[4]++; /* 135 INCL 4 */
#line 60
    steps++; if (steps >= limit) { ON_AT(136u, 10u); goto slow; } steps++; goto pc_118; /* 136 JMP 118 */
#line 60
    pc_137:; t1 = fp[2]; fp[10] = t1; steps++; /* 137 LDL 2 */
#line 60
    pc_138:; if (fp[10] != 0) { steps++; goto pc_190; } steps++; /* 138 JNZ 190 */
    t1 = vm_load(state + 16u, 1u); /* 139 LDG 3 ; round */
    /* 140 PUSH 1 */
#line 61
    t1 = t1 + 1; /* 141 ADD */
#line 61
    { int32_t x_ = t1; if (mode == VM_EVAL || x_ < 0 || x_ > 20) { fp[10] = t1; steps += 3; ON_AT(142u, 11u); goto slow; } vm_store(state + 16u, 1u, x_); } /* 142 STG 3 ; round */
    /* 143 PUSH 0 */
#line 62
    fp[2] = 0; steps += 6; /* 144 STL 2 */
#line 62
    pc_145:; t1 = fp[2]; /* 145 LDL 2 */
#line 62
    t2 = nplayers; /* 146 NPLAYERS */
#line 62
    { int32_t a_ = t1, b_ = t2; t1 = a_ < b_; } /* 147 LT */
#line 62
    steps += 3; if (t1 == 0) { steps++; goto pc_160; } steps++; /* 148 JZ 160 */
#line 62
    t1 = fp[2]; /* 149 LDL 2 */
#line 62
    fp[0 /* p, best */] = t1; /* 150 STL 0 */
#line 62
    t1 = fp[2]; /* 151 LDL 2 */
#line 62
    t2 = fp[0 /* p, best */]; /* 152 LDL 0 */
#line 62
    { uint32_t x0_ = (uint32_t)t2; if (x0_ >= (uint32_t)nplayers) { fp[10] = t1; fp[11] = t2; steps += 4; ON_AT(153u, 12u); goto slow; } unsigned char *a_ = state + 17u + x0_ * 1u; t2 = vm_load(a_, 1u); } /* 153 LDX 4 ; score */
#line 62
    { int32_t i_ = t1; if (i_ < 0 || i_ >= 6) { fp[10] = t1; fp[11] = t2; steps += 5; ON_AT(154u, 12u); goto slow; } fp[3 + i_] = t2; } /* 154 STLI 3 */
#line 62
    t1 = fp[2]; /* 155 LDL 2 */
    /* 156 PUSH 1 */
#line 62
    { int64_t r_ = (int64_t)t1 + 1; if (r_ < INT32_MIN || r_ > INT32_MAX) { fp[10] = t1; fp[11] = 1; steps += 8; ON_AT(157u, 12u); goto slow; } t1 = (int32_t)r_; } /* 157 ADD */
#line 62
    fp[2] = t1; /* 158 STL 2 */
#line 62
    steps += 10; if (steps >= limit) { ON_AT(159u, 10u); goto slow; } steps++; goto pc_145; /* 159 JMP 145 */
#line 62
    pc_160:; ON_AT(160u, 10u); if (ON_STEP() != VM_STEPPED) return rc; if (!ON_HERE(161u, 10u)) goto dispatch; /* 160 SORTP x=1 3 6 */
pc_161:;
    /* 161 PUSH 0 */
#line 62
    fp[2] = 0; steps += 2; /* 162 STL 2 */
#line 62
    pc_163:; t1 = fp[2]; /* 163 LDL 2 */
#line 62
    t2 = nplayers; /* 164 NPLAYERS */
#line 62
    { int32_t a_ = t1, b_ = t2; t1 = a_ < b_; } /* 165 LT */
#line 62
    steps += 3; if (t1 == 0) { steps++; goto pc_179; } steps++; /* 166 JZ 179 */
#line 62
    t1 = fp[2]; /* 167 LDL 2 */
#line 62
    { int32_t i_ = t1; if (i_ < 0 || i_ >= 3) { fp[10] = t1; steps += 1; ON_AT(168u, 11u); goto slow; } t1 = fp[6 + i_]; } /* 168 LDLI 6 */
#line 62
    fp[0 /* p, best */] = t1; /* 169 STL 0 */
#line 62
    t1 = fp[0 /* p, best */]; /* 170 LDL 0 */
#line 62
    { uint32_t x0_ = (uint32_t)t1; if (x0_ >= (uint32_t)nplayers) { fp[10] = t1; steps += 4; ON_AT(171u, 11u); goto slow; } unsigned char *a_ = state + 13u + x0_ * 1u; t1 = vm_load(a_, 1u); } /* 171 LDX 2 ; in_game */
#line 62
    steps += 5; if (t1 == 0) { steps++; goto pc_177; } steps++; /* 172 JZ 177 */
    t1 = fp[0 /* p, best */]; /* 173 LDL 0 */
#line 63
    steps++; { int32_t p_ = t1; if (mode == VM_EVAL || (uint32_t)p_ >= (uint32_t)nplayers) { fp[10] = t1; ON_AT(174u, 11u); goto slow; } unsigned char *a_ = state + 1u + (uint32_t)p_ * 4u; int32_t t_ = vm_load(a_, 4u); if (t_ >= 2147483647) { fp[10] = t1; ON_AT(174u, 11u); goto slow; } vm_store(state + 0u, 1u, p_); vm_store(a_, 4u, t_ + 1); if (g->trace) { fp[10] = t1; ON_AT(174u, 10u); ON_EVENT(ORDO_EV_TURN, p_, 0, 0, NULL); } else g->seq++; steps++; } /* 174 TURN */
    t1 = fp[0 /* p, best */]; /* 175 LDL 0 */
#line 64
    steps++; fp[10] = t1; if (nframes >= 3u || stack_end - (fp + 10) < 8 || steps >= limit) { ON_AT(176u, 11u); goto slow; } { int32_t *nfp_ = fp + 10; nfp_[1] = 0; nfp_[2] = 0; ON_FRAME(177u, 1, nfp_, 9u); fp = nfp_; steps++; if (ON_CALL(tiny_program_take_turn, 5u, 3u) != ON_GOTO) return rc; if (!ON_HERE(177u, 10u)) goto dispatch; } /* 176 CALL 1 ; take_turn */
#line 64
    pc_177:; if (fp[2] == INT32_MAX) { ON_AT(177u, 10u); goto slow; } fp[2]++; /* 177 INCL 2 */
#line 64
    steps++; if (steps >= limit) { ON_AT(178u, 10u); goto slow; } steps++; goto pc_163; /* 178 JMP 163 */
pc_179:;
    /* 179 PUSH 0 */
    fp[2] = 0; /* 180 STL 2 */
#line 67
    t1 = fp[2]; /* 181 LDL 2 */
#line 67
    steps += 3; { int32_t p_ = t1; if (mode == VM_EVAL || (uint32_t)p_ >= (uint32_t)nplayers) { fp[10] = t1; ON_AT(182u, 11u); goto slow; } if (g->trace) { fp[10] = t1; ON_AT(182u, 10u); ON_EVENT(ORDO_EV_WINDOW, p_, 4, 0, NULL); } else g->seq++; steps++; } /* 182 WINDOW x=0 4 ; "may concede" */
#line 67
    if (mode == VM_EVAL) { ON_AT(183u, 10u); goto slow; } VM_CLEAR_OPTS(g); /* 183 OPTS */
#line 67
    if (mode == VM_EVAL || g->nopts >= 4u) { steps += 1; ON_AT(184u, 10u); goto slow; } ON_OFFER(5u, VM_OPT_PLAIN, 0); /* 184 OFFERN 5 ; "pass" */
#line 67
    t1 = fp[2]; /* 185 LDL 2 */
#line 67
    steps += 3; { fp[10] = t1; ON_AT(186u, 11u); goto slow; } /* 186 WAIT x=3 0 0 */
#line 67
    pc_187:; t1 = fp[2]; /* 187 LDL 2 */
#line 67
    steps++; { int32_t p_ = t1; if (mode == VM_EVAL || (uint32_t)p_ >= (uint32_t)nplayers) { fp[10] = t1; ON_AT(188u, 11u); goto slow; } if (g->trace) { fp[10] = t1; ON_AT(188u, 10u); ON_EVENT(ORDO_EV_WINDOW_END, p_, 4, 0, NULL); } else g->seq++; steps++; } /* 188 WINDOW x=1 4 ; "may concede" */
#line 67
    if (steps >= limit) { ON_AT(189u, 10u); goto slow; } steps++; goto pc_108; /* 189 JMP 108 */
#line 67
    pc_190:; { int32_t s_ = fp[9]; if (mode == VM_EVAL || s_ < -1 || s_ >= 5) { ON_AT(190u, 10u); goto slow; } cur_step = s_; } /* 190 STEPEND */
#line 67
    if (mode == VM_EVAL || g->nesc < 1u) { steps += 1; ON_AT(191u, 9u); goto slow; } g->nesc = (uint16_t)(g->nesc - 1u); /* 191 UNESC x=1 */
#line 67
    steps += 2; steps++; goto pc_197; /* 192 JMP 197 */
pc_193:;
    /* 193 PUSH 0 */
#line 71
    steps++; if (mode == VM_EVAL) { fp[9] = 0; ON_AT(194u, 10u); goto slow; } if (g->trace) { fp[9] = 0; ON_AT(194u, 9u); ON_EVENT(ORDO_EV_EVENT, -1, 2, 1, fp + 9u); } else g->seq++; steps++; /* 194 EMIT x=1 2 ; conceded */
    /* 195 PUSH 1 */
#line 72
    steps++; { fp[9] = 1; ON_AT(196u, 10u); goto slow; } /* 196 END x=1 0 0 */
#line 74
    pc_197:; if (mode == VM_EVAL) { ON_AT(197u, 9u); goto slow; } t0 = cur_step; cur_step = 4; if (g->trace) { fp[9] = t0; ON_AT(197u, 10u); ON_EVENT(ORDO_EV_STEP, -1, 4, 0, NULL); } else g->seq++; steps++; /* 197 STEP 4 ; step 2 "the highest score wins" [TINY-2] */
    /* 198 PUSH 0 */
#line 75
    fp[2] = 0; /* 199 STL 2 */
    /* 200 PUSH 0 */
#line 75
    fp[3] = 0; /* 201 STL 3 */
    /* 202 PUSH 0 */
#line 75
    fp[4] = 0; fp[9] = t0; steps += 6; /* 203 STL 4 */
#line 75
    pc_204:; t1 = fp[4]; /* 204 LDL 4 */
#line 75
    t2 = nplayers; /* 205 NPLAYERS */
#line 75
    { int32_t a_ = t1, b_ = t2; t1 = a_ < b_; } /* 206 LT */
#line 75
    steps += 3; if (t1 == 0) { steps++; goto pc_228; } steps++; /* 207 JZ 228 */
#line 75
    t1 = fp[4]; /* 208 LDL 4 */
#line 75
    fp[0 /* p, best */] = t1; /* 209 STL 0 */
#line 75
    t1 = fp[0 /* p, best */]; /* 210 LDL 0 */
#line 75
    { uint32_t x0_ = (uint32_t)t1; if (x0_ >= (uint32_t)nplayers) { fp[10] = t1; steps += 3; ON_AT(211u, 11u); goto slow; } unsigned char *a_ = state + 13u + x0_ * 1u; t1 = vm_load(a_, 1u); } /* 211 LDX 2 ; in_game */
#line 75
    steps += 4; if (t1 == 0) { steps++; goto pc_226; } steps++; /* 212 JZ 226 */
#line 75
    t1 = fp[3]; /* 213 LDL 3 */
#line 75
    steps++; if (t1 == 0) { steps++; goto pc_221; } steps++; /* 214 JZ 221 */
#line 75
    t1 = fp[2]; /* 215 LDL 2 */
#line 75
    t2 = fp[0 /* p, best */]; /* 216 LDL 0 */
#line 75
    { uint32_t x0_ = (uint32_t)t2; if (x0_ >= (uint32_t)nplayers) { fp[10] = t1; fp[11] = t2; steps += 2; ON_AT(217u, 12u); goto slow; } unsigned char *a_ = state + 17u + x0_ * 1u; t2 = vm_load(a_, 1u); } /* 217 LDX 4 ; score */
#line 75
    { int32_t a_ = t1, b_ = t2; t1 = a_ > b_ ? a_ : b_; } /* 218 MAX */
#line 75
    fp[2] = t1; /* 219 STL 2 */
#line 75
    steps += 5; steps++; goto pc_226; /* 220 JMP 226 */
#line 75
    pc_221:; t1 = fp[0 /* p, best */]; /* 221 LDL 0 */
#line 75
    { uint32_t x0_ = (uint32_t)t1; if (x0_ >= (uint32_t)nplayers) { fp[10] = t1; steps += 1; ON_AT(222u, 11u); goto slow; } unsigned char *a_ = state + 17u + x0_ * 1u; t1 = vm_load(a_, 1u); } /* 222 LDX 4 ; score */
#line 75
    fp[2] = t1; /* 223 STL 2 */
    /* 224 PUSH 1 */
#line 75
    fp[3] = 1; steps += 5; /* 225 STL 3 */
#line 75
    pc_226:; if (fp[4] == INT32_MAX) { ON_AT(226u, 10u); goto slow; } fp[4]++; /* 226 INCL 4 */
#line 75
    steps++; if (steps >= limit) { ON_AT(227u, 10u); goto slow; } steps++; goto pc_204; /* 227 JMP 204 */
#line 75
    pc_228:; t1 = fp[2]; /* 228 LDL 2 */
#line 75
    fp[0 /* p, best */] = t1; /* 229 STL 0 */
    /* 230 PUSH 0 */
#line 76
    fp[2] = 0; steps += 4; /* 231 STL 2 */
#line 76
    pc_232:; t1 = fp[2]; /* 232 LDL 2 */
#line 76
    t2 = nplayers; /* 233 NPLAYERS */
#line 76
    { int32_t a_ = t1, b_ = t2; t1 = a_ < b_; } /* 234 LT */
#line 76
    steps += 3; if (t1 == 0) { steps++; goto pc_250; } steps++; /* 235 JZ 250 */
#line 76
    t1 = fp[2]; /* 236 LDL 2 */
#line 76
    fp[L_p] = t1; /* 237 STL 1 */
#line 76
    t1 = fp[L_p]; /* 238 LDL 1 */
#line 76
    { uint32_t x0_ = (uint32_t)t1; if (x0_ >= (uint32_t)nplayers) { fp[10] = t1; steps += 3; ON_AT(239u, 11u); goto slow; } unsigned char *a_ = state + 13u + x0_ * 1u; t1 = vm_load(a_, 1u); } /* 239 LDX 2 ; in_game */
#line 76
    steps += 4; if (t1 == 0) { steps++; goto pc_248; } steps++; /* 240 JZ 248 */
#line 76
    t1 = fp[L_p]; /* 241 LDL 1 */
#line 76
    { uint32_t x0_ = (uint32_t)t1; if (x0_ >= (uint32_t)nplayers) { fp[10] = t1; steps += 1; ON_AT(242u, 11u); goto slow; } unsigned char *a_ = state + 17u + x0_ * 1u; t1 = vm_load(a_, 1u); } /* 242 LDX 4 ; score */
#line 76
    t2 = fp[0 /* p, best */]; /* 243 LDL 0 */
#line 76
    { int32_t a_ = t1, b_ = t2; t1 = a_ == b_; } /* 244 EQ */
#line 76
    steps += 4; if (t1 == 0) { steps++; goto pc_248; } steps++; /* 245 JZ 248 */
    t1 = fp[L_p]; /* 246 LDL 1 */
#line 77
    steps++; { fp[10] = t1; ON_AT(247u, 11u); goto slow; } /* 247 END x=1 0 0 */
#line 77
    pc_248:; if (fp[2] == INT32_MAX) { ON_AT(248u, 10u); goto slow; } fp[2]++; /* 248 INCL 2 */
#line 77
    steps++; if (steps >= limit) { ON_AT(249u, 10u); goto slow; } steps++; goto pc_232; /* 249 JMP 232 */
#line 77
    pc_250:; { int32_t s_ = fp[9]; if (mode == VM_EVAL || s_ < -1 || s_ >= 5) { ON_AT(250u, 10u); goto slow; } cur_step = s_; } /* 250 STEPEND */
#line 77
    steps++; if (nframes - 1u == base) { ON_AT(251u, 9u); goto slow; } { ON_RETURN(); steps++; } if (nframes < level) { ON_SAVE(pc, dsp); return ON_GOTO; } goto dispatch; /* 251 RET */
#line 1125 "tiny.c"
}

/* where each proc's code starts, in order, and its function (NULL: the
 * interpreter's, for the procs from there to the next entry) */
static const uint32_t tiny_program_first[4] = {
    0u, 5u, 105u, 252u,
};
static const on_fn tiny_program_fn[4] = {
    tiny_program_reached, tiny_program_take_turn, tiny_program_sequence, NULL,
};
static const uint8_t tiny_program_entry[14] = {
    0, 1, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
};

static int tiny_program_run(ordo_game *g, int mode, uint32_t base, int32_t *result, uint32_t level)
{
    while (g->nframes > level) {
        uint16_t proc = VM_FRAMES(g)[g->nframes - 1u].proc;
        on_fn fn = on_lookup(tiny_program_first, tiny_program_fn, 4u, g->pc,
                             proc < 14u ? tiny_program_entry[proc] : 0u);
        if (!fn)
            return ordo_vm_interpret(g, mode, base, result);
        int rc = fn(g, mode, base, result, 0);
        if (rc != ON_GOTO)
            return rc;
    }
    return ON_GOTO;
}

static int tiny_program_native(ordo_game *g, int mode, uint32_t base, int32_t *result)
{
    int rc = tiny_program_run(g, mode, base, result, 0);
    return rc == ON_GOTO ? ordo_vm_interpret(g, mode, base, result) : rc;
}

const ordo_program tiny_program = {
    .magic = ORDO_PROGRAM_MAGIC,
    .version = ORDO_PROGRAM_VERSION,
    .title = "Tiny: a dice race",
    .source = "ordo test data \"tiny\" (no document)",
    .file = "tests/e2e/data/tiny.ordo",
    .min_players = 2, .max_players = 3,
    .code = tiny_program_code, .ncode = 290,
    .vars = tiny_program_vars, .nvars = 8,
    .enums = tiny_program_enums, .nenums = 1,
    .names = tiny_program_names, .nnames = 3,
    .steps = tiny_program_steps, .nsteps = 5,
    .procs = tiny_program_procs, .nprocs = 14,
    .options = tiny_program_options, .noptions = 6,
    .escapes = tiny_program_escapes, .nescapes = 1,
    .events = tiny_program_events, .nevents = 3,
    .texts = tiny_program_texts, .ntexts = 5,
    .scenarios = tiny_program_scenarios, .nscenarios = 4,
    .items = tiny_program_items, .nitems = 37,
    .main_proc = 2,
    .state_size = 36,
    .stack_size = 26,
    .max_frames = 3,
    .max_options = 4,
    .max_escapes = 1,
    .lines = tiny_program_lines, .nlines = 36,
    .native = tiny_program_native,
};

/* generated from tests/e2e/data/tiny.ordo by ordoc 0.1.0 — do not edit */
/* ruleset: Tiny: a dice race */
#include "ordo.h"
/* the game block, for the code compiled to C below */
#include "ordo_native.h"
#include "tiny.h"
/* instruction numbers, from the runtime's one list (opcode_list.h) */
#include "opcodes.h"

static const ordo_insn tiny_program_code[275] = {
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
    {ORDO_OP_WAIT, 0, 0, 0},             /* 33 */
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
    {ORDO_OP_LOG, 2, 0, 0},              /* 52 */
    {ORDO_OP_OPTS, 0, 0, 0},             /* 53 */
    {ORDO_OP_OFFERN, 0, 1, 0},           /* 54 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 55 */
    {ORDO_OP_LDX, 0, 6, 0},              /* 56 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 57 */
    {ORDO_OP_GT, 0, 0, 0},               /* 58 */
    {ORDO_OP_JZ, 0, 0, 61},              /* 59 */
    {ORDO_OP_OFFERN, 0, 2, 0},           /* 60 */
    {ORDO_OP_LDL, 0, 0, 0},              /* 61 */
    {ORDO_OP_WAIT, 0, 0, 0},             /* 62 */
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
    {ORDO_OP_LOG, 1, 1, 0},              /* 100 */
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
    {ORDO_OP_WINDOW, 0, 2, 0},           /* 182 */
    {ORDO_OP_OPTS, 0, 0, 0},             /* 183 */
    {ORDO_OP_OFFERN, 0, 5, 0},           /* 184 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 185 */
    {ORDO_OP_WAIT, 0, 0, 0},             /* 186 */
    {ORDO_OP_LDL, 0, 2, 0},              /* 187 */
    {ORDO_OP_WINDOW, 1, 2, 0},           /* 188 */
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
    /* fn expect#95 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 257 */
    {ORDO_OP_LDX, 0, 4, 0},              /* 258 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 259 */
    {ORDO_OP_GT, 0, 0, 0},               /* 260 */
    {ORDO_OP_RETV, 0, 0, 0},             /* 261 */
    /* proc setup#106 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 262 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 263 */
    {ORDO_OP_STX, 0, 6, 0},              /* 264 */
    {ORDO_OP_RET, 0, 0, 0},              /* 265 */
    /* fn expect#113 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 266 */
    {ORDO_OP_LDX, 0, 6, 0},              /* 267 */
    {ORDO_OP_PUSH, 0, 0, 0},             /* 268 */
    {ORDO_OP_EQ, 0, 0, 0},               /* 269 */
    {ORDO_OP_RETV, 0, 0, 0},             /* 270 */
    /* proc setup#127 */
    {ORDO_OP_PUSH, 0, 0, 1},             /* 271 */
    {ORDO_OP_PUSH, 0, 0, 31},            /* 272 */
    {ORDO_OP_STX, 0, 4, 0},              /* 273 */
    {ORDO_OP_RET, 0, 0, 0},              /* 274 */
};

static const ordo_var tiny_program_vars[8] = {
    /* 0 */ {.name = "active", .offset = 0, .stride = 1, .kind = ORDO_K_PLAYER, .width = 1, .ndims = 0, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {0, 0}, .dim_enum = {0, 0}, .dim_lo = {0, 0}, .dim_n = {0, 0}, .lo = -1, .hi = 2, .init = -1, .line = 0},
    /* 1 */ {.name = "turns", .offset = 1, .stride = 4, .kind = ORDO_K_INT, .width = 4, .ndims = 1, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {ORDO_DIM_PLAYER, 0}, .dim_enum = {0, 0}, .dim_lo = {0, 0}, .dim_n = {3, 0}, .lo = (-2147483647 - 1), .hi = 2147483647, .init = 0, .line = 0},
    /* 2 */ {.name = "in_game", .offset = 13, .stride = 1, .kind = ORDO_K_BOOL, .width = 1, .ndims = 1, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {ORDO_DIM_PLAYER, 0}, .dim_enum = {0, 0}, .dim_lo = {0, 0}, .dim_n = {3, 0}, .lo = 0, .hi = 1, .init = 1, .line = 0},
    /* 3 */ {.name = "round", .offset = 16, .stride = 1, .kind = ORDO_K_INT, .width = 1, .ndims = 0, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {0, 0}, .dim_enum = {0, 0}, .dim_lo = {0, 0}, .dim_n = {0, 0}, .lo = 0, .hi = 20, .init = 0, .line = 15},
    /* 4 */ {.name = "score", .offset = 17, .stride = 1, .kind = ORDO_K_INT, .width = 1, .ndims = 1, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {ORDO_DIM_PLAYER, 0}, .dim_enum = {0, 0}, .dim_lo = {0, 0}, .dim_n = {3, 0}, .lo = 0, .hi = 99, .init = 0, .line = 16},
    /* 5 */ {.name = "color", .offset = 20, .stride = 1, .kind = ORDO_K_ENUM, .width = 1, .ndims = 1, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {ORDO_DIM_PLAYER, 0}, .dim_enum = {0, 0}, .dim_lo = {0, 0}, .dim_n = {3, 0}, .lo = 0, .hi = 2, .init = 0, .line = 17},
    /* 6 */ {.name = "doubles_left", .offset = 23, .stride = 1, .kind = ORDO_K_INT, .width = 1, .ndims = 1, .is_list = 0, .cap = 0, .enum_id = 0,
        .dim_kind = {ORDO_DIM_PLAYER, 0}, .dim_enum = {0, 0}, .dim_lo = {0, 0}, .dim_n = {3, 0}, .lo = 0, .hi = 2, .init = 2, .line = 18},
    /* 7 */ {.name = "painted", .offset = 26, .stride = 10, .kind = ORDO_K_ENUM, .width = 1, .ndims = 0, .is_list = 1, .cap = 8, .enum_id = 0,
        .dim_kind = {0, 0}, .dim_enum = {0, 0}, .dim_lo = {0, 0}, .dim_n = {0, 0}, .lo = 0, .hi = 2, .init = 0, .line = 19},
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

static const ordo_proc tiny_program_procs[8] = {
    /* 0 */ {.name = "reached", .pc = 0, .nparams = 1, .nlocals = 1,
        .param_kind = {ORDO_K_PLAYER, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 1, .line = 25, .room = 4},
    /* 1 */ {.name = "take_turn", .pc = 5, .nparams = 1, .nlocals = 3,
        .param_kind = {ORDO_K_PLAYER, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 0, .line = 27, .room = 9},
    /* 2 */ {.name = "sequence", .pc = 105, .nparams = 0, .nlocals = 9,
        .param_kind = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 0, .line = 57, .room = 13},
    /* 3 */ {.name = "expect#91", .pc = 252, .nparams = 0, .nlocals = 0,
        .param_kind = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 1, .line = 91, .room = 3},
    /* 4 */ {.name = "expect#95", .pc = 257, .nparams = 0, .nlocals = 0,
        .param_kind = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 1, .line = 95, .room = 3},
    /* 5 */ {.name = "setup#106", .pc = 262, .nparams = 0, .nlocals = 0,
        .param_kind = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 0, .line = 106, .room = 3},
    /* 6 */ {.name = "expect#113", .pc = 266, .nparams = 0, .nlocals = 0,
        .param_kind = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 1, .line = 113, .room = 3},
    /* 7 */ {.name = "setup#127", .pc = 271, .nparams = 0, .nlocals = 0,
        .param_kind = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 0, .line = 127, .room = 3},
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
        .param_kind = {ORDO_K_PLAYER, ORDO_K_ENUM, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_name = {"p", "c", NULL, NULL, NULL, NULL, NULL, NULL}},
    /* 1 */ {.name = "scored", .nparams = 2,
        .param_kind = {ORDO_K_PLAYER, ORDO_K_INT, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_name = {"p", "points", NULL, NULL, NULL, NULL, NULL, NULL}},
    /* 2 */ {.name = "conceded", .nparams = 1,
        .param_kind = {ORDO_K_PLAYER, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_name = {"p", NULL, NULL, NULL, NULL, NULL, NULL, NULL}},
};

static const ordo_text tiny_program_texts[3] = {
    /* 0 */ {.text = "{} rolls {}", .nargs = 2,
        .arg_kind = {ORDO_K_PLAYER, ORDO_K_INT, 0, 0, 0, 0, 0, 0},
        .arg_enum = {0, 0, 0, 0, 0, 0, 0, 0}},
    /* 1 */ {.text = "{} looks back", .nargs = 1,
        .arg_kind = {ORDO_K_PLAYER, 0, 0, 0, 0, 0, 0, 0},
        .arg_enum = {0, 0, 0, 0, 0, 0, 0, 0}},
    /* 2 */ {.text = "may concede", .nargs = 0,
        .arg_kind = {0, 0, 0, 0, 0, 0, 0, 0},
        .arg_enum = {0, 0, 0, 0, 0, 0, 0, 0}},
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
    /* 0 */ {.kind = ORDO_SC_PLAYERS, .x = 0, .a = 2, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 83},
    /* 1 */ {.kind = ORDO_SC_SEED, .x = 0, .a = 0, .b = 0, .args = {3, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 84},
    /* 2 */ {.kind = ORDO_SC_PLAY, .x = 0, .a = 2, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 85},
    /* 3 */ {.kind = ORDO_SC_DECIDER, .x = 0, .a = 0, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 86},
    /* 4 */ {.kind = ORDO_SC_OFFERED, .x = 0, .a = 0, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = "paint red", .line = 87},
    /* 5 */ {.kind = ORDO_SC_NOT_OFFERED, .x = 0, .a = 0, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = "paint blue", .line = 88},
    /* 6 */ {.kind = ORDO_SC_OFFERED, .x = 0, .a = 0, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = "concede", .line = 89},
    /* 7 */ {.kind = ORDO_SC_CHOOSE, .x = 0, .a = 0, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = "paint green", .line = 90},
    /* 8 */ {.kind = ORDO_SC_EXPECT, .x = 0, .a = 3, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = "color[player 1] == green", .line = 91},
    /* 9 */ {.kind = ORDO_SC_EVENT, .x = 2, .a = 0, .b = 0, .args = {0, 1, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 92},
    /* 10 */ {.kind = ORDO_SC_OFFERED, .x = 0, .a = 0, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = "double", .line = 93},
    /* 11 */ {.kind = ORDO_SC_CHOOSE, .x = 0, .a = 0, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = "bank", .line = 94},
    /* 12 */ {.kind = ORDO_SC_EXPECT, .x = 0, .a = 4, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = "score[player 1] > 0", .line = 95},
    /* 13 */ {.kind = ORDO_SC_EVENT, .x = 2, .a = 1, .b = 2, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 96},
    /* 14 */ {.kind = ORDO_SC_BEFORE, .x = 0, .a = 0, .b = 1, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 97},
    /* 15 */ {.kind = ORDO_SC_NO_EVENT, .x = 0, .a = 2, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 98},
    /* 16 */ {.kind = ORDO_SC_CHOOSE, .x = 0, .a = 0, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = "skip", .line = 99},
    /* 17 */ {.kind = ORDO_SC_STEP_NOT_RAN, .x = 0, .a = 2, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 100},
    /* 18 */ {.kind = ORDO_SC_DECIDER, .x = 0, .a = 0, .b = 0, .args = {1, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 101},
    /* 19 */ {.kind = ORDO_SC_PLAYERS, .x = 0, .a = 3, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 105},
    /* 20 */ {.kind = ORDO_SC_SETUP, .x = 0, .a = 5, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 106},
    /* 21 */ {.kind = ORDO_SC_PLAY, .x = 1, .a = 1, .b = 0, .args = {1, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 109},
    /* 22 */ {.kind = ORDO_SC_STEP_NOT_RAN, .x = 0, .a = 0, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 110},
    /* 23 */ {.kind = ORDO_SC_DECIDER, .x = 0, .a = 0, .b = 0, .args = {1, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 111},
    /* 24 */ {.kind = ORDO_SC_CHOOSE, .x = 0, .a = 0, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = "double", .line = 112},
    /* 25 */ {.kind = ORDO_SC_EXPECT, .x = 0, .a = 6, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = "doubles_left[player 2] == 0", .line = 113},
    /* 26 */ {.kind = ORDO_SC_CHOOSE, .x = 0, .a = 0, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = "look back", .line = 114},
    /* 27 */ {.kind = ORDO_SC_STEP_RAN, .x = 0, .a = 2, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 115},
    /* 28 */ {.kind = ORDO_SC_OVER, .x = 0, .a = 0, .b = 0, .args = {-1, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 116},
    /* 29 */ {.kind = ORDO_SC_PLAY, .x = 0, .a = 2, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 120},
    /* 30 */ {.kind = ORDO_SC_CHOOSE, .x = 0, .a = 0, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = "concede", .line = 121},
    /* 31 */ {.kind = ORDO_SC_EVENT, .x = 1, .a = 2, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 122},
    /* 32 */ {.kind = ORDO_SC_OVER, .x = 1, .a = 0, .b = 0, .args = {1, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 123},
    /* 33 */ {.kind = ORDO_SC_SETUP, .x = 0, .a = 7, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 127},
    /* 34 */ {.kind = ORDO_SC_PLAY, .x = 0, .a = 2, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 130},
    /* 35 */ {.kind = ORDO_SC_STEP_RAN, .x = 0, .a = 4, .b = 0, .args = {0, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 131},
    /* 36 */ {.kind = ORDO_SC_OVER, .x = 1, .a = 0, .b = 0, .args = {1, 0, 0, 0, 0, 0, 0, 0},
        .text = NULL, .line = 132},
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
    {257, 95, 0},
    {262, 107, 0},
    {266, 113, 0},
    {271, 128, 0},
};

/* ---- the code as C (ordo_native.h): a function a proc, its
 * instructions in order; ON_SLOW runs one in the interpreter,
 * `dispatch` resumes at a pc */
static int tiny_program_run(ordo_game *g, int mode, uint32_t base, int32_t *result, uint32_t level);
static int tiny_program_p0(ordo_game *g, int mode, uint32_t base, int32_t *result);
static int tiny_program_p1(ordo_game *g, int mode, uint32_t base, int32_t *result);
static int tiny_program_p2(ordo_game *g, int mode, uint32_t base, int32_t *result);
static int tiny_program_p3(ordo_game *g, int mode, uint32_t base, int32_t *result);
static int tiny_program_p4(ordo_game *g, int mode, uint32_t base, int32_t *result);
static int tiny_program_p5(ordo_game *g, int mode, uint32_t base, int32_t *result);
static int tiny_program_p6(ordo_game *g, int mode, uint32_t base, int32_t *result);
static int tiny_program_p7(ordo_game *g, int mode, uint32_t base, int32_t *result);

/* fn reached (proc 0, line 25): 1 params, 1 locals; operand k at fp[1 + k] */
static int tiny_program_p0(ordo_game *g, int mode, uint32_t base, int32_t *result)
{
    ON_REGISTERS;
dispatch:
    if (nframes == 0u)
        goto interp;
    switch (pc) {
    ON_ENTRY(0, 0u, 1u, 3)
    default:
        if (pc < 5u)
            goto interp;
        ON_ELSEWHERE(tiny_program_run);
    }
slow:
    ON_STEP();
    goto dispatch;
interp:
    ON_SAVE(pc, dsp);
    return ordo_vm_interpret(g, mode, base, result);
L_0:;
    /* 0 LDL 0 */
    int32_t v0 = fp[0]; steps++;
    /* 1 LDX 4 ; score */
    int32_t v1;
    {
        uint32_t x0_ = (uint32_t)v0;
        if (x0_ >= (uint32_t)nplayers) { fp[1] = v0; ON_SLOW(1u, 2u); }
        unsigned char *a_ = state + 17u + x0_ * 1u;
        v1 = vm_load(a_, 1u); steps++;
    }
    /* 2 PUSH 30 */
    steps++;
    /* 3 GE */
    int32_t v3;
    { int32_t a_ = v1, b_ = 30; v3 = a_ >= b_; steps++; }
    /* 4 RETV */
    if (nframes - 1u == base) { fp[1] = v3; ON_SLOW(4u, 2u); }
    { int32_t v_ = v3; ON_RETURN(); stack[dsp++] = v_; steps++; goto dispatch; }
}

/* proc take_turn (proc 1, line 27): 1 params, 3 locals; operand k at fp[3 + k] */
static int tiny_program_p1(ordo_game *g, int mode, uint32_t base, int32_t *result)
{
    ON_REGISTERS;
dispatch:
    if (nframes == 0u)
        goto interp;
    switch (pc) {
    ON_ENTRY(5, 1u, 3u, 8)
    ON_ENTRY(18, 1u, 4u, 8)
    ON_ENTRY(30, 1u, 4u, 8)
    ON_ENTRY(32, 1u, 4u, 8)
    ON_ENTRY(34, 1u, 5u, 8)
    ON_ENTRY(45, 1u, 3u, 8)
    ON_ENTRY(46, 1u, 3u, 8)
    ON_ENTRY(49, 1u, 5u, 8)
    ON_ENTRY(61, 1u, 4u, 8)
    ON_ENTRY(63, 1u, 4u, 8)
    ON_ENTRY(73, 1u, 4u, 8)
    ON_ENTRY(92, 1u, 4u, 8)
    ON_ENTRY(98, 1u, 3u, 8)
    ON_ENTRY(103, 1u, 3u, 8)
    ON_ENTRY(104, 1u, 3u, 8)
    default:
        if (pc >= 5u && pc < 105u)
            goto interp;
        ON_ELSEWHERE(tiny_program_run);
    }
slow:
    ON_STEP();
    goto dispatch;
interp:
    ON_SAVE(pc, dsp);
    return ordo_vm_interpret(g, mode, base, result);
L_5:;
    /* 5 LDG 0 ; active */
    int32_t v5 = vm_load(state + 0u, 1u); steps++;
    /* 6 PUSH -1 */
    steps++;
    /* 7 EQ */
    int32_t v7;
    { int32_t a_ = v5, b_ = -1; v7 = a_ == b_; steps++; }
    /* 8 JNZ 45 */
    if (v7 != 0) { steps++; goto L_45; }
    steps++;
    /* 9 LDG 0 ; active */
    int32_t v9 = vm_load(state + 0u, 1u); steps++;
    /* 10 LDX 1 ; turns */
    int32_t v10;
    {
        uint32_t x0_ = (uint32_t)v9;
        if (x0_ >= (uint32_t)nplayers) { fp[3] = v9; ON_SLOW(10u, 4u); }
        unsigned char *a_ = state + 1u + x0_ * 4u;
        v10 = vm_load(a_, 4u); steps++;
    }
    /* 11 PUSH 1 */
    steps++;
    /* 12 EQ */
    int32_t v12;
    { int32_t a_ = v10, b_ = 1; v12 = a_ == b_; steps++; }
    /* 13 JZ 45 */
    if (v12 == 0) { steps++; goto L_45; }
    steps++;
    /* 14 STEP 0 ; step 1.1 "paint" [TINY-PAINT] */
    if (mode == VM_EVAL || g->trace) { ON_SLOW(14u, 3u); }
    g->seq++; steps++;
    int32_t v14 = cur_step;
    cur_step = 0;
    /* 15 OPTS */
    if (mode == VM_EVAL) { fp[3] = v14; ON_SLOW(15u, 4u); }
    VM_CLEAR_OPTS(g); steps++;
    /* 16 PUSH 0 */
    steps++;
    /* 17 STL 2 */
    fp[2] = 0; steps++;
    fp[3] = v14; 
L_18:;
    /* 18 LDL 2 */
    int32_t v18 = fp[2]; steps++;
    /* 19 PUSH 3 */
    steps++;
    /* 20 LT */
    int32_t v20;
    { int32_t a_ = v18, b_ = 3; v20 = a_ < b_; steps++; }
    /* 21 JZ 32 */
    if (v20 == 0) { steps++; goto L_32; }
    steps++;
    /* 22 LDL 2 */
    int32_t v22 = fp[2]; steps++;
    /* 23 STL 1 */
    fp[1] = v22; steps++;
    /* 24 LDL 1 */
    int32_t v24 = fp[1]; steps++;
    /* 25 PUSH 2 */
    steps++;
    /* 26 NE */
    int32_t v26;
    { int32_t a_ = v24, b_ = 2; v26 = a_ != b_; steps++; }
    /* 27 JZ 30 */
    if (v26 == 0) { steps++; goto L_30; }
    steps++;
    /* 28 LDL 1 */
    int32_t v28 = fp[1]; steps++;
    /* 29 OFFER 0 ; "paint {}" */
    if (mode == VM_EVAL || g->nopts >= 4u) { fp[4] = v28; ON_SLOW(29u, 5u); }
    ON_OFFER(0u, VM_OPT_PARAM, v28); steps++;
L_30:;
    /* 30 INCL 2 */
    if (fp[2] == INT32_MAX) { ON_SLOW(30u, 4u); }
    fp[2]++; steps++;
    /* 31 JMP 18 */
    if (steps >= limit) { ON_SLOW(31u, 4u); }
    steps++; goto L_18;
L_32:;
    /* 32 LDL 0 */
    int32_t v32 = fp[0]; steps++;
    /* 33 WAIT x=0 */
    { fp[4] = v32; ON_SLOW(33u, 5u); }
    fp[4] = v32; 
L_34:;
    /* 34 STL 1 */
    fp[1] = fp[4]; steps++;
    /* 35 LDL 0 */
    int32_t v35 = fp[0]; steps++;
    /* 36 LDL 1 */
    int32_t v36 = fp[1]; steps++;
    /* 37 STX 5 ; color */
    {
        uint32_t x0_ = (uint32_t)v35;
        if (x0_ >= (uint32_t)nplayers) { fp[4] = v35; fp[5] = v36; ON_SLOW(37u, 6u); }
        unsigned char *a_ = state + 20u + x0_ * 1u;
        int32_t x_ = v36;
        if (mode == VM_EVAL || x_ < 0 || x_ > 2) { fp[4] = v35; fp[5] = v36; ON_SLOW(37u, 6u); }
        vm_store(a_, 1u, x_); steps++;
    }
    /* 38 LDL 1 */
    int32_t v38 = fp[1]; steps++;
    /* 39 LADD 7 ; painted */
    {
        unsigned char *a_ = state + 26u;
        int16_t len_; memcpy(&len_, a_, 2);
        unsigned char *e_ = a_ + 2;
        int32_t x_ = v38;
        if (len_ >= 8 || mode == VM_EVAL || x_ < 0 || x_ > 2) { fp[4] = v38; ON_SLOW(39u, 5u); }
        vm_store(e_ + (uint32_t)len_ * 1u, 1u, x_);
        len_++;
        memcpy(a_, &len_, 2);
        steps++;
    }
    /* 40 LDL 0 */
    int32_t v40 = fp[0]; steps++;
    /* 41 LDL 1 */
    int32_t v41 = fp[1]; steps++;
    /* 42 EMIT x=2 0 ; painted_as */
    if (mode == VM_EVAL || g->trace) { fp[4] = v40; fp[5] = v41; ON_SLOW(42u, 6u); }
    g->seq++; steps++;
    /* 43 STEPEND */
    { int32_t s_ = fp[3];
      if (mode == VM_EVAL || s_ < -1 || s_ >= 5) { ON_SLOW(43u, 4u); }
      cur_step = s_; steps++; }
    /* 44 JMP 46 */
    steps++; goto L_46;
L_45:;
    /* 45 SKIP 0 ; step 1.1 "paint" [TINY-PAINT] */
    if (mode == VM_EVAL || g->trace) { ON_SLOW(45u, 3u); }
    g->seq++; steps++;
L_46:;
    /* 46 STEP 1 ; step 1.2 "roll" [TINY-ROLL] */
    if (mode == VM_EVAL || g->trace) { ON_SLOW(46u, 3u); }
    g->seq++; steps++;
    int32_t v46 = cur_step;
    cur_step = 1;
    /* 47 PUSH 1 */
    steps++;
    /* 48 ROLL 6 */
    fp[3] = v46; fp[4] = 1; 
    ON_STEP_AT(48u, 5u, 5u);
L_49:;
    /* 49 STL 1 */
    fp[1] = fp[4]; steps++;
    /* 50 LDL 0 */
    int32_t v50 = fp[0]; steps++;
    /* 51 LDL 1 */
    int32_t v51 = fp[1]; steps++;
    /* 52 LOG x=2 0 ; "{} rolls {}" */
    if (mode == VM_EVAL || g->trace) { fp[4] = v50; fp[5] = v51; ON_SLOW(52u, 6u); }
    g->seq++; steps++;
    /* 53 OPTS */
    if (mode == VM_EVAL) { ON_SLOW(53u, 4u); }
    VM_CLEAR_OPTS(g); steps++;
    /* 54 OFFERN 1 ; "bank" */
    if (mode == VM_EVAL || g->nopts >= 4u) { ON_SLOW(54u, 4u); }
    ON_OFFER(1u, VM_OPT_PLAIN, 0); steps++;
    /* 55 LDL 0 */
    int32_t v55 = fp[0]; steps++;
    /* 56 LDX 6 ; doubles_left */
    int32_t v56;
    {
        uint32_t x0_ = (uint32_t)v55;
        if (x0_ >= (uint32_t)nplayers) { fp[4] = v55; ON_SLOW(56u, 5u); }
        unsigned char *a_ = state + 23u + x0_ * 1u;
        v56 = vm_load(a_, 1u); steps++;
    }
    /* 57 PUSH 0 */
    steps++;
    /* 58 GT */
    int32_t v58;
    { int32_t a_ = v56, b_ = 0; v58 = a_ > b_; steps++; }
    /* 59 JZ 61 */
    if (v58 == 0) { steps++; goto L_61; }
    steps++;
    /* 60 OFFERN 2 ; "double" */
    if (mode == VM_EVAL || g->nopts >= 4u) { ON_SLOW(60u, 4u); }
    ON_OFFER(2u, VM_OPT_PLAIN, 0); steps++;
L_61:;
    /* 61 LDL 0 */
    int32_t v61 = fp[0]; steps++;
    /* 62 WAIT x=0 */
    { fp[4] = v61; ON_SLOW(62u, 5u); }
L_63:;
    /* 63 LDL 0 */
    int32_t v63 = fp[0]; steps++;
    /* 64 LDL 0 */
    int32_t v64 = fp[0]; steps++;
    /* 65 LDX 4 ; score */
    int32_t v65;
    {
        uint32_t x0_ = (uint32_t)v64;
        if (x0_ >= (uint32_t)nplayers) { fp[4] = v63; fp[5] = v64; ON_SLOW(65u, 6u); }
        unsigned char *a_ = state + 17u + x0_ * 1u;
        v65 = vm_load(a_, 1u); steps++;
    }
    /* 66 LDL 1 */
    int32_t v66 = fp[1]; steps++;
    /* 67 ADD */
    int32_t v67;
    { int64_t r_ = (int64_t)v65 + v66;
      if (r_ < INT32_MIN || r_ > INT32_MAX) { fp[4] = v63; fp[5] = v65; fp[6] = v66; ON_SLOW(67u, 7u); }
      v67 = (int32_t)r_; steps++; }
    /* 68 STX 4 ; score */
    {
        uint32_t x0_ = (uint32_t)v63;
        if (x0_ >= (uint32_t)nplayers) { fp[4] = v63; fp[5] = v67; ON_SLOW(68u, 6u); }
        unsigned char *a_ = state + 17u + x0_ * 1u;
        int32_t x_ = v67;
        if (mode == VM_EVAL || x_ < 0 || x_ > 99) { fp[4] = v63; fp[5] = v67; ON_SLOW(68u, 6u); }
        vm_store(a_, 1u, x_); steps++;
    }
    /* 69 LDL 0 */
    int32_t v69 = fp[0]; steps++;
    /* 70 LDL 1 */
    int32_t v70 = fp[1]; steps++;
    /* 71 EMIT x=2 1 ; scored */
    if (mode == VM_EVAL || g->trace) { fp[4] = v69; fp[5] = v70; ON_SLOW(71u, 6u); }
    g->seq++; steps++;
    /* 72 JMP 92 */
    steps++; goto L_92;
L_73:;
    /* 73 LDL 0 */
    int32_t v73 = fp[0]; steps++;
    /* 74 LDL 0 */
    int32_t v74 = fp[0]; steps++;
    /* 75 LDX 6 ; doubles_left */
    int32_t v75;
    {
        uint32_t x0_ = (uint32_t)v74;
        if (x0_ >= (uint32_t)nplayers) { fp[4] = v73; fp[5] = v74; ON_SLOW(75u, 6u); }
        unsigned char *a_ = state + 23u + x0_ * 1u;
        v75 = vm_load(a_, 1u); steps++;
    }
    /* 76 PUSH 1 */
    steps++;
    /* 77 SUB */
    int32_t v77;
    { int64_t r_ = (int64_t)v75 - 1;
      if (r_ < INT32_MIN || r_ > INT32_MAX) { fp[4] = v73; fp[5] = v75; fp[6] = 1; ON_SLOW(77u, 7u); }
      v77 = (int32_t)r_; steps++; }
    /* 78 STX 6 ; doubles_left */
    {
        uint32_t x0_ = (uint32_t)v73;
        if (x0_ >= (uint32_t)nplayers) { fp[4] = v73; fp[5] = v77; ON_SLOW(78u, 6u); }
        unsigned char *a_ = state + 23u + x0_ * 1u;
        int32_t x_ = v77;
        if (mode == VM_EVAL || x_ < 0 || x_ > 2) { fp[4] = v73; fp[5] = v77; ON_SLOW(78u, 6u); }
        vm_store(a_, 1u, x_); steps++;
    }
    /* 79 LDL 0 */
    int32_t v79 = fp[0]; steps++;
    /* 80 LDL 0 */
    int32_t v80 = fp[0]; steps++;
    /* 81 LDX 4 ; score */
    int32_t v81;
    {
        uint32_t x0_ = (uint32_t)v80;
        if (x0_ >= (uint32_t)nplayers) { fp[4] = v79; fp[5] = v80; ON_SLOW(81u, 6u); }
        unsigned char *a_ = state + 17u + x0_ * 1u;
        v81 = vm_load(a_, 1u); steps++;
    }
    /* 82 PUSH 2 */
    steps++;
    /* 83 LDL 1 */
    int32_t v83 = fp[1]; steps++;
    /* 84 MUL */
    int32_t v84;
    { int64_t r_ = (int64_t)2 * v83;
      if (r_ < INT32_MIN || r_ > INT32_MAX) { fp[4] = v79; fp[5] = v81; fp[6] = 2; fp[7] = v83; ON_SLOW(84u, 8u); }
      v84 = (int32_t)r_; steps++; }
    /* 85 ADD */
    int32_t v85;
    { int64_t r_ = (int64_t)v81 + v84;
      if (r_ < INT32_MIN || r_ > INT32_MAX) { fp[4] = v79; fp[5] = v81; fp[6] = v84; ON_SLOW(85u, 7u); }
      v85 = (int32_t)r_; steps++; }
    /* 86 STX 4 ; score */
    {
        uint32_t x0_ = (uint32_t)v79;
        if (x0_ >= (uint32_t)nplayers) { fp[4] = v79; fp[5] = v85; ON_SLOW(86u, 6u); }
        unsigned char *a_ = state + 17u + x0_ * 1u;
        int32_t x_ = v85;
        if (mode == VM_EVAL || x_ < 0 || x_ > 99) { fp[4] = v79; fp[5] = v85; ON_SLOW(86u, 6u); }
        vm_store(a_, 1u, x_); steps++;
    }
    /* 87 LDL 0 */
    int32_t v87 = fp[0]; steps++;
    /* 88 PUSH 2 */
    steps++;
    /* 89 LDL 1 */
    int32_t v89 = fp[1]; steps++;
    /* 90 MUL */
    int32_t v90;
    { int64_t r_ = (int64_t)2 * v89;
      if (r_ < INT32_MIN || r_ > INT32_MAX) { fp[4] = v87; fp[5] = 2; fp[6] = v89; ON_SLOW(90u, 7u); }
      v90 = (int32_t)r_; steps++; }
    /* 91 EMIT x=2 1 ; scored */
    if (mode == VM_EVAL || g->trace) { fp[4] = v87; fp[5] = v90; ON_SLOW(91u, 6u); }
    g->seq++; steps++;
L_92:;
    /* 92 STEPEND */
    { int32_t s_ = fp[3];
      if (mode == VM_EVAL || s_ < -1 || s_ >= 5) { ON_SLOW(92u, 4u); }
      cur_step = s_; steps++; }
    /* 93 OPTS */
    if (mode == VM_EVAL) { ON_SLOW(93u, 3u); }
    VM_CLEAR_OPTS(g); steps++;
    /* 94 OFFERN 3 ; "look back" */
    if (mode == VM_EVAL || g->nopts >= 4u) { ON_SLOW(94u, 3u); }
    ON_OFFER(3u, VM_OPT_PLAIN, 0); steps++;
    /* 95 OFFERN 4 ; "skip" */
    if (mode == VM_EVAL || g->nopts >= 4u) { ON_SLOW(95u, 3u); }
    ON_OFFER(4u, VM_OPT_PLAIN, 0); steps++;
    /* 96 LDL 0 */
    int32_t v96 = fp[0]; steps++;
    /* 97 WAIT x=0 */
    { fp[3] = v96; ON_SLOW(97u, 4u); }
L_98:;
    /* 98 STEP 2 ; step 1.3 "look back" */
    if (mode == VM_EVAL || g->trace) { ON_SLOW(98u, 3u); }
    g->seq++; steps++;
    int32_t v98 = cur_step;
    cur_step = 2;
    /* 99 LDL 0 */
    int32_t v99 = fp[0]; steps++;
    /* 100 LOG x=1 1 ; "{} looks back" */
    if (mode == VM_EVAL || g->trace) { fp[3] = v98; fp[4] = v99; ON_SLOW(100u, 5u); }
    g->seq++; steps++;
    /* 101 STEPEND */
    { int32_t s_ = v98;
      if (mode == VM_EVAL || s_ < -1 || s_ >= 5) { fp[3] = v98; ON_SLOW(101u, 4u); }
      cur_step = s_; steps++; }
    /* 102 JMP 104 */
    steps++; goto L_104;
L_103:;
    /* 103 SKIP 2 ; step 1.3 "look back" */
    if (mode == VM_EVAL || g->trace) { ON_SLOW(103u, 3u); }
    g->seq++; steps++;
L_104:;
    /* 104 RET */
    if (nframes - 1u == base) { ON_SLOW(104u, 3u); }
    { ON_RETURN(); steps++; goto dispatch; }
}

/* proc sequence (proc 2, line 57): 0 params, 9 locals; operand k at fp[9 + k] */
static int tiny_program_p2(ordo_game *g, int mode, uint32_t base, int32_t *result)
{
    ON_REGISTERS;
dispatch:
    if (nframes == 0u)
        goto interp;
    switch (pc) {
    ON_ENTRY(105, 2u, 9u, 12)
    ON_ENTRY(107, 2u, 9u, 12)
    ON_ENTRY(108, 2u, 10u, 12)
    ON_ENTRY(118, 2u, 10u, 12)
    ON_ENTRY(135, 2u, 10u, 12)
    ON_ENTRY(137, 2u, 10u, 12)
    ON_ENTRY(138, 2u, 11u, 12)
    ON_ENTRY(145, 2u, 10u, 12)
    ON_ENTRY(160, 2u, 10u, 12)
    ON_ENTRY(161, 2u, 10u, 12)
    ON_ENTRY(163, 2u, 10u, 12)
    ON_ENTRY(177, 2u, 10u, 12)
    ON_ENTRY(179, 2u, 10u, 12)
    ON_ENTRY(187, 2u, 10u, 12)
    ON_ENTRY(190, 2u, 10u, 12)
    ON_ENTRY(193, 2u, 9u, 12)
    ON_ENTRY(197, 2u, 9u, 12)
    ON_ENTRY(204, 2u, 10u, 12)
    ON_ENTRY(221, 2u, 10u, 12)
    ON_ENTRY(226, 2u, 10u, 12)
    ON_ENTRY(228, 2u, 10u, 12)
    ON_ENTRY(232, 2u, 10u, 12)
    ON_ENTRY(248, 2u, 10u, 12)
    ON_ENTRY(250, 2u, 10u, 12)
    default:
        if (pc >= 105u && pc < 252u)
            goto interp;
        ON_ELSEWHERE(tiny_program_run);
    }
slow:
    ON_STEP();
    goto dispatch;
interp:
    ON_SAVE(pc, dsp);
    return ordo_vm_interpret(g, mode, base, result);
L_105:;
    /* 105 PUSH 0 */
    steps++;
    /* 106 ESC 0 0 ; "concede" */
    fp[9] = 0; 
    ON_STEP_AT(106u, 10u, 9u);
L_107:;
    /* 107 STEP 3 ; step 1 "rounds" [TINY-1] */
    if (mode == VM_EVAL || g->trace) { ON_SLOW(107u, 9u); }
    g->seq++; steps++;
    int32_t v107 = cur_step;
    cur_step = 3;
    fp[9] = v107; 
L_108:;
    /* 108 LDG 3 ; round */
    int32_t v108 = vm_load(state + 16u, 1u); steps++;
    /* 109 PUSH 6 */
    steps++;
    /* 110 EQ */
    int32_t v110;
    { int32_t a_ = v108, b_ = 6; v110 = a_ == b_; steps++; }
    /* 111 DUP */
    steps++;
    /* 112 JNZ 138 */
    fp[10] = v110; 
    if (v110 != 0) { steps++; goto L_138; }
    steps++;
    /* 113 POP */
    steps++;
    /* 114 PUSH 0 */
    steps++;
    /* 115 STL 2 */
    fp[2] = 0; steps++;
    /* 116 PUSH 0 */
    steps++;
    /* 117 STL 4 */
    fp[4] = 0; steps++;
L_118:;
    /* 118 LDL 4 */
    int32_t v118 = fp[4]; steps++;
    /* 119 NPLAYERS */
    steps++;
    int32_t v119 = nplayers;
    /* 120 LT */
    int32_t v120;
    { int32_t a_ = v118, b_ = v119; v120 = a_ < b_; steps++; }
    /* 121 JZ 137 */
    if (v120 == 0) { steps++; goto L_137; }
    steps++;
    /* 122 LDL 4 */
    int32_t v122 = fp[4]; steps++;
    /* 123 STL 0 */
    fp[0] = v122; steps++;
    /* 124 LDL 0 */
    int32_t v124 = fp[0]; steps++;
    /* 125 LDX 2 ; in_game */
    int32_t v125;
    {
        uint32_t x0_ = (uint32_t)v124;
        if (x0_ >= (uint32_t)nplayers) { fp[10] = v124; ON_SLOW(125u, 11u); }
        unsigned char *a_ = state + 13u + x0_ * 1u;
        v125 = vm_load(a_, 1u); steps++;
    }
    /* 126 JZ 135 */
    if (v125 == 0) { steps++; goto L_135; }
    steps++;
    /* 127 LDL 0 */
    int32_t v127 = fp[0]; steps++;
    /* 128 LDX 4 ; score */
    int32_t v128;
    {
        uint32_t x0_ = (uint32_t)v127;
        if (x0_ >= (uint32_t)nplayers) { fp[10] = v127; ON_SLOW(128u, 11u); }
        unsigned char *a_ = state + 17u + x0_ * 1u;
        v128 = vm_load(a_, 1u); steps++;
    }
    /* 129 PUSH 30 */
    steps++;
    /* 130 GE */
    int32_t v130;
    { int32_t a_ = v128, b_ = 30; v130 = a_ >= b_; steps++; }
    /* 131 JZ 135 */
    if (v130 == 0) { steps++; goto L_135; }
    steps++;
    /* 132 PUSH 1 */
    steps++;
    /* 133 STL 2 */
    fp[2] = 1; steps++;
    /* 134 JMP 137 */
    steps++; goto L_137;
L_135:;
    /* 135 INCL 4 */
    if (fp[4] == INT32_MAX) { ON_SLOW(135u, 10u); }
    fp[4]++; steps++;
    /* 136 JMP 118 */
    if (steps >= limit) { ON_SLOW(136u, 10u); }
    steps++; goto L_118;
L_137:;
    /* 137 LDL 2 */
    int32_t v137 = fp[2]; steps++;
    fp[10] = v137; 
L_138:;
    /* 138 JNZ 190 */
    if (fp[10] != 0) { steps++; goto L_190; }
    steps++;
    /* 139 LDG 3 ; round */
    int32_t v139 = vm_load(state + 16u, 1u); steps++;
    /* 140 PUSH 1 */
    steps++;
    /* 141 ADD */
    int32_t v141;
    { int64_t r_ = (int64_t)v139 + 1;
      if (r_ < INT32_MIN || r_ > INT32_MAX) { fp[10] = v139; fp[11] = 1; ON_SLOW(141u, 12u); }
      v141 = (int32_t)r_; steps++; }
    /* 142 STG 3 ; round */
    { int32_t x_ = v141;
      if (mode == VM_EVAL || x_ < 0 || x_ > 20) { fp[10] = v141; ON_SLOW(142u, 11u); }
      vm_store(state + 16u, 1u, x_); steps++; }
    /* 143 PUSH 0 */
    steps++;
    /* 144 STL 2 */
    fp[2] = 0; steps++;
L_145:;
    /* 145 LDL 2 */
    int32_t v145 = fp[2]; steps++;
    /* 146 NPLAYERS */
    steps++;
    int32_t v146 = nplayers;
    /* 147 LT */
    int32_t v147;
    { int32_t a_ = v145, b_ = v146; v147 = a_ < b_; steps++; }
    /* 148 JZ 160 */
    if (v147 == 0) { steps++; goto L_160; }
    steps++;
    /* 149 LDL 2 */
    int32_t v149 = fp[2]; steps++;
    /* 150 STL 0 */
    fp[0] = v149; steps++;
    /* 151 LDL 2 */
    int32_t v151 = fp[2]; steps++;
    /* 152 LDL 0 */
    int32_t v152 = fp[0]; steps++;
    /* 153 LDX 4 ; score */
    int32_t v153;
    {
        uint32_t x0_ = (uint32_t)v152;
        if (x0_ >= (uint32_t)nplayers) { fp[10] = v151; fp[11] = v152; ON_SLOW(153u, 12u); }
        unsigned char *a_ = state + 17u + x0_ * 1u;
        v153 = vm_load(a_, 1u); steps++;
    }
    /* 154 STLI 3 */
    { int32_t i_ = v151;
      if (i_ < 0 || i_ >= 6) { fp[10] = v151; fp[11] = v153; ON_SLOW(154u, 12u); }
      fp[3 + i_] = v153; steps++; }
    /* 155 LDL 2 */
    int32_t v155 = fp[2]; steps++;
    /* 156 PUSH 1 */
    steps++;
    /* 157 ADD */
    int32_t v157;
    { int64_t r_ = (int64_t)v155 + 1;
      if (r_ < INT32_MIN || r_ > INT32_MAX) { fp[10] = v155; fp[11] = 1; ON_SLOW(157u, 12u); }
      v157 = (int32_t)r_; steps++; }
    /* 158 STL 2 */
    fp[2] = v157; steps++;
    /* 159 JMP 145 */
    if (steps >= limit) { ON_SLOW(159u, 10u); }
    steps++; goto L_145;
L_160:;
    /* 160 SORTP x=1 3 6 */
    ON_STEP_AT(160u, 10u, 10u);
L_161:;
    /* 161 PUSH 0 */
    steps++;
    /* 162 STL 2 */
    fp[2] = 0; steps++;
L_163:;
    /* 163 LDL 2 */
    int32_t v163 = fp[2]; steps++;
    /* 164 NPLAYERS */
    steps++;
    int32_t v164 = nplayers;
    /* 165 LT */
    int32_t v165;
    { int32_t a_ = v163, b_ = v164; v165 = a_ < b_; steps++; }
    /* 166 JZ 179 */
    if (v165 == 0) { steps++; goto L_179; }
    steps++;
    /* 167 LDL 2 */
    int32_t v167 = fp[2]; steps++;
    /* 168 LDLI 6 */
    int32_t v168;
    { int32_t i_ = v167;
      if (i_ < 0 || i_ >= 3) { fp[10] = v167; ON_SLOW(168u, 11u); }
      v168 = fp[6 + i_]; steps++; }
    /* 169 STL 0 */
    fp[0] = v168; steps++;
    /* 170 LDL 0 */
    int32_t v170 = fp[0]; steps++;
    /* 171 LDX 2 ; in_game */
    int32_t v171;
    {
        uint32_t x0_ = (uint32_t)v170;
        if (x0_ >= (uint32_t)nplayers) { fp[10] = v170; ON_SLOW(171u, 11u); }
        unsigned char *a_ = state + 13u + x0_ * 1u;
        v171 = vm_load(a_, 1u); steps++;
    }
    /* 172 JZ 177 */
    if (v171 == 0) { steps++; goto L_177; }
    steps++;
    /* 173 LDL 0 */
    int32_t v173 = fp[0]; steps++;
    /* 174 TURN */
    { int32_t p_ = v173;
      if (mode == VM_EVAL || g->trace || (uint32_t)p_ >= (uint32_t)nplayers) { fp[10] = v173; ON_SLOW(174u, 11u); }
      unsigned char *a_ = state + 1u + (uint32_t)p_ * 4u;
      int32_t t_ = vm_load(a_, 4u);
      if (t_ >= 2147483647) { fp[10] = v173; ON_SLOW(174u, 11u); }
      vm_store(state + 0u, 1u, p_);
      vm_store(a_, 4u, t_ + 1);
      g->seq++; steps++; }
    /* 175 LDL 0 */
    int32_t v175 = fp[0]; steps++;
    /* 176 CALL 1 ; take_turn */
    fp[10] = v175; 
    if (nframes >= 3u || stack_end - (fp + 10) < 8 || steps >= limit)
        { ON_SLOW(176u, 11u); }
    {
        int32_t *nfp_ = fp + 10;
        nfp_[1] = 0;
        nfp_[2] = 0;
        ON_FRAME(177u, 1, nfp_, 9u);
        fp = nfp_;
        steps++;
        ON_CALL(tiny_program_p1, 5u, 3u, 177u, 10u);
    }
L_177:;
    /* 177 INCL 2 */
    if (fp[2] == INT32_MAX) { ON_SLOW(177u, 10u); }
    fp[2]++; steps++;
    /* 178 JMP 163 */
    if (steps >= limit) { ON_SLOW(178u, 10u); }
    steps++; goto L_163;
L_179:;
    /* 179 PUSH 0 */
    steps++;
    /* 180 STL 2 */
    fp[2] = 0; steps++;
    /* 181 LDL 2 */
    int32_t v181 = fp[2]; steps++;
    /* 182 WINDOW x=0 2 ; "may concede" */
    if (mode == VM_EVAL || g->trace || (uint32_t)v181 >= (uint32_t)nplayers) { fp[10] = v181; ON_SLOW(182u, 11u); }
    g->seq++; steps++;
    /* 183 OPTS */
    if (mode == VM_EVAL) { ON_SLOW(183u, 10u); }
    VM_CLEAR_OPTS(g); steps++;
    /* 184 OFFERN 5 ; "pass" */
    if (mode == VM_EVAL || g->nopts >= 4u) { ON_SLOW(184u, 10u); }
    ON_OFFER(5u, VM_OPT_PLAIN, 0); steps++;
    /* 185 LDL 2 */
    int32_t v185 = fp[2]; steps++;
    /* 186 WAIT x=0 */
    { fp[10] = v185; ON_SLOW(186u, 11u); }
L_187:;
    /* 187 LDL 2 */
    int32_t v187 = fp[2]; steps++;
    /* 188 WINDOW x=1 2 ; "may concede" */
    if (mode == VM_EVAL || g->trace || (uint32_t)v187 >= (uint32_t)nplayers) { fp[10] = v187; ON_SLOW(188u, 11u); }
    g->seq++; steps++;
    /* 189 JMP 108 */
    if (steps >= limit) { ON_SLOW(189u, 10u); }
    steps++; goto L_108;
L_190:;
    /* 190 STEPEND */
    { int32_t s_ = fp[9];
      if (mode == VM_EVAL || s_ < -1 || s_ >= 5) { ON_SLOW(190u, 10u); }
      cur_step = s_; steps++; }
    /* 191 UNESC x=1 */
    if (mode == VM_EVAL || g->nesc < 1u) { ON_SLOW(191u, 9u); }
    g->nesc = (uint16_t)(g->nesc - 1u); steps++;
    /* 192 JMP 197 */
    steps++; goto L_197;
L_193:;
    /* 193 PUSH 0 */
    steps++;
    /* 194 EMIT x=1 2 ; conceded */
    if (mode == VM_EVAL || g->trace) { fp[9] = 0; ON_SLOW(194u, 10u); }
    g->seq++; steps++;
    /* 195 PUSH 1 */
    steps++;
    /* 196 END x=1 0 0 */
    { fp[9] = 1; ON_SLOW(196u, 10u); }
L_197:;
    /* 197 STEP 4 ; step 2 "the highest score wins" [TINY-2] */
    if (mode == VM_EVAL || g->trace) { ON_SLOW(197u, 9u); }
    g->seq++; steps++;
    int32_t v197 = cur_step;
    cur_step = 4;
    /* 198 PUSH 0 */
    steps++;
    /* 199 STL 2 */
    fp[2] = 0; steps++;
    /* 200 PUSH 0 */
    steps++;
    /* 201 STL 3 */
    fp[3] = 0; steps++;
    /* 202 PUSH 0 */
    steps++;
    /* 203 STL 4 */
    fp[4] = 0; steps++;
    fp[9] = v197; 
L_204:;
    /* 204 LDL 4 */
    int32_t v204 = fp[4]; steps++;
    /* 205 NPLAYERS */
    steps++;
    int32_t v205 = nplayers;
    /* 206 LT */
    int32_t v206;
    { int32_t a_ = v204, b_ = v205; v206 = a_ < b_; steps++; }
    /* 207 JZ 228 */
    if (v206 == 0) { steps++; goto L_228; }
    steps++;
    /* 208 LDL 4 */
    int32_t v208 = fp[4]; steps++;
    /* 209 STL 0 */
    fp[0] = v208; steps++;
    /* 210 LDL 0 */
    int32_t v210 = fp[0]; steps++;
    /* 211 LDX 2 ; in_game */
    int32_t v211;
    {
        uint32_t x0_ = (uint32_t)v210;
        if (x0_ >= (uint32_t)nplayers) { fp[10] = v210; ON_SLOW(211u, 11u); }
        unsigned char *a_ = state + 13u + x0_ * 1u;
        v211 = vm_load(a_, 1u); steps++;
    }
    /* 212 JZ 226 */
    if (v211 == 0) { steps++; goto L_226; }
    steps++;
    /* 213 LDL 3 */
    int32_t v213 = fp[3]; steps++;
    /* 214 JZ 221 */
    if (v213 == 0) { steps++; goto L_221; }
    steps++;
    /* 215 LDL 2 */
    int32_t v215 = fp[2]; steps++;
    /* 216 LDL 0 */
    int32_t v216 = fp[0]; steps++;
    /* 217 LDX 4 ; score */
    int32_t v217;
    {
        uint32_t x0_ = (uint32_t)v216;
        if (x0_ >= (uint32_t)nplayers) { fp[10] = v215; fp[11] = v216; ON_SLOW(217u, 12u); }
        unsigned char *a_ = state + 17u + x0_ * 1u;
        v217 = vm_load(a_, 1u); steps++;
    }
    /* 218 MAX */
    int32_t v218;
    { int32_t a_ = v215, b_ = v217; v218 = a_ > b_ ? a_ : b_; steps++; }
    /* 219 STL 2 */
    fp[2] = v218; steps++;
    /* 220 JMP 226 */
    steps++; goto L_226;
L_221:;
    /* 221 LDL 0 */
    int32_t v221 = fp[0]; steps++;
    /* 222 LDX 4 ; score */
    int32_t v222;
    {
        uint32_t x0_ = (uint32_t)v221;
        if (x0_ >= (uint32_t)nplayers) { fp[10] = v221; ON_SLOW(222u, 11u); }
        unsigned char *a_ = state + 17u + x0_ * 1u;
        v222 = vm_load(a_, 1u); steps++;
    }
    /* 223 STL 2 */
    fp[2] = v222; steps++;
    /* 224 PUSH 1 */
    steps++;
    /* 225 STL 3 */
    fp[3] = 1; steps++;
L_226:;
    /* 226 INCL 4 */
    if (fp[4] == INT32_MAX) { ON_SLOW(226u, 10u); }
    fp[4]++; steps++;
    /* 227 JMP 204 */
    if (steps >= limit) { ON_SLOW(227u, 10u); }
    steps++; goto L_204;
L_228:;
    /* 228 LDL 2 */
    int32_t v228 = fp[2]; steps++;
    /* 229 STL 0 */
    fp[0] = v228; steps++;
    /* 230 PUSH 0 */
    steps++;
    /* 231 STL 2 */
    fp[2] = 0; steps++;
L_232:;
    /* 232 LDL 2 */
    int32_t v232 = fp[2]; steps++;
    /* 233 NPLAYERS */
    steps++;
    int32_t v233 = nplayers;
    /* 234 LT */
    int32_t v234;
    { int32_t a_ = v232, b_ = v233; v234 = a_ < b_; steps++; }
    /* 235 JZ 250 */
    if (v234 == 0) { steps++; goto L_250; }
    steps++;
    /* 236 LDL 2 */
    int32_t v236 = fp[2]; steps++;
    /* 237 STL 1 */
    fp[1] = v236; steps++;
    /* 238 LDL 1 */
    int32_t v238 = fp[1]; steps++;
    /* 239 LDX 2 ; in_game */
    int32_t v239;
    {
        uint32_t x0_ = (uint32_t)v238;
        if (x0_ >= (uint32_t)nplayers) { fp[10] = v238; ON_SLOW(239u, 11u); }
        unsigned char *a_ = state + 13u + x0_ * 1u;
        v239 = vm_load(a_, 1u); steps++;
    }
    /* 240 JZ 248 */
    if (v239 == 0) { steps++; goto L_248; }
    steps++;
    /* 241 LDL 1 */
    int32_t v241 = fp[1]; steps++;
    /* 242 LDX 4 ; score */
    int32_t v242;
    {
        uint32_t x0_ = (uint32_t)v241;
        if (x0_ >= (uint32_t)nplayers) { fp[10] = v241; ON_SLOW(242u, 11u); }
        unsigned char *a_ = state + 17u + x0_ * 1u;
        v242 = vm_load(a_, 1u); steps++;
    }
    /* 243 LDL 0 */
    int32_t v243 = fp[0]; steps++;
    /* 244 EQ */
    int32_t v244;
    { int32_t a_ = v242, b_ = v243; v244 = a_ == b_; steps++; }
    /* 245 JZ 248 */
    if (v244 == 0) { steps++; goto L_248; }
    steps++;
    /* 246 LDL 1 */
    int32_t v246 = fp[1]; steps++;
    /* 247 END x=1 0 0 */
    { fp[10] = v246; ON_SLOW(247u, 11u); }
L_248:;
    /* 248 INCL 2 */
    if (fp[2] == INT32_MAX) { ON_SLOW(248u, 10u); }
    fp[2]++; steps++;
    /* 249 JMP 232 */
    if (steps >= limit) { ON_SLOW(249u, 10u); }
    steps++; goto L_232;
L_250:;
    /* 250 STEPEND */
    { int32_t s_ = fp[9];
      if (mode == VM_EVAL || s_ < -1 || s_ >= 5) { ON_SLOW(250u, 10u); }
      cur_step = s_; steps++; }
    /* 251 RET */
    if (nframes - 1u == base) { ON_SLOW(251u, 9u); }
    { ON_RETURN(); steps++; goto dispatch; }
}

/* fn expect#91 (proc 3, line 91): 0 params, 0 locals; operand k at fp[0 + k] */
static int tiny_program_p3(ordo_game *g, int mode, uint32_t base, int32_t *result)
{
    ON_REGISTERS;
dispatch:
    if (nframes == 0u)
        goto interp;
    switch (pc) {
    ON_ENTRY(252, 3u, 0u, 2)
    default:
        if (pc >= 252u && pc < 257u)
            goto interp;
        ON_ELSEWHERE(tiny_program_run);
    }
slow:
    ON_STEP();
    goto dispatch;
interp:
    ON_SAVE(pc, dsp);
    return ordo_vm_interpret(g, mode, base, result);
L_252:;
    /* 252 PUSH 0 */
    steps++;
    /* 253 LDX 5 ; color */
    int32_t v253;
    {
        uint32_t x0_ = (uint32_t)0;
        if (x0_ >= (uint32_t)nplayers) { fp[0] = 0; ON_SLOW(253u, 1u); }
        unsigned char *a_ = state + 20u + x0_ * 1u;
        v253 = vm_load(a_, 1u); steps++;
    }
    /* 254 PUSH 1 */
    steps++;
    /* 255 EQ */
    int32_t v255;
    { int32_t a_ = v253, b_ = 1; v255 = a_ == b_; steps++; }
    /* 256 RETV */
    if (nframes - 1u == base) { fp[0] = v255; ON_SLOW(256u, 1u); }
    { int32_t v_ = v255; ON_RETURN(); stack[dsp++] = v_; steps++; goto dispatch; }
}

/* fn expect#95 (proc 4, line 95): 0 params, 0 locals; operand k at fp[0 + k] */
static int tiny_program_p4(ordo_game *g, int mode, uint32_t base, int32_t *result)
{
    ON_REGISTERS;
dispatch:
    if (nframes == 0u)
        goto interp;
    switch (pc) {
    ON_ENTRY(257, 4u, 0u, 2)
    default:
        if (pc >= 257u && pc < 262u)
            goto interp;
        ON_ELSEWHERE(tiny_program_run);
    }
slow:
    ON_STEP();
    goto dispatch;
interp:
    ON_SAVE(pc, dsp);
    return ordo_vm_interpret(g, mode, base, result);
L_257:;
    /* 257 PUSH 0 */
    steps++;
    /* 258 LDX 4 ; score */
    int32_t v258;
    {
        uint32_t x0_ = (uint32_t)0;
        if (x0_ >= (uint32_t)nplayers) { fp[0] = 0; ON_SLOW(258u, 1u); }
        unsigned char *a_ = state + 17u + x0_ * 1u;
        v258 = vm_load(a_, 1u); steps++;
    }
    /* 259 PUSH 0 */
    steps++;
    /* 260 GT */
    int32_t v260;
    { int32_t a_ = v258, b_ = 0; v260 = a_ > b_; steps++; }
    /* 261 RETV */
    if (nframes - 1u == base) { fp[0] = v260; ON_SLOW(261u, 1u); }
    { int32_t v_ = v260; ON_RETURN(); stack[dsp++] = v_; steps++; goto dispatch; }
}

/* proc setup#106 (proc 5, line 106): 0 params, 0 locals; operand k at fp[0 + k] */
static int tiny_program_p5(ordo_game *g, int mode, uint32_t base, int32_t *result)
{
    ON_REGISTERS;
dispatch:
    if (nframes == 0u)
        goto interp;
    switch (pc) {
    ON_ENTRY(262, 5u, 0u, 2)
    default:
        if (pc >= 262u && pc < 266u)
            goto interp;
        ON_ELSEWHERE(tiny_program_run);
    }
slow:
    ON_STEP();
    goto dispatch;
interp:
    ON_SAVE(pc, dsp);
    return ordo_vm_interpret(g, mode, base, result);
L_262:;
    /* 262 PUSH 1 */
    steps++;
    /* 263 PUSH 1 */
    steps++;
    /* 264 STX 6 ; doubles_left */
    {
        uint32_t x0_ = (uint32_t)1;
        if (x0_ >= (uint32_t)nplayers) { fp[0] = 1; fp[1] = 1; ON_SLOW(264u, 2u); }
        unsigned char *a_ = state + 23u + x0_ * 1u;
        int32_t x_ = 1;
        if (mode == VM_EVAL || x_ < 0 || x_ > 2) { fp[0] = 1; fp[1] = 1; ON_SLOW(264u, 2u); }
        vm_store(a_, 1u, x_); steps++;
    }
    /* 265 RET */
    if (nframes - 1u == base) { ON_SLOW(265u, 0u); }
    { ON_RETURN(); steps++; goto dispatch; }
}

/* fn expect#113 (proc 6, line 113): 0 params, 0 locals; operand k at fp[0 + k] */
static int tiny_program_p6(ordo_game *g, int mode, uint32_t base, int32_t *result)
{
    ON_REGISTERS;
dispatch:
    if (nframes == 0u)
        goto interp;
    switch (pc) {
    ON_ENTRY(266, 6u, 0u, 2)
    default:
        if (pc >= 266u && pc < 271u)
            goto interp;
        ON_ELSEWHERE(tiny_program_run);
    }
slow:
    ON_STEP();
    goto dispatch;
interp:
    ON_SAVE(pc, dsp);
    return ordo_vm_interpret(g, mode, base, result);
L_266:;
    /* 266 PUSH 1 */
    steps++;
    /* 267 LDX 6 ; doubles_left */
    int32_t v267;
    {
        uint32_t x0_ = (uint32_t)1;
        if (x0_ >= (uint32_t)nplayers) { fp[0] = 1; ON_SLOW(267u, 1u); }
        unsigned char *a_ = state + 23u + x0_ * 1u;
        v267 = vm_load(a_, 1u); steps++;
    }
    /* 268 PUSH 0 */
    steps++;
    /* 269 EQ */
    int32_t v269;
    { int32_t a_ = v267, b_ = 0; v269 = a_ == b_; steps++; }
    /* 270 RETV */
    if (nframes - 1u == base) { fp[0] = v269; ON_SLOW(270u, 1u); }
    { int32_t v_ = v269; ON_RETURN(); stack[dsp++] = v_; steps++; goto dispatch; }
}

/* proc setup#127 (proc 7, line 127): 0 params, 0 locals; operand k at fp[0 + k] */
static int tiny_program_p7(ordo_game *g, int mode, uint32_t base, int32_t *result)
{
    ON_REGISTERS;
dispatch:
    if (nframes == 0u)
        goto interp;
    switch (pc) {
    ON_ENTRY(271, 7u, 0u, 2)
    default:
        if (pc >= 271u && pc < 275u)
            goto interp;
        ON_ELSEWHERE(tiny_program_run);
    }
slow:
    ON_STEP();
    goto dispatch;
interp:
    ON_SAVE(pc, dsp);
    return ordo_vm_interpret(g, mode, base, result);
L_271:;
    /* 271 PUSH 1 */
    steps++;
    /* 272 PUSH 31 */
    steps++;
    /* 273 STX 4 ; score */
    {
        uint32_t x0_ = (uint32_t)1;
        if (x0_ >= (uint32_t)nplayers) { fp[0] = 1; fp[1] = 31; ON_SLOW(273u, 2u); }
        unsigned char *a_ = state + 17u + x0_ * 1u;
        int32_t x_ = 31;
        if (mode == VM_EVAL || x_ < 0 || x_ > 99) { fp[0] = 1; fp[1] = 31; ON_SLOW(273u, 2u); }
        vm_store(a_, 1u, x_); steps++;
    }
    /* 274 RET */
    if (nframes - 1u == base) { ON_SLOW(274u, 0u); }
    { ON_RETURN(); steps++; goto dispatch; }
}

/* each proc's first pc, in order, and its function (NULL: the interpreter's) */
static const uint32_t tiny_program_first[8] = {
    0u, 5u, 105u, 252u, 257u, 262u, 266u, 271u,
};
static const on_fn tiny_program_fn[8] = {
    tiny_program_p0, tiny_program_p1, tiny_program_p2, tiny_program_p3,
    tiny_program_p4, tiny_program_p5, tiny_program_p6, tiny_program_p7,
};

static int tiny_program_run(ordo_game *g, int mode, uint32_t base, int32_t *result, uint32_t level)
{
    while (g->nframes > level) {
        on_fn fn = on_lookup(tiny_program_first, tiny_program_fn, 8u, g->pc);
        if (!fn)
            return ordo_vm_interpret(g, mode, base, result);
        int rc = fn(g, mode, base, result);
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
    .code = tiny_program_code, .ncode = 275,
    .vars = tiny_program_vars, .nvars = 8,
    .enums = tiny_program_enums, .nenums = 1,
    .names = tiny_program_names, .nnames = 3,
    .steps = tiny_program_steps, .nsteps = 5,
    .procs = tiny_program_procs, .nprocs = 8,
    .options = tiny_program_options, .noptions = 6,
    .escapes = tiny_program_escapes, .nescapes = 1,
    .events = tiny_program_events, .nevents = 3,
    .texts = tiny_program_texts, .ntexts = 3,
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

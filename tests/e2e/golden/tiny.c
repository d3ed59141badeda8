/* generated from tests/e2e/data/tiny.ordo by ordoc 0.1.0 — do not edit */
/* ruleset: Tiny: a dice race */
#include "ordo.h"
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
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 1, .line = 25},
    /* 1 */ {.name = "take_turn", .pc = 5, .nparams = 1, .nlocals = 3,
        .param_kind = {ORDO_K_PLAYER, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 0, .line = 27},
    /* 2 */ {.name = "sequence", .pc = 105, .nparams = 0, .nlocals = 9,
        .param_kind = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 0, .line = 57},
    /* 3 */ {.name = "expect#91", .pc = 252, .nparams = 0, .nlocals = 0,
        .param_kind = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 1, .line = 91},
    /* 4 */ {.name = "expect#95", .pc = 257, .nparams = 0, .nlocals = 0,
        .param_kind = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 1, .line = 95},
    /* 5 */ {.name = "setup#106", .pc = 262, .nparams = 0, .nlocals = 0,
        .param_kind = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 0, .line = 106},
    /* 6 */ {.name = "expect#113", .pc = 266, .nparams = 0, .nlocals = 0,
        .param_kind = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 1, .line = 113},
    /* 7 */ {.name = "setup#127", .pc = 271, .nparams = 0, .nlocals = 0,
        .param_kind = {0, 0, 0, 0, 0, 0, 0, 0},
        .param_enum = {0, 0, 0, 0, 0, 0, 0, 0}, .returns = 0, .line = 127},
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
};

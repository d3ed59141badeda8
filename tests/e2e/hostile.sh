#!/bin/sh
# hostile.sh BUILD — the tools facing careless or hostile input and a
# failing disk (doc/limits.md): endless inputs are cut at their limit,
# folders are refused by name, outputs never destroy what was there, a lost
# write is a failure, and the small edge cases of reading (byte-order
# marks, line ends, numbers). Each check is a defect that once was.
# Last line: "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$BUILD/ordo ORDOC=$BUILD/ordoc HOST=$BUILD/e2e/tiny_host
TINY=tests/e2e/data/tiny.ordo

# run STATUS PATTERN CMD...: exit STATUS, and PATTERN on stderr (or "-")
run() {
    want=$1 pat=$2
    shift 2
    timeout 60 "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    got=$?
    if [ "$got" -ne "$want" ]; then
        bad "$*: exit status $got, expected $want"
        head -3 "$tmp/err" | cut -c 1-200 | sed 's/^/    /'
    elif [ "$pat" != - ] && ! grep -q -- "$pat" "$tmp/err"; then
        bad "$*: no '$pat' on stderr"
        head -3 "$tmp/err" | cut -c 1-200 | sed 's/^/    /'
    else
        ok
    fi
}

# --- endless and wrong-kind inputs: refused at their limit, never a hang;
# a device, a FIFO or a folder refused by name wherever it is named
# (issue 33, 4: a FIFO as `extends` or `table` blocked for ever)
run 2 'not a regular file' "$ORDO" check /dev/zero
run 2 'not a regular file' "$ORDOC" /dev/zero -o "$tmp/z.c"
run 2 'Is a directory' "$ORDO" check "$tmp"
run 2 'Is a directory' "$ORDOC" "$tmp" -o "$tmp/z.c"
run 2 'not a regular file' "$ORDO" run "$TINY" --choices /dev/zero
run 2 'Is a directory' "$ORDO" run "$TINY" --choices "$tmp"
run 2 'not a regular file' "$HOST" --choices "$tmp"
run 2 'not a regular file' "$HOST" --choices /dev/zero
mkfifo "$tmp/fifo"
run 2 'not a regular file' "$HOST" --choices "$tmp/fifo"
run 2 'not a regular file' "$HOST" --restore "$tmp/fifo"
# the limits, on files that hold more (sparse: no disk taken)
truncate -s 65M "$tmp/big.ordo"
truncate -s 17M "$tmp/big.csv"
run 1 'larger than 64 MiB' "$ORDO" check "$tmp/big.ordo"
run 1 'larger than 64 MiB' "$ORDOC" "$tmp/big.ordo" -o "$tmp/z.c"
run 2 'larger than 16 MiB' "$ORDO" run "$TINY" --choices "$tmp/big.csv"
run 2 'larger than 16 MiB' "$HOST" --choices "$tmp/big.csv"

mkdir -p "$tmp/t"
mkfifo "$tmp/t/fifo"
for f in /dev/zero "$tmp/t/fifo" "$tmp/big.csv"; do
    why='not a regular file'
    [ "$f" = "$tmp/big.csv" ] && why='larger than 16 MiB'
    printf 'ruleset "a strange table"\nplayers 2\ntable Row from "%s" { x: 0..1 }\nsequence { step 1 "end" { end game } }\n' "$f" >"$tmp/t/table.ordo"
    run 1 "cannot read the table file '$f': $why" "$ORDO" check "$tmp/t/table.ordo"
done
for f in /dev/zero /dev/stdin "$tmp/t/fifo" "$tmp/big.ordo"; do
    why='not a regular file'
    [ "$f" = "$tmp/big.ordo" ] && why='larger than 64 MiB'
    printf 'ruleset "a strange base"\nextends "%s"\n' "$f" >"$tmp/t/base.ordo"
    run 1 "cannot read the ruleset '$f': $why" "$ORDO" check "$tmp/t/base.ordo"
done
run 2 'not a regular file' "$ORDO" check "$tmp/t/fifo"
# a ruleset extending itself by another spelling of its path (issue 33, 12:
# "more than 16 rulesets extend one another", at ./././...self.ordo)
printf 'ruleset "itself"\nextends "./self.ordo"\nplayers 2\n' >"$tmp/t/self.ordo"
run 1 "'$tmp/t/./self.ordo' extends itself" "$ORDO" check "$tmp/t/self.ordo"
# the language server reading its own stream as a base: the later
# requests (shutdown) went unanswered
lsp_msg() { printf 'Content-Length: %d\r\n\r\n%s' "$(printf %s "$1" | wc -c)" "$1"; }
{
    lsp_msg '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}'
    lsp_msg '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/a.ordo","languageId":"ordo","version":1,"text":"ruleset \"x\"\nextends \"/dev/stdin\"\n"}}}'
    lsp_msg '{"jsonrpc":"2.0","id":2,"method":"shutdown"}'
    lsp_msg '{"jsonrpc":"2.0","method":"exit"}'
} | timeout 10 "$ORDO" lsp >"$tmp/lsp.out" 2>&1
st=$?
if [ $st -eq 0 ] && grep -q '"id":2,"result":null' "$tmp/lsp.out" &&
    grep -q "cannot read the ruleset '/dev/stdin': not a regular file" "$tmp/lsp.out"; then ok; else
    bad "ordo lsp, extends \"/dev/stdin\": status $st, shutdown unanswered or no diagnostic"; fi
# endless stdin (issue 33, 10): ordo play dropping the rest of an endless
# line, the language server reading an endless header line
timeout 10 "$ORDO" play "$TINY" </dev/zero >"$tmp/out" 2>&1
st=$?
if [ $st -eq 1 ] && grep -q 'longer than 64 KiB' "$tmp/out"; then ok; else
    bad "ordo play </dev/zero: status $st (a hang is 124)"; fi
yes 9 | timeout 10 "$ORDO" play "$TINY" >"$tmp/out" 2>&1
st=$?
if [ $st -eq 1 ] && grep -q 'answers in a row' "$tmp/out"; then ok; else
    bad "yes 9 | ordo play: status $st (a hang is 124)"; fi
timeout 10 "$ORDO" lsp </dev/zero >/dev/null 2>&1
st=$?
if [ $st -eq 1 ]; then ok; else bad "ordo lsp </dev/zero: status $st (a hang is 124)"; fi
# a long token lexed in linear time (issue 33, 3: flex rescanned the token
# on every 8 KiB refill; 8 MiB of blanks took 34 s): 8 MiB of blanks, of
# comment, of string and of name, each well within 5 s
long_token() { # long_token FILE BEFORE CHAR AFTER: 8 MiB of CHAR between
    { printf 'ruleset "long"\nplayers 2\n%s' "$2"
      head -c 8388608 /dev/zero | tr '\0' "$3"
      printf '%s\nsequence { step 1 "e" { end game } }\n' "$4"; } >"$1"
}
long_token "$tmp/long.ordo" '' ' ' ''
run 0 - timeout 5 "$ORDO" check "$tmp/long.ordo"
long_token "$tmp/long.ordo" '# ' 'c' ''
run 0 - timeout 5 "$ORDO" check "$tmp/long.ordo"
{ printf 'ruleset "'; head -c 8388608 /dev/zero | tr '\0' s
  printf '"\nplayers 2\nsequence { step 1 "e" { end game } }\n'; } >"$tmp/long.ordo"
run 0 - timeout 5 "$ORDO" check "$tmp/long.ordo"
long_token "$tmp/long.ordo" 'const ' 'n' ' = 1'
run 0 - timeout 5 "$ORDO" check "$tmp/long.ordo"

# --- outputs: never over an input, never deleting what the user had
cp "$TINY" "$tmp/keep.ordo"
run 2 'is the input file' "$ORDOC" "$tmp/keep.ordo" -o "$tmp/keep.ordo"
run 2 'is the input file' "$ORDOC" "$tmp/keep.ordo" -o "$tmp/k.c" --header "$tmp/keep.ordo"
run 2 'is the input file' "$ORDOC" "$tmp/keep.ordo" -o "$tmp/./keep.ordo"
if cmp -s "$TINY" "$tmp/keep.ordo"; then ok; else bad "ordoc -o over its input changed it"; fi
run 2 'the same file' "$ORDOC" "$tmp/keep.ordo" -o "$tmp/k.c" --header "$tmp/k.c"
run 2 'is an input file' "$ORDO" run "$tmp/keep.ordo" --record "$tmp/keep.ordo"
if cmp -s "$TINY" "$tmp/keep.ordo"; then ok; else bad "ordo run --record over its input changed it"; fi

# a failed compile leaves the user's file where it was, and no temporary file
echo 'precious' >"$tmp/mine.c"
printf 'ruleset "broken"\nplayers 2\nsequence { step 1 "x" { nonsense } }\n' >"$tmp/broken.ordo"
run 1 - "$ORDOC" "$tmp/broken.ordo" -o "$tmp/mine.c"
if [ "$(cat "$tmp/mine.c")" = precious ]; then ok; else bad "a failed ordoc changed -o's file"; fi
# a folder as the output: refused, the folder untouched, nothing left over
mkdir "$tmp/outdir"
run 1 'not a regular file' "$ORDOC" "$TINY" -o "$tmp/outdir"
if [ -d "$tmp/outdir" ] && [ -z "$(ls "$tmp" | grep '\.tmp-')" ]; then ok; else
    bad "ordoc -o FOLDER left something behind"; fi
# a good compile replaces the file whole
run 0 - "$ORDOC" "$TINY" -o "$tmp/mine.c" --header "$tmp/mine.h"
if grep -q 'do not edit' "$tmp/mine.c" && grep -q 'ordo_program' "$tmp/mine.h"; then ok; else
    bad "ordoc -o over an old file did not write it"; fi
if [ -z "$(ls "$tmp" | grep '\.tmp-')" ]; then ok; else bad "ordoc left a temporary file"; fi

# --- a lost write is a failure: stdout on a full disk
# full STATUS PATTERN CMD...: as run, with stdout on /dev/full
full() {
    want=$1 pat=$2
    shift 2
    timeout 60 "$@" >/dev/full 2>"$tmp/err" </dev/null
    got=$?
    if [ "$got" -ne "$want" ] || ! grep -q -- "$pat" "$tmp/err"; then
        bad "$* >/dev/full: exit status $got (expected $want), stderr:"
        head -3 "$tmp/err" | sed 's/^/    /'
    else
        ok
    fi
}
if [ -w /dev/full ]; then
    full 1 'No space left' "$ORDO" run "$TINY"
    full 1 'No space left' "$ORDO" test "$TINY"
    full 1 'No space left' "$HOST" --seed 3
    full 1 'No space left' "$ORDOC" "$TINY" --disasm
    full 1 'cannot write to the standard output' "$ORDOC" "$TINY" -o - # issue 33, 12: silent
fi
# --record and --save are written to a temporary file renamed into place:
# never over a device (run as root, the rename would replace /dev/full)
run 2 "cannot write '/dev/full': not a regular file" "$ORDO" run "$TINY" --record /dev/full --trace none
run 2 "--record '/dev/full' is not a regular file" "$HOST" --record /dev/full --trace none
run 2 "--save '/dev/null' is not a regular file" "$HOST" --save /dev/null --trace none
if [ -c /dev/full ] && [ -c /dev/null ]; then ok; else bad "a device was replaced by a file"; fi

# --- edge cases of reading
# a byte-order mark: the compiler, CSV tables and choices files all skip it
printf '\357\273\277' >"$tmp/bom.ordo"
cat "$TINY" >>"$tmp/bom.ordo"
run 0 - "$ORDO" check "$tmp/bom.ordo"
"$ORDO" run "$TINY" --seed 5 --record "$tmp/rec" >"$tmp/plain" 2>&1
{ printf '\357\273\277'; cat "$tmp/rec"; } >"$tmp/rec.bom"
"$ORDO" run "$TINY" --seed 5 --choices "$tmp/rec.bom" --policy first >"$tmp/bomrun" 2>&1
if cmp -s "$tmp/plain" "$tmp/bomrun"; then ok; else bad "a choices file with a BOM plays another game"; fi
# CR LF and lone CR line ends read as LF, in rulesets and choices files
tr '\n' '\r' <"$TINY" >"$tmp/cr.ordo"
"$ORDO" run "$tmp/cr.ordo" --seed 5 >"$tmp/crrun" 2>&1
if [ "$(tail -n 1 "$tmp/crrun")" = "$(tail -n 1 "$tmp/plain")" ]; then ok; else
    bad "a ruleset with CR line ends plays another game"; fi
sed 's/$/\r/' "$tmp/rec" >"$tmp/rec.crlf"
"$ORDO" run "$TINY" --seed 5 --choices "$tmp/rec.crlf" --policy first >"$tmp/crlfrun" 2>&1
if cmp -s "$tmp/plain" "$tmp/crlfrun"; then ok; else bad "a CR LF choices file plays another game"; fi
# --seed is decimal or 0x hex: 010 is ten, never octal eight
"$ORDO" run "$TINY" --seed 010 >"$tmp/s010" 2>&1
"$ORDO" run "$TINY" --seed 10 >"$tmp/s10" 2>&1
"$ORDO" run "$TINY" --seed 0xa >"$tmp/s0xa" 2>&1
if cmp -s "$tmp/s010" "$tmp/s10" && cmp -s "$tmp/s10" "$tmp/s0xa"; then ok; else
    bad "--seed 010, 10 and 0xa are not the same game"; fi
run 2 - "$ORDO" run "$TINY" --seed 0x
run 2 - "$ORDO" run "$TINY" --seed 1e3
# --max-steps 0 is the default limit, as --help says
run 0 - "$ORDO" run "$TINY" --max-steps 0
if "$ORDO" run --help | grep -q '0 or none given'; then ok; else bad "--max-steps 0 undocumented"; fi

# --- save and restore: a game saved before decision 3 and restored plays
# on to the same end, in ordo run and in the emitted-C host alike; saves
# of another program, truncated or damaged ones are refused
"$ORDO" run "$TINY" --seed 7 --record "$tmp/rec7" >"$tmp/full7" 2>&1
run 0 - "$ORDO" run "$TINY" --seed 7 --choices "$tmp/rec7" --save "$tmp/s7" --save-at 3
tail -n +4 "$tmp/rec7" >"$tmp/rec7.tail"
for player in "$ORDO run $TINY" "$HOST"; do
    $player --restore "$tmp/s7" --choices "$tmp/rec7.tail" >"$tmp/rest7" 2>&1
    n=$(($(wc -l <"$tmp/rest7") - 1))
    if [ "$n" -gt 0 ] && [ "$(tail -n "$((n + 1))" "$tmp/full7" | head -n "$n")" = "$(head -n "$n" "$tmp/rest7")" ]; then
        ok
    else
        bad "$player --restore: the trace does not go on as the saved game's"
    fi
done
run 1 'another program' "$ORDO" run tests/e2e/data/stones.ordo --restore "$tmp/s7"
head -c 100 "$tmp/s7" >"$tmp/s7.short"
run 1 'truncated' "$ORDO" run "$TINY" --restore "$tmp/s7.short"
{ head -c 300 "$tmp/s7"; printf 'X'; tail -c +302 "$tmp/s7"; } >"$tmp/s7.bad"
run 1 'damaged' "$ORDO" run "$TINY" --restore "$tmp/s7.bad"
run 1 'not an ordo save' "$ORDO" run "$TINY" --restore "$TINY"
run 2 'Is a directory' "$ORDO" run "$TINY" --restore "$tmp"
run 2 'not a regular file' "$ORDO" run "$TINY" --restore "$tmp/t/fifo"
run 1 'only' "$ORDO" run "$TINY" --seed 7 --save "$tmp/s.none" --save-at 999
# --save never over an input of the run (issue 33, 2: the ruleset and the
# choices file became saves), and never a partial save: a write that fails
# (here past a file size limit, as on a full disk) leaves the old one whole
cp "$TINY" "$tmp/keep.ordo"
cp "$tmp/rec7" "$tmp/keep.ch"
cp "$tmp/s7" "$tmp/keep.save"
run 2 'is an input file' "$ORDO" run "$tmp/keep.ordo" --save "$tmp/keep.ordo"
run 2 'is an input file' "$ORDO" run "$TINY" --choices "$tmp/keep.ch" --save "$tmp/./keep.ch"
run 2 'is an input file' "$ORDO" run "$TINY" --restore "$tmp/keep.save" --save "$tmp/keep.save"
run 2 'is an input file' "$HOST" --choices "$tmp/keep.ch" --save "$tmp/keep.ch"
run 2 'not a regular file' "$ORDO" run "$TINY" --save "$tmp/t/fifo"
[ -p "$tmp/t/fifo" ] && ok || bad "ordo run --save FIFO replaced the FIFO"
if cmp -s "$TINY" "$tmp/keep.ordo" && cmp -s "$tmp/rec7" "$tmp/keep.ch" &&
    cmp -s "$tmp/s7" "$tmp/keep.save"; then ok; else bad "--save over an input changed it"; fi
for player in "$ORDO run $TINY" "$HOST"; do
    (trap '' XFSZ; ulimit -f 1; $player --seed 7 --save "$tmp/keep.save" >/dev/null 2>"$tmp/err")
    st=$?
    if [ $st -eq 1 ] && grep -q "cannot write the save" "$tmp/err" && cmp -s "$tmp/s7" "$tmp/keep.save" &&
        [ ! -e "$tmp/keep.save.tmp" ]; then ok; else
        bad "$player --save past a size limit: status $st, the old save not kept whole"; fi
done

# --- recursion: no valid ruleset dies of "stack exhausted". A chain of
# `after` triggers 60 deep (a window before each, where an anytime action
# may be taken) and an anytime action nested at its own windows up to its
# stated depth play out under every policy; a run past a stated depth is
# E_BOUND naming the proc, its bound and its rule
cat >"$tmp/deep_after.ordo" <<'EOF'
ruleset "a deep chain of after triggers"
players 2
var n: 0..99
var poked: 0..9999
event e(p: player)
trigger again on e after depth 60 {
    if n < 59 {
        n += 1
        emit e(p)
    }
}
anytime poke(p: player) "poke" when poked < 9999 depth 8 {
    poked += 1
    window for p "inside the poke"
}
sequence {
    turn player 1 {
        emit e(player 1)
    }
    assert n == 59
}
EOF
for pol in first random; do
    for seed in 1 2 3; do
        run 0 - "$ORDO" run "$tmp/deep_after.ordo" --policy $pol --seed $seed --trace none
    done
done
cat >"$tmp/too_deep.ordo" <<'EOF'
ruleset "past a stated depth"
players 2
var n: 0..99
proc down(k: 0..9) depth 3 cite "R-1" {
    n += 1
    if k > 0 {
        down(k - 1)
    }
}
sequence {
    down(5)
}
EOF
run 1 "a stated depth bound exceeded: 'down' would run 4 deep, past its stated 'depth 3' (R-1)" \
    "$ORDO" run "$tmp/too_deep.ordo"
cat >"$tmp/not_decreasing.ordo" <<'EOF'
ruleset "a stated measure that does not decrease"
players 2
var n: 0..99
proc down(k: 0..9) decreasing k cite "R-2" {
    n += 1
    if k > 0 {
        down(k - 1)
    }
    if k == 5 and n < 20 {
        down(k)
    }
}
sequence {
    down(7)
}
EOF
run 1 "a stated depth bound exceeded: 'down' began within a run of its own with a 'k' not below that run's, against its stated 'decreasing k' (R-2)" \
    "$ORDO" run "$tmp/not_decreasing.ordo"

# --- deeply nested input: an error at the parser's limits, never a stack
# overflow; input just inside them compiles and runs (under ASan too)
nest() { # nest FILE N OPEN CLOSE BODY: N opens, the body, N closes
    awk -v n="$2" -v o="$3" -v c="$4" -v b="$5" 'BEGIN {
        print "ruleset \"deep\"\nplayers 2\nvar n: int\nsequence {"
        for (k = 0; k < n; k++) printf o "\n", k
        print b
        for (k = 0; k < n; k++) print c
        print "}" }' >"$1"
}
nest "$tmp/ifs.ordo" 3000 'if n == 0 {' '}' 'n = 1'
run 1 'nesting too deep' "$ORDO" check "$tmp/ifs.ordo"
nest "$tmp/ifs.ordo" 990 'if n == 0 {' '}' 'n = 1'
run 0 - "$ORDO" run "$tmp/ifs.ordo" --trace none
nest "$tmp/loops.ordo" 1500 'for i%d in 1..1 {' '}' 'n = 1'
run 1 'nesting too deep' "$ORDO" check "$tmp/loops.ordo"
nest "$tmp/loops.ordo" 560 'for i%d in 1..1 {' '}' 'n = 1'
run 0 - "$ORDO" run "$tmp/loops.ordo" --trace none
awk 'BEGIN { printf "ruleset \"deep\"\nplayers 2\nvar n: int\nsequence {\n n = 1"
             for (k = 0; k < 20000; k++) printf " + 1"; print "\n}" }' >"$tmp/ops.ordo"
run 1 'more than 1000 operators' "$ORDO" check "$tmp/ops.ordo"
awk 'BEGIN { printf "ruleset \"deep\"\nplayers 2\nvar n: int\nsequence {\n n = "
             for (k = 0; k < 999; k++) printf "("; printf "1"
             for (k = 0; k < 999; k++) printf " + 1)"; print "\n}" }' >"$tmp/ops.ordo"
run 0 - "$ORDO" run "$tmp/ops.ordo" --trace none

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

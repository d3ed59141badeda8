#!/bin/sh
# grammars.sh — the editor grammars against the language:
#   - editors/textmate/ordo.tmLanguage.json: tests/tools/grammars.py
#     tokenizes every .ordo file of the tree with it and holds its scopes
#     against dsl/lexer.l's rules (keywords, comments, strings, step
#     numbers, dice, nothing unscoped, invalid.illegal exactly where the
#     lexer reports an error);
#   - editors/vim: when vim is installed (`make test` does not install
#     it), the file type is detected, the groups at known places of a
#     sample are the expected ones, every keyword of dsl/lexer.l alone on
#     a line is in a keyword group, and every .ordo file of the tree is
#     highlighted without a Vim error.
# Last line: "N passed, M failed".
. "$(dirname "$0")/../e2e/common.sh"

# the TextMate grammar
run_counted grammars.py python3 tests/tools/grammars.py

# the Vim syntax file
if ! command -v vim >/dev/null 2>&1; then
    echo "vim is not installed: the Vim syntax file is not checked (skipped)"
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    exit
fi
root=$(pwd)
# run_vim SCRIPT: vim, silent and without a vimrc, with editors/vim on its
# runtime path and syntax on, runs the Vim script in file SCRIPT
run_vim() {
    { printf 'set rtp^=%s/editors/vim\nfiletype on\nsyntax on\n' "$root"; cat "$1"; } >"$1.vim"
    vim -es -u NONE -N -i NONE -S "$1.vim" </dev/null >/dev/null 2>&1
}
cat >"$tmp/sample.ordo" <<'ORDO'
ruleset "T"
# a comment
const GOAL = 30
step 2.5 "x {p} y" cite "TITAN-S8" {
    let r = roll 2d6 + 12
    expect step 1 ran
    when in action and true
    log "a \q b"
}
ORDO
# LINE:COL GROUP, as synIDattr names them
cat >"$tmp/want" <<'WANT'
1:1 ordoHeader
1:9 ordoString
2:3 ordoComment
3:1 ordoDeclaration
3:7 ordoDeclName
3:14 ordoNumber
4:1 ordoKeyword
4:6 ordoStepNumber
4:10 ordoString
4:13 ordoInterpolation
4:20 ordoKeyword
4:26 ordoRuleId
5:18 ordoDice
5:24 ordoNumber
6:17 ordoStepNumber
7:10 ordoOperatorWord
7:20 ordoOperatorWord
7:24 ordoConstant
8:12 ordoBadEscape
ft=ordo
WANT
positions=$(sed -n 's/^\([0-9]*\):\([0-9]*\) .*/[\1,\2],/p' "$tmp/want" | tr -d '\n')
cat >"$tmp/check" <<VIM
edit $tmp/sample.ordo
let out = []
for [l, c] in [$positions]
  call add(out, l . ':' . c . ' ' . synIDattr(synID(l, c, 1), 'name'))
endfor
call add(out, 'ft=' . &filetype)
call writefile(out, '$tmp/got')
qall!
VIM
run_vim "$tmp/check"
if cmp -s "$tmp/want" "$tmp/got"; then ok; else
    bad "vim: the groups at known places differ (want, got):"
    diff "$tmp/want" "$tmp/got"
fi

# every keyword of the lexer alone on a line
sed -n 's/^"\([a-z_]*\)"[ \t]*return T_.*/\1/p' dsl/lexer.l >"$tmp/keywords.ordo"
cat >"$tmp/kw" <<VIM
edit $tmp/keywords.ordo
let out = []
for l in range(1, line('$'))
  call add(out, getline(l) . ' ' . synIDattr(synID(l, 1, 1), 'name'))
endfor
call writefile(out, '$tmp/kwgot')
qall!
VIM
run_vim "$tmp/kw"
n=$(wc -l <"$tmp/keywords.ordo")
if [ "$n" -gt 50 ] && [ "$(wc -l <"$tmp/kwgot" 2>/dev/null)" -eq "$n" ]; then
    wrong=$(grep -v ' ordo\(Header\|Declaration\|Type\|OperatorWord\|Constant\|Keyword\)$' "$tmp/kwgot")
    if [ -z "$wrong" ]; then ok; else bad "vim: keywords not in a keyword group: $wrong"; fi
else
    bad "vim: the $n keywords of dsl/lexer.l were not all read"
fi

# every .ordo file of the tree: highlighted to its end, no Vim error
find rulesets tests examples -name '*.ordo' | sort >"$tmp/files"
cat >"$tmp/all" <<VIM
let out = []
for f in readfile('$tmp/files')
  execute 'silent edit ' . fnameescape(f)
  let v:errmsg = ''
  let g = synIDattr(synID(line('$'), 1, 1), 'name')
  call add(out, f . ' ' . &filetype . ' ' . (v:errmsg == '' ? 'ok' : v:errmsg))
  silent bwipeout!
endfor
call writefile(out, '$tmp/allgot')
qall!
VIM
run_vim "$tmp/all"
total=$(wc -l <"$tmp/files")
good=$(grep -c ' ordo ok$' "$tmp/allgot" 2>/dev/null)
if [ "$total" -gt 50 ] && [ "${good:-0}" -eq "$total" ]; then ok; else
    bad "vim: $good of $total .ordo files highlighted without an error"
    grep -v ' ordo ok$' "$tmp/allgot" 2>/dev/null | head -5
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# grammar.sh [print|keywords|update|check] — doc/language.md's grammar
# appendix and keyword lists, made from dsl/parser.y.
#
#   print     the grammar: the rules of dsl/parser.y without their actions,
#             comments and %prec marks; keywords and punctuation quoted as
#             written, the tokens that carry a value (IDENT, STRING,
#             NUMBER, STEPNUM, DIE, DICE) in capitals
#   keywords  the keyword lists: the words of the soft_keyword,
#             item_keyword, stmt_keyword and reserved_keyword rules
#   update    rewrites both between their markers in doc/language.md
#   check     (the default) the appendix and the lists in doc/language.md
#             are what print and keywords make now; the keyword rules hold
#             every keyword of dsl/lexer.l once; is_soft_keyword() in
#             dsl/parser.y names the soft ones. Last line: "N passed, M failed".
cd "$(dirname "$0")/../.." || exit 1
Y=dsl/parser.y
DOC=doc/language.md

grammar() {
    awk '
    # token names -> how the grammar shows them
    /^%token/ {
        valued = ($2 ~ /^</)
        for (i = 2; i <= NF; i++) {
            if ($i ~ /^T_/) {
                t = $i
                if (valued) show[t] = substr(t, 3)
                else if ($(i + 1) ~ /^"/) show[t] = $(i + 1)
            }
        }
        next
    }
    /^%%/ { part++; next }
    part != 1 { next }
    {
        line = $0 "\n"
        for (i = 1; i <= length(line); i++) {
            c = substr(line, i, 1)
            c2 = substr(line, i, 2)
            if (incomment) {
                if (c2 == "*/") { incomment = 0; i++ }
                continue
            }
            if (depth > 0) {           # inside an action: skip C text
                if (instr) {
                    if (c == "\\") i++
                    else if (c == q) instr = 0
                } else if (c == "\"" || c == "\047") { instr = 1; q = c }
                else if (c2 == "/*") { incomment = 1; i++ }
                else if (c == "{") depth++
                else if (c == "}") depth--
                continue
            }
            if (c2 == "/*") { incomment = 1; i++; continue }
            if (c == "\047") {         # a character token such as '\''{'\''
                j = index(substr(line, i + 1), "\047")
                out = out substr(line, i, j + 1)
                i += j
                continue
            }
            if (c == "{") { depth = 1; continue }
            out = out c
        }
    }
    END {
        # words, then rules: LHS : ALT | ALT ;
        n = split(out, w, /[ \t\n]+/)
        for (i = 1; i <= n; i++) {
            x = w[i]
            if (x == "") continue
            if (x == "%prec") { i++; continue }
            if (x == ":") { printf "\n    :"; continue }
            if (x == "|") { printf "\n    |"; continue }
            if (x == ";") { printf "\n    ;\n"; continue }
            if (x in show) x = show[x]
            if (w[i + 1] == ":") { printf "\n%s", x; continue }
            printf " %s", x
        }
    }' "$Y" | sed '1{/^$/d;}'
}

# the words of one keyword rule, on one line
rule_words() {
    awk -v rule="$1" '
    $0 == rule { on = 1; next }
    on && /^    ;/ { exit }
    on { if (match($0, /\$\$ = "[a-z]+"/)) printf "%s%s", (k++ ? " " : ""), substr($0, RSTART + 6, RLENGTH - 7) }
    END { print "" }' "$Y"
}

keywords() {
    for r in soft_keyword item_keyword stmt_keyword reserved_keyword; do
        case $r in
        soft_keyword) what="soft" ;;
        item_keyword) what="soft, but no action's name" ;;
        stmt_keyword) what="soft, but no proc's name" ;;
        reserved_keyword) what="reserved" ;;
        esac
        words=$(rule_words $r)
        echo "- $what ($(echo "$words" | wc -w | tr -d ' '), \`$r\`):" \
             "$(echo "$words" | sed 's/[a-z]*/`&`/g')"
    done
}

# replace BLOCK's text in the doc by stdin
put() {
    awk -v b="<!-- $1: begin -->" -v e="<!-- $1: end -->" -v f="$2" '
    $0 == b { print; while ((getline l < f) > 0) print l; skip = 1; next }
    $0 == e { skip = 0 }
    !skip' "$DOC"
}

# BLOCK's text in the doc
got() {
    awk -v b="<!-- $1: begin -->" -v e="<!-- $1: end -->" '
    $0 == e { on = 0 } on { print } $0 == b { on = 1 }' "$DOC"
}

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
{ echo '```'; grammar; echo '```'; } >"$tmp/grammar"
keywords >"$tmp/keywords"

case ${1:-check} in
print) cat "$tmp/grammar" | sed '1d;$d' ;;
keywords) cat "$tmp/keywords" ;;
update)
    put grammar "$tmp/grammar" >"$tmp/doc1" && cp "$tmp/doc1" "$DOC"
    put keywords "$tmp/keywords" >"$tmp/doc2" && cp "$tmp/doc2" "$DOC"
    ;;
check)
    pass=0 fail=0
    for b in grammar keywords; do
        got $b >"$tmp/got"
        if [ ! -s "$tmp/got" ]; then
            echo "FAIL $DOC has no <!-- $b: begin --> ... <!-- $b: end --> block"
            fail=$((fail + 1))
        elif cmp -s "$tmp/got" "$tmp/$b"; then
            pass=$((pass + 1))
        else
            echo "FAIL $DOC: the $b block is not what dsl/parser.y makes" \
                 "(--- doc, +++ now; sh tests/tools/grammar.sh update)"
            diff -u "$tmp/got" "$tmp/$b" | head -30 | sed 's/^/    /'
            fail=$((fail + 1))
        fi
    done
    # every keyword of the lexer in exactly one keyword rule
    sed -n 's/^"\([a-z]*\)"[ \t]*return T_.*/\1/p' dsl/lexer.l | sort >"$tmp/lexed"
    for r in soft_keyword item_keyword stmt_keyword reserved_keyword; do
        rule_words $r | tr ' ' '\n'
    done | sed '/^$/d' | sort >"$tmp/ruled"
    if cmp -s "$tmp/lexed" "$tmp/ruled"; then pass=$((pass + 1)); else
        echo "FAIL the keyword rules of $Y do not hold each keyword of dsl/lexer.l once"
        diff "$tmp/lexed" "$tmp/ruled" | head -10 | sed 's/^/    /'
        fail=$((fail + 1))
    fi
    # is_soft_keyword() names the soft ones
    for r in soft_keyword item_keyword stmt_keyword; do
        rule_words $r | tr ' ' '\n'
    done | sed '/^$/d' | sort >"$tmp/soft"
    awk '/^static int is_soft_keyword/ { on = 1 } on && /^}/ { exit } on' "$Y" |
        grep -o 'YYSYMBOL_T_[A-Z]*' | sed 's/YYSYMBOL_T_//' | tr 'A-Z' 'a-z' | sort >"$tmp/switch"
    if cmp -s "$tmp/soft" "$tmp/switch"; then pass=$((pass + 1)); else
        echo "FAIL is_soft_keyword() in $Y does not list the soft keywords of its rules"
        diff "$tmp/soft" "$tmp/switch" | head -10 | sed 's/^/    /'
        fail=$((fail + 1))
    fi
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    ;;
*) echo "usage: grammar.sh [print|keywords|update|check]" >&2; exit 2 ;;
esac

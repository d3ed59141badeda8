#!/bin/sh
# generate.sh TEMPLATE TOOL... — prints the man page TEMPLATE with each
# line `.\" @PART@: ...` replaced by what `TOOL... part` prints (PART in
# lower case): the parts the tool writes from its option tables, so that
# the installed page lists the options the tool takes. The Makefile writes
# build/man/ordo.1 with `generate.sh man/ordo.1.in build/ordo help --man`.
template=$1
shift
while IFS= read -r line; do
    case $line in
    '.\" @'*'@'*)
        part=$(printf '%s\n' "$line" | sed 's/^\.\\" @\([A-Z]*\)@.*/\1/' | tr 'A-Z' 'a-z')
        "$@" "$part" || exit 1
        ;;
    *) printf '%s\n' "$line" ;;
    esac
done <"$template"

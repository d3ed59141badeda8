" ordo rulesets (doc/language.md)
autocmd BufRead,BufNewFile *.ordo setfiletype ordo

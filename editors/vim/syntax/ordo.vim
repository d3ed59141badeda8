" Vim syntax file
" Language:    ordo (board-game rulesets, doc/language.md)
" Filenames:   *.ordo
" Keywords:    those of dsl/lexer.l (tests/tools/grammars.sh checks it)
" Install:     copy editors/vim/syntax and editors/vim/ftdetect into
"              ~/.vim (or add editors/vim to 'runtimepath').

if exists("b:current_syntax")
  finish
endif

syn case match

syn keyword ordoHeader ruleset source players extends named
syn keyword ordoDeclaration enum const var event fn proc sequence
syn keyword ordoDeclaration scenario table policy display trigger
syn keyword ordoDeclaration action anytime resource override
syn keyword ordoDeclaration substitute
syn keyword ordoType int bool player list set of
syn keyword ordoOperatorWord and or not in
syn keyword ordoConstant true false none
syn keyword ordoKeyword first turn only optional by if else repeat
syn keyword ordoKeyword until while exit when for where asc desc
syn keyword ordoKeyword choose option scope escape window emit log end
syn keyword ordoKeyword game winner return let active roll count any
syn keyword ordoKeyword all sum min max add to remove at from clear
syn keyword ordoKeyword shuffle assert eliminate setup play expect
syn keyword ordoKeyword offered decision before after on immediately
syn keyword ordoKeyword order printed chosen once chain depth decreasing check kept undo tentative per do can cost pay
syn keyword ordoKeyword batch combined capped prefer avoid ties ran seed
syn keyword ordoKeyword then show random start rotate round pass hidden reveal hide see secretly simultaneously revisable revise symmetric invariant because limit
syn keyword ordoKeyword step nextgroup=ordoStepNumber skipwhite
syn keyword ordoKeyword cite nextgroup=ordoRuleId skipwhite

" numbers: step numbers (2.5.3), dice (2d6, d6), integers
" (the last defined wins where several match: integers first)
syn match ordoNumber "\<\d\+\>"
syn match ordoDice "\<\d*d\d\+\>"
syn match ordoStepNumber "\<\d\+\(\.\d\+\)\+\>"
syn match ordoStepNumber "\<\d\+\(\.\d\+\)*\>" contained

" the name a declaration gives
syn match ordoDeclName "\%(\<\%(fn\|proc\|action\|anytime\|trigger\|event\|enum\|table\|const\|var\|policy\)\s\+\)\@<=\h\w*"

" strings, with {name} placeholders and escapes; the string after cite is a rule ID
syn match ordoEscape "\\[n\"\\]" contained
syn match ordoBadEscape "\\[^n\"\\]" contained
syn match ordoInterpolation "{\h\w*}" contained
syn region ordoString start=+"+ skip=+\\.+ end=+"+ end=+$+ contains=ordoEscape,ordoBadEscape,ordoInterpolation
syn region ordoRuleId start=+"+ skip=+\\.+ end=+"+ end=+$+ contained contains=ordoEscape,ordoBadEscape

syn keyword ordoTodo TODO FIXME XXX contained
syn match ordoComment "#.*$" contains=ordoTodo

hi def link ordoHeader       PreProc
hi def link ordoDeclaration  StorageClass
hi def link ordoType         Type
hi def link ordoOperatorWord Operator
hi def link ordoConstant     Boolean
hi def link ordoKeyword      Keyword
hi def link ordoStepNumber   Label
hi def link ordoDice         Number
hi def link ordoNumber       Number
hi def link ordoDeclName     Function
hi def link ordoEscape       SpecialChar
hi def link ordoBadEscape    Error
hi def link ordoInterpolation Identifier
hi def link ordoString       String
hi def link ordoRuleId       Tag
hi def link ordoTodo         Todo
hi def link ordoComment      Comment

let b:current_syntax = "ordo"

/* playground.h — ordo in the browser: the C entry points the page
 * (web/playground.js) calls in the WebAssembly module `make playground`
 * builds (doc/playground.md).
 *
 * One playground holds one compiled ruleset and one game at a time; a new
 * compilation frees both, a new game the old one. Every entry point
 * answers with one JSON object, text owned by the playground and good
 * until its next call; a refused call answers {"error":"..."}. They may
 * be called in any order, with any arguments: a NULL playground, no
 * ruleset compiled, no game, a bad seat or option are refused.
 */
#ifndef PLAYGROUND_H
#define PLAYGROUND_H

typedef struct playground playground;

/* NULL when out of memory. */
playground *pg_open(void);
void pg_close(playground *pg);

/* Compiles `text` as the file `path` (its bases and CSV tables are read
 * beside it: /rulesets/NAME.ordo finds the shipped ones):
 * {"ok":bool,"errors":N,"warnings":N,"diagnostics":[{"severity","path",
 * "line","col","message"}...]} and, when it compiled, "title",
 * "min_players", "max_players", "policies":[...], "scenarios":N. */
const char *pg_compile(playground *pg, const char *path, const char *text);
/* Runs the scenarios of the ruleset compiled: {"passed":N,"failed":N,
 * "scenarios":[{"name","line","passed","report"}...],"summary"}; a
 * failure's report is `ordo test`'s text of it. */
const char *pg_scenarios(playground *pg);
/* The rule document (`ordo doc`), its scenarios run: format "html" or
 * "md": {"format","text"}. */
const char *pg_document(playground *pg, const char *format);
/* A new game (pg_game.h: seed, seats) and its state as seat sees it. */
const char *pg_new_game(playground *pg, int players, const char *seed, const char *seats,
                        int seat);
/* A human seat's decision: option k (0-based); then the state as seat
 * sees it, the trace from line `from`. */
const char *pg_choose(playground *pg, int k, int seat, int from);
/* The state as seat sees it (a player 0-based, -1 everything, -2 a
 * spectator), the trace from line `from`. */
const char *pg_state(playground *pg, int seat, int from);

#endif /* PLAYGROUND_H */

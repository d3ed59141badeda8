/* check.h — static checks on a resolved ruleset.
 *
 * The entry point, oc_check(), is declared in compiler/passes.h. The checks:
 *   - two steps with the same number (error, with a note at the first);
 *   - a step numbered not as a child of its enclosing step (warning);
 *   - unreachable steps: after `end game`, `return` or an unconditional
 *     `exit` in the same block, under `if false` (or an option `when
 *     false`), or in a procedure nothing calls (error `unreachable step N`);
 *   - recursion among procs (and among fns), naming the cycle;
 *   - loops whose exit condition reads nothing the loop can change (the
 *     vars and locals it reads, built-ins included, against what the body
 *     and everything it calls can write); a `repeat { }` with no way out;
 *   - a `choose` with no options, or whose every option is guarded by a
 *     constant `false`;
 *   - actions and payments (check_pay.c): an up-front cost only the action
 *     itself could pay for (error), a precondition the declared ranges
 *     make impossible, a substitute no payment offers, a cap never reached
 *     (warnings).
 */
#ifndef OC_CHECK_H
#define OC_CHECK_H

#include "passes.h"

#endif /* OC_CHECK_H */

/* warning_list.h — the one list of warnings. Each has a stable name, for
 * `-Wno-NAME` (off), `-Werror=NAME` (an error) and `-WNAME` (back on), shown
 * after its message as GCC shows its own ([-Wunused]) and in the JSON and
 * SARIF diagnostics. A new warning gets a line here; a name never changes.
 *
 * Included with W(id, "name", "what it reports") defined; diag_warnings.h
 * numbers them, diag_warnings.c names them.
 */
W(TRIGGER_ORDER, "trigger-order", "two triggers on one event, and nothing says in which order they run")
W(TRIGGER_UNHEARD, "trigger-unheard", "a trigger on an event that nothing emits")
W(ANYTIME_UNOFFERED, "anytime-unoffered", "an anytime action in a ruleset where no window opens")
W(STEP_NUMBERING, "step-numbering", "a step inside another but not numbered as its child")
W(UNCITED_RULE, "uncited-rule", "a rule a step cites that no scenario cites")
W(UNUSED, "unused", "a declaration nothing refers to")
W(ACTION_UNTAKEN, "action-untaken", "an action whose precondition or cost the declared ranges make impossible")
W(SUBSTITUTE_UNOFFERED, "substitute-unoffered", "a substitute that no payment offers")
W(CAP_UNREACHED, "cap-unreached", "a cap above every value it caps")
W(TABLE_SAME_NAMES, "table-same-names", "two rows of a data table with the same name")
W(VACUOUS_EXPECT, "vacuous-expect", "a scenario's 'expect not offered' of a label no option can render")
W(PAY_LOOKAHEAD, "pay-lookahead", "a pay whose ways may leave a later pay of the same action unpayable, past the look-ahead")

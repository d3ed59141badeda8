/* check_symmetry.c — what `symmetric players` claims, checked where the
 * compiler can see it is false.
 *
 * The declaration says the rules treat every seat alike, so that a search
 * may take two states that differ only by a renaming of the seats for one
 * (TLC's SYMMETRY). It is the rules editor's claim; the compiler refuses
 * it where the rules plainly single a seat out: a seat named by number
 * (`player 2`), the start player and its rotation (the seat order), and a
 * decision taken in a loop over the players in seat order, whose players
 * before and after the one deciding are told apart by the loop alone, or
 * as a simultaneous group's answers are carried out (the parser lists
 * these, dsl/ast.h ast_seat_ref). A simultaneous group's own choice in
 * plain seat order passes: the order of asking changes nothing there.
 */
#include "passes.h"

static void refuse(diag *d, const ast_seat_ref *r)
{
    switch (r->kind) {
    case SEAT_PLAYER:
        diag_error(d, r->loc,
                   "'symmetric players', but the rules name player %lld: a seat named by number "
                   "is not like the others",
                   (long long)r->n);
        break;
    case SEAT_START:
    case SEAT_ROTATE:
        diag_error(d, r->loc,
                   "'symmetric players', but the rules use the start player: the seat order "
                   "tells the seats apart");
        break;
    case SEAT_LOOP_CHOOSE:
        diag_error(d, r->loc,
                   "'symmetric players', but this choice is taken in a loop over the players "
                   "in seat order (line %lld): who has chosen and who is still to choose "
                   "tells the seats apart",
                   (long long)r->n);
        break;
    case SEAT_LATER_CHOOSE:
        diag_error(d, r->loc,
                   "'symmetric players', but this choice is taken as the answers of the "
                   "simultaneous group at line %lld are carried out, in seat order: who has "
                   "been carried out tells the seats apart",
                   (long long)r->n);
        break;
    default:
        break;
    }
}

void oc_check_symmetry(const ast_file *f, diag *d)
{
    if (!f->symmetric)
        return;
    for (uint32_t i = 0; i < f->nseat_refs; i++)
        refuse(d, f->seat_refs[i]);
}

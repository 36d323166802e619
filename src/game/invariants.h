/* The rules a game in progress always keeps, in one place: the save loader refuses a file that
 * breaks one (after its checksum, so that what is checked is the content), the writer refuses
 * to replace a good save with a state that breaks one, and the tests run the check on the
 * game itself after generation, after every floor change and at the end of whole games. */
#ifndef MK_INVARIANTS_H
#define MK_INVARIANTS_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"

/* True when every rule holds; otherwise false with one line in err naming the first broken
 * rule and the entity or value ("player: level 33 at 34 XP; the rules give level 4"):
 *   - the floors: 0..deepest visited (the stairs go one floor at a time), none above, the
 *     player standing on the current one; each keeps gen_floor_check's guarantees (walls on
 *     the map's edge, its stairs, reachability, doors in doorways, entities where they may
 *     stand, each mouse on a floor its kind lives on);
 *   - the outcome: playing or won with at least 1 HP, died with 0 HP and a mouse to blame;
 *     the Mouse King alive on floor 13 (once it exists) until he is killed, which wins;
 *   - the player's level is the one the rules give for the XP, and max HP, attack, defence,
 *     hit, dodge, sight and speed are what the rules give at that level; HP within 0..max;
 *   - every mouse has its kind's numbers, with 1..max HP; every item, on a floor or in the
 *     pack, has its kind's numbers for the floor it was made on, a floor already visited;
 *   - the pack within its limit, worn gear in its own slot;
 *   - turns, counters and XP within game/limits.h;
 *   - the counters and commands within what the rules let a game reach (game_check_counts). */
bool game_check_invariants(const Game *game, char *err, size_t err_size);

/* The part of game_check_invariants that weighs the counters against the floors visited (0 to
 * the deepest, each made again from its seed to count what generation put there) and the
 * commands against the turns; the floors must already have passed the other checks. Each
 * rule follows from how the game changes its state, and the line names the counter and the
 * numbers ("kills 12 but the kills by kind sum to 11"):
 *   - commands (when known) at most GAME_COMMANDS_MAX, and at least the turns;
 *   - kills equal to the sum of the kills by kind (unless kills stopped at its limit);
 *   - kills + the mice alive at most the mice made with the floors + the calls their
 *     summoners could make in the turns played, unbounded once the turn count stopped at
 *     its limit (a mouse leaves only by the player's hand);
 *   - doors_opened - doors_closed at most the doors open now that were not made open (the
 *     player's closing is the only one);
 *   - keys_used at most the locked doors made that are no longer locked, and keys_used + the
 *     Keys left at most the Keys made (a Key goes only when used);
 *   - hidden_found at most the hidden doors made that are no longer hidden;
 *   - items_picked + the items never picked up at most the items made (an item counts the
 *     first time only; none is made in play). */
bool game_check_counts(const Game *game, char *err, size_t err_size);

#endif

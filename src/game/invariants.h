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
 *   - turns, counters and XP within game/limits.h. */
bool game_check_invariants(const Game *game, char *err, size_t err_size);

#endif

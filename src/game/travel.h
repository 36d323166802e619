/* The stairs keys' walk, and what a command would do to the floor the player is on: for the
 * front end's question before going back to a floor already left. */
#ifndef MK_TRAVEL_H
#define MK_TRAVEL_H

#include <stdbool.h>

#include "game/command.h"
#include "game/game.h"

/* CMD_TRAVEL_STAIRS: dir +1 the stairs up, -1 down. Unknown stairs: one line says so, no turn.
 * Beside them (a step the rules allow): takes them. Farther: travels to the cell before them
 * on the shortest known path and stops there (R-STAIRS-KEY-1); the same key again takes
 * them. */
bool game_travel_stairs(Game *game, int dir);

/* The floor `cmd` would take the player to on this very turn (a step or bump onto stairs, the
 * stairs key beside them, a travel onto stairs beside her), or -1 for none. */
int game_command_floor(Game *game, const Command *cmd);

/* That floor when the player has been there before (left it), else -1: going back asks first
 * under the "Ask before wasteful actions" option (R-STAIRS-KEY-3). */
int game_command_revisits(Game *game, const Command *cmd);

#endif

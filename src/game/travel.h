/* The stairs keys' walk, and what a command would do to the floor the player is on: for the
 * front end's question before going back to a floor already left. */
#ifndef MK_TRAVEL_H
#define MK_TRAVEL_H

#include <stdbool.h>

#include "game/command.h"
#include "game/game.h"

/* CMD_TRAVEL_STAIRS (recorded as "ts"): travel onto the known stairs up (dir +1) or down (-1),
 * taking them at the end unless a mouse is in view (R-WALK-3). Unknown stairs: one line says
 * so, no turn. */
bool game_travel_stairs(Game *game, int dir);

/* The Command the stairs key (`<` up, `>` down) sends, made of the existing commands so that
 * recordings keep their meaning (R-STAIRS-KEY-1, R-STAIRS-KEY-2): one step from the stairs
 * (a step the rules allow), the step onto them, which takes them; farther, travel to the cell
 * before them on the shortest known path; stairs unknown or no known way, CMD_TRAVEL_STAIRS,
 * which says why. */
Command game_stairs_key(Game *game, int dir);

/* The floor `cmd` takes the player to: at once (a step or bump onto stairs) or at the end of
 * the walk it starts (CMD_TRAVEL onto stairs, CMD_TRAVEL_STAIRS, with a known way); -1 for
 * none. */
int game_command_floor(Game *game, const Command *cmd);

/* That floor when the player has been there before (left it), else -1: going back asks first
 * under the "Ask before wasteful actions" option (R-STAIRS-KEY-3). */
int game_command_revisits(Game *game, const Command *cmd);

/* game_known_distances (game.h) from (x, y) instead of the player: the cost of walking from
 * there to every cell by what the player knows. Paths between two cells cost the same either
 * way but for the cells' own extra costs: a path from a to b pays for entering b, not a. */
void game_known_distances_from(Game *game, int x, int y, int32_t *dist);

/* The cost of the cheapest known way from the player to (x, y) or a cell beside it, as
 * game_known_distances counts it (the player's own cell costs 0); PATH_UNREACHED for none. */
int32_t game_known_cost_beside(Game *game, int x, int y);

/* The cost grid those searches walk now (MAP_WIDTH * MAP_HEIGHT, as path_dijkstra_costs
 * takes it): what the player knows, mice in view blocked. Good until the next search. */
const int16_t *game_known_cost_grid(Game *game);

#endif

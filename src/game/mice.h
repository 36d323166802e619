/* What the mice's behaviours (game/behaviour.c) share with their common rules (game/ai.c).
 * Internal to the game layer. */
#ifndef MK_MICE_H
#define MK_MICE_H

#include <stdbool.h>

#include "game/game.h"

/* How a mouse takes a step toward its target. */
enum StepHow {
    STEP_PLAIN = 0,
    STEP_BARGE = 1u << 0, /* a closed door in the way: open it and go in, in one action */
    STEP_SHOVE = 1u << 1, /* an ordinary mouse in the way: swap places with it */
    STEP_ROUND = 1u << 2  /* the player is no goal but an obstacle: go round her (eating) */
};

/* The player is within its sight range and in its line of sight (R-MOUSE-2). */
bool mouse_sees_player(const Game *game, const Entity *m);
/* Next to the player and able to strike (not diagonally into or out of a doorway). */
bool mouse_next_to_player(const Game *game, const Entity *m);
/* Whether it may step by (dx, dy) onto a free cell: no wall, no solid entity, not the
 * player, and diagonally only where the player could (floor_diagonal_allowed). */
bool mouse_can_step_to(const Game *game, const Entity *m, int dx, int dy);
/* One step along the cheapest path to its target (R-MOUSE-4), as `how` says; false when it
 * could not get closer. */
bool mouse_step_toward(Game *game, Entity *m, unsigned how);
/* Puts it on (x, y), keeping the turn's cost grid right. */
void mouse_move_to(Game *game, Entity *m, int x, int y);
/* Each cell's walking distance from the player, the other mice not counted; made once per
 * turn of the mice, when the first mouse asks. */
const int32_t *mouse_flee_map(Game *game);

#endif

/* What the player remembers of a floor beyond its cells: the items she saw, drawn dimmed where
 * she last saw them until she sees that cell again, and the mice that just left her sight, a
 * "last seen" mark for MEMORY_MOUSE_TURNS turns. Pure queries for the front ends. */
#ifndef MK_MEMORY_H
#define MK_MEMORY_H

#include <stdbool.h>

#include "core/sprite_ids.h"
#include "game/game.h"

enum { MEMORY_MOUSE_TURNS = 5 };

typedef struct MemoryMark {
    int x, y;
    SpriteId sprite;
    const char *name; /* the kind's name, "Health Pack", "Neo Mouse" */
    bool mouse;       /* a mouse's last-seen mark; else a remembered item */
    int age;          /* turns since the mouse was last seen; 0 for items */
} MemoryMark;

/* The items the player remembers on the current floor at cells not in view now, each where
 * she last saw it, into out (at most max); returns how many. */
int game_remembered_items(const Game *game, MemoryMark *out, int max);

/* The mice that left the player's sight on the current floor at most MEMORY_MOUSE_TURNS turns
 * ago, each at the cell where she last saw it while that cell is out of view. */
int game_lost_mice(const Game *game, MemoryMark *out, int max);

/* The player looks after a turn (game_apply calls it once sight is settled): on the current
 * floor, every remembered item on a cell in view is forgotten and every item in view is
 * remembered where it lies (forgotten wherever it was before); every mouse in view is marked
 * there now, a mark out of view is kept MEMORY_MOUSE_TURNS turns and dropped at once when its
 * cell is in view; each mouse and item in view keeps the turn it came into view
 * (Entity.in_view_since), one out of view has none. Changes nothing the rules read. */
void game_memory_update(Game *game);

/* game_memory_update on arriving on a floor: what came into view before she left it came into
 * view again now. */
void game_memory_arrive(Game *game);

/* What the player remembers at (x, y) of the current floor, a mouse's mark before an item;
 * false when nothing. */
bool game_memory_at(const Game *game, int x, int y, MemoryMark *out);

#endif

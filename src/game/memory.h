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

/* What the player remembers at (x, y) of the current floor, a mouse's mark before an item;
 * false when nothing. */
bool game_memory_at(const Game *game, int x, int y, MemoryMark *out);

#endif

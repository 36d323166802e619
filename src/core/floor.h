/* One floor of the tower: its map, its entities and the layout facts the generator found. */
#ifndef MK_FLOOR_H
#define MK_FLOOR_H

#include <stdbool.h>
#include <stdint.h>

#include "core/entity.h"
#include "core/map.h"

enum {
    MAX_FLOORS = 13,              /* the top floor's number */
    FLOOR_COUNT = MAX_FLOORS + 1, /* floors 0..13 */
    FLOOR_MAX_ROOMS = 32,
    FLOOR_MEMORY_ITEMS = 256, /* items remembered on one floor; more are not remembered */
    FLOOR_MEMORY_MICE = 64    /* mice followed on one floor for their "last seen" marks */
};

/* One thing the player remembers on a floor beyond its cells (game/memory.h): an item where
 * she last saw it, or a mouse where she last saw it and when. */
typedef struct FloorMark {
    uint32_t id;    /* the entity's id */
    KindId kind_id; /* its kind, for its name and sprite */
    int x, y;       /* where she last saw it */
    uint32_t turn;  /* a mouse: the turn she last saw it */
    bool in_view;   /* a mouse: in her sight at the last look */
    bool set;       /* an item: a Spring Trap set on the floor (R-TOOL-2), drawn armed */
} FloorMark;

typedef struct Room {
    int x, y, w, h; /* the interior; its walls are one cell outside */
} Room;

static inline int room_centre_x(const Room *r)
{
    return r->x + r->w / 2;
}
static inline int room_centre_y(const Room *r)
{
    return r->y + r->h / 2;
}

typedef struct Floor {
    int number;
    uint64_t seed;
    Map map;
    EntityList entities;
    Room rooms[FLOOR_MAX_ROOMS];
    int room_count;
    int arrival_x, arrival_y; /* where the player stands on arriving from below (floor 0: start) */
    uint8_t *seen;            /* per cell: 1 once the player has seen it (fog of war memory) */
    FloorMark items[FLOOR_MEMORY_ITEMS]; /* the items she remembers, first remembered first */
    int item_marks;
    FloorMark mice[FLOOR_MEMORY_MICE]; /* the mice she saw lately, first seen first */
    int mouse_marks;
} Floor;

bool floor_init(Floor *floor, int number, uint64_t seed, int width, int height);
/* Frees the map and every entity except the player, who is detached and kept. */
void floor_free(Floor *floor);

/* The first live entity at (x, y) whose flags include all of `flags` (0: any), or NULL. */
Entity *floor_entity_at(const Floor *floor, int x, int y, uint32_t flags);
/* The first live entity of that kind, or NULL. */
Entity *floor_find(const Floor *floor, KindId kind);
/* Whether a walker cannot step into (x, y) as it is: a wall or a solid entity (closed doors
 * included; bumping is how they open). */
bool floor_cell_blocked(const Floor *floor, int x, int y);

/* A doorway: a cell holding a door, open, closed or locked. A hidden door is not one: it is
 * wall to everyone until it is found. */
bool floor_is_doorway(const Floor *floor, int x, int y);
/* The one rule of diagonal steps, for the player and the mice alike, whether the step is a
 * move, a bump that opens or unlocks a door, or an attack: no squeezing diagonally between
 * two walls, and no diagonal step into or out of a doorway. True for a straight step; what
 * stands at the cell stepped to is the caller's business. */
bool floor_diagonal_allowed(const Floor *floor, int x, int y, int dx, int dy);

/* The one rule of what blocks sight: walls, and closed, locked and hidden doors (entities
 * flagged EF_BLOCKS_SIGHT). Open doors, mice and items do not. */
bool floor_blocks_sight(const Floor *floor, int x, int y);
/* Fills opaque (width * height) with floor_blocks_sight for every cell. */
void floor_sight_map(const Floor *floor, uint8_t *opaque);

/* A free cell (open floor, no entity) beside (x, y), the first in a fixed order: east, west,
 * south, north, then the diagonals. This is where a player arriving by stairs stands. */
bool floor_cell_beside(const Floor *floor, int x, int y, int *out_x, int *out_y);

#endif

/* The cell grid of one floor: what each cell is made of, and which part of the layout
 * (room, corridor, alcove) dug it. Doors, stairs and everything else are entities. */
#ifndef MK_MAP_H
#define MK_MAP_H

#include <stdbool.h>
#include <stdint.h>

enum { MAP_WIDTH = 80, MAP_HEIGHT = 50 };

typedef enum Tile {
    TILE_WALL = 0, /* rock and walls: everything not dug */
    TILE_FLOOR = 1
} Tile;

/* Which step of the generator dug a cell. */
typedef enum Zone {
    ZONE_NONE = 0, /* rock and walls */
    ZONE_ROOM,
    ZONE_CORRIDOR,
    ZONE_PASSAGE, /* a dead-end side passage */
    ZONE_ALCOVE   /* the closed end of a side passage */
} Zone;

/* What hovering a wall says; a hidden door says the same, so hovering never gives it away. */
#define MAP_WALL_DESCRIPTION "Wall: grey concrete blocks, cold to the touch."

typedef struct Map {
    int width, height;
    uint8_t *tiles; /* Tile, row-major */
    uint8_t *zones; /* Zone, row-major */
} Map;

/* Allocates a width x height map of solid wall. Returns false when out of memory. */
bool map_init(Map *map, int width, int height);
void map_free(Map *map);

static inline bool map_in_bounds(const Map *map, int x, int y)
{
    return x >= 0 && y >= 0 && x < map->width && y < map->height;
}

/* Cells outside the map read as wall with no zone. (Inline: the generator and every search
 * call these millions of times.) */
static inline Tile map_tile(const Map *map, int x, int y)
{
    return map_in_bounds(map, x, y) ? (Tile)map->tiles[y * map->width + x] : TILE_WALL;
}

static inline Zone map_zone(const Map *map, int x, int y)
{
    return map_in_bounds(map, x, y) ? (Zone)map->zones[y * map->width + x] : ZONE_NONE;
}

void map_set(Map *map, int x, int y, Tile tile, Zone zone);

static inline bool map_is_wall(const Map *map, int x, int y)
{
    return map_tile(map, x, y) == TILE_WALL;
}

/* How many of the 8 neighbours of (x, y) are wall (outside counts as wall). */
int map_count_wall_neighbours(const Map *map, int x, int y);

#endif

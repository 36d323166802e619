#include "core/map.h"

#include <stdlib.h>
#include <string.h>

bool map_init(Map *map, int width, int height)
{
    size_t cells = (size_t)width * (size_t)height;
    map->width = width;
    map->height = height;
    map->tiles = calloc(cells, 1);
    map->zones = calloc(cells, 1);
    if (!map->tiles || !map->zones) {
        map_free(map);
        return false;
    }
    return true;
}

void map_free(Map *map)
{
    free(map->tiles);
    free(map->zones);
    map->tiles = map->zones = NULL;
    map->width = map->height = 0;
}

Tile map_tile(const Map *map, int x, int y)
{
    if (!map_in_bounds(map, x, y))
        return TILE_WALL;
    return (Tile)map->tiles[y * map->width + x];
}

Zone map_zone(const Map *map, int x, int y)
{
    if (!map_in_bounds(map, x, y))
        return ZONE_NONE;
    return (Zone)map->zones[y * map->width + x];
}

void map_set(Map *map, int x, int y, Tile tile, Zone zone)
{
    if (!map_in_bounds(map, x, y))
        return;
    map->tiles[y * map->width + x] = (uint8_t)tile;
    map->zones[y * map->width + x] = (uint8_t)zone;
}

int map_count_wall_neighbours(const Map *map, int x, int y)
{
    int walls = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if ((dx || dy) && map_is_wall(map, x + dx, y + dy))
                walls++;
    return walls;
}

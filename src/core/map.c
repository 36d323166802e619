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
    if (x > 0 && y > 0 && x < map->width - 1 && y < map->height - 1) {
        /* Away from the edge: read the three rows directly. */
        const uint8_t *row = map->tiles + (y - 1) * map->width + x - 1;
        for (int r = 0; r < 3; r++, row += map->width)
            walls +=
                (row[0] == TILE_WALL) + (r != 1 && row[1] == TILE_WALL) + (row[2] == TILE_WALL);
        return walls;
    }
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if ((dx || dy) && map_is_wall(map, x + dx, y + dy))
                walls++;
    return walls;
}

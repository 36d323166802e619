#include "core/floor.h"

#include <stdlib.h>
#include <string.h>

bool floor_init(Floor *floor, int number, uint64_t seed, int width, int height)
{
    memset(floor, 0, sizeof *floor);
    floor->number = number;
    floor->seed = seed;
    entity_list_init(&floor->entities);
    floor->seen = calloc((size_t)width * (size_t)height, 1);
    if (!floor->seen)
        return false;
    if (!map_init(&floor->map, width, height)) {
        free(floor->seen);
        floor->seen = NULL;
        return false;
    }
    return true;
}

void floor_free(Floor *floor)
{
    entity_list_clear(&floor->entities);
    map_free(&floor->map);
    free(floor->seen);
    floor->seen = NULL;
}

bool floor_blocks_sight(const Floor *floor, int x, int y)
{
    return map_is_wall(&floor->map, x, y) || floor_entity_at(floor, x, y, EF_BLOCKS_SIGHT) != NULL;
}

void floor_sight_map(const Floor *floor, uint8_t *opaque)
{
    const Map *m = &floor->map;
    for (int i = 0; i < m->width * m->height; i++)
        opaque[i] = m->tiles[i] == TILE_WALL;
    for (const Entity *e = floor->entities.head; e; e = e->next)
        if ((e->flags & EF_BLOCKS_SIGHT) && !(e->flags & EF_REMOVED) &&
            map_in_bounds(m, e->x, e->y))
            opaque[e->y * m->width + e->x] = 1;
}

Entity *floor_entity_at(const Floor *floor, int x, int y, uint32_t flags)
{
    for (Entity *e = floor->entities.head; e; e = e->next)
        if (e->x == x && e->y == y && !(e->flags & EF_REMOVED) && (e->flags & flags) == flags)
            return e;
    return NULL;
}

Entity *floor_find(const Floor *floor, KindId kind)
{
    for (Entity *e = floor->entities.head; e; e = e->next)
        if (!(e->flags & EF_REMOVED) && e->kind_id == kind)
            return e;
    return NULL;
}

bool floor_cell_blocked(const Floor *floor, int x, int y)
{
    if (map_is_wall(&floor->map, x, y))
        return true;
    return floor_entity_at(floor, x, y, EF_SOLID) != NULL;
}

bool floor_is_doorway(const Floor *floor, int x, int y)
{
    for (const Entity *e = floor->entities.head; e; e = e->next)
        if (e->x == x && e->y == y && e->kind == KIND_DOOR && e->door != DOOR_HIDDEN &&
            !(e->flags & EF_REMOVED))
            return true;
    return false;
}

bool floor_diagonal_allowed(const Floor *floor, int x, int y, int dx, int dy)
{
    if (!dx || !dy)
        return true;
    const Map *m = &floor->map;
    if (map_is_wall(m, x + dx, y) && map_is_wall(m, x, y + dy))
        return false;
    return !floor_is_doorway(floor, x, y) && !floor_is_doorway(floor, x + dx, y + dy);
}

bool floor_cell_beside(const Floor *floor, int x, int y, int *out_x, int *out_y)
{
    static const int order[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                    {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    for (int i = 0; i < 8; i++) {
        int nx = x + order[i][0], ny = y + order[i][1];
        if (!map_is_wall(&floor->map, nx, ny) && !floor_entity_at(floor, nx, ny, 0)) {
            *out_x = nx;
            *out_y = ny;
            return true;
        }
    }
    return false;
}

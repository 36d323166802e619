#include <stdlib.h>

#include "gen/steps.h"

bool gen_door_geometry_ok(const Map *map, int x, int y)
{
    if (map_is_wall(map, x, y))
        return false;
    bool walls_ns = map_is_wall(map, x, y - 1) && map_is_wall(map, x, y + 1);
    bool walls_ew = map_is_wall(map, x - 1, y) && map_is_wall(map, x + 1, y);
    bool open_ns = !map_is_wall(map, x, y - 1) && !map_is_wall(map, x, y + 1);
    bool open_ew = !map_is_wall(map, x - 1, y) && !map_is_wall(map, x + 1, y);
    return (walls_ns && open_ew) || (walls_ew && open_ns);
}

bool gen_door_near(const Floor *floor, int x, int y)
{
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        int d = abs(e->x - x) + abs(e->y - y);
        if (e->kind == KIND_DOOR && d <= 1 && !(e->flags & EF_REMOVED))
            return true;
    }
    return false;
}

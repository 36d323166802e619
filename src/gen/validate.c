#include <stdlib.h>
#include <string.h>

#include "gen/steps.h"

/* The guarantees of SPEC.md, checked on every floor before it is handed out. A floor that
 * fails one is thrown away and generated again (pipeline.c). */

enum { PASS_ALL_DOORS, PASS_NO_LOCKED };

/* Cells reachable from the arrival point; doors count as open, or, with PASS_NO_LOCKED, locked
 * ones as wall. The player moves 8 ways but never squeezes between two walls, so every
 * diagonal step it may take has an open side cell to go round by: 4-way reachability is the
 * same set, for half the work. */
static uint8_t *reachable(const Floor *floor, int mode)
{
    const Map *m = &floor->map;
    int cells = m->width * m->height;
    uint8_t *seen = calloc((size_t)cells, 1);
    Cell *queue = malloc(sizeof(Cell) * (size_t)cells);
    if (!seen || !queue) {
        free(seen);
        free(queue);
        return NULL;
    }
    /* Locked doors start out "seen", so the search never passes them. */
    if (mode == PASS_NO_LOCKED)
        for (const Entity *e = floor->entities.head; e; e = e->next)
            if (e->kind == KIND_DOOR && e->door == DOOR_LOCKED)
                seen[e->y * m->width + e->x] = 1;
    int head = 0, tail = 0;
    seen[floor->arrival_y * m->width + floor->arrival_x] = 1;
    queue[tail++] = (Cell){floor->arrival_x, floor->arrival_y};
    while (head < tail) {
        Cell c = queue[head++];
        static const int step[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (int d = 0; d < 4; d++) {
            int nx = c.x + step[d][0], ny = c.y + step[d][1];
            if (map_is_wall(m, nx, ny) || seen[ny * m->width + nx])
                continue;
            seen[ny * m->width + nx] = 1;
            queue[tail++] = (Cell){nx, ny};
        }
    }
    free(queue);
    return seen;
}

static bool entities_ok(const Floor *floor, const uint8_t *unlocked)
{
    const Map *m = &floor->map;
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        if (map_is_wall(m, e->x, e->y))
            return false;
        if (e->flags & EF_SOLID)
            for (const Entity *o = e->next; o; o = o->next)
                if ((o->flags & EF_SOLID) && o->x == e->x && o->y == e->y)
                    return false;
        if (e->kind == KIND_DOOR && !gen_door_geometry_ok(m, e->x, e->y))
            return false;
        if (strcmp(e->name, "Key") == 0 && !unlocked[e->y * m->width + e->x])
            return false;
        if (e->kind == KIND_MONSTER && abs(e->x - floor->arrival_x) <= GEN_MONSTER_CLEARANCE &&
            abs(e->y - floor->arrival_y) <= GEN_MONSTER_CLEARANCE)
            return false;
    }
    return true;
}

bool gen_floor_is_valid(const Floor *floor)
{
    const Map *m = &floor->map;
    uint8_t *all = reachable(floor, PASS_ALL_DOORS);
    uint8_t *unlocked = reachable(floor, PASS_NO_LOCKED);
    bool ok = all && unlocked;
    for (int i = 0; ok && i < m->width * m->height; i++)
        if (m->tiles[i] == TILE_FLOOR && !all[i])
            ok = false;
    /* The arrival point is beside the Stairs (Down); the way to the Stairs (Up) from there
     * must not need a Key. (Stairs are solid to walkers, not to this search.) */
    const Entity *up = floor_find(floor, "Stairs (Up)");
    if (ok && up)
        ok = unlocked[up->y * m->width + up->x];
    ok = ok && entities_ok(floor, unlocked);
    free(all);
    free(unlocked);
    return ok;
}

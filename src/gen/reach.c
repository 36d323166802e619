#include <stdlib.h>

#include "gen/steps.h"

/* Breadth first, 4 ways: the player moves 8 ways but never squeezes between two walls, so
 * every diagonal step it may take has an open side cell to go round by, and 4-way
 * reachability is the same set for half the work. Every door counts as open but, with
 * GEN_REACH_NOT_LOCKED, a Door (Locked), which counts as wall. */
uint8_t *gen_reach(const Floor *floor, GenReachFrom from, GenReachDoors doors)
{
    const Map *m = &floor->map;
    int cells = m->width * m->height;
    uint8_t *seen = calloc((size_t)cells, 1);
    int *queue = malloc(sizeof(int) * (size_t)cells);
    if (!seen || !queue) {
        free(seen);
        free(queue);
        return NULL;
    }
    /* Locked doors start out "seen", so the search never passes them. */
    if (doors == GEN_REACH_NOT_LOCKED)
        for (const Entity *e = floor->entities.head; e; e = e->next)
            if (e->kind == KIND_DOOR && e->door == DOOR_LOCKED)
                seen[e->y * m->width + e->x] = 1;
    int tail = 0;
    if (from == GEN_REACH_FROM_ARRIVAL) {
        int i = floor->arrival_y * m->width + floor->arrival_x;
        seen[i] = 1;
        queue[tail++] = i;
    } else {
        for (int r = 0; r < floor->room_count; r++) {
            const Room *room = &floor->rooms[r];
            for (int y = room->y; y < room->y + room->h; y++)
                for (int x = room->x; x < room->x + room->w; x++)
                    if (!map_is_wall(m, x, y) && !seen[y * m->width + x]) {
                        seen[y * m->width + x] = 1;
                        queue[tail++] = y * m->width + x;
                    }
        }
    }
    static const int step[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (int head = 0; head < tail; head++) {
        int x = queue[head] % m->width, y = queue[head] / m->width;
        for (int d = 0; d < 4; d++) {
            int nx = x + step[d][0], ny = y + step[d][1];
            if (map_is_wall(m, nx, ny) || seen[ny * m->width + nx])
                continue;
            seen[ny * m->width + nx] = 1;
            queue[tail++] = ny * m->width + nx;
        }
    }
    free(queue);
    return seen;
}

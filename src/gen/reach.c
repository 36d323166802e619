#include <stdlib.h>

#include "gen/steps.h"

/* Breadth first, 4 ways: the player moves 8 ways but never squeezes between two walls, so
 * every diagonal step it may take has an open side cell to go round by, and 4-way
 * reachability is the same set for half the work. Every door counts as open but, with
 * GEN_REACH_NOT_LOCKED, a Door (Locked), which counts as wall, and with GEN_REACH_NOT_HIDDEN a
 * Door (Hidden) as well. */
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
    for (const Entity *e = floor->entities.head; doors != GEN_REACH_ALL_DOORS && e; e = e->next)
        if (e->kind == KIND_DOOR &&
            (e->door == DOOR_LOCKED || (doors == GEN_REACH_NOT_HIDDEN && e->door == DOOR_HIDDEN)))
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

/* What a cell is to the way of gen_hidden_on_way. */
enum { WAY_WALL = 0, WAY_OPEN, WAY_HIDDEN };

static uint8_t *way_ground(const Floor *floor)
{
    const Map *m = &floor->map;
    uint8_t *g = malloc((size_t)m->width * (size_t)m->height);
    if (!g)
        return NULL;
    for (int i = 0; i < m->width * m->height; i++)
        g[i] = m->tiles[i] == TILE_WALL ? WAY_WALL : WAY_OPEN;
    for (const Entity *e = floor->entities.head; e; e = e->next)
        if (e->kind == KIND_DOOR && !(e->flags & EF_REMOVED) && map_in_bounds(m, e->x, e->y))
            g[e->y * m->width + e->x] = e->door == DOOR_LOCKED   ? WAY_WALL
                                        : e->door == DOOR_HIDDEN ? WAY_HIDDEN
                                                                 : WAY_OPEN;
    return g;
}

/* Layer by layer: layer k holds the cells reached crossing k hidden doors, found breadth first
 * (4 ways, as gen_reach); a hidden door found from layer k opens layer k + 1. */
static int way_search(const Map *m, const uint8_t *g, int from, int to, int *prev, int *queue)
{
    int cells = m->width * m->height;
    for (int i = 0; i < cells; i++)
        prev[i] = -2;                     /* not reached */
    int head = 0, tail = 0, next = cells; /* the next layer fills queue from the top down */
    prev[from] = -1;
    queue[tail++] = from;
    static const int step[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (int layer = 0;; layer++) {
        for (; head < tail; head++) {
            if (queue[head] == to)
                return layer;
            int x = queue[head] % m->width, y = queue[head] / m->width;
            for (int d = 0; d < 4; d++) {
                int nx = x + step[d][0], ny = y + step[d][1], n = ny * m->width + nx;
                if (!map_in_bounds(m, nx, ny) || g[n] == WAY_WALL || prev[n] != -2)
                    continue;
                prev[n] = queue[head];
                if (g[n] == WAY_HIDDEN)
                    queue[--next] = n;
                else
                    queue[tail++] = n;
            }
        }
        if (next == cells)
            return -1;
        while (next < cells) /* the next layer moves down behind this one */
            queue[tail++] = queue[next++];
    }
}

int gen_hidden_on_way(const Floor *floor, int *doors, int max_doors)
{
    const Entity *up = floor_find(floor, KIND_ID_STAIRS_UP);
    if (!up)
        return 0;
    const Map *m = &floor->map;
    int cells = m->width * m->height;
    uint8_t *g = way_ground(floor);
    int *prev = malloc(sizeof(int) * (size_t)cells), *queue = malloc(sizeof(int) * (size_t)cells);
    int count = -1;
    if (g && prev && queue) {
        int to = up->y * m->width + up->x;
        count = way_search(m, g, floor->arrival_y * m->width + floor->arrival_x, to, prev, queue);
        /* Back from the stairs: the doors come out last first and are stored in that order. */
        for (int i = to, n = 0; count > 0 && doors && i >= 0; i = prev[i])
            if (g[i] == WAY_HIDDEN && n < max_doors)
                doors[n++] = i;
    }
    free(g);
    free(prev);
    free(queue);
    return count;
}

#include "game/memory.h"

/* A first version: the items lying on cells seen before and out of view now. */
int game_remembered_items(const Game *game, MemoryMark *out, int max)
{
    const Floor *floor = game->floors[game->current];
    int n = 0;
    for (const Entity *e = floor->entities.head; e && n < max; e = e->next) {
        if (e->kind != KIND_ITEM || (e->flags & EF_REMOVED) ||
            !map_in_bounds(&floor->map, e->x, e->y))
            continue;
        int i = e->y * floor->map.width + e->x;
        if (!floor->seen[i] || game_cell_visible(game, e->x, e->y))
            continue;
        out[n++] = (MemoryMark){e->x, e->y, e->sprite, e->name, false, 0};
    }
    return n;
}

int game_lost_mice(const Game *game, MemoryMark *out, int max)
{
    (void)game;
    (void)out;
    (void)max;
    return 0;
}

bool game_memory_at(const Game *game, int x, int y, MemoryMark *out)
{
    MemoryMark marks[64];
    int n = game_lost_mice(game, marks, 64);
    for (int i = 0; i < n; i++)
        if (marks[i].x == x && marks[i].y == y)
            return *out = marks[i], true;
    n = game_remembered_items(game, marks, 64);
    for (int i = 0; i < n; i++)
        if (marks[i].x == x && marks[i].y == y)
            return *out = marks[i], true;
    return false;
}

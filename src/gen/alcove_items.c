#include <stdio.h>
#include <stdlib.h>

#include "gen/steps.h"

enum { ITEM_CHANCE_NUM = 2, ITEM_CHANCE_DEN = 3 };

/* Cells reachable from the rooms without passing a Door (Locked), 4 ways (the player never
 * squeezes between two walls, so 8 ways reach the same set), every other door counted open.
 * The arrival point is in a room and locked doors close only dead-end passages, so what this
 * misses is exactly what lies behind a lock. NULL when memory runs out. */
static uint8_t *open_to_rooms(const Floor *floor)
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
    for (const Entity *e = floor->entities.head; e; e = e->next)
        if (e->kind == KIND_DOOR && e->door == DOOR_LOCKED)
            seen[e->y * m->width + e->x] = 1;
    int tail = 0;
    for (int i = 0; i < floor->room_count; i++) {
        const Room *r = &floor->rooms[i];
        for (int y = r->y; y < r->y + r->h; y++)
            for (int x = r->x; x < r->x + r->w; x++)
                if (!map_is_wall(m, x, y) && !seen[y * m->width + x]) {
                    seen[y * m->width + x] = 1;
                    queue[tail++] = y * m->width + x;
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

/* Step 7. An alcove in the open gets an item two times in three. An alcove behind a Door
 * (Locked) always gets one, and the better of two rolls of the loot table (loot.c), so a Key
 * always pays off and pays better than what lies about in the open. */
bool gen_fill_alcoves(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    uint8_t *open = open_to_rooms(floor);
    if (!open) {
        snprintf(ctx->factory->error, sizeof ctx->factory->error, "out of memory for floor %d",
                 floor->number);
        return false;
    }
    bool ok = true;
    for (int i = 0; ok && i < ctx->alcove_count; i++) {
        Cell a = ctx->alcoves[i];
        bool locked = !open[a.y * floor->map.width + a.x];
        ctx->stats->locked_alcoves += locked;
        if (!locked && !rng_chance(&ctx->rng, ITEM_CHANCE_NUM, ITEM_CHANCE_DEN))
            continue;
        if (floor_entity_at(floor, a.x, a.y, 0))
            continue;
        const char *name = locked ? gen_roll_locked_loot(&ctx->rng, floor->number)
                                  : gen_roll_loot(&ctx->rng, floor->number);
        ok = gen_spawn(ctx, name, a.x, a.y) != NULL;
        ctx->stats->alcove_items += ok;
        ctx->stats->locked_alcove_items += ok && locked;
    }
    free(open);
    return ok;
}

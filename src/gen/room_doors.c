#include <stddef.h>

#include "gen/steps.h"

/* A doorway is a cell of a room's wall ring (not a corner) that a corridor opened, with the
 * ring's walls on both sides of it and open floor in and out. */
static bool is_doorway(const GenContext *ctx, int x, int y)
{
    RingPart part = gen_ring_at(ctx, x, y);
    if (part != RING_HORIZONTAL && part != RING_VERTICAL)
        return false;
    return gen_door_geometry_ok(&ctx->floor->map, x, y);
}

static bool try_door(GenContext *ctx, int x, int y)
{
    if (!is_doorway(ctx, x, y) || gen_door_near(ctx->floor, x, y))
        return true;
    if (!gen_spawn(ctx, KIND_ID_DOOR, x, y))
        return false;
    ctx->stats->room_doors++;
    return true;
}

/* Only the rooms' wall rings can hold room doors; walk them, not the whole map. */
bool gen_place_room_doors(GenContext *ctx)
{
    const Floor *floor = ctx->floor;
    for (int i = 0; i < floor->room_count; i++) {
        const Room *r = &floor->rooms[i];
        for (int x = r->x; x < r->x + r->w; x++)
            if (!try_door(ctx, x, r->y - 1) || !try_door(ctx, x, r->y + r->h))
                return false;
        for (int y = r->y; y < r->y + r->h; y++)
            if (!try_door(ctx, r->x - 1, y) || !try_door(ctx, r->x + r->w, y))
                return false;
    }
    return true;
}

#include <stddef.h>

#include "gen/steps.h"

/* Step 8: up to two Keys or Health Packs lying about in rooms. Rooms are never behind a
 * locked door (those close only dead-end passages), so no Key is ever locked away. */
bool gen_scatter_items(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    int count = rng_range(&ctx->rng, 0, GEN_LOOSE_ITEMS_MAX);
    for (int i = 0; i < count; i++) {
        KindId kind = rng_chance(&ctx->rng, 1, 2) ? KIND_ID_KEY : KIND_ID_HEALTH_PACK;
        for (int attempt = 0; attempt < 50; attempt++) {
            const Room *r = &floor->rooms[rng_range(&ctx->rng, 0, floor->room_count - 1)];
            int x = rng_range(&ctx->rng, r->x, r->x + r->w - 1);
            int y = rng_range(&ctx->rng, r->y, r->y + r->h - 1);
            if (floor_entity_at(floor, x, y, 0))
                continue;
            if (!gen_spawn(ctx, kind, x, y))
                return false;
            ctx->stats->loose_items++;
            break;
        }
    }
    return true;
}

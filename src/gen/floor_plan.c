#include <stdlib.h>

#include "gen/steps.h"

/* Step 9c (docs/RULES.md R-GUAR-12): on floors 4, 7 and 10 a Floor Plan lies in a room, on a
 * free cell the arrival point reaches through no hidden and no locked door. */
bool gen_place_floor_plan(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    if (!gen_floor_wants_plan(floor->number))
        return true;
    uint8_t *open = gen_reach(floor, GEN_REACH_FROM_ARRIVAL, GEN_REACH_NOT_HIDDEN);
    if (!open)
        return false;
    bool placed = false;
    for (int attempt = 0; attempt < 200 && !placed; attempt++) {
        const Room *r = &floor->rooms[rng_range(&ctx->rng, 0, floor->room_count - 1)];
        int x = rng_range(&ctx->rng, r->x, r->x + r->w - 1);
        int y = rng_range(&ctx->rng, r->y, r->y + r->h - 1);
        if (!open[y * floor->map.width + x] || floor_entity_at(floor, x, y, 0) ||
            (x == floor->arrival_x && y == floor->arrival_y))
            continue;
        placed = gen_spawn(ctx, KIND_ID_FLOOR_PLAN, x, y) != NULL;
        ctx->stats->floor_plans += placed;
    }
    free(open);
    return placed;
}

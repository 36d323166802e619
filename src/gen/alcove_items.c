#include <stddef.h>

#include "gen/steps.h"

enum { ITEM_CHANCE_NUM = 2, ITEM_CHANCE_DEN = 3 };

bool gen_fill_alcoves(GenContext *ctx)
{
    for (int i = 0; i < ctx->alcove_count; i++) {
        Cell a = ctx->alcoves[i];
        if (!rng_chance(&ctx->rng, ITEM_CHANCE_NUM, ITEM_CHANCE_DEN))
            continue;
        if (floor_entity_at(ctx->floor, a.x, a.y, 0))
            continue;
        if (!gen_spawn(ctx, gen_roll_loot(&ctx->rng, ctx->floor->number), a.x, a.y))
            return false;
        ctx->stats->alcove_items++;
    }
    return true;
}

#include <stdio.h>
#include <stdlib.h>

#include "gen/steps.h"

enum { ITEM_CHANCE_NUM = 2, ITEM_CHANCE_DEN = 3 };

/* Step 7. An alcove in the open gets an item two times in three. An alcove behind a Door
 * (Locked) always gets one, and the better of two rolls of the loot table (loot.c), so a Key
 * always pays off and pays better than what lies about in the open. */
bool gen_fill_alcoves(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    /* Locked doors close only dead-end passages and the rooms are open, so what the rooms
     * cannot reach without a Key is exactly what lies behind a lock. */
    uint8_t *open = gen_reach(floor, GEN_REACH_FROM_ROOMS, GEN_REACH_NOT_LOCKED);
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
        const KindTable *kinds = ctx->factory->kinds;
        KindId kind = locked ? gen_roll_locked_loot(kinds, &ctx->rng, floor->number)
                             : gen_roll_loot(kinds, &ctx->rng, floor->number);
        ok = gen_spawn(ctx, kind, a.x, a.y) != NULL;
        ctx->stats->alcove_items += ok;
        ctx->stats->locked_alcove_items += ok && locked;
    }
    free(open);
    return ok;
}

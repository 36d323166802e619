#include <stddef.h>
#include <string.h>

#include "gen/steps.h"

enum { HIDDEN_CHANCE_NUM = 1, HIDDEN_CHANCE_DEN = 4 }; /* 25% of room doors */

typedef struct HideWalk {
    GenContext *ctx;
    bool ok;
} HideWalk;

/* Swaps the door for a hidden one at the same cell. */
static bool hide_one(Entity *e, void *arg)
{
    HideWalk *walk = arg;
    GenContext *ctx = walk->ctx;
    if (e->kind_id != KIND_ID_DOOR || !rng_chance(&ctx->rng, HIDDEN_CHANCE_NUM, HIDDEN_CHANCE_DEN))
        return true;
    int x = e->x, y = e->y;
    entity_list_remove(&ctx->floor->entities, e);
    if (!gen_spawn(ctx, KIND_ID_DOOR_HIDDEN, x, y)) {
        walk->ok = false;
        return false;
    }
    ctx->stats->hidden_doors++;
    return true;
}

/* Step 5 runs right after step 4, so every "Door" on the floor is a room door. */
bool gen_hide_doors(GenContext *ctx)
{
    HideWalk walk = {ctx, true};
    entity_list_each(&ctx->floor->entities, hide_one, &walk);
    entity_list_purge(&ctx->floor->entities);
    return walk.ok;
}

/* Step 9b, once the stairs and the arrival point are known (docs/RULES.md R-GUAR-11): on the
 * way from the arrival point to the Stairs (Up) that crosses the fewest hidden doors, all but
 * the allowed ones (the one nearest the stairs is kept) become plain doors again. Every other
 * way crosses at least as many, so the fewest is then the allowed number. */
bool gen_open_the_way(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    enum { WAY_DOORS_MAX = 64 };
    int doors[WAY_DOORS_MAX];
    int count = gen_hidden_on_way(floor, doors, WAY_DOORS_MAX);
    if (count < 0 || count > WAY_DOORS_MAX)
        return false;
    for (int i = gen_way_hidden_allowed(floor->number); i < count; i++) {
        int x = doors[i] % floor->map.width, y = doors[i] / floor->map.width;
        Entity *e = floor_entity_at(floor, x, y, 0);
        if (!e || e->kind_id != KIND_ID_DOOR_HIDDEN)
            return false;
        entity_list_remove(&floor->entities, e);
        if (!gen_spawn(ctx, KIND_ID_DOOR, x, y))
            return false;
        ctx->stats->hidden_doors--;
        ctx->stats->hidden_opened++;
    }
    entity_list_purge(&floor->entities);
    return true;
}

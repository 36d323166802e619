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

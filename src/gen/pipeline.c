#include <stdio.h>
#include <string.h>

#include "gen/gen.h"
#include <stddef.h>

#include "gen/steps.h"

enum { GEN_MAX_ATTEMPTS = 64 };

Entity *gen_spawn(GenContext *ctx, const char *name, int x, int y)
{
    Entity *e = factory_create(ctx->factory, name, x, y);
    if (e)
        entity_list_add(&ctx->floor->entities, e);
    return e;
}

static bool build_layout(GenContext *ctx)
{
    if (ctx->floor->number == 0)
        return gen_build_start_floor(ctx);
    if (!gen_place_rooms(ctx))
        return false;
    gen_dig_corridors(ctx);
    if (!gen_place_stairs(ctx))
        return false;
    if (ctx->floor->number == MAX_FLOORS && !gen_place_king(ctx))
        return false;
    return true;
}

bool gen_floor(Floor *floor, int number, uint64_t seed, EntityFactory *factory, GenStats *stats)
{
    GenContext ctx = {.floor = floor, .factory = factory};
    rng_seed(&ctx.rng, seed, RNG_STREAM_GENERATOR);
    if (stats)
        memset(stats, 0, sizeof *stats);
    for (int attempt = 0; attempt < GEN_MAX_ATTEMPTS; attempt++) {
        /* Each retry starts from a blank floor but keeps drawing from the same stream, so the
         * result is still a pure function of the seed. */
        if (attempt > 0) {
            floor_free(floor);
            if (stats)
                stats->retries++;
        }
        if (!floor_init(floor, number, seed, MAP_WIDTH, MAP_HEIGHT)) {
            snprintf(factory->error, sizeof factory->error, "out of memory for floor %d", number);
            return false;
        }
        if (build_layout(&ctx))
            return true;
    }
    floor_free(floor);
    snprintf(factory->error, sizeof factory->error,
             "floor %d of seed %llu: no valid layout after %d attempts", number,
             (unsigned long long)seed, GEN_MAX_ATTEMPTS);
    return false;
}

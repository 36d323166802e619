#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"
#include "gen/steps.h"

enum { GEN_MAX_ATTEMPTS = 64 };

Entity *gen_spawn(GenContext *ctx, KindId kind, int x, int y)
{
    Entity *e = factory_make(ctx->factory, kind, ctx->floor->number, x, y);
    if (e)
        entity_list_add(&ctx->floor->entities, e);
    return e;
}

/* Floors 1..12: the ten steps of docs/RULES.md (R-GEN-1..10), in order. */
static bool build_tower_floor(GenContext *ctx)
{
    if (!gen_place_rooms(ctx))
        return false;
    gen_dig_corridors(ctx);
    gen_dig_passages(ctx);
    gen_find_alcoves(ctx);
    return gen_place_room_doors(ctx) && gen_hide_doors(ctx) && gen_place_alcove_doors(ctx) &&
           gen_fill_alcoves(ctx) && gen_place_locker(ctx) && gen_scatter_items(ctx) &&
           gen_place_stairs(ctx) && gen_open_the_way(ctx) && gen_place_floor_plan(ctx) &&
           gen_place_monsters(ctx);
}

/* Floor 13: rooms and corridors, the Stairs (Down) and the Mouse King, nothing else. */
static bool build_top_floor(GenContext *ctx)
{
    if (!gen_place_rooms(ctx))
        return false;
    gen_dig_corridors(ctx);
    return gen_place_stairs(ctx) && gen_place_king(ctx);
}

static bool build_layout(GenContext *ctx)
{
    int n = ctx->floor->number;
    if (n == 0)
        return gen_build_start_floor(ctx);
    return n == MAX_FLOORS ? build_top_floor(ctx) : build_tower_floor(ctx);
}

static void count_cells(const Floor *floor, GenStats *stats)
{
    stats->cells = floor->map.width * floor->map.height;
    stats->open_cells = 0;
    for (int i = 0; i < stats->cells; i++)
        stats->open_cells += floor->map.tiles[i] == TILE_FLOOR;
}

bool gen_floor(Floor *floor, int number, uint64_t seed, EntityFactory *factory, GenStats *stats)
{
    GenStats local;
    GenContext ctx = {.floor = floor, .factory = factory, .stats = stats ? stats : &local};
    rng_seed(&ctx.rng, seed, RNG_STREAM_GENERATOR);
    ctx.ring = malloc((size_t)MAP_WIDTH * MAP_HEIGHT);
    if (!ctx.ring) {
        snprintf(factory->error, sizeof factory->error, "out of memory for floor %d", number);
        return false;
    }
    int retries = 0;
    for (int attempt = 0; attempt < GEN_MAX_ATTEMPTS; attempt++) {
        /* Each retry starts from a blank floor but keeps drawing from the same stream, so the
         * result is still a pure function of the seed. */
        memset(ctx.stats, 0, sizeof *ctx.stats);
        memset(ctx.ring, 0, (size_t)MAP_WIDTH * MAP_HEIGHT);
        if (!floor_init(floor, number, seed, MAP_WIDTH, MAP_HEIGHT)) {
            snprintf(factory->error, sizeof factory->error, "out of memory for floor %d", number);
            break;
        }
        if (build_layout(&ctx) && gen_floor_is_valid(floor, factory->kinds)) {
            ctx.stats->retries = retries;
            count_cells(floor, ctx.stats);
            free(ctx.ring);
            return true;
        }
        floor_free(floor);
        retries++;
        snprintf(factory->error, sizeof factory->error,
                 "floor %d of seed %llu: no valid layout after %d attempts", number,
                 (unsigned long long)seed, GEN_MAX_ATTEMPTS);
    }
    free(ctx.ring);
    return false;
}

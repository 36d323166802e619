#include "gen/steps.h"

/* An alcove is an open cell with 7 or 8 walls among its 8 neighbours: the closed end of a
 * dead-end passage, or any nook the layout left. */
void gen_find_alcoves(GenContext *ctx)
{
    const Map *map = &ctx->floor->map;
    ctx->alcove_count = 0;
    for (int y = 0; y < map->height; y++)
        for (int x = 0; x < map->width; x++)
            if (!map_is_wall(map, x, y) &&
                map_count_wall_neighbours(map, x, y) >= GEN_ALCOVE_MIN_WALLS &&
                ctx->alcove_count < GEN_MAX_ALCOVES)
                ctx->alcoves[ctx->alcove_count++] = (Cell){x, y};
    ctx->stats->alcoves = ctx->alcove_count;
}

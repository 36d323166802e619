#include <stddef.h>

#include "gen/steps.h"

static void dig(Map *map, int x, int y)
{
    if (map_tile(map, x, y) == TILE_WALL)
        map_set(map, x, y, TILE_FLOOR, ZONE_CORRIDOR);
}

/* One cell at a time toward the target: along one axis, then the other (which first is a coin
 * toss), so every corridor is a straight line or an L. */
static void dig_corridor(GenContext *ctx, int x0, int y0, int x1, int y1)
{
    Map *map = &ctx->floor->map;
    bool horizontal_first = rng_chance(&ctx->rng, 1, 2);
    int x = x0, y = y0;
    for (int leg = 0; leg < 2; leg++) {
        bool horizontal = (leg == 0) == horizontal_first;
        if (horizontal) {
            while (x != x1) {
                x += x1 > x ? 1 : -1;
                dig(map, x, y);
            }
        } else {
            while (y != y1) {
                y += y1 > y ? 1 : -1;
                dig(map, x, y);
            }
        }
    }
}

void gen_dig_corridors(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    for (int i = 1; i < floor->room_count; i++) {
        const Room *a = &floor->rooms[i], *b = &floor->rooms[i - 1];
        dig_corridor(ctx, room_centre_x(a), room_centre_y(a), room_centre_x(b), room_centre_y(b));
    }
}

#include <stddef.h>
#include <stdlib.h>

#include "gen/steps.h"

static void dig(Map *map, int x, int y)
{
    if (map_tile(map, x, y) == TILE_WALL)
        map_set(map, x, y, TILE_FLOOR, ZONE_CORRIDOR);
}

static int sign(int v)
{
    return (v > 0) - (v < 0);
}

/* What a step costs: running along a room's wall would tear the wall open into a wide
 * doorless gap, and cutting a room's corner leaves a diagonal hole; both are avoided when the
 * other step toward the target is free of them. Turning costs a little, so corridors run
 * straight. */
static int step_cost(const GenContext *ctx, int x, int y, bool horizontal, bool turning)
{
    int cost = turning ? 1 : 0;
    switch (gen_ring_at(ctx, x, y)) {
    case RING_CORNER: cost += 100; break;
    case RING_HORIZONTAL: cost += horizontal ? 10 : 0; break;
    case RING_VERTICAL: cost += horizontal ? 0 : 10; break;
    case RING_NONE: break;
    }
    return cost;
}

/* One cell at a time toward the target, each step along whichever axis costs less. Every step
 * brings the target one cell nearer, so the corridor is never longer than the Manhattan
 * distance. */
static void dig_corridor(GenContext *ctx, int x0, int y0, int x1, int y1)
{
    Map *map = &ctx->floor->map;
    int x = x0, y = y0;
    bool horizontal = rng_chance(&ctx->rng, 1, 2); /* the first leg's axis */
    while (x != x1 || y != y1) {
        int sx = sign(x1 - x), sy = sign(y1 - y);
        int cost_h = sx ? step_cost(ctx, x + sx, y, true, !horizontal) : 1 << 20;
        int cost_v = sy ? step_cost(ctx, x, y + sy, false, horizontal) : 1 << 20;
        horizontal = cost_h < cost_v || (cost_h == cost_v && horizontal);
        if (horizontal)
            x += sx;
        else
            y += sy;
        dig(map, x, y);
    }
    ctx->stats->corridors++;
}

static void join_rooms(GenContext *ctx, int a, int b)
{
    const Room *ra = &ctx->floor->rooms[a], *rb = &ctx->floor->rooms[b];
    dig_corridor(ctx, room_centre_x(ra), room_centre_y(ra), room_centre_x(rb), room_centre_y(rb));
}

void gen_dig_corridors(GenContext *ctx)
{
    int n = ctx->floor->room_count;
    for (int i = 1; i < n; i++)
        join_rooms(ctx, i, i - 1);
    /* Loops: rooms two or three apart in the west-to-east chain are near each other but not
     * yet joined directly. */
    int extra = rng_range(&ctx->rng, GEN_EXTRA_CORRIDORS_MIN, GEN_EXTRA_CORRIDORS_MAX);
    for (int k = 0; k < extra; k++) {
        int gap = rng_range(&ctx->rng, 2, 3); /* n >= GEN_ROOMS_MIN > 3 */
        int a = rng_range(&ctx->rng, 0, n - 1 - gap);
        join_rooms(ctx, a, a + gap);
        ctx->stats->loops++;
    }
}

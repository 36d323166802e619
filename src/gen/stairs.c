#include <stdlib.h>

#include "gen/steps.h"

/* A stair needs clear space: room floor with no wall among its 8 neighbours, and nothing on it. */
static bool stair_site_ok(const Floor *floor, int x, int y)
{
    return map_zone(&floor->map, x, y) == ZONE_ROOM && map_tile(&floor->map, x, y) == TILE_FLOOR &&
           map_count_wall_neighbours(&floor->map, x, y) == 0 && !floor_entity_at(floor, x, y, 0);
}

/* "At least a third of the map width apart", as a straight-line distance. */
static bool far_apart(const Map *map, int ax, int ay, int bx, int by)
{
    int dx = ax - bx, dy = ay - by;
    return 9 * (dx * dx + dy * dy) >= map->width * map->width;
}

typedef struct Site {
    int x, y;
} Site;

static int collect_sites(const Floor *floor, Site *sites)
{
    int n = 0;
    for (int y = 0; y < floor->map.height; y++)
        for (int x = 0; x < floor->map.width; x++)
            if (stair_site_ok(floor, x, y))
                sites[n++] = (Site){x, y};
    return n;
}

bool gen_place_stairs(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    bool want_up = floor->number < MAX_FLOORS;
    Site *sites = malloc(sizeof(Site) * (size_t)floor->map.width * (size_t)floor->map.height);
    if (!sites)
        return false;
    int n = collect_sites(floor, sites);
    bool placed = false;
    for (int attempt = 0; attempt < 32 && n > 0 && !placed; attempt++) {
        Site down = sites[rng_range(&ctx->rng, 0, n - 1)];
        if (!want_up) {
            placed = gen_spawn(ctx, "Stairs (Down)", down.x, down.y) != NULL;
            break;
        }
        int far = 0; /* partition the sites far enough from `down` to the front */
        for (int i = 0; i < n; i++)
            if (far_apart(&floor->map, down.x, down.y, sites[i].x, sites[i].y)) {
                Site t = sites[far];
                sites[far++] = sites[i];
                sites[i] = t;
            }
        if (far == 0)
            continue;
        Site up = sites[rng_range(&ctx->rng, 0, far - 1)];
        placed = gen_spawn(ctx, "Stairs (Down)", down.x, down.y) &&
                 gen_spawn(ctx, "Stairs (Up)", up.x, up.y);
    }
    free(sites);
    if (!placed)
        return false;
    const Entity *down = floor_find(floor, "Stairs (Down)");
    return floor_cell_beside(floor, down->x, down->y, &floor->arrival_x, &floor->arrival_y);
}

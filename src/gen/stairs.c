#include <stdlib.h>

#include "gen/steps.h"

/* A stair needs clear space: room floor with no wall among its 8 neighbours, and nothing on it. */
static bool stair_site_ok(const Floor *floor, const uint8_t *occupied, int x, int y)
{
    return map_zone(&floor->map, x, y) == ZONE_ROOM && !occupied[y * floor->map.width + x] &&
           map_count_wall_neighbours(&floor->map, x, y) == 0;
}

/* "At least a third of the map width apart", as a straight-line distance. */
static bool far_apart(const Map *map, Cell a, Cell b)
{
    int dx = a.x - b.x, dy = a.y - b.y;
    return 9 * (dx * dx + dy * dy) >= map->width * map->width;
}

static int collect_sites(const Floor *floor, Cell *sites, uint8_t *occupied)
{
    for (const Entity *e = floor->entities.head; e; e = e->next)
        occupied[e->y * floor->map.width + e->x] = 1;
    int n = 0;
    for (int y = 0; y < floor->map.height; y++)
        for (int x = 0; x < floor->map.width; x++)
            if (stair_site_ok(floor, occupied, x, y))
                sites[n++] = (Cell){x, y};
    return n;
}

/* Moves the sites far enough from `from` to the front; returns how many there are. */
static int partition_far(const Map *map, Cell *sites, int n, Cell from)
{
    int far = 0;
    for (int i = 0; i < n; i++)
        if (far_apart(map, from, sites[i])) {
            Cell t = sites[far];
            sites[far++] = sites[i];
            sites[i] = t;
        }
    return far;
}

static bool place_pair(GenContext *ctx, Cell *sites, int n)
{
    bool want_up = ctx->floor->number < MAX_FLOORS;
    for (int attempt = 0; attempt < 32; attempt++) {
        Cell down = sites[rng_range(&ctx->rng, 0, n - 1)];
        if (!want_up)
            return gen_spawn(ctx, KIND_ID_STAIRS_DOWN, down.x, down.y) != NULL;
        int far = partition_far(&ctx->floor->map, sites, n, down);
        if (far == 0)
            continue;
        Cell up = sites[rng_range(&ctx->rng, 0, far - 1)];
        return gen_spawn(ctx, KIND_ID_STAIRS_DOWN, down.x, down.y) &&
               gen_spawn(ctx, KIND_ID_STAIRS_UP, up.x, up.y);
    }
    return false;
}

bool gen_place_stairs(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    size_t cells = (size_t)floor->map.width * (size_t)floor->map.height;
    Cell *sites = malloc(sizeof(Cell) * cells);
    uint8_t *occupied = calloc(cells, 1);
    bool placed = false;
    if (sites && occupied) {
        int n = collect_sites(floor, sites, occupied);
        placed = n > 0 && place_pair(ctx, sites, n);
    }
    free(sites);
    free(occupied);
    if (!placed)
        return false;
    const Entity *down = floor_find(floor, KIND_ID_STAIRS_DOWN);
    return floor_cell_beside(floor, down->x, down->y, &floor->arrival_x, &floor->arrival_y);
}

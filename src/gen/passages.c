#include <stdlib.h>

#include "gen/steps.h"

enum { PASSAGE_ATTEMPTS = 60 };

static const int DIRS[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};

typedef struct Passage {
    Cell start; /* the corridor cell it leaves from */
    Cell cells[GEN_PASSAGE_LEN_MAX];
    int len;
} Passage;

static bool in_passage(const Passage *p, int x, int y)
{
    if (p->start.x == x && p->start.y == y)
        return true;
    for (int i = 0; i < p->len; i++)
        if (p->cells[i].x == x && p->cells[i].y == y)
            return true;
    return false;
}

/* A new passage cell must be solid rock, off every room's walls, away from the map edge, and
 * touch no open cell but the passage itself (the first cell may also touch the corridor it
 * leaves), so the passage stays one cell wide and ends closed in. */
static bool can_dig(const GenContext *ctx, const Passage *p, int x, int y)
{
    const Map *map = &ctx->floor->map;
    if (x < 1 || y < 1 || x > map->width - 2 || y > map->height - 2)
        return false;
    if (!map_is_wall(map, x, y) || gen_ring_at(ctx, x, y) != RING_NONE)
        return false;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int nx = x + dx, ny = y + dy;
            if ((!dx && !dy) || map_is_wall(map, nx, ny) || in_passage(p, nx, ny))
                continue;
            bool beside_start = abs(nx - p->start.x) <= 1 && abs(ny - p->start.y) <= 1;
            if (!(p->len == 0 && beside_start))
                return false;
        }
    return true;
}

/* Plans one straight or once-turning passage from a random corridor cell; false if it would
 * break the rules above. Nothing is dug until the whole plan fits. */
static bool plan_passage(GenContext *ctx, const Cell *corridor, int corridor_count, Passage *p)
{
    p->start = corridor[rng_range(&ctx->rng, 0, corridor_count - 1)];
    p->len = 0;
    int dir = rng_range(&ctx->rng, 0, 3);
    int length = rng_range(&ctx->rng, GEN_PASSAGE_LEN_MIN, GEN_PASSAGE_LEN_MAX);
    /* Half the passages turn once, somewhere with at least one cell on either side. */
    int turn_at = rng_chance(&ctx->rng, 1, 2) ? rng_range(&ctx->rng, 1, length - 2) : -1;
    int turn = rng_chance(&ctx->rng, 1, 2) ? 1 : 3;
    int x = p->start.x, y = p->start.y;
    for (int i = 0; i < length; i++) {
        if (i == turn_at)
            dir = (dir + turn) % 4;
        x += DIRS[dir][0];
        y += DIRS[dir][1];
        if (!can_dig(ctx, p, x, y))
            return false;
        p->cells[p->len++] = (Cell){x, y};
    }
    return true;
}

void gen_dig_passages(GenContext *ctx)
{
    Map *map = &ctx->floor->map;
    Cell *corridor = malloc(sizeof(Cell) * (size_t)map->width * (size_t)map->height);
    if (!corridor)
        return;
    int count = 0;
    for (int y = 0; y < map->height; y++)
        for (int x = 0; x < map->width; x++)
            if (map_zone(map, x, y) == ZONE_CORRIDOR && gen_ring_at(ctx, x, y) == RING_NONE)
                corridor[count++] = (Cell){x, y};
    int wanted = rng_range(&ctx->rng, GEN_PASSAGES_MIN, GEN_PASSAGES_MAX);
    for (int attempt = 0; attempt < PASSAGE_ATTEMPTS && ctx->stats->dead_ends < wanted && count;
         attempt++) {
        Passage p;
        if (!plan_passage(ctx, corridor, count, &p))
            continue;
        for (int i = 0; i < p.len; i++)
            map_set(map, p.cells[i].x, p.cells[i].y, TILE_FLOOR,
                    i == p.len - 1 ? ZONE_ALCOVE : ZONE_PASSAGE);
        ctx->stats->dead_ends++;
    }
    free(corridor);
}

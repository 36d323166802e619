#include "cli/bench_maps.h"

#include <string.h>

#include "core/rng.h"
#include "core/seeds.h"
#include "game/caches.h"
#include "gen/gen.h"

/* Walls, sight and the game's costs of a generated floor, as the mice see it (the game's own
 * game_walk_costs and game_walk_add_mice). */
static void from_floor(BenchMap *b, const Floor *f)
{
    b->w = f->map.width;
    b->h = f->map.height;
    floor_sight_map(f, b->opaque);
    for (int i = 0; i < b->w * b->h; i++) {
        b->walls[i] = f->map.tiles[i] == TILE_WALL;
        b->costs[i] = b->walls[i] ? PATH_BLOCKED : 0;
    }
    game_walk_costs(f, b->game_costs);
    game_walk_add_mice(f, b->game_costs);
}

static bool wall_at(const BenchMap *b, int x, int y)
{
    return x < 0 || y < 0 || x >= b->w || y >= b->h || b->walls[y * b->w + x];
}

/* Whether opening wall (x, y) makes a squeeze with the open cell at (x + dx, y + dy): the two
 * cells beside that diagonal are wall, and (x, y) is not on the map's edge. */
static bool squeeze_site(const BenchMap *b, int x, int y, int dx, int dy)
{
    return x > 0 && y > 0 && x < b->w - 1 && y < b->h - 1 && wall_at(b, x, y) &&
           !wall_at(b, x + dx, y + dy) && b->game_costs[(y + dy) * b->w + x + dx] == 0 &&
           wall_at(b, x + dx, y) && wall_at(b, x, y + dy);
}

static bool any_squeeze_site(const BenchMap *b, int x, int y)
{
    return squeeze_site(b, x, y, 1, 1) || squeeze_site(b, x, y, -1, 1) ||
           squeeze_site(b, x, y, 1, -1) || squeeze_site(b, x, y, -1, -1);
}

/* Opens BENCH_SQUEEZES of the floor's squeeze sites, spread evenly over them in row order. */
static void carve_squeezes(BenchMap *b)
{
    int sites = 0;
    for (int i = 0; i < b->w * b->h; i++)
        sites += any_squeeze_site(b, i % b->w, i / b->w);
    for (int i = 0, seen = 0, carved = 0; i < b->w * b->h && carved < BENCH_SQUEEZES; i++) {
        if (!any_squeeze_site(b, i % b->w, i / b->w))
            continue;
        if (seen++ * BENCH_SQUEEZES >= carved * sites) {
            b->walls[i] = b->opaque[i] = 0;
            b->costs[i] = b->game_costs[i] = 0;
            carved++;
        }
    }
}

/* The open cells and the squeezes between them. */
static void count_cells(BenchMap *b)
{
    b->open_count = b->squeezes = 0;
    for (int i = 0; i < b->w * b->h; i++) {
        int x = i % b->w, y = i / b->w;
        if (b->walls[i])
            continue;
        b->open[b->open_count++] = (PathCell){(int16_t)x, (int16_t)y};
        for (int dx = -1; dx <= 1; dx += 2)
            b->squeezes +=
                !wall_at(b, x + dx, y + 1) && wall_at(b, x + dx, y) && wall_at(b, x, y + 1);
    }
}

static PathCell any_open(const BenchMap *b, Rng *rng)
{
    return b->open[rng_range(rng, 0, b->open_count - 1)];
}

bool bench_load_floors(EntityFactory *factory, BenchMap *floors)
{
    Rng rng;
    rng_seed(&rng, 2024, RNG_STREAM_COSMETIC);
    for (int k = 0; k < BENCH_FLOORS; k++) {
        GameSeeds seeds;
        seeds_derive(&seeds, (uint64_t)k + 1);
        int number = 1 + (k * 3) % 12;
        Floor f;
        if (!gen_floor(&f, number, seeds.floors[number], factory, NULL))
            return false;
        BenchMap *b = &floors[k];
        from_floor(b, &f);
        floor_free(&f);
        carve_squeezes(b);
        count_cells(b);
        for (int p = 0; p < BENCH_PAIRS; p++)
            for (int e = 0; e < 2; e++)
                b->pairs[p][e] = any_open(b, &rng);
        for (int r = 0; r < BENCH_ROOTS; r++) {
            PathCell c = any_open(b, &rng);
            while (b->game_costs[c.y * b->w + c.x] < 0)
                c = any_open(b, &rng);
            b->roots[r] = c;
        }
    }
    return true;
}

/* Walls among the 3x3 square round (x, y), the map's outside counting as wall. */
static int walls_round(const uint8_t *wall, int x, int y)
{
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int nx = x + dx, ny = y + dy;
            n += nx < 0 || ny < 0 || nx >= MAP_WIDTH || ny >= MAP_HEIGHT ||
                 wall[ny * MAP_WIDTH + nx];
        }
    return n;
}

/* 40% wall at random, then four rounds of "wall where 5 or more of the 3x3 square are": the
 * usual cave automaton, which leaves open caverns joined by passages and some squeezes. */
void bench_make_cave(BenchMap *cave, uint64_t seed)
{
    enum { W = MAP_WIDTH, H = MAP_HEIGHT };
    static uint8_t next[W * H];
    uint8_t *wall = cave->walls;
    Rng rng;
    rng_seed(&rng, seed, RNG_STREAM_GENERATOR);
    cave->w = W;
    cave->h = H;
    for (int i = 0; i < W * H; i++) {
        int x = i % W, y = i / W;
        wall[i] = x == 0 || y == 0 || x == W - 1 || y == H - 1 || rng_range(&rng, 0, 99) < 40;
    }
    for (int round = 0; round < 4; round++) {
        for (int i = 0; i < W * H; i++)
            next[i] = walls_round(wall, i % W, i / W) >= 5;
        memcpy(wall, next, sizeof next);
    }
    for (int i = 0; i < W * H; i++) {
        cave->opaque[i] = wall[i];
        cave->costs[i] = cave->game_costs[i] = wall[i] ? PATH_BLOCKED : 0;
    }
    count_cells(cave);
}

bool bench_load_maps(EntityFactory *factory, BenchMap *maps)
{
    if (!bench_load_floors(factory, maps))
        return false;
    for (int c = 0; c < BENCH_CAVES; c++)
        bench_make_cave(&maps[BENCH_FLOORS + c], (uint64_t)c + 1);
    return true;
}

#define _POSIX_C_SOURCE 200809L
#include "cli/bench_sight.h"

#include <stdlib.h>

#include "core/bench_clock.h"
#include "core/fov.h"
#include "core/path.h"
#include "core/rng.h"
#include "core/seeds.h"
#include "gen/gen.h"

#ifdef MOUSEKING_HAVE_LIBTCOD
#include <libtcod/fov.h>
#include <libtcod/path.h>
#endif

enum { BENCH_FLOORS = 8, RUNS = 7, PAIRS_PER_FLOOR = 300, DIJKSTRA_PER_FLOOR = 40 };

typedef struct BenchFloor {
    int w, h;
    uint8_t opaque[MAP_WIDTH * MAP_HEIGHT]; /* walls and sight-blocking doors */
    uint8_t walls[MAP_WIDTH * MAP_HEIGHT];  /* what blocks walking in this benchmark: walls */
    int16_t costs[MAP_WIDTH * MAP_HEIGHT];  /* the same as a cost grid, for A* (as libtcod's map
                                               is built before its timing) */
    PathCell open[MAP_WIDTH * MAP_HEIGHT];
    int open_count;
    PathCell pairs[PAIRS_PER_FLOOR][2];
    PathCell roots[DIJKSTRA_PER_FLOOR];
#ifdef MOUSEKING_HAVE_LIBTCOD
    TCOD_Map *tcod;
#endif
} BenchFloor;

static bool load_floors(EntityFactory *factory, BenchFloor *floors)
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
        BenchFloor *b = &floors[k];
        b->w = f.map.width;
        b->h = f.map.height;
        floor_sight_map(&f, b->opaque);
        b->open_count = 0;
        for (int i = 0; i < b->w * b->h; i++) {
            b->walls[i] = f.map.tiles[i] == TILE_WALL;
            b->costs[i] = b->walls[i] ? PATH_BLOCKED : 0;
            if (!b->walls[i])
                b->open[b->open_count++] = (PathCell){(int16_t)(i % b->w), (int16_t)(i / b->w)};
        }
        for (int p = 0; p < PAIRS_PER_FLOOR; p++)
            for (int e = 0; e < 2; e++)
                b->pairs[p][e] = b->open[rng_range(&rng, 0, b->open_count - 1)];
        for (int r = 0; r < DIJKSTRA_PER_FLOOR; r++)
            b->roots[r] = b->open[rng_range(&rng, 0, b->open_count - 1)];
#ifdef MOUSEKING_HAVE_LIBTCOD
        b->tcod = TCOD_map_new(b->w, b->h);
        for (int i = 0; i < b->w * b->h; i++)
            TCOD_map_set_properties(b->tcod, i % b->w, i / b->w, !b->opaque[i], !b->walls[i]);
#endif
        floor_free(&f);
    }
    return true;
}

static int wall_cost(const void *ctx, int x, int y)
{
    const BenchFloor *b = ctx;
    return b->walls[y * b->w + x] ? PATH_BLOCKED : 0;
}

/* --- ours ------------------------------------------------------------------------------ */

static double ours_fov(BenchFloor *floors, int radius)
{
    static uint8_t visible[MAP_WIDTH * MAP_HEIGHT];
    long calls = 0;
    double start = bench_now_us();
    for (int k = 0; k < BENCH_FLOORS; k++)
        for (int i = 0; i < floors[k].open_count; i++, calls++)
            fov_compute(floors[k].opaque, floors[k].w, floors[k].h, floors[k].open[i].x,
                        floors[k].open[i].y, radius, visible);
    return (bench_now_us() - start) / (double)calls;
}

/* A* from the floor's cost grid (path_astar_costs, as the mice walk), or asking the cost
 * callback cell by cell (path_astar). */
static double ours_astar(BenchFloor *floors, PathFinder *pf, bool callback)
{
    static PathCell path[MAP_WIDTH * MAP_HEIGHT];
    double start = bench_now_us();
    for (int k = 0; k < BENCH_FLOORS; k++)
        for (int p = 0; p < PAIRS_PER_FLOOR; p++) {
            const PathCell *q = floors[k].pairs[p];
            if (callback)
                path_astar(pf, q[0].x, q[0].y, q[1].x, q[1].y, wall_cost, &floors[k], path,
                           MAP_WIDTH * MAP_HEIGHT, NULL);
            else
                path_astar_costs(pf, q[0].x, q[0].y, q[1].x, q[1].y, floors[k].costs, path,
                                 MAP_WIDTH * MAP_HEIGHT, NULL);
        }
    return (bench_now_us() - start) / (BENCH_FLOORS * PAIRS_PER_FLOOR);
}

/* The cost grid is built from the floor inside the timing, for every map, as libtcod reads
 * its own map inside TCOD_dijkstra_compute. */
static double ours_dijkstra(BenchFloor *floors, PathFinder *pf)
{
    static int32_t dist[MAP_WIDTH * MAP_HEIGHT];
    static int16_t costs[MAP_WIDTH * MAP_HEIGHT];
    double start = bench_now_us();
    for (int k = 0; k < BENCH_FLOORS; k++)
        for (int r = 0; r < DIJKSTRA_PER_FLOOR; r++) {
            const BenchFloor *b = &floors[k];
            for (int i = 0; i < b->w * b->h; i++)
                costs[i] = b->walls[i] ? PATH_BLOCKED : 0;
            path_dijkstra_costs(pf, &b->roots[r], 1, costs, dist);
        }
    return (bench_now_us() - start) / (BENCH_FLOORS * DIJKSTRA_PER_FLOOR);
}

/* The same maps asking a cost callback cell by cell (path_dijkstra). */
static double ours_dijkstra_fn(BenchFloor *floors, PathFinder *pf)
{
    static int32_t dist[MAP_WIDTH * MAP_HEIGHT];
    double start = bench_now_us();
    for (int k = 0; k < BENCH_FLOORS; k++)
        for (int r = 0; r < DIJKSTRA_PER_FLOOR; r++)
            path_dijkstra(pf, &floors[k].roots[r], 1, wall_cost, &floors[k], dist);
    return (bench_now_us() - start) / (BENCH_FLOORS * DIJKSTRA_PER_FLOOR);
}

/* --- libtcod --------------------------------------------------------------------------- */

#ifdef MOUSEKING_HAVE_LIBTCOD
static double tcod_fov(BenchFloor *floors, int radius, TCOD_fov_algorithm_t algo)
{
    long calls = 0;
    double start = bench_now_us();
    for (int k = 0; k < BENCH_FLOORS; k++)
        for (int i = 0; i < floors[k].open_count; i++, calls++)
            TCOD_map_compute_fov(floors[k].tcod, floors[k].open[i].x, floors[k].open[i].y, radius,
                                 true, algo);
    return (bench_now_us() - start) / (double)calls;
}

static double tcod_astar(BenchFloor *floors)
{
    double total = 0;
    for (int k = 0; k < BENCH_FLOORS; k++) {
        TCOD_path_t path = TCOD_path_new_using_map(floors[k].tcod, 1.41f);
        double start = bench_now_us();
        for (int p = 0; p < PAIRS_PER_FLOOR; p++) {
            const PathCell *q = floors[k].pairs[p];
            TCOD_path_compute(path, q[0].x, q[0].y, q[1].x, q[1].y);
        }
        total += bench_now_us() - start;
        TCOD_path_delete(path);
    }
    return total / (BENCH_FLOORS * PAIRS_PER_FLOOR);
}

static double tcod_dijkstra(BenchFloor *floors)
{
    double total = 0;
    for (int k = 0; k < BENCH_FLOORS; k++) {
        TCOD_dijkstra_t d = TCOD_dijkstra_new(floors[k].tcod, 1.41f);
        double start = bench_now_us();
        for (int r = 0; r < DIJKSTRA_PER_FLOOR; r++)
            TCOD_dijkstra_compute(d, floors[k].roots[r].x, floors[k].roots[r].y);
        total += bench_now_us() - start;
        TCOD_dijkstra_delete(d);
    }
    return total / (BENCH_FLOORS * DIJKSTRA_PER_FLOOR);
}
#endif

typedef double (*Measure)(BenchFloor *floors, PathFinder *pf, int which);

enum { M_FOV, M_FOV_R9, M_ASTAR, M_DIJKSTRA, M_COUNT, M_DIJKSTRA_FN = M_COUNT, M_ASTAR_FN };

static double measure_ours(BenchFloor *floors, PathFinder *pf, int which)
{
    switch (which) {
    case M_FOV: return ours_fov(floors, 0);
    case M_FOV_R9: return ours_fov(floors, 9);
    case M_ASTAR: return ours_astar(floors, pf, false);
    case M_ASTAR_FN: return ours_astar(floors, pf, true);
    case M_DIJKSTRA_FN: return ours_dijkstra_fn(floors, pf);
    default: return ours_dijkstra(floors, pf);
    }
}

#ifdef MOUSEKING_HAVE_LIBTCOD
static double measure_tcod(BenchFloor *floors, PathFinder *pf, int which)
{
    (void)pf;
    switch (which) {
    case M_FOV: return tcod_fov(floors, 0, FOV_SYMMETRIC_SHADOWCAST);
    case M_FOV_R9: {
        /* libtcod's faster radius-9 algorithm, whichever that is on this machine. */
        double a = tcod_fov(floors, 9, FOV_SHADOW),
               b = tcod_fov(floors, 9, FOV_SYMMETRIC_SHADOWCAST);
        return a < b ? a : b;
    }
    case M_ASTAR: return tcod_astar(floors);
    default: return tcod_dijkstra(floors);
    }
}
#endif

static BenchSpread spread_of_runs(Measure m, BenchFloor *floors, PathFinder *pf, int which)
{
    double v[RUNS];
    for (int r = 0; r < RUNS; r++)
        v[r] = m(floors, pf, which);
    return bench_spread(v, RUNS);
}

int bench_sight(EntityFactory *factory, Figure *out)
{
    static const char *const names[M_COUNT] = {"fov_us", "fov_r9_us", "astar_us", "dijkstra_us"};
    static const char *const tcod_names[M_COUNT] = {"tcod_fov_us", "tcod_fov_r9_us",
                                                    "tcod_astar_us", "tcod_dijkstra_us"};
    static const char *const ratio_names[M_COUNT] = {"fov_speedup", "fov_r9_speedup",
                                                     "astar_speedup", "dijkstra_speedup"};
    BenchFloor *floors = calloc(BENCH_FLOORS, sizeof *floors);
    PathFinder pf;
    int n = 0;
    if (!floors || !load_floors(factory, floors) || !path_finder_init(&pf, MAP_WIDTH, MAP_HEIGHT)) {
        free(floors);
        return 0;
    }
    for (int m = 0; m < M_COUNT; m++) {
#ifdef MOUSEKING_HAVE_LIBTCOD
        /* Ours and libtcod's in the same round, the first of the two alternating, so a host
         * that speeds up or slows down moves both of a round's timings alike. */
        double ours[RUNS], theirs[RUNS], ratio[RUNS];
        for (int r = 0; r < RUNS; r++) {
            if (r % 2) {
                theirs[r] = measure_tcod(floors, &pf, m);
                ours[r] = measure_ours(floors, &pf, m);
            } else {
                ours[r] = measure_ours(floors, &pf, m);
                theirs[r] = measure_tcod(floors, &pf, m);
            }
            ratio[r] = theirs[r] / ours[r];
        }
        out[n++] = figure_of(names[m], bench_spread(ours, RUNS), "us");
        out[n++] = figure_of(tcod_names[m], bench_spread(theirs, RUNS), "us");
        out[n++] = figure_of(ratio_names[m], bench_spread(ratio, RUNS), "x");
#else
        (void)tcod_names;
        (void)ratio_names;
        out[n++] = figure_of(names[m], spread_of_runs(measure_ours, floors, &pf, m), "us");
#endif
    }
    out[n++] =
        figure_of("astar_fn_us", spread_of_runs(measure_ours, floors, &pf, M_ASTAR_FN), "us");
    out[n++] =
        figure_of("dijkstra_fn_us", spread_of_runs(measure_ours, floors, &pf, M_DIJKSTRA_FN), "us");
    path_finder_free(&pf);
#ifdef MOUSEKING_HAVE_LIBTCOD
    for (int k = 0; k < BENCH_FLOORS; k++)
        TCOD_map_delete(floors[k].tcod);
#endif
    free(floors);
    return n;
}

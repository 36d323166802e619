#define _POSIX_C_SOURCE 200809L
#include "cli/bench_sight.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/bench_maps.h"
#include "core/bench_clock.h"
#include "core/fov.h"
#include "core/path.h"

#ifdef MOUSEKING_HAVE_LIBTCOD
#include <libtcod/fov.h>
#include <libtcod/path.h>
enum { HAVE_TCOD = 1 };
#else
enum { HAVE_TCOD = 0 };
#endif

/* The maps: BENCH_FLOORS floors, then BENCH_CAVES caves. */
enum { RUNS = 7, MAPS = BENCH_FLOORS + BENCH_CAVES, CELLS = MAP_WIDTH * MAP_HEIGHT };

typedef struct Bench {
    BenchMap maps[MAPS];
    PathFinder pf;
#ifdef MOUSEKING_HAVE_LIBTCOD
    TCOD_Map *tcod[MAPS]; /* sight and walls of each map, walls alone blocking the walk */
#endif
} Bench;

/* What one timing runs: ours or libtcod's, on maps [first, first + count). */
typedef enum What {
    FOV,
    ASTAR,
    ASTAR_FN,
    DIJKSTRA,
    DIJKSTRA_FN,
    DIJKSTRA_GAME,
    TCOD_FOV,
    TCOD_ASTAR,
    TCOD_DIJKSTRA,
    TCOD_DIJKSTRA_GAME
} What;

typedef struct Job {
    What what;
    int first, count;
    int radius, algo; /* FOV: 0 unlimited; libtcod's algorithm */
} Job;

static int wall_cost(const void *ctx, int x, int y)
{
    const BenchMap *b = ctx;
    return b->walls[y * b->w + x] ? PATH_BLOCKED : 0;
}

/* --- ours ------------------------------------------------------------------------------ */

/* A field of view from every open cell. Each timing returns its microseconds in all. */
static double ours_fov(Bench *b, Job j)
{
    static uint8_t visible[CELLS];
    double start = bench_now_us();
    for (int k = j.first; k < j.first + j.count; k++) {
        const BenchMap *m = &b->maps[k];
        for (int i = 0; i < m->open_count; i++)
            fov_compute(m->opaque, m->w, m->h, m->open[i].x, m->open[i].y, j.radius, visible);
    }
    return bench_now_us() - start;
}

/* A* from the floor's cost grid (path_astar_costs, as the mice walk), or asking the cost
 * callback cell by cell (path_astar). */
static double ours_astar(Bench *b, Job j)
{
    static PathCell path[CELLS];
    double start = bench_now_us();
    for (int k = j.first; k < j.first + j.count; k++)
        for (int p = 0; p < BENCH_PAIRS; p++) {
            const BenchMap *m = &b->maps[k];
            const PathCell *q = m->pairs[p];
            if (j.what == ASTAR_FN)
                path_astar(&b->pf, q[0].x, q[0].y, q[1].x, q[1].y, wall_cost, m, path, CELLS, NULL);
            else
                path_astar_costs(&b->pf, q[0].x, q[0].y, q[1].x, q[1].y, m->costs, path, CELLS,
                                 NULL);
        }
    return bench_now_us() - start;
}

/* Whole-map Dijkstra maps: from the uniform grid or the game's costs, the grid copied inside
 * the timing for every map (as libtcod reads its map, or asks its callback, inside
 * TCOD_dijkstra_compute); or asking a callback cell by cell (path_dijkstra). */
static double ours_dijkstra(Bench *b, Job j, int32_t *dist)
{
    static int16_t costs[CELLS];
    double start = bench_now_us();
    for (int k = j.first; k < j.first + j.count; k++)
        for (int r = 0; r < BENCH_ROOTS; r++) {
            const BenchMap *m = &b->maps[k];
            if (j.what == DIJKSTRA_FN) {
                path_dijkstra(&b->pf, &m->roots[r], 1, wall_cost, m, dist);
                continue;
            }
            if (j.what == DIJKSTRA_GAME)
                memcpy(costs, m->game_costs, sizeof(int16_t) * (size_t)(m->w * m->h));
            else
                for (int i = 0; i < m->w * m->h; i++)
                    costs[i] = m->walls[i] ? PATH_BLOCKED : 0;
            path_dijkstra_costs(&b->pf, &m->roots[r], 1, costs, dist);
        }
    return bench_now_us() - start;
}

/* --- libtcod --------------------------------------------------------------------------- */

#ifdef MOUSEKING_HAVE_LIBTCOD
static double tcod_fov(Bench *b, Job j)
{
    double start = bench_now_us();
    for (int k = j.first; k < j.first + j.count; k++) {
        const BenchMap *m = &b->maps[k];
        for (int i = 0; i < m->open_count; i++)
            TCOD_map_compute_fov(b->tcod[k], m->open[i].x, m->open[i].y, j.radius, true,
                                 (TCOD_fov_algorithm_t)j.algo);
    }
    return bench_now_us() - start;
}

static double tcod_astar(Bench *b, Job j)
{
    double total = 0;
    for (int k = j.first; k < j.first + j.count; k++) {
        TCOD_path_t path = TCOD_path_new_using_map(b->tcod[k], 1.41f);
        double start = bench_now_us();
        for (int p = 0; p < BENCH_PAIRS; p++) {
            const PathCell *q = b->maps[k].pairs[p];
            TCOD_path_compute(path, q[0].x, q[0].y, q[1].x, q[1].y);
        }
        total += bench_now_us() - start;
        TCOD_path_delete(path);
    }
    return total;
}

/* The game's step from (xf, yf) into the next cell, as path.h has it: 10 straight, 14
 * diagonal, plus the cell's extra cost; never into a blocked cell, never diagonally between
 * two blocked cells (a squeeze) nor into or out of a marked cell. libtcod multiplies what this
 * returns by 100 (the diagonal cost is given as 1: the 14 is here) and truncates, so a step of
 * 34 is returned as 3.401 to come out 340, ten times ours. */
static float tcod_game_cost(int xf, int yf, int xt, int yt, void *ctx)
{
    const BenchMap *m = ctx;
    int to = m->game_costs[yt * m->w + xt], step = PATH_STRAIGHT;
    if (to < 0)
        return 0.0f;
    if (xf != xt && yf != yt) {
        if ((to | m->game_costs[yf * m->w + xf]) & PATH_NO_DIAGONAL)
            return 0.0f;
        if (m->game_costs[yf * m->w + xt] < 0 && m->game_costs[yt * m->w + xf] < 0)
            return 0.0f;
        step = PATH_DIAGONAL;
    }
    return ((float)(step + (to & ~PATH_NO_DIAGONAL)) + 0.01f) / 10.0f;
}

static TCOD_dijkstra_t tcod_dijkstra_new(Bench *b, int k, bool game)
{
    return game ? TCOD_dijkstra_new_using_function(b->maps[k].w, b->maps[k].h, tcod_game_cost,
                                                   &b->maps[k], 1.0f)
                : TCOD_dijkstra_new(b->tcod[k], 1.41f);
}

static double tcod_dijkstra(Bench *b, Job j)
{
    double total = 0;
    for (int k = j.first; k < j.first + j.count; k++) {
        TCOD_dijkstra_t d = tcod_dijkstra_new(b, k, j.what == TCOD_DIJKSTRA_GAME);
        double start = bench_now_us();
        for (int r = 0; r < BENCH_ROOTS; r++)
            TCOD_dijkstra_compute(d, b->maps[k].roots[r].x, b->maps[k].roots[r].y);
        total += bench_now_us() - start;
        TCOD_dijkstra_delete(d);
    }
    return total;
}

/* Cells where libtcod's Dijkstra maps with the game's costs (tcod_game_cost) differ from
 * ours, over every root of every floor: 0 when the two compute the same thing. */
static double tcod_game_differ(Bench *b)
{
    static int32_t dist[CELLS];
    long differ = 0;
    for (int k = 0; k < BENCH_FLOORS; k++) {
        const BenchMap *m = &b->maps[k];
        TCOD_dijkstra_t d = tcod_dijkstra_new(b, k, true);
        for (int r = 0; r < BENCH_ROOTS; r++) {
            path_dijkstra_costs(&b->pf, &m->roots[r], 1, m->game_costs, dist);
            TCOD_dijkstra_compute(d, m->roots[r].x, m->roots[r].y);
            for (int i = 0; i < m->w * m->h; i++) {
                float t = TCOD_dijkstra_get_distance(d, i % m->w, i / m->w);
                long theirs = t < 0 ? -1 : lroundf(t * 10.0f);
                differ += theirs != (dist[i] == PATH_UNREACHED ? -1 : (long)dist[i]);
            }
        }
        TCOD_dijkstra_delete(d);
    }
    return (double)differ;
}
#endif

static double run_job(Bench *b, Job j)
{
    static int32_t dist[CELLS];
    switch (j.what) {
    case FOV: return ours_fov(b, j);
    case ASTAR:
    case ASTAR_FN: return ours_astar(b, j);
    case DIJKSTRA:
    case DIJKSTRA_FN:
    case DIJKSTRA_GAME: return ours_dijkstra(b, j, dist);
#ifdef MOUSEKING_HAVE_LIBTCOD
    case TCOD_FOV: return tcod_fov(b, j);
    case TCOD_ASTAR: return tcod_astar(b, j);
    default: return tcod_dijkstra(b, j);
#else
    default: return 0;
#endif
    }
}

/* What a job's time is divided by: fields of view, A* pairs or Dijkstra maps. */
static double job_units(const Bench *b, Job j)
{
    bool fov = j.what == FOV || j.what == TCOD_FOV;
    bool astar = j.what == ASTAR || j.what == ASTAR_FN || j.what == TCOD_ASTAR;
    double units = 0;
    for (int k = j.first; k < j.first + j.count; k++)
        units += fov ? b->maps[k].open_count : astar ? BENCH_PAIRS : BENCH_ROOTS;
    return units;
}

/* One of our figures with up to two of libtcod's against it. Each round times ours and
 * libtcod's side by side, map by map (so that both meet the host in the same few
 * milliseconds), ours first on even rounds and last on odd ones; each ratio is of one
 * round's pair. */
typedef struct Compare {
    const char *name;
    Job ours;
    int n; /* libtcod's timings against it: 0 to 2 */
    Job theirs[2];
    const char *theirs_name[2], *ratio_name[2];
} Compare;

/* Round r of a comparison: the microseconds of each job a unit, into ours[r], theirs[t][r]. */
static void compare_round(Bench *b, const Compare *c, int n, int r, double *ours,
                          double theirs[2][RUNS])
{
    double t_ours = 0, t_theirs[2] = {0, 0};
    for (int k = c->ours.first; k < c->ours.first + c->ours.count; k++) {
        Job j = c->ours;
        j.first = k;
        j.count = 1;
        if (r % 2 == 0)
            t_ours += run_job(b, j);
        for (int i = 0; i < n; i++) {
            int t = r % 2 ? n - 1 - i : i;
            Job jt = c->theirs[t];
            jt.first = k;
            jt.count = 1;
            t_theirs[t] += run_job(b, jt);
        }
        if (r % 2)
            t_ours += run_job(b, j);
    }
    ours[r] = t_ours / job_units(b, c->ours);
    for (int t = 0; t < n; t++)
        theirs[t][r] = t_theirs[t] / job_units(b, c->theirs[t]);
}

static int compare(Bench *b, const Compare *c, Figure *out)
{
    double ours[RUNS], theirs[2][RUNS], ratio[2][RUNS];
    int n = HAVE_TCOD ? c->n : 0;
    for (int r = 0; r < RUNS; r++) {
        compare_round(b, c, n, r, ours, theirs);
        for (int k = 0; k < n; k++)
            ratio[k][r] = theirs[k][r] / ours[r];
    }
    int f = 0;
    out[f++] = figure_of(c->name, bench_spread(ours, RUNS), "us");
    for (int k = 0; k < n; k++) {
        out[f++] = figure_of(c->theirs_name[k], bench_spread(theirs[k], RUNS), "us");
        out[f++] = figure_of(c->ratio_name[k], bench_spread(ratio[k], RUNS), "x");
    }
    return f;
}

/* --- field of view: libtcod's symmetric FOV and its fastest ---------------------------- */

/* Our field of view from every open cell against libtcod's from the same cells: its
 * FOV_SYMMETRIC_SHADOWCAST (the same semantics) and whichever of its algorithms is fastest
 * there (fast[k]). */
typedef struct FovCase {
    int first, count, radius;
    const char *name, *theirs[2], *ratio[2];
    bool fast[2];
    const char *algo_name; /* the figure naming libtcod's fastest (its enum value) */
} FovCase;

static const FovCase FOV_CASES[] = {
    {0,
     BENCH_FLOORS,
     0,
     "fov_us",
     {"tcod_fov_us", "tcod_fov_fast_us"},
     {"fov_speedup", "fov_fast_speedup"},
     {false, true},
     "tcod_fov_fast_algo"},
    {0,
     BENCH_FLOORS,
     9,
     "fov_r9_us",
     {"tcod_fov_r9_us", "tcod_fov_r9_sym_us"},
     {"fov_r9_speedup", "fov_r9_sym_speedup"},
     {true, false},
     "tcod_fov_r9_algo"},
    {BENCH_FLOORS,
     BENCH_CAVES,
     0,
     "fov_cave_us",
     {"tcod_fov_cave_us", "tcod_fov_cave_fast_us"},
     {"fov_cave_speedup", "fov_cave_fast_speedup"},
     {false, true},
     "tcod_fov_cave_fast_algo"},
    {BENCH_FLOORS,
     BENCH_CAVES,
     9,
     "fov_cave_r9_us",
     {"tcod_fov_cave_r9_us", "tcod_fov_cave_r9_sym_us"},
     {"fov_cave_r9_speedup", "fov_cave_r9_sym_speedup"},
     {true, false},
     "tcod_fov_cave_r9_algo"},
};

#ifdef MOUSEKING_HAVE_LIBTCOD
/* libtcod's algorithms but the more permissive variants of FOV_PERMISSIVE_0 (slower). */
static const struct {
    TCOD_fov_algorithm_t algo;
    const char *name;
} TCOD_ALGOS[] = {
    {FOV_BASIC, "FOV_BASIC"},
    {FOV_DIAMOND, "FOV_DIAMOND"},
    {FOV_SHADOW, "FOV_SHADOW"},
    {FOV_PERMISSIVE_0, "FOV_PERMISSIVE_0"},
    {FOV_RESTRICTIVE, "FOV_RESTRICTIVE"},
    {FOV_SYMMETRIC_SHADOWCAST, "FOV_SYMMETRIC_SHADOWCAST"},
};
enum { TCOD_ALGO_COUNT = sizeof TCOD_ALGOS / sizeof TCOD_ALGOS[0] };

/* The index in TCOD_ALGOS of libtcod's fastest on these maps at this radius: each timed in
 * three rounds, the algorithms taking turns map by map, and the least round of each
 * compared. */
static int tcod_fastest(Bench *b, const FovCase *c)
{
    double least[TCOD_ALGO_COUNT];
    for (int a = 0; a < TCOD_ALGO_COUNT; a++)
        least[a] = INFINITY;
    for (int r = 0; r < 3; r++) {
        double round[TCOD_ALGO_COUNT] = {0};
        for (int k = c->first; k < c->first + c->count; k++)
            for (int a = 0; a < TCOD_ALGO_COUNT; a++)
                round[a] += run_job(b, (Job){TCOD_FOV, k, 1, c->radius, TCOD_ALGOS[a].algo});
        for (int a = 0; a < TCOD_ALGO_COUNT; a++)
            least[a] = fmin(least[a], round[a]);
    }
    int best = 0;
    for (int a = 1; a < TCOD_ALGO_COUNT; a++)
        if (least[a] < least[best])
            best = a;
    return best;
}
#endif

static int bench_fov_case(Bench *b, const FovCase *fc, Figure *out)
{
    Compare c = {fc->name, {FOV, fc->first, fc->count, fc->radius, 0}, 2, {{0}}, {NULL}, {NULL}};
    int fastest = 0;
#ifdef MOUSEKING_HAVE_LIBTCOD
    fastest = tcod_fastest(b, fc);
    for (int k = 0; k < 2; k++) {
        int algo = fc->fast[k] ? TCOD_ALGOS[fastest].algo : FOV_SYMMETRIC_SHADOWCAST;
        c.theirs[k] = (Job){TCOD_FOV, fc->first, fc->count, fc->radius, algo};
        c.theirs_name[k] = fc->theirs[k];
        c.ratio_name[k] = fc->ratio[k];
    }
#endif
    int n = compare(b, &c, out);
#ifdef MOUSEKING_HAVE_LIBTCOD
    out[n++] = figure_one(fc->algo_name, TCOD_ALGOS[fastest].algo, TCOD_ALGOS[fastest].name);
#else
    (void)fastest;
#endif
    return n;
}

/* --- the whole set --------------------------------------------------------------------- */

static const Compare PATH_CASES[] = {
    {"astar_us",
     {ASTAR, 0, BENCH_FLOORS, 0, 0},
     1,
     {{TCOD_ASTAR, 0, BENCH_FLOORS, 0, 0}},
     {"tcod_astar_us"},
     {"astar_speedup"}},
    {"dijkstra_us",
     {DIJKSTRA, 0, BENCH_FLOORS, 0, 0},
     1,
     {{TCOD_DIJKSTRA, 0, BENCH_FLOORS, 0, 0}},
     {"tcod_dijkstra_us"},
     {"dijkstra_speedup"}},
    {"dijkstra_game_us",
     {DIJKSTRA_GAME, 0, BENCH_FLOORS, 0, 0},
     1,
     {{TCOD_DIJKSTRA_GAME, 0, BENCH_FLOORS, 0, 0}},
     {"tcod_dijkstra_game_us"},
     {"dijkstra_game_speedup"}},
    {"astar_fn_us", {ASTAR_FN, 0, BENCH_FLOORS, 0, 0}, 0, {{0}}, {NULL}, {NULL}},
    {"dijkstra_fn_us", {DIJKSTRA_FN, 0, BENCH_FLOORS, 0, 0}, 0, {{0}}, {NULL}, {NULL}},
};

static Bench *bench_open(EntityFactory *factory)
{
    Bench *b = calloc(1, sizeof *b);
    if (!b || !bench_load_maps(factory, b->maps) ||
        !path_finder_init(&b->pf, MAP_WIDTH, MAP_HEIGHT)) {
        free(b);
        return NULL;
    }
#ifdef MOUSEKING_HAVE_LIBTCOD
    for (int k = 0; k < MAPS; k++) {
        const BenchMap *m = &b->maps[k];
        b->tcod[k] = TCOD_map_new(m->w, m->h);
        for (int i = 0; i < m->w * m->h; i++)
            TCOD_map_set_properties(b->tcod[k], i % m->w, i / m->w, !m->opaque[i], !m->walls[i]);
    }
#endif
    return b;
}

static void bench_close(Bench *b)
{
    path_finder_free(&b->pf);
#ifdef MOUSEKING_HAVE_LIBTCOD
    for (int k = 0; k < MAPS; k++)
        TCOD_map_delete(b->tcod[k]);
#endif
    free(b);
}

int bench_sight(EntityFactory *factory, Figure *out)
{
    Bench *b = bench_open(factory);
    if (!b)
        return 0;
    int n = 0;
    for (size_t c = 0; c < sizeof FOV_CASES / sizeof FOV_CASES[0]; c++)
        n += bench_fov_case(b, &FOV_CASES[c], out + n);
    for (size_t c = 0; c < sizeof PATH_CASES / sizeof PATH_CASES[0]; c++)
        n += compare(b, &PATH_CASES[c], out + n);
#ifdef MOUSEKING_HAVE_LIBTCOD
    double differ = tcod_game_differ(b);
    out[n++] = figure_one("dijkstra_game_differ", differ, "cells");
    if (differ > 0)
        fprintf(stderr,
                "bench: libtcod's Dijkstra maps with the game's costs differ from ours "
                "at %.0f cells: dijkstra_game_speedup compares unlike work\n",
                differ);
#endif
    double squeezes = 0, cave_cells = 0;
    for (int k = 0; k < BENCH_FLOORS; k++)
        squeezes += b->maps[k].squeezes;
    for (int k = BENCH_FLOORS; k < MAPS; k++)
        cave_cells += b->maps[k].open_count;
    out[n++] = figure_one("bench_floor_squeezes", squeezes, "squeezes");
    out[n++] = figure_one("bench_cave_open_cells", cave_cells, "cells");
    bench_close(b);
    return n;
}

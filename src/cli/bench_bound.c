/* The least work of each sight, path and frame figure (bench_bound.h). Each bound is what any
 * algorithm producing the same answer has to do, given the answer: a field of view writes the
 * map's flags (w x h bytes cleared) and a 1 in each cell in view; a Dijkstra map writes every
 * cell's distance and, for each cell reached, reads its eight neighbours and its cost once, in
 * the order the search settles them; A* reads the eight neighbours of each cell on its path
 * and writes the path; a frame writes each pixel once. The cells are listed before the
 * timing (from our own answers), so a bound does no searching at all: it is the floor under
 * a perfect algorithm, which no real one reaches. */
#include "cli/bench_bound.h"

#include <stdlib.h>
#include <string.h>

#include "cli/bench_maps.h"
#include "core/bench_clock.h"
#include "core/fov.h"
#include "core/path.h"

enum { RUNS = 7, MAPS = BENCH_FLOORS + BENCH_CAVES, CELLS = MAP_WIDTH * MAP_HEIGHT };
enum { STRIDE = MAP_WIDTH + 2, PADDED = STRIDE * (MAP_HEIGHT + 2) };

/* The cells of many answers, one list after another: start[k] .. start[k + 1] is answer k's. */
typedef struct Lists {
    uint16_t *cell; /* padded indices (y + 1) * STRIDE + x + 1 */
    int *start;
    int count, used, cap;
} Lists;

static bool lists_add(Lists *l, int cell)
{
    if (l->used == l->cap) {
        int cap = l->cap ? 2 * l->cap : 1 << 16;
        uint16_t *grown = realloc(l->cell, (size_t)cap * sizeof *grown);
        if (!grown)
            return false;
        l->cell = grown;
        l->cap = cap;
    }
    l->cell[l->used++] = (uint16_t)cell;
    return true;
}

static int padded(int x, int y)
{
    return (y + 1) * STRIDE + x + 1;
}

/* --- the answers, listed ----------------------------------------------------------------- */

/* The cells in view from each open cell of maps [first, first + count) at `radius`. */
static bool list_views(const BenchMap *maps, int first, int count, int radius, Lists *l)
{
    static uint8_t visible[CELLS];
    for (int k = first; k < first + count; k++)
        for (int o = 0; o < maps[k].open_count; o++) {
            const BenchMap *m = &maps[k];
            l->start[l->count++] = l->used;
            fov_compute(m->opaque, m->w, m->h, m->open[o].x, m->open[o].y, radius, visible);
            for (int i = 0; i < m->w * m->h; i++)
                if (visible[i] && !lists_add(l, padded(i % m->w, i / m->w)))
                    return false;
        }
    l->start[l->count] = l->used;
    return true;
}

static int by_key(const void *a, const void *b)
{
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The cells each root's map reaches, nearest first (the order Dijkstra settles them). */
static bool list_reached(PathFinder *pf, const BenchMap *maps, bool game, Lists *l)
{
    static int32_t dist[CELLS];
    static int64_t order[CELLS]; /* distance, then cell */
    for (int k = 0; k < BENCH_FLOORS; k++)
        for (int r = 0; r < BENCH_ROOTS; r++) {
            const BenchMap *m = &maps[k];
            path_dijkstra_costs(pf, &m->roots[r], 1, game ? m->game_costs : m->costs, dist);
            int n = 0;
            for (int i = 0; i < m->w * m->h; i++)
                if (dist[i] != PATH_UNREACHED)
                    order[n++] = (int64_t)dist[i] << 32 | i;
            qsort(order, (size_t)n, sizeof *order, by_key);
            l->start[l->count++] = l->used;
            for (int i = 0; i < n; i++) {
                const int cell = (int)(order[i] & 0xFFFFFFFF);
                if (!lists_add(l, padded(cell % m->w, cell / m->w)))
                    return false;
            }
        }
    l->start[l->count] = l->used;
    return true;
}

/* The cells of each A* pair's path, the start first. */
static bool list_paths(PathFinder *pf, const BenchMap *maps, Lists *l)
{
    static PathCell path[CELLS];
    for (int k = 0; k < BENCH_FLOORS; k++)
        for (int p = 0; p < BENCH_PAIRS; p++) {
            const PathCell *q = maps[k].pairs[p];
            int n = path_astar_costs(pf, q[0].x, q[0].y, q[1].x, q[1].y, maps[k].costs, path, CELLS,
                                     NULL);
            l->start[l->count++] = l->used;
            bool ok = lists_add(l, padded(q[0].x, q[0].y));
            for (int i = 0; ok && i < n; i++)
                ok = lists_add(l, padded(path[i].x, path[i].y));
            if (!ok)
                return false;
        }
    l->start[l->count] = l->used;
    return true;
}

/* --- the bounds, timed --------------------------------------------------------------------- */

static volatile int64_t sink; /* what the loops compute goes here, so none is left out */

/* Each field of view: the map's flags cleared, a 1 written in each cell in view. */
static double time_views(const Lists *l)
{
    static uint8_t visible[PADDED];
    int64_t seen = 0;
    double start = bench_now_us();
    for (int k = 0; k < l->count; k++) {
        memset(visible, 0, CELLS);
        for (int i = l->start[k]; i < l->start[k + 1]; i++)
            visible[l->cell[i]] = 1;
        seen += visible[l->cell[l->start[k]]];
    }
    double us = bench_now_us() - start;
    sink = seen;
    return us / l->count;
}

/* A cell's eight neighbours, at their offsets in the padded grids, and each step's cost. */
static const int NEAR[8] = {1,          -1,         STRIDE,      -STRIDE,
                            STRIDE + 1, STRIDE - 1, -STRIDE + 1, -STRIDE - 1};
static const int STEP[8] = {PATH_STRAIGHT, PATH_STRAIGHT, PATH_STRAIGHT, PATH_STRAIGHT,
                            PATH_DIAGONAL, PATH_DIAGONAL, PATH_DIAGONAL, PATH_DIAGONAL};

/* Each Dijkstra map: every distance written far, then each cell reached, nearest first, given
 * the least of its neighbours' distances plus the step plus its own extra cost. */
static double time_reached(const Lists *l, const int16_t *cost)
{
    static int32_t dist[PADDED];
    int64_t total = 0;
    double start = bench_now_us();
    for (int k = 0; k < l->count; k++) {
        const int16_t *c = &cost[k / BENCH_ROOTS * PADDED];
        for (int i = 0; i < PADDED; i++)
            dist[i] = 1 << 29;
        dist[l->cell[l->start[k]]] = 0;
        for (int i = l->start[k] + 1; i < l->start[k + 1]; i++) {
            const int at = l->cell[i];
            int32_t best = 1 << 29;
            for (int j = 0; j < 8; j++) {
                const int32_t d = dist[at + NEAR[j]] + STEP[j];
                best = d < best ? d : best;
            }
            dist[at] = best + c[at];
        }
        total += dist[l->cell[l->start[k + 1] - 1]];
    }
    double us = bench_now_us() - start;
    sink = total;
    return us / l->count;
}

/* Each A* path: the eight neighbours' costs of each of its cells read, the path written. */
static double time_paths(const Lists *l, const int16_t *cost)
{
    static uint16_t out[CELLS];
    int64_t total = 0;
    double start = bench_now_us();
    for (int k = 0; k < l->count; k++) {
        const int16_t *c = &cost[k / BENCH_PAIRS * PADDED];
        for (int i = l->start[k]; i < l->start[k + 1]; i++) {
            const int at = l->cell[i];
            int least = c[at + NEAR[0]];
            for (int j = 1; j < 8; j++)
                least = c[at + NEAR[j]] < least ? c[at + NEAR[j]] : least;
            out[i - l->start[k]] = (uint16_t)at;
            total += least;
        }
        total += out[0];
    }
    double us = bench_now_us() - start;
    sink = total;
    return us / l->count;
}

/* --- the figures --------------------------------------------------------------------------- */

/* One bound: what it lists, and the names of its time and of its work (the cells a unit). */
typedef enum { VIEWS, REACHED, REACHED_GAME, PATHS } Kind;
typedef struct Case {
    Kind kind;
    int first, count, radius; /* VIEWS: the maps and the radius */
    const char *bound, *work;
} Case;

static const Case CASES[] = {
    {VIEWS, 0, BENCH_FLOORS, 0, "fov_bound_us", "fov_cells_in_view"},
    {VIEWS, 0, BENCH_FLOORS, 9, "fov_r9_bound_us", "fov_r9_cells_in_view"},
    {VIEWS, BENCH_FLOORS, BENCH_CAVES, 0, "fov_cave_bound_us", "fov_cave_cells_in_view"},
    {PATHS, 0, BENCH_FLOORS, 0, "astar_bound_us", "astar_path_cells"},
    {REACHED, 0, BENCH_FLOORS, 0, "dijkstra_bound_us", "dijkstra_cells_reached"},
    {REACHED_GAME, 0, BENCH_FLOORS, 0, "dijkstra_game_bound_us", "dijkstra_game_cells_reached"},
};
enum { CASE_COUNT = sizeof CASES / sizeof CASES[0] };

typedef struct Bound {
    BenchMap maps[MAPS];
    PathFinder pf;
    int16_t cost[2][BENCH_FLOORS][PADDED]; /* each floor's extra costs, padded: walls, game */
    Lists lists[CASE_COUNT];
} Bound;

/* A floor's grid padded, the extra cost of each open cell (the mark left out), a wall's or the
 * border's so large that nothing would go through it. */
static void pad_costs(const int16_t *from, int16_t *to)
{
    for (int i = 0; i < PADDED; i++)
        to[i] = 0x3FFF;
    for (int i = 0; i < CELLS; i++)
        if (from[i] >= 0)
            to[padded(i % MAP_WIDTH, i / MAP_WIDTH)] = (int16_t)(from[i] & ~PATH_NO_DIAGONAL);
}

static bool list_case(Bound *b, const Case *c, Lists *l)
{
    l->start = malloc(sizeof *l->start * (MAPS * CELLS + 1));
    if (!l->start)
        return false;
    switch (c->kind) {
    case VIEWS: return list_views(b->maps, c->first, c->count, c->radius, l);
    case PATHS: return list_paths(&b->pf, b->maps, l);
    default: return list_reached(&b->pf, b->maps, c->kind == REACHED_GAME, l);
    }
}

static Bound *bound_open(EntityFactory *factory)
{
    Bound *b = calloc(1, sizeof *b);
    if (!b || !bench_load_maps(factory, b->maps) ||
        !path_finder_init(&b->pf, MAP_WIDTH, MAP_HEIGHT)) {
        free(b);
        return NULL;
    }
    for (int k = 0; k < BENCH_FLOORS; k++) {
        pad_costs(b->maps[k].costs, b->cost[0][k]);
        pad_costs(b->maps[k].game_costs, b->cost[1][k]);
    }
    return b;
}

static void bound_close(Bound *b)
{
    for (int c = 0; c < CASE_COUNT; c++) {
        free(b->lists[c].cell);
        free(b->lists[c].start);
    }
    path_finder_free(&b->pf);
    free(b);
}

static double time_case(Bound *b, const Case *c, const Lists *l)
{
    switch (c->kind) {
    case VIEWS: return time_views(l);
    case PATHS: return time_paths(l, b->cost[0][0]);
    case REACHED: return time_reached(l, b->cost[0][0]);
    default: return time_reached(l, b->cost[1][0]);
    }
}

int bench_bound(EntityFactory *factory, Figure *out)
{
    Bound *b = bound_open(factory);
    bool ok = b != NULL;
    for (int c = 0; ok && c < CASE_COUNT; c++)
        ok = list_case(b, &CASES[c], &b->lists[c]);
    if (!ok) {
        if (b)
            bound_close(b);
        return 0;
    }
    double t[CASE_COUNT][RUNS];
    for (int r = 0; r < RUNS; r++)
        for (int c = 0; c < CASE_COUNT; c++)
            t[c][r] = time_case(b, &CASES[c], &b->lists[c]);
    int n = 0;
    for (int c = 0; c < CASE_COUNT; c++) {
        const Lists *l = &b->lists[c];
        out[n++] = figure_of(CASES[c].bound, bench_spread(t[c], RUNS), "us");
        out[n++] = figure_one(CASES[c].work, (double)l->used / l->count, "cells");
    }
    bound_close(b);
    return n;
}

/* --- frames -------------------------------------------------------------------------------- */

static const struct {
    int w, h;
    const char *bound;
} FRAMES[] = {{1280, 720, "frame_1280x720_bound_us"},
              {1920, 1080, "frame_1920x1080_bound_us"},
              {2560, 1440, "frame_2560x1440_bound_us"}};
enum { FRAME_SIZES = sizeof FRAMES / sizeof FRAMES[0], FRAME_REPEATS = 10 };

int bench_bound_frames(Figure *out)
{
    int n = 0;
    for (int s = 0; s < FRAME_SIZES; s++) {
        const size_t bytes = (size_t)FRAMES[s].w * (size_t)FRAMES[s].h * 4; /* 32-bit pixels */
        uint8_t *pixels = malloc(bytes);
        if (!pixels)
            continue;
        memset(pixels, 1, bytes); /* its pages in before the timing, as a frame's are */
        double t[RUNS];
        for (int r = 0; r < RUNS; r++) {
            double start = bench_now_us();
            for (int k = 0; k < FRAME_REPEATS; k++) {
                memset(pixels, k, bytes);
                sink = pixels[bytes / 2];
            }
            t[r] = (bench_now_us() - start) / FRAME_REPEATS;
        }
        free(pixels);
        out[n++] = figure_of(FRAMES[s].bound, bench_spread(t, RUNS), "us");
    }
    return n;
}

/* --- ours over the bound ------------------------------------------------------------------- */

static const struct {
    const char *ours, *bound, *multiple;
} MULTIPLES[] = {
    {"fov_us", "fov_bound_us", "fov_over_bound"},
    {"fov_r9_us", "fov_r9_bound_us", "fov_r9_over_bound"},
    {"fov_cave_us", "fov_cave_bound_us", "fov_cave_over_bound"},
    {"astar_us", "astar_bound_us", "astar_over_bound"},
    {"dijkstra_us", "dijkstra_bound_us", "dijkstra_over_bound"},
    {"dijkstra_game_us", "dijkstra_game_bound_us", "dijkstra_game_over_bound"},
    {"frame_1280x720_close_us", "frame_1280x720_bound_us", "frame_1280x720_close_over_bound"},
    {"frame_1280x720_floor_us", "frame_1280x720_bound_us", "frame_1280x720_floor_over_bound"},
    {"frame_1920x1080_close_us", "frame_1920x1080_bound_us", "frame_1920x1080_close_over_bound"},
    {"frame_1920x1080_floor_us", "frame_1920x1080_bound_us", "frame_1920x1080_floor_over_bound"},
    {"frame_2560x1440_close_us", "frame_2560x1440_bound_us", "frame_2560x1440_close_over_bound"},
    {"frame_2560x1440_floor_us", "frame_2560x1440_bound_us", "frame_2560x1440_floor_over_bound"},
};

static const Figure *find(const Figure *figs, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(figs[i].name, name) == 0)
            return &figs[i];
    return NULL;
}

int bench_bound_multiples(const Figure *figs, int n, Figure *out)
{
    int m = 0;
    for (size_t k = 0; k < sizeof MULTIPLES / sizeof MULTIPLES[0]; k++) {
        const Figure *ours = find(figs, n, MULTIPLES[k].ours);
        const Figure *bound = find(figs, n, MULTIPLES[k].bound);
        if (ours && bound && bound->value > 0)
            out[m++] = figure_one(MULTIPLES[k].multiple, ours->value / bound->value, "x");
    }
    return m;
}

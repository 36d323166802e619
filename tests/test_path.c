#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#include "core/path.h"
#include "core/rng.h"

typedef struct Grid {
    int w, h;
    char *cells; /* '#' wall, '.' floor, '+' door (extra cost), 'L' locked, '\'' and 'D':
                    marked PATH_NO_DIAGONAL, without and with an extra cost */
} Grid;

static int grid_cost(const void *ctx, int x, int y)
{
    const Grid *g = ctx;
    switch (g->cells[y * g->w + x]) {
    case '#':
    case 'L': return PATH_BLOCKED;
    case '+': return 25;
    case '\'': return PATH_NO_DIAGONAL;
    case 'D': return 25 | PATH_NO_DIAGONAL;
    default: return 0;
    }
}

static int extra_cost(const Grid *g, int x, int y)
{
    int c = grid_cost(g, x, y);
    return c < 0 ? c : c & ~PATH_NO_DIAGONAL;
}

static bool marked(const Grid *g, int x, int y)
{
    int c = grid_cost(g, x, y);
    return c >= 0 && (c & PATH_NO_DIAGONAL);
}

static Grid random_grid(Rng *rng, int w, int h, int wall_pct)
{
    static const char open[] = ".......+'D"; /* mostly floor */
    Grid g = {w, h, malloc((size_t)(w * h))};
    for (int i = 0; i < w * h; i++)
        g.cells[i] = rng_chance(rng, wall_pct, 100) ? '#' : open[rng_range(rng, 0, 9)];
    return g;
}

/* Reference: Bellman-Ford style relaxation until nothing changes; slow, obviously right. */
static void reference_dist(const Grid *g, const PathCell *goals, int n_goals, int32_t *dist)
{
    int n = g->w * g->h;
    for (int i = 0; i < n; i++)
        dist[i] = PATH_UNREACHED;
    for (int i = 0; i < n_goals; i++)
        dist[goals[i].y * g->w + goals[i].x] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < n; i++) {
            if (dist[i] == PATH_UNREACHED)
                continue;
            int x = i % g->w, y = i / g->w;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int nx = x + dx, ny = y + dy;
                    if ((!dx && !dy) || nx < 0 || ny < 0 || nx >= g->w || ny >= g->h)
                        continue;
                    int extra = extra_cost(g, nx, ny);
                    if (extra < 0)
                        continue;
                    if (dx && dy && grid_cost(g, x + dx, y) < 0 && grid_cost(g, x, y + dy) < 0)
                        continue;
                    if (dx && dy && (marked(g, x, y) || marked(g, nx, ny)))
                        continue;
                    int32_t d = dist[i] + (dx && dy ? 14 : 10) + extra;
                    if (d < dist[ny * g->w + nx]) {
                        dist[ny * g->w + nx] = d;
                        changed = true;
                    }
                }
        }
    }
}

/* A path is a chain of legal steps whose costs add up to what A* reported. */
static void assert_path_legal(const Grid *g, int sx, int sy, const PathCell *p, int len, int32_t cost)
{
    int32_t sum = 0;
    int x = sx, y = sy;
    for (int i = 0; i < len; i++) {
        int dx = p[i].x - x, dy = p[i].y - y;
        assert_true(abs(dx) <= 1 && abs(dy) <= 1 && (dx || dy));
        assert_true(grid_cost(g, p[i].x, p[i].y) >= 0);
        if (dx && dy) {
            assert_false(grid_cost(g, x + dx, y) < 0 && grid_cost(g, x, y + dy) < 0);
            assert_false(marked(g, x, y) || marked(g, p[i].x, p[i].y));
        }
        sum += (dx && dy ? 14 : 10) + extra_cost(g, p[i].x, p[i].y);
        x = p[i].x;
        y = p[i].y;
    }
    assert_int_equal(sum, cost);
}

static void astar_is_optimal_on_random_maps(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 21, RNG_STREAM_GAMEPLAY);
    PathFinder pf;
    int checked = 0, unreachable = 0;
    for (int m = 0; m < 30; m++) {
        Grid g = random_grid(&rng, 24 + m % 7, 16 + m % 5, 20 + m % 25);
        assert_true(path_finder_init(&pf, g.w, g.h));
        int32_t *dist = malloc(sizeof(int32_t) * (size_t)(g.w * g.h));
        PathCell *path = malloc(sizeof(PathCell) * (size_t)(g.w * g.h));
        for (int k = 0; k < 40; k++) {
            PathCell s = {(int16_t)rng_range(&rng, 0, g.w - 1), (int16_t)rng_range(&rng, 0, g.h - 1)};
            int gx = rng_range(&rng, 0, g.w - 1), gy = rng_range(&rng, 0, g.h - 1);
            if (g.cells[s.y * g.w + s.x] == '#')
                continue;
            reference_dist(&g, &s, 1, dist); /* the cheapest cost from s to every cell */
            int32_t cost = -1;
            int len = path_astar(&pf, s.x, s.y, gx, gy, grid_cost, &g, path, g.w * g.h, &cost);
            int32_t want = dist[gy * g.w + gx];
            if (want == PATH_UNREACHED) {
                assert_int_equal(len, -1);
                unreachable++;
            } else {
                assert_true(len >= 0);
                assert_int_equal(cost, want);
                assert_path_legal(&g, s.x, s.y, path, len, cost);
            }
            checked++;
        }
        free(dist);
        free(path);
        free(g.cells);
        path_finder_free(&pf);
    }
    assert_true(checked > 800);
    assert_true(unreachable > 20); /* the maps really do have walls in the way */
}

static void dijkstra_matches_the_reference_with_many_goals(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 22, RNG_STREAM_GAMEPLAY);
    for (int m = 0; m < 20; m++) {
        Grid g = random_grid(&rng, 30, 20, 25);
        PathFinder pf;
        assert_true(path_finder_init(&pf, g.w, g.h));
        PathCell goals[5];
        for (int i = 0; i < 5; i++)
            goals[i] = (PathCell){(int16_t)rng_range(&rng, 0, 29), (int16_t)rng_range(&rng, 0, 19)};
        int32_t got[600], want[600];
        path_dijkstra(&pf, goals, 5, grid_cost, &g, got);
        reference_dist(&g, goals, 5, want);
        assert_memory_equal(got, want, sizeof got);
        /* The same map from a cost grid, after an A* search on the same finder. */
        int16_t costs[600];
        for (int i = 0; i < 600; i++)
            costs[i] = (int16_t)grid_cost(&g, i % g.w, i / g.w); /* marks and all */
        PathCell path[600];
        path_astar(&pf, goals[0].x, goals[0].y, goals[1].x, goals[1].y, grid_cost, &g, path, 600,
                   NULL);
        memset(got, 0, sizeof got);
        path_dijkstra_costs(&pf, goals, 5, costs, got);
        assert_memory_equal(got, want, sizeof got);
        /* Stopping at a cell: it and every cell nearer the goals are exact, the rest are
         * never below their true distance. */
        int sx = rng_range(&rng, 0, 29), sy = rng_range(&rng, 0, 19);
        path_dijkstra_costs_to(&pf, goals, 5, costs, got, sx, sy);
        int32_t stop = want[sy * g.w + sx];
        assert_int_equal(got[sy * g.w + sx], stop);
        for (int i = 0; i < 600; i++) {
            if (want[i] < stop)
                assert_int_equal(got[i], want[i]);
            else
                assert_true(got[i] >= want[i]);
        }
        path_finder_free(&pf);
        free(g.cells);
    }
}

/* One finder kept for many searches of every kind in a row, as the game keeps its own: a
 * search that stops early puts back only what it touched, so what one search leaves must never
 * show in the next. Each answer is checked against the reference on 120 maps, the searches
 * in a shuffled order with A* in between. */
static void one_finder_many_searches_match_the_reference(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 23, RNG_STREAM_GAMEPLAY);
    enum { W = 34, H = 21, N = W * H };
    PathFinder pf;
    assert_true(path_finder_init(&pf, W, H));
    int32_t got[N], want[N];
    int16_t costs[N];
    PathCell path[N];
    for (int m = 0; m < 120; m++) {
        Grid g = random_grid(&rng, W, H, 10 + m % 30);
        for (int i = 0; i < N; i++)
            costs[i] = (int16_t)grid_cost(&g, i % W, i / W);
        PathCell goals[4];
        int n_goals = rng_range(&rng, 1, 4);
        for (int i = 0; i < n_goals; i++)
            goals[i] = (PathCell){(int16_t)rng_range(&rng, 0, W - 1), (int16_t)rng_range(&rng, 0, H - 1)};
        reference_dist(&g, goals, n_goals, want);
        for (int k = 0; k < 6; k++) {
            int sx = rng_range(&rng, 0, W - 1), sy = rng_range(&rng, 0, H - 1);
            memset(got, 0x55, sizeof got);
            switch (rng_range(&rng, 0, 3)) {
            case 0:
                path_dijkstra_costs(&pf, goals, n_goals, costs, got);
                assert_memory_equal(got, want, sizeof got);
                break;
            case 1:
                path_dijkstra(&pf, goals, n_goals, grid_cost, &g, got);
                assert_memory_equal(got, want, sizeof got);
                break;
            case 2:
                path_astar(&pf, sx, sy, goals[0].x, goals[0].y, grid_cost, &g, path, N, NULL);
                break;
            default: {
                path_dijkstra_costs_to(&pf, goals, n_goals, costs, got, sx, sy);
                int32_t stop = want[sy * W + sx];
                assert_int_equal(got[sy * W + sx], stop);
                for (int i = 0; i < N; i++) {
                    if (want[i] <= stop)
                        assert_int_equal(got[i], want[i]);
                    else
                        assert_true(got[i] >= want[i]);
                }
            }
            }
        }
        free(g.cells);
    }
    path_finder_free(&pf);
}

static Grid grid_from(const char *const *rows)
{
    Grid g = {(int)strlen(rows[0]), 0, NULL};
    while (rows[g.h])
        g.h++;
    g.cells = malloc((size_t)(g.w * g.h));
    for (int y = 0; y < g.h; y++)
        memcpy(g.cells + y * g.w, rows[y], (size_t)g.w);
    return g;
}

static void no_diagonal_step_between_two_walls(void **state)
{
    (void)state;
    static const char *const rows[] = {"..#", ".#.", "#..", NULL};
    Grid g = grid_from(rows);
    PathFinder pf;
    assert_true(path_finder_init(&pf, 3, 3));
    PathCell path[9];
    /* (1,0) to (2,1) is one diagonal step with walls on both sides: forbidden, and there is no
     * other way round. */
    assert_int_equal(path_astar(&pf, 1, 0, 2, 1, grid_cost, &g, path, 9, NULL), -1);
    g.cells[0 * 3 + 2] = '.'; /* open one side: now allowed */
    int32_t cost;
    assert_int_equal(path_astar(&pf, 1, 0, 2, 1, grid_cost, &g, path, 9, &cost), 1);
    assert_int_equal(cost, PATH_DIAGONAL);
    path_finder_free(&pf);
    free(g.cells);
}

/* A marked cell is entered and left only in line, though the diagonal is the only short
 * way; the mark itself costs nothing. The same for A*, for Dijkstra maps asking a callback
 * and for those given a grid. */
static void a_marked_cell_is_never_entered_or_left_diagonally(void **state)
{
    (void)state;
    static const char *const rows[] = {"...", ".'.", "...", NULL};
    Grid g = grid_from(rows);
    PathFinder pf;
    assert_true(path_finder_init(&pf, 3, 3));
    PathCell path[9];
    int32_t cost;
    assert_int_equal(path_astar(&pf, 0, 0, 1, 1, grid_cost, &g, path, 9, &cost), 2); /* in */
    assert_int_equal(cost, 2 * PATH_STRAIGHT);
    assert_int_equal(path_astar(&pf, 1, 1, 2, 2, grid_cost, &g, path, 9, &cost), 2); /* out */
    assert_int_equal(cost, 2 * PATH_STRAIGHT);
    assert_true(path[0].x == 1 || path[0].y == 1); /* the first step is in line */
    assert_int_equal(path_astar(&pf, 1, 1, 1, 2, grid_cost, &g, path, 9, &cost), 1);
    assert_int_equal(cost, PATH_STRAIGHT);
    /* Past it: the corners are a diagonal apart on either side, never through it. */
    assert_int_equal(path_astar(&pf, 0, 0, 2, 2, grid_cost, &g, path, 9, &cost), 3);
    assert_int_equal(cost, 2 * PATH_STRAIGHT + PATH_DIAGONAL);
    assert_false(path[0].x == 1 && path[0].y == 1);
    assert_false(path[1].x == 1 && path[1].y == 1);

    PathCell centre = {1, 1};
    int32_t dist[9];
    int16_t costs[9];
    for (int i = 0; i < 9; i++)
        costs[i] = (int16_t)grid_cost(&g, i % 3, i / 3);
    for (int way = 0; way < 3; way++) {
        if (way == 0)
            path_dijkstra(&pf, &centre, 1, grid_cost, &g, dist);
        else if (way == 1)
            path_dijkstra_costs(&pf, &centre, 1, costs, dist);
        else
            path_dijkstra_costs_to(&pf, &centre, 1, costs, dist, 0, 0);
        assert_int_equal(dist[0], 2 * PATH_STRAIGHT); /* the corner (0,0) */
        assert_int_equal(dist[1], PATH_STRAIGHT);
        if (way < 2)
            assert_int_equal(dist[8], 2 * PATH_STRAIGHT);
    }
    /* A mark with an extra cost: the extra counts, the mark does not. */
    g.cells[4] = 'D';
    assert_int_equal(path_astar(&pf, 0, 0, 1, 1, grid_cost, &g, path, 9, &cost), 2);
    assert_int_equal(cost, 2 * PATH_STRAIGHT + 25);
    costs[4] = (int16_t)grid_cost(&g, 1, 1);
    PathCell corner = {0, 0};
    path_dijkstra_costs(&pf, &corner, 1, costs, dist);
    assert_int_equal(dist[4], 2 * PATH_STRAIGHT + 25);
    assert_int_equal(dist[8], 2 * PATH_STRAIGHT + PATH_DIAGONAL);
    path_finder_free(&pf);
    free(g.cells);
}

/* A closed door costs extra but is worth it when the way round costs more; a locked door is
 * never passed: the path goes round, or there is none. */
static void doors_cost_what_the_caller_says(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "###########",
        "#....+....#", /* a door at 5,1 */
        "#.#######.#",
        "#.........#", /* the way round */
        "###########", NULL};
    Grid g = grid_from(rows);
    PathFinder pf;
    assert_true(path_finder_init(&pf, g.w, g.h));
    PathCell path[64];
    int32_t cost;
    /* Through the door: 8 steps and the door's 25 = 105; round: 10+14+60+14+10 = 108. */
    assert_int_equal(path_astar(&pf, 1, 1, 9, 1, grid_cost, &g, path, 64, &cost), 8);
    assert_int_equal(cost, 8 * PATH_STRAIGHT + 25);
    g.cells[1 * g.w + 5] = 'L'; /* locked: round it goes */
    assert_int_equal(path_astar(&pf, 1, 1, 9, 1, grid_cost, &g, path, 64, &cost), 10);
    assert_int_equal(cost, 108);
    g.cells[3 * g.w + 5] = '#'; /* and with the way round walled off, no path at all */
    assert_int_equal(path_astar(&pf, 1, 1, 9, 1, grid_cost, &g, path, 64, &cost), -1);
    assert_int_equal(path_astar(&pf, 3, 3, 3, 3, grid_cost, &g, path, 64, &cost), 0);
    assert_int_equal(path_astar(&pf, 1, 1, 4, 1, grid_cost, &g, path, 2, &cost), -1); /* max */
    path_finder_free(&pf);
    free(g.cells);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(astar_is_optimal_on_random_maps),
        cmocka_unit_test(dijkstra_matches_the_reference_with_many_goals),
        cmocka_unit_test(one_finder_many_searches_match_the_reference),
        cmocka_unit_test(no_diagonal_step_between_two_walls),
        cmocka_unit_test(doors_cost_what_the_caller_says),
        cmocka_unit_test(a_marked_cell_is_never_entered_or_left_diagonally),
    };
    return RUN_TESTS(tests);
}

/* The bounds `bench` sets beside its sight and path figures (cli/bench_bound.c): the work each
 * counts is our answers' own (cells in view, on the path, reached), and a multiple is ours
 * over its bound. No timing is tested. */
#include "test_support.h"

#include <math.h>
#include <string.h>

#include "cli/bench_bound.h"
#include "cli/bench_maps.h"
#include "core/fov.h"
#include "test_rules.h"

enum { CELLS = MAP_WIDTH * MAP_HEIGHT, MAX_FIGURES = 32 };

static BenchMap floors[BENCH_FLOORS];
static Figure figs[MAX_FIGURES];
static int fig_count;

static int setup(void **state)
{
    (void)state;
    EntityFactory factory;
    factory_init(&factory, &test_rules()->kinds);
    fig_count = bench_bound(&factory, figs);
    return bench_load_floors(&factory, floors) && fig_count > 0 ? 0 : -1;
}

/* cmocka 1.1 has no assert_double_equal. */
#define assert_near(a, b, eps) assert_true(fabs((a) - (b)) <= (eps))

static double figure(const char *name)
{
    for (int i = 0; i < fig_count; i++)
        if (strcmp(figs[i].name, name) == 0)
            return figs[i].value;
    fail_msg("no figure %s", name);
    return 0;
}

/* The cells in view from every open cell of the floors, on average, counted here. */
static void views_count_the_cells_in_view(void **state)
{
    (void)state;
    static uint8_t visible[CELLS];
    for (int radius = 0; radius <= 9; radius += 9) {
        long seen = 0, fields = 0;
        for (int k = 0; k < BENCH_FLOORS; k++)
            for (int o = 0; o < floors[k].open_count; o++, fields++) {
                const BenchMap *m = &floors[k];
                fov_compute(m->opaque, m->w, m->h, m->open[o].x, m->open[o].y, radius, visible);
                for (int i = 0; i < m->w * m->h; i++)
                    seen += visible[i];
            }
        const char *name = radius ? "fov_r9_cells_in_view" : "fov_cells_in_view";
        assert_near(figure(name), (double)seen / (double)fields, 1e-9);
    }
}

/* Each A* pair's path with both ends, and each Dijkstra map's cells reached, on average. */
static void paths_and_maps_count_their_cells(void **state)
{
    (void)state;
    static PathCell path[CELLS];
    static int32_t dist[CELLS];
    PathFinder pf;
    assert_true(path_finder_init(&pf, MAP_WIDTH, MAP_HEIGHT));
    long on_path = 0, reached = 0, reached_game = 0;
    for (int k = 0; k < BENCH_FLOORS; k++) {
        const BenchMap *m = &floors[k];
        for (int p = 0; p < BENCH_PAIRS; p++) {
            const PathCell *q = m->pairs[p];
            const int len =
                path_astar_costs(&pf, q[0].x, q[0].y, q[1].x, q[1].y, m->costs, path, CELLS, NULL);
            on_path += 1 + (len > 0 ? len : 0); /* no path: the start alone */
        }
        for (int r = 0; r < BENCH_ROOTS; r++) {
            path_dijkstra_costs(&pf, &m->roots[r], 1, m->costs, dist);
            for (int i = 0; i < CELLS; i++)
                reached += dist[i] != PATH_UNREACHED;
            path_dijkstra_costs(&pf, &m->roots[r], 1, m->game_costs, dist);
            for (int i = 0; i < CELLS; i++)
                reached_game += dist[i] != PATH_UNREACHED;
        }
    }
    path_finder_free(&pf);
    const double pairs = BENCH_FLOORS * BENCH_PAIRS, maps = BENCH_FLOORS * BENCH_ROOTS;
    assert_near(figure("astar_path_cells"), (double)on_path / pairs, 1e-9);
    assert_near(figure("dijkstra_cells_reached"), (double)reached / maps, 1e-9);
    assert_near(figure("dijkstra_game_cells_reached"), (double)reached_game / maps, 1e-9);
    assert_true(figure("dijkstra_game_cells_reached") < figure("dijkstra_cells_reached"));
}

/* Every bound took some time, and a multiple is ours over the bound of the same name. */
static void multiples_are_ours_over_the_bound(void **state)
{
    (void)state;
    assert_true(figure("fov_bound_us") > 0 && figure("astar_bound_us") > 0 &&
                figure("dijkstra_game_bound_us") > 0);
    const Figure in[] = {figure_one("fov_us", 3.0, "us"), figure_one("fov_bound_us", 0.5, "us"),
                         figure_one("astar_us", 2.0, "us"),
                         figure_one("frame_1280x720_bound_us", 40.0, "us"),
                         figure_one("frame_1280x720_close_us", 100.0, "us")};
    Figure out[8];
    int n = bench_bound_multiples(in, 5, out);
    assert_int_equal(n, 2); /* astar_us has no bound among them */
    assert_string_equal(out[0].name, "fov_over_bound");
    assert_near(out[0].value, 6.0, 1e-12);
    assert_string_equal(out[1].name, "frame_1280x720_close_over_bound");
    assert_near(out[1].value, 2.5, 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(views_count_the_cells_in_view),
        cmocka_unit_test(paths_and_maps_count_their_cells),
        cmocka_unit_test(multiples_are_ours_over_the_bound),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}

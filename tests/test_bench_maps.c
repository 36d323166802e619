/* The maps `bench` times sight and paths on (cli/bench_maps.c): the floors carry squeezes
 * where the game's rule and libtcod's part, the game's costs are the mice's (game_walk_costs), and
 * the caves are open and the same every run. No timing is tested. */
#include "test_support.h"

#include <string.h>

#include "cli/bench_maps.h"
#include "test_rules.h"

enum { CELLS = MAP_WIDTH * MAP_HEIGHT };

static BenchMap floors[BENCH_FLOORS];

static int setup(void **state)
{
    (void)state;
    EntityFactory factory;
    factory_init(&factory, &test_rules()->kinds);
    return bench_load_floors(&factory, floors) ? 0 : -1;
}

/* Cells reached from `from` by 8-way steps between open cells, squeezes allowed (libtcod's
 * map-based searches). */
static int reach_squeezing(const BenchMap *b, PathCell from, uint8_t *seen)
{
    static int queue[CELLS];
    int head = 0, tail = 0, i0 = from.y * b->w + from.x;
    memset(seen, 0, CELLS);
    seen[i0] = 1;
    queue[tail++] = i0;
    while (head < tail) {
        int i = queue[head++], x = i % b->w, y = i / b->w;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = x + dx, ny = y + dy, j = ny * b->w + nx;
                if (nx < 0 || ny < 0 || nx >= b->w || ny >= b->h || b->walls[j] || seen[j])
                    continue;
                seen[j] = 1;
                queue[tail++] = j;
            }
    }
    return tail;
}

/* Every floor has its squeezes, and they matter: some open cells libtcod's rule reaches from
 * a root are out of our paths' reach, which never step between two walls (R-DOOR-7). */
static void floors_have_squeezes_that_part_the_rules(void **state)
{
    (void)state;
    static int32_t dist[CELLS];
    static uint8_t seen[CELLS];
    PathFinder pf;
    assert_true(path_finder_init(&pf, MAP_WIDTH, MAP_HEIGHT));
    for (int k = 0; k < BENCH_FLOORS; k++) {
        const BenchMap *b = &floors[k];
        assert_true(b->squeezes >= BENCH_SQUEEZES);
        path_dijkstra_costs(&pf, &b->roots[0], 1, b->costs, dist);
        reach_squeezing(b, b->roots[0], seen);
        int only_squeezing = 0;
        for (int i = 0; i < CELLS; i++) {
            assert_false(seen[i] == 0 && dist[i] != PATH_UNREACHED);
            only_squeezing += seen[i] && dist[i] == PATH_UNREACHED;
        }
        assert_true(only_squeezing > 0);
    }
    path_finder_free(&pf);
}

/* The game's costs: walls blocked as on the uniform grid; doorways marked, closed doors and
 * mice costing more; the roots and pairs open. */
static void game_costs_are_the_mice_costs(void **state)
{
    (void)state;
    int marked = 0, doors = 0, mice = 0;
    for (int k = 0; k < BENCH_FLOORS; k++) {
        const BenchMap *b = &floors[k];
        for (int i = 0; i < CELLS; i++) {
            if (b->walls[i])
                assert_int_equal(b->game_costs[i], PATH_BLOCKED);
            int c = b->game_costs[i];
            marked += c >= 0 && (c & PATH_NO_DIAGONAL);
            doors += c >= 0 && (c & ~PATH_NO_DIAGONAL) == 20;
            mice += c >= 0 && (c & ~PATH_NO_DIAGONAL) == 30;
        }
        for (int r = 0; r < BENCH_ROOTS; r++)
            assert_true(b->game_costs[b->roots[r].y * b->w + b->roots[r].x] >= 0);
        for (int p = 0; p < BENCH_PAIRS; p++)
            for (int e = 0; e < 2; e++)
                assert_false(b->walls[b->pairs[p][e].y * b->w + b->pairs[p][e].x]);
    }
    assert_true(marked > 8 * BENCH_FLOORS);
    assert_true(doors > BENCH_FLOORS);
    assert_true(mice > BENCH_FLOORS);
}

/* A cave is the same for the same seed, another for another, and open: most of it floor. */
static void caves_are_open_and_the_same_every_run(void **state)
{
    (void)state;
    static BenchMap a, b, c;
    bench_make_cave(&a, 1);
    bench_make_cave(&b, 1);
    bench_make_cave(&c, 2);
    assert_memory_equal(a.walls, b.walls, CELLS);
    assert_true(memcmp(a.walls, c.walls, CELLS) != 0);
    for (const BenchMap *m = &a; m; m = m == &a ? &c : NULL) {
        assert_true(m->open_count * 100 > CELLS * 45);
        assert_true(m->open_count * 100 < CELLS * 85);
        for (int i = 0; i < CELLS; i++)
            assert_int_equal(m->opaque[i], m->walls[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(floors_have_squeezes_that_part_the_rules),
        cmocka_unit_test(game_costs_are_the_mice_costs),
        cmocka_unit_test(caves_are_open_and_the_same_every_run),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}

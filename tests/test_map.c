#include "test_support.h"

#include "core/map.h"

static void new_map_is_solid_and_outside_is_wall(void **state)
{
    (void)state;
    Map m;
    assert_true(map_init(&m, 10, 6));
    for (int y = 0; y < 6; y++)
        for (int x = 0; x < 10; x++)
            assert_int_equal(map_tile(&m, x, y), TILE_WALL);
    assert_false(map_in_bounds(&m, -1, 0));
    assert_false(map_in_bounds(&m, 10, 0));
    assert_false(map_in_bounds(&m, 0, 6));
    assert_true(map_in_bounds(&m, 9, 5));
    map_set(&m, 10, 0, TILE_FLOOR, ZONE_ROOM); /* outside: ignored */
    assert_int_equal(map_tile(&m, 10, 0), TILE_WALL);
    assert_int_equal(map_zone(&m, -3, 2), ZONE_NONE);
    map_free(&m);
}

static void set_and_count_neighbours(void **state)
{
    (void)state;
    Map m;
    assert_true(map_init(&m, 5, 5));
    assert_int_equal(map_count_wall_neighbours(&m, 2, 2), 8);
    assert_int_equal(map_count_wall_neighbours(&m, 0, 0), 8); /* outside counts as wall */
    map_set(&m, 2, 2, TILE_FLOOR, ZONE_CORRIDOR);
    map_set(&m, 1, 2, TILE_FLOOR, ZONE_CORRIDOR);
    map_set(&m, 3, 3, TILE_FLOOR, ZONE_ROOM);
    assert_int_equal(map_tile(&m, 2, 2), TILE_FLOOR);
    assert_int_equal(map_zone(&m, 3, 3), ZONE_ROOM);
    assert_int_equal(map_count_wall_neighbours(&m, 2, 2), 6);
    assert_int_equal(map_count_wall_neighbours(&m, 1, 1), 6);
    assert_true(map_is_wall(&m, 4, 4));
    assert_false(map_is_wall(&m, 1, 2));
    map_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(new_map_is_solid_and_outside_is_wall),
        cmocka_unit_test(set_and_count_neighbours),
    };
    return RUN_TESTS(tests);
}

/* Each generation step on small hand-made maps, where the right answer can be seen. */
#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#include "entities/entities.h"
#include "gen/steps.h"

static EntityFactory factory;

typedef struct Fixture {
    Floor floor;
    GenContext ctx;
    GenStats stats;
} Fixture;

/* Builds a floor from rows of '#' (wall) and '.' (floor); rooms are given separately. */
static Fixture *make(const char *const *rows, const Room *rooms, int room_count)
{
    Fixture *fx = calloc(1, sizeof *fx);
    int h = 0, w = (int)strlen(rows[0]);
    while (rows[h])
        h++;
    assert_true(floor_init(&fx->floor, 1, 0, w, h));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (rows[y][x] == '.')
                map_set(&fx->floor.map, x, y, TILE_FLOOR, ZONE_CORRIDOR);
    for (int i = 0; i < room_count; i++) {
        fx->floor.rooms[i] = rooms[i];
        gen_carve_room(&fx->floor.map, &rooms[i]);
    }
    fx->floor.room_count = room_count;
    fx->ctx = (GenContext){.floor = &fx->floor, .factory = &factory, .stats = &fx->stats};
    fx->ctx.ring = calloc((size_t)(w * h), 1);
    rng_seed(&fx->ctx.rng, 1, RNG_STREAM_GENERATOR);
    gen_mark_rings(&fx->ctx);
    return fx;
}

static void drop(Fixture *fx)
{
    free(fx->ctx.ring);
    floor_free(&fx->floor);
    free(fx);
}

static const Entity *door_at(const Floor *f, int x, int y)
{
    const Entity *e = floor_entity_at(f, x, y, 0);
    return e && e->kind == KIND_DOOR ? e : NULL;
}

static int door_count(const Floor *f)
{
    int n = 0;
    for (const Entity *e = f->entities.head; e; e = e->next)
        n += e->kind == KIND_DOOR;
    return n;
}

/* A passage leaving a corridor northward; the alcove is its top cell. */
static void walk_of_three_steps_puts_a_door_at_the_mouth(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######", /* 0 */
        "###.###", /* 1 alcove */
        "###.###", /* 2 */
        "###.###", /* 3 */
        "###.###", /* 4 mouth: walls both sides, 3 steps from the alcove */
        "###.###", /* 5 touches the corridor: 5 walls, the walk stops before it */
        ".......", /* 6 corridor */
        "#######", NULL};
    Fixture *fx = make(rows, NULL, 0);
    Cell mouth;
    assert_int_equal(gen_alcove_walk(&fx->floor.map, 3, 1, &mouth), 3);
    assert_int_equal(mouth.x, 3);
    assert_int_equal(mouth.y, 4);
    gen_find_alcoves(&fx->ctx);
    /* The passage's end, and the corridor's two ends at the map edges (walks of 2 steps). */
    assert_int_equal(fx->ctx.alcove_count, 3);
    assert_true(gen_place_alcove_doors(&fx->ctx));
    assert_non_null(door_at(&fx->floor, 3, 4));
    assert_int_equal(door_count(&fx->floor), 1);
    drop(fx);
}

static void walk_of_two_steps_gets_no_door(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######",
        "###.###", /* alcove */
        "###.###",
        "###.###", /* the last enclosed cell: 2 steps */
        "###.###",
        ".......",
        "#######", NULL};
    Fixture *fx = make(rows, NULL, 0);
    Cell mouth;
    assert_int_equal(gen_alcove_walk(&fx->floor.map, 3, 1, &mouth), 2);
    gen_find_alcoves(&fx->ctx);
    assert_true(gen_place_alcove_doors(&fx->ctx));
    assert_int_equal(door_count(&fx->floor), 0);
    drop(fx);
}

/* The walk follows a passage round its turns and stops before a T-junction: the door lands in
 * the passage, never on the junction cell. */
static void walk_turns_and_stops_before_a_junction(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########",
        "#.....####", /* alcove at (1,1), passage east then south */
        "#####.####",
        "#####.####",
        "##.......#", /* (5,4) is a T-junction: open west, east and north */
        "##########", NULL};
    Fixture *fx = make(rows, NULL, 0);
    Cell mouth;
    int steps = gen_alcove_walk(&fx->floor.map, 1, 1, &mouth);
    assert_int_equal(mouth.x, 5);
    assert_int_equal(mouth.y, 2); /* (5,3) touches the junction's arms: the walk ends above */
    assert_int_equal(steps, 5);
    gen_find_alcoves(&fx->ctx);
    assert_true(gen_place_alcove_doors(&fx->ctx));
    assert_null(door_at(&fx->floor, 5, 4));
    assert_non_null(door_at(&fx->floor, 5, 2));
    drop(fx);
}

/* A spiral longer than the bound: the walk ends, and no door is placed. */
static void walk_is_bounded_on_a_spiral(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "###################",
        "#.................#",
        "#.###############.#",
        "#.#.............#.#",
        "#.#.###########.#.#",
        "#.#.#.........#.#.#",
        "#.#.#.#######.#.#.#",
        "#.#.#.#.....#.#.#.#",
        "#.#.#.#.###.#.#.#.#",
        "#.#.#.#...#.#.#.#.#",
        "#.#.#.#####.#.#.#.#",
        "#.#.#.......#.#.#.#",
        "#.#.#########.#.#.#",
        "#.#...........#.#.#",
        "#.#############.#.#",
        "#...............#.#",
        "#################.#",
        "..................#",
        "###################", NULL};
    Fixture *fx = make(rows, NULL, 0);
    Cell mouth = {-1, -1};
    assert_int_equal(gen_alcove_walk(&fx->floor.map, 9, 9, &mouth), -1); /* the centre */
    gen_find_alcoves(&fx->ctx);
    assert_true(gen_place_alcove_doors(&fx->ctx));
    assert_int_equal(door_count(&fx->floor), 0);
    drop(fx);
}

/* A corridor entering a room through its wall gets a door; a gap two cells wide does not. */
static void room_doors_only_in_true_doorways(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "################",
        "################",
        "################",
        "################",
        "################",
        "################",
        "################",
        "################",
        "#####.####..####", /* corridors entering from the south */
        "#####.####..####",
        "################", NULL};
    const Room room = {.x = 3, .y = 2, .w = 10, .h = 4}; /* its wall ring: rows 1 and 6 */
    Fixture *fx = make(rows, &room, 1);
    /* Open the bottom wall (y = 6) under both corridors, and the rock row between. */
    map_set(&fx->floor.map, 5, 6, TILE_FLOOR, ZONE_CORRIDOR);
    map_set(&fx->floor.map, 5, 7, TILE_FLOOR, ZONE_CORRIDOR);
    for (int x = 10; x <= 11; x++) {
        map_set(&fx->floor.map, x, 6, TILE_FLOOR, ZONE_CORRIDOR);
        map_set(&fx->floor.map, x, 7, TILE_FLOOR, ZONE_CORRIDOR);
    }
    assert_int_equal(gen_ring_at(&fx->ctx, 5, 6), RING_HORIZONTAL);
    assert_true(gen_place_room_doors(&fx->ctx));
    assert_non_null(door_at(&fx->floor, 5, 6));
    assert_null(door_at(&fx->floor, 10, 6));
    assert_null(door_at(&fx->floor, 11, 6));
    assert_int_equal(fx->stats.room_doors, 1);
    drop(fx);
}

static void door_geometry(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#####",
        "#.#.#",
        "#...#",
        "#.###",
        "#####", NULL};
    Fixture *fx = make(rows, NULL, 0);
    assert_true(gen_door_geometry_ok(&fx->floor.map, 2, 2));  /* walls N and S, open W and E */
    assert_false(gen_door_geometry_ok(&fx->floor.map, 1, 1)); /* a dead end: three walls */
    assert_false(gen_door_geometry_ok(&fx->floor.map, 1, 2)); /* a junction: three open */
    assert_false(gen_door_geometry_ok(&fx->floor.map, 3, 2)); /* a corner */
    assert_false(gen_door_geometry_ok(&fx->floor.map, 0, 0)); /* a wall */
    drop(fx);
}

int main(void)
{
    factory_init(&factory);
    if (!entities_register_all(&factory))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(walk_of_three_steps_puts_a_door_at_the_mouth),
        cmocka_unit_test(walk_of_two_steps_gets_no_door),
        cmocka_unit_test(walk_turns_and_stops_before_a_junction),
        cmocka_unit_test(walk_is_bounded_on_a_spiral),
        cmocka_unit_test(room_doors_only_in_true_doorways),
        cmocka_unit_test(door_geometry),
    };
    return RUN_TESTS(tests);
}

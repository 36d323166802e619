/* Each generation step on small hand-made maps, where the right answer can be seen. */
#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#include "entities/entities.h"
#include "gen/gen.h"
#include "gen/steps.h"
#include "test_rules.h"

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
    static const char *const rows[] = {"#######", "###.###", /* alcove */
                                       "###.###", "###.###", /* the last enclosed cell: 2 steps */
                                       "###.###", ".......", "#######", NULL};
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
        "##########", "#.....####", /* alcove at (1,1), passage east then south */
        "#####.####", "#####.####",
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
        "###################", "#.................#", "#.###############.#", "#.#.............#.#",
        "#.#.###########.#.#", "#.#.#.........#.#.#", "#.#.#.#######.#.#.#", "#.#.#.#.....#.#.#.#",
        "#.#.#.#.###.#.#.#.#", "#.#.#.#...#.#.#.#.#", "#.#.#.#####.#.#.#.#", "#.#.#.......#.#.#.#",
        "#.#.#########.#.#.#", "#.#...........#.#.#", "#.#############.#.#", "#...............#.#",
        "#################.#", "..................#", "###################", NULL};
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
    static const char *const rows[] = {"################",
                                       "################",
                                       "################",
                                       "################",
                                       "################",
                                       "################",
                                       "################",
                                       "################",
                                       "#####.####..####", /* corridors entering from the south */
                                       "#####.####..####",
                                       "################",
                                       NULL};
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
    static const char *const rows[] = {"#####", "#.#.#", "#...#", "#.###", "#####", NULL};
    Fixture *fx = make(rows, NULL, 0);
    assert_true(gen_door_geometry_ok(&fx->floor.map, 2, 2));  /* walls N and S, open W and E */
    assert_false(gen_door_geometry_ok(&fx->floor.map, 1, 1)); /* a dead end: three walls */
    assert_false(gen_door_geometry_ok(&fx->floor.map, 1, 2)); /* a junction: three open */
    assert_false(gen_door_geometry_ok(&fx->floor.map, 3, 2)); /* a corner */
    assert_false(gen_door_geometry_ok(&fx->floor.map, 0, 0)); /* a wall */
    drop(fx);
}

/* A generated floor with a locked door, for breaking on purpose. */
static void generated_with_locked_door(Floor *f, Entity **locked)
{
    for (uint64_t seed = 1;; seed++) {
        assert_true(gen_floor(f, 6, seed, &factory, NULL));
        for (Entity *e = f->entities.head; e; e = e->next)
            if (e->kind == KIND_DOOR && e->door == DOOR_LOCKED) {
                *locked = e;
                return;
            }
        floor_free(f);
    }
}

static void the_validator_rejects_each_broken_guarantee(void **state)
{
    (void)state;
    Floor f;
    Entity *door;
    generated_with_locked_door(&f, &door);
    assert_true(gen_floor_is_valid(&f, factory.kinds));

    /* A Key on the far side of the locked door. */
    int bx = door->x, by = door->y;
    for (int d = 0; d < 4; d++) {
        int nx = door->x + (d == 0) - (d == 1), ny = door->y + (d == 2) - (d == 3);
        if (!map_is_wall(&f.map, nx, ny) && map_count_wall_neighbours(&f.map, nx, ny) >= 6 &&
            map_zone(&f.map, nx, ny) != ZONE_CORRIDOR) {
            bx = nx;
            by = ny;
        }
    }
    assert_false(bx == door->x && by == door->y);
    Entity *key = factory_create(&factory, "Key", bx, by);
    entity_list_add(&f.entities, key);
    assert_false(gen_floor_is_valid(&f, factory.kinds));
    key->x = f.arrival_x; /* beside the stairs: fine again */
    key->y = f.arrival_y;
    assert_true(gen_floor_is_valid(&f, factory.kinds));

    /* Something standing in a wall. */
    key->x = 0;
    key->y = 0;
    assert_false(gen_floor_is_valid(&f, factory.kinds));
    entity_list_remove(&f.entities, key);
    assert_true(gen_floor_is_valid(&f, factory.kinds));

    /* A mouse beside the arrival point. */
    Entity *mouse = factory_create(&factory, "Micro Mouse", f.arrival_x, f.arrival_y);
    entity_list_add(&f.entities, mouse);
    assert_false(gen_floor_is_valid(&f, factory.kinds));
    entity_list_remove(&f.entities, mouse);

    /* Two solid things on one cell. */
    const Entity *up = floor_find(&f, KIND_ID_STAIRS_UP);
    Entity *twin = factory_create(&factory, "Stairs (Up)", up->x, up->y);
    entity_list_add(&f.entities, twin);
    assert_false(gen_floor_is_valid(&f, factory.kinds));
    entity_list_remove(&f.entities, twin);

    /* An open cell nobody can reach. */
    assert_true(gen_floor_is_valid(&f, factory.kinds));
    map_set(&f.map, 0, 0, TILE_FLOOR, ZONE_CORRIDOR);
    assert_false(gen_floor_is_valid(&f, factory.kinds));
    map_set(&f.map, 0, 0, TILE_WALL, ZONE_NONE);

    /* A door with open floor beside it. */
    map_set(&f.map, door->x + 1, door->y, TILE_FLOOR, ZONE_CORRIDOR);
    map_set(&f.map, door->x, door->y + 1, TILE_FLOOR, ZONE_CORRIDOR);
    map_set(&f.map, door->x - 1, door->y, TILE_FLOOR, ZONE_CORRIDOR);
    map_set(&f.map, door->x, door->y - 1, TILE_FLOOR, ZONE_CORRIDOR);
    assert_false(gen_floor_is_valid(&f, factory.kinds));
    floor_free(&f);
}

static int item_rank(KindId kind)
{
    static const KindId order[] = {KIND_ID_HEALTH_PACK,  KIND_ID_CROWBAR,
                                   KIND_ID_BIKER_JACKET, KIND_ID_MICROCHIP,
                                   KIND_ID_STUN_BATON,   KIND_ID_BULLETPROOF_VEST};
    for (int i = 0; i < 6; i++)
        if (kind == order[i])
            return i;
    fail_msg("unknown loot kind %d", kind);
    return -1;
}

static void loot_gets_stronger_higher_up(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 5, RNG_STREAM_GENERATOR);
    double mean[MAX_FLOORS] = {0};
    for (int n = 1; n < MAX_FLOORS; n++) {
        for (int i = 0; i < 4000; i++) {
            int rank = item_rank(gen_roll_loot(factory.kinds, &rng, n));
            if (n < 5)
                assert_true(rank < 4); /* no Stun Baton or Vest low down */
            mean[n] += rank / 4000.0;
        }
    }
    assert_true(mean[12] > mean[6] + 0.3);
    assert_true(mean[6] > mean[1] + 0.3);
}

/* Behind a lock the better of two rolls: the same floor's table, tilted up. */
static void locked_loot_is_the_better_of_two_rolls(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 7, RNG_STREAM_GENERATOR);
    for (int n = 1; n < MAX_FLOORS; n++) {
        double plain = 0, locked = 0;
        for (int i = 0; i < 4000; i++) {
            KindId kind = gen_roll_locked_loot(factory.kinds, &rng, n);
            if (n < 5)
                assert_true(item_rank(kind) < 4); /* still nothing before its floor */
            locked += gen_loot_tier(factory.kinds, kind) / 4000.0;
            plain += gen_loot_tier(factory.kinds, gen_roll_loot(factory.kinds, &rng, n)) / 4000.0;
        }
        assert_true(locked > plain + 0.2);
    }
    assert_int_equal(gen_loot_tier(factory.kinds, KIND_ID_HEALTH_PACK), 0);
    assert_int_equal(gen_loot_tier(factory.kinds, KIND_ID_BULLETPROOF_VEST), 3);
    assert_int_equal(gen_loot_tier(factory.kinds, KIND_ID_KEY), -1);
}

static int tier_of(KindId kind)
{
    static const KindId tiers[] = {KIND_ID_MICRO_MOUSE, KIND_ID_NEO_MOUSE, KIND_ID_TOUGH_MOUSE,
                                   KIND_ID_RABID_MOUSE, KIND_ID_META_MOUSE};
    for (int i = 0; i < 5; i++)
        if (kind == tiers[i])
            return i;
    fail_msg("unknown monster kind %d", kind);
    return -1;
}

static void mice_follow_their_tiers(void **state)
{
    (void)state;
    static const int first_floor[5] = {1, 3, 5, 7, 9};
    Rng rng;
    rng_seed(&rng, 6, RNG_STREAM_GENERATOR);
    double mean_prev = -1;
    for (int n = 1; n < MAX_FLOORS; n++) {
        double mean = 0;
        for (int i = 0; i < 40000; i++) {
            int t = tier_of(gen_roll_monster(factory.kinds, &rng, n));
            assert_true(n >= first_floor[t]);
            mean += t / 40000.0;
        }
        /* The mix never gets weaker going up (0.01: sampling noise is about 0.005). */
        assert_true(mean >= mean_prev - 0.01);
        mean_prev = mean;
    }
    assert_true(mean_prev > 3.0); /* floor 12: mostly Rabid and Meta */
}

int main(void)
{
    factory_init(&factory, &test_rules()->kinds);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(walk_of_three_steps_puts_a_door_at_the_mouth),
        cmocka_unit_test(walk_of_two_steps_gets_no_door),
        cmocka_unit_test(walk_turns_and_stops_before_a_junction),
        cmocka_unit_test(walk_is_bounded_on_a_spiral),
        cmocka_unit_test(room_doors_only_in_true_doorways),
        cmocka_unit_test(door_geometry),
        cmocka_unit_test(the_validator_rejects_each_broken_guarantee),
        cmocka_unit_test(loot_gets_stronger_higher_up),
        cmocka_unit_test(locked_loot_is_the_better_of_two_rolls),
        cmocka_unit_test(mice_follow_their_tiers),
    };
    return RUN_TESTS(tests);
}

/* The way up (docs/RULES.md R-GUAR-11, R-GEN-9) and the Floor Plan's place (R-GUAR-12) on a
 * small hand-made floor: three rooms in a row joined by two doorways, the arrival in the west
 * room, the Stairs (Up) in the east one. */
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

/* Doorways at (6, 3) and (12, 3); the rooms are x 1..5, 7..11 and 13..18, y 1..5. */
static const char *const ROWS[] = {
    "####################", "#.....#.....#......#", "#.....#.....#......#", "#..................#",
    "#.....#.....#......#", "#.....#.....#......#", "####################", NULL,
};
static const Room ROOMS[] = {{1, 1, 5, 5}, {7, 1, 5, 5}, {13, 1, 6, 5}};

/* The floor numbered `number`, with the doors given ('+' plain, 'H' hidden) at the two
 * doorways, west first. */
static Fixture *make(int number, char west, char east)
{
    Fixture *fx = calloc(1, sizeof *fx);
    int w = (int)strlen(ROWS[0]), h = 0;
    while (ROWS[h])
        h++;
    assert_true(floor_init(&fx->floor, number, 0, w, h));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (ROWS[y][x] == '.')
                map_set(&fx->floor.map, x, y, TILE_FLOOR, ZONE_ROOM);
    for (int i = 0; i < 3; i++)
        fx->floor.rooms[i] = ROOMS[i];
    fx->floor.room_count = 3;
    fx->ctx = (GenContext){.floor = &fx->floor, .factory = &factory, .stats = &fx->stats};
    rng_seed(&fx->ctx.rng, 1, RNG_STREAM_GENERATOR);
    const char kinds[2] = {west, east};
    const int xs[2] = {6, 12};
    for (int i = 0; i < 2; i++) {
        bool hidden = kinds[i] == 'H';
        assert_non_null(gen_spawn(&fx->ctx, hidden ? KIND_ID_DOOR_HIDDEN : KIND_ID_DOOR, xs[i], 3));
        fx->stats.hidden_doors += hidden;
    }
    assert_non_null(gen_spawn(&fx->ctx, KIND_ID_STAIRS_DOWN, 1, 1));
    assert_non_null(gen_spawn(&fx->ctx, KIND_ID_STAIRS_UP, 17, 3));
    fx->floor.arrival_x = 2;
    fx->floor.arrival_y = 1;
    return fx;
}

static void drop(Fixture *fx)
{
    floor_free(&fx->floor);
    free(fx);
}

static bool valid(const Fixture *fx)
{
    char why[256];
    bool ok = gen_floor_check(&fx->floor, factory.kinds, GEN_CHECK_FRESH, why, sizeof why);
    if (!ok)
        print_message("# refused: %s\n", why);
    return ok;
}

static int hidden_left(const Floor *f)
{
    int n = 0;
    for (const Entity *e = f->entities.head; e; e = e->next)
        n += e->kind == KIND_DOOR && e->door == DOOR_HIDDEN && !(e->flags & EF_REMOVED);
    return n;
}

/* The count is of the way that crosses the fewest: a way round a hidden door spares it. */
static void the_way_up_counts_the_fewest_hidden_doors(void **state)
{
    (void)state;
    Fixture *fx = make(5, '+', '+');
    assert_int_equal(gen_hidden_on_way(&fx->floor, NULL, 0), 0);
    drop(fx);
    fx = make(5, 'H', '+');
    assert_int_equal(gen_hidden_on_way(&fx->floor, NULL, 0), 1);
    drop(fx);
    fx = make(5, 'H', 'H');
    int doors[4];
    assert_int_equal(gen_hidden_on_way(&fx->floor, doors, 4), 2);
    assert_int_equal(doors[0], 3 * fx->floor.map.width + 12); /* the one nearest the stairs */
    assert_int_equal(doors[1], 3 * fx->floor.map.width + 6);
    map_set(&fx->floor.map, 12, 1, TILE_FLOOR, ZONE_ROOM); /* a gap beside the east door */
    assert_int_equal(gen_hidden_on_way(&fx->floor, NULL, 0), 1);
    drop(fx);
}

/* R-GUAR-11 in the validator: none on floors 0..3, one from floor 4. */
static void the_validator_counts_hidden_doors_on_the_way_up(void **state)
{
    (void)state;
    Fixture *fx = make(3, '+', '+');
    assert_true(valid(fx));
    drop(fx);
    fx = make(3, 'H', '+');
    assert_false(valid(fx));
    drop(fx);
    fx = make(5, 'H', '+');
    assert_true(valid(fx));
    drop(fx);
    fx = make(5, 'H', 'H');
    assert_false(valid(fx));
    drop(fx);
}

/* R-GEN-9's last part: the generator turns hidden doors on the way back into plain ones, all
 * of them on floors 0..3, all but the one nearest the stairs higher up. */
static void the_generator_opens_the_way_up(void **state)
{
    (void)state;
    Fixture *fx = make(3, 'H', 'H');
    assert_true(gen_open_the_way(&fx->ctx));
    assert_int_equal(hidden_left(&fx->floor), 0);
    assert_int_equal(fx->stats.hidden_doors, 0);
    assert_int_equal(fx->stats.hidden_opened, 2);
    assert_true(valid(fx));
    drop(fx);
    fx = make(5, 'H', 'H');
    assert_true(gen_open_the_way(&fx->ctx));
    assert_int_equal(hidden_left(&fx->floor), 1);
    const Entity *east = floor_entity_at(&fx->floor, 12, 3, 0);
    assert_int_equal(east->door, DOOR_HIDDEN);
    assert_int_equal(fx->stats.hidden_doors, 1);
    drop(fx);
}

/* R-GUAR-12: on floors 4, 7 and 10 a Floor Plan lies where no hidden door stands between it and
 * the arrival point; other floors need none. */
static void the_validator_wants_a_floor_plan_in_reach(void **state)
{
    (void)state;
    Fixture *fx = make(4, '+', 'H');
    assert_false(valid(fx)); /* none at all */
    Entity *plan = gen_spawn(&fx->ctx, KIND_ID_FLOOR_PLAN, 15, 2);
    assert_non_null(plan);
    assert_false(valid(fx)); /* behind the hidden door */
    plan->x = 9;
    assert_true(valid(fx));
    assert_true(gen_floor_check(&fx->floor, factory.kinds, GEN_CHECK_PLAYED, NULL, 0));
    plan->flags |= EF_REMOVED; /* picked up in play: nothing to check */
    assert_true(gen_floor_check(&fx->floor, factory.kinds, GEN_CHECK_PLAYED, NULL, 0));
    drop(fx);
    for (int n = 0; n < MAX_FLOORS; n++)
        assert_int_equal(gen_floor_wants_plan(n), n == 4 || n == 7 || n == 10);
    fx = make(5, '+', 'H');
    assert_true(valid(fx));
    drop(fx);
}

static void the_generator_places_the_floor_plan_in_reach(void **state)
{
    (void)state;
    for (int seed = 1; seed <= 20; seed++) {
        Fixture *fx = make(7, '+', 'H');
        rng_seed(&fx->ctx.rng, (uint64_t)seed, RNG_STREAM_GENERATOR);
        assert_true(gen_place_floor_plan(&fx->ctx));
        const Entity *plan = floor_find(&fx->floor, KIND_ID_FLOOR_PLAN);
        assert_non_null(plan);
        assert_true(plan->x < 12);
        assert_true(valid(fx));
        drop(fx);
    }
    Fixture *fx = make(6, '+', '+');
    assert_true(gen_place_floor_plan(&fx->ctx));
    assert_null(floor_find(&fx->floor, KIND_ID_FLOOR_PLAN));
    drop(fx);
}

int main(void)
{
    factory_init(&factory, &test_rules()->kinds);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_way_up_counts_the_fewest_hidden_doors),
        cmocka_unit_test(the_validator_counts_hidden_doors_on_the_way_up),
        cmocka_unit_test(the_generator_opens_the_way_up),
        cmocka_unit_test(the_validator_wants_a_floor_plan_in_reach),
        cmocka_unit_test(the_generator_places_the_floor_plan_in_reach),
    };
    return RUN_TESTS(tests);
}

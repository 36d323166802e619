/* The Floor Plan (docs/RULES.md R-ITEM-8): read from the pack, it shows the whole floor, its
 * stairs and its hidden doors, and is used up. Item effects are registered by name
 * (game/effects.h); the Health Pack's heal is one of them. */
#include "test_support.h"

#include "game/effects.h"
#include "game_fixture.h"

/* Two hidden doors wall the player's room off from the east room and its Stairs (Up). */
static const char *const WALLED_OFF[] = {
    "###########", "#@?.#.....#", "#...H..<..#", "#...#.....#",
    "#...H.....#", "#...#.....#", "###########", NULL,
};

static void reading_a_floor_plan_shows_the_floor(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 4, WALLED_OFF);
    Floor *f = game_floor(g);
    Entity *north = floor_entity_at(f, 4, 2, 0), *south = floor_entity_at(f, 4, 4, 0);
    assert_true(fixture_step(g, 1, 0)); /* onto the plan: picked up as a */
    assert_int_equal(game_find_item(g, KIND_ID_FLOOR_PLAN), 0);
    assert_null(game_known_stairs(g, +1));
    assert_false(f->seen[3 * f->map.width + 8]);
    int found_before = g->counters.hidden_found;
    assert_true(fixture_do(g, command_item(CMD_USE, 0))); /* a turn */
    assert_true(fixture_said(g, "You study the floor plan: 2 hidden doors marked."));
    assert_int_equal(north->door, DOOR_CLOSED);
    assert_int_equal(south->door, DOOR_CLOSED);
    assert_int_equal(g->counters.hidden_found, found_before + 2);
    for (int i = 0; i < f->map.width * f->map.height; i++)
        assert_true(f->seen[i]);
    assert_non_null(game_known_stairs(g, +1));
    assert_int_equal(game_find_item(g, KIND_ID_FLOOR_PLAN), -1); /* used up */
    fixture_free(g);
}

/* The plan's kind names its effect in the data; so does the Health Pack's. */
static void effects_are_named_by_the_data(void **state)
{
    (void)state;
    const KindTable *kinds = &test_rules()->kinds;
    int plan = kind_get(kinds, KIND_ID_FLOOR_PLAN)->effect;
    int heal = kind_get(kinds, KIND_ID_HEALTH_PACK)->effect;
    assert_string_equal(effect_get(plan)->name, "floor_plan");
    assert_string_equal(effect_get(heal)->name, "heal");
    assert_int_equal(kind_get(kinds, KIND_ID_KEY)->effect, EFFECT_NONE);
    assert_int_equal(effect_find("floor_plan"), plan);
    assert_int_equal(effect_find("no such effect"), -1);
    assert_null(effect_get(-1)->use);
    assert_null(effect_get(effect_count())->use);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reading_a_floor_plan_shows_the_floor),
        cmocka_unit_test(effects_are_named_by_the_data),
    };
    return RUN_TESTS(tests);
}

/* Searching (src/game/search.c): the 20% chance per hidden door beside the player, and the
 * thorough fifth search in a row. */
#include "test_support.h"

#include "game_fixture.h"

static const char *const BESIDE[] = {
    "#####",
    "#.H.#",
    "#.@.#",
    "#####",
    NULL,
};

/* Over many fresh games the first search finds a door beside the player 20% of the time. */
static void a_search_finds_a_door_beside_one_time_in_five(void **state)
{
    (void)state;
    const int trials = 2000;
    int found = 0;
    for (int t = 0; t < trials; t++) {
        Game *g = fixture_game((uint64_t)t + 1, 1, BESIDE);
        assert_true(fixture_do(g, command_of(CMD_SEARCH)));
        Entity *door = floor_entity_at(game_floor(g), 2, 1, 0);
        if (door->door == DOOR_CLOSED) {
            found++;
            assert_true(fixture_said(g, "You found a hidden door!"));
            assert_int_equal(g->counters.hidden_found, 1);
        }
        fixture_free(g);
    }
    /* 20% of 2000 is 400, with a standard deviation of about 18: allow four of them. */
    assert_in_range(found, 400 - 72, 400 + 72);
}

static void the_fifth_search_in_a_row_finds_every_door_in_view_within_five(void **state)
{
    (void)state;
    Game *g = fixture_game(9, 1, fixture_map_door_three_away());
    Entity *door = floor_entity_at(game_floor(g), 4, 4, 0);
    assert_int_equal(door->door, DOOR_HIDDEN);
    for (int i = 0; i < 4; i++) {
        assert_true(fixture_do(g, command_of(CMD_SEARCH)));
        assert_int_equal(door->door, DOOR_HIDDEN); /* not beside: only the thorough one finds it */
    }
    assert_true(fixture_do(g, command_of(CMD_SEARCH)));
    assert_int_equal(door->door, DOOR_CLOSED);
    assert_true(fixture_said(g, "You found a hidden door!"));
    assert_string_equal(door->name, "Door");
    fixture_free(g);
}

static void anything_else_breaks_the_run_of_searches(void **state)
{
    (void)state;
    Game *g = fixture_game(10, 1, fixture_map_door_three_away());
    Entity *door = floor_entity_at(game_floor(g), 4, 4, 0);
    for (int i = 0; i < 4; i++)
        fixture_do(g, command_of(CMD_SEARCH));
    fixture_do(g, command_wait());
    fixture_do(g, command_of(CMD_SEARCH));
    assert_int_equal(door->door, DOOR_HIDDEN);
    assert_int_equal(g->search_streak, 1);
    fixture_free(g);
}

static const char *const TOO_FAR[] = {
    "##########",
    "#@.......#",
    "#........#",
    "#........#",
    "#........#",
    "#........#",
    "#........#",
    "########H#",
    NULL,
};

static void a_thorough_search_does_not_reach_beyond_five_cells(void **state)
{
    (void)state;
    Game *g = fixture_game(11, 1, TOO_FAR);
    Entity *door = floor_entity_at(game_floor(g), 8, 7, 0);
    for (int i = 0; i < 5; i++)
        fixture_do(g, command_of(CMD_SEARCH));
    assert_int_equal(door->door, DOOR_HIDDEN);
    assert_true(fixture_said(g, "You search every wall in sight: nothing."));
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_search_finds_a_door_beside_one_time_in_five),
        cmocka_unit_test(the_fifth_search_in_a_row_finds_every_door_in_view_within_five),
        cmocka_unit_test(anything_else_breaks_the_run_of_searches),
        cmocka_unit_test(a_thorough_search_does_not_reach_beyond_five_cells),
    };
    return RUN_TESTS(tests);
}

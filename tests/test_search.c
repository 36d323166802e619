/* Searching (src/game/search.c): the 20% chance per hidden door beside the player, and the
 * thorough fifth search in a row. */
#include "test_support.h"

#include "game_fixture.h"

static const char *const BESIDE[] = {
    "#####", "#.H.#", "#.@.#", "#####", NULL,
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

/* Hidden doors in plain view at 3, 6 across and 6 down (Chebyshev) from the player: the
 * thorough search finds the first and neither of the others, so only the radius decides, on
 * each axis. */
static const char *const THREE_AND_SIX[] = {
    "####H###", "#@.....#", "#......#", "#......H", "#......#",
    "#......#", "#......#", "###H####", NULL,
};

static void a_thorough_search_does_not_reach_beyond_five_cells(void **state)
{
    (void)state;
    Game *g = fixture_game(11, 1, THREE_AND_SIX);
    const Floor *f = game_floor(g);
    Entity *near = floor_entity_at(f, 4, 0, 0), *across = floor_entity_at(f, 7, 3, 0),
           *down = floor_entity_at(f, 3, 7, 0);
    assert_true(game_cell_visible(g, near->x, near->y));
    assert_true(game_cell_visible(g, across->x, across->y));
    assert_true(game_cell_visible(g, down->x, down->y));
    for (int i = 0; i < 5; i++)
        fixture_do(g, command_of(CMD_SEARCH));
    assert_int_equal(near->door, DOOR_CLOSED);   /* 3 across: found */
    assert_int_equal(across->door, DOOR_HIDDEN); /* 6 across: out of reach */
    assert_int_equal(down->door, DOOR_HIDDEN);   /* 6 down: out of reach */
    fixture_free(g);
}

/* A hidden door 4 cells off but out of sight (in the wall of the next corridor) is not found
 * by the thorough search: it finds what is in view. */
static void a_thorough_search_finds_only_doors_in_view(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######", "#@..#.#", "#...#.#", "#...#.#", "#####H#", "#######", NULL,
    };
    Game *g = fixture_game(12, 1, rows);
    Entity *door = floor_entity_at(game_floor(g), 5, 4, 0);
    assert_false(game_cell_visible(g, door->x, door->y));
    for (int i = 0; i < 5; i++)
        fixture_do(g, command_of(CMD_SEARCH));
    assert_true(fixture_said(g, "You search every wall in sight: nothing."));
    assert_int_equal(door->door, DOOR_HIDDEN);
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_search_finds_a_door_beside_one_time_in_five),
        cmocka_unit_test(the_fifth_search_in_a_row_finds_every_door_in_view_within_five),
        cmocka_unit_test(anything_else_breaks_the_run_of_searches),
        cmocka_unit_test(a_thorough_search_does_not_reach_beyond_five_cells),
        cmocka_unit_test(a_thorough_search_finds_only_doors_in_view),
    };
    return RUN_TESTS(tests);
}

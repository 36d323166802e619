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

/* A room whose walls hold hidden doors in plain view of the player at (1, 1), placed by the
 * radius R of the rules loaded (search.thorough_radius): at 3 across, at exactly R across, at
 * R + 1 across and at R + 1 down. The thorough search finds the first two and neither of the
 * others, so only the radius decides, on each axis. */
enum { ROOM_MAX = 24 };
static char room_rows[ROOM_MAX][ROOM_MAX + 1];
static const char *room_map[ROOM_MAX + 1];

static const char *const *radius_room(int r)
{
    int side = r + 3; /* walls at 0 and r + 2 */
    assert_true(side <= ROOM_MAX);
    for (int y = 0; y < side; y++) {
        for (int x = 0; x < side; x++)
            room_rows[y][x] = x == 0 || y == 0 || x == side - 1 || y == side - 1 ? '#' : '.';
        room_rows[y][side] = '\0';
        room_map[y] = room_rows[y];
    }
    room_map[side] = NULL;
    room_rows[1][1] = '@';
    room_rows[0][4] = 'H';        /* 3 across */
    room_rows[0][1 + r] = 'H';    /* r across */
    room_rows[3][side - 1] = 'H'; /* r + 1 across */
    room_rows[side - 1][3] = 'H'; /* r + 1 down */
    return room_map;
}

static void a_thorough_search_reaches_its_radius_and_no_further(void **state)
{
    (void)state;
    int r = test_rules()->search_thorough_radius;
    Game *g = fixture_game(11, 1, radius_room(r));
    const Floor *f = game_floor(g);
    Entity *near = floor_entity_at(f, 4, 0, 0), *edge = floor_entity_at(f, 1 + r, 0, 0),
           *across = floor_entity_at(f, r + 2, 3, 0), *down = floor_entity_at(f, 3, r + 2, 0);
    Entity *doors[] = {near, edge, across, down};
    for (int i = 0; i < 4; i++) {
        assert_non_null(doors[i]);
        assert_true(game_cell_visible(g, doors[i]->x, doors[i]->y));
    }
    for (int i = 0; i < 5; i++)
        fixture_do(g, command_of(CMD_SEARCH));
    assert_int_equal(near->door, DOOR_CLOSED);   /* 3 across: found */
    assert_int_equal(edge->door, DOOR_CLOSED);   /* r across: found */
    assert_int_equal(across->door, DOOR_HIDDEN); /* r + 1 across: out of reach */
    assert_int_equal(down->door, DOOR_HIDDEN);   /* r + 1 down: out of reach */
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
        cmocka_unit_test(a_thorough_search_reaches_its_radius_and_no_further),
        cmocka_unit_test(a_thorough_search_finds_only_doors_in_view),
    };
    return RUN_TESTS(tests);
}

/* The question before going back to a floor already left (src/ui/stairs_ask.c). */
#include "test_support.h"

#include "game/travel.h"
#include "game_fixture.h"
#include "ui/stairs_ask.h"

/* Up the stairs from the fixture's floor: beside the stairs down, with the floor below left. */
static Game *upstairs(void)
{
    static const char *const rows[] = {"######", "#@<..#", "#....#", "######", NULL};
    Game *g = fixture_game(8, 1, rows);
    assert_true(fixture_do(g, command_travel_stairs(+1)));
    assert_int_equal(g->current, 1);
    return g;
}

static void going_back_asks_first_and_the_same_again_goes(void **state)
{
    (void)state;
    Game *g = upstairs();
    StairsAsk a = {0};
    char q[160];
    Command down = game_stairs_key(g, -1); /* what > sends beside them: a step onto them */
    assert_int_equal(down.type, CMD_MOVE);
    assert_false(stairs_confirmed(&a, g, &down, true, "Press > again", q, sizeof q));
    assert_string_equal(q, "Back down to floor #0, which you have left? Press > again.");
    assert_true(stairs_confirmed(&a, g, &down, true, "Press > again", q, sizeof q));
    assert_string_equal(q, "");
    assert_true(fixture_do(g, down));
    assert_int_equal(g->current, 0);
    fixture_free(g);
}

static void the_question_is_forgotten_after_anything_else(void **state)
{
    (void)state;
    Game *g = upstairs();
    StairsAsk a = {0};
    char q[160];
    Command down = command_travel_stairs(-1), wait = command_wait();
    assert_false(stairs_confirmed(&a, g, &down, true, "Press > again", q, sizeof q));
    assert_true(stairs_confirmed(&a, g, &wait, true, "x", q, sizeof q)); /* nothing to ask */
    assert_false(stairs_confirmed(&a, g, &down, true, "Press > again", q, sizeof q));
    assert_true(fixture_do(g, wait)); /* a command between: asked again */
    assert_false(stairs_confirmed(&a, g, &down, true, "Press > again", q, sizeof q));
    fixture_free(g);
}

static void no_question_with_the_option_off_or_a_new_floor(void **state)
{
    (void)state;
    Game *g = upstairs();
    StairsAsk a = {0};
    char q[160] = "old";
    Command down = command_travel_stairs(-1);
    assert_true(stairs_confirmed(&a, g, &down, false, "Press > again", q, sizeof q));
    assert_string_equal(q, "");
    fixture_free(g);
    static const char *const rows[] = {"######", "#@<..#", "######", NULL};
    g = fixture_game(8, 1, rows);
    Command up = command_move(1, 0);
    assert_true(stairs_confirmed(&a, g, &up, true, "Press l again", q, sizeof q));
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(going_back_asks_first_and_the_same_again_goes),
        cmocka_unit_test(the_question_is_forgotten_after_anything_else),
        cmocka_unit_test(no_question_with_the_option_off_or_a_new_floor),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

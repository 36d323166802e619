/* The close key on the play screen (docs/RULES.md R-DOOR-CLOSE-2): one open door in reach is
 * closed at once; with two the message line asks which, a direction answers and Escape
 * cancels with no turn. Keys go through the play screen's handler; no window is needed. */
#include "test_support.h"

#include "game_fixture.h"
#include "ui/close_ask.h"
#include "ui/screen.h"

static App app; /* large */

static void play_on(const char *const *rows)
{
    app = (App){0};
    app.new_score_rank = -1;
    app.screen = SCREEN_PLAY;
    keymap_default(&app.options.keys);
    Game *g = fixture_game(1, 1, rows);
    app.game = *g; /* the game's parts are on the heap: the struct moves as a whole */
    free(g);
}

static void press(SDL_Keycode k)
{
    SDL_KeyboardEvent ev = {.keysym.sym = k};
    app_screen(&app)->key(&app, &ev);
}

static DoorState door_at(int x, int y)
{
    return floor_entity_at(game_floor(&app.game), x, y, 0)->door;
}

static void one_door_closes_at_once(void **state)
{
    (void)state;
    static const char *const rows[] = {"#####", "#@'.#", "#####", NULL};
    play_on(rows);
    uint32_t turn = app.game.turn;
    press(SDLK_c);
    assert_false(app.close_asking);
    assert_int_equal(door_at(2, 1), DOOR_CLOSED);
    assert_int_equal(app.game.turn, turn + 1);
    game_free(&app.game);
}

static void two_doors_ask_and_a_direction_answers(void **state)
{
    (void)state;
    static const char *const rows[] = {"#######", "#.'@'.#", "#######", NULL};
    play_on(rows);
    uint32_t turn = app.game.turn;
    press(SDLK_c);
    assert_true(app.close_asking);
    assert_string_equal(app.toast, CLOSE_ASK_QUESTION);
    assert_string_equal(app.toast, "Close which door? (direction keys, Escape: cancel)");
    press(SDLK_ESCAPE); /* cancels: no turn, and not the title */
    assert_false(app.close_asking);
    assert_int_equal(app.screen, SCREEN_PLAY);
    assert_int_equal(app.game.turn, turn);
    assert_int_equal(door_at(2, 1), DOOR_OPEN);
    assert_int_equal(door_at(4, 1), DOOR_OPEN);
    press(SDLK_c);
    press(SDLK_l); /* east */
    assert_false(app.close_asking);
    assert_int_equal(door_at(4, 1), DOOR_CLOSED);
    assert_int_equal(door_at(2, 1), DOOR_OPEN);
    assert_int_equal(app.game.turn, turn + 1);
    press(SDLK_h); /* back west, out of reach of the other door... */
    press(SDLK_l); /* ...and east again: it is the only open one in reach now */
    press(SDLK_c);
    assert_int_equal(door_at(2, 1), DOOR_CLOSED);
    game_free(&app.game);
}

/* The pad answers the question with a direction too, and any other button cancels it. */
static void the_pad_answers_the_question(void **state)
{
    (void)state;
    static const char *const rows[] = {"#######", "#.'@'.#", "#######", NULL};
    play_on(rows);
    press(SDLK_c);
    close_ask_on_pad(&app, PAD_A);
    assert_false(app.close_asking);
    assert_int_equal(door_at(2, 1), DOOR_OPEN);
    press(SDLK_c);
    close_ask_on_pad(&app, PAD_LEFT);
    assert_int_equal(door_at(2, 1), DOOR_CLOSED);
    assert_int_equal(door_at(4, 1), DOOR_OPEN);
    game_free(&app.game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_door_closes_at_once),
        cmocka_unit_test(two_doors_ask_and_a_direction_answers),
        cmocka_unit_test(the_pad_answers_the_question),
    };
    return RUN_TESTS(tests);
}

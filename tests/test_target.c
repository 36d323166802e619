/* Aiming a throw on the play screen (docs/RULES.md R-THROW; ui/target.h): the throw key asks
 * for a letter in the pack, the cursor starts on the nearest mouse in reach, Tab and
 * Shift+Tab go round the mice nearest first, the line is cut where the throw comes down,
 * Escape sends nothing and Return sends CMD_THROW with the letter and the cursor's cell.
 * Keys, clicks and the pad go through the play screen's handlers; no window is needed. */
#include "test_support.h"

#include "core/factory.h"
#include "game_fixture.h"
#include "ui/describe.h"
#include "ui/screen.h"
#include "ui/target.h"

static App app; /* large */

/* Three mice in reach, at 2, 4 and 5 cells, none in the way of another. */
static const char *const ROOM[] = {
    "##########", "#....n...#", "#@....m..#", "#..m.....#", "#........#", "##########", NULL,
};

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

/* Gives the player an item of the fixture's kind `name`; its letter. */
static int give(const char *name, int count)
{
    Entity *e = factory_make(&app.game.factory, kind_find(app.game.factory.kinds, name), 0, 0, 0);
    assert_non_null(e);
    if (count)
        e->item.count = count;
    int letter = game_pack_add(&app.game, e);
    assert_true(letter >= 0);
    return letter;
}

static void press_mod(SDL_Keycode k, Uint16 mod)
{
    SDL_KeyboardEvent ev = {.keysym.sym = k, .keysym.mod = mod};
    app_screen(&app)->key(&app, &ev);
}

static void press(SDL_Keycode k)
{
    press_mod(k, KMOD_NONE);
}

static void cursor_is(int x, int y)
{
    assert_true(app.target.active);
    assert_int_equal(app.target.x, x);
    assert_int_equal(app.target.y, y);
}

/* t, then the letter in the pack: the cursor on the nearest mouse; Tab goes outwards and
 * round, Shift+Tab back. */
static void tab_goes_round_the_mice_nearest_first(void **state)
{
    (void)state;
    play_on(ROOM);
    int letter = give("Cheese", 0);
    press(SDLK_t);
    assert_int_equal(app.overlay, OVERLAY_PACK);
    assert_true(app.pack_throwing);
    assert_false(app.target.active);
    press((SDL_Keycode)(SDLK_a + letter));
    assert_int_equal(app.overlay, OVERLAY_NONE);
    cursor_is(3, 3); /* the Micro Mouse, 2 cells off */
    press(SDLK_TAB);
    cursor_is(5, 1); /* the Neo Mouse, 4 */
    press(SDLK_TAB);
    cursor_is(6, 2); /* the Micro Mouse, 5 */
    press(SDLK_TAB);
    cursor_is(3, 3); /* round */
    press_mod(SDLK_TAB, KMOD_LSHIFT);
    cursor_is(6, 2);
    press_mod(SDLK_TAB, KMOD_LSHIFT);
    cursor_is(5, 1);
    game_free(&app.game);
}

/* The line reaches the cursor within range; past the range, or through a wall, what is past
 * where it comes down is the red part. */
static void the_line_is_cut_where_the_throw_comes_down(void **state)
{
    (void)state;
    static const char *const rows[] = {"############", "#@.........#", "#....#.....#",
                                       "#....#.....#", "############", NULL};
    play_on(rows);
    give("Flash Bulb", 0);
    press(SDLK_t);
    press(SDLK_a);
    cursor_is(1, 1); /* no mouse: on her */
    ThrowLine line;
    for (int i = 0; i < 3; i++)
        press(SDLK_l);
    target_line(&app, &line);
    assert_int_equal(line.count, 3);
    assert_int_equal(line.land, 2); /* all of it */
    assert_true(line.reaches);
    for (int i = 0; i < 5; i++)
        press(SDLK_l);
    target_line(&app, &line); /* 8 cells east: the range is 6 */
    assert_int_equal(line.count, 8);
    assert_int_equal(line.land, THROW_RANGE - 1);
    assert_false(line.reaches);
    press(SDLK_j);
    press(SDLK_j); /* (9, 3), behind the wall at x = 5 */
    target_line(&app, &line);
    assert_true(line.land >= 0 && line.land < line.count - 1);
    assert_true(line.x[line.land] < 5);
    assert_false(line.reaches);
    game_free(&app.game);
}

static void press_held(SDL_Keycode k)
{
    SDL_KeyboardEvent ev = {.keysym.sym = k, .repeat = 1};
    app_screen(&app)->key(&app, &ev);
}

/* A held t opens the pack once: its repeats neither pick the highlighted item nor throw it. */
static void a_held_throw_key_throws_nothing(void **state)
{
    (void)state;
    play_on(ROOM);
    give("Cheese", 0);
    uint64_t commands = app.game.commands;
    press(SDLK_t);
    press_held(SDLK_t);
    press_held(SDLK_t);
    assert_int_equal(app.overlay, OVERLAY_PACK);
    assert_false(app.target.active);
    press(SDLK_t); /* pressed again: the highlighted item */
    assert_true(app.target.active);
    press_held(SDLK_t);
    press_held(SDLK_RETURN);
    assert_true(app.target.active);
    press_held(SDLK_l); /* the cursor runs on */
    cursor_is(4, 3);
    assert_int_equal(app.game.commands, commands);
    game_free(&app.game);
}

/* Escape leaves with nothing sent: no command, no turn, the item kept, still playing. */
static void escape_sends_nothing(void **state)
{
    (void)state;
    play_on(ROOM);
    int letter = give("Tranquilizer Darts", 3);
    uint64_t commands = app.game.commands;
    uint32_t turn = app.game.turn;
    press(SDLK_t);
    press((SDL_Keycode)(SDLK_a + letter));
    assert_true(app.target.active);
    press(SDLK_ESCAPE);
    assert_false(app.target.active);
    assert_int_equal(app.screen, SCREEN_PLAY); /* Escape is not the title here */
    assert_int_equal(app.game.commands, commands);
    assert_int_equal(app.game.turn, turn);
    assert_int_equal(game_pack_item(&app.game, letter)->item.count, 3);
    /* A right click cancels too. */
    press(SDLK_t);
    press((SDL_Keycode)(SDLK_a + letter));
    SDL_MouseButtonEvent click = {.button = SDL_BUTTON_RIGHT};
    app_screen(&app)->click(&app, &click);
    assert_false(app.target.active);
    assert_int_equal(app.game.commands, commands);
    game_free(&app.game);
}

/* Return throws the letter aimed at the cursor's cell: the Cheese lands where the cursor is,
 * and the awake mouse there goes to eat it there. */
static void return_throws_the_letter_at_the_cursor(void **state)
{
    (void)state;
    play_on(ROOM);
    give("Tranquilizer Darts", 3);
    int letter = give("Cheese", 0);
    Entity *m = floor_entity_at(game_floor(&app.game), 5, 1, EF_SOLID);
    m->mind.state = MIND_HUNTING;
    uint64_t commands = app.game.commands;
    uint32_t turn = app.game.turn;
    press(SDLK_t);
    press((SDL_Keycode)(SDLK_a + letter));
    press(SDLK_TAB); /* the Neo Mouse at (5, 1) */
    cursor_is(5, 1);
    press(SDLK_RETURN);
    assert_false(app.target.active);
    assert_int_equal(app.game.commands, commands + 1);
    assert_int_equal(app.game.turn, turn + 1);
    assert_null(game_pack_item(&app.game, letter)); /* this letter's, not the darts' */
    assert_int_equal(game_pack_item(&app.game, 0)->item.count, 3);
    assert_true(m->mind.fx.eating > 0);
    assert_int_equal(m->mind.target_x, 5);
    assert_int_equal(m->mind.target_y, 1);
    game_free(&app.game);
}

/* A Spring Trap: the cursor stays beside her, and Return (or t again) sets it there. */
static void a_trap_is_placed_beside_her(void **state)
{
    (void)state;
    static const char *const rows[] = {"######", "#....#", "#.@..#", "#....#", "######", NULL};
    play_on(rows);
    int letter = give("Spring Trap", 0);
    press(SDLK_t);
    press((SDL_Keycode)(SDLK_a + letter));
    cursor_is(3, 2); /* no mouse: east of her */
    press(SDLK_l);
    cursor_is(3, 2); /* not two cells off */
    press(SDLK_k);
    cursor_is(3, 1);
    press(SDLK_t);
    assert_false(app.target.active);
    assert_null(game_pack_item(&app.game, letter));
    const Entity *trap = floor_entity_at(game_floor(&app.game), 3, 1, EF_SET);
    assert_non_null(trap);
    char name[96];
    describe_name(&app.game, trap, name, sizeof name);
    assert_string_equal(name, "Spring Trap (set)");
    game_free(&app.game);
}

/* Using a thrown tool from the pack aims it; a Repeller (used where she stands) is used. */
static void using_a_thrown_tool_aims_it(void **state)
{
    (void)state;
    play_on(ROOM);
    int cheese = give("Cheese", 0), repeller = give("Ultrasonic Repeller", 3);
    assert_true(target_on_use(&app.game, cheese));
    assert_false(target_on_use(&app.game, repeller));
    press(SDLK_i);
    press((SDL_Keycode)(SDLK_a + cheese));
    assert_true(app.target.active);
    assert_int_equal(app.target.letter, cheese);
    press(SDLK_ESCAPE);
    char name[96];
    describe_name(&app.game, game_pack_item(&app.game, repeller), name, sizeof name);
    assert_string_equal(name, "Ultrasonic Repeller (3 charges)");
    game_free(&app.game);
}

/* A locker's items say they are caged, then that their cage is shut; a mouse says what a tool
 * did to it after its mood. */
static void names_say_caged_and_the_state_of_a_mouse(void **state)
{
    (void)state;
    play_on(ROOM);
    Entity *darts = factory_make(&app.game.factory,
                                 kind_find(app.game.factory.kinds, "Tranquilizer Darts"), 0, 0, 0);
    assert_non_null(darts);
    darts->item.count = 4;
    darts->flags |= EF_CAGED;
    char name[96];
    describe_name(&app.game, darts, name, sizeof name);
    assert_string_equal(name, "Tranquilizer Darts (caged, 4)");
    darts->flags |= EF_CAGE_SHUT;
    darts->item.count = 0;
    describe_name(&app.game, darts, name, sizeof name);
    assert_string_equal(name, "Tranquilizer Darts (cage shut)");
    free(darts);
    Entity *m = floor_entity_at(game_floor(&app.game), 5, 1, EF_SOLID);
    m->mind.state = MIND_HUNTING;
    m->mind.fx.dazed = 3;
    describe_mouse_state(&app.game, m, name, sizeof name);
    assert_string_equal(name, "hunting, dazed");
    CellText ct;
    assert_true(describe_cell(&app.game, 5, 1, &ct));
    assert_non_null(strstr(ct.status, "hunting, dazed"));
    game_free(&app.game);
}

/* The pad: the shoulders go round the mice, B cancels, A throws. */
static void the_pad_aims_and_throws(void **state)
{
    (void)state;
    play_on(ROOM);
    int letter = give("Tranquilizer Darts", 3);
    press(SDLK_t);
    press((SDL_Keycode)(SDLK_a + letter));
    target_on_pad(&app, PAD_RB);
    cursor_is(5, 1);
    target_on_pad(&app, PAD_LB);
    cursor_is(3, 3);
    target_on_pad(&app, PAD_B);
    assert_false(app.target.active);
    press(SDLK_t);
    press((SDL_Keycode)(SDLK_a + letter));
    uint64_t commands = app.game.commands;
    target_on_pad(&app, PAD_A);
    assert_int_equal(app.game.commands, commands + 1);
    assert_int_equal(game_pack_item(&app.game, letter)->item.count, 2);
    char name[96];
    describe_name(&app.game, game_pack_item(&app.game, letter), name, sizeof name);
    assert_string_equal(name, "Tranquilizer Darts (2)");
    game_free(&app.game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tab_goes_round_the_mice_nearest_first),
        cmocka_unit_test(the_line_is_cut_where_the_throw_comes_down),
        cmocka_unit_test(escape_sends_nothing),
        cmocka_unit_test(a_held_throw_key_throws_nothing),
        cmocka_unit_test(return_throws_the_letter_at_the_cursor),
        cmocka_unit_test(a_trap_is_placed_beside_her),
        cmocka_unit_test(using_a_thrown_tool_aims_it),
        cmocka_unit_test(the_pad_aims_and_throws),
        cmocka_unit_test(names_say_caged_and_the_state_of_a_mouse),
    };
    return RUN_TESTS(tests);
}

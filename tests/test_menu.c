/* Menus and what moves through them: keys (through the keymap, so a rebound player moves
 * through menus with their own keys), pad directions and the mouse. */
#include "test_support.h"

#include "ui/gamepad.h"
#include "ui/menu.h"

static void selection_skips_disabled_rows_and_wraps(void **state)
{
    (void)state;
    Menu m;
    menu_clear(&m);
    menu_add(&m, "Continue", false);
    menu_add(&m, "New game", true);
    menu_add(&m, "Highscores", true);
    menu_add(&m, "Quit", true);
    assert_int_equal(m.selected, 1); /* the first enabled row */
    menu_move(&m, -1);               /* over the disabled Continue, round to the end */
    assert_int_equal(m.selected, 3);
    menu_move(&m, 1);
    assert_int_equal(m.selected, 1);
    menu_move(&m, 2);
    assert_int_equal(m.selected, 3);
}

static void a_menu_of_disabled_rows_selects_nothing(void **state)
{
    (void)state;
    Menu m;
    menu_clear(&m);
    menu_add(&m, "a", false);
    menu_add(&m, "b", false);
    assert_int_equal(m.selected, -1);
    menu_move(&m, 1);
    assert_int_equal(m.selected, -1);
}

static void the_pointer_finds_the_row_drawn_under_it(void **state)
{
    (void)state;
    Menu m;
    menu_clear(&m);
    menu_add(&m, "a", true);
    menu_add(&m, "b", true);
    m.rows[0] = (SDL_Rect){10, 20, 100, 12};
    m.rows[1] = (SDL_Rect){10, 32, 100, 12};
    assert_int_equal(menu_row_at(&m, 10, 20), 0);
    assert_int_equal(menu_row_at(&m, 109, 31), 0);
    assert_int_equal(menu_row_at(&m, 50, 32), 1);
    assert_int_equal(menu_row_at(&m, 110, 25), -1);
    assert_int_equal(menu_row_at(&m, 50, 44), -1);
}

static void keys_navigate_by_the_players_bindings(void **state)
{
    (void)state;
    Keymap keys;
    keymap_default(&keys);
    assert_int_equal(nav_of_key(&keys, SDLK_UP), NAV_UP);
    assert_int_equal(nav_of_key(&keys, SDLK_j), NAV_DOWN); /* vi-keys move south */
    assert_int_equal(nav_of_key(&keys, SDLK_RETURN), NAV_OK);
    assert_int_equal(nav_of_key(&keys, SDLK_ESCAPE), NAV_BACK);
    assert_int_equal(nav_of_key(&keys, SDLK_DELETE), NAV_ALT);
    assert_int_equal(nav_of_key(&keys, SDLK_w), NAV_NONE);
    keymap_preset_wasd(&keys);
    assert_int_equal(nav_of_key(&keys, SDLK_w), NAV_UP);
    assert_int_equal(nav_of_key(&keys, SDLK_s), NAV_DOWN);
    assert_int_equal(nav_of_key(&keys, SDLK_a), NAV_LEFT);
    assert_int_equal(nav_of_key(&keys, SDLK_j), NAV_NONE);    /* no vi-keys in WASD */
    assert_int_equal(nav_of_key(&keys, SDLK_DOWN), NAV_DOWN); /* arrows always work */
}

static void the_dpad_gives_eight_directions(void **state)
{
    (void)state;
    assert_int_equal(gamepad_direction(true, false, false, false, 0, 0), PAD_UP);
    assert_int_equal(gamepad_direction(true, false, true, false, 0, 0), PAD_UP_LEFT);
    assert_int_equal(gamepad_direction(false, true, false, true, 0, 0), PAD_DOWN_RIGHT);
    assert_int_equal(gamepad_direction(true, true, false, false, 0, 0), PAD_NONE);
    assert_int_equal(gamepad_direction(false, false, false, false, 0, 0), PAD_NONE);
}

static void the_stick_has_a_deadzone_and_eight_sectors(void **state)
{
    (void)state;
    assert_int_equal(gamepad_direction(false, false, false, false, 9000, 9000), PAD_NONE);
    assert_int_equal(gamepad_direction(false, false, false, false, 30000, 0), PAD_RIGHT);
    assert_int_equal(gamepad_direction(false, false, false, false, -30000, 0), PAD_LEFT);
    assert_int_equal(gamepad_direction(false, false, false, false, 0, -30000), PAD_UP);
    assert_int_equal(gamepad_direction(false, false, false, false, 0, 30000), PAD_DOWN);
    assert_int_equal(gamepad_direction(false, false, false, false, 21000, 21000), PAD_DOWN_RIGHT);
    assert_int_equal(gamepad_direction(false, false, false, false, -21000, -21000), PAD_UP_LEFT);
    /* 20 degrees below east is still east; 34 degrees above it is nearer north-east. */
    assert_int_equal(gamepad_direction(false, false, false, false, 28000, 10000), PAD_RIGHT);
    assert_int_equal(gamepad_direction(false, false, false, false, 24000, -16000), PAD_UP_RIGHT);
    /* the D-pad wins over the stick */
    assert_int_equal(gamepad_direction(false, false, true, false, 30000, 0), PAD_LEFT);
}

static void directions_step_one_cell(void **state)
{
    (void)state;
    int dx, dy;
    assert_true(gamepad_step(PAD_UP_RIGHT, &dx, &dy));
    assert_int_equal(dx, 1);
    assert_int_equal(dy, -1);
    assert_true(gamepad_step(PAD_LEFT, &dx, &dy));
    assert_int_equal(dx, -1);
    assert_int_equal(dy, 0);
    assert_false(gamepad_step(PAD_A, &dx, &dy));
}

/* A controller made by SDL itself (a virtual joystick): its presses come back through the
 * real event queue as the pad buttons the screens read, and a held direction repeats. */
static GamepadButton next_press(Gamepad *pad, Uint32 now)
{
    SDL_Event ev;
    GamepadButton got = PAD_NONE;
    SDL_GameControllerUpdate();
    while (SDL_PollEvent(&ev)) {
        GamepadButton b = gamepad_event(pad, &ev, now); /* every event, as the app does */
        if (got == PAD_NONE)
            got = b;
    }
    return got;
}

static void a_controller_s_buttons_reach_the_game(void **state)
{
    (void)state;
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
    assert_int_equal(SDL_Init(SDL_INIT_EVENTS), 0);
    assert_int_equal(SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER), 0);
    int index = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX,
                                          SDL_CONTROLLER_BUTTON_MAX, 0);
    assert_true(index >= 0);
    Gamepad pad;
    gamepad_init(&pad, NULL);
    assert_non_null(pad.controller);
    SDL_Joystick *stick = SDL_GameControllerGetJoystick(pad.controller);
    next_press(&pad, 0); /* the device-added events */

    SDL_JoystickSetVirtualButton(stick, SDL_CONTROLLER_BUTTON_A, 1);
    assert_int_equal(next_press(&pad, 0), PAD_A);
    SDL_JoystickSetVirtualButton(stick, SDL_CONTROLLER_BUTTON_A, 0);
    assert_int_equal(next_press(&pad, 0), PAD_NONE); /* a release is no press */

    SDL_JoystickSetVirtualButton(stick, SDL_CONTROLLER_BUTTON_DPAD_UP, 1);
    assert_int_equal(next_press(&pad, 1000), PAD_UP);
    SDL_JoystickSetVirtualButton(stick, SDL_CONTROLLER_BUTTON_DPAD_LEFT, 1);
    assert_int_equal(next_press(&pad, 1010), PAD_UP_LEFT);
    assert_int_equal(gamepad_repeat(&pad, 1020), PAD_NONE);    /* not yet */
    assert_int_equal(gamepad_repeat(&pad, 1500), PAD_UP_LEFT); /* held: it repeats */
    SDL_JoystickSetVirtualButton(stick, SDL_CONTROLLER_BUTTON_DPAD_UP, 0);
    SDL_JoystickSetVirtualButton(stick, SDL_CONTROLLER_BUTTON_DPAD_LEFT, 0);
    next_press(&pad, 1600);
    assert_int_equal(gamepad_repeat(&pad, 5000), PAD_NONE); /* let go: it stops */

    SDL_JoystickSetVirtualAxis(stick, SDL_CONTROLLER_AXIS_LEFTX, 32000);
    assert_int_equal(next_press(&pad, 6000), PAD_RIGHT);
    SDL_JoystickSetVirtualAxis(stick, SDL_CONTROLLER_AXIS_LEFTY, -32000);
    assert_int_equal(next_press(&pad, 6100), PAD_UP_RIGHT);
    SDL_JoystickSetVirtualAxis(stick, SDL_CONTROLLER_AXIS_LEFTX, 0);
    SDL_JoystickSetVirtualAxis(stick, SDL_CONTROLLER_AXIS_LEFTY, 0);
    next_press(&pad, 6200);

    static const struct {
        SDL_GameControllerButton button;
        GamepadButton press;
    } buttons[] = {
        {SDL_CONTROLLER_BUTTON_B, PAD_B},
        {SDL_CONTROLLER_BUTTON_X, PAD_X},
        {SDL_CONTROLLER_BUTTON_Y, PAD_Y},
        {SDL_CONTROLLER_BUTTON_LEFTSHOULDER, PAD_LB},
        {SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, PAD_RB},
        {SDL_CONTROLLER_BUTTON_BACK, PAD_BACK},
        {SDL_CONTROLLER_BUTTON_START, PAD_START},
        {SDL_CONTROLLER_BUTTON_LEFTSTICK, PAD_STICK},
        {SDL_CONTROLLER_BUTTON_RIGHTSTICK, PAD_RSTICK},
        {SDL_CONTROLLER_BUTTON_GUIDE, PAD_NONE}, /* the system's own */
    };
    for (size_t i = 0; i < sizeof buttons / sizeof *buttons; i++) {
        SDL_JoystickSetVirtualButton(stick, buttons[i].button, 1);
        assert_int_equal(next_press(&pad, 7000), buttons[i].press);
        SDL_JoystickSetVirtualButton(stick, buttons[i].button, 0);
        assert_int_equal(next_press(&pad, 7000), PAD_NONE);
    }

    /* A trigger presses once when pulled past half way, not again while it stays there. (A
     * virtual stick's axis runs from -32768 to 32767; SDL makes the trigger 0..32767 of it.) */
    static const struct {
        SDL_GameControllerAxis axis;
        GamepadButton press;
    } triggers[] = {{SDL_CONTROLLER_AXIS_TRIGGERLEFT, PAD_LT},
                    {SDL_CONTROLLER_AXIS_TRIGGERRIGHT, PAD_RT}};
    static const struct {
        Sint16 raw;
        bool press;
    } pulls[] = {{-32768, false}, {-10000, false}, {20000, true},  {32767, false},
                 {-32768, false}, {20000, true},   {-32768, false}};
    for (size_t i = 0; i < sizeof triggers / sizeof *triggers; i++)
        for (size_t j = 0; j < sizeof pulls / sizeof *pulls; j++) {
            SDL_JoystickSetVirtualAxis(stick, triggers[i].axis, pulls[j].raw);
            assert_int_equal(next_press(&pad, 8000), pulls[j].press ? triggers[i].press : PAD_NONE);
        }
    assert_int_equal(gamepad_repeat(&pad, 9000), PAD_NONE); /* no direction held */

    /* Unplugged: the pad lets it go (and finds no other). */
    SDL_JoystickDetachVirtual(index);
    next_press(&pad, 10000);
    assert_null(pad.controller);
    assert_int_equal(pad.id, -1);
    gamepad_quit(&pad);
    SDL_Quit();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(selection_skips_disabled_rows_and_wraps),
        cmocka_unit_test(a_menu_of_disabled_rows_selects_nothing),
        cmocka_unit_test(the_pointer_finds_the_row_drawn_under_it),
        cmocka_unit_test(keys_navigate_by_the_players_bindings),
        cmocka_unit_test(the_dpad_gives_eight_directions),
        cmocka_unit_test(the_stick_has_a_deadzone_and_eight_sectors),
        cmocka_unit_test(directions_step_one_cell),
        cmocka_unit_test(a_controller_s_buttons_reach_the_game),
    };
    return RUN_TESTS(tests);
}

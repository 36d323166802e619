/* The screens' table of handlers (src/ui/screen.h): every screen has its handlers, events
 * reach the screen showing, and what a few screens do with keys that need no window. */
#include "test_support.h"

#include "ui/screen.h"

static App app; /* large; the handlers tested here touch no window */

static void reset(Screen screen)
{
    app = (App){0};
    app.new_score_rank = -1;
    app.screen = screen;
}

static SDL_KeyboardEvent key(SDL_Keycode k)
{
    return (SDL_KeyboardEvent){.keysym.sym = k};
}

static void every_screen_has_its_handlers(void **state)
{
    (void)state;
    for (int s = 0; s < SCREEN_COUNT; s++) {
        reset((Screen)s);
        const ScreenHandlers *h = app_screen(&app);
        assert_non_null(h);
        assert_non_null(h->draw);
        if (h->own_keys)
            assert_non_null(h->key); /* it reads every key */
        else
            assert_non_null(h->nav); /* keys, and the pad without a handler, come as Navs */
    }
}

static void entering_a_screen_runs_its_own_enter(void **state)
{
    (void)state;
    reset(SCREEN_TITLE);
    app.new_score_rank = 2;
    app.title_help = true;
    app_set_screen(&app, SCREEN_HIGHSCORES); /* the new game's row chosen */
    assert_int_equal(app.screen, SCREEN_HIGHSCORES);
    assert_int_equal(app.score_selected, 2);
    assert_false(app.title_help);
    assert_true(app.dirty);
    reset(SCREEN_TITLE);
    app.score_selected = 5;
    app_set_screen(&app, SCREEN_SUMMARY); /* the summary leaves the highscores' row alone */
    assert_int_equal(app.score_selected, 5);
}

static void the_highscores_arrows_move_round_the_rows(void **state)
{
    (void)state;
    reset(SCREEN_HIGHSCORES);
    app.scores.count = 3;
    SDL_KeyboardEvent up = key(SDLK_UP), down = key(SDLK_DOWN);
    assert_true(app_screen(&app)->key(&app, &up));
    assert_int_equal(app.score_selected, 2);
    assert_true(app_screen(&app)->key(&app, &down));
    assert_int_equal(app.score_selected, 0);
    SDL_KeyboardEvent other = key(SDLK_h);
    assert_false(app_screen(&app)->key(&app, &other)); /* left to the menu keys */
}

/* Return goes on from the summary; the keys a game is played with are used up, so a player
 * still pressing them reads what ended the run; a modifier alone is left to the menu. */
static void the_summary_goes_on_with_return_only(void **state)
{
    (void)state;
    reset(SCREEN_SUMMARY);
    SDL_KeyboardEvent walk = key(SDLK_h), shift = key(SDLK_LSHIFT), ret = key(SDLK_RETURN);
    assert_true(app_screen(&app)->key(&app, &walk));
    assert_int_equal(app.screen, SCREEN_SUMMARY);
    assert_false(app_screen(&app)->key(&app, &shift));
    assert_true(app_screen(&app)->key(&app, &ret));
    assert_int_equal(app.screen, SCREEN_HIGHSCORES);
}

/* A key still held from the fight does not skip the death screen. */
static void the_death_screen_waits_out_held_keys(void **state)
{
    (void)state;
    reset(SCREEN_TITLE);
    app_set_screen(&app, SCREEN_DEATH);
    SDL_KeyboardEvent ret = key(SDLK_RETURN);
    assert_true(app_screen(&app)->key(&app, &ret));
    assert_int_equal(app.screen, SCREEN_DEATH);
    assert_true(app_screen(&app)->busy(&app)); /* the loop keeps ticking for the fade */
    app.fade_start = SDL_GetTicks() - APP_END_GUARD_MS - 1;
    assert_true(app_screen(&app)->key(&app, &ret));
    assert_int_equal(app.screen, SCREEN_SUMMARY);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_screen_has_its_handlers),
        cmocka_unit_test(entering_a_screen_runs_its_own_enter),
        cmocka_unit_test(the_highscores_arrows_move_round_the_rows),
        cmocka_unit_test(the_summary_goes_on_with_return_only),
        cmocka_unit_test(the_death_screen_waits_out_held_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Options and key bindings (src/ui/options.c, src/ui/input.c): names of actions and keys, the
 * classic and WASD presets, rebinding (one key, one action; quit keeps a key), and the file:
 * a round trip with keys that print nothing, and damaged files giving the defaults and a
 * message naming the field, its values quoted without control characters or broken UTF-8. No
 * window: SDL's key names work without SDL_Init. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "test_dir.h"
#include "test_support.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/userfile.h"
#include "ui/options.h"

typedef TestDir Dir;

static int make_dir(void **state)
{
    return test_dir_setup(state, "mk_options", "options.json");
}

static int remove_dir(void **state)
{
    return test_dir_teardown(state);
}

static char *slurp(const char *path)
{
    size_t len;
    char err[512];
    char *text = userfile_read(path, 1 << 20, &len, NULL, err, sizeof err);
    if (!text)
        fail_msg("%s", err);
    return text;
}

static void put(const char *path, const char *text)
{
    char err[512];
    if (!userfile_write(path, text, strlen(text), err, sizeof err))
        fail_msg("%s", err);
}

/* The action's keys by name, comma-separated: "Up,k,Keypad 8". */
static const char *keys_of(const Keymap *map, Action action)
{
    static char out[200];
    SDL_Keycode k[KEYMAP_KEYS_PER_ACTION];
    int n = keymap_keys(map, action, k);
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", i ? "," : "", key_name(k[i]));
    return out;
}

static void assert_default_options(const Options *o)
{
    Options d;
    options_default(&d);
    assert_int_equal(o->sound_volume, d.sound_volume);
    assert_int_equal(o->music_volume, d.music_volume);
    assert_int_equal(o->fullscreen, d.fullscreen);
    assert_int_equal(o->high_contrast, d.high_contrast);
    assert_int_equal(o->confirm, d.confirm);
    assert_true(keymap_equal(&o->keys, &d.keys));
}

/* ---- names ---- */

static void every_action_has_a_stable_name_that_leads_back(void **state)
{
    (void)state;
    assert_string_equal(action_name(ACTION_MOVE_N), "move_north");
    assert_string_equal(action_name(ACTION_MOVE_SE), "move_south_east");
    assert_string_equal(action_name(ACTION_SEARCH), "search");
    assert_string_equal(action_name(ACTION_QUIT), "quit");
    assert_null(action_name(ACTION_NONE));
    assert_null(action_name(ACTION_COUNT));
    for (int a = ACTION_NONE + 1; a < ACTION_COUNT; a++) {
        assert_non_null(action_name((Action)a));
        assert_int_equal(action_from_name(action_name((Action)a)), a);
        assert_true(action_label((Action)a)[0] != '\0');
    }
    assert_int_equal(action_from_name("fly"), ACTION_NONE);
    assert_int_equal(action_from_name(""), ACTION_NONE);
    assert_int_equal(action_from_name(NULL), ACTION_NONE);
}

static void keys_that_print_nothing_have_readable_names(void **state)
{
    (void)state;
    static const struct {
        SDL_Keycode key;
        const char *name;
    } keys[] = {
        {SDLK_F5, "F5"},         {SDLK_TAB, "Tab"},       {SDLK_KP_7, "Keypad 7"},
        {SDLK_ESCAPE, "Escape"}, {SDLK_RETURN, "Return"}, {SDLK_SPACE, "Space"},
        {SDLK_UP, "Up"},         {SDLK_k, "k"},           {SDLK_PERIOD, "."},
        {SDLK_GREATER, ">"},     {SDLK_F12, "F12"},       {SDLK_KP_ENTER, "Keypad Enter"},
    };
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        assert_string_equal(key_name(keys[i].key), keys[i].name);
        assert_int_equal(key_from_name(keys[i].name), keys[i].key);
        assert_true(key_is_bindable(keys[i].key));
    }
    assert_int_equal(key_from_name("keypad 7"), SDLK_KP_7); /* hand-edited files */
    assert_int_equal(key_from_name("No Such Key"), SDLK_UNKNOWN);
    assert_int_equal(key_from_name(""), SDLK_UNKNOWN);
    assert_string_equal(key_name(SDLK_UNKNOWN), "");
    assert_false(key_is_bindable(SDLK_UNKNOWN));
}

/* Keys are shown as typed: a letter lower case, Shift and a letter its capital, symbols as
 * they are; each name reads back to its key. */
static void letters_and_shifted_letters_are_shown_as_typed(void **state)
{
    (void)state;
    for (SDL_Keycode k = SDLK_a; k <= SDLK_z; k++) {
        char want[2] = {(char)k, '\0'}, capital[2] = {(char)(k - 'a' + 'A'), '\0'};
        assert_string_equal(key_name(k), want);
        assert_int_equal(key_from_name(want), k);
        assert_true(key_is_bindable(k));
        assert_string_equal(key_name(KEY_SHIFTED(k)), capital);
        assert_int_equal(key_from_name(capital), KEY_SHIFTED(k));
        assert_true(key_is_bindable(KEY_SHIFTED(k)));
        assert_int_equal(key_unshifted(KEY_SHIFTED(k)), k);
        assert_int_not_equal(KEY_SHIFTED(k), k);
    }
    assert_string_equal(key_name(SDLK_s), "s");
    assert_string_equal(key_name(SDLK_GREATER), ">");
    assert_string_equal(key_name(SDLK_LESS), "<");
    assert_string_equal(key_name(SDLK_QUESTION), "?");
}

/* A key press means Shift+letter, or the symbol Shift makes of '.' ',' '/' on the US layout,
 * or on a layout with its own '<' key; without Shift it is the key. */
static void shift_makes_keys_of_its_own(void **state)
{
    (void)state;
    assert_int_equal(key_of_event(SDLK_s, KMOD_NONE), SDLK_s);
    assert_int_equal(key_of_event(SDLK_s, KMOD_LSHIFT), KEY_SHIFTED(SDLK_s));
    assert_int_equal(key_of_event(SDLK_z, KMOD_RSHIFT), KEY_SHIFTED(SDLK_z));
    assert_int_equal(key_of_event(SDLK_PERIOD, KMOD_LSHIFT), SDLK_GREATER);
    assert_int_equal(key_of_event(SDLK_COMMA, KMOD_LSHIFT), SDLK_LESS);
    assert_int_equal(key_of_event(SDLK_SLASH, KMOD_LSHIFT), SDLK_QUESTION);
    assert_int_equal(key_of_event(SDLK_LESS, KMOD_NONE), SDLK_LESS);
    assert_int_equal(key_of_event(SDLK_LESS, KMOD_LSHIFT), SDLK_GREATER);
    assert_int_equal(key_of_event(SDLK_PERIOD, KMOD_NONE), SDLK_PERIOD);
    assert_int_equal(key_of_event(SDLK_UP, KMOD_LSHIFT), SDLK_UP);
    Keymap map;
    keymap_default(&map);
    assert_int_equal(keymap_action(&map, key_of_event(SDLK_s, KMOD_NONE)), ACTION_SEARCH);
    assert_int_equal(keymap_action(&map, key_of_event(SDLK_s, KMOD_LSHIFT)), ACTION_SEARCH_LONG);
    assert_int_equal(keymap_action(&map, key_of_event(SDLK_z, KMOD_LSHIFT)), ACTION_REST);
    assert_int_equal(keymap_action(&map, key_of_event(SDLK_COMMA, KMOD_LSHIFT)), ACTION_TRAVEL_UP);
    assert_int_equal(keymap_action(&map, key_of_event(SDLK_PERIOD, KMOD_LSHIFT)),
                     ACTION_TRAVEL_DOWN);
}

/* Version 1 files wrote SDL's capitals for plain letters ("W" was w) and had '>' walk to the
 * stairs up: they load as the letters and, when the stairs keys were those old defaults, with
 * '<' up and '>' down as the map draws them. A file written now keeps "S" as Shift+s. */
static void version_1_files_load_as_they_were_meant(void **state)
{
    (void)state;
    const char *old = "{\"version\":1,\"keys\":{\"search\":[\"R\"],\"move_north\":[\"W\",\"Up\"],"
                      "\"travel_up\":[\">\"],\"travel_down\":[\"<\"],\"quit\":[\"Escape\"]}}";
    Options o, back;
    char err[512] = "";
    if (!options_parse(&o, old, strlen(old), err, sizeof err))
        fail_msg("%s", err);
    assert_string_equal(keys_of(&o.keys, ACTION_SEARCH), "r");
    assert_string_equal(keys_of(&o.keys, ACTION_MOVE_N), "w,Up");
    assert_string_equal(keys_of(&o.keys, ACTION_TRAVEL_UP), "<");
    assert_string_equal(keys_of(&o.keys, ACTION_TRAVEL_DOWN), ">");
    assert_string_equal(keys_of(&o.keys, ACTION_SEARCH_LONG), "S"); /* new: its default */
    const char *chosen = "{\"version\":1,\"keys\":{\"travel_up\":[\"u\"],\"travel_down\":[\"<\"],"
                         "\"move_north_east\":[\"Keypad 9\"],\"quit\":[\"Escape\"]}}";
    if (!options_parse(&o, chosen, strlen(chosen), err, sizeof err))
        fail_msg("%s", err);
    assert_string_equal(keys_of(&o.keys, ACTION_TRAVEL_UP), "u"); /* the player's own */
    assert_string_equal(keys_of(&o.keys, ACTION_TRAVEL_DOWN), "<");
    const char *now = "{\"version\":2,\"keys\":{\"search\":[\"R\"],\"move_north\":[\"w\"],"
                      "\"quit\":[\"Escape\"]}}";
    if (!options_parse(&o, now, strlen(now), err, sizeof err))
        fail_msg("%s", err);
    assert_string_equal(keys_of(&o.keys, ACTION_SEARCH), "R");
    char *text = options_to_json(&o);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"R\"")); /* read back as Shift+r, not r: version 2 */
    if (!options_parse(&back, text, strlen(text), err, sizeof err))
        fail_msg("%s", err);
    assert_true(keymap_equal(&o.keys, &back.keys));
    free(text);
}

static void pad_buttons_have_names_for_players(void **state)
{
    (void)state;
    static const struct {
        GamepadButton button;
        const char *label;
    } pads[] = {
        {PAD_A, "Pad A"},
        {PAD_B, "Pad B"},
        {PAD_X, "Pad X"},
        {PAD_Y, "Pad Y"},
        {PAD_LB, "Pad LB"},
        {PAD_RB, "Pad RB"},
        {PAD_BACK, "Pad Back"},
        {PAD_START, "Pad Start"},
        {PAD_STICK, "Pad left stick click"},
        {PAD_RSTICK, "Pad right stick click"},
        {PAD_LT, "Pad LT"},
        {PAD_RT, "Pad RT"},
        {PAD_UP, "Pad Up"},
        {PAD_DOWN_LEFT, "Pad Down-Left"},
    };
    for (size_t i = 0; i < sizeof pads / sizeof *pads; i++)
        assert_string_equal(gamepad_button_label(pads[i].button), pads[i].label);
    for (int b = PAD_NONE + 1; b <= PAD_RT; b++)
        assert_true(strncmp(gamepad_button_label((GamepadButton)b), "Pad ", 4) == 0);
    assert_string_equal(gamepad_button_label(PAD_NONE), "");
    assert_string_equal(gamepad_button_label((GamepadButton)99), "");
}

/* ---- presets ---- */

static void the_classic_keys_are_the_readmes(void **state)
{
    (void)state;
    static const char *const want[ACTION_COUNT] = {
        [ACTION_MOVE_N] = "Up,k,Keypad 8",
        [ACTION_MOVE_S] = "Down,j,Keypad 2",
        [ACTION_MOVE_W] = "Left,h,Keypad 4",
        [ACTION_MOVE_E] = "Right,l,Keypad 6",
        [ACTION_MOVE_NW] = "y,Keypad 7",
        [ACTION_MOVE_NE] = "u,Keypad 9",
        [ACTION_MOVE_SW] = "b,Keypad 1",
        [ACTION_MOVE_SE] = "n,Keypad 3",
        [ACTION_WAIT] = "Keypad 5,.",
        [ACTION_SEARCH] = "s",
        [ACTION_EXPLORE] = "x",
        [ACTION_TRAVEL_UP] = "<",
        [ACTION_TRAVEL_DOWN] = ">",
        [ACTION_INVENTORY] = "Tab,i",
        [ACTION_SEARCH_LONG] = "S",
        [ACTION_REST] = "Z",
        [ACTION_CLOSE_DOOR] = "c",
        [ACTION_THROW] = "t",
        [ACTION_HELP] = "?,F1",
        [ACTION_LOG] = "m",
        [ACTION_SCREENSHOT] = "F12",
        [ACTION_FULLSCREEN] = "F11",
        [ACTION_QUIT] = "Escape",
        [ACTION_ZOOM] = "v",
        [ACTION_LOOK] = ";",
    };
    Keymap map;
    keymap_default(&map);
    for (int a = ACTION_NONE + 1; a < ACTION_COUNT; a++)
        assert_string_equal(keys_of(&map, (Action)a), want[a]);
    assert_int_equal(keymap_preset_of(&map), KEYMAP_PRESET_CLASSIC);
}

static void wasd_moves_with_s_and_searches_with_r(void **state)
{
    (void)state;
    Keymap map;
    keymap_preset_wasd(&map);
    static const struct {
        SDL_Keycode key;
        Action action;
    } want[] = {
        {SDLK_w, ACTION_MOVE_N},
        {SDLK_a, ACTION_MOVE_W},
        {SDLK_s, ACTION_MOVE_S},
        {SDLK_d, ACTION_MOVE_E},
        {SDLK_q, ACTION_MOVE_NW},
        {SDLK_e, ACTION_MOVE_NE},
        {SDLK_z, ACTION_MOVE_SW},
        {SDLK_c, ACTION_MOVE_SE},
        {SDLK_UP, ACTION_MOVE_N},
        {SDLK_DOWN, ACTION_MOVE_S},
        {SDLK_KP_2, ACTION_MOVE_S},
        {SDLK_KP_7, ACTION_MOVE_NW},
        {SDLK_r, ACTION_SEARCH},
        {SDLK_x, ACTION_EXPLORE},
        {SDLK_TAB, ACTION_INVENTORY},
        {KEY_SHIFTED('r'), ACTION_SEARCH_LONG},
        {KEY_SHIFTED('z'), ACTION_REST},
        {SDLK_ESCAPE, ACTION_QUIT},
        {SDLK_KP_5, ACTION_WAIT},
        {SDLK_F1, ACTION_HELP},
        {KEY_SHIFTED('c'), ACTION_CLOSE_DOOR},
        {SDLK_t, ACTION_THROW},
        {SDLK_k, ACTION_NONE}, /* no vi-keys */
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        assert_int_equal(keymap_action(&map, want[i].key), want[i].action);
    assert_string_equal(keys_of(&map, ACTION_SEARCH), "r");
    Command cmd;
    assert_true(action_command(keymap_action(&map, SDLK_s), &cmd));
    assert_int_equal(cmd.dx, 0);
    assert_int_equal(cmd.dy, 1);
    assert_int_equal(keymap_preset_of(&map), KEYMAP_PRESET_WASD);
    assert_non_null(strstr(keymap_preset_label(KEYMAP_PRESET_WASD), "r searches"));
    keymap_preset(&map, KEYMAP_PRESET_CLASSIC);
    assert_int_equal(keymap_action(&map, SDLK_s), ACTION_SEARCH);
}

/* ---- rebinding ---- */

static void binding_a_key_moves_it_from_its_old_action(void **state)
{
    (void)state;
    Keymap map;
    keymap_default(&map);
    assert_int_equal(keymap_bind(&map, ACTION_MOVE_S, SDLK_s), KEYMAP_OK);
    assert_int_equal(keymap_action(&map, SDLK_s), ACTION_MOVE_S);
    assert_string_equal(keys_of(&map, ACTION_MOVE_S), "Down,j,Keypad 2,s");
    assert_string_equal(keys_of(&map, ACTION_SEARCH), ""); /* s was its only key */
    assert_int_equal(keymap_preset_of(&map), -1);

    assert_int_equal(keymap_bind(&map, ACTION_SEARCH, SDLK_F5), KEYMAP_OK);
    assert_int_equal(keymap_bind(&map, ACTION_SEARCH, SDLK_F5), KEYMAP_OK); /* no change */
    assert_string_equal(keys_of(&map, ACTION_SEARCH), "F5");
    assert_int_equal(keymap_bind(&map, ACTION_MOVE_S, SDLK_F6), KEYMAP_FULL);
    assert_int_equal(keymap_action(&map, SDLK_F6), ACTION_NONE);
    assert_int_equal(keymap_bind(&map, ACTION_MOVE_S, SDLK_UNKNOWN), KEYMAP_BAD_KEY);
    assert_int_equal(keymap_bind(&map, ACTION_NONE, SDLK_F6), KEYMAP_BAD_ACTION);

    assert_int_equal(keymap_unbind(&map, ACTION_MOVE_S, SDLK_j), KEYMAP_OK);
    assert_int_equal(keymap_action(&map, SDLK_j), ACTION_NONE);
    assert_int_equal(keymap_unbind(&map, ACTION_MOVE_S, SDLK_j), KEYMAP_NOT_BOUND);
    assert_int_equal(keymap_unbind(&map, ACTION_MOVE_N, SDLK_s), KEYMAP_NOT_BOUND);
    assert_int_equal(keymap_bind(&map, ACTION_MOVE_S, SDLK_F6), KEYMAP_OK); /* room again */
}

static void quit_always_keeps_a_key_and_escape_always_goes_back(void **state)
{
    (void)state;
    Keymap map;
    keymap_default(&map);
    assert_int_equal(keymap_unbind(&map, ACTION_QUIT, SDLK_ESCAPE), KEYMAP_LAST_QUIT_KEY);
    assert_int_equal(keymap_bind(&map, ACTION_MOVE_N, SDLK_ESCAPE), KEYMAP_LAST_QUIT_KEY);
    assert_int_equal(keymap_action(&map, SDLK_ESCAPE), ACTION_QUIT);
    assert_true(keymap_result_text(KEYMAP_LAST_QUIT_KEY)[0] != '\0');

    assert_int_equal(keymap_bind(&map, ACTION_QUIT, SDLK_F10), KEYMAP_OK);
    assert_int_equal(keymap_bind(&map, ACTION_HELP, SDLK_ESCAPE), KEYMAP_OK);
    assert_string_equal(keys_of(&map, ACTION_QUIT), "F10");
    assert_true(keymap_is_back(&map, SDLK_ESCAPE)); /* menus still close on Escape */
    assert_true(keymap_is_back(&map, SDLK_F10));
    assert_false(keymap_is_back(&map, SDLK_s));
}

/* ---- the file ---- */

static void a_missing_file_gives_the_defaults_without_error(void **state)
{
    Dir *d = *state;
    Options o;
    options_default(&o);
    o.sound_volume = 3;
    char err[512] = "untouched";
    assert_true(options_load(&o, d->file, err, sizeof err));
    assert_string_equal(err, "");
    assert_default_options(&o);
    assert_true(options_load_or_reset(&o, d->file, err, sizeof err));
}

static void options_round_trip_with_keys_that_print_nothing(void **state)
{
    Dir *d = *state;
    Options o;
    options_default(&o);
    o.sound_volume = 35;
    o.music_volume = 0;
    o.fullscreen = true;
    o.high_contrast = true;
    o.confirm = false;
    keymap_preset_wasd(&o.keys);
    assert_int_equal(keymap_bind(&o.keys, ACTION_SEARCH, SDLK_F5), KEYMAP_OK);
    assert_int_equal(keymap_bind(&o.keys, ACTION_EXPLORE, SDLK_TAB), KEYMAP_OK);
    assert_int_equal(keymap_bind(&o.keys, ACTION_WAIT, SDLK_KP_7), KEYMAP_OK);
    assert_int_equal(keymap_bind(&o.keys, ACTION_TRAVEL_UP, SDLK_SPACE), KEYMAP_OK);
    assert_int_equal(keymap_unbind(&o.keys, ACTION_LOG, SDLK_m), KEYMAP_OK); /* none left */
    char err[512] = "";
    if (!options_save(&o, d->file, err, sizeof err))
        fail_msg("%s", err);
    char *first = slurp(d->file);
    assert_non_null(strstr(first, "\"F5\""));
    assert_non_null(strstr(first, "\"Keypad 7\""));
    assert_non_null(strstr(first, "\"Tab\""));
    assert_non_null(strstr(first, "\"log\":\t[]"));
    assert_non_null(strstr(first, "\"confirm\":\tfalse"));

    Options back;
    if (!options_load(&back, d->file, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(back.sound_volume, 35);
    assert_int_equal(back.music_volume, 0);
    assert_true(back.fullscreen);
    assert_true(back.high_contrast);
    assert_false(back.confirm);
    assert_true(keymap_equal(&back.keys, &o.keys));
    assert_int_equal(keymap_action(&back.keys, SDLK_KP_7), ACTION_WAIT);
    assert_int_equal(keymap_action(&back.keys, SDLK_TAB), ACTION_EXPLORE);
    assert_int_equal(keymap_action(&back.keys, SDLK_m), ACTION_NONE);
    assert_string_equal(keys_of(&back.keys, ACTION_SEARCH), "r,F5");

    assert_true(options_save(&back, d->file, err, sizeof err));
    char *second = slurp(d->file);
    assert_string_equal(first, second);
    free(first);
    free(second);
}

/* The file's bytes for every option but the keys: the order, the names and the way each
 * value is written. A file written by an older game must read the same, and this one the same
 * in an older game. */
static void the_file_writes_every_option_in_its_fixed_order(void **state)
{
    (void)state;
    Options o;
    options_default(&o);
    o.sound_volume = 35;
    o.fullscreen = true;
    o.confirm = false;
    o.zoom = 2;
    o.close_zoom = 2;
    o.window_x = -40;
    o.window_y = 7;
    o.window_w = 1280;
    o.window_h = 720;
    o.window_maximized = true;
    char *text = options_to_json(&o);
    assert_non_null(text);
    const char *want =
        "{\n\t\"version\":\t2,\n\t\"sound_volume\":\t35,\n\t\"music_volume\":\t60,\n"
        "\t\"fullscreen\":\ttrue,\n\t\"high_contrast\":\tfalse,\n\t\"confirm\":\tfalse,\n"
        "\t\"zoom\":\t2,\n\t\"close_zoom\":\t2,\n\t\"window_x\":\t-40,\n"
        "\t\"window_y\":\t7,\n\t\"window_w\":\t1280,\n\t\"window_h\":\t720,\n"
        "\t\"window_maximized\":\ttrue,\n\t\"keys\":\t{\n\t\t\"move_north\":\t[\"Up\", "
        "\"k\", \"Keypad 8\"],\n";
    if (strncmp(text, want, strlen(want)) != 0)
        fail_msg("the file begins\n%.600s", text);
    Options back;
    char err[512] = "";
    if (!options_parse(&back, text, strlen(text), err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(back.zoom, 2);
    assert_int_equal(back.close_zoom, 2);
    assert_int_equal(back.window_x, -40);
    assert_int_equal(back.window_y, 7);
    assert_int_equal(back.window_w, 1280);
    assert_int_equal(back.window_h, 720);
    assert_true(back.window_maximized);
    free(text);
}

static void an_older_file_gives_new_actions_their_free_default_keys(void **state)
{
    (void)state;
    const char *text = "{\"version\":1,\"music_volume\":10,"
                       "\"keys\":{\"move_south\":[\"S\",\"Down\"],\"quit\":[\"Escape\"]}}";
    Options o;
    char err[512] = "";
    if (!options_parse(&o, text, strlen(text), err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(o.music_volume, 10);
    assert_int_equal(o.sound_volume, 80); /* left out: the default */
    assert_true(o.confirm);               /* older than the option: it asks */
    assert_string_equal(keys_of(&o.keys, ACTION_MOVE_S), "s,Down"); /* as listed */
    assert_string_equal(keys_of(&o.keys, ACTION_SEARCH), "");       /* its S was taken */
    assert_string_equal(keys_of(&o.keys, ACTION_MOVE_N), "Up,k,Keypad 8");
    assert_string_equal(keys_of(&o.keys, ACTION_HELP), "?,F1");
}

/* Loading `text` fails, naming the file and `want`, and leaves the defaults. */
static void assert_rejected(Dir *d, const char *text, const char *want)
{
    put(d->file, text);
    Options o;
    options_default(&o);
    o.music_volume = 1;
    keymap_preset_wasd(&o.keys);
    char err[512] = "";
    if (options_load(&o, d->file, err, sizeof err))
        fail_msg("accepted: %s", text);
    assert_default_options(&o);
    assert_non_null(strstr(err, d->file));
    if (!strstr(err, want))
        fail_msg("\"%s\" does not say \"%s\"", err, want);
    assert_null(strchr(err, '\n'));
}

static void a_damaged_file_gives_the_defaults_and_names_the_field(void **state)
{
    static const char *const cases[][2] = {
        {"", "empty file"},
        {"{\"version\":1,\"sound_volume\":8", "not valid JSON"},
        {"[1]", "not a JSON object"},
        {"{\"sound_volume\":80}", "version: missing"},
        {"{\"version\":3}", "version: 3 is not supported"},
        {"{\"version\":1,\"sound_volume\":150}", "sound_volume: 150 is not a whole number"},
        {"{\"version\":1,\"sound_volume\":-1}", "sound_volume: -1"},
        {"{\"version\":1,\"music_volume\":\"loud\"}", "music_volume: not a number"},
        {"{\"version\":1,\"music_volume\":50.5}", "music_volume: 50.5"},
        {"{\"version\":1,\"fullscreen\":\"yes\"}", "fullscreen: not true or false"},
        {"{\"version\":1,\"high_contrast\":1}", "high_contrast: not true or false"},
        {"{\"version\":1,\"confirm\":\"no\"}", "confirm: not true or false"},
        {"{\"version\":2,\"zoom\":3}", "zoom: 3 is not a whole number in 0..2"},
        {"{\"version\":2,\"close_zoom\":0}", "close_zoom: 0 is not a whole number in 1..2"},
        {"{\"version\":2,\"window_x\":-100001}", "window_x: -100001 is not a whole number"},
        {"{\"version\":2,\"window_h\":-1}", "window_h: -1 is not a whole number in 0..100000"},
        {"{\"version\":2,\"window_maximized\":0}", "window_maximized: not true or false"},
        {"{\"version\":1,\"keys\":[]}", "keys: not an object"},
        {"{\"version\":1,\"keys\":{\"fly\":[\"F\"]}}", "keys.fly: not an action"},
        {"{\"version\":1,\"keys\":{\"search\":\"S\"}}", "keys.search: not a list"},
        {"{\"version\":1,\"keys\":{\"search\":[\"S\",7]}}", "keys.search[1]: not a string"},
        {"{\"version\":1,\"keys\":{\"search\":[\"S\",\"Nope\"]}}",
         "keys.search[1]: \"Nope\" is not a key name"},
        {"{\"version\":1,\"keys\":{\"wait\":[\"A\",\"B\",\"C\",\"D\",\"E\"]}}",
         "keys.wait: 5 keys, at most 4"},
        {"{\"version\":1,\"keys\":{\"search\":[\"S\"],\"explore\":[\"S\"]}}",
         "keys.explore[0]: \"S\" is already bound to search"},
        {"{\"version\":1,\"keys\":{\"search\":[\"S\",\"S\"]}}",
         "keys.search[1]: \"S\" is listed twice"},
        {"{\"version\":1,\"keys\":{\"search\":[\"S\"],\"search\":[\"R\"]}}",
         "keys.search: given twice"},
        {"{\"version\":1,\"keys\":{\"quit\":[]}}", "keys.quit: needs at least one key"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        assert_rejected(*state, cases[i][0], cases[i][1]);
}

/* A value quoted into the message reaches the terminal and the title screen: its control
 * characters and bytes that are not UTF-8 come out as '?'. */
static void a_damaged_file_quotes_its_values_safely(void **state)
{
    static const char *const cases[][2] = {
        {"{\"version\":1,\"keys\":{\"search\":[\"S\",\"\xff\xfe\\u001b[2J\"]}}",
         "keys.search[1]: \"???[2J\" is not a key name"},
        {"{\"version\":1,\"keys\":{\"\xc3(\xc2\x9b\":[]}}", "keys.?(??: not an action"},
        /* %.40s cuts the 20th two-byte character in half */
        {"{\"version\":1,\"keys\":{\"search\":[\"\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4"
         "\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4"
         "\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4X\xc3\xa4\"]}}",
         "keys.search[0]: \"\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4"
         "\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4"
         "\xc3\xa4X?\" is not a key name"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        assert_rejected(*state, cases[i][0], cases[i][1]);
}

static void a_damaged_file_is_moved_aside_by_load_or_reset(void **state)
{
    Dir *d = *state;
    put(d->file, "{\"version\":1,\"sound_volume\":999}");
    Options o;
    char msg[1024] = "";
    assert_false(options_load_or_reset(&o, d->file, msg, sizeof msg));
    assert_default_options(&o);
    assert_non_null(strstr(msg, d->file));
    assert_non_null(strstr(msg, "sound_volume"));
    assert_non_null(strstr(msg, ".damaged-"));
    assert_int_equal(access(d->file, F_OK), -1);
    assert_true(options_save(&o, d->file, msg, sizeof msg));
    assert_true(options_load_or_reset(&o, d->file, msg, sizeof msg));
    assert_string_equal(msg, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_action_has_a_stable_name_that_leads_back),
        cmocka_unit_test(keys_that_print_nothing_have_readable_names),
        cmocka_unit_test(letters_and_shifted_letters_are_shown_as_typed),
        cmocka_unit_test(shift_makes_keys_of_its_own),
        cmocka_unit_test(version_1_files_load_as_they_were_meant),
        cmocka_unit_test(pad_buttons_have_names_for_players),
        cmocka_unit_test(the_classic_keys_are_the_readmes),
        cmocka_unit_test(wasd_moves_with_s_and_searches_with_r),
        cmocka_unit_test(binding_a_key_moves_it_from_its_old_action),
        cmocka_unit_test(quit_always_keeps_a_key_and_escape_always_goes_back),
        cmocka_unit_test_setup_teardown(a_missing_file_gives_the_defaults_without_error, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(options_round_trip_with_keys_that_print_nothing, make_dir,
                                        remove_dir),
        cmocka_unit_test(the_file_writes_every_option_in_its_fixed_order),
        cmocka_unit_test(an_older_file_gives_new_actions_their_free_default_keys),
        cmocka_unit_test_setup_teardown(a_damaged_file_gives_the_defaults_and_names_the_field,
                                        make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(a_damaged_file_quotes_its_values_safely, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(a_damaged_file_is_moved_aside_by_load_or_reset, make_dir,
                                        remove_dir),
    };
    return RUN_TESTS(tests);
}

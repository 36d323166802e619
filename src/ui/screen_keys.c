/* The key bindings screen, under the options: the preset row, one row per action with its
 * keys, Back. Return on an action waits for the key to add to it; Delete takes its last key
 * away. Leaving writes the options to the user folder. */
#include <stdio.h>

#include "ui/app_internal.h"
#include "ui/palette.h"
#include "ui/screen.h"

enum { KEYS_PRESET = 0, KEYS_FIRST_ACTION = 1 };

static int keys_back_row(void)
{
    return KEYS_FIRST_ACTION + ACTION_COUNT - 1;
}

static void keys_fill(App *app)
{
    Menu *m = &app->menu;
    int preset = keymap_preset_of(&app->options.keys);
    snprintf(m->value[KEYS_PRESET], MENU_LABEL_MAX, "< %s >",
             preset < 0                     ? "custom"
             : preset == KEYMAP_PRESET_WASD ? "WASD"
                                            : "classic");
    for (int a = ACTION_NONE + 1; a < ACTION_COUNT; a++) {
        int row = KEYS_FIRST_ACTION + a - 1;
        SDL_Keycode keys[KEYMAP_KEYS_PER_ACTION];
        int n = keymap_keys(&app->options.keys, (Action)a, keys), len = 0;
        char *v = m->value[row];
        v[0] = '\0';
        if (app->rebinding == a)
            snprintf(v, MENU_LABEL_MAX, "press a key...");
        else
            for (int i = 0; i < n && len < MENU_LABEL_MAX - 1; i++)
                len += snprintf(v + len, (size_t)(MENU_LABEL_MAX - len), "%s%s", i ? ", " : "",
                                key_name(keys[i]));
        if (n == 0 && app->rebinding != a)
            snprintf(v, MENU_LABEL_MAX, "(none)");
    }
}

static void keys_screen_enter(App *app)
{
    Menu *m = &app->menu;
    menu_clear(m);
    m->row_pad = 1;
    menu_add(m, "Preset", true);
    for (int a = ACTION_NONE + 1; a < ACTION_COUNT; a++) {
        char label[MENU_LABEL_MAX];
        snprintf(label, sizeof label, "%s", action_label((Action)a));
        menu_add(m, label, true);
    }
    menu_add(m, "Back", true);
    app->rebinding = ACTION_NONE;
    keys_fill(app);
}

/* While a row waits for its key, the next key pressed is bound to it (Escape cancels), so
 * F-keys, Tab, the numpad and the arrows can be bound like letters. */
static bool keys_screen_bind(App *app, const SDL_KeyboardEvent *ev)
{
    if (app->rebinding == ACTION_NONE || ev->repeat)
        return false;
    SDL_Keycode sym = ev->keysym.sym;
    if (sym == SDLK_LSHIFT || sym == SDLK_RSHIFT || sym == SDLK_LCTRL || sym == SDLK_RCTRL ||
        sym == SDLK_LALT || sym == SDLK_RALT || sym == SDLK_LGUI || sym == SDLK_RGUI)
        return true; /* Shift on its way to Shift+s: wait for the key */
    SDL_Keycode key = key_of_event(sym, ev->keysym.mod);
    Action action = (Action)app->rebinding;
    app->rebinding = ACTION_NONE;
    if (key != SDLK_ESCAPE) {
        Action before = keymap_action(&app->options.keys, key);
        KeymapResult result = keymap_bind(&app->options.keys, action, key);
        if (result != KEYMAP_OK)
            app_toast(app, "%s: %s", key_name(key), keymap_result_text(result));
        else if (before != ACTION_NONE && before != action)
            app_toast(app, "%s now means %s (it was %s)", key_name(key), action_label(action),
                      action_label(before));
        sound_play(&app->sound, SOUND_MENU_SELECT);
    }
    keys_fill(app);
    app->dirty = true;
    return true;
}

/* The action of the menu's row, or ACTION_NONE on the preset and Back rows. */
static Action row_action(int row)
{
    return row >= KEYS_FIRST_ACTION && row < keys_back_row() ? (Action)(row - KEYS_FIRST_ACTION + 1)
                                                             : ACTION_NONE;
}

static void next_preset(App *app, Nav nav)
{
    int p = keymap_preset_of(&app->options.keys);
    p = p < 0 ? 0 : (p + (nav == NAV_LEFT ? KEYMAP_PRESET_COUNT - 1 : 1)) % KEYMAP_PRESET_COUNT;
    keymap_preset(&app->options.keys, (KeymapPreset)p);
    sound_play(&app->sound, SOUND_MENU_MOVE);
}

/* Delete, right click, pad X: the action's last key goes. */
static void unbind_last(App *app, Action action)
{
    SDL_Keycode keys[KEYMAP_KEYS_PER_ACTION];
    int n = keymap_keys(&app->options.keys, action, keys);
    KeymapResult result =
        n ? keymap_unbind(&app->options.keys, action, keys[n - 1]) : KEYMAP_NOT_BOUND;
    if (result != KEYMAP_OK)
        app_toast(app, "%s", keymap_result_text(result));
}

static void back_to_options(App *app)
{
    app_save_options(app);
    app_set_screen(app, SCREEN_OPTIONS);
}

/* Left, Right and Return on a row: the preset changes, an action waits for its key, Back
 * leaves. True: the screen was left. */
static bool choose_row(App *app, Nav nav)
{
    int row = app->menu.selected;
    if (row == KEYS_PRESET) {
        next_preset(app, nav);
    } else if (row_action(row) != ACTION_NONE && nav == NAV_OK) {
        app->rebinding = row_action(row);
        sound_play(&app->sound, SOUND_MENU_SELECT);
    } else if (row == keys_back_row() && nav == NAV_OK) {
        sound_play(&app->sound, SOUND_MENU_SELECT);
        back_to_options(app);
        return true;
    }
    return false;
}

static void keys_screen_on_nav(App *app, Nav nav)
{
    Action action = row_action(app->menu.selected);
    switch (nav) {
    case NAV_UP:
    case NAV_DOWN:
        menu_move(&app->menu, nav == NAV_UP ? -1 : 1);
        sound_play(&app->sound, SOUND_MENU_MOVE);
        break;
    case NAV_LEFT:
    case NAV_RIGHT:
    case NAV_OK:
        if (choose_row(app, nav))
            return;
        break;
    case NAV_ALT:
        if (action != ACTION_NONE)
            unbind_last(app, action);
        break;
    case NAV_BACK: back_to_options(app); return;
    default: break;
    }
    keys_fill(app);
    app->dirty = true;
}

static void keys_screen_draw(App *app)
{
    screens_backdrop(app, "KEYS");
    int lh = app->text.line_height;
    int w = app->width - 60, h = app->menu.count * (lh + app->menu.row_pad) + 12;
    SDL_Rect box = {30, 8 + 2 * lh, w, h};
    SDL_Rect in = ui_panel(app->renderer, &app->atlas, box);
    menu_draw(&app->menu, app->renderer, &app->atlas, &app->text, in.x, in.y + 1, in.w);
    const char *hint =
        app->rebinding != ACTION_NONE
            ? "Press the key to add (Escape cancels). A key used elsewhere moves here."
            : "Return: add a key   Delete/right click: remove the last   Left/Right: preset   "
              "Escape: back";
    text_draw(&app->text, app->renderer, (app->width - text_width(&app->text, hint)) / 2,
              app->height - lh - 3, hint, app->rebinding != ACTION_NONE ? UI_INK : UI_DIM);
}

const ScreenHandlers keys_screen = {.enter = keys_screen_enter,
                                    .bind = keys_screen_bind,
                                    .nav = keys_screen_on_nav,
                                    .click = screens_menu_click,
                                    .motion = screens_menu_hover,
                                    .draw = keys_screen_draw,
                                    .nav_repeats = true};

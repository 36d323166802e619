/* The options screen (volumes, fullscreen, high contrast, questions before waste) and the key
 * bindings screen under it. Changes show at once; leaving the options writes them to the user
 * folder. */
#include <stdio.h>

#include "ui/app_internal.h"
#include "ui/palette.h"

enum { OPT_SOUND, OPT_MUSIC, OPT_FULLSCREEN, OPT_CONTRAST, OPT_CONFIRM, OPT_KEYS, OPT_BACK };

static void fill_values(App *app)
{
    Menu *m = &app->menu;
    const Options *o = &app->options;
    snprintf(m->value[OPT_SOUND], MENU_LABEL_MAX, "< %d%% >", o->sound_volume);
    snprintf(m->value[OPT_MUSIC], MENU_LABEL_MAX, "< %d%% >", o->music_volume);
    snprintf(m->value[OPT_FULLSCREEN], MENU_LABEL_MAX, "%s", o->fullscreen ? "on" : "off");
    snprintf(m->value[OPT_CONTRAST], MENU_LABEL_MAX, "%s", o->high_contrast ? "on" : "off");
    snprintf(m->value[OPT_CONFIRM], MENU_LABEL_MAX, "%s", o->confirm ? "on" : "off");
}

void options_screen_enter(App *app)
{
    Menu *m = &app->menu;
    menu_clear(m);
    menu_add(m, "Sound volume", true);
    menu_add(m, "Music volume", true);
    menu_add(m, "Fullscreen", true);
    menu_add(m, "High-contrast colours", true);
    menu_add(m, "Ask before wasteful actions", true);
    menu_add(m, "Keys...", true);
    menu_add(m, "Back", true);
    fill_values(app);
}

static int clamp_volume(int v)
{
    return v < 0 ? 0 : v > 100 ? 100 : v;
}

/* Left and right change a row's value; Return changes it too, or opens or leaves. */
static void change(App *app, int row, int dir)
{
    Options *o = &app->options;
    switch (row) {
    case OPT_SOUND: o->sound_volume = clamp_volume(o->sound_volume + 10 * dir); break;
    case OPT_MUSIC: o->music_volume = clamp_volume(o->music_volume + 10 * dir); break;
    case OPT_FULLSCREEN: o->fullscreen = !o->fullscreen; break;
    case OPT_CONTRAST: o->high_contrast = !o->high_contrast; break;
    case OPT_CONFIRM: o->confirm = !o->confirm; break;
    default: return;
    }
    app_apply_options(app);
    fill_values(app);
    sound_play(&app->sound, SOUND_MENU_MOVE); /* at the new volume, so it can be heard */
}

static void leave(App *app)
{
    app_save_options(app);
    sound_play(&app->sound, SOUND_MENU_SELECT);
    app_set_screen(app, SCREEN_TITLE);
}

void options_screen_on_nav(App *app, Nav nav)
{
    Menu *m = &app->menu;
    switch (nav) {
    case NAV_UP:
    case NAV_DOWN:
        menu_move(m, nav == NAV_UP ? -1 : 1);
        sound_play(&app->sound, SOUND_MENU_MOVE);
        break;
    case NAV_LEFT:
    case NAV_RIGHT: change(app, m->selected, nav == NAV_LEFT ? -1 : 1); break;
    case NAV_OK:
        if (m->selected == OPT_KEYS) {
            sound_play(&app->sound, SOUND_MENU_SELECT);
            app_set_screen(app, SCREEN_KEYS);
        } else if (m->selected == OPT_BACK) {
            leave(app);
        } else {
            change(app, m->selected, +1);
        }
        break;
    case NAV_BACK: leave(app); break;
    default: break;
    }
    app->dirty = true;
}

static void draw_backdrop(App *app, const char *title)
{
    SDL_Renderer *r = app->renderer;
    SDL_SetRenderDrawColor(r, 14, 12, 21, 255);
    SDL_RenderClear(r);
    text_draw_scaled(&app->text, r, (app->width - 2 * text_width(&app->text, title)) / 2, 10, title,
                     UI_GOLD, 2);
}

void options_screen_draw(App *app)
{
    draw_backdrop(app, "OPTIONS");
    int lh = app->text.line_height;
    int w = 300, h = app->menu.count * (lh + 4) + 14;
    SDL_Rect box = {(app->width - w) / 2, 20 + 2 * lh, w, h};
    SDL_Rect in = ui_panel(app->renderer, &app->atlas, box);
    menu_draw(&app->menu, app->renderer, &app->atlas, &app->text, in.x, in.y + 2, in.w);
    const char *hint =
        "Up/Down: choose   Left/Right: change   Return: select   Escape: save and back";
    text_draw(&app->text, app->renderer, (app->width - text_width(&app->text, hint)) / 2,
              app->height - lh - 6, hint, UI_DIM);
    if (!app->user_dir[0])
        text_draw(&app->text, app->renderer, 8, box.y + box.h + 6,
                  "No user folder: options last until you quit.", UI_INK);
}

/* --- Keys: the preset row, one row per action with its keys, Back ----------------------- */

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

void keys_screen_enter(App *app)
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
bool options_screen_on_key(App *app, const SDL_KeyboardEvent *ev)
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

void keys_screen_on_nav(App *app, Nav nav)
{
    Menu *m = &app->menu;
    int row = m->selected;
    Action action = row >= KEYS_FIRST_ACTION && row < keys_back_row()
                        ? (Action)(row - KEYS_FIRST_ACTION + 1)
                        : ACTION_NONE;
    switch (nav) {
    case NAV_UP:
    case NAV_DOWN:
        menu_move(m, nav == NAV_UP ? -1 : 1);
        sound_play(&app->sound, SOUND_MENU_MOVE);
        break;
    case NAV_LEFT:
    case NAV_RIGHT:
    case NAV_OK:
        if (row == KEYS_PRESET) {
            int p = keymap_preset_of(&app->options.keys);
            p = p < 0 ? 0
                      : (p + (nav == NAV_LEFT ? KEYMAP_PRESET_COUNT - 1 : 1)) % KEYMAP_PRESET_COUNT;
            keymap_preset(&app->options.keys, (KeymapPreset)p);
            sound_play(&app->sound, SOUND_MENU_MOVE);
        } else if (action != ACTION_NONE && nav == NAV_OK) {
            app->rebinding = action;
            sound_play(&app->sound, SOUND_MENU_SELECT);
        } else if (row == keys_back_row() && nav == NAV_OK) {
            sound_play(&app->sound, SOUND_MENU_SELECT);
            app_save_options(app);
            app_set_screen(app, SCREEN_OPTIONS);
            return;
        }
        break;
    case NAV_ALT: /* Delete, right click, pad X: the action's last key goes */
        if (action != ACTION_NONE) {
            SDL_Keycode keys[KEYMAP_KEYS_PER_ACTION];
            int n = keymap_keys(&app->options.keys, action, keys);
            KeymapResult result =
                n ? keymap_unbind(&app->options.keys, action, keys[n - 1]) : KEYMAP_NOT_BOUND;
            if (result != KEYMAP_OK)
                app_toast(app, "%s", keymap_result_text(result));
        }
        break;
    case NAV_BACK:
        app_save_options(app);
        app_set_screen(app, SCREEN_OPTIONS);
        return;
    default: break;
    }
    keys_fill(app);
    app->dirty = true;
}

void keys_screen_draw(App *app)
{
    draw_backdrop(app, "KEYS");
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

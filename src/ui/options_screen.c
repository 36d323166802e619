/* The options screen (volumes, fullscreen, high contrast, questions before waste); the key
 * bindings under it are screen_keys.c. Changes show at once; leaving the options writes them to the
 * user folder. */
#include <stdio.h>

#include "ui/app_internal.h"
#include "ui/palette.h"
#include "ui/screen.h"

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

static void options_screen_enter(App *app)
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

static void options_screen_on_nav(App *app, Nav nav)
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

static void options_screen_draw(App *app)
{
    screens_backdrop(app, "OPTIONS");
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

const ScreenHandlers options_screen = {.enter = options_screen_enter,
                                       .nav = options_screen_on_nav,
                                       .click = screens_menu_click,
                                       .motion = screens_menu_hover,
                                       .refresh = options_screen_enter, /* "Fullscreen: on" */
                                       .draw = options_screen_draw,
                                       .nav_repeats = true};

/* The pack over the play screen: the highlight moved by keys, the pad and the pointer, items
 * used, worn and dropped by letter, by Return and Delete, by the pad and by clicks. A wasteful
 * action asks first (pack.c decides which). */
#include <stdio.h>

#include "ui/app_internal.h"
#include "ui/hud.h"
#include "ui/pack.h"
#include "ui/target.h"

/* The pack as it opens: the highlight on an item, no question pending. */
void play_pack_open(App *app)
{
    app->pack_selected = pack_settle(&app->game, app->pack_selected);
    app->pack_confirm.armed = false;
    app->pack_prompt[0] = '\0';
    app->pack_throwing = false;
}

/* An item command by letter. Nothing happens on an empty letter; a wasteful one (dropping
 * worn gear, a Health Pack mostly wasted) asks first, unless the options say not to, and goes
 * ahead when asked the same again: `again` says how ("Press Shift+d again"). The highlight
 * stays on the letter, even once it is empty: a second press never hits another item. */
static void pack_do(App *app, CommandType type, int letter, const char *again)
{
    if (!game_pack_item(&app->game, letter)) {
        app->pack_confirm.armed = false;
        if (!app->pack_throwing)
            app->pack_prompt[0] = '\0';
        return;
    }
    /* Asked by the throw key, or a tool thrown or placed when used: aimed first. */
    if (type == CMD_USE && (app->pack_throwing || target_on_use(&app->game, letter))) {
        target_start(app, letter);
        return;
    }
    if (!pack_confirmed(&app->pack_confirm, &app->game, type, letter, app->options.confirm, again,
                        app->pack_prompt, sizeof app->pack_prompt)) {
        sound_play(&app->sound, SOUND_MENU_MOVE);
        return;
    }
    Command cmd = command_item(type, letter);
    play_send_command(app, &cmd, SDLK_UNKNOWN);
}

/* The pack: the selection moves with the arrows (or the pad, or the pointer) from item to
 * item, over empty letters; Return uses or wears it, Delete drops it; a letter uses that row,
 * Shift and a letter drops it. `again` names the key or button, for a question. */
static void pack_nav(App *app, Nav nav, const char *again)
{
    switch (nav) {
    case NAV_UP:
    case NAV_DOWN:
        app->pack_selected = pack_step(&app->game, app->pack_selected, nav == NAV_UP ? -1 : 1);
        app->pack_confirm.armed = false;
        if (!app->pack_throwing) /* "Throw which item?" stays until answered */
            app->pack_prompt[0] = '\0';
        sound_play(&app->sound, SOUND_MENU_MOVE);
        break;
    case NAV_OK: pack_do(app, CMD_USE, app->pack_selected, again); break;
    case NAV_ALT: pack_do(app, CMD_DROP, app->pack_selected, again); break;
    case NAV_BACK: app->overlay = OVERLAY_NONE; break;
    default: break;
    }
    app->dirty = true;
}

/* The throw key in the pack (a letter past the pack's): throws the highlighted item. */
static bool throw_key(const App *app, SDL_Keycode k, Action action)
{
    return action == ACTION_THROW && !(k >= SDLK_a && k < SDLK_a + pack_letters(&app->game));
}

void play_pack_on_key(App *app, const SDL_KeyboardEvent *ev, Action action)
{
    SDL_Keycode k = ev->keysym.sym;
    bool shift = ev->keysym.mod & KMOD_SHIFT;
    char again[64];
    if (action == ACTION_INVENTORY) {
        app->overlay = OVERLAY_NONE;
    } else if (throw_key(app, k, action)) {
        if (!ev->repeat && game_pack_item(&app->game, app->pack_selected))
            target_start(app, app->pack_selected); /* held, the key that opened it does not */
    } else if (k >= SDLK_a && k <= SDLK_z) {
        int letter = (int)(k - SDLK_a);
        if (letter < pack_letters(&app->game))
            app->pack_selected = letter;
        snprintf(again, sizeof again, "Press %s%c again", shift ? "Shift+" : "", (char)k);
        pack_do(app, shift ? CMD_DROP : CMD_USE, letter, again);
    } else {
        snprintf(again, sizeof again, "Press %s again", key_name(k));
        pack_nav(app, nav_of_key(&app->options.keys, k), again);
    }
    app->dirty = true;
}

void play_pack_on_pad(App *app, GamepadButton b)
{
    static const Nav pack[] = {
        [PAD_UP] = NAV_UP,  [PAD_DOWN] = NAV_DOWN, [PAD_A] = NAV_OK,      [PAD_X] = NAV_ALT,
        [PAD_B] = NAV_BACK, [PAD_Y] = NAV_BACK,    [PAD_START] = NAV_BACK};
    char again[48];
    snprintf(again, sizeof again, "Press %s again", gamepad_button_label(b));
    if (b == PAD_Y && game_throw_how(&app->game, app->pack_selected) != TARGET_NONE)
        target_start(app, app->pack_selected); /* Y throws what can be thrown */
    else
        pack_nav(app, b < sizeof pack / sizeof pack[0] ? pack[b] : NAV_NONE, again);
}

/* In the pack a left click uses or wears the row under the pointer, a right click drops it
 * (the rows never move: the row clicked is the row acted on), a click outside closes. */
void play_pack_on_click(App *app, const SDL_MouseButtonEvent *ev)
{
    int row = hud_pack_row_at(&app->pack_rows, app->mouse_x, app->mouse_y);
    bool right = ev->button == SDL_BUTTON_RIGHT;
    if (row >= 0) {
        app->pack_selected = row;
        pack_do(app, right ? CMD_DROP : CMD_USE, row,
                right ? "Right-click it again" : "Click it again");
    } else if (!hud_pack_contains(&app->pack_rows, app->mouse_x, app->mouse_y)) {
        app->overlay = OVERLAY_NONE;
    }
    app->dirty = true;
}

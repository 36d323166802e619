/* The play screen: the map, the HUD and the panels over them (pack, help, log), driven by
 * keys, the mouse and the pad; what the pack does with them is screen_pack.c. Everything that
 * changes the game goes through game_apply. */
#include <stdio.h>

#include "game/travel.h"
#include "ui/app_internal.h"
#include "ui/close_ask.h"
#include "ui/describe.h"
#include "ui/draw_map.h"
#include "ui/help.h"
#include "ui/hud.h"
#include "ui/minimap.h"
#include "ui/pack.h"
#include "ui/screen.h"
#include "ui/stairs_ask.h"
#include "ui/target.h"
#include "ui/view.h"

static bool blanking(const App *app)
{
    return app->blank_until && !SDL_TICKS_PASSED(SDL_GetTicks(), app->blank_until);
}

void play_send_command(App *app, const Command *cmd, SDL_Keycode key)
{
    play_count_time(app); /* up to this turn, before it may end the game */
    game_apply(&app->game, cmd);
    /* Into the recording before anything else: a floor change syncs it, and only then does
     * play_react() write the snapshot, so the recording always holds what the snapshot has. */
    session_record(&app->session, &app->game, cmd, SDL_GetTicks64());
    if (app->session.tell) { /* stopped, held in memory after a failed write, or written again */
        app_toast(app, "%s", app->session.error);
        app->session.tell = false;
    }
    if (app->game.events & GAME_EVENT_BLOCKED)
        app->held_blocked = key;
    app->dirty = true;
    play_react(app);
}

/* A command that would take the player back to a floor already left asks first, in the
 * toast line, under the confirm option; the same again goes (stairs_ask.c). True: asked. */
static bool stairs_asked(App *app, const Command *cmd, const char *again)
{
    char question[160];
    bool asked_before = app->stairs_ask.armed;
    if (stairs_confirmed(&app->stairs_ask, &app->game, cmd, app->options.confirm, again, question,
                         sizeof question)) {
        if (asked_before)
            app->toast_until = 0; /* answered or forgotten: the question goes */
        return false;
    }
    snprintf(app->toast, sizeof app->toast, "%s", question);
    app->toast_until = SDL_GetTicks() + 6000;
    sound_play(&app->sound, SOUND_MENU_MOVE);
    app->dirty = true;
    return true;
}

static void start_walk(App *app, const Command *cmd)
{
    play_send_command(app, cmd, SDLK_UNKNOWN);
    app->next_step = SDL_GetTicks() + APP_STEP_MS;
}

/* Help and log panels: arrows and Page keys scroll the log; anything else closes. */
static void on_panel_key(App *app, SDL_Keycode k, Action action)
{
    int page = 10;
    Nav nav = nav_of_key(&app->options.keys, k);
    if (app->overlay == OVERLAY_HELP && help_scroll_key(k, &app->help_scroll)) {
        app->dirty = true;
        return;
    }
    if (app->overlay == OVERLAY_LOG && (nav == NAV_UP || k == SDLK_PAGEUP))
        app->log_scroll += k == SDLK_PAGEUP ? page : 1;
    else if (app->overlay == OVERLAY_LOG && (nav == NAV_DOWN || k == SDLK_PAGEDOWN))
        app->log_scroll -= k == SDLK_PAGEDOWN ? page : 1;
    else if (action == ACTION_LOG && app->overlay != OVERLAY_LOG)
        app->overlay = OVERLAY_LOG;
    else
        app->overlay = OVERLAY_NONE;
    int most = msglog_count(&app->game.log) - 1;
    app->log_scroll = app->log_scroll < 0 ? 0 : app->log_scroll > most ? most : app->log_scroll;
    app->dirty = true;
}

/* The zoom key and the pad's right stick switch between the whole floor and the close view
 * last used; the wheel steps through all of them. */
static void set_zoom(App *app, Zoom zoom)
{
    if (zoom < ZOOM_FLOOR)
        zoom = ZOOM_FLOOR;
    if (zoom >= ZOOM_COUNT)
        zoom = ZOOM_COUNT - 1;
    if (zoom != ZOOM_FLOOR)
        app->options.close_zoom = zoom == ZOOM_CLOSER ? 2 : 1;
    if (zoom != app->view.zoom) {
        app->view.zoom = zoom;
        app->options.zoom = zoom == ZOOM_FLOOR ? 0 : app->options.close_zoom;
        app->dirty = true;
    }
}

void play_toggle_zoom(App *app)
{
    set_zoom(app, app->view.zoom != ZOOM_FLOOR   ? ZOOM_FLOOR
                  : app->options.close_zoom == 2 ? ZOOM_CLOSER
                                                 : ZOOM_CLOSE);
}

static void play_on_wheel(App *app, int steps)
{
    if (app->overlay == OVERLAY_LOG) {
        int most = msglog_count(&app->game.log) - 1;
        app->log_scroll += steps;
        app->log_scroll = app->log_scroll < 0 ? 0 : app->log_scroll > most ? most : app->log_scroll;
        app->dirty = true;
        return;
    }
    if (app->overlay == OVERLAY_HELP) {
        app->help_scroll -= 3 * steps;
        app->dirty = true;
        return;
    }
    if (app->overlay != OVERLAY_NONE || steps == 0)
        return;
    set_zoom(app, (Zoom)camera_wheel_zoom((int)app->view.zoom, steps, ZOOM_COUNT));
}

/* The panels and modes an action opens over the map. False: the action is none of them. */
static bool open_panel(App *app, Action action)
{
    switch (action) {
    case ACTION_INVENTORY:
        app->overlay = OVERLAY_PACK;
        play_pack_open(app);
        return true;
    case ACTION_HELP:
        app->overlay = OVERLAY_HELP;
        app->help_scroll = 0;
        return true;
    case ACTION_LOG:
        app->overlay = OVERLAY_LOG;
        app->log_scroll = 0;
        return true;
    case ACTION_ZOOM: play_toggle_zoom(app); return true;
    case ACTION_LOOK: look_start(app); return true;
    case ACTION_THROW: target_ask(app); return true;
    default: return false;
    }
}

/* An action that is a command: the walks to the stairs, a move, a rest... */
static void command_action(App *app, Action action, SDL_Keycode key, const char *again)
{
    Command cmd;
    if (action == ACTION_CLOSE_DOOR) {
        close_ask_start(app);
    } else if (action == ACTION_TRAVEL_UP || action == ACTION_TRAVEL_DOWN) {
        cmd = game_stairs_key(&app->game, action == ACTION_TRAVEL_UP ? +1 : -1);
        if (!stairs_asked(app, &cmd, again))
            start_walk(app, &cmd);
    } else if (action_command(action, &cmd) && !stairs_asked(app, &cmd, again)) {
        play_send_command(app, &cmd, key);
        app->next_step = SDL_GetTicks() + APP_STEP_MS;
    }
}

/* An action on the map (keys and pad alike); `again` names the key or button for a
 * question ("Press > again"). */
static void play_action(App *app, Action action, SDL_Keycode key, const char *again)
{
    if (action == ACTION_QUIT) {
        app_save_game(app);
        app_set_screen(app, SCREEN_TITLE); /* the game waits there: Continue */
    } else if (action == ACTION_FULLSCREEN) {
        app_toggle_fullscreen(app);
    } else if (blanking(app) || app->game.outcome != GAME_PLAYING) {
        return;
    } else if (!open_panel(app, action)) {
        command_action(app, action, key, again);
    }
    app->dirty = true;
}

/* A modifier alone is no key: Shift on its way to '<' must not end a rest or a walk (the
 * '<' that follows would then walk off at once). */
static bool modifier_alone(SDL_Keycode k)
{
    static const SDL_Keycode mods[] = {SDLK_LSHIFT,   SDLK_RSHIFT, SDLK_LCTRL, SDLK_RCTRL,
                                       SDLK_LALT,     SDLK_RALT,   SDLK_LGUI,  SDLK_RGUI,
                                       SDLK_CAPSLOCK, SDLK_MODE};
    for (size_t i = 0; i < sizeof mods / sizeof *mods; i++)
        if (k == mods[i])
            return true;
    return false;
}

/* Any key ends a walk or a rest (the fullscreen key aside). True: it did. */
static bool stop_activity(App *app, Action action)
{
    if (app->game.activity == ACTIVITY_NONE || action == ACTION_FULLSCREEN)
        return false;
    Command stop = command_of(CMD_STOP);
    play_send_command(app, &stop, SDLK_UNKNOWN);
    return true;
}

/* A key on the map itself, no panel open. */
static void on_map_key(App *app, SDL_Keycode k, SDL_Keycode typed, Action action)
{
    char again[64];
    snprintf(again, sizeof again, "Press %s again",
             key_name(keymap_action(&app->options.keys, typed) == action ? typed : k));
    app_pointer_rest(app);
    play_action(app, action, k, again);
}

static bool play_on_key(App *app, const SDL_KeyboardEvent *ev)
{
    SDL_Keycode k = ev->keysym.sym;
    if (ev->repeat && (k == app->held_blocked || app->stairs_ask.armed))
        return true; /* a held key neither walks on into a wall nor answers a question */
    if (modifier_alone(k))
        return true;
    SDL_Keycode typed = key_of_event(k, ev->keysym.mod);
    Action action = keymap_action(&app->options.keys, typed);
    if (action == ACTION_NONE && typed != k) /* Shift+h is still h when nothing took it */
        action = keymap_action(&app->options.keys, k);
    if (stop_activity(app, action))
        return true;
    if (app->close_asking) {
        close_ask_on_key(app, action);
    } else if (action == ACTION_SCREENSHOT) {
        app->want_shot = app->dirty = true;
    } else if (app->target.active) {
        app_pointer_rest(app);
        target_on_key(app, ev, action);
    } else if (app->looking) {
        app_pointer_rest(app);
        look_on_key(app, k, action);
    } else if (app->overlay == OVERLAY_PACK) {
        play_pack_on_key(app, ev, action);
    } else if (app->overlay == OVERLAY_HELP || app->overlay == OVERLAY_LOG) {
        on_panel_key(app, k, action);
    } else {
        on_map_key(app, k, typed, action);
    }
    return true;
}

static void play_on_key_up(App *app, const SDL_KeyboardEvent *ev)
{
    if (ev->keysym.sym == app->held_blocked)
        app->held_blocked = SDLK_UNKNOWN;
}

/* The help and the log: up and down scroll the log, any other button closes. */
static void panel_on_pad(App *app, GamepadButton b)
{
    if (app->overlay == OVERLAY_LOG && (b == PAD_UP || b == PAD_DOWN))
        on_panel_key(app, b == PAD_UP ? SDLK_UP : SDLK_DOWN, ACTION_NONE);
    else
        app->overlay = OVERLAY_NONE, app->dirty = true;
}

static void map_on_pad(App *app, GamepadButton b)
{
    int dx, dy;
    char again[48];
    snprintf(again, sizeof again, "Press %s again", gamepad_button_label(b));
    if (gamepad_step(b, &dx, &dy)) {
        if (blanking(app) || app->game.outcome != GAME_PLAYING)
            return;
        Command cmd = command_move(dx, dy);
        if (!stairs_asked(app, &cmd, again))
            play_send_command(app, &cmd, SDLK_UNKNOWN);
        return;
    }
    if (pad_action(b) != ACTION_NONE)
        play_action(app, pad_action(b), SDLK_UNKNOWN, again);
}

/* Pad buttons mean what the screen needs: on the map the D-pad and stick move, A explores,
 * B searches, X waits, Y opens the pack, the shoulders walk to the stairs down and up, Back
 * shows the log, the left stick's click the help, the right stick's click switches the whole
 * floor and the close view, the left trigger looks, Start the title menu. In the pack the
 * D-pad chooses, A uses or wears, X drops, Y throws (what can be thrown), B closes. Looking,
 * the D-pad moves the cursor, X goes to the next thing in view, A travels there, B leaves.
 * Aiming a throw (target.c), the shoulders go round the mice, A throws, B cancels. Any button
 * ends a walk. */
static void play_on_pad(App *app, GamepadButton b)
{
    if (b == PAD_NONE)
        return;
    if (app->overlay == OVERLAY_NONE)
        app_pointer_rest(app);
    if (stop_activity(app, ACTION_NONE))
        return;
    if (app->close_asking)
        close_ask_on_pad(app, b);
    else if (app->target.active)
        target_on_pad(app, b);
    else if (app->looking)
        look_on_pad(app, b);
    else if (app->overlay == OVERLAY_PACK)
        play_pack_on_pad(app, b);
    else if (app->overlay != OVERLAY_NONE)
        panel_on_pad(app, b);
    else
        map_on_pad(app, b);
}

/* The map cell under the pointer, if the pointer is over the drawn map. */
static Pointer pointer_of(const App *app)
{
    return (Pointer){app->mouse_x, app->mouse_y, app->pointer_x, app->pointer_y};
}

static bool hovered_cell(const App *app, int *cx, int *cy)
{
    return view_pointer_cell(&app->view, &app->game, pointer_of(app), cx, cy);
}

/* The cell a click travels to: the map's cell under the pointer, or the minimap's. */
static bool clicked_cell(const App *app, int *cx, int *cy)
{
    Pointer p = pointer_of(app);
    return hovered_cell(app, cx, cy) ||
           (p.px >= 0 && minimap_target(&app->game, app->view.layout.minimap,
                                        app->view.layout.scale, p.px, p.py, cx, cy));
}

/* Where a click on the map walks to: the thing of the sidebar row under the pointer, or the
 * cell the player has seen under it (a left click only). */
static bool click_target(const App *app, const SDL_MouseButtonEvent *ev, int *cx, int *cy)
{
    const Entity *row = sidebar_entity_at(&app->view.rows, app->mouse_x, app->mouse_y);
    if (row && row != app->game.player) {
        *cx = row->x;
        *cy = row->y;
        return true;
    }
    return ev->button == SDL_BUTTON_LEFT && !blanking(app) && app->game.outcome == GAME_PLAYING &&
           clicked_cell(app, cx, cy);
}

/* The cell a click while aiming throws at: a sidebar row's thing, or the map's cell. */
static bool aim_cell(const App *app, int *cx, int *cy)
{
    const Entity *row = sidebar_entity_at(&app->view.rows, app->mouse_x, app->mouse_y);
    if (row) {
        *cx = row->x;
        *cy = row->y;
        return true;
    }
    return hovered_cell(app, cx, cy);
}

/* A click on a cell the player has seen walks there by the path shown; a click with a panel
 * open is the panel's. */
static void play_on_click(App *app, const SDL_MouseButtonEvent *ev)
{
    if (app->overlay == OVERLAY_PACK) {
        play_pack_on_click(app, ev);
        return;
    }
    if (app->overlay != OVERLAY_NONE) {
        app->overlay = OVERLAY_NONE;
        app->dirty = true;
        return;
    }
    int cx = 0, cy = 0;
    bool on_map = click_target(app, ev, &cx, &cy);
    if (app->close_asking || app->target.active) {
        if (app->close_asking)
            close_ask_on_click(app, on_map, cx, cy);
        else /* aimed on the map or at a sidebar row, never through the minimap */
            target_on_click(app, ev, aim_cell(app, &cx, &cy), cx, cy);
        return;
    }
    if (!on_map)
        return;
    if (ev->button != SDL_BUTTON_LEFT || blanking(app) || app->game.outcome != GAME_PLAYING)
        return;
    if (app->looking)
        look_stop(app);
    if (stop_activity(app, ACTION_NONE))
        return;
    Command go = command_travel(cx, cy);
    if (!stairs_asked(app, &go, "Click again"))
        start_walk(app, &go);
}

static void play_on_motion(App *app)
{
    int cx, cy;
    if (app->target.active && hovered_cell(app, &cx, &cy))
        target_hover(app, cx, cy);
    if (app->overlay == OVERLAY_PACK) {
        int row = hud_pack_row_at(&app->pack_rows, app->mouse_x, app->mouse_y);
        if (row >= 0)
            app->pack_selected = row;
    }
    app->dirty = true;
}

void play_count_time(App *app)
{
    Uint32 now = SDL_GetTicks();
    if (app->play_clock && app_game_in_progress(app) &&
        !(SDL_GetWindowFlags(app->window) & SDL_WINDOW_MINIMIZED)) {
        Uint32 d = now - app->play_clock;
        app->game.played_ms += d > 5000 ? 5000 : d; /* a longer gap: the machine slept */
    }
    app->play_clock = now ? now : 1;
}

static void play_logic(App *app)
{
    play_count_time(app);
    Uint32 now = SDL_GetTicks();
    if (app->blank_until && !blanking(app)) {
        app->blank_until = 0;
        app->dirty = true;
    }
    if (app->game.activity != ACTIVITY_NONE && !blanking(app) &&
        SDL_TICKS_PASSED(now, app->next_step)) {
        /* A walk shows each step; a rest of hundreds of turns goes by in a second or so,
         * drawn as it goes, and stops on the turn that disturbs it. */
        int turns = app->game.activity == ACTIVITY_REST ? APP_REST_TURNS_PER_STEP : 1;
        Command next = command_of(CMD_CONTINUE);
        for (int i = 0; i < turns && app->game.activity != ACTIVITY_NONE; i++)
            play_send_command(app, &next, SDLK_UNKNOWN);
        app->next_step = now + APP_STEP_MS;
    }
    /* (A step may have ended the game: the death screen has the pad then.) */
    if (app->game.outcome == GAME_PLAYING && app->overlay == OVERLAY_NONE)
        play_on_pad(app, gamepad_repeat(&app->pad, now));
    if (play_fx_running(app, now))
        app->dirty = true;
}

static bool play_busy(const App *app)
{
    return play_fx_running(app, SDL_GetTicks()) || app->blank_until ||
           app->game.activity != ACTIVITY_NONE || app->pad.held != PAD_NONE;
}

/* The cell the marks and the description are about: the look cursor, the cell under the
 * pointer, or the cell of the sidebar row under the pointer (when `pointer`). */
static bool cursor_cell(App *app, bool pointer, int *cx, int *cy, const Entity **focus)
{
    *focus = NULL;
    if (app->looking || app->target.active) {
        *cx = app->look_x;
        *cy = app->look_y;
        *focus = describe_entity_at(&app->game, *cx, *cy);
        return true;
    }
    if (app->overlay != OVERLAY_NONE || !pointer)
        return false;
    return view_pointer_target(&app->view, &app->game, pointer_of(app), cx, cy, focus);
}

/* The travel path to the cursor's cell (cx < 0: none), found again only when the cursor moves
 * to another cell or the game moves on; none while walking or aiming a throw. */
static void update_path(App *app, int cx, int cy)
{
    if (cx < 0 || app->game.activity != ACTIVITY_NONE || app->target.active) {
        app->path_len = 0;
        app->path_x = -1;
    } else if (cx != app->path_x || cy != app->path_y || app->game.turn != app->path_turn ||
               game_knowledge(&app->game) != app->path_knowledge) {
        app->path_len = game_travel_path(&app->game, cx, cy, app->path, MAP_WIDTH * MAP_HEIGHT);
        app->path_x = cx;
        app->path_y = cy;
        app->path_turn = app->game.turn;
        app->path_knowledge = game_knowledge(&app->game);
    }
}

/* The play view; `pointer`: with what the pointer is over marked and described. */
static void draw_view(App *app, bool pointer)
{
    if (blanking(app))
        return; /* a floor change: half a second of black */
    /* The layout first: what is under the pointer depends on it. */
    bool cursor = app->looking || app->target.active;
    app->view.follow_x = cursor ? app->look_x : -1;
    app->view.follow_y = cursor ? app->look_y : -1;
    view_place(&app->view, &app->game);
    int cx = -1, cy = -1;
    const Entity *focus = NULL;
    if (!cursor_cell(app, pointer, &cx, &cy, &focus))
        cx = cy = -1;
    update_path(app, cx, cy);
    ThrowLine line;
    char keys[160];
    if (app->target.active) {
        target_line(app, &line);
        target_prompt(&app->game, &app->target, keys, sizeof keys);
    }
    bool aim = app->target.active;
    ViewMarks marks = {cx,
                       cy,
                       app->path,
                       app->path_len,
                       focus,
                       app->looking || aim,
                       aim ? &line : NULL,
                       aim ? keys : NULL};
    view_draw_play(&app->view, &app->game, &marks);
    SDL_RenderSetScale(app->renderer, 1, 1);
    play_draw_fx(app);
    SDL_RenderSetScale(app->renderer, (float)app->scale, (float)app->scale);
    if (app->overlay == OVERLAY_PACK)
        hud_draw_pack(app->renderer, &app->atlas, &app->text, &app->game, app->pack_selected,
                      app->pack_prompt, &app->pack_rows, app->width, app->height);
    else if (app->overlay == OVERLAY_HELP)
        app->help_scroll = help_draw(app->renderer, &app->text, app->game.rules, &app->game,
                                     &app->options.keys, app->help_scroll, app->width, app->height);
    else if (app->overlay == OVERLAY_LOG)
        hud_draw_log(app->renderer, &app->text, &app->game, app->log_scroll, app->width,
                     app->height);
}

static void play_draw(App *app)
{
    draw_view(app, true);
}

void play_draw_still(App *app)
{
    draw_view(app, false);
}

static void play_enter(App *app)
{
    view_recentre(&app->view); /* a game continued or begun: the player in the middle */
    app->looking = app->target.active = false;
    app_pointer_rest(app); /* where it chose the menu's row, not a cell to describe */
    sound_music(&app->sound, app->game.current == MAX_FLOORS ? MUSIC_KING : MUSIC_FLOOR);
}

const ScreenHandlers play_screen = {.enter = play_enter,
                                    .key = play_on_key,
                                    .key_up = play_on_key_up,
                                    .pad = play_on_pad,
                                    .click = play_on_click,
                                    .motion = play_on_motion,
                                    .wheel = play_on_wheel,
                                    .logic = play_logic,
                                    .draw = play_draw,
                                    .busy = play_busy,
                                    .own_keys = true};

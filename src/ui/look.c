/* Look mode (play.c's): a cursor the keys or the pad move over the map, reading it cell by
 * cell; Tab goes from thing to thing in view and Return travels to the cursor. */
#include "ui/app_internal.h"

/* Look mode: a cursor that starts on the player and reads the map cell by cell. */
void look_start(App *app)
{
    app->looking = true;
    app->look_x = app->game.player->x;
    app->look_y = app->game.player->y;
    app->look_next = 0;
    app->dirty = true;
}

void look_stop(App *app)
{
    app->looking = false;
    app->dirty = true;
}

void look_move(App *app, int dx, int dy)
{
    const Map *map = &app->game.floors[app->game.current]->map;
    int x = app->look_x + dx, y = app->look_y + dy;
    if (map_in_bounds(map, x, y)) {
        app->look_x = x;
        app->look_y = y;
    }
    app->dirty = true;
}

/* To the next mouse or item in view, in the sidebar's order (nearest first), then round. */
static void look_next_thing(App *app, int step)
{
    const Entity *things[SIDEBAR_ROWS_MAX];
    int n = game_things_in_view(&app->game, things, SIDEBAR_ROWS_MAX);
    if (n == 0)
        return;
    app->look_next = ((app->look_next % n) + n) % n;
    const Entity *e = things[app->look_next];
    app->look_x = e->x;
    app->look_y = e->y;
    app->look_next = (app->look_next + step + n) % n;
    app->dirty = true;
}

static void look_travel(App *app)
{
    int x = app->look_x, y = app->look_y;
    look_stop(app);
    if (x == app->game.player->x && y == app->game.player->y)
        return;
    Command go = command_travel(x, y);
    play_send_command(app, &go, SDLK_UNKNOWN);
    app->next_step = SDL_GetTicks() + APP_STEP_MS;
}

void look_on_key(App *app, SDL_Keycode k, Action action)
{
    Command cmd;
    if (k == SDLK_TAB)
        look_next_thing(app, +1);
    else if (k == SDLK_RETURN || k == SDLK_KP_ENTER)
        look_travel(app);
    else if (action == ACTION_LOOK || action == ACTION_QUIT || k == SDLK_ESCAPE)
        look_stop(app);
    else if (action == ACTION_ZOOM)
        play_toggle_zoom(app);
    else if (action == ACTION_FULLSCREEN)
        app_toggle_fullscreen(app);
    else if (action_command(action, &cmd) && cmd.type == CMD_MOVE)
        look_move(app, cmd.dx, cmd.dy);
}

/* Looking, the D-pad moves the cursor, X goes to the next thing in view, A travels there, B
 * leaves. */
void look_on_pad(App *app, GamepadButton b)
{
    int dx, dy;
    if (gamepad_step(b, &dx, &dy))
        look_move(app, dx, dy);
    else if (b == PAD_A)
        look_travel(app);
    else if (b == PAD_X)
        look_next_thing(app, +1);
    else if (b == PAD_RSTICK)
        play_toggle_zoom(app);
    else
        look_stop(app); /* B, Y, the trigger again... */
}

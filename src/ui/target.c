/* Aiming a throw (target.h). */
#include "ui/target.h"

#include <stdio.h>
#include <stdlib.h>

#include "game/vials.h"

enum { TARGET_MICE_MAX = 64 };

void target_ask(App *app)
{
    app->overlay = OVERLAY_PACK;
    play_pack_open(app);
    app->pack_throwing = true;
    snprintf(app->pack_prompt, sizeof app->pack_prompt,
             "Throw or place which item? Its letter (or Return); Escape: cancel.");
}

bool target_on_use(const Game *game, int letter)
{
    const Entity *item = game_pack_item(game, letter);
    return item && vial_index(item->kind_id) < 0 && game_throw_how(game, letter) != TARGET_NONE;
}

void target_prompt(const Game *game, const Targeting *t, char *out, size_t size)
{
    const Entity *item = game_pack_item(game, t->letter);
    const char *name = item ? item->name : "item";
    Entity *mice[TARGET_MICE_MAX];
    if (t->how == TARGET_ADJACENT)
        snprintf(out, size,
                 "Place the %s: direction keys pick a cell beside you, Return place, "
                 "Escape cancel",
                 name);
    else if (game_throw_targets(game, mice, TARGET_MICE_MAX) == 0)
        snprintf(out, size,
                 "Throw the %s: no mouse in reach; move the cursor, Return throw, "
                 "Escape cancel",
                 name);
    else
        snprintf(out, size, "Throw the %s: Tab next mouse, Return throw, Escape cancel", name);
}

static int chebyshev(int dx, int dy)
{
    return abs(dx) > abs(dy) ? abs(dx) : abs(dy);
}

static void put_cursor(App *app, int x, int y)
{
    app->target.x = app->look_x = x;
    app->target.y = app->look_y = y;
    app->dirty = true;
}

/* Where the cursor starts: the mouse aimed at last if it is still in reach, else the nearest;
 * beside her toward the nearest mouse for a trap; on her when no mouse is in reach. */
static void first_cursor(App *app)
{
    Entity *mice[TARGET_MICE_MAX];
    int n = game_throw_targets(&app->game, mice, TARGET_MICE_MAX);
    const Entity *p = app->game.player;
    Targeting *t = &app->target;
    t->at = -1;
    put_cursor(app, p->x, p->y);
    if (t->how == TARGET_ADJACENT) {
        int dx = n ? mice[0]->x - p->x : 1, dy = n ? mice[0]->y - p->y : 0;
        put_cursor(app, p->x + (dx > 0) - (dx < 0), p->y + (dy > 0) - (dy < 0));
        return;
    }
    for (int i = 0; i < n; i++)
        if (t->last_id && mice[i]->id == t->last_id)
            t->at = i;
    if (n > 0 && t->at < 0)
        t->at = 0;
    if (t->at >= 0)
        put_cursor(app, mice[t->at]->x, mice[t->at]->y);
}

void target_start(App *app, int letter)
{
    const Entity *item = game_pack_item(&app->game, letter);
    TargetHow how = game_throw_how(&app->game, letter);
    app->overlay = OVERLAY_NONE;
    app->pack_throwing = false;
    app->pack_prompt[0] = '\0';
    if (!item)
        return;
    if (how == TARGET_NONE) {
        app_toast(app, "The %s is not something to throw: press its letter in the pack to use it.",
                  item->name);
        return;
    }
    app->looking = false;
    app->target.active = true;
    app->target.letter = letter;
    app->target.how = (int)how;
    first_cursor(app);
    sound_play(&app->sound, SOUND_MENU_MOVE);
}

void target_move(App *app, int dx, int dy)
{
    const Map *map = &app->game.floors[app->game.current]->map;
    const Entity *p = app->game.player;
    int x = app->target.x + dx, y = app->target.y + dy;
    if (!map_in_bounds(map, x, y))
        return;
    if (app->target.how == TARGET_ADJACENT && chebyshev(x - p->x, y - p->y) != 1)
        return; /* a trap goes beside her: the cursor stays on the ring */
    app->target.at = -1;
    put_cursor(app, x, y);
}

void target_cycle(App *app, int step)
{
    Entity *mice[TARGET_MICE_MAX];
    int n = game_throw_targets(&app->game, mice, TARGET_MICE_MAX);
    Targeting *t = &app->target;
    if (n == 0 || t->how == TARGET_ADJACENT)
        return;
    if (t->at < 0 || t->at >= n)
        t->at = step > 0 ? 0 : n - 1;
    else
        t->at = (t->at + step + n) % n;
    put_cursor(app, mice[t->at]->x, mice[t->at]->y);
}

static void leave(App *app)
{
    app->target.active = false;
    app->dirty = true;
}

void target_cancel(App *app)
{
    leave(app);
}

void target_confirm(App *app)
{
    Targeting *t = &app->target;
    const Entity *m = floor_entity_at(game_floor(&app->game), t->x, t->y, EF_SOLID);
    if (m && m->kind == KIND_MONSTER)
        t->last_id = m->id;
    leave(app);
    Command cmd = command_throw(t->letter, t->x, t->y);
    play_send_command(app, &cmd, SDLK_UNKNOWN);
}

void target_on_key(App *app, const SDL_KeyboardEvent *ev, Action action)
{
    SDL_Keycode k = ev->keysym.sym;
    Command step;
    bool move = action_command(action, &step) && step.type == CMD_MOVE;
    if (ev->repeat && !move)
        return; /* a held t or Return throws nothing: only the cursor runs on */
    if (k == SDLK_TAB)
        target_cycle(app, (ev->keysym.mod & KMOD_SHIFT) ? -1 : +1);
    else if (k == SDLK_RETURN || k == SDLK_KP_ENTER || action == ACTION_THROW)
        target_confirm(app);
    else if (k == SDLK_ESCAPE || action == ACTION_QUIT)
        target_cancel(app);
    else if (action == ACTION_ZOOM)
        play_toggle_zoom(app);
    else if (action == ACTION_FULLSCREEN)
        app_toggle_fullscreen(app);
    else if (move)
        target_move(app, step.dx, step.dy);
}

void target_on_pad(App *app, GamepadButton b)
{
    int dx, dy;
    if (gamepad_step(b, &dx, &dy))
        target_move(app, dx, dy);
    else if (b == PAD_RB || b == PAD_X)
        target_cycle(app, +1);
    else if (b == PAD_LB)
        target_cycle(app, -1);
    else if (b == PAD_A)
        target_confirm(app);
    else if (b == PAD_RSTICK)
        play_toggle_zoom(app);
    else if (b == PAD_B || b == PAD_Y || b == PAD_START)
        target_cancel(app);
}

void target_hover(App *app, int cx, int cy)
{
    const Entity *p = app->game.player;
    if (app->target.how == TARGET_ADJACENT && chebyshev(cx - p->x, cy - p->y) != 1)
        return;
    if (cx != app->target.x || cy != app->target.y) {
        app->target.at = -1;
        put_cursor(app, cx, cy);
    }
}

void target_on_click(App *app, const SDL_MouseButtonEvent *ev, bool on_map, int cx, int cy)
{
    if (ev->button == SDL_BUTTON_RIGHT) {
        target_cancel(app);
    } else if (ev->button == SDL_BUTTON_LEFT && on_map) {
        target_hover(app, cx, cy);
        if (app->target.x == cx && app->target.y == cy)
            target_confirm(app);
    }
}

void target_line(const App *app, ThrowLine *line)
{
    const Targeting *t = &app->target;
    if (t->how != TARGET_ADJACENT) {
        game_throw_line(&app->game, t->x, t->y, line);
        return;
    }
    const Floor *floor = app->game.floors[app->game.current];
    line->count = 1;
    line->x[0] = (short)t->x;
    line->y[0] = (short)t->y;
    bool open = !map_is_wall(&floor->map, t->x, t->y) && !floor_entity_at(floor, t->x, t->y, ~0u);
    line->land = open ? 0 : -1;
    line->reaches = open;
}

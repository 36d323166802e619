/* The close key and its question (close_ask.h). */
#include "ui/close_ask.h"

#include <stdio.h>
#include <stdlib.h>

static void send_close(App *app, int dx, int dy)
{
    Command cmd = command_close(dx, dy);
    play_send_command(app, &cmd, SDLK_UNKNOWN);
}

static void end_question(App *app)
{
    app->close_asking = false;
    app->toast_until = 0;
    app->dirty = true;
}

void close_ask_start(App *app)
{
    int dx = 0, dy = 0;
    if (game_doors_to_close(&app->game, &dx, &dy) < 2) {
        send_close(app, dx, dy); /* (0, 0) with none: the game says there is none */
        return;
    }
    app->close_asking = true;
    snprintf(app->toast, sizeof app->toast, "%s", CLOSE_ASK_QUESTION);
    app->toast_until = SDL_GetTicks() + 3600000; /* until answered */
    sound_play(&app->sound, SOUND_MENU_MOVE);
    app->dirty = true;
}

void close_ask_on_key(App *app, Action action)
{
    Command step;
    end_question(app);
    if (action_command(action, &step) && step.type == CMD_MOVE)
        send_close(app, step.dx, step.dy);
}

void close_ask_on_pad(App *app, GamepadButton b)
{
    int dx, dy;
    end_question(app);
    if (gamepad_step(b, &dx, &dy))
        send_close(app, dx, dy);
}

void close_ask_on_click(App *app, bool valid, int cx, int cy)
{
    end_question(app);
    int dx = cx - app->game.player->x, dy = cy - app->game.player->y;
    if (valid && abs(dx) <= 1 && abs(dy) <= 1 && (dx || dy))
        send_close(app, dx, dy);
}

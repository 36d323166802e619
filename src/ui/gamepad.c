#include "ui/gamepad.h"

#include <math.h>
#include <stdio.h>

enum {
    STICK_DEADZONE = 14000, /* of 32767: past the slack of worn sticks */
    REPEAT_FIRST_MS = 260,
    REPEAT_MS = 110
};

static void open_first(Gamepad *pad)
{
    for (int i = 0; i < SDL_NumJoysticks() && !pad->controller; i++) {
        if (!SDL_IsGameController(i))
            continue;
        pad->controller = SDL_GameControllerOpen(i);
        if (pad->controller)
            pad->id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(pad->controller));
    }
}

void gamepad_init(Gamepad *pad)
{
    *pad = (Gamepad){0};
    pad->id = -1;
    if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "mouseking: warning: no game controller support: %s\n", SDL_GetError());
        return;
    }
    open_first(pad);
}

void gamepad_quit(Gamepad *pad)
{
    if (pad->controller)
        SDL_GameControllerClose(pad->controller);
    pad->controller = NULL;
    if (SDL_WasInit(SDL_INIT_GAMECONTROLLER))
        SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
}

GamepadButton gamepad_direction(bool up, bool down, bool left, bool right, int stick_x, int stick_y)
{
    int dx = (right ? 1 : 0) - (left ? 1 : 0), dy = (down ? 1 : 0) - (up ? 1 : 0);
    if (dx == 0 && dy == 0 &&
        (long)stick_x * stick_x + (long)stick_y * stick_y >=
            (long)STICK_DEADZONE * STICK_DEADZONE) {
        /* Eight sectors of 45 degrees, centred on the directions. */
        double angle = atan2((double)stick_y, (double)stick_x);   /* y grows downwards */
        int sector = (int)lround(angle / 0.78539816339744830962); /* pi/4: -4..4 */
        static const int sx[9] = {-1, -1, 0, 1, 1, 1, 0, -1, -1};
        static const int sy[9] = {0, -1, -1, -1, 0, 1, 1, 1, 0};
        dx = sx[sector + 4];
        dy = sy[sector + 4];
    }
    static const GamepadButton dirs[3][3] = {
        {PAD_UP_LEFT, PAD_UP, PAD_UP_RIGHT},
        {PAD_LEFT, PAD_NONE, PAD_RIGHT},
        {PAD_DOWN_LEFT, PAD_DOWN, PAD_DOWN_RIGHT},
    };
    return dirs[dy + 1][dx + 1];
}

bool gamepad_step(GamepadButton b, int *dx, int *dy)
{
    static const int step[][2] = {
        [PAD_UP] = {0, -1},        [PAD_DOWN] = {0, 1},       [PAD_LEFT] = {-1, 0},
        [PAD_RIGHT] = {1, 0},      [PAD_UP_LEFT] = {-1, -1},  [PAD_UP_RIGHT] = {1, -1},
        [PAD_DOWN_LEFT] = {-1, 1}, [PAD_DOWN_RIGHT] = {1, 1},
    };
    if (b < PAD_UP || b > PAD_DOWN_RIGHT)
        return false;
    *dx = step[b][0];
    *dy = step[b][1];
    return true;
}

/* A new direction is a press; holding it repeats; letting go stops. */
static GamepadButton direction_changed(Gamepad *pad, Uint32 now)
{
    GamepadButton dir =
        gamepad_direction(pad->up, pad->down, pad->left, pad->right, pad->stick_x, pad->stick_y);
    if (dir == pad->held)
        return PAD_NONE;
    pad->held = dir;
    pad->next_repeat = now + REPEAT_FIRST_MS;
    return dir;
}

GamepadButton gamepad_event(Gamepad *pad, const SDL_Event *ev, Uint32 now)
{
    switch (ev->type) {
    case SDL_CONTROLLERDEVICEADDED:
        if (!pad->controller)
            open_first(pad);
        return PAD_NONE;
    case SDL_CONTROLLERDEVICEREMOVED:
        if (pad->controller && ev->cdevice.which == pad->id) {
            SDL_GameControllerClose(pad->controller);
            *pad = (Gamepad){.id = -1};
            open_first(pad);
        }
        return PAD_NONE;
    case SDL_CONTROLLERAXISMOTION:
        if (ev->caxis.which != pad->id)
            return PAD_NONE;
        if (ev->caxis.axis == SDL_CONTROLLER_AXIS_LEFTX)
            pad->stick_x = ev->caxis.value;
        else if (ev->caxis.axis == SDL_CONTROLLER_AXIS_LEFTY)
            pad->stick_y = ev->caxis.value;
        else if (ev->caxis.axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT) {
            /* A press when the trigger goes past half way, none while it stays there. */
            bool pulled = ev->caxis.value > 16384;
            bool was = pad->trigger_pulled;
            pad->trigger_pulled = pulled;
            return pulled && !was ? PAD_LT : PAD_NONE;
        } else if (ev->caxis.axis == SDL_CONTROLLER_AXIS_TRIGGERRIGHT) {
            bool pulled = ev->caxis.value > 16384;
            bool was = pad->rtrigger_pulled;
            pad->rtrigger_pulled = pulled;
            return pulled && !was ? PAD_RT : PAD_NONE;
        } else
            return PAD_NONE;
        return direction_changed(pad, now);
    case SDL_CONTROLLERBUTTONDOWN:
    case SDL_CONTROLLERBUTTONUP: {
        if (ev->cbutton.which != pad->id)
            return PAD_NONE;
        bool down = ev->type == SDL_CONTROLLERBUTTONDOWN;
        switch (ev->cbutton.button) {
        case SDL_CONTROLLER_BUTTON_DPAD_UP: pad->up = down; return direction_changed(pad, now);
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: pad->down = down; return direction_changed(pad, now);
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: pad->left = down; return direction_changed(pad, now);
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT:
            pad->right = down;
            return direction_changed(pad, now);
        default: break;
        }
        if (!down)
            return PAD_NONE;
        switch (ev->cbutton.button) {
        case SDL_CONTROLLER_BUTTON_A: return PAD_A;
        case SDL_CONTROLLER_BUTTON_B: return PAD_B;
        case SDL_CONTROLLER_BUTTON_X: return PAD_X;
        case SDL_CONTROLLER_BUTTON_Y: return PAD_Y;
        case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: return PAD_LB;
        case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: return PAD_RB;
        case SDL_CONTROLLER_BUTTON_BACK: return PAD_BACK;
        case SDL_CONTROLLER_BUTTON_START: return PAD_START;
        case SDL_CONTROLLER_BUTTON_LEFTSTICK: return PAD_STICK;
        case SDL_CONTROLLER_BUTTON_RIGHTSTICK: return PAD_RSTICK;
        default: return PAD_NONE;
        }
    }
    default: return PAD_NONE;
    }
}

GamepadButton gamepad_repeat(Gamepad *pad, Uint32 now)
{
    if (pad->held == PAD_NONE || !SDL_TICKS_PASSED(now, pad->next_repeat))
        return PAD_NONE;
    pad->next_repeat = now + REPEAT_MS;
    return pad->held;
}

#include "ui/gamepad.h"

#include <math.h>
#include <stdio.h>

#include "core/errline.h"

enum {
    STICK_DEADZONE = 14000, /* of 32767: past the slack of worn sticks */
    REPEAT_FIRST_MS = 260,
    REPEAT_MS = 110,
    TRIGGER_HALF_WAY = 16384 /* of 32767 */
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

void gamepad_init(Gamepad *pad, const char *mappings)
{
    *pad = (Gamepad){0};
    pad->id = -1;
    if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "mouseking: warning: no game controller support: %s\n", SDL_GetError());
        return;
    }
    /* The user's own mappings (SDL_GameControllerDB's format) for pads SDL does not know. */
    FILE *f = mappings && mappings[0] ? fopen(mappings, "rb") : NULL;
    if (f) {
        fclose(f);
        if (SDL_GameControllerAddMappingsFromFile(mappings) < 0)
            errline_say(stderr, "warning: %s: %s; the pads SDL knows still work", mappings,
                        SDL_GetError());
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

/* A press when the trigger goes past half way, none while it stays there. */
static GamepadButton trigger_press(bool *pulled, Sint16 value, GamepadButton press)
{
    bool was = *pulled;
    *pulled = value > TRIGGER_HALF_WAY;
    return *pulled && !was ? press : PAD_NONE;
}

static GamepadButton on_axis(Gamepad *pad, const SDL_ControllerAxisEvent *e, Uint32 now)
{
    switch (e->axis) {
    case SDL_CONTROLLER_AXIS_LEFTX: pad->stick_x = e->value; return direction_changed(pad, now);
    case SDL_CONTROLLER_AXIS_LEFTY: pad->stick_y = e->value; return direction_changed(pad, now);
    case SDL_CONTROLLER_AXIS_TRIGGERLEFT:
        return trigger_press(&pad->trigger_pulled, e->value, PAD_LT);
    case SDL_CONTROLLER_AXIS_TRIGGERRIGHT:
        return trigger_press(&pad->rtrigger_pulled, e->value, PAD_RT);
    default: return PAD_NONE;
    }
}

/* Where the pad keeps a D-pad button's state, or NULL for the other buttons. */
static bool *dpad_state(Gamepad *pad, Uint8 button)
{
    switch (button) {
    case SDL_CONTROLLER_BUTTON_DPAD_UP: return &pad->up;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return &pad->down;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return &pad->left;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return &pad->right;
    default: return NULL;
    }
}

/* The press each other button makes when it goes down (PAD_NONE: none; its release none). */
static const GamepadButton BUTTON_PRESS[SDL_CONTROLLER_BUTTON_MAX] = {
    [SDL_CONTROLLER_BUTTON_A] = PAD_A,
    [SDL_CONTROLLER_BUTTON_B] = PAD_B,
    [SDL_CONTROLLER_BUTTON_X] = PAD_X,
    [SDL_CONTROLLER_BUTTON_Y] = PAD_Y,
    [SDL_CONTROLLER_BUTTON_LEFTSHOULDER] = PAD_LB,
    [SDL_CONTROLLER_BUTTON_RIGHTSHOULDER] = PAD_RB,
    [SDL_CONTROLLER_BUTTON_BACK] = PAD_BACK,
    [SDL_CONTROLLER_BUTTON_START] = PAD_START,
    [SDL_CONTROLLER_BUTTON_LEFTSTICK] = PAD_STICK,
    [SDL_CONTROLLER_BUTTON_RIGHTSTICK] = PAD_RSTICK,
};

static GamepadButton on_button(Gamepad *pad, Uint8 button, bool down, Uint32 now)
{
    bool *held = dpad_state(pad, button);
    if (held) {
        *held = down;
        return direction_changed(pad, now);
    }
    return down && button < SDL_CONTROLLER_BUTTON_MAX ? BUTTON_PRESS[button] : PAD_NONE;
}

/* Our controller unplugged: forget its state and take the next one, if any. */
static void on_removed(Gamepad *pad, SDL_JoystickID which)
{
    if (!pad->controller || which != pad->id)
        return;
    SDL_GameControllerClose(pad->controller);
    *pad = (Gamepad){.id = -1};
    open_first(pad);
}

GamepadButton gamepad_event(Gamepad *pad, const SDL_Event *ev, Uint32 now)
{
    switch (ev->type) {
    case SDL_CONTROLLERDEVICEADDED:
        if (!pad->controller)
            open_first(pad);
        return PAD_NONE;
    case SDL_CONTROLLERDEVICEREMOVED: on_removed(pad, ev->cdevice.which); return PAD_NONE;
    case SDL_CONTROLLERAXISMOTION:
        return ev->caxis.which == pad->id ? on_axis(pad, &ev->caxis, now) : PAD_NONE;
    case SDL_CONTROLLERBUTTONDOWN:
    case SDL_CONTROLLERBUTTONUP:
        if (ev->cbutton.which != pad->id)
            return PAD_NONE;
        return on_button(pad, ev->cbutton.button, ev->type == SDL_CONTROLLERBUTTONDOWN, now);
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

/* A game controller through SDL_GameController: its buttons, D-pad and left stick as presses
 * the screens understand. A held direction repeats like a held key, so walking works. */
#ifndef MK_GAMEPAD_H
#define MK_GAMEPAD_H

#include <SDL.h>
#include <stdbool.h>

typedef enum GamepadButton {
    PAD_NONE,
    /* the eight directions, from the D-pad or the left stick */
    PAD_UP,
    PAD_DOWN,
    PAD_LEFT,
    PAD_RIGHT,
    PAD_UP_LEFT,
    PAD_UP_RIGHT,
    PAD_DOWN_LEFT,
    PAD_DOWN_RIGHT,
    PAD_A,
    PAD_B,
    PAD_X,
    PAD_Y,
    PAD_LB,
    PAD_RB,
    PAD_BACK,
    PAD_START,
    PAD_STICK,  /* left stick pressed */
    PAD_RSTICK, /* right stick pressed */
    PAD_LT,     /* left trigger pulled */
    PAD_RT      /* right trigger pulled */
} GamepadButton;

typedef struct Gamepad {
    SDL_GameController *controller;
    SDL_JoystickID id;
    bool up, down, left, right; /* the D-pad as held */
    int stick_x, stick_y;       /* the left stick */
    bool trigger_pulled;        /* the left trigger, past half way */
    bool rtrigger_pulled;       /* the right trigger, past half way */
    GamepadButton held;         /* the direction held now, or PAD_NONE */
    Uint32 next_repeat;
} Gamepad;

/* Starts the controller subsystem, adds the mappings of the file `mappings` when there is one
 * (NULL: none; a bad file is one warning), and opens the first controller, if any. Never
 * fails. */
void gamepad_init(Gamepad *pad, const char *mappings);
void gamepad_quit(Gamepad *pad);
/* Handles a controller event (plugging in and out included); returns the press it makes. */
GamepadButton gamepad_event(Gamepad *pad, const SDL_Event *ev, Uint32 now);
/* A held direction repeating: the direction when a repeat is due, else PAD_NONE. */
GamepadButton gamepad_repeat(Gamepad *pad, Uint32 now);
/* The direction of 8-way stick or D-pad state (pure, for tests). */
GamepadButton gamepad_direction(bool up, bool down, bool left, bool right, int stick_x,
                                int stick_y);
/* dx, dy of a direction; false for other buttons. */
bool gamepad_step(GamepadButton b, int *dx, int *dy);

#endif

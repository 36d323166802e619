/* Keys to actions to Commands. Every binding lives in one table, so rebinding (options) and
 * the help screen read the same facts. */
#ifndef MK_INPUT_H
#define MK_INPUT_H

#include <SDL.h>
#include <stdbool.h>

#include "game/command.h"

typedef enum Action {
    ACTION_NONE,
    ACTION_MOVE_N,
    ACTION_MOVE_S,
    ACTION_MOVE_W,
    ACTION_MOVE_E,
    ACTION_MOVE_NW,
    ACTION_MOVE_NE,
    ACTION_MOVE_SW,
    ACTION_MOVE_SE,
    ACTION_WAIT,
    ACTION_SEARCH,
    ACTION_EXPLORE,
    ACTION_TRAVEL_UP,   /* walk to the known Stairs (Up) */
    ACTION_TRAVEL_DOWN, /* walk to the known Stairs (Down) */
    ACTION_INVENTORY,
    ACTION_HELP,
    ACTION_LOG,
    ACTION_SCREENSHOT,
    ACTION_FULLSCREEN,
    ACTION_QUIT,
    ACTION_COUNT
} Action;

typedef struct KeyBinding {
    SDL_Keycode key;
    Action action;
} KeyBinding;

enum { KEYMAP_CAPACITY = 64 };

typedef struct Keymap {
    KeyBinding bindings[KEYMAP_CAPACITY];
    int count;
} Keymap;

/* Arrow keys, the numpad and vi-keys (hjkl yubn) move; numpad 5 and '.' wait; s searches;
 * x explores; > and < walk to the stairs; Tab and i open the pack; ? shows the help and m the
 * message log; F12 saves a screenshot; F11 toggles fullscreen; Escape quits. */
/* A short name of what the action does, for the help screen. */
const char *action_label(Action action);
void keymap_default(Keymap *map);
Action keymap_action(const Keymap *map, SDL_Keycode key);
/* The Command an action sends to the game; false for actions the UI handles itself. */
bool action_command(Action action, Command *out);

#endif

/* Keys to actions to Commands. Every binding lives in one table, so rebinding (options) and
 * the help screen read the same facts. */
#ifndef MK_INPUT_H
#define MK_INPUT_H

#include <SDL.h>
#include <stdbool.h>

#include "game/command.h"
#include "ui/gamepad.h"

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
    ACTION_SEARCH_LONG, /* search until the thorough one */
    ACTION_REST,        /* rest until HP is full */
    ACTION_CLOSE_DOOR,  /* close an open door beside her (asks which when two or more) */
    ACTION_THROW,       /* throw or place an item: asks which, then where (target.c) */
    ACTION_TRAVEL_UP,   /* walk to the known Stairs (Up) */
    ACTION_TRAVEL_DOWN, /* walk to the known Stairs (Down) */
    ACTION_INVENTORY,
    ACTION_HELP,
    ACTION_LOG,
    ACTION_ZOOM, /* the whole floor or the close view */
    ACTION_LOOK, /* a cursor to read the map with */
    ACTION_SCREENSHOT,
    ACTION_FULLSCREEN,
    ACTION_QUIT,
    ACTION_COUNT
} Action;

typedef struct KeyBinding {
    SDL_Keycode key;
    Action action;
} KeyBinding;

enum { KEYMAP_KEYS_PER_ACTION = 4, KEYMAP_CAPACITY = (ACTION_COUNT - 1) * KEYMAP_KEYS_PER_ACTION };

/* The key table. Change it only through the functions below, which keep it true that
 * - a key is bound to at most one action (binding a key elsewhere moves it),
 * - an action has at most KEYMAP_KEYS_PER_ACTION keys, listed in table order,
 * - ACTION_QUIT keeps at least one key (keymap_clear aside, for loaders).
 * Reading `bindings[0..count)` directly is fine. */
typedef struct Keymap {
    KeyBinding bindings[KEYMAP_CAPACITY];
    int count;
} Keymap;

/* What a bind or unbind did; keymap_result_text says it to the player. */
typedef enum KeymapResult {
    KEYMAP_OK,
    KEYMAP_BAD_ACTION,    /* ACTION_NONE or out of range */
    KEYMAP_BAD_KEY,       /* SDLK_UNKNOWN, or a key whose name does not lead back to it */
    KEYMAP_FULL,          /* the action has its KEYMAP_KEYS_PER_ACTION keys already */
    KEYMAP_LAST_QUIT_KEY, /* quit would be left without a key */
    KEYMAP_NOT_BOUND      /* unbind: the key is not one of the action's */
} KeymapResult;

typedef enum KeymapPreset {
    KEYMAP_PRESET_CLASSIC, /* keymap_default */
    KEYMAP_PRESET_WASD,    /* keymap_preset_wasd */
    KEYMAP_PRESET_COUNT
} KeymapPreset;

/* The stable name of an action in files ("move_north", "search"...), NULL for ACTION_NONE and
 * out-of-range values; action_from_name is its inverse, ACTION_NONE for an unknown name. */
const char *action_name(Action action);
Action action_from_name(const char *name);
/* A short name of what the action does, for the help screen. */
const char *action_label(Action action);
/* The Command an action sends to the game; false for actions the UI handles itself. */
bool action_command(Action action, Command *out);

/* A letter typed with Shift is a key of its own ("S" searches five times, "s" once): its
 * code is the capital's ASCII, which no SDL keycode uses. */
#define KEY_SHIFTED(letter) ((SDL_Keycode)((letter) - 'a' + 'A'))

/* The key a key press means: Shift and a letter is KEY_SHIFTED(letter); Shift and '.' ',' '/'
 * (the US layout's '>' '<' '?') are SDLK_GREATER, SDLK_LESS, SDLK_QUESTION, as is Shift and
 * '<' on layouts with a '<' key ('>'). Anything else is the key itself. */
SDL_Keycode key_of_event(SDL_Keycode sym, Uint16 mod);
/* The letter key of a Shift+letter key, else the key. */
SDL_Keycode key_unshifted(SDL_Keycode key);

/* A key's name as the player types it ("k", "S", ">", "?", "Up", "Keypad 8", "F5", "Tab",
 * "Escape", "Space"...) and back, through SDL_GetKeyName / SDL_GetKeyFromName (no SDL_Init
 * needed): a letter is lower case, a Shift+letter key its capital; everything else is SDL's
 * name. The help, Options > Keys, prompts and options.json all use it (options.json before
 * version 2 wrote letters in either case: options.c reads those case-blind). key_name returns
 * "" for SDLK_UNKNOWN; the string may be overwritten by the next call. key_from_name returns
 * SDLK_UNKNOWN for a name no key has. */
const char *key_name(SDL_Keycode key);
SDL_Keycode key_from_name(const char *name);
/* A pad button's name for players: "Pad A", "Pad B", "Pad X", "Pad Y", "Pad LB", "Pad RB",
 * "Pad Back", "Pad Start", "Pad stick click", the directions "Pad Up", "Pad Down-Left"...;
 * "" for PAD_NONE and values out of range. */
/* What a pad button does on the map (the directions move; see play_on_pad). */
Action pad_action(GamepadButton button);
const char *gamepad_button_label(GamepadButton button);

/* True for keys that can be bound: a name that leads back to the key (so it can be saved). */
bool key_is_bindable(SDL_Keycode key);

/* Classic: arrow keys, the numpad and vi-keys (hjkl yubn) move; numpad 5 and '.' wait; s
 * searches, S searches five times, Z rests; c closes a door; t throws; x explores; < walks to the
 * Stairs (Up) and > to the Stairs (Down), as the map draws them; Tab and i open the pack; ? and F1
 * show the help and m the message log; F12 saves a screenshot; F11 toggles fullscreen; Escape
 * quits. */
void keymap_default(Keymap *map);
/* WASD: w a s d and q e z c move (so s moves south), arrows and the numpad still move, r
 * searches and R five times, C closes a door, t throws, x explores; everything else as in
 * keymap_default (no vi-keys). */
void keymap_preset_wasd(Keymap *map);
void keymap_preset(Keymap *map, KeymapPreset preset);
/* "Classic: arrows, numpad, vi-keys; s searches" and the like, for the options screen. */
const char *keymap_preset_label(KeymapPreset preset);
/* The preset the map equals, or -1 for a custom map. */
int keymap_preset_of(const Keymap *map);
/* No keys at all, not even for quit: for a loader that then binds key by key and checks that
 * quit got a key. */
void keymap_clear(Keymap *map);
/* Same actions with the same keys in the same order. */
bool keymap_equal(const Keymap *a, const Keymap *b);

Action keymap_action(const Keymap *map, SDL_Keycode key);
/* The action's keys in order into out (room for KEYMAP_KEYS_PER_ACTION); returns how many. */
int keymap_keys(const Keymap *map, Action action, SDL_Keycode out[KEYMAP_KEYS_PER_ACTION]);
/* Adds the key to the action (last in its list); a key bound to another action moves here.
 * Already the action's: KEYMAP_OK, nothing changes. Refused, changing nothing: a bad action
 * or key, a full action, or taking quit's last key. */
KeymapResult keymap_bind(Keymap *map, Action action, SDL_Keycode key);
/* Removes the key from the action; refuses to take quit's last key. */
KeymapResult keymap_unbind(Keymap *map, Action action, SDL_Keycode key);
const char *keymap_result_text(KeymapResult result);
/* Leaves a menu or screen: Escape, whatever it is bound to, or any key of quit. */
bool keymap_is_back(const Keymap *map, SDL_Keycode key);

#endif

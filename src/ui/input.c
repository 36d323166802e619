#include "ui/input.h"

#include <string.h>

static const KeyBinding DEFAULT_BINDINGS[] = {
    {SDLK_UP, ACTION_MOVE_N},
    {SDLK_DOWN, ACTION_MOVE_S},
    {SDLK_LEFT, ACTION_MOVE_W},
    {SDLK_RIGHT, ACTION_MOVE_E},
    {SDLK_s, ACTION_SEARCH},
    {SDLK_x, ACTION_EXPLORE},
    {KEY_SHIFTED('s'), ACTION_SEARCH_LONG},
    {KEY_SHIFTED('z'), ACTION_REST},
    {SDLK_c, ACTION_CLOSE_DOOR},
    {SDLK_t, ACTION_THROW},
    {SDLK_LESS, ACTION_TRAVEL_UP},
    {SDLK_GREATER, ACTION_TRAVEL_DOWN},
    {SDLK_TAB, ACTION_INVENTORY},
    {SDLK_i, ACTION_INVENTORY},
    {SDLK_k, ACTION_MOVE_N},
    {SDLK_QUESTION, ACTION_HELP},
    {SDLK_F1, ACTION_HELP},
    {SDLK_m, ACTION_LOG},
    {SDLK_F12, ACTION_SCREENSHOT},
    {SDLK_j, ACTION_MOVE_S},
    {SDLK_h, ACTION_MOVE_W},
    {SDLK_l, ACTION_MOVE_E},
    {SDLK_y, ACTION_MOVE_NW},
    {SDLK_u, ACTION_MOVE_NE},
    {SDLK_b, ACTION_MOVE_SW},
    {SDLK_n, ACTION_MOVE_SE},
    {SDLK_KP_8, ACTION_MOVE_N},
    {SDLK_KP_2, ACTION_MOVE_S},
    {SDLK_KP_4, ACTION_MOVE_W},
    {SDLK_KP_6, ACTION_MOVE_E},
    {SDLK_KP_7, ACTION_MOVE_NW},
    {SDLK_KP_9, ACTION_MOVE_NE},
    {SDLK_KP_1, ACTION_MOVE_SW},
    {SDLK_KP_3, ACTION_MOVE_SE},
    {SDLK_KP_5, ACTION_WAIT},
    {SDLK_PERIOD, ACTION_WAIT},
    {SDLK_F11, ACTION_FULLSCREEN},
    {SDLK_v, ACTION_ZOOM},
    {SDLK_SEMICOLON, ACTION_LOOK},
    {SDLK_ESCAPE, ACTION_QUIT},
};

static const KeyBinding WASD_BINDINGS[] = {
    {SDLK_UP, ACTION_MOVE_N},
    {SDLK_w, ACTION_MOVE_N},
    {SDLK_KP_8, ACTION_MOVE_N},
    {SDLK_DOWN, ACTION_MOVE_S},
    {SDLK_s, ACTION_MOVE_S},
    {SDLK_KP_2, ACTION_MOVE_S},
    {SDLK_LEFT, ACTION_MOVE_W},
    {SDLK_a, ACTION_MOVE_W},
    {SDLK_KP_4, ACTION_MOVE_W},
    {SDLK_RIGHT, ACTION_MOVE_E},
    {SDLK_d, ACTION_MOVE_E},
    {SDLK_KP_6, ACTION_MOVE_E},
    {SDLK_q, ACTION_MOVE_NW},
    {SDLK_KP_7, ACTION_MOVE_NW},
    {SDLK_e, ACTION_MOVE_NE},
    {SDLK_KP_9, ACTION_MOVE_NE},
    {SDLK_z, ACTION_MOVE_SW},
    {SDLK_KP_1, ACTION_MOVE_SW},
    {SDLK_c, ACTION_MOVE_SE},
    {SDLK_KP_3, ACTION_MOVE_SE},
    {SDLK_KP_5, ACTION_WAIT},
    {SDLK_PERIOD, ACTION_WAIT},
    {SDLK_r, ACTION_SEARCH},
    {SDLK_x, ACTION_EXPLORE},
    {KEY_SHIFTED('r'), ACTION_SEARCH_LONG},
    {KEY_SHIFTED('z'), ACTION_REST},
    {KEY_SHIFTED('c'), ACTION_CLOSE_DOOR},
    {SDLK_t, ACTION_THROW},
    {SDLK_LESS, ACTION_TRAVEL_UP},
    {SDLK_GREATER, ACTION_TRAVEL_DOWN},
    {SDLK_TAB, ACTION_INVENTORY},
    {SDLK_i, ACTION_INVENTORY},
    {SDLK_QUESTION, ACTION_HELP},
    {SDLK_F1, ACTION_HELP},
    {SDLK_m, ACTION_LOG},
    {SDLK_F12, ACTION_SCREENSHOT},
    {SDLK_F11, ACTION_FULLSCREEN},
    {SDLK_v, ACTION_ZOOM},
    {SDLK_SEMICOLON, ACTION_LOOK},
    {SDLK_ESCAPE, ACTION_QUIT},
};

static const char *const ACTION_NAMES[ACTION_COUNT] = {
    [ACTION_MOVE_N] = "move_north",
    [ACTION_MOVE_S] = "move_south",
    [ACTION_MOVE_W] = "move_west",
    [ACTION_MOVE_E] = "move_east",
    [ACTION_MOVE_NW] = "move_north_west",
    [ACTION_MOVE_NE] = "move_north_east",
    [ACTION_MOVE_SW] = "move_south_west",
    [ACTION_MOVE_SE] = "move_south_east",
    [ACTION_WAIT] = "wait",
    [ACTION_SEARCH] = "search",
    [ACTION_SEARCH_LONG] = "search_long",
    [ACTION_REST] = "rest",
    [ACTION_CLOSE_DOOR] = "close_door",
    [ACTION_THROW] = "throw",
    [ACTION_EXPLORE] = "explore",
    [ACTION_TRAVEL_UP] = "travel_up",
    [ACTION_TRAVEL_DOWN] = "travel_down",
    [ACTION_INVENTORY] = "inventory",
    [ACTION_HELP] = "help",
    [ACTION_LOG] = "log",
    [ACTION_ZOOM] = "zoom",
    [ACTION_LOOK] = "look",
    [ACTION_SCREENSHOT] = "screenshot",
    [ACTION_FULLSCREEN] = "fullscreen",
    [ACTION_QUIT] = "quit",
};

static bool action_valid(Action action)
{
    return action > ACTION_NONE && action < ACTION_COUNT;
}

const char *action_name(Action action)
{
    return action_valid(action) ? ACTION_NAMES[action] : NULL;
}

Action action_from_name(const char *name)
{
    for (int a = ACTION_NONE + 1; name && a < ACTION_COUNT; a++)
        if (strcmp(ACTION_NAMES[a], name) == 0)
            return (Action)a;
    return ACTION_NONE;
}

static bool is_shifted_letter(SDL_Keycode key)
{
    return key >= KEY_SHIFTED('a') && key <= KEY_SHIFTED('z');
}

SDL_Keycode key_of_event(SDL_Keycode sym, Uint16 mod)
{
    if (!(mod & KMOD_SHIFT))
        return sym;
    if (sym >= SDLK_a && sym <= SDLK_z)
        return KEY_SHIFTED(sym);
    switch (sym) { /* the US layout's Shift + '.' ',' '/'; a layout with a '<' key has '>' on it */
    case SDLK_PERIOD: return SDLK_GREATER;
    case SDLK_COMMA: return SDLK_LESS;
    case SDLK_SLASH: return SDLK_QUESTION;
    case SDLK_LESS: return SDLK_GREATER;
    default: return sym;
    }
}

SDL_Keycode key_unshifted(SDL_Keycode key)
{
    return is_shifted_letter(key) ? key - 'A' + 'a' : key;
}

const char *key_name(SDL_Keycode key)
{
    /* As typed: "s" for the letter key, "S" for Shift and that key. (SDL names the letter key
     * "S" and reads either case back, so the case is ours to give a meaning.) */
    if ((key >= SDLK_a && key <= SDLK_z) || is_shifted_letter(key)) {
        static char letter[2];
        letter[0] = (char)key;
        return letter;
    }
    return key == SDLK_UNKNOWN ? "" : SDL_GetKeyName(key);
}

SDL_Keycode key_from_name(const char *name)
{
    if (name && name[0] >= 'A' && name[0] <= 'Z' && name[1] == '\0')
        return KEY_SHIFTED(name[0] - 'A' + 'a');
    return name && *name ? SDL_GetKeyFromName(name) : SDLK_UNKNOWN;
}

bool key_is_bindable(SDL_Keycode key)
{
    if (is_shifted_letter(key))
        return true;
    if (key == SDLK_UNKNOWN)
        return false;
    const char *name = SDL_GetKeyName(key);
    return name && *name && SDL_GetKeyFromName(name) == key;
}

Action pad_action(GamepadButton button)
{
    static const Action actions[] = {
        [PAD_A] = ACTION_EXPLORE,   [PAD_B] = ACTION_SEARCH_LONG,  [PAD_X] = ACTION_WAIT,
        [PAD_Y] = ACTION_INVENTORY, [PAD_LB] = ACTION_TRAVEL_DOWN, [PAD_RB] = ACTION_TRAVEL_UP,
        [PAD_BACK] = ACTION_LOG,    [PAD_STICK] = ACTION_HELP,     [PAD_START] = ACTION_QUIT,
        [PAD_RSTICK] = ACTION_ZOOM, [PAD_LT] = ACTION_LOOK,        [PAD_RT] = ACTION_REST,
    };
    return (unsigned)button < sizeof actions / sizeof *actions ? actions[button] : ACTION_NONE;
}

const char *gamepad_button_label(GamepadButton button)
{
    static const char *const labels[] = {
        [PAD_UP] = "Pad Up",
        [PAD_DOWN] = "Pad Down",
        [PAD_LEFT] = "Pad Left",
        [PAD_RIGHT] = "Pad Right",
        [PAD_UP_LEFT] = "Pad Up-Left",
        [PAD_UP_RIGHT] = "Pad Up-Right",
        [PAD_DOWN_LEFT] = "Pad Down-Left",
        [PAD_DOWN_RIGHT] = "Pad Down-Right",
        [PAD_A] = "Pad A",
        [PAD_B] = "Pad B",
        [PAD_X] = "Pad X",
        [PAD_Y] = "Pad Y",
        [PAD_LB] = "Pad LB",
        [PAD_RB] = "Pad RB",
        [PAD_BACK] = "Pad Back",
        [PAD_START] = "Pad Start",
        [PAD_STICK] = "Pad left stick click",
        [PAD_RSTICK] = "Pad right stick click",
        [PAD_LT] = "Pad LT",
        [PAD_RT] = "Pad RT",
    };
    bool known = (unsigned)button < sizeof labels / sizeof *labels && labels[button];
    return known ? labels[button] : "";
}

static void load_table(Keymap *map, const KeyBinding *table, size_t n)
{
    map->count = 0;
    for (size_t i = 0; i < n; i++)
        map->bindings[map->count++] = table[i];
}

void keymap_default(Keymap *map)
{
    load_table(map, DEFAULT_BINDINGS, sizeof DEFAULT_BINDINGS / sizeof DEFAULT_BINDINGS[0]);
}

void keymap_preset_wasd(Keymap *map)
{
    load_table(map, WASD_BINDINGS, sizeof WASD_BINDINGS / sizeof WASD_BINDINGS[0]);
}

void keymap_preset(Keymap *map, KeymapPreset preset)
{
    if (preset == KEYMAP_PRESET_WASD)
        keymap_preset_wasd(map);
    else
        keymap_default(map);
}

const char *keymap_preset_label(KeymapPreset preset)
{
    switch (preset) {
    case KEYMAP_PRESET_CLASSIC: return "Classic: arrows, numpad or hjkl yubn move; s searches";
    case KEYMAP_PRESET_WASD: return "WASD: wasd qezc, arrows or numpad move; r searches";
    default: return "";
    }
}

int keymap_preset_of(const Keymap *map)
{
    for (int p = 0; p < KEYMAP_PRESET_COUNT; p++) {
        Keymap preset;
        keymap_preset(&preset, (KeymapPreset)p);
        if (keymap_equal(map, &preset))
            return p;
    }
    return -1;
}

void keymap_clear(Keymap *map)
{
    map->count = 0;
}

bool keymap_equal(const Keymap *a, const Keymap *b)
{
    for (int act = ACTION_NONE + 1; act < ACTION_COUNT; act++) {
        SDL_Keycode ka[KEYMAP_KEYS_PER_ACTION], kb[KEYMAP_KEYS_PER_ACTION];
        int na = keymap_keys(a, (Action)act, ka), nb = keymap_keys(b, (Action)act, kb);
        if (na != nb || memcmp(ka, kb, (size_t)na * sizeof *ka) != 0)
            return false;
    }
    return true;
}

static int find_key(const Keymap *map, SDL_Keycode key)
{
    for (int i = 0; i < map->count; i++)
        if (map->bindings[i].key == key)
            return i;
    return -1;
}

static void remove_at(Keymap *map, int i)
{
    memmove(&map->bindings[i], &map->bindings[i + 1],
            (size_t)(map->count - i - 1) * sizeof *map->bindings);
    map->count--;
}

Action keymap_action(const Keymap *map, SDL_Keycode key)
{
    int i = key == SDLK_UNKNOWN ? -1 : find_key(map, key);
    return i < 0 ? ACTION_NONE : map->bindings[i].action;
}

int keymap_keys(const Keymap *map, Action action, SDL_Keycode out[KEYMAP_KEYS_PER_ACTION])
{
    int n = 0;
    for (int i = 0; i < map->count && n < KEYMAP_KEYS_PER_ACTION; i++)
        if (map->bindings[i].action == action)
            out[n++] = map->bindings[i].key;
    return n;
}

static int key_count(const Keymap *map, Action action)
{
    SDL_Keycode keys[KEYMAP_KEYS_PER_ACTION];
    return keymap_keys(map, action, keys);
}

KeymapResult keymap_bind(Keymap *map, Action action, SDL_Keycode key)
{
    if (!action_valid(action))
        return KEYMAP_BAD_ACTION;
    if (!key_is_bindable(key))
        return KEYMAP_BAD_KEY;
    int i = find_key(map, key);
    if (i >= 0 && map->bindings[i].action == action)
        return KEYMAP_OK;
    if (key_count(map, action) >= KEYMAP_KEYS_PER_ACTION || map->count >= KEYMAP_CAPACITY)
        return KEYMAP_FULL;
    if (i >= 0) {
        if (map->bindings[i].action == ACTION_QUIT && key_count(map, ACTION_QUIT) == 1)
            return KEYMAP_LAST_QUIT_KEY;
        remove_at(map, i);
    }
    map->bindings[map->count++] = (KeyBinding){key, action};
    return KEYMAP_OK;
}

KeymapResult keymap_unbind(Keymap *map, Action action, SDL_Keycode key)
{
    if (!action_valid(action))
        return KEYMAP_BAD_ACTION;
    int i = key == SDLK_UNKNOWN ? -1 : find_key(map, key);
    if (i < 0 || map->bindings[i].action != action)
        return KEYMAP_NOT_BOUND;
    if (action == ACTION_QUIT && key_count(map, ACTION_QUIT) == 1)
        return KEYMAP_LAST_QUIT_KEY;
    remove_at(map, i);
    return KEYMAP_OK;
}

const char *keymap_result_text(KeymapResult result)
{
    switch (result) {
    case KEYMAP_OK: return "";
    case KEYMAP_BAD_ACTION: return "no such action";
    case KEYMAP_BAD_KEY: return "that key cannot be bound";
    case KEYMAP_FULL: return "already 4 keys: remove one first";
    case KEYMAP_LAST_QUIT_KEY: return "quit needs at least one key";
    case KEYMAP_NOT_BOUND: return "that key is not bound to it";
    }
    return "";
}

bool keymap_is_back(const Keymap *map, SDL_Keycode key)
{
    return key == SDLK_ESCAPE || (key != SDLK_UNKNOWN && keymap_action(map, key) == ACTION_QUIT);
}

bool action_command(Action action, Command *out)
{
    static const int step[][2] = {
        [ACTION_MOVE_N] = {0, -1},  [ACTION_MOVE_S] = {0, 1},    [ACTION_MOVE_W] = {-1, 0},
        [ACTION_MOVE_E] = {1, 0},   [ACTION_MOVE_NW] = {-1, -1}, [ACTION_MOVE_NE] = {1, -1},
        [ACTION_MOVE_SW] = {-1, 1}, [ACTION_MOVE_SE] = {1, 1},
    };
    if (action >= ACTION_MOVE_N && action <= ACTION_MOVE_SE) {
        *out = command_move(step[action][0], step[action][1]);
        return true;
    }
    static const CommandType simple[ACTION_COUNT] = {
        [ACTION_WAIT] = CMD_WAIT,
        [ACTION_SEARCH] = CMD_SEARCH,
        [ACTION_SEARCH_LONG] = CMD_SEARCH_LONG,
        [ACTION_REST] = CMD_REST,
        [ACTION_EXPLORE] = CMD_EXPLORE,
    };
    if (action_valid(action) && simple[action] != CMD_NONE) {
        *out = command_of(simple[action]);
        return true;
    }
    return false;
}

const char *action_label(Action action)
{
    static const char *const labels[ACTION_COUNT] = {
        [ACTION_MOVE_N] = "move north",
        [ACTION_MOVE_S] = "move south",
        [ACTION_MOVE_W] = "move west",
        [ACTION_MOVE_E] = "move east",
        [ACTION_MOVE_NW] = "move north-west",
        [ACTION_MOVE_NE] = "move north-east",
        [ACTION_MOVE_SW] = "move south-west",
        [ACTION_MOVE_SE] = "move south-east",
        [ACTION_WAIT] = "wait a turn",
        [ACTION_SEARCH] = "search once (the 5th in a row is thorough)",
        [ACTION_SEARCH_LONG] = "search 5 times (stops if disturbed)",
        [ACTION_REST] = "rest until HP is full (stops if disturbed)",
        [ACTION_CLOSE_DOOR] = "close a door (asks which if two)",
        [ACTION_THROW] = "throw or place an item",
        [ACTION_EXPLORE] = "explore",
        [ACTION_TRAVEL_UP] = "walk to the stairs up",
        [ACTION_TRAVEL_DOWN] = "walk to the stairs down",
        [ACTION_INVENTORY] = "pack",
        [ACTION_HELP] = "this help",
        [ACTION_LOG] = "message log",
        [ACTION_ZOOM] = "whole floor / close view",
        [ACTION_LOOK] = "look around",
        [ACTION_SCREENSHOT] = "screenshot",
        [ACTION_FULLSCREEN] = "fullscreen",
        [ACTION_QUIT] = "title menu (Quit is there)",
    };
    return action_valid(action) && labels[action] ? labels[action] : "";
}

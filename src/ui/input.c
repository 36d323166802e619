#include "ui/input.h"

static const KeyBinding DEFAULT_BINDINGS[] = {
    {SDLK_UP, ACTION_MOVE_N},    {SDLK_DOWN, ACTION_MOVE_S},  {SDLK_LEFT, ACTION_MOVE_W},
    {SDLK_RIGHT, ACTION_MOVE_E}, {SDLK_s, ACTION_SEARCH},     {SDLK_x, ACTION_EXPLORE},
    {SDLK_GREATER, ACTION_TRAVEL_UP}, {SDLK_LESS, ACTION_TRAVEL_DOWN},
    {SDLK_TAB, ACTION_INVENTORY},     {SDLK_i, ACTION_INVENTORY},     {SDLK_k, ACTION_MOVE_N},
    {SDLK_QUESTION, ACTION_HELP},     {SDLK_F1, ACTION_HELP},         {SDLK_m, ACTION_LOG},
    {SDLK_F12, ACTION_SCREENSHOT},
    {SDLK_j, ACTION_MOVE_S},     {SDLK_h, ACTION_MOVE_W},     {SDLK_l, ACTION_MOVE_E},
    {SDLK_y, ACTION_MOVE_NW},    {SDLK_u, ACTION_MOVE_NE},    {SDLK_b, ACTION_MOVE_SW},
    {SDLK_n, ACTION_MOVE_SE},    {SDLK_KP_8, ACTION_MOVE_N},  {SDLK_KP_2, ACTION_MOVE_S},
    {SDLK_KP_4, ACTION_MOVE_W},  {SDLK_KP_6, ACTION_MOVE_E},  {SDLK_KP_7, ACTION_MOVE_NW},
    {SDLK_KP_9, ACTION_MOVE_NE}, {SDLK_KP_1, ACTION_MOVE_SW}, {SDLK_KP_3, ACTION_MOVE_SE},
    {SDLK_KP_5, ACTION_WAIT},    {SDLK_PERIOD, ACTION_WAIT},  {SDLK_F11, ACTION_FULLSCREEN},
    {SDLK_ESCAPE, ACTION_QUIT},
};

void keymap_default(Keymap *map)
{
    map->count = 0;
    for (size_t i = 0; i < sizeof DEFAULT_BINDINGS / sizeof DEFAULT_BINDINGS[0]; i++)
        map->bindings[map->count++] = DEFAULT_BINDINGS[i];
}

Action keymap_action(const Keymap *map, SDL_Keycode key)
{
    for (int i = 0; i < map->count; i++)
        if (map->bindings[i].key == key)
            return map->bindings[i].action;
    return ACTION_NONE;
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
    if (action == ACTION_WAIT || action == ACTION_SEARCH || action == ACTION_EXPLORE) {
        *out = command_of(action == ACTION_WAIT     ? CMD_WAIT
                          : action == ACTION_SEARCH ? CMD_SEARCH
                                                    : CMD_EXPLORE);
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
        [ACTION_SEARCH] = "search (5 in a row: thorough)",
        [ACTION_EXPLORE] = "explore",
        [ACTION_TRAVEL_UP] = "walk to the stairs up",
        [ACTION_TRAVEL_DOWN] = "walk to the stairs down",
        [ACTION_INVENTORY] = "pack",
        [ACTION_HELP] = "this help",
        [ACTION_LOG] = "message log",
        [ACTION_SCREENSHOT] = "screenshot",
        [ACTION_FULLSCREEN] = "fullscreen",
        [ACTION_QUIT] = "quit",
    };
    return action > ACTION_NONE && action < ACTION_COUNT && labels[action] ? labels[action] : "";
}

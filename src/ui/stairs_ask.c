/* The question before going back to a floor already left (stairs_ask.h). */
#include "ui/stairs_ask.h"

#include <stdio.h>

#include "game/travel.h"

static bool same_command(const Command *a, const Command *b)
{
    return a->type == b->type && a->dx == b->dx && a->dy == b->dy && a->x == b->x && a->y == b->y &&
           a->item == b->item;
}

bool stairs_confirmed(StairsAsk *a, Game *game, const Command *cmd, bool ask, const char *again,
                      char *prompt, size_t size)
{
    bool repeat = a->armed && a->commands == game->commands && same_command(&a->cmd, cmd);
    a->armed = false;
    if (size)
        prompt[0] = '\0';
    int to = ask && !repeat ? game_command_revisits(game, cmd) : -1;
    if (to < 0)
        return true;
    *a = (StairsAsk){true, *cmd, game->commands};
    snprintf(prompt, size, "Back %s to floor #%d, which you have left? %s.",
             to < game->current ? "down" : "up", to, again);
    return false;
}

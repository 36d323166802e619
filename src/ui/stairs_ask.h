/* The question before going back to a floor already left ("Ask before wasteful actions"):
 * the stairs key, a step onto the stairs or a click on them asks first, and the same command
 * again goes. No SDL: the play screen shows the question. */
#ifndef MK_STAIRS_ASK_H
#define MK_STAIRS_ASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/command.h"
#include "game/game.h"

/* A question asked and not yet answered: the command, at this count of commands. */
typedef struct StairsAsk {
    bool armed;
    Command cmd;
    uint64_t commands;
} StairsAsk;

/* Whether to send `cmd` now. It is when `ask` is off, when `cmd` does not take the player back
 * to a floor she has left (game_command_revisits), or when it repeats the question armed last
 * with no command between; otherwise the question is armed and `prompt` gets "Back down to
 * floor #1, which you have left? <again>." (`again` as "Press > again"). Either way a
 * question armed for something else is forgotten (R-STAIRS-KEY-3). */
bool stairs_confirmed(StairsAsk *a, Game *game, const Command *cmd, bool ask, const char *again,
                      char *prompt, size_t size);

#endif

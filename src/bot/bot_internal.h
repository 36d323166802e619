/* What the bot's files share (bot.c, bot_tools.c): a few looks at the game the plans make. */
#ifndef MK_BOT_INTERNAL_H
#define MK_BOT_INTERNAL_H

#include "bot/bot.h"

enum {
    FLEE_PERCENT = 30 /* with no Health Pack left, run for the stairs below this */
};

/* The player's HP in percent of her maximum. */
int bot_hp_percent(const Game *game);
/* The nearest mouse in view, or NULL. */
Entity *bot_mouse_in_view(Game *game);
/* The letter of a Health Pack, else of a known Healing Serum, or -1. */
int bot_heal_letter(const Game *game);
/* Whether a vial is one whose kind the player knows. */
bool bot_known_vial(const Game *game, const Entity *item);

/* Hidden doors (bot_walls.c): to the nearest wall worth searching, then search there. */
Command plan_search_walls(Bot *bot, Game *game);

/* The tools (bot_tools.c, see the top of that file): the first tool rule that applies gives
 * the command, or CMD_NONE. */
Command plan_tools(Bot *bot, Game *game);
/* Finds the effect of each tool kind by its name, once (bot_init). */
void bot_tools_init(Bot *bot);
/* The tool kind (0..BOT_TOOL_KINDS - 1) a command uses or throws, BOT_TOOL_KINDS + the vial
 * kind of a vial it throws, or -1. */
int bot_command_tool(const Bot *bot, const Game *game, const Command *cmd);
/* Marks the tool kinds in the pack as found (Bot.tools_found). */
void bot_note_found(Bot *bot, const Game *game);

#endif

/* The autoplay bot: plays a whole game through Commands, knowing only what the player has
 * seen (the floor's memory, doors once seen, mice and items in view). It explores, fights,
 * heals, picks up and wears better gear, uses Keys on locked doors, closes doors behind it
 * when it flees, uses the lab tools and throws the vials it knows are harmful (bot_tools.c),
 * searches walls when the way up is not found, and climbs. Same seed, same game. */
#ifndef MK_BOT_H
#define MK_BOT_H

#include <stdbool.h>
#include <stdint.h>

#include "game/game.h"
#include "game/vials.h"

/* The six lab tools, counted by kind: Cheese, Spring Trap, Ultrasonic Repeller, Flash Bulb,
 * Tranquilizer Darts, Chip Scrambler (bot_tool_name gives the data's names). */
enum { BOT_TOOL_KINDS = 6 };
/* Uses are counted for those, then for each vial kind thrown (Healing Serum first, vials.h). */
enum { BOT_USE_KINDS = BOT_TOOL_KINDS + VIAL_KINDS };

typedef struct Bot {
    uint8_t covered[FLOOR_COUNT][MAP_WIDTH * MAP_HEIGHT]; /* walls a thorough search saw */
    uint32_t chase_id;                                    /* the mouse chased (its entity id) */
    int chase_floor;                                      /* the floor of the chase */
    int chase_x, chase_y;                                 /* where that mouse was last seen */
    uint32_t chase_until;                                 /* the turn the chase is given up */
    int thorough_at;        /* the cell of its last thorough search (y * MAP_WIDTH + x), or -1 */
    uint32_t thorough_turn; /* the turn that search was made */
    int corner_waits;       /* turns waited in a row for a mouse at a corner to step in line */
    bool fleeing_about;     /* a fleeing mouse has been seen: since and seen below are set */
    uint32_t fleeing_since; /* the turn fleeing mice began to be about (seen at least every
                               FLEEING_FORGET turns) */
    uint32_t fleeing_seen;  /* the last turn one was in view */
    int32_t dist[MAP_WIDTH * MAP_HEIGHT];
    uint32_t locker_target;       /* the caged item it is walking to (plan_locker), or 0 */
    const char *locker_pick;      /* the name of the last caged item it took, or NULL */
    int tool_uses[BOT_USE_KINDS]; /* turns it used (threw, set) each tool kind, threw each vial */
    unsigned tools_found;         /* bit t: a tool of kind t has been in its pack */
    int tool_effect[BOT_TOOL_KINDS]; /* each tool kind's effect (effect_find), found once */
    int trap_waits;                  /* turns waited in a row behind its own Spring Trap */
    /* The wall it walks to for a search (bot_walls.c), kept while it stays the nearest: its
     * floor and cell (-1: none), the costs it was chosen on, the map from where it was chosen
     * and the map from the wall; how many turns it was kept (the tests count them). */
    int walls_floor, walls_target;
    int16_t walls_costs[MAP_WIDTH * MAP_HEIGHT];
    int32_t walls_from[MAP_WIDTH * MAP_HEIGHT];
    int32_t walls_back[MAP_WIDTH * MAP_HEIGHT];
    long walls_kept;
    /* Called after every command the bot sends, with the game as game_apply left it (to record
     * the game); NULL (bot_init's default) for none. Set after bot_init. */
    void (*on_command)(void *ctx, const Command *cmd, const Game *after);
    void *on_command_ctx;
} Bot;

void bot_init(Bot *bot);
/* Drops what the bot keeps between turns only to save work (the wall it walks to): it plays
 * the same without it. For the tests. */
void bot_forget_kept(Bot *bot);
/* Plays one turn: sends Commands until one takes a turn. False when the game is over or
 * the bot found nothing at all to do. */
bool bot_play_turn(Bot *bot, Game *game);
/* The name of tool kind t (0..BOT_TOOL_KINDS - 1), or of vial kind t - BOT_TOOL_KINDS: its
 * kind's name in `kinds`. */
const char *bot_tool_name(const KindTable *kinds, int t);

#endif

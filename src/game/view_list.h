/* What the play screen's sidebar lists: the mice and items the player sees, nearest first,
 * each mouse's state of mind in a word, and the Mouse King when he is about. Pure queries
 * over the game: they change nothing. */
#ifndef MK_VIEW_LIST_H
#define MK_VIEW_LIST_H

#include "game/game.h"

/* A mouse's state of mind as the player would put it. */
typedef enum MonsterMood {
    MOOD_ASLEEP,    /* dormant: it has not seen the player */
    MOOD_HUNTING,   /* coming for the player */
    MOOD_SEARCHING, /* lost the player: going where she was last seen */
    MOOD_WANDERING, /* gave up: walking from room to room */
    MOOD_FLEEING,   /* badly hurt, running from the player (a skittish mouse) */
    MOOD_ANSWERING, /* going where a caller squeaked for help */
    MOOD_COUNT
} MonsterMood;

MonsterMood game_monster_mood(const Game *game, const Entity *mouse);
/* "asleep", "hunting", "searching", "wandering"; "" out of range. */
const char *monster_mood_label(MonsterMood mood);

/* Where (dx, dy) points, as a compass word for messages: "north", "north-east"... with y
 * growing southwards; "" for (0, 0). Eight sectors of 45 degrees. */
const char *game_compass(int dx, int dy);
/* game_compass from the player to e: "to the north-east" in messages. */
const char *game_compass_to(const Game *game, const Entity *e);

/* Every mouse the player sees now (game_cell_visible), then every item lying in view, into out
 * (at most max); returns how many. Each group in a steady order: first come into view first
 * (Entity.in_view_since), so a row stays where it is while its thing stays in view; among
 * those that came into view on the same turn, nearest first. Nearest: Chebyshev distance,
 * then squared Euclidean, then the floor's list order. The player, doors and stairs are never
 * listed. */
int game_things_in_view(const Game *game, const Entity **out, int max);
/* The same, with every mouse of the floor while Mouse Radar lasts (R-VIAL-5): the sidebar's. */
int game_things_shown(const Game *game, const Entity **out, int max);

/* The same things, each group nearest first whenever it came into view. */
int game_things_nearest(const Game *game, const Entity **out, int max);

/* The nearest mouse the player sees (the first of game_things_in_view), or NULL. */
const Entity *game_nearest_mouse_in_view(const Game *game);

/* The Mouse King on the current floor when the player sees him or he is hunting her, else
 * NULL: the sidebar's boss bar. */
const Entity *game_boss_shown(const Game *game);

#endif

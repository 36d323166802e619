/* A game in progress: the seeds, the floors visited so far, the player and the log. The SDL
 * layer reads it and changes it only through game_apply. */
#ifndef MK_GAME_H
#define MK_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "core/factory.h"
#include "core/floor.h"
#include "core/msglog.h"
#include "core/rng.h"
#include "core/seeds.h"
#include "game/command.h"

/* What the last game_apply did that a front end may want to show or react to. */
enum GameEvent {
    GAME_EVENT_FLOOR_CHANGED = 1u << 0, /* blank the screen for a moment */
    GAME_EVENT_BLOCKED = 1u << 1        /* the move went nowhere: stop repeating it */
};

typedef struct Game {
    GameSeeds seeds;
    Rng rng_play;     /* everything that changes the game */
    Rng rng_cosmetic; /* looks only; never read by the rules */
    EntityFactory factory;
    Floor *floors[FLOOR_COUNT]; /* NULL until first visited; kept as left afterwards */
    int current;
    int deepest;
    Entity *player;
    MessageLog log;
    uint32_t turn;
    uint32_t events; /* GameEvent bits of the last game_apply */
    uint8_t *visible; /* cells the player sees now on the current floor (MAP_WIDTH * MAP_HEIGHT) */
    uint8_t *opaque;  /* scratch: the current floor's sight map */
    char error[FACTORY_ERROR_MAX];
} Game;

/* A new game of `seed` on floor 0. False with game->error set if it could not be built. */
bool game_init(Game *game, uint64_t seed);
void game_free(Game *game);

static inline Floor *game_floor(Game *game)
{
    return game->floors[game->current];
}

/* Carries out one player command. Returns true when it took a turn. */
bool game_apply(Game *game, const Command *cmd);

enum { PLAYER_SIGHT_RADIUS = 9 };

/* Recomputes what the player sees and adds it to the floor's memory. game_apply and
 * game_change_floor call it whenever sight may have changed (a step, a door, a new floor). */
void game_update_sight(Game *game);

static inline bool game_cell_visible(const Game *game, int x, int y)
{
    const Map *m = &game->floors[game->current]->map;
    return map_in_bounds(m, x, y) && game->visible[y * m->width + x];
}

/* Moves the player to floor `number`, generating it on the first visit, beside the stairs
 * that lead back to where the player came from. False (game->error set) on failure, with
 * the player left where they were. */
bool game_change_floor(Game *game, int number);

#endif

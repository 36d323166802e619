#include "game/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fov.h"
#include "entities/entities.h"
#include "gen/gen.h"

bool game_init(Game *game, uint64_t seed)
{
    memset(game, 0, sizeof *game);
    seeds_derive(&game->seeds, seed);
    rng_seed(&game->rng_play, seed, RNG_STREAM_GAMEPLAY);
    rng_seed(&game->rng_cosmetic, seed, RNG_STREAM_COSMETIC);
    msglog_init(&game->log);
    factory_init(&game->factory);
    if (!entities_register_all(&game->factory)) {
        snprintf(game->error, sizeof game->error, "%s", game->factory.error);
        return false;
    }
    game->player = factory_create(&game->factory, "Player", 0, 0);
    if (!game->player) {
        snprintf(game->error, sizeof game->error, "%s", game->factory.error);
        return false;
    }
    game->visible = calloc((size_t)MAP_WIDTH * MAP_HEIGHT, 1);
    game->opaque = calloc((size_t)MAP_WIDTH * MAP_HEIGHT, 1);
    if (!game->visible || !game->opaque) {
        snprintf(game->error, sizeof game->error, "out of memory");
        game_free(game);
        return false;
    }
    game->current = -1;
    if (!game_change_floor(game, 0)) {
        game_free(game);
        return false;
    }
    msglog_add(&game->log, 0, "The mice went up the stairs. Follow them to the Mouse King.");
    return true;
}

void game_free(Game *game)
{
    for (int f = 0; f < FLOOR_COUNT; f++) {
        if (game->floors[f]) {
            floor_free(game->floors[f]);
            free(game->floors[f]);
            game->floors[f] = NULL;
        }
    }
    free(game->player);
    game->player = NULL;
    free(game->visible);
    free(game->opaque);
    game->visible = game->opaque = NULL;
}

void game_update_sight(Game *game)
{
    Floor *floor = game_floor(game);
    const Map *m = &floor->map;
    floor_sight_map(floor, game->opaque);
    fov_compute(game->opaque, m->width, m->height, game->player->x, game->player->y,
                PLAYER_SIGHT_RADIUS, game->visible);
    for (int i = 0; i < m->width * m->height; i++)
        floor->seen[i] |= game->visible[i];
}

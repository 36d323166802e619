#include <stdlib.h>

#include "core/world.h"
#include "game/game.h"

/* No squeezing diagonally between two walls. */
static bool diagonal_squeeze(const Map *map, int x, int y, int dx, int dy)
{
    return dx && dy && map_is_wall(map, x + dx, y) && map_is_wall(map, x, y + dy);
}

/* Returns true when the move took a turn. */
static bool player_move(Game *game, int dx, int dy)
{
    Floor *floor = game_floor(game);
    Entity *player = game->player;
    if (dx)
        player->facing = dx > 0 ? 1 : -1;
    int nx = player->x + dx, ny = player->y + dy;
    if (map_is_wall(&floor->map, nx, ny) ||
        diagonal_squeeze(&floor->map, player->x, player->y, dx, dy)) {
        game->events |= GAME_EVENT_BLOCKED;
        return false;
    }
    Entity *solid = floor_entity_at(floor, nx, ny, EF_SOLID);
    if (solid) {
        World world = {
            .floor = floor, .log = &game->log, .rng = &game->rng_play, .turn = game->turn};
        TouchResult touch =
            solid->on_touch ? solid->on_touch(solid, player, &world) : TOUCH_NOTHING;
        switch (touch) {
        case TOUCH_CLIMB_UP: return game_change_floor(game, game->current + 1);
        case TOUCH_CLIMB_DOWN: return game_change_floor(game, game->current - 1);
        case TOUCH_BLOCKED: return true;
        case TOUCH_NOTHING: break;
        }
        if (solid->flags & EF_SOLID) {
            game->events |= GAME_EVENT_BLOCKED;
            return false;
        }
    }
    player->x = nx;
    player->y = ny;
    return true;
}

bool game_apply(Game *game, const Command *cmd)
{
    game->events = 0;
    bool took_turn = false;
    switch (cmd->type) {
    case CMD_MOVE:
        if (abs(cmd->dx) <= 1 && abs(cmd->dy) <= 1 && (cmd->dx || cmd->dy))
            took_turn = player_move(game, cmd->dx, cmd->dy);
        break;
    case CMD_WAIT: took_turn = true; break;
    case CMD_NONE: break;
    }
    if (took_turn) {
        game->turn++;
        entity_list_purge(&game_floor(game)->entities);
        game_update_sight(game);
    }
    return took_turn;
}

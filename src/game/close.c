/* Closing a door (CMD_CLOSE, docs/RULES.md R-DOOR-CLOSE): the player's reach is the bump's,
 * so a door she could open by a step she can close, and nothing else can. */
#include <stdlib.h>

#include "entities/entities.h"
#include "game/game.h"

/* The open door the player reaches by (dx, dy), or NULL. */
static Entity *open_door_at(Game *game, int dx, int dy)
{
    const Floor *floor = game_floor(game);
    const Entity *p = game->player;
    if ((!dx && !dy) || abs(dx) > 1 || abs(dy) > 1 ||
        !floor_diagonal_allowed(floor, p->x, p->y, dx, dy))
        return NULL;
    for (Entity *e = floor->entities.head; e; e = e->next)
        if (!(e->flags & EF_REMOVED) && e->kind == KIND_DOOR && e->door == DOOR_OPEN &&
            e->x == p->x + dx && e->y == p->y + dy)
            return e;
    return NULL;
}

int game_doors_to_close(Game *game, int *dx, int *dy)
{
    int count = 0;
    for (int y = -1; y <= 1; y++)
        for (int x = -1; x <= 1; x++)
            if (open_door_at(game, x, y) && count++ == 0) {
                *dx = x;
                *dy = y;
            }
    return count;
}

/* Whatever stands or lies in the doorway keeps the door open: said, and no turn. */
static bool doorway_taken(Game *game, const Entity *door)
{
    for (const Entity *e = game_floor(game)->entities.head; e; e = e->next) {
        if (e == door || (e->flags & EF_REMOVED) || e->x != door->x || e->y != door->y)
            continue;
        msglog_add_tone(&game->log, game->turn, MSG_WARN, "%s %s in the doorway.",
                        entity_a(e, true).s, e->kind == KIND_MONSTER ? "stands" : "lies");
        return true;
    }
    return false;
}

bool game_close_door(Game *game, int dx, int dy)
{
    int n = 1;
    if (!dx && !dy)
        n = game_doors_to_close(game, &dx, &dy);
    Entity *door = n == 1 ? open_door_at(game, dx, dy) : NULL;
    if (!door) {
        msglog_add_tone(&game->log, game->turn, MSG_WARN, "%s",
                        n > 1    ? "Close which door? Give a direction."
                        : n == 0 ? "There is no open door beside you."
                                 : "There is no open door there.");
        return false;
    }
    if (doorway_taken(game, door))
        return false;
    game_set_door(game, door, DOOR_CLOSED);
    game->counters.doors_closed = limits_count_up(game->counters.doors_closed, GAME_COUNT_MAX);
    game->events |= GAME_EVENT_DOOR_CLOSED;
    msglog_add(&game->log, game->turn, "You close the door.");
    return true;
}

#include <stdio.h>
#include <stdlib.h>

#include "game/game.h"
#include "game/memory.h"
#include "gen/gen.h"

static Floor *visit_floor(Game *game, int number)
{
    if (game->floors[number])
        return game->floors[number];
    Floor *floor = malloc(sizeof *floor);
    if (!floor) {
        snprintf(game->error, sizeof game->error, "out of memory for floor %d", number);
        return NULL;
    }
    if (!gen_floor(floor, number, game->seeds.floors[number], &game->factory, NULL)) {
        snprintf(game->error, sizeof game->error, "%s", game->factory.error);
        free(floor);
        return NULL;
    }
    game->floors[number] = floor;
    vials_name_all(game);
    return floor;
}

/* Where the player stands on arrival: beside the stairs leading back to the floor they came
 * from, or the floor's start point when there are none (a new game). */
static bool arrival_point(const Floor *floor, int from, int *x, int *y)
{
    KindId back = from < floor->number ? KIND_ID_STAIRS_DOWN : KIND_ID_STAIRS_UP;
    const Entity *stairs = from >= 0 ? floor_find(floor, back) : NULL;
    if (!stairs) {
        *x = floor->arrival_x;
        *y = floor->arrival_y;
        return true;
    }
    return floor_cell_beside(floor, stairs->x, stairs->y, x, y);
}

bool game_change_floor(Game *game, int number)
{
    if (number < 0 || number > MAX_FLOORS) {
        snprintf(game->error, sizeof game->error, "there is no floor %d", number);
        return false;
    }
    Floor *target = visit_floor(game, number);
    if (!target)
        return false;
    int x, y;
    if (!arrival_point(target, game->current, &x, &y)) {
        snprintf(game->error, sizeof game->error, "no free cell to arrive on floor %d", number);
        return false;
    }
    Entity *player = game->player;
    if (game->current >= 0)
        entity_list_detach(&game_floor(game)->entities, player);
    player->x = x;
    player->y = y;
    entity_list_add(&target->entities, player);
    game->current = number;
    if (number > game->deepest)
        game->deepest = number;
    game->events |= GAME_EVENT_FLOOR_CHANGED;
    game->activity = ACTIVITY_NONE;
    game->search_streak = 0;
    game_caches_invalidate(game, CACHE_FLOOR_CHANGED);
    game_caches_update_sight(game);
    game_memory_arrive(game);
    /* The rules give this line exactly, without a full stop. */
    msglog_add_tone(&game->log, game->turn, MSG_FLOOR, "Entering floor #%d", number);
    return true;
}

/* Specimen lockers in play (docs/RULES.md R-LOCKER-4, R-LOCKER-5): walking into an open cage
 * takes its item as any pick-up does and snaps the other cages of the floor shut; a shut cage
 * cannot be entered. */
#include "game/game.h"

bool game_cage_shut_at(Game *game, int x, int y)
{
    Floor *floor = game_floor(game);
    for (const Entity *e = floor->entities.head; e; e = e->next)
        if (e->x == x && e->y == y && (e->flags & EF_CAGE_SHUT) && !(e->flags & EF_REMOVED)) {
            msglog_add_tone(&game->log, game->turn, MSG_WARN, "The cage is shut.");
            return true;
        }
    return false;
}

void game_cage_taken(Game *game, Entity *item)
{
    if (!(item->flags & EF_CAGED))
        return;
    item->flags &= ~(uint32_t)(EF_CAGED | EF_CAGE_SHUT);
    int shut = 0;
    for (Entity *e = game_floor(game)->entities.head; e; e = e->next)
        if ((e->flags & EF_CAGED) && !(e->flags & EF_CAGE_SHUT)) {
            e->flags |= EF_CAGE_SHUT;
            shut++;
        }
    if (shut)
        msglog_add_tone(&game->log, game->turn, MSG_WARN, "The other cages snap shut.");
}

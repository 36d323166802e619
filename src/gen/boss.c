#include <stdlib.h>

#include "gen/steps.h"

/* The Mouse King holds court at the centre of the room farthest from where the player
 * arrives, and never within GEN_MONSTER_CLEARANCE cells of it. */
bool gen_place_king(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    const Room *best = NULL;
    int best_d2 = -1;
    for (int i = 0; i < floor->room_count; i++) {
        const Room *r = &floor->rooms[i];
        int dx = room_centre_x(r) - floor->arrival_x, dy = room_centre_y(r) - floor->arrival_y;
        if (dx * dx + dy * dy > best_d2) {
            best_d2 = dx * dx + dy * dy;
            best = r;
        }
    }
    if (!best)
        return false;
    int x = room_centre_x(best), y = room_centre_y(best);
    if (abs(x - floor->arrival_x) <= GEN_MONSTER_CLEARANCE &&
        abs(y - floor->arrival_y) <= GEN_MONSTER_CLEARANCE)
        return false;
    if (floor_entity_at(floor, x, y, 0))
        return false;
    return gen_spawn(ctx, kind_boss(ctx->factory->kinds), x, y) != NULL;
}

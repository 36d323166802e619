#include <stddef.h>

#include "gen/steps.h"

/* Floor 0: one small room in the middle of the map, the player's start at its west end and the
 * Stairs (Up) at its east end, nothing else. */
bool gen_build_start_floor(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    Room room = {.w = 9, .h = 5};
    room.x = (floor->map.width - room.w) / 2;
    room.y = (floor->map.height - room.h) / 2;
    floor->rooms[0] = room;
    floor->room_count = 1;
    gen_carve_room(&floor->map, &room);
    floor->arrival_x = room.x + 1;
    floor->arrival_y = room_centre_y(&room);
    return gen_spawn(ctx, KIND_ID_STAIRS_UP, room.x + room.w - 2, room_centre_y(&room)) != NULL;
}

#include <stdlib.h>

#include "gen/steps.h"

void gen_carve_room(Map *map, const Room *room)
{
    for (int y = room->y; y < room->y + room->h; y++)
        for (int x = room->x; x < room->x + room->w; x++)
            map_set(map, x, y, TILE_FLOOR, ZONE_ROOM);
}

/* Rooms keep their walls to themselves: the wall rings of two rooms never overlap, so every
 * wall cell belongs to at most one room and a doorway always has solid wall on both sides. */
static bool rooms_clash(const Room *a, const Room *b)
{
    return a->x - 1 <= b->x + b->w && b->x - 1 <= a->x + a->w && a->y - 1 <= b->y + b->h &&
           b->y - 1 <= a->y + a->h;
}

static int by_centre_x(const void *pa, const void *pb)
{
    const Room *a = pa, *b = pb;
    int d = room_centre_x(a) - room_centre_x(b);
    return d ? d : room_centre_y(a) - room_centre_y(b);
}

bool gen_place_rooms(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    Map *map = &floor->map;
    int target = rng_range(&ctx->rng, GEN_ROOMS_MIN, GEN_ROOMS_MAX);
    floor->room_count = 0;
    for (int attempt = 0; attempt < 400 && floor->room_count < target; attempt++) {
        Room r;
        r.w = rng_range(&ctx->rng, GEN_ROOM_W_MIN, GEN_ROOM_W_MAX);
        r.h = rng_range(&ctx->rng, GEN_ROOM_H_MIN, GEN_ROOM_H_MAX);
        /* one cell of wall and one of rock between the interior and the map edge */
        r.x = rng_range(&ctx->rng, 2, map->width - 2 - r.w);
        r.y = rng_range(&ctx->rng, 2, map->height - 2 - r.h);
        bool clash = false;
        for (int i = 0; i < floor->room_count && !clash; i++)
            clash = rooms_clash(&r, &floor->rooms[i]);
        if (!clash)
            floor->rooms[floor->room_count++] = r;
    }
    if (floor->room_count < GEN_ROOMS_MIN)
        return false;
    /* West to east, so the corridor chain of step 2 links near rooms, not random pairs. */
    qsort(floor->rooms, (size_t)floor->room_count, sizeof(Room), by_centre_x);
    for (int i = 0; i < floor->room_count; i++)
        gen_carve_room(map, &floor->rooms[i]);
    ctx->stats->rooms = floor->room_count;
    gen_mark_rings(ctx);
    return true;
}

void gen_mark_rings(GenContext *ctx)
{
    const Floor *floor = ctx->floor;
    int w = floor->map.width;
    for (int i = 0; i < floor->room_count; i++) {
        const Room *r = &floor->rooms[i];
        int x0 = r->x - 1, x1 = r->x + r->w, y0 = r->y - 1, y1 = r->y + r->h;
        for (int x = x0; x <= x1; x++) {
            ctx->ring[y0 * w + x] = RING_HORIZONTAL;
            ctx->ring[y1 * w + x] = RING_HORIZONTAL;
        }
        for (int y = y0; y <= y1; y++) {
            ctx->ring[y * w + x0] = RING_VERTICAL;
            ctx->ring[y * w + x1] = RING_VERTICAL;
        }
        ctx->ring[y0 * w + x0] = ctx->ring[y0 * w + x1] = RING_CORNER;
        ctx->ring[y1 * w + x0] = ctx->ring[y1 * w + x1] = RING_CORNER;
    }
}

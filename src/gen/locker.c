#include <stdio.h>

#include "gen/steps.h"

/* Step 7b (docs/RULES.md R-LOCKER-1): on floors 3, 6, 9 and 12 one dead-end passage of R-GEN-6
 * becomes a specimen locker. Its mouth gets a Door (Locked) (a plain door there is swapped for
 * one) and the three wall cells around its closed end (ahead and to both sides) are opened, a
 * cage in each, so the player standing at the end reaches all three and walks into one. */

static const int SIDES[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};

static bool same(Cell a, Cell b)
{
    return a.x == b.x && a.y == b.y;
}

/* The end's one open side (4 ways): the way in. False when it has none or several. */
static bool way_in(const Map *map, Cell end, Cell *back)
{
    int open = 0;
    for (int d = 0; d < 4; d++)
        if (!map_is_wall(map, end.x + SIDES[d][0], end.y + SIDES[d][1])) {
            *back = (Cell){end.x + SIDES[d][0], end.y + SIDES[d][1]};
            open++;
        }
    return open == 1;
}

/* The three cells around the end but the way in: each wall, off the map's edge, with nothing
 * open among its 8 neighbours but the end and the cell before it, so opening them joins them
 * to nothing else. */
static bool cage_cells(const Map *map, Cell end, Cell back, Cell cells[3])
{
    int n = 0;
    for (int d = 0; d < 4; d++) {
        Cell c = {end.x + SIDES[d][0], end.y + SIDES[d][1]};
        if (same(c, back))
            continue;
        if (n == 3 || c.x < 1 || c.y < 1 || c.x >= map->width - 1 || c.y >= map->height - 1 ||
            !map_is_wall(map, c.x, c.y))
            return false;
        cells[n++] = c;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                Cell o = {c.x + dx, c.y + dy};
                if (!map_is_wall(map, o.x, o.y) && !same(o, end) && !same(o, back))
                    return false;
            }
    }
    return n == 3;
}

/* The mouth can hold the locker's Door (Locked): one there already, a plain door to swap, or a
 * free true doorway with no door beside it. */
static bool mouth_ok(const Floor *floor, Cell m)
{
    const Entity *e = floor_entity_at(floor, m.x, m.y, 0);
    if (e)
        return e->kind == KIND_DOOR && (e->door == DOOR_LOCKED || e->door == DOOR_CLOSED);
    return gen_door_geometry_ok(&floor->map, m.x, m.y) && !gen_door_near(floor, m.x, m.y);
}

/* Whether the alcove at `end` can be a locker; its mouth and cage cells then. */
static bool locker_site(const Floor *floor, Cell end, Cell *mouth, Cell cells[3])
{
    Cell back = {-1, -1};
    return gen_alcove_walk(&floor->map, end.x, end.y, mouth) >= GEN_WALK_MIN_STEPS &&
           way_in(&floor->map, end, &back) && cage_cells(&floor->map, end, back, cells) &&
           mouth_ok(floor, *mouth);
}

static bool lock_mouth(GenContext *ctx, Cell m)
{
    Entity *e = floor_entity_at(ctx->floor, m.x, m.y, 0);
    if (e && e->door == DOOR_LOCKED)
        return true;
    if (e)
        entity_list_remove(&ctx->floor->entities, e);
    ctx->stats->locked_doors++;
    return gen_spawn(ctx, KIND_ID_DOOR_LOCKED, m.x, m.y) != NULL;
}

/* Three cages, three different kinds where the rolls allow (R-LOCKER-2). */
static bool fill_cages(GenContext *ctx, const Cell cells[3])
{
    KindId kinds[3];
    for (int i = 0; i < 3; i++) {
        for (int attempt = 0; attempt < 8; attempt++) {
            kinds[i] = gen_roll_locker_loot(ctx->factory->kinds, &ctx->rng, ctx->floor->number);
            bool again = false;
            for (int j = 0; j < i; j++)
                again |= kinds[j] == kinds[i];
            if (!again)
                break;
        }
        map_set(&ctx->floor->map, cells[i].x, cells[i].y, TILE_FLOOR, ZONE_ALCOVE);
        Entity *e = gen_spawn(ctx, kinds[i], cells[i].x, cells[i].y);
        if (!e)
            return false;
        e->flags |= EF_CAGED;
    }
    return true;
}

/* The extra Key (R-LOCKER-3): on a free room cell; rooms are never behind a locked door. */
static bool place_key(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    for (int attempt = 0; attempt < 50; attempt++) {
        const Room *r = &floor->rooms[rng_range(&ctx->rng, 0, floor->room_count - 1)];
        int x = rng_range(&ctx->rng, r->x, r->x + r->w - 1);
        int y = rng_range(&ctx->rng, r->y, r->y + r->h - 1);
        if (!floor_entity_at(floor, x, y, 0))
            return gen_spawn(ctx, KIND_ID_KEY, x, y) != NULL;
    }
    return true; /* a floor with no room for it: R-GUAR-13 throws it away */
}

bool gen_place_locker(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    if (!gen_floor_wants_locker(floor->number))
        return true;
    int sites[GEN_MAX_ALCOVES], n = 0;
    Cell mouth, cells[3];
    for (int i = 0; i < ctx->alcove_count; i++)
        if (locker_site(floor, ctx->alcoves[i], &mouth, cells))
            sites[n++] = i;
    if (n == 0)
        return true; /* tried: this floor has no locker */
    Cell end = ctx->alcoves[sites[rng_range(&ctx->rng, 0, n - 1)]];
    locker_site(floor, end, &mouth, cells);
    if (!lock_mouth(ctx, mouth) || !fill_cages(ctx, cells) || !place_key(ctx))
        return false;
    ctx->stats->lockers++;
    return true;
}

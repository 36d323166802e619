#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/steps.h"

/* docs/RULES.md R-GUAR, checked on every floor before it is handed out (a floor that
 * fails one is thrown away and generated again, pipeline.c), and on every floor of a game in
 * play (game/invariants.c: a loaded save, and the game checking itself in tests). */

/* The first broken guarantee goes into why, prefixed with the floor; always false. */
__attribute__((format(printf, 4, 5))) static bool broken(const Floor *floor, char *why,
                                                         size_t why_size, const char *fmt, ...)
{
    if (!why || why_size == 0)
        return false;
    int n = snprintf(why, why_size, "floor %d: ", floor->number);
    if (n >= 0 && (size_t)n < why_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why + n, why_size - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* The map's outer ring is wall: nothing walks or sees off the map. */
static bool border_ok(const Floor *floor, char *why, size_t why_size)
{
    const Map *m = &floor->map;
    int edge_step = m->height > 1 ? m->height - 1 : 1; /* inner columns: top and bottom */
    for (int x = 0; x < m->width; x++)
        for (int y = 0; y < m->height; y += (x == 0 || x == m->width - 1) ? 1 : edge_step)
            if (m->tiles[y * m->width + x] != TILE_WALL)
                return broken(floor, why, why_size, "(%d, %d) on the map's edge is not wall", x, y);
    return true;
}

/* Floor 0 has only the Stairs (Up), floor 13 only the Stairs (Down), the others one of each. */
static bool stairs_ok(const Floor *floor, char *why, size_t why_size)
{
    int up = 0, down = 0;
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        if (e->kind != KIND_STAIRS || (e->flags & EF_REMOVED))
            continue;
        if (e->kind_id == KIND_ID_STAIRS_UP)
            up++;
        else
            down++;
    }
    int want_up = floor->number<MAX_FLOORS, want_down = floor->number> 0;
    if (up != want_up)
        return broken(floor, why, why_size, "%d Stairs (Up), it must have %d", up, want_up);
    if (down != want_down)
        return broken(floor, why, why_size, "%d Stairs (Down), it must have %d", down, want_down);
    return true;
}

/* Where an entity may stand, alone or with others. */
static bool entity_ok(const Floor *floor, const KindTable *kinds, const Entity *e,
                      const uint8_t *unlocked, GenCheck when, char *why, size_t why_size)
{
    const Map *m = &floor->map;
    if (!map_in_bounds(m, e->x, e->y) || map_is_wall(m, e->x, e->y))
        return broken(floor, why, why_size, "a %s at (%d, %d) is inside a wall", e->name, e->x,
                      e->y);
    for (const Entity *o = e->next; o; o = o->next) {
        if (o->x != e->x || o->y != e->y || (o->flags & EF_REMOVED))
            continue;
        if ((e->flags & EF_SOLID) && (o->flags & EF_SOLID))
            return broken(floor, why, why_size, "a %s and a %s share the cell (%d, %d)", e->name,
                          o->name, e->x, e->y);
        /* Mice and the player may stand on an item; nothing else shares a cell. */
        bool walker = e->kind == KIND_MONSTER || e->kind == KIND_PLAYER ||
                      o->kind == KIND_MONSTER || o->kind == KIND_PLAYER;
        if (!walker)
            return broken(floor, why, why_size, "a %s and a %s lie on the same cell (%d, %d)",
                          e->name, o->name, e->x, e->y);
    }
    if (e->kind == KIND_DOOR && !gen_door_geometry_ok(m, e->x, e->y))
        return broken(
            floor, why, why_size,
            "the %s at (%d, %d) is not in a doorway (walls on exactly two opposite sides)", e->name,
            e->x, e->y);
    if (e->kind_id == KIND_ID_KEY && !unlocked[e->y * m->width + e->x])
        return broken(floor, why, why_size, "the Key at (%d, %d) lies behind a locked door", e->x,
                      e->y);
    if (e->kind == KIND_MONSTER) {
        int first = gen_monster_first_floor(kinds, e->kind_id);
        if (first < 0 || first > floor->number)
            return broken(floor, why, why_size, "a %s at (%d, %d): it lives on floor %d%s", e->name,
                          e->x, e->y, first < 0 ? MAX_FLOORS : first,
                          first == MAX_FLOORS ? " only" : " and up");
        if (when == GEN_CHECK_FRESH && abs(e->x - floor->arrival_x) <= GEN_MONSTER_CLEARANCE &&
            abs(e->y - floor->arrival_y) <= GEN_MONSTER_CLEARANCE)
            return broken(floor, why, why_size, "a %s at (%d, %d) is within %d cells of arrival",
                          e->name, e->x, e->y, GEN_MONSTER_CLEARANCE);
    }
    return true;
}

static bool arrival_ok(const Floor *floor, char *why, size_t why_size)
{
    const Map *m = &floor->map;
    int x = floor->arrival_x, y = floor->arrival_y;
    if (!map_in_bounds(m, x, y) || map_is_wall(m, x, y))
        return broken(floor, why, why_size, "the arrival point (%d, %d) is not open floor", x, y);
    for (const Entity *e = floor->entities.head; e; e = e->next)
        if (e->x == x && e->y == y && (e->kind == KIND_DOOR || e->kind == KIND_STAIRS) &&
            !(e->flags & EF_REMOVED))
            return broken(floor, why, why_size, "the arrival point (%d, %d) is under a %s", x, y,
                          e->name);
    return true;
}

/* R-GUAR-11: the way up crosses no hidden door on floors 0..3 and at most one higher up. */
static bool way_ok(const Floor *floor, char *why, size_t why_size)
{
    int hidden = gen_hidden_on_way(floor, NULL, 0), allowed = gen_way_hidden_allowed(floor->number);
    if (hidden > allowed)
        return broken(floor, why, why_size,
                      "the way to the Stairs (Up) crosses %d hidden doors, at most %d allowed",
                      hidden, allowed);
    return true;
}

/* R-GUAR-12: on floors 4, 7 and 10, just made, a Floor Plan lies where the arrival point
 * reaches it through no hidden and no locked door (in play it may have been picked up). */
static bool plan_ok(const Floor *floor, GenCheck when, char *why, size_t why_size)
{
    if (when != GEN_CHECK_FRESH || !gen_floor_wants_plan(floor->number))
        return true;
    uint8_t *open = gen_reach(floor, GEN_REACH_FROM_ARRIVAL, GEN_REACH_NOT_HIDDEN);
    bool found = false;
    for (const Entity *e = floor->entities.head; open && e && !found; e = e->next)
        found = e->kind_id == KIND_ID_FLOOR_PLAN && !(e->flags & EF_REMOVED) &&
                open[e->y * floor->map.width + e->x];
    free(open);
    if (!found)
        return broken(floor, why, why_size,
                      "no Floor Plan that the arrival point reaches without a hidden door");
    return true;
}

/* R-GUAR-13: a specimen locker, just generated, is three cages behind a locked door, and a Key
 * lies where the arrival point reaches it through no locked door. */
static bool locker_ok(const Floor *floor, const uint8_t *unlocked, GenCheck when, char *why,
                      size_t why_size)
{
    int cages = 0, keys = 0;
    for (const Entity *e = floor->entities.head; when == GEN_CHECK_FRESH && e; e = e->next) {
        if (e->flags & EF_REMOVED)
            continue;
        int at = e->y * floor->map.width + e->x;
        if ((e->flags & EF_CAGED) && unlocked[at])
            return broken(floor, why, why_size, "the cage at (%d, %d) is not behind a locked door",
                          e->x, e->y);
        cages += (e->flags & EF_CAGED) != 0;
        keys += e->kind_id == KIND_ID_KEY && unlocked[at];
    }
    if (cages == 0)
        return true;
    if (cages != 3)
        return broken(floor, why, why_size, "a specimen locker with %d cages, not 3", cages);
    if (keys == 0)
        return broken(floor, why, why_size, "a specimen locker and no Key in reach");
    return true;
}

bool gen_floor_check(const Floor *floor, const KindTable *kinds, GenCheck when, char *why,
                     size_t why_size)
{
    if (!border_ok(floor, why, why_size) || !arrival_ok(floor, why, why_size) ||
        !stairs_ok(floor, why, why_size) || !way_ok(floor, why, why_size) ||
        !plan_ok(floor, when, why, why_size))
        return false;
    const Map *m = &floor->map;
    uint8_t *all = gen_reach(floor, GEN_REACH_FROM_ARRIVAL, GEN_REACH_ALL_DOORS);
    uint8_t *unlocked = gen_reach(floor, GEN_REACH_FROM_ARRIVAL, GEN_REACH_NOT_LOCKED);
    bool ok = all && unlocked;
    if (!ok)
        broken(floor, why, why_size, "out of memory");
    for (int i = 0; ok && i < m->width * m->height; i++)
        if (m->tiles[i] == TILE_FLOOR && !all[i])
            ok = broken(floor, why, why_size, "(%d, %d) cannot be reached from the arrival point",
                        i % m->width, i / m->width);
    /* The arrival point is beside the Stairs (Down); the way to the Stairs (Up) from there
     * must not need a Key. (Stairs are solid to walkers, not to this search.) */
    const Entity *up = floor_find(floor, KIND_ID_STAIRS_UP);
    if (ok && up && !unlocked[up->y * m->width + up->x])
        ok = broken(floor, why, why_size,
                    "the Stairs (Up) can only be reached through a locked door");
    for (const Entity *e = floor->entities.head; ok && e; e = e->next)
        if (!(e->flags & EF_REMOVED))
            ok = entity_ok(floor, kinds, e, unlocked, when, why, why_size);
    ok = ok && locker_ok(floor, unlocked, when, why, why_size);
    free(all);
    free(unlocked);
    return ok;
}

bool gen_floor_is_valid(const Floor *floor, const KindTable *kinds)
{
    return gen_floor_check(floor, kinds, GEN_CHECK_FRESH, NULL, 0);
}

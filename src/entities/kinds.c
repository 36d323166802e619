#include <string.h>

#include "core/map.h"
#include "entities/entities.h"
#include "entities/touch.h"

/* The kinds the code knows: their family and behaviour (flags, what a bump does, a door's
 * state). Every kind's looks (description, sprite, glyph) and numbers, and the flags, floor
 * tiers and loot weights of mice and items, come from data/rules.json (rules_parse): the
 * player's under "player", the stairs' and doors' under "features". */
#define MOUSE(id) [KIND_ID_##id] = {.family = KIND_MONSTER, .flags = EF_SOLID, .loot_tier = -1}
#define ITEM(id) [KIND_ID_##id] = {.family = KIND_ITEM, .loot_tier = -1}
#define DOOR(id, state, extra_flags)                                                               \
    [KIND_ID_##id] = {.family = KIND_DOOR,                                                         \
                      .door = state,                                                               \
                      .flags = extra_flags,                                                        \
                      .touch = door_touch,                                                         \
                      .loot_tier = -1}

static KindTable builtin_table(void)
{
    KindTable t = {
        .kinds =
            {
                [KIND_ID_PLAYER] = {.family = KIND_PLAYER,
                                    .flags = EF_SOLID | EF_PLAYER,
                                    .loot_tier = -1},
                MOUSE(MICRO_MOUSE),
                MOUSE(NEO_MOUSE),
                MOUSE(TOUGH_MOUSE),
                MOUSE(RABID_MOUSE),
                MOUSE(META_MOUSE),
                MOUSE(MOUSE_KING),
                ITEM(HEALTH_PACK),
                ITEM(CROWBAR),
                ITEM(BIKER_JACKET),
                ITEM(MICROCHIP),
                ITEM(STUN_BATON),
                ITEM(BULLETPROOF_VEST),
                ITEM(KEY),
                ITEM(FLOOR_PLAN),
                ITEM(HEALING_SERUM),
                ITEM(ADRENALINE),
                ITEM(MOUSE_RADAR),
                ITEM(SEDATIVE),
                ITEM(PHEROMONE),
                ITEM(ACID),
                [KIND_ID_STAIRS_UP] = {.family = KIND_STAIRS,
                                       .flags = EF_SOLID | EF_ALWAYS_SHOWN,
                                       .touch = stairs_up_touch,
                                       .loot_tier = -1},
                [KIND_ID_STAIRS_DOWN] = {.family = KIND_STAIRS,
                                         .flags = EF_SOLID | EF_ALWAYS_SHOWN,
                                         .touch = stairs_down_touch,
                                         .loot_tier = -1},
                DOOR(DOOR, DOOR_CLOSED, EF_SOLID | EF_BLOCKS_SIGHT | EF_ALWAYS_SHOWN),
                DOOR(DOOR_OPEN, DOOR_OPEN, EF_ALWAYS_SHOWN),
                DOOR(DOOR_LOCKED, DOOR_LOCKED, EF_SOLID | EF_BLOCKS_SIGHT | EF_ALWAYS_SHOWN),
                /* Looks and behaves like wall until found: the UI draws it as wall, and it is
                 * never described as a door. */
                DOOR(DOOR_HIDDEN, DOOR_HIDDEN, EF_SOLID | EF_BLOCKS_SIGHT),
            },
        .count = KIND_BUILTIN_COUNT,
    };
    static const char *const names[KIND_BUILTIN_COUNT] = {
#define MK_KIND_NAME(id, name) name,
        MK_KINDS(MK_KIND_NAME)
#undef MK_KIND_NAME
    };
    for (int i = 0; i < KIND_BUILTIN_COUNT; i++)
        memcpy(t.kinds[i].name, names[i], strlen(names[i]) + 1);
    return t;
}

const KindTable *kinds_builtin(void)
{
    /* Made once from constants and never written after: the same table for every caller. */
    static KindTable table;
    static bool made;
    if (!made) {
        table = builtin_table();
        made = true;
    }
    return &table;
}

NameText kinds_name_a(const KindTable *table, const char *name, bool capital)
{
    const KindDef *k = kind_get(table, kind_find(table, name));
    return name_a(name, k && (k->flags & EF_UNIQUE), capital);
}

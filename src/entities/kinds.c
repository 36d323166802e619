#include <string.h>

#include "core/floor.h"
#include "core/map.h"
#include "entities/entities.h"
#include "entities/touch.h"

/* The looks, behaviour, floor tiers and loot weights of every kind the code knows; the numbers
 * of mice and items come from data/rules.json (rules_parse). */
#define MOUSE(id, sprite_id, glyph_char, first, text)                                              \
    [KIND_ID_##id] = {.family = KIND_MONSTER,                                                      \
                      .sprite = SPRITE_##sprite_id,                                                \
                      .glyph = glyph_char,                                                         \
                      .flags = EF_SOLID,                                                           \
                      .first_floor = first,                                                        \
                      .loot_tier = -1,                                                             \
                      .description = text}
#define ITEM(id, sprite_id, glyph_char, floor, weight, growth, tier, text)                         \
    [KIND_ID_##id] = {.family = KIND_ITEM,                                                         \
                      .sprite = SPRITE_##sprite_id,                                                \
                      .glyph = glyph_char,                                                         \
                      .loot_floor = floor,                                                         \
                      .loot_weight = weight,                                                       \
                      .loot_growth = growth,                                                       \
                      .loot_tier = tier,                                                           \
                      .description = text}
#define DOOR(id, state, sprite_id, glyph_char, extra_flags, text)                                  \
    [KIND_ID_##id] = {.family = KIND_DOOR,                                                         \
                      .door = state,                                                               \
                      .sprite = SPRITE_##sprite_id,                                                \
                      .glyph = glyph_char,                                                         \
                      .flags = extra_flags,                                                        \
                      .touch = door_touch,                                                         \
                      .loot_tier = -1,                                                             \
                      .description = text}

static KindTable builtin_table(void)
{
    KindTable t = {
        .kinds =
            {
                [KIND_ID_PLAYER] = {.family = KIND_PLAYER,
                                    .sprite = SPRITE_PLAYER_RIGHT,
                                    .glyph = '@',
                                    .flags = EF_SOLID | EF_PLAYER,
                                    .loot_tier = -1,
                                    .description = "You: a lab technician with a steady hand and "
                                                   "a score to settle with the mice."},
                MOUSE(MICRO_MOUSE, MICRO_MOUSE, 'm', 1,
                      "Micro Mouse: a lab mouse with a chip the size of a rice grain. Curious, "
                      "quick to bite."),
                MOUSE(NEO_MOUSE, NEO_MOUSE, 'm', 3,
                      "Neo Mouse: the second batch. The chip glows cyan when it has seen you."),
                MOUSE(TOUGH_MOUSE, TOUGH_MOUSE, 'm', 5,
                      "Tough Mouse: fed on growth serum. Slow to hurt, slow to stop."),
                MOUSE(RABID_MOUSE, RABID_MOUSE, 'm', 7,
                      "Rabid Mouse: its chip overheated. Fast, frothing and it bites hard."),
                MOUSE(META_MOUSE, META_MOUSE, 'm', 9,
                      "Meta Mouse: more implant than mouse. It thinks about you thinking about "
                      "it."),
                [KIND_ID_MOUSE_KING] = {.family = KIND_MONSTER,
                                        .sprite = SPRITE_MOUSE_KING,
                                        .glyph = 'K',
                                        .flags = EF_SOLID | EF_UNIQUE,
                                        .traits = KT_BOSS,
                                        .first_floor = MAX_FLOORS,
                                        .loot_tier = -1,
                                        .description =
                                            "The Mouse King: a crowned tangle of mice joined by "
                                            "their chips. Every mouse in the tower answers to "
                                            "him."},
                ITEM(HEALTH_PACK, HEALTH_PACK, '!', 1, 30, 0, 0,
                     "Health Pack: gauze, antiseptic and a syringe of something green. Restores "
                     "health."),
                ITEM(CROWBAR, CROWBAR, ')', 1, 14, 0, 1,
                     "Crowbar: heavy, red and honest. A weapon that adds to your attack."),
                ITEM(BIKER_JACKET, BIKER_JACKET, '[', 1, 14, 0, 1,
                     "Biker Jacket: thick leather. Light armour that adds to your defence."),
                ITEM(MICROCHIP, MICROCHIP, '*', 3, 6, 2, 2,
                     "Microchip: one of the mouse chips, rewired. Worn, it sharpens your "
                     "reflexes."),
                ITEM(STUN_BATON, STUN_BATON, ')', 5, 8, 3, 3,
                     "Stun Baton: a security guard's baton that crackles blue. A strong weapon."),
                ITEM(BULLETPROOF_VEST, BULLETPROOF_VEST, '[', 6, 8, 3, 3,
                     "Bulletproof Vest: ceramic plates in a canvas vest. Strong armour."),
                ITEM(KEY, KEY, 'k', 0, 0, 0, -1,
                     "Key: a brass key card on a ring. Opens one locked door."),
                [KIND_ID_STAIRS_UP] = {.family = KIND_STAIRS,
                                       .sprite = SPRITE_STAIRS_UP,
                                       .glyph = '<',
                                       .flags = EF_SOLID | EF_ALWAYS_SHOWN,
                                       .touch = stairs_up_touch,
                                       .loot_tier = -1,
                                       .description = "Stairs (Up): the way to the next floor of "
                                                      "the tower. Walk into them to climb."},
                [KIND_ID_STAIRS_DOWN] = {.family = KIND_STAIRS,
                                         .sprite = SPRITE_STAIRS_DOWN,
                                         .glyph = '>',
                                         .flags = EF_SOLID | EF_ALWAYS_SHOWN,
                                         .touch = stairs_down_touch,
                                         .loot_tier = -1,
                                         .description = "Stairs (Down): back to the floor below. "
                                                        "Walk into them to descend."},
                DOOR(DOOR, DOOR_CLOSED, DOOR_CLOSED, '+',
                     EF_SOLID | EF_BLOCKS_SIGHT | EF_ALWAYS_SHOWN,
                     "Door: closed. The green light means it is unlocked; bump to open."),
                DOOR(DOOR_OPEN, DOOR_OPEN, DOOR_OPEN, '\'', EF_ALWAYS_SHOWN,
                     "Door: open. Sight and feet pass through."),
                DOOR(DOOR_LOCKED, DOOR_LOCKED, DOOR_LOCKED, 'L',
                     EF_SOLID | EF_BLOCKS_SIGHT | EF_ALWAYS_SHOWN,
                     "Locked door: the red light means it needs a Key."),
                /* Looks and behaves like wall until found: the UI draws it as wall, and it is
                 * never described as a door. */
                DOOR(DOOR_HIDDEN, DOOR_HIDDEN, WALL_FACE, 'H', EF_SOLID | EF_BLOCKS_SIGHT,
                     MAP_WALL_DESCRIPTION),
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

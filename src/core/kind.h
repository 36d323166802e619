/* Kinds: what an entity is. Every kind has a typed identity (KindId) and one record (KindDef)
 * holding its display name, description, sprite, glyph, flags, family, behaviour and, for mice
 * and items, its numbers, floor tier and loot weight. The engine tells kinds apart by KindId and
 * by the record's flags, never by the display name, which is for display and saves only. */
#ifndef MK_KIND_H
#define MK_KIND_H

#include <stdbool.h>
#include <stdint.h>

#include "core/entity.h"

/* The kinds the game's code knows by name, in table order. The order is part of the game's
 * results: the generator rolls mice and loot in this order. Kinds added by data come after
 * them, up to KIND_MAX. */
/* clang-format off */
#define MK_KINDS(X) \
    X(PLAYER, "Player") \
    X(MICRO_MOUSE, "Micro Mouse") \
    X(NEO_MOUSE, "Neo Mouse") \
    X(TOUGH_MOUSE, "Tough Mouse") \
    X(RABID_MOUSE, "Rabid Mouse") \
    X(META_MOUSE, "Meta Mouse") \
    X(MOUSE_KING, "Mouse King") \
    X(HEALTH_PACK, "Health Pack") \
    X(CROWBAR, "Crowbar") \
    X(BIKER_JACKET, "Biker Jacket") \
    X(MICROCHIP, "Microchip") \
    X(STUN_BATON, "Stun Baton") \
    X(BULLETPROOF_VEST, "Bulletproof Vest") \
    X(KEY, "Key") \
    X(FLOOR_PLAN, "Floor Plan") \
    /* the six vials: together and in this order (game/vials.h vial_index) */ \
    X(HEALING_SERUM, "Healing Serum") \
    X(ADRENALINE, "Adrenaline") \
    X(MOUSE_RADAR, "Mouse Radar") \
    X(SEDATIVE, "Sedative") \
    X(PHEROMONE, "Pheromone") \
    X(ACID, "Acid") \
    X(STAIRS_UP, "Stairs (Up)") \
    X(STAIRS_DOWN, "Stairs (Down)") \
    X(DOOR, "Door") \
    X(DOOR_OPEN, "Door") \
    X(DOOR_LOCKED, "Door (Locked)") \
    X(DOOR_HIDDEN, "Door (Hidden)")
/* clang-format on */

#define MK_KIND_ID(id, name) KIND_ID_##id,
enum KindIdValue { MK_KINDS(MK_KIND_ID) KIND_BUILTIN_COUNT, KIND_MAX = 48, KIND_NONE = -1 };
#undef MK_KIND_ID

enum { KIND_NAME_MAX = 32, KIND_TEXT_MAX = 192, KIND_SUMMONS_MAX = 4 };

/* What a kind is beyond the flags its entities carry. */
enum KindTrait {
    KT_BOSS = 1u << 0 /* the Mouse King: killing it wins; placed by its own step, never rolled */
};

/* The numbers a behaviour reads (docs/RULES.md R-MOUSE-7); each behaviour uses some of them
 * and data/rules.json gives only those. */
typedef struct BehaviourParams {
    int below;  /* percent of its HP at or under which it acts (skittish: flees) */
    int every;  /* turns between two uses (a call, a blink) or two healed HP */
    int range;  /* cells: how far a call carries, how far a blink goes */
    int chance; /* percent: how often a step goes astray (erratic) */
} BehaviourParams;

typedef struct KindDef {
    char name[KIND_NAME_MAX];
    char description[KIND_TEXT_MAX];
    EntityKind family;
    SpriteId sprite;
    char glyph;
    uint32_t flags;  /* EntityFlag bits a new entity of the kind starts with */
    uint32_t traits; /* KindTrait bits */
    EntityTouchFn touch;
    DoorState door;
    /* A mouse. */
    Stats stats;
    int first_floor;  /* the lowest floor it lives on; 0 = never rolled for a floor */
    int summon_every; /* turns between calls for help; 0 = never calls */
    int summon_alive_max;
    KindId summons[KIND_SUMMONS_MAX];
    int summon_count;
    int behaviour;          /* index in the game's behaviour table (game/behaviour.h); 0 hunts */
    BehaviourParams behave; /* its numbers */
    /* An item. */
    ItemStats item;      /* bonuses on floor 0 */
    int per_floors;      /* every this many floors adds 1 to each bonus the item has; 0 = never */
    int heal_per_floors; /* every this many floors adds 1 to what it heals; 0 = never */
    int loot_floor;      /* the first floor alcoves may hold it */
    int loot_weight;     /* 0: never alcove loot */
    int loot_growth;     /* weight added per floor above loot_floor, for up to four floors */
    int loot_tier;       /* worth behind a lock: higher is better; -1 when not loot */
    int effect;          /* what using it does: an index in the game's effect table
                            (game/effects.h, "use" in the data); 0: nothing. For gear, what
                            it does while worn (R-GEAR) */
    int sight;           /* gear: added to the wearer's sight while worn; may be negative */
    int reach;           /* gear: the cells its worn effect reaches; a tool: its radius */
    /* A tool (docs/RULES.md R-TOOL): its numbers, each used by some tools ("tool" in the data). */
    int count;      /* items in one stack found, or charges; 0: one */
    int stacks;     /* 1: items of the kind share one pack letter */
    int turns;      /* how long the state it causes lasts */
    int boss_turns; /* the same for the Mouse King; 0: he is immune */
    int damage;     /* damage it deals */
    int tool_hit;   /* chance to hit, percent, before the target's dodge (a dart) */
} KindDef;

typedef struct KindTable {
    KindDef kinds[KIND_MAX];
    int count;
} KindTable;

/* The kind's record, or NULL for an id outside the table. */
const KindDef *kind_get(const KindTable *table, KindId id);
/* The kind a display name stands for, read from a save or a data file; KIND_NONE if none.
 * "Door" is the closed door. */
KindId kind_find(const KindTable *table, const char *name);
bool kind_is_mouse(const KindTable *table, KindId id);
bool kind_is_boss(const KindTable *table, KindId id);
/* The first kind with the boss trait (the Mouse King), or KIND_NONE. */
KindId kind_boss(const KindTable *table);
/* What an item of the kind gives when made on `floor`. */
ItemStats kind_item_stats(const KindDef *kind, int floor);
/* Gives e the kind's looks and numbers, as made on `floor`; keeps its id and position. */
void kind_apply(const KindDef *kind, Entity *e, int floor);

#endif

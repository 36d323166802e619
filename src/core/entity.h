/* Entities: everything on a floor that is not a wall or floor cell (the player, mice, items,
 * doors, stairs), and the list that owns them. */
#ifndef MK_ENTITY_H
#define MK_ENTITY_H

#include <stdbool.h>
#include <stdint.h>

#include "core/sprite_ids.h"

typedef struct Entity Entity;
/* A kind's identity: an index in the kind table (core/kind.h). */
typedef int KindId;
typedef struct World World;

typedef enum EntityKind { KIND_PLAYER, KIND_MONSTER, KIND_ITEM, KIND_DOOR, KIND_STAIRS } EntityKind;

enum EntityFlag {
    EF_SOLID = 1u << 0,          /* nothing else solid may share its cell */
    EF_BLOCKS_SIGHT = 1u << 1,   /* closed, locked and hidden doors */
    EF_PLAYER = 1u << 2,         /* owned by the game, never freed with a floor */
    EF_ALWAYS_SHOWN = 1u << 3,   /* drawn from memory once seen (stairs, doors) */
    EF_REMOVED = 1u << 4,        /* taken off its list; waiting to be purged */
    EF_CARRIED_BEFORE = 1u << 5, /* an item picked up once already: no XP the second time */
    EF_UNIQUE = 1u << 6,         /* one of a kind (the Mouse King): "the", never "a" */
    EF_SEEN = 1u << 7,           /* a mouse the player has seen: announced once */
    EF_CAGED = 1u << 8,          /* an item in a specimen locker's cage (R-LOCKER) */
    EF_CAGE_SHUT = 1u << 9,      /* its cage snapped shut: it can no longer be taken */
    EF_SET = 1u << 10,           /* a Spring Trap placed on the floor: armed, not taken */
    EF_BAIT = 1u << 11           /* Cheese on the floor that mice are eating: not taken */
};

typedef enum DoorState {
    DOOR_NONE = 0, /* not a door */
    DOOR_CLOSED,
    DOOR_OPEN,
    DOOR_LOCKED,
    DOOR_HIDDEN
} DoorState;

typedef struct Stats {
    int hp, max_hp;
    int attack_min, attack_max;
    int defence;
    int hit;   /* chance to hit, percent, before the target's dodge */
    int dodge; /* taken off an attacker's chance to hit */
    int sight; /* how far it sees (dx² + dy² <= sight²) */
    int speed; /* 10 acts once per player turn, 14 acts 1.4 times */
    int xp;    /* a mouse: what killing it gives; the player: earned so far */
    int level;
} Stats;

/* Where a piece of gear goes when equipped. */
typedef enum ItemSlot { SLOT_NONE, SLOT_WEAPON, SLOT_ARMOUR, SLOT_CHIP, SLOT_COUNT } ItemSlot;

/* What an item does: its bonuses once equipped, or what using it heals. Set from data/ for
 * the floor it was found on, so gear found higher up is stronger. */
typedef struct ItemStats {
    ItemSlot slot;
    int attack, defence, hit, dodge;
    int heal;  /* a Health Pack */
    int floor; /* where it was made */
    int count; /* a stack's items (Tranquilizer Darts) or a tool's charges; 0: one item */
} ItemStats;

/* A mouse's state of mind (docs/RULES.md R-MOUSE-2): asleep until it sees the player, then
 * hunting; when the player is lost it searches the last place seen, then wanders. */
/* A mouse's state (docs/RULES.md R-MOUSE-2). FLEEING and ANSWERING come from behaviours
 * (R-MOUSE-7): a skittish mouse running from the player, a mouse going where a caller was. */
typedef enum MindState {
    MIND_DORMANT,
    MIND_HUNTING,
    MIND_SEARCHING,
    MIND_WANDERING,
    MIND_FLEEING,
    MIND_ANSWERING
} MindState;

/* A mouse's temporary states from the player's tools and thrown vials (docs/RULES.md
 * R-TOOL, R-VIAL-8): each the turns it has left, 0 when not under it. They count down once
 * per turn of the mice (game/mouse_fx.c). */
typedef struct MouseFx {
    int eating;    /* goes to the Cheese at its target and eats; ignores the player */
    int held;      /* caught in a Spring Trap: bites beside it, cannot move */
    int dazed;     /* a Flash Bulb: loses its turns and its dodge */
    int asleep;    /* a dart or a Sedative: loses its turns until hurt */
    int scrambled; /* a Chip Scrambler: random steps, bites whatever is beside it */
    int repelled;  /* an Ultrasonic Repeller: flees from the player */
    int hasted;    /* thrown Adrenaline: double speed */
    int slowed;    /* a dart on the King: half speed */
    int marked;    /* thrown Pheromone: the other mice that see it attack it */
} MouseFx;

typedef struct Mind {
    MindState state;
    int target_x, target_y; /* last place the player was seen, or where it wanders to */
    int energy;             /* gains speed each turn; acts for every 10 */
    int summon_timer;       /* the Mouse King: turns until he calls more mice */
    int stuck;              /* turns in a row it could not move toward its target */
    uint32_t ready_turn;    /* behaviours: the turn its call, blink or next heal is due */
    MouseFx fx;             /* the tools' temporary states */
} Mind;

/* What bumping into an entity did; the game layer carries out what the engine below it can't
 * (changing floors). */
typedef enum TouchResult {
    TOUCH_NOTHING,  /* the entity does not react; the mover may enter if it is not solid */
    TOUCH_BLOCKED,  /* the bump was the turn (a door opened) */
    TOUCH_LOCKED,   /* a locked door: the game decides (a Key from the inventory, or no) */
    TOUCH_CLIMB_UP, /* stairs: the mover goes to floor + 1 */
    TOUCH_CLIMB_DOWN
} TouchResult;

typedef TouchResult (*EntityTouchFn)(Entity *self, Entity *actor, World *world);

struct Entity {
    Entity *prev, *next; /* links in the owning EntityList */
    uint32_t id;
    const char *name;        /* for display and saves: its kind's, outliving the entity */
    const char *description; /* shown on hover: its kind's */
    EntityKind kind;
    SpriteId sprite;
    char glyph; /* the ASCII legend character (docs/ARCHITECTURE.md) */
    int x, y;
    uint32_t flags;
    DoorState door;
    Stats stats;
    ItemStats item;
    Mind mind;
    int facing;             /* -1 left, +1 right */
    KindId kind_id;         /* its record in the kind table (core/kind.h) */
    uint32_t in_view_since; /* a mouse or an item on the current floor: the turn + 1 it came
                               into the player's view and stayed since; 0 out of view */
    EntityTouchFn on_touch;
};

/* A name with the article a message needs, in a buffer of its own (use `.s`). */
typedef struct NameText {
    char s[48];
} NameText;

/* How a sentence first mentions a thing: "a Neo Mouse", "an Ion Mouse", or "the Mouse King"
 * when it is unique (one of a kind). `capital` begins a sentence: "A Neo Mouse",
 * "The Mouse King". Every message naming a creature with "a" goes through here. */
NameText name_a(const char *name, bool unique, bool capital);
/* name_a of an entity, unique by its EF_UNIQUE flag. */
NameText entity_a(const Entity *e, bool capital);
/* "the Neo Mouse", "The Mouse King": a thing already known. */
NameText entity_the(const Entity *e, bool capital);

/* A doubly linked list of live entities, and a list of removed ones that stay allocated (so
 * pointers held during a turn stay valid) until entity_list_purge. */
typedef struct EntityList {
    Entity *head, *tail;
    Entity *removed; /* singly linked through ->next */
    int count;       /* live entities */
    int iterating;   /* depth of entity_list_each calls in progress */
} EntityList;

void entity_list_init(EntityList *list);
void entity_list_add(EntityList *list, Entity *e);
/* Marks e removed. During entity_list_each the unlinking waits until the walk ends, so removing
 * any entity, the current one or another, is safe while iterating. */
void entity_list_remove(EntityList *list, Entity *e);
/* Takes e off the list without removing it (the player leaving a floor). Not while iterating. */
void entity_list_detach(EntityList *list, Entity *e);
/* Frees removed entities. */
void entity_list_purge(EntityList *list);
/* Frees every entity, live or removed, except those flagged EF_PLAYER, which are detached. */
void entity_list_clear(EntityList *list);

/* Calls visit on each live entity present when the walk began, in list order, until visit
 * returns false. Entities added during the walk are not visited in it. */
typedef bool (*EntityVisitFn)(Entity *e, void *ctx);
void entity_list_each(EntityList *list, EntityVisitFn visit, void *ctx);

#endif

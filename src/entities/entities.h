/* Every entity kind (docs/ARCHITECTURE.md), registered by display name in the factory. */
#ifndef MK_ENTITIES_H
#define MK_ENTITIES_H

#include <stdbool.h>

#include "core/entity.h"
#include "core/factory.h"

/* Registers every kind. False (factory->error says why) if any registration fails. */
bool entities_register_all(EntityFactory *factory);

/* Every name entities_register_all registers, NULL-terminated. */
extern const char *const ENTITY_NAMES[];

/* Per-file registration, called by entities_register_all. */
bool player_register(EntityFactory *factory);
bool monsters_register(EntityFactory *factory);
bool items_register(EntityFactory *factory);
bool doors_register(EntityFactory *factory);
bool stairs_register(EntityFactory *factory);

/* The kinds of mouse, in the order of the table in monsters.c: what an Entity's `species`
 * holds, and the index of the game's kill counts by kind. */
typedef enum MouseKind {
    MOUSE_MICRO,
    MOUSE_NEO,
    MOUSE_TOUGH,
    MOUSE_RABID,
    MOUSE_META,
    MOUSE_KING,
    MOUSE_KIND_COUNT
} MouseKind;

/* The factory name of a kind ("Neo Mouse"), or "" outside 0..MOUSE_KIND_COUNT-1. */
const char *monster_kind_name(int kind);

/* name_a of a kind of mouse known only by its name (a highscore's killer): "a Neo Mouse",
 * "the Mouse King", unique as its kind is made. An unknown name takes "a"/"an". */
NameText monster_kind_a(const char *name, bool capital);

/* Puts a door in a state, with the name, look and blocking that go with it (a found hidden
 * door becomes a plain closed "Door"). */
void door_set_state(Entity *door, DoorState state);

#endif

/* The kinds of entity the game's code knows (core/kind.h, docs/ARCHITECTURE.md), with their
 * looks and behaviour. */
#ifndef MK_ENTITIES_H
#define MK_ENTITIES_H

#include <stdbool.h>

#include "core/entity.h"
#include "core/factory.h"
#include "core/kind.h"

/* The table of the kinds the code knows: each with its name, family and behaviour, and the
 * looks of the player, stairs and doors. The game's own table (Rules.kinds) adds what
 * data/rules.json gives mice and items (looks, flags, floor tiers, loot weights, numbers) and
 * any kind of mouse the data adds. */
const KindTable *kinds_builtin(void);

/* name_a of a kind known only by its display name (a highscore's killer): "a Neo Mouse",
 * "the Mouse King", unique as its kind is made. An unknown name takes "a"/"an". */
NameText kinds_name_a(const KindTable *table, const char *name, bool capital);

/* Puts a door in a state, with the kind, name, look and blocking that go with it (a found
 * hidden door becomes a plain closed "Door"). */
void door_set_state(const KindTable *kinds, Entity *door, DoorState state);

#endif

/* The entity factory: makes every entity of the game, whole, from its kind's record (looks,
 * behaviour and numbers) in the kind table it was given. */
#ifndef MK_FACTORY_H
#define MK_FACTORY_H

#include <stdbool.h>
#include <stdint.h>

#include "core/entity.h"
#include "core/kind.h"

enum { FACTORY_ERROR_MAX = 160 };

typedef struct EntityFactory {
    const KindTable *kinds; /* not owned; outlives the factory and every entity it made */
    uint32_t next_id;
    char error[FACTORY_ERROR_MAX]; /* why the last failing call failed */
} EntityFactory;

void factory_init(EntityFactory *factory, const KindTable *kinds);
/* A new entity of the kind at (x, y), as made on floor `floor` (an item's strength), or NULL
 * with factory->error set. The caller owns it until it is added to a list. */
Entity *factory_make(EntityFactory *factory, KindId kind, int floor, int x, int y);
/* The kind a display name stands for (a save, a map drawn in text), or KIND_NONE. */
KindId factory_kind(const EntityFactory *factory, const char *name);
/* factory_make by display name, on floor 0: NULL with an error ("unknown entity name 'Foo'")
 * for a name no kind has. */
Entity *factory_create(EntityFactory *factory, const char *name, int x, int y);

#endif

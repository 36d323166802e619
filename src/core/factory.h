/* The entity factory: each kind registers an init function under its display name
 * ("Door (Locked)"), and every entity in the game is made by name through it. */
#ifndef MK_FACTORY_H
#define MK_FACTORY_H

#include <stdbool.h>
#include <stdint.h>

#include "core/entity.h"

enum { FACTORY_CAPACITY = 64, FACTORY_ERROR_MAX = 160 };

/* Sets the kind's description, sprite, glyph, flags, stats and callbacks. The factory has set
 * the name, the id and the position before the call. */
typedef void (*EntityInitFn)(Entity *e);

typedef struct FactoryEntry {
    const char *name;
    EntityInitFn init;
} FactoryEntry;

typedef struct EntityFactory {
    FactoryEntry entries[FACTORY_CAPACITY];
    int count;
    uint32_t next_id;
    char error[FACTORY_ERROR_MAX]; /* why the last failing call failed */
} EntityFactory;

void factory_init(EntityFactory *factory);
/* False (and an error) when the name is empty or taken, or the factory is full. */
bool factory_register(EntityFactory *factory, const char *name, EntityInitFn init);
bool factory_has(const EntityFactory *factory, const char *name);
/* A new entity at (x, y), or NULL with factory->error set ("unknown entity name 'Foo'"). The
 * caller owns it until it is added to a list. */
Entity *factory_create(EntityFactory *factory, const char *name, int x, int y);

#endif

#include "core/factory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void factory_init(EntityFactory *factory)
{
    memset(factory, 0, sizeof *factory);
    factory->next_id = 1;
}

static const FactoryEntry *find_entry(const EntityFactory *factory, const char *name)
{
    for (int i = 0; i < factory->count; i++)
        if (strcmp(factory->entries[i].name, name) == 0)
            return &factory->entries[i];
    return NULL;
}

bool factory_register(EntityFactory *factory, const char *name, EntityInitFn init)
{
    if (!name || !*name || !init) {
        snprintf(factory->error, sizeof factory->error,
                 "entity kind needs a name and an init function");
        return false;
    }
    if (find_entry(factory, name)) {
        snprintf(factory->error, sizeof factory->error, "entity name '%s' is registered twice",
                 name);
        return false;
    }
    if (factory->count == FACTORY_CAPACITY) {
        snprintf(factory->error, sizeof factory->error, "entity factory is full at '%s'", name);
        return false;
    }
    factory->entries[factory->count++] = (FactoryEntry){name, init};
    return true;
}

bool factory_has(const EntityFactory *factory, const char *name)
{
    return name && find_entry(factory, name) != NULL;
}

Entity *factory_create(EntityFactory *factory, const char *name, int x, int y)
{
    const FactoryEntry *entry = name ? find_entry(factory, name) : NULL;
    if (!entry) {
        snprintf(factory->error, sizeof factory->error, "unknown entity name '%s'",
                 name ? name : "(null)");
        return NULL;
    }
    Entity *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(factory->error, sizeof factory->error, "out of memory creating '%s'", name);
        return NULL;
    }
    e->id = factory->next_id++;
    e->name = entry->name;
    e->x = x;
    e->y = y;
    e->facing = 1;
    entry->init(e);
    return e;
}

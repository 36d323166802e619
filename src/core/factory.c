#include "core/factory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void factory_init(EntityFactory *factory, const KindTable *kinds)
{
    memset(factory, 0, sizeof *factory);
    factory->kinds = kinds;
    factory->next_id = 1;
}

Entity *factory_make(EntityFactory *factory, KindId kind, int floor, int x, int y)
{
    const KindDef *def = kind_get(factory->kinds, kind);
    if (!def) {
        snprintf(factory->error, sizeof factory->error, "unknown entity kind %d", kind);
        return NULL;
    }
    Entity *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(factory->error, sizeof factory->error, "out of memory creating '%s'", def->name);
        return NULL;
    }
    e->id = factory->next_id++;
    e->kind_id = kind;
    e->x = x;
    e->y = y;
    e->facing = 1;
    kind_apply(def, e, floor);
    return e;
}

KindId factory_kind(const EntityFactory *factory, const char *name)
{
    return kind_find(factory->kinds, name);
}

Entity *factory_create(EntityFactory *factory, const char *name, int x, int y)
{
    KindId kind = factory_kind(factory, name);
    if (kind == KIND_NONE) {
        snprintf(factory->error, sizeof factory->error, "unknown entity name '%s'",
                 name ? name : "(null)");
        return NULL;
    }
    return factory_make(factory, kind, 0, x, y);
}

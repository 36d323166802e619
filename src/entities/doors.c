#include <stddef.h>

#include "core/msglog.h"
#include "core/world.h"
#include "entities/entities.h"
#include "entities/touch.h"

void door_set_state(const KindTable *kinds, Entity *door, DoorState state)
{
    KindId kind = state == DOOR_OPEN     ? KIND_ID_DOOR_OPEN
                  : state == DOOR_LOCKED ? KIND_ID_DOOR_LOCKED
                  : state == DOOR_HIDDEN ? KIND_ID_DOOR_HIDDEN
                                         : KIND_ID_DOOR;
    const KindDef *k = kind_get(kinds, kind);
    door->kind_id = kind;
    door->kind = KIND_DOOR;
    door->door = k->door;
    door->name = k->name;
    door->description = k->description;
    door->sprite = k->sprite;
    door->glyph = k->glyph;
    door->flags = (door->flags & (EF_REMOVED | EF_PLAYER)) | k->flags;
}

TouchResult door_touch(Entity *self, Entity *actor, World *world)
{
    switch (self->door) {
    case DOOR_CLOSED:
        door_set_state(world->kinds, self, DOOR_OPEN);
        if (actor->kind == KIND_PLAYER)
            msglog_add(world->log, world->turn, "You open the door.");
        else if (world->shown && world->shown(world, self->x, self->y))
            msglog_add(world->log, world->turn, "%s opens a door.", entity_a(actor, true).s);
        else if (world->noise)
            world->noise(world, self->x, self->y, "a door open");
        return TOUCH_BLOCKED;
    case DOOR_LOCKED: return TOUCH_LOCKED;
    case DOOR_HIDDEN: /* a wall, as far as anyone knows */
    case DOOR_OPEN:
    default: return TOUCH_NOTHING;
    }
}

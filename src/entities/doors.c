#include <stddef.h>

#include "core/msglog.h"
#include "core/world.h"
#include "entities/entities.h"

void door_set_state(Entity *door, DoorState state)
{
    door->kind = KIND_DOOR;
    door->door = state;
    door->flags = (door->flags & (EF_REMOVED | EF_PLAYER)) | EF_ALWAYS_SHOWN;
    switch (state) {
    case DOOR_OPEN:
        door->name = "Door";
        door->description = "Door: open. Sight and feet pass through.";
        door->sprite = SPRITE_DOOR_OPEN;
        door->glyph = '\'';
        break;
    case DOOR_LOCKED:
        door->name = "Door (Locked)";
        door->description = "Locked door: the red light means it needs a Key.";
        door->sprite = SPRITE_DOOR_LOCKED;
        door->glyph = 'L';
        door->flags |= EF_SOLID | EF_BLOCKS_SIGHT;
        break;
    case DOOR_HIDDEN:
        /* Looks and behaves like wall until found: the UI draws it as wall, and it is never
         * described as a door. */
        door->name = "Door (Hidden)";
        door->description = MAP_WALL_DESCRIPTION;
        door->sprite = SPRITE_WALL_FACE;
        door->glyph = 'H';
        door->flags = (door->flags & ~(uint32_t)EF_ALWAYS_SHOWN) | EF_SOLID | EF_BLOCKS_SIGHT;
        break;
    case DOOR_CLOSED:
    default:
        door->door = DOOR_CLOSED;
        door->name = "Door";
        door->description = "Door: closed. The green light means it is unlocked; bump to open.";
        door->sprite = SPRITE_DOOR_CLOSED;
        door->glyph = '+';
        door->flags |= EF_SOLID | EF_BLOCKS_SIGHT;
        break;
    }
}

static TouchResult door_touch(Entity *self, Entity *actor, World *world)
{
    switch (self->door) {
    case DOOR_CLOSED:
        door_set_state(self, DOOR_OPEN);
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

static void door_init(Entity *e)
{
    e->on_touch = door_touch;
    door_set_state(e, DOOR_CLOSED);
}

static void door_locked_init(Entity *e)
{
    e->on_touch = door_touch;
    door_set_state(e, DOOR_LOCKED);
}

static void door_hidden_init(Entity *e)
{
    e->on_touch = door_touch;
    door_set_state(e, DOOR_HIDDEN);
}

bool doors_register(EntityFactory *factory)
{
    return factory_register(factory, "Door", door_init) &&
           factory_register(factory, "Door (Locked)", door_locked_init) &&
           factory_register(factory, "Door (Hidden)", door_hidden_init);
}

#include "entities/entities.h"
#include "entities/touch.h"

TouchResult stairs_up_touch(Entity *self, Entity *actor, World *world)
{
    (void)self;
    (void)world;
    /* Only the player climbs; mice keep to their floor. */
    return actor->kind == KIND_PLAYER ? TOUCH_CLIMB_UP : TOUCH_BLOCKED;
}

TouchResult stairs_down_touch(Entity *self, Entity *actor, World *world)
{
    (void)self;
    (void)world;
    return actor->kind == KIND_PLAYER ? TOUCH_CLIMB_DOWN : TOUCH_BLOCKED;
}

#include "entities/entities.h"

static TouchResult stairs_up_touch(Entity *self, Entity *actor, World *world)
{
    (void)self;
    (void)world;
    /* Only the player climbs; mice keep to their floor. */
    return actor->kind == KIND_PLAYER ? TOUCH_CLIMB_UP : TOUCH_BLOCKED;
}

static TouchResult stairs_down_touch(Entity *self, Entity *actor, World *world)
{
    (void)self;
    (void)world;
    return actor->kind == KIND_PLAYER ? TOUCH_CLIMB_DOWN : TOUCH_BLOCKED;
}

static void stairs_up_init(Entity *e)
{
    e->kind = KIND_STAIRS;
    e->description =
        "Stairs (Up): the way to the next floor of the tower. Walk into them to climb.";
    e->sprite = SPRITE_STAIRS_UP;
    e->glyph = '<';
    e->flags = EF_SOLID | EF_ALWAYS_SHOWN;
    e->on_touch = stairs_up_touch;
}

static void stairs_down_init(Entity *e)
{
    e->kind = KIND_STAIRS;
    e->description = "Stairs (Down): back to the floor below. Walk into them to descend.";
    e->sprite = SPRITE_STAIRS_DOWN;
    e->glyph = '>';
    e->flags = EF_SOLID | EF_ALWAYS_SHOWN;
    e->on_touch = stairs_down_touch;
}

bool stairs_register(EntityFactory *factory)
{
    return factory_register(factory, "Stairs (Up)", stairs_up_init) &&
           factory_register(factory, "Stairs (Down)", stairs_down_init);
}

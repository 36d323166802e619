/* What bumping into a kind does: the behaviours the kind table names. */
#ifndef MK_TOUCH_H
#define MK_TOUCH_H

#include "core/entity.h"

TouchResult door_touch(Entity *self, Entity *actor, World *world);
TouchResult stairs_up_touch(Entity *self, Entity *actor, World *world);
TouchResult stairs_down_touch(Entity *self, Entity *actor, World *world);

#endif

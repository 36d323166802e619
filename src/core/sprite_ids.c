#include "core/sprite_ids.h"

static const char *const SPRITE_NAMES[SPRITE_COUNT] = {
#define MK_SPRITE_NAME(id, name) name,
    MK_SPRITES(MK_SPRITE_NAME)
#undef MK_SPRITE_NAME
};

const char *sprite_name(SpriteId id)
{
    if ((int)id < 0 || id >= SPRITE_COUNT)
        return 0;
    return SPRITE_NAMES[id];
}

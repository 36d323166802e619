#include "entities/entities.h"

#define ITEM_INIT(fn, sprite_id, glyph_char, text)                                                 \
    static void fn(Entity *e)                                                                      \
    {                                                                                              \
        e->kind = KIND_ITEM;                                                                       \
        e->description = text;                                                                     \
        e->sprite = sprite_id;                                                                     \
        e->glyph = glyph_char;                                                                     \
    }

ITEM_INIT(key_init, SPRITE_KEY, 'k', "Key: a brass key card on a ring. Opens one locked door.")
ITEM_INIT(health_pack_init, SPRITE_HEALTH_PACK, '!',
          "Health Pack: gauze, antiseptic and a syringe of something green. Restores health.")
ITEM_INIT(crowbar_init, SPRITE_CROWBAR, ')',
          "Crowbar: heavy, red and honest. A weapon that adds to your attack.")
ITEM_INIT(stun_baton_init, SPRITE_STUN_BATON, ')',
          "Stun Baton: a security guard's baton that crackles blue. A strong weapon.")
ITEM_INIT(biker_jacket_init, SPRITE_BIKER_JACKET, '[',
          "Biker Jacket: thick leather. Light armour that adds to your defence.")
ITEM_INIT(bulletproof_vest_init, SPRITE_BULLETPROOF_VEST, '[',
          "Bulletproof Vest: ceramic plates in a canvas vest. Strong armour.")
ITEM_INIT(microchip_init, SPRITE_MICROCHIP, '*',
          "Microchip: one of the mouse chips, rewired. Worn, it sharpens your reflexes.")

bool items_register(EntityFactory *factory)
{
    return factory_register(factory, "Key", key_init) &&
           factory_register(factory, "Health Pack", health_pack_init) &&
           factory_register(factory, "Crowbar", crowbar_init) &&
           factory_register(factory, "Stun Baton", stun_baton_init) &&
           factory_register(factory, "Biker Jacket", biker_jacket_init) &&
           factory_register(factory, "Bulletproof Vest", bulletproof_vest_init) &&
           factory_register(factory, "Microchip", microchip_init);
}

#include "entities/entities.h"

/* What a mouse looks like and is; its numbers (hp, attack, sight, speed, xp) come from
 * data/rules.json when the game makes it (rules_apply). */
#define MONSTER_INIT(fn, sprite_id, glyph_char, text)                                              \
    static void fn(Entity *e)                                                                      \
    {                                                                                              \
        e->kind = KIND_MONSTER;                                                                    \
        e->description = text;                                                                     \
        e->sprite = sprite_id;                                                                     \
        e->glyph = glyph_char;                                                                     \
        e->flags = EF_SOLID;                                                                       \
    }

MONSTER_INIT(micro_mouse_init, SPRITE_MICRO_MOUSE, 'm',
             "Micro Mouse: a lab mouse with a chip the size of a rice grain. Curious, quick "
             "to bite.")
MONSTER_INIT(neo_mouse_init, SPRITE_NEO_MOUSE, 'm',
             "Neo Mouse: the second batch. The chip glows cyan when it has seen you.")
MONSTER_INIT(tough_mouse_init, SPRITE_TOUGH_MOUSE, 'm',
             "Tough Mouse: fed on growth serum. Slow to hurt, slow to stop.")
MONSTER_INIT(rabid_mouse_init, SPRITE_RABID_MOUSE, 'm',
             "Rabid Mouse: its chip overheated. Fast, frothing and it bites hard.")
MONSTER_INIT(meta_mouse_init, SPRITE_META_MOUSE, 'm',
             "Meta Mouse: more implant than mouse. It thinks about you thinking about it.")
MONSTER_INIT(mouse_king_init, SPRITE_MOUSE_KING, 'K',
             "The Mouse King: a crowned tangle of mice joined by their chips. Every mouse in "
             "the tower answers to him.")

bool monsters_register(EntityFactory *factory)
{
    return factory_register(factory, "Micro Mouse", micro_mouse_init) &&
           factory_register(factory, "Neo Mouse", neo_mouse_init) &&
           factory_register(factory, "Tough Mouse", tough_mouse_init) &&
           factory_register(factory, "Rabid Mouse", rabid_mouse_init) &&
           factory_register(factory, "Meta Mouse", meta_mouse_init) &&
           factory_register(factory, "Mouse King", mouse_king_init);
}

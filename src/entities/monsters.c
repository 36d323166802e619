#include "entities/entities.h"

/* Placeholder numbers until the monster table in data/ takes over (issue: the game itself). */
#define MONSTER_INIT(fn, sprite_id, glyph_char, text, hp_, amin, amax, def, sight_, speed_, xp_)   \
    static void fn(Entity *e)                                                                      \
    {                                                                                              \
        e->kind = KIND_MONSTER;                                                                    \
        e->description = text;                                                                     \
        e->sprite = sprite_id;                                                                     \
        e->glyph = glyph_char;                                                                     \
        e->flags = EF_SOLID;                                                                       \
        e->stats = (Stats){.hp = hp_,                                                              \
                           .max_hp = hp_,                                                          \
                           .attack_min = amin,                                                     \
                           .attack_max = amax,                                                     \
                           .defence = def,                                                         \
                           .sight = sight_,                                                        \
                           .speed = speed_,                                                        \
                           .xp = xp_};                                                             \
    }

MONSTER_INIT(micro_mouse_init, SPRITE_MICRO_MOUSE, 'm',
             "Micro Mouse: a lab mouse with a chip the size of a rice grain. Curious, quick "
             "to bite.",
             4, 1, 2, 0, 6, 10, 2)
MONSTER_INIT(neo_mouse_init, SPRITE_NEO_MOUSE, 'm',
             "Neo Mouse: the second batch. The chip glows cyan when it has seen you.", 7, 1, 3, 1,
             7, 10, 4)
MONSTER_INIT(tough_mouse_init, SPRITE_TOUGH_MOUSE, 'm',
             "Tough Mouse: fed on growth serum. Slow to hurt, slow to stop.", 12, 2, 4, 2, 6, 10, 7)
MONSTER_INIT(rabid_mouse_init, SPRITE_RABID_MOUSE, 'm',
             "Rabid Mouse: its chip overheated. Fast, frothing and it bites hard.", 10, 3, 6, 1, 8,
             14, 10)
MONSTER_INIT(meta_mouse_init, SPRITE_META_MOUSE, 'm',
             "Meta Mouse: more implant than mouse. It thinks about you thinking about it.", 16, 4,
             7, 3, 9, 10, 15)
MONSTER_INIT(mouse_king_init, SPRITE_MOUSE_KING, 'K',
             "The Mouse King: a crowned tangle of mice joined by their chips. Every mouse in "
             "the tower answers to him.",
             60, 5, 10, 4, 12, 10, 100)

bool monsters_register(EntityFactory *factory)
{
    return factory_register(factory, "Micro Mouse", micro_mouse_init) &&
           factory_register(factory, "Neo Mouse", neo_mouse_init) &&
           factory_register(factory, "Tough Mouse", tough_mouse_init) &&
           factory_register(factory, "Rabid Mouse", rabid_mouse_init) &&
           factory_register(factory, "Meta Mouse", meta_mouse_init) &&
           factory_register(factory, "Mouse King", mouse_king_init);
}

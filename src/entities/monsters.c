#include <string.h>

#include "entities/entities.h"

/* What a mouse looks like and is; its numbers (hp, attack, sight, speed, xp) come from
 * data/rules.json when the game makes it (rules_apply). */
#define MONSTER_INIT(fn, kind_index, sprite_id, glyph_char, extra_flags, text)                  \
    static void fn(Entity *e)                                                                      \
    {                                                                                              \
        e->kind = KIND_MONSTER;                                                                    \
        e->species = kind_index;                                                                   \
        e->description = text;                                                                     \
        e->sprite = sprite_id;                                                                     \
        e->glyph = glyph_char;                                                                     \
        e->flags = EF_SOLID | (extra_flags);                                                       \
    }

MONSTER_INIT(micro_mouse_init, MOUSE_MICRO, SPRITE_MICRO_MOUSE, 'm', 0,
             "Micro Mouse: a lab mouse with a chip the size of a rice grain. Curious, quick "
             "to bite.")
MONSTER_INIT(neo_mouse_init, MOUSE_NEO, SPRITE_NEO_MOUSE, 'm', 0,
             "Neo Mouse: the second batch. The chip glows cyan when it has seen you.")
MONSTER_INIT(tough_mouse_init, MOUSE_TOUGH, SPRITE_TOUGH_MOUSE, 'm', 0,
             "Tough Mouse: fed on growth serum. Slow to hurt, slow to stop.")
MONSTER_INIT(rabid_mouse_init, MOUSE_RABID, SPRITE_RABID_MOUSE, 'm', 0,
             "Rabid Mouse: its chip overheated. Fast, frothing and it bites hard.")
MONSTER_INIT(meta_mouse_init, MOUSE_META, SPRITE_META_MOUSE, 'm', 0,
             "Meta Mouse: more implant than mouse. It thinks about you thinking about it.")
MONSTER_INIT(mouse_king_init, MOUSE_KING, SPRITE_MOUSE_KING, 'K', EF_UNIQUE,
             "The Mouse King: a crowned tangle of mice joined by their chips. Every mouse in "
             "the tower answers to him.")

static const struct {
    const char *name;
    void (*init)(Entity *e);
} MICE[MOUSE_KIND_COUNT] = {
    [MOUSE_MICRO] = {"Micro Mouse", micro_mouse_init}, [MOUSE_NEO] = {"Neo Mouse", neo_mouse_init},
    [MOUSE_TOUGH] = {"Tough Mouse", tough_mouse_init}, [MOUSE_RABID] = {"Rabid Mouse", rabid_mouse_init},
    [MOUSE_META] = {"Meta Mouse", meta_mouse_init},    [MOUSE_KING] = {"Mouse King", mouse_king_init},
};

const char *monster_kind_name(int kind)
{
    return kind >= 0 && kind < MOUSE_KIND_COUNT ? MICE[kind].name : "";
}

bool monsters_register(EntityFactory *factory)
{
    for (size_t i = 0; i < sizeof MICE / sizeof *MICE; i++)
        if (!factory_register(factory, MICE[i].name, MICE[i].init))
            return false;
    return true;
}

NameText monster_kind_a(const char *name, bool capital)
{
    for (size_t i = 0; i < sizeof MICE / sizeof *MICE; i++)
        if (strcmp(MICE[i].name, name) == 0) {
            Entity probe = {.name = MICE[i].name};
            MICE[i].init(&probe);
            return entity_a(&probe, capital);
        }
    return name_a(name, false, capital);
}

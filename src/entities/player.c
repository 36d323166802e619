#include "entities/entities.h"

static void player_init(Entity *e)
{
    e->kind = KIND_PLAYER;
    e->description = "You: a lab technician with a steady hand and a score to settle with "
                     "the mice.";
    e->sprite = SPRITE_PLAYER_RIGHT;
    e->glyph = '@';
    e->flags = EF_SOLID | EF_PLAYER;
    /* Numbers from data/rules.json (game_init). */
}

bool player_register(EntityFactory *factory)
{
    return factory_register(factory, "Player", player_init);
}

/* Item effects: what using an item from the pack does beyond wearing it (docs/RULES.md R-ITEM-5,
 * R-ITEM-8). An item names one in data/rules.json ("use": "heal"); each is a function
 * registered in the one table in game/effects.c, the way behaviours are (game/behaviour.h).
 * A new effect is a function and a line there. */
#ifndef MK_EFFECTS_H
#define MK_EFFECTS_H

#include <stdbool.h>

struct Game;
struct Entity;

typedef struct ItemEffect {
    const char *name; /* as data/rules.json names it */
    /* Uses the item under `letter`: true when it took a turn (and used the item up or not,
     * as the effect says); false, with a message, when refused. */
    bool (*use)(struct Game *game, int letter, struct Entity *item);
} ItemEffect;

enum { EFFECT_NONE = 0 /* no effect: a Key, gear (worn instead) */ };

/* The effect with index `id`; EFFECT_NONE's for an index outside the table. */
const ItemEffect *effect_get(int id);
/* The index of the effect called `name`, or -1. */
int effect_find(const char *name);
int effect_count(void);

#endif

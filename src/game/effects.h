/* Item effects: what using or throwing an item does beyond wearing it (docs/RULES.md R-ITEM-5,
 * R-ITEM-8, R-TOOL, R-VIAL). An item names one in data/rules.json ("use": "heal"); each is a
 * function registered in the one table in game/effects.c, the way behaviours are
 * (game/behaviour.h). A new effect is a function and a line there. */
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
    /* Gear (docs/RULES.md R-GEAR): what it does while worn, each hook optional. on_hit: after
     * the wearer's blow lands on a mouse that lives on. each_turn: at every turn's end, with
     * the kind's reach. jams: mice within its reach cannot blink or call (R-GEAR-4). */
    void (*on_hit)(struct Game *game, struct Entity *target);
    void (*each_turn)(struct Game *game, int reach);
    bool jams;
    /* A tool or a vial thrown or placed (R-THROW, R-TOOL, R-VIAL-8): what it does on landing
     * at (x, y), on `mouse` when one is there. It uses one item of the stack under `letter`. */
    void (*thrown)(struct Game *game, int letter, struct Entity *item, int x, int y,
                   struct Entity *mouse);
    int aim; /* how it is aimed (TargetHow, game/tools.h) */
} ItemEffect;

enum { EFFECT_NONE = 0 /* no effect: a Key, gear (worn instead) */ };

/* The effect with index `id`; EFFECT_NONE's for an index outside the table. */
const ItemEffect *effect_get(int id);
/* The index of the effect called `name`, or -1. */
int effect_find(const char *name);
int effect_count(void);

/* Every worn piece's each_turn (game_apply's end of a turn). */
void effect_worn_turn(struct Game *game);
/* Every worn piece's on_hit, after the player's blow on `target` (a living mouse). */
void effect_worn_hit(struct Game *game, struct Entity *target);
/* Whether worn gear jams `mouse` (R-GEAR-4): a jamming piece worn, the mouse within its reach
 * (cells, the larger of the two distances). */
bool effect_jammed(const struct Game *game, const struct Entity *mouse);

#endif

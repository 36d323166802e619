#include <stddef.h>

#include "gen/steps.h"

/* The loot of alcoves: what can turn up, from which floor, and how often. Weights grow for a
 * few floors after an item first appears, so stronger gear becomes likelier higher up while
 * the basics stay around. */
typedef struct Loot {
    const char *name;
    int first_floor;
    int base_weight;
    int growth; /* weight added per floor above first_floor, for up to four floors */
} Loot;

static const Loot LOOT[] = {
    {"Health Pack", 1, 30, 0},
    {"Crowbar", 1, 14, 0},
    {"Biker Jacket", 1, 14, 0},
    {"Microchip", 3, 6, 2},
    {"Stun Baton", 5, 8, 3},
    {"Bulletproof Vest", 6, 8, 3},
};
enum { LOOT_COUNT = sizeof LOOT / sizeof LOOT[0] };

static int loot_weight(const Loot *l, int number)
{
    if (number < l->first_floor)
        return 0;
    int above = number - l->first_floor;
    return l->base_weight + l->growth * (above < 4 ? above : 4);
}

const char *gen_roll_loot(Rng *rng, int number)
{
    int weights[LOOT_COUNT];
    for (int i = 0; i < LOOT_COUNT; i++)
        weights[i] = loot_weight(&LOOT[i], number);
    return LOOT[rng_pick_weighted(rng, weights, LOOT_COUNT)].name;
}

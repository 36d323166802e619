#include <stddef.h>
#include <string.h>

#include "gen/steps.h"

/* The loot of alcoves: what can turn up, from which floor, and how often. Weights grow for a
 * few floors after an item first appears, so stronger gear becomes likelier higher up while
 * the basics stay around. The tier ranks an item's worth for the rolls behind a lock. */
typedef struct Loot {
    const char *name;
    int first_floor;
    int base_weight;
    int growth; /* weight added per floor above first_floor, for up to four floors */
    int tier;   /* 0 a Health Pack, 1 basic gear, 2 the Microchip, 3 the strong gear */
} Loot;

static const Loot LOOT[] = {
    {"Health Pack", 1, 30, 0, 0},
    {"Crowbar", 1, 14, 0, 1},
    {"Biker Jacket", 1, 14, 0, 1},
    {"Microchip", 3, 6, 2, 2},
    {"Stun Baton", 5, 8, 3, 3},
    {"Bulletproof Vest", 6, 8, 3, 3},
};
enum { LOOT_COUNT = sizeof LOOT / sizeof LOOT[0] };

static int loot_weight(const Loot *l, int number)
{
    if (number < l->first_floor)
        return 0;
    int above = number - l->first_floor;
    return l->base_weight + l->growth * (above < 4 ? above : 4);
}

static const Loot *roll(Rng *rng, int number)
{
    int weights[LOOT_COUNT];
    for (int i = 0; i < LOOT_COUNT; i++)
        weights[i] = loot_weight(&LOOT[i], number);
    return &LOOT[rng_pick_weighted(rng, weights, LOOT_COUNT)];
}

const char *gen_roll_loot(Rng *rng, int number)
{
    return roll(rng, number)->name;
}

/* Two rolls, the higher tier kept: the floor's own table, only tilted, so nothing turns up
 * behind a lock before its floor and a Health Pack stays possible (both rolls one). */
const char *gen_roll_locked_loot(Rng *rng, int number)
{
    const Loot *first = roll(rng, number);
    const Loot *second = roll(rng, number);
    return second->tier > first->tier ? second->name : first->name;
}

int gen_loot_tier(const char *name)
{
    for (int i = 0; i < LOOT_COUNT; i++)
        if (strcmp(LOOT[i].name, name) == 0)
            return LOOT[i].tier;
    return -1;
}

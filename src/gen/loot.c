#include <stddef.h>

#include "gen/steps.h"

/* The loot of alcoves, from the kind table: what can turn up, from which floor, and how often.
 * Weights grow for a few floors after an item first appears, so stronger gear becomes likelier
 * higher up while the basics stay around. The tier ranks an item's worth for the rolls behind a
 * lock. */
static int loot_weight(const KindDef *k, int number)
{
    if (k->family != KIND_ITEM || k->loot_weight <= 0 || number < k->loot_floor)
        return 0;
    int above = number - k->loot_floor;
    return k->loot_weight + k->loot_growth * (above < 4 ? above : 4);
}

KindId gen_roll_loot(const KindTable *kinds, Rng *rng, int number)
{
    int weights[KIND_MAX];
    KindId ids[KIND_MAX];
    int n = 0;
    for (int i = 0; i < kinds->count; i++)
        if (kinds->kinds[i].family == KIND_ITEM && kinds->kinds[i].loot_weight > 0) {
            weights[n] = loot_weight(&kinds->kinds[i], number);
            ids[n++] = i;
        }
    return n ? ids[rng_pick_weighted(rng, weights, n)] : KIND_NONE;
}

/* Two rolls, the higher tier kept: the floor's own table, only tilted, so nothing turns up
 * behind a lock before its floor and a Health Pack stays possible (both rolls one). */
KindId gen_roll_locked_loot(const KindTable *kinds, Rng *rng, int number)
{
    KindId first = gen_roll_loot(kinds, rng, number);
    KindId second = gen_roll_loot(kinds, rng, number);
    return gen_loot_tier(kinds, second) > gen_loot_tier(kinds, first) ? second : first;
}

int gen_loot_tier(const KindTable *kinds, KindId kind)
{
    const KindDef *k = kind_get(kinds, kind);
    return k && k->family == KIND_ITEM && k->loot_weight > 0 ? k->loot_tier : -1;
}

/* The kinds of one tier, by their loot weights: the next tier up from one roll of the table,
 * or the highest tier below it that has any. */
KindId gen_roll_locker_loot(const KindTable *kinds, Rng *rng, int number)
{
    int weights[KIND_MAX];
    KindId ids[KIND_MAX];
    int n = 0;
    for (int tier = gen_loot_tier(kinds, gen_roll_loot(kinds, rng, number)) + 1;
         n == 0 && tier >= 0; tier--)
        for (int i = 0; i < kinds->count; i++)
            if (gen_loot_tier(kinds, i) == tier) {
                weights[n] = kinds->kinds[i].loot_weight;
                ids[n++] = i;
            }
    return n ? ids[rng_pick_weighted(rng, weights, n)] : KIND_NONE;
}

#include <stdlib.h>
#include <string.h>

#include "gen/steps.h"

/* The mice by the floor they first appear on (docs/RULES.md R-MOUSE-1, R-GEN-10). */
typedef struct MonsterTier {
    const char *name;
    int first_floor;
} MonsterTier;

static const MonsterTier TIERS[] = {
    {"Micro Mouse", 1}, {"Neo Mouse", 3}, {"Tough Mouse", 5}, {"Rabid Mouse", 7}, {"Meta Mouse", 9},
};
enum { TIER_COUNT = sizeof TIERS / sizeof TIERS[0] };

/* A kind is commonest two floors after it first appears and then gives way to the next kind;
 * the strongest kind, with none after it, stays at its peak. So the mix only ever shifts
 * toward stronger kinds as the floors rise. */
static int tier_weight(const MonsterTier *t, int number)
{
    if (number < t->first_floor)
        return 0;
    int age = number - t->first_floor;
    if (t == &TIERS[TIER_COUNT - 1] && age > 2)
        age = 2;
    int w = 8 - 2 * abs(age - 2);
    return w > 1 ? w : 1;
}

int gen_monster_first_floor(const char *name)
{
    for (int i = 0; i < TIER_COUNT; i++)
        if (strcmp(TIERS[i].name, name) == 0)
            return TIERS[i].first_floor;
    return strcmp(name, "Mouse King") == 0 ? MAX_FLOORS : -1;
}

const char *gen_roll_monster(Rng *rng, int number)
{
    int weights[TIER_COUNT];
    for (int i = 0; i < TIER_COUNT; i++)
        weights[i] = tier_weight(&TIERS[i], number);
    return TIERS[rng_pick_weighted(rng, weights, TIER_COUNT)].name;
}

static bool near_arrival(const Floor *floor, int x, int y)
{
    return abs(x - floor->arrival_x) <= GEN_MONSTER_CLEARANCE &&
           abs(y - floor->arrival_y) <= GEN_MONSTER_CLEARANCE;
}

bool gen_place_monsters(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    int n = floor->number;
    int count = rng_range(&ctx->rng, 3 + n / 2, 5 + n / 2);
    for (int i = 0; i < count; i++) {
        const char *name = gen_roll_monster(&ctx->rng, n);
        for (int attempt = 0; attempt < 50; attempt++) {
            const Room *r = &floor->rooms[rng_range(&ctx->rng, 0, floor->room_count - 1)];
            int x = rng_range(&ctx->rng, r->x, r->x + r->w - 1);
            int y = rng_range(&ctx->rng, r->y, r->y + r->h - 1);
            if (near_arrival(floor, x, y) || floor_entity_at(floor, x, y, 0))
                continue;
            if (!gen_spawn(ctx, name, x, y))
                return false;
            ctx->stats->monsters++;
            break;
        }
    }
    return true;
}

#include <stdlib.h>

#include "gen/steps.h"

/* The mice of the kind table that are rolled for floors (all but the boss), each from the
 * floor it first appears on (docs/RULES.md R-MOUSE-1, R-GEN-10), in table order. */
static bool rolled(const KindDef *k)
{
    return k->family == KIND_MONSTER && k->first_floor > 0 && !(k->traits & KT_BOSS);
}

/* A kind is commonest two floors after it first appears and then gives way to the next kind;
 * the strongest kind (the latest to appear, the last in the table on a tie), with none after
 * it, stays at its peak. So the mix only ever shifts toward stronger kinds as the floors rise. */
static int tier_weight(const KindDef *k, bool strongest, int number)
{
    if (number < k->first_floor)
        return 0;
    int age = number - k->first_floor;
    if (strongest && age > 2)
        age = 2;
    int w = 8 - 2 * abs(age - 2);
    return w > 1 ? w : 1;
}

int gen_monster_first_floor(const KindTable *kinds, KindId kind)
{
    const KindDef *k = kind_get(kinds, kind);
    return k && k->family == KIND_MONSTER && k->first_floor > 0 ? k->first_floor : -1;
}

KindId gen_roll_monster(const KindTable *kinds, Rng *rng, int number)
{
    int weights[KIND_MAX];
    KindId ids[KIND_MAX];
    int n = 0, strongest = -1;
    for (int i = 0; i < kinds->count; i++)
        if (rolled(&kinds->kinds[i])) {
            if (strongest < 0 ||
                kinds->kinds[i].first_floor >= kinds->kinds[ids[strongest]].first_floor)
                strongest = n;
            ids[n++] = i;
        }
    for (int i = 0; i < n; i++)
        weights[i] = tier_weight(&kinds->kinds[ids[i]], i == strongest, number);
    return n ? ids[rng_pick_weighted(rng, weights, n)] : KIND_NONE;
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
        KindId kind = gen_roll_monster(ctx->factory->kinds, &ctx->rng, n);
        for (int attempt = 0; attempt < 50; attempt++) {
            const Room *r = &floor->rooms[rng_range(&ctx->rng, 0, floor->room_count - 1)];
            int x = rng_range(&ctx->rng, r->x, r->x + r->w - 1);
            int y = rng_range(&ctx->rng, r->y, r->y + r->h - 1);
            if (near_arrival(floor, x, y) || floor_entity_at(floor, x, y, 0))
                continue;
            if (!gen_spawn(ctx, kind, x, y))
                return false;
            ctx->stats->monsters++;
            break;
        }
    }
    return true;
}

#include "core/seeds.h"

#include "core/rng.h"

void seeds_derive(GameSeeds *seeds, uint64_t game_seed)
{
    Rng rng;
    rng_seed(&rng, game_seed, RNG_STREAM_FLOOR_SEEDS);
    seeds->game = game_seed;
    for (int f = 0; f < FLOOR_COUNT; f++)
        seeds->floors[f] = rng_u64(&rng);
}

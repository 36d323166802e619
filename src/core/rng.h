/* Seeded random number streams (PCG32: 64-bit state, selectable stream).
 * Every random decision in the engine draws from an Rng passed in explicitly. */
#ifndef MK_RNG_H
#define MK_RNG_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Rng {
    uint64_t state;
    uint64_t inc; /* odd; selects the stream */
} Rng;

/* Well-known stream ids, so two uses of one seed never share a sequence. */
enum {
    RNG_STREAM_FLOOR_SEEDS = 1, /* draws the per-floor seeds up front */
    RNG_STREAM_GAMEPLAY = 2,    /* combat, AI, searching: what changes the game */
    RNG_STREAM_COSMETIC = 3,    /* animation jitter, tile variation: never changes the game */
    RNG_STREAM_GENERATOR = 4,   /* floor generation, seeded by the floor's own seed */
    RNG_STREAM_VIALS = 5        /* the colours of the vials, drawn once at game start */
};

void rng_seed(Rng *rng, uint64_t seed, uint64_t stream);
uint32_t rng_u32(Rng *rng);
uint64_t rng_u64(Rng *rng);
/* Uniform integer in [lo, hi] (inclusive), unbiased. Requires lo <= hi. */
int rng_range(Rng *rng, int lo, int hi);
/* True with probability num/den. */
bool rng_chance(Rng *rng, int num, int den);
/* An index in [0, n) drawn with probability weights[i] / sum(weights); weights >= 0 with a
 * positive sum. One draw of rng_range. */
int rng_pick_weighted(Rng *rng, const int *weights, int n);
/* A good 64-bit mixing function (SplitMix64 finaliser), for deriving seeds. */
uint64_t rng_mix64(uint64_t x);

#endif

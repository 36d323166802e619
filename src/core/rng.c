#include "core/rng.h"

#include <assert.h>

/* PCG-XSH-RR 64/32, after M. E. O'Neill, "PCG: A Family of Simple Fast Space-Efficient
 * Statistically Good Algorithms for Random Number Generation" (2014). */
static const uint64_t PCG_MULTIPLIER = 6364136223846793005ULL;

uint32_t rng_u32(Rng *rng)
{
    uint64_t old = rng->state;
    rng->state = old * PCG_MULTIPLIER + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

void rng_seed(Rng *rng, uint64_t seed, uint64_t stream)
{
    rng->state = 0;
    rng->inc = (stream << 1u) | 1u;
    rng_u32(rng);
    rng->state += seed;
    rng_u32(rng);
}

uint64_t rng_u64(Rng *rng)
{
    uint64_t hi = rng_u32(rng);
    return (hi << 32) | rng_u32(rng);
}

int rng_range(Rng *rng, int lo, int hi)
{
    assert(lo <= hi);
    uint32_t span = (uint32_t)((int64_t)hi - lo) + 1u;
    if (span == 0) /* the whole 32-bit range */
        return (int)rng_u32(rng);
    /* Lemire's multiply-and-reject: unbiased, usually one draw. */
    uint64_t m = (uint64_t)rng_u32(rng) * span;
    uint32_t low = (uint32_t)m;
    if (low < span) {
        uint32_t threshold = (uint32_t)(-span) % span;
        while (low < threshold) {
            m = (uint64_t)rng_u32(rng) * span;
            low = (uint32_t)m;
        }
    }
    return (int)((int64_t)lo + (int64_t)(m >> 32));
}

bool rng_chance(Rng *rng, int num, int den)
{
    assert(den > 0);
    return rng_range(rng, 0, den - 1) < num;
}

uint64_t rng_mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

int rng_pick_weighted(Rng *rng, const int *weights, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += weights[i];
    assert(total > 0);
    int roll = rng_range(rng, 0, total - 1);
    for (int i = 0; i < n; i++) {
        roll -= weights[i];
        if (roll < 0)
            return i;
    }
    return n - 1;
}

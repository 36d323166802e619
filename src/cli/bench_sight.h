#ifndef MK_BENCH_SIGHT_H
#define MK_BENCH_SIGHT_H

#include "core/bench_clock.h"
#include "core/factory.h"

/* One line of `bench`: the median of its rounds, and their minimum and maximum when it was
 * timed in more than one (rounds 0 or 1: a count, or a single timing). */
typedef struct Figure {
    const char *name;
    double value;
    const char *unit;
    double min, max;
    int rounds;
} Figure;

static inline Figure figure_one(const char *name, double value, const char *unit)
{
    return (Figure){name, value, unit, value, value, 1};
}

static inline Figure figure_of(const char *name, BenchSpread s, const char *unit)
{
    return (Figure){name, s.median, unit, s.min, s.max, s.rounds};
}

/* Times field of view, A* and Dijkstra on generated 80x50 floors, ours and (when it was found
 * at configure time) libtcod's on the same floors and cells, and appends the figures and the
 * ratios (libtcod time / ours, one per round: each round times ours and libtcod's side by side,
 * in alternating order, and the ratio's median, minimum and maximum are of those). Returns how many
 * figures it wrote (at most 14). */
int bench_sight(EntityFactory *factory, Figure *out);

#endif

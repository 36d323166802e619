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

/* Times field of view, A* and Dijkstra on generated 80x50 floors (with squeezes carved in,
 * cli/bench_maps.h) and field of view on open caves, ours and (when it was found at configure
 * time) libtcod's on the same maps and cells, and appends the figures and the ratios (libtcod
 * time / ours, one per round: each round times ours and libtcod's side by side, ours first on
 * even rounds and last on odd ones, and the ratio's median, minimum and maximum are of
 * those). Field of view is compared with libtcod's symmetric FOV and with its fastest
 * algorithm there; Dijkstra on the uniform grid with libtcod's map, and with the game's costs
 * with libtcod asking a callback for the same costs. Returns how many figures it wrote (at
 * most BENCH_SIGHT_MAX). */
enum { BENCH_SIGHT_MAX = 48 };
int bench_sight(EntityFactory *factory, Figure *out);

#endif

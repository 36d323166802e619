#ifndef MK_BENCH_SIGHT_H
#define MK_BENCH_SIGHT_H

#include "core/bench_clock.h"
#include "core/factory.h"

typedef struct Figure {
    const char *name;
    double value;
    const char *unit;
} Figure;

/* Times field of view, A* and Dijkstra on generated 80x50 floors, ours and (when it was found
 * at configure time) libtcod's on the same floors and cells, and appends the figures and the
 * ratios (libtcod time / ours). Returns how many figures it wrote (at most 12). */
int bench_sight(EntityFactory *factory, Figure *out);

#endif

/* What each of the bench's sight, path and frame figures must at least do, timed on the same
 * maps as the simplest loop that does just that, and ours as a multiple of it
 * (docs/PERFORMANCE.md, "The work each figure must do"). */
#ifndef MK_BENCH_BOUND_H
#define MK_BENCH_BOUND_H

#include "cli/bench_sight.h"

/* The bounds of the fields of view, A* and the Dijkstra maps, and the work they count (cells
 * in view, on the path, reached). Appends the figures; returns their number. */
int bench_bound(EntityFactory *factory, Figure *out);

/* A whole frame's pixels written once, at each size the frames are timed at. */
int bench_bound_frames(Figure *out);

/* For each figure with a bound among figs[0..n), `name_over_bound`: ours over its bound, both
 * from this run. Appends them; returns their number. */
int bench_bound_multiples(const Figure *figs, int n, Figure *out);

#endif

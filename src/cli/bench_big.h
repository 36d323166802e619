#ifndef MK_BENCH_BIG_H
#define MK_BENCH_BIG_H

#include "cli/bench_sight.h"

/* Field of view on a map of BENCH_BIG x BENCH_BIG cells (the most `mouseking fov` reads):
 * rooms of 11 x 11 whose doorways do not line up, seen from fixed open cells. Whether a view
 * costs what is in it or the map's area: fov_big_us is a FovView (core/fov.h), which clears
 * only what its last view set; fov_big_full_us is fov_compute, which clears the whole map
 * each time; fov_big_cells is the cells in view, on average. Appends the three figures;
 * returns 3. */
enum { BENCH_BIG = 1000 };
int bench_big(Figure *out);

#endif

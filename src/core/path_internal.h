/* What A* (path_astar.c) and the Dijkstra maps (path_dijkstra.c) share: cell indices in the
 * finder's padded arrays and the reading of a caller's cost. Private to src/core/path*.c. */
#ifndef MK_PATH_INTERNAL_H
#define MK_PATH_INTERNAL_H

#include "core/map.h"
#include "core/path.h"

/* The padded stride of the game's maps. The searches are compiled once more for it, so that
 * every neighbour is at a constant offset from a cell (no register holds the stride, and
 * none the offsets made from it): A* and the Dijkstra maps take 1.02-1.03 times less time. */
enum { PATH_GAME_STRIDE = MAP_WIDTH + 2 };

/* The padded index of map cell (x, y). */
static inline int node_index(const PathFinder *pf, int x, int y)
{
    return (y + 1) * pf->stride + x + 1;
}

/* A caller's cost without its mark: PATH_BLOCKED or 0..PATH_EXTRA_MAX. */
static inline int32_t cost_extra(int32_t asked)
{
    if (asked < 0)
        return PATH_BLOCKED;
    int32_t extra = asked & ~(int32_t)PATH_NO_DIAGONAL;
    return extra > PATH_EXTRA_MAX ? PATH_EXTRA_MAX : extra;
}

static inline bool cost_marked(int32_t asked)
{
    return asked >= 0 && (asked & PATH_NO_DIAGONAL);
}

#endif

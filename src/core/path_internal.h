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

/* The diagonal directions in the order of the searches' offsets (4 + j): south-east,
 * north-east, south-west, north-west; j and 3 - j are opposite. */
static inline int diagonal_offset(int stride, int j)
{
    return (j & 1 ? -stride : stride) + (j & 2 ? -1 : 1);
}

/* No step between cell i and its diagonal neighbour j, either way (in the diagonal bytes the
 * Dijkstra maps read: bit j of a cell's byte forbids its diagonal j). */
static inline void forbid_diagonal(PathFinder *pf, int i, int j)
{
    pf->diag[i] |= (uint8_t)(1u << j);
    pf->diag[i + diagonal_offset(pf->stride, j)] |= (uint8_t)(1u << (3 - j));
}

/* Cell i is marked: no diagonal out of it, none into it from its four diagonal neighbours. */
static inline void dijkstra_mark(PathFinder *pf, int i)
{
    for (int j = 0; j < 4; j++)
        forbid_diagonal(pf, i, j);
}

/* The uniform search of whole maps (path_uniform.c) keeps distances unsigned: a blocked cell
 * holds UNIFORM_WALL, an open one UNIFORM_FAR until reached, a reached one its distance + 1. */
#define UNIFORM_WALL 0u
#define UNIFORM_FAR 0x80000000u /* beyond every distance; less 1, it is PATH_UNREACHED */

/* Cleans the diagonal bytes and fills the distances in the uniform search's encoding from a
 * cost grid (blocked cells at UNIFORM_WALL, open ones at UNIFORM_FAR), the marks and the cells
 * with an extra cost; returns every open cell's cost or'ed together. */
int16_t path_uniform_prepare(PathFinder *pf, const int16_t *costs);

/* The uniform search from the goals (all open) on what path_uniform_prepare left, the
 * distances out to dist; `extra`: whether any cell has an extra cost. */
void path_uniform_search(PathFinder *pf, const PathCell *goals, int goal_count,
                         const int16_t *costs, int32_t *dist, bool extra);

#endif

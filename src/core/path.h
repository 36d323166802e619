/* Paths on the grid: A* between two cells and Dijkstra maps from many goals.
 *
 * Moves go 8 ways, never diagonally between two blocked cells. A straight step costs
 * PATH_STRAIGHT, a diagonal one PATH_DIAGONAL (10 and 14: sqrt 2 to two digits, in integers),
 * plus whatever the caller's cost function adds for entering the cell, so callers decide
 * about doors: a mouse may pay extra to pass a closed door and never pass a locked one. */
#ifndef MK_PATH_H
#define MK_PATH_H

#include <stdbool.h>
#include <stdint.h>

enum { PATH_STRAIGHT = 10, PATH_DIAGONAL = 14, PATH_BLOCKED = -1 };
#define PATH_UNREACHED INT32_MAX

/* The extra cost of entering (x, y), >= 0, or PATH_BLOCKED. Never called outside the map. */
typedef int (*PathCostFn)(const void *ctx, int x, int y);

typedef struct PathCell {
    int16_t x, y;
} PathCell;

/* Reusable search state for one map size: allocate once, search many times. */
typedef struct PathFinder {
    int width, height;
    int32_t *g;       /* best known cost per cell, valid where stamp == current */
    int32_t *parent;  /* cell index we came from */
    uint32_t *stamp;  /* which search last touched the cell */
    uint8_t *closed;  /* per cell: 1 when settled (valid where stamp == current) */
    uint32_t current;
    int32_t *heap;    /* cell indices, ordered by key */
    int32_t *key;     /* per cell: priority while in the heap */
    int32_t *pos;     /* per cell: its place in the heap, -1 when not in it */
    int heap_size;
} PathFinder;

bool path_finder_init(PathFinder *pf, int width, int height);
void path_finder_free(PathFinder *pf);

/* The cheapest path from (sx, sy) to (gx, gy): its cells after the start up to and
 * including the goal go into out (at most max of them). Returns the number of cells, 0 when
 * start is the goal, or -1 when no path exists or it is longer than max. *cost_out (may be
 * NULL) gets the path's total cost. The start's own cost is never asked; the goal's is. */
int path_astar(PathFinder *pf, int sx, int sy, int gx, int gy, PathCostFn cost, const void *ctx,
               PathCell *out, int max, int32_t *cost_out);

/* The cost of the cheapest path from any goal to every cell, written to dist (width *
 * height; PATH_UNREACHED where none exists). Auto-explore, travel and fleeing read it. */
void path_dijkstra(PathFinder *pf, const PathCell *goals, int goal_count, PathCostFn cost,
                   const void *ctx, int32_t *dist);

#endif

/* Paths on the grid: A* between two cells and Dijkstra maps from many goals.
 *
 * Moves go 8 ways, never diagonally between two blocked cells. A straight step costs
 * PATH_STRAIGHT, a diagonal one PATH_DIAGONAL (10 and 14: sqrt 2 to two digits, in integers),
 * plus whatever the caller's cost function adds for entering the cell, so callers decide
 * about doors: a mouse may pay extra to pass a closed door and never pass a locked one.
 * A cost may also carry PATH_NO_DIAGONAL: no step enters or leaves that cell diagonally
 * (the game marks its doorways so). */
#ifndef MK_PATH_H
#define MK_PATH_H

#include <stdbool.h>
#include <stdint.h>

enum {
    PATH_STRAIGHT = 10,
    PATH_DIAGONAL = 14,
    PATH_BLOCKED = -1,
    PATH_EXTRA_MAX = 900, /* a larger extra cost counts as this (90 steps is plenty for a door) */
    PATH_BUCKETS = 1024   /* > the largest step plus heuristic change: 14 + 900 + 14 */
};
/* Or'ed into an open cell's cost: no step goes diagonally into or out of that cell. */
enum { PATH_NO_DIAGONAL = 0x4000 };
#define PATH_UNREACHED INT32_MAX

/* The extra cost of entering (x, y): 0..PATH_EXTRA_MAX, or PATH_BLOCKED; an open cell's cost
 * may have PATH_NO_DIAGONAL or'ed in (so the bit is never part of the extra cost). Called at
 * most once per cell per search, never outside the map. */
typedef int (*PathCostFn)(const void *ctx, int x, int y);

typedef struct PathCell {
    int16_t x, y;
} PathCell;

/* One cell's A* state, kept together (32 bytes) so a search touches one cache line per cell. */
typedef struct PathNode {
    int32_t g;       /* best known cost from the start */
    int32_t parent;  /* node index we came from, -1 at a start */
    int32_t key;     /* queue priority: g + h */
    int32_t cost;    /* the caller's extra cost for entering, cached for this search */
    uint32_t stamp;  /* the search that last reached this cell (g, parent, key valid) */
    uint32_t costed; /* the search that last cached `cost` */
    int16_t x, y;    /* map coordinates (the border is at -1 and width or height) */
    uint8_t queued;  /* in the open set now (an entry of it under `key` is live) */
    uint8_t border;  /* one of the blocked cells padding the map all round */
    uint8_t marked;  /* PATH_NO_DIAGONAL was in its cost (cached with `cost`) */
} PathNode;

/* Reusable search state for one map size: allocate once, search many times. The open set is
 * a circular bucket queue (Dial): step costs are small integers and keys never go down as
 * nodes are settled, so every push, pop and decrease-key is O(1). */
typedef struct PathFinder {
    int width, height;
    int stride; /* width + 2: nodes are padded with a border, so no step needs a bounds check */
    PathNode *nodes;              /* (width + 2) * (height + 2) */
    int32_t bucket[PATH_BUCKETS]; /* the first node of each key mod PATH_BUCKETS, -1 if none */
    uint32_t current;
    /* Flat arrays, padded like the nodes. Dijkstra maps keep their own (a whole-map search
     * touches every reachable cell, so it pays to keep each one small); `grid` is A*'s. */
    int16_t *cost;    /* the caller's extra cost, PATH_BLOCKED, or not yet asked */
    int16_t *grid;    /* A*'s copy of a cost grid's rows (path_astar.c) */
    uint8_t *diag;    /* the diagonals each cell may not take, for the marks (path_dijkstra.c) */
    PathCell *where;  /* each padded cell's map coordinates (no division in the search) */
    int32_t *dist;    /* best known cost from the nearest goal */
    int32_t *entries; /* the queue: pairs (cell, next entry) in bucket stacks */
    int entry_cap;    /* pairs that fit in entries */
    /* Between searches the flat arrays rest: every cost not asked, every distance far, no
     * diagonal forbidden, the border blocked. A search that asks costs as it goes notes the
     * cells it asked and marked, and puts only those (and the cells it queued) back. */
    bool resting;   /* the arrays are at rest (false until the first search sets them) */
    int32_t *asked; /* the cells asked this search */
    int asked_count;
    int32_t *marks; /* the cells marked PATH_NO_DIAGONAL this search */
    int mark_count;
    uint64_t *fifo; /* a whole map of uniform cost: two queues of fifo_cap words each */
    int fifo_cap;
    uint64_t *wall_bits; /* a bit per cell, set where blocked: wall_words words per row */
    int wall_words;
    uint64_t *side; /* path_uniform.c's queue of the cells with an extra cost: a binary heap */
    uint64_t taken; /* cells A* has taken off its queue, the goal too, over every search: the
                       work `bench` divides a turn's time by */
} PathFinder;

bool path_finder_init(PathFinder *pf, int width, int height);
void path_finder_free(PathFinder *pf);

/* The cheapest path from (sx, sy) to (gx, gy): its cells after the start up to and
 * including the goal go into out (at most max of them). Returns the number of cells, 0 when
 * start is the goal, or -1 when no path exists or it is longer than max. *cost_out (may be
 * NULL) gets the path's total cost. The start's own cost is asked only for its
 * PATH_NO_DIAGONAL mark (blocked counts as unmarked); the goal's is a cost. */
int path_astar(PathFinder *pf, int sx, int sy, int gx, int gy, PathCostFn cost, const void *ctx,
               PathCell *out, int max, int32_t *cost_out);

/* The same with every cell's extra cost in a grid (width * height, row by row, as for
 * path_dijkstra_costs): the same path, without a call per cell (a mouse's walk). */
int path_astar_costs(PathFinder *pf, int sx, int sy, int gx, int gy, const int16_t *costs,
                     PathCell *out, int max, int32_t *cost_out);

/* The cost of the cheapest path from any goal to every cell, written to dist (width *
 * height; PATH_UNREACHED where none exists). Auto-explore, travel and fleeing read it. */
void path_dijkstra(PathFinder *pf, const PathCell *goals, int goal_count, PathCostFn cost,
                   const void *ctx, int32_t *dist);

/* The same with every cell's extra cost known up front (width * height, row by row: 0 or
 * more to enter, with PATH_NO_DIAGONAL or'ed in where marked, negative for blocked). Faster
 * than asking a callback, and a grid can be kept between searches (travel and explore keep
 * the player's). */
void path_dijkstra_costs(PathFinder *pf, const PathCell *goals, int goal_count,
                         const int16_t *costs, int32_t *dist);

/* The same, stopping once (x, y) is settled: its distance and every smaller one are exact,
 * so the way downhill from (x, y) is right; cells farther out hold upper bounds or
 * PATH_UNREACHED. A walker needs no more than that for its next step. */
void path_dijkstra_costs_to(PathFinder *pf, const PathCell *goals, int goal_count,
                            const int16_t *costs, int32_t *dist, int x, int y);

#endif

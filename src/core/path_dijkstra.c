/* Dijkstra maps from many goals (path.h), on the finder's flat padded arrays: the bucket
 * queue, for searches asking costs as they go and grids with a goal on a blocked cell; whole
 * maps from a cost grid otherwise take the first-in first-out queues of path_uniform.c. */
#include "core/path.h"

#include <stddef.h>
#include <string.h>

#include "core/path_internal.h"

/* --- Dijkstra maps ---------------------------------------------------------------------
 *
 * A whole-map search settles every reachable cell, so it runs on flat padded arrays instead
 * of nodes: a 16-bit cost and a 32-bit distance per cell. The queue is Dial's bucket queue
 * again, but with lazy deletion: an improved cell is pushed once more instead of being
 * unlinked, and an entry whose key no longer matches its cell's distance is skipped when
 * popped (on dungeon floors that almost never happens). Each entry is two ints in one pool,
 * so a push is three stores and nothing needs resetting per cell.
 *
 * On a dungeon floor whether a neighbour is open, or improves, is close to a coin toss, and
 * a mispredicted branch costs more than a relaxation. So the eight tests are branch-free:
 * a blocked cell holds the distance DIST_WALL, which no offer beats; a diagonal between two
 * blocked cells is masked out; the results make a bit mask, and only the cells that did
 * improve (one per expansion on average) are visited, lowest bit first.
 *
 * Marks are few (a cell in a hundred), so they stay out of the costs: each cell has a byte of
 * the diagonals it may not take (bit j for direction 4 + j), all four out of a marked cell
 * and the one into each marked neighbour, filled before the search (or as costs are asked),
 * and an expansion masks them out with one load. */

enum { COST_UNASKED = (int16_t)0xFEFE }; /* what a memset with 0xFE leaves in each cell */
#define DIST_FAR INT32_MAX
#define DIST_WALL (-1)

/* The padding all round: blocked, at a distance no offer beats (`wall`: DIST_WALL, or
 * the uniform search's own). */
static void close_border_as(PathFinder *pf, int32_t wall)
{
    const int stride = pf->stride, rows = pf->height + 2;
    for (int x = 0; x < stride; x++) {
        pf->cost[x] = pf->cost[(rows - 1) * stride + x] = PATH_BLOCKED;
        pf->dist[x] = pf->dist[(rows - 1) * stride + x] = wall;
    }
    for (int y = 0; y < rows; y++) {
        pf->cost[y * stride] = pf->cost[y * stride + stride - 1] = PATH_BLOCKED;
        pf->dist[y * stride] = pf->dist[y * stride + stride - 1] = wall;
    }
}

static void dijkstra_close_border(PathFinder *pf)
{
    close_border_as(pf, DIST_WALL);
}

/* Every array at rest, the whole grid written (once, or after a search that filled costs up
 * front). The buckets are not part of it: A* uses them too. */
static void dijkstra_rest_all(PathFinder *pf)
{
    const int n = pf->stride * (pf->height + 2);
    for (int i = 0; i < n; i++)
        pf->dist[i] = DIST_FAR;
    memset(pf->cost, 0xFE, (size_t)n * sizeof *pf->cost);
    memset(pf->diag, 0, (size_t)n);
    dijkstra_close_border(pf);
    pf->resting = true;
}

typedef struct Dijkstra {
    PathFinder *pf;
    int16_t *cost;
    const uint8_t *diag;
    const PathCell *where;
    int32_t *dist;
    int32_t *entries;
    int32_t *bucket;
    int32_t used;  /* entries taken from the pool */
    PathCostFn fn; /* costs asked of a callback, */
    const void *ctx;
    const int16_t *grid; /* or read from the caller's grid as they are needed */
    int width;
} Dijkstra;

/* Asks for cell i's cost (of the callback or the grid); a blocked cell that is not a goal
 * gets DIST_WALL. The cell, and a mark, are noted for putting back at rest. */
static int32_t dijkstra_ask(Dijkstra *d, int i)
{
    PathFinder *pf = d->pf;
    const PathCell at = d->where[i];
    int32_t asked = d->grid ? d->grid[at.y * d->width + at.x] : d->fn(d->ctx, at.x, at.y);
    int32_t c = cost_extra(asked);
    d->cost[i] = (int16_t)c;
    pf->asked[pf->asked_count++] = i;
    if (cost_marked(asked)) {
        dijkstra_mark(pf, i);
        pf->marks[pf->mark_count++] = i;
    }
    if (c < 0 && d->dist[i] == DIST_FAR)
        d->dist[i] = DIST_WALL;
    return c;
}

/* The extra cost of entering cell i: 0..PATH_EXTRA_MAX, or PATH_BLOCKED. */
static inline int32_t dijkstra_cost(Dijkstra *d, int i)
{
    int32_t c = d->cost[i];
    return __builtin_expect(c == COST_UNASKED, 0) ? dijkstra_ask(d, i) : c;
}

static inline void dijkstra_push(Dijkstra *d, int i, int32_t key)
{
    int32_t *e = &d->entries[2 * d->used];
    int b = key & (PATH_BUCKETS - 1);
    e[0] = i;
    e[1] = d->bucket[b];
    d->bucket[b] = d->used++;
}

/* The extra cost of entering cell i: asked if `lazy` and not yet known. */
static inline int32_t dijkstra_cell_cost(Dijkstra *d, int i, bool lazy)
{
    return lazy ? dijkstra_cost(d, i) : d->cost[i];
}

/* Opens the goals at distance 0 (outside the map they are ignored). Asking costs lazily, a
 * goal's is asked now: the search meets its mark only through it. */
static void dijkstra_open_goals(PathFinder *pf, Dijkstra *d, const PathCell *goals, int count,
                                bool lazy)
{
    for (int k = 0; k < count; k++) {
        if (goals[k].x < 0 || goals[k].y < 0 || goals[k].x >= pf->width || goals[k].y >= pf->height)
            continue;
        int i = node_index(pf, goals[k].x, goals[k].y);
        if (d->dist[i] != 0) {
            d->dist[i] = 0;
            dijkstra_push(d, i, 0);
            if (lazy)
                dijkstra_cost(d, i);
        }
    }
}

/* The search itself, written once for both ways of knowing costs; `lazy` is a constant at
 * each call, so each caller gets its own loop without the other's test. */
static inline __attribute__((always_inline)) void dijkstra_run(Dijkstra *d, int stride, bool lazy,
                                                               int stop)
{
    int32_t popped = 0;
    for (int32_t key = 0; popped < d->used; key++) {
        int32_t *head = &d->bucket[key & (PATH_BUCKETS - 1)];
        while (*head >= 0) {
            const int32_t *e = &d->entries[2 * *head];
            const int at = e[0];
            *head = e[1];
            popped++;
            if (d->dist[at] != key)
                continue; /* a stale entry: the cell was improved after this push */
            if (at == stop)
                return;
            /* The diagonals marks forbid. With the costs known it is read early, where the
             * load hides behind the others (read after them it slows the search by a
             * quarter); asking costs can still mark a neighbour, so then it waits. */
            unsigned forbid = lazy ? 0u : (unsigned)d->diag[at] << 4;
            const int off[8] = {1,          -1,          stride,     -stride,
                                stride + 1, -stride + 1, stride - 1, -stride - 1};
            int32_t c[8];
            for (int k = 0; k < 8; k++)
                c[k] = dijkstra_cell_cost(d, at + off[k], lazy);
            int32_t g[8];
            for (int k = 0; k < 8; k++)
                g[k] = key + (k < 4 ? PATH_STRAIGHT : PATH_DIAGONAL) + c[k];
            /* Which of the eight improve, as bits, without a branch. A blocked cell's
             * distance is DIST_WALL, which no offer beats; a diagonal needs an open cell on
             * one side (not both orthogonal costs negative). */
            const int32_t side[8] = {0,           0,           0,           0,
                                     c[0] & c[2], c[0] & c[3], c[1] & c[2], c[1] & c[3]};
            unsigned better = 0;
            for (int k = 0; k < 8; k++)
                better |= (unsigned)((g[k] < d->dist[at + off[k]]) & (side[k] >= 0)) << k;
            if (lazy)
                forbid = (unsigned)d->diag[at] << 4;
            better &= ~forbid;
            for (; better; better &= better - 1) {
                int k = __builtin_ctz(better);
                d->dist[at + off[k]] = g[k];
                dijkstra_push(d, at + off[k], g[k]);
            }
        }
    }
}

/* Copies the padded distances out, unreached and blocked cells as PATH_UNREACHED. */
static void dijkstra_write(const PathFinder *pf, int32_t *dist)
{
    const int w = pf->width, stride = pf->stride;
    for (int y = 0; y < pf->height; y++) {
        const int32_t *from = &pf->dist[(y + 1) * stride + 1];
        for (int x = 0; x < w; x++)
            dist[y * w + x] = from[x] & PATH_UNREACHED;
    }
}

/* A search that asked its costs as it went: out go the distances of the cells it queued
 * (every other cell is unreached or blocked), then the arrays are put back at rest, cell by
 * cell: what was asked, queued and marked. */
static void dijkstra_finish(PathFinder *pf, const Dijkstra *d, int32_t *dist)
{
    const int w = pf->width, cells = w * pf->height;
    for (int i = 0; i < cells; i++)
        dist[i] = PATH_UNREACHED;
    for (int32_t k = 0; k < d->used; k++) {
        const int i = d->entries[2 * k];
        const PathCell at = pf->where[i];
        dist[at.y * w + at.x] = pf->dist[i];
    }
    for (int32_t k = 0; k < d->used; k++)
        pf->dist[d->entries[2 * k]] = DIST_FAR;
    for (int k = 0; k < pf->asked_count; k++) {
        const int i = pf->asked[k];
        pf->cost[i] = COST_UNASKED;
        pf->dist[i] = DIST_FAR;
    }
    for (int k = 0; k < pf->mark_count; k++) {
        const int i = pf->marks[k];
        pf->diag[i] = 0;
        for (int j = 0; j < 4; j++)
            pf->diag[i + diagonal_offset(pf->stride, j)] = 0;
    }
}

/* A search asking costs as it goes, of the callback fn or from the grid. */
static void dijkstra_lazy(PathFinder *pf, const PathCell *goals, int goal_count, PathCostFn fn,
                          const void *ctx, const int16_t *grid, int32_t *dist, int stop)
{
    if (!pf->resting)
        dijkstra_rest_all(pf);
    for (int b = 0; b < PATH_BUCKETS; b++) /* A* shares the buckets and leaves them full */
        pf->bucket[b] = -1;
    pf->asked_count = pf->mark_count = 0;
    Dijkstra d = {pf,         pf->cost, pf->diag, pf->where, pf->dist, pf->entries,
                  pf->bucket, 0,        fn,       ctx,       grid,     pf->width};
    dijkstra_open_goals(pf, &d, goals, goal_count, true);
    if (pf->stride == PATH_GAME_STRIDE)
        dijkstra_run(&d, PATH_GAME_STRIDE, true, stop);
    else
        dijkstra_run(&d, pf->stride, true, stop);
    dijkstra_finish(pf, &d, dist);
}

void path_dijkstra(PathFinder *pf, const PathCell *goals, int goal_count, PathCostFn cost,
                   const void *ctx, int32_t *dist)
{
    dijkstra_lazy(pf, goals, goal_count, cost, ctx, NULL, dist, -1);
}

/* Whether no goal is on a blocked cell (a blocked goal still blocks a diagonal squeeze beside
 * it, which a distance of 0 would not tell): then the search of path_uniform.c, which reads
 * only distances and the diagonal bytes, can do. */
static bool goals_open(const int16_t *costs, int w, int h, const PathCell *goals, int count)
{
    for (int k = 0; k < count; k++)
        if (goals[k].x >= 0 && goals[k].y >= 0 && goals[k].x < w && goals[k].y < h &&
            costs[goals[k].y * w + goals[k].x] < 0)
            return false;
    return true;
}

/* Each cell's extra cost and resting distance for the buckets (DIST_WALL where blocked). */
static void dijkstra_copy_costs(PathFinder *pf, const int16_t *costs)
{
    const int w = pf->width, stride = pf->stride;
    for (int y = 0; y < pf->height; y++) {
        const int16_t *from = &costs[y * w];
        int16_t *cost = &pf->cost[(y + 1) * stride + 1];
        int32_t *d = &pf->dist[(y + 1) * stride + 1];
        for (int x = 0; x < w; x++) {
            const int16_t c = (int16_t)(from[x] & ~PATH_NO_DIAGONAL);
            cost[x] = (int16_t)((c > PATH_EXTRA_MAX ? PATH_EXTRA_MAX : c) | (from[x] >> 15));
            d[x] = from[x] < 0 ? DIST_WALL : DIST_FAR;
        }
    }
}

/* A search with every cost copied in first: for a whole map, where nearly every cell is
 * asked anyway, one pass over the grid beats asking cell by cell. With every goal open it
 * takes the queues of path_uniform.c, else the buckets. It leaves the arrays unrested. */
void path_dijkstra_costs(PathFinder *pf, const PathCell *goals, int goal_count,
                         const int16_t *costs, int32_t *dist)
{
    /* Every distance and cost the search reads is written below: the map's by the copies,
     * the border's by close_border_as. */
    pf->resting = false;
    const int16_t open = path_uniform_prepare(pf, costs);
    if (goals_open(costs, pf->width, pf->height, goals, goal_count)) {
        close_border_as(pf, (int32_t)UNIFORM_WALL);
        path_uniform_search(pf, goals, goal_count, costs, dist, open & ~PATH_NO_DIAGONAL);
        return;
    }
    dijkstra_close_border(pf);
    dijkstra_copy_costs(pf, costs);
    for (int b = 0; b < PATH_BUCKETS; b++)
        pf->bucket[b] = -1;
    Dijkstra d = {pf,         pf->cost, pf->diag, pf->where, pf->dist, pf->entries,
                  pf->bucket, 0,        NULL,     NULL,      NULL,     pf->width};
    dijkstra_open_goals(pf, &d, goals, goal_count, false);
    if (pf->stride == PATH_GAME_STRIDE)
        dijkstra_run(&d, PATH_GAME_STRIDE, false, -1);
    else
        dijkstra_run(&d, pf->stride, false, -1);
    dijkstra_write(pf, dist);
}

/* Stopping early, a search settles a small part of the map (about 156 cells for the
 * explore steps of a bot's game), so it asks its costs as it goes and puts back only what it
 * touched, rather than copying and clearing the whole grid. */
void path_dijkstra_costs_to(PathFinder *pf, const PathCell *goals, int goal_count,
                            const int16_t *costs, int32_t *dist, int x, int y)
{
    bool inside = x >= 0 && y >= 0 && x < pf->width && y < pf->height;
    dijkstra_lazy(pf, goals, goal_count, NULL, NULL, costs, dist,
                  inside ? node_index(pf, x, y) : -1);
}

/* A* between two cells (path.h): one node per padded cell and Dial's bucket queue. */
#include "core/path.h"

#include <stdlib.h>

#include "core/path_internal.h"

/* A new search: bump the stamp instead of clearing every node. */
static void begin_search(PathFinder *pf)
{
    if (++pf->current == 0) { /* wrapped after 4 billion searches */
        for (int i = 0; i < pf->stride * (pf->height + 2); i++)
            pf->nodes[i].stamp = pf->nodes[i].costed = 0;
        pf->current = 1;
    }
    for (int b = 0; b < PATH_BUCKETS; b++)
        pf->bucket[b] = -1;
}

/* Where a search gets its costs: a callback, or a grid of the map's size (row by row). */
typedef struct CostSource {
    PathCostFn fn;
    const void *ctx;
    const int16_t *grid;
    int width;
} CostSource;

/* One A* search's state, kept in a local so that the compiler holds the counters in
 * registers: written through the PathFinder, every store into a node or an entry could have
 * changed them, and each was read again from memory. */
typedef struct Astar {
    PathNode *nodes;
    int32_t *bucket;
    int32_t *entries;
    int32_t used;   /* entries taken from the pool */
    int32_t queued; /* nodes in the open set */
    int32_t cursor; /* the smallest key that may be queued */
    /* The cursor's bucket lives here rather than in pf->bucket: its first entry, and that
     * entry's node and next entry (when head >= 0; see queue_pop). */
    int32_t head, hnode, hnext;
    uint32_t current;
    int gx, gy; /* the goal */
    CostSource src;
    uint64_t rows;       /* the padded rows of pf->grid copied this search */
    const int16_t *copy; /* pf->grid */
} Astar;

/* Where a search reads its costs: the callback or the grid, cached node by node (node_cost),
 * or the grid's rows copied into pf->grid (path_astar_costs on a map of up to 62 rows). A
 * constant at each call, so each way gets its own code. */
typedef enum { COSTS_CALLBACK, COSTS_GRID, COSTS_ROWS } CostMode;

/* The caller's cost for entering node i, asked at most once per search; the border is
 * blocked without asking. The node's mark is valid once this has been called. `grid` is a
 * constant at each call, so the callback and the grid each get their own code. */
static inline __attribute__((always_inline)) int32_t node_cost(Astar *a, int i, bool grid)
{
    PathNode *n = &a->nodes[i];
    if (n->border)
        return PATH_BLOCKED;
    if (n->costed != a->current) {
        n->costed = a->current;
        int32_t c =
            grid ? a->src.grid[n->y * a->src.width + n->x] : a->src.fn(a->src.ctx, n->x, n->y);
        n->cost = cost_extra(c);
        n->marked = cost_marked(c);
    }
    return n->cost;
}

/* --- the bucket queue ---------------------------------------------------------------- */

/* A*'s open set keeps the bucket stacks of the Dijkstra maps (pairs of node and next entry
 * in pf->entries) with lazy deletion: a node whose key goes down is pushed again on top of its
 * new bucket and its old entry is skipped when it comes up. That gives the order a linked
 * bucket with unlinking gave: among equal keys the newest first (usually the node nearest the
 * goal), and nothing else moved. An entry is live when its node is still queued under the
 * bucket's key: a node's key only goes down, so no two of its entries share a key. */
static inline __attribute__((always_inline)) void queue_put(Astar *a, int i, int32_t key)
{
    PathNode *n = &a->nodes[i];
    a->queued += !n->queued;
    n->queued = 1;
    n->key = key;
    int32_t *e = &a->entries[2 * a->used];
    e[0] = i;
    if (key == a->cursor) { /* on top of the bucket being taken: next out */
        e[1] = a->hnext = a->head;
        a->hnode = i;
        a->head = a->used;
    } else {
        const int b = key & (PATH_BUCKETS - 1);
        e[1] = a->bucket[b];
        a->bucket[b] = a->used;
    }
    a->used++;
}

/* The head entry's node and next entry into the locals (entry 0's, unused, for none). */
static inline __attribute__((always_inline)) void queue_load_head(Astar *a)
{
    const int32_t *e = &a->entries[2 * (a->head & ~(a->head >> 31))]; /* entry 0 for none */
    a->hnode = e[0];
    a->hnext = e[1];
}

/* The queued node with the smallest key, taken out; -1 when the queue is empty.
 *
 * A* mostly takes next the node it has just pushed: going towards the goal, a step keeps the
 * key. Through memory that is a chain of reloads of what was just stored (the bucket's head,
 * then the entry) before the node can even be read; with the cursor's bucket held in the
 * search's locals, its first node is at hand at once, and the entry after it is loaded ahead,
 * while the expansion runs. Searches take 1.05-1.06 times less time (A/B in one process,
 * medians of 21 rounds on the bench's floors), with the same order and so the same paths.
 *
 * The cursor passes many empty buckets (with steps of 10 and 14 and the octile heuristic
 * every key is even on plain floor, and a detour raises the key in jumps), so the empty ones
 * are passed by a loop of one load each, and only the bucket found is emptied and its head
 * entry read: 1.04 times less time again (A/B in one process, medians of 15 rounds on the
 * bench's floors, walls and the game's costs alike), and the turn with 128 hunting mice
 * 1.07 times less. */
static inline __attribute__((always_inline)) int queue_pop(Astar *a)
{
    while (a->queued > 0) {
        if (a->head < 0) { /* the bucket is empty: the next key's into the locals */
            int32_t cursor = a->cursor, head;
            do
                head = a->bucket[++cursor & (PATH_BUCKETS - 1)];
            while (head < 0);
            a->bucket[cursor & (PATH_BUCKETS - 1)] = -1;
            a->cursor = cursor;
            a->head = head;
            queue_load_head(a);
        }
        const int i = a->hnode;
        a->head = a->hnext;
        queue_load_head(a);
        PathNode *n = &a->nodes[i];
        if (n->queued && n->key == a->cursor) {
            n->queued = 0;
            a->queued--;
            return i;
        }
    }
    return -1;
}

/* Octile distance: the cheapest possible cost on open ground, so A* stays optimal. */
static inline int32_t octile(int x0, int y0, int x1, int y1)
{
    int dx = abs(x1 - x0), dy = abs(y1 - y0);
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return PATH_DIAGONAL * lo + PATH_STRAIGHT * (hi - lo);
}

/* Offers node n a path through `at` costing g. A settled node never improves (the
 * heuristic is consistent), so comparing g is enough to leave it alone. */
static inline __attribute__((always_inline)) void relax(Astar *a, int at, int n, int32_t g)
{
    PathNode *node = &a->nodes[n];
    if (node->stamp == a->current) {
        if (g >= node->g)
            return;
    } else {
        node->stamp = a->current;
        node->queued = 0;
    }
    node->g = g;
    node->parent = at;
    queue_put(a, n, g + octile(node->x, node->y, a->gx, a->gy));
}

/* The path from start to goal into out, as path_astar says; -1 if longer than max. A step
 * costs at least PATH_STRAIGHT, so a path costing g has at most g / PATH_STRAIGHT cells: when
 * those fit, one walk back along the parents writes them (goal first, turned round after),
 * instead of one walk to count them and one to write them (the parents are scattered over
 * the map, and each is a load waiting on the one before: 1.03-1.04 times less time for the
 * whole search). Otherwise the cells are counted first, and out is written only when they
 * fit: a path longer than max leaves it alone. */
static int path_out(const PathNode *nodes, int start, int goal, PathCell *out, int max)
{
    int len = 0;
    if (nodes[goal].g / PATH_STRAIGHT <= max) {
        for (int c = goal; c != start; c = nodes[c].parent)
            out[len++] = (PathCell){nodes[c].x, nodes[c].y};
        for (int i = 0, j = len - 1; i < j; i++, j--) {
            const PathCell t = out[i];
            out[i] = out[j];
            out[j] = t;
        }
        return len;
    }
    for (int c = goal; c != start; c = nodes[c].parent)
        len++;
    if (len > max)
        return -1;
    for (int c = goal, i = len; c != start; c = nodes[c].parent)
        out[--i] = (PathCell){nodes[c].x, nodes[c].y};
    return len;
}

/* --- from a cost grid ------------------------------------------------------------------
 *
 * path_astar_costs reads its costs from a copy of the caller's grid, padded like the nodes:
 * each cell as the search wants it, the extra cost clamped to PATH_EXTRA_MAX with the mark
 * kept in PATH_NO_DIAGONAL, or -1 when blocked (the border, blocked, is written once by
 * path_finder_init). A row is copied the first time an expansion reads it (a bit per padded
 * row, so a map up to 62 rows high), which is one predictable test an expansion; each
 * neighbour is then one load at a constant offset, with no test of whether the cell was met
 * before, which node_cost makes and which the branch predictor misses for about one
 * neighbour in eight. A* takes 1.05 times less time (A/B in one process, medians of 21
 * rounds on the bench's floors); a mouse's short walk copies only the few rows it touches,
 * and the turns with 8, 32 and 128 hunting mice take no longer. Copying the whole grid for
 * every search instead made those turns 1.02-1.07 times slower. */

/* Copies the rows in `need` (bits of padded rows) of the caller's grid into pf->grid. */
static __attribute__((noinline)) void grid_rows(const int16_t *grid, int16_t *to_grid,
                                                uint64_t need, int stride, int width)
{
    while (need) {
        const int y = __builtin_ctzll(need);
        need &= need - 1;
        const int16_t *from = &grid[(y - 1) * width];
        int16_t *to = &to_grid[y * stride + 1];
        for (int x = 0; x < width; x++)
            to[x] = (int16_t)(cost_extra(from[x]) | (cost_marked(from[x]) ? PATH_NO_DIAGONAL : 0));
    }
}

/* A copied cell's extra cost, or PATH_BLOCKED. */
static inline int32_t grid_extra(int32_t v)
{
    return v < 0 ? v : v & ~PATH_NO_DIAGONAL;
}

/* The cost of entering node n straight, or diagonally (blocked too when n is marked). */
static inline __attribute__((always_inline)) int32_t straight_cost(Astar *a, int n, CostMode m)
{
    return m == COSTS_ROWS ? grid_extra(a->copy[n]) : node_cost(a, n, m == COSTS_GRID);
}

static inline __attribute__((always_inline)) int32_t diagonal_cost(Astar *a, int n, CostMode m)
{
    if (m == COSTS_ROWS) {
        const int32_t c = a->copy[n];
        return c >= 0 && !(c & PATH_NO_DIAGONAL) ? c : PATH_BLOCKED;
    }
    const int32_t c = node_cost(a, n, m == COSTS_GRID);
    return a->nodes[n].marked ? PATH_BLOCKED : c;
}

/* Whether node `at`, being expanded, is marked (a blocked start is not). */
static inline __attribute__((always_inline)) bool expanded_marked(Astar *a, int at, CostMode m)
{
    return m == COSTS_ROWS ? ((uint16_t)a->copy[at] >> 14) == 1 : a->nodes[at].marked;
}

/* Relaxes the eight neighbours of node `at`, written out so that the four orthogonal costs
 * stay at hand for the diagonal rules: no step between two blocked cells, none into or out
 * of a marked cell. `at` was costed before it was queued (the start by astar). */
static inline __attribute__((always_inline)) void expand(Astar *a, int stride, int at, CostMode m)
{
    const int32_t g = a->nodes[at].g;
    const int32_t ce = straight_cost(a, at + 1, m);
    const int32_t cw = straight_cost(a, at - 1, m);
    const int32_t cs = straight_cost(a, at + stride, m);
    const int32_t cn = straight_cost(a, at - stride, m);
    if (ce >= 0)
        relax(a, at, at + 1, g + PATH_STRAIGHT + ce);
    if (cw >= 0)
        relax(a, at, at - 1, g + PATH_STRAIGHT + cw);
    if (cs >= 0)
        relax(a, at, at + stride, g + PATH_STRAIGHT + cs);
    if (cn >= 0)
        relax(a, at, at - stride, g + PATH_STRAIGHT + cn);
    if (expanded_marked(a, at, m))
        return;
    int32_t c;
    if ((ce >= 0 || cs >= 0) && (c = diagonal_cost(a, at + stride + 1, m)) >= 0)
        relax(a, at, at + stride + 1, g + PATH_DIAGONAL + c);
    if ((ce >= 0 || cn >= 0) && (c = diagonal_cost(a, at - stride + 1, m)) >= 0)
        relax(a, at, at - stride + 1, g + PATH_DIAGONAL + c);
    if ((cw >= 0 || cs >= 0) && (c = diagonal_cost(a, at + stride - 1, m)) >= 0)
        relax(a, at, at + stride - 1, g + PATH_DIAGONAL + c);
    if ((cw >= 0 || cn >= 0) && (c = diagonal_cost(a, at - stride - 1, m)) >= 0)
        relax(a, at, at - stride - 1, g + PATH_DIAGONAL + c);
}

/* The search, reading its costs as `m` says (a constant at each call). */
static inline __attribute__((always_inline)) int astar(PathFinder *pf, int sx, int sy, int gx,
                                                       int gy, const CostSource *src,
                                                       const CostMode m, PathCell *out, int max,
                                                       int32_t *cost_out, const int stride)
{
    int w = pf->width;
    if (sx < 0 || sy < 0 || gx < 0 || gy < 0 || sx >= w || gx >= w || sy >= pf->height ||
        gy >= pf->height)
        return -1;
    begin_search(pf);
    const int32_t h0 = octile(sx, sy, gx, gy);
    /* The border rows of pf->grid are blocked for good: copied, as it were (only a map of up
     * to 62 rows reads the copy, so the shift stays inside the mask). */
    const uint64_t border_rows = m == COSTS_ROWS ? 1 | 1ull << (pf->height + 1) : 0;
    Astar a = {pf->nodes, pf->bucket,  pf->entries, 0,  0,    h0,          -1,      0,
               0,         pf->current, gx,          gy, *src, border_rows, pf->grid};
    a.src.width = stride - 2; /* a constant too, for the grid's rows */
    int start = node_index(pf, sx, sy), goal = node_index(pf, gx, gy);
    if (m != COSTS_ROWS) /* for its mark: a walker may not leave it diagonally */
        node_cost(&a, start, m == COSTS_GRID);
    PathNode *first = &a.nodes[start];
    first->stamp = a.current;
    first->queued = 0;
    first->g = 0;
    first->parent = -1;
    queue_put(&a, start, h0);
    int len = -1;
    uint64_t taken = 0;
    for (int at; (at = queue_pop(&a)) >= 0;) {
        taken++;
        if (at == goal) {
            len = path_out(a.nodes, start, goal, out, max);
            if (len >= 0 && cost_out)
                *cost_out = a.nodes[goal].g;
            break;
        }
        if (m == COSTS_ROWS) {
            const int y = a.nodes[at].y + 1; /* rows y - 1 .. y + 1 are read */
            const uint64_t need = (7ull << (y - 1)) & ~a.rows;
            if (__builtin_expect(need != 0, 0)) {
                a.rows |= need;
                grid_rows(a.src.grid, pf->grid, need, stride, stride - 2);
            }
        }
        expand(&a, stride, at, m);
    }
    pf->taken += taken;
    return len;
}

int path_astar(PathFinder *pf, int sx, int sy, int gx, int gy, PathCostFn cost, const void *ctx,
               PathCell *out, int max, int32_t *cost_out)
{
    const CostSource src = {cost, ctx, NULL, pf->width};
    return astar(pf, sx, sy, gx, gy, &src, COSTS_CALLBACK, out, max, cost_out, pf->stride);
}

int path_astar_costs(PathFinder *pf, int sx, int sy, int gx, int gy, const int16_t *costs,
                     PathCell *out, int max, int32_t *cost_out)
{
    const CostSource src = {NULL, NULL, costs, pf->width};
    if (pf->height + 2 > 64) /* more rows than the mask holds: cost node by node */
        return astar(pf, sx, sy, gx, gy, &src, COSTS_GRID, out, max, cost_out, pf->stride);
    if (pf->stride == PATH_GAME_STRIDE) /* the mice's walks */
        return astar(pf, sx, sy, gx, gy, &src, COSTS_ROWS, out, max, cost_out, PATH_GAME_STRIDE);
    return astar(pf, sx, sy, gx, gy, &src, COSTS_ROWS, out, max, cost_out, pf->stride);
}

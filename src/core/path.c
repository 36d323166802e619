#include "core/path.h"

#include <stdlib.h>
#include <string.h>

bool path_finder_init(PathFinder *pf, int width, int height)
{
    memset(pf, 0, sizeof *pf);
    pf->width = width;
    pf->height = height;
    pf->stride = width + 2;
    size_t n = (size_t)(width + 2) * (size_t)(height + 2);
    pf->nodes = calloc(n, sizeof *pf->nodes);
    if (!pf->nodes)
        return false;
    for (int y = 0; y < height + 2; y++)
        for (int x = 0; x < width + 2; x++) {
            PathNode *node = &pf->nodes[y * pf->stride + x];
            node->x = (int16_t)(x - 1);
            node->y = (int16_t)(y - 1);
            node->border = x == 0 || y == 0 || x == width + 1 || y == height + 1;
        }
    return true;
}

void path_finder_free(PathFinder *pf)
{
    free(pf->nodes);
    memset(pf, 0, sizeof *pf);
}

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
    pf->cursor = 0;
    pf->queued = 0;
}

static int node_index(const PathFinder *pf, int x, int y)
{
    return (y + 1) * pf->stride + x + 1;
}

/* The caller's cost for entering node i, asked at most once per search; the border is
 * blocked without asking. */
static inline int32_t node_cost(PathFinder *pf, int i, PathCostFn cost, const void *ctx)
{
    PathNode *n = &pf->nodes[i];
    if (n->border)
        return PATH_BLOCKED;
    if (n->costed != pf->current) {
        n->costed = pf->current;
        int32_t c = cost(ctx, n->x, n->y);
        n->cost = c > PATH_EXTRA_MAX ? PATH_EXTRA_MAX : c < 0 ? PATH_BLOCKED : c;
    }
    return n->cost;
}

/* --- the bucket queue ---------------------------------------------------------------- */

static void queue_remove(PathFinder *pf, int i)
{
    PathNode *n = &pf->nodes[i];
    if (n->prev >= 0)
        pf->nodes[n->prev].next = n->next;
    else
        pf->bucket[n->key % PATH_BUCKETS] = n->next;
    if (n->next >= 0)
        pf->nodes[n->next].prev = n->prev;
    n->queued = 0;
    pf->queued--;
}

/* Queues node i under `key` (taking it out of its old bucket first if it was queued). New
 * nodes go to the front of their bucket: among equal keys the newest, usually the one
 * nearest the goal, comes out first. */
static void queue_put(PathFinder *pf, int i, int32_t key)
{
    PathNode *n = &pf->nodes[i];
    if (n->queued)
        queue_remove(pf, i);
    int b = key % PATH_BUCKETS;
    n->key = key;
    n->prev = -1;
    n->next = pf->bucket[b];
    if (n->next >= 0)
        pf->nodes[n->next].prev = i;
    pf->bucket[b] = i;
    n->queued = 1;
    pf->queued++;
}

/* The queued node with the smallest key, removed; -1 when the queue is empty. */
static int queue_pop(PathFinder *pf)
{
    if (pf->queued == 0)
        return -1;
    while (pf->bucket[pf->cursor % PATH_BUCKETS] < 0)
        pf->cursor++;
    int i = pf->bucket[pf->cursor % PATH_BUCKETS];
    queue_remove(pf, i);
    return i;
}

/* Octile distance: the cheapest possible cost on open ground, so A* stays optimal. */
static int32_t octile(int x0, int y0, int x1, int y1)
{
    int dx = abs(x1 - x0), dy = abs(y1 - y0);
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return PATH_DIAGONAL * lo + PATH_STRAIGHT * (hi - lo);
}

typedef struct Search {
    PathFinder *pf;
    PathCostFn cost;
    const void *ctx;
    int gx, gy; /* the goal, or -1 for Dijkstra */
} Search;

/* Offers node n a path through `at` costing g. A settled node never improves (the
 * heuristic is consistent), so comparing g is enough to leave it alone. */
static inline void relax(Search *s, int at, int n, int32_t g)
{
    PathFinder *pf = s->pf;
    PathNode *node = &pf->nodes[n];
    if (node->stamp == pf->current) {
        if (g >= node->g)
            return;
    } else {
        node->stamp = pf->current;
        node->queued = 0;
    }
    node->g = g;
    node->parent = at;
    queue_put(pf, n, s->gx >= 0 ? g + octile(node->x, node->y, s->gx, s->gy) : g);
}

/* Relaxes the eight neighbours of node `at`, written out so that the four orthogonal costs
 * stay at hand for the diagonal rule: no step between two blocked cells. */
static void expand(Search *s, int at)
{
    PathFinder *pf = s->pf;
    const int stride = pf->stride;
    const int32_t g = pf->nodes[at].g;
    const int32_t ce = node_cost(pf, at + 1, s->cost, s->ctx);
    const int32_t cw = node_cost(pf, at - 1, s->cost, s->ctx);
    const int32_t cs = node_cost(pf, at + stride, s->cost, s->ctx);
    const int32_t cn = node_cost(pf, at - stride, s->cost, s->ctx);
    if (ce >= 0)
        relax(s, at, at + 1, g + PATH_STRAIGHT + ce);
    if (cw >= 0)
        relax(s, at, at - 1, g + PATH_STRAIGHT + cw);
    if (cs >= 0)
        relax(s, at, at + stride, g + PATH_STRAIGHT + cs);
    if (cn >= 0)
        relax(s, at, at - stride, g + PATH_STRAIGHT + cn);
    int32_t c;
    if ((ce >= 0 || cs >= 0) && (c = node_cost(pf, at + stride + 1, s->cost, s->ctx)) >= 0)
        relax(s, at, at + stride + 1, g + PATH_DIAGONAL + c);
    if ((ce >= 0 || cn >= 0) && (c = node_cost(pf, at - stride + 1, s->cost, s->ctx)) >= 0)
        relax(s, at, at - stride + 1, g + PATH_DIAGONAL + c);
    if ((cw >= 0 || cs >= 0) && (c = node_cost(pf, at + stride - 1, s->cost, s->ctx)) >= 0)
        relax(s, at, at + stride - 1, g + PATH_DIAGONAL + c);
    if ((cw >= 0 || cn >= 0) && (c = node_cost(pf, at - stride - 1, s->cost, s->ctx)) >= 0)
        relax(s, at, at - stride - 1, g + PATH_DIAGONAL + c);
}

static void open_start(PathFinder *pf, int cell, int32_t key)
{
    PathNode *node = &pf->nodes[cell];
    node->stamp = pf->current;
    node->queued = 0;
    node->g = 0;
    node->parent = -1;
    queue_put(pf, cell, key);
}

int path_astar(PathFinder *pf, int sx, int sy, int gx, int gy, PathCostFn cost, const void *ctx,
               PathCell *out, int max, int32_t *cost_out)
{
    int w = pf->width;
    if (sx < 0 || sy < 0 || gx < 0 || gy < 0 || sx >= w || gx >= w || sy >= pf->height ||
        gy >= pf->height)
        return -1;
    begin_search(pf);
    Search s = {pf, cost, ctx, gx, gy};
    int start = node_index(pf, sx, sy), goal = node_index(pf, gx, gy);
    int32_t h0 = octile(sx, sy, gx, gy);
    open_start(pf, start, h0);
    pf->cursor = h0;
    for (int at; (at = queue_pop(pf)) >= 0;) {
        if (at == goal) {
            int len = 0;
            for (int c = goal; c != start; c = pf->nodes[c].parent)
                len++;
            if (len > max)
                return -1;
            int i = len;
            for (int c = goal; c != start; c = pf->nodes[c].parent)
                out[--i] = (PathCell){pf->nodes[c].x, pf->nodes[c].y};
            if (cost_out)
                *cost_out = pf->nodes[goal].g;
            return len;
        }
        expand(&s, at);
    }
    return -1;
}

void path_dijkstra(PathFinder *pf, const PathCell *goals, int goal_count, PathCostFn cost,
                   const void *ctx, int32_t *dist)
{
    const int w = pf->width, cells = w * pf->height; /* hoisted: dist may alias pf */
    for (int i = 0; i < cells; i++)
        dist[i] = PATH_UNREACHED;
    begin_search(pf);
    Search s = {pf, cost, ctx, -1, -1};
    for (int i = 0; i < goal_count; i++) {
        if (goals[i].x < 0 || goals[i].y < 0 || goals[i].x >= w || goals[i].y >= pf->height)
            continue;
        int cell = node_index(pf, goals[i].x, goals[i].y);
        if (pf->nodes[cell].stamp != pf->current)
            open_start(pf, cell, 0);
    }
    /* Each node's distance is final when it leaves the queue: write it then, and never scan
     * the whole node array. */
    for (int at; (at = queue_pop(pf)) >= 0;) {
        const PathNode *node = &pf->nodes[at];
        dist[node->y * w + node->x] = node->g;
        expand(&s, at);
    }
}

#include "core/path.h"

#include <stdlib.h>
#include <string.h>

static const int DX[8] = {1, -1, 0, 0, 1, 1, -1, -1};
static const int DY[8] = {0, 0, 1, -1, 1, -1, 1, -1};

bool path_finder_init(PathFinder *pf, int width, int height)
{
    memset(pf, 0, sizeof *pf);
    size_t n = (size_t)width * (size_t)height;
    pf->width = width;
    pf->height = height;
    pf->g = malloc(n * sizeof *pf->g);
    pf->parent = malloc(n * sizeof *pf->parent);
    pf->stamp = calloc(n, sizeof *pf->stamp);
    pf->closed = malloc(n);
    pf->heap = malloc(n * sizeof *pf->heap);
    pf->key = malloc(n * sizeof *pf->key);
    pf->pos = malloc(n * sizeof *pf->pos);
    if (!pf->g || !pf->parent || !pf->stamp || !pf->closed || !pf->heap || !pf->key || !pf->pos) {
        path_finder_free(pf);
        return false;
    }
    return true;
}

void path_finder_free(PathFinder *pf)
{
    free(pf->g);
    free(pf->parent);
    free(pf->stamp);
    free(pf->closed);
    free(pf->heap);
    free(pf->key);
    free(pf->pos);
    memset(pf, 0, sizeof *pf);
}

/* A new search: bump the stamp instead of clearing every array. */
static void begin_search(PathFinder *pf)
{
    if (++pf->current == 0) { /* wrapped after 4 billion searches */
        memset(pf->stamp, 0, (size_t)pf->width * (size_t)pf->height * sizeof *pf->stamp);
        pf->current = 1;
    }
    pf->heap_size = 0;
}

static bool touched(const PathFinder *pf, int i)
{
    return pf->stamp[i] == pf->current;
}

/* An indexed binary min-heap of cell indices by key, with decrease-key. */
static void heap_place(PathFinder *pf, int i, int32_t cell)
{
    pf->heap[i] = cell;
    pf->pos[cell] = i;
}

static void sift_up(PathFinder *pf, int i)
{
    int32_t cell = pf->heap[i], k = pf->key[cell];
    while (i > 0) {
        int up = (i - 1) / 2;
        if (pf->key[pf->heap[up]] <= k)
            break;
        heap_place(pf, i, pf->heap[up]);
        i = up;
    }
    heap_place(pf, i, cell);
}

/* Puts cell in the heap with key, or lowers its key if it is there with a higher one. */
static void heap_offer(PathFinder *pf, int32_t cell, int32_t key, bool in_heap)
{
    pf->key[cell] = key;
    if (!in_heap) {
        pf->heap[pf->heap_size] = cell;
        pf->pos[cell] = pf->heap_size++;
    }
    sift_up(pf, pf->pos[cell]);
}

static int32_t heap_pop(PathFinder *pf)
{
    int32_t top = pf->heap[0];
    int32_t last = pf->heap[--pf->heap_size];
    int n = pf->heap_size, i = 0;
    int32_t k = pf->key[last];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && pf->key[pf->heap[c + 1]] < pf->key[pf->heap[c]])
            c++;
        if (pf->key[pf->heap[c]] >= k)
            break;
        heap_place(pf, i, pf->heap[c]);
        i = c;
    }
    if (n > 0)
        heap_place(pf, i, last);
    pf->pos[top] = -1;
    return top;
}

/* Whether the step from (x, y) by direction d squeezes between two blocked cells. */
static bool squeezes(int x, int y, int d, PathCostFn cost, const void *ctx, int w, int h)
{
    if (d < 4)
        return false;
    int ax = x + DX[d], by = y + DY[d];
    bool a_blocked = ax < 0 || ax >= w || cost(ctx, ax, y) == PATH_BLOCKED;
    bool b_blocked = by < 0 || by >= h || cost(ctx, x, by) == PATH_BLOCKED;
    return a_blocked && b_blocked;
}

/* Octile distance: the cheapest possible cost on open ground, so A* stays optimal. */
static int32_t octile(int x0, int y0, int x1, int y1)
{
    int dx = abs(x1 - x0), dy = abs(y1 - y0);
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return PATH_DIAGONAL * lo + PATH_STRAIGHT * (hi - lo);
}

/* Relaxes the neighbours of cell `at` (cost g_at); heuristic toward (gx, gy) when gx >= 0. */
static void expand(PathFinder *pf, int at, PathCostFn cost, const void *ctx, int gx, int gy)
{
    int w = pf->width, h = pf->height, x = at % w, y = at / w;
    for (int d = 0; d < 8; d++) {
        int nx = x + DX[d], ny = y + DY[d];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h)
            continue;
        int n = ny * w + nx;
        bool seen = touched(pf, n);
        if (seen && pf->closed[n])
            continue;
        int extra = cost(ctx, nx, ny);
        if (extra == PATH_BLOCKED || squeezes(x, y, d, cost, ctx, w, h))
            continue;
        int32_t g = pf->g[at] + (d < 4 ? PATH_STRAIGHT : PATH_DIAGONAL) + extra;
        if (seen && g >= pf->g[n])
            continue;
        if (!seen) {
            pf->stamp[n] = pf->current;
            pf->closed[n] = 0;
            pf->pos[n] = -1;
        }
        pf->g[n] = g;
        pf->parent[n] = at;
        heap_offer(pf, n, gx >= 0 ? g + octile(nx, ny, gx, gy) : g, pf->pos[n] >= 0);
    }
}

static void open_start(PathFinder *pf, int cell)
{
    pf->stamp[cell] = pf->current;
    pf->closed[cell] = 0;
    pf->pos[cell] = -1;
    pf->g[cell] = 0;
    pf->parent[cell] = -1;
}

int path_astar(PathFinder *pf, int sx, int sy, int gx, int gy, PathCostFn cost, const void *ctx,
               PathCell *out, int max, int32_t *cost_out)
{
    int w = pf->width;
    if (sx < 0 || sy < 0 || gx < 0 || gy < 0 || sx >= w || gx >= w || sy >= pf->height ||
        gy >= pf->height)
        return -1;
    begin_search(pf);
    int start = sy * w + sx, goal = gy * w + gx;
    open_start(pf, start);
    heap_offer(pf, start, octile(sx, sy, gx, gy), false);
    while (pf->heap_size > 0) {
        int at = heap_pop(pf);
        pf->closed[at] = 1;
        if (at == goal) {
            int len = 0;
            for (int c = goal; c != start; c = pf->parent[c])
                len++;
            if (len > max)
                return -1;
            int i = len;
            for (int c = goal; c != start; c = pf->parent[c])
                out[--i] = (PathCell){(int16_t)(c % w), (int16_t)(c / w)};
            if (cost_out)
                *cost_out = pf->g[goal];
            return len;
        }
        expand(pf, at, cost, ctx, gx, gy);
    }
    return -1;
}

void path_dijkstra(PathFinder *pf, const PathCell *goals, int goal_count, PathCostFn cost,
                   const void *ctx, int32_t *dist)
{
    int w = pf->width, n = w * pf->height;
    begin_search(pf);
    for (int i = 0; i < goal_count; i++) {
        int cell = goals[i].y * w + goals[i].x;
        if (goals[i].x < 0 || goals[i].y < 0 || goals[i].x >= w || goals[i].y >= pf->height ||
            touched(pf, cell))
            continue;
        open_start(pf, cell);
        heap_offer(pf, cell, 0, false);
    }
    while (pf->heap_size > 0) {
        int at = heap_pop(pf);
        pf->closed[at] = 1;
        expand(pf, at, cost, ctx, -1, -1);
    }
    for (int i = 0; i < n; i++)
        dist[i] = touched(pf, i) ? pf->g[i] : PATH_UNREACHED;
}

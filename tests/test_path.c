#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#include "core/map.h"
#include "core/path.h"
#include "core/rng.h"

typedef struct Grid {
    int w, h;
    char *cells; /* '#' wall, '.' floor, '+' door (extra cost), 'L' locked, '\'' and 'D':
                    marked PATH_NO_DIAGONAL, without and with an extra cost */
} Grid;

static int grid_cost(const void *ctx, int x, int y)
{
    const Grid *g = ctx;
    switch (g->cells[y * g->w + x]) {
    case '#':
    case 'L': return PATH_BLOCKED;
    case '+': return 25;
    case '\'': return PATH_NO_DIAGONAL;
    case 'D': return 25 | PATH_NO_DIAGONAL;
    default: return 0;
    }
}

static int extra_cost(const Grid *g, int x, int y)
{
    int c = grid_cost(g, x, y);
    return c < 0 ? c : c & ~PATH_NO_DIAGONAL;
}

static bool marked(const Grid *g, int x, int y)
{
    int c = grid_cost(g, x, y);
    return c >= 0 && (c & PATH_NO_DIAGONAL);
}

static Grid random_grid(Rng *rng, int w, int h, int wall_pct)
{
    static const char open[] = ".......+'D"; /* mostly floor */
    Grid g = {w, h, malloc((size_t)(w * h))};
    for (int i = 0; i < w * h; i++)
        g.cells[i] = rng_chance(rng, wall_pct, 100) ? '#' : open[rng_range(rng, 0, 9)];
    return g;
}

/* Reference: Bellman-Ford style relaxation until nothing changes; slow, obviously right. */
static void reference_dist(const Grid *g, const PathCell *goals, int n_goals, int32_t *dist)
{
    int n = g->w * g->h;
    for (int i = 0; i < n; i++)
        dist[i] = PATH_UNREACHED;
    for (int i = 0; i < n_goals; i++)
        dist[goals[i].y * g->w + goals[i].x] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < n; i++) {
            if (dist[i] == PATH_UNREACHED)
                continue;
            int x = i % g->w, y = i / g->w;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int nx = x + dx, ny = y + dy;
                    if ((!dx && !dy) || nx < 0 || ny < 0 || nx >= g->w || ny >= g->h)
                        continue;
                    int extra = extra_cost(g, nx, ny);
                    if (extra < 0)
                        continue;
                    if (dx && dy && grid_cost(g, x + dx, y) < 0 && grid_cost(g, x, y + dy) < 0)
                        continue;
                    if (dx && dy && (marked(g, x, y) || marked(g, nx, ny)))
                        continue;
                    int32_t d = dist[i] + (dx && dy ? 14 : 10) + extra;
                    if (d < dist[ny * g->w + nx]) {
                        dist[ny * g->w + nx] = d;
                        changed = true;
                    }
                }
        }
    }
}

/* A path is a chain of legal steps whose costs add up to what A* reported. */
static void assert_path_legal(const Grid *g, int sx, int sy, const PathCell *p, int len,
                              int32_t cost)
{
    int32_t sum = 0;
    int x = sx, y = sy;
    for (int i = 0; i < len; i++) {
        int dx = p[i].x - x, dy = p[i].y - y;
        assert_true(abs(dx) <= 1 && abs(dy) <= 1 && (dx || dy));
        assert_true(grid_cost(g, p[i].x, p[i].y) >= 0);
        if (dx && dy) {
            assert_false(grid_cost(g, x + dx, y) < 0 && grid_cost(g, x, y + dy) < 0);
            assert_false(marked(g, x, y) || marked(g, p[i].x, p[i].y));
        }
        sum += (dx && dy ? 14 : 10) + extra_cost(g, p[i].x, p[i].y);
        x = p[i].x;
        y = p[i].y;
    }
    assert_int_equal(sum, cost);
}

static void astar_is_optimal_on_random_maps(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 21, RNG_STREAM_GAMEPLAY);
    PathFinder pf;
    int checked = 0, unreachable = 0;
    for (int m = 0; m < 30; m++) {
        Grid g = random_grid(&rng, 24 + m % 7, 16 + m % 5, 20 + m % 25);
        assert_true(path_finder_init(&pf, g.w, g.h));
        int32_t *dist = malloc(sizeof(int32_t) * (size_t)(g.w * g.h));
        PathCell *path = malloc(sizeof(PathCell) * (size_t)(g.w * g.h));
        for (int k = 0; k < 40; k++) {
            /* One by one: the order of an initializer list's expressions is unspecified. */
            int sx = rng_range(&rng, 0, g.w - 1), sy = rng_range(&rng, 0, g.h - 1);
            PathCell s = {(int16_t)sx, (int16_t)sy};
            int gx = rng_range(&rng, 0, g.w - 1), gy = rng_range(&rng, 0, g.h - 1);
            if (g.cells[s.y * g.w + s.x] == '#')
                continue;
            reference_dist(&g, &s, 1, dist); /* the cheapest cost from s to every cell */
            int32_t cost = -1;
            int len = path_astar(&pf, s.x, s.y, gx, gy, grid_cost, &g, path, g.w * g.h, &cost);
            int32_t want = dist[gy * g.w + gx];
            if (want == PATH_UNREACHED) {
                assert_int_equal(len, -1);
                unreachable++;
            } else {
                assert_true(len >= 0);
                assert_int_equal(cost, want);
                assert_path_legal(&g, s.x, s.y, path, len, cost);
            }
            checked++;
        }
        free(dist);
        free(path);
        free(g.cells);
        path_finder_free(&pf);
    }
    assert_true(checked > 800);
    assert_true(unreachable > 20); /* the maps really do have walls in the way */
}

static void dijkstra_matches_the_reference_with_many_goals(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 22, RNG_STREAM_GAMEPLAY);
    for (int m = 0; m < 20; m++) {
        Grid g = random_grid(&rng, 30, 20, 25);
        PathFinder pf;
        assert_true(path_finder_init(&pf, g.w, g.h));
        PathCell goals[5];
        for (int i = 0; i < 5; i++) {
            int gx = rng_range(&rng, 0, 29), gy = rng_range(&rng, 0, 19);
            goals[i] = (PathCell){(int16_t)gx, (int16_t)gy};
        }
        int32_t got[600], want[600];
        path_dijkstra(&pf, goals, 5, grid_cost, &g, got);
        reference_dist(&g, goals, 5, want);
        assert_memory_equal(got, want, sizeof got);
        /* The same map from a cost grid, after an A* search on the same finder. */
        int16_t costs[600];
        for (int i = 0; i < 600; i++)
            costs[i] = (int16_t)grid_cost(&g, i % g.w, i / g.w); /* marks and all */
        PathCell path[600];
        path_astar(&pf, goals[0].x, goals[0].y, goals[1].x, goals[1].y, grid_cost, &g, path, 600,
                   NULL);
        memset(got, 0, sizeof got);
        path_dijkstra_costs(&pf, goals, 5, costs, got);
        assert_memory_equal(got, want, sizeof got);
        /* Stopping at a cell: it and every cell nearer the goals are exact, the rest are
         * never below their true distance. */
        int sx = rng_range(&rng, 0, 29), sy = rng_range(&rng, 0, 19);
        path_dijkstra_costs_to(&pf, goals, 5, costs, got, sx, sy);
        int32_t stop = want[sy * g.w + sx];
        assert_int_equal(got[sy * g.w + sx], stop);
        for (int i = 0; i < 600; i++) {
            if (want[i] < stop)
                assert_int_equal(got[i], want[i]);
            else
                assert_true(got[i] >= want[i]);
        }
        path_finder_free(&pf);
        free(g.cells);
    }
}

/* What a test of many maps of one size fills: distances got and wanted, a cost grid and a
 * path. */
typedef struct Scratch {
    int32_t *got, *want;
    int16_t *costs;
    PathCell *path;
    size_t dist_size; /* of got and want, in bytes */
} Scratch;

/* The arrays for maps of W x H, a finder of that size and the random stream of `seed`. */
static Scratch scratch_new(Rng *rng, uint64_t seed, PathFinder *pf, int W, int H)
{
    rng_seed(rng, seed, RNG_STREAM_GAMEPLAY);
    assert_true(path_finder_init(pf, W, H));
    const size_t n = (size_t)(W * H);
    Scratch sc = {malloc(n * sizeof *sc.got), malloc(n * sizeof *sc.want),
                  malloc(n * sizeof *sc.costs), malloc(n * sizeof *sc.path), n * sizeof *sc.got};
    assert_true(sc.got && sc.want && sc.costs && sc.path);
    return sc;
}

static void scratch_free(Scratch *sc)
{
    free(sc->got);
    free(sc->want);
    free(sc->costs);
    free(sc->path);
}

/* One finder kept for many searches of every kind in a row, as the game keeps its own: a
 * search that stops early puts back only what it touched, so what one search leaves must never
 * show in the next. Each answer is checked against the reference on 120 maps, the searches
 * in a shuffled order with A* in between. */
static void many_searches_on_one_finder(uint64_t seed, const int W, const int H, int maps)
{
    Rng rng;
    PathFinder pf;
    Scratch sc = scratch_new(&rng, seed, &pf, W, H);
    const int N = W * H;
    for (int m = 0; m < maps; m++) {
        Grid g = random_grid(&rng, W, H, 10 + m % 30);
        for (int i = 0; i < N; i++)
            sc.costs[i] = (int16_t)grid_cost(&g, i % W, i / W);
        PathCell goals[4];
        int n_goals = rng_range(&rng, 1, 4);
        for (int i = 0; i < n_goals; i++) {
            int gx = rng_range(&rng, 0, W - 1), gy = rng_range(&rng, 0, H - 1); /* in order */
            goals[i] = (PathCell){(int16_t)gx, (int16_t)gy};
        }
        reference_dist(&g, goals, n_goals, sc.want);
        for (int k = 0; k < 6; k++) {
            int sx = rng_range(&rng, 0, W - 1), sy = rng_range(&rng, 0, H - 1);
            memset(sc.got, 0x55, sc.dist_size);
            switch (rng_range(&rng, 0, 3)) {
            case 0:
                path_dijkstra_costs(&pf, goals, n_goals, sc.costs, sc.got);
                assert_memory_equal(sc.got, sc.want, sc.dist_size);
                break;
            case 1:
                path_dijkstra(&pf, goals, n_goals, grid_cost, &g, sc.got);
                assert_memory_equal(sc.got, sc.want, sc.dist_size);
                break;
            case 2:
                path_astar(&pf, sx, sy, goals[0].x, goals[0].y, grid_cost, &g, sc.path, N, NULL);
                break;
            default: {
                path_dijkstra_costs_to(&pf, goals, n_goals, sc.costs, sc.got, sx, sy);
                int32_t stop = sc.want[sy * W + sx];
                assert_int_equal(sc.got[sy * W + sx], stop);
                for (int i = 0; i < N; i++) {
                    if (sc.want[i] <= stop)
                        assert_int_equal(sc.got[i], sc.want[i]);
                    else
                        assert_true(sc.got[i] >= sc.want[i]);
                }
            }
            }
        }
        free(g.cells);
    }
    path_finder_free(&pf);
    scratch_free(&sc);
}

static void one_finder_many_searches_match_the_reference(void **state)
{
    (void)state;
    many_searches_on_one_finder(23, 34, 21, 120);
    /* The game's map size, for which the searches are compiled apart (path_internal.h). */
    many_searches_on_one_finder(26, MAP_WIDTH, MAP_HEIGHT, 12);
}

/* --- the reference A*: the engine's A* as it was before its open set became stacks with
 * lazy deletion (doubly linked buckets, a node unlinked when its key goes down), kept to check
 * that the faster one finds exactly the same paths, ties broken alike. */
typedef struct RefNode {
    int32_t g, parent, key, next, prev, cost;
    uint32_t stamp, costed;
    int16_t x, y;
    uint8_t queued, border, marked;
} RefNode;

typedef struct RefFinder {
    int width, height, stride;
    RefNode *nodes;
    int32_t bucket[PATH_BUCKETS];
    int32_t cursor;
    int queued;
    uint32_t current;
    uint64_t taken; /* cells taken off the queue, the goal too, over every search */
} RefFinder;

static void ref_init(RefFinder *pf, int width, int height)
{
    memset(pf, 0, sizeof *pf);
    pf->width = width;
    pf->height = height;
    pf->stride = width + 2;
    pf->nodes = calloc((size_t)(width + 2) * (size_t)(height + 2), sizeof *pf->nodes);
    for (int y = 0; y < height + 2; y++)
        for (int x = 0; x < width + 2; x++) {
            RefNode *node = &pf->nodes[y * pf->stride + x];
            node->x = (int16_t)(x - 1);
            node->y = (int16_t)(y - 1);
            node->border = x == 0 || y == 0 || x == width + 1 || y == height + 1;
        }
}

/* A new search: bump the stamp instead of clearing every node. */
static void ref_begin_search(RefFinder *pf)
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

static inline int ref_node_index(const RefFinder *pf, int x, int y)
{
    return (y + 1) * pf->stride + x + 1;
}

/* A caller's cost without its mark: PATH_BLOCKED or 0..PATH_EXTRA_MAX. */
static inline int32_t ref_cost_extra(int32_t asked)
{
    if (asked < 0)
        return PATH_BLOCKED;
    int32_t extra = asked & ~(int32_t)PATH_NO_DIAGONAL;
    return extra > PATH_EXTRA_MAX ? PATH_EXTRA_MAX : extra;
}

static inline bool ref_cost_marked(int32_t asked)
{
    return asked >= 0 && (asked & PATH_NO_DIAGONAL);
}

/* The caller's cost for entering node i, asked at most once per search; the border is
 * blocked without asking. The node's mark is valid once this has been called. */
static inline int32_t ref_node_cost(RefFinder *pf, int i, PathCostFn cost, const void *ctx)
{
    RefNode *n = &pf->nodes[i];
    if (n->border)
        return PATH_BLOCKED;
    if (n->costed != pf->current) {
        n->costed = pf->current;
        int32_t c = cost(ctx, n->x, n->y);
        n->cost = ref_cost_extra(c);
        n->marked = ref_cost_marked(c);
    }
    return n->cost;
}

static void ref_queue_remove(RefFinder *pf, int i)
{
    RefNode *n = &pf->nodes[i];
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
static void ref_queue_put(RefFinder *pf, int i, int32_t key)
{
    RefNode *n = &pf->nodes[i];
    if (n->queued)
        ref_queue_remove(pf, i);
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
static int ref_queue_pop(RefFinder *pf)
{
    if (pf->queued == 0)
        return -1;
    while (pf->bucket[pf->cursor % PATH_BUCKETS] < 0)
        pf->cursor++;
    int i = pf->bucket[pf->cursor % PATH_BUCKETS];
    ref_queue_remove(pf, i);
    return i;
}

/* Octile distance: the cheapest possible cost on open ground, so A* stays optimal. */
static int32_t ref_octile(int x0, int y0, int x1, int y1)
{
    int dx = abs(x1 - x0), dy = abs(y1 - y0);
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return PATH_DIAGONAL * lo + PATH_STRAIGHT * (hi - lo);
}

typedef struct RefSearch {
    RefFinder *pf;
    PathCostFn cost;
    const void *ctx;
    int gx, gy; /* the goal, or -1 for Dijkstra */
} RefSearch;

/* Offers node n a path through `at` costing g. A settled node never improves (the
 * heuristic is consistent), so comparing g is enough to leave it alone. */
static inline void ref_relax(RefSearch *s, int at, int n, int32_t g)
{
    RefFinder *pf = s->pf;
    RefNode *node = &pf->nodes[n];
    if (node->stamp == pf->current) {
        if (g >= node->g)
            return;
    } else {
        node->stamp = pf->current;
        node->queued = 0;
    }
    node->g = g;
    node->parent = at;
    ref_queue_put(pf, n, s->gx >= 0 ? g + ref_octile(node->x, node->y, s->gx, s->gy) : g);
}

/* The cost of entering node n diagonally: blocked when it is marked. */
static inline int32_t ref_diagonal_cost(RefSearch *s, int n)
{
    int32_t c = ref_node_cost(s->pf, n, s->cost, s->ctx);
    return s->pf->nodes[n].marked ? PATH_BLOCKED : c;
}

/* Relaxes the eight neighbours of node `at`, written out so that the four orthogonal costs
 * stay at hand for the diagonal rules: no step between two blocked cells, none into or out
 * of a marked cell. `at` was costed before it was queued (the start by ref_path_astar). */
static void ref_expand(RefSearch *s, int at)
{
    RefFinder *pf = s->pf;
    const int stride = pf->stride;
    const int32_t g = pf->nodes[at].g;
    const int32_t ce = ref_node_cost(pf, at + 1, s->cost, s->ctx);
    const int32_t cw = ref_node_cost(pf, at - 1, s->cost, s->ctx);
    const int32_t cs = ref_node_cost(pf, at + stride, s->cost, s->ctx);
    const int32_t cn = ref_node_cost(pf, at - stride, s->cost, s->ctx);
    if (ce >= 0)
        ref_relax(s, at, at + 1, g + PATH_STRAIGHT + ce);
    if (cw >= 0)
        ref_relax(s, at, at - 1, g + PATH_STRAIGHT + cw);
    if (cs >= 0)
        ref_relax(s, at, at + stride, g + PATH_STRAIGHT + cs);
    if (cn >= 0)
        ref_relax(s, at, at - stride, g + PATH_STRAIGHT + cn);
    if (pf->nodes[at].marked)
        return;
    int32_t c;
    if ((ce >= 0 || cs >= 0) && (c = ref_diagonal_cost(s, at + stride + 1)) >= 0)
        ref_relax(s, at, at + stride + 1, g + PATH_DIAGONAL + c);
    if ((ce >= 0 || cn >= 0) && (c = ref_diagonal_cost(s, at - stride + 1)) >= 0)
        ref_relax(s, at, at - stride + 1, g + PATH_DIAGONAL + c);
    if ((cw >= 0 || cs >= 0) && (c = ref_diagonal_cost(s, at + stride - 1)) >= 0)
        ref_relax(s, at, at + stride - 1, g + PATH_DIAGONAL + c);
    if ((cw >= 0 || cn >= 0) && (c = ref_diagonal_cost(s, at - stride - 1)) >= 0)
        ref_relax(s, at, at - stride - 1, g + PATH_DIAGONAL + c);
}

static void ref_open_start(RefFinder *pf, int cell, int32_t key)
{
    RefNode *node = &pf->nodes[cell];
    node->stamp = pf->current;
    node->queued = 0;
    node->g = 0;
    node->parent = -1;
    ref_queue_put(pf, cell, key);
}

int ref_path_astar(RefFinder *pf, int sx, int sy, int gx, int gy, PathCostFn cost, const void *ctx,
                   PathCell *out, int max, int32_t *cost_out)
{
    int w = pf->width;
    if (sx < 0 || sy < 0 || gx < 0 || gy < 0 || sx >= w || gx >= w || sy >= pf->height ||
        gy >= pf->height)
        return -1;
    ref_begin_search(pf);
    RefSearch s = {pf, cost, ctx, gx, gy};
    int start = ref_node_index(pf, sx, sy), goal = ref_node_index(pf, gx, gy);
    ref_node_cost(pf, start, cost, ctx); /* for its mark: a walker may not leave it diagonally */
    int32_t h0 = ref_octile(sx, sy, gx, gy);
    ref_open_start(pf, start, h0);
    pf->cursor = h0;
    for (int at; (at = ref_queue_pop(pf)) >= 0;) {
        pf->taken++;
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
        ref_expand(&s, at);
    }
    return -1;
}

/* path_astar (and path_astar_costs) finds the very path the reference finds (the same cells, so the
 * same ties broken the same way) and the same cost, on 60 random maps with doors, marks and walls,
 * 2,400 searches on one finder, and the same when no path exists or it is too long; and each
 * takes as many cells off its queue as the reference (the work `bench` counts). */
static void astar_finds_the_same_paths_as_the_reference(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 24, RNG_STREAM_GAMEPLAY);
    int found = 0;
    for (int m = 0; m < 68; m++) {
        /* Then maps of the game's size, for which A* is compiled apart, and two taller than
         * path_astar_costs copies row by row (it then caches node by node). */
        const bool game = m >= 60 && m < 66, tall = m >= 66;
        Grid g = random_grid(&rng, game ? MAP_WIDTH : 20 + m % 23,
                             game   ? MAP_HEIGHT
                             : tall ? 63 + m % 3
                                    : 12 + m % 17,
                             5 + m % 35);
        PathFinder pf;
        RefFinder ref;
        assert_true(path_finder_init(&pf, g.w, g.h));
        ref_init(&ref, g.w, g.h);
        PathCell *got = malloc(sizeof(PathCell) * (size_t)(g.w * g.h));
        PathCell *want = malloc(sizeof(PathCell) * (size_t)(g.w * g.h));
        for (int k = 0; k < 40; k++) {
            int sx = rng_range(&rng, 0, g.w - 1), sy = rng_range(&rng, 0, g.h - 1);
            int gx = rng_range(&rng, 0, g.w - 1), gy = rng_range(&rng, 0, g.h - 1);
            int max = k % 5 == 0 ? rng_range(&rng, 0, 12) : g.w * g.h;
            int32_t cost_got = -7, cost_want = -7;
            const uint64_t taken = pf.taken, ref_taken = ref.taken;
            int len = path_astar(&pf, sx, sy, gx, gy, grid_cost, &g, got, max, &cost_got);
            int want_len =
                ref_path_astar(&ref, sx, sy, gx, gy, grid_cost, &g, want, max, &cost_want);
            assert_int_equal(len, want_len);
            assert_int_equal(pf.taken - taken, ref.taken - ref_taken);
            assert_int_equal(cost_got, cost_want);
            if (len > 0)
                assert_memory_equal(got, want, sizeof(PathCell) * (size_t)len);
            /* and from a cost grid */
            int16_t *costs = malloc(sizeof(int16_t) * (size_t)(g.w * g.h));
            for (int i = 0; i < g.w * g.h; i++)
                costs[i] = (int16_t)grid_cost(&g, i % g.w, i / g.w);
            cost_got = -7;
            const uint64_t before = pf.taken;
            assert_int_equal(path_astar_costs(&pf, sx, sy, gx, gy, costs, got, max, &cost_got),
                             want_len);
            assert_int_equal(pf.taken - before, ref.taken - ref_taken);
            assert_int_equal(cost_got, cost_want);
            if (len > 0)
                assert_memory_equal(got, want, sizeof(PathCell) * (size_t)len);
            free(costs);
            found += len > 0;
        }
        free(got);
        free(want);
        free(ref.nodes);
        path_finder_free(&pf);
        free(g.cells);
    }
    assert_true(found > 1000);
}

/* Maps of walls and floor only (doorways marked, at no extra cost) take path_dijkstra_costs's
 * own way for uniform costs: the same distances as the reference, with one goal and many, on
 * one finder between searches of the other kinds. */
/* path_dijkstra_costs on sc's costs from the goals gives sc->want; then, so that what a search
 * leaves behind shows in the next, map m searches once more: an A* (odd m) or a map stopping
 * early. */
static void check_costs_then_search_again(PathFinder *pf, Scratch *sc, const PathCell *goals,
                                          int n_goals, int m)
{
    const int W = pf->width, H = pf->height;
    memset(sc->got, 0x55, sc->dist_size);
    path_dijkstra_costs(pf, goals, n_goals, sc->costs, sc->got);
    assert_memory_equal(sc->got, sc->want, sc->dist_size);
    if (m % 2)
        path_astar_costs(pf, goals[0].x, goals[0].y, W - 1 - goals[0].x, H - 1 - goals[0].y,
                         sc->costs, sc->path, W * H, NULL);
    else
        path_dijkstra_costs_to(pf, goals, n_goals, sc->costs, sc->got, 0, 0);
}

static void uniform_maps_at(uint64_t seed, const int W, const int H, int maps)
{
    Rng rng;
    PathFinder pf;
    Scratch sc = scratch_new(&rng, seed, &pf, W, H);
    const int N = W * H;
    for (int m = 0; m < maps; m++) {
        Grid g = {W, H, malloc(N)};
        int walls = 5 + m % 45;
        for (int i = 0; i < N; i++)
            g.cells[i] = rng_chance(&rng, walls, 100) ? '#' : rng_chance(&rng, 1, 12) ? '\'' : '.';
        for (int i = 0; i < N; i++)
            sc.costs[i] = (int16_t)grid_cost(&g, i % W, i / W);
        PathCell goals[6];
        int n_goals = m % 3 == 0 ? rng_range(&rng, 2, 6) : 1;
        for (int i = 0; i < n_goals; i++) {
            int gx = rng_range(&rng, 0, W - 1), gy = rng_range(&rng, 0, H - 1); /* in order */
            goals[i] = (PathCell){(int16_t)gx, (int16_t)gy};
        }
        reference_dist(&g, goals, n_goals, sc.want);
        check_costs_then_search_again(&pf, &sc, goals, n_goals, m);
        free(g.cells);
    }
    path_finder_free(&pf);
    scratch_free(&sc);
}

static void uniform_maps_match_the_reference(void **state)
{
    (void)state;
    uniform_maps_at(25, 37, 23, 150);
    uniform_maps_at(27, MAP_WIDTH, MAP_HEIGHT, 20); /* the game's size (path_internal.h) */
}

/* The reference again, on a cost grid: a cost's extra capped at PATH_EXTRA_MAX, its mark. */
static int32_t grid_extra(const int16_t *costs, int i)
{
    if (costs[i] < 0)
        return PATH_BLOCKED;
    int32_t extra = costs[i] & ~PATH_NO_DIAGONAL;
    return extra > PATH_EXTRA_MAX ? PATH_EXTRA_MAX : extra;
}

static bool reference_step(const int16_t *costs, int W, int H, int x, int y, int dx, int dy)
{
    int nx = x + dx, ny = y + dy;
    if ((!dx && !dy) || nx < 0 || ny < 0 || nx >= W || ny >= H || costs[ny * W + nx] < 0)
        return false;
    if (!dx || !dy)
        return true;
    if (costs[y * W + nx] < 0 && costs[ny * W + x] < 0)
        return false;                                                     /* a squeeze */
    return !((costs[y * W + x] | costs[ny * W + nx]) & PATH_NO_DIAGONAL); /* both open here */
}

static void reference_costs(const int16_t *costs, int W, int H, const PathCell *goals, int n_goals,
                            int32_t *dist)
{
    for (int i = 0; i < W * H; i++)
        dist[i] = PATH_UNREACHED;
    for (int i = 0; i < n_goals; i++)
        dist[goals[i].y * W + goals[i].x] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < W * H; i++)
            for (int d = 0; d < 9 && dist[i] != PATH_UNREACHED; d++) {
                int x = i % W, y = i / W, dx = d % 3 - 1, dy = d / 3 - 1;
                if (!reference_step(costs, W, H, x, y, dx, dy))
                    continue;
                int n = (y + dy) * W + x + dx;
                int32_t g =
                    dist[i] + (dx && dy ? PATH_DIAGONAL : PATH_STRAIGHT) + grid_extra(costs, n);
                if (g < dist[n]) {
                    dist[n] = g;
                    changed = true;
                }
            }
    }
}

/* Grids of walls and floor with extra costs here and there, as doors and mice are (from 1 to
 * beyond PATH_EXTRA_MAX, marked or not, in clusters and along the map's edges), and goals on
 * them too: path_dijkstra_costs takes the uniform queues with its costly cells aside, and
 * gives the reference's distances, on one finder between searches of the other kinds. */
static int16_t random_extra(Rng *rng)
{
    static const int16_t extras[] = {1, 2, 4, 4, 6, 20, 30, 30, 50, 899, 900, 901, 5000, 0x3FFF};
    int16_t c = extras[rng_range(rng, 0, 13)];
    return rng_chance(rng, 1, 3) ? (int16_t)(c | PATH_NO_DIAGONAL) : c;
}

static void costly_maps_at(uint64_t seed, const int W, const int H, int maps)
{
    Rng rng;
    PathFinder pf;
    Scratch sc = scratch_new(&rng, seed, &pf, W, H);
    const int N = W * H;
    for (int m = 0; m < maps; m++) {
        int walls = 5 + m % 40, costly = 1 + m % 30, edge = m % 4 == 0;
        for (int i = 0; i < N; i++) {
            int x = i % W, y = i / W;
            bool rim = x == 0 || y == 0 || x == W - 1 || y == H - 1;
            sc.costs[i] = rng_chance(&rng, walls, 100) ? (int16_t)PATH_BLOCKED
                          : rng_chance(&rng, costly + 30 * (edge && rim), 100) ? random_extra(&rng)
                          : rng_chance(&rng, 1, 12) ? (int16_t)PATH_NO_DIAGONAL
                                                    : 0;
        }
        PathCell goals[6];
        int n_goals = m % 3 == 0 ? rng_range(&rng, 2, 6) : 1;
        for (int i = 0; i < n_goals; i++) {
            int gx, gy;
            do { /* open goals */
                gx = rng_range(&rng, 0, W - 1);
                gy = rng_range(&rng, 0, H - 1);
            } while (sc.costs[gy * W + gx] < 0 ||
                     (m % 2 && !(sc.costs[gy * W + gx] & ~PATH_NO_DIAGONAL) &&
                      rng_chance(&rng, 9, 10))); /* odd maps: mostly costly ones */
            goals[i] = (PathCell){(int16_t)gx, (int16_t)gy};
        }
        reference_costs(sc.costs, W, H, goals, n_goals, sc.want);
        check_costs_then_search_again(&pf, &sc, goals, n_goals, m);
    }
    path_finder_free(&pf);
    scratch_free(&sc);
}

static void costly_maps_match_the_reference(void **state)
{
    (void)state;
    costly_maps_at(28, 31, 19, 300);
    costly_maps_at(29, MAP_WIDTH, MAP_HEIGHT, 12); /* the game's size (path_internal.h) */
}

/* Extra costs with the rules of the steps: a goal's own cost does not count, a squeeze into a
 * costly cell is no way in, nor a diagonal into a marked one, and a cost beyond the cap counts
 * as the cap (path_dijkstra_costs keeps costly cells aside from its queues). */
static void costly_cells_keep_the_rules_of_the_steps(void **state)
{
    (void)state;
    enum { W = 4, H = 3, M = 1 * W + 2 }; /* M: the costly cell (2, 1) */
    const int16_t X = PATH_BLOCKED;
    int16_t costs[W * H] = {30, 0, X, 0, /* the goal (0, 0) costs 30 */
                            0,  X, 0, 0, 0, 0, 0, 0};
    PathFinder pf;
    assert_true(path_finder_init(&pf, W, H));
    const PathCell goal = {0, 0};
    int32_t dist[W * H];
    /* (1, 0) to M is a squeeze: M is entered from (1, 2) (24 away), diagonally. */
    const int16_t extra[] = {40, 40 | PATH_NO_DIAGONAL, 5000};
    const int32_t want[] = {24 + 14 + 40, 34 + 10 + 40, 24 + 14 + PATH_EXTRA_MAX};
    for (int k = 0; k < 3; k++) {
        costs[M] = extra[k];
        path_dijkstra_costs(&pf, &goal, 1, costs, dist);
        assert_int_equal(dist[0], 0);
        assert_int_equal(dist[1], PATH_STRAIGHT);
        assert_int_equal(dist[1 * W + 0], PATH_STRAIGHT);
        assert_int_equal(dist[M], want[k]);
        assert_int_equal(dist[1 * W + 1], PATH_UNREACHED);
    }
    path_finder_free(&pf);
}

static Grid grid_from(const char *const *rows)
{
    Grid g = {(int)strlen(rows[0]), 0, NULL};
    while (rows[g.h])
        g.h++;
    g.cells = malloc((size_t)(g.w * g.h));
    for (int y = 0; y < g.h; y++)
        memcpy(g.cells + y * g.w, rows[y], (size_t)g.w);
    return g;
}

static void no_diagonal_step_between_two_walls(void **state)
{
    (void)state;
    static const char *const rows[] = {"..#", ".#.", "#..", NULL};
    Grid g = grid_from(rows);
    PathFinder pf;
    assert_true(path_finder_init(&pf, 3, 3));
    PathCell path[9];
    /* (1,0) to (2,1) is one diagonal step with walls on both sides: forbidden, and there is no
     * other way round. */
    assert_int_equal(path_astar(&pf, 1, 0, 2, 1, grid_cost, &g, path, 9, NULL), -1);
    g.cells[0 * 3 + 2] = '.'; /* open one side: now allowed */
    int32_t cost;
    assert_int_equal(path_astar(&pf, 1, 0, 2, 1, grid_cost, &g, path, 9, &cost), 1);
    assert_int_equal(cost, PATH_DIAGONAL);
    path_finder_free(&pf);
    free(g.cells);
}

/* A marked cell is entered and left only in line, though the diagonal is the only short
 * way; the mark itself costs nothing. The same for A*, for Dijkstra maps asking a callback
 * and for those given a grid. */
static void a_marked_cell_is_never_entered_or_left_diagonally(void **state)
{
    (void)state;
    static const char *const rows[] = {"...", ".'.", "...", NULL};
    Grid g = grid_from(rows);
    PathFinder pf;
    assert_true(path_finder_init(&pf, 3, 3));
    PathCell path[9];
    int32_t cost;
    assert_int_equal(path_astar(&pf, 0, 0, 1, 1, grid_cost, &g, path, 9, &cost), 2); /* in */
    assert_int_equal(cost, 2 * PATH_STRAIGHT);
    assert_int_equal(path_astar(&pf, 1, 1, 2, 2, grid_cost, &g, path, 9, &cost), 2); /* out */
    assert_int_equal(cost, 2 * PATH_STRAIGHT);
    assert_true(path[0].x == 1 || path[0].y == 1); /* the first step is in line */
    assert_int_equal(path_astar(&pf, 1, 1, 1, 2, grid_cost, &g, path, 9, &cost), 1);
    assert_int_equal(cost, PATH_STRAIGHT);
    /* Past it: the corners are a diagonal apart on either side, never through it. */
    assert_int_equal(path_astar(&pf, 0, 0, 2, 2, grid_cost, &g, path, 9, &cost), 3);
    assert_int_equal(cost, 2 * PATH_STRAIGHT + PATH_DIAGONAL);
    assert_false(path[0].x == 1 && path[0].y == 1);
    assert_false(path[1].x == 1 && path[1].y == 1);

    PathCell centre = {1, 1};
    int32_t dist[9];
    int16_t costs[9];
    for (int i = 0; i < 9; i++)
        costs[i] = (int16_t)grid_cost(&g, i % 3, i / 3);
    for (int way = 0; way < 3; way++) {
        if (way == 0)
            path_dijkstra(&pf, &centre, 1, grid_cost, &g, dist);
        else if (way == 1)
            path_dijkstra_costs(&pf, &centre, 1, costs, dist);
        else
            path_dijkstra_costs_to(&pf, &centre, 1, costs, dist, 0, 0);
        assert_int_equal(dist[0], 2 * PATH_STRAIGHT); /* the corner (0,0) */
        assert_int_equal(dist[1], PATH_STRAIGHT);
        if (way < 2)
            assert_int_equal(dist[8], 2 * PATH_STRAIGHT);
    }
    /* A mark with an extra cost: the extra counts, the mark does not. */
    g.cells[4] = 'D';
    assert_int_equal(path_astar(&pf, 0, 0, 1, 1, grid_cost, &g, path, 9, &cost), 2);
    assert_int_equal(cost, 2 * PATH_STRAIGHT + 25);
    costs[4] = (int16_t)grid_cost(&g, 1, 1);
    PathCell corner = {0, 0};
    path_dijkstra_costs(&pf, &corner, 1, costs, dist);
    assert_int_equal(dist[4], 2 * PATH_STRAIGHT + 25);
    assert_int_equal(dist[8], 2 * PATH_STRAIGHT + PATH_DIAGONAL);
    path_finder_free(&pf);
    free(g.cells);
}

/* An extra cost beyond PATH_EXTRA_MAX counts as PATH_EXTRA_MAX, for A* and the Dijkstra map
 * (their queues are sized for it): a door of 5,000 in a corridor costs 900 to pass. */
static void extra_costs_beyond_the_cap_count_as_the_cap(void **state)
{
    (void)state;
    enum { W = 60, H = 3 };
    int16_t costs[W * H];
    for (int i = 0; i < W * H; i++)
        costs[i] = i / W == 1 ? 0 : PATH_BLOCKED; /* a corridor along row 1 */
    costs[1 * W + 30] = 5000;
    PathFinder pf;
    assert_true(path_finder_init(&pf, W, H));
    PathCell path[W];
    int32_t cost = -7;
    const int32_t want = (W - 1) * PATH_STRAIGHT + PATH_EXTRA_MAX;
    assert_int_equal(path_astar_costs(&pf, 0, 1, W - 1, 1, costs, path, W, &cost), W - 1);
    assert_int_equal(cost, want);
    const PathCell from = {0, 1};
    int32_t dist[W * H];
    path_dijkstra_costs(&pf, &from, 1, costs, dist);
    assert_int_equal(dist[1 * W + W - 1], want);
    path_finder_free(&pf);
}

/* A closed door costs extra but is worth it when the way round costs more; a locked door is
 * never passed: the path goes round, or there is none. */
static void doors_cost_what_the_caller_says(void **state)
{
    (void)state;
    static const char *const rows[] = {"###########", "#....+....#", /* a door at 5,1 */
                                       "#.#######.#", "#.........#", /* the way round */
                                       "###########", NULL};
    Grid g = grid_from(rows);
    PathFinder pf;
    assert_true(path_finder_init(&pf, g.w, g.h));
    PathCell path[64];
    int32_t cost;
    /* Through the door: 8 steps and the door's 25 = 105; round: 10+14+60+14+10 = 108. */
    assert_int_equal(path_astar(&pf, 1, 1, 9, 1, grid_cost, &g, path, 64, &cost), 8);
    assert_int_equal(cost, 8 * PATH_STRAIGHT + 25);
    g.cells[1 * g.w + 5] = 'L'; /* locked: round it goes */
    assert_int_equal(path_astar(&pf, 1, 1, 9, 1, grid_cost, &g, path, 64, &cost), 10);
    assert_int_equal(cost, 108);
    g.cells[3 * g.w + 5] = '#'; /* and with the way round walled off, no path at all */
    assert_int_equal(path_astar(&pf, 1, 1, 9, 1, grid_cost, &g, path, 64, &cost), -1);
    assert_int_equal(path_astar(&pf, 3, 3, 3, 3, grid_cost, &g, path, 64, &cost), 0);
    assert_int_equal(path_astar(&pf, 1, 1, 4, 1, grid_cost, &g, path, 2, &cost), -1); /* max */
    path_finder_free(&pf);
    free(g.cells);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(astar_is_optimal_on_random_maps),
        cmocka_unit_test(dijkstra_matches_the_reference_with_many_goals),
        cmocka_unit_test(one_finder_many_searches_match_the_reference),
        cmocka_unit_test(uniform_maps_match_the_reference),
        cmocka_unit_test(costly_maps_match_the_reference),
        cmocka_unit_test(costly_cells_keep_the_rules_of_the_steps),
        cmocka_unit_test(astar_finds_the_same_paths_as_the_reference),
        cmocka_unit_test(no_diagonal_step_between_two_walls),
        cmocka_unit_test(doors_cost_what_the_caller_says),
        cmocka_unit_test(extra_costs_beyond_the_cap_count_as_the_cap),
        cmocka_unit_test(a_marked_cell_is_never_entered_or_left_diagonally),
    };
    return RUN_TESTS(tests);
}

/* Dijkstra maps from many goals (path.h), on the finder's flat padded arrays. */
#include "core/path.h"

#include <stddef.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

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

/* The diagonal directions in the order of the search's offsets (4 + j): south-east,
 * north-east, south-west, north-west; j and 3 - j are opposite. */
static inline int diagonal_offset(int stride, int j)
{
    return (j & 1 ? -stride : stride) + (j & 2 ? -1 : 1);
}

/* No step between cell i and its diagonal neighbour j, either way. */
static void forbid_diagonal(PathFinder *pf, int i, int j)
{
    pf->diag[i] |= (uint8_t)(1u << j);
    pf->diag[i + diagonal_offset(pf->stride, j)] |= (uint8_t)(1u << (3 - j));
}

/* Cell i is marked: no diagonal out of it, none into it from its four diagonal neighbours. */
static void dijkstra_mark(PathFinder *pf, int i)
{
    for (int j = 0; j < 4; j++)
        forbid_diagonal(pf, i, j);
}

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

/* A whole map where every open cell costs nothing extra: a step costs 10 straight or 14
 * diagonally, nothing else. Cells come out in order of distance, so the offers made at 10 form
 * a queue in order of distance, and so do those at 14: two first-in first-out queues, the
 * nearer head taken first, replace the buckets (entries are the distance and the cell in one
 * 64-bit word, so the nearer head is the smaller word; an empty queue's head reads as a word
 * no entry reaches). The expansion is Dijkstra's own, reading only distances. Only the distances
 * come out, so the order among cells at the same distance does not matter.
 *
 * The distances have their own encoding here, unsigned: a blocked cell holds 0, an open one
 * UNIFORM_FAR until reached, a reached one its distance + 1. No offer beats 0, so a blocked
 * cell needs no test; and comparing unsigned, the compiler moves a queue's tail on with one
 * add-with-carry on the comparison's flags. Together with the nearer head taken with a
 * conditional move, that made the search 1.10 times faster (A/B in one process, medians of
 * 21 rounds on the bench's floors).
 *
 * The expansion has no branch on what it finds. Each of the eight neighbours is written, with
 * its own distance again when the offer does not improve it, and each offer is written at its
 * queue's tail, which moves on only for an improvement. A diagonal that may not be taken is
 * offered UINT32_MAX, which improves nothing. Which of the eight improve is close to a coin
 * toss on a dungeon floor; written with a branch for each improvement, or a loop over them,
 * the search took 1.08 times as long. Writing a distance only where it improves (the others
 * to a scratch word) was slower too (0.96).
 *
 * The diagonals that may not be taken are all in the cells' diagonal bytes, read through a
 * table of masks: the marks' and the squeezes' (mark_squeezes), found before the search. The
 * expansion used to test "blocked on both sides" itself, from the four straight neighbours'
 * distances; those had then to stay in registers through the diagonal offers, and gcc spilled
 * the queue heads to the stack. Without the test the loop has no spill, and the bench's
 * Dijkstra took 1.04 times less time, the squeezes' pass included. */
#define UNIFORM_WALL 0u
#define UNIFORM_FAR 0x80000000u /* beyond every distance; less 1, it is PATH_UNREACHED */
#define UNIFORM_GOAL 1u

/* For each byte of forbidden diagonals, a mask per diagonal: all ones where forbidden, which
 * or'ed into an offer makes it UINT32_MAX. */
#define NO(f, j) ((f) >> (j)&1 ? ~0u : 0u)
#define NO4(f)                                                                                     \
    {                                                                                              \
        NO(f, 0), NO(f, 1), NO(f, 2), NO(f, 3)                                                     \
    }
static const uint32_t uniform_no[16][4] = {NO4(0),  NO4(1),  NO4(2),  NO4(3), NO4(4),  NO4(5),
                                           NO4(6),  NO4(7),  NO4(8),  NO4(9), NO4(10), NO4(11),
                                           NO4(12), NO4(13), NO4(14), NO4(15)};
#undef NO4
#undef NO

static inline __attribute__((always_inline)) void
uniform_run(PathFinder *pf, const PathCell *goals, int goal_count, const ptrdiff_t stride)
{
    uint32_t *const dist = (uint32_t *)pf->dist;
    const uint8_t *const diag = pf->diag;
    uint64_t *const q = pf->fifo;
    uint64_t sh = 0, st = 0, dh = (uint64_t)pf->fifo_cap, dt = dh;
    for (int k = 0; k < goal_count; k++) {
        if (goals[k].x < 0 || goals[k].y < 0 || goals[k].x >= pf->width || goals[k].y >= pf->height)
            continue;
        int i = node_index(pf, goals[k].x, goals[k].y);
        if (dist[i] != UNIFORM_GOAL) {
            dist[i] = UNIFORM_GOAL;
            q[st++] = (uint64_t)UNIFORM_GOAL << 32 | (uint64_t)i;
        }
    }
    const uint64_t down = (uint64_t)stride;
    for (;;) {
        /* An empty queue's head reads as UINT64_MAX, which no entry reaches. */
        const uint64_t a = sh < st ? q[sh] : UINT64_MAX, b = dh < dt ? q[dh] : UINT64_MAX;
        const uint64_t e = b < a ? b : a;
        if (e == UINT64_MAX)
            break;
        dh += b < a;
        sh += 1 - (b < a);
        const uint32_t key = (uint32_t)(e >> 32);
        const uint32_t at = (uint32_t)e;
        uint32_t *const p = &dist[at];
        if (*p != key)
            continue; /* a stale entry: the cell was improved after this push */
        uint32_t *const pn = p - stride, *const ps = p + stride;
#define OFFER(ptr, o, tail, entry)                                                                 \
    do {                                                                                           \
        const uint32_t d_ = *(ptr), o_ = (o);                                                      \
        *(ptr) = o_ < d_ ? o_ : d_;                                                                \
        q[tail] = (entry);                                                                         \
        tail += o_ < d_;                                                                           \
    } while (0)
        const uint32_t ks = key + PATH_STRAIGHT;
        const uint64_t es = (uint64_t)ks << 32 | at;
        OFFER(p + 1, ks, st, es + 1);
        OFFER(p - 1, ks, st, es - 1);
        OFFER(ps, ks, st, es + down);
        OFFER(pn, ks, st, es - down);
        /* A forbidden diagonal is offered UINT32_MAX, which improves nothing. */
        const uint32_t *const no = uniform_no[diag[at]];
        const uint32_t kd = key + PATH_DIAGONAL;
        const uint64_t ed = (uint64_t)kd << 32 | at; /* its own: no 64-bit constants below */
        OFFER(ps + 1, kd | no[0], dt, ed + down + 1);
        OFFER(pn + 1, kd | no[1], dt, ed - down + 1);
        OFFER(ps - 1, kd | no[2], dt, ed + down - 1);
        OFFER(pn - 1, kd | no[3], dt, ed - down - 1);
#undef OFFER
    }
}

static void dijkstra_uniform(PathFinder *pf, const PathCell *goals, int goal_count)
{
    if (pf->stride == PATH_GAME_STRIDE)
        uniform_run(pf, goals, goal_count, PATH_GAME_STRIDE);
    else
        uniform_run(pf, goals, goal_count, pf->stride);
}

/* The uniform search's distances out: d + 1 as d; blocked and unreached cells (0 and
 * UNIFORM_FAR, 0xFFFFFFFF and 0x7FFFFFFF once 1 is taken away) as PATH_UNREACHED. */
static void uniform_write(const PathFinder *pf, int32_t *dist)
{
    const int w = pf->width, stride = pf->stride;
    for (int y = 0; y < pf->height; y++) {
        const int32_t *from = &pf->dist[(y + 1) * stride + 1];
        for (int x = 0; x < w; x++) {
            dist[y * w + x] = (int32_t)((uint32_t)from[x] - 1u) & PATH_UNREACHED;
        }
    }
}

/* The distances as copied for the uniform search, turned into the buckets' encoding. */
static void buckets_from_uniform(PathFinder *pf)
{
    const int w = pf->width, stride = pf->stride;
    for (int y = 0; y < pf->height; y++) {
        int32_t *d = &pf->dist[(y + 1) * stride + 1];
        for (int x = 0; x < w; x++)
            d[x] = d[x] ? DIST_FAR : DIST_WALL;
    }
}

/* Whether no goal is on a blocked cell (a blocked goal still blocks a diagonal squeeze beside
 * it, which a distance of 0 would not tell). With no extra cost anywhere either (walls, floor
 * and marks only), dijkstra_uniform can work from the distances alone. */
static bool goals_open(const int16_t *costs, int w, int h, const PathCell *goals, int count)
{
    for (int k = 0; k < count; k++)
        if (goals[k].x >= 0 && goals[k].y >= 0 && goals[k].x < w && goals[k].y < h &&
            costs[goals[k].y * w + goals[k].x] < 0)
            return false;
    return true;
}

/* A row's PATH_NO_DIAGONAL marks, from its costs (`from`, w cells) into the padded cells from
 * `first` on; `marks` is the row's costs or'ed together, so a row without marks costs nothing. */
static inline void mark_row(PathFinder *pf, const int16_t *from, int w, int first, int16_t marks)
{
    if (marks & PATH_NO_DIAGONAL)
        for (int x = 0; x < w; x++)
            if (from[x] >= 0 && (from[x] & PATH_NO_DIAGONAL))
                dijkstra_mark(pf, first + x);
}

/* The distances at rest for a search, in the uniform search's encoding (UNIFORM_WALL on
 * blocked cells, UNIFORM_FAR on open ones: buckets_from_uniform turns them into the buckets'),
 * and the marks; returns every open cell's cost or'ed together (a cost beyond a mark means the
 * grid is not uniform). */
static int16_t dijkstra_copy_distances(PathFinder *pf, const int16_t *costs)
{
    const int w = pf->width, h = pf->height, stride = pf->stride;
    int16_t extra = 0;
    for (int y = 0; y < h; y++) {
        const int16_t *from = &costs[y * w];
        int32_t *far = &pf->dist[(y + 1) * stride + 1];
        int16_t open = 0; /* the row's open costs or'ed together: most rows have no mark */
        for (int x = 0; x < w; x++) {
            far[x] = ~(int32_t)(from[x] >> 15) & (int32_t)UNIFORM_FAR; /* or UNIFORM_WALL */
            open |= (int16_t)(from[x] & ~(from[x] >> 15));
        }
        mark_row(pf, from, w, (y + 1) * stride + 1, open);
        extra |= open;
    }
    return extra;
}

/* A row's blocked cells as bits (cell x is bit x % 64 of word x / 64), from its costs. */
static void wall_bits_of_row(const int16_t *from, int w, uint64_t *bits, int words)
{
    for (int k = 0; k < words; k++) {
        const int first = 64 * k, end = w - first < 64 ? w : first + 64;
        uint64_t word = 0;
        int x = first;
#ifdef __SSE2__
        /* Sixteen cells at a time: their costs' signs as a byte each, then a bit each. */
        for (; x + 16 <= end; x += 16) {
            const __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)(from + x));
            const __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(from + x + 8));
            const unsigned m = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(lo, hi));
            word |= (uint64_t)m << (x - first);
        }
#endif
        for (; x < end; x++)
            word |= (uint64_t)(from[x] < 0) << (x - first);
        bits[k] = word;
    }
}

/* A squeeze is a diagonal step between two open cells with both cells beside it blocked,
 * which the rules forbid. The uniform search reads only distances, so squeezes are forbidden
 * there as marks are, in the diagonal bytes of both cells. They are rare (a diagonal with
 * either end blocked needs no rule: nothing enters a blocked cell, or leaves one), so they
 * are found 64 cells at a time, from bit masks of the rows' blocked cells, not cell by cell. */
static void mark_squeezes(PathFinder *pf, const int16_t *costs)
{
    const int w = pf->width, h = pf->height, words = pf->wall_words;
    uint64_t *bits = pf->wall_bits;
    for (int y = 0; y < h; y++)
        wall_bits_of_row(&costs[y * w], w, &bits[y * words], words);
    for (int y = 0; y + 1 < h; y++) {
        const uint64_t *up = &bits[y * words], *down = &bits[(y + 1) * words];
        for (int k = 0; k < words; k++) {
            /* Bit x of each mask is about the 2x2 block whose top left is column 64k + x.
             * A squeeze has a blocked cell in its right column, and past the row's end the
             * bits read as open, so none is found there. */
            const uint64_t up_right = up[k] >> 1 | (k + 1 < words ? up[k + 1] << 63 : 0);
            const uint64_t down_right = down[k] >> 1 | (k + 1 < words ? down[k + 1] << 63 : 0);
            /* Top left and bottom right open, the other two blocked; and the other way. */
            uint64_t se = ~up[k] & up_right & down[k] & ~down_right;
            uint64_t sw = up[k] & ~up_right & ~down[k] & down_right;
            for (; se; se &= se - 1) /* south-east (j = 0) from the top left */
                forbid_diagonal(pf, node_index(pf, 64 * k + __builtin_ctzll(se), y), 0);
            for (; sw; sw &= sw - 1) /* south-west (j = 2) from the top right */
                forbid_diagonal(pf, node_index(pf, 64 * k + __builtin_ctzll(sw) + 1, y), 2);
        }
    }
}

/* Each cell's extra cost for the buckets, from a grid with costs beyond walls and marks. */
static void dijkstra_copy_costs(PathFinder *pf, const int16_t *costs)
{
    const int w = pf->width, stride = pf->stride;
    for (int y = 0; y < pf->height; y++) {
        const int16_t *from = &costs[y * w];
        int16_t *cost = &pf->cost[(y + 1) * stride + 1];
        for (int x = 0; x < w; x++) {
            const int16_t c = (int16_t)(from[x] & ~PATH_NO_DIAGONAL);
            cost[x] = (int16_t)((c > PATH_EXTRA_MAX ? PATH_EXTRA_MAX : c) | (from[x] >> 15));
        }
    }
}

/* A search with every cost copied in first: for a whole map, where nearly every cell is
 * asked anyway, one pass over the grid beats asking cell by cell. A grid of walls, floor and
 * marks takes the two queues, one with extra costs the buckets. It leaves the arrays
 * unrested. */
void path_dijkstra_costs(PathFinder *pf, const PathCell *goals, int goal_count,
                         const int16_t *costs, int32_t *dist)
{
    /* Every distance and cost is written below: the map's by the copies, the border's by
     * close_border_as. */
    memset(pf->diag, 0, (size_t)(pf->stride * (pf->height + 2)));
    pf->resting = false;
    const int16_t extra = dijkstra_copy_distances(pf, costs);
    if (!(extra & ~PATH_NO_DIAGONAL) &&
        goals_open(costs, pf->width, pf->height, goals, goal_count)) {
        close_border_as(pf, (int32_t)UNIFORM_WALL);
        mark_squeezes(pf, costs);
        dijkstra_uniform(pf, goals, goal_count);
        uniform_write(pf, dist);
        return;
    }
    buckets_from_uniform(pf);
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

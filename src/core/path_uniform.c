/* Whole-map Dijkstra maps from a cost grid by first-in first-out queues (path_dijkstra_costs,
 * path.h), on the finder's flat padded arrays. */
#include <stddef.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "core/path.h"
#include "core/path_internal.h"

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
 * Dijkstra took 1.04 times less time, the squeezes' pass included.
 *
 * Cells with an extra cost (closed doors, mice: some 24 of the 785 open cells of a bench floor)
 * make it a Dijkstra of another kind, yet the queues and the expansion can stay as they are. Such
 * a cell has DIAG_COSTLY in its diagonal byte, and until it is settled its distance is that of its
 * best offer less its extra: an offer beats it exactly when it would beat the cell's real
 * distance, so the expansion offers into it as into any cell. When it first comes off a queue (as
 * a branch, taken rarely and predicted so) that offer is its best, and the cell goes on a third
 * queue at its real distance, its extra added, and loses its flag (a beaten offer may bring it off
 * a queue again, at that very distance). The third queue is a binary heap, whose head is taken
 * when it is the nearest of the three; off that, the cell has its real distance and expands as any
 * cell. A goal's extra cost does not count: its flag is taken away at the start. The loop is
 * compiled twice, so that a map without extra costs keeps the two queues alone. On the bench's
 * floors with the mice's costs the search, special_row included, took 0.52 times as long as the
 * buckets took (6.6 against 12.7 us a map; A/B in one process, medians of 21 rounds); without
 * extra costs as long as before (0.95-1.03 from build to build, as the code lies; callgrind counts
 * the same instructions to 0.7%). An earlier way, with the costly cells walls to the expansion and
 * their neighbours flagged to offer into them after theirs, took 0.66 (that branch, taken a cell
 * in five, was mispredicted often). */
#define UNIFORM_GOAL 1u
enum { DIAG_COSTLY = 0x10 }; /* in a diagonal byte: the cell has an extra cost */

/* For each byte of forbidden diagonals, a mask per diagonal: all ones where forbidden, which
 * or'ed into an offer makes it UINT32_MAX. (A cell that expands has lost DIAG_COSTLY.) */
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

/* The costly cells at their real distances: a binary heap of entries as the queues'. */
typedef struct Side {
    uint64_t *heap;
    int count;
} Side;

static inline uint64_t side_top(const Side *s)
{
    return s->count ? s->heap[0] : UINT64_MAX;
}

/* Puts entry e on; returns the head. */
static uint64_t side_push(Side *s, uint64_t e)
{
    int i = s->count++;
    for (; i > 0 && s->heap[(i - 1) / 2] > e; i = (i - 1) / 2)
        s->heap[i] = s->heap[(i - 1) / 2];
    s->heap[i] = e;
    return s->heap[0];
}

/* Takes the head off, its cell settled at its distance; returns the new head (UINT64_MAX when
 * none). */
static uint64_t side_settle(Side *s, uint32_t *dist)
{
    dist[(uint32_t)s->heap[0]] = (uint32_t)(s->heap[0] >> 32);
    const uint64_t last = s->heap[--s->count];
    int i = 0;
    for (int c; (c = 2 * i + 1) < s->count; i = c) {
        c += c + 1 < s->count && s->heap[c + 1] < s->heap[c];
        if (s->heap[c] >= last)
            break;
        s->heap[i] = s->heap[c];
    }
    s->heap[i] = last;
    return side_top(s);
}

/* Costly cell e comes off a queue at its best offer: it goes on the heap at its real
 * distance, once only (it may be on a queue again at that distance, an offer beaten since). */
static uint64_t side_defer(Side *s, PathFinder *pf, uint64_t e)
{
    pf->diag[(uint32_t)e] &= (uint8_t)~DIAG_COSTLY;
    return side_push(s, e + ((uint64_t)(uint16_t)pf->cost[(uint32_t)e] << 32));
}

/* The goals at distance 0 (outside the map they are ignored) on the straight queue; returns
 * its tail. */
static uint64_t uniform_open_goals(PathFinder *pf, const PathCell *goals, int goal_count)
{
    uint32_t *const dist = (uint32_t *)pf->dist;
    uint64_t st = 0;
    for (int k = 0; k < goal_count; k++) {
        if (goals[k].x < 0 || goals[k].y < 0 || goals[k].x >= pf->width || goals[k].y >= pf->height)
            continue;
        int i = node_index(pf, goals[k].x, goals[k].y);
        if (dist[i] != UNIFORM_GOAL) {
            dist[i] = UNIFORM_GOAL;
            pf->diag[i] &= (uint8_t)~DIAG_COSTLY; /* a goal's extra cost does not count */
            pf->fifo[st++] = (uint64_t)UNIFORM_GOAL << 32 | (uint64_t)i;
        }
    }
    return st;
}

/* The search; `costly` (a constant at each call): whether any cell has an extra cost. */
static inline __attribute__((always_inline)) void uniform_run(PathFinder *pf, const PathCell *goals,
                                                              int goal_count,
                                                              const ptrdiff_t stride,
                                                              const bool costly)
{
    uint32_t *const dist = (uint32_t *)pf->dist;
    const uint8_t *const diag = pf->diag;
    uint64_t *const q = pf->fifo;
    uint64_t sh = 0, st = uniform_open_goals(pf, goals, goal_count);
    uint64_t dh = (uint64_t)pf->fifo_cap, dt = dh;
    Side side = {pf->side, 0};
    uint64_t top = UINT64_MAX; /* the heap's head */
    const uint64_t down = (uint64_t)stride;
    for (;;) {
        /* An empty queue's head reads as UINT64_MAX, which no entry reaches. */
        const uint64_t a = sh < st ? q[sh] : UINT64_MAX, b = dh < dt ? q[dh] : UINT64_MAX;
        uint64_t e = b < a ? b : a;
        if (costly && __builtin_expect(top < e, 0)) {
            e = top; /* a costly cell at its distance, that of its first offer plus its cost */
            top = side_settle(&side, dist);
        } else {
            if (e == UINT64_MAX)
                break;
            dh += b < a;
            sh += 1 - (b < a);
            if (dist[(uint32_t)e] != (uint32_t)(e >> 32))
                continue; /* a stale entry: the cell was improved after this push */
            if (costly && __builtin_expect(diag[(uint32_t)e] & DIAG_COSTLY, 0)) {
                top = side_defer(&side, pf, e);
                continue;
            }
        }
        const uint32_t key = (uint32_t)(e >> 32);
        const uint32_t at = (uint32_t)e;
        uint32_t *const p = &dist[at];
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

/* Each way of the search a function of its own: in one, gcc shared the distances' base
 * between them and kept it on the stack, and the search without extra costs took 1.03 times
 * as long as before. */
static __attribute__((noinline)) void uniform_game(PathFinder *pf, const PathCell *goals, int n)
{
    uniform_run(pf, goals, n, PATH_GAME_STRIDE, false);
}

static __attribute__((noinline)) void uniform_game_costly(PathFinder *pf, const PathCell *goals,
                                                          int n)
{
    uniform_run(pf, goals, n, PATH_GAME_STRIDE, true);
}

static __attribute__((noinline)) void uniform_any(PathFinder *pf, const PathCell *goals, int n,
                                                  bool costly)
{
    uniform_run(pf, goals, n, pf->stride, costly);
}

static void dijkstra_uniform(PathFinder *pf, const PathCell *goals, int goal_count, bool costly)
{
    if (pf->stride != PATH_GAME_STRIDE)
        uniform_any(pf, goals, goal_count, costly);
    else if (costly)
        uniform_game_costly(pf, goals, goal_count);
    else
        uniform_game(pf, goals, goal_count);
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

/* Cell i's cost c, open with a mark or an extra cost or both: the mark into the diagonal
 * bytes, the extra into pf->cost with DIAG_COSTLY. */
static void special_cell(PathFinder *pf, int i, int16_t c)
{
    if (c & PATH_NO_DIAGONAL)
        dijkstra_mark(pf, i);
    const int16_t extra = (int16_t)(c & ~PATH_NO_DIAGONAL);
    if (extra) {
        pf->diag[i] |= DIAG_COSTLY;
        pf->cost[i] = extra > PATH_EXTRA_MAX ? (int16_t)PATH_EXTRA_MAX : extra;
    }
}

/* A row's marks and extra costs (its costs above 0: `from`, w cells) into the padded cells
 * from `first` on; `open` is the row's open costs or'ed together, so a row of walls and floor
 * costs nothing. The others have a few such cells each, found 16 cells at a time: cell by
 * cell, this and the marks' pass took a fifth of the search with the mice's costs (found 16
 * at a time, it took 0.80 times as long). */
static void special_row(PathFinder *pf, const int16_t *from, int w, int first, int16_t open)
{
    if (!open)
        return;
    int x = 0;
#ifdef __SSE2__
    const __m128i zero = _mm_setzero_si128();
    for (; x + 16 <= w; x += 16) {
        const __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)(from + x));
        const __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(from + x + 8));
        unsigned m = (unsigned)_mm_movemask_epi8(
            _mm_packs_epi16(_mm_cmpgt_epi16(lo, zero), _mm_cmpgt_epi16(hi, zero)));
        for (; m; m &= m - 1)
            special_cell(pf, first + x + __builtin_ctz(m), from[x + __builtin_ctz(m)]);
    }
#endif
    for (; x < w; x++)
        if (from[x] > 0)
            special_cell(pf, first + x, from[x]);
}

int16_t path_uniform_prepare(PathFinder *pf, const int16_t *costs)
{
    const int w = pf->width, h = pf->height, stride = pf->stride;
    memset(pf->diag, 0, (size_t)(stride * (h + 2)));
    int16_t extra = 0;
    for (int y = 0; y < h; y++) {
        const int16_t *from = &costs[y * w];
        int32_t *far = &pf->dist[(y + 1) * stride + 1];
        int16_t open = 0; /* the row's open costs or'ed together: most rows have no mark */
        for (int x = 0; x < w; x++) {
            far[x] = ~(int32_t)(from[x] >> 15) & (int32_t)UNIFORM_FAR; /* or UNIFORM_WALL */
            open |= (int16_t)(from[x] & ~(from[x] >> 15));
        }
        special_row(pf, from, w, (y + 1) * stride + 1, open);
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

void path_uniform_search(PathFinder *pf, const PathCell *goals, int goal_count,
                         const int16_t *costs, int32_t *dist, bool extra)
{
    mark_squeezes(pf, costs);
    dijkstra_uniform(pf, goals, goal_count, extra);
    uniform_write(pf, dist);
}

#include "core/fov.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The algorithm is symmetric shadowcasting as described by Albert Ford ("Symmetric
 * Shadowcasting", 2021): each of four quadrants is scanned row by row away from the origin;
 * a row covers the columns between a start and an end slope, walls narrow the slopes of the
 * rows beyond, and a floor cell counts as seen only when its centre lies within the slopes
 * (which is what makes sight symmetric). Here every slope is an exact fraction, so no
 * rounding can break that symmetry. */

typedef struct Slope {
    int num, den; /* den > 0 */
} Slope;

typedef struct Row {
    int depth;
    Slope start, end;
} Row;

typedef struct Quadrant {
    const uint8_t *opaque; /* the origin's cell */
    uint8_t *visible;      /* the origin's cell */
    int dstep, cstep;      /* index steps: one row away from the origin, one column on */
    int lo, hi;            /* the columns inside the map, in every row */
    const int *reach;      /* reach[depth]: the largest |col| within the radius; NULL: all */
} Quadrant;

enum { FOV_MAX_DEPTH = 1 << 12, FOV_STACK = 1 << 12 };

/* depth * s as a whole number and a remainder: depth * s = whole + rem / s.den with
 * 0 <= rem < s.den, from one division (none for a whole slope, as the first rows have). */
typedef struct Split {
    int whole, rem;
} Split;

static inline Split split(int depth, Slope s)
{
    if (s.den == 1)
        return (Split){depth * s.num, 0};
    const int a = depth * s.num;
    int whole = a / s.den, rem = a % s.den;
    if (rem < 0) { /* C rounds toward zero: floor instead */
        whole--;
        rem += s.den;
    }
    return (Split){whole, rem};
}

static inline int min_int(int a, int b)
{
    return a < b ? a : b;
}

static inline int max_int(int a, int b)
{
    return a > b ? a : b;
}

/* The slope through the near edge of a cell: (2 col - 1) / (2 depth). */
static inline Slope edge_slope(int depth, int col)
{
    return (Slope){2 * col - 1, 2 * depth};
}

/* Rows are scanned only as far as the map reaches (max_depth): a row beyond the edge is all
 * outside, which is opaque, and reveals and opens nothing. Columns outside the map are opaque
 * too, so a row's scan is clipped to lo..hi and what the cells outside would have done to the
 * slopes is done at the clip: the row starts after a wall, and a row that runs out of the map
 * open ends as at a wall. Returns the depth of the deepest row scanned. */
static int scan_quadrant(const Quadrant *q, int max_depth)
{
    int deepest = 0;
    Row stack[FOV_STACK];
    int top = 0;
    stack[top++] = (Row){1, {-1, 1}, {1, 1}};
    while (top > 0) {
        Row row = stack[--top];
        if (row.depth > max_depth)
            continue;
        const int depth = row.depth;
        if (depth > deepest)
            deepest = depth;
        /* Columns whose centres the slopes reach, ties rounded outward: from depth * start
         * rounded half up to depth * end rounded half down. */
        const Split at_start = split(depth, row.start), at_end = split(depth, row.end);
        const int min_col = at_start.whole + (2 * at_start.rem >= row.start.den);
        const int max_col = at_end.whole + (2 * at_end.rem > row.end.den);
        int prev = -1; /* -1 none yet, 0 open, 1 opaque */
        int first = min_col, last = max_col;
        if (first < q->lo) {
            first = q->lo;
            prev = 1;
        }
        if (last > q->hi)
            last = q->hi;
        const int reach = q->reach ? q->reach[depth] : INT_MAX;
        /* A floor cell is seen when its centre lies within the slopes, start <= col / depth <=
         * end, and it is in reach. (When a wall moves the start to the near edge of the cell
         * after it, every centre from that cell on stays within.) */
        const int seen_lo = max_int(at_start.whole + (at_start.rem > 0), -reach);
        const int seen_hi = min_int(at_end.whole, reach);
        const uint8_t *op = q->opaque + depth * q->dstep;
        uint8_t *vis = q->visible + depth * q->dstep;
        for (int col = first; col <= last; col++) {
            const int at = col * q->cstep;
            const int wall = op[at] != 0;
            /* A wall is seen when the row reaches it, if it is in reach. */
            if (wall ? col <= reach && -col <= reach : col >= seen_lo && col <= seen_hi)
                vis[at] = 1;
            if (prev == 1 && !wall)
                row.start = edge_slope(depth, col);
            if (prev == 0 && wall && top < FOV_STACK)
                stack[top++] = (Row){depth + 1, row.start, edge_slope(depth, col)};
            prev = wall;
        }
        if (max_col > last && first <= max_col) { /* the rest of the row is outside: opaque */
            if (prev == 0 && top < FOV_STACK)
                stack[top++] = (Row){depth + 1, row.start, edge_slope(depth, last + 1)};
            prev = 1;
        }
        if (prev == 0 && top < FOV_STACK)
            stack[top++] = (Row){depth + 1, row.start, row.end};
    }
    return deepest;
}

/* reach[d] for d = 0..max_depth (no row goes further): the largest c with d*d + c*c <= R*R.
 * Kept per thread while the radius stays the same (the game asks for the player's sight
 * radius again and again), for every d up to R; radii beyond FOV_MAX_DEPTH get a table of
 * their own each time. */
static const int *reach_table(int radius, int max_depth)
{
    static _Thread_local int table[FOV_MAX_DEPTH + 1];
    static _Thread_local int table_radius;
    static _Thread_local int *big;
    int *t = table;
    if (radius > FOV_MAX_DEPTH) {
        free(big);
        big = malloc(((size_t)max_depth + 1) * sizeof *big);
        if (!big)
            return NULL; /* counted as unlimited: no room to be exact, a radius this wide */
        t = big;
    } else if (table_radius == radius) {
        return table;
    } else {
        max_depth = radius; /* the whole disc, whatever the map's size: rows never go further */
    }
    const long r2 = (long)radius * radius;
    int c = radius;
    for (int d = 0; d <= max_depth; d++) {
        const long left = r2 - (long)d * d;
        while (c >= 0 && (long)c * c > left)
            c--;
        t[d] = c;
    }
    if (t == table)
        table_radius = radius;
    return t;
}

/* Sets the cells seen from (ox, oy), which is on the map, in visible (cleared but for the
 * box of the last call, if any); deepest[dir]: the deepest row scanned in each quadrant. */
static void scan_around(const uint8_t *opaque, int width, int height, int ox, int oy, int radius,
                        uint8_t *visible, int deepest[4])
{
    visible[oy * width + ox] = 1;
    int span = width > height ? width : height;
    int max_depth = radius > 0 && radius < span ? radius : span;
    const int *reach = radius > 0 ? reach_table(radius, max_depth) : NULL;
    const int origin = oy * width + ox;
    /* north, east, south, west: a row's step away from the origin, a column's step, the
     * columns inside the map and the rows up to the edge */
    const Quadrant quads[4] = {
        {opaque + origin, visible + origin, -width, 1, -ox, width - 1 - ox, reach},
        {opaque + origin, visible + origin, 1, width, -oy, height - 1 - oy, reach},
        {opaque + origin, visible + origin, width, 1, -ox, width - 1 - ox, reach},
        {opaque + origin, visible + origin, -1, width, -oy, height - 1 - oy, reach},
    };
    const int edge[4] = {oy, width - 1 - ox, height - 1 - oy, ox};
    for (int dir = 0; dir < 4; dir++)
        deepest[dir] = scan_quadrant(&quads[dir], edge[dir] < max_depth ? edge[dir] : max_depth);
}

void fov_compute(const uint8_t *opaque, int width, int height, int ox, int oy, int radius,
                 uint8_t *visible)
{
    memset(visible, 0, (size_t)width * (size_t)height);
    int deepest[4];
    if (ox >= 0 && oy >= 0 && ox < width && oy < height)
        scan_around(opaque, width, height, ox, oy, radius, visible, deepest);
}

/* Row y of seen into visible, from column x0 to x1 (clipped to the map), if on the map. */
static void copy_row(const uint8_t *seen, int width, int height, int y, long x0, long x1,
                     uint8_t *visible)
{
    x0 = x0 < 0 ? 0 : x0;
    x1 = x1 > width - 1 ? width - 1 : x1;
    if (y < 0 || y >= height || x0 > x1)
        return;
    const size_t at = (size_t)y * (size_t)width + (size_t)x0;
    memcpy(visible + at, seen + at, (size_t)(x1 - x0 + 1));
}

void fov_within(const uint8_t *seen, int width, int height, int ox, int oy, int radius,
                uint8_t *visible)
{
    const size_t cells = (size_t)width * (size_t)height;
    if (radius <= 0) {
        memcpy(visible, seen, cells);
        return;
    }
    memset(visible, 0, cells);
    if (ox < 0 || oy < 0 || ox >= width || oy >= height)
        return;
    /* Row by row out from the origin, the largest c with d*d + c*c <= R*R, as reach_table. */
    const long r2 = (long)radius * radius;
    long c = radius;
    for (int d = 0; d <= radius && (oy - d >= 0 || oy + d < height); d++) {
        while ((long)c * c > r2 - (long)d * d)
            c--;
        copy_row(seen, width, height, oy - d, ox - c, ox + c, visible);
        if (d > 0)
            copy_row(seen, width, height, oy + d, ox - c, ox + c, visible);
    }
}

void fov_view_init(FovView *view, uint8_t *visible, int width, int height)
{
    memset(visible, 0, (size_t)width * (size_t)height);
    *view = (FovView){visible, width, height, 0, 0, -1, -1};
}

void fov_view_compute(FovView *view, const uint8_t *opaque, int ox, int oy, int radius)
{
    const int width = view->width, height = view->height;
    for (int y = view->y0; y <= view->y1; y++) /* what the last call may have set */
        memset(view->visible + (size_t)y * (size_t)width + view->x0, 0,
               (size_t)(view->x1 - view->x0 + 1));
    view->x0 = view->y0 = 0;
    view->x1 = view->y1 = -1;
    if (ox < 0 || oy < 0 || ox >= width || oy >= height)
        return;
    int d[4]; /* north, east, south, west */
    scan_around(opaque, width, height, ox, oy, radius, view->visible, d);
    /* A row at depth k spans columns -k..k: the box of the four triangles, inside the map. */
    view->x0 = max_int(0, ox - max_int(d[3], max_int(d[0], d[2])));
    view->x1 = min_int(width - 1, ox + max_int(d[1], max_int(d[0], d[2])));
    view->y0 = max_int(0, oy - max_int(d[0], max_int(d[1], d[3])));
    view->y1 = min_int(height - 1, oy + max_int(d[2], max_int(d[1], d[3])));
}

#include "core/fov.h"

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
    const uint8_t *opaque;
    uint8_t *visible;
    int width, height, ox, oy, r2; /* r2 < 0: unlimited */
    int dir;                       /* 0 north, 1 east, 2 south, 3 west */
} Quadrant;

enum { FOV_MAX_DEPTH = 1 << 12, FOV_STACK = 1 << 12 };

/* floor(a / b) for b > 0 */
static int floor_div(int a, int b)
{
    int q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* The cell at (depth, col) of the quadrant, in map coordinates. */
static void to_map(const Quadrant *q, int depth, int col, int *x, int *y)
{
    switch (q->dir) {
    case 0:
        *x = q->ox + col;
        *y = q->oy - depth;
        break;
    case 2:
        *x = q->ox + col;
        *y = q->oy + depth;
        break;
    case 1:
        *x = q->ox + depth;
        *y = q->oy + col;
        break;
    default:
        *x = q->ox - depth;
        *y = q->oy + col;
        break;
    }
}

static bool is_opaque(const Quadrant *q, int x, int y)
{
    if (x < 0 || y < 0 || x >= q->width || y >= q->height)
        return true;
    return q->opaque[y * q->width + x] != 0;
}

static void reveal(const Quadrant *q, int depth, int col, int x, int y)
{
    if (x < 0 || y < 0 || x >= q->width || y >= q->height)
        return;
    if (q->r2 >= 0 && depth * depth + col * col > q->r2)
        return;
    q->visible[y * q->width + x] = 1;
}

/* The slope through the near edge of a cell: (2 col - 1) / (2 depth). */
static Slope edge_slope(int depth, int col)
{
    return (Slope){2 * col - 1, 2 * depth};
}

/* A cell is seen symmetrically when its centre lies within the row's slopes:
 * start <= col / depth <= end. */
static bool centre_within(const Row *row, int col)
{
    return (long)col * row->start.den >= (long)row->depth * row->start.num &&
           (long)col * row->end.den <= (long)row->depth * row->end.num;
}

static void scan_quadrant(const Quadrant *q, int max_depth)
{
    Row stack[FOV_STACK];
    int top = 0;
    stack[top++] = (Row){1, {-1, 1}, {1, 1}};
    while (top > 0) {
        Row row = stack[--top];
        if (row.depth > max_depth)
            continue;
        /* Columns whose centres the slopes reach, ties rounded outward: from
         * round_half_up(depth * start) to round_half_down(depth * end). */
        int min_col = floor_div(2 * row.depth * row.start.num + row.start.den, 2 * row.start.den);
        int max_col = -floor_div(-(2 * row.depth * row.end.num - row.end.den), 2 * row.end.den);
        int prev = -1; /* -1 none yet, 0 open, 1 opaque */
        for (int col = min_col; col <= max_col; col++) {
            int x, y;
            to_map(q, row.depth, col, &x, &y);
            int wall = is_opaque(q, x, y);
            if (wall || centre_within(&row, col))
                reveal(q, row.depth, col, x, y);
            if (prev == 1 && !wall)
                row.start = edge_slope(row.depth, col);
            if (prev == 0 && wall && top < FOV_STACK)
                stack[top++] = (Row){row.depth + 1, row.start, edge_slope(row.depth, col)};
            prev = wall;
        }
        if (prev == 0 && top < FOV_STACK)
            stack[top++] = (Row){row.depth + 1, row.start, row.end};
    }
}

void fov_compute(const uint8_t *opaque, int width, int height, int ox, int oy, int radius,
                 uint8_t *visible)
{
    memset(visible, 0, (size_t)width * (size_t)height);
    if (ox < 0 || oy < 0 || ox >= width || oy >= height)
        return;
    visible[oy * width + ox] = 1;
    int span = width > height ? width : height;
    int max_depth = radius > 0 && radius < span ? radius : span;
    for (int dir = 0; dir < 4; dir++) {
        Quadrant q = {opaque, visible, width, height, ox, oy, radius > 0 ? radius * radius : -1,
                      dir};
        scan_quadrant(&q, max_depth);
    }
}

#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#include "core/fov.h"
#include "core/rng.h"
#include "core/seeds.h"
#include "entities/entities.h"
#include "gen/gen.h"
#include "test_rules.h"

typedef struct Grid {
    int w, h;
    uint8_t *opaque;
    uint8_t *vis;
} Grid;

static Grid grid_from(const char *const *rows)
{
    Grid g = {.w = (int)strlen(rows[0])};
    while (rows[g.h])
        g.h++;
    g.opaque = malloc((size_t)(g.w * g.h));
    g.vis = malloc((size_t)(g.w * g.h));
    for (int y = 0; y < g.h; y++)
        for (int x = 0; x < g.w; x++)
            g.opaque[y * g.w + x] = rows[y][x] == '#';
    return g;
}

static Grid grid_open(int w, int h)
{
    Grid g = {w, h, calloc((size_t)(w * h), 1), malloc((size_t)(w * h))};
    return g;
}

static void grid_free(Grid *g)
{
    free(g->opaque);
    free(g->vis);
}

static bool sees(Grid *g, int ax, int ay, int bx, int by, int radius)
{
    fov_compute(g->opaque, g->w, g->h, ax, ay, radius, g->vis);
    return g->vis[by * g->w + bx];
}

/* Every ordered pair of open cells: A sees B exactly when B sees A. Returns the asymmetric
 * pairs found. */
static long asymmetric_pairs(const Grid *g, int radius)
{
    int n = g->w * g->h;
    uint8_t *all = malloc((size_t)n * (size_t)n);
    for (int a = 0; a < n; a++)
        if (!g->opaque[a])
            fov_compute(g->opaque, g->w, g->h, a % g->w, a / g->w, radius, all + (size_t)a * n);
    long bad = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n && !g->opaque[a]; b++)
            if (!g->opaque[b] && all[(size_t)a * n + b] != all[(size_t)b * n + a])
                bad++;
    free(all);
    return bad;
}

/* Opaque cells of a generated floor: walls and closed, locked and hidden doors. */
static Grid grid_of_floor(const Floor *f)
{
    Grid g = grid_open(f->map.width, f->map.height);
    for (int i = 0; i < g.w * g.h; i++)
        g.opaque[i] = f->map.tiles[i] == TILE_WALL;
    for (const Entity *e = f->entities.head; e; e = e->next)
        if (e->flags & EF_BLOCKS_SIGHT)
            g.opaque[e->y * g.w + e->x] = 1;
    return g;
}

static void symmetric_on_generated_floors(void **state)
{
    (void)state;
    EntityFactory factory;
    factory_init(&factory, &test_rules()->kinds);
    long bad = 0;
    for (int i = 0; i < 20; i++) {
        GameSeeds seeds;
        seeds_derive(&seeds, (uint64_t)(100 + i));
        Floor f;
        int n = 1 + i % 12;
        assert_true(gen_floor(&f, n, seeds.floors[n], &factory, NULL));
        Grid g = grid_of_floor(&f);
        bad += asymmetric_pairs(&g, 0) + asymmetric_pairs(&g, 9);
        grid_free(&g);
        floor_free(&f);
    }
    assert_int_equal(bad, 0);
}

static void symmetric_among_pillars_and_in_caves(void **state)
{
    (void)state;
    Grid pillars = grid_open(31, 23);
    for (int y = 2; y < pillars.h; y += 3)
        for (int x = 1 + y % 2; x < pillars.w; x += 3)
            pillars.opaque[y * pillars.w + x] = 1;
    assert_int_equal(asymmetric_pairs(&pillars, 0), 0);
    grid_free(&pillars);

    /* A cave: random rock smoothed by a few rounds of the 4-5 cellular rule. */
    Grid cave = grid_open(40, 28);
    Rng rng;
    rng_seed(&rng, 11, RNG_STREAM_GENERATOR);
    for (int i = 0; i < cave.w * cave.h; i++)
        cave.opaque[i] = rng_chance(&rng, 45, 100);
    uint8_t *next = malloc((size_t)(cave.w * cave.h));
    for (int round = 0; round < 4; round++) {
        for (int y = 0; y < cave.h; y++)
            for (int x = 0; x < cave.w; x++) {
                int walls = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        int nx = x + dx, ny = y + dy;
                        walls += nx < 0 || ny < 0 || nx >= cave.w || ny >= cave.h ||
                                 cave.opaque[ny * cave.w + nx];
                    }
                next[y * cave.w + x] = walls >= 5;
            }
        memcpy(cave.opaque, next, (size_t)(cave.w * cave.h));
    }
    free(next);
    assert_int_equal(asymmetric_pairs(&cave, 0), 0);
    grid_free(&cave);
}

/* From anywhere inside a rectangular room every wall cell of it is lit, corners included. */
static void walls_of_every_room_size_are_lit(void **state)
{
    (void)state;
    for (int rw = 3; rw <= 15; rw++)
        for (int rh = 3; rh <= 15; rh++) {
            Grid g = grid_open(rw + 4, rh + 4); /* room walls at 1 and rw+2, rock around */
            for (int y = 0; y < g.h; y++)
                for (int x = 0; x < g.w; x++)
                    g.opaque[y * g.w + x] = !(x >= 2 && x <= rw + 1 && y >= 2 && y <= rh + 1);
            for (int oy = 2; oy <= rh + 1; oy++)
                for (int ox = 2; ox <= rw + 1; ox++) {
                    fov_compute(g.opaque, g.w, g.h, ox, oy, 0, g.vis);
                    for (int y = 1; y <= rh + 2; y++)
                        for (int x = 1; x <= rw + 2; x++)
                            if (!g.vis[y * g.w + x])
                                fail_msg("room %dx%d from %d,%d: %d,%d dark", rw, rh, ox, oy, x, y);
                    for (int x = 0; x < g.w; x++) /* nothing beyond the walls */
                        assert_int_equal(g.vis[x], 0);
                }
            grid_free(&g);
        }
}

/* A pillar two cells east of the viewer: its shadow grows wider with distance. */
static void pillar_shadow_widens(void **state)
{
    (void)state;
    Grid g = grid_open(41, 41);
    int ox = 5, oy = 20;
    g.opaque[oy * g.w + ox + 2] = 1;
    fov_compute(g.opaque, g.w, g.h, ox, oy, 0, g.vis);
    int prev = 0;
    for (int x = ox + 4; x < g.w; x += 4) {
        int dark = 0;
        for (int y = 0; y < g.h; y++)
            dark += !g.vis[y * g.w + x];
        assert_true(dark > prev || (dark == prev && dark > 0));
        prev = dark;
    }
    assert_true(prev >= 9);
    assert_true(g.vis[oy * g.w + ox + 2]); /* the pillar itself is seen */
    grid_free(&g);
}

/* At a bend in a corridor each end sees one cell round the corner, and no further. */
static void no_blind_corners(void **state)
{
    (void)state;
    static const char *const rows[] = {"#####", "#...#", "###.#", "###.#", "#####", NULL};
    Grid g = grid_from(rows);
    assert_true(sees(&g, 1, 1, 3, 2, 0));
    assert_true(sees(&g, 3, 2, 1, 1, 0));
    assert_false(sees(&g, 1, 1, 3, 3, 0));
    assert_false(sees(&g, 3, 3, 1, 1, 0));
    grid_free(&g);
}

static void radius_is_a_disc(void **state)
{
    (void)state;
    Grid g = grid_open(41, 41);
    for (int r = 1; r <= 15; r++) {
        fov_compute(g.opaque, g.w, g.h, 20, 20, r, g.vis);
        for (int y = 0; y < g.h; y++)
            for (int x = 0; x < g.w; x++) {
                int d2 = (x - 20) * (x - 20) + (y - 20) * (y - 20);
                assert_int_equal(g.vis[y * g.w + x], d2 <= r * r);
            }
    }
    fov_compute(g.opaque, g.w, g.h, 20, 20, 0, g.vis); /* 0: unlimited */
    assert_int_equal(g.vis[0], 1);
    grid_free(&g);
}

static void edges_and_corners_of_the_map(void **state)
{
    (void)state;
    Grid g = grid_open(9, 6);
    const int corners[4][2] = {{0, 0}, {8, 0}, {0, 5}, {8, 5}};
    for (int c = 0; c < 4; c++) {
        fov_compute(g.opaque, g.w, g.h, corners[c][0], corners[c][1], 0, g.vis);
        for (int i = 0; i < g.w * g.h; i++)
            assert_int_equal(g.vis[i], 1); /* an open map is seen whole from a corner */
    }
    fov_compute(g.opaque, g.w, g.h, 20, 3, 0, g.vis); /* an origin off the map sees nothing */
    for (int i = 0; i < g.w * g.h; i++)
        assert_int_equal(g.vis[i], 0);
    grid_free(&g);
    Grid one = grid_open(1, 1);
    fov_compute(one.opaque, 1, 1, 0, 0, 0, one.vis);
    assert_int_equal(one.vis[0], 1);
    grid_free(&one);
}

/* Standing next to a closed door: the door is seen, the room behind it is not. */
static void origin_next_to_a_door(void **state)
{
    (void)state;
    static const char *const rows[] = {"#########", "#...#...#", "#...#...#",
                                       "#.......#", "#########", NULL};
    Grid g = grid_from(rows);
    g.opaque[3 * g.w + 4] = 1; /* a closed door in the gap at 4,3 */
    fov_compute(g.opaque, g.w, g.h, 3, 3, 0, g.vis);
    assert_true(g.vis[3 * g.w + 4]);
    for (int y = 1; y <= 3; y++)
        for (int x = 5; x <= 7; x++)
            assert_false(g.vis[y * g.w + x]);
    g.opaque[3 * g.w + 4] = 0; /* opened */
    fov_compute(g.opaque, g.w, g.h, 3, 3, 0, g.vis);
    assert_true(g.vis[3 * g.w + 6]);
    grid_free(&g);
}

/* --- the reference: the plain field of view this engine had before it was made faster -----
 * (per-cell bounds and radius tests, a switch per cell), kept to check that the fast one
 * gives exactly the same sets. */
typedef struct RefSlope {
    int num, den; /* den > 0 */
} RefSlope;

typedef struct RefRow {
    int depth;
    RefSlope start, end;
} RefRow;

typedef struct RefQuadrant {
    const uint8_t *opaque;
    uint8_t *visible;
    int width, height, ox, oy, r2; /* r2 < 0: unlimited */
    int dir;                       /* 0 north, 1 east, 2 south, 3 west */
} RefQuadrant;

enum { REF_MAX_DEPTH = 1 << 12, REF_STACK = 1 << 12 };

/* floor(a / b) for b > 0 */
static int ref_floor_div(int a, int b)
{
    int q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* The cell at (depth, col) of the quadrant, in map coordinates. */
static void ref_to_map(const RefQuadrant *q, int depth, int col, int *x, int *y)
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

static bool ref_is_opaque(const RefQuadrant *q, int x, int y)
{
    if (x < 0 || y < 0 || x >= q->width || y >= q->height)
        return true;
    return q->opaque[y * q->width + x] != 0;
}

static void ref_reveal(const RefQuadrant *q, int depth, int col, int x, int y)
{
    if (x < 0 || y < 0 || x >= q->width || y >= q->height)
        return;
    if (q->r2 >= 0 && depth * depth + col * col > q->r2)
        return;
    q->visible[y * q->width + x] = 1;
}

/* The slope through the near edge of a cell: (2 col - 1) / (2 depth). */
static RefSlope ref_edge_slope(int depth, int col)
{
    return (RefSlope){2 * col - 1, 2 * depth};
}

/* A cell is seen symmetrically when its centre lies within the row's slopes:
 * start <= col / depth <= end. */
static bool ref_centre_within(const RefRow *row, int col)
{
    return (long)col * row->start.den >= (long)row->depth * row->start.num &&
           (long)col * row->end.den <= (long)row->depth * row->end.num;
}

static void ref_scan_quadrant(const RefQuadrant *q, int max_depth)
{
    RefRow stack[REF_STACK];
    int top = 0;
    stack[top++] = (RefRow){1, {-1, 1}, {1, 1}};
    while (top > 0) {
        RefRow row = stack[--top];
        if (row.depth > max_depth)
            continue;
        /* Columns whose centres the slopes reach, ties rounded outward: from
         * round_half_up(depth * start) to round_half_down(depth * end). */
        int min_col =
            ref_floor_div(2 * row.depth * row.start.num + row.start.den, 2 * row.start.den);
        int max_col = -ref_floor_div(-(2 * row.depth * row.end.num - row.end.den), 2 * row.end.den);
        int prev = -1; /* -1 none yet, 0 open, 1 opaque */
        for (int col = min_col; col <= max_col; col++) {
            int x, y;
            ref_to_map(q, row.depth, col, &x, &y);
            int wall = ref_is_opaque(q, x, y);
            if (wall || ref_centre_within(&row, col))
                ref_reveal(q, row.depth, col, x, y);
            if (prev == 1 && !wall)
                row.start = ref_edge_slope(row.depth, col);
            if (prev == 0 && wall && top < REF_STACK)
                stack[top++] = (RefRow){row.depth + 1, row.start, ref_edge_slope(row.depth, col)};
            prev = wall;
        }
        if (prev == 0 && top < REF_STACK)
            stack[top++] = (RefRow){row.depth + 1, row.start, row.end};
    }
}

static void reference_fov(const uint8_t *opaque, int width, int height, int ox, int oy, int radius,
                          uint8_t *visible)
{
    memset(visible, 0, (size_t)width * (size_t)height);
    if (ox < 0 || oy < 0 || ox >= width || oy >= height)
        return;
    visible[oy * width + ox] = 1;
    int span = width > height ? width : height;
    int max_depth = radius > 0 && radius < span ? radius : span;
    for (int dir = 0; dir < 4; dir++) {
        RefQuadrant q = {opaque, visible, width, height, ox, oy, radius > 0 ? radius * radius : -1,
                         dir};
        ref_scan_quadrant(&q, max_depth);
    }
}

/* The fast fov_compute sees exactly what the reference sees: generated floors from many
 * cells at radii 0 (unlimited), 1, 2, 5, 9 and 30, and small random maps (one row, one
 * column, a single cell, open and crowded) from every cell at every radius up to their
 * size, origins on the edges and in corners included. */
static void same_sets_as_the_reference(void **state)
{
    (void)state;
    EntityFactory factory;
    factory_init(&factory, &test_rules()->kinds);
    static const int radii[] = {0, 1, 2, 5, 9, 30};
    long compared = 0;
    for (int i = 0; i < 12; i++) {
        GameSeeds seeds;
        seeds_derive(&seeds, (uint64_t)(300 + i));
        Floor f;
        int n = 1 + i;
        assert_true(gen_floor(&f, n, seeds.floors[n], &factory, NULL));
        Grid g = grid_of_floor(&f);
        uint8_t *want = malloc((size_t)(g.w * g.h));
        for (int c = 0; c < g.w * g.h; c += 7)
            for (size_t r = 0; r < sizeof radii / sizeof radii[0]; r++) {
                fov_compute(g.opaque, g.w, g.h, c % g.w, c / g.w, radii[r], g.vis);
                reference_fov(g.opaque, g.w, g.h, c % g.w, c / g.w, radii[r], want);
                assert_memory_equal(g.vis, want, (size_t)(g.w * g.h));
                compared++;
            }
        free(want);
        grid_free(&g);
        floor_free(&f);
    }
    Rng rng;
    rng_seed(&rng, 31, RNG_STREAM_GAMEPLAY);
    for (int m = 0; m < 400; m++) {
        int w = m < 20 ? 1 + m % 4 : rng_range(&rng, 1, 23);
        int h = m < 20 ? 1 + m / 5 : rng_range(&rng, 1, 17);
        Grid g = grid_open(w, h);
        int pct = rng_range(&rng, 0, 60);
        for (int c = 0; c < w * h; c++)
            g.opaque[c] = (uint8_t)rng_chance(&rng, pct, 100);
        uint8_t *want = malloc((size_t)(w * h));
        for (int c = 0; c < w * h; c++)
            for (int r = 0; r <= (w > h ? w : h) + 1; r++) {
                fov_compute(g.opaque, w, h, c % w, c / w, r, g.vis);
                reference_fov(g.opaque, w, h, c % w, c / w, r, want);
                assert_memory_equal(g.vis, want, (size_t)(w * h));
                compared++;
            }
        free(want);
        grid_free(&g);
    }
    assert_true(compared > 100000);
}

/* Squeeze corners, two walls touching only at a corner: a room strewn with diagonal walls of
 * 2 to 7 cells both ways round, from every open cell at radii 0 (unlimited), 5 and 9. */
static void same_sets_at_squeeze_corners(void **state)
{
    (void)state;
    Grid g = grid_open(41, 29);
    int len = 1;
    for (int y = 2; y + 8 < g.h; y += 9)
        for (int x = 2 + y % 4; x + 8 < g.w; x += 9, len = len % 6 + 1)
            for (int s = 0; s <= len; s++) {
                int down = (x / 9 + y / 9) % 2;
                g.opaque[(y + (down ? s : len - s)) * g.w + x + s] = 1;
            }
    uint8_t *want = malloc((size_t)(g.w * g.h));
    static const int radii[] = {0, 5, 9};
    for (int c = 0; c < g.w * g.h; c++)
        for (int r = 0; r < 3 && !g.opaque[c]; r++) {
            fov_compute(g.opaque, g.w, g.h, c % g.w, c / g.w, radii[r], g.vis);
            reference_fov(g.opaque, g.w, g.h, c % g.w, c / g.w, radii[r], want);
            assert_memory_equal(g.vis, want, (size_t)(g.w * g.h));
        }
    free(want);
    grid_free(&g);
}

/* A view kept from call to call clears only what its last call scanned: calls from one place
 * after another, at one radius after another and from off the map, on a map made of generated
 * floors side by side (big enough that the box of a view is a small part of it), give what a
 * fresh buffer full of junk gives fov_compute. */
static void a_kept_view_sees_what_a_fresh_one_sees(void **state)
{
    (void)state;
    EntityFactory factory;
    factory_init(&factory, &test_rules()->kinds);
    Grid g = grid_open(3 * MAP_WIDTH, 2 * MAP_HEIGHT);
    for (int k = 0; k < 6; k++) {
        GameSeeds seeds;
        seeds_derive(&seeds, (uint64_t)(500 + k));
        Floor f;
        assert_true(gen_floor(&f, 1 + k, seeds.floors[1 + k], &factory, NULL));
        Grid one = grid_of_floor(&f);
        for (int y = 0; y < one.h; y++)
            memcpy(g.opaque + (size_t)((k / 3) * one.h + y) * (size_t)g.w +
                       (size_t)((k % 3) * one.w),
                   one.opaque + (size_t)y * (size_t)one.w, (size_t)one.w);
        grid_free(&one);
        floor_free(&f);
    }
    const size_t n = (size_t)g.w * (size_t)g.h;
    uint8_t *kept = malloc(n);
    memset(kept, 0xA5, n);
    FovView view;
    fov_view_init(&view, kept, g.w, g.h);
    static const int radii[] = {0, 9, 1, 30, 0, 2};
    Rng rng;
    rng_seed(&rng, 7, RNG_STREAM_GAMEPLAY);
    for (int call = 0; call < 3000; call++) {
        int x = rng_range(&rng, 0, g.w - 1), y = rng_range(&rng, 0, g.h - 1);
        if (call % 100 == 99)
            x = g.w + 3; /* off the map: sees nothing, and clears what was seen */
        int radius = radii[call % 6];
        fov_view_compute(&view, g.opaque, x, y, radius);
        memset(g.vis, 0xA5, n);
        fov_compute(g.opaque, g.w, g.h, x, y, radius, g.vis);
        if (memcmp(kept, g.vis, n) != 0)
            fail_msg("call %d from %d,%d radius %d: the kept view differs", call, x, y, radius);
    }
    free(kept);
    grid_free(&g);
}

/* The sight within a radius is the unlimited sight cut to the disc (fov_within): from every
 * open cell of generated floors, the map's edges and off it, at each radius from 1 to 14 and
 * wider than the map, into a buffer full of junk. */
static void a_radius_cuts_the_unlimited_view(void **state)
{
    (void)state;
    EntityFactory factory;
    factory_init(&factory, &test_rules()->kinds);
    for (int k = 0; k < 3; k++) {
        GameSeeds seeds;
        seeds_derive(&seeds, (uint64_t)(700 + k));
        Floor f;
        assert_true(gen_floor(&f, 2 + 3 * k, seeds.floors[2 + 3 * k], &factory, NULL));
        Grid g = grid_of_floor(&f);
        floor_free(&f);
        const size_t n = (size_t)g.w * (size_t)g.h;
        uint8_t *all = malloc(n), *cut = malloc(n);
        for (int i = -1; i <= g.w * g.h; i++) {
            const int x = i < 0 ? -2 : i % g.w, y = i < 0 ? 3 : i / g.w;
            if (i >= 0 && i < g.w * g.h && g.opaque[i] && i % 7)
                continue; /* walls now and then: the origin may be one */
            fov_compute(g.opaque, g.w, g.h, x, y, 0, all);
            for (int r = 1; r <= 15; r++) {
                const int radius = r == 15 ? 200 : r;
                memset(cut, 0xA5, n);
                fov_within(all, g.w, g.h, x, y, radius, cut);
                fov_compute(g.opaque, g.w, g.h, x, y, radius, g.vis);
                if (memcmp(cut, g.vis, n) != 0)
                    fail_msg("floor %d from %d,%d radius %d: the cut view differs", k, x, y,
                             radius);
            }
        }
        free(all);
        free(cut);
        grid_free(&g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(symmetric_on_generated_floors),
        cmocka_unit_test(symmetric_among_pillars_and_in_caves),
        cmocka_unit_test(walls_of_every_room_size_are_lit),
        cmocka_unit_test(pillar_shadow_widens),
        cmocka_unit_test(no_blind_corners),
        cmocka_unit_test(radius_is_a_disc),
        cmocka_unit_test(edges_and_corners_of_the_map),
        cmocka_unit_test(origin_next_to_a_door),
        cmocka_unit_test(same_sets_as_the_reference),
        cmocka_unit_test(same_sets_at_squeeze_corners),
        cmocka_unit_test(a_kept_view_sees_what_a_fresh_one_sees),
        cmocka_unit_test(a_radius_cuts_the_unlimited_view),
    };
    return RUN_TESTS(tests);
}

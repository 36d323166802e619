/* Our field of view against libtcod 1.18's FOV_SYMMETRIC_SHADOWCAST (the same algorithm, in
 * floats) on generated floors and in a room of squeeze corners, from every open cell. Built
 * only when libtcod is found.
 *
 * Where they differ on the floors, libtcod shows a cell and we do not, and the cell sits on an
 * exact tie:
 * a sight line that passes exactly through a corner or side midpoint of a wall on the way.
 * Exact fractions treat the tie one way every time; libtcod's float slopes and its rounding
 * (roundf sends halves away from zero, so on the negative side of a row a half-way column is
 * taken in) let the line through. */
#include "test_support.h"

#include <libtcod/fov.h>
#include <stdio.h>

#include "core/fov.h"
#include "core/seeds.h"
#include "entities/entities.h"
#include "gen/gen.h"
#include "test_rules.h"

enum { FLOORS = 12, W = MAP_WIDTH, H = MAP_HEIGHT };

/* Points of a cell in doubled coordinates: corners, side midpoints and the centre. */
static const int POINTS[9][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}, {-1, 0},
                                 {1, 0},   {0, -1}, {0, 1},  {0, 0}};

/* Whether some opaque cell other than B has a point lying exactly on a line from A's centre
 * to a point of B, strictly before it. */
static bool on_exact_tie(const uint8_t *opaque, int ax, int ay, int bx, int by)
{
    int x0 = (ax < bx ? ax : bx) - 1, x1 = (ax > bx ? ax : bx) + 1;
    int y0 = (ay < by ? ay : by) - 1, y1 = (ay > by ? ay : by) + 1;
    for (int p = 0; p < 9; p++) {
        long qx = 2L * (bx - ax) + POINTS[p][0], qy = 2L * (by - ay) + POINTS[p][1];
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) {
                if (x < 0 || y < 0 || x >= W || y >= H || !opaque[y * W + x] ||
                    (x == bx && y == by))
                    continue;
                for (int w = 0; w < 9; w++) {
                    long px = 2L * (x - ax) + POINTS[w][0], py = 2L * (y - ay) + POINTS[w][1];
                    long along = qx * px + qy * py;
                    if (qx * py - qy * px == 0 && along > 0 && along < qx * qx + qy * qy)
                        return true;
                }
            }
    }
    return false;
}

typedef struct Tally {
    long compared, differ, only_ours, ties, ours_on_ties; /* ours_on_ties: of only_ours */
} Tally;

/* Ours and libtcod's from every open cell of the map, the differences tallied. */
static void compare_from_every_open_cell(const uint8_t *opaque, Tally *t)
{
    static uint8_t visible[W * H];
    TCOD_Map *map = TCOD_map_new(W, H);
    for (int i = 0; i < W * H; i++)
        TCOD_map_set_properties(map, i % W, i / W, !opaque[i], !opaque[i]);
    for (int a = 0; a < W * H; a++) {
        if (opaque[a])
            continue;
        fov_compute(opaque, W, H, a % W, a / W, 0, visible);
        TCOD_map_compute_fov(map, a % W, a / W, 0, true, FOV_SYMMETRIC_SHADOWCAST);
        for (int b = 0; b < W * H; b++) {
            t->compared++;
            bool theirs = TCOD_map_is_in_fov(map, b % W, b / W);
            if (theirs == (visible[b] != 0))
                continue;
            bool tie = on_exact_tie(opaque, a % W, a / W, b % W, b / W);
            t->differ++;
            t->only_ours += visible[b] != 0;
            t->ties += tie;
            t->ours_on_ties += visible[b] && tie;
        }
    }
    TCOD_map_delete(map);
}

static void print_tally(const Tally *t)
{
    print_message("%ld comparisons, %ld differ (%ld seen only by us), %ld of them exact ties\n",
                  t->compared, t->differ, t->only_ours, t->ties);
}

static void our_view_matches_libtcod_but_for_exact_ties(void **state)
{
    (void)state;
    EntityFactory factory;
    factory_init(&factory, &test_rules()->kinds);
    static uint8_t opaque[W * H];
    Tally t = {0};
    for (int k = 0; k < FLOORS; k++) {
        GameSeeds seeds;
        seeds_derive(&seeds, (uint64_t)(100 + k));
        int n = 1 + k % 12;
        Floor f;
        assert_true(gen_floor(&f, n, seeds.floors[n], &factory, NULL));
        floor_sight_map(&f, opaque);
        compare_from_every_open_cell(opaque, &t);
        floor_free(&f);
    }
    print_tally(&t);
    assert_int_equal(t.only_ours, 0);           /* we never see what libtcod hides */
    assert_true(t.differ * 10000 < t.compared); /* under 1 in 10,000 */
    assert_true(t.ties * 100 >= t.differ * 97); /* and nearly all of them are exact ties */
}

/* Squeeze corners, two walls touching only at a corner with open cells on both sides (where
 * the game forbids a step): a room strewn with diagonal walls of 2 to 7 cells, both ways
 * round. Lines through the corners where walls touch are exact ties, so many more here: some
 * cells we see and libtcod does not, every one of them on an exact tie. */
static void the_same_at_squeeze_corners(void **state)
{
    (void)state;
    static uint8_t opaque[W * H];
    for (int i = 0; i < W * H; i++) {
        int x = i % W, y = i / W;
        opaque[i] = x == 0 || y == 0 || x == W - 1 || y == H - 1;
    }
    int len = 1;
    for (int y = 3; y + 8 < H; y += 9)
        for (int x = 3 + y % 4; x + 8 < W; x += 9, len = len % 6 + 1)
            for (int s = 0; s <= len; s++) { /* a diagonal of len + 1 walls, / or \ */
                int down = (x / 9 + y / 9) % 2;
                opaque[(y + (down ? s : len - s)) * W + x + s] = 1;
            }
    Tally t = {0};
    compare_from_every_open_cell(opaque, &t);
    print_tally(&t);
    assert_int_equal(t.ours_on_ties, t.only_ours); /* what only we see is on a tie */
    assert_true(t.only_ours > 0);                  /* the map has the ties it is for */
    assert_true(t.differ * 500 < t.compared);      /* under 1 in 500 */
    assert_true(t.ties * 100 >= t.differ * 95);    /* and nearly all of them are exact ties */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(our_view_matches_libtcod_but_for_exact_ties),
        cmocka_unit_test(the_same_at_squeeze_corners),
    };
    return RUN_TESTS(tests);
}

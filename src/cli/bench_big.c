#include "cli/bench_big.h"

#include <stdlib.h>

#include "core/fov.h"
#include "core/rng.h"

enum { BIG_RUNS = 7, BIG_ORIGINS = 1000, BIG_ROOM = 12 };

/* Walls every BIG_ROOM cells each way, each wall of a room with one doorway, placed by the
 * room's position so that no two line up across the map. */
static uint8_t *big_map(void)
{
    uint8_t *opaque = malloc((size_t)BENCH_BIG * BENCH_BIG);
    if (!opaque)
        return NULL;
    for (int y = 0; y < BENCH_BIG; y++)
        for (int x = 0; x < BENCH_BIG; x++) {
            int bx = x / BIG_ROOM, by = y / BIG_ROOM;
            bool wall = x % BIG_ROOM == 0 || y % BIG_ROOM == 0;
            bool door = (x % BIG_ROOM == 0 && y % BIG_ROOM == 1 + (bx * 7 + by * 5) % 10) ||
                        (y % BIG_ROOM == 0 && x % BIG_ROOM == 1 + (bx * 3 + by * 11) % 10);
            opaque[y * BENCH_BIG + x] = wall && !door;
        }
    return opaque;
}

/* BIG_ORIGINS open cells from a fixed stream. */
static void big_origins(const uint8_t *opaque, int *ox, int *oy)
{
    Rng rng;
    rng_seed(&rng, 33, RNG_STREAM_COSMETIC);
    for (int i = 0; i < BIG_ORIGINS;) {
        int x = rng_range(&rng, 0, BENCH_BIG - 1), y = rng_range(&rng, 0, BENCH_BIG - 1);
        if (!opaque[y * BENCH_BIG + x]) {
            ox[i] = x;
            oy[i++] = y;
        }
    }
}

static long count_visible(const uint8_t *visible)
{
    long n = 0;
    for (long i = 0; i < (long)BENCH_BIG * BENCH_BIG; i++)
        n += visible[i];
    return n;
}

int bench_big(Figure *out)
{
    uint8_t *opaque = big_map(), *visible = malloc((size_t)BENCH_BIG * BENCH_BIG);
    int ox[BIG_ORIGINS], oy[BIG_ORIGINS];
    if (!opaque || !visible) {
        free(opaque);
        free(visible);
        return 0;
    }
    big_origins(opaque, ox, oy);
    double view_us[BIG_RUNS], full_us[BIG_RUNS];
    long cells = 0;
    for (int r = 0; r < BIG_RUNS; r++) {
        FovView view;
        fov_view_init(&view, visible, BENCH_BIG, BENCH_BIG);
        double start = bench_now_us();
        for (int i = 0; i < BIG_ORIGINS; i++)
            fov_view_compute(&view, opaque, ox[i], oy[i], 0);
        view_us[r] = (bench_now_us() - start) / BIG_ORIGINS;
        start = bench_now_us();
        for (int i = 0; i < BIG_ORIGINS; i++)
            fov_compute(opaque, BENCH_BIG, BENCH_BIG, ox[i], oy[i], 0, visible);
        full_us[r] = (bench_now_us() - start) / BIG_ORIGINS;
    }
    for (int i = 0; i < BIG_ORIGINS; i++) {
        fov_compute(opaque, BENCH_BIG, BENCH_BIG, ox[i], oy[i], 0, visible);
        cells += count_visible(visible);
    }
    free(opaque);
    free(visible);
    out[0] = figure_of("fov_big_us", bench_spread(view_us, BIG_RUNS), "us");
    out[1] = figure_of("fov_big_full_us", bench_spread(full_us, BIG_RUNS), "us");
    out[2] = figure_one("fov_big_cells", (double)cells / BIG_ORIGINS, "cells");
    return 3;
}

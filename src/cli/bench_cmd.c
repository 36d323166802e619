#define _POSIX_C_SOURCE 200809L
#include "cli/bench_cmd.h"

#include <stdlib.h>
#include <time.h>

#include "core/seeds.h"
#include "entities/entities.h"
#include "gen/gen.h"

/* Each figure is the median of BENCH_RUNS runs, so one noisy run (the other core busy, a
 * page fault storm) does not move it. */
enum { BENCH_RUNS = 7, BENCH_SEEDS = 100 };

typedef struct Figure {
    const char *name;
    double value;
    const char *unit;
} Figure;

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return v[n / 2];
}

/* One run: every floor of BENCH_SEEDS seeds. Returns microseconds per game; *per_floor gets
 * microseconds per floor. */
static double time_generation(EntityFactory *factory, double *per_floor)
{
    double start = now_us();
    for (uint64_t seed = 1; seed <= BENCH_SEEDS; seed++) {
        GameSeeds seeds;
        seeds_derive(&seeds, seed);
        for (int f = 0; f < FLOOR_COUNT; f++) {
            Floor floor;
            if (gen_floor(&floor, f, seeds.floors[f], factory, NULL))
                floor_free(&floor);
        }
    }
    double total = now_us() - start;
    *per_floor = total / (BENCH_SEEDS * FLOOR_COUNT);
    return total / BENCH_SEEDS;
}

static void print_figures(const Figure *figs, int n, bool json, FILE *out)
{
    if (json) {
        fputc('{', out);
        for (int i = 0; i < n; i++)
            fprintf(out, "%s\"%s\":%.3f", i ? "," : "", figs[i].name, figs[i].value);
        fputs("}\n", out);
        return;
    }
    for (int i = 0; i < n; i++)
        fprintf(out, "%s %.3f %s\n", figs[i].name, figs[i].value, figs[i].unit);
}

int bench_cmd_run(bool json, FILE *out)
{
    EntityFactory factory;
    factory_init(&factory);
    if (!entities_register_all(&factory)) {
        fprintf(stderr, "mouseking: %s\n", factory.error);
        return 1;
    }
    double game[BENCH_RUNS], floor[BENCH_RUNS];
    for (int r = 0; r < BENCH_RUNS; r++)
        game[r] = time_generation(&factory, &floor[r]);
    Figure figs[] = {
        {"gen_floor_us", median(floor, BENCH_RUNS), "us"},
        {"gen_game_us", median(game, BENCH_RUNS), "us"},
    };
    print_figures(figs, (int)(sizeof figs / sizeof figs[0]), json, out);
    return 0;
}

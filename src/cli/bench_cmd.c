#define _POSIX_C_SOURCE 200809L
#include "cli/bench_cmd.h"

#include <stdlib.h>

#include "cli/autoplay_cmd.h"
#include "cli/bench_sight.h"
#include "ui/bench_view.h"
#include "ui/paths.h"

#include "core/seeds.h"
#include "entities/entities.h"
#include "gen/gen.h"

/* Each figure is the median of BENCH_RUNS runs, so one noisy run (the other core busy, a
 * page fault storm) does not move it. */
enum { BENCH_RUNS = 7, BENCH_SEEDS = 100 };

/* One run: every floor of BENCH_SEEDS seeds. Returns microseconds per game; *per_floor gets
 * microseconds per floor. */
static double time_generation(EntityFactory *factory, double *per_floor)
{
    double start = bench_now_us();
    for (uint64_t seed = 1; seed <= BENCH_SEEDS; seed++) {
        GameSeeds seeds;
        seeds_derive(&seeds, seed);
        for (int f = 0; f < FLOOR_COUNT; f++) {
            Floor floor;
            if (gen_floor(&floor, f, seeds.floors[f], factory, NULL))
                floor_free(&floor);
        }
    }
    double total = bench_now_us() - start;
    *per_floor = total / (BENCH_SEEDS * FLOOR_COUNT);
    return total / BENCH_SEEDS;
}

/* The bot playing whole games: turns per second of the engine and bot together (the bot's
 * own thinking, explore and travel maps included). One run is BENCH_GAMES games. */
enum { BENCH_GAMES = 3 };

static double time_autoplay(const Rules *rules, bool *ok)
{
    long turns = 0;
    double start = bench_now_us();
    for (uint64_t seed = 1; seed <= BENCH_GAMES; seed++) {
        AutoplayResult r;
        char err[256];
        if (!autoplay_game(rules, seed, AUTOPLAY_MAX_TURNS, &r, err, sizeof err)) {
            *ok = false;
            return 0;
        }
        turns += r.turns;
    }
    return (double)turns / ((bench_now_us() - start) / 1e6);
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
    Figure figs[32];
    int n = 0;
    figs[n++] = (Figure){"gen_floor_us", bench_median(floor, BENCH_RUNS), "us"};
    figs[n++] = (Figure){"gen_game_us", bench_median(game, BENCH_RUNS), "us"};
    n += bench_sight(&factory, figs + n);
    static Rules rules;
    char err[1400];
    if (paths_load_rules(&rules, err, sizeof err)) {
        double tps[3];
        bool ok = true;
        for (int r = 0; r < 3; r++)
            tps[r] = time_autoplay(&rules, &ok);
        if (ok)
            figs[n++] = (Figure){"turns_per_s", bench_median(tps, 3), "turns/s"};
    } else {
        fprintf(stderr, "mouseking: bench: no turns_per_s: %s\n", err);
    }
    double frame_us, startup_ms;
    if (bench_view(&frame_us, &startup_ms, err, sizeof err)) {
        figs[n++] = (Figure){"frame_us", frame_us, "us"};
        figs[n++] = (Figure){"startup_ms", startup_ms, "ms"};
    } else {
        fprintf(stderr, "mouseking: bench: no frame_us: %s\n", err);
    }
    print_figures(figs, n, json, out);
    return 0;
}

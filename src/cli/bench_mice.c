#include "cli/bench_mice.h"

#include <stdlib.h>

#include "core/rng.h"
#include "game/game.h"

enum { MICE_RUNS = 7, MICE_TURNS = 100, MICE_HP = 1000000 };

/* A game on floor 1 of seed 1, its own mice taken away and `count` hunting Micro Mice put on
 * open cells, none next to the player, by a fixed stream so every round starts the same. */
static bool setup(Game *game, const Rules *rules, int count)
{
    if (!game_init(game, 1, rules))
        return false;
    if (!game_change_floor(game, 1)) {
        game_free(game);
        return false;
    }
    Floor *floor = game_floor(game);
    for (Entity *e = floor->entities.head; e; e = e->next)
        if (e->kind == KIND_MONSTER)
            e->flags |= EF_REMOVED;
    entity_list_purge(&floor->entities);
    Entity *p = game->player;
    Rng rng;
    rng_seed(&rng, 18, RNG_STREAM_COSMETIC);
    for (int placed = 0, tries = 0; placed < count && tries < 100000; tries++) {
        int x = rng_range(&rng, 1, floor->map.width - 2);
        int y = rng_range(&rng, 1, floor->map.height - 2);
        if (map_is_wall(&floor->map, x, y) || floor_entity_at(floor, x, y, 0) ||
            (abs(x - p->x) <= 1 && abs(y - p->y) <= 1))
            continue;
        Entity *m = game_spawn(game, floor, KIND_ID_MICRO_MOUSE, x, y);
        if (!m) {
            game_free(game);
            return false;
        }
        placed++;
    }
    game_rebuild_derived(game);
    return true;
}

/* One round: MICE_TURNS turns of waiting; microseconds per turn, and the cells the mice's
 * searches took off A*'s queue per turn into *cells. */
static double round_of(Game *game, double *cells)
{
    Command wait = command_wait();
    double total = 0;
    const uint64_t taken = game->caches.paths.taken;
    for (int t = 0; t < MICE_TURNS && game->outcome == GAME_PLAYING; t++) {
        Entity *p = game->player;
        p->stats.max_hp = p->stats.hp = MICE_HP;
        for (Entity *e = game_floor(game)->entities.head; e; e = e->next)
            if (e->kind == KIND_MONSTER) {
                e->mind.state = MIND_HUNTING;
                e->mind.target_x = p->x;
                e->mind.target_y = p->y;
            }
        double start = bench_now_us();
        game_apply(game, &wait);
        total += bench_now_us() - start;
    }
    *cells = (double)(game->caches.paths.taken - taken) / MICE_TURNS;
    return total / MICE_TURNS;
}

/* The names of each count's figures: the turn's time, A*'s cells a turn (the same in every
 * round: the rounds replay one game) and the time per cell. */
static const char *const NAMES[3][3] = {
    {"turn_8_mice_us", "turn_8_mice_cells", "turn_8_mice_ns_per_cell"},
    {"turn_32_mice_us", "turn_32_mice_cells", "turn_32_mice_ns_per_cell"},
    {"turn_128_mice_us", "turn_128_mice_cells", "turn_128_mice_ns_per_cell"},
};

int bench_mice(const Rules *rules, Figure *out)
{
    static const int counts[] = {8, 32, 128};
    Game *game = malloc(sizeof *game);
    int n = 0;
    for (int c = 0; game && c < 3; c++) {
        double v[MICE_RUNS], cells = 0;
        bool ok = true;
        for (int r = 0; r < MICE_RUNS && ok; r++) {
            ok = setup(game, rules, counts[c]);
            if (ok) {
                v[r] = round_of(game, &cells);
                game_free(game);
            }
        }
        if (!ok)
            break;
        const BenchSpread spread = bench_spread(v, MICE_RUNS);
        out[n++] = figure_of(NAMES[c][0], spread, "us");
        out[n++] = figure_one(NAMES[c][1], cells, "cells");
        out[n++] = figure_one(NAMES[c][2], cells > 0 ? spread.median * 1000 / cells : 0, "ns");
    }
    free(game);
    return n;
}

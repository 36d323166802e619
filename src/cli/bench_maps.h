/* The maps `bench` times sight and paths on: generated floors with diagonal squeezes carved
 * into them, and open caves grown by a cellular automaton, all from fixed seeds. */
#ifndef MK_BENCH_MAPS_H
#define MK_BENCH_MAPS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/factory.h"
#include "core/map.h"
#include "core/path.h"

enum {
    BENCH_FLOORS = 8,
    BENCH_CAVES = 2,
    BENCH_PAIRS = 300, /* A* pairs a floor */
    BENCH_ROOTS = 40,  /* Dijkstra maps a floor */
    BENCH_SQUEEZES = 6 /* squeezes carved into each floor */
};

typedef struct BenchMap {
    int w, h;
    uint8_t opaque[MAP_WIDTH * MAP_HEIGHT];     /* walls and sight-blocking doors */
    uint8_t walls[MAP_WIDTH * MAP_HEIGHT];      /* what blocks walking on the uniform grid: walls */
    int16_t costs[MAP_WIDTH * MAP_HEIGHT];      /* the same as a cost grid, for A* (as libtcod's map
                                                   is built before its timing) */
    int16_t game_costs[MAP_WIDTH * MAP_HEIGHT]; /* as a mouse walks (game_walk_costs and
                                                   game_walk_add_mice): closed doors 20,
                                                   doorways marked, mice 30, locked and hidden
                                                   doors and stairs blocked */
    PathCell open[MAP_WIDTH * MAP_HEIGHT];      /* the cells not wall, row by row */
    int open_count;
    PathCell pairs[BENCH_PAIRS][2]; /* open cells, A*'s ends */
    PathCell roots[BENCH_ROOTS];    /* cells open in game_costs too, Dijkstra's goals */
    int squeezes;                   /* diagonal steps between two open cells with both sides wall */
} BenchMap;

/* BENCH_FLOORS generated floors (seeds 1.., floors 1, 4, 7, 10, ...), each with
 * BENCH_SQUEEZES squeezes carved: a wall cell diagonal to an open one across a wall corner is
 * opened, a pocket the game's rule (R-DOOR-7) reaches only round the walls and libtcod's
 * straight through. */
bool bench_load_floors(EntityFactory *factory, BenchMap *floors);

/* The floors, then BENCH_CAVES caves (seeds 1..), into maps[0 .. BENCH_FLOORS + BENCH_CAVES). */
bool bench_load_maps(EntityFactory *factory, BenchMap *maps);

/* An open cave of MAP_WIDTH x MAP_HEIGHT grown from `seed` (no doors, no mice: its costs and
 * game costs are walls and floor; no pairs or roots). */
void bench_make_cave(BenchMap *cave, uint64_t seed);

#endif

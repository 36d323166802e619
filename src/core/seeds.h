/* The seeds of one game: the game seed and one seed per floor, drawn from it before play so
 * that floor N of seed S is the same whatever happened earlier. */
#ifndef MK_SEEDS_H
#define MK_SEEDS_H

#include <stdint.h>

#include "core/floor.h"

typedef struct GameSeeds {
    uint64_t game;
    uint64_t floors[FLOOR_COUNT];
} GameSeeds;

void seeds_derive(GameSeeds *seeds, uint64_t game_seed);

#endif

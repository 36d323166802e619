/* The generation steps, one file each, and the state they share while one floor is built.
 * Internal to src/gen. */
#ifndef MK_GEN_STEPS_H
#define MK_GEN_STEPS_H

#include <stdbool.h>

#include "core/factory.h"
#include "core/floor.h"
#include "core/rng.h"

typedef struct GenContext {
    Floor *floor;
    Rng rng;
    EntityFactory *factory;
} GenContext;

/* Room interior sizes and counts of SPEC.md, step 1. */
enum {
    GEN_ROOMS_MIN = 5,
    GEN_ROOMS_MAX = 15,
    GEN_ROOM_W_MIN = 5,
    GEN_ROOM_W_MAX = 19,
    GEN_ROOM_H_MIN = 3,
    GEN_ROOM_H_MAX = 9,
    GEN_MONSTER_CLEARANCE = 6 /* no monster within this many cells of the arrival point */
};

/* Creates `name` at (x, y) through the factory and puts it on the floor. */
Entity *gen_spawn(GenContext *ctx, const char *name, int x, int y);
void gen_carve_room(Map *map, const Room *room);

bool gen_place_rooms(GenContext *ctx);       /* rooms.c, step 1 */
void gen_dig_corridors(GenContext *ctx);     /* corridors.c, step 2 */
bool gen_place_stairs(GenContext *ctx);      /* stairs.c, step 9, and the arrival point */
bool gen_place_king(GenContext *ctx);        /* boss.c, floor 13 */
bool gen_build_start_floor(GenContext *ctx); /* start.c, floor 0 */

#endif

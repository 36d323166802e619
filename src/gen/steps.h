/* The generation steps, one file each, and the state they share while one floor is built.
 * Internal to src/gen (and its unit tests). */
#ifndef MK_GEN_STEPS_H
#define MK_GEN_STEPS_H

#include <stdbool.h>

#include "core/factory.h"
#include "core/floor.h"
#include "core/rng.h"
#include "gen/gen.h"

/* The rules' numbers, from docs/RULES.md "Generation". */
enum {
    GEN_ROOMS_MIN = 5,
    GEN_ROOMS_MAX = 15,
    GEN_ROOM_W_MIN = 5,
    GEN_ROOM_W_MAX = 19,
    GEN_ROOM_H_MIN = 3,
    GEN_ROOM_H_MAX = 9,
    GEN_EXTRA_CORRIDORS_MIN = 1,
    GEN_EXTRA_CORRIDORS_MAX = 3,
    GEN_PASSAGES_MIN = 2,
    GEN_PASSAGES_MAX = 6,
    GEN_PASSAGE_LEN_MIN = 3,
    GEN_PASSAGE_LEN_MAX = 8,
    GEN_ALCOVE_MIN_WALLS = 7,
    GEN_WALK_MIN_WALLS = 6,  /* the alcove walk goes on while the next cell has this many */
    GEN_WALK_MIN_STEPS = 3,  /* a walk this long earns a door at the passage's mouth */
    GEN_WALK_MAX_STEPS = 48, /* the bound: a longer walk is no dead-end passage, no door */
    GEN_LOOSE_ITEMS_MAX = 2,
    GEN_MONSTER_CLEARANCE = 6, /* no monster within this many cells of the arrival point */
    GEN_MAX_ALCOVES = 64,
    GEN_WAY_OPEN_BELOW = 4, /* floors under this: no hidden door on the way to the stairs up */
    GEN_WAY_HIDDEN_MAX = 1, /* higher floors: at most this many on the least-hidden way */
    GEN_PLAN_FIRST = 4,     /* a Floor Plan on floors 4, 7, 10: one in every three from 4 */
    GEN_PLAN_EVERY = 3,
    GEN_LOCKER_EVERY = 3 /* a specimen locker on floors 3, 6, 9 and 12 (R-LOCKER-1) */
};

/* Where a cell sits on a room's ring of walls. */
typedef enum RingPart {
    RING_NONE = 0,
    RING_HORIZONTAL, /* top or bottom wall: a doorway here runs north-south */
    RING_VERTICAL,   /* left or right wall */
    RING_CORNER
} RingPart;

typedef struct Cell {
    int x, y;
} Cell;

typedef struct GenContext {
    Floor *floor;
    Rng rng;
    EntityFactory *factory;
    GenStats *stats; /* never NULL inside the pipeline */
    uint8_t *ring;   /* RingPart per cell */
    Cell alcoves[GEN_MAX_ALCOVES];
    int alcove_count;
} GenContext;

/* Creates `name` at (x, y) through the factory and puts it on the floor. */
Entity *gen_spawn(GenContext *ctx, KindId kind, int x, int y);
void gen_carve_room(Map *map, const Room *room);
/* Marks every room's wall ring in ctx->ring. */
void gen_mark_rings(GenContext *ctx);
static inline RingPart gen_ring_at(const GenContext *ctx, int x, int y)
{
    const Map *map = &ctx->floor->map;
    return map_in_bounds(map, x, y) ? (RingPart)ctx->ring[y * map->width + x] : RING_NONE;
}
/* A door fits at (x, y): open floor with walls on exactly one opposite pair of its four sides
 * and open cells on the other pair. */
bool gen_door_geometry_ok(const Map *map, int x, int y);
/* Any door on (x, y) or its four neighbours. */
bool gen_door_near(const Floor *floor, int x, int y);

bool gen_place_rooms(GenContext *ctx);        /* rooms.c        step 1 */
void gen_dig_corridors(GenContext *ctx);      /* corridors.c    step 2 */
void gen_dig_passages(GenContext *ctx);       /* passages.c     step 3 */
void gen_find_alcoves(GenContext *ctx);       /* alcoves.c      (for steps 6 and 7) */
bool gen_place_room_doors(GenContext *ctx);   /* room_doors.c   step 4 */
bool gen_hide_doors(GenContext *ctx);         /* hidden_doors.c step 5 */
bool gen_place_alcove_doors(GenContext *ctx); /* alcove_doors.c step 6 */
bool gen_fill_alcoves(GenContext *ctx);       /* alcove_items.c step 7 */
bool gen_place_locker(GenContext *ctx);       /* locker.c       step 7b (R-LOCKER) */
bool gen_scatter_items(GenContext *ctx);      /* loose_items.c  step 8 */
bool gen_place_stairs(GenContext *ctx);       /* stairs.c       step 9, and the arrival point */
bool gen_open_the_way(GenContext *ctx);       /* hidden_doors.c step 9b (R-GUAR-11) */
bool gen_place_floor_plan(GenContext *ctx);   /* floor_plan.c   step 9c (R-GUAR-12) */
bool gen_place_monsters(GenContext *ctx);     /* monsters.c     step 10 */
bool gen_place_king(GenContext *ctx);         /* boss.c         floor 13 */
bool gen_build_start_floor(GenContext *ctx);  /* start.c        floor 0 */
/* validate.c: whether the floor keeps every guarantee of docs/RULES.md (R-GUAR). */
bool gen_floor_is_valid(const Floor *floor, const KindTable *kinds);

/* Which cells can be walked to (reach.c): a malloc'd byte per cell, 1 for reached; NULL when
 * memory runs out. */
typedef enum GenReachFrom { GEN_REACH_FROM_ARRIVAL, GEN_REACH_FROM_ROOMS } GenReachFrom;
typedef enum GenReachDoors {
    GEN_REACH_ALL_DOORS,
    GEN_REACH_NOT_LOCKED,
    GEN_REACH_NOT_HIDDEN /* neither locked nor hidden doors */
} GenReachDoors;
uint8_t *gen_reach(const Floor *floor, GenReachFrom from, GenReachDoors doors);
/* The fewest hidden doors crossed on a way from the arrival point to the Stairs (Up), locked
 * doors counted as wall (reach.c, R-GUAR-11): 0 on a floor without Stairs (Up), -1 when the
 * stairs cannot be reached or memory runs out. With doors, the cells (y * width + x) of the
 * hidden doors on one such way go there, up to max_doors, the one nearest the stairs first. */
int gen_hidden_on_way(const Floor *floor, int *doors, int max_doors);
/* How many hidden doors R-GUAR-11 lets lie on that way on floor `number`. */
static inline int gen_way_hidden_allowed(int number)
{
    return number < GEN_WAY_OPEN_BELOW ? 0 : GEN_WAY_HIDDEN_MAX;
}
/* Whether floor `number` must hold a Floor Plan (R-GUAR-12). */
static inline bool gen_floor_wants_plan(int number)
{
    return number >= GEN_PLAN_FIRST && number < MAX_FLOORS &&
           (number - GEN_PLAN_FIRST) % GEN_PLAN_EVERY == 0;
}

/* Whether floor `number` tries for a specimen locker (R-LOCKER-1). */
static inline bool gen_floor_wants_locker(int number)
{
    return number > 0 && number < MAX_FLOORS && number % GEN_LOCKER_EVERY == 0;
}

/* The alcove walk of step 6 (alcove_doors.c): from the alcove at (x, y) out along its passage
 * while the next cell has GEN_WALK_MIN_WALLS walls around it (cells already walked count as
 * wall) and is no junction (at most two open sides), turning 90 degrees when blocked. Returns the
 * steps taken, the last cell in *mouth; -1 when the walk hit GEN_WALK_MAX_STEPS or the alcove has
 * no way out. */
int gen_alcove_walk(const Map *map, int x, int y, Cell *mouth);

/* The loot table of step 7 (loot.c): a kind of item for floor `number`, by the loot weights
 * of the kind table, so stronger gear turns up higher in the tower. */
KindId gen_roll_loot(const KindTable *kinds, Rng *rng, int number);
/* The loot behind a Door (Locked): the table rolled twice, the item of the higher tier kept
 * (gen_loot_tier; the first roll on a tie). */
KindId gen_roll_locked_loot(const KindTable *kinds, Rng *rng, int number);
/* A cage's item (R-LOCKER-2): the floor's table rolled once, then a kind of the next tier up
 * (by the loot weights, whatever floor it first turns up on); the top tier stays the top. */
KindId gen_roll_locker_loot(const KindTable *kinds, Rng *rng, int number);
/* The monster mix of step 10 (monsters.c), by the floor tiers of the kind table. */
KindId gen_roll_monster(const KindTable *kinds, Rng *rng, int number);

#endif

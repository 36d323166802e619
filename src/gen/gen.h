/* The floor generator: runs the steps of docs/RULES.md (R-GEN) in order on one floor. */
#ifndef MK_GEN_H
#define MK_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/factory.h"
#include "core/floor.h"

/* Bumped whenever a change alters any generated floor, or how a game goes on from the same
 * commands (a rule of play: 4 gave each mouse its behaviour, 5 the fleeing mice their safety map
 * and the messages of the stairs keys, the doorways and the mice that burst through doors); saves
 * and recordings of another version are refused naming both. The golden hashes in tests/ go with
 * it. */
#define DUNGEON_VERSION 13

/* What one floor's generation made; gen --stats sums these over many seeds. */
typedef struct GenStats {
    int retries; /* layouts thrown away because a step or a guarantee failed */
    int rooms;
    int corridors; /* room-to-room corridors, the chain and the extra ones */
    int loops;     /* extra corridors, each closing a loop */
    int dead_ends; /* side passages dug */
    int alcoves;
    int room_doors; /* doors where a corridor enters a room, hidden ones included */
    int hidden_doors;
    int hidden_opened; /* hidden doors made plain again to open the way up (R-GUAR-11) */
    int alcove_doors;  /* doors at the mouths of alcove passages, locked ones included */
    int locked_doors;
    int alcove_items;        /* alcoves that got an item, locked ones included */
    int locked_alcoves;      /* alcoves behind a Door (Locked) */
    int locked_alcove_items; /* of those, the ones that got an item: all of them */
    int loose_items;
    int floor_plans; /* placed by step 9c (R-GUAR-12), not alcove loot */
    int lockers;     /* specimen lockers placed by step 7b (R-LOCKER-1): 0 or 1 */
    int monsters;
    int open_cells; /* floor cells */
    int cells;      /* all cells */
} GenStats;

/* Generates floor `number` (0..MAX_FLOORS) from its own seed into `floor`, which this call
 * initialises. False only if no valid layout came out of the bounded retries or memory ran
 * out; the reason is in factory->error then. stats may be NULL. */
bool gen_floor(Floor *floor, int number, uint64_t seed, EntityFactory *factory, GenStats *stats);

/* When a floor is checked: just generated (no mouse near the arrival point yet), or in play
 * (mice walk about; doors open, keys are used, items are dropped). */
typedef enum GenCheck { GEN_CHECK_FRESH, GEN_CHECK_PLAYED } GenCheck;

/* The guarantees (docs/RULES.md R-GUAR) kept on a floor as long as it exists: the map's edge is
 * wall; the arrival point is open floor; floor 0 has one Stairs (Up), floor 13 one Stairs
 * (Down), the others one of each; every open cell is reachable from the arrival point (doors
 * counted open) and the Stairs (Up) without passing a locked door; no Key behind a locked
 * door; no entity in a wall; no two solid entities, and no two items, on one cell; every door
 * in a doorway; every mouse on a floor its kind lives on; the way up crosses no hidden door on
 * floors 0..3 and at most one higher up. GEN_CHECK_FRESH adds that no mouse is near the arrival
 * point and that floors 4, 7 and 10 hold a Floor Plan in reach. False with one line in why ("floor
 * 4: ...") naming the first broken one; why may be NULL. */
bool gen_floor_check(const Floor *floor, const KindTable *kinds, GenCheck when, char *why,
                     size_t why_size);

/* How good a piece of alcove loot is, by its kind's loot tier: 0 a Health Pack, 1 a Crowbar or
 * Biker Jacket, 2 a Microchip, 3 a Stun Baton or Bulletproof Vest; -1 for a kind that is never
 * loot (a Key). Behind a lock the better of two rolls is kept by this rank. */
int gen_loot_tier(const KindTable *kinds, KindId kind);

/* The first floor a kind of mouse lives on (docs/RULES.md R-MOUSE-1; the Mouse King: MAX_FLOORS),
 * or -1 for a kind that is no mouse. */
int gen_monster_first_floor(const KindTable *kinds, KindId kind);

/* The floor's character at (x, y) in the ASCII legend of docs/ARCHITECTURE.md. */
char gen_cell_char(const Floor *floor, int x, int y);
/* Writes the floor as height rows of width characters, each ending in '\n', plus a NUL.
 * Needs (width + 1) * height + 1 bytes; returns false if buf is too small. */
bool gen_floor_to_ascii(const Floor *floor, char *buf, size_t size);

#endif

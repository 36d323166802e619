/* The floor generator: runs the generation steps of SPEC.md in order on one floor. */
#ifndef MK_GEN_H
#define MK_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/factory.h"
#include "core/floor.h"

/* Bumped whenever a change alters any generated floor; the golden hashes in tests/ go with it. */
#define DUNGEON_VERSION 2

/* What one floor's generation made; gen --stats sums these over many seeds. */
typedef struct GenStats {
    int retries; /* layouts thrown away because a step or a guarantee failed */
    int rooms;
    int corridors;       /* room-to-room corridors, the chain and the extra ones */
    int loops;           /* extra corridors, each closing a loop */
    int dead_ends;       /* side passages dug */
    int alcoves;
    int room_doors;      /* doors where a corridor enters a room, hidden ones included */
    int hidden_doors;
    int alcove_doors;    /* doors at the mouths of alcove passages, locked ones included */
    int locked_doors;
    int alcove_items;    /* alcoves that got an item */
    int loose_items;
    int monsters;
    int open_cells;      /* floor cells */
    int cells;           /* all cells */
} GenStats;

/* Generates floor `number` (0..MAX_FLOORS) from its own seed into `floor`, which this call
 * initialises. False only if no valid layout came out of the bounded retries or memory ran
 * out; the reason is in factory->error then. stats may be NULL. */
bool gen_floor(Floor *floor, int number, uint64_t seed, EntityFactory *factory, GenStats *stats);

/* The floor's character at (x, y) in the ASCII legend of DESIGN.md. */
char gen_cell_char(const Floor *floor, int x, int y);
/* Writes the floor as height rows of width characters, each ending in '\n', plus a NUL.
 * Needs (width + 1) * height + 1 bytes; returns false if buf is too small. */
bool gen_floor_to_ascii(const Floor *floor, char *buf, size_t size);

#endif

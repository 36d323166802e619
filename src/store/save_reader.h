/* The save's reader, in four files: save_read.c (the table walker, the envelope, the game's
 * own values, the pack and the log), save_read_entity.c (entities and the player),
 * save_read_floor.c (the floors and what stands on them) and save_read_memory.c (what the
 * player remembers, the floors' counts). Internal to them. */
#ifndef MK_SAVE_READER_H
#define MK_SAVE_READER_H

#include <stdbool.h>

#include "core/jread.h"
#include "game/game.h"
#include "store/save_format.h"

typedef struct SaveReader {
    JRead json;
    uint32_t next_id;         /* every entity id read is below it */
    long long vars[SV_COUNT]; /* the bounds known once the game's values are read */
} SaveReader;

/* Bounds for numbers the game keeps no limit of its own for (log repeats, a stuck count);
 * the rest read game/limits.h and the rules. */
enum { SAVE_STAT_MAX = 1000000, SAVE_COUNT_MAX = 1000000000 };

/* One entity made by the factory from its name, then given the fields of its kind's table;
 * NULL (with the error set) on any bad value. The caller owns it. in_pack: it must be an
 * item. */
Entity *save_read_entity(SaveReader *r, Game *game, const cJSON *o, const char *at, bool in_pack);

/* The "player" member into game->player. */
void save_read_player(SaveReader *r, Game *game, const cJSON *root);

/* Every id is given once (ids tell entities apart, a mouse coming into view). */
void save_check_ids(SaveReader *r, const Game *game);

/* The "floors" member: each floor into game->floors (game_free frees them), the player placed
 * on the current one; then that current and deepest agree with the floors given. */
void save_read_floors(SaveReader *r, Game *game, const cJSON *root);

/* A floor's "memory" (after its cells, when given) into f's marks. */
void save_read_memory(SaveReader *r, const Game *game, const cJSON *o, const char *at, Floor *f);

/* "floor_stats" (when given), once the floors are read: a count only on a floor visited, and
 * they add up to no more than the game's turn, kills and items picked up. */
void save_read_floor_stats(SaveReader *r, Game *game, const cJSON *root);

#endif

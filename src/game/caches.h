/* What the game derives from its state to answer quickly: what the player sees, the map of
 * what the player knows for travel and exploring, its unexplored edge, and the scratch buffers
 * of the searches. None of it is saved or hashed; a loaded game builds it again. Every change
 * to the state that a cache depends on goes through game_caches_invalidate, the only place
 * that marks them stale, so a door or a floor cannot change behind a cache's back. */
#ifndef MK_CACHES_H
#define MK_CACHES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/path.h"

/* What changed in the state, as game_caches_invalidate is told. */
typedef enum CacheChange {
    CACHE_PLAYER_MOVED = 1u << 0,  /* a step or a bump: sight is due at the turn's end */
    CACHE_SEEN_MORE = 1u << 1,     /* new cells in the floor's memory */
    CACHE_DOOR_CHANGED = 1u << 2,  /* a door opened, was unlocked or was found */
    CACHE_FLOOR_CHANGED = 1u << 3, /* another floor, or a state written from outside */
    CACHE_ALL = CACHE_PLAYER_MOVED | CACHE_SEEN_MORE | CACHE_DOOR_CHANGED | CACHE_FLOOR_CHANGED
} CacheChange;

typedef struct GameCaches {
    uint8_t *visible;  /* cells the player sees now on the current floor (MAP_WIDTH * MAP_HEIGHT) */
    uint8_t *in_line;  /* cells in the player's line of sight at any distance: a mouse sees the
                          player exactly when the player's cell is in its sight range and its
                          own cell is here (sight is symmetric) */
    uint8_t *opaque;   /* the current floor's sight map */
    bool opaque_stale; /* a door or the floor changed since opaque was built */
    bool sight_due;    /* something that changes what the player sees happened */
    int16_t *known_base; /* what the player knows is passable, without the mice */
    bool known_stale;    /* what the player knows changed since known_base was built */
    PathCell *goals;     /* the unexplored edge, kept while known_base stays the same */
    int frontier_count;  /* cells in goals, or -1 when they must be found again */
    int16_t *walk_base;  /* the floor as the mice walk it, without the mice (walk costs) */
    bool walk_stale;     /* a door or the floor changed since walk_base was built */
    uint32_t knowledge;  /* counts the changes to what the player knows, for front ends that
                            keep something derived from it (game_knowledge) */
    /* Scratch, good for one search. */
    uint8_t *marked;      /* one byte per cell */
    int16_t *costs;       /* one cost grid */
    int32_t *dist;        /* a Dijkstra map */
    PathCell *item_goals; /* items and mice to walk to (MAP_WIDTH * MAP_HEIGHT) */
    int32_t *flee;        /* the mice's turn: walking distance from the player (mouse_flee_map) */
    bool flee_fresh;      /* flee was made this turn of the mice */
    /* The last map toward goals that exploring made (travel.c), with what it was made from:
     * the costs, the goals and the cell it stopped at (kept_count -1: none). */
    int32_t *kept_dist;
    int16_t *kept_costs;
    PathCell *kept_goals;
    int kept_count, kept_from;
    /* The same for travel's last map, toward its one cell: on a turn exploring finds nothing
     * to do the bot travels, and one kept map would be made again by each in turn. */
    int32_t *trip_dist;
    int16_t *trip_costs;
    PathCell trip_goals[1];
    int trip_count, trip_from;
    int marked_mice; /* the mice's turn: how many are marked by Pheromone (R-VIAL-8) */
    PathFinder paths;
} GameCaches;

/* Allocates every buffer, all stale; false when out of memory (then free with
 * game_caches_free, which takes a part-built one too). */
bool game_caches_init(GameCaches *caches);
void game_caches_free(GameCaches *caches);

struct Game;

/* The one place that marks caches stale: called by whatever changes the state they are built
 * from (game_set_door, game_touch, game_change_floor, game_player_move, the sight update). */
void game_caches_invalidate(struct Game *game, CacheChange what);

/* Computes what the player sees now and adds it to the floor's memory (state). */
void game_caches_update_sight(struct Game *game);

/* game_caches_update_sight when something has made it due since it last ran. */
void game_caches_settle_sight(struct Game *game);

/* What the player knows is passable on the current floor, without the mice (PATH_BLOCKED,
 * or a cost with PATH_NO_DIAGONAL at doorways); built again when stale. */
const int16_t *game_caches_known_base(struct Game *game);

/* How the mice walk a floor (R-MOUSE-4), as a cost grid for path.h (width * height):
 * walls and stairs PATH_BLOCKED, locked and hidden doors too, a closed door GAME_COST_DOOR,
 * doorways marked PATH_NO_DIAGONAL (game_walk_costs, caches.c); then each mouse's open cell
 * GAME_COST_MOUSE, keeping its mark (game_walk_add_mice, ai.c). The bench builds its maps
 * with the same two, so what it times is what the mice walk. */
enum {
    GAME_COST_DOOR = 20, /* a closed door: one turn to open it, and a detour is often as quick */
    GAME_COST_MOUSE = 30 /* another mouse: it will probably have moved on; go round if cheap */
};
struct Floor;
void game_walk_costs(const struct Floor *floor, int16_t *costs);
void game_walk_add_mice(const struct Floor *floor, int16_t *costs);

/* The current floor's game_walk_costs, built again when a door or the floor changed. The
 * mice's turn copies it and puts the mice on top (ai.c), instead of going over every cell of
 * the map each turn. */
const int16_t *game_caches_walk_base(struct Game *game);

/* Every unseen cell next to one known to be passable, into *goals; their count. Kept until
 * what the player knows changes. */
int game_caches_frontier(struct Game *game, const PathCell **goals);

/* True when every cache that claims to be current matches a computation from the state now;
 * otherwise false with one line in err naming the first that does not. For the tests: a
 * forgotten invalidation shows up here. */
bool game_caches_check(const struct Game *game, char *err, size_t err_size);

#endif

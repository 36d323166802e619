/* A game in progress: the seeds, the floors visited so far, the player, the inventory and the
 * log. Front ends read it and change it only through game_apply; what is derived from it
 * (sight, travel paths) they ask for through the functions below, never from game->caches. */
#ifndef MK_GAME_H
#define MK_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "core/factory.h"
#include "core/floor.h"
#include "core/msglog.h"
#include "core/path.h"
#include "core/rng.h"
#include "core/seeds.h"
#include "entities/entities.h"
#include "game/caches.h"
#include "game/command.h"
#include "game/limits.h"
#include "game/rules.h"
#include "game/vials.h"

/* What the last game_apply did that a front end may want to show, sound or react to. */
enum GameEvent {
    GAME_EVENT_FLOOR_CHANGED = 1u << 0, /* blank the screen for a moment */
    GAME_EVENT_BLOCKED = 1u << 1,       /* the move went nowhere: stop repeating it */
    GAME_EVENT_STOPPED = 1u << 2,       /* travel or exploring ended */
    GAME_EVENT_ATTACK = 1u << 3,        /* the player swung at a mouse */
    GAME_EVENT_HIT = 1u << 4,           /* ... and hit it */
    GAME_EVENT_KILL = 1u << 5,
    GAME_EVENT_HURT = 1u << 6, /* a mouse hit the player */
    GAME_EVENT_LEVEL_UP = 1u << 7,
    GAME_EVENT_PICKUP = 1u << 8,
    GAME_EVENT_DOOR_OPENED = 1u << 9,
    GAME_EVENT_UNLOCKED = 1u << 10,
    GAME_EVENT_LOCKED = 1u << 11, /* bumped a locked door without a Key */
    GAME_EVENT_FOUND = 1u << 12,  /* a hidden door turned up */
    GAME_EVENT_SEARCHED = 1u << 13,
    GAME_EVENT_EQUIPPED = 1u << 14,
    GAME_EVENT_HEALED = 1u << 15,
    GAME_EVENT_DIED = 1u << 16,
    GAME_EVENT_WON = 1u << 17,
    GAME_EVENT_STEP = 1u << 18,
    GAME_EVENT_HEARD = 1u << 19, /* a noise out of sight, within player.hearing */
    GAME_EVENT_SEEN = 1u << 20,  /* something changed in view: a mouse opened a door there */
    GAME_EVENT_DOOR_CLOSED = 1u << 21
};

typedef enum GameOutcome { GAME_PLAYING, GAME_DIED, GAME_WON } GameOutcome;

/* Something of many turns started by one command, one turn per CMD_CONTINUE: a walk, a rest
 * or a long search. */
typedef enum Activity {
    ACTIVITY_NONE,
    ACTIVITY_TRAVEL,
    ACTIVITY_EXPLORE,
    ACTIVITY_REST,
    ACTIVITY_SEARCH
} Activity;

typedef struct GameCounters {
    int kills, doors_opened, keys_used, hidden_found, items_picked;
    int doors_closed;            /* by the player (saved only when not 0) */
    int kills_by_kind[KIND_MAX]; /* by KindId; they add up to kills (game_check_counts) */
} GameCounters;

/* What happened on one floor, for the run summary and the morgue file. */
typedef struct FloorStats {
    uint32_t turns; /* turns the player spent on it */
    int kills, items_found;
} FloorStats;

typedef struct Game {
    GameSeeds seeds;
    const Rules *rules;
    Rng rng_play;     /* everything that changes the game */
    Rng rng_cosmetic; /* looks only; never read by the rules */
    EntityFactory factory;
    Floor *floors[FLOOR_COUNT]; /* NULL until first visited; kept as left afterwards */
    int current;
    int deepest;
    Entity *player;
    Entity *inventory[RULES_INVENTORY_CAP]; /* by letter (0 = 'a'), NULL where empty: an item
                                               keeps its letter while carried, so a remembered
                                               letter never hits another item; a new item takes
                                               the lowest free one. Owned by the game. */
    int inventory_count;                    /* items in the pack (its letters in use) */
    Entity *equipped[SLOT_COUNT];           /* worn items, each also in the inventory */
    MessageLog log;
    uint32_t turn;
    uint64_t commands;   /* game_apply calls so far, each counted whether or not it took a turn:
                            how many commands of the game's recording this state holds */
    bool commands_known; /* false for a game loaded from a save made before "commands" */
    uint32_t events;     /* GameEvent bits of the last game_apply */
    GameOutcome outcome;
    char killed_by[32]; /* the mouse that ended the game */
    GameCounters counters;
    FloorStats floor_stats[FLOOR_COUNT];
    uint64_t played_ms; /* time played, kept by the front end (the engine reads no clock) */
    int search_streak;  /* searches in a row, for the thorough fifth */
    Activity activity;
    int travel_x, travel_y;
    int last_dx, last_dy; /* the direction of the player's last step or bump */
    VialState vials;      /* the vials' colours, which are known, the timed states */
    GameCaches caches;    /* derived from the fields above: neither saved nor hashed */
    char error[FACTORY_ERROR_MAX];
} Game;

/* A new game of `seed` on floor 0 with these rules (kept by pointer: they must outlive the
 * game). False with game->error set if it could not be built. */
bool game_init(Game *game, uint64_t seed, const Rules *rules);
void game_free(Game *game);

static inline Floor *game_floor(Game *game)
{
    return game->floors[game->current];
}

/* Carries out one player command, then the mice act. Returns true when it took a turn. Every
 * call counts in game->commands, one that changes nothing too (the recording replays it). */
bool game_apply(Game *game, const Command *cmd);

/* Says "You see a Neo Mouse." (or "You see the Mouse King!") for each mouse in view that the
 * player has never seen, and marks it seen (EF_SEEN, kept in the save). game_apply calls it
 * after every turn; it changes nothing the rules read. */
void game_notice_mice(Game *game);

static inline bool game_cell_visible(const Game *game, int x, int y)
{
    const Map *m = &game->floors[game->current]->map;
    return map_in_bounds(m, x, y) && game->caches.visible[y * m->width + x];
}

/* What the player sees now, one byte a cell of the current floor (nonzero: in view). */
static inline const uint8_t *game_visible_cells(const Game *game)
{
    return game->caches.visible;
}

/* Changes whenever what the player knows may have (cells seen, a door, another floor): a
 * front end may keep what game_travel_path gave until this or the turn changes. */
static inline uint32_t game_knowledge(const Game *game)
{
    return game->caches.knowledge;
}

/* Moves the player to floor `number`, generating it on the first visit, beside the stairs
 * that lead back to where the player came from. False (game->error set) on failure, with
 * the player left where they were. */
bool game_change_floor(Game *game, int number);

/* The player's numbers with the worn gear counted in. */
typedef struct Fighter {
    int attack_min, attack_max, defence, hit, dodge;
} Fighter;
Fighter game_fighter(const Game *game, const Entity *who);
/* The player's sight with what is worn (R-GEAR-1): her own, plus each worn piece's kind's
 * sight, at least 1. */
int game_player_sight(const Game *game);
/* What an item adds to sight while worn (its kind's "sight"); 0 for most. */
int game_item_sight(const Game *game, const Entity *item);

/* The chance in percent that `attacker` hits `target` (the combat rule of the help screen). */
int game_hit_chance(const Fighter *attacker, const Fighter *target);

/* XP needed for the next level, or -1 at the top. */
int game_next_level_xp(const Game *game);

/* The run summary as plain text, one fact a line ('\n' after each): how the game ended (or
 * that it goes on), floor and turn, level and XP, score, the mice killed by kind, items,
 * Keys, hidden doors, the seed, the time played and the game's version. Cut to fit `size`
 * (always NUL-terminated when size > 0). Returns the length it needed (as snprintf). */
size_t game_summary_text(const Game *g, char *out, size_t size);

/* Score so far: XP, deepest floor, kills, and the victory bonus once won; in 64 bits, at most
 * GAME_SCORE_MAX (game/limits.h). */
int64_t game_score(const Game *game);

/* The cost of walking from the player to every cell by what the player knows (seen cells,
 * doors at the cost of opening, never locked doors, stairs or mice in view); PATH_UNREACHED
 * elsewhere. For the bot and for showing a travel path. */
void game_known_distances(Game *game, int32_t *dist);

/* The stairs up (dir +1) or down (dir -1) of the current floor if the player has seen them,
 * else NULL. */
const Entity *game_known_stairs(const Game *game, int dir);

/* The cells a travel to (tx, ty) would walk now, by what the player knows, into out (at
 * most max); 0 when there is no known way (or the player is there). For showing the path
 * under the mouse before a click. */
int game_travel_path(Game *game, int tx, int ty, PathCell *out, int max);

/* --- used between the game's own files ----------------------------------------------- */

/* Everything derived from the game state is stale: the sight map, the map of what the player
 * knows and its unexplored edge are rebuilt when next needed, and sight is computed now. For
 * a state written from outside the turn loop (a loaded save, a test's map), so play goes on as
 * it would have. */
void game_rebuild_derived(Game *game);

/* Sets a door's state; what the player sees and knows is built again. Every change of a door
 * in the game goes through here or game_touch. */
void game_set_door(Game *game, Entity *door, DoorState state);
/* `actor` bumps `thing` (its on_touch, if any); a door that changes by it counts as in
 * game_set_door. */
TouchResult game_touch(Game *game, Entity *thing, Entity *actor);

/* What entity callbacks may touch on the current floor (the log says what happens in view). */
struct World game_world(Game *game);
/* Resolves one attack, logs it, and removes a mouse that dies (a dead King wins). */
void game_attack(Game *game, Entity *attacker, Entity *target);
/* Something out of sight at (x, y) made a noise ("a door open"): within player.hearing the log
 * says "You hear a door open, to the east." and a rest or long search stops. */
void game_noise(Game *game, int x, int y, const char *what);
/* Adds XP to the player and applies any level-ups. */
void game_gain_xp(Game *game, int xp);
/* Picks up whatever item lies under the player. */
void game_pick_up(Game *game);
/* A specimen locker's cage (R-LOCKER-4, R-LOCKER-5, game/cages.c): whether a shut cage stands at
 * (x, y), saying "The cage is shut." when one does; and, for an item just picked up, that any
 * other open cage of the floor snaps shut. */
bool game_cage_shut_at(Game *game, int x, int y);
void game_cage_taken(Game *game, Entity *item);
/* The pack commands, by letter: on an empty letter they do nothing and take no turn. */
bool game_use_item(Game *game, int letter);
bool game_equip_item(Game *game, int letter);
bool game_drop_item(Game *game, int letter);
/* CMD_CLOSE (game/close.c): closes the open door at (dx, dy), or with (0, 0) the only one
 * the player reaches; refused with a line why and no turn when there is none there, when
 * (0, 0) finds two or more, or when something is in the doorway. */
bool game_close_door(Game *game, int dx, int dy);
/* How many open doors the player could close now; the first one's direction in (dx, dy). */
int game_doors_to_close(Game *game, int *dx, int *dy);
/* One search: each hidden door beside the player may turn up; the thorough one finds more. */
bool game_search(Game *game);
/* CMD_REST: refused (no turn, a message why) at full HP, without regeneration or with a mouse
 * in view; otherwise the first turn of rest. */
bool game_rest_start(Game *game);
/* The mice on the current floor take their turns. */
void game_monsters_act(Game *game);
/* Adds a new entity of the kind, made whole by the factory for that floor. */
Entity *game_spawn(Game *game, Floor *floor, KindId kind, int x, int y);
/* One step of travel or exploring. True when it took a turn. */
bool game_travel_step(Game *game);
bool game_explore_step(Game *game);
/* CMD_EXPLORE: says once which sleeping mice in view it walks on past, then the first step. */
bool game_explore_start(Game *game);
/* Carries out a player's step or bump (the heart of CMD_MOVE). */
bool game_player_move(Game *game, int dx, int dy);
/* The letter (pack slot, 0 = 'a') of the first item of that kind the player carries, or -1. */
int game_find_item(const Game *game, KindId kind);
/* Uses up one item of the stack (or the charge of a tool) under `letter`: the last one leaves
 * the pack and is freed. */
void game_use_one(Game *game, int letter);
/* A tool or a thrown vial hurts `mouse` by `damage` (R-TOOL): sleep and eating end, and a
 * mouse killed counts as the player's kill. `how` begins the message ("The Acid burns"). */
void game_hurt_mouse(Game *game, Entity *mouse, int damage, const char *how);
/* Takes the item of `letter` out of the pack (unequipping it), leaving its letter empty; the
 * caller owns it after. */
Entity *game_take_item(Game *game, int letter);
/* Puts an item under the lowest free letter the rules allow and returns it, or -1 when the
 * pack is full (the caller keeps the item). */
int game_pack_add(Game *game, Entity *item);

/* The item under `letter` (0 = 'a'), or NULL for an empty letter or one out of range. */
static inline Entity *game_pack_item(const Game *game, int letter)
{
    return letter >= 0 && letter < RULES_INVENTORY_CAP ? game->inventory[letter] : NULL;
}

#endif

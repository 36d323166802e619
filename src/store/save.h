/* The game in progress as a file: every floor visited, the player, the pack, the log and the
 * random streams, so that a loaded game plays on exactly as it would have without the save.
 *
 * The file is JSON, written with cJSON in one line (no whitespace), members in this order (each
 * object is one table of fields in save.c, see save_format.h, that the writer and the reader
 * both walk: the tables are this layout in code):
 *   {"format":3,"dungeon_version":2,       format 1 (read too) had no nulls in "inventory";
 *          format 2 (read too) had no "floor_stats", "memory" or "in_view"
 *    "seed":"12345","floor_seeds":["...", x14],      64-bit values are decimal strings
 *    "turn":N,"commands":"N","current":F,   "commands": game_apply calls so far (the
 *          recording's commands this state holds); left out by saves made before it, which
 *          load with commands_known false; never fewer than "turn", at most 10^15
 *    "deepest":F,"outcome":"playing|died|won","killed_by":"",
 *    "counters":{"kills":..,"doors_opened":..,"keys_used":..,"hidden_found":..,"items_picked":..,
 *                "doors_closed":..,   only when not 0 (saves made before closing lack it)
 *                "by_kind":{"Neo Mouse":N,...}},   kills by kind of mouse, only kinds killed
 *    "played_ms":N,                    time played in milliseconds
 *    "floor_stats":[[TURNS,KILLS,ITEMS] x14],  by floor: turns spent, kills, items found;
 *          zeros on floors not visited; none in format 2 (all zero)
 *          (by_kind and played_ms were added later: a save without them loads with zeros;
 *          by_kind adds up to kills, and every counter is one the floors visited allow:
 *          game_check_counts in invariants.h)
 *    "search_streak":N,"activity":"none|travel|explore","travel_x":X,"travel_y":Y,
 *    "last_dx":-1..1,"last_dy":-1..1,"next_id":N,
 *    "rng":{"play":{"state":"..","inc":".."},"cosmetic":{"state":"..","inc":".."}},
 *    "vials_known":0..63,"adrenaline":0..10,"adrenaline_spare":0|1,"radar":0..40,
 *          each only when not 0 (game/vials.h): the vial kinds known, the timed states
 *    "player":{"id":..,"x":..,"y":..,"facing":-1|1,"stats":{STATS}},
 *    "inventory":[ITEM|null...],   by letter: entry 0 is the item under 'a', null a free
 *          letter; no more entries than the last item's letter + 1
 *    "equipped":{"weapon":I,"armour":I,"chip":I},  the worn item's letter (its index), or -1
 *    "log":{"total":N,"entries":[{"turn":T,"repeats":R,"text":"..","tone":TONE}...]},
 *          oldest first; TONE "hurt|hit|level|find|king|warn|floor", left out for a plain
 *          message (saves made before tones have none: all plain)
 *    "floors":[{"number":F,"width":80,"height":50,"rows":[ROW x50],"seen":[ROW x50],
 *               "rooms":[[x,y,w,h]...],"arrival":[x,y],"player_at":K,"entities":[ENTITY...],
 *               "memory":{"items":[{"id","name","x","y", "set":true for a set trap}...],
 *                         "mice":[{"id","name","x","y","turn", "in_view":true}...]}}],
 *          memory (game/memory.h): the items remembered where last seen, and the mice seen
 *          lately, where and on which turn last seen ("in_view" while in sight); none in
 *          format 2 (nothing remembered)
 *    "checksum":"0123456789abcdef"}
 * ROW in "rows": one character per cell, tile and zone together: wall '#' (no zone) or
 * 'R' 'C' 'P' 'A' (a wall in a room, corridor, passage, alcove zone); floor ',' (no zone),
 * '.' room, '=' corridor, '-' passage, 'a' alcove. ROW in "seen": '0' or '1' per cell.
 * ENTITY: {"name":FACTORY NAME,"id":N,"x":..,"y":.., then by kind:
 *   mouse: "facing","stats":{STATS},"mind":{"state":"dormant|hunting|searching|wandering",
 *          "target_x","target_y","energy","summon_timer","stuck","ready_turn", and the turns
 *          left of each temporary state (R-TOOL), each left out when 0: "eating","held",
 *          "dazed","asleep","scrambled","repelled","hasted","slowed","marked"}, "seen":true once
 * the player has seen it (left out before: saves made before it load as never seen), and
 * "in_view":TURN+1 while in the player's view, from the turn it came into view (left out out of
 * view, and in format 2); item:
 * "item":{"slot":"none|weapon|armour|chip","attack","defence","hit","dodge","heal", "floor", and
 * "count" for a stack or a tool's charges, left out when 0}, and "carried":true once it was picked
 * up; "caged":true in a specimen locker's cage, "cage_shut":true once that cage snapped shut,
 * "set":true for a Spring Trap set on the floor (each left out when not); door:
 * "door":"closed|open|locked|hidden" (its name goes with its state);  stairs: nothing} STATS:
 * {"hp","max_hp","attack_min","attack_max","defence","hit","dodge","sight","speed", "xp","level"}.
 * Entities are listed in their list order (the order mice act in); the player stands in the
 * current floor's list before entities[player_at]. Everything derived (what is visible, the
 * sight and path caches) is not saved: it is rebuilt on load.
 *
 * The checksum: FNV-1a 64 (offset basis 0xcbf29ce484222325, prime 0x100000001b3) of the file's
 * bytes up to, not including, the `,"checksum":` member that ends the file, followed by one
 * `}` byte; i.e. of the document exactly as it would read without its checksum. Written as 16
 * lowercase hex digits. The file ends with the `}` after it: nothing may follow. */
#ifndef MK_SAVE_H
#define MK_SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/game.h"

enum {
    SAVE_FORMAT = 3, /* bumped when the file's layout changes (2: the pack by
                        letter, with nulls; 3: the floors' memory, "in_view" and
                        "floor_stats"); 1 and 2 are still read */
    SAVE_FORMAT_OLDEST = 1,
    SAVE_FILE_MAX = 8 * 1024 * 1024, /* bytes: a larger file is damaged */
    SAVE_FLOOR_ENTITIES_MAX = 1000,  /* entities on one floor */
    SAVE_ERROR_MAX = 256
};

/* The whole game as the file's text (malloc'd, NUL-terminated), or NULL when out of memory. */
char *save_to_json(const Game *game);

/* Builds a complete game in *out from the file's text, or nothing: on failure *out is left
 * zeroed (nothing to free) and err gets one line naming the field and what is wrong with it
 * ("floors[3].entities[12].x: 91 is outside the map (0..79)"), without a file name. Every
 * value is checked before the game uses it: the format (a newer one is "made by a newer
 * version"), the dungeon version, the checksum, types, ranges, names known to the factory,
 * cells inside the map, no two solid entities on one cell; then the game they make must keep
 * every rule of game_check_invariants (the message then begins "impossible: "), so that a
 * checksum made right by hand cannot bring in a game the game could never reach. `rules` must
 * outlive the game. */
bool save_from_json(Game *out, const char *text, size_t len, const Rules *rules, char *err,
                    size_t err_size);

/* Writes the save through userfile_write (temp file, fsync, the previous save kept as
 * path.bak, rename). False with one line in err naming the file; a game that breaks one of
 * game_check_invariants is not written at all, so the last good save stays. */
bool save_write(const Game *game, const char *path, char *err, size_t err_size);

typedef enum SaveLoad {
    SAVE_LOAD_OK,
    SAVE_LOAD_MISSING,   /* no save: start a new game (err empty) */
    SAVE_LOAD_DAMAGED,   /* too large, not JSON, a bad value, a newer format: err says which */
    SAVE_LOAD_UNREADABLE /* permissions, I/O: the file may be fine */
} SaveLoad;

/* Reads and builds the game. Anything but SAVE_LOAD_OK leaves *out zeroed, with err naming the
 * file and the problem. The file is never moved or deleted here. */
SaveLoad save_load(Game *out, const char *path, const Rules *rules, char *err, size_t err_size);

/* save_load, and a damaged save is moved aside (userfile_move_aside, never deleted) so the
 * next save starts afresh. msg gets one line for the title screen and stderr (the problem and
 * where the file went) when the result is DAMAGED or UNREADABLE; empty otherwise. */
SaveLoad save_load_or_set_aside(Game *out, const char *path, const Rules *rules, char *msg,
                                size_t msg_size);

/* What a save holds, for the title screen to describe a choice between saves. */
typedef struct SaveInfo {
    uint64_t seed;
    uint32_t turn;
    int floor;
    long long saved_at; /* the file's modification time, seconds since 1970 */
} SaveInfo;

/* The facts of a loaded game and its file (saved_at 0 when the file cannot be looked at). */
SaveInfo save_info_of(const Game *game, const char *path);

enum { SAVE_PATH_MAX = 1200 };

/* A save to offer on the title when save.json cannot be continued, or when a crash left a
 * newer one: `path.tmp`, complete and synced but never renamed because the game stopped
 * first, or `path.bak`, the save before the last. */
typedef struct SaveRecovery {
    char path[SAVE_PATH_MAX];
    bool from_crash; /* path.tmp; else path.bak */
    SaveInfo info;
} SaveRecovery;

/* Looks for a save worth offering beside `path`. `main` describes the game `path` holds when
 * it loaded and is being played, or is NULL when it is missing, damaged, unreadable or over.
 * A candidate must load whole (every check of save_from_json) with its game still being
 * played. With no main, the newer of path.tmp and path.bak is offered; with one, only a
 * path.tmp written after it (a crash between the write and the rename). Reads only: nothing
 * is moved or written. */
bool save_find_recovery(const char *path, const Rules *rules, const SaveInfo *main,
                        SaveRecovery *out);

/* What the title offers from the user folder at start. */
typedef struct SaveStart {
    bool continue_main; /* the game given holds save.json's game, still being played */
    bool has_recovery;  /* a save to fall back on is offered: */
    SaveRecovery recovery;
    char notice[SAVE_PATH_MAX * 2 + 600]; /* why save.json cannot be continued, and where it went */
    char offer[400]; /* what the save on offer is, how far back it goes, and how to play it */
} SaveStart;

/* At start: loads save.json (`path`) into *game when its game can be continued; otherwise
 * *game is left zeroed and out->notice says why. With may_write, a damaged save is moved aside
 * (`.damaged-DATE`) and a game that is already over (its save was not deleted at its end) too
 * (`.ended-DATE`). Then looks for a save to offer with save_find_recovery, except beside an
 * ended game (its backup is the floor before a death). Never writes over any save: choosing is
 * the player's. */
void save_start(Game *game, const char *path, const Rules *rules, bool may_write, SaveStart *out);

/* Whether a save file is there (for the title's Continue). */
bool save_exists(const char *path);

/* Removes any .tmp left by a crash, the .bak, then the save (on death or victory). Files that
 * are not there are fine; false with one line in err if one could not be removed. */
bool save_delete(const char *path, char *err, size_t err_size);

#endif

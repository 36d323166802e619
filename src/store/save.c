/* The save's files (written and read through core/userfile) and what the writer and the reader
 * share: the tables of fields (save_format.h), the names, the checksum; save_write.c makes
 * the text, save_read*.c read it. */
#define _POSIX_C_SOURCE 200809L /* unlink, access */
#include "store/save.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/userfile.h"
#include "entities/entities.h"
#include "game/invariants.h"
#include "store/save_format.h"
#include "store/save_reader.h"

const char *const SAVE_OUTCOME_NAMES[] = {"playing", "died", "won", NULL};
const char *const SAVE_ACTIVITY_NAMES[] = {"none", "travel", "explore", "rest", "search", NULL};
const char *const SAVE_MIND_NAMES[] = {"dormant", "hunting",   "searching", "wandering",
                                       "fleeing", "answering", NULL};
const char *const SAVE_SLOT_NAMES[] = {"none", "weapon", "armour", "chip", NULL};
const char *const SAVE_DOOR_NAMES[] = {"none", "closed", "open", "locked", "hidden", NULL};

const char SAVE_CELL_CHARS[2][5] = {{'#', 'R', 'C', 'P', 'A'}, {',', '.', '=', '-', 'a'}};

/* ---- The tables: the file's objects, one line a field (save.h describes them). ---- */

long long save_field_value(const void *s, const SaveField *f)
{
    const char *p = (const char *)s + f->offset;
    if (f->size == 1) {
        uint8_t v;
        memcpy(&v, p, 1);
        return v;
    }
    if (f->size == 4) {
        uint32_t v;
        memcpy(&v, p, 4);
        return f->is_unsigned ? (long long)v : (long long)(int32_t)v;
    }
    int64_t v;
    memcpy(&v, p, 8);
    return v;
}

void save_field_store(void *s, const SaveField *f, long long v)
{
    char *p = (char *)s + f->offset;
    if (f->size == 1) {
        uint8_t b = (uint8_t)v;
        memcpy(p, &b, 1);
    } else if (f->size == 4) {
        uint32_t u = (uint32_t)v;
        memcpy(p, &u, 4);
    } else {
        int64_t w = v;
        memcpy(p, &w, 8);
    }
}

const SaveField *save_field_named(const SaveTable *t, const char *key)
{
    for (int i = 0; i < t->count; i++)
        if (strcmp(t->fields[i].key, key) == 0)
            return &t->fields[i];
    return NULL;
}

static void check_facing(JRead *r, const char *at, const void *s)
{
    if (((const Entity *)s)->facing == 0)
        jread_fail(r, "%s: must be -1 or 1", at);
}

static void check_odd(JRead *r, const char *at, const void *s)
{
    if (!(((const Rng *)s)->inc & 1u))
        jread_fail(r, "%s: must be odd", at);
}

static void check_killer(JRead *r, const char *at, const void *s)
{
    const Game *game = s;
    if (game->killed_by[0] && factory_kind(&game->factory, game->killed_by) == KIND_NONE)
        jread_fail(r, "%s: '%s' is not an entity this game knows", at, game->killed_by);
}

static void check_streak(JRead *r, const char *at, const void *s)
{
    const Game *game = s;
    if (game->search_streak > game->rules->search_thorough_after)
        jread_fail(r, "%s: %d is more than search.thorough_after (%d)", at, game->search_streak,
                   game->rules->search_thorough_after);
}

#define UNSIGNED(x)                                                                                \
    _Generic((x), unsigned char : 1, unsigned short : 1, unsigned int : 1, unsigned long : 1,      \
             unsigned long long : 1, bool : 1, default : 0)
#define AT(T, m)                                                                                   \
    .offset = offsetof(T, m), .size = sizeof(((T *)0)->m), .is_unsigned = UNSIGNED(((T *)0)->m)
#define INT(T, m, l, h)                                                                            \
    {                                                                                              \
        .key = #m, .type = SAVE_INT, AT(T, m), .lo = (l), .hi = (h)                                \
    }
#define COORD(T, m, size)                                                                          \
    {                                                                                              \
        .key = #m, .type = SAVE_COORD, AT(T, m), .hi = (size)-1                                    \
    }
#define ENUM(T, m, n)                                                                              \
    {                                                                                              \
        .key = #m, .type = SAVE_ENUM, AT(T, m), .names = (n)                                       \
    }
#define OBJECT(k, T, m, t)                                                                         \
    {                                                                                              \
        .key = (k), .type = SAVE_OBJECT, AT(T, m), .table = &(t)                                   \
    }
#define PART(k, p)                                                                                 \
    {                                                                                              \
        .key = (k), .type = SAVE_PART, .part = (p)                                                 \
    }
#define TABLE(name, fields) const SaveTable name = {fields, sizeof fields / sizeof *fields}

static const SaveField STATS[] = {
    {.key = "hp", .type = SAVE_INT, AT(Stats, hp), .lo_var = SV_HP_LO, .hi_key = "max_hp"},
    INT(Stats, max_hp, 1, SAVE_STAT_MAX),
    INT(Stats, attack_min, 0, SAVE_STAT_MAX),
    {.key = "attack_max",
     .type = SAVE_INT,
     AT(Stats, attack_max),
     .lo_key = "attack_min",
     .hi = SAVE_STAT_MAX},
    INT(Stats, defence, 0, SAVE_STAT_MAX),
    INT(Stats, hit, 0, 1000),
    INT(Stats, dodge, 0, 1000),
    INT(Stats, sight, 1, MAP_WIDTH + MAP_HEIGHT),
    INT(Stats, speed, 1, 100),
    INT(Stats, xp, 0, GAME_XP_MAX),
    INT(Stats, level, 1, RULES_MAX_LEVELS + 1),
};
TABLE(SAVE_STATS, STATS);

/* A mouse's temporary states (R-TOOL), each left out when 0. */
#define FX(m)                                                                                      \
    {                                                                                              \
        .key = #m, .type = SAVE_INT, AT(Mind, fx.m), .lo = 0, .hi = 1000, .when = SAVE_OMIT_ZERO   \
    }

static const SaveField MIND[] = {
    ENUM(Mind, state, SAVE_MIND_NAMES),
    COORD(Mind, target_x, MAP_WIDTH),
    COORD(Mind, target_y, MAP_HEIGHT),
    INT(Mind, energy, 0, 10000),
    INT(Mind, summon_timer, -10000, 10000),
    INT(Mind, stuck, 0, SAVE_COUNT_MAX),
    INT(Mind, ready_turn, 0, 2LL * GAME_TURN_MAX),
    FX(eating),
    FX(held),
    FX(dazed),
    FX(asleep),
    FX(scrambled),
    FX(repelled),
    FX(hasted),
    FX(slowed),
    FX(marked),
};
TABLE(SAVE_MIND, MIND);

static const SaveField ITEM[] = {
    ENUM(ItemStats, slot, SAVE_SLOT_NAMES),
    INT(ItemStats, attack, 0, 10000),
    INT(ItemStats, defence, 0, 10000),
    INT(ItemStats, hit, -1000, 1000),
    INT(ItemStats, dodge, 0, 1000),
    INT(ItemStats, heal, 0, SAVE_STAT_MAX),
    INT(ItemStats, floor, 0, MAX_FLOORS),
    {.key = "count",
     .type = SAVE_INT,
     AT(ItemStats, count),
     .lo = 0,
     .hi = 99,
     .when = SAVE_OMIT_ZERO},
};
TABLE(SAVE_ITEM, ITEM);

/* Every entity begins with its factory name, its id and its cell. */
#define ENTITY_HEAD                                                                                \
    PART("name", PART_NAME), {.key = "id", .type = SAVE_ID, AT(Entity, id)},                       \
        COORD(Entity, x, MAP_WIDTH), COORD(Entity, y, MAP_HEIGHT)
/* The turn + 1 it came into view; left out of view (and in saves before format 3). */
#define IN_VIEW                                                                                    \
    {                                                                                              \
        .key = "in_view", .type = SAVE_INT, AT(Entity, in_view_since), .lo = 1,                    \
        .hi_var = SV_TURN_NEXT, .when = SAVE_OMIT_ZERO                                             \
    }
#define FACING                                                                                     \
    {                                                                                              \
        .key = "facing", .type = SAVE_INT, AT(Entity, facing), .lo = -1, .hi = 1,                  \
        .check = check_facing                                                                      \
    }

static const SaveField MOUSE[] = {
    ENTITY_HEAD,
    FACING,
    OBJECT("stats", Entity, stats, SAVE_STATS),
    OBJECT("mind", Entity, mind, SAVE_MIND),
    IN_VIEW,
    /* Left out until seen, as saves made before it were. */
    {.key = "seen", .type = SAVE_TRUE, AT(Entity, flags), .bit = EF_SEEN},
};
TABLE(SAVE_MOUSE, MOUSE);

static const SaveField ITEM_ENTITY[] = {
    ENTITY_HEAD,
    IN_VIEW,
    OBJECT("item", Entity, item, SAVE_ITEM),
    {.key = "carried", .type = SAVE_TRUE, AT(Entity, flags), .bit = EF_CARRIED_BEFORE},
    {.key = "caged", .type = SAVE_TRUE, AT(Entity, flags), .bit = EF_CAGED},
    {.key = "cage_shut", .type = SAVE_TRUE, AT(Entity, flags), .bit = EF_CAGE_SHUT},
    {.key = "set", .type = SAVE_TRUE, AT(Entity, flags), .bit = EF_SET},
    {.key = "bait", .type = SAVE_TRUE, AT(Entity, flags), .bit = EF_BAIT},
};
TABLE(SAVE_ITEM_ENTITY, ITEM_ENTITY);

static const SaveField DOOR[] = {ENTITY_HEAD, PART("door", PART_DOOR)};
TABLE(SAVE_DOOR, DOOR);
/* Stairs, and any entity without fields of its own. */
static const SaveField STAIRS[] = {ENTITY_HEAD};
TABLE(SAVE_STAIRS, STAIRS);

const SaveTable *save_entity_table(int kind)
{
    switch ((EntityKind)kind) {
    case KIND_MONSTER: return &SAVE_MOUSE;
    case KIND_ITEM: return &SAVE_ITEM_ENTITY;
    case KIND_DOOR: return &SAVE_DOOR;
    case KIND_STAIRS:
    case KIND_PLAYER: break;
    }
    return &SAVE_STAIRS; /* the head alone */
}

static const SaveField PLAYER[] = {
    {.key = "id", .type = SAVE_ID, AT(Entity, id)},
    COORD(Entity, x, MAP_WIDTH),
    COORD(Entity, y, MAP_HEIGHT),
    FACING,
    OBJECT("stats", Entity, stats, SAVE_STATS),
};
TABLE(SAVE_PLAYER, PLAYER);

static const SaveField RNG[] = {
    {.key = "state", .type = SAVE_U64, AT(Rng, state)},
    {.key = "inc", .type = SAVE_U64, AT(Rng, inc), .check = check_odd},
};
TABLE(SAVE_RNG, RNG);

static const SaveField RNGS[] = {
    OBJECT("play", Game, rng_play, SAVE_RNG),
    OBJECT("cosmetic", Game, rng_cosmetic, SAVE_RNG),
};
TABLE(SAVE_RNGS, RNGS);

static const SaveField COUNTERS[] = {
    INT(GameCounters, kills, 0, GAME_COUNT_MAX),
    INT(GameCounters, doors_opened, 0, GAME_COUNT_MAX),
    INT(GameCounters, keys_used, 0, GAME_COUNT_MAX),
    INT(GameCounters, hidden_found, 0, GAME_COUNT_MAX),
    INT(GameCounters, items_picked, 0, GAME_COUNT_MAX),
    {.key = "doors_closed",
     .type = SAVE_INT,
     AT(GameCounters, doors_closed),
     .lo = 0,
     .hi = GAME_COUNT_MAX,
     .when = SAVE_OMIT_ZERO},      /* saves made before closing lack it */
    PART("by_kind", PART_BY_KIND), /* kills by kind of mouse, only the kinds killed */
};
TABLE(SAVE_COUNTERS, COUNTERS);

static const SaveField LOG[] = {
    INT(MessageLog, total, 0, 9007199254740991LL), PART("entries", PART_ENTRIES), /* oldest first */
};
TABLE(SAVE_LOG, LOG);

static const SaveField LOG_ENTRY[] = {
    {.key = "turn", .type = SAVE_INT, AT(LogEntry, turn), .hi_var = SV_TURN},
    INT(LogEntry, repeats, 1, SAVE_COUNT_MAX),
    {.key = "text", .type = SAVE_STRING, AT(LogEntry, text)},
    /* Left out when plain, as saves made before tones were: "plain" itself is refused. */
    {.key = "tone",
     .type = SAVE_ENUM,
     AT(LogEntry, tone),
     .names = MSGLOG_TONE_NAMES,
     .first = MSG_PLAIN + 1,
     .when = SAVE_OMIT_ZERO},
};
TABLE(SAVE_LOG_ENTRY, LOG_ENTRY);

static const SaveField FLOOR[] = {
    INT(SaveFloorHead, number, 0, MAX_FLOORS),
    INT(SaveFloorHead, width, MAP_WIDTH, MAP_WIDTH),
    INT(SaveFloorHead, height, MAP_HEIGHT, MAP_HEIGHT),
    PART("rows", PART_ROWS),
    PART("seen", PART_SEEN),
    PART("rooms", PART_ROOMS),
    PART("arrival", PART_ARRIVAL),
    PART("player_at", PART_PLAYER_AT), /* on the current floor only */
    PART("entities", PART_ENTITIES),
    PART("memory", PART_MEMORY),
};
TABLE(SAVE_FLOOR, FLOOR);

/* An item's mark is the first four fields; a mouse's all six. */
static const SaveField MARK[] = {
    {.key = "id", .type = SAVE_INT, AT(FloorMark, id), .lo = 1, .hi_var = SV_ID_LAST},
    PART("name", PART_NAME),
    COORD(FloorMark, x, MAP_WIDTH),
    COORD(FloorMark, y, MAP_HEIGHT),
    {.key = "turn", .type = SAVE_INT, AT(FloorMark, turn), .hi_var = SV_TURN},
    {.key = "in_view", .type = SAVE_TRUE, AT(FloorMark, in_view)},
};
/* An item's mark: the first four, and "set" for a trap set on the floor (left out when not). */
static const SaveField ITEM_MARK[] = {
    {.key = "id", .type = SAVE_INT, AT(FloorMark, id), .lo = 1, .hi_var = SV_ID_LAST},
    PART("name", PART_NAME),
    COORD(FloorMark, x, MAP_WIDTH),
    COORD(FloorMark, y, MAP_HEIGHT),
    {.key = "set", .type = SAVE_TRUE, AT(FloorMark, set)},
};
TABLE(SAVE_ITEM_MARK, ITEM_MARK);
TABLE(SAVE_MOUSE_MARK, MARK);

static const SaveField GAME[] = {
    PART("format", PART_FORMAT),
    PART("dungeon_version", PART_DUNGEON_VERSION),
    {.key = "seed", .type = SAVE_U64, AT(Game, seeds.game)},
    PART("floor_seeds", PART_FLOOR_SEEDS),
    INT(Game, turn, 0, GAME_TURN_MAX),
    PART("commands", PART_COMMANDS),
    INT(Game, current, 0, MAX_FLOORS),
    {.key = "deepest", .type = SAVE_INT, AT(Game, deepest), .lo_key = "current", .hi = MAX_FLOORS},
    ENUM(Game, outcome, SAVE_OUTCOME_NAMES),
    {.key = "killed_by", .type = SAVE_STRING, AT(Game, killed_by), .check = check_killer},
    OBJECT("counters", Game, counters, SAVE_COUNTERS),
    {.key = "played_ms",
     .type = SAVE_INT,
     AT(Game, played_ms),
     .hi = 9007199254740991LL,
     .when = SAVE_MAY_LACK},
    PART("floor_stats", PART_FLOOR_STATS),
    {.key = "search_streak",
     .type = SAVE_INT,
     AT(Game, search_streak),
     .hi = 1000,
     .check = check_streak},
    ENUM(Game, activity, SAVE_ACTIVITY_NAMES),
    /* Travel checks its target against the map itself. */
    INT(Game, travel_x, -10000, 10000),
    INT(Game, travel_y, -10000, 10000),
    INT(Game, last_dx, -1, 1),
    INT(Game, last_dy, -1, 1),
    {.key = "next_id", .type = SAVE_INT, AT(Game, factory.next_id), .lo = 1, .hi = UINT32_MAX},
    {.key = "rng", .type = SAVE_OBJECT, .offset = 0, .table = &SAVE_RNGS},
    /* R-VIAL-7: the vial kinds known (bits) and the player's timed states; the colours
     * come from the seed. Left out when zero, as in saves made before vials. */
    {.key = "vials_known",
     .type = SAVE_INT,
     AT(Game, vials.known),
     .hi = 63,
     .when = SAVE_OMIT_ZERO},
    {.key = "adrenaline",
     .type = SAVE_INT,
     AT(Game, vials.adrenaline),
     .hi = 10,
     .when = SAVE_OMIT_ZERO},
    {.key = "adrenaline_spare",
     .type = SAVE_INT,
     AT(Game, vials.adrenaline_spare),
     .hi = 1,
     .when = SAVE_OMIT_ZERO},
    {.key = "radar", .type = SAVE_INT, AT(Game, vials.radar), .hi = 40, .when = SAVE_OMIT_ZERO},
    PART("player", PART_PLAYER),
    PART("inventory", PART_INVENTORY),
    PART("equipped", PART_EQUIPPED),
    PART("log", PART_LOG),
    PART("floors", PART_FLOORS),
    PART("checksum", PART_CHECKSUM), /* put on the text by the writer, checked first */
};
TABLE(SAVE_GAME, GAME);

static uint64_t fnv1a(const char *data, size_t len, uint64_t h)
{
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)data[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

uint64_t save_checksum(const char *text, size_t cut)
{
    return fnv1a("}", 1, fnv1a(text, cut, 0xcbf29ce484222325ULL));
}

bool save_write(const Game *game, const char *path, char *err, size_t err_size)
{
    /* A state the loader would refuse must not replace the last good save. */
    char why[SAVE_ERROR_MAX];
    if (!game_check_invariants(game, why, sizeof why)) {
        snprintf(err, err_size, "%s: kept as it was; the game broke a rule: %s", path, why);
        return false;
    }
    return userfile_write_text(path, save_to_json(game), err, err_size);
}

SaveLoad save_load(Game *out, const char *path, const Rules *rules, char *err, size_t err_size)
{
    memset(out, 0, sizeof *out);
    size_t len;
    UserfileRead status;
    char *text = userfile_read(path, SAVE_FILE_MAX, &len, &status, err, err_size);
    if (!text) {
        if (status == USERFILE_MISSING && err_size > 0)
            err[0] = '\0';
        return status == USERFILE_MISSING     ? SAVE_LOAD_MISSING
               : status == USERFILE_TOO_LARGE ? SAVE_LOAD_DAMAGED
                                              : SAVE_LOAD_UNREADABLE;
    }
    char why[SAVE_ERROR_MAX];
    bool ok = save_from_json(out, text, len, rules, why, sizeof why);
    free(text);
    if (!ok) {
        snprintf(err, err_size, "%s: %s", path, why);
        return SAVE_LOAD_DAMAGED;
    }
    return SAVE_LOAD_OK;
}

SaveLoad save_load_or_set_aside(Game *out, const char *path, const Rules *rules, char *msg,
                                size_t msg_size)
{
    char err[SAVE_ERROR_MAX + 1024];
    SaveLoad s = save_load(out, path, rules, err, sizeof err);
    if (msg_size > 0)
        msg[0] = '\0';
    if (s == SAVE_LOAD_OK || s == SAVE_LOAD_MISSING)
        return s;
    if (s == SAVE_LOAD_UNREADABLE) {
        snprintf(msg, msg_size, "%s", err);
        return s;
    }
    userfile_set_aside(path, err, "a new game starts", msg, msg_size);
    return s;
}

bool save_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

bool save_delete(const char *path, char *err, size_t err_size)
{
    /* save.json last: until it goes, a crash leaves the game's save where it was, never a
     * backup alone that the title would offer to continue. */
    static const char *const suffixes[] = {".tmp", ".bak", ""};
    if (err_size > 0)
        err[0] = '\0';
    bool ok = true;
    for (int i = 0; i < 3; i++) {
        char name[4096];
        if (snprintf(name, sizeof name, "%s%s", path, suffixes[i]) >= (int)sizeof name) {
            snprintf(err, err_size, "%s: path too long", path);
            return false;
        }
        if (unlink(name) != 0 && errno != ENOENT && ok) {
            snprintf(err, err_size, "%s: cannot remove: %s", name, strerror(errno));
            ok = false;
        }
    }
    return ok;
}

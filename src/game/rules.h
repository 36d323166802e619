/* The game's numbers, read from data/rules.json: the player, combat, levels, the mice, the
 * items and the score. Every value is checked before the game sees it. */
#ifndef MK_RULES_H
#define MK_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "core/entity.h"
#include "core/jread.h"
#include "core/kind.h"

enum {
    RULES_MAX_LEVELS = 32,
    RULES_MAX_MONSTERS = 8,
    RULES_MAX_ITEMS = 32,
    RULES_MAX_SUMMONS = 4,
    RULES_ERROR_MAX = 256,
    RULES_INVENTORY_CAP = 26 /* one letter each */
};

typedef struct MonsterRules {
    const char *name; /* its kind's display name */
    KindId kind;
    Stats stats;
    int summon_every; /* the King: turns between calls for help; 0 = never */
    int summon_alive_max;
    const char *summons[RULES_MAX_SUMMONS];
    KindId summon_kinds[RULES_MAX_SUMMONS];
    int summon_count;
} MonsterRules;

typedef struct ItemRules {
    const char *name;
    KindId kind;
    ItemStats base; /* bonuses on floor 0 */
    int per_floors; /* every this many floors adds 1 to each bonus the item has; 0 = never */
    int heal_per_floors;
} ItemRules;

typedef struct Rules {
    Stats player;
    int min_damage;
    int regen_turns; /* one HP back every this many turns; 0 = none */
    int hearing;     /* a noise out of sight (a door opening) is heard this near; 0 = deaf */
    int level_xp[RULES_MAX_LEVELS]; /* XP needed for level 2, 3, ... */
    int level_count;
    int level_hp, level_attack, level_defence_every;
    int inventory_limit;
    int item_xp;
    int search_chance, search_thorough_after, search_thorough_radius;
    int score_per_xp, score_per_floor, score_per_kill, score_victory;
    MonsterRules monsters[RULES_MAX_MONSTERS];
    int monster_count;
    ItemRules items[RULES_MAX_ITEMS];
    int item_count;
    /* Every kind, with the numbers above: what the game's factory makes entities from. The
     * arrays above keep the file's order for rules_hash. */
    KindTable kinds;
} Rules;

/* Parses the JSON text of data/rules.json. False with err set (one line: the field and what
 * is wrong with it) on any missing, mistyped, unknown or out-of-range value. */
bool rules_parse(Rules *rules, const char *text, size_t length, char *err, size_t err_size);
/* Reads and parses a file; err names the file. */
bool rules_load(Rules *rules, const char *path, char *err, size_t err_size);

const MonsterRules *rules_monster(const Rules *rules, const char *name);
const ItemRules *rules_item(const Rules *rules, const char *name);

/* Calls visit for every number data/rules.json holds, as the reader's tables give it: its
 * place ("monsters.*.hp"), its bounds and whether it may be left out (core/jread.h). */
void rules_each_number(JNumberVisit visit, void *ctx);

/* XP needed to reach level + 1, or -1 at the top level. */
int rules_next_level_xp(const Rules *rules, int level);

#endif

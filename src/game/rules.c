#include "game/rules.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/floor.h"
#include "core/jread.h"
#include "entities/entities.h"
#include "game/behaviour.h"

/* Parsing state (core/jread.h): the first error wins and later reads are no-ops. */
typedef JRead Reader;

static const cJSON *object(Reader *r, const cJSON *parent, const char *key, const char *where)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(parent, key);
    if (!cJSON_IsObject(o))
        jread_fail(r, "%s%s: missing or not an object", where, key);
    return cJSON_IsObject(o) ? o : NULL;
}

/* An integer in lo..hi; `fallback` when absent and optional. */
static int integer(Reader *r, const cJSON *parent, const char *key, const char *where, int lo,
                   int hi, bool optional, int fallback)
{
    if (r->failed || !parent)
        return fallback;
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(parent, key);
    if (!v && optional)
        return fallback;
    if (!cJSON_IsNumber(v)) {
        jread_fail(r, "%s%s: missing or not a number", where, key);
        return fallback;
    }
    double d = v->valuedouble;
    /* The range first: converting a double outside int's range to int is undefined. */
    if (!(d >= lo && d <= hi) || d != (double)(int)d) {
        jread_fail(r, "%s%s: %g is not a whole number in %d..%d", where, key, d, lo, hi);
        return fallback;
    }
    return (int)d;
}

static void range(Reader *r, const cJSON *parent, const char *key, const char *where, int lo,
                  int hi, int *min, int *max)
{
    if (r->failed || !parent)
        return;
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(parent, key);
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2 ||
        !cJSON_IsNumber(cJSON_GetArrayItem(v, 0)) || !cJSON_IsNumber(cJSON_GetArrayItem(v, 1))) {
        jread_fail(r, "%s%s: expected [min, max]", where, key);
        return;
    }
    double a = cJSON_GetArrayItem(v, 0)->valuedouble, b = cJSON_GetArrayItem(v, 1)->valuedouble;
    if (!(lo <= a && a <= b && b <= hi) || a != (double)(int)a || b != (double)(int)b) {
        jread_fail(r, "%s%s: [%g, %g] is not a range within %d..%d", where, key, a, b, lo, hi);
        return;
    }
    *min = (int)a;
    *max = (int)b;
}

/* Every key of `o` must be in `known`: a typo in data/ is an error, not a silent default. */
static void only_keys(Reader *r, const cJSON *o, const char *where, const char *const *known)
{
    if (r->failed || !o)
        return;
    for (const cJSON *c = o->child; c; c = c->next) {
        bool ok = false;
        for (int i = 0; known[i] && !ok; i++)
            ok = c->string && strcmp(c->string, known[i]) == 0;
        if (!ok) {
            jread_fail(r, "%s%s: unknown field", where, c->string ? c->string : "?");
            return;
        }
    }
}

/* A string of 1..max characters. */
static const char *text(Reader *r, const cJSON *o, const char *key, const char *where, int max)
{
    if (r->failed || !o)
        return NULL;
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsString(v) || !v->valuestring[0]) {
        jread_fail(r, "%s%s: missing or not a string", where, key);
        return NULL;
    }
    if ((int)strlen(v->valuestring) > max) {
        jread_fail(r, "%s%s: longer than %d characters", where, key, max);
        return NULL;
    }
    return v->valuestring;
}

/* What a mouse or an item looks like: its hover text, its sprite (by its name in the atlas)
 * and its glyph in the ASCII legend. */
static void read_looks(Reader *r, const cJSON *o, const char *where, KindDef *k)
{
    const char *description = text(r, o, "description", where, KIND_TEXT_MAX - 1);
    if (description)
        memcpy(k->description, description, strlen(description) + 1);
    const char *sprite = text(r, o, "sprite", where, 64);
    if (sprite) {
        k->sprite = sprite_find(sprite);
        if (k->sprite == SPRITE_COUNT)
            jread_fail(r, "%ssprite: '%s' is not a sprite of the atlas", where, sprite);
    }
    const char *glyph = text(r, o, "glyph", where, 1);
    if (glyph && (glyph[0] <= ' ' || glyph[0] > '~'))
        jread_fail(r, "%sglyph: expected one printable character", where);
    if (glyph)
        k->glyph = glyph[0];
}

/* The flags of a mouse: "unique" (one of a kind: "the", never "a") and "boss" (killing it
 * wins; placed by its own step, never rolled). */
static void read_mouse_flags(Reader *r, const cJSON *o, const char *where, KindDef *k)
{
    k->flags = EF_SOLID;
    k->traits = 0;
    const cJSON *flags = cJSON_GetObjectItemCaseSensitive(o, "flags");
    if (r->failed || !flags)
        return;
    if (!cJSON_IsArray(flags)) {
        jread_fail(r, "%sflags: expected a list of \"unique\" and \"boss\"", where);
        return;
    }
    for (const cJSON *f = flags->child; f && !r->failed; f = f->next) {
        const char *s = cJSON_IsString(f) ? f->valuestring : "";
        if (strcmp(s, "unique") == 0)
            k->flags |= EF_UNIQUE;
        else if (strcmp(s, "boss") == 0)
            k->traits |= KT_BOSS;
        else
            jread_fail(r, "%sflags: '%s' is neither \"unique\" nor \"boss\"", where, s);
    }
}

/* How a mouse plays beyond its numbers (game/behaviour.h): {"name": "skittish", "below": 40,
 * "every": 4}. Each behaviour takes exactly the numbers it reads; without the key, it hunts. */
static void read_behaviour(Reader *r, const cJSON *o, const char *where, KindDef *k)
{
    k->behaviour = BEHAVIOUR_HUNTER;
    k->behave = (BehaviourParams){0};
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(o, "behaviour");
    if (r->failed || !b)
        return;
    char at[96];
    snprintf(at, sizeof at, "%sbehaviour.", where);
    if (!cJSON_IsObject(b)) {
        jread_fail(r, "%sbehaviour: not an object", where);
        return;
    }
    const char *name = text(r, b, "name", at, 32);
    int id = name ? behaviour_find(name) : -1;
    if (name && id < 0) {
        char known[160] = "";
        for (int i = 0; i < behaviour_count(); i++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "",
                     behaviour_get(i)->name);
        jread_fail(r, "%sname: '%s' is not a behaviour (%s)", at, name, known);
    }
    if (r->failed)
        return;
    static const struct {
        const char *key;
        unsigned bit;
        int lo, hi;
    } NUMBERS[] = {{"below", BP_BELOW, 1, 99},
                   {"every", BP_EVERY, 1, 1000},
                   {"range", BP_RANGE, 1, 40},
                   {"chance", BP_CHANCE, 1, 100}};
    const Behaviour *how = behaviour_get(id);
    const char *keys[6] = {"name"};
    int n = 1;
    int *into[] = {&k->behave.below, &k->behave.every, &k->behave.range, &k->behave.chance};
    for (int i = 0; i < 4; i++)
        if (how->params & NUMBERS[i].bit) {
            keys[n++] = NUMBERS[i].key;
            *into[i] = integer(r, b, NUMBERS[i].key, at, NUMBERS[i].lo, NUMBERS[i].hi, false, 0);
        }
    keys[n] = NULL;
    only_keys(r, b, at, keys);
    k->behaviour = id;
}

/* Where an item turns up as alcove loot; without "loot" it never does (a Key). */
static void read_loot(Reader *r, const cJSON *o, const char *where, KindDef *k)
{
    static const char *const keys[] = {"floor", "weight", "growth", "tier", NULL};
    k->loot_tier = -1;
    const cJSON *loot = cJSON_GetObjectItemCaseSensitive(o, "loot");
    if (r->failed || !loot)
        return;
    char lwhere[80];
    snprintf(lwhere, sizeof lwhere, "%sloot.", where);
    if (!cJSON_IsObject(loot)) {
        jread_fail(r, "%s: not an object", lwhere);
        return;
    }
    only_keys(r, loot, lwhere, keys);
    k->loot_floor = integer(r, loot, "floor", lwhere, 1, MAX_FLOORS, false, 1);
    k->loot_weight = integer(r, loot, "weight", lwhere, 1, 1000, false, 1);
    k->loot_growth = integer(r, loot, "growth", lwhere, 0, 1000, false, 0);
    k->loot_tier = integer(r, loot, "tier", lwhere, 0, 9, false, 0);
}

/* The kind a name under "monsters" or "items" stands for. A mouse or an item the code does not
 * know is a new ordinary kind, added to the table: data alone makes it. */
static KindId kind_of_entry(Reader *r, Rules *rules, const char *name, EntityKind family)
{
    KindId id = kind_find(&rules->kinds, name);
    if (id != KIND_NONE)
        return rules->kinds.kinds[id].family == family ? id : KIND_NONE;
    const char *section = family == KIND_MONSTER ? "monsters" : "items";
    if (strlen(name) >= KIND_NAME_MAX || rules->kinds.count == KIND_MAX) {
        jread_fail(r, "%s.%.40s: %s", section, name,
                   rules->kinds.count == KIND_MAX ? "one kind too many" : "name too long");
        return KIND_NONE;
    }
    KindDef *k = &rules->kinds.kinds[rules->kinds.count];
    *k = (KindDef){
        .family = family, .flags = family == KIND_MONSTER ? EF_SOLID : 0, .loot_tier = -1};
    memcpy(k->name, name, strlen(name) + 1);
    return rules->kinds.count++;
}

static void read_fighter(Reader *r, const cJSON *o, const char *where, Stats *s)
{
    s->hp = s->max_hp = integer(r, o, "hp", where, 1, 9999, false, 1);
    range(r, o, "attack", where, 0, 999, &s->attack_min, &s->attack_max);
    s->defence = integer(r, o, "defence", where, 0, 999, false, 0);
    s->hit = integer(r, o, "hit", where, 0, 100, false, 0);
    s->dodge = integer(r, o, "dodge", where, 0, 100, false, 0);
    s->sight = integer(r, o, "sight", where, 1, 80, false, 1);
    s->speed = integer(r, o, "speed", where, 1, 40, false, 10);
}

static void read_player(Reader *r, const cJSON *root, Rules *rules)
{
    static const char *const keys[] = {"hp",    "attack", "defence",     "hit",
                                       "dodge", "sight",  "speed",       "hearing",
                                       "glyph", "sprite", "description", NULL};
    const cJSON *o = object(r, root, "player", "");
    only_keys(r, o, "player.", keys);
    read_fighter(r, o, "player.", &rules->player);
    read_looks(r, o, "player.", &rules->kinds.kinds[KIND_ID_PLAYER]);
    rules->hearing = integer(r, o, "hearing", "player.", 0, 100, true, 0);
    rules->player.level = 1;
    rules->player.xp = 0;
}

static void read_monsters(Reader *r, const cJSON *root, Rules *rules)
{
    static const char *const keys[] = {
        "hp",     "attack", "defence", "hit",    "dodge", "sight",       "speed",     "xp",
        "summon", "floor",  "glyph",   "sprite", "flags", "description", "behaviour", NULL};
    static const char *const summon_keys[] = {"every", "alive_max", "kinds", NULL};
    const cJSON *all = object(r, root, "monsters", "");
    /* Every mouse has its kind before any is read, so a mouse may summon one given later. */
    for (const cJSON *m = all ? all->child : NULL; m && !r->failed; m = m->next)
        kind_of_entry(r, rules, m->string, KIND_MONSTER);
    for (const cJSON *m = all ? all->child : NULL; m && !r->failed; m = m->next) {
        char where[64];
        snprintf(where, sizeof where, "monsters.%.40s.", m->string);
        KindId kind = kind_find(&rules->kinds, m->string);
        const char *name =
            kind_is_mouse(&rules->kinds, kind) ? rules->kinds.kinds[kind].name : NULL;
        if (!name || rules->monster_count == RULES_MAX_MONSTERS) {
            jread_fail(r, "monsters.%.40s: %s", m->string,
                       name ? "one kind of mouse too many" : "not a mouse of this game");
            return;
        }
        if (rules_monster(rules, name)) {
            jread_fail(r, "%s: given twice", name);
            return;
        }
        if (!cJSON_IsObject(m)) {
            jread_fail(r, "%s: not an object", where);
            return;
        }
        MonsterRules *mr = &rules->monsters[rules->monster_count++];
        mr->name = name;
        mr->kind = kind;
        only_keys(r, m, where, keys);
        read_fighter(r, m, where, &mr->stats);
        mr->stats.xp = integer(r, m, "xp", where, 0, 100000, false, 0);
        mr->stats.level = 1;
        KindDef *k = &rules->kinds.kinds[kind];
        read_looks(r, m, where, k);
        read_mouse_flags(r, m, where, k);
        read_behaviour(r, m, where, k);
        k->first_floor = integer(r, m, "floor", where, 1, MAX_FLOORS, false, 1);
        const cJSON *s = cJSON_GetObjectItemCaseSensitive(m, "summon");
        if (!s)
            continue;
        char swhere[80];
        snprintf(swhere, sizeof swhere, "%ssummon.", where);
        if (!cJSON_IsObject(s)) {
            jread_fail(r, "%s: not an object", swhere);
            return;
        }
        only_keys(r, s, swhere, summon_keys);
        mr->summon_every = integer(r, s, "every", swhere, 1, 1000, false, 0);
        mr->summon_alive_max = integer(r, s, "alive_max", swhere, 1, 20, false, 0);
        const cJSON *kinds = cJSON_GetObjectItemCaseSensitive(s, "kinds");
        int n = cJSON_IsArray(kinds) ? cJSON_GetArraySize(kinds) : 0;
        if (n < 1 || n > RULES_MAX_SUMMONS) {
            jread_fail(r, "%skinds: expected 1..%d mouse names", swhere, RULES_MAX_SUMMONS);
            return;
        }
        for (int i = 0; i < n; i++) {
            const cJSON *entry = cJSON_GetArrayItem(kinds, i);
            KindId kk =
                cJSON_IsString(entry) ? kind_find(&rules->kinds, entry->valuestring) : KIND_NONE;
            if (!kind_is_mouse(&rules->kinds, kk) || kind_is_boss(&rules->kinds, kk)) {
                jread_fail(r, "%skinds: entry %d is not a mouse that can be summoned", swhere,
                           i + 1);
                return;
            }
            mr->summon_kinds[mr->summon_count] = kk;
            mr->summons[mr->summon_count++] = rules->kinds.kinds[kk].name;
        }
    }
    int bosses = 0;
    for (int i = 0; i < rules->kinds.count; i++)
        bosses += kind_is_boss(&rules->kinds, i);
    if (!r->failed && bosses != 1)
        jread_fail(r, "monsters: %d mice have the flag \"boss\"; exactly one must", bosses);
    for (int i = 0; i < kinds_builtin()->count && !r->failed; i++) {
        const KindDef *k = &kinds_builtin()->kinds[i];
        if (k->family == KIND_MONSTER && !rules_monster(rules, k->name))
            jread_fail(r, "monsters.%s: missing", k->name);
    }
}

static void read_items(Reader *r, const cJSON *root, Rules *rules)
{
    static const char *const keys[] = {"slot",  "attack",     "defence", "hit",
                                       "dodge", "per_floors", "heal",    "heal_per_floors",
                                       "glyph", "sprite",     "loot",    "description",
                                       NULL};
    const cJSON *all = object(r, root, "items", "");
    for (const cJSON *it = all ? all->child : NULL; it && !r->failed; it = it->next) {
        char where[64];
        snprintf(where, sizeof where, "items.%.40s.", it->string);
        KindId kind = kind_of_entry(r, rules, it->string, KIND_ITEM);
        const char *name = kind != KIND_NONE ? rules->kinds.kinds[kind].name : NULL;
        if (!name || rules->item_count == RULES_MAX_ITEMS) {
            jread_fail(r, "items.%.40s: %s", it->string,
                       name ? "one kind of item too many" : "not an item of this game");
            return;
        }
        if (rules_item(rules, name)) {
            jread_fail(r, "%s: given twice", name);
            return;
        }
        if (!cJSON_IsObject(it)) {
            jread_fail(r, "%s: not an object", where);
            return;
        }
        only_keys(r, it, where, keys);
        ItemRules *ir = &rules->items[rules->item_count++];
        ir->name = name;
        ir->kind = kind;
        const cJSON *slot = cJSON_GetObjectItemCaseSensitive(it, "slot");
        if (slot) {
            const char *s = cJSON_IsString(slot) ? slot->valuestring : "";
            ir->base.slot = strcmp(s, "weapon") == 0   ? SLOT_WEAPON
                            : strcmp(s, "armour") == 0 ? SLOT_ARMOUR
                            : strcmp(s, "chip") == 0   ? SLOT_CHIP
                                                       : SLOT_NONE;
            if (ir->base.slot == SLOT_NONE)
                jread_fail(r, "%sslot: expected \"weapon\", \"armour\" or \"chip\"", where);
        }
        ir->base.attack = integer(r, it, "attack", where, 0, 99, true, 0);
        ir->base.defence = integer(r, it, "defence", where, 0, 99, true, 0);
        ir->base.hit = integer(r, it, "hit", where, 0, 100, true, 0);
        ir->base.dodge = integer(r, it, "dodge", where, 0, 100, true, 0);
        ir->base.heal = integer(r, it, "heal", where, 0, 9999, true, 0);
        ir->per_floors = integer(r, it, "per_floors", where, 0, 99, true, 0);
        ir->heal_per_floors = integer(r, it, "heal_per_floors", where, 0, 99, true, 0);
        read_looks(r, it, where, &rules->kinds.kinds[kind]);
        read_loot(r, it, where, &rules->kinds.kinds[kind]);
    }
    for (int i = 0; i < kinds_builtin()->count && !r->failed; i++) {
        const KindDef *k = &kinds_builtin()->kinds[i];
        if (k->family == KIND_ITEM && !rules_item(rules, k->name))
            jread_fail(r, "items.%s: missing", k->name);
    }
}

static void read_levels(Reader *r, const cJSON *root, Rules *rules)
{
    static const char *const keys[] = {"xp", "max_hp", "attack", "defence_every", NULL};
    const cJSON *o = object(r, root, "levels", "");
    only_keys(r, o, "levels.", keys);
    const cJSON *xp = o ? cJSON_GetObjectItemCaseSensitive(o, "xp") : NULL;
    int n = cJSON_IsArray(xp) ? cJSON_GetArraySize(xp) : 0;
    if (!r->failed && (n < 1 || n > RULES_MAX_LEVELS))
        jread_fail(r, "levels.xp: expected 1..%d rising XP thresholds", RULES_MAX_LEVELS);
    for (int i = 0; i < n && !r->failed; i++) {
        const cJSON *v = cJSON_GetArrayItem(xp, i);
        double d = cJSON_IsNumber(v) ? v->valuedouble : -1;
        int prev = i ? rules->level_xp[i - 1] : 0;
        if (!(d > prev && d <= 1000000) || d != (double)(int)d) {
            jread_fail(r, "levels.xp: entry %d must be a whole number above %d", i + 1, prev);
            return;
        }
        rules->level_xp[rules->level_count++] = (int)d;
    }
    rules->level_hp = integer(r, o, "max_hp", "levels.", 0, 999, false, 0);
    rules->level_attack = integer(r, o, "attack", "levels.", 0, 99, false, 0);
    rules->level_defence_every = integer(r, o, "defence_every", "levels.", 0, 99, false, 0);
}

/* The numbers of each mouse and item, into its kind's record. */
static void fill_kinds(Rules *rules)
{
    rules->kinds.kinds[KIND_ID_PLAYER].stats = rules->player;
    for (int i = 0; i < rules->monster_count; i++) {
        const MonsterRules *m = &rules->monsters[i];
        KindDef *k = &rules->kinds.kinds[m->kind];
        k->stats = m->stats;
        k->summon_every = m->summon_every;
        k->summon_alive_max = m->summon_alive_max;
        k->summon_count = m->summon_count;
        for (int s = 0; s < m->summon_count; s++)
            k->summons[s] = m->summon_kinds[s];
    }
    for (int i = 0; i < rules->item_count; i++) {
        const ItemRules *it = &rules->items[i];
        KindDef *k = &rules->kinds.kinds[it->kind];
        k->item = it->base;
        k->per_floors = it->per_floors;
        k->heal_per_floors = it->heal_per_floors;
    }
}

/* The looks of the kinds that are not mice or items: the stairs and each state of a door, by
 * the stable names the code knows them by (a door open and a door closed share one display
 * name). Every one is required. */
static void read_features(Reader *r, const cJSON *root, Rules *rules)
{
    static const struct {
        const char *key;
        KindId kind;
    } FEATURES[] = {{"stairs_up", KIND_ID_STAIRS_UP},     {"stairs_down", KIND_ID_STAIRS_DOWN},
                    {"door_closed", KIND_ID_DOOR},        {"door_open", KIND_ID_DOOR_OPEN},
                    {"door_locked", KIND_ID_DOOR_LOCKED}, {"door_hidden", KIND_ID_DOOR_HIDDEN}};
    static const char *const keys[] = {"stairs_up",   "stairs_down", "door_closed", "door_open",
                                       "door_locked", "door_hidden", NULL};
    static const char *const looks[] = {"glyph", "sprite", "description", NULL};
    const cJSON *all = object(r, root, "features", "");
    only_keys(r, all, "features.", keys);
    for (size_t i = 0; i < sizeof FEATURES / sizeof *FEATURES && !r->failed; i++) {
        char where[48];
        snprintf(where, sizeof where, "features.%s.", FEATURES[i].key);
        const cJSON *o = object(r, all, FEATURES[i].key, "features.");
        only_keys(r, o, where, looks);
        read_looks(r, o, where, &rules->kinds.kinds[FEATURES[i].kind]);
    }
}

bool rules_parse(Rules *rules, const char *text, size_t length, char *err, size_t err_size)
{
    static const char *const top[] = {"version",         "player",   "combat", "levels",
                                      "inventory_limit", "item_xp",  "search", "score",
                                      "features",        "monsters", "items",  NULL};
    static const char *const combat_keys[] = {"min_damage", "regen_turns", NULL};
    static const char *const search_keys[] = {"chance", "thorough_after", "thorough_radius", NULL};
    static const char *const score_keys[] = {"per_xp", "per_floor", "per_kill", "victory", NULL};
    memset(rules, 0, sizeof *rules);
    rules->kinds = *kinds_builtin();
    Reader r = {.err = err, .err_size = err_size};
    cJSON *root = cJSON_ParseWithLength(text, length);
    if (!root) {
        const char *at = cJSON_GetErrorPtr();
        long byte = at && at >= text && at <= text + length ? (long)(at - text) : 0;
        jread_fail(&r, "not valid JSON (broken near byte %ld)", byte);
        return false;
    }
    if (!cJSON_IsObject(root)) {
        jread_fail(&r, "not a JSON object");
        cJSON_Delete(root);
        return false;
    }
    only_keys(&r, root, "", top);
    if (integer(&r, root, "version", "", 1, 1000, false, 0) != 1 && !r.failed)
        jread_fail(&r, "version: this game reads version 1");
    read_player(&r, root, rules);
    const cJSON *combat = object(&r, root, "combat", "");
    only_keys(&r, combat, "combat.", combat_keys);
    rules->min_damage = integer(&r, combat, "min_damage", "combat.", 0, 99, false, 1);
    rules->regen_turns = integer(&r, combat, "regen_turns", "combat.", 0, 10000, false, 0);
    read_levels(&r, root, rules);
    rules->inventory_limit =
        integer(&r, root, "inventory_limit", "", 1, RULES_INVENTORY_CAP, false, 1);
    rules->item_xp = integer(&r, root, "item_xp", "", 0, 1000, false, 0);
    const cJSON *search = object(&r, root, "search", "");
    only_keys(&r, search, "search.", search_keys);
    rules->search_chance = integer(&r, search, "chance", "search.", 0, 100, false, 0);
    rules->search_thorough_after =
        integer(&r, search, "thorough_after", "search.", 1, 100, false, 1);
    rules->search_thorough_radius =
        integer(&r, search, "thorough_radius", "search.", 1, 20, false, 1);
    const cJSON *score = object(&r, root, "score", "");
    only_keys(&r, score, "score.", score_keys);
    rules->score_per_xp = integer(&r, score, "per_xp", "score.", 0, 10000, false, 0);
    rules->score_per_floor = integer(&r, score, "per_floor", "score.", 0, 100000, false, 0);
    rules->score_per_kill = integer(&r, score, "per_kill", "score.", 0, 10000, false, 0);
    rules->score_victory = integer(&r, score, "victory", "score.", 0, 1000000, false, 0);
    read_features(&r, root, rules);
    read_monsters(&r, root, rules);
    read_items(&r, root, rules);
    cJSON_Delete(root);
    if (!r.failed)
        fill_kinds(rules);
    return !r.failed;
}

bool rules_load(Rules *rules, const char *path, char *err, size_t err_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return false;
    }
    char *text = NULL;
    size_t length = 0, cap = 0;
    for (;;) {
        if (length + 4096 > cap) {
            char *grown = cap < (1u << 20) ? realloc(text, cap = cap * 2 + 8192) : NULL;
            if (!grown) {
                snprintf(err, err_size, "%s: too large or out of memory", path);
                free(text);
                fclose(f);
                return false;
            }
            text = grown;
        }
        size_t got = fread(text + length, 1, cap - length, f);
        length += got;
        if (got == 0)
            break;
    }
    bool read_error = ferror(f);
    fclose(f);
    char why[RULES_ERROR_MAX];
    bool ok = !read_error && rules_parse(rules, text, length, why, sizeof why);
    if (!ok)
        snprintf(err, err_size, "%s: %s", path, read_error ? "read error" : why);
    free(text);
    return ok;
}

const MonsterRules *rules_monster(const Rules *rules, const char *name)
{
    for (int i = 0; i < rules->monster_count; i++)
        if (strcmp(rules->monsters[i].name, name) == 0)
            return &rules->monsters[i];
    return NULL;
}

const ItemRules *rules_item(const Rules *rules, const char *name)
{
    for (int i = 0; i < rules->item_count; i++)
        if (strcmp(rules->items[i].name, name) == 0)
            return &rules->items[i];
    return NULL;
}

int rules_next_level_xp(const Rules *rules, int level)
{
    return level >= 1 && level - 1 < rules->level_count ? rules->level_xp[level - 1] : -1;
}

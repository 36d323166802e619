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
#include "game/effects.h"

/* Parsing state (core/jread.h): the first error wins and later reads are no-ops. */
typedef JRead Reader;

/* Each table below is one object of data/rules.json, read by core/jread.h's jread_table: a
 * field's record 0 is the entry being read (Rules, MonsterRules, ItemRules, a Stats), record
 * 1 its kind's KindDef; the JDest's user pointer is the Rules. */
#define AT(t, member) .record = 0, .offset = offsetof(t, member)
#define IN_KIND(member) .record = 1, .offset = offsetof(KindDef, member)
#define NUM(k, l, h) .key = k, .type = JF_INT, .lo = l, .hi = h
#define OPT(k, l, h) NUM(k, l, h), .optional = true
#define OBJ(k, table) .key = k, .type = JF_OBJECT, .sub = table
#define CUSTOM(k, fn) .key = k, .type = JF_CUSTOM, .read = fn

static void read_version(Reader *r, const cJSON *o, const char *at, const JField *f, const JDest *d)
{
    (void)d;
    if (jread_int(r, o, at, f->key, 1, 1000) != 1 && !r->failed)
        jread_fail(r, "%s: this game reads version 1", jpath_join(at, f->key).s);
}

static void read_sprite(Reader *r, const cJSON *o, const char *at, const JField *f, const JDest *d)
{
    const char *name = jread_string(r, o, at, f->key, 64);
    KindDef *k = (KindDef *)d->record[1];
    if (name)
        k->sprite = sprite_find(name);
    if (name && k->sprite == SPRITE_COUNT)
        jread_fail(r, "%s: '%s' is not a sprite of the atlas", jpath_join(at, f->key).s, name);
}

/* The flags of a mouse: "unique" (one of a kind: "the", never "a") and "boss" (killing it
 * wins; placed by its own step, never rolled). */
static void read_mouse_flags(Reader *r, const cJSON *o, const char *at, const JField *f,
                             const JDest *d)
{
    KindDef *k = (KindDef *)d->record[1];
    k->flags = EF_SOLID;
    k->traits = 0;
    const cJSON *flags = jread_find(r, o, f->key);
    JPath p = jpath_join(at, f->key);
    if (r->failed || !flags)
        return;
    if (!cJSON_IsArray(flags)) {
        jread_fail(r, "%s: expected a list of \"unique\" and \"boss\"", p.s);
        return;
    }
    for (const cJSON *e = flags->child; e && !r->failed; e = e->next) {
        const char *s = cJSON_IsString(e) ? e->valuestring : "";
        if (strcmp(s, "unique") == 0)
            k->flags |= EF_UNIQUE;
        else if (strcmp(s, "boss") == 0)
            k->traits |= KT_BOSS;
        else
            jread_fail(r, "%s: '%s' is neither \"unique\" nor \"boss\"", p.s, s);
    }
}

/* The behaviour named `name`, or -1 with an error listing the known ones. */
static int behaviour_named(Reader *r, const char *name, const char *at)
{
    int id = name ? behaviour_find(name) : -1;
    if (name && id < 0) {
        char known[160] = "";
        for (int i = 0; i < behaviour_count(); i++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "",
                     behaviour_get(i)->name);
        jread_fail(r, "%s: '%s' is not a behaviour (%s)", jpath_join(at, "name").s, name, known);
    }
    return id;
}

/* What using an item does (game/effects.h): "use": "heal". Without the key, nothing. */
static void read_use(Reader *r, const cJSON *o, const char *where, const JField *f, const JDest *d)
{
    KindDef *k = (KindDef *)d->record[1];
    k->effect = EFFECT_NONE;
    const cJSON *u = jread_find(r, o, f->key);
    JPath at = jpath_join(where, f->key);
    if (r->failed || !u)
        return;
    int id = cJSON_IsString(u) ? effect_find(u->valuestring) : -1;
    if (id < 0) {
        char known[160] = "";
        for (int i = 0; i < effect_count(); i++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "",
                     effect_get(i)->name);
        jread_fail(r, "%s: not an effect (%s)", at.s, known);
        return;
    }
    k->effect = id;
}

/* How a mouse plays beyond its numbers (game/behaviour.h): {"name": "skittish", "below": 40,
 * "every": 4}. Each behaviour takes exactly the numbers it reads; without the key, it hunts. */
static void read_behaviour(Reader *r, const cJSON *o, const char *where, const JField *f,
                           const JDest *d)
{
    static const struct {
        const char *key;
        unsigned bit;
        int lo, hi;
        size_t offset;
    } NUMBERS[] = {{"below", BP_BELOW, 1, 99, offsetof(BehaviourParams, below)},
                   {"every", BP_EVERY, 1, 1000, offsetof(BehaviourParams, every)},
                   {"range", BP_RANGE, 1, 40, offsetof(BehaviourParams, range)},
                   {"chance", BP_CHANCE, 1, 100, offsetof(BehaviourParams, chance)}};
    KindDef *k = (KindDef *)d->record[1];
    k->behaviour = BEHAVIOUR_HUNTER;
    k->behave = (BehaviourParams){0};
    const cJSON *b = jread_find(r, o, f->key);
    JPath at = jpath_join(where, f->key);
    if (r->failed || !b)
        return;
    if (!cJSON_IsObject(b)) {
        jread_fail(r, "%s: not an object", at.s);
        return;
    }
    int id = behaviour_named(r, jread_string(r, b, at.s, "name", 32), at.s);
    const char *keys[6] = {"name"};
    int n = 1;
    for (int i = 0; i < 4 && !r->failed; i++)
        if (behaviour_get(id)->params & NUMBERS[i].bit) {
            keys[n++] = NUMBERS[i].key;
            *(int *)((char *)&k->behave + NUMBERS[i].offset) =
                (int)jread_int(r, b, at.s, NUMBERS[i].key, NUMBERS[i].lo, NUMBERS[i].hi);
        }
    keys[n] = NULL;
    jread_only_keys(r, b, at.s, keys);
    if (!r->failed)
        k->behaviour = id;
}

/* The mice a summoner calls: 1..RULES_MAX_SUMMONS names of mice that are not the boss. */
static void read_summons(Reader *r, const cJSON *o, const char *at, const JField *f, const JDest *d)
{
    MonsterRules *mr = (MonsterRules *)d->record[0];
    const KindTable *kinds = &((Rules *)d->user)->kinds;
    const cJSON *list = jread_find(r, o, f->key);
    JPath p = jpath_join(at, f->key);
    int n = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0;
    if (n < 1 || n > RULES_MAX_SUMMONS) {
        jread_fail(r, "%s: expected 1..%d mouse names", p.s, RULES_MAX_SUMMONS);
        return;
    }
    for (int i = 0; i < n; i++) {
        const cJSON *entry = cJSON_GetArrayItem(list, i);
        KindId kk = cJSON_IsString(entry) ? kind_find(kinds, entry->valuestring) : KIND_NONE;
        if (!kind_is_mouse(kinds, kk) || kind_is_boss(kinds, kk)) {
            jread_fail(r, "%s: entry %d is not a mouse that can be summoned", p.s, i + 1);
            return;
        }
        mr->summon_kinds[mr->summon_count] = kk;
        mr->summons[mr->summon_count++] = kinds->kinds[kk].name;
    }
}

static void read_slot(Reader *r, const cJSON *o, const char *at, const JField *f, const JDest *d)
{
    ItemRules *ir = (ItemRules *)d->record[0];
    const cJSON *slot = jread_find(r, o, f->key);
    if (r->failed || !slot)
        return;
    const char *s = cJSON_IsString(slot) ? slot->valuestring : "";
    ir->base.slot = strcmp(s, "weapon") == 0   ? SLOT_WEAPON
                    : strcmp(s, "armour") == 0 ? SLOT_ARMOUR
                    : strcmp(s, "chip") == 0   ? SLOT_CHIP
                                               : SLOT_NONE;
    if (ir->base.slot == SLOT_NONE)
        jread_fail(r, "%s: expected \"weapon\", \"armour\" or \"chip\"", jpath_join(at, f->key).s);
}

/* The XP thresholds of levels 2, 3...: 1..RULES_MAX_LEVELS whole numbers, each above the last. */
static void read_level_xp(Reader *r, const cJSON *o, const char *at, const JField *f,
                          const JDest *d)
{
    Rules *rules = d->user;
    const cJSON *xp = jread_find(r, o, f->key);
    JPath p = jpath_join(at, f->key);
    int n = cJSON_IsArray(xp) ? cJSON_GetArraySize(xp) : 0;
    if (n < 1 || n > RULES_MAX_LEVELS)
        jread_fail(r, "%s: expected 1..%d rising XP thresholds", p.s, RULES_MAX_LEVELS);
    for (int i = 0; i < n && !r->failed; i++) {
        const cJSON *v = cJSON_GetArrayItem(xp, i);
        int prev = i ? rules->level_xp[i - 1] : 0;
        if (!cJSON_IsNumber(v) || !jread_whole_in(v, prev + 1, 1000000)) {
            jread_fail(r, "%s: entry %d must be a whole number above %d", p.s, i + 1, prev);
            return;
        }
        rules->level_xp[rules->level_count++] = (int)v->valuedouble;
    }
}

/* A feature's looks: the fields of f->sub into the kind f->arg. */
static void read_feature(Reader *r, const cJSON *o, const char *at, const JField *f, const JDest *d)
{
    KindDef *k = &((Rules *)d->user)->kinds.kinds[f->arg];
    jread_table_object(r, o, at, f, &(JDest){{d->record[0], (char *)k}, d->user});
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

/* Whether entry e of a section may be read as the kind `name`; `why` says what is wrong when
 * name is NULL (not a kind of the section, or one too many). */
static bool entry_ok(Reader *r, const cJSON *e, const char *section, const char *name, bool twice,
                     const char *why)
{
    if (!name)
        return jread_fail(r, "%s.%.40s: %s", section, e->string, why);
    if (twice)
        return jread_fail(r, "%s: given twice", name);
    if (!cJSON_IsObject(e))
        return jread_fail(r, "%s.%.40s: not an object", section, e->string);
    return true;
}

/* Entry e of the section f, of the kind `kind`, into `entry` by the table f->sub. */
static void read_entry(Reader *r, const cJSON *e, const JField *f, void *entry, KindId kind,
                       Rules *rules)
{
    char at[64];
    snprintf(at, sizeof at, "%s.%.40s", f->key, e->string);
    jread_table(r, e, at, f->sub, &(JDest){{entry, (char *)&rules->kinds.kinds[kind]}, rules});
}

/* Every kind the code knows by name must be given. */
static void builtins_given(Reader *r, const Rules *rules, EntityKind family, const char *section)
{
    for (int i = 0; i < kinds_builtin()->count && !r->failed; i++) {
        const KindDef *k = &kinds_builtin()->kinds[i];
        bool given = family == KIND_MONSTER ? rules_monster(rules, k->name) != NULL
                                            : rules_item(rules, k->name) != NULL;
        if (k->family == family && !given)
            jread_fail(r, "%s.%s: missing", section, k->name);
    }
}

static void read_monsters(Reader *r, const cJSON *o, const char *at, const JField *f,
                          const JDest *d)
{
    Rules *rules = d->user;
    const cJSON *all = jread_object(r, o, at, f->key);
    /* Every mouse has its kind before any is read, so a mouse may summon one given later. */
    for (const cJSON *m = all ? all->child : NULL; m && !r->failed; m = m->next)
        kind_of_entry(r, rules, m->string, KIND_MONSTER);
    for (const cJSON *m = all ? all->child : NULL; m && !r->failed; m = m->next) {
        KindId kind = kind_find(&rules->kinds, m->string);
        bool ours = kind_is_mouse(&rules->kinds, kind);
        bool full = rules->monster_count == RULES_MAX_MONSTERS;
        const char *name = ours && !full ? rules->kinds.kinds[kind].name : NULL;
        if (!entry_ok(r, m, f->key, name, name && rules_monster(rules, name),
                      ours ? "one kind of mouse too many" : "not a mouse of this game"))
            return;
        MonsterRules *mr = &rules->monsters[rules->monster_count++];
        mr->name = name;
        mr->kind = kind;
        read_entry(r, m, f, mr, kind, rules);
        mr->stats.max_hp = mr->stats.hp;
        mr->stats.level = 1;
    }
    int bosses = 0;
    for (int i = 0; i < rules->kinds.count; i++)
        bosses += kind_is_boss(&rules->kinds, i);
    if (!r->failed && bosses != 1)
        jread_fail(r, "monsters: %d mice have the flag \"boss\"; exactly one must", bosses);
    builtins_given(r, rules, KIND_MONSTER, f->key);
}

static void read_items(Reader *r, const cJSON *o, const char *at, const JField *f, const JDest *d)
{
    Rules *rules = d->user;
    const cJSON *all = jread_object(r, o, at, f->key);
    for (const cJSON *it = all ? all->child : NULL; it && !r->failed; it = it->next) {
        KindId kind = kind_of_entry(r, rules, it->string, KIND_ITEM);
        bool full = rules->item_count == RULES_MAX_ITEMS;
        const char *name = kind != KIND_NONE && !full ? rules->kinds.kinds[kind].name : NULL;
        if (!entry_ok(r, it, f->key, name, name && rules_item(rules, name),
                      kind != KIND_NONE ? "one kind of item too many" : "not an item of this game"))
            return;
        ItemRules *ir = &rules->items[rules->item_count++];
        ir->name = name;
        ir->kind = kind;
        read_entry(r, it, f, ir, kind, rules);
    }
    builtins_given(r, rules, KIND_ITEM, f->key);
}

/* clang-format off */
static const JField FIGHTER[] = { /* into a Stats */
    {NUM("hp", 1, 9999), AT(Stats, hp)},
    {.key = "attack", .type = JF_RANGE, .lo = 0, .hi = 999, AT(Stats, attack_min)},
    {NUM("defence", 0, 999), AT(Stats, defence)},
    {NUM("hit", 0, 100), AT(Stats, hit)},
    {NUM("dodge", 0, 100), AT(Stats, dodge)},
    {NUM("sight", 1, 80), AT(Stats, sight)},
    {NUM("speed", 1, 40), AT(Stats, speed)},
    {0}};
/* What a kind looks like: its hover text, its sprite (by its name in the atlas) and its glyph
 * in the ASCII legend. */
static const JField LOOKS[] = {
    {.key = "description", .type = JF_TEXT, .hi = KIND_TEXT_MAX - 1, IN_KIND(description)},
    {CUSTOM("sprite", read_sprite)},
    {.key = "glyph", .type = JF_CHAR, .hi = 1, IN_KIND(glyph)},
    {0}};
static const JField PLAYER[] = {
    {.type = JF_INLINE, .sub = FIGHTER, AT(Rules, player)},
    {.type = JF_INLINE, .sub = LOOKS},
    {OPT("hearing", 0, 100), AT(Rules, hearing)},
    {0}};
static const JField SUMMON[] = { /* a mouse's calls for help */
    {NUM("every", 1, 1000), AT(MonsterRules, summon_every)},
    {NUM("alive_max", 1, 20), AT(MonsterRules, summon_alive_max)},
    {CUSTOM("kinds", read_summons)},
    {0}};
static const JField MONSTER[] = {
    {.type = JF_INLINE, .sub = FIGHTER, AT(MonsterRules, stats)},
    {NUM("xp", 0, 100000), AT(MonsterRules, stats.xp)},
    {.type = JF_INLINE, .sub = LOOKS},
    {CUSTOM("flags", read_mouse_flags)},
    {CUSTOM("behaviour", read_behaviour)},
    {NUM("floor", 1, MAX_FLOORS), IN_KIND(first_floor)},
    {OBJ("summon", SUMMON), .optional = true},
    {0}};
/* Where an item turns up as alcove loot; without "loot" it never does (a Key). */
static const JField LOOT[] = {
    {NUM("floor", 1, MAX_FLOORS), IN_KIND(loot_floor)},
    {NUM("weight", 1, 1000), IN_KIND(loot_weight)},
    {NUM("growth", 0, 1000), IN_KIND(loot_growth)},
    {NUM("tier", 0, 9), .fallback = -1, IN_KIND(loot_tier)},
    {0}};
/* A tool's numbers (docs/RULES.md R-TOOL): each tool reads some of them. */
static const JField TOOL[] = {
    {OPT("count", 0, 99), IN_KIND(count)},
    {OPT("stacks", 0, 1), IN_KIND(stacks)},
    {OPT("turns", 0, 999), IN_KIND(turns)},
    {OPT("boss_turns", 0, 999), IN_KIND(boss_turns)},
    {OPT("damage", 0, 999), IN_KIND(damage)},
    {OPT("hit", 0, 100), IN_KIND(tool_hit)},
    {0}};
static const JField ITEM[] = {
    {CUSTOM("slot", read_slot)},
    {OPT("attack", 0, 99), AT(ItemRules, base.attack)},
    {OPT("defence", 0, 99), AT(ItemRules, base.defence)},
    {OPT("hit", -100, 100), AT(ItemRules, base.hit)},
    {OPT("dodge", 0, 100), AT(ItemRules, base.dodge)},
    {OPT("sight", -20, 20), IN_KIND(sight)},
    {OPT("reach", 0, 20), IN_KIND(reach)},
    {OPT("heal", 0, 9999), AT(ItemRules, base.heal)},
    {OPT("per_floors", 0, 99), AT(ItemRules, per_floors)},
    {OPT("heal_per_floors", 0, 99), AT(ItemRules, heal_per_floors)},
    {CUSTOM("use", read_use)},
    {.type = JF_INLINE, .sub = LOOKS},
    {OBJ("loot", LOOT), .optional = true},
    {OBJ("tool", TOOL), .optional = true},
    {0}};
static const JField COMBAT[] = {
    {NUM("min_damage", 0, 99), AT(Rules, min_damage)},
    {NUM("regen_turns", 0, 10000), AT(Rules, regen_turns)},
    {0}};
static const JField LEVELS[] = {
    {CUSTOM("xp", read_level_xp)},
    {NUM("max_hp", 0, 999), AT(Rules, level_hp)},
    {NUM("attack", 0, 99), AT(Rules, level_attack)},
    {NUM("defence_every", 0, 99), AT(Rules, level_defence_every)},
    {0}};
static const JField SEARCH[] = {
    {NUM("chance", 0, 100), AT(Rules, search_chance)},
    {NUM("thorough_after", 1, 100), AT(Rules, search_thorough_after)},
    {NUM("thorough_radius", 1, 20), AT(Rules, search_thorough_radius)},
    {0}};
static const JField SCORE[] = {
    {NUM("per_xp", 0, 10000), AT(Rules, score_per_xp)},
    {NUM("per_floor", 0, 100000), AT(Rules, score_per_floor)},
    {NUM("per_kill", 0, 10000), AT(Rules, score_per_kill)},
    {NUM("victory", 0, 1000000), AT(Rules, score_victory)},
    {0}};
/* The looks of the kinds that are not mice or items: the stairs and each state of a door, by
 * the stable names the code knows them by (a door open and a door closed share one display
 * name). Every one is required. */
static const JField FEATURES[] = {
    {CUSTOM("stairs_up", read_feature), .sub = LOOKS, .arg = KIND_ID_STAIRS_UP},
    {CUSTOM("stairs_down", read_feature), .sub = LOOKS, .arg = KIND_ID_STAIRS_DOWN},
    {CUSTOM("door_closed", read_feature), .sub = LOOKS, .arg = KIND_ID_DOOR},
    {CUSTOM("door_open", read_feature), .sub = LOOKS, .arg = KIND_ID_DOOR_OPEN},
    {CUSTOM("door_locked", read_feature), .sub = LOOKS, .arg = KIND_ID_DOOR_LOCKED},
    {CUSTOM("door_hidden", read_feature), .sub = LOOKS, .arg = KIND_ID_DOOR_HIDDEN},
    {0}};
static const JField TOP[] = { /* into Rules */
    {CUSTOM("version", read_version)},
    {CUSTOM("player", read_feature), .sub = PLAYER, .arg = KIND_ID_PLAYER},
    {OBJ("combat", COMBAT)},
    {OBJ("levels", LEVELS)},
    {NUM("inventory_limit", 1, RULES_INVENTORY_CAP), AT(Rules, inventory_limit)},
    {NUM("item_xp", 0, 1000), AT(Rules, item_xp)},
    {OBJ("search", SEARCH)},
    {OBJ("score", SCORE)},
    {OBJ("features", FEATURES)},
    {CUSTOM("monsters", read_monsters), .sub = MONSTER, .entries = true},
    {CUSTOM("items", read_items), .sub = ITEM, .entries = true},
    {0}};
/* clang-format on */
_Static_assert(offsetof(Stats, attack_max) == offsetof(Stats, attack_min) + sizeof(int),
               "JF_RANGE reads into two ints side by side");

/* The numbers of each mouse and item, into its kind's record. */
static void fill_kinds(Rules *rules)
{
    rules->player.max_hp = rules->player.hp;
    rules->player.level = 1;
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

bool rules_parse(Rules *rules, const char *text, size_t length, char *err, size_t err_size)
{
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
    if (!cJSON_IsObject(root))
        jread_fail(&r, "not a JSON object");
    else
        jread_table(&r, root, "", TOP, &(JDest){{(char *)rules, NULL}, rules});
    cJSON_Delete(root);
    if (!r.failed)
        fill_kinds(rules);
    return !r.failed;
}

void rules_each_number(JNumberVisit visit, void *ctx)
{
    jread_table_numbers(TOP, "", visit, ctx);
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

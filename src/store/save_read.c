/* Reading a save: the checks before anything is trusted (format, checksum, dungeon version,
 * seeds), then the game's own values, the pack and the log; the entities and floors are read
 * by save_read_entity.c and save_read_floor.c. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "entities/entities.h"
#include "game/invariants.h"
#include "gen/gen.h"
#include "store/save.h"
#include "store/save_format.h"
#include "store/save_reader.h"

/* ---- The table walker ---- */

static long long bound(const SaveReader *r, const SaveTable *t, const void *s, long long value,
                       SaveVar var, const char *key)
{
    if (var != SV_NONE)
        return r->vars[var];
    return key ? save_field_value(s, save_field_named(t, key)) : value;
}

/* An entity id: 1..next_id - 1, so that the factory never gives it again. */
static long long read_id(SaveReader *r, const cJSON *o, const char *at, const char *key)
{
    const cJSON *m = jread_find(&r->json, o, key);
    if (m && cJSON_IsNumber(m) && jread_whole_in(m, r->next_id, UINT32_MAX)) {
        jread_fail(&r->json, "%s: %.15g is not below next_id (%" PRIu32 ")", jpath_join(at, key).s,
                   m->valuedouble, r->next_id);
        return 0;
    }
    return jread_int(&r->json, o, at, key, 1, (long long)r->next_id - 1);
}

/* "true", or left out: the bit (or bool) set or cleared. */
static long long read_true(SaveReader *r, const cJSON *o, const char *at, const SaveField *f,
                           const void *s)
{
    const cJSON *v = jread_find(&r->json, o, f->key);
    if (v && !cJSON_IsTrue(v))
        jread_fail(&r->json, "%s: should be true or left out", jpath_join(at, f->key).s);
    if (!f->bit)
        return v != NULL;
    long long flags = save_field_value(s, f);
    return v ? flags | f->bit : flags & ~(long long)f->bit;
}

/* One field of a number, a string or a name: its value, stored in s. */
static void read_value(SaveReader *r, const cJSON *o, const char *at, const SaveTable *t,
                       const SaveField *f, void *s)
{
    JRead *j = &r->json;
    long long v = 0;
    switch (f->type) {
    case SAVE_INT:
        v = jread_int(j, o, at, f->key, bound(r, t, s, f->lo, f->lo_var, f->lo_key),
                      bound(r, t, s, f->hi, f->hi_var, f->hi_key));
        break;
    case SAVE_ID: v = read_id(r, o, at, f->key); break;
    case SAVE_COORD: v = jread_coord(j, o, at, f->key, (int)f->hi + 1); break;
    case SAVE_U64: v = (long long)jread_u64(j, o, at, f->key); break;
    case SAVE_ENUM: v = jread_enum(j, o, at, f->key, f->names, f->first); break;
    case SAVE_TRUE: v = read_true(r, o, at, f, s); break;
    case SAVE_STRING: {
        const char *text = jread_string(j, o, at, f->key, f->size - 1);
        if (text)
            memcpy((char *)s + f->offset, text, strlen(text) + 1);
        return;
    }
    case SAVE_OBJECT:
    case SAVE_PART: return;
    }
    if (!j->failed)
        save_field_store(s, f, v);
}

typedef struct Walk {
    SaveReader *r;
    const cJSON *o;
    const char *at;
    const SaveTable *t;
    void *s;
    SaveReadPart *part;
    void *ctx;
    uint64_t done; /* the fields read, by index */
} Walk;

static void read_field(Walk *k, int i)
{
    const SaveField *f = &k->t->fields[i];
    if ((k->done >> i & 1) || k->r->json.failed)
        return;
    k->done |= 1ULL << i;
    /* A bound given by another field: that one first. */
    if (f->lo_key)
        read_field(k, (int)(save_field_named(k->t, f->lo_key) - k->t->fields));
    if (f->hi_key)
        read_field(k, (int)(save_field_named(k->t, f->hi_key) - k->t->fields));
    if (f->when && !jread_find(&k->r->json, k->o, f->key)) /* left out: zero */
        save_field_store(k->s, f, 0);
    else if (f->type == SAVE_OBJECT)
        save_read_fields(k->r, jread_object(&k->r->json, k->o, k->at, f->key),
                         jpath_join(k->at, f->key).s, f->table, (char *)k->s + f->offset, k->part,
                         k->ctx);
    else if (f->type == SAVE_PART && k->part)
        k->part(k->ctx, f->part, k->o, k->at, k->s);
    else if (f->type != SAVE_PART)
        read_value(k->r, k->o, k->at, k->t, f, k->s);
    if (f->check && !k->r->json.failed)
        f->check(&k->r->json, jpath_join(k->at, f->key).s, k->s);
}

void save_read_fields(SaveReader *r, const cJSON *o, const char *at, const SaveTable *t, void *s,
                      SaveReadPart *part, void *ctx)
{
    const char *keys[64];
    if (r->json.failed || !o)
        return;
    for (int i = 0; i < t->count; i++)
        keys[i] = t->fields[i].key;
    keys[t->count] = NULL;
    jread_only_keys(&r->json, o, at, keys);
    Walk k = {r, o, at, t, s, part, ctx, 0};
    for (int i = 0; i < t->count; i++)
        read_field(&k, i);
}

/* What the parts of the top read into. */
typedef struct ReadGame {
    SaveReader *r;
    Game *game;
    int letters; /* the inventory's entries: what "equipped" may name */
} ReadGame;

static void read_part(void *ctx, int part, const cJSON *o, const char *at, void *s);

/* The inventory by letter, straight into the game (so game_free frees what was read). A null
 * is a free letter (format 1 had none: its items read as a, b, c...). */
static void read_inventory(ReadGame *c, const cJSON *root)
{
    SaveReader *r = c->r;
    Game *game = c->game;
    const cJSON *inv = jread_array(&r->json, root, "", "inventory");
    int limit = game->rules->inventory_limit < RULES_INVENTORY_CAP ? game->rules->inventory_limit
                                                                   : RULES_INVENTORY_CAP;
    int i = 0;
    for (const cJSON *o = inv ? inv->child : NULL; o && !r->json.failed; o = o->next, i++) {
        JPath at = jpath_indexed("", "inventory", i);
        if (i >= limit) {
            jread_fail(&r->json, "inventory: more than the %d letters of the pack", limit);
            return;
        }
        if (cJSON_IsNull(o))
            continue;
        Entity *e = save_read_entity(r, game, o, at.s, true);
        if (e) {
            game->inventory[i] = e;
            game->inventory_count++;
        }
    }
    c->letters = i;
}

/* The worn item's letter in each slot, or -1: an item worn there. */
static void read_equipped(ReadGame *c, const cJSON *root)
{
    static const char *const keys[] = {"weapon", "armour", "chip", NULL};
    SaveReader *r = c->r;
    const cJSON *eq = jread_object(&r->json, root, "", "equipped");
    jread_only_keys(&r->json, eq, "equipped", keys);
    for (int slot = SLOT_WEAPON; slot < SLOT_COUNT && !r->json.failed; slot++) {
        int index = jread_int(&r->json, eq, "equipped", SAVE_SLOT_NAMES[slot], -1, c->letters - 1);
        if (index < 0 || r->json.failed)
            continue;
        Entity *item = c->game->inventory[index];
        if (!item) {
            jread_fail(&r->json, "equipped.%s: inventory[%d] is an empty letter",
                       SAVE_SLOT_NAMES[slot], index);
            return;
        }
        if (item->item.slot != (ItemSlot)slot) {
            jread_fail(&r->json, "equipped.%s: inventory[%d] (a %s) is not worn there",
                       SAVE_SLOT_NAMES[slot], index, item->name);
            return;
        }
        c->game->equipped[slot] = item;
    }
}

/* The log's entries, oldest first, into a log just emptied. */
static void read_log_entries(ReadGame *c, const cJSON *lo)
{
    SaveReader *r = c->r;
    MessageLog *log = &c->game->log;
    const cJSON *entries = jread_array(&r->json, lo, "log", "entries");
    int i = 0;
    for (const cJSON *o = entries ? entries->child : NULL; o && !r->json.failed; o = o->next, i++) {
        JPath at = jpath_indexed("log", "entries", i);
        if (i >= MSGLOG_CAPACITY) {
            jread_fail(&r->json, "log.entries: more than %d", MSGLOG_CAPACITY);
            return;
        }
        if (!cJSON_IsObject(o)) {
            jread_fail(&r->json, "%s: should be an object, not %s", at.s, jread_type_name(o));
            return;
        }
        save_read_fields(r, o, at.s, &SAVE_LOG_ENTRY, &log->entries[i], NULL, NULL);
        log->count = i + 1;
    }
}

static void read_log(ReadGame *c, const cJSON *root)
{
    SaveReader *r = c->r;
    MessageLog *log = &c->game->log;
    msglog_init(log);
    const cJSON *lo = jread_object(&r->json, root, "", "log");
    save_read_fields(r, lo, "log", &SAVE_LOG, log, read_part, c);
    long long said = 0;
    for (int i = 0; i < log->count; i++)
        said += log->entries[i].repeats;
    if (!r->json.failed && said > (long long)log->total)
        jread_fail(&r->json, "log.total: %lld is less than the %lld messages in the log",
                   (long long)log->total, said);
}

/* Saves made before it have none: their games cannot be matched to a recording. */
static void read_commands(SaveReader *r, Game *game, const cJSON *root)
{
    game->commands = 0;
    game->commands_known = false;
    if (!r->json.failed && jread_find(&r->json, root, "commands")) {
        game->commands = jread_u64(&r->json, root, "", "commands");
        game->commands_known = !r->json.failed; /* its bounds: game_check_counts */
    }
}

/* Kills by kind, saved under the names of the kinds of mouse. Left out by saves made before
 * them: no kill known by kind (every save of this dungeon version has them, and
 * game_check_counts asks that they add up to kills). */
static void read_by_kind(SaveReader *r, Game *game, const cJSON *counters)
{
    const cJSON *by_kind = jread_find(&r->json, counters, "by_kind");
    if (!by_kind || r->json.failed)
        return;
    const KindTable *table = game->factory.kinds;
    const char *kinds[KIND_MAX + 1];
    KindId ids[KIND_MAX];
    int n = 0;
    for (int k = 0; k < table->count; k++)
        if (kind_is_mouse(table, k)) {
            ids[n] = k;
            kinds[n++] = table->kinds[k].name;
        }
    kinds[n] = NULL;
    if (!cJSON_IsObject(by_kind))
        jread_fail(&r->json, "counters.by_kind: should be an object, not %s",
                   jread_type_name(by_kind));
    jread_only_keys(&r->json, by_kind, "counters.by_kind", kinds);
    for (int k = 0; k < n && !r->json.failed; k++)
        if (jread_find(&r->json, by_kind, kinds[k]))
            game->counters.kills_by_kind[ids[k]] =
                (int)jread_int(&r->json, by_kind, "counters.by_kind", kinds[k], 1, GAME_COUNT_MAX);
}

/* By the player, the top's values that bound the rest are read: the turn and next_id (kept
 * aside: making the entities counts the factory's up). */
static void note_bounds(SaveReader *r, const Game *game)
{
    r->next_id = game->factory.next_id;
    r->vars[SV_TURN] = game->turn;
    r->vars[SV_TURN_NEXT] = (long long)game->turn + 1;
    r->vars[SV_ID_LAST] = (long long)r->next_id - 1;
}

/* The format: one this version reads (a newer one is named as such). */
static bool check_format(SaveReader *r, const cJSON *root)
{
    const cJSON *format = cJSON_GetObjectItemCaseSensitive(root, "format");
    if (!format)
        return jread_fail(&r->json, "format: missing (not a Mouse King save?)");
    if (cJSON_IsNumber(format) && jread_whole_in(format, SAVE_FORMAT + 1, INT32_MAX))
        return jread_fail(
            &r->json, "format: %.15g: made by a newer version of Mouse King (this one reads %d)",
            format->valuedouble, SAVE_FORMAT);
    long long version = 0;
    return jread_number(&r->json, format, "", "format", SAVE_FORMAT_OLDEST, SAVE_FORMAT, &version);
}

/* The checksum member ends the file and matches the bytes before it. */
static bool check_checksum(SaveReader *r, const cJSON *root, const char *text, size_t len)
{
    const size_t tail = sizeof SAVE_CHECKSUM_TAIL - 1, whole = tail + SAVE_CHECKSUM_HEX + 2;
    const cJSON *sum = cJSON_GetObjectItemCaseSensitive(root, "checksum");
    if (!sum || len < whole || memcmp(text + len - whole, SAVE_CHECKSUM_TAIL, tail) != 0 ||
        text[len - 2] != '"' || text[len - 1] != '}')
        return jread_fail(&r->json, "checksum: missing, or not the last member of the file");
    const char *hex = text + len - whole + tail;
    uint64_t stored = 0;
    for (int i = 0; i < SAVE_CHECKSUM_HEX; i++) {
        char c = hex[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return jread_fail(&r->json, "checksum: not 16 lowercase hex digits");
        stored = stored << 4 | (uint64_t)d;
    }
    uint64_t actual = save_checksum(text, len - whole);
    if (stored != actual)
        return jread_fail(&r->json,
                          "checksum: the file was changed or damaged (%016" PRIx64
                          " expected, %016" PRIx64 " found)",
                          actual, stored);
    return true;
}

/* The format, the checksum and the dungeon version, before any value is trusted. */
static void check_envelope(SaveReader *r, const cJSON *root, const char *text, size_t len)
{
    if (!check_format(r, root) || !check_checksum(r, root, text, len))
        return;
    long long dungeon = 0;
    const cJSON *dv = cJSON_GetObjectItemCaseSensitive(root, "dungeon_version");
    if (!dv)
        jread_fail(&r->json, "dungeon_version: missing");
    else if (jread_number(&r->json, dv, "", "dungeon_version", 0, INT32_MAX, &dungeon) &&
             dungeon != DUNGEON_VERSION)
        jread_fail(&r->json,
                   "dungeon_version: %lld, but this version of Mouse King builds dungeon %d",
                   dungeon, DUNGEON_VERSION);
}

/* The floor seeds follow from the game seed; a save whose seeds disagree was tampered with. */
static void check_seeds(SaveReader *r, const cJSON *root, const GameSeeds *seeds)
{
    const cJSON *list = jread_array(&r->json, root, "", "floor_seeds");
    int i = 0;
    for (const cJSON *c = list ? list->child : NULL; c && !r->json.failed; c = c->next, i++) {
        JPath p = jpath_indexed("", "floor_seeds", i);
        uint64_t s = jread_u64_value(&r->json, c, p.s, "");
        if (!r->json.failed && (i >= FLOOR_COUNT || s != seeds->floors[i]))
            jread_fail(&r->json, "%s: does not follow from the game seed", p.s);
    }
    if (!r->json.failed && i != FLOOR_COUNT)
        jread_fail(&r->json, "floor_seeds: %d seeds instead of %d", i, FLOOR_COUNT);
}

static void read_part(void *ctx, int part, const cJSON *o, const char *at, void *s)
{
    ReadGame *c = ctx;
    (void)at;
    (void)s;
    switch ((SavePart)part) {
    case PART_FLOOR_SEEDS: check_seeds(c->r, o, &c->game->seeds); break;
    case PART_COMMANDS: read_commands(c->r, c->game, o); break;
    case PART_PLAYER:
        note_bounds(c->r, c->game);
        save_read_player(c->r, c->game, o);
        break;
    case PART_INVENTORY: read_inventory(c, o); break;
    case PART_EQUIPPED: read_equipped(c, o); break;
    case PART_LOG: read_log(c, o); break;
    case PART_FLOORS: save_read_floors(c->r, c->game, o); break;
    case PART_BY_KIND: read_by_kind(c->r, c->game, o); break;
    case PART_ENTRIES: read_log_entries(c, o); break;
    default: break; /* the envelope's, checked first; floor_stats, read after the floors */
    }
}

/* The text as a JSON object, or NULL with the error set. */
static cJSON *parse(SaveReader *r, const char *text, size_t len)
{
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, false);
    if (!root) {
        size_t at = end && end >= text && end <= text + len ? (size_t)(end - text) : 0;
        jread_fail(&r->json, "not valid JSON (at byte %zu of %zu)", at, len);
        return NULL;
    }
    if (!cJSON_IsObject(root))
        jread_fail(&r->json, "not a JSON object");
    else if (end != text + len)
        jread_fail(&r->json, "unexpected bytes after the save, at byte %zu of %zu",
                   (size_t)(end - text), len);
    return root;
}

/* The game of the save's seed, without its floor 0 and its hello: the save gives both. */
static bool start_game(SaveReader *r, Game *out, const cJSON *root, const Rules *rules)
{
    uint64_t seed = jread_u64(&r->json, root, "", "seed");
    if (r->json.failed)
        return false;
    if (!game_init(out, seed, rules)) {
        jread_fail(&r->json, "%s", out->error);
        memset(out, 0, sizeof *out);
        return false;
    }
    Floor *start = out->floors[0];
    entity_list_detach(&start->entities, out->player);
    floor_free(start);
    free(start);
    out->floors[0] = NULL;
    msglog_init(&out->log);
    return true;
}

/* Every value was in range; now the game they make must be one the game could reach. */
static void check_game(SaveReader *r, Game *out)
{
    out->factory.next_id = r->next_id;
    if (!r->json.failed)
        save_check_ids(r, out);
    char why[SAVE_ERROR_MAX];
    if (!r->json.failed && !game_check_invariants(out, why, sizeof why))
        jread_fail(&r->json, "impossible: %s", why);
}

bool save_from_json(Game *out, const char *text, size_t len, const Rules *rules, char *err,
                    size_t err_size)
{
    memset(out, 0, sizeof *out);
    SaveReader r = {.json = {.err = err, .err_size = err_size}};
    if (err_size > 0)
        err[0] = '\0';
    if (!text || !rules) {
        jread_fail(&r.json, "nothing to read");
        return false;
    }
    cJSON *root = parse(&r, text, len);
    if (!root)
        return false;
    check_envelope(&r, root, text, len);
    bool built = start_game(&r, out, root, rules);
    if (built) {
        ReadGame c = {.r = &r, .game = out};
        save_read_fields(&r, root, "", &SAVE_GAME, out, read_part, &c);
        vials_shuffle(&out->vials, out->seeds.game); /* R-VIAL-7: drawn from the seed again */
        vials_name_all(out);
        save_read_floor_stats(&r, out, root); /* against the floors visited */
        check_game(&r, out);
    }
    cJSON_Delete(root);
    if (r.json.failed) {
        if (built)
            game_free(out);
        memset(out, 0, sizeof *out);
        return false;
    }
    game_rebuild_derived(out); /* sight and the caches are not in the file */
    out->events = 0;
    return true;
}

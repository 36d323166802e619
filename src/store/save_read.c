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

static Rng read_rng(SaveReader *r, const cJSON *o, const char *at, const char *key)
{
    static const char *const keys[] = {"state", "inc", NULL};
    JPath p = jpath_join(at, key);
    const cJSON *v = jread_object(&r->json, o, at, key);
    jread_only_keys(&r->json, v, p.s, keys);
    Rng rng = {jread_u64(&r->json, v, p.s, "state"), jread_u64(&r->json, v, p.s, "inc")};
    if (!r->json.failed && !(rng.inc & 1u))
        jread_fail(&r->json, "%s.inc: must be odd", p.s);
    return rng;
}

/* The inventory by letter, straight into the game (so game_free frees what was read), and the
 * slots. A null is a free letter (format 1 had none: its items read as a, b, c...). */
static void read_inventory(SaveReader *r, Game *game, const cJSON *root)
{
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
        Entity *e = save_read_entity(r, game, o, at.s, MAP_WIDTH, MAP_HEIGHT, true);
        if (e) {
            game->inventory[i] = e;
            game->inventory_count++;
        }
    }
    static const char *const keys[] = {"weapon", "armour", "chip", NULL};
    const cJSON *eq = jread_object(&r->json, root, "", "equipped");
    jread_only_keys(&r->json, eq, "equipped", keys);
    for (int slot = SLOT_WEAPON; slot < SLOT_COUNT && !r->json.failed; slot++) {
        int index = jread_int(&r->json, eq, "equipped", SAVE_SLOT_NAMES[slot], -1, i - 1);
        if (index < 0 || r->json.failed)
            continue;
        Entity *item = game->inventory[index];
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
        game->equipped[slot] = item;
    }
}

static void read_log(SaveReader *r, Game *game, const cJSON *root)
{
    static const char *const keys[] = {"total", "entries", NULL};
    static const char *const entry_keys[] = {"turn", "repeats", "text", "tone", NULL};
    const cJSON *lo = jread_object(&r->json, root, "", "log");
    jread_only_keys(&r->json, lo, "log", keys);
    MessageLog *log = &game->log;
    msglog_init(log);
    long long total = 0;
    const cJSON *t = lo ? jread_find(&r->json, lo, "total") : NULL;
    if (lo && !t)
        jread_fail(&r->json, "log.total: missing");
    jread_number(&r->json, t, "log", "total", 0, 9007199254740991LL, &total);
    const cJSON *entries = jread_array(&r->json, lo, "log", "entries");
    long long said = 0;
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
        jread_only_keys(&r->json, o, at.s, entry_keys);
        LogEntry *e = &log->entries[i];
        e->turn = (uint32_t)jread_int(&r->json, o, at.s, "turn", 0, game->turn);
        e->repeats = jread_int(&r->json, o, at.s, "repeats", 1, SAVE_COUNT_MAX);
        const char *text = jread_string(&r->json, o, at.s, "text", MSGLOG_LINE_MAX - 1);
        if (text)
            memcpy(e->text, text, strlen(text) + 1);
        /* A save made before tones has none: its messages are plain. "plain" itself is
         * never written, so it is refused like any unknown tone. */
        e->tone = MSG_PLAIN;
        if (!r->json.failed && jread_find(&r->json, o, "tone"))
            e->tone =
                (MsgTone)jread_enum(&r->json, o, at.s, "tone", MSGLOG_TONE_NAMES, MSG_PLAIN + 1);
        said += e->repeats;
        log->count = i + 1;
    }
    if (!r->json.failed && said > total)
        jread_fail(&r->json, "log.total: %lld is less than the %lld messages in the log", total,
                   said);
    log->total = (uint64_t)total;
}

static void read_scalars(SaveReader *r, Game *game, const cJSON *root, uint32_t *next_id)
{
    static const char *const counter_keys[] = {
        "kills", "doors_opened", "keys_used", "hidden_found", "items_picked", "by_kind", NULL};
    game->turn = (uint32_t)jread_int(&r->json, root, "", "turn", 0, GAME_TURN_MAX);
    /* Saves made before it have none: their games cannot be matched to a recording. */
    game->commands = 0;
    game->commands_known = false;
    if (!r->json.failed && jread_find(&r->json, root, "commands")) {
        game->commands = jread_u64(&r->json, root, "", "commands");
        game->commands_known = !r->json.failed; /* its bounds: game_check_counts */
    }
    game->current = jread_int(&r->json, root, "", "current", 0, MAX_FLOORS);
    game->deepest = jread_int(&r->json, root, "", "deepest", game->current, MAX_FLOORS);
    game->outcome = (GameOutcome)jread_enum(&r->json, root, "", "outcome", SAVE_OUTCOME_NAMES, 0);
    const char *killer = jread_string(&r->json, root, "", "killed_by", sizeof game->killed_by - 1);
    if (killer && *killer && factory_kind(&game->factory, killer) == KIND_NONE)
        jread_fail(&r->json, "killed_by: '%s' is not an entity this game knows", killer);
    if (killer)
        memcpy(game->killed_by, killer, strlen(killer) + 1);
    const cJSON *c = jread_object(&r->json, root, "", "counters");
    jread_only_keys(&r->json, c, "counters", counter_keys);
    game->counters.kills = jread_int(&r->json, c, "counters", "kills", 0, GAME_COUNT_MAX);
    game->counters.doors_opened =
        jread_int(&r->json, c, "counters", "doors_opened", 0, GAME_COUNT_MAX);
    game->counters.keys_used = jread_int(&r->json, c, "counters", "keys_used", 0, GAME_COUNT_MAX);
    game->counters.hidden_found =
        jread_int(&r->json, c, "counters", "hidden_found", 0, GAME_COUNT_MAX);
    game->counters.items_picked =
        jread_int(&r->json, c, "counters", "items_picked", 0, GAME_COUNT_MAX);
    /* Left out by saves made before them: no kill known by kind (every save of this dungeon
     * version has them, and game_check_counts asks that they add up to kills). */
    const cJSON *by_kind = c ? jread_find(&r->json, c, "by_kind") : NULL;
    if (by_kind && !r->json.failed) {
        /* Kills are saved under the names of the kinds of mouse, read back to their kinds. */
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
        /* Their sum against kills: game_check_counts. */
        for (int k = 0; k < n && !r->json.failed; k++)
            if (jread_find(&r->json, by_kind, kinds[k]))
                game->counters.kills_by_kind[ids[k]] = (int)jread_int(
                    &r->json, by_kind, "counters.by_kind", kinds[k], 1, GAME_COUNT_MAX);
    }
    /* Left out by saves made before it: no time known. */
    if (jread_find(&r->json, root, "played_ms"))
        game->played_ms =
            (uint64_t)jread_int(&r->json, root, "", "played_ms", 0, 9007199254740991LL);
    game->search_streak = jread_int(&r->json, root, "", "search_streak", 0, 1000);
    game->activity = (Activity)jread_enum(&r->json, root, "", "activity", SAVE_ACTIVITY_NAMES, 0);
    /* Travel checks its target against the map itself. */
    game->travel_x = jread_int(&r->json, root, "", "travel_x", -10000, 10000);
    game->travel_y = jread_int(&r->json, root, "", "travel_y", -10000, 10000);
    game->last_dx = jread_int(&r->json, root, "", "last_dx", -1, 1);
    game->last_dy = jread_int(&r->json, root, "", "last_dy", -1, 1);
    /* Given to the factory once every entity is made (making them counts up). */
    *next_id = (uint32_t)jread_int(&r->json, root, "", "next_id", 1, UINT32_MAX);
    r->next_id = *next_id;
    const cJSON *rng = jread_object(&r->json, root, "", "rng");
    static const char *const rng_keys[] = {"play", "cosmetic", NULL};
    jread_only_keys(&r->json, rng, "rng", rng_keys);
    game->rng_play = read_rng(r, rng, "rng", "play");
    game->rng_cosmetic = read_rng(r, rng, "rng", "cosmetic");
}

/* The format, the checksum and the dungeon version, before any value is trusted. */
static void check_envelope(SaveReader *r, const cJSON *root, const char *text, size_t len)
{
    const cJSON *format = cJSON_GetObjectItemCaseSensitive(root, "format");
    if (!format) {
        jread_fail(&r->json, "format: missing (not a Mouse King save?)");
        return;
    }
    long long version = 0;
    if (cJSON_IsNumber(format) && jread_whole_in(format, SAVE_FORMAT + 1, INT32_MAX)) {
        jread_fail(&r->json,
                   "format: %.15g: made by a newer version of Mouse King (this one reads %d)",
                   format->valuedouble, SAVE_FORMAT);
        return;
    }
    if (!jread_number(&r->json, format, "", "format", SAVE_FORMAT_OLDEST, SAVE_FORMAT, &version))
        return;
    const size_t tail = sizeof SAVE_CHECKSUM_TAIL - 1, whole = tail + SAVE_CHECKSUM_HEX + 2;
    const cJSON *sum = cJSON_GetObjectItemCaseSensitive(root, "checksum");
    if (!sum || len < whole || memcmp(text + len - whole, SAVE_CHECKSUM_TAIL, tail) != 0 ||
        text[len - 2] != '"' || text[len - 1] != '}') {
        jread_fail(&r->json, "checksum: missing, or not the last member of the file");
        return;
    }
    const char *hex = text + len - whole + tail;
    uint64_t stored = 0;
    for (int i = 0; i < SAVE_CHECKSUM_HEX; i++) {
        char c = hex[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0) {
            jread_fail(&r->json, "checksum: not 16 lowercase hex digits");
            return;
        }
        stored = stored << 4 | (uint64_t)d;
    }
    uint64_t actual = save_checksum(text, len - whole);
    if (stored != actual) {
        jread_fail(&r->json,
                   "checksum: the file was changed or damaged (%016" PRIx64 " expected, %016" PRIx64
                   " found)",
                   actual, stored);
        return;
    }
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

static void check_top_keys(SaveReader *r, const cJSON *root)
{
    static const char *const keys[] = {
        "format",    "dungeon_version", "seed",     "floor_seeds", "floor_stats", "turn",
        "commands",  "current",         "deepest",  "outcome",     "killed_by",   "counters",
        "played_ms", "search_streak",   "activity", "travel_x",    "travel_y",    "last_dx",
        "last_dy",   "next_id",         "rng",      "player",      "inventory",   "equipped",
        "log",       "floors",          "checksum", NULL};
    jread_only_keys(&r->json, root, "", keys);
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
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, false);
    if (!root) {
        size_t at = end && end >= text && end <= text + len ? (size_t)(end - text) : 0;
        jread_fail(&r.json, "not valid JSON (at byte %zu of %zu)", at, len);
        return false;
    }
    if (!cJSON_IsObject(root))
        jread_fail(&r.json, "not a JSON object");
    else if (end != text + len)
        jread_fail(&r.json, "unexpected bytes after the save, at byte %zu of %zu",
                   (size_t)(end - text), len);
    check_envelope(&r, root, text, len);
    check_top_keys(&r, root);
    uint64_t seed = jread_u64(&r.json, root, "", "seed");
    bool built = false;
    if (!r.json.failed) {
        if (!game_init(out, seed, rules)) {
            jread_fail(&r.json, "%s", out->error);
            memset(out, 0, sizeof *out);
        } else {
            built = true;
            /* game_init made floor 0 and said hello: the save gives both. */
            Floor *start = out->floors[0];
            entity_list_detach(&start->entities, out->player);
            floor_free(start);
            free(start);
            out->floors[0] = NULL;
            msglog_init(&out->log);
        }
    }
    if (built) {
        check_seeds(&r, root, &out->seeds);
        uint32_t next_id = 1;
        read_scalars(&r, out, root, &next_id);
        if (!r.json.failed && out->search_streak > rules->search_thorough_after)
            jread_fail(&r.json, "search_streak: %d is more than search.thorough_after (%d)",
                       out->search_streak, rules->search_thorough_after);
        save_read_player(&r, out, root);
        read_inventory(&r, out, root);
        read_log(&r, out, root);
        save_read_floors(&r, out, root);
        save_read_floor_stats(&r, out, root);
        out->factory.next_id = next_id;
        if (!r.json.failed)
            save_check_ids(&r, out);
        /* Every value was in range; now the game they make must be one the game could reach. */
        char why[SAVE_ERROR_MAX];
        if (!r.json.failed && !game_check_invariants(out, why, sizeof why))
            jread_fail(&r.json, "impossible: %s", why);
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

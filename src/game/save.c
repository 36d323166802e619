#define _POSIX_C_SOURCE 200809L /* unlink */
#include "game/save.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/errline.h"
#include "core/userfile.h"
#include "entities/entities.h"
#include "gen/gen.h"

/* ---- shared by writing and reading -------------------------------------------------- */

static const char *const OUTCOME_NAMES[] = {"playing", "died", "won", NULL};
static const char *const ACTIVITY_NAMES[] = {"none", "travel", "explore", NULL};
static const char *const MIND_NAMES[] = {"dormant", "hunting", "searching", "wandering", NULL};
static const char *const SLOT_NAMES[] = {"none", "weapon", "armour", "chip", NULL};
static const char *const DOOR_NAMES[] = {"none", "closed", "open", "locked", "hidden", NULL};

/* Cell characters: [tile][zone]. */
static const char CELL_CHARS[2][5] = {{'#', 'R', 'C', 'P', 'A'}, {',', '.', '=', '-', 'a'}};

static const char CHECKSUM_TAIL[] = ",\"checksum\":\"";
enum { CHECKSUM_HEX = 16 };

static uint64_t fnv1a(const char *data, size_t len, uint64_t h)
{
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)data[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* The checksum of a document whose checksum member begins at `cut`: the bytes before it and
 * a closing brace. */
static uint64_t document_checksum(const char *text, size_t cut)
{
    return fnv1a("}", 1, fnv1a(text, cut, 0xcbf29ce484222325ULL));
}

/* ---- writing ------------------------------------------------------------------------ */

typedef struct Writer {
    bool ok;
    char *row; /* scratch: one map row */
} Writer;

static cJSON *w_check(Writer *w, cJSON *item)
{
    if (!item)
        w->ok = false;
    return item;
}

/* Whole numbers go in as raw text: cJSON prints a number through printf("%1.15g") and reads it
 * back to check, which was most of the time of a save. */
static const char *int_text(char out[24], long long v)
{
    char *p = out + 23;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    *p = '\0';
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        *--p = '-';
    return p;
}

static void w_num(Writer *w, cJSON *o, const char *key, long long v)
{
    char text[24];
    if (w->ok)
        w_check(w, cJSON_AddRawToObject(o, key, int_text(text, v)));
}

static void w_str(Writer *w, cJSON *o, const char *key, const char *s)
{
    if (w->ok)
        w_check(w, cJSON_AddStringToObject(o, key, s));
}

static void w_u64(Writer *w, cJSON *o, const char *key, uint64_t v)
{
    char text[24];
    snprintf(text, sizeof text, "%" PRIu64, v);
    w_str(w, o, key, text);
}

static cJSON *w_obj(Writer *w, cJSON *o, const char *key)
{
    return w->ok ? w_check(w, cJSON_AddObjectToObject(o, key)) : NULL;
}

static cJSON *w_arr(Writer *w, cJSON *o, const char *key)
{
    return w->ok ? w_check(w, cJSON_AddArrayToObject(o, key)) : NULL;
}

/* Appends a new object to an array. */
static cJSON *w_push_obj(Writer *w, cJSON *array)
{
    if (!w->ok)
        return NULL;
    cJSON *o = w_check(w, cJSON_CreateObject());
    if (o && !cJSON_AddItemToArray(array, o)) {
        cJSON_Delete(o);
        w->ok = false;
        return NULL;
    }
    return o;
}

static void w_push(Writer *w, cJSON *array, cJSON *item)
{
    if (!w->ok || !item) {
        cJSON_Delete(item);
        w->ok = false;
        return;
    }
    if (!cJSON_AddItemToArray(array, item)) {
        cJSON_Delete(item);
        w->ok = false;
    }
}

static cJSON *w_int_array(Writer *w, const int *v, int n)
{
    cJSON *a = w->ok ? w_check(w, cJSON_CreateArray()) : NULL;
    for (int i = 0; i < n && w->ok; i++) {
        char text[24];
        w_push(w, a, cJSON_CreateRaw(int_text(text, v[i])));
    }
    if (!w->ok) {
        cJSON_Delete(a);
        return NULL;
    }
    return a;
}

static void write_rng(Writer *w, cJSON *o, const char *key, const Rng *rng)
{
    cJSON *r = w_obj(w, o, key);
    w_u64(w, r, "state", rng->state);
    w_u64(w, r, "inc", rng->inc);
}

static void write_stats(Writer *w, cJSON *o, const Stats *s)
{
    cJSON *st = w_obj(w, o, "stats");
    w_num(w, st, "hp", s->hp);
    w_num(w, st, "max_hp", s->max_hp);
    w_num(w, st, "attack_min", s->attack_min);
    w_num(w, st, "attack_max", s->attack_max);
    w_num(w, st, "defence", s->defence);
    w_num(w, st, "hit", s->hit);
    w_num(w, st, "dodge", s->dodge);
    w_num(w, st, "sight", s->sight);
    w_num(w, st, "speed", s->speed);
    w_num(w, st, "xp", s->xp);
    w_num(w, st, "level", s->level);
}

static void write_entity(Writer *w, cJSON *o, const Entity *e)
{
    w_str(w, o, "name", e->name);
    w_num(w, o, "id", e->id);
    w_num(w, o, "x", e->x);
    w_num(w, o, "y", e->y);
    switch (e->kind) {
    case KIND_MONSTER: {
        w_num(w, o, "facing", e->facing);
        write_stats(w, o, &e->stats);
        cJSON *m = w_obj(w, o, "mind");
        w_str(w, m, "state", MIND_NAMES[e->mind.state]);
        w_num(w, m, "target_x", e->mind.target_x);
        w_num(w, m, "target_y", e->mind.target_y);
        w_num(w, m, "energy", e->mind.energy);
        w_num(w, m, "summon_timer", e->mind.summon_timer);
        w_num(w, m, "stuck", e->mind.stuck);
        break;
    }
    case KIND_ITEM: {
        cJSON *it = w_obj(w, o, "item");
        w_str(w, it, "slot", SLOT_NAMES[e->item.slot]);
        w_num(w, it, "attack", e->item.attack);
        w_num(w, it, "defence", e->item.defence);
        w_num(w, it, "hit", e->item.hit);
        w_num(w, it, "dodge", e->item.dodge);
        w_num(w, it, "heal", e->item.heal);
        w_num(w, it, "floor", e->item.floor);
        if (e->flags & EF_CARRIED_BEFORE && w->ok)
            w_check(w, cJSON_AddTrueToObject(o, "carried"));
        break;
    }
    case KIND_DOOR: w_str(w, o, "door", DOOR_NAMES[e->door]); break;
    case KIND_STAIRS:
    case KIND_PLAYER: break;
    }
}

static void write_rows(Writer *w, cJSON *o, const char *key, const Map *m, const uint8_t *seen)
{
    cJSON *rows = w_arr(w, o, key);
    for (int y = 0; y < m->height && w->ok; y++) {
        const int at = y * m->width;
        for (int x = 0; x < m->width; x++) {
            if (seen) {
                w->row[x] = seen[at + x] ? '1' : '0';
            } else {
                int tile = m->tiles[at + x] == TILE_FLOOR, zone = m->zones[at + x];
                w->row[x] = zone >= 0 && zone <= ZONE_ALCOVE ? CELL_CHARS[tile][zone] : '?';
            }
        }
        w->row[m->width] = '\0';
        w_push(w, rows, cJSON_CreateString(w->row));
    }
}

static void write_floor(Writer *w, cJSON *o, const Game *game, const Floor *f)
{
    const Map *m = &f->map;
    w_num(w, o, "number", f->number);
    w_num(w, o, "width", m->width);
    w_num(w, o, "height", m->height);
    write_rows(w, o, "rows", m, NULL);
    write_rows(w, o, "seen", m, f->seen);
    cJSON *rooms = w_arr(w, o, "rooms");
    for (int i = 0; i < f->room_count && w->ok; i++) {
        const Room *r = &f->rooms[i];
        w_push(w, rooms, w_int_array(w, (const int[]){r->x, r->y, r->w, r->h}, 4));
    }
    cJSON *arrival = w_int_array(w, (const int[]){f->arrival_x, f->arrival_y}, 2);
    if (!w->ok || !arrival || !cJSON_AddItemToObject(o, "arrival", arrival)) {
        cJSON_Delete(arrival);
        w->ok = false;
    }
    int player_at = -1, n = 0;
    for (const Entity *e = f->entities.head; e; e = e->next)
        if (!(e->flags & EF_REMOVED)) {
            if (e == game->player)
                player_at = n;
            else
                n++;
        }
    if (player_at >= 0)
        w_num(w, o, "player_at", player_at);
    cJSON *list = w_arr(w, o, "entities");
    for (const Entity *e = f->entities.head; e && w->ok; e = e->next)
        if (!(e->flags & EF_REMOVED) && e != game->player)
            write_entity(w, w_push_obj(w, list), e);
}

static void write_game(Writer *w, cJSON *root, const Game *game)
{
    w_num(w, root, "format", SAVE_FORMAT);
    w_num(w, root, "dungeon_version", DUNGEON_VERSION);
    w_u64(w, root, "seed", game->seeds.game);
    cJSON *seeds = w_arr(w, root, "floor_seeds");
    for (int f = 0; f < FLOOR_COUNT && w->ok; f++) {
        char text[24];
        snprintf(text, sizeof text, "%" PRIu64, game->seeds.floors[f]);
        w_push(w, seeds, cJSON_CreateString(text));
    }
    w_num(w, root, "turn", game->turn);
    w_num(w, root, "current", game->current);
    w_num(w, root, "deepest", game->deepest);
    w_str(w, root, "outcome", OUTCOME_NAMES[game->outcome]);
    w_str(w, root, "killed_by", game->killed_by);
    cJSON *c = w_obj(w, root, "counters");
    w_num(w, c, "kills", game->counters.kills);
    w_num(w, c, "doors_opened", game->counters.doors_opened);
    w_num(w, c, "keys_used", game->counters.keys_used);
    w_num(w, c, "hidden_found", game->counters.hidden_found);
    w_num(w, c, "items_picked", game->counters.items_picked);
    w_num(w, root, "search_streak", game->search_streak);
    w_str(w, root, "activity", ACTIVITY_NAMES[game->activity]);
    w_num(w, root, "travel_x", game->travel_x);
    w_num(w, root, "travel_y", game->travel_y);
    w_num(w, root, "last_dx", game->last_dx);
    w_num(w, root, "last_dy", game->last_dy);
    w_num(w, root, "next_id", game->factory.next_id);
    cJSON *rng = w_obj(w, root, "rng");
    write_rng(w, rng, "play", &game->rng_play);
    write_rng(w, rng, "cosmetic", &game->rng_cosmetic);

    const Entity *p = game->player;
    cJSON *po = w_obj(w, root, "player");
    w_num(w, po, "id", p->id);
    w_num(w, po, "x", p->x);
    w_num(w, po, "y", p->y);
    w_num(w, po, "facing", p->facing);
    write_stats(w, po, &p->stats);

    cJSON *inv = w_arr(w, root, "inventory");
    for (int i = 0; i < game->inventory_count && w->ok; i++)
        write_entity(w, w_push_obj(w, inv), game->inventory[i]);
    cJSON *eq = w_obj(w, root, "equipped");
    for (int slot = SLOT_WEAPON; slot < SLOT_COUNT; slot++) {
        int index = -1;
        for (int i = 0; i < game->inventory_count; i++)
            if (game->equipped[slot] == game->inventory[i])
                index = i;
        w_num(w, eq, SLOT_NAMES[slot], index);
    }

    cJSON *log = w_obj(w, root, "log");
    w_num(w, log, "total", (long long)game->log.total);
    cJSON *entries = w_arr(w, log, "entries");
    for (int age = msglog_count(&game->log) - 1; age >= 0 && w->ok; age--) {
        const LogEntry *e = msglog_get(&game->log, age);
        cJSON *o = w_push_obj(w, entries);
        w_num(w, o, "turn", e->turn);
        w_num(w, o, "repeats", e->repeats);
        w_str(w, o, "text", e->text);
    }

    cJSON *floors = w_arr(w, root, "floors");
    for (int f = 0; f < FLOOR_COUNT && w->ok; f++)
        if (game->floors[f])
            write_floor(w, w_push_obj(w, floors), game, game->floors[f]);
}

char *save_to_json(const Game *game)
{
    int width = 0;
    for (int f = 0; f < FLOOR_COUNT; f++)
        if (game->floors[f] && game->floors[f]->map.width > width)
            width = game->floors[f]->map.width;
    Writer w = {.ok = true, .row = malloc((size_t)width + 1)};
    cJSON *root = cJSON_CreateObject();
    w.ok = root && w.row;
    if (w.ok)
        write_game(&w, root, game);
    char *body = w.ok ? cJSON_PrintUnformatted(root) : NULL;
    cJSON_Delete(root);
    free(w.row);
    if (!body)
        return NULL;
    /* The body ends with the root's '}': the checksum member goes in its place. */
    size_t cut = strlen(body) - 1;
    uint64_t sum = document_checksum(body, cut);
    char *text = realloc(body, cut + sizeof CHECKSUM_TAIL + CHECKSUM_HEX + 3);
    if (!text) {
        free(body);
        return NULL;
    }
    snprintf(text + cut, sizeof CHECKSUM_TAIL + CHECKSUM_HEX + 3, "%s%016" PRIx64 "\"}",
             CHECKSUM_TAIL, sum);
    return text;
}

/* ---- reading ------------------------------------------------------------------------ */

typedef struct Reader {
    char *err;
    size_t err_size;
    bool failed;
    uint32_t next_id; /* every id read is below it */
    /* Members are looked for from just after the last one found: the file's own order. */
    const cJSON *hint_object, *hint;
} Reader;

__attribute__((format(printf, 2, 3))) static bool fail(Reader *r, const char *fmt, ...)
{
    if (r->failed)
        return false;
    r->failed = true;
    va_list args;
    va_start(args, fmt);
    errline_vformat(r->err, r->err_size, fmt, args);
    va_end(args);
    return false;
}

/* The member `key` of object o, or NULL. */
static const cJSON *find(Reader *r, const cJSON *o, const char *key)
{
    if (!o)
        return NULL;
    const cJSON *start = r->hint_object == o && r->hint ? r->hint : o->child;
    for (int pass = 0; pass < 2; pass++)
        for (const cJSON *c = pass ? o->child : start; c && (pass == 0 || c != start); c = c->next)
            if (c->string && strcmp(c->string, key) == 0) {
                r->hint_object = o;
                r->hint = c->next;
                return c;
            }
    return NULL;
}

/* "at.key", or "key" at the top. */
typedef struct Path {
    char s[128];
} Path;

static Path join(const char *at, const char *key)
{
    Path p;
    if (snprintf(p.s, sizeof p.s, "%s%s%s", at, at[0] && key[0] ? "." : "", key) >= (int)sizeof p.s)
        memcpy(p.s + sizeof p.s - 4, "...", 4); /* never with the game's own paths */
    return p;
}

static Path indexed(const char *at, const char *key, int i)
{
    Path p;
    if (snprintf(p.s, sizeof p.s, "%s%s%s[%d]", at, at[0] && key[0] ? "." : "", key, i) >=
        (int)sizeof p.s)
        memcpy(p.s + sizeof p.s - 4, "...", 4);
    return p;
}

static const char *type_name(const cJSON *v)
{
    return cJSON_IsNumber(v)   ? "a number"
           : cJSON_IsString(v) ? "a string"
           : cJSON_IsBool(v)   ? "a boolean"
           : cJSON_IsNull(v)   ? "null"
           : cJSON_IsArray(v)  ? "an array"
           : cJSON_IsObject(v) ? "an object"
                               : "something else";
}

/* The member `key` of `o`, which must be there and be of the type `is` checks. */
static const cJSON *member(Reader *r, const cJSON *o, const char *at, const char *key,
                           cJSON_bool (*is)(const cJSON *), const char *what)
{
    if (r->failed || !o)
        return NULL;
    const cJSON *v = find(r, o, key);
    if (!v) {
        fail(r, "%s: missing", join(at, key).s);
        return NULL;
    }
    if (!is(v)) {
        fail(r, "%s: should be %s, not %s", join(at, key).s, what, type_name(v));
        return NULL;
    }
    return v;
}

static const cJSON *get_object(Reader *r, const cJSON *o, const char *at, const char *key)
{
    return member(r, o, at, key, cJSON_IsObject, "an object");
}

static const cJSON *get_array(Reader *r, const cJSON *o, const char *at, const char *key)
{
    return member(r, o, at, key, cJSON_IsArray, "an array");
}

/* Every member of o must be one of `known`: the file is the game's own, so anything else is
 * damage. */
static void only_keys(Reader *r, const cJSON *o, const char *at, const char *const *known)
{
    int count = 0, next = 0; /* the members usually come in the order of `known` */
    while (known[count])
        count++;
    for (const cJSON *c = o ? o->child : NULL; c && !r->failed; c = c->next) {
        bool ok = false;
        for (int k = 0; k < count && !ok; k++, next = (next + 1) % count)
            ok = c->string && strcmp(c->string, known[next]) == 0;
        if (!ok)
            fail(r, "%s: unknown field", join(at, c->string ? c->string : "?").s);
    }
}

static bool whole_in(const cJSON *v, long long lo, long long hi)
{
    double d = v->valuedouble;
    return d >= (double)lo && d <= (double)hi && d == (double)(long long)d;
}

/* A whole number in lo..hi; `out` is left alone on failure. The value's place is at.key (the
 * text is made only for a message: reading a save reads many numbers). */
static bool number_value(Reader *r, const cJSON *v, const char *at, const char *key, long long lo,
                         long long hi, long long *out)
{
    if (r->failed)
        return false;
    if (!cJSON_IsNumber(v))
        return fail(r, "%s: should be a whole number, not %s", join(at, key).s, type_name(v));
    if (!whole_in(v, lo, hi))
        return fail(r, "%s: %.15g is not a whole number in %lld..%lld", join(at, key).s,
                    v->valuedouble, lo, hi);
    *out = (long long)v->valuedouble;
    return true;
}

static long long get_int(Reader *r, const cJSON *o, const char *at, const char *key, long long lo,
                         long long hi)
{
    long long v = lo;
    const cJSON *m = r->failed || !o ? NULL : find(r, o, key);
    if (!r->failed && o && !m)
        fail(r, "%s: missing", join(at, key).s);
    else if (m)
        number_value(r, m, at, key, lo, hi, &v);
    return v;
}

/* A coordinate: the same as get_int, with a message about the map. */
static int get_coord(Reader *r, const cJSON *o, const char *at, const char *key, int size)
{
    const cJSON *m = r->failed || !o ? NULL : find(r, o, key);
    if (!r->failed && o && !m) {
        fail(r, "%s: missing", join(at, key).s);
        return 0;
    }
    if (m && cJSON_IsNumber(m) && whole_in(m, INT32_MIN, INT32_MAX) && !whole_in(m, 0, size - 1)) {
        fail(r, "%s: %.15g is outside the map (0..%d)", join(at, key).s, m->valuedouble, size - 1);
        return 0;
    }
    long long v = 0;
    if (m)
        number_value(r, m, at, key, 0, size - 1, &v);
    return (int)v;
}

/* An entity id: 1..next_id - 1, so that the factory never gives it again. */
static uint32_t get_id(Reader *r, const cJSON *o, const char *at)
{
    const cJSON *m = r->failed || !o ? NULL : find(r, o, "id");
    if (m && cJSON_IsNumber(m) && whole_in(m, r->next_id, UINT32_MAX)) {
        fail(r, "%s: %.15g is not below next_id (%" PRIu32 ")", join(at, "id").s, m->valuedouble,
             r->next_id);
        return 0;
    }
    return (uint32_t)get_int(r, o, at, "id", 1, (long long)r->next_id - 1);
}

/* A string member of at most max_len bytes without control characters. */
static const char *get_string(Reader *r, const cJSON *o, const char *at, const char *key,
                              size_t max_len)
{
    const cJSON *v = member(r, o, at, key, cJSON_IsString, "a string");
    if (!v)
        return NULL;
    const char *s = v->valuestring;
    size_t n = strlen(s);
    if (n > max_len) {
        fail(r, "%s: longer than %zu bytes", join(at, key).s, max_len);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f) {
            fail(r, "%s: has a control character", join(at, key).s);
            return NULL;
        }
    return s;
}

/* One of `names` (NULL-terminated); returns its index. */
static int get_enum(Reader *r, const cJSON *o, const char *at, const char *key,
                    const char *const *names, int first)
{
    const char *s = get_string(r, o, at, key, 32);
    if (!s)
        return first;
    for (int i = first; names[i]; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    fail(r, "%s: '%s' is not one of the names this game knows", join(at, key).s, s);
    return first;
}

static bool parse_u64_text(const char *s, uint64_t *out)
{
    size_t n = strlen(s);
    if (n == 0 || n > 20 || (s[0] == '0' && n > 1))
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

static uint64_t u64_value(Reader *r, const cJSON *v, const char *at, const char *key)
{
    uint64_t out = 0;
    if (r->failed)
        return 0;
    if (!cJSON_IsString(v))
        fail(r, "%s: should be a decimal string, not %s", join(at, key).s, type_name(v));
    else if (!parse_u64_text(v->valuestring, &out))
        fail(r, "%s: '%.40s' is not a whole number in 0..18446744073709551615", join(at, key).s,
             v->valuestring);
    return out;
}

static uint64_t get_u64(Reader *r, const cJSON *o, const char *at, const char *key)
{
    const cJSON *v = r->failed || !o ? NULL : find(r, o, key);
    if (!r->failed && o && !v)
        fail(r, "%s: missing", join(at, key).s);
    return v ? u64_value(r, v, at, key) : 0;
}

static Rng get_rng(Reader *r, const cJSON *o, const char *at, const char *key)
{
    static const char *const keys[] = {"state", "inc", NULL};
    Path p = join(at, key);
    const cJSON *v = get_object(r, o, at, key);
    only_keys(r, v, p.s, keys);
    Rng rng = {get_u64(r, v, p.s, "state"), get_u64(r, v, p.s, "inc")};
    if (!r->failed && !(rng.inc & 1u))
        fail(r, "%s.inc: must be odd", p.s);
    return rng;
}

enum { STAT_MAX = 1000000, XP_MAX = 1000000000, COUNT_MAX = 1000000000 };

static void read_stats(Reader *r, const cJSON *o, const char *at, Stats *s, bool player)
{
    static const char *const keys[] = {"hp",      "max_hp", "attack_min", "attack_max",
                                       "defence", "hit",    "dodge",      "sight",
                                       "speed",   "xp",     "level",      NULL};
    Path p = join(at, "stats");
    const cJSON *st = get_object(r, o, at, "stats");
    only_keys(r, st, p.s, keys);
    s->max_hp = get_int(r, st, p.s, "max_hp", 1, STAT_MAX);
    s->hp = get_int(r, st, p.s, "hp", player ? 0 : 1, s->max_hp);
    s->attack_min = get_int(r, st, p.s, "attack_min", 0, STAT_MAX);
    s->attack_max = get_int(r, st, p.s, "attack_max", s->attack_min, STAT_MAX);
    s->defence = get_int(r, st, p.s, "defence", 0, STAT_MAX);
    s->hit = get_int(r, st, p.s, "hit", 0, 1000);
    s->dodge = get_int(r, st, p.s, "dodge", 0, 1000);
    s->sight = get_int(r, st, p.s, "sight", 1, MAP_WIDTH + MAP_HEIGHT);
    s->speed = get_int(r, st, p.s, "speed", 1, 100);
    s->xp = get_int(r, st, p.s, "xp", 0, XP_MAX);
    s->level = get_int(r, st, p.s, "level", 1, RULES_MAX_LEVELS + 1);
}

static void read_mind(Reader *r, const cJSON *o, const char *at, Mind *m)
{
    static const char *const keys[] = {"state",        "target_x", "target_y", "energy",
                                       "summon_timer", "stuck",    NULL};
    Path p = join(at, "mind");
    const cJSON *mo = get_object(r, o, at, "mind");
    only_keys(r, mo, p.s, keys);
    m->state = (MindState)get_enum(r, mo, p.s, "state", MIND_NAMES, 0);
    m->target_x = get_coord(r, mo, p.s, "target_x", MAP_WIDTH);
    m->target_y = get_coord(r, mo, p.s, "target_y", MAP_HEIGHT);
    m->energy = get_int(r, mo, p.s, "energy", 0, 10000);
    m->summon_timer = get_int(r, mo, p.s, "summon_timer", -10000, 10000);
    m->stuck = get_int(r, mo, p.s, "stuck", 0, COUNT_MAX);
}

static void read_item(Reader *r, const cJSON *o, const char *at, ItemStats *it)
{
    static const char *const keys[] = {"slot",  "attack", "defence", "hit",
                                       "dodge", "heal",   "floor",   NULL};
    Path p = join(at, "item");
    const cJSON *io = get_object(r, o, at, "item");
    only_keys(r, io, p.s, keys);
    it->slot = (ItemSlot)get_enum(r, io, p.s, "slot", SLOT_NAMES, 0);
    it->attack = get_int(r, io, p.s, "attack", 0, 10000);
    it->defence = get_int(r, io, p.s, "defence", 0, 10000);
    it->hit = get_int(r, io, p.s, "hit", 0, 1000);
    it->dodge = get_int(r, io, p.s, "dodge", 0, 1000);
    it->heal = get_int(r, io, p.s, "heal", 0, STAT_MAX);
    it->floor = get_int(r, io, p.s, "floor", 0, MAX_FLOORS);
}

/* One entity made by the factory from its name, then given the saved fields; NULL (with the
 * error set) on any bad value. The caller owns it. */
static Entity *read_entity(Reader *r, Game *game, const cJSON *o, const char *at, int width,
                           int height, bool in_pack)
{
    static const char *const monster_keys[] = {"name",   "id",    "x",    "y",
                                               "facing", "stats", "mind", NULL};
    static const char *const item_keys[] = {"name", "id", "x", "y", "item", "carried", NULL};
    static const char *const door_keys[] = {"name", "id", "x", "y", "door", NULL};
    static const char *const other_keys[] = {"name", "id", "x", "y", NULL};
    if (r->failed)
        return NULL;
    if (!cJSON_IsObject(o)) {
        fail(r, "%s: should be an object, not %s", at, type_name(o));
        return NULL;
    }
    const char *name = get_string(r, o, at, "name", 64);
    if (!name)
        return NULL;
    if (!factory_has(&game->factory, name) || strcmp(name, "Player") == 0) {
        fail(r, "%s.name: '%s' is not an entity this game knows%s", at, name,
             strcmp(name, "Player") == 0 ? " here (there is one player)" : "");
        return NULL;
    }
    uint32_t id = get_id(r, o, at);
    int x = get_coord(r, o, at, "x", width), y = get_coord(r, o, at, "y", height);
    if (r->failed)
        return NULL;
    Entity *e = factory_create(&game->factory, name, x, y);
    if (!e) {
        fail(r, "%s: %s", at, game->factory.error);
        return NULL;
    }
    if (in_pack && e->kind != KIND_ITEM) {
        fail(r, "%s.name: a %s cannot be carried", at, e->name);
        free(e);
        return NULL;
    }
    e->id = id;
    switch (e->kind) {
    case KIND_MONSTER:
        only_keys(r, o, at, monster_keys);
        e->facing = get_int(r, o, at, "facing", -1, 1);
        if (!r->failed && e->facing == 0)
            fail(r, "%s.facing: must be -1 or 1", at);
        read_stats(r, o, at, &e->stats, false);
        read_mind(r, o, at, &e->mind);
        break;
    case KIND_ITEM: {
        only_keys(r, o, at, item_keys);
        read_item(r, o, at, &e->item);
        const ItemRules *rules = rules_item(game->rules, e->name);
        if (!r->failed && rules && e->item.slot != rules->base.slot)
            fail(r, "%s.item.slot: a %s is worn as '%s'", at, e->name,
                 SLOT_NAMES[rules->base.slot]);
        const cJSON *carried = find(r, o, "carried");
        if (carried && !cJSON_IsTrue(carried))
            fail(r, "%s.carried: should be true or left out", at);
        if (carried)
            e->flags |= EF_CARRIED_BEFORE;
        break;
    }
    case KIND_DOOR: {
        only_keys(r, o, at, door_keys);
        DoorState state = (DoorState)get_enum(r, o, at, "door", DOOR_NAMES, DOOR_CLOSED);
        door_set_state(e, state);
        if (!r->failed && strcmp(e->name, name) != 0)
            fail(r, "%s.door: a '%s' is not %s", at, name, DOOR_NAMES[state]);
        break;
    }
    case KIND_STAIRS:
    case KIND_PLAYER: only_keys(r, o, at, other_keys); break;
    }
    if (r->failed) {
        free(e);
        return NULL;
    }
    return e;
}

/* The inventory, straight into the game (so game_free frees what was read), and the slots. */
static void read_inventory(Reader *r, Game *game, const cJSON *root)
{
    const cJSON *inv = get_array(r, root, "", "inventory");
    int limit = game->rules->inventory_limit < RULES_INVENTORY_CAP ? game->rules->inventory_limit
                                                                   : RULES_INVENTORY_CAP;
    int i = 0;
    for (const cJSON *o = inv ? inv->child : NULL; o && !r->failed; o = o->next, i++) {
        Path at = indexed("", "inventory", i);
        if (i >= limit) {
            fail(r, "inventory: more than %d items", limit);
            return;
        }
        Entity *e = read_entity(r, game, o, at.s, MAP_WIDTH, MAP_HEIGHT, true);
        if (e)
            game->inventory[game->inventory_count++] = e;
    }
    static const char *const keys[] = {"weapon", "armour", "chip", NULL};
    const cJSON *eq = get_object(r, root, "", "equipped");
    only_keys(r, eq, "equipped", keys);
    for (int slot = SLOT_WEAPON; slot < SLOT_COUNT && !r->failed; slot++) {
        int index = get_int(r, eq, "equipped", SLOT_NAMES[slot], -1, game->inventory_count - 1);
        if (index < 0 || r->failed)
            continue;
        Entity *item = game->inventory[index];
        if (item->item.slot != (ItemSlot)slot) {
            fail(r, "equipped.%s: inventory[%d] (a %s) is not worn there", SLOT_NAMES[slot], index,
                 item->name);
            return;
        }
        game->equipped[slot] = item;
    }
}

static void read_log(Reader *r, Game *game, const cJSON *root)
{
    static const char *const keys[] = {"total", "entries", NULL};
    static const char *const entry_keys[] = {"turn", "repeats", "text", NULL};
    const cJSON *lo = get_object(r, root, "", "log");
    only_keys(r, lo, "log", keys);
    MessageLog *log = &game->log;
    msglog_init(log);
    long long total = 0;
    const cJSON *t = lo ? find(r, lo, "total") : NULL;
    if (lo && !t)
        fail(r, "log.total: missing");
    number_value(r, t, "log", "total", 0, 9007199254740991LL, &total);
    const cJSON *entries = get_array(r, lo, "log", "entries");
    long long said = 0;
    int i = 0;
    for (const cJSON *o = entries ? entries->child : NULL; o && !r->failed; o = o->next, i++) {
        Path at = indexed("log", "entries", i);
        if (i >= MSGLOG_CAPACITY) {
            fail(r, "log.entries: more than %d", MSGLOG_CAPACITY);
            return;
        }
        if (!cJSON_IsObject(o)) {
            fail(r, "%s: should be an object, not %s", at.s, type_name(o));
            return;
        }
        only_keys(r, o, at.s, entry_keys);
        LogEntry *e = &log->entries[i];
        e->turn = (uint32_t)get_int(r, o, at.s, "turn", 0, game->turn);
        e->repeats = get_int(r, o, at.s, "repeats", 1, COUNT_MAX);
        const char *text = get_string(r, o, at.s, "text", MSGLOG_LINE_MAX - 1);
        if (text)
            memcpy(e->text, text, strlen(text) + 1);
        said += e->repeats;
        log->count = i + 1;
    }
    if (!r->failed && said > total)
        fail(r, "log.total: %lld is less than the %lld messages in the log", total, said);
    log->total = (uint64_t)total;
}

/* tile * 8 + zone for each cell character, -1 for any other byte. */
static void cell_codes(int8_t codes[256])
{
    memset(codes, -1, 256);
    for (int tile = 0; tile < 2; tile++)
        for (int zone = 0; zone < 5; zone++)
            codes[(unsigned char)CELL_CHARS[tile][zone]] = (int8_t)(tile * 8 + zone);
}

/* "rows" or "seen": height strings of width characters. */
static void read_rows(Reader *r, const cJSON *o, const char *at, const char *key, Floor *f)
{
    const cJSON *rows = get_array(r, o, at, key);
    Map *m = &f->map;
    int y = 0;
    bool seen = strcmp(key, "seen") == 0;
    int8_t codes[256];
    cell_codes(codes);
    for (const cJSON *row = rows ? rows->child : NULL; row && !r->failed; row = row->next, y++) {
        if (y >= m->height) {
            fail(r, "%s: more than %d rows", join(at, key).s, m->height);
            return;
        }
        if (!cJSON_IsString(row) || strlen(row->valuestring) != (size_t)m->width) {
            fail(r, "%s: should be a string of %d characters", indexed(at, key, y).s, m->width);
            return;
        }
        const char *s = row->valuestring;
        for (int x = 0; x < m->width; x++) {
            int i = y * m->width + x;
            int code = seen ? (s[x] == '0' ? 0 : s[x] == '1' ? 1 : -1) : codes[(unsigned char)s[x]];
            if (code < 0) {
                fail(r, "%s: '%c' at %d is not %s", indexed(at, key, y).s, s[x], x,
                     seen ? "0 or 1" : "a cell this game knows");
                return;
            }
            if (seen) {
                f->seen[i] = (uint8_t)code;
            } else {
                m->tiles[i] = (uint8_t)(code >> 3);
                m->zones[i] = (uint8_t)(code & 7);
            }
        }
    }
    if (!r->failed && y != m->height)
        fail(r, "%s: %d rows instead of %d", join(at, key).s, y, m->height);
}

/* A 2- or 4-number array of whole numbers. */
static bool get_ints(Reader *r, const cJSON *v, const char *path, int *out, int n)
{
    if (r->failed)
        return false;
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != n)
        return fail(r, "%s: should be an array of %d numbers", path, n);
    int i = 0;
    for (const cJSON *c = v->child; c; c = c->next, i++) {
        long long value = 0;
        if (!number_value(r, c, path, "", -1000000, 1000000, &value))
            return false;
        out[i] = (int)value;
    }
    return true;
}

/* Where solid entities stand on the floor being read: the index + 1 of the entity there. */
typedef struct Occupancy {
    int16_t at[MAP_WIDTH * MAP_HEIGHT];
} Occupancy;

static bool place(Reader *r, const Floor *f, Occupancy *occ, const Entity *e, const char *at,
                  int index)
{
    int i = e->y * f->map.width + e->x;
    if (f->map.tiles[i] != TILE_FLOOR)
        return fail(r, "%s: (%d, %d) is inside a wall", at, e->x, e->y);
    if (!(e->flags & EF_SOLID))
        return true;
    if (occ->at[i])
        return fail(r, "%s: (%d, %d) already holds a solid entity (%s)", at, e->x, e->y,
                    occ->at[i] == 1 ? "the player" : indexed("", "entities", occ->at[i] - 2).s);
    occ->at[i] = (int16_t)index;
    return true;
}

static void read_floor(Reader *r, Game *game, const cJSON *o, const char *at, Occupancy *occ,
                       bool *player_placed)
{
    static const char *const keys[] = {"number", "width",   "height",    "rows",     "seen",
                                       "rooms",  "arrival", "player_at", "entities", NULL};
    if (!cJSON_IsObject(o)) {
        fail(r, "%s: should be an object, not %s", at, type_name(o));
        return;
    }
    only_keys(r, o, at, keys);
    int number = get_int(r, o, at, "number", 0, MAX_FLOORS);
    int width = get_int(r, o, at, "width", MAP_WIDTH, MAP_WIDTH);
    int height = get_int(r, o, at, "height", MAP_HEIGHT, MAP_HEIGHT);
    if (r->failed)
        return;
    if (game->floors[number]) {
        fail(r, "%s.number: floor %d is given twice", at, number);
        return;
    }
    Floor *f = malloc(sizeof *f);
    if (!f || !floor_init(f, number, game->seeds.floors[number], width, height)) {
        free(f);
        fail(r, "%s: out of memory", at);
        return;
    }
    game->floors[number] = f; /* from here on game_free frees it */
    read_rows(r, o, at, "rows", f);
    read_rows(r, o, at, "seen", f);

    const cJSON *rooms = get_array(r, o, at, "rooms");
    int n = 0;
    for (const cJSON *c = rooms ? rooms->child : NULL; c && !r->failed; c = c->next, n++) {
        Path p = indexed(at, "rooms", n);
        if (n >= FLOOR_MAX_ROOMS) {
            fail(r, "%s.rooms: more than %d rooms", at, FLOOR_MAX_ROOMS);
            return;
        }
        int v[4];
        if (!get_ints(r, c, p.s, v, 4))
            return;
        if (v[0] < 0 || v[1] < 0 || v[2] < 1 || v[3] < 1 || v[0] + v[2] > width ||
            v[1] + v[3] > height) {
            fail(r, "%s: [%d, %d, %d, %d] is not a room inside the map", p.s, v[0], v[1], v[2],
                 v[3]);
            return;
        }
        f->rooms[n] = (Room){v[0], v[1], v[2], v[3]};
        f->room_count = n + 1;
    }
    int arrival[2];
    const cJSON *a = get_array(r, o, at, "arrival");
    if (a && get_ints(r, a, join(at, "arrival").s, arrival, 2)) {
        if (!map_in_bounds(&f->map, arrival[0], arrival[1])) {
            fail(r, "%s.arrival: (%d, %d) is outside the map", at, arrival[0], arrival[1]);
            return;
        }
        f->arrival_x = arrival[0];
        f->arrival_y = arrival[1];
    }

    const cJSON *list = get_array(r, o, at, "entities");
    int count = list ? cJSON_GetArraySize(list) : 0;
    if (count > SAVE_FLOOR_ENTITIES_MAX) {
        fail(r, "%s.entities: %d entities, more than %d", at, count, SAVE_FLOOR_ENTITIES_MAX);
        return;
    }
    bool here = number == game->current;
    int player_at = -1;
    if (here)
        player_at = get_int(r, o, at, "player_at", 0, count);
    else if (find(r, o, "player_at"))
        fail(r, "%s.player_at: the player is on floor %d", at, game->current);
    if (r->failed)
        return;
    memset(occ, 0, sizeof *occ);
    Entity *player = game->player;
    int i = 0;
    for (const cJSON *c = list ? list->child : NULL; !r->failed; c = c->next, i++) {
        if (i == player_at) {
            Path p = join("", "player");
            if (!place(r, f, occ, player, p.s, 1))
                return;
            entity_list_add(&f->entities, player);
            *player_placed = true;
        }
        if (!c)
            break;
        Path p = indexed(at, "entities", i);
        Entity *e = read_entity(r, game, c, p.s, width, height, false);
        if (!e)
            return;
        entity_list_add(&f->entities, e);
        place(r, f, occ, e, p.s, i + 2);
    }
}

static void read_floors(Reader *r, Game *game, const cJSON *root)
{
    const cJSON *floors = get_array(r, root, "", "floors");
    Occupancy *occ = malloc(sizeof *occ);
    if (!occ) {
        fail(r, "out of memory");
        return;
    }
    bool player_placed = false;
    int i = 0;
    for (const cJSON *o = floors ? floors->child : NULL; o && !r->failed; o = o->next, i++) {
        if (i >= FLOOR_COUNT) {
            fail(r, "floors: more than %d", FLOOR_COUNT);
            break;
        }
        read_floor(r, game, o, indexed("", "floors", i).s, occ, &player_placed);
    }
    free(occ);
    if (r->failed)
        return;
    if (!game->floors[game->current])
        fail(r, "current: floor %d is not among the floors", game->current);
    else if (!player_placed)
        fail(r, "player: not placed on floor %d", game->current);
    else if (!game->floors[game->deepest])
        fail(r, "deepest: floor %d is not among the floors", game->deepest);
    for (int f = game->deepest + 1; f < FLOOR_COUNT && !r->failed; f++)
        if (game->floors[f])
            fail(r, "deepest: %d, but floor %d was visited", game->deepest, f);
}

static int compare_ids(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Ids tell entities apart (a mouse coming into view): each is given once. */
static void check_ids(Reader *r, const Game *game)
{
    size_t n = 1 + (size_t)game->inventory_count;
    for (int f = 0; f < FLOOR_COUNT; f++)
        if (game->floors[f])
            n += (size_t)game->floors[f]->entities.count;
    uint32_t *ids = malloc(n * sizeof *ids);
    if (!ids) {
        fail(r, "out of memory");
        return;
    }
    size_t k = 0;
    ids[k++] = game->player->id;
    for (int i = 0; i < game->inventory_count; i++)
        ids[k++] = game->inventory[i]->id;
    for (int f = 0; f < FLOOR_COUNT; f++)
        for (const Entity *e = game->floors[f] ? game->floors[f]->entities.head : NULL; e;
             e = e->next)
            if (e != game->player && k < n)
                ids[k++] = e->id;
    qsort(ids, k, sizeof *ids, compare_ids);
    for (size_t i = 0; i < k && !r->failed; i++) {
        if (i > 0 && ids[i] == ids[i - 1])
            fail(r, "id %" PRIu32 " is given to two entities", ids[i]);
    }
    free(ids);
}

static void read_player(Reader *r, Game *game, const cJSON *root)
{
    static const char *const keys[] = {"id", "x", "y", "facing", "stats", NULL};
    const cJSON *po = get_object(r, root, "", "player");
    only_keys(r, po, "player", keys);
    Entity *p = game->player;
    p->id = get_id(r, po, "player");
    p->x = get_coord(r, po, "player", "x", MAP_WIDTH);
    p->y = get_coord(r, po, "player", "y", MAP_HEIGHT);
    p->facing = get_int(r, po, "player", "facing", -1, 1);
    if (!r->failed && p->facing == 0)
        fail(r, "player.facing: must be -1 or 1");
    read_stats(r, po, "player", &p->stats, true);
}

static void read_scalars(Reader *r, Game *game, const cJSON *root, uint32_t *next_id)
{
    static const char *const counter_keys[] = {"kills",        "doors_opened", "keys_used",
                                               "hidden_found", "items_picked", NULL};
    game->turn = (uint32_t)get_int(r, root, "", "turn", 0, UINT32_MAX);
    game->current = get_int(r, root, "", "current", 0, MAX_FLOORS);
    game->deepest = get_int(r, root, "", "deepest", game->current, MAX_FLOORS);
    game->outcome = (GameOutcome)get_enum(r, root, "", "outcome", OUTCOME_NAMES, 0);
    const char *killer = get_string(r, root, "", "killed_by", sizeof game->killed_by - 1);
    if (killer && *killer && !factory_has(&game->factory, killer))
        fail(r, "killed_by: '%s' is not an entity this game knows", killer);
    if (killer)
        memcpy(game->killed_by, killer, strlen(killer) + 1);
    const cJSON *c = get_object(r, root, "", "counters");
    only_keys(r, c, "counters", counter_keys);
    game->counters.kills = get_int(r, c, "counters", "kills", 0, COUNT_MAX);
    game->counters.doors_opened = get_int(r, c, "counters", "doors_opened", 0, COUNT_MAX);
    game->counters.keys_used = get_int(r, c, "counters", "keys_used", 0, COUNT_MAX);
    game->counters.hidden_found = get_int(r, c, "counters", "hidden_found", 0, COUNT_MAX);
    game->counters.items_picked = get_int(r, c, "counters", "items_picked", 0, COUNT_MAX);
    game->search_streak = get_int(r, root, "", "search_streak", 0, 1000);
    game->activity = (Activity)get_enum(r, root, "", "activity", ACTIVITY_NAMES, 0);
    /* Travel checks its target against the map itself. */
    game->travel_x = get_int(r, root, "", "travel_x", -10000, 10000);
    game->travel_y = get_int(r, root, "", "travel_y", -10000, 10000);
    game->last_dx = get_int(r, root, "", "last_dx", -1, 1);
    game->last_dy = get_int(r, root, "", "last_dy", -1, 1);
    /* Given to the factory once every entity is made (making them counts up). */
    *next_id = (uint32_t)get_int(r, root, "", "next_id", 1, UINT32_MAX);
    r->next_id = *next_id;
    const cJSON *rng = get_object(r, root, "", "rng");
    static const char *const rng_keys[] = {"play", "cosmetic", NULL};
    only_keys(r, rng, "rng", rng_keys);
    game->rng_play = get_rng(r, rng, "rng", "play");
    game->rng_cosmetic = get_rng(r, rng, "rng", "cosmetic");
}

/* The format, the checksum and the dungeon version, before any value is trusted. */
static void check_envelope(Reader *r, const cJSON *root, const char *text, size_t len)
{
    const cJSON *format = cJSON_GetObjectItemCaseSensitive(root, "format");
    if (!format) {
        fail(r, "format: missing (not a Mouse King save?)");
        return;
    }
    long long version = 0;
    if (cJSON_IsNumber(format) && whole_in(format, SAVE_FORMAT + 1, INT32_MAX)) {
        fail(r, "format: %.15g: made by a newer version of Mouse King (this one reads %d)",
             format->valuedouble, SAVE_FORMAT);
        return;
    }
    if (!number_value(r, format, "", "format", SAVE_FORMAT, SAVE_FORMAT, &version))
        return;
    const size_t tail = sizeof CHECKSUM_TAIL - 1, whole = tail + CHECKSUM_HEX + 2;
    const cJSON *sum = cJSON_GetObjectItemCaseSensitive(root, "checksum");
    if (!sum || len < whole || memcmp(text + len - whole, CHECKSUM_TAIL, tail) != 0 ||
        text[len - 2] != '"' || text[len - 1] != '}') {
        fail(r, "checksum: missing, or not the last member of the file");
        return;
    }
    const char *hex = text + len - whole + tail;
    uint64_t stored = 0;
    for (int i = 0; i < CHECKSUM_HEX; i++) {
        char c = hex[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0) {
            fail(r, "checksum: not 16 lowercase hex digits");
            return;
        }
        stored = stored << 4 | (uint64_t)d;
    }
    uint64_t actual = document_checksum(text, len - whole);
    if (stored != actual) {
        fail(r,
             "checksum: the file was changed or damaged (%016" PRIx64 " expected, %016" PRIx64
             " found)",
             actual, stored);
        return;
    }
    long long dungeon = 0;
    const cJSON *dv = cJSON_GetObjectItemCaseSensitive(root, "dungeon_version");
    if (!dv)
        fail(r, "dungeon_version: missing");
    else if (number_value(r, dv, "", "dungeon_version", 0, INT32_MAX, &dungeon) &&
             dungeon != DUNGEON_VERSION)
        fail(r, "dungeon_version: %lld, but this version of Mouse King builds dungeon %d", dungeon,
             DUNGEON_VERSION);
}

static void check_top_keys(Reader *r, const cJSON *root)
{
    static const char *const keys[] = {
        "format",   "dungeon_version", "seed",      "floor_seeds", "turn",          "current",
        "deepest",  "outcome",         "killed_by", "counters",    "search_streak", "activity",
        "travel_x", "travel_y",        "last_dx",   "last_dy",     "next_id",       "rng",
        "player",   "inventory",       "equipped",  "log",         "floors",        "checksum",
        NULL};
    only_keys(r, root, "", keys);
}

/* The floor seeds follow from the game seed; a save whose seeds disagree was tampered with. */
static void check_seeds(Reader *r, const cJSON *root, const GameSeeds *seeds)
{
    const cJSON *list = get_array(r, root, "", "floor_seeds");
    int i = 0;
    for (const cJSON *c = list ? list->child : NULL; c && !r->failed; c = c->next, i++) {
        Path p = indexed("", "floor_seeds", i);
        uint64_t s = u64_value(r, c, p.s, "");
        if (!r->failed && (i >= FLOOR_COUNT || s != seeds->floors[i]))
            fail(r, "%s: does not follow from the game seed", p.s);
    }
    if (!r->failed && i != FLOOR_COUNT)
        fail(r, "floor_seeds: %d seeds instead of %d", i, FLOOR_COUNT);
}

bool save_from_json(Game *out, const char *text, size_t len, const Rules *rules, char *err,
                    size_t err_size)
{
    memset(out, 0, sizeof *out);
    Reader r = {.err = err, .err_size = err_size};
    if (err_size > 0)
        err[0] = '\0';
    if (!text || !rules) {
        fail(&r, "nothing to read");
        return false;
    }
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, false);
    if (!root) {
        size_t at = end && end >= text && end <= text + len ? (size_t)(end - text) : 0;
        fail(&r, "not valid JSON (at byte %zu of %zu)", at, len);
        return false;
    }
    if (!cJSON_IsObject(root))
        fail(&r, "not a JSON object");
    else if (end != text + len)
        fail(&r, "unexpected bytes after the save, at byte %zu of %zu", (size_t)(end - text), len);
    check_envelope(&r, root, text, len);
    check_top_keys(&r, root);
    uint64_t seed = get_u64(&r, root, "", "seed");
    bool built = false;
    if (!r.failed) {
        if (!game_init(out, seed, rules)) {
            fail(&r, "%s", out->error);
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
        if (!r.failed && out->search_streak > rules->search_thorough_after)
            fail(&r, "search_streak: %d is more than search.thorough_after (%d)",
                 out->search_streak, rules->search_thorough_after);
        read_player(&r, out, root);
        read_inventory(&r, out, root);
        read_log(&r, out, root);
        read_floors(&r, out, root);
        out->factory.next_id = next_id;
        if (!r.failed)
            check_ids(&r, out);
    }
    cJSON_Delete(root);
    if (r.failed) {
        if (built)
            game_free(out);
        memset(out, 0, sizeof *out);
        return false;
    }
    game_rebuild_derived(out); /* sight and the caches are not in the file */
    out->events = 0;
    return true;
}

/* ---- files -------------------------------------------------------------------------- */

bool save_write(const Game *game, const char *path, char *err, size_t err_size)
{
    char *text = save_to_json(game);
    if (!text) {
        snprintf(err, err_size, "%s: out of memory", path);
        return false;
    }
    bool ok = userfile_write(path, text, strlen(text), err, err_size);
    free(text);
    return ok;
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
    static const char *const suffixes[] = {"", ".bak", ".tmp"};
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

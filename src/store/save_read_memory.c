/* The save's memory of the floors (what the player remembers beyond the cells) and the count of
 * each floor. Both were added with format 3: a save made before them loads with nothing
 * remembered and every floor's count at zero. */
#include <inttypes.h>

#include "store/save.h"
#include "store/save_reader.h"

typedef struct ReadMark {
    SaveReader *r;
    const Game *game;
    bool mouse;
} ReadMark;

/* A mark's name: a known kind of the right family. */
static void read_mark_name(void *ctx, int part, const cJSON *o, const char *at, void *s)
{
    ReadMark *c = ctx;
    FloorMark *out = s;
    (void)part;
    JRead *j = &c->r->json;
    const char *name = jread_string(j, o, at, "name", 64);
    out->kind_id = name ? factory_kind(&c->game->factory, name) : KIND_NONE;
    const KindDef *kind = kind_get(c->game->factory.kinds, out->kind_id);
    if (!j->failed &&
        (!kind || kind->family != (c->mouse ? KIND_MONSTER : KIND_ITEM) || out->kind_id < 0))
        jread_fail(j, "%s.name: '%s' is not %s this game knows", at, name,
                   c->mouse ? "a mouse" : "an item");
}

/* One mark: its table's fields, on a seen floor cell of the map. */
static void read_mark(SaveReader *r, const Game *game, const Floor *f, const cJSON *o,
                      const char *at, bool mouse, FloorMark *out)
{
    if (!cJSON_IsObject(o)) {
        jread_fail(&r->json, "%s: should be an object, not %s", at, jread_type_name(o));
        return;
    }
    *out = (FloorMark){0};
    ReadMark c = {r, game, mouse};
    save_read_fields(r, o, at, mouse ? &SAVE_MOUSE_MARK : &SAVE_ITEM_MARK, out, read_mark_name, &c);
    int i = out->y * f->map.width + out->x;
    if (!r->json.failed && (f->map.tiles[i] != TILE_FLOOR || !f->seen[i]))
        jread_fail(&r->json, "%s: (%d, %d) is not a floor cell the player has seen", at, out->x,
                   out->y);
}

/* One list of marks, each id once. */
static int read_marks(SaveReader *r, const Game *game, const Floor *f, const cJSON *mem,
                      const char *at, bool mouse, FloorMark *out, int max)
{
    const char *key = mouse ? "mice" : "items";
    const cJSON *list = jread_array(&r->json, mem, at, key);
    int n = 0;
    for (const cJSON *o = list ? list->child : NULL; o && !r->json.failed; o = o->next, n++) {
        JPath p = jpath_indexed(at, key, n);
        if (n >= max) {
            jread_fail(&r->json, "%s.%s: more than %d", at, key, max);
            return 0;
        }
        read_mark(r, game, f, o, p.s, mouse, &out[n]);
        for (int k = 0; k < n && !r->json.failed; k++)
            if (out[k].id == out[n].id)
                jread_fail(&r->json, "%s.id: %" PRIu32 " is remembered twice", p.s, out[n].id);
    }
    return r->json.failed ? 0 : n;
}

void save_read_memory(SaveReader *r, const Game *game, const cJSON *o, const char *at, Floor *f)
{
    static const char *const keys[] = {"items", "mice", NULL};
    if (r->json.failed || !jread_find(&r->json, o, "memory"))
        return; /* none in saves before format 3: nothing remembered */
    JPath p = jpath_join(at, "memory");
    const cJSON *mem = jread_object(&r->json, o, at, "memory");
    jread_only_keys(&r->json, mem, p.s, keys);
    f->item_marks = read_marks(r, game, f, mem, p.s, false, f->items, FLOOR_MEMORY_ITEMS);
    f->mouse_marks = read_marks(r, game, f, mem, p.s, true, f->mice, FLOOR_MEMORY_MICE);
}

/* One floor's counts: none below zero, and none on a floor never visited. */
static bool read_floor_count(SaveReader *r, Game *game, const cJSON *o, int f)
{
    JPath p = jpath_indexed("", "floor_stats", f);
    int v[3];
    if (f >= FLOOR_COUNT)
        return jread_fail(&r->json, "floor_stats: more than %d floors", FLOOR_COUNT);
    if (!jread_ints(&r->json, o, p.s, v, 3))
        return false;
    if (v[0] < 0 || v[1] < 0 || v[2] < 0 || (!game->floors[f] && (v[0] || v[1] || v[2])))
        return jread_fail(&r->json, "%s: [%d, %d, %d] on a floor %s", p.s, v[0], v[1], v[2],
                          game->floors[f] ? "(a count below zero)" : "never visited");
    game->floor_stats[f] = (FloorStats){(uint32_t)v[0], v[1], v[2]};
    return true;
}

void save_read_floor_stats(SaveReader *r, Game *game, const cJSON *root)
{
    if (r->json.failed || !jread_find(&r->json, root, "floor_stats"))
        return; /* none in saves before format 3: zeros */
    const cJSON *list = jread_array(&r->json, root, "", "floor_stats");
    long long turns = 0, kills = 0, items = 0;
    int f = 0;
    for (const cJSON *o = list ? list->child : NULL; o && !r->json.failed; o = o->next, f++) {
        if (!read_floor_count(r, game, o, f))
            return;
        turns += game->floor_stats[f].turns;
        kills += game->floor_stats[f].kills;
        items += game->floor_stats[f].items_found;
    }
    if (!r->json.failed && f != FLOOR_COUNT)
        jread_fail(&r->json, "floor_stats: %d floors instead of %d", f, FLOOR_COUNT);
    else if (!r->json.failed && (turns > game->turn || kills > game->counters.kills ||
                                 items > game->counters.items_picked))
        jread_fail(&r->json,
                   "floor_stats: %lld turns, %lld kills, %lld items, more than the game's %" PRIu32
                   ", %d, %d",
                   turns, kills, items, game->turn, game->counters.kills,
                   game->counters.items_picked);
}

/* The save's entities: the factory makes each from its name and the file gives its fields. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "entities/entities.h"
#include "store/save.h"
#include "store/save_format.h"
#include "store/save_reader.h"

/* An entity id: 1..next_id - 1, so that the factory never gives it again. */
static uint32_t read_id(SaveReader *r, const cJSON *o, const char *at)
{
    const cJSON *m = r->json.failed || !o ? NULL : jread_find(&r->json, o, "id");
    if (m && cJSON_IsNumber(m) && jread_whole_in(m, r->next_id, UINT32_MAX)) {
        jread_fail(&r->json, "%s: %.15g is not below next_id (%" PRIu32 ")", jpath_join(at, "id").s,
                   m->valuedouble, r->next_id);
        return 0;
    }
    return (uint32_t)jread_int(&r->json, o, at, "id", 1, (long long)r->next_id - 1);
}

static void read_stats(SaveReader *r, const cJSON *o, const char *at, Stats *s, bool player)
{
    static const char *const keys[] = {"hp",      "max_hp", "attack_min", "attack_max",
                                       "defence", "hit",    "dodge",      "sight",
                                       "speed",   "xp",     "level",      NULL};
    JPath p = jpath_join(at, "stats");
    const cJSON *st = jread_object(&r->json, o, at, "stats");
    jread_only_keys(&r->json, st, p.s, keys);
    s->max_hp = jread_int(&r->json, st, p.s, "max_hp", 1, SAVE_STAT_MAX);
    s->hp = jread_int(&r->json, st, p.s, "hp", player ? 0 : 1, s->max_hp);
    s->attack_min = jread_int(&r->json, st, p.s, "attack_min", 0, SAVE_STAT_MAX);
    s->attack_max = jread_int(&r->json, st, p.s, "attack_max", s->attack_min, SAVE_STAT_MAX);
    s->defence = jread_int(&r->json, st, p.s, "defence", 0, SAVE_STAT_MAX);
    s->hit = jread_int(&r->json, st, p.s, "hit", 0, 1000);
    s->dodge = jread_int(&r->json, st, p.s, "dodge", 0, 1000);
    s->sight = jread_int(&r->json, st, p.s, "sight", 1, MAP_WIDTH + MAP_HEIGHT);
    s->speed = jread_int(&r->json, st, p.s, "speed", 1, 100);
    s->xp = jread_int(&r->json, st, p.s, "xp", 0, GAME_XP_MAX);
    s->level = jread_int(&r->json, st, p.s, "level", 1, RULES_MAX_LEVELS + 1);
}

static void read_mind(SaveReader *r, const cJSON *o, const char *at, Mind *m)
{
    static const char *const keys[] = {"state",        "target_x", "target_y",   "energy",
                                       "summon_timer", "stuck",    "ready_turn", NULL};
    JPath p = jpath_join(at, "mind");
    const cJSON *mo = jread_object(&r->json, o, at, "mind");
    jread_only_keys(&r->json, mo, p.s, keys);
    m->state = (MindState)jread_enum(&r->json, mo, p.s, "state", SAVE_MIND_NAMES, 0);
    m->target_x = jread_coord(&r->json, mo, p.s, "target_x", MAP_WIDTH);
    m->target_y = jread_coord(&r->json, mo, p.s, "target_y", MAP_HEIGHT);
    m->energy = jread_int(&r->json, mo, p.s, "energy", 0, 10000);
    m->summon_timer = jread_int(&r->json, mo, p.s, "summon_timer", -10000, 10000);
    m->stuck = jread_int(&r->json, mo, p.s, "stuck", 0, SAVE_COUNT_MAX);
    m->ready_turn = (uint32_t)jread_int(&r->json, mo, p.s, "ready_turn", 0, 2LL * GAME_TURN_MAX);
}

static void read_item(SaveReader *r, const cJSON *o, const char *at, ItemStats *it)
{
    static const char *const keys[] = {"slot",  "attack", "defence", "hit",
                                       "dodge", "heal",   "floor",   NULL};
    JPath p = jpath_join(at, "item");
    const cJSON *io = jread_object(&r->json, o, at, "item");
    jread_only_keys(&r->json, io, p.s, keys);
    it->slot = (ItemSlot)jread_enum(&r->json, io, p.s, "slot", SAVE_SLOT_NAMES, 0);
    it->attack = jread_int(&r->json, io, p.s, "attack", 0, 10000);
    it->defence = jread_int(&r->json, io, p.s, "defence", 0, 10000);
    it->hit = jread_int(&r->json, io, p.s, "hit", 0, 1000);
    it->dodge = jread_int(&r->json, io, p.s, "dodge", 0, 1000);
    it->heal = jread_int(&r->json, io, p.s, "heal", 0, SAVE_STAT_MAX);
    it->floor = jread_int(&r->json, io, p.s, "floor", 0, MAX_FLOORS);
}

Entity *save_read_entity(SaveReader *r, Game *game, const cJSON *o, const char *at, int width,
                         int height, bool in_pack)
{
    static const char *const monster_keys[] = {"name",  "id",   "x",    "y",       "facing",
                                               "stats", "mind", "seen", "in_view", NULL};
    static const char *const item_keys[] = {"name", "id",      "x",       "y",
                                            "item", "carried", "in_view", NULL};
    static const char *const door_keys[] = {"name", "id", "x", "y", "door", NULL};
    static const char *const other_keys[] = {"name", "id", "x", "y", NULL};
    if (r->json.failed)
        return NULL;
    if (!cJSON_IsObject(o)) {
        jread_fail(&r->json, "%s: should be an object, not %s", at, jread_type_name(o));
        return NULL;
    }
    const char *name = jread_string(&r->json, o, at, "name", 64);
    if (!name)
        return NULL;
    KindId kind = factory_kind(&game->factory, name);
    if (kind == KIND_NONE || kind == KIND_ID_PLAYER) {
        jread_fail(&r->json, "%s.name: '%s' is not an entity this game knows%s", at, name,
                   kind == KIND_ID_PLAYER ? " here (there is one player)" : "");
        return NULL;
    }
    uint32_t id = read_id(r, o, at);
    int x = jread_coord(&r->json, o, at, "x", width), y = jread_coord(&r->json, o, at, "y", height);
    if (r->json.failed)
        return NULL;
    Entity *e = factory_make(&game->factory, kind, 0, x, y);
    if (!e) {
        jread_fail(&r->json, "%s: %s", at, game->factory.error);
        return NULL;
    }
    if (in_pack && e->kind != KIND_ITEM) {
        jread_fail(&r->json, "%s.name: a %s cannot be carried", at, e->name);
        free(e);
        return NULL;
    }
    e->id = id;
    switch (e->kind) {
    case KIND_MONSTER: {
        jread_only_keys(&r->json, o, at, monster_keys);
        e->facing = jread_int(&r->json, o, at, "facing", -1, 1);
        if (!r->json.failed && e->facing == 0)
            jread_fail(&r->json, "%s.facing: must be -1 or 1", at);
        read_stats(r, o, at, &e->stats, false);
        read_mind(r, o, at, &e->mind);
        const cJSON *seen = jread_find(&r->json, o, "seen"); /* none in older saves: unseen */
        if (seen && !cJSON_IsTrue(seen))
            jread_fail(&r->json, "%s.seen: should be true or left out", at);
        if (seen)
            e->flags |= EF_SEEN;
        break;
    }
    case KIND_ITEM: {
        jread_only_keys(&r->json, o, at, item_keys);
        read_item(r, o, at, &e->item);
        const KindDef *k = kind_get(game->factory.kinds, e->kind_id);
        if (!r->json.failed && e->item.slot != k->item.slot)
            jread_fail(&r->json, "%s.item.slot: a %s is worn as '%s'", at, e->name,
                       SAVE_SLOT_NAMES[k->item.slot]);
        const cJSON *carried = jread_find(&r->json, o, "carried");
        if (carried && !cJSON_IsTrue(carried))
            jread_fail(&r->json, "%s.carried: should be true or left out", at);
        if (carried)
            e->flags |= EF_CARRIED_BEFORE;
        break;
    }
    case KIND_DOOR: {
        jread_only_keys(&r->json, o, at, door_keys);
        DoorState state =
            (DoorState)jread_enum(&r->json, o, at, "door", SAVE_DOOR_NAMES, DOOR_CLOSED);
        door_set_state(game->factory.kinds, e, state);
        bool same = e->kind_id == kind || (kind == KIND_ID_DOOR && state == DOOR_OPEN);
        if (!r->json.failed && !same)
            jread_fail(&r->json, "%s.door: a '%s' is not %s", at, name, SAVE_DOOR_NAMES[state]);
        break;
    }
    case KIND_STAIRS:
    case KIND_PLAYER: jread_only_keys(&r->json, o, at, other_keys); break;
    }
    /* The turn + 1 it came into view; none in saves before format 3, nor out of view. */
    if ((e->kind == KIND_MONSTER || e->kind == KIND_ITEM) && jread_find(&r->json, o, "in_view"))
        e->in_view_since =
            (uint32_t)jread_int(&r->json, o, at, "in_view", 1, (long long)game->turn + 1);
    if (r->json.failed) {
        free(e);
        return NULL;
    }
    return e;
}

void save_read_player(SaveReader *r, Game *game, const cJSON *root)
{
    static const char *const keys[] = {"id", "x", "y", "facing", "stats", NULL};
    const cJSON *po = jread_object(&r->json, root, "", "player");
    jread_only_keys(&r->json, po, "player", keys);
    Entity *p = game->player;
    p->id = read_id(r, po, "player");
    p->x = jread_coord(&r->json, po, "player", "x", MAP_WIDTH);
    p->y = jread_coord(&r->json, po, "player", "y", MAP_HEIGHT);
    p->facing = jread_int(&r->json, po, "player", "facing", -1, 1);
    if (!r->json.failed && p->facing == 0)
        jread_fail(&r->json, "player.facing: must be -1 or 1");
    read_stats(r, po, "player", &p->stats, true);
}

static int compare_ids(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

void save_check_ids(SaveReader *r, const Game *game)
{
    size_t n = 1 + (size_t)game->inventory_count;
    for (int f = 0; f < FLOOR_COUNT; f++)
        if (game->floors[f])
            n += (size_t)game->floors[f]->entities.count;
    uint32_t *ids = malloc(n * sizeof *ids);
    if (!ids) {
        jread_fail(&r->json, "out of memory");
        return;
    }
    size_t k = 0;
    ids[k++] = game->player->id;
    for (int i = 0; i < RULES_INVENTORY_CAP && k < n; i++)
        if (game->inventory[i])
            ids[k++] = game->inventory[i]->id;
    for (int f = 0; f < FLOOR_COUNT; f++)
        for (const Entity *e = game->floors[f] ? game->floors[f]->entities.head : NULL; e;
             e = e->next)
            if (e != game->player && k < n)
                ids[k++] = e->id;
    qsort(ids, k, sizeof *ids, compare_ids);
    for (size_t i = 0; i < k && !r->json.failed; i++) {
        if (i > 0 && ids[i] == ids[i - 1])
            jread_fail(&r->json, "id %" PRIu32 " is given to two entities", ids[i]);
    }
    free(ids);
}

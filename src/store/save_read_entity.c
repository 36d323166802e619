/* The save's entities: the factory makes each from its name, and the file gives the fields of
 * its kind's table (save_format.h). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "entities/entities.h"
#include "store/save.h"
#include "store/save_format.h"
#include "store/save_reader.h"

/* What an entity's parts read with. */
typedef struct ReadEntity {
    SaveReader *r;
    Game *game;
    KindId named; /* the kind its name gives */
} ReadEntity;

/* The kind the entity's name gives: one the factory knows, not the player; KIND_NONE (with
 * the error set) otherwise. */
static KindId read_name(SaveReader *r, Game *game, const cJSON *o, const char *at)
{
    const char *name = jread_string(&r->json, o, at, "name", 64);
    if (!name)
        return KIND_NONE;
    KindId kind = factory_kind(&game->factory, name);
    if (kind == KIND_NONE || kind == KIND_ID_PLAYER) {
        jread_fail(&r->json, "%s.name: '%s' is not an entity this game knows%s", at, name,
                   kind == KIND_ID_PLAYER ? " here (there is one player)" : "");
        return KIND_NONE;
    }
    return kind;
}

/* A door's state goes with its name: a "Door (Locked)" is locked (a "Door" may be open). */
static void read_door(ReadEntity *c, const cJSON *o, const char *at, Entity *e)
{
    JRead *j = &c->r->json;
    DoorState state = (DoorState)jread_enum(j, o, at, "door", SAVE_DOOR_NAMES, DOOR_CLOSED);
    door_set_state(c->game->factory.kinds, e, state);
    bool same = e->kind_id == c->named || (c->named == KIND_ID_DOOR && state == DOOR_OPEN);
    if (!j->failed && !same)
        jread_fail(j, "%s.door: a '%s' is not %s", at,
                   kind_get(c->game->factory.kinds, c->named)->name, SAVE_DOOR_NAMES[state]);
}

static void read_entity_part(void *ctx, int part, const cJSON *o, const char *at, void *s)
{
    if (part == PART_DOOR) /* the name was read first, to make the entity */
        read_door(ctx, o, at, s);
}

/* An item is worn where its kind says. */
static void check_slot(SaveReader *r, const Game *game, const char *at, const Entity *e)
{
    const KindDef *k = kind_get(game->factory.kinds, e->kind_id);
    if (!r->json.failed && e->item.slot != k->item.slot)
        jread_fail(&r->json, "%s.item.slot: a %s is worn as '%s'", at, e->name,
                   SAVE_SLOT_NAMES[k->item.slot]);
}

Entity *save_read_entity(SaveReader *r, Game *game, const cJSON *o, const char *at, bool in_pack)
{
    if (r->json.failed)
        return NULL;
    if (!cJSON_IsObject(o)) {
        jread_fail(&r->json, "%s: should be an object, not %s", at, jread_type_name(o));
        return NULL;
    }
    KindId kind = read_name(r, game, o, at);
    if (kind == KIND_NONE)
        return NULL;
    Entity *e = factory_make(&game->factory, kind, 0, 0, 0);
    if (!e) {
        jread_fail(&r->json, "%s: %s", at, game->factory.error);
        return NULL;
    }
    if (in_pack && e->kind != KIND_ITEM) {
        jread_fail(&r->json, "%s.name: a %s cannot be carried", at, e->name);
        free(e);
        return NULL;
    }
    ReadEntity c = {r, game, kind};
    r->vars[SV_HP_LO] = 1; /* a dead mouse is not saved */
    save_read_fields(r, o, at, save_entity_table(e->kind), e, read_entity_part, &c);
    if (e->kind == KIND_ITEM)
        check_slot(r, game, at, e);
    if (r->json.failed) {
        free(e);
        return NULL;
    }
    return e;
}

void save_read_player(SaveReader *r, Game *game, const cJSON *root)
{
    const cJSON *po = jread_object(&r->json, root, "", "player");
    r->vars[SV_HP_LO] = 0;
    save_read_fields(r, po, "player", &SAVE_PLAYER, game->player, NULL, NULL);
}

static int compare_ids(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Every entity's id into ids (n at most): the player's, the pack's, the floors'. */
static size_t collect_ids(const Game *game, uint32_t *ids, size_t n)
{
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
    return k;
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
    size_t k = collect_ids(game, ids, n);
    qsort(ids, k, sizeof *ids, compare_ids);
    for (size_t i = 1; i < k && !r->json.failed; i++)
        if (ids[i] == ids[i - 1])
            jread_fail(&r->json, "id %" PRIu32 " is given to two entities", ids[i]);
    free(ids);
}

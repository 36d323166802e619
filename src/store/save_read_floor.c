/* The save's floors: the cells, what was seen, the rooms, and the entities placed on them. */
#include <stdlib.h>
#include <string.h>

#include "entities/entities.h"
#include "store/save.h"
#include "store/save_format.h"
#include "store/save_reader.h"

/* tile * 8 + zone for each cell character, -1 for any other byte. */
static void cell_codes(int8_t codes[256])
{
    memset(codes, -1, 256);
    for (int tile = 0; tile < 2; tile++)
        for (int zone = 0; zone < 5; zone++)
            codes[(unsigned char)SAVE_CELL_CHARS[tile][zone]] = (int8_t)(tile * 8 + zone);
}

/* One row's characters into the floor's cells (seen: '0' or '1' into what was seen). */
static void read_row(SaveReader *r, const char *s, const char *at, int y, const int8_t codes[256],
                     bool seen, Floor *f)
{
    Map *m = &f->map;
    for (int x = 0; x < m->width; x++) {
        int i = y * m->width + x;
        int code = seen ? (s[x] == '0' ? 0 : s[x] == '1' ? 1 : -1) : codes[(unsigned char)s[x]];
        if (code < 0) {
            jread_fail(&r->json, "%s: '%c' at %d is not %s", at, s[x], x,
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

/* "rows" or "seen": height strings of width characters. */
static void read_rows(SaveReader *r, const cJSON *o, const char *at, const char *key, Floor *f)
{
    const cJSON *rows = jread_array(&r->json, o, at, key);
    const Map *m = &f->map;
    int y = 0;
    int8_t codes[256];
    cell_codes(codes);
    for (const cJSON *row = rows ? rows->child : NULL; row && !r->json.failed;
         row = row->next, y++) {
        if (y >= m->height) {
            jread_fail(&r->json, "%s: more than %d rows", jpath_join(at, key).s, m->height);
            return;
        }
        JPath p = jpath_indexed(at, key, y);
        if (!cJSON_IsString(row) || strlen(row->valuestring) != (size_t)m->width) {
            jread_fail(&r->json, "%s: should be a string of %d characters", p.s, m->width);
            return;
        }
        read_row(r, row->valuestring, p.s, y, codes, strcmp(key, "seen") == 0, f);
    }
    if (!r->json.failed && y != m->height)
        jread_fail(&r->json, "%s: %d rows instead of %d", jpath_join(at, key).s, y, m->height);
}

/* Where solid entities stand on the floor being read: the index + 1 of the entity there. */
typedef struct Occupancy {
    int16_t at[MAP_WIDTH * MAP_HEIGHT];
} Occupancy;

static bool place(SaveReader *r, const Floor *f, Occupancy *occ, const Entity *e, const char *at,
                  int index)
{
    int i = e->y * f->map.width + e->x;
    if (f->map.tiles[i] != TILE_FLOOR)
        return jread_fail(&r->json, "%s: (%d, %d) is inside a wall", at, e->x, e->y);
    if (!(e->flags & EF_SOLID))
        return true;
    if (occ->at[i])
        return jread_fail(
            &r->json, "%s: (%d, %d) already holds a solid entity (%s)", at, e->x, e->y,
            occ->at[i] == 1 ? "the player" : jpath_indexed("", "entities", occ->at[i] - 2).s);
    occ->at[i] = (int16_t)index;
    return true;
}

/* What a floor's parts read with. */
typedef struct ReadFloor {
    SaveReader *r;
    Game *game;
    SaveFloorHead head;
    Floor *f; /* made when its cells begin */
    Occupancy *occ;
    bool *player_placed;
    int count;     /* its entities */
    int player_at; /* -1 off the current floor */
} ReadFloor;

/* The floor of the head read, into game->floors (from here on game_free frees it). */
static void make_floor(ReadFloor *c, const char *at)
{
    const SaveFloorHead *h = &c->head;
    if (c->game->floors[h->number]) {
        jread_fail(&c->r->json, "%s.number: floor %d is given twice", at, h->number);
        return;
    }
    Floor *f = malloc(sizeof *f);
    if (!f || !floor_init(f, h->number, c->game->seeds.floors[h->number], h->width, h->height)) {
        free(f);
        jread_fail(&c->r->json, "%s: out of memory", at);
        return;
    }
    c->game->floors[h->number] = c->f = f;
}

static void read_rooms(ReadFloor *c, const cJSON *o, const char *at)
{
    JRead *j = &c->r->json;
    const cJSON *rooms = jread_array(j, o, at, "rooms");
    int n = 0;
    for (const cJSON *r = rooms ? rooms->child : NULL; r && !j->failed; r = r->next, n++) {
        JPath p = jpath_indexed(at, "rooms", n);
        if (n >= FLOOR_MAX_ROOMS) {
            jread_fail(j, "%s.rooms: more than %d rooms", at, FLOOR_MAX_ROOMS);
            return;
        }
        int v[4];
        if (!jread_ints(j, r, p.s, v, 4))
            return;
        if (v[0] < 0 || v[1] < 0 || v[2] < 1 || v[3] < 1 || v[0] + v[2] > c->head.width ||
            v[1] + v[3] > c->head.height) {
            jread_fail(j, "%s: [%d, %d, %d, %d] is not a room inside the map", p.s, v[0], v[1],
                       v[2], v[3]);
            return;
        }
        c->f->rooms[n] = (Room){v[0], v[1], v[2], v[3]};
        c->f->room_count = n + 1;
    }
}

static void read_arrival(ReadFloor *c, const cJSON *o, const char *at)
{
    JRead *j = &c->r->json;
    int arrival[2];
    const cJSON *a = jread_array(j, o, at, "arrival");
    if (!a || !jread_ints(j, a, jpath_join(at, "arrival").s, arrival, 2))
        return;
    if (!map_in_bounds(&c->f->map, arrival[0], arrival[1])) {
        jread_fail(j, "%s.arrival: (%d, %d) is outside the map", at, arrival[0], arrival[1]);
        return;
    }
    c->f->arrival_x = arrival[0];
    c->f->arrival_y = arrival[1];
}

/* Where the player stands in the list: on the current floor only, before entities[K]. */
static void read_player_at(ReadFloor *c, const cJSON *o, const char *at)
{
    JRead *j = &c->r->json;
    const cJSON *list = jread_array(j, o, at, "entities");
    c->count = list ? cJSON_GetArraySize(list) : 0;
    if (c->count > SAVE_FLOOR_ENTITIES_MAX) {
        jread_fail(j, "%s.entities: %d entities, more than %d", at, c->count,
                   SAVE_FLOOR_ENTITIES_MAX);
        return;
    }
    c->player_at = -1;
    if (c->head.number == c->game->current)
        c->player_at = jread_int(j, o, at, "player_at", 0, c->count);
    else if (jread_find(j, o, "player_at"))
        jread_fail(j, "%s.player_at: the player is on floor %d", at, c->game->current);
}

/* The entities in their list order, the player placed among them. */
static void read_entities(ReadFloor *c, const cJSON *o, const char *at)
{
    const cJSON *list = jread_array(&c->r->json, o, at, "entities");
    Floor *f = c->f;
    memset(c->occ, 0, sizeof *c->occ);
    int i = 0;
    for (const cJSON *e = list ? list->child : NULL; !c->r->json.failed; e = e->next, i++) {
        if (i == c->player_at) {
            if (!place(c->r, f, c->occ, c->game->player, "player", 1))
                return;
            entity_list_add(&f->entities, c->game->player);
            *c->player_placed = true;
        }
        if (!e)
            break;
        JPath p = jpath_indexed(at, "entities", i);
        Entity *made = save_read_entity(c->r, c->game, e, p.s, false);
        if (!made)
            return;
        entity_list_add(&f->entities, made);
        place(c->r, f, c->occ, made, p.s, i + 2);
    }
}

static void read_floor_part(void *ctx, int part, const cJSON *o, const char *at, void *s)
{
    ReadFloor *c = ctx;
    (void)s;
    switch ((SavePart)part) {
    case PART_ROWS:
        make_floor(c, at); /* from the head, read before */
        if (c->f)
            read_rows(c->r, o, at, "rows", c->f);
        break;
    case PART_SEEN: read_rows(c->r, o, at, "seen", c->f); break;
    case PART_ROOMS: read_rooms(c, o, at); break;
    case PART_ARRIVAL: read_arrival(c, o, at); break;
    case PART_PLAYER_AT: read_player_at(c, o, at); break;
    case PART_ENTITIES: read_entities(c, o, at); break;
    case PART_MEMORY: save_read_memory(c->r, c->game, o, at, c->f); break;
    default: break;
    }
}

static void read_floor(SaveReader *r, Game *game, const cJSON *o, const char *at, Occupancy *occ,
                       bool *player_placed)
{
    if (!cJSON_IsObject(o)) {
        jread_fail(&r->json, "%s: should be an object, not %s", at, jread_type_name(o));
        return;
    }
    ReadFloor c = {.r = r, .game = game, .occ = occ, .player_placed = player_placed};
    save_read_fields(r, o, at, &SAVE_FLOOR, &c.head, read_floor_part, &c);
}

void save_read_floors(SaveReader *r, Game *game, const cJSON *root)
{
    const cJSON *floors = jread_array(&r->json, root, "", "floors");
    Occupancy *occ = malloc(sizeof *occ);
    if (!occ) {
        jread_fail(&r->json, "out of memory");
        return;
    }
    bool player_placed = false;
    int i = 0;
    for (const cJSON *o = floors ? floors->child : NULL; o && !r->json.failed; o = o->next, i++) {
        if (i >= FLOOR_COUNT) {
            jread_fail(&r->json, "floors: more than %d", FLOOR_COUNT);
            break;
        }
        read_floor(r, game, o, jpath_indexed("", "floors", i).s, occ, &player_placed);
    }
    free(occ);
    if (r->json.failed)
        return;
    if (!game->floors[game->current])
        jread_fail(&r->json, "current: floor %d is not among the floors", game->current);
    else if (!player_placed)
        jread_fail(&r->json, "player: not placed on floor %d", game->current);
    else if (!game->floors[game->deepest])
        jread_fail(&r->json, "deepest: floor %d is not among the floors", game->deepest);
    for (int f = game->deepest + 1; f < FLOOR_COUNT && !r->json.failed; f++)
        if (game->floors[f])
            jread_fail(&r->json, "deepest: %d, but floor %d was visited", game->deepest, f);
}

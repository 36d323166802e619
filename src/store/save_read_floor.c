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

/* "rows" or "seen": height strings of width characters. */
static void read_rows(SaveReader *r, const cJSON *o, const char *at, const char *key, Floor *f)
{
    const cJSON *rows = jread_array(&r->json, o, at, key);
    Map *m = &f->map;
    int y = 0;
    bool seen = strcmp(key, "seen") == 0;
    int8_t codes[256];
    cell_codes(codes);
    for (const cJSON *row = rows ? rows->child : NULL; row && !r->json.failed;
         row = row->next, y++) {
        if (y >= m->height) {
            jread_fail(&r->json, "%s: more than %d rows", jpath_join(at, key).s, m->height);
            return;
        }
        if (!cJSON_IsString(row) || strlen(row->valuestring) != (size_t)m->width) {
            jread_fail(&r->json, "%s: should be a string of %d characters",
                       jpath_indexed(at, key, y).s, m->width);
            return;
        }
        const char *s = row->valuestring;
        for (int x = 0; x < m->width; x++) {
            int i = y * m->width + x;
            int code = seen ? (s[x] == '0' ? 0 : s[x] == '1' ? 1 : -1) : codes[(unsigned char)s[x]];
            if (code < 0) {
                jread_fail(&r->json, "%s: '%c' at %d is not %s", jpath_indexed(at, key, y).s, s[x],
                           x, seen ? "0 or 1" : "a cell this game knows");
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

static void read_floor(SaveReader *r, Game *game, const cJSON *o, const char *at, Occupancy *occ,
                       bool *player_placed)
{
    static const char *const keys[] = {"number",   "width",  "height",  "rows",
                                       "seen",     "rooms",  "arrival", "player_at",
                                       "entities", "memory", NULL};
    if (!cJSON_IsObject(o)) {
        jread_fail(&r->json, "%s: should be an object, not %s", at, jread_type_name(o));
        return;
    }
    jread_only_keys(&r->json, o, at, keys);
    int number = jread_int(&r->json, o, at, "number", 0, MAX_FLOORS);
    int width = jread_int(&r->json, o, at, "width", MAP_WIDTH, MAP_WIDTH);
    int height = jread_int(&r->json, o, at, "height", MAP_HEIGHT, MAP_HEIGHT);
    if (r->json.failed)
        return;
    if (game->floors[number]) {
        jread_fail(&r->json, "%s.number: floor %d is given twice", at, number);
        return;
    }
    Floor *f = malloc(sizeof *f);
    if (!f || !floor_init(f, number, game->seeds.floors[number], width, height)) {
        free(f);
        jread_fail(&r->json, "%s: out of memory", at);
        return;
    }
    game->floors[number] = f; /* from here on game_free frees it */
    read_rows(r, o, at, "rows", f);
    read_rows(r, o, at, "seen", f);

    const cJSON *rooms = jread_array(&r->json, o, at, "rooms");
    int n = 0;
    for (const cJSON *c = rooms ? rooms->child : NULL; c && !r->json.failed; c = c->next, n++) {
        JPath p = jpath_indexed(at, "rooms", n);
        if (n >= FLOOR_MAX_ROOMS) {
            jread_fail(&r->json, "%s.rooms: more than %d rooms", at, FLOOR_MAX_ROOMS);
            return;
        }
        int v[4];
        if (!jread_ints(&r->json, c, p.s, v, 4))
            return;
        if (v[0] < 0 || v[1] < 0 || v[2] < 1 || v[3] < 1 || v[0] + v[2] > width ||
            v[1] + v[3] > height) {
            jread_fail(&r->json, "%s: [%d, %d, %d, %d] is not a room inside the map", p.s, v[0],
                       v[1], v[2], v[3]);
            return;
        }
        f->rooms[n] = (Room){v[0], v[1], v[2], v[3]};
        f->room_count = n + 1;
    }
    int arrival[2];
    const cJSON *a = jread_array(&r->json, o, at, "arrival");
    if (a && jread_ints(&r->json, a, jpath_join(at, "arrival").s, arrival, 2)) {
        if (!map_in_bounds(&f->map, arrival[0], arrival[1])) {
            jread_fail(&r->json, "%s.arrival: (%d, %d) is outside the map", at, arrival[0],
                       arrival[1]);
            return;
        }
        f->arrival_x = arrival[0];
        f->arrival_y = arrival[1];
    }

    const cJSON *list = jread_array(&r->json, o, at, "entities");
    int count = list ? cJSON_GetArraySize(list) : 0;
    if (count > SAVE_FLOOR_ENTITIES_MAX) {
        jread_fail(&r->json, "%s.entities: %d entities, more than %d", at, count,
                   SAVE_FLOOR_ENTITIES_MAX);
        return;
    }
    bool here = number == game->current;
    int player_at = -1;
    if (here)
        player_at = jread_int(&r->json, o, at, "player_at", 0, count);
    else if (jread_find(&r->json, o, "player_at"))
        jread_fail(&r->json, "%s.player_at: the player is on floor %d", at, game->current);
    if (r->json.failed)
        return;
    memset(occ, 0, sizeof *occ);
    Entity *player = game->player;
    int i = 0;
    for (const cJSON *c = list ? list->child : NULL; !r->json.failed; c = c->next, i++) {
        if (i == player_at) {
            JPath p = jpath_join("", "player");
            if (!place(r, f, occ, player, p.s, 1))
                return;
            entity_list_add(&f->entities, player);
            *player_placed = true;
        }
        if (!c)
            break;
        JPath p = jpath_indexed(at, "entities", i);
        Entity *e = save_read_entity(r, game, c, p.s, width, height, false);
        if (!e)
            return;
        entity_list_add(&f->entities, e);
        place(r, f, occ, e, p.s, i + 2);
    }
    save_read_memory(r, game, o, at, f);
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
